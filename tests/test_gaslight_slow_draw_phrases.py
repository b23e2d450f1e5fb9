"""Gaslight story: a round where several men draw slow gives each a phrase of his own while
the group has others left (check136 N6: fresh21/gen-gaslight.yaml --seed 104, round 1,
"Albert loses precious seconds dragging the revolver free." ... "Arthur Rudd loses precious
seconds dragging the revolver free." ... "Michael loses precious seconds dragging the
revolver free."; seeds 100, 102, 103 and 105 the same, and "fumbles a moment at his coat
for the Bull Dog" twice: the group had two phrases for five men)."""

from __future__ import annotations

import re
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

PATH = Path(__file__).resolve().parent / "fresh21" / "gen-gaslight.yaml"
STEMS = ("fumbles a moment at", "loses precious seconds dragging", "struggles to get",
         "takes an age getting", " catches as ")


def test_slow_draws_in_one_round_take_different_phrases():
    """Seeds 1-30 and 100-105: in every round, the slow-draw sentences take as many
    different phrases as there are sentences (up to the group's five); seed 104's round 1
    has five slow draws and says "loses precious seconds" once."""
    crowded = 0
    for seed in [*range(1, 31), *range(100, 106)]:
        log = run_fight(load_scenario_text(PATH.read_text(), "gen-gaslight.yaml"), seed)
        text = render(log, "markdown", "story")
        for n, part in enumerate(text.split("\n## Round ")[1:], 1):
            prose = part.split("||**Rolls")[0]
            said = [s for s in STEMS for _ in re.finditer(re.escape(s), prose)]
            assert len(set(said)) == min(len(said), len(STEMS)), (seed, n, said)
            crowded += len(said) >= 3
    assert crowded >= 20, crowded
    text = render(run_fight(load_scenario_text(PATH.read_text(), "gen-gaslight.yaml"), 104),
                  "markdown", "story")
    round1 = text.split("## Round 1\n")[1].split("||**Rolls")[0]
    assert round1.count("loses precious seconds dragging") == 1, round1
