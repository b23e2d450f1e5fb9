"""Property-based tests of the Boot Hill rules engine and the scenario loader (hypothesis).

Random valid scenarios (``tests/strategies.py``) are loaded from YAML text and fought with
seeded dice; every property is an invariant of the event log. Sources: ``000`` =
``../shared/sources/000_f05c5ef385f1db5a.txt``, ``B<n>`` = ``../shared/errata.md``.

Runs are derandomized and database-free (``PROFILE`` below), so CI sees the same examples
every time. The default run draws a quarter to a fifth of the examples; ``pytest -m slow`` the full
numbers. Expected values come from ``source_tables.py`` (typed from the rules texts), never
from the table function under test. Known bugs are
``xfail(strict=True)`` tests with the minimized scenario as an explicit ``@example`` (it runs
first and fails at once, so nothing is shrunk).
"""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.events import FightLog
from narrator.rulesets.boothill import tables, tactics
from narrator.scenario import load_scenario_text

import source_tables as source
from conftest import sizes
from strategies import dump, scenarios

PROFILE = dict(derandomize=True, database=None, deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FIGHTS = sizes(60, 300)        # random fights, every invariant checked on each
DETERMINISM = sizes(10, 40)    # random fights fought twice
MUTANTS = sizes(60, 250)       # mutated scenarios for the loader
seeds = st.integers(0, 2**32 - 1)
# Riders may declare foot gaits (refused by the engine), and a quarter of the characters
# follow a tactics profile when they are not given an intent.
FIGHT_SCENARIOS = scenarios(rider_foot_gaits=True, profiles=tactics.PROFILES)

TABLE_11 = set(source.TABLE_11.values())
ACTS = ("shot_fired", "draw_made", "moved", "reloaded", "jam_worked", "target_switched",
        "intent_declared", "other_action")


def fight(text: str, seed: int) -> FightLog:
    """Load a scenario from its YAML text and fight it with seeded dice."""
    return run_fight(load_scenario_text(text), seed, dice_fallback="seeded")


def actor(e: Any) -> str:
    return e.shooter if e.kind == "shot_fired" else e.character


def nobody_acts_after_going_down(log: FightLog) -> None:
    """Nobody shoots, draws, moves, reloads or declares once dead, dying, killed or passed out
    (000 l.433; B8 "takes no further part", B12, B15). The one exception is B14's
    simultaneous fire: a shooter struck down on a count by someone of equal speed still fires
    his shot of that count. Once down, a status block never shows him active again."""
    bad = []
    down: dict[str, tuple[int, int | None, frozenset[str]]] = {}
    turn = 0
    count: int | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    wounded_by: dict[str, str | None] = {}
    for i, e in enumerate(log.events):
        if e.kind == "turn_started":
            turn, count, groups = e.turn, None, ()
        elif e.kind == "count_resolved":
            count, groups = e.count, e.groups
        if e.kind in ACTS and actor(e) in down:
            when, cnt, group = down[actor(e)]
            simultaneous = (e.kind == "shot_fired" and e.count is not None
                            and (when, cnt) == (e.turn, e.count) and e.shooter in group)
            if not simultaneous:
                bad.append(f"event {i}: {e.kind} by {actor(e)}, down since turn {when} "
                           f"count {cnt}")
        went_down = None
        if e.kind == "wound_taken":
            wounded_by[e.character] = e.shooter
            if e.mortal is not None and e.mortal.outcome != "saved":
                went_down = e.character
        elif e.kind in ("passed_out", "died"):
            went_down = e.character
        if went_down and went_down not in down:
            # the group (equal speed, same count) of the shooter who struck him down
            by = wounded_by.get(went_down) if e.kind != "died" else None
            group = next((frozenset(g) for g in groups if by in g), frozenset())
            down[went_down] = (turn, count, group)
        if e.kind == "turn_ended":
            for s in e.status:
                if s.condition != "active":
                    down.setdefault(s.name, (e.turn, None, frozenset()))
                elif s.name in down:
                    bad.append(f"turn {e.turn}: {s.name} is active again")
    assert bad == []


def shootout_counts_one_to_six(log: FightLog) -> None:
    """Every shootout shot happens on a count 1..6 (000 l.177-221, Table 5; B13); combat-turn
    shots have no count."""
    kind = None
    for e in log.events:
        if e.kind == "turn_started":
            kind = e.turn_kind
        elif e.kind == "shot_fired":
            if kind == "shootout":
                assert e.count is not None and 1 <= e.count <= 6, e
            else:
                assert e.count is None, e
        elif e.kind == "count_resolved":
            assert kind == "shootout" and 1 <= e.count <= 6, e


def ammunition_never_negative(log: FightLog) -> None:
    """Rounds loaded (turn_ended status, shots, reloads) stay within 0..capacity (B16)."""
    for e in log.events:
        if e.kind == "turn_ended":
            for s in e.status:
                for w in s.weapons:
                    assert 0 <= w.loaded <= w.capacity, (e.turn, s.name, w)
        elif e.kind == "shot_fired":
            assert e.rounds_left >= 0, e
        elif e.kind == "reloaded":
            assert 0 <= e.loaded <= e.capacity, e


def wound_points_never_decrease(log: FightLog) -> None:
    """A character's wound points only grow, by each wound's points (B8)."""
    last: dict[str, int] = {}
    for e in log.events:
        if e.kind == "wound_taken":
            assert e.wound_points >= 0, e
            assert e.total_wound_points == last.get(e.character, 0) + e.wound_points, e
            last[e.character] = e.total_wound_points
        elif e.kind == "turn_ended":
            for s in e.status:
                assert s.wound_points >= last.get(s.name, 0), (e.turn, s)
                last[s.name] = s.wound_points


def wound_points_equal_wound_notes(log: FightLog) -> None:
    """In every status block, wound points = the sum of the wounds listed (B7-B8); scratches
    are not listed."""
    for e in log.events:
        if e.kind == "turn_ended":
            for s in e.status:
                assert s.wound_points == sum(w.wound_points for w in s.wounds), (e.turn, s)
                assert all(w.severity in ("light", "serious", "mortal") for w in s.wounds), s


def chance_is_base_plus_modifiers(log: FightLog) -> None:
    """chance = base chance + every named modifier; base = its named parts (B2-B3)."""
    for e in log.events:
        if e.kind == "shot_fired":
            assert e.base_chance == sum(m.value for m in e.base), e
            assert e.chance == e.base_chance + sum(m.value for m in e.modifiers), e


def locations_are_table_11(log: FightLog) -> None:
    """Every location is a Table 11 name, and a location roll's total is its row (B6)."""
    for e in log.events:
        if e.kind in ("location_rolled", "wound_taken", "cover_hit"):
            assert e.location in TABLE_11, e
        if e.kind == "location_rolled":
            assert 1 <= e.total <= 20 and source.TABLE_11[e.total] == e.location, e
        if e.kind == "turn_ended":
            for s in e.status:
                assert all(w.location in TABLE_11 for w in s.wounds), s


def natural_20_never_hits_below_20(log: FightLog) -> None:
    """B4: a 20 never hits when the chance is below 20, nor after a dud or explosion; any
    other roll hits exactly when it is at most the chance (a 1 only below chance 1 needs Luck)."""
    for e in log.events:
        if e.kind != "shot_fired":
            continue
        if e.roll == 20 and e.chance < 20:
            assert e.result != "hit", e
        if e.roll == 20 and e.misfire in ("dud", "explosion"):
            assert e.result != "hit", e
        if 1 < e.roll < 20:
            assert (e.result == "hit") == (e.roll <= e.chance), e
        if e.roll == 1 and e.chance >= 1:
            assert e.result == "hit", e


def at_most_two_shots_per_combat_turn(log: FightLog) -> None:
    """In a combat turn a character fires one or two careful shots (000 l.39-40; 001 l.17;
    B2, B12), never anything else."""
    kind = None
    fired: dict[tuple[int, str], int] = {}
    for e in log.events:
        if e.kind == "turn_started":
            kind = e.turn_kind
        elif e.kind == "shot_fired" and kind == "combat":
            assert e.shot_type == "careful", e
            fired[(e.turn, e.shooter)] = fired.get((e.turn, e.shooter), 0) + 1
    assert {k: n for k, n in fired.items() if n > 2} == {}


# -- further invariants, each a table or erratum read straight off the log -------------------

def _house(log: FightLog) -> dict[str, str]:
    start = log.events[0]
    return {r.subjects[0]: r.value for r in start.rulings if r.kind == "house_rule"}


def base_chance_follows_b2(log: FightLog) -> None:
    """B2: careful = COO + skill; steady = ceil(COO/2) + skill; hip = floor(COO/4) + skill
    (pooled house rule: floor((COO + skill)/4)); fanned = max(1, Pistol)."""
    chars = {c.name: c for c in log.events[0].characters}
    pooled = _house(log).get("hipshot_formula") == "pooled"
    for e in log.events:
        if e.kind != "shot_fired":
            continue
        c = chars[e.shooter]
        skills = dict(c.skills)
        skill = skills.get(tables.weapons()[e.weapon_type].skill, 0)
        want = {"careful": c.coo + skill, "steady": -(-c.coo // 2) + skill,
                "hip": (c.coo + skill) // 4 if pooled else c.coo // 4 + skill,
                "fanned": max(1, skills.get("pistol", 0))}[e.shot_type]
        assert e.base_chance == want, e


def range_band_follows_b1(log: FightLog) -> None:
    """B1: the band is Table 14's for the distance (a pistol's hip and fanned shots: the
    tighter of its bands and the Any Hipshot row); nothing is fired beyond extreme range. (The
    generated scenarios have no range rulings.)"""
    for e in log.events:
        if e.kind == "shot_fired":
            w = tables.weapons()[e.weapon_type]   # its bounds: test_table_values.py
            want = source.range_band(w.short, w.long, w.extreme, e.distance, e.shot_type,
                                     source.TABLE_14[e.weapon_type][9])
            assert want is not None and e.band == want and e.band_ruling is None, e


def severity_follows_b7_b8(log: FightLog) -> None:
    """B7: severity = Table 12 of d6 + the named modifiers. B8: wound points = the total
    (never below 0; a scratch adds none); a mortal wound's Luck check saves it as a light
    wound of 1 point, else the Strength check kills or leaves him dying for STR - roll."""
    for e in log.events:
        if e.kind != "wound_taken":
            continue
        assert 1 <= e.severity_roll <= 6, e
        assert e.total == e.severity_roll + sum(m.value for m in e.modifiers), e
        assert e.rolled_severity == source.table_12(e.total), e
        assert (e.mortal is not None) == (e.rolled_severity == "mortal"), e
        m = e.mortal
        if m is not None:
            assert m.saved == (m.luck_roll <= m.luck), e
            if m.saved:
                assert (m.outcome, e.severity, e.wound_points) == ("saved", "light", 1), e
                continue
            assert m.outcome == ("killed" if m.strength_roll > m.strength else "dying"), e
            if m.outcome == "dying":
                assert m.difference == m.strength - m.strength_roll, e
                assert m.dying_time == source.dying_time(m.difference), e
        assert e.severity == e.rolled_severity, e
        assert e.wound_points == (0 if e.severity == "scratch" else max(0, e.total)), e


def passes_out_above_strength(log: FightLog) -> None:
    """000 l.433: wound points above STR and the character passes out (is down); a passed_out
    event only when they are above it. Bruise points of hand to hand add to the wound points
    for passing out (errata B19), so the sum is what must be above STR (a man with 3 wound
    points and 2 bruise points of STR 3 passes out: hypothesis found him once closing in to
    brawl became a tactic)."""
    for e in log.events:
        if e.kind == "passed_out":
            assert e.wound_points + e.bruise_points > e.capacity, e
        elif e.kind == "turn_ended":
            for s in e.status:
                if s.wound_points > s.capacity:
                    assert s.condition != "active", (e.turn, s)


def draws_follow_b13(log: FightLog) -> None:
    """B13 / Table 5: a fast draw succeeds on d20 <= Fast Draw (a 20 always fails below skill
    20) and costs 0 counts, 2 when it fails; a normal draw costs 3."""
    for e in log.events:
        if e.kind != "draw_made":
            continue
        if e.draw == "fast":
            assert e.success == (e.roll <= e.skill and e.roll != 20), e
            assert e.counts == (0 if e.success else 2), e
        else:
            assert e.success and e.roll is None and e.counts == 3, e
        assert e.ready == e.start + e.counts, e


def moves_within_allowance(log: FightLog) -> None:
    """Table 3 / Table 7: nobody moves farther than his allowance."""
    for e in log.events:
        if e.kind == "moved":
            assert e.allowance >= 0 and e.distance <= e.allowance + 0.01, e
            assert math.dist(e.start, e.end) <= e.allowance + 0.02, e


def no_shot_while_evading_prone_or_reloading(log: FightLog) -> None:
    """A character who declares evading, dropping prone or reloading fires no shot that turn,
    in either kind of turn (001 l.23, l.55; 000 l.497; errata B18(e))."""
    busy: set[tuple[int, str]] = set()
    for e in log.events:
        if e.kind == "intent_declared" and (e.gait == "evading" or e.drop_prone or e.reload):
            busy.add((e.turn, e.character))
        elif e.kind == "shot_fired":
            assert (e.turn, e.shooter) not in busy, e


INVARIANTS = (
    nobody_acts_after_going_down, no_shot_while_evading_prone_or_reloading, shootout_counts_one_to_six, ammunition_never_negative,
    wound_points_never_decrease, wound_points_equal_wound_notes, chance_is_base_plus_modifiers,
    locations_are_table_11, natural_20_never_hits_below_20, at_most_two_shots_per_combat_turn,
    base_chance_follows_b2, range_band_follows_b1, severity_follows_b7_b8,
    passes_out_above_strength, draws_follow_b13, moves_within_allowance)


@pytest.mark.parametrize("n", FIGHTS)
def test_fight_invariants(n):
    """Every invariant above holds for every random fight. (One fight serves all of them:
    loading YAML is most of the cost; each invariant fails at its own assert, so hypothesis
    shrinks and reports each broken one separately.)"""
    @settings(max_examples=n, **PROFILE)
    @given(sc=FIGHT_SCENARIOS, seed=seeds)
    def check(sc, seed):
        log = fight(dump(sc), seed)
        assert log.events[-1].kind == "fight_ended"
        for invariant in INVARIANTS:
            invariant(log)
    check()


@pytest.mark.parametrize("n", DETERMINISM)
def test_same_seed_same_log_and_json_round_trip(n):
    """The same scenario text and seed give the same log (README "The same scenario and seed
    always give byte-identical output"); the log round-trips through JSON exactly."""
    @settings(max_examples=n, **PROFILE)
    @given(sc=FIGHT_SCENARIOS, seed=seeds)
    def check(sc, seed):
        text = dump(sc)
        log = fight(text, seed)
        again = fight(text, seed)
        assert again.to_json() == log.to_json()
        back = FightLog.from_json(log.to_json())
        assert back == log
        assert back.to_json() == log.to_json()
    check()


# =====================================================================================
# The loader: mutated scenarios load or fail with one located ScenarioError
# =====================================================================================

def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) in a dict/list tree, the root excluded."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for k, v in items:
        out.append(prefix + (k,))
        out.extend(_paths(v, prefix + (k,)))
    return out


def _parent(tree: Any, path: tuple) -> Any:
    for p in path[:-1]:
        tree = tree[p]
    return tree


WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.integers(-2**70, 2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(["", "Posse", "Gang", "P1", "G1", "spot_0", "careful", "fanned",
                     "shootout", "shotgun", "legs", "running", "vitals"]),
    st.lists(st.integers(-3, 30), max_size=3), st.lists(st.text(max_size=4), max_size=2),
    st.dictionaries(st.text(max_size=6), st.integers(0, 20), max_size=2),
)


def _near(draw: Any, word: str) -> str:
    """A misspelling or an unknown name."""
    how = draw(st.integers(0, 3))
    if how == 0 and word:
        i = draw(st.integers(0, len(word) - 1))
        return word[:i] + word[i + 1:]
    if how == 1:
        return word + draw(st.sampled_from(["x", "s", "_2", " "]))
    if how == 2:
        return word.upper()
    return draw(st.text(min_size=1, max_size=8))


@st.composite
def mutated(draw: Any) -> dict:
    """A valid scenario with one to three random mutations applied."""
    sc = copy.deepcopy(draw(scenarios(max_turns=2)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(sc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _parent(sc, path)
        key = path[-1]
        op = draw(st.sampled_from(["delete", "wrong_type", "wrong_type", "rename_key",
                                   "unknown_name", "empty"]))
        if op == "delete":
            del parent[key]
        elif op == "wrong_type":
            parent[key] = draw(WRONG)
        elif op == "empty":
            parent[key] = draw(st.sampled_from([{}, [], "", 0]))
        elif op == "rename_key" and isinstance(parent, dict):
            parent[_near(draw, str(key))] = parent.pop(key)
        elif op == "unknown_name" and isinstance(parent[key], str):
            parent[key] = _near(draw, parent[key])
        else:
            parent[key] = draw(WRONG)
    return sc


@pytest.mark.parametrize("n", MUTANTS)
def test_mutated_scenarios_load_or_fail_located(n):
    """A mutated scenario is refused with one located line, or loads and is fought to its end
    (with seeded fallback dice nothing the loader accepts may be refused by the engine)."""
    @settings(max_examples=n, **PROFILE)
    @given(mutated(), seeds)
    def check(sc, seed):
        text = dump(sc)
        try:
            loaded = load_scenario_text(text, "mutant.yaml")
        except ScenarioError as exc:
            assert exc.line is not None and exc.column is not None, exc.one_line()
            assert exc.path == "mutant.yaml"
            lines = text.splitlines()
            assert 1 <= exc.line <= max(1, len(lines)), exc.one_line()
            assert "\n" not in exc.one_line()
            return
        log = run_fight(loaded, seed, dice_fallback="seeded")
        assert log.events[-1].kind == "fight_ended"
    check()


# =====================================================================================
# No traceback: whatever the loader accepts, the engine fights (README "Commands")
# =====================================================================================

MOUNTED_RUNNER = {
    "title": "a rider declares a foot gait",
    "sides": {
        "Posse": [{"name": "Ann", "attributes": {"str": 10, "coo": 10, "obs": 10, "sta": 10,
                                                 "luck": 10},
                   "weapons": [{"type": "single_action_revolver"}], "at": [0, 0],
                   "mounted": True}],
        "Gang": [{"name": "Bo", "attributes": {"str": 10, "coo": 10, "obs": 10, "sta": 10,
                                               "luck": 10},
                  "weapons": [{"type": "single_action_revolver"}], "at": [30, 0]}]},
    "turns": [{"kind": "combat", "intents": {"Ann": {"move": {"gait": "walking"}}}},
              {"kind": "combat", "intents": {"Ann": {"move": {"gait": "running"}}}}],
}


def test_a_rider_declaring_a_foot_gait_does_not_crash():
    """Regression for a crash these properties found: the loader lets a mounted character
    declare running, evading or crawling (it refuses only trotting/galloping on foot), and the
    engine looked the gait up in Table 3's mounted column (000 l.143-146: walking, trotting,
    galloping), raising KeyError ("internal error" from ``narrator run``). Now the move is
    refused (``wrong_gait``). The random fights above cover it with ``rider_foot_gaits``.
    In turn 1 the loader refuses it (test_review_16); from turn 2 on the engine does, since a
    horse may have been shot from under him by then."""
    log = fight(dump(MOUNTED_RUNNER), 1)
    assert [e.turn for e in log.events if e.kind == "moved"] == [1]


# =====================================================================================
# Combat turns: one or two careful shots (000 l.39-40), whatever the turn's declared kind
# =====================================================================================

def _rifleman(name: str, at: list[float]) -> dict:
    return {"name": name, "attributes": {"str": 18, "coo": 10, "obs": 10, "sta": 10, "luck": 10},
            "weapons": [{"type": "lever_action_rifle"}], "at": at}


AUTO_FOUR_SHOTS = {
    "title": "an auto turn that becomes a combat turn",
    "sides": {"Posse": [_rifleman("Ann", [0, 0])],
              "Gang": [_rifleman("Bo", [30, 0]), _rifleman("Cy", [30, 5])]},
    "turns": [{"intents": {"Ann": {"shoot": ["Bo", "Cy"], "shots": 2}}}],
}


TWO_SHOTS_ONLY = "a combat turn allows one or two careful shots (000 l.39)"


def test_four_careful_shots_in_an_auto_turn_that_becomes_a_combat_turn_are_refused():
    """The regression: two shots at each of two targets in an auto turn at 30 yards (a combat
    turn) once fired four careful shots; the loader now refuses the declaration."""
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(dump(AUTO_FOUR_SHOTS), "auto.yaml")
    assert info.value.message == TWO_SHOTS_ONLY
    assert info.value.line == 70


@pytest.mark.parametrize("n", DETERMINISM)
def test_combat_turn_allows_two_careful_shots(n):
    """Random declarations of shots per target in auto turns: refused with that one message,
    or fought with at most two careful shots per combat turn."""
    @settings(max_examples=n, **PROFILE)
    @given(scenarios(auto_shots_per_target=True), seeds)
    def check(sc, seed):
        try:
            loaded = load_scenario_text(dump(sc))
        except ScenarioError as exc:
            assert exc.message == TWO_SHOTS_ONLY, exc.one_line()
            return
        at_most_two_shots_per_combat_turn(run_fight(loaded, seed, dice_fallback="seeded"))
    check()
