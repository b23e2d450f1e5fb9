"""Whose a weapon's name says it is (``narrator.weapon_owner``, one rule for the write-ups
and the engines):

1. a maker's name is no owner: "Colt's Navy" is the holder's, told "his Colt's Navy" in
   every ruleset (it was told as Colt's, with no "his": "fires Colt's Navy", and "Hattie's
   Navy" of a shot from it, 6ce07f9's rule taking any possessive for an owner);
2. Boot Hill names a thrown weapon another man picks up, when he carries one of that name,
   for its thrower: a name that says an owner already takes the thrower's in its place
   ("Alf's knife" of Alf's "Pa's knife"; it was "Alf's Pa's knife").
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

STREET = Path(__file__).resolve().parent / "fresh16" / "street.yaml"


@pytest.mark.parametrize("name, split", [
    ("Pa's shotgun", ("Pa's", "shotgun")),
    ("Jim's rifle", ("Jim's", "rifle")),            # an owner out of the fight
    ("Uncle Jim's Sharps rifle", ("Uncle Jim's", "Sharps rifle")),
    ("Doc’s Colt", ("Doc’s", "Colt")),
    ("Jesus' rifle", ("Jesus'", "rifle")),
    ("Henry's rifle", ("Henry's", "rifle")),        # a man's name first
    ("Uncle Colt's shotgun", ("Uncle Colt's", "shotgun")),  # kin: a man called Colt
    ("Colt's Navy", None),
    ("Colt’s Navy", None),
    ("Colt&#39;s Navy", None),
    ("Sharps' rifle", None),
    ("Sam Colt's revolver", None),
    ("Remington's New Model Army", None),
    ("Bowie's knife", None),
    ("Winchester '73", None),
    ("Colt", None),
])
def test_owned_weapon(name, split):
    from narrator.weapon_owner import owned_weapon
    assert owned_weapon(name) == split
    from narrator.render.inflection import owned_weapon as told
    assert told(name) == split


def test_whose_and_the_of_a_makers_name():
    from narrator.render.inflection import the_weapon, whose
    assert whose("his", "Colt's Navy") == "his Colt's Navy"
    assert whose("Hattie's", "Colt's Navy", named=True) == "Hattie's Colt's Navy"
    assert the_weapon("Colt's Navy") == "the Colt's Navy"
    assert whose("her", "Pa's shotgun") == "Pa's shotgun"


@lru_cache(maxsize=None)
def _generated(ruleset: str, seed: int) -> str:
    from typer.testing import CliRunner

    from narrator.cli import app

    r = CliRunner().invoke(app, ["generate", "--sides", "posse:3", "gang:3", "--ruleset",
                                 ruleset, "--seed", str(seed), "--max-turns", "6"])
    assert r.exit_code == 0, r.stderr
    makers = itertools.cycle(["Colt's", "Remington's", "Sharps'"])
    return re.sub(r"\{type: (\w+)",
                  lambda m: f"{{type: {m[1]}, name: \"{next(makers)} {m[1].replace('_', ' ')}\"",
                  r.stdout)


#: a maker's possessive told as the weapon's owner: the name with no determiner after a
#: verb of handling it ("fires Colt's", "reloads Remington's"; the rolls lines' terse "draws
#: Colt's Navy" has no determiner of any name), or "Colt's jammed Navy"
MAKERS = r"(?:Colt|Remington|Sharp)(?:'s|s'|&#39;s)"
AS_OWNER = re.compile(rf"\b(?:fires|fired|reloads|reloaded|throws|threw) \**{MAKERS}"
                      rf"|{MAKERS} jammed")


@pytest.mark.parametrize("ruleset", ["boothill", "violence", "weird-west", "gaslight"])
def test_a_makers_name_is_the_holders_in_every_ruleset(ruleset):
    told = 0
    for seed in (1, 2):
        scenario = _generated(ruleset, seed)
        log = run_fight(load_scenario_text(scenario, "<fight>"), None)
        for mode in ("teaching", "story"):
            text = render(log, "text", mode)
            assert not AS_OWNER.search(text), (seed, mode, AS_OWNER.search(text)[0])
            told += len(re.findall(rf"\b(?:his|her|their) {MAKERS} ", text))
    assert told > 0, ruleset


@lru_cache(maxsize=None)
def _street_pa(mode: str) -> str:
    """street.yaml with Alf's two thrown knives named "Pa's knife", seed 6: Hattie picks up
    the first (hers then, its name kept), then the second, renamed for its thrower."""
    text = STREET.read_text().replace(
        "weapons: [{type: thrown_knife}, {type: thrown_knife}, {type: bowie_knife}]",
        "weapons: [{type: thrown_knife, name: \"Pa's knife\"}, {type: thrown_knife, name: "
        "\"Pa's knife\"}, {type: bowie_knife}]")
    assert "Pa's knife" in text
    return render(run_fight(load_scenario_text(text, str(STREET)), 6), "text", mode)


def test_a_picked_up_knife_named_for_an_owner_takes_its_throwers_name():
    story = _street_pa("story")
    assert "Hattie picks up Alf's knife.\n" in story
    assert "double-barrelled shotgun 0/2, Alf's knife 1/1; behind the water trough" in story
    assert "- Hattie: normal draw; throws Alf's knife at Boone, a careful throw " \
           "(tactics).\n" in story.replace("**", "")
    assert "Alf's Pa's" not in story and "Alf's Pa's" not in _street_pa("teaching")
