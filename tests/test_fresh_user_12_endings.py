"""Defects a fresh user (a GM who read only the README and docs) found, twelfth round: his
own scenarios (kept in tests/fresh12/), each test asserting the real text and failing on the
code before its fix."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

HERE = Path(__file__).parent / "fresh12"


@lru_cache(maxsize=None)
def _fight(name: str, seed: int):
    path = HERE / name
    return run_fight(load_scenario_text(path.read_text(encoding="utf-8"), str(path)), seed)


def _story(name: str, seed: int, tense: str = "present") -> str:
    return render(_fight(name, seed), "text", "story", options=Options(tense=tense))


def _teaching(name: str, seed: int) -> str:
    return render(_fight(name, seed), "text", "teaching")


def _ending(text: str) -> str:
    """The story's closing paragraph (the last before the dice footer)."""
    body = text.split("\n" + "-" * 60)[0].rstrip()
    return body.rsplit("\n\n", 1)[-1]


def _reason(name: str, seed: int) -> tuple[str, tuple[str, ...]]:
    end = _fight(name, seed).events[-1]
    return end.reason, tuple(end.standing)


# ---------------------------------------------------------------- 1: the ending's reason
def test_a_fight_cut_off_by_max_turns_names_no_winner_and_no_empty_field():
    # seed 1881: the eight turns run out with the law and the Pruitts both in the fight
    # (teaching: "still in the fight: the law, the Pruitts"; Wade on his feet, reloaded);
    # the story said "After 33 seconds the shooting dies away: nobody has a shot any more.
    # The day is the law's. Wade has run."
    assert _reason("boothill-livery.yaml", 1881) == ("turns_ran_out", ("law", "pruitts"))
    assert "still in the fight: the law, the Pruitts" in _teaching("boothill-livery.yaml", 1881)
    end = _ending(_story("boothill-livery.yaml", 1881))
    assert end == ("The scene ends there, 33 seconds in, in a lull in the shooting. Untouched, "
                   "Brody is still in it. Wade has given ground but not given up. Jesse is "
                   "bleeding out. Welles is hurt. The tally afterwards: 28 shots fired, eight "
                   "hits.")


def test_seed_3_likewise_holds_both_sides_in_it():
    # was "The guns fall silent 33 seconds in; nobody has a target any more. The field is
    # the law's. Wade has fled."
    assert _reason("boothill-livery.yaml", 3)[0] == "turns_ran_out"
    end = _ending(_story("boothill-livery.yaml", 3))
    assert end.startswith("That is where it stands, 33 seconds in, with the guns quiet for "
                          "the moment. Neither side has given it up: the law and the Pruitts "
                          "are still in it. Wade has fallen back but is not out of it.")


def test_gaslight_rounds_running_out_leave_something_to_fire_at():
    # seed 5: both Abberline and Shea standing and armed when the eight rounds run out; was
    # "After 48 seconds the reports cease; there is nothing left to fire at."
    assert _reason("gaslight-street.yaml", 5) == ("turns_ran_out", ("police", "fenians"))
    for seed in (5, 10):
        end = _ending(_story("gaslight-street.yaml", seed))
        assert "nothing left to fire at" not in end and "shot any longer" not in end
        assert end.startswith(("There the affair rests, 48 seconds in, in a lull in the firing.",
                               "The affair breaks off there, 48 seconds in, the guns quiet for "
                               "the moment.")), end
        assert "the police and the fenians" in end


_WINNER = re.compile(r"The (day|field) is the |holds the field|has the better of it|"
                     r"nobody has a (shot|target) any more|nothing left to fire at")


def test_no_ending_of_a_fight_whose_turns_ran_out_names_a_winner():
    # every seed of both scenarios whose turns ran out: no winner, no "nobody has a shot"
    seen = 0
    for name in ("boothill-livery.yaml", "gaslight-street.yaml"):
        for seed in range(1, 16):
            reason, standing = _reason(name, seed)
            if reason != "turns_ran_out":
                continue
            seen += 1
            assert len(standing) >= 2
            end = _ending(_story(name, seed))
            assert not _WINNER.search(end), (name, seed, end)
            past = _ending(_story(name, seed, "past"))
            assert not _WINNER.search(past.replace(" was ", " is ")), (name, seed, past)
    assert seen >= 5
