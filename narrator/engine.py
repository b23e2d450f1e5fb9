"""Ruleset-independent entry point: a loaded scenario and a seed in, a FightLog out.

The ruleset named by the scenario (``narrator.ruleset``) builds the engine.

May import: narrator.dice, narrator.events, narrator.errors, narrator.ruleset.
"""

from __future__ import annotations

import secrets

from narrator.dice import ScriptedDice, SeededDice
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


def lean_fight(loaded: LoadedScenario, seed: int, *,
               tables_only: bool = False) -> BootHillFight | None:
    """The lean path of Monte Carlo odds: fight ``seed`` with the records off.

    The same Boot Hill engine and the same dice as ``run_fight(loaded, seed,
    dice_fallback="seeded", tables_only=...)`` (so the same fight as ``narrator run --seed``),
    but no event objects, no roll log and no hash: the fight object is returned, its
    ``ending`` (turns fought, reason), ``elapsed`` seconds, fighters and shot counts as the
    fight left them (``narrator.batch.fight_summary`` reads them).

    Returns:
        The fought ``BootHillFight``, or None where the lean path does not apply: another
        ruleset than Boot Hill, or scripted dice (the lean dice are all seeded).
    """
    if loaded.scenario.ruleset != "boothill" or loaded.script:
        return None
    fight = BootHillFight(loaded.scenario, loaded.side_of, SeededDice(seed),
                          profile_of(loaded.scenario, tables_only), seed, record=False)
    fight.run()
    return fight


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
