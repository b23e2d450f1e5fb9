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
    # functions (plain, marked), macros (with a caller), called in and out of loops
    "functions": "{% for i in range(2) %}{{ f(i) }}{{ fc('v') }}{{ fe(i) }}{% endfor %}"
                 "{{ f(5, k=2) }}",
    "macros": "{% macro m(x, y=1) %}{{ x }}{{ y }}{{ caller() if caller is defined }}{% endmacro %}"
              "{{ m(1) }}{% for i in range(2) %}{{ m(i, y=i) }}{% endfor %}"
              "{% call m(7) %}c{% endcall %}",
    # select/reject(attr) and map(attribute) by their own steps: tests with arguments, none,
    # marked; dotted and numeric attributes; map with a default or a filter; empty input
    "select and map": "{{ ws|selectattr('k', 'equalto', 'b')|map(attribute='n')|list }};"
                      "{{ ws|rejectattr('k', 'in', ['a'])|list|length }};"
                      "{{ ws|selectattr('n')|map(attribute='k')|join }};"
                      "{{ ws|rejectattr('n')|map(attribute='k')|join }};"
                      "{{ [1, 2, 3, 4]|select('divisibleby', 2)|list }};"
                      "{{ [1, 2, 3, 4]|reject('gt', 2)|list }};{{ [0, 1, '']|select|list }};"
                      "{{ [0, 1, '']|reject|list }};{{ nest|map(attribute='a.b')|list }};"
                      "{{ pairs|map(attribute='1')|list }};{{ pairs|selectattr('0', 'odd')|list }};"
                      "{{ ws|map(attribute='z', default='-')|join }};{{ ws|map('length')|list }};"
                      "{{ []|selectattr('k')|list }};{{ none|map(attribute='k')|list }};"
                      "{{ ws|selectattr('k', 'sameas', none)|list }};"
                      "{{ ws|map(attribute='n')|select('ge', 2)|list }};"
                      "{{ nest|selectattr('a.b', 'gt', 1)|list|length }}",
    # ~ written out: constants, numbers, none, a dict's item, a list, markup, nested
    "concat": "{{ 'a' ~ 1 ~ none ~ d.kind ~ [1] ~ ('x' ~ (2.5 ~ '')) ~ ('<b>'|safe) }}",
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
@pass_context
def _fc(context, key: str) -> str:
    return f"{key}:{context[key]}"


@pass_environment
def _fe(environment, x: int) -> str:
    return f"{type(environment).__name__}:{x}"


VARS = {"d": {"kind": "shot_fired", "items": "spurs"}, "o": 3 + 4j, "h": Helper(), "v": 7,
        "f": lambda x, k=1: x * 10 + k, "fc": _fc, "fe": _fe,
        "d2": {"inner": {"kind": "moved"}, "obj": 2 + 1j},
        "ws": [{"n": 2, "k": "b"}, {"n": 0, "k": "a"}, {"n": 3, "k": "b"}],
        "nest": [{"a": {"b": 1}}, {"a": {"b": 2}}], "pairs": [(1, "x"), (2, "y"), (3, "z")]}


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_same_output_as_jinja(name: str) -> None:
    # (optimized=False, as ours are: Jinja's optimizer would take its own code paths)
    ours = TrustedEnvironment(undefined=StrictUndefined, optimized=False).from_string(
        TEMPLATES[name])
    theirs = Environment(undefined=StrictUndefined).from_string(TEMPLATES[name])
    out = ours.render(**VARS)
    assert out == theirs.render(**VARS).replace("Environment:", "TrustedEnvironment:")
    twice = ours.render(**VARS)  # the second call takes the remembered path
    assert twice == out


def test_values() -> None:
    env = TrustedEnvironment(undefined=StrictUndefined, optimized=False)
    assert env.from_string(TEMPLATES["item"]).render(**VARS) == "shot_fired"
    assert env.from_string(TEMPLATES["key named like a method"]).render(**VARS) == "spurs"
    assert env.from_string(TEMPLATES["pass_context method"]).render(**VARS) == "v=7"
    assert env.from_string(TEMPLATES["pass_environment method"]).render(**VARS) == \
        "TrustedEnvironment:3"
    assert env.from_string(TEMPLATES["loop calls"]).render(**VARS) == "0v=72v=74v=7"
    assert env.from_string(TEMPLATES["functions"]).render(**VARS) == \
        "1v:7TrustedEnvironment:011v:7TrustedEnvironment:152"
    assert env.from_string(TEMPLATES["macros"]).render(**VARS) == "110011" + "71c"
    assert env.from_string(TEMPLATES["select and map"]).render(**VARS) == \
        "[2, 3];2;bb;a;[2, 4];[1, 2];[1];[0, '']" + \
        ";[1, 2];['x', 'y', 'z'];[(1, 'x'), (3, 'z')];---;[2, 2, 2];[];[];[];[2, 3];1"
    with pytest.raises(Exception, match="Missing parameter for attribute name"):
        env.from_string("{{ ws|selectattr|list }}").render(**VARS)
    with pytest.raises(Exception, match="No test named 'nope'"):
        env.from_string("{{ ws|selectattr('k', 'nope')|list }}").render(**VARS)
    assert env.from_string(TEMPLATES["concat"]).render(**VARS) == \
        "a1Noneshot_fired[1]x2.5<b>"
    with pytest.raises(UndefinedError):
        env.from_string("{{ 'a' ~ nothing }}").render(**VARS)


def test_inline_lookups_values() -> None:
    env = TrustedEnvironment(undefined=StrictUndefined, optimized=False)
    assert env.from_string(TEMPLATES["nested"]).render(**VARS) == \
        "moved-b-item broken-item nothing-1-4.0-2.0"
    with pytest.raises(UndefinedError, match="has no attribute 'nothing'"):
        env.from_string("{{ d2.inner.nothing }}").render(**VARS)
    with pytest.raises(UndefinedError):
        env.from_string("{{ o.nothing }}").render(**VARS)


def test_sync_filters_values() -> None:
    out = TrustedEnvironment(undefined=StrictUndefined, optimized=False).from_string(
        TEMPLATES["sync filters"]).render(**VARS)
    assert out == "2+3;1;['b', 'a'];3;0;{'n': 2, 'k': 'b'};5;a1b2;2"


def test_included_template_kept_by_name_unless_reloading(tmp_path) -> None:
    from jinja2 import FileSystemLoader
    (tmp_path / "i.j2").write_text("one")
    kept = TrustedEnvironment(loader=FileSystemLoader(str(tmp_path)), auto_reload=False,
                              optimized=False)
    reloading = TrustedEnvironment(loader=FileSystemLoader(str(tmp_path)))
    t = "{% include 'i.j2' %}"
    assert kept.from_string(t).render() == reloading.from_string(t).render() == "one"
    import os
    (tmp_path / "i.j2").write_text("two")
    os.utime(tmp_path / "i.j2", (1e9 + 10, 2e9))  # a later mtime than the first write
    assert kept.from_string(t).render() == "one"
    assert reloading.from_string(t).render() == "two"


def test_missing_item_is_undefined() -> None:
    env = TrustedEnvironment(undefined=StrictUndefined, optimized=False)
    with pytest.raises(UndefinedError, match="has no attribute 'wounds'"):
        env.from_string("{{ d.wounds }}").render(**VARS)
    assert TrustedEnvironment(optimized=False).from_string("[{{ d.wounds }}]").render(
        **VARS) == "[]"


def test_imports_and_includes_see_globals_and_context() -> None:
    from jinja2 import DictLoader
    files = {"m.j2": "{% macro f() %}{{ g }}-{{ x }}{% endmacro %}",
             "t.j2": "{% import 'm.j2' as m with context %}{{ m.f() }}"
                     "{% for i in [1, 2] %}{% include 'i.j2' %}{% endfor %}",
             "i.j2": "[{{ g }}{{ x }}{{ i }}]"}
    outs = []
    for kind in (TrustedEnvironment, Environment):
        env = kind(loader=DictLoader(files), undefined=StrictUndefined, optimized=False)
        env.globals["g"] = "G"
        outs.append([env.get_template("t.j2").render(x=n) for n in (1, 2)])
    assert outs[0] == outs[1] == ["G-1[G11][G12]", "G-2[G21][G22]"]


INCLUDES = {
    # the includer's names, set at its top level before and after the include, in a loop,
    # shadowed in a loop, in a macro, in a with block; the included template's own top-level
    # sets (visible to what it includes, never to its includer) and an include of an include
    "t.j2": "{% set top = 'T' %}{% include 'i.j2' %}|"
            "{% for x in xs %}{% set top = 'L' ~ x %}{% include 'i.j2' %}{% endfor %}|{{ own }}|"
            "{% macro m(arg) %}{% set top = 'M' %}{% include 'i.j2' %}{% endmacro %}{{ m(5) }}|"
            "{% with x = 'W' %}{% include 'i.j2' %}{% endwith %}|{% set late = 'A' %}"
            "{% include 'i.j2' %}|{% set caught %}{% include 'i.j2' %}{% endset %}{{ caught|trim }}|"
            "{% for x in xs %}{% include 'k.j2' %}{% set v = 'S' %}{% include 'k.j2' %}{% endfor %}",
    "i.j2": "<{{ top }}{{ x|default('-') }}{{ arg|default('-') }}{{ late|default('-') }}"
            "{{ g }}{{ v }}{% set own = 'O' %}{% set x = 'X' %}{% include 'j.j2' %}>",
    "j.j2": "({{ own }}{{ x }}{{ top }})",
    "k.j2": "{{ v }}",  # a local not yet set in the loop: the outer name
}


@pytest.mark.parametrize("undefined", [StrictUndefined, None])
def test_includes_see_the_names_jinja_gives_them(undefined) -> None:
    """An include's context (``include_context``): every name reads as in Jinja's merged
    context, and the included template's own names stay its own."""
    from jinja2 import DictLoader, Undefined
    outs = []
    for kind in (TrustedEnvironment, Environment):
        env = kind(loader=DictLoader(INCLUDES), undefined=undefined or Undefined,
                   auto_reload=False, optimized=False)
        env.globals["g"] = "G"
        outs.append(env.get_template("t.j2").render(xs=[1, 2], v=7, own="P"))
    assert outs[0] == outs[1]
    assert outs[0].startswith("<T---G7(OXT)>|<L11--G7(OXL1)><L22--G7(OXL2)>|P|<M-5-G7(OXM)>|")
    assert outs[0].endswith("|7S7S")


class Event:
    """Like an event: attributes, no ``__getitem__``."""

    def __init__(self, kind: str, n: int) -> None:
        self.kind, self.n = kind, n


def test_items_of_objects_without_getitem() -> None:
    """``getitem`` on an object whose class has no ``__getitem__`` reads the attribute,
    as Jinja does after ``obj[x]`` fails; missing is undefined; a dict, a list, a class and
    a dict's method name take Jinja's path."""
    evs = [Event("shot", 1), Event("moved", 2), Event("shot", 3)]
    t = ("{{ evs|selectattr('kind', 'equalto', 'shot')|map(attribute='n')|list }};"
         "{{ evs|map(attribute='kind')|list }};{{ evs|rejectattr('n', 'gt', 1)|list|length }};"
         "{{ evs[0]['kind'] }};{{ evs|map(attribute='nothing')|select('defined')|list }};"
         "{{ evs|sort(attribute='kind')|map(attribute='n')|list }};{{ d['kind'] }};"
         "{{ d['items'] is defined }};{{ xs[1] }};{{ (cls['x'] is defined) }};"
         "{{ evs|selectattr('n', 'gt', 1)|list|length }};{{ evs|rejectattr('kind', 'in', "
         "['moved'])|list|length }}")
    vars = dict(evs=evs, d={"kind": "k"}, xs=[4, 5], cls=Event)
    ours = TrustedEnvironment(optimized=False).from_string(t).render(**vars)
    assert ours == Environment().from_string(t).render(**vars)
    assert ours == "[1, 3];['shot', 'moved', 'shot'];1;shot;[];[2, 1, 3];k;True;5;False;2;2"
    with pytest.raises(UndefinedError, match="has no attribute 'nothing'"):
        TrustedEnvironment(undefined=StrictUndefined, optimized=False).from_string(
            "{{ evs[0]['nothing'] }}").render(evs=evs)


def test_tests_with_and_without_marks() -> None:
    """A test with no ``pass_*`` mark is called at once, a marked one as Jinja calls it."""
    def odd(x: int) -> bool:
        return x % 2 == 1

    @pass_environment
    def big(environment, x: int, limit: int = 2) -> bool:
        return isinstance(environment, Environment) and x > limit

    t = "{{ xs|select('odd')|list }};{{ xs|select('big')|list }};{{ xs|reject('big', 0)|list }}"
    outs = []
    for kind in (TrustedEnvironment, Environment):
        env = kind(optimized=False)
        env.tests.update(odd=odd, big=big)
        outs.append([env.from_string(t).render(xs=[1, 2, 3, 4]) for _ in range(2)])
    assert outs[0] == outs[1] == [["[1, 3];[3, 4];[]"] * 2][0]


def test_template_source_read_once_unless_reloading(tmp_path) -> None:
    from jinja2 import FileSystemLoader
    (tmp_path / "phrases.toml").write_text("one")
    kept = TrustedEnvironment(loader=FileSystemLoader(str(tmp_path)), auto_reload=False,
                              optimized=False)
    reloading = TrustedEnvironment(loader=FileSystemLoader(str(tmp_path)))
    assert kept.template_source("phrases.toml")[0] == "one"
    assert reloading.template_source("phrases.toml") == (
        "one", str(tmp_path / "phrases.toml"))
    (tmp_path / "phrases.toml").write_text("two")
    assert kept.template_source("phrases.toml")[0] == "one"
    assert reloading.template_source("phrases.toml")[0] == "two"
