"""Scenario files: the YAML loader (ruamel.yaml, the only ruamel import), the shared model base
(``models``) and the play-by-post saver; each ruleset's own model is in its package.

May import: narrator.errors, narrator.dice, narrator.ruleset (the registry).
"""

from narrator.scenario.loader import load_scenario, load_scenario_text

__all__ = ["load_scenario", "load_scenario_text"]
