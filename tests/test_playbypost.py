"""Play-by-post: `narrator next` resolves one turn at a time and records it in the scenario."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app
from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.playbypost import resolve_next, state_of
from narrator.render import render_posts
from narrator.scenario import load_scenario
from narrator.scenario import saver

from conftest import EXAMPLES, ROOT

runner = CliRunner()


def copy(tmp_path: Path, name: str) -> Path:
    dst = tmp_path / name
    shutil.copy(EXAMPLES / name, dst)
    return dst


def narrator(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "narrator", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


def test_abilene_turn_by_turn_in_separate_processes_matches_a_single_run(tmp_path):
    path = copy(tmp_path, "abilene-saloon.yaml")
    posts = []
    for turn in (1, 2):
        done = narrator("next", str(path), "--mode", "story")
        assert done.returncode == 0, done.stderr
        assert f"turn {turn} resolved" in done.stderr
        posts.append(done.stdout)
    log = run_fight(load_scenario(EXAMPLES / "abilene-saloon.yaml"))
    assert posts == render_posts(log, "markdown", "story", per_turn=True)
    recorded = load_scenario(path).scenario.state
    assert recorded == state_of(log)
    again = narrator("next", str(path))
    turns_line = path.read_text().splitlines().index("turns:") + 1
    assert again.returncode == 2
    assert again.stderr.startswith(f"{path}:{turns_line}:1: all 2 turns are resolved; add a "
                                   "turn with intents (or raise max_turns) to go on")


def test_the_file_keeps_every_byte_it_had(tmp_path):
    path = copy(tmp_path, "shotgun-gang.yaml")
    before = path.read_text()
    resolve_next(path)
    after = path.read_text()
    kept = [line for line in after.splitlines()]
    for line in before.splitlines():
        assert line in kept   # comments, flow style, quoting: all still there
    assert (tmp_path / "shotgun-gang.yaml.bak").read_text() == before
    sc = load_scenario(path).scenario
    assert sc.turns[0].resolved is not None and sc.turns[1].resolved is None
    assert sc.state["turn"] == 1


def test_crash_between_temp_file_and_rename_leaves_the_scenario_intact(tmp_path, monkeypatch):
    path = copy(tmp_path, "shotgun-gang.yaml")
    before = path.read_bytes()
    def full(fd):
        raise OSError(28, "No space left on device")

    from narrator import files
    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(ScenarioError, match="cannot write"):
        resolve_next(path)
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_file_changed_on_disk_is_not_overwritten(tmp_path):
    path = copy(tmp_path, "shotgun-gang.yaml")
    old = path.read_bytes()
    path.write_text(path.read_text() + "\n# the GM saved an edit meanwhile\n")
    with pytest.raises(ScenarioError, match="changed on disk"):
        saver.atomic_replace(path, "title: x\n", old)
    assert path.read_text().endswith("meanwhile\n")


def test_editing_a_resolved_turn_is_refused_until_redo(tmp_path):
    path = copy(tmp_path, "shotgun-gang.yaml")
    resolve_next(path)
    resolve_next(path)
    text = path.read_text().replace("Stanshaw: {shoot: Montana Jim}",
                                    "Stanshaw: {shoot: Texas Jack}")
    path.write_text(text)
    out = runner.invoke(app, ["next", str(path)])
    assert out.exit_code == 2
    # the error points at turn 1's record (its `resolved:` key, line 85 of the file as
    # bundled, after its comments)
    line = 1 + path.read_text().splitlines().index("    resolved:")
    assert line == 85
    assert f"{path}:{line}:5: turn 1 (its intents, its recorded rolls, or the setup: sides, map, " \
        "rulings, dice) was changed after it was resolved" in out.stderr
    assert "--redo 1" in out.stderr
    out = runner.invoke(app, ["check", str(path)])  # check refuses what next refuses
    assert out.exit_code == 2
    # the error points at turn 1's record (its `resolved:` key, line 85 of the file as
    # bundled, after its comments)
    line = 1 + path.read_text().splitlines().index("    resolved:")
    assert line == 85
    assert f"{path}:{line}:5: turn 1 " in out.stderr and "--redo 1" in out.stderr
    out = runner.invoke(app, ["next", str(path), "--redo", "1", "--mode", "story"])
    assert out.exit_code == 0, out.stderr
    sc = load_scenario(path).scenario
    assert sc.turns[0].resolved is not None
    assert sc.turns[1].resolved is None       # the later turn was discarded
    assert sc.state["turn"] == 1
    assert "Texas Jack" in (tmp_path / "shotgun-gang.yaml.bak").read_text()


def test_hand_edits_of_the_state_are_applied_and_shown(tmp_path):
    path = copy(tmp_path, "abilene-saloon.yaml")
    resolve_next(path)
    text = path.read_text()
    marker = "Quentin \"Cool Hand\" Luke:\n      condition: active\n      at: [2, 3.3]\n      wound_points: 2"
    assert marker in text
    path.write_text(text.replace(marker, marker.replace("wound_points: 2", "wound_points: 5")))
    done = resolve_next(path)
    adj = [e for e in done.log.events if e.kind == "state_adjusted"]
    assert [(e.turn, e.character, e.field, e.value) for e in adj] == [
        (2, 'Quentin "Cool Hand" Luke', "wound_points", "5")]
    sc = load_scenario(path).scenario
    assert sc.turns[1].resolved.adjusted == {'Quentin "Cool Hand" Luke': {"wound_points": 5}}
    # 5 + abdomen 1 + shoulder 3 = 9
    assert sc.state["characters"]['Quentin "Cool Hand" Luke']["wound_points"] == 9
    posts = render_posts(done.log, "markdown", "teaching", per_turn=True)
    assert "GM adjustment" in posts[1] and "wound points are now 5" in posts[1]


def test_bad_hand_edit_is_a_clear_error(tmp_path):
    path = copy(tmp_path, "abilene-saloon.yaml")
    resolve_next(path)
    text = path.read_text().replace("condition: dying", "condition: resting", 1)
    path.write_text(text)
    out = runner.invoke(app, ["next", str(path)])
    assert out.exit_code == 2
    assert "condition: must be one of active, passed_out, dying, dead" in out.stderr
    assert out.stderr.count("\n") == 1


def test_status_table(tmp_path):
    path = copy(tmp_path, "abilene-saloon.yaml")
    out = runner.invoke(app, ["status", str(path)])
    assert out.exit_code == 0 and "no turn resolved yet" in out.stdout
    resolve_next(path)
    out = runner.invoke(app, ["status", str(path)])
    assert out.exit_code == 0
    assert "after turn 1" in out.stdout and "dying" in out.stdout and "6/14" in out.stdout


def test_a_dead_mans_intents_are_refused_in_the_write_up():
    text = (EXAMPLES / "shotgun-gang.yaml").read_text().replace(
        "Arkansas Dave: {shoot: Texas Jack, weapon: shotgun}\n      Stanshaw: {shoot: Texas Jack, move: {gait: walking, to: saloon_doors}}\n      Texas Jack: {shoot: Stanshaw}",
        "Arkansas Dave: {shoot: Texas Jack, weapon: shotgun}\n      Stanshaw: {shoot: Texas Jack, move: {gait: walking, to: saloon_doors}}\n      Texas Jack: {shoot: Stanshaw}\n      Montana Jim: {shoot: Stanshaw}")
    from narrator.scenario import load_scenario_text
    log = run_fight(load_scenario_text(text))
    refused = [e for e in log.events if e.kind == "action_refused" and e.reason == "down"]
    assert [(e.turn, e.character, e.detail) for e in refused] == [(3, "Montana Jim Galland", "dying")]


def test_next_writes_nothing_when_the_post_cannot_go_out(tmp_path):
    path = copy(tmp_path, "luke-short.yaml")
    before = path.read_bytes()
    for args in (["--spoiler-tag", "a-b"], ["--out", str(tmp_path / "no" / "such" / "p.md")]):
        out = runner.invoke(app, ["next", str(path), *args])
        assert out.exit_code == 2, out.stderr
        assert path.read_bytes() == before
        assert not (tmp_path / "luke-short.yaml.bak").exists()


def test_next_refuses_anchors_and_aliases(tmp_path):
    path = tmp_path / "a.yaml"
    text = (EXAMPLES / "luke-short.yaml").read_text().replace(
        "  - kind: shootout\n", "  - &first\n    kind: shootout\n")
    path.write_text(text)
    with pytest.raises(ScenarioError) as err:
        resolve_next(path)
    assert err.value.message == (
        "narrator next needs a file without YAML anchors and aliases (&name, *name): it writes "
        "each turn's record in place; write the shared parts out in full")


SEEDLESS = """\
title: No seed
ruleset: boothill
sides:
  law:
    - {name: Eli Cobb, attributes: {str: 14, coo: 15, obs: 12, sta: 10, luck: 9}, skills: {pistol: 5, tactics: 6},
       weapons: [{type: colt}], at: [0, 0]}
  gang:
    - {name: Jubal Reese, attributes: {str: 12, coo: 12, obs: 10, sta: 9, luck: 5},
       skills: {pistol: 3}, weapons: [{type: colt}], at: [20, 0]}
turns:
  - intents: {Eli Cobb: {shoot: Jubal Reese}, Jubal Reese: {shoot: Eli Cobb}}
  - intents: {Eli Cobb: {shoot: Jubal Reese}, Jubal Reese: {shoot: Eli Cobb}}
dice:   # every shot misses, so the fight lasts both turns; the rest is unscripted
  Eli Cobb: {to_hit: [19, 19, 19, 19, 19, 19]}
  Jubal Reese: {to_hit: [19, 19, 19, 19, 19, 19]}
dice_fallback: seeded
"""


def test_a_seedless_fight_records_the_tactics_check_before_turn_1_and_replays_it(tmp_path):
    """With no seed every run draws fresh dice, so the Tactics check rolled before turn 1 is
    recorded with turn 1's rolls; reposts and the next turn replay it, not a new roll."""
    from narrator.playbypost import repost
    path = tmp_path / "noseed.yaml"
    path.write_text(SEEDLESS)
    first = resolve_next(path)
    path.write_text(first.text)
    rolled = [r.value for r in first.log.rolls if r.purpose == "tactics"]
    assert len(rolled) == 1 and [r.turn for r in first.log.rolls if r.purpose == "tactics"] \
        == [0]
    turn1 = load_scenario(path).scenario.turns[0].resolved
    assert turn1.rolls["Eli Cobb"]["tactics"] == rolled
    for _ in range(3):  # each replay a new process's worth of fresh seeds: the same check
        again = repost(path, 1)
        assert [(r.value, r.turn) for r in again.rolls if r.purpose == "tactics"] == \
            [(rolled[0], 0)]
    second = resolve_next(path)
    checked = [e for e in second.log.events if e.kind == "tactics_checked"]
    assert [(e.roll, e.success) for e in checked][:1] == [(rolled[0], rolled[0] <= 6)]


def test_a_fight_played_by_post_has_the_hash_of_the_same_fight_run_at_once(tmp_path):
    """`next` writes `- intents: {}` turns past the declared ones to hold its records; they
    are fought as undeclared turns, so the fight hash leaves them out (with no max_turns,
    blank turns are the fight's length, and count)."""
    path = tmp_path / "raid.yaml"
    made = narrator("generate", "--sides", "posse:2", "rustlers:2", "--setting", "street",
                    "--seed", "5", "--out", str(path))
    assert made.returncode == 0, made.stderr
    original = path.read_text()
    footer = narrator("run", str(path)).stdout.splitlines()[-1]
    assert "fight hash" in footer
    posts = []
    while (done := narrator("next", str(path))).returncode == 0:
        posts.append(done.stdout)
    assert "the fight is over" in done.stderr
    assert len(posts) >= 3 and path.read_text().count("- intents: {}") == len(posts)
    assert posts[-1].splitlines()[-1] == footer
    assert narrator("run", str(path)).stdout.splitlines()[-1] == footer
    # with no max_turns, blank turns are the fight's turns: another fight, another hash
    shorter = tmp_path / "shorter.yaml"
    shorter.write_text(original.replace("max_turns: 20", "")
                       + "turns:\n  - intents: {}\n  - intents: {}\n")
    other = narrator("run", str(shorter), "--seed", "5")
    assert "2 turns" in other.stdout and "fight hash" in other.stdout.splitlines()[-1]
    assert other.stdout.splitlines()[-1] != footer
