"""The closing tally counts one misfire per malfunction roll (G11), not per barrel: a
both-barrels attack that fumbles and misfires is one misfire (fresh23 item 7: "two misfires"
of Agnes's one derringer fumble). Her attack and Nat's shotgun fumble (round 1 of the fresh
GM's warehouse fight, its dice scripted): two malfunction rolls, two misfires, where the
tally said three."""

from __future__ import annotations

import re

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

SCENARIO = """title: The Limehouse Warehouse
ruleset: gaslight
seed: 2324
description: >-
  Fog off the river, and a warehouse door ajar. Inspector Thorne and Sergeant Bell
  have traced the Whitechapel forgers to their press.
conditions: {light: poor, weather: light_fog}
map:
  crates: {name: the stacked crates, at: [8, 2], cover: 50}
  door: {name: the warehouse door, at: [16, 0], cover: 75}
  lamp_post: {name: the lamp post, at: [4, -3], cover: 25}
sides:
  police:
    - name: Inspector Jonas Thorne
      short: Thorne
      str: 12
      dex: 15
      con: 13
      bab: 3
      hp: 12
      skills: {quick_draw: 2}
      weapons: [{type: webley_revolver, carried: holster}]
      at: [0, 0]
      tactics: lawman
    - name: Sergeant Alice Bell
      short: Bell
      pronoun: she
      dex: 13
      con: 14
      bab: 2
      hp: 10
      weapons: [{type: bulldog_revolver}]
      at: [0, 3]
      tactics: cautious
  forgers:
    - name: Nathaniel "Nat" Crewe
      short: Nat
      dex: 14
      con: 12
      bab: 2
      hp: 9
      weapons: [{type: shotgun}]
      at: door
      tactics: aggressive
    - name: Mrs Agnes Crewe
      short: Agnes
      pronoun: she
      dex: 12
      con: 10
      bab: 1
      hp: 6
      weapons: [{type: derringer}]
      at: [18, 3]
      tactics: coward
turns:
  - intents:
      Thorne: {shoot: Nat, mode: aimed, move: crates, gait: walking_briskly}
      Bell: {other: shouts for them to lay down their arms and surrender}
max_turns: 1
dice:
  Agnes: {to_hit: [1], malfunction: [3]}
dice_fallback: seeded
"""


def test_a_both_barrels_misfire_is_one_misfire_in_the_tally():
    log = run_fight(load_scenario_text(SCENARIO, "warehouse.yaml"))
    text = render(log, "markdown", "story")
    rolled = re.findall(r"Fumble: d6 \d, misfire\.", text)
    assert len(rolled) == 2, rolled
    assert re.search(r"Agnes at Bell, aimed, both barrels #1, .*natural 1, fumble", text)
    tail = text.split("\n---")[0].rstrip().splitlines()[-1]   # the closing paragraph
    told = re.search(r"(\w+) misfires?\b", tail)
    assert told and told.group(1) == "two", tail
