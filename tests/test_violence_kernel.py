"""The Violence odds kernel (issue 17): it agrees with the engine in distribution on every
bundled Violence scenario, fought as declared and fought on by tactics, on a generated one and
on one that uses every rule the kernel covers (GM range-band rulings, counted spare rounds,
the quick reload tag, groups rolling initiative each, sniping with a tag, suppression of a
hidden and an obscured man, melee with weapons, subdue and kill); a rule broken on purpose in
the kernel only is caught by the same comparison; what it does not cover goes to the engine
visibly; its results depend on the seed only."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from narrator import batch
from narrator.ruleset import get
from narrator.rulesets.violence import kernel
from narrator.scenario import load_scenario, load_scenario_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_kernel import (  # noqa: E402  (the Boot Hill kernel's test)
    ALPHA, agree, assert_agree, assert_chunks_independent, assert_deterministic,
    assert_nobody_down, comparisons, uncovered_goes_to_the_engine)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"


def generated(sides: str, setting: str, seed: int) -> str:
    """A generated Violence skirmish (``narrator generate --ruleset violence``), 12 rounds."""
    spec = [(s.split(":")[0], int(s.split(":")[1])) for s in sides.split()]
    return get("violence").generate(spec, setting, seed, 12, "narrator generate")


# Every rule the kernel covers, in one feud fought on by the tactics profiles: rulings fixing
# a band (for the whole fight, and for round 2 only), counted spare rounds, the quick reload
# tag, tags on shooting, sniping and melee, a group that rolls initiative each and one that
# rolls together, morale with both routs, surprise, a hidden sniper, an obscured man behind
# cover, two men suppressing, a melee with a club announced to subdue against an axe.
FEUD = """\
title: The feud at Hollis Creek
ruleset: violence
seed: 4
max_turns: 8
bands: {close: 8, medium: 40}
map:
  wagon: {at: [0, 10], cover: true}
  rocks: {at: [30, 0], cover: true}
  ford: {at: [15, 5]}
groups:
  hollis: {morale: 6, leader: Abe Hollis, rout: surrender, initiative: each}
  tate: {morale: 5, leader: Cy Tate}
sides:
  Hollis:
    - name: Abe Hollis
      group: hollis
      tactics: lawman
      weapons: [{type: revolver, spare: 6}]
      at: [0, 0]
    - name: Bo Hollis
      group: hollis
      tactics: aggressive
      weapons: [{type: revolver, name: Schofield, quick_reload: true, spare: 9}, {type: axe}]
      tags: [{name: Mean drunk, applies_to: [melee, shooting]}]
      fights_to: kill
      at: [4, 2]
    - name: Cal Hollis
      group: hollis
      tactics: coward
      weapons: [{type: coach_gun, spare: 4}]
      at: [0, 10]
      cover: wagon
      obscured: true
  Tate:
    - name: Cy Tate
      group: tate
      tactics: cautious
      weapons: [{type: lever_action_rifle, spare: 10}]
      at: [30, 0]
      cover: rocks
    - name: Dell Tate
      group: tate
      tactics: sniper
      weapons:
        - {type: single_shot_rifle, spare: 5, tags: [{name: Scope, applies_to: [sniping]}]}
        - {type: knife}
      at: [60, 30]
      hidden: true
    - name: Eli Tate
      group: tate
      tactics: aggressive
      weapons: [{type: revolver}, {type: club}]
      at: [12, 4]
rulings:
  - range_band: {between: [Dell Tate, Hollis], band: long}
    why: across the creek bottom
  - turn: 2
    range_band: {between: [Cy Tate, Bo Hollis], band: close}
turns:
  - surprise: Tate
    intents:
      Dell Tate: {snipe: Abe Hollis}
      Cy Tate: {suppress: [Abe Hollis, Bo Hollis], shots: 2}
      Eli Tate: {suppress: Hollis, shots: 2}
  - intents:
      Bo Hollis: {move: ford, shoot: Tate, shots: 8}
      Eli Tate: {melee: Bo Hollis, to: subdue, weapon: club}
"""

SCENARIOS = {
    "bank-robbery": (EXAMPLES / "bank-robbery.yaml", {}),
    "barroom-brawl": (EXAMPLES / "barroom-brawl.yaml", {}),
    "bank-robbery-fought-on": (EXAMPLES / "bank-robbery.yaml",
                               {"tactics": "cautious", "max_turns": 10}),
    "barroom-brawl-fought-on": (EXAMPLES / "barroom-brawl.yaml",
                                {"tactics": "aggressive", "max_turns": 8}),
    "generated-3v3": (generated("posse:3 gang:3", "street", 5), {}),
    "feud": (FEUD, {}),
}


def both(src, engine_n: int, kernel_n: int, seed: int = 11, **kw):
    """The odds of ``src`` by the engine and by the kernel (each path as asked)."""
    ld = load_scenario(src) if isinstance(src, Path) else load_scenario_text(src)
    ld = batch.odds_scenario(ld, **kw)
    e = batch.run_odds(ld, engine_n, seed, path="engine")
    k = batch.run_odds(ld, kernel_n, seed, path="kernel")
    assert e.path == "engine" and k.path == "kernel"
    return e, k


@pytest.mark.parametrize("name", list(SCENARIOS))
@pytest.mark.parametrize("engine_n,kernel_n", [
    pytest.param(400, 4000, id="quick"),
    pytest.param(4000, 40000, id="full", marks=pytest.mark.slow)])
def test_kernel_agrees_with_engine(name, engine_n, kernel_n):
    """Win shares, each man's outcome shares (chi-square) and the mean length in rounds
    (Welch's z) of the two samples: no p-value below ALPHA after Bonferroni."""
    src, kw = SCENARIOS[name]
    e, k = both(src, engine_n, kernel_n, **kw)
    assert_agree(name, e, k, unit="round")
    assert k.tally.seconds == 0


def test_the_comparison_catches_a_dropped_subdue(monkeypatch):
    """Drop the subdue rule (003 l.38: Down by a foe who announced "subdue" leaves a man
    subdued, not Down) in the kernel only: the comparison that passes above finds it."""
    e, k = both(EXAMPLES / "barroom-brawl.yaml", 400, 4000)
    assert agree(comparisons(e, k))
    monkeypatch.setattr(kernel, "SUBDUED", kernel.DOWN)
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "barroom-brawl.yaml"))
    broken = batch.run_odds(ld, 4000, 11, path="kernel")
    p = comparisons(e, broken)
    assert not agree(p)
    assert p['outcomes of "Curly" Bill Tate'] < ALPHA


def test_the_comparison_catches_a_dropped_advantage(monkeypatch):
    """Drop advantage (003 l.15: two d20s, the higher kept, at a target neither in cover nor
    moving) in the kernel's lookup array only: the comparison finds the kernel wrong."""
    src = generated("posse:3 gang:3", "street", 5)
    e, k = both(src, 400, 4000)
    assert agree(comparisons(e, k))
    build = kernel._Tables.build

    def without_advantage(*a, **kw):
        tables = build(*a, **kw)
        tables.advantage[:] = False
        return tables

    monkeypatch.setattr(kernel._Tables, "build", without_advantage)
    broken = batch.run_odds(batch.odds_scenario(load_scenario_text(src)), 4000, 11,
                            path="kernel")
    assert not agree(comparisons(e, broken))


def test_kernel_reads_the_ruleset_tables(monkeypatch):
    """A change to the rules reaches the kernel: when no injury roll puts a man Down
    (``rules.injury_result``), nobody is ever Down, dead or critically injured."""
    from narrator.rulesets.violence import rules
    monkeypatch.setattr(rules, "injury_result", lambda total: "injured")
    assert_nobody_down(batch.odds_scenario(load_scenario_text(
        generated("posse:2 gang:2", "street", 3))))


def test_kernel_is_deterministic_and_ignores_workers():
    assert_deterministic(batch.odds_scenario(load_scenario(EXAMPLES / "bank-robbery.yaml"),
                                             tactics="aggressive", max_turns=6))


def crowd(men: int) -> str:
    """``men`` revolvers a side, 20 yards apart, one round."""
    lines = ["title: A crowd at the depot", "ruleset: violence", "seed: 2", "max_turns: 1",
             "sides:"]
    for side, x in (("A", 0), ("B", 20)):
        lines.append(f"  {side}:")
        for k in range(men):
            lines += [f"    - name: {side} man {k + 1}", "      weapons: [{type: revolver}]",
                      f"      at: [{x}, {k}]", "      tactics: aggressive"]
    return "\n".join(lines) + "\n"


def test_uncovered_scenarios_go_to_the_engine_visibly(tmp_path):
    """More men than the kernel keeps in its bit masks: odds are fought by the engine, and
    the ``path:`` line says why; ``--path kernel`` refuses."""
    assert kernel.not_covered(batch.odds_scenario(load_scenario_text(crowd(32))).scenario) == [
        "more than 62 characters"]
    assert kernel.not_covered(batch.odds_scenario(load_scenario_text(crowd(31))).scenario) == []
    uncovered_goes_to_the_engine(tmp_path, crowd(32), "more than 62 characters", 4,
                                 "barroom-brawl.yaml")


def test_something_met_mid_fight_sends_the_odds_to_the_engine(monkeypatch):
    """What the kernel does not cover met only in some fight's round 3 (a decision that
    raises ``Uncovered``, say): the whole run goes to the engine, and says why."""
    decide = kernel._Kernel.decide

    def meets(self, t, i):
        if t == 3:
            raise kernel.Uncovered("a gunsmithing roll")
        return decide(self, t, i)

    monkeypatch.setattr(kernel._Kernel, "decide", meets)
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "barroom-brawl.yaml"),
                             tactics="aggressive", max_turns=8)
    o = batch.run_odds(ld, 100, 1)
    assert o.path == "engine (kernel does not cover: a gunsmithing roll)"
    assert o.tally == batch.run_odds(ld, 100, 1, path="engine").tally


def test_a_man_with_more_injuries_than_the_tables_hold_grows_them(monkeypatch):
    """The injury and after-fight tables start with ``MAX_INJURIES`` rows and grow when a man
    has more (before, the whole run went to the engine). Started at 1 here, they grow in
    the brawl's fights, which stay in the kernel and end exactly as with the 60 rows."""
    seam = get("violence").kernel()
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "barroom-brawl.yaml"),
                             tactics="aggressive", max_turns=8)
    ctx = seam.context(ld, False)
    whole = seam.run(ctx, 2000, 1, 0, batch.Tally)
    assert len(ctx.t.af_mod) == kernel.MAX_INJURIES + 1 == 61
    monkeypatch.setattr(kernel, "MAX_INJURIES", 1)
    small = seam.context(ld, False)
    assert len(small.t.af_mod) == 2
    assert seam.run(small, 2000, 1, 0, batch.Tally) == whole
    assert len(small.t.af_mod) > 2
    assert (small.t.inj_mod == ctx.t.inj_mod[:len(small.t.inj_mod)]).all()
    assert batch.run_odds(ld, 100, 1).path == "kernel"


def test_initiative_puts_the_surprising_side_first_and_keeps_a_group_together():
    """003 l.5-9: the side with surprise acts first in scenario order; a group that rolls
    together acts one man after the other; every order of the units comes up."""
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "bank-robbery.yaml"))
    ctx = kernel.KernelContext(ld.scenario)
    k = kernel._Kernel(ctx, 3000, np.random.default_rng(1))
    k.surprise = ctx.sides.index("Sweetwater men")
    order = k.initiative(np.arange(3000))
    town = [j for j in range(ctx.n) if ctx.side_idx[j] == k.surprise]
    assert (order[:, :len(town)] == town).all()
    gang = order[:, len(town):]
    assert (gang == [ctx.index[n] for n in ("Jack Cutler", "Lem Cutler", '"Dutch" Henry Vogel',
                                            "Pete Ramsey")]).all()   # one unit: the gang
    k.surprise = -1
    order = k.initiative(np.arange(3000))
    firsts = np.bincount(order[:, 0], minlength=ctx.n)
    # units: the gang (its first man), Ezra, the marshal, the townsmen (Sam first): 1 in 4 each
    for name in ("Jack Cutler", "Ezra Pruitt", "Marshal Tom Haskell", "Sam Isham"):
        assert 650 < firsts[ctx.index[name]] < 850, (name, firsts)


def test_chunks_give_the_same_fights_whatever_came_before_them(monkeypatch):
    """A chunk's fights depend on its seed alone, not on what the process's caches and intent
    registry met in the chunks it fought before: four chunks of 300 in one process or spread
    over two give the same tally (the order in which a round's men and intents are fought
    follows the intents' content, never their registry ids)."""
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "bank-robbery.yaml"),
                             tactics="aggressive", max_turns=6)
    assert_chunks_independent(monkeypatch, kernel, ld, 300, 1200)
