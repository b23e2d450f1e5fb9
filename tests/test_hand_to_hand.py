"""Boot Hill hand to hand (errata B19, ruled; 000 l.7 promises these rules, the text ends
before them): hand-worked fights, each with its numbers in the docstring.

Every roll comes from the script (an unexpected roll fails the test). ``B19`` = the ruling in
``../shared/errata.md``; the numbers are those of ``narrator/rulesets/boothill/data/
hand_to_hand.toml``. Ann (the Posse) wins initiative 6-1 every turn, so she acts first.
"""

from __future__ import annotations

import textwrap

import pytest

from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.rulesets.boothill import tables
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


def person(coo: int = 10, luck: int = 5, str_: int = 10, skills: str = "{}",
           weapons: str = "[{type: single_action_revolver}]", at: str = "[0, 0]",
           extra: str = "") -> str:
    return (f"attributes: {{str: {str_}, coo: {coo}, obs: 10, sta: 10, luck: {luck}}}, "
            f"skills: {skills}, weapons: {weapons}, at: {at}{extra}")


def brawl(ann: str, bo: str, turns: list[tuple[str, str, str]], dice: str) -> str:
    """Ann (Posse) against Bo (Gang); ``turns``: (kind, Ann's intent, Bo's intent or "")."""
    lines = []
    for kind, a, b in turns:
        lines.append(f"          - kind: {kind}\n            intents:\n              Ann: {a}")
        if b:
            lines.append(f"              Bo: {b}")
    n = len(turns)
    return f"""
        title: brawl
        sides:
          Posse:
            - {{name: Ann, {ann}}}
          Gang:
            - {{name: Bo, {bo}}}
        turns:
{chr(10).join(lines)}
        dice_fallback: error
        dice:
          Posse: {{initiative: [{", ".join(["6"] * n)}]}}
          Gang: {{initiative: [{", ".join(["1"] * n)}]}}
{textwrap.indent(textwrap.dedent(dice).strip(), " " * 10)}
        """


# ---------------------------------------------------------------------- a punch


def test_punch_hit_with_movement():
    """Ann, COO 12 + Brawling 3 = 15, walks 1 yard towards Bo, who stood 2.5 yards off (the move
    comes first, B19: 1.5 yards left), and punches: walking -2 (Table 2, shooter walking) gives
    15 - 2 = 13. She rolls 12: a hit. Bruise d6 4, STR 10 adds nothing: 4 bruise points; no
    wound, Bo's wound points stay 0."""
    ann = person(coo=12, skills="{brawling: 3}", at="[0, 0]")
    log = fight(brawl(ann, person(at="[2.5, 0]"),
                      [("combat", "{strike: Bo, blows: 1, move: {gait: walking, to: [1, 0]}}",
                        "")],
                      """
                      Ann: {to_hit: [12], bruise: [4]}
                      """))
    assert of(log, "moved", character="Ann")[0].end == (1.0, 0.0)
    blow = of(log, "blow_struck")[0]
    assert [(m.name, m.value) for m in blow.base] == [("coo", 12), ("brawling", 3)]
    assert [(m.name, m.value) for m in blow.modifiers] == [("attacker_walking", -2)]
    assert blow.chance == 13 and blow.roll == 12 and blow.result == "hit"
    assert blow.distance == 1.5
    bruise = of(log, "bruise_taken")[0]
    assert (bruise.roll, bruise.points, bruise.bruise_points) == (4, 4, 4)
    assert bruise.wound_points == 0 and not bruise.knocked_down


def test_punch_with_a_light_wound_misses():
    """Ann, COO 12 + Brawling 3 = 15, already carries a light wound from a shot earlier (turn 1:
    Bo's careful shot at 1.5 yards, point blank pistol +4: 10 + 0 + 4 = 14, rolls 3, location
    d20 11 abdomen, severity d6 2: light, 2 wound points). Turn 2 she punches: 15 - 1 (light
    wound) = 14, and Bo evades (-4): 10. She rolls 11: a miss, no bruise roll."""
    ann = person(coo=12, skills="{brawling: 3}", extra=", aim: none")
    bo = person(at="[1.5, 0]", extra=", aim: none")
    log = fight(brawl(ann, bo,
                      [("combat", "{other: waits}", "{shoot: Ann}"),
                       ("combat", "{strike: Bo, blows: 1}", "{move: {gait: evading}}")],
                      """
                      Bo: {to_hit: [3], location: [11], severity: [2]}
                      Ann: {to_hit: [11]}
                      """))
    wound = of(log, "wound_taken")[0]
    assert (wound.character, wound.severity, wound.wound_points) == ("Ann", "light", 2)
    blow = of(log, "blow_struck")[0]
    assert [(m.name, m.value) for m in blow.modifiers] == [("target_evading", -4),
                                                          ("light_wound", -1)]
    assert blow.chance == 10 and blow.roll == 11 and blow.result == "miss"
    assert not of(log, "bruise_taken")


def test_bruise_points_add_up_to_a_knockout_and_are_not_wounds():
    """Ann, STR 15 (+1 bruise, B19), COO 10 + Brawling 2 = 12, two blows a combat turn at Bo
    (STR 8). Turn 1: rolls 5 and 7, hits; bruise d6 3 + 1 = 4 and 2 + 1 = 3: 7 bruise points,
    not above 8. Turn 2: rolls 9, hit; d6 1 + 1 = 2: 9 > STR 8: knocked cold (passed out), his
    second blow not needed. No wound was ever recorded and his wound points stay 0; after the
    fight the 9 bruise points are gone and Bo comes to."""
    ann = person(str_=15, skills="{brawling: 2}")
    bo = person(str_=8, at="[1, 0]")
    log = fight(brawl(ann, bo, [("combat", "{strike: Bo}", ""), ("combat", "{strike: Bo}", "")],
                      """
                      Ann: {to_hit: [5, 7, 9], bruise: [3, 2, 1]}
                      """))
    bruises = of(log, "bruise_taken")
    assert [(b.roll, b.points, b.bruise_points) for b in bruises] == [(3, 4, 4), (2, 3, 7),
                                                                       (1, 2, 9)]
    assert [m.name for m in bruises[0].modifiers] == ["strength_15"]
    ko = of(log, "knocked_out")
    assert len(ko) == 1 and (ko[0].character, ko[0].bruise_points, ko[0].capacity) == ("Bo", 9, 8)
    assert not of(log, "wound_taken") and not of(log, "passed_out")
    last = of(log, "turn_ended")[-1].status
    bo_status = next(s for s in last if s.name == "Bo")
    assert bo_status.condition == "passed_out" and bo_status.wounds == ()
    assert bo_status.wound_points == 0 and bo_status.bruise_points == 9
    healed = of(log, "bruises_healed")[0]
    assert healed.healed == (("Bo", 9),) and healed.came_to == ("Bo",)
    assert log.events[-1].reason == "side_down"


def test_bruises_give_no_to_hit_penalty():
    """Bo has taken 5 bruise points from Ann's fist (roll 4, d6 5) but no wound: his own punch
    back is COO 10 + Brawling 0 = 10 with no modifier at all."""
    log = fight(brawl(person(skills="{brawling: 1}"), person(at="[1, 0]", str_=12),
                      [("combat", "{strike: Bo, blows: 1}", "{strike: Ann, blows: 1}")],
                      """
                      Ann: {to_hit: [4], bruise: [5]}
                      Bo: {to_hit: [15]}
                      """))
    back = of(log, "blow_struck", attacker="Bo")[0]
    assert back.modifiers == () and back.chance == 10 and back.result == "miss"


def test_a_six_knocks_the_man_down_prone():
    """Ann, COO 10 + Brawling 2 = 12 with brass knuckles (+1): rolls 8, hit; bruise d6 6 + 1 =
    7, and the 6 knocks Bo down: he is prone. Bo (STR 12) is not out (7 of 12). Her second
    blow: 12 again (no modifier for a prone man at arm's length: no size modifiers, B19):
    rolls 13, miss."""
    ann = person(skills="{brawling: 2}", weapons="[{type: brass_knuckles}]")
    log = fight(brawl(ann, person(at="[1, 0]", str_=12), [("combat", "{strike: Bo}", "")],
                      """
                      Ann: {to_hit: [8, 13], bruise: [6]}
                      """))
    b = of(log, "bruise_taken")[0]
    assert (b.roll, [(m.name, m.value) for m in b.modifiers], b.points) == (
        6, [("brass_knuckles", 1)], 7)
    assert b.knocked_down and b.prone
    second = of(log, "blow_struck")[1]
    assert second.chance == 12 and second.modifiers == () and second.result == "miss"
    status = next(s for s in of(log, "turn_ended")[0].status if s.name == "Bo")
    assert status.prone and status.condition == "active"


# ---------------------------------------------------------------------- holds


def test_a_hold_and_what_the_held_man_tries():
    """Turn 1 (combat): Bo, COO 10 + Brawling 2 = 12, grapples Ann: rolls 6, a hold (one try is
    enough; the second is not rolled). Turn 2 (combat): Ann, held, fires her pistol at Bo at 1
    yard: COO 10 + Pistol 2 = 12, point blank pistol +4, held -4: 12; rolls 13, miss; then
    Bo's blow at the held Ann: 12 + 4 (against a held man) = 16, rolls 16, hit, bruise d6 2.
    Turn 3: Ann tries to break free: COO 10 + Brawling 0 - 2 = 8, rolls 9, fails; then again
    (two tries a combat turn): rolls 3, free. Bo's blow then has no +4: 12, rolls 13, miss.
    Turn 4: Bo holds her again (rolls 2). Turn 5: Ann tries to walk away: refused, a held man
    cannot move; she strikes at -4: 10 - 4 = 6, rolls 6, hit, d6 3."""
    ann = person(skills="{pistol: 2}")
    bo = person(skills="{brawling: 2}", at="[1, 0]")
    log = fight(brawl(ann, bo, [
        ("combat", "{other: waits}", "{grapple: Ann}"),
        ("combat", "{shoot: Bo, shots: 1}", "{strike: Ann, blows: 1}"),
        ("combat", "{break_free: true}", "{strike: Ann, blows: 1}"),
        ("combat", "{other: waits}", "{grapple: Ann}"),
        ("combat", "{strike: Bo, blows: 1, move: {gait: walking, to: [-5, 0]}}", ""),
    ], """
        Bo: {to_hit: [6, 16, 13, 2], bruise: [2]}
        Ann: {to_hit: [13, 9, 3, 6], bruise: [3]}
        """))
    holds = [(h.turn, h.holder, h.held, h.change) for h in of(log, "hold_changed")]
    assert holds == [(1, "Bo", "Ann", "taken"), (3, "Bo", "Ann", "broken"),
                     (4, "Bo", "Ann", "taken")]
    shot = of(log, "shot_fired")[0]
    assert [(m.name, m.value) for m in shot.modifiers] == [("point_blank_pistol", 4),
                                                          ("held_fires", -4)]
    assert shot.chance == 12 and shot.result == "miss"
    held_blow = of(log, "blow_struck", attacker="Bo", turn=2)[0]
    assert [(m.name, m.value) for m in held_blow.modifiers] == [("against_held", 4)]
    assert held_blow.chance == 16 and held_blow.result == "hit"
    tries = of(log, "blow_struck", attacker="Ann", action="break_free")
    assert [(t.chance, t.roll, t.result) for t in tries] == [(8, 9, "miss"), (8, 3, "hit")]
    assert [(m.name, m.value) for m in tries[0].modifiers] == [("held_breaks_free", -2)]
    free_blow = of(log, "blow_struck", attacker="Bo", turn=3)[0]
    assert free_blow.modifiers == () and free_blow.chance == 12
    strike_back = of(log, "blow_struck", attacker="Ann", turn=5)[0]
    assert [(m.name, m.value) for m in strike_back.modifiers] == [("held_strikes", -4)]
    assert strike_back.chance == 6 and strike_back.result == "hit"
    refused = of(log, "action_refused", character="Ann", turn=5)
    assert [(r.action, r.reason) for r in refused] == [("move", "held")]
    assert not of(log, "moved", character="Ann")


def test_a_held_man_cannot_fire_a_long_arm():
    """Bo holds Ann (grapple: COO 10 + Brawling 2 = 12, rolls 4). Ann then fires
    her rifle: refused (a held man cannot fire a long arm, B19); no die is rolled for it."""
    ann = person(skills="{rifle: 2}", weapons="[{type: lever_action_rifle}]")
    bo = person(skills="{brawling: 2}", at="[1, 0]")
    log = fight(brawl(ann, bo, [("combat", "{other: waits}", "{grapple: Ann}"),
                                ("combat", "{shoot: Bo, shots: 1}", "")],
                      """
                      Bo: {to_hit: [4]}
                      """))
    r = of(log, "action_refused", character="Ann")
    assert [(x.action, x.reason) for x in r] == [("shoot", "held")]
    assert not of(log, "shot_fired")


def test_a_throw_ends_the_hold_with_d6_minus_2_bruise_points():
    """Ann, COO 10 + Brawling 4 = 14, grapples Bo in turn 1 (rolls 7: a hold). Turn 2 she
    throws him: no roll to hit (ruled), d6 5 - 2 = 3 bruise points, Bo lands prone and the
    hold ends. A throw's d6 of 1 would give 0, never less (not rolled here)."""
    ann = person(skills="{brawling: 4}")
    log = fight(brawl(ann, person(at="[1, 0]"), [("combat", "{grapple: Bo}", ""),
                                                 ("combat", "{throw: true}", "")],
                      """
                      Ann: {to_hit: [7], bruise: [5]}
                      """))
    assert [(h.turn, h.change) for h in of(log, "hold_changed")] == [(1, "taken"), (2, "thrown")]
    b = of(log, "bruise_taken")[0]
    assert (b.cause, b.roll, [(m.name, m.value) for m in b.modifiers], b.points) == (
        "throw", 5, [("throw", -2)], 3)
    assert b.prone and not b.knocked_down
    status = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Bo")
    assert status.prone and status.held_by is None and status.bruise_points == 3


# ---------------------------------------------------------------------- blades


def test_bowie_knife_wound_location_shift_and_severity():
    """Ann, COO 10 + Blades 4 = 14, Bowie knife (wound 0), aim vitals: rolls 9, hit. Location
    d20 12 + 4 (Blades x 1, a careful shot at short range, Table 13) = 16: chest. Severity d6 3
    + 1 (chest, Table 12) + 0 (Bowie knife) = 4: serious, 4 wound points. Her second blow:
    rolls 17, miss."""
    ann = person(skills="{blades: 4}", weapons="[{type: bowie_knife}]", extra=", aim: vitals")
    log = fight(brawl(ann, person(at="[1, 0]"), [("combat", "{strike: Bo}", "")],
                      """
                      Ann: {to_hit: [9, 17], location: [12], severity: [3]}
                      """))
    blow = of(log, "blow_struck")[0]
    assert [(m.name, m.value) for m in blow.base] == [("coo", 10), ("blades", 4)]
    assert blow.damage == "wound" and blow.weapon == "Bowie knife"
    loc = of(log, "location_rolled")[0]
    assert (loc.roll, loc.shift, loc.skill_name, loc.total, loc.location) == (
        12, 4, "blades", 16, "chest")
    w = of(log, "wound_taken")[0]
    assert (w.cause, w.severity_roll, w.total, w.severity, w.wound_points) == (
        "blade", 3, 4, "serious", 4)
    assert [(m.name, m.value) for m in w.modifiers] == [("chest_or_head", 1)]
    assert not of(log, "bruise_taken")


def test_knife_mortal_wound_luck_and_strength_checks():
    """Ann, COO 10 + Blades 2 = 12, a knife (-1), aim limbs is not declared: vitals. Rolls 3,
    hit; location d20 17 + 2 = 19: head; severity d6 6 + 1 (head) - 1 (knife) = 6: mortal.
    Bo's Luck check (5) rolls 12: failed; Strength check (10) rolls 4: made, dying; STR 10 - 4
    = 6: several minutes."""
    ann = person(skills="{blades: 2}", weapons="[{type: knife}]", extra=", aim: vitals")
    log = fight(brawl(ann, person(at="[1.5, 0]"), [("combat", "{strike: Bo, blows: 1}", "")],
                      """
                      Ann: {to_hit: [3], location: [17], severity: [6]}
                      Bo: {luck: [12], strength: [4]}
                      """))
    w = of(log, "wound_taken")[0]
    assert (w.location, w.total, w.rolled_severity) == ("head", 6, "mortal")
    assert [(m.name, m.value) for m in w.modifiers] == [("chest_or_head", 1), ("weapon", -1)]
    assert (w.mortal.outcome, w.mortal.difference, w.mortal.dying_time) == ("dying", 6, "minutes")
    assert log.events[-1].reason == "side_down"


def test_blade_ignores_cover():
    """Bo stands behind a bar covering his abdomen; Ann's knife (Blades 0, no shift) hits,
    location d20 12: abdomen. At arm's length no cover comes between (ruled, B19): the wound
    is taken, d6 2 - 1 (knife) = 1, light."""
    ann = person(weapons="[{type: knife}]")
    bo = person(at="[1, 0]", extra=", cover: {locations: [abdomen, legs]}")
    log = fight(brawl(ann, bo, [("combat", "{strike: Bo, blows: 1}", "")],
                      """
                      Ann: {to_hit: [2], location: [12], severity: [2]}
                      """))
    assert not of(log, "cover_hit")
    w = of(log, "wound_taken")[0]
    assert (w.location, w.total, w.severity) == ("abdomen", 1, "light")


# ---------------------------------------------------------------------- timing and reach


def test_blows_in_a_shootout_turn_land_on_their_counts():
    """Shootout turn: Ann (COO 12, Brawling 2 = 14) strikes Bo twice with her fists: a blow is
    2 counts (B19), so they land on counts 2 and 4; Bo (COO 10) draws his revolver normally (3
    counts) and fires a hipshot (2): count 5. Ann's blows roll 4 (hit, d6 1) and 18 (miss);
    Bo's hipshot at 1 yard: floor(10/4) + 0 = 2, point blank pistol +4 = 6, rolls 19, miss."""
    ann = person(coo=12, skills="{brawling: 2}")
    log = fight(brawl(ann, person(at="[1, 0]"),
                      [("shootout", "{strike: Bo, blows: 2}",
                        "{shoot: Ann, shots: [hip], draw: normal}")],
                      """
                      Ann: {to_hit: [4, 18], bruise: [1]}
                      Bo: {to_hit: [19]}
                      """))
    blows = of(log, "blow_struck")
    assert [(b.count, b.blow_number, b.result) for b in blows] == [(2, 1, "hit"), (4, 2, "miss")]
    assert of(log, "shot_fired")[0].count == 5
    plan = of(log, "counts_planned")[0].plan
    mine = [(p.action, p.due) for p in plan if p.character == "Ann"]
    assert mine == [("blow", 2), ("blow", 4)]


def test_drawing_a_knife_is_a_draw_and_a_grapple_takes_three_counts():
    """Shootout turn: Ann draws her Bowie knife (a normal draw, 3 counts, 000 l.211, B19) and
    strikes (2 counts): count 5. Bo grapples (3 counts): count 3, rolls 2, a hold; Ann's blow
    at count 5 is then at -4 (held): COO 10 + Blades 0 - 4 = 6, rolls 7, miss."""
    ann = person(weapons="[{type: single_action_revolver}, {type: bowie_knife}]")
    bo = person(skills="{brawling: 2}", at="[1, 0]")
    log = fight(brawl(ann, bo, [("shootout", "{strike: Bo, weapon: bowie_knife}",
                                 "{grapple: Ann}")],
                      """
                      Ann: {to_hit: [7]}
                      Bo: {to_hit: [2]}
                      """))
    draw = of(log, "draw_made")[0]
    assert (draw.character, draw.weapon, draw.counts) == ("Ann", "Bowie knife", 3)
    assert of(log, "hold_changed")[0].count == 3
    blow = of(log, "blow_struck", attacker="Ann")[0]
    assert blow.count == 5 and blow.chance == 6 and blow.result == "miss"


def test_reach_is_refused_at_three_yards_with_a_clear_line():
    """Bo stands 3 yards from Ann: her punch is refused (a blow reaches 2 yards, B19), with a
    line that says so; no die is rolled."""
    log = fight(brawl(person(), person(at="[3, 0]"), [("combat", "{strike: Bo}", "")], ""))
    r = of(log, "action_refused", character="Ann")
    assert [(x.action, x.reason, x.target, x.detail) for x in r] == [
        ("strike", "out_of_reach", "Bo", "3.0 yards")]
    assert not of(log, "blow_struck")
    from narrator.render import render
    text = render(log, "text", "teaching")
    assert "Ann cannot strike at Bo: Bo is out of reach: a blow or grapple reaches 2 yards " \
        "(ruling B19) (3.0 yards)." in text and text.count("reaches") == 1  # the reason once


def test_reach_two_yards_is_enough():
    """At exactly 2 yards the blow is made (reach 2 yards or less)."""
    log = fight(brawl(person(), person(at="[2, 0]"), [("combat", "{strike: Bo, blows: 1}", "")],
                      """
                      Ann: {to_hit: [11]}
                      """))
    assert of(log, "blow_struck")[0].distance == 2.0


def test_gun_butt_blow():
    """A strike whose weapon is a carried gun hits with its butt: +2 bruise (B19), Brawling."""
    ann = person(skills="{brawling: 1}")
    log = fight(brawl(ann, person(at="[1, 0]", str_=12),
                      [("combat", "{strike: Bo, blows: 1, weapon: single_action_revolver}", "")],
                      """
                      Ann: {to_hit: [5], bruise: [3]}
                      """))
    blow = of(log, "blow_struck")[0]
    assert (blow.weapon, blow.weapon_type) == ("single-action revolver butt", "gun_butt")
    b = of(log, "bruise_taken")[0]
    assert [(m.name, m.value) for m in b.modifiers] == [("gun_butt", 2)] and b.points == 5


# ---------------------------------------------------------------------- data and input


@pytest.mark.parametrize("wtype,skill,damage,bonus,wound", [
    ("knife", "blades", "wound", 0, -1), ("bowie_knife", "blades", "wound", 0, 0),
    ("tomahawk", "blades", "wound", 0, 1), ("axe", "blades", "wound", 0, 1),
    ("saber", "blades", "wound", 0, 0), ("club", "brawling", "bruise", 2, 0),
    ("brass_knuckles", "brawling", "bruise", 1, 0), ("gun_butt", "brawling", "bruise", 2, 0),
])
def test_weapon_rows_follow_b19(wtype, skill, damage, bonus, wound):
    w = tables.weapons()[wtype]
    assert (w.skill, w.damage, w.bruise_bonus, w.wound_modifier, w.kind) == (
        skill, damage, bonus, wound, "melee")
    assert w.source.startswith("ruled: B19")


def test_hand_to_hand_numbers_follow_b19():
    hh = tables.hand_to_hand()
    assert hh["reach"]["yards"] == 2
    assert (hh["timing"]["combat_turn_actions"], hh["timing"]["blow_counts"],
            hh["timing"]["grapple_counts"]) == (2, 2, 3)
    c = hh["chance"]
    assert (c["against_held"], c["held_strikes"], c["held_breaks_free"],
            c["held_fires_pistol"]) == (4, -4, -2, -4)
    assert (hh["bruise"]["strength_from"], hh["bruise"]["knockdown_roll"],
            hh["throw"]["bruise_modifier"]) == (15, 6, -2)
    assert tables.fists().skill == "brawling" and tables.fists().bruise_bonus == 0


@pytest.mark.parametrize("intent,message", [
    ("{strike: Bo, shoot: Bo}", "does not shoot that turn"),
    ("{strike: Bob}", "no character called 'Bob'"),
    ("{strike: Ann}", "cannot strike himself"),
    ("{strike: Bo, blows: 3}", "one or two blows"),
    ("{grapple: Bo, weapon: single_action_revolver}", "weapon: goes with strike"),
    ("{strike: Bo, reload: true}", "does not reload"),
    ("{strike: Bo, grapple: Bo}", "declare one of strike"),
])
def test_bad_hand_to_hand_intents_are_located(intent, message):
    text = brawl(person(), person(at="[1, 0]"), [("combat", intent, "")], "")
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(textwrap.dedent(text), "b.yaml")
    assert message in str(err.value)
    assert err.value.line is not None


def test_a_knife_is_not_shot():
    text = brawl(person(weapons="[{type: knife}]"), person(at="[1, 0]"),
                 [("combat", "{shoot: Bo, weapon: knife}", "")], "")
    with pytest.raises(ScenarioError, match="a knife is not shot"):
        load_scenario_text(textwrap.dedent(text), "b.yaml")


# ---------------------------------------------------------------------- odds, tactics


def test_odds_kernel_hands_hand_to_hand_to_the_engine():
    """The vectorised odds kernel does not fight hand to hand: a scenario with melee weapons,
    Brawling or Blades, or a melee intent goes to the engine, and says why."""
    from narrator.rulesets.boothill.kernel import _intent_reasons, not_covered
    from narrator.scenario import load_scenario
    from conftest import EXAMPLES
    sc = load_scenario(EXAMPLES / "saloon-brawl.yaml").scenario
    assert "hand to hand" in not_covered(sc)
    assert not_covered(load_scenario(EXAMPLES / "luke-short.yaml").scenario) == []
    from narrator.rulesets.boothill.scenario import Intent
    assert _intent_reasons(Intent(strike="Bo")) == ["hand to hand"]
    assert _intent_reasons(Intent(throw=True)) == ["hand to hand"]


def test_tactics_close_in_with_a_knife_and_brawl_in_reach():
    """Knifer (a Bowie knife, no gun, aggressive) stands 6 yards from Bo: his profile runs at
    him and, arriving within reach, strikes with the knife in the same turn (a shootout turn,
    Fister being within 20 feet of Bo: a run of 4 yards, to 2 yards from Bo). Fister (an empty
    revolver, no spare rounds) stands 1.5 yards from Bo: he punches (fists)."""
    from narrator.rulesets.boothill import tactics as tac
    from narrator.rulesets.boothill.fight import BootHillFight, profile_of
    from narrator.dice import ScriptedDice
    text = textwrap.dedent("""
        title: tactics
        max_turns: 1
        sides:
          a:
            - {name: Knifer, attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5},
               weapons: [{type: bowie_knife}], at: [0, 0], tactics: aggressive}
            - {name: Fister, attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5},
               weapons: [{type: single_action_revolver, loaded: 0, spare: 0}], at: [6, 1.5],
               tactics: cautious}
          b:
            - {name: Bo, attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5},
               weapons: [{type: single_action_revolver}], at: [6, 0]}
        """)
    ld = load_scenario_text(text)
    fight = BootHillFight(ld.scenario, ld.side_of, ScriptedDice({}, 1, "seeded"),
                          profile_of(ld.scenario), 1)
    knifer = tac.decide(fight, 1, fight.fighters["Knifer"])
    assert knifer.strike == "Bo" and knifer.weapon == "bowie_knife"
    assert knifer.move.gait == "running" and knifer.move.to == (4.0, 0.0)
    fister = tac.decide(fight, 1, fight.fighters["Fister"])
    assert fister.strike == "Bo" and fister.weapon == "fists" and fister.move is None


def test_a_blow_past_count_6_carries_into_the_next_shootout_turn():
    """Shootout turn 1: Ann draws her knife (a normal draw, 3 counts) and declares two blows
    (2 counts each): count 5, then count 7, which is count 1 of turn 2, where she declares
    nothing and her carried blow still lands (B13, B19). COO 10 + Blades 0 = 10: rolls 12
    (miss), then 4 (hit: Blades 0, no shift; location d20 5, left arm; severity d6 4 - 1
    (arm) - 1 (knife) = 2, light)."""
    ann = person(weapons="[{type: knife}]", extra=", aim: none")
    log = fight(brawl(ann, person(at="[1, 0]"), [("shootout", "{strike: Bo, blows: 2}", ""),
                                                 ("shootout", "{other: waits}",
                                                  "{other: ducks}")],
                      """
                      Ann: {to_hit: [12, 4], location: [5], severity: [4]}
                      """).replace("              Ann: {other: waits}\n", ""))
    blows = of(log, "blow_struck")
    assert [(b.turn, b.count, b.result) for b in blows] == [(1, 5, "miss"), (2, 1, "hit")]
    w = of(log, "wound_taken")[0]
    assert (w.location, w.total, w.severity) == ("left_arm", 2, "light")


def test_a_held_man_cannot_drop_prone_or_evade():
    """Bo holds Ann (grapple 12, rolls 5). Next turn Ann declares evading and dropping prone:
    refused (a held man cannot move, B19), she stays on her feet, and Bo's blow at her has
    no evading -4, only the +4 against a held man: 12 + 4 = 16, rolls 15, hit, d6 1."""
    bo = person(skills="{brawling: 2}", at="[1, 0]")
    log = fight(brawl(person(), bo, [
        ("combat", "{other: waits}", "{grapple: Ann}"),
        ("combat", "{move: {gait: evading, drop_prone: true}}", "{strike: Ann, blows: 1}")],
        """
        Bo: {to_hit: [5, 15], bruise: [1]}
        """))
    assert [(r.action, r.reason) for r in of(log, "action_refused", character="Ann")] == [
        ("move", "held")]
    assert not of(log, "moved")
    blow = of(log, "blow_struck", turn=2)[0]
    assert [(m.name, m.value) for m in blow.modifiers] == [("against_held", 4)]
    assert blow.chance == 16 and blow.result == "hit"
    ann = next(s for s in of(log, "turn_ended")[-1].status if s.name == "Ann")
    assert not ann.prone


def test_a_natural_20_at_a_chance_of_20_calls_for_a_luck_check_on_a_d20():
    """B4 for blows (B19: 1 and 20 as shots): Ann, COO 17 + Brawling 3 = 20, punches Bo
    standing next to her; a natural 20 at a chance of 20 or more is a Luck check: d20 3 <=
    Luck 5, a hit (bruise d6 2). The Luck die is a d20 (the roll log's sides)."""
    ann = person(coo=17, skills="{brawling: 3}")
    log = fight(brawl(ann, person(at="[1, 0]"), [("combat", "{strike: Bo, blows: 1}", "")],
                      """
                      Ann: {to_hit: [20], luck: [3], bruise: [2]}
                      """))
    (blow,) = of(log, "blow_struck")
    assert (blow.chance, blow.roll, blow.result) == (20, 20, "hit")
    assert [(r.purpose, r.sides, r.value) for r in log.rolls if r.who == "Ann"
            and r.purpose != "initiative"] == [("to_hit", 20, 20), ("luck", 20, 3),
                                                ("bruise", 6, 2)]


def test_a_gm_ruling_cancels_a_hand_to_hand_modifier_by_name():
    """``cancel_modifier`` works on blows as on shots: Ann, COO 12 + Brawling 3 = 15, punches
    Bo 1 yard off, who evades (target evading, Table 2, -4); a ruling
    says his evading does not count against her: the modifier is listed at 0 from the
    ruling, with its why, and the chance stays 15; roll 15 hits (bruise d6 4)."""
    ann = person(coo=12, skills="{brawling: 3}", at="[0, 0]")
    text = brawl(ann, person(at="[1, 0]"),
                 [("combat", "{strike: Bo, blows: 1}", "{move: {gait: evading}}")],
                 """
                 Ann: {to_hit: [15], bruise: [4]}
                 """).rstrip() + """
        rulings:
          - turn: 1
            cancel_modifier: {character: Ann, modifier: target_evading}
            why: he is cornered
        """
    log = fight(text)
    (blow,) = of(log, "blow_struck")
    assert [(m.name, m.value, m.source, m.why) for m in blow.modifiers] == [
        ("target_evading", 0, "ruling", "he is cornered")]
    assert (blow.chance, blow.roll, blow.result) == (15, 15, "hit")


def test_a_blows_declared_aim_overrides_the_characters():
    """The knife blow of ``test_knife_mortal_wound_luck_and_strength_checks``, but Ann's
    character aims at the limbs and her intent at the vitals: the intent's aim counts, the
    location d20 17 is shifted +2 (Blades 2) to 19, the head."""
    ann = person(skills="{blades: 2}", weapons="[{type: knife}]", extra=", aim: limbs")
    log = fight(brawl(ann, person(at="[1.5, 0]"),
                      [("combat", "{strike: Bo, blows: 1, aim: vitals}", "")],
                      """
                      Ann: {to_hit: [3], location: [17], severity: [6]}
                      Bo: {luck: [12], strength: [4]}
                      """))
    (loc,) = of(log, "location_rolled")
    assert (loc.aim, loc.shift) == ("vitals", 2)
    assert of(log, "wound_taken")[0].location == "head"


def test_a_natural_1_below_a_chance_of_1_calls_for_a_luck_check():
    """B4 for blows: Ann, COO 3 + Brawling 0 = 3, punches Bo, who evades (target evading
    -4, Table 2): chance -1. A natural 1 below a chance of 1 is a Luck check: d20 2 <= Luck
    5, a hit (bruise d6 1)."""
    log = fight(brawl(person(coo=3), person(at="[1, 0]"),
                      [("combat", "{strike: Bo, blows: 1}", "{move: {gait: evading}}")],
                      """
                      Ann: {to_hit: [1], luck: [2], bruise: [1]}
                      """))
    (blow,) = of(log, "blow_struck")
    assert (blow.chance, blow.roll, blow.result) == (-1, 1, "hit")
    assert [(r.purpose, r.sides, r.value) for r in log.rolls if r.who == "Ann"] == [
        ("to_hit", 20, 1), ("luck", 20, 2), ("bruise", 6, 1)]


def test_a_hold_ends_in_the_turn_the_held_man_goes_down():
    """Ann, COO 10 + Brawling 4 = 14, holds Bo (turn 1, roll 7); turn 2 she strikes him, +4
    against a held man: 18, rolls 5, bruise d6 4 > Bo's STR 3: he is knocked cold, and the
    hold ends that turn (B19, ruled: a hold ends when either man goes down)."""
    log = fight(brawl(person(skills="{brawling: 4}"), person(str_=3, at="[1, 0]"),
                      [("combat", "{grapple: Bo}", ""), ("combat", "{strike: Bo, blows: 1}", "")],
                      """
                      Ann: {to_hit: [7, 5], bruise: [4]}
                      """))
    assert [(h.turn, h.holder, h.held, h.change) for h in of(log, "hold_changed")] == [
        (1, "Ann", "Bo", "taken"), (2, "Ann", "Bo", "ended")]
    assert [(k.turn, k.character) for k in of(log, "knocked_out")] == [(2, "Bo")]


def test_in_a_shootout_turn_a_brawler_moves_into_reach_before_the_counts():
    """B19: a brawler's move comes first in a shootout turn too. Bo stands 3 yards off; Ann
    walks towards him (1 yard in a one-second turn, Table 3) and punches on count 2 from 2
    yards, within reach (COO 10 + Brawling 3 = 13, walking -2: 11), roll 4, a hit, bruise
    d6 2: the move is made before the blow's count, or the blow would be out of reach."""
    log = fight(brawl(person(skills="{brawling: 3}"), person(at="[3, 0]"),
                      [("shootout", "{strike: Bo, move: {gait: walking, to: [2, 0]}}", "")],
                      """
                      Ann: {to_hit: [4], bruise: [2]}
                      """))
    (moved,) = of(log, "moved")
    assert (moved.allowance, moved.end) == (1.0, (1.0, 0.0))
    (blow,) = of(log, "blow_struck")
    assert (blow.count, blow.distance, blow.chance, blow.result) == (2, 2.0, 11, "hit")
    kinds = [e.kind for e in log.events]
    assert kinds.index("moved") < kinds.index("blow_struck")
    assert of(log, "action_refused") == []
