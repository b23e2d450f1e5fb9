"""Tests that kill surviving mutants of the Weird West modules (fight, state, cards, tactics, rolls, tables, events) and narrator/turns.py.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""

from __future__ import annotations

import pytest

from narrator.dice import ScriptedDice
from narrator.errors import DiceError
from narrator.rulesets.weird_west import cards, rolls, rules as R, tables
from narrator.rulesets.weird_west.state import Body
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
