"""Weird West story: a man backing off (or running off) is told backing off from the man his
move takes him furthest from (``motions()``'s new ``"further"``), not the nearest enemy on
his feet: Amos at 0, 0 walks to 4, -3, at right angles to Dead Eye Hollis (2, 3: the
nearest, 3.6 yards; the long step still takes him 2.7 yards further off) and straight away
from Zeke (-6, 0: 4.4 yards further off). The story said "Amos eases back from Dead Eye
Hollis."; it is Zeke he backs off from."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.render.narrate import motions
from narrator.scenario import load_scenario_text

NIGHT = Path(__file__).resolve().parent / "fresh18" / "ww-night.yaml"
#: every phrase of back_away and flee (templates/common/phrases.toml), any tense, after his
#: name or "He" (Amos is the only man who moves)
OFF = re.compile(r"(?:Amos|He) (?:backs|backed|gives|gave|eases|eased|turns and runs|turned and ran"
                 r"|has had enough: he runs|had had enough: he ran|bolts|bolted)"
                 r"(?: away| ground| back)?(?: from| before|, putting ground between himself "
                 r"and) ([^.]+)\.")


@lru_cache(maxsize=None)
def _scenario(to: tuple[int, int]) -> str:
    s = NIGHT.read_text()
    for old, new in (("      at: [0, 2]\n      tactics: aggressive", "      at: [0, 0]"),
                     ("      at: [10, 0]\n      tactics: undead", "      at: [2, 3]"),
                     ("      at: crypt\n      tactics: cautious", "      at: [-6, 0]"),
                     ("      at: fence\n      tactics: gunslinger", "      at: [0, 20]")):
        assert old in s
        s = s.replace(old, new)
    return s[:s.index("turns:")] + (f"turns:\n  - intents:\n      Amos: {{move: [{to[0]}, "
                                    f"{to[1]}]}}\nmax_turns: 1\ndice_fallback: seeded\n")


def _amos_move(to, seed):
    log = run_fight(load_scenario_text(_scenario(to), "away.yaml"), seed)
    moved = next(e for e in log.events if e.kind == "ww_moved" and e.character == "Brother Amos")
    return log, motions(list(log.events), log.events[0])[id(moved)]


@pytest.mark.parametrize("to, further", [((4, -3), "Zeke Hollis"), ((12, -9), "Zeke Hollis"),
                                          ((-2, -3), "Dead Eye Hollis")])
def test_motions_gives_whom_the_move_goes_furthest_from(to, further):
    _, m = _amos_move(to, 1)
    assert (m["way"], m["enemy"], m["further"]) == ("away", "Dead Eye Hollis", further)
    assert "closer" not in m


@pytest.mark.parametrize("to, whom", [((4, -3), "Zeke"), ((12, -9), "Zeke"),
                                      ((-2, -3), "Hollis")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_story_backs_him_off_from_that_man(to, whom, seed):
    log, _ = _amos_move(to, seed)
    for tense in ("present", "past"):
        from narrator.render.markup import Options
        text = render(log, "text", "story", options=Options(tense=tense))
        told = OFF.findall(text)
        # (named in full the first time: "Zeke Hollis", "Dead Eye Hollis")
        assert [{"Zeke Hollis": "Zeke", "Dead Eye Hollis": "Hollis"}.get(x, x)
                for x in told] == [whom], (tense, told)
