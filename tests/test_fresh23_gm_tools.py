"""fresh23's GM-toolkit items (REPORT.md items 8, 13, 14, 15 last bullet): what ``next``,
``run`` and ``check`` tell a GM of a play-by-post file. The scenarios in tests/fresh23tools/
are the GM's own files (Weird West and Gaslight play-by-post)."""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).parent / "fresh23tools"


def _copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(HERE / name, path)
    return path


# ------------------------------------------------------ 14. next on a finished fight
def test_next_on_a_finished_fight_says_it_is_over_and_why(run_cli, tmp_path):
    """ww-pbp.yaml: turn 6 put the last Kincaid down. ``next`` used to answer "all 6 turns
    are resolved; add a turn with intents (or raise max_turns) to go on", as if the fight
    could go on."""
    path = _copy(tmp_path, "ww-pbp.yaml")
    before = path.read_text()
    r = run_cli(path, "next")
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [
        f"{path}:96:5: the fight is over: the Kincaids are all down (turn 6 ended it), so "
        f"there is no turn to resolve; --redo N resolves turn N again"]
    assert "add a turn" not in r.stderr and r.stdout == ""
    assert path.read_text() == before and not Path(f"{path}.bak").exists()


def test_next_that_ends_the_fight_names_the_side_down(run_cli, tmp_path):
    path = _copy(tmp_path, "ww-pbp.yaml")
    r = run_cli(path, "next", "--redo", "6")
    assert r.exit_code == 0, r.output
    assert r.stderr.strip().splitlines()[-1] == (
        f"{path}: turn 6 resolved and recorded; the fight is over: the Kincaids are all down")


# ------------------------------------------- 15. Weird West: a fight: out of reach
def test_weird_west_check_warns_of_a_fight_declared_out_of_reach(run_cli, tmp_path):
    """ww2-turn1.yaml: round 1 resolved; round 2 declares ``Silas: [{fight: Abel}]`` with
    Silas at [0, 5] and Abel at [24, 0] in ``state:``. Boot Hill's check warns of a strike out
    of reach; Weird West's said only "ok"."""
    path = _copy(tmp_path, "ww2-turn1.yaml")
    r = run_cli(path, "check")
    assert r.exit_code == 0
    assert r.stderr.strip().splitlines() == [
        f"{path}:60:23: warning: Silas Webb cannot fight Abel Kincaid: 24.5 yards apart as "
        f"round 2 starts and neither moves before the attack, out of reach (a fightin' attack "
        f"reaches 1 yard, ruled: WN16); give Silas Webb a move: into reach first (on this card "
        f"or an earlier one)"]


def test_weird_west_fight_after_a_move_or_within_reach_is_not_warned(run_cli, tmp_path):
    path = _copy(tmp_path, "ww2-turn1.yaml")
    text = path.read_text()
    path.write_text(text.replace("Silas: [{fight: Abel}]", "Silas: [{move: [23.5, 0]}, "
                                                          "{fight: Abel}]"))
    r = run_cli(path, "check")
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr
    # Abel moved by the GM to Silas's side, in state: (the round starts with them 1 yard apart)
    head, state = text.split("\nstate:\n")
    path.write_text(head + "\nstate:\n" + state.replace("      at: [24, 0]\n",
                                                      "      at: [1, 5]\n"))
    r = run_cli(path, "check")
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr


# ------------------------------------- 13. warnings of a turn resolved long ago
HOLSTER = ("warning: Inspector Jonas Thorne declares a move in turn 1, but drawing his Webley "
           "revolver from a holster is a move action that costs him the move (GN18)")
FRIENDLY = ("warning: Sergeant Alice Bell shoots at Inspector Jonas Thorne, who is on her own "
            "side (police); if that is meant (a betrayal), add friendly_fire: true to the intent")


def test_next_warns_of_the_turn_it_resolves_only(run_cli, tmp_path):
    """gl-b2.yaml: turn 1 (Thorne's move with a holster draw, warned of) resolved; turn 2
    declares Bell's shot at Thorne, her own side, dead in state:. next warns of turn 2's shot
    (both things), never again of turn 1's move."""
    path = _copy(tmp_path, "gl-b2.yaml")
    r = run_cli(path, "next")
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines() == [
        f"{path}: turn 2 resolved and recorded",
        f"{path}:67:14: warning: Sergeant Alice Bell declares a shot at Inspector Jonas Thorne "
        f"in turn 2, but Inspector Jonas Thorne is dead in state: the shooter holds fire, and "
        f"the shot is not made; declare another target",
        f"{path}:67:21: {FRIENDLY}"]


def test_run_leaves_out_warnings_of_resolved_turns_check_keeps_them(run_cli, tmp_path):
    """gl-pbp.yaml: all 6 turns resolved. run printed turn 1's holster warning and turn 2's
    friendly-fire one every time; they are records now. check (the whole file, what a --redo
    would fight again) still says them."""
    path = _copy(tmp_path, "gl-pbp.yaml")
    r = run_cli(path, "run")
    assert r.exit_code == 0
    assert ": warning:" not in r.stderr, r.stderr
    r = run_cli(path, "check")
    assert r.exit_code == 0
    lines = r.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{path}:57:47: {HOLSTER}") \
        and lines[1] == f"{path}:67:21: {FRIENDLY}"


# ------------------------------------------------- 8. what --redo throws away
def test_redo_says_what_it_discarded_and_drops_the_stale_comment(run_cli, tmp_path):
    """ww-pbp.yaml: the GM set Abel ``condition: dead   # GM: Abel bled out`` before turn 4;
    he changes turn 2 and redoes it. The redo threw turns 3-6 and that edit away silently and
    left ``condition: active   # GM: Abel bled out``."""
    path = _copy(tmp_path, "ww-pbp.yaml")
    before = path.read_text()
    path.write_text(before.replace("      Hattie: [{shoot: Abel, weapon: double_barrel_shotgun}]",
                                   "      Hattie: [{shoot: Abel}]"))
    edited = path.read_text()
    r = run_cli(path, "next", "--redo", "2")
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines() == [
        f"{path}: turn 2 resolved and recorded",
        f"{path}: --redo 2 discarded turns 3-6; your edits of state: before turn 4: Abel "
        f"Kincaid (condition); your comments on state: lines it changed: 'condition: dead   "
        f"# GM: Abel bled out'; the file as it was is {path}.bak (until the next narrator next "
        f"replaces it)"]
    text = path.read_text()
    assert "Abel bled out" not in text
    assert "    Abel Kincaid:\n      condition: active\n      at: [24, 0]\n" in text
    assert Path(f"{path}.bak").read_text() == edited
    assert "# GM" not in text.split("\nstate:\n")[1]   # (his only comment there)


def test_redo_of_the_last_turn_discards_nothing_to_say(run_cli, tmp_path):
    """gl-pbp.yaml: redoing turn 6, the last, discards no turn and no edit made after it;
    the GM's comment on Bell's position (unchanged by the redo) stays."""
    path = _copy(tmp_path, "gl-pbp.yaml")
    r = run_cli(path, "next", "--redo", "6")
    assert r.exit_code == 0, r.output
    assert "discarded" not in r.stderr
    state = path.read_text().split("\nstate:\n")[1]
    assert "# GM: she dashed for the crates" in state
