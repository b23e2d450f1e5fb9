"""A Weird West body: wound levels by location, Wind, and what they leave a man able to do
(errata W8, W18, W19; a limb he lacks, ruled: WN25). Pure bookkeeping, no dice.

May import: narrator.rulesets.weird_west.rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from narrator.rulesets.weird_west import rules as R

CONDITIONS = ("active", "winded", "dead", "fled", "surrendered")


@dataclass
class Body:
    """One character's wounds and Wind.

    Attributes:
        wind_max: Vigor die + Spirit die (W8); 0 for the walking dead (W19: no Wind).
        wind: Wind left.
        size: Size (W8, default 6).
        undead: the walking dead (W19).
        levels: wound level (0-5) by track (``rules.TRACKS``); a limb he lacks stands at 5,
            as useless as a maimed one (ruled: WN25).
        condition: one of ``CONDITIONS``.
        missing: the limbs he lacks (004 l.115): not wounds, so they give no wound penalty
            and do not bleed (ruled: WN25).
    """

    wind_max: int
    size: int = 6
    undead: bool = False
    wind: int = -1
    levels: dict[str, int] = field(default_factory=lambda: {t: 0 for t in R.TRACKS})
    condition: str = "active"
    missing: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.wind < 0:
            self.wind = self.wind_max

    @property
    def wounds(self) -> dict[str, int]:
        """The wound level by track of the limbs and tracks he has (W8): ``levels`` without
        the limbs he lacks, which are no wounds (ruled: WN25)."""
        return {t: lv for t, lv in self.levels.items() if t not in self.missing}

    @property
    def penalty(self) -> int:
        """The wound penalty on every roll (W8: the highest wound level; a limb he lacks is
        no wound, ruled: WN25; none for the walking dead, W19)."""
        return R.wound_penalty(self.wounds, self.undead)

    @property
    def bleeding(self) -> int:
        """Wind he loses at the end of a round (W8, WN6: by his worst wound; a limb he lacks
        does not bleed, ruled: WN25; the walking dead do not bleed, W19)."""
        return R.bleeding(self.wounds, self.undead)

    @property
    def alive(self) -> bool:
        return self.condition != "dead"

    @property
    def can_act(self) -> bool:
        """Able to act (W18): not dead, winded, fled or surrendered, and not maimed in both
        arms and both legs."""
        if self.condition != "active":
            return False
        return not all(self.levels[t] >= 5 for t in ("left_arm", "right_arm", "left_leg",
                                                     "right_leg"))

    def maimed(self, track: str) -> bool:
        return self.levels[track] >= 5

    def maimed_legs(self) -> int:
        return sum(1 for t in ("left_leg", "right_leg") if self.maimed(t))

    def take_wounds(self, track: str, wounds: int) -> tuple[int, int, str | None]:
        """Mark ``wounds`` on ``track`` (W8: never past maimed). Returns (level before,
        level after, the maiming's effect if it was maimed now: "drops", "falls", "dead",
        "none"); a maimed guts or noggin kills (for the walking dead only the noggin, W19)."""
        before = self.levels[track]
        after = R.level_after(before, wounds)
        self.levels[track] = after
        effect = None
        if after >= 5 > before:
            effect = R.maimed_effect(track, self.undead)
            if effect == "dead":
                self.condition = "dead"
        return before, after, effect

    def lose_wind(self, n: int) -> bool:
        """Take ``n`` Wind off (W8); the walking dead have none to lose (W19). Returns True
        when this leaves him winded (out until the fight ends)."""
        if self.undead or n <= 0 or self.condition != "active":
            return False
        self.wind -= n
        if R.winded(self.wind):
            self.condition = "winded"
            return True
        return False
