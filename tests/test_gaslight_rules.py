"""Hand-worked tests for the Gaslight rules (source 002, errata "Gaslight" G1-G18, and
narrator's readings GN1... in ``narrator/rulesets/gaslight/data/rulings.toml``).

Line numbers cite ``../shared/sources/002_66698b187d861f04.txt`` as ``cat -n`` numbers it.
Each test's docstring works the numbers by hand; the test checks the rules agree. 002's own
examples come first.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.dice import ScriptedDice, ScriptedValue
from narrator.errors import DiceError
from narrator.rulesets.gaslight import rolls
from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight.tables import PURPOSES, rules


def scripted(**by_who) -> ScriptedDice:
    """Scripted dice: ``scripted(Ann={"to_hit": [4]})``; anything unscripted is an error."""
    return ScriptedDice({who: {p: [ScriptedValue(v) for v in vs] for p, vs in ps.items()}
                         for who, ps in by_who.items()}, seed=1)


def values(mods) -> list[int]:
    return [m.value for m in mods]


# ====================================================================== 002's own examples
def test_fast_draw_scaling_example_l105():
    """002 l.105: A has DX 18 + 3 skill points + 2 for his pistol = 23; B DX 15 + 1 + 2 = 18.
    A's 23 is brought to 19, a reduction of 4; B's 18 drops the same 4 to 14: still 5 below."""
    a = R.adjusted_fast_draw(18, 3, R.fast_draw_adjustment("pistol", 3))
    b = R.adjusted_fast_draw(15, 1, R.fast_draw_adjustment("pistol", 2.5))
    assert (a, b) == (23, 18)
    assert R.scale_fast_draw((a, b)) == ((19, 14), 4)
    assert R.scale_fast_draw((b, a)) == ((14, 19), 4)


def test_fast_draw_scaling_only_above_20():
    """l.105 'exceeds 20': 20 against 12 stays; 21 against 12 becomes 19 against 10; both
    under 20 stay."""
    assert R.scale_fast_draw((20, 12)) == ((20, 12), 0)
    assert R.scale_fast_draw((21, 12)) == ((19, 10), 2)
    assert R.scale_fast_draw((15, 12)) == ((15, 12), 0)


def test_fast_draw_example_contest_played_out():
    """l.105-107 with dice: A 19 rolls 12 (margin 7), B 14 rolls 13 (margin 1): both succeed,
    A beat his score by more and fires first (l.108)."""
    out = rolls.fast_draw_contest(scripted(A={"fast_draw": [12]}, B={"fast_draw": [13]}),
                                  ("A", "B"), (23, 18), (3, 1))
    assert out.scores == (19, 14) and out.drop == 4
    assert out.succeeded == (True, True) and out.margins == (7, 1)
    assert out.decided_by == "margin" and out.order == (0, 1) and not out.both_fire


def test_fanning_at_18_feet_example_l469():
    """002 l.469: the target 18 ft away (the 16-20 ft column, -6): recoil 0, -1, -2, -3, -3,
    -3 gives -6, -7, -8, -9, -9, -9."""
    totals = [sum(values(R.fanning_modifiers(n, 18, 30))) for n in range(1, 7)]
    assert totals == [-6, -7, -8, -9, -9, -9]


def test_fanning_columns_and_increments_beyond_30_feet():
    """l.411-468, GN12: 15 ft -5, 16 -6, 25 -7, 30 -8 (the 26-30 column, no increment
    penalty although 30 ft is a full pistol increment), 31 ft -9 plus the increment's -2
    (first shot: -11); 61 ft: -9 and -4 (two increments), the 6th shot -3 more: -16."""
    assert [sum(values(R.fanning_modifiers(1, f, 30))) for f in (15, 16, 20, 21, 25, 26, 30)] \
        == [-5, -6, -6, -7, -7, -8, -8]
    assert values(R.fanning_modifiers(1, 31, 30)) == [0, -9, -2]
    assert values(R.fanning_modifiers(6, 61, 30)) == [-3, -9, -4]
    assert values(R.fanning_modifiers(7, 10, 30)) == [-3, -5]   # a seventh shot: -3 still


def test_recoil_light_shooter_with_a_45_pistol():
    """002 l.134-135, l.246-248: a .45 pistol needs STR 13 or 150 lbs. A slight woman, STR 8,
    110 lbs, is under both: she checks. d20 6 + STR modifier -1 = 5 against DC 10: failed by
    5, knocked off her feet, gun dropped; prone, only disrupted (-4 to her later shots).
    A 9 gives 8: failed by 2, disrupted. A 12 gives 11: held."""
    row = R.recoil_row(".45", "pistol", "pistol")
    assert row == ".45_pistol" and R.recoil_minimums(row) == (13, 150)
    assert R.needs_recoil_check(8, 110, row)
    assert not R.needs_recoil_check(13, 110, row)      # STR at the minimum
    assert not R.needs_recoil_check(8, 150, row)       # weight at the minimum (G12)
    assert R.needs_recoil_check(12, 149, row)
    d = scripted(Kate={"recoil": [6, 6, 9, 12]})
    assert rolls.recoil_check(d, "Kate", 8, take_10=False) == rolls.RecoilCheck(6, -1, 5,
                                                                                "knocked_down")
    assert rolls.recoil_check(d, "Kate", 8, False, prone=True).result == "disrupted"
    assert rolls.recoil_check(d, "Kate", 8, False).result == "disrupted"
    assert rolls.recoil_check(d, "Kate", 8, False).result == "held"
    assert R.recoil_penalty(0) == 0 and R.recoil_penalty(1) == -4 and R.recoil_penalty(2) == -4


def test_recoil_take_10():
    """l.136, G12: taking 10 (aimed or rapid fire, nobody shooting at him): STR 12 (+1) makes
    11, held, and no die is rolled; STR 8 (-1) makes 9, disrupted. Never in panic or snap
    fire, nor when shot at."""
    d = scripted()
    assert rolls.recoil_check(d, "Kate", 12, take_10=True) == rolls.RecoilCheck(None, 1, 11,
                                                                                "held")
    assert rolls.recoil_check(d, "Kate", 8, take_10=True).result == "disrupted"
    assert d.rolls == []
    assert R.may_take_10("aimed", False) and R.may_take_10("rapid", False)
    assert not R.may_take_10("panic", False) and not R.may_take_10("snap", False)
    assert not R.may_take_10("aimed", True)


def test_off_hand_table_l364_405():
    """002 l.364-405 with the skill roll made (G18 c: the figure is the off-hand shot's whole
    modifier, the primary takes nothing): snap/snap -5, snap/rapid -9 (l.358's text over the
    cell's -5), rapid/rapid -9, panic/panic -13, cover/snap -5, cover/cover -5, and point blank
    +8 beside aimed, snap, rapid and cover. Snap and cover off hands fire once; rapid and
    panic as their mode allows."""
    expect = {("snap", "snap"): -5, ("snap", "rapid"): -9, ("rapid", "rapid"): -9,
              ("panic", "panic"): -13, ("covering", "snap"): -5, ("covering", "covering"): -5,
              ("aimed", "point_blank"): 8, ("snap", "point_blank"): 8,
              ("rapid", "point_blank"): 8, ("covering", "point_blank"): 8,
              ("point_blank", "point_blank"): 8}
    for (p, o), v in expect.items():
        g = R.two_guns(p, o, skill_made=True)
        assert (g.primary, g.off, g.off_includes_mode) == (0, v, True), (p, o)
        assert g.off_one_shot == (o not in ("rapid", "panic")), (p, o)


@pytest.mark.parametrize("pair", [("aimed", "aimed"), ("aimed", "snap"), ("aimed", "rapid"),
                                  ("snap", "panic"), ("snap", "aimed"), ("rapid", "snap"),
                                  ("panic", "point_blank"), ("panic", "snap"),
                                  ("covering", "rapid"), ("point_blank", "snap"),
                                  ("point_blank", "aimed")])
def test_off_hand_table_not_allowed(pair):
    """l.353, l.359, l.360 and the table's NA cells: an aimed primary allows only a
    point-blank off hand; panic fire never beside a point-blank shot; no other pairs (GN15:
    with the skill or without)."""
    for made in (True, False):
        with pytest.raises(R.NotAllowed):
            R.two_guns(*pair, skill_made=made)


def test_two_guns_without_the_skill():
    """l.349, G13, G18 c: without the skill (or a failed roll): primary -6, off hand -10 on
    top of each mode's own modifier, one off-hand shot. Snap and rapid: the primary's shots
    at 0 - 6 = -6, the off hand's one at -4 - 10 = -14."""
    g = R.two_guns("snap", "rapid", skill_made=False)
    assert (g.primary, g.off, g.off_includes_mode, g.off_one_shot) == (-6, -10, False, True)
    assert R.mode_modifier("snap") + g.primary == -6
    assert R.mode_modifier("rapid") + g.off == -14


def test_off_hand_skill_roll():
    """G13: d20 + DEX modifier, 15 or more. DEX 14 (+2): 13 makes 15, made; 12 makes 14."""
    d = scripted(Ann={"off_hand": [13, 12]})
    assert rolls.off_hand_roll(d, "Ann", 14) == (13, 15, True)
    assert rolls.off_hand_roll(d, "Ann", 14) == (12, 14, False)


def test_unfamiliar_gun_table_l124_133():
    """002 l.127-133: 1st shot -3, 2nd -2, 3rd -1, 4th and later nothing."""
    assert [R.unfamiliar_modifier(n) for n in range(6)] == [-3, -2, -1, 0, 0, 0]


def test_point_blank_plus_8_damage_to_health_l72():
    """002 l.72: a revolver pressed to a man's chest (1 ft): +8 to hit. The d20 still checks
    for a fumble: a natural 1 fumbles though 1 + 8 + BAB would hit. Damage .45 pistol 1d10
    rolled 7, black powder, chest x1.5 (G18 e): floor(10.5) = 10, all to Health: hp 12 stays
    12, Health 14 falls to 4: at or below half of CON 14, unconscious. A natural 20 doubles
    it: x2 and x1.5 make x2.5 (G18 d): floor(7 x 2.5) = 17: Health 0, dead."""
    assert R.is_point_blank(1) and R.is_point_blank(0.5) and not R.is_point_blank(1.5)
    assert R.mode_modifier("point_blank") == 8
    assert R.fumbles(1) and not R.hits(1, 1 + 8 + 5, 10)
    chest = R.location(5)
    assert chest.part == "chest" and chest.multiplier == Fraction(3, 2)
    dmg = R.damage_amount((7,), multipliers=(chest.multiplier, R.point_blank_damage_multiplier(9)))
    assert dmg == 10
    assert R.apply_damage(12, 14, dmg, to_health=True) == (12, 4)
    assert R.condition(4, 14) == "unconscious"
    dmg20 = R.damage_amount((7,), multipliers=(chest.multiplier,
                                               R.point_blank_damage_multiplier(20)))
    assert dmg20 == 17
    assert R.apply_damage(12, 14, dmg20, to_health=True) == (12, 0)
    assert R.condition(0, 14) == "dead"


# ====================================================================== G1-G3
def test_ability_modifier_and_armour_class():
    """G1: floor((score - 10) / 2): 3 -4, 8 -1, 9 -1, 10 0, 11 0, 12 +1, 18 +4; AC 10 + DEX
    modifier + armour: DEX 15, armour 2 -> 14."""
    assert [R.ability_modifier(s) for s in (3, 8, 9, 10, 11, 12, 18)] == [-4, -1, -1, 0, 0, 1, 4]
    assert R.armour_class(15, 2) == 14 and R.armour_class(7) == 8


def test_to_hit_naturals_and_totals():
    """G2: natural 20 hits whatever the total, natural 1 misses; else total >= AC."""
    assert R.hits(20, 3, 25) and not R.hits(1, 30, 10)
    assert R.hits(11, 14, 14) and not R.hits(11, 13, 14)


def test_range_increments_and_maximum():
    """G2, G9, GN1: a pistol (30 ft): 29 ft 0, 30 -2, 59 -2, 60 -4, 300 ft (10 increments)
    -20, 301 ft out of range. A rifle 120 ft: 250 ft -4. Derringer 10, sawed-off 15,
    scattergun 15, coach gun 30, carbine 70."""
    inc = R.range_increment("pistol")
    assert [R.range_modifier(f, inc) for f in (0, 29, 30, 59, 60, 300)] == [0, 0, -2, -2, -4, -20]
    with pytest.raises(R.NotAllowed):
        R.range_modifier(301, inc)
    assert R.range_modifier(250, R.range_increment("rifle")) == -4
    assert [R.range_increment(f) for f in ("derringer", "sawed_off", "scattergun", "coach_gun",
                                           "shotgun", "carbine")] == [10, 15, 15, 30, 30, 70]


def test_initiative_highest_first_ties_by_dex_then_reroll():
    """G3: d10 + DEX modifier. Ann (DEX 14, +2) 5 = 7; Bob (DEX 12, +1) 6 = 7: Ann first on
    DEX score. Cal (DEX 14, +2) 5 = 7 ties Ann on both: they roll again, Cal 3, Ann 8: Ann
    first. Dee (DEX 10) 10 = 10 before all. Covering bonus +1 (l.69) counts in the total."""
    d = scripted(Ann={"initiative": [5, 8]}, Bob={"initiative": [6]},
                 Cal={"initiative": [5, 3]}, Dee={"initiative": [10]})
    order = rolls.roll_initiative(d, [("Ann", 14, 2), ("Bob", 12, 1), ("Cal", 14, 2),
                                      ("Dee", 10, 0)])
    assert [(i.name, i.total, i.rolls) for i in order] == [
        ("Dee", 10, (10,)), ("Ann", 7, (5, 8)), ("Cal", 7, (5, 3)), ("Bob", 7, (6,))]
    assert R.initiative_key(7, 14) > R.initiative_key(7, 12)


def test_initiative_reroll_until_different():
    """G3: three tied; the reroll ties two of them again (7, 7, 2): those two roll a third
    time (4, 9); order: the 9, the 4, then the 2."""
    d = scripted(A={"initiative": [5, 7, 4]}, B={"initiative": [5, 7, 9]},
                 C={"initiative": [5, 2]})
    order = rolls.roll_initiative(d, [("A", 10, 0), ("B", 10, 0), ("C", 10, 0)])
    assert [i.name for i in order] == ["B", "A", "C"]
    assert [i.rolls for i in order] == [(5, 7, 9), (5, 7, 4), (5, 2)]


def test_shots_split_between_initiative_and_end():
    """002 l.12, G18 a, l.410: 1 shot at initiative; 2: 1+1; 4: 2+2; 5: 2+3; 6: 3+3; fanning
    6: all 6 in the first half."""
    assert [R.split_shots(n, "snap") for n in (0, 1, 2, 3, 4, 5, 6)] == [
        (0, 0), (1, 0), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3)]
    assert R.split_shots(6, "fanning") == (6, 0)


# ====================================================================== firing modes (G4-G6)
@pytest.mark.parametrize("mode,cls,loaded,barrels,most", [
    ("aimed", "revolver", 6, 1, 1), ("aimed", "breech_loader", 2, 2, 2),
    ("aimed", "breech_loader", 1, 2, 1), ("aimed", "breech_loader", 1, 1, 1),
    ("snap", "muzzle_loader", 1, 1, 1), ("snap", "breech_loader", 1, 1, 2),
    ("snap", "breech_loader", 0, 1, 1), ("snap", "breech_loader", 2, 2, 4),
    ("snap", "breech_loader", 1, 2, 3), ("snap", "repeater", 12, 1, 4),
    ("snap", "repeater", 3, 1, 3), ("snap", "revolver", 6, 1, 6), ("snap", "revolver", 5, 1, 5),
    ("rapid", "breech_loader", 2, 2, 1), ("rapid", "muzzle_loader", 1, 1, 1),
    ("rapid", "repeater", 8, 1, 4), ("rapid", "revolver", 6, 1, 6), ("rapid", "revolver", 4, 1, 4),
    ("panic", "breech_loader", 1, 1, 1), ("panic", "repeater", 9, 1, 4),
    ("panic", "revolver", 5, 1, 5), ("covering", "breech_loader", 2, 2, 1),
    ("covering", "repeater", 9, 1, 2), ("covering", "revolver", 6, 1, 3),
    ("covering", "revolver", 2, 1, 2), ("fanning", "revolver", 6, 1, 6),
    ("point_blank", "revolver", 6, 1, 1), ("snap", "revolver", 0, 1, 0),
])
def test_shots_by_mode_and_class(mode, cls, loaded, barrels, most):
    """002 l.38-72, G4-G6, G14: the most shots a round (see ``max_shots``'s docstring); an
    aimed double two rounds (both at once, or the second barrel as a snap shot, l.40)."""
    assert R.max_shots(mode, cls, loaded, barrels) == most


def test_fanning_only_a_revolver_and_panic_empties_a_revolver():
    """l.408: only a (single-action) revolver is fanned; l.60: panic fire always empties a
    revolver."""
    with pytest.raises(R.NotAllowed):
        R.max_shots("fanning", "repeater", 9)
    assert R.must_fire_all("panic", "revolver") and not R.must_fire_all("rapid", "revolver")
    assert not R.must_fire_all("panic", "repeater")


def test_mode_modifiers():
    """l.39-57, G18 h: aimed +4 (0 when moving, l.41), snap 0, rapid -4, panic -8, covering 0,
    point blank +8; both barrels as one aimed attack double the damage (l.40)."""
    assert [R.mode_modifier(m) for m in ("aimed", "snap", "rapid", "panic", "covering",
                                         "point_blank", "fanning")] == [4, 0, -4, -8, 0, 8, 0]
    assert R.mode_modifier("aimed", moving=True) == 0
    assert R.mode_modifier("rapid", moving=True) == -4
    assert R.both_barrels_damage() == 2
    assert R.second_barrel_mode() == "snap"  # l.40: "The second barrel will be a Snap Shot"
    assert R.covering_group_most() == 4  # l.62 "a small group", GN21


def test_covering_follow_ups():
    """l.66-68: breech or muzzle loader no more; repeater one at the end; revolver one at
    initiative and one at the end. Triggers: moves, shoots, appears (G5)."""
    assert R.covering_follow_ups("breech_loader") == () == R.covering_follow_ups("muzzle_loader")
    assert R.covering_follow_ups("repeater") == ("end",)
    assert R.covering_follow_ups("revolver") == ("initiative", "end")
    assert R.covering_triggers() == ("moves", "shoots", "appears")


# ====================================================================== circumstances (G7)
def test_target_status_rows():
    """002 l.75-81."""
    assert [R.status_modifier(s) for s in ("stationary_immobile", "stationary_mobile",
                                           "walking_slowly", "walking_briskly", "running",
                                           "sprinting", "evading")] == [2, 1, 0, -1, -4, -6, -8]


def test_ranged_rows_default_to_the_mildest_and_check_the_range():
    """G7, GN3: poor light -1 by default, -3 given, -5 refused; fog -4..-6; pea soup -10 by
    default, -14 allowed, 'impossible' gives None; crowd -2..-8; blinding light -4..-8."""
    assert R.ranged_modifier("light", "poor") == -1
    assert R.ranged_modifier("light", "poor", -3) == -3
    with pytest.raises(ValueError):
        R.ranged_modifier("light", "poor", -5)
    with pytest.raises(ValueError):
        R.ranged_modifier("light", "poor", 0)
    assert R.ranged_modifier("light", "blinding") == -4
    assert R.ranged_modifier("light", "bad", -6) == -6
    assert R.ranged_modifier("weather", "fog") == -4
    assert R.ranged_modifier("weather", "light_fog", -3) == -3
    assert R.ranged_modifier("weather", "pea_soup") == -10
    assert R.ranged_modifier("weather", "pea_soup", -14) == -14
    assert R.ranged_modifier("weather", "pea_soup", "impossible") is None
    with pytest.raises(ValueError):
        R.ranged_modifier("weather", "fog", "impossible")
    with pytest.raises(ValueError):
        R.ranged_modifier("weather", "pea_soup", -9)
    assert R.ranged_modifier("crowd", "crowd") == -2
    assert R.ranged_modifier("crowd", "crowd", -8) == -8
    with pytest.raises(ValueError):
        R.ranged_modifier("light", "moonlight")


def test_cover_and_concealment():
    """l.89-96: cover -2/-4/-7/-10, concealment -1/-2/-3/-4; 0% is 0; 60% has no row."""
    assert [R.cover_modifier(p) for p in (0, 25, 50, 75, 90)] == [0, -2, -4, -7, -10]
    assert [R.cover_modifier(p, "concealment") for p in (25, 50, 75, 90)] == [-1, -2, -3, -4]
    with pytest.raises(ValueError):
        R.cover_modifier(60)


# ====================================================================== fast draw (G8)
def test_fast_draw_adjustments_l112_119():
    """l.113-119, GN4: barrel 2" +2, 3" +2, 3.5" +1, 5" +1, 6" 0, 7" 0, 7.5" 0 (GN4);
    scattergun 0, sawed-off -1, carbine -2, coach gun -2, rifle -3, shotgun -3; a derringer
    without a barrel length +2."""
    assert [R.fast_draw_adjustment("pistol", b) for b in (2, 3, 3.5, 5, 6, 7, 7.5)] == [
        2, 2, 1, 1, 0, 0, 0]
    assert [R.fast_draw_adjustment(f) for f in ("scattergun", "sawed_off", "carbine",
                                                "coach_gun", "rifle", "shotgun", "derringer")] \
        == [0, -1, -2, -2, -3, -3, 2]


def test_fast_draw_penalties():
    """l.103, GN5: DEX 16 + 2 points + 0 (a 6" pistol) with an unfamiliar gun (3) in the off
    hand without the skill (10): 16 + 2 + 0 - 3 - 10 = 5; with the skill (5): 10."""
    pens = R.fast_draw_penalties(unfamiliar=True, off_hand=True, off_hand_skill=False)
    assert values(pens) == [-3, -10]
    assert R.adjusted_fast_draw(16, 2, 0, tuple(-m.value for m in pens)) == 5
    skilled = R.fast_draw_penalties(True, True, True)
    assert R.adjusted_fast_draw(16, 2, 0, tuple(-m.value for m in skilled)) == 10


@pytest.mark.parametrize("rolls_,qd,tenths,decided,order,both", [
    ((5, 15), (1, 1), None, "one_success", (0, 1), False),      # 14 fails 15
    ((17, 5), (1, 1), None, "one_success", (1, 0), False),      # 17 fails 16
    ((20, 5), (1, 1), None, "one_success", (1, 0), False),      # a natural 20 fails (G18 b)
    ((17, 18), (1, 1), None, "both_failed", (), False),
    ((10, 3), (1, 1), None, "margin", (1, 0), False),           # margins 6 and 8
    ((6, 1), (3, 1), None, "quick_draw", (0, 1), False),        # margins 10 and 10
    ((6, 1), (1, 3), None, "quick_draw", (1, 0), False),
    ((6, 1), (2, 2), (7, 3), "tenth", (1, 0), True),            # the lower d10 first
    ((6, 1), (2, 2), (2, 9), "tenth", (0, 1), True),
    ((6, 1), (2, 2), (4, 4), "same_tenth", (0, 1), True),       # GN14
])
def test_fast_draw_outcomes(rolls_, qd, tenths, decided, order, both):
    """l.104-110, G8, G18 b: scores 16 and 11 (no scaling). One success fires first; both:
    the larger margin; equal margins: more quick-draw points; then the d10s, lower first, both
    shots going off; equal d10s fire in the same tenth (GN14); both failing: initiative."""
    out = R.fast_draw_outcome((16, 11), rolls_, qd, tenths)
    assert (out.decided_by, out.order, out.both_fire) == (decided, order, both)


def test_fast_draw_contest_rolls_tenths_only_on_a_full_tie():
    """The d10s are drawn (purpose ``tenth``) only when needed: margins 10/10 and equal
    points; scripted 7 and 3: B is the earlier tenth."""
    d = scripted(A={"fast_draw": [6], "tenth": [7]}, B={"fast_draw": [1], "tenth": [3]})
    out = rolls.fast_draw_contest(d, ("A", "B"), (16, 11), (2, 2))
    assert out.tenths == (7, 3) and out.order == (1, 0)
    assert [(r.who, r.purpose, r.sides) for r in d.rolls] == [
        ("A", "fast_draw", 20), ("B", "fast_draw", 20), ("A", "tenth", 10), ("B", "tenth", 10)]
    d2 = scripted(A={"fast_draw": [6]}, B={"fast_draw": [2]})
    assert rolls.fast_draw_contest(d2, ("A", "B"), (16, 11), (2, 2)).tenths is None
    with pytest.raises(ValueError):
        R.fast_draw_outcome((16, 11), (6, 1), (2, 2))


def test_quick_draw_roll():
    """l.33-35, GN6: at or under the Adjusted Fast Draw; 23 counts as 19; a 20 fails."""
    assert R.quick_draw_succeeds(19, 23) and not R.quick_draw_succeeds(20, 23)
    assert R.quick_draw_succeeds(12, 12) and not R.quick_draw_succeeds(13, 12)
    assert rolls.quick_draw_roll(scripted(A={"quick_draw": [9]}), "A", 10) == (9, True)


# ====================================================================== drawing (l.23-35)
@pytest.mark.parametrize("carry,plain,with_qd", [
    ("ready", "free", "free"), ("holster", "move", "free"), ("hidden_holster", "standard", "free"),
    ("pocket", "standard", "standard"), ("hand_on_pistol", "move", "free"),
    ("oversized_holster", "move", "free"), ("scattergun_lanyard", "standard", "move"),
    ("sheath", "move", "move"), ("sling", "move", "move"), ("lanyard", "standard", "standard"),
    ("case", "full_round", "full_round"),
])
def test_drawing_by_where_the_gun_is_carried(carry, plain, with_qd):
    """002 l.25-32 (GN13 for the hidden holster): the action, and with a Quick Draw made."""
    assert R.draw_action(carry) == plain
    assert R.draw_action(carry, quick_draw=True) == with_qd


# ====================================================================== damage (G9, G10)
@pytest.mark.parametrize("calibre,cartridge,dice", [
    (".22", "pistol", "1d4"), (".22_short", "rifle", "1d6"), (".32", "carbine", "1d8"),
    (".38", "pistol", "1d8"), (".38", "carbine", "1d10"), (".44", "carbine", "2d6"),
    (".45", "rifle", "2d8"), (".475", "pistol", "1d12"), (".50", "rifle", "2d10"),
    (".577", "pistol", "2d6"), ("8mm", "rifle", "2d8"), (".303", "rifle", "2d8"),
    (".410", "pistol", "2d4"), ("16", "rifle", "2d6+1"), ("10", "rifle", "2d8+2"),
    ("8", "rifle", "2d10"), ("12_paradox", "rifle", "2d8"),
])
def test_damage_dice_by_calibre(calibre, cartridge, dice):
    """G9 (GN7 for the Paradox)."""
    assert R.damage_dice(calibre, cartridge) == dice


def test_damage_dice_that_do_not_exist():
    """G9: no .577 carbine, no 8mm or .303 pistol; an unknown calibre."""
    for cal, cart in ((".577", "carbine"), ("8mm", "pistol"), (".303", "pistol"), (".41", "pistol")):
        with pytest.raises(ValueError):
            R.damage_dice(cal, cart)


def test_damage_arithmetic():
    """G18 d, l.7: 2d8+2 rolled 3 and 5, smokeless: 3 + 5 + 2 + 1 = 11; abdomen x1.5: 16
    (16.5 down); a limb: 11; both barrels (x2) and the chest (x1.5): x2.5: 27 (27.5 down)."""
    assert R.parse_dice("2d8+2") == (2, 8, 2)
    assert R.damage_amount((3, 5), 2, smokeless=True) == 11
    assert R.damage_amount((3, 5), 2, True, (Fraction(3, 2),)) == 16
    assert R.damage_amount((3, 5), 2, True, (Fraction(1),)) == 11
    assert R.damage_amount((3, 5), 2, True, (Fraction(2), Fraction(3, 2))) == 27
    with pytest.raises(ValueError):
        R.parse_dice("d8")


def test_damage_rolls_draw_through_the_dice():
    """The damage dice are the shooter's, purpose ``damage``: 2d8+2 scripted 3, 5."""
    d = scripted(Ann={"damage": [3, 5]})
    assert rolls.roll_dice(d, "Ann", "damage", "2d8+2") == ((3, 5), 2)
    with pytest.raises(DiceError):
        rolls.roll_dice(d, "Ann", "damage", "1d8")


def test_hit_location_table():
    """002 l.472-489: 1-2 groin, 3-4 abdomen, 5-6 chest (x1.5), 7-12 arms and hands, 13-18
    legs and feet (x1), 19 face (blinding), 20 head (x1.5, critical)."""
    parts = [R.location(r).part for r in range(1, 21)]
    assert parts == ["groin", "groin", "abdomen", "abdomen", "chest", "chest", "upper_left_arm",
                     "lower_left_arm", "left_hand", "upper_right_arm", "lower_right_arm",
                     "right_hand", "upper_left_leg", "lower_left_leg", "upper_right_leg",
                     "lower_right_leg", "left_foot", "right_foot", "face", "head"]
    mult = [R.location(r).multiplier for r in range(1, 21)]
    assert mult == [Fraction(3, 2)] * 6 + [1] * 13 + [Fraction(3, 2)]
    assert [r for r in range(1, 21) if R.location(r).blinding] == [19]
    assert [r for r in range(1, 21) if R.location(r).critical] == [20]
    with pytest.raises(ValueError):
        R.location(21)


def test_blinding_one_in_three():
    """G10: d6 1-2 blinds."""
    assert [R.blinded(r) for r in range(1, 7)] == [True, True, False, False, False, False]


def test_damage_to_hit_points_then_health():
    """G10: hp 8, Health 12 (CON 12): 5 damage -> hp 3; 7 more -> hp 0 and Health 8; a
    critical 4 -> Health 4 (hp untouched): at or below half of 12, unconscious; 9 more -> 0,
    dead. Health 7 of CON 13: 7 > 6.5, up; 6: unconscious."""
    assert R.apply_damage(8, 12, 5, False) == (3, 12)
    assert R.apply_damage(3, 12, 7, False) == (0, 8)
    assert R.apply_damage(0, 8, 4, True) == (0, 4)
    assert R.condition(8, 12) == "up" and R.condition(6, 12) == "unconscious"
    assert R.apply_damage(0, 4, 9, False) == (0, 0)
    assert R.condition(7, 13) == "up" and R.condition(6, 13) == "unconscious"
    assert R.condition(0, 13) == "dead"


# ====================================================================== malfunctions (G11)
@pytest.mark.parametrize("roll,old,smokeless,result,clear", [
    (1, False, False, "misfire", "move"), (3, True, True, "misfire", "move"),
    (4, False, False, "jam", "full_round"), (5, False, True, "broken", ""),
    (6, True, True, "burst", ""), (6, True, False, "jam", "full_round"),
    (6, False, True, "jam", "full_round"),
])
def test_malfunction_table(roll, old, smokeless, result, clear):
    """G11, l.5: 1-3 misfire, 4 jam, 5 broken, 6 bursts only an old or cheap gun on
    smokeless (else a jam)."""
    assert R.malfunction(roll, old, smokeless) == R.Malfunction(result, clear)


def test_a_bursting_gun_rolls_1d6_and_1d2s():
    """G11: 1d6 to the shooter, 1d2 to each man within a yard, all the shooter's ``burst``."""
    d = scripted(Ned={"malfunction": [6], "burst": [4, 2, 1]})
    assert rolls.roll_malfunction(d, "Ned", True, True) == (6, R.Malfunction("burst", ""))
    assert rolls.roll_burst(d, "Ned", ["Ann", "Bob"]) == {"Ned": (4,), "Ann": (2,), "Bob": (1,)}
    assert [r.sides for r in d.rolls] == [6, 6, 2, 2]


# ====================================================================== recoil rows (GN10)
@pytest.mark.parametrize("calibre,cartridge,form,row", [
    (".45", "pistol", "pistol", ".45_pistol"), (".45", "carbine", "carbine", ".45_carbine"),
    (".30", "carbine", "carbine", ".30_rifle"), (".38", "rifle", "rifle", ".38"),
    (".32", "rifle", "rifle", "8mm_rifle"), (".32_short", "pistol", "pistol", ".32_short"),
    (".22_short", "pistol", "derringer", ".22_short_pistol"),
    (".22_short", "rifle", "rifle", ".22_short_rifle"),
    ("12", "rifle", "shotgun", "12_shotgun"), ("12", "rifle", "sawed_off", "12_sawed_off"),
    ("12", "rifle", "coach_gun", "12_shotgun"), (".410", "pistol", "pistol", ".410_shotgun_pistol"),
    ("10", "rifle", "sawed_off", "10_shotgun"), ("12_paradox", "rifle", "rifle", "12_paradox"),
])
def test_recoil_rows(calibre, cartridge, form, row):
    """l.137-343 and GN10."""
    assert R.recoil_row(calibre, cartridge, form) == row


def test_recoil_25_rifle_weight_reads_90_plus():
    """G12: '.25 (6mm)rifle 7+ 90' (l.166-168) reads as 90+."""
    assert R.recoil_minimums(".25_rifle") == (7, 90)
    with pytest.raises(ValueError):
        R.recoil_row(".303", "pistol", "pistol")


# ====================================================================== G15-G17
def test_reloading():
    """G16: two cartridges a round, a full-round action (a move action with Rapid Reload); a
    muzzle loader five combat rounds."""
    assert R.cartridges_per_reload() == 2
    assert R.reload_action(False) == "full_round" and R.reload_action(True) == "move"
    assert R.muzzle_loader_reload_rounds() == 5


@pytest.mark.parametrize("part,sharp,value", [
    ("chest", True, -4), ("groin", False, -8), ("upper_left_arm", True, -6),
    ("lower_right_leg", False, -12), ("left_hand", True, -8), ("face", True, -8),
    ("head", False, -16), ("right_foot", False, -16),
])
def test_called_shots(part, sharp, value):
    """G17: torso -4, arm or leg -6, hand, foot, face, head -8; doubled without Sharp
    Shooter."""
    assert R.called_shot_modifier(part, sharp, "aimed", "pistol") == value


def test_called_shots_aimed_only_and_never_a_shotgun():
    """l.39, G17."""
    with pytest.raises(R.NotAllowed):
        R.called_shot_modifier("head", True, "snap", "pistol")
    for form in ("shotgun", "scattergun", "sawed_off", "coach_gun"):
        with pytest.raises(R.NotAllowed):
            R.called_shot_modifier("head", True, "aimed", form)
    with pytest.raises(ValueError):
        R.called_shot_modifier("elbow", True, "aimed", "rifle")


def test_every_purpose_is_documented():
    """Each dice purpose the rolls draw has a line in rulings.toml [dice] and back."""
    from narrator.rulesets.gaslight.tables import rulings
    assert set(rulings()["dice"]) == set(PURPOSES)


def test_every_rules_section_names_its_source():
    """Every section of rules.toml (and each mode and drawing row) names its source: a 002
    line or a ruling; every 'ruled: narrator GN<n>' is a ruling in rulings.toml."""
    import re

    from narrator.rulesets.gaslight.tables import rulings
    ids = {r["id"] for r in rulings()["ruling"]}
    for key, section in rules().items():
        subs = section.values() if key == "mode" else [section]
        for s in subs:
            assert "002 l." in s["source"] or "ruled: G" in s["source"], key
            for gn in re.findall(r"GN\d+", s["source"]):
                assert gn in ids, (key, gn)
    for row in rules()["drawing"].values():
        if isinstance(row, dict):
            assert "002 l." in row["source"]
    assert {f"G{n}" for n in range(1, 19)} <= ids
