"""Violence story: the prose claims no more than the dice show.

Old: "Hob Mullins snaps off two shots at Big Swede; the second strikes home." (two shots
resolved on one d20: nobody knows which hit); "With half of them down, the nerve of ... is
shaken" when two of three were down (the check comes when a group's numbers are first halved
or worse, 003 l.79)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _phrases(path: str) -> dict:
    return tomllib.loads((ROOT / path).read_text())


def test_a_pair_of_shots_on_one_roll_never_says_which_one_hit():
    for phrase in _phrases("narrator/rulesets/violence/templates/phrases.toml")["v_hit_two"]:
        assert "second" not in phrase and "first" not in phrase, phrase


def test_a_group_tested_when_halved_is_never_told_as_exactly_half_down():
    common = _phrases("templates/common/phrases.toml")
    halved = [p for group in ("v_morale_hold", "v_morale_hold_surrender")
              for p in common[group] if p.startswith("<halved>")]
    assert len(halved) == 8  # (four near things, four held firm: fresh user 23)
    assert not [p for p in halved if "half" in p.lower()]
