"""The turn loop every ruleset's engine shares: play-by-post depends on it being the same.

Each turn starts on the dice (``start_turn``: the turn's own seeded stream, or the rolls
recorded when ``narrator next`` resolved it), so a fight resolved turn by turn rolls exactly
what one ``run`` rolls; ``stop_after`` pauses the fight after that turn (``narrator next``);
the loop remembers how many turns were fought and why it ended.

May import: the standard library only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class TurnLoop:
    """Turns ``1..total``, for ``for t in loop:``; tell it each fought turn with ``done``.

    Attributes:
        reason: how the fight ended: "turns_ran_out" (every turn fought), "paused" (stopped
            after ``stop_after`` with turns left), "side_down" (``done(t, over=True)``).
        turns: the last turn fought (0 before the first).

    Example::

        loop = TurnLoop(total, dice, stop_after)
        for t in loop:
            ...fight turn t...
            if loop.done(t, len(sides_standing) <= 1):
                break
        FightEnded(loop.turns, ..., loop.reason, ...)
    """

    def __init__(self, total: int, dice: Any, stop_after: int | None = None) -> None:
        self.total = total
        self.dice = dice
        self.stop_after = stop_after
        self.reason = "turns_ran_out"
        self.turns = 0

    def __iter__(self) -> Iterator[int]:
        start_turn = getattr(self.dice, "start_turn", None)  # plain dice (tests) have none
        for t in range(1, self.total + 1):
            if self.stop_after is not None and t > self.stop_after:
                self.reason = "paused"
                return
            if start_turn is not None:
                start_turn(t)
            yield t

    def done(self, t: int, over: bool) -> bool:
        """Turn ``t`` is fought; ``over``: the fight ended with it (returns ``over``)."""
        self.turns = t
        if over:
            self.reason = "side_down"
        return over
