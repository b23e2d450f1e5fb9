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
map:
  barrel: {{at: [-5, 0], cover: {{locations: [legs, abdomen]}}}}
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


def test_a_turn_planned_as_a_shootout_is_planned_again_when_nobody_shoots() -> None:
    """Abe, with an empty gun, 4 yards from Bo: his profile expects a shootout turn (an enemy
    within 20 feet) and, planning for one, reloads where he stands (the barrel, 5 yards off,
    is beyond one second's run). Nobody shoots, so the turn is a combat turn (001 l.8-12):
    he plans again for it, and walks to the barrel (6 yards in a combat turn) as he
    reloads."""
    ld, _ = _fight(loaded=0)
    log = run_fight(ld)
    assert [e.turn_kind for e in log.events if e.kind == "turn_started"] == ["combat"]
    declared = [e for e in log.events if e.kind == "intent_declared" and e.character == "Abe"]
    assert len(declared) == 1 and declared[0].reload and declared[0].source == "tactics"
    assert (declared[0].gait, declared[0].destination) == ("walking", "barrel")
    moved = [e for e in log.events if e.kind == "moved" and e.character == "Abe"]
    assert moved and moved[0].arrived and moved[0].destination == "barrel"
    assert [e.loaded for e in log.events if e.kind == "reloaded"] == [3]  # Table 14: 3 a turn


def test_a_shootout_plan_that_still_makes_one_is_fought_as_planned() -> None:
    """With a loaded gun Abe shoots Bo from 4 yards: planned and fought as a shootout."""
    ld, _ = _fight(loaded=6)
    log = run_fight(ld)
    assert [e.turn_kind for e in log.events if e.kind == "turn_started"] == ["shootout"]
    assert [e for e in log.events if e.kind == "shot_fired" and e.shooter == "Abe"]


def test_declared_turns_keep_their_kind() -> None:
    """Without a profile deciding, an auto turn in which nobody shoots is a combat turn."""
    ld = load_scenario_text(TWO.format(turns=1, loaded=6).replace("      tactics: cautious\n",
                                                                  ""))
    started = [e for e in run_fight(ld).events if e.kind == "turn_started"]
    assert [e.turn_kind for e in started] == ["combat"]


def test_a_shot_list_is_scored_from_the_shifted_cursor() -> None:
    """Abe (aggressive: haste 0.08 a count, his gun in hand) 30 yards from Bo, in a shootout
    turn after a shootout turn whose actions took him to count 9: the engine starts him on
    count 3 of this turn (9 - 6). From count 3 two steady shots (3 counts each, Table 5) end
    on counts 6 and 9 and are worth more than one careful shot (6 counts) ending on 9; read
    from count 9, as before the fix, every shot would end past count 12 and the one careful
    shot would look better."""
    ld = load_scenario_text(TWO.format(turns=1, loaded=6).replace("at: [4, 0]", "at: [30, 0]")
                            .replace("tactics: cautious", "tactics: aggressive"))
    fight = BootHillFight(ld.scenario, ld.side_of, SeededDice(4), profile_of(ld.scenario), 4)
    abe, bo = fight.fighters["Abe"], fight.fighters["Bo"]
    abe.drawn = True
    abe.cursor = 9
    fight.last_kind = "shootout"
    prof = tactics.PROFILE_TABLE["aggressive"]
    ws = abe.weapons[0]
    band = tactics.band_of(fight, 1, abe, bo, ws, "careful", 30.0)
    assert band == "extreme"  # (Table 14: a single-action revolver, 30 yards)

    def value(shot: str, n: int, start: int) -> float:
        p = tactics.chance(fight, abe, ws, bo, shot, band)
        counts = {"careful": 6, "steady": 3}[shot]
        return sum(p * max(0.1, 1.0 - 0.08 * (start + k * counts)) for k in range(1, n + 1))

    assert value("steady", 2, 3) > value("careful", 1, 3)
    assert value("careful", 1, 9) > value("steady", 2, 9)
    choice = tactics._Choice(bo, 0, band, 0.0, 0.0, 30.0)
    assert tactics._shot_list(fight, 1, abe, prof, choice, None) == (["steady", "steady"], None)
