"""Story prose a fresh reader flagged in the fourteenth review, each test failing on the code
before its fix."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_gaslight_reload_that_takes_his_action_is_never_told_as_quick():
    """Old (fog-alley seed 1, round 3): "He loads the revolver again, quickly." for a reload
    that is his whole action (a snap-fire load has its own phrases, gl_reload_snap)."""
    table = tomllib.loads((ROOT / "narrator/rulesets/gaslight/templates/phrases.toml")
                          .read_text())
    assert "{a} [load] the {weapon} again, a cartridge at a time." in table["gl_reload"]
    assert not [p for p in table["gl_reload"] if "quick" in p]


def test_his_gun_is_not_said_after_a_sentence_naming_another_man_of_his_pronoun():
    """Old (stagecoach seed 1, round 3): "Dutch's bullet buries itself in the coach a hand's
    breadth from Quaid. His Colt has nothing left in it." (Quaid carries a Colt too)."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    log = run_fight(load_scenario(ROOT / "scenarios/examples/stagecoach.yaml"), 1)
    story = render(log, "markdown", "story")
    assert ("Dutch's bullet buries itself in the coach a hand's breadth from Quaid. That is "
            "the last round in Dutch's Colt.") in story


def test_gaslight_covering_fire_says_whom_it_waited_on():
    """Old (fog-alley seed 1, round 1): "Halloran, who has been waiting for precisely that,
    fires upon the instant, and misses." where the move that set it off (Rudd stepping into
    view) was never told: "that" pointed at nothing, or at the sentence before (a man
    falling)."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    table = tomllib.loads((ROOT / "narrator/rulesets/gaslight/templates/phrases.toml")
                          .read_text())
    assert not [p for g in ("gl_cover_hit", "gl_cover_miss") for p in table[g]
                if "precisely that" in p]
    log = run_fight(load_scenario(ROOT / "scenarios/examples/fog-alley.yaml"), 1)
    assert ("Halloran has been waiting for Rudd to make a move; he fires upon the instant, "
            "and misses.") in render(log, "markdown", "story")
