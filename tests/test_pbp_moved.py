"""A GM's edit of ``at:`` between ``narrator next`` turns places the man anew, in every ruleset:
what his old spot gave him (cover, its landmark, its darkness) goes with it, and a landmark's
own spot gives what arriving there gives. The fault was Boot Hill's alone (he stayed "in cover
at the trough" after being moved into the open); the test runs every registered ruleset's
skeleton scenario (``narrator new``), so a new ruleset is checked too."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from narrator.dice import ScriptedDice
from narrator.playbypost import resolve_next
from narrator.ruleset import get as ruleset
from narrator.ruleset import names
from narrator.scenario import load_scenario
from narrator.scenario.loader import load_scenario_text

BUILT_IN = [n for n in names() if n != "coinflip"]


def _fight(loaded):
    dice = ScriptedDice(loaded.script, 1, "seeded", loaded.path, None)
    return ruleset(loaded.scenario.ruleset).fight(loaded, dice, 1, False)


def _status(fight, name):
    people = getattr(fight, "fighters", None) or fight.men
    return fight.status(people[name])


def _covered_landmark(sc):
    return next((k, lm) for k, lm in sc.map.items() if lm.cover)


def _open_point(sc):
    """A point at least 10 yards from every landmark."""
    for x in range(-60, 61, 5):
        pt = (float(x), 40.0)
        if all(math.dist(pt, lm.at) >= 10 for lm in sc.map.values()):
            return [pt[0], pt[1]]
    raise AssertionError("no open point")


@pytest.mark.parametrize("name", BUILT_IN)
def test_an_edited_at_takes_the_cover_of_the_new_spot_only(name):
    loaded = load_scenario_text(ruleset(name).skeleton(), f"{name}.yaml")
    sc = loaded.scenario
    key, lm = _covered_landmark(sc)
    who = next(c.name for _, c in sc.characters())
    fight = _fight(loaded)
    fight.adjust(1, {who: {"at": list(lm.at)}})
    placed = _status(fight, who)
    assert tuple(placed.at) == tuple(float(v) for v in lm.at)
    assert placed.cover, f"{name}: moved onto {key}'s spot, not in its cover"
    fight.adjust(1, {who: {"at": _open_point(sc)}})
    moved = _status(fight, who)
    assert tuple(moved.at) == tuple(_open_point(sc))
    assert not moved.cover, f"{name}: moved into the open, still in cover: {moved.cover!r}"


BOOTHILL = """\
title: Behind the rocks
ruleset: boothill
seed: 3
map:
  rocks: {name: the rocks, at: [10, 0], cover: {locations: [legs, abdomen, chest]}}
sides:
  law:
    - name: Will Kane
      attributes: {str: 12, coo: 14, obs: 12, sta: 10, luck: 9}
      skills: {pistol: 5}
      weapons: [{type: single_action_revolver}]
      at: rocks
      cover: rocks
      drawn: true
  outlaws:
    - name: Frank Miller
      attributes: {str: 11, coo: 15, obs: 10, sta: 9, luck: 7}
      skills: {pistol: 4}
      weapons: [{type: single_action_revolver}]
      at: [40, 0]
      drawn: true
turns:
  - kind: combat
    intents:
      Will Kane: {shoot: Frank Miller, shots: 1}
      Frank Miller: {shoot: Will Kane, shots: 1}
  - kind: combat
    intents:
      Will Kane: {shoot: Frank Miller, shots: 1}
      Frank Miller: {shoot: Will Kane, shots: 1}
"""


def test_next_after_moving_a_man_out_of_cover_no_longer_has_him_in_it(tmp_path: Path):
    """The reported case, through ``narrator next`` and the file: Kane starts behind the
    rocks; the GM edits his ``at:`` to open ground; the next turn's ``state:`` has no cover."""
    path = tmp_path / "rocks.yaml"
    path.write_text(BOOTHILL)
    resolve_next(path)
    text = path.read_text()
    before = load_scenario(path).scenario.state["characters"]["Will Kane"]
    assert before["cover"] == "the rocks" and before["at"] == [10, 0]
    path.write_text(text.replace("at: [10, 0]\n      wound_points", "at: [10, 8]\n      wound_points", 1))
    done = resolve_next(path)
    assert [(e.character, e.field) for e in done.log.events if e.kind == "state_adjusted"] \
        == [("Will Kane", "at")]
    after = load_scenario(path).scenario.state["characters"]["Will Kane"]
    assert after["at"] == [10, 8]
    assert "cover" not in after


def test_moving_a_man_out_of_reach_lets_go_of_his_hold():
    """``held_by`` is the other state entry a place gives: a hold (errata B19) reaches 2 yards,
    so an edit of ``at`` that parts the two men ends it ("released"), shown in the turn."""
    loaded = load_scenario_text(BOOTHILL.replace("at: [40, 0]", "at: [11, 0]"), "hold.yaml")
    fight = _fight(loaded)
    kane, miller = fight.fighters["Will Kane"], fight.fighters["Frank Miller"]
    kane.holding, miller.held_by = miller.name, kane.name
    fight.adjust(1, {"Frank Miller": {"at": [12, 0]}})      # 2 yards: still in reach
    assert _status(fight, "Frank Miller").held_by == "Will Kane"
    fight.adjust(1, {"Frank Miller": {"at": [13, 0]}})      # 3 yards: out of reach
    assert _status(fight, "Frank Miller").held_by is None and kane.holding is None
    released = [e for e in fight.events if e.kind == "hold_changed"]
    assert [(e.holder, e.held, e.change) for e in released] == [
        ("Will Kane", "Frank Miller", "released")]
