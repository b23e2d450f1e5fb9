"""Weird West numbers and weapons, read from the packaged TOML files in ``data/``.

Every value comes from ``../shared/sources/004_c023a3ad1c834a19.txt`` ("004 l.N") as ruled in
``../shared/errata.md`` (section "Weird West", "ruled: W<n>") or by narrator's own readings
(``data/rulings.toml``, "ruled: WN<n>"); each data section and weapon row names its source.
Nothing here rolls dice.

May import: the standard library only.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

KINDS = ("gun", "shotgun", "bow", "melee", "unarmed")
DIE_TYPES = (4, 6, 8, 10, 12)


@cache
def _data(name: str) -> dict:
    files = resources.files("narrator.rulesets.weird_west").joinpath("data")
    return tomllib.loads(files.joinpath(name).read_text("utf-8"))


def rules() -> dict:
    """The rule numbers (``rules.toml``), by section: roll, quickness, cards, shootin', ..."""
    return _data("rules.toml")


def rulings() -> list[dict]:
    """narrator's own readings WN1... (``rulings.toml``): each ``id``, ``title``, ``text``,
    ``settles``."""
    return list(_data("rulings.toml")["ruling"])


@dataclass(frozen=True)
class WeaponType:
    """One row of ``weapons.toml``.

    Attributes:
        type: snake_case key a scenario uses (``colt_peacemaker``).
        name: display name ("Colt Peacemaker").
        aliases: other keys a scenario may use.
        kind: one of ``KINDS``.
        concentration: the shootin' or fightin' concentration it is rolled with (pistol,
            rifle, shotgun, bow; brawlin, knife, sword, club, axe).
        range: range increment in yards (0 for melee weapons).
        rof: rate of fire, shots an action (004 l.84, l.171).
        shots: rounds it holds.
        dice: damage dice; for a weapon with ``strength`` they add to the Strength dice.
        die: the damage die type (4..12).
        strength: damage is the wielder's Strength dice plus ``dice`` of ``die`` (W12).
        wind_only: damage comes off Wind only, no wounds (fists, W12).
        action: "single" (can be fanned, 004 l.150), "double", "lever", ...
        defense: defensive bonus to the fightin' TN of whoever attacks its holder (004 l.93).
        source: where the row comes from.
    """

    type: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    concentration: str
    range: int
    rof: int
    shots: int
    dice: int
    die: int
    strength: bool
    wind_only: bool
    action: str
    defense: int
    source: str

    @property
    def is_gun(self) -> bool:
        """Shot with shootin' (guns, shotguns, bows)."""
        return self.kind in ("gun", "shotgun", "bow")

    @property
    def is_shotgun(self) -> bool:
        return self.kind == "shotgun"


@cache
def weapons() -> dict[str, WeaponType]:
    """Every weapon keyed by type and by each alias (an alias maps to its row)."""
    out: dict[str, WeaponType] = {}
    for row in _data("weapons.toml")["weapon"]:
        dice, die = row["damage"]
        w = WeaponType(row["type"], row["name"], tuple(row["aliases"]), row["kind"],
                       row["concentration"], row.get("range", 0), row.get("rof", 1),
                       row.get("shots", 0), dice, die, row.get("strength", False),
                       row.get("wind_only", False), row.get("action", "none"),
                       row.get("defense", 0), row["source"])
        out[w.type] = w
        for alias in w.aliases:
            out[alias] = w
    return out


def weapon_types() -> list[str]:
    """The canonical weapon keys, in file order."""
    seen: list[str] = []
    for w in weapons().values():
        if w.type not in seen:
            seen.append(w.type)
    return seen


FISTS = "fists"
CLAWS = "claws"
