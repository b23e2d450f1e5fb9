"""Defects a new user found in the Boot Hill tactics profiles and their write-up:

* a profile declared a run for a man whose serious leg wound allows a walk at most
  (``Fighter.wounded_gait``): the engine moved him at a walk, but his shots (and the shots at
  him) took the running modifiers of the gait declared (ruling B12). Tactics now declare the
  gait his wounds allow (``tactics._gait``), and the write-up says why he walks;
* a serious wound elsewhere halves a run but not a walk (Table 3, 000 l.158-162), so two such
  wounds leave a run of 24 / 4 = 6 yards, no farther than the walk of 6, and three a run of 3;
  the profiles walk then (ruling BN2);
* a lawman emptied his Colt at a man running away, at a chance to hit of 1: the estimate left
  out the runner's Table 2 -2. The profiles now count in the flight of a man whose own profile
  runs him off (``tactics.flight_modifier``), and hold their fire at the floor.

Numbers: Table 3 (combat turn: walk 6, run 24; a shootout turn: 1 and 4), Table 2 (target
running -2, shooter walking -2, extreme range -5, serious wound -4), Table 4 (careful: COO +
skill); ``B<n>``/``BN<n>``: the rulings in docs/boothill.md.
"""

from __future__ import annotations

from narrator.render import render
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.state import Wound

from tests.test_tactics import decide, fight_of, two


def _wound(f, *wounds: tuple[str, str]) -> None:
    for loc, severity in wounds:
        f.wounds.append(Wound(loc, severity, 1))
        f.wound_points += 1


def test_a_serious_leg_wound_makes_the_profiles_run_a_walk():
    """A coward with a serious leg wound flees: at a walk (Table 3: walk only, halved: 3
    yards), not the run the profile wants; the same for a run to cover."""
    f = fight_of(two("tactics: cautious", "tactics: coward", bob_at="[15, 0]", max_turns=5))
    bob = f.fighters["Bob Dalton"]
    assert tactics._gait(bob, "run") == "running"
    _wound(bob, ("left_leg", "serious"))
    assert tactics._gait(bob, "run") == "walking"
    assert tactics._allowance(bob, "walking", "combat") == 3.0
    intent = decide(f, "Bob Dalton")
    assert intent.move.gait == "walking" and intent.shoot is None
    assert abs(intent.move.to[0] - 18.0) < 1e-9   # 3 yards away from Ann, at x = 0
    # both legs: he crawls (2 yards, crawling is never reduced)
    _wound(bob, ("right_leg", "serious"))
    assert tactics._gait(bob, "run") == "crawling" and tactics._gait(bob, "walk") == "crawling"
    assert decide(f, "Bob Dalton").move.gait == "crawling"


def test_a_run_no_longer_than_the_walk_is_a_walk():
    """BN2: a serious wound elsewhere halves a run, not a walk. One: 12 > 6, he runs; two:
    6 = 6, he walks; three: 3 < 6, he walks. In a shootout turn 4 / 4 = 1 = the walk of 1.
    At night (B17: every gait but a walk or crawl halved) one serious wound leaves 6."""
    f = fight_of(two("tactics: coward", "tactics: cautious", bob_at="[15, 0]", max_turns=5))
    ann = f.fighters["Ann Oakley"]
    _wound(ann, ("abdomen", "serious"))
    assert tactics._allowance(ann, "running", "combat") == 12.0
    assert tactics._gait(ann, "run") == "running"
    assert tactics._gait(ann, "run", "combat", night=True) == "walking"
    assert tactics._allowance(ann, "running", "combat", night=True) == 6.0
    _wound(ann, ("chest", "serious"))
    assert tactics._allowance(ann, "running", "combat") == 6.0
    assert tactics._allowance(ann, "walking", "combat") == 6.0
    assert tactics._gait(ann, "run") == "walking"
    assert tactics._gait(ann, "run", "shootout") == "walking"
    _wound(ann, ("head", "serious"))
    assert tactics._allowance(ann, "running", "combat") == 3.0
    intent = decide(f, "Ann Oakley")   # a coward with wounds: he flees, at a walk
    assert intent.move.gait == "walking"


def test_the_write_up_says_why_he_walks():
    """The move's line names the wound that holds him to a walk (teaching write-up)."""
    f = fight_of(two("tactics: coward", "tactics: cautious", bob_at="[30, 0]", max_turns=1))
    _wound(f.fighters["Ann Oakley"], ("abdomen", "serious"), ("chest", "serious"))
    log = f.run()
    moved = {e.character: e for e in log.events if e.kind == "moved"}
    assert moved["Ann Oakley"].gait == "walking"
    assert [p.name for p in moved["Ann Oakley"].penalties] == ["run_no_farther"]
    teaching = render(log, "text", "teaching")
    assert "(wounds: a run would go no farther than a walk)" in teaching


def test_a_man_who_can_only_crawl_shoots_rather_than_crawl_to_far_cover():
    """Both legs seriously wounded: cover 5 yards off is beyond his crawl (2 yards): he stays
    and shoots (in a combat turn a man who crawls cannot shoot, B18(a)); cover within his crawl:
    he crawls there, without a shot."""
    extra = """
        map:
          rock: {at: [5, 0.5], cover: {locations: [legs, abdomen, chest]}}
        """
    f = fight_of(two("tactics: cautious", "tactics: aggressive", bob_at="[40, 0]",
                     ann_weapons="[{type: lever_action_rifle}]",
                     bob_weapons="[{type: lever_action_rifle}]", extra=extra, max_turns=5))
    ann = f.fighters["Ann Oakley"]
    _wound(ann, ("left_leg", "serious"), ("right_leg", "serious"))
    intent = decide(f, "Ann Oakley")
    assert intent.move is None and intent.shoot == "Bob Dalton"
    f = fight_of(two("tactics: cautious", "tactics: aggressive", bob_at="[40, 0]",
                     ann_weapons="[{type: lever_action_rifle}]",
                     bob_weapons="[{type: lever_action_rifle}]",
                     extra=extra.replace("[5, 0.5]", "[1.5, 0.5]"), max_turns=5))
    _wound(f.fighters["Ann Oakley"], ("left_leg", "serious"), ("right_leg", "serious"))
    intent = decide(f, "Ann Oakley")
    assert intent.move.gait == "crawling" and intent.move.to == "rock" and intent.shoot is None


def test_the_lawman_holds_his_fire_at_a_runner_he_cannot_hit():
    """Ann (lawman, COO 15 + Pistol 4 = 19, three serious wounds -12) and Bob (coward, a light
    wound: he flees) 30 yards off, at a single-action revolver's extreme range (-5): 2 standing,
    but Bob runs (-2): 0, the natural-1 floor. She shoots no more: she walks after him."""
    f = fight_of(two("tactics: lawman", "tactics: coward", bob_at="[30, 0]", max_turns=5))
    ann, bob = f.fighters["Ann Oakley"], f.fighters["Bob Dalton"]
    _wound(ann, ("abdomen", "serious"), ("chest", "serious"), ("head", "serious"))
    assert decide(f, "Ann Oakley").shoot == "Bob Dalton"   # Bob unhurt: he stands, 2
    _wound(bob, ("left_leg", "light"))
    assert tactics.flight_modifier(f, 1, bob, "combat") == -2
    intent = decide(f, "Ann Oakley")
    assert intent.shoot is None and intent.move.gait == "walking"
    # a runner held to a walk by a serious leg wound is no harder to hit: she shoots
    f = fight_of(two("tactics: lawman", "tactics: coward", bob_at="[30, 0]", max_turns=5))
    ann, bob = f.fighters["Ann Oakley"], f.fighters["Bob Dalton"]
    _wound(ann, ("abdomen", "serious"), ("chest", "serious"), ("head", "serious"))
    _wound(bob, ("left_leg", "serious"))
    assert tactics.flight_modifier(f, 1, bob, "combat") == 0
    assert decide(f, "Ann Oakley").shoot == "Bob Dalton"
