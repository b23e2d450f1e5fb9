"""The dice (narrator/dice.py): the seeded die's faces and streams, scripted values and their
located errors, and the replay of recorded turns (play-by-post)."""

from __future__ import annotations

from collections import Counter

import pytest

from narrator.dice import ScriptedDice, ScriptedValue, SeededDice
from narrator.errors import DiceError


def sv(*values: int, line: int = 7) -> list[ScriptedValue]:
    """Scripted values written on ``line``, columns 10, 13, 16..."""
    return [ScriptedValue(v, line, 10 + 3 * i) for i, v in enumerate(values)]


def test_the_seeded_streams_are_fixed():
    """Seed 1877: the stream before the first turn ("1877:dice") and turn streams
    ("1877:dice:<turn>") give these values on every Python (outputs are byte-identical for a
    scenario and seed, README)."""
    d = ScriptedDice({}, 1877, "seeded")
    assert [d.roll("A", "to_hit", 20) for _ in range(8)] == [4, 4, 13, 3, 19, 1, 10, 8]
    assert [d.roll("A", "severity", 6) for _ in range(5)] == [4, 3, 5, 1, 1]
    d.start_turn(1)
    assert [d.roll("A", "to_hit", 20) for _ in range(8)] == [7, 19, 2, 13, 15, 16, 3, 18]
    d.start_turn(3)
    assert [d.roll("B", "location", 20) for _ in range(4)] == [2, 17, 9, 13]
    assert [(r.who, r.purpose, r.sides, r.turn, r.scripted) for r in d.rolls][-1] == (
        "B", "location", 20, 3, False)


def test_the_lean_paths_seeded_dice_roll_the_same_fixed_streams_and_count_them():
    """``SeededDice`` (the lean path's dice) roll what ``ScriptedDice`` with no script rolls:
    the same values of seed 1877 as above, before the first turn and in turns 1 and 3, and
    ``count`` is the number of dice rolled."""
    d = SeededDice(1877)
    assert d.seed == 1877 and d.count == 0 and d.rolls == ()
    assert [d.roll("A", "to_hit", 20) for _ in range(8)] == [4, 4, 13, 3, 19, 1, 10, 8]
    assert [d.roll("A", "severity", 6) for _ in range(5)] == [4, 3, 5, 1, 1]
    d.start_turn(1)
    assert [d.roll("A", "to_hit", 20) for _ in range(8)] == [7, 19, 2, 13, 15, 16, 3, 18]
    d.start_turn(3)
    assert [d.roll("B", "location", 20) for _ in range(4)] == [2, 17, 9, 13]
    assert d.count == 25


@pytest.mark.parametrize("sides", [6, 12, 20])
def test_a_seeded_die_shows_every_face_from_1_to_its_sides_evenly(sides):
    """2,000 seeded rolls per face: every face 1..sides comes up, nothing else, each close to
    1/sides of the time (a die of 0..sides-1 or 2..sides+1 fails)."""
    for d in (ScriptedDice({}, 5, "seeded"), SeededDice(5)):
        n = 2000 * sides
        counts = Counter(d.roll("A", "x", sides) for _ in range(n))
        assert set(counts) == set(range(1, sides + 1))
        assert all(abs(c - 2000) < 250 for c in counts.values()), counts


def test_scripted_values_come_first_then_the_fallback():
    d = ScriptedDice({"Ann": {"to_hit": sv(20, 1)}}, 1877, "seeded")
    assert [d.roll("Ann", "to_hit", 20) for _ in range(3)] == [20, 1, 4]
    assert [r.scripted for r in d.rolls] == [True, True, False]
    # another purpose and another roller are never taken from Ann's to_hit list
    d2 = ScriptedDice({"Ann": {"to_hit": sv(20)}}, 1877, "seeded")
    assert d2.roll("Ann", "location", 20) == 4 and d2.roll("Bo", "to_hit", 20) == 4
    assert d2.roll("Ann", "to_hit", 20) == 20


def test_scripted_dice_running_out_point_at_the_last_value():
    d = ScriptedDice({"Ann": {"to_hit": sv(3, 5, 9)}}, 1, "error", "f.yaml")
    assert [d.roll("Ann", "to_hit", 20) for _ in range(3)] == [3, 5, 9]
    with pytest.raises(DiceError) as info:
        d.roll("Ann", "to_hit", 20)
    assert (info.value.path, info.value.line, info.value.column) == ("f.yaml", 7, 16)
    assert "ran out after 3 roll(s)" in info.value.message


def test_an_empty_scripted_list_runs_out_at_once_without_a_location():
    d = ScriptedDice({"Ann": {"to_hit": []}}, 1, "error", "f.yaml")
    with pytest.raises(DiceError) as info:
        d.roll("Ann", "to_hit", 20)
    assert (info.value.path, info.value.line, info.value.column) == ("f.yaml", None, None)
    assert "scripted to_hit dice for Ann ran out after 0 roll(s)" in info.value.message


@pytest.mark.parametrize("value, sides, ok", [(0, 20, False), (1, 20, True), (20, 20, True),
                                              (21, 20, False), (6, 6, True), (7, 6, False)])
def test_a_scripted_value_the_die_cannot_show_is_a_located_error(value, sides, ok):
    d = ScriptedDice({"Ann": {"severity": sv(value)}}, 1, "error", "f.yaml")
    if ok:
        assert d.roll("Ann", "severity", sides) == value
        return
    with pytest.raises(DiceError) as info:
        d.roll("Ann", "severity", sides)
    assert (info.value.path, info.value.line, info.value.column) == ("f.yaml", 7, 10)
    assert f"die {value} for Ann cannot come up on a d{sides}" in info.value.message


def test_recorded_turns_replay_exactly_and_keep_the_script_position():
    """Turns 1 and 2 were resolved: each used one of Ann's scripted to_hit values (and turn 2
    a seeded location). Replaying them gives their recorded rolls, marked scripted only for
    the values that came from the script; turn 3 then takes the script's third value, and
    turn 4 the fourth: the position counts every recorded turn's scripted values."""
    script = {"Ann": {"to_hit": sv(11, 12, 13, 14)}}
    recorded = {1: ({"Ann": {"to_hit": [11]}}, {"Ann": {"to_hit": 1}}),
                2: ({"Ann": {"to_hit": [12, 17], "location": [8]}}, {"Ann": {"to_hit": 1}})}
    d = ScriptedDice(script, 1, "error", "f.yaml", recorded)
    d.start_turn(1)
    assert d.roll("Ann", "to_hit", 20) == 11
    d.start_turn(2)
    assert [d.roll("Ann", "to_hit", 20), d.roll("Ann", "to_hit", 20),
            d.roll("Ann", "location", 20)] == [12, 17, 8]
    d.start_turn(3)
    assert d.roll("Ann", "to_hit", 20) == 13
    d.start_turn(4)
    assert d.roll("Ann", "to_hit", 20) == 14
    assert [(r.turn, r.value, r.scripted) for r in d.rolls] == [
        (1, 11, True), (2, 12, True), (2, 17, False), (2, 8, False), (3, 13, True),
        (4, 14, True)]


def test_a_replayed_turn_marks_each_of_its_scripted_values_and_names_the_roller():
    """Two of the three recorded to_hit rolls of turn 1 came from the script: the first two
    replay as scripted, the third as seeded, each with its roller and sides; rolls before the
    first turn are turn 0."""
    script = {"Ann": {"to_hit": sv(5, 6)}}
    recorded = {1: ({"Ann": {"to_hit": [5, 6, 19]}, "Bo": {"location": [3]}},
                    {"Ann": {"to_hit": 2}})}
    d = ScriptedDice(script, 1, "error", "f.yaml", recorded)
    first = d.roll("Bo", "tactics", 6)
    d.start_turn(1)
    assert [d.roll("Ann", "to_hit", 20) for _ in range(3)] + [d.roll("Bo", "location", 20)] \
        == [5, 6, 19, 3]
    assert [(r.who, r.purpose, r.sides, r.value, r.scripted, r.turn) for r in d.rolls] == [
        ("Bo", "tactics", 6, first, False, 0), ("Ann", "to_hit", 20, 5, True, 1),
        ("Ann", "to_hit", 20, 6, True, 1), ("Ann", "to_hit", 20, 19, False, 1),
        ("Bo", "location", 20, 3, False, 1)]


def test_a_recorded_turn_that_now_needs_other_rolls_is_refused():
    d = ScriptedDice({}, 1, "error", "f.yaml",
                     {1: ({"Ann": {"to_hit": [11]}}, {})})
    d.start_turn(1)
    assert d.roll("Ann", "to_hit", 20) == 11
    with pytest.raises(DiceError) as info:
        d.roll("Ann", "to_hit", 20)   # the record holds one to_hit roll only
    assert "--redo 1" in info.value.message and info.value.path == "f.yaml"
    with pytest.raises(DiceError):
        d.roll("Ann", "location", 20)


def test_the_roll_log_hash_is_the_sha256_of_the_canonical_json():
    """The trust footer's hash (``dice_log_hash``, spelled out by hand for speed) is SHA-256
    of ``canonical_rolls_json``: keys sorted, no spaces, names JSON-quoted, a name repeated
    quoted the same way; pinned so that neither can change alone."""
    import hashlib

    from narrator.dice import Roll, canonical_rolls_json, dice_log_hash
    rolls = [Roll("Ann", "to_hit", 20, 7, True, 1),
             Roll('"Dirty Dan" McGrew', "severity", 6, 3, False, 2),
             Roll("Ann", "to_hit", 20, 20, False, 0)]
    assert canonical_rolls_json(rolls) == (
        '[{"purpose":"to_hit","scripted":true,"sides":20,"turn":1,"value":7,"who":"Ann"},'
        '{"purpose":"severity","scripted":false,"sides":6,"turn":2,"value":3,'
        '"who":"\\"Dirty Dan\\" McGrew"},'
        '{"purpose":"to_hit","scripted":false,"sides":20,"turn":0,"value":20,"who":"Ann"}]')
    assert dice_log_hash(rolls) == hashlib.sha256(
        canonical_rolls_json(rolls).encode()).hexdigest() == (
        "38e0e92c98ad36e110d8dca727be0725d444eaca38e7dbb66a957b5054ec743f")
    assert dice_log_hash([]) == hashlib.sha256(b"[]").hexdigest()


# ------------------------------------------------------------------ the write-up's fight hash

DUEL = ("title: {t}\nseed: 3\nsides:\n"
        "  a: [{{name: Cole, attributes: {{str: 10, coo: 12, obs: 10, sta: 10, luck: 10}}, "
        "weapons: [{{type: colt}}], at: [0, 0]}}]\n"
        "  b: [{{name: Dutch, attributes: {{str: 10, coo: 12, obs: 10, sta: 10, luck: 10}}, "
        "weapons: [{{type: colt}}], at: [10, 0]}}]\n"
        "turns:\n  - kind: combat\n    intents: {{Cole: {{shoot: Dutch}}}}\n")


def _scenario(title: str = "A"):
    from narrator.scenario import load_scenario_text
    return load_scenario_text(DUEL.format(t=title)).scenario


def test_the_setup_digest_is_each_scenarios_own_and_leaves_out_seed_state_and_records():
    """``setup_digest``: SHA-256 of the scenario's JSON without ``seed``, ``state``,
    ``side_names`` and each turn's ``resolved``; two scenarios alive at once never share one (the cache is keyed by
    the object), and a copy that differs only in what is left out has the same digest."""
    import hashlib

    from narrator.dice import setup_digest
    from narrator.scenario.models import Resolved
    a, b = _scenario("A"), _scenario("B")
    da, db = setup_digest(a), setup_digest(b)
    assert da != db and setup_digest(a) == da
    assert setup_digest(_scenario("A")) == da  # the same content, another object
    text = a.model_dump_json(exclude={"seed": True, "state": True, "side_names": True,
                                      "turns": {"__all__": {"resolved"}}})
    assert da == hashlib.sha256(text.encode()).hexdigest()
    assert '"seed"' not in text and '"state"' not in text and '"resolved"' not in text
    assert '"side_names"' not in text
    # a side's display name is how the write-up names it, not the fight: same digest
    assert setup_digest(a.model_copy(update={"side_names": {"posse": "the Posse"}})) == da
    assert setup_digest(a.model_copy(update={"seed": 99})) == da
    assert setup_digest(a.model_copy(update={"state": {"characters": {"Cole": {}}}})) == da
    turn = a.turns[0].model_copy(update={"resolved": Resolved(hash="0123456789ab")})
    assert setup_digest(a.model_copy(update={"turns": [turn]})) == da
    moved = a.model_copy(update={"title": "C"})
    assert setup_digest(moved) != da


def test_the_fight_hash_is_sha256_of_setup_profile_sorted_edits_and_dice_lines():
    """``fight_hash`` = SHA-256 of the four lines setup digest, profile, the GM's edits as
    sorted compact JSON (``{}`` for none; values JSON cannot show as ``str``), the dice hash."""
    import hashlib
    from fractions import Fraction

    from narrator.dice import Roll, dice_log_hash, fight_hash, setup_digest
    sc = _scenario()
    rolls = [Roll("Cole", "to_hit", 20, 7, False, 1)]
    edits = {"b": {"wound_points": Fraction(1, 3)}, "a": [1, 2]}
    want = hashlib.sha256(
        f'{setup_digest(sc)}\ntables\n{{"a":[1,2],"b":{{"wound_points":"1/3"}}}}\n'
        f"{dice_log_hash(rolls)}".encode()).hexdigest()
    assert fight_hash(sc, "tables", edits, rolls) == want
    none = hashlib.sha256(
        f"{setup_digest(sc)}\ntables\n{{}}\n{dice_log_hash(rolls)}".encode()).hexdigest()
    assert fight_hash(sc, "tables", None, rolls) == none == fight_hash(sc, "tables", {}, rolls)
    assert fight_hash(sc, "house rules", None, rolls) != none
    assert fight_hash(sc, "tables", None, []) != none


def test_a_collected_scenarios_digest_is_dropped_so_a_reused_id_gets_its_own():
    """The digest cache is keyed by ``id(scenario)``: when the scenario is collected its entry
    goes (a new scenario at the same address must not get the old one's digest)."""
    import gc
    import hashlib

    from narrator import dice
    for i in range(20):
        sc = _scenario(f"T{i}")
        key = id(sc)
        text = sc.model_dump_json(exclude={"seed": True, "state": True, "side_names": True,
                                           "turns": {"__all__": {"resolved"}}})
        assert dice.setup_digest(sc) == hashlib.sha256(text.encode()).hexdigest()
        assert key in dice._SETUPS
        del sc
        gc.collect()
        assert key not in dice._SETUPS
