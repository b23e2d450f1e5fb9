"""What the fourth fresh user (Coffin Creek, no code seen) tripped on: ``narrator check``
called "ok" an intent the engine then refused whole (``Luis: {shoot: Ada, reload: true}`` in
turn 1: a man who reloads does not shoot, 000 l.497, errata B18(e); his revolver was full
anyway): it now warns, located at the intent, as it warns of friendly fire and of a blow out
of reach."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app
from narrator.scenario import load_scenario_text

RUNNER = CliRunner()

COFFIN_CREEK = """\
title: Reckoning at Coffin Creek
seed: 4417
sides:
  law:
    - name: Ada Quill
      short: Ada
      pronoun: she
      attributes: {str: 12, coo: 17, obs: 14, sta: 10, luck: 9}
      skills: {pistol: 6}
      weapons: [{type: fast_draw_revolver, name: Colt Lightning}]
      at: [6, 6]
  varga_gang:
    - name: Luis Varga
      short: Luis
      attributes: {str: 13, coo: 15, obs: 12, sta: 11, luck: 7}
      skills: {pistol: 5, fast_draw: 4}
      weapons: [{type: single_action_revolver}]
      at: [30, 10]
turns:
  - intents:
      Ada: {shoot: Luis}
      Luis: LUIS
"""


def _warnings(luis: str) -> list[str]:
    loaded = load_scenario_text(COFFIN_CREEK.replace("LUIS", luis), "c.yaml")
    return [w.one_line() for w in loaded.warnings]


def test_check_warns_of_shooting_and_reloading_and_of_reloading_a_full_gun(run_cli):
    """Line 22 is Luis's intent: the shoot+reload warning points at its key (column 7), the
    full gun's at the value of ``reload:`` (column 34)."""
    assert _warnings("{shoot: Ada, reload: true}") == [
        "c.yaml:22:7: warning: Luis Varga shoots and reloads in turn 1, but a turn cannot hold "
        "both: that takes his turn (000 l.497; ruling B18(e)) and his shots are refused; "
        "declare one of them",
        "c.yaml:22:34: warning: Luis Varga cannot reload in turn 1: his single-action revolver "
        "is already fully loaded (6 of 6) and stays so, as a man who reloads does not shoot "
        "(000 l.497); drop reload: or give the gun loaded: fewer rounds"]
    r = run_cli(COFFIN_CREEK.replace("LUIS", "{shoot: Ada, reload: true}"), "check", name="c.yaml")
    assert r.exit_code == 0
    assert sum("warning: Luis Varga" in line for line in r.stderr.splitlines()) == 2


@pytest.mark.parametrize("luis, said", [
    ("{shoot: Ada}", []),
    ("{reload: true}", ["cannot reload"]),
    ("{reload: single_action_revolver}", ["cannot reload"]),
    ("{shoot: Ada, clear_jam: true}", ["shoots and clears a jam"]),
])
def test_warnings_only_where_the_engine_refuses(luis, said):
    got = _warnings(luis)
    assert len(got) == len(said) and all(s in g for s, g in zip(said, got, strict=True)), got


def test_no_full_gun_warning_when_the_gun_is_not_full():
    text = COFFIN_CREEK.replace("LUIS", "{reload: true}").replace(
        "[{type: single_action_revolver}]", "[{type: single_action_revolver, loaded: 2}]")
    assert [w.one_line() for w in load_scenario_text(text, "c.yaml").warnings] == []


# ------------------------------- Weird West: the user's generated canyon (seed 7), story mode
@pytest.fixture(scope="module")
def canyon_story(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("ww7")
    path = folder / "ww.yaml"
    r = RUNNER.invoke(app, ["generate", "--sides", "posse:2", "walkers:3", "--setting", "canyon",
                            "--seed", "7", "--ruleset", "weird-west", "--out", str(path)])
    assert r.exit_code == 0, r.output
    r = RUNNER.invoke(app, ["run", str(path), "-m", "story", "--tense", "past"])
    assert r.exit_code == 0, r.output
    return r.stdout


def test_weird_west_damage_with_no_dice_left_is_written_out(canyon_story):
    """A shotgun hit whose cover roll took away every damage die (round 3: Benjamin's rock
    ledge, Armor 4, 'through d8->none') rolled no damage: the rolls said 'damage  = 0'
    (nothing between the word and the sum)."""
    assert "damage  " not in canyon_story
    lines = [x for x in canyon_story.splitlines()
             if x.startswith("Damage (no dice) = 0, 0 wounds")]  # (a rolls line: a capital)
    assert len(lines) >= 10, lines  # (16 in this fight)


def test_weird_west_a_double_barrel_stopped_twice_by_cover_is_told_once(canyon_story):
    """Round 2: Henry fires both barrels at Clyde, both hit, the fallen rocks deflect both
    (004 cover, W8). The story told it twice over ('Henry's buckshot chewed into the fallen
    rocks and stopped. Henry sent the buckshot into the fallen rocks, and that was as far as
    it got.'): now one sentence names the rocks, and says both shots."""
    para = next(p for p in canyon_story.split("\n\n")  # (whichever aim phrase opens it)
                if p.startswith("Henry ") and "on Clyde." in p.split(". ")[0] + "."
                and "rocks" in p)
    # ("the rocks" since the fallen rocks were named before: the head noun, trial 18)
    assert len(re.findall(r"\brocks\b", para)) == 1, para
    assert "both" in para or "twice" in para or "two shots" in para, para
