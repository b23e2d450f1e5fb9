"""``narrator status`` after a GM's edit of ``at:`` shows what the engine's ``adjust`` will
make of it on the next turn (Boot Hill):

1. a hold (errata B19) whose two men the edit puts beyond reach (2 yards) is let go, so the
   held man is no longer "held by" the holder;
2. living cover that bolted (a horse hit, ``bolts_when_hit``) is gone: a man put on its
   landmark's spot is in the open, not "in cover: Texas Jack's horse".
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli import app

HERE = Path(__file__).resolve().parent
runner = CliRunner()


def _move(path: Path, man: str, at: str) -> None:
    """Set ``man``'s ``at:`` in ``state:`` to ``at`` (as a GM edits it by hand)."""
    head, state = path.read_text().split("\nstate:\n")
    new, n = re.subn(rf"(\n    '?{re.escape(man)}'?:\n(?:      .*\n)*?      at: ).*\n",
                     lambda m: m.group(1) + at + "\n", state, count=1)
    assert n == 1, state
    path.write_text(head + "\nstate:\n" + new)


def _status_of(path: Path, man: str) -> str:
    out = runner.invoke(app, ["status", str(path)], env={"COLUMNS": "60"})
    assert out.exit_code == 0, out.output
    block = re.search(rf"^  {re.escape(man)}: .*\n(?:    .*\n)*", out.output, re.M)
    assert block, out.output
    return block.group()


def _next_text(path: Path) -> str:
    out = runner.invoke(app, ["next", str(path)])
    assert out.exit_code == 0, out.output
    return out.output


def test_a_hold_moved_out_of_reach_is_not_shown(tmp_path):
    """pbp-livery-hold.yaml after turn 2: Jesse holds Brody (at 1.12, 0.03 and 0, 0). The GM
    moves Jesse to 9, 0, 9 yards off: the next turn starts with the hold let go."""
    path = tmp_path / "hold.yaml"
    shutil.copy(HERE / "fresh12" / "pbp-livery-hold.yaml", path)
    assert "also: held by Jesse" in _status_of(path, "Marshal Cal Brody")
    _move(path, "Jesse Pruitt", "[9, 0]")
    shown = _status_of(path, "Marshal Cal Brody")
    assert shown == ("  Marshal Cal Brody: active; WP 0/15; at 0, 0\n"
                     "    loaded: Colt 2\n"), shown
    # the engine agrees: turn 3 starts with the hold let go
    from narrator.playbypost import replay, state_with_edits
    from narrator.scenario import load_scenario
    loaded = load_scenario(path)
    _, log, edits = replay(loaded)
    assert "held_by" not in state_with_edits(log, edits, loaded)["characters"]["Marshal Cal Brody"]
    text = path.read_text().replace("\nstate:\n", "\n  - kind: combat\n    intents: {}\nstate:\n", 1)
    path.write_text(text)
    post = _next_text(path)
    assert "GM adjustment: **Jesse**'s position (yards) is now 9, 0.\n\nJesse lets go of Brody." \
        in post, post


def test_a_hold_still_in_reach_is_shown(tmp_path):
    """Moved 1 yard (2 yards from Brody at most), Jesse keeps his hold."""
    path = tmp_path / "hold.yaml"
    shutil.copy(HERE / "fresh12" / "pbp-livery-hold.yaml", path)
    _move(path, "Jesse Pruitt", "[1, 1.5]")
    assert "also: held by Jesse" in _status_of(path, "Marshal Cal Brody")


def test_living_cover_that_bolted_is_no_cover_for_a_man_moved_onto_it(tmp_path):
    """shotgun-gang.yaml, three turns played by post: Texas Jack's horse takes Eriksson's
    second pellet (turn 3, a serious wound) and bolts. The GM moves Arkansas Dave to 0, 5,
    the horse's spot: status showed him "in cover: Texas Jack's horse"; the engine places
    him in the open (``landmark_at`` passes over a gone landmark)."""
    path = tmp_path / "sg.yaml"
    shutil.copy(HERE.parent / "scenarios" / "examples" / "shotgun-gang.yaml", path)
    posts = "".join(_next_text(path) for _ in range(3))
    assert "The wounded animal bolts, and Texas Jack is left without cover." in posts
    _move(path, '"Arkansas Dave" David Coriggan', "[0, 5]")
    shown = _status_of(path, '"Arkansas Dave" David Coriggan')
    assert "in cover" not in shown, shown
    assert shown.startswith('  "Arkansas Dave" David Coriggan: active; WP 0/17; at 0, 5\n')
    from narrator.rulesets.boothill.ruleset import BootHill
    from narrator.playbypost import replay
    from narrator.scenario import load_scenario
    loaded = load_scenario(path)
    _, log, _ = replay(loaded)
    assert BootHill().gone_landmarks(loaded, log) == {"jacks_horse"}
