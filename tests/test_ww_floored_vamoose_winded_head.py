"""Weird West story: a vamoose by a man lying on the ground already is never told as a dive,
and a man put out by Wind from a head wound is never told as stunned (a GM check, session 22:
check136 N5 and N8).

N5: ``ww-mine.yaml --seed 101`` round 7 told "Maggie dives for the ground, and Jack's bullet
goes over her." with Maggie prone since round 4 (a dodge is a dive, WN15; a man already down
only rolls aside where he lies). N8: ``ww-twoguns-tac.yaml --seed 102`` told "Crowe drops,
stunned and helpless." of a head wound that put him out of Wind, with no failed stun roll
(W10: only a failed stun check stuns)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIVE = re.compile(r"\b(dives?|dived|diving|mid-dive|dive flat)\b|\bthrows? (him|her|them)sel(f|ves) flat")


def _story(name: str, seed: int) -> str:
    out = subprocess.run([sys.executable, "-m", "narrator", "run", str(ROOT / "tests" / name), "--mode",
                          "story", "--seed", str(seed)], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return out.stdout


def _rounds(text: str):
    """(story paragraphs, rolls lines, status lines) of each round, in order."""
    parts = re.split(r"^## Round \d+\s*$", text, flags=re.M)[1:]
    for p in parts:
        rolls = re.search(r"\|\|\*\*Rolls, round \d+\*\*\n(.*?)\|\|", p, re.S)
        story = p[:rolls.start()] if rolls else p
        status = re.search(r"\*\*Status after round \d+\*\*\n(.*?)(?:\n\n|\Z)", p, re.S)
        yield (story, rolls.group(1).splitlines() if rolls else [],
               status.group(1).splitlines() if status else [])


def _floored_dives(text: str) -> list[str]:
    bad = []
    prone: set[str] = set()
    for story, rolls, status in _rounds(text):
        down = set(prone)
        for line in rolls:
            for who in list(down):
                if line.startswith(who + " (") and "→" not in line:
                    down.discard(who)        # stood, moved, or did something else himself
            m = re.match(r"(.+?) vamooses \(.*?\): dodge", line)
            if m and m.group(1) in down:
                who = m.group(1).split()[0]
                for sent in re.split(r"(?<=[.!?])\s+", story):
                    if who in sent and DIVE.search(sent):
                        bad.append(sent)
        prone = {m.group(1) for line in status
                 if (m := re.match(r"- (.+?) \(.*; prone$", line))}
    return bad


def test_seed_101_round_7_no_dive_of_a_prone_woman():
    text = _story("fresh22/ww-mine.yaml", 101)
    assert "Maggie dives for the ground" not in text
    assert _floored_dives(text) == []


@pytest.mark.parametrize("seed", range(1, 41))
def test_no_dive_of_a_man_already_down(seed):
    assert _floored_dives(_story("fresh22/ww-mine.yaml", seed)) == []


def test_winded_by_a_head_wound_is_not_stunned():
    text = _story("fresh21/ww-twoguns-tac.yaml", 102)
    assert "Crowe drops, stunned and helpless." not in text
    assert "Crowe drops, dazed and spent." in text


@pytest.mark.parametrize("seed", range(1, 41))
def test_stunned_only_after_a_failed_stun_roll(seed):
    """Every round whose story says someone is stunned has a failed stun roll in its rolls."""
    for story, rolls, _ in _rounds(_story("fresh21/ww-twoguns-tac.yaml", seed)):
        if re.search(r"\bstunned\b", story):
            assert any(re.match(r"Stun .*, (fail|bust)", line) for line in rolls), story
