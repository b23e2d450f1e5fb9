"""Tests written for mutants that survived ``mutmut run`` (see pyproject ``[tool.mutmut]``):
each pins a rule, a die or an edge of the play-by-post saver or the Discord splitter that no
other test pinned. Sources as elsewhere: ``000``/``001``/``003`` are the rules texts under
``../shared/sources/``, ``B<n>`` the rulings of ``../shared/errata.md``."""

from __future__ import annotations

import pytest

from narrator.rulesets.boothill import hit, tables


# ------------------------------------------------------------ one base chance (B2, Table 1/4)

@pytest.mark.parametrize("shot_type, pooled, parts", [
    # COO 15, Pistol 3 (a revolver), Pistol for fanning
    ("careful", False, [("coo", 15, "table"), ("pistol", 3, "table")]),            # 15 + 3
    ("steady", False, [("coo_half", 8, "table"), ("pistol", 3, "table")]),         # ceil(7.5)
    ("hip", False, [("coo_quarter", 3, "table"), ("pistol", 3, "table")]),         # floor(3.75)
    ("hip", True, [("coo_skill_quarter", 4, "house rule")]),                       # 18 // 4
    ("fanned", False, [("fanned", 3, "table")]),                                   # max(1, 3)
])
def test_the_engine_and_tactics_share_one_base_chance(shot_type, pooled, parts):
    """The engine's named terms (``hit.base_parts``, shown in the write-up) and the number
    tactics estimates with (``tables.base_chance``) come from one formula, ``tables.base_terms``
    (B2: careful COO + skill, steady ceil(COO/2) + skill, hip floor(COO/4) + skill, pooled
    floor((COO + skill)/4), fanned max(1, Pistol))."""
    sit = hit.ShotSituation(shot_type, "short", pooled_hipshot=pooled)
    got = hit._base_parts(sit, 15, "pistol", 3, 3)
    assert [(m.name, m.value, m.source) for m in got] == parts
    assert tables.base_chance(shot_type, 15, 3, pooled) == sum(v for _, v, _ in parts)


def test_fanning_with_no_pistol_skill_is_still_a_chance_of_1():
    """Table 4 "1, or Pistol Skill" (000 l.239), B2: max(1, Pistol)."""
    assert tables.base_terms("fanned", 17, 0) == (("fanned", 1),)
    assert tables.base_terms("fanned", 17, 1) == (("fanned", 1),)
    assert tables.base_terms("fanned", 17, 2) == (("fanned", 2),)
    with pytest.raises(ValueError):
        tables.base_terms("aimed", 17, 2)


# ------------------------------------------------------------ living cover (B10)

@pytest.mark.parametrize("d6, severity, bolts", [(1, "scratch", False), (2, "light", True)])
def test_a_horse_bolts_when_wounded_not_when_scratched(d6, severity, bolts):
    """B10 ruling: living cover takes the hit and runs off when wounded (``bolts_when_hit``).
    Ann throws a knife (Table 14 wound modifier -1) at Bo, 3 yards off behind a horse covering
    his legs (2 yards or nearer, it would cover nothing: ruling BN7): d20 2 hits (COO 10 +
    Throwing 5, short range); location 1, left leg, covered:
    the horse is hit. Severity d6 1 - 1 (leg) - 1 (knife) = -1: a scratch, the horse stays;
    d6 2: 0, a light wound, the horse bolts and Bo loses his cover."""
    from test_rules_edges import duel, fight, of, person

    ann = person(skills="{throwing: 5}", weapons="[{type: thrown_knife}]")
    bo = person(at="[3, 0]", extra=", cover: {locations: [legs], by: horse, alive: true, "
                                   "bolts_when_hit: true}")
    log = fight(duel(ann, bo, "{shoot: Bo}",
                     f"Ann: {{to_hit: [2], location: [1], severity: [{d6}]}}"))
    (hit_,) = of(log, "cover_hit")
    assert (hit_.location, hit_.severity_roll, hit_.severity_total, hit_.severity,
            hit_.bolted) == ("left_leg", d6, d6 - 2, severity, bolts)
    assert of(log, "wound_taken") == []


# ------------------------------------------------------------ Violence modifiers, every field

def _fields(mods):
    return [(m.name, m.value, m.source, m.why, m.times) for m in mods]


def test_violence_shooting_modifiers_name_count_and_source():
    """003 l.15: +1 per shot beyond the first (times = the extra shots), +2 per tag (why =
    the tag's name), all from the table."""
    from narrator.rulesets.violence import rules as vrules
    assert _fields(vrules.shooting_modifiers(3, ["Gunslinger", "Steady"])) == [
        ("extra_shots", 2, "table", "", 2), ("tag", 2, "table", "Gunslinger", 1),
        ("tag", 2, "table", "Steady", 1)]
    assert _fields(vrules.shooting_modifiers(1, [])) == []


def test_violence_injury_and_after_fight_modifiers_name_count_and_source():
    """003 l.19-22, 28: +2 per Injury (times = Injuries); the calibre's bonus with its band
    (buckshot shown even at 0, at long range)."""
    from narrator.rulesets.violence import rules as vrules
    assert _fields(vrules.injury_modifiers(2, "revolver", "medium")) == [
        ("injuries", 4, "table", "", 2), ("calibre_revolver", 2, "table", "medium", 1)]
    assert _fields(vrules.injury_modifiers(0, "buckshot", "long")) == [
        ("calibre_buckshot", 0, "table", "long", 1)]
    assert _fields(vrules.injury_modifiers(0, "none", "close")) == []
    assert _fields(vrules.after_fight_modifiers(3)) == [("injuries", 6, "table", "", 3)]
    assert _fields(vrules.after_fight_modifiers(0)) == []


# ------------------------------------------------------------ the saver's scalars

@pytest.mark.parametrize("text, written", [
    ("Dan", "Dan"),                                           # plain where it reads back
    ("O'Hara", "O'Hara"),
    ("it's: here", "'it''s: here'"),                          # a colon: single quotes, '' for '
    ('"Dirty Dan" McGrew', "'\"Dirty Dan\" McGrew'"),
    ("true", "'true'"), ("12", "'12'"), ("a  b", "'a  b'"), (" lead", "' lead'"),
    ("tab\there", '"tab\\u0009here"'),                        # unprintable: double quotes
    ('back\\slash "q" \x07', '"back\\\\slash \\"q\\" \\u0007"'),
    ("x\x1f", '"x\\u001f"'), ("del\x7f", '"del\\u007f"'), ("nel\x85", '"nel\\u0085"'),
    ("\x9f", '"\\u009f"'), ("ls\u2028", '"ls\\u2028"'),
    ("X\x07", '"X\\u0007"'),                                  # only quote and backslash escaped
    ("nb\xa0sp\x07", '"nb\xa0sp\\u0007"'),                    # U+00A0 prints in YAML: kept
    ("\ud800", '"\\ud800"'), ("\udfff", '"\\udfff"'),         # surrogates: escaped
    ("\ue000\x07", '"\ue000\\u0007"'),                       # U+E000 prints in YAML: kept
])
def test_the_saver_writes_each_text_as_a_scalar_that_reads_back(text, written):
    """``saver.scalar`` (names and words in the records and ``state:``): plain when that reads
    back, single-quoted when every character prints, else double-quoted with backslash and
    quote escaped and control, C1 and line-separator characters as ``\\uXXXX``."""
    from ruamel.yaml import YAML

    from narrator.scenario.saver import scalar
    assert scalar(text) == written
    assert YAML(typ="safe", pure=True).load(f"k: {written}\n") == {"k": text}


@pytest.mark.parametrize("line, comment", [
    ("  x: 1  # keep\r\n", "# keep"),                 # the line ending is not the comment's
    ("# top\x85", "# top"), ("\t# tab", "# tab"),
    ("a: 'it''s # not' # yes\n", "# yes"),            # a '' inside single quotes
    ('b: "q \\" # no" # yes\u2028', "# yes"),          # an escaped quote inside double quotes
    ("c: [x, '#y'] #z", "#z"),
    ("a#b: 1", None),                                  # a # inside a word
], ids=["crlf", "nel", "tab", "single-quoted", "double-quoted", "flow", "in-a-word"])
def test_the_saver_finds_the_comment_ending_a_line(line, comment):
    """``saver.comment_of``: the GM's comment on a ``state:`` line, kept when the line is
    rewritten: a ``#`` at the start or after a space or tab, outside quotes, without the
    line's ending."""
    from narrator.scenario.saver import comment_of
    assert comment_of(line) == comment


def test_the_saver_refuses_an_empty_scenario():
    from narrator.errors import ScenarioError
    from narrator.scenario.saver import _tree
    for text in ("", "# only a comment\n"):
        with pytest.raises(ScenarioError, match="^the scenario is empty$"):
            _tree(text)


def test_the_saver_refuses_a_splice_that_would_change_other_lines(monkeypatch):
    """``record_turn`` reads its output back before anything is written (``saver._verify``):
    the old data plus exactly the record and ``state:``. A splice that changed another line,
    or left text that is no YAML, is refused ("nothing was written"); this net is what stands
    between a layout the splicer gets wrong and a corrupted scenario file."""
    from narrator.errors import ScenarioError
    from narrator.scenario import saver

    text = "a: 1\nturns:\n- intents: {}\n"
    record = {"hash": "abc", "rolls": {"Ann": {"to_hit": [3]}}}
    good = saver.record_turn(text, 0, record, {"turn": 1}, path="x.yaml")
    assert good == ("a: 1\nturns:\n- intents: {}\n  resolved:\n    hash: abc\n    rolls:\n"
                    "      Ann: {to_hit: [3]}\nstate:\n  turn: 1\n")
    # a record for the turn after the last: one new `- intents: {}` entry carrying it
    assert saver.record_turn(text, 1, {"hash": "abc", "rolls": {}}, {"turn": 2}) == (
        "a: 1\nturns:\n- intents: {}\n- intents: {}\n  resolved:\n    hash: abc\n"
        "    rolls: {}\nstate:\n  turn: 2\n")
    for spliced, message in ((good.replace("a: 1", "a: 2"), "without changing other lines"),
                             (good + "b: [\n", "cannot record the turn in this file's layout (")):
        monkeypatch.setattr(saver, "_splice", lambda *args, s=spliced: s)
        with pytest.raises(ScenarioError, match="nothing was written") as err:
            saver.record_turn(text, 0, record, {"turn": 1}, path="x.yaml")
        assert message in err.value.message and err.value.path == "x.yaml"


# ------------------------------------------------------------ handedness (001 l.23-27)

@pytest.mark.parametrize("hand, gun, off", [
    ("right", ("right_arm", "right_shoulder"), ("left_arm", "left_shoulder")),
    ("left", ("left_arm", "left_shoulder"), ("right_arm", "right_shoulder")),
])
def test_the_gun_arm_and_the_off_arm_follow_handedness(hand, gun, off):
    """``Fighter.gun_arm`` / ``off_arm`` (the arm and shoulder of each hand, from the
    character's handedness): a left-handed man's off arm is his right. 001 l.23-27 through
    ``hit.wrong_hand``: a serious wound in the gun arm makes him fire with the other hand
    (wrong hand), one in the off arm leaves the gun hand (no penalty)."""
    from test_tables import make_fighter

    f = make_fighter(handedness=hand)
    assert (f.gun_arm, f.off_arm) == (gun, off)
    sit = hit.ShotSituation("careful", "short")
    for location, wrong in ((gun[0], True), (off[0], False), (off[1], False)):
        w = make_fighter(handedness=hand, wounds=[(location, "serious")])
        assert hit.wrong_hand(w, w.weapons[0], sit) is wrong, location


def test_the_saver_keeps_the_gms_comments_in_state_byte_for_byte():
    """``saver._with_comments``: when ``state:`` is rewritten, a comment ending a line stays
    on that key's line as written (the spaces before it, trailing spaces and all; fresh user
    12), a whole-line comment stays before the key after it."""
    from narrator.scenario import saver

    text = ("a: 1\nturns:\n- intents: {}\n- intents: {}\nstate:\n"
            "  turn: 1   # after turn one XX  \n  # the men\n  characters: # who X\n"
            "    Ann: {wound_points: 2}\n")
    out = saver.record_turn(text, 1, {"hash": "abc", "rolls": {}},
                            {"turn": 2, "characters": {"Ann": {"wound_points": 3}}})
    assert out == ("a: 1\nturns:\n- intents: {}\n- intents: {}\n  resolved:\n    hash: abc\n"
                   "    rolls: {}\nstate:\n  turn: 2   # after turn one XX  \n  # the men\n"
                   "  characters: # who X\n    Ann:\n      wound_points: 3\n")


def test_the_saver_leaves_an_empty_turn_where_redo_drops_a_turn_that_was_only_its_record():
    """``--redo`` (``drop_from``) discards the records of the later turns; a turn entry that
    held nothing but its record keeps its place as ``- intents: {}`` (not an empty entry,
    which would read back as null)."""
    from narrator.scenario import saver

    text = ("a: 1\nturns:\n- intents: {}\n  resolved:\n    hash: old\n"
            "- resolved:\n    hash: two\n")
    assert saver.record_turn(text, 0, {"hash": "new"}, {"turn": 1}, drop_from=0) == (
        "a: 1\nturns:\n- intents: {}\n  resolved:\n    hash: new\n- intents: {}\n"
        "state:\n  turn: 1\n")


# ------------------------------------------------------------ shootout turns (B13-B15, Table 5)

def _shootout_text(sides: dict[str, list[str]], turns: list[tuple[str, dict[str, str]]],
                   dice: str = "", house: str = "", seeded: bool = False) -> str:
    """A scenario: ``sides`` (side -> the characters' flow mappings without braces) through
    ``turns`` ((kind, {name: intent})); the Posse wins initiative every turn (a ruling). The
    rolls come from ``dice``; the others are an error unless ``seeded``."""
    lines = ["title: shootout", "seed: 7", "sides:"]
    for side, men in sides.items():
        lines += [f"  {side}:"] + [f"    - {{{m}}}" for m in men]
    lines.append("turns:")
    for kind, intents in turns:
        lines += [f"  - kind: {kind}", "    intents:"]
        lines += [f"      {who}: {it}" for who, it in intents.items()]
    lines.append("rulings:")
    lines += [f"  - {{turn: {n}, initiative: {{Posse: 2, Gang: 1}}, why: test}}"
              for n in range(1, len(turns) + 1)]
    if house:
        lines.append(f"house_rules: {house}")
    lines.append(f"dice_fallback: {'seeded' if seeded else 'error'}")
    if dice.strip():
        lines.append("dice:" + "".join(f"\n  {d}" for d in dice.strip().splitlines()))
    return "\n".join(lines) + "\n"


def _shootout(sides: dict[str, list[str]], turns: list[tuple[str, dict[str, str]]],
              dice: str = "", house: str = ""):
    """Fight ``_shootout_text``; every roll must come from ``dice``."""
    from test_rules_edges import fight
    return fight(_shootout_text(sides, turns, dice, house))


def _man(name: str, **kw) -> str:
    from test_rules_edges import person
    return f"name: {name}, " + person(**kw)


def _plan(log, turn: int = 1):
    from test_rules_edges import of
    (planned,) = of(log, "counts_planned", turn=turn)
    return [(p.character, p.action, p.shot_type, p.start, p.due,
             [(m.name, m.value, m.source) for m in p.counts]) for p in planned.plan]


def test_weapon_speed_counts_fall_on_the_first_shot_after_the_draw_not_on_the_cock():
    """House rule ``weapon_speed_counts`` (a weapon's speed class costs counts before its
    first shot; the single-action revolver is fast: 1 count). Ann's fast draw (Fast Draw 8,
    roll 1) succeeds on count 0; she cocks (Table 5: 1 count, count 1) and fires a hipshot
    (2, - 1 for the cocked gun, + 1 for the fast gun): count 3. The cock is no shot: the
    weapon's counts are not charged to it."""
    log = _shootout({"Posse": [_man("Ann", skills="{pistol: 2, fast_draw: 8}")],
                     "Gang": [_man("Bo", at="[3, 0]")]},
                    [("shootout", {"Ann": "{shoot: Bo, draw: fast, cock: true, shots: [hip]}"})],
                    "Ann: {fast_draw: [1], to_hit: [19]}", house="{weapon_speed_counts: true}")
    assert _plan(log) == [
        ("Ann", "cock", None, 0, 1, [("cock", 1, "table")]),
        ("Ann", "shot", "hip", 1, 3, [("hip", 2, "table"), ("cocked", -1, "table"),
                                      ("weapon_fast", 1, "house rule")])]
    from test_rules_edges import of
    assert [s.count for s in of(log, "shot_fired")] == [3]


def test_the_count_schedule_lists_everyone_up_after_a_man_down():
    """Turn 1 (combat): Bo kills Ann (roll 4 <= 12; location 19, head; d6 5 + 1 = 6, mortal;
    Luck 20 > 5, Strength 20 > 10: killed). Turn 2 (shootout): Ann, first of the fighters,
    is down; Cy and Bo, guns in hand, each plan a hipshot due on count 2 (Table 5: 2 counts),
    and both are in the schedule."""
    log = _shootout({"Posse": [_man("Ann", extra=", drawn: true"),
                               _man("Cy", at="[0, 2]", extra=", drawn: true")],
                     "Gang": [_man("Bo", at="[8, 0]", extra=", drawn: true")]},
                    [("combat", {"Bo": "{shoot: Ann}"}),
                     ("shootout", {"Cy": "{shoot: Bo, shots: [hip]}",
                                   "Bo": "{shoot: Cy, shots: [hip]}"})],
                    "Bo: {to_hit: [4, 19], location: [19], severity: [5]}\n"
                    "Ann: {luck: [20], strength: [20]}\nCy: {to_hit: [19]}")
    assert _plan(log, 2) == [("Cy", "shot", "hip", 0, 2, [("hip", 2, "table")]),
                             ("Bo", "shot", "hip", 0, 2, [("hip", 2, "table")])]


def test_a_weapon_changed_in_a_shootout_turn_is_drawn_first():
    """Ann has her revolver in hand and declares her derringer: the derringer is drawn (a
    normal draw, Table 5: 3 counts, 000 l.211, B13) and her hipshot (2 counts) comes on
    count 5."""
    from test_rules_edges import of
    log = _shootout({"Posse": [_man("Ann", weapons="[{type: single_action_revolver}, "
                                                   "{type: derringer}]", extra=", drawn: true")],
                     "Gang": [_man("Bo", at="[2, 0]")]},
                    [("shootout", {"Ann": "{shoot: Bo, weapon: derringer, shots: [hip]}"})],
                    "Ann: {to_hit: [19]}")
    assert [(d.draw, d.weapon, d.counts, d.ready) for d in of(log, "draw_made")] == [
        ("normal", "derringer", 3, 3)]
    assert [(s.weapon_type, s.count) for s in of(log, "shot_fired")] == [("derringer", 5)]


def test_a_blow_at_a_man_shot_down_first_is_refused_on_its_count():
    """Shootout turn: Ann strikes at Bo, 1 yard off (a blow: 2 counts, B19); Cy fans at Bo
    (1 count): roll 1 hits on count 1, head, d6 5 + 1 = 6 mortal, Luck 20 and Strength 20
    fail: Bo is killed. On count 2 Ann's blow finds him down: refused (B15), on turn 1,
    count 2."""
    from test_rules_edges import of
    log = _shootout({"Posse": [_man("Ann", coo=12, skills="{brawling: 2}"),
                               _man("Cy", at="[0, 3]", extra=", drawn: true")],
                     "Gang": [_man("Bo", at="[1, 0]")]},
                    [("shootout", {"Ann": "{strike: Bo}",
                                   "Cy": "{shoot: Bo, shots: [fanned]}"})],
                    "Cy: {to_hit: [1], location: [19], severity: [5]}\n"
                    "Bo: {luck: [20], strength: [20]}")
    assert [(r.turn, r.count, r.character, r.action, r.reason, r.target, r.detail)
            for r in of(log, "action_refused")] == [
        (1, 2, "Ann", "strike", "target_down", "Bo", "dead")]
    assert of(log, "blow_struck") == []


def test_two_men_who_kill_each_other_at_the_same_moment_lose_their_next_shots():
    """B14: Ann and Bo, both speed 11 (COO 10, fast revolver +1), fire their first hipshots
    together on count 2: each rolls 1 (chance 4), head, d6 5 + 1 = 6, mortal; Luck 20 and
    Strength 20 fail: both killed. B15: each loses his second hipshot, on turn 1, count 2."""
    from test_rules_edges import of
    killed = "to_hit: [1], location: [19], severity: [5], luck: [20], strength: [20]"
    log = _shootout({"Posse": [_man("Ann", extra=", drawn: true")],
                     "Gang": [_man("Bo", at="[3, 0]", extra=", drawn: true")]},
                    [("shootout", {"Ann": "{shoot: Bo, shots: [hip, hip]}",
                                   "Bo": "{shoot: Ann, shots: [hip, hip]}"})],
                    f"Ann: {{{killed}}}\nBo: {{{killed}}}")
    (c2,) = of(log, "count_resolved")
    assert (c2.turn, c2.count, c2.groups) == (1, 2, (("Ann", "Bo"),))
    assert [(e.turn, e.count, e.character, e.actions, e.condition)
            for e in of(log, "actions_lost")] == [(1, 2, "Ann", 1, "dead"), (1, 2, "Bo", 1, "dead")]


def test_a_shootout_fought_with_its_records_off_ends_as_with_them():
    """``batch.fight_summary`` fights an unscripted scenario by the lean path (the engine with
    its records off, which orders each count by speed without notes): the same ending, shots
    and hits as the recorded fight, seed by seed, over several shootout turns."""
    from narrator import batch
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text

    ld = load_scenario_text(_shootout_text(
        {"Posse": [_man("Ann", skills="{pistol: 3, fast_draw: 6}")],
         "Gang": [_man("Bo", at="[5, 0]"), _man("Cy", at="[6, 2]")]},
        [("shootout", {"Ann": "{shoot: [Bo, Cy], draw: fast, shots: [hip, hip]}",
                       "Bo": "{shoot: Ann, shots: [hip]}",
                       "Cy": "{shoot: Ann, shots: [steady]}"})] * 3, seeded=True))
    for seed in range(1, 9):
        full = batch.summarize(run_fight(ld, seed, dice_fallback="seeded"))
        assert batch.fight_summary(ld, seed) == full, seed


def test_a_free_text_action_in_a_shootout_turn_is_told_as_declared():
    """A shootout turn's free-text action (``other``) is the GM's to tell: it is recorded on
    its turn, under its character, word for word."""
    from test_rules_edges import of
    log = _shootout({"Posse": [_man("Ann")], "Gang": [_man("Bo", at="[8, 0]")]},
                    [("shootout", {"Ann": "{other: tips over a table}"})])
    assert [(e.turn, e.character, e.text) for e in of(log, "other_action")] == [
        (1, "Ann", "tips over a table")]


def test_a_shot_carried_into_the_next_shootout_turn_and_declared_again_is_kept():
    """Ann draws normally (Table 5: 3 counts) and declares two steady shots (3 each): the
    first on count 6, the second due on count 9, past the turn: carried (B13, "counts past 6
    carry into the next shootout turn"), due on the next turn's count 3. In turn 2 she
    declares the same steady shot at Bo: it is the one carried, not given up (no
    "redeclared"), and it goes off on count 3."""
    from test_rules_edges import of
    log = _shootout({"Posse": [_man("Ann")], "Gang": [_man("Bo", at="[8, 0]")]},
                    [("shootout", {"Ann": "{shoot: Bo, shots: [steady, steady]}"}),
                     ("shootout", {"Ann": "{shoot: Bo, shots: [steady]}"})],
                    "Ann: {to_hit: [19, 19]}")
    assert [(e.turn, e.character, e.actions, e.due, e.why)
            for e in of(log, "actions_unfinished")] == [(1, "Ann", ("steady",), 9, "carried")]
    assert [(s.turn, s.count) for s in of(log, "shot_fired")] == [(1, 6), (2, 3)]


def test_a_draw_carried_into_the_next_shootout_turn_and_declared_again_is_kept():
    """Ann (Fast Draw 2) fast-draws: rolls 15, 15, 15, 15 fail (B13: 2 counts each, then she
    draws again, fast as declared), the last from count 6 to 8: her draw and hipshot are
    carried, the draw due at once (count 8). Declaring the same in turn 2 keeps them (no
    "redeclared"): the carried draw begins on count 2, rolls 1 (success, 0 counts) and the
    hipshot (2 counts) goes off on count 4."""
    from test_rules_edges import of
    decl = "{shoot: Bo, draw: fast, shots: [hip]}"
    log = _shootout({"Posse": [_man("Ann", skills="{pistol: 2, fast_draw: 2}")],
                     "Gang": [_man("Bo", at="[8, 0]")]},
                    [("shootout", {"Ann": decl}), ("shootout", {"Ann": decl})],
                    "Ann: {fast_draw: [15, 15, 15, 15, 1], to_hit: [19]}")
    assert [(e.turn, e.actions, e.due, e.why) for e in of(log, "actions_unfinished")] == [
        (1, ("draw", "hip"), 8, "carried")]
    assert [(d.turn, d.roll, d.start, d.ready) for d in of(log, "draw_made")] == [
        (1, 15, 0, 2), (1, 15, 2, 4), (1, 15, 4, 6), (1, 15, 6, 8), (2, 1, 2, 2)]
    assert [(s.turn, s.count) for s in of(log, "shot_fired")] == [(2, 4)]


# ------------------------------------------------------------ Table 2 modifiers, every field

def test_without_the_shotgun_bonus_the_shotgun_is_listed_at_0_as_a_house_rule():
    """House rule ``shotgun_bonus: false`` (the combat example, 000 l.635): Ann's shotgun shot
    at Bo, 8 yards (short, Table 14 shotgun 10/40/110): COO 10 + Rifle 2 = 12; the range
    modifier is the table's (short 0), the shotgun's +2 is listed at 0 with the house rule
    that removes it."""
    from test_rules_edges import of
    log = _shootout({"Posse": [_man("Ann", skills="{rifle: 2}", weapons="[{type: shotgun}]")],
                     "Gang": [_man("Bo", at="[8, 0]")]},
                    [("combat", {"Ann": "{shoot: Bo}"})], "Ann: {to_hit: [19]}",
                    house="{shotgun_bonus: false}")
    (shot,) = of(log, "shot_fired")
    assert [(m.name, m.value, m.source, m.why, m.times) for m in shot.base + shot.modifiers] == [
        ("coo", 10, "table", "", 1), ("rifle", 2, "table", "", 1),
        ("short", 0, "table", "", 1), ("shotgun", 0, "house rule", "shotgun_bonus: false", 1)]
    assert shot.chance == 12


def test_an_obscured_target_and_a_clear_one_at_the_same_range_have_their_own_chances():
    """Table 2: obscured -2. Ann (COO 10 + Pistol 2 = 12) shoots at Bo, obscured, 8 yards off
    (short): 10; next turn at Cy, not obscured, 8 yards off: 12. Everything else about the two
    shots is the same, so the memo of prepared chances must tell them apart by the target's
    being obscured."""
    from test_rules_edges import of
    log = _shootout({"Posse": [_man("Ann")],
                     "Gang": [_man("Bo", at="[8, 0]", extra=", obscured: true"),
                              _man("Cy", at="[0, 8]")]},
                    [("combat", {"Ann": "{shoot: Bo}"}), ("combat", {"Ann": "{shoot: Cy}"})],
                    "Ann: {to_hit: [19, 19]}")
    assert [(s.target, [(m.name, m.value, m.source) for m in s.modifiers], s.chance)
            for s in of(log, "shot_fired")] == [
        ("Bo", [("short", 0, "table"), ("obscured", -2, "table")], 10),
        ("Cy", [("short", 0, "table")], 12)]


@pytest.mark.parametrize("shot_type, limits", [
    ("careful", (2.0, 10, 20, 60)), ("steady", (2.0, 10, 20, 60)),
    ("hip", (2.0, 6, 12, 36)), ("fanned", (2.0, 6, 12, 36))])
def test_band_limits_of_a_revolver_by_shot_type(shot_type, limits):
    """``tables.band_limits``: Table 14, single-action revolver 10/20/60, point blank 2 yards
    (001); hipshots and fanned shots take the tighter Any Hipshot row 6/12/36 (B1)."""
    assert tables.band_limits(tables.weapons()["single_action_revolver"], shot_type) == limits


# ------------------------------------------------------------ Weird West and Gaslight rules

def test_weird_west_aiming_is_a_table_term_counted_by_its_actions():
    """004 l.142-144: +2 an action spent aiming, at most +6; the term names the table as its
    source and the actions it took."""
    from narrator.events import Modifier
    from narrator.rulesets.weird_west import rules as ww
    assert ww.aim_modifier(2) == Modifier("aiming", 4, "table", "", 2)
    assert ww.aim_modifier(4) == Modifier("aiming", 6, "table", "", 4)


@pytest.mark.parametrize("roll, raises, shifted", [
    (6, 1, 6), (6, 2, 4), (8, 2, 8), (8, 3, 11), (16, 1, 16), (16, 2, 14), (18, 3, 18),
    (18, 4, 14), (10, 1, 11), (12, 1, 12)])
def test_weird_west_aiming_at_a_limb_moves_the_roll_only_as_far_as_the_raises(roll, raises,
                                                                               shifted):
    """W7, limbs: each raise moves the location roll one step, to the nearest arm or leg roll
    (legs 1-4, arms 11-14, 004 location table); a roll farther than the raises reach stays
    where it fell; a limb stays."""
    from narrator.rulesets.weird_west import rules as ww
    assert ww.shift_location(roll, raises, "limbs") == shifted


def test_weird_west_rules_name_what_they_refuse():
    """The internal refusals of the Weird West rules say what was wrong: a Strength weapon
    (fists, W12) without the wielder's Strength; a light level not in W6's list."""
    from narrator.rulesets.weird_west import rules as ww
    from narrator.rulesets.weird_west import tables as wt
    with pytest.raises(ValueError, match="^fists needs the wielder's Strength$"):
        ww.damage_dice(wt.weapons()["fists"], "arms")
    with pytest.raises(ValueError, match="^unknown light 'dusk'$"):
        ww.shootin_modifiers(light="dusk")


@pytest.mark.parametrize("calibre, cartridge", [(".577", "carbine"), ("8mm", "pistol")])
def test_gaslight_a_cartridge_g9_has_no_dice_for_is_named(calibre, cartridge):
    """G9: the table has no .577 carbine and no 8mm pistol cartridge (blank cells)."""
    from narrator.rulesets.gaslight import rules as gl
    with pytest.raises(ValueError, match=f"^there is no {calibre} {cartridge} cartridge \\(G9\\)$"):
        gl.damage_dice(calibre, cartridge)


# ------------------------------------------------------------ the Boot Hill engine (fight.py)

def test_a_target_down_turns_the_shot_on_the_next_target_listed_before_the_most_dangerous():
    """B15 (``retarget``): Bo is down; Ann listed Bo then Dee: both her careful shots go to
    Dee (COO 8, 10 yards: short, 12), the next target she listed, not to Cy (COO 15, Pistol 4),
    the most dangerous enemy in reach."""
    from test_one_path import BO, fight, flow, of, scenario
    text = scenario("combat", cy={"attributes": "{str: 10, coo: 15, obs: 10, sta: 10, luck: 5}",
                                  "skills": "{pistol: 4}"},
                    ann_intent="{shoot: [Bo, Dee]}", ann_dice="to_hit: [19, 19]")
    text = text.replace("  Gang:\n", "  Gang:\n    - " + flow(
        BO, name="Dee", at="[10, 0]",
        attributes="{str: 10, coo: 8, obs: 10, sta: 10, luck: 5}") + "\n")
    log = fight(text, lambda fs: setattr(fs["Bo"], "condition", "dead"))
    assert [(s.old, s.new) for s in of(log, "target_switched")] == [("Bo", "Dee")]
    assert [(s.target, s.chance) for s in of(log, "shot_fired")] == [("Dee", 12), ("Dee", 12)]


def test_a_crawl_short_of_its_point_ends_a_third_of_a_yard_on():
    """Table 7: crawling is 1 foot (1/3 yard) a shootout turn. Ann crawls toward [0.9, 0]:
    she gets a third of a yard along the line, to [0.33, 0]; standing already, she did not
    stand up (nor is she prone)."""
    from test_one_path import fight, of, scenario
    log = fight(scenario("shootout", ann_intent="{move: {gait: crawling, to: [0.9, 0]}}",
                         ann_dice=""))
    (move,) = of(log, "moved")
    assert (move.distance, move.start, move.end, move.arrived, move.prone, move.stood_up) == (
        0.33, (0.0, 0.0), (0.33, 0.0), False, False, False)


def test_another_mans_thrown_knife_picked_up_is_named_for_him_beside_ones_own():
    """B18(i): Bo (Throwing 2) throws his knife at Ann, 1 yard off: 19 misses; it lies at her
    feet. Turn 2 she picks it up: it is Bo's now hers (``owner`` Bo), named "Bo's thrown knife"
    beside her own thrown knife."""
    from test_one_path import fight, many_turns, of, scenario, turns_of
    text = scenario("combat", ann={"skills": "{throwing: 2}",
                                   "weapons": "[{type: thrown_knife}]"},
                    bo={"at": "[1, 0]", "skills": "{throwing: 2}",
                        "weapons": "[{type: thrown_knife}]"},
                    ann_intent="{other: waits}", bo_intent="{shoot: Ann}", ann_dice="",
                    extra_dice="  Bo: {to_hit: [19]}\n")
    log = fight(many_turns(text, turns_of("combat", 1, "{pick_up: true}"), 2))
    assert [(p.turn, p.character, p.weapon, p.at, p.owner)
            for p in of(log, "weapon_picked_up")] == [
        (2, "Ann", "Bo's thrown knife", (0.0, 0.0), "Bo")]


def test_a_shot_beyond_extreme_range_is_refused_with_the_yards_and_the_reach():
    """B1: beyond extreme range the shot is refused, not rolled: Bo 61 yards off, the
    single-action revolver reaches 60 (Table 14)."""
    from test_one_path import fight, of, scenario
    log = fight(scenario("combat", bo={"at": "[61, 0]"}, ann_dice=""))
    assert [(r.turn, r.character, r.action, r.reason, r.target, r.detail)
            for r in of(log, "action_refused")] == [
        (1, "Ann", "shoot", "out_of_range", "Bo", "61.0 yards; single-action revolver reaches 60")]


def test_the_cast_lists_each_mans_weapons_and_a_strike_names_its_weapon():
    """The cast (``fight_started``'s characters) lists each man's weapons by name; a declared
    strike names the weapon it is made with (B19): Ann's Bowie knife (her two blows of the
    combat turn roll 19 and 19, misses)."""
    from test_one_path import fight, of, scenario
    log = fight(scenario("combat", ann={"weapons": "[{type: single_action_revolver}, "
                                                   "{type: bowie_knife}]"},
                         bo={"at": "[1, 0]"}, ann_intent="{strike: Bo, weapon: bowie_knife}",
                         ann_dice="to_hit: [19, 19]"))
    (started,) = of(log, "fight_started")
    assert [(c.name, c.weapons) for c in started.characters] == [
        ("Ann", ("single-action revolver", "Bowie knife")), ("Bo", ("single-action revolver",))]
    ann = started.characters[0]
    assert (ann.short, ann.side, ann.pronoun, ann.strength, ann.coo, ann.obs, ann.sta, ann.luck,
            ann.skills, ann.mounted, ann.at, ann.cover) == (
        "Ann", "Posse", "he", 10, 10, 10, 10, 5, (("pistol", 2),), False, (0.0, 0.0), None)
    (declared,) = of(log, "intent_declared", character="Ann")
    assert declared.weapon == "Bowie knife"


def test_the_location_roll_names_the_skill_that_may_shift_it():
    """Table 13: a careful shot at short range may shift the location roll by the whole
    weapon skill (Pistol 2, 1/1). Ann aims at the vitals: her roll 12 (abdomen) is shifted
    2 to 14 (still the abdomen, Table 11 11-14; her aim goes as far as the skill allows);
    severity d6 1: light."""
    from test_one_path import fight, of, scenario
    log = fight(scenario("combat", ann={"aim": "vitals"},
                         ann_dice="to_hit: [4], location: [12], severity: [1]"))
    (loc,) = of(log, "location_rolled")
    assert (loc.roll, loc.aim, loc.skill_name, loc.skill, loc.fraction) == (
        12, "vitals", "pistol", 2, "1/1")


def test_unscripted_fights_by_tactics_end_the_same_with_records_off():
    """The lean path (``batch.fight_summary``: records off, initiative rolled without notes,
    decisions memoised by the fighters' states, wounds included) fights a three-man fight
    by tactics exactly as the recorded engine does, seed by seed: same ending, shots and
    hits."""
    from narrator import batch
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text

    text = _shootout_text({"Posse": [_man("Ann", skills="{pistol: 3}", luck=12),
                                     _man("Cy", at="[0, 3]", luck=12)],
                           "Gang": [_man("Bo", at="[12, 0]", luck=12)]},
                          [("combat", {})], seeded=True)
    text = text.replace("    intents:\n", "    intents: {}\n").split("rulings:")[0] + \
        "max_turns: 8\ndice_fallback: seeded\n"
    ld = batch.odds_scenario(load_scenario_text(text), tactics="aggressive", max_turns=8)
    for seed in range(1, 13):
        full = batch.summarize(run_fight(ld, seed, dice_fallback="seeded"))
        assert batch.fight_summary(ld, seed) == full, seed


# ------------------------------------------------------------ the Violence engine (fight.py)

def test_violence_suppression_injuries_take_this_rounds_range_ruling():
    """003 l.52: a suppressor who hits rolls an injury with his gun's calibre term for the
    band (003 l.20-22: a revolver +2, named with its band). Bob is 20 yards from S0 (medium,
    Violence bands close <= 10, medium <= 50), but a GM ruling for round 1 puts them at long
    range: the suppression injury of round 1 is at long range. A Violence turn is a round."""
    from test_violence_rules import fight, man, scenario
    from conftest import of_kind
    dice = {"Bob": {"initiative": [1], "suppression": [1], "to_hit": [1, 1]},
            "S0": {"initiative": [20], "injury": [1]}}
    sc = scenario({"A": [man("S0")], "B": [man("Bob", at=(20, 0), cover=True)]},
                  [{"intents": {"S0": {"suppress": "Bob", "shots": 2}, "Bob": {"shoot": "S0"}}}],
                  dice, rulings=[{"turn": 1, "range_band": {"between": ["S0", "Bob"],
                                                              "band": "long"}, "why": "dust"}])
    log = fight(sc)
    (inj,) = [i for i in of_kind(log, "injury_rolled") if i.cause == "suppression"]
    assert [(m.name, m.value, m.why) for m in inj.modifiers] == [("calibre_revolver", 2, "long")]
    assert of_kind(log, "turn_started")[0].turn_kind == "round"


def test_violence_a_sniper_is_past_his_first_target_after_one_snipe():
    """003 l.32-34: the first target of a sniper is hit automatically when all three
    conditions hold; after one snipe he is past his first target (``first_target`` False), and
    the regular rules' shot of a snipe that falls back to them is one declared shot. Ann,
    hidden at long range, snipes Bob (automatic), then Cy (first_target False)."""
    from test_violence_rules import duel, fight, man, scenario
    from conftest import of_kind
    ann = {"name": "Ann", "at": [0, 0], "hidden": True, "weapons": [{"type": "bolt_action_rifle"}]}
    sc = scenario({"A": [ann], "B": [man("Bob", at=(60, 0)), man("Cy", at=(60, 5))]},
                  [{"intents": {"Ann": {"snipe": "Bob"}}}, {"intents": {"Ann": {"snipe": "Cy"}}}],
                  {"Ann": {"to_hit": [1], "injury": [1, 1], "initiative": [20, 20]},
                   "Bob": {"initiative": [1, 1]}, "Cy": {"initiative": [2, 2]}})
    first, second = of_kind(fight(sc), "gun_fired")
    assert (first.snipe.first_target, second.snipe.first_target) == (True, False)
    near = duel({"snipe": "Bob"}, a=dict(ann), dice={"Ann": {"to_hit": [3, 15]}})
    (shot,) = of_kind(near, "gun_fired")
    assert (shot.snipe.method, shot.declared, shot.shots, shot.volley) == ("regular", 1, 1, 1)


def test_violence_the_roster_says_who_is_hidden_and_names_groups_by_their_key():
    """The roster (``roster_listed``): Ann hidden, Bob not; a group with no ``name`` is
    labelled by its key with spaces for underscores ("hired_guns" -> "hired guns")."""
    from test_violence_rules import fight, man, scenario
    from conftest import of_kind
    sc = scenario({"A": [man("Ann", hidden=True)],
                   "B": [man("Bob", at=(20, 0), group="hired_guns")]},
                  [{"intents": {}}], {"Ann": {"initiative": [20]},
                                      "hired_guns": {"initiative": [1]}},
                  groups={"hired_guns": {}})
    (roster,) = of_kind(fight(sc), "roster_listed")
    assert [(f.name, f.hidden) for f in roster.fighters] == [("Ann", True), ("Bob", False)]
    assert [(g.name, g.label) for g in roster.groups] == [("hired_guns", "hired guns")]


def test_violence_a_man_whose_turn_a_melee_used_cannot_act_after_it_ends():
    """003 l.46: a melee uses the turns of both men. Ann starts one on Bob: d12 2 v 9,
    difference 7: Ann Injured and Down (003 l.40-42), the melee over. Bob's turn went into it:
    his declared shot is blocked ("in_melee", no target, nothing more to say)."""
    from test_violence_rules import duel, man
    from conftest import of_kind
    log = duel({"melee": "Bob"}, {"shoot": "Ann"}, b=man("Bob", at=(2, 0)),
               dice={"Ann": {"melee": [2]}, "Bob": {"melee": [9]}})
    assert [(m.outcome, m.high, m.low, m.continues) for m in of_kind(log, "melee_fought")] == [
        ("low_down", "Bob", "Ann", False)]
    assert [(b.turn, b.character, b.action, b.reason, b.target, b.detail)
            for b in of_kind(log, "action_blocked")] == [(1, "Bob", "shoot", "in_melee", None, "")]
    assert of_kind(log, "gun_fired") == []


def test_the_saver_keeps_the_gms_comment_on_the_state_line_itself():
    """``saver._with_comments``: a comment ending the ``state:`` key's own line stays on it
    when ``state:`` is rewritten, with the GM's spacing before it (fresh user 12)."""
    from narrator.scenario import saver

    text = "a: 1\nturns:\n- intents: {}\n- intents: {}\nstate:   # the GM keeps this\n  turn: 1\n"
    assert saver.record_turn(text, 1, {"hash": "abc", "rolls": {}}, {"turn": 2}) == (
        "a: 1\nturns:\n- intents: {}\n- intents: {}\n  resolved:\n    hash: abc\n    rolls: {}\n"
        "state:   # the GM keeps this\n  turn: 2\n")


# ------------------------------------------------------------ hand to hand (B19)

def test_a_knife_is_fast_drawn_by_a_man_with_fast_draw_and_a_punch_names_who_struck():
    """B19 in a shootout turn. Ann (Fast Draw 5) draws her Bowie knife fast (d20 3 <= 5: a
    success, 0 counts, B13) and strikes (2 counts): count 2, roll 19, a miss. Bo punches
    back (2 counts): roll 4 hits, bruise d6 1: the bruise is Bo's, on Ann."""
    from test_hand_to_hand import brawl, fight, of, person
    ann = person(skills="{fast_draw: 5}", weapons="[{type: single_action_revolver}, "
                                                 "{type: bowie_knife}]")
    log = fight(brawl(ann, person(at="[1, 0]"),
                      [("shootout", "{strike: Bo, weapon: bowie_knife}", "{strike: Ann}")],
                      """
                      Ann: {fast_draw: [3], to_hit: [19]}
                      Bo: {to_hit: [4], bruise: [1]}
                      """))
    assert [(d.character, d.draw, d.weapon, d.roll, d.success, d.counts)
            for d in of(log, "draw_made")] == [("Ann", "fast", "Bowie knife", 3, True, 0)]
    assert [(b.count, b.attacker, b.result) for b in of(log, "blow_struck")] == [
        (2, "Ann", "miss"), (2, "Bo", "hit")]
    (bruise,) = of(log, "bruise_taken")
    assert (bruise.character, bruise.attacker, bruise.roll) == ("Ann", "Bo", 1)


# ------------------------------------------------------------ the Discord splitter

def test_a_lone_pipe_is_plain_text_to_the_discord_splitter():
    """Discord's spoiler mark is ``||``; one ``|`` (odds written as a table row, "a | b")
    opens nothing: the text is one message as written, and a split of a longer one falls on
    a space between words."""
    from narrator.render.discord import Message, split_messages
    assert split_messages("Odds | Posse 3 in 10 | Gang 7 in 10") == [
        Message("", "Odds | Posse 3 in 10 | Gang 7 in 10", "")]
    long = " | ".join(["word"] * 600)  # 4,194 characters
    bodies = [m.body for m in split_messages(long)]
    assert [len(b) for b in bodies] == [1999, 1996, 200]
    assert " ".join(bodies) == long
