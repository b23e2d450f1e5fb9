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

from gm_scenes import DRY_GULCH, LIMEHOUSE

RUNNER = CliRunner()

WW = DRY_GULCH + """turns:
  - intents: {}
max_turns: 4
"""

GL = LIMEHOUSE + """turns:
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
