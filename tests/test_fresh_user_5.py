"""What the fifth fresh user tripped on.

1. ``narrator run`` of a play-by-post file fought from scratch, ignoring the turns ``next``
   had recorded and the GM's edits of ``state:``: it now replays them (its write-up is the one
   posted) and fights on from there as ``next`` would.
2. Gaslight and Weird West: a GM's edit of Health (Gaslight) or Wind (Weird West) that takes a
   man to the rules' threshold never put him down; the rule now applies to the edit as to
   damage (Gaslight G10: Health at or below half the CON score, unconscious; 0, dead; Weird
   West W8: Wind 0 or less, winded).
4. Gaslight showed 30.04 feet as "30" (and teaching prose as "10 yards") next to a range
   increment of 30 feet; a distance that is not whole is now never shown as a whole number.
5. ``check``'s sniping warning read the declared intents only: a tactics profile's shot in
   turn 1 (knowable before any die) now counts, and where a profile decides a later turn
   before the sniping one the warning says that check cannot tell.
"""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli import app

RUNNER = CliRunner()


def _new(tmp_path: Path, ruleset: str, seed: int) -> Path:
    """``narrator new --ruleset RULESET`` with ``seed:``, its first turn resolved by next."""
    path = tmp_path / f"{ruleset}.yaml"
    r = RUNNER.invoke(app, ["new", "--ruleset", ruleset, "--out", str(path)])
    assert r.exit_code == 0, r.output
    path.write_text(re.sub(r"^seed: \d+", f"seed: {seed}", path.read_text(), flags=re.M))
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 0 and "the fight is over" not in r.stderr, r.output
    return path


# ---------------------------------------------------------------------- 2. edits put men down
def test_gaslight_health_edited_to_half_con_knocks_him_out_as_damage_would(tmp_path):
    path = _new(tmp_path, "gaslight", 1)
    text = path.read_text()
    assert "    Silas Vane:\n      condition: active\n      at: [1, 0]\n      hp: 9\n" \
        "      health: 12\n" in text
    path.write_text(text.replace("      hp: 9\n      health: 12\n", "      hp: 9\n      health: 6\n"))
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    post = r.stdout
    assert "GM adjustment: Vane's health is now 6.\n\nVane falls unconscious, Health 6 at or " \
        "below half of CON 12." in post
    assert "Vane fires" not in post and "Vane draws" not in post
    assert "- Vane (roughs): unconscious; hit points 9/9, Health 6/12" in post
    state = path.read_text().split("\nstate:\n")[1]
    assert "    Silas Vane:\n      condition: passed_out\n" in state
    assert "the fight is over: one side is all down" in r.stderr


def test_gaslight_health_above_half_con_keeps_him_up(tmp_path):
    path = _new(tmp_path, "gaslight", 1)
    text = path.read_text()
    path.write_text(text.replace("      hp: 9\n      health: 12\n", "      hp: 9\n      health: 7\n"))
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    assert "falls unconscious, Health 7" not in r.stdout
    assert "Vane fires" in r.stdout


def test_gaslight_health_edited_to_zero_is_death_and_the_story_says_so(tmp_path):
    path = _new(tmp_path, "gaslight", 1)
    text = path.read_text()
    path.write_text(text.replace("      hp: 9\n      health: 12\n", "      hp: 9\n      health: 0\n"))
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text", "--mode", "story"])
    assert r.exit_code == 0, r.output
    story = r.stdout.split("Rolls, ")[0]
    assert "Vane is out of the fight, dead." in story
    assert "  Vane: dead (Health 0/12).\n" in r.stdout


def test_weird_west_wind_edited_to_zero_winds_him_as_a_hit_would(tmp_path):
    path = _new(tmp_path, "weird-west", 1)
    text = path.read_text()
    assert "    Cash Moody:\n      condition: active\n      at: [22, 0]\n      wind: 14\n" in text
    path.write_text(text.replace("      wind: 14\n", "      wind: 0\n"))
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    post = r.stdout
    assert "GM adjustment: Moody's Wind is now 0.\n\nMoody is at 0 Wind: winded, out of the " \
        "fight until it ends." in post
    assert "- Moody:" not in post          # no Quickness roll, no cards: he is out
    assert "flees" not in post
    assert "- Moody (jumpers): winded" in post
    r = RUNNER.invoke(app, ["next", str(path), "--repost", "2", "--format", "text",
                            "--mode", "story"])
    assert r.exit_code == 0, r.output
    assert "Moody is out of the fight, winded and down." in r.stdout.split("Rolls, ")[0]
    assert "  Moody: winded (0 Wind).\n" in r.stdout


def test_weird_west_wind_above_zero_leaves_him_in(tmp_path):
    path = _new(tmp_path, "weird-west", 1)
    path.write_text(path.read_text().replace("      wind: 14\n", "      wind: 1\n"))
    r = RUNNER.invoke(app, ["next", str(path), "--format", "text"])
    assert r.exit_code == 0, r.output
    assert "winded" not in r.stdout.split("Status after")[0]
    assert "- Moody: " in r.stdout
