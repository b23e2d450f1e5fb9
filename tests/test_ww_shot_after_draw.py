"""A declared Weird West shot with a gun not in hand (fresh23 item 5): the card draws it
(W17) and the shot is not made; teaching and the rolls say so ("**Hattie** (10H) draws her
double-barrel shotgun: that is the action." was all), and ``check`` warns of it in round 1, as
Gaslight's check warns of a draw that costs the move."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from narrator.cli import app

RUNNER = CliRunner()

HEAD = """title: Showdown at Dry Gulch Chapel
ruleset: weird-west
seed: 2323
description: >-
  Dusk at the burned-out chapel in Dry Gulch. Two regulators have come for the Kincaid
  brothers, and one of the brothers does not breathe any more.
light: dim
map:
  chapel_wall: {name: the chapel wall, at: [10, 3], cover: {material: stone, covers: [legs, lower_guts, gizzards, upper_guts]}}
  wagon: {name: the burned wagon, at: [18, -4], cover: {material: wood, covers: [legs, lower_guts, gizzards]}}
  well: {name: the old well, at: [25, 2], cover: {material: stone, covers: [legs, lower_guts]}}
sides:
  regulators:
    - name: Hattie Rourke
      short: Hattie
      pronoun: she
      traits: {deftness: 4d10, nimbleness: 3d8, quickness: 3d10, strength: 2d6, vigor: 3d8, spirit: 2d10}
      aptitudes: {shootin: {pistol: 4, shotgun: 2}, dodge: 2, quick_draw: 3}
      chips: {white: 2, red: 1}
      weapons: [{type: colt_peacemaker}, {type: double_barrel_shotgun}]
      at: [0, 0]
      tactics: gunslinger
    - name: Silas Webb
      short: Silas
      traits: {deftness: 3d8, nimbleness: 2d8, quickness: 2d8, strength: 3d8, vigor: 3d6, spirit: 2d6}
      aptitudes: {shootin: {rifle: 3}}
      chips: {white: 1}
      weapons: [{type: winchester_73}]
      at: [0, 5]
      tactics: cautious
  kincaids:
    - name: Abel Kincaid
      short: Abel
      traits: {deftness: 3d8, nimbleness: 2d10, quickness: 3d8, strength: 3d8, vigor: 2d10, spirit: 2d6}
      aptitudes: {shootin: {pistol: 3}}
      weapons: [{type: colt_army}]
      at: [24, 0]
      tactics: aggressive
    - name: Cain Kincaid
      short: Cain
      undead: true
      traits: {deftness: 2d8, nimbleness: 2d6, quickness: 2d6, strength: 4d10, vigor: 4d10, spirit: 1d4}
      aptitudes: {shootin: {rifle: 2}}
      weapons: [{type: winchester_73}]
      at: [26, 4]
      tactics: undead
"""

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
