"""Odds through the vectorised kernel, and work spread over processes or a Dask cluster.

``narrator.batch.run_odds`` asks ``kernel_tally`` first; when the scenario's ruleset has no
kernel (``Ruleset.kernel``), or its kernel does not cover the scenario, it raises
``Uncovered`` and the odds are fought by the engine, and the result says so (``Odds.path``).

Kernel trials are cut into chunks of ``kernel_chunk_size`` fights (``KERNEL_CHUNK`` at most,
fewer for many men: the kernel's arrays grow with fights x men); chunk ``c`` starting at trial
``s`` draws from NumPy's generator seeded ``[base_seed, s]``, so the result depends on the
base seed, the number of trials and of men, never on the number of processes or the cluster.

``map_jobs`` runs jobs in this process, in local processes (``multiprocessing``), or, given a
scheduler address, on a Dask distributed cluster (``pip install 'narrator[dask]'``); results
come back in job order.

May import: narrator.batch (lazily), narrator.ruleset (the registry), narrator.scenario,
narrator.errors; distributed (lazily, for ``--scheduler``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from narrator.errors import NarratorError
from narrator.ruleset import Uncovered
from narrator.ruleset import get as get_ruleset
from narrator.scenario.loader import LoadedScenario

KERNEL_CHUNK = 25_000   # kernel fights per job at most (fixed: results must not depend on workers)
KERNEL_MAN_FIGHTS = 125_000   # fights x men per job at most (the kernel's arrays grow with both)
KERNEL_CHUNK_MIN = 2_000
_LOCAL = threading.local()


class SchedulerError(NarratorError):
    """The Dask scheduler cannot be reached or the extra is not installed."""


def kernel_reasons(loaded: LoadedScenario, tables_only: bool = False) -> list[str]:
    """Why the kernel cannot fight this scenario at all (empty: it can try)."""
    name = loaded.scenario.ruleset
    kernel = get_ruleset(name).kernel()
    if kernel is None:
        return [f"the {name} ruleset"]
    return kernel.not_covered(loaded.scenario, tables_only)


def kernel_chunk_size(loaded: LoadedScenario) -> int:
    """Fights per kernel job for this scenario: ``KERNEL_CHUNK``, or fewer so that fights x
    men stay within ``KERNEL_MAN_FIGHTS`` (not below ``KERNEL_CHUNK_MIN``). Bigger chunks
    cost less per fight (the kernel's work per step is partly the same for any number of
    fights); 100,000 trials of up to five men are four chunks, two for each of two workers."""
    men = sum(len(members) for members in getattr(loaded.scenario, "sides", {}).values())
    return min(KERNEL_CHUNK, max(KERNEL_CHUNK_MIN, KERNEL_MAN_FIGHTS // max(men, 1)))


def kernel_chunks(trials: int, size: int | None = None) -> list[tuple[int, int]]:
    """``(first trial, fights)`` of each kernel job: ``size`` fights at most (None:
    ``KERNEL_CHUNK``), in an even number of chunks when more than one, their sizes differing
    by one at most, so that two workers (four, for a multiple of four) share them evenly:
    100,000 trials at 20,000 at most are six chunks of 16,666 or 16,667, not five of 20,000
    (three for one worker, two for the other). Depends on nothing but its arguments."""
    size = size or KERNEL_CHUNK
    count = -(-trials // size)
    if count > 1 and count % 2:
        count = min(count + 1, trials)
    out, start = [], 0
    for c in range(count):
        n = trials // count + (c < trials % count)
        out.append((start, n))
        start += n
    return out


def kernel_job(loaded: LoadedScenario, base: int, tables_only: bool, chunk: tuple[int, int]):
    """One chunk of kernel fights: their ``Tally``. The kernel's caches (decisions, prepared
    shots) are kept per process and thread for the scenario, so later chunks reuse them.

    Raises:
        Uncovered: the kernel meets something it does not cover.
    """
    from narrator.batch import Tally

    kernel = get_ruleset(loaded.scenario.ruleset).kernel()
    if kernel is None:
        raise Uncovered(f"the {loaded.scenario.ruleset} ruleset")
    contexts = getattr(_LOCAL, "contexts", None)
    if contexts is None:
        contexts = _LOCAL.contexts = {}
    key = (id(loaded), tables_only)
    ctx = contexts.get(key)
    if ctx is None or ctx.scenario is not loaded.scenario:
        if len(contexts) > 8:
            contexts.clear()
        ctx = contexts[key] = kernel.context(loaded, tables_only)
    start, n = chunk
    return kernel.run(ctx, n, base, start, Tally)


_STATE: dict[str, Any] = {}


def _init(loaded: LoadedScenario, base: int, tables_only: bool) -> None:
    _STATE.update(loaded=loaded, base=base, tables_only=tables_only)


def _job(chunk: tuple[int, int]):
    return kernel_job(_STATE["loaded"], _STATE["base"], _STATE["tables_only"], chunk)


def kernel_tally(loaded: LoadedScenario, trials: int, base: int, workers: int = 1,
                 on_progress: Callable[[int], None] | None = None, *,
                 tables_only: bool = False, scheduler: str | None = None):
    """All ``trials`` fights through the kernel, summed into one ``Tally``.

    Raises:
        Uncovered: the kernel does not cover the scenario (nothing is reported as done).
        SchedulerError: ``scheduler`` cannot be used.
    """
    from narrator.batch import Tally

    reasons = kernel_reasons(loaded, tables_only)
    if reasons:
        raise Uncovered(", ".join(reasons))
    chunks = kernel_chunks(trials, kernel_chunk_size(loaded))
    sizes = iter(n for _, n in chunks)
    report = (lambda _: on_progress(next(sizes))) if on_progress else None
    tally = Tally()
    for part in map_jobs(_init, (loaded, base, tables_only), _job, chunks, workers, report,
                         scheduler=scheduler):
        tally.merge(part)
    return tally


# ---------------------------------------------------------------------- spreading work
def map_jobs(init: Callable, initargs: tuple, fn: Callable, items: list, workers: int,
             on_progress: Callable[[int], None] | None = None, *,
             scheduler: str | None = None) -> Iterator:
    """``fn(item)`` for each item, in order, after ``init(*initargs)`` in each process: in this
    process (``workers`` 1), in ``workers`` local processes, or on the Dask cluster whose
    scheduler listens at ``scheduler`` (``tcp://host:8786``, or a ``distributed.Client``).

    Raises:
        SchedulerError: the ``distributed`` package is missing or the scheduler cannot be
            reached.
    """
    if scheduler is not None:
        yield from _dask_map(init, initargs, fn, items, scheduler, on_progress)
        return
    from narrator.batch import _map

    yield from _map(init, initargs, fn, items, workers, on_progress)


_INIT_LOCK = threading.Lock()


def _remote(init: Callable, initargs: tuple, token: str, fn: Callable, item: Any) -> Any:
    """Run on a Dask worker: initialise once per token (process), then ``fn(item)``."""
    with _INIT_LOCK:
        if getattr(_LOCAL, "token", None) != token or _STATE.get("_token") != token:
            init(*initargs)
            _LOCAL.token = token
            _STATE["_token"] = token
        return fn(item)


def connect(address: str, timeout: float = 5.0):
    """A ``distributed.Client`` of the scheduler at ``address``.

    Raises:
        SchedulerError: the Dask extra is not installed, or no scheduler answers in time.
    """
    try:
        from distributed import Client
    except ImportError as exc:
        raise SchedulerError("--scheduler needs the Dask extra: "
                             "pip install 'narrator[dask]'") from exc
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SchedulerError(f"--scheduler {address}: cannot reach a Dask scheduler "
                             f"({' '.join(str(exc).split())})") from exc


def _dask_map(init: Callable, initargs: tuple, fn: Callable, items: list, scheduler: Any,
              on_progress: Callable[[int], None] | None) -> Iterator:
    import uuid

    own = isinstance(scheduler, str)
    client = connect(scheduler) if own else scheduler
    try:
        token = uuid.uuid4().hex
        # hash=False: a key of its own. With the default content key, a second odds run of
        # the same scenario scatters under the key of the first, whose futures are being
        # released meanwhile, and the new tasks can be cancelled ("lost dependencies").
        shared = client.scatter(initargs, broadcast=True, hash=False)
        futures = client.map(_remote, [init] * len(items), [shared] * len(items),
                             [token] * len(items), [fn] * len(items), items, pure=False)
        for fut in futures:
            out = fut.result()
            if on_progress:
                on_progress(1)
            yield out
    finally:
        if own:
            client.close()
