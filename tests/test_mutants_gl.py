"""Tests that kill surviving mutants of the Gaslight modules (fight, tactics, weapons, rolls, tables, events) and Violence state, tables, tactics, events.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""

from __future__ import annotations

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

from conftest import of_kind


# ---------------------------------------------------------------------- helpers (Gaslight)
# the Gaslight fight tests' own scenario builders, shared
from test_gaslight_fight import fight as _fight  # noqa: E402
from test_gaslight_fight import load as _load  # noqa: E402
from test_gaslight_fight import man as _man  # noqa: E402
from test_gaslight_fight import scenario as _scenario  # noqa: E402


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


# ---------------------------------------------------------------- gaslight/fight.py draw, rolls.py
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
    fight. Round 2 she declares two snap shots: refused once (broken, the gun named), not
    again at the end of the round. Also kills plan_and_fire__mutmut_13 (the gun's name
    dropped)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}},
                    {"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2}}}],
                   {"Ann": {"initiative": [9, 9], "to_hit": [1], "malfunction": [5]},
                    "Bob": {"initiative": [1, 1]}})
    log = _fight(sc)
    assert [m.result for m in of_kind(log, "gl_malfunction")] == ["broken"]
    assert [(b.turn, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "gl_blocked")] == [
        (2, "shoot", "broken", "Bob", "Webley revolver")]


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
    (None, "webley_revolver"), (LEVER, "lever_action_carbine"),
    ([{"type": "derringer", "carried": "ready"}], None)])
def test_a_hurt_coward_runs_straight_away_from_the_nearest_enemy(weapons, fires):
    """Kills tactics.x__away__mutmut_2 and _3 (the run's direction),
    tactics.x_decide__mutmut_93 ("repeater" misspelt) and _96 (the panic shot's gun
    dropped). tactics.py, coward: once hurt he runs 40 yards directly away from the nearest
    enemy, firing in panic (002 l.56-57) when his gun is a revolver or a repeater (a derringer,
    a breech loader, only runs). Ann at (10, 2), Bob at (4, 10): away is (6, -8)/10 a yard, so
    40 yards on is (34, -30).
    """
    f = _gl_set_up(_man("Ann", at=(10, 2), weapons=weapons, tactics="coward"), (4, 10))
    f.men["Ann"].hp = 5
    got = _decide(f)
    assert got["move"] == (34.0, -30.0) and got["gait"] == "running"
    assert (got.get("shoot"), got.get("mode"), got.get("weapon")) == (
        ("Bob", "panic", fires) if fires else (None, None, None))


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


# -------------------------------------------------------------------- violence/state.py, tables.py
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


# -------------------------------------------------------------- gaslight/weapons.py (wider sample)
def test_canonical_names_a_type_by_itself_or_an_alias_and_nothing_else():
    """Kills weapons.x_canonical__mutmut_1, _2, _5. data/weapons.toml: 'webley' is an alias
    of webley_revolver, 'double_barrel' of shotgun; an unknown name stands for no type."""
    from narrator.rulesets.gaslight.weapons import canonical
    assert [canonical(n) for n in ("webley", "webley_revolver", "double_barrel", "webly")] == [
        "webley_revolver", "webley_revolver", "shotgun", None]


def test_make_gun_an_unknown_type_blames_the_type_field():
    """Kills weapons.x_make_gun__mutmut_7, _10 (the field None, renamed)."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("ray_gun"))
    assert (exc.value.field, str(exc.value)) == ("type", "unknown weapon type 'ray_gun'")


def test_make_gun_an_unknown_class_blames_the_class_field():
    """Kills weapons.x_make_gun__mutmut_59, _60, _61. CLASSES (002 l.14-22): 'flintlock' is
    none of muzzle loader, breech loader, repeater, revolver."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("webley_revolver", class_="flintlock"))
    assert (exc.value.field, str(exc.value)) == (
        "class", "unknown class 'flintlock' or form 'pistol'")


def test_make_gun_an_unknown_calibre_lists_the_calibres_and_bores():
    """Kills weapons.x_make_gun__mutmut_72 (the list's separator). G9: the calibres and the
    shotgun bores of data/rules.toml [damage] and [shotgun_damage], in table order."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("webley_revolver", calibre=".99"))
    assert str(exc.value) == (
        "unknown calibre '.99' (calibres: .22, .22_short, .25, .30, .32, .32_short, .32_long, "
        ".36, .38, .40, .44, .45, .475, .50, .577, 8mm, .303; shotgun bores: .410, 20, 16, 12, "
        "10, 8, 12_paradox)")


def test_make_gun_overrides_the_class_and_the_barrels_and_keeps_the_rows_source():
    """Kills weapons.x_make_gun__mutmut_27 (class_ read under the wrong name), _117, _118
    (barrels likewise) and _163 (source None). A webley made a breech loader with two
    barrels holding two (002 l.14-18: one a barrel) is one; the row's source goes with it."""
    g = make_gun(_spec("webley_revolver", class_="breech_loader", barrels=2, capacity=2))
    assert (g.klass, g.barrels, g.capacity) == ("breech_loader", 2, 2)
    assert g.source.startswith("002 l.21-22; the Webley Mk I of 1887")


def test_every_calibre_with_dice_for_a_cartridge_has_a_recoil_row():
    """Pins why weapons.x_make_gun__mutmut_97/_98 are listed equivalent: GN10's fallbacks give
    a Recoil Table row (002 l.137-343) to every calibre and cartridge G9 gives dice, so
    make_gun's recoil error is never raised for a calibre it accepts."""
    from narrator.rulesets.gaslight import rules as R
    rows = {}
    for calibre in R.CALIBRES:
        for cartridge in ("pistol", "carbine", "rifle"):
            try:
                R.damage_dice(calibre, cartridge)
            except ValueError:
                continue
            for form in ("pistol", "carbine", "rifle"):
                rows[(calibre, cartridge, form)] = R.recoil_row(calibre, cartridge, form)
    assert len(rows) == 3 * 46 and rows[(".32", "carbine", "carbine")] == "8mm_rifle"


# -------------------------------------------------------------- gaslight/tactics.py (wider sample)
def test_tactics_a_step_of_a_yard_is_taken():
    """Kills tactics.x__toward__mutmut_28 (no step under 1.5 yards). tactics.py _toward: Bob
    2 yards off, a yard short of him is a 1-yard step (only a step under half a yard is
    none)."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (2, 0))
    assert _decide(f)["move"] == (1.0, 0.0)


def test_a_sniper_with_sharp_shooter_calls_the_chest():
    """Kills tactics.x_decide__mutmut_187, _204. tactics.py sniper: aimed shots (002
    l.38-41), taking 10; with Sharp Shooter (a Fighter's skill, 002 l.121) called at the
    chest."""
    f = _gl_set_up(_man("Ann", tactics="sniper", fighter=True,
                        skills={"sharp_shooter": True}), (5, 0))
    assert _decide(f) == {"shoot": "Bob", "mode": "aimed", "weapon": "webley_revolver",
                          "called": "chest", "take_10": True}


def test_a_cautious_man_shot_at_fires_two_snap_shots():
    """Kills tactics.x_decide__mutmut_226, _228. tactics.py cautious: once shot at (no longer
    unhurried, 002 l.38-41) two snap shots (l.43-45) with his gun."""
    f = _gl_set_up(_man("Ann", tactics="cautious"), (5, 0))
    f.men["Ann"].shot_at = True
    assert _decide(f) == {"shoot": "Bob", "mode": "snap", "shots": 2,
                          "weapon": "webley_revolver"}


def test_an_aggressive_fanner_fans_a_single_action_revolver_within_20_feet():
    """Kills tactics.x_decide__mutmut_238, _244. 002 l.406-410: fanning needs the skill and a
    single-action revolver; tactics.py aggressive fans within 20 ft (Bob 6 yards, 18 ft)."""
    f = _gl_set_up(_man("Ann", tactics="aggressive", skills={"fanning": True},
                        weapons=[{"type": "single_action_revolver", "carried": "ready"}]),
                   (6, 0))
    assert _decide(f) == {"shoot": "Bob", "mode": "fanning", "weapon": "single_action_revolver"}


def test_tactics_turn_to_the_loaded_gun_when_the_first_is_broken():
    """Kills tactics.x_decide__mutmut_22 ("ready" misspelt) and _43 (the second other gun).
    tactics.py: a man whose gun is broken (G11) fires his other loaded gun."""
    f = _gl_set_up(_man("Ann", tactics="aggressive", weapons=[
        {"type": "webley_revolver", "carried": "ready"},
        {"type": "bulldog_revolver", "carried": "ready"}]), (20, 0))
    f.men["Ann"].arms[0].state = "broken"
    got = _decide(f)
    assert (got["shoot"], got["weapon"]) == ("Bob", "bulldog_revolver")


def test_a_fast_draw_contestant_of_a_profile_fires_snap_at_the_other_man():
    """Kills tactics.x_decide__mutmut_59 (the target himself). 002 l.102: a man in the
    round's fast-draw contest fires a snap shot at the other man."""
    sc = _scenario([_man("Ann", tactics="cautious")], [_man("Bob", at=(5, 0))],
                   [{"fast_draw": ["Ann", "Bob"], "intents": {}}])
    f = GaslightFight(_load(sc).scenario, ScriptedDice({}, 1, "seeded"), 1)
    assert _decide(f) == {"shoot": "Bob", "mode": "snap", "weapon": "webley_revolver"}


# ---------------------------------------------------------------- gaslight/fight.py (wider sample)
WALL = {"wall": {"at": [3, 0], "name": "the wall", "cover": 50, "concealment": 25}}


def _statuses(log, turn: int) -> dict:
    return {s.name: s for s in of_kind(log, "turn_ended")[turn - 1].status}


def test_a_knife_blow_to_the_face_blinds_and_the_blinded_man_cannot_shoot():
    """Kills fight.xǁGaslightFightǁblow__mutmut_108, _114, _121 (the blow's natural and hand),
    _230 (its location roll dropped),
    _222 (blinding lost), status__mutmut_28 (the face wound not shown blinded), ready__mutmut_26
    and _33 (the blinded shooter's refusal). GN23: Ann (STR 14: +2) strikes with the knife
    in her off hand: d20 15, no natural; location 19, the face (002 l.470-489): 1d4 3 + 2 = 5;
    the blinding d6 1 (G10: 1-2) blinds Bob; GN8: a blinded man fires no more, so his
    round-2 shot is refused (blinded)."""
    sc = _scenario([_man("Ann", str=14, blade={"type": "knife"})],
                   [_man("Bob", at=(1, 0), hp=30, con=18)],
                   [{"intents": {"Ann": {"strike": "Bob"}}},
                    {"intents": {"Bob": {"shoot": "Ann", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9, 9], "to_hit": [15], "location": [19],
                            "damage": [3], "blinding": [1]},
                    "Bob": {"initiative": [1, 1]}})
    log = _fight(sc)
    (blow,) = of_kind(log, "gl_blow")
    assert (blow.weapon, blow.hand, blow.roll, blow.result, blow.natural) == (
        "knife", "off", 15, "hit", "")
    (dmg,) = of_kind(log, "gl_damage")
    assert (dmg.location_roll, dmg.part, dmg.amount, dmg.blind_roll, dmg.blinded) == (
        19, "face", 5, 1, True)
    assert _statuses(log, 1)["Bob"].wounds[0].severity == "blinded"
    assert [(b.turn, b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "gl_blocked")] == [(2, "Bob", "shoot", "blinded", "Ann", "")]
    assert of_kind(log, "gl_shot") == []


def test_a_blow_at_a_man_her_shot_just_killed_is_refused():
    """Kills fight.xǁGaslightFightǁblow__mutmut_20, _21 (the refusal's detail, its turn).
    002 l.363, GN23: Ann shoots and strikes Bob in one round; the shot goes first and kills
    him (G10: hp 1, chest 8 x1.5 = 12: Health 10 -> 0); the blow is refused, Bob dead. The
    status block shows him dead (status__mutmut_12)."""
    sc = _scenario([_man("Ann", str=14, blade={"type": "knife"})],
                   [_man("Bob", at=(1, 0), hp=1, con=10)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                         "strike": "Bob"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [19], "location": [5], "damage": [8]},
                    "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(b.turn, b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "gl_blocked")] == [(1, "Ann", "strike", "target_out", "Bob",
                                                      "dead")]
    assert _statuses(log, 1)["Bob"].condition == "dead"


def test_a_blow_that_knocks_a_man_out_shows_him_passed_out():
    """Kills fight.xǁGaslightFightǁstatus__mutmut_8. G10: unconscious is the shared status
    'passed_out' (the knife blow of test_a_blow_that_downs_a_man_names_him)."""
    sc = _scenario([_man("Ann", str=14, blade={"type": "knife"})],
                   [_man("Bob", at=(1, 0), hp=1, con=10)],
                   [{"intents": {"Ann": {"strike": "Bob"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [15], "location": [5], "damage": [3]},
                    "Bob": {"initiative": [1]}})
    assert _statuses(_fight(sc), 1)["Bob"].condition == "passed_out"


def test_a_blow_at_a_covering_man_breaks_his_covering():
    """Kills fight.xǁGaslightFightǁblow__mutmut_302 (the reason misspelt). 002 l.70: a
    covering man who is attacked stops covering; Ann's knife (a miss: d20 2) is an attack."""
    sc = _scenario([_man("Ann", blade={"type": "knife"})], [_man("Bob", at=(1, 0))],
                   [{"intents": {"Ann": {"strike": "Bob"},
                                 "Bob": {"covers": {"target": "Ann", "when": "shoots"}}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(c.character, c.target, c.trigger, c.what) for c in of_kind(log, "gl_covering")] == [
        ("Bob", "Ann", "shoots", "set"), ("Bob", "Ann", "attacked", "broken")]


def test_a_covering_shot_is_fired_with_the_primary_hand():
    """Kills fight.xǁGaslightFightǁcovering_shot__mutmut_71 (hand None). G5, 002 l.65: Hal
    covers Rudd (trigger: he moves); Rudd moves and Hal's shot goes before initiative, from
    his gun's hand."""
    sc = _scenario([_man("Hal")], [_man("Rudd", at=(8, 0), hp=100, con=18)],
                   [{"intents": {"Hal": {"covers": {"target": "Rudd", "when": "moves"}},
                                 "Rudd": {"move": [9, 0]}}}],
                   {"Hal": {"initiative": [5], "to_hit": [2, 2, 2]},
                    "Rudd": {"initiative": [1]}})
    shots = of_kind(_fight(sc), "gl_shot")
    assert [(s.when, s.hand, s.mode) for s in shots][0] == ("covering", "primary", "covering")


def test_pea_soup_makes_every_shot_impossible():
    """Kills fight.xǁGaslightFightǁcondition_mods__mutmut_40. 002 l.86-88, GN3: weather
    'impossible' is -99, marked impossible in the roster's modifiers, and each shot is
    refused (impossible, the weather named)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0))],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}},
                   conditions={"weather": "pea_soup", "weather_modifier": "impossible"})
    log = _fight(sc)
    (roster,) = of_kind(log, "gl_roster")
    assert [(x.name, x.value, x.source, x.why) for x in roster.conditions] == [
        ("weather_pea_soup", -99, "table", "impossible")]
    assert [(b.reason, b.detail) for b in of_kind(log, "gl_blocked")] == [
        ("impossible", "pea_soup")]


def test_a_draw_that_takes_the_move_action_leaves_no_move():
    """Kills fight.xǁGaslightFightǁdraw__mutmut_78 (the move kept). 002 l.25, GN18: drawing
    from the holster is a move action and costs her move: Ann's declared move is not made
    (before the fix in first_half she drew and walked the 9 ft as well)."""
    ann = _man("Ann", weapons=[{"type": "webley_revolver", "carried": "holster"}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                         "move": [0, 3]}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(d.action, d.cost) for d in of_kind(log, "gl_draw")] == [("move", "his move")]
    assert of_kind(log, "gl_moved") == [] and _statuses(log, 1)["Ann"].at == (0.0, 0.0)


def test_a_derringer_in_snap_fire_reloads_between_its_shots():
    """Kills fight.xǁGaslightFightǁfire__mutmut_94 (cleared None). 002 l.47-48: a breech
    loader in snap fire loads between its shots: the double derringer's two barrels fired,
    it loads two (a snap reload, nothing cleared) and fires again."""
    ann = _man("Ann", weapons=[{"type": "derringer", "carried": "ready"}])
    sc = _scenario([ann], [_man("Bob", at=(3, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 4}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2] * 4}, "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(r.turn, r.rounds, r.loaded, r.capacity, r.action, r.cleared)
            for r in of_kind(log, "gl_reloaded")] == [(1, 2, 2, 2, "snap", "")]
    assert len(of_kind(log, "gl_shot")) == 4


def test_a_recoil_check_is_in_its_round():
    """Kills fight.xǁGaslightFightǁfire__mutmut_380 (turn None). 002 l.134-135, l.246-248:
    Kitty (STR 8, 105 lbs) under the .45 pistol's STR 13 and 150 lbs checks after each shot;
    round 2's check is in round 2."""
    kitty = _man("Kitty", str=8, weight=105)
    intent = {"intents": {"Kitty": {"shoot": "Bob", "mode": "snap", "shots": 1}}}
    sc = _scenario([kitty], [_man("Bob", at=(5, 0), hp=200, con=18)], [intent, intent],
                   {"Kitty": {"initiative": [9, 9], "to_hit": [3, 3], "recoil": [15, 15]},
                    "Bob": {"initiative": [1, 1]}})
    assert [(r.turn, r.character, r.row, r.result) for r in of_kind(_fight(sc), "gl_recoil")] \
        == [(1, "Kitty", ".45_pistol", "held"), (2, "Kitty", ".45_pistol", "held")]


def test_the_rest_of_a_volley_at_a_man_it_killed_is_refused():
    """Kills fight.xǁGaslightFightǁfire_many__mutmut_51, _53. G3: four snap shots, two at
    initiative; the first kills Bob (hp 1, chest 8 x1.5 = 12: dead): the second is refused,
    the target out, his condition shown."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=1, con=10)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 4}}}],
                   {"Ann": {"initiative": [9], "to_hit": [19], "location": [5], "damage": [8]},
                    "Bob": {"initiative": [2]}})
    log = _fight(sc)
    assert [(b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "gl_blocked")] == [("Ann", "shoot", "target_out", "Bob", "dead")]


def test_a_volley_at_a_man_already_down_is_refused():
    """Kills fight.xǁGaslightFightǁready__mutmut_18. Ann kills Bob at her initiative (chest 8
    x1.5 = 12 through hp 1 and Health 10); Dee, after her, declared her shot at him: refused,
    target out (Cy keeps the fight going)."""
    sc = _scenario([_man("Ann"), _man("Dee", at=(0, 2))],
                   [_man("Bob", at=(5, 0), hp=1, con=10), _man("Cy", at=(9, 9))],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1},
                                 "Dee": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9], "to_hit": [19], "location": [5], "damage": [8]},
                    "Dee": {"initiative": [5]}, "Bob": {"initiative": [1]},
                    "Cy": {"initiative": [1]}})
    log = _fight(sc)
    assert [(b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "gl_blocked")] == [("Dee", "shoot", "target_out", "Bob", "dead")]


def test_a_shot_from_an_empty_gun_is_refused():
    """Kills fight.xǁGaslightFightǁplan_and_fire__mutmut_122. G16: no rounds loaded, no
    shot: refused as empty, the gun named."""
    ann = _man("Ann", weapons=[{"type": "webley_revolver", "carried": "ready", "loaded": 0}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0))],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    assert [(b.turn, b.action, b.reason, b.target, b.detail)
            for b in of_kind(_fight(sc), "gl_blocked")] == [
        (1, "shoot", "empty", "Bob", "Webley revolver")]


def test_a_covering_shot_from_an_empty_gun_is_refused():
    """Kills fight.xǁGaslightFightǁready__mutmut_95, _100. G5, G16: Hal covers Rudd with an
    empty gun; Rudd moves: the covering shot is refused, empty, the gun named."""
    hal = _man("Hal", weapons=[{"type": "webley_revolver", "carried": "ready", "loaded": 0}])
    sc = _scenario([hal], [_man("Rudd", at=(8, 0))],
                   [{"intents": {"Hal": {"covers": {"target": "Rudd", "when": "moves"}},
                                 "Rudd": {"move": [9, 0]}}}],
                   {"Hal": {"initiative": [5]}, "Rudd": {"initiative": [1]}})
    assert [(b.turn, b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(_fight(sc), "gl_blocked")][0] == (
        1, "Hal", "shoot", "empty", "Rudd", "Webley revolver")


def test_a_muzzle_loader_reload_reports_its_capacity():
    """Kills fight.xǁGaslightFightǁreload__mutmut_19 (capacity None). G16: a muzzle loader
    is a Standard round of five combat rounds to load: round 1 of them puts nothing in yet
    (0 of its 1)."""
    ann = _man("Ann", weapons=[{"type": "muzzle_loader", "carried": "ready", "loaded": 0}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0))],
                   [{"intents": {"Ann": {"reload": True}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    assert [(r.rounds, r.loaded, r.capacity, r.action, r.cleared)
            for r in of_kind(_fight(sc), "gl_reloaded")] == [(0, 0, 1, "standard_round", "")]


def _fault_fight(d6: int):
    """Ann's natural 1 in round 1, the malfunction d6 ``d6``; she shoots again in rounds 2
    and 3 (d20 2: misses)."""
    intent = {"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)], [intent] * 3,
                   {"Ann": {"initiative": [9] * 3, "to_hit": [1, 2, 2], "malfunction": [d6]},
                    "Bob": {"initiative": [1] * 3}})
    return _fight(sc)


def test_a_misfire_is_cleared_by_a_move_action_and_she_fires():
    """Kills fight.xǁGaslightFightǁfirst_half__mutmut_110 (the action misspelt). G11: a d6 of
    1-3 is a misfire, cleared by a move action: round 2 she clears it (5 of 6 loaded) and
    fires."""
    log = _fault_fight(2)
    assert [(r.turn, r.rounds, r.loaded, r.capacity, r.action, r.cleared)
            for r in of_kind(log, "gl_reloaded")] == [(2, 0, 5, 6, "move", "misfire")]
    assert [s.turn for s in of_kind(log, "gl_shot")] == [1, 2, 3]


def test_a_jam_takes_a_full_round_to_clear_then_she_fires():
    """Kills fight.xǁGaslightFightǁfirst_half__mutmut_121, _125, _131. G11: a d6 of 4 is a
    jam, a full-round action to clear: round 2 she clears it (no shot); round 3 she fires."""
    log = _fault_fight(4)
    assert [(r.turn, r.rounds, r.loaded, r.capacity, r.action, r.cleared)
            for r in of_kind(log, "gl_reloaded")] == [(2, 0, 5, 6, "full_round", "jam")]
    assert [s.turn for s in of_kind(log, "gl_shot")] == [1, 3]


def test_a_burst_is_in_its_round():
    """Kills fight.xǁGaslightFightǁmalfunction__mutmut_94 (turn None) and
    plan_and_fire__mutmut_24. G11, G18 g: round 2, Pike's old Bull Dog on smokeless fumbles
    (natural 1) and bursts (6): 1d6 4 to himself; the gun is destroyed: round 3's shot is
    refused (no gun)."""
    pike = _man("Pike", hp=9, weapons=[{"type": "bulldog_revolver", "old": True,
                                        "powder": "smokeless", "carried": "ready"}])
    intent = {"intents": {"Pike": {"shoot": "Bob", "mode": "snap", "shots": 1}}}
    sc = _scenario([pike], [_man("Bob", at=(8, 0), hp=200, con=18)], [intent] * 3,
                   {"Pike": {"initiative": [9] * 3, "to_hit": [2, 1], "malfunction": [6],
                             "burst": [4]},
                    "Bob": {"initiative": [1] * 3}})
    log = _fight(sc)
    assert [(m.turn, m.character, m.roll, m.result, m.burst)
            for m in of_kind(log, "gl_malfunction")] == [
        (2, "Pike", 6, "burst", (("Pike", (4,)),))]
    assert [(b.turn, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "gl_blocked")] == [
        (3, "shoot", "no_gun", "Bob", "Bull Dog revolver")]


def test_a_man_at_a_landmark_is_behind_its_cover_and_concealment():
    """Kills fight.xǁGaslightFightǁ__init____mutmut_48 (the landmark forgotten) and
    modifiers__mutmut_221 (the concealment term's reason). 002 l.89-98: Bob standing at the
    wall (50% cover: -4; 25% concealment) is named by it, and Ann's shot takes both."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(3, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}},
                   map=WALL)
    log = _fight(sc)
    assert _statuses(log, 1)["Bob"].cover == "the wall"
    (shot,) = of_kind(log, "gl_shot")
    terms = {m.name: (m.value, m.source, m.why, m.times) for m in shot.modifiers}
    assert terms["cover"] == (-4, "table", "", 50)
    assert terms["concealment"][1:] == ("table", "", 25)


def test_a_move_onto_a_landmark_takes_its_cover():
    """Kills fight.xǁGaslightFightǁmove__mutmut_66 (reached never true). GN17: Ann, not
    shooting, walks to the wall 9 ft off (within her 60 ft): she is there, at its cover."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(20, 0))],
                   [{"intents": {"Ann": {"move": "wall"}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}}, map=WALL)
    log = _fight(sc)
    (mv,) = of_kind(log, "gl_moved")
    assert (mv.end, mv.feet, mv.destination, mv.cover, mv.concealment) == (
        (3.0, 0.0), 9.0, "wall", 50, 25)
    assert _statuses(log, 1)["Ann"].cover == "the wall"


@pytest.mark.parametrize("gait, yards", [(None, 20.0), ("running", 40.0)])
def test_a_man_not_shooting_moves_a_double_move_or_runs(gait, yards):
    """Kills fight.x_move_feet__mutmut_6 (always a run). data/rules.toml [movement], GN17: a
    man firing nothing moves 60 ft (a double move) or, running, 120 ft."""
    it = {"move": [100, 0], **({"gait": gait} if gait else {})}
    sc = _scenario([_man("Ann")], [_man("Bob", at=(0, 50))], [{"intents": {"Ann": it}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    (mv,) = of_kind(_fight(sc), "gl_moved")
    assert (mv.end, mv.feet) == ((yards, 0.0), yards * 3)


def test_a_man_with_no_gun_moves_and_strikes():
    """Kills fight.xǁGaslightFightǁfirst_half__mutmut_158 as numbered before the GN18 fix
    (the no-gun path's move without the man; it crashed). GN23:
    Ann carries only a knife; she walks to Bob (a yard short) and strikes."""
    ann = _man("Ann", str=14, blade={"type": "knife"})
    ann["weapons"] = []
    sc = _scenario([ann], [_man("Bob", at=(4, 0), hp=30, con=18)],
                   [{"intents": {"Ann": {"move": [3, 0], "strike": "Bob"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(m.turn, m.character, m.end) for m in of_kind(log, "gl_moved")] == [
        (1, "Ann", (3.0, 0.0))]
    assert [(b.striker, b.target, b.feet) for b in of_kind(log, "gl_blow")] == [("Ann", "Bob", 3)]


def test_a_gm_edit_of_at_puts_him_at_the_landmark_with_its_cover():
    """Kills fight.xǁGaslightFightǁplace__mutmut_6. GaslightFight.place (a GM's edit of
    ``at``, GN17): on a landmark's own spot he is at it, with its cover."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(20, 0))], [{"intents": {}}] * 2,
                   {"Ann": {"initiative": [9, 9]}, "Bob": {"initiative": [1, 1]}}, map=WALL)
    log = run_fight(_load(sc), adjustments={2: {"Ann": {"at": [3, 0]}}})
    st = _statuses(log, 2)["Ann"]
    assert (st.at, st.cover) == ((3.0, 0.0), "the wall")
    assert _statuses(log, 1)["Ann"].cover is None


def test_a_man_knocked_down_by_recoil_takes_the_next_round_to_stand_and_pick_up():
    """Kills fight.xǁGaslightFightǁfirst_half__mutmut_66 (the reason misspelt). 002 l.135:
    Kitty (STR 8, 105 lbs) fails her .45's recoil check by 5 (d20 6 - 1): knocked down, the
    gun dropped, her second shot refused (knocked down); next round standing and picking it
    up are each a move action: the round (knocked down, picks up)."""
    kitty = _man("Kitty", str=8, weight=105)
    sc = _scenario([kitty], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Kitty": {"shoot": "Bob", "mode": "snap", "shots": 2}}},
                    {"intents": {"Kitty": {"shoot": "Bob"}}}],
                   {"Kitty": {"initiative": [9, 9], "to_hit": [3], "recoil": [6]},
                    "Bob": {"initiative": [1, 1]}})
    assert [(b.turn, b.action, b.reason, b.target, b.detail)
            for b in of_kind(_fight(sc), "gl_blocked")] == [
        (1, "shoot", "knocked_down", "Bob", "Webley revolver"),
        (2, "shoot", "knocked_down", None, "picks_up")]


def test_an_off_hand_gun_drawn_with_the_other_stays_drawn():
    """Kills fight.xǁGaslightFightǁplan_and_fire__mutmut_199. 002 l.25: with a holster each
    the two pistols are drawn together (round 1: one draw, the primary's); in round 2 the
    pocket pistol fired alone needs no draw."""
    ann = _man("Ann", skills={"off_hand_shooting": True},
               weapons=[{"type": "webley_revolver", "carried": "holster"},
                        {"type": "bulldog_revolver", "name": "pocket pistol", "hand": "off",
                         "carried": "holster"}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                         "off_hand": {"shoot": "Bob", "mode": "snap"}}}},
                    {"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                         "weapon": "pocket pistol"}}}],
                   {"Ann": {"initiative": [9, 9], "to_hit": [2] * 3, "off_hand": [14]},
                    "Bob": {"initiative": [1, 1]}})
    log = _fight(sc)
    assert [(d.turn, d.weapon) for d in of_kind(log, "gl_draw")] == [(1, "Webley revolver")]
    assert [(s.turn, s.weapon) for s in of_kind(log, "gl_shot")][-1] == (2, "pocket pistol")


def test_the_roster_and_status_show_skills_cover_and_concealment():
    """Kills fight.xǁGaslightFightǁroster__mutmut_16 (concealment None), skill_list__mutmut_9
    (a skill counted 2) and status__mutmut_76 (mounted). G1: the roster lists quick-draw
    points and each skill he has once; Bob at the wall (002 l.89-98) is 50% behind cover and
    25% concealed; GN22: nobody is Boot Hill 'mounted' (a conveyance is shown as aboard)."""
    ann = _man("Ann", skills={"quick_draw": 3, "fanning": True, "rapid_reload": True})
    sc = _scenario([ann], [_man("Bob", at=(3, 0))], [{"intents": {}}], map=WALL)
    log = _fight(sc)
    (roster,) = of_kind(log, "gl_roster")
    notes = {f.name: f for f in roster.fighters}
    assert notes["Ann"].skills == (("quick_draw", 3), ("fanning", 1), ("rapid_reload", 1))
    assert (notes["Bob"].cover, notes["Bob"].concealment) == (50, 25)
    assert [s.mounted for s in _statuses(log, 1).values()] == [False, False]


def test_a_reload_and_a_move_in_one_round():
    """Kills fight.xǁGaslightFightǁfirst_half__mutmut_158 (after the GN18 fix: the move after
    a reload without its round). G16: two cartridges a full-round action, a move action with
    Rapid Reload; G3: a round holds one full-round action, or a move and a standard one. Ann
    (3 of 6 loaded) reloads two: with Rapid Reload she also walks 5 yards in round 1 (15 ft,
    within the one move of 30 ft left); without it she reloads where she stands."""
    for rapid, moves, blocks in ((True, [(1, "Ann", (0.0, 5.0))], []),
                                 (False, [], [(1, "Ann", "move", "reloading")])):
        ann = _man("Ann", weapons=[{"type": "webley_revolver", "carried": "ready", "loaded": 3}],
                   skills={"rapid_reload": rapid})
        sc = _scenario([ann], [_man("Bob", at=(20, 0))],
                       [{"intents": {"Ann": {"reload": True, "move": [0, 5]}}}],
                       {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
        log = _fight(sc)
        assert [(r.turn, r.rounds, r.loaded) for r in of_kind(log, "gl_reloaded")] == [(1, 2, 5)]
        assert [(m.turn, m.character, m.end) for m in of_kind(log, "gl_moved")] == moves
        assert [(b.turn, b.character, b.action, b.reason) for b in of_kind(log, "gl_blocked")
                if b.character == "Ann"] == blocks


def test_a_rapid_reload_leaves_one_move_not_a_run():
    """G3, G16: with Rapid Reload (a move action) the round's other action is one move,
    30 ft (10 yards), however far the man declares (a run would be 120 ft)."""
    ann = _man("Ann", weapons=[{"type": "webley_revolver", "carried": "ready", "loaded": 3}],
               skills={"rapid_reload": True})
    sc = _scenario([ann], [_man("Bob", at=(20, 0))],
                   [{"intents": {"Ann": {"reload": True, "move": [0, -40], "gait": "running"}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(m.feet, m.end) for m in of_kind(log, "gl_moved")] == [(30, (0.0, -10.0))]


# ------------------------------------------------------------ gaslight tactics.py, fight.py (300)
def test_a_coward_runs_rounded_to_the_hundredth():
    """Kills tactics.x__away__mutmut_23 (x rounded to the thousandth). tactics.py _away: Ann
    at (10, 2), Bob at (4, 11): 40 yards on along (6, -9)/10.817 is (32.19, -31.28)."""
    f = _gl_set_up(_man("Ann", at=(10, 2), tactics="coward"), (4, 11))
    f.men["Ann"].hp = 5
    assert _decide(f)["move"] == (32.19, -31.28)


def test_tactics_a_step_of_exactly_half_a_yard_is_taken():
    """Kills tactics.x__toward__mutmut_27 (no step at half a yard). tactics.py _toward: only
    a step under half a yard is none; Bob 1.5 yards off is a 0.5-yard step."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (1.5, 0))
    assert _decide(f)["move"] == (0.5, 0.0)


@pytest.mark.parametrize("profile", ["coward", "lawman", "cautious"])
def test_a_careful_profile_shot_at_fires_two_snap_shots(profile):
    """Kills tactics.x_decide__mutmut_219, _222 ("coward", "lawman" misspelt). tactics.py:
    cautious, coward (unhurt) and lawman (once shots have been fired) aim while unhurried
    (002 l.38-41) and, once shot at, fire two snap shots (l.43-45)."""
    f = _gl_set_up(_man("Ann", tactics=profile), (5, 0))
    f.men["Ann"].shot_at = True
    f.fired_any = True
    assert _decide(f) == {"shoot": "Bob", "mode": "snap", "shots": 2,
                          "weapon": "webley_revolver"}


def test_an_unhurt_coward_not_shot_at_aims():
    """Kills tactics.x_decide__mutmut_83 (every coward hurt). tactics.py coward: as cautious
    until hurt: at full hit points and Health, unhurried, an aimed shot taking 10 (002
    l.38-41)."""
    f = _gl_set_up(_man("Ann", tactics="coward"), (5, 0))
    assert _decide(f) == {"shoot": "Bob", "mode": "aimed", "weapon": "webley_revolver",
                          "take_10": True}


@pytest.mark.parametrize("yards, mode", [(20 / 3, "fanning"), (7, "rapid")])
def test_an_aggressive_fanner_fans_at_20_feet_not_beyond(yards, mode):
    """Kills tactics.x_decide__mutmut_240 (under 20 ft). 002 l.406-410: the fanning table's
    reach; tactics.py fans within 20 ft (20 ft itself included), and fires rapid at 21 ft."""
    f = _gl_set_up(_man("Ann", tactics="aggressive", skills={"fanning": True},
                        weapons=[{"type": "single_action_revolver", "carried": "ready"}]),
                   (yards, 0))
    assert _decide(f)["mode"] == mode


def test_a_man_not_a_coward_whose_only_gun_is_broken_does_nothing():
    """Kills tactics.x_decide__mutmut_25 (everyone runs). tactics.py: with his only gun
    broken (G11) an aggressive man has nothing to do (only a coward runs)."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (5, 0))
    f.men["Ann"].arms[0].state = "broken"
    assert _decide(f) is None


def test_a_covering_man_has_his_gun_in_hand_next_round():
    """Kills fight.xǁGaslightFightǁcovering_shot__mutmut_29. 002 l.62: a covering man holds
    his gun ready; Hal's holstered Webley is in his hand from his covering shot on, so his
    round-2 shot needs no draw."""
    hal = _man("Hal", weapons=[{"type": "webley_revolver", "carried": "holster"}])
    sc = _scenario([hal], [_man("Rudd", at=(8, 0), hp=100, con=18)],
                   [{"intents": {"Hal": {"covers": {"target": "Rudd", "when": "moves"}},
                                 "Rudd": {"move": [9, 0]}}},
                    {"intents": {"Hal": {"shoot": "Rudd", "mode": "snap", "shots": 1}}}],
                   {"Hal": {"initiative": [5, 5], "to_hit": [2] * 4},
                    "Rudd": {"initiative": [1, 1]}})
    log = _fight(sc)
    assert of_kind(log, "gl_draw") == []
    assert [(s.turn, s.when) for s in of_kind(log, "gl_shot")][-1] == (2, "initiative")


def test_a_gun_in_a_case_takes_the_round_to_draw():
    """Kills fight.xǁGaslightFightǁdraw__mutmut_87. 002 l.32, GN18: a gun in a case is a
    full-round action to bring out: no shot that round."""
    ann = _man("Ann", weapons=[{"type": "webley_revolver", "carried": "case"}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0))],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    log = _fight(sc)
    assert [(d.action, d.cost) for d in of_kind(log, "gl_draw")] == [("full_round", "the round")]
    assert of_kind(log, "gl_shot") == []


def test_an_ordinary_shot_has_no_natural():
    """Kills fight.xǁGaslightFightǁfire__mutmut_244. G2, G11: a shot's natural is "20", "1"
    or "" (a d20 of 10)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9], "to_hit": [10], "location": [10], "damage": [1]},
                    "Bob": {"initiative": [1]}})
    assert [(s.roll, s.natural) for s in of_kind(_fight(sc), "gl_shot")] == [(10, "")]


def test_a_long_move_stops_short_rounded_to_the_hundredth():
    """Kills fight.xǁGaslightFightǁmove__mutmut_53. GN17: a man firing nothing moves 60 ft;
    toward (100, 37) yards from the origin (319.9 ft) he stops at 60/319.9 of the way,
    (18.76, 6.94)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(0, 50))],
                   [{"intents": {"Ann": {"move": [100, 37]}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    (mv,) = of_kind(_fight(sc), "gl_moved")
    assert (mv.end, mv.feet) == ((18.76, 6.94), 60)


def test_two_guns_drawn_from_a_pocket_lose_both_hands_first_shots():
    """Kills fight.xǁGaslightFightǁplan_and_fire__mutmut_231. GN18: drawing from a pocket is
    a standard action and costs his shots at initiative, in each hand: of two snap shots the
    primary fires its end-of-round one; the off hand's one shot (no Off Hand Shooting, 002
    l.349) was an initiative shot and is lost."""
    ann = _man("Ann", weapons=[{"type": "webley_revolver", "carried": "pocket"},
                               {"type": "bulldog_revolver", "name": "pocket pistol",
                                "hand": "off", "carried": "ready"}])
    sc = _scenario([ann], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2,
                                         "off_hand": {"shoot": "Bob", "mode": "snap"}}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2] * 3}, "Bob": {"initiative": [1]}})
    assert [(s.when, s.hand) for s in of_kind(_fight(sc), "gl_shot")] == [("end", "primary")]


def test_a_fast_draw_contestant_whose_intent_names_no_target_fires_at_the_other_man():
    """Kills fight.xǁGaslightFightǁfast_draw__mutmut_139. 002 l.99-110: the contest's shots
    are at the other man; Ann declared only a move, so her contest shot is at Bob (her d20 5
    against his 15: she fires first)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"fast_draw": ["Ann", "Bob"], "intents": {"Ann": {"move": [1, 0]}}}],
                   {"Ann": {"fast_draw": [5], "to_hit": [2]},
                    "Bob": {"fast_draw": [15], "to_hit": [2]}})
    assert [(s.shooter, s.target, s.when) for s in of_kind(_fight(sc), "gl_shot")][:2] == [
        ("Ann", "Bob", "contest"), ("Bob", "Ann", "contest")]


@pytest.mark.parametrize("roll, natural, result", [(20, "20", "hit"), (1, "1", "miss")])
def test_a_blow_of_a_natural_20_or_1(roll, natural, result):
    """Kills fight.xǁGaslightFightǁblow__mutmut_102, _103. GN23, G2: a blow's d20 of 20 is a
    natural 20 and hits; of 1 a natural 1 and misses."""
    sc = _scenario([_man("Ann", blade={"type": "knife"})], [_man("Bob", at=(1, 0), hp=30)],
                   [{"intents": {"Ann": {"strike": "Bob"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [roll], "location": [10],
                            "damage": [1]},
                    "Bob": {"initiative": [1]}})
    assert [(b.roll, b.natural, b.result) for b in of_kind(_fight(sc), "gl_blow")] == [
        (roll, natural, result)]


def test_another_action_is_told_for_its_man():
    """Kills fight.xǁGaslightFightǁact__mutmut_84. An intent's ``other`` (something that is
    no rule) is told at the end of the round, for the man who does it."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0))],
                   [{"intents": {"Ann": {"other": "shouts for the constable"}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    assert [(o.turn, o.character, o.text) for o in of_kind(_fight(sc), "other_action")] == [
        (1, "Ann", "shouts for the constable")]


def test_a_called_aimed_shot_takes_the_called_shot_modifier():
    """Kills fight.xǁGaslightFightǁmodifiers__mutmut_274. 002 l.120-123: an aimed shot
    called at a part carries the called-shot modifier, named so."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "aimed", "called": "chest"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    (shot,) = of_kind(_fight(sc), "gl_shot")
    assert shot.called == "chest"
    assert [(m.source, m.why) for m in shot.modifiers if m.name == "called_shot"] == [
        ("table", "chest")]


def test_an_aimed_shot_after_the_smallest_move_loses_the_plus_4():
    """Kills fight.xǁGaslightFightǁmodifiers__mutmut_37 (a move of a foot or less is no
    move). 002 l.41, GN17: aimed fire with any move keeps the shot and loses its +4; Ann
    steps 0.2 yards (0.6 ft)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "aimed", "move": [0, 0.2]}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    (shot,) = of_kind(_fight(sc), "gl_shot")
    terms = {m.name: (m.value, m.why) for m in shot.modifiers}
    assert terms["aimed_moving"] == (0, "the +4 lost") and "aimed" not in terms


@pytest.mark.parametrize("d6, reason", [(2, "misfire"), (4, "jammed"), (5, "broken")])
def test_a_covering_shot_from_a_misfired_gun_is_refused_as_jammed(d6, reason):
    """Kills fight.xǁGaslightFightǁready__mutmut_45, _54 (the reasons misspelt) and
    covering_follow_up__mutmut_21 (a follow-up's refusal without its round). G11: Hal's
    natural 1 and a d6 of 2 in round 1: a misfire (4: a jam; 5: broken). Round 2 he covers
    Rudd without clearing it; Rudd moves (after Hal's initiative): the covering shot is
    refused, misfire (jammed, broken; a misfire was refused as "jammed" until fresh user 13
    found the rolls block calling it a jam), and so is its follow-up at the end of round 2
    (002 l.68)."""
    hal = _man("Hal")
    sc = _scenario([hal], [_man("Rudd", at=(8, 0), hp=100, con=18)],
                   [{"intents": {"Hal": {"shoot": "Rudd", "mode": "snap", "shots": 1}}},
                    {"intents": {"Hal": {"covers": {"target": "Rudd", "when": "moves"}},
                                 "Rudd": {"move": [9, 0]}}}],
                   {"Hal": {"initiative": [5, 5], "to_hit": [1], "malfunction": [d6]},
                    "Rudd": {"initiative": [1, 1]}})
    blocked = [(b.turn, b.action, b.reason, b.target, b.detail)
               for b in of_kind(_fight(sc), "gl_blocked")]
    assert blocked == [(2, "shoot", reason, "Rudd", "Webley revolver")] * 2


def test_a_fight_stopped_after_a_round_is_paused_and_the_end_names_the_idle():
    """Kills fight.xǁGaslightFightǁrun__mutmut_18 (stop_after ignored), run__mutmut_84 (the
    fight hash dropped) and started__mutmut_14 (mounted None). GaslightFight.run: stopped
    after round 1 of 2 (play by post) the fight is paused; the end carries the fight hash (64
    hex digits, the footer shows 12) and names Bob, who held still; nobody starts mounted (GN22)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}] * 2,
                   {"Ann": {"initiative": [9, 9], "to_hit": [2, 2]},
                    "Bob": {"initiative": [1, 1]}})
    log = run_fight(_load(sc), stop_after=1)
    (end,) = of_kind(log, "fight_ended")
    assert (end.turns, end.reason, end.idle) == (1, "paused", ("Bob",))
    assert len(end.dice_hash) == 64 and int(end.dice_hash, 16) >= 0
    (started,) = of_kind(log, "fight_started")
    assert [c.mounted for c in started.characters] == [False, False]


# ---------------------------------------------------------------------- violence/tactics.py (all)
def test_violence_a_gun_with_one_round_left_still_shoots():
    """Kills violence.tactics.x_decide__mutmut_25 (a gun with 1 round counted empty).
    violence/tactics.py: a gun with a round in it is loaded; an aggressive man fires what is
    left (the one round) rather than reload (003 l.62)."""
    from test_violence_tactics import decide, fight_of

    from narrator.rulesets.violence.scenario import Intent
    f = fight_of("weapons: [{type: revolver, loaded: 1}], at: [0, 0], cover: wall",
                 cover_at="[0, 0]")
    assert decide(f) == Intent(shoot="Bo", shots=1, weapon="revolver")


def test_the_opening_lists_the_places_and_the_side_names():
    """Kills fight.xǁGaslightFightǁstarted__mutmut_62 (side names dropped), _74 (a landmark
    without a name unnamed), _82 (its key dropped), _98 (its cover dropped), cover_name__mutmut_3
    (a place of cover alone unnamed) and status__mutmut_31 (a wound's severity). The opening
    (G1) lists each landmark by name (its key, spaced, when it has none) with where it is and
    what it gives (002 l.89-98); a man at a place of cover is shown at it."""
    places = {"wall": {"at": [3, 0], "name": "the wall", "cover": 50, "concealment": 25},
              "water_trough": {"at": [0, 4], "cover": 25}}
    sc = _scenario([_man("Ann", at=(0, 4))], [_man("Bob", at=(3, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9], "to_hit": [19], "location": [10], "damage": [2]},
                    "Bob": {"initiative": [1]}},
                   map=places, side_names={"posse": "the Yard", "gang": "the Mob"})
    log = _fight(sc)
    (started,) = of_kind(log, "fight_started")
    assert started.side_names == (("posse", "the Yard"), ("gang", "the Mob"))
    assert started.landmarks == (("wall", "the wall"), ("water_trough", "water trough"))
    assert [(p.key, p.name, p.at, p.cover) for p in started.places] == [
        ("wall", "the wall", (3, 0), "50% cover, 25% concealment"),
        ("water_trough", "water trough", (0, 4), "25% cover")]
    st = _statuses(log, 1)
    assert st["Ann"].cover == "water trough"
    assert [(w.location, w.severity) for w in st["Bob"].wounds] == [("upper_right_arm", "hit")]


def test_make_gun_reads_an_alias_and_keeps_the_scenarios_type():
    """Kills weapons.x_make_gun__mutmut_3, _4 (an alias not read) and _149 (the type
    dropped). data/weapons.toml: 'webley' is the Webley revolver's alias; the gun keeps the
    type as the scenario wrote it."""
    g = make_gun(_spec("webley"))
    assert (g.type, g.name, g.klass, g.calibre) == ("webley", "Webley revolver", "revolver", ".45")
    assert make_gun(_spec("webley_revolver")).type == "webley_revolver"


def test_make_gun_overrides_the_form():
    """Kills weapons.x_make_gun__mutmut_34, _35. A scenario's ``form`` wins over the row's:
    a carbine-form lever action reads the carbine range increment (70 ft, G9) and fast-draw
    -2 (002 l.118); made a rifle, 120 ft and -3 (l.119)."""
    g = make_gun(_spec("lever_action_carbine", form="rifle"))
    assert (g.form, g.increment, g.fast_draw) == ("rifle", 120, -3)


def test_make_gun_a_muzzle_loader_over_its_barrels_is_refused():
    """Kills weapons.x_make_gun__mutmut_134, _135. 002 l.14-16: a muzzle loader holds one
    round a barrel; a 2-round single-barrel muzzle-loading pistol is refused at capacity."""
    with pytest.raises(GunError) as exc:
        make_gun(_spec("muzzle_loader", capacity=2))
    assert (exc.value.field, str(exc.value)) == (
        "capacity", "a muzzle loader holds one round a barrel (1)")


# ------------------------------------------------------------ gaslight fight.py 420, tactics.py all
def test_a_lawman_covers_the_nearest_enemy_until_shots_are_fired():
    """Kills tactics.x_decide__mutmut_157, _158, _161, _163. tactics.py lawman: while nobody
    has fired he covers the nearest enemy with his gun, trigger 'shoots' (002 l.61-63)."""
    from narrator.rulesets.gaslight.scenario import Covers
    f = _gl_set_up(_man("Ann", tactics="lawman"), (5, 0))
    it = gl_tactics.decide(f, 1, f.men["Ann"])
    assert (it.covers, it.weapon, it.shoot) == (Covers(target="Bob", when="shoots"),
                                                "webley_revolver", None)


@pytest.mark.parametrize("state", ["broken", "burst"])
def test_tactics_a_broken_or_burst_gun_gives_way_to_the_other(state):
    """Kills tactics.x_decide__mutmut_16, _17. tactics.py: a broken or burst gun (G11, G18 g)
    is set aside for his other loaded gun."""
    f = _gl_set_up(_man("Ann", tactics="aggressive", weapons=[
        {"type": "webley_revolver", "carried": "ready"},
        {"type": "bulldog_revolver", "carried": "ready"}]), (20, 0))
    f.men["Ann"].arms[0].state = state
    assert _decide(f)["weapon"] == "bulldog_revolver"


def test_tactics_a_blinded_man_does_nothing():
    """Kills tactics.x_decide__mutmut_7. GN8: a blinded man can aim at nothing."""
    f = _gl_set_up(_man("Ann", tactics="aggressive"), (5, 0))
    f.men["Ann"].blinded = True
    assert _decide(f) is None


def test_tactics_read_the_rounds_own_fast_draw():
    """Kills tactics.x_decide__mutmut_50 (the round before's turn read). 002 l.102: round 2's
    fast-draw contest makes a cautious man fire snap at the other man in round 2."""
    sc = _scenario([_man("Ann", tactics="cautious")], [_man("Bob", at=(5, 0))],
                   [{"intents": {}}, {"fast_draw": ["Ann", "Bob"], "intents": {}}])
    f = GaslightFight(_load(sc).scenario, ScriptedDice({}, 1, "seeded"), 1)
    assert gl_tactics.decide(f, 2, f.men["Ann"]).mode == "snap"
    assert gl_tactics.decide(f, 1, f.men["Ann"]).mode == "aimed"


def test_tactics_step_toward_from_away_from_the_origin():
    """Kills tactics.x__toward__mutmut_5, _34. tactics.py _toward from (2, 3) toward Bob at
    (9, 6): 6.616 yards along (7, 3)/7.616: (8.08, 5.61)."""
    f = _gl_set_up(_man("Ann", at=(2, 3), tactics="aggressive"), (9, 6))
    assert _decide(f)["move"] == (8.08, 5.61)


def test_a_shot_out_of_range_is_refused_naming_the_target():
    """Kills fight.xǁGaslightFightǁfire__mutmut_173. GN1: Bob 200 yards (600 ft) off is beyond
    a pistol's 10 increments (300 ft): refused, out of range."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(200, 0))],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9]}, "Bob": {"initiative": [1]}})
    assert [(b.action, b.reason, b.target, b.detail)
            for b in of_kind(_fight(sc), "gl_blocked")] == [
        ("shoot", "out_of_range", "Bob", "600 ft")]


def test_the_range_modifier_counts_full_increments():
    """Kills fight.xǁGaslightFightǁmodifiers__mutmut_141, _148. G2: -2 a full increment; Bob
    at 20 yards (60 ft) is two pistol increments: -4, from the table, counted 2."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(20, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9], "to_hit": [2]}, "Bob": {"initiative": [1]}})
    (shot,) = of_kind(_fight(sc), "gl_shot")
    assert [(m.value, m.source, m.why, m.times) for m in shot.modifiers
            if m.name == "range"] == [(-4, "table", "", 2)]


def test_a_gm_edit_of_condition_and_hit_points():
    """Kills fight.xǁGaslightFightǁadjust__mutmut_11, _15. GaslightFight.adjust: a GM's
    edit of ``condition`` and ``hp`` stands from the round it is made in."""
    sc = _scenario([_man("Ann"), _man("Dee", at=(0, 2))], [_man("Bob", at=(20, 0))],
                   [{"intents": {}}] * 2,
                   {"Ann": {"initiative": [9, 9]}, "Dee": {"initiative": [5, 5]},
                    "Bob": {"initiative": [1, 1]}})
    log = run_fight(_load(sc), adjustments={2: {"Ann": {"condition": "unconscious"},
                                               "Dee": {"hp": 3}}})
    st = _statuses(log, 2)
    assert (st["Ann"].condition, st["Dee"].wound_points) == ("passed_out", 3)


def test_a_shot_in_the_face_that_does_not_blind_shows_its_d6():
    """Kills fight.xǁGaslightFightǁdamage__mutmut_154. 002 l.488, G10: a face hit rolls the
    blinding d6; 5 does not blind (1-2 does), and the roll is shown."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}],
                   {"Ann": {"initiative": [9], "to_hit": [19], "location": [19], "damage": [3],
                            "blinding": [5]},
                    "Bob": {"initiative": [1]}})
    (dmg,) = of_kind(_fight(sc), "gl_damage")
    assert (dmg.part, dmg.blind_roll, dmg.blinded) == ("face", 5, False)


def test_a_point_blank_natural_20_doubles_the_damage():
    """Kills fight.xǁGaslightFightǁdamage__mutmut_58, _61. G6: a natural 20 at point blank
    doubles the damage, a table multiplier 'point_blank_20' x2 (Bob beside her, 0 ft)."""
    sc = _scenario([_man("Ann")], [_man("Bob", at=(0, 0), hp=200, con=18)],
                   [{"intents": {"Ann": {"shoot": "Bob", "mode": "point_blank"}}}],
                   {"Ann": {"initiative": [9], "to_hit": [20], "location": [10], "damage": [3]},
                    "Bob": {"initiative": [1]}})
    (dmg,) = of_kind(_fight(sc), "gl_damage")
    assert [(m.name, m.value, m.source, m.why) for m in dmg.multipliers] == [
        ("point_blank_20", 0, "table", "2")]


def test_the_opening_in_poor_light_names_the_light_and_each_mans_gun_and_dex():
    """Kills fight.xǁGaslightFightǁstarted__mutmut_8, _13, _44, _71 and status__mutmut_63.
    002 l.82-85: the opening gives the scenario's light as it is ("poor"; no night, which
    Gaslight has not: fresh user 12 found poor light told as a night), introduces each man
    with his DEX (in his own attributes, never in Boot Hill's coordination place) and his
    guns; nobody starts prone."""
    sc = _scenario([_man("Ann", dex=14)], [_man("Bob", at=(5, 0))], [{"intents": {}}],
                   conditions={"light": "poor"})
    log = _fight(sc)
    (started,) = of_kind(log, "fight_started")
    assert started.night is False and started.light == "poor"
    assert [(c.name, dict(c.attributes)["dex"], c.coo, c.weapons)
            for c in started.characters] == [
        ("Ann", 14, 0, ("Webley revolver",)), ("Bob", 12, 0, ("Webley revolver",))]
    assert [s.prone for s in _statuses(log, 1).values()] == [False, False]


def test_a_covering_shot_is_fired_with_the_declared_gun():
    """Kills fight.xǁGaslightFightǁcovering_shot__mutmut_25. G5: Hal covers Rudd with the
    pocket pistol he names (not his first gun); Rudd moves; the covering shot is the pocket
    pistol's."""
    hal = _man("Hal", weapons=[{"type": "webley_revolver", "carried": "ready"},
                               {"type": "bulldog_revolver", "name": "pocket pistol",
                                "carried": "ready"}])
    sc = _scenario([hal], [_man("Rudd", at=(8, 0), hp=100, con=18)],
                   [{"intents": {"Hal": {"covers": {"target": "Rudd", "when": "moves"},
                                         "weapon": "pocket pistol"},
                                 "Rudd": {"move": [9, 0]}}}],
                   {"Hal": {"initiative": [5], "to_hit": [2, 2, 2]},
                    "Rudd": {"initiative": [1]}})
    assert [s.weapon for s in of_kind(_fight(sc), "gl_shot")][0] == "pocket pistol"


def test_clearing_a_misfire_spends_his_move():
    """Kills fight.xǁGaslightFightǁfirst_half__mutmut_117. G11, GN18: clearing a misfire is
    a move action and costs his move: round 2 Ann clears it and fires, and does not walk."""
    intent1 = {"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1}}}
    intent2 = {"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                   "move": [0, 3]}}}
    sc = _scenario([_man("Ann")], [_man("Bob", at=(5, 0), hp=200, con=18)], [intent1, intent2],
                   {"Ann": {"initiative": [9, 9], "to_hit": [1, 2], "malfunction": [2]},
                    "Bob": {"initiative": [1, 1]}})
    log = _fight(sc)
    assert [r.cleared for r in of_kind(log, "gl_reloaded")] == ["misfire"]
    assert of_kind(log, "gl_moved") == [] and len(of_kind(log, "gl_shot")) == 2
