"""Boot Hill tables, read from the packaged TOML data files in ``data/``.

Every value here comes from ``../shared/sources/000_f05c5ef385f1db5a.txt`` (Tables 1-14) or
``001_415c40fca5e431da.txt``, as ruled in ``../shared/errata.md``; each data-file section and
weapon row names its source table. Nothing here rolls dice.

May import: the standard library, narrator.cache (the parsed tables kept between runs),
narrator.frozen.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources

from narrator.cache import toml_loads
from narrator.frozen import record

BANDS = ("point_blank", "short", "long", "extreme")
LOCATIONS = ("left_leg", "right_leg", "left_arm", "right_arm", "left_shoulder",
             "right_shoulder", "abdomen", "chest", "head")
SHOT_TYPES = ("careful", "steady", "hip", "fanned")
GAITS_FOOT = ("crawling", "walking", "evading", "running")
GAITS_MOUNTED = ("walking", "trotting", "galloping")
SEVERITIES = ("scratch", "light", "serious", "mortal")


@cache
def _data(name: str) -> dict:
    text = resources.files("narrator.rulesets.boothill").joinpath("data").joinpath(name).read_text("utf-8")
    return toml_loads(text)


def combat() -> dict:
    """Tables 1-8 (chance to hit, modifiers, movement, shootout actions and speed)."""
    return _data("tables_combat.toml")


def open_yards() -> float:
    """How near a shooter stands to a man in cover for it to cover nothing against his shot,
    yards (ruled: BN7; tables_combat.toml [cover])."""
    return float(combat()["cover"]["open_yards"])


def wounds() -> dict:
    """Tables 9-13 (pellets, misfires, locations, severity, location modifiers) and dying time."""
    return _data("tables_wounds.toml")


@record
class WeaponType:
    """One row of Table 14 (000_f05c5ef385f1db5a.txt), with the errata's additions.

    Attributes:
        type: snake_case key used in scenarios (``fast_draw_revolver``).
        name: display name ("fast-draw revolver").
        short, long, extreme: upper bounds of the range bands, yards (errata B1).
        reload: rounds per combat turn as a Fraction (1/3 = one round every 3 turns), or
            None where Table 14 says N/A.
        speed: Table 6 speed class: vslow, slow, average, fast, vfast.
        wound_modifier: added to the severity roll (Table 12 "weapon modifier").
        skill: the weapon skill used to hit (pistol, rifle, throwing, archery).
        misfire: Table 10 row name.
        capacity: rounds held (errata B16); 0 for a hand-to-hand weapon.
        kind: pistol, long_arm, thrown or bow (point blank modifier, B3), or melee (a
            hand-to-hand weapon of ``data/hand_to_hand.toml``, errata B19).
        source: where the row comes from.
        damage: "shot" for Table 14 weapons; a hand-to-hand weapon's "bruise" (bruise points)
            or "wound" (a blade: Tables 11-13 and 12), errata B19.
        bruise_bonus: added to the bruise d6 (B19: brass knuckles +1, club or gun butt +2).
        must_draw: a hand-to-hand weapon drawn before its first blow (a knife, 000 l.211).
    """

    type: str
    name: str
    aliases: tuple[str, ...]
    short: int
    long: int
    extreme: int
    reload: Fraction | None
    speed: str
    wound_modifier: int
    skill: str
    misfire: str
    capacity: int
    kind: str
    source: str
    damage: str = "shot"
    bruise_bonus: int = 0
    must_draw: bool = True

    @property
    def is_shotgun(self) -> bool:
        """True for the shotgun and the scattergun (pellets, Table 9)."""
        return self.type in ("shotgun", "scattergun")

    @property
    def is_revolver(self) -> bool:
        """True for the revolvers that may be fanned (000 l.27)."""
        return self.type.endswith("_revolver")

    @property
    def is_firearm(self) -> bool:
        """False for bows and thrown weapons, which never misfire (B5)."""
        return self.kind in ("pistol", "long_arm")

    @property
    def arm(self) -> str:
        """What the write-up calls the weapon's kind: "gun" (pistol or long arm), "thrown"
        (thrown, never fired: Table 14's thrown knife/axe and spear), "bow" or "melee"."""
        return "gun" if self.is_firearm else self.kind

    @property
    def is_melee(self) -> bool:
        """True for a hand-to-hand weapon (errata B19): never shot, never loaded."""
        return self.kind == "melee"


@cache
def weapons() -> dict[str, WeaponType]:
    """All Table 14 weapons keyed by type, aliases included (an alias maps to its row)."""
    out: dict[str, WeaponType] = {}
    for row in _data("table14_weapons.toml")["weapon"]:
        reload = None if row["reload"] == "n/a" else Fraction(row["reload"])
        w = WeaponType(
            type=row["type"], name=row["name"], aliases=tuple(row["aliases"]),
            short=row["short"], long=row["long"], extreme=row["extreme"], reload=reload,
            speed=row["speed"], wound_modifier=row["wound_modifier"], skill=row["skill"],
            misfire=row["misfire"], capacity=row["capacity"], kind=row["kind"],
            source=row["source"])
        out[w.type] = w
        for alias in w.aliases:
            out[alias] = w
    for row in _data("hand_to_hand.toml")["weapon"]:
        w = melee_row(row)
        out[w.type] = w
        for alias in w.aliases:
            out[alias] = w
    return out


def melee_row(row: dict) -> WeaponType:
    """A hand-to-hand weapon of ``data/hand_to_hand.toml`` (errata B19) as a weapon-table row
    of kind "melee": no range, no reload, no rounds, no misfire, the Brawling or Blades skill."""
    return WeaponType(
        type=row["type"], name=row["name"], aliases=tuple(row["aliases"]), short=0, long=0,
        extreme=0, reload=None, speed=row["speed"], wound_modifier=row["wound_modifier"],
        skill=row["skill"], misfire="none", capacity=0, kind="melee", source=row["source"],
        damage=row["damage"], bruise_bonus=row["bruise_bonus"], must_draw=row["drawn"])


@cache
def fists() -> WeaponType:
    """Bare fists as a weapon row (errata B19): a strike with no weapon."""
    f = _data("hand_to_hand.toml")["fists"]
    return WeaponType(type="fists", name=f["name"], aliases=(), short=0, long=0, extreme=0,
                      reload=None, speed=f["speed"], wound_modifier=0, skill=f["skill"],
                      misfire="none", capacity=0, kind="melee", source=f["source"],
                      damage=f["damage"], bruise_bonus=f["bruise_bonus"], must_draw=False)


def hand_to_hand() -> dict:
    """The hand-to-hand rules of errata B19 (reach, timing, chance, bruises, throws, holds),
    from ``data/hand_to_hand.toml``."""
    return _data("hand_to_hand.toml")


def weapon_types() -> list[str]:
    """The canonical Table 14 weapon type keys, in table order (hand-to-hand weapons are in
    ``melee_types``)."""
    seen: list[str] = []
    for w in weapons().values():
        if w.type not in seen and not w.is_melee:
            seen.append(w.type)
    return seen


def melee_types() -> list[str]:
    """The canonical hand-to-hand weapon type keys (errata B19), in data-file order."""
    seen: list[str] = []
    for w in weapons().values():
        if w.type not in seen and w.is_melee:
            seen.append(w.type)
    return seen


def hipshot_ranges() -> tuple[int, int, int]:
    """Table 14 "Any Hipshot" row: (short, long, extreme) yards."""
    r = _data("table14_weapons.toml")["hipshot_ranges"]
    return r["short"], r["long"], r["extreme"]


def point_blank_yards() -> float:
    """Point blank range, 2 yards or less for any weapon (001 l.19)."""
    return float(_data("table14_weapons.toml")["point_blank"]["yards"])


def range_band(w: WeaponType, yards: float, shot_type: str = "careful") -> str | None:
    """The Table 14 band of a shot at ``yards``, or None when beyond extreme range.

    A pistol's hipshots and fanned shots use the tighter of its bands and the Any Hipshot row;
    a long arm (or any other weapon) fired from the hip keeps its own bands (errata B1: 001
    l.20 shrinks pistol ranges only). Point blank is 2 yards or less for any weapon.

    Returns:
        "point_blank", "short", "long", "extreme", or None (out of range).
    """
    return band_within(band_limits(w, shot_type), yards)


def band_within(limits: tuple[float, float, float, float], yards: float) -> str | None:
    """The range band of ``yards`` given the band limits (point blank, short, long, extreme; in
    yards, as ``band_limits`` gives them): each band includes its own limit (Table 1, 000).
    Returns "point_blank", "short", "long", "extreme", or None (beyond extreme range)."""
    pb, short, long_, extreme = limits
    if yards <= pb:
        return "point_blank"
    if yards <= short:
        return "short"
    if yards <= long_:
        return "long"
    if yards <= extreme:
        return "extreme"
    return None


def band_limits(w: WeaponType, shot_type: str = "careful") -> tuple[float, int, int, int]:
    """(point blank, short, long, extreme) upper bounds in yards of ``w``'s bands for a shot
    of ``shot_type``, as ``range_band`` reads them (Table 14, errata B1: the Any Hipshot row
    for a pistol's hipshots and fanned shots only)."""
    return _band_limits(w.short, w.long, w.extreme,
                        shot_type in ("hip", "fanned") and w.kind == "pistol")


@cache
def _band_limits(short: int, long_: int, extreme: int, hip: bool) -> tuple[float, int, int, int]:
    """(point blank, short, long, extreme) upper bounds in yards, for ``range_band``."""
    if hip:
        hs, hl, he = hipshot_ranges()
        short, long_, extreme = min(short, hs), min(long_, hl), min(extreme, he)
    return point_blank_yards(), short, long_, extreme


def shot_counts(shot_type: str) -> int:
    """Table 5: the counts a shot of ``shot_type`` takes in a shootout turn (fanned 1, hip 2,
    steady 3, careful 6; errata B13)."""
    return combat()["shootout_actions"][shot_type]


def shots_per_shootout_turn(shot_type: str) -> int:
    """001 l.16: the most shots of ``shot_type`` one shootout turn holds (one careful, two
    steady, three hip, six fanned)."""
    return combat()["shots_per_shootout_turn"][shot_type]


def hit_modifier(name: str) -> int:
    """A Table 2 (= Table 8) modifier by key, e.g. ``hit_modifier("long") == -2``."""
    return combat()["hit_modifiers"][name]


CANCEL_ALIASES = {"long_range": "long", "extreme_range": "extreme"}
"""Other names a ``cancel_modifier`` ruling may give a modifier: the name the write-up's
arithmetic line shows ("long range"), written as a key."""


@cache
def cancellable_modifiers() -> tuple[str, ...]:
    """The modifier names a GM ruling (``cancel_modifier``) can cancel, each one a term the
    chance to hit can hold: the Table 2 (= Table 8) modifiers that are not 0 (errata B3; the
    range rows ``point_blank_pistol``, ``point_blank_long_arm``, ``long``, ``extreme`` too),
    in the table's order, then the hand-to-hand ones of errata B19: the attacker's movement
    (``attacker_walking`` ... ``attacker_galloping``, Table 2's shooter rows for a blow),
    ``held_strikes``, ``held_breaks_free``, ``against_held`` and ``held_fires`` (a held man's
    pistol shot). ``short`` and ``size_normal`` (0 on the table) have nothing to cancel."""
    table = [k for k, v in combat()["hit_modifiers"].items() if k != "source" and v != 0]
    hh = ["attacker_" + k.removeprefix("shooter_") for k in table if k.startswith("shooter_")]
    return tuple(table + hh + ["held_strikes", "held_breaks_free", "against_held", "held_fires"])


def base_terms(shot_type: str, coo: int, skill: int,
               pooled_hipshot: bool = False) -> tuple[tuple[str, int], ...]:
    """The terms of the Table 1 / Table 4 chance to hit before modifiers (000 l.89-95,
    l.230-239; 001 l.18-19; errata B2), named as the write-up shows them.

    careful ``coo`` COO + ``skill``; steady ``coo_half`` ceil(COO/2) + ``skill``; hip
    ``coo_quarter`` floor(COO/4) + ``skill`` (with the ``hipshot_formula: pooled`` house rule
    one term ``coo_skill_quarter`` floor((COO + skill)/4)); fanned one term ``fanned``
    max(1, skill), the skill being Pistol (only revolvers are fanned).

    Returns:
        ``((name, value), ...)``; ``"skill"`` stands for the weapon skill's name.

    Raises:
        ValueError: an unknown shot type.
    """
    if shot_type == "careful":
        return (("coo", coo), ("skill", skill))
    if shot_type == "steady":
        return (("coo_half", -(-coo // 2)), ("skill", skill))
    if shot_type == "hip":
        if pooled_hipshot:
            return (("coo_skill_quarter", (coo + skill) // 4),)
        return (("coo_quarter", coo // 4), ("skill", skill))
    if shot_type == "fanned":
        return (("fanned", max(1, skill)),)
    raise ValueError(f"unknown shot type {shot_type!r}")


def base_chance(shot_type: str, coo: int, skill: int, pooled_hipshot: bool = False) -> int:
    """Table 1 / Table 4 chance to hit before modifiers: the sum of ``base_terms``."""
    return sum(v for _, v in base_terms(shot_type, coo, skill, pooled_hipshot))


def pellets(band: str, d6: int) -> int:
    """Table 9: pellets that strike for a d6 roll at ``band`` (point blank uses short)."""
    column = "short" if band == "point_blank" else band
    return wounds()["pellets"][column][d6 - 1]


def scatter_radius(band: str) -> int | None:
    """Table 9 "Targets" row: yards around the target a scattergun also threatens, or None."""
    return wounds()["pellets"]["scatter_radius"].get(band)


def misfire(row: str, d20: int) -> str:
    """Table 10: "none", "dud", "explosion" or "jam" for a d20 on the weapon's row."""
    for result, top in wounds()["misfires"][row]:
        if d20 <= top:
            return result
    raise ValueError(f"d20 {d20} outside Table 10 row {row}")


@cache  # (a pure function of its arguments and the tables: asked on every hit or move)
def location(total: int) -> str:
    """Table 11: the wound location of a (clamped) d20 total 1..20."""
    total = max(1, min(20, total))
    for loc, top in wounds()["locations"]["rows"]:
        if total <= top:
            return loc
    raise AssertionError("Table 11 covers 1-20")


@cache  # (a pure function of its arguments and the tables: asked on every hit or move)
def location_shift(shot_type: str, band: str, skill: int) -> int:
    """Table 13: the most a shooter may shift the location roll (skill x fraction, rounded down).

    Point blank counts as short (errata B6).
    """
    column = "short" if band == "point_blank" else band
    num, den = wounds()["location_modifiers"][shot_type][column]
    return skill * num // den


@cache  # (a pure function of its arguments and the tables: asked on every hit or move)
def severity_location_modifier(loc: str, shoulder_is_arm: bool = False) -> int:
    """Table 12: +1 chest or head, -1 arm or leg (a shoulder is neither unless the
    ``shoulder_is_arm`` house rule is on)."""
    s = wounds()["severity"]
    if loc in ("chest", "head"):
        return s["chest_or_head"]
    if loc.endswith(("_arm", "_leg")) or (shoulder_is_arm and loc.endswith("_shoulder")):
        return s["arm_or_leg"]
    return 0


@cache  # (a pure function of its arguments and the tables: asked on every hit or move)
def severity(total: int) -> str:
    """Table 12: "scratch", "light", "serious" or "mortal" for a modified severity total."""
    s = wounds()["severity"]
    if total <= s["scratch_max"]:
        return "scratch"
    if total <= s["light_max"]:
        return "light"
    if total <= s["serious_max"]:
        return "serious"
    return "mortal"


def dying_time(difference: int) -> str:
    """Mortal wound, Strength check made: STR - roll 0-4 "turns", 5-8 "minutes", 9+ "hours"."""
    d = wounds()["dying"]
    if difference <= d["turns_max"]:
        return "turns"
    if difference <= d["minutes_max"]:
        return "minutes"
    return "hours"


@cache  # (a pure function of its arguments and the tables: asked on every hit or move)
def movement_allowance(gait: str, mounted: bool, turn_kind: str = "combat") -> float:
    """Table 3 (combat turn) or Table 7 (shootout turn): yards a gait covers in one turn."""
    table = combat()["movement_combat" if turn_kind == "combat" else "movement_shootout"]
    return float(table["mounted" if mounted else "foot"][gait])
