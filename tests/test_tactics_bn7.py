"""Boot Hill tactics weigh cover as the engine scores it (ruling BN7, issue 17 item 5): a
man's cover covers nothing against a shooter at the same landmark or within the [cover]
``open_yards`` (2 yards) of him (``BootHillFight.bare``), so the profiles' estimates
(``tactics.chance``, ``reach``, the target choice) read him as in the open against that
shooter, and in cover against everyone else. The odds kernel's vectorised decisions read it
the same way (``tests/test_kernel_tactics.py``, case "bn7-same-landmark").

On the code before, tactics counted the bar's cover against Kane standing at it with Miller:
Miller, a threat at 0 yards, was worth nothing to shoot (every location hidden), and Kane fired
at Earp 15 yards off instead."""

from __future__ import annotations

import pytest

from narrator.dice import SeededDice
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.scenario.loader import load_scenario_text


BAR = "[legs, abdomen, chest, arms, head]"       # Table 11 but the shoulders
WALL = "[legs, abdomen, chest, arms, shoulders, head]"   # all of it


def _fight(kane_at: str = "bar", miller_at: str = "bar", profile: str = "cautious",
           cover: str = BAR):
    text = f"""\
title: BN7 tactics
ruleset: boothill
map:
  bar: {{name: the bar, at: [0, 0], cover: {{locations: {cover}}}}}
sides:
  law:
    - name: Kane
      attributes: {{str: 12, coo: 14, obs: 12, sta: 10, luck: 9}}
      skills: {{pistol: 5}}
      weapons: [{{type: single_action_revolver}}]
      at: {kane_at}
      drawn: true
      tactics: {profile}
    - name: Doc
      attributes: {{str: 12, coo: 12, obs: 12, sta: 10, luck: 9}}
      skills: {{pistol: 3}}
      weapons: [{{type: single_action_revolver}}]
      at: [0, 60]
      drawn: true
  gang:
    - name: Miller
      attributes: {{str: 12, coo: 12, obs: 12, sta: 10, luck: 9}}
      skills: {{pistol: 3}}
      weapons: [{{type: single_action_revolver}}]
      at: {miller_at}
      drawn: true
    - name: Earp
      attributes: {{str: 12, coo: 12, obs: 12, sta: 10, luck: 9}}
      skills: {{pistol: 3}}
      weapons: [{{type: single_action_revolver}}]
      at: [0, 15]
      drawn: true
turns: []
max_turns: 3
"""
    loaded = load_scenario_text(text, "bn7.yaml")
    return BootHillFight(loaded.scenario, loaded.side_of, SeededDice(1),
                         profile_of(loaded.scenario), 1)


def test_the_bar_hides_every_location_of_miller_from_a_man_across_the_street():
    """The bar covers all of Table 11 but the shoulders: against Earp, 15 yards off, Miller
    keeps only them open (the estimate the cover makes, as before; Kane, the same man, stands
    in the open 15 yards past Earp)."""
    fight = _fight(kane_at="[0, 30]")
    miller, earp = fight.fighters["Miller"], fight.fighters["Earp"]
    assert fight.bare(earp, miller) == ""
    keep = 1.0 - tactics.cover_share(miller.cover.locations)
    assert keep == pytest.approx(0.1)
    ws = earp.weapons[0]
    open_ = tactics.chance(fight, earp, ws, fight.fighters["Kane"], "careful", "short")
    assert tactics.chance(fight, earp, ws, miller, "careful", "short") == pytest.approx(
        open_ * keep)


@pytest.mark.parametrize("kane_at, why", [("bar", "landmark"), ("[1.5, 0]", "close")])
def test_a_shooter_at_the_same_cover_or_at_arms_length_sees_him_in_the_open(kane_at, why):
    """Kane at the bar with Miller, or 1.5 yards from him in the open: the engine's ``bare``
    holds, and tactics' chance of Kane's shot at Miller is the chance at a man in the open
    (Earp's, the same man but for the cover); Kane's reach at him too. Against Earp, Miller's
    cover still counts (Earp's reach at him is the tenth the shoulders leave)."""
    fight = _fight(kane_at=kane_at)
    kane, miller, earp = (fight.fighters[n] for n in ("Kane", "Miller", "Earp"))
    assert fight.bare(kane, miller) == why
    ws = kane.weapons[0]
    at_miller = tactics.chance(fight, kane, ws, miller, "careful", "short")
    at_earp = tactics.chance(fight, kane, ws, earp, "careful", "short")
    assert at_miller == at_earp > 0.5
    yards = 0.0 if kane_at == "bar" else 1.5
    assert tactics.reach(fight, 1, kane, miller, yards) == tactics.reach(
        fight, 1, kane, earp, yards) > 0.5
    # (Kane at the bar: behind it against Earp as well; in the open at [1.5, 0], not)
    share = 1.0 if kane_at == "bar" else 0.1
    assert tactics.reach(fight, 1, earp, miller, 15.0) == pytest.approx(
        share * tactics.reach(fight, 1, earp, kane, 15.0))
    assert tactics.reach(fight, 1, earp, miller, 15.0) > 0


@pytest.mark.parametrize("profile", ["cautious", "aggressive", "sniper"])
def test_tactics_shoot_the_man_at_the_same_cover_not_the_one_across_the_street(profile):
    """Miller at a wall with Kane that hides every location (Doc, 60 yards off, evens the
    sides: nobody is outnumbered and runs): Kane shoots him, a threat at 0 yards whom the
    engine hits in the open, not Earp 15 yards off. On the code before, Miller's chance read
    as nothing (the wall hides all of Table 11) and Kane fired at Earp."""
    fight = _fight(profile=profile, cover=WALL)
    intent = tactics.decide(fight, 1, fight.fighters["Kane"])
    assert intent is not None and intent.shoot == "Miller", intent
    # Earp, across the street, still finds nothing of him to hit
    assert tactics.reach(fight, 1, fight.fighters["Earp"], fight.fighters["Miller"],
                         15.0) == 0.0


def test_the_danger_of_a_man_at_the_same_cover_is_his_open_shot():
    """The danger a man is to Kane (``reach``, every profile's danger weight): Miller at the
    bar with him shoots at a man in the open, Earp across the street at a man behind the bar
    (the same man but for where he stands). On the code before, both read the bar's cover."""
    fight = _fight()
    kane, miller, earp = (fight.fighters[n] for n in ("Kane", "Miller", "Earp"))
    assert tactics.reach(fight, 1, miller, kane, 0.0) > 5 * tactics.reach(fight, 1, earp,
                                                                          kane, 15.0)
