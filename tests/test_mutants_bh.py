"""Tests that kill surviving mutants of the Boot Hill state, events, labels, tactics and kernel.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""

from __future__ import annotations

import textwrap
from types import SimpleNamespace
from fractions import Fraction

import numpy as np
import pytest

from narrator import batch
from narrator.engine import run_fight
from narrator.rulesets.boothill import kernel, tables, tactics
from narrator.rulesets.boothill.scenario import Intent
from narrator.rulesets.boothill.state import Wound
from narrator.scenario import load_scenario_text
from tests.test_hand_to_hand import brawl, fight, of, person
from tests.test_tactics import decide, fight_of, two


def test_a_break_free_made_on_the_first_try_ends_the_combat_turns_tries():
    """Kills ``narrator.rulesets.boothill.melee.xǁHandToHandǁmelee_action__mutmut_41``
    ("break_free" misspelt in the kinds that end the tries). Rule: a combat turn gives two
    grapples or break-frees, "tried until it holds, breaking free likewise" (errata B19; 2
    tries, ``hand_to_hand.toml`` ``combat_turn_actions``): once free, he does not try again,
    so nothing is refused. Turn 1: Bo, COO 10 + Brawling 2 = 12, grapples Ann: rolls 6, a
    hold. Turn 2: Ann breaks free, COO 10 + Brawling 0 - 2 = 8, rolls 3: free at the first
    try; with the mutant her second try is refused ("nobody holds him")."""
    log = fight(brawl(person(), person(skills="{brawling: 2}", at="[1, 0]"), [
        ("combat", "{other: waits}", "{grapple: Ann}"),
        ("combat", "{break_free: true}", "{other: waits}"),
    ], """
        Bo: {to_hit: [6]}
        Ann: {to_hit: [3]}
        """))
    tries = of(log, "blow_struck", attacker="Ann", action="break_free")
    assert [(t.turn, t.chance, t.roll, t.result) for t in tries] == [(2, 8, 3, "hit")]
    assert [(h.turn, h.change) for h in of(log, "hold_changed")] == [(1, "taken"),
                                                                     (2, "broken")]
    assert of(log, "action_refused", character="Ann") == []


FANNING_OUT_OF_REACH = textwrap.dedent("""
    title: Fanning out of reach
    seed: 1
    max_turns: 1
    sides:
      A:
        - name: Ann
          attributes: {str: 10, coo: 15, obs: 10, sta: 10, luck: 5}
          skills: {pistol: 4}
          weapons: [{type: single_action_revolver}]
          at: [0, 0]
      B:
        - name: Bo
          attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5}
          weapons: [{type: single_action_revolver}]
          at: [100, 0]
    turns:
      - kind: shootout
        intents:
          Ann: {shoot: Bo, draw: normal, shots: [fanned, fanned, fanned]}
          Bo: {other: waits}
    """)


def test_the_kernel_fires_no_fanned_shot_the_engine_refuses():
    """Kills ``narrator.rulesets.boothill.kernel.xǁ_Kernelǁrun_count__mutmut_157`` (``ok &=
    revolver`` -> ``ok = revolver``: a fanned shot from a revolver fired even when the
    engine's ``prepare`` refused it). Rule: a shot beyond extreme range is not fired; a fanned
    shot's reach is the Any Hipshot row, 36 yards for a single-action revolver (000 Table 14;
    errata B1), so Ann's three fanned shots at Bo 100 yards off are all refused, by the
    engine and by the kernel alike: no shot in 20 fights (the mutant counts 60)."""
    ld = batch.odds_scenario(load_scenario_text(FANNING_OUT_OF_REACH))
    assert kernel.not_covered(ld.scenario) == []
    ctx = kernel.KernelContext(ld.scenario, ld.side_of)
    tally = kernel.run_kernel(ctx, 20, 1, tally_cls=batch.Tally)
    assert (tally.trials, tally.shots, tally.hits, tally.wins) == (20, {}, {}, {"undecided": 20})
    assert batch.run_odds(ld, 20, 1, path="engine").tally.shots == {}


@pytest.mark.parametrize("intent, fires", [
    ({"shoot": "Bo"}, True),
    ({"shoot": "Bo", "move": {"gait": "walking", "to": [1, 0]}}, True),
    ({"shoot": "Bo", "move": {"gait": "running", "to": [1, 0]}}, True),
    ({"shoot": "Bo", "move": {"gait": "evading", "to": [1, 0]}}, False),
    ({"shoot": "Bo", "move": {"gait": "crawling", "to": [1, 0]}}, False),
    ({"shoot": "Bo", "move": {"drop_prone": True}}, False),
    ({"shoot": "Bo", "reload": True}, False),
    ({"shoot": "Bo", "clear_jam": True}, False),
    ({"move": {"gait": "walking", "to": [1, 0]}}, False),
    (None, False),
])
def test_the_kernel_fires_a_combat_turns_shots_as_the_engine_does(intent, fires):
    """Kills ``narrator.rulesets.boothill.kernel.xǁ_Kernelǁ_fires__mutmut_5`` (the move read
    as None: an evading, crawling or dropping man would fire). Rules (``BootHillFight.fire``'s
    refusals, ``labels.REFUSAL``): a man who evades or drops prone cannot shoot (001), Table 2
    has no way to shoot while crawling, and reloading or clearing a jam takes the turn; a man
    walking or running shoots (Table 2 modifiers)."""
    it = Intent(**intent) if intent is not None else None
    assert kernel._Kernel._fires(0, it) is fires


from test_kernel import RIFLEMEN  # noqa: E402  (the kernel tests' two riflemen, shared)



def test_the_kernel_hands_the_engine_every_weapons_state():
    """Kills ``narrator.rulesets.boothill.kernel.xǁ_Kernelǁ_fighter_state__mutmut_88`` and
    ``__mutmut_89`` (``gunsmith_tried`` and ``reload_progress`` misspelt: the representative's
    weapon keeps what it had). Rule: the engine's decisions run on the kernel's state, so a
    fight's weapon state (rounds loaded, seconds of jam left, a Gunsmithing check made, reload
    progress in sixtieths of a round: errata B18(e), Table 14 rates of 1/3) written from one
    fighter is read back whole into another. Amos's breech-loading rifle (1 round, Table 14):
    empty, 12 seconds of jam left, a gunsmith tried, 2/3 of a round reloaded, in fight 1; fight
    0 keeps the start (loaded, nothing else)."""
    ld = batch.odds_scenario(load_scenario_text(RIFLEMEN))
    ctx = kernel.KernelContext(ld.scenario, ld.side_of)
    k = kernel._Kernel(ctx, 2, np.random.default_rng(0))
    ws = ctx.probe.fighters["Amos"].weapons[0]
    ws.loaded, ws.jammed_seconds, ws.gunsmith_tried, ws.reload_progress = 0, 12, True, \
        Fraction(2, 3)
    k._write_fighter(np.array([1]), 0, ctx.probe.fighters["Amos"])
    assert k.W[:, 0, 0].tolist() == [[1, 0, 0, 0, 0], [0, 12, 0, 1, 40]]
    read = ctx.rep.fighters["Amos"]
    state = lambda w: (w.loaded, w.jammed_seconds, w.useless, w.gunsmith_tried,  # noqa: E731
                       w.reload_progress)
    k._read_fighter(1, 0, read)
    assert state(read.weapons[0]) == (0, 12, False, True, Fraction(2, 3))
    k._read_fighter(0, 0, read)
    assert state(read.weapons[0]) == (1, 0, False, False, 0)


def test_the_kernel_counts_each_wound_by_severity_and_place():
    """Kills ``narrator.rulesets.boothill.kernel.xǁ_Kernelǁwound__mutmut_117`` (the left leg's
    serious wounds set, not added: a later wound elsewhere wiped the count). Rules: Table 12
    severity = d6 - 1 for an arm or leg (light 0-2, serious 3-5; 000 Table 12, errata B7),
    wound points the total (B8), passed out above STR (000 l.433); the engine's decisions read
    the serious wounds of each leg (movement, Table 3) and of the gun arm (001). Bart (STR 10,
    right-handed): left leg d6 5 (serious, 4), right leg d6 5 (serious, 4), abdomen d6 1
    (light, 1): 9 points, on his feet; right arm d6 4 (serious, 3): 12 > 10, passed out."""
    ld = batch.odds_scenario(load_scenario_text(RIFLEMEN))
    ctx = kernel.KernelContext(ld.scenario, ld.side_of)
    k = kernel._Kernel(ctx, 1, np.random.default_rng(0))
    dice = iter([5, 5, 1, 4])
    k.d = lambda sides, m: np.array([next(dice) for _ in range(m)])
    cols = [kernel.C_LIGHT, kernel.C_SERIOUS, kernel.C_GUN_SER, kernel.C_OFF_SER, kernel.C_LL_L,
            kernel.C_LL_S, kernel.C_RL_L, kernel.C_RL_S, kernel.C_WP, kernel.C_COND]
    seen = []
    for loc in ("left_leg", "right_leg", "abdomen", "right_arm"):
        k.wound(1, np.array([0]), np.array([1]), np.array([tables.LOCATIONS.index(loc)]),
                np.array([0]))
        seen.append(k.S[0, 1, cols].tolist())
    assert seen == [[0, 1, 0, 0, 0, 1, 0, 0, 4, kernel.ACTIVE],
                    [0, 2, 0, 0, 0, 1, 0, 1, 8, kernel.ACTIVE],
                    [1, 2, 0, 0, 0, 1, 0, 1, 9, kernel.ACTIVE],
                    [1, 3, 1, 0, 0, 1, 0, 1, 12, kernel.PASSED_OUT]]


@pytest.mark.parametrize("me, enemies, yards, point", [
    ((3.0, 4.0), [((0.0, 0.0), 5.0)], 10, (9.0, 12.0)),     # straight away from him
    ((5.0, 5.0), [((5.0, 5.0), 0.0)], 4, (1.0, 5.0)),       # on top of him: west, by rule
    ((0.0, 0.0), [((2.0, 0.0), 2.0), ((0.0, 20.0), 20.0)], 3, (-3.0, -0.3)),  # 1/4 vs 1/400
])
def test_a_man_backing_away_goes_directly_away_from_the_nearest_enemies(me, enemies, yards,
                                                                        point):
    """Kills ``narrator.rulesets.boothill.tactics.x__away__mutmut_32`` (``dx, dy, norm = None``
    when he stands on the enemy: a TypeError). Rule (the profiles, this module's docstring):
    a man in flight or keeping his distance moves ``yards`` away from the enemies, each
    weighted by 1 / yards squared (the nearest counts most); with nowhere to face away from
    (the enemy on his spot) he goes west (-x), so the move is still a point. Third case:
    weights 1/4 and 1/400 give the direction (-0.5, -0.05), 3 yards along it (-2.99, -0.30)."""
    f = SimpleNamespace(pos=me)
    foes = [(SimpleNamespace(pos=at), d) for at, d in enemies]
    assert tactics._away(f, foes, yards) == point  # (rounded to 0.1 yard)


def test_cover_is_chosen_near_and_only_a_sniper_trades_distance_for_it():
    """Kills ``narrator.rulesets.boothill.tactics.x__nearest_cover__mutmut_51`` (the distance
    from the enemy counted for every profile, not only with ``far``). Rule (the profiles,
    this module's docstring): the cautious man gets behind the nearest cover (score: yards to
    it); the sniper keeps his distance (score: yards to it less half the yards between it and
    the nearest enemy). Jake at [0, 0], Dutch at [30, 0]: a wagon 2 yards on (28 from Dutch,
    score 2, or 2 - 14 = -12) and a trough 5 yards back (35 from Dutch, 5 or 5 - 17.5 =
    -12.5): the cautious man takes the wagon, the sniper the trough."""
    cover = SimpleNamespace()
    sc = SimpleNamespace(map={"wagon": SimpleNamespace(cover=cover, at=(2.0, 0.0)),
                              "trough": SimpleNamespace(cover=cover, at=(-5.0, 0.0))})
    view = SimpleNamespace(sc=sc, gone_landmarks=set())
    jake = SimpleNamespace(pos=(0.0, 0.0), landmark=None)
    dutch = SimpleNamespace(pos=(30.0, 0.0), landmark=None)
    assert tactics._nearest_cover(view, jake, [(dutch, 30.0)], far=False) == ("wagon", 2.0)
    assert tactics._nearest_cover(view, jake, [(dutch, 30.0)], far=True) == ("trough", 5.0)


@pytest.mark.parametrize("wounds, long_arm, other", [
    ([("right_arm", "serious")], -6, -6),        # gun arm: -4, and one hand / wrong hand -2
    ([("left_shoulder", "serious")], -6, -4),    # off arm: a long arm one-handed -2 only
    ([("right_shoulder", "serious"), ("left_arm", "serious")], -8, -8),  # both: -4 -4
    ([("left_leg", "light")], -1, -1),           # a light wound -1
])
def test_tactics_weigh_a_wounded_shooters_table_2_modifiers(wounds, long_arm, other):
    """Kills ``narrator.rulesets.boothill.tactics.x__facts__mutmut_16`` (the gun arm's wounds
    counted with severity None: a serious gun-arm wound overlooked). Rules: Table 2, a serious
    wound -4 and a light wound -1 each (000 Table 2); a seriously wounded gun arm cannot fire a
    pistol, so he fires with the other hand, wrong hand -2 (001 l.23); a long arm fired with
    one hand (either arm seriously wounded, not both) -2 (001 l.27); both arms: -4 each and
    his good hand again (001 l.24). Bob Dalton is right-handed (the default); a shoulder
    counts with its arm."""
    f = fight_of(two(max_turns=3))
    bob = f.fighters["Bob Dalton"]
    bob.wounds = [Wound(loc, sev, 3) for loc, sev in wounds]
    facts = tactics._facts(f, bob)
    assert (facts.wound_long, facts.wound_other) == (long_arm, other)


def test_an_empty_handed_man_runs_for_a_thrown_weapon_within_a_combat_turns_run():
    """Kills ``narrator.rulesets.boothill.tactics.x_decide__mutmut_128`` (the pick-up weighed
    with no kind of turn: the shootout turn's 4 yards of running, Table 7, not the combat
    turn's 24, Table 3). Rule (errata B18(i), this module's docstring): a man with no loaded
    gun and no blade, nobody within arm's length (2 yards, B19), goes for the nearest thrown
    weapon lying within his run, ``pick_up: true`` after the move. Ann's revolver is empty
    with no spare rounds; Bob, 30 yards off (a combat turn: nobody within 20 feet), has a
    thrown knife lying 8 yards from her: she runs to it (8 <= 24) and picks it up."""
    f = fight_of(two(ann="tactics: aggressive",
                     ann_weapons="[{type: single_action_revolver, loaded: 0, spare: 0}]",
                     bob_weapons="[{type: single_action_revolver}, {type: thrown_knife}]",
                     bob_at="[30, 0]", max_turns=3))
    f.fighters["Bob Dalton"].weapons[1].lying_at = (8.0, 0.0)
    assert tactics.turn_kind(f, 1) == "combat"
    intent = decide(f, "Ann Oakley")
    assert intent.pick_up is True and intent.shoot is None
    assert (intent.move.gait, intent.move.to) == ("running", (8.0, 0.0))


TABLE_6 = textwrap.dedent("""
    title: Two riflemen on the same count
    seed: 4
    sides:
      A:
        - name: Ann
          attributes: {str: 12, coo: 15, obs: 10, sta: 10, luck: 5}
          skills: {rifle: 3}
          weapons: [{type: breech_loading_rifle}]
          at: [0, 0]
      B:
        - name: Bo
          attributes: {str: 12, coo: 15, obs: 10, sta: 10, luck: 5}
          skills: {rifle: 3}
          weapons: [{type: lever_action_rifle}]
          at: [5, 0]
    turns:
      - kind: shootout
        intents:
          Ann: {shoot: Bo, shots: [steady]}
          Bo: {shoot: Ann, shots: [steady], surprised: surprised}
    dice_fallback: seeded
    """)


def test_table_6_speeds_of_a_very_slow_and_a_slow_gun_and_a_surprised_man():
    """Issue 19's Table 6 changes (very slow and slow weapon swapped; surprised -2 -> -4) were
    caught only by the data-file test; this pins them in the engine's speed. Rules: Table 6
    (000 Table 6, errata B14): speed = COO + modifiers, very slow weapon -2, slow -1,
    surprised -2. Ann (COO 15, breech-loading rifle: very slow, Table 14) and Bo (COO 15,
    lever-action rifle: slow; declared surprised) both draw (3 counts) and fire a steady shot
    (3 counts) on count 6 (Table 5): Ann 15 - 2 = 13 fires before Bo 15 - 2 - 1 = 12."""
    log = run_fight(load_scenario_text(TABLE_6))
    count = next(e for e in log.events if e.kind == "count_resolved")
    assert count.count == 6
    assert [(a.character, a.base, [(m.name, m.value) for m in a.modifiers], a.speed)
            for a in count.actors] == [
        ("Ann", 15, [("weapon_vslow", -2)], 13),
        ("Bo", 15, [("surprised", -2), ("weapon_slow", -1)], 12)]
    assert count.groups == (("Ann",), ("Bo",))
