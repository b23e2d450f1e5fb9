"""Weird West scenarios: located errors for bad input (one line, nearest valid name), and the
two bundled scenarios replaying exactly from their scripted cards and dice."""

from __future__ import annotations

import pytest

from narrator.errors import ScenarioError
from narrator.scenario import loader

GOOD = """title: t
ruleset: weird-west
sides:
  a:
    - name: Ann
      traits: {deftness: 3d8}
      weapons: [{type: colt_peacemaker}]
      at: [0, 0]
  b:
    - name: Bob
      at: [10, 0]
turns:
  - intents:
      Ann: [{shoot: Bob}]
"""


def error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        load_text(text)
    return e.value


def load_text(text: str):
    return loader.load_scenario_text(text, "f.yaml")


def test_good_scenario_loads_with_canonical_names():
    ld = load_text(GOOD)
    assert ld.scenario.turns[0].intents["Ann"][0].shoot == "Bob"


@pytest.mark.parametrize("old,new,where,words", [
    ("traits: {deftness: 3d8}", "traits: {deftnes: 3d8}", (6, 16), "did you mean 'deftness'"),
    ("traits: {deftness: 3d8}", "traits: {deftness: 3d7}", (6, 26), "1d4 to 5d12"),
    ("{type: colt_peacemaker}", "{type: colt_peacemakr}", (7, 24), "did you mean 'colt_peacemaker'"),
    ("Ann: [{shoot: Bob}]", "Ann: [{shoot: Bobb}]", (14, 21), "did you mean 'Bob'"),
    ("Ann: [{shoot: Bob}]", "Ann: [{shoot: Bob, fan: Bob}]", (14, 31), "one action a card"),
    ("      at: [10, 0]", "      at: saloon", (11, 11), "no landmark called 'saloon'"),
])
def test_bad_input_is_one_located_line(old, new, where, words):
    e = error(GOOD.replace(old, new))
    assert (e.line, e.column) == where, str(e)
    assert words in str(e)
    assert str(e).startswith(f"f.yaml:{where[0]}:{where[1]}: ")


def test_scripted_cards_and_dice_are_checked_where_they_are_written():
    e = error(GOOD + "dice:\n  Ann: {cards: [AS, 1S]}\n")
    assert (e.line, e.column) == (16, 21) and "no card '1S'" in str(e)
    e = error(GOOD + "dice:\n  Ann: {shootn: [4]}\n")
    assert (e.line, e.column) == (16, 9) and "did you mean 'shootin'" in str(e)
    e = error(GOOD + "dice:\n  Ann: {shootin: [0]}\n")
    assert (e.line, e.column) == (16, 19)
    ld = load_text(GOOD + "dice:\n  Ann: {cards: [AS, joker_black, 10h]}\n")
    assert [v.value for v in ld.script["Ann"]["cards"]] == [3, 1, 20]   # places: jokers 0-1, aces 2-5 (spades first), ..., 10H 19
