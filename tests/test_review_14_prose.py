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
