"""Gaslight story: a volley another man's shot broke into is told in the order of the dice (a
fresh user, session 21, tests/fresh21/gen-gaslight.yaml, its own seed, round 1: "Reginald
moves up on Samuel. He pours shot after shot at Samuel, and one takes him in the left foot.
Under fire himself, Samuel turns his mind from Reginald and looks to his own skin. Samuel's
revolver speaks the moment Reginald stirs, but the shot goes wide." The rolls: Reginald's
first shot missed, Samuel's covering shot, Samuel gave up his watch, then Reginald's second
(a miss) and third (the hit). Twice more that round: Percy and Herbert, William and
Florence)."""

from __future__ import annotations

import re
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.render.core import group
from narrator.scenario import load_scenario_text

PATH = Path(__file__).resolve().parent / "fresh21" / "gen-gaslight.yaml"


def _log(seed: int):
    return run_fight(load_scenario_text(PATH.read_text(), "gen-gaslight.yaml"), seed)


def test_the_story_tells_the_shots_and_the_watch_given_up_in_the_order_of_the_dice():
    """Over 15 seeds: the story's paragraphs, beat by beat, hold every shot and every watch
    given up in the order the engine logged them (a volley's shots after a covering shot
    that broke into it are told after it), and seed 21's round 1 reads in that order."""
    moved = 0
    for seed in range(15, 30):
        log = _log(seed)
        for turn in group(log)["turns"]:
            logged = [e for e in turn["events"] if e.kind == "gl_shot"
                      or (e.kind == "gl_covering" and e.what == "broken")]
            told = [e for para in turn["paras"] for b in para for e in [b["ev"], *b["sub"]]
                    if any(e is x for x in logged)]
            assert [id(e) for e in told] == [id(e) for e in logged], (seed, turn["start"].turn)
            moved += sum(bool(b.get("resumed")) for b in turn["beats"])
    assert moved >= 5, moved
    text = render(_log(21), "markdown", "story")
    round1 = text.split("## Round 1\n")[1].split("||**Rolls")[0]
    for first, then in (("Samuel's revolver speaks the moment Reginald stirs", "left foot"),
                        ("Samuel's revolver speaks the moment Reginald stirs",
                         "Samuel has other things to think of now than Reginald"),
                        ("Herbert pulls the trigger on Percy, and the revolver clicks on a "
                         "dud cartridge", "Herbert turns his mind from Percy"),
                        ("Florence has been waiting for William to make a move",
                         "Florence has other things to think of now than William"),
                        ("Florence has other things to think of now than William",
                         "William fires on at Florence")):
        assert first in round1 and then in round1, (first, then, round1)
        assert round1.index(first) < round1.index(then), (first, then)
    assert "Reginald keeps firing at Samuel, and one shot finds his left foot." in round1
