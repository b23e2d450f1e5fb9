"""The lean path of odds (issue 17, item 1): the engine with its records off fights the same
fights as ``narrator run --seed i``: trial by trial, the same ending (turns, seconds,
winner, every character's fate, shots and hits) and the same number of dice, on every
bundled scenario and on generated ones; and ``odds --path engine`` sums exactly those."""

from __future__ import annotations

import pytest

from narrator import batch
from narrator.dice import SeededDice
from narrator import ruleset as registry
from narrator.engine import run_fight
from narrator.rulesets.boothill.generate import generate, to_yaml
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.scenario import load_scenario, load_scenario_text
from tests.conftest import EXAMPLES, sizes

EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


def _odds_variants(name: str) -> list:
    """The example as odds fight it: as declared, and fought on by tactics."""
    ld = load_scenario(EXAMPLES / name)
    out = [batch.odds_scenario(ld)]
    if ld.scenario.ruleset == "boothill":
        out.append(batch.odds_scenario(ld, tactics="aggressive", max_turns=12))
    return out


def _generated(sides, setting: str, seed: int):
    return batch.odds_scenario(load_scenario_text(to_yaml(generate(sides, setting, seed))))


def _same(ld, seeds, tables_only: bool = False) -> None:
    for s in seeds:
        full = run_fight(ld, s, dice_fallback="seeded", tables_only=tables_only)
        lean = batch.fight_summary(ld, s, tables_only=tables_only)
        assert lean == batch.summarize(full), (ld.scenario.title, s)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_bundled_scenario_fights_the_same_fights(name: str) -> None:
    """Every bundled scenario, as declared and (Boot Hill) fought on by tactics: 200 seeds
    each, so that the lean path meets states its decisions were kept for (every fight's first
    turn at least), and 10 more with the tables only (a profile of its own)."""
    for ld in _odds_variants(name):
        _same(ld, range(200 if ld.scenario.ruleset == "boothill" else 40))
        _same(ld, range(200, 210), tables_only=True)


@pytest.mark.parametrize("n", sizes(1000, 5000))
def test_generated_duel_trial_by_trial(n: int) -> None:
    _same(_generated([("posse", 1), ("rustlers", 1)], "street", 7), range(n))


def test_kept_decisions_are_the_ones_planned() -> None:
    """The lean path plans a state it met before from its memo (``_decision_key``): on a
    four-on-four, a duel and Luke Short fought on, the memo is used (every fight's first turn,
    and later ones), and each decision it gives back equals the one planned afresh from the
    same state, with the profiles' memory after it."""
    from narrator.rulesets.boothill import fight as engine
    found = []

    def check(self, t, hit):
        out = self._plan(t, self.sc.turns[t - 1].intents if t <= len(self.sc.turns) else {},
                         self.sc.turns[t - 1].kind if t <= len(self.sc.turns) else "auto")
        mem = engine.tactics.memory_of(self)
        kept_out, kept_made, kept_called, kept_kind, kept_targeted = hit
        assert out == kept_out and mem.plan_kind == kept_kind
        assert {n for k, n in self.tactic_made if k == t} == set(kept_made)
        assert mem.called == set(kept_called) and mem.targeted == dict(kept_targeted)
        found.append(t)
        return decided(self, t, hit)

    decided = engine.BootHillFight._decided
    engine.BootHillFight._decided = check
    try:
        for ld, n in ((_generated([("a", 4), ("b", 4)], "canyon", 14), 60),
                      (_generated([("posse", 1), ("rustlers", 1)], "street", 7), 300),
                      (batch.odds_scenario(load_scenario(EXAMPLES / "luke-short.yaml"),
                                           tactics="cautious", max_turns=10), 300)):
            found.clear()
            _same(ld, range(n))
            assert len(found) >= n // 2  # (kept decisions were used, and checked)
    finally:
        engine.BootHillFight._decided = decided


@pytest.mark.parametrize("n", sizes(8, 300))
def test_generated_skirmishes_trial_by_trial(n: int) -> None:
    for k, (sides, setting) in enumerate(((([("posse", 3), ("rustlers", 4)]), "corral"),
                                          (([("law", 2), ("gang", 2), ("drifters", 2)]),
                                           "saloon"),
                                          (([("a", 4), ("b", 4)]), "canyon"))):
        _same(_generated(sides, setting, 11 + k), range(n))


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in EXAMPLE_NAMES])
def test_every_bundled_scenario_thousands_of_seeds(name: str) -> None:
    for ld in _odds_variants(name):
        _same(ld, range(1000, 3000))


def test_records_off_rolls_the_same_dice_and_records_nothing() -> None:
    ld = _generated([("posse", 2), ("rustlers", 2)], "street", 3)
    for s in range(20):
        full = run_fight(ld, s, dice_fallback="seeded")
        dice = SeededDice(s)
        fight = BootHillFight(ld.scenario, ld.side_of, dice, profile_of(ld.scenario), s,
                              record=False)
        log = fight.run()
        assert log.events == () and log.rolls == ()
        assert dice.count == len(full.rolls)          # the same dice, none left out
        assert fight.ending == (full.events[-1].turns, full.events[-1].reason)


def test_lean_path_is_refused_where_it_would_differ() -> None:
    """Scripted dice (the lean dice are all seeded) and the Violence ruleset take the full
    engine; ``fight_summary`` still gives their summary."""
    luke = load_scenario(EXAMPLES / "luke-short.yaml")
    assert luke.script and registry.get("boothill").lean_ending(luke, 1, False) is None
    bank = batch.odds_scenario(load_scenario(EXAMPLES / "bank-robbery.yaml"))
    assert registry.get("violence").lean_ending(bank, 1, False) is None
    assert batch.fight_summary(bank, 5) == batch.summarize(run_fight(bank, 5,
                                                                     dice_fallback="seeded"))


def test_engine_odds_sum_the_fights_of_narrator_run() -> None:
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "luke-short.yaml"), tactics="aggressive",
                             max_turns=10)
    odds = batch.run_odds(ld, 120, 500, path="engine")
    expected = batch.Tally()
    for i in range(120):
        expected.add(batch.summarize(run_fight(ld, 500 + i, dice_fallback="seeded")))
    assert odds.tally == expected
    assert odds.path == "engine"


def test_seeded_dice_roll_the_streams_of_scripted_dice() -> None:
    """``SeededDice`` (one generator seeded again per stream, the stream before turn 1 seeded
    only when a die is rolled there) gives the numbers of ``ScriptedDice`` with no script:
    ``random.Random("<seed>:dice")`` before turn 1, ``"<seed>:dice:<turn>"`` after."""
    import random

    for seed in (0, 7, 123456789):
        lean = SeededDice(seed)
        before = random.Random(f"{seed}:dice")
        assert [lean.roll("A", "tactics", 20) for _ in range(5)] == \
            [int(before.random() * 20) + 1 for _ in range(5)]
        for turn in (1, 2, 17):
            lean.start_turn(turn)
            own = random.Random(f"{seed}:dice:{turn}")
            sides = (6, 20, 20, 6, 20, 20, 20)
            assert [lean.roll("A", "to_hit", n) for n in sides] == \
                [int(own.random() * n) + 1 for n in sides]
        assert lean.count == 5 + 3 * 7
    quiet = SeededDice(3)  # no die before turn 1: turn 1 is its own stream all the same
    quiet.start_turn(1)
    own = random.Random("3:dice:1")
    assert [quiet.roll("A", "to_hit", 20) for _ in range(4)] == \
        [int(own.random() * 20) + 1 for _ in range(4)]


def test_a_reload_of_one_round_in_three_turns_counts_in_thirds() -> None:
    """Table 14 "1/3" (one round every three combat turns) and "3": the reload's progress is
    kept exactly (the engine works it out in whole numbers): a cap-and-ball revolver gains a
    round on every third turn, its progress back to 0 when the round goes in; a single-action
    revolver takes 3 rounds a turn, never more than it holds."""
    from fractions import Fraction

    from narrator.dice import ScriptedDice
    from narrator.rulesets.boothill.state import make_weapon
    from narrator.rulesets.boothill.scenario import WeaponSpec

    ld = _generated([("posse", 1), ("rustlers", 1)], "street", 7)
    fight = BootHillFight(ld.scenario, ld.side_of, ScriptedDice({}, 1, "seeded"),
                          profile_of(ld.scenario), 1, record=False)
    f = next(iter(fight.fighters.values()))
    f.weapons = [make_weapon(WeaponSpec(type="cap_and_ball_revolver", loaded=4)),
                 make_weapon(WeaponSpec(type="single_action_revolver", loaded=1))]
    slow, fast = f.weapons
    assert slow.wt.reload == Fraction(1, 3) and fast.wt.reload == 3
    seen = []
    for t in range(1, 7):
        fight.reload(t, f, 0)
        seen.append((slow.loaded, slow.reload_progress))
    assert seen == [(4, Fraction(1, 3)), (4, Fraction(2, 3)), (5, 0),
                    (5, Fraction(1, 3)), (5, Fraction(2, 3)), (6, 0)]
    fight.reload(7, f, 1)
    assert (fast.loaded, fast.reload_progress) == (4, 0)
    fight.reload(8, f, 1)
    assert (fast.loaded, fast.reload_progress) == (6, 0)  # (3 a turn; 2 fit)


def test_tactics_intents_are_the_ones_model_construct_makes() -> None:
    """``tactics._intent`` copies a blank Intent with the decision's fields: equal to
    ``Intent.model_construct`` of the same fields, with the same fields set, and nothing
    shared between two intents (Intent has no mutable default)."""
    from narrator.rulesets.boothill import tactics
    from narrator.rulesets.boothill.scenario import Intent

    for kw in ({"shoot": "Bo", "shots": 2, "aim": "limbs", "sniping": True},
               {"shoot": "Cy", "shots": ["hip", "fanned"], "draw": "fast", "weapon": "rifle"},
               {"reload": True, "other": "calls on the Gang to surrender"},
               {"move": tactics._move(gait="running", to=(3.5, -2.0)), "pick_up": True}):
        made = tactics._intent(**kw)
        plain = Intent.model_construct(**kw)
        assert made == plain and made.model_fields_set == set(kw) == plain.model_fields_set
        assert made.model_dump() == plain.model_dump()
    assert all(not isinstance(f.default, (list, dict, set)) and f.default_factory is None
               for f in Intent.model_fields.values())


def test_estimates_kept_across_plannings_decide_as_fresh_ones() -> None:
    """The profiles' estimates kept from one planning to the next and across fights
    (``tactics._REACH``, ``_OPTIONS``, the ``Facts`` of an unchanged man) give the fights of
    estimates worked out afresh at every planning: the same events, seed by seed, on a
    four-on-four, a three-on-four in a corral, sixteen on sixteen and Luke Short fought on
    (shootout turns); and the kept ones are used."""
    from narrator.rulesets.boothill import tactics
    from tests.conftest import ROOT
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_kernel import many  # (the benchmark's sixteen on sixteen)

    begin = tactics.begin_planning

    def fresh(fight) -> None:
        for memo in (tactics._SIGS, tactics._REACH, tactics._OPTIONS):
            memo.clear()
        fight.__dict__.pop("_tactics_facts", None)
        begin(fight)

    cases = ((_generated([("a", 4), ("b", 4)], "canyon", 14), 40),
             (_generated([("posse", 3), ("rustlers", 4)], "corral", 11), 40),
             (batch.odds_scenario(load_scenario_text(many(16))), 3),
             (batch.odds_scenario(load_scenario(EXAMPLES / "luke-short.yaml"),
                                  tactics="aggressive", max_turns=12), 40))
    for ld, n in cases:
        kept = [run_fight(ld, s, dice_fallback="seeded") for s in range(n)]
        assert tactics._REACH and tactics._OPTIONS
        tactics.begin_planning = fresh
        try:
            afresh = [run_fight(ld, s, dice_fallback="seeded") for s in range(n)]
        finally:
            tactics.begin_planning = begin
        for s, (a, b) in enumerate(zip(kept, afresh, strict=True)):
            assert a.events == b.events, (ld.scenario.title, s)
