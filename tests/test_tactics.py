"""Tactics profiles (issue 5): valid intents in both kinds of turn, the profiles' choices in
small set pieces, and generated three-on-three fights (100; 1,000 under ``pytest -m slow``)
fought by tactics alone with every invariant of the event log holding.

Sources: ``000`` = ``../shared/sources/000_f05c5ef385f1db5a.txt``, ``001`` = ``001_...``,
``B<n>`` = ``../shared/errata.md``.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from narrator import npcs
from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.events import FightLog
from narrator.rulesets.boothill import tables, tactics
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.state import Wound
from narrator.scenario import load_scenario_text
from narrator.rulesets.boothill.scenario import Intent
from narrator.rulesets.boothill import generate as bh_generate

ACTS = ("shot_fired", "draw_made", "moved", "reloaded", "jam_worked", "target_switched",
        "intent_declared", "other_action")
# Refusals a tactics profile must never provoke: it knows the range, the turn, its gun.
NEVER = {"out_of_range", "cannot_see", "not_a_revolver", "evading", "crawling", "busy",
         "cannot_reload", "full", "no_spare_rounds", "not_jammed", "weapon_useless",
         "wrong_gait", "down", "too_many_shots"}


def two(ann: str = "", bob: str = "", ann_at: str = "[0, 0]", bob_at: str = "[5, 0]",
        ann_weapons: str = "[{type: single_action_revolver}]",
        bob_weapons: str = "[{type: single_action_revolver}]", extra: str = "",
        **top: Any) -> str:
    """A scenario of Ann Oakley (posse) against Bob Dalton (gang); ``ann``/``bob`` are extra
    character lines (``tactics: cautious``), ``extra`` top-level YAML, ``top`` top-level keys."""
    lines = [f"{k}: {v}" for k, v in {"title": "t", "seed": 1, **top}.items()]
    lines += ["sides:", "  posse:", "    - name: Ann Oakley", "      short: Ann",
              "      attributes: {str: 12, coo: 15, obs: 12, sta: 8, luck: 8}",
              "      skills: {pistol: 4, rifle: 4, fast_draw: 9}",
              f"      weapons: {ann_weapons}", f"      at: {ann_at}"]
    lines += ["      " + x for x in ann.splitlines() if x]
    lines += ["  gang:", "    - name: Bob Dalton", "      short: Bob",
              "      attributes: {str: 12, coo: 14, obs: 12, sta: 8, luck: 8}",
              "      skills: {pistol: 3, rifle: 3, fast_draw: 2}",
              f"      weapons: {bob_weapons}", f"      at: {bob_at}"]
    lines += ["      " + x for x in bob.splitlines() if x]
    return "\n".join(lines) + "\n" + textwrap.dedent(extra)


def fight_of(text: str, seed: int = 1) -> BootHillFight:
    """A fight set up (not run) from scenario text, to ask tactics about its first turn."""
    ld = load_scenario_text(text)
    return BootHillFight(ld.scenario, ld.side_of, ScriptedDice({}, seed, "seeded"),
                         profile_of(ld.scenario), seed)


def decide(f: BootHillFight, name: str, turn: int = 1) -> Intent | None:
    return tactics.decide(f, turn, f.fighters[name])


# ---------------------------------------------------------------------- set pieces
def test_profiles_are_the_five_of_the_issue():
    assert set(tactics.PROFILES) == {"aggressive", "cautious", "coward", "sniper", "lawman"}


@pytest.mark.parametrize("profile", tactics.PROFILE_TABLE)
def test_within_20_feet_a_shootout_of_quick_shots_with_a_revolver(profile):
    """5 yards is within 20 feet: a shootout turn (001 l.8-12), and with a revolver the shot
    list is hip or fanned shots, at most 6 counts (001 l.16), the draw chosen too."""
    f = fight_of(two(f"tactics: {profile}", "tactics: aggressive", max_turns=5))
    assert tactics.turn_kind(f, 1) == "shootout"
    intent = decide(f, "Ann Oakley")  # even the coward: one against one, unhurt, he fights
    assert intent.shoot == "Bob Dalton"
    assert isinstance(intent.shots, list)
    assert set(intent.shots) <= {"hip", "fanned"}
    assert sum(tables.shot_counts(s) for s in intent.shots) <= 6
    assert intent.draw in ("fast", "normal")


def test_careful_shots_at_range_in_a_combat_turn():
    """40 yards with a lever-action rifle: a combat turn, two careful shots (000 l.39),
    and the rifle rather than the revolver, which is out of range beyond 60 yards."""
    f = fight_of(two("tactics: cautious", "tactics: cautious", bob_at="[70, 0]",
                     ann_weapons="[{type: single_action_revolver}, {type: lever_action_rifle}]",
                     max_turns=5))
    assert tactics.turn_kind(f, 1) == "combat"
    intent = decide(f, "Ann Oakley")
    assert intent.shoot == "Bob Dalton" and intent.shots == 2
    assert intent.weapon == "lever_action_rifle"


def test_fast_draw_only_when_it_is_expected_to_be_quicker():
    """A failed fast draw costs 2 counts and another draw (B13): with Fast Draw 9 (45%) the
    expected cost is 2 x 0.55 / 0.45 = 2.4 counts < 3, fast; with Fast Draw 2 it is 18, normal
    (a cautious man); the failed_fast_draw_ready house rule makes a fast draw always worth it."""
    f = fight_of(two("tactics: cautious", "tactics: cautious", max_turns=5))
    assert decide(f, "Ann Oakley").draw == "fast"
    assert decide(f, "Bob Dalton").draw == "normal"
    f = fight_of(two("tactics: cautious", "tactics: cautious", max_turns=5,
                     house_rules="{failed_fast_draw_ready: true}"))
    assert decide(f, "Bob Dalton").draw == "fast"


def test_lawman_calls_for_surrender_once_and_shoots_to_wound():
    f = fight_of(two("tactics: lawman", "tactics: aggressive", bob_at="[15, 0]", max_turns=5))
    first = decide(f, "Ann Oakley")
    assert "surrender" in first.other and first.aim == "limbs" and first.shoot == "Bob Dalton"
    again = decide(f, "Ann Oakley")
    assert again.other is None and again.aim == "limbs"


def test_lawman_shots_aim_at_the_limbs_in_the_write_up():
    log = run_fight(load_scenario_text(two("tactics: lawman", "tactics: aggressive",
                                           bob_at="[8, 0]", max_turns=8)), 3)
    aims = {e.aim for e in log.events if e.kind == "location_rolled" and e.shooter == "Ann Oakley"}
    assert aims <= {"limbs"}
    assert any(e.kind == "other_action" and "surrender" in e.text for e in log.events)


def test_badly_hurt_and_the_coward_run():
    """Wound points above half of STR (12 -> 7): the cautious man runs (no shot); the
    coward runs at any wound; the lawman never runs."""
    text = two("tactics: cautious", "tactics: coward", bob_at="[15, 0]", max_turns=5)
    f = fight_of(text)
    ann, bob = f.fighters["Ann Oakley"], f.fighters["Bob Dalton"]
    ann.wounds.append(Wound("abdomen", "serious", 7))
    ann.wound_points = 7
    bob.wounds.append(Wound("left_leg", "light", 1))
    bob.wound_points = 1
    for name in ("Ann Oakley", "Bob Dalton"):
        intent = decide(f, name)
        assert intent.shoot is None and intent.move.gait == "running"
    away = decide(f, "Ann Oakley").move.to
    assert away[0] < 0  # away from Bob, who stands at x = 15
    f = fight_of(two("tactics: lawman", "tactics: coward", bob_at="[15, 0]", max_turns=5))
    f.fighters["Ann Oakley"].wound_points = 11
    assert decide(f, "Ann Oakley").shoot == "Bob Dalton"


def test_cautious_goes_to_cover_and_sniper_snipes_from_it():
    extra = """
        map:
          rock: {at: [2, 1], cover: {locations: [legs, abdomen, chest]}}
        """
    f = fight_of(two("tactics: cautious", "tactics: sniper", bob_at="[40, 0]",
                     ann_weapons="[{type: lever_action_rifle}]",
                     bob_weapons="[{type: lever_action_rifle}]", extra=extra, max_turns=5))
    intent = decide(f, "Ann Oakley")
    assert intent.move.to == "rock" and intent.move.gait == "walking" and intent.shoot
    f = fight_of(two("tactics: cautious", "tactics: sniper\ncover: rock",
                     bob_at="[40, 0]", ann_weapons="[{type: lever_action_rifle}]",
                     bob_weapons="[{type: lever_action_rifle}]",
                     extra=extra.replace("[2, 1]", "[40, 0]"), max_turns=5))
    assert decide(f, "Bob Dalton").sniping is True


def test_empty_gun_is_reloaded():
    f = fight_of(two("tactics: aggressive", "tactics: aggressive", bob_at="[30, 0]",
                     ann_weapons="[{type: single_action_revolver, loaded: 0}]", max_turns=5))
    assert decide(f, "Ann Oakley").reload is True


def test_out_of_range_aggressive_closes_in_and_coward_waits():
    f = fight_of(two("tactics: aggressive", "tactics: coward", bob_at="[100, 0]",
                     max_turns=5))
    intent = decide(f, "Ann Oakley")
    assert intent.shoot is None and intent.move.gait == "running" and intent.move.to[0] == 24
    assert decide(f, "Bob Dalton") is None


PORCH = """\
map:
  porch: {at: [0, 0], cover: {locations: [legs, abdomen], kind: light, reduction: 1}}
"""


def test_aggressive_leaves_cover_to_close_in_from_extreme_range():
    """Boot Hill at Coffin Creek: an aggressive man behind cover with a revolver (Table 14:
    short 10, long 20, extreme 60 yards) 25 yards from his man is at extreme range (Table 2
    -5): he runs at him (24 yards in a combat turn), stopping at 8 yards (0.8 of short
    range), and fires on the run (COO 15 + Pistol 4 - 5 extreme - 4 running = 10: 50%). At
    15 yards (long range) he holds his cover; at 60 yards his run leaves him at extreme range
    still, and he holds it too. Old code: he never moved while he had a shot."""
    f = fight_of(two("cover: porch\ntactics: aggressive", "tactics: cautious", ann_at="porch",
                     bob_at="[25, 0]", max_turns=5, extra=PORCH))
    assert tactics.turn_kind(f, 1) == "combat"
    intent = decide(f, "Ann Oakley")
    assert intent.move.gait == "running" and intent.move.to == (17.0, 0.0)
    assert intent.shoot == "Bob Dalton" and intent.shots == 2
    for yards in (15, 60):
        f = fight_of(two("cover: porch\ntactics: aggressive", "tactics: cautious", ann_at="porch",
                         bob_at=f"[{yards}, 0]", max_turns=5, extra=PORCH))
        intent = decide(f, "Ann Oakley")
        assert intent.move is None and intent.shoot == "Bob Dalton", yards
    # a cautious man at 25 yards keeps his cover and shoots from it
    f = fight_of(two("cover: porch\ntactics: cautious", "tactics: cautious", ann_at="porch",
                     bob_at="[25, 0]", max_turns=5, extra=PORCH))
    intent = decide(f, "Ann Oakley")
    assert intent.move is None and intent.shoot == "Bob Dalton"


def test_declared_intents_win_over_tactics():
    text = two("tactics: aggressive", "tactics: aggressive", bob_at="[30, 0]",
               extra="turns:\n  - intents:\n      Ann: {move: {gait: walking, to: [0, 5]}}\n",
               max_turns=3)
    log = run_fight(load_scenario_text(text), 1)
    first = [e for e in log.events if e.kind == "intent_declared" and e.turn == 1]
    ann = next(e for e in first if e.character == "Ann Oakley")
    bob = next(e for e in first if e.character == "Bob Dalton")
    assert ann.source == "declared" and ann.targets == () and ann.destination == "0,5"
    assert bob.source == "tactics" and bob.targets


def test_unknown_profile_is_a_clear_error():
    text = two("tactics: agressive", "tactics: coward", max_turns=3)
    with pytest.raises(ScenarioError, match="did you mean 'aggressive'"):
        run_fight(load_scenario_text(text), 1)


def test_same_seed_same_tactical_fight():
    text = two("tactics: aggressive", "tactics: cautious", bob_at="[12, 0]", max_turns=20)
    a = run_fight(load_scenario_text(text), 5).to_json()
    b = run_fight(load_scenario_text(text), 5).to_json()
    assert a == b


# ---------------------------------------------------------------------- 1,000 fights
def check_invariants(log: FightLog, kind_of: dict[int, str]) -> list[str]:
    """Every invariant of a fight's event log; returns what is broken."""
    bad: list[str] = []
    down: dict[str, tuple[int, int | None]] = {}
    wound_points: dict[str, int] = {}
    turn = 0
    count: int | None = None
    for i, e in enumerate(log.events):
        k = e.kind
        if k == "turn_started":
            turn, count = e.turn, None
            kind_of[e.turn] = e.turn_kind
        elif k == "count_resolved":
            count = e.count
            if not 1 <= e.count <= 6:
                bad.append(f"event {i}: count {e.count}")
        if k in ACTS:
            who = e.shooter if k == "shot_fired" else e.character
            if who in down:
                simultaneous = k == "shot_fired" and down[who] == (e.turn, e.count) \
                    and e.count is not None
                if not simultaneous:
                    bad.append(f"event {i}: {k} by {who} after going down at {down[who]}")
        if k == "shot_fired":
            if e.rounds_left < 0:
                bad.append(f"event {i}: {e.rounds_left} rounds left")
            if e.count is not None and not 1 <= e.count <= 6:
                bad.append(f"event {i}: shot on count {e.count}")
        if k == "reloaded" and not 0 <= e.loaded <= e.capacity:
            bad.append(f"event {i}: reloaded to {e.loaded}/{e.capacity}")
        if k == "wound_taken":
            before = wound_points.get(e.character, 0)
            if e.total_wound_points < before:
                bad.append(f"event {i}: wound points of {e.character} fell")
            wound_points[e.character] = e.total_wound_points
        if k == "turn_ended":
            for s in e.status:
                if s.wound_points < wound_points.get(s.name, 0):
                    bad.append(f"event {i}: wound points of {s.name} fell")
                wound_points[s.name] = s.wound_points
                if any(w.loaded < 0 or w.loaded > w.capacity for w in s.weapons):
                    bad.append(f"event {i}: {s.name}'s rounds out of 0..capacity")
                if s.name in down and s.condition == "active":
                    bad.append(f"event {i}: {s.name} is up again")
        if k == "action_refused" and e.reason in NEVER:
            bad.append(f"event {i}: {e.character} refused: {e.reason} {e.detail}")
        if k == "intent_declared" and e.source == "tactics":
            n = len(e.targets)
            if kind_of.get(e.turn) == "combat":
                if n > 2 or any(s != "careful" for s in e.shot_types):
                    bad.append(f"event {i}: combat-turn intent {e.targets} {e.shot_types}")
            elif sum(tables.shot_counts(s) for s in e.shot_types) > 6:
                bad.append(f"event {i}: shootout intent of more than 6 counts {e.shot_types}")
        went = None
        if k == "wound_taken" and e.mortal is not None and e.mortal.outcome != "saved":
            went = e.character
        elif k in ("passed_out", "died"):
            went = e.character
        if went and went not in down:
            down[went] = (turn, count)
    return bad


def generated(n_scenarios: int, per_side: int = 3) -> list[str]:
    """Generated scenarios, every setting, a few with three sides."""
    out = []
    for k in range(n_scenarios):
        sides = [("posse", per_side), ("rustlers", per_side)]
        if k % 10 == 9:
            sides = [("marshals", 2), ("rustlers", 2), ("homesteaders", 2)]
        sk = bh_generate.generate(sides, npcs.SETTINGS[k % len(npcs.SETTINGS)], 1000 + k)
        out.append(bh_generate.to_yaml(sk))
    return out


@pytest.mark.parametrize("scenarios, seeds", [
    pytest.param(10, 10, id="quick-100"),
    pytest.param(50, 20, id="full-1000", marks=pytest.mark.slow)])
def test_generated_three_on_three_fights_keep_every_invariant(scenarios, seeds):
    """Generated scenarios (every setting) x seeds, fought by tactics alone (100 fights in the
    default run, 1,000 under ``-m slow``): no exception; nobody acts after going down (B8, B15; the same count's simultaneous shot
    excepted, B14); rounds never negative; wound points never fall; counts within 1..6;
    tactic-made intents valid for their turn; no refusal a profile should have foreseen."""
    broken = []
    fights = 0
    for text in generated(scenarios):
        ld = load_scenario_text(text)
        for seed in range(seeds):
            log = run_fight(ld, seed)
            assert log.events[-1].kind == "fight_ended"
            fights += 1
            for problem in check_invariants(log, {}):
                broken.append(f"{ld.scenario.title} seed {seed}: {problem}")
    assert fights == scenarios * seeds
    assert not broken, "\n".join(broken[:20])


def test_tactic_made_intents_validate_as_scenario_intents():
    """Every intent a profile makes is a valid ``Intent`` (built without validation for speed,
    so check it here) and respects its turn's kind."""
    seen = 0
    for text in generated(8):
        ld = load_scenario_text(text)
        for seed in range(5):
            f = BootHillFight(ld.scenario, ld.side_of, ScriptedDice({}, seed, "seeded"),
                              profile_of(ld.scenario), seed)
            original = tactics.decide

            def checked(fight, t, fighter, original=original):
                intent = original(fight, t, fighter)
                if intent is not None:
                    again = Intent.model_validate(intent.model_dump(exclude_defaults=True))
                    assert again == intent
                    if tactics.turn_kind(fight, t) == "combat":
                        assert intent.shots is None or isinstance(intent.shots, int)
                        assert (intent.shots or 1) <= 2
                return intent

            tactics.decide = checked
            try:
                f.run()
            finally:
                tactics.decide = original
            seen += 1
    assert seen == 40
