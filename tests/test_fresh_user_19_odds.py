"""Odds count covering fire (fresh user, session 19): ``odds vi-stage.yaml`` gave Driver Lou
Pettit "shots 0" over 2,000 fights, though every write-up of them has him laying covering
fire (003 l.50) and its closing tally counts those rounds as shots ("three shots of covering
fire"). Odds count a suppressor's rounds as shots, and a hit for each suppressor the dice
pick to hit a man who showed himself (003 l.52-54), on the engine path and the kernel path
alike, as the write-up's tally does."""

from __future__ import annotations

import re
from pathlib import Path

from narrator import batch
from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

STAGE = Path(__file__).resolve().parent / "fresh19" / "vi-stage.yaml"
LOU = "Driver Lou Pettit"


def _loaded():
    return load_scenario_text(STAGE.read_text(), "vi-stage.yaml")


def test_a_fights_summary_counts_covering_fire_as_the_tally_does():
    """vi-stage seeds 1..30: each man's shots in ``batch.summarize`` are the rounds of his
    shooting actions and of his covering fire; his hits, his shooting hits and the
    suppressors picked to hit; and Lou's rounds are the write-up's "shots of covering fire"."""
    laid_any = picked_any = 0
    for seed in range(1, 31):
        log = run_fight(_loaded(), seed)
        s = batch.summarize(log)
        shots, hits = dict(s.shots), dict(s.hits)
        want_shots: dict[str, int] = {}
        want_hits: dict[str, int] = {}
        for e in log.events:
            if e.kind == "gun_fired":
                want_shots[e.shooter] = want_shots.get(e.shooter, 0) + e.shots
                want_hits[e.shooter] = want_hits.get(e.shooter, 0) + (e.result == "hit")
            elif e.kind == "suppression_laid":
                want_shots[e.suppressor] = want_shots.get(e.suppressor, 0) + e.shots
                laid_any += 1
            elif e.kind == "suppression_tested":
                for h in e.hitters:
                    want_hits[h] = want_hits.get(h, 0) + 1
                    picked_any += 1
        assert shots == {k: v for k, v in want_shots.items() if v}, (seed, shots, want_shots)
        assert hits == {k: v for k, v in want_hits.items() if v}, (seed, hits, want_hits)
        text = render(log, "text", "story")
        m = re.search(r"(\w+) shots? of covering fire", text)
        if m and shots.get(LOU):
            words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
            n = words.get(m.group(1), None) or int(m.group(1))
            laid = sum(e.shots for e in log.events if e.kind == "suppression_laid")
            assert n == laid, (seed, m.group(0), laid)
    assert laid_any >= 10 and picked_any >= 1, (laid_any, picked_any)


def test_odds_give_the_driver_his_covering_fire_on_both_paths():
    """``odds vi-stage.yaml``: Lou's shots are no longer 0 on either path, and the two paths
    agree on them (within a few standard errors: a few hundred fights each)."""
    ld = batch.odds_scenario(_loaded())
    got = {}
    for path in ("kernel", "engine"):
        odds = batch.run_odds(ld, 300, 77, path=path)
        lou = next(c for c in odds.characters if c.name == LOU)
        got[path] = lou.shots
        assert lou.shots > 0, (path, lou)
    k, e = got["kernel"], got["engine"]
    assert abs(k - e) <= 0.2 * max(k, e), got
