"""The Gaslight rules as pure functions of numbers: no dice, no state, no prose.

Each function cites its source: ``002 l.N`` is line N of
``../shared/sources/002_66698b187d861f04.txt`` (``cat -n``), G1-G18 are the rulings of
``../shared/errata.md`` section "Gaslight", GN1... are narrator's own readings (listed in
``data/rulings.toml``). The numbers come from ``data/rules.toml``. ``rolls.py`` draws the
dice and hands them here. Distances are in feet, weights in pounds.

May import: narrator.events (Modifier), narrator.rulesets.gaslight.tables.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from narrator.events import Modifier
from narrator.rulesets.gaslight.tables import CLASSES, MODES, rules


class NotAllowed(ValueError):
    """A combination the rules forbid (a called shot with a shotgun, panic fire beside a
    point-blank shot, fanning a repeater...); the message says which rule."""


# ---------------------------------------------------------------------- characters (G1)
def ability_modifier(score: int) -> int:
    """G1: the d20 ability modifier, floor((score - 10) / 2): 3 -> -4, 10 -> 0, 18 -> +4."""
    a = rules()["abilities"]
    return (score - a["modifier_base"]) // a["modifier_divisor"]


def armour_class(dex: int, armour: int = 0) -> int:
    """G1: Armor Class = 10 + DEX modifier + armour."""
    return rules()["abilities"]["ac_base"] + ability_modifier(dex) + armour


# ---------------------------------------------------------------------- to hit and range (G2)
def range_increment(form: str) -> int:
    """G9: the range increment in feet of a weapon form (derringer 10, pistol 30, shotgun 30,
    sawed-off 15, carbine 70, rifle 120); GN16: a scattergun 15, a coach gun 30."""
    return rules()["range_increment_feet"][form]


def full_increments(feet: float, increment: int) -> int:
    """G2: how many full range increments lie between shooter and target."""
    return int(feet // increment)


def in_range(feet: float, increment: int) -> bool:
    """G2, GN1: a target is in range up to 10 range increments (d20's maximum range)."""
    return feet <= rules()["range"]["max_increments"] * increment


def range_modifier(feet: float, increment: int) -> int:
    """G2: -2 for each full range increment (pistol, 30 ft: 0 up to 29 ft, -2 from 30 ft,
    -4 from 60 ft).

    Raises:
        NotAllowed: beyond 10 increments (GN1).
    """
    if not in_range(feet, increment):
        raise NotAllowed(f"out of range: {feet:g} ft is beyond 10 range increments of "
                         f"{increment} ft (GN1)")
    return rules()["range"]["per_increment"] * full_increments(feet, increment)


def hits(roll: int, total: int, ac: int) -> bool:
    """G2: a natural 20 always hits, a natural 1 always misses; else ``total >= ac``."""
    t = rules()["to_hit"]
    if roll == t["always_hits"]:
        return True
    if roll == t["always_misses"]:
        return False
    return total >= ac


def fumbles(roll: int) -> bool:
    """G2, G11, 002 l.122: a natural 1 on the to-hit d20 is a fumble (point blank too, l.72)."""
    return roll == rules()["to_hit"]["always_misses"]


# ---------------------------------------------------------------------- firing modes (G4-G6)
def mode_modifier(mode: str, moving: bool = False) -> int:
    """002 l.39-57, G4-G6, G18 h: aimed +4 (lost when the shooter moves or is moved, l.41),
    snap 0, rapid -4, panic -8, covering 0, point blank +8, fanning 0 (its penalties are
    per shot, ``fanning_modifiers``)."""
    m = rules()["mode"][mode]["modifier"]
    return 0 if mode == "aimed" and moving else m


def max_shots(mode: str, weapon_class: str, loaded: int, barrels: int = 1) -> int:
    """The most shots a weapon fires in one combat round in ``mode`` (002 l.38-72, G4-G6,
    G14), given ``loaded`` rounds in it at the start of the round.

    * aimed: one; a double barrel two, the second a snap shot (l.40, ``second_barrel_mode``),
      or both barrels at once as one aimed attack (``both_barrels_damage``); point blank one;
    * snap: muzzle loader one; breech loader fires and loads twice (l.47), so what is loaded
      plus one reload of its barrels, at most two a barrel (a double barrel four, l.48);
      repeater four; revolver six or its full load (l.50);
    * rapid, panic: breech or muzzle loader one, repeater four, revolver every round;
    * covering: the first shot and the follow-ups of ``covering_follow_ups``;
    * fanning: a revolver's every round (l.410), nothing else.

    Raises:
        NotAllowed: fanning anything but a revolver.
    """
    if mode not in MODES or weapon_class not in CLASSES:
        raise ValueError(f"unknown mode {mode!r} or weapon class {weapon_class!r}")
    if loaded < 0:
        raise ValueError("loaded rounds cannot be negative")
    spec = rules()["mode"][mode]
    if mode == "covering":
        return min(loaded, 1 + len(covering_follow_ups(weapon_class)))
    if mode == "fanning" and weapon_class != "revolver":
        raise NotAllowed("only a single-action revolver can be fanned (002 l.408)")
    if mode == "aimed" and barrels == 2 and weapon_class in ("breech_loader", "muzzle_loader"):
        return min(loaded, barrels)
    if mode == "snap" and weapon_class == "breech_loader":
        return min(loaded + barrels, 2 * barrels)
    if mode == "snap" and weapon_class == "revolver":
        return min(loaded, spec["revolver_most"])
    shots = spec["shots"][weapon_class]
    return loaded if shots == "all" else min(loaded, shots)


def must_fire_all(mode: str, weapon_class: str) -> bool:
    """002 l.60: a revolver in panic fire is ALWAYS fully discharged."""
    return mode == "panic" and weapon_class == "revolver"


def both_barrels_damage() -> int:
    """002 l.40, G4, G18 d: both barrels fired at once as one aimed attack double the damage
    (the dice rolled once, then x2; with impaling x1.5 the two make x2.5)."""
    return rules()["mode"]["aimed"]["both_barrels_damage"]


def second_barrel_mode() -> str:
    """002 l.40: a double barrel fired aimed one barrel at a time: the second barrel is NOT an
    aimed shot (recoil and smoke) but a snap shot: "snap"."""
    return rules()["mode"]["aimed"]["second_barrel"]


def split_shots(shots: int, mode: str) -> tuple[int, int]:
    """002 l.12, G3, G18 a: ``(at initiative, at the end of the round)``.

    A lone shot goes at initiative; of n > 1 shots floor(n/2) at initiative and the rest at
    the end (a revolver's six: 3 and 3; five: 2 and 3); fanning puts every shot in the first
    half (l.410). Covering fire has its own schedule (``covering_follow_ups``).
    """
    if shots <= 1 or mode == "fanning":
        return shots, 0
    first = shots // rules()["shot_split"]["at_initiative_divisor"]
    return first, shots - first


def covering_follow_ups(weapon_class: str) -> tuple[str, ...]:
    """002 l.66-68, G5: the shots a covering character fires after his first, and when
    ("initiative" or "end"): muzzle or breech loader none, repeater one at the end, revolver
    one at initiative and one at the end, all at the first target."""
    return tuple(rules()["mode"]["covering"]["after_first"][weapon_class])


def covering_triggers() -> tuple[str, ...]:
    """G5: what a covering character waits for: the target ``moves``, ``shoots`` or
    ``appears``."""
    return tuple(rules()["mode"]["covering"]["triggers"])


def covering_group_most() -> int:
    """002 l.62, GN21: covering fire may watch "a small group of individuals": at most four
    men."""
    return rules()["mode"]["covering"]["group_most"]


def is_point_blank(feet: float) -> bool:
    """002 l.72, G6: one foot or less."""
    return feet <= rules()["mode"]["point_blank"]["feet"]


def point_blank_damage_multiplier(roll: int) -> int:
    """002 l.72: a natural 20 at point blank doubles the damage; otherwise 1."""
    return rules()["mode"]["point_blank"]["natural_20_damage"] if roll == 20 else 1


# ---------------------------------------------------------------------- a blade (l.363, GN23)
def blade_damage(kind: str) -> str:
    """GN23: a blade's damage dice (knife 1d4, sword cane 1d6, sabre 1d8; 002 gives none)."""
    return rules()["melee"]["blades"][kind]


def in_reach(feet: float) -> bool:
    """GN23: a blow reaches a man within 5 feet."""
    return feet <= rules()["melee"]["reach_feet"]


def gun_and_blade(blade_hand: str) -> tuple[int, int]:
    """002 l.363, l.349, GN23: ``(the shot's penalty, the blow's penalty)`` when a man fires
    the gun in one hand and strikes with the blade in the other in one round: the primary
    hand -6, the off hand -10 (``blade_hand`` "off": the blow takes -10)."""
    m = rules()["melee"]
    return (m["primary"], m["off"]) if blade_hand == "off" else (m["off"], m["primary"])


def melee_damage(dice: tuple[int, ...], strength: int) -> int:
    """GN23: the blade's dice + the STR modifier (d20's melee damage), at least 1, before
    the location's multiplier."""
    return max(rules()["melee"]["least_damage"], sum(dice) + ability_modifier(strength))


# ---------------------------------------------------------------------- conveyances (GN22)
def moved_aboard(ride: object | None) -> bool:
    """002 l.41, GN22: is a man aboard ``ride`` (a scenario ``Conveyance`` or None) being
    moved? A moving horse, carriage, train or boat moves him (aimed fire loses its +4); the
    deck of a ship is "very large and relatively stable" and does not."""
    if ride is None or not ride.moving:
        return False
    return ride.on not in rules()["conveyance"]["stable"]


def aboard_status(ride: object | None, own: str) -> str:
    """002 l.76-81, GN22: the target status of a man aboard ``ride``: its ``speed`` when it
    moves (default running; on a ship's deck his ``own`` status unless a speed is given);
    standing still, his own."""
    if ride is None or not ride.moving:
        return own
    if ride.speed is not None:
        return ride.speed
    c = rules()["conveyance"]
    return own if ride.on in c["stable"] else c["default_speed"]


def aboard_speed(ride: object) -> str:
    """GN22: the speed a moving conveyance goes at: its ``speed``, else running."""
    return ride.speed or rules()["conveyance"]["default_speed"]


def aboard_feet(ride: object) -> float:
    """GN22: how far a moving conveyance carries him in a round, by its speed (GN17's
    gaits: walking slowly 15 ft, briskly 30, running 60, sprinting 120, evading 60)."""
    return rules()["conveyance"]["feet"][aboard_speed(ride)]


def in_full_flight(ride: object | None) -> bool:
    """002 l.57, GN22: a man aboard a conveyance moving at a run or a sprint is in full
    flight: he may fire panic fire without a move of his own."""
    return (ride is not None and ride.moving
            and aboard_status(ride, "stationary_mobile") in ("running", "sprinting"))


# ---------------------------------------------------------------------- circumstances (G7)
def status_modifier(status: str) -> int:
    """002 l.74-81: stationary immobile +2 ... evading -8."""
    return rules()["target_status"][status]


def ranged_modifier(table: str, row: str, value: int | str | None = None) -> int | None:
    """002 l.82-88, l.97, G7: a light, weather or crowd row's modifier.

    ``value`` None gives the row's mildest figure; a number must lie in the row's range
    (``light.poor``: -1 to -4). ``"impossible"`` is allowed only where the table says so
    (pea soup, GN3) and returns None: no shot can be aimed.

    Raises:
        ValueError: an unknown row, or a number outside the row's range.
    """
    section = rules()[table]
    spec = section if table == "crowd" else section.get(row)
    if spec is None or row == "source":
        raise ValueError(f"unknown {table} row {row!r}")
    mildest, worst = spec["mildest"], spec["worst"]
    if value is None:
        return mildest
    if value == "impossible":
        if worst != "impossible":
            raise ValueError(f"{table} {row} cannot be 'impossible' ({mildest} to {worst})")
        return None
    if worst == "impossible":
        if value > mildest:
            raise ValueError(f"{table} {row} is {mildest} or worse, not {value}")
        return value
    if not worst <= value <= mildest:
        raise ValueError(f"{table} {row} is {mildest} to {worst}, not {value}")
    return value


def bare_feet() -> float:
    """How near a shooter stands to a man for his cover and concealment not to hide him,
    feet (ruled: GN26)."""
    return float(rules()["cover_at_arms_length"]["feet"])


def cover_modifier(percent: int, kind: str = "cover") -> int:
    """002 l.89-96: hidden 25/50/75/90% by cover -2/-4/-7/-10, by concealment -1/-2/-3/-4;
    0% is 0.

    Raises:
        ValueError: a percentage the table has no row for.
    """
    if percent == 0:
        return 0
    table = rules()[kind]
    if str(percent) not in table:
        raise ValueError(f"{kind} is 0, 25, 50, 75 or 90 percent, not {percent}")
    return table[str(percent)]


# ---------------------------------------------------------------------- fast draw (G8)
def fast_draw_adjustment(form: str, barrel_inches: float | None = None) -> int:
    """002 l.111-119: pistol barrel 3" or less +2, over 3" to 5" +1, over 5" (GN4: any
    length) 0; scattergun 0; sawed-off -1; carbine or coach gun -2; rifle or shotgun -3.
    A derringer is a pistol (its barrel 3" unless given)."""
    t = rules()["fast_draw_adjustment"]
    if form in ("pistol", "derringer"):
        inches = barrel_inches if barrel_inches is not None else (3 if form == "derringer" else 6)
        if inches <= 3:
            return t["pistol_3_inch"]
        if inches <= 5:
            return t["pistol_5_inch"]
        return t["pistol_7_inch"]
    return t[form]


def adjusted_fast_draw(dex: int, quick_draw: int, adjustment: int,
                       penalties: tuple[int, ...] = ()) -> int:
    """002 l.103, G8: DEX score + quick-draw points + the weapon's adjustment (as signed)
    - each other penalty (given as a positive number; ``fast_draw_penalties``)."""
    return dex + quick_draw + adjustment - sum(penalties)


def contest_quick_draw(points: int, carry: str, form: str) -> int:
    """GN25: the Quick Draw skill points that count in a fast-draw contest (002 l.103, and
    the tie-break on them, l.109) for a gun of ``form`` (one of ``FORMS``) carried at
    ``carry`` (one of ``CARRIES``): all of ``points`` where Quick Draw helps draw that gun
    from there (the drawing table's ``quick_draw`` column, l.25-28, l.35: a holster, a
    shoulder holster, a pocket with the hand on the pistol, an oversized holster, a
    scattergun's lanyard), and for a gun already in hand where it helps draw that form from
    where it is usually carried (GN24: a pistol, derringer, scattergun or sawed-off; l.35
    "the pistol is already in the shooter's hand"); 0 for a long arm from a sheath, a sling
    or a lanyard (l.29, l.31), a long arm held in the hands (l.29), a pistol fumbled for in a
    pocket (l.26, l.35) and any gun in a case (l.32).

    >>> contest_quick_draw(3, "sling", "coach_gun"), contest_quick_draw(3, "holster", "pistol")
    (0, 3)

    Raises:
        KeyError: ``carry`` is not a carry or ``form`` not a form.
    """
    drawing = rules()["drawing"]
    if carry == "ready":
        carry = default_carry(form)
    return points if drawing[carry]["quick_draw"] else 0


def fast_draw_penalties(unfamiliar: bool, off_hand: bool, off_hand_skill: bool) -> list[Modifier]:
    """002 l.103 and GN5: what an unfamiliar gun (3) and a draw with the off hand (10, or 5
    with Off Hand Shooting) take off the Adjusted Fast Draw, as negative modifiers."""
    p = rules()["fast_draw_penalties"]
    out = []
    if unfamiliar:
        out.append(Modifier("unfamiliar", -p["unfamiliar"], "ruling", "GN5"))
    if off_hand:
        out.append(Modifier("off_hand", -(p["off_hand_skilled"] if off_hand_skill
                                          else p["off_hand"]), "ruling", "GN5"))
    return out


def scale_fast_draw(scores: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """002 l.105, G8: when a score tops 20 every score drops by what brings the highest to
    19. Returns ``(scores, drop)``: (23, 18) -> ((19, 14), 4); (20, 12) -> unchanged."""
    f = rules()["fast_draw"]
    top = max(scores)
    drop = top - f["scale_to"] if top > f["scale_above"] else 0
    return tuple(s - drop for s in scores), drop


def fast_draw_succeeds(roll: int, score: int) -> bool:
    """002 l.104, G18 b: a d20 at or under the score succeeds; a natural 20 always fails."""
    return roll != rules()["fast_draw"]["natural_fail"] and roll <= score


@dataclass(frozen=True)
class FastDrawOutcome:
    """How a two-man fast-draw contest came out (002 l.104-110, G8, G18 b).

    Attributes:
        scores: the two Adjusted Fast Draws after scaling.
        drop: what scaling took off each (0 when neither topped 20).
        rolls: the two d20s.
        succeeded: whether each made his roll.
        margins: score - roll for a success, None for a failure.
        decided_by: "one_success", "margin", "quick_draw", "tenth", "same_tenth" (GN14: both
            fire in the same tenth) or "both_failed" (neither has the jump: initiative).
        order: indices (0, 1) in the order they fire; () when both failed.
        tenths: the two d10s when rolled, else None.
        both_fire: True when the loser's shot goes off even if the first kills him (l.110).
    """

    scores: tuple[int, int]
    drop: int
    rolls: tuple[int, int]
    succeeded: tuple[bool, bool]
    margins: tuple[int | None, int | None]
    decided_by: str
    order: tuple[int, ...]
    tenths: tuple[int, int] | None = None
    both_fire: bool = False


def needs_tenths(scores: tuple[int, int], rolls: tuple[int, int],
                 quick_draw: tuple[int, int]) -> bool:
    """002 l.110: the d10s are rolled when both succeed with equal margins and equal
    quick-draw points."""
    s, _ = scale_fast_draw(scores)
    ok = [fast_draw_succeeds(r, x) for r, x in zip(rolls, s)]
    return (all(ok) and s[0] - rolls[0] == s[1] - rolls[1] and quick_draw[0] == quick_draw[1])


def fast_draw_outcome(scores: tuple[int, int], rolls: tuple[int, int],
                      quick_draw: tuple[int, int],
                      tenths: tuple[int, int] | None = None) -> FastDrawOutcome:
    """002 l.104-110, G8, G18 b: who shoots first.

    Args:
        scores: the two Adjusted Fast Draws before scaling.
        rolls: the two d20s.
        quick_draw: the two men's quick-draw points that count (``contest_quick_draw``,
            GN25: 0 for a man whose gun Quick Draw does not help draw): the first tiebreak,
            l.109.
        tenths: the two d10s, needed only when ``needs_tenths``.

    Raises:
        ValueError: ``tenths`` missing when the contest needs them.
    """
    s, drop = scale_fast_draw(scores)
    ok = tuple(fast_draw_succeeds(r, x) for r, x in zip(rolls, s))
    margins = tuple(x - r if k else None for x, r, k in zip(s, rolls, ok))
    common = dict(scores=s, drop=drop, rolls=tuple(rolls), succeeded=ok, margins=margins)
    if not any(ok):
        return FastDrawOutcome(**common, decided_by="both_failed", order=())
    if ok[0] != ok[1]:
        first = 0 if ok[0] else 1
        return FastDrawOutcome(**common, decided_by="one_success", order=(first, 1 - first))
    if margins[0] != margins[1]:
        first = 0 if margins[0] > margins[1] else 1
        return FastDrawOutcome(**common, decided_by="margin", order=(first, 1 - first))
    if quick_draw[0] != quick_draw[1]:
        first = 0 if quick_draw[0] > quick_draw[1] else 1
        return FastDrawOutcome(**common, decided_by="quick_draw", order=(first, 1 - first))
    if tenths is None:
        raise ValueError("a tie on margin and quick-draw points needs the two d10s")
    if tenths[0] == tenths[1]:
        return FastDrawOutcome(**common, decided_by="same_tenth", order=(0, 1),
                               tenths=tuple(tenths), both_fire=True)
    first = 0 if tenths[0] < tenths[1] else 1
    return FastDrawOutcome(**common, decided_by="tenth", order=(first, 1 - first),
                           tenths=tuple(tenths), both_fire=True)


def quick_draw_succeeds(roll: int, adjusted: int) -> bool:
    """002 l.33-35, GN6: a Quick Draw roll is a d20 at or under the Adjusted Fast Draw
    (brought to 19 when above 20), a natural 20 failing."""
    (score,), _ = scale_fast_draw((adjusted,))
    return fast_draw_succeeds(roll, score)


# ---------------------------------------------------------------------- drawing (l.23-35)
def default_carry(form: str) -> str:
    """GN24: where a gun of ``form`` (one of ``FORMS``) is carried when the scenario leaves
    out ``carried:`` (one of ``CARRIES``): a holster for a pistol or derringer, an oversized
    holster for a scattergun or sawed-off, a sling for a long arm (002 l.23-29).

    Raises:
        KeyError: ``form`` is not a form.
    """
    return rules()["carried"][form]


def draw_action(carry: str, quick_draw: bool = False) -> str:
    """002 l.23-32: the action that brings a gun carried at ``carry`` into firing position:
    "free", "move", "standard" or "full_round"; ``quick_draw`` True when a Quick Draw roll
    succeeded (it helps only where l.27-35 say so)."""
    row = rules()["drawing"][carry]
    return row["quick_draw"] if quick_draw and row["quick_draw"] else row["action"]


# ---------------------------------------------------------------------- damage (G9, G10, G18 d)
_DICE = re.compile(r"^(\d+)d(\d+)(?:\+(\d+))?$")


def parse_dice(expr: str) -> tuple[int, int, int]:
    """``"2d8+2"`` -> (2, 8, 2): count, sides, flat bonus.

    Raises:
        ValueError: not of the form NdS or NdS+B.
    """
    m = _DICE.match(expr)
    if not m:
        raise ValueError(f"not a dice expression: {expr!r}")
    return int(m[1]), int(m[2]), int(m[3] or 0)


SHOTGUN_BORES = (".410", "20", "16", "12", "10", "8", "12_paradox")
CALIBRES = (".22", ".22_short", ".25", ".30", ".32", ".32_short", ".32_long", ".36", ".38",
            ".40", ".44", ".45", ".475", ".50", ".577", "8mm", ".303")


def damage_dice(calibre: str, cartridge: str) -> str:
    """G9: the damage dice of a bullet by calibre and cartridge ("pistol", "carbine",
    "rifle"), or of a shotgun by bore (buckshot; the cartridge is ignored). ``.22_short`` and
    ``.32_short``/``.32_long`` are their calibre's bullets.

    Raises:
        ValueError: an unknown calibre, or a cartridge the table has no dice for (.577
            carbine, 8mm pistol).
    """
    if calibre in SHOTGUN_BORES:
        return rules()["shotgun_damage"][calibre]
    base = calibre.split("_")[0]
    row = rules()["damage"].get(base)
    if row is None or base == "source":
        raise ValueError(f"unknown calibre {calibre!r}")
    dice = row[cartridge]
    if not dice:
        raise ValueError(f"there is no {calibre} {cartridge} cartridge (G9)")
    return dice


def damage_amount(dice: tuple[int, ...], bonus: int = 0, smokeless: bool = False,
                  multipliers: tuple[Fraction, ...] = ()) -> int:
    """G9, G18 d, G10: the dice + the flat bonus + 1 for smokeless powder (002 l.7), then the
    multipliers combined as d20 has it (x2 and x1.5 make x2.5: 1 + the sum of each one's
    excess), rounded down at the end. Example: 7 on 1d10, smokeless, chest (x1.5):
    floor(8 x 1.5) = 12; with a natural 20 at point blank too (x2): floor(8 x 2.5) = 20."""
    base = sum(dice) + bonus + (rules()["smokeless"]["damage"] if smokeless else 0)
    factor = 1 + sum((Fraction(m) - 1 for m in multipliers), Fraction(0))
    return math.floor(base * factor)


@dataclass(frozen=True)
class Location:
    """A row of the hit-location table (002 l.472-489): ``part``, damage ``multiplier``
    (3/2 impaling or 1), ``area`` (torso, limb, small: for called shots, G17), ``blinding``
    (the face, l.488), ``critical`` (the head, l.489)."""

    part: str
    multiplier: Fraction
    area: str
    blinding: bool = False
    critical: bool = False


def locations() -> list[Location]:
    """Every row of the hit-location table, d20 order (groin first)."""
    return [Location(r["part"], Fraction(str(r["multiplier"])), r["area"],
                     r.get("blinding", False), r.get("critical", False))
            for r in rules()["location"]["rows"]]


def location(roll: int) -> Location:
    """002 l.472-489, G10: the part a d20 of 1-20 hits (1-2 groin ... 19 face, 20 head)."""
    if not 1 <= roll <= 20:
        raise ValueError(f"a location roll is 1-20, not {roll}")
    for r in rules()["location"]["rows"]:
        if roll <= r["upto"]:
            return location_named(r["part"])
    raise AssertionError("the table covers 1-20")  # pragma: no cover


def location_named(part: str) -> Location:
    """The row for a part (for a called shot, G17).

    Raises:
        ValueError: no such part.
    """
    for loc in locations():
        if loc.part == part:
            return loc
    raise ValueError(f"unknown hit location {part!r}")


def blinded(roll: int) -> bool:
    """002 l.488, G10: a face hit blinds on a d6 of 1-2 (1 in 3)."""
    return roll <= rules()["blinding"]["blinded_upto"]


def apply_damage(hp: int, health: int, amount: int, to_health: bool) -> tuple[int, int]:
    """G10: ``(hp, health)`` after ``amount`` of damage. Damage takes hit points first (not
    below 0) and what is left goes to Health; a critical hit or a point-blank shot
    (``to_health``) goes straight to Health. Health does not fall below 0."""
    if amount < 0:
        raise ValueError("damage cannot be negative")
    if to_health:
        return hp, max(0, health - amount)
    taken = min(max(hp, 0), amount)
    return hp - taken, max(0, health - (amount - taken))


def condition(health: int, con: int) -> str:
    """G10: "dead" at Health 0, "unconscious" at or below half the CON score, else "up"."""
    h = rules()["health"]
    if health <= h["dead_at"]:
        return "dead"
    if health <= con * Fraction(str(h["unconscious_fraction"])):
        return "unconscious"
    return "up"


# ---------------------------------------------------------------------- malfunctions (G11)
@dataclass(frozen=True)
class Malfunction:
    """What a fumble did (G11): ``result`` "misfire", "jam", "broken" or "burst"; ``clear``
    the action that clears it ("move", "full_round", or "" for none: broken or destroyed)."""

    result: str
    clear: str


def malfunction(roll: int, old_or_cheap: bool, smokeless: bool) -> Malfunction:
    """G11, 002 l.5: a fumble's d6: 1-3 misfire (a move action clears it), 4 jam (a
    full-round action), 5 broken for the fight, 6 bursts an old or cheap gun firing
    smokeless (destroyed, G18 g) and jams any other."""
    rows = rules()["malfunction"]["rows"]
    for r in rows:
        if roll <= r["upto"]:
            if r["result"] == "burst" and not (old_or_cheap and smokeless):
                jam = next(x for x in rows if x["result"] == r["otherwise"])
                return Malfunction(jam["result"], jam["clear"])
            return Malfunction(r["result"], r["clear"])
    raise ValueError(f"a malfunction roll is 1-6, not {roll}")


# ---------------------------------------------------------------------- recoil (G12)
def recoil_row(calibre: str, cartridge: str, form: str) -> str:
    """The Recoil Table row (002 l.137-343) for a weapon, GN10 where it has none: a carbine
    without its own row reads the rifle row, .36 and .38 have one row for all, a .32 rifle
    reads the 8mm rifle row, a sawed-off, scattergun or shotgun pistol without its own row
    reads the bore's shotgun row.

    Raises:
        ValueError: a calibre and cartridge with no row even so (.303 pistol).
    """
    table = rules()["recoil_table"]
    if calibre in SHOTGUN_BORES:
        if calibre == "12_paradox":
            return calibre
        if form in ("sawed_off", "scattergun", "pistol", "derringer"):
            for key in (f"{calibre}_sawed_off", f"{calibre}_shotgun_pistol"):
                if key in table:
                    return key
        return f"{calibre}_shotgun"
    if calibre in (".32_short", ".32_long", ".36", ".38"):
        return calibre
    if calibre == ".22_short":
        return ".22_short_pistol" if cartridge == "pistol" else ".22_short_rifle"
    for key in (f"{calibre}_{cartridge}",
                f"{calibre}_rifle" if cartridge == "carbine" else "",
                "8mm_rifle" if calibre == ".32" and cartridge != "pistol" else ""):
        if key and key in table:
            return key
    raise ValueError(f"the Recoil Table has no row for a {calibre} {cartridge}")


def recoil_minimums(row: str) -> tuple[int, int]:
    """002 l.137-343: (minimum STR, minimum weight in lbs) of a Recoil Table row."""
    r = rules()["recoil_table"][row]
    return r["str"], r["weight"]


def needs_recoil_check(strength: int, weight: float, row: str) -> bool:
    """002 l.135, G12: a check only when the shooter is under both the row's minimum STR and
    its minimum weight (at or above either: no check)."""
    min_str, min_weight = recoil_minimums(row)
    return strength < min_str and weight < min_weight


def may_take_10(mode: str, shot_at: bool) -> bool:
    """002 l.136, G12: take 10 on the recoil check in aimed or rapid fire when nobody is
    shooting at him; never in panic fire (nor the other modes), never 20."""
    return mode in rules()["recoil"]["take_10_modes"] and not shot_at


def recoil_result(total: int, prone: bool = False) -> str:
    """002 l.135, G12: d20 (or 10) + STR modifier against DC 10: "held" (made it),
    "disrupted" (failed: -4 to his later shots this round) or "knocked_down" (failed by 5 or
    more: off his feet and the gun dropped; a prone shooter is only "disrupted")."""
    r = rules()["recoil"]
    if total >= r["dc"]:
        return "held"
    if r["dc"] - total >= r["knockdown_margin"] and not prone:
        return "knocked_down"
    return "disrupted"


def recoil_penalty(failures_before: int) -> int:
    """002 l.135, G18 f: -4 to every later shot in the round once a check has failed; a
    second failure adds nothing."""
    return rules()["recoil"]["penalty"] if failures_before else 0


# ---------------------------------------------------------------------- two guns (G13, G18 c)
@dataclass(frozen=True)
class TwoGuns:
    """The numbers of a round shot with a pistol in each hand (002 l.348-405, G13, G18 c).

    Attributes:
        primary: the primary hand's extra modifier (on top of its mode's).
        off: the off-hand shot's modifier.
        off_includes_mode: True when ``off`` is the table's whole modifier (skill roll made,
            G18 c), False when the off hand's mode modifier is added to it.
        off_one_shot: True when the off hand fires once whatever its mode allows.
    """

    primary: int
    off: int
    off_includes_mode: bool
    off_one_shot: bool


def two_guns(primary_mode: str, off_mode: str, skill_made: bool) -> TwoGuns:
    """002 l.348-360, the table l.364-405, G13, G18 c, GN11, GN15.

    The pairs of modes allowed are the table's (l.360 "Other combinations ... are not
    possible"; GN15: for every two-gun shooter). With a successful Off Hand Shooting roll
    (``skill_made``) the primary hand takes no penalty and the off hand the table's figure
    as its whole modifier, firing once in snap, covering or point-blank fire and as many
    times as its mode allows in rapid or panic fire. Without (no skill, or the roll failed):
    -6 primary, -10 off hand on top of each mode's modifier, one off-hand shot.

    Raises:
        NotAllowed: a pair the table marks NA (an aimed primary with anything but a
            point-blank off hand, panic fire beside a point-blank shot, ...).
    """
    row = rules()["off_hand_table"].get(primary_mode, {})
    if off_mode not in row or primary_mode == "source":
        raise NotAllowed(f"a {primary_mode} primary hand with a {off_mode} off hand is not "
                         f"allowed (002 l.360, the table l.364-405)")
    if skill_made:
        return TwoGuns(0, row[off_mode], True, off_mode not in ("rapid", "panic"))
    o = rules()["off_hand"]
    return TwoGuns(o["primary"], o["off"], False, True)


def off_hand_skill_made(total: int) -> bool:
    """G13: the Off Hand Shooting roll, d20 + DEX modifier, succeeds at 15 or more."""
    return total >= rules()["off_hand"]["skill_dc"]


# ---------------------------------------------------------------------- fanning (G14)
def fanning_modifiers(shot: int, feet: float, increment: int) -> list[Modifier]:
    """002 l.411-469, G14, GN12: the modifiers of the ``shot``-th fanned shot (1-based) at
    ``feet``: its recoil penalty (0, -1, -2, -3, -3, -3) and the range column (up to 15 ft
    -5, 16-20 -6, 21-25 -7, 26-30 -8, over 30 -9), with the range increment penalty added
    only over 30 feet. At 18 ft: -6, -7, -8, -9, -9, -9 (l.469)."""
    f = rules()["fanning"]
    recoil = f["recoil"][min(shot, len(f["recoil"])) - 1]
    col = next(c for c in f["range"] if feet <= c["upto"])
    mods = [Modifier("fanning_recoil", recoil, "table", "", shot),
            Modifier("fanning_range", col["penalty"], "table")]
    if math.isinf(col["upto"]):
        inc = range_modifier(feet, increment)
        if inc:
            mods.append(Modifier("range", inc, "table", "", full_increments(feet, increment)))
    return mods


# ---------------------------------------------------------------------- unfamiliar guns (G15)
def unfamiliar_modifier(shots_before: int) -> int:
    """002 l.127-133, G15: -3, -2, -1 on the first three shots with a new gun, then 0."""
    p = rules()["unfamiliar"]["penalties"]
    return p[shots_before] if shots_before < len(p) else 0


# ---------------------------------------------------------------------- reloading (G16)
def reload_action(rapid_reload: bool) -> str:
    """G16: loading two cartridges is a full-round action, a move action with Rapid Reload."""
    r = rules()["reloading"]
    return r["rapid_reload_action"] if rapid_reload else r["action"]


def cartridges_per_reload() -> int:
    """G16, 002 l.345: two cartridges (or shells) a combat round."""
    return rules()["reloading"]["cartridges"]


def muzzle_loader_reload_rounds() -> int:
    """G16, 002 l.46: a muzzle loader takes a Standard round, five combat rounds, to load."""
    return rules()["reloading"]["muzzle_loader_rounds"]


# ---------------------------------------------------------------------- called shots (G17)
SHOTGUN_FORMS = ("shotgun", "scattergun", "sawed_off", "coach_gun")


def called_shot_modifier(part: str, sharp_shooter: bool, mode: str, form: str) -> int:
    """G17, 002 l.39: a called shot at a torso part (groin, abdomen, chest) -4, an arm or a
    leg -6, a hand, foot, the face or the head -8; doubled without Sharp Shooter.

    Raises:
        NotAllowed: not aimed fire (l.39), or a shotgun (G17).
    """
    if mode != "aimed":
        raise NotAllowed("only an aimed shot may be a called shot (002 l.39)")
    if form in SHOTGUN_FORMS:
        raise NotAllowed("a shotgun cannot make a called shot (G17)")
    c = rules()["called_shot"]
    base = c[location_named(part).area]
    return base if sharp_shooter else base * c["unskilled_multiplier"]


# ---------------------------------------------------------------------- initiative (G3)
def initiative_key(total: int, dex: int) -> tuple[int, int]:
    """G3: initiative orders by the d10 + DEX modifier total, then by the DEX score (ties
    after both are rolled again)."""
    return (total, dex)
