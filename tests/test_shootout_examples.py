"""Acceptance: the shootout examples of source 000 replay (the Abilene saloon, l.723-870;
Luke Short and Jim Courtright, l.328-340). Every number asserted is in the example's text."""

from __future__ import annotations

import re

import pytest

from conftest import fight, of_kind, per_module

SAM, BEN = "Sam McGee", "Ben Jackson"
DAN, QUENTIN = '"Dirty Dan" Dan McGrew', 'Quentin "Cool Hand" Luke'


@pytest.fixture(scope=per_module)
def log():
    return fight("abilene-saloon.yaml")


def schedule(log, turn):
    return [(e.count, e.shooter) for e in of_kind(log, "shot_fired", turn=turn)]


def test_fast_draws(log):
    # l.772-774: Sam 8 fails, Ben 19 fails, Dan 2 succeeds, Quentin 10 fails
    draws = {e.character: (e.roll, e.success, e.ready) for e in of_kind(log, "draw_made")}
    assert draws == {SAM: (8, False, 2), BEN: (19, False, 2), DAN: (2, True, 0),
                     QUENTIN: (10, False, 2)}


def test_firing_schedule_turn_1(log):
    # l.776-783, as fought: Dan goes down on count 5 before his shot (l.809)
    assert schedule(log, 1) == [
        (2, DAN), (3, DAN),
        (4, BEN), (4, DAN), (4, QUENTIN),
        (5, SAM), (5, QUENTIN),
        (6, BEN), (6, QUENTIN),
    ]


def test_firing_schedule_turn_2(log):
    # l.833-838: Quentin's pistol is empty after count 3
    assert schedule(log, 2) == [
        (1, SAM), (1, QUENTIN), (2, BEN), (2, QUENTIN), (3, SAM), (3, QUENTIN),
        (4, BEN), (5, SAM), (6, BEN)]


def test_speed_comparisons(log):
    counts = {(e.turn, e.count): e for e in of_kind(log, "count_resolved")}
    c4 = counts[(1, 4)]
    assert [(a.character, a.speed) for a in c4.actors] == [(BEN, 18), (DAN, 15), (QUENTIN, 15)]
    assert c4.groups == ((BEN,), (DAN, QUENTIN))          # l.795: Dan and Quentin tie
    c5 = counts[(1, 5)]
    assert [(a.character, a.speed) for a in c5.actors][0] == (SAM, 17)   # l.809
    t2c1 = counts[(2, 1)]
    assert [(a.character, a.speed) for a in t2c1.actors] == [(SAM, 17), (QUENTIN, 11)]  # l.842
    dan_first = counts[(1, 2)].actors[0]
    assert (dan_first.base_name, dan_first.base) == ("fast_draw_roll", 2)


def test_every_shot(log):
    got = [(e.turn, e.count, e.shooter, e.shot_type, e.base_chance, e.chance, e.roll, e.result)
           for e in of_kind(log, "shot_fired")]
    assert got == [
        (1, 2, DAN, "fanned", 2, 2, 20, "miss"),      # l.789 (Luck 3: nothing untoward)
        (1, 3, DAN, "fanned", 2, 2, 14, "miss"),      # l.793
        (1, 4, BEN, "hip", 5, 5, 9, "miss"),          # l.797
        (1, 4, DAN, "fanned", 2, 2, 16, "miss"),      # l.801
        (1, 4, QUENTIN, "fanned", 3, 3, 10, "miss"),  # l.799
        (1, 5, SAM, "hip", 5, 5, 1, "hit"),           # l.805
        (1, 5, QUENTIN, "fanned", 3, 3, 17, "miss"),  # l.811
        (1, 6, BEN, "hip", 5, 5, 2, "hit"),           # l.817
        (1, 6, QUENTIN, "fanned", 3, 2, 4, "miss"),   # l.821: light wound -1
        (2, 1, SAM, "hip", 5, 3, 6, "miss"),          # l.842: Quentin running -2
        (2, 1, QUENTIN, "fanned", 3, -2, 3, "miss"),  # l.844: needs a 1
        (2, 2, BEN, "hip", 5, 3, 3, "hit"),           # l.848
        (2, 2, QUENTIN, "fanned", 3, -3, 3, "miss"),  # l.852: needs a 1
        (2, 3, SAM, "hip", 5, 3, 2, "hit"),           # l.854
        (2, 3, QUENTIN, "fanned", 3, -7, 18, "miss"), # l.858: -10 on 3
        (2, 4, BEN, "hip", 5, 3, 6, "miss"),          # l.862
        (2, 5, SAM, "hip", 5, 3, 12, "miss"),         # l.866
        (2, 6, BEN, "hip", 5, 3, 16, "miss"),         # l.868
    ]
    dan20 = of_kind(log, "shot_fired")[0]
    assert (dan20.luck_roll, dan20.luck, dan20.misfire) == (3, 7, "none")


def test_dans_mortal_wound(log):
    w = of_kind(log, "wound_taken", character=DAN)
    assert len(w) == 1
    w = w[0]
    assert (w.location, w.severity_roll, w.total, w.severity) == ("chest", 5, 6, "mortal")
    m = w.mortal
    assert (m.luck_roll, m.saved, m.strength_roll, m.outcome, m.difference, m.dying_time) == (
        19, False, 5, "dying", 9, "hours")                                    # l.807
    lost = of_kind(log, "actions_lost", character=DAN)
    assert lost and lost[0].count == 5                                       # l.809


def test_quentins_wounds(log):
    w = [(e.location, e.severity, e.wound_points, e.total_wound_points)
         for e in of_kind(log, "wound_taken", character=QUENTIN)]
    assert w == [("right_arm", "light", 2, 2),        # l.819
                 ("abdomen", "light", 1, 3),          # l.850
                 ("right_shoulder", "serious", 3, 6)]  # l.856
    locs = [(e.roll, e.shift, e.total) for e in of_kind(log, "location_rolled", target=QUENTIN)]
    assert locs == [(7, 0, 7), (12, 1, 13), (9, 1, 10)]


def test_final_state(log):
    end = {c.name: c for c in of_kind(log, "turn_ended")[-1].status}
    assert end[DAN].condition == "dying"
    assert end[QUENTIN].condition == "active" and end[QUENTIN].wound_points == 6
    assert end[QUENTIN].weapons[0].loaded == 0                                # l.858
    assert end[SAM].wounds == () and end[BEN].wounds == ()
    assert end[SAM].weapons[0].loaded == 6 - 4 and end[BEN].weapons[0].loaded == 6 - 5
    done = of_kind(log, "fight_ended")[0]
    assert (done.turns, done.seconds, done.rolls, done.scripted_rolls) == (2, 2, 33, 33)


def test_default_profile_table_numbers():
    """Under the tables: hipshot = floor(COO/4) + Pistol = 4 + 4 = 8 (Table 4, errata B2);
    weapon speed adds no counts (B13), so Dan's successful fast draw (0) plus a fanned shot (1)
    fires on count 1."""
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text

    from conftest import EXAMPLES
    text = (EXAMPLES / "abilene-saloon.yaml").read_text()
    # the example's failed fast draws, then (the tables make them draw again) successes
    text = text.replace("Sam: {fast_draw: [8]", "Sam: {fast_draw: [8, 3]")
    text = text.replace("Ben: {fast_draw: [19]", "Ben: {fast_draw: [19, 2]")
    log = run_fight(load_scenario_text(text), tables_only=True, dice_fallback="seeded")
    hips = of_kind(log, "shot_fired", shot_type="hip")
    assert {e.shooter for e in hips} >= {SAM, BEN}
    assert all(e.base_chance == 8 for e in hips)
    dan = of_kind(log, "shot_fired", turn=1, shooter=DAN)
    assert dan[0].count == 1
    # a failed fast draw costs 2 counts and then the gun must be drawn again (B13)
    redraws = [e for e in of_kind(log, "draw_made", turn=1) if e.start == 2]
    assert {e.character for e in redraws} == {SAM, BEN, QUENTIN}


def test_luke_short():
    log = fight("luke-short.yaml")
    draws = {e.character: (e.roll, e.success, e.counts) for e in of_kind(log, "draw_made")
             if e.start == 0}
    assert draws == {"Luke Short": (7, True, 0), '"Long Haired" Jim Courtright': (15, False, 2)}
    luke = of_kind(log, "shot_fired", shooter="Luke Short")[0]
    assert (luke.count, luke.shot_type, luke.chance, luke.roll, luke.result) == (2, "hip", 8, 3, "hit")


def test_a_failed_fast_draw_is_not_told_ready():
    """B13: a failed fast draw costs 2 counts, after which he must draw again: Jim's gun is
    not out on count 2 (the story's rolls block said "ready on count 2"); his redraws on
    counts 2 and 4 fail too, the one on count 6 succeeds."""
    from narrator.render import render

    text = render(fight("luke-short.yaml"), "text", "story")
    assert ("Jim: fast draw 15 vs 3, failed, two counts: the gun is not out; he draws again on "
            "count 2.") in text
    assert "failed, two counts: the gun is not out; he draws again on count 6." in text
    assert "Jim: fast draw 2 vs 3, success: ready at once." in text
    assert not re.search(r"failed, two counts: ready", text)


def test_a_failed_fast_draw_under_the_house_rule_is_ready(log):
    """Abilene's house rule failed_fast_draw_ready (000 l.772-774): the gun is out once the two
    lost counts are over (no second draw event); the teaching text said "on count 2 he may
    only try to draw again"."""
    from narrator.render import render

    assert [e.character for e in of_kind(log, "draw_made")] == [SAM, BEN, DAN, QUENTIN]
    story, teaching = render(log, "text", "story"), render(log, "text", "teaching")
    assert "Sam: fast draw 8 vs 4, failed, two counts: ready on count 2." in story
    assert ("Sam tries a fast draw (Fast Draw 4) and rolls 8: a failed draw, which costs 2 "
            "counts; by the house rule the single-action revolver is out once they are over, "
            "ready on count 2.") in teaching
    assert "draws again" not in story and "try to draw again" not in teaching
