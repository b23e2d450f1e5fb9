"""Session 18's fresh user, Weird West fightin' (004 l.86-101, W12): the defender's TN comes
from what he holds. ww-night.yaml seed 1 rounds 3-4 gave "TN 5 + 3 (Amos's fightin': sword)"
while Amos held his Winchester and the sword hung at his side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.rulesets.weird_west import rules as R
from narrator.rulesets.weird_west.tables import weapons
from narrator.scenario import load_scenario_text

NIGHT = Path(__file__).resolve().parent / "fresh18" / "ww-night.yaml"


def _claws_at(amos: dict, **amos_dice) -> list:
    """Hollis (walking dead, claws, fightin': brawlin' 3) claws at Amos a yard away, once."""
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "dice_fallback": "seeded",
          "sides": {
              "hunters": [{"name": "Amos", "at": [0, 0], "traits": {"nimbleness": "2d10"},
                           "aptitudes": {"fightin": {"sword": 3}}, **amos}],
              "dead": [{"name": "Hollis", "at": [1, 0], "undead": True,
                        "traits": {"nimbleness": "3d6", "strength": "3d10"},
                        "aptitudes": {"fightin": {"brawlin": 3}},
                        "weapons": [{"type": "claws_and_teeth"}]}]},
          "turns": [{"intents": {"Hollis": {"fight": "Amos"}}}],
          "max_turns": 1,
          "dice": {"Hollis": {"cards": ["AS"], "fightin": [2, 2, 6, 5]},
                   "Amos": {"cards": ["2C"], **amos_dice}}}
    log = run_fight(load_scenario_text(json.dumps(sc), "<t>"), 1)
    return log.events


def _fought(events) -> tuple:
    e = next(e for e in events if e.kind == "ww_fought")
    return e.tn, e.defender_level, e.defender_concentration, e.defense


def test_a_long_gun_in_hand_with_the_sword_sheathed_is_tn_5():
    """004 l.93: 5 + his fightin' level in whatever he is holding, brawlin' if unarmed; the
    sheathed sword is not held, a Winchester is no fightin' weapon (ruled: WN28): brawlin' 0."""
    ev = _claws_at({"weapons": [{"type": "winchester_73"}, {"type": "cavalry_sword"}],
                    "vamoose": False})
    assert _fought(ev) == (5, 0, "brawlin", 0)


def test_the_sword_in_hand_is_tn_9():
    """5 + fightin': sword 3 + the sword's defensive bonus 1 (W12) = 9."""
    ev = _claws_at({"weapons": [{"type": "cavalry_sword"}, {"type": "winchester_73"}],
                    "vamoose": False})
    assert _fought(ev) == (9, 3, "sword", 1)


@pytest.mark.parametrize("brawlin, tn", [(0, 5), (2, 7)])
def test_bare_handed_is_his_brawlin_only(brawlin, tn):
    """Nothing in hand (the sword holstered): unarmed, fightin': brawlin' (l.93); his sword
    level does not count for his fists."""
    apt = {"sword": 3, **({"brawlin": brawlin} if brawlin else {})}
    ev = _claws_at({"weapons": [{"type": "cavalry_sword", "holstered": True}],
                    "aptitudes": {"fightin": apt}, "vamoose": False})
    assert _fought(ev) == (tn, brawlin, "brawlin", 0)


def test_a_pistol_in_hand_is_no_fightin_weapon_either():
    ev = _claws_at({"weapons": [{"type": "colt_peacemaker"}, {"type": "bowie_knife"}],
                    "aptitudes": {"fightin": {"knife": 2}}, "vamoose": False})
    assert _fought(ev) == (5, 0, "brawlin", 0)


def test_the_parry_rolls_what_he_holds_l193():
    """004 l.193: a vamoose against a blow rolls fightin' with whatever weapon he is using:
    holding the Winchester, Amos parries with brawlin' 0: his Nimbleness at -4 (unskilled)."""
    ev = _claws_at({"weapons": [{"type": "winchester_73"}, {"type": "cavalry_sword"}]},
                   vamoose=[3, 3])
    v = next(e for e in ev if e.kind == "ww_vamoosed")
    assert (v.roll.die, len(v.roll.dice)) == (10, 2)
    assert [(m.name, m.value) for m in v.roll.modifiers] == [("unskilled", -4)]
    assert v.roll.total == 3 - 4


def test_rules_fightin_tn_unarmed_never_borrows_a_blade_level():
    W = weapons()
    assert R.fightin_tn({"sword": 3}, W["fists"]) == (5, 0, "brawlin")
    assert R.fightin_tn({"sword": 3, "brawlin": 1}, W["fists"]) == (6, 1, "brawlin")
    # l.95 (WN10): a blade he has no level in borrows his best blade level
    assert R.fightin_tn({"knife": 3}, W["saber"]) == (10, 3, "knife")


@pytest.mark.parametrize("seed", [1, 4, 6, 8])
def test_ww_night_amos_with_his_winchester_is_tn_5(seed):
    """The user's fight, the seeds (of 1-8) where Hollis goes for Amos: Amos holds his
    Winchester (he never draws the sword in these fights): TN 5, brawlin' 0."""
    log = run_fight(load_scenario_text(NIGHT.read_text(), "ww-night.yaml"), seed)
    at_amos = [e for e in log.events if e.kind == "ww_fought" and e.target == "Brother Amos"]
    assert at_amos
    for e in at_amos:
        assert (e.tn, e.defender_concentration) == (5, "brawlin"), (seed, e)
    if seed == 1:
        text = render(log, "text", "teaching")
        assert "Amos's fightin': sword" not in text
        assert "TN 5 + 3" not in text
        assert ("TN 5 + 0 (Amos's fightin': brawlin'; his Winchester '73 is no fightin' "
                "weapon) = 5") in text
