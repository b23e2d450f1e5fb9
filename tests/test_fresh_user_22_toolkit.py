"""The toolkit, as a fresh user found it (session 22, issue 16).

1. ``narrator generate`` glued a given name into the nickname: '"Curly Thomas" Nicholson',
   '"Doc Harry" Arnold', short 'Curly Thomas' ("Curly Thomas picks out "Smiley Otto" Aguilar
   next."). A nickname is one word or phrase in quotes between the given name and the
   surname, the period form ('Harry "Kid" Hamilton'), and a man goes by it or by his given
   name: by the nickname only when it reads as a man alone (``npcs.NICKNAMES_NOT_ALONE``:
   'Elmer "Brazos" Davis' is Elmer), and never by one a reader mixes up with another man's
   short name (``inflection.alike_names``, a8e7158).
"""

from __future__ import annotations

import itertools
import re

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from narrator import npcs
from narrator.cli import app
from narrator.render.inflection import alike_names
from narrator.rulesets.gaslight import generate as gaslight
from narrator.ruleset import get as ruleset

#: the rulesets whose ``generate`` draws nicknames (``npcs._name``; Gaslight's own generator
#: draws none)
NICKNAMING = ["boothill", "violence", "weird-west"]
PLAIN = re.compile(r"^(?P<first>[A-Z][a-z]+) (?P<last>[A-Z][\w']+)$")
NICKNAMED = re.compile(r'^(?P<first>[A-Z][a-z]+) "(?P<nick>[^"]+)" (?P<last>[A-Z][\w\']+)$')
GIVEN = set(npcs.FIRST_MALE) | set(npcs.FIRST_FEMALE) | set(gaslight.FIRST) | set(
    gaslight.FIRST_SHE)


def _people(text: str) -> list[tuple[str, str]]:
    """(full name, short name) of each man of a generated scenario's YAML text."""
    data = YAML(typ="safe").load(text)
    return [(c["name"], c["short"]) for side in data["sides"].values() for c in side]


def _check(people: list[tuple[str, str]]) -> tuple[int, int]:
    """Assert the period form of every name of one fight; (men going by their nickname,
    nicknamed men going by their given name)."""
    by_nick = by_given = 0
    for full, short in people:
        assert not full.startswith('"'), full            # '"Curly Thomas" Nicholson'
        m = NICKNAMED.match(full) or PLAIN.match(full)
        assert m is not None, full
        assert m["first"] in GIVEN, full
        nick = m.groupdict().get("nick")
        if nick is None:
            assert short == m["first"], (full, short)
            continue
        # the quotes hold a nickname and nothing else: no given name glued to it
        assert nick in npcs.NICKNAMES, full
        if short == nick:
            assert nick not in npcs.NICKNAMES_NOT_ALONE, full   # 'Whiskey', 'Brazos'
            by_nick += 1
        else:
            assert short == m["first"], (full, short)     # never 'Curly Thomas'
            by_given += 1
    shorts = [s for _, s in people]
    assert len(set(shorts)) == len(shorts), shorts
    assert [(a, b) for a, b in itertools.combinations(shorts, 2) if alike_names(a, b)] == []
    return by_nick, by_given


@pytest.mark.parametrize("name", NICKNAMING)
def test_a_generated_nickname_stands_between_the_given_name_and_the_surname(name):
    """200 generated fights a ruleset (3 on 4, 5 on 6, three sides; every setting)."""
    by_nick = by_given = 0
    for seed in range(1, 201):
        sides = [[("posse", 3), ("rustlers", 4)], [("posse", 5), ("rustlers", 6)],
                 [("law", 3), ("gang", 3), ("drifters", 2)]][seed % 3]
        setting = npcs.SETTINGS[seed % len(npcs.SETTINGS)]
        text = ruleset(name).generate(sides, setting, seed=seed, max_turns=20, command="")
        n, g = _check(_people(text))
        by_nick, by_given = by_nick + n, by_given + g
    # (of some 1,700 men about half are nicknamed, near 250 going by the nickname, near 600
    # by the given name: both ways of being called are drawn often)
    assert by_nick > 200 and by_given > 500, (by_nick, by_given)


@pytest.mark.parametrize("name", NICKNAMING + ["gaslight"])
def test_the_user_s_corral(name, tmp_path):
    """``narrator generate --sides posse:3 rustlers:4 --setting corral --seed 7 --out F``,
    in each ruleset generate knows. In Boot Hill this was 'Curly Thomas', 'Smiley Otto' and
    'Doc Harry'; it now has a man going by his nickname and a nicknamed man going by his
    given name (the nickname a place: 'Brazos')."""
    out = tmp_path / "raid.yaml"
    result = CliRunner().invoke(app, ["generate", "--ruleset", name, "--sides", "posse:3",
                                      "rustlers:4", "--setting", "corral", "--seed", "7",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    people = _people(out.read_text())
    assert len(people) == 7
    by_nick, by_given = _check(people)
    if name == "boothill":
        assert (by_nick, by_given) == (1, 1), people
