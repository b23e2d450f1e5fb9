"""Bad input never shows a traceback (README, "Commands").

Every file in ``tests/bad_inputs/`` holds one defect. Its first line says what narrator must
answer::

    # expect: LINE:COLUMN: a substring of the message

``narrator check FILE`` and ``narrator run FILE`` must then print exactly one line on stderr,
``FILE:LINE:COLUMN: ...`` containing the substring, nothing on stdout, and exit with code 2;
``run --out X`` must never create X. A second line ``# when: run`` marks a defect only the fight
can find (a scripted die the die asked for cannot show, scripted dice running out): ``check``
fights a scenario with scripted dice (no write-up) and refuses it with the same line as
``run``.

The CLI runs in-process through typer's CliRunner, which keeps stdout and stderr apart.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app

BAD = Path(__file__).resolve().parent / "bad_inputs"
CASES = sorted(BAD.glob("*.yaml"))
EXPECT = re.compile(rb"# expect: (\d+):(\d+): (.+)")


def expectation(path: Path) -> tuple[int, int, str, bool]:
    """``(line, column, substring, run_only)`` from the file's comment lines."""
    lines = path.read_bytes().split(b"\n", 2)
    m = EXPECT.fullmatch(lines[0].rstrip(b"\r"))
    assert m, f"{path.name}: the first line must be '# expect: LINE:COLUMN: substring'"
    run_only = len(lines) > 1 and lines[1].strip() == b"# when: run"
    return int(m[1]), int(m[2]), m[3].decode("utf-8"), run_only


def invoke(*args: str):
    """Run the CLI in-process; returns typer's Result. (How long the refusals take, an alias
    bomb and a deep nest included, is printed by ``benchmarks/bench_bad_inputs.py``.)"""
    return CliRunner().invoke(app, list(args))


def assert_one_located_line(result, path: Path) -> None:
    line, col, substring, _ = expectation(path)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        pytest.fail("narrator crashed:\n" + "".join(traceback.format_exception(*result.exc_info)))
    assert "Traceback" not in result.output
    assert result.exit_code == 2, result.output
    assert result.stdout == "", "nothing may be written to stdout"
    err = result.stderr.splitlines()
    assert len(err) == 1, f"expected one line on stderr, got:\n{result.stderr}"
    prefix = f"{path}:{line}:{col}: "
    assert err[0].startswith(prefix), f"expected {prefix!r}..., got {err[0]!r}"
    assert substring in err[0], f"expected {substring!r} in {err[0]!r}"


def test_the_corpus_is_there():
    assert len(CASES) >= 40
    for path in CASES:
        expectation(path)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_check(path: Path):
    result = invoke("check", str(path))
    assert_one_located_line(result, path)
    if expectation(path)[3]:  # found by fighting: check's line is run's
        assert result.stderr == invoke("run", str(path)).stderr


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_run_to_stdout(path: Path):
    result = invoke("run", str(path))
    assert_one_located_line(result, path)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_run_with_out_creates_nothing(path: Path, tmp_path: Path):
    out = tmp_path / "fight.md"
    result = invoke("run", str(path), "--out", str(out))
    assert_one_located_line(result, path)
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [], "no temporary file may be left behind"


# What the loader's guards must still let through.

GOOD = """\
title: # the comment here once crashed ruamel's round-trip parser
  Trouble at the Lazy K

sides:
  posse:
    - name: Jake Harlan
      short: Jake
      attributes: &average {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
  rustlers:
    - name: Dutch
      attributes: {<<: *average, coo: 15}
      weapons: [{type: lever_action_rifle}]
      at: [20, 5]
turns:
  - intents:
      Jake: {shoot: Dutch}
"""


def test_anchors_merge_keys_and_comments_still_load():
    from narrator.scenario import load_scenario_text

    sc = load_scenario_text(GOOD).scenario
    assert sc.title == "Trouble at the Lazy K"
    dutch = sc.sides["rustlers"][0].attributes
    assert (dutch.str_, dutch.coo, dutch.luck) == (12, 15, 7)


def test_an_error_inside_an_alias_points_at_the_alias():
    from narrator.errors import ScenarioError
    from narrator.scenario import load_scenario_text

    text = GOOD.replace("{<<: *average, coo: 15}", "*skills").replace(
        "      weapons: [{type: single_action_revolver}]\n",
        "      skills: &skills {pistol: 3}\n      weapons: [{type: single_action_revolver}]\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(text, "f.yaml")
    assert info.value.one_line().startswith("f.yaml:14:19: unknown key 'pistol'")
