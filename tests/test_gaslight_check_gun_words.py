"""Gaslight ``check`` warnings name a man's gun as the write-ups do (``inflection.whose``):
by his pronoun ("her", "their") before a plain name, and a name that says its owner already
as it is ("drawing Pa's revolver", never "drawing her Pa's revolver"); a name that opens
with a pronoun takes the holder's ("his Webley" of a woman's is "her Webley")."""

from __future__ import annotations

import re

import pytest

from narrator.scenario.loader import load_scenario_text

SCENARIO = """\
title: Gun words
ruleset: gaslight
seed: 1
sides:
  police:
    - name: Mary Doyle
      pronoun: {mary}
      dex: 12
      hp: 12
      skills: {{quick_draw: 4}}
      weapons: [{{type: webley_revolver, name: {gun}, carried: sling}}]
      at: [0, 0]
    - name: Sam Hart
      pronoun: {mary}
      dex: 11
      hp: 7
      weapons: [{{type: webley_revolver, name: {gun}, carried: holster}}]
      at: [3, -2]
  lascars:
    - name: Ada Chand
      pronoun: {mary}
      dex: 14
      hp: 11
      skills: {{quick_draw: 3}}
      weapons: [{{type: webley_revolver, name: {gun}, carried: pocket}}]
      at: [20, 0]
turns:
  - fast_draw: [Ada Chand, Mary Doyle]
    intents:
      Mary Doyle: {{shoot: Ada Chand, draw: quick}}
      Ada Chand: {{shoot: Mary Doyle}}
  - intents:
      Sam Hart: {{shoot: Ada Chand, move: [2, 2]}}
"""


def _warnings(pronoun: str, gun: str) -> list[str]:
    loaded = load_scenario_text(SCENARIO.format(mary=pronoun, gun=repr(gun)), "w.yaml")
    return [w.one_line().split(": warning: ", 1)[1] for w in loaded.warnings]


@pytest.mark.parametrize("pronoun, gun, told", [
    ("she", "Webley", "her Webley"),
    ("they", "Webley", "their Webley"),
    ("he", "Webley", "his Webley"),
    ("she", "Pa's revolver", "Pa's revolver"),
    ("they", "Uncle Jim's revolver", "Uncle Jim's revolver"),
    ("she", "his Webley", "her Webley"),
])
def test_the_three_draw_warnings_name_the_gun_as_its_holders(pronoun, gun, told):
    ws = _warnings(pronoun, gun)
    quick, contest, contest2, move = ws  # (in file order)
    assert quick.startswith("Mary Doyle declares draw: quick in turn 1, but ")
    assert f"Quick Draw does not help drawing {told} from a sling on the back (it " in quick
    assert contest.startswith("Ada Chand's 3 Quick Draw points do not count")
    assert f"Quick Draw does not help drawing {told} from a pocket, so " in contest
    assert contest2.startswith("Mary Doyle's 4 Quick Draw points do not count")
    assert f"Quick Draw does not help drawing {told} from a sling on the back, so " in contest2
    assert move.startswith("Sam Hart declares a move in turn 2, but ")
    assert f"but drawing {told} from a holster is a move action that costs " in move
    for w in ws:  # never two owners ("her Pa's revolver"), never a man's pronoun of hers
        assert not re.search(r"\b(his|her|their) \w+'s ", w), w
        if pronoun != "he":
            assert " his " not in w, w
    them = {"she": "her", "they": "them", "he": "him"}[pronoun]
    assert f"costs {them} the move (GN18)" in move


def test_owned_names_in_other_checks():
    """'a Pa's revolver holds 6' and 'a Pa's shotgun is a long arm' were the other two."""
    text = SCENARIO.format(mary="she", gun=repr("Pa's revolver")).replace(
        "carried: holster}]", "carried: holster, loaded: 9}]", 1)
    from narrator.errors import ScenarioError
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(text, "w.yaml")
    assert re.search(r": 9 rounds loaded but Pa's revolver holds 6$", exc.value.one_line())
    text = SCENARIO.format(mary="she", gun="Purdey").replace(
        "{type: webley_revolver, name: Purdey, carried: holster}",
        "{type: shotgun, name: Pa's shotgun, hand: off}", 1)
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(text, "w.yaml")
    assert exc.value.one_line().endswith(
        ": Pa's shotgun is a long arm: only pistols go in the off hand (002 l.349-351)")
