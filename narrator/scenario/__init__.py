"""Scenario models (pydantic) and the YAML loader (ruamel.yaml, the only ruamel import).

May import: narrator.errors, narrator.dice, narrator.rulesets (for table names only).
"""

from narrator.scenario.loader import load_scenario, load_scenario_text
from narrator.scenario.models import Scenario

__all__ = ["Scenario", "load_scenario", "load_scenario_text"]
