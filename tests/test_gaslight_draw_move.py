"""Gaslight: a declared move that a draw takes (GN18: drawing from a holster is a move action,
which costs a man his move) is said in every mode and by ``check``.

Found by session 15's fresh-user trial: only teaching mode said it ("a move action, which
costs him his move"); the story told the draw as a plain one ("John Moriarty brings out his
derringer.", his declared move to the hansom cab never made nor told), and ``narrator check``
said "ok".
"""

from __future__ import annotations

import re

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

STREET = """\
title: A street affray
ruleset: gaslight
seed: 3
conditions: {{light: poor, weather: clear}}
map:
  lamp_post: {{at: [8, -4], name: the lamp post, cover: 0, concealment: 25}}
  hansom: {{at: [8, 4], name: the hansom cab, cover: 50, concealment: 0}}
sides:
  posse:
    - name: John Moriarty
      short: John
      str: 12
      dex: 15
      con: 10
      bab: 1
      hp: 10
      skills: {{quick_draw: 3}}
      weapons: [{{type: {john_gun}, carried: {john_carry}, powder: black}}]
      at: [0, -1]
  gang:
    - name: William Blackwood
      short: William
      str: 15
      dex: 11
      con: 10
      bab: 0
      hp: 12
      weapons: [{{type: revolver, carried: holster, powder: smokeless}}]
      at: [16, -1]
max_turns: 2
turns:
  - intents:
      William: {{shoot: John}}
      John: {{shoot: William, move: hansom{john_draw}}}
  - intents:
      John: {{shoot: William, move: lamp_post}}
"""


def _scenario(gun="derringer", carry="holster", draw=""):
    return STREET.format(john_gun=gun, john_carry=carry, john_draw=draw)


@pytest.mark.parametrize("gun, carry", [("derringer", "holster"),
                                        ("derringer", "hand_on_pistol"),
                                        ("sawed_off", "oversized_holster")])
def test_a_move_the_draw_took_is_told_in_every_mode(gun, carry):
    log = run_fight(load_scenario_text(_scenario(gun, carry)), 3)
    draws = [(e.turn, e.character, e.action, e.move_lost) for e in log.events
             if e.kind == "gl_draw"]
    assert (1, "John Moriarty", "move", True) in draws, draws
    # William declared no move: his draw took nothing he meant to do
    assert (1, "William Blackwood", "move", False) in draws
    assert not [e for e in log.events if e.kind == "gl_moved" and e.turn == 1
                and e.character == "John Moriarty"]
    teaching = render(log, "text", "teaching")
    assert "which costs him his move; the move he declared is not made." in teaching
    rolls = render(log, "text", "story")
    assert "the declared move is not made" in rolls
    for tense in ("present", "past"):
        story = render(log, "text", "story", options=Options(tense=tense)).split("Round 2")[0]
        told = re.search(r"John(?: Moriarty)? (?:stops where he stands|stopped where he "
                         r"stood|stays where he is and draws|stayed where he was and drew)"
                         r"|John(?: Moriarty)? (?:loses|lost) the move he (?:means|meant) to "
                         r"make getting his [\w-]+ out", story)
        assert told, story


def test_check_warns_of_a_move_a_draw_will_take():
    import tempfile
    from pathlib import Path

    from typer.testing import CliRunner

    from narrator.cli import app
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "street.yaml"
        path.write_text(_scenario(), encoding="utf-8")
        r = CliRunner().invoke(app, ["check", str(path)])
        assert r.exit_code == 0, r.stderr
        assert r.stderr == (
            f"{path}:34:36: warning: John Moriarty declares a move in turn 1, but drawing his "
            f"derringer from a holster is a move action that costs him the move (GN18), so "
            f"the move is not made; carry it ready (carried: ready), or move in another "
            f"turn\n")
        # a quick draw he may make: a free action when the roll is made
        path.write_text(_scenario(draw=", draw: quick"), encoding="utf-8")
        r = CliRunner().invoke(app, ["check", str(path)])
        assert r.exit_code == 0 and r.stderr.endswith(
            "is a move action that costs him the move (GN18), unless the Quick Draw roll is "
            "made\n"), r.stderr
        # a gun in hand, or a pocket's standard-action draw (it costs his shots, not his
        # move): nothing to warn of; turn 2's move comes after turn 1 drew the gun
        for carry in ("ready", "pocket"):
            path.write_text(_scenario(carry=carry), encoding="utf-8")
            r = CliRunner().invoke(app, ["check", str(path)])
            assert r.exit_code == 0 and r.stderr == "", (carry, r.stderr)
