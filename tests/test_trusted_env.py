"""The environment of our own templates (narrator/render/trusted.py) keeps Jinja's semantics
on the two paths it shortens: a plain dict's items and attributes, and calls of built-in
methods, unmarked methods and methods marked ``pass_context``/``pass_environment``."""

from __future__ import annotations

import pytest
from jinja2 import Environment, StrictUndefined, UndefinedError, pass_context, pass_environment

from narrator.render.trusted import TrustedEnvironment


class Helper:
    def plain(self, x: int) -> int:
        return x * 2

    @property
    def broken(self) -> int:  # a property that fails: Jinja then tries the item
        raise AttributeError("broken")

    def __getitem__(self, key: str) -> str:
        return f"item {key}"

    @pass_context
    def ctx(self, context, key: str) -> str:
        return f"{key}={context[key]}"

    @pass_environment
    def env(self, environment, x: int) -> str:
        return f"{type(environment).__name__}:{x}"


TEMPLATES = {
    "item": "{{ d.kind }}",
    "dict method": "{{ d.items()|list|length }}",
    "dict get": "{{ d.get('kind') }}-{{ d.get('nothing', 'none') }}",
    "key named like a method": "{{ d['items'] }}",
    "attribute": "{{ o.real }}",
    "list append": "{% set xs = [] %}{% set _ = xs.append(d.kind) %}{{ xs }}",
    "plain method": "{{ h.plain(21) }}",
    "pass_context method": "{% set key = 'v' %}{{ h.ctx('v') }}",
    "pass_environment method": "{{ h.env(3) }}",
    "loop calls": "{% for i in range(3) %}{{ h.plain(i) }}{{ h.ctx('v') }}{% endfor %}",
    # attribute lookups compiled inline: nested, a dict in a list, an item reached through a
    # failing property, a dict's method, an attribute of a dict's value, a number's attribute
    "nested": "{{ d2.inner.kind }}-{{ ws[0].k }}-{{ h.broken }}-{{ h.nothing }}-"
              "{{ d2.inner.items()|list|length }}-{{ o.imag }}-{{ d2.obj.real }}",
    # the filters with an async variant, called as their sync functions
    "sync filters": "{{ ws|selectattr('n', 'gt', 1)|map(attribute='n')|list|join('+') }};"
                    "{{ ws|rejectattr('n')|list|length }};{{ ws|map(attribute='k')|unique|list }};"
                    "{{ ws|select|list|length }};{{ ws|reject|list|length }};{{ ws|first }};"
                    "{{ ws|sum(attribute='n') }};{% for k, g in ws|groupby('k') %}{{ k }}"
                    "{{ g|length }}{% endfor %};{{ ws|slice(2)|list|length }}",
}
VARS = {"d": {"kind": "shot_fired", "items": "spurs"}, "o": 3 + 4j, "h": Helper(), "v": 7,
        "d2": {"inner": {"kind": "moved"}, "obj": 2 + 1j},
        "ws": [{"n": 2, "k": "b"}, {"n": 0, "k": "a"}, {"n": 3, "k": "b"}]}


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_same_output_as_jinja(name: str) -> None:
    ours = TrustedEnvironment(undefined=StrictUndefined).from_string(TEMPLATES[name])
    theirs = Environment(undefined=StrictUndefined).from_string(TEMPLATES[name])
    out = ours.render(**VARS)
    assert out == theirs.render(**VARS).replace("Environment:", "TrustedEnvironment:")
    twice = ours.render(**VARS)  # the second call takes the remembered path
    assert twice == out


def test_values() -> None:
    env = TrustedEnvironment(undefined=StrictUndefined)
    assert env.from_string(TEMPLATES["item"]).render(**VARS) == "shot_fired"
    assert env.from_string(TEMPLATES["key named like a method"]).render(**VARS) == "spurs"
    assert env.from_string(TEMPLATES["pass_context method"]).render(**VARS) == "v=7"
    assert env.from_string(TEMPLATES["pass_environment method"]).render(**VARS) == \
        "TrustedEnvironment:3"
    assert env.from_string(TEMPLATES["loop calls"]).render(**VARS) == "0v=72v=74v=7"


def test_inline_lookups_values() -> None:
    env = TrustedEnvironment(undefined=StrictUndefined)
    assert env.from_string(TEMPLATES["nested"]).render(**VARS) == \
        "moved-b-item broken-item nothing-1-4.0-2.0"
    with pytest.raises(UndefinedError, match="has no attribute 'nothing'"):
        env.from_string("{{ d2.inner.nothing }}").render(**VARS)
    with pytest.raises(UndefinedError):
        env.from_string("{{ o.nothing }}").render(**VARS)


def test_sync_filters_values() -> None:
    out = TrustedEnvironment(undefined=StrictUndefined).from_string(
        TEMPLATES["sync filters"]).render(**VARS)
    assert out == "2+3;1;['b', 'a'];3;0;{'n': 2, 'k': 'b'};5;a1b2;2"


def test_included_template_kept_by_name_unless_reloading(tmp_path) -> None:
    from jinja2 import FileSystemLoader
    (tmp_path / "i.j2").write_text("one")
    kept = TrustedEnvironment(loader=FileSystemLoader(str(tmp_path)), auto_reload=False)
    reloading = TrustedEnvironment(loader=FileSystemLoader(str(tmp_path)))
    t = "{% include 'i.j2' %}"
    assert kept.from_string(t).render() == reloading.from_string(t).render() == "one"
    import os
    (tmp_path / "i.j2").write_text("two")
    os.utime(tmp_path / "i.j2", (1e9 + 10, 2e9))  # a later mtime than the first write
    assert kept.from_string(t).render() == "one"
    assert reloading.from_string(t).render() == "two"


def test_missing_item_is_undefined() -> None:
    env = TrustedEnvironment(undefined=StrictUndefined)
    with pytest.raises(UndefinedError, match="has no attribute 'wounds'"):
        env.from_string("{{ d.wounds }}").render(**VARS)
    assert TrustedEnvironment().from_string("[{{ d.wounds }}]").render(**VARS) == "[]"


def test_imports_and_includes_see_globals_and_context() -> None:
    from jinja2 import DictLoader
    files = {"m.j2": "{% macro f() %}{{ g }}-{{ x }}{% endmacro %}",
             "t.j2": "{% import 'm.j2' as m with context %}{{ m.f() }}"
                     "{% for i in [1, 2] %}{% include 'i.j2' %}{% endfor %}",
             "i.j2": "[{{ g }}{{ x }}{{ i }}]"}
    outs = []
    for kind in (TrustedEnvironment, Environment):
        env = kind(loader=DictLoader(files), undefined=StrictUndefined)
        env.globals["g"] = "G"
        outs.append([env.get_template("t.j2").render(x=n) for n in (1, 2)])
    assert outs[0] == outs[1] == ["G-1[G11][G12]", "G-2[G21][G22]"]
