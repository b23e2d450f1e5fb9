"""Hand-worked tests for the Boot Hill tables (source 000 Tables 1-14, 001, errata B1-B17).

Every expected value below is typed in by hand from the rules text
(``../shared/sources/000_f05c5ef385f1db5a.txt``, line numbers as ``cat -n`` gives them, cited
as ``000 l.N``) or from ``../shared/errata.md`` (cited as ``B<n>``). None is computed with the
code under test.
"""

from __future__ import annotations

import textwrap
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from source_tables import ANY_HIPSHOT, TABLE_14

from narrator.dice import ScriptedDice
from narrator.rulesets.boothill import hit, tables
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.state import Fighter, Wound, make_weapon
from narrator.scenario import load_scenario_text
from narrator.rulesets.boothill.scenario import Character, MoveIntent, WeaponSpec

DATA = Path(tables.__file__).resolve().parent / "data"


# =====================================================================================
# Table 1 / Table 4: base chance to hit (000 l.89-95, l.230-239; 001 l.18-19; B2)
# =====================================================================================

@pytest.mark.parametrize("shot_type, coo, skill, expected", [
    # 001 l.18-19: COO 13 -> careful 13, steady 7, hipshot 3; with Pistol 2: 15, 9, 5; fanned 2
    ("careful", 13, 2, 15),
    ("steady", 13, 2, 9),
    ("hip", 13, 2, 5),
    ("fanned", 13, 2, 2),
    # 000 l.340: Luke Short COO 16, Pistol 4, hipshot: 16/4 + 4 = 8
    ("hip", 16, 4, 8),
    # steady rounds up: COO 15 -> 8 (+ skill 0); hip rounds down: COO 15 -> 3
    ("steady", 15, 0, 8),
    ("hip", 15, 0, 3),
    # fanned: 1, or Pistol skill, whichever is more (000 l.239)
    ("fanned", 15, 0, 1),
    ("fanned", 15, 1, 1),
    ("fanned", 15, 5, 5),
    # 000 l.597: Stanshaw COO 16 + Pistol 8 = 24
    ("careful", 16, 8, 24),
])
def test_base_chance(shot_type, coo, skill, expected):
    """Table 1/4 (B2): careful COO+skill, steady ceil(COO/2)+skill, hip floor(COO/4)+skill,
    fanned max(1, Pistol)."""
    assert tables.base_chance(shot_type, coo, skill) == expected


# =====================================================================================
# Table 2 (= Table 8): chance-to-hit modifiers (000 l.97-132; 001 l.20-29; B3, B17)
# =====================================================================================

def make_fighter(name: str = "Shooter", *, weapons=("single_action_revolver",), coo: int = 10,
                 pistol: int = 2, rifle: int = 2, size: str = "normal", prone: bool = False,
                 obscured: bool = False, wounds=(), handedness: str = "right") -> Fighter:
    """A Fighter built straight from a scenario Character (no fight needed)."""
    c = Character.model_validate({
        "name": name,
        "attributes": {"str": 12, "coo": coo, "obs": 10, "sta": 10, "luck": 8},
        "skills": {"pistol": pistol, "rifle": rifle},
        "weapons": [{"type": w} for w in weapons],
        "at": [0, 0], "size": size, "prone": prone, "obscured": obscured,
        "handedness": handedness,
    })
    f = Fighter(c=c, side="x", order=0, pos=(0.0, 0.0),
                weapons=[make_weapon(WeaponSpec(type=w)) for w in weapons],
                mounted=False, prone=prone, cover=None)
    for loc, sev in wounds:
        pts = {"light": 1, "serious": 3}[sev]
        f.wounds.append(Wound(loc, sev, pts))
        f.wound_points += pts
    return f


# Each case: id, shooter kwargs, target kwargs, ShotSituation kwargs, weapon index,
# expected {modifier: value} (typed from Table 2), expected sum of the modifiers.
MODIFIER_CASES = [
    # --- Range (000 l.100-105)
    ("point_blank_pistol", {}, {}, {"band": "point_blank"}, 0,
     {"point_blank_pistol": +4}, +4),
    ("point_blank_rifle", {"weapons": ("lever_action_rifle",)}, {}, {"band": "point_blank"}, 0,
     {"point_blank_long_arm": -2}, -2),
    ("point_blank_shotgun_is_a_long_arm", {"weapons": ("shotgun",)}, {}, {"band": "point_blank"},
     0, {"point_blank_long_arm": -2, "shotgun": +2}, 0),
    ("short", {}, {}, {"band": "short"}, 0, {"short": 0}, 0),
    ("long", {}, {}, {"band": "long"}, 0, {"long": -2}, -2),
    ("extreme", {}, {}, {"band": "extreme"}, 0, {"extreme": -5}, -5),
    # --- Movement of target (000 l.107-109; B3: walking or crawling target gives 0)
    ("target_running", {}, {}, {"target_gait": "running"}, 0,
     {"short": 0, "target_running": -2}, -2),
    ("target_trotting", {}, {}, {"target_gait": "trotting"}, 0,
     {"short": 0, "target_trotting": -2}, -2),
    ("target_evading", {}, {}, {"target_gait": "evading"}, 0,
     {"short": 0, "target_evading": -4}, -4),
    ("target_galloping", {}, {}, {"target_gait": "galloping"}, 0,
     {"short": 0, "target_galloping": -4}, -4),
    ("target_walking_gives_0", {}, {}, {"target_gait": "walking"}, 0, {"short": 0}, 0),
    ("target_crawling_gives_0", {}, {}, {"target_gait": "crawling"}, 0, {"short": 0}, 0),
    ("target_dropping_prone_counts_as_evading", {}, {}, {"target_dropping_prone": True}, 0,
     {"short": 0, "target_evading": -4}, -4),
    # --- Movement of shooter (000 l.111-113)
    ("shooter_walking", {}, {}, {"shooter_gait": "walking"}, 0,
     {"short": 0, "shooter_walking": -2}, -2),
    ("shooter_running", {}, {}, {"shooter_gait": "running"}, 0,
     {"short": 0, "shooter_running": -4}, -4),
    ("shooter_trotting", {}, {}, {"shooter_gait": "trotting"}, 0,
     {"short": 0, "shooter_trotting": -4}, -4),
    ("shooter_galloping", {}, {}, {"shooter_gait": "galloping"}, 0,
     {"short": 0, "shooter_galloping": -4}, -4),
    # --- Wounds (000 l.115-117: each light -1, each serious -4; 000 l.689 cumulative)
    ("one_light_wound", {"wounds": [("abdomen", "light")]}, {}, {}, 0,
     {"short": 0, "light_wound": -1}, -1),
    ("two_light_wounds", {"wounds": [("abdomen", "light"), ("head", "light")]}, {}, {}, 0,
     {"short": 0, "light_wound": -2}, -2),
    ("one_serious_wound", {"wounds": [("chest", "serious")]}, {}, {}, 0,
     {"short": 0, "serious_wound": -4}, -4),
    ("two_serious_wounds", {"wounds": [("chest", "serious"), ("left_shoulder", "serious")]},
     {}, {}, 0, {"short": 0, "serious_wound": -8}, -8),
    ("light_and_serious", {"wounds": [("right_leg", "light"), ("chest", "serious")]}, {}, {}, 0,
     {"short": 0, "light_wound": -1, "serious_wound": -4}, -5),
    # --- Target size (000 l.119-124; 001 l.25: a prone man is a small target)
    ("size_very_large", {}, {"size": "very_large"}, {}, 0, {"short": 0, "size_very_large": +4}, +4),
    ("size_large", {}, {"size": "large"}, {}, 0, {"short": 0, "size_large": +2}, +2),
    ("size_normal", {}, {"size": "normal"}, {}, 0, {"short": 0}, 0),
    ("size_small", {}, {"size": "small"}, {}, 0, {"short": 0, "size_small": -2}, -2),
    ("size_very_small", {}, {"size": "very_small"}, {}, 0,
     {"short": 0, "size_very_small": -4}, -4),
    ("target_lying_prone_is_small", {}, {"prone": True}, {}, 0,
     {"short": 0, "size_small": -2}, -2),
    # --- Miscellaneous (000 l.126-132; 001 l.25-27; B3)
    ("sniping", {}, {}, {"sniping": True}, 0, {"short": 0, "sniping": +2}, +2),
    ("shotgun_short", {"weapons": ("shotgun",)}, {}, {}, 0, {"short": 0, "shotgun": +2}, +2),
    ("shotgun_long", {"weapons": ("shotgun",)}, {}, {"band": "long"}, 0,
     {"long": -2, "shotgun": +2}, 0),
    ("shotgun_extreme", {"weapons": ("shotgun",)}, {}, {"band": "extreme"}, 0,
     {"extreme": -5, "shotgun": +2}, -3),
    ("scattergun_short", {"weapons": ("scattergun",)}, {}, {}, 0,
     {"short": 0, "scattergun": +4}, +4),
    ("scattergun_long", {"weapons": ("scattergun",)}, {}, {"band": "long"}, 0,
     {"long": -2, "scattergun": +4}, +2),
    ("scattergun_extreme", {"weapons": ("scattergun",)}, {}, {"band": "extreme"}, 0,
     {"extreme": -5, "scattergun": +4}, -1),
    ("target_obscured", {}, {"obscured": True}, {}, 0, {"short": 0, "obscured": -2}, -2),
    ("wrong_hand", {}, {}, {"off_hand": True}, 0, {"short": 0, "wrong_hand": -2}, -2),
    ("two_pistols_main_gun",
     {"weapons": ("single_action_revolver", "single_action_revolver")}, {},
     {"two_guns": True}, 0, {"short": 0, "two_pistols": -6}, -6),
    ("two_pistols_off_hand_gun",
     {"weapons": ("single_action_revolver", "single_action_revolver")}, {},
     {"two_guns": True, "off_hand": True}, 1, {"short": 0, "two_pistols": -6, "wrong_hand": -2},
     -8),
    # 001 l.23: a serious wound in the gun arm: serious -4 and wrong hand -2 with a pistol
    ("serious_gun_arm_pistol", {"wounds": [("right_arm", "serious")]}, {}, {}, 0,
     {"short": 0, "serious_wound": -4, "wrong_hand": -2}, -6),
    ("serious_gun_shoulder_pistol", {"wounds": [("right_shoulder", "serious")]}, {}, {}, 0,
     {"short": 0, "serious_wound": -4, "wrong_hand": -2}, -6),
    # 001 l.24: serious wounds in both arms: the gun goes back to the good hand, no wrong hand
    ("serious_both_arms_pistol", {"wounds": [("right_arm", "serious"), ("left_arm", "serious")]},
     {}, {}, 0, {"short": 0, "serious_wound": -8}, -8),
    # 001 l.27: a rifle fired with only one hand takes the wrong-hand -2
    ("serious_arm_rifle_one_handed",
     {"weapons": ("lever_action_rifle",), "wounds": [("left_arm", "serious")]}, {}, {}, 0,
     {"short": 0, "serious_wound": -4, "wrong_hand": -2}, -6),
    # B17 / 000 l.542: night, -4 on every shot
    ("night", {}, {}, {"night": True}, 0, {"short": 0, "night": -4}, -4),
]


@pytest.mark.parametrize("shooter_kw, target_kw, sit_kw, gun, expected, total",
                         [c[1:] for c in MODIFIER_CASES], ids=[c[0] for c in MODIFIER_CASES])
def test_table2_modifier(shooter_kw, target_kw, sit_kw, gun, expected, total):
    """Each row of Table 2 (000 l.97-132, = Table 8 l.292-327) as hit.modifiers lists it."""
    shooter = make_fighter("Shooter", **shooter_kw)
    target = make_fighter("Target", **target_kw)
    sit = hit.ShotSituation(**{"shot_type": "careful", "band": "short", **sit_kw})
    mods = hit.modifiers(shooter, target, shooter.weapons[gun], sit)
    got = {m.name: m.value for m in mods}
    assert got == expected
    assert sum(m.value for m in mods) == total


def test_billy_point_blank_and_light_wound():
    """000 l.76: Billy, COO 13, Pistol 2 -> base 15; point blank pistol +4, one light wound -1
    -> 18."""
    billy = make_fighter("Billy", coo=13, pistol=2, wounds=[("abdomen", "light")])
    target = make_fighter("Target")
    sit = hit.ShotSituation(shot_type="careful", band="point_blank")
    ws = billy.weapons[0]
    base, final = hit.chance(hit.base_parts(billy, ws, sit), hit.modifiers(billy, target, ws, sit))
    assert (base, final) == (15, 18)


def test_light_wound_house_rule_minus_two():
    """House rule ``light_wound_penalty: -2`` (errata table; 000 l.641): two light wounds give
    -4, marked as a house rule."""
    s = make_fighter("Stanshaw", coo=16, pistol=8,
                     wounds=[("abdomen", "light"), ("head", "light")])
    sit = hit.ShotSituation(shot_type="careful", band="long", light_wound_penalty=-2)
    mods = {m.name: m for m in hit.modifiers(s, make_fighter("T"), s.weapons[0], sit)}
    assert mods["light_wound"].value == -4
    assert mods["light_wound"].source == "house rule"


@pytest.mark.parametrize("key, value", [
    ("point_blank_pistol", 4), ("point_blank_long_arm", -2), ("short", 0), ("long", -2),
    ("extreme", -5), ("target_running", -2), ("target_trotting", -2), ("target_evading", -4),
    ("target_galloping", -4), ("shooter_walking", -2), ("shooter_running", -4),
    ("shooter_trotting", -4), ("shooter_galloping", -4), ("light_wound", -1),
    ("serious_wound", -4), ("size_very_large", 4), ("size_large", 2), ("size_normal", 0),
    ("size_small", -2), ("size_very_small", -4), ("sniping", 2), ("shotgun", 2),
    ("scattergun", 4), ("obscured", -2), ("wrong_hand", -2), ("two_pistols", -6), ("night", -4),
])
def test_table2_data_values(key, value):
    """The data file's Table 2 keys hold the table's values (000 l.97-132; night 000 l.542)."""
    assert tables.hit_modifier(key) == value


# --- Table 2 through whole fights ------------------------------------------------------

def _run(text: str):
    from narrator.engine import run_fight
    log = run_fight(load_scenario_text(textwrap.dedent(text)))
    assert all(r.scripted for r in log.rolls), [r for r in log.rolls if not r.scripted]
    return log


def _shots(log):
    return [e for e in log.events if e.kind == "shot_fired"]


def test_sanchez_and_jim_combat_turn_example():
    """000 l.163-173 (at 10 yards so both weapons are at short range by Table 14):
    Sanchez, COO 12 + Rifle 2 = 14, short 0, Jim on a walking horse gives no modifier: 14;
    rolls 17, a miss. Jim, COO 13 + Pistol 3 = 16, short 0, shooter walking (his horse) -2:
    14; rolls 7, a hit."""
    log = _run("""
        title: Jim and Juan Sanchez
        sides:
          Rangers:
            - {name: Jim, attributes: {str: 12, coo: 13, obs: 10, sta: 10, luck: 5},
               skills: {pistol: 3}, weapons: [{type: single_action_revolver}], at: [0, 0],
               mounted: true, aim: none}
          Mexicans:
            - {name: Juan Sanchez, attributes: {str: 12, coo: 12, obs: 10, sta: 10, luck: 5},
               skills: {rifle: 2}, weapons: [{type: lever_action_rifle}], at: [10, 0], aim: none}
        turns:
          - kind: combat
            intents:
              Juan Sanchez: {shoot: Jim}
              Jim: {shoot: Juan Sanchez, move: {gait: walking, to: [0, 4]}}
        dice_fallback: error
        dice:
          Rangers: {initiative: [2]}
          Mexicans: {initiative: [5]}
          Jim: {to_hit: [7], location: [12], severity: [1]}
          Juan Sanchez: {to_hit: [17]}
        """)
    s = _shots(log)
    assert [(e.shooter, e.band, e.base_chance, e.chance, e.roll, e.result) for e in s] == [
        ("Juan Sanchez", "short", 14, 14, 17, "miss"),
        ("Jim", "short", 16, 14, 7, "hit"),
    ]
    assert {m.name: m.value for m in s[1].modifiers} == {"short": 0, "shooter_walking": -2}


def test_evading_shooter_cannot_shoot_and_prone_dropper_is_evading():
    """B3 / 001 l.23: a shooter who evades cannot shoot; 001 l.55: a character who drops prone
    counts as evading, so he cannot shoot and is -4 to hit. Ann (COO 10 + Pistol 2 = 12) fires
    at Bo, who drops prone this turn: 12 + short 0 - 4 = 8. Bo's own shot is refused."""
    log = _run("""
        title: drop
        sides:
          A:
            - {name: Ann, attributes: {str: 12, coo: 10, obs: 10, sta: 10, luck: 5},
               skills: {pistol: 2}, weapons: [{type: single_action_revolver}], at: [0, 0]}
          B:
            - {name: Bo, attributes: {str: 12, coo: 10, obs: 10, sta: 10, luck: 5},
               skills: {pistol: 2}, weapons: [{type: single_action_revolver}], at: [5, 0]}
            - {name: Cy, attributes: {str: 12, coo: 9, obs: 10, sta: 10, luck: 5},
               skills: {pistol: 2}, weapons: [{type: single_action_revolver}], at: [5, 5]}
        turns:
          - kind: combat
            intents:
              Ann: {shoot: Bo}
              Bo: {shoot: Ann, move: {drop_prone: true}}
              Cy: {shoot: Ann, move: {gait: evading, to: [20, 20]}}
        dice_fallback: error
        dice:
          A: {initiative: [6]}
          B: {initiative: [1]}
          Ann: {to_hit: [9]}
        """)
    s = _shots(log)
    assert [(e.shooter, e.chance, e.roll, e.result) for e in s] == [("Ann", 8, 9, "miss")]
    refused = [(e.character, e.reason) for e in log.events if e.kind == "action_refused"]
    assert refused == [("Bo", "evading"), ("Cy", "evading")]


def test_sniping_only_on_first_shot_of_the_fight():
    """B3 / 001 l.25-26: sniping +2 applies to the first shot of the fight only. Ann, COO 10 +
    Pistol 2 = 12, sniping: first shot 12 + 2 = 14; second shot 12."""
    log = _run("""
        title: snipe
        sides:
          A:
            - {name: Ann, attributes: {str: 12, coo: 10, obs: 10, sta: 10, luck: 5},
               skills: {pistol: 2}, weapons: [{type: single_action_revolver}], at: [0, 0]}
          B:
            - {name: Bo, attributes: {str: 12, coo: 10, obs: 10, sta: 10, luck: 5},
               weapons: [{type: single_action_revolver}], at: [5, 0]}
        turns:
          - kind: combat
            intents:
              Ann: {shoot: Bo, shots: 2, sniping: true}
        dice_fallback: error
        dice:
          A: {initiative: [6]}
          B: {initiative: [1]}
          Ann: {to_hit: [19, 19]}
        """)
    assert [e.chance for e in _shots(log)] == [14, 12]


# =====================================================================================
# Table 3: combat turn movement (000 l.134-162; 001 l.53-55; B12, B17)
# =====================================================================================

@pytest.mark.parametrize("gait, mounted, yards", [
    ("crawling", False, 2), ("walking", False, 6), ("evading", False, 12), ("running", False, 24),
    ("walking", True, 8), ("trotting", True, 16), ("galloping", True, 32),
])
def test_table3_allowances(gait, mounted, yards):
    """Table 3 (000 l.137-146): yards per combat turn."""
    assert tables.movement_allowance(gait, mounted) == yards


@pytest.mark.parametrize("gait, mounted, yards", [
    ("crawling", False, 1 / 3), ("walking", False, 1), ("evading", False, 2), ("running", False, 4),
    ("walking", True, 1), ("trotting", True, 3), ("galloping", True, 5),
])
def test_table7_shootout_allowances(gait, mounted, yards):
    """Table 7 (000 l.279-291): yards per shootout turn; crawling 1 foot = 1/3 yard."""
    assert tables.movement_allowance(gait, mounted, "shootout") == pytest.approx(yards)


MOVER = """
    title: movement
    night: {night}
    sides:
      A:
        - {{name: Mover, attributes: {{str: 12, coo: 10, obs: 10, sta: 10, luck: 5}},
           weapons: [{{type: single_action_revolver}}], at: [0, 0], mounted: {mounted},
           prone: {prone}}}
      B:
        - {{name: Other, attributes: {{str: 12, coo: 10, obs: 10, sta: 10, luck: 5}},
           weapons: [{{type: single_action_revolver}}], at: [500, 500]}}
    turns:
      - kind: combat
        intents: {{}}
    """


def move_allowance(move: dict, wounds=(), mounted=False, prone=False, night=False):
    """Fight.move for one character (after setting his wounds); returns the Moved event and
    the fight."""
    text = MOVER.format(mounted=str(mounted).lower(), prone=str(prone).lower(),
                        night=str(night).lower())
    loaded = load_scenario_text(textwrap.dedent(text))
    fight = BootHillFight(loaded.scenario, loaded.side_of, ScriptedDice({}, 1, "seeded"),
                          profile_of(loaded.scenario), 1)
    f = fight.fighters["Mover"]
    for loc, sev in wounds:
        f.wounds.append(Wound(loc, sev, 1))
    fight.move(1, f, MoveIntent.model_validate({"to": [100, 0], **move}))
    moved = [e for e in fight.events if e.kind == "moved"]
    assert len(moved) == 1
    return moved[0], fight


MOVE_CASES = [
    # id, move intent, wounds, mounted, prone, night, expected allowance (yards) from Table 3
    ("running_24", {"gait": "running"}, (), False, False, False, 24),
    ("through_door_24_minus_2", {"gait": "running", "through": ["door"]}, (), False, False,
     False, 22),
    ("through_window_24_minus_6", {"gait": "running", "through": ["window"]}, (), False, False,
     False, 18),
    ("dismount_half_of_running", {"gait": "running", "dismount": True}, (), True, False, False, 12),
    # Mounting takes half the allowance; a character who mounts and gallops (or trots) off
    # moves at the horse's gait, which only exists mounted: 32 / 2 = 16, 16 / 2 = 8.
    ("mount_then_galloping_half_of_32", {"gait": "galloping", "mount": True}, (), False, False,
     False, 16),
    ("mount_then_trotting_half_of_16", {"gait": "trotting", "mount": True}, (), False, False,
     False, 8),
    ("stand_up_half_of_running", {"gait": "running", "stand_up": True}, (), False, True, False, 12),
    ("fall_prone_no_penalty", {"gait": "walking", "drop_prone": True}, (), False, False, False, 6),
    ("jump_down_half", {"gait": "running", "jump_down": True}, (), False, False, False, 12),
    ("terrible_footing_halved", {"gait": "running", "terrible_footing": True}, (), False, False,
     False, 12),
    # Wound penalties (000 l.158-162; 001 l.54: cumulative, crawling never affected)
    ("light_leg_wound_halves_running", {"gait": "running"}, [("left_leg", "light")], False, False,
     False, 12),
    ("light_leg_wound_halves_evading", {"gait": "evading"}, [("right_leg", "light")], False, False,
     False, 6),
    ("light_leg_wound_crawling_unaffected", {"gait": "crawling"}, [("left_leg", "light")], False,
     False, False, 2),
    ("serious_leg_walk_only_halved", {"gait": "running"}, [("left_leg", "serious")], False, False,
     False, 3),
    ("serious_both_legs_crawl_only", {"gait": "running"},
     [("left_leg", "serious"), ("right_leg", "serious")], False, False, False, 2),
    ("other_serious_running_halved", {"gait": "running"}, [("chest", "serious")], False, False,
     False, 12),
    ("other_serious_walking_normal", {"gait": "walking"}, [("chest", "serious")], False, False,
     False, 6),
    ("other_serious_crawling_normal", {"gait": "crawling"}, [("abdomen", "serious")], False, False,
     False, 2),
    # 001 l.54, Hapless Bob: serious left leg + two light right leg: walk only, halved three
    # times: 6 / 8 = 0.75 yards
    ("hapless_bob", {"gait": "running"},
     [("left_leg", "serious"), ("right_leg", "light"), ("right_leg", "light")], False, False,
     False, 0.75),
    # B17 / 000 l.539: at night all movement but walking and crawling is halved
    ("night_running_halved", {"gait": "running"}, (), False, False, True, 12),
    ("night_walking_full", {"gait": "walking"}, (), False, False, True, 6),
    ("night_crawling_full", {"gait": "crawling"}, (), False, False, True, 2),
    ("night_galloping_halved", {"gait": "galloping"}, (), True, False, True, 16),
]


@pytest.mark.parametrize("move, wounds, mounted, prone, night, expected",
                         [c[1:] for c in MOVE_CASES], ids=[c[0] for c in MOVE_CASES])
def test_table3_penalties(move, wounds, mounted, prone, night, expected):
    """Table 3 penalties (000 l.148-162) applied by the fight's movement step."""
    moved, _ = move_allowance(move, wounds, mounted, prone, night)
    assert moved.allowance == pytest.approx(expected)
    assert moved.distance == pytest.approx(expected)


def test_mount_then_gallop_keeps_the_gait():
    """The mounting rider of ``mount_then_galloping_half_of_32`` is recorded galloping, not
    running, and ends the move mounted."""
    moved, _ = move_allowance({"gait": "galloping", "mount": True})
    assert (moved.gait, moved.mounted) == ("galloping", True)


def test_stairs_row():
    """Table 3 (000 l.151): "Moving on stairs: up/down - 1 stair per yard": running 24 yards
    with 6 stairs to climb leaves 18. The scenario format must be able to say so."""
    fields = [k for k in MoveIntent.model_fields if "stair" in k]
    assert fields, "Table 3 'Moving on stairs' has no field in the scenario's move intent"
    moved, _ = move_allowance({"gait": "running", fields[0]: 6})
    assert moved.allowance == 18


def test_window_needs_a_coordination_check():
    """Table 3 (000 l.150): moving through a window costs 6 yards "+ Coordination Check"
    (001 l.53: the check decides whether he keeps moving). Running 24 - 6 = 18, and a d20 is
    rolled against COO 10 for the mover."""
    moved, fight = move_allowance({"gait": "running", "through": ["window"]})
    assert moved.allowance == 18
    checks = [r for r in fight.dice.rolls if r.who == "Mover" and r.sides == 20]
    assert len(checks) == 1, "no Coordination check was rolled for the window"


# =====================================================================================
# Table 9: shotgun and scattergun pellets (000 l.357-367; B9)
# =====================================================================================

PELLETS = {  # 000 l.360-365, typed by band column: d6 1, 2, 3, 4, 5, 6
    "short": [1, 2, 2, 3, 3, 4],
    "long": [0, 1, 1, 2, 2, 3],
    "extreme": [0, 0, 0, 1, 1, 2],
}


@pytest.mark.parametrize("band, column", [
    ("point_blank", "short"), ("short", "short"), ("long", "long"), ("extreme", "extreme")])
@pytest.mark.parametrize("d6", [1, 2, 3, 4, 5, 6])
def test_table9_pellets(band, column, d6):
    """Table 9: pellets striking for each d6 and band; point blank reads the short column."""
    assert tables.pellets(band, d6) == PELLETS[column][d6 - 1]


@pytest.mark.parametrize("band, radius", [
    ("point_blank", None), ("short", None), ("long", 2), ("extreme", 5)])
def test_table9_scatter_radius(band, radius):
    """Table 9 "Targets" row (000 l.367): NA at short, 2 yds long, 5 yds extreme."""
    assert tables.scatter_radius(band) == radius


# =====================================================================================
# Table 10: misfires (000 l.383-402; B5)
# =====================================================================================

# Per Table 14 weapon: the Table 10 result for each band of d20 rolls, typed from 000 l.386-395.
MISFIRE_ROWS = {
    "derringer": [(1, 12, "none"), (13, 20, "dud")],
    "cap_and_ball_revolver": [(1, 16, "none"), (17, 20, "explosion")],        # CBR
    "revolving_cylinder_rifle": [(1, 16, "none"), (17, 20, "explosion")],     # RCR
    "single_action_revolver": [(1, 16, "none"), (17, 20, "dud")],            # SAR
    "double_action_revolver": [(1, 16, "none"), (17, 20, "dud")],            # DAR
    "long_barrel_revolver": [(1, 16, "none"), (17, 20, "dud")],              # LBR
    "fast_draw_revolver": [(1, 16, "none"), (17, 20, "dud")],                # FDR
    "shotgun": [(1, 16, "none"), (17, 20, "dud")],
    "scattergun": [(1, 16, "none"), (17, 20, "dud")],
    "breech_loading_carbine": [(1, 8, "none"), (9, 20, "jam")],              # Breechloader
    "breech_loading_rifle": [(1, 8, "none"), (9, 20, "jam")],
    "lever_action_rifle": [(1, 8, "none"), (9, 12, "dud"), (13, 20, "jam")],
    "lever_action_carbine": [(1, 8, "none"), (9, 12, "dud"), (13, 20, "jam")],
    "muzzle_loading_rifle": [(1, 20, "dud")],                                # Muzzle Loader
    "muzzle_loading_carbine": [(1, 20, "dud")],
    "smoothbore_musket": [(1, 20, "dud")],                                   # Smoothbore
    "smoothbore_pistol": [(1, 20, "dud")],
    "indian_trade_musket": [(1, 20, "dud")],
    "gatling_gun": [(1, 4, "none"), (5, 6, "dud"), (7, 20, "jam")],
    # B5: bows and thrown weapons never misfire
    "bow": [(1, 20, "none")],
    "thrown_knife": [(1, 20, "none")],
    "thrown_spear": [(1, 20, "none")],
    # Not in Table 10; the data file's narrator rulings (named in each row's `source`):
    "revolving_cylinder_carbine": [(1, 16, "none"), (17, 20, "explosion")],  # read as RCR
    "buffalo_rifle": [(1, 8, "none"), (9, 20, "jam")],                       # a breechloader
    "cannon": [(1, 20, "dud")],                                              # a muzzle loader
}

MISFIRE_CASES = [(w, d20, result) for w, rows in MISFIRE_ROWS.items()
                 for lo, hi, result in rows for d20 in sorted({lo, hi})]


@pytest.mark.parametrize("weapon, d20, expected", MISFIRE_CASES,
                         ids=[f"{w}-{d}" for w, d, _ in MISFIRE_CASES])
def test_table10_boundaries(weapon, d20, expected):
    """Table 10: the first and last d20 of every result band, for every weapon."""
    wt = tables.weapons()[weapon]
    assert tables.misfire(wt.misfire, d20) == expected


def test_table10_covers_every_weapon():
    """Every Table 14 weapon has its Table 10 expectation above."""
    assert set(tables.weapon_types()) == set(MISFIRE_ROWS)


# =====================================================================================
# Table 11: wound locations (000 l.442-453; B6 clamping)
# =====================================================================================

@pytest.mark.parametrize("total, loc", [
    (-5, "left_leg"), (0, "left_leg"),                 # clamped up to 1
    (1, "left_leg"), (2, "left_leg"),
    (3, "right_leg"), (4, "right_leg"),
    (5, "left_arm"), (6, "left_arm"),
    (7, "right_arm"), (8, "right_arm"),
    (9, "left_shoulder"),
    (10, "right_shoulder"),
    (11, "abdomen"), (14, "abdomen"),
    (15, "chest"), (18, "chest"),
    (19, "head"), (20, "head"),
    (21, "head"), (22, "head"), (28, "head"),         # clamped down to 20 (000 l.627: 22 = head)
])
def test_table11_locations(total, loc):
    """Table 11: 1-2 left leg, 3-4 right leg, 5-6 left arm, 7-8 right arm, 9 left shoulder,
    10 right shoulder, 11-14 abdomen, 15-18 chest, 19-20 head; totals clamp to 1..20."""
    assert tables.location(total) == loc


# =====================================================================================
# Table 12: wound severity (000 l.454-464, l.415; B7)
# =====================================================================================

@pytest.mark.parametrize("total, severity", [
    (-4, "scratch"), (-2, "scratch"), (-1, "scratch"),
    (0, "light"), (1, "light"), (2, "light"),
    (3, "serious"), (4, "serious"), (5, "serious"),
    (6, "mortal"), (7, "mortal"), (10, "mortal"),
])
def test_table12_severity(total, severity):
    """Table 12: -1 scratch (less than 0, 000 l.415), 0-2 light, 3-5 serious, 6+ mortal."""
    assert tables.severity(total) == severity


@pytest.mark.parametrize("loc, mod", [
    ("chest", +1), ("head", +1),
    ("left_arm", -1), ("right_arm", -1), ("left_leg", -1), ("right_leg", -1),
    ("left_shoulder", 0), ("right_shoulder", 0), ("abdomen", 0),
])
def test_table12_location_modifier(loc, mod):
    """Table 12 (000 l.462-463): +1 chest or head, -1 arm or leg; a shoulder is neither (B7)."""
    assert tables.severity_location_modifier(loc) == mod


@pytest.mark.parametrize("loc, mod", [("left_shoulder", -1), ("right_shoulder", -1),
                                      ("left_arm", -1), ("chest", +1), ("abdomen", 0)])
def test_table12_shoulder_is_arm_house_rule(loc, mod):
    """House rule ``shoulder_is_arm`` (errata table): a shoulder takes the arm's -1."""
    assert tables.severity_location_modifier(loc, shoulder_is_arm=True) == mod


@pytest.mark.parametrize("difference, band", [
    (0, "turns"), (4, "turns"), (5, "minutes"), (8, "minutes"), (9, "hours"),
    (12, "hours"),   # 000 l.603: Montana Jim, STR 14 - roll 2 = 12, two days
])
def test_dying_time(difference, band):
    """000 l.429 / B8: STR - roll 0-4 one or two turns, 5-8 several minutes, 9+ hours to days."""
    assert tables.dying_time(difference) == band


# =====================================================================================
# Table 13: wound location modifiers (000 l.417-421, l.465-474; B6)
# =====================================================================================

# shift allowed for a weapon skill, by shot type and band; point blank counts as short (B6);
# fractions round down. Typed from Table 13: careful full/half/quarter; steady half/quarter/none;
# hipshot quarter/none/none; fanned none.
SHIFT = {  # skill: shot type: (point blank, short, long, extreme)
    8: {"careful": (8, 8, 4, 2), "steady": (4, 4, 2, 0), "hip": (2, 2, 0, 0),
        "fanned": (0, 0, 0, 0)},
    7: {"careful": (7, 7, 3, 1), "steady": (3, 3, 1, 0), "hip": (1, 1, 0, 0),
        "fanned": (0, 0, 0, 0)},
    5: {"careful": (5, 5, 2, 1), "steady": (2, 2, 1, 0), "hip": (1, 1, 0, 0),
        "fanned": (0, 0, 0, 0)},
    3: {"careful": (3, 3, 1, 0), "steady": (1, 1, 0, 0), "hip": (0, 0, 0, 0),
        "fanned": (0, 0, 0, 0)},
    0: {"careful": (0, 0, 0, 0), "steady": (0, 0, 0, 0), "hip": (0, 0, 0, 0),
        "fanned": (0, 0, 0, 0)},
}
SHIFT_CASES = [(skill, shot, band, SHIFT[skill][shot][i])
               for skill in SHIFT for shot in SHIFT[skill]
               for i, band in enumerate(("point_blank", "short", "long", "extreme"))]


@pytest.mark.parametrize("skill, shot_type, band, expected", SHIFT_CASES,
                         ids=[f"skill{s}-{t}-{b}" for s, t, b, _ in SHIFT_CASES])
def test_table13_location_shift(skill, shot_type, band, expected):
    """Table 13: the most a shooter may shift the location roll (skill x fraction, rounded
    down). 000 l.599: Stanshaw, Pistol 8, careful at long: +4; 000 l.611: Texas Jack, Pistol 5,
    careful at long: +2."""
    assert tables.location_shift(shot_type, band, skill) == expected


# =====================================================================================
# Table 14: weapons (000 l.500-531; 001 l.19-20; B1, B16)
# =====================================================================================

# type, short, long, extreme, reload (rounds per combat turn), speed class, wound modifier
TABLE14 = [
    ("thrown_knife", 2, 4, 8, None, "average", -1),
    ("thrown_spear", 10, 20, 40, None, "average", -1),
    ("bow", 15, 50, 100, Fraction(1), "slow", -1),
    ("smoothbore_pistol", 6, 20, 40, Fraction(1, 3), "slow", 0),
    ("indian_trade_musket", 20, 65, 150, Fraction(1, 3), "vslow", -1),
    ("smoothbore_musket", 22, 75, 200, Fraction(1, 3), "vslow", 0),
    ("muzzle_loading_carbine", 22, 75, 200, Fraction(1, 3), "slow", 0),
    ("muzzle_loading_rifle", 25, 90, 240, Fraction(1, 3), "vslow", +1),
    ("breech_loading_carbine", 25, 80, 200, Fraction(1), "slow", 0),
    ("breech_loading_rifle", 30, 100, 500, Fraction(1), "vslow", 0),
    ("revolving_cylinder_carbine", 22, 75, 200, Fraction(1, 3), "slow", 0),
    ("revolving_cylinder_rifle", 25, 90, 240, Fraction(1, 3), "slow", 0),
    ("buffalo_rifle", 30, 200, 600, Fraction(1), "vslow", +1),
    ("lever_action_carbine", 24, 90, 200, Fraction(2), "slow", 0),
    ("lever_action_rifle", 30, 100, 400, Fraction(2), "slow", 0),
    ("shotgun", 10, 40, 110, Fraction(2), "slow", 0),
    ("scattergun", 8, 16, 30, Fraction(2), "average", 0),
    ("derringer", 2, 4, 8, Fraction(2), "average", 0),
    ("cap_and_ball_revolver", 10, 20, 60, Fraction(1, 3), "fast", 0),
    ("single_action_revolver", 10, 20, 60, Fraction(3), "fast", 0),
    ("double_action_revolver", 10, 20, 60, Fraction(3), "average", 0),
    ("fast_draw_revolver", 6, 15, 50, Fraction(3), "vfast", 0),
    ("long_barrel_revolver", 12, 30, 90, Fraction(3), "slow", 0),
    ("cannon", 20, 60, 120, None, "vslow", +3),
    ("gatling_gun", 40, 200, 400, Fraction(1), "vslow", +1),
]
IDS14 = [r[0] for r in TABLE14]


@pytest.mark.parametrize("wtype, short, long_, extreme, reload, speed, wmod", TABLE14, ids=IDS14)
def test_table14_row(wtype, short, long_, extreme, reload, speed, wmod):
    """Each Table 14 row: range bands, reload rate (N/A -> None), speed class, wound modifier."""
    w = tables.weapons()[wtype]
    assert (w.short, w.long, w.extreme) == (short, long_, extreme)
    assert w.reload == reload
    assert w.speed == speed
    assert w.wound_modifier == wmod


def test_table14_has_every_row():
    """All 25 weapon rows of Table 14 (the Any Hipshot row is separate)."""
    assert tables.weapon_types() == IDS14


def test_any_hipshot_row_and_point_blank():
    """Table 14 Any Hipshot 6/12/36 (000 l.529); point blank is 2 yards or less (001 l.19)."""
    assert tables.hipshot_ranges() == (6, 12, 36)
    assert tables.point_blank_yards() == 2


@pytest.mark.parametrize("wtype, short, long_, extreme, reload, speed, wmod", TABLE14, ids=IDS14)
def test_table14_careful_bands(wtype, short, long_, extreme, reload, speed, wmod):
    """B1: point blank <= 2 yd, short <= S, long <= L, extreme <= E, beyond E out of range.
    (Derringer and thrown knife have S = 2, so just past 2 yards is already long.)"""
    w = tables.weapons()[wtype]
    assert tables.range_band(w, 0.5) == "point_blank"
    assert tables.range_band(w, 2) == "point_blank"
    if short > 2:
        assert tables.range_band(w, 2.5) == "short"
        assert tables.range_band(w, short) == "short"
    else:
        assert tables.range_band(w, 2.5) == "long"
    assert tables.range_band(w, short + 0.5) == "long"
    assert tables.range_band(w, long_) == "long"
    assert tables.range_band(w, long_ + 0.5) == "extreme"
    assert tables.range_band(w, extreme) == "extreme"
    assert tables.range_band(w, extreme + 0.5) is None


# Hipshot/fanned bands (B1): a pistol's are the tighter of its own and the Any Hipshot row
# 6/12/36; any other weapon fired from the hip keeps its own (001 l.20 shrinks pistol ranges
# only). From the values typed from the source (tests/source_tables.py).
HIP_BANDS = {
    w: (tuple(min(own, hip) for own, hip in zip(row[:3], ANY_HIPSHOT)) if row[9] == "pistol"
        else row[:3])
    for w, row in TABLE_14.items()}


def test_hip_bands_typed_values():
    """The rule read on a few rows: a pistol shrinks, a long arm does not."""
    assert HIP_BANDS["fast_draw_revolver"] == (6, 12, 36)       # 6/15/50 -> 6/12/36
    assert HIP_BANDS["long_barrel_revolver"] == (6, 12, 36)     # 12/30/90
    assert HIP_BANDS["derringer"] == (2, 4, 8)                  # tighter already
    assert HIP_BANDS["shotgun"] == (10, 40, 110)                # a long arm keeps its bands
    assert HIP_BANDS["scattergun"] == (8, 16, 30)
    assert HIP_BANDS["lever_action_rifle"] == (30, 100, 400)


@pytest.mark.parametrize("shot_type", ["hip", "fanned"])
@pytest.mark.parametrize("wtype", IDS14)
def test_table14_hipshot_bands(wtype, shot_type):
    """B1: a pistol's hipshots and fanned shots use the tighter of its bands and 6/12/36; a
    long arm's keep its own."""
    w = tables.weapons()[wtype]
    s, l, e = HIP_BANDS[wtype]
    assert tables.range_band(w, 2, shot_type) == "point_blank"
    if s > 2:
        assert tables.range_band(w, s, shot_type) == "short"
    assert tables.range_band(w, s + 0.5, shot_type) == "long"
    assert tables.range_band(w, l, shot_type) == "long"
    assert tables.range_band(w, l + 0.5, shot_type) == "extreme"
    assert tables.range_band(w, e, shot_type) == "extreme"
    assert tables.range_band(w, e + 0.5, shot_type) is None


@pytest.mark.parametrize("wtype, yards, band", [
    # 000 l.597: 40 yards with a fast-draw revolver (6/15/50) is extreme by Table 14
    ("fast_draw_revolver", 40, "extreme"),
    # 000 l.635: 40 yards is long for a shotgun (10/40/110), "just barely"
    ("shotgun", 40, "long"),
    ("shotgun", 40.5, "extreme"),
    ("single_action_revolver", 2.01, "short"),
])
def test_table14_worked_ranges(wtype, yards, band):
    """Ranges the worked examples name."""
    assert tables.range_band(tables.weapons()[wtype], yards) == band


@pytest.mark.parametrize("wtype, capacity", [
    # B16: revolvers 6, derringer 2, double-barrelled shotgun and scattergun 2, breechloaders
    # and muzzle loaders 1, lever rifle 15, lever carbine 12
    ("cap_and_ball_revolver", 6), ("single_action_revolver", 6), ("double_action_revolver", 6),
    ("fast_draw_revolver", 6), ("long_barrel_revolver", 6), ("derringer", 2), ("shotgun", 2),
    ("scattergun", 2), ("breech_loading_carbine", 1), ("breech_loading_rifle", 1),
    ("muzzle_loading_carbine", 1), ("muzzle_loading_rifle", 1), ("smoothbore_musket", 1),
    ("smoothbore_pistol", 1), ("lever_action_rifle", 15), ("lever_action_carbine", 12),
])
def test_capacities(wtype, capacity):
    """Errata B16 capacities."""
    assert tables.weapons()[wtype].capacity == capacity


def test_every_weapon_row_names_its_source_table():
    """Every [[weapon]] row of data/table14_weapons.toml carries a ``source`` naming a table
    (Table 14), and the Any Hipshot row does too."""
    data = tomllib.loads((DATA / "table14_weapons.toml").read_text("utf-8"))
    rows = data["weapon"]
    assert len(rows) == 25
    for row in rows:
        assert isinstance(row.get("source"), str), row["type"]
        assert "Table 14" in row["source"], row["type"]
    assert "Table 14" in data["hipshot_ranges"]["source"]


def test_every_data_section_names_its_source():
    """Each section of the combat and wound data files names its source."""
    for name in ("tables_combat.toml", "tables_wounds.toml"):
        data = tomllib.loads((DATA / name).read_text("utf-8"))
        for key, section in data.items():
            if isinstance(section, dict):
                assert "source" in section, (name, key)
