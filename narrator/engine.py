"""Ruleset-independent entry point: a loaded scenario and a seed in, a FightLog out.

May import: narrator.dice, narrator.events, narrator.errors, narrator.rulesets.
"""

from __future__ import annotations

import secrets

from narrator.dice import ScriptedDice
from narrator.events import FightLog
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.scenario.loader import LoadedScenario


def choose_seed(loaded: LoadedScenario, seed: int | None) -> int:
    """The seed to use: the one given, else the scenario's, else a fresh one (reported)."""
    if seed is not None:
        return seed
    if loaded.scenario.seed is not None:
        return loaded.scenario.seed
    return secrets.randbelow(10**9)


def run_fight(loaded: LoadedScenario, seed: int | None = None, *, tables_only: bool = False,
              dice_fallback: str | None = None) -> FightLog:
    """Fight the scenario to its end and return the event log.

    Args:
        loaded: a scenario from ``narrator.scenario.load_scenario``.
        seed: overrides the scenario's seed.
        tables_only: the default profile: ignore the scenario's house rules and GM rulings.
        dice_fallback: "seeded" or "error"; overrides the scenario's ``dice_fallback``.

    Raises:
        DiceError: scripted dice ran out (fallback "error") or cannot be shown by the die.
    """
    used_seed = choose_seed(loaded, seed)
    fallback = dice_fallback or loaded.scenario.dice_fallback
    dice = ScriptedDice(loaded.script, used_seed, fallback, loaded.path)
    fight = BootHillFight(loaded.scenario, loaded.side_of, dice,
                          profile_of(loaded.scenario, tables_only), used_seed)
    return fight.run()
