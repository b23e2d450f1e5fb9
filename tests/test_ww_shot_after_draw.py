"""A declared Weird West shot with a gun not in hand (fresh23 item 5): the card draws it
(W17) and the shot is not made; teaching and the rolls say so ("**Hattie** (10H) draws her
double-barrel shotgun: that is the action." was all), and ``check`` warns of it in round 1, as
Gaslight's check warns of a draw that costs the move."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from narrator.cli import app

from gm_scenes import DRY_GULCH

RUNNER = CliRunner()

HEAD = DRY_GULCH

SLUNG = HEAD + """turns:
  - intents:
      Hattie: [{shoot: Abel, weapon: double_barrel_shotgun}]
      Silas: [{shoot: Cain}]
max_turns: 3
"""


def test_check_warns_of_a_shot_with_a_gun_not_in_hand(tmp_path):
    path = tmp_path / "slung.yaml"
    path.write_text(SLUNG)
    r = RUNNER.invoke(app, ["check", str(path)])
    assert r.exit_code == 0, r.output
    n = SLUNG.splitlines().index("      Hattie: [{shoot: Abel, weapon: double_barrel_shotgun}]")
    warns = [x for x in r.stderr.splitlines() if "warning" in x]
    assert len(warns) == 1 and warns[0].startswith(
        f"{path}:{n + 1}:17: warning: Hattie Rourke declares a shot at Abel Kincaid in round 1 "
        "with her double-barrel shotgun, which is not in hand: drawing it takes the card, and "
        "the shot is not made (W17)"), r.stderr
    drawn = tmp_path / "drawn.yaml"
    drawn.write_text(SLUNG.replace("[{shoot: Abel, weapon: double_barrel_shotgun}]",
                                   "[{draw: double_barrel_shotgun}, {shoot: Abel, "
                                   "weapon: double_barrel_shotgun}]"))
    r = RUNNER.invoke(app, ["check", str(drawn)])
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr


def test_teaching_and_rolls_say_the_declared_shot_is_not_made(tmp_path):
    path = tmp_path / "slung.yaml"
    path.write_text(SLUNG)
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 0, r.output
    assert re.search(r"\*\*Hattie\*\* \(\S+\) draws her double-barrel shotgun: that is the "
                     r"action\.", r.stdout), r.stdout
    assert "**Hattie**'s declared shot at Abel is not made: readying her double-barrel " \
           "shotgun took the card." in r.stdout, r.stdout
    story = RUNNER.invoke(app, ["next", str(path), "--repost", "1", "--mode", "story"])
    assert re.search(r"Hattie \(\S+\): declared shot at Abel not made \(readying the "
                     r"double-barrel shotgun took the card\)", story.stdout), story.stdout
