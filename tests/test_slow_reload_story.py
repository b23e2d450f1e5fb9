"""Boot Hill's slow reloads (Table 14's 1/3: one round every three combat turns, B16): a
combat turn of reloading that put no round in yet ("reloads his cap-and-ball revolver: +0
(1/3/turn), 0/6") is told as loading begun or going on, never "Daniel reloaded his revolver."
(the sibling of fresh user 19's Gaslight musket, "Jacob loaded up again" while not done)."""

from __future__ import annotations

import re
from functools import lru_cache

from narrator import ruleset as rulesets
from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text


@lru_cache(maxsize=1)
def _fights():
    """Generated two-on-two street fights, every revolver a cap-and-ball one."""
    rs = rulesets.get("boothill")
    out = []
    for i in range(1, 13):
        text = rs.generate([("posse", 2), ("rustlers", 2)], "street", seed=i, max_turns=12,
                           command="")
        text = re.sub(r"type: \w*revolver\w*", "type: cap_and_ball_revolver", text)
        out.append((i, run_fight(load_scenario_text(text, f"<cap-and-ball {i}>"))))
    return out


def _turns(text: str) -> dict[int, str]:
    out: dict[int, list[str]] = {}
    turn = None
    for line in text.splitlines():
        m = re.fullmatch(r"Turn (\d+)", line)
        if m:
            turn = int(m.group(1))
            out[turn] = []
        elif line.startswith(("Rolls, turn", "Status after")):
            turn = None
        elif turn is not None and line and not line.startswith((" ", "-")):
            out[turn].append(line)
    return {k: " ".join(v) for k, v in out.items()}


def test_a_reload_with_no_round_in_yet_is_never_told_done():
    empty = 0
    bad = []
    for seed, log in _fights():
        prose = _turns(render(log, "text", "story", options=Options(tense="past")))
        shorts = {c.name: c.short for c in log.events[0].characters}
        for e in log.events:
            if e.kind != "reloaded" or e.rounds != 0:
                continue
            empty += 1
            short = shorts.get(e.character) or e.character
            for s in re.split(r"(?<=[.!?])\s+", prose.get(e.turn, "")):
                if short in s and re.search(r"\b(reloaded|loaded up|pushed more rounds)\b", s):
                    bad.append((seed, e.turn, s))
    assert empty >= 5, empty
    assert not bad, bad[:5]
