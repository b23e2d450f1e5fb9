"""Fresh user 9's edge cases (fu11): the Violence coward who charged the enemy, the Weird West
gun drawn while already in hand, terminal tables stuck at 80 columns, and small CLI edges."""

from __future__ import annotations

import re

import textwrap
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli import app
from narrator.dice import ScriptedDice
from narrator.rulesets.violence import tactics
from narrator.rulesets.violence.fight import ViolenceFight, profile_of
from narrator.scenario import load_scenario_text

RUNNER = CliRunner()
FERRY = textwrap.dedent("""\
    title: Trouble at Haller's Ferry
    ruleset: violence
    seed: 77
    map:
      landing: {at: [0, 0], name: the landing stage}
      woodpile: {at: [8, 6], name: the woodpile, cover: true}
      ferry_house: {at: [-6, 4], name: the ferry house, cover: true}
      cottonwoods: {at: [30, 12], name: the cottonwoods, cover: true}
    sides:
      ortega_cousins:
        - {name: Luis Ortega, short: Luis, weapons: [{type: revolver}, {type: knife}], at: [28, 10], cover: cottonwoods, tactics: aggressive}
        - {name: Rafa Ortega, short: Rafa, weapons: [{type: lever_action_carbine}], at: [30, 12], cover: cottonwoods, tactics: sniper}
        - {name: Inés Ortega, short: Inés, pronoun: she, weapons: [{type: coach_gun}], at: [26, 8], tactics: cautious}
      hallers:
        - {name: Tom Haller, short: Tom, weapons: [{type: revolver}], at: [0, 0], tactics: lawman}
        - {name: Billy Haller, short: Billy, weapons: [{type: single_shot_rifle}], at: [-6, 4], cover: ferry_house, tactics: cautious}
        - {name: Young Sam Haller, short: Sam, pronoun: they, weapons: [{type: axe}], at: [2, 1], tactics: coward}
    max_turns: 10
    """)


def ferry(text: str = FERRY) -> ViolenceFight:
    loaded = load_scenario_text(text)
    return ViolenceFight(loaded.scenario, ScriptedDice({}, 1, "seeded"),
                         profile_of(loaded.scenario), 1)


def test_an_axe_only_coward_goes_to_the_cover_away_from_the_enemy_not_at_them():
    """Before: Sam (axe only, coward) was sent to the nearest enemy's spot, (26, 8), 25 yards
    into the Ortegas' position. Now: the ferry house (8.5 yd off, 32 yd from Inés), not the
    woodpile (6.7 yd off but 18 yd from Inés, nearer the enemy than Sam's 25)."""
    f = ferry()
    intent = tactics.decide(f, 1, f.fighters["Young Sam Haller"])
    assert intent is not None and intent.move == "ferry_house" and intent.melee is None


def test_a_coward_in_cover_with_no_gun_stays_put_and_does_not_walk_to_a_melee():
    text = FERRY.replace("at: [2, 1], tactics: coward", "at: [-6, 4], cover: ferry_house, tactics: coward")
    f = ferry(text)
    assert tactics.decide(f, 1, f.fighters["Young Sam Haller"]) is None


def test_a_cornered_coward_fights_hand_to_hand():
    """A foe within arm's length (2 yards): the cornered coward takes him on, to subdue."""
    text = FERRY.replace("at: [26, 8], tactics: cautious", "at: [3, 2], tactics: cautious")
    f = ferry(text)
    intent = tactics.decide(f, 1, f.fighters["Young Sam Haller"])
    assert intent is not None and intent.melee == "Inés Ortega" and intent.to == "subdue"


def _knife_coward(cover_at: str):
    import importlib
    vt = importlib.import_module("tests.test_violence_tactics")
    f = vt.fight_of("weapons: [{type: knife}], at: [0, 0], tactics: coward", bo_at="[10, 0]",
                    cover_at=cover_at)
    return tactics.decide(f, 1, f.fighters["Ann"])


def test_a_knife_coward_ten_yards_from_a_foe_does_not_close_in():
    """Before: a coward with a knife went hand to hand with Bo 10 yards off (the close
    band). Now he goes to the wall behind him, 5 yards off ([-5, 0]); with the only cover
    beyond Bo ([25, 0]) he does not run past Bo to it, and stays where he is."""
    from narrator.rulesets.violence.scenario import Intent
    assert _knife_coward("[-5, 0]") == Intent(move="wall")
    assert _knife_coward("[25, 0]") is None


def test_the_ferry_fights_seeds_77_to_81_never_send_sam_into_a_melee(tmp_path):
    """Before: seeds 77 to 81 all had Sam run to (26, 8), Inés's spot, and seed 79 had Sam
    start a melee with Luis. Now Sam's only move is to the ferry house and no seed has a melee
    started by Sam."""
    sc = tmp_path / "ferry.yaml"
    sc.write_text(FERRY, encoding="utf-8")
    moved = 0
    for seed in range(77, 82):
        res = RUNNER.invoke(app, ["run", str(sc), "--seed", str(seed)])
        assert res.exit_code == 0, res.output
        lines = [ln for ln in res.stdout.splitlines() if ln.startswith(("**Sam**", "**Young Sam"))]
        # (a verb right after a they-character's name is singular: "Sam moves", "starts")
        assert not [ln for ln in lines if re.search(r"\bstarts? a melee", ln)], lines
        moves = [ln for ln in lines if re.search(r" moves? to ", ln)]
        assert all(re.search(r" moves? to the ferry house, into cover", ln) for ln in moves), moves
        moved += len(moves)
    assert moved >= 3


# the mine fight of test_fresh_user_9_prose.py, two rounds long here
MINE = (Path(__file__).resolve().parent / "scenarios" / "lost-deacon-mine.yaml").read_text(
    encoding="utf-8").replace("max_turns: 6", "max_turns: 2")


def _run(tmp_path, text: str, *args: str):
    sc = tmp_path / "sc.yaml"
    sc.write_text(text, encoding="utf-8")
    res = RUNNER.invoke(app, ["run", str(sc), *args])
    assert res.exit_code == 0, res.output
    return res


def test_a_weird_west_draw_of_the_gun_in_hand_is_no_draw_and_the_card_shoots(tmp_path):
    """Before: Mae (one card, 4 of clubs; Colt in hand) "draws her Colt Peacemaker: that is
    the action", and her declared shot at Hollis never came. Now the draw is no draw and the
    4 of clubs fires at Hollis."""
    out = _run(tmp_path, MINE).stdout
    assert "draws her Colt Peacemaker" not in out
    assert ("**Mae** (4♣) has her Colt Peacemaker in hand already: no draw is made, and the "
            "card goes to her next action.") in out
    assert "**Mae** (4♣) fires her Colt Peacemaker at **Hollis**, about 15 yards away" in out
    story = _run(tmp_path, MINE, "-m", "story").stdout
    assert "pulls her Colt" not in story
    assert "Mae (4♣): no draw (Colt Peacemaker already in hand)" in story


def test_a_declared_action_left_without_a_card_is_told(tmp_path):
    """Two declared shots and one card (4 of clubs): the second is told as not made."""
    text = MINE.replace("Mae: [{draw: true}, {shoot: Hollis}]",
                        "Mae: [{shoot: Hollis}, {shoot: Old Deacon}]")
    out = _run(tmp_path, text).stdout
    assert ("**Mae** has no card left this round for her declared shot at Old Deacon "
            "(one action a card") in out
    story = _run(tmp_path, text, "-m", "story").stdout
    assert "Mae: declared shot at Old Deacon not made (no card left this round)" in story


def test_check_warns_of_a_weird_west_draw_of_the_gun_in_hand(tmp_path):
    sc = tmp_path / "sc.yaml"
    sc.write_text(MINE, encoding="utf-8")
    res = RUNNER.invoke(app, ["check", str(sc)])
    assert res.exit_code == 0, res.output
    line = MINE.splitlines().index("      Mae: [{draw: true}, {shoot: Hollis}]") + 1
    assert (f"sc.yaml:{line}:20: warning: Mae Calloway declares a draw in round 1, but starts "
            "with the Colt Peacemaker in hand") in res.stderr
    held = RUNNER.invoke(app, ["check", str(sc)])
    holstered = MINE.replace("weapons: [{type: colt_peacemaker}]",
                             "weapons: [{type: colt_peacemaker, holstered: true}]")
    sc.write_text(holstered, encoding="utf-8")
    res = RUNNER.invoke(app, ["check", str(sc)])
    assert res.exit_code == 0 and "warning" not in res.stderr, (held.output, res.stderr)


def test_a_terminal_console_takes_the_terminal_width(monkeypatch):
    """Before: a 200-column terminal got an 80-column console. Now its own width."""
    import rich.console

    from narrator import cli

    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(rich.console.Console, "is_terminal", property(lambda self: True))
    assert cli._console().width == 200


def test_weapons_table_shows_every_column_and_whole_names_piped():
    """Before: piped (80 columns) or with COLUMNS=200, the weapons table dropped range, rof and
    shots and cut names short ("double_barrel_sh"). Now COLUMNS is honoured, and at 80
    columns cells fold: every name is whole and no cell ends in an ellipsis."""
    wide = RUNNER.invoke(app, ["rules", "weird-west", "weapons"], env={"COLUMNS": "200"})
    assert wide.exit_code == 0, wide.output
    rows = [" ".join(ln.split()) for ln in wide.stdout.splitlines()]
    assert "colt_peacemaker pistol 10 1 6 3d6 - peacemaker, colt_45, single_action_revolver" \
        in rows
    assert "type rolled with range rof shots damage defence also called" in rows
    narrow = RUNNER.invoke(app, ["rules", "weird-west", "weapons"], env={"COLUMNS": None})
    assert narrow.exit_code == 0, narrow.output
    assert max(len(ln) for ln in narrow.stdout.splitlines()) <= 80
    assert "…" not in narrow.stdout
    firsts = [ln.split()[0] for ln in narrow.stdout.splitlines() if ln.strip()]
    for name in ("double_barrel_shotgun", "sawed_off_shotgun", "colt_peacemaker"):
        assert name in firsts
    # (session 17: at 80 columns the table, which cannot keep every word whole, is a list:
    # each weapon's name, then its columns as 'heading: value; ...', none dropped)
    listing = narrow.stdout.split("────")[-1].split("\nSource:")[0]
    blocks = re.split(r"\n(?=\S)", listing.strip("─\n"))
    table = wide.stdout.split("────")[-1].strip("─\n").split("\nSource:")[0]
    assert [b.split()[0] for b in blocks] == [r.split()[0] for r in table.splitlines()]
    for block in blocks:
        for col in ("range", "rof", "shots"):
            assert re.search(rf"\b{col}: \S", " ".join(block.split())), block


def test_the_batch_summary_drops_no_column_and_cuts_nothing_short(tmp_path):
    """Before: a long scenario file name left no room at 80 columns: the seed, turns,
    seconds and down columns were dropped and the winner cut at "(turns ran". Now every
    column is there and cells fold."""
    import shutil

    sc = tmp_path / "luke-short-at-the-long-branch-saloon-dodge.yaml"
    shutil.copy(Path(__file__).resolve().parent.parent / "scenarios" / "examples" /
                "luke-short.yaml", sc)
    res = RUNNER.invoke(app, ["batch", str(sc), "--runs", "2", "--out", str(tmp_path / "o")],
                        env={"COLUMNS": None})
    assert res.exit_code == 0, res.output
    table = res.stdout.split("\n\n" + sc.name)[0]
    assert max(len(ln) for ln in table.splitlines()) <= 80
    assert "…" not in res.stdout
    assert table.split("─")[0].split() == ["2", "fights", "written", "to", str(tmp_path / "o"),
                                           "file", "seed", "turns", "seconds", "winner", "down"]
    rows = table.split("─")[-1]
    assert "1887" in rows and "1888" in rows and "out)" in rows


def test_an_out_path_under_a_regular_file_says_it_is_a_file(tmp_path):
    """Before: 'afile/x.md: the folder afile does not exist'. Now it says afile is a file."""
    sc = tmp_path / "sc.yaml"
    sc.write_text(FERRY, encoding="utf-8")
    (tmp_path / "afile").write_text("x")
    res = RUNNER.invoke(app, ["run", str(sc), "--out", str(tmp_path / "afile" / "x.md")])
    assert res.exit_code == 2
    assert res.stderr.strip() == f"{tmp_path / 'afile' / 'x.md'}: {tmp_path / 'afile'} is a " \
        "file, not a folder"
    res = RUNNER.invoke(app, ["run", str(sc), "--out", str(tmp_path / "nope" / "x.md")])
    assert res.exit_code == 2
    assert res.stderr.strip() == f"{tmp_path / 'nope' / 'x.md'}: the folder " \
        f"{tmp_path / 'nope'} does not exist"


def test_an_interrupted_batch_removes_the_folders_it_made(tmp_path, monkeypatch):
    """Before: Ctrl-C during batch left the (empty) output folder it had made. Now the
    folder it made is removed when nothing was written; a folder that was there stays.
    (It made a missing chain of folders too until fresh user 12: batch now makes only the
    --out folder itself, in a folder that exists, as run does.)"""
    from narrator import batch as nb

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(nb, "run_batch", interrupted)
    sc = tmp_path / "sc.yaml"
    sc.write_text(FERRY, encoding="utf-8")
    out = tmp_path / "new"
    res = RUNNER.invoke(app, ["batch", str(sc), "--runs", "2", "--out", str(out)])
    assert res.exit_code == 130 and "interrupted" in res.stderr
    assert not (tmp_path / "new").exists()
    kept = tmp_path / "kept"
    kept.mkdir()
    res = RUNNER.invoke(app, ["batch", str(sc), "--runs", "2", "--out", str(kept)])
    assert res.exit_code == 130 and kept.is_dir()


def _pbp(tmp_path) -> Path:
    """The mine fight, two rounds resolved by narrator next."""
    sc = tmp_path / "pbp.yaml"
    sc.write_text(MINE.replace("max_turns: 2", "max_turns: 6"), encoding="utf-8")
    for _ in range(2):
        res = RUNNER.invoke(app, ["next", str(sc), "--out", str(tmp_path / "post.md"),
                                  "--force"])
        assert res.exit_code == 0, res.output
    return sc


def test_odds_path_kernel_on_a_played_file_refuses_before_anything(tmp_path):
    """Before: the replay note and a 'fighting 0/20' progress bar came before the refusal.
    Now the refusal alone."""
    sc = _pbp(tmp_path)
    res = RUNNER.invoke(app, ["odds", str(sc), "-n", "20", "--path", "kernel"])
    assert res.exit_code == 2
    assert res.stderr.strip() == (
        "--path kernel: the kernel fights from the first turn and cannot replay this file's "
        "play-by-post records (turns 1-2); --path auto or engine fights on from them")


def test_the_replay_note_names_gm_edits_only_when_there_are_some(tmp_path):
    """Before: 'with the GM's edits of state:' whether or not the GM edited state:. Now only
    when an edit was made."""
    sc = _pbp(tmp_path)
    res = RUNNER.invoke(app, ["run", str(sc)])
    assert res.exit_code == 0, res.output
    assert f"{sc}: turns 1-2 replayed from the records narrator next wrote; turns 3-" \
        in res.stderr
    assert "edits" not in res.stderr
    res = RUNNER.invoke(app, ["odds", str(sc), "-n", "4"])
    assert res.exit_code == 0, res.output
    assert f"{sc}: turns 1-2 replayed from the records narrator next wrote; every trial " \
        "fights on from there" in res.stderr
    text = sc.read_text(encoding="utf-8")
    state = text[text.index("\nstate:"):]
    mae = state.index("    Mae Calloway:")
    wind = state.index("      wind: ", mae)
    end = state.index("\n", wind)
    edited = text[:text.index("\nstate:")] + state[:wind] + "      wind: 3" + state[end:]
    sc.write_text(edited, encoding="utf-8")
    res = RUNNER.invoke(app, ["run", str(sc)])
    assert res.exit_code == 0, res.output
    assert "replayed from the records narrator next wrote, with the GM's edits of state:" \
        in res.stderr
    res = RUNNER.invoke(app, ["odds", str(sc), "-n", "4"])
    assert "replayed from the records narrator next wrote, with the GM's edits of state:; " \
        "every trial fights on from there" in res.stderr


NAMES = textwrap.dedent("""\
    title: names
    ruleset: violence
    seed: 1
    max_turns: 2
    sides:
      law:
        - {name: Cole Pruitt, weapons: [{type: revolver}], at: [0, 0]}
      gang:
        - {name: OTHER, weapons: [{type: revolver}], at: [10, 0]}
    """)


def test_names_that_read_alike_or_hide_a_format_character_are_refused(tmp_path):
    """Before: 'cole pruitt', 'Ｃｏｌｅ Pruitt' (fullwidth) beside 'Cole Pruitt', and a
    name with a zero-width space, were all 'ok'. Now each is refused at file:line:column."""
    sc = tmp_path / "names.yaml"
    for other, why in (
            ("cole pruitt", "'cole pruitt' differs from 'Cole Pruitt' (another character's "
                            "name) only in capitals or letter forms"),
            ("Ｃｏｌｅ Pruitt", "'Ｃｏｌｅ Pruitt' differs from 'Cole Pruitt' (another "
                               "character's name) only in capitals or letter forms"),
            ("Cole\u200bPruitt Jr", "a name cannot hold an invisible format character "
                                    "(U+200B, ZERO WIDTH SPACE)")):
        sc.write_text(NAMES.replace("OTHER", other), encoding="utf-8")
        res = RUNNER.invoke(app, ["check", str(sc)])
        assert res.exit_code == 2, (other, res.output)
        assert res.stderr.startswith(f"{sc}:9:14: sides.gang[0].name: {why}"), res.stderr
    sc.write_text(NAMES.replace("OTHER", "Jesse Pruitt"), encoding="utf-8")
    assert RUNNER.invoke(app, ["check", str(sc)]).exit_code == 0
