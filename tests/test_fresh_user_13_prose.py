"""Story prose a fresh user (a GM who posts the write-ups unedited) found wrong, thirteenth
round: his scenarios are kept in tests/fresh13p/; each test asserts the real text and failed on
the code before its fix."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.render import inflection
from narrator.scenario import load_scenario

HERE = Path(__file__).resolve().parent / "fresh13p"


@lru_cache(maxsize=32)
def _fight(name: str, seed: int | None = None):
    return run_fight(load_scenario(HERE / name), seed)


def _text(name: str, seed: int | None = None, mode: str = "story", tense: str = "present",
          fmt: str = "markdown") -> str:
    return render(_fight(name, seed), fmt, mode, options=Options(tense=tense))


# ------------------------------------------------ 1-2. side and group names from their keys
def test_a_key_shows_as_one_name_for_sides_and_groups():
    """A key with a one-letter word is a brand ("bar_t": "Bar T", "circle_r": "Circle R"),
    every word capitalised; a member's surname is capitalised ("soto_gang": "Soto gang");
    other words stay as written ("bank_robbers": "bank robbers")."""
    assert inflection.key_name("bar_t") == "Bar T"
    assert inflection.key_name("circle_r", ["Hank Dawes"]) == "Circle R"
    assert inflection.key_name("lazy_y_riders") == "Lazy Y Riders"
    assert inflection.key_name("soto_gang", ["Miguel Soto"]) == "Soto gang"
    assert inflection.key_name("bank_robbers", ["Al Hatch"]) == "bank robbers"
    assert inflection.key_name("a_team") == "a team"
    assert inflection.display_names(["circle_r", "thieves"], {}) == {"circle_r": "Circle R"}


KEYS = re.compile(r"\b(?:bar[ _]t|[Bb]ar t|soto[ _]gang|circle[ _]r|Circle r)\b")


@pytest.mark.parametrize("mode", ("story", "teaching"))
@pytest.mark.parametrize("seed", (77, 79, 80))
def test_violence_groups_without_a_name_are_named_from_their_keys(mode, seed):
    """Old: "**Lyle** leads bar t, and he has been shot", "Bar t are down to 1 of 2",
    "Soto gang are down to 1 of 2", "Ramon Soto (soto gang)", "Initiative: ..., soto gang 3":
    a group without ``name:`` is "the Bar T" in prose, "Bar T" as a label."""
    text = _text("v-creek-groupnames.yaml", seed, mode)
    assert not KEYS.search(text), KEYS.findall(text)
    assert "(Bar T)" in text and "(Soto gang)" in text   # the cast
    if mode == "teaching" and seed == 79:
        assert "**Lyle** leads the Bar T, and he has been shot" in text
        assert "The Bar T are down to 1 of 2 still fighting" in text
    if mode == "teaching" and seed == 77:
        assert re.search(r"highest first: (Soto gang|Bar T) \(", text)


def test_a_play_by_post_side_key_shows_as_its_brand():
    """Old: "**Circle r**: Hank Dawes and Billy Ortega.", "the circle r held the field"."""
    for mode in ("story", "teaching"):
        text = _text("pbp-corral.yaml", None, mode)
        assert not KEYS.search(text), KEYS.findall(text)
        assert "Circle R" in text


# ------------------------------------------------ 3. a Violence surprise: tense, case, referent
def test_a_violence_surprise_is_told_in_the_present_naming_both_sides():
    """Old: "The sotos caught the others by surprise: ..." (past tense, lower case), rolls
    "(surprise: sotos first)", story "*The Sotos have the drop on them and shoot first.*"."""
    text = _text("v-creek.yaml", None, "teaching")
    assert "The Sotos catch the drovers by surprise: **Miguel Soto** and **Ramon Soto** act " \
           "first, before initiative." in text
    seen = set()
    for seed in range(1, 9):
        text = _text("v-creek.yaml", seed)
        assert "(surprise: Sotos first)" in text
        line = next(ln for ln in text.splitlines() if ln.startswith("*") and "Sotos" in ln and not ln.startswith("**"))
        assert not re.search(r"\b(them|the others)\b", line), line
        seen.add(line)
    assert any("the drovers" in line for line in seen), seen


# ------------------------------------------------ 4. a man already down does not react
REACTION = re.compile(r"\[(?:reel|stagger|wince|grunt|grit|double|spin|buckle|sag|stay|keep|"
                      r"shrug|bleed|clutch|return|curse|swear)\b|\bteeth\b|"
                      r"\bon {?b_his}? feet\b|\bstays? up\b|\bkeeps? going\b")


def test_the_words_for_a_wound_of_a_man_already_down_tell_no_reaction():
    """The family of "They sag down, senseless. Another pellet takes them through the right
    forearm; they reel under it.": a wound a man takes once down (passed out, dying, dead, or
    falling) is told by phrases that have him do or feel nothing."""
    import tomllib
    table = tomllib.loads((Path(__file__).resolve().parent.parent / "templates" / "common"
                           / "phrases.toml").read_text(encoding="utf-8"))
    groups = [g for g in table if g.endswith("_out") and g.startswith("sev_")]
    assert set(groups) >= {"sev_scratch_out", "sev_light_out", "sev_serious_out", "sev_many_out"}
    for g in groups + ["hit_fallen_lead", "killed_fallen", "dying_fallen"]:
        for phrase in table[g]:
            assert not REACTION.search(phrase), (g, phrase)


def test_a_pellet_that_strikes_a_man_who_passed_out_from_the_one_before_finds_him_still():
    """bh-duel turn 2: Amos's second barrel drops Kid (passed out), and a later pellet of
    it strikes his arm: "Another pellet takes them through the right forearm; a bad wound."
    (was "; they reel under it")."""
    text = _text("bh-duel.yaml")
    turn2 = text.split("## Turn 2")[1].split("||")[0]
    down = re.search(r"(senseless|out cold|black out|the shock and the blood)\.", turn2)
    assert down, turn2
    after = turn2[down.end():].split("\n")[0]
    assert re.search(r"(pellet|buckshot) \w+ them through the right forearm", after), turn2
    assert not re.search(r"\b(reel|stagger|wince|grunt|grit|stay|keep)", after), after


# ------------------------------------------------ 5. a Weird West stun that took no card
def test_a_stun_is_told_as_costing_a_move_only_when_it_took_cards():
    """ww-mine round 3 (past): Josiah, stunned after spending his only card vamoosing, lost
    nothing, yet the story said "The shock robbed Josiah of his next move." Over many
    fights: "robbed ... of his next move" only in a round whose stun took cards."""
    text = _text("ww-mine.yaml", None, tense="past")
    round3 = text.split("## Round 3")[1].split("||")[0]
    assert "Josiah" in round3 and "next move" not in round3, round3
    told = lost = 0
    for seed in range(1, 41):
        log = _fight("ww-mine.yaml", seed)
        story = render(log, "markdown", "story", options=Options(tense="past"))
        rounds = story.split("## Round ")[1:]
        for r, part in enumerate(rounds, 1):
            if "next move" not in part.split("||")[0]:
                continue
            told += 1
            stuns = [e for e in log.events if e.kind == "ww_stun" and e.turn == r and e.stunned]
            assert any(e.cards_lost for e in stuns), (seed, r, part[:400])
        lost += any(e.kind == "ww_stun" and e.cards_lost for e in log.events)
    assert lost  # the fights do have stuns that cost cards


# ------------------------------------------------ 6. repeated or clumsy phrasing
def _sentences(text: str) -> list[str]:
    """The story's own sentences (no headings, cast, status or rolls blocks)."""
    out = []
    for para in text.split("\n\n"):
        if para.startswith(("#", "**", "-", "*")) or "||" in para:
            continue
        out += re.split(r"(?<=[.!?])\s+", para)
    return out


def test_a_man_surprised_from_the_dark_turn_after_turn_is_never_told_it_word_for_word():
    """bh-night: "Out of the dark, Dutch's shot takes Nils completely by surprise." word for
    word in turns 2 and 3. The first time a surprise, then "again" in other words; over 30
    fights no sentence of it is said twice."""
    first = _text("bh-night.yaml")
    dark = [s for s in _sentences(first) if "dark" in s]
    assert len(dark) == 3 and len(set(dark)) == 3, dark
    # (a first surprise's words: since session 22 the surprise comes with the shot, ruling
    # BN8, and the phrase drawn for it is "never sees ... out of nowhere")
    assert re.search(r"completely by surprise|out of nowhere", dark[0]), dark
    assert not re.search(r"surprise|out of nowhere", " ".join(dark[1:])), dark
    for seed in range(1, 31):
        told = [s for s in _sentences(_text("bh-night.yaml", seed)) if "dark" in s]
        assert len(told) == len(set(told)), (seed, told)


def test_a_later_shot_of_the_turn_is_told_as_his_next_not_as_his_first():
    """bh-livery seed 4247: "Wes Pruitt hits the water trough, not Ada Crane. His shot takes
    Ada in the chest" (his second shot); turn 2: "Wes's bullet goes a hand's breadth wide of
    Reese. The bullet from Wes's rifle finds Reese" (his second, told as if the first)."""
    text = _text("bh-livery.yaml", 4247)
    assert "Wes Pruitt hits the water trough, not Ada Crane. His second bullet takes Ada in " \
           "the chest" in text
    turn2 = _text("bh-livery.yaml").split("## Turn 2")[1].split("||")[0]
    assert re.search(r"Wes's bullet goes a hand's breadth wide of Reese\. (Wes's next bullet|"
                     r"The next bullet from Wes's rifle|His next bullet) finds Reese", turn2), turn2
    # a miss after his hit: his next shot ("Her aim is off, and Cal is spared" was told after
    # Ada's first bullet took Cal)
    assert re.search(r"Ada's bullet \w+ Cal [^.]*\. [^.]*\bsecond shot\b[^.]*Cal\.", turn2), turn2


def test_one_miss_is_told_once():
    """gen-street-big turn 1: Walter's two barrels both miss Ezra; was "Ezra "Missouri" Garza
    is lucky: Walter's buckshot goes astray. Walter's buckshot misses Ezra by a foot." (two
    misses told as two tellings of one)."""
    turn1 = _text("gen-street-big.yaml").split("## Turn 1")[1].split("||")[0]
    told = [s for s in _sentences(turn1) if "Walter" in s and "Ezra" in s or "Walter's" in s]
    assert len(told) >= 2 and "second" in told[1], told
    # (re-pinned, session 17: his first miss is drawn in other words since a move into cover
    # is told after the mover's shots; the same facts, the second told as his second shot)
    assert re.search(r"Walter(?:'s buckshot goes astray| Griffin misses Ezra \"Missouri\" "
                     r"Garza by the width of a hand)\. [^.]*\bsecond shot\b", turn1), turn1


# ------------------------------------------------ 9. small wording
def test_every_shot_home_is_both_or_all():
    """"Of the two shots fired, two have gone home" -> "both"."""
    assert inflection.tally(2, 2)["nhits"] == "both"
    assert inflection.tally(9, 9)["nhits"] == "all" and inflection.tally(14, 14)["nhits"] == "all"
    assert inflection.tally(9, 8)["nhits"] == "eight" and inflection.tally(2, 1)["nhits"] == "one"
