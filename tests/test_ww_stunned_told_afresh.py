"""Weird West story: a man stunned again and again is told it in new words each time, never
one sentence twice in a write-up (test_story_repeats, weird-west corral 3v4 seed 30 after the
generated names changed, session 22: "2x Abner shook his head, stunned.", the test's count
of a sentence said twice). A man down or diving had two stun phrases that fit him (the
others are told of a man on his feet, or of one losing his cards): his third stun said the
first again (seeds 50, 85 and 86 too: Bert stunned five times at 85)."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from narrator.render.phrases import Phrases

sys.path.insert(0, str(Path(__file__).resolve().parent))
from prose_lint import ruleset_fights, sentences, story_of  # noqa: E402

PHRASES = Path(__file__).resolve().parents[1] / "narrator/rulesets/weird_west/templates/phrases.toml"


def test_a_man_down_has_stun_phrases_for_five_stuns():
    """(the most stuns of one man in 120 generated fights: five, Bert at seed 85)"""
    table = Phrases.from_toml(PHRASES.read_text(), 1)
    fitting = table.fitting("w_stunned", frozenset())   # neither <up> nor <cards>
    assert len(fitting) >= 5, fitting


@pytest.mark.parametrize("seed", [30, 50, 85, 86])
def test_no_stun_told_twice(seed):
    ((label, log),) = ruleset_fights("weird-west", 1, start=seed)
    said = Counter(s for s in sentences(story_of(log, "past")) if len(s.split()) >= 4)
    assert [f"{k}x {s}" for s, k in said.items() if k > 1] == [], label
