"""Boot Hill table values typed by hand from the rules texts, independent of the data files.

Tests compare the engine's data and its table functions with these, so a changed or swapped
value in ``narrator/rulesets/boothill/data/`` fails a test. Each table names the line of
``../shared/sources/000_f05c5ef385f1db5a.txt`` (``000``) or ``001_415c40fca5e431da.txt``
(``001``) it was typed from; where the sources are unclear the ruling of
``../shared/errata.md`` (``B<n>``) is named. Nothing here imports narrator.
"""

from __future__ import annotations

# 000 l.442-453, Table 11 : Wound Locations (d20 -> location).
TABLE_11 = {
    1: "left_leg", 2: "left_leg", 3: "right_leg", 4: "right_leg", 5: "left_arm", 6: "left_arm",
    7: "right_arm", 8: "right_arm", 9: "left_shoulder", 10: "right_shoulder",
    11: "abdomen", 12: "abdomen", 13: "abdomen", 14: "abdomen",
    15: "chest", 16: "chest", 17: "chest", 18: "chest", 19: "head", 20: "head",
}


def table_12(total: int) -> str:
    """000 l.454-460, Table 12 : Wound Severity, as ruled in B7: -1 or less a scratch, 0-2
    light, 3-5 serious, 6 or more mortal (l.415: "less than zero (0) means ... a mere scratch")."""
    if total < 0:
        return "scratch"
    if total <= 2:
        return "light"
    if total <= 5:
        return "serious"
    return "mortal"


def dying_time(difference: int) -> str:
    """000 l.429 (B8): STR - roll 0 to 4 "one or two more turns", 5 to 8 "several minutes",
    9 or more "an hour or so up to several days"."""
    if difference <= 4:
        return "turns"
    if difference <= 8:
        return "minutes"
    return "hours"


# 000 l.529, Table 14 "Any Hipshot" row: short, long, extreme (yards).
ANY_HIPSHOT = (6, 12, 36)
# 001 l.19: point blank is 2 yards or less.
POINT_BLANK_YARDS = 2


def range_band(short: int, long_: int, extreme: int, yards: float, shot_type: str) -> str | None:
    """B1: the band of a shot at ``yards`` from a Table 14 row's bounds (000 l.500-531);
    hipshots and fanned shots use the tighter of the row and Any Hipshot (l.529)."""
    if shot_type in ("hip", "fanned"):
        short, long_, extreme = (min(a, b) for a, b in zip((short, long_, extreme), ANY_HIPSHOT,
                                                             strict=True))
    for band, top in (("point_blank", POINT_BLANK_YARDS), ("short", short), ("long", long_),
                      ("extreme", extreme)):
        if yards <= top:
            return band
    return None
