"""The state of a Violence fight that the engine and its tactics share: the conditions, a
carried weapon (``Arms``), a melee, a character in the fight (``Fighter``), and what tactics
read of the fight (``FightView``). Both ``fight`` and ``tactics`` import this module; neither
imports the other's types.

May import: narrator.rulesets.violence.scenario, narrator.rulesets.violence.tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from narrator.rulesets.violence.scenario import Bands, Character, Scenario, Tag, WeaponSpec
from narrator.rulesets.violence.tables import WeaponType, weapons

OUT = ("down", "subdued", "fled", "surrendered", "dead", "critically_injured")
CONDITIONS = ("active",) + OUT


@dataclass
class Arms:
    """A carried weapon during the fight: rounds loaded (guns), calibre, tags."""

    spec: WeaponSpec
    wt: WeaponType
    loaded: int
    capacity: int
    spare: int | None
    calibre: str
    quick_reload: bool
    tags: list[Tag]
    quick_round: int = 0

    @property
    def name(self) -> str:
        return self.spec.name or self.wt.name

    @property
    def key(self) -> str:
        """How an intent names this weapon (its scenario name, else its type)."""
        return self.spec.name or self.spec.type

    @property
    def is_gun(self) -> bool:
        return self.wt.is_gun


def make_arms(spec: WeaponSpec) -> Arms:
    """Arms from a scenario weapon: loaded defaults to full, calibre to the weapon row's."""
    wt = weapons()[spec.type]
    cap = (spec.capacity or wt.capacity) if wt.is_gun else 0
    return Arms(spec, wt, cap if spec.loaded is None else spec.loaded, cap, spec.spare,
                spec.calibre or wt.calibre, spec.quick_reload, list(spec.tags))


@dataclass
class Melee:
    """Two combatants locked in a melee until one goes Down (003 l.46)."""

    a: Fighter
    d: Fighter
    exchanges: int = 0
    last_round: int = 0
    announced: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    """name -> (``to``, weapon) as he last declared them in this melee: a round whose intent
    does not name the melee (or names it without ``to:``/``weapon:``) keeps them, 003 l.38."""

    def other(self, f: Fighter) -> Fighter:
        return self.d if f is self.a else self.a


@dataclass
class Fighter:
    """One character in the fight. ``condition``: one of ``CONDITIONS``; ``injuries``: the
    cause of each Injury ("shot", "melee", "gm"); positions in yards."""

    c: Character
    side: str
    order: int
    pos: tuple[float, float]
    weapons: list[Arms]
    cover: bool
    landmark: str | None
    hidden: bool
    obscured: bool
    injuries: list[str] = field(default_factory=list)
    condition: str = "active"
    melee: Melee | None = None
    sniped: bool = False

    @property
    def name(self) -> str:
        return self.c.name

    @property
    def active(self) -> bool:
        return self.condition == "active"

    def guns(self) -> list[Arms]:
        return [w for w in self.weapons if w.is_gun]


class FightView(Protocol):
    """What the tactics profiles read of the fight as it stands (``ViolenceFight`` is one)."""

    sc: Scenario
    fighters: dict[str, Fighter]
    bands: Bands
    shots_fired: int  # rounds spent by anyone so far (shots, snipes, suppressing fire)
