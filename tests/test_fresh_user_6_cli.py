"""What the sixth fresh user tripped on in the CLI, its errors and ``odds``/``batch``.

1. Validation errors showed Python's values (``True``, ``{...}``, ``None``, ``31`` for
   ``0x1F``) for what the GM typed: they now quote his YAML as typed (a mapping in flow style),
   one line ``file:line:column``, exit code 2; the play-by-post ``state:`` checks too.
2. ``odds --vary sides.X.count=N`` below the side's listed men dropped the last ones, said
   nowhere; VALUES had no step. ``A..B/STEP`` (``2..8/2``; decimals for a decimal field) is
   in, a bad range is one clear line, and the drop is documented (README, ``--help``) and
   named in the error when a dropped man is still named by the scenario.
3. Play-by-post: the GM's edits of ``state:`` were told after the turn's initiative and
   declarations in a teaching write-up; they apply as the turn starts (the tactics decide
   from them), so they now come first, each with what the rules make of it.
4. ``batch`` said "undecided" and "nobody" where ``odds`` says "no winner (turns ran out)"
   and "nobody left standing": both now use the odds' words.
5. ``odds --vary``'s table broke a heading inside a word on an 80-column console
   ("Luke.skills.fas" / "t_draw"): a path now stays whole while the table fits and is
   broken at its dots when it does not; no column is cut.
6. ``odds`` and ``batch`` on a play-by-post file fought from the first turn, ignoring the
   turns ``next`` had recorded and the GM's edits: every fight now replays them and fights on
   from where the file stands (the engine; trial i is ``narrator run --seed`` i's fight);
   a ``--vary`` of ``max_turns`` fights on from them too; a variant that changes what the
   records were rolled with, ``--tactics`` for men without a profile, ``--path kernel`` and
   ``--profile tables`` are refused, saying why.
7. Weird West: ``state:`` said ``condition: passed_out`` for a winded man but refused the
   same word as an edit; it now says ``winded`` (W8's word) and takes ``passed_out`` as it.
   Gaslight: a man who reloaded (a full-round action, G16) still ran 120 ft that round; he
   now stands (G3: one full-round action, or a move and a standard one, a round), or moves
   30 ft with Rapid Reload (a move action).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "scenarios" / "examples"
LUKE = EXAMPLES / "luke-short.yaml"


def _check(run_cli, before: str, after: str) -> tuple[int, str]:
    text = LUKE.read_text(encoding="utf-8")
    assert before in text
    r = run_cli(text.replace(before, after, 1), "check", name="l.yaml")
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
    ("kind: shootout", "kind: 2001-02-03 10:00:00",
     "26:11: turns[0].kind: 2001-02-03 10:00:00 is not one of 'combat', 'shootout' or 'auto'"),
    ("at: [0, 0]", "at: [0, 0, null]",
     "17:11: sides.Short[0].at: expected [x, y] in yards: two numbers (got [0, 0, null])"),
    ("ruleset: boothill", "ruleset: {name: boothill}",
     "8:10: ruleset: {name: boothill} is not one of 'boothill', 'violence', 'gaslight' or "
     "'weird-west'"),
])
def test_an_error_quotes_the_value_as_the_gm_typed_it(run_cli, tmp_path, before, after, message):
    code, err = _check(run_cli, before, after)
    assert code == 2
    assert err == f"{tmp_path / 'l.yaml'}:{message}\n"


def test_no_python_value_is_left_in_an_error(run_cli):
    """``True``/``None``/``{...}`` came from Python; the GM typed ``true``, ``null``, a map."""
    for after in ("kind: true", "kind: null", "kind: {x: 1}", "kind: [1, 2]"):
        code, err = _check(run_cli, "kind: shootout", after)
        assert code == 2 and err.count("\n") == 1, err
        assert not re.search(r"\bTrue\b|\bNone\b|\{\.\.\.\}", err), err


def _pbp(run_cli, tmp_path: Path, house: str = "") -> Path:
    path = tmp_path / "bh.yaml"
    assert run_cli(None, "new", "--ruleset", "boothill", "--out", str(path)).exit_code == 0
    if house:  # a house rule, on the line of the file's empty house_rules: {}
        text = path.read_text()
        assert "house_rules: {}" in text
        path.write_text(text.replace("house_rules: {}", f"house_rules: {{{house}}}", 1))
    r = run_cli(path, "next")
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
def test_a_state_edit_error_quotes_the_edit_as_typed(run_cli, tmp_path, before, after, message):
    path = _pbp(run_cli, tmp_path)
    head, state = path.read_text().split("\nstate:\n")
    assert before in state
    path.write_text(head + "\nstate:\n" + state.replace(before, after, 1))
    r = run_cli(path, "next")
    assert r.exit_code == 2
    assert re.fullmatch(rf"{re.escape(str(path))}:\d+:\d+: {re.escape(message)}\n", r.stderr), \
        r.stderr


# ---------------------------------------------------------------------- 3. edits first
def _edit_state(path: Path, before: str, after: str) -> None:
    head, state = path.read_text().split("\nstate:\n")
    assert before in state
    path.write_text(head + "\nstate:\n" + state.replace(before, after, 1))


def test_a_gm_edit_is_told_before_the_turns_initiative_and_declarations(run_cli, tmp_path):
    path = _pbp(run_cli, tmp_path)
    _edit_state(path, "      at: [18, 2]\n", "      at: [14, 2]\n")
    r = run_cli(path, "next", "--format", "text")
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


def test_what_the_rules_make_of_an_edit_follows_it_before_the_initiative(run_cli, tmp_path):
    path = _pbp(run_cli, tmp_path)
    _edit_state(path, "      wound_points: 5\n", "      wound_points: 12\n")
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    assert "---\n\nGM adjustment: Miller's wound points are now 12.\n\nMiller passes out from " \
        "shock and loss of blood: 12 wound points, more than his Strength of 11.\n\nNo " \
        "initiative is rolled: the law is the only side with a man still up" in r.stdout


def test_a_weird_west_edit_comes_before_the_quickness_rolls(run_cli, tmp_path):
    path = tmp_path / "ww.yaml"
    assert run_cli(None, "new", "--ruleset", "weird-west", "--out", str(path)).exit_code == 0
    assert run_cli(path, "next").exit_code == 0
    _edit_state(path, "      at: [22, 0]\n", "      at: [20, 0]\n")
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    edit = r.stdout.index("GM adjustment: Moody's position (yards) is now 20, 0.")
    assert edit < r.stdout.index("Quickness, TN 5") < r.stdout.index("The cards are called, highest first")


# ---------------------------------------------------------------------- 4. one wording
def test_batch_names_a_fight_without_a_winner_as_odds_does(run_cli, tmp_path):
    r = run_cli(LUKE, "batch", "--runs", "3", "--out", str(tmp_path / "o"), "--dice-fallback",
                "seeded", "--workers", "1")
    assert r.exit_code == 0, r.output
    rows = [line.split() for line in r.stdout.splitlines() if line.strip().startswith("luke-short-")]
    assert [row[:4] for row in rows] == [["luke-short-1887.md", "1887", "1", "1"],
                                         ["luke-short-1888.md", "1888", "1", "1"],
                                         ["luke-short-1889.md", "1889", "1", "1"]]
    assert all(" ".join(row[4:]) == "no winner (turns ran out) -" for row in rows), rows
    assert "luke-short.yaml: no winner (turns ran out) 3\n" in r.stdout
    assert "undecided" not in r.stdout and "nobody" not in r.stdout
    o = run_cli(LUKE, "odds", "-n", "200", "--workers", "1")
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
def test_sweep_headings_break_at_dots_and_spaces_only(run_cli, varies, wrapped):
    args = ["--tactics", "aggressive", "--max-turns", "20", "-n", "30", "-j", "1"]
    for v in varies:
        args += ["--vary", v]
    r = run_cli(LUKE, "odds", *args)
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


# ---------------------------------------------------------------------- 2. steps and counts
@pytest.mark.parametrize("spec, values", [
    ("Luke.skills.pistol=2..8/2", (2, 4, 6, 8)),
    ("Luke.skills.pistol=2..8", (2, 3, 4, 5, 6, 7, 8)),
    ("Luke.skills.pistol=3..3/5", (3,)),
    ("house_rules.light_wound_penalty=-4..0/2", (-4, -2, 0)),
    ("Halloran.weight=150.5..151.5/0.5", (150.5, 151.0, 151.5)),
    ("Halloran.weight=0.1..0.3/0.1", (0.1, 0.2, 0.3)),   # exact, not 0.30000000000000004
])
def test_a_range_with_a_step(spec, values):
    from narrator import sweep

    assert sweep.parse_vary(spec).values == values


@pytest.mark.parametrize("spec, message", [
    ("Luke.skills.pistol=2..8/0",
     "--vary:1:20: the step of '2..8/0' is 0; a step is a number more than 0"),
    ("Luke.skills.pistol=2..8/-2",
     "--vary:1:20: the step of '2..8/-2' is -2; a step is a number more than 0"),
    ("Luke.skills.pistol=8..2/2",
     "--vary:1:20: the range 8..2 is empty (its end is below its start)"),
    ("Luke.skills.pistol=2..9/2",
     "--vary:1:20: 9 is not reached from 2 in steps of 2 (the last would be 8; end at it, or "
     "at 10)"),
    ("Luke.skills.pistol=0.5..2",
     "--vary:1:20: a range of decimals needs a step, A..B/STEP (like 0.5..2/0.5); got "
     "'0.5..2'"),
    ("Luke.skills.pistol=2..8/x",
     "--vary:1:20: a range is A..B (whole numbers) or A..B/STEP (2..8/2, 0.5..2/0.5); got "
     "'2..8/x'"),
    ("Luke.skills.pistol=0..1e30/1", "--vary:1:20: a range is A..B (whole numbers) or"),
    ("Luke.skills.pistol=0..1000/2", "--vary:1:20: 501 values; at most 50"),
    ("Luke.skills.pistol=1..3/0.5",
     "--vary:1:20: with Luke.skills.pistol=1.0: sides.Short[0].skills.pistol: expected a "
     "whole number (got 1.0)"),
])
def test_a_bad_range_is_one_clear_line(run_cli, spec, message):
    r = run_cli(LUKE, "odds", "-n", "10", "--vary", spec)
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), r.stderr
    assert lines[0].endswith(f"(in {spec!r})")


def test_a_count_below_the_list_keeps_the_first_men_listed(run_cli, tmp_path):
    from narrator import sweep
    from narrator.scenario import load_scenario

    path = tmp_path / "g.yaml"
    r = run_cli(None, "generate", "--sides", "posse:2", "rustlers:4", "--seed", "3", "--out",
                str(path))
    assert r.exit_code == 0, r.output
    ld = load_scenario(path)
    listed = [c.name for c in ld.scenario.sides["rustlers"]]
    vs = sweep.variants(ld, [sweep.parse_vary("sides.rustlers.count=1..6/1")])
    kept = [[c.name for c in v.loaded.scenario.sides["rustlers"]] for v in vs]
    assert kept[:4] == [listed[:1], listed[:2], listed[:3], listed]
    # more than listed: the last man copied, numbered on from the side's count
    assert kept[4] == listed + [f"{listed[-1]} 5"]
    assert kept[5] == listed + [f"{listed[-1]} 5", f"{listed[-1]} 6"]


def test_a_dropped_man_the_scenario_names_is_said(run_cli, tmp_path):
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "odds", "-n", "10", "--vary",
                "sides.Shotgun Gang.count=1..3")
    assert r.exit_code == 2
    assert r.stderr == (
        "--vary:1:26: with sides.Shotgun Gang.count=1: no character called '\"Arkansas Dave\" "
        "David Coriggan' (a count below the side's list keeps its first men and drops the "
        "last: here \"Arkansas Dave\" David Coriggan, Rickard Eriksson; the scenario still "
        "names one) (in 'sides.Shotgun Gang.count=1..3')\n")


def test_the_help_and_readme_say_what_a_count_drops(run_cli):
    r = run_cli(None, "odds", "--help", env={"COLUMNS": "200"})
    text = " ".join(r.stdout.replace("│", " ").split())
    assert "A..B/STEP (2..8/2; decimals for a decimal field, 0.5..2/0.5)" in text
    assert "below, keeps the first COUNT as listed and drops the rest from the end of the " \
        "list" in text
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())
    assert "below it keeps the first COUNT men in the order the side lists them and drops the " \
        "rest, from the end of the list" in readme
    assert "`A..B/STEP` (every STEP from A to B: `2..8/2` is 2, 4, 6, 8;" in readme


# ---------------------------------------------------------------------- 6. odds mid-game
def test_odds_on_a_play_by_post_file_fight_on_from_where_it_stands(run_cli, tmp_path):
    from narrator import batch
    from narrator.playbypost import run_recorded
    from narrator.scenario import load_scenario

    path = _pbp(run_cli, tmp_path)   # turn 1 resolved: Miller took a serious chest wound (5 WP)
    r = run_cli(path, "odds", "-n", "300", "-j", "1")
    assert r.exit_code == 0, r.output
    # no edit of state: was made, so none is claimed (tests/test_fresh_user_9_edges.py)
    assert f"{path}: turn 1 replayed from the records narrator next wrote; every trial fights " \
        "on from there" in r.stderr
    assert "path: engine (turn 1 replayed from the play-by-post records, then fought on)" \
        in r.stdout
    assert re.search(r"│ law win\s+│\s+208 │\s+69\.3% │", r.stdout), r.stdout
    # Miller's wound from turn 1 stays: he never ends unhurt
    miller = next(line for line in r.stdout.splitlines() if line.startswith(" Frank Miller"))
    assert miller.split()[2:8] == ["stranger", "8.3%", "6.7%", "54.3%", "30.7%", "0.0%"]
    # trial i is the fight narrator run --seed (1 + i) writes up, records replayed
    ld = load_scenario(path)
    from narrator.playbypost import played
    ld.played = played(ld)
    loaded = batch.odds_scenario(ld)
    odds = batch.run_odds(loaded, 12, 1)
    tally = batch.Tally()
    for seed in range(1, 13):
        tally.add(batch.summarize(run_recorded(load_scenario(path), seed,
                                               dice_fallback="seeded")[0]))
    assert odds.tally == tally
    # the same file fought from the start: Miller is unhurt in some fights
    fresh = tmp_path / "fresh.yaml"
    assert run_cli(None, "new", "--ruleset", "boothill", "--out", str(fresh)).exit_code == 0
    f = run_cli(fresh, "odds", "-n", "300", "-j", "1")
    assert f.exit_code == 0, f.output
    assert "replayed" not in f.stderr
    miller = next(line for line in f.stdout.splitlines() if line.startswith(" Frank Miller"))
    assert float(miller.split()[7].rstrip("%")) > 0


def test_batch_on_a_play_by_post_file_writes_what_run_writes(run_cli, tmp_path):
    path = _pbp(run_cli, tmp_path)
    out = tmp_path / "o"
    r = run_cli(path, "batch", "--runs", "2", "--out", str(out), "-j", "1")
    assert r.exit_code == 0, r.output
    assert "every run fights on from there" in r.stderr
    for seed in (1, 2):
        run = run_cli(path, "run", "--seed", str(seed))
        assert run.exit_code == 0
        written = (out / f"bh-{seed}.md").read_text()
        assert written == run.stdout
        assert written.count("GM adjustment") == 0 and "Turn 1" in written


@pytest.mark.parametrize("args, message", [
    (["--vary", "Frank Miller.skills.pistol=1..2"],
     "--vary:1:28: with Frank Miller.skills.pistol=1: the records of turn 1 (play-by-post) were "
     "rolled with the scenario as it is, which this variant changes, so it cannot fight on "
     "from them; vary what they leave alone (max_turns), or vary a copy without the "
     "resolved: records and state:"),
    (["--path", "kernel"],
     "--path kernel: the kernel fights from the first turn and cannot replay this file's "
     "play-by-post records (turn 1); --path auto or engine fights on from them"),
    (["--profile", "tables"],
     "--profile tables: this file's turns resolved by narrator next were fought with its house "
     "rules and GM rulings (house rules: light_wound_penalty=-2)"),
])
def test_what_cannot_fight_on_from_the_records_is_refused(run_cli, tmp_path, args, message):
    # --profile tables is refused only for a file with house rules or rulings (fresh user 16:
    # a plain file's records replay as the tables fight them)
    path = _pbp(run_cli, tmp_path, "light_wound_penalty: -2" if args[0] == "--profile" else "")
    r = run_cli(path, "odds", "-n", "20", *args)
    assert r.exit_code == 2
    last = r.stderr.strip().splitlines()[-1]
    located = re.fullmatch(rf"{re.escape(str(path))}:39:5: (.*)", last)
    assert (located.group(1) if located else last).startswith(message), r.stderr
    assert (located is None) == (args[0] in ("--path", "--vary"))


def test_tactics_for_men_the_records_fought_without_are_refused(run_cli, tmp_path):
    path = tmp_path / "bh.yaml"
    assert run_cli(None, "new", "--ruleset", "boothill", "--out", str(path)).exit_code == 0
    text = path.read_text()
    line = re.search(r"\n      tactics: aggressive[^\n]*", text)
    assert line, text
    path.write_text(text.replace(line.group(0), "", 1))
    assert run_cli(path, "next").exit_code == 0
    r = run_cli(path, "odds", "-n", "20", "--tactics", "cautious")
    assert r.exit_code == 2
    assert re.fullmatch(
        rf"{re.escape(str(path))}:\d+:5: --tactics cautious: this file's turns resolved by "
        r"narrator next were fought with the characters' own profiles \(some have none\), "
        r"and their records replay only with them; give the profiles in the file, or run odds "
        r"on a copy without the resolved: records and state:\n", r.stderr.splitlines(True)[-1])


def test_a_sweep_of_max_turns_fights_on_from_the_records(run_cli, tmp_path):
    from narrator import batch
    from narrator.playbypost import played
    from narrator.scenario import load_scenario

    path = _pbp(run_cli, tmp_path)
    r = run_cli(path, "odds", "-n", "60", "-j", "1", "--vary", "max_turns=2,6")
    assert r.exit_code == 0, r.output
    assert "path: engine (turn 1 replayed from the play-by-post records, then fought on)" \
        in r.stdout
    # the row of max_turns=6 is the odds of the file (max_turns: 6) from its records
    ld = load_scenario(path)
    assert ld.scenario.max_turns == 6
    ld.played = played(ld)
    alone = batch.run_odds(batch.odds_scenario(ld), 60, 1)
    won = next(s for s in alone.sides if s.side == "law")
    row = next(line for line in r.stdout.splitlines() if line.startswith("│ 6 "))
    assert f"{100 * won.p:.1f} ({100 * won.low:.1f}–{100 * won.high:.1f})" in row, (row, won)


# ---------------------------------------------------------------------- 7. rules
def test_weird_west_state_says_winded_and_takes_passed_out_as_it(run_cli, tmp_path):
    path = tmp_path / "ww.yaml"
    assert run_cli(None, "new", "--ruleset", "weird-west", "--out", str(path)).exit_code == 0
    assert run_cli(path, "next").exit_code == 0
    head, state = path.read_text().split("\nstate:\n")
    assert "    Cash Moody:\n      condition: active\n" in state
    path.write_text(head + "\nstate:\n" + state.replace(
        "    Cash Moody:\n      condition: active\n", "    Cash Moody:\n      condition: passed_out\n"))
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    assert "GM adjustment: Moody's condition is now winded." in r.stdout
    assert "- Moody (jumpers): winded" in r.stdout
    state = path.read_text().split("\nstate:\n")[1]
    assert "    Cash Moody:\n      condition: winded\n" in state
    assert "passed_out" not in state
    # the word state: now writes is an edit too, and a file that said passed_out for a
    # winded man (as state: did before) reads as it: no edit
    s = run_cli(path, "status", env={"COLUMNS": "120"})
    assert s.exit_code == 0 and re.search(r"Cash Moody\s+winded", s.stdout), s.stdout
    path.write_text(path.read_text().replace("      condition: winded\n",
                                             "      condition: passed_out\n"))
    s = run_cli(path, "status", env={"COLUMNS": "120"})
    assert s.exit_code == 0 and re.search(r"Cash Moody\s+winded", s.stdout), s.stdout


GASLIGHT_RELOAD = """\
title: Reload on the move
ruleset: gaslight
seed: 3
sides:
  police:
    - name: Edwin Thorne
      short: Thorne
      str: 12
      dex: 13
      con: 14
      bab: 3
      hp: 13{skills}
      weapons: [{{type: webley_revolver, carried: ready, loaded: 2}}]
      at: [0, 0]
  roughs:
    - name: Silas Vane
      short: Vane
      str: 12
      dex: 12
      con: 12
      bab: 1
      hp: 9
      weapons: [{{type: bulldog_revolver, carried: ready}}]
      at: [30, 0]
turns:
  - intents:
      Thorne: {{reload: true, move: [-40, 0], gait: running}}
"""


@pytest.mark.parametrize("skills, said, at", [
    ("", "Thorne reloads where he stands: a reload is a full-round action, and leaves no "
         "move.", "0, 0"),
    ("\n      skills: {rapid_reload: true}", "Thorne moves 30 feet (running).", "-10, 0"),
])
def test_a_gaslight_reload_leaves_no_run(run_cli, tmp_path, skills, said, at):
    r = run_cli(GASLIGHT_RELOAD.format(skills=skills), "run", "--format", "text", name="g.yaml")
    path = tmp_path / "g.yaml"
    assert r.exit_code == 0, r.output
    assert said in r.stdout
    assert "120 feet" not in r.stdout
    j = run_cli(path, "run", "--format", "json")
    import json
    status = [e for e in json.loads(j.stdout)["events"] if e["kind"] == "turn_ended"][0]
    thorne = next(c for c in status["status"] if c["name"] == "Edwin Thorne")
    assert ", ".join(f"{v:g}" for v in thorne["at"]) == at
