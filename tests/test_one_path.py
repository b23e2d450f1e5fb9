"""One path for a shot: every Table 2 (= Table 8) modifier and every refusal, in both kinds of
turn (errata B18(e)).

Each case is fought once as a combat turn and once as a shootout turn, with the same numbers:
Ann (COO 10, Pistol 2, single-action revolver in hand) fires one careful shot at Bo, 8 yards
off (short, 0), so her base chance is 10 + 2 = 12 (Table 1 = Table 4, errata B2). In the
shootout turn the careful shot takes 6 counts (Table 5) and fires on count 6. Every die is
scripted; her d20 is a 19, a miss at every chance below 19, so nothing else is rolled.

Sources: ``000`` = ``../shared/sources/000_f05c5ef385f1db5a.txt`` (``cat -n`` lines; Table 2
at l.97-132, Table 8 at l.292-328), ``001`` = ``001_415c40fca5e431da.txt``, ``B<n>`` = ``../shared/errata.md``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import pytest

from narrator.dice import ScriptedDice
from narrator.events import FightLog
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.state import Fighter, Wound
from narrator.scenario import load_scenario_text

KINDS = ("combat", "shootout")

ANN = {"name": "Ann", "attributes": "{str: 10, coo: 10, obs: 10, sta: 10, luck: 5}",
       "skills": "{pistol: 2}", "weapons": "[{type: single_action_revolver}]", "at": "[0, 0]",
       "drawn": "true", "aim": "none"}
BO = dict(ANN, name="Bo", at="[8, 0]")
CY = dict(ANN, name="Cy", at="[12, 0]")


def flow(base: dict, **over: str) -> str:
    d = dict(base, **over)
    return "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"


def scenario(kind: str, *, ann: dict | None = None, bo: dict | None = None,
             ann_intent: str = "{shoot: Bo}", bo_intent: str | None = None,
             cy: dict | None = None, night: bool = False, ann_dice: str = "to_hit: [19]",
             extra_dice: str = "") -> str:
    """A Posse (Ann) against a Gang (Bo, maybe Cy); the Posse wins initiative 6-1."""
    gang = f"\n    - {flow(BO, **(bo or {}))}"
    if cy is not None:
        gang += f"\n    - {flow(CY, **cy)}"
    bo_line = f"\n      Bo: {bo_intent}" if bo_intent else ""
    return textwrap.dedent(f"""\
title: one path
night: {str(night).lower()}
sides:
  Posse:
    - {flow(ANN, **(ann or {}))}
  Gang:{gang}
turns:
  - kind: {kind}
    intents:
      Ann: {ann_intent}{bo_line}
dice_fallback: error
dice:
  Posse: {{initiative: [6]}}
  Gang: {{initiative: [1]}}
  Ann: {{{ann_dice}}}
{extra_dice}""")


def fight(text: str, setup: Callable[[dict[str, Fighter]], None] | None = None) -> FightLog:
    """Fight a scenario; ``setup`` may change the fighters first (wounds, a jam). Every roll
    must come from the script."""
    loaded = load_scenario_text(text)
    dice = ScriptedDice(loaded.script, 1, "error", loaded.path)
    f = BootHillFight(loaded.scenario, loaded.side_of, dice, profile_of(loaded.scenario), 1)
    if setup is not None:
        setup(f.fighters)
    log = f.run()
    assert [r for r in log.rolls if not r.scripted] == []
    return log


def of(log: FightLog, kind: str, **match) -> list:
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


def wound(name: str, location: str, severity: str, points: int) -> Callable:
    def setup(fighters: dict[str, Fighter]) -> None:
        f = fighters[name]
        f.wounds.append(Wound(location, severity, points))
        f.wound_points += points
    return setup


# (id, scenario keywords, setup, the modifier expected (name, value), the final chance)
MODIFIERS = [
    # Range (Table 2; Table 14 single-action revolver 10/20/60; point blank <= 2 yd, 001 l.19)
    ("point_blank_pistol", dict(bo={"at": "[2, 0]"}), None, ("point_blank_pistol", 4), 16),
    ("point_blank_long_arm", dict(ann={"skills": "{rifle: 2}",
                                       "weapons": "[{type: lever_action_rifle}]"},
                                  bo={"at": "[1, 0]"}), None, ("point_blank_long_arm", -2), 10),
    ("short", {}, None, ("short", 0), 12),
    ("long", dict(bo={"at": "[15, 0]"}), None, ("long", -2), 10),
    ("extreme", dict(bo={"at": "[30, 0]"}), None, ("extreme", -5), 7),
    # Movement of target (walking gives 0, B3; dropping prone counts as evading, 001 l.55)
    ("target_running", dict(bo_intent="{move: {gait: running}}"), None,
     ("target_running", -2), 10),
    ("target_trotting", dict(bo={"mounted": "true"}, bo_intent="{move: {gait: trotting}}"),
     None, ("target_trotting", -2), 10),
    ("target_evading", dict(bo_intent="{move: {gait: evading}}"), None,
     ("target_evading", -4), 8),
    ("target_galloping", dict(bo={"mounted": "true"}, bo_intent="{move: {gait: galloping}}"),
     None, ("target_galloping", -4), 8),
    ("target_drops_prone", dict(bo_intent="{move: {drop_prone: true}}"), None,
     ("target_evading", -4), 8),
    # Movement of shooter
    ("shooter_walking", dict(ann_intent="{shoot: Bo, move: {gait: walking}}"), None,
     ("shooter_walking", -2), 10),
    ("shooter_running", dict(ann_intent="{shoot: Bo, move: {gait: running}}"), None,
     ("shooter_running", -4), 8),
    ("shooter_trotting", dict(ann={"mounted": "true"},
                              ann_intent="{shoot: Bo, move: {gait: trotting}}"), None,
     ("shooter_trotting", -4), 8),
    ("shooter_galloping", dict(ann={"mounted": "true"},
                               ann_intent="{shoot: Bo, move: {gait: galloping}}"), None,
     ("shooter_galloping", -4), 8),
    # Wounds: each light -1, each serious -4 (B3), wherever they are (001 l.23)
    ("light_wound", {}, wound("Ann", "left_leg", "light", 1), ("light_wound", -1), 11),
    # ... a light wound of 0 points too: Table 12 makes a modified 0 light (B7), Table 2 counts
    # light wounds, not their points (docs/boothill.md, B7)
    ("light_wound_of_0_points", {}, wound("Ann", "left_leg", "light", 0), ("light_wound", -1),
     11),
    ("serious_wound", {}, wound("Ann", "left_leg", "serious", 4), ("serious_wound", -4), 8),
    # Target size (001 l.25; a prone man is a small target, B3)
    ("size_very_large", dict(bo={"size": "very_large"}), None, ("size_very_large", 4), 16),
    ("size_large", dict(bo={"size": "large"}), None, ("size_large", 2), 14),
    ("size_small", dict(bo={"size": "small"}), None, ("size_small", -2), 10),
    ("size_very_small", dict(bo={"size": "very_small"}), None, ("size_very_small", -4), 8),
    ("target_prone", dict(bo={"prone": "true"}), None, ("size_small", -2), 10),
    # Miscellaneous
    ("sniping", dict(ann_intent="{shoot: Bo, sniping: true}"), None, ("sniping", 2), 14),
    ("shotgun", dict(ann={"skills": "{rifle: 2}", "weapons": "[{type: shotgun}]"}), None,
     ("shotgun", 2), 14),
    ("scattergun", dict(ann={"skills": "{rifle: 2}", "weapons": "[{type: scattergun}]"}), None,
     ("scattergun", 4), 16),
    ("obscured", dict(bo={"obscured": "true"}), None, ("obscured", -2), 10),
    ("wrong_hand", dict(ann_intent="{shoot: Bo, hand: left}"), None, ("wrong_hand", -2), 10),
    ("night", dict(night=True), None, ("night", -4), 8),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case, kw, setup, modifier, chance", MODIFIERS,
                         ids=[m[0] for m in MODIFIERS])
def test_every_table_2_modifier_in_both_kinds_of_turn(kind, case, kw, setup, modifier, chance):
    """Table 2 (000 l.97-132) = Table 8 (l.292-328): base 12, plus the one
    modifier of the case (the range modifier, 0 at short, is always listed)."""
    log = fight(scenario(kind, **kw), setup)
    (shot,) = of(log, "shot_fired")
    mods = [(m.name, m.value) for m in shot.modifiers]
    assert modifier in mods
    assert sum(v for _, v in mods) == chance - 12
    assert (shot.base_chance, shot.chance, shot.roll, shot.result) == (12, chance, 19, "miss")
    assert shot.count == (6 if kind == "shootout" else None)


@pytest.mark.parametrize("kind", KINDS)
def test_two_pistols_both_fire_at_once(kind):
    """001 l.27: two pistols at once, -6 on all shots, and the off-hand gun -2 more; both guns
    fire (B3). Ann 12: the right-hand gun 12 - 6 = 6, the left-hand gun 12 - 6 - 2 = 4. In a
    shootout turn both shots go on count 6 (a careful shot, Table 5)."""
    log = fight(scenario(kind, ann={"weapons": "[{type: single_action_revolver}, "
                                               "{type: double_action_revolver}]"},
                         ann_intent="{shoot: Bo, two_guns: true}", ann_dice="to_hit: [19, 19]"))
    shots = of(log, "shot_fired")
    assert [(s.weapon, s.chance) for s in shots] == [
        ("single-action revolver", 6), ("double-action revolver", 4)]
    assert [(m.name, m.value) for m in shots[1].modifiers][-2:] == [
        ("wrong_hand", -2), ("two_pistols", -6)]
    assert {s.count for s in shots} == {6 if kind == "shootout" else None}


def test_two_pistols_hipshots_in_a_shootout_turn():
    """The issue's case: Jess, COO 16, Pistol 4, two revolvers, a hipshot at Mort 5 yards off.
    Hipshot 16 // 4 + 4 = 8 (Table 4, B2); 5 yards is short for a hipshot (Any Hipshot row
    6/12/36, B1), 0; two pistols -6: 2 with the right-hand gun; the left-hand gun -2 more: 0.
    Table 6: two guns -2 speed, 16 - 2 + 1 (fast weapon) = 15. Both fire on count 2."""
    log = fight(scenario("shootout",
                         ann={"attributes": "{str: 10, coo: 16, obs: 10, sta: 10, luck: 5}",
                              "skills": "{pistol: 4}",
                              "weapons": "[{type: single_action_revolver}, "
                                         "{type: single_action_revolver}]"},
                         bo={"at": "[5, 0]"},
                         ann_intent="{shoot: Bo, two_guns: true, shots: [hip]}",
                         ann_dice="to_hit: [19, 19]"))
    shots = of(log, "shot_fired")
    assert [(s.count, s.base_chance, s.chance) for s in shots] == [(2, 8, 2), (2, 8, 0)]
    (count,) = of(log, "count_resolved")
    assert count.actors[0].speed == 15


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("hand, arm, chance", [
    (None, "right_arm", 4),      # gun arm: he fires left-handed, wrong hand (001 l.23)
    ("left", "right_arm", 4),    # ... whatever hand he declares
    ("right", "right_arm", 4),
    ("left", "left_arm", 6),     # off arm wounded: only his gun hand can fire, no penalty
])
def test_serious_wound_in_an_arm_and_the_wrong_hand(kind, hand, arm, chance):
    """001 l.23: "a character with a serious wound in his gun arm has both the serious wound
    modifier -4 and the wrong hand modifier -2". Ann 12, Bo 15 yards off (long, -2), a serious
    wound -4, wrong hand -2: 4. With the wound in her off arm she fires right-handed: 6."""
    intent = f"{{shoot: Bo, hand: {hand}}}" if hand else "{shoot: Bo}"
    log = fight(scenario(kind, bo={"at": "[15, 0]"}, ann_intent=intent),
                wound("Ann", arm, "serious", 4))
    (shot,) = of(log, "shot_fired")
    assert shot.chance == chance
    assert ("wrong_hand" in [m.name for m in shot.modifiers]) == (chance == 4)


@pytest.mark.parametrize("kind", KINDS)
def test_two_pistols_with_one_good_arm_fires_one(kind):
    """001 l.23: a seriously wounded arm cannot fire a pistol, so only one gun fires, in the
    other hand: 12 - 4 (serious) - 6 (two pistols) - 2 (wrong hand) = 0; the second gun is
    refused."""
    log = fight(scenario(kind, ann={"weapons": "[{type: single_action_revolver}, "
                                               "{type: double_action_revolver}]"},
                         ann_intent="{shoot: Bo, two_guns: true}"),
                wound("Ann", "right_arm", "serious", 4))
    (shot,) = of(log, "shot_fired")
    assert shot.chance == 0
    assert [e.reason for e in of(log, "action_refused")] == ["one_good_arm"]


# (id, intent, scenario keywords, setup, the refusal reason or None in each kind of turn)
REFUSALS = [
    ("evading", "{shoot: Bo, move: {gait: evading}}", {}, None,
     {"combat": "evading", "shootout": "evading"}),                       # 001 l.23
    ("drops_prone", "{shoot: Bo, move: {drop_prone: true}}", {}, None,
     {"combat": "evading", "shootout": "evading"}),                       # 001 l.55
    ("crawling", "{shoot: Bo, move: {gait: crawling}}", {}, None,
     {"combat": "crawling", "shootout": None}),                           # B18(a)
    ("reloading", "{shoot: Bo, reload: true}", dict(ann={"weapons":
                                                          "[{type: single_action_revolver, "
                                                          "loaded: 5}]"}), None,
     {"combat": "busy", "shootout": "busy"}),                             # 000 l.497
    ("clearing_a_jam", "{shoot: Bo, clear_jam: true}", {},
     lambda fs: setattr(fs["Ann"].weapons[0], "jammed_seconds", 18),
     {"combat": "busy", "shootout": "busy"}),                             # 000 l.407
    ("empty", "{shoot: Bo}", dict(ann={"weapons": "[{type: single_action_revolver, "
                                                  "loaded: 0}]"}), None,
     {"combat": "empty", "shootout": "empty"}),
    ("jammed", "{shoot: Bo}", {}, lambda fs: setattr(fs["Ann"].weapons[0], "jammed_seconds", 18),
     {"combat": "jammed", "shootout": "jammed"}),                         # Table 10
    ("useless", "{shoot: Bo}", {}, lambda fs: setattr(fs["Ann"].weapons[0], "useless", True),
     {"combat": "weapon_useless", "shootout": "weapon_useless"}),         # Table 10 dud
    ("out_of_range", "{shoot: Bo}", dict(bo={"at": "[61, 0]"}), None,
     {"combat": "out_of_range", "shootout": "out_of_range"}),             # B1: 60 yards
    ("cannot_see", "{shoot: Bo}", dict(night=True, bo={"at": "[11, 0]"}), None,
     {"combat": "cannot_see", "shootout": "cannot_see"}),                 # B17: OBS 10 yards
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case, intent, kw, setup, reasons", REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_every_refusal_in_both_kinds_of_turn(kind, case, intent, kw, setup, reasons):
    """The same refusals in both kinds of turn; the one difference is data: a crawling man may
    stop and shoot in a shootout turn (B18(a)), and then fires his careful shot at 12."""
    reason = reasons[kind]
    dice = "to_hit: [19]" if reason is None else "to_hit: []"
    log = fight(scenario(kind, ann_intent=intent, ann_dice=dice, **kw), setup)
    refused = [e.reason for e in of(log, "action_refused")]
    if reason is None:
        assert refused == []
        assert [s.chance for s in of(log, "shot_fired")] == [12]
    else:
        assert refused == [reason]
        assert of(log, "shot_fired") == []


@pytest.mark.parametrize("kind", KINDS)
def test_clearing_a_gun_that_is_not_jammed_is_refused_naming_the_gun(kind):
    log = fight(scenario(kind, ann_intent="{clear_jam: true}", ann_dice="to_hit: []"))
    assert [(e.character, e.action, e.reason, e.target, e.detail)
            for e in of(log, "action_refused")] == [
        ("Ann", "clear_jam", "not_jammed", None, "single-action revolver")]


@pytest.mark.parametrize("kind", KINDS)
def test_reloading_man_reloads_and_does_not_shoot(kind):
    """000 l.494-497: a combat turn of reloading loads Table 14's 3 rounds (5 + 1 = 6, the
    cylinder is full); a single shootout turn gives nothing yet (six in a row make one)."""
    log = fight(scenario(kind, ann={"weapons": "[{type: single_action_revolver, loaded: 5}]"},
                         ann_intent="{shoot: Bo, reload: true}", ann_dice="to_hit: []"))
    assert [(e.rounds, e.loaded) for e in of(log, "reloaded")] == (
        [(1, 6)] if kind == "combat" else [])
    assert of(log, "shot_fired") == []


@pytest.mark.parametrize("kind, switched, shots", [
    ("combat", None, [("Cy", None, 10), ("Cy", None, 10)]),
    ("shootout", 2, [("Cy", 3, 2)]),
])
def test_target_down_turns_the_shot_on_the_next_listed(kind, switched, shots):
    """000 l.80 (combat turn: switch at will, no penalty) and Table 5 / B15 (shootout turn:
    1 count). Bo is down before Ann fires; she listed Bo then Cy, 12 yards off (long, -2).
    Combat: her two careful shots (one at each listed target) both go to Cy, 12 - 2 = 10.
    Shootout: a hipshot, due on count 2 (Table 5), finds Bo down: she switches on count 2 and
    fires on count 3 (10 // 4 + 2 = 4; 12 yards is long on the Any Hipshot row, -2: 2)."""
    intent = "{shoot: [Bo, Cy], shots: [hip]}" if kind == "shootout" else "{shoot: [Bo, Cy]}"
    dice = "to_hit: [19]" if kind == "shootout" else "to_hit: [19, 19]"
    log = fight(scenario(kind, cy={}, ann_intent=intent, ann_dice=dice),
                lambda fs: setattr(fs["Bo"], "condition", "dead"))
    (switch,) = of(log, "target_switched")
    assert (switch.old, switch.new, switch.count, switch.counts) == (
        "Bo", "Cy", switched, 1 if kind == "shootout" else 0)
    assert [(s.target, s.count, s.chance) for s in of(log, "shot_fired")] == shots
    assert of(log, "action_refused") == []


@pytest.mark.parametrize("kind", KINDS)
def test_target_down_turns_on_the_most_dangerous_enemy_in_reach(kind):
    """Bo is down and Ann listed nobody else: she turns on the most dangerous enemy in reach,
    by the rule tactics use (the one likeliest to hit her with a careful shot): Cy, COO 15 and
    Pistol 4, 12 yards off, rather than Dee, COO 8, 10 yards off. Combat: 12 - 2 (long) = 10.
    Shootout: careful shot, 6 counts + 1: count 7, carried into the next turn (B13), which the
    scenario does not have; so the shootout case only checks the switch."""
    text = scenario(kind, cy={"attributes": "{str: 10, coo: 15, obs: 10, sta: 10, luck: 5}",
                              "skills": "{pistol: 4}"})
    text = text.replace("  Gang:\n", "  Gang:\n    - " + flow(
        BO, name="Dee", at="[10, 0]",
        attributes="{str: 10, coo: 8, obs: 10, sta: 10, luck: 5}") + "\n")
    if kind == "shootout":
        text = text.replace("Ann: {to_hit: [19]}", "Ann: {to_hit: []}")
    log = fight(text, lambda fs: setattr(fs["Bo"], "condition", "dead"))
    (switch,) = of(log, "target_switched")
    assert (switch.old, switch.new) == ("Bo", "Cy")
    if kind == "combat":
        (shot,) = of(log, "shot_fired")
        assert (shot.target, shot.chance) == ("Cy", 10)


@pytest.mark.parametrize("kind", KINDS)
def test_nobody_left_in_reach_holds_fire(kind):
    """Bo is down and Cy is beyond the revolver's 60 yards (B1): Ann holds her fire for both
    her declared shots, and the write-up says so once; no refusal, no die."""
    intent = "{shoot: Bo, shots: [hip, hip]}" if kind == "shootout" else "{shoot: Bo, shots: 2}"
    log = fight(scenario(kind, cy={"at": "[70, 0]"}, ann_intent=intent, ann_dice="to_hit: []"),
                lambda fs: setattr(fs["Bo"], "condition", "dead"))
    (switch,) = of(log, "target_switched")
    assert (switch.old, switch.new) == ("Bo", None)
    assert of(log, "shot_fired") == [] and of(log, "action_refused") == []


@pytest.mark.parametrize("yards, new", [(9.5, "Cy"), (10, "Cy"), (10.5, None)])
def test_at_night_the_shot_turns_only_on_a_target_in_sight(yards, new):
    """B17 when a target is down: at night Ann (OBS 10) turns her shot from Bo (down) to Cy
    only if he is no farther than 10 yards (both her careful shots, one listed for each, go
    to Cy); at 10.5 she sees nobody and holds her fire."""
    dice = "to_hit: [19, 19]" if new else "to_hit: []"
    log = fight(scenario("combat", cy={"at": f"[{yards}, 0]"}, night=True,
                         ann_intent="{shoot: [Bo, Cy]}", ann_dice=dice),
                lambda fs: setattr(fs["Bo"], "condition", "dead"))
    (switch,) = of(log, "target_switched")
    assert (switch.old, switch.new) == ("Bo", new)
    assert [s.target for s in of(log, "shot_fired")] == ([new, new] if new else [])
    assert of(log, "action_refused") == []


def test_table_5_counts_and_001_shots_per_turn_agree():
    """Table 5 (000 l.241-259) and 001 l.16: one careful (6 counts), two steady (3), three hip
    (2) or six fanned shots (1) each fill the six counts of a shootout turn."""
    from narrator.rulesets.boothill import tables
    assert {s: (tables.shot_counts(s), tables.shots_per_shootout_turn(s))
            for s in tables.SHOT_TYPES} == {
        "careful": (6, 1), "steady": (3, 2), "hip": (2, 3), "fanned": (1, 6)}


def turns_of(kind: str, n: int, intent: str) -> str:
    return "".join(f"\n  - kind: {kind}\n    intents:\n      Ann: {intent}" for _ in range(n))


def many_turns(text: str, extra: str, turns: int) -> str:
    """``text`` with ``extra`` turns appended after its first, and initiative for them all."""
    text = text.replace("\ndice_fallback:", extra + "\ndice_fallback:")
    return (text.replace("Posse: {initiative: [6]}",
                         "Posse: {initiative: [" + ", ".join(["6"] * turns) + "]}")
            .replace("Gang: {initiative: [1]}",
                     "Gang: {initiative: [" + ", ".join(["1"] * turns) + "]}"))


def test_six_consecutive_shootout_turns_of_reloading_load_a_combat_turns_worth():
    """000 l.497: "it takes six consecutive turns to get any benefit from the reloading". Ann's
    single-action revolver holds 3 of 6 rounds; Table 14 reloads 3 a combat turn. Turns 1-6
    reloading: after the sixth, 3 rounds: 6/6. A shootout turn in which she shoots instead
    (turn 2 of the second try) starts the count again."""
    ann = {"weapons": "[{type: single_action_revolver, loaded: 3}]"}
    text = scenario("shootout", ann=ann, ann_intent="{reload: true}", ann_dice="to_hit: []")
    log = fight(many_turns(text, turns_of("shootout", 5, "{reload: true}"), 6))
    assert [(e.turn, e.rounds, e.loaded) for e in of(log, "reloaded")] == [(6, 3, 6)]
    broken = turns_of("shootout", 1, "{shoot: Bo, shots: [hip]}") + turns_of(
        "shootout", 5, "{reload: true}")
    text = scenario("shootout", ann=ann, ann_intent="{reload: true}", ann_dice="to_hit: [19]")
    log = fight(many_turns(text, broken, 7))
    assert of(log, "reloaded") == []   # 1 turn, a shot, then only 5 in a row


def test_a_jam_is_cleared_over_18_seconds_of_either_kind_of_turn():
    """000 l.407: "Clearing the jam takes three combat turns (18 seconds)". Two shootout turns
    of work (1 second each) leave 17 and 16 seconds; a combat turn (6) 10; two more 4 and 0."""
    text = scenario("shootout", ann_intent="{clear_jam: true}", ann_dice="to_hit: []")
    extra = turns_of("shootout", 1, "{clear_jam: true}") + turns_of("combat", 3,
                                                                      "{clear_jam: true}")
    log = fight(many_turns(text, extra, 5),
                lambda fs: setattr(fs["Ann"].weapons[0], "jammed_seconds", 18))
    assert [e.seconds_left for e in of(log, "jam_worked")] == [17, 16, 10, 4, 0]


@pytest.mark.parametrize("redraw, draws, count", [
    ("normal", [("fast", False, 2), ("normal", True, 5)], 6),
    ("fast", [("fast", False, 2), ("fast", True, 2)], 3),
])
def test_after_a_failed_fast_draw_he_redraws_as_declared(redraw, draws, count):
    """000 l.215 ("the Character can again attempt a Fast Draw, or they can elect to do a
    normal draw"), B18(f). Ann, Fast Draw 5, rolls 10: failed, 2 counts (Table 5). Redrawing
    normally takes 3 more: ready on count 5, her fanned shot (1 count) on count 6. Redrawing
    fast, a 4 succeeds (0 counts): the fanned shot on count 3."""
    text = scenario("shootout", ann={"drawn": "false", "skills": "{pistol: 2, fast_draw: 5}"},
                    ann_intent=f"{{shoot: Bo, shots: [fanned], draw: fast, redraw: {redraw}}}",
                    ann_dice="to_hit: [19], fast_draw: [10"
                             + (", 4]" if redraw == "fast" else "]"))
    log = fight(text)
    assert [(e.draw, e.success, e.ready) for e in of(log, "draw_made")] == draws
    assert [s.count for s in of(log, "shot_fired")] == [count]


def test_a_list_of_targets_in_a_shootout_turn_spreads_the_shots():
    """Table 5: switching targets takes 1 count. ``shoot: [Bo, Cy], shots: [hip, hip]``: the
    first hipshot at Bo on count 2, the switch, the second at Cy on count 2 + 1 + 2 = 5.
    Hipshot 10 // 4 + 2 = 4 (B2); Bo 8 yards and Cy 12 yards are both long on the Any Hipshot
    row (6/12/36, B1), -2: 2 and 2."""
    log = fight(scenario("shootout", cy={}, ann_intent="{shoot: [Bo, Cy], shots: [hip, hip]}",
                         ann_dice="to_hit: [19, 19]"))
    assert [(s.count, s.target, s.chance) for s in of(log, "shot_fired")] == [
        (2, "Bo", 2), (5, "Cy", 2)]
    (switch,) = of(log, "target_switched")
    assert (switch.count, switch.old, switch.new, switch.old_down) == (5, "Bo", "Cy", False)
    declared = of(log, "intent_declared")[0]
    assert declared.targets == ("Bo", "Cy")


# =====================================================================================
# Rules of 001 added: jumps, bad footing, complete darkness, thrown weapons picked up again
# (Tactics retries: tests/test_rules_edges.py)
# =====================================================================================

RUN = {"combat": 24.0, "shootout": 4.0}   # running on foot: Table 3, Table 7 (yards a turn)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("roll, outcome, moved", [(10, "landed", 0.5), (11, "stumbled", 0.0)])
def test_a_jump_is_a_coordination_check(kind, roll, outcome, moved):
    """001 l.56-57: a significant jump (8 feet) is a Coordination check (COO 10): made (10), it
    uses up half the move and he goes on: running 24 yards (Table 3) or 4 (Table 7), halved,
    12 or 2; failed (11), he stumbles and his move ends where it began."""
    log = fight(scenario(kind, ann_intent="{move: {gait: running, to: [-40, 0], jump: 8}}",
                         ann_dice=f"coordination: [{roll}]"))
    (jump,) = of(log, "jumped")
    assert (jump.feet, jump.roll, jump.coo, jump.outcome, jump.luck_roll) == (
        8, roll, 10, outcome, None)
    (move,) = of(log, "moved")
    assert (move.allowance, move.distance) == (
        RUN[kind] / 2 if moved else RUN[kind], RUN[kind] * moved)


@pytest.mark.parametrize("coo_roll, luck_roll, outcome, location, points", [
    (7, 5, "landed", None, 0),          # both made
    (7, 6, "shaken", None, 0),          # Coordination only: unhurt (the GM says what broke)
    (15, 5, "twisted_ankle", None, 0),  # Luck only: a scratch, the move ends
    (15, 6, "hurt", "left_leg", 1),     # both failed: a light wound, odd roll: left leg
    (16, 20, "hurt", "right_leg", 1),   # ... even roll: right leg
])
def test_a_jump_of_more_than_12_feet_checks_luck_too(coo_roll, luck_roll, outcome, location,
                                                     points):
    """001 l.57-59 and errata B18(g): more than 12 feet (here 20), a Coordination check (COO
    10) and a Luck check (Luck 5). Both failed: a light wound in a leg, 1 wound point (ruled,
    [jumping] in tables_combat.toml), which counts -1 to hit from then on (Table 2)."""
    log = fight(scenario("combat", ann_intent="{move: {gait: running, to: [-40, 0], jump: 20}}",
                         ann_dice=f"coordination: [{coo_roll}], luck: [{luck_roll}]"))
    (jump,) = of(log, "jumped")
    assert (jump.outcome, jump.location, jump.wound_points, jump.total_wound_points) == (
        outcome, location, points, points)
    (move,) = of(log, "moved")
    assert move.distance == (12.0 if coo_roll <= 10 else 0.0)
    (status,) = [s for s in of(log, "turn_ended")[0].status if s.name == "Ann"]
    assert [(w.location, w.severity) for w in status.wounds] == (
        [(location, "light")] if location else [])


@pytest.mark.parametrize("before, passes_out", [(9, False), (10, True)])
def test_a_hurt_jump_can_take_a_man_past_his_strength(before, passes_out):
    """000 l.433: wound points above STR (10) and he passes out; the jump's light wound (1
    point, B18(g)) does it from 10 points, not from 9."""
    log = fight(scenario("combat", ann_intent="{move: {gait: running, to: [-40, 0], jump: 20}}",
                         ann_dice="coordination: [15], luck: [6]"),
                lambda fs: setattr(fs["Ann"], "wound_points", before))
    assert [(e.character, e.wound_points, e.capacity) for e in of(log, "passed_out")] == (
        [("Ann", 11, 10)] if passes_out else [])
    (status,) = [s for s in of(log, "turn_ended")[0].status if s.name == "Ann"]
    assert status.condition == ("passed_out" if passes_out else "active")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("roll, prone, moved", [(10, False, 0.25), (11, True, 0.0)])
def test_bad_footing_is_a_coordination_check_faster_than_a_walk(kind, roll, prone, moved):
    """001 l.61: on really bad footing, moving faster than a walk, a Coordination check (COO
    10) to stay on his feet. Made (10): the distance is halved (Table 3, terrible footing) and
    he runs on: 24 or 4 yards, halved, 12 or 2 (a quarter of the way there: 0.25). Failed
    (11): he falls prone where he stands."""
    log = fight(scenario(kind, ann_intent="{move: {gait: running, to: [-48, 0], "
                                          "terrible_footing: true}}",
                         ann_dice=f"coordination: [{roll}]"))
    (check,) = of(log, "footing_checked")
    assert (check.gait, check.roll, check.success) == ("running", roll, not prone)
    (move,) = of(log, "moved")
    assert (move.prone, move.distance) == (prone, RUN[kind] * moved * (2 if moved else 1))


def test_walking_on_bad_footing_needs_no_check():
    """001 l.61: only faster than a walk; walking 6 yards (Table 3), halved: 3, no die."""
    log = fight(scenario("combat", ann_intent="{move: {gait: walking, to: [-10, 0], "
                                              "terrible_footing: true}}", ann_dice=""))
    assert of(log, "footing_checked") == []
    assert of(log, "moved")[0].distance == 3.0


@pytest.mark.parametrize("kind", KINDS)
def test_shots_from_complete_darkness_completely_surprise_the_target(kind):
    """000 l.541: "Firing from complete darkness always causes complete surprise." Ann stands
    in darkness and shoots at Bo; nobody declared Bo surprised, yet he is, completely: in a
    shootout turn his hipshot's speed is COO 10 + 1 (fast weapon, Table 6) - 4 = 7."""
    bo_intent = "{shoot: Ann, shots: [hip]}" if kind == "shootout" else "{shoot: Ann}"
    log = fight(scenario(kind, ann={"in_darkness": "true"}, bo_intent=bo_intent,
                         extra_dice="  Bo: {to_hit: [19]}\n"))
    (surprise,) = of(log, "surprised_from_darkness")
    assert (surprise.character, surprise.shooter) == ("Bo", "Ann")
    if kind == "shootout":
        bo = [a for c in of(log, "count_resolved") for a in c.actors if a.character == "Bo"]
        assert [(bo[0].speed, [(m.name, m.value) for m in bo[0].modifiers])] == [
            (7, [("completely_surprised", -4), ("weapon_fast", 1)])]


def test_a_dark_landmark_puts_its_man_in_darkness():
    """A landmark with ``dark: true``: Ann walks into the dark doorway in turn 1 and shoots
    from it in turn 2: Bo is completely surprised in turn 2 only."""
    text = scenario("combat", ann_intent="{move: {gait: walking, to: doorway}}", ann_dice=
                    "to_hit: [19]")
    text = text.replace("sides:", "map:\n  doorway: {at: [0, 3], dark: true}\nsides:")
    log = fight(many_turns(text, turns_of("combat", 1, "{shoot: Bo}"), 2))
    assert [(e.turn, e.character) for e in of(log, "surprised_from_darkness")] == [(2, "Bo")]


@pytest.mark.parametrize("kind", KINDS)
def test_a_thrown_knife_is_picked_up_again(kind):
    """Errata B18(i): a thrown weapon lies where it fell; a character who reaches it picks it
    up as his action. Ann (Throwing 2) throws her knife at Bo 1 yard off (point blank; a thrown
    weapon takes 0 there, B3): COO 10 + 2 = 12, rolls 19, a miss; the knife lies at Bo's feet,
    [1, 0]. Turn 2 she walks 1 yard there (Table 3 6, Table 7 1) and picks it up; turn 3 she
    throws it again."""
    ann = {"skills": "{throwing: 2}", "weapons": "[{type: thrown_knife}]"}
    text = scenario(kind, ann=ann, bo={"at": "[1, 0]"}, ann_dice="to_hit: [19, 19]")
    extra = (turns_of(kind, 1, "{pick_up: true, move: {gait: walking, to: [1, 0]}}")
             + turns_of(kind, 1, "{shoot: Bo}"))
    log = fight(many_turns(text, extra, 3))
    (picked,) = of(log, "weapon_picked_up")
    assert (picked.turn, picked.weapon, picked.at) == (2, "thrown knife", (1.0, 0.0))
    assert [(s.turn, s.chance, s.rounds_left) for s in of(log, "shot_fired")] == [
        (1, 12, 0), (3, 12, 0)]


def test_a_thrown_knife_out_of_reach_is_not_picked_up():
    """B18(i): he must reach it: 3 yards off, he is refused (and the knife stays down)."""
    ann = {"skills": "{throwing: 2}", "weapons": "[{type: thrown_knife}]"}
    text = scenario("combat", ann=ann, bo={"at": "[2, 0]"}, ann_dice="to_hit: [19]")
    log = fight(many_turns(text, turns_of("combat", 1, "{pick_up: true, move: {gait: "
                                                       "walking, to: [-1, 0]}}"), 2))
    assert [(e.reason, e.detail) for e in of(log, "action_refused")] == [
        ("not_there", "thrown knife lies 3.0 yards away")]


@pytest.mark.parametrize("intent, message", [
    ("{move: {gait: running, jump: 0}}", "turns[0].intents.Ann.move.jump: should be at "
                                         "least 1 (got 0)"),
    ("{move: {gait: running, jump: 8, jump_down: true}}", "declare jump (feet"),
    ("{pick_up: true}", "nobody carries a thrown weapon for Ann to pick up"),
])
def test_new_fields_are_validated_with_located_errors(intent, message):
    from narrator.errors import ScenarioError
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(scenario("combat", ann_intent=intent), "s.yaml")
    assert message in err.value.one_line()
    assert (err.value.line, err.value.column) >= (10, 1)


@pytest.mark.parametrize("kind", KINDS)
def test_a_failed_tactics_check_is_tried_again_in_either_kind_of_turn(kind):
    """001 l.36-37, errata B18(h): Ann (Tactics 10) fails at the start of the fight (11) and
    tries again at the start of turn 2 (7, a success): the Posse's turn-2 roll 2 + 1 = 3 beats
    the Gang's 2 with no reroll (without the +1 it would have been a tie)."""
    text = scenario(kind, ann={"skills": "{pistol: 2, tactics: 10}"},
                    ann_intent="{other: waits}", ann_dice="tactics: [11, 7]")
    text = many_turns(text, turns_of(kind, 1, "{other: waits}"), 2).replace(
        "Gang: {initiative: [1, 1]}", "Gang: {initiative: [1, 2]}").replace(
        "Posse: {initiative: [6, 6]}", "Posse: {initiative: [6, 2]}")
    log = fight(text)
    assert [(e.turn, e.roll, e.success) for e in of(log, "tactics_checked")] == [
        (None, 11, False), (2, 7, True)]
    second = of(log, "initiative_rolled")[1]
    assert [[(r.side, r.roll, r.bonus, r.total) for r in rnd] for rnd in second.rounds] == [
        [("Posse", 2, 1, 3), ("Gang", 2, 0, 2)]]


def wounds(*spec: tuple[str, str, int]) -> Callable:
    def setup(fighters: dict[str, Fighter]) -> None:
        for loc, sev, pts in spec:
            wound("Ann", loc, sev, pts)(fighters)
    return setup


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("arms, chance", [
    (("right_arm",), 6),               # one arm useless: fired one-handed, -2 (001 l.27)
    (("left_arm",), 6),                # ... whichever arm it is
    (("right_arm", "left_arm"), 4),    # both: the l.24 exception, both hands on it, no -2
])
def test_a_long_arm_with_a_seriously_wounded_arm(kind, arms, chance):
    """001 l.27: the wrong-hand -2 "also applies when a rifle is fired with only one hand,
    regardless of which hand it is". Ann, COO 10 + Rifle 2 = 12, lever-action rifle at 8 yards
    (short, 0): one serious arm wound -4 and one-handed -2: 6. Both arms seriously wounded
    (-8): 4, and no wrong hand, since by l.24 a man wounded in both arms still uses his hands
    (narrator's reading, as for a pistol)."""
    log = fight(scenario(kind, ann={"skills": "{rifle: 2}",
                                    "weapons": "[{type: lever_action_rifle}]"}),
                wounds(*((a, "serious", 4) for a in arms)))
    (shot,) = of(log, "shot_fired")
    assert shot.chance == chance
    assert ("wrong_hand" in [m.name for m in shot.modifiers]) == (len(arms) == 1)
