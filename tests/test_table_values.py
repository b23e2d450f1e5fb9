"""Every number of the data files against the sources: one test per table (Boot Hill Tables
1-14 and the mortal-wound times, the Violence rules and weapons), each reading its data file
and comparing the whole section with the values typed by hand in ``source_tables.py`` (with
the source line of each). Changing, adding, dropping or swapping any one value fails here.

The engine's table functions are checked against the same typed values in
``test_tables.py`` and ``test_boundaries.py``.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from narrator.rulesets.boothill import tables
from narrator.rulesets.violence import tables as vtables

import source_tables as source

BOOTHILL = Path(tables.__file__).resolve().parent / "data"
VIOLENCE = Path(vtables.__file__).resolve().parent / "data"


def _read(path: Path) -> dict:
    return tomllib.loads(path.read_text("utf-8"))


def _section(path: Path, key: str) -> tuple[dict, str]:
    """A data-file section without its ``source``, and the source."""
    section = dict(_read(path)[key])
    return section, section.pop("source")


# (data file, section, the source its ``source`` must name)
COMBAT_SECTIONS = [
    ("chance_to_hit", "Table 1, Table 4"),
    ("hit_modifiers", "Table 2"),
    ("movement_combat", "Table 3"),
    ("shootout_actions", "Table 5"),
    ("speed_modifiers", "Table 6"),
    ("movement_shootout", "Table 7"),
    ("shots_per_shootout_turn", "001_415c40fca5e431da.txt line 16"),
    ("jumping", "001_415c40fca5e431da.txt lines 56-60; errata B18(g)"),
    ("bad_footing", "001_415c40fca5e431da.txt line 61"),
    ("thrown_weapons", "errata B18(i)"),
    ("cover", "ruled: BN7"),
]
WOUND_SECTIONS = [
    ("pellets", "Table 9"),
    ("misfires", "Table 10"),
    ("locations", "Table 11"),
    ("severity", "Table 12"),
    ("location_modifiers", "Table 13"),
    ("dying", "Mortal Wounds"),
]


@pytest.mark.parametrize("key, cited", COMBAT_SECTIONS, ids=[k for k, _ in COMBAT_SECTIONS])
def test_tables_1_to_8(key, cited):
    """tables_combat.toml: Tables 1-8 (000 l.87-330; Table 8 = Table 2, B3), 001 l.16."""
    section, src = _section(BOOTHILL / "tables_combat.toml", key)
    assert section == source.COMBAT[key]
    assert cited in src


@pytest.mark.parametrize("key, cited", WOUND_SECTIONS, ids=[k for k, _ in WOUND_SECTIONS])
def test_tables_9_to_13_and_dying_time(key, cited):
    """tables_wounds.toml: Tables 9-13 (000 l.357-474) and the dying time (000 l.429, B8)."""
    section, src = _section(BOOTHILL / "tables_wounds.toml", key)
    assert section == source.WOUNDS[key]
    assert cited in src


def test_the_boothill_data_files_have_no_other_sections():
    assert set(_read(BOOTHILL / "tables_combat.toml")) == set(source.COMBAT)
    assert set(_read(BOOTHILL / "tables_wounds.toml")) == set(source.WOUNDS)
    assert set(_read(BOOTHILL / "table14_weapons.toml")) == {"weapon", "hipshot_ranges",
                                                            "point_blank"}


FIELDS = ("short", "long", "extreme", "reload", "speed", "wound_modifier", "skill", "misfire",
          "capacity", "kind")


def test_table_14_every_row_in_order():
    """table14_weapons.toml: 25 rows in Table 14's order (000 l.506-531)."""
    rows = _read(BOOTHILL / "table14_weapons.toml")["weapon"]
    assert [r["type"] for r in rows] == list(source.TABLE_14)


@pytest.mark.parametrize("wtype", list(source.TABLE_14))
def test_table_14_row(wtype):
    """Every column of a Table 14 row (000 l.500-531; capacities B16, misfire rows B5)."""
    row = next(r for r in _read(BOOTHILL / "table14_weapons.toml")["weapon"]
               if r["type"] == wtype)
    assert tuple(row[f] for f in FIELDS) == source.TABLE_14[wtype]
    assert "Table 14" in row["source"]


def test_table_14_any_hipshot_row_and_point_blank():
    """000 l.529 Any Hipshot 6/12/36; 001 l.19 point blank 2 yards or less."""
    data = _read(BOOTHILL / "table14_weapons.toml")
    hip, src = data["hipshot_ranges"], data["hipshot_ranges"]["source"]
    assert (hip["short"], hip["long"], hip["extreme"]) == source.ANY_HIPSHOT
    assert set(hip) == {"short", "long", "extreme", "source"} and "Any Hipshot" in src
    assert data["point_blank"]["yards"] == source.POINT_BLANK_YARDS
    assert "line 19" in data["point_blank"]["source"]


def test_table_14_loaded_rows_equal_the_file():
    """What ``tables.weapons()`` serves is the file's rows (the loader drops nothing)."""
    for wtype, (short, long_, extreme, reload, speed, wmod, skill, misfire, capacity,
                kind) in source.TABLE_14.items():
        w = tables.weapons()[wtype]
        assert (w.short, w.long, w.extreme, w.speed, w.wound_modifier, w.skill, w.misfire,
                w.capacity, w.kind) == (short, long_, extreme, speed, wmod, skill, misfire,
                                        capacity, kind), wtype
        assert w.reload == (None if reload == "n/a" else Fraction(reload)), wtype


# --------------------------------------------------------------------------- Violence (003)

@pytest.mark.parametrize("key", list(source.VIOLENCE_RULES))
def test_violence_rules(key):
    """violence/data/rules.toml against 003 and the errata's "Violence" section."""
    section, src = _section(VIOLENCE / "rules.toml", key)
    assert section == source.VIOLENCE_RULES[key]
    assert "003" in src or "errata Violence" in src


def test_violence_rules_have_no_other_sections():
    assert set(_read(VIOLENCE / "rules.toml")) == set(source.VIOLENCE_RULES)


def test_violence_weapons():
    """violence/data/weapons.toml: kind, capacity (003 l.58-60), calibre (l.20-22), melee
    bonus (l.44), every row in order."""
    rows = _read(VIOLENCE / "weapons.toml")["weapon"]
    assert [r["type"] for r in rows] == list(source.VIOLENCE_WEAPONS)
    for r in rows:
        assert (r["kind"], r["capacity"], r["calibre"], r["melee"]) == \
            source.VIOLENCE_WEAPONS[r["type"]], r["type"]
        assert "003 l." in r["source"], r["type"]


# ------------------------------------------------------------- Boot Hill hand to hand (B19)

# B19, typed from ../shared/errata.md: type -> (damage, bruise bonus, wound modifier, skill,
# drawn); every blow average speed (ruled with B19, data source), Blades: knife -1, Bowie knife
# 0, saber 0, tomahawk or axe +1; Brawling bruises: brass knuckles +1, club, chair or gun butt +2
HAND_TO_HAND = {
    "knife": ("wound", 0, -1, "blades", True),
    "bowie_knife": ("wound", 0, 0, "blades", True),
    "tomahawk": ("wound", 0, 1, "blades", True),
    "axe": ("wound", 0, 1, "blades", True),
    "saber": ("wound", 0, 0, "blades", True),
    "club": ("bruise", 2, 0, "brawling", False),
    "brass_knuckles": ("bruise", 1, 0, "brawling", False),
    "gun_butt": ("bruise", 2, 0, "brawling", True),
}
HAND_TO_HAND_SECTIONS = {
    "fists": {"name": "fists", "damage": "bruise", "bruise_bonus": 0, "skill": "brawling",
              "speed": "average"},
    "reach": {"yards": 2.0},                                  # within 2 yards
    # two blows or grapples a combat turn; a blow 2 counts, a grapple 3
    "timing": {"combat_turn_actions": 2, "blow_counts": 2, "grapple_counts": 3,
               "default_blows_combat": 2, "default_blows_shootout": 1},
    # +4 against a held man; a held man strikes at -4, breaks free at -2, fires a pistol at -4
    "chance": {"against_held": 4, "held_strikes": -4, "held_breaks_free": -2,
               "held_fires_pistol": -4},
    # +1 bruise at STR 15 or more; a 6 on the d6 knocks him down
    "bruise": {"strength_from": 15, "strength_bonus": 1, "knockdown_roll": 6},
    "throw": {"bruise_modifier": -2},                         # d6 - 2 bruise points
    "hold": {},
}


def test_hand_to_hand_weapons_b19():
    rows = _read(BOOTHILL / "hand_to_hand.toml")["weapon"]
    assert [r["type"] for r in rows] == list(HAND_TO_HAND)
    for r in rows:
        assert (r["damage"], r["bruise_bonus"], r["wound_modifier"], r["skill"],
                r["drawn"]) == HAND_TO_HAND[r["type"]], r["type"]
        assert r["speed"] == "average" and "B19" in r["source"], r["type"]


@pytest.mark.parametrize("key", list(HAND_TO_HAND_SECTIONS))
def test_hand_to_hand_section_b19(key):
    section, src = _section(BOOTHILL / "hand_to_hand.toml", key)
    assert section == HAND_TO_HAND_SECTIONS[key]
    assert "B19" in src


def test_hand_to_hand_file_has_no_other_sections():
    assert set(_read(BOOTHILL / "hand_to_hand.toml")) == set(HAND_TO_HAND_SECTIONS) | {"weapon"}
