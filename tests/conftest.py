"""Shared fixtures: paths, loading and fighting bundled scenarios."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import NamedTuple

import pytest

from narrator.engine import run_fight
from narrator.scenario import load_scenario

# The caches of the test run and of the commands it starts (compiled templates, parsed tables)
# go to a folder of their own, never into the user's cache folder.
os.environ.setdefault("NARRATOR_CACHE_DIR", tempfile.mkdtemp(prefix="narrator-test-cache-"))

# The commands the tests start in a process of their own (``python -m narrator``, pytest) keep
# Python's bytecode of what they import in a folder of the run's own (PYTHONPYCACHEPREFIX),
# removed at the end, as an installed narrator has its __pycache__: where PYTHONDONTWRITEBYTECODE
# is set, each of them compiled every module of narrator from source again (about 0.2 s of CPU
# a command, some 90 commands in the default run; benchmarks/bench_startup.py runs its
# children without it for the same reason). This process, and the project's folders, are left
# as they were: nothing is written beside the sources.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    import atexit
    import shutil

    _PYC = tempfile.mkdtemp(prefix="narrator-test-pyc-")
    atexit.register(shutil.rmtree, _PYC, ignore_errors=True)
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = _PYC

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"


def fight(name: str, **kw):
    """Load a bundled example scenario and fight it; returns the FightLog."""
    return run_fight(load_scenario(EXAMPLES / name), **kw)


def replace_once(path: Path, old: str, new: str) -> Path:
    """Edit a file as a user would: its first ``old`` (which must be there) becomes ``new``.
    Returns ``path``."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def of_kind(log, kind: str, **match) -> list:
    """Events of a kind whose fields equal ``match``."""
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


def per_module(fixture_name: str, config: pytest.Config) -> str:
    """The scope of a fixture that fights (or resolves) a scenario once for a test module:
    the module, except under ``mutmut run`` (MUTANT_UNDER_TEST set), where each test makes its
    own. mutmut records which tests reach each function and checks a mutant against those
    only; a module-scoped fixture's work is recorded for the first test that asks for it, so
    the module's other tests would never be run against the mutants of what it reached."""
    return "function" if os.environ.get("MUTANT_UNDER_TEST") else "module"


def sizes(quick: int, full: int) -> list:
    """Parameters for a sized test: the quick size in the default run, the full size under
    the ``slow`` marker (``pytest -m slow``; CI runs both)."""
    return [pytest.param(quick, id=f"quick-{quick}"),
            pytest.param(full, id=f"full-{full}", marks=pytest.mark.slow)]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite the golden files in tests/goldens/ from the current output")


@pytest.fixture(autouse=True)
def _fresh_memos():
    """Empty the engine's memo tables before each test, so a test computes its own chances
    (a memo filled by an earlier test would hide a change to the code from mutation runs)."""
    from narrator.rulesets.boothill import fight, hit, shootout, tactics
    hit._BASE.clear()
    hit._MODS.clear()
    hit._PREPARED.clear()
    fight._DECISIONS.clear()
    fight._PLAIN_INTENTS.clear()
    tactics._STATIC.clear()
    tactics._SIGS.clear()
    tactics._REACH.clear()
    tactics._OPTIONS.clear()
    shootout._COUNTS.clear()
    shootout._SPEED_MODS.clear()
    if os.environ.get("MUTANT_UNDER_TEST"):
        _clear_mutated_caches()


@pytest.fixture(autouse=True)
def _piped_terminal(monkeypatch):
    """Each test runs as a command piped to a file with no ``COLUMNS`` or ``LINES`` set (the
    tables' width is then the command's own, ``cli._console``), whoever runs the suite:
    pytest-xdist's workers set ``COLUMNS=80`` and ``LINES=24``, which folded the odds tables
    to 80 columns (a test sets its own with ``env=`` or ``monkeypatch``)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


# the modules mutmut mutates (pyproject [tool.mutmut] only_mutate)
_MUTATED = ("narrator.rulesets.", "narrator.turns", "narrator.dice", "narrator.playbypost",
            "narrator.scenario.saver", "narrator.render.discord")
_MEMOS = ("_INTENTS", "_COVER_SHARE", "_SETUPS")


def _clear_mutated_caches() -> None:
    """Under ``mutmut run`` only (it sets MUTANT_UNDER_TEST): empty every ``functools`` cache
    and memo of the mutated modules before each test. mutmut forks each mutant's test run
    from a process whose caches its unmutated runs filled (the data tables, the saver's
    scalars): a cached result would never reach the mutated code, and the mutant would
    survive whatever the tests assert. Outside mutmut the caches stay (loading the data
    tables for every test would slow the suite)."""
    import sys
    for name, module in list(sys.modules.items()):
        if not name.startswith(_MUTATED):
            continue
        for key, value in list(vars(module).items()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
            elif key in _MEMOS and isinstance(value, dict):
                value.clear()


@pytest.fixture(autouse=True, scope="session")
def _cache_home(tmp_path_factory):
    """The user cache folder (``narrator next``'s locks) in a temporary folder, not the
    tester's own ``~/.cache``; child processes inherit it."""
    import os
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old


class CliRun(NamedTuple):
    """What one ``narrator`` command did: its exit code, standard output and standard error
    (named as typer's ``Result`` names them, so a test reads ``r.exit_code``, ``r.stdout``,
    ``r.stderr``, or unpacks the three)."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """Both streams, for an assertion's message."""
        return self.stdout + self.stderr


@pytest.fixture()
def run_cli(tmp_path):
    """A function running ``narrator COMMAND SCENARIO ARGS...`` in this process (typer's
    ``CliRunner``, as a user types it): ``run_cli(scenario, command, *args, name=..., env=...)``.

    ``scenario``: YAML text, written (UTF-8) to ``tmp_path / name`` (``name`` default
    ``fight.yaml``; the same ``tmp_path`` as the test's) and given as the command's first
    argument; a path, given as it is; ``None`` for a command that takes no scenario
    (``new``, ``generate``, ``odds --help``). ``args`` are passed as strings; ``env`` sets
    environment variables for the run.

    Returns:
        ``CliRun(exit_code, stdout, stderr)``.
    """
    from typer.testing import CliRunner

    from narrator.cli import app

    runner = CliRunner()

    def run(scenario: str | Path | None, command: str, *args: object,
            name: str = "fight.yaml", env: dict[str, str] | None = None) -> CliRun:
        if isinstance(scenario, str):
            path: Path | None = tmp_path / name
            path.write_text(scenario, encoding="utf-8")
        else:
            path = scenario
        argv = [command, *([str(path)] if path is not None else []), *map(str, args)]
        r = runner.invoke(app, argv, env=env)
        return CliRun(r.exit_code, r.stdout, r.stderr)

    return run
