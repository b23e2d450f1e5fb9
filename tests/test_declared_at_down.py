"""A declared shot at a man already out of the fight (fresh23 item 1): it vanished without a
word in Weird West (teaching, rolls and story: "The Marshal calls the cards: ... 6♥ Silas"
and then nothing of Silas) and from Gaslight's story (its rolls said "no shot (target out)",
and the story opened on the wrong man: "Agnes is first to act." of a round Bell won), and
``check`` said nothing of a declared target the GM had set dead in ``state:``.

Weird West (ruled: WN29): the shot is not made, the card goes to his next declared action or
he keeps it, and every mode says so. Gaslight: the shooter holds fire (as the engine did),
and the story tells it, first when he won the initiative. ``check`` (and ``next``) warn of
the declared shot, located at it, exit 0."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from narrator.cli import app

RUNNER = CliRunner()

WW = """title: Showdown at Dry Gulch Chapel
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
  - intents: {}
max_turns: 4
"""

GL = """title: The Limehouse Warehouse
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
  - intents: {}
max_turns: 4
"""


def _edited(path, who, old, new, turn):
    """Resolve turn 1 with ``next``, edit ``who``'s state (``old`` -> ``new``) and declare
    ``turn`` (YAML lines of a turn's intents) as turn 2."""
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 0, r.output
    head, state = path.read_text().split("\nstate:\n", 1)
    at = state.index(who + ":")
    state = state[:at] + state[at:].replace(old, new, 1)
    head = head.replace("max_turns: 4", turn + "max_turns: 4")
    path.write_text(head + "\nstate:\n" + state)


def _ww(tmp_path):
    path = tmp_path / "ww.yaml"
    path.write_text(WW)
    _edited(path, "Abel Kincaid", "condition: active", "condition: dead",
            "  - intents:\n      Silas: [{shoot: Abel}]\n")
    return path


def _gl(tmp_path):
    path = tmp_path / "gl.yaml"
    path.write_text(GL)
    _edited(path, 'Nathaniel "Nat" Crewe', "health: 12", "health: 5",
            "  - intents:\n      Bell: {shoot: Nat, mode: aimed}\n")
    return path


def test_weird_west_check_warns_of_a_shot_at_a_man_dead_in_state(tmp_path):
    path = _ww(tmp_path)
    r = RUNNER.invoke(app, ["check", str(path)])
    assert r.exit_code == 0, r.output
    line = next(x for x in r.stderr.splitlines() if "warning" in x)
    n = path.read_text().splitlines().index("      Silas: [{shoot: Abel}]") + 1
    assert line.startswith(f"{path}:{n}:16: warning: Silas Webb declares a shot at Abel "
                           "Kincaid in turn 2, but Abel Kincaid is dead in state: the shot "
                           "is not made")
    assert len([x for x in r.stderr.splitlines() if "warning" in x]) == 1


def test_weird_west_teaching_rolls_and_story_say_the_shot_is_not_made(tmp_path):
    path = _ww(tmp_path)
    teach = RUNNER.invoke(app, ["next", str(path)])
    assert teach.exit_code == 0, teach.output
    assert re.search(r"\*\*Silas\*\* \(\S+\) finds Abel dead already: his declared shot "
                     r"is not made, and he keeps the card\.", teach.stdout), teach.stdout
    story = RUNNER.invoke(app, ["next", str(path), "--repost", "2", "--mode", "story"])
    assert story.exit_code == 0, story.output
    assert re.search(r"Silas \(\S+\): declared shot at Abel not made \(Abel is dead "
                     r"already\); the card is kept", story.stdout), story.stdout
    prose = story.stdout.split("||")[0]
    assert re.search(r"Silas (holds his fire: Abel is dead already|finds Abel already dead, "
                     r"and holds his fire)\.", prose), prose


def test_gaslight_check_warns_of_a_shot_at_a_man_out_in_state(tmp_path):
    path = _gl(tmp_path)
    r = RUNNER.invoke(app, ["check", str(path)])
    assert r.exit_code == 0, r.output
    warns = [x for x in r.stderr.splitlines() if "declares a shot" in x]
    n = path.read_text().splitlines().index("      Bell: {shoot: Nat, mode: aimed}") + 1
    assert len(warns) == 1 and warns[0].startswith(
        f"{path}:{n}:14: warning: Sergeant Alice Bell declares a shot at Nathaniel \"Nat\" "
        "Crewe in turn 2, but Nathaniel \"Nat\" Crewe is unconscious (Health 5) in state: "
        "the shooter holds fire"), r.stderr


def test_gaslight_story_tells_the_held_fire_first(tmp_path):
    path = _gl(tmp_path)
    r = RUNNER.invoke(app, ["next", str(path), "--mode", "story"])
    assert r.exit_code == 0, r.output
    prose = r.stdout.split("## Round 2", 1)[1].split("||")[0]
    assert "Bell: no shot (target out: unconscious)." in r.stdout
    held = re.search(r"(Bell|She) (holds her fire: Nat is down already|lowers her gun; Nat "
                     r"lies still)\.", prose)
    assert held, prose
    # nobody else is told first in a round Bell won and opened by holding fire
    first = re.search(r"(\w+) (is first to act|has the advantage|is quickest)", prose)
    assert first is None or first.group(1) == "Bell", prose
