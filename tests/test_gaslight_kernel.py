"""The Gaslight odds kernel (issue 17): it agrees with the engine in distribution on both bundled
Gaslight scenarios, fought as declared and fought on by tactics, on generated ones and on one
that uses every rule the kernel covers (covering fire set off by a move, an appearance and a
shot, a watch broken by an attack, a fast-draw contest, Quick Draw from a holster, draws that
cost a move or the first shots, both barrels at once, a called shot, point-blank fire,
fanning, an unfamiliar gun, an old gun firing smokeless rounds, recoil checks taken and
taking 10, a muzzle loader's reload, Rapid Reload with a move, conditions that change in a
round); a rule broken on purpose in the kernel only is caught by the same comparison; what it
does not cover goes to the engine visibly; its results depend on the seed only."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.errors import NarratorError
from narrator.ruleset import get
from narrator.rulesets.gaslight import kernel
from narrator.scenario import load_scenario, load_scenario_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_kernel import (  # noqa: E402  (the Boot Hill kernel's test)
    agree, assert_agree, assert_chunks_independent, assert_deterministic, assert_nobody_down,
    comparisons)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"
runner = CliRunner()


def generated(sides: str, setting: str, seed: int, rounds: int = 10) -> str:
    """A generated Gaslight affray (``narrator generate --ruleset gaslight``)."""
    spec = [(s.split(":")[0], int(s.split(":")[1])) for s in sides.split()]
    return get("gaslight").generate(spec, setting, seed, rounds, "narrator generate")


# Every rule the kernel covers, in one affray: declared rounds, then the tactics profiles.
# Round 1: a watch on a man who moves (it opens the fight), one on a woman who appears, one
# on two men who shoot (set off by the sergeant's opening shot, which breaks his own watch);
# Quick Draw from a holster with a move (a failed roll costs the move), draws from a pocket,
# a shoulder holster and a lanyard (the first shots) and a sling (the move); both barrels of
# a coach gun at once, taking 10 on the recoil; a point-blank shot at a man 0.9 ft away;
# fanning an unfamiliar revolver. Round 2: a fast-draw contest, a called shot, a muzzle
# loader reloading (its move refused), the light and weather worse. Round 3: Rapid Reload
# with a move. Recoil checks for the light men with heavy guns, an old Bull Dog firing
# smokeless rounds.
RULES = """\
title: The Ratcliff Highway affair
ruleset: gaslight
seed: 4
max_turns: 8
conditions: {light: poor, weather: light_fog, crowd: -2}
map:
  doorway: {at: [10, 0], cover: 50}
  barrows: {at: [2, -3], cover: 50, concealment: 25}
  cart: {at: [6, 4], cover: 25}
  lamp: {at: [1, 3], concealment: 50}
sides:
  watch:
    - {name: Sergeant Hale, str: 13, dex: 14, con: 13, bab: 3, hp: 12, weight: 190,
       fighter: true, skills: {sharp_shooter: true}, at: barrows, tactics: lawman,
       weapons: [{type: webley_revolver, carried: ready}]}
    - {name: Inspector Vane, dex: 15, con: 12, bab: 2, hp: 10, fighter: true,
       skills: {quick_draw: 3, rapid_reload: true, sharp_shooter: true}, at: [0, 0],
       tactics: sniper, weapons: [{type: revolver, carried: holster, powder: smokeless}]}
    - {name: Constable Pike, str: 8, weight: 110, hp: 8, at: lamp, tactics: cautious,
       weapons: [{type: coach_gun, carried: ready}]}
    - {name: Old Tom, str: 9, weight: 130, hp: 7, at: [-2, -1], tactics: coward,
       weapons: [{type: musket, carried: ready}]}
  roughs:
    - {name: Jem Rudd, str: 14, dex: 13, con: 14, bab: 2, hp: 12, at: [12, 2],
       tactics: aggressive,
       weapons: [{type: bulldog_revolver, old: true, powder: smokeless, carried: pocket}]}
    - {name: Kitty Doyle, pronoun: she, str: 8, dex: 16, hp: 6, weight: 105,
       skills: {fanning: true, quick_draw: 1}, at: [5, 1], tactics: aggressive,
       weapons: [{type: single_action_revolver, familiar: false, carried: hidden_holster}]}
    - {name: Nobby Clegg, str: 15, hp: 10, weight: 200, at: [1, 3.3], tactics: aggressive,
       weapons: [{type: sawed_off, carried: scattergun_lanyard}]}
    - {name: Dan Quill, dex: 12, hp: 9, at: cart, tactics: cautious,
       weapons: [{type: lever_action_carbine, carried: sling}]}
turns:
  - intents:
      Sergeant Hale: {covers: {target: Jem Rudd, when: moves}}
      Inspector Vane: {shoot: Kitty Doyle, mode: snap, shots: 2, draw: quick, move: [0, -2]}
      Constable Pike: {shoot: Nobby Clegg, mode: aimed, both_barrels: true, take_10: true}
      Old Tom: {covers: {target: Kitty Doyle, when: appears}}
      Jem Rudd: {move: doorway, shoot: Inspector Vane, mode: snap}
      Kitty Doyle: {appears: true, shoot: Inspector Vane, mode: fanning}
      Nobby Clegg: {shoot: Constable Pike, mode: point_blank}
      Dan Quill: {covers: {target: [Sergeant Hale, Inspector Vane], when: shoots}}
  - fast_draw: [Inspector Vane, Kitty Doyle]
    conditions: {light: bad, weather: fog}
    intents:
      Inspector Vane: {shoot: Kitty Doyle, mode: snap, shots: 2}
      Kitty Doyle: {shoot: Inspector Vane, mode: snap, shots: 2}
      Sergeant Hale: {shoot: Jem Rudd, mode: aimed, called: chest}
      Old Tom: {reload: true, move: [-4, -1]}
  - intents:
      Inspector Vane: {reload: true, move: [0, -4]}
"""

SCENARIOS = {
    "fog-alley": (EXAMPLES / "fog-alley.yaml", {}),
    "railway-platform": (EXAMPLES / "railway-platform.yaml", {}),
    "fog-alley-fought-on": (EXAMPLES / "fog-alley.yaml",
                            {"tactics": "aggressive", "max_turns": 10}),
    "railway-platform-fought-on": (EXAMPLES / "railway-platform.yaml",
                                   {"tactics": "cautious", "max_turns": 10}),
    "generated-2v2": (generated("police:2 roughs:2", "street", 5), {}),
    "generated-3v3": (generated("police:3 roughs:3", "saloon", 7), {}),
    "every-rule": (RULES, {}),
}


def loaded(name: str):
    """Scenario ``name`` of ``SCENARIOS`` as odds fight it."""
    src, kw = SCENARIOS[name]
    ld = load_scenario(src) if isinstance(src, Path) else load_scenario_text(src)
    return batch.odds_scenario(ld, **kw)


@cache
def engine_odds(name: str, n: int, seed: int = 11):
    """The engine's odds of scenario ``name`` (kept: the tests of a broken rule compare the
    broken kernel with the same engine sample as the agreement test)."""
    e = batch.run_odds(loaded(name), n, seed, path="engine")
    assert e.path == "engine"
    return e


def kernel_odds(name: str, n: int, seed: int = 11):
    """The kernel's odds of scenario ``name`` (fought afresh: a test may have broken it)."""
    k = batch.run_odds(loaded(name), n, seed, path="kernel")
    assert k.path == "kernel"
    return k


@cache
def sound_kernel_odds(name: str, n: int, seed: int = 11):
    """The kernel's odds of scenario ``name`` as it is (kept, as ``engine_odds``)."""
    return kernel_odds(name, n, seed)


#: the scenarios of the default run (the fog alley fought on only in the slow set: the fog
#: alley as declared, and the railway platform fought on, cover its rounds already)
QUICK = [n for n in SCENARIOS if n != "fog-alley-fought-on"]
#: the default run's sizes: 400 engine and 4,000 kernel fights; the affray that uses every
#: rule 800 and 8,000, the samples the dropped-trigger test below needs (kept by
#: ``engine_odds`` and ``sound_kernel_odds``: fought once for both tests)
QUICK_SIZES = {"every-rule": (800, 8000)}


@pytest.mark.parametrize("name,engine_n,kernel_n", [
    *(pytest.param(n, *QUICK_SIZES.get(n, (400, 4000)), id=f"quick-{n}") for n in QUICK),
    *(pytest.param(n, 4000, 40000, id=f"full-{n}", marks=pytest.mark.slow) for n in SCENARIOS)])
def test_kernel_agrees_with_engine(name, engine_n, kernel_n):
    """Win shares, each man's outcome shares (chi-square) and the mean length in rounds
    (Welch's z) of the two samples: no p-value below ALPHA after Bonferroni."""
    e, k = engine_odds(name, engine_n), sound_kernel_odds(name, kernel_n)
    assert_agree(name, e, k, unit="round")
    assert k.tally.seconds == 6 * k.tally.turns   # a combat round is 6 seconds (G3)


def test_the_comparison_catches_a_dropped_impaling_multiplier(monkeypatch):
    """Drop the impaling multiplier (002 l.472-489: groin, abdomen, chest and head x1.5) in
    the kernel's lookup array only: the comparison that passes above finds it."""
    e = engine_odds("generated-2v2", 400)
    assert agree(comparisons(e, sound_kernel_odds("generated-2v2", 4000)))
    build = kernel._Tables.build

    def without_impaling(*a, **kw):
        tables = build(*a, **kw)
        tables.loc_mult_excess[:] = False
        return tables

    monkeypatch.setattr(kernel._Tables, "build", without_impaling)
    assert not agree(comparisons(e, kernel_odds("generated-2v2", 4000)))


def test_the_comparison_catches_dropped_cover(monkeypatch):
    """Drop the cover and concealment modifiers (002 l.89-96) in the kernel only, on the fog
    alley (the sergeant behind the barrows, the roughs in the doorway): the comparison finds
    the kernel wrong."""
    e = engine_odds("fog-alley", 400)
    assert agree(comparisons(e, sound_kernel_odds("fog-alley", 4000)))
    build = kernel._Tables.build

    def without_cover(*a, **kw):
        tables = build(*a, **kw)
        tables.cover[:] = 0
        tables.concealment[:] = 0
        return tables

    monkeypatch.setattr(kernel._Tables, "build", without_cover)
    assert not agree(comparisons(e, kernel_odds("fog-alley", 4000)))


def test_the_comparison_catches_a_dropped_shoots_trigger(monkeypatch):
    """Drop the "shoots" trigger of covering fire (002 l.69: a shot sets the watch off at
    once) in the kernel only: in the affray that uses every rule, the carbine watching the
    sergeant and the inspector and the lawman's watch of round 1 never fire, and the
    comparison finds it. (800 and 8,000 fights since GN26: Rudd's and Clegg's shots from
    within 6 feet of the sergeant and the constable no longer take their cover, and at 400
    and 4,000 the dropped trigger left Hale's outcomes at p = 0.0002, short of ALPHA after
    Bonferroni; at 800 and 8,000, 4e-5.)"""
    engine_n, kernel_n = QUICK_SIZES["every-rule"]   # (the agreement test's samples)
    e = engine_odds("every-rule", engine_n)
    assert agree(comparisons(e, sound_kernel_odds("every-rule", kernel_n)))
    monkeypatch.setattr(kernel._Kernel, "owed", lambda self, fi, j: [])
    assert not agree(comparisons(e, kernel_odds("every-rule", kernel_n)))


def test_kernel_reads_the_ruleset_tables(monkeypatch):
    """A change to the rules reaches the kernel: when no Health puts a man down
    (``rules.condition``), nobody is dead or passed out and no side wins."""
    from narrator.rulesets.gaslight import rules
    monkeypatch.setattr(rules, "condition", lambda health, con: "up")
    assert_nobody_down(batch.odds_scenario(load_scenario_text(
        generated("police:2 roughs:2", "street", 3))))


def test_kernel_is_deterministic_and_ignores_workers():
    assert_deterministic(batch.odds_scenario(load_scenario(EXAMPLES / "fog-alley.yaml"),
                                             tactics="aggressive", max_turns=6))


def test_chunks_give_the_same_fights_whatever_came_before_them(monkeypatch):
    """A chunk's fights depend on its seed alone, not on what the process's caches and intent
    registry met in the chunks it fought before."""
    assert_chunks_independent(monkeypatch, kernel, loaded("generated-3v3"), 300, 1200)


ON_HORSEBACK = """\
title: The Hampstead road
ruleset: gaslight
seed: 2
max_turns: 3
sides:
  gentlemen:
    - name: Captain Ashby
      weapons: [{type: webley_revolver, carried: ready}]
      at: [0, 0]
      aboard: {on: horse}
      tactics: aggressive
  footpads:
    - name: Nobby Skelton
      weapons: [{type: revolver, carried: ready}]
      at: [10, 0]
      tactics: aggressive
"""


def test_uncovered_scenarios_go_to_the_engine_visibly(tmp_path):
    """A man on horseback (GN22), two guns, a blade: odds are fought by the engine, and the
    ``path:`` line says why; ``--path kernel`` refuses."""
    ld = batch.odds_scenario(load_scenario_text(ON_HORSEBACK))
    assert kernel.not_covered(ld.scenario) == ["a conveyance"]
    o = batch.run_odds(ld, 6, 1)
    assert o.path == "engine (kernel does not cover: a conveyance)"
    assert o.tally == batch.run_odds(ld, 6, 1, path="engine").tally
    with pytest.raises(NarratorError, match="does not cover this scenario: a conveyance"):
        batch.run_odds(ld, 6, 1, path="kernel")
    scen = tmp_path / "horse.yaml"
    scen.write_text(ON_HORSEBACK)
    r = runner.invoke(app, ["odds", str(scen), "-n", "4", "-j", "1"])
    assert r.exit_code == 0, r.output
    assert "path: engine (kernel does not cover: a conveyance)" in r.output
    r = runner.invoke(app, ["odds", str(EXAMPLES / "fog-alley.yaml"), "-n", "40", "-j", "1"])
    assert r.exit_code == 0, r.output
    assert "path: kernel" in r.output
    sc = load_scenario_text(RULES).scenario
    sc.turns[0].intents["Inspector Vane"].off_hand = {"shoot": "Kitty Doyle"}
    sc.turns[0].intents["Jem Rudd"].strike = "Inspector Vane"
    assert kernel.not_covered(sc) == ["two guns", "a blade"]


def test_initiative_orders_by_total_then_dex_and_leaves_out_the_down():
    """G3: d10 + DEX modifier (+1 for a man covering, 002 l.69), highest first; a man down
    takes no part; every man up comes first in some fights."""
    ld = batch.odds_scenario(load_scenario_text(RULES))
    ctx = kernel.KernelContext(ld.scenario)
    k = kernel._Kernel(ctx, 4000, np.random.default_rng(1))
    k.cond[:, ctx.index["Old Tom"]] = kernel.DEAD
    order = k.initiative(np.arange(4000))
    assert (order[:, -1] == -1).all() and (order[:, :-1] >= 0).all()
    assert not (order == ctx.index["Old Tom"]).any()
    firsts = np.bincount(order[:, 0], minlength=ctx.n)
    assert (np.delete(firsts, ctx.index["Old Tom"]) > 0).all()
    # Kitty Doyle (DEX 16, +3) comes first more often than Constable Pike (DEX 10, +0)
    assert firsts[ctx.index["Kitty Doyle"]] > 2 * firsts[ctx.index["Constable Pike"]]


def test_damage_is_taken_as_apply_damage_takes_it():
    """G10: the kernel's damage on arrays is ``rules.apply_damage`` and ``rules.condition``
    for every hit points, Health, amount and critical (or point-blank) hit."""
    from narrator.rulesets.gaslight import rules
    ld = batch.odds_scenario(load_scenario_text(generated("police:1 roughs:1", "street", 3)))
    ctx = kernel.KernelContext(ld.scenario)
    con = int(ctx.health0[0])
    grid = [(hp, h, a, c) for hp in range(-2, 8) for h in range(1, con + 1)
            for a in range(0, 25) for c in (False, True)]
    k = kernel._Kernel(ctx, len(grid), np.random.default_rng(0))
    k.hp[:, 0] = [g[0] for g in grid]
    k.health[:, 0] = [g[1] for g in grid]
    k.hurt(np.arange(len(grid)), np.zeros(len(grid), dtype=np.int64),
           np.array([g[2] for g in grid]), np.array([g[3] for g in grid]))
    for i, (hp, h, a, c) in enumerate(grid):
        want = rules.apply_damage(hp, h, a, c)
        assert (k.hp[i, 0], k.health[i, 0]) == want, (hp, h, a, c)
        assert kernel.CONDITIONS[k.cond[i, 0]] == rules.condition(want[1], con)
