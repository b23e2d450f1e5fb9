"""Issue 10: lines a GM reader would edit in the past-tense story write-ups of the bundled
Weird West, Gaslight and Violence scenarios, pinned by kind: each test fails on the old text
(quoted in its docstring)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from narrator.render import Options, render

from conftest import fight

ROOT = Path(__file__).resolve().parent.parent
WW_PHRASES = ROOT / "narrator" / "rulesets" / "weird_west" / "templates" / "phrases.toml"


def _story(name: str) -> str:
    """The past-tense Markdown story of a bundled scenario, as `narrator run -m story --tense
    past` writes it."""
    return render(fight(name), "markdown", "story", options=Options(tense="past"))


def _ww() -> dict[str, list[str]]:
    return tomllib.loads(WW_PHRASES.read_text(encoding="utf-8"))


def test_ww_a_hit_cover_stopped_is_never_told_as_getting_through():
    """Old: "Quaid's bullet came through the barricade with no force left." when the cover
    roll left no damage dice (the shot did not get through)."""
    table = _ww()
    for group in ("w_through_spent", "w_fan_spent"):
        for phrase in table[group]:
            assert not re.search(r"\bthrough\b|\[(come|get|punch)\]", phrase), (group, phrase)
    text = _story("stagecoach.yaml")
    assert "came through the barricade" not in text
    assert "stopped Dutch's bullet short of Quaid" in text


def test_ww_no_wound_but_winded_is_told_as_the_wind_knocked_out():
    """Old: "...hit in the ribs; luck spared him a wound. Quaid went down gasping and stayed
    down." (a fate chip took the wound; the Wind it cost dropped him)."""
    text = _story("stagecoach.yaml")
    assert "luck spared him a wound." not in text
    assert ("hit in the ribs; luck spared him a wound, but the blow knocked the wind out of "
            "him and he went down.") in text
    table = _ww()
    for group in ("w_chip_winded", "w_scratch_winded"):
        assert all(re.search(r"wind|breath", p) for p in table[group]), group


def test_ww_dodges_are_not_one_stock_phrase_nor_a_he_after_the_shooter():
    """Old: "One of Dutch's bullets was meant for Quaid, but he got out of its way." and "His
    bullet caught Quaid high in the body before he could get out of the way" (three "out of
    the way" in one fight; "he" after "His" could be either man)."""
    table = _ww()
    for group in ("w_vamoose_fail", "w_fan_late", "w_fan_late_first", "w_fan_dodge",
                  "w_fan_dodge_more"):
        for phrase in table[group]:
            assert "out of the way" not in phrase and "out of its way" not in phrase, phrase
            assert "{b_he}" not in phrase, phrase
    text = _story("stagecoach.yaml")
    assert not re.search(r"out of (the|its) way", text)
