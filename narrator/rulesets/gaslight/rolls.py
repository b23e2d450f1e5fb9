"""The Gaslight rolls: each draws its dice through ``narrator.dice`` by (who, purpose), so a
seed gives the same fight everywhere and a scenario's scripted ``dice:`` are used purpose by
purpose, exactly as in the other rulesets; the numbers are judged by ``rules.py``.

Purposes (``tables.PURPOSES``) and who rolls them: ``initiative`` d10 each character;
``to_hit`` d20, ``damage`` the calibre's dice, ``location`` d20, ``blinding`` d6,
``malfunction`` d6 and ``burst`` (1d6 to himself, 1d2 to each man within a yard) are the
shooter's; ``recoil`` d20 and ``off_hand`` d20 the shooter's; ``fast_draw`` d20, ``tenth``
d10 and ``quick_draw`` d20 each drawing man's.

May import: narrator.dice, narrator.rulesets.gaslight.rules, .tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from narrator.dice import Dice
from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight.tables import rules


@dataclass(frozen=True)
class InitiativeRoll:
    """One man's initiative (G3): his d10s (the first, then any tie rerolls), the modifier
    (DEX modifier, +1 for a covering shot placed in a segment, l.69) and the first total."""

    name: str
    rolls: tuple[int, ...]
    modifier: int
    total: int


def roll_initiative(dice: Dice, entrants: list[tuple[str, int, int]]) -> list[InitiativeRoll]:
    """G3: a d10 + modifier for each of ``entrants`` ``(name, DEX score, modifier)``, in the
    order given; returns them in acting order: highest total first, then the higher DEX score;
    men still tied roll a d10 again among themselves (higher first) until they differ."""
    die = rules()["round"]["initiative_die"]
    first = {name: dice.roll(name, "initiative", die) for name, _, _ in entrants}
    rolls = {name: [r] for name, r in first.items()}
    keyed = sorted(entrants, key=lambda e: R.initiative_key(first[e[0]] + e[2], e[1]),
                   reverse=True)
    out: list[str] = []
    for _, group in groupby(keyed, key=lambda e: R.initiative_key(first[e[0]] + e[2], e[1])):
        out.extend(_settle(dice, [e[0] for e in group], rolls, die))
    mods = {name: mod for name, _, mod in entrants}
    return [InitiativeRoll(n, tuple(rolls[n]), mods[n], first[n] + mods[n]) for n in out]


def _settle(dice: Dice, group: list[str], rolls: dict, die: int) -> list[str]:
    """Order ``group`` by rerolling until no two share a result (G3)."""
    if len(group) <= 1:
        return list(group)
    while True:  # every tied man rolls again until the results differ
        again = {n: dice.roll(n, "initiative", die) for n in group}
        for n, r in again.items():
            rolls[n].append(r)
        if len(set(again.values())) > 1:
            return _order_rest(dice, group, again, rolls, die)


def _order_rest(dice: Dice, group: list[str], last: dict, rolls: dict, die: int) -> list[str]:
    """Order ``group`` by their ``last`` rolls, higher first, settling equal ones again."""
    out: list[str] = []
    for value in sorted({last[n] for n in group}, reverse=True):
        out.extend(_settle(dice, [n for n in group if last[n] == value], rolls, die))
    return out


def fast_draw_contest(dice: Dice, names: tuple[str, str], scores: tuple[int, int],
                      quick_draw: tuple[int, int]) -> R.FastDrawOutcome:
    """002 l.104-110, G8: a ``fast_draw`` d20 for each (in the order named), then, when the
    margins and quick-draw points tie, a ``tenth`` d10 each; see ``rules.fast_draw_outcome``."""
    d = rules()["fast_draw"]
    rolls = tuple(dice.roll(n, "fast_draw", d["die"]) for n in names)
    tenths = None
    if R.needs_tenths(scores, rolls, quick_draw):
        tenths = tuple(dice.roll(n, "tenth", d["tenth_die"]) for n in names)
    return R.fast_draw_outcome(scores, rolls, quick_draw, tenths)


def quick_draw_roll(dice: Dice, who: str, adjusted: int) -> tuple[int, bool]:
    """002 l.33-35, GN6: a ``quick_draw`` d20 against the Adjusted Fast Draw."""
    roll = dice.roll(who, "quick_draw", 20)
    return roll, R.quick_draw_succeeds(roll, adjusted)


def roll_to_hit(dice: Dice, who: str) -> int:
    """G2: the shooter's ``to_hit`` d20."""
    return dice.roll(who, "to_hit", rules()["to_hit"]["die"])


def roll_dice(dice: Dice, who: str, purpose: str, expr: str) -> tuple[tuple[int, ...], int]:
    """``expr`` ("2d8+2") rolled for ``who`` and ``purpose``: (the dice, the flat bonus)."""
    n, sides, bonus = R.parse_dice(expr)
    return tuple(dice.roll(who, purpose, sides) for _ in range(n)), bonus


def roll_location(dice: Dice, who: str) -> tuple[int, R.Location]:
    """002 l.470-489: the shooter's ``location`` d20 and the part it hits."""
    roll = dice.roll(who, "location", rules()["location"]["die"])
    return roll, R.location(roll)


def roll_blinding(dice: Dice, who: str) -> tuple[int, bool]:
    """002 l.488, G10: the shooter's ``blinding`` d6 after a face hit (1-2 blinds)."""
    roll = dice.roll(who, "blinding", rules()["blinding"]["die"])
    return roll, R.blinded(roll)


def roll_malfunction(dice: Dice, who: str, old_or_cheap: bool,
                     smokeless: bool) -> tuple[int, R.Malfunction]:
    """G11: the shooter's ``malfunction`` d6 after a natural 1."""
    roll = dice.roll(who, "malfunction", rules()["malfunction"]["die"])
    return roll, R.malfunction(roll, old_or_cheap, smokeless)


def roll_burst(dice: Dice, who: str, nearby: list[str]) -> dict[str, tuple[int, ...]]:
    """G11: a bursting gun's ``burst`` dice, all rolled by the shooter: 1d6 to himself, then
    1d2 to each of ``nearby`` (within a yard) in the order given; ``{name: dice}``."""
    m = rules()["malfunction"]
    out = {who: roll_dice(dice, who, "burst", m["burst_shooter"])[0]}
    for n in nearby:
        out[n] = roll_dice(dice, who, "burst", m["burst_nearby"])[0]
    return out


@dataclass(frozen=True)
class RecoilCheck:
    """A recoil check (G12): the d20 (None when he took 10), the STR modifier, the total and
    the result ("held", "disrupted", "knocked_down")."""

    roll: int | None
    modifier: int
    total: int
    result: str


def recoil_check(dice: Dice, who: str, strength: int, take_10: bool,
                 prone: bool = False) -> RecoilCheck:
    """002 l.135-136, G12: d20 + STR modifier (or 10 + it, taking 10) against DC 10."""
    r = rules()["recoil"]
    mod = R.ability_modifier(strength)
    roll = None if take_10 else dice.roll(who, "recoil", r["die"])
    total = (r["take_10"] if take_10 else roll) + mod
    return RecoilCheck(roll, mod, total, R.recoil_result(total, prone))


def off_hand_roll(dice: Dice, who: str, dex: int) -> tuple[int, int, bool]:
    """G13: the Off Hand Shooting roll, an ``off_hand`` d20 + DEX modifier against 15:
    (roll, total, made)."""
    roll = dice.roll(who, "off_hand", rules()["off_hand"]["skill_die"])
    total = roll + R.ability_modifier(dex)
    return roll, total, R.off_hand_skill_made(total)
