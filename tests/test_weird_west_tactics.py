"""Weird West tactics (narrator/rulesets/weird_west/tactics.py), one decision at a time: what
``decide`` picks for a card with no declared action, in small fights set up (not run) with the
state each decision turns on; the chances worked by hand from W2 (a die on its top face aces,
the best die kept, more than half the dice showing 1 bust). Then giving up (W18, ruled: WN24)
and a gun shot from the hand (004 l.136, ruled: WN23) fought through the engine."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.rulesets.weird_west import tactics
from narrator.rulesets.weird_west.fight import WeirdWestFight
from narrator.scenario import loader


def setup(ann: dict, bob: dict | None = None, *more, **kw) -> WeirdWestFight:
    """Ann (posse, at the origin) against Bob (gang, 10 yards east) and ``more`` of the gang;
    a wagon with plank cover 6 yards north of Ann. Set up, not run."""
    a = {"name": "Ann", "at": [0, 0], "tactics": "aggressive",
         "weapons": [{"type": "colt_peacemaker"}], **ann}
    b = {"name": "Bob", "at": [10, 0], "weapons": [{"type": "colt_peacemaker"}], **(bob or {})}
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "max_turns": 3,
          "map": {"wagon": {"at": [0, 6], "cover": {"material": "plank"}}},
          "sides": {"posse": [a], "gang": [b, *more]}, **kw}
    ld = loader.load_scenario_text(json.dumps(sc))
    return WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)


def decide(f: WeirdWestFight, name: str = "Ann"):
    return tactics.decide(f, 1, f.fighters[name])


# ---------------------------------------------------------------- the chance of a shot, by hand
def test_the_exact_chance_of_one_and_two_dice():
    """1d6 against TN 5: 5 or 6 (1/3); TN 7: a 6 that aces (1/6); TN 11: 6 then 5 or 6
    (1/18). 2d12 against TN 11: at least one die 11 or 12: 1 - (10/12)^2 = 11/36; a bust
    (both 1) cannot reach it."""
    assert tactics.chance(1, 6, 0, 5) == pytest.approx(1 / 3)
    assert tactics.chance(1, 6, -2, 5) == pytest.approx(1 / 6)
    assert tactics.chance(1, 6, -6, 5) == pytest.approx(1 / 18)
    assert tactics.chance(2, 12, -6, 5) == pytest.approx(11 / 36)
    # 3d12 against TN 5: a die of 5 or more, less the busts (two 1s and a die of 5+)
    assert tactics.chance(3, 12, 0, 5) == pytest.approx(
        float(1 - Fraction(4, 12) ** 3 - 3 * Fraction(1, 12) ** 2 * Fraction(8, 12)))


# ---------------------------------------------------------------- aim, fan, cover, the dead
def test_aims_when_the_chance_is_poor_and_shoots_when_it_is_not():
    """Ann, shootin': pistol 1 on Deftness 1d6, at Bob 10 yards off (TN 6): a 6 that aces, 1/6,
    below the aggressive 35%: with another card she aims. At 5 yards (TN 5, 1/3 = 33%) she
    still aims; cautious she aims below 55%. With 2d6 at TN 5 (1 - (4/6)^2 = 5/9, less no bust
    that reaches) she shoots."""
    f = setup({"traits": {"deftness": "1d6"}, "aptitudes": {"shootin": {"pistol": 1}}})
    ann = f.fighters["Ann"]
    ann.hand = [object()]      # another card to come this round
    assert tactics.shot_chance(f, ann, f.fighters["Bob"], ann.weapons[0]) == pytest.approx(1 / 6)
    assert decide(f).aim == "Bob"
    ann.hand = []              # no card after this one: aiming would be wasted
    assert decide(f).shoot == "Bob"
    f = setup({"traits": {"deftness": "2d6"}, "aptitudes": {"shootin": {"pistol": 2}}},
              {"at": [5, 0]})
    f.fighters["Ann"].hand = [object()]
    a = decide(f)
    assert a.shoot == "Bob" and a.aim is None


def test_fans_at_a_crowd_when_the_fanning_roll_has_a_fair_chance():
    """004 l.146-162: Ann with a Peacemaker (single action), a free hand and shootin': pistol 3
    on 3d10, at Bob and Cy a yard apart, 15 yards off: the fanning roll (TN 6, -2: a die of 8
    or more) has 1 - (7/10)^3 = 65.7% (less the busts, 3 x (1/10)^2 x 3/10 = 0.9%): she fans
    at both. A double-action Lightning cannot be fanned: she shoots."""
    ann = {"traits": {"deftness": "3d10"}, "aptitudes": {"shootin": {"pistol": 3}}}
    f = setup(ann, {"at": [15, 0]}, {"name": "Cy", "at": [15, 1]})
    p = tactics.fan_chance(f, f.fighters["Ann"], f.fighters["Bob"], f.fighters["Ann"].weapons[0])
    assert p == pytest.approx(1 - 0.7 ** 3 - 3 * 0.01 * 0.3)
    a = decide(f)
    assert a.fan == ["Bob", "Cy"] and a.weapon == "colt_peacemaker"
    f = setup({**ann, "weapons": [{"type": "colt_lightning"}]}, {"at": [15, 0]},
              {"name": "Cy", "at": [15, 1]})
    a = decide(f)
    assert a.fan is None and a.shoot == "Bob" and a.shots == 2


def test_cautious_runs_for_cover_in_reach_and_the_coward_shoots_only_from_it():
    """A cautious man without cover runs for the wagon 6 yards off (within 2 x Pace 6); behind
    it he shoots. The wagon out of reach (20 yards), he shoots where he stands."""
    f = setup({"tactics": "cautious", "aptitudes": {"shootin": {"pistol": 3}},
               "traits": {"deftness": "3d8"}})
    assert decide(f).move == "wagon"
    f.fighters["Ann"].pos = (0.0, 6.0)
    f.place_cover(f.fighters["Ann"])
    assert f.fighters["Ann"].cover is not None and decide(f).shoot == "Bob"
    far = setup({"tactics": "cautious", "aptitudes": {"shootin": {"pistol": 3}},
                 "traits": {"deftness": "3d8"}}, map={"wagon": {"at": [0, 20],
                                                                "cover": {"material": "plank"}}})
    assert decide(far).shoot == "Bob"


def test_against_the_walking_dead_a_shooter_calls_the_noggin():
    """W19: only a maimed noggin stops the dead. Ann, pistol 4 on 4d12 with a Colt Lightning,
    at a dead man 5 yards
    off (TN 5): the called shot at the noggin is at -6 (a die of 11 or more: 1 - (10/12)^4 =
    51.8%, less the busts): above 30%, she calls it."""
    f = setup({"traits": {"deftness": "4d12"}, "aptitudes": {"shootin": {"pistol": 4}},
               "weapons": [{"type": "colt_lightning"}]},     # double action: not fanned
              {"at": [5, 0], "undead": True, "weapons": []})
    a = decide(f)
    assert a.shoot == "Bob" and a.called == "noggin"


def test_the_dead_walk_at_the_living_and_strike_within_a_yard():
    f = setup({"tactics": "undead", "undead": True, "weapons": [], "traits": {"nimbleness": "2d6"}})
    a = decide(f)
    assert a.move == (6.0, 0.0) and a.fight is None          # Pace 6, one action's walk
    f.fighters["Ann"].pos = (9.2, 0.0)
    assert decide(f).fight == "Bob"


def test_a_walk_of_his_pace_on_a_slant_stays_within_it_and_is_not_running():
    """004 l.38 (W5): running is MORE than Pace on one action. The dead walk their Pace: Ann
    (Pace 5) at (15, -2) walking at Bob at (2, 2) ends where the 0.01-yard map grid puts her;
    rounding each coordinate to the nearest (10.22, -0.53) was 5.0009 yards, a hair over her
    Pace, and made her a running target (-2 to hit her, W6). The grid point kept is within
    5 yards, and the move is a walk."""
    from narrator.rulesets.weird_west.cards import card
    f = setup({"tactics": "undead", "undead": True, "weapons": [], "pace": 5, "at": [15, -2]},
              {"at": [2, 2]})
    ann = f.fighters["Ann"]
    a = decide(f)
    assert a.move is not None and a.fight is None
    assert 4.99 <= math.dist((15.0, -2.0), a.move) <= 5.0
    f.move(1, ann, card("AS"), a.move)
    assert f.events[-1].yards <= 5.0 and not f.events[-1].running and not ann.running


def test_the_dead_close_the_last_hair_of_a_yard_and_strike():
    """WN16: a blow reaches 1 yard. Ann dead at (3.0, 2.07), Bob at (2, 2): 1.0024 yards, a
    hair outside reach. She used to step the 0.0024 yards, which the 0.01-yard grid rounds to
    no move at all, card after card; now she steps a hair inside reach and strikes."""
    f = setup({"tactics": "undead", "undead": True, "weapons": [], "pace": 6, "at": [3.0, 2.07]},
              {"at": [2, 2]})
    a = decide(f)
    assert a.fight == "Bob"
    assert a.move is not None and math.dist(a.move, (2.0, 2.0)) <= 1.0
    assert math.dist(a.move, (3.0, 2.07)) <= 0.03


def test_a_move_to_where_he_stands_holds_the_card_and_says_so():
    """A card whose only action is a move that goes nowhere (he stands there already) is
    held, and the write-up tells it, not spent in silence."""
    from narrator.rulesets.weird_west.cards import card
    from narrator.rulesets.weird_west.scenario import Action
    f = setup({})
    ann = f.fighters["Ann"]
    ann.plan = [Action(move=[0.0, 0.0])]
    f.act(1, ann, card("AS"))
    assert [(e.kind, getattr(e, "what", None)) for e in f.events[-1:]] == [("ww_simple", "hold")]
    assert [c.code for c in ann.held] == ["AS"]


def test_no_fanning_a_gun_drawn_into_the_only_free_hand():
    """004 l.150: fanning takes a free hand. Ann (a gunslinger with quick draw) holds an empty
    Peacemaker in her right hand and has a loaded one holstered: drawn, it is in her left
    hand with the right full, so she cannot fan it (the fight refuses it and the card is
    lost); she shoots it instead."""
    f = setup({"tactics": "gunslinger", "traits": {"deftness": "4d10"},
               "aptitudes": {"shootin": {"pistol": 4}, "quick_draw": 3},
               "weapons": [{"type": "colt_peacemaker"},
                           {"type": "colt_peacemaker", "name": "left gun"}]}, {"at": [3, 0]})
    ann = f.fighters["Ann"]
    ann.weapons[0].loaded = 0
    a = decide(f)
    assert a.fan is None and a.shoot == "Bob" and a.weapon == "left gun" and a.quick_draw


# ---------------------------------------------------------------- two guns (004 l.164-173)
TWO = {"traits": {"deftness": "2d12"}, "aptitudes": {"shootin": {"pistol": 2}},
       "weapons": [{"type": "colt_peacemaker"}, {"type": "colt_peacemaker", "name": "left gun"}]}


def test_two_pistols_in_hand_fire_both_when_that_hits_more():
    """2d12 at Bob 10 yards off (TN 6): one gun hits on a die of 6+, 1 - (5/12)^2 = 119/144
    = 0.826; the main hand at -2 (8+) 1 - (7/12)^2 = 95/144, the off hand at -6 (12, which
    aces) 1 - (11/12)^2 = 23/144: 118/144 = 0.819 in all, less: one gun. At 5 yards (TN 5):
    one gun 1 - (4/12)^2 = 0.889; two 1 - (6/12)^2 + 1 - (10/12)^2 = 0.75 + 0.306 = 1.056: both."""
    f = setup(TWO)
    ann, bob = f.fighters["Ann"], f.fighters["Bob"]
    ann.weapons[1].in_hand = True
    one = tactics.expected_hits(f, ann, bob, ann.weapons[0])
    two = tactics.expected_hits(f, ann, bob, ann.weapons[0], 0, "main") + \
        tactics.expected_hits(f, ann, bob, ann.weapons[1], 0, "off")
    assert (one, two) == (pytest.approx(119 / 144), pytest.approx(118 / 144))
    a = decide(f)
    assert a.shoot == "Bob" and not a.two_guns
    bob.pos = (5.0, 0.0)
    a = decide(f)
    assert a.shoot == "Bob" and a.two_guns and a.weapon == "colt_peacemaker"


LIGHTNINGS = [{"type": "colt_lightning"}, {"type": "colt_lightning", "name": "left gun"}]


def test_the_second_pistol_is_drawn_when_it_pays_for_the_card_within_three():
    """Two Colt Lightnings (double action, two shots an action, not fanned), 3d12 at 5 yards
    (TN 5), the second holstered: one gun 2 x 205/216 = 1.898 (a die of 5+ less the busts);
    two guns 2 x (0.865 + 0.418) = 2.565; three cards' gain, 2.0, pays for the card spent
    drawing (1.898): she draws the left gun. With 2d12 (one gun 2 x 8/9 = 1.778, two 2 x
    (3/4 + 11/36) = 2.111) the gain over three cards, 1.0, does not: she shoots."""
    f = setup({"weapons": LIGHTNINGS, "traits": {"deftness": "3d12"},
               "aptitudes": {"shootin": {"pistol": 3}}}, {"at": [5, 0]})
    ann, bob = f.fighters["Ann"], f.fighters["Bob"]
    assert tactics.expected_hits(f, ann, bob, ann.weapons[0]) == pytest.approx(2 * 205 / 216)
    assert decide(f).draw == "left gun"
    f = setup({**TWO, "weapons": LIGHTNINGS}, {"at": [5, 0]})
    a = decide(f)
    assert a.shoot == "Bob" and not a.two_guns and a.draw is None


def test_drawing_the_second_of_two_alike_pistols_draws_the_holstered_one():
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "dice_fallback": "seeded",
          "sides": {"a": [{"name": "Ann", "at": [0, 0], "weapons": [
              {"type": "colt_peacemaker"}, {"type": "colt_peacemaker"}]}],
              "b": [{"name": "Bob", "at": [5, 0]}]},
          "turns": [{"intents": {"Ann": [{"draw": "colt_peacemaker"}]}}],
          "dice": {"Ann": {"cards": ["AS"], "quickness": [5]}}}
    log = run_fight(loader.load_scenario_text(json.dumps(sc)))
    roster = [e for e in log.events if e.kind == "ww_status"][0]
    assert [e.kind for e in log.events if e.kind == "ww_drew"] == ["ww_drew"]
    ann = next(s for s in roster.status if s.name == "Ann")
    assert ann.condition == "active"
    f = setup({"weapons": [{"type": "colt_peacemaker"}, {"type": "colt_peacemaker"}]})
    f.do_draw(1, f.fighters["Ann"], __import__("narrator.rulesets.weird_west.cards",
                                              fromlist=["card"]).card("AS"),
              tactics.Action(draw="colt_peacemaker"))
    assert [w.in_hand for w in f.fighters["Ann"].weapons] == [True, True]


# ---------------------------------------------------------------- giving up (W18, ruled: WN24)
@pytest.mark.parametrize("profile, level, wind, gives_up", [
    ("coward", 1, 12, None), ("coward", 2, 12, "wounds"), ("coward", 0, 7, None),
    ("coward", 0, 6, "wind"),
    ("cautious", 2, 12, None), ("cautious", 3, 12, "wounds"),
    ("aggressive", 3, 12, None), ("aggressive", 4, 12, "wounds"),
    ("aggressive", 0, 4, None), ("aggressive", 0, 3, "wind"),
    ("gunslinger", 4, 12, "wounds"), ("gunslinger", 3, 4, None),
])
def test_who_gives_up_when(profile, level, wind, gives_up):
    """The ``give_up`` numbers: a coward at a heavy wound (level 2, -2) or Wind at half its
    most (6 of 12), the cautious at a serious one (3), the aggressive and the gunslinger at a
    critical one (4) or a quarter of their Wind (3 of 12). Wind 12 = Vigor d6 + Spirit d6."""
    f = setup({"tactics": profile})
    ann = f.fighters["Ann"]
    ann.body.levels["guts"] = level
    ann.body.wind = wind
    assert tactics.badly_hurt(f, ann) == gives_up
    a = decide(f)
    assert (a.flee, a.surrender) == ((gives_up is not None), False)


def test_he_surrenders_with_an_enemy_in_reach_or_no_legs_to_run_on_and_the_dead_never_do():
    f = setup({"tactics": "coward"}, {"at": [1, 0]})
    f.fighters["Ann"].body.levels["guts"] = 2
    assert decide(f).surrender
    f = setup({"tactics": "coward"})
    ann = f.fighters["Ann"]
    ann.body.levels["guts"] = 2
    ann.body.levels["left_leg"] = ann.body.levels["right_leg"] = 5
    assert decide(f).surrender
    dead = setup({"tactics": "undead", "undead": True, "weapons": []})
    dead.fighters["Ann"].body.levels["guts"] = 5
    assert tactics.badly_hurt(dead, dead.fighters["Ann"]) is None
    assert not decide(dead).flee and not decide(dead).surrender


def test_a_coward_hurt_flees_the_fight_and_the_fight_ends():
    """Ann shoots Bob (a coward, Pace 6, holding the king) in the guts on her ace: 3d6 = 6+1 + 3
    + 3 = 13, two wounds: heavy, -2 (Vigor 1d6 against stun: 6 aces, + 3 = 9, -2 = 7 against TN
    5 + 2: he keeps his card). On his king his tactics give up: nobody is within a yard,
    so he flees, 12 yards (2 x Pace) straight away from Ann, and is out; the gang has nobody
    left and the fight ends after the round, the posse standing."""
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "max_turns": 3,
          "sides": {"a": [{"name": "Ann", "at": [0, 0], "traits": {"deftness": "1d6",
                                                                 "quickness": "1d6"},
                           "aptitudes": {"shootin": {"pistol": 1}},
                           "weapons": [{"type": "colt_peacemaker"}]}],
                    "b": [{"name": "Bob", "at": [8, 0], "tactics": "coward", "vamoose": False,
                           "traits": {"nimbleness": "2d6", "vigor": "1d6",
                                      "quickness": "1d6"},
                           "weapons": [{"type": "colt_peacemaker"}]}]},
          "turns": [{"intents": {"Ann": {"shoot": "Bob"}}}],
          "dice": {"Ann": {"cards": ["AS"], "quickness": [5], "shootin": [5], "location": [15],
                           "damage": [6, 1, 3, 3]},
                   "Bob": {"cards": ["KS"], "quickness": [5], "wind": [1, 1], "stun": [6, 3]}}}
    log = run_fight(loader.load_scenario_text(json.dumps(sc)))
    dmg = next(e for e in log.events if e.kind == "ww_damage")
    assert (dmg.total, dmg.wounds, dmg.level_after) == (13, 2, 2)
    gave = next(e for e in log.events if e.kind == "ww_gave_up")
    assert (gave.character, gave.card, gave.how, gave.why) == ("Bob", "KS", "fled", "wounds")
    assert gave.start == (8.0, 0.0) and gave.end == (20.0, 0.0)
    end = log.events[-1]
    assert end.turns == 1 and end.standing == ("a",)
    status = next(e for e in log.events if e.kind == "ww_status").status
    assert next(s for s in status if s.name == "Bob").condition == "fled"


def test_a_declared_surrender_throws_the_guns_down_and_nobody_shoots_him_after():
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1,
          "sides": {"a": [{"name": "Ann", "at": [0, 0], "traits": {"quickness": "1d6"},
                           "weapons": [{"type": "colt_peacemaker"}]}],
                    "b": [{"name": "Bob", "at": [8, 0], "traits": {"quickness": "1d6"},
                           "weapons": [{"type": "colt_peacemaker"}]},
                          {"name": "Cy", "at": [9, 0], "traits": {"quickness": "1d6"},
                           "weapons": [{"type": "colt_peacemaker"}]}]},
          "turns": [{"intents": {"Bob": {"surrender": True}, "Ann": {"shoot": "Bob"}}}],
          "dice": {"Ann": {"cards": ["2C"], "quickness": [5]},
                   "Bob": {"cards": ["AS"], "quickness": [5]},
                   "Cy": {"cards": ["3C"], "quickness": [5]}}}
    log = run_fight(loader.load_scenario_text(json.dumps(sc)))
    gave = next(e for e in log.events if e.kind == "ww_gave_up")
    assert (gave.how, gave.why) == ("surrendered", "declared")
    assert not [e for e in log.events if e.kind == "ww_shot"]
    refused = [e for e in log.events if e.kind == "ww_simple" and e.character == "Ann"]
    assert refused and refused[0].why == "no_target"


# ---------------------------------------------------------------- a gun shot from the hand (WN23)
def hand_shot(bob_weapons, called="right_hand", bob_plan=None):
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "dice_fallback": "seeded",
          "sides": {"a": [{"name": "Ann", "at": [0, 0], "traits": {"deftness": "1d12"},
                           "aptitudes": {"shootin": {"pistol": 1}},
                           "weapons": [{"type": "colt_peacemaker"}]}],
                    "b": [{"name": "Bob", "at": [8, 0], "vamoose": False,
                           "aptitudes": {"shootin": {"pistol": 1}, "quick_draw": 1},
                           "weapons": bob_weapons}]},
          "turns": [{"intents": {"Ann": {"shoot": "Bob", "called": called},
                                 **({"Bob": bob_plan} if bob_plan else {})}}],
          "dice": {"Ann": {"cards": ["AS"], "quickness": [5], "shootin": [12, 1],
                           "location": [], "damage": [3, 3, 3]},
                   "Bob": {"cards": ["KS", "QS"], "quickness": [6, 4]}}}
    return run_fight(loader.load_scenario_text(json.dumps(sc)))


def test_a_called_shot_at_the_gun_hand_knocks_the_gun_away_without_damage():
    """Ann's d12 aces, 12 + 1 = 13, -6 for the hand: 7 against TN 5, a hit on Bob's right hand,
    which holds his Peacemaker (his first weapon, WN22): it is knocked from it, no damage, no
    Wind. On his king he means to shoot: picking the gun up takes the card, quick draw or not;
    on his queen he shoots."""
    log = hand_shot([{"type": "colt_peacemaker"}], bob_plan=[
        {"shoot": "Ann", "quick_draw": True}, {"shoot": "Ann"}])
    loc = next(e for e in log.events if e.kind == "ww_hit_located")
    assert (loc.called, loc.location, loc.side) == ("right_hand", "arms", "right")
    dis = next(e for e in log.events if e.kind == "ww_disarmed")
    assert (dis.character, dis.target, dis.weapon, dis.hand) == ("Ann", "Bob", "Colt Peacemaker",
                                                                 "right")
    assert not [e for e in log.events if e.kind == "ww_damage"]
    picked = [e for e in log.events if e.kind == "ww_simple" and e.what == "pick_up"]
    assert [(e.character, e.card, e.weapon) for e in picked] == [("Bob", "KS", "Colt Peacemaker")]
    assert not [e for e in log.events if e.kind == "ww_drew"]
    assert [e.card for e in log.events if e.kind == "ww_shot" and e.character == "Bob"] == ["QS"]


def test_the_empty_left_hand_takes_the_bullet_as_its_arm_and_a_rifle_goes_from_either():
    """Bob holds one pistol (in his right hand): a called shot at his left hand hits the left
    arm, 3d6 = 9, one wound. A Winchester in both hands is knocked away by a hit at the left."""
    log = hand_shot([{"type": "colt_peacemaker"}], "left_hand")
    assert not [e for e in log.events if e.kind == "ww_disarmed"]
    dmg = next(e for e in log.events if e.kind == "ww_damage")
    assert (dmg.track, dmg.total, dmg.wounds) == ("left_arm", 9, 1)
    log = hand_shot([{"type": "winchester_73"}], "left_hand")
    dis = next(e for e in log.events if e.kind == "ww_disarmed")
    assert (dis.weapon, dis.hand) == ("Winchester '73", "left")


def test_a_disarmed_tactics_shooter_picks_his_gun_up():
    f = setup({"aptitudes": {"shootin": {"pistol": 2}}})
    gun = f.fighters["Ann"].weapons[0]
    gun.in_hand, gun.dropped = False, True
    assert decide(f).draw == "colt_peacemaker"


def test_a_jammed_gun_is_cleared_and_an_empty_one_reloaded():
    """W20(a): a jam takes an action to clear; W4: reloading is 2 rounds an action."""
    f = setup({"aptitudes": {"shootin": {"pistol": 2}}})
    gun = f.fighters["Ann"].weapons[0]
    gun.jammed = True
    assert decide(f).clear
    gun.jammed, gun.loaded = False, 0
    assert decide(f).reload == "colt_peacemaker"


def test_the_coward_runs_for_cover_first_and_aims_below_55():
    """Ann the coward, pistol 1 on 1d6 at Bob 10 yards off: the wagon's cover 6 yards off
    first; behind it, a 1/6 chance, below 55%, and another card: she aims."""
    f = setup({"tactics": "coward", "traits": {"deftness": "1d6"},
               "aptitudes": {"shootin": {"pistol": 1}}})
    assert decide(f).move == "wagon"
    ann = f.fighters["Ann"]
    ann.pos = (0.0, 6.0)
    f.place_cover(ann)
    ann.hand = [object()]
    assert decide(f).aim == "Bob"
