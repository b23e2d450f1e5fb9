"""``narrator check`` warns of sniping that cannot pay: the +2 is for the fight's first shot
only (001 l.26; errata B3, B18(e)), so a sniping intent with two shots gets it once, and one
in a turn after shots were declared gets it never. The warnings agree with the engine: the
fight gives the sniping modifier to its first shot alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.scenario import load_scenario_text

SNIPE = """\
title: From the ridge
seed: 1
sides:
  posse:
    - name: Jake Harlan
      short: Jake
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      skills: {rifle: 5}
      weapons: [{type: lever_action_rifle}]
      at: [0, 0]
  rustlers:
    - name: Dutch
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      skills: {rifle: 3}
      weapons: [{type: lever_action_rifle}]
      at: [60, 5]
turns:
  - kind: combat
    intents:
      Jake: TURN1
  - kind: combat
    intents:
      Jake: TURN2
      Dutch: {shoot: Jake}
"""


def _warnings(turn1: str, turn2: str) -> list[str]:
    text = SNIPE.replace("TURN1", turn1).replace("TURN2", turn2)
    return [w.one_line() for w in load_scenario_text(text, "s.yaml").warnings]


def test_two_sniping_shots_and_a_later_sniping_turn_are_warned_at_their_sniping_key():
    assert _warnings("{shoot: Dutch, shots: 2, sniping: true}",
                     "{shoot: Dutch, sniping: true}") == [
        "s.yaml:20:47: warning: Jake Harlan snipes with 2 shots in turn 1, but the sniping "
        "bonus (+2) is for the fight's first shot only (001 l.26; ruling B3): the second "
        "takes none",
        "s.yaml:23:37: warning: Jake Harlan snipes in turn 2, but shots are declared before it "
        "(his own, in turn 1): the sniping bonus (+2) is for the fight's first shot only "
        "(001 l.26; ruling B3), so it does not apply here; drop sniping:"]


@pytest.mark.parametrize("turn1, turn2, said", [
    ("{shoot: Dutch, sniping: true}", "{shoot: Dutch}", []),           # the opening shot
    ("{move: {gait: walking, to: [1, 0]}}", "{shoot: Dutch, sniping: true}", []),  # no shot yet
    ("{shoot: [Dutch, Dutch], sniping: true}", "{shoot: Dutch}", ["with 2 shots"]),
    ("{shoot: Dutch}", "{shoot: Dutch, sniping: true}", ["(his own, in turn 1)"]),
])
def test_sniping_warned_only_where_the_bonus_is_lost(turn1, turn2, said):
    got = _warnings(turn1, turn2)
    assert len(got) == len(said) and all(s in g for s, g in zip(said, got, strict=True)), got


def test_the_engine_gives_sniping_to_the_first_shot_only_as_warned(run_cli):
    text = SNIPE.replace("TURN1", "{shoot: Dutch, shots: 2, sniping: true}").replace(
        "TURN2", "{shoot: Dutch, sniping: true}")
    log = run_fight(load_scenario_text(text))
    shots = [e for e in log.events if e.kind == "shot_fired" and e.shooter == "Jake Harlan"]
    assert len(shots) >= 3
    assert [any(m.name == "sniping" for m in s.modifiers) for s in shots] == \
        [True] + [False] * (len(shots) - 1)
    r = run_cli(text, "check", name="s.yaml")
    assert r.exit_code == 0 and r.stderr.count("warning: Jake Harlan snipes") == 2
