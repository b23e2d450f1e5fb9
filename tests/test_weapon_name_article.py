"""A weapon named with its own article or owner ("the Greener", "her Colt"): the write-up puts
in its own, so the name is kept without it (``narrator.scenario.models.bare_weapon_name``),
in every ruleset's loader. Before: "The the Greener booms", "reloads her the Greener" (fresh-user
trial, session 15). An intent still names the weapon as the GM wrote it."""

from __future__ import annotations

import re

import pytest

RULESETS = ["boothill", "violence", "weird-west", "gaslight"]

#: a determiner of the write-up's own before one the GM wrote: "The the Greener", "his the
#: Greener", "her my Colt"
DOUBLED = re.compile(r"\b(the|a|an|his|her|their|its)\s+(the|a|an|his|her|their|its|my|our|your)"
                     r"\s+(Greener|Colt|Gun|Piece)\b", re.IGNORECASE)


@pytest.mark.parametrize("written, kept", [
    ("the Greener", "Greener"), ("The Greener", "Greener"), ("a Greener", "Greener"),
    ("an old Colt", "old Colt"), ("her Colt", "Colt"), ("His  Colt", "Colt"),
    ("Schofield", "Schofield"), ("The", "The"), ("Theodore's Colt", "Theodore's Colt"),
    ("Another Colt", "Another Colt"),
])
def test_a_leading_article_or_owner_is_dropped(written, kept):
    from narrator.scenario.models import bare_weapon_name

    assert bare_weapon_name(written) == kept


def _named(yaml: str) -> str:
    """Every weapon of a generated scenario named with an article or an owner, by turns."""
    names = iter(["the Greener", "her Colt", "a Gun", "The Piece", "his Greener", "my Colt"] * 9)
    return re.sub(r"\{type: (\w+)", lambda m: f"{{type: {m[1]}, name: {next(names)}", yaml)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_ruleset_tells_a_weapon_with_two_articles(run_cli, tmp_path, ruleset):
    gen = run_cli(None, "generate", "--sides", "posse:3", "gang:3", "--ruleset", ruleset,
                  "--seed", "3", "--max-turns", "8")
    assert gen.exit_code == 0, gen.stderr
    scenario = _named(gen.stdout)
    assert "name: the Greener" in scenario
    for mode in ("teaching", "story"):
        r = run_cli(scenario, "run", "--mode", mode, "--format", "text")
        assert r.exit_code == 0, r.stderr
        assert "Greener" in r.stdout and "Colt" in r.stdout
        assert DOUBLED.findall(r.stdout) == []


def test_an_intent_names_the_weapon_as_the_gm_wrote_it(run_cli):
    scenario = """\
title: The Greener
ruleset: boothill
seed: 5
sides:
  law:
    - name: Kate Malone
      short: Kate
      pronoun: she
      attributes: {str: 12, coo: 14, obs: 12, sta: 10, luck: 8}
      skills: {rifle: 4, pistol: 3}
      weapons: [{type: single_action_revolver}, {type: shotgun, name: the Greener}]
      at: [0, 0]
      drawn: true
  outlaws:
    - name: Jed Black
      short: Jed
      attributes: {str: 12, coo: 14, obs: 12, sta: 12, luck: 8}
      skills: {pistol: 3}
      weapons: [{type: single_action_revolver}]
      at: [10, 0]
turns:
  - kind: combat
    intents:
      Kate: {shoot: Jed, weapon: the Greener}
      Jed: {shoot: Kate}
"""
    r = run_cli(scenario, "run", "--format", "text")
    assert r.exit_code == 0, r.stderr
    assert "Kate Malone: STR 12, COO 14, OBS 12, STA 10, Luck 8; Pistol 3, Rifle 4; " \
           "single-action revolver, Greener" in r.stdout
    assert "- Kate Malone: shoots at Jed with her Greener." in r.stdout
    assert "the Greener" not in r.stdout.replace("The Greener", "")
