"""Many fights of one or more scenarios: batch write-ups and Monte Carlo odds, in parallel.

Run ``i`` of a scenario uses seed ``base + i``, where ``base`` is the scenario's ``seed:`` (or
the ``seed`` argument): a batch file ``<stem>-<seed>.<ext>`` is exactly what
``narrator run SCENARIO --seed <seed>`` writes. Work is cut into jobs that do not depend on
the number of worker processes, and results are put back in job order (odds: integer tallies
summed), so one worker and eight give identical files and identical tables.

Odds ignore the scenario's scripted ``dice:`` (every trial would otherwise be the same fight):
all dice are seeded. Declared turns, house rules, rulings and tactics are kept.

Nothing here prints; the CLI draws the progress bar (``on_progress``) and the tables.

The outcome names, what counts as a shot and the tactics profiles are the ruleset's
(``narrator.ruleset.Ruleset``).

May import: narrator.engine, narrator.scenario, narrator.events, narrator.errors,
narrator.ruleset (the registry), narrator.render (lazily, for write-ups only).
"""

from __future__ import annotations

import errno
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.engine import run_fight
from narrator.events import FightLog
from narrator.files import write_atomic
from narrator.ruleset import OUTCOMES, Uncovered
from narrator.ruleset import get as get_ruleset
from narrator.scenario.loader import LoadedScenario

EXTENSIONS = {"markdown": "md", "bbcode": "bbcode", "html": "html", "text": "txt",
              "json": "json"}


def outcomes_of(ruleset: str) -> tuple[str, ...]:
    """How a character can end a fight under ``ruleset`` (the columns of the odds)."""
    return get_ruleset(ruleset).outcomes
CHUNK = 250          # odds trials per job
Z95 = 1.959963984540054

Progress = Callable[[int], None]


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------- one fight, summed up
@dataclass(frozen=True)
class FightSummary:
    """How one fight ended.

    Attributes:
        turns, seconds: length of the fight.
        winner: the one side still standing, or None (nobody, or more than one side).
        standing: the sides with someone still on his feet.
        reason: "side_down" or "turns_ran_out".
        conditions: ``(name, outcome)`` per character, ``outcome`` one of the ruleset's
            ``outcomes``.
        shots, hits: ``(name, n)`` per character who fired.
    """

    turns: int
    seconds: int
    winner: str | None
    standing: tuple[str, ...]
    reason: str
    conditions: tuple[tuple[str, str], ...]
    shots: tuple[tuple[str, int], ...]
    hits: tuple[tuple[str, int], ...]


def summarize(log: FightLog) -> FightSummary:
    """Read a fight's ending off its event log (last status block, shots, the end)."""
    end = None
    status = None
    shots: dict[str, int] = {}
    hits: dict[str, int] = {}
    rs = get_ruleset(log.events[0].ruleset)
    shot = rs.shots
    for e in log.events:
        kind = e.kind
        fired = shot(e)
        if fired is not None:
            for who, rounds, hit in (fired if isinstance(fired[0], tuple) else (fired,)):
                shots[who] = shots.get(who, 0) + rounds
                if hit:
                    hits[who] = hits.get(who, 0) + 1
        elif kind == "turn_ended":
            status = e.status
        elif kind == "fight_ended":
            end = e
    if end is None:
        raise ValueError("the log has no fight_ended event")
    conditions = [(s.name, rs.outcome(s)) for s in status or ()]
    winner = end.standing[0] if len(end.standing) == 1 else None
    return FightSummary(end.turns, end.seconds, winner, tuple(end.standing), end.reason,
                        tuple(conditions), tuple(shots.items()), tuple(hits.items()))


def fight_summary(loaded: LoadedScenario, seed: int, *,
                  tables_only: bool = False) -> FightSummary:
    """How fight ``seed`` ends: exactly ``summarize(run_fight(loaded, seed,
    dice_fallback="seeded", tables_only=tables_only))``, fought by the ruleset's lean path
    where it has one (``Ruleset.lean_ending``: the engine with its records off) and the
    scenario scripts no dice, else by the engine with its records."""
    if loaded.played is not None:  # play-by-post: from where the file stands (no lean path)
        return summarize(loaded.played.fight(loaded, seed, dice_fallback="seeded",
                                             tables_only=tables_only))
    ending = None
    if not loaded.script:
        ending = get_ruleset(loaded.scenario.ruleset).lean_ending(loaded, seed, tables_only)
    if ending is None:
        return summarize(run_fight(loaded, seed, dice_fallback="seeded",
                                   tables_only=tables_only))
    turns, seconds, standing, reason, conditions, shots, hits = ending
    return FightSummary(turns, seconds, standing[0] if len(standing) == 1 else None,
                        tuple(standing), reason, conditions, shots, hits)


# ---------------------------------------------------------------------- batch write-ups
@dataclass(frozen=True)
class Job:
    """One fight of a batch: scenario number, seed, where its write-up goes."""

    scenario: int
    seed: int
    out: Path


@dataclass(frozen=True)
class BatchResult:
    """A written fight: its job and how it ended."""

    job: Job
    summary: FightSummary


def output_name(stem: str, seed: int, fmt: str) -> str:
    """``<scenario stem>-<seed>.<ext>``."""
    return f"{stem}-{seed}.{EXTENSIONS.get(fmt, fmt)}"


def plan_batch(paths: list[Path], loaded: list[LoadedScenario], bases: list[int], runs: int,
               out_dir: Path, fmt: str) -> list[Job]:
    """The jobs of a batch, scenario by scenario, run by run.

    Raises:
        ValueError: two scenarios with the same file stem would write the same files.
    """
    stems = [p.stem for p in paths]
    for i, s in enumerate(stems):
        if s in stems[:i]:
            raise ValueError(f"two scenarios are named {s!r}; their write-ups would collide")
    return [Job(k, bases[k] + i, out_dir / output_name(stems[k], bases[k] + i, fmt))
            for k in range(len(paths)) for i in range(runs)]


def existing_outputs(jobs: list[Job]) -> list[Path]:
    """Output files of ``jobs`` that already exist."""
    return [j.out for j in jobs if j.out.exists()]


_STATE: dict[str, Any] = {}


def _batch_init(loaded: list[LoadedScenario], fmt: str, options: dict[str, Any],
                staging: Path | None = None, mode: str = "teaching") -> None:
    _STATE.update(loaded=loaded, fmt=fmt, options=options, staging=staging, mode=mode)


def _batch_job(job: Job) -> BatchResult:
    from narrator.render import render

    ld = _STATE["loaded"][job.scenario]
    if ld.played is not None:  # play-by-post: as ``narrator run`` writes it up
        log = ld.played.fight(ld, job.seed, **_STATE["options"])
    else:
        log = run_fight(ld, job.seed, **_STATE["options"])
    text = render(log, _STATE["fmt"], _STATE.get("mode", "teaching"))
    staging = _STATE.get("staging")
    write_atomic(staging / job.out.name if staging else job.out, text)
    return BatchResult(job, summarize(log))


STAGING_PREFIX = ".narrator-batch-"


def _stale_staging(out_dir: Path) -> None:
    """Remove staging folders of batches whose process is gone (killed with kill -9)."""
    import shutil
    for folder in out_dir.glob(STAGING_PREFIX + "*"):
        try:
            pid = int(folder.name[len(STAGING_PREFIX):])
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except (ValueError, PermissionError, OSError):
            continue


def run_batch(loaded: list[LoadedScenario], jobs: list[Job], fmt: str, workers: int,
              on_progress: Progress | None = None, *, tables_only: bool = False,
              dice_fallback: str | None = None, mode: str = "teaching") -> list[BatchResult]:
    """Fight and write every job; results in job order whatever ``workers`` is.

    ``fmt`` and ``mode`` (``teaching`` or ``story``) are the write-up's, as ``narrator run``
    takes them.

    The write-ups go to a hidden staging folder inside the output folder and are moved into
    place only when every fight is written: an interrupted or failed batch leaves none of its
    files (a batch killed with kill -9 leaves its staging folder, removed by the next batch).

    Raises:
        NarratorError: a scenario cannot be fought (e.g. its scripted dice run out).
        OSError: a write-up cannot be written.
        KeyboardInterrupt: Ctrl-C or SIGTERM (the workers are stopped first).
    """
    import shutil

    from narrator.files import fsync_dir
    options = {"tables_only": tables_only, "dice_fallback": dice_fallback}
    if not jobs:
        return []
    out_dir = jobs[0].out.parent
    if any(j.out.parent != out_dir for j in jobs):
        raise ValueError("a batch writes into one folder")
    _stale_staging(out_dir)
    stage = out_dir / f"{STAGING_PREFIX}{os.getpid()}"
    try:
        try:
            stage.mkdir()
        except OSError as exc:  # named for the folder the user gave, not the staging one
            exc.filename = str(out_dir)
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                exc.strerror = f"{exc.strerror} (the folder cannot be written)"
            raise
        results = list(_map(_batch_init, (loaded, fmt, options, stage, mode), _batch_job, jobs,
                            workers, on_progress, chunksize=4))
        for job in jobs:
            os.replace(stage / job.out.name, job.out)
        fsync_dir(out_dir)
        return results
    finally:
        shutil.rmtree(stage, ignore_errors=True)


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived while workers ran (the CLI exits with 143, as Ctrl-C gives 130)."""


def _worker_start(init: Callable, initargs: tuple) -> None:
    """In a worker: ignore Ctrl-C (the parent stops the pool) and die with the parent (Linux
    ``PR_SET_PDEATHSIG``; elsewhere the pool's own checks), then the job's initializer."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)          # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != parent:  # pragma: no cover - the parent died before prctl
        os._exit(1)
    init(*initargs)


def _map(init: Callable, initargs: tuple, fn: Callable, items: list, workers: int,
         on_progress: Progress | None, chunksize: int = 1) -> Iterator:
    """``map(fn, items)`` in order, in ``workers`` processes (1: in this one), reporting
    each finished item to ``on_progress``. SIGTERM to this process stops the workers and
    raises KeyboardInterrupt, as Ctrl-C does."""
    if workers <= 1 or len(items) <= 1:
        init(*initargs)
        for item in items:
            out = fn(item)
            if on_progress:
                on_progress(1)
            yield out
        return
    import multiprocessing as mp
    import signal
    import threading

    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    ctx = mp.get_context(method)
    old = None
    if threading.current_thread() is threading.main_thread():
        def terminated(signum: int, frame: Any) -> None:
            raise Terminated()
        old = signal.signal(signal.SIGTERM, terminated)
    pool = ctx.Pool(min(workers, len(items)), initializer=_worker_start,
                    initargs=(init, initargs))
    try:
        for out in pool.imap(fn, items, chunksize=chunksize):
            if on_progress:
                on_progress(1)
            yield out
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        if old is not None:
            signal.signal(signal.SIGTERM, old)


# ---------------------------------------------------------------------- odds
@dataclass
class Tally:
    """Integer counts over many fights; tallies of disjoint trials add up exactly."""

    trials: int = 0
    wins: dict[str, int] = field(default_factory=dict)       # side, "nobody", "undecided"
    turns: int = 0
    turns_sq: int = 0
    seconds: int = 0
    seconds_sq: int = 0
    outcomes: dict[str, dict[str, int]] = field(default_factory=dict)
    shots: dict[str, int] = field(default_factory=dict)
    hits: dict[str, int] = field(default_factory=dict)
    # fights the odds kernel handed over to the engine mid-fight, by what it met (a state
    # at the start of a turn it does not cover, e.g. "hand to hand")
    handed: dict[str, int] = field(default_factory=dict)

    def add(self, s: FightSummary) -> None:
        self.trials += 1
        key = s.winner or ("undecided" if s.standing else "nobody")
        self.wins[key] = self.wins.get(key, 0) + 1
        self.turns += s.turns
        self.turns_sq += s.turns * s.turns
        self.seconds += s.seconds
        self.seconds_sq += s.seconds * s.seconds
        for name, outcome in s.conditions:
            d = self.outcomes.setdefault(name, {})
            d[outcome] = d.get(outcome, 0) + 1
        for name, n in s.shots:
            self.shots[name] = self.shots.get(name, 0) + n
        for name, n in s.hits:
            self.hits[name] = self.hits.get(name, 0) + n

    @classmethod
    def from_arrays(cls, *, sides: list[str], side_of: Any, names: list[str], cond: Any,
                    active: int, labels: dict[int, str], wounded: Any, turns: Any,
                    shots: Any, hits: Any, seconds: Any = None) -> Tally:
        """The tally of a vectorised kernel's fights, from its NumPy arrays (one row a fight).

        Args:
            sides: the side names, in the kernel's order (one at least).
            side_of: (men,) int, each man's side, an index into ``sides``.
            names: each man's name (his column); empty: no outcomes, shots nor hits are
                counted (a kernel that fought no round has none, like the engine's log).
            cond: (fights, men) int, each man's condition code at the end.
            active: the code of a man still in the fight.
            labels: condition code -> outcome name ("dead"...), in the order counted, for
                the codes other than ``active`` (a code left out is not counted).
            wounded: (fights, men) bool, wounded (counted only for a man still active:
                "wounded", else "unhurt").
            turns: (fights,) int, the turns (rounds) each fight lasted.
            shots, hits: (fights, men) int, shots each man fired and those that hit.
            seconds: (fights,) int, each fight's seconds; None: 0 (a ruleset keeps no clock).

        Returns:
            A ``Tally``: wins by side when one side alone has a man active, "undecided"
            (more than one), "nobody" (none); turns and seconds with their squares; outcomes,
            shots and hits by man (zero counts left out). ``handed`` is left to the kernel.
        """
        out = cls()
        out.trials = int(cond.shape[0])
        up = cond == active
        sides_up = [up[:, side_of == k].any(axis=1) for k in range(len(sides))]
        n_up = sum(u.astype(int) for u in sides_up)
        for k, side in enumerate(sides):
            v = int(((n_up == 1) & sides_up[k]).sum())
            if v:
                out.wins[side] = v
        for key, v in (("undecided", int((n_up > 1).sum())), ("nobody", int((n_up == 0).sum()))):
            if v:
                out.wins[key] = v
        out.turns, out.turns_sq = int(turns.sum()), int((turns * turns).sum())
        if seconds is not None:
            out.seconds, out.seconds_sq = int(seconds.sum()), int((seconds * seconds).sum())
        for j, name in enumerate(names):
            c = cond[:, j]
            d = {}
            for code, label in labels.items():
                v = int((c == code).sum())
                if v:
                    d[label] = v
            for label, v in (("wounded", int((up[:, j] & wounded[:, j]).sum())),
                             ("unhurt", int((up[:, j] & ~wounded[:, j]).sum()))):
                if v:
                    d[label] = v
            out.outcomes[name] = d
            n = int(shots[:, j].sum())
            if n:
                out.shots[name] = n
                out.hits[name] = int(hits[:, j].sum())
        return out

    def merge(self, other: Tally) -> None:
        self.trials += other.trials
        self.turns += other.turns
        self.turns_sq += other.turns_sq
        self.seconds += other.seconds
        self.seconds_sq += other.seconds_sq
        for mine, theirs in ((self.wins, other.wins), (self.shots, other.shots),
                             (self.hits, other.hits), (self.handed, other.handed)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        for name, d in other.outcomes.items():
            m = self.outcomes.setdefault(name, {})
            for k, v in d.items():
                m[k] = m.get(k, 0) + v


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(estimate, low, high) of a proportion ``k/n``: the Wilson score interval (95%)."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return p, low, high


def mean_ci(total: int, total_sq: int, n: int, z: float = Z95) -> tuple[float, float]:
    """(mean, half-width of its 95% normal interval) from a sum and a sum of squares."""
    if n <= 0:
        return 0.0, 0.0
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    return mean, z * math.sqrt(var / n)


@dataclass(frozen=True)
class SideOdds:
    side: str
    wins: int
    p: float
    low: float
    high: float


@dataclass(frozen=True)
class CharacterOdds:
    name: str
    side: str
    outcomes: tuple[tuple[str, float], ...]   # OUTCOMES order, as shares
    shots: int
    hits: int

    @property
    def shots_per_hit(self) -> float | None:
        return self.shots / self.hits if self.hits else None


@dataclass(frozen=True)
class Odds:
    """The Monte Carlo result of ``odds``: win chances with Wilson 95% intervals, the fight's
    expected length, each character's fate, shots per hit."""

    title: str
    trials: int
    base_seed: int
    sides: tuple[SideOdds, ...]           # every side, then "nobody" and "undecided"
    turns: tuple[float, float]            # mean, 95% half-width
    seconds: tuple[float, float]
    characters: tuple[CharacterOdds, ...]
    tally: Tally
    outcome_names: tuple[str, ...] = OUTCOMES   # the ruleset's outcomes, in column order
    path: str = "engine"                        # "kernel", or "engine (kernel does not ...)"
    unit: str = "turn"                          # the ruleset's word for a turn ("round"...)


def undecided_label(unit: str) -> str:
    """The odds' name for fights with no winner when the turns (``unit``) ran out."""
    return f"no winner ({unit}s ran out)"


NOBODY_LABEL = "nobody left standing"
"""The name for fights that end with every side down."""


def outcome_label(key: str | None, unit: str, side_names: dict[str, str] | None = None) -> str:
    """How ``odds``, ``batch`` and the odds chart name a fight's outcome, in the same words:
    a side's name (``side_names``: side key -> the write-up's name for it, else the key),
    "nobody left standing" (``"nobody"``: every side down) or "no winner (turns ran out)"
    (``"undecided"``, or None: more than one side still up when the last turn, ``unit``, was
    fought)."""
    if key == "nobody":
        return NOBODY_LABEL
    if key is None or key == "undecided":
        return undecided_label(unit)
    return (side_names or {}).get(key, key)


def odds_scenario(loaded: LoadedScenario, *, tactics: str | None = None,
                  max_turns: int | None = None) -> LoadedScenario:
    """The scenario as odds fight it: scripted dice dropped (all dice seeded); ``tactics``
    given to every character without a profile; ``max_turns`` raised to at least the value
    given (so that tactics fight on after the declared turns).

    Raises:
        ScenarioError: ``tactics`` is not a profile.
    """
    from narrator.errors import ScenarioError

    profiles = get_ruleset(loaded.scenario.ruleset).profiles()
    if tactics is not None and tactics not in profiles:
        from narrator.scenario.loader import nearest

        near = nearest(tactics, list(profiles))
        raise ScenarioError(f"--tactics: unknown tactics profile {tactics!r}"
                            f"{f'; did you mean {near!r}?' if near else ''} "
                            f"(profiles: {', '.join(profiles)})")
    sc = loaded.scenario.model_copy(deep=True)
    if tactics is not None:
        for chars in sc.sides.values():
            for c in chars:
                if not c.tactics:
                    c.tactics = tactics
    if max_turns is not None:
        sc.max_turns = max(max_turns, len(sc.turns))
    out = LoadedScenario(sc, loaded.path, {}, dict(loaded.side_of))
    out.played = loaded.played
    return out


def _odds_init(loaded: LoadedScenario, base: int, options: dict[str, Any]) -> None:
    _STATE.update(odds_loaded=loaded, odds_base=base, odds_options=options)


def _odds_job(chunk: tuple[int, int]) -> Tally:
    start, n = chunk
    ld, base, options = _STATE["odds_loaded"], _STATE["odds_base"], _STATE["odds_options"]
    tally = Tally()
    for i in range(start, start + n):
        tally.add(fight_summary(ld, base + i, **options))
    return tally


def played_reason(played: Any) -> str:
    """Why the kernel does not fight a play-by-post file's odds (for the ``path:`` line)."""
    said = "turn 1" if played.done == 1 else f"turns 1-{played.done}"
    return f"{said} replayed from the play-by-post records, then fought on"


def refuse_kernel(loaded: LoadedScenario, tables_only: bool = False) -> None:
    """For ``--path kernel``, before any fight (and any progress bar): refuse a play-by-post
    file with turns already played (the kernel fights from the first turn) or a scenario the
    kernel does not cover (``fast_odds.kernel_reasons``).

    Raises:
        NarratorError: the one-line refusal.
    """
    from narrator.errors import NarratorError
    from narrator.fast_odds import kernel_reasons

    if loaded.played is not None:
        said = "turn 1" if loaded.played.done == 1 else f"turns 1-{loaded.played.done}"
        raise NarratorError(f"--path kernel: the kernel fights from the first turn and "
                            f"cannot replay this file's play-by-post records ({said}); "
                            f"--path auto or engine fights on from them")
    reasons = kernel_reasons(loaded, tables_only)
    if reasons:
        raise NarratorError(f"the kernel does not cover this scenario: {', '.join(reasons)}")


def run_odds(loaded: LoadedScenario, trials: int, base_seed: int, workers: int = 1,
             on_progress: Progress | None = None, *, tables_only: bool = False,
             path: str = "auto", scheduler: str | None = None) -> Odds:
    """Fight the scenario ``trials`` times without rendering.

    ``loaded`` should come from ``odds_scenario`` (scripted dice dropped). ``path``: "auto"
    (the vectorised kernel when it covers the scenario, else the engine), "kernel" or
    "engine". Engine trial *i* uses seed ``base_seed + i``; kernel trials use NumPy streams
    seeded from ``base_seed`` (``narrator.fast_odds``). Deterministic for a base seed,
    whatever ``workers`` or ``scheduler`` (a Dask scheduler address). ``Odds.path`` says
    which path fought them and, for the engine, what the kernel does not cover.

    Raises:
        NarratorError: the scenario cannot be fought; ``path="kernel"`` and the kernel does
            not cover it; the scheduler cannot be used.
    """
    from narrator.errors import NarratorError
    from narrator.fast_odds import kernel_tally, map_jobs

    why = None
    if path == "kernel":
        refuse_kernel(loaded, tables_only)
    if loaded.played is not None:  # the kernel fights from the start: it cannot replay
        why = played_reason(loaded.played)
        path = "engine"
    if path != "engine":
        try:
            tally = kernel_tally(loaded, trials, base_seed, workers, on_progress,
                                 tables_only=tables_only, scheduler=scheduler)
            return odds_of(loaded, tally, base_seed, "kernel")
        except Uncovered as exc:
            why = exc.reason
            if path == "kernel":
                raise NarratorError(f"the kernel does not cover this scenario: {why}") from None
    chunks = [(s, min(CHUNK, trials - s)) for s in range(0, trials, CHUNK)]
    tally = Tally()

    sizes = iter(n for _, n in chunks)
    report = (lambda _: on_progress(next(sizes))) if on_progress else None
    for part in map_jobs(_odds_init, (loaded, base_seed, {"tables_only": tables_only}),
                         _odds_job, chunks, workers, report, scheduler=scheduler):
        tally.merge(part)
    return odds_of(loaded, tally, base_seed,
                   f"engine ({why})" if loaded.played is not None else
                   f"engine (kernel does not cover: {why})" if why else "engine")


def odds_of(loaded: LoadedScenario, tally: Tally, base_seed: int, path: str = "engine") -> Odds:
    """Turn a tally into shares, intervals and means (``path``: which path fought them; a
    kernel's fights handed over to the engine mid-fight are said, with what they met)."""
    sc = loaded.scenario
    n = tally.trials
    if path == "kernel" and tally.handed:
        count = sum(tally.handed.values())
        path = (f"kernel; {count:,} of the {n:,} fights went on in the engine from the turn "
                f"they met {', '.join(sorted(tally.handed))}")
    sides = [SideOdds(s, tally.wins.get(s, 0), *wilson(tally.wins.get(s, 0), n))
             for s in sc.sides]
    for extra in ("nobody", "undecided"):
        k = tally.wins.get(extra, 0)
        if k:
            sides.append(SideOdds(extra, k, *wilson(k, n)))
    chars = []
    names = outcomes_of(sc.ruleset)
    for side, c in sc.characters():
        d = tally.outcomes.get(c.name, {})
        total = sum(d.values()) or 1
        chars.append(CharacterOdds(c.name, side, tuple((o, d.get(o, 0) / total) for o in names),
                                   tally.shots.get(c.name, 0), tally.hits.get(c.name, 0)))
    return Odds(sc.title, n, base_seed, tuple(sides),
                mean_ci(tally.turns, tally.turns_sq, n),
                mean_ci(tally.seconds, tally.seconds_sq, n),
                tuple(chars), tally, names, path, get_ruleset(sc.ruleset).unit())


# ---------------------------------------------------------------------- the chart
COLOURS = {"dead": "#3b3b3b", "dying": "#8c2d19", "passed_out": "#d4802a", "wounded": "#e8c547",
           "unhurt": "#8fb996", "critically_injured": "#8c2d19", "down": "#b5542a",
           "subdued": "#d4802a",
           "surrendered": "#7b6fa8", "fled": "#5b8fb0"}
SIDE_COLOURS = ("#6b4226", "#2f5d7c", "#7a8b3a", "#8e3b46", "#4b4e8c", "#a0692e")


def chart_svg(o: Odds, side_names: dict[str, str] | None = None) -> str:
    """A standalone SVG, drawn with drawsvg: each side's chance of winning (bars with 95%
    whiskers and the chance written beside), then each character's fate as a stacked bar of
    the ruleset's outcomes (dead, dying, ... unhurt), each segment wide enough carrying its
    share; the legend sits on its own lines under the heading, wrapped to the width, so no
    two texts overlap (text widths are those of a monospace font, ``maps.CHAR_W``).

    ``side_names``: side key -> the name the write-up and the odds table give it ("Varga
    gang"); a side not in it is shown by its key."""
    import drawsvg as draw

    from narrator.render.maps import CHAR_W, FONT

    size, row, width = 12, 26, 400
    names = [_short(c.name) for c in o.characters]
    named = side_names or {}
    labels = [outcome_label(s.side, o.unit, named) for s in o.sides]
    left = 16 + int(max(len(t) for t in names + labels) * size * CHAR_W) + 10
    total_w = max(left + width + 70, 640)
    seeds = (f"1 fight, seed {o.base_seed}" if o.trials == 1 else
             f"{o.trials:,} fights, seeds {o.base_seed} to {o.base_seed + o.trials - 1}")
    subtitle = (f"{seeds}; "
                f"bars: chance of winning, whiskers: 95% interval")
    # the legend, wrapped into lines that fit
    legend: list[list[tuple[str, float]]] = [[]]
    x = 16.0
    for name in o.outcome_names:
        w = 16 + len(name.replace("_", " ")) * size * CHAR_W + 18
        if x + w > total_w - 16 and legend[-1]:
            legend.append([])
            x = 16.0
        legend[-1].append((name, x))
        x += w
    y0 = 70
    y1 = y0 + len(o.sides) * row + 36          # the heading of the second part
    yl = y1 + 10                               # the legend's first line
    y2 = yl + len(legend) * 20 + 6             # the first character bar
    height = y2 + len(o.characters) * row + 16
    d = draw.Drawing(total_w, height, font_family=FONT, font_size=size)
    d.append(draw.Rectangle(0, 0, total_w, height, fill="#fbf6ea"))
    d.append(draw.Text(o.title, 16, 16, 26, font_weight="bold"))
    d.append(draw.Text(subtitle, 11, 16, 46, fill="#555"))
    for k, (s, label) in enumerate(zip(o.sides, labels, strict=True)):
        y = y0 + k * row
        colour = "#999999" if s.side in ("nobody", "undecided") else \
            SIDE_COLOURS[k % len(SIDE_COLOURS)]
        d.append(draw.Text(label, size, left - 8, y + 16, text_anchor="end"))
        d.append(draw.Rectangle(left, y + 4, max(s.p * width, 0.5), 16, fill=colour))
        lo, hi = left + s.low * width, left + s.high * width
        d.append(draw.Line(lo, y + 12, hi, y + 12, stroke="#000", stroke_width=1.2))
        for xw in (lo, hi):
            d.append(draw.Line(xw, y + 7, xw, y + 17, stroke="#000", stroke_width=1.2))
        d.append(draw.Text(f"{s.p:.1%}", size, max(left + s.p * width, hi) + 8, y + 16))
    d.append(draw.Text("How each character ends the fight", 14, 16, y1, font_weight="bold"))
    for n, line in enumerate(legend):
        y = yl + n * 20
        for name, lx in line:
            d.append(draw.Rectangle(lx, y + 2, 12, 12, fill=COLOURS[name]))
            d.append(draw.Text(name.replace("_", " "), size, lx + 16, y + 12))
    for k, (c, name) in enumerate(zip(o.characters, names, strict=True)):
        y = y2 + k * row
        d.append(draw.Text(name, size, left - 8, y + 16, text_anchor="end"))
        x = float(left)
        for outcome, share in c.outcomes:
            w = share * width
            if w <= 0:
                continue
            rect = draw.Rectangle(x, y + 4, w, 16, fill=COLOURS[outcome])
            rect.append_title(f"{outcome.replace('_', ' ')} {share:.1%}")
            d.append(rect)
            text = f"{share:.0%}"
            if w >= len(text) * 10 * CHAR_W + 6:   # the share, where it fits in its segment
                dark = outcome in ("dead", "dying", "critically_injured", "fled", "surrendered")
                d.append(draw.Text(text, 10, x + w / 2, y + 16, text_anchor="middle",
                                   fill="#fff" if dark else "#222"))
            x += w
    return d.as_svg().split("\n", 1)[1] + "\n"  # the <svg> element, no XML declaration


def _short(name: str) -> str:
    """A character's name for a chart row (long names shortened with an ellipsis)."""
    return name if len(name) <= 28 else name[:27] + "\u2026"
