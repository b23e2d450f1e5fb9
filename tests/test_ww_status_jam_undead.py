"""``narrator status`` of a Weird West fight shows what the post's status lines show (fresh23
item 12): a jammed gun "(jammed)" (it said "Colt Army 4" of a gun the post had "4/6
(jammed)"), and no Wind for the walking dead ("-", never "Wind 0" of Cain, who has none,
W19)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from narrator.cli import app

RUNNER = CliRunner()

SCENARIO = """title: Showdown at Dry Gulch Chapel
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
turns:
  - intents:
      Abel: [{shoot: Hattie}]
max_turns: 3
dice:
  Abel: {shootin: [1, 1, 1]}
dice_fallback: seeded
"""


def test_status_shows_the_jam_and_no_wind_for_the_walking_dead(tmp_path):
    path = tmp_path / "chapel.yaml"
    path.write_text(SCENARIO)
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 0, r.output
    assert "Colt Army 6/6 (jammed)" in r.stdout            # the post's status line
    r = RUNNER.invoke(app, ["status", str(path)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    abel = next(x for x in r.stdout.splitlines() if x.strip().startswith("Abel Kincaid"))
    assert re.search(r"\b16\s+Colt Army 6 \(jammed\)", abel), abel
    cain = next(x for x in r.stdout.splitlines() if x.strip().startswith("Cain Kincaid"))
    assert re.search(r"light\s+-\s+Winchester '73 15", cain), cain
