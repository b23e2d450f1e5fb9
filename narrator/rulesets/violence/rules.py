"""The Violence rules as pure functions of numbers: no dice, no state, no prose.

Each function cites the source lines (003 = ``../shared/sources/003_32799f579e8f48cd.txt``)
and the errata it follows; the numbers come from ``data/rules.toml``. The engine
(``fight.py``) rolls the dice and hands the results here.

May import: narrator.events (Modifier), narrator.rulesets.violence.tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.events import Modifier
from narrator.rulesets.violence.tables import rules


def band(yards: float, close: float, medium: float) -> str:
    """The range band of a distance: "close" (<= close), "medium" (<= medium), else "long"
    (errata Violence: 10 and 50 yards unless the scenario says otherwise)."""
    if yards <= close:
        return "close"
    if yards <= medium:
        return "medium"
    return "long"


def bare_yards() -> float:
    """How near a shooter stands to a man for his cover not to cover him, yards (ruled:
    VN2)."""
    return float(rules()["cover_at_arms_length"]["yards"])


def advantage(in_cover: bool, moving: bool) -> bool:
    """003 l.15: roll with advantage when the target is neither in cover nor moving."""
    return not in_cover and not moving


def kept(rolls: tuple[int, ...]) -> int:
    """The die that counts: the higher of two with advantage (errata Violence), else the one."""
    return max(rolls)


def tag_modifiers(tags: list[str], value: int) -> list[Modifier]:
    """One named +``value`` modifier per relevant tag (003 l.15, 44: "+2 as always")."""
    return [Modifier("tag", value, "table", name) for name in tags]


def shooting_modifiers(shots: int, tags: list[str]) -> list[Modifier]:
    """003 l.15: +1 per shot beyond the first in the action, +2 per relevant tag."""
    r = rules()["shooting"]
    mods = []
    if shots > 1:
        mods.append(Modifier("extra_shots", (shots - 1) * r["extra_shot"], "table", "",
                             shots - 1))
    return mods + tag_modifiers(tags, r["tag"])


def shot_hits(total: int) -> bool:
    """003 l.15: a shooting roll of 16 or more hits."""
    return total >= rules()["shooting"]["need"]


def calibre_bonus(calibre: str, band_: str) -> int:
    """003 l.20-22: revolver +2; hunting, military, slug +4; buckshot +5 close, +2 medium,
    0 long (errata Violence)."""
    return rules()["calibre"][calibre][band_]


def injury_modifiers(injuries: int, calibre: str, band_: str) -> list[Modifier]:
    """003 l.19-22: +2 per Injury the target already has, then the calibre's bonus (shown even
    when it is 0 for buckshot at long range, so the write-up can say why)."""
    r = rules()["injury"]
    mods = []
    if injuries:
        mods.append(Modifier("injuries", injuries * r["per_injury"], "table", "", injuries))
    bonus = calibre_bonus(calibre, band_)
    if bonus or calibre == "buckshot":
        mods.append(Modifier(f"calibre_{calibre}", bonus, "table", band_))
    return mods


def injury_result(total: int) -> str:
    """003 l.24: 10 or more, "down"; otherwise "injured"."""
    return "down" if total >= rules()["injury"]["need"] else "injured"


def after_fight_result(total: int) -> str:
    """003 l.28: d20 + 2 per Injury; 10 or more "dead", else "critically_injured"."""
    return "dead" if total >= rules()["after_fight"]["need"] else "critically_injured"


def after_fight_modifiers(injuries: int) -> list[Modifier]:
    """003 l.28: +2 for each Injury."""
    per = rules()["after_fight"]["per_injury"]
    return [Modifier("injuries", injuries * per, "table", "", injuries)] if injuries else []


@dataclass(frozen=True)
class SnipeConditions:
    """003 l.32: the three conditions of a snipe, and what they allow.

    ``method``: "automatic" (the first target, all three met), "twelve" (a d20 of 12 or more:
    a succeeding target, or two of three met) or "regular" (regular shooting rules: fewer
    than two met, or not at a distance, which l.32 makes a must).
    """

    at_distance: bool
    unaware: bool
    still: bool
    first_target: bool

    @property
    def met(self) -> int:
        return sum((self.at_distance, self.unaware, self.still))

    @property
    def method(self) -> str:
        if not self.at_distance or self.met < 2:
            return "regular"
        if self.met == 3 and self.first_target:
            return "automatic"
        return "twelve"


def still_enough(in_cover: bool, moving: bool) -> bool:
    """003 l.32's third condition as its sentence words it: the target is "either not in
    cover or not moving" (it fails only for a target moving in cover)."""
    return not in_cover or not moving


def snipe_hits(total: int) -> bool:
    """003 l.32: a succeeding target is hit on 12 or more."""
    return total >= rules()["sniping"]["need"]


def melee_weapon_modifiers(weapon_bonus: int, weapon_name: str, tags: list[str]) -> list[Modifier]:
    """003 l.44: a reach weapon +3, a shorter weapon +2, relevant tags +2 each."""
    r = rules()["melee"]
    mods = []
    if weapon_bonus == r["reach"]:
        mods.append(Modifier("reach_weapon", weapon_bonus, "table", weapon_name))
    elif weapon_bonus:
        mods.append(Modifier("short_weapon", weapon_bonus, "table", weapon_name))
    return mods + tag_modifiers(tags, r["tag"])


def melee_outcome(difference: int) -> str:
    """003 l.40-42, by the difference of the two totals:

    0-1 "both_injured" (the fight continues); 2-3 "both_injured_low_down" (the high scorer is
    Injured; the low scorer is Injured and goes Down); 4+ "low_down" (the low scorer is Injured
    and goes Down).
    """
    r = rules()["melee"]
    d = abs(difference)
    if d <= r["both_injured_max"]:
        return "both_injured"
    if d <= r["winner_injured_max"]:
        return "both_injured_low_down"
    return "low_down"


def suppression_effect(suppressors: int, hidden: bool) -> int:
    """003 l.52-54: the number a d6 must not exceed; half (rounded down, errata) when the
    target is hidden or obscured."""
    return suppressors // rules()["suppression"]["hidden_divisor"] if hidden else suppressors


def suppression_hits(roll: int, effective: int) -> int:
    """003 l.52: a d6 equal to or under the suppressors shoots the target, and the number
    rolled is how many of them hit (0: not shot)."""
    return roll if roll <= effective else 0


def morale_routs(total: int, rating: int) -> bool:
    """003 l.81; errata Violence: a 2d6 total greater than the morale rating routs the group."""
    return total > rating


def healing(injuries: int) -> tuple[int, int]:
    """003 l.68-70: (weeks of rest in a safe place, days before moving around debilitated)."""
    h = rules()["healing"]
    return injuries * h["weeks_per_injury"], (h["debilitated_days"] if injuries else 0)
