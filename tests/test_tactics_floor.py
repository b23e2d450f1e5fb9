"""Tactics oddities a fresh user reported in Boot Hill fights (the profiles' choices):

* a lawman fanned three shots at chance -6 ("needs a natural 1 and a Luck check"), and a man
  fired at "needs 1 or less" for several turns: a shot type whose chance to hit is at or
  below the natural-1 floor (``tactics.FLOOR``: 1 or less, B4) is never chosen while a better
  option exists: a careful or steady shot above it, closing in, holding fire;
* a lawman shot a fleeing bystander in the back rather than the man shooting at him: a man
  who runs away, or has no gun to fire and stands beyond reach, comes after every man still
  in the fight (``tactics._fighting``).

Chances to hit from Table 4 (``tables.base_chance``: COO 6, skill 0: hipshot 1, fanned 1,
careful 6) and Table 2 (extreme range -5, long -2); a single-action revolver's careful bands
(Table 14): short to 10 yards, long to 20, extreme to 60. ``B<n>``: the rulings file.
"""

from __future__ import annotations

import textwrap

from narrator.dice import ScriptedDice
from narrator.rulesets.boothill import tables, tactics
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.scenario import load_scenario_text


def _fight(text: str) -> BootHillFight:
    ld = load_scenario_text(textwrap.dedent(text))
    return BootHillFight(ld.scenario, ld.side_of, ScriptedDice({}, 1, "seeded"),
                         profile_of(ld.scenario), 1)


def _man(name: str, at: str, profile: str, coo: int = 12, pistol: int = 4, extra: str = "",
         weapons: str = "[{type: single_action_revolver}]") -> str:
    return (f"{{name: {name}, attributes: {{str: 12, coo: {coo}, obs: 10, sta: 10, luck: 8}}, "
            f"skills: {{pistol: {pistol}, rifle: 3, fast_draw: 5}}, weapons: {weapons}, "
            f"at: {at}, tactics: {profile}, drawn: true{extra}}}")


def _scenario(law: str, gang: str, cover: str = "") -> str:
    return f"""
        title: floor
        map:
          rocks: {{at: [20, 0], cover: {{locations: [legs, abdomen, chest, arms], by: rocks}}}}
        sides:
          law:
            - {law}
          gang:
{gang}
        max_turns: 3
        """


def _gang(*men: str) -> str:
    return "".join(f"            - {m}\n" for m in men)


def test_the_natural_one_floor():
    """A chance of 1 hits on a natural 1 only, below 1 with a Luck check too (B4): both are
    at the floor; 2 is above it."""
    assert tactics.FLOOR == 1
    assert tables.base_chance("hip", 6, 0) == 1 and tables.base_chance("fanned", 6, 0) == 1
    assert tables.base_chance("careful", 6, 0) == 6


def test_no_fanning_at_the_floor_a_careful_shot_instead():
    """Bo (lawman, COO 6, pistol 0) with Al 5 yards off: within 20 feet, a shootout turn.
    Hipshots and fanned shots have chance 1 (the floor); a careful shot 6 (short range). He
    took three fanned shots (about 0.05 each); now careful shots."""
    f = _fight(_scenario(_man("Marshal Bo", "[0, 0]", "lawman", coo=6, pistol=0),
                         _gang(_man("Shooter Al", "[5, 0]", "aggressive"))))
    assert tactics.turn_kind(f, 1) == "shootout"
    bo = tactics.decide(f, 1, f.fighters["Marshal Bo"])
    assert bo.shoot == "Shooter Al"
    assert set(bo.shots) == {"careful"}
    # with a real hipshot (COO 12, pistol 4: hipshot 7, fanned 4) he fires from the hip
    # or fans, as before
    f = _fight(_scenario(_man("Marshal Bo", "[0, 0]", "lawman"),
                         _gang(_man("Shooter Al", "[5, 0]", "aggressive"))))
    assert set(tactics.decide(f, 1, f.fighters["Marshal Bo"]).shots) <= {"hip", "fanned"}


def test_no_shot_at_the_floor_he_closes_in():
    """Al 30 yards off, at extreme range: Bo's careful shot has 6 - 5 = 1, the floor, and so
    has every other. He fired at "needs 1 or less"; now he walks closer and holds his fire
    (walking, -2, his shot is no better)."""
    f = _fight(_scenario(_man("Marshal Bo", "[0, 0]", "lawman", coo=6, pistol=0),
                         _gang(_man("Shooter Al", "[30, 0]", "aggressive")))
               .replace("at: [20, 0]", "at: [0, -80]"))   # (no cover to run to)
    assert tactics.turn_kind(f, 1) == "combat"
    bo = tactics.decide(f, 1, f.fighters["Marshal Bo"])
    assert bo.shoot is None
    assert bo.move is not None and bo.move.gait == "walking"
    assert bo.move.to[0] > 0 and bo.move.to[1] == 0.0
    # 19 yards off (long range: 6 - 2 = 4) he shoots
    f = _fight(_scenario(_man("Marshal Bo", "[0, 0]", "lawman", coo=6, pistol=0),
                         _gang(_man("Shooter Al", "[19, 0]", "aggressive"))))
    bo = tactics.decide(f, 1, f.fighters["Marshal Bo"])
    assert bo.shoot == "Shooter Al" and bo.shots == 2


def _bystander(sue: str) -> BootHillFight:
    """Bo (lawman) at the origin; Al (aggressive, revolver) 20 yards off behind the rocks
    (a quarter of Table 11 left open); Sue 8 yards off in the open."""
    return _fight(_scenario(_man("Marshal Bo", "[0, 0]", "lawman"),
                            _gang(_man("Shooter Al", "[20, 0]", "aggressive",
                                       extra=", cover: rocks"), sue)))


def test_the_lawman_shoots_the_shooter_not_the_fleeing_bystander():
    """Sue (coward) has a light wound: she runs (a coward runs at the first wound). Nearer
    and in the open, she was the one Bo shot at; the man shooting at him comes first."""
    f = _bystander(_man("Bystander Sue", "[0, 8]", "coward"))
    f.fighters["Bystander Sue"].wound_points = 1
    sue = tactics.decide(f, 1, f.fighters["Bystander Sue"])
    assert sue.shoot is None and sue.move is not None and sue.move.gait == "running"
    assert tactics.decide(f, 1, f.fighters["Marshal Bo"]).shoot == "Shooter Al"
    # unhurt she stands her ground with her revolver: the weights choose her, as before
    f = _bystander(_man("Bystander Sue", "[0, 8]", "coward"))
    assert tactics.decide(f, 1, f.fighters["Bystander Sue"]).shoot == "Marshal Bo"
    assert tactics.decide(f, 1, f.fighters["Marshal Bo"]).shoot == "Bystander Sue"


def test_an_unarmed_bystander_beyond_reach_comes_last():
    """Sue carries only a knife, 8 yards off (beyond reach, 2 yards): no threat to Bo; he
    shoots at Al. With Al gone, he shoots at her (nobody else is left)."""
    f = _bystander(_man("Bystander Sue", "[0, 8]", "coward", weapons="[{type: knife}]"))
    assert tactics.decide(f, 1, f.fighters["Marshal Bo"]).shoot == "Shooter Al"
    f = _fight(_scenario(_man("Marshal Bo", "[0, 0]", "lawman"),
                         _gang(_man("Bystander Sue", "[0, 8]", "coward",
                                    weapons="[{type: knife}]"))))
    assert tactics.decide(f, 1, f.fighters["Marshal Bo"]).shoot == "Bystander Sue"
