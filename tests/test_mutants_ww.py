"""Tests that kill surviving mutants of the Weird West modules (fight, state, cards, tactics, rolls, tables, events) and narrator/turns.py.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""

from __future__ import annotations

import json

import pytest

from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.errors import DiceError
from narrator.rulesets.weird_west import cards, rolls, rules as R, tables, tactics
from narrator.rulesets.weird_west.fight import WeirdWestFight
from narrator.rulesets.weird_west.state import Body
from narrator.scenario import loader
from narrator.turns import TurnLoop


# --- narrator/turns.py (TurnLoop: the turn loop every engine shares) ---------------------------


class _Dice:
    """Dice with a ``start_turn`` hook that records the turns started."""

    def __init__(self) -> None:
        self.started: list[int] = []

    def start_turn(self, t: int) -> None:
        self.started.append(t)


def test_turn_loop_runs_every_turn_and_ends_turns_ran_out() -> None:
    """Kills turns ``__init__`` mutmut_4/5/6 (the default reason changed): a loop whose every
    turn is fought without ``done(over=True)`` ends "turns_ran_out" (narrator/turns.py l.39),
    the reason render/core.py and batch.py read to tell an ending from a pause."""
    dice = _Dice()
    loop = TurnLoop(3, dice)
    fought = []
    for t in loop:
        fought.append(t)
        assert loop.done(t, False) is False
    assert fought == [1, 2, 3]
    assert dice.started == [1, 2, 3]
    assert loop.turns == 3
    assert loop.reason == "turns_ran_out"


def test_turn_loop_counts_no_turn_before_the_first() -> None:
    """Kills turns ``__init__`` mutmut_8 (``turns = 0`` -> 1): before any turn is fought the
    loop has fought 0 turns (narrator/turns.py l.40), as a 0-turn or paused-at-0 fight reports."""
    loop = TurnLoop(0, _Dice())
    assert list(loop) == []
    assert loop.turns == 0
    assert loop.reason == "turns_ran_out"
    paused = TurnLoop(5, _Dice(), stop_after=0)
    assert list(paused) == []
    assert paused.turns == 0


def test_turn_loop_pauses_after_stop_after() -> None:
    """Kills turns ``__iter__`` mutmut_19/20/21 (the "paused" reason changed): a loop stopped
    after ``stop_after`` with turns left ends "paused" (narrator/turns.py l.46), which
    playbypost.py and render/core.py read as "no ending yet"; the next turn is not started."""
    dice = _Dice()
    loop = TurnLoop(5, dice, stop_after=2)
    fought = []
    for t in loop:
        fought.append(t)
        loop.done(t, False)
    assert fought == [1, 2]
    assert dice.started == [1, 2]
    assert loop.turns == 2
    assert loop.reason == "paused"


def test_turn_loop_stop_after_the_last_turn_is_not_a_pause() -> None:
    """Pins the boundary ``t > stop_after`` (narrator/turns.py l.45): stopping after the last
    turn fights every turn and ends "turns_ran_out", not "paused"."""
    loop = TurnLoop(2, _Dice(), stop_after=2)
    for t in loop:
        loop.done(t, False)
    assert loop.turns == 2
    assert loop.reason == "turns_ran_out"


def test_turn_loop_takes_plain_dice_without_start_turn() -> None:
    """Kills turns ``__iter__`` mutmut_6 (``getattr(dice, "start_turn")`` without the default
    None): dice without a ``start_turn`` hook (narrator/turns.py l.43) run the loop."""
    loop = TurnLoop(2, object())
    assert list(loop) == [1, 2]


def test_turn_loop_side_down_ends_the_fight() -> None:
    """Kills turns ``done`` mutmut_2/3 (the "side_down" reason changed): ``done(t, over=True)``
    returns True and sets the reason "side_down" (narrator/turns.py l.56), the reason an
    ending with one side standing is told by."""
    loop = TurnLoop(5, _Dice())
    for t in loop:
        if loop.done(t, t == 2):
            break
    assert loop.turns == 2
    assert loop.reason == "side_down"


# --- narrator/rulesets/weird_west/state.py (Body: wounds and Wind, W8, W18) --------------------


def test_body_wind_left_is_kept_as_given_and_only_minus_1_means_full() -> None:
    """Kills state ``Body.__post_init__`` mutmut_1 (``wind < 0`` -> ``<= 0``): ``wind`` is the
    Wind left, and only the default -1 means "all of it" (state.py l.37); a body given 0 Wind
    keeps 0, one given none starts at Vigor + Spirit (W8)."""
    assert Body(wind_max=11).wind == 11
    assert Body(wind_max=11, wind=0).wind == 0
    assert Body(wind_max=11, wind=3).wind == 3


def test_losing_no_wind_changes_nothing() -> None:
    """Kills state ``Body.lose_wind`` mutmut_3 (``n <= 0`` -> ``n < 0``): losing 0 Wind
    (state.py l.81; W8: Wind is lost only by what a hit rolls on the Wind dice) takes nothing
    off and winds nobody, even a body already at 0; losing 2 of 2 winds him."""
    b = Body(wind_max=11, wind=0)
    assert b.lose_wind(0) is False
    assert b.condition == "active" and b.wind == 0
    b = Body(wind_max=2)
    assert b.lose_wind(2) is True
    assert b.condition == "winded" and b.wind == 0


def test_maimed_legs_count_one_each() -> None:
    """Kills state ``Body.maimed_legs`` mutmut_2 (each maimed leg counted 2): one maimed leg
    is 1 (state.py l.62), which halves Pace once (W8, WN12: Pace 8 -> 4), both are 2 (8 -> 2),
    and only both make a man who gives up surrender rather than flee (fight.py do_flee)."""
    b = Body(wind_max=11)
    assert b.maimed_legs() == 0
    b.take_wounds("left_leg", 5)
    assert b.maimed_legs() == 1
    assert R.maimed_leg_pace(8, b.maimed_legs()) == 4
    b.take_wounds("right_leg", 5)
    assert b.maimed_legs() == 2
    assert R.maimed_leg_pace(8, b.maimed_legs()) == 2


# --- narrator/rulesets/weird_west/cards.py (the action deck, W3) -------------------------------


def test_a_deck_with_every_card_held_says_so_at_the_scenario() -> None:
    """Kills cards ``Deck.draw`` mutmut_3 (message None) and mutmut_6 (path dropped): when all
    54 cards are held and none discarded, the next draw is refused (cards.py l.159) with a
    message naming who was to be dealt, located at the scenario file."""
    deck = cards.Deck(ScriptedDice({}, seed=3), path="f.yaml")
    for _ in range(54):
        deck.draw("Ann")
    with pytest.raises(DiceError) as e:
        deck.draw("Bob")
    assert e.value.message == "no card left to deal Bob: every card is held"
    assert e.value.path == "f.yaml"


# --- narrator/rulesets/weird_west/rolls.py (trait rolls, W1, W2) ------------------------------


def test_a_trait_roll_keeps_its_purpose_and_refuses_no_dice() -> None:
    """Kills rolls ``roll_trait`` mutmut_21 (purpose None) and mutmut_7 (message None): a roll
    carries the purpose it was rolled under (rolls.py l.160; the dice log and write-up name
    it), and a roll of 0 dice is refused with its reason (l.158)."""
    d = ScriptedDice({}, seed=1)
    r = rolls.roll_trait(d, "Ann", "shootin", 6, 2, tn=5)
    assert r.purpose == "shootin" and len(r.dice) == 2
    with pytest.raises(ValueError, match="^a roll needs at least one die$"):
        rolls.roll_trait(d, "Ann", "shootin", 6, 0)


# --- narrator/rulesets/weird_west/tables.py (house rules on the data) -------------------------


def test_a_house_rule_on_a_weapons_damage_alone() -> None:
    """Kills tables ``make_house`` mutmut_31 (``setdefault(wtype, None)``): a house rule that
    changes only a weapon's damage (tables.py l.176; W15 by house rule) gives that row the
    new dice, under its type and its aliases, and leaves the book's row as it was (3d6,
    weapons.toml)."""
    h = tables.make_house((("weapons.colt_peacemaker.damage", "2d8"),))
    assert (h.weapons["colt_peacemaker"].dice, h.weapons["colt_peacemaker"].die) == (2, 8)
    for alias in tables.weapons()["colt_peacemaker"].aliases:
        assert (h.weapons[alias].dice, h.weapons[alias].die) == (2, 8)
    book = tables.weapons()["colt_peacemaker"]
    assert (book.dice, book.die) == (3, 6)


# --- narrator/rulesets/weird_west/fight.py (the engine, fought with scripted cards and dice) ---


def _load(sides: dict, turns: list, dice: dict, **kw):
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "sides": sides, "turns": turns,
          "dice": dice, "dice_fallback": "seeded", **kw}
    return loader.load_scenario_text(json.dumps(sc))


def _of(log, kind: str, **match) -> list:
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


def _pair(ann: dict, bob: dict, ann_plan, bob_plan=None, dice=None, rounds: int = 1, **kw):
    """Ann (side a, the ace of spades) against Bob (side b, the deuce of clubs), each with
    Quickness 1d6 showing 5 (one card)."""
    a = {"name": "Ann", "at": [0, 0], "traits": {"quickness": "1d6"}, **ann}
    b = {"name": "Bob", "at": [8, 0], "traits": {"quickness": "1d6"}, "vamoose": False, **bob}
    d = {"Ann": {"cards": ["AS"], "quickness": [5]}, "Bob": {"cards": ["2C"], "quickness": [5]}}
    for who, ps in (dice or {}).items():
        d.setdefault(who, {}).update(ps)
    turns = [{"intents": {"Ann": ann_plan, **({"Bob": bob_plan} if bob_plan else {})}}]
    turns += [{"intents": {}} for _ in range(rounds - 1)]
    return run_fight(_load({"a": [a], "b": [b]}, turns, d, **kw), 1)


def test_a_limb_he_lacks_is_no_wound_no_penalty_and_no_bleeding() -> None:
    """The rules bug WN25 fixes, and kills fight ``_setup`` mutmut_61 (a missing limb set to
    level 6): a one-armed man (``missing: [left_arm]``, 004 l.115) stands at level 5 on that
    arm, as useless as maimed (fight.py _setup), but it is no wound: his shootin' roll carries
    no wound modifier (W8: the penalty is the highest *wound*) and he loses no Wind at the
    ends of rounds (W8, WN6: bleeding is by wounds). Before WN25 he rolled at -5 and bled 3
    Wind a round. A fresh maimed arm still gives -5 and bleeds 3 (W8)."""
    gun = {"weapons": [{"type": "colt_peacemaker"}], "traits": {"quickness": "1d6",
                                                                  "deftness": "1d6"},
           "aptitudes": {"shootin": {"pistol": 1}}}
    log = _pair({**gun, "missing": ["left_arm"]}, {"at": [50, 0]}, {"shoot": "Bob"},
                dice={"Ann": {"shootin": [4]}}, rounds=2)
    shot = _of(log, "ww_shot")[0]
    assert shot.roll.modifiers == () and shot.roll.total == 4
    ends = _of(log, "ww_round_ended")
    assert len(ends) == 2 and all(e.bleeding == () for e in ends)
    f = WeirdWestFight(_load({"a": [{"name": "Ann", "at": [0, 0], "missing": ["left_arm"]}],
                              "b": [{"name": "Bob", "at": [5, 0]}]}, [{"intents": {}}],
                             {}).scenario, ScriptedDice({}, 1, "seeded"), 1)
    body = f.fighters["Ann"].body
    assert body.levels["left_arm"] == 5 and body.maimed("left_arm")
    assert body.missing == ("left_arm",)
    assert "left_arm" not in body.wounds and body.penalty == 0 and body.bleeding == 0
    assert dict(f.status_note(f.fighters["Ann"]).levels)["left_arm"] == 5
    fresh = Body(wind_max=12)
    fresh.take_wounds("left_arm", 5)
    assert fresh.penalty == -5 and fresh.bleeding == 3


def test_fists_on_the_walking_dead_take_no_wind() -> None:
    """Kills fight ``damage`` mutmut_4 (``lost = total`` for the walking dead too): fists come
    off Wind only (W12) and the walking dead have no Wind (W19), so a punch that lands on a
    dead man records 0 Wind lost (fight.py damage, wind_only branch), not the 8 it rolled."""
    log = _pair({"at": [7.5, 0], "traits": {"quickness": "1d6", "strength": "1d6",
                                            "nimbleness": "1d6"},
                 "aptitudes": {"fightin": {"brawlin": 1}}, "weapons": []},
                {"undead": True}, {"fight": "Bob"},
                dice={"Ann": {"fightin": [5], "location": [20], "damage": [5, 2, 1]}})
    dmg = _of(log, "ww_damage")[0]
    assert dmg.wind_only and dmg.undead and dmg.total == 8
    assert dmg.wind_lost == 0 and dmg.wind_left == 0 and not dmg.winded


def test_fanning_at_a_man_who_surrendered_is_refused_as_fanning() -> None:
    """Kills fight ``do_fan`` mutmut_13 (the refusal named "FAN"): Bob surrenders on the ace
    (Cy fights on, so the fight does); Ann's fanning at Bob on the deuce is refused (W18,
    ruled: WN24; fight.py gone) as a "fan" with no target, and no shot is fired."""
    sides = {"a": [{"name": "Ann", "at": [0, 0], "weapons": [{"type": "colt_peacemaker"}],
                    "aptitudes": {"shootin": {"pistol": 2}}}],
             "b": [{"name": "Bob", "at": [8, 0]}, {"name": "Cy", "at": [8, 5]}]}
    dice = {"Ann": {"cards": ["2C"]}, "Bob": {"cards": ["AS"]}, "Cy": {"cards": ["3C"]}}
    log = run_fight(_load(sides, [{"intents": {"Bob": {"surrender": True},
                                               "Ann": {"fan": ["Bob"]}}}], dice), 1)
    assert [e.how for e in _of(log, "ww_gave_up", character="Bob")] == ["surrendered"]
    refused = _of(log, "ww_simple", character="Ann")
    assert [(e.what, e.why, e.target) for e in refused] == [("fan", "no_target", "Bob")]
    assert not _of(log, "ww_shot")


def test_fanning_without_a_gun_is_refused_as_fanning() -> None:
    """Kills fight ``do_fan`` mutmut_41 (the turn dropped from the refusal) and mutmut_48
    (named "FAN"): Ann, with only a knife, told to fan at Bob, is refused as a "fan" with no
    gun, on her card and turn 1 (fight.py do_fan)."""
    log = _pair({"weapons": [{"type": "knife"}]}, {}, {"fan": ["Bob"]})
    refused = _of(log, "ww_simple", character="Ann")
    assert [(e.turn, e.card, e.what, e.why, e.target) for e in refused] == [
        (1, "AS", "fan", "no_gun", "Bob")]


def test_fanning_stops_when_the_man_it_killed_has_nobody_within_two_yards() -> None:
    """Kills fight ``do_fan`` mutmut_317 (``alive and near`` -> ``alive or near``): the Kid
    fans (004 l.146-162; W13: the hits after the first go to men within 2 yards of the last
    one hit, 004 l.162) at Al and Cy, who stands 10 yards from Al; 2d8 of 8, 8, 6 and 3 at
    -2: 20 against TN 5, three raises, four hits. The first, at Al's noggin (20), does 6d6 of
    fives (+2 dice for the noggin: 8 x 5 = 40, six wounds): maimed noggin, dead. Nobody alive
    stands within 2 yards of him, so the fanning ends there: one hit located, none on Cy."""
    sides = {"kid": [{"name": "Kid", "at": [0, 0], "traits": {"deftness": "2d8"},
                      "aptitudes": {"shootin": {"pistol": 2}},
                      "weapons": [{"type": "colt_peacemaker", "damage": "6d6"}]}],
             "gang": [{"name": "Al", "at": [5, 0], "vamoose": False},
                      {"name": "Cy", "at": [5, 10], "vamoose": False}]}
    dice = {"Kid": {"cards": ["AS"], "shootin": [8, 8, 6, 3], "location": [20],
                    "damage": [5] * 8},
            "Al": {"cards": ["2C"]}, "Cy": {"cards": ["3C"]}}
    log = run_fight(_load(sides, [{"intents": {"Kid": {"fan": ["Al", "Cy"], "shots": 6}}}],
                          dice), 1)
    shot = _of(log, "ww_shot")[0]
    assert (shot.fanned, shot.hits, shot.roll.total) == (6, 4, 20)
    assert [(e.target, e.location) for e in _of(log, "ww_hit_located")] == [("Al", "noggin")]
    dmg = _of(log, "ww_damage")
    assert [(d.target, d.total, d.died) for d in dmg] == [("Al", 40, True)]


def test_a_blow_at_a_man_out_of_reach_names_him() -> None:
    """Kills fight ``do_fight`` mutmut_32 (the target left off the refusal): Ann told to fight
    Bob 8 yards off, beyond the 1-yard reach (ruled: WN16), is refused as "too_far" at Bob
    (fight.py do_fight)."""
    log = _pair({"weapons": [{"type": "knife"}]}, {}, {"fight": "Bob"})
    refused = _of(log, "ww_simple", character="Ann")
    assert [(e.what, e.why, e.target) for e in refused] == [("fight", "too_far", "Bob")]
    assert not _of(log, "ww_fought")


def test_the_status_of_a_gun_ready_empty_and_jammed() -> None:
    """Kills fight ``status`` mutmut_31 (an empty gun's state "EMPTY"): the shared status
    record (maps, play-by-post state; fight.py status) names each gun "ready" with rounds in
    it, "empty" without, "jammed" when jammed (W20a)."""
    ld = _load({"a": [{"name": "Ann", "at": [0, 0], "weapons": [
                    {"type": "colt_peacemaker"}, {"type": "colt_peacemaker", "name": "spare",
                                                  "loaded": 0},
                    {"type": "colt_lightning"}]}],
                "b": [{"name": "Bob", "at": [5, 0]}]}, [{"intents": {}}], {})
    f = WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)
    ann = f.fighters["Ann"]
    ann.weapons[2].jammed = True
    assert [(w.name, w.loaded, w.capacity, w.state) for w in f.status(ann).weapons] == [
        ("Colt Peacemaker", 6, 6, "ready"), ("spare", 0, 6, "empty"),
        ("Colt Lightning", 6, 6, "jammed")]


def test_a_gm_edit_moves_a_man_to_both_coordinates() -> None:
    """Kills fight ``adjust`` mutmut_9 (``value[2]`` for the second coordinate): a GM's edit
    ``at: [3, 4]`` (``narrator next``; fight.py adjust) puts him at x 3, y 4, and the edit is
    recorded."""
    ld = _load({"a": [{"name": "Ann", "at": [0, 0]}], "b": [{"name": "Bob", "at": [5, 0]}]},
               [{"intents": {}}], {})
    f = WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)
    f.adjust(2, {"Ann": {"at": [3, 4]}})
    assert f.fighters["Ann"].pos == (3.0, 4.0)
    assert [(e.kind, e.turn, e.character) for e in f.events] == [("state_adjusted", 2, "Ann")]


def test_fanning_a_jammed_gun_is_refused_as_jammed() -> None:
    """Kills fight ``do_fan`` mutmut_127 (the refusal's reason "XXjammedXX"): Ann's shootin'
    1 on 1d6 busts on her ace (W20a: the Peacemaker jams, no round spent); told to fan on her
    king, she is refused because the gun is "jammed" (fight.py do_fan), and no round leaves
    it."""
    log = _pair({"weapons": [{"type": "colt_peacemaker"}], "traits": {
                    "quickness": "1d6", "deftness": "1d6"},
                 "aptitudes": {"shootin": {"pistol": 1}}}, {},
                [{"shoot": "Bob"}, {"fan": ["Bob"]}],
                dice={"Ann": {"cards": ["AS", "KS"], "quickness": [6, 4], "shootin": [1]}})
    shot = _of(log, "ww_shot")
    assert len(shot) == 1 and shot[0].jammed and shot[0].rounds_left == 6
    refused = _of(log, "ww_simple", character="Ann")
    assert [(e.card, e.what, e.why, e.weapon) for e in refused] == [
        ("KS", "fan", "jammed", "Colt Peacemaker")]


def test_a_blow_at_a_man_who_surrendered_is_refused() -> None:
    """Kills fight ``do_fight`` mutmut_3 (the refusal made without the attacker): Bob
    surrenders on the ace (Cy fights on); Ann's blow at Bob on the deuce is refused, Ann's
    refusal of a "fight" with no target (W18, ruled: WN24; fight.py gone)."""
    sides = {"a": [{"name": "Ann", "at": [7.5, 0], "weapons": [{"type": "knife"}]}],
             "b": [{"name": "Bob", "at": [8, 0]}, {"name": "Cy", "at": [8, 5]}]}
    dice = {"Ann": {"cards": ["2C"]}, "Bob": {"cards": ["AS"]}, "Cy": {"cards": ["3C"]}}
    log = run_fight(_load(sides, [{"intents": {"Bob": {"surrender": True},
                                               "Ann": {"fight": "Bob"}}}], dice), 1)
    refused = _of(log, "ww_simple", character="Ann")
    assert [(e.card, e.what, e.why, e.target) for e in refused] == [
        ("2C", "fight", "no_target", "Bob")]
    assert not _of(log, "ww_fought")


def test_a_held_card_is_told_on_its_turn() -> None:
    """Kills fight ``hold`` mutmut_2 (the hold recorded without its turn): Ann holds her ace
    in turn 1 (004 l.24: a card may be held; fight.py hold), recorded in turn 1 on the ace."""
    log = _pair({}, {}, {"hold": True})
    holds = _of(log, "ww_simple", character="Ann", what="hold")
    assert [(e.turn, e.card) for e in holds] == [(1, "AS")]


def test_the_roster_names_every_man() -> None:
    """Kills fight ``roster`` mutmut_61 (a roster line without its name): the roster after the
    start (fight.py roster) names each man with his side, Pace and Wind (W5, W8)."""
    log = _pair({"traits": {"quickness": "1d6", "nimbleness": "1d8", "vigor": "1d6",
                            "spirit": "1d8"}}, {}, {"hold": True})
    roster = _of(log, "ww_roster")[0]
    assert [(n.name, n.side) for n in roster.fighters] == [("Ann", "a"), ("Bob", "b")]
    assert (roster.fighters[0].pace, roster.fighters[0].wind) == (8, 14)


# --- narrator/rulesets/weird_west/tactics.py (what a tactics profile does with a card) ---------


def _set(ann: dict, bob: dict | None = None) -> WeirdWestFight:
    """Ann (aggressive, at the origin) against Bob (10 yards east); set up, not run."""
    a = {"name": "Ann", "at": [0, 0], "tactics": "aggressive",
         "weapons": [{"type": "colt_lightning"}], **ann}
    b = {"name": "Bob", "at": [10, 0], **(bob or {})}
    ld = loader.load_scenario_text(json.dumps({
        "title": "t", "ruleset": "weird-west", "seed": 1, "max_turns": 3,
        "sides": {"posse": [a], "gang": [b]}}))
    return WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)


def test_a_man_without_the_skill_draws_his_holstered_gun() -> None:
    """Kills tactics ``decide`` mutmut_139 (``A or B`` -> ``A and B`` for the gun he has no
    skill with): Ann has no shootin': pistol (she rolls Deftness at -4, W1) and her only gun,
    loaded, is holstered: she still draws it to shoot (tactics.py decide, the unskilled gun),
    not walks at Bob empty-handed."""
    f = _set({"weapons": [{"type": "colt_lightning", "holstered": True}]})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.draw == f.fighters["Ann"].weapons[0].key
    assert a.move is None and a.shoot is None


def test_a_man_without_a_gun_strikes_at_exactly_a_yard() -> None:
    """Kills tactics ``decide`` mutmut_164 (reach ``+ 1e-9`` -> ``- 1e-9``): with no gun, Ann
    strikes a man exactly 1 yard off, the reach of a blow (ruled: WN16, rules.toml fightin
    reach = 1), where she stands; at one 1.5 yards off she walks to a hair inside reach and
    strikes on the same card (``tactics.close_in``)."""
    assert tactics.melee_yards() == 1.0
    f = _set({"weapons": []}, {"at": [1, 0]})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert (a.fight, a.move) == ("Bob", None)
    f = _set({"weapons": []}, {"at": [1.5, 0]})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.fight == "Bob" and tuple(a.move) == (0.52, 0.0)


def test_the_aim_already_taken_counts_in_the_chance_he_shoots_at() -> None:
    """Kills tactics ``decide`` mutmut_214 (the chance taken without his aim): Ann, shootin':
    pistol 1 on 1d6, at Bob 10 yards off (TN 6): bare, a 6 that aces, 1/6 (below the
    aggressive 35%: she would aim); after two actions of aiming at him (+4, 004 l.142-144) a
    2 or more, 5/6: she shoots now, though she holds another card."""
    f = _set({"traits": {"deftness": "1d6"}, "aptitudes": {"shootin": {"pistol": 1}}})
    ann = f.fighters["Ann"]
    ann.hand = [object()]
    bob = f.fighters["Bob"]
    assert tactics.shot_chance(f, ann, bob, ann.weapons[0]) == pytest.approx(1 / 6)
    assert tactics.shot_chance(f, ann, bob, ann.weapons[0], 2) == pytest.approx(5 / 6)
    assert tactics.decide(f, 1, ann).aim == "Bob"
    ann.aim_target, ann.aim_actions = "Bob", 2
    a = tactics.decide(f, 1, ann)
    assert a.shoot == "Bob" and a.aim is None


def test_against_the_dead_the_noggin_is_called_by_its_own_chance() -> None:
    """Kills tactics ``decide`` mutmut_328 (the noggin's chance taken without the called
    shot): Ann, shootin': pistol 2 on 2d6 with a Colt Lightning, at a dead man 5 yards off
    (TN 5): a plain shot hits 1 - (4/6)^2 = 5/9 (a bust, both dice 1, cannot reach it), but
    the called shot at the noggin (-6, W6) needs 11 (a 6 then 5 or 6 on either die: 1 -
    (17/18)^2, about 10.8%), below
    the 30% it takes (W19): with another card she aims first instead."""
    f = _set({"traits": {"deftness": "2d6"}, "aptitudes": {"shootin": {"pistol": 2}}},
             {"at": [5, 0], "undead": True})
    ann, bob = f.fighters["Ann"], f.fighters["Bob"]
    ann.hand = [object()]
    assert tactics.shot_chance(f, ann, bob, ann.weapons[0]) == pytest.approx(5 / 9)
    head = tactics.shot_chance(f, ann, bob, ann.weapons[0], called="noggin")
    assert head == pytest.approx(1 - (1 - 1 / 18) ** 2)
    a = tactics.decide(f, 1, ann)
    assert a.aim == "Bob" and a.shoot is None


def test_with_his_skilled_gun_empty_he_reloads_it_not_the_other() -> None:
    """Kills tactics ``decide`` mutmut_120 (skilled only above level 1): Ann has shootin':
    pistol 1 and no rifle; her Peacemaker is empty, her Winchester loaded: she reloads the
    Peacemaker she is skilled with (tactics.py decide) rather than fire the rifle at -4
    (W1, unskilled)."""
    f = _set({"aptitudes": {"shootin": {"pistol": 1}},
              "weapons": [{"type": "colt_peacemaker", "loaded": 0},
                          {"type": "winchester_73"}]})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.reload == f.fighters["Ann"].weapons[0].key and a.shoot is None


def test_an_unskilled_man_with_an_empty_gun_reloads_it() -> None:
    """Kills tactics ``decide`` mutmut_155 (the gun to reload left None): Ann, with no
    shootin' skill and an empty Peacemaker, reloads it (tactics.py decide)."""
    f = _set({"weapons": [{"type": "colt_peacemaker", "loaded": 0}]})
    assert tactics.decide(f, 1, f.fighters["Ann"]).reload == f.fighters["Ann"].weapons[0].key


def test_badly_hurt_with_an_enemy_at_exactly_a_yard_he_surrenders() -> None:
    """Kills tactics ``decide`` mutmut_24 (``<=`` -> ``<`` for the enemy within reach): Ann
    (aggressive) with a critical guts wound (-4) gives up (ruled: WN24); with Bob exactly 1
    yard off, the reach of a blow (WN16), she surrenders, and so she does at 1 yard and the
    1e-9 the distances are allowed for float error (tactics.py decide, ``<= reach + 1e-9``);
    with him 1.5 yards off she flees."""
    for x in (1, 1.000000001):
        f = _set({}, {"at": [x, 0]})
        f.fighters["Ann"].body.levels["guts"] = 4
        assert tactics.decide(f, 1, f.fighters["Ann"]).surrender
    f = _set({}, {"at": [1.5, 0]})
    f.fighters["Ann"].body.levels["guts"] = 4
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.flee and not a.surrender


def test_a_man_exactly_two_yards_from_the_target_is_in_the_crowd_fanned() -> None:
    """Kills tactics ``decide`` mutmut_242 (``<=`` -> ``<`` for the crowd): Ann (pistol 3 on
    3d10, a Peacemaker, a free hand) at Bob 15 yards off, beyond the 10 she fans a lone man at,
    with Cy exactly 2 yards from Bob (fanning's follow-on reach, 004 l.162; rules.toml
    fanning follow_yards; ``<= 2 + 1e-9``, the 1e-9 allowed for float error): the fanning roll
    has 65.7%, and she fans at both (tactics.py decide)."""
    assert tables.rules()["fanning"]["follow_yards"] == 2
    ann = {"name": "Ann", "at": [0, 0], "tactics": "aggressive", "traits": {"deftness": "3d10"},
           "aptitudes": {"shootin": {"pistol": 3}}, "weapons": [{"type": "colt_peacemaker"}]}
    for cy in (2, 2.000000001):      # the 1e-9 is the distances' allowance for float error
        ld = loader.load_scenario_text(json.dumps({
            "title": "t", "ruleset": "weird-west", "seed": 1, "max_turns": 3,
            "sides": {"posse": [ann], "gang": [{"name": "Bob", "at": [15, 0]},
                                               {"name": "Cy", "at": [15, cy]}]}}))
        f = WeirdWestFight(ld.scenario, ScriptedDice({}, 1, "seeded"), 1)
        assert tactics.decide(f, 1, f.fighters["Ann"]).fan == ["Bob", "Cy"]


def test_two_lightnings_fire_at_their_rate_of_fire() -> None:
    """Kills tactics ``decide`` mutmut_413 (the two-gun shot without ``shots``): Ann with two
    Colt Lightnings (double action, rate of fire 2, weapons.toml) in hand, 5d12 at Bob 3
    yards off (TN 5): one gun's two shots hit all but certainly (2 expected hits), two guns'
    four at -2 and -6 (004 l.164-173) expect more (the off hand needs an 11: 1 - (10/12)^5 a
    shot): she fires both guns, each at its rate of fire, 2 shots (tactics.py decide)."""
    f = _set({"traits": {"deftness": "5d12"}, "aptitudes": {"shootin": {"pistol": 5}},
              "weapons": [{"type": "colt_lightning"},
                          {"type": "colt_lightning", "name": "left gun"}]}, {"at": [3, 0]})
    ann = f.fighters["Ann"]
    for w in ann.weapons:
        w.in_hand = True
    a = tactics.decide(f, 1, ann)
    assert a.two_guns and a.shoot == "Bob" and a.shots == 2


def test_a_dead_man_with_a_living_mans_profile() -> None:
    """Kills tactics ``decide`` mutmut_45 (``any(None)`` for "has he a gun"): a walking dead
    man (W19) with the aggressive profile and no gun walks at the living like the undead
    profile; with a gun he shoots (tactics.py decide)."""
    f = _set({"undead": True, "weapons": [], "traits": {"nimbleness": "2d6"}})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.move == (6.0, 0.0) and a.fight is None and a.shoot is None
    f = _set({"undead": True, "aptitudes": {"shootin": {"pistol": 2}}})
    assert tactics.decide(f, 1, f.fighters["Ann"]).shoot == "Bob"


def test_the_dead_strike_after_walking_only_when_the_walk_ends_within_a_yard() -> None:
    """Kills tactics ``decide`` mutmut_86 (the reach after the walk widened by a yard): a dead
    man (Pace 6, W19) 7.5 yards from Bob walks 6 and ends 1.5 yards off, beyond the yard a
    blow reaches (WN16): he walks and does not strike; from 7 yards off he ends at exactly 1
    yard and strikes."""
    f = _set({"tactics": "undead", "undead": True, "weapons": [],
              "traits": {"nimbleness": "2d6"}, "at": [2.5, 0]})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.move == (8.5, 0.0) and a.fight is None
    f = _set({"tactics": "undead", "undead": True, "weapons": [],
              "traits": {"nimbleness": "2d6"}, "at": [3, 0]})
    a = tactics.decide(f, 1, f.fighters["Ann"])
    assert a.move == (9.0, 0.0) and a.fight == "Bob"
