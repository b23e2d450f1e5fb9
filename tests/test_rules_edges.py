"""Small scripted fights for the edge rules of Boot Hill combat turns.

Each test states its worked numbers in the docstring, like a rulebook example. Sources:
``000`` = ``../shared/sources/000_f05c5ef385f1db5a.txt`` (``cat -n`` lines), ``001`` =
``001_415c40fca5e431da.txt``, ``B<n>`` = ``../shared/errata.md``. Every turn is declared
``kind: combat``. Every roll comes from the script (``assert_scripted``), so an unexpected roll
(a Luck check that should not happen, say) fails the test.
"""

from __future__ import annotations

import textwrap

import pytest

from narrator.engine import run_fight
from narrator.scenario import load_scenario_text


def fight(text: str):
    """Fight a YAML scenario given as text; every roll must have come from its script."""
    log = run_fight(load_scenario_text(textwrap.dedent(text)))
    unscripted = [(r.who, r.purpose, r.value) for r in log.rolls if not r.scripted]
    assert not unscripted, f"rolls the script did not expect: {unscripted}"
    return log


def of(log, kind: str, **match):
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


def rolls(log):
    return [(r.who, r.purpose, r.value) for r in log.rolls]


def duel(ann: str, bo: str, ann_intent: str, dice: str, bo_intent: str = "",
         extra_gang: str = "", turns: int = 1, more_turns: str = "") -> str:
    """A Posse (Ann) against a Gang (Bo) scenario. The Posse wins initiative 6-1 each turn.

    ``ann``/``bo``: the rest of each character's flow mapping (attributes, weapons, at ...).
    """
    init_a = ", ".join(["6"] * turns)
    init_b = ", ".join(["1"] * turns)
    bo_line = f"\n              Bo: {bo_intent}" if bo_intent else ""
    return f"""
        title: edge
        sides:
          Posse:
            - {{name: Ann, {ann}}}
          Gang:
            - {{name: Bo, {bo}}}{extra_gang}
        turns:
          - kind: combat
            intents:
              Ann: {ann_intent}{bo_line}{more_turns}
        dice_fallback: error
        dice:
          Posse: {{initiative: [{init_a}]}}
          Gang: {{initiative: [{init_b}]}}
{textwrap.indent(textwrap.dedent(dice).strip(), " " * 10)}
        """


def person(coo: int = 10, luck: int = 5, str_: int = 10, skills: str = "{pistol: 2}",
           weapons: str = "[{type: single_action_revolver}]", at: str = "[0, 0]",
           extra: str = "") -> str:
    return (f"attributes: {{str: {str_}, coo: {coo}, obs: 10, sta: 10, luck: {luck}}}, "
            f"skills: {skills}, weapons: {weapons}, at: {at}, aim: none{extra}")


# =====================================================================================
# Natural 20 (B4; 000 l.371-381; 001 l.28-31)
# =====================================================================================

def test_natural_20_misses_below_20_after_table_10():
    """Ann, COO 10 + Pistol 2 = 12, single-action revolver at 8 yards (short, 0): chance 12.
    She rolls a 20: a firearm rolls Table 10 first: d20 5, no misfire (SAR 1-16). The chance is
    below 20, so a 20 misses, and no Luck check is rolled."""
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [5]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.roll, shot.misfire_roll, shot.misfire, shot.luck_roll,
            shot.result) == (12, 20, 5, "none", None, "miss")
    assert rolls(log)[2:] == [("Ann", "to_hit", 20), ("Ann", "misfire", 5)]


@pytest.mark.parametrize("coo, chance, luck_roll, result", [
    (16, 20, 5, "hit"),    # chance exactly 20, Luck 5: 5 <= 5 succeeds
    (16, 20, 6, "miss"),   # 6 > 5 fails
    (18, 22, 1, "hit"),
    (18, 22, 6, "miss"),
])
def test_natural_20_at_20_or_more_needs_luck(coo, chance, luck_roll, result):
    """Ann, COO 16 (or 18) + Pistol 4, short: chance 20 (or 22). She rolls a 20. Table 10
    first: d20 16, no misfire (SAR 1-16, the last no-misfire number). Then a Luck check against
    Luck 5 decides: a roll <= 5 hits (then location 12, abdomen; severity d6 1, light), more
    misses. The order of rolls is to-hit, misfire, Luck."""
    hit_dice = ", location: [12], severity: [1]" if result == "hit" else ""
    log = fight(duel(person(coo=coo, skills="{pistol: 4}"), person(at="[8, 0]"), "{shoot: Bo}",
                     f"Ann: {{to_hit: [20], misfire: [16], luck: [{luck_roll}]{hit_dice}}}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.roll, shot.misfire, shot.luck_roll, shot.luck, shot.result) == (
        chance, 20, "none", luck_roll, 5, result)
    assert rolls(log)[2:5] == [("Ann", "to_hit", 20), ("Ann", "misfire", 16),
                               ("Ann", "luck", luck_roll)]
    assert len(of(log, "wound_taken")) == (1 if result == "hit" else 0)


def test_natural_20_dud_ends_the_shot_even_at_22():
    """Ann, COO 18 + Pistol 4 = 22 at short range, rolls a 20. Table 10, SAR row: d20 17 is a
    dud (17-20). The round did not fire: no hit, no Luck check, whatever the chance; the round
    is spent (6 loaded -> 5 left) and Bo is unhurt."""
    log = fight(duel(person(coo=18, skills="{pistol: 4}"), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [17]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.roll, shot.misfire_roll, shot.misfire, shot.luck_roll,
            shot.result, shot.rounds_left) == (22, 20, 17, "dud", None, "dud", 5)
    assert of(log, "wound_taken") == []
    assert rolls(log)[2:] == [("Ann", "to_hit", 20), ("Ann", "misfire", 17)]


def test_natural_20_jam_fires_the_round_then_luck():
    """B5: a jam fires the round, then the gun is jammed. Ann, COO 18 + Rifle 4 = 22 with a
    lever-action rifle at 8 yards (short 0), rolls 20; Table 10 lever row d20 13 = jam; the
    round fired, so Luck decides: 2 <= 5, a hit (location 12 abdomen, severity d6 1 light).
    Her rifle is then jammed."""
    log = fight(duel(person(coo=18, skills="{rifle: 4}", weapons="[{type: lever_action_rifle}]"),
                     person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [13], luck: [2], location: [12], "
                     "severity: [1]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.misfire, shot.luck_roll, shot.result) == (22, "jam", 2, "hit")
    end = of(log, "turn_ended")[-1]
    ann = next(s for s in end.status if s.name == "Ann")
    assert ann.weapons[0].state == "jammed"


def test_natural_20_with_a_bow_rolls_no_misfire():
    """B5: bows never misfire. Ann, COO 18 + Archery 4 = 22 with a bow at 8 yards (short,
    bow 15/50/100), rolls 20: no Table 10 roll, only the Luck check: 3 <= 5, a hit (location 12
    abdomen, severity d6 1 - 1 bow = 0, light)."""
    log = fight(duel(person(coo=18, skills="{archery: 4}", weapons="[{type: bow}]"),
                     person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], luck: [3], location: [12], severity: [1]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.misfire_roll, shot.luck_roll, shot.result) == (22, None, 3, "hit")
    (w,) = of(log, "wound_taken")
    assert (w.total, w.severity, w.wound_points) == (0, "light", 0)


# =====================================================================================
# Natural 1 (B4; 000 l.373-375; 001 l.28-29)
# =====================================================================================

@pytest.mark.parametrize("roll, luck_roll, result", [
    (1, 5, "hit"),     # 1 with chance below 1: Luck 5 <= 5, hit
    (1, 6, "miss"),    # Luck check fails
    (2, None, "miss"),  # anything but a 1 misses, no Luck check
])
def test_natural_1_below_chance_1_needs_luck(roll, luck_roll, result):
    """Ann, COO 3 + Pistol 0 = 3, SAR at 30 yards: extreme (20 < 30 <= 60), -5: chance -2.
    A 1 may still hit, confirmed by a Luck check (d20 <= Luck 5)."""
    dice = f"Ann: {{to_hit: [{roll}]"
    if luck_roll is not None:
        dice += f", luck: [{luck_roll}]"
    if result == "hit":
        dice += ", location: [12], severity: [1]"
    dice += "}"
    log = fight(duel(person(coo=3, skills="{}"), person(at="[30, 0]"), "{shoot: Bo}", dice))
    (shot,) = of(log, "shot_fired")
    assert (shot.band, shot.chance, shot.roll, shot.luck_roll, shot.result) == (
        "extreme", -2, roll, luck_roll, result)


def test_natural_1_hits_without_luck_when_chance_is_1_or_more():
    """Ann, COO 10 + Pistol 2 = 12 at short range rolls 1: 1 <= 12, a hit; no Luck check
    (location 12 abdomen, severity d6 1, light)."""
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [1], location: [12], severity: [1]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.roll, shot.luck_roll, shot.result) == (12, 1, None, "hit")


# =====================================================================================
# Location clamping (B6; 000 l.627: 22 reads as a head shot)
# =====================================================================================

@pytest.mark.parametrize("aim, loc_roll, shift, total, location, sev_roll", [
    ("vitals", 18, 5, 20, "head", 1),       # 18 + 5 = 23 -> 20, head
    ("vitals", 15, 5, 20, "head", 1),       # 15 + 5 = 20, head
    ("limbs", 3, -5, 1, "left_leg", 4),     # 3 - 5 = -2 -> 1, left leg
    ("limbs", 6, -5, 1, "left_leg", 4),     # 6 - 5 = 1, left leg
])
def test_location_total_clamps(aim, loc_roll, shift, total, location, sev_roll):
    """Ann, COO 10 + Pistol 5 = 15, careful shot at short range (8 yards): Table 13 lets her
    shift the location by her full Pistol 5. Aiming at vitals adds 5, at limbs subtracts 5;
    the total clamps to 1..20. Roll to hit 3, a hit."""
    log = fight(duel(person(skills="{pistol: 5}", extra=f", aim: {aim}").replace("aim: none, ", ""),
                     person(at="[8, 0]"), "{shoot: Bo}",
                     f"Ann: {{to_hit: [3], location: [{loc_roll}], severity: [{sev_roll}]}}"))
    (loc,) = of(log, "location_rolled")
    assert (loc.roll, loc.shift, loc.total, loc.location) == (loc_roll, shift, total, location)


# =====================================================================================
# Scratches and wound points (B7-B8; 000 l.415, l.431-437; Table 12)
# =====================================================================================

def test_thrown_knife_to_the_arm_is_a_scratch():
    """Ann, COO 10 + Throwing 3 = 13, throws a knife at Bo 3 yards away: long for a thrown knife
    (2/4/8), -2: chance 11; rolls 5, a hit. Location 7: right arm. Severity d6 1, -1 arm,
    -1 knife (Table 14) = -1: a scratch. No wound, no wound points."""
    log = fight(duel(person(skills="{throwing: 3}", weapons="[{type: thrown_knife}]"),
                     person(at="[3, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [5], location: [7], severity: [1]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.band, shot.chance, shot.result) == ("long", 11, "hit")
    (w,) = of(log, "wound_taken")
    assert (w.location, w.severity_roll, w.total, w.rolled_severity, w.severity,
            w.wound_points, w.total_wound_points) == ("right_arm", 1, -1, "scratch", "scratch",
                                                       0, 0)
    bo = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Bo")
    assert bo.wounds == () and bo.wound_points == 0


def test_knife_severity_0_is_a_light_wound_of_0_points():
    """As above, but severity d6 2: 2 - 1 arm - 1 knife = 0: a light wound (0-2) worth 0 wound
    points (B8: wound points = the modified severity, never below 0). Bo now carries one light
    wound."""
    log = fight(duel(person(skills="{throwing: 3}", weapons="[{type: thrown_knife}]"),
                     person(at="[3, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [5], location: [7], severity: [2]}"))
    (w,) = of(log, "wound_taken")
    assert (w.total, w.severity, w.wound_points) == (0, "light", 0)
    bo = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Bo")
    assert [(x.location, x.severity, x.wound_points) for x in bo.wounds] == [
        ("right_arm", "light", 0)]


def test_pass_out_only_above_strength():
    """000 l.433: wound points totalling MORE than STR pass a character out. Bo, STR 5. Ann
    (12 at short) fires twice: roll 4, hit, location 12 abdomen, severity d6 5: serious, 5
    wound points; 5 = STR 5, Bo stays up. Roll 6, hit, location 13 abdomen, d6 1: light, 1
    point: 6 > 5, Bo passes out."""
    log = fight(duel(person(), person(str_=5, at="[8, 0]"), "{shoot: Bo, shots: 2}",
                     "Ann: {to_hit: [4, 6], location: [12, 13], severity: [5, 1]}"))
    kinds = [e.kind for e in log.events if e.kind in ("wound_taken", "passed_out")]
    assert kinds == ["wound_taken", "wound_taken", "passed_out"]
    w = of(log, "wound_taken")
    assert [(x.severity, x.wound_points, x.total_wound_points) for x in w] == [
        ("serious", 5, 5), ("light", 1, 6)]
    (p,) = of(log, "passed_out")
    assert (p.character, p.wound_points, p.capacity) == ("Bo", 6, 5)


def test_exactly_strength_does_not_pass_out():
    """Bo, STR 5, takes one serious wound of 5 points (abdomen, d6 5): 5 is not more than 5, he
    is still active and shoots back (COO 10 + Pistol 2 = 12, serious -4: 8; rolls 19, a miss)."""
    log = fight(duel(person(), person(str_=5, at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [12], severity: [5]}\nBo: {to_hit: [19]}",
                     bo_intent="{shoot: Ann}"))
    assert of(log, "passed_out") == []
    bo_shot = of(log, "shot_fired", shooter="Bo")
    assert [(s.chance, s.result) for s in bo_shot] == [(8, "miss")]


# =====================================================================================
# Mortal wounds (B8; 000 l.423-437)
# =====================================================================================

def test_mortal_wound_saved_by_luck_is_light_for_1_point():
    """Ann hits Bo (12, roll 4), location 12 abdomen, severity d6 6: mortal. Bo's Luck check,
    d20 5 <= Luck 5, succeeds: a light wound worth 1 wound point (000 l.427, 437). Bo shoots
    back with the light wound: 12 - 1 = 11; rolls 19, a miss."""
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [12], severity: [6]}\n"
                     "Bo: {luck: [5], to_hit: [19]}", bo_intent="{shoot: Ann}"))
    (w,) = of(log, "wound_taken", character="Bo")
    assert (w.total, w.rolled_severity, w.mortal.outcome, w.severity, w.wound_points,
            w.total_wound_points) == (6, "mortal", "saved", "light", 1, 1)
    assert w.mortal.strength_roll is None
    (back,) = of(log, "shot_fired", shooter="Bo")
    assert back.chance == 11


def test_mortal_wound_strength_check_failed_is_killed():
    """Ann hits Bo (roll 4), chest (location 16), severity d6 5 + 1 chest = 6: mortal. Luck
    d20 6 > 5 fails; Strength check d20 11 > STR 10 fails: killed outright. Bo's declared shot
    never happens."""
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [16], severity: [5]}\n"
                     "Bo: {luck: [6], strength: [11]}", bo_intent="{shoot: Ann}"))
    (w,) = of(log, "wound_taken")
    assert (w.total, w.mortal.luck_roll, w.mortal.strength_roll, w.mortal.outcome) == (
        6, 6, 11, "killed")
    assert of(log, "shot_fired", shooter="Bo") == []
    bo = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Bo")
    assert bo.condition == "dead"


CY = """
            - {name: Cy, attributes: {str: 10, coo: 9, obs: 10, sta: 10, luck: 5},
               weapons: [{type: single_action_revolver}], at: [40, 40]}"""


@pytest.mark.parametrize("strength_roll, difference, d6, turns, dies_in", [
    (10, 0, 1, 1, 2),   # 10 - 10 = 0; d6 1 (1-3): one more turn; dies at the end of turn 2
    (10, 0, 3, 1, 2),
    (6, 4, 4, 2, 3),    # 10 - 6 = 4; d6 4 (4-6): two more turns; dies at the end of turn 3
    (6, 4, 6, 2, 3),
])
def test_dying_one_or_two_turns(strength_roll, difference, d6, turns, dies_in):
    """Ann hits Bo (STR 10) in turn 1: abdomen (12), severity d6 6, mortal. Luck 6 > 5 fails;
    Strength check succeeds (roll <= 10). STR - roll = 0-4: one or two more turns, by a
    labelled d6 (1-3 one, 4-6 two); he dies at the end of the last of them. Bo is helpless:
    his shots declared for turns 2 and 3 are never fired. (Cy keeps the Gang in the fight.)"""
    more = ("\n          - kind: combat\n            intents:\n              Bo: {shoot: Ann}"
            * 2)
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [12], severity: [6]}\n"
                     f"Bo: {{luck: [6], strength: [{strength_roll}], dying: [{d6}]}}",
                     extra_gang=CY, turns=3, more_turns=more))
    (w,) = of(log, "wound_taken")
    m = w.mortal
    assert (m.outcome, m.difference, m.dying_time, m.dying_turns_roll, m.dying_turns) == (
        "dying", difference, "turns", d6, turns)
    assert [(e.turn, e.character) for e in of(log, "died")] == [(dies_in, "Bo")]
    assert of(log, "shot_fired", shooter="Bo") == []
    status = {e.turn: next(s for s in e.status if s.name == "Bo").condition
              for e in of(log, "turn_ended")}
    expected = {1: "dying", 2: "dying" if dies_in == 3 else "dead", 3: "dead"}
    assert status == expected


@pytest.mark.parametrize("strength_roll, difference, band", [
    (5, 5, "minutes"),   # 10 - 5 = 5
    (2, 8, "minutes"),   # 10 - 2 = 8
    (1, 9, "hours"),     # 10 - 1 = 9
])
def test_dying_minutes_or_hours(strength_roll, difference, band):
    """STR 10 - Strength roll: 5-8 several minutes, 9+ hours to days (000 l.429). No turns d6
    is rolled, and Bo does not die during the fight; he is dying and helpless."""
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [12], severity: [6]}\n"
                     f"Bo: {{luck: [6], strength: [{strength_roll}]}}", extra_gang=CY))
    (w,) = of(log, "wound_taken")
    m = w.mortal
    assert (m.outcome, m.difference, m.dying_time, m.dying_turns_roll) == (
        "dying", difference, band, None)
    assert of(log, "died") == []
    bo = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Bo")
    assert bo.condition == "dying"


# =====================================================================================
# Wounds apply at once; the down take no further part (000 l.32, l.39-40; B12)
# =====================================================================================

@pytest.mark.parametrize("bo_str, severity, bo_dice, condition", [
    (10, 6, "Bo: {luck: [6], strength: [11]}", "dead"),     # mortal, Luck and STR fail
    (10, 6, "Bo: {luck: [6], strength: [1]}", "dying"),     # mortal, 10 - 1 = 9: hours
    (2, 3, "", "passed_out"),                                 # serious 3 points > STR 2
])
def test_down_character_does_not_shoot_later_in_the_turn(bo_str, severity, bo_dice, condition):
    """The Posse has initiative; Ann (12) hits Bo (roll 4, abdomen 12, severity d6 given).
    Bo, dead, dying or passed out, does not fire his declared shot later in the turn: no
    to-hit die is rolled for him."""
    dice = f"Ann: {{to_hit: [4], location: [12], severity: [{severity}]}}\n{bo_dice}"
    log = fight(duel(person(), person(str_=bo_str, at="[8, 0]"), "{shoot: Bo}", dice,
                     bo_intent="{shoot: Ann}", extra_gang=CY))
    assert of(log, "shot_fired", shooter="Bo") == []
    assert ("Bo", "to_hit") not in [(w, p) for w, p, _ in rolls(log)]
    bo = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Bo")
    assert bo.condition == condition


def test_wound_applies_at_once_to_the_return_fire():
    """The Posse wins initiative 6-1 and fires first. Ann (COO 10 + Pistol 2 = 12, short)
    rolls 4: a hit, abdomen (12), severity d6 3: serious, 3 points. Bo then fires back with
    the wound: 12 + short 0 + serious -4 = 8; he rolls 8, a hit (location 12, d6 1 light)."""
    log = fight(duel(person(), person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [12], severity: [3]}\n"
                     "Bo: {to_hit: [8], location: [12], severity: [1]}",
                     bo_intent="{shoot: Ann}"))
    ann_shot, bo_shot = of(log, "shot_fired")
    assert (ann_shot.shooter, ann_shot.chance, ann_shot.result) == ("Ann", 12, "hit")
    assert (bo_shot.shooter, bo_shot.base_chance, bo_shot.chance, bo_shot.roll,
            bo_shot.result) == ("Bo", 12, 8, 8, "hit")
    assert {m.name: m.value for m in bo_shot.modifiers} == {"short": 0, "serious_wound": -4}


# =====================================================================================
# Cover (B10; 000 l.477-487)
# =====================================================================================

def test_solid_cover_turns_a_covered_hit_into_a_miss():
    """Bo stands behind a saloon bar: legs and abdomen covered (000 l.481). Ann (12) hits
    twice (rolls 4, 5). Location 12, abdomen: covered, the bar takes it; no severity is
    rolled. Location 16, chest: not covered, severity d6 1 + 1 chest = 2, light."""
    bo = person(at="[8, 0]", extra=", cover: {locations: [legs, abdomen], by: the bar}")
    log = fight(duel(person(), bo, "{shoot: Bo, shots: 2}",
                     "Ann: {to_hit: [4, 5], location: [12, 16], severity: [1]}"))
    locs = of(log, "location_rolled")
    assert [(x.location, x.covered_by, x.cover_kind) for x in locs] == [
        ("abdomen", "the bar", "solid"), ("chest", None, None)]
    (c,) = of(log, "cover_hit")
    assert (c.location, c.stopped, c.severity_roll) == ("abdomen", True, None)
    (w,) = of(log, "wound_taken")
    assert (w.location, w.total, w.severity) == ("chest", 2, "light")


def test_light_cover_reduces_severity():
    """Bo is behind a wooden door, light cover taking 2 off severity, over chest and abdomen.
    Ann hits (roll 4): chest (16); severity d6 6 + 1 chest - 2 door = 5: serious, 5 points
    (without the door it would have been a mortal 7)."""
    bo = person(at="[8, 0]", extra=", cover: {locations: [chest, abdomen], kind: light, "
                                   "reduction: 2, by: a wooden door}")
    log = fight(duel(person(), bo, "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [16], severity: [6]}"))
    (w,) = of(log, "wound_taken")
    assert (w.total, w.severity, w.wound_points) == (5, "serious", 5)
    assert {m.name: m.value for m in w.modifiers} == {"chest_or_head": 1, "light_cover": -2}
    assert of(log, "cover_hit") == []


@pytest.mark.parametrize("luck_roll, stopped", [(5, True), (6, False)])
def test_sporadic_cover_uses_the_targets_luck(luck_roll, stopped):
    """Bo stands behind a rail fence (sporadic cover over his legs). Ann hits (roll 4),
    location 3: right leg, behind the fence. Bo's Luck check (Luck 5): 5 succeeds, the fence
    stopped the ball; 6 fails, it went through a gap: severity d6 4 - 1 leg = 3, serious."""
    bo = person(at="[8, 0]", extra=", cover: {locations: [legs], kind: sporadic, "
                                   "by: a rail fence}")
    sev = "" if stopped else ", severity: [4]"
    log = fight(duel(person(), bo, "{shoot: Bo}",
                     f"Ann: {{to_hit: [4], location: [3]{sev}}}\n"
                     f"Bo: {{sporadic_cover: [{luck_roll}]}}"))
    (c,) = of(log, "cover_hit")
    assert (c.location, c.luck_roll, c.luck, c.stopped) == ("right_leg", luck_roll, 5, stopped)
    w = of(log, "wound_taken")
    if stopped:
        assert w == []
    else:
        assert [(x.location, x.total, x.severity) for x in w] == [("right_leg", 3, "serious")]


# =====================================================================================
# Scattergun spread (Table 9 Targets row; 000 l.350-352, l.367; B9)
# =====================================================================================

BYSTANDERS = """
            - {{name: Cy, attributes: {{str: 10, coo: 9, obs: 10, sta: 10, luck: 5}},
               weapons: [{{type: single_action_revolver}}], at: [{cy}]}}
            - {{name: Di, attributes: {{str: 10, coo: 8, obs: 10, sta: 10, luck: 5}},
               weapons: [{{type: single_action_revolver}}], at: [{di}]}}"""

SCATTER_ANN = person(skills="{rifle: 3}", weapons="[{type: scattergun}]")


@pytest.mark.parametrize("scatter_roll, cy_hit", [(7, True), (8, False)])
def test_scattergun_long_range_spread_even_after_a_miss(scatter_roll, cy_hit):
    """Ann, COO 10 + Rifle 3 = 13, fires a scattergun at Bo 12 yards away: long (8 < 12 <= 16),
    -2, scattergun +4: chance 15. She rolls 18 and misses Bo, but the spread is rolled anyway:
    Cy, 1.5 yards from Bo (within 2), is hit on d20 <= 15 // 2 = 7. Di, 2.5 yards away, is
    beyond 2 yards: no roll. On 7 Cy is hit: pellets d6 4 at long = 2 pellets, locations 12 and
    13 (abdomen), severity d6 1 and 2: light 1 and light 2."""
    hit_dice = ", pellets: [4], location: [12, 13], severity: [1, 2]" if cy_hit else ""
    log = fight(duel(SCATTER_ANN, person(at="[12, 0]"), "{shoot: Bo}",
                     f"Ann: {{to_hit: [18], scatter: [{scatter_roll}]{hit_dice}}}",
                     extra_gang=BYSTANDERS.format(cy="12, 1.5", di="12, 2.5")))
    (shot,) = of(log, "shot_fired")
    assert (shot.band, shot.chance, shot.roll, shot.result) == ("long", 15, 18, "miss")
    sc = of(log, "scatter_checked")
    assert [(s.target, s.distance, s.chance, s.roll, s.hit) for s in sc] == [
        ("Cy", 1.5, 7, scatter_roll, cy_hit)]
    if cy_hit:
        assert [(p.target, p.roll, p.pellets) for p in of(log, "pellets_rolled")] == [("Cy", 4, 2)]
        assert [(w.character, w.location, w.severity, w.wound_points)
                for w in of(log, "wound_taken")] == [("Cy", "abdomen", "light", 1),
                                                     ("Cy", "abdomen", "light", 2)]
    else:
        assert of(log, "wound_taken") == []


def test_scattergun_extreme_range_spread_is_5_yards():
    """Scattergun at 20 yards: extreme (16 < 20 <= 30), -5, +4: 13 - 1 = 12. Ann rolls 10 and
    hits Bo: pellets d6 3 at extreme = 0 (the shot spread out, 000 l.350). Spread: Cy 4.5
    yards from Bo (within 5) on d20 <= 12 // 2 = 6: rolls 6, hit; pellets d6 6 at extreme = 2;
    locations 12, 16; severity 1 (abdomen, light 1) and 1 + 1 chest = 2 (light). Di, 5.5 yards
    away, is not rolled for."""
    log = fight(duel(SCATTER_ANN, person(at="[20, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [10], pellets: [3, 6], scatter: [6], location: [12, 16], "
                     "severity: [1, 1]}",
                     extra_gang=BYSTANDERS.format(cy="20, 4.5", di="20, 5.5")))
    (shot,) = of(log, "shot_fired")
    assert (shot.band, shot.chance, shot.result) == ("extreme", 12, "hit")
    assert [(p.target, p.roll, p.pellets) for p in of(log, "pellets_rolled")] == [
        ("Bo", 3, 0), ("Cy", 6, 2)]
    assert [(s.target, s.chance, s.roll, s.hit) for s in of(log, "scatter_checked")] == [
        ("Cy", 6, 6, True)]
    assert [(w.character, w.location, w.total) for w in of(log, "wound_taken")] == [
        ("Cy", "abdomen", 1), ("Cy", "chest", 2)]


def test_scattergun_short_range_has_no_spread():
    """Table 9 Targets row: NA at short range. Scattergun at 7 yards (short, <= 8): 13 + 4 =
    17; Ann rolls 18, a miss; Cy 1 yard from Bo is not rolled for."""
    log = fight(duel(SCATTER_ANN, person(at="[7, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [18]}",
                     extra_gang=BYSTANDERS.format(cy="7, 1", di="7, 2")))
    (shot,) = of(log, "shot_fired")
    assert (shot.band, shot.chance) == ("short", 17)
    assert of(log, "scatter_checked") == []


# =====================================================================================
# Reloading and ammunition (Table 14 reload rate; 000 l.491-497; B16)
# =====================================================================================

IDLE = "\n          - kind: combat\n            intents:\n              Ann: {reload: true}"


@pytest.mark.parametrize("weapon, turns, rounds, loaded", [
    # Table 14: revolvers reload 3 rounds per combat turn: 0 -> 3 -> 6
    ("single_action_revolver", 2, [3, 3], [3, 6]),
    # Cap & ball 1/3: one round every three combat turns
    ("cap_and_ball_revolver", 6, [0, 0, 1, 0, 0, 1], [0, 0, 1, 1, 1, 2]),
    # Lever-action rifle 2 per turn
    ("lever_action_rifle", 2, [2, 2], [2, 4]),
    # Muzzle-loading rifle 1/3, capacity 1: loaded on the third turn
    ("muzzle_loading_rifle", 3, [0, 0, 1], [0, 0, 1]),
])
def test_reload_rates(weapon, turns, rounds, loaded):
    """Ann reloads an empty weapon each combat turn at its Table 14 rate (rounds per combat
    turn, B16)."""
    ann = person(weapons=f"[{{type: {weapon}, loaded: 0}}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{reload: true}", "", turns=turns,
                     more_turns=IDLE * (turns - 1)))
    ev = of(log, "reloaded")
    assert [(e.turn, e.rounds, e.loaded) for e in ev] == [
        (i + 1, r, l) for i, (r, l) in enumerate(zip(rounds, loaded))]


def test_out_of_ammunition_is_refused():
    """Ann's revolver holds 1 round and she has no spare rounds. Turn 1: two shots at Bo;
    the first (12, roll 19) misses, the second is refused: the gun is empty. Turn 2: she tries
    to reload: refused, no spare rounds."""
    ann = person(weapons="[{type: single_action_revolver, loaded: 1, spare: 0}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{shoot: Bo, shots: 2}",
                     "Ann: {to_hit: [19]}", turns=2, more_turns=IDLE))
    assert [(s.roll, s.result, s.rounds_left) for s in of(log, "shot_fired")] == [
        (19, "miss", 0)]
    refused = [(e.turn, e.action, e.reason) for e in of(log, "action_refused")]
    assert refused == [(1, "shoot", "empty"), (2, "reload", "no_spare_rounds")]
    assert of(log, "reloaded") == []


def test_reload_limited_by_spare_rounds():
    """Ann's empty revolver, 2 spare rounds: one turn of reloading (rate 3) loads only 2."""
    ann = person(weapons="[{type: single_action_revolver, loaded: 0, spare: 2}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{reload: true}", ""))
    assert [(e.rounds, e.loaded) for e in of(log, "reloaded")] == [(2, 2)]


# =====================================================================================
# Initiative, tactics, declaration and fire order (B11-B12; 000 l.36-48; 001 l.36-38)
# =====================================================================================

def sides_with_tactics(ann_skills: str, al_skills: str, posse_dice: str, gang_dice: str,
                       turns: int = 1) -> str:
    more = "\n          - kind: combat\n            intents: {}" * (turns - 1)
    return f"""
        title: tactics
        sides:
          Posse:
            - {{name: Ann, {person(skills=ann_skills)}}}
            - {{name: Al, {person(coo=9, skills=al_skills)}}}
          Gang:
            - {{name: Bo, {person(at="[40, 0]")}}}
        turns:
          - kind: combat
            intents: {{}}{more}
        dice_fallback: error
        dice:
          {posse_dice}
          Gang: {{initiative: [{gang_dice}]}}
        """


def test_tactics_bonus_not_used_on_the_reroll():
    """Ann has Tactics 10 and rolls 10: success, the Posse adds +1 (Al has no Tactics). Turn 1:
    Posse 3 + 1 = 4, Gang 4: a tie, rerolled WITHOUT the bonus: Posse 3, Gang 4. The Gang wins
    (with the bonus the reroll would have tied again)."""
    text = sides_with_tactics("{tactics: 10}", "{}",
                              "Ann: {tactics: [10]}\n          Posse: {initiative: [3, 3]}",
                              "4, 4")
    log = fight(text)
    (ck,) = of(log, "tactics_checked")
    assert (ck.character, ck.skill, ck.roll, ck.success) == ("Ann", 10, 10, True)
    (init,) = of(log, "initiative_rolled")
    assert [[(r.side, r.roll, r.bonus, r.total) for r in rnd] for rnd in init.rounds] == [
        [("Posse", 3, 1, 4), ("Gang", 4, 0, 4)],
        [("Posse", 3, 0, 3), ("Gang", 4, 0, 4)],
    ]
    assert init.winner == "Gang"


def test_tactics_bonus_never_more_than_1():
    """Ann and Al both have Tactics 10 and both succeed (rolls 2 and 3): still only +1.
    Posse 4 + 1 = 5 against Gang 5: a tie (with +2 the Posse would have won 6-5); reroll
    Posse 1, Gang 2: the Gang wins."""
    log = fight(sides_with_tactics(
        "{tactics: 10}", "{tactics: 10}", "Ann: {tactics: [2]}\n          Al: {tactics: [3]}\n"
        "          Posse: {initiative: [4, 1]}", "5, 2"))
    assert [(c.character, c.success) for c in of(log, "tactics_checked")] == [
        ("Ann", True), ("Al", True)]
    (init,) = of(log, "initiative_rolled")
    assert [[(r.roll, r.bonus, r.total) for r in rnd] for rnd in init.rounds] == [
        [(4, 1, 5), (5, 0, 5)], [(1, 0, 1), (2, 0, 2)]]
    assert init.winner == "Gang"


def test_failed_tactics_is_retried_each_later_turn_until_the_side_has_its_bonus():
    """Ann and Al, Tactics 10, roll 11 and 15: both fail, no bonus in turn 1 (Posse 4, Gang 3:
    Posse wins). At the start of turn 2 each tries again (001 l.37, errata B18(h)): Ann 12,
    a failure; Al 7, a success: the Posse adds +1 from turn 2 on, Posse 2 + 1 = 3 against
    Gang 5. In turn 3 Ann does not roll again: the side already has its one point (l.36);
    Posse 4 + 1 = 5 against Gang 1."""
    log = fight(sides_with_tactics(
        "{tactics: 10}", "{tactics: 10}", "Ann: {tactics: [11, 12]}\n          Al: "
        "{tactics: [15, 7]}\n          Posse: {initiative: [4, 2, 4]}", "3, 5, 1", turns=3))
    assert [(c.turn, c.character, c.roll, c.success) for c in of(log, "tactics_checked")] == [
        (None, "Ann", 11, False), (None, "Al", 15, False),
        (2, "Ann", 12, False), (2, "Al", 7, True)]
    init = of(log, "initiative_rolled")
    assert [[(r.roll, r.bonus) for r in e.rounds[0]] for e in init] == [
        [(4, 0), (3, 0)], [(2, 1), (5, 0)], [(4, 1), (1, 0)]]
    assert [e.winner for e in init] == ["Posse", "Gang", "Posse"]


def test_loser_declares_first_winner_fires_first():
    """Initiative: Posse 2, Gang 5: the Gang wins. The Posse (loser) declares first (000
    l.37-38); the Gang fires first (l.39-40). Within the Gang, highest COO first (B12): Cy
    (COO 14) before Bo (COO 10). Shots: Cy 14 + 2 = 16, rolls 19; Bo 12, rolls 18; Ann 12,
    rolls 17: all miss."""
    text = f"""
        title: order
        sides:
          Posse:
            - {{name: Ann, {person()}}}
          Gang:
            - {{name: Bo, {person(at="[8, 0]")}}}
            - {{name: Cy, {person(coo=14, at="[8, 2]")}}}
        turns:
          - kind: combat
            intents:
              Bo: {{shoot: Ann}}
              Ann: {{shoot: Bo}}
              Cy: {{shoot: Ann}}
        dice_fallback: error
        dice:
          Posse: {{initiative: [2]}}
          Gang: {{initiative: [5]}}
          Ann: {{to_hit: [17]}}
          Bo: {{to_hit: [18]}}
          Cy: {{to_hit: [19]}}
        """
    log = fight(text)
    (init,) = of(log, "initiative_rolled")
    assert init.winner == "Gang"
    assert init.declare_order == ("Posse", "Gang")
    assert [e.character for e in of(log, "intent_declared")] == ["Ann", "Cy", "Bo"]
    assert [(s.shooter, s.chance, s.roll, s.result) for s in of(log, "shot_fired")] == [
        ("Cy", 16, 19, "miss"), ("Bo", 12, 18, "miss"), ("Ann", 12, 17, "miss")]


# =====================================================================================
# More of Table 10 in a fight: explosion, muzzle-loader dud, jam (B5; 000 l.404-407)
# =====================================================================================

def test_cap_and_ball_explosion_wounds_the_gun_arm():
    """Ann, COO 18 + Pistol 4 = 22 with a full cap-and-ball revolver (6 rounds), rolls 20;
    Table 10 CBR row: d20 17 = explosion. No hit and no Luck check; every round in the
    cylinder is spent (0 left); Ann takes a wound in her gun (right) arm: severity d6 3, +1 for
    a cylinder holding 4 or more rounds, -1 arm (Table 12) = 3, serious."""
    ann = person(coo=18, skills="{pistol: 4}", weapons="[{type: cap_and_ball_revolver}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [17], explosion: [3]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.chance, shot.misfire, shot.luck_roll, shot.result, shot.rounds_left) == (
        22, "explosion", None, "explosion", 0)
    (w,) = of(log, "wound_taken")
    assert (w.character, w.cause, w.location, w.severity_roll, w.total, w.severity) == (
        "Ann", "explosion", "right_arm", 3, 3, "serious")
    assert {m.name: m.value for m in w.modifiers} == {"arm_or_leg": -1, "full_cylinder": 1}


def test_explosion_on_the_last_round_is_no_misfire():
    """000 l.406: on the last round an explosion counts as No Misfire. Ann (22) with one round
    in her cap-and-ball revolver rolls 20, Table 10 d20 18: treated as no misfire, so the Luck
    check (3 <= 5) makes it a hit (location 12 abdomen, severity d6 1, light)."""
    ann = person(coo=18, skills="{pistol: 4}",
                 weapons="[{type: cap_and_ball_revolver, loaded: 1}]")
    log = fight(duel(ann, person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [18], luck: [3], location: [12], "
                     "severity: [1]}"))
    (shot,) = of(log, "shot_fired")
    assert (shot.misfire, shot.luck_roll, shot.result) == ("none", 3, "hit")
    assert [w.character for w in of(log, "wound_taken")] == ["Bo"]


def test_muzzle_loader_dud_makes_it_useless():
    """000 l.405: a dud in a muzzle loader leaves it useless until cleaned. Ann, COO 10 +
    Rifle 2 = 12 with a muzzle-loading rifle at 8 yards, rolls 20: Table 10 (1-20 dud), d20 1:
    dud. Turn 2 her shot is refused: the weapon is useless."""
    ann = person(skills="{rifle: 2}", weapons="[{type: muzzle_loading_rifle}]")
    more = "\n          - kind: combat\n            intents:\n              Ann: {shoot: Bo}"
    log = fight(duel(ann, person(at="[8, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [20], misfire: [1]}", turns=2, more_turns=more))
    (shot,) = of(log, "shot_fired")
    assert (shot.misfire, shot.result) == ("dud", "dud")
    assert [(e.turn, e.reason) for e in of(log, "action_refused")] == [(2, "weapon_useless")]


@pytest.mark.parametrize("gunsmithing, dice, left", [
    (0, "", [12, 6, 0]),                         # three combat turns (18 s) to clear
    (10, ", gunsmithing: [5]", [6, 0]),          # two with a successful check (5 <= 10)
    (10, ", gunsmithing: [11]", [12, 6, 0]),     # failed check: three turns
])
def test_clearing_a_jam(gunsmithing, dice, left):
    """B5 / 000 l.407: Ann's lever-action rifle jams in turn 1 (roll 20, Table 10 lever row
    d20 15 = jam; the round fired, chance 12 < 20, a miss). Clearing takes three combat turns,
    two with a successful Gunsmithing check."""
    ann = person(skills=f"{{rifle: 2, gunsmithing: {gunsmithing}}}",
                 weapons="[{type: lever_action_rifle}]")
    turns = 1 + len(left)
    more = "\n          - kind: combat\n            intents:\n              Ann: {clear_jam: true}"
    log = fight(duel(ann, person(at="[8, 0]"), "{shoot: Bo}",
                     f"Ann: {{to_hit: [20], misfire: [15]{dice}}}", turns=turns,
                     more_turns=more * len(left)))
    (shot,) = of(log, "shot_fired")
    assert (shot.misfire, shot.result, shot.rounds_left) == ("jam", "miss", 14)
    assert [e.seconds_left for e in of(log, "jam_worked")] == left


# =====================================================================================
# Range, night, weapon wound modifier (B1, B17, Table 14)
# =====================================================================================

def test_beyond_extreme_range_is_refused_not_rolled():
    """B1: a single-action revolver reaches 60 yards (10/20/60); at 61 yards Ann's shot is
    refused as out of range and no die is rolled."""
    log = fight(duel(person(), person(at="[61, 0]"), "{shoot: Bo}", ""))
    assert of(log, "shot_fired") == []
    assert [(e.action, e.reason) for e in of(log, "action_refused")] == [("shoot", "out_of_range")]
    assert [p for _, p, _ in rolls(log)] == ["initiative", "initiative"]


def test_night_shot_beyond_observation_needs_light():
    """B17: at night a target farther than the shooter's OBS (10) in yards cannot be seen
    unless lit. Bo at 12 yards, unlit: refused. Cy at 12 yards, lit: Ann shoots, COO 10 +
    Pistol 2 = 12, long (10 < 12 <= 20) -2, night -4: 6; rolls 7, a miss."""
    text = duel(person(), person(at="[12, 0]"), "{shoot: [Bo, Cy]}", "Ann: {to_hit: [7]}",
                extra_gang="""
            - {name: Cy, attributes: {str: 10, coo: 9, obs: 10, sta: 10, luck: 5},
               weapons: [{type: single_action_revolver}], at: [0, 12], lit: true}""")
    log = fight(text.replace("title: edge", "title: edge\n        night: true"))
    assert [(e.target, e.reason) for e in of(log, "action_refused")] == [("Bo", "cannot_see")]
    (shot,) = of(log, "shot_fired")
    assert (shot.target, shot.band, shot.chance, shot.result) == ("Cy", "long", 6, "miss")
    assert {m.name: m.value for m in shot.modifiers} == {"long": -2, "night": -4}


def test_weapon_wound_modifier_adds_to_severity():
    """Table 14: a buffalo rifle has wound modifier +1. Ann, COO 10 + Rifle 2 = 12 at 25 yards
    (short, <= 30), rolls 4: abdomen (12), severity d6 5 + 1 = 6: mortal. Bo's Luck 5 <= 5
    saves him: light, 1 point."""
    ann = person(skills="{rifle: 2}", weapons="[{type: buffalo_rifle}]")
    log = fight(duel(ann, person(at="[25, 0]"), "{shoot: Bo}",
                     "Ann: {to_hit: [4], location: [12], severity: [5]}\nBo: {luck: [5]}"))
    (w,) = of(log, "wound_taken")
    assert {m.name: m.value for m in w.modifiers} == {"weapon": 1}
    assert (w.total, w.rolled_severity, w.severity, w.wound_points) == (6, "mortal", "light", 1)


@pytest.mark.parametrize("delay, order", [(False, ["Ann", "Bo"]), (True, ["Bo", "Ann"])])
def test_movement_after_fire_and_delayed_by_the_initiative_side(delay, order):
    """000 l.41-43: after all fire, the initiative side moves, then the other side, then any
    initiative characters who delayed. The Posse wins 6-1; Ann walks 6 yards (Table 3), Bo
    walks 6 yards; with ``delay`` Ann moves last. Ann's walking also takes -2 on her shot:
    12 - 2 = 10, roll 19, a miss."""
    mv = "{gait: walking, to: [0, 10], delay: true}" if delay else "{gait: walking, to: [0, 10]}"
    log = fight(duel(person(), person(at="[8, 0]"), f"{{shoot: Bo, move: {mv}}}",
                     "Ann: {to_hit: [19]}", bo_intent="{move: {gait: walking, to: [8, 10]}}"))
    moved = of(log, "moved")
    assert [m.character for m in moved] == order
    assert [m.distance for m in moved] == [6, 6]
    (shot,) = of(log, "shot_fired")
    assert shot.chance == 10
    kinds = [e.kind for e in log.events if e.kind in ("shot_fired", "moved")]
    assert kinds == ["shot_fired", "moved", "moved"]
