"""The Weird West rules as pure functions of numbers: no dice, no state, no prose.

Each function cites the source lines (004 = ``../shared/sources/004_c023a3ad1c834a19.txt``)
and the rulings it follows (``../shared/errata.md`` "Weird West" W1-W20; narrator's own WN1...
in ``data/rulings.toml``); the numbers come from ``data/rules.toml``. The engine rolls the
dice (``rolls.py``) and hands the results here.

May import: narrator.events (Modifier), narrator.rulesets.weird_west.tables.
"""

from __future__ import annotations

import math
from fractions import Fraction

from narrator.events import Modifier
from narrator.rulesets.weird_west.tables import DIE_TYPES, WeaponType, rules

LOCATIONS = ("legs", "lower_guts", "gizzards", "arms", "upper_guts", "noggin")
TRACKS = ("noggin", "guts", "left_arm", "right_arm", "left_leg", "right_leg")
LEVELS = ("none", "light", "heavy", "serious", "critical", "maimed")
LIGHT = ("day", "dim", "dark", "near_dark", "pitch_dark")
CALLED = ("upper_guts", "lower_guts", "gizzards", "left_arm", "right_arm", "left_leg",
          "right_leg", "left_hand", "right_hand", "noggin", "eye")
AIMS = ("vitals", "limbs", "none")
CHIPS = ("white", "red", "blue")
EPS = 1e-9


# ---------------------------------------------------------------- target numbers
def tn_name(tn: int) -> str | None:
    """The name of a standard TN (W2): 3 Foolproof, 5 Fair, 7 Onerous, 9 Hard, 11 Incredible."""
    for name, value in rules()["tn"].items():
        if name != "source" and value == tn:
            return name
    return None


def range_increments(yards: float, increment: int) -> int:
    """Full range increments to the target (004 l.59-61): ``floor(yards / increment)``;
    25 yards with a 10-yard increment is 2."""
    if increment <= 0:
        return 0
    return math.floor(yards / increment + EPS)


def shootin_tn(yards: float, increment: int) -> tuple[int, int]:
    """004 l.57-61: (TN, full increments): Fair 5 + 1 per full increment."""
    s = rules()["shootin"]
    n = range_increments(yards, increment)
    return s["base_tn"] + s["per_increment"] * n, n


def shootin_modifiers(*, shotgun: bool = False, running: bool = False,
                      on_moving_horse: bool = False, target_running: bool = False,
                      light: str = "day", half_hidden: bool = False, aim_actions: int = 0,
                      two_guns: str | None = None, called: str | None = None,
                      fanning: bool = False, wound_penalty: int = 0) -> list[Modifier]:
    """The roll terms of a shootin' roll (004 l.40, 80, 142, 160, 166-171; W6, W13), in the
    order a write-up names them.

    Args:
        shotgun: +2 (004 l.80).
        running: the shooter moved more than his Pace this action, -4 (004 l.40).
        on_moving_horse: -2 (W6).
        target_running: -2 (W6).
        light: one of ``LIGHT`` (W6: dim -2, dark -4, near dark -6, pitch dark -10).
        half_hidden: the target at least half hidden by cover or concealment, -2 (W6).
        aim_actions: actions spent drawing a bead, +2 each, at most +6 (004 l.142); none
            while fanning (l.160).
        two_guns: "main" (-2) or "off" (-2 and -4) for two-gun fighting (004 l.166-171).
        called: one of ``CALLED`` (W6, WN3).
        fanning: -2 (004 l.155).
        wound_penalty: the shooter's wound penalty, 0 or negative (W8).

    Raises:
        ValueError: an unknown light, hand or called location.
    """
    s = rules()["shootin"]
    mods: list[Modifier] = []
    if shotgun:
        mods.append(Modifier("shotgun", rules()["shotgun"]["bonus"]))
    if fanning:
        mods.append(Modifier("fanning", rules()["fanning"]["penalty"]))
    if aim_actions and not fanning:
        mods.append(aim_modifier(aim_actions))
    if called:
        mods.append(called_modifier(called))
    if two_guns:
        mods.extend(two_weapon_modifiers(two_guns))
    if running:
        mods.append(Modifier("running", s["shooter_running"]))
    if on_moving_horse:
        mods.append(Modifier("moving_horse", s["shooter_on_moving_horse"]))
    if target_running:
        mods.append(Modifier("target_running", s["target_running"]))
    if light not in s["light"]:
        raise ValueError(f"unknown light {light!r}")
    if s["light"][light]:
        mods.append(Modifier(f"light_{light}", s["light"][light]))
    if half_hidden:
        mods.append(Modifier("half_hidden", s["half_hidden"]))
    if wound_penalty:
        mods.append(Modifier("wounds", wound_penalty))
    return mods


def aim_bonus(actions: int) -> int:
    """004 l.142-144: +2 an action spent aiming, at most +6 (three actions give +6)."""
    a = rules()["aiming"]
    return min(a["max"], a["per_action"] * max(0, actions))


def aim_modifier(actions: int) -> Modifier:
    """The aiming term, ``times`` the actions it took (004 l.142)."""
    return Modifier("aiming", aim_bonus(actions), "table", "", actions)


def called_modifier(called: str) -> Modifier:
    """A called shot's term (W6, WN3): guts -2, arm or leg -4, hand, gizzards or noggin -6,
    eye -10.

    Raises:
        ValueError: a location not in ``CALLED``.
    """
    if called not in CALLED:
        raise ValueError(f"no called shot at {called!r}")
    key = called.split("_", 1)[1] if called.startswith(("left_", "right_")) else called
    return Modifier("called_shot", rules()["called"][key], "table", called)


def called_location(called: str) -> tuple[str, str | None]:
    """Where a called shot that hits lands (004 l.138): (location, side or None). A hand is
    the arm's location, an eye the noggin."""
    if called.startswith(("left_", "right_")):
        side, part = called.split("_", 1)
        return ("arms" if part in ("arm", "hand") else "legs"), side
    return ("noggin" if called == "eye" else called), None


def two_weapon_modifiers(hand: str) -> list[Modifier]:
    """004 l.166-182: -2 to each attack; the off hand a further -4 (-6 in all).

    Raises:
        ValueError: ``hand`` is not "main" or "off".
    """
    t = rules()["two_weapons"]
    if hand not in ("main", "off"):
        raise ValueError(f"hand must be main or off, not {hand!r}")
    mods = [Modifier("two_weapons", t["each"])]
    if hand == "off":
        mods.append(Modifier("off_hand", t["off_hand"]))
    return mods


# ---------------------------------------------------------------- movement and load
def max_move(pace: int) -> int:
    """004 l.32: up to twice the Pace in yards a round."""
    return rules()["movement"]["per_round"] * pace


def is_running(yards: float, pace: int) -> bool:
    """004 l.38: more than Pace on one action is running."""
    return yards > pace + EPS


def running_modifier() -> Modifier:
    """004 l.40: -4 to every skill roll of the action."""
    return Modifier("running", rules()["movement"]["running"])


def split_ok(moves: list[float], pace: int) -> bool:
    """004 l.32-34: the moves of one round's actions fit in 2 x Pace (Ronan, Pace 8: 10, 3, 3
    or 0, 0, 16)."""
    return all(m >= 0 for m in moves) and sum(moves) <= max_move(pace) + EPS


def load_band(strength_die: int, pounds: float) -> str:
    """004 l.46-48; W5: "none" up to 3s pounds (s the Strength die size), "light" to 6s,
    "medium" to 10s, "heavy" beyond (Strength d6: 18, 36, 60)."""
    ld = rules()["load"]
    if pounds <= ld["none_max"] * strength_die:
        return "none"
    if pounds <= ld["light_max"] * strength_die:
        return "light"
    if pounds <= ld["medium_max"] * strength_die:
        return "medium"
    return "heavy"


def load_limits(strength_die: int) -> tuple[int, int, int]:
    """The three load limits in pounds for a Strength die (W5): d6 gives (18, 36, 60)."""
    ld = rules()["load"]
    return (ld["none_max"] * strength_die, ld["light_max"] * strength_die,
            ld["medium_max"] * strength_die)


def loaded_pace(pace: int, strength_die: int, pounds: float) -> int:
    """Pace under a load (004 l.48; W5): x1, x3/4, x1/2, x1/4, rounded down, at least 1
    (WN2)."""
    band = load_band(strength_die, pounds)
    if band == "none":
        return pace
    num, den = rules()["load"][band]
    return max(1, math.floor(Fraction(pace * num, den)))


def default_pace(nimbleness_die: int) -> int:
    """W5: Pace defaults to the Nimbleness die size."""
    return nimbleness_die


def maimed_leg_pace(pace: int, maimed_legs: int) -> int:
    """W8, WN12: each maimed leg halves Pace, rounded down (WN2), at least 1."""
    return max(1, pace >> maimed_legs) if maimed_legs else pace


# ---------------------------------------------------------------- hit location
def location_of(roll: int) -> str:
    """W7's d20 table: 1-4 legs, 5-9 lower guts, 10 gizzards, 11-14 arms, 15-19 upper guts,
    20 noggin.

    Raises:
        ValueError: a roll outside 1-20.
    """
    for low, high, loc in rules()["location"]["bands"]:
        if low <= roll <= high:
            return loc
    raise ValueError(f"no hit location for {roll}")


def shift_location(roll: int, raises: int, aim: str = "vitals") -> int:
    """W7: each raise may move the location roll one step. ``vitals``: to the noggin (20) when
    the raises reach it, else to the gizzards (10) when they reach it, else where it fell;
    ``limbs``: to the nearest arm or leg roll the raises reach (a limb stays); ``none``: no
    move. (Fanned bullets take no move, WN14: the caller passes 0 raises.)"""
    if raises <= 0 or aim == "none":
        return roll
    if aim == "limbs":
        if location_of(roll) in ("arms", "legs"):
            return roll
        limbs = [r for r in range(1, 21) if location_of(r) in ("arms", "legs")]
        near = min(limbs, key=lambda r: (abs(r - roll), r))
        return near if abs(near - roll) <= raises else roll
    for target in rules()["location"]["vitals"]:
        if abs(target - roll) <= raises:
            return target
    return roll


def side_of(die: int) -> str:
    """004 l.113: odd hits left, even right."""
    return "left" if die % 2 else "right"


def needs_side(location: str) -> bool:
    """004 l.113: arms and legs roll another die for the side."""
    return location in ("arms", "legs")


def track_of(location: str, side: str | None = None) -> str:
    """The wound track a location marks (W8): the three guts locations share "guts"; arms and
    legs are per side ("left_arm"); the noggin its own."""
    if location in rules()["wounds"]["guts"]:
        return "guts"
    if location in ("arms", "legs"):
        if side not in ("left", "right"):
            raise ValueError(f"{location} needs a side")
        return f"{side}_{location[:-1]}"
    return location


def prone_protects(location: str, attacker_yards: float, standing_over: bool = False) -> bool:
    """004 l.117: a prone target is hit only on arms, upper guts or noggin, unless the
    attacker is within 5 yards or stands over him. True when the hit misses for it."""
    loc = rules()["location"]
    if standing_over or attacker_yards <= loc["prone_close_yards"] + EPS:
        return False
    return location not in loc["prone_hit"]


def extra_dice(location: str) -> int:
    """004 l.111: gizzards +1 damage die, noggin +2, of the weapon's die type."""
    return rules()["location"]["extra_dice"].get(location, 0)


# ---------------------------------------------------------------- cover and armour
def deflected(die: int) -> bool:
    """004 l.125-126: a hit that strikes cover is deflected on an odd die, through on even."""
    return die % 2 == 1


def armor_of(material: str) -> int:
    """W9: Armor by material (plank 2, timber or adobe 3, brick or stone 4, iron 5).

    Raises:
        KeyError: an unknown material.
    """
    return rules()["cover"]["armor"][material]


def lowered_die(die: int, armor: int) -> int | None:
    """004 l.126-128; W9: the damage die type lowered one step per point of Armor (d12, d10,
    d8, d6, d4); below d4, None (no damage). A d6 behind Armor 2 is None; a d10 is a d6."""
    steps = rules()["cover"]["die_steps"]
    i = steps.index(die) - armor
    return steps[i] if i >= 0 else None


# ---------------------------------------------------------------- damage and wounds
def shotgun_dice(increments: int) -> int | None:
    """W14: (6 - full increments)d6, at least 1d6; None beyond the reach of 5 increments."""
    s = rules()["shotgun"]
    if increments > s["reach"]:
        return None
    return max(s["min_dice"], s["dice_at_zero"] - increments)


def damage_dice(weapon: WeaponType, location: str, increments: int = 0,
                strength: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The damage dice of a hit as [(count, die), ...] before Armor (W8, W12, W14, 004 l.111).

    Args:
        weapon: the weapon row.
        location: where it hit (adds gizzards 1, noggin 2 dice of the weapon's die type; for
            fists, the Strength die, WN13).
        increments: full range increments (shotguns, W14).
        strength: (dice, die type) of the wielder's Strength, for weapons with ``strength``.

    Raises:
        ValueError: a Strength weapon without ``strength``; a shotgun out of reach.
    """
    out: list[tuple[int, int]] = []
    if weapon.strength:
        if strength is None:
            raise ValueError(f"{weapon.name} needs the wielder's Strength")
        out.append(strength)
    if weapon.is_shotgun:
        n = shotgun_dice(increments)
        if n is None:
            raise ValueError("out of the shotgun's reach")
        out.append((n, rules()["shotgun"]["die"]))
    elif weapon.dice:
        out.append((weapon.dice, weapon.die))
    extra = extra_dice(location)
    if extra:
        die = weapon.die if weapon.dice or weapon.is_shotgun else strength[1]  # WN13
        out.append((extra, die))
    return out


def wounds_from(damage: int, size: int = 6) -> int:
    """W8: wounds = damage / Size, rounded down (Size 6 unless the character says)."""
    return damage // size


def level_after(level: int, wounds: int) -> int:
    """W8: a location's wound level after ``wounds`` more, never past maimed (5)."""
    return min(rules()["wounds"]["maimed"], level + max(0, wounds))


def level_name(level: int) -> str:
    """W8: 0 none, 1 light, 2 heavy, 3 serious, 4 critical, 5 maimed."""
    return LEVELS[level]


def wound_penalty(levels: dict[str, int], undead: bool = False) -> int:
    """W8: minus the highest level on any location (light -1 ... maimed -5), on every roll;
    the walking dead take none (W19)."""
    if undead:
        return 0
    return -max(levels.values(), default=0)


def maimed_effect(track: str, undead: bool = False) -> str:
    """W8, W19: what a maimed location does: "drops" (an arm: drops what it holds, useless),
    "falls" (a leg: Pace halved, he falls), "dead" (guts or noggin; for the walking dead only
    the noggin), "none" (the walking dead's guts)."""
    if track.endswith("_arm"):
        return "drops"
    if track.endswith("_leg"):
        return "falls"
    if undead and track == "guts":
        return "none"
    return "dead"


def wind_max(vigor_die: int, spirit_die: int) -> int:
    """W8: Wind = Vigor die size + Spirit die size."""
    return vigor_die + spirit_die


def wind_dice(wounds: int, damage: int) -> int:
    """W8, W20(b): a hit that did damage costs (wounds)d6 Wind, at least 1d6 (the wounds
    left after fate chips); no damage, no Wind."""
    if damage <= 0:
        return 0
    return max(rules()["wind"]["min_dice"], wounds)


def bleeding(levels: dict[str, int], undead: bool = False) -> int:
    """W8, WN6: Wind lost at the end of a round by the worst wound: serious 1, critical 2,
    a maimed limb 3 (maimed guts or noggin is death); the walking dead do not bleed."""
    if undead:
        return 0
    b = rules()["bleeding"]
    worst = 0
    for track, level in levels.items():
        if level >= 5 and track not in ("guts", "noggin"):
            worst = max(worst, b["maimed_limb"])
        elif level >= 4:
            worst = max(worst, b["critical"])
        elif level == 3:
            worst = max(worst, b["serious"])
    return worst


def winded(wind: int) -> bool:
    """W8: at 0 Wind or less a character is out (winded, helpless) until the fight ends."""
    return wind <= 0


def stun_tn(wounds: int) -> int:
    """W10: Vigor against TN 5 plus the wounds just taken."""
    return rules()["stun"]["tn"] + wounds


# ---------------------------------------------------------------- fightin'
UNARMED = "brawlin"   # 004 l.93: "(or fightin': brawlin' if unarmed)"


def fightin_level(levels: dict[str, int], concentration: str) -> tuple[int, str]:
    """The defender's fightin' level for what he holds (004 l.93, WN10): his level in that
    concentration; holding a fightin' weapon he has no level in, his highest fightin' level
    (l.95: fightin': knife 3 holding a saber). Unarmed (``brawlin``: nothing in hand, or only
    a gun, ruled: WN28) his brawlin' alone: l.93 names it, and a blade at his side is not
    what he holds. Returns (level, concentration counted)."""
    if levels.get(concentration, 0) > 0:
        return levels[concentration], concentration
    if concentration == UNARMED:
        return 0, concentration
    best = max(levels.items(), key=lambda kv: kv[1], default=(concentration, 0))
    return (best[1], best[0]) if best[1] > 0 else (0, concentration)


def fightin_tn(levels: dict[str, int], held: WeaponType) -> tuple[int, int, str]:
    """004 l.93-95: TN = Fair 5 + the defender's fightin' level with what he holds + its
    defensive bonus. Returns (TN, level, concentration counted): knife 3 with a saber (+2)
    is 10."""
    level, conc = fightin_level(levels, held.concentration)
    return rules()["fightin"]["base_tn"] + level + held.defense, level, conc


# ---------------------------------------------------------------- fanning, vamoosing, chips
def can_fan(weapon: WeaponType, free_hand: bool, pistol_level: int) -> bool:
    """004 l.150: a single-action revolver, a free hand, shootin': pistol 1 or more."""
    return (weapon.action == "single" and weapon.concentration == "pistol" and free_hand
            and pistol_level >= rules()["fanning"]["min_level"])


def fanning_hits(success: bool, raises: int, shots: int) -> int:
    """004 l.156, l.162; W13: a success is one hit and each raise one more, never more hits
    than shots (six shots, three raises: four hits)."""
    if not success:
        return 0
    return min(shots, 1 + raises)


def vamoose_modifiers(can_move: bool, wound_penalty: int = 0) -> list[Modifier]:
    """004 l.197: -4 if he cannot or will not move as the defence requires; W8: wounds."""
    mods = []
    if not can_move:
        mods.append(Modifier("cannot_move", rules()["vamoose"]["cannot_move"]))
    if wound_penalty:
        mods.append(Modifier("wounds", wound_penalty))
    return mods


def vamoose_aptitude(attack: str) -> str:
    """004 l.192-199: dodge against ranged attacks, fightin' against melee, never the other."""
    return "dodge" if attack == "ranged" else "fightin"


def chip_negates(colour: str) -> int:
    """W16: a white chip negates 1 wound, red 2, blue 3."""
    return rules()["fate_chips"][colour]


def chip_to_spend(chips: dict[str, int], wounds: int, level: int, deadly: bool) -> str | None:
    """W16 tactics: when a hit's wounds would take its location to serious or worse, or kill,
    spend the smallest chip that negates the most of them; else keep the chips.

    Args:
        chips: {colour: how many held}.
        wounds: the hit's wounds.
        level: the location's level before the hit.
        deadly: the hit would kill (maim the guts or noggin).
    """
    if wounds <= 0 or not (deadly or level + wounds >= 3):
        return None
    held = [c for c in CHIPS if chips.get(c, 0) > 0]
    if not held:
        return None
    return min(held, key=lambda c: (-min(chip_negates(c), wounds), chip_negates(c)))


def quick_draw_tn() -> int:
    """W17: quick draw against TN 5."""
    return rules()["quick_draw"]["tn"]


def check_die(die: int) -> int:
    """A die type the rules have (W1).

    Raises:
        ValueError: not d4, d6, d8, d10 or d12.
    """
    if die not in DIE_TYPES:
        raise ValueError(f"no d{die}")
    return die
