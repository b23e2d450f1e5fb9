"""Lines two GM readers (who had not seen the code) quoted from five past-tense story write-ups
(Abilene, canyon seed 11, barroom brawl, stagecoach, fog-alley) as needing an edit, pinned by
kind: each test fails on the old text, quoted in its docstring."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from narrator.render import Options, render
from narrator.render.inflection import told_name

from conftest import fight

sys.path.insert(0, str(Path(__file__).resolve().parent))
from prose_lint import story_prose  # noqa: E402


def _story(name: str) -> str:
    """The past-tense Markdown story prose of a bundled scenario."""
    return story_prose(render(fight(name), "markdown", "story", options=Options(tense="past")),
                       "markdown")


@pytest.mark.parametrize("name, told", [
    ('"Dirty Dan" Dan McGrew', '"Dirty Dan" McGrew'),
    ('Dan "Dirty Dan" McGrew', '"Dirty Dan" McGrew'),
    ('Quentin "Cool Hand" Luke', 'Quentin "Cool Hand" Luke'),
    ('"Smiley Otto" Aguilar', '"Smiley Otto" Aguilar'),
    ("Shotgun Sam Pike", "Shotgun Sam Pike"),
    ('"Dan" Dan', '"Dan" Dan'),  # the last word stays
])
def test_a_nickname_does_not_say_the_given_name_twice(name, told):
    assert told_name(name) == told


def test_the_abilene_outlaw_is_not_dirty_dan_dan():
    """Old: '"Dirty Dan" Dan McGrew skinned his Colt' and the cast line
    '**Outlaws**: "Dirty Dan" Dan McGrew and ...'."""
    text = render(fight("abilene-saloon.yaml"), "markdown", "story",
                  options=Options(tense="past"))
    head, _, rest = text.partition("## Turn 1")
    assert '**Outlaws**: "Dirty Dan" McGrew and' in head
    prose = story_prose(text, "markdown")
    assert '"Dirty Dan" Dan' not in prose and '"Dirty Dan" McGrew' in prose

