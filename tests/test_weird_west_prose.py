"""Weird West teaching write-up wording a rules referee read against 004 and W1-W20: a weapon
named with its owner's possessive, a fan refused for want of a free hand, the fanning hits of
a roll without a raise, a bead drawn on a woman by a woman, and the rulings cited with
``--cite`` where the write-up leans on them (W3's card for a failure, W12's meet or beat)."""

from __future__ import annotations

import json
import re

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import loader


def teach(ann: dict, bob: dict, turns: list, dice: dict, cite: bool = False) -> str:
    """Ann (posse, at the origin) and Bob (gang, 3 yards east), scripted; the teaching text."""
    sc = {"title": "t", "ruleset": "weird-west", "seed": 3, "max_turns": len(turns),
          "dice_fallback": "seeded",
          "sides": {"posse": [{"name": "Ann", "at": [0, 0], "pronoun": "she", **ann}],
                    "gang": [{"name": "Bob", "at": [3, 0], "weapons": [], **bob}]},
          "turns": [{"intents": t} for t in turns], "dice": dice}
    log = run_fight(loader.load_scenario_text(json.dumps(sc)))
    return render(log, "text", "teaching", options=Options(cite=cite))


TWO_COLTS = {"traits": {"deftness": "4d10", "quickness": "1d12"},
             "aptitudes": {"shootin": {"pistol": 4}},
             "weapons": [{"type": "colt_peacemaker"},
                         {"type": "colt_peacemaker", "name": "her left-hand Peacemaker"}]}


def test_her_own_gun_is_her_gun_once_and_a_fan_without_a_free_hand_says_why():
    """Round 1, two cards (1d12: 11, one raise): she draws a bead on Bob (a woman: "at Bob",
    not "at her") and draws her left-hand Peacemaker; round 2 she tries to fan it, her right
    hand still holding the Colt: 004 l.150 wants a free hand, and the card is spent."""
    text = teach(TWO_COLTS, {"pronoun": "she"},
                 [{"Ann": [{"aim": "Bob"}, {"draw": "her left-hand Peacemaker"}]},
                  {"Ann": [{"fan": "Bob", "weapon": "her left-hand Peacemaker"}]}],
                 {"Ann": {"quickness": [11, 6, 6]}}, cite=True)
    assert "her her" not in text
    assert "Ann (" in text and "+2 to her next shot at Bob (" in text
    assert "draws her left-hand Peacemaker: that is the action" in text
    assert ("tries to fan her left-hand Peacemaker at Bob, but fanning takes a free hand to "
            "slap the hammer with, and her other hand is full (004 l.150): the card is spent "
            "for nothing.") in text
    assert "cannot fan it" not in text


def test_a_fanning_roll_without_a_raise_is_one_hit_and_says_none_here():
    """4d10 at Bob 3 yards off, TN 5: best die 8, -2 fanning = 6, a success without a raise:
    one hit of the six shots (004 l.156)."""
    text = teach({**TWO_COLTS, "weapons": [{"type": "colt_peacemaker"}]}, {},
                 [{"Ann": [{"fan": "Bob"}]}],
                 {"Ann": {"quickness": [6], "shootin": [8, 2, 3, 4]}})
    assert ": one hit (one for the success and one more a raise: none here)." in text
    assert "never more than the shots" not in text


def test_cite_names_the_rulings_the_write_up_leans_on():
    """W3 (a failed Quickness roll still gets a card) is cited after that clause, 004 l.21-22
    after what the chapter says; a fightin' roll that only meets its TN (5 against 5)
    succeeds by W12's meet-or-beat reading (004 l.98 says 'beat'), cited there."""
    text = teach({"undead": True, "weapons": [], "traits": {"quickness": "1d6"},
                  "aptitudes": {"fightin": {"brawlin": 2}}, "at": [2.5, 0]}, {},
                 [{"Ann": [{"fight": "Bob"}]}],
                 {"Ann": {"quickness": [6, 3], "fightin": [5, 2]}}, cite=True)
    assert ("one card for a success and one more a raise (at most five) (004 l.21-22); a "
            "failure still gets one, a bust none (W3).") in text
    assert "kept 5 against TN 5: a success (W12): a hit." in text


def test_a_move_under_a_tenth_of_a_yard_is_not_told_as_moving_0_yards():
    """The dead close the last hair of a yard (WN16) with steps of 0.02-0.04 yards, which the
    one-decimal yards said as 'moves 0 yards'; 0.03 yards is an inch or so, and 1 yard is
    one yard, not 'yards'."""
    text = teach({"traits": {"quickness": "1d12"}}, {},
                 [{"Ann": [{"move": [0.03, 0]}, {"move": [1.03, 0]}]}],
                 {"Ann": {"quickness": [11]}})
    assert "Ann (" in text and "moves an inch or so." in text and "moves 1 yard." in text
    assert "moves 0 yards" not in text


def test_an_unskilled_vamoose_by_fightin_says_fightin_with_its_apostrophe():
    """The graveyard's Lucky vamooses from the Widow's claws with no fightin' aptitude (W11:
    the defender's fightin' dice): the rolls block and the teaching text named the roll
    'fightin 3d10', the engine's key, where every other roll says "fightin': brawlin'"."""
    from pathlib import Path

    from narrator.scenario import load_scenario
    log = run_fight(load_scenario(Path(__file__).resolve().parent.parent / "scenarios" /
                                  "examples" / "graveyard.yaml"))
    story = render(log, "text", "story")
    teaching = render(log, "text", "teaching")
    assert "Lucky vamooses (5♣): fightin' 3d10 [*6 2 3]" in story
    assert "fightin' 3d10: **6**" in render(log, "markdown", "teaching")
    for text in (story, teaching):
        body = text.rsplit("\n\n", 1)[0]  # not the dice footer: it counts the scripts' keys
        assert not re.search(r"\b(?:fightin|shootin|brawlin)\b(?!')", body)


def test_a_move_a_hair_over_pace_is_never_said_as_pace():
    """004 l.38: more than Pace on one action is running (-4). Ann (Pace 5) moves 5.04 yards
    in round 1 and 5.001 in round 2: both are running, and the write-up said "moves 5 yards:
    more than her Pace ... is running"; round 3's move of exactly her Pace is not running."""
    from narrator.engine import run_fight
    ann = {"traits": {"quickness": "1d12"}, "pace": 5}
    log = run_fight(loader.load_scenario_text(json.dumps({
        "title": "t", "ruleset": "weird-west", "seed": 3, "max_turns": 3,
        "dice_fallback": "seeded",
        "sides": {"posse": [{"name": "Ann", "at": [0, 0], "pronoun": "she", **ann}],
                  "gang": [{"name": "Bob", "at": [30, 0], "weapons": []}]},
        "turns": [{"intents": {"Ann": [{"move": [5.04, 0]}]}},
                  {"intents": {"Ann": [{"move": [10.041, 0]}]}},
                  {"intents": {"Ann": [{"move": [15.04, 0]}]}}],
        "dice": {"Ann": {"quickness": [11, 11, 11]}}})))
    assert [(e.yards, e.running) for e in log.events if e.kind == "ww_moved"] == \
        [(5.04, True), (5.0, True), (5.0, False)]
    text = render(log, "text", "teaching")
    story = render(log, "text", "story")
    assert "moves 5.04 yards: more than her Pace on one action is running" in text
    assert "moves just over 5 yards: more than her Pace on one action is running" in text
    assert "moves 5 yards." in text                       # exactly her Pace: not running
    assert "moves 5.04 yd, running" in story and "moves just over 5 yd, running" in story
    assert "(the red joker) moves 5 yd\n" in story


def test_the_yards_filter_keeps_a_distance_past_its_limit():
    """``yards(v, past)``: one decimal, but never the limit itself for a distance counted
    past it; a distance not near the limit is left alone (a Pace 4 man running 5 yards)."""
    from narrator.render.core import yards
    assert [yards(4.96), yards(5.04), yards(5.3)] == ["5", "5", "5.3"]
    assert [yards(5.04, 5), yards(5.0, 5), yards(5.3, 5), yards(5.0, 4), yards(6.0, 5)] == \
        ["5.04", "just over 5", "5.3", "5", "6"]
