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
    Ann throws a knife (Table 14 wound modifier -1) at Bo, 2 yards off behind a horse covering
    his legs: d20 2 hits (COO 10 + Throwing 5, point blank); location 1, left leg, covered:
    the horse is hit. Severity d6 1 - 1 (leg) - 1 (knife) = -1: a scratch, the horse stays;
    d6 2: 0, a light wound, the horse bolts and Bo loses his cover."""
    from test_rules_edges import duel, fight, of, person

    ann = person(skills="{throwing: 5}", weapons="[{type: thrown_knife}]")
    bo = person(at="[2, 0]", extra=", cover: {locations: [legs], by: horse, alive: true, "
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
    on that key's line as written (trailing spaces and all), a whole-line comment stays before
    the key after it."""
    from narrator.scenario import saver

    text = ("a: 1\nturns:\n- intents: {}\n- intents: {}\nstate:\n"
            "  turn: 1   # after turn one XX  \n  # the men\n  characters: # who X\n"
            "    Ann: {wound_points: 2}\n")
    out = saver.record_turn(text, 1, {"hash": "abc", "rolls": {}},
                            {"turn": 2, "characters": {"Ann": {"wound_points": 3}}})
    assert out == ("a: 1\nturns:\n- intents: {}\n- intents: {}\n  resolved:\n    hash: abc\n"
                   "    rolls: {}\nstate:\n  turn: 2  # after turn one XX  \n  # the men\n"
                   "  characters:  # who X\n    Ann:\n      wound_points: 3\n")


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
