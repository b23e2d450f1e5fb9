"""A run at the spot the enemy left is "towards" him (fresh-user session 17,
tests/fresh17/bh-knives.yaml).

Seed 3, --tense past: "Kit Ortiz stepped aside, never taking their eyes off Lee." of a
3.6-yard run to the spot Lee stood on (the rolls: "runs towards Lee"; Lee ran off to Rosa in
the same turn). Boot Hill's moves of a turn are made together: a move that closes on where
the enemy stood as the turn began is "towards" him (``narrate.motions``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


from narrator.engine import run_fight
from narrator.render import render
from narrator.render.markup import Options
from narrator.render.narrate import motions
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh17"


@lru_cache(maxsize=32)
def _log(name: str, seed: int):
    return run_fight(load_scenario_text((HERE / name).read_text(), name), seed)


def test_a_run_at_the_spot_the_enemy_left_is_towards_him():
    log = _log("bh-knives.yaml", 3)
    way = motions(list(log.events), log.events[0])
    kit = next(e for e in log.events if e.kind == "moved" and e.character == "Kit Ortiz")
    assert (tuple(kit.start), tuple(kit.end)) == ((1.0, 2.0), (4.0, 0.0))
    assert {k: way[id(kit)][k] for k in ("way", "enemy")} == {"way": "towards",
                                                               "enemy": "Lee Pratt"}
    # "closer" (869307d): the enemy the move brings nearest by where each ended his own move
    # (Lee ran from (4, -1) to (1.5, -0.4), past Kit; Sam from (5, 1) to (2.9, 1.5))
    assert way[id(kit)]["closer"] == "Sam Pratt"
    text = render(log, "markdown", "story", options=Options(tense="past"))
    turn = text.split("## Turn 1", 1)[1].split("Rolls, turn 1", 1)[0]
    assert "Kit Ortiz stepped aside" not in turn and "sideways" not in turn
    assert "aside" not in turn.split("Kit Ortiz", 1)[1].split(".", 1)[0]
