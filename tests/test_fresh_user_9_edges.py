"""Fresh user 9's edge cases (fu11): the Violence coward who charged the enemy, the Weird West
gun drawn while already in hand, terminal tables stuck at 80 columns, and small CLI edges."""

from __future__ import annotations

import textwrap

from typer.testing import CliRunner

from narrator.cli import app
from narrator.dice import ScriptedDice
from narrator.rulesets.violence import tactics
from narrator.rulesets.violence.fight import ViolenceFight, profile_of
from narrator.scenario import load_scenario_text

RUNNER = CliRunner()
FERRY = textwrap.dedent("""\
    title: Trouble at Haller's Ferry
    ruleset: violence
    seed: 77
    map:
      landing: {at: [0, 0], name: the landing stage}
      woodpile: {at: [8, 6], name: the woodpile, cover: true}
      ferry_house: {at: [-6, 4], name: the ferry house, cover: true}
      cottonwoods: {at: [30, 12], name: the cottonwoods, cover: true}
    sides:
      ortega_cousins:
        - {name: Luis Ortega, short: Luis, weapons: [{type: revolver}, {type: knife}], at: [28, 10], cover: cottonwoods, tactics: aggressive}
        - {name: Rafa Ortega, short: Rafa, weapons: [{type: lever_action_carbine}], at: [30, 12], cover: cottonwoods, tactics: sniper}
        - {name: Inés Ortega, short: Inés, pronoun: she, weapons: [{type: coach_gun}], at: [26, 8], tactics: cautious}
      hallers:
        - {name: Tom Haller, short: Tom, weapons: [{type: revolver}], at: [0, 0], tactics: lawman}
        - {name: Billy Haller, short: Billy, weapons: [{type: single_shot_rifle}], at: [-6, 4], cover: ferry_house, tactics: cautious}
        - {name: Young Sam Haller, short: Sam, pronoun: they, weapons: [{type: axe}], at: [2, 1], tactics: coward}
    max_turns: 10
    """)


def ferry(text: str = FERRY) -> ViolenceFight:
    loaded = load_scenario_text(text)
    return ViolenceFight(loaded.scenario, ScriptedDice({}, 1, "seeded"),
                         profile_of(loaded.scenario), 1)


def test_an_axe_only_coward_goes_to_the_cover_away_from_the_enemy_not_at_them():
    """Before: Sam (axe only, coward) was sent to the nearest enemy's spot, (26, 8), 25 yards
    into the Ortegas' position. Now: the ferry house (8.5 yd off, 32 yd from Inés), not the
    woodpile (6.7 yd off but 18 yd from Inés, nearer the enemy than Sam's 25)."""
    f = ferry()
    intent = tactics.decide(f, 1, f.fighters["Young Sam Haller"])
    assert intent is not None and intent.move == "ferry_house" and intent.melee is None


def test_a_coward_in_cover_with_no_gun_stays_put_and_does_not_walk_to_a_melee():
    text = FERRY.replace("at: [2, 1], tactics: coward", "at: [-6, 4], cover: ferry_house, tactics: coward")
    f = ferry(text)
    assert tactics.decide(f, 1, f.fighters["Young Sam Haller"]) is None


def test_a_cornered_coward_fights_hand_to_hand():
    """A foe within arm's length (2 yards): the cornered coward takes him on, to subdue."""
    text = FERRY.replace("at: [26, 8], tactics: cautious", "at: [3, 2], tactics: cautious")
    f = ferry(text)
    intent = tactics.decide(f, 1, f.fighters["Young Sam Haller"])
    assert intent is not None and intent.melee == "Inés Ortega" and intent.to == "subdue"


def test_the_ferry_fights_seeds_77_to_81_never_send_sam_into_a_melee(tmp_path):
    """Before: seeds 77 to 81 all had Sam run to (26, 8), Inés's spot, and seed 79 had Sam
    start a melee with Luis. Now Sam's only move is to the ferry house and no seed has a melee
    started by Sam."""
    sc = tmp_path / "ferry.yaml"
    sc.write_text(FERRY, encoding="utf-8")
    moved = 0
    for seed in range(77, 82):
        res = RUNNER.invoke(app, ["run", str(sc), "--seed", str(seed)])
        assert res.exit_code == 0, res.output
        lines = [ln for ln in res.stdout.splitlines() if ln.startswith(("**Sam**", "**Young Sam"))]
        assert not [ln for ln in lines if "start a melee" in ln], lines
        moves = [ln for ln in lines if " move to " in ln]
        assert all("move to the ferry house, into cover" in ln for ln in moves), moves
        moved += len(moves)
    assert moved >= 3
