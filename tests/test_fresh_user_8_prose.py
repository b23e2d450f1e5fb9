"""Story prose a fresh user (a GM who posts the write-ups unedited) found wrong, eighth round:
each test asserts the real text of a bundled or small scenario, and failed on the code before
its fix."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.render.phrases import tags_of
from narrator.scenario import load_scenario, load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"


@lru_cache(maxsize=32)
def _bundled(name: str, seed: int):
    return run_fight(load_scenario(EXAMPLES / f"{name}.yaml"), seed)


def _story(log, fmt: str = "text", tense: str = "present") -> str:
    """`narrator run ... -m story -f FMT --tense TENSE`."""
    return render(log, fmt, "story", options=Options(tense=tense))


def _teaching(log, fmt: str = "text") -> str:
    return render(log, fmt, "teaching")


# ---------------------------------------------------------------- 1. "backs into cover"
def test_a_man_walking_across_the_enemys_line_into_cover_does_not_back_into_it():
    """Old (shotgun-gang, seed 1, turn 2): "Texas Jack backs into cover behind his horse." for
    a walk from (0, 2) to (0, 5), across the line to Stanshaw at 40 yards, not away from him."""
    text = _story(_bundled("shotgun-gang", 1))
    assert "Texas Jack gets behind his horse." in text
    assert "backs into cover" not in text


def test_every_backing_cover_phrase_is_for_a_move_away_only():
    """A "back" phrase of a cover group (the moved templates' cover_fast/cover_slow) is tagged
    ``<away>``: the templates give that context only to a move away from the nearest enemy."""
    files = [ROOT / "templates" / "common" / "phrases.toml",
             *sorted((ROOT / "narrator" / "rulesets").glob("*/templates/phrases.toml"))]
    seen = 0
    for f in files:
        table = tomllib.loads(f.read_text(encoding="utf-8"))
        for group in ("cover_fast", "cover_slow"):
            for phrase in table.get(group, ()):
                tags, body = tags_of(phrase)
                if "[back]" in body or "[fall] back" in body:
                    seen += 1
                    assert "away" in tags, (f.name, group, phrase)
    assert seen >= 2
