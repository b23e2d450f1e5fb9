"""The Gaslight fight loop (narrator/rulesets/gaslight/fight.py) on small scenarios with
scripted dice: each test works the numbers by hand (002 lines, errata G1-G18, GN readings) and
checks the events agree; then property runs of tactics fights."""

from __future__ import annotations

import json

import pytest

from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.scenario import load_scenario_text

from conftest import of_kind, sizes


def load(sc: dict):
    """Load a Gaslight scenario dict (JSON is YAML) as ``narrator`` does."""
    return load_scenario_text(json.dumps(sc), "<test>")


def fight(sc: dict, seed: int | None = None):
    return run_fight(load(sc), seed)


def man(name: str, at=(0, 0), weapons=None, **kw) -> dict:
    out = {"name": name, "at": list(at), "str": 12, "dex": 12, "con": 12, "bab": 2, "hp": 10,
           "weapons": weapons or [{"type": "webley_revolver", "carried": "ready"}]}
    out.update(kw)
    return out


def scenario(a: list, b: list, turns: list, dice: dict | None = None, **extra) -> dict:
    sc = {"title": "test", "ruleset": "gaslight", "seed": 1, "dice_fallback": "seeded",
          "sides": {"posse": a, "gang": b}, "turns": turns}
    if dice:
        sc["dice"] = dice
    sc.update(extra)
    return sc


def mods(shot) -> dict:
    return {m.name: m.value for m in shot.modifiers}


# ---------------------------------------------------------------------- the round (G3)
def test_half_the_shots_at_initiative_and_the_rest_at_the_end():
    """002 l.12, G3: Ann (DEX 12, +1) 9 = 10 beats Bob 2 = 3. Ann fires six snap shots with
    her revolver at Bob 10 yards (30 ft: one full increment, -2): three at her initiative,
    then Bob's two (one and one), then her last three at the end of the round."""
    sc = scenario([man("Ann")], [man("Bob", at=(10, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 6},
                                "Bob": {"shoot": "Ann", "mode": "snap", "shots": 2}}}],
                  {"Ann": {"initiative": [9], "to_hit": [5] * 6},
                   "Bob": {"initiative": [2], "to_hit": [5, 5]}})
    log = fight(sc)
    shots = of_kind(log, "gl_shot")
    assert [(s.shooter, s.when) for s in shots] == [
        ("Ann", "initiative")] * 3 + [("Bob", "initiative"), ("Ann", "end"), ("Ann", "end"),
                                       ("Ann", "end"), ("Bob", "end")]
    assert mods(shots[0])["range"] == -2 and shots[0].feet == 30
    assert shots[-2].loaded == 0


def test_nobody_acts_when_down():
    """G10: Bob (hp 1, CON 10) takes Ann's first shot, a chest hit: 1d10 scripted 8, x1.5 =
    12: hit points 1 -> 0, 11 to Health 10 -> 0: dead. His declared shots never come; Ann's
    remaining shots at him are not fired (his condition shown)."""
    sc = scenario([man("Ann")], [man("Bob", at=(5, 0), hp=1, con=10)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2},
                                "Bob": {"shoot": "Ann"}}}],
                  {"Ann": {"initiative": [9], "to_hit": [19], "location": [5], "damage": [8]},
                   "Bob": {"initiative": [2]}})
    log = fight(sc)
    dmg = of_kind(log, "gl_damage")[0]
    assert (dmg.part, dmg.amount, dmg.hp, dmg.health, dmg.condition) == ("chest", 12, 0, 0, "dead")
    assert [s.shooter for s in of_kind(log, "gl_shot")] == ["Ann"]
    assert of_kind(log, "fight_ended")[0].standing == ("posse",)


# ---------------------------------------------------------------------- covering fire (G5)
def test_covering_fire_opens_the_fight_before_initiative():
    """002 l.65-68, G5, G18 h: Hal covers the doorway man, Rudd, trigger 'appears'; Rudd
    appears in round 1: Hal's shot goes before initiative, with no mode modifier; his revolver
    fires once more at his initiative and once at the end (l.68). Rudd's cover 50% (-4)."""
    sc = scenario([man("Hal", bab=3)],
                  [man("Rudd", at=(8, 0), cover="door", hp=100, con=18)],
                  [{"intents": {"Hal": {"covers": {"target": "Rudd", "when": "appears"}},
                                "Rudd": {"appears": True}}}],
                  {"Hal": {"initiative": [5], "to_hit": [10, 10, 10]},
                   "Rudd": {"initiative": [1]}},
                  map={"door": {"at": [8, 0], "cover": 50}})
    log = fight(sc)
    kinds = [e.kind for e in log.events if e.kind in ("gl_covering", "gl_initiative", "gl_shot")]
    assert kinds == ["gl_covering", "gl_covering", "gl_shot", "gl_initiative", "gl_shot",
                     "gl_shot"]
    trig = of_kind(log, "gl_covering", what="triggered")[0]
    assert trig.opening
    shots = of_kind(log, "gl_shot")
    assert [s.when for s in shots] == ["covering", "initiative", "end"]
    assert mods(shots[0]) == {"bab": 3, "dex": 1, "target_stationary_mobile": 1, "cover": -4}


def test_covering_is_broken_when_attacked():
    """002 l.70: the fight is under way (round 1: Cal misses Ann). Round 2: Ann covers Bob
    (trigger: he moves); Cal, first in initiative, shoots at Ann: her covering stops; Bob
    then moves and draws no covering shot."""
    sc = scenario([man("Ann")], [man("Bob", at=(10, 0)), man("Cal", at=(10, 5))],
                  [{"intents": {"Cal": {"shoot": "Ann", "mode": "aimed"}}},
                   {"intents": {"Ann": {"covers": {"target": "Bob", "when": "moves"}},
                                "Cal": {"shoot": "Ann", "mode": "aimed"},
                                "Bob": {"move": [12, 0]}}}],
                  {"Cal": {"initiative": [10, 10], "to_hit": [2, 2]},
                   "Ann": {"initiative": [1, 1]}, "Bob": {"initiative": [3, 3]}})
    log = fight(sc)
    assert [c.what for c in of_kind(log, "gl_covering")] == ["set", "broken"]
    assert [s.shooter for s in of_kind(log, "gl_shot")] == ["Cal", "Cal"]
    assert of_kind(log, "gl_moved")[0].character == "Bob"


def test_covering_trigger_during_the_round_interrupts():
    """002 l.69: round 2, Ann covers Bob (trigger: he moves); Bob acts first and moves: Ann's
    shot comes at once, before Cal's turn; her revolver's follow-ups (l.68) at her initiative
    and at the end."""
    sc = scenario([man("Ann")], [man("Bob", at=(10, 0), hp=200, con=18),
                                 man("Cal", at=(10, 5))],
                  [{"intents": {"Cal": {"shoot": "Ann", "mode": "aimed"}}},
                   {"intents": {"Ann": {"covers": {"target": "Bob", "when": "moves"}},
                                "Bob": {"move": [11, 0]},
                                "Cal": {"other": "waits"}}}],
                  {"Cal": {"initiative": [10, 5], "to_hit": [2]},
                   "Ann": {"initiative": [1, 1], "to_hit": [3, 3, 3]},
                   "Bob": {"initiative": [3, 9]}})
    log = fight(sc)
    order = [(e.kind, getattr(e, "when", "")) for e in log.events if e.turn == 2 and e.kind in
             ("gl_moved", "gl_shot", "other_action")] if False else [
        (e.kind, getattr(e, "when", "")) for e in log.events
        if e.kind in ("gl_moved", "gl_shot") and getattr(e, "turn", 0) == 2]
    assert order == [("gl_moved", ""), ("gl_shot", "covering"), ("gl_shot", "initiative"),
                     ("gl_shot", "end")]
    gi = of_kind(log, "gl_initiative")[1]
    assert [r.modifier for r in gi.rolls if r.name == "Ann"] == [2]  # DEX +1, covering +1


# ---------------------------------------------------------------------- fast draw (G8)
def test_fast_draw_example_the_winner_fires_first_and_kills():
    """002 l.105: A DX 18 + 3 points + 2 (a 2.5-inch Bull Dog) = 23; B DX 15 + 1 + 2 = 18;
    scaled 19 and 14. A rolls 12 (margin 7), B 13 (1): A first; his shot (to hit 19: a
    head hit, x1.5 critical: 1d10 8 -> 12 to Health 10: dead) kills B before he fires."""
    a = man("A", dex=18, skills={"quick_draw": 3}, weapons=[{"type": "bulldog_revolver"}])
    b = man("B", at=(5, 0), dex=15, con=10, skills={"quick_draw": 1},
            weapons=[{"type": "bulldog_revolver"}])
    sc = scenario([a], [b], [{"fast_draw": ["A", "B"],
                              "intents": {"A": {"shoot": "B"}, "B": {"shoot": "A"}}}],
                  {"A": {"fast_draw": [12], "to_hit": [19], "location": [20], "damage": [8]},
                   "B": {"fast_draw": [13]}})
    log = fight(sc)
    fd = of_kind(log, "gl_fast_draw")[0]
    assert fd.adjusted == (23, 18) and fd.scores == (19, 14) and fd.drop == 4
    assert fd.margins == (7, 1) and fd.order == ("A", "B") and fd.decided_by == "margin"
    shots = of_kind(log, "gl_shot")
    assert [(s.shooter, s.when, s.mode) for s in shots] == [("A", "contest", "snap")]
    dmg = of_kind(log, "gl_damage")[0]
    assert (dmg.part, dmg.amount, dmg.to_health, dmg.why_health, dmg.health) == (
        "head", 12, True, "critical", 0)
    assert not of_kind(log, "gl_initiative")  # the fight ended in the contest


def test_fast_draw_tie_of_tenths_both_shots_go_off():
    """002 l.110, G18 b: equal scores 14, rolls 10 and 10, equal quick-draw points: d10s 6 and
    3: B's tenth is earlier; B's shot kills A, and A's shot still goes off."""
    a = man("A", dex=13, hp=1, con=3, skills={"quick_draw": 1})
    b = man("B", at=(5, 0), dex=13, skills={"quick_draw": 1})
    sc = scenario([a], [b], [{"fast_draw": ["A", "B"],
                              "intents": {"A": {"shoot": "B"}, "B": {"shoot": "A"}}}],
                  {"A": {"fast_draw": [10], "tenth": [6], "to_hit": [3]},
                   "B": {"fast_draw": [10], "tenth": [3], "to_hit": [18], "location": [5],
                         "damage": [4]}})
    log = fight(sc)
    fd = of_kind(log, "gl_fast_draw")[0]
    assert fd.tenths == (6, 3) and fd.order == ("B", "A") and fd.both_fire
    assert [s.shooter for s in of_kind(log, "gl_shot")][:2] == ["B", "A"]
    assert of_kind(log, "gl_damage")[0].condition == "dead"


# ---------------------------------------------------------------------- fanning (G14)
def test_fanning_at_18_feet():
    """002 l.469: the target 6 yards (18 ft) away: the six fanned shots at -6, -7, -8, -9,
    -9, -9, all in the first half of the round (l.410)."""
    tom = man("Tom", skills={"fanning": True},
              weapons=[{"type": "single_action_revolver", "carried": "ready"}])
    sc = scenario([tom], [man("Bob", at=(6, 0), hp=200, con=18)],
                  [{"intents": {"Tom": {"shoot": "Bob", "mode": "fanning"}}}],
                  {"Tom": {"initiative": [9], "to_hit": [2] * 6}, "Bob": {"initiative": [1]}})
    shots = of_kind(fight(sc), "gl_shot")
    assert [s.when for s in shots] == ["initiative"] * 6
    fan = [mods(s)["fanning_recoil"] + mods(s)["fanning_range"] for s in shots]
    assert fan == [-6, -7, -8, -9, -9, -9]


# ---------------------------------------------------------------------- recoil (G12)
def test_recoil_light_shooter_with_a_45_pistol():
    """002 l.134-135, l.246-248: Kitty (STR 8, 105 lbs) fires a .45 Webley twice: each shot a
    check d20 - 1 against 10. First 6: 5, failed by 5: knocked down, the gun dropped: her
    second shot never comes. Next round she stands and picks it up (two move actions)."""
    kitty = man("Kitty", str=8, weight=105)
    sc = scenario([kitty], [man("Bob", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Kitty": {"shoot": "Bob", "mode": "snap", "shots": 2}}},
                   {"intents": {"Kitty": {"shoot": "Bob"}}}],
                  {"Kitty": {"initiative": [9, 9], "to_hit": [3], "recoil": [6]},
                   "Bob": {"initiative": [1, 1]}})
    log = fight(sc)
    rc = of_kind(log, "gl_recoil")
    assert [(r.roll, r.modifier, r.total, r.result, r.min_str, r.min_weight) for r in rc] == [
        (6, -1, 5, "knocked_down", 13, 150)]
    assert len(of_kind(log, "gl_shot")) == 1
    assert of_kind(log, "gl_blocked")[0].reason == "knocked_down"


def test_recoil_failure_gives_minus_4_to_later_shots():
    """l.135, G18 f: a check failed by 2 (d20 7 - 1 = 6... failed by 4): -4 to her later
    shots this round; a second failure adds nothing (still -4)."""
    kitty = man("Kitty", str=8, weight=105)
    sc = scenario([kitty], [man("Bob", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Kitty": {"shoot": "Bob", "mode": "snap", "shots": 3}}}],
                  {"Kitty": {"initiative": [9], "to_hit": [3, 3, 3], "recoil": [7, 8, 12]},
                   "Bob": {"initiative": [1]}})
    log = fight(sc)
    shots = of_kind(log, "gl_shot")
    assert [mods(s).get("recoil", 0) for s in shots] == [0, -4, -4]
    assert [r.result for r in of_kind(log, "gl_recoil")] == ["disrupted", "disrupted", "held"]


# ---------------------------------------------------------------------- point blank (G6)
def test_point_blank_plus_8_damage_to_health():
    """002 l.72: the muzzle pressed to Bob (same spot): +8, no range; a hit in the arm, 1d10
    6: straight to Health (12 -> 6: unconscious, at or below half of CON 12); hit points
    untouched."""
    sc = scenario([man("Ann")], [man("Bob", at=(0, 0))],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "point_blank"}}}],
                  {"Ann": {"initiative": [9], "to_hit": [4], "location": [8], "damage": [6]},
                   "Bob": {"initiative": [1]}})
    log = fight(sc)
    shot = of_kind(log, "gl_shot")[0]
    assert mods(shot)["point_blank"] == 8 and "range" not in mods(shot)
    dmg = of_kind(log, "gl_damage")[0]
    assert (dmg.to_health, dmg.why_health, dmg.hp, dmg.health, dmg.condition) == (
        True, "point_blank", 10, 6, "unconscious")


# ---------------------------------------------------------------------- two guns (G13)
def test_two_guns_with_the_skill_made_and_without():
    """002 l.364-405, G18 c: Ann (DEX 12) snap with the primary and snap with the off hand.
    Round 1: her Off Hand Shooting roll 14 + 1 = 15: made: primary no penalty, off hand -5
    (the table's whole modifier). Round 2: 13 + 1 = 14, failed: -6 and -10 (l.349)."""
    ann = man("Ann", skills={"off_hand_shooting": True},
              weapons=[{"type": "webley_revolver", "carried": "ready"},
                       {"type": "bulldog_revolver", "name": "pocket pistol", "hand": "off",
                        "carried": "ready"}])
    intent = {"shoot": "Bob", "mode": "snap", "shots": 1,
              "off_hand": {"shoot": "Bob", "mode": "snap"}}
    sc = scenario([ann], [man("Bob", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Ann": intent}}, {"intents": {"Ann": intent}}],
                  {"Ann": {"initiative": [9, 9], "to_hit": [2] * 4, "off_hand": [14, 13]},
                   "Bob": {"initiative": [1, 1]}})
    log = fight(sc)
    shots = of_kind(log, "gl_shot")
    assert [(s.turn, s.hand) for s in shots] == [(1, "primary"), (1, "off"), (2, "primary"),
                                                 (2, "off")]
    assert "two_guns" not in mods(shots[0]) and mods(shots[1])["off_hand_table"] == -5
    assert mods(shots[2])["two_guns"] == -6 and mods(shots[3])["off_hand"] == -10
    assert [o.made for o in of_kind(log, "gl_off_hand")] == [True, False]


# ---------------------------------------------------------------------- unfamiliar (G15)
def test_unfamiliar_gun_minus_3_2_1():
    """002 l.127-133: a stolen revolver (familiar: false): -3, -2, -1, then nothing."""
    ann = man("Ann", weapons=[{"type": "revolver", "familiar": False, "carried": "ready"}])
    sc = scenario([ann], [man("Bob", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 4}}}],
                  {"Ann": {"initiative": [9], "to_hit": [2] * 4}, "Bob": {"initiative": [1]}})
    shots = of_kind(fight(sc), "gl_shot")
    assert [mods(s).get("unfamiliar", 0) for s in shots] == [-3, -2, -1, 0]


# ---------------------------------------------------------------------- malfunctions (G11)
def test_old_gun_on_smokeless_bursts_on_a_natural_1_and_a_6():
    """002 l.5, G11, G18 g: Pike's old Bull Dog on smokeless rolls a natural 1, then a 6: it
    bursts: 1d6 (scripted 4) to Pike's hit points (9 -> 5), 1d2 (2) to Ann beside him (within
    a yard); the gun is destroyed; his next shot is refused."""
    pike = man("Pike", hp=9, weapons=[{"type": "bulldog_revolver", "old": True,
                                       "powder": "smokeless", "carried": "ready"}])
    sc = scenario([pike, man("Ann", at=(0, 1))], [man("Bob", at=(8, 0))],
                  [{"intents": {"Pike": {"shoot": "Bob", "mode": "snap", "shots": 2}}}],
                  {"Pike": {"initiative": [9], "to_hit": [1], "malfunction": [6],
                            "burst": [4, 2]},
                   "Ann": {"initiative": [2]}, "Bob": {"initiative": [1]}})
    log = fight(sc)
    mal = of_kind(log, "gl_malfunction")[0]
    assert (mal.result, mal.burst) == ("burst", (("Pike", (4,)), ("Ann", (2,))))
    status = {s.name: s for s in of_kind(log, "turn_ended")[0].status}
    assert status["Pike"].wound_points == 5 and status["Ann"].wound_points == 8
    assert status["Pike"].weapons[0].state == "burst"


def test_the_same_roll_on_a_new_gun_only_jams():
    """G11: a 6 on a gun that is not old (or not on smokeless) is a jam."""
    pike = man("Pike", weapons=[{"type": "bulldog_revolver", "powder": "smokeless",
                                 "carried": "ready"}])
    sc = scenario([pike], [man("Bob", at=(8, 0))],
                  [{"intents": {"Pike": {"shoot": "Bob"}}}],
                  {"Pike": {"initiative": [9], "to_hit": [1], "malfunction": [6]},
                   "Bob": {"initiative": [1]}})
    assert of_kind(fight(sc), "gl_malfunction")[0].result == "jam"


# ---------------------------------------------------------------------- drawing
def test_drawing_from_a_pocket_costs_the_first_half():
    """002 l.26, GN17: a pistol in a pocket takes a standard action to draw: of two snap shots
    the one at initiative is lost; the other goes at the end of the round."""
    ann = man("Ann", weapons=[{"type": "revolver", "carried": "pocket"}])
    sc = scenario([ann], [man("Bob", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2}}}],
                  {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    log = fight(sc)
    draw = of_kind(log, "gl_draw")[0]
    assert (draw.action, draw.cost) == ("standard", "his first shots")
    assert [s.when for s in of_kind(log, "gl_shot")] == ["end"]


# ---------------------------------------------------------------------- located errors
@pytest.mark.parametrize("change,message", [
    (lambda s: s["sides"]["posse"][0]["weapons"][0].update(type="webly_revolver"),
     "did you mean 'webley_revolver'"),
    (lambda s: s["turns"][0]["intents"]["Ann"].update(mode="fanning"),
     "only a single-action revolver can be fanned"),
    (lambda s: s["turns"][0]["intents"]["Ann"].update(called="head"),
     "only an aimed shot may be called"),
    (lambda s: s["sides"]["posse"][0].update(skills={"sharp_shooter": True}),
     "Sharp Shooter is a Fighter's skill"),
    (lambda s: s["turns"][0]["intents"]["Ann"].update(shoot="Bobb"), "did you mean 'Bob'"),
    (lambda s: s.update(conditions={"light": "poor", "light_modifier": -6}),
     "light poor is -1 to -4"),
    (lambda s: s["dice"]["Ann"].update(tohit=[3]), "did you mean 'to_hit'"),
])
def test_bad_input_is_one_located_line(change, message):
    sc = scenario([man("Ann")], [man("Bob", at=(5, 0))],
                  [{"intents": {"Ann": {"shoot": "Bob"}}}], {"Ann": {"to_hit": [3]}})
    change(sc)
    with pytest.raises(ScenarioError) as exc:
        load(sc)
    assert message in exc.value.one_line()
    assert exc.value.line is not None


# ---------------------------------------------------------------------- properties
def _random_fight(seed: int):
    import random
    rnd = random.Random(seed)
    guns = ["revolver", "single_action_revolver", "webley_revolver", "bulldog_revolver",
            "derringer", "repeater", "rifle", "shotgun", "sawed_off", "coach_gun", "carbine"]
    profiles = ["aggressive", "cautious", "coward", "sniper", "lawman"]
    sides = {}
    for side in ("A", "B"):
        sides[side] = [{
            "name": f"{side}{i}", "str": rnd.randint(6, 16), "dex": rnd.randint(6, 18),
            "con": rnd.randint(6, 16), "bab": rnd.randint(0, 4), "hp": rnd.randint(3, 14),
            "weight": rnd.randint(100, 220),
            "skills": {"quick_draw": rnd.randint(0, 3), "fanning": rnd.random() < 0.5,
                       "rapid_reload": rnd.random() < 0.3},
            "weapons": [{"type": rnd.choice(guns), "old": rnd.random() < 0.3,
                         "powder": rnd.choice(["black", "smokeless"]),
                         "familiar": rnd.random() < 0.8,
                         "carried": rnd.choice(["ready", "holster", "pocket"])}],
            "at": [rnd.randint(0, 12) + (20 if side == "B" else 0), rnd.randint(-5, 5)],
            "tactics": rnd.choice(profiles)} for i in range(rnd.randint(1, 3))]
    sc = {"title": "p", "ruleset": "gaslight", "seed": seed, "sides": sides, "max_turns": 8,
          "conditions": {"light": rnd.choice(["good", "poor"]),
                         "weather": rnd.choice(["clear", "light_fog", "fog"])}}
    return fight(sc)


@pytest.mark.parametrize("n", sizes(25, 300))
def test_properties_of_tactics_fights(n):
    """Over many random tactics fights: no one acts while down (no shot, move, draw or reload
    by a man after he went down, but the loser's shot of a tie of tenths, l.110); the shots
    of one gun in one mode in one round never exceed what its class allows in that mode
    (002 l.38-72, at its full load, with its barrels; both barrels at once count two rounds,
    l.40); hit points and Health never rise."""
    from narrator.rulesets.gaslight import rules as R
    from narrator.rulesets.gaslight.weapons import weapon_types
    barrels = {row["name"]: row["barrels"] for row in weapon_types().values()}
    for seed in range(n):
        log = _random_fight(seed)
        roster = of_kind(log, "gl_roster")[0]
        guns = {(f.name, g.name): g for f in roster.fighters for g in f.guns}
        down: set[str] = set()
        last: dict[str, tuple[int, int]] = {f.name: (f.hp, f.health) for f in roster.fighters}
        count: dict[tuple, int] = {}
        for e in log.events:
            if e.kind in ("gl_moved", "gl_draw", "gl_reloaded"):
                assert e.character not in down, (seed, e)
            if e.kind == "gl_shot":
                assert e.shooter not in down or e.when == "contest", (seed, e)
                g = guns[(e.shooter, e.weapon)]
                key = (e.turn, e.shooter, e.weapon, e.mode)
                count[key] = count.get(key, 0) + e.barrels
                assert count[key] <= R.max_shots(e.mode, g.klass, g.capacity,
                                                 barrels[g.name]), (seed, e)
            if e.kind == "gl_damage":
                assert e.hp <= last[e.target][0] and e.health <= last[e.target][1], (seed, e)
                last[e.target] = (e.hp, e.health)
            if e.kind == "gl_down":
                down.add(e.character)
            if e.kind == "turn_ended":
                for st in e.status:
                    assert st.wound_points <= last[st.name][0], (seed, st)
                    assert st.capacity <= last[st.name][1], (seed, st)
                    last[st.name] = (st.wound_points, st.capacity)
        assert of_kind(log, "fight_ended")


def test_covering_trigger_shoots_waits_for_the_shot():
    """002 l.62, l.69, G5: Ann covers Rudd, trigger "shoots". Rudd draws from a pocket, a
    standard action (002 l.26): his shot at initiative is lost and his one snap shot goes at
    the end of the round (at Cal). Until that shot he has not fired, so Ann's covering shot
    comes right after it, at the end of the round, not after his draw at his initiative."""
    rudd = man("Rudd", at=(5, 0), hp=200, con=18,
               weapons=[{"type": "revolver", "carried": "pocket"}])
    sc = scenario([man("Ann"), man("Cal", at=(0, 5), hp=200, con=18)], [rudd],
                  [{"intents": {"Ann": {"covers": {"target": "Rudd", "when": "shoots"}},
                                "Cal": {"other": "waits"},
                                "Rudd": {"shoot": "Cal", "mode": "snap", "shots": 2}}}],
                  {"Ann": {"initiative": [1], "to_hit": [2, 2]}, "Cal": {"initiative": [2]},
                   "Rudd": {"initiative": [9], "to_hit": [2]}})
    log = fight(sc)
    shots = [(s.shooter, s.when) for s in of_kind(log, "gl_shot")]
    assert shots[:2] == [("Rudd", "end"), ("Ann", "covering")]


# ---------------------------------------------------------------------- every covering trigger
def _shots(log):
    return [(s.shooter, s.when) for s in of_kind(log, "gl_shot")]


def test_covering_trigger_moves_opens_the_fight():
    """002 l.65, G5: Ann covers Bob (trigger: he moves) before anyone has fired; Bob's
    declared move sets it off: her shot goes before initiative (no mode modifier, G18 h), then
    her revolver's follow-ups at her initiative and the end (l.68); Bob's move comes after."""
    sc = scenario([man("Ann")], [man("Bob", at=(10, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"covers": {"target": "Bob", "when": "moves"}},
                                "Bob": {"move": [12, 0]}}}],
                  {"Ann": {"initiative": [1], "to_hit": [3, 3, 3]}, "Bob": {"initiative": [9]}})
    log = fight(sc)
    kinds = [e.kind for e in log.events if e.kind in ("gl_shot", "gl_initiative", "gl_moved")]
    assert kinds == ["gl_shot", "gl_initiative", "gl_moved", "gl_shot", "gl_shot"]
    assert of_kind(log, "gl_covering", what="triggered")[0].opening
    assert _shots(log) == [("Ann", "covering"), ("Ann", "initiative"), ("Ann", "end")]
    assert mods(of_kind(log, "gl_shot")[0]) == {"bab": 2, "dex": 1, "range": -2,
                                                "target_stationary_mobile": 1}


def test_covering_trigger_appears_during_the_round_comes_before_his_shot():
    """002 l.63, l.69: round 2 (the fight is on), Ann covers Rudd (trigger: he appears). Rudd
    acts first: he steps into view and fires one snap shot at Cal; the appearing comes first,
    so Ann's covering shot goes before Rudd's; her follow-ups (l.68) at her initiative and the
    end."""
    sc = scenario([man("Ann"), man("Cal", at=(0, 5), hp=200, con=18)],
                  [man("Rudd", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Cal": {"shoot": "Rudd", "mode": "aimed"}}},
                   {"intents": {"Ann": {"covers": {"target": "Rudd", "when": "appears"}},
                                "Cal": {"other": "waits"},
                                "Rudd": {"appears": True, "shoot": "Cal", "mode": "snap",
                                         "shots": 1}}}],
                  {"Cal": {"initiative": [10, 2], "to_hit": [2]},
                   "Ann": {"initiative": [1, 1], "to_hit": [3, 3, 3]},
                   "Rudd": {"initiative": [3, 9], "to_hit": [2]}})
    log = fight(sc)
    assert [x for x in _shots(log) if x[0] != "Cal"] == [
        ("Ann", "covering"), ("Rudd", "initiative"), ("Ann", "initiative"), ("Ann", "end")]
    trig = of_kind(log, "gl_covering", what="triggered")[0]
    assert (trig.turn, trig.trigger, trig.opening) == (2, "appears", False)


def test_covering_trigger_shoots_goes_off_on_the_first_shot_of_a_volley():
    """002 l.69 ("IMMEDIATELY"), GN19: Rudd fires six snap shots at Cal, three at his
    initiative; Ann, covering him (trigger: he shoots), fires right after his first shot,
    before his second."""
    sc = scenario([man("Ann"), man("Cal", at=(0, 5), hp=200, con=18)],
                  [man("Rudd", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"covers": {"target": "Rudd", "when": "shoots"}},
                                "Cal": {"other": "waits"},
                                "Rudd": {"shoot": "Cal", "mode": "snap", "shots": 6}}}],
                  {"Ann": {"initiative": [1], "to_hit": [2, 2, 2]}, "Cal": {"initiative": [2]},
                   "Rudd": {"initiative": [9], "to_hit": [2] * 6}})
    log = fight(sc)
    assert _shots(log)[:3] == [("Rudd", "initiative"), ("Ann", "covering"),
                               ("Rudd", "initiative")]


def test_covered_man_who_shoots_his_coverer_sets_off_the_trigger_first():
    """002 l.69-70, GN19: Ann covers Rudd (trigger: he shoots) and Rudd shoots at Ann. His
    shot is the trigger and the attack at once; the trigger comes first: Ann fires her one
    covering shot, and only then does the attack break off her covering, so her revolver's
    follow-ups (l.68) never come. Rudd's second snap shot goes at the end of the round."""
    sc = scenario([man("Ann", hp=200, con=18)], [man("Rudd", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"covers": {"target": "Rudd", "when": "shoots"}},
                                "Rudd": {"shoot": "Ann", "mode": "snap", "shots": 2}}}],
                  {"Ann": {"initiative": [1], "to_hit": [3]},
                   "Rudd": {"initiative": [9], "to_hit": [2, 2]}})
    log = fight(sc)
    assert _shots(log) == [("Rudd", "initiative"), ("Ann", "covering"), ("Rudd", "end")]
    assert [c.what for c in of_kind(log, "gl_covering")] == ["set", "triggered", "broken"]


def test_covered_man_who_downs_his_coverer_gets_no_covering_shot():
    """002 l.69-70: the same, but Rudd's shot hits Ann in the head (1d10 scripted 10, x1.5
    critical: 15 to Health 12: dead): the trigger came first, but a dead woman fires
    nothing."""
    sc = scenario([man("Ann")], [man("Rudd", at=(5, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"covers": {"target": "Rudd", "when": "shoots"}},
                                "Rudd": {"shoot": "Ann", "mode": "snap", "shots": 2}}}],
                  {"Ann": {"initiative": [1]},
                   "Rudd": {"initiative": [9], "to_hit": [19], "location": [20],
                            "damage": [10]}})
    log = fight(sc)
    assert _shots(log) == [("Rudd", "initiative")]
    assert [c.what for c in of_kind(log, "gl_covering")] == ["set"]


def test_covering_trigger_shoots_in_a_fast_draw_contest():
    """002 l.69, l.99-110: Cal covers A (trigger: he shoots) while A and B settle it with a
    fast draw. A wins (12 under 15 against B's failed 19) and fires on the draw; Cal's
    covering shot follows at once, before B's shot."""
    a = man("A", dex=14, skills={"quick_draw": 1})
    b = man("B", at=(5, 0), dex=14, skills={"quick_draw": 1}, hp=200, con=18)
    cal = man("Cal", at=(5, 3))
    sc = scenario([a], [b, cal],
                  [{"fast_draw": ["A", "B"],
                    "intents": {"A": {"shoot": "B"}, "B": {"shoot": "A"},
                                "Cal": {"covers": {"target": "A", "when": "shoots"}}}}],
                  {"A": {"fast_draw": [12], "to_hit": [2]}, "B": {"fast_draw": [19],
                                                                   "to_hit": [2]},
                   "Cal": {"to_hit": [2]}})
    log = fight(sc)
    assert _shots(log)[:3] == [("A", "contest"), ("Cal", "covering"), ("B", "contest")]


# ---------------------------------------------------------------------- a fast draw's mode
FAST_DRAW_YAML = """\
title: test
ruleset: gaslight
sides:
  posse:
    - {name: Ann, at: [0, 0], skills: {quick_draw: 2}}
  gang:
    - {name: Bob, at: [5, 0]}
turns:
  - fast_draw: [Ann, Bob]
    intents:
      Ann: {shoot: Bob, mode: aimed, called: chest}
"""


@pytest.mark.parametrize("intent,column,words", [
    ("{shoot: Bob, mode: aimed, called: chest}", 31, "give mode: snap or leave mode out, not aimed"),
    ("{shoot: Bob, mode: rapid}", 31, "not rapid"),
    ("{shoot: Bob, mode: fanning}", 31, "not fanning"),
    ("{covers: {target: Bob, when: moves}}", 21, "he cannot cover this round"),
])
def test_a_fast_draw_refuses_a_declared_mode_it_does_not_allow(intent, column, words):
    """002 l.102: "The shots are Snap Shots, draw and fire, no Aimed Shots": a contestant's
    aimed (and so called) shot, or any other mode, or covering fire, is refused where it is
    declared: one line, file:line:column, instead of a silent snap shot."""
    text = FAST_DRAW_YAML.replace("{shoot: Bob, mode: aimed, called: chest}", intent)
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(text, "fd.yaml")
    line = exc.value.one_line()
    assert line.startswith(f"fd.yaml:11:{column}: Ann is in this round's fast-draw contest")
    assert "002 l.102" in line and words in line and "\n" not in line


def test_a_fast_draw_refuses_a_rapid_off_hand():
    text = FAST_DRAW_YAML.replace(
        "{shoot: Bob, mode: aimed, called: chest}",
        "{shoot: Bob, off_hand: {shoot: Bob, mode: rapid}}").replace(
        "{name: Ann, at: [0, 0], skills: {quick_draw: 2}}",
        "{name: Ann, at: [0, 0], weapons: [{type: revolver}, {type: derringer, hand: off}]}")
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(text, "fd.yaml")
    assert exc.value.one_line().startswith("fd.yaml:11:")
    assert "the off hand fires snap too, not rapid" in exc.value.one_line()


def test_a_fast_draw_contestant_of_a_tactics_profile_fires_snap():
    """002 l.102: a cautious man would fire aimed while unhurried, but in a fast-draw
    contest his profile fires snap shots at the other man: the contest's shot, then the other
    five of his revolver's six at the end of the round (002 l.50, GN18)."""
    a = man("A", dex=14, skills={"quick_draw": 1}, tactics="cautious")
    b = man("B", at=(5, 0), dex=14, skills={"quick_draw": 1}, hp=200, con=18)
    sc = scenario([a], [b], [{"fast_draw": ["A", "B"], "intents": {"B": {"shoot": "A"}}}],
                  {"A": {"fast_draw": [5], "initiative": [9], "to_hit": [2] * 6},
                   "B": {"fast_draw": [19], "initiative": [1], "to_hit": [2]}})
    log = fight(sc)
    a_shots = [(s.when, s.mode) for s in of_kind(log, "gl_shot") if s.shooter == "A"]
    assert a_shots == [("contest", "snap")] + [("end", "snap")] * 5


# ---------------------------------------------------------------------- both barrels (l.40)
def _gus(**kw):
    return man("Gus", weapons=[{"type": "coach_gun", "carried": "ready", **kw}])


def test_both_barrels_at_once_one_attack_double_damage():
    """002 l.40, G18 d, GN20: Gus (DEX 12 +1, BAB 2) fires both barrels of his coach gun (12
    bore, 2d8) at once, aimed, at Bob 5 yards off (15 ft: inside the 30 ft increment). One
    roll: d20 10 + 2 + 1 + 4 (aimed) + 1 (Bob standing) = 18 against Bob's AC 11: a hit. The
    upper right arm (x1): 2d8 5 + 6 = 11, x2 = 22: Bob's 30 hit points -> 8. Both rounds
    spent; one shot, one damage roll."""
    sc = scenario([_gus()], [man("Bob", at=(5, 0), hp=30, con=18)],
                  [{"intents": {"Gus": {"shoot": "Bob", "mode": "aimed",
                                        "both_barrels": True}}}],
                  {"Gus": {"initiative": [9], "to_hit": [10], "location": [10],
                           "damage": [5, 6]}, "Bob": {"initiative": [1]}})
    log = fight(sc)
    (shot,) = of_kind(log, "gl_shot")
    assert (shot.barrels, shot.mode, shot.total, shot.result, shot.loaded) == (
        2, "aimed", 18, "hit", 0)
    assert mods(shot)["aimed"] == 4
    (dmg,) = of_kind(log, "gl_damage")
    assert (dmg.dice, dmg.amount, dmg.hp) == ((5, 6), 22, 8)
    # a multiplier carries its factor in ``why`` and 0 as its value (the event log's JSON
    # shows it so); kills GaslightFight.damage mutmut_68 (value None)
    assert [(m.name, m.value, m.why) for m in dmg.multipliers] == [("both_barrels", 0, "2")]
    assert of_kind(log, "gl_volley")[0].barrels == 2


def test_both_barrels_in_the_chest_make_two_and_a_half_times():
    """G18 d: both barrels (x2) and the chest's impaling (x1.5) make x2.5: 11 -> 27."""
    sc = scenario([_gus()], [man("Bob", at=(5, 0), hp=30, con=18)],
                  [{"intents": {"Gus": {"shoot": "Bob", "mode": "aimed",
                                        "both_barrels": True}}}],
                  {"Gus": {"initiative": [9], "to_hit": [10], "location": [5],
                           "damage": [5, 6]}, "Bob": {"initiative": [1]}})
    (dmg,) = of_kind(fight(sc), "gl_damage")
    assert (dmg.part, dmg.amount, dmg.hp) == ("chest", 27, 3)


def test_both_barrels_with_one_loaded_fires_the_one():
    """GN20: one barrel loaded: the both-barrels attack is refused (said so) and the one
    barrel goes as an ordinary aimed shot."""
    sc = scenario([_gus(loaded=1)], [man("Bob", at=(5, 0), hp=30, con=18)],
                  [{"intents": {"Gus": {"shoot": "Bob", "mode": "aimed",
                                        "both_barrels": True}}}],
                  {"Gus": {"initiative": [9], "to_hit": [10], "location": [10],
                           "damage": [5, 6]}, "Bob": {"initiative": [1]}})
    log = fight(sc)
    assert [(b.action, b.reason) for b in of_kind(log, "gl_blocked")] == [
        ("both_barrels", "one_barrel")]
    (shot,) = of_kind(log, "gl_shot")
    assert (shot.barrels, shot.mode, shot.loaded) == (1, "aimed", 0)
    assert of_kind(log, "gl_damage")[0].amount == 11


def test_an_aimed_double_one_barrel_at_a_time_the_second_is_snap():
    """002 l.40, GN20: a derringer (two barrels) aimed with shots: 2: the first barrel aimed
    (+4) at initiative, the second a snap shot (no +4) at the end of the round."""
    ann = man("Ann", weapons=[{"type": "derringer", "carried": "ready"}])
    sc = scenario([ann], [man("Bob", at=(3, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "aimed", "shots": 2}}}],
                  {"Ann": {"initiative": [9], "to_hit": [2, 2]}, "Bob": {"initiative": [1]}})
    shots = of_kind(fight(sc), "gl_shot")
    assert [(s.mode, s.when, mods(s).get("aimed", 0)) for s in shots] == [
        ("aimed", "initiative", 4), ("snap", "end", 0)]


def test_tactics_that_aim_fire_both_barrels_of_a_loaded_double():
    """GN20: a cautious man, unhurried, with a loaded coach gun fires both barrels at once."""
    sc = scenario([man("Gus", tactics="cautious",
                       weapons=[{"type": "coach_gun", "carried": "ready"}])],
                  [man("Bob", at=(5, 0), hp=200, con=18)], [{}],
                  {"Gus": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    (shot,) = of_kind(fight(sc), "gl_shot")
    assert (shot.shooter, shot.mode, shot.barrels) == ("Gus", "aimed", 2)


@pytest.mark.parametrize("intent,weapons,message", [
    ({"shoot": "Bob", "mode": "snap", "both_barrels": True}, None,
     "both barrels at once is one aimed attack (002 l.40)"),
    ({"shoot": "Bob", "mode": "aimed", "both_barrels": True}, None,
     "Ann's Webley revolver has one barrel"),
    ({"shoot": "Bob", "mode": "aimed", "shots": 2, "both_barrels": True},
     [{"type": "coach_gun"}], "both barrels at once are one attack"),
])
def test_both_barrels_refused_where_it_cannot_be(intent, weapons, message):
    kw = {"weapons": weapons} if weapons else {}
    sc = scenario([man("Ann", **kw)], [man("Bob", at=(5, 0))],
                  [{"intents": {"Ann": intent}}])
    with pytest.raises(ScenarioError) as exc:
        load(sc)
    assert message in exc.value.one_line() and exc.value.line is not None


# ---------------------------------------------------------------------- covering a group
def test_covering_a_group_the_first_to_move_takes_the_shot_and_the_follow_ups():
    """002 l.62, l.67-69, GN21: round 2, Ann covers Rudd and Kitty together (trigger: either
    moves). Kitty acts first and moves: Ann's covering shot goes at her at once; Rudd's move
    later sets off nothing more; Ann's revolver follow-ups (l.68) go at Kitty, the original
    target."""
    sc = scenario([man("Ann"), man("Cal", at=(0, 5), hp=200, con=18)],
                  [man("Rudd", at=(8, 0), hp=200, con=18),
                   man("Kitty", at=(8, 2), hp=200, con=18)],
                  [{"intents": {"Cal": {"shoot": "Rudd", "mode": "aimed"}}},
                   {"intents": {"Ann": {"covers": {"target": ["Rudd", "Kitty"],
                                                   "when": "moves"}},
                                "Cal": {"other": "waits"},
                                "Rudd": {"move": [9, 0]}, "Kitty": {"move": [9, 2]}}}],
                  {"Cal": {"initiative": [10, 1], "to_hit": [2]},
                   "Ann": {"initiative": [1, 2], "to_hit": [2, 2, 2]},
                   "Rudd": {"initiative": [3, 4]}, "Kitty": {"initiative": [2, 9]}})
    log = fight(sc)
    setting = of_kind(log, "gl_covering", what="set")[0]
    assert (setting.target, setting.group) == ("Rudd", ("Rudd", "Kitty"))
    r2 = [(e.kind, getattr(e, "character", getattr(e, "shooter", "")),
           getattr(e, "target", "")) for e in log.events
          if getattr(e, "turn", 0) == 2 and e.kind in ("gl_moved", "gl_shot")]
    assert r2 == [("gl_moved", "Kitty", ""), ("gl_shot", "Ann", "Kitty"),
                  ("gl_moved", "Rudd", ""), ("gl_shot", "Ann", "Kitty"),
                  ("gl_shot", "Ann", "Kitty")]
    trig = of_kind(log, "gl_covering", what="triggered")
    assert [(c.target, c.trigger) for c in trig] == [("Kitty", "moves")]


def test_covering_a_group_at_the_opening_the_first_named_who_sets_it_off():
    """002 l.65, GN21: before anyone has fired, Ann covers the doorway pair; both appear:
    the covering shot goes before initiative at Rudd, the first named."""
    sc = scenario([man("Ann")], [man("Kitty", at=(8, 2), hp=200, con=18),
                                 man("Rudd", at=(8, 0), hp=200, con=18)],
                  [{"intents": {"Ann": {"covers": {"target": ["Rudd", "Kitty"],
                                                   "when": "appears"}},
                                "Rudd": {"appears": True}, "Kitty": {"appears": True}}}],
                  {"Ann": {"initiative": [1], "to_hit": [2, 2, 2]},
                   "Rudd": {"initiative": [5]}, "Kitty": {"initiative": [9]}})
    log = fight(sc)
    first = [e.kind for e in log.events if e.kind in ("gl_shot", "gl_initiative")][:2]
    assert first == ["gl_shot", "gl_initiative"]
    assert {s.target for s in of_kind(log, "gl_shot")} == {"Rudd"}
    assert len(of_kind(log, "gl_covering", what="triggered")) == 1


@pytest.mark.parametrize("group,message", [
    (["Rudd", "Kitty", "Rudd"], "names each man once"),
    (["Rudd", "Kitty", "Nob", "Jem", "Sam"], "a small one (002 l.62): 1 to 4 men, not 5"),
    (["Rudd", "Kity"], "did you mean 'Kitty'"),
])
def test_covering_a_group_refused_where_it_cannot_be(group, message):
    gang = [man(n, at=(8, i)) for i, n in enumerate(("Rudd", "Kitty", "Nob", "Jem", "Sam"))]
    sc = scenario([man("Ann"), man("Cal", at=(0, 5))], gang,
                  [{"intents": {"Ann": {"covers": {"target": group, "when": "moves"}}}}])
    with pytest.raises(ScenarioError) as exc:
        load(sc)
    assert message in exc.value.one_line() and exc.value.line is not None


def test_covering_a_group_with_a_friend_in_it_is_warned_where_he_is_named():
    gang = [man("Rudd", at=(8, 0))]
    sc = scenario([man("Ann"), man("Cal", at=(0, 5))], gang,
                  [{"intents": {"Ann": {"covers": {"target": ["Rudd", "Cal"]}}}}])
    (w,) = load(sc).warnings
    assert "Ann shoots at Cal, who is on his own side" in w.one_line() and w.line is not None


# ---------------------------------------------------------------------- conveyances (GN22)
def _one_shot(shooter: dict, target: dict, intent: dict, rolls=(10,)):
    sc = scenario([shooter], [target], [{"intents": {shooter["name"]: intent}}],
                  {shooter["name"]: {"initiative": [9], "to_hit": list(rolls)},
                   target["name"]: {"initiative": [1]}})
    return fight(sc)


AIMED = {"shoot": "Bob", "mode": "aimed"}


@pytest.mark.parametrize("aboard,aimed", [
    ({"on": "carriage"}, 0), ({"on": "train"}, 0), ({"on": "boat"}, 0), ({"on": "horse"}, 0),
    ({"on": "ship"}, 4), ({"on": "carriage", "moving": False}, 4), (None, 4),
])
def test_aimed_fire_aboard_a_moving_conveyance_loses_the_4(aboard, aimed):
    """002 l.41: aiming precludes being moved, in a carriage or on a moving train: the shot
    still goes, the +4 is lost; the deck of a ship (NOT a boat) is the exception; a carriage
    standing still moves nobody."""
    ann = man("Ann", **({"aboard": aboard} if aboard else {}))
    log = _one_shot(ann, man("Bob", at=(5, 0), hp=200, con=18), AIMED)
    (shot,) = of_kind(log, "gl_shot")
    assert mods(shot).get("aimed", 0) == aimed
    assert ("aimed_aboard" in mods(shot)) == (aimed == 0)
    assert shot.mode == "aimed"


def test_snap_shooting_from_a_moving_train_has_no_penalty():
    """002 l.45: snap shooting "may be on a horse, riding in a carriage, train, etc.": no
    penalty: d20 10 + 2 + 1 + 1 (Bob standing) = 14, as on foot."""
    ann = man("Ann", aboard={"on": "train"})
    log = _one_shot(ann, man("Bob", at=(5, 0), hp=200, con=18),
                    {"shoot": "Bob", "mode": "snap", "shots": 1})
    (shot,) = of_kind(log, "gl_shot")
    assert shot.total == 14 and mods(shot) == {"bab": 2, "dex": 1,
                                               "target_stationary_mobile": 1}


@pytest.mark.parametrize("aboard,status,value", [
    ({"on": "carriage"}, "running", -4), ({"on": "horse", "speed": "sprinting"}, "sprinting", -6),
    ({"on": "ship"}, "stationary_mobile", 1), ({"on": "ship", "speed": "evading"}, "evading", -8),
    ({"on": "train", "moving": False}, "stationary_mobile", 1),
])
def test_a_target_aboard_a_moving_conveyance_shows_at_its_speed(aboard, status, value):
    """002 l.76-81, GN22: Bob rides; Ann's snap shot takes the status of the conveyance's speed
    (running unless given; a ship's deck is stable: his own, unless pitching: evading -8)."""
    bob = man("Bob", at=(5, 0), hp=200, con=18, aboard=aboard)
    log = _one_shot(man("Ann"), bob, {"shoot": "Bob", "mode": "snap", "shots": 1})
    assert mods(of_kind(log, "gl_shot")[0])[f"target_{status}"] == value


def test_panic_fire_from_a_galloping_horse_needs_no_move_of_his_own():
    """002 l.57, GN22: a man on a horse at a run is in full flight: panic fire (-8) with no
    move: given; on foot the same intent is refused (it must be fired running)."""
    ann = man("Ann", aboard={"on": "horse", "speed": "running"})
    log = _one_shot(ann, man("Bob", at=(5, 0), hp=200, con=18),
                    {"shoot": "Bob", "mode": "panic"}, rolls=[10] * 6)
    shots = of_kind(log, "gl_shot")
    assert len(shots) == 6 and mods(shots[0])["panic"] == -8
    with pytest.raises(ScenarioError) as exc:
        load(scenario([man("Ann")], [man("Bob", at=(5, 0))],
                      [{"intents": {"Ann": {"shoot": "Bob", "mode": "panic"}}}]))
    assert "panic fire is fired running" in exc.value.one_line()


def test_an_intent_on_foot_overrides_the_characters_conveyance():
    """GN22: Ann rides a carriage, but this round she has stepped down (aboard: false): her
    aimed shot keeps its +4."""
    ann = man("Ann", aboard={"on": "carriage"})
    log = _one_shot(ann, man("Bob", at=(5, 0), hp=200, con=18), {**AIMED, "aboard": False})
    assert mods(of_kind(log, "gl_shot")[0])["aimed"] == 4


def test_a_moving_conveyance_carries_him_its_speed():
    """GN22: aboard a carriage at a run (60 ft, 20 yards, a round) his aimed shot's move is
    the carriage's, not the 15 ft of aimed fire on foot (GN17)."""
    ann = man("Ann", aboard={"on": "carriage"})
    log = _one_shot(ann, man("Bob", at=(30, 0), hp=200, con=18),
                    {**AIMED, "move": [0, 30]})
    (mv,) = of_kind(log, "gl_moved")
    assert (mv.feet, mv.end, mv.gait) == (60.0, (0.0, 20.0), "running")


# ---------------------------------------------------------------------- gun and blade (l.363)
def _ann_blade(**kw):
    return man("Ann", str=14, blade={"type": "knife", **kw})


def test_a_shot_and_a_blow_in_one_round_take_the_two_hand_penalties():
    """002 l.363, l.349, GN23: Ann (STR 14 +2, DEX 12 +1, BAB 2) fires her revolver and
    strikes Bob (a yard off, 3 ft) with the knife in her off hand: the shot d20 10 + 2 + 1 + 1
    (Bob standing) - 6 (primary hand) = 8; the blow d20 15 + 2 + 2 - 10 (off hand) = 9 against
    Bob's AC 11: a miss. Then a second round, the blow alone: 15 + 2 + 2 = 19, a hit in the
    chest: knife 1d4 3 + 2 = 5, x1.5 = 7: 30 hit points -> 23."""
    sc = scenario([_ann_blade()], [man("Bob", at=(1, 0), hp=30, con=18)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                        "strike": "Bob"}}},
                   {"intents": {"Ann": {"strike": "Bob"}}}],
                  {"Ann": {"initiative": [9, 9], "to_hit": [10, 15, 15], "location": [5],
                           "damage": [3]},
                   "Bob": {"initiative": [1, 1]}})
    log = fight(sc)
    (shot,) = of_kind(log, "gl_shot")
    assert mods(shot)["gun_and_blade"] == -6 and shot.total == 8
    b1, b2 = of_kind(log, "gl_blow")
    assert (mods(b1), b1.total, b1.result) == ({"bab": 2, "str": 2, "gun_and_blade": -10}, 9,
                                               "miss")
    assert (mods(b2), b2.total, b2.result) == ({"bab": 2, "str": 2}, 19, "hit")
    (dmg,) = of_kind(log, "gl_damage")
    assert (dmg.part, dmg.dice, dmg.bonus, dmg.amount, dmg.hp) == ("chest", (3,), 2, 7, 23)


def test_a_blade_in_the_primary_hand_the_shot_takes_minus_10():
    """GN23: blade in the primary hand: the gun's shot (off hand) -10, the blow -6."""
    sc = scenario([_ann_blade(hand="primary")], [man("Bob", at=(1, 0), hp=30, con=18)],
                  [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                        "strike": "Bob"}}}],
                  {"Ann": {"initiative": [9], "to_hit": [2, 2]}, "Bob": {"initiative": [1]}})
    log = fight(sc)
    assert mods(of_kind(log, "gl_shot")[0])["gun_and_blade"] == -10
    assert mods(of_kind(log, "gl_blow")[0])["gun_and_blade"] == -6


def test_a_blow_beyond_reach_is_refused_and_a_weak_blow_does_at_least_1():
    """GN23: 5 ft is a blow's reach (Bob 2 yards, 6 ft: refused, said so); STR 3 (-4) with
    a knife's 1d4 of 2 does 1, not -2."""
    sc = scenario([man("Ann", str=3, blade={"type": "knife"})],
                  [man("Bob", at=(2, 0), hp=30, con=18), man("Cy", at=(1, 0), hp=30, con=18)],
                  [{"intents": {"Ann": {"strike": "Bob"}}},
                   {"intents": {"Ann": {"strike": "Cy"}}}],
                  {"Ann": {"initiative": [9, 9], "to_hit": [20], "location": [10],
                           "damage": [2]},
                   "Bob": {"initiative": [1, 1]}, "Cy": {"initiative": [2, 2]}})
    log = fight(sc)
    assert [(b.reason, b.detail) for b in of_kind(log, "gl_blocked")] == [
        ("out_of_reach", "6 ft")]
    assert of_kind(log, "gl_damage")[0].amount == 1


@pytest.mark.parametrize("intent,blade,message", [
    ({"shoot": "Bob", "mode": "aimed", "strike": "Bob"}, {"type": "knife"},
     "no Aimed Fire bonus while the blade strikes (002 l.363)"),
    ({"strike": "Bob"}, None, "Ann carries no blade"),
    ({"shoot": "Bob", "strike": "Bob", "off_hand": {"shoot": "Bob"}}, {"type": "knife"},
     "a blow takes the hand without the gun"),
    ({"strike": "Bobb"}, {"type": "knife"}, "did you mean 'Bob'"),
])
def test_a_blow_refused_where_it_cannot_be(intent, blade, message):
    kw = {"blade": blade} if blade else {}
    sc = scenario([man("Ann", **kw)], [man("Bob", at=(1, 0))], [{"intents": {"Ann": intent}}])
    with pytest.raises(ScenarioError) as exc:
        load(sc)
    assert message in exc.value.one_line() and exc.value.line is not None
