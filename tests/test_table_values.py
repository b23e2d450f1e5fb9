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
