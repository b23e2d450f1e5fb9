"""The story tells only what the rolls show of a shot's several wounds (a shotgun's pellets):
how bad they are as they stand, the one that kills, and the pellet a Luck check saved.

Found by session 15's fresh-user trial (Boot Hill, a close fight of shotguns, seed 11, turn
5): "the wounds are bad. Luck saves him from the worst of them" of two light wounds (the head
2 light; the abdomen mortal, saved by Luck to light), and "the pellet" after two pellets. The
same blast could hide a death: a killing pellet beside one a Luck check saved was told as the
saved one ("it is more than Tom can stand. One of them could have killed him: a silver dollar
in Tom's coat stops the pellet") and the man killed outright never told dead.

The checks run over many close shotgun fights, every turn kind (combat and shootout turns),
both tenses, and count the cases they met, so a change of the dice cannot empty them.
"""

from __future__ import annotations

import re

import pytest
from prose_lint import _shorts, turns_told

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

CLOSE = """\
title: Close Quarters
ruleset: boothill
seed: 11
sides:
  law:
    - name: Dan Hollis
      short: Dan
      attributes: {{str: {strength}, coo: 14, obs: 12, sta: 14, luck: 12}}
      skills: {{rifle: 4, pistol: 4, fast_draw: 3}}
      weapons: [{{type: shotgun}}, {{type: single_action_revolver}}]
      at: [0, 0]
      drawn: true
      tactics: aggressive
    - name: Ed Parr
      short: Ed
      attributes: {{str: {strength}, coo: 13, obs: 12, sta: 13, luck: 12}}
      skills: {{rifle: 4, pistol: 4}}
      weapons: [{{type: scattergun}}, {{type: single_action_revolver}}]
      at: [0, 3]
      drawn: true
      tactics: {tactics}
  gang:
    - name: Tom Vance
      short: Tom
      attributes: {{str: {strength}, coo: 14, obs: 12, sta: 14, luck: 12}}
      skills: {{rifle: 4, pistol: 4, fast_draw: 3}}
      weapons: [{{type: shotgun}}, {{type: single_action_revolver}}]
      at: [{far}, 0]
      drawn: true
      tactics: aggressive
    - name: Sam Kell
      short: Sam
      attributes: {{str: {strength}, coo: 14, obs: 12, sta: 15, luck: 12}}
      skills: {{rifle: 4, pistol: 4}}
      weapons: [{{type: scattergun}}, {{type: single_action_revolver}}]
      at: [{far}, 3]
      drawn: true
      tactics: cautious
max_turns: 8
"""

#: what the story may say only of grave wounds (serious or mortal as they stand)
BAD = re.compile(r"\bwounds (are|were) bad\b")
#: what the story says of a man killed or dying (the groups killed*, dying_*)
DEATH = re.compile(r"\b(dead|killed|dying|die|dies|died|not move again|seconds left|minutes "
                   r"left|will not last|would not last|will not wake|would not wake|bleeding "
                   r"out|bled out|slow way|long dying|long while|not a quick one|nobody there)\b")


def _fights():
    for far, tactics, strength, seeds in ((6, "aggressive", 14, range(0, 30)),
                                          (20, "cautious", 14, range(30, 45)),
                                          (20, "aggressive", 8, range(0, 15))):
        loaded = load_scenario_text(CLOSE.format(far=far, tactics=tactics, strength=strength),
                                    "<close>")
        for seed in seeds:
            yield f"{far} yd seed {seed}", run_fight(loaded, seed)


def _groups(log):
    """Per turn: [(man, [wounds of one shot])] for every shot that wounded one man more than
    once, from the log (not from the renderer's grouping)."""
    out: dict[int, list] = {}
    shot = None
    for e in log.events:
        if e.kind == "shot_fired":
            shot = {}
            out.setdefault(e.turn, []).append(shot)
        elif e.kind == "wound_taken" and e.cause == "shot" and shot is not None:
            shot.setdefault(e.character, []).append(e)
        elif e.kind in ("turn_ended", "blow_struck"):
            shot = None
    groups = {t: [(who, ws) for s in shots for who, ws in s.items() if len(ws) > 1]
              for t, shots in out.items()}
    return {t: g for t, g in groups.items() if g}


def _saved(w) -> bool:
    return w.mortal is not None and w.mortal.saved


@pytest.mark.parametrize("tense", ["present", "past"])
def test_several_wounds_of_one_shot_are_told_as_the_rolls_show(tense):
    met = {"slight": 0, "saved_among": 0, "killed_beside_saved": 0, "last": 0}
    for label, log in _fights():
        story = turns_told(render(log, "text", "story", options=Options(tense=tense)))
        shorts = _shorts(log)
        for turn, groups in _groups(log).items():
            text = story[turn]
            # "the wounds are bad" of each group of several wounds, one serious or mortal
            # at the least (only several wounds are told "the wounds")
            grave = sum(any(w.severity in ("serious", "mortal") for w in ws) for _, ws in groups)
            met["slight"] += len(groups) - grave
            assert len(BAD.findall(text)) <= grave, (label, turn, text)
            for who, ws in groups:
                if any(_saved(w) for w in ws):
                    met["saved_among"] += 1
                    assert "the pellet " not in text, (label, turn, text)
                mortal = [w for w in ws if w.mortal is not None and not w.mortal.saved]
                if mortal and any(_saved(w) for w in ws):
                    met["killed_beside_saved"] += 1
                    short = shorts[who]
                    sents = re.split(r"(?<=[.;])\s", text)  # his death: told of him, or
                    told = [s for i, s in enumerate(sents)  # of "he" in the next sentence
                            if short in s and DEATH.search(" ".join(sents[i:i + 2]))]
                    assert told, (label, turn, who, text)
                    lucky = [s for i, s in enumerate(sents[1:]) if short in sents[i] and (
                        "worst of them" in s or re.search(r"Luck (is|was) with", s))]
                    assert lucky == [], (label, turn, text)
            # "it is more than he can stand" only of a man who passes out from that shot
            for short in re.findall(r"more than (.+?) (?:can|could) stand", text):
                who = {v: k for k, v in shorts.items()}[short]
                met["last"] += 1
                assert any(e.kind == "passed_out" and e.turn == turn and e.character == who
                           for e in log.events), (label, turn, text)
    assert met["last"] >= 1 and met["slight"] >= 5 and met["saved_among"] >= 5 and met["killed_beside_saved"] >= 1, met


def test_a_pellet_a_luck_check_saved_among_others_is_one_pellet():
    loaded = load_scenario_text(CLOSE.format(far=6, tactics="aggressive", strength=14), "<close>")
    story = render(run_fight(loaded, 8), "text", "story")
    assert ("the pattern catches him in the side of the head and in the right thigh; Dan bleeds "
            "from a scatter of small wounds. Luck is with him: one "
            "pellet creases Dan's skull and glances off.") in story


def test_a_killing_pellet_beside_a_saved_one_is_told_killing():
    loaded = load_scenario_text(CLOSE.format(far=6, tactics="aggressive", strength=14), "<close>")
    story = render(run_fight(loaded, 0), "text", "story")
    assert ("buckshot finds Tom Vance in the right leg, high in the chest and in the gut; a "
            "killing wound. Tom dies before he stops falling.") in story


def test_light_wounds_of_a_man_killed_later_in_the_turn_are_light():
    """Two light wounds (one a Luck save), then the next shot kills him: before, "the wounds
    are bad" (they are light) or "it is more than Tom can stand" (he stood them)."""
    loaded = load_scenario_text(CLOSE.format(far=20, tactics="aggressive", strength=8),
                                "<close>")
    story = render(run_fight(loaded, 8), "text", "story")
    assert ("one barrel catches Tom Vance in the left shoulder and in the gut; light wounds. "
            "Luck is with him: the thick of Tom's coat slows one pellet. A second charge from "
            "Dan's shotgun catches Tom square in the chest;") in story
