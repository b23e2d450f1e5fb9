"""A lull (rounds in a row where nobody is hit, told in one paragraph) told a reload between
a man's shots as coming after all of them: fresh user, session 19, ``gen-vi.yaml`` (a
generated Violence saloon fight, tests/fresh19) seed 3, "Rounds 2 to 4": "Missouri Martin
fires six times at Samuel without a hit, then reloads" of three shots, a reload, and three
shots more. The scan checks the order told against the lull's rolls block over generated
Violence fights."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from narrator import ruleset as rulesets
from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh19"
RELOADED = r"then (reloads|loads up again|puts in fresh rounds)"


@lru_cache(maxsize=64)
def _text(text: str, seed: int) -> str:
    return render(run_fight(load_scenario_text(text, "lull.yaml"), seed), "text", "story")


def test_gen_vi_seed_3_tells_the_reload_between_the_shots():
    text = _text((HERE / "gen-vi.yaml").read_text(), 3)
    lull = text.split("Rounds 2 to 4", 1)[1].split("Rolls, rounds 2 to 4", 1)[0]
    assert "Missouri Martin fires six shots at Samuel, stops to reload and goes on, and " \
        "never hits;" in lull, lull
    assert not re.search(r"Missouri Martin [^;.]*" + RELOADED, lull), lull


def _lulls(text: str):
    """(paragraph, rolls lines) of each lull of a text story write-up."""
    parts = re.split(r"\n(?=Rounds \d+ to \d+\n)", text)
    for part in parts[1:]:
        head, _, rest = part.partition("Rolls, rounds")
        rolls = rest.split("Status after", 1)[0]
        yield head, rolls.splitlines()


def test_no_lull_tells_a_reload_last_that_came_between_shots():
    """Over 40 seeds of gen-vi.yaml (poor shots at 10 yards: eight lulls with a reload told)
    and 40 generated Violence fights: a man told "..., then reloads" in a lull fired no
    shot in it after his last reload (the rolls block's order)."""
    rs = rulesets.get("violence")
    fixture = (HERE / "gen-vi.yaml").read_text()
    checked = told = 0
    for i in range(1, 81):
        if i <= 40:
            text = fixture
        else:
            sides = [("law", 1 + i % 3), ("gang", 2 + i % 3)]
            setting = ("saloon", "street", "corral", "canyon")[i % 4]
            text = rs.generate(sides, setting, seed=i, max_turns=12, command="")
        out = _text(text, i)
        for para, rolls in _lulls(out):
            for clause in re.split(r"; |\. ", para):
                m = re.match(r"(?:.*?\. )?([A-Z][\w\"' ]+?) (fires|sends|tries|throws|"
                             r"looses)\b.*" + RELOADED, clause)
                if not m:
                    continue
                told += 1
                short = m.group(1).split()[0]
                order = [("reload" if re.match(rf"\s*{short}\b.* reloads", ln) else "shot")
                         for ln in rolls if re.match(rf"\s*{short}\b.*( at | reloads)", ln)]
                last_reload = max(k for k, x in enumerate(order) if x == "reload")
                assert "shot" not in order[last_reload + 1:], (i, clause, order)
                checked += 1
    assert checked == told >= 6, (checked, told)
