"""Boot Hill table values typed by hand from the rules texts, independent of the data files.

Tests compare the engine's data and its table functions with these, so a changed or swapped
value in ``narrator/rulesets/boothill/data/`` fails a test. Each table names the line of
``../shared/sources/000_f05c5ef385f1db5a.txt`` (``000``) or ``001_415c40fca5e431da.txt``
(``001``) it was typed from; where the sources are unclear the ruling of
``../shared/errata.md`` (``B<n>``) is named. Nothing here imports narrator.
"""

from __future__ import annotations

# 000 l.442-453, Table 11 : Wound Locations (d20 -> location).
TABLE_11 = {
    1: "left_leg", 2: "left_leg", 3: "right_leg", 4: "right_leg", 5: "left_arm", 6: "left_arm",
    7: "right_arm", 8: "right_arm", 9: "left_shoulder", 10: "right_shoulder",
    11: "abdomen", 12: "abdomen", 13: "abdomen", 14: "abdomen",
    15: "chest", 16: "chest", 17: "chest", 18: "chest", 19: "head", 20: "head",
}


def table_12(total: int) -> str:
    """000 l.454-460, Table 12 : Wound Severity, as ruled in B7: -1 or less a scratch, 0-2
    light, 3-5 serious, 6 or more mortal (l.415: "less than zero (0) means ... a mere scratch")."""
    if total < 0:
        return "scratch"
    if total <= 2:
        return "light"
    if total <= 5:
        return "serious"
    return "mortal"


def dying_time(difference: int) -> str:
    """000 l.429 (B8): STR - roll 0 to 4 "one or two more turns", 5 to 8 "several minutes",
    9 or more "an hour or so up to several days"."""
    if difference <= 4:
        return "turns"
    if difference <= 8:
        return "minutes"
    return "hours"


# 000 l.529, Table 14 "Any Hipshot" row: short, long, extreme (yards).
ANY_HIPSHOT = (6, 12, 36)
# 001 l.19: point blank is 2 yards or less.
POINT_BLANK_YARDS = 2


def range_band(short: int, long_: int, extreme: int, yards: float, shot_type: str,
               kind: str) -> str | None:
    """B1: the band of a shot at ``yards`` from a Table 14 row's bounds (000 l.500-531); a
    pistol's (``kind``) hipshots and fanned shots use the tighter of the row and Any Hipshot
    (l.529); a long arm fired from the hip keeps its row (001 l.20 shrinks pistols only)."""
    if shot_type in ("hip", "fanned") and kind == "pistol":
        short, long_, extreme = (min(a, b) for a, b in zip((short, long_, extreme), ANY_HIPSHOT,
                                                             strict=True))
    for band, top in (("point_blank", POINT_BLANK_YARDS), ("short", short), ("long", long_),
                      ("extreme", extreme)):
        if yards <= top:
            return band
    return None


# ---------------------------------------------------------------------------------------
# The data files, section by section, as typed from the sources. Keys follow the data files'
# names; a test compares each whole section (its ``source`` string aside) with these.
# ---------------------------------------------------------------------------------------

# tables_combat.toml
COMBAT = {
    # 000 l.97-132, Table 2 (= Table 8, l.292-...), as ruled in B3 (night -4, B17).
    "hit_modifiers": {
        "point_blank_pistol": 4,        # l.101 Point Blank, Pistol +4
        "point_blank_long_arm": -2,     # l.102 Point Blank, Rifle -2 (any long arm, B3)
        "short": 0, "long": -2, "extreme": -5,                          # l.103-105
        "target_running": -2, "target_trotting": -2,                    # l.108
        "target_evading": -4, "target_galloping": -4,                   # l.109
        "shooter_walking": -2,                                          # l.112
        "shooter_running": -4, "shooter_trotting": -4, "shooter_galloping": -4,   # l.113
        "light_wound": -1, "serious_wound": -4,                         # l.116-117
        "size_very_large": 4, "size_large": 2, "size_normal": 0,        # l.120-122
        "size_small": -2, "size_very_small": -4,                        # l.123-124
        "sniping": 2, "shotgun": 2, "scattergun": 4,                    # l.127-129
        "obscured": -2, "wrong_hand": -2, "two_pistols": -6,            # l.130-132
        "night": -4,                                                    # B3, B17
    },
    # 000 l.134-156, Table 3 (yards per combat turn).
    "movement_combat": {
        "foot": {"crawling": 2, "walking": 6, "evading": 12, "running": 24},   # l.137-141
        "mounted": {"walking": 8, "trotting": 16, "galloping": 32},             # l.143-146
        "door": 2,                                                              # l.149
        "window": 6,                                                            # l.150
    },
    # 000 l.279-291, Table 7 (yards per shootout turn); crawling 1 ft = 1/3 yard (l.283).
    "movement_shootout": {
        "foot": {"crawling": 1 / 3, "walking": 1, "evading": 2, "running": 4},  # l.282-286
        "mounted": {"walking": 1, "trotting": 3, "galloping": 5},               # l.288-291
    },
    # 000 l.241-259, Table 5 (counts), B13.
    "shootout_actions": {
        "fanned": 1, "hip": 2, "steady": 3, "careful": 6,                      # l.246-249
        "fast_draw_success": 0, "fast_draw_failed": 2, "normal_draw": 3,       # l.250-252
        "switch_target": 1,                                                    # l.253
        "cock": 1,                                                             # l.254
        "cocked_saving": 1,                       # l.255 "1 less than normal"
    },
    # 000 l.261-277, Table 6, B14.
    "speed_modifiers": {
        "walking": -1, "trotting": -1,                                         # l.264
        "running": -3, "galloping": -3,                                        # l.265
        "light_wound": -1, "serious_wound": -4,                                # l.266-267
        "surprised": -2, "completely_surprised": -4,                           # l.268-269
        "two_guns": -2,                                                        # l.270
        "weapon": {"vslow": -2, "slow": -1, "average": 0, "fast": 1, "vfast": 2},  # l.273-277
    },
    # 001 l.16: one careful shot, two steady shots, three hipshots or six fanned shots.
    "shots_per_shootout_turn": {"careful": 1, "steady": 2, "hip": 3, "fanned": 6},
    # 000 l.89-95 (Table 1), l.230-239 (Table 4), 001 l.18-19, B2: formulas, pinned in text.
    "chance_to_hit": {"careful": "COO + skill", "steady": "ceil(COO/2) + skill",
                      "hip": "floor(COO/4) + skill", "fanned": "max(1, Pistol)"},
    # 001 l.57 ("more than 12 feet ... both a Coordination check and a Luck check"); B18(g):
    # both failed, a light wound in a leg, 1 wound point (ruled as a Luck-saved mortal, B8).
    "jumping": {"luck_check_above_feet": 12, "hurt_wound_points": 1},
    # 001 l.61: "if they are moving faster than a walk" (on foot: evading, running).
    "bad_footing": {"check_gaits": ["evading", "running"]},
    # B18(i): "a character who reaches it" (ruled: within 1 yard).
    "thrown_weapons": {"pick_up_reach": 1.0},
    # ruled: BN7 (000 l.477-487 and B10 are silent on where the shooter stands): no cover
    # against a shooter at the same landmark or within 2 yards (arm's length, B19)
    "cover": {"open_yards": 2.0},
}

# tables_wounds.toml
WOUNDS = {
    # 000 l.357-367, Table 9: pellets by d6 1..6 (rows 1 / 2-3 / 4-5 / 6), Targets row.
    "pellets": {
        "short": [1, 2, 2, 3, 3, 4],
        "long": [0, 1, 1, 2, 2, 3],
        "extreme": [0, 0, 0, 1, 1, 2],
        "scatter_radius": {"long": 2, "extreme": 5},     # l.367: NA, 2 yds, 5 yds
    },
    # 000 l.383-395, Table 10, as read in B5: the highest d20 of each result.
    "misfires": {
        "derringer": [["none", 12], ["dud", 20]],                       # l.388
        "cap_and_ball": [["none", 16], ["explosion", 20]],              # l.389 CBR, RCR
        "revolver": [["none", 16], ["dud", 20]],                        # l.390 SAR, DAR, LBR, FDR
        "shotgun": [["none", 16], ["dud", 20]],                         # l.391
        "breechloader": [["none", 8], ["jam", 20]],                     # l.392
        "lever": [["none", 8], ["dud", 12], ["jam", 20]],               # l.393
        "muzzle_loader": [["dud", 20]],                                 # l.394
        "gatling": [["none", 4], ["dud", 6], ["jam", 20]],              # l.395
        "none": [["none", 20]],                  # B5: bows and thrown weapons never misfire
    },
    # 000 l.442-453, Table 11: the highest d20 of each location.
    "locations": {"rows": [["left_leg", 2], ["right_leg", 4], ["left_arm", 6],
                           ["right_arm", 8], ["left_shoulder", 9], ["right_shoulder", 10],
                           ["abdomen", 14], ["chest", 18], ["head", 20]]},
    # 000 l.454-463, Table 12, B7.
    "severity": {"scratch_max": -1, "light_max": 2, "serious_max": 5,    # l.457-460
                 "chest_or_head": 1, "arm_or_leg": -1},                  # l.462-463
    # 000 l.465-474, Table 13: [numerator, denominator] of the weapon skill ("none" = 0/1).
    "location_modifiers": {
        "careful": {"short": [1, 1], "long": [1, 2], "extreme": [1, 4]},   # l.471
        "steady": {"short": [1, 2], "long": [1, 4], "extreme": [0, 1]},    # l.472
        "hip": {"short": [1, 4], "long": [0, 1], "extreme": [0, 1]},       # l.473
        "fanned": {"short": [0, 1], "long": [0, 1], "extreme": [0, 1]},    # l.474
    },
    # 000 l.429, B8: STR - roll 0-4 turns, 5-8 minutes, 9+ hours.
    "dying": {"turns_max": 4, "minutes_max": 8},
}

# table14_weapons.toml, 000 l.500-531 (Table 14); skill per errata "Attributes"; misfire row
# per B5 (and the data file's rulings for rows Table 10 does not name); capacity per B16.
# type: (short, long, extreme, reload, speed, wound modifier, skill, misfire, capacity, kind)
TABLE_14 = {
    "thrown_knife": (2, 4, 8, "n/a", "average", -1, "throwing", "none", 1, "thrown"),        # l.506
    "thrown_spear": (10, 20, 40, "n/a", "average", -1, "throwing", "none", 1, "thrown"),     # l.507
    "bow": (15, 50, 100, "1", "slow", -1, "archery", "none", 1, "bow"),                      # l.508
    "smoothbore_pistol": (6, 20, 40, "1/3", "slow", 0, "pistol", "muzzle_loader", 1, "pistol"),  # l.509
    "indian_trade_musket": (20, 65, 150, "1/3", "vslow", -1, "rifle", "muzzle_loader", 1, "long_arm"),  # l.510
    "smoothbore_musket": (22, 75, 200, "1/3", "vslow", 0, "rifle", "muzzle_loader", 1, "long_arm"),  # l.511
    "muzzle_loading_carbine": (22, 75, 200, "1/3", "slow", 0, "rifle", "muzzle_loader", 1, "long_arm"),  # l.512
    "muzzle_loading_rifle": (25, 90, 240, "1/3", "vslow", 1, "rifle", "muzzle_loader", 1, "long_arm"),  # l.513
    "breech_loading_carbine": (25, 80, 200, "1", "slow", 0, "rifle", "breechloader", 1, "long_arm"),  # l.514
    "breech_loading_rifle": (30, 100, 500, "1", "vslow", 0, "rifle", "breechloader", 1, "long_arm"),  # l.515
    "revolving_cylinder_carbine": (22, 75, 200, "1/3", "slow", 0, "rifle", "cap_and_ball", 6, "long_arm"),  # l.516
    "revolving_cylinder_rifle": (25, 90, 240, "1/3", "slow", 0, "rifle", "cap_and_ball", 6, "long_arm"),  # l.517
    "buffalo_rifle": (30, 200, 600, "1", "vslow", 1, "rifle", "breechloader", 1, "long_arm"),  # l.518
    "lever_action_carbine": (24, 90, 200, "2", "slow", 0, "rifle", "lever", 12, "long_arm"),  # l.519
    "lever_action_rifle": (30, 100, 400, "2", "slow", 0, "rifle", "lever", 15, "long_arm"),  # l.520
    "shotgun": (10, 40, 110, "2", "slow", 0, "rifle", "shotgun", 2, "long_arm"),             # l.521
    "scattergun": (8, 16, 30, "2", "average", 0, "rifle", "shotgun", 2, "long_arm"),         # l.522
    "derringer": (2, 4, 8, "2", "average", 0, "pistol", "derringer", 2, "pistol"),           # l.523
    "cap_and_ball_revolver": (10, 20, 60, "1/3", "fast", 0, "pistol", "cap_and_ball", 6, "pistol"),  # l.524
    "single_action_revolver": (10, 20, 60, "3", "fast", 0, "pistol", "revolver", 6, "pistol"),  # l.525
    "double_action_revolver": (10, 20, 60, "3", "average", 0, "pistol", "revolver", 6, "pistol"),  # l.526
    "fast_draw_revolver": (6, 15, 50, "3", "vfast", 0, "pistol", "revolver", 6, "pistol"),   # l.527
    "long_barrel_revolver": (12, 30, 90, "3", "slow", 0, "pistol", "revolver", 6, "pistol"),  # l.528
    "cannon": (20, 60, 120, "n/a", "vslow", 3, "rifle", "muzzle_loader", 1, "long_arm"),     # l.530
    "gatling_gun": (40, 200, 400, "1", "vslow", 1, "rifle", "gatling", 40, "long_arm"),      # l.531
}

# ---------------------------------------------------------------------------------------
# Violence, ../shared/sources/003_32799f579e8f48cd.txt (``003``), errata "Violence".
# ---------------------------------------------------------------------------------------

VIOLENCE_RULES = {
    "initiative": {"die": 20},                                   # 003 l.5
    "shooting": {"die": 20, "need": 16, "extra_shot": 1, "tag": 2},   # 003 l.15
    "injury": {"die": 20, "need": 10, "per_injury": 2},          # 003 l.17-24
    "bands": {"close": 10, "medium": 50},                        # errata Violence
    "cover_at_arms_length": {"yards": 2},                        # ruled: VN2
    "calibre": {                                                 # 003 l.20-22
        "none": {"close": 0, "medium": 0, "long": 0},
        "revolver": {"close": 2, "medium": 2, "long": 2},        # l.20
        "hunting": {"close": 4, "medium": 4, "long": 4},         # l.21
        "military": {"close": 4, "medium": 4, "long": 4},        # l.21
        "slug": {"close": 4, "medium": 4, "long": 4},            # l.21
        "buckshot": {"close": 5, "medium": 2, "long": 0},        # l.22; long 0 errata
    },
    "after_fight": {"die": 20, "need": 10, "per_injury": 2},     # 003 l.28
    "sniping": {"need": 12, "distance_band": "long"},            # 003 l.32
    "melee": {"die": 12, "both_injured_max": 1, "winner_injured_max": 3,   # 003 l.38-42
              "reach": 3, "short": 2, "tag": 2},                            # 003 l.44
    "suppression": {"die": 6, "hidden_divisor": 2},              # 003 l.52-54
    "reloading": {},                                             # 003 l.58-64 (no numbers)
    "healing": {"weeks_per_injury": 1, "debilitated_days": 3},   # 003 l.68-70
    "morale": {"dice": 2, "die": 6, "lowest": 3, "highest": 9},  # 003 l.74-76
}

# 003 l.58-60 capacities, l.20-22 calibres, l.44 melee bonuses; a gun's calibre the source
# does not give is the data file's stated choice. type: (kind, capacity, calibre, melee)
VIOLENCE_WEAPONS = {
    "revolver": ("gun", 6, "revolver", 0),                # l.58, l.20
    "lever_action_carbine": ("gun", 9, "revolver", 0),    # l.58 "about 9"
    "lever_action_rifle": ("gun", 14, "revolver", 0),     # l.58 "or 14"
    "coach_gun": ("gun", 2, "buckshot", 0),               # l.60, l.22
    "single_shot_rifle": ("gun", 1, "hunting", 0),        # l.60, l.21
    "bolt_action_rifle": ("gun", 5, "military", 0),       # l.60, l.21
    "knife": ("melee", 0, "none", 2),                     # l.44 shorter weapon
    "club": ("melee", 0, "none", 2),                      # l.44 shorter weapon
    "axe": ("melee", 0, "none", 3),                       # l.44 reach
    "sword": ("melee", 0, "none", 3),                     # l.44 reach
    "spear": ("melee", 0, "none", 3),                     # l.44 reach
    "fists": ("unarmed", 0, "none", 0),                   # l.38
}
