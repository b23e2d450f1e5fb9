"""Story prose a fresh reader of ~200 write-ups found a GM would have to fix before posting
(the fourteenth reading): each test asserts the real sentence and failed on the code before
its fix. The reader's own scenarios are copied into tests/fresh14/."""

from __future__ import annotations

import re

from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios/examples"
HERE = Path(__file__).resolve().parent / "fresh14"


@lru_cache(maxsize=32)
def _fight(path: Path, seed: int):
    return run_fight(load_scenario_text(path.read_text(), str(path)), seed)


@lru_cache(maxsize=32)
def _story(path: Path, seed: int, tense: str = "present") -> str:
    """`narrator run PATH --seed SEED -m story --tense TENSE` (text format)."""
    return render(_fight(path, seed), "text", "story", options=Options(tense=tense))


def _prose(text: str) -> str:
    """The story paragraphs only: the text format indents the rolls and rulings blocks'
    lines under their titles; the status lists are "- " lines."""
    return "\n".join(line for line in text.splitlines()
                     if not line.startswith((" ", "- ")) and not line.endswith(":"))


# ------------------------------------------------------- 1. a man on the ground is not standing
def test_gaslight_hit_on_a_man_knocked_flat_by_recoil_is_not_told_standing():
    """gas-night seed 17 round 3: Grey's own Webley puts her on her back (recoil failed by 5
    or more, 002 l.135); Harry's next shot hits her foot. Was "Grey sways, bleeding hard, and
    stays up."; now she lies where she fell."""
    text = _prose(_story(HERE / "gas-night.yaml", 17))
    # (re-pinned to the fact, not one draw of the phrase stream: since session 21's Gaslight
    # beats her wound is told "Grey, still down, is badly hurt but not done.")
    assert re.search(r"The Webley bucks clean out of Grey's hands and puts her on her back\. "
                     r"Harry's revolver cracks, and Grey is struck in the right foot\. Grey"
                     r"(?:, still down,| lies where she fell,) [^.]*\.", text), text
    assert "stays up" not in text.split("puts her on her back")[1].split("##")[0]


def test_gaslight_man_on_the_ground_hit_then_gets_up_and_dies_where_she_lies():
    """gas-night seed 2: Grey thrown off her feet by the Webley's kick in round 1 is hit in
    round 2 before she gets up (was "Grey grits her teeth and stays up. She picks herself
    up"); knocked flat again in round 3 and killed there (was "She is dead before she reaches
    the ground")."""
    text = _prose(_story(HERE / "gas-night.yaml", 2))
    # (re-pinned: the words the phrase stream draws since a Gaslight man going down later in
    # the round is not told staying up, gives_up; the same facts)
    # (re-pinned again, to the facts rather than one draw of the phrase stream: Harry's second
    # shot, a miss, is told since gl_volley tells both of a hit-and-miss pair)
    assert re.search(r"Grey[^.]* in the lower right leg\. Grey, still down, [^.]*\. Harry's "
                     r"second shot goes wide\.", text), text
    assert re.search(r"Grey (picks herself up|scrambles up|regains her feet)", text)
    assert re.search(r"in the chest\. She(?: dies where she lies|, already down, does not "
                     r"move again)\.", text)
    assert "reaches the ground" not in text
    assert "stays up" not in text


def test_gaslight_rolls_call_a_man_on_his_back_a_target_on_the_ground():
    """The +1 for a man on his back is the table's "stationary but mobile" (002 l.76, a
    seated target): the rolls said "+1 target standing" (gas-night seed 2 round 2, Grey
    thrown off her feet in round 1); now "+1 target on the ground". The number is unchanged."""
    text = _story(HERE / "gas-night.yaml", 2)
    round2 = text.split("Rolls, round 2:")[1].split("Status after round 2")[0]
    assert ("Harry at Grey, rapid #1, 3 ft: 20 +1 base attack +1 Dexterity −4 rapid fire "
            "+1 target on the ground −3 bad light −1 light fog = 15 vs AC 12") in round2
    assert "target standing" not in round2.split("Grey: no shot")[0]


def test_boothill_man_thrown_then_knocked_cold_is_already_on_the_floor():
    """saloon-brawl seed 1: Swede throws Red Mike (prone, errata B19) in turn 3 and knocks
    him cold with the bung starter in turn 4. Was "Red Mike goes down and stays down, out
    cold." (the seed's phrase draw); now he is out cold where he lies."""
    text = _prose(_story(EXAMPLES / "saloon-brawl.yaml", 1))
    assert ("Swede lays the bung starter across Red Mike's shoulders. Red Mike, already on "
            "the floor, is out cold.") in text
    assert "Red Mike goes down and stays down" not in text


# ------------------------------------------------ 2. a draw after failed ones counts its tries
def test_a_fast_draw_that_works_at_the_third_try_is_not_told_the_second():
    """duel seed 15 turn 1: Kate's fast draws roll 8 (failed), 18 (failed), 3 (success);
    was "Kate's gun comes free at the second try"."""
    text = _prose(_story(HERE / "duel.yaml", 15))
    # (re-pinned, fresh user 20: the fumble phrase now says the gun is not out, and the
    # phrase stream moved; "At last" is the <often> phrase,
    # said only after two failed tries or more)
    assert "At last Kate gets her gun clear." in text
    assert "second try" not in text


def test_a_normal_draw_after_four_failed_fast_draws_is_the_fifth_try():
    """duel seed 7: Kate fails four fast draws in turn 1 and makes a normal draw in turn 2;
    was "at the second try"."""
    text = _prose(_story(HERE / "duel.yaml", 7))
    # (re-pinned, fresh-user trial 18: Kate's and Cal's fumbles again told once, counted,
    # "Kate tugs at her gun three times more"; Kate's draw of turn 2 is now "This time Kate's
    # revolver comes out clean", Cal's, after four failed too, "at the fifth try")
    assert "Cal's revolver comes free at the fifth try." in text
    assert "second try" not in text


# ----------------------------------------------------------------- 3. whose draw "it" was
def test_a_fumble_again_names_the_mans_own_draw():
    """duel seed 15 turn 1: was "Cal Dorsey's draw hangs up on his coat. Kate fumbles it
    again." ("it": Cal's draw); seed 3: "Kate fires at Cal, but the bullet finds nothing. Cal
    fumbles it again." Now each fumbles his own draw."""
    text = _prose(_story(HERE / "duel.yaml", 15))
    assert "Cal Dorsey's draw hangs up on his coat. Kate fumbles her draw again." in text
    assert "Cal fumbles his draw again." in _prose(_story(HERE / "duel.yaml", 3))
    for seed in (1, 3, 7, 8, 15):
        assert "fumbles it again" not in _story(HERE / "duel.yaml", seed)


# ------------------------------------------- 4. an unfinished fight's ending tells the state now
def _ending(name: str, seed: int, tense: str = "present") -> str:
    """The closing paragraph of the story (the last paragraph of prose)."""
    return [p.strip() for p in _prose(_story(EXAMPLES / name, seed, tense)).split("\n\n")
            if p.strip() and not p.strip().startswith(("-" * 10, "Status after", "Dice"))][-1]


def test_an_unfinished_fights_ending_tells_the_wounded_as_they_are_now():
    """luke-short seed 6 was "Nothing is settled ... Luke and Jim do not come through it
    unmarked"; abilene-saloon seed 1 "guns still out ... Quentin comes out of it bloodied";
    luke-short seed 2 --tense past "Jim came away hurt": words of a fight that is over."""
    six = _ending("luke-short.yaml", 6)
    assert "Nothing is settled: Short and Courtright are still in it. Luke and Jim are wounded." \
        in six
    assert "Quentin is bleeding." in _ending("abilene-saloon.yaml", 1)
    # (re-pinned: "Jim was hurt." before the phrase draws moved, fresh-user trial 18)
    assert "Jim was bleeding." in _ending("luke-short.yaml", 2, "past")
    for name, seed in (("luke-short.yaml", 6), ("abilene-saloon.yaml", 1),
                       ("luke-short.yaml", 2)):
        text = _ending(name, seed)
        for over in ("unmarked", "bloodied", "came away", "comes away"):
            assert over not in text, (name, seed, text)


def test_guns_still_out_only_when_every_man_in_it_has_his_gun_out():
    """luke-short seed 1: Jim's four fast draws all fail and the turn ends; was "That is
    where it stands, one second in, guns still out."; now his gun is told still stuck."""
    text = _ending("luke-short.yaml", 1)
    assert "guns still out" not in text
    # (re-pinned: "Jim has still not cleared leather." before the draws moved, trial 18)
    assert "Jim still has no gun out." in text


# ----------------------------------------- 5. a man who falls back is not told fleeing the fight
def test_a_run_the_ending_tells_as_falling_back_is_not_a_flight_from_the_fight():
    """posse seed 1 turn 9: the Kid (tactics: coward) runs for the open ground and is on his
    feet, still in it, when the turns run out; was "Kid Tyler bolts from the fight." beside
    "The Kid has given ground but not given up"; seed 4 "Kid Tyler has had enough: he runs for
    it" beside "has fallen back but is not out of it". The run is now told as falling back."""
    one = _prose(_story(HERE / "posse.yaml", 1))
    # (the Kid is named in full at his first idle turn since stood_idle is told: "Kid Tyler
    # holds his fire; no shot is worth the try.", and by his short name after it)
    assert "The Kid falls back at a run, still in the fight." in one
    assert "The Kid has given ground but not given up." in one
    four = _prose(_story(HERE / "posse.yaml", 4))
    assert "The Kid breaks away at a run across the open." in four
    assert "The Kid has fallen back but is not out of it." in four
    for text in (one, four):
        assert "bolts from the fight" not in text and "runs for it" not in text


# ------------------------------------------- 6. holding fire says why, truthfully
def test_holding_fire_with_enemies_still_in_it_is_not_nobody_left_in_reach():
    """posse seed 2 turn 8: Bannon's man is down and Lou, unhurt behind the corral fence, is
    still in it; was "With nobody left in reach, Bannon holds his fire."; seed 4 turn 9 the
    same of Lou. Now nobody is in his sights (the engine: nobody left he could hit)."""
    assert "With nobody in his sights, Bannon holds his fire." in _prose(
        _story(HERE / "posse.yaml", 2))
    assert "With nobody in his sights, Lou holds his fire." in _prose(
        _story(HERE / "posse.yaml", 4))
    for seed in (2, 4):
        assert "nobody left in reach," not in _story(HERE / "posse.yaml", seed)


# ---------------------------------------- 7. a killing wound Luck turned light is no graze
def test_a_luck_saved_killing_wound_is_not_told_as_a_graze():
    """posse seed 3 turn 3: severity 6 in the chest, mortal, saved by Luck; was "Bannon's
    bullet nicks Ace square in the chest. A miracle: ..."; seed 7 turn 6 "She tags Jed across
    the temple. It looks like a killing wound, but ...". The lead and the place are now
    neither a graze nor a hard hit."""
    assert ("Bannon's bullet catches Ace square in the chest. A miracle: the bullet flattens "
            "itself on a deck of cards in Ace's shirt pocket") in _prose(
                _story(HERE / "posse.yaml", 3))
    seven = _prose(_story(HERE / "posse.yaml", 7))
    assert ("The rifle kicks against Ella's shoulder and the bullet catches Jed in the head. "
            "It looks like a killing wound") in seven
    assert "across the temple. It looks like" not in seven


# ------------------------------------------- 8. every man's full name at his first mention
def test_every_man_gets_his_full_name_at_his_first_mention_in_the_prose():
    """gen-boothill-5 seeds 1-5: Herman Harmon and Lewis Banks (who roll the Tactics checks
    in the rulings block at the top, "Herman Harmon checks Tactics") were only ever "Herman"
    and "Lewis" in the prose; seed 1 was "The bullet from Cactus Zeke's revolver finds Lewis
    in the belly". Now each is named in full the first time the prose names him."""
    first = _prose(_story(HERE / "gen-boothill-5.yaml", 1))
    assert "The bullet from Cactus Zeke's revolver finds Lewis Banks in the belly" in first
    assert "Herman Harmon's bullet spatters dirt over Seth Wright's boots." in first
    for seed in range(1, 6):
        text = _prose(_story(HERE / "gen-boothill-5.yaml", seed))
        body = text.split("Turn 1\n", 1)[1]
        for full, short in (("Herman Harmon", "Herman"), ("Lewis Banks", "Lewis")):
            if short in body:
                assert body.index(full) == body.index(short), (seed, full)


# ------------------------------------------------------------------- 9. stiff phrasing
def test_a_shot_from_a_man_is_a_shot_from_his_gun():
    """gen-boothill-5 seed 1: was "This time the bullet from Herman finds Seth" (duel: "A
    bullet from Kate goes past Cal and away"); now from his gun."""
    text = _prose(_story(HERE / "gen-boothill-5.yaml", 1))
    assert "This time the bullet from Herman's long-barrelled six-gun finds Seth" in text
    assert "The second bullet from Charlie's revolver takes Cactus Zeke high in the chest" in text
    for seed in (1, 3, 7, 8, 15):
        assert not __import__("re").search(r"(?:bullet|shot) from (?:Kate|Cal) (?!Dorsey)",
                                            _story(HERE / "duel.yaml", seed))


def test_a_shot_from_a_mans_gun_is_not_told_so_two_sentences_running():
    """The shots "from Slim's revolver" made two sentences in a row echo (canyon 2v3 seed 11:
    "A bullet from Slim's revolver took Smiley in the right thigh; a bad wound. A second
    bullet from Slim's revolver took Smiley in the gut"): the second is the man's own
    ("Slim's second bullet took Smiley in the gut"). Over 20 generated fights of each
    ruleset (past tense), no sentence right after one with a shot "from X's gun" tells
    another so."""
    import re
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from prose_lint import sentences
    from test_story_repeats import _all_rulesets, _proses
    gun_from = re.compile(r"\b(?:shot|bullet|ball|arrow|charge|buckshot|[Ll]ead) from "
                          r"(?:[A-Z\"][\w'\"-]*\s?)+'s ")
    twice, seen = [], 0
    for label, _, prose in _proses(_all_rulesets(20)):
        for para in prose.split("\n\n"):
            said = sentences(para)
            for x, y in zip(said, said[1:]):
                if gun_from.search(x):
                    seen += 1
                    if gun_from.search(y):
                        twice.append(f"{label}: {x} / {y}")
        if label == "canyon 2v3 seed 11":
            # (re-pinned, session 16: the first is the man's own, the second from his gun;
            # session 17: the first drawn as "Slim drilled", a move into cover told later;
            # then the same two hits drawn anew, Levi's move cut short by his leg wound now
            # told after it)
            assert ("Slim's shot took Smiley in the right thigh; the wound was serious. "
                    "Another of Slim's bullets caught Smiley in the gut; a killing wound."
                    ) in prose
    assert seen > 50 and not twice, (seen, twice[:6])


def test_no_readier_woman_no_slam_into_a_man_in_the_head_no_ordinary_way():
    """gas-night seed 15: was "Maggie is the readier woman." (now "the readier of the two");
    gen-weird-west-11 seed 1: "Charlie Dean's bullet slams into Levi in the side of the head"
    (now "hits Levi hard in the side of the head"); "pulls his revolver the ordinary way" is
    gone from the phrases."""
    # (the fact, not one phrase: the stream moves with every Gaslight phrase change; Maggie,
    # first of the two, is told first in words for a woman among men, never "readier woman")
    assert re.search(r"\bMaggie is (?:the readier of the two|a moment ahead of the others|"
                     r"the quickest of them)\.", _prose(_story(HERE / "gas-night.yaml", 15)))
    assert "Charlie Dean's bullet hits Levi hard in the side of the head" in _prose(
        _story(HERE / "gen-weird-west-11.yaml", 1))
    # (the phrases, not the comments: draw_switch's note quotes the old phrase it replaced)
    phrases = [line for line in (ROOT / "templates/common/phrases.toml").read_text().splitlines()
               if not line.lstrip().startswith("#")]
    assert not [line for line in phrases if "ordinary way" in line]
    assert "readier woman" not in _story(HERE / "gas-night.yaml", 15)


# --------------------------------------------------------- 10. the rolls and rulings blocks
def test_a_range_ruling_and_a_fire_order_read_as_sentences_with_one_agreement():
    """shotgun-gang (any seed): the rulings block said "every shot between Texas Rangers and
    Shotgun Gang is at long range" (a line opening in lower case, no "the") and "the Shotgun
    Gang fire in the order ..." beside the rolls' "The Shotgun Gang wins the initiative"."""
    text = _story(EXAMPLES / "shotgun-gang.yaml", 1)
    assert ("  - Every shot between the Texas Rangers and the Shotgun Gang is at long range "
            "(GM ruling:") in text
    assert "  - Turn 2: the Shotgun Gang fires in the order Rickard Eriksson," in text
    assert "The Shotgun Gang wins the initiative." in text


def test_a_rolls_line_opening_on_a_lower_case_short_name_opens_in_a_capital():
    """posse seed 1 turn 9: the rolls line was "the Kid runs 12 of 12 yd (night).";
    now "The Kid runs 12 of 12 yd (night).\""""
    text = _story(HERE / "posse.yaml", 1)
    assert "\n  The Kid runs 12 of 12 yd (night).\n" in text
    assert "\n  the Kid runs" not in text


def test_a_reload_declared_in_shootout_turns_says_which_of_the_six_it_is():
    """posse seed 1 turns 4-8: Hank declared "reloads his double-barrelled shotgun" five
    turns running, the shotgun staying 0/2, with no line saying why: six shootout turns of
    reloading in a row load one combat turn's worth (000 l.497; the engine's reload_streak),
    and he was shot dead in the ninth (a combat turn) before it came. Each declaration now
    says which of the six it is."""
    text = _story(HERE / "posse.yaml", 1)
    for k in range(1, 6):
        assert (f"  - Hank: reloads his double-barrelled shotgun (shootout turn {k} of 6: six "
                "in a row load one combat turn's worth) (tactics).") in text
