"""Gaslight story: a miss that says how its man came out of it ("Halloran was untouched") only
of the shooter's last shots at him in the round (check136, item 7 of its brief). The test reads
the fact (a later hit by the same man on the same man that round), not one phrase."""

from __future__ import annotations

import re
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "scenarios" / "examples"
OUTCOME = re.compile(r"\b(untouched|none the worse|not touched|without a scratch)\b")


def _round(text: str, n: int) -> str:
    start = re.search(rf"^Rounds? {n}\b.*$", text, re.M)
    assert start, f"no round {n}"
    end = re.search(r"^(Rounds? \d+\b|Rolls, round).*$", text[start.end():], re.M)
    return text[start.end():start.end() + end.start()] if end else text[start.end():]


def test_a_miss_is_never_told_untouched_before_the_same_mans_later_hit_that_round():
    """fog-alley.yaml, round 2 (past tense): "Rudd's two shots went astray, and Halloran was
    untouched." and later in the same round Rudd's shots take Halloran in the abdomen and the
    arm (the rolls: rapid #1, #2 miss; Clegg; #3 and #5 hit)."""
    log = run_fight(load_scenario(EXAMPLES / "fog-alley.yaml"))
    shots = [e for e in log.events if e.kind == "gl_shot" and e.turn == 2
             and e.shooter.endswith("Rudd") and e.target.endswith("Halloran")]
    assert [s.result for s in shots][:2] == ["miss", "miss"] and "hit" in [s.result for s in shots]
    for tense in ("present", "past"):
        prose = " ".join(_round(render(log, "text", "story", options=Options(tense=tense)), 2)
                         .split())
        sents = re.split(r"(?<=[.!?])\s+", prose)
        hit = [i for i, s in enumerate(sents) if s.startswith("Rudd") and "Halloran" in s
               and re.search(r"\b(took|takes|struck|strikes)\b", s)]
        assert hit, prose  # Rudd's hits on Halloran are told
        before = [s for s in sents[:hit[0]] if "Rudd" in s and "Halloran" in s]
        assert before, prose  # ... and his misses before them
        for s in before:
            assert not OUTCOME.search(s), s
