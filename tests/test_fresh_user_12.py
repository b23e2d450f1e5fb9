"""Fresh user 12's finds (a GM who read only the README and docs): each test asserts the real
text or output of his own scenarios (kept in tests/fresh12/), and failed on the code before
its fix."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "fresh12"


@lru_cache(maxsize=None)
def _fight(name: str, seed: int):
    path = DATA / name
    return run_fight(load_scenario_text(path.read_text(), str(path)), seed)


def _teaching(name: str, seed: int, fmt: str = "markdown") -> str:
    return render(_fight(name, seed), fmt, "teaching")


def _story(name: str, seed: int, tense: str = "present") -> str:
    return render(_fight(name, seed), "text", "story", options=Options(tense=tense))


# ------------------------------------------------------------------ 1. Weird West write-up
def test_a_shotgun_with_one_barrel_left_is_told_empty_once():
    """Old (seed 4242, round 2): Jeb fires both barrels with one loaded: "...a miss. The
    double-barrel shotgun is empty." then "**Jeb** (Q♠) tries to shoot at Luke but finds the
    gun empty (double-barrel shotgun)." on the same card."""
    text = _teaching("ww-mission.yaml", 4242)
    assert "a failure: a miss. The double-barrel shotgun is empty." in text
    assert "finds the gun empty" not in text


def test_no_card_is_kept_up_a_sleeve_for_a_round_that_never_comes():
    """Old (seed 4242): round 9 was the last (the Cutter gang was down) yet "Up their sleeves
    for the next round: Thorne 3♣, Jeb 5♣."."""
    log = _fight("ww-mission.yaml", 4242)
    last = [e for e in log.events if e.kind == "ww_round_ended"][-1]
    ended = [e for e in log.events if e.kind == "fight_ended"][0]
    assert last.turn == ended.turns and last.last
    assert last.sleeves == (("Preacher Elias Thorne", "3C"), ("Old Jeb Hawkins", "5C"))
    assert not any(e.last for e in log.events if e.kind == "ww_round_ended" and e is not last)
    assert ended.reason == "side_down"
    assert "Up their sleeves" not in _teaching("ww-mission.yaml", 4242)


def test_a_man_who_runs_to_shoot_one_man_is_told_running_at_that_man():
    """Old (seeds 4242 and 2): "Jimmy "Kid" Rourke runs straight at Maria. Old Jeb Hawkins
    ducks as Kid's bullet goes over." (Maria was the nearest; his shot on that card was at
    Jeb)."""
    assert 'Jimmy "Kid" Rourke runs straight at Old Jeb Hawkins. Jeb is lucky: Kid\'s bullet' \
        in _story("ww-mission.yaml", 4242)
    assert 'Jimmy "Kid" Rourke goes for Old Jeb Hawkins at a run.' in _story("ww-mission.yaml", 2)


def test_weird_west_tells_distances_in_yards_only():
    """Old (seed 4242): "**Kid** (9♣) moves 7.8 yards" then "at **Jeb**, about 24 feet
    away" in one post."""
    text = _teaching("ww-mission.yaml", 4242)
    assert "**Kid** (9♣) moves 7.8 yards" in text
    assert "fires his Colt Lightning at **Jeb**, about 8 yards away" in text
    assert " feet away" not in text


def test_a_joker_dealt_is_never_a_joker_held():
    """Old (past tense): "Jeb held a joker this round." reads as the card held back (a
    hold action, or a card up his sleeve); the joker was dealt to him."""
    table = tomllib.loads((ROOT / "narrator/rulesets/weird_west/templates/phrases.toml")
                          .read_text())
    assert not [p for p in table["w_joker"] if "[hold]" in p]
    past = _story("ww-mission.yaml", 2, "past")
    assert "Amos Cutter was dealt a joker this round." in past


def test_a_light_wound_is_never_deep_in_the_belly():
    """Old (story, seed 3): "takes Amos deep in the belly; a light wound"."""
    text = _story("ww-mission.yaml", 3)
    assert re.search(r"(?:takes|catches) Amos in the stomach; a light wound\.", text)
    assert "deep in the belly" not in text


# ------------------------------------------------------------------ 2. Gaslight
def test_the_compact_rolls_block_names_a_natural_20_and_a_natural_1():
    """Old (story, rolls block, seed 1888): "Abberline at Shea, snap #3 ... = 11 vs AC 13,
    hit" for a natural 20 (the teaching prose says "a natural 20, a hit")."""
    text = render(_fight("gaslight-street.yaml", 1888), "bbcode", "story")
    assert "= 11 vs AC 13, natural 20, hit; Webley revolver: 3 left." in text
    assert "= −4 vs AC 13, natural 1, fumble; Lee-Metford: 5 left." in text


def test_a_quick_draw_without_the_skill_is_warned_and_told_a_normal_draw():
    """Old: Abberline (no Quick Draw skill) declares ``draw: quick``: check said nothing and
    the write-up "draws his Webley revolver from his holster" as if nothing was asked."""
    path = DATA / "gaslight-street.yaml"
    loaded = load_scenario_text(path.read_text(), str(path))
    warned = [str(w) for w in loaded.warnings if "Quick Draw" in str(w)]
    assert warned == [f"{path}:63:50: warning: Inspector Frederick Abberline declares draw: "
                      "quick in turn 1, but has no Quick Draw skill (only one who knows it may "
                      "try a quick draw), so the draw is a normal one; give him skills: "
                      "{quick_draw: N}, or leave draw: out"]
    text = _teaching("gaslight-street.yaml", 1888)
    assert ("**Inspector Frederick Abberline** has no Quick Draw skill to try, so the draw is "
            "a normal one. He draws his Webley revolver from his holster: a move action, "
            "which costs him his move; the move he declared is not made.") in text
    story = render(_fight("gaslight-street.yaml", 1888), "text", "story")
    assert ("Abberline draws (holster; no Quick Draw skill: a normal draw): a move action; "
            "the declared move is not made.") in story


# ------------------------------------------------------------------ 3. play-by-post status
def test_status_shows_what_the_state_block_records_beyond_wounds(run_cli):
    """Old (`narrator status` after turn 2): the table had condition, wounds, WP, loaded and
    at only; state: records Jesse prone with bruise_points 9 (Brody's fist knocked him down,
    which ends Jesse's hold on Brody, ruling BN5) and, in a turn 2 where Brody does not hit
    back (pbp-livery-hold.yaml), Brody held_by Jesse Pruitt."""
    text = (DATA / "pbp-livery-turn2.yaml").read_text()
    r = run_cli(text, "status", env={"COLUMNS": "120"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[2].split() == ["character", "condition", "wounds", "WP", "loaded", "at",
                                "also"]
    brody = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("Marshal"))
    assert lines[brody].rstrip().endswith("-")   # (the knockdown ended the hold)
    jesse = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("Jesse"))
    assert lines[jesse].rstrip().endswith("bruise points 9") and lines[jesse + 1].rstrip(
        ).endswith("prone")
    # at 80 columns (since fresh user 16: a table keeping each name whole does not fit) a
    # block per man says the same
    r = run_cli(text, "status", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    jesse = lines.index("  Jesse Pruitt: active; WP 5/16; at 1.1, 0")
    assert lines[jesse + 3] == "    also: bruise points 9; prone"
    assert "held by" not in r.stdout
    r = run_cli((DATA / "pbp-livery-hold.yaml").read_text(), "status",
                env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    brody = lines.index("  Marshal Cal Brody: active; WP 0/15; at 0, 0")
    assert lines[brody + 2] == "    also: held by Jesse"


# ------------------------------------------------------------------ 6. error messages
def _error(name: str, run_cli) -> str:
    r = run_cli(DATA / "bad" / name, "check")
    assert r.exit_code == 2, r.stdout
    return r.stderr.strip().removeprefix(str(DATA / "bad" / name))


def test_error_suggestions_mean_what_the_gm_meant(run_cli):
    """Old: "'her' is not one of 'he', 'she' or 'they'; did you mean 'he'?"; Weird West
    "unknown key 'shot'; did you mean 'shots'?" for ``shot: Jeb``; Boot Hill "unknown weapon
    type 'webley_revolver'; did you mean 'cap_ball_revolver'?" (a Gaslight weapon)."""
    assert _error("gs-pronoun.yaml", run_cli) == (
        ":50:16: sides.fenians[1].pronoun: 'her' is not one of 'he', 'she' or 'they'; did you "
        "mean 'she'?")
    assert _error("ww-key.yaml", run_cli) == (
        ":64:29: unknown key 'shot'; did you mean 'shoot' (whom to shoot at) or 'shots' (how "
        "many)?")
    assert _error("other-ruleset-weapon.yaml", run_cli) == (
        ":41:24: unknown weapon type 'webley_revolver': that is a Gaslight weapon, and this "
        "scenario is Boot Hill ('narrator rules boothill weapons' lists its weapons); did you "
        "mean 'cap_ball_revolver'?")


def test_yaml_indentation_and_bracket_errors_in_plain_words(run_cli):
    """Old: "YAML: expected <block end>, but found '?'; check the indentation (while parsing
    a block collection at line 30, column 5)"."""
    assert _error("bad-indent.yaml", run_cli) == (
        ":40:5: YAML: this line is not indented like the rest of the list that starts at line "
        "30, column 5: the keys of one mapping (and the '- ' of one list) start in one column; "
        "a key that belongs to the line above goes further in, under it")
    assert _error("ww-indent.yaml", run_cli).startswith(
        ":65:6: YAML: this line is not indented like the rest of the mapping that starts at "
        "line 62, column 5:")
    assert _error("unclosed.yaml", run_cli) == (
        ":8:64: YAML: the '[' opened at line 8, column 22 is not closed here: after each item "
        "comes ',' or the closing ']' (found '}')")


def test_a_file_in_a_system_folder_is_refused_in_plain_words(run_cli):
    """Old: "/proc/fight.md: cannot write: No such file or directory" (/proc exists)."""
    r = run_cli(DATA / "boothill-livery.yaml", "run", "--out", "/proc/fight.md")
    assert r.exit_code == 2
    assert r.stderr.strip() == ("/proc/fight.md: cannot write: the folder /proc takes no new "
                                "files (a system folder, such as /proc or /sys); write it "
                                "elsewhere")


# ------------------------------------------------------------------ 4. batch --out
def test_batch_out_makes_its_folder_but_no_missing_chain_as_run(run_cli, tmp_path):
    """Old: `batch --out /tmp/no/such/` exited 0 and made the whole chain, while `run --out
    /tmp/no/such/dir/fight.md` refused "the folder ... does not exist". Now batch makes its
    own folder (in a folder that exists) and refuses a missing chain as run does."""
    scenario = DATA / "boothill-livery.yaml"
    deep = tmp_path / "no" / "such"
    r = run_cli(scenario, "batch", "--runs", "1", "--out", str(deep), "-j", "1")
    assert r.exit_code == 2
    assert r.stderr.strip() == f"{deep}: the folder {tmp_path / 'no'} does not exist"
    assert not (tmp_path / "no").exists()
    run = run_cli(scenario, "run", "--out", str(deep / "fight.md"))
    assert run.exit_code == 2 and "does not exist" in run.stderr
    fresh = tmp_path / "fights"
    r = run_cli(scenario, "batch", "--runs", "1", "--out", str(fresh), "-j", "1")
    assert r.exit_code == 0, r.stderr
    assert [p.name for p in fresh.iterdir()] == ["boothill-livery-1881.md"]
    (tmp_path / "afile").write_text("x")
    r = run_cli(scenario, "batch", "--runs", "1", "--out", str(tmp_path / "afile"), "-j", "1")
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"{tmp_path / 'afile'}: is a file, not a folder (--out names "
                                "the folder the fights go in)")


# ------------------------------------------------------------------ 7. docs
def _section(text: str, heading: str, after: str = "") -> str:
    start = text.index(heading, text.index(after) if after else 0)
    end = text.find("\n### ", start + len(heading))
    return text[start:end if end > 0 else None]


def test_gaslight_quick_draw_reference_is_no_empty_table():
    """Old: docs/gaslight.md "### Quick draw" was a table header with no row (so was `narrator
    rules gaslight quick-draw`)."""
    quick = _section((ROOT / "docs/gaslight.md").read_text(), "### Quick draw")
    assert "| holster | move | free |" in quick
    assert "| pocket | standard | no help |" in quick
    assert "| entry | value |" not in quick


def test_gaslight_intent_shots_and_draw_are_told_by_gaslight_rules():
    """Old: docs/scenario.md's Gaslight Intent said of shots "Combat turn: 1 or 2 careful
    shots. Shootout turn: ..." and of draw "fast (a Fast Draw roll) or normal (3 counts)",
    Boot Hill's words."""
    intent = _section((ROOT / "docs/scenario.md").read_text(), "### Intent",
                      "## Gaslight (`ruleset: gaslight`)")
    shots = next(ln for ln in intent.splitlines() if ln.startswith("| `shots`"))
    draw = next(ln for ln in intent.splitlines() if ln.startswith("| `draw`"))
    assert "careful" not in shots and "Shootout" not in shots
    assert "at most what the mode allows" in shots
    assert "Fast Draw roll" not in draw and "3 counts" not in draw
    assert "Quick Draw roll, for a man with the Quick Draw skill" in draw


def test_readme_names_the_weird_west_data_folder_as_it_is():
    """Old: README said the data is in narrator/rulesets/<ruleset>/data/, but the Weird West
    folder is weird_west, not weird-west."""
    readme = (ROOT / "README.md").read_text()
    assert "`weird_west` for `weird-west`" in readme
    assert (ROOT / "narrator/rulesets/weird_west/data").is_dir()


# ------------------------------------------------------------------ 8. minor
def test_odds_of_one_fight_says_one_fight(run_cli):
    """Old: `odds -n 1` printed "1 fights (seeds 1881-1881; ...)"."""
    r = run_cli(DATA / "boothill-livery.yaml", "odds", "-n", "1", "-j", "1")
    assert r.exit_code == 0, r.stderr
    assert "Trouble at Hennessey's Livery: 1 fight (seed 1881; scripted dice" in r.stdout
    assert "1 fights" not in r.stdout


def test_next_keeps_the_gms_spaces_before_a_comment_in_state(run_cli, tmp_path):
    """Old: `next` rewrote "at: [18, 0]   # GM: he ducked back into the stable" (three
    spaces) with two."""
    path = tmp_path / "pbp.yaml"
    path.write_text((DATA / "pbp-livery-turn2.yaml").read_text())
    r = run_cli(path, "next")
    assert r.exit_code == 0, r.stderr
    assert "      at: [18, 0]   # GM: he ducked back into the stable\n" in path.read_text()


# ------------------------------------------------------------------ 5. JSON log
def test_the_json_log_gives_each_ruleset_its_own_attributes_and_light():
    """Old: every Weird West character had strength/coo/obs/sta/luck 0 and "night": false
    under dim light; Gaslight put CON in sta, DEX in coo and "night": true for light: poor."""
    import json

    ww = json.loads(_fight("ww-mission.yaml", 4242).to_json())["events"][0]
    assert ww["light"] == "dim" and ww["night"] is False
    thorne = ww["characters"][0]
    assert not {"strength", "coo", "obs", "sta", "luck"} & set(thorne)
    assert ["deftness", "3d8"] in thorne["attributes"]
    assert ["spirit", "4d10"] in thorne["attributes"]
    gl = json.loads(_fight("gaslight-street.yaml", 1888).to_json())["events"][0]
    assert gl["light"] == "poor" and gl["night"] is False
    abberline = gl["characters"][0]
    assert abberline["attributes"] == [["str", 12], ["dex", 14], ["con", 13]]
    assert not {"strength", "coo", "obs", "sta", "luck"} & set(abberline)


def test_a_boot_hill_log_keeps_its_attributes_and_reads_back_equal():
    from narrator.events import FightLog

    log = run_fight(load_scenario_text((ROOT / "scenarios/examples/luke-short.yaml")
                                       .read_text()), 1887)
    text = log.to_json()
    luke = [c for c in __import__("json").loads(text)["events"][0]["characters"]
            if c["name"] == "Luke Short"][0]
    assert (luke["strength"], luke["coo"], luke["obs"], luke["sta"], luke["luck"]) == \
        (13, 16, 13, 14, 10)
    assert "attributes" not in luke
    assert FightLog.from_json(text) == log
    ww = _fight("ww-mission.yaml", 4242)
    assert FightLog.from_json(ww.to_json()) == ww
