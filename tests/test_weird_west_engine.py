"""The Weird West engine (source 004) fought with scripted cards and dice: the chapter's
examples played through whole rounds, and properties of seeded fights."""

from __future__ import annotations

import json

import pytest

from narrator.engine import run_fight
from narrator.scenario import loader


def load(sc: dict, path: str = "<string>"):
    """Load a Weird West scenario dict through the shared YAML loader (JSON is YAML)."""
    return loader.load_scenario_text(json.dumps(sc), path)


def fight(sc: dict, seed: int | None = None):
    return run_fight(load(sc), seed)


def of(log, kind: str, **match) -> list:
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


def man(name: str, at, **kw) -> dict:
    return {"name": name, "at": list(at), **kw}


def scenario(sides: dict, turns: list | None = None, dice: dict | None = None, **kw) -> dict:
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "sides": sides,
          "turns": turns or [{"intents": {}}], "dice_fallback": "seeded"}
    if dice:
        sc["dice"] = dice
    sc.update(kw)
    return sc


def test_fanning_six_shots_three_raises_four_hits_through_the_engine_l162():
    """004 l.162: the Kid fans six shots at three bandits standing a yard apart; shootin':
    pistol 2 on Deftness d8 at 5 yards, TN 5; dice 8, 8, 6 (22) and 3; -2 fanning: 20, three
    raises: four hits, the first on the target he chose, the next on bandits within 2 yards,
    each with its own location (20 noggin, 15 upper guts, 5 lower guts, 12 arms)."""
    sc = scenario(
        {"kid": [man("Kid", (0, 0), traits={"deftness": "2d8"},
                     aptitudes={"shootin": {"pistol": 2}}, weapons=[{"type": "colt_peacemaker"}])],
         "gang": [man("Al", (5, 0), vamoose=False), man("Bo", (5, 1), vamoose=False),
                  man("Cy", (5, 2), vamoose=False)]},
        [{"intents": {"Kid": {"fan": ["Al", "Bo", "Cy"], "shots": 6}}}],
        {"Kid": {"cards": ["AS"], "shootin": [8, 8, 6, 3], "location": [20, 15, 5, 12],
                 "side": [2]},
         "Al": {"cards": ["2C"]}, "Bo": {"cards": ["3C"]}, "Cy": {"cards": ["4C"]}})
    log = fight(sc)
    shot = of(log, "ww_shot")[0]
    assert (shot.fanned, shot.hits, shot.roll.total, shot.roll.raises) == (6, 4, 20, 3)
    assert shot.rounds_left == 0
    assert [(e.target, e.location) for e in of(log, "ww_hit_located")] == [
        ("Al", "noggin"), ("Bo", "upper_guts"), ("Cy", "lower_guts"), ("Bo", "arms")]


def test_vamoose_16_beats_the_hit_of_14_through_the_engine_l201():
    """004 l.201: the bandit hits with 14 (shootin': pistol 1, d12: 12 aces, 2: 14, TN 5 at 10
    yards... 1 increment, TN 6); you hold the 8 of spades, the highest card you have left,
    and spend it on a dodge of 16 (6, 6, 4): the bullet misses and no location is rolled."""
    sc = scenario(
        {"you": [man("You", (0, 0), traits={"nimbleness": "2d6"}, aptitudes={"dodge": 2},
                     weapons=[{"type": "colt_peacemaker"}])],
         "gang": [man("Bandit", (10, 0), traits={"deftness": "1d12"},
                      aptitudes={"shootin": {"pistol": 1}},
                      weapons=[{"type": "colt_peacemaker"}])]},
        [{"intents": {"Bandit": {"shoot": "You"}, "You": [{"hold": True}, {"hold": True}]}}],
        {"Bandit": {"cards": ["KH"], "shootin": [12, 2]},
         "You": {"cards": ["8S", "3D"], "vamoose": [6, 6, 4, 2], "quickness": [6, 1]}})
    log = fight(sc)
    shot = of(log, "ww_shot")[0]
    assert shot.hit and shot.roll.total == 14 and shot.tn == 6
    v = of(log, "ww_vamoosed")[0]
    assert (v.card, v.roll.total, v.against, v.success) == ("8S", 16, 14, True)
    assert not of(log, "ww_hit_located")


def test_vamoose_spends_the_highest_card_a_joker_before_an_ace():
    """004 l.188 "your highest remaining Action Card", W3/WN1: a joker is higher than any
    Ace. The cards are ordered as they are called, highest first, so the engine spends the
    least of them (``cards.highest``): of the Ace of spades and the red joker, the joker."""
    sc = scenario(
        {"you": [man("You", (0, 0), traits={"nimbleness": "2d6"}, aptitudes={"dodge": 2},
                     weapons=[{"type": "colt_peacemaker"}])],
         "gang": [man("Bandit", (10, 0), traits={"deftness": "1d12"},
                      aptitudes={"shootin": {"pistol": 1}},
                      weapons=[{"type": "colt_peacemaker"}])]},
        [{"intents": {"Bandit": {"shoot": "You"}, "You": [{"hold": True}, {"hold": True}]}}],
        {"Bandit": {"cards": ["joker_black"], "shootin": [12, 2]},  # (he shoots first)
         "You": {"cards": ["AS", "joker_red"], "vamoose": [6, 6, 4, 2], "quickness": [6, 4]}})
    log = fight(sc)  # (Quickness 6 aces + 4 = 10: one raise, two cards)
    assert of(log, "ww_cards_dealt")[0].order == (
        ("joker_black", "Bandit"), ("joker_red", "You"), ("AS", "You"))
    v = of(log, "ww_vamoosed")[0]
    assert (v.card, v.roll.total, v.against, v.success) == ("joker_red", 16, 14, True)


def test_cards_are_called_ace_down_and_jokers_first():
    """W3, WN1: the red joker acts before the king; each card one action."""
    sc = scenario(
        {"a": [man("Ann", (0, 0), weapons=[{"type": "colt_peacemaker"}])],
         "b": [man("Bob", (30, 0), weapons=[{"type": "colt_peacemaker"}])]},
        [{"intents": {"Ann": {"hold": True}, "Bob": {"hold": True}}}],
        {"Ann": {"cards": ["KS"], "quickness": [3, 3]}, "Bob": {"cards": ["joker_red"],
                                                           "quickness": [2, 2]}})
    log = fight(sc)
    dealt = of(log, "ww_cards_dealt")[0]
    assert dealt.order == (("joker_red", "Bob"), ("KS", "Ann"))
    assert [e.character for e in of(log, "ww_simple", what="hold")] == ["Bob", "Ann"]


def test_wooden_bar_even_die_goes_through_with_lowered_dice_l128():
    """004 l.128: the bandit behind a wooden bar is hit in the lower guts (7); the d6 shows 4:
    through; a Winchester '76's 2d10 lowered two steps by Armor 2 are 2d6. (Shootin': rifle 3
    on d8: 7, 4, 3; 7 - 2 for a man half hidden = 5, TN 5 at 15 yards: a hit.)"""
    sc = scenario(
        {"a": [man("Ann", (0, 0), traits={"deftness": "3d8"}, aptitudes={"shootin": {"rifle": 3}},
                   weapons=[{"type": "winchester_76"}])],
         "b": [man("Bandit", (15, 0), cover={"material": "wood"}, vamoose=False)]},
        [{"intents": {"Ann": {"shoot": "Bandit"}}}],
        {"Ann": {"cards": ["AS"], "shootin": [7, 4, 3], "location": [7], "deflect": [4],
                 "damage": [3, 5]}})
    log = fight(sc)
    cov = of(log, "ww_cover_struck")[0]
    assert (cov.die, cov.deflected, cov.armor, cov.lowered) == (4, False, 2, ((10, 6),))
    dmg = of(log, "ww_damage")[0]
    assert dmg.total == 8 and dmg.wounds == 1 and dmg.track == "guts"


@pytest.mark.parametrize("seed", range(12))
def test_seeded_tactics_fights_replay_and_the_out_never_act(seed):
    """Same scenario and seed: the same log; a dead or winded man plays no card after; no
    location passes maimed."""
    sc = scenario(
        {"posse": [man("Ann", (0, 0), tactics="aggressive", chips={"white": 1},
                       aptitudes={"shootin": {"pistol": 3}, "dodge": 1},
                       weapons=[{"type": "colt_peacemaker"}]),
                   man("Cal", (0, 4), tactics="cautious", aptitudes={"shootin": {"shotgun": 2}},
                       weapons=[{"type": "double_barrel_shotgun"}])],
         "gang": [man("Bob", (25, 0), tactics="gunslinger", aptitudes={"shootin": {"pistol": 2}},
                      weapons=[{"type": "colt_peacemaker"}]),
                  man("Dan", (22, -4), tactics="coward", aptitudes={"shootin": {"pistol": 1}},
                      weapons=[{"type": "derringer"}]),
                  man("Zed", (20, 8), undead=True, tactics="undead",
                      aptitudes={"fightin": {"brawlin": 3}})]},
        turns=[], max_turns=10,
        map={"wagon": {"at": [3, 3], "cover": {"material": "plank"}}})
    del sc["turns"]
    a, b = fight(sc, seed), fight(sc, seed)
    assert a.to_json() == b.to_json()
    out: set[str] = set()
    actors = ("ww_shot", "ww_fought", "ww_moved", "ww_aimed", "ww_drew", "ww_reloaded",
              "ww_simple", "ww_gave_up")
    for e in a.events:
        if e.kind in actors:
            assert e.character not in out, (seed, e)
        if e.kind == "ww_gave_up":      # fled or surrendered: out (W18, WN24)
            out.add(e.character)
        if e.kind == "ww_damage" and (e.died or e.winded):
            out.add(e.target)
        if e.kind == "ww_round_ended":
            out |= {b.character for b in e.bleeding if b.winded}
        if e.kind == "ww_status":
            for s in e.status:
                assert all(0 <= lv <= 5 for _, lv in s.levels)
                if s.condition in ("dead", "winded"):
                    out.add(s.name)


# ---------------------------------------------------------------- rulings through the engine
def duel(ann_plan, bob_plan=None, ann=None, bob=None, dice=None, rounds=1, **kw):
    """Ann (side a) against Bob (side b) 8 yards apart; Ann holds the ace of spades, Bob the
    deuce of clubs, one card each unless the Quickness dice say otherwise."""
    a = {"name": "Ann", "at": [0, 0], "traits": {"deftness": "1d6", "quickness": "1d6",
                                                 "nimbleness": "1d6", "vigor": "1d6"},
         "aptitudes": {"shootin": {"pistol": 1}}, "weapons": [{"type": "colt_peacemaker"}],
         **(ann or {})}
    b = {"name": "Bob", "at": [8, 0], "traits": {"quickness": "1d6", "vigor": "1d6",
                                                 "nimbleness": "1d6"},
         "vamoose": False, **(bob or {})}
    d = {"Ann": {"cards": ["AS"], "quickness": [5]}, "Bob": {"cards": ["2C"], "quickness": [5]}}
    for who, ps in (dice or {}).items():
        d.setdefault(who, {}).update(ps)
    turns = [{"intents": {"Ann": ann_plan, **({"Bob": bob_plan} if bob_plan else {})}}]
    turns += [{"intents": {}} for _ in range(rounds - 1)]
    sc = scenario({"a": [a], "b": [b]}, turns, d, **kw)
    sc["dice_fallback"] = "error"
    return fight(sc)


def test_a_shootin_bust_jams_the_gun_without_spending_a_round_and_an_action_clears_it():
    """W20(a): d6 showing 1 busts: the Peacemaker jams before it fires (6 rounds stay); a
    second card (Quickness 6+4 = 10: one raise, two cards) clears it."""
    log = duel([{"shoot": "Bob"}, {"clear": True}],
               dice={"Ann": {"cards": ["AS", "KS"], "quickness": [6, 4], "shootin": [1]}})
    shot = of(log, "ww_shot")[0]
    assert shot.jammed and not shot.hit and shot.rounds_left == 6 and shot.roll.bust
    clear = of(log, "ww_simple", what="clear")[0]
    assert (clear.card, clear.why, clear.weapon) == ("KS", "", "Colt Peacemaker")


def test_a_chip_is_spent_before_wind_and_stun():
    """W16, W20(b): Ann hits Bob (d6 5, TN 5) in the gizzards (10): 3d6 + 1d6 = 5 + 5 + 4 + 4
    = 18, three wounds, which would make the guts serious; Bob's blue chip negates all three:
    no wound, no stun roll, but a hit that did damage still costs a d6 of Wind (3)."""
    log = duel([{"shoot": "Bob"}], bob={"chips": {"blue": 1, "white": 1}},
               dice={"Ann": {"shootin": [5], "location": [10], "damage": [5, 5, 4, 4]},
                     "Bob": {"wind": [3]}})
    dmg = of(log, "ww_damage")[0]
    assert (dmg.total, dmg.wounds, dmg.chip, dmg.negated) == (18, 3, "blue", 3)
    assert dmg.level_after == 0 and dmg.wind_dice == (3,) and dmg.wind_left == 12 - 3
    assert not of(log, "ww_stun")


def test_a_failed_stun_roll_loses_the_cards_left():
    """W10: Bob (two cards: Quickness 6+4) is hit first on Ann's ace; one wound (3d6 = 6 + 1
    aced... 3 + 2 + 2 = 7); Vigor 1d6 shows 2 against TN 5 + 1 = 6: stunned, his two cards are
    lost and he never acts."""
    log = duel([{"shoot": "Bob"}], [{"shoot": "Ann"}, {"shoot": "Ann"}],
               bob={"aptitudes": {"shootin": {"pistol": 1}},
                    "weapons": [{"type": "colt_peacemaker"}]},
               dice={"Ann": {"shootin": [5], "location": [16], "damage": [3, 2, 2]},
                     "Bob": {"cards": ["2C", "3C"], "quickness": [6, 4], "wind": [2],
                             "stun": [2]}})
    stun = of(log, "ww_stun")[0]
    assert stun.roll.tn == 6 and stun.stunned and stun.cards_lost == ("3C", "2C")
    assert not of(log, "ww_shot", character="Bob")


def test_fists_come_off_wind_only():
    """W12: Ann's fists (Strength 1d6) hit Bob half a yard away at the noggin (20), which adds
    two dice of the Strength die (WN13): 5 + 2 + 1 = 8, all off his Wind (12 -> 4), no
    wounds."""
    log = duel([{"fight": "Bob"}], ann={"at": [7.5, 0], "traits": {"strength": "1d6",
                                                                   "nimbleness": "1d6",
                                                                   "quickness": "1d6"},
                                        "aptitudes": {"fightin": {"brawlin": 1}}, "weapons": []},
               dice={"Ann": {"fightin": [5], "location": [20], "damage": [5, 2, 1]}})
    dmg = of(log, "ww_damage")[0]
    assert dmg.wind_only and dmg.total == 8 and dmg.wounds == 0 and dmg.wind_lost == 8
    assert dmg.level_after == 0 and dmg.wind_left == 12 - 8


def test_the_walking_dead_fall_only_to_a_maimed_noggin():
    """W19: a dead man with his guts maimed (6d6 of fives: 30, five wounds) keeps coming, no
    Wind, no stun roll; a second hit at the noggin (6d6 + 2d6 of fives: 40, six wounds) maims
    it and puts him down."""
    log = duel([{"shoot": "Bob"}, {"shoot": "Bob"}],
               ann={"weapons": [{"type": "colt_peacemaker", "damage": "6d6"}]},
               bob={"undead": True},
               dice={"Ann": {"cards": ["AS", "KS"], "quickness": [6, 4], "shootin": [5, 5],
                             "location": [7, 20], "damage": [5] * 14}})
    first, second = of(log, "ww_damage")
    assert first.track == "guts" and first.level_after == 5 and first.maimed == "none"
    assert not first.died and first.wind_dice == () and not of(log, "ww_stun")
    assert second.track == "noggin" and second.died and second.maimed == "dead"
    assert log.events[-1].standing == ("a",)


def test_black_joker_reshuffles_at_round_end_and_a_held_card_goes_up_the_sleeve():
    """W3, WN11: Ann holds the black joker and the king and holds both: the joker, the higher,
    goes up her sleeve (Bob's deuce up his); the black joker shuffles the deck whole at the
    round's end, and next round the joker comes back with her new card."""
    log = duel([{"hold": True}, {"hold": True}], rounds=2,
               dice={"Ann": {"cards": ["joker_black", "KS", "QS"], "quickness": [6, 4, 5]},
                     "Bob": {"cards": ["2C", "3C"], "quickness": [5, 5]}})
    end = of(log, "ww_round_ended")[0]
    assert end.reshuffle and end.sleeves == (("Ann", "joker_black"), ("Bob", "2C"))
    deal2 = of(log, "ww_cards_dealt")[1]
    ann = next(d for d in deal2.deals if d.character == "Ann")
    assert ann.sleeve == "joker_black" and ann.cards == ("QS",)


def test_a_quick_draw_draws_free_and_shoots_on_the_same_card():
    """W17: the holstered Peacemaker, quick draw 1 on Deftness d6: 5 against TN 5, a success:
    drawn free, and the shot goes off on the ace."""
    log = duel([{"shoot": "Bob", "quick_draw": True}],
               ann={"aptitudes": {"shootin": {"pistol": 1}, "quick_draw": 1},
                    "weapons": [{"type": "colt_peacemaker", "holstered": True}]},
               dice={"Ann": {"quick_draw": [5], "shootin": [2]}})
    drew = of(log, "ww_drew")[0]
    assert drew.free and drew.card == "AS"
    assert of(log, "ww_shot")[0].card == "AS"


def test_a_prone_target_beyond_5_yards_is_hit_only_high():
    """004 l.117: Bob lies prone 8 yards off; a hit on the legs (3) misses him."""
    log = duel([{"shoot": "Bob"}], bob={"prone": True},
               dice={"Ann": {"shootin": [5], "location": [3], "side": [1]}})
    assert of(log, "ww_hit_located")[0].result == "prone_miss"
    assert not of(log, "ww_damage")


def test_a_shotgun_does_not_reach_past_five_increments():
    """W14: a sawed-off (5-yard increment) at 30 yards is six full increments: no shot."""
    log = duel([{"shoot": "Bob"}], ann={"weapons": [{"type": "sawed_off_shotgun"}]},
               bob={"at": [30, 0]})
    refused = of(log, "ww_simple")[0]
    assert refused.why == "out_of_reach" and not of(log, "ww_shot")


# ---------------------------------------------------------------- more of 004's examples, fought
def test_ronan_pace_8_moves_10_3_3_and_no_more_than_16_a_round_l34():
    """004 l.34: Ronan, Pace 8, four cards (Quickness 1d6: 6 aces, 6 aces, 6 aces, 2 = 20: three
    raises): 10 yards, 3, 3, then 5 more asked but the round's 16 are spent: he stays."""
    ron = man("Ronan", (0, 0), pace=8, traits={"quickness": "1d6"})
    sc = scenario({"a": [ron], "b": [man("Bob", (100, 0))]},
                  [{"intents": {"Ronan": [{"move": [10, 0]}, {"move": [13, 0]}, {"move": [16, 0]},
                                          {"move": [21, 0]}]}}],
                  {"Ronan": {"cards": ["AS", "KS", "QS", "JS"], "quickness": [6, 6, 6, 2]}})
    log = fight(sc)
    moves = of(log, "ww_moved")
    assert [(m.yards, m.running) for m in moves] == [(10, True), (3, False), (3, False)]
    assert moves[-1].end == (16.0, 0.0)


def test_ronan_running_12_yards_shoots_at_minus_4_l42():
    """004 l.40-42: 12 yards on one action is more than Pace 8: the shot of that action is at
    -4 (running); Ronan's d6 shows 6+3 = 9 - 4 = 5 against TN 5 at 8 yards: a hit."""
    ron = man("Ronan", (0, 0), pace=8, traits={"deftness": "1d6"},
              aptitudes={"shootin": {"pistol": 1}}, weapons=[{"type": "colt_peacemaker"}])
    sc = scenario({"a": [ron], "b": [man("Bob", (20, 0), vamoose=False)]},
                  [{"intents": {"Ronan": {"move": [12, 0], "shoot": "Bob"}}}],
                  {"Ronan": {"cards": ["AS"], "shootin": [6, 3]}})
    log = fight(sc)
    assert of(log, "ww_moved")[0].running
    shot = of(log, "ww_shot")[0]
    assert [(m.name, m.value) for m in shot.roll.modifiers] == [("running", -4)]
    assert (shot.roll.total, shot.tn, shot.hit) == (5, 5, True)


def test_two_peacemakers_fire_once_each_at_minus_2_and_minus_6_l173():
    """004 l.166-173: both Peacemakers in hand (the second drawn on the ace), one shot each on
    the king: the main hand at -2, the off hand at -6, each its own roll (4d10: 9, 5, 3, 2 ->
    9 - 2 = 7, a hit at TN 5; 8, 4, 3, 2 -> 8 - 6 = 2, a miss)."""
    kid = man("Kid", (0, 0), traits={"deftness": "4d10", "quickness": "1d6"},
              aptitudes={"shootin": {"pistol": 4}},
              weapons=[{"type": "colt_peacemaker"}, {"type": "colt_peacemaker", "name": "left"}])
    sc = scenario({"a": [kid], "b": [man("Bob", (5, 0), vamoose=False)]},
                  [{"intents": {"Kid": [{"draw": "left"}, {"shoot": "Bob", "two_guns": True}]}}],
                  {"Kid": {"cards": ["AS", "KS"], "quickness": [6, 4],
                           "shootin": [9, 5, 3, 2, 8, 4, 3, 2]}})
    log = fight(sc)
    main, off = of(log, "ww_shot")
    assert (main.hand, sum(m.value for m in main.roll.modifiers), main.roll.total, main.hit) == \
        ("main", -2, 7, True)
    assert (off.hand, sum(m.value for m in off.roll.modifiers), off.roll.total, off.hit) == \
        ("off", -6, 2, False)
    assert (main.weapon, off.weapon) == ("Colt Peacemaker", "left")


def test_aiming_three_actions_then_firing_on_the_fourth_at_plus_6_l144():
    """004 l.144: four cards, three spent aiming (+2, +4, +6), the shot on the fourth at +6:
    a d6 showing 2 makes 8 against TN 5."""
    ann = man("Ann", (0, 0), traits={"deftness": "1d6", "quickness": "1d6"},
              aptitudes={"shootin": {"pistol": 1}}, weapons=[{"type": "colt_peacemaker"}])
    sc = scenario({"a": [ann], "b": [man("Bob", (8, 0), vamoose=False)]},
                  [{"intents": {"Ann": [{"aim": "Bob"}, {"aim": "Bob"}, {"aim": "Bob"},
                                        {"shoot": "Bob"}]}}],
                  {"Ann": {"cards": ["AS", "KS", "QS", "JS"], "quickness": [6, 6, 6, 2],
                           "shootin": [2]}})
    log = fight(sc)
    assert [e.bonus for e in of(log, "ww_aimed")] == [2, 4, 6]
    shot = of(log, "ww_shot")[0]
    assert [(m.name, m.value) for m in shot.roll.modifiers] == [("aiming", 6)]
    assert shot.roll.total == 8 and shot.hit


def deck_after_each_round(monkeypatch, sc: dict, seed: int | None = None):
    """Fight ``sc`` and return, after each round's end, the cards in the pile, the discards,
    the hands and held cards, and up the sleeves (the engine's own lists)."""
    from narrator.rulesets.weird_west.fight import WeirdWestFight
    seen = []
    end_round = WeirdWestFight.end_round

    def watched(self, t, black):
        end_round(self, t, black)
        men = list(self.fighters.values())
        seen.append((t, [*self.deck.pile, *self.deck.discards,
                         *(c for f in men for c in f.cards_left()),
                         *(f.sleeve for f in men if f.sleeve is not None)]))

    monkeypatch.setattr(WeirdWestFight, "end_round", watched)
    log = fight(sc, seed)
    return log, seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_held_card_is_never_discarded_twice_nor_while_up_a_sleeve(monkeypatch, seed):
    """W3, WN11: the deck is 54 cards, each in one place: the pile, the discards, a hand or
    up a sleeve. Two men with no orders and no tactics hold every card for 40 rounds (a held
    card is not played: it stays his, and the best card left goes up his sleeve at the
    round's end), so the pile runs out and takes the discards back many times; after every
    round every card is somewhere exactly once."""
    from narrator.rulesets.weird_west.cards import all_cards
    men = {"a": [man("Ann", (0, 0), traits={"quickness": "3d10"})],
           "b": [man("Bob", (30, 0), traits={"quickness": "3d10"})]}
    log, seen = deck_after_each_round(monkeypatch, scenario(men, max_turns=40), seed)
    assert len(seen) == 40 and len(of(log, "ww_simple", what="hold")) > 100
    for t, cards in seen:
        assert sorted(cards) == sorted(all_cards()), (t, len(cards), len(set(cards)))
