"""Write-ups of a fight where every character is a woman (``pronoun: she``) call none of them
"he", "him", "his", "himself" or "man": every bundled scenario (all four rulesets), teaching
and story modes. The scenario's own words (its description, a GM ruling's reason) are the
user's and are left out."""

from __future__ import annotations

import io
import re

import pytest
from ruamel.yaml import YAML

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

from conftest import EXAMPLES

MALE = re.compile(r"\b(he|him|his|himself|man)\b", re.I)


def _all_she(path) -> str:
    """The scenario at ``path`` with every character ``pronoun: she``, no description and no
    scripted dice (so each seed fights another fight)."""
    yaml = YAML()
    data = yaml.load(path.read_text())
    data.pop("description", None)
    data.pop("dice", None)
    for side in data["sides"].values():
        for c in side:
            c["pronoun"] = "she"
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_no_male_pronoun_for_a_woman(path):
    loaded = load_scenario_text(_all_she(path), str(path))
    bad = []
    for seed in range(4):
        log = run_fight(loaded, seed=seed)
        for mode in ("teaching", "story"):
            for line in render(log, "text", mode).splitlines():
                if "GM ruling" in line:
                    continue
                bad += [f"{mode} seed {seed}: ...{line[max(0, m.start() - 60):m.end() + 30]}"
                        for m in MALE.finditer(line)]
    assert bad == [], "\n".join(bad[:10])


def test_the_violence_suppression_lines_follow_the_pronoun():
    """The Violence suppression lines (003 l.50-52) name the suppressed woman "herself": a
    fight of the bank robbery where one woman alone is suppressed."""
    loaded = load_scenario_text(_all_she(EXAMPLES / "bank-robbery.yaml"), "bank-robbery.yaml")
    texts = [render(run_fight(loaded, seed=seed), "text", "teaching") for seed in range(12)]
    assert any(re.search(r"\w+, showing herself, risks being shot", t) for t in texts)


def test_a_dying_woman_is_a_woman():
    """Boot Hill's slow death "a dying man" says "a dying woman" for ``pronoun: she`` and "a
    dying person" for ``they`` (the phrase field ``{b_man}``)."""
    from narrator.render.narrate import _NOUNS
    assert _NOUNS == {"he": "man", "she": "woman", "they": "person"}
    phrases = (EXAMPLES.parent.parent / "templates" / "common" / "phrases.toml").read_text()
    assert "a dying {b_man}." in phrases and "a dying man" not in phrases


def test_a_weird_west_refusal_names_a_woman_her():
    """Weird West's refusals at a target ("finds him out of the fight", "too far away to reach
    him") follow the target's pronoun: Bobbie surrenders on the ace, Ann's fanning at her on
    the deuce is refused (W18, ruled WN24)."""
    from test_mutants_ww import _load

    sides = {"a": [{"name": "Ann", "at": [0, 0], "weapons": [{"type": "colt_peacemaker"}],
                    "aptitudes": {"shootin": {"pistol": 2}}}],
             "b": [{"name": "Bobbie", "pronoun": "she", "at": [8, 0]},
                   {"name": "Cy", "at": [8, 5]}]}
    dice = {"Ann": {"cards": ["2C"]}, "Bobbie": {"cards": ["AS"]}, "Cy": {"cards": ["3C"]}}
    log = run_fight(_load(sides, [{"intents": {"Bobbie": {"surrender": True},
                                               "Ann": {"fan": ["Bobbie"]}}}], dice), 1)
    text = render(log, "text", "teaching")
    assert "finds her out of the fight" in text, text
