"""Gaslight story: the round's opener names the man who really acts first, and a GM's
`other:` call (told at his initiative) counts as acting (check136 N2: fresh22/gl-docks.yaml
--seed 103, round 1, "Dinny Walsh is first to act. Inspector Ada Lyle calls, "Police!
Surrender in the name of the Queen!"" with the rolls "Initiative: Lyle 9+2 = 11, Dinny 8 = 8"
and Lyle's call first; seed 100 the same with "It is Dinny Walsh who stirs first.")."""

from __future__ import annotations

from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

PATH = Path(__file__).resolve().parent / "fresh22" / "gl-docks.yaml"
OTHERS = ("Dinny Walsh", "Mick Brennan", "Fanny Brennan", 'Constable Harry "Nobby" Clark',
          "Constable Ned Pryce")


def _round1(seed: int) -> tuple[list, str]:
    log = run_fight(load_scenario_text(PATH.read_text(), "gl-docks.yaml"), seed)
    text = render(log, "markdown", "story")
    return log, text.split("## Round 1\n")[1].split("||**Rolls")[0].split("## Round 2")[0]


def test_the_opener_names_the_man_whose_call_comes_first():
    """Seeds 1-30, 100 and 103: in every round 1 whose first act after the initiative is
    Lyle's call, the paragraph before the call names nobody else (no "Dinny Walsh is first
    to act"); at 103 and 100 the opener, if any, is Lyle's."""
    checked = 0
    for seed in [*range(1, 31), 100, 103]:
        log, round1 = _round1(seed)
        turn1 = [e for e in log.events if getattr(e, "turn", None) == 1]
        kinds = [e.kind for e in turn1]
        start = kinds.index("gl_initiative") + 1
        if kinds[start] != "other_action":
            continue
        checked += 1
        before = round1.split(" calls, ")[0]
        for name in OTHERS:
            assert name not in before, (seed, before)
    assert checked >= 8, checked
    _, round1 = _round1(103)
    assert round1.lstrip().startswith("Inspector Ada Lyle"), round1[:200]
    assert "Dinny Walsh is first to act" not in round1
