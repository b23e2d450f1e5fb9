"""Play-by-post renames after a turn was resolved, as a fresh user found them (session 22;
``tests/fresh22/pbp-livery.yaml``: turns 1 to 3 resolved by ``narrator next``).

README: "So is renaming a character or a side after a turn was resolved (the records name
them): the error points at the new name."

1. The side ``holts`` keyed ``holt_gang``: the error pointed at Lem Holt's ``name:`` and told
   the GM to "change the name back to 'holts'" (no side name was near enough 'holts', so the
   nearest man's was taken).
2. Lem Holt, who has no die in turn 1's record, renamed Lemuel Holt: "turn 1 (its intents,
   its recorded rolls, or the setup ...) was changed after it was resolved" at the turn.
3. Ezra Holt renamed Ezekiel Holt was told at Lem Holt's name (the nearer spelling).

A rename that alone breaks a turn's seal is found by sealing the turn with the old name put
back (``playbypost._renamed``); the old names are those the records and ``state:`` give.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "fresh22"
FIX = ("run narrator next --redo 1 to resolve it again (later turns are discarded; the old "
       "file is kept as .bak)")


@pytest.fixture
def livery(tmp_path):
    path = tmp_path / "pbp-livery.yaml"
    path.write_bytes((HERE / "pbp-livery.yaml").read_bytes())
    return path


def _line_col(path: Path, text: str) -> tuple[int, int]:
    """The 1-based line and column where ``text`` starts in the file (its first line)."""
    lines = path.read_text().splitlines()
    row = next(i for i, ln in enumerate(lines) if text in ln)
    return row + 1, lines[row].index(text) + 1


def test_the_fixture_is_unedited(run_cli, livery):
    r = run_cli(livery, "status")
    assert r.exit_code == 0, r.stderr


@pytest.mark.parametrize("also", ["", "coo: 17"])
def test_a_renamed_side_is_told_at_its_key_with_a_side_s_advice(run_cli, livery, also):
    """``also``: a second edit besides (the seal no longer says the rename alone broke it):
    the record's side entry (its initiative only) is still matched to the side taken."""
    text = (livery.read_text().replace("\n  holts:\n", "\n  holt_gang:\n", 1)
            .replace("side_names: {holts:", "side_names: {holt_gang:", 1))
    if also:
        text = text.replace("coo: 16", also, 1)
    livery.write_text(text)
    r = run_cli(livery, "next")
    line, col = _line_col(livery, "  holt_gang:")
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        f"{livery}:{line}:{col + 2}: sides.holt_gang: turn 1's record names the side 'holts', "
        f"which the file no longer has: renamed 'holt_gang' after the turn was resolved, the "
        f"side no longer matches it; change the key back to 'holts', or {FIX}")
    assert "Lem Holt" not in r.stderr


@pytest.mark.parametrize("command", ["status", "next", "run"])
@pytest.mark.parametrize("edit", ["rename", "rename, no later record", "rename, coo"])
def test_a_man_with_no_die_in_the_turn_is_told_at_his_new_name(run_cli, livery, command,
                                                                edit):
    """Lem Holt has no die in turn 1's record; turn 3's record and state: name him. With
    his turn 3 die gone too, state: alone names him; with another edit besides, the nearest
    name no record gives is taken."""
    text = livery.read_text().replace("- name: Lem Holt\n", "- name: Lemuel Holt\n", 1)
    if "later" in edit:
        text = text.replace("        Lem Holt: {sporadic_cover: [14]}\n", "", 1)
    if "coo" in edit:
        text = text.replace("coo: 16", "coo: 17", 1)
    livery.write_text(text)
    r = run_cli(livery, command)
    line, col = _line_col(livery, "Lemuel Holt")
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        f"{livery}:{line}:{col}: sides.holts[1].name: turn 1 was resolved with 'Lem Holt', "
        f"whom the file no longer has: renamed 'Lemuel Holt' after the turn was resolved, the "
        f"character no longer matches it; change the name back to 'Lem Holt', or {FIX}")


def test_a_man_with_dice_in_the_turn_is_told_at_his_own_new_name(run_cli, livery):
    """Old: at Lem Holt's name (the nearest to 'Ezra Holt' of the names the record does not
    give, Ezekiel Holt's being further off)."""
    livery.write_text(livery.read_text().replace("- name: Ezra Holt\n",
                                                 "- name: Ezekiel Holt\n", 1))
    r = run_cli(livery, "status")
    line, col = _line_col(livery, "Ezekiel Holt")
    assert r.exit_code == 2 and r.stderr.startswith(
        f"{livery}:{line}:{col}: sides.holts[0].name: turn 1's record names 'Ezra Holt', whom "
        f"the file no longer has: renamed 'Ezekiel Holt' after the turn was resolved")
