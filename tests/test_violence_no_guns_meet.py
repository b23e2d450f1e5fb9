"""Violence: men with no gun come to blows. A fresh user's all-knives and all-fists fights
(session 20, tests/fresh20/vi-knives.yaml and vi-fists.yaml) never met: every man walked
onto his nearest enemy's spot while that enemy walked onto his (moves are declared together
and a move takes the round), so the sides swapped ends for ten rounds ("For ten rounds nobody
strikes at anyone"; odds: 100% "no winner"). ``tactics.closing_point`` stops a man coming at
one who comes on too a yard short of halfway, and the story tells the run at him."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from narrator import batch
from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.rulesets.violence import tactics
from narrator.scenario import load_scenario, load_scenario_text

FRESH = Path(__file__).resolve().parent / "fresh20"


@pytest.mark.parametrize("name", ["vi-knives.yaml", "vi-fists.yaml"])
def test_gunless_sides_come_to_blows_in_every_fight(name):
    """20 seeds each: a melee in every fight, by round 3 at the latest (both sides walk at
    each other: they meet at arm's length after one round); every fight has a winner or
    ends with men down."""
    text = (FRESH / name).read_text()
    first = []
    for seed in range(1, 21):
        log = run_fight(load_scenario_text(text, name), seed)
        melee = [e.turn for e in log.events if e.kind.startswith("melee")]
        first.append(min(melee) if melee else None)
    assert None not in first, first
    assert max(first) <= 3, first


def test_odds_of_a_knife_fight_have_winners():
    """The odds (the engine's path, 200 fights): most knife fights end with a side winning;
    before, all 200 ran out of rounds."""
    ld = batch.odds_scenario(load_scenario(FRESH / "vi-knives.yaml"))
    odds = batch.run_odds(ld, 200, 7, path="engine")
    wins = odds.tally.wins
    assert wins.get("hadleys", 0) + wins.get("ransoms", 0) >= 150, wins


def test_the_run_at_an_enemy_is_told_as_one():
    """Round 1 of the knife fight (seed 2): each man's run is told at the man he runs at,
    never as a dash "for open ground"."""
    log = run_fight(load_scenario_text((FRESH / "vi-knives.yaml").read_text(), "k"), 2)
    story = render(log, "markdown", "story", options=Options())
    round1 = story.split("## Round 1", 1)[1].split("Rolls, round 1", 1)[0]
    assert "open ground" not in round1
    assert "Ruth charges towards Pike Wilson." in round1


class _Man:
    def __init__(self, pos, guns=(), tactics_="aggressive"):
        self.pos, self._guns, self.melee = pos, list(guns), None
        self.c = type("C", (), {"tactics": tactics_})()

    def guns(self):
        return self._guns


def test_closing_point_halfway_or_arms_length():
    """30 yards apart: at a man with no gun, a yard short of halfway (14 yards on); at a
    gunman or a coward, to arm's length of his spot (29 yards on); within arm's length, he
    stays."""
    me = _Man((0.0, 0.0))
    assert tactics.closing_point(me, _Man((30.0, 0.0))) == (14.0, 0.0)
    assert tactics.closing_point(me, _Man((30.0, 0.0), guns=["colt"])) == (29.0, 0.0)
    assert tactics.closing_point(me, _Man((30.0, 0.0), tactics_="coward")) == (29.0, 0.0)
    assert tactics.closing_point(me, _Man((0.0, 1.5))) == (0.0, 0.0)
    x, y = tactics.closing_point(me, _Man((3.0, 4.0)))
    assert math.isclose(math.hypot(x, y), 1.5, abs_tol=0.01)
