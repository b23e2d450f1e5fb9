"""The seam between the core and the rulesets (issue 12): the core never names a ruleset nor
imports one (it asks the registry, ``narrator.ruleset``); a ruleset imports the core and itself,
never another ruleset; the registry finds the built-in rulesets and loads none before it must."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from narrator import ruleset as registry

ROOT = Path(__file__).resolve().parent.parent / "narrator"
CORE = sorted([*ROOT.glob("*.py"), *(ROOT / "scenario").rglob("*.py"),
               *(ROOT / "render").rglob("*.py")])
REGISTRY = ROOT / "ruleset.py"   # holds the defaults: the built-in names, the default one


def _imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out += [f"{node.module}.{a.name}" for a in node.names]
    return out


def test_the_core_names_no_ruleset():
    """The issue's check: ``grep -rn "violence\\|boothill" narrator/*.py narrator/scenario
    narrator/render`` finds nothing outside the registry's defaults."""
    assert len(CORE) > 30
    found = [f"{p.relative_to(ROOT.parent)}:{i}: {line.strip()}"
             for p in CORE if p != REGISTRY
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"violence|boothill", line)]
    assert found == []


def test_the_core_imports_no_ruleset_module():
    found = [(p.name, m) for p in CORE for m in _imports(p) if m.startswith("narrator.rulesets")]
    assert found == []


PACKAGES = sorted(p.name for p in (ROOT / "rulesets").iterdir() if (p / "__init__.py").exists())


def test_the_built_in_rulesets_are_packages():
    assert {"boothill", "violence"} <= set(PACKAGES)


@pytest.mark.parametrize("name", PACKAGES)
def test_a_ruleset_imports_the_core_and_itself_only(name):
    own = f"narrator.rulesets.{name}"
    files = sorted((ROOT / "rulesets" / name).rglob("*.py"))
    assert files
    found = [(p.name, m) for p in files for m in _imports(p)
             if m.startswith("narrator.rulesets") and not m.startswith(own)
             and m != "narrator.rulesets"]
    assert found == []


def test_the_registry_lists_and_loads_the_built_in_rulesets():
    assert registry.names()[:2] == ["boothill", "violence"]
    bh, v = registry.get("boothill"), registry.get("violence")
    assert (bh.name, bh.title, bh.unit("combat"), bh.unit("shootout")) == (
        "boothill", "Boot Hill", "combat turn", "shootout turn")
    assert (v.name, v.title, v.unit()) == ("violence", "Violence", "round")
    assert registry.get("violence") is v  # loaded once
    with pytest.raises(registry.UnknownRuleset) as exc:
        registry.get("violense")
    assert str(exc.value) == (f"'violense' is not one of {registry.choices()}; "
                              "did you mean 'violence'?")
    assert registry.choices().startswith("'boothill', 'violence'")


def test_help_loads_no_ruleset_and_no_entry_points():
    """``narrator --help`` imports no ruleset module and does not read the entry points (their
    scan alone costs tens of milliseconds); benchmarks/bench_startup.py times it."""
    probe = ("import sys; sys.argv = ['narrator', '--help']\n"
             "from narrator import cli\n"
             "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('narrator.rulesets')"
             " or m == 'importlib.metadata'), file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert "Usage" in r.stdout
    assert r.stderr.strip().splitlines()[-1] == "[]"


def _graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (at the top, lazily inside a
    function, or for type checking only: any of them makes a cycle)."""
    prefix = "narrator." + ".".join(package.relative_to(ROOT).parts) + "."
    mods = {prefix + p.stem: p for p in package.glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for mod, path in mods.items():
        graph[mod] = {m for m in _imports(path) if m in mods and m != mod}
        graph[mod] |= {m.rsplit(".", 1)[0] for m in _imports(path)
                       if m.rsplit(".", 1)[0] in mods and m.rsplit(".", 1)[0] != mod}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, path, state = [], [], {}

    def visit(n: str) -> None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                found.append(path[path.index(m):] + [m])
            elif m not in state:
                visit(m)
        path.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)
    return found


@pytest.mark.parametrize("name", ["boothill", "violence"])
def test_no_import_cycles_inside_a_ruleset(name):
    """The engine, its shootout turn and its tactics do not import each other both ways (not
    even lazily or for type checking): the shared state is in ``state.py``."""
    assert _cycles(_graph(ROOT / "rulesets" / name)) == []
