"""Weird West: two guns of one name (two Colts given no ``name:``, the usual way to give a man
two pistols). A fresh user's two-gun captain (session 20, tests/fresh20/ww-graveyard.yaml,
seed 3) spent nine cards "finding the gun empty" on her first Colt while her second was 6/6,
and the story left her out from round 2 on: every action naming "colt_peacemaker" found the
first of the two. An action now takes the twin it can use (``WeirdWestFight.weapon``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.render import render
from narrator.rulesets.weird_west.fight import WeirdWestFight
from narrator.scenario import load_scenario_text, loader

GRAVEYARD = Path(__file__).resolve().parent / "fresh20" / "ww-graveyard.yaml"


def _graveyard(seed: int) -> str:
    log = run_fight(load_scenario_text(GRAVEYARD.read_text(), "ww-graveyard.yaml"), seed)
    return render(log, "markdown", "teaching")


def test_a_two_gun_captain_never_finds_an_empty_gun_with_the_other_loaded():
    """Over 25 seeds: no "finds the gun empty" at all (she has two Colts and reloads when
    both are empty), and her second Colt is fired in most fights (its rounds go down)."""
    empty, second_used = [], 0
    for seed in range(1, 26):
        text = _graveyard(seed)
        empty += [(seed, line) for line in text.splitlines() if "finds the gun empty" in line]
        left = [int(m[1]) for m in re.finditer(
            r"- Vega \(rangers\): [^\n]*Colt Peacemaker \d/6, Colt Peacemaker (\d)/6", text)]
        second_used += any(n < 6 for n in left)
    assert empty == []
    assert second_used >= 15, second_used


def _fight(weapons: list[dict]) -> WeirdWestFight:
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "dice_fallback": "seeded",
          "sides": {"a": [{"name": "Ann", "at": [0, 0], "weapons": weapons}],
                    "b": [{"name": "Bob", "at": [5, 0]}]},
          "turns": [{"intents": {}}], "dice": {}}
    ld = loader.load_scenario_text(json.dumps(sc))
    return WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)


def test_each_action_takes_the_twin_it_can_use():
    """The first Colt in hand and empty, the second holstered with 4 rounds: a shot takes
    the second (loaded), a reload the first (in hand, not full), a draw the second (not in
    hand); a jammed twin is passed over for firing; one Colt alone is always that Colt."""
    f = _fight([{"type": "colt_peacemaker"}, {"type": "colt_peacemaker"}])
    ann = f.fighters["Ann"]
    first, second = ann.weapons
    first.in_hand, first.loaded = True, 0
    second.in_hand, second.loaded = False, 4
    assert f.weapon(ann, "colt_peacemaker", True) is second
    assert f.weapon(ann, "colt_peacemaker", True, "reload") is first
    assert f.weapon(ann, "colt_peacemaker", True, "draw") is second
    first.loaded = 6
    assert f.weapon(ann, "colt_peacemaker", True) is first
    assert f.weapon(ann, "colt_peacemaker", True, "reload") is second
    first.jammed = True
    assert f.weapon(ann, "colt_peacemaker", True) is second
    second.loaded = 0
    # neither can fire: the one in hand (the fight then says why it cannot)
    assert f.weapon(ann, "colt_peacemaker", True) is first
    one = _fight([{"type": "colt_peacemaker"}])
    only = one.fighters["Ann"].weapons[0]
    only.loaded = 0
    assert one.weapon(one.fighters["Ann"], "colt_peacemaker", True) is only


def test_a_second_gun_written_holstered_false_starts_in_hand():
    """WN20: the first weapon is in hand; a later one only with ``holstered: false`` written
    and a hand free (a fresh user's second Colt, session 21, stayed holstered and his
    declared two-gun shot fired one gun, "no second gun"). A rifle takes both hands: a
    pistol after it stays holstered; left out, the second stays holstered as before."""
    f = _fight([{"type": "colt_peacemaker"}, {"type": "colt_peacemaker", "holstered": False}])
    assert [w.in_hand for w in f.fighters["Ann"].weapons] == [True, True]
    f = _fight([{"type": "colt_peacemaker"}, {"type": "colt_peacemaker"}])
    assert [w.in_hand for w in f.fighters["Ann"].weapons] == [True, False]
    f = _fight([{"type": "winchester_73"}, {"type": "colt_peacemaker", "holstered": False}])
    assert [w.in_hand for w in f.fighters["Ann"].weapons] == [True, False]
    f = _fight([{"type": "colt_peacemaker", "holstered": True},
                {"type": "winchester_73", "holstered": False}])
    assert [w.in_hand for w in f.fighters["Ann"].weapons] == [False, True]
    f = _fight([{"type": "colt_peacemaker"}, {"type": "colt_lightning", "holstered": False},
                {"type": "colt_peacemaker", "holstered": False}])
    assert [w.in_hand for w in f.fighters["Ann"].weapons] == [True, True, False]


def test_draw_true_takes_the_holstered_twin():
    """``draw: true`` with one Colt in hand and its twin holstered draws the twin (as ``draw:
    colt_peacemaker`` does), and the declared two-gun shot then fires both (a fresh user,
    session 21, tests/fresh21/ww-twoguns-draw.yaml seed 16: "has his Colt Peacemaker in hand
    already: no draw is made", then "no second pistol in hand")."""
    path = Path(__file__).resolve().parent / "fresh21" / "ww-twoguns-draw.yaml"
    log = run_fight(load_scenario_text(path.read_text(), "ww-twoguns-draw.yaml"), 16)
    text = render(log, "markdown", "teaching")
    assert "**Sutter** (J♦) draws his other Colt Peacemaker: that is the action." in text
    assert "fires his Colt Peacemaker in his off hand at **Crowe**" in text
    assert "in hand already" not in text and "no second pistol" not in text
