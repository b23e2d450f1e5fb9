"""GM's toolkit (helper gm-facts): ``status`` of a man whose wound points were edited past
his limit, where ``--map`` says it put its pictures, and a side key named after a family
("kessler_gang") shown as a name."""

from __future__ import annotations

import re
import shutil

from conftest import EXAMPLES
from typer.testing import CliRunner

from narrator.cli import app
from narrator.render import inflection
from narrator.ruleset import get as ruleset
from narrator.scenario import load_scenario

RUNNER = CliRunner()


# ------------------------------------------------------ 2. status past the wound points
def _edited(tmp_path, who: str, field: str, value: int):
    path = tmp_path / "ab.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    assert RUNNER.invoke(app, ["next", str(path)]).exit_code == 0
    head, state = path.read_text().split("\nstate:\n", 1)
    i = state.index(f"{who}:")
    state = state[:i] + re.sub(rf"{field}: \d+", f"{field}: {value}", state[i:], count=1)
    path.write_text(head + "\nstate:\n" + state)
    return path


def test_status_shows_a_man_past_his_wound_points_passed_out_with_a_hint(tmp_path):
    """Old: "Quentin "Cool Hand" Luke   active   ...   13/12": wound points edited past his
    STR (12) left him shown active, though narrator next passes him out (000 l.433, B8)."""
    path = _edited(tmp_path, 'Quentin "Cool Hand" Luke', "wound_points", 13)
    r = RUNNER.invoke(app, ["status", str(path)], env={"COLUMNS": "120"})
    assert r.exit_code == 0, r.output
    row = next(line for line in r.stdout.splitlines() if line.strip().startswith("Quentin"))
    assert "passed out*" in row and "13/12" in row and "active" not in row
    flat = " ".join(r.stdout.split())
    assert ('* Quentin "Cool Hand" Luke, passed out: 13 wound points, past his 12 (STR): a man '
            'past his wound points passes out, and narrator next starts the turn with him out; '
            'set wound_points to 12 or less in state: to keep him up') in flat
    # a man edited within his STR is active as before, with no note
    path = _edited(tmp_path, 'Quentin "Cool Hand" Luke', "wound_points", 12)
    r = RUNNER.invoke(app, ["status", str(path)], env={"COLUMNS": "120"})
    assert "passed out" not in r.stdout and "*" not in r.stdout
    # ... and next does pass him out, as status said
    path = _edited(tmp_path, 'Quentin "Cool Hand" Luke', "wound_points", 13)
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text", "--mode", "story"])
    assert "Quentin passes out: 13 WP > STR 12." in r.stdout


def test_edited_out_in_each_ruleset():
    """What a GM's numbers mean in each ruleset's status: Weird West Wind 0 or less winded
    (W8; never the walking dead, W19), Gaslight Health at or below half CON unconscious and
    0 dead (G10); Violence has no limit (a man goes down only from a hit's roll)."""
    ww = load_scenario(EXAMPLES / "graveyard.yaml")
    rs = ruleset("weird-west")
    assert rs.edited_out(ww, "Reverend Josiah Crane", {"condition": "active", "wind": 0})[0] \
        == "winded"
    assert rs.edited_out(ww, "Reverend Josiah Crane", {"condition": "active", "wind": 1}) is None
    assert rs.edited_out(ww, "Ike Haskell", {"condition": "active", "wind": -3}) is None
    gl = load_scenario(EXAMPLES / "fog-alley.yaml")
    name, con = next((c.name, c.con) for _, c in gl.scenario.characters())
    rs = ruleset("gaslight")
    assert rs.edited_out(gl, name, {"condition": "active", "health": con // 2})[0] \
        == "unconscious"
    assert rs.edited_out(gl, name, {"condition": "active", "health": 0})[0] == "dead"
    assert rs.edited_out(gl, name, {"condition": "active", "health": con // 2 + 1}) is None
    assert ruleset("violence").edited_out(None, "x", {"condition": "active",
                                                      "injuries": 11}) is None


# ------------------------------------------------------------------- 3. --map, said where
def test_map_without_out_says_where_its_pictures_went_after_the_write_up(run_cli, tmp_path,
                                                                         monkeypatch):
    """Old: "maps: shotgun-gang-turn01.svg ... shotgun-gang-turn05.svg" on stderr before the
    write-up scrolled it away, and no folder named."""
    monkeypatch.chdir(tmp_path)
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "run", "--map")
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == [
        f"shotgun-gang-turn{n:02d}.svg" for n in range(1, 6)]
    assert r.stderr.splitlines()[-1] == (
        f"maps: 5 SVG files in the current folder ({tmp_path}): shotgun-gang-turn01.svg ... "
        f"shotgun-gang-turn05.svg (--out FOLDER writes them there, beside the write-up)")
    (tmp_path / "posts").mkdir()
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "run", "--map", "--out", "posts")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[-1] == ("maps: 5 SVG files in posts: shotgun-gang-turn01.svg "
                                         "... shotgun-gang-turn05.svg")
    assert len(list((tmp_path / "posts").glob("*.svg"))) == 5


# --------------------------------------------------------------- 4. "kessler_gang" named
def test_a_family_gang_key_shows_as_a_name():
    """Old: "the kessler gang", "Initiative: posse 6+1, kessler gang 1" (no Kessler in it)."""
    assert inflection.key_name("kessler_gang", ["Robert Jacobs"]) == "Kessler gang"
    assert inflection.key_name("kessler_gang", ["Jed Kessler"]) == "Kessler gang"
    assert inflection.key_name("town_boys") == "town boys"      # a word, not a name
    assert inflection.key_name("my_boys") == "my boys"


def test_a_generated_kessler_gang_is_named_in_every_output(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run_cli(None, "generate", "--sides", "posse:3", "kessler_gang:3", "--setting",
                "street", "--seed", "3", "--out", "kg.yaml")
    assert r.exit_code == 0, r.stderr
    for mode in ("story", "teaching"):
        text = run_cli(tmp_path / "kg.yaml", "run", "--mode", mode, "--seed", "1").stdout
        assert "Kessler gang" in text and not re.search(r"kessler[ _]gang", text), mode
    text = run_cli(tmp_path / "kg.yaml", "odds", "--trials", "50").stdout
    assert "Kessler gang win" in text and "kessler" not in text
