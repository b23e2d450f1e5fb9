"""Property-based tests of Boot Hill hand to hand (errata B19) with hypothesis.

Random brawls: two or three sides bunched within a few yards, fists, clubs, brass knuckles
and blades besides guns, and intents that strike, grapple, break free, throw, shoot or move,
in combat, shootout and auto turns (some men left to their tactics profiles). Each invariant
is checked on the event log of every fight:

* bruise points never become wounds (a wound only from a wound_taken, bruises only from
  bruise_taken, the status keeping them apart and summing each);
* a held man never moves;
* a knocked-out man never acts again (nor anyone who is down), and never stands up again;
* a blow's chance is its parts plus its modifiers, a 20 never hits below 20, a blow lands on
  a count 1..6 in a shootout turn and two at most per man in a combat turn;
* the same seed gives the same log.

Runs are derandomized and database-free (as ``test_properties.py``); ``-m slow`` the full size.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.engine import run_fight
from narrator.events import FightLog
from narrator.rulesets.boothill import tactics
from narrator.scenario import load_scenario_text

from conftest import sizes
from strategies import ATTRS, dump

PROFILE = dict(derandomize=True, database=None, deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FIGHTS = sizes(60, 300)
seeds = st.integers(0, 2**32 - 1)
SIDES = ("Posse", "Gang", "Drifters")
MELEE = ("knife", "bowie_knife", "tomahawk", "axe", "saber", "club", "brass_knuckles")
GUNS = ("single_action_revolver", "derringer", "lever_action_rifle", "shotgun")
#: What a man does, by the event that says he did it.
ACTS = {"blow_struck": "attacker", "shot_fired": "shooter", "draw_made": "character",
        "moved": "character", "reloaded": "character", "hold_changed": None}


@st.composite
def brawler(draw: Any, name: str) -> dict:
    c: dict[str, Any] = {
        "name": name,
        "attributes": {a: draw(st.integers(3, 18)) for a in ATTRS},
        "skills": {s: draw(st.integers(0, 6)) for s in ("brawling", "blades", "pistol")},
        "weapons": [],
        "at": [draw(st.integers(0, 8)) / 2, draw(st.integers(0, 4)) / 2],
    }
    kinds = draw(st.lists(st.sampled_from(MELEE + GUNS), min_size=1, max_size=2, unique=True))
    c["weapons"] = [{"type": k} for k in kinds]
    if draw(st.integers(0, 5)) == 0:
        c["drawn"] = True
    if draw(st.integers(0, 3)) == 0:
        c["tactics"] = draw(st.sampled_from(tactics.PROFILES))
    if draw(st.integers(0, 4)) == 0:
        c["aim"] = draw(st.sampled_from(["vitals", "limbs", "none"]))
    return c


@st.composite
def brawl_intent(draw: Any, c: dict, kind: str, enemies: list[str]) -> dict:
    it: dict[str, Any] = {}
    what = draw(st.sampled_from(["strike", "strike", "strike", "grapple", "break_free",
                                 "throw", "shoot", "none"]))
    target = draw(st.sampled_from(enemies))
    if what == "strike":
        it["strike"] = target
        if draw(st.booleans()):
            it["blows"] = draw(st.integers(1, 2 if kind != "shootout" else 3))
        pick = draw(st.integers(0, 3))
        if pick == 0:
            it["weapon"] = "fists"
        elif pick == 1:
            it["weapon"] = draw(st.sampled_from(c["weapons"]))["type"]
    elif what == "grapple":
        it["grapple"] = target
    elif what == "break_free":
        it["break_free"] = True
    elif what == "throw":
        it["throw"] = True
    elif what == "shoot":
        guns = [w["type"] for w in c["weapons"] if w["type"] in GUNS]
        if guns:
            it["shoot"] = target
            it["weapon"] = guns[0]
    if draw(st.integers(0, 3)) == 0:
        it["move"] = {"gait": draw(st.sampled_from(["walking", "running", "evading"])),
                      "to": [draw(st.integers(0, 8)) / 2, draw(st.integers(0, 4)) / 2]}
    if draw(st.integers(0, 7)) == 0:
        it.setdefault("move", {})["drop_prone"] = True
    return it


@st.composite
def brawls(draw: Any) -> dict:
    sides = {}
    for s in range(draw(st.integers(2, 3))):
        sides[SIDES[s]] = [draw(brawler(f"{SIDES[s][0]}{i + 1}"))
                           for i in range(draw(st.integers(1, 3)))]
    side_of = {c["name"]: side for side, cs in sides.items() for c in cs}
    chars = {c["name"]: c for cs in sides.values() for c in cs}
    turns = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["combat", "shootout", "auto"]))
        who = draw(st.lists(st.sampled_from(sorted(chars)), unique=True, max_size=len(chars)))
        its = {}
        for name in who:
            enemies = [n for n in chars if side_of[n] != side_of[name]]
            its[name] = draw(brawl_intent(chars[name], kind, enemies))
        turn: dict[str, Any] = {"intents": its}
        if kind != "auto":
            turn["kind"] = kind
        turns.append(turn)
    sc: dict[str, Any] = {"title": "saloon brawl", "sides": sides, "turns": turns,
                          "dice_fallback": "seeded"}
    if draw(st.booleans()):
        sc["max_turns"] = len(turns) + draw(st.integers(0, 2))
    return sc


def fight(text: str, seed: int) -> FightLog:
    return run_fight(load_scenario_text(text), seed, dice_fallback="seeded")


def bruises_never_become_wounds(log: FightLog) -> None:
    """Bruise points (B19) never show up as wounds or wound points: each man's wound points
    are the sum of his wound_taken points, his bruise points the sum of his bruise_taken
    points, and a status lists only wounds that a wound_taken gave."""
    wp: dict[str, int] = {}
    bp: dict[str, int] = {}
    for e in log.events:
        if e.kind == "wound_taken":
            wp[e.character] = e.total_wound_points
        elif e.kind == "bruise_taken":
            bp[e.character] = bp.get(e.character, 0) + e.points
            assert e.bruise_points == bp[e.character], e
            assert e.wound_points == wp.get(e.character, 0), e
            assert e.points >= 0, e
        elif e.kind == "turn_ended":
            for s in e.status:
                assert s.wound_points == wp.get(s.name, 0) + (
                    0 if s.name in wp else 0), (e.turn, s)
                assert s.wound_points == sum(w.wound_points for w in s.wounds), (e.turn, s)
                assert s.bruise_points == bp.get(s.name, 0), (e.turn, s)


def held_man_never_moves(log: FightLog) -> None:
    """While held (from hold_changed "taken" to its end) a man never moves (B19)."""
    held: set[str] = set()
    for e in log.events:
        if e.kind == "hold_changed":
            if e.change == "taken":
                assert e.held not in held, e
                held.add(e.held)
            else:
                held.discard(e.held)
        elif e.kind == "moved":
            assert e.character not in held, e
        elif e.kind == "turn_ended":
            for s in e.status:
                assert (s.held_by is not None) == (s.name in held), (e.turn, s)


def knocked_out_never_acts(log: FightLog) -> None:
    """A man knocked cold (or otherwise down) never strikes, grapples, shoots, draws, moves or
    reloads again, and no status shows him active again (B19 with B8, B12); the only
    exception is a shot or blow made at the same moment (equal speed, same count, B14)."""
    down: dict[str, tuple[int, int | None]] = {}
    turn = 0
    count = None
    for e in log.events:
        if e.kind == "turn_started":
            turn, count = e.turn, None
        elif e.kind == "count_resolved":
            count = e.count
        who = getattr(e, ACTS[e.kind], None) if e.kind in ACTS and ACTS[e.kind] else None
        if who is not None and who in down:
            when = down[who]
            same_moment = e.kind in ("blow_struck", "shot_fired") and \
                e.count is not None and when == (e.turn, e.count)
            assert same_moment, (e, when)
        if e.kind in ("knocked_out", "passed_out", "died"):
            down.setdefault(e.character, (turn, count))
        elif e.kind == "wound_taken" and e.mortal is not None and e.mortal.outcome != "saved":
            down.setdefault(e.character, (turn, count))
        elif e.kind == "turn_ended":
            for s in e.status:
                if s.condition != "active":
                    down.setdefault(s.name, (e.turn, -1))
                else:
                    assert s.name not in down, (e.turn, s)


def blows_follow_b19(log: FightLog) -> None:
    """A blow's chance is its two parts (COO + Brawling or Blades) plus its modifiers; a 20
    never hits below 20 and any other roll hits exactly at or under the chance (a 1 below 1
    needs Luck); blows land on counts 1..6 in a shootout turn, none in a combat turn, and a
    man makes at most two blows or grapples a combat turn."""
    kind = None
    made: dict[tuple[int, str], int] = {}
    for e in log.events:
        if e.kind == "turn_started":
            kind = e.turn_kind
        if e.kind != "blow_struck":
            continue
        assert [m.name for m in e.base][0] == "coo" and len(e.base) == 2, e
        assert e.base_chance == sum(m.value for m in e.base), e
        assert e.chance == e.base_chance + sum(m.value for m in e.modifiers), e
        assert e.distance <= 2.0 or e.action == "break_free", e
        if e.roll == 20 and e.chance < 20:
            assert e.result == "miss", e
        if 1 < e.roll < 20:
            assert (e.result == "hit") == (e.roll <= e.chance), e
        if kind == "shootout":
            assert e.count is not None and 1 <= e.count <= 6, e
        else:
            assert e.count is None, e
            key = (e.turn, e.attacker)
            made[key] = made.get(key, 0) + 1
            assert made[key] <= 2, e


INVARIANTS = (bruises_never_become_wounds, held_man_never_moves, knocked_out_never_acts,
              blows_follow_b19)


@pytest.mark.parametrize("n", FIGHTS)
def test_brawl_invariants(n):
    """Every invariant above holds for every random brawl."""
    @settings(max_examples=n, **PROFILE)
    @given(sc=brawls(), seed=seeds)
    def check(sc, seed):
        log = fight(dump(sc), seed)
        assert log.events[-1].kind == "fight_ended"
        for invariant in INVARIANTS:
            invariant(log)
    check()


@pytest.mark.parametrize("n", sizes(10, 40))
def test_brawl_same_seed_same_log(n):
    """The same brawl and seed give the same log, and it round-trips through JSON."""
    @settings(max_examples=n, **PROFILE)
    @given(sc=brawls(), seed=seeds)
    def check(sc, seed):
        text = dump(sc)
        log = fight(text, seed)
        assert fight(text, seed).to_json() == log.to_json()
        assert FightLog.from_json(log.to_json()) == log
    check()
