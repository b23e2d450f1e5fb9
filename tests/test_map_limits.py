"""Where a scenario may put a man (``narrator.scenario.models.MAP_YARDS``): within 2,000 yards
of ``[0, 0]`` each way, in every ruleset, for characters, landmarks, moves and ``state:``
edits, refused as one ``file:line:column`` line with exit 2; and two men may share a spot,
friends or enemies (a doorway), since every ruleset fights at distance 0."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app
from narrator.engine import run_fight
from narrator.playbypost import resolve_next
from narrator.render import render_posts
from narrator.ruleset import get as ruleset
from narrator.ruleset import names
from narrator.scenario.loader import load_scenario_text

BUILT_IN = [n for n in names() if n != "coinflip"]
runner = CliRunner()
LINE = re.compile(r"^\S+\.yaml:\d+:\d+: .+\n$")


def _skeleton(name: str) -> str:
    return ruleset(name).skeleton()


def _check(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "fight.yaml"
    path.write_text(text, encoding="utf-8")
    out = runner.invoke(app, ["check", str(path)])
    return out.exit_code, out.stderr


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("where,value,field", [
    (r"(\n      at: )\S.*", "[1e9, -1e9]", "sides."),      # the first character
    (r"(\n      at: )\S.*", "[0, 2000.5]", "sides."),      # just off the map
    (r"(?m)(^[^#\n]*\bat: )\[[^\]]*\]", "[-3000, 2]", "map."),  # the first landmark
])
def test_a_position_off_the_map_is_one_located_line(tmp_path, name, where, value, field):
    text = re.sub(where, lambda m: m.group(1) + value, _skeleton(name), count=1)
    assert text != _skeleton(name)
    code, err = _check(tmp_path, text)
    assert code == 2
    assert LINE.match(err), err
    assert f": {field}" in err
    assert "is off the map: a position lies within 2,000 yards of [0, 0] each way" in err


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_edge_of_the_map_is_on_it(tmp_path, name):
    text = re.sub(r"(\n      at: )\S.*", r"\1[2000, -2000]", _skeleton(name), count=1)
    assert _check(tmp_path, text)[0] == 0


def test_a_move_off_the_map_names_the_map_not_another_shape(tmp_path):
    """``to:`` is a landmark or [x, y]: a point of the right shape off the map (or not a
    number) is reported as such, not as "expected text" (the other member of the union)."""
    sk = _skeleton("boothill")
    assert "to: trough" in sk
    code, err = _check(tmp_path, sk.replace("to: trough", "to: [0, 1e7]"))
    assert code == 2 and LINE.match(err)
    assert "move.to[1]: 10,000,000 yards is off the map" in err
    code, err = _check(tmp_path, sk.replace("to: trough", "to: [0, .nan]"))
    assert code == 2 and "move.to[1]: expected a finite number" in err


def test_a_state_edit_off_the_map_is_refused(tmp_path):
    path = tmp_path / "fight.yaml"
    path.write_text(_skeleton("boothill"), encoding="utf-8")
    resolve_next(path)
    text = path.read_text(encoding="utf-8")
    edited = re.sub(r"(\n      at: )\[[^\]]*\]", r"\1[0, 2500]", text.split("\nstate:")[1], count=1)
    path.write_text(text.split("\nstate:")[0] + "\nstate:" + edited, encoding="utf-8")
    out = runner.invoke(app, ["next", str(path)])
    assert out.exit_code == 2 and LINE.match(out.stderr), out.stderr
    assert "at: must be [x, y] in yards (two finite numbers, each within 2,000 of 0" in out.stderr


@pytest.mark.parametrize("name", BUILT_IN)
def test_enemies_on_one_spot_fight_in_every_ruleset(name):
    """Every character on [5, 5]: accepted, fought to the end over several seeds, and written
    up in both modes (nothing divides by the distance)."""
    text = re.sub(r"(\n      at: )\S.*", r"\1[5, 5]", _skeleton(name))
    loaded = load_scenario_text(text, "spot.yaml")
    assert {c.at for _, c in loaded.scenario.characters()} == {(5.0, 5.0)}
    sides = {s for s, _ in loaded.scenario.characters()}
    assert len(sides) >= 2
    for seed in range(4):
        log = run_fight(loaded, seed=seed, dice_fallback="seeded")
        assert log.events[-1].kind == "fight_ended"
        for mode in ("teaching", "story"):
            assert render_posts(log, "text", mode)[0].strip()
