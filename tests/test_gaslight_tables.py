"""Every table number of the Gaslight data file against values typed by hand from source 002
(``../shared/sources/002_66698b187d861f04.txt``, ``cat -n`` lines) and errata "Gaslight";
changing, adding, dropping or swapping one value fails here. Property tests of the pure rules
follow (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from narrator.dice import ScriptedDice
from narrator.rulesets.gaslight import rolls
from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight.tables import CLASSES, MODES, rules

# 002 l.137-343, the Recoil Table: row -> (minimum STR, minimum weight); .25 rifle 90 (G12).
RECOIL = {
    ".22_short_pistol": (4, 70), ".22_short_rifle": (6, 80), ".22_pistol": (5, 75),
    ".22_rifle": (7, 80), ".25_pistol": (6, 80), ".25_rifle": (7, 90), ".30_pistol": (8, 90),
    ".30_rifle": (11, 110), ".303_rifle": (12, 120), ".32_short": (7, 90),
    ".32_pistol": (8, 100), "8mm_rifle": (12, 120), ".32_long": (8, 100), ".36": (9, 100),
    ".38": (10, 120), ".40_pistol": (12, 120), ".40_carbine": (12, 120), ".40_rifle": (13, 135),
    ".44_pistol": (12, 130), ".44_carbine": (13, 130), ".44_rifle": (14, 135),
    ".45_pistol": (13, 150), ".45_carbine": (13, 130), ".45_rifle": (14, 135),
    ".475_pistol": (14, 160), ".475_carbine": (14, 150), ".475_rifle": (15, 160),
    ".50_pistol": (15, 160), ".50_rifle": (14, 140), ".577_pistol": (15, 160),
    ".577_rifle": (15, 170), "12_paradox": (16, 180), ".410_shotgun": (12, 110),
    ".410_shotgun_pistol": (13, 150), "20_shotgun": (13, 120), "20_sawed_off": (14, 160),
    "16_shotgun": (14, 135), "12_sawed_off": (14, 160), "12_shotgun": (14, 140),
    "10_shotgun": (15, 150), "8_shotgun": (16, 170),
}
# G9: pistol / carbine / rifle cartridge ("" none).
DAMAGE = {
    ".22": ("1d4", "1d6", "1d6"), ".25": ("1d6", "1d8", "2d6"), ".30": ("1d6", "1d8", "2d6"),
    ".32": ("1d6", "1d8", "2d6"), ".36": ("1d8", "1d10", "2d6"), ".38": ("1d8", "1d10", "2d6"),
    ".40": ("1d10", "2d6", "2d8"), ".44": ("1d10", "2d6", "2d8"), ".45": ("1d10", "2d6", "2d8"),
    ".475": ("1d12", "2d8", "2d10"), ".50": ("1d12", "2d8", "2d10"), ".577": ("2d6", "", "2d10"),
    "8mm": ("", "", "2d8"), ".303": ("", "", "2d8"),
}
SHOTGUNS = {".410": "2d4", "20": "2d6", "16": "2d6+1", "12": "2d8", "10": "2d8+2", "8": "2d10",
            "12_paradox": "2d8"}                                           # GN7
STATUS = {"stationary_immobile": 2, "stationary_mobile": 1, "walking_slowly": 0,   # l.74-81
          "walking_briskly": -1, "running": -4, "sprinting": -6, "evading": -8}
LIGHT = {"good": (0, 0), "blinding": (-4, -8), "poor": (-1, -4), "bad": (-3, -6)}  # l.82-85
WEATHER = {"clear": (0, 0), "light_fog": (-1, -3), "fog": (-4, -6),                # l.86-88
           "pea_soup": (-10, "impossible")}
COVER = {"25": -2, "50": -4, "75": -7, "90": -10}                                  # l.89-92
CONCEALMENT = {"25": -1, "50": -2, "75": -3, "90": -4}                             # l.93-96
FAST_DRAW = {"pistol_3_inch": 2, "pistol_5_inch": 1, "pistol_7_inch": 0,           # l.112-119
             "scattergun": 0, "sawed_off": -1, "carbine": -2, "coach_gun": -2, "rifle": -3,
             "shotgun": -3}
FANNING_RECOIL = [0, -1, -2, -3, -3, -3]                                           # l.420-467
FANNING_RANGE = [(15, -5), (20, -6), (25, -7), (30, -8), (float("inf"), -9)]
UNFAMILIAR = [-3, -2, -1]                                                          # l.130-133
OFF_HAND = {"aimed": {"point_blank": 8},                                           # l.364-405
            "snap": {"snap": -5, "rapid": -9, "point_blank": 8},                   # G18 c
            "rapid": {"rapid": -9, "point_blank": 8}, "panic": {"panic": -13},
            "covering": {"snap": -5, "covering": -5, "point_blank": 8},
            "point_blank": {"point_blank": 8}}                                     # GN11
MODE_MODIFIERS = {"aimed": 4, "snap": 0, "rapid": -4, "panic": -8, "covering": 0,  # l.38-72
                  "fanning": 0, "point_blank": 8}
RANGE_FEET = {"derringer": 10, "pistol": 30, "shotgun": 30, "sawed_off": 15,       # G9, GN16
              "scattergun": 15, "coach_gun": 30, "carbine": 70, "rifle": 120}


def _bare(section: dict) -> dict:
    return {k: v for k, v in section.items() if k != "source"}


def test_recoil_table():
    assert {k: (v["str"], v["weight"]) for k, v in _bare(rules()["recoil_table"]).items()} \
        == RECOIL


def test_damage_tables():
    got = {k: (v["pistol"], v["carbine"], v["rifle"]) for k, v in _bare(rules()["damage"]).items()}
    assert got == DAMAGE
    assert _bare(rules()["shotgun_damage"]) == SHOTGUNS
    assert rules()["smokeless"]["damage"] == 1


def test_circumstance_tables():
    r = rules()
    assert _bare(r["target_status"]) == STATUS
    assert {k: (v["mildest"], v["worst"]) for k, v in _bare(r["light"]).items()} == LIGHT
    assert {k: (v["mildest"], v["worst"]) for k, v in _bare(r["weather"]).items()} == WEATHER
    assert _bare(r["cover"]) == COVER and _bare(r["concealment"]) == CONCEALMENT
    assert (r["crowd"]["mildest"], r["crowd"]["worst"]) == (-2, -8)


def test_fast_draw_fanning_unfamiliar_off_hand_modes():
    r = rules()
    assert _bare(r["fast_draw_adjustment"]) == FAST_DRAW
    assert r["fanning"]["recoil"] == FANNING_RECOIL
    assert [(c["upto"], c["penalty"]) for c in r["fanning"]["range"]] == FANNING_RANGE
    assert r["unfamiliar"]["penalties"] == UNFAMILIAR
    assert _bare(r["off_hand_table"]) == OFF_HAND
    assert (r["off_hand"]["primary"], r["off_hand"]["off"], r["off_hand"]["skill_dc"]) == (-6, -10, 15)
    assert {m: r["mode"][m]["modifier"] for m in MODES} == MODE_MODIFIERS
    assert _bare(r["range_increment_feet"]) == RANGE_FEET
    assert (r["called_shot"]["torso"], r["called_shot"]["limb"], r["called_shot"]["small"],
            r["called_shot"]["unskilled_multiplier"]) == (-4, -6, -8, 2)          # G17


# ---------------------------------------------------------------------- properties
@given(st.sampled_from(MODES), st.sampled_from(CLASSES), st.integers(0, 12), st.integers(1, 2))
def test_shots_never_exceed_what_the_class_allows_in_a_mode(mode, cls, loaded, barrels):
    """Whatever is loaded, a mode never fires more than 002 l.38-72 allow its class: aimed and
    point blank 1 (an aimed double 2: both at once or the second barrel snap, l.40); muzzle
    loaders 1; breech loaders 2 a barrel in snap (they reload between,
    l.47-48), else 1; repeaters 4 (covering 2); revolvers 6 in snap, 3 covering; and, but for a
    breech loader's snap reload, never more than is loaded."""
    if mode == "fanning" and cls != "revolver":
        return
    n = R.max_shots(mode, cls, loaded, barrels)
    double = barrels == 2 and cls in ("breech_loader", "muzzle_loader")
    cap = {"aimed": 2 if double else 1, "point_blank": 1}.get(mode)
    if cap is None:
        cap = {"muzzle_loader": 1,
               "breech_loader": 2 * barrels if mode == "snap" else 1,
               "repeater": 2 if mode == "covering" else 4,
               "revolver": {"snap": 6, "covering": 3}.get(mode, loaded)}[cls]
    assert 0 <= n <= cap
    if not (mode == "snap" and cls == "breech_loader"):
        assert n <= loaded
    first, rest = R.split_shots(n, mode)
    assert first + rest == n and first >= rest - 1 and first >= 0


@given(st.integers(-5, 40), st.integers(0, 18), st.integers(0, 60), st.booleans())
def test_hit_points_and_health_never_rise(hp, health, amount, to_health):
    """G10: damage never raises hit points or Health, and takes exactly ``amount`` from them
    together unless Health bottoms out at 0."""
    hp2, h2 = R.apply_damage(hp, health, amount, to_health)
    assert hp2 <= hp and h2 <= health and h2 >= 0
    if h2 > 0:
        assert (hp - hp2) + (health - h2) == amount


@given(st.integers(1, 40), st.integers(1, 40))
def test_fast_draw_scaling_keeps_the_difference(a, b):
    (x, y), drop = R.scale_fast_draw((a, b))
    assert x - y == a - b and max(x, y) <= 20 and drop >= 0
    assert (drop == 0) == (max(a, b) <= 20)


@given(st.tuples(st.integers(1, 25), st.integers(1, 25)), st.tuples(st.integers(1, 20),
       st.integers(1, 20)), st.tuples(st.integers(0, 5), st.integers(0, 5)),
       st.tuples(st.integers(1, 10), st.integers(1, 10)))
def test_fast_draw_winner_made_his_roll(scores, rolls_, qd, tenths):
    """002 l.104-110: the order is both men or nobody; who fires first made his roll; a
    failed man never fires before a successful one."""
    out = R.fast_draw_outcome(scores, rolls_, qd, tenths)
    assert out.order in ((), (0, 1), (1, 0))
    if out.order:
        assert out.succeeded[out.order[0]]
        assert out.decided_by != "both_failed"
    else:
        assert not any(out.succeeded)


@given(st.lists(st.tuples(st.integers(3, 18), st.integers(-2, 5)), min_size=1, max_size=6),
       st.integers(0, 10_000))
def test_initiative_orders_everyone_once(entrants, seed):
    """G3: every man once, totals never rising down the order, equal totals by DEX score."""
    named = [(f"m{i}", dex, mod) for i, (dex, mod) in enumerate(entrants)]
    order = rolls.roll_initiative(ScriptedDice({}, seed), named)
    assert sorted(i.name for i in order) == sorted(n for n, _, _ in named)
    dex = {n: d for n, d, _ in named}
    keys = [R.initiative_key(i.total, dex[i.name]) for i in order]
    assert keys == sorted(keys, reverse=True)


@given(st.lists(st.integers(1, 12), min_size=1, max_size=3), st.integers(0, 3), st.booleans(),
       st.lists(st.sampled_from([Fraction(1), Fraction(3, 2), Fraction(2)]), max_size=2))
def test_damage_is_at_least_the_dice_when_nothing_reduces_it(dice, bonus, smokeless, mults):
    """G18 d: multipliers are all >= 1, so damage is at least the dice + bonuses."""
    base = sum(dice) + bonus + smokeless
    assert R.damage_amount(tuple(dice), bonus, smokeless, tuple(mults)) >= base
