"""A Weird West body: wound levels by location, Wind, and what they leave a man able to do
(errata W8, W18, W19). Pure bookkeeping, no dice.

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
        levels: wound level (0-5) by track (``rules.TRACKS``).
        condition: one of ``CONDITIONS``.
    """

    wind_max: int
    size: int = 6
    undead: bool = False
    wind: int = -1
    levels: dict[str, int] = field(default_factory=lambda: {t: 0 for t in R.TRACKS})
    condition: str = "active"

    def __post_init__(self) -> None:
        if self.wind < 0:
            self.wind = self.wind_max

    @property
    def penalty(self) -> int:
        """The wound penalty on every roll (W8; none for the walking dead, W19)."""
        return R.wound_penalty(self.levels, self.undead)

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
