"""Hand-worked tests for every rule of the Violence ruleset (source 003, errata "Violence").

Line numbers cite ``../shared/sources/003_32799f579e8f48cd.txt`` as ``cat -n`` numbers it.
Each test's docstring works the numbers by hand; the test checks the engine agrees.
"""

from __future__ import annotations

import json

import pytest

from narrator.engine import run_fight
from narrator.rulesets.violence import rules, tables
from narrator.scenario import load_scenario_text

from conftest import of_kind


def scenario(sides: dict, turns: list, dice: dict | None = None, **extra) -> dict:
    """A Violence scenario as a dict (JSON is YAML)."""
    sc = {"title": "test", "ruleset": "violence", "seed": 1, "sides": sides, "turns": turns}
    if dice:
        sc["dice"] = dice
    sc.update(extra)
    return sc


def man(name: str, at=(0, 0), weapons=("revolver",), **kw) -> dict:
    return {"name": name, "at": list(at), "weapons": [{"type": w} for w in weapons], **kw}


def fight(sc: dict, **kw):
    return run_fight(load_scenario_text(json.dumps(sc)), **kw)


def duel(a_intent: dict, b_intent: dict | None = None, dice: dict | None = None,
         a: dict | None = None, b: dict | None = None, rounds: int = 1, **extra):
    """Ann (side A) against Bob (side B) 20 yards apart; Ann acts first (initiative 20 v 1)."""
    a = a or man("Ann")
    b = b or man("Bob", at=(20, 0))
    dice = dict(dice or {})
    dice.setdefault("Ann", {}).setdefault("initiative", [20] * rounds)
    dice.setdefault("Bob", {}).setdefault("initiative", [1] * rounds)
    turns = [{"intents": {"Ann": a_intent, **({"Bob": b_intent} if b_intent else {})}}]
    turns += [{"intents": {}} for _ in range(rounds - 1)]
    return fight(scenario({"A": [a], "B": [b]}, turns, dice, **extra))


def final(log) -> dict:
    return {c.name: c for c in of_kind(log, "turn_ended")[-1].status}


# ---------------------------------------------------------------------- initiative
def test_initiative_d20_each_highest_first_ties_rerolled_among_the_tied():
    """003 l.5; errata: a d20 for each character or group, highest first, ties rerolled.
    Ann 12, group g (Cal, Dee) 12, Bob 15: Bob first; Ann and g tie at 12 and roll again,
    Ann 5, g 9: g (Cal, Dee in scenario order) before Ann. Order: Bob, Cal, Dee, Ann."""
    sc = scenario({"A": [man("Ann"), man("Cal", group="g"), man("Dee", group="g")],
                   "B": [man("Bob", at=(30, 0))]},
                  [{"intents": {}}],
                  {"Ann": {"initiative": [12, 5]}, "g": {"initiative": [12, 9]},
                   "Bob": {"initiative": [15]}},
                  groups={"g": {}})
    init = of_kind(fight(sc), "round_initiative")[0]
    assert [(u.unit, u.rolls) for u in init.units] == [("Bob", (15,)), ("g", (12, 9)),
                                                       ("Ann", (12, 5))]
    assert init.order == ("Bob", "Cal", "Dee", "Ann")
    assert init.units[1].members == ("Cal", "Dee") and init.units[1].label == "g"


def test_surprise_acts_first_without_initiative_and_each_rolls_in_an_each_group():
    """003 l.9: the side that caught the others by surprise shoots first; initiative is
    resolved for the rest. Side B (Bob) surprises: Bob first, no die for him; Ann and Cal are a
    group with ``initiative: each``, so each rolls: Ann 3, Cal 17: Cal, then Ann."""
    sc = scenario({"A": [man("Ann", group="g"), man("Cal", group="g")],
                   "B": [man("Bob", at=(30, 0))]},
                  [{"surprise": "B", "intents": {}}],
                  {"Ann": {"initiative": [3]}, "Cal": {"initiative": [17]}},
                  groups={"g": {"initiative": "each"}})
    log = fight(sc)
    init = of_kind(log, "round_initiative")[0]
    assert init.surprisers == ("Bob",) and init.order == ("Bob", "Cal", "Ann")
    assert not [r for r in log.rolls if r.who == "Bob"]


# ---------------------------------------------------------------------- shooting
def test_advantage_two_d20_keep_the_higher_when_neither_in_cover_nor_moving():
    """003 l.15; errata: advantage is two d20, the higher kept. Bob stands in the open: Ann
    rolls 4 and 17, keeps 17: 17 >= 16, a hit."""
    log = duel({"shoot": "Bob"}, dice={"Ann": {"to_hit": [4, 17], "injury": [1]}})
    shot = of_kind(log, "gun_fired")[0]
    assert (shot.advantage, shot.advantage_why, shot.rolls, shot.kept, shot.total,
            shot.result) == (True, "open", (4, 17), 17, 17, "hit")


@pytest.mark.parametrize("bob, bob_intent, why", [
    (man("Bob", at=(20, 0), cover=True), None, "cover"),
    (man("Bob", at=(20, 0)), {"move": [25, 0]}, "moving"),
])
def test_no_advantage_for_a_target_in_cover_or_moving(bob, bob_intent, why):
    """003 l.15: cover or movement takes the advantage away: one d20, 15 < 16, a miss.
    A man who declared a move counts as moving all round (Ann acts before he moves)."""
    log = duel({"shoot": "Bob"}, bob_intent, dice={"Ann": {"to_hit": [15]}}, b=bob)
    shot = of_kind(log, "gun_fired")[0]
    assert (shot.advantage, shot.advantage_why, shot.rolls, shot.result) == (
        False, why, (15,), "miss")


def test_plus_one_per_extra_shot_and_every_round_accounted_for():
    """003 l.15, 58: three shots in one action: d20 14 + 2 = 16, a hit; the revolver goes
    from 6 to 3 (one roll for the action, errata)."""
    log = duel({"shoot": "Bob", "shots": 3}, dice={"Ann": {"to_hit": [14], "injury": [1]}},
               b=man("Bob", at=(20, 0), cover=True))
    shot = of_kind(log, "gun_fired")[0]
    assert [(m.name, m.value) for m in shot.modifiers] == [("extra_shots", 2)]
    assert (shot.total, shot.result, shot.rounds_left) == (16, "hit", 3)
    assert len([r for r in log.rolls if r.purpose == "to_hit"]) == 1


def test_relevant_tags_add_two_each_and_others_do_not():
    """003 l.15 "add relevant Tags"; errata: +2 each, for the rolls it lists. Ann's tag
    Deadeye (shooting) and her revolver's tag Tuned (shooting) apply; Brawler (melee) does not:
    d20 12 + 2 + 2 = 16, a hit."""
    ann = {"name": "Ann", "at": [0, 0],
           "tags": [{"name": "Deadeye", "applies_to": ["shooting"]},
                    {"name": "Brawler", "applies_to": ["melee"]}],
           "weapons": [{"type": "revolver", "tags": [{"name": "Tuned", "applies_to": ["shooting"]}]}]}
    log = duel({"shoot": "Bob"}, a=ann, b=man("Bob", at=(20, 0), cover=True),
               dice={"Ann": {"to_hit": [12], "injury": [1]}})
    shot = of_kind(log, "gun_fired")[0]
    assert [(m.name, m.why, m.value) for m in shot.modifiers] == [
        ("tag", "Deadeye", 2), ("tag", "Tuned", 2)]
    assert (shot.total, shot.result) == (16, "hit")


def test_random_target_among_those_named():
    """003 l.15 "player chooses or we roll randomly": shoot at [Bob, Cy]; a d2 shows 2: Cy."""
    sc = scenario({"A": [man("Ann")], "B": [man("Bob", at=(20, 0)), man("Cy", at=(20, 5))]},
                  [{"intents": {"Ann": {"shoot": ["Bob", "Cy"]}}}],
                  {"Ann": {"target": [2], "to_hit": [1, 1], "initiative": [20]}})
    shot = of_kind(fight(sc), "gun_fired")[0]
    assert (shot.candidates, shot.target_roll, shot.target) == (("Bob", "Cy"), 2, "Cy")
    die = [r for r in fight(sc).rolls if r.purpose == "target"][0]
    assert die.sides == 2


def test_shots_beyond_what_is_loaded_are_not_fired():
    """003 l.58: 4 shots called for with 2 loaded (no quick reload): 2 are fired, +1."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "revolver", "loaded": 2}]}
    log = duel({"shoot": "Bob", "shots": 4}, a=ann, dice={"Ann": {"to_hit": [1, 1]}})
    shot = of_kind(log, "gun_fired")[0]
    assert (shot.declared, shot.shots, shot.rounds_left, shot.total) == (4, 2, 0, 2)


# ---------------------------------------------------------------------- injury
def test_calibre_bonuses_by_band():
    """003 l.20-22; errata: revolver +2; hunting, military, slug +4; buckshot +5 close,
    +2 medium, 0 long; no calibre 0."""
    want = {"revolver": (2, 2, 2), "hunting": (4, 4, 4), "military": (4, 4, 4),
            "slug": (4, 4, 4), "buckshot": (5, 2, 0), "none": (0, 0, 0)}
    for cal, values in want.items():
        assert tuple(rules.calibre_bonus(cal, b) for b in tables.BANDS) == values, cal


def test_bands_close_medium_long():
    """Errata: close <= 10 yd, medium <= 50, long beyond."""
    assert [rules.band(y, 10, 50) for y in (0, 10, 10.01, 50, 50.01, 300)] == [
        "close", "close", "medium", "medium", "long", "long"]


def test_injury_roll_plus_two_per_injury_and_calibre_ten_or_more_is_down():
    """003 l.17-24. Bob has 2 Injuries; Ann's buckshot at 8 yards (close):
    d20 1 + 4 (two Injuries) + 5 (buckshot, close) = 10: Down, and Down adds no Injury
    (errata: "10+ Down, else Injured (one more Injury)")."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "coach_gun"}]}
    # Bob's two Injuries come from a GM edit of the state at the start of round 1
    sc = load_scenario_text(json.dumps(scenario(
        {"A": [ann], "B": [man("Bob", at=(8, 0))]}, [{"intents": {"Ann": {"shoot": "Bob"}}}],
        {"Ann": {"to_hit": [16, 1], "injury": [1], "initiative": [20]},
         "Bob": {"initiative": [1], "after_fight": [20]}})))
    log = run_fight(sc, adjustments={1: {"Bob": {"injuries": 2}}})
    inj = of_kind(log, "injury_rolled")[0]
    assert [(m.name, m.value) for m in inj.modifiers] == [("injuries", 4), ("calibre_buckshot", 5)]
    assert (inj.roll, inj.total, inj.result, inj.injuries) == (1, 10, "down", 2)


def test_injury_roll_under_ten_is_one_more_injury():
    """003 l.24: revolver at 20 yards (medium): d20 7 + 2 = 9 < 10: Injured, 1 Injury."""
    log = duel({"shoot": "Bob"}, dice={"Ann": {"to_hit": [16, 1], "injury": [7]}})
    inj = of_kind(log, "injury_rolled")[0]
    assert (inj.total, inj.result, inj.injuries) == (9, "injured", 1)
    assert final(log)["Bob"].condition == "active" and final(log)["Bob"].wound_points == 1


def test_scenario_bands_and_a_range_band_ruling():
    """Errata: bands are 10/50 "unless the scenario says otherwise". With bands close 5,
    medium 15, 20 yards is long: buckshot adds 0. A ruling between Ann and Bob makes it close
    (+5); --profile tables ignores both (20 yards medium: +2)."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "coach_gun"}]}
    base = scenario({"A": [ann], "B": [man("Bob", at=(20, 0))]},
                    [{"intents": {"Ann": {"shoot": "Bob"}}}],
                    {"Ann": {"to_hit": [16, 16], "injury": [1], "initiative": [20]}},
                    bands={"close": 5, "medium": 15})
    inj = of_kind(fight(base), "injury_rolled")[0]
    assert (inj.band, inj.modifiers[0].value) == ("long", 0)
    ruled = dict(base, rulings=[{"range_band": {"between": ["Ann", "Bob"], "band": "close"},
                                 "why": "the street is narrower than it looks"}])
    log = fight(ruled)
    shot = of_kind(log, "gun_fired")[0]
    assert (shot.band, shot.band_ruling) == ("close", "the street is narrower than it looks")
    assert of_kind(log, "injury_rolled")[0].modifiers[0].value == 5
    assert of_kind(fight(ruled, tables_only=True), "injury_rolled")[0].modifiers[0].value == 2


# ---------------------------------------------------------------------- after the fight
def test_after_fight_roll_for_each_man_down():
    """003 l.28: after the violence, d20 + 2 per Injury for each man Down; 10+ dead, else
    critically injured. Bob (1 Injury) goes Down: d20 7 + 2 = 9: critically injured. With a
    d20 of 8: 8 + 2 = 10: dead."""
    for die, want in ((7, "critically_injured"), (8, "dead")):
        sc = load_scenario_text(json.dumps(scenario(
            {"A": [man("Ann")], "B": [man("Bob", at=(20, 0))]},
            [{"intents": {"Ann": {"shoot": "Bob"}}}],
            {"Ann": {"to_hit": [16, 1], "injury": [10], "initiative": [20]},
             "Bob": {"initiative": [1], "after_fight": [die]}})))
        log = run_fight(sc, adjustments={1: {"Bob": {"injuries": 1}}})
        after = of_kind(log, "after_fight_rolled")[0]
        assert (after.roll, after.total, after.result) == (die, die + 2, want)
        assert final(log)["Bob"].condition == want
        assert log.events[-1].reason == "side_down"


def test_no_after_fight_roll_while_paused_nor_when_the_rounds_run_out_undecided():
    """The after-fight roll comes when the violence is over (003 l.28 "concluded", ruling
    VN1): not after round 1 of 2 when play is paused (``narrator next``), nor after the last
    declared round with both sides still up (the fight is cut off, not over: Ann stays Down);
    after the last round that leaves one side in it, yes."""
    sc = scenario({"A": [man("Ann"), man("Cy")], "B": [man("Bob", at=(20, 0))]},
                  [{"intents": {"Bob": {"shoot": "Ann"}}}, {"intents": {}}],
                  {"Bob": {"to_hit": [16, 16], "injury": [19], "initiative": [20, 20]},
                   "Ann": {"after_fight": [3]}})
    paused = fight(sc, stop_after=1)
    assert paused.events[-1].reason == "paused" and not of_kind(paused, "after_fight_rolled")
    cut = fight(sc)
    assert cut.events[-1].reason == "turns_ran_out" and cut.events[-1].standing == ("A", "B")
    assert not of_kind(cut, "after_fight_rolled") and not of_kind(cut, "healing_noted")
    assert final(cut)["Ann"].condition == "down"
    sc = scenario({"A": [man("Ann")], "B": [man("Bob", at=(20, 0))]},
                  [{"intents": {"Bob": {"shoot": "Ann"}}}, {"intents": {}}],
                  {"Bob": {"to_hit": [16, 16], "injury": [19], "initiative": [20, 20]},
                   "Ann": {"after_fight": [3]}})
    done = fight(sc)
    assert done.events[-1].reason == "side_down"
    assert [(e.character, e.result) for e in of_kind(done, "after_fight_rolled")] == [
        ("Ann", "critically_injured")]


# ---------------------------------------------------------------------- sniping
@pytest.mark.parametrize("distance, unaware, still, first, method", [
    (True, True, True, True, "automatic"),
    (True, True, True, False, "twelve"),
    (True, True, False, True, "twelve"),
    (True, False, True, True, "twelve"),
    (True, False, False, True, "regular"),
    (False, True, True, True, "regular"),
])
def test_snipe_conditions(distance, unaware, still, first, method):
    """003 l.32: all three (distance, surprise, stillness) and the first target: automatic;
    two of three, or a succeeding target: 12+; one: regular shooting; and "you must be at a
    distance", so without it the regular rules whatever else holds."""
    assert rules.SnipeConditions(distance, unaware, still, first).method == method


def test_stillness_is_not_in_cover_or_not_moving():
    """003 l.32 words the third condition "either not in cover or not moving": it fails only
    for a target moving while in cover."""
    assert [rules.still_enough(c, m) for c, m in
            ((False, False), (True, False), (False, True), (True, True))] == [
        True, True, True, False]


def test_sniper_first_target_automatic_then_twelve_with_sniping_tags():
    """003 l.32-34. Ann, hidden 60 yards off (long range), snipes Bob standing in the open:
    all three conditions, first target: an automatic hit, no roll; her position is known once
    she fires. Round 2 at Cy: distance and stillness, two of three: d20 10 + 2 (tag Scope,
    sniping) = 12 >= 12, a hit."""
    ann = {"name": "Ann", "at": [0, 0], "hidden": True,
           "tags": [{"name": "Scope", "applies_to": ["sniping"]}],
           "weapons": [{"type": "bolt_action_rifle"}]}
    sc = scenario({"A": [ann], "B": [man("Bob", at=(60, 0)), man("Cy", at=(60, 5))]},
                  [{"intents": {"Ann": {"snipe": "Bob"}}}, {"intents": {"Ann": {"snipe": "Cy"}}}],
                  {"Ann": {"to_hit": [10], "injury": [1, 1], "initiative": [20, 20]},
                   "Bob": {"initiative": [1, 1]}, "Cy": {"initiative": [2, 2]}})
    log = fight(sc)
    first, second = of_kind(log, "gun_fired")
    assert (first.snipe.met, first.snipe.method, first.rolls, first.result) == (
        3, "automatic", (), "hit")
    assert (second.snipe.unaware, second.snipe.met, second.snipe.method) == (False, 2, "twelve")
    assert (second.kept, second.total, second.need, second.result) == (10, 12, 12, "hit")
    assert [(i.cause, i.modifiers[0].name) for i in of_kind(log, "injury_rolled")] == [
        ("snipe", "calibre_military"), ("snipe", "calibre_military")]


def test_snipe_not_at_a_distance_follows_the_regular_rules():
    """003 l.32 "you must be at a distance": at 20 yards (medium) a hidden sniper shoots by
    the regular rules: Bob in the open, advantage 3 and 15: 15 < 16, a miss."""
    ann = {"name": "Ann", "at": [0, 0], "hidden": True, "weapons": [{"type": "bolt_action_rifle"}]}
    log = duel({"snipe": "Bob"}, a=ann, dice={"Ann": {"to_hit": [3, 15]}})
    shot = of_kind(log, "gun_fired")[0]
    assert (shot.snipe.at_distance, shot.snipe.method, shot.advantage, shot.kept, shot.need,
            shot.result) == (False, "regular", True, 15, 16, "miss")


# ---------------------------------------------------------------------- melee
@pytest.mark.parametrize("diff, outcome", [(0, "both_injured"), (1, "both_injured"),
                                           (2, "both_injured_low_down"),
                                           (3, "both_injured_low_down"), (4, "low_down"),
                                           (11, "low_down")])
def test_melee_margins(diff, outcome):
    """003 l.40-42: 0-1 both Injured; 2-3 the high Injured, the low Injured and Down; 4+ the low
    Injured and Down."""
    assert rules.melee_outcome(diff) == outcome
    assert rules.melee_outcome(-diff) == outcome


def test_melee_modifiers_reach_short_weapon_and_tags():
    """003 l.44: Ann's spear (reach) +3 and her tag Brawler +2: d12 6 + 5 = 11; Bob's knife
    (a shorter weapon) +2: d12 5 + 2 = 7. Difference 4: Bob is Injured and goes Down; Ann
    announced kill, so he is Down (not subdued)."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "spear"}],
           "tags": [{"name": "Brawler", "applies_to": ["melee"]}]}
    bob = {"name": "Bob", "at": [2, 0], "weapons": [{"type": "knife"}]}
    log = duel({"melee": "Bob", "to": "kill"}, a=ann, b=bob,
               dice={"Ann": {"melee": [6]}, "Bob": {"melee": [5], "after_fight": [1]}})
    m = of_kind(log, "melee_fought")[0]
    assert [(x.name, x.value) for x in m.attacker.modifiers] == [("reach_weapon", 3), ("tag", 2)]
    assert [(x.name, x.value) for x in m.defender.modifiers] == [("short_weapon", 2)]
    assert (m.attacker.total, m.defender.total, m.difference, m.outcome) == (11, 7, 4, "low_down")
    assert (m.injured, m.down, m.subdued, m.continues) == (("Bob",), "Bob", False, False)
    assert final(log)["Bob"].wound_points == 1
    assert final(log)["Ann"].wound_points == 0


def test_melee_two_or_three_injures_both_and_subdue_spares_the_after_fight_roll():
    """003 l.38, 41: Ann (subdue) d12 9, Bob d12 6: difference 3: Ann Injured; Bob Injured and
    Down, subdued because Ann meant to subdue; a subdued man is taken alive, so no
    after-fight roll (narrator's reading of l.38 with l.28)."""
    log = duel({"melee": "Bob", "to": "subdue"}, b=man("Bob", at=(2, 0)),
               dice={"Ann": {"melee": [9]}, "Bob": {"melee": [6]}})
    m = of_kind(log, "melee_fought")[0]
    assert (m.outcome, m.high, m.low, m.injured, m.subdued) == (
        "both_injured_low_down", "Ann", "Bob", ("Ann", "Bob"), True)
    assert final(log)["Bob"].condition == "subdued"
    assert not of_kind(log, "after_fight_rolled")


def test_melee_consumes_both_turns_round_after_round_until_one_is_down():
    """003 l.46. Round 1: Ann starts a melee, d12 5 v 5: both Injured, it continues; Bob's
    declared shot is lost to it. Round 2: nothing declared, the melee goes on at the first of
    their turns: 8 v 2, difference 6: Bob Down."""
    log = duel({"melee": "Bob"}, {"shoot": "Ann"}, b=man("Bob", at=(2, 0)), rounds=2,
               dice={"Ann": {"melee": [5, 8]}, "Bob": {"melee": [5, 2], "after_fight": [1]}})
    ex = of_kind(log, "melee_fought")
    assert [(m.turn, m.exchange, m.outcome, m.continues) for m in ex] == [
        (1, 1, "both_injured", True), (2, 2, "low_down", False)]
    blocked = of_kind(log, "action_blocked")
    assert [(b.turn, b.character, b.action, b.reason, b.target, b.detail) for b in blocked] == [
        (1, "Bob", "shoot", "in_melee", "Ann", "")]
    assert not of_kind(log, "gun_fired")
    assert final(log)["Bob"].wound_points == 2  # 1 in the first exchange, 1 going Down


def test_melee_needs_close_range_and_a_free_target():
    """A melee starts only against a foe within close range (narrator's reading: 003 is
    silent on reach); 20 yards is too far."""
    log = duel({"melee": "Bob"})
    b = of_kind(log, "action_blocked")[0]
    assert (b.reason, b.detail) == ("out_of_reach", "20")


# ---------------------------------------------------------------------- suppression
def _suppression(k: int, d6: int, picks: list[int], hidden: bool = False, bob_intent=None):
    """k suppressors on side A against Bob, who then shoots (an action that exposes him)."""
    sups = [man(f"S{i}", at=(0, i)) for i in range(k)]
    bob = man("Bob", at=(20, 0), cover=True, hidden=hidden)
    dice = {"Bob": {"initiative": [1], "suppression": [d6], "suppressor": picks,
                    "to_hit": [1, 1]},
            **{f"S{i}": {"initiative": [20 - i], "injury": [1]} for i in range(k)}}
    sc = scenario({"A": sups, "B": [bob]},
                  [{"intents": {**{f"S{i}": {"suppress": "Bob", "shots": 2} for i in range(k)},
                                "Bob": bob_intent or {"shoot": "S0"}}}], dice)
    return fight(sc)


def test_suppression_d6_at_or_under_the_suppressors_and_the_roll_is_how_many_hit():
    """003 l.50-52: three fire to suppress Bob (no roll; 2 rounds each). He shows himself to
    shoot: d6 2 <= 3, he is shot, by 2 of them picked at random: a d3 shows 3 (S2), then a d2
    shows 1 (S0). Each rolls an injury."""
    log = _suppression(3, 2, [3, 1])
    laid = of_kind(log, "suppression_laid")
    assert [(s.suppressor, s.shots, s.rounds_left) for s in laid] == [
        ("S0", 2, 4), ("S1", 2, 4), ("S2", 2, 4)]
    t = of_kind(log, "suppression_tested")[0]
    assert (t.suppressors, t.effective, t.roll, t.shot, t.picks, t.hitters) == (
        ("S0", "S1", "S2"), 3, 2, True, (3, 1), ("S2", "S0"))
    assert [(i.shooter, i.cause) for i in of_kind(log, "injury_rolled")] == [
        ("S2", "suppression"), ("S0", "suppression")]
    assert [r.sides for r in log.rolls if r.purpose == "suppressor"] == [3, 2]


def test_suppression_over_the_number_misses():
    """003 l.52: two suppressors, d6 3 > 2: not shot; his action goes ahead."""
    log = _suppression(2, 3, [])
    t = of_kind(log, "suppression_tested")[0]
    assert (t.effective, t.shot, t.hitters) == (2, False, ())
    assert of_kind(log, "gun_fired")[0].shooter == "Bob"


def test_suppression_half_effect_on_a_hidden_target_rounded_down():
    """003 l.54; errata: hidden or obscured, half effect rounded down: 2 suppressors give 1
    (a 1 in 6), 3 give 1, 1 gives 0 (no chance at all)."""
    assert [rules.suppression_effect(k, True) for k in (1, 2, 3, 4)] == [0, 1, 1, 2]
    log = _suppression(2, 1, [2], hidden=True)
    t = of_kind(log, "suppression_tested")[0]
    assert (t.hidden, t.effective, t.roll, t.shot, t.hitters) == (True, 1, 1, True, ("S1",))


def test_an_action_that_does_not_expose_him_is_not_tested():
    """003 l.52 "an action which could expose them": reloading behind cover is not one."""
    log = _suppression(2, 1, [], bob_intent={"reload": True})
    assert not of_kind(log, "suppression_tested")


# ---------------------------------------------------------------------- reloading
def test_capacities():
    """003 l.58-60: revolver 6, lever-actions about 9 (carbine) or 14 (rifle), coach gun 2,
    single-shot rifle 1, bolt-action 5; every row cites its source."""
    w = tables.weapons()
    assert {k: w[k].capacity for k in ("revolver", "lever_action_carbine", "lever_action_rifle",
                                        "coach_gun", "single_shot_rifle", "bolt_action_rifle")} == {
        "revolver": 6, "lever_action_carbine": 9, "lever_action_rifle": 14, "coach_gun": 2,
        "single_shot_rifle": 1, "bolt_action_rifle": 5}
    assert all(row.source.startswith("003 l.") for row in w.values())
    assert all(tables.rules()[k]["source"] for k in tables.rules())


def test_reloading_takes_the_round():
    """003 l.62: Ann (revolver 1/6) reloads: the round is spent and the revolver is full; she
    fires nothing that round."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "revolver", "loaded": 1}]}
    log = duel({"reload": True}, a=ann)
    r = of_kind(log, "weapon_reloaded")[0]
    assert (r.quick, r.rounds, r.loaded, r.capacity) == (False, 5, 6, 6)
    assert not of_kind(log, "gun_fired")


def test_quick_reload_coach_gun_fires_four_in_a_round_and_spare_rounds_run_out():
    """003 l.62-64: the quick reload tag reloads freely once per round after firing: a coach
    gun fires 2, reloads, fires 2 more (two shooting actions, +1 each); with 2 spare shells
    the free reload takes them both."""
    ann = {"name": "Ann", "at": [0, 0],
           "weapons": [{"type": "coach_gun", "quick_reload": True, "spare": 2}]}
    log = duel({"shoot": "Bob", "shots": 4}, a=ann, b=man("Bob", at=(20, 0), cover=True),
               dice={"Ann": {"to_hit": [3, 4]}})
    shots = of_kind(log, "gun_fired")
    assert [(s.volley, s.shots, s.total, s.rounds_left) for s in shots] == [
        (1, 2, 4, 0), (2, 2, 5, 0)]
    r = of_kind(log, "weapon_reloaded")[0]
    assert (r.quick, r.rounds, r.spare) == (True, 2, 0)


def test_quick_reload_revolver_twelve_rounds():
    """003 l.64: a revolver with a speed loader fires 12 rounds in the round: 6 (+5), the free
    reload, 6 (+5)."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "revolver", "quick_reload": True}]}
    log = duel({"shoot": "Bob", "shots": 12}, a=ann, b=man("Bob", at=(20, 0), cover=True),
               dice={"Ann": {"to_hit": [1, 1]}})
    assert [(s.shots, s.modifiers[0].value) for s in of_kind(log, "gun_fired")] == [(6, 5), (6, 5)]


# ---------------------------------------------------------------------- healing
def test_healing_a_week_per_injury_and_three_days():
    """003 l.68-70: 3 Injuries, 3 weeks; on his feet, debilitated, after 3 days."""
    assert rules.healing(3) == (3, 3)
    assert rules.healing(0) == (0, 0)
    log = duel({"shoot": "Bob"}, dice={"Ann": {"to_hit": [16, 1], "injury": [1]}})
    assert log.events[-1].reason == "turns_ran_out"  # cut off, not over: no rest yet (VN1)
    assert not of_kind(log, "healing_noted")
    # Bob shoots back and puts Ann Down: the fight is over, Bob's rest is told
    log = duel({"shoot": "Bob"}, {"shoot": "Ann"},
               dice={"Ann": {"to_hit": [16, 1], "injury": [1], "after_fight": [20]},
                     "Bob": {"to_hit": [16, 1], "injury": [19]}})
    assert log.events[-1].reason == "side_down"
    h = of_kind(log, "healing_noted")[0]
    assert (h.character, h.injuries, h.weeks, h.days, h.critical) == ("Bob", 1, 1, 3, False)


# ---------------------------------------------------------------------- morale
def _gang(morale: int, dice: dict, rout: str = "flee", intents=None, leader="Bob"):
    gang = [man(n, at=(20, i), group="g") for i, n in enumerate(("Bob", "Cy", "Dan", "Eli"))]
    sc = scenario({"A": [man("Ann")], "B": gang},
                  [{"intents": intents or {"Ann": {"shoot": "Bob"}}}],
                  {"Ann": {"initiative": [20]}, "g": {"initiative": [1]}, **dice},
                  groups={"g": {"morale": morale, "leader": leader, "rout": rout}})
    return fight(sc)


def test_morale_when_the_leader_is_shot_greater_than_the_rating_routs():
    """003 l.76-81; errata: 2d6 greater than the rating. Bob, the leader, is shot (Injured):
    morale 7, 2d6 4 + 3 = 7, not greater: they hold. Again with 4 + 4 = 8: they flee, every
    man of the group still up is out of the fight."""
    hold = _gang(7, {"Ann": {"to_hit": [16, 1], "injury": [1]}, "g": {"morale": [4, 3],
                                                                      "initiative": [1]}})
    m = of_kind(hold, "morale_checked")[0]
    assert (m.trigger, m.dice, m.total, m.rating, m.routed) == ("leader_shot", (4, 3), 7, 7, False)
    flee = _gang(7, {"Ann": {"to_hit": [16, 1], "injury": [1]}, "g": {"morale": [4, 4],
                                                                      "initiative": [1]}})
    m = of_kind(flee, "morale_checked")[0]
    assert (m.total, m.routed, m.result, m.members) == (8, True, "flee", ("Bob", "Cy", "Dan", "Eli"))
    assert {c.name: c.condition for c in final(flee).values() if c.side == "B"} == {
        "Bob": "fled", "Cy": "fled", "Dan": "fled", "Eli": "fled"}
    assert flee.events[-1].reason == "side_down"


def test_morale_when_numbers_are_halved_once_and_surrender():
    """003 l.79: the group of 4 is halved when 2 are out. Ann puts Cy Down (round 1: d20 19,
    a hit; injury 19 + 2 = 21): 3 of 4, no check. The GM's scenario has Dan already down, so
    Cy going Down leaves 2 of 4: one check, 6 + 6 = 12 > 3: they surrender."""
    sc = load_scenario_text(json.dumps(scenario(
        {"A": [man("Ann")], "B": [man(n, at=(20, i), group="g")
                                  for i, n in enumerate(("Bob", "Cy", "Dan", "Eli"))]},
        [{"intents": {"Ann": {"shoot": "Cy"}}}],
        {"Ann": {"initiative": [20], "to_hit": [19, 19], "injury": [19]},
         "g": {"initiative": [1], "morale": [6, 6]}, "Cy": {"after_fight": [1]},
         "Dan": {"after_fight": [1]}},
        groups={"g": {"morale": 3, "leader": "Bob", "rout": "surrender"}})))
    log = run_fight(sc, adjustments={1: {"Dan": {"condition": "down"}}})
    checks = of_kind(log, "morale_checked")
    assert [(m.trigger, m.standing, m.strength, m.total, m.result) for m in checks] == [
        ("halved", 2, 4, 12, "surrender")]
    assert {c.name: c.condition for c in final(log).values() if c.side == "B"} == {
        "Bob": "surrendered", "Cy": "critically_injured", "Dan": "critically_injured",
        "Eli": "surrendered"}


def test_a_group_without_a_morale_rating_never_checks():
    """003 l.83 "Players' prerogative on when their characters fold": no rating, no check."""
    gang = [man("Bob", at=(20, 0), group="pcs")]
    sc = scenario({"A": [man("Ann")], "B": gang}, [{"intents": {"Ann": {"shoot": "Bob"}}}],
                  {"Ann": {"initiative": [20], "to_hit": [16, 16], "injury": [1]}},
                  groups={"pcs": {"leader": "Bob"}})
    assert not of_kind(fight(sc), "morale_checked")


# ---------------------------------------------------------------------- pinned by mutation runs
def test_melee_weapon_modifiers_name_the_weapon():
    """003 l.44: a reach weapon +3, a shorter weapon +2 (each named, for the write-up), tags
    +2 each; fists nothing."""
    def fields(mods):
        return [(m.name, m.value, m.source, m.why, m.times) for m in mods]
    assert fields(rules.melee_weapon_modifiers(3, "spear", ["Brawler"])) == [
        ("reach_weapon", 3, "table", "spear", 1), ("tag", 2, "table", "Brawler", 1)]
    assert fields(rules.melee_weapon_modifiers(2, "knife", [])) == [
        ("short_weapon", 2, "table", "knife", 1)]
    assert fields(rules.melee_weapon_modifiers(0, "fists", [])) == []


def test_a_gun_named_for_a_melee_is_not_the_melee_weapon():
    """003 l.44: the melee weapon is the one named if it is not a gun, else the first melee
    weapon carried, else fists (None)."""
    from narrator.dice import ScriptedDice
    from narrator.rulesets.violence.fight import ViolenceFight, profile_of
    sc = scenario({"A": [man("Ann", weapons=("revolver", "knife", "club"))],
                   "B": [man("Bob", at=(2, 0))]}, [{"intents": {}}])
    loaded = load_scenario_text(json.dumps(sc))
    f = ViolenceFight(loaded.scenario, ScriptedDice({}, 1, "seeded"),
                      profile_of(loaded.scenario), 1)
    ann, bob = f.fighters["Ann"], f.fighters["Bob"]
    assert [(n, f.melee_arms(ann, n).key) for n in ("revolver", "club", None)] == [
        ("revolver", "knife"), ("club", "club"), (None, "knife")]
    assert f.melee_arms(bob, "revolver") is None and f.melee_arms(bob, None) is None


def test_a_blocked_action_carries_its_round():
    """Ann snipes with an empty gun (blocked: empty); Cal starts a melee with Bob, then Dee
    tries one with Bob too (blocked: Bob is in a melee with Cal): both in round 1."""
    sc = scenario({"A": [man("Cal", at=(1, 0)), man("Dee", at=(1, 1)),
                         {"name": "Ann", "at": [0, 0],
                          "weapons": [{"type": "revolver", "loaded": 0}]}],
                   "B": [man("Bob", at=(2, 0))]},
                  [{"intents": {"Ann": {"snipe": "Bob"}, "Cal": {"melee": "Bob"},
                                "Dee": {"melee": "Bob"}}}],
                  {"Cal": {"initiative": [20], "melee": [6]}, "Dee": {"initiative": [15]},
                   "Ann": {"initiative": [10]}, "Bob": {"initiative": [1], "melee": [5]}})
    log = fight(sc)
    assert [(b.turn, b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "action_blocked")] == [
        (1, "Dee", "melee", "target_in_melee", "Bob", "Cal"),
        (1, "Ann", "snipe", "empty", "Bob", "revolver")]


@pytest.mark.parametrize("turn, band, why", [(1, "close", "narrow"), (2, "long", None)])
def test_a_range_band_ruling_for_one_round_holds_in_that_round_only(turn, band, why):
    """A ruling with ``turn: N`` fixes the band in round N only; Ann shoots in round 1 (20
    yards with bands 5/15: long, unless ruled)."""
    ann = {"name": "Ann", "at": [0, 0], "weapons": [{"type": "coach_gun"}]}
    sc = scenario({"A": [ann], "B": [man("Bob", at=(20, 0))]},
                  [{"intents": {"Ann": {"shoot": "Bob"}}}, {"intents": {}}],
                  {"Ann": {"to_hit": [1, 1], "initiative": [20, 20]},
                   "Bob": {"initiative": [1, 1]}},
                  bands={"close": 5, "medium": 15},
                  rulings=[{"turn": turn, "range_band": {"between": ["Ann", "Bob"],
                                                         "band": "close"}, "why": "narrow"}])
    shot = of_kind(fight(sc), "gun_fired")[0]
    assert (shot.band, shot.band_ruling) == (band, why)
