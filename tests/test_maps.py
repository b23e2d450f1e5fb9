"""A picture of the fight: per-turn SVG battlefields (in the HTML write-up, and as files with
--map), the character map in a code block, the odds chart; no two text labels overlap."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET

import pytest
from conftest import EXAMPLES, fight
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.events import FightLog
from narrator.render import Options, render, render_posts
from narrator.render.maps import Bounds, frames, overlaps, svg, text_box, text_map
from narrator.scenario import load_scenario

runner = CliRunner()
NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = ["shotgun-gang.yaml", "abilene-saloon.yaml", "luke-short.yaml",
             "bank-robbery.yaml", "barroom-brawl.yaml"]


def text_boxes(svg_text: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every <text> of an SVG with the box it covers (monospace widths, see maps.CHAR_W),
    read from the SVG itself: x, y, font-size (own or inherited from the root), anchor."""
    root = ET.fromstring(svg_text.split("?>", 1)[-1] if svg_text.startswith("<?xml")
                         else svg_text)
    default = float(root.get("font-size", 16))
    out = []
    for t in root.iter(f"{NS}text"):
        size = float(t.get("font-size", default))
        out.append((t.text or "", text_box(float(t.get("x")), float(t.get("y")), t.text or "",
                                           size, t.get("text-anchor", "start"))))
    return out


def assert_no_overlap(svg_text: str) -> None:
    boxes = text_boxes(svg_text)
    assert boxes
    for (a, ba), (b, bb) in itertools.combinations(boxes, 2):
        assert not overlaps(ba, bb), f"{a!r} overlaps {b!r}"


@pytest.mark.parametrize("name", SCENARIOS)
def test_no_two_labels_overlap_on_any_turn(name):
    fs = frames(fight(name))
    bounds = Bounds.of(fs)
    for f in fs:
        assert_no_overlap(svg(f, bounds))


def test_crowded_generated_fights_keep_labels_apart():
    from narrator import npcs
    from narrator.rulesets.boothill import generate as bh_generate
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text

    for seed in range(6):
        text = bh_generate.to_yaml(bh_generate.generate([("posse", 5), ("rustlers", 6)],
                                          npcs.SETTINGS[seed % len(npcs.SETTINGS)], seed, 4))
        fs = frames(run_fight(load_scenario_text(text)))
        bounds = Bounds.of(fs)
        for f in fs:
            assert_no_overlap(svg(f, bounds))


def test_frames_of_the_combat_example():
    fs = frames(fight("shotgun-gang.yaml"))
    assert [f.turn for f in fs] == [1, 2, 3, 4, 5]
    first = fs[0]
    assert ("Texas Jack's horse", (0.0, 5.0), "abdomen, chest") in first.places
    states = {p.label: p.state for p in fs[-1].people}
    assert states["Stanshaw"] == "dead" and states["Montana Jim"] == "down"
    shots = [s for f in fs for s in f.shots]
    assert any(hit for _, _, hit, _ in shots) and any(not hit for _, _, hit, _ in shots)
    assert ("John \"Texas Jack\" Johnson", "Martin Stanshaw", True, 1) in first.shots
    assert all(isinstance(m[1], tuple) for f in fs for m in f.moves)


def test_svg_shows_landmarks_characters_shots_and_scale():
    fs = frames(fight("shotgun-gang.yaml"))
    text = svg(fs[0], Bounds.of(fs))
    root = ET.fromstring(text.split("?>", 1)[1])
    missed = svg(next(f for f in fs if any(not hit for _, _, hit, _ in f.shots)), Bounds.of(fs))
    words = [t.text for t in root.iter(f"{NS}text")]
    assert "Turn 1" in words and "20 yards" in words
    assert "Stanshaw" in words and "Texas Rangers" in words and "Shotgun Gang" in words
    assert any(w and w.startswith("Texas Jack's horse (abdomen, chest)") for w in words)
    assert any(p.get("stroke") == "#c62828" for p in root.iter(f"{NS}path"))  # a hit
    assert 'stroke="#8a8a8a"' in missed and 'stroke-dasharray="5,4"' in missed  # a miss


def test_html_write_up_has_one_picture_per_turn_after_its_status():
    post = render(fight("shotgun-gang.yaml"), "html", "teaching")
    figures = [m.start() for m in re.finditer('<figure class="map">', post)]
    assert len(figures) == 5
    for n, at in enumerate(figures, 1):
        status = re.search(f"Status after turn (<strong>)?{n}\\b", post).start()
        assert status < at and (n == 5 or at < post.index(f"Turn {n + 1}", status))
    for block in re.findall(r"<figure class=\"map\">\n(.*?)\n</figure>", post, re.S):
        ET.fromstring(block)  # each picture is well-formed SVG
    assert post == render(fight("shotgun-gang.yaml"), "html", "teaching")  # deterministic


def test_character_map_in_a_code_block_only_when_asked():
    log = fight("bank-robbery.yaml")
    plain = render(log, "markdown", "story")
    assert "```" not in plain
    md = render_posts(log, "markdown", "story", options=Options(text_maps=True))[0]
    block = re.search(r"```\n(Turn 1 .*?)\n```", md, re.S).group(1)
    assert "Cutler gang: A Jack; B Lem; C Dutch; D Pete" in block
    assert md.index("Status after round 1") < md.index("```\nTurn 1")
    bb = render_posts(log, "bbcode", "story", options=Options(text_maps=True))[0]
    assert "[code]\nTurn 1 (one column = " in bb and "[/code]" in bb


def test_text_map_letters():
    fs = frames(fight("shotgun-gang.yaml"))
    lines = text_map(fs[-1], Bounds.of(fs)).splitlines()
    grid = lines[1:15]
    assert all(len(row) == 48 for row in grid)
    assert sum(row.count("c") for row in grid) == 1          # Stanshaw, dead: lower case
    # the key shows the letter the map does (it said "C Stanshaw, dead": fresh user 16)
    assert "Shotgun Gang: c Stanshaw, dead; D Arkansas Dave; E Eriksson" in lines


def test_cli_map_writes_one_svg_per_turn(tmp_path):
    out = tmp_path / "fight.md"
    r = runner.invoke(app, ["run", str(EXAMPLES / "shotgun-gang.yaml"), "--out", str(out),
                            "--map"])
    assert r.exit_code == 0, r.output
    svgs = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert svgs == [f"shotgun-gang-turn{n:02d}.svg" for n in range(1, 6)]
    assert_no_overlap((tmp_path / svgs[0]).read_text())
    assert "```\nTurn 1 (one column" in out.read_text()
    r = runner.invoke(app, ["run", str(EXAMPLES / "shotgun-gang.yaml"), "--out", str(out),
                            "--map", "--force"])
    assert r.exit_code == 0
    out.unlink()
    r = runner.invoke(app, ["run", str(EXAMPLES / "shotgun-gang.yaml"), "--out", str(out),
                            "--map"])
    assert r.exit_code == 2 and "shotgun-gang-turn01.svg: exists (and 4 more); use --force" in r.stderr
    assert not out.exists() and r.stdout == ""  # the write-up is not written before the maps fail


def test_a_log_without_places_still_renders():
    log = fight("luke-short.yaml")
    data = json.loads(log.to_json())
    del data["events"][0]["places"]
    old = FightLog.from_json(json.dumps(data))
    assert old.events[0].places == ()
    assert '<figure class="map">' in render(old, "html", "story")


def test_odds_chart_numbers_and_no_overlap():
    loaded = batch.odds_scenario(load_scenario(EXAMPLES / "bank-robbery.yaml"))
    chart = batch.chart_svg(batch.run_odds(loaded, 300, 1892, workers=1))
    assert_no_overlap(chart)
    texts = [t for t, _ in text_boxes(chart)]
    assert "How each character ends the fight" in texts
    assert "critically injured" in texts
    assert sum(1 for t in texts if re.fullmatch(r"\d+%", t)) >= 5   # the bars carry numbers
