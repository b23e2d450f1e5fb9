"""Generated names and descriptions a fresh user (session 20) found read oddly in the prose:
a nickname that reads as a thing used as the short name ("Clyde's bullet takes Shotgun
square", "strikes Whiskey in the right thigh"), one man's first name another's surname
("Morgan Keller" and "Ned Morgan": "finds Morgan in the belly"), and two sides giving the
same reason word for word ("The a had been hired to see the b dead, and meant to earn their
pay. The b had been hired to see the a dead, and meant to earn their pay.")."""

from __future__ import annotations

import itertools
import re

import pytest
from ruamel.yaml import YAML

from narrator import npcs
from narrator import ruleset as rulesets

RULESETS = ["boothill", "violence", "weird-west", "gaslight"]


def _generated(ruleset: str, sides, setting: str, seed: int) -> dict:
    text = rulesets.get(ruleset).generate(sides, setting, seed=seed, max_turns=8, command="")
    return YAML(typ="safe").load(text)


def _men(doc: dict) -> list[dict]:
    return [m for side in doc["sides"].values() for m in side]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_thing_nickname_alone_and_no_first_name_another_mans_surname(ruleset):
    """60 generated fights of 7 to 24 men each: no short name is a nickname of
    ``NICKNAMES_NOT_ALONE``; no man's first name is another man's surname. Some men still go
    by a nickname alone ("Kid", "Doc"), but in Gaslight."""
    by_nick = 0
    for seed in range(1, 61):
        n = 12 if seed % 3 == 0 else 4
        doc = _generated(ruleset, [("posse", 3 if n == 4 else n), ("rustlers", n)],
                         npcs.SETTINGS[seed % len(npcs.SETTINGS)], seed)
        men = _men(doc)
        firsts, lasts = {}, {}
        for m in men:
            words = re.sub(r'"[^"]*"\s*', "", m["name"]).split()
            firsts[m["name"]], lasts[m["name"]] = words[0], words[-1]
            short = m.get("short", "")
            assert short not in npcs.NICKNAMES_NOT_ALONE, (seed, m["name"], short)
            by_nick += short in npcs.NICKNAMES
        for a in men:
            for b in men:
                if a is not b:
                    assert firsts[a["name"]] != lasts[b["name"]], (seed, a["name"], b["name"])
    if ruleset != "gaslight":  # Gaslight's Victorian names carry no nicknames
        assert by_nick >= 5, by_nick


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_two_sides_give_the_same_reason(ruleset):
    """Two sides of one kind (neither the law nor outlaws: "a" and "b"; and two outlaw
    sides) over 20 seeds and every setting: the description never says the same sentence twice."""
    for seed in range(1, 21):
        for sides, setting in itertools.product(([("a", 2), ("b", 2)],
                                                 [("gang", 2), ("rustlers", 2)]), npcs.SETTINGS):
            doc = _generated(ruleset, sides, setting, seed)
            said = [s.strip() for s in re.split(r"(?<=\.)\s+", doc["description"])]
            skeletons = [re.sub(r"\bthe (a|b|gang|rustlers)\b", "X", s, flags=re.I) for s in said]
            assert len(skeletons) == len(set(skeletons)), (seed, sides, doc["description"])
