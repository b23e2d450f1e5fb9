"""Faults a fresh user found in session 22 (tests/fresh22: their Gaslight docks and station,
the Weird West mine, a Boot Hill livery with a GM's call for surrender, a Violence ranch),
each checked against what the rolls say happened."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

FRESH = Path(__file__).resolve().parent / "fresh22"


@lru_cache(maxsize=64)
def _run(name: str, seed: int | None = None):
    return run_fight(load_scenario_text((FRESH / name).read_text(), name), seed)


@lru_cache(maxsize=64)
def _post(name: str, mode: str, seed: int | None = None) -> str:
    return render(_run(name, seed), "markdown", mode)


def _section(post: str, heading: str, end: str = "\n## ") -> str:
    return post.split(heading, 1)[1].split(end, 1)[0]


# ---------------------------------------------------------------- #6: a GM's call answered
def test_a_gms_capitalised_call_for_surrender_is_told_with_its_answer_in_gaslight():
    """README: a call for surrender (any ``other:`` with "surrender" in it) is told as the
    shout and whether it was answered. Old: "Surrender" with a capital S was no call (the
    test was case-sensitive), and Gaslight's shots (gl_shot) answered nothing."""
    story = _post("gl-docks.yaml", "story")
    call = 'Lyle calls, "Police! Surrender in the name of the Queen!" '
    assert call in story
    after = story.split(call, 1)[1]
    assert after.startswith(("Nobody pays it any mind; the lead is flying already.",
                             "It is too late for that; the shooting has started."))


def test_a_gms_capitalised_call_for_surrender_is_told_with_its_answer_in_boot_hill():
    story = _post("bh-surr.yaml", "story", 1)
    call = 'Kate shouts, "Surrender, Holts!" '
    assert call in story
    assert story.split(call, 1)[1].startswith(
        ("It is too late for that; the shooting has started.",
         "Nobody pays it any mind; the lead is flying already."))


def test_a_gms_call_for_surrender_is_answered_in_weird_west_and_violence():
    """The same call in the two other rulesets: their shots (ww_shot; gun_fired and
    suppression_laid) are the answer or the lead already flying."""
    ww = _post("ww-call.yaml", "story")
    assert re.search(r'(?:Wu|Wu Chen) yells, "Surrender, you claim-jumpers!" (It is too late for that|'
                     r'Nobody pays it any mind|The answer is gunfire|Lead is the only|'
                     r'Nobody throws)', ww)
    vi = _post("vi-call.yaml", "story")
    assert re.search(r'(?:Ingrid|Ingrid Lindqvist) shouts, "Surrender, all of you!" (It is too late for that|'
                     r'Nobody pays it any mind|The answer is gunfire|Lead is the only|'
                     r'Nobody throws)', vi)


# ---------------------------------------------------------------- #12: other in its order
def test_a_gaslight_other_action_comes_at_the_mans_initiative():
    """Old: the engine made Lyle's call (initiative 4) at the end of the round, after
    Nobby's (3) and Pryce's (2) shots at initiative, against the order line; teaching mode
    then put it before the initiative line. Now: after Fanny's shots (4, ahead of her on
    the tie), before Nobby's move."""
    teaching = _section(_post("gl-docks.yaml", "teaching"), "## Round 1")
    call = teaching.index('**Lyle**: calls "Police! Surrender in the name of the Queen!"')
    assert teaching.index("Initiative, d10") < teaching.index("**Fanny Brennan** fires six") \
        < call < teaching.index("**Nobby** moves 15 feet")
    rolls = _section(_post("gl-docks.yaml", "story"), "**Rolls, round 1**", "||")
    assert rolls.index("Fanny at Nobby, fanning #6") < rolls.index("Lyle: calls") \
        < rolls.index("Nobby moves 15 ft")
    story = _section(_post("gl-docks.yaml", "story"), "## Round 1", "||")
    assert story.index("Lyle calls") < story.index("Pryce brings out")


def test_boot_hill_still_tells_the_call_before_the_shooting_in_teaching():
    """000 l.587: in Boot Hill the call is made before the first shot (Ruleset.calls_first)."""
    teaching = _section(_post("bh-surr.yaml", "teaching", 1), "## Turn 1")
    assert teaching.index('**Kate**: shouts "Surrender, Holts!"') \
        < teaching.index("**Jesse** fires a careful shot")
