"""Violence tactics profiles (narrator/rulesets/violence/tactics.py), one choice at a time:
what ``decide`` picks for a character with no declared intent, in small set-up fights (not
run). Sources: ``003`` = the Violence rules text (l.15 extra shots and advantage, l.32 snipes,
l.38 subduing, l.46 a melee takes the round, l.50 suppressing fire, l.62 reloading)."""

from __future__ import annotations

import textwrap

import pytest

from narrator.dice import ScriptedDice
from narrator.rulesets.violence import tactics
from narrator.rulesets.violence.fight import ViolenceFight, profile_of
from narrator.rulesets.violence.scenario import Intent
from narrator.rulesets.violence.state import Melee
from narrator.scenario import load_scenario_text


def fight_of(ann: str, bo_at: str = "[20, 0]", *, cy: str = "", dee: str = "",
             cover_at: str = "[25, 0]", fired: bool = True) -> ViolenceFight:
    """Ann (Posse, at the origin; ``ann``: the rest of her flow mapping) against Bo (Gang, at
    ``bo_at``); ``cy``: a second Gang member's mapping, ``dee``: a Posse friend's; a landmark
    giving cover at ``cover_at`` and one giving none next to Ann. Set up, not run; ``fired``:
    a shot has been fired already (a lawman has no call for surrender to make), else the fight
    is at its start."""
    gang = f"\n    - {{name: Bo, weapons: [{{type: revolver}}], at: {bo_at}}}"
    if cy:
        gang += f"\n    - {{name: Cy, {cy}}}"
    posse = f"\n    - {{name: Ann, {ann}}}"
    if dee:
        posse += f"\n    - {{name: Dee, {dee}}}"
    text = textwrap.dedent("""\
        title: tactics
        ruleset: violence
        seed: 1
        max_turns: 3
        map:
          post: {at: [1, 0], name: the hitching post}
          wall: {at: COVER, name: the wall, cover: true}
        sides:
          Posse:POSSE
          Gang:GANG
        """).replace("COVER", cover_at).replace("POSSE", posse).replace("GANG", gang)
    loaded = load_scenario_text(text)
    f = ViolenceFight(loaded.scenario, ScriptedDice({}, 1, "seeded"),
                      profile_of(loaded.scenario), 1)
    f.shots_fired = int(fired)
    return f


def decide(f: ViolenceFight, name: str = "Ann") -> Intent | None:
    return tactics.decide(f, 1, f.fighters[name])


REVOLVER = "weapons: [{type: revolver}], at: [0, 0]"


@pytest.mark.parametrize("profile, shots", [
    ("aggressive", 3), ("lawman", 1), ("cautious", 2), ("sniper", 1), (None, 3)])
def test_each_profile_shoots_its_number_of_rounds_at_the_nearest_enemy(profile, shots):
    """Bo at 20 yards, Cy at 30, Ann in cover (no run for it): aggressive 3 rounds (also the
    default profile), cautious 2, lawman and sniper 1 (nobody at long range for a snipe)."""
    tac = f", tactics: {profile}" if profile else ""
    f = fight_of(REVOLVER + ", cover: wall" + tac, cy="weapons: [{type: revolver}], at: [30, 0]")
    assert decide(f) == Intent(shoot="Bo", shots=shots, weapon="revolver")


def test_the_rounds_are_no_more_than_the_gun_holds_and_the_gun_is_named_by_its_key():
    f = fight_of("weapons: [{type: revolver, name: Colt, loaded: 2}], at: [0, 0], "
                 "tactics: aggressive")
    assert decide(f) == Intent(shoot="Bo", shots=2, weapon="Colt")


def test_the_nearest_active_enemy_is_chosen_and_ties_go_to_the_first_listed():
    """Cy (12 yards) is nearer than Bo (20); a friend nearer still is no target; when Cy is
    Down, Bo; at equal distances, the one listed first."""
    cy = "weapons: [{type: revolver}], at: [12, 0]"
    f = fight_of(REVOLVER + ", cover: wall", cy=cy, dee="weapons: [{type: revolver}], at: [2, 0]")
    assert decide(f).shoot == "Cy"
    f.fighters["Cy"].condition = "down"
    assert decide(f).shoot == "Bo"
    f = fight_of(REVOLVER + ", cover: wall", cy="weapons: [{type: revolver}], at: [0, 20]")
    assert decide(f).shoot == "Bo"
    f = fight_of(REVOLVER + ", cover: wall", bo_at="[0, 20]",
                 cy="weapons: [{type: revolver}], at: [20, 0]")
    assert decide(f).shoot == "Bo"


def test_nobody_to_fight_or_a_melee_under_way_decides_nothing():
    """003 l.46: a man in a melee fights it; with every enemy Down there is nothing to do."""
    f = fight_of(REVOLVER)
    f.fighters["Bo"].condition = "down"
    assert decide(f) is None
    f = fight_of(REVOLVER)
    f.fighters["Ann"].melee = Melee(f.fighters["Ann"], f.fighters["Bo"])
    assert decide(f) is None


@pytest.mark.parametrize("profile, to", [
    ("aggressive", "kill"), ("cautious", "kill"), ("sniper", "kill"),
    ("lawman", "subdue")])
def test_with_no_gun_a_man_goes_hand_to_hand_up_close(profile, to):
    """003 l.38: lawmen mean to subdue, the others to kill; Bo is 10 yards off, the close
    band's edge. (A coward fights only when cornered: tests/test_fresh_user_9_edges.py.)"""
    f = fight_of(f"weapons: [{{type: knife}}], at: [0, 0], tactics: {profile}", bo_at="[10, 0]")
    assert decide(f) == Intent(melee="Bo", to=to)


def test_with_no_gun_and_nobody_close_he_closes_in_and_never_joins_a_melee():
    """He walks up to arm's length of a gunman (Bo stands and shoots: ``closing_point``),
    and of a man locked in a melee; he never joins the melee."""
    f = fight_of("weapons: [{type: knife}], at: [0, 0]", bo_at="[10.5, 0]")
    assert decide(f) == Intent(move=(9.5, 0.0))
    f = fight_of("weapons: [{type: knife}], at: [0, 0]", bo_at="[5, 0]",
                 dee="weapons: [{type: knife}], at: [5, 1]")
    f.fighters["Bo"].melee = Melee(f.fighters["Dee"], f.fighters["Bo"])
    assert decide(f) == Intent(move=(4.0, 0.0))


@pytest.mark.parametrize("profile, bo_at, want", [
    ("aggressive", "[10, 0]", Intent(melee="Bo", to="kill")),      # close, empty: hand to hand
    ("aggressive", "[11, 0]", Intent(reload="revolver")),          # not close: reload
    ("lawman", "[10, 0]", Intent(reload="revolver")),              # only the aggressive rush
])
def test_an_empty_gun_is_reloaded_unless_an_aggressive_man_is_close(profile, bo_at, want):
    """003 l.62: reloading takes the round."""
    f = fight_of(f"weapons: [{{type: revolver, loaded: 0}}], at: [0, 0], tactics: {profile}",
                 bo_at=bo_at)
    assert decide(f) == want


def test_the_gun_reloaded_is_the_first_with_spare_rounds_and_none_left_is_nothing():
    f = fight_of("weapons: [{type: revolver, name: Colt, loaded: 0, spare: 0}, "
                 "{type: revolver, name: Remington, loaded: 0}], at: [0, 0], tactics: lawman")
    assert decide(f) == Intent(reload="Remington")
    f = fight_of("weapons: [{type: revolver, loaded: 0, spare: 0}], at: [0, 0], "
                 "tactics: lawman")
    assert decide(f) is None


@pytest.mark.parametrize("profile", ["cautious", "coward"])
@pytest.mark.parametrize("cover_at, runs", [("[30, 0]", True), ("[30.5, 0]", False)])
def test_the_careful_profiles_run_to_cover_within_30_yards(profile, cover_at, runs):
    """l.15: a target in cover denies advantage. The post next to Ann gives no cover; the wall
    is worth the run at 30 yards, not beyond."""
    f = fight_of(REVOLVER + f", tactics: {profile}", bo_at="[0, 20]", cover_at=cover_at)
    got = decide(f)
    if runs:
        assert got == Intent(move="wall")
    elif profile == "cautious":
        assert got == Intent(shoot="Bo", shots=2, weapon="revolver")
    else:
        assert got == Intent(suppress="Bo", shots=1, weapon="revolver")


def test_the_nearest_cover_is_chosen_and_a_man_in_cover_stays():
    f = fight_of(REVOLVER + ", tactics: cautious", cover_at="[-3, 4]")
    f.sc.map["far"] = f.sc.map["wall"].model_copy(update={"at": (6, 0)})
    assert decide(f) == Intent(move="wall")
    f = fight_of(REVOLVER + ", tactics: coward, cover: wall")
    assert decide(f) == Intent(suppress="Bo", shots=1, weapon="revolver")
    f = fight_of(REVOLVER + ", tactics: aggressive")          # the bold do not run
    assert decide(f).shoot == "Bo"


@pytest.mark.parametrize("bo_at, want", [
    ("[50, 0]", Intent(shoot="Bo", shots=1, weapon="revolver")),      # medium: no snipe
    ("[50.5, 0]", Intent(snipe="Bo", weapon="revolver")),             # long
])
def test_a_sniper_snipes_at_long_range_only(bo_at, want):
    """003 l.32 (the bands: 10 and 50 yards, errata Violence)."""
    f = fight_of(REVOLVER + ", tactics: sniper, cover: wall", bo_at=bo_at)
    assert decide(f) == want


def test_a_sniper_snipes_the_nearest_enemy_at_long_range_not_the_nearest():
    f = fight_of(REVOLVER + ", tactics: sniper, cover: wall", bo_at="[80, 0]",
                 cy="weapons: [{type: revolver}], at: [20, 0]")
    assert decide(f) == Intent(snipe="Bo", weapon="revolver")
    f = fight_of(REVOLVER + ", tactics: sniper, cover: wall", bo_at="[80, 0]",
                 cy="weapons: [{type: revolver}], at: [60, 0]")
    assert decide(f) == Intent(snipe="Cy", weapon="revolver")


def test_between_two_covers_at_the_same_distance_the_first_on_the_map_is_chosen():
    f = fight_of(REVOLVER + ", tactics: cautious", cover_at="[0, 5]")
    f.sc.map["shed"] = f.sc.map["wall"].model_copy(update={"at": (0, -5)})
    assert list(f.sc.map)[-2:] == ["wall", "shed"]
    assert decide(f) == Intent(move="wall")


def test_a_coward_with_a_knife_keeps_away_never_has_nothing_to_fight_with():
    """A coward with only a knife, nobody within arm's length and no cover to reach, stays
    put: the write-up's reason is "keeping_away" (a fresh user's knife fight said "nothing to
    fight with" of him, session 20); a man with no gun of another profile is never idle (he
    closes in), and a gunman out of rounds has "no_ammunition"."""
    from narrator.rulesets.violence import tactics

    f = fight_of("weapons: [{type: knife}], at: [0, 0], tactics: coward", bo_at="[10.5, 0]",
                 cover_at="[-90, 0]")
    ann = f.fighters["Ann"]
    assert decide(f) is None
    assert tactics.idle_reason(f, 1, ann) == ("keeping_away", "Bo")
    f = fight_of("weapons: [{type: revolver, loaded: 0, spare: 0}], at: [0, 0], "
                 "tactics: coward", bo_at="[10.5, 0]", cover_at="[-90, 0]")
    assert tactics.idle_reason(f, 1, f.fighters["Ann"]) == ("no_ammunition", "Bo")


@pytest.mark.parametrize("ann, want", [
    ("tactics: aggressive, fights_to: subdue", "subdue"),   # written: it holds
    ("tactics: aggressive", "kill"),                        # left out: the profile's
    ("tactics: lawman, fights_to: kill", "kill"),
    ("tactics: lawman", "subdue"),
    ("tactics: aggressive, fights_to: kill", "kill"),
])
def test_a_profiles_melee_announces_the_written_fights_to(ann, want):
    """003 l.38: what a man announces in a melee. A fresh user (session 21) wrote
    ``fights_to: subdue`` and his aggressive man fought "to kill" all the same (the profile's
    intent said kill); written, it holds; left out, the profile decides."""
    f = fight_of(f"weapons: [{{type: knife}}], at: [0, 0], {ann}", bo_at="[1, 0]",
                 fired=True)
    assert decide(f) == Intent(melee="Bo", to=want)


def test_beside_a_man_locked_in_a_melee_he_stands_by_and_never_moves_nowhere():
    """A melee is one on one (003 l.38, l.46): Ann with a knife a yard from Bo, who is locked
    with Dee, has nowhere to walk and no melee to start. She is left idle ("enemy_in_melee"),
    never "moves to" the spot she stands on (a fresh user's v-knives.yaml seed 10: "Jake
    moves to (6, 0)" from (6, 0), beside Ned locked with Shorty)."""
    f = fight_of("weapons: [{type: knife}], at: [0, 0], tactics: aggressive", bo_at="[1, 0]",
                 dee="weapons: [{type: knife}], at: [1, 1]")
    f.fighters["Bo"].melee = Melee(f.fighters["Dee"], f.fighters["Bo"])
    assert decide(f) is None
    assert tactics.idle_reason(f, 1, f.fighters["Ann"]) == ("enemy_in_melee", "Bo")


def test_with_the_nearest_locked_in_a_melee_he_goes_for_a_free_man():
    """Bo (a yard off) is locked with Dee; Cy, 6 yards off, is free and within close range:
    Ann starts a melee with Cy (she walked at Bo's elbow before, or stood there)."""
    f = fight_of("weapons: [{type: knife}], at: [0, 0], tactics: aggressive", bo_at="[1, 0]",
                 dee="weapons: [{type: knife}], at: [1, 1]",
                 cy="weapons: [{type: knife}], at: [0, 6]")
    f.fighters["Bo"].melee = Melee(f.fighters["Dee"], f.fighters["Bo"])
    assert decide(f) == Intent(melee="Cy", to="kill")
    # Cy beyond close range (10 yards): she walks at him, not at the locked Bo
    f = fight_of("weapons: [{type: knife}], at: [0, 0], tactics: aggressive", bo_at="[1, 0]",
                 dee="weapons: [{type: knife}], at: [1, 1]",
                 cy="weapons: [{type: revolver}], at: [0, 20]")
    f.fighters["Bo"].melee = Melee(f.fighters["Dee"], f.fighters["Bo"])
    assert decide(f) == Intent(move=(0.0, 19.0))


def test_no_move_of_the_fresh_users_knife_fight_goes_nowhere():
    """v-knives.yaml (fresh user, session 21), 60 seeds: no ``relocated`` whose start is its
    end (was 16), and seed 10's Jake, at Ned's elbow while Ned and Shorty fight, is told
    standing by for that reason, as the fight stood when his profile decided (by his turn
    Shorty is down and the melee over: the reason was "nothing to fight with")."""
    from pathlib import Path

    from narrator.engine import run_fight
    from narrator.scenario import load_scenario

    ld = load_scenario(Path(__file__).parent / "fresh21" / "v-knives.yaml")
    for seed in range(1, 61):
        log = run_fight(ld, seed)
        still = [(e.turn, e.character) for e in log.events
                 if e.kind == "relocated" and tuple(e.start) == tuple(e.end)]
        assert still == [], seed
    idle = [(e.turn, e.character, e.reason, e.enemy) for e in run_fight(ld, 10).events
            if e.kind == "stood_idle"]
    assert (3, "Jake Tolliver", "enemy_in_melee", "Big Ned Cole") in idle
