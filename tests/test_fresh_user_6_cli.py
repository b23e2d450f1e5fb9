"""What the sixth fresh user tripped on in the CLI, its errors and ``odds``/``batch``.

1. Validation errors showed Python's values (``True``, ``{...}``, ``None``, ``31`` for
   ``0x1F``) for what the GM typed: they now quote his YAML as typed (a mapping in flow style),
   one line ``file:line:column``, exit code 2; the play-by-post ``state:`` checks too.
3. Play-by-post: the GM's edits of ``state:`` were told after the turn's initiative and
   declarations in a teaching write-up; they apply as the turn starts (the tactics decide
   from them), so they now come first, each with what the rules make of it.
4. ``batch`` said "undecided" and "nobody" where ``odds`` says "no winner (turns ran out)"
   and "nobody left standing": both now use the odds' words.
5. ``odds --vary``'s table broke a heading inside a word on an 80-column console
   ("Luke.skills.fas" / "t_draw"): a path now stays whole while the table fits and is
   broken at its dots when it does not; no column is cut.
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


# ---------------------------------------------------------------------- 3. edits first
def _edit_state(path: Path, before: str, after: str) -> None:
    head, state = path.read_text().split("\nstate:\n")
    assert before in state
    path.write_text(head + "\nstate:\n" + state.replace(before, after, 1))


def test_a_gm_edit_is_told_before_the_turns_initiative_and_declarations(tmp_path):
    path = _pbp(tmp_path)
    _edit_state(path, "      at: [18, 2]\n", "      at: [14, 2]\n")
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    post = r.stdout
    assert post.startswith(
        "Turn 2, combat turn (6 seconds; 6 seconds into the fight)\n"
        "---------------------------------------------------------\n\n"
        "GM adjustment: Miller's position (yards) is now 14, 2.\n\n"
        "Initiative (d6 per side): law 6, stranger 5.\n"
        "The law has the initiative; the stranger must declare first.\n\n"
        "Declarations, in order:\n"
        "- Miller: shoots at Kane twice with his single-action revolver (tactics).\n"), post
    assert post.count("GM adjustment") == 1


def test_what_the_rules_make_of_an_edit_follows_it_before_the_initiative(tmp_path):
    path = _pbp(tmp_path)
    _edit_state(path, "      wound_points: 5\n", "      wound_points: 12\n")
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    assert "---\n\nGM adjustment: Miller's wound points are now 12.\n\nMiller passes out from " \
        "shock and loss of blood: 12 wound points, more than his Strength of 11.\n\nNo " \
        "initiative is rolled: the law is the only side with a man still up" in r.stdout


def test_a_weird_west_edit_comes_before_the_quickness_rolls(tmp_path):
    path = tmp_path / "ww.yaml"
    assert RUNNER.invoke(app, ["new", "--ruleset", "weird-west", "--out", str(path)]).exit_code == 0
    assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0
    _edit_state(path, "      at: [22, 0]\n", "      at: [20, 0]\n")
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    edit = r.stdout.index("GM adjustment: Moody's position (yards) is now [20, 0].")
    assert edit < r.stdout.index("Quickness, TN 5") < r.stdout.index("The Marshal calls")


# ---------------------------------------------------------------------- 4. one wording
def test_batch_names_a_fight_without_a_winner_as_odds_does(tmp_path):
    r = RUNNER.invoke(app, ["batch", str(LUKE), "--runs", "3", "--out", str(tmp_path / "o"),
                            "--dice-fallback", "seeded", "--workers", "1"])
    assert r.exit_code == 0, r.output
    rows = [line.split() for line in r.stdout.splitlines() if line.strip().startswith("luke-short-")]
    assert [row[:4] for row in rows] == [["luke-short-1887.md", "1887", "1", "1"],
                                         ["luke-short-1888.md", "1888", "1", "1"],
                                         ["luke-short-1889.md", "1889", "1", "1"]]
    assert all(" ".join(row[4:]) == "no winner (turns ran out) -" for row in rows), rows
    assert "luke-short.yaml: no winner (turns ran out) 3\n" in r.stdout
    assert "undecided" not in r.stdout and "nobody" not in r.stdout
    o = RUNNER.invoke(app, ["odds", str(LUKE), "-n", "200", "--workers", "1"])
    assert o.exit_code == 0, o.output
    assert re.search(r"│ no winner \(turns ran out\) │\s+193 │\s+96\.5% │", o.stdout), o.stdout


def test_every_outcome_has_one_name():
    from narrator.batch import outcome_label

    assert outcome_label("undecided", "round") == "no winner (rounds ran out)"
    assert outcome_label(None, "turn") == "no winner (turns ran out)"
    assert outcome_label("nobody", "turn") == "nobody left standing"
    assert outcome_label("posse", "turn", {"posse": "Earp's posse"}) == "Earp's posse"
    assert outcome_label("posse", "turn") == "posse"


# ---------------------------------------------------------------------- 5. headings
def _headings(out: str) -> list[str]:
    """Each column's heading of the first table in ``out``, its lines joined (no space
    after a line ending in a dot, else one space)."""
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("┡"))
    cells = [[c.strip() for c in line.strip("┃").split("┃")] for line in lines[top + 1:bottom]]
    out_ = []
    for col in zip(*cells, strict=True):
        text = ""
        for piece in (c for c in col if c):
            text += piece if not text or text.endswith(".") else " " + piece
        out_.append(text)
    return out_


@pytest.mark.parametrize("varies, wrapped", [
    (["Luke.skills.fast_draw=2,3"], []),
    (["Luke.skills.fast_draw=2,3", "Jim.attributes.coo=10,15"],
     ["Luke.skills.", "fast_draw", "Jim.", "attributes.coo"]),
    (["Luke.skills.fast_draw=2,3", "Jim.attributes.coo=10,15", "sides.Courtright.count=1,2"],
     ["Luke.", "skills.", "fast_draw", "Jim.", "attributes.", "coo", "sides.", "Courtright.",
      "count"]),
])
def test_sweep_headings_break_at_dots_and_spaces_only(varies, wrapped):
    args = ["odds", str(LUKE), "--tactics", "aggressive", "--max-turns", "20", "-n", "30",
            "-j", "1"]
    for v in varies:
        args += ["--vary", v]
    r = RUNNER.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert max(len(line) for line in r.stdout.splitlines()) <= 80
    heads = _headings(r.stdout)
    assert heads == [v.split("=")[0] for v in varies] + ["Short win %", "Courtright win %",
                                                        "turns"]
    lines = r.stdout.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("┡"))
    columns = list(zip(*[[c.strip() for c in line.strip("┃").split("┃")]
                         for line in lines[top + 1:bottom]], strict=True))
    pieces = [p for col in columns[:len(varies)] for p in col if p]
    assert pieces == (wrapped or ["Luke.skills.fast_draw"])
    # no cell is cut short, no column cropped: the turns column closes every row
    assert "…" not in r.stdout
    rows = [line for line in r.stdout.splitlines() if line.startswith("│")]
    assert rows and all(line.endswith("│") for line in rows)


def test_dotted_heading():
    from narrator.odds_cli import dotted_heading

    assert dotted_heading("Luke.skills.fast_draw") == "Luke.skills.\nfast_draw"
    assert dotted_heading("Luke.skills.fast_draw", 10) == "Luke.\nskills.\nfast_draw"
    assert dotted_heading("Dutch Henry.attributes.coo") == "Dutch Henry.\nattributes.coo"
    assert dotted_heading("house_rules.light_wound_penalty") == \
        "house_rules.\nlight_wound_penalty"
    assert dotted_heading("max_turns") == "max_turns"
