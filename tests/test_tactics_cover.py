"""Which cover a Boot Hill tactics profile runs to (``tactics._nearest_cover``).

The fault: a coward ran to cover that lay towards the enemy (the check "not closer to the enemy
than we are" held only within 20 feet of him). A man who never advances (the coward: he hides)
and any man in flight take only cover that brings them nearer no enemy; nobody takes cover an
enemy stands at. Hand-placed fights, one decision each: nothing is rolled."""

from __future__ import annotations

import pytest

from narrator.dice import SeededDice
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.scenario.loader import load_scenario_text


def _fight(landmarks: str, profile: str, enemy_at: str = "[30, 0]", wound: int = 0,
           enemy_cover: str = ""):
    text = f"""\
title: Cover test
ruleset: boothill
map:
{landmarks}
sides:
  us:
    - name: Yellow Bill
      attributes: {{str: 12, coo: 12, obs: 12, sta: 10, luck: 9}}
      skills: {{pistol: 3}}
      weapons: [{{type: single_action_revolver}}]
      at: [0, 0]
      drawn: true
      tactics: {profile}
  them:
    - name: Dutch Henry
      attributes: {{str: 12, coo: 12, obs: 12, sta: 10, luck: 9}}
      skills: {{pistol: 3}}
      weapons: [{{type: single_action_revolver}}]
      at: {enemy_at}
      {enemy_cover}
      drawn: true
turns: []
max_turns: 3
"""
    loaded = load_scenario_text(text, "cover.yaml")
    fight = BootHillFight(loaded.scenario, loaded.side_of, SeededDice(1),
                          profile_of(loaded.scenario), 1)
    fight.fighters["Yellow Bill"].wound_points = wound
    return fight


def _move_to(fight):
    intent = tactics.decide(fight, 1, fight.fighters["Yellow Bill"])
    return intent.move.to if intent is not None and intent.move is not None else None


WAGON = "  wagon: {name: the wagon, at: [15, 0], cover: {locations: [legs, abdomen]}}"
SHED = "  shed: {name: the shed, at: [-10, 0], cover: {locations: [legs, abdomen, chest]}}"


def test_a_coward_does_not_hide_towards_the_enemy():
    """The wagon is 15 yards from both men: halfway to Dutch, beyond 20 feet of him."""
    assert _move_to(_fight(WAGON, "coward")) != "wagon"
    assert _move_to(_fight(WAGON + "\n" + SHED, "coward")) == "shed"


def test_a_cautious_man_may_still_advance_to_cover():
    """The rule for men who advance is unchanged: cover towards the enemy, beyond 20 feet of
    him, is fair game."""
    assert _move_to(_fight(WAGON, "cautious")) == "wagon"


@pytest.mark.parametrize("profile", ["coward", "cautious", "sniper"])
def test_a_man_in_flight_runs_to_no_cover_towards_the_enemy(profile):
    """Wounded (a coward's first wound) or badly hurt (8 of 12): he flees; the wagon lies
    within a run but towards Dutch; the shed lies away from him."""
    wound = 1 if profile == "coward" else 8
    to = _move_to(_fight(WAGON, profile, enemy_at="[24, 0]", wound=wound))
    assert to != "wagon" and to is not None
    assert isinstance(to, tuple) and to[0] < 0      # straight away from Dutch
    assert _move_to(_fight(WAGON + "\n" + SHED, profile, enemy_at="[24, 0]",
                           wound=wound)) == "shed"


def test_nobody_takes_cover_an_enemy_stands_at():
    """Dutch holds the barn; its spot is 8 yards from where he stands (a long building):
    beyond 20 feet of him, but his."""
    barn = "  barn: {name: the barn, at: [22, 0], cover: {locations: [legs, abdomen, chest]}}"
    fight = _fight(barn, "cautious", enemy_cover="cover: barn")
    assert fight.fighters["Dutch Henry"].landmark == "barn"
    assert _move_to(fight) != "barn"
