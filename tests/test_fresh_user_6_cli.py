"""What the sixth fresh user tripped on in the CLI, its errors and ``odds``/``batch``.

1. Validation errors showed Python's values (``True``, ``{...}``, ``None``, ``31`` for
   ``0x1F``) for what the GM typed: they now quote his YAML as typed (a mapping in flow style),
   one line ``file:line:column``, exit code 2; the play-by-post ``state:`` checks too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app

RUNNER = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "scenarios" / "examples"
LUKE = EXAMPLES / "luke-short.yaml"


def _check(tmp_path: Path, before: str, after: str) -> tuple[int, str]:
    text = LUKE.read_text(encoding="utf-8")
    assert before in text
    path = tmp_path / "l.yaml"
    path.write_text(text.replace(before, after, 1), encoding="utf-8")
    r = RUNNER.invoke(app, ["check", str(path)])
    return r.exit_code, r.stderr


# ---------------------------------------------------------------------- 1. values as typed
@pytest.mark.parametrize("before, after, message", [
    ("kind: shootout", "kind: true",
     "26:11: turns[0].kind: true is not one of 'combat', 'shootout' or 'auto'"),
    ("kind: shootout", "kind: True",
     "26:11: turns[0].kind: True is not one of 'combat', 'shootout' or 'auto'"),
    ("kind: shootout", "kind: ~",
     "26:11: turns[0].kind: ~ is not one of 'combat', 'shootout' or 'auto'"),
    ("kind: shootout", "kind: {a: 1, b: yes}",
     "26:11: turns[0].kind: {a: 1, b: yes} is not one of 'combat', 'shootout' or 'auto'"),
    ("kind: shootout", "kind:\n      a: 1\n      b: [x, y]\n   ",
     "27:7: turns[0].kind: {a: 1, b: [x, y]} is not one of 'combat', 'shootout' or 'auto'"),
    ("kind: shootout", "kind: yes",
     "26:11: turns[0].kind: 'yes' is not one of 'combat', 'shootout' or 'auto'"),
    ("draw: fast, shots: [hip]}\n      Luke", "draw: 0x1F, shots: [hip]}\n      Luke",
     "28:32: turns[0].intents.Jim.draw: 0x1F is not one of 'fast' or 'normal'"),
    ("fast_draw: 8}", "fast_draw: yes}",
     "15:38: sides.Short[0].skills.fast_draw: expected a whole number (got 'yes')"),
    ("fast_draw: 8}", "fast_draw: TRUE}",
     "15:38: sides.Short[0].skills.fast_draw: expected a whole number (got TRUE)"),
    ("seed: 1887", "seed: 1e3", "9:7: seed: expected a whole number (got 1e3)"),
    ("at: [0, 0]", "at: [0, 0, null]",
     "17:11: sides.Short[0].at: expected [x, y] in yards: two numbers (got [0, 0, null])"),
    ("ruleset: boothill", "ruleset: {name: boothill}",
     "8:10: ruleset: {name: boothill} is not one of 'boothill', 'violence', 'gaslight' or "
     "'weird-west'"),
])
def test_an_error_quotes_the_value_as_the_gm_typed_it(tmp_path, before, after, message):
    code, err = _check(tmp_path, before, after)
    assert code == 2
    assert err == f"{tmp_path / 'l.yaml'}:{message}\n"


def test_no_python_value_is_left_in_an_error(tmp_path):
    """``True``/``None``/``{...}`` came from Python; the GM typed ``true``, ``null``, a map."""
    for after in ("kind: true", "kind: null", "kind: {x: 1}", "kind: [1, 2]"):
        code, err = _check(tmp_path, "kind: shootout", after)
        assert code == 2 and err.count("\n") == 1, err
        assert not re.search(r"\bTrue\b|\bNone\b|\{\.\.\.\}", err), err


def _pbp(tmp_path: Path) -> Path:
    path = tmp_path / "bh.yaml"
    assert RUNNER.invoke(app, ["new", "--ruleset", "boothill", "--out", str(path)]).exit_code == 0
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 0, r.output
    return path


@pytest.mark.parametrize("before, after, message", [
    ("      wound_points: 0\n", "      wound_points: true\n",
     "state.characters.Marshal Will Kane.wound_points: must be a whole number 0-1000 "
     "(got true)"),
    ("      condition: active\n", "      condition: {a: 1}\n",
     "state.characters.Marshal Will Kane.condition: must be one of active, passed_out, "
     "dying, dead (got {a: 1})"),
    ("      mounted: false\n", "      mounted: 0x1\n",
     "state.characters.Marshal Will Kane.mounted: must be true or false (got 0x1)"),
    ("  turn: 1\n", "  turn: ~\n",
     "state.turn: is ~, but the last resolved turn is 1; state: is what narrator next wrote "
     "after that turn (delete state: to start from the replayed state)"),
])
def test_a_state_edit_error_quotes_the_edit_as_typed(tmp_path, before, after, message):
    path = _pbp(tmp_path)
    head, state = path.read_text().split("\nstate:\n")
    assert before in state
    path.write_text(head + "\nstate:\n" + state.replace(before, after, 1))
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 2
    assert re.fullmatch(rf"{re.escape(str(path))}:\d+:\d+: {re.escape(message)}\n", r.stderr), \
        r.stderr
