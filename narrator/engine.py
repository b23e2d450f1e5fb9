"""Ruleset-independent entry point: a loaded scenario and a seed in, a FightLog out.

The ruleset named by the scenario (``narrator.ruleset``) builds the engine.

May import: narrator.dice, narrator.events, narrator.errors, narrator.ruleset.
"""

from __future__ import annotations

import secrets

from narrator.dice import ScriptedDice
from narrator.events import FightLog
from narrator.ruleset import get as ruleset
from narrator.scenario.loader import LoadedScenario


def choose_seed(loaded: LoadedScenario, seed: int | None) -> int:
    """The seed to use: the one given, else the scenario's, else a fresh one (reported)."""
    if seed is not None:
        return seed
    if loaded.scenario.seed is not None:
        return loaded.scenario.seed
    return secrets.randbelow(10**9)


def run_fight(loaded: LoadedScenario, seed: int | None = None, *, tables_only: bool = False,
              dice_fallback: str | None = None, stop_after: int | None = None,
              recorded: dict[int, tuple[dict, dict]] | None = None,
              adjustments: dict[int, dict[str, dict]] | None = None) -> FightLog:
    """Fight the scenario to its end and return the event log.

    Args:
        loaded: a scenario from ``narrator.scenario.load_scenario``.
        seed: overrides the scenario's seed.
        tables_only: the default profile: ignore the scenario's house rules and GM rulings
            (what counts as one is the ruleset's).
        dice_fallback: "seeded" or "error"; overrides the scenario's ``dice_fallback``.
        stop_after: stop after this turn (play-by-post: resolve one turn at a time).
        recorded: the recorded rolls of turns already resolved (see ``ScriptedDice``).
        adjustments: GM edits of the state, by turn (see the ruleset's ``Fight.run``).

    Raises:
        DiceError: scripted dice ran out (fallback "error") or cannot be shown by the die.
    """
    used_seed = choose_seed(loaded, seed)
    fallback = dice_fallback or loaded.scenario.dice_fallback
    dice = ScriptedDice(loaded.script, used_seed, fallback, loaded.path, recorded)
    fight = ruleset(loaded.scenario.ruleset).fight(loaded, dice, used_seed, tables_only)
    return fight.run(stop_after, adjustments)
