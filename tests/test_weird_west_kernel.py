"""The Weird West odds kernel (issue 17): it agrees with the engine in distribution on the
bundled stagecoach fight (its declared first round, then tactics), on generated skirmishes and
on one that uses every rule the kernel covers (house rules, dim light, quick draws, two guns,
fanning at a crowd, a called shot, aiming, shotguns by range, a cover of a man's own and a
landmark's, a prone man without a leg who aims at limbs and holds his cards, Size and Wind
given, a man who never vamooses, fate chips of every colour, a coward who gives up); a rule
broken on purpose in the kernel only is caught by the same comparison; what it does not
cover goes to the engine visibly; its results depend on the seed only."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from narrator import batch
from narrator.ruleset import get
from narrator.rulesets.weird_west import kernel
from narrator.scenario import load_scenario, load_scenario_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_kernel import (  # noqa: E402  (the Boot Hill kernel's test)
    ALPHA, agree, assert_agree, assert_chunks_independent, assert_deterministic, comparisons,
    uncovered_goes_to_the_engine,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"


def generated(sides: str, setting: str, seed: int) -> str:
    """A generated Weird West skirmish (``narrator generate --ruleset weird-west``), 12
    rounds."""
    spec = [(s.split(":")[0], int(s.split(":")[1])) for s in sides.split()]
    return get("weird-west").generate(spec, setting, seed, 12, "narrator generate")


# Every rule the kernel covers, in one fight: house rules (aiming at most +4, a Colt Army's
# range), dim light, a gunslinger with two holstered Peacemakers (quick draws, two guns, a
# called shot at the noggin), a fan at two men, a shotgun by range and a cover of a man's own
# (Size 7, Wind 20), a prone rifleman without a left leg behind the wagon who aims at limbs,
# aims, shoots, stands and reloads as declared and then holds his cards (no tactics), a
# rifleman behind the rocks who never vamooses, a coward with one round who reloads, moves
# and gives up; fate chips of every colour.
SHOWDOWN = """\
title: Showdown at Hangman's Wash
ruleset: weird-west
seed: 3
light: dim
max_turns: 8
house_rules:
  aiming: {max: 4}
  weapons: {colt_army: {range: 12}}
map:
  wagon: {at: [0, 6], name: the wagon, cover: {material: plank, covers: [legs, lower_guts, gizzards]}}
  rocks: {at: [18, 4], name: the rocks, cover: {material: stone, covers: [legs, lower_guts, gizzards, upper_guts, arms]}}
sides:
  Regulators:
    - name: Lucinda Marsh
      short: Lucky
      pronoun: she
      traits: {deftness: 4d10, nimbleness: 3d10, quickness: 4d10, vigor: 2d8, spirit: 3d8}
      aptitudes: {shootin: {pistol: 4}, dodge: 3, quick_draw: 3}
      chips: {white: 1, red: 1, blue: 1}
      weapons:
        - {type: colt_peacemaker, holstered: true}
        - {type: colt_peacemaker, name: her left-hand Peacemaker, holstered: true}
      at: [2, 0]
      tactics: gunslinger
    - name: Tom Riggs
      short: Tom
      traits: {deftness: 3d8, nimbleness: 2d8, quickness: 2d8, vigor: 3d8}
      aptitudes: {shootin: {shotgun: 3}, dodge: 1}
      size: 7
      wind: 20
      weapons: [{type: double_barrel_shotgun}, {type: colt_army, holstered: true}]
      at: [0, 4]
      cover: {material: wood, covers: [legs, lower_guts]}
      tactics: aggressive
    - name: Old Amos
      traits: {deftness: 2d8, quickness: 2d6}
      aptitudes: {shootin: {rifle: 2}}
      weapons: [{type: winchester_73, loaded: 3}]
      missing: [left_leg]
      aim: limbs
      prone: true
      at: [-2, 6]
  Raiders:
    - name: Dutch Ketchum
      short: Dutch
      traits: {deftness: 3d10, nimbleness: 3d8, quickness: 4d8, vigor: 2d8}
      aptitudes: {shootin: {pistol: 3}, dodge: 2, quick_draw: 2}
      chips: {white: 2, red: 1}
      weapons: [{type: colt_peacemaker}, {type: colt_lightning}]
      at: [12, 2]
      tactics: aggressive
    - name: Cole Vickers
      short: Cole
      traits: {deftness: 3d8, nimbleness: 2d8, quickness: 2d8, vigor: 2d8}
      aptitudes: {shootin: {rifle: 3}, dodge: 1}
      vamoose: false
      weapons: [{type: winchester_76}]
      at: rocks
      tactics: cautious
    - name: Billy Two Hats
      short: Billy
      traits: {deftness: 2d8, nimbleness: 3d6, quickness: 3d6, vigor: 2d6}
      aptitudes: {shootin: {pistol: 2}}
      weapons: [{type: colt_lightning, loaded: 1}]
      at: [13, 3]
      tactics: coward
turns:
  - intents:
      Dutch: [{fan: [Lucky, Tom], shots: 4}, {aim: Lucky}]
      Lucky: [{shoot: Dutch, quick_draw: true}, {shoot: Dutch, called: noggin}]
      Old Amos: [{aim: Billy}, {shoot: Billy}]
      Billy: [{reload: true}, {move: [16, 3], shoot: Tom}]
  - intents:
      Tom: [{move: [4, 4], shoot: Dutch, shots: 2}, {draw: colt_army}]
      Lucky: [{shoot: Dutch, two_guns: true, shots: 1}]
      Old Amos: [{stand: true}, {reload: true}]
"""

SCENARIOS = {
    "stagecoach": (EXAMPLES / "stagecoach.yaml", {}),
    "generated-2v2-street": (generated("posse:2 gang:2", "street", 5), {}),
    "showdown": (SHOWDOWN, {}),
}
SLOW_SCENARIOS = {
    "stagecoach-fought-on": (EXAMPLES / "stagecoach.yaml", {"max_turns": 14}),
    "generated-3v3-canyon": (generated("posse:3 gang:3", "canyon", 7), {}),
    "generated-3v2-corral": (generated("posse:3 gang:2", "corral", 3), {}),
    "generated-4v4-saloon": (generated("posse:4 gang:4", "saloon", 2), {}),
}
_ENGINE: dict[tuple, batch.Odds] = {}


def loaded(src, **kw):
    ld = load_scenario(src) if isinstance(src, Path) else load_scenario_text(src)
    return batch.odds_scenario(ld, **kw)


def engine_odds(name: str, n: int, seed: int = 11) -> batch.Odds:
    """The engine's odds of a scenario of ``SCENARIOS`` (kept: the mutant tests compare the
    same engine sample)."""
    key = (name, n, seed)
    if key not in _ENGINE:
        src, kw = {**SCENARIOS, **SLOW_SCENARIOS}[name]
        _ENGINE[key] = batch.run_odds(loaded(src, **kw), n, seed, path="engine")
        assert _ENGINE[key].path == "engine"
    return _ENGINE[key]


def kernel_odds(name: str, n: int, seed: int = 11) -> batch.Odds:
    src, kw = {**SCENARIOS, **SLOW_SCENARIOS}[name]
    k = batch.run_odds(loaded(src, **kw), n, seed, path="kernel")
    assert k.path == "kernel"
    return k


def check(name: str, engine_n: int, kernel_n: int) -> None:
    e, k = engine_odds(name, engine_n), kernel_odds(name, kernel_n)
    assert_agree(name, e, k, unit="round")
    assert k.tally.seconds == 5 * k.tally.turns          # a round is 5 seconds


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_kernel_agrees_with_engine(name):
    """Win shares, each man's outcome shares (chi-square) and the mean length in rounds
    (Welch's z) of the two samples (400 fights by the engine, 4,000 by the kernel): no
    p-value below ALPHA after Bonferroni."""
    check(name, 400, 4000)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SLOW_SCENARIOS))
def test_kernel_agrees_with_engine_on_longer_and_bigger_fights(name):
    """As above on the stagecoach fought on for 14 rounds and generated fights of five to
    eight men, with 800 fights by the engine and 8,000 by the kernel."""
    check(name, 800, 8000)


def mutant(monkeypatch, breaks) -> None:
    """Break a rule in the kernel's lookup arrays only (``breaks(ctx)`` after they are
    built)."""
    build = kernel.KernelContext.tables

    def broken(self):
        build(self)
        breaks(self)

    monkeypatch.setattr(kernel.KernelContext, "tables", broken)


@pytest.mark.parametrize("rule,breaks,who", [
    # 004 l.184-199, W11: nobody vamooses
    ("vamoose", lambda ctx: ctx.vamooses.fill(False), "Billy Two Hats"),
    # W16: no fate chip is ever spent
    ("fate chips", lambda ctx: ctx.chip.fill(-1), "Dutch Ketchum"),
    # 004 l.125: cover never deflects a hit (the damage dice still lowered by its Armor)
    ("deflection", lambda ctx: ctx.deflect.fill(False), "Shotgun Sam Pike"),
])
def test_the_comparison_catches_a_dropped_rule(monkeypatch, rule, breaks, who):
    """Drop one rule in the kernel only: the comparison that passes on the stagecoach fight
    above (``test_kernel_agrees_with_engine[stagecoach]``, the same engine sample) finds the
    kernel wrong, in the man the rule matters most to."""
    e = engine_odds("stagecoach", 400)
    mutant(monkeypatch, breaks)
    p = comparisons(e, kernel_odds("stagecoach", 2000))
    assert not agree(p), rule
    assert p[f"outcomes of {who}"] * len(p) < ALPHA, (rule, p)


def test_kernel_reads_the_ruleset_tables(monkeypatch):
    """A change to the rules reaches the kernel: when no damage makes a wound
    (``rules.wounds_from``), nobody is ever wounded, maimed or dead (a hit still costs a
    Wind die, W8, and may wind a man)."""
    from narrator.rulesets.weird_west import rules
    monkeypatch.setattr(rules, "wounds_from", lambda damage, size=6: 0)
    k = batch.run_odds(loaded(generated("posse:2 gang:2", "street", 3)), 500, 1, path="kernel")
    # a man who gave up or fled is counted so (not by his wounds) since the odds have the columns
    assert all(set(d) <= {"winded", "unhurt", "surrendered", "fled"}
               for d in k.tally.outcomes.values())
    assert any("winded" in d for d in k.tally.outcomes.values())


def test_kernel_is_deterministic_and_ignores_workers():
    assert_deterministic(loaded(EXAMPLES / "stagecoach.yaml", max_turns=3))


def test_chunks_give_the_same_fights_whatever_came_before_them(monkeypatch):
    """A chunk's fights depend on its seed alone, not on the decisions the process's cache
    kept from the chunks it fought before."""
    assert_chunks_independent(monkeypatch, kernel, loaded(EXAMPLES / "stagecoach.yaml",
                                                          max_turns=3), 150, 600)


def test_uncovered_scenarios_go_to_the_engine_visibly(tmp_path):
    """The walking dead (the graveyard example, whose dead have claws and no gun) go to the
    engine, and the ``path:`` line says why; the stagecoach goes to the kernel."""
    ld = loaded(EXAMPLES / "graveyard.yaml")
    why = "the walking dead, a man with no gun"
    assert kernel.not_covered(ld.scenario) == why.split(", ")
    uncovered_goes_to_the_engine(tmp_path, (EXAMPLES / "graveyard.yaml").read_text(), why, 4,
                                 "stagecoach.yaml")


def test_a_fightin_attack_met_mid_fight_sends_the_odds_to_the_engine():
    """A living man on the walking dead's tactics walks up to his enemy and fights him hand
    to hand, which the kernel meets only in the middle of the fight: the whole run goes to
    the engine, and says why."""
    text = generated("posse:1 gang:1", "street", 4).replace("tactics: coward",
                                                            "tactics: undead")
    text = text.replace("tactics: aggressive", "tactics: undead").replace(
        "tactics: cautious", "tactics: undead")
    ld = loaded(text)
    assert kernel.not_covered(ld.scenario) == []
    o = batch.run_odds(ld, 40, 1)
    assert o.path == "engine (kernel does not cover: a fightin' attack)"
    assert o.tally == batch.run_odds(ld, 40, 1, path="engine").tally


def test_every_card_is_in_one_place_after_every_round(monkeypatch):
    """W3, WN11 (as the engine, tests/test_weird_west_engine.py): two men with no orders and
    no tactics hold every card for 40 rounds; after every round each of the 54 cards is in
    exactly one place (the pile, the discards, held, up a sleeve) in every fight."""
    men = {"a": [{"name": "Ann", "at": [0, 0], "traits": {"quickness": "3d10"}}],
           "b": [{"name": "Bob", "at": [30, 0], "traits": {"quickness": "3d10"}}]}
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "sides": men,
          "turns": [{"intents": {}}], "dice_fallback": "seeded", "max_turns": 40}
    ld = loaded(json.dumps(sc))
    seen = []
    end_round = kernel._Kernel.end_round

    def watched(self, live, black):
        end_round(self, live, black)
        count = self.pile[live] + self.disc[live]   # (hands and held are empty now)
        for j in range(self.ctx.n):
            s = self.sleeve[live, j]
            count[np.flatnonzero(s >= 0), s[s >= 0]] += 1
        seen.append(count)

    monkeypatch.setattr(kernel._Kernel, "end_round", watched)
    k = kernel.run_kernel(kernel.KernelContext(ld.scenario), 200, 3, 0, batch.Tally)
    assert k.trials == 200 and len(seen) == 40
    assert all((count == 1).all() for count in seen)
