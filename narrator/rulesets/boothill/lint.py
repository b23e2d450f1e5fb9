"""Boot Hill's warnings that need the tactics (``Ruleset.lint``): what ``check`` and ``run``
say of a scenario beside the validation's own warnings (``boothill.scenario``), which may not
import the engine or the tactics.

May import: narrator.dice, narrator.errors, narrator.rulesets.boothill.*.
"""

from __future__ import annotations

from typing import Any

from narrator.errors import NarratorError, ScenarioError


def sniping_after_tactics(loaded: Any) -> list[ScenarioError]:
    """Warn of a sniping intent after the first turn (left by the validation in
    ``loaded.notes["sniping"]``: no shot is declared before it) that a tactics profile's shot
    comes before: the sniping bonus (+2) is for the fight's first shot only (001 l.26;
    ruling B3). What the profiles do in turn 1 is known before any die (the scenario's
    positions, guns and intents: ``BootHillFight.complete_intents``); a profile's shot there
    is warned as a declared one is. What they do in later turns depends on the dice: a
    profile that decides one of the turns between is named, and the warning says that check
    reads the declared turns and turn 1's tactics only.

    Returns:
        One located warning per such sniping intent (at its ``sniping:``), in file order.
    """
    pending = loaded.notes.get("sniping") or []
    sc = loaded.scenario
    profiles = {c.name: c.tactics for _, c in sc.characters() if c.tactics}
    his = {c.name: {"she": "her", "they": "their"}.get(c.pronoun, "his")
           for _, c in sc.characters()}
    hers = {c.name: {"she": "hers", "they": "theirs"}.get(c.pronoun, "his")
            for _, c in sc.characters()}
    if not pending or not profiles:
        return []
    from narrator.rulesets.boothill.scenario import declared_shots
    first = sc.turns[0]
    shooters: list[str] = []
    if any(name not in first.intents for name in profiles):
        from narrator.dice import ScriptedDice
        from narrator.ruleset import get as ruleset
        seed = sc.seed if sc.seed is not None else 0
        dice = ScriptedDice(loaded.script, seed, "seeded", loaded.path)
        try:
            fight = ruleset(sc.ruleset).fight(loaded, dice, seed, False)
            intents = fight.complete_intents(1, first.intents, first.kind)
        except NarratorError:  # (run reports what stops the fight)
            intents = {}
        shooters = [name for name, it in intents.items()
                    if name not in first.intents and declared_shots(it)]
    out = []
    for t, full, (line, column) in pending:
        if shooters:
            who = shooters[0]
            whose = f"{his[full]} own tactics" if who == full else f"{who}'s tactics"
            message = (f"warning: {full} snipes in turn {t + 1}, but {whose} "
                       f"({profiles[who]}) shoot in turn 1, before it: the sniping bonus (+2) "
                       f"is for the fight's first shot only (001 l.26; ruling B3), so it does "
                       f"not apply here; drop sniping:")
        else:
            later = [name for name in profiles
                     if any(name not in sc.turns[i].intents for i in range(1, t))]
            if not later:
                continue
            turns = "turn 2" if t == 2 else f"turns 2-{t}"
            names = " and ".join(later) if len(later) <= 2 else \
                ", ".join(later[:-1]) + f" and {later[-1]}"
            message = (f"warning: {full} snipes in turn {t + 1}, but {names} "
                       f"{'has a tactics profile that decides' if len(later) == 1 else 'have tactics profiles that decide'} "
                       f"{turns} as the fight goes, and a shot of "
                       f"{hers[later[0]] if len(later) == 1 else 'theirs'} before turn {t + 1} "
                       f"would take "
                       f"the sniping bonus (+2, the fight's first shot only: 001 l.26; ruling "
                       f"B3); check reads the declared turns and turn 1's tactics only")
        out.append(ScenarioError(message, loaded.path, line, column))
    return out
