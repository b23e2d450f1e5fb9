"""Weird West numbers and weapons, read from the packaged TOML files in ``data/``.

Every value comes from ``../shared/sources/004_c023a3ad1c834a19.txt`` ("004 l.N") as ruled in
``../shared/errata.md`` (section "Weird West", "ruled: W<n>") or by narrator's own readings
(``data/rulings.toml``, "ruled: WN<n>"); each data section and weapon row names its source.
Nothing here rolls dice.

May import: the standard library, narrator.cache (the parsed tables kept between runs).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources

from narrator.cache import toml_loads

KINDS = ("gun", "shotgun", "bow", "melee", "unarmed")
DIE_TYPES = (4, 6, 8, 10, 12)


@cache
def _data(name: str) -> dict:
    files = resources.files("narrator.rulesets.weird_west").joinpath("data")
    return toml_loads(files.joinpath(name).read_text("utf-8"))


def rules() -> dict:
    """The rule numbers (``rules.toml``), by section: roll, quickness, cards, shootin', ...;
    inside ``house(...)`` the numbers with the scenario's house rules in place."""
    h = _HOUSE.get()
    return h.rules if h is not None else _data("rules.toml")


def book_rules() -> dict:
    """The rule numbers as ``rules.toml`` has them, whatever house rules are in force."""
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


def weapons() -> dict[str, WeaponType]:
    """Every weapon keyed by type and by each alias (an alias maps to its row); inside
    ``house(...)`` the rows with the scenario's house rules in place."""
    h = _HOUSE.get()
    return h.weapons if h is not None else _book_weapons()


@cache
def _book_weapons() -> dict[str, WeaponType]:
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
    for w in _book_weapons().values():
        if w.type not in seen:
            seen.append(w.type)
    return seen


FISTS = "fists"
CLAWS = "claws"


# ---------------------------------------------------------------- house rules
@dataclass(frozen=True)
class House:
    """A scenario's house rules (``house_rules:``) applied to the data files.

    Attributes:
        changes: ``((dotted key, value), ...)`` in the order the scenario's model lists them:
            ``("aiming.max", 4)``, ``("shootin.light.dim", -1)``,
            ``("weapons.colt_peacemaker.range", 12)``; the value as the scenario gives it
            (weapon damage as ``"3d6"``).
        rules: ``rules.toml`` with the rule changes in place.
        weapons: the weapon rows (keyed as ``weapons()``) with the weapon changes in place.
    """

    changes: tuple[tuple[str, object], ...]
    rules: dict
    weapons: dict[str, WeaponType]


WEAPON_FIELDS = ("range", "rof", "shots", "damage", "defense", "action")


def make_house(changes: tuple[tuple[str, object], ...]) -> House:
    """The data with ``changes`` in place (see ``House``). A rule key is
    ``section.key`` or ``section.key.subkey``; a weapon key ``weapons.<type>.<field>`` with a
    field of ``WEAPON_FIELDS`` (``damage`` as ``"NdM"``).

    Raises:
        KeyError: a key the data files do not have (the scenario model checks them first).
    """
    merged = copy.deepcopy(_data("rules.toml"))
    rows = dict(_book_weapons())
    by_type: dict[str, dict] = {}
    for key, value in changes:
        parts = key.split(".")
        if parts[0] == "weapons":
            _, wtype, fld = parts
            if fld == "damage":
                n, d = str(value).split("d")
                by_type.setdefault(wtype, {}).update(dice=int(n), die=int(d))
            else:
                by_type.setdefault(wtype, {})[fld] = value
            continue
        node = merged
        for p in parts[:-1]:
            node = node[p]
        if parts[-1] not in node:
            raise KeyError(key)
        node[parts[-1]] = list(value) if isinstance(value, tuple) else value
    for wtype, fields in by_type.items():
        row = dataclasses.replace(rows[wtype], **fields)
        for k, w in list(rows.items()):
            if w.type == wtype:
                rows[k] = row
    return House(tuple(changes), merged, rows)


def book_value(key: str) -> object:
    """The data files' value of a house-rule key (``"aiming.max"`` -> 6,
    ``"weapons.colt_peacemaker.damage"`` -> ``"3d6"``).

    Raises:
        KeyError: no such key.
    """
    parts = key.split(".")
    if parts[0] == "weapons":
        w = _book_weapons()[parts[1]]
        return f"{w.dice}d{w.die}" if parts[2] == "damage" else getattr(w, parts[2])
    node: object = _data("rules.toml")
    for p in parts:
        node = node[p]  # type: ignore[index]
    return node


_HOUSE: ContextVar[House | None] = ContextVar("weird_west_house", default=None)


@contextmanager
def house(h: House | None) -> Iterator[None]:
    """Within the block, ``rules()`` and ``weapons()`` give the numbers with ``h`` in place
    (None: the data files as they are). Every fight runs inside one (``WeirdWestFight``)."""
    token = _HOUSE.set(h)
    try:
        yield
    finally:
        _HOUSE.reset(token)
