"""What the rulesets' odds kernels share: the round loop over NumPy arrays of fights
(``RoundKernel``) and the entry the core calls for a chunk of fights (``run_kernel``).

A kernel fights ``trials`` fights of one scenario at once: arrays (fights, men, ...) of their
state, one combat round (or turn) of every fight still going at a time, its dice drawn from
one NumPy generator seeded with ``[seed, stream]``, so a chunk's results depend on the seed and
its first trial number only.

May import: numpy, narrator.rows, narrator.ruleset.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable
from typing import Any, ContextManager

import numpy as np

from narrator.rows import rows_any, rows_sum
from narrator.ruleset import Uncovered


class RoundKernel:
    """The state of ``trials`` fights of one scenario, and the round loop over them.

    A subclass calls ``super().__init__(ctx, trials, rng)`` and defines ``in_fight`` (who
    counts for his side), ``round`` (one round of the fights named) and ``tally``; it may
    define ``plan_round`` (before a round) and ``round_over`` (after it). ``ctx`` has the
    scenario's ``sc`` (``turns``, ``max_turns``), ``sides`` and ``side_idx`` (each man's side,
    an index into ``sides``).

    Attributes set here, (fights,) or (fights, men) int64 unless said: ``done`` (bool, the
    fight is over), ``turns`` (rounds fought), ``shots``, ``hits`` (by each man), ``fought``
    (bool: any round was fought at all).
    """

    def __init__(self, ctx: Any, trials: int, rng: np.random.Generator) -> None:
        self.ctx, self.trials, self.rng = ctx, trials, rng
        n = ctx.n
        self.done = np.zeros(trials, dtype=bool)
        self.turns = np.zeros(trials, dtype=np.int64)
        self.shots = np.zeros((trials, n), dtype=np.int64)
        self.hits = np.zeros((trials, n), dtype=np.int64)
        self.fought = False

    def d(self, sides: int, m: int) -> np.ndarray:
        """``m`` rolls of a die of ``sides`` faces, (m,) int64 from 1 to ``sides``."""
        return self.rng.integers(1, sides + 1, size=m)

    # -------------------------------------------------------------- the fight loop
    def run(self) -> None:
        """Every round of every fight (as many as the scenario's declared turns or its
        ``max_turns``, the more): ``plan_round``, ``round``; a fight with one side or none left
        in it is over (``round_over`` is told); a fight still going after the last round is
        cut off undecided, not over (no ``round_over``: Violence VN1, Boot Hill BN6)."""
        sc = self.ctx.sc
        total = max(len(sc.turns), sc.max_turns or 0)
        for t in range(1, total + 1):
            live = np.flatnonzero(~self.done)
            if len(live) == 0:
                break
            self.fought = True
            self.plan_round(t, live)
            self.round(t, live)
            over = rows_sum(self.sides_up(live), 1) <= 1
            self.turns[live] = t
            self.round_over(live[over])
            self.done[live[over]] = True

    def plan_round(self, t: int, live: np.ndarray) -> None:
        """Before round ``t`` of the fights ``live`` (indices): what each man will do."""

    def round(self, t: int, live: np.ndarray) -> None:
        """Round ``t`` of the fights ``live`` (indices)."""
        raise NotImplementedError

    def round_over(self, fi: np.ndarray) -> None:
        """The fights ``fi`` (indices) are over: after-the-fight rolls."""

    def in_fight(self, fi: np.ndarray) -> np.ndarray:
        """(fights, men) bool: each man of the fights ``fi`` still counts for his side."""
        raise NotImplementedError

    def sides_up(self, fi: np.ndarray, up: np.ndarray | None = None) -> np.ndarray:
        """(fights, sides) bool: the sides with a man still in the fight (``up``: the
        (fights, men) ``in_fight(fi)``, when the caller has it)."""
        up = self.in_fight(fi) if up is None else up
        side_idx = self.ctx.side_idx
        return np.stack([rows_any(up[:, side_idx == k], 1)
                         for k in range(len(self.ctx.sides))], axis=1)

    def tally(self, tally_cls: type) -> Any:
        """The odds' integer counts, a ``tally_cls`` (``narrator.batch.Tally``)."""
        raise NotImplementedError


def run_kernel(kernel_cls: Callable[..., Any], not_covered: Callable[[Any, bool], list[str]],
               ctx: Any, trials: int, seed: int, stream: int = 0, tally_cls: type | None = None,
               within: ContextManager | None = None) -> Any:
    """Fight ``trials`` fights of the context's scenario at once and return their tally.

    Args:
        kernel_cls: the ruleset's kernel class, called ``(ctx, trials, rng)``; it has ``run()``
            and ``tally(tally_cls)``.
        not_covered: the ruleset's ``not_covered(scenario, tables_only)``.
        ctx: the scenario's kernel context (reused for later chunks: its caches grow); it has
            ``scenario`` and ``tables_only``.
        trials: number of fights.
        seed, stream: NumPy's generator is seeded with ``[seed, stream]`` (a chunk of a
            bigger run passes its first trial number as ``stream``).
        tally_cls: the tally class to fill (``narrator.batch.Tally``).
        within: a context manager entered around the fights (not around ``not_covered``).

    Returns:
        The kernel's ``tally(tally_cls)``.

    Raises:
        Uncovered: the scenario uses something the kernel does not cover (``not_covered``'s
            reasons, joined), or a fight met one.
    """
    reasons = not_covered(ctx.scenario, ctx.tables_only)
    if reasons:
        raise Uncovered(", ".join(reasons))
    with within if within is not None else contextlib.nullcontext(), _no_gc():
        k = kernel_cls(ctx, trials, np.random.default_rng([seed, stream]))
        k.run()
        return k.tally(tally_cls)


@contextlib.contextmanager
def _no_gc():
    """Python's cyclic garbage collector paused (as it was, after): a chunk makes many
    small tuples and lists and keeps big caches of them, and each collection walks them all
    (1-2% of a chunk's time, none of it finding garbage: the kernels make no cycles to
    speak of). Results do not depend on it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
