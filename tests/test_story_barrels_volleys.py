"""Two story repeats a reader saw (last session's prose helper, not reached then):

- Weird West: a double-barrel's first barrel into cover, then its second barrel's hit told as
  a fresh charge ("Kid's buckshot bored into the rock ledge and died there. The charge from
  Kid's double-barrel shotgun raked Silas in the head"): now "With the second barrel, Kid
  found Silas in the head" (w_pellets <again>, weird.j2 aftermath's ``nth``).
- Violence: a volley's phrase said twice in one fight (17 of 47 generated fights with volleys:
  "Ned threw a string of shots at Jim; at least one went home." twice): v_hit_volley had three
  phrases, v_miss_volley seven; nine and eleven now, opening in more ways.

Each test failed on the code before."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from functools import lru_cache
from pathlib import Path

# (prose_lint as the other modules import it, not tests.prose_lint: one module, so one set of
# the fights and story prose it keeps)
from prose_lint import ruleset_fights, story_of, violence_fights

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=1)
def _weird_west():
    return ruleset_fights("weird-west", 40)


def _story(log) -> str:
    """The past-tense markdown story prose (``prose_lint.story_of``: made once per fight for
    every module that reads it)."""
    return story_of(log, "past")


#: A shotgun's charge told anew (its boom, "the charge from", "cuts loose").
_FRESH = re.compile(r"\bboom|\bThe charge from\b|\bcut loose\b")


def test_a_second_barrel_after_one_into_cover_is_the_second_barrel():
    """40 generated Weird West fights: each hit of a double-barrel's second barrel (a shot of
    the round after another with the same gun, the gun emptied by it) is told as the second
    barrel, never with a fresh charge's words after the first barrel's buckshot into cover;
    three were before (canyon 4v2 seed 7, corral 3v1 seed 2, canyon 4v4 seed 31)."""
    told, bad = 0, []
    for label, log in _weird_west():
        story = _story(log)
        turns = {}
        for e in log.events:
            if e.kind == "ww_shot":
                turns.setdefault((e.turn, e.character, e.weapon), []).append(e)
        for (turn, who, weapon), shots in turns.items():
            second = [e for e in shots[1:] if e.rounds_left == 0 and e.hit
                      and e.weapon_type in ("double_barrel_shotgun", "sawed_off_shotgun")]
            if not second:
                continue
            short = next(c.short for c in log.events[0].characters if c.name == who)
            for sent in re.split(r"(?<=[.!?])\s+", story):
                if f"With the second barrel, {short}" in sent or \
                        f"{short} let go the second barrel" in sent or \
                        f"{short}'s second barrel" in sent:
                    told += 1
        # the reader's pattern: buckshot into cover, then the same man's charge told anew
        for para in story.split("\n\n"):
            sents = re.split(r"(?<=[.!?])\s+", para)
            for s, nxt in zip(sents, sents[1:]):
                m = re.match(r"(.+?)'s buckshot (?:thudded|bored|buried|lodged|spent|split)", s)
                if m and _FRESH.search(nxt) and m.group(1) in nxt:
                    bad.append(f"[{label}] {s} {nxt}")
    assert bad == [], "\n".join(bad)
    assert told >= 4


def _pattern(phrase: str) -> re.Pattern:
    """A phrase as a pattern of the sentences it makes (fields and verbs any words)."""
    parts = re.split(r"(\[[^\]]*\]|\{\w+\})", phrase)
    return re.compile("".join(".+?" if x[:1] in "[{" else re.escape(x) for x in parts))


def test_a_volley_phrase_is_not_said_twice_in_a_violence_fight():
    """60 generated Violence fights: no volley phrase (v_hit_volley, v_miss_volley) is said
    twice in a fight, names aside (17 of 47 fights with volleys did before)."""
    table = tomllib.loads((ROOT / "templates/common/phrases.toml").read_text())
    volleys = [(p, _pattern(p)) for g in ("v_hit_volley", "v_miss_volley") for p in table[g]]
    repeats, fights, told_all = [], 0, 0
    for label, log in violence_fights(60):
        if not any(e.kind == "gun_fired" and e.shots > 2 for e in log.events):
            continue
        fights += 1
        told: Counter = Counter()
        for sent in re.split(r"(?<=[.!?])\s+", _story(log)):
            for phrase, pat in volleys:
                if pat.fullmatch(sent):
                    told[phrase] += 1
        told_all += sum(told.values())
        repeats += [f"[{label}] {p}" for p, k in told.items() if k > 1]
    assert fights >= 40 and told_all >= 100
    assert repeats == [], "\n".join(repeats)
