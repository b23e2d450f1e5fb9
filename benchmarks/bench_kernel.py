"""The engine, the lean path, the odds kernel and a bare loop drawing the same dice, side by
side (issue 17). Prints figures; not a test.

Boot Hill: four fights, each fought to the end by tactics: a generated one-on-one duel, the
Luke Short example fought on (``--tactics aggressive --max-turns 20``), four on four
(riflemen at 40 yards) and a generated sixteen on sixteen. Violence and Gaslight: a generated
one-on-one duel each, fought to the end by tactics (neither has a lean path: its two engine
lines are the same engine). Weird West: a generated one-on-one duel fought to the end by
tactics and the stagecoach example fought on by tactics (14 rounds, six men; no lean path
either). For each: fights per second per core of the engine
with its records (``summarize(run_fight(...))``, what a write-up pays), of the lean path (the
engine with its records off, what ``odds --path engine`` runs), of the kernel (cold: a fresh
process's first chunk; warm: a second chunk reusing the decisions already cached) and of a
bare Python loop drawing as many d20s as an engine fight rolls; each as a multiple of the
bare loop's time per fight, and the lean path as a multiple of the engine's speed; then how
many of the engine's decisions the kernel takes per fight on cold caches (once per distinct
state not met before; on warm caches it meets almost none; Boot Hill's vectorised tactics
take every decision of these fights, so none), what each costs, what share of the cold run's
time they are, and the speed of the rest alone.

Timings are CPU seconds of this process (best of ``--repeat``), so other load on the machine
disturbs them less than wall-clock time would; the load average is printed too.

    python benchmarks/bench_kernel.py [--scale 1.0] [--repeat 2] [--engine-only]

A fight the kernel does not cover (``Uncovered``) prints the engine's and the lean path's
figures and the reason.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import EXAMPLES, FOUR_ON_FOUR, GUNMAN, row  # noqa: E402

from narrator import batch  # noqa: E402
from narrator.engine import run_fight  # noqa: E402
from narrator.rulesets.boothill.generate import generate, to_yaml  # noqa: E402
from narrator.ruleset import Uncovered  # noqa: E402
from narrator.ruleset import get as get_ruleset  # noqa: E402
from narrator.scenario import load_scenario, load_scenario_text  # noqa: E402


def cpu(fn, repeat: int) -> float:
    """Best CPU seconds of ``fn()`` over ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return max(best, 1e-9)


def bare_seconds(n_dice: int, loops: int = 5000) -> float:
    """CPU seconds per loop drawing ``n_dice`` d20s as the engine's dice do (``random()``)."""
    r = random.Random("bare").random

    def go() -> None:
        for _ in range(loops):
            for _ in range(n_dice):
                int(r() * 20) + 1

    return cpu(go, 3) / loops


def bench(label: str, ld, engine_n: int, kernel_n: int, repeat: int,
          kernel: bool = True) -> None:
    ld = batch.odds_scenario(ld)
    logs = [run_fight(ld, s, dice_fallback="seeded") for s in range(min(200, engine_n))]
    dice = statistics.mean(len(log.rolls) for log in logs)
    turns = statistics.mean(log.events[-1].turns for log in logs)
    load = os.getloadavg()[0]
    engine = engine_n / cpu(lambda: [batch.summarize(run_fight(ld, 1 + i, dice_fallback="seeded"))
                                     for i in range(engine_n)], repeat)
    lean = engine_n / cpu(lambda: batch.run_odds(ld, engine_n, 1, path="engine"), repeat)
    seam = get_ruleset(ld.scenario.ruleset).kernel()   # the ruleset's kernel (Kernel protocol)
    try:
        if not kernel:
            raise Uncovered("left out (--engine-only)")
        if seam is None:
            raise Uncovered(f"the {ld.scenario.ruleset} ruleset has no kernel")
        ctx = seam.context(ld, False)
        cold = kernel_n / cpu(lambda: seam.run(seam.context(ld, False), kernel_n, 1, 0,
                                               batch.Tally), 1)
        seam.run(ctx, kernel_n, 1, 0, batch.Tally)
        warm = kernel_n / cpu(lambda: seam.run(ctx, kernel_n, 2, kernel_n, batch.Tally),
                              repeat)
        decided = decisions(seam, seam.context(ld, False), kernel_n)
        uncovered = None
    except Uncovered as e:  # (a fight the kernel does not cover: the engine's figures stand)
        uncovered = str(e)
    bare = bare_seconds(round(dice))
    print(f"\n{label} (load average {load:.2f} before, {os.getloadavg()[0]:.2f} after)")
    row("turns / dice per engine fight", f"{turns:.1f} / {dice:.0f}")
    rates = [("engine, with records", engine, engine_n), ("lean path (records off)", lean,
                                                          engine_n)]
    if uncovered is None:
        rates += [("kernel, cold caches", cold, kernel_n), ("kernel, warm caches", warm, kernel_n)]
    for name, rate, n in rates:
        row(f"{name} ({n:,} fights)", f"{rate:,.0f} fights/s/core",
            f"{1 / rate / bare:,.1f} x bare loop" + (
                f"; {lean / engine:.2f} x the engine's speed" if rate is lean else ""))
    row("bare loop drawing the same dice", f"{1 / bare:,.0f} loops/s/core", "1.0 x")
    if uncovered is not None:
        row("kernel", "not covered", uncovered)
        return
    calls, seconds, total = decided
    if not calls:   # (Boot Hill's vectorised tactics take every decision of these fights)
        row("kernel: the engine's decisions (cold caches)", "none",
            "the vectorised tactics take them all")
        return
    row("kernel: the engine's decisions (cold caches)", f"{calls / kernel_n:.2f} a fight",
        f"{1e6 * seconds / calls:,.0f} us each; {seconds / total:.0%} of the cold run's "
        f"time; the rest alone: {kernel_n / max(total - seconds, 1e-9):,.0f} fights/s/core")


def decisions(seam, ctx, n: int) -> tuple[int, float, float]:
    """(engine decisions taken, their CPU seconds, all CPU seconds) in a kernel run of ``n``
    fights (the cold run's: seed 1, stream 0) on ``ctx``, a fresh context whose caches are
    empty: the decisions (``_Kernel.decide`` of the ruleset's kernel module: the engine's
    tactics, kind of turn and plans, once per distinct state not met before) are what the
    kernel cannot vectorise. (On warm caches they are next to none: the line read 0.00.)"""
    _Kernel = sys.modules[type(ctx).__module__]._Kernel
    calls, spent = 0, 0.0
    decide = _Kernel.decide

    def timed(self, *a):
        nonlocal calls, spent
        t = time.process_time()
        try:
            return decide(self, *a)
        finally:
            calls += 1
            spent += time.process_time() - t

    _Kernel.decide = timed
    try:
        t = time.process_time()
        seam.run(ctx, n, 1, 0, batch.Tally)
        total = time.process_time() - t
    finally:
        _Kernel.decide = decide
    return calls, spent, total


def many(n: int) -> str:
    """``n`` riflemen a side, 40 yards apart, the four-on-four's men repeated."""
    lines = ["title: Many on many at the river crossing", "seed: 1", "max_turns: 20", "sides:"]
    profiles = ("cautious", "sniper", "lawman", "aggressive")
    for side, x in (("Posse", 0), ("Gang", 40)):
        lines.append(f"  {side}:")
        for k in range(n):
            lines.append(f"    - name: {side} man {k + 1}")
            lines.append(GUNMAN.format(
                str=11 + k % 4, coo=13 + k % 3, luck=5 + k % 4, pistol=3 + k % 2,
                rifle=3 + k % 4, fd=2 + k % 4, x=x, y=-2 * n + 4 * k,
                weapons="{type: lever_action_rifle}, {type: single_action_revolver}",
                tactics=profiles[k % 4] if side == "Posse" else profiles[(k + 1) % 4]))
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every fight count")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--engine-only", action="store_true",
                    help="the engine and the lean path only (no kernel)")
    args = ap.parse_args()
    def s(n: int) -> int:  # a fight count at this scale (at least 2)
        return max(2, int(n * args.scale))

    print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} CPUs; CPU seconds of this process")
    k = not args.engine_only
    duel = load_scenario_text(to_yaml(generate([("posse", 1), ("rustlers", 1)], "street", 7)))
    bench("Generated one-on-one duel (street, seed 7), tactics to the end", duel,
          s(1000), s(20000), args.repeat, k)
    luke = load_scenario(EXAMPLES / "luke-short.yaml")
    luke = batch.odds_scenario(luke, tactics="aggressive", max_turns=20)
    bench("Luke Short fought on by tactics (aggressive, 20 turns)", luke, s(2000),
          s(20000), args.repeat, k)
    bench("Four on four at 40 yards (tactics to the end)", load_scenario_text(FOUR_ON_FOUR),
          s(150), s(2000), args.repeat, k)
    # (the kernel's 1,000 fights: its cost per fight falls with the fights it advances at
    # once, and odds fights thirty-two men in chunks of 3,906; at 200 it ran a third as fast)
    bench("Sixteen on sixteen at 40 yards (tactics to the end)", load_scenario_text(many(16)),
          s(20), s(1000), args.repeat, k)
    violence = get_ruleset("violence").generate([("posse", 1), ("gang", 1)], "street", 7, 20, "")
    bench("Violence: generated one-on-one duel (street, seed 7), tactics to the end",
          load_scenario_text(violence), s(1000), s(20000), args.repeat, k)
    gaslight = get_ruleset("gaslight").generate([("police", 1), ("roughs", 1)], "street", 7, 20,
                                                "")
    bench("Gaslight: generated one-on-one duel (street, seed 7), tactics to the end",
          load_scenario_text(gaslight), s(1000), s(20000), args.repeat, k)
    ww = get_ruleset("weird-west").generate([("posse", 1), ("gang", 1)], "street", 7, 20, "")
    bench("Weird West: generated one-on-one duel (street, seed 7), tactics to the end",
          load_scenario_text(ww), s(300), s(20000), args.repeat, k)
    stagecoach = batch.odds_scenario(load_scenario(EXAMPLES / "stagecoach.yaml"),
                                     max_turns=14)
    bench("Weird West: the stagecoach example fought on by tactics (14 rounds)", stagecoach,
          s(100), s(5000), args.repeat, k)


if __name__ == "__main__":
    main()
