"""A distance told with its unit agrees with the number shown: "1 yard", never "1 yards"
(a Weird West flee of 0.96 yd read "running 1 yards away"; a Boot Hill move of 0.96 yd
"1 yards of 6")."""
import pathlib
import re

from narrator.render.core import yards, yards_n

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_yards_n_agrees_with_the_number_shown():
    assert [yards_n(v) for v in (0.96, 1.0, 1.04, 1.5, 0.5, 12, 2.96)] == [
        "1 yard", "1 yard", "1 yard", "1.5 yards", "0.5 yards", "12 yards", "3 yards"]
    assert yards(0.96) == "1"


def test_no_template_pluralises_a_rounded_distance_by_hand():
    """Every template that prints ``|yards`` followed by the word yard(s) decides the plural
    from the unrounded value or not at all: yards_n says the unit."""
    bad = []
    for p in sorted((ROOT / "narrator").rglob("*.j2")) + sorted((ROOT / "templates").rglob("*.j2")):
        for m in re.finditer(r"\|yards \}\}\s*yard", p.read_text(encoding="utf-8")):
            bad.append(f"{p.relative_to(ROOT)}: {m.group(0)}")
    assert bad == []
