"""Tactics oddities a fresh user reported (the profiles' choices, not the rules):

* a lawman shot at a man farther off while another fanned at him from 0.3 yards: a threat
  at point blank range (an enemy within 2 yards with a gun that can fire, not running away)
  comes first;
* a cautious man left his cover at night to walk towards men he could not see: a man who
  keeps to cover waits there in the dark (B17), reloading what he can;
* "Charlie walked towards Walter" (the canyon fight): a man whose shotgun is empty and whose
  revolver cannot reach walks towards the enemy: he reloads the empty gun first;
* Violence: in the starting scenario (``narrator new --ruleset violence``) the thief ran to the
  fence the deputy stood at and the two traded shots from 0 yards: a cautious man does not
  take the cover an enemy holds (nor cover nearer an enemy than he is), and a lawman or a
  hothead with a foe at arm's length goes hand to hand;
* the lawman profile calls for surrender (the README): in Violence he never did.

Sources: ``000`` = ``../shared/sources/000_f05c5ef385f1db5a.txt``, ``001`` = its fragments,
``003`` = Violence; ``B<n>`` = ``../shared/errata.md``.
"""

from __future__ import annotations

import textwrap

from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.generate import generate, to_yaml
from narrator.scenario import load_scenario_text


def _fight(text: str) -> BootHillFight:
    ld = load_scenario_text(textwrap.dedent(text))
    return BootHillFight(ld.scenario, ld.side_of, ScriptedDice({}, 1, "seeded"),
                         profile_of(ld.scenario), 1)


def _man(name: str, at: str, profile: str, extra: str = "",
         weapons: str = "[{type: single_action_revolver}]") -> str:
    return (f"{{name: {name}, attributes: {{str: 12, coo: 12, obs: 10, sta: 10, luck: 8}}, "
            f"skills: {{pistol: 4, rifle: 3, fast_draw: 5}}, weapons: {weapons}, at: {at}, "
            f"tactics: {profile}, drawn: true{extra}}}")


def _threat(runner_extra: str = "") -> str:
    """Marshal Bo (lawman) at the origin; Fanner Al (aggressive) 0.3 yards off behind the bar
    (legs, abdomen, chest and arms covered: a quarter of Table 11 left open); Runner Cy
    (coward) 5 yards off (15 feet) in the open. All three have their revolvers out."""
    return f"""
        title: threat
        map:
          bar: {{at: [0.3, 0], cover: {{locations: [legs, abdomen, chest, arms], by: the bar}}}}
        sides:
          law:
            - {_man("Marshal Bo", "[0, 0]", "lawman")}
            - {_man("Deputy Ed", "[-30, 0]", "lawman")}
          gang:
            - {_man("Fanner Al", "[0.3, 0]", "aggressive", ", cover: bar")}
            - {_man("Runner Cy", "[5, 0]", "coward", runner_extra)}
        max_turns: 3
        """


def test_the_man_fanning_at_point_blank_comes_first():
    """Within 20 feet it is a shootout turn (001 l.8-12). Al at 0.3 yards is behind the bar,
    so a shot at him hits about a quarter as often as one at Cy in the open; the weights chose
    Cy. Al can fan at Bo in the next count: he is the one Bo shoots at."""
    f = _fight(_threat())
    assert tactics.turn_kind(f, 1) == "shootout"
    al = tactics.decide(f, 1, f.fighters["Fanner Al"])
    assert al.shoot == "Marshal Bo" and set(al.shots) == {"fanned"}
    bo = tactics.decide(f, 1, f.fighters["Marshal Bo"])
    assert bo.shoot == "Fanner Al"


def test_a_man_running_away_is_no_threat():
    """Al behind the bar 1.5 yards off, Cy 1 yard off in the open: both within point blank
    range. Unhurt, Cy is a threat too and Bo shoots at him (the weights: a man in the open).
    With a light wound Cy runs (the coward runs at the first wound: he fires nothing this
    turn); Bo shoots at Al, not at the man running away. Farther off than point blank too,
    the man still in the fight comes before the one running away (``tactics._fighting``);
    unhurt, Cy is back in the fight and the profile's weights choose between them."""
    text = _threat().replace("bar: {at: [0.3, 0]", "bar: {at: [0, 1.5]").replace(
        "at: [0.3, 0], tactics: aggressive", "at: [0, 1.5], tactics: aggressive").replace(
        "at: [5, 0], tactics: coward", "at: [1, 0], tactics: coward")
    f = _fight(text)
    assert tactics.decide(f, 1, f.fighters["Marshal Bo"]).shoot == "Runner Cy"
    f = _fight(text)
    f.fighters["Runner Cy"].wound_points = 1
    cy = tactics.decide(f, 1, f.fighters["Runner Cy"])
    assert cy.shoot is None and cy.move is not None and cy.move.gait == "running"
    assert tactics.decide(f, 1, f.fighters["Marshal Bo"]).shoot == "Fanner Al"
    far = _fight(text.replace("[0, 1.5]", "[0, 5]"))
    far.fighters["Runner Cy"].wound_points = 1
    assert tactics.decide(far, 1, far.fighters["Marshal Bo"]).shoot == "Fanner Al"
    far = _fight(text.replace("[0, 1.5]", "[0, 5]"))
    assert tactics.decide(far, 1, far.fighters["Marshal Bo"]).shoot == "Runner Cy"


def _night(profile: str) -> str:
    """Night (B17): Carl waits behind the rocks with his revolver out; Dan stands 30 yards
    off in the dark (OBS 10: farther than 10 yards and not lit, he cannot be seen)."""
    return f"""
        title: night
        night: true
        map:
          rocks: {{at: [0, 0], cover: {{locations: [legs, abdomen, chest, arms], by: rocks}}}}
        sides:
          posse:
            - {_man("Carl", "[0, 0]", profile, ", cover: rocks")}
          gang:
            - {_man("Dan", "[30, 0]", "cautious")}
        max_turns: 3
        """


def test_a_cautious_man_keeps_his_cover_at_night():
    """He sees nobody: he waits in cover (nothing to reload: no intent; before, he walked out
    towards Dan); with a round spent, he reloads there. The aggressive man, who does not keep
    to cover, still runs on; by day the cautious man shoots at Dan from his cover."""
    f = _fight(_night("cautious"))
    assert tactics.decide(f, 1, f.fighters["Carl"]) is None
    f = _fight(_night("cautious"))
    f.fighters["Carl"].weapons[0].loaded = 5
    got = tactics.decide(f, 1, f.fighters["Carl"])
    assert got.reload is True and got.move is None
    f = _fight(_night("aggressive"))
    assert tactics.decide(f, 1, f.fighters["Carl"]).move.gait == "running"
    f = _fight(_night("cautious").replace("night: true", "night: false"))
    got = tactics.decide(f, 1, f.fighters["Carl"])
    assert (got.shoot, got.move) == ("Dan", None)


def test_a_cautious_man_kept_to_cover_all_night_in_a_fight():
    """The whole fight: Carl never leaves the rocks (every move he makes ends there)."""
    log = run_fight(load_scenario_text(textwrap.dedent(_night("cautious"))))
    moved = [e for e in log.events if e.kind == "moved" and e.character == "Carl"]
    assert moved == []


def test_an_empty_shotgun_is_reloaded_before_he_walks_towards_the_enemy():
    """The canyon fight (``narrator generate --sides posse:3 rustlers:3 drifters:2 --setting
    canyon --seed 25``), turn 4: Walter Chapman (cautious) fired both barrels in turn 1; his
    double-action revolver cannot reach Slim Fields, about 80 yards off. He reloads the
    shotgun (Table 14: 2 rounds a combat turn) where he stands, and fires it again in turn 5,
    rather than walk towards Slim with it empty. (Seed 11's George did this until tactics
    read a wounded man's allowance: that fight now goes otherwise from turn 3.)"""
    ld = load_scenario_text(to_yaml(generate([("posse", 3), ("rustlers", 3), ("drifters", 2)],
                                             "canyon", 25)))
    walter = next(c.name for _, c in ld.scenario.characters() if c.name.startswith("Walter"))
    assert walter == "Walter Chapman"
    log = run_fight(ld)
    declared = {e.turn: e for e in log.events
                if e.kind == "intent_declared" and e.character == walter}
    assert declared[1].weapon == "double-barrelled shotgun"
    assert declared[4].reload is not None and declared[4].destination is None
    assert declared[4].gait is None
    assert declared[5].targets == ('Francis "Slim" Fields',) * 2
    assert declared[5].weapon == "double-barrelled shotgun"
    reloads = [e for e in log.events if e.kind == "reloaded" and e.character == walter]
    assert [(e.turn, e.loaded) for e in reloads][:1] == [(4, 2)]


# ---------------------------------------------------------------------- Violence
def _violence_new():
    """``narrator new --ruleset violence``: Deputy Hale (lawman) at the origin, Crane (cautious)
    at [20, 5], the corral fence (cover) at [6, 4]; round 1 declared (Hale runs to the fence
    and shoots), then tactics for up to 8 rounds."""
    from narrator import ruleset as registry
    rs = registry.get("violence")
    return load_scenario_text(rs.skeleton())


def test_violence_starting_scenario_no_one_takes_the_cover_an_enemy_holds():
    """Before, Crane ran to the fence Hale stood at in round 2, and the two traded shots from
    0 feet, both "in cover", until one went down. Now the fence is Hale's (he stands at it):
    Crane shoots from where he is, and nobody is ever 0 yards from an enemy."""
    ld = _violence_new()
    for seed in range(1, 30):
        log = run_fight(ld, seed)
        fired = [e for e in log.events if e.kind == "gun_fired"]
        assert fired and all(e.distance > 2 for e in fired), seed
        assert not [e for e in log.events if e.kind == "moved" and e.character == "Jesse Crane"]


def _violence(hale_at: str = "[0, 0]", crane_at: str = "[20, 0]",
              crane: str = "tactics: cautious") -> str:
    return textwrap.dedent(f"""
        title: v
        ruleset: violence
        seed: 1
        max_turns: 4
        map:
          fence: {{at: [6, 4], name: the corral fence, cover: true}}
        sides:
          law:
            - {{name: Hale, weapons: [{{type: revolver}}, {{type: club}}], at: {hale_at},
               tactics: lawman}}
          thief:
            - {{name: Crane, weapons: [{{type: lever_action_carbine}}], at: {crane_at},
               {crane}}}
        """)


def _vfight(text: str, fired: int = 0):
    from narrator.rulesets.violence.fight import ViolenceFight, profile_of as v_profile
    ld = load_scenario_text(text)
    f = ViolenceFight(ld.scenario, ScriptedDice({}, 1, "seeded"), v_profile(ld.scenario), 1)
    f.shots_fired = fired
    return f


def test_violence_cautious_man_skips_cover_an_enemy_holds():
    """Hale stands at the fence: Crane, cautious and in the open, does not run there (he
    shoots); with Hale 10 yards from it, the fence is free and Crane runs for it."""
    from narrator.rulesets.violence import tactics as vt
    f = _vfight(_violence(hale_at="[6, 4]"), fired=1)
    got = vt.decide(f, 1, f.fighters["Crane"])
    assert (got.move, got.shoot) == (None, "Hale")
    f = _vfight(_violence(hale_at="[-4, 4]"), fired=1)
    assert vt.decide(f, 1, f.fighters["Crane"]).move == "fence"


def test_violence_lawman_subdues_a_foe_at_arms_length():
    """003 l.38: a melee is announced to subdue or to kill. Crane 1 yard off: the lawman goes
    hand to hand to subdue him (his club is the first melee weapon), not a 0-yard shot; at 5
    yards he shoots."""
    from narrator.rulesets.violence import tactics as vt
    f = _vfight(_violence(crane_at="[1, 0]"), fired=1)
    got = vt.decide(f, 1, f.fighters["Hale"])
    assert (got.melee, got.to, got.shoot) == ("Crane", "subdue", None)
    f = _vfight(_violence(crane_at="[5, 0]"), fired=1)
    assert vt.decide(f, 1, f.fighters["Hale"]).shoot == "Crane"


def test_violence_lawman_calls_for_surrender_before_the_first_shot():
    """The README: the lawman calls for surrender. Before anyone has fired he calls on the
    thieves and holds his fire (once for his side); once a shot has been fired, he shoots. In
    a generated fight (all tactics) his call is the first round's free-text action."""
    from narrator.rulesets.violence import tactics as vt
    from narrator.rulesets.violence.generate import text as v_text
    f = _vfight(_violence())
    got = vt.decide(f, 1, f.fighters["Hale"])
    assert got.other == "calls on the thief to throw down their guns and surrender"
    assert got.action is None
    assert vt.decide(f, 1, f.fighters["Hale"]).shoot == "Crane"  # (called once)
    f = _vfight(_violence(), fired=2)
    assert vt.decide(f, 1, f.fighters["Hale"]).shoot == "Crane"
    ld = load_scenario_text(v_text([("posse", 2), ("rustlers", 2)], "street", 4))
    lawman = next(c.name for _, c in ld.scenario.characters() if c.tactics == "lawman")
    log = run_fight(ld)
    calls = [e for e in log.events if e.kind == "other_action" and e.character == lawman]
    assert [(e.turn, e.text) for e in calls] == [
        (1, "calls on the rustlers to throw down their guns and surrender")]
    assert "tactics: lawman             # a lawman: calls for surrender, subdues a man within " \
           "reach" in v_text([("posse", 2), ("rustlers", 2)], "street", 3)
