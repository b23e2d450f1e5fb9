"""Weird West: a holstered gun is drawn, then loaded (fresh-user session 17,
tests/fresh17/g-ww.yaml from ``narrator generate -r weird-west``).

Seed 3, round 20: "Deadeye Elmer gets two rounds home in the Colt and snaps it shut. He pulls
his Colt.": the tactics reloaded the holstered Colt on his high card and drew it on the next.
A gun out of his hand is drawn first, then loaded (``tactics._reload``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh17"


@lru_cache(maxsize=32)
def _log(name: str, seed: int):
    return run_fight(load_scenario_text((HERE / name).read_text(), name), seed)


@pytest.mark.parametrize("seed", range(1, 13))
def test_weird_west_draws_a_holstered_gun_before_loading_it(seed):
    log = _log("g-ww.yaml", seed)
    loaded: dict[tuple[str, str], int] = {}
    for e in log.events:
        if e.kind == "turn_started":
            loaded = {}
        elif e.kind == "ww_reloaded":
            loaded[(e.character, e.weapon)] = e.turn
        elif e.kind == "ww_drew":
            assert (e.character, e.weapon) not in loaded, (seed, e)


def test_elmer_draws_his_colt_then_loads_it():
    log = _log("g-ww.yaml", 3)
    r20 = [(e.kind, e.card) for e in log.events if getattr(e, "turn", None) == 20
           and getattr(e, "character", "") == '"Deadeye Elmer" Watkins'
           and e.kind in ("ww_drew", "ww_reloaded")]
    assert r20 == [("ww_drew", "QS"), ("ww_reloaded", "10S")]
