"""Story prose read against the rolls by a fresh GM (fresh user 23, /work/fresh23 REPORT items 2,
6 and 15): the scenarios are the GM's own generated files, copied to tests/fresh23/.

* The same sentence twice in one paragraph ("Spent shells fall at Arthur's feet as he
  reloads." twice in round 12 of ``ww.yaml --seed 234``): every phrase of the group had been
  told before in the write-up, and the fallback took the first pick again, the sentence said a
  moment ago. Now the one told longest ago.
* A vamoose that worked, told without the dodge ("His buckshot clips the air an inch from
  Josephine's head", w_duck); a failed vamoose of a man lying down, then a prone miss, told
  without the dodge ("Belle shoots high over Coyote Zeke, who lies pressed flat in the dirt").
* "He, already down, is too winded to rise." (down is out of the fight elsewhere: prone is
  said as lying on the ground).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario

from conftest import EXAMPLES
from prose_lint import story_prose

HERE = Path(__file__).resolve().parent / "fresh23"
SPLIT = re.compile(r"(?<=[.!?])[\"\u201d]?\s+(?=[A-Z0-9\"\u201c])")


@functools.lru_cache(maxsize=256)
def _story(path: str, seed: int, tense: str = "present") -> str:
    log = run_fight(load_scenario(Path(path)), seed)
    return story_prose(render(log, "markdown", "story", options=Options(tense=tense)), "markdown")


def _rounds(path: str, seed: int) -> list[tuple[str, list[str]]]:
    """(story, rolls lines) of each round of the markdown story write-up."""
    log = run_fight(load_scenario(Path(path)), seed)
    text = render(log, "markdown", "story")
    out = []
    for part in re.split(r"^## Rounds? \d+.*$", text, flags=re.M)[1:]:
        rolls = re.search(r"\|\|\*\*Rolls, rounds? [^*]*\*\*\n(.*?)\|\|", part, re.S)
        story = part[:rolls.start()] if rolls else part
        out.append((story.replace("\\", ""), rolls.group(1).splitlines() if rolls else []))
    return out


def _repeats(prose: str) -> list[str]:
    """Sentences of three words or more said twice in one paragraph."""
    found = []
    for para in prose.split("\n\n"):
        seen: set[str] = set()
        for s in (x.strip() for x in SPLIT.split(para)):
            if len(s.split()) >= 3 and s in seen:
                found.append(s)
            seen.add(s)
    return found


def test_no_sentence_twice_in_a_paragraph_ww_shotgun_reloads():
    """ww.yaml: Arthur's shotgun is reloaded every other card; seeds 10, 43, 48 and 234 told
    "Spent shells fall at Arthur's feet as he reloads." twice in one paragraph."""
    found = [(seed, s) for seed in (10, 43, 48, 234)
             for s in _repeats(_story(str(HERE / "ww.yaml"), seed))]
    assert found == []
    twelve = _rounds(str(HERE / "ww.yaml"), 234)[11][0]
    reloads = [s for s in SPLIT.split(twelve) if re.search(r"\b(reloads|shells|loads)\b", s)]
    assert len(reloads) == 2 and reloads[0] != reloads[1], twelve


SCENARIOS = sorted(str(p) for p in [*HERE.glob("*.yaml"), *EXAMPLES.glob("*.yaml")])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: Path(p).name)
def test_no_sentence_twice_in_a_paragraph_many_seeds(path):
    """Every bundled example and the GM's generated files (all four rulesets), 12 seeds each
    in both tenses: no sentence said twice inside a paragraph."""
    found = [(seed, tense, s) for seed in range(1, 13) for tense in ("present", "past")
             for s in _repeats(_story(path, seed, tense))]
    assert found == []


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: Path(p).name)
def test_no_sentence_twice_in_a_paragraph_wide(path):
    found = [(seed, s) for seed in range(13, 80) for s in _repeats(_story(path, seed))]
    assert found == []


DODGE = re.compile(r"\b(duck|ducks|ducked|dive|dives|dived|throws? (him|her|them)self|roll|rolls|"
                   r"rolled|rolling|dodge|dodges|dodged|twist|twists|twisted|drops?|dropped|"
                   r"tries to roll)\b")


def _dodges_untold(path: str, seeds) -> list[tuple[int, int, str]]:
    """(seed, round, story) of each round whose story has fewer words of dodging than the
    rolls have vamooses that made the shot miss: a dodge that worked ("dodge 30 vs 8,
    success +4, misses"), or a failed one before a shot that went over a man lying down
    ("fail, hits" then "prone miss")."""
    out = []
    for seed in seeds:
        for k, (story, rolls) in enumerate(_rounds(path, seed), 1):
            told = 0
            for i, line in enumerate(rolls):
                if re.match(r".+? vamooses \(.*success.*misses$", line) or (
                        re.match(r".+? vamooses \(.*fail, hits$", line)
                        and i + 1 < len(rolls) and rolls[i + 1].endswith("prone miss")):
                    told += 1
            if told > len(DODGE.findall(story)):
                out.append((seed, k, story))
    return out


def test_a_vamoose_is_told_ww_234():
    """ww.yaml seed 234 round 12: Josephine vamoosed at Arthur's first barrel (dodge 30 vs 8,
    misses); the story said "His buckshot clips the air an inch from Josephine's head" and
    nothing of her ducking. Round 3: Coyote Zeke, lying down, failed his vamoose and the
    shot was a prone miss: "Belle shoots high over Coyote Zeke, who lies pressed flat"."""
    rounds = _rounds(str(HERE / "ww.yaml"), 234)
    twelve = rounds[11][0]
    assert re.search(r"Josephine[^.]*\b(ducks|dives|throws herself|drops|twists)\b", twelve), \
        twelve
    three = rounds[2][0]
    assert re.search(r"Coyote Zeke[^.]*\b(tries to roll|rolls aside)\b[^.]*\bover him\b", three), \
        three


def test_every_vamoose_at_a_shot_is_told_with_a_dodge_word():
    """ww.yaml seeds 1-30: a vamoose that made a shot miss is told (a word of dodging for
    each in the round's story)."""
    assert _dodges_untold(str(HERE / "ww.yaml"), range(1, 31)) == []


def test_prone_is_not_said_as_down():
    """ww.yaml seed 234 round 4: "He, already down, is too winded to rise." ("down" is out of
    the fight elsewhere): the phrases say he lies on the ground."""
    texts = [_story(str(HERE / "ww.yaml"), seed) for seed in range(225, 240)]
    assert not any("already down" in t for t in texts)
    four = _rounds(str(HERE / "ww.yaml"), 234)[3][0]
    assert re.search(r"Coyote Zeke[^.]*(flat where he lies|where he is|gasping|lying)", four), four


CLOSE = re.compile(r"close to giving up|ready to (give up|run)|\bwavers?\b|nerve of [^.]* shaken")
FIRM = re.compile(r"\bfirm\b|no thought of giving up|without a thought of quitting|"
                  r"does not shake|nobody thinks of running")


def _morale_mismatches(path: str, seeds) -> list[tuple[int, int, str, str]]:
    """(seed, round, rolls, story) of each round whose held morale checks were all far from
    breaking (2d6 two or more below the rating) told as a near thing, or all within one of it
    told as holding firm."""
    out = []
    for seed in seeds:
        for k, (story, rolls) in enumerate(_rounds(path, seed), 1):
            held = [(int(m.group(1)), int(m.group(2))) for line in rolls
                    if (m := re.match(r"Morale, .*= (\d+) vs (\d+), they hold", line))]
            if not held:
                continue
            near = [total >= rating - 1 for total, rating in held]
            if not any(near) and CLOSE.search(story) or all(near) and FIRM.search(story):
                out.append((seed, k, " / ".join(l for l in rolls if l.startswith("Morale")),
                            story.strip()))
    return out


def test_violence_morale_follows_the_margin():
    """vi-mine.yaml (``batch --runs 8``): "Morale, escort (halved: 1 of 2): 2+1 = 3 vs 7, they
    hold." told "Cut down in number, the escort comes close to giving up, but keeps at it."
    (and 2 vs 7 "looks ready to give up"): a near thing only within one of the rating."""
    assert _morale_mismatches(str(HERE / "vi-mine.yaml"), range(1, 41)) == []
    assert _morale_mismatches(str(HERE / "vi.yaml"), range(1, 21)) == []
    # seed 1: 3 vs 7, told as holding with no thought of giving up; seed 6: 7 vs 7, a near thing
    one = "\n".join(s for s, _ in _rounds(str(HERE / "vi-mine.yaml"), 1))
    assert FIRM.search(one) and not CLOSE.search(one), one


def _his_twice(prose: str) -> list[str]:
    """Paragraphs with two sentences opening on the same three words after "His", "Her" or
    "Their" ("His second shot goes wide of Mary. ... His second shot goes high over Mary.")."""
    found = []
    for para in prose.split("\n\n"):
        seen: set[str] = set()
        for s in (x.strip() for x in SPLIT.split(para)):
            m = re.match(r"(His|Her|Their) (\S+ \S+)", s)
            if m and m.group(0) in seen:
                found.append(m.group(0))
            elif m:
                seen.add(m.group(0))
    return found


def test_two_shooters_second_shots_not_both_his():
    """bh.yaml seed 234 turn 2: "James shoots Mary ... His second shot goes wide of Mary. Big
    Ned fires, and Mary is hit ... His second shot goes high over Mary." (the second "His"
    reads as James's): the second man is named."""
    text = _story(str(HERE / "bh.yaml"), 234)
    assert _his_twice(text) == []
    assert re.search(r"Big Ned fires, and Mary is hit[^.]*\. [^.]*Big Ned's", text), text
    found = [(Path(p).name, seed, s) for p in (str(HERE / "bh.yaml"), str(HERE / "gl.yaml"),
                                               str(EXAMPLES / "abilene-saloon.yaml"))
             for seed in range(225, 240) for s in _his_twice(_story(p, seed))]
    assert found == []


START = re.compile(r"\b(starts loading|begins to load|sets about loading|turns to loading|"
                   r"gets to work on reloading)\b")


def _bh_turns(path: str, seed: int) -> list[tuple[str, list[str]]]:
    """(story, rolls lines) of each turn of a Boot Hill story write-up (markdown)."""
    log = run_fight(load_scenario(Path(path)), seed)
    text = render(log, "markdown", "story")
    out = []
    for part in re.split(r"^## Turns? \d+.*$", text, flags=re.M)[1:]:
        rolls = re.search(r"\|\|\*\*Rolls, turns? [^*]*\*\*\n(.*?)\|\|", part, re.S)
        story = part[:rolls.start()] if rolls else part
        out.append((story.replace("\\", ""), rolls.group(1).splitlines() if rolls else []))
    return out


def _restarts(path: str, seed: int) -> list[tuple[int, str]]:
    """(turn, sentence) of each reload told as begun by a man who declared a reload the turn
    before too (and fired no shot in it)."""
    out = []
    before: set[str] = set()
    for k, (story, rolls) in enumerate(_bh_turns(path, seed), 1):
        now = {m.group(1) for line in rolls if (m := re.match(r"- (.+?): reloads ", line))}
        fired = {m.group(1) for line in rolls if (m := re.match(r"(.+?) at .*\bshot\b", line))}
        for s in SPLIT.split(story):
            m = START.search(s)
            if m and any(s.startswith(who) for who in before - fired):
                out.append((k, s))
        before = now
    return out


def test_bh_reload_is_not_begun_again():
    """bh.yaml seed 232: Lefty loads her cap-and-ball revolver from turn 4 to turn 15; the
    story told "Lefty sets about loading her revolver" (turn 9) and "Lefty starts loading her
    revolver" (turn 10) after six turns of it."""
    found = [(seed, k, s) for seed in (232, *range(1, 16)) for k, s in _restarts(
        str(HERE / "bh.yaml"), seed)]
    assert found == []


def test_bh_reload_run_broken_by_a_combat_turn_is_said_lost():
    """bh.yaml seed 232 turn 12 (a combat turn after two shootout turns of loading): the
    rolls say the two shootout turns count for nothing (000 l.497, ruling B16), as does the
    declaration; the teaching write-up too."""
    rolls = "\n".join(line for _, lines in _bh_turns(str(HERE / "bh.yaml"), 232)
                      for line in lines)
    assert ("Lefty reloads her cap-and-ball revolver: +0 (1/3/turn), 0/6. The 2 shootout turns "
            "of loading before it count for nothing") in rolls, rolls
    assert re.search(r"- Lefty: reloads her cap-and-ball revolver \(the 2 shootout turns of "
                     r"loading before it count for nothing", rolls), rolls
    log = run_fight(load_scenario(HERE / "bh.yaml"), 232)
    teaching = render(log, "markdown", "teaching")
    assert teaching.count("count for nothing") >= 2
