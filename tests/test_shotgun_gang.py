"""Acceptance: the Detailed Combat Turn Example of source 000 (l.546-719) replays exactly.

Every number asserted here is stated in the example's text; line numbers cite it.
"""

from __future__ import annotations

import pytest

from conftest import fight, of_kind, per_module

NAMES = {"Jim": "Montana Jim Galland", "Jack": 'John "Texas Jack" Johnson',
         "Stanshaw": "Martin Stanshaw", "Dave": '"Arkansas Dave" David Coriggan',
         "Eriksson": "Rickard Eriksson"}


@pytest.fixture(scope=per_module)
def log():
    return fight("shotgun-gang.yaml")


def shots(log):
    return [(e.turn, e.shooter, e.target, e.base_chance, e.chance, e.roll, e.result)
            for e in of_kind(log, "shot_fired")]


def test_initiative_each_turn(log):
    # l.591 outlaws 6 / rangers 2; l.619 6-3; l.645 4-3; l.683 2-2 then 6-1; l.703 4-1
    init = of_kind(log, "initiative_rolled")
    assert [e.winner for e in init] == ["Shotgun Gang"] + ["Texas Rangers"] * 4
    assert [[(r.side, r.roll) for r in rnd] for rnd in init[3].rounds] == [
        [("Texas Rangers", 2), ("Shotgun Gang", 2)], [("Texas Rangers", 6), ("Shotgun Gang", 1)]]
    assert init[0].declare_order == ("Texas Rangers", "Shotgun Gang")


def test_every_shot(log):
    J, S, D, E, M = NAMES["Jack"], NAMES["Stanshaw"], NAMES["Dave"], NAMES["Eriksson"], NAMES["Jim"]
    assert shots(log) == [
        (1, S, M, 24, 22, 10, "hit"),    # l.597
        (1, J, S, 20, 18, 16, "hit"),    # l.609
        (2, J, S, 20, 16, 13, "hit"),    # l.625
        (2, E, J, 19, 17, 6, "hit"),     # l.635
        (2, D, J, 17, 15, 20, "miss"),   # l.639
        (2, S, J, 24, 16, 19, "miss"),   # l.641
        (3, J, S, 20, 18, 13, "hit"),    # l.651
        (3, E, J, 19, 17, 7, "hit"),     # l.661
        (3, D, J, 17, 15, 14, "hit"),    # l.671
        (4, J, E, 20, 8, 14, "miss"),    # l.689
        (4, E, J, 17, 15, 16, "miss"),   # l.691
        (4, D, J, 16, 14, 9, "hit"),     # l.693
        (5, J, E, 20, 6, 6, "hit"),      # l.709
        (5, E, J, 17, 13, 14, "miss"),   # l.715
    ]


def test_modifiers_are_named(log):
    s = of_kind(log, "shot_fired")
    names = [[(m.name, m.value) for m in e.modifiers] for e in s]
    assert names[5] == [("long", -2), ("shooter_walking", -2), ("light_wound", -4)]   # l.641
    assert names[9] == [("long", -2), ("shooter_walking", -2), ("serious_wound", -8)]  # l.689
    assert names[11] == [("long", -2), ("shooter_walking", 0)]                         # l.693 ruling
    assert s[11].modifiers[1].source == "ruling"
    assert names[12] == [("long", -2), ("shooter_walking", -2), ("light_wound", -2),
                         ("serious_wound", -8)]                                         # l.709


def test_misfire_check_on_dave_20(log):
    dave = of_kind(log, "shot_fired", turn=2, shooter=NAMES["Dave"])[0]
    assert (dave.roll, dave.misfire_roll, dave.misfire, dave.result) == (20, 5, "none", "miss")


def test_pellets(log):
    # l.637: d6 1 at long -> 0 pellets; l.663: 4 -> 2; l.673: 5 -> 2
    assert [(e.roll, e.pellets) for e in of_kind(log, "pellets_rolled")] == [(1, 0), (4, 2), (5, 2)]


def test_locations(log):
    got = [(e.turn, e.roll, e.shift, e.total, e.location, e.covered_by)
           for e in of_kind(log, "location_rolled")]
    assert got == [
        (1, 10, 4, 14, "abdomen", None),       # l.599
        (1, 11, 2, 13, "abdomen", None),       # l.611
        (2, 20, 2, 20, "head", None),          # l.627 (22, read as 20)
        (3, 17, 2, 19, "head", None),          # l.653
        (3, 12, 2, 14, "abdomen", "Texas Jack's horse"),  # l.665-667
        (3, 16, 2, 18, "chest", "Texas Jack's horse"),
        (3, 15, 2, 17, "chest", None),         # l.675
        (3, 7, 2, 9, "left_shoulder", None),
        (4, 2, 1, 3, "right_leg", None),       # l.695
        (5, 3, 2, 5, "left_arm", None),        # l.711
    ]


def test_horse_takes_the_pellets_and_bolts(log):
    hits = of_kind(log, "cover_hit")
    assert [(h.severity_roll, h.severity) for h in hits] == [(1, "light"), (4, "serious")]  # l.669
    assert all(h.alive and h.stopped and h.bolted for h in hits)


def test_wounds_and_checks(log):
    w = of_kind(log, "wound_taken")
    got = [(e.turn, e.character, e.severity_roll, e.total, e.rolled_severity, e.severity,
            e.wound_points, e.total_wound_points) for e in w]
    J, S, E, M = NAMES["Jack"], NAMES["Stanshaw"], NAMES["Eriksson"], NAMES["Jim"]
    assert got == [
        (1, M, 6, 6, "mortal", "mortal", 6, 6),   # l.601
        (1, S, 6, 6, "mortal", "light", 1, 1),    # l.613-615 Luck 9 saves: 1 wound point
        (2, S, 1, 2, "light", "light", 2, 3),     # l.629: 3 wound points
        (3, S, 5, 6, "mortal", "mortal", 6, 9),   # l.655
        (3, J, 2, 3, "serious", "serious", 3, 3), # l.677
        (3, J, 3, 3, "serious", "serious", 3, 6), # l.677: 6 wound points
        (4, J, 3, 2, "light", "light", 2, 8),     # l.697: 8 wound points
        (5, E, 2, 1, "light", "light", 1, 1),     # l.713
    ]
    jim, stan1, stan3 = w[0].mortal, w[1].mortal, w[3].mortal
    assert (jim.luck_roll, jim.saved, jim.strength_roll, jim.outcome, jim.difference,
            jim.dying_time) == (17, False, 2, "dying", 12, "hours")          # l.603
    assert (stan1.luck_roll, stan1.luck, stan1.saved) == (9, 9, True)        # l.615
    assert (stan3.luck_roll, stan3.strength_roll, stan3.outcome) == (15, 13, "killed")  # l.657


def test_end_state(log):
    end = of_kind(log, "turn_ended")[-1]
    st = {c.name: c for c in end.status}
    assert st[NAMES["Jim"]].condition == "dying"
    assert st[NAMES["Stanshaw"]].condition == "dead"
    jack = st[NAMES["Jack"]]
    assert sorted((w.severity, w.location) for w in jack.wounds) == [
        ("light", "right_leg"), ("serious", "chest"), ("serious", "left_shoulder")]
    assert jack.wound_points == 8 and jack.condition == "active"
    eriksson = st[NAMES["Eriksson"]]
    assert [(w.severity, w.location) for w in eriksson.wounds] == [("light", "left_arm")]
    assert st[NAMES["Dave"]].wounds == ()
    done = of_kind(log, "fight_ended")[0]
    assert (done.turns, done.seconds, done.reason) == (5, 30, "turns_ran_out")
    assert done.rolls == done.scripted_rolls == 55


def test_default_profile_gives_the_table_numbers():
    """Without house rules and rulings, turn 1 follows Table 14: 40 yards is extreme for a
    fast-draw revolver (6/15/50): Stanshaw 24 - 5 = 19; Texas Jack 20 - 5 = 15 vs 16, a miss."""
    log = fight("shotgun-gang.yaml", tables_only=True, dice_fallback="seeded")
    t1 = of_kind(log, "shot_fired", turn=1)
    assert [(e.shooter, e.band, e.chance, e.roll, e.result) for e in t1] == [
        (NAMES["Stanshaw"], "extreme", 19, 10, "hit"),
        (NAMES["Jack"], "extreme", 15, 16, "miss"),
    ]
    # at extreme range a careful shot shifts the location by a quarter of Pistol 8: +2 (Table 13)
    loc = of_kind(log, "location_rolled", turn=1)[0]
    assert (loc.shift, loc.total, loc.location) == (2, 12, "abdomen")
