"""``narrator next`` flags scripted dice a turn left over (one line on standard error, located
at the first die left in the file as now written), as ``check`` and ``run`` flag dice a
fight never rolls: a GM who adds each turn with the dice its players rolled learns that one
was not used, rather than have it taken by a later turn's roll unseen."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli import app

HERE = Path(__file__).resolve().parent
runner = CliRunner()


def _with_turn(tmp_path: Path, dice: str, turns: int = 1) -> Path:
    """pbp-livery-hold.yaml (two turns resolved) with ``turns`` more combat turns declared
    (no intents: the tactics decide) and ``dice:`` for them."""
    path = tmp_path / "hold.yaml"
    shutil.copy(HERE / "fresh12" / "pbp-livery-hold.yaml", path)
    more = "  - kind: combat\n    intents: {}\n" * turns
    path.write_text(path.read_text().replace(
        "\nstate:\n", f"\n{more}dice:\n  Deputy Tom Welles: {dice}\nstate:\n", 1))
    return path


def _stderr_lines(path: Path) -> list[str]:
    out = runner.invoke(app, ["next", str(path)])
    assert out.exit_code == 0, out.output
    return [line for line in out.output.splitlines() if str(path) in line]


def test_a_die_the_turn_left_is_flagged_at_its_place(tmp_path):
    """Turn 3, Welles fires twice (15, 15): the third, fourth and fifth 15 are left over.
    The warning points at the third value (line 84, column 40 of the file as written)."""
    path = _with_turn(tmp_path, "{to_hit: [15, 15, 15, 15, 15]}")
    lines = _stderr_lines(path)
    text = path.read_text().splitlines()
    line = next(i for i, s in enumerate(text, 1) if s.startswith("  Deputy Tom Welles: {to_hit"))
    assert text[line - 1][39:41] == "15"
    assert lines == [
        f"{path}: turn 3 resolved and recorded; that was the last turn (add a turn, or raise "
        f"max_turns, to go on)",
        f"{path}:{line}:40: warning: scripted to_hit dice 15, 15, 15 for Deputy Tom Welles not "
        f"rolled in turn 3 (the fight has rolled 2 of 5): the next to_hit roll for Deputy Tom "
        f"Welles, in a later turn, takes them; delete them if they were meant for turn 3"]


def test_dice_all_used_are_not_flagged(tmp_path):
    path = _with_turn(tmp_path, "{to_hit: [15, 15]}")
    assert _stderr_lines(path) == [
        f"{path}: turn 3 resolved and recorded; that was the last turn (add a turn, or raise "
        f"max_turns, to go on)"]


def test_dice_for_a_later_declared_turn_are_not_flagged(tmp_path):
    """Two turns declared: what turn 3 leaves is turn 4's, and nothing is flagged after turn
    3; turn 4 (the last declared) leaves the fifth die, flagged alone."""
    path = _with_turn(tmp_path, "{to_hit: [15, 15, 15, 15, 15]}", turns=2)
    assert _stderr_lines(path) == [f"{path}: turn 3 resolved and recorded"]
    lines = _stderr_lines(path)
    assert len(lines) == 2 and "warning: scripted to_hit die 15 for Deputy Tom Welles not " \
        "rolled in turn 4 (the fight has rolled 4 of 5)" in lines[1], lines
    assert "delete it if it was meant for turn 4" in lines[1]
