"""The GM's tools, as a fresh user found them (session 16; scenarios in tests/fresh16).

1. A side keyed ``a`` (a one-letter key, no ``side_names:``) was named after its first man,
   A0: "A0 has the initiative", "A2 (A0)", the map's key "A0: A A0": a man's tag ("A0",
   "B6") counted as a surname the key was the family of (``inflection._member_spellings``).
2. ``narrator status`` at 80 columns wrapped names a word a line ("Marshal" / "Bill" /
   "Tilghman"): a name is never wrapped now; where the table that keeps names whole would
   break words, each man is a block of lines (``cli._status_blocks``).
3. ``--map``: the key said "F Llew, down" where the map showed "f"; it shows the map's glyph,
   and the heading gives the yards a row stands for as well as a column.
4. ``run --profile tables`` on a play-by-post file with no house rules nor rulings said its
   turns "were fought with its house rules and GM rulings" and refused; it replays them.
5. A character renamed (in ``sides:`` and under ``state:``) after turn 1 was resolved was
   told "turn 1 ... was changed after it was resolved" at the turn; it is told at the name.
6. ``state:`` ``at:`` refused a landmark ("must be [x, y]"); a landmark's key or name is its
   spot, as for a man's ``at:`` in ``sides:``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render, render_posts
from narrator.render import inflection
from narrator.render.maps import Bounds, frames, text_map
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh16"

MAN = "attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 10}, weapons: [{type: colt}]"
GRID = f"""\
title: Grid
seed: 1
map:
  l6: {{at: [5, 6]}}
  l8: {{at: [10, 8]}}
sides:
  a:
    - {{name: A0, {MAN}, at: [0, 0]}}
    - {{name: A2, {MAN}, at: [0, 2]}}
    - {{name: A4, {MAN}, at: [0, 4]}}
  b:
    - {{name: B6, {MAN}, at: [0, 6]}}
    - {{name: B8, {MAN}, at: [0, 8]}}
    - {{name: B30, {MAN}, at: [30, 0]}}
turns:
  - intents: {{A0: {{other: waits}}}}
max_turns: 1
"""


# ------------------------------------------------------------------ 1. a side keyed "a"
def test_a_side_keyed_by_a_letter_is_not_named_after_its_first_man():
    members = {"a": ["A0", "A2", "A4"], "b": ["B6", "B8", "B30"]}
    assert inflection.display_names(["a", "b"], members) == {}  # each is its own key
    assert inflection.key_name("a", ["A0"]) == "a"
    assert inflection.key_name("j", ["J. Smith"]) == "j"      # an initial is no family
    # a surname still names its family, and a brand is still capitalised
    assert inflection.key_name("lassiters", ["Jim Lassiter"]) == "Lassiters"
    assert inflection.key_name("bar_t", ["T. Jones"]) == "Bar T"


def test_the_write_up_and_the_map_name_side_a_by_its_key():
    log = run_fight(load_scenario_text(GRID))
    text = render_posts(log, "markdown", "story", options=Options(text_maps=True))[0]
    assert "A0 has the initiative" not in text and "(A0)" not in text
    assert "- A2 (a): unhurt" in text and "- B30 (b): unhurt" in text
    assert "\na: A A0; B A2; C A4\nb: D B6; E B8; F B30\n" in text
    # a side keyed by a letter is "side A" in prose (check136 N9: "the day belongs to the b")
    assert re.search(r"\nInitiative: a \d, b \d\. Side [AB] wins the initiative\.\n", text)
    teaching = render(log, "markdown", "teaching")
    assert "\n**A**\n- A0: STR 10" in teaching and "A0 has the initiative" not in teaching
    assert re.search(r"\nSide A has the initiative; side B must declare first\.\n|"
                     r"\nSide B has the initiative; side A must declare first\.\n", teaching)


# ------------------------------------------------------------------ 2. status at 80 and 60
@pytest.fixture(scope="module")
def street_after_a_turn(tmp_path_factory):
    from typer.testing import CliRunner

    from narrator.cli import app

    path = tmp_path_factory.mktemp("street") / "street.yaml"
    path.write_bytes((HERE / "street.yaml").read_bytes())
    r = CliRunner().invoke(app, ["next", str(path)])
    assert r.exit_code == 0, r.output
    return path


NAMES = ["Marshal Bill Tilghman", "Hattie Boone", "Deputy Sam Crane", "Boone Marlow",
         "Alf Marlow", "Llewellyn Marlow"]


@pytest.mark.parametrize("width", [80, 60])
def test_status_never_wraps_a_name(run_cli, street_after_a_turn, width):
    """Old, at 80: "Marshal" / "Bill" / "Tilghman", a word a line, and "serious" / "chest" /
    "(5)," in a wounds column eight wide; at 60 "charact" / "er" and "Tilghma" / "n"."""
    r = run_cli(street_after_a_turn, "status", env={"COLUMNS": str(width)})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert max(len(ln) for ln in lines) <= width
    assert lines[0] == "Showdown on Front Street: after turn 1"
    assert "law:" in lines and "Marlows:" in lines
    for name in NAMES:  # whole, at the head of his block, the short facts after it
        assert sum(ln.startswith(f"  {name}: ") for ln in lines) == 1, name
    for word in ("Marshal", "Bill", "Tilghman", "Deputy", "Llewellyn"):
        assert word not in [ln.strip() for ln in lines]
    tilghman = next(ln for ln in lines if ln.startswith("  Marshal Bill Tilghman: "))
    assert re.fullmatch(r"  Marshal Bill Tilghman: \w[\w ]*; WP \d+/14; at -?[\d.]+, -?[\d.]+",
                        tilghman)
    words = r.stdout.split()
    assert "loaded:" in words and "Colt" in words


def test_status_is_a_table_when_it_fits_with_whole_names(run_cli, street_after_a_turn):
    r = run_cli(street_after_a_turn, "status", env={"COLUMNS": "160"})
    lines = r.stdout.splitlines()
    assert lines[2].split()[:3] == ["character", "condition", "wounds"]
    for name in NAMES:
        assert any(ln.startswith(f" {name}  ") for ln in lines), name


def test_status_blocks_wrap_under_their_indent():
    from narrator.cli import _status_blocks

    columns = [("character", True), ("condition", False), ("wounds", False), ("WP", True),
               ("at", True)]
    rows = [["posse:"], ["Marshal Bill Tilghman", "passed out",
                         "serious chest (5), light right leg (0)", "14/13", "20, 0"]]
    assert _status_blocks("T", columns, rows, 40).splitlines() == [
        "T", "", "posse:",
        "  Marshal Bill Tilghman: passed out;",
        "      WP 14/13; at 20, 0",
        "    wounds: serious chest (5), light",
        "      right leg (0)"]


# ------------------------------------------------------------------ 3. the map's key and scale
def test_map_key_shows_the_glyph_the_map_shows_and_the_row_scale():
    log = run_fight(load_scenario_text((HERE / "street.yaml").read_text()))
    fs = frames(log)
    bounds = Bounds.of(fs)
    last = fs[-1]
    down = [p for p in last.people if p.state not in ("standing", "prone")]
    assert down  # the Front Street fight ends with men down
    lines = text_map(last, bounds).splitlines()
    grid = "\n".join(lines[1:15])
    keys = "\n".join(lines[15:])
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for i, p in enumerate(last.people):
        glyph = letters[i].lower() if p in down else letters[i]
        assert f"{glyph} {p.label}" in keys and glyph in grid, p.label
        assert f"{letters[i] if p in down else letters[i].lower()} {p.label}" not in keys
    across = (bounds.x1 - bounds.x0) / 47
    rows = (bounds.y1 - bounds.y0) / 13
    assert lines[0] == (f"Turn {last.turn} (one column = {across:.1f} yards, "
                        f"one row = {rows:.1f} yards)")


# ------------------------------------------------------------------ 4. --profile tables, plain file
def test_profile_tables_on_a_plain_play_by_post_file_replays_its_records(run_cli, tmp_path):
    """Old: exit 2, "--profile tables: this file's turns resolved by narrator next were
    fought with its house rules and GM rulings" of a file with neither (house_rules: {},
    rulings: []). Its records are the tables' own: run replays them, the same write-up."""
    path = tmp_path / "plain.yaml"
    assert run_cli(None, "new", "--ruleset", "boothill", "--out", str(path)).exit_code == 0
    assert "house_rules: {}" in path.read_text() and "rulings: []" in path.read_text()
    assert run_cli(path, "next").exit_code == 0
    plain = run_cli(path, "run")
    tables = run_cli(path, "run", "--profile", "tables")
    assert tables.exit_code == 0, tables.stderr
    assert tables.stdout == plain.stdout and "boothill (tables)" in tables.stdout
    assert "turn 1 replayed from the records narrator next wrote" in tables.stderr
    odds = run_cli(path, "odds", "-n", "20", "--profile", "tables", "-j", "1")
    assert odds.exit_code == 0, odds.stderr
    assert "every trial fights on from there" in odds.stderr


# ------------------------------------------------------------------ 5. a renamed man, located
@pytest.fixture
def street_resolved(tmp_path, run_cli):
    path = tmp_path / "street.yaml"
    path.write_bytes((HERE / "street.yaml").read_bytes())
    assert run_cli(path, "next").exit_code == 0
    return path


def _line_col(path: Path, text: str) -> tuple[int, int]:
    """The 1-based line and column where ``text`` starts in the file."""
    lines = path.read_text().splitlines()
    row = next(i for i, ln in enumerate(lines) if text in ln)
    return row + 1, lines[row].index(text) + 1


@pytest.mark.parametrize("command", ["status", "next", "run", "check"])
def test_a_character_renamed_after_his_turn_is_located_at_the_new_name(
        run_cli, street_resolved, command):
    """Old: "street.yaml:69:5: turn 1 (its intents, its recorded rolls, or the setup: sides,
    map, rulings, dice) was changed after it was resolved" at the turn, for a GM who renamed
    Hattie Boone in sides: and under state: both."""
    path = street_resolved
    text = path.read_text()
    assert text.count("Hattie Boone:\n") == 1  # her key under state:
    path.write_text(text.replace("- name: Hattie Boone\n", "- name: Hattie Bonney\n", 1)
                    .replace("    Hattie Boone:\n", "    Hattie Bonney:\n", 1))
    r = run_cli(path, command)
    assert r.exit_code == 2
    line, col = _line_col(path, "Hattie Bonney")
    assert r.stderr.strip() == (
        f"{path}:{line}:{col}: sides.law[1].name: turn 1's record names 'Hattie Boone', whom "
        f"the file no longer has: renamed 'Hattie Bonney' after the turn was resolved, the "
        f"character no longer matches it; change the name back to 'Hattie Boone', or run "
        f"narrator next --redo 1 to resolve it again (later turns are discarded; the old file "
        f"is kept as .bak)")


def test_a_renamed_side_is_located_at_its_key(run_cli, street_resolved):
    path = street_resolved
    path.write_text(path.read_text().replace("\n  law:\n", "\n  lawmen:\n", 1))
    r = run_cli(path, "status")
    line, col = _line_col(path, "lawmen:")
    assert r.exit_code == 2 and r.stderr.startswith(
        f"{path}:{line}:{col}: sides.lawmen: turn 1's record names the side 'law', which the "
        f"file no longer has: renamed 'lawmen' after the turn was resolved")


def test_a_name_nothing_resembles_is_located_at_the_new_name(run_cli, street_resolved):
    """Renamed past recognising (no name of the file is near the old one): the turn, sealed
    with the old name put back, matches its seal, so the new name is the one (session 22;
    it was told at the record's line)."""
    path = street_resolved
    path.write_text(path.read_text().replace("- name: Hattie Boone\n",
                                             "- name: Calamity Jane\n", 1))
    r = run_cli(path, "status")
    line, col = _line_col(path, "Calamity Jane")
    assert r.exit_code == 2 and r.stderr.startswith(
        f"{path}:{line}:{col}: sides.law[1].name: turn 1's record names 'Hattie Boone', whom "
        f"the file no longer has: renamed 'Calamity Jane' after the turn was resolved")


def test_a_name_nothing_resembles_with_another_edit_is_located_at_the_record(
        run_cli, street_resolved):
    """Renamed past recognising and another edit besides (the old name put back does not
    seal): the record's line that names him, so the GM sees whom the turn was resolved
    with."""
    path = street_resolved
    path.write_text(path.read_text().replace("- name: Hattie Boone\n",
                                             "- name: Calamity Jane\n", 1)
                    .replace("coo: 16", "coo: 17", 1))
    r = run_cli(path, "status")
    text = path.read_text()
    record = text.index("    resolved:")
    row = text[:text.index("Hattie Boone: {", record)].count("\n") + 1
    assert r.exit_code == 2 and r.stderr.startswith(
        f"{path}:{row}:9: turn 1's record names 'Hattie Boone', whom the file no longer has "
        f"(renamed or removed after the turn was resolved); put 'Hattie Boone' back, or run "
        f"narrator next --redo 1")


def test_a_changed_setup_that_names_no_one_is_still_told_at_the_turn(run_cli,
                                                                     street_resolved):
    path = street_resolved
    path.write_text(path.read_text().replace("coo: 16", "coo: 17", 1))
    r = run_cli(path, "status")
    assert r.exit_code == 2 and re.search(
        r":\d+:5: turn 1 \(its intents, its recorded rolls, or the setup: sides, map, "
        r"rulings, dice\) was changed after it was resolved", r.stderr)


# ------------------------------------------------------------------ 6. state: at: a landmark
def _edit_state(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    head, state = text.split("\nstate:\n")
    assert old in state
    path.write_text(head + "\nstate:\n" + state.replace(old, new, 1))


@pytest.mark.parametrize("spot", ["wagon", "the freight wagon"])
def test_a_state_edit_of_at_may_name_a_landmark(run_cli, tmp_path, spot):
    """Old: "state.characters.Deputy Sam Crane.at: must be [x, y] in yards ... (got
    'wagon')". A landmark's key or name is its spot: the file next writes is the one the
    coordinates typed give, byte for byte."""
    files = []
    for i, value in enumerate((spot, "[22, 8]")):
        path = tmp_path / f"s{i}.yaml"
        path.write_bytes((HERE / "street.yaml").read_bytes())
        assert run_cli(path, "next").exit_code == 0
        _edit_state(path, "      at: [4, 1]\n", f"      at: {value}\n")
        r = run_cli(path, "next")
        assert r.exit_code == 0, r.stderr
        assert "GM adjustment: **Crane**'s position (yards) is now 22, 8." in r.stdout
        files.append(path.read_text())
    assert files[0] == files[1]
    assert "        Deputy Sam Crane: {at: [22, 8]}\n" in files[0]


def test_a_state_edit_of_at_naming_no_landmark_is_refused_at_its_line(run_cli,
                                                                      street_resolved):
    _edit_state(street_resolved, "      at: [4, 1]\n", "      at: livery\n")
    r = run_cli(street_resolved, "status")
    line, _ = _line_col(street_resolved, "      at: livery")
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        f"{street_resolved}:{line}:7: state.characters.Deputy Sam Crane.at: no landmark called "
        f"'livery'; did you mean 'livery_door'? (at: is a landmark's key or name, or [x, y] "
        f"in yards)")
