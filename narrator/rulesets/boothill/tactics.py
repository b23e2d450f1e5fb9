"""Tactics profiles: what a character with no declared intent does this turn.

Placeholder interface (issue 5 builds the profiles): ``decide(fight, turn, fighter)`` returns
an Intent or None (the character waits).

May import: narrator.scenario.models, narrator.rulesets.boothill.*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from narrator.scenario.models import Intent

if TYPE_CHECKING:  # pragma: no cover
    from narrator.rulesets.boothill.fight import BootHillFight
    from narrator.rulesets.boothill.state import Fighter

PROFILES: tuple[str, ...] = ()


def decide(fight: BootHillFight, turn: int, f: Fighter) -> Intent | None:
    """The intent ``f``'s tactics profile chooses for ``turn``, or None to wait."""
    return None
