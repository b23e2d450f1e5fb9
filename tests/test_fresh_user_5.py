"""What the fifth fresh user tripped on.

1. ``narrator run`` of a play-by-post file fought from scratch, ignoring the turns ``next``
   had recorded and the GM's edits of ``state:``: it now replays them (its write-up is the one
   posted) and fights on from there as ``next`` would.
2. Gaslight and Weird West: a GM's edit of Health (Gaslight) or Wind (Weird West) that takes a
   man to the rules' threshold never put him down; the rule now applies to the edit as to
   damage (Gaslight G10: Health at or below half the CON score, unconscious; 0, dead; Weird
   West W8: Wind 0 or less, winded).
4. Gaslight showed 30.04 feet as "30" (and teaching prose as "10 yards") next to a range
   increment of 30 feet; a distance that is not whole is now never shown as a whole number.
5. ``check``'s sniping warning read the declared intents only: a tactics profile's shot in
   turn 1 (knowable before any die) now counts, and where a profile decides a later turn
   before the sniping one the warning says that check cannot tell.
"""

from __future__ import annotations

import re
from pathlib import Path


def _new(run_cli, tmp_path: Path, ruleset: str, seed: int) -> Path:
    """``narrator new --ruleset RULESET`` with ``seed:``, its first turn resolved by next."""
    path = tmp_path / f"{ruleset}.yaml"
    r = run_cli(None, "new", "--ruleset", ruleset, "--out", str(path))
    assert r.exit_code == 0, r.output
    path.write_text(re.sub(r"^seed: \d+", f"seed: {seed}", path.read_text(), flags=re.M))
    r = run_cli(path, "next")
    assert r.exit_code == 0 and "the fight is over" not in r.stderr, r.output
    return path


# ---------------------------------------------------------------------- 2. edits put men down
def test_gaslight_health_edited_to_half_con_knocks_him_out_as_damage_would(run_cli, tmp_path):
    path = _new(run_cli, tmp_path, "gaslight", 1)
    text = path.read_text()
    assert "    Silas Vane:\n      condition: active\n      at: [1, 0]\n      hp: 9\n" \
        "      health: 12\n" in text
    path.write_text(text.replace("      hp: 9\n      health: 12\n", "      hp: 9\n      health: 6\n"))
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    post = r.stdout
    assert "GM adjustment: Vane's health is now 6.\n\nVane falls unconscious, Health 6 at or " \
        "below half of CON 12." in post
    assert "Vane fires" not in post and "Vane draws" not in post
    assert "- Vane (roughs): unconscious; hit points 9/9, Health 6/12" in post
    state = path.read_text().split("\nstate:\n")[1]
    assert "    Silas Vane:\n      condition: passed_out\n" in state
    assert "the fight is over: the roughs are down" in r.stderr


def test_gaslight_health_above_half_con_keeps_him_up(run_cli, tmp_path):
    path = _new(run_cli, tmp_path, "gaslight", 1)
    text = path.read_text()
    path.write_text(text.replace("      hp: 9\n      health: 12\n", "      hp: 9\n      health: 7\n"))
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    assert "falls unconscious, Health 7" not in r.stdout
    assert "Vane fires" in r.stdout


def test_gaslight_health_edited_to_zero_is_death_and_the_story_says_so(run_cli, tmp_path):
    path = _new(run_cli, tmp_path, "gaslight", 1)
    text = path.read_text()
    path.write_text(text.replace("      hp: 9\n      health: 12\n", "      hp: 9\n      health: 0\n"))
    r = run_cli(path, "next", "--format", "text", "--mode", "story")
    assert r.exit_code == 0, r.output
    story = r.stdout.split("Rolls, ")[0]
    assert "Vane is out of the fight, dead." in story
    assert "  Vane: dead (Health 0/12).\n" in r.stdout


def test_weird_west_wind_edited_to_zero_winds_him_as_a_hit_would(run_cli, tmp_path):
    path = _new(run_cli, tmp_path, "weird-west", 1)
    text = path.read_text()
    assert "    Cash Moody:\n      condition: active\n      at: [22, 0]\n      wind: 14\n" in text
    path.write_text(text.replace("      wind: 14\n", "      wind: 0\n"))
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    post = r.stdout
    assert "GM adjustment: Moody's Wind is now 0.\n\nMoody is at 0 Wind: winded, out of the " \
        "fight until it ends." in post
    assert "- Moody:" not in post          # no Quickness roll, no cards: he is out
    assert "flees" not in post
    assert "- Moody (jumpers): winded" in post
    r = run_cli(path, "next", "--repost", "2", "--format", "text", "--mode", "story")
    assert r.exit_code == 0, r.output
    assert "Moody is out of the fight, winded and down." in r.stdout.split("Rolls, ")[0]
    assert "  Moody: winded (0 Wind).\n" in r.stdout


def test_weird_west_wind_above_zero_leaves_him_in(run_cli, tmp_path):
    path = _new(run_cli, tmp_path, "weird-west", 1)
    path.write_text(path.read_text().replace("      wind: 14\n", "      wind: 1\n"))
    r = run_cli(path, "next", "--format", "text")
    assert r.exit_code == 0, r.output
    assert "winded" not in r.stdout.split("Status after")[0]
    assert "- Moody: " in r.stdout


# ---------------------------------------------------------------------- 1. run replays records
def _posted(run_cli, tmp_path: Path) -> tuple[Path, list[str]]:
    """A generated Boot Hill skirmish, two turns resolved by next, Eli "Little" Davis (once
    '"Little Eli" Davis') edited dead in ``state:``, a third turn resolved: (the file, the
    three posts next printed)."""
    path = tmp_path / "g.yaml"
    r = run_cli(None, "generate", "--sides", "posse:2", "rustlers:2", "--setting", "street",
                "--seed", "7", "--out", str(path))
    assert r.exit_code == 0, r.output
    posts = []
    for turn in (1, 2, 3):
        if turn == 3:
            text = path.read_text()
            old = "Eli \"Little\" Davis:\n      condition: active"
            assert old in text
            path.write_text(text.replace(old, old.replace("active", "dead")))
        r = run_cli(path, "next", "--mode", "story", "--format", "text")
        assert r.exit_code == 0, r.output
        posts.append(r.stdout)
    return path, posts


def test_run_of_a_play_by_post_file_writes_up_what_was_posted_then_fights_on(run_cli, tmp_path):
    from narrator.playbypost import run_recorded
    from narrator.render import render_posts
    from narrator.scenario import load_scenario

    path, posts = _posted(run_cli, tmp_path)
    assert "By now Eli is out of the fight, dead." in posts[2]
    log, done = run_recorded(load_scenario(path))
    assert done == 3
    shown = render_posts(log, "text", "story", per_turn=True)
    assert shown[:3] == posts
    r = run_cli(path, "run", "--mode", "story", "--format", "text")
    assert r.exit_code == 0, r.output
    assert "By now Eli is out of the fight, dead." in r.stdout
    fought = log.events[-1].turns
    assert fought > 3
    assert r.stderr.splitlines()[0] == (
        f"{path}: turns 1-3 replayed from the records narrator next wrote, with the GM's edits "
        f"of state:; turns 4-{fought} fought on (not recorded: narrator next resolves and "
        f"records them)")
    # the turn run fought on is the one next then resolves (same seed, same edits)
    r = run_cli(path, "next", "--mode", "story", "--format", "text")
    assert r.exit_code == 0, r.output
    assert r.stdout == shown[3]


def test_run_of_a_play_by_post_file_refuses_the_plain_tables_at_the_first_record(run_cli, tmp_path):
    # the generated file has no house rules nor rulings: its records are the plain tables'
    # own, and --profile tables replays them (fresh user 16 was told they "were fought with
    # its house rules and GM rulings")
    path, _ = _posted(run_cli, tmp_path)
    r = run_cli(path, "run", "--profile", "tables")
    assert r.exit_code == 0, r.stderr
    assert r.stdout == run_cli(path, "run").stdout
    # with a house rule from the start, the records are its own, and the tables refused
    path = tmp_path / "house.yaml"
    assert run_cli(None, "generate", "--sides", "posse:2", "rustlers:2", "--setting", "street",
                   "--seed", "7", "--out", str(path)).exit_code == 0
    text = path.read_text()
    assert "\nhouse_rules: {}" in text
    path.write_text(text.replace("\nhouse_rules: {}", "\nhouse_rules: {shotgun_bonus: false}", 1))
    assert run_cli(path, "next").exit_code == 0
    line = path.read_text().splitlines().index("    resolved:") + 1
    r = run_cli(path, "run", "--profile", "tables")
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [
        f"{path}:{line}:5: --profile tables: this file's turns resolved by narrator next were "
        f"fought with its house rules and GM rulings (house rules: shotgun_bonus=false), and "
        f"their records replay only with them; run a copy without the resolved: records and "
        f"state: to see the plain tables"]


def test_run_of_a_play_by_post_file_with_an_edited_record_is_refused_as_next_refuses(run_cli,
                                                                                     tmp_path):
    path, _ = _posted(run_cli, tmp_path)
    text = path.read_text()
    m = re.search(r"to_hit: \[(\d+)", text)
    assert m
    bumped = str(int(m.group(1)) % 20 + 1)
    path.write_text(text[:m.start(1)] + bumped + text[m.end(1):])
    r = run_cli(path, "run")
    assert r.exit_code == 2
    assert "was changed after it was resolved; run narrator next --redo 1" in r.output
    assert len(r.output.strip().splitlines()) == 1


# ---------------------------------------------------------------------- 4. Gaslight distances
THIRTY_FEET = """\
title: Thirty feet
ruleset: gaslight
seed: 3
sides:
  police:
    - name: Inspector Edwin Thorne
      short: Thorne
      str: 12
      dex: 14
      con: 13
      bab: 2
      hp: 11
      weight: 170
      weapons: [{type: webley_revolver}]
      at: [0, 0]
  roughs:
    - name: Silas Vane
      short: Vane
      str: 13
      dex: 12
      con: 12
      bab: 1
      hp: 9
      weapons: [{type: bulldog_revolver}]
      at: [10.0134, 0]
turns:
  - intents:
      Thorne: {shoot: Vane, mode: aimed}
      Vane: VANE
"""


def _gaslight(run_cli, vane: str, *args: str) -> str:
    r = run_cli(THIRTY_FEET.replace("VANE", vane), "run", "--format", "text", *args,
                name="thirty.yaml")
    assert r.exit_code == 0, r.output
    return r.stdout


def test_gaslight_shows_30_04_feet_beside_the_range_increment_it_passed(run_cli):
    """30.04 ft is past the Webley's 30 ft range increment (G9): -2. Before, teaching said
    "10 yards" and a tenth would say "30"."""
    teaching = _gaslight(run_cli, "{shoot: Thorne, mode: snap}")
    assert "Shot 1, 30.04 feet: d20 4 + 1 (base attack) + 1 (Dexterity) − 2 (range, one " \
        "increment) + 1 (target standing) = 5 against Armor Class 12: a miss." in teaching
    assert "10 yards" not in teaching
    rolls = _gaslight(run_cli, "{shoot: Thorne, mode: snap}", "--mode", "story")
    assert "  Vane at Thorne, snap #1, 30.04 ft: 4 +1 base attack +1 Dexterity −2 range, one " \
        "increment +1 target standing = 5 vs AC 12, miss;" in rolls


def test_gaslight_move_just_over_15_feet_is_shown_past_15_as_its_gait_is(run_cli):
    """Walking slowly is up to 15 ft (GN17); 15.04 ft is walking briskly, and shows so:
    before, the event kept a tenth and both modes said "moves 15 feet (walking briskly)"."""
    teaching = _gaslight(run_cli, "{move: [15.0267, 0]}")
    assert "Silas Vane moves 15.04 feet (walking briskly)." in teaching
    assert "(target walking briskly)" in teaching
    rolls = _gaslight(run_cli, "{move: [15.0267, 0]}", "--mode", "story")
    assert "  Vane moves 15.04 ft (walking briskly) away from Thorne." in rolls


def test_shown_feet_and_the_templates_agree():
    from narrator.rulesets.gaslight.fight import shown_feet
    assert [shown_feet(v) for v in (30.0, 30.04, 29.96, 17.33, 5.6, 120.0, 0.5, 2.99, 3.01)] == \
        ["30", "30.04", "29.96", "17.3", "5.6", "120", "0.5", "3", "3"]


# ---------------------------------------------------------------------- 5. check and tactics
SNIPE = """\
title: From the ridge
seed: 1
sides:
  posse:
    - name: Jake Harlan
      short: Jake
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      skills: {rifle: 5}
      weapons: [{type: lever_action_rifle}]
      at: [0, 0]
  rustlers:
    - name: Dutch
      pronoun: she
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      skills: {rifle: 3}
      weapons: [{type: lever_action_rifle}]
      at: [60, 5]
      tactics: aggressive
turns:
  - kind: combat
    intents:
      Jake: {move: {gait: walking, to: [1, 0]}}
TURN1
  - kind: combat
    intents:
      Jake: {shoot: Dutch, sniping: true}
"""


def _check(run_cli, tmp_path: Path, turn1: str = "", between: str = "") -> tuple[Path, list[str]]:
    path = tmp_path / "snipe.yaml"
    r = run_cli(SNIPE.replace("TURN1\n", turn1 + between), "check", name="snipe.yaml")
    assert r.exit_code == 0, r.output
    return path, [line for line in r.stderr.splitlines() if "warning" in line]


def test_check_warns_of_sniping_after_a_tactics_profiles_shot_in_turn_1(run_cli, tmp_path):
    """Dutch has no intent in turn 1; her aggressive profile shoots Jake there (known before
    any die), so Jake's sniping in turn 2 gets no +2. Before, check said nothing."""
    path, said = _check(run_cli, tmp_path)
    assert said == [
        f"{path}:25:37: warning: Jake Harlan snipes in turn 2, but Dutch's tactics "
        f"(aggressive) shoot in turn 1, before it: the sniping bonus (+2) is for the fight's "
        f"first shot only (001 l.26; ruling B3), so it does not apply here; drop sniping:"]
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario
    log = run_fight(load_scenario(path))
    first = next(e for e in log.events if e.kind == "shot_fired")
    assert (first.turn, first.shooter) == (1, "Dutch")
    jake = next(e for e in log.events if e.kind == "shot_fired" and e.shooter == "Jake Harlan")
    assert not any(m.name == "sniping" for m in jake.modifiers)


def test_no_warning_when_the_profile_does_not_shoot_in_turn_1(run_cli, tmp_path):
    _, said = _check(run_cli, tmp_path, "      Dutch: {move: {gait: walking, to: [61, 5]}}\n")
    assert said == []


def test_check_says_it_cannot_tell_what_a_profile_does_in_a_later_turn(run_cli, tmp_path):
    between = ("  - kind: combat\n    intents:\n"
               "      Jake: {move: {gait: walking, to: [2, 0]}}\n")
    path, said = _check(run_cli, tmp_path, "      Dutch: {move: {gait: walking, to: [61, 5]}}\n",
                        between)
    assert said == [
        f"{path}:29:37: warning: Jake Harlan snipes in turn 3, but Dutch has a tactics profile "
        f"that decides turn 2 as the fight goes, and a shot of hers before turn 3 would take "
        f"the sniping bonus (+2, the fight's first shot only: 001 l.26; ruling B3); check "
        f"reads the declared turns and turn 1's tactics only"]


# ---------------------------------------------------------------------- 3. a wounded man's run
LAME = """\
title: A lame run
seed: 5
map:
  water_trough: {at: [-18, 0], cover: {locations: [legs, abdomen]}}
sides:
  posse:
    - name: Jake Harlan
      short: Jake
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      skills: {pistol: 5}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
      tactics: coward
  rustlers:
    - name: Dutch
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      weapons: [{type: single_action_revolver}]
      at: [10, 0]
turns:
  - kind: combat
    intents:
      Jake: {shoot: Dutch, shots: 1}
      Dutch: {shoot: Jake, shots: 1}
  - kind: combat
    intents:
      Dutch: {move: {gait: walking, to: [11, 0]}}
dice:
  Jake Harlan: {to_hit: [20]}
  Dutch: {to_hit: [1], location: [1], severity: [3]}
"""


def test_a_coward_with_a_leg_wound_runs_as_far_as_his_wounded_run_not_the_tables(run_cli, tmp_path):
    """Turn 1 leaves Jake a light wound in the left leg: his run (24 yards, Table 3) is
    halved to 12. The coward flees in turn 2; the water trough is 18 yards off. Before, his
    profile read the run of the tables, made for the trough and stopped 6 yards short of it
    in the open; now it reads the wounded run and runs the 12 yards he has."""
    path = tmp_path / "lame.yaml"
    path.write_text(LAME)
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario
    log = run_fight(load_scenario(path))
    said = next(e for e in log.events if e.kind == "intent_declared" and e.turn == 2
                and e.character == "Jake Harlan")
    assert (said.source, said.gait, said.destination) == ("tactics", "running", "-12,0")
    moved = next(e for e in log.events if e.kind == "moved" and e.turn == 2
                 and e.character == "Jake Harlan")
    assert (moved.allowance, moved.distance, moved.end, moved.arrived) == \
        (12.0, 12.0, (-12.0, 0.0), True)
    assert [m.name for m in moved.penalties] == ["wounded_left_leg"]
    r = run_cli(path, "run", "--format", "text", "--mode", "story")
    assert r.exit_code == 0, r.output
    assert "  Jake runs 12 of 12 yd (wounded left leg halves it).\n" in r.stdout
    assert "runs towards the water trough" not in r.stdout


def test_the_tactics_read_the_wounded_allowance_the_engine_moves_by():
    from narrator.rulesets.boothill import tactics
    from narrator.rulesets.boothill.state import Wound
    from narrator.dice import ScriptedDice
    from narrator.ruleset import get as ruleset
    from narrator.scenario import load_scenario_text
    loaded = load_scenario_text(LAME)
    fight = ruleset("boothill").fight(loaded, ScriptedDice({}, 1), 1, False)
    jake = fight.fighters["Jake Harlan"]
    run = [tactics._allowance(jake, "running", "combat")]
    jake.wounds = [Wound("left_leg", "light", 1)]
    run.append(tactics._allowance(jake, "running", "combat"))
    jake.wounds = [Wound("left_leg", "light", 1), Wound("right_leg", "light", 1)]
    run.append(tactics._allowance(jake, "running", "combat"))
    jake.wounds = [Wound("right_leg", "serious", 3)]        # walk only, and halved
    run.append(tactics._allowance(jake, "running", "combat"))
    jake.wounds = [Wound("abdomen", "serious", 3)]          # halves a run, not a walk
    run += [tactics._allowance(jake, "running", "combat"),
            tactics._allowance(jake, "walking", "combat")]
    jake.wounds = [Wound("left_leg", "serious", 3), Wound("right_leg", "serious", 3)]
    run.append(tactics._allowance(jake, "running", "combat"))   # crawl only
    assert run == [24.0, 12.0, 6.0, 3.0, 12.0, 6.0, 2.0]
