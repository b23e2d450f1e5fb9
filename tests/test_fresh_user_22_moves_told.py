"""A move's declaration and its result tell one move (Boot Hill teaching mode; a fresh user,
session 22, issue 14).

``bh-livery.yaml`` turn 3: "**Doc**: runs towards the open ground near the freight wagon
(tactics)." then "**Doc** runs away from Ezra: 4 yards of 4."; ``bh-night.yaml``: "runs
towards the open ground" then "runs away from Jo". A tactics move to a point of the map was
told by its place when declared and by the man it left when made (the ``moved`` event keeps
no point). Both lines now say both, and the same man: the one the declaration left, while
the move leaves him still.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario

HERE = Path(__file__).resolve().parent / "fresh22"
GAITS = "walks|runs|crawls|trots|gallops|rides"
DECLARED = re.compile(rf"^- \*\*(?P<who>[^*]+)\*\*: (?:.*; )?(?P<gait>{GAITS})(?P<how>[^;(]*?)"
                      rf"(?: \(|;|\.$)", re.M)
MADE = re.compile(rf"^\*\*(?P<who>[^*]+)\*\* (?P<gait>{GAITS})(?P<how>[^:]*): [\d.]+ yards?",
                  re.M)


def _teaching(name: str, seed: int | None = None) -> str:
    return render(run_fight(load_scenario(HERE / name), seed), "markdown", "teaching")


def test_doc_s_run_in_turn_3_is_told_alike():
    text = _teaching("bh-livery.yaml")
    turn3 = text.split("## Turn 3")[1].split("## Turn 4")[0]
    assert ("- **Doc**: runs away from Ezra, towards the open ground near the freight wagon "
            "(tactics).") in turn3
    assert ("**Doc** runs away from Ezra, towards the open ground near the freight wagon: "
            "4 yards of 4.") in turn3


def test_luis_leaves_the_man_his_declaration_leaves():
    """Turn 3: Hiram nearest as the turn starts; Jo runs in nearer before Luis moves, but
    Luis's run takes him farther from Hiram too, so both lines say Hiram."""
    turn3 = _teaching("bh-night.yaml").split("## Turn 3")[1].split("## Turn 4")[0]
    assert "- **Luis**: runs away from Hiram, towards the open ground (tactics)." in turn3
    assert "**Luis** runs away from Hiram, towards the open ground: 12 yards of 12" in turn3


def _parts(how: str) -> tuple[str | None, str | None]:
    """(the man left, the place) of a move's words: ' away from Ezra, towards the open
    ground' -> ('Ezra', 'the open ground')."""
    m = re.fullmatch(r"(?: away from (?P<left>[^,]+),?)?(?: towards (?P<place>.+))?", how)
    assert m is not None, how
    return m["left"], m["place"]


@pytest.mark.parametrize("name", ["bh-livery.yaml", "bh-night.yaml"])
def test_every_move_made_is_told_as_it_was_declared(name):
    """Over seeds 1-12: a man's declared move to open ground and the move he makes are told
    to the same place (none was, made: "runs away from Ezra" alone), and, when both name the man he leaves, the same man (a move cut short
    or overtaken that ends no farther from him does not say it leaves him)."""
    compared = both = 0
    for seed in range(1, 13):
        for turn in _teaching(name, seed).split("\n## Turn")[1:]:
            said = {m["who"]: m["how"] for m in DECLARED.finditer(turn)}
            for m in MADE.finditer(turn):
                who = m["who"]
                if who not in said or "open ground" not in said[who]:
                    continue   # (declared at a man who went down first: told where he ran)
                (left, place), (left2, place2) = _parts(said[who]), _parts(m["how"])
                compared += 1
                assert place == place2, (seed, turn[:40], said[who], m.group(0))
                if left and left2:
                    both += 1
                    assert left == left2, (seed, turn[:40], said[who], m.group(0))
    assert compared >= 10 and both >= 5, (compared, both)
