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
