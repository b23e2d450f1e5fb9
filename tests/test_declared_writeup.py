"""Two things a new user found the Boot Hill write-up saying wrongly of a declaration:

* a declared sniping rest whose +2 was lost (it is for the fight's first shot only, B18(e))
  went unmentioned: the shot's arithmetic now says why it did not apply;
* a declared fast draw was echoed ("fast draw") for a gun already in hand, or in a combat
  turn, where drawing costs nothing: the declaration names only a draw he makes, and
  ``narrator check`` warns of a first turn's draw for a gun that starts in hand.

``B<n>``: the rulings in docs/boothill.md.
"""

from __future__ import annotations

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text


SNIPE = """\
title: Lost rest
seed: 1
sides:
  posse:
    - name: Jake Harlan
      short: Jake
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      skills: {rifle: 5, pistol: 3, fast_draw: 8}
      weapons: [{type: lever_action_rifle}]
      at: [0, 0]
      drawn: true
  rustlers:
    - name: Dutch Miller
      short: Dutch
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      skills: {rifle: 3}
      weapons: [{type: lever_action_rifle}]
      at: [30, 5]
      cover: {by: a rock, kind: solid, locations: [legs, abdomen]}
rulings:
  - {turn: 1, initiative: {posse: 6, rustlers: 1}}
turns:
  - kind: KIND
    intents:
      Jake: {shoot: Dutch, draw: fast}
      Dutch: {shoot: Jake, sniping: true}
"""


def test_a_lost_sniping_bonus_is_said_in_the_shots_arithmetic():
    """Jake's side has the initiative and fires first: Dutch's sniping rest (+2, the fight's
    first shot only, B18(e)) is lost, and his shot's line says so."""
    log = run_fight(load_scenario_text(SNIPE.replace("KIND", "combat")), 1)
    shot = next(e for e in log.events if e.kind == "shot_fired" and e.shooter == "Dutch Miller")
    assert "sniping_lost" in [m.name for m in shot.modifiers]
    assert "sniping" not in [m.name for m in shot.modifiers]
    teaching = render(log, "text", "teaching")
    assert "; no sniping bonus (not the fight's first shot).\n" in teaching


def test_a_declared_draw_with_the_gun_in_hand_is_not_echoed_and_check_warns():
    for kind in ("combat", "shootout"):
        ld = load_scenario_text(SNIPE.replace("KIND", kind), "s.yaml")
        assert any("declares a fast draw in turn 1, but starts with the lever-action rifle "
                   "in hand" in w.one_line() for w in ld.warnings)
        log = run_fight(ld, 1)
        declared = next(e for e in log.events
                        if e.kind == "intent_declared" and e.character == "Jake Harlan")
        assert declared.draw is None
        assert "- Jake Harlan: shoots at Dutch" in render(log, "text", "teaching")
        assert not any(e.kind == "draw_made" and e.character == "Jake Harlan"
                       for e in log.events)
