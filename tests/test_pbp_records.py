"""Recorded data is checked, not trusted (issue 16, kind 5).

* a corpus of edits of ``resolved:`` records: each is one located line naming ``--redo N``;
* a corpus of bad edits of ``state:``: each is one located line at the edited field;
* a GM's good edit of ``state:`` is applied everywhere: ``status``, the next turn (its tactics
  too) and ``--redo``; the GM's comments on edited lines stay.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from narrator.playbypost import resolve_next
from narrator.scenario import load_scenario

from conftest import EXAMPLES, per_module


@pytest.fixture(scope=per_module)
def two_turns(tmp_path_factory) -> str:
    """Abilene with both turns resolved (the text)."""
    path = tmp_path_factory.mktemp("ab") / "abilene-saloon.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    resolve_next(path)
    resolve_next(path)
    return path.read_text()


@pytest.fixture(scope=per_module)
def one_turn(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("ab1") / "abilene-saloon.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    resolve_next(path)
    return path.read_text()


def line_of(text: str, needle: str, nth: int = 0) -> int:
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if needle in line]
    return hits[nth]


def sub1(text: str, pattern: str, repl: str) -> str:
    new, n = re.subn(pattern, repl, text, count=1)
    assert n == 1, pattern
    return new


def swap_records(text: str) -> str:
    blocks = re.findall(r"    resolved:\n(?:      .*\n)+", text)
    assert len(blocks) == 2
    return text.replace(blocks[0], "\0").replace(blocks[1], blocks[0]).replace("\0", blocks[1])


def copy_record(text: str) -> str:
    blocks = re.findall(r"    resolved:\n(?:      .*\n)+", text)
    return text.replace(blocks[1], blocks[0])


RECORD_EDITS = {
    "impossible-to-hit": (lambda t: sub1(t, r"to_hit: \[1\]", "to_hit: [99]"), 1),
    "negative-location": (lambda t: sub1(t, r"location: \[14\]", "location: [-30]"), 1),
    "unknown-purpose": (lambda t: sub1(t, r"fast_draw: \[8\]", "fastdraw: [8]"), 1),
    "changed-valid-die": (lambda t: sub1(t, r"fast_draw: \[8\]", "fast_draw: [9]"), 1),
    "changed-from-script": (lambda t: sub1(t, r"Sam McGee: \{fast_draw: 1,", "Sam McGee: {fast_draw: 0,"), 1),
    "die-removed": (lambda t: sub1(t, r"to_hit: \[9, 2\]", "to_hit: [9]"), 1),
    "hash-edited": (lambda t: sub1(t, r"hash: [0-9a-f]", "hash: f"), 1),
    "swapped-turns": (swap_records, 1),
    "copied-turn": (copy_record, 2),
    "second-turn-die": (lambda t: re.sub(r"(resolved:(?:\n.*){3}\n.*\n(?:.*\n)*?.*resolved:\n.*\n.*\n.*?)\[(\d+)",
                                         lambda m: m.group(1) + "[" + str(int(m.group(2)) % 20 + 1), t, count=1), 2),
}


@pytest.mark.parametrize("name", RECORD_EDITS)
def test_every_edit_of_a_record_is_a_located_refusal(run_cli, tmp_path, two_turns, name):
    edit, turn = RECORD_EDITS[name]
    text = edit(two_turns)
    assert text != two_turns
    path = tmp_path / "abilene-saloon.yaml"
    path.write_text(text)
    for command in (["status"], ["next"], ["next", "--repost", "1"]):
        out = run_cli(path, *command)
        assert out.exit_code == 2, (command, out.stdout)
        assert out.stdout == "" and out.stderr.count("\n") == 1, out.stderr
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", out.stderr), out.stderr
        if "--repost" not in command:
            assert f"--redo {turn}" in out.stderr or "was changed" in out.stderr or \
                "expected a whole number" in out.stderr, out.stderr
    assert path.read_text() == text


SETUP_EDITS = {
    "attribute": ("luck: 1}", "luck: 2}"),
    "position": ("at: [0, 3.3]", "at: [0, 3.4]"),
    "map": ("at: [6, 4]", "at: [6, 5]"),
    "seed": ("seed: 1871", "seed: 1872"),
    "house-rule": ("shoulder_is_arm: true ", "shoulder_is_arm: false"),
}


@pytest.mark.parametrize("name", SETUP_EDITS)
def test_an_edit_of_the_setup_after_a_resolved_turn_is_refused(run_cli, tmp_path, two_turns, name):
    """The record of a turn seals the setup it was resolved with (sides, map, rules, dice,
    seed): an edit of any of these after turn 1 is refused where turn 1 is recorded, with
    ``--redo 1``, and nothing is written."""
    old, new = SETUP_EDITS[name]
    assert old in two_turns.split("\nturns:")[0]           # the first is in the setup
    text = two_turns.replace(old, new, 1)
    path = tmp_path / "abilene-saloon.yaml"
    out = run_cli(text, "next", name="abilene-saloon.yaml")
    assert out.exit_code == 2, out.stdout
    line = 1 + text.splitlines().index("    resolved:")
    assert out.stderr.startswith(f"{path}:{line}:5: turn 1 (its intents, its recorded rolls, "
                                 "or the setup"), out.stderr
    assert "--redo 1" in out.stderr and path.read_text() == text


def test_a_refused_record_points_at_its_turn(run_cli, tmp_path, two_turns):
    path = tmp_path / "abilene-saloon.yaml"
    out = run_cli(sub1(two_turns, r"fast_draw: \[10\]", "fast_draw: [11]"), "next",
                  name="abilene-saloon.yaml")
    line = line_of(two_turns, "resolved:", 0)
    assert out.stderr.startswith(f"{path}:{line}:5: turn 1 ")
    assert "--redo 1" in out.stderr


def test_true_is_not_a_die(run_cli, two_turns):
    out = run_cli(sub1(two_turns, r"to_hit: \[1\]", "to_hit: [true]"), "status",
                  name="abilene-saloon.yaml")
    assert out.exit_code == 2 and "expected a whole number" in out.stderr


def test_a_gap_is_located_at_the_later_record(run_cli, tmp_path, two_turns):
    blocks = re.findall(r"    resolved:\n(?:      .*\n)+", two_turns)
    text = two_turns.replace(blocks[0], "")
    path = tmp_path / "abilene-saloon.yaml"
    out = run_cli(text, "next", name="abilene-saloon.yaml")
    assert out.exit_code == 2
    assert out.stderr == (f"{path}:{line_of(text, 'resolved:')}:5: turn 2 is resolved but "
                          f"turn 1 is not; run narrator next --redo 1 to resolve turn 1 again "
                          f"(later records are discarded)\n")


WP = 'Quentin "Cool Hand" Luke:\n      condition: active\n      at: [2, 3.3]\n      wound_points: 2'

STATE_EDITS = {
    "true-is-not-a-number": ("wound_points: 2", "wound_points: true", "wound_points: must be a whole number"),
    "nan": ("at: [2, 3.3]", "at: [.nan, 3.3]", "at: must be [x, y] in yards"),
    "infinity": ("at: [2, 3.3]", "at: [2, .inf]", "at: must be [x, y] in yards"),
    "true-is-not-a-yard": ("at: [2, 3.3]", "at: [true, 3.3]", "at: must be [x, y] in yards"),
    "six-shooter-holds-nine": ("loaded: {single-action revolver: 3}",
                               "loaded: {single-action revolver: 9}", "a whole number from 0 to 6"),
    "loaded-not-a-mapping": ("loaded: {single-action revolver: 3}", "loaded: 3",
                             "loaded: must map weapon names (single-action revolver) to rounds"),
    "negative-rounds": ("loaded: {single-action revolver: 3}",
                        "loaded: {single-action revolver: -1}", "a whole number from 0 to 6"),
    "unknown-gun": ("loaded: {single-action revolver: 3}", "loaded: {gatling_gun: 3}",
                    "carries no 'gatling_gun'"),  # colt is his revolver's alias
    "wounds-cannot-be-edited": ("wounds: [light right arm (2)]", "wounds: []", "wounds: cannot be edited"),
    "unknown-field": ("wound_points: 2", "wound_pionts: 2", "did you mean 'wound_points'"),
    "condition": ("condition: active\n      at: [2, 3.3]", "condition: resting\n      at: [2, 3.3]",
                  "condition: must be one of active, passed_out, dying, dead"),
    "prone-is-not-yes": ("prone: false\n", "prone: 1\n", "prone: must be true or false"),
}


@pytest.mark.parametrize("name", STATE_EDITS)
def test_bad_edits_of_the_state_are_located_at_the_field(run_cli, tmp_path, one_turn, name):
    old, new, words = STATE_EDITS[name]
    start = one_turn.index(WP)
    at = one_turn.index(old, start)
    text = one_turn[:at] + new + one_turn[at + len(old):]
    path = tmp_path / "abilene-saloon.yaml"
    path.write_text(text)
    line = text[:at].count("\n") + 1
    for command in ("next", "status"):
        out = run_cli(path, command)
        assert out.exit_code == 2, out.stdout
        assert out.stderr.count("\n") == 1
        assert re.match(rf"{re.escape(str(path))}:{line}:\d+: ", out.stderr), out.stderr
        assert words in out.stderr, out.stderr
    assert path.read_text() == text


@pytest.mark.parametrize("old, new, words", [
    ("  turn: 1\n", "  turn: 2\n", "state.turn: is 2, but the last resolved turn is 1"),
    ("    Sam McGee:\n", "    Sam McGe:\n", "no character called 'Sam McGe'; did you mean 'Sam McGee'?"),
])
def test_bad_state_names_and_turns(run_cli, tmp_path, one_turn, old, new, words):
    at = one_turn.index(old, one_turn.index("\nstate:"))
    text = one_turn[:at] + new + one_turn[at + len(old):]
    path = tmp_path / "abilene-saloon.yaml"
    out = run_cli(text, "next", name="abilene-saloon.yaml")
    assert out.exit_code == 2 and words in out.stderr, out.stderr
    assert re.match(rf"{re.escape(str(path))}:{text[:at].count(chr(10)) + 1}:\d+: ", out.stderr)


def test_a_character_in_state_that_is_not_a_mapping_is_located_at_his_name(run_cli, tmp_path,
                                                                           one_turn):
    """``state.characters.<name>`` must map his fields; ``Sam McGee: 3`` is one located line
    at the name (the line and column of ``Sam McGee``)."""
    start = one_turn.index("    Sam McGee:\n", one_turn.index("\nstate:"))
    end = one_turn.index("    Ben Jackson:\n", start)
    text = one_turn[:start] + "    Sam McGee: 3\n" + one_turn[end:]
    path = tmp_path / "abilene-saloon.yaml"
    out = run_cli(text, "next", name="abilene-saloon.yaml")
    assert out.exit_code == 2
    assert out.stderr == (f"{path}:{text[:start].count(chr(10)) + 1}:5: "
                          f"state.characters.Sam McGee: expected a mapping\n")
    assert path.read_text() == text


def test_a_state_before_any_turn_is_resolved_is_refused(run_cli, tmp_path):
    """``state:`` is what ``narrator next`` wrote after the last resolved turn; with no turn
    resolved there is none to edit: one located line at ``state:``, nothing written."""
    text = (EXAMPLES / "luke-short.yaml").read_text() + "state:\n  turn: 0\n"
    path = tmp_path / "luke-short.yaml"
    out = run_cli(text, "next", name="luke-short.yaml")
    assert out.exit_code == 2
    assert out.stderr == (f"{path}:{line_of(text, 'state:')}:1: state: no turn is resolved "
                          f"yet, so there is no state to edit (delete state:)\n")
    assert path.read_text() == text


def edited(one_turn: str, tmp_path: Path) -> Path:
    start = one_turn.index(WP)
    text = (one_turn[:start]
            + WP.replace("wound_points: 2", "wound_points: 5   # Doc says it is worse")
            + one_turn[start + len(WP):])
    path = tmp_path / "abilene-saloon.yaml"
    path.write_text(text)
    return path


def test_status_shows_the_gm_edit(run_cli, tmp_path, one_turn):
    path = edited(one_turn, tmp_path)
    out = run_cli(path, "status")
    assert out.exit_code == 0, out.stderr
    rows = [r for r in out.stdout.splitlines() if 'Quentin "Cool' in r and "active" in r]
    assert "5/12" in rows[0]  # the first line of his row in the 80-column table
    assert "with the GM's edits" in out.stdout


def test_the_gm_comment_on_an_edited_line_stays(tmp_path, one_turn):
    path = edited(one_turn, tmp_path)
    resolve_next(path)
    text = path.read_text()
    assert "      wound_points: 9   # Doc says it is worse\n" in text
    assert load_scenario(path).scenario.turns[1].resolved.adjusted == {
        'Quentin "Cool Hand" Luke': {"wound_points": 5}}


def test_redo_keeps_the_gm_edit(run_cli, tmp_path, one_turn):
    path = edited(one_turn, tmp_path)
    first = resolve_next(path)
    again = run_cli(path, "next", "--redo", "2")
    assert again.exit_code == 0, again.stderr
    sc = load_scenario(path).scenario
    assert sc.turns[1].resolved.adjusted == {'Quentin "Cool Hand" Luke': {"wound_points": 5}}
    assert sc.state == load_scenario(path).scenario.state
    assert "wound points are now 5" in again.stdout
    assert first.turn == 2


TACTICS = """\
title: Tactics see the GM's edit
seed: 11
sides:
  posse:
    - name: Jake
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      skills: {pistol: 5}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
      tactics: aggressive
  rustlers:
    - name: Dutch
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      weapons: [{type: single_action_revolver}]
      at: [40, 0]
    - name: Slim
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      weapons: [{type: single_action_revolver}]
      at: [40, 3]
max_turns: 3
turns:
  - intents: {}
"""


def test_the_next_turns_tactics_decide_from_the_edited_state(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(TACTICS)
    first = resolve_next(path)
    targets = {e.target for e in first.log.events if e.kind == "intent_declared"
               and getattr(e, "turn", 0) == 1 and getattr(e, "target", None)}
    text = path.read_text()
    # the GM rules that both targets Jake might pick went down but one: only Slim is left
    for name in ("Dutch",):
        block = text.index(f"    {name}:\n", text.index("\nstate:"))
        at = text.index("condition: active", block)
        text = text[:at] + "condition: dead" + text[at + len("condition: active"):]
    path.write_text(text)
    done = resolve_next(path)
    shots = [e for e in done.log.events if getattr(e, "turn", 0) == 2 and e.kind == "shot_fired"
             and e.shooter == "Jake"]
    declared = [e for e in done.log.events if getattr(e, "turn", 0) == 2 and e.kind == "intent_declared"
                and e.character == "Jake"]
    assert declared, [e.kind for e in done.log.events if getattr(e, "turn", 0) == 2]
    assert all("Dutch" not in str(e) for e in declared), declared
    assert all(s.target == "Slim" for s in shots)
    assert targets is not None


@pytest.mark.parametrize("injuries, ok", [("0", True), ("1000", True), ("-1", False),
                                          ("1001", False), ("1.5", False), ("true", False)])
def test_a_violence_state_edit_of_injuries_is_a_whole_number_from_0_to_1000(run_cli, tmp_path,
                                                                            injuries, ok):
    """The Violence state's ``injuries`` is checked as Boot Hill's ``wound_points`` is: a
    whole number from 0 to 1000, else one located line at the field."""
    path = tmp_path / "bank-robbery.yaml"
    shutil.copy(EXAMPLES / "bank-robbery.yaml", path)
    resolve_next(path)
    text = path.read_text()
    at = text.index("injuries: ", text.index("\nstate:"))
    end = text.index("\n", at)
    text = text[:at] + f"injuries: {injuries}" + text[end:]
    out = run_cli(text, "status", name="bank-robbery.yaml")
    if ok:
        assert out.exit_code == 0, out.stderr
    else:
        assert out.exit_code == 2, out.stdout
        line = text[:at].count("\n") + 1
        assert re.match(rf"{re.escape(str(path))}:{line}:\d+: state\.characters\..*\.injuries: "
                        "must be a whole number", out.stderr), out.stderr


# ---------------------------------------------------------------------- --repost (in process)

def test_repost_replays_the_records_up_to_the_turn_with_the_gm_edits(tmp_path, one_turn):
    """``playbypost.repost(path, n)``: the log of turns 1..n replayed from their records, with
    the GM's edits made before each (nothing rolled or written). Abilene, turn 1 resolved, the
    GM sets Quentin's wound points to 5, turn 2 resolved: reposting turn 2 gives the log
    ``next`` made (his 5 points at the start of turn 2, not the 2 he was left with); reposting
    turn 1 stops after turn 1. A recorded die is what the replay uses: a record whose first
    die is changed (and resealed with ``record_hash``) replays that die, not the seed's."""
    from narrator.playbypost import record_hash, repost

    path = edited(one_turn, tmp_path)
    before = path.read_bytes()
    done = resolve_next(path)
    assert done.turn == 2
    again = repost(path, 2)
    assert [e.kind for e in again.events] == [e.kind for e in done.log.events]
    assert [(r.who, r.purpose, r.value) for r in again.rolls] == [
        (r.who, r.purpose, r.value) for r in done.log.rolls]
    quentin = 'Quentin "Cool Hand" Luke'
    started = [e for e in again.events if e.kind == "turn_started"]
    assert [e.turn for e in started] == [1, 2]
    first = repost(path, 1)
    assert {e.turn for e in first.events if hasattr(e, "turn")} <= {0, 1}
    assert [(r.who, r.purpose, r.value) for r in first.rolls] == [
        (r.who, r.purpose, r.value) for r in again.rolls if r.turn <= 1]
    assert max(r.turn for r in again.rolls) == 2
    ended = [e for e in again.events if e.kind == "turn_ended"]
    wp = {e.turn: {s.name: s.wound_points for s in e.status}[quentin] for e in ended}
    assert wp[1] == 2 and wp[2] >= 5            # the GM's 5 carried into turn 2
    assert path.read_bytes() != before          # (resolve_next wrote turn 2)

    # a changed die, resealed: the replay rolls the record, not the seed
    loaded = load_scenario(path)
    sc = loaded.scenario
    t1 = sc.turns[0]
    rolls = {who: {p: list(v) for p, v in ps.items()} for who, ps in t1.resolved.rolls.items()}
    who, purposes = next((w, ps) for w, ps in rolls.items() if "to_hit" in ps)
    old = purposes["to_hit"][0]
    purposes["to_hit"][0] = 1 if old != 1 else 2
    record = {"rolls": rolls, "from_script": t1.resolved.from_script,
              "adjusted": t1.resolved.adjusted}
    text = path.read_text()
    head, tail = text.split("      " + _flow_line(who, t1.resolved.rolls[who]), 1)
    text = head + "      " + _flow_line(who, rolls[who]) + tail
    text = text.replace(f"hash: {t1.resolved.hash}", f"hash: {record_hash(t1, sc, 1, record)}")
    path.write_text(text)
    forged = repost(path, 1)
    assert [r.value for r in forged.rolls if (r.who, r.purpose) == (who, "to_hit")][0] == (
        purposes["to_hit"][0])


def _flow_line(who: str, dice: dict) -> str:
    from narrator.scenario.saver import _flow, scalar
    return f"{scalar(who)}: {_flow(dice)}"


@pytest.mark.parametrize("resolved, asked, message", [
    (0, 1, "--repost 1: no turn is resolved"),
    (1, 2, "--repost 2: turn 1 is resolved"),
    (1, 0, "--repost 0: turn 1 is resolved"),
    (2, 3, "--repost 3: turns 1-2 are resolved"),
])
def test_repost_of_a_turn_not_resolved_is_refused(tmp_path, resolved, asked, message):
    """``repost`` refuses a turn outside 1..the last resolved, saying which are resolved,
    with the file's name."""
    from narrator.errors import ScenarioError
    from narrator.playbypost import repost

    path = tmp_path / "abilene-saloon.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    for _ in range(resolved):
        resolve_next(path)
    with pytest.raises(ScenarioError) as err:
        repost(path, asked)
    assert (err.value.message, err.value.path) == (message, str(path))


def test_a_gm_edit_of_one_guns_rounds_keeps_the_others():
    """``state_with_edits``: an edit of ``loaded`` names only the guns it changes; the others
    keep their replayed counts (shotgun-gang: Rickard Eriksson ends with 4 rounds in his
    revolver and 0 in his shotgun; the GM loads the shotgun's 2). Other fields are replaced."""
    from narrator.playbypost import state_of, state_with_edits

    from conftest import fight
    log = fight("shotgun-gang.yaml")
    name = "Rickard Eriksson"
    assert state_of(log)["characters"][name]["loaded"] == {
        "single-action revolver": 4, "double-barrelled shotgun": 0}
    state = state_with_edits(log, {name: {"loaded": {"double-barrelled shotgun": 2},
                                          "wound_points": 3}})
    assert state["characters"][name]["loaded"] == {
        "single-action revolver": 4, "double-barrelled shotgun": 2}
    assert state["characters"][name]["wound_points"] == 3


def test_an_unknown_state_key_with_no_near_name_gets_no_hint(tmp_path, one_turn):
    """A misspelt key close to a real one gets "did you mean" (``unknown-field`` above); one
    close to none ends at the key."""
    from narrator.errors import ScenarioError

    path = tmp_path / "abilene-saloon.yaml"
    path.write_text(one_turn.replace("state:\n  turn: 1\n", "state:\n  turn: 1\n  zzqx: 1\n"))
    with pytest.raises(ScenarioError) as err:
        resolve_next(path)
    assert err.value.message == "state: unknown key 'zzqx'"
