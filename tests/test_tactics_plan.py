"""Tactics plan with the engine's own functions (issue 17, item 5): a shot list counts from
where the engine will start the shooter (the cursor after the turn's six-count shift), and a
turn the profiles planned as a shootout turn is fought as one, even if nobody shoots."""

from __future__ import annotations

from narrator.engine import run_fight
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.shootout import start_cursor
from narrator.rulesets.boothill.state import Action
from narrator.dice import SeededDice
from narrator.scenario import load_scenario_text

TWO = """
title: Close quarters
seed: 4
max_turns: {turns}
sides:
  A:
    - name: Abe
      attributes: {{str: 12, coo: 14, obs: 12, sta: 10, luck: 8}}
      skills: {{pistol: 4, fast_draw: 0}}
      weapons: [{{type: single_action_revolver, loaded: {loaded}}}]
      at: [0, 0]
      tactics: cautious
  B:
    - name: Bo
      attributes: {{str: 12, coo: 12, obs: 12, sta: 10, luck: 8}}
      skills: {{pistol: 3}}
      weapons: [{{type: single_action_revolver}}]
      at: [4, 0]
turns:
  - intents:
      Bo: {{other: keeps his hands where Abe can see them}}
"""


def _fight(turns: int = 1, loaded: int = 6) -> tuple:
    ld = load_scenario_text(TWO.format(turns=turns, loaded=loaded))
    fight = BootHillFight(ld.scenario, ld.side_of, SeededDice(4), profile_of(ld.scenario), 4)
    return ld, fight


def test_start_cursor_is_the_engines() -> None:
    _, fight = _fight()
    abe = fight.fighters["Abe"]
    abe.cursor = 9
    assert start_cursor(fight, abe) == 0          # after a combat turn (or none): count 0
    fight.last_kind = "shootout"
    assert start_cursor(fight, abe) == 3          # carried: six counts back
    abe.cursor = 4
    assert start_cursor(fight, abe) == 0          # idle: not before count 0
    abe.queue = [Action("shot", "hip")]
    assert start_cursor(fight, abe) == -2         # queued: kept as it is


def test_shot_list_counts_from_the_shifted_cursor() -> None:
    _, fight = _fight()
    abe = fight.fighters["Abe"]
    abe.drawn = True
    prof = tactics.PROFILE_TABLE["cautious"]
    fight.last_kind = "shootout"
    abe.cursor = 8                                 # two counts into this turn
    assert tactics.first_count(fight, abe, prof, 0) == (None, 2)
    abe.drawn = False                              # a draw first: normal, 3 counts
    assert tactics.first_count(fight, abe, prof, 0) == ("normal", 5)
    fight.last_kind = "combat"
    assert tactics.first_count(fight, abe, prof, 0) == ("normal", 3)


def test_a_turn_planned_as_a_shootout_is_fought_as_one() -> None:
    """Abe, with an empty gun, 4 yards from Bo: his profile plans a shootout turn (an enemy
    within 20 feet) and reloads; nobody shoots. The turn is a shootout turn, so the reload
    is one second of six (000 l.497): no round is loaded yet."""
    ld, _ = _fight(loaded=0)
    log = run_fight(ld)
    started = [e for e in log.events if e.kind == "turn_started"]
    assert [e.turn_kind for e in started] == ["shootout"]
    declared = [e for e in log.events if e.kind == "intent_declared" and e.character == "Abe"]
    assert declared and declared[0].reload and declared[0].source == "tactics"
    assert not [e for e in log.events if e.kind == "reloaded"]
    assert not [e for e in log.events if e.kind == "shot_fired"]


def test_declared_turns_keep_their_kind() -> None:
    """Without a profile deciding, an auto turn in which nobody shoots is a combat turn."""
    ld = load_scenario_text(TWO.format(turns=1, loaded=6).replace("      tactics: cautious\n",
                                                                  ""))
    started = [e for e in run_fight(ld).events if e.kind == "turn_started"]
    assert [e.turn_kind for e in started] == ["combat"]
