"""Violence numbers and weapons, read from the packaged TOML files in ``data/``.

Every value comes from ``../shared/sources/003_32799f579e8f48cd.txt`` as ruled in
``../shared/errata.md`` (section "Violence"); each data section and weapon row names its
source. Nothing here rolls dice.

May import: the standard library, narrator.cache (the parsed tables kept between runs).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from narrator.cache import toml_loads

CALIBRES = ("none", "revolver", "hunting", "military", "slug", "buckshot")
BANDS = ("close", "medium", "long")
ROLL_KINDS = ("shooting", "sniping", "melee")


@cache
def _data(name: str) -> dict:
    files = resources.files("narrator.rulesets.violence").joinpath("data")
    return toml_loads(files.joinpath(name).read_text("utf-8"))


def rules() -> dict:
    """The rule numbers (``rules.toml``), by section: shooting, injury, melee, ..."""
    return _data("rules.toml")


@dataclass(frozen=True)
class WeaponType:
    """One row of ``weapons.toml``.

    Attributes:
        type: snake_case key used in scenarios (``coach_gun``).
        name: display name ("coach gun").
        aliases: other keys a scenario may use.
        kind: "gun", "melee" or "unarmed".
        capacity: rounds a gun holds (003 l.58-60); 0 for the others.
        calibre: one of ``CALIBRES`` (003 l.20-22).
        melee: the melee bonus (reach +3, shorter weapon +2; 003 l.44).
        source: where the row comes from.
    """

    type: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    capacity: int
    calibre: str
    melee: int
    source: str

    @property
    def is_gun(self) -> bool:
        return self.kind == "gun"


@cache
def weapons() -> dict[str, WeaponType]:
    """Every weapon keyed by type and by each alias (an alias maps to its row)."""
    out: dict[str, WeaponType] = {}
    for row in _data("weapons.toml")["weapon"]:
        w = WeaponType(row["type"], row["name"], tuple(row["aliases"]), row["kind"],
                       row["capacity"], row["calibre"], row["melee"], row["source"])
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
