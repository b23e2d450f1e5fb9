"""Story prose a GM can post unedited (issue 10): over 100 generated fights (every setting,
one-on-one to five-on-five, three-sided ones) and the bundled examples, in story mode, both
tenses, every format: no engine lines, state names, Python values, coordinates or line
citations; no present tense in past-tense prose outside quoted speech; the dead and dying
named in the closing paragraph; repeated sentences of six words or more at most one per fight
on average (the measured rate is printed). ``benchmarks/prose_defects.py`` prints the same
counts with examples."""

from __future__ import annotations

import functools
import re

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render, render_posts
from narrator.scenario import load_scenario, load_scenario_text

from conftest import EXAMPLES
from prose_lint import (Count, check, generated_fights, ruleset_fights, sentences, story_prose,
                        story_of, violence_fights)

FORMATS = ("markdown", "bbcode", "html", "text")


@functools.lru_cache(maxsize=1)
def _fights():
    fights = generated_fights(100) + violence_fights(20)
    for path in sorted(EXAMPLES.glob("*.yaml")):
        fights.append((path.name, run_fight(load_scenario(path))))
    return fights


#: The Boot Hill and Violence checks of the fifth GM reading (prose_lint._fifth_round_bhv).
FIFTH_BHV = ("flee_named", "jam_told_miss", "timing", "down_then_kept", "knuckle_club",
             "buckshot_count", "gm_told", "hasty_careful", "belittle_down", "two_every",
             "log_like", "stray_comma", "gun_caught", "into_in", "move_to", "gun_full_again")


#: Stock phrases used again within one fight, at most, per fight (seventh reading; measured
#: before the widening: Boot Hill and Violence 1.75, Weird West and Gaslight together 1.10;
#: after: 1.07, and Weird West 1.31, Gaslight 0.59).
STOCK_AGAIN_BH = 1.3
STOCK_AGAIN_WWGL = 1.5
#: The checks of the seventh GM reading, every ruleset (prose_lint._seventh_round).
SEVENTH = ("cover_still", "cover_jargon", "crowd_agree", "reload_then_empty", "his_ambiguous",
            "hit_retold", "fled_then_fired", "name_for_he")
#: The checks of the eighth GM reading, every ruleset (prose_lint._eighth_round).
EIGHTH = ("miss_unfired",)
#: The checks of the ninth GM reading, every ruleset (prose_lint._ninth_round).
NINTH = ("boom_again", "jam_extra", "archaic", "comma_place", "he_after_thing", "rout_words",
         "settled_down", "heal_list", "wounded_unnamed", "dangling", "bare_right",
         "stray_unsaid", "across_grave", "lull_run_on")
#: The checks of the tenth GM reading, every ruleset (prose_lint._tenth_round).
TENTH = ("killed_twice", "light_then_out", "unseen_heard", "own_pronoun", "they_after_things",
         "the_name_cap", "prone_standing", "stunned_ducks", "blow_through")
#: The checks of the eleventh reading (fresh-user trial 18, prose_lint._eleventh_round): a
#: landmark's whole name said more than prose_lint.LANDMARK_MOST times in a story (before
#: Narration._landmark_ref, past tense: 17 of the 130 Boot Hill, Violence and bundled fights,
#: at most 17 times; 16 of the 64 Weird West and Gaslight ones, at most 13; after: none, at
#: most 5 and 4; g-ww seed 3 "the stair banister" 11 times, now 4).
ELEVENTH = ("landmark_over",)
#: A sentence opening on the name of a man the sentence before named, no other man of his
#: pronoun in either (prose_lint name_back), at most, per fight: measured (trial 18) 0.31
#: Boot Hill, Violence and bundled, 1.08 Weird West and Gaslight together (past) on main
#: before, 0.32 and 1.09 after the landmark and draw fixes (Weird West alone 1.41 in the
#: present); held there, not yet lowered
NAME_BACK_BH = 0.4
NAME_BACK_WWGL = 1.6


def _assert_clean(c: Count, tense: str, fifth: bool = True) -> None:
    for key in ("engine", "snake", "python", "coords", "cites", "they_agreement", "footing",
                "dead_unnamed", "again_first", "catalogue", "shotgun_pop", "luck_place",
                "verb_fit", "bad_prep", "own_cover", "time_of_day", "ending_why",
                "lower_name", "says_nothing", "heard_first", "dying_time", "digit_start",
                "wound_count", "long_arm_hand", "double_article", "draw_order",
                "kept_then_quit", "came_to_whole", "told_twice", "bare_place",
                "weapon_repeat", "pending_run", "hit_twice", "emptied_twice", "plural_it"
                ) + SEVENTH + EIGHTH + NINTH + TENTH + ELEVENTH + (FIFTH_BHV if fifth else ()):
        assert getattr(c, key) == 0, (key, c.examples.get(key))
    if tense == "past":
        assert c.present_in_past == 0, c.examples.get("present_in_past")


def test_the_generated_fights_cover_settings_sizes_and_three_sides():
    labels = [label for label, _ in _fights()]
    assert len(labels) >= 105
    for setting in ("street", "saloon", "corral", "canyon"):
        assert any(label.startswith(setting) for label in labels)
    assert any(" 1v1 " in label for label in labels) and any(" 5v5 " in label for label in labels)
    assert sum(label.count("v") == 2 for label in labels) >= 15


@pytest.mark.parametrize("tense", ("present", "past"))
def test_story_prose_in_markdown_is_clean_and_rarely_repeats(tense):
    from prose_lint import stock_lines
    c = Count()
    proses = []
    for _, log in _fights():
        proses.append(story_of(log, tense))
        check(proses[-1], tense, log, c)
    _assert_clean(c, tense)
    # the stock lines a GM remembers from one write-up to the next, each in few of them
    # (ninth reading; Boot Hill and Violence, past, before: the sleeve 0.22, wounds to show
    # 0.22, held the field 0.56, aim was true 0.38, hours maybe days 0.06 of 190 write-ups)
    shares = stock_lines(proses)
    print(f"\n{tense}: stock lines' shares of the write-ups: "
          + ", ".join(f"{k} {v:.2f}" for k, (v, _) in shares.items()))
    assert all(v <= most for v, most in shares.values()), shares
    rate = c.repeats / c.fights
    print(f"\n{tense}: {c.fights} fights, {c.sentences} sentences, {c.repeats} repeated "
          f"sentences of six words or more: {rate:.2f} per fight; {c.openings} repeated "
          f"openings ({c.openings / c.fights:.2f} per fight); {c.chorus} running or loading "
          f"lines ({c.chorus / c.fights:.2f} per fight)")
    print(f"{tense}: stock phrases used again within a fight: {c.stock_again} "
          f"({c.stock_again / c.fights:.2f} per fight)")
    print(f"{tense}: sentences opening on the name the sentence before opened on, where a "
          f"pronoun was clear: {c.name_repeat} ({c.name_repeat / c.fights:.2f} per fight); "
          f"the most-used stock phrase of a fight: {c.stock_most} times "
          f"({c.examples.get('stock_most')})")
    assert c.sentences > 3000
    # the issue asks for at most one a fight; phrase choice from the less recently used half
    # and more alternatives (fifth reading) keep it well under (0.35 before, 0.13 after)
    assert rate <= 0.4, c.examples.get("repeats")
    assert c.name_repeat / c.fights <= 0.05, c.examples.get("name_repeat")
    print(f"{tense}: a landmark's whole name at most {c.landmark_most} times in a story; "
          f"a name opening a sentence after one that named him, 'he' clear: {c.name_back} "
          f"({c.name_back / c.fights:.2f} per fight)")
    assert c.name_back / c.fights <= NAME_BACK_BH, c.examples.get("name_back")
    # a phrase is not used again while an unused one fits; over a long fight a stock phrase
    # comes back a few times at most
    assert c.stock_most <= 5, c.examples.get("stock_most")
    assert c.openings / c.fights <= 0.1, c.examples.get("openings")
    # a stock phrase used again in one fight, as a GM reading the posts of a fight in a row
    # notices it (seventh reading): 1.75 a fight before the miss, switch and empty groups were
    # widened, 1.07 after
    assert c.stock_again / c.fights <= STOCK_AGAIN_BH, c.examples.get("stock_most")
    # lulls are told in one paragraph, a flight or a reload going on is said now and then
    assert c.chorus / c.fights <= 1.0, c.examples.get("chorus")


@pytest.mark.parametrize("fmt", ("bbcode", "html", "text"))
@pytest.mark.parametrize("tense", ("present", "past"))
def test_story_prose_is_clean_in_every_format(fmt, tense):
    c = Count()
    for _, log in _fights()[::3]:
        text = render(log, fmt, "story", options=Options(tense=tense))
        check(story_prose(text, fmt), tense, log, c)
    _assert_clean(c, tense)
    assert c.sentences > 1000


def test_no_map_point_anywhere_in_a_write_up():
    """Coordinates are the engine's: a tactics move in the rolls block says where in words
    ("towards the open ground near the water trough"), never "towards 7,0"."""
    from prose_lint import POINT
    found = []
    for label, log in _fights()[::2]:
        if log.events[0].ruleset not in ("boothill", "violence"):
            continue  # Weird West and Gaslight word their own rolls
        for mode in ("story", "teaching"):
            text = render(log, "markdown", mode)
            found += [(label, m.group(0)) for m in POINT.finditer(text)]
    assert not found, found[:5]


def test_per_turn_posts_are_clean_too():
    c = Count()
    for _, log in _fights()[::10]:
        posts = render_posts(log, "markdown", "story", per_turn=True,
                             options=Options(tense="past"))
        check(story_prose("\n\n".join(posts), "markdown"), "past", None, c)
    _assert_clean(c, "past")


def test_the_lint_catches_what_it_is_for():
    """The checks themselves: each defect of the issue is counted."""
    c = Count()
    prose = ("Curly Thomas cannot shoot at Homer: Homer is already down (dead). "
             "He is passed_out. It was True. He ran towards 44.8,13.6 (000 l.597). "
             "They takes cover. Another pellet hits in the left arm. "
             "Little's shot thuds into the fallen rocks in front of Homer. "
             "Little's shot thuds into the fallen rocks in front of Homer.")
    check(prose, "past", None, c)
    assert (c.engine, c.snake, c.python, c.coords, c.cites, c.they_agreement) == (3, 1, 1, 1, 1, 1)
    assert c.present_in_past >= 2 and c.repeats == 1
    assert len(sentences('He said "I am done." Then he left.')) == 2
    # the GM reader's second round
    c = Count()
    check("Louis's next shot was no better. Ben fired at Al and missed. Ben fired at Al again.\n\n"
          "Ben's single-action revolver roared. The scattergun barked at Al. "
          "Al fired, and the bullet found Ben in the head. It looked like a killing wound, but "
          "a pocket watch took the worst of it. Ben doubled over, hit in the left arm. "
          "Al tagged Ben in the chest; a mortal wound. Al dived behind the cave mouth. "
          "Ben crouched behind Ben's horse. Al's bullet whined off into the afternoon. "
          "Al kept running.\n\nFor now the shooting was over.", "past", None, c)
    assert (c.again_first, c.catalogue, c.shotgun_pop, c.luck_place, c.verb_fit, c.bad_prep,
            c.own_cover, c.time_of_day, c.chorus, c.openings) == (1, 1, 1, 1, 2, 1, 1, 1, 1, 1)


def test_the_lint_catches_the_third_reading():
    """The faults of the third GM reading, one check each (prose-only checks first, then the
    checks that read the fight's log)."""
    c = Count()
    check("Dan fired at Sam. Quentin's Colt barked, and Ben was still standing. "
          "Sam heard Dan's bullet go by. Dan snapped a shot at Sam; it smacked into the wall. "
          "18 shots fired, for four hits. The pattern caught Jack in the chest and through the "
          "left shoulder; the wound was serious. The Winchester bucked in Amos's hand. "
          "When it was over, the the living held the field.\n\nThe end.", "past", None, c)
    assert (c.says_nothing, c.heard_first, c.digit_start, c.wound_count, c.long_arm_hand,
            c.double_article) == (1, 1, 1, 1, 1, 1)
    fights = {name: log for name, log in _fights()}
    c = Count()
    check("Sam threw himself aside, not fast enough: dutch fired. Pete fled.\n\n"
          "Haskell was hurt, but stayed in the fight. Haskell raised his hands.\n\n"
          "Lem was alive, just, and needed a doctor.\n\n"
          "Jack lay dead. Lem was alive, barely, and needed a doctor. The field was theirs.",
          "past", fights["bank-robbery.yaml"], c)
    assert (c.lower_name, c.kept_then_quit, c.told_twice) == (1, 1, 1)
    c = Count()
    check("Dutch's Schofield was empty now, and the Schofield clicked. He snapped rounds into his "
          "Schofield; he emptied his Schofield at Haskell.\n\nThe field was theirs.", "past",
          fights["bank-robbery.yaml"], c)
    assert c.weapon_repeat == 1
    c = Count()
    check("Charlie's hand slipped off the grip. Charlie's hand moved, and the Colt was simply "
          "there.\n\nWhen it was over, Charlie came to, sore but whole.\n\nThe field was "
          "theirs.", "past", fights["saloon-brawl.yaml"], c)
    assert (c.draw_order, c.came_to_whole) == (1, 1)
    c = Count()
    check("Montana Jim went down.\n\nWhen it was over, the field was theirs. Montana Jim lay "
          "bleeding and would not last long.", "past", fights["shotgun-gang.yaml"], c)
    assert c.dying_time == 1


def test_the_lint_catches_the_boot_hill_and_violence_fourth_reading():
    """The Boot Hill and Violence faults of the fourth GM reading, on the reader's own lines:
    a run of shots still to come told a man a line; a hit told twice; an emptied gun told
    twice; a plural cover called "it"; a sentence opening on the name the sentence before
    opened on where a pronoun was clear (read with the fight's characters); the rolls
    block's engine words; the most-used stock phrase."""
    from prose_lint import rolls_jargon, stock_count
    c = Count()
    check("Sam had a hipshot yet to fire. Ben still had a hipshot to come. Quentin had three "
          "fanned shots yet to fire.\n\n"
          "Rudd emptied the revolver at Halloran in a rattle of reports, and Halloran was hit. "
          "Halloran was hit in the abdomen. That emptied Rudd's revolver.\n\n"
          "Faro Jim's bullet found Curly. Curly was hit.\n\n"
          "The fallen rocks shuddered under Arkansas Eli's bullet; Snake-Eye was safe behind "
          "it.\n\nThe end.", "past", None, c)
    assert (c.pending_run, c.hit_twice, c.emptied_twice, c.plural_it) == (1, 2, 1, 1)
    c = Count()
    check("Sam had a hipshot yet to fire. Quentin fired. The fallen rocks were hit, and Haskell "
          "was safe behind them. Haskell was hit twice in the chest; it was bad.\n\nThe end.",
          "past", None, c)
    assert (c.pending_run, c.hit_twice, c.emptied_twice, c.plural_it) == (0, 0, 0, 0)
    fights = {name: log for name, log in _fights()}
    log = fights["abilene-saloon.yaml"]
    c = Count()
    check("Quentin fired at Ben and missed. Quentin fired at Ben again, and "
          "missed.\n\nSam fired at Dan. Sam turned on Quentin.\n\nThe field was theirs.",
          "past", log, c)
    assert c.name_repeat == 1  # not Sam's: "He turned on Quentin" could be Dan
    c = Count()  # after a sentence that opened on his bullet, his name (the lead's decision,
    check("Quentin's bullet kicked up gravel near Ben. Quentin fired at Ben again, and "  # 9th)
          "missed.\n\nThe field was theirs.", "past", log, c)
    assert c.name_repeat == 0
    c = Count()  # "His bullet slammed into Ben" reads as Ben's bullet (seventh reading): a name
    check("Quentin's bullet kicked up gravel near Ben. Quentin's bullet slammed into Ben in the "
          "left leg.\n\nThe field was theirs.", "past", log, c)
    assert c.name_repeat == 0
    assert rolls_jargon("Dan: fast draw 2 vs 4, success (0 counts; ready on count 0).\n"
                        "- House rule `hipshot_formula: pooled`: a hipshot's chance\n"
                        "Carl at Lem: advantage 9/14, kept 14; 2/3 conditions") == [
        "0 counts", "ready on count 0", "`hipshot_formula: pooled`", "advantage 9/14",
        "2/3 conditions"]
    k, phrase = stock_count("Sam reloaded his Colt in a hurry. Ben reloaded his Colt in a hurry. "
                            "Quentin reloaded his Colt in a hurry.", log)
    assert (k, phrase) == (3, "X reloaded his Colt in a hurry.")


def _canyon_log(seed: int | None = None):
    """The GM reader's generated canyon fight (issue 10, fifth reading): ``narrator generate
    --sides posse:3 rustlers:3 drifters:2 --setting canyon --seed 11``; ``seed``: fought
    with other dice (``narrator run --seed``)."""
    from narrator.rulesets.boothill import generate as bh_generate
    text = bh_generate.to_yaml(bh_generate.generate(
        [("posse", 3), ("rustlers", 3), ("drifters", 2)], "canyon", seed=11))
    return run_fight(load_scenario_text(text, "<canyon seed 11>"), seed)


def test_the_lint_catches_the_boot_hill_and_violence_fifth_reading():
    """The GM reader's worst Boot Hill lines of the fifth reading, each caught: a Luck save
    by a gunbelt buckle for a chest hit, a flight from a man who never fired at the runner
    (Hiram, 'Arkansas Hiram' before session 22's names, never shot at Charlie), a jam told
    as a miss and then a jam, shootout timing ("as the second ran out"); and the same lines
    put right, not caught."""
    log = _canyon_log()
    c = Count()
    check("Isaac tagged Charlie high in the chest. A miracle: the bullet struck Charlie's "
          "gunbelt buckle and glanced away, and he was only lightly hurt. Slim hit Levi in the "
          "belly. By luck, the Bible in Levi's coat stopped the bullet: only a light wound.\n\n"
          "Charlie had had enough: he ran from Hiram.\n\n"
          "His bullet went wide of Isaac. Levi's Winchester carbine jammed.\n\n"
          "Sam, Ben and Quentin still had shots to come as the second ran out.\n\n"
          "The field was theirs.", "past", log, c)
    assert (c.luck_place, c.flee_named, c.jam_told_miss, c.timing) == (2, 1, 1, 1)
    c = Count()
    check("Isaac tagged Charlie high in the chest. A miracle: the Bible in Charlie's coat "
          "stopped the bullet, and he was only lightly hurt. Slim hit Levi in the belly. By "
          "luck, the bullet struck Levi's gunbelt buckle and glanced away: only a light "
          "wound.\n\nCharlie had had enough: he ran from Walter. Hiram ran for it.\n\n"
          "Levi's Winchester carbine jammed on the shot at Isaac.\n\n"
          "Sam never got a hipshot off: the fight ended first.\n\n"
          "The field was theirs.", "past", log, c)
    assert (c.luck_place, c.flee_named, c.jam_told_miss, c.timing) == (0, 0, 0, 0)


def test_the_lint_catches_a_falling_man_kept_up_and_knuckles_swung_as_a_club():
    """Fifth reading: a shot of the same count hitting a man who went down a moment before,
    told as if he "stayed on his feet" (generated saloon fight, seed 217, turn 7); brass
    knuckles told with a club's words."""
    from prose_lint import generated_fights
    label, log = generated_fights(1, start=217)[0]
    c = Count()
    check("Ida slashed Herman low in the stomach; a bad wound. He folded up and lay senseless. "
          "Jim tagged Herman in the gut; a light wound, and he stayed on his feet.\n\n"
          "Snake-Eye David clubbed Josephine with the brass knuckles. Ned brought the knuckles "
          "down on Clay. George shot at Slim twice; not one buckshot touched him.\n\n"
          "The GM called it there, one second in, guns still out.", "past", log, c)
    assert (c.down_then_kept, c.knuckle_club, c.buckshot_count, c.gm_told) == (1, 2, 1, 1)
    c = Count()
    check("Ida slashed Herman low in the stomach; a bad wound. He folded up and lay senseless. "
          "Jim fired in the same instant and hit the falling Herman in the gut; a flesh "
          "wound.\n\nSnake-Eye David's brass knuckles caught Josephine on the jaw.\n\n"
          "The field was theirs.", "past", log, c)
    assert (c.down_then_kept, c.knuckle_club) == (0, 0)
    # (seed 217's fight no longer has it since no profile takes a shot at the natural-1
    # floor: generated corral fight seed 358 has Alfred hit as he falls; since a man no
    # longer turns his shots on a target he could hit only on a natural 1 (ruling BN4), two
    # men hold their fire that turn, and the story names Alfred in the sentence before)
    label, log = generated_fights(1, start=358)[0]
    prose = story_prose(render(log, "markdown", "story", options=Options(tense="past")),
                        "markdown")
    # (Alfred named in the sentence that tells him hit, or the one that tells him falling)
    assert re.search(r"Alfred was hit in the chest; a mortal wound\. He crumpled; he had minutes "
                     r"left\. He was already falling when Doc's bullet took him high in "
                     r"the chest\.|Alfred crumpled; he had minutes left\. He was already falling "
                     r"when Doc's bullet took him high in the chest\.|Alfred crumpled; he had "
                     r"minutes left\. As Alfred went down, Doc's bullet caught him|"
                     r"Alfred sank down, bleeding out\. As Alfred went down, Doc's bullet "
                     r"caught him in the chest|"
                     r"Alfred knew at once it was a killing wound\. He sank down, bleeding out\. "
                     r"Doc fired in the same instant and hit the falling Alfred",
                     prose), prose[-900:]
    c = Count()
    check(prose, "past", log, c)
    assert c.down_then_kept == 0, c.examples.get("down_then_kept")


def test_story_mode_rolls_blocks_are_in_words_a_player_reads():
    from prose_lint import rolls_jargon
    found = []
    for label, log in _fights()[::4]:
        if log.events[0].ruleset not in ("boothill", "violence"):
            continue  # Weird West and Gaslight word their own rolls
        found += [(label, x) for x in rolls_jargon(render(log, "markdown", "story"))]
    assert not found, found[:5]


def test_a_knife_wound_in_a_brawl_is_no_beating():
    """Violence melee: the winner hurt by the loser's weapon is told by that weapon (003
    l.44): Ned's Bowie knife cuts Carver."""
    fights = {name: log for name, log in _fights()}
    prose = story_prose(render(fights["barroom-brawl.yaml"], "markdown", "story",
                               options=Options(tense="past")), "markdown")
    assert "beating" not in prose
    assert re.search(r"Ned's Bowie knife laid Carver's arm open|Carver took a cut from Ned's "
                     r"Bowie knife", prose), prose[:400]


THEY = """\
title: Two at the well
seed: 13
max_turns: 6
map:
  well: {at: [6, 3], cover: {locations: [legs, abdomen]}}
sides:
  ranch:
    - name: Sam Reyes
      short: Sam
      pronoun: they
      attributes: {str: 14, coo: 15, obs: 12, sta: 9, luck: 8}
      skills: {pistol: 5}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
      tactics: aggressive
  drifters:
    - name: Jed Hollis
      short: Jed
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      skills: {pistol: 3}
      weapons: [{type: single_action_revolver}]
      at: [14, 4]
      tactics: aggressive
"""


@pytest.mark.parametrize("tense", ("present", "past"))
def test_they_agrees_in_both_tenses(tense):
    log = run_fight(load_scenario_text(THEY))
    prose = story_prose(render(log, "text", "story", options=Options(tense=tense)), "text")
    assert "Sam" in prose
    c = Count()
    check(prose, tense, log, c)
    _assert_clean(c, tense)
    for bad in ("They takes", "they was", "They was", "they is", "They is", "They has",
                "they has", "themself"):
        assert bad not in prose


GOLDENS = EXAMPLES.parent.parent / "tests" / "goldens"


def _check_golden(path, text, request):
    """Assert ``text`` equals the golden at ``path``; with --update-goldens rewrite a changed
    golden and skip (never a pass), as test_writeups does."""
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if request.config.getoption("--update-goldens") and text != old:
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"golden {path.name} rewritten: read its diff")  # never a pass
    assert old is not None, f"missing golden {path.name}; run pytest --update-goldens"
    assert text == old


@pytest.mark.parametrize("case", ("abilene-saloon.past", "shotgun-gang.past",
                                  "bank-robbery.past", "they.present", "they.past"))
def test_golden_story_past_tense_and_they(case, request):
    name, tense = case.split(".")
    if name == "they":
        log = run_fight(load_scenario_text(THEY))
    else:
        log = run_fight(load_scenario(EXAMPLES / f"{name}.yaml"))
    text = render(log, "markdown", "story", options=Options(tense=tense))
    _check_golden(GOLDENS / f"{name}.story.{tense}.md", text, request)


#: The Weird West and Gaslight checks of the fourth GM reading (prose_lint._fourth_round).
FOURTH = ("colon_cap", "two_colons", "dodge_first", "nameless_shot", "sting_wound",
          "sev_then_luck", "first_card", "tally", "western", "fan_count", "refusal_told", "meta",
          "double_possessive", "spent_case", "hit_split", "long_arm_fist",
          "two_semicolons", "jargon", "winded_head", "first_after_shot", "fired_empty",
          "tally_tense", "ww_spent_case", "both_agree", "reload_count")


@functools.lru_cache(maxsize=1)
def _wwgl_fights():
    """30 generated Weird West and 30 Gaslight fights (every setting, one-on-one to
    four-on-four) and the bundled examples of both."""
    fights = ruleset_fights("weird-west", 30) + ruleset_fights("gaslight", 30)
    for name in ("stagecoach", "graveyard", "fog-alley", "railway-platform"):
        fights.append((name, run_fight(load_scenario(EXAMPLES / f"{name}.yaml"))))
    return fights


def test_the_weird_west_and_gaslight_fights_cover_settings_and_sizes():
    labels = [label for label, _ in _wwgl_fights()]
    for ruleset in ("weird-west", "gaslight"):
        mine = [x for x in labels if x.startswith(ruleset + " ")]
        assert len(mine) >= 30
        for setting in ("street", "saloon", "corral", "canyon"):
            assert any(f" {setting} " in x for x in mine)
        assert any(" 1v1 " in x for x in mine) and any(" 4v4 " in x for x in mine)


@pytest.mark.parametrize("tense", ("present", "past"))
def test_weird_west_and_gaslight_story_prose_is_clean(tense):
    """Every check of the lint over the Weird West and Gaslight fights, and the repeat rate
    printed per ruleset."""
    from prose_lint import speed_claims
    counts = {"weird-west": Count(), "gaslight": Count()}
    from prose_lint import stock_lines
    claims = []
    proses = []
    for label, log in _wwgl_fights():
        text = render(log, "markdown", "story", options=Options(tense=tense))
        proses.append(story_prose(text, "markdown"))
        check(proses[-1], tense, log, counts[log.events[0].ruleset])
        claims += [f"{label}: {x}" for x in speed_claims(text, log)]
    assert not claims, claims[:5]  # "the quicker of the company" only of the winner
    shares = stock_lines(proses)
    print(f"\n{tense}: stock lines' shares of the write-ups: "
          + ", ".join(f"{k} {v:.2f}" for k, (v, _) in shares.items()))
    assert all(v <= most for v, most in shares.values()), shares
    for ruleset, c in counts.items():
        _assert_clean(c, tense, fifth=False)
        for key in FOURTH:
            assert getattr(c, key) == 0, (ruleset, key, c.examples.get(key))
        rate = c.repeats / c.fights
        print(f"\n{ruleset} {tense}: {c.fights} fights, {c.sentences} sentences, {c.repeats} "
              f"repeated sentences of six words or more: {rate:.2f} per fight; stock phrases "
              f"used again within a fight: {c.stock_again / c.fights:.2f} per fight")
        # (seventh reading: 1.10 a fight for the two together before the widening)
        assert c.stock_again / c.fights <= STOCK_AGAIN_WWGL, (ruleset, c.examples.get("stock_most"))
        assert c.sentences > 500
        # Boot Hill's level (0.35 a fight); Weird West was at 0.66, Gaslight at 0.41, before
        # their stock sentences had alternatives
        assert rate <= 0.35, (ruleset, c.examples.get("repeats"))
        # "He" where it is clear (Weird West was at 0.28: a shot's unnamed target counted
        # as named, so "Richard's buckshot ... Richard sent the buckshot")
        assert c.name_repeat / c.fights <= 0.05, (ruleset, c.examples.get("name_repeat"))
        print(f"{ruleset} {tense}: a landmark's whole name at most {c.landmark_most} times; "
              f"name_back {c.name_back / c.fights:.2f} per fight")
        assert c.name_back / c.fights <= NAME_BACK_WWGL, (ruleset, c.examples.get("name_back"))


def test_the_lint_catches_the_fourth_reading():
    """The GM reader's worst Weird West lines of the fourth reading, each caught."""
    fights = {name: log for name, log in _wwgl_fights()}
    c = Count()
    check("Dutch tried to get out of the way, too late: The barricade took all the sting out "
          "of the bullet. Quaid fired, and the bullet found Dutch high in the body; Dutch "
          "barely noticed it.\n\n"
          "Shotgun Sam Pike threw himself aside, not fast enough: Dutch's aim was true: Sam was "
          "hit across the skull; he was hanging on by a thread. Somehow the worst of it missed "
          "Sam.\n\nThe bullet glanced off the coach. The bullet punched through the coach with nothing left in it, and Quaid "
          "was hit in the ribs; a light wound.\n\n"
          "The cards fell for Dutch Ketchum first.\n\nBilly Two Hats took careful aim at "
          "Quaid.\n\nWhen it was over, the road agents held the field. Horace lay dead. In "
          "all, 22 shots were fired, for five hits.", "past", fights["stagecoach"], c)
    assert (c.colon_cap, c.two_colons, c.dodge_first, c.nameless_shot, c.sting_wound,
            c.sev_then_luck, c.first_card, c.tally) == (1, 1, 2, 1, 1, 1, 1, 1)
    c = Count()
    check("Kitty's shot kicked up dust by Halloran. Halloran cleared leather.\n\nThe field "
          "was theirs.", "past", fights["fog-alley"], c)
    assert c.western == 2
    c = Count()
    check("Dutch's palm slapped the hammer six times, and lead found its mark twice. Quaid ducked "
          "down behind cover, and the bullet whined away. Lucky could do nothing with their "
          "left-hand Peacemaker. The black joker fell, and the deck was shuffled whole. Lucky had "
          "her her Peacemaker out. Dutch fired; Dutch's hammer fell on a spent case.\n\n"
          "Kitty fired at Halloran, and the shot told. The shot took him in the upper right "
          "arm. Michael's Winchester jumped in his fist. Crane cut loose with the shotgun; "
          "buckshot took Ike in the arm; he kept coming.\n\nThe field was theirs.", "past",
          fights["fog-alley"], c)
    assert (c.fan_count, c.refusal_told, c.meta, c.double_possessive, c.spent_case,
            c.hit_split, c.long_arm_fist, c.two_semicolons) == (1, 1, 1, 1, 1, 1, 1, 1)


def test_the_lint_catches_the_fifth_reading():
    """The GM reader's Weird West and Gaslight lines of the fifth reading, each caught: a
    claim to act first after another man's shot; a shot from a gun told empty, its reload
    never told; the rules' "noggin" for a hit location; a head wound told as "winded"; the
    initiative claimed for a man who did not win it; the present tense's closing tally "22
    shots are fired" (they have been)."""
    from prose_lint import speed_claims
    fights = {name: log for name, log in _wwgl_fights()}
    c = Count()
    check("Halloran fired before Rudd was fairly in view; the shot struck the wall beside him. "
          "Kitty Doyle was first to act.\n\nClegg fired two shots at Halloran; neither found "
          "him. Clegg's sawn-off shotgun was spent.\n\nClegg was the readier man. He crossed "
          "to the doorway of No. 13. Kitty regained her feet and her stolen Webley.\n\nClegg "
          "fired; the shot whined away into the gloom. That was the last cartridge in Clegg's "
          "sawn-off shotgun.\n\nThe field was theirs.", "past", fights["fog-alley"], c)
    assert (c.first_after_shot, c.fired_empty) == (1, 1)
    c = Count()
    check("Halloran fired before Rudd was fairly in view; the shot struck the wall beside him. "
          "Kitty Doyle's shot struck sparks.\n\nClegg's shotgun was spent. He broke it open "
          "and thumbed in fresh cartridges. Clegg fired; the shot whined away.\n\nThe field "
          "was theirs.", "past", fights["fog-alley"], c)
    assert (c.first_after_shot, c.fired_empty) == (0, 0)
    c = Count()
    check("Another of Dutch's bullets caught Shotgun Sam Pike in the noggin before he could get "
          "out of the way; luck blunted it, but it was still a terrible wound. Sam collapsed, "
          "spent.\n\nHis bullet slammed into Billy across the skull; a serious wound. Billy "
          "folded up in the dirt, too winded to rise.\n\nCole's shot took Quaid in the ribs. "
          "Quaid sagged to the ground, all the breath gone out of him.\n\nThe field was "
          "theirs.", "past", fights["stagecoach"], c)
    assert (c.jargon, c.winded_head) == (1, 2)
    c = Count()
    sharps = next(log for label, log in _wwgl_fights() if label == "weird-west corral 3v3 seed 10")
    check("Virgil's Colt had nothing left in it. He pushed two rounds into the Sharps Big 50.\n\n"
          "Virgil pushed a round into the Sharps Big 50.\n\nThe field was theirs.", "past",
          sharps, c)
    assert c.reload_count == 1  # a single-shot Sharps takes one round
    c = Count()
    check("Longhair had the jump this time. A spent case stuck fast in Longhair's Colt "
          "Peacemaker.\n\nThe field was theirs.", "past", fights["stagecoach"], c)
    assert c.ww_spent_case == 1  # W20a: the bust jams the gun before the round fires
    text = ("## Round 3\n\nRudd was the quicker of the company. He reloaded with shaking "
            "fingers.\n\n||**Rolls, round 3**||\n\n## Round 5\n\nHalloran had the advantage of "
            "the moment. His shot took Kitty in the right foot.\n\n||rolls||\n")
    c = Count()
    check("Dutch fired.\n\nThe smoke thins. In all, 22 shots are fired, for six hits.", "present",
          fights["stagecoach"], c)
    check("Dutch fires.\n\nThe smoke thins. In all, 22 shots have been fired, for six hits.",
          "present", fights["stagecoach"], c)
    assert (c.tally_tense, c.tally) == (1, 0)
    c = Count()
    check("Both barrels of Henry's sawn-off shotgun roars together, and the charge goes past "
          "Nell. Both of Clegg's shots go wide of Halloran.\n\nThe end.", "present", None, c)
    assert c.both_agree == 1
    assert speed_claims(text, fights["fog-alley"]) == [
        "round 3: Rudd was the quicker of the company. (first: Constable Albert Pike)"]


def test_a_gaslight_story_told_indoors_has_no_street_in_it():
    """A Gaslight fight in a saloon: nobody sinks to the stones or lies dead upon them, no
    shot strikes the kerb or the brickwork (those phrases are told out of doors only)."""
    from prose_lint import STREET
    found = []
    for label, log in _wwgl_fights():
        if not label.startswith("gaslight saloon"):
            continue
        for tense in ("present", "past"):
            prose = story_of(log, tense)
            found += [(label, s) for s in sentences(prose) if STREET.search(s)]
    assert not found, found[:5]


def test_every_gaslight_shot_is_in_its_volleys_beat():
    """Every shot of a volley is told in its volley's story beat (Gaslight.story_beat), and
    so is a breech loader's load between snap shots (002 l.47-48): never in the beat of an
    event the engine logged inside the volley (fog-alley's round 2 told neither Clegg's
    load nor his first shot; a watcher who gave up covering took the rest of the volley)."""
    from narrator.render.core import group
    loads = 0
    for label, log in _wwgl_fights():
        if log.events[0].ruleset != "gaslight":
            continue
        for turn in group(log)["turns"]:
            for b in turn["beats"]:
                shots = [s for s in b["sub"] if s.kind == "gl_shot"]
                assert not shots or b["ev"].kind == "gl_volley", (label, b["ev"])
                assert all(s.shooter == b["ev"].shooter for s in shots), (label, b["ev"])
                assert not (b["ev"].kind == "gl_reloaded" and b["ev"].action == "snap"), label
                loads += any(s.kind == "gl_reloaded" for s in b["sub"])
    assert loads >= 2  # the sample has snap loads (fog-alley's Clegg among them)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ("weird-west", "gaslight"))
def test_many_more_weird_west_and_gaslight_fights_are_clean(ruleset):
    """120 more generated fights of each (seeds after the default run's), both tenses."""
    fights = ruleset_fights(ruleset, 120, start=101)
    for tense in ("present", "past"):
        c = Count()
        for _, log in fights:
            text = render(log, "markdown", "story", options=Options(tense=tense))
            check(story_prose(text, "markdown"), tense, log, c)
        _assert_clean(c, tense, fifth=False)
        for key in FOURTH:
            assert getattr(c, key) == 0, (key, c.examples.get(key))
        rate = c.repeats / c.fights
        print(f"\n{ruleset} {tense}: {c.fights} fights, {rate:.2f} repeated sentences a fight")
        assert rate <= 1.0, c.examples.get("repeats")


@pytest.mark.parametrize("case", ("stagecoach.past", "fog-alley.past", "graveyard-they.past",
                                  "graveyard-they.present"))
def test_golden_weird_west_and_gaslight_story_past_tense_and_they(case, request):
    """Goldens of Weird West and Gaslight story prose in the past tense and with a character
    who is ``they`` (Lucky of the graveyard example)."""
    name, tense = case.split(".")
    if name == "graveyard-they":
        text = (EXAMPLES / "graveyard.yaml").read_text(encoding="utf-8")
        text = text.replace('Marsh\n      short: Lucky\n      pronoun: she',
                            'Marsh\n      short: Lucky\n      pronoun: they', 1)
        assert "pronoun: they" in text
        log = run_fight(load_scenario_text(text, "graveyard-they.yaml"))
    else:
        log = run_fight(load_scenario(EXAMPLES / f"{name}.yaml"))
    text = render(log, "markdown", "story", options=Options(tense=tense))
    _check_golden(GOLDENS / f"{name}.story.{tense}.md", text, request)


def test_the_lint_catches_the_boot_hill_sixth_reading():
    """The GM reader's Boot Hill lines of the sixth reading (issue 10), each caught: a miss of
    haste from Isaac, who fired only careful shots in the canyon fight; a light wound made
    light of before the man passed out; two misses as "every time"; a miss told twice; "ran,
    away from"; the Colt that caught a man; "a bullet into Quentin in the right arm"; and the
    same lines put right, not caught."""
    log = _canyon_log()
    c = Count()
    check("Isaac fired in a hurry, and the bullet went high over Charlie's head.\n\n"
          "Walter fired, and the bullet found Levi in the right arm; blood, but not much of "
          "it. Levi sagged to the ground, senseless.\n\n"
          "Isaac fired twice at Charlie; every bullet went wide. Walter fired twice at Charlie "
          "and missed every time.\n\n"
          "Glass broke somewhere behind Slim: Isaac had missed. Slim flinched as Isaac's bullet "
          "went by, but it missed him.\n\n"
          "Charlie turned and ran, away from Walter. George bolted, away from the fight.\n\n"
          "The Colt bucked in Slim's hand and caught Levi through the right forearm. "
          "Isaac put a bullet into Charlie in the right arm. Slim's bullet slammed "
          "into George in the belly. Isaac fell back to the fallen "
          "rocks at a run.\n\n"
          "Walter's Winchester carbine roared. Slim's Winchester carbine jammed.\n\n"
          "The field was theirs.", "past", log, c)
    assert (c.hasty_careful, c.belittle_down, c.two_every, c.log_like, c.stray_comma,
            c.gun_caught, c.into_in, c.move_to, c.gun_full_again) == (1, 1, 2, 2, 2, 1, 2, 1, 1)
    c = Count()
    check("Isaac's bullet went high over Charlie's head.\n\n"
          "Walter fired, and the bullet found Levi in the right arm; a light wound, but one "
          "too many. Levi sagged to the ground, senseless.\n\n"
          "Isaac fired twice at Charlie; neither bullet touched him. Walter fired twice at "
          "Charlie and missed both times.\n\n"
          "Isaac missed, and glass broke somewhere behind Slim. Slim flinched as Isaac's "
          "bullet went by.\n\n"
          "Charlie turned and ran from Walter. George bolted from the fight.\n\n"
          "The Colt bucked in Slim's hand, and the bullet caught Levi through the right "
          "forearm. Isaac shot Charlie in the right arm. Slim's bullet caught George in the "
          "belly. Isaac fell back towards the fallen "
          "rocks at a run.\n\n"
          "Walter's Winchester carbine roared. Slim's carbine jammed.\n\n"
          "The field was theirs.", "past", log, c)
    assert (c.hasty_careful, c.belittle_down, c.two_every, c.log_like, c.stray_comma,
            c.gun_caught, c.into_in, c.move_to, c.gun_full_again) == (0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_a_call_to_surrender_and_an_undecided_ending_tell_what_happened():
    """Issue 10, sixth reading: Levi's call in the canyon fight was made after every rustler
    shot of the turn (the dice resolve a call after the caller's shots), so nothing answered
    it ("Lead was the only answer" was false); Abilene stopped undecided names the men still
    in it unhurt (Sam and Ben), and Quentin, wounded with an empty gun, is not "not out"."""
    canyon = render(_canyon_log(), "markdown", "story", options=Options(tense="past"))
    # (the call is told in its place after the shots the dice resolved before it: any of
    # call_surrender's phrases)
    call = next(p for p in canyon.split("\n\n")
                if re.search(r"called out|name of the law|Hands up", p))
    assert call.endswith("It was too late for that; the shooting had started.") or call.endswith(
        "Nobody paid it any mind; the lead was flying already."), call
    path = EXAMPLES / "abilene-saloon.yaml"
    text = render(run_fight(load_scenario(path)), "markdown", "story",
                  options=Options(tense="past"))
    closing = story_prose(text, "markdown").rsplit("\n\n", 1)[-1]
    assert "Sam and Ben" in closing and "still in it" in closing, closing
    assert "not out" not in closing and re.search(r"\bQuentin (?:was|did not come)", closing), \
        closing


def test_a_his_after_another_mans_he_is_a_name():
    """Issue 10, sixth reading: "Slim's bullet tore into Levi in the right leg; the leg
    buckled under him, but he stayed up. His aim was true: Levi was hit" read "His" as
    Levi's; the wound's place ("in the belly"), told before the sentence, no longer made the
    "he" of the sentence before forgotten: the shooter is named."""
    canyon = render(_canyon_log(), "markdown", "story", options=Options(tense="past"))
    # (re-pinned: the phrase stream moved; it was "...; but he stayed up. Slim's ... Levi
    # ... belly": the sentence after Levi's leg wound names the shooter)
    after = re.search(r"Levi[^.]*in the right leg; [^.]*\. ([^.]*)\.", canyon).group(1)
    assert re.search(r"\bSlim\b", after) and "Levi" in after and \
        re.search(r"belly|stomach|gut", after), after
    assert not after.startswith(("His ", "He ")), after
    assert "His aim was true: Levi" not in canyon


def test_a_man_falling_from_the_wound_just_told_is_he_only_after_being_the_subject():
    """Issue 10, sixth reading: "Isaac's shot took Arkansas Hiram across the temple; a mortal
    wound. Arkansas Hiram fell and lay still" was made "He fell", the shooter being "he" too.
    A later GM reader, posting the story unedited: after "X hit Y ..." a "He slumped" reads
    as X. The falling man is "he" only where he was the last man told as a subject ("...;
    he reeled under it. He fell"); else his name."""
    canyon = render(_canyon_log(), "markdown", "story", options=Options(tense="past"))
    # "A second bullet from Isaac's revolver took Hiram ..." (a shot from a man's gun)
    took = r"Isaac(?:'s [\w-]+)? took Hiram [^.;]*; a mortal wound\. "
    # (or Hiram the subject of the wound's clause: then "He" is his)
    assert re.search(took + r"Hiram (?:fell|went down)", canyon) or re.search(
        r"Isaac(?:'s [\w-]+)? took Hiram [^.;]*; Hiram knew at once it was a "
        r"killing wound\. He slumped", canyon), canyon
    assert not re.search(took + r"He ", canyon)


def test_the_lint_catches_the_seventh_reading():
    """The GM readers' lines of the seventh reading (issue 10), each caught with the fight
    they came from, and the same lines put right, not caught: Halloran holding Rudd still
    while Rudd was free to shoot; "stopped covering"; "The wounded faces"; Dutch's reload
    told without its two rounds, then his Colt empty."""
    fights = {name: log for name, log in _wwgl_fights()}
    fog, coach = fights["fog-alley"], fights["stagecoach"]
    c = Count()
    check("Sergeant Michael Halloran kept Jem Rudd under his Webley, quite still. Under fire "
          "himself, Halloran stopped covering and looked to his own skin.\n\n"
          "The wounded faces time in bed: Curly three weeks.", "present", fog, c)
    check("Dutch crouched and reloaded. His bullet caught Quaid high in the body. Dutch's Colt "
          "was empty now.\n\nThe end.", "past", coach, c)
    assert (c.cover_still, c.cover_jargon, c.crowd_agree, c.reload_then_empty) == (1, 1, 1, 1)
    c = Count()
    check("Sergeant Michael Halloran kept his Webley trained on Jem Rudd, waiting for him to "
          "move. Under fire himself, Halloran turned his mind from Rudd and looked to his own skin."
          "\n\nThe wounded face time in bed: Curly three weeks.", "present", fog, c)
    check("Dutch crouched and got two rounds into the Colt. His bullet caught Quaid high in "
          "the body. Dutch's Colt was empty now.\n\nThe end.", "past", coach, c)
    assert (c.cover_still, c.cover_jargon, c.crowd_agree, c.reload_then_empty) == (0, 0, 0, 0)


def test_the_rolls_blocks_of_every_ruleset_have_no_engine_tokens():
    """Issue 10, seventh reading: the rolls blocks and the footer a GM posts say things in
    words: a misfire once ("dud, dud" was the check and the result), no map point ("to [8.4,
    -0.9]"), no engine action ("no shoot"), no house rule's option key
    ("hipshot_formula=pooled"), no "33 of 33 rolls scripted", no "(if appears)", a minus as
    a minus ("= -2")."""
    from prose_lint import rolls_tokens
    assert rolls_tokens("rolls 20, misfire check 19: dud, dud. Clegg moves 15 ft to [8.4, "
                        "-0.9]. Kitty: no shoot (knocked down). boothill (house rules: "
                        "hipshot_formula=pooled) · 33 of 33 rolls scripted. Halloran covers "
                        "Rudd (if appears). = -2; rolls 3. (chance -1)") == [
        "misfire check 19: dud, dud", "to [8", "no shoot", "hipshot_formula=pooled",
        "rolls scripted", "(if appears)", "= -2", "chance -1"]
    found = []
    for label, log in _fights()[::3] + _wwgl_fights()[::3]:
        found += [(label, x) for x in rolls_tokens(render(log, "markdown", "story"))]
    for name in ("abilene-saloon", "fog-alley", "stagecoach", "barroom-brawl"):
        log = run_fight(load_scenario(EXAMPLES / f"{name}.yaml"))
        found += [(name, x) for x in rolls_tokens(render(log, "markdown", "story"))]
    canyon = render(_canyon_log(), "markdown", "story", options=Options(tense="past"))
    found += [("canyon", x) for x in rolls_tokens(canyon)]
    assert not found, found[:5]
    assert "misfire check 19: a dud round, it does not fire." in canyon


def test_the_lint_catches_the_seventh_reading_of_names():
    """The GM readers' lines of the seventh reading that read names (issue 10), each caught
    with the fight they came from: Slim's second hit on George told as the first again;
    "His bullet went wide of Charlie" (Charlie's bullet?); George "bolted from the fight",
    then fired both barrels; "Hob was hit. Hob went down"; "Clegg's shotgun was spent" right
    after Clegg's own shot. Then the same lines put right, not caught."""
    canyon = _canyon_log()
    wwgl = {name: log for name, log in _wwgl_fights()}
    brawl = run_fight(load_scenario(EXAMPLES / "barroom-brawl.yaml"))
    c = Count()
    check("Slim shot George low in the stomach; he reeled, hurt badly. Slim's bullet caught "
          "George in the belly; a bad wound, and he staggered.\n\n"
          "Slim's carbine roared, and Charlie jerked, hit in the left leg; a bad wound. His "
          "bullet went wide of Charlie.\n\n"
          "George \"Lucky\" Strickland bolted from the fight.\n\n"
          "Two shots from George, and neither touched Slim.\n\nThe field was theirs.",
          "past", canyon, c)
    check("\"Faro\" Jim Bell's Colt Lightning barked, and Hob was hit. Hob went down and "
          "stayed down.\n\nThe field was theirs.", "past", brawl, c)
    check("Clegg's charge spattered the wall. Clegg's shotgun was spent.\n\n"
          "The end.", "past", wwgl["fog-alley"], c)
    assert (c.hit_retold, c.his_ambiguous, c.fled_then_fired, c.name_for_he) == (1, 1, 1, 2)
    c = Count()
    check("Slim shot George low in the stomach; he reeled, hurt badly. Slim hit George again, "
          "in the belly; a bad wound, and he staggered.\n\n"
          "Slim's carbine roared, and Charlie jerked, hit in the left leg; a bad wound. Slim's "
          "bullet went wide of Charlie.\n\n"
          "George \"Lucky\" Strickland fell back at a run, still in the fight.\n\n"
          "Two shots from George, and neither touched Slim.\n\nThe field was theirs.",
          "past", canyon, c)
    check("\"Faro\" Jim Bell's Colt Lightning barked, and Hob was hit. He went down and "
          "stayed down.\n\nThe field was theirs.", "past", brawl, c)
    check("Clegg's charge spattered the wall. His shotgun was spent.\n\n"
          "The end.", "past", wwgl["fog-alley"], c)
    # (with another man of his pronoun named in the sentence before, the name stays: "...
    # beside Halloran. His shotgun" could be Halloran's; the fourteenth reading, own_gun)
    check("Clegg's charge spattered the wall beside Halloran. Clegg's shotgun was spent.\n\n"
          "The end.", "past", wwgl["fog-alley"], c)
    assert (c.hit_retold, c.his_ambiguous, c.fled_then_fired, c.name_for_he) == (0, 0, 0, 0)


def test_the_gm_readers_seventh_lines_are_put_right():
    """The seventh reading's lines in the write-ups a GM reader made: a man's second hit on
    the same man in a turn is told as another (Slim's on George in turn 3 of the reader's
    fight; the fight has gone otherwise since, ruling BN1 and the tactics after: the first
    turn in it where one man's two shots wound the same man), no "His" opens a sentence
    naming another man, George runs for ground, he does not leave the fight; Hob goes down as
    "He"; Clegg's empty shotgun right after his own shot is "His"."""
    from prose_lint import _shorts
    log = _canyon_log()
    shorts = _shorts(log)
    wounded: dict[tuple[int, str, str], int] = {}
    shot = None
    for e in log.events:
        if e.kind == "shot_fired":
            shot = e
        elif e.kind == "wound_taken" and e.cause == "shot" and shot is not None \
                and shot.target == e.character:
            key = (shot.turn, shot.shooter, e.character)
            wounded[key] = wounded.get(key, 0) + 1
            shot = None  # (one wound a shot: a shotgun's pellets count once)
    turn, shooter, target = next(k for k, v in wounded.items() if v >= 2)
    canyon = render(log, "markdown", "story", options=Options(tense="past"))
    told = story_prose(canyon.split(f"## Turn {turn}")[1].split("||")[0], "markdown")
    who, whom = shorts[shooter], shorts[target]
    hits = [x for x in sentences(told)
            if (re.match(rf"({re.escape(shooter)}|{re.escape(who)}|A second|Another|He)\b", x)
                or re.search(rf"\b(?:from|in|against) (?:{re.escape(shooter)}|{re.escape(who)})'s\b",
                             x))
            and whom in x]  # ("A bullet from Slim's carbine took Levi ...")
    assert len(hits) == 2 and re.search(r"\bagain\b|\bsecond\b|\banother\b", hits[1], re.I), hits
    assert "George \"Lucky\" Strickland bolted" not in canyon and "His bullet went wide" not in canyon
    brawl = render(run_fight(load_scenario(EXAMPLES / "barroom-brawl.yaml")), "markdown",
                   "story", options=Options(tense="past"))
    hob = re.search(r"Faro\" Jim Bell's [^.]*\bHob\b[^.]*\. (\w+)", brawl)
    assert hob and hob.group(1) == "He", hob  # his fall, right after the hit: "He"
    fog = render(run_fight(load_scenario(EXAMPLES / "fog-alley.yaml")), "markdown", "story",
                 options=Options(tense="past"))
    assert "Clegg's shotgun was spent" not in fog


def test_a_run_held_to_a_walk_is_shot_at_and_shoots_as_declared():
    """Issue 10, seventh reading, and ruling B12 (000 l.160, l.858): Levi declared a run in
    the canyon fight; Slim's first shot gave him a serious leg wound, which holds his move to
    a walk (movement comes after all fire). Slim's second shot still takes -2 for a running
    target and Levi's own shots -4 for shooting while running: the gait declared, both sides.
    The rolls say "as declared" there, the story says the leg held his run to a walk."""
    log = _canyon_log()
    levi = next(c.name for c in log.events[0].characters if c.short == "Levi")
    shots = [e for e in log.events if e.kind == "shot_fired" and e.turn == 1]
    at_levi = [e for e in shots if e.target == levi]
    by_levi = [e for e in shots if e.shooter == levi]
    wounded = next(i for i, e in enumerate(log.events) if e.kind == "wound_taken"
                   and e.character == levi and e.location.endswith("leg"))
    later = [e for e in at_levi if log.events.index(e) > wounded]
    assert later and all(any(m.name == "target_running" and m.value == -2 for m in e.modifiers)
                         for e in later)
    assert by_levi and all(any(m.name == "shooter_running" and m.value == -4
                               for m in e.modifiers) for e in by_levi)
    moved = next(e for e in log.events if e.kind == "moved" and e.character == levi)
    assert moved.gait == "walking" and "serious_leg_walk_only" in [p.name for p in moved.penalties]
    text = render(log, "markdown", "story", options=Options(tense="past"))
    turn1 = text.split("## Turn 2")[0]
    assert turn1.count("(target running, as declared)") == 2
    assert turn1.count("(shooting while running, as declared)") == 2
    # Charlie ran the whole 24 yards he declared: plain "target running"
    walter = next(x for x in turn1.splitlines() if x.startswith("Walter, careful shot at Charlie"))
    assert "(target running)" in walter and "as declared" not in walter
    story = story_prose(turn1, "markdown")
    assert re.search(r"Levi (?:tried to run|limped)[^.]*\b(?:leg|walk)\b", story), story


def test_his_own_gun_after_a_hit_on_another_man_keeps_the_name():
    """Issue 10, eighth reading (fog alley): "Rudd fired again and again at Halloran, and one
    shot took him in the abdomen. His revolver was empty now." reads as Halloran's revolver
    (both readers). The lint counts it as ``his_ambiguous``; the name put back is not counted,
    nor "His" after a miss that only named the other man ("beside Halloran"); the write-up
    names Rudd."""
    fog = run_fight(load_scenario(EXAMPLES / "fog-alley.yaml"))
    c = Count()
    check("Rudd fired again and again at Halloran, and one shot took him in the abdomen. His "
          "revolver was empty now.\n\nThe end.", "past", fog, c)
    assert c.his_ambiguous == 1
    c = Count()
    check("Rudd fired again and again at Halloran, and one shot took him in the abdomen. "
          "Rudd's revolver was empty now.\n\nClegg's charge spattered the wall beside Halloran. "
          "His shotgun was spent.\n\nThe end.", "past", fog, c)
    assert (c.his_ambiguous, c.name_for_he) == (0, 0)
    text = story_prose(render(fog, "markdown", "story", options=Options(tense="past")),
                       "markdown")
    c = Count()
    check(text, "past", fog, c)
    assert c.his_ambiguous == 0, c.examples.get("his_ambiguous")


def test_a_miss_told_again_says_he_fired_and_which_shot():
    """Issue 10, eighth reading (Abilene): "Dan fired at Sam, too high. That one went wide
    too." (which one?) and "No luck for Quentin that time either." (he never fired) are
    counted as ``miss_unfired``; the write-up tells Dan's second miss as his second shot and
    every miss told again with its shot. Every ``miss_again`` phrase says he fired, or names
    his shot."""
    from narrator.render.narrate import _toml

    abilene = run_fight(load_scenario(EXAMPLES / "abilene-saloon.yaml"))
    c = Count()
    check("Dan fired at Sam, too high. That one went wide too.\n\nBen shot Quentin through "
          "the right forearm. No luck for Quentin that time either.\n\nThe end.", "past",
          abilene, c)
    assert c.miss_unfired == 2
    text = story_prose(render(abilene, "markdown", "story", options=Options(tense="past")),
                       "markdown")
    c = Count()
    check(text, "past", abilene, c)
    assert c.miss_unfired == 0, c.examples.get("miss_unfired")
    phrases = _toml((EXAMPLES.parent.parent / "templates/common/phrases.toml").read_text())
    for p in phrases["miss_again"]:
        body = re.sub(r"^(?:<\w+> )+", "", p)
        # (a phrase that does not open on his name names his shot at once: the shooter's
        # name is not said at the start of two sentences in a row where "He" is unclear)
        # (a throw's or an arrow's in its own words: "throws again", "Another throw from")
        assert re.match(r"(?:Another (?:shot|throw) from |The \{nth\} shot from |Nothing "
                        r"\[come\] of |One more miss for )?\{a\}", body), p
        assert re.search(r"\[(?:fire|shoot|try|let|keep|throw|loose)\]|\{a\}'s (?:\{nth\} )?"
                         r"(?:shot|throw|\{shot\})|(?:shot|throw) from|miss for", body), p


def test_a_second_reload_of_a_round_says_more_rounds():
    """Issue 10, eighth reading (stagecoach): Dutch's second reload of round 3 is told as more
    rounds, not the first's words again, and no reload says "no more" (he loads again
    later)."""
    from narrator.render.narrate import _toml

    coach = run_fight(load_scenario(EXAMPLES / "stagecoach.yaml"))
    for tense in ("past", "present"):
        text = render(coach, "markdown", "story", options=Options(tense=tense))
        prose = story_prose(text, "markdown")
        round3 = story_prose(text.split("## Round 3")[1].split("## Round 4")[0], "markdown")
        loads = [x for x in sentences(round3) if re.match(r"Dutch \w+ .*\brounds?\b", x)
                 and not FIRE_WORDS.search(x)]
        assert len(loads) == 2 and "more round" in loads[1], loads
        assert ", no more" not in prose
    phrases = _toml((EXAMPLES.parent.parent / "narrator/rulesets/weird_west/templates/"
                     "phrases.toml").read_text())
    # (an arrow is nocked, counted by none: "nocks another arrow")
    assert all("{rounds}" in p or p.startswith("<arrow>") for p in phrases["reload_more"])
    assert not any(p.endswith(", no more.") for k in ("reload", "reload_part") for p in phrases[k])


FIRE_WORDS = re.compile(r"\b(?:fired|fires|shot|shoots|bullet)\b")


def test_falling_back_is_a_move_not_a_fall() -> None:
    """name_for_he counts "…, and Michael is struck … / Michael falls." (he, not the name,
    for the man just hit), not "Michael falls back from Florence" (he gives ground: a move;
    a false hit in the slow Gaslight run)."""
    fog = run_fight(load_scenario(EXAMPLES / "fog-alley.yaml"))
    for follow, expected in (("Halloran falls back from Rudd.", 0),
                             ("Halloran falls.", 1)):
        c = Count()
        check("Her revolver cracks, and Halloran is struck in the left hand. " + follow
              + "\n\nThe end.", "present", fog, c)
        assert c.name_for_he == expected, (follow, c.examples.get("name_for_he"))


def test_the_lint_catches_the_ninth_reading():
    """Issue 10, ninth reading: the GM readers' lines, each counted by its kind: a second
    barrel told as a second boom, a jam on the second shot told as one more shot, an odd old
    word, a comma between the man hit and where, "He" right after a sentence that opened
    on his own bullet (the lead's decision: his name)."""
    canyon = _canyon_log()
    fog = run_fight(load_scenario(EXAMPLES / "fog-alley.yaml"))
    coach = run_fight(load_scenario(EXAMPLES / "stagecoach.yaml"))
    cases = (
        (canyon, "boom_again", "Charlie's shotgun boomed; one barrel threw its load past Walter. "
         "The shotgun boomed at Charlie's shoulder and the pattern caught Walter high on the "
         "skull; a flesh wound."),
        (canyon, "jam_extra", "The shot from Walter tugged at Charlie's sleeve and went on its "
         "way. Walter got off one wild shot at Charlie, and then the carbine jammed."),
        (canyon, "jam_extra", "Walter's bullet went wide of Charlie. Walter's carbine jammed on "
         "the shot at Charlie."),
        (fog, "archaic", "Clegg was beforehand with the rest."),
        (fog, "comma_place", "Halloran's bullet found Clegg, in the abdomen."),
        (coach, "he_after_thing", "Dutch's bullet caught Quaid high in the body; by some "
         "miracle it drew no blood. He fired at Quaid, but the coach took all the sting out "
         "of the bullet."),
    )
    for log, key, line in cases:
        c = Count()
        check(line + "\n\nThe end.", "past", log, c)
        assert getattr(c, key) == 1, (key, line)
    # and what the write-ups say now is not counted
    for log, line in (
            (canyon, "Charlie's shotgun boomed; one barrel threw its load past Walter. Charlie fired "
             "the second barrel, and the pattern caught Walter high on the skull."),
            (canyon, "Walter's bullet went wide of Charlie. Walter's carbine jammed on the "
             "second shot, and the bullet meant for Charlie went wild."),
            (fog, "Halloran hit Kitty again, in the groin."),
            (coach, "Dutch's bullet caught Quaid high in the body; by some miracle it drew no "
             "blood. Dutch fired at Quaid, but the coach took all the sting out of the bullet."),
            (canyon, "Isaac's shot took Arkansas Hiram across the temple; a mortal wound. He "
             "fell and lay still.")):
        c = Count()
        check(line + "\n\nThe end.", "past", log, c)
        assert [k for k in NINTH[:5] if getattr(c, k)] == [] and c.name_repeat == 0, line


def test_a_second_barrel_and_a_jam_are_told_as_the_shot_they_were():
    """Issue 10, ninth reading (canyon): Levi's carbine jammed on his second shot at Isaac
    (turn 1), told as that shot going wild, not a shot more (the readers' "Walter got off one
    wild shot at Charlie, and then the carbine jammed" after his miss); every jam on a later
    shot of the corpus likewise (``jam_extra``) and every shotgun's later barrel without a
    second boom (``boom_again``), asserted with the other checks. Every ``jam_shot_again``
    phrase names which shot ({nth}), no ``jam_shot`` phrase counts one shot, and every
    shotgun phrase that booms is <fresh> (a first shot of the turn)."""
    from narrator.render.narrate import _toml

    log = _canyon_log()
    jams = [(e.turn, e.shooter.split()[0]) for e in log.events
            if e.kind == "shot_fired" and e.misfire == "jam"]
    assert (1, "Levi") in jams
    text = render(log, "markdown", "story", options=Options(tense="past"))
    body = story_prose("## Turn 1\n\n" + text.split("## Turn 1")[1].split("||")[0], "markdown")
    jam = [x for x in sentences(body) if re.search(r"\bjammed\b|\bstuck fast\b", x)]
    assert len(jam) == 1 and "Levi" in jam[0] and "second shot" in jam[0], jam
    phrases = _toml((EXAMPLES.parent.parent / "templates/common/phrases.toml").read_text())
    assert all("{nth}" in p for p in phrases["jam_shot_again"])
    assert not any("one wild shot" in p for p in phrases["jam_shot"])
    for group in ("miss", "pellets_lead"):
        for p in phrases[group]:
            assert "[boom]" not in p or "<fresh>" in p, p


def test_the_lint_catches_the_ninth_reading_of_endings_and_odd_lines():
    """Issue 10, ninth reading: a Violence group that surrenders when broken told "ready to
    run"; "Nothing was settled" with Dan dying; the wounded's rest as a list; a wounded man
    left out of the ending (Charlie (Pitts) came to after the saloon brawl, bloodied); a modifier left
    dangling ("missed Shaw, hugging the ground"); "right" for a fist. Each counted on the
    readers' line, and the write-ups now tell none of them."""
    brawl = run_fight(load_scenario(EXAMPLES / "barroom-brawl.yaml"))
    abilene = run_fight(load_scenario(EXAMPLES / "abilene-saloon.yaml"))
    saloon = run_fight(load_scenario(EXAMPLES / "saloon-brawl.yaml"))
    cases = (
        (brawl, "rout_words", "For a moment the Bar-T outfit looked ready to run, but they held "
         "on, for now.\n\nThe end."),
        (abilene, "settled_down", "The end.\n\nThe scene ended there, two seconds in, with the "
         "shooting still going on. Nothing was settled, and Sam and Ben were still in it "
         "without a scratch. Dan lay dying. Quentin was bleeding."),
        (brawl, "heal_list", "The wounded faced time in bed: Curly three weeks, Ned one week, "
         "Big Swede three weeks and Carver one week.\n\nThe end."),
        (saloon, "wounded_unnamed", "The end.\n\nWhen the smoke cleared, the saloon men held "
         "the field: Swede and Hale were still on their feet. Swede was bleeding."),
        (None, "dangling", "Moody's bullet missed Shaw, hugging the ground.\n\nThe end."),
        (None, "bare_right", "Billy's right caught Hollis flush.\n\nThe end."),
        (None, "lull_run_on", "Nobody drew blood for the next 12 seconds. Moody sent three "
         "shots at Shaw, all wasted and made for the corral fence.\n\nThe end."),
    )
    for log, key, text in cases:
        c = Count()
        check(text, "past", log, c)
        assert getattr(c, key) == 1, (key, text)
    for log in (brawl, abilene, saloon):
        c = Count()
        check(story_prose(render(log, "markdown", "story", options=Options(tense="past")),
                          "markdown"), "past", log, c)
        assert [k for k in NINTH if getattr(c, k)] == [], [c.examples.get(k) for k in NINTH]
    text = render(brawl, "markdown", "story", options=Options(tense="past"))
    # (re-pinned: the story now tells Carver's melee on Curly, who had given up, which moves
    # the phrase picks after it: was "... faced three weeks in bed", the same rest)
    assert "ready to run" not in text and "Curly and Big Swede were laid up for three weeks" \
        in text
    closing = story_prose(render(saloon, "markdown", "story", options=Options(tense="past")),
                          "markdown").rsplit("\n\n", 1)[-1]
    assert "Charlie" in closing, closing


def test_a_tie_for_the_initiative_is_won_by_a_hair():
    """Issue 10, ninth reading (a fresh user): "Halloran was the quicker of the company"
    after a Gaslight initiative tie broken by DEX or a reroll the story does not tell. The
    round's winner by a tie is first "by a hair" ("It was a near thing, but George moved
    first"); speed_claims counts the old claim in a tied round."""
    from prose_lint import speed_claims
    # (re-pinned, session 17: generated Gaslight sides of the law play the law's profiles
    # since; the tie is now round 3 of canyon 4v3 seed 11, won by John)
    log = ruleset_fights("gaslight", 1, start=11)[0][1]
    ini = next(e for e in log.events if e.kind == "gl_initiative" and e.turn == 3)
    top = next(r.total for r in ini.rolls if r.name == ini.order[0])
    assert sum(r.total == top for r in ini.rolls) == 2  # round 3 is a tie
    text = render(log, "markdown", "story", options=Options(tense="past"))
    assert "It was a near thing, but John moved first." in text
    assert speed_claims(text, log) == []
    old = text.replace("It was a near thing, but John moved first.",
                       "John was the quicker of the company.")
    assert speed_claims(old, log) == ["round 3: John was the quicker of the company. (a tie)"]


def test_a_stray_bullet_is_meant_for_its_mark_and_a_grave_head_wound_is_no_graze():
    """Issue 10, ninth reading (stagecoach): "Another of Dutch's bullets caught Shotgun Sam
    Pike across the skull" in a string Dutch fanned at Quaid (a stray bullet told as if Sam
    were the mark), and "across the temple; a mortal wound" (a graze's words for a mortal
    wound). Both counted on the readers' lines (``stray_unsaid``, ``across_grave``); the
    stagecoach round 1 now says the bullet was meant for Quaid; "across", "high on" the head
    are <slight> in every phrase file."""
    from narrator.render.narrate import _toml

    coach = run_fight(load_scenario(EXAMPLES / "stagecoach.yaml"))
    c = Count()
    check("Dutch's palm slapped the hammer of his Colt Peacemaker six times, fanning it at "
          "Marshal Ronan Quaid. One of Dutch's bullets went past Quaid, who twisted clear in "
          "time. Another of Dutch's bullets caught Shotgun Sam Pike across the skull, too "
          "quick to dodge; luck blunted it, but it was still a terrible wound.\n\nThe end.",
          "past", coach, c)
    assert (c.stray_unsaid, c.across_grave) == (1, 1)
    c = Count()
    check("Isaac's shot took Arkansas Hiram across the temple; a mortal wound.\n\nThe end.",
          "past", _canyon_log(), c)
    assert c.across_grave == 1
    text = render(coach, "markdown", "story", options=Options(tense="past"))
    round1 = story_prose(text.split("## Round 2")[0], "markdown")
    sam = next(x for x in sentences(round1) if "Sam Pike" in x)
    assert "meant for Quaid" in sam or "wide of Quaid" in sam, sam
    root = EXAMPLES.parent.parent
    for path, group in (("templates/common/phrases.toml", "loc_head"),
                        ("narrator/rulesets/weird_west/templates/phrases.toml", "w_loc_noggin")):
        for p in _toml((root / path).read_text())[group]:
            assert not re.search(r"\b(?:across|high on)\b", p) or "<slight>" in p, p


def test_one_tally_and_one_flag_serve_every_reading():
    """The readings' checks count through one ``_tally`` and match their plain patterns
    through one ``_flag`` (they were eight copies of the counter and four of the loop): a
    sentence matching two of three patterns counts once under each, with the sentence kept."""
    from prose_lint import ARCHAIC, COMMA_PLACE, META, Count, _flag, _tally

    count = Count()
    bad = _tally(count)
    s = "Halloran's bullet found Clegg, in the abdomen, as the GM said."
    _flag(s, s, bad, (("archaic", ARCHAIC), ("comma_place", COMMA_PLACE), ("meta", META)))
    assert (count.archaic, count.comma_place, count.meta) == (0, 1, 1)
    assert count.examples == {"comma_place": [s], "meta": [s]}


def test_the_lint_catches_a_landmark_named_over_and_a_name_told_back_to_back():
    """The eleventh reading's checks on the words of fresh-user trial 18 (g-ww.yaml seed 3:
    "the stair banister" eleven times; "Hiram ... Hiram" where "He" was clear)."""
    from pathlib import Path
    from narrator.scenario import load_scenario_text as _load
    path = Path(__file__).resolve().parent / "fresh17" / "g-ww.yaml"
    log = run_fight(_load(path.read_text(), "g-ww.yaml"), 3)
    c = Count()
    prose = " ".join(f"Deadeye Elmer's bullet spent itself on the stair banister, round {i}."
                     for i in range(6))
    prose += "\n\nThe cards fell for Hiram Green first. Hiram moved first."
    check(prose, "past", log, c)
    assert (c.landmark_over, c.landmark_most) == (1, 6)
    assert c.name_back == 1, c.examples.get("name_back")
    c = Count()
    check("Coyote fired at Wade. Wade fired back.\n\nHe shot wide of Wade. Peter ducked.",
          "past", log, c)
    assert c.name_back == 0 and c.landmark_over == 0  # "He" would be Coyote's; no landmark
