"""What the seventeenth fresh user tripped on as a GM (tests/fresh17: his play-by-post files
pbp-bh/gas/vio.yaml as he left them, pbp-ww.yaml as it stood before his second turn (its
.bak: the fight is over after it); the other files as he wrote them).

1. A GM's ``state:`` edit of a man's loaded rounds was told as Python in Gaslight, Violence
   and Weird West ("GM adjustment: Hettie's loaded rounds are now {'Greener': 2}.") where
   Boot Hill said "single-action revolver 6": one wording (``narrator.events.shown_value``)
   for every ruleset; a position "5, 1" (it was "[5, 1]" outside Boot Hill).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FRESH = Path(__file__).resolve().parent / "fresh17"


def _copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(FRESH / name, path)
    return path


def _edit_state(path: Path, before: str, after: str) -> None:
    head, state = path.read_text().split("\nstate:\n")
    assert before in state
    path.write_text(head + "\nstate:\n" + state.replace(before, after, 1))


# ---------------------------------------------------------------- 1. an edit of loaded rounds
@pytest.mark.parametrize("name, before, after, told", [
    ("pbp-ww.yaml", "loaded: {Greener: 2}", "loaded: {Greener: 1}",
     "GM adjustment: Hettie's loaded rounds are now Greener 1."),
    ("pbp-gas.yaml", "loaded: {Webley revolver: 4}", "loaded: {Webley revolver: 6}",
     "GM adjustment: Crane's loaded rounds are now Webley revolver 6."),
    ("pbp-vio.yaml", "loaded: {Parker: 0}", "loaded: {Parker: 2}",
     "GM adjustment: Maggie's loaded rounds are now Parker 2."),
    ("pbp-bh.yaml", "loaded: {Greener: 2, single-action revolver: 6}",
     "loaded: {Greener: 1, single-action revolver: 6}",
     "loaded rounds are now Greener 1, single-action revolver 6."),
])
@pytest.mark.parametrize("mode", ["teaching", "story"])
def test_an_edit_of_loaded_rounds_is_told_in_words_in_every_ruleset(
        run_cli, tmp_path, name, before, after, told, mode):
    path = _copy(tmp_path, name)
    _edit_state(path, before, after)
    r = run_cli(path, "next", "--format", "text", "--mode", mode)
    assert r.exit_code == 0, r.output
    assert told in r.stdout
    assert "{'" not in r.stdout and "now {" not in r.stdout and "now [" not in r.stdout
