"""A GM's edit of ``state:`` that takes a man out of the fight (his ``condition:`` from active
to dying, passed out, down...) is told in the story, where it applies (the turn it opens),
not in the rolls block alone ("GM adjustment: Miller's condition is now dying."), in every
built-in ruleset's skeleton fight (``narrator new``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app
from narrator.ruleset import get as ruleset
from narrator.ruleset import names

RUNNER = CliRunner()
BUILT_IN = [n for n in names() if n != "coinflip"]


def _edited(tmp_path: Path, name: str) -> tuple[Path, str, str]:
    """The skeleton fight after its first turn, with the first man still active after it put
    out of the fight by hand (the ruleset's first condition other than active): (file, the
    man's name, the condition)."""
    path = tmp_path / f"{name}.yaml"
    assert RUNNER.invoke(app, ["new", "--ruleset", name, "--out", str(path)]).exit_code == 0
    skeleton = path.read_text()
    for seed in range(1, 30):  # the first seed whose turn 1 leaves both sides up
        path.write_text(re.sub(r"^seed: \d+", f"seed: {seed}", skeleton, flags=re.M))
        r = RUNNER.invoke(app, ["next", str(path)])
        assert r.exit_code == 0, r.output
        if "the fight is over" not in r.output:
            break
    text = path.read_text()
    head, state = text.split("\nstate:\n", 1)
    m = re.search(r"^    ([^\n:]+):\n      condition: active$", state, re.M)
    assert m, state
    out = next(c for c in ruleset(name).conditions if c != "active")
    state = state[:m.start()] + m.group(0).replace("condition: active", f"condition: {out}") \
        + state[m.end():]
    path.write_text(head + "\nstate:\n" + state)
    return path, m.group(1).strip('"'), out


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_man_put_out_of_the_fight_by_hand_is_told_so_in_the_story(tmp_path, name):
    path, who, out = _edited(tmp_path, name)
    r = RUNNER.invoke(app, ["next", str(path), "--mode", "story", "--format", "text",
                            "--tense", "past"])
    assert r.exit_code == 0, r.output
    story = r.stdout.split("Rolls, ")[0]
    short = who.split()[-1]
    said = {"passed_out": "senseless", "down": "down", "winded": "winded and down"}.get(out, out)
    assert re.search(rf"(?:By now )?[\w .'\"]*\b{re.escape(short)} was out of the fight, "
                     rf"{re.escape(said)}\.", story), story
    assert "GM" not in story
    assert f"condition is now {out.replace('_', ' ')}." in r.stdout  # the rolls block's words


def test_gaslight_takes_the_state_words_for_its_conditions():
    """Gaslight keeps 'up' and 'unconscious' inside; a GM's edit gives the state's words
    ('active', 'passed_out'), which ended in an internal error (KeyError) at the turn's end."""
    from narrator.dice import ScriptedDice
    from narrator.scenario.loader import load_scenario_text

    loaded = load_scenario_text(ruleset("gaslight").skeleton(), "g.yaml")
    fight = ruleset("gaslight").fight(loaded, ScriptedDice(loaded.script, 1, "seeded",
                                                           loaded.path, None), 1, False)
    name = next(iter(fight.men))
    for said, inside in (("passed_out", "unconscious"), ("active", "up"), ("dead", "dead")):
        fight.adjust(1, {name: {"condition": said}})
        assert fight.men[name].condition == inside
        assert fight.status(fight.men[name]).condition == said


@pytest.mark.parametrize("edit,said", [(("condition: active", "condition: dying"), "dying"),
                                       (("wound_points: 0", "wound_points: 13"), "senseless")])
def test_a_man_put_out_by_hand_in_a_run_of_quiet_turns_is_told_with_them(tmp_path, edit, said):
    """Three turns nobody can shoot in (70 yards, pistols reach 60) are told as one lull;
    the deputy put down by hand after turn 1 (dying; or 13 wound points, STR 12: he passes
    out, 000 l.433) is told with it, not left to the rolls."""
    from narrator.playbypost import replay
    from narrator.render import render
    from narrator.scenario import load_scenario

    men = "".join(f"""
    - name: {name}
      attributes: {{str: 12, coo: 6, obs: 12, sta: 10, luck: 9}}
      weapons: [{{type: single_action_revolver}}]
      at: [{x}, {y}]""" for name, x, y in (("Will Kane", 0, 0), ("Sam Hill", 0, 3)))
    path = tmp_path / "far.yaml"
    path.write_text(f"""title: Long range
seed: 3
max_turns: 3
sides:
  law:{men}
  stranger:
    - name: Frank Miller
      attributes: {{str: 11, coo: 6, obs: 10, sta: 9, luck: 7}}
      weapons: [{{type: single_action_revolver}}]
      at: [70, 2]
turns:
  - kind: combat
    intents:
      Will Kane: {{shoot: Frank Miller}}
      Sam Hill: {{shoot: Frank Miller}}
      Frank Miller: {{shoot: Will Kane}}
""")
    assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0
    head, state = path.read_text().split("\nstate:\n", 1)
    at = state.index("Sam Hill:")
    assert edit[0] in state[at:]
    state = state[:at] + state[at:].replace(*edit, 1)
    path.write_text(head + "\nstate:\n" + state)
    for _ in range(2):
        assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0
    _, log, _ = replay(load_scenario(path))
    text = render(log, "text", "story")
    story = text.split("Rolls, ")[0] if said == "dying" else text  # (rolls: "passes out")
    if said == "dying":  # (a man passing out is an event: turn 2 is not quiet)
        assert "Turns 1 to 3" in story
    assert re.search(rf"(?:By now )?Sam Hill is out of the fight, {said}\.", story), story


def _wp_edited(tmp_path: Path, at: int) -> Path:
    """Abilene after turn 1 with Quentin's wound points edited to 16 (STR 12, 000 l.433: he
    passes out at the start of turn 2)."""
    import shutil

    from conftest import EXAMPLES

    path = tmp_path / "ab.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0
    head, state = path.read_text().split("\nstate:\n", 1)
    i = state.index('Quentin "Cool Hand" Luke:')
    state = state[:i] + re.sub(r"wound_points: \d+", f"wound_points: {at}", state[i:], count=1)
    path.write_text(head + "\nstate:\n" + state)
    return path


def test_wound_points_edited_past_strength_are_told_in_the_story(tmp_path):
    """The rules pass him out on the edited state ("Quentin passes out: 16 WP > STR 12." in
    the rolls block): the story says so too, as a condition edit is told."""
    r = RUNNER.invoke(app, ["next", str(_wp_edited(tmp_path, 16)), "--mode", "story",
                            "--format", "text"])
    assert r.exit_code == 0, r.output
    story, rolls = r.stdout.split("Rolls, ", 1)
    assert "Quentin passes out: 16 WP > STR 12." in rolls
    assert re.search(r"(?:By now )?Quentin is out of the fight, senseless\.", story), story


def test_wound_points_edited_within_strength_are_not_told_as_out(tmp_path):
    r = RUNNER.invoke(app, ["next", str(_wp_edited(tmp_path, 12)), "--mode", "story",
                            "--format", "text"])
    assert r.exit_code == 0, r.output
    assert "out of the fight" not in r.stdout.split("Rolls, ", 1)[0]


RUSH = """title: Rush
seed: 5
max_turns: 4
sides:
  law:
    - name: Jesse Cole
      short: Jesse
      tactics: aggressive
      attributes: {str: 12, coo: 6, obs: 12, sta: 10, luck: 9}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
  outlaws:
    - name: Ada Vance
      short: Ada
      pronoun: she
      attributes: {str: 11, coo: 6, obs: 10, sta: 9, luck: 7}
      weapons: [{type: single_action_revolver}]
      at: [50, 25]
    - name: Bill Roe
      short: Bill
      attributes: {str: 11, coo: 6, obs: 10, sta: 9, luck: 7}
      weapons: [{type: single_action_revolver}]
      at: [110, 55]
"""


@pytest.mark.parametrize("mode", ["story", "teaching"])
def test_a_man_edited_dead_is_nobodys_heading(tmp_path, mode):
    """Ada edited dead after turn 1; Jesse's tactics run him towards Bill, on a line that
    passes Ada (the move's point is nearer her). It was told "Jesse rushes at Ada" / "runs
    towards Ada": the write-up read her as up at the start of the turn."""
    path = tmp_path / "rush.yaml"
    path.write_text(RUSH)
    assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0
    head, state = path.read_text().split("\nstate:\n", 1)
    at = state.index("Ada Vance:")
    state = state[:at] + state[at:].replace("condition: active", "condition: dead", 1)
    path.write_text(head + "\nstate:\n" + state)
    r = RUNNER.invoke(app, ["next", str(path), "--mode", mode, "--format", "text"])
    assert r.exit_code == 0, r.output
    assert "towards Bill" in r.stdout, r.stdout
    assert not re.search(r"(towards|for|at) Ada\b", r.stdout), r.stdout


def test_a_rider_edited_into_the_saddle_walks_his_horse(tmp_path):
    """``mounted: true`` edited after turn 1: the engine moves him at the mounted walk (000
    Table 3: 8 yards a combat turn, not 6) and his shots take -2 for a walking horse (000
    l.173, the combat example: "-2 due to his being on a walking horse"); the write-up said
    "walks". Now: "walks his horse"."""
    path = tmp_path / "ride.yaml"
    path.write_text(RUSH.replace("seed: 5\nmax_turns: 4", """seed: 5
turns:
  - kind: combat
    intents:
      Jesse: {move: {gait: walking, to: [-30, 0]}}
  - kind: combat
    intents:
      Jesse: {move: {gait: walking, to: [-30, 0]}}"""))
    assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0, path.read_text()
    head, state = path.read_text().split("\nstate:\n", 1)
    at = state.index("Jesse Cole:")
    state = state[:at] + re.sub(r"mounted: false", "mounted: true", state[at:], count=1)
    path.write_text(head + "\nstate:\n" + state)
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    # (since 4a856bc a move to a point names the place as the declaration does)
    assert "Jesse walks his horse away from Ada, towards the open ground: 8 yards of 8." \
        in r.stdout, r.stdout
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text", "--mode", "story",
                            "--repost", "2"])
    assert "walks his horse" in r.stdout and "Jesse walks his horse 8 of 8 yd" in r.stdout, \
        r.stdout
