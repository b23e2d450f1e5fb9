"""Gaslight guns: the rows of ``data/weapons.toml`` and a scenario's overrides, made into the
numbers the rules use (range increment, damage dice, recoil row, fast-draw adjustment).

May import: narrator.cache, narrator.rulesets.gaslight.rules, .tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from narrator.cache import toml_loads
from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight.tables import CLASSES, FORMS


@cache
def _rows() -> dict[str, dict]:
    text = resources.files("narrator.rulesets.gaslight").joinpath("data").joinpath(
        "weapons.toml").read_text("utf-8")
    return {row["type"]: row for row in toml_loads(text)["weapon"]}


def weapon_types() -> dict[str, dict]:
    """Every row of ``data/weapons.toml`` by type, in file order."""
    return _rows()


@dataclass(frozen=True)
class WeaponRow:
    """A weapon row as the core asks for it (``Ruleset.weapons``): type, name, aliases."""

    type: str
    name: str
    aliases: tuple[str, ...] = ()


@cache
def weapon_rows() -> dict[str, WeaponRow]:
    """Every gun type and each alias -> its ``WeaponRow``."""
    out: dict[str, WeaponRow] = {}
    for t, r in _rows().items():
        row = WeaponRow(t, r["name"], tuple(r.get("aliases", ())))
        out[t] = row
        for a in row.aliases:
            out[a] = row
    return out


def canonical(name: str) -> str | None:
    """The type a scenario's ``type:`` (a type or an alias) stands for, or None."""
    row = weapon_rows().get(name)
    return row.type if row is not None else None


class GunError(ValueError):
    """A gun whose numbers do not fit together; ``field`` names the scenario field to blame."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Gun:
    """A gun's fixed numbers (002 l.13-22, G9, G12, l.111-119).

    Attributes:
        type, name: the data row's key and the display name (the scenario's ``name`` wins).
        klass: one of ``CLASSES`` (shots a round, reloading).
        form: one of ``FORMS`` (range increment, fast-draw adjustment, shotgun or not).
        calibre, cartridge: the damage and recoil rows.
        barrel: inches. capacity: rounds it holds. barrels: 2 for a double.
        single_action: a single-action revolver can be fanned (002 l.408).
        increment: range increment in feet (G9).
        damage: dice ("2d8+2"). recoil: Recoil Table row. fast_draw: adjustment (l.112-119).
        source: the data row's source.
    """

    type: str
    name: str
    klass: str
    form: str
    calibre: str
    cartridge: str
    barrel: float
    capacity: int
    barrels: int
    single_action: bool
    increment: int
    damage: str
    recoil: str
    fast_draw: int
    source: str

    @property
    def one_handed(self) -> bool:
        """002 l.349-351: pistols only in the off hand (a derringer is one)."""
        return self.form in ("pistol", "derringer")

    @property
    def is_shotgun(self) -> bool:
        return self.form in R.SHOTGUN_FORMS


def make_gun(spec: Any) -> Gun:
    """The gun a scenario's weapon entry describes: its ``type`` row with the entry's
    overrides (``class``, ``form``, ``calibre``, ``cartridge``, ``barrel``, ``capacity``,
    ``barrels``, ``single_action``, ``name``).

    Raises:
        GunError: an unknown type, calibre or cartridge, or a gun that cannot exist (a
            fanned repeater is refused later, by the intent).
    """
    row = _rows().get(canonical(spec.type) or spec.type)
    if row is None:
        raise GunError(f"unknown weapon type {spec.type!r}", "type")

    def pick(attr: str, key: str) -> Any:
        v = getattr(spec, attr, None)
        return row[key] if v is None else v

    klass, form = pick("class_", "class"), pick("form", "form")
    calibre, cartridge = pick("calibre", "calibre"), pick("cartridge", "cartridge")
    if klass not in CLASSES or form not in FORMS:
        raise GunError(f"unknown class {klass!r} or form {form!r}", "class")
    if calibre not in R.CALIBRES and calibre not in R.SHOTGUN_BORES:
        raise GunError(f"unknown calibre {calibre!r} (calibres: "
                       f"{', '.join(R.CALIBRES)}; shotgun bores: {', '.join(R.SHOTGUN_BORES)})",
                       "calibre")
    try:
        damage = R.damage_dice(calibre, cartridge)
    except ValueError as exc:
        raise GunError(str(exc), "cartridge") from None
    try:
        recoil = R.recoil_row(calibre, cartridge, form)
    except ValueError as exc:
        raise GunError(str(exc), "calibre") from None
    barrel = pick("barrel", "barrel")
    barrels = pick("barrels", "barrels")
    capacity = pick("capacity", "capacity")
    if klass in ("breech_loader", "muzzle_loader") and capacity > barrels:
        raise GunError(f"a {klass.replace('_', ' ')} holds one round a barrel ({barrels})",
                       "capacity")
    return Gun(spec.type, getattr(spec, "name", None) or row["name"], klass, form, calibre,
               cartridge, barrel, capacity, barrels, pick("single_action", "single_action"),
               R.range_increment(form), damage, recoil, R.fast_draw_adjustment(form, barrel),
               row["source"])
