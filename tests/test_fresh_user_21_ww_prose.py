"""Weird West write-up defects a fresh user reported (session 21, tests/fresh21/: a gambler
with two Colts against a drifter with a knife). Each test scans seeds and fails on the code
before its fix."""

from __future__ import annotations

import re
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh21"


def _run(name: str, seed: int, mode: str = "story") -> str:
    log = run_fight(load_scenario_text((HERE / name).read_text(), name), seed)
    return render(log, "markdown", mode)


def _rounds(text: str) -> list[tuple[str, str]]:
    """(story prose, rolls block) of each round of a story-mode write-up."""
    out = []
    for chunk in re.split(r"^## Round \d+\n", text, flags=re.M)[1:]:
        prose, _, rolls = chunk.partition("||**Rolls")
        out.append((prose, rolls))
    return out


DUCK = re.compile(r"\bduck|\bdodg|twist\w* clear|throws? \w+ aside", re.I)


def test_a_plain_miss_is_never_told_as_a_duck():
    """ww-twoguns seeds 2 and 5, round 1: "He ducks as Sutter's bullet goes over." of a plain
    miss (the rolls: fail, miss; no vamoose). Over 40 seeds of two scenarios: a round whose
    prose ducks or dodges a man has a vamoose (or a duck to cover) in its rolls."""
    bad = []
    for name in ("ww-twoguns.yaml", "ww-twoguns-tac.yaml"):
        for seed in range(1, 21):
            for i, (prose, rolls) in enumerate(_rounds(_run(name, seed)), 1):
                for sentence in re.split(r"(?<=[.!?])\s+", prose):
                    if DUCK.search(sentence) and not re.search(r"vamoose|duck|dodge", rolls):
                        bad.append((name, seed, i, sentence))
    assert bad == []
