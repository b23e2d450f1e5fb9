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

from gm_scenes import LIMEHOUSE

SCENARIO = LIMEHOUSE + """turns:
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
