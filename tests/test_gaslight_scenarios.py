"""The two bundled Gaslight scenarios replay their scripted dice exactly, and show the rules
they were written for: covering fire opening the fight, an old revolver bursting on smokeless,
a light shooter knocked down by recoil (fog-alley.yaml); the fast-draw contest of 002 l.105
and fanning at 18 feet (railway-platform.yaml)."""

from __future__ import annotations

from conftest import fight, of_kind


def mods(shot) -> dict:
    return {m.name: m.value for m in shot.modifiers}


def test_fog_alley_replays_every_die_from_the_script():
    log = fight("fog-alley.yaml", dice_fallback="error")
    end = of_kind(log, "fight_ended")[0]
    assert (end.turns, end.reason, end.standing) == (5, "side_down", ("police",))
    # (82 since GN26: Rudd's 18 from beside Halloran's barrows hits, two dice more)
    assert end.rolls == end.scripted_rolls == 82
    assert fight("fog-alley.yaml", seed=99).events[1:] == fight("fog-alley.yaml", seed=5).events[1:]


def test_fog_alley_covering_fire_opens_the_fight():
    """002 l.65: Rudd steps into the doorway; Halloran's covering shot goes before anyone
    rolls initiative (fog -4, poor light -1, Rudd 50% behind the doorway -4)."""
    log = fight("fog-alley.yaml")
    first = [e.kind for e in log.events if e.kind in ("gl_shot", "gl_initiative")][:2]
    assert first == ["gl_shot", "gl_initiative"]
    shot = of_kind(log, "gl_shot")[0]
    assert (shot.shooter, shot.when, shot.mode) == ("Sergeant Michael Halloran", "covering",
                                                    "covering")
    assert mods(shot) == {"bab": 3, "dex": 2, "target_stationary_mobile": 1, "cover": -4,
                          "light_poor": -1, "weather_fog": -4}
    trig = of_kind(log, "gl_covering", what="triggered")[0]
    assert trig.opening and trig.trigger == "appears"


def test_fog_alley_the_old_bull_dog_bursts():
    """002 l.5, G11: Pike's old revolver on smokeless: a natural 1 on his second shot, then a
    6: it bursts, 1d6 (5) to Pike, and the gun is gone."""
    log = fight("fog-alley.yaml")
    mal = of_kind(log, "gl_malfunction", character="Constable Albert Pike")[0]
    assert (mal.turn, mal.roll, mal.result, mal.burst) == (
        1, 6, "burst", (("Constable Albert Pike", (5,)),))
    last = {s.name: s for s in of_kind(log, "turn_ended")[-1].status}
    assert last["Constable Albert Pike"].weapons[0].state == "burst"
    assert last["Constable Albert Pike"].wounds[0].location == "burst"


def test_fog_alley_recoil_takes_kitty_off_her_feet():
    """002 l.135-136: Kitty, STR 8 and 105 lb with a .45 Webley (STR 13 or 150 lb), checks
    each shot: her first, d20 3 - 1 = 2, failed by 8: knocked down, the gun dropped, and the
    next round spent getting up; later, nobody shooting at her, she takes 10 (9, disrupted)."""
    log = fight("fog-alley.yaml")
    rc = of_kind(log, "gl_recoil", character="Kitty Doyle")
    assert (rc[0].roll, rc[0].total, rc[0].result) == (3, 2, "knocked_down")
    assert (rc[1].roll, rc[1].total, rc[1].result) == (None, 9, "disrupted")
    assert of_kind(log, "gl_blocked", character="Kitty Doyle")[0].detail == "picks_up"


def test_railway_platform_replays_every_die_from_the_script():
    log = fight("railway-platform.yaml", dice_fallback="error")
    end = of_kind(log, "fight_ended")[0]
    assert (end.turns, end.standing) == (3, ("lassiters",))
    assert end.rolls == end.scripted_rolls == 49


def test_railway_platform_fast_draw_is_the_rules_example():
    """002 l.105: 18 + 3 + 2 = 23 against 15 + 1 + 2 = 18; both down by 4 to 19 and 14;
    Lassiter 12 (by 7), Crowe 13 (by 1): Lassiter fires first, then Crowe."""
    log = fight("railway-platform.yaml")
    fd = of_kind(log, "gl_fast_draw")[0]
    assert (fd.adjusted, fd.drop, fd.scores, fd.rolls, fd.margins) == (
        (23, 18), 4, (19, 14), (12, 13), (7, 1))
    shots = [s for s in of_kind(log, "gl_shot") if s.when == "contest"]
    assert [s.shooter for s in shots] == ["Captain Jack Lassiter", "Silas Crowe"]


def test_railway_platform_fanning_at_18_feet():
    """002 l.469: Reilly fans his Colt at Gault, 6 yards (18 ft): -6, -7, -8, -9, -9, -9."""
    log = fight("railway-platform.yaml")
    fan = [s for s in of_kind(log, "gl_shot") if s.mode == "fanning"]
    assert [s.feet for s in fan] == [18.0] * 6
    assert [mods(s)["fanning_recoil"] + mods(s)["fanning_range"] for s in fan] == [
        -6, -7, -8, -9, -9, -9]
