"""A gun told emptied is named when its man carries another: "Lem has no rounds left in the
gun" (or "Lem's gun is empty now") of Lem Cutler's coach gun read as if he had nothing left
to shoot, while his revolver was full. Each test failed on the code before."""

from __future__ import annotations

import re
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.ruleset import get
from narrator.scenario import load_scenario, load_scenario_text

ROOT = Path(__file__).resolve().parent.parent

#: An emptied gun told by its bare head noun: "the gun", "Lem's gun", "his gun".
BARE = re.compile(r"(?:no rounds left in|nothing left in|not a cartridge left in|fired \w+) "
                  r"the gun\b|\b(?:\w+'s|[Hh]is|[Hh]er|[Tt]heir) gun (?:is|was) (?:empty|spent)"
                  r"|\bin (?:\w+'s|his|her|their) gun\.|(?<!coach )\bgun (?:is|was) empty")
# ("Coyote Robert's coach gun is empty now." names the gun: a coach gun, never "the gun")


def _story(log, tense: str = "present") -> str:
    text = render(log, "text", "story", options=Options(tense=tense))
    return "\n".join(line for line in text.splitlines() if not line.startswith("  "))


def test_the_bank_robbery_names_lems_emptied_coach_gun():
    """Lem (a coach gun and a revolver) fires both barrels at Sam: old "Lem's gun is empty
    now."; his revolver is still full."""
    log = run_fight(load_scenario(ROOT / "scenarios/examples/bank-robbery.yaml"), None)
    story = _story(log)
    assert ("Blood shows on Sam's shirt; he fights on. Lem's coach gun is empty now.") in story
    assert "Lem's gun is empty" not in story
    end = [e for e in log.events if e.kind == "turn_ended"][0]
    lem = next(c for c in end.status if c.name == "Lem Cutler")
    assert [(w.name, w.loaded) for w in lem.weapons] == [("coach gun", 0), ("revolver", 6)]


def test_no_emptied_gun_of_a_man_with_two_is_just_the_gun():
    """30 generated 3-on-3 Violence fights (the ruleset whose men most often carry two guns
    and run one dry), both tenses: a man who carries two guns never has "the gun" emptied
    (seed 14: "Arthur has no rounds left in the gun." of his coach gun, his revolver
    emptied the round before: which gun?)."""
    ruleset = "violence"
    for seed in range(1, 31):
        setting = ["street", "saloon", "corral", "canyon"][seed % 4]
        text = get(ruleset).generate([("posse", 3), ("gang", 3)], setting, seed, 12, "g")
        ld = load_scenario_text(text, "<generated>")
        two = {c.short or c.name for side in ld.scenario.sides.values() for c in side
               if len(c.weapons) > 1}
        if not two:
            continue
        log = run_fight(ld, seed)
        for tense in ("present", "past"):
            for sentence in re.split(r"(?<=[.!?])\s+", _story(log, tense)):
                if BARE.search(sentence) and any(re.search(rf"\b{re.escape(w)}\b", sentence)
                                                  for w in two):
                    raise AssertionError((seed, tense, sentence))
    text = get("violence").generate([("posse", 3), ("gang", 3)], "corral", 14, 12, "g")
    story = _story(run_fight(load_scenario_text(text, "<generated>"), 14))
    assert "Arthur has no rounds left in the coach gun." in story
