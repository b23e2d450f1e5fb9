"""Tests that kill surviving mutants of the Gaslight modules (fight, tactics, weapons, rolls, tables, events) and Violence state, tables, tactics, events.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.rulesets.gaslight import tactics as gl_tactics
from narrator.rulesets.gaslight.fight import GaslightFight
from narrator.rulesets.gaslight.weapons import GunError, make_gun
from narrator.rulesets.violence import tables as vt
from narrator.rulesets.violence.scenario import WeaponSpec as ViolenceWeaponSpec
from narrator.rulesets.violence.state import make_arms
from narrator.scenario import load_scenario_text

from conftest import of_kind


# ---------------------------------------------------------------------- helpers (Gaslight)
def _load(sc: dict):
    """A Gaslight scenario dict (JSON is YAML) loaded as ``narrator`` does."""
    return load_scenario_text(json.dumps(sc), "<test>")


def _fight(sc: dict):
    return run_fight(_load(sc))


def _man(name: str, at=(0, 0), weapons=None, **kw) -> dict:
    out = {"name": name, "at": list(at), "str": 12, "dex": 12, "con": 12, "bab": 2, "hp": 10,
           "weapons": weapons or [{"type": "webley_revolver", "carried": "ready"}]}
    out.update(kw)
    return out


def _scenario(a: list, b: list, turns: list, dice: dict | None = None) -> dict:
    sc = {"title": "test", "ruleset": "gaslight", "seed": 1, "dice_fallback": "seeded",
          "sides": {"posse": a, "gang": b}, "turns": turns}
    if dice:
        sc["dice"] = dice
    return sc


def _spec(t: str, **kw) -> SimpleNamespace:
    """A scenario weapon entry as ``make_gun`` reads it: every override None unless given."""
    fields = {k: None for k in ("name", "class_", "form", "calibre", "cartridge", "barrel",
                                "barrels", "capacity", "single_action")}
    fields.update(kw)
    return SimpleNamespace(type=t, **fields)


# ---------------------------------------------------------------------- gaslight/weapons.py
def test_make_gun_reads_a_spec_with_no_override_fields():
    """Kills weapons.x_make_gun__mutmut_17 (getattr without its default None). The reference
    page (reference.py, the Guns table) makes each gun from a bare ``type``; the row's numbers
    (data/weapons.toml, webley_revolver: 002 l.21-22) stand where no override is given."""
    g = make_gun(SimpleNamespace(type="webley_revolver"))
    assert (g.klass, g.form, g.calibre, g.cartridge, g.barrel, g.capacity, g.barrels,
            g.single_action, g.name) == ("revolver", "pistol", ".45", "pistol", 4, 6, 1, False,
                                         "Webley revolver")


def test_make_gun_a_scenario_override_wins_over_the_row():
    """Kills weapons.x_make_gun__mutmut_19 (the row's value always). weapons.py make_gun:
    each of class, form, calibre, cartridge, barrel, capacity, barrels, single_action given
    in the scenario replaces the data row's (webley_revolver: .45, 4-inch, 6 rounds); the
    numbers that follow from them follow: 002 l.112-114 a 2-inch pistol barrel is +2 to the
    Fast Draw, G9 a .38 pistol cartridge is 1d8."""
    g = make_gun(_spec("webley_revolver", calibre=".38", barrel=2, capacity=5,
                       single_action=True, name="Ann's Webley"))
    assert (g.calibre, g.barrel, g.capacity, g.single_action, g.name) == (
        ".38", 2, 5, True, "Ann's Webley")
    assert (g.fast_draw, g.damage) == (2, "1d8")


def test_make_gun_keeps_the_cartridge():
    """Kills weapons.x_make_gun__mutmut_154 (cartridge None in the Gun). G9: the lever-action
    carbine (data/weapons.toml) fires the carbine cartridge, its damage column."""
    g = make_gun(_spec("lever_action_carbine"))
    assert (g.calibre, g.cartridge, g.damage) == (".44", "carbine", "2d6")


def test_make_gun_reads_the_recoil_row_by_form():
    """Kills weapons.x_make_gun__mutmut_92 (recoil_row without the form). 002 l.312, GN10: a
    sawed-off 12 bore reads its own Recoil Table row (STR 14, 160 lb), a 12-bore shotgun the
    shotgun row (STR 14, 140 lb)."""
    assert make_gun(_spec("sawed_off")).recoil == "12_sawed_off"
    assert make_gun(_spec("shotgun")).recoil == "12_shotgun"


def test_make_gun_an_unknown_calibre_blames_the_calibre_field():
    """Kills weapons.x_make_gun__mutmut_68 (field None). GunError.field names the scenario
    field the located error points at (scenario.py); an unknown calibre is the calibre's."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("webley_revolver", calibre=".99"))
    assert exc.value.field == "calibre" and "unknown calibre '.99'" in str(exc.value)


def test_make_gun_a_cartridge_the_table_lacks_blames_the_cartridge_field():
    """Kills weapons.x_make_gun__mutmut_84, _87, _88 (the message dropped, the field renamed).
    G9 (data/rules.toml [damage], .577 row): there is no .577 carbine cartridge."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("musket", cartridge="carbine"))
    assert exc.value.field == "cartridge"
    assert str(exc.value) == "there is no .577 carbine cartridge (G9)"


def test_make_gun_a_breech_loader_over_its_barrels_blames_the_capacity():
    """Kills weapons.x_make_gun__mutmut_140 (field dropped). 002 l.14-18: a breech loader
    holds one round a barrel; a 3-round coach gun (2 barrels) is refused at capacity."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("coach_gun", capacity=3))
    assert exc.value.field == "capacity"
    assert str(exc.value) == "a breech loader holds one round a barrel (2)"


# ---------------------------------------------------------------------- gaslight/fight.py draw, rolls.py
def _quick_draw_fight(roll: int):
    """Ann (DEX 12, quick-draw 3) draws her Webley (4-inch barrel: +1, 002 l.113) from the
    holster with a Quick Draw and fires one snap shot at Bob; her ``quick_draw`` d20 is
    ``roll``."""
    ann = _man("Ann", skills={"quick_draw": 3},
               weapons=[{"type": "webley_revolver", "carried": "holster"}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                         "draw": "quick"}}}],
                   {"Ann": {"initiative": [9], "quick_draw": [roll], "to_hit": [2]},
                    "Bob": {"initiative": [1]}})
    return _fight(sc)


def test_a_quick_draw_from_the_holster_made_is_a_free_action():
    """Kills fight.xǁGaslightFightǁdraw__mutmut_24 and _27 (the roll made for nobody / the
    call broken) and rolls.x_quick_draw_roll__mutmut_10 (a d21). 002 l.33-35, l.103, GN6: the
    Adjusted Fast Draw is DEX 12 + quick-draw 3 + 1 = 16; her d20 16 is at or under it: the
    holster's move action becomes a free action (002 l.25, l.27; data/rules.toml [drawing])."""
    log = _quick_draw_fight(16)
    (draw,) = of_kind(log, "gl_draw")
    assert (draw.character, draw.carried, draw.quick_roll, draw.quick_score, draw.quick_made,
            draw.action, draw.cost) == ("Ann", "holster", 16, 16, True, "free", "nothing")
    (qd,) = [r for r in log.rolls if r.purpose == "quick_draw"]
    assert (qd.who, qd.sides, qd.value, qd.scripted) == ("Ann", 20, 16, True)


def test_a_quick_draw_from_the_holster_failed_is_the_move_action():
    """002 l.25, l.35, GN6: the same draw with a d20 of 17 (over 16) fails: drawing from the
    holster stays a move action, and costs her move."""
    (draw,) = of_kind(_quick_draw_fight(17), "gl_draw")
    assert (draw.quick_roll, draw.quick_made, draw.action, draw.cost) == (
        17, False, "move", "his move")


# ---------------------------------------------------------------------- gaslight/fight.py
def test_the_roster_names_each_mans_tactics_profile():
    """Kills fight.xǁGaslightFightǁroster__mutmut_17 (tactics None). The roster (G1) shows a
    man's tactics profile (templates/events/gl_roster.j2 'tactics: ...'); a man without one
    shows none."""
    sc = _scenario([_man("Ann", tactics="cautious")], [_man("Bob", at=(5, 0))],
                   [{"intents": {}}])
    (roster,) = of_kind(_fight(sc), "gl_roster")
    assert [(f.name, f.tactics) for f in roster.fighters] == [("Ann", "cautious"),
                                                                ("Bob", None)]


def test_two_guns_rapid_in_each_hand_fire_half_at_initiative_and_half_at_the_end():
    """Kills fight.xǁGaslightFightǁact__mutmut_71 (the off hand's end-of-round shots
    dropped) and xǁGaslightFightǁmodifiers__mutmut_32 (the table modifier's source). 002
    l.364-405, G13, G18 c: Ann's Off Hand Shooting roll 14 + 1 = 15 is made; rapid fire in
    each hand, two shots each: the off hand fires as many as rapid fire allows (not one), at
    the table's -9 as its whole modifier ("table", rapid). G3, 002 l.12: of two shots one
    goes at initiative and one at the end, in each hand."""
    ann = _man("Ann", skills={"off_hand_shooting": True},
               weapons=[{"type": "webley_revolver", "carried": "ready"},
                        {"type": "bulldog_revolver", "name": "pocket pistol", "hand": "off",
                         "carried": "ready"}])
    intent = {"shoot": "Bob", "mode": "rapid", "shots": 2,
              "off_hand": {"shoot": "Bob", "mode": "rapid", "shots": 2}}
    sc = _scenario([ann], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": intent}}],
                   {"Ann": {"initiative": [9], "to_hit": [2] * 4, "off_hand": [14]},
                    "Bob": {"initiative": [1]}})
    shots = of_kind(_fight(sc), "gl_shot")
    assert [(s.when, s.hand) for s in shots] == [("initiative", "primary"), ("initiative", "off"),
                                                 ("end", "primary"), ("end", "off")]
    off = [m for m in shots[1].modifiers if m.name == "off_hand_table"]
    assert [(m.value, m.source, m.why) for m in off] == [(-9, "table", "rapid")]


def test_a_fast_draw_with_a_man_already_dead_is_refused_with_his_condition():
    """Kills fight.xǁGaslightFightǁfast_draw__mutmut_14 (the condition given as the
    target). 002 l.99-110: a fast-draw contest needs both men up; Bob killed in round 1 (G10:
    hp 1, chest 8 x1.5 = 12: Health 10 -> 0, dead; Cy keeps the fight going), the round-2
    contest is refused for him: no target, his condition as the detail."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=1, con=10), _man("Cy", at=(9, 9))],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}},
                    {"fast_draw": ["Ann", "Bob"], "intents": {}}],
                   {"Ann": {"initiative": [9], "to_hit": [19], "location": [5], "damage": [8]},
                    "Bob": {"initiative": [2]}, "Cy": {"initiative": [1, 1]}})
    log = _fight(sc)
    blocked = of_kind(log, "gl_blocked", action="fast_draw")
    assert [(b.turn, b.character, b.reason, b.target, b.detail) for b in blocked] == [
        (2, "Bob", "out", None, "dead")]


def test_a_blow_that_downs_a_man_names_him():
    """Kills fight.xǁGaslightFightǁblow__mutmut_282 (GlDown without his name). GN23, G10:
    Ann's knife (STR 14: +2) hits Bob (hp 1, CON 10) in the chest: 1d4 3 + 2 = 5, x1.5 = 7:
    hp 1 -> 0, 6 to Health 10 -> 4, at or under half his CON: unconscious."""
    sc = _scenario([_man("Ann", str=14, blade={"type": "knife"})],
                   [_man("Bob", at=(1, 0), hp=1, con=10)],
                   [{"intents": {"Ann": {"strike": "Bob"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [15], "location": [5], "damage": [3]},
                    "Bob": {"initiative": [1]}})
    log = _fight(sc)
    (down,) = of_kind(log, "gl_down")
    assert (down.turn, down.character, down.condition, down.health, down.con) == (
        1, "Bob", "unconscious", 4, 10)


def test_a_broken_gun_is_refused_once_for_the_whole_round():
    """Kills fight.xǁGaslightFightǁplan_and_fire__mutmut_2 ("broken" misspelt: a plan made
    for a broken gun). G11: Ann's natural 1, then a malfunction d6 of 5: broken for the
    fight. Round 2 she declares two snap shots: refused once (broken), not again at the end
    of the round."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}},
                    {"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2}}}],
                   {"Ann": {"initiative": [9, 9], "to_hit": [1], "malfunction": [5]},
                    "Bob": {"initiative": [1, 1]}})
    log = _fight(sc)
    assert [m.result for m in of_kind(log, "gl_malfunction")] == ["broken"]
    assert [(b.turn, b.action, b.reason, b.target) for b in of_kind(log, "gl_blocked")] == [
        (2, "shoot", "broken", "Bob")]


# ---------------------------------------------------------------------- gaslight/tactics.py
def _gl_set_up(ann: dict, bob_at) -> GaslightFight:
    """Ann (posse) against Bob (gang, at ``bob_at`` yards), set up, not run."""
    sc = _scenario([ann], [_man("Bob", at=bob_at)], [{"intents": {}}])
    return GaslightFight(_load(sc).scenario, ScriptedDice({}, 1, "seeded"), 1)


def _decide(f: GaslightFight):
    it = gl_tactics.decide(f, 1, f.men["Ann"])
    return None if it is None else it.model_dump(exclude_defaults=True)


LEVER = [{"type": "lever_action_carbine", "carried": "ready"}]


@pytest.mark.parametrize("weapons, fires", [
    (None, True), (LEVER, True), ([{"type": "derringer", "carried": "ready"}], False)])
def test_a_hurt_coward_runs_straight_away_from_the_nearest_enemy(weapons, fires):
    """Kills tactics.x__away__mutmut_2 and _3 (the run's direction) and
    tactics.x_decide__mutmut_93 ("repeater" misspelt). tactics.py, coward: once hurt he runs
    40 yards directly away from the nearest enemy, firing in panic (002 l.56-57) when his gun
    is a revolver or a repeater (a derringer, a breech loader, only runs). Ann at (10, 2),
    Bob at (4, 10): away is (6, -8)/10 a yard, so 40 yards on is (34, -30)."""
    f = _gl_set_up(_man("Ann", at=(10, 2), weapons=weapons, tactics="coward"), (4, 10))
    f.men["Ann"].hp = 5
    got = _decide(f)
    assert got["move"] == (34.0, -30.0) and got["gait"] == "running"
    assert (got.get("shoot"), got.get("mode")) == (("Bob", "panic") if fires else (None, None))


def test_a_coward_with_his_only_gun_broken_runs_away():
    """Kills tactics.x_decide__mutmut_28 (the run without a destination). tactics.py: a
    coward whose only gun is broken (G11) runs 40 yards from the nearest enemy."""
    f = _gl_set_up(_man("Ann", at=(10, 2), tactics="coward"), (4, 10))
    f.men["Ann"].arms[0].state = "broken"
    assert _decide(f) == {"move": (34.0, -30.0), "gait": "running"}


def test_an_enemy_out_of_range_is_closed_on_at_a_run():
    """Kills tactics.x_decide__mutmut_137 (the run without a destination). GN1: a pistol
    (30 ft increment, G9) reaches 10 increments, 300 ft; Bob at 200 yards (600 ft) is out of
    range, so Ann runs 10 yards toward him."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (200, 0))
    assert _decide(f) == {"move": (10.0, 0.0), "gait": "running"}


def test_aggressive_rapid_fire_closes_in_a_yard_short_rounded_to_the_hundredth():
    """Kills tactics.x__toward__mutmut_37 (x rounded to the thousandth) and
    tactics.x_decide__mutmut_260 (the weapon dropped). tactics.py aggressive: within 30 ft a
    revolver fires rapid (002 l.51-52) with a move up to 10 yards toward him, stopping a yard
    short: Bob at (7, 3) is 7.616 yards (22.8 ft) off; 6.616 yards on is (6.08, 2.61)."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (7, 3))
    assert _decide(f) == {"shoot": "Bob", "mode": "rapid", "weapon": "webley_revolver",
                          "move": (6.08, 2.61)}


def test_aggressive_rapid_fire_within_a_yard_and_a_bit_does_not_step():
    """Kills tactics.x__toward__mutmut_24 (a step of at least a yard). tactics.py _toward:
    Bob 1.2 yards off is 0.2 yards from a yard short, under half a yard: no move."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (1.2, 0))
    assert _decide(f) == {"shoot": "Bob", "mode": "rapid", "weapon": "webley_revolver"}


@pytest.mark.parametrize("yards, expected", [
    (10, {"shoot": "Bob", "mode": "rapid", "weapon": "webley_revolver", "move": (9.0, 0.0)}),
    (10.2, {"shoot": "Bob", "mode": "snap", "weapon": "webley_revolver", "move": (5.0, 0.0)}),
])
def test_aggressive_fires_rapid_up_to_30_feet_then_snap_stepping_5_yards(yards, expected):
    """Kills tactics.x_decide__mutmut_252 (31 ft) and _291 (a 6-yard step). tactics.py
    aggressive: rapid fire at 30 ft (10 yards) and under (002 l.51-52); at 30.6 ft a snap
    shot (l.43-45) with a 5-yard step toward him."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (yards, 0))
    assert _decide(f) == expected


def test_aggressive_fires_a_repeater_rapid_at_close_quarters():
    """Kills tactics.x_decide__mutmut_257 ("repeater" misspelt). tactics.py aggressive:
    within 30 ft a repeater fires rapid too (002 l.51-52: a repeater four shots)."""
    f = _gl_set_up(_man("Ann", weapons=LEVER, tactics="aggressive"), (5, 0))
    assert _decide(f) == {"shoot": "Bob", "mode": "rapid", "weapon": "lever_action_carbine",
                          "move": (4.0, 0.0)}


# ---------------------------------------------------------------------- violence/state.py, tables.py
def test_a_melee_weapon_holds_no_rounds():
    """Kills violence.state.x_make_arms__mutmut_6 (a melee weapon holding 1). 003 l.58-60:
    only guns hold rounds; a knife's Arms has capacity 0 and 0 loaded, a revolver's 6 and
    full (data/weapons.toml, 003 l.58)."""
    knife = make_arms(ViolenceWeaponSpec(type="knife"))
    gun = make_arms(ViolenceWeaponSpec(type="revolver"))
    assert (knife.capacity, knife.loaded, knife.is_gun) == (0, 0, False)
    assert (gun.capacity, gun.loaded, gun.is_gun) == (6, 6, True)


def test_violence_weapon_types_are_the_canonical_keys_in_file_order():
    """Kills violence.tables.x_weapon_types__mutmut_1, _2, _3. tables.weapon_types lists
    each row of data/weapons.toml once by its type (aliases left out), in file order (the
    reference page's weapon table, violence/reference.py)."""
    assert vt.weapon_types() == [
        "revolver", "lever_action_carbine", "lever_action_rifle", "coach_gun",
        "single_shot_rifle", "bolt_action_rifle", "knife", "club", "axe", "sword", "spear",
        "fists"]
