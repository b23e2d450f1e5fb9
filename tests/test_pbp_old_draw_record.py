"""A Weird West play-by-post file whose turn 1 narrator resolved when a draw of the gun already
in hand took the card (Mae's only card, her shot at Hollis not made) replays as it was posted.
Before: every command on it refused with "turn 1 was resolved with other rolls than it now
needs (Mae Calloway, shootin): the scenario changed after it was resolved; use narrator next
--redo 1" (the scenario had not changed: narrator had, and now gave the card to the shot)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from narrator.playbypost import OLD_DRAWS, record_hash
from narrator.scenario import load_scenario, load_scenario_text

OLD = Path(__file__).resolve().parent / "scenarios" / "lost-deacon-mine-old-draw-record.yaml"


def test_run_writes_up_the_old_turn_as_posted(run_cli):
    r = run_cli(OLD, "run", "--format", "text")
    assert r.exit_code == 0, r.stderr
    assert "turn 1 replayed from the records narrator next wrote" in r.stderr
    assert "Mae (4♣) draws her Colt Peacemaker: that is the action." in r.stdout
    assert ("Mae has no card left this round for her declared shot at Hollis (one action a "
            "card): it is not made.") in r.stdout
    assert "Mae (4♣) fires her Colt Peacemaker at Hollis" not in r.stdout


def test_next_resolves_turn_2_under_the_rules_of_now(run_cli, tmp_path):
    """turn 2 resolved and recorded, then replayed with turn 1 (its old draw) by status and
    run; turn 2 has no draw of a gun in hand to tell either way."""
    fight = tmp_path / "mine.yaml"
    shutil.copy(OLD, fight)
    r = run_cli(fight, "next")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[-1] == f"{fight}: turn 2 resolved and recorded"
    ld = load_scenario(fight)
    assert ld.scenario.turns[1].resolved is not None
    r = run_cli(fight, "run", "--format", "text")
    assert r.exit_code == 0 and "turns 1-2 replayed from the records" in r.stderr
    assert ld.notes.get(OLD_DRAWS) is None   # (the note is the replay's, not the loader's)


def test_a_record_the_old_draw_does_not_explain_is_still_refused(run_cli, tmp_path):
    """Elijah's last stun die taken out of turn 1's record (the hash sealed again, as if
    narrator had recorded it so): the replay runs short of it under either reading of the
    draw, and the message is the one the current rules give (Mae's shot, which they need
    first), at the record, exit 2."""
    text = OLD.read_text(encoding="utf-8")
    short = text.replace("stun: [4, 2, 9]", "stun: [4, 2]")
    assert short != text
    ld = load_scenario_text(short, "<short>")
    turn = ld.scenario.turns[0]
    r = turn.resolved
    digest = record_hash(turn, ld.scenario, 1, {"rolls": r.rolls, "from_script": r.from_script,
                                                 "adjusted": r.adjusted})
    short = re.sub(r"hash: [0-9a-f]{12}", f"hash: {digest}", short, count=1)
    res = run_cli(short, "run", name="short.yaml")
    assert res.exit_code == 2 and res.stdout == ""
    line = next(n for n, x in enumerate(short.splitlines(), 1) if x.strip() == "resolved:")
    assert res.stderr == (f"{tmp_path / 'short.yaml'}:{line}:5: turn 1 was resolved with other "
                          f"rolls than it now needs (Mae Calloway, shootin): the scenario "
                          f"changed "
                          f"after it was resolved; use narrator next --redo 1\n")
