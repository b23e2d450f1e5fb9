"""Weird West tactics close on a man to fight him and stop at reach (ruled: WN16, 1 yard): a
fresh user's knife-fighter (session 21, ww-twoguns.yaml seed 3) stood 1.25 yards from the
gambler who had backed off a yard parrying him (WN15) and walked onto the gambler's own spot,
a whole card spent on the walk; tactics' walk at a man ran all the way to him when the way
was short. Now he walks to a hair inside reach and strikes on the same card (004 l.32: a
round's move is split across his actions as he likes; WN16: the move comes with the
action), as the walking dead did already."""

from __future__ import annotations

import json
import math
from pathlib import Path

from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.rulesets.weird_west import tactics
from narrator.rulesets.weird_west.fight import WeirdWestFight
from narrator.scenario import loader

HERE = Path(__file__).parent


def setup(bob_at, ann_weapon="bowie_knife", bob_weapon="colt_peacemaker") -> WeirdWestFight:
    """Ann (a knife, aggressive, at the origin) against Bob at ``bob_at``."""
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "max_turns": 3,
          "sides": {"posse": [{"name": "Ann", "at": [0, 0], "tactics": "aggressive",
                               "aptitudes": {"fightin": {"knife": 3}},
                               "weapons": [{"type": ann_weapon}]}],
                    "gang": [{"name": "Bob", "at": list(bob_at),
                              "weapons": [{"type": bob_weapon}]}]}}
    ld = loader.load_scenario_text(json.dumps(sc))
    return WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)


def test_a_knife_fighter_a_little_out_of_reach_steps_in_and_strikes():
    """Bob 1.25 yards off (the gambler after his parry): Ann steps 0.27 yards or so, to a hair
    inside 1 yard of him, and strikes on the same card; the old tactics walked her onto Bob's
    own spot ([1.25, 0]) and spent the card on the walk."""
    f = setup((1.25, 0.0))
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.fight == "Bob"
    assert a.move is not None
    left = math.dist(a.move, (1.25, 0.0))
    assert 1.0 - 3 * tactics.GRID <= left <= 1.0
    assert 0.0 < a.move[0] < 0.3 and a.move[1] == 0.0


def test_within_reach_he_strikes_where_he_stands():
    f = setup((0.6, 0.3))
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert (a.fight, a.move) == ("Bob", None)


def test_a_long_way_off_he_walks_his_pace_and_no_blow():
    """Bob 20 yards off: Ann walks her Pace (6 yards: W5, her Nimbleness left out) at him,
    14 yards short: no blow on that card."""
    f = setup((20.0, 0.0))
    ann = f.fighters["Ann"]
    a = tactics.decide(f, 1, ann)
    assert a.fight is None
    assert f.pace_of(ann) == 6
    assert tuple(a.move) == (6.0, 0.0)


def test_no_walk_of_tactics_ends_on_or_goes_past_the_man(monkeypatch):
    """The fresh user's knife against two Colts, 30 seeds: every move tactics make that ends
    nearer an enemy than it began stops no nearer than a hair inside reach, and passes
    nobody (its nearest point to each enemy is its end, or it does not come near him)."""
    ld = loader.load_scenario(HERE / "fresh21" / "ww-twoguns.yaml")
    seen = []
    orig = WeirdWestFight.move

    def move(self, t, f, card, dest):
        a = f.pos
        moved = orig(self, t, f, card, dest)
        if moved and self.by_tactics:
            for g in self.enemies(f):
                before, after = math.dist(a, g.pos), math.dist(f.pos, g.pos)
                seen.append((before, after))
                if after < before:
                    assert after >= tactics.melee_yards() - 3 * tactics.GRID, (t, a, f.pos, g.pos)
                # the nearest point of the walk to him
                dx, dy = f.pos[0] - a[0], f.pos[1] - a[1]
                k = max(0.0, min(1.0, ((g.pos[0] - a[0]) * dx + (g.pos[1] - a[1]) * dy)
                                 / (dx * dx + dy * dy)))
                near = math.dist((a[0] + k * dx, a[1] + k * dy), g.pos)
                assert near >= min(after, tactics.melee_yards()) - 3 * tactics.GRID
        return moved

    monkeypatch.setattr(WeirdWestFight, "move", move)
    for seed in range(1, 31):
        run_fight(ld, seed)
    assert len(seen) >= 25      # Crowe walks at Sutter (unless shot down first)


def test_the_fresh_users_seed_3_strikes_on_the_card_of_the_walk():
    """ww-twoguns.yaml seed 3, round 2: Crowe walks at Sutter (8.25 yards) and strikes on the
    same card, stopping a hair inside reach; no move of his is told as backing off."""
    log = run_fight(loader.load_scenario(HERE / "fresh21" / "ww-twoguns.yaml"), 3)
    moves = [e for e in log.events if e.kind == "ww_moved" and e.character == "Eli Crowe"]
    assert moves and all(math.dist(e.end, (0.0, 0.0)) >= 0.97 for e in moves
                         if e.turn == 2)
    blows = [e for e in log.events if e.kind == "ww_fought" and e.turn == 2]
    assert [b.card for b in blows] == [moves[0].card]
