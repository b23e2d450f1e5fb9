"""A kernel fight that comes to a state the kernel does not cover at the start of a turn (a
man with an empty gun and an enemy within reach comes to blows, errata B19) is handed over to
the engine, which fights it on from that state (``BootHillFight.fight_on``); the other fights
stay in the kernel, and ``odds`` says how many went on in the engine and why. The handed-over
fights agree with the engine's in distribution, and a state carried over wrong is caught by
the same comparison."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.dice import SeededDice
from narrator.rulesets.boothill import kernel
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.scenario import load_scenario_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from common import DUEL  # noqa: E402
from test_kernel import agree, comparisons, generated  # noqa: E402

# Two men with derringers (two rounds) a yard and a half apart, fought on by tactics: when
# both barrels are spent and the other man is within reach (2 yards), they come to blows,
# mostly in turn 2 or 3, wounded or not
DERRINGERS = DUEL.replace("{type: single_action_revolver}", "{type: derringer}").replace(
    "at: [5, 0]", "at: [1.5, 0]")
HANDED = "hand to hand"


def odds(src: str, n: int, seed: int = 11, path: str = "kernel") -> batch.Odds:
    return batch.run_odds(batch.odds_scenario(load_scenario_text(src)), n, seed, path=path)


def test_fights_that_come_to_blows_go_on_in_the_engine_and_agree_with_it():
    e = odds(DERRINGERS, 1500, path="engine")
    k = odds(DERRINGERS, 10000)
    handed = k.tally.handed[HANDED]
    assert 0.7 * 10000 < handed < 0.95 * 10000, k.tally.handed   # (8,495 at these seeds)
    assert k.path == (f"kernel; {handed:,} of the 10,000 fights went on in the engine from "
                      f"the turn they met hand to hand")
    p = comparisons(e, k)
    assert set(p) == {"wins", "outcomes of Luke Short", "outcomes of Jim Courtright",
                      "turns"}
    assert agree(p), p


def test_a_state_carried_over_wrong_is_caught(monkeypatch):
    # the same comparison fails when the engine is handed the fight without the wounds of
    # the turns the kernel fought (every man handed over unhurt)
    e = odds(DERRINGERS, 1500, path="engine")
    original = kernel._Kernel._set_fight

    def unhurt(self, fight, i, *rest):
        original(self, fight, i, *rest)
        for f in fight.fighters.values():
            f.wounds, f.wound_points = [], 0

    monkeypatch.setattr(kernel._Kernel, "_set_fight", unhurt)
    k = odds(DERRINGERS, 10000)
    assert k.tally.handed[HANDED] > 7000
    assert not agree(comparisons(e, k))


def test_a_generated_fight_that_sometimes_comes_to_blows():
    # two aggressive rustlers close in from extreme range (tactics._close_in) and a few of
    # the fights come to blows: only those go on in the engine (the whole batch did before)
    # (seed 8: 30 of 3,000; since a man no longer turns his shots on a target he could hit
    # only on a natural 1, ruling BN4, seeds 5-7 and 9-12 meet none)
    src = generated("posse:2 rustlers:2 drifters:1", 8)
    e = odds(src, 300, path="engine")
    k = odds(src, 3000)
    assert 0 < k.tally.handed[HANDED] < 300, k.tally.handed
    assert k.path.startswith("kernel; ") and k.path.endswith("they met hand to hand")
    assert agree(comparisons(e, k))


def test_hand_overs_are_deterministic_and_ignore_workers():
    one = odds(DERRINGERS, 3000, seed=5)
    ld = batch.odds_scenario(load_scenario_text(DERRINGERS))
    two = batch.run_odds(ld, 3000, 5, workers=2, path="kernel")
    assert one.tally == two.tally and one.tally.handed[HANDED] > 2000
    assert odds(DERRINGERS, 3000, seed=6).tally != one.tally


def test_odds_says_how_many_fights_went_on_in_the_engine(tmp_path):
    scen = tmp_path / "derringers.yaml"
    scen.write_text(DERRINGERS)
    r = CliRunner().invoke(app, ["odds", str(scen), "-n", "2000", "--seed", "3"])
    assert r.exit_code == 0, r.output
    line = next(x for x in r.output.splitlines() if x.startswith("path: "))
    assert line.startswith("path: kernel; 1,")   # (1,6xx of 2,000 at this seed)
    assert line.endswith("of the 2,000 fights went on in the engine from the turn they met "
                         "hand to hand")


@pytest.mark.parametrize("seed", range(40))
def test_fight_on_from_the_first_turn_is_the_fight(seed):
    # fought on from the start of turn 1 (no Tactics skill: nothing rolled before it), a
    # fight is the fight ``run`` fights: the same dice, the same ending and conditions
    ld = load_scenario_text(DERRINGERS)
    fights = []
    for go in ("run", "fight_on"):
        f = BootHillFight(ld.scenario, ld.side_of, SeededDice(seed), profile_of(ld.scenario),
                          seed, record=False)
        f.run() if go == "run" else f.fight_on(1)
        fights.append((f.ending, f.elapsed, f.shots_by, f.hits_by,
                       [(m.condition, m.wound_points, len(m.wounds))
                        for m in f.fighters.values()]))
    assert fights[0] == fights[1]
    assert fights[0][0][0] >= 1


def test_fight_on_is_for_lean_fights_only():
    ld = load_scenario_text(DERRINGERS)
    f = BootHillFight(ld.scenario, ld.side_of, SeededDice(1), profile_of(ld.scenario), 1)
    with pytest.raises(ValueError, match="record=False"):
        f.fight_on(1)
