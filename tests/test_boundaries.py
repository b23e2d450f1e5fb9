"""Boundaries: each comparison of the rules tested below, at and above its threshold.

Boot Hill (``000`` = ``../shared/sources/000_f05c5ef385f1db5a.txt``, ``001``, ``B<n>`` =
``../shared/errata.md``) through small scripted fights, so the tests hold whatever the shape
of the engine's code; Violence (``003``) through its rule functions. Range bands at every
Table 14 bound are in ``test_tables.py``; Luck checks on 1 and 20 and passing out at STR in
``test_rules_edges.py``.
"""

from __future__ import annotations

import textwrap

import pytest

from narrator.engine import run_fight
from narrator.rulesets.boothill.shootout import TWENTY_FEET_YARDS
from narrator.rulesets.violence import rules as vrules
from narrator.scenario import load_scenario_text

from test_rules_edges import BYSTANDERS, IDLE, SCATTER_ANN, duel, fight, of, person


# ----------------------------------------------------------------- the end of a fight (B12)

def test_the_fight_ends_when_one_side_is_all_down():
    """Ann kills Bo in turn 1 (roll 4 <= 12; location 19, head; severity d6 5 + 1 = 6,
    mortal; Luck 20 > 5 fails; Strength 20 > 10: killed). max_turns 3, but with one side
    left standing the fight ends after turn 1."""
    text = duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                "Ann: {to_hit: [4], location: [19], severity: [5]}\n"
                "Bo: {luck: [20], strength: [20]}")
    log = fight(text.replace("title: edge", "title: edge\n        max_turns: 3"))
    assert [e.turn for e in of(log, "turn_started")] == [1]
    assert log.events[-1].kind == "fight_ended"


def test_the_fight_goes_on_while_two_sides_stand():
    """Ann misses (roll 19) in turn 1; with max_turns 3 and both sides up, turns 2 and 3 are
    fought (nobody declares anything more)."""
    text = duel(person(), person(at="[8, 0]"), "{shoot: Bo}", "Ann: {to_hit: [19]}", turns=3)
    log = fight(text.replace("title: edge", "title: edge\n        max_turns: 3"))
    assert [e.turn for e in of(log, "turn_started")] == [1, 2, 3]


# ----------------------------------------------------------------- night visibility (B17)

@pytest.mark.parametrize("yards, seen", [(9.5, True), (10, True), (10.5, False)])
def test_at_night_a_target_at_obs_yards_is_seen_beyond_it_is_not(yards, seen):
    """B17: a target farther than the shooter's OBS (10) in yards cannot be seen unless lit.
    At 9.5 and 10 yards Ann shoots (COO 10 + Pistol 2 = 12, night -4: 8; roll 19, a miss);
    at 10.5 the shot is refused, no die rolled."""
    dice = "Ann: {to_hit: [19]}" if seen else ""
    text = duel(person(), person(at=f"[{yards}, 0]"), "{shoot: Bo}", dice)
    log = fight(text.replace("title: edge", "title: edge\n        night: true"))
    if seen:
        assert [(s.chance, s.result) for s in of(log, "shot_fired")] == [(8, "miss")]
        assert of(log, "action_refused") == []
    else:
        assert of(log, "shot_fired") == []
        assert [e.reason for e in of(log, "action_refused")] == ["cannot_see"]


# ----------------------------------------------------------------- twenty feet (001 l.8-12)

def _auto_turn(yards: float):
    text = textwrap.dedent(f"""
        title: auto
        seed: 3
        sides:
          Posse:
            - {{name: Ann, {person()}}}
          Gang:
            - {{name: Bo, {person(at=f"[{yards!r}, 0]")}}}
        turns:
          - intents:
              Ann: {{shoot: Bo}}
        """)
    return run_fight(load_scenario_text(text), dice_fallback="seeded")


@pytest.mark.parametrize("yards, kind", [(6.6, "shootout"), (20 / 3, "shootout"),
                                         (6.7, "combat")])
def test_an_auto_turn_is_a_shootout_turn_within_twenty_feet(yards, kind):
    """An auto turn is a shootout turn when two enemies are within 20 feet (6 2/3 yards) of
    each other, else a combat turn."""
    assert TWENTY_FEET_YARDS == pytest.approx(6.6667, abs=1e-4)
    (started,) = of(_auto_turn(yards), "turn_started")
    assert started.turn_kind == kind


# ----------------------------------------------------------------- scatter radius (B9, Table 9)

@pytest.mark.parametrize("band_at, cy, rolled", [
    ("12", "12, 2", True), ("12", "12, 2.5", False),      # long: 2 yards
    ("20", "20, 5", True), ("20", "20, 5.5", False),      # extreme: 5 yards
])
def test_scatter_threatens_bystanders_up_to_the_radius(band_at, cy, rolled):
    """Table 9 Targets row (000 l.367): a scattergun at long range threatens others within 2
    yards of the target, at extreme within 5. Ann misses Bo (roll 20 -> Table 10 d20 1, no
    misfire; chance below 20: a miss); Cy exactly at the radius is rolled for (d20 20, a miss),
    Cy half a yard farther is not."""
    dice = "Ann: {to_hit: [20], misfire: [1]" + (", scatter: [20]}" if rolled else "}")
    log = fight(duel(SCATTER_ANN, person(at=f"[{band_at}, 0]"), "{shoot: Bo}", dice,
                     extra_gang=BYSTANDERS.format(cy=cy, di="40, 40")))
    assert [(s.target, s.roll, s.hit) for s in of(log, "scatter_checked")] == (
        [("Cy", 20, False)] if rolled else [])


# ----------------------------------------------------------------- reloading (B16)

@pytest.mark.parametrize("loaded, after, refused", [(5, 6, []), (6, None, ["full"])])
def test_reloading_up_to_capacity_and_a_full_gun_is_refused(loaded, after, refused):
    """B16: a revolver holds 6. With 5 loaded a turn of reloading (rate 3) adds 1 round, to 6;
    with 6 loaded the reload is refused as full."""
    ann = person(weapons=f"[{{type: single_action_revolver, loaded: {loaded}}}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{reload: true}", ""))
    assert [(e.rounds, e.loaded) for e in of(log, "reloaded")] == (
        [(1, after)] if after else [])
    assert [e.reason for e in of(log, "action_refused")] == refused


def _shootout_reloads(n: int):
    """Ann reloads an empty revolver through ``n`` shootout turns; Bo stands by."""
    turn = "\n  - kind: shootout\n    intents:\n      Ann: {reload: true}"
    text = textwrap.dedent(f"""
        title: reload
        seed: 1
        sides:
          Posse:
            - {{name: Ann, {person(weapons="[{type: single_action_revolver, loaded: 0}]")}}}
          Gang:
            - {{name: Bo, {person(at="[3, 0]")}}}
        turns:""") + turn * n + "\n"
    return run_fight(load_scenario_text(text), dice_fallback="seeded")


def test_six_shootout_turns_of_reloading_make_one_combat_turn_and_start_again():
    """000 l.497: six consecutive shootout turns of reloading give one combat turn's reload
    (a revolver, 3 rounds): nothing after five, 3 rounds on the sixth, nothing on the seventh
    to eleventh, 3 more on the twelfth."""
    log = _shootout_reloads(12)
    assert [(e.turn, e.rounds, e.loaded) for e in of(log, "reloaded")] == [(6, 3, 3), (12, 3, 6)]


# ----------------------------------------------------------------- reload progress (B16)

def test_reload_progress_starts_again_after_a_full_load():
    """A cap-and-ball revolver (1/3: a round every three combat turns) with 5 of 6 loaded:
    reloading turns 1-3 fill it on turn 3; Ann fires once on turn 4 (roll 19, a miss) and
    reloads again on turns 5-7: the round comes on turn 7, not sooner."""
    ann = person(weapons="[{type: cap_and_ball_revolver, loaded: 5}]")
    shoot = "\n          - kind: combat\n            intents:\n              Ann: {shoot: Bo}"
    more = IDLE * 2 + shoot + IDLE * 3
    log = fight(duel(ann, person(at="[8, 0]"), "{reload: true}", "Ann: {to_hit: [19]}",
                     turns=7, more_turns=more))
    assert [(e.turn, e.rounds, e.loaded) for e in of(log, "reloaded")] == [
        (1, 0, 5), (2, 0, 5), (3, 1, 6), (5, 0, 5), (6, 0, 5), (7, 1, 6)]


# ----------------------------------------------------------------- Violence (003)

@pytest.mark.parametrize("total, hits", [(15, False), (16, True), (17, True)])
def test_violence_sixteen_or_more_hits(total, hits):
    """003 l.15: roll 16+ on a d20."""
    assert vrules.shot_hits(total) is hits


@pytest.mark.parametrize("total, result", [(9, "injured"), (10, "down"), (11, "down")])
def test_violence_injury_ten_or_more_is_down(total, result):
    """003 l.24: 10+ Down, otherwise Injured."""
    assert vrules.injury_result(total) == result


@pytest.mark.parametrize("total, result", [(9, "critically_injured"), (10, "dead"),
                                           (11, "dead")])
def test_violence_after_fight_ten_or_more_is_dead(total, result):
    """003 l.28: 10+ dead, otherwise Critically Injured."""
    assert vrules.after_fight_result(total) == result


@pytest.mark.parametrize("total, hits", [(11, False), (12, True), (13, True)])
def test_violence_snipe_twelve_or_more(total, hits):
    """003 l.32: succeeding targets are hit on a 12+."""
    assert vrules.snipe_hits(total) is hits


@pytest.mark.parametrize("roll, effective, hits", [(2, 3, 2), (3, 3, 3), (4, 3, 0),
                                                   (1, 0, 0)])
def test_violence_suppression_at_or_under_the_suppressors(roll, effective, hits):
    """003 l.52: d6 equal to or less than the number suppressing: that many hit."""
    assert vrules.suppression_hits(roll, effective) == hits


@pytest.mark.parametrize("suppressors, hidden, effective", [(3, False, 3), (3, True, 1),
                                                            (2, True, 1), (1, True, 0)])
def test_violence_suppression_half_effect_rounded_down(suppressors, hidden, effective):
    """003 l.54: half effect on hidden or obscured targets (errata: rounded down)."""
    assert vrules.suppression_effect(suppressors, hidden) == effective


@pytest.mark.parametrize("total, rating, routs", [(6, 7, False), (7, 7, False), (8, 7, True)])
def test_violence_morale_exceeds_the_rating(total, rating, routs):
    """003 l.81: if the result exceeds the rating, they flee or surrender."""
    assert vrules.morale_routs(total, rating) is routs


@pytest.mark.parametrize("shots, extra", [(1, []), (2, [("extra_shots", 1)]),
                                          (3, [("extra_shots", 2)])])
def test_violence_plus_one_per_shot_beyond_the_first(shots, extra):
    """003 l.15: +1 per additional shot."""
    assert [(m.name, m.value) for m in vrules.shooting_modifiers(shots, [])] == extra


# ----------------------------------------------------------------- explosion (000 l.406, B5)

@pytest.mark.parametrize("loaded, full_cylinder", [(3, False), (4, True), (5, True)])
def test_an_explosion_adds_one_when_the_cylinder_held_four_or_more(loaded, full_cylinder):
    """000 l.406: +1 to the explosion wound's severity "if the cylinder contained 4 or more
    shots (including the one fired)". Ann (22) rolls 20, Table 10 CBR d20 17: explosion;
    severity d6 3, -1 arm, +1 with 4 or more rounds held."""
    ann = person(coo=18, skills="{pistol: 4}",
                 weapons=f"[{{type: cap_and_ball_revolver, loaded: {loaded}}}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [17], explosion: [3]}"))
    (w,) = of(log, "wound_taken")
    mods = {m.name: m.value for m in w.modifiers}
    assert mods == ({"arm_or_leg": -1, "full_cylinder": 1} if full_cylinder
                    else {"arm_or_leg": -1})
    assert w.total == (3 if full_cylinder else 2)


# ----------------------------------------------------------------- fast draw (Table 5, B13, B14)

def _draw(fast_draw: int, roll: int, luck: int | None = None, coo: int = 10,
          shots: str = "[hip]", extra: str = ""):
    """Ann (Fast Draw ``fast_draw``, Luck 5) draws fast and fires one hipshot at Bo, 3 yards
    off, in a shootout turn; Bo declares nothing."""
    luck_die = f", luck: [{luck}]" if luck is not None else ""
    text = textwrap.dedent(f"""
        title: draw
        seed: 1
        sides:
          Posse:
            - {{name: Ann, {person(coo=coo, skills=f"{{pistol: 2, fast_draw: {fast_draw}}}")}}}
          Gang:
            - {{name: Bo, {person(at="[3, 0]", skills="{pistol: 0}")}}}
        turns:
          - kind: shootout
            intents:
              Ann: {{shoot: Bo, draw: fast, shots: {shots}{extra}}}
        rulings:
          - {{turn: 1, initiative: {{Posse: 2, Gang: 1}}, why: test}}
        dice_fallback: seeded
        dice:
          Ann: {{fast_draw: [{roll}]{luck_die}}}
        """)
    return run_fight(load_scenario_text(text))


@pytest.mark.parametrize("skill, roll, success", [(8, 7, True), (8, 8, True), (8, 9, False),
                                                  (19, 20, False)])
def test_a_fast_draw_succeeds_at_or_under_the_skill_and_a_20_fails(skill, roll, success):
    """B13: a fast draw succeeds on d20 <= Fast Draw, costing 0 counts; a failure costs 2.
    A 20 fails whenever the skill is below 20, with no Luck check. (After a failure Ann draws
    again; only the first draw is checked.)"""
    d = next(e for e in _draw(skill, roll).events if e.kind == "draw_made")
    assert (d.roll, d.luck_roll, d.success, d.counts, d.ready) == (
        roll, None, success, 0 if success else 2, 0 if success else 2)


@pytest.mark.parametrize("luck_roll, success", [(5, True), (6, False)])
def test_a_natural_20_on_a_fast_draw_of_20_or_more_calls_for_a_luck_check(luck_roll, success):
    """001 l.28-31 (B4 for draws): with Fast Draw 20 or more a 20 may still succeed: a Luck
    check (d20 <= Luck 5) decides."""
    d = next(e for e in _draw(20, 20, luck_roll).events if e.kind == "draw_made")
    assert (d.roll, d.luck_roll, d.success) == (20, luck_roll, success)


@pytest.mark.parametrize("skill, roll, base", [(19, 5, 5), (20, 5, 5), (22, 5, 7),
                                               (25, 19, 24)])
def test_the_first_shot_after_a_fast_draw_has_the_roll_plus_fast_draw_above_20(skill, roll,
                                                                                 base):
    """B14: the first shot after a successful fast draw uses the fast-draw roll, plus any Fast
    Draw skill above 20, in place of COO."""
    log = _draw(skill, roll)
    (note,) = [a for e in log.events if e.kind == "count_resolved" for a in e.actors
               if a.character == "Ann"]
    assert (note.base_name, note.base, note.speed) == ("fast_draw_roll", base, base + 1)


@pytest.mark.parametrize("shots, cock, count", [
    ("[hip]", False, 2), ("[hip]", True, 2),          # cock 1 + hip 2 - 1
    ("[steady]", True, 3), ("[fanned]", False, 1), ("[fanned]", True, 2),   # no saving
])
def test_a_cocked_gun_fires_one_count_sooner_but_not_when_fanning(shots, cock, count):
    """Table 5 (000 l.254-259), B13: cocking takes 1 count and the cocked gun's shot 1 count
    less; fanning saves nothing. Ann's fast draw (roll 1) succeeds on count 0, so her shot
    goes off on its counts (+ 1 for cocking, - 1 for the cocked gun unless fanned)."""
    log = _draw(8, 1, shots=shots, extra=", cock: true" if cock else "")
    (shot,) = [e for e in log.events if e.kind == "shot_fired" and e.shooter == "Ann"]
    assert shot.count == count


def test_fanning_saves_no_count_and_spends_the_cock():
    """Table 5 (000 l.254-259), B13: Ann cocks (count 1), fans (1 count, no saving: count 2);
    the fanned shot lets the hammer fall, so her hipshot takes its full 2 counts (count 4).
    The count schedule shows the same parts; a fanned shot with the saving would be due on
    count 1, a gun left cocked by fanning would put the hipshot on count 3."""
    log = _draw(8, 1, shots="[fanned, hip]", extra=", cock: true")
    (planned,) = of(log, "counts_planned")
    assert [(p.action, p.shot_type, p.start, p.due, [(m.name, m.value) for m in p.counts])
            for p in planned.plan] == [
        ("cock", None, 0, 1, [("cock", 1)]),
        ("shot", "fanned", 1, 2, [("fanned", 1)]),
        ("shot", "hip", 2, 4, [("hip", 2)])]
    assert [(s.shot_type, s.count) for s in of(log, "shot_fired")] == [("fanned", 2), ("hip", 4)]


def test_a_cocked_gun_saves_a_count_once():
    """The other half of B13's cock: Ann cocks (count 1); her first hipshot saves a count
    (count 2), her second takes its full 2 (count 4): a shot uncocks the gun."""
    log = _draw(8, 1, shots="[hip, hip]", extra=", cock: true")
    assert [(s.shot_type, s.count) for s in of(log, "shot_fired")] == [("hip", 2), ("hip", 4)]
