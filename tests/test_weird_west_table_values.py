"""Every number of the Weird West data files against the sources, typed here by hand: source
004 (``../shared/sources/004_c023a3ad1c834a19.txt``, ``cat -n`` lines, "l.N"), the rulings
W1-W20 of ``../shared/errata.md`` section "Weird West" and narrator's own readings WN1-WN29
(``rulings.toml``; ``test_the_docstring_names_every_ruling`` keeps that count true). One test
per section of ``rules.toml`` and one for the weapons of ``weapons.toml``: changing, adding,
dropping or swapping any one value fails here (issue 19)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from narrator.rulesets.weird_west import tables

DATA = Path(tables.__file__).resolve().parent / "data"

# section -> (its numbers as the sources give them, what its `source` must name)
RULES = {
    # W1: ten traits; die types d4-d12; 1-5 dice; level 0 rolls the trait at -4
    "traits": ({"names": ["deftness", "nimbleness", "quickness", "strength", "vigor",
                          "cognition", "knowledge", "mien", "smarts", "spirit"],
                "die_types": [4, 6, 8, 10, 12], "min_level": 1, "max_level": 5}, "W1"),
    "aptitudes": ({"deftness": ["shootin", "quick_draw"],
                   "nimbleness": ["fightin", "dodge", "climbin"], "unskilled": -4}, "W1"),
    # W2: each full 5 over the TN is a raise
    "roll": ({"raise_step": 5}, "W2"),
    # W2: Foolproof 3, Fair 5 (004 l.57), Onerous 7, Hard 9, Incredible 11
    "tn": ({"foolproof": 3, "fair": 5, "onerous": 7, "hard": 9, "incredible": 11}, "W2"),
    # 004 l.21-22: Quickness TN 5, 1 card for success, +1 per raise, maximum 5; W3: bust 0,
    # failure 1
    "quickness": ({"tn": 5, "bust": 0, "failure": 1, "success": 1, "per_raise": 1,
                   "max_cards": 5}, "004 l.21-22"),
    # W3: Ace high to Deuce, spades hearts diamonds clubs, two jokers (WN1 black first), one
    # card up the sleeve
    "cards": ({"ranks": ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
               "suits": ["S", "H", "D", "C"], "jokers": ["joker_black", "joker_red"],
               "sleeve": 1}, "W3"),
    # 004 l.32: up to twice Pace a round; l.40: running -4
    "movement": ({"per_round": 2, "running": -4}, "004 l.32-42"),
    # 004 l.48 (d6: 18 / 36 / 60 lb; x3/4, x1/2, x1/4); W5: 3s / 6s / 10s
    "load": ({"none_max": 3, "light_max": 6, "medium_max": 10, "light": [3, 4],
              "medium": [1, 2], "heavy": [1, 4]}, "004 l.46-48"),
    # 004 l.57-61: TN Fair 5, +1 a full increment; l.40 running -4; W6: moving horse -2,
    # target running -2, half hidden -2, dim -2, dark -4, near dark -6, pitch dark -10
    "shootin": ({"base_tn": 5, "per_increment": 1, "shooter_running": -4,
                 "shooter_on_moving_horse": -2, "target_running": -2, "half_hidden": -2,
                 "light": {"day": 0, "dim": -2, "dark": -4, "near_dark": -6,
                           "pitch_dark": -10}}, "004 l.57-61"),
    # 004 l.142: +2 an action aiming, at most +6
    "aiming": ({"per_action": 2, "max": 6}, "004 l.142-144"),
    # W6: guts -2, arm or leg -4, hand or noggin -6, eye -10; WN3: gizzards -6
    "called": ({"upper_guts": -2, "lower_guts": -2, "gizzards": -6, "arm": -4, "leg": -4,
                "hand": -6, "noggin": -6, "eye": -10}, "W6"),
    # 004 l.168-169: -2 each attack, a further -4 off hand
    "two_weapons": ({"each": -2, "off_hand": -4}, "004 l.166-182"),
    # 004 l.150-157: shootin': pistol 1+, 1-6 shots, one roll at -2, within 2 yards
    "fanning": ({"penalty": -2, "max_shots": 6, "min_level": 1, "follow_yards": 2},
                "004 l.146-162"),
    # 004 l.80: +2; W14: (6 - full increments)d6, at least 1d6, reach 5 increments
    "shotgun": ({"bonus": 2, "dice_at_zero": 6, "die": 6, "min_dice": 1, "reach": 5},
                "004 l.80"),
    # W7: d20 1-4 legs, 5-9 lower guts, 10 gizzards, 11-14 arms, 15-19 upper guts, 20 noggin;
    # raises towards 20 then 10; 004 l.111 gizzards +1 die, noggin +2; l.117 prone: arms,
    # upper guts, noggin, unless within 5 yards; WN4: the side die is a d6
    "location": ({"die": 20, "side_die": 6,
                  "bands": [[1, 4, "legs"], [5, 9, "lower_guts"], [10, 10, "gizzards"],
                            [11, 14, "arms"], [15, 19, "upper_guts"], [20, 20, "noggin"]],
                  "vitals": [20, 10], "extra_dice": {"gizzards": 1, "noggin": 2},
                  "prone_hit": ["arms", "upper_guts", "noggin"], "prone_close_yards": 5},
                 "W7"),
    # 004 l.123-128 (a d6 by WN4); W9: plank wood 2, heavy timber or adobe 3, brick or stone
    # 4, iron 5; die steps d4-d12; WN19: within 2 yards of a landmark; WN27: no cover from a
    # shooter within 2 yards
    "cover": ({"die": 6, "armor": {"plank": 2, "wood": 2, "timber": 3, "adobe": 3,
                                   "brick": 4, "stone": 4, "iron": 5},
               "die_steps": [4, 6, 8, 10, 12], "landmark_yards": 2, "open_yards": 2},
              "004 l.119-128"),
    # W8: Size 6, levels 1 light ... 5 maimed, the guts one track, six tracks
    "wounds": ({"size": 6, "levels": ["none", "light", "heavy", "serious", "critical",
                                      "maimed"], "maimed": 5,
                "guts": ["lower_guts", "gizzards", "upper_guts"],
                "tracks": ["noggin", "guts", "left_arm", "right_arm", "left_leg",
                           "right_leg"]}, "W8"),
    # W8: (wounds)d6 Wind, at least 1d6
    "wind": ({"die": 6, "min_dice": 1}, "W8"),
    # W8: serious -1, critical -2, maimed limb -3
    "bleeding": ({"serious": 1, "critical": 2, "maimed_limb": 3}, "W8"),
    # W10: Vigor against TN 5 + the wounds
    "stun": ({"tn": 5}, "W10"),
    # 004 l.197: -4 if he can't or won't move
    "vamoose": ({"cannot_move": -4}, "004 l.188-199"),
    # 004 l.93: TN 5 + level + defensive bonus; W12: meet or beat; WN16: reach 1 yard
    "fightin": ({"base_tn": 5, "must_exceed": False, "reach": 1}, "004 l.93-98"),
    # W16: white 1, red 2, blue 3
    "fate_chips": ({"white": 1, "red": 2, "blue": 3}, "W16"),
    # W17: quick draw against TN 5
    "quick_draw": ({"tn": 5}, "W17"),
    # W4: 2 rounds an action, a shotgun 2 shells
    "reload": ({"rounds": 2, "shells": 2}, "W4"),
    # WN24: give up at a heavy wound (coward, -2), serious (cautious, -3), critical
    # (aggressive and gunslinger, -4), or Wind at a quarter of its most (the coward a half)
    "give_up": ({"coward": -2, "cautious": -3, "aggressive": -4, "gunslinger": -4,
                 "wind": [1, 4], "coward_wind": [1, 2]}, "WN24"),
}

# W15 (range increment yards / rate of fire / shots / damage dice) and W12 (melee: Strength
# dice plus the weapon's, sword defensive bonus +1), 004 l.61 (Peacemaker 10 yards), l.84
# (double-barrel rate of fire 2), l.95 (saber +2, WN9), WN7 (derringer double action), WN8
# (bow), W19 (claws); fists roll Strength dice only (W12), shown as 0d4.
WEAPONS = {
    "colt_peacemaker": ("gun", "pistol", 10, 1, 6, [3, 6], "single"),
    "colt_lightning": ("gun", "pistol", 10, 2, 6, [2, 6], "double"),
    "colt_army": ("gun", "pistol", 10, 1, 6, [3, 6], "single"),
    "derringer": ("gun", "pistol", 5, 1, 2, [3, 6], "double"),
    "winchester_73": ("gun", "rifle", 20, 1, 15, [2, 8], "lever"),
    "winchester_76": ("gun", "rifle", 20, 1, 12, [2, 10], "lever"),
    "sharps_big_50": ("gun", "rifle", 20, 1, 1, [4, 10], "single_shot"),
    "double_barrel_shotgun": ("shotgun", "shotgun", 10, 2, 2, [6, 6], "break"),
    "sawed_off_shotgun": ("shotgun", "shotgun", 5, 2, 2, [6, 6], "break"),
    "bow": ("bow", "bow", 10, 1, 1, [1, 6], "none"),
    "fists": ("unarmed", "brawlin", None, None, None, [0, 4], None),
    "knife": ("melee", "knife", None, None, None, [1, 4], None),
    "bowie_knife": ("melee", "knife", None, None, None, [1, 6], None),
    "club": ("melee", "club", None, None, None, [1, 6], None),
    "axe": ("melee", "axe", None, None, None, [2, 6], None),
    "sword": ("melee", "sword", None, None, None, [2, 6], None),
    "saber": ("melee", "sword", None, None, None, [2, 6], None),
    "claws": ("melee", "brawlin", None, None, None, [1, 4], None),
}
STRENGTH = {"bow", "fists", "knife", "bowie_knife", "club", "axe", "sword", "saber", "claws"}
DEFENSE = {"sword": 1, "saber": 2}                                 # W12; 004 l.95 (WN9)
WIND_ONLY = {"fists"}                                              # W12


def _read(name: str) -> dict:
    return tomllib.loads((DATA / name).read_text("utf-8"))


@pytest.mark.parametrize("key", RULES)
def test_rules_section(key):
    section = dict(_read("rules.toml")[key])
    src = section.pop("source")
    expected, cited = RULES[key]
    assert section == expected
    assert cited in src


def test_rules_toml_has_no_other_sections():
    assert set(_read("rules.toml")) == set(RULES)


def test_weapons():
    got = {}
    for w in _read("weapons.toml")["weapon"]:
        got[w["type"]] = (w["kind"], w["concentration"], w.get("range"), w.get("rof"),
                          w.get("shots"), w["damage"], w.get("action"))
        assert w.get("strength", False) == (w["type"] in STRENGTH), w["type"]
        assert w.get("defense", 0) == DEFENSE.get(w["type"], 0), w["type"]
        assert w.get("wind_only", False) == (w["type"] in WIND_ONLY), w["type"]
        assert w["source"].strip(), w["type"]
    assert got == WEAPONS


def test_the_docstring_names_every_ruling():
    """The module's docstring names narrator's readings as "WN1-WN<last>": the rulings of
    ``rulings.toml`` are WN1 to that one, every number once (it said WN1-WN22 while the
    rulings went on to WN28)."""
    import re
    ids = [r["id"] for r in tomllib.loads((DATA / "rulings.toml").read_text())["ruling"]
           if r["id"].startswith("WN")]
    assert sorted(ids, key=lambda i: int(i[2:])) == [f"WN{k}" for k in range(1, len(ids) + 1)]
    named = re.search(r"readings WN1-(WN\d+)", " ".join(__doc__.split()))
    assert named and named.group(1) == f"WN{len(ids)}", named
