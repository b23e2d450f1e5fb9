"""The Gaslight data-file sections that ``test_gaslight_tables.py`` does not compare, against
values typed by hand from source 002 (``../shared/sources/002_66698b187d861f04.txt``, ``cat -n``
lines, "l.N"), the rulings G1-G18 of ``../shared/errata.md`` section "Gaslight" and narrator's
own readings GN1-GN18 (``rulings.toml``), and the weapons of ``weapons.toml``. With that file,
every section of ``rules.toml`` is compared whole: changing, adding, dropping or swapping any
one value fails a test (issue 19)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from narrator.rulesets.gaslight import tables

DATA = Path(tables.__file__).resolve().parent / "data"
INF = float("inf")

# section -> (its numbers as the sources give them, what its `source` must name)
RULES = {
    # G1: scores 3-18, modifier floor((score - 10) / 2), AC 10 + DEX modifier
    "abilities": ({"lowest": 3, "highest": 18, "modifier_base": 10, "modifier_divisor": 2,
                   "ac_base": 10}, "G1"),
    # G2: d20, a natural 20 hits, a natural 1 misses
    "to_hit": ({"die": 20, "always_hits": 20, "always_misses": 1}, "G2"),
    # G2: -2 a full increment, at most 10 increments (GN1 beyond)
    "range": ({"per_increment": -2, "max_increments": 10}, "G2"),
    # G3: 6 s; Standard round 30 s = 5 combat rounds (l.46); d10 initiative; G18 a
    "round": ({"combat_round_seconds": 6, "standard_round_seconds": 30,
               "combat_rounds_per_standard_round": 5, "initiative_die": 10,
               "covering_reaction": 1}, "G3"),
    # l.12: half the shots, rounded down, at initiative
    "shot_split": ({"at_initiative_divisor": 2}, "002 l.12"),
    # GN26: no cover or concealment from a shooter within 6 feet (2 yards)
    "cover_at_arms_length": ({"feet": 6}, "GN26"),
    # l.99-110, G8: d20 <= score; above 20 the higher drops to 19; G18 b: a natural 20 fails;
    # a d10 for the tenth
    "fast_draw": ({"die": 20, "scale_above": 20, "scale_to": 19, "natural_fail": 20,
                   "tenth_die": 10}, "002 l.99-110"),
    # GN5: unfamiliar 3 (l.130), off hand 10, 5 with the skill (l.349, l.352)
    "fast_draw_penalties": ({"unfamiliar": 3, "off_hand": 10, "off_hand_skilled": 5},
                            "GN5"),
    "quick_draw": ({}, "002 l.33-35"),
    "damage_rounding": ({}, "G18 d"),
    # l.470-489, G10: 1-2 groin, 3-4 abdomen, 5-6 chest x1.5; 7-12 arms and hands, 13-18 legs
    # and feet x1; 19 face (blinding); 20 head x1.5, critical
    "location": ({"die": 20, "rows": [
        {"upto": 2, "part": "groin", "multiplier": 1.5, "area": "torso"},
        {"upto": 4, "part": "abdomen", "multiplier": 1.5, "area": "torso"},
        {"upto": 6, "part": "chest", "multiplier": 1.5, "area": "torso"},
        {"upto": 7, "part": "upper_left_arm", "multiplier": 1.0, "area": "limb"},
        {"upto": 8, "part": "lower_left_arm", "multiplier": 1.0, "area": "limb"},
        {"upto": 9, "part": "left_hand", "multiplier": 1.0, "area": "small"},
        {"upto": 10, "part": "upper_right_arm", "multiplier": 1.0, "area": "limb"},
        {"upto": 11, "part": "lower_right_arm", "multiplier": 1.0, "area": "limb"},
        {"upto": 12, "part": "right_hand", "multiplier": 1.0, "area": "small"},
        {"upto": 13, "part": "upper_left_leg", "multiplier": 1.0, "area": "limb"},
        {"upto": 14, "part": "lower_left_leg", "multiplier": 1.0, "area": "limb"},
        {"upto": 15, "part": "upper_right_leg", "multiplier": 1.0, "area": "limb"},
        {"upto": 16, "part": "lower_right_leg", "multiplier": 1.0, "area": "limb"},
        {"upto": 17, "part": "left_foot", "multiplier": 1.0, "area": "small"},
        {"upto": 18, "part": "right_foot", "multiplier": 1.0, "area": "small"},
        {"upto": 19, "part": "face", "multiplier": 1.0, "area": "small", "blinding": True},
        {"upto": 20, "part": "head", "multiplier": 1.5, "area": "small", "critical": True},
    ]}, "002 l.470-489"),
    # l.488 1 in 3; G10: d6 1-2
    "blinding": ({"die": 6, "blinded_upto": 2}, "002 l.488"),
    # G10: unconscious at or below half CON, dead at 0
    "health": ({"unconscious_fraction": 0.5, "dead_at": 0}, "G10"),
    # G11: d6 1-3 misfire (a move clears), 4 jam (a full round), 5 broken, 6 burst (else a
    # jam); 1d6 to the shooter, 1d2 within 1 yard (3 feet)
    "malfunction": ({"die": 6, "rows": [
        {"upto": 3, "result": "misfire", "clear": "move"},
        {"upto": 4, "result": "jam", "clear": "full_round"},
        {"upto": 5, "result": "broken", "clear": ""},
        {"upto": 6, "result": "burst", "clear": "", "otherwise": "jam"}],
        "burst_shooter": "1d6", "burst_nearby": "1d2", "burst_nearby_feet": 3}, "G11"),
    # l.134-136: STR check DC 10, -4, by 5 or more knocked down; take 10 on aimed or rapid
    "recoil": ({"die": 20, "dc": 10, "penalty": -4, "knockdown_margin": 5, "take_10": 10,
                "take_10_modes": ["aimed", "rapid"]}, "002 l.134-136"),
    # G16: 2 cartridges a full-round action, a move with Rapid Reload; a muzzle loader a
    # Standard round (5 combat rounds)
    "reloading": ({"cartridges": 2, "action": "full_round", "rapid_reload_action": "move",
                   "muzzle_loader_rounds": 5}, "G16"),
    # GN17: a move 30 ft, half 15, a run 120, a double move 60
    "movement": ({"move": 30, "aimed": 15, "snap": 15, "point_blank": 15, "fanning": 15,
                  "rapid": 30, "panic": 120, "covering": 0, "not_shooting": 60,
                  "running": 120}, "GN17"),
    # l.76-80, GN17: up to 15 ft walking slowly, 30 briskly, 60 running, more sprinting
    "moving_status": ({"walking_slowly": 15, "walking_briskly": 30, "running": 60,
                       "sprinting": INF}, "002 l.76-80"),
    "action_cost": ({}, "GN18"),
    # l.25 a pistol in a holster, l.28 a scattergun in an oversized holster, l.29 a long arm on
    # a sling; GN24: these where the scenario leaves out carried:
    "carried": ({"derringer": "holster", "pistol": "holster",
                 "scattergun": "oversized_holster", "sawed_off": "oversized_holster",
                 "coach_gun": "sling", "carbine": "sling", "rifle": "sling", "shotgun": "sling"},
                "GN24"),
}

# l.23-35: how each place a gun is carried is drawn (action, with Quick Draw)
DRAWING = {
    "ready": ("free", "", "l.30"), "holster": ("move", "free", "l.25"),
    "hidden_holster": ("standard", "free", "l.35"), "pocket": ("standard", "", "l.26"),
    "hand_on_pistol": ("move", "free", "l.27"), "oversized_holster": ("move", "free", "l.28"),
    "scattergun_lanyard": ("standard", "move", "l.28"), "sheath": ("move", "", "l.29"),
    "sling": ("move", "", "l.29"), "lanyard": ("standard", "", "l.31"),
    "case": ("full_round", "", "l.32"),
}

# l.38-72, G4-G6, G14, GN2: per mode, the move allowed and the shots by class
MODES = {
    "aimed": ("none", {"muzzle_loader": 1, "breech_loader": 1, "repeater": 1, "revolver": 1},
              {"called_shot": True, "both_barrels_damage": 2, "second_barrel": "snap"},
              "002 l.38-42"),
    "snap": ("half", {"muzzle_loader": 1, "breech_loader": 2, "repeater": 4, "revolver": "all"},
             {"double_barrel": 4, "revolver_most": 6}, "002 l.43-50"),
    "rapid": ("full", {"muzzle_loader": 1, "breech_loader": 1, "repeater": 4, "revolver": "all"},
              {}, "002 l.51-55"),
    "panic": ("running", {"muzzle_loader": 1, "breech_loader": 1, "repeater": 4,
                          "revolver": "all"}, {"revolver_always_all": True}, "002 l.56-60"),
    "covering": ("none", None, {"triggers": ["moves", "shoots", "appears"], "after_first": {
        "muzzle_loader": [], "breech_loader": [], "repeater": ["end"],
        "revolver": ["initiative", "end"]}, "group_most": 4}, "002 l.61-70"),
    "fanning": ("half", {"muzzle_loader": 0, "breech_loader": 0, "repeater": 0,
                         "revolver": "all"}, {}, "002 l.406-469"),
    "point_blank": ("none", {"muzzle_loader": 1, "breech_loader": 1, "repeater": 1,
                             "revolver": 1}, {"feet": 1, "natural_20_damage": 2}, "002 l.72"),
}

# the sections test_gaslight_tables.py compares whole
COMPARED_THERE = {"range_increment_feet", "target_status", "light", "weather", "cover",
                  "concealment", "crowd", "fast_draw_adjustment", "damage", "shotgun_damage",
                  "smokeless", "recoil_table", "off_hand", "off_hand_table", "fanning",
                  "unfamiliar", "called_shot"}

# weapons.toml: narrator's period guns (002 gives classes l.14-22 and forms l.111-119), each as
# class, form, calibre, cartridge, barrel inches, capacity, barrels, single action
WEAPONS = {
    "revolver": ("revolver", "pistol", ".38", "pistol", 5, 6, 1, False),
    "single_action_revolver": ("revolver", "pistol", ".45", "pistol", 5.5, 6, 1, True),
    "webley_revolver": ("revolver", "pistol", ".45", "pistol", 4, 6, 1, False),
    "bulldog_revolver": ("revolver", "pistol", ".44", "pistol", 2.5, 5, 1, False),
    "derringer": ("breech_loader", "derringer", ".40", "pistol", 3, 2, 2, True),
    "muzzle_loader": ("muzzle_loader", "pistol", ".50", "pistol", 9, 1, 1, True),
    "musket": ("muzzle_loader", "rifle", ".577", "rifle", 39, 1, 1, True),
    "breech_loader": ("breech_loader", "rifle", ".45", "rifle", 33, 1, 1, True),
    "carbine": ("breech_loader", "carbine", ".50", "carbine", 22, 1, 1, True),
    "repeater": ("repeater", "rifle", ".44", "carbine", 24, 15, 1, True),
    "lever_action_carbine": ("repeater", "carbine", ".44", "carbine", 20, 12, 1, True),
    "rifle": ("repeater", "rifle", ".303", "rifle", 30, 8, 1, True),
    "shotgun": ("breech_loader", "shotgun", "12", "rifle", 30, 2, 2, True),
    "coach_gun": ("breech_loader", "coach_gun", "12", "rifle", 20, 2, 2, True),
    "sawed_off": ("breech_loader", "sawed_off", "12", "rifle", 12, 2, 2, True),
    "scattergun": ("breech_loader", "scattergun", "20", "rifle", 14, 2, 2, True),
    "pump_shotgun": ("repeater", "shotgun", "12", "rifle", 30, 5, 1, True),
}


def _rules() -> dict:
    return tomllib.loads((DATA / "rules.toml").read_text("utf-8"))


@pytest.mark.parametrize("key", RULES)
def test_rules_section(key):
    section = dict(_rules()[key])
    src = section.pop("source")
    expected, cited = RULES[key]
    assert section == expected
    assert cited in src


def test_drawing_actions_l23_35():
    section = dict(_rules()["drawing"])
    assert "002 l.23-35" in section.pop("source")
    assert section.pop("sheath_reach_feet") == 5                                   # l.29
    got = {k: (v["action"], v["quick_draw"]) for k, v in section.items()}
    assert got == {k: (a, q) for k, (a, q, _) in DRAWING.items()}
    for k, (_, _, line) in DRAWING.items():
        assert line in section[k]["source"], k


@pytest.mark.parametrize("mode", MODES)
def test_firing_mode(mode):
    """The modifiers of each mode are compared in test_gaslight_tables.py; here the rest."""
    section = dict(_rules()["mode"][mode])
    move, shots, extra, cited = MODES[mode]
    assert cited in section.pop("source")
    section.pop("modifier")
    assert section.pop("move") == move
    assert section.pop("shots", None) == shots
    assert section == extra


# sections that landed after this file was typed (GN23 and the moving conveyance): not yet
# compared with the source here
NOT_YET_TYPED = {"conveyance", "melee"}


def test_every_rules_section_is_compared_somewhere():
    assert set(_rules()) == set(RULES) | COMPARED_THERE | {"drawing", "mode"} | NOT_YET_TYPED
    assert set(_rules()["mode"]) == set(MODES)


FIELDS = {"type", "name", "aliases", "class", "form", "calibre", "cartridge", "barrel",
          "capacity", "barrels", "single_action", "source"}


def test_weapons():
    got = {}
    for w in tomllib.loads((DATA / "weapons.toml").read_text("utf-8"))["weapon"]:
        got[w["type"]] = (w["class"], w["form"], w["calibre"], w["cartridge"], w["barrel"],
                          w["capacity"], w["barrels"], w["single_action"])
        assert w["source"].strip(), w["type"]
        assert set(w) == FIELDS, w["type"]
    assert got == WEAPONS
