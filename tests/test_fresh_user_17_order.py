"""The story's order against the rolls (fresh-user session 17, tests/fresh17/bh-rider.yaml).

Seed 42, turn 1: "Billy Corder limps towards the rocks; the leg will not carry him at a run."
was told before "Reese's bullet catches Billy in the right leg": a man's move is told before
his first shot (he fires on the move), but a move his allowance pays for a leg wound taken
after that shot is the wounded man's, told where the rolls have it (``core._paragraphs``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


from narrator.engine import run_fight
from narrator.render import render
from narrator.render.core import group
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh17"


@lru_cache(maxsize=32)
def _log(name: str, seed: int):
    return run_fight(load_scenario_text((HERE / name).read_text(), name), seed)


def _wounds(beat, who):
    return any(e.kind == "wound_taken" and e.character == who for e in (beat["ev"], *beat["sub"]))


def test_a_move_on_a_leg_wounded_after_his_first_shot_is_told_after_the_wound():
    log = _log("bh-rider.yaml", 42)
    turn1 = group(log)["turns"][0]
    beats = [b for para in turn1["paras"] for b in para]
    billy = "Billy Corder"
    move = next(i for i, b in enumerate(beats) if b["ev"].kind == "moved"
                and b["ev"].character == billy)
    hit = next(i for i, b in enumerate(beats) if _wounds(b, billy))
    assert hit < move
    story = render(log, "markdown", "story")
    turn = story.split("## Turn 1", 1)[1].split("Rolls, turn 1", 1)[0]
    assert turn.index("right leg") < turn.index("rocks")


def test_a_move_with_no_wound_before_it_is_still_told_before_his_first_shot():
    """The rule it refines stands: a man who fires on the move has the move told first, though
    the rolls resolve it after his shots (some turns of bh-rider seeds 1-39 do so), unless a
    leg wound between his first shot and the move cut it short."""
    hoisted = 0
    for seed in range(1, 40):
        log = _log("bh-rider.yaml", seed)
        for turn in group(log)["turns"]:
            beats = [b for para in turn["paras"] for b in para]
            order = [id(e) for e in turn["events"]]
            for i, b in enumerate(beats):
                if b["ev"].kind != "moved":
                    continue
                who = b["ev"].character
                shots = [x for x in beats[i + 1:] if x["ev"].kind == "shot_fired"
                         and x["ev"].shooter == who]
                if shots and order.index(id(shots[0]["ev"])) < order.index(id(b["ev"])):
                    hoisted += 1
                    first = order.index(id(shots[0]["ev"]))
                    between = [e for e in turn["events"][first:order.index(id(b["ev"]))]
                               if e.kind == "wound_taken" and e.character == who
                               and "leg" in e.location]
                    assert not (between and b["ev"].penalties), (seed, who)
    assert hoisted > 0
