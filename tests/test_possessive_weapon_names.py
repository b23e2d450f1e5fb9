"""A weapon whose name carries an owner's possessive ("Pa's shotgun", "Doc's Colt", the
engine's "Alf's thrown knife" of a knife picked up from Alf by a man who carries one of that
name) says whose it is itself: the write-up puts no second determiner before it. Before:
"throws her Alf's thrown knife at Boone", "draws her Alf's thrown knife the ordinary way",
"Hattie picks up the Alf's thrown knife (Alf threw it)." (street.yaml seed 6), "fires his
Doc's Colt", "The Pa's shotgun is empty.", "breaks open the Pa's shotgun" in every ruleset
and mode. One helper says it (``Narration.whose``, ``Narration.the_weapon``, on
``inflection.owned_weapon``); an ordinary name is told as before ("his Colt", "the Colt")."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.render.markup import Options
from narrator.scenario import load_scenario_text

STREET = Path(__file__).resolve().parent / "fresh16" / "street.yaml"
RULESETS = ["boothill", "violence", "weird-west", "gaslight"]
OWNERS = ["Pa", "Doc", "Uncle Jim", "Ma"]

#: a determiner of the write-up's own before a name that has its owner already: "his Doc's
#: Colt", "The Pa's shotgun", "the Uncle Jim's rifle" (markup may sit between them)
DOUBLED = re.compile(r"\b(?:his|her|their|its|the|a|an)\s+(?:\*\*|_|\[b\]|<strong>)?"
                     r"(?:Pa|Doc|Uncle Jim|Ma|Alf)(?:'|&#39;|’)s\b", re.IGNORECASE)
#: "Alf's thrown knife (Alf threw it)": the name says whose it was already
REDUNDANT = re.compile(r"\b(\w+)(?:'|&#39;)s [^()\n]*\(\1 threw it\)")


def _named(yaml: str) -> str:
    """Every weapon of a generated scenario named for an owner outside the fight, by its own
    type: "Pa's shotgun", "Doc's single action revolver"."""
    owners = itertools.cycle(OWNERS)
    return re.sub(r"\{type: (\w+)",
                  lambda m: f"{{type: {m[1]}, name: \"{next(owners)}'s {m[1].replace('_', ' ')}\"",
                  yaml)


@lru_cache(maxsize=None)
def _generated(ruleset: str, seed: int) -> str:
    from typer.testing import CliRunner

    from narrator.cli import app

    r = CliRunner().invoke(app, ["generate", "--sides", "posse:3", "gang:3", "--ruleset",
                                 ruleset, "--seed", str(seed), "--max-turns", "6"])
    assert r.exit_code == 0, r.stderr
    return _named(r.stdout)


def _write_ups(scenario: str, seed: int | None = None, fmt: str = "text") -> dict[str, str]:
    """The fight told in teaching mode and in story mode, present and past (with its rolls
    block and its declarations)."""
    log = run_fight(load_scenario_text(scenario, "<fight>"), seed)
    return {"teaching": render(log, fmt, "teaching"),
            "story": render(log, fmt, "story"),
            "story past": render(log, fmt, "story", options=Options(tense="past"))}


def _faults(text: str) -> list[str]:
    lines = text.splitlines()
    return [ln for ln in lines if DOUBLED.search(ln) or REDUNDANT.search(ln)]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_name_with_its_owner_takes_no_determiner(ruleset, seed):
    scenario = _generated(ruleset, seed)
    assert "name: \"Pa's " in scenario
    for mode, text in _write_ups(scenario).items():
        assert "Pa's " in text or "Doc's " in text, (ruleset, seed, mode)
        assert _faults(text) == [], (ruleset, seed, mode)


def test_html_alike():
    """HTML escapes the apostrophe ("Pa&#39;s shotgun"): the name still says its owner."""
    scenario = _generated("gaslight", 1)
    for mode, text in _write_ups(scenario, fmt="html").items():
        assert "Pa&#39;s " in text, mode
        assert _faults(text) == [], mode


@lru_cache(maxsize=None)
def _street(mode: str) -> str:
    log = run_fight(load_scenario_text(STREET.read_text(), str(STREET)), 6)
    return render(log, "text", mode)


def test_street_seed_6_rolls_say_whose_knife_once():
    story = _street("story")
    assert "Hattie picks up Alf's thrown knife.\n" in story
    assert "Hattie picks up the Alf's" not in story
    assert "Alf's thrown knife (Alf threw it)" not in story
    assert "Hattie picks up the thrown knife (Alf threw it).\n" in story  # not renamed: kept


def test_street_seed_6_declaration_throws_alfs_knife():
    for mode in ("story", "teaching"):
        assert "- Hattie: normal draw; throws Alf's thrown knife at Boone, a careful throw " \
               "(tactics).\n" in _street(mode).replace("**", ""), mode
    assert _faults(_street("story")) == [] and _faults(_street("teaching")) == []


def test_street_seed_6_teaching_draws_alfs_knife():
    assert "Hattie draws Alf's thrown knife the ordinary way: 3 counts (ready on count 3)." \
        in _street("teaching").replace("**", "")


def test_an_ordinary_name_keeps_its_determiner():
    from narrator.render.inflection import owned_weapon, the_weapon, whose

    assert whose("his", "Colt") == "his Colt"
    assert whose("her", "Doc's Colt") == "Doc's Colt"
    assert whose("their", "Uncle Jim’s rifle") == "Uncle Jim’s rifle"
    assert the_weapon("double-barrelled shotgun") == "the double-barrelled shotgun"
    assert the_weapon("Pa's shotgun") == "Pa's shotgun"
    assert owned_weapon("Pa's shotgun") == ("Pa's", "shotgun")
    assert owned_weapon("Pa&#39;s shotgun") == ("Pa&#39;s", "shotgun")
    assert owned_weapon("Jesus' rifle") == ("Jesus'", "rifle")
    for plain in ("Colt", "Pa's", "'Old Bess' rifle", ".45 Colt", "Winchester '73"):
        assert owned_weapon(plain) is None, plain


def test_story_phrases_drop_their_determiner_before_an_owned_name():
    from narrator.render.narrate import _named_owner, _owned_phrase

    assert _owned_phrase("{a} [reload] {a_his} {weapon}.", "weapon") == "{a} [reload] {weapon}."
    assert _owned_phrase("The {weapon} [kick] in {a_his} hands.", "weapon") == \
        "{weapon} [kick] in {a_his} hands."
    assert _owned_phrase("{a} [be] knocked flat by the kick of {a_his} own {weapon}.",
                         "weapon") == "{a} [be] knocked flat by the kick of {weapon}."
    assert _owned_phrase("{a} [fight] the jammed {weapon}.", "weapon") == \
        "{a} [fight] {weapon_owner} jammed {weapon_bare}."
    assert _owned_phrase("{a} [let] the {old} be and [go] for {a_his} {weapon}.", "old") == \
        "{a} [let] {old} be and [go] for {a_his} {weapon}."
    # told as a man's by his name: his name alone says whose ("Hattie's shotgun")
    assert _named_owner("A bullet from {a}'s {weapon} [take] {b}.", "weapon") == \
        "A bullet from {a}'s {weapon_bare} [take] {b}."
