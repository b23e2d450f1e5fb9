"""A shot told "In the same instant," (a shooter who fell to a shot of the same moment) keeps
the sentence after the lead in lower case unless it opens on a man's name: Red Rock seed 4505
read "In the same instant, Nothing comes of Cole's second shot either." (BN7's tactics brought
the shape in; the old rule lowered only a list of pronouns and articles)."""

from __future__ import annotations

import re

import pytest

from tests.test_fresh_user_12_prose import _fight, _story
from tests.test_fresh_user_9_prose import REDROCK

LEAD = re.compile(r"(?:In the same instant|At that very moment|At the same instant), (\S+)")
NAMES = {"Gus", "Jesse", "Cole", "Dutch", "Walt", "Ada"}


@pytest.mark.parametrize("tense", ["present", "past"])
def test_nothing_after_the_lead_is_lower_case(tense):
    text = _story(_fight(REDROCK, 4505), tense)
    assert re.search(r"(?:In the same instant|At that very moment), nothing (?:comes|came) of Cole's", text)
    assert not re.search(r", Nothing\b", text)


def test_only_names_keep_their_capital_after_the_lead():
    seen = set()
    for seed in (4451, 4505, 4507, 4513, 4638, 4648):
        for tense in ("present", "past"):
            for m in LEAD.finditer(_story(_fight(REDROCK, seed), tense)):
                word = re.sub(r"['’]s$", "", m.group(1))
                seen.add(word)
                assert word[0].islower() or word in NAMES, (seed, tense, m.group(0))
    assert "nothing" in seen and seen & NAMES, seen
