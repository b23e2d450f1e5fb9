"""fresh23's GM-toolkit items (REPORT.md items 8, 13, 14, 15 last bullet): what ``next``,
``run`` and ``check`` tell a GM of a play-by-post file. The scenarios in tests/fresh23tools/
are the GM's own files (Weird West and Gaslight play-by-post)."""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).parent / "fresh23tools"


def _copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(HERE / name, path)
    return path


# ------------------------------------------------------ 14. next on a finished fight
def test_next_on_a_finished_fight_says_it_is_over_and_why(run_cli, tmp_path):
    """ww-pbp.yaml: turn 6 put the last Kincaid down. ``next`` used to answer "all 6 turns
    are resolved; add a turn with intents (or raise max_turns) to go on", as if the fight
    could go on."""
    path = _copy(tmp_path, "ww-pbp.yaml")
    before = path.read_text()
    r = run_cli(path, "next")
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [
        f"{path}:96:5: the fight is over: the Kincaids are all down (turn 6 ended it), so "
        f"there is no turn to resolve; --redo N resolves turn N again"]
    assert "add a turn" not in r.stderr and r.stdout == ""
    assert path.read_text() == before and not Path(f"{path}.bak").exists()


def test_next_that_ends_the_fight_names_the_side_down(run_cli, tmp_path):
    path = _copy(tmp_path, "ww-pbp.yaml")
    r = run_cli(path, "next", "--redo", "6")
    assert r.exit_code == 0, r.output
    assert r.stderr.strip().splitlines()[-1] == (
        f"{path}: turn 6 resolved and recorded; the fight is over: the Kincaids are all down")
