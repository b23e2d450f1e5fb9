"""Chance to hit: Table 1/4 base chance plus every Table 2 (= Table 8) modifier (errata B2-B3).

Pure functions of the shooter, target and circumstances; nothing is rolled here.

May import: narrator.events (Modifier), narrator.frozen, narrator.rulesets.boothill.tables, .state.
"""

from __future__ import annotations

from narrator.events import Modifier
from narrator.frozen import record
from narrator.rulesets.boothill import tables
from narrator.rulesets.boothill.state import Fighter, WeaponState

TARGET_GAIT = {"running": "target_running", "trotting": "target_trotting",
               "evading": "target_evading", "galloping": "target_galloping"}
SHOOTER_GAIT = {"walking": "shooter_walking", "running": "shooter_running",
                "trotting": "shooter_trotting", "galloping": "shooter_galloping"}


@record
class ShotSituation:
    """Everything about a shot besides the two fighters.

    Attributes:
        shot_type: careful, steady, hip or fanned.
        band: Table 14 band (point_blank, short, long, extreme).
        band_ruling: the GM's reason when a ruling fixed the band, else None.
        shooter_gait: the shooter's declared gait this turn, or None.
        target_gait: the target's declared gait this turn, or None.
        target_dropping_prone: the target drops prone this turn (counts as evading, B3).
        off_hand: the shot is fired with the off hand (intent ``hand`` or a second gun).
        two_guns: the shooter fires two pistols (-6 on both, B3).
        sniping: the sniping bonus applies (solid rest, first shot of the fight).
        night: the fight is at night (-4, B17).
        light_wound_penalty: per light wound (-1 by the tables, -2 by house rule).
        shotgun_bonus: False under the ``shotgun_bonus: false`` house rule.
        pooled_hipshot: the ``hipshot_formula: pooled`` house rule.
        cancelled: Table 2 keys a GM ruling cancels, with its reason.
    """

    shot_type: str
    band: str
    band_ruling: str | None = None
    shooter_gait: str | None = None
    target_gait: str | None = None
    target_dropping_prone: bool = False
    off_hand: bool = False
    two_guns: bool = False
    sniping: bool = False
    night: bool = False
    light_wound_penalty: int = -1
    shotgun_bonus: bool = True
    pooled_hipshot: bool = False
    cancelled: tuple[tuple[str, str], ...] = ()


def skill_of(shooter: Fighter, weapon: WeaponState) -> tuple[str, int]:
    """The weapon skill used with ``weapon`` and its score (a missing skill counts 0)."""
    name = weapon.wt.skill
    return name, getattr(shooter.c.skills, name)


# Both functions below are pure functions of a few numbers and names, and return tuples of
# frozen Modifiers, so their results are memoized (a fight asks the same questions again and
# again; Monte Carlo runs ask them millions of times). The caches are bounded.
_CACHE_MAX = 20_000
_BASE: dict[tuple, tuple[Modifier, ...]] = {}
_MODS: dict[tuple, tuple[Modifier, ...]] = {}


def base_parts(shooter: Fighter, weapon: WeaponState, sit: ShotSituation) -> tuple[Modifier, ...]:
    """The terms of the Table 1/4 base chance, e.g. (coo 16, pistol 8) for a careful shot.

    A hipshot shows ``coo_quarter`` (floor(COO/4)); steady ``coo_half`` (ceil(COO/2));
    pooled hipshot ``coo_skill_quarter``; fanned ``fanned`` (max(1, Pistol)).
    """
    coo = shooter.c.attributes.coo
    skill_name, skill = skill_of(shooter, weapon)
    key = (sit.shot_type, sit.pooled_hipshot, coo, skill_name, skill, shooter.c.skills.pistol)
    parts = _BASE.get(key)
    if parts is None:
        if len(_BASE) >= _CACHE_MAX:
            _BASE.clear()
        parts = _BASE[key] = _base_parts(sit, coo, skill_name, skill, shooter.c.skills.pistol)
    return parts


def _base_parts(sit: ShotSituation, coo: int, skill_name: str, skill: int,
                pistol: int) -> tuple[Modifier, ...]:
    used = pistol if sit.shot_type == "fanned" else skill
    return tuple(
        Modifier(skill_name if name == "skill" else name, value,
                 "house rule" if name == "coo_skill_quarter" else "table")
        for name, value in tables.base_terms(sit.shot_type, coo, used, sit.pooled_hipshot))


def modifiers(shooter: Fighter, target: Fighter, weapon: WeaponState,
              sit: ShotSituation) -> tuple[Modifier, ...]:
    """Every Table 2 modifier that applies, in the table's order.

    The range modifier is always listed (even 0); others only when they apply. A modifier a
    GM ruling cancels (the range's ``long`` or ``extreme`` too) is listed with value 0 and
    source "ruling".
    """
    facts = (weapon.wt.kind, weapon.wt.type, shooter.count("light"), shooter.count("serious"),
             target.c.size, target.prone, bool(getattr(target.c, "obscured", False)),
             wrong_hand_why(shooter, weapon, sit))
    # every field of the situation that _modifiers reads (hashing the dataclass is slower)
    key = (sit.band, sit.band_ruling, sit.shooter_gait, sit.target_gait,
           sit.target_dropping_prone, sit.sniping, sit.two_guns, sit.night,
           sit.light_wound_penalty, sit.shotgun_bonus, sit.cancelled) + facts
    mods = _MODS.get(key)
    if mods is None:
        if len(_MODS) >= _CACHE_MAX:
            _MODS.clear()
        mods = _MODS[key] = _modifiers(sit, *facts)
    return mods


def _modifiers(sit: ShotSituation, kind: str, weapon_type: str, light: int, serious: int,
               size: str, prone: bool, obscured: bool, wrong: str) -> tuple[Modifier, ...]:
    """``modifiers`` for a situation and the facts about the two men and the gun (``wrong``:
    why the wrong-hand modifier applies, "" when it does not; ``wrong_hand_why``)."""
    m = tables.hit_modifier
    out: list[Modifier] = []
    cancelled = dict(sit.cancelled)

    def add(name: str, value: int, source: str = "table", times: int = 1, why: str = "") -> None:
        if name in cancelled:
            out.append(Modifier(name, 0, "ruling", cancelled[name], times))
        else:
            out.append(Modifier(name, value, source, why, times))

    # Range
    if sit.band == "point_blank":
        if kind == "pistol":
            add("point_blank_pistol", m("point_blank_pistol"))
        elif kind == "long_arm":
            add("point_blank_long_arm", m("point_blank_long_arm"))
        else:
            add("point_blank", 0)
    else:
        add(sit.band, m(sit.band), "ruling" if sit.band_ruling else "table",
            why=sit.band_ruling or "")
    # Movement of target (walking and crawling give 0; dropping prone counts as evading)
    if sit.target_dropping_prone:
        add("target_evading", m("target_evading"))
    elif sit.target_gait in TARGET_GAIT:
        add(TARGET_GAIT[sit.target_gait], m(TARGET_GAIT[sit.target_gait]))
    # Movement of shooter
    if sit.shooter_gait in SHOOTER_GAIT:
        add(SHOOTER_GAIT[sit.shooter_gait], m(SHOOTER_GAIT[sit.shooter_gait]))
    # Wounds
    if light:
        src = "table" if sit.light_wound_penalty == m("light_wound") else "house rule"
        add("light_wound", sit.light_wound_penalty * light, src, light)
    if serious:
        add("serious_wound", m("serious_wound") * serious, "table", serious)
    # Target size (a character lying prone is a small target, B3)
    if prone and size == "normal":
        size = "small"
    if size != "normal":
        add(f"size_{size}", m(f"size_{size}"))
    # Miscellaneous
    if sit.sniping:
        add("sniping", m("sniping"))
    if weapon_type in ("shotgun", "scattergun"):
        if sit.shotgun_bonus:
            add(weapon_type, m(weapon_type))
        else:
            out.append(Modifier(weapon_type, 0, "house rule", "shotgun_bonus: false"))
    if obscured:
        add("obscured", m("obscured"))
    if wrong:
        add("wrong_hand", m("wrong_hand"), why=wrong)
    if sit.two_guns:
        add("two_pistols", m("two_pistols"))
    if sit.night:
        add("night", m("night"))
    return tuple(out)


def wrong_hand(shooter: Fighter, weapon: WeaponState, sit: ShotSituation) -> bool:
    """The wrong-hand modifier applies (001 l.23-27).

    A pistol: a seriously wounded arm (or shoulder) cannot fire it, so a man with a serious
    wound in his gun arm fires with his other hand, wrong hand -2 whatever hand he declared
    (l.23: "both the serious wound modifier -4 and the wrong hand modifier -2"); a man whose
    off arm is seriously wounded fires with his gun hand (no penalty, even if he declared the
    other); with both arms seriously wounded he may use his good hand again (l.24), and only
    a declared off hand costs -2. A long arm: -2 when fired with one hand (l.27), because an
    arm is seriously wounded or the off hand was declared.
    """
    gun = shooter.wounds_at(shooter.gun_arm, "serious") > 0
    off = shooter.wounds_at(shooter.off_arm, "serious") > 0
    if weapon.wt.kind == "long_arm":
        return (gun != off) or sit.off_hand
    if gun and not off:
        return True
    if off and not gun:
        return False
    return sit.off_hand


def wrong_hand_why(shooter: Fighter, weapon: WeaponState, sit: ShotSituation) -> str:
    """Why the wrong-hand modifier applies (``wrong_hand``), "" when it does not: "one_handed"
    (a long arm fired with one hand because one arm is seriously wounded, 001 l.27),
    "gun_arm" (a pistol moved to the other hand from a seriously wounded gun arm, l.23),
    "off_hand" (the off hand declared). The teaching write-up names it (the modifier's
    ``why``)."""
    if not wrong_hand(shooter, weapon, sit):
        return ""
    return _wrong_why(weapon.wt.kind, shooter.wounds_at(shooter.gun_arm, "serious") > 0,
                      shooter.wounds_at(shooter.off_arm, "serious") > 0)


def _wrong_why(kind: str, gun: bool, off: bool) -> str:
    """The reason of an applying wrong-hand modifier from the weapon's kind and whether the
    gun arm and the off arm are seriously wounded (``wrong_hand_why``)."""
    if kind == "long_arm":
        return "one_handed" if gun != off else "off_hand"
    return "gun_arm" if gun and not off else "off_hand"


def chance(parts: tuple[Modifier, ...], mods: tuple[Modifier, ...]) -> tuple[int, int]:
    """(base chance, final chance) from the base parts and modifiers."""
    base = sum(p.value for p in parts)
    return base, base + sum(x.value for x in mods)


_PREPARED: dict[tuple, tuple] = {}


def prepared_chance(shooter: Fighter, target: Fighter, weapon: WeaponState, shot_type: str,
                    band: str, band_ruling: str | None, shooter_gait: str | None,
                    target_gait: str | None, target_dropping_prone: bool, off_hand: bool,
                    two_guns: bool, sniping: bool, night: bool, light_wound_penalty: int,
                    shotgun_bonus: bool, pooled_hipshot: bool,
                    cancelled: tuple[tuple[str, str], ...]
                    ) -> tuple[tuple[Modifier, ...], int, tuple[Modifier, ...], int]:
    """``(base_parts, base chance, modifiers, chance)`` of a shot in the situation the
    arguments describe (the fields of ``ShotSituation``): ``base_parts``, ``modifiers`` and
    ``chance`` at once, memoised on everything they read (the shooter's COO and skills, his
    wounds as the Table 2 modifiers count them, the wrong hand, the target's size, prone and
    obscured), so a shot whose situation came before costs one lookup."""
    c = shooter.c
    skills = c.skills
    wt = weapon.wt
    if shooter.wounds:
        light, serious, gun, off = shooter.wound_summary()
        if wt.kind == "long_arm":
            wrong = (gun != off) or off_hand
        else:
            wrong = True if gun and not off else False if off and not gun else off_hand
        why = _wrong_why(wt.kind, gun, off) if wrong else ""
    else:
        light = serious = 0
        why = "off_hand" if off_hand else ""  # (``wrong_hand`` with no serious wound)
    tc = target.c
    key = (shot_type, band, band_ruling, shooter_gait, target_gait, target_dropping_prone,
           off_hand, two_guns, sniping, night, light_wound_penalty, shotgun_bonus,
           pooled_hipshot, cancelled, c.attributes.coo, wt.skill, getattr(skills, wt.skill),
           skills.pistol, wt.kind, wt.type, light, serious, why, tc.size, target.prone,
           bool(getattr(tc, "obscured", False)))
    got = _PREPARED.get(key)
    if got is None:
        sit = ShotSituation(shot_type, band, band_ruling, shooter_gait, target_gait,
                            target_dropping_prone, off_hand, two_guns, sniping, night,
                            light_wound_penalty, shotgun_bonus, pooled_hipshot, cancelled)
        parts = base_parts(shooter, weapon, sit)
        mods = modifiers(shooter, target, weapon, sit)
        base, final = chance(parts, mods)
        if len(_PREPARED) >= _CACHE_MAX:
            _PREPARED.clear()
        got = _PREPARED[key] = (parts, base, mods, final)
    return got
