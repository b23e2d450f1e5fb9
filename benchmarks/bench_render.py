"""Rendering time of a write-up (the issue's budget: a Markdown write-up of a 4-on-4 fight in
under 20 ms on one core), teaching and story mode, both tenses, rendering alone (the fights are
run first). The fights are a fixed set: the four-on-four scenario of ``common.py`` run with
seeds 0 to ``--fights`` - 1 (the same fights, the same write-ups, on every run). CPU time of
this process: each write-up's best of ``--repeat`` rounds (another process's burst on a shared
core lengthens one render, not all the rounds of it), after one warm-up render (the first pays
for building the Jinja environments and loading the inflection data); then the median, the
90th percentile and the slowest of those over the fights, and the slowest per event. Prints
figures and the load average; not a test. On a shared machine the figures still rise with the
load: read them with the load average.

    python benchmarks/bench_render.py [--fights 40] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import FOUR_ON_FOUR, row  # noqa: E402

from narrator.engine import run_fight  # noqa: E402
from narrator.render import Options, render  # noqa: E402
from narrator.scenario import load_scenario_text  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0-100) of ``values``, nearest rank."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))
    return ordered[int(k)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fights", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    loaded = load_scenario_text(FOUR_ON_FOUR)
    logs = [run_fight(loaded, s, dice_fallback="seeded") for s in range(args.fights)]
    t = time.process_time()
    render(logs[0], "markdown", "story")
    first = time.process_time() - t
    turns = [log.events[-1].turns for log in logs]
    events = [len(log.events) for log in logs]
    print(f"Four on four at 40 yards, seeds 0-{args.fights - 1}: {args.fights} fights of "
          f"{min(turns)}-{max(turns)} turns (median {statistics.median(turns):g}), "
          f"{min(events)}-{max(events)} events (median {statistics.median(events):g})")
    print(f"CPU ms per write-up, each its best of {args.repeat}; load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()) + " before")
    row("first story write-up in the process", f"{first * 1000:.0f} ms",
        "(Jinja environment, phrase tables, inflection data)")
    print(f"  {'':<48} {'median':>7} {'p90':>6} {'max':>6}  (budget < 20 ms)")
    for mode, tense in (("teaching", "present"), ("story", "present"), ("story", "past")):
        best = [float("inf")] * len(logs)
        for _ in range(args.repeat):
            for i, log in enumerate(logs):
                t = time.process_time()
                render(log, "markdown", mode, options=Options(tense=tense))
                best[i] = min(best[i], time.process_time() - t)
        ms = [b * 1000 for b in best]
        slow = max(range(len(ms)), key=ms.__getitem__)
        print(f"  {f'markdown, {mode}, {tense} tense':<48} {statistics.median(ms):7.1f} "
              f"{percentile(ms, 90):6.1f} {ms[slow]:6.1f}  (slowest: seed {slow}, "
              f"{events[slow]} events, {ms[slow] / events[slow] * 1000:.0f} us/event)")
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + " after")


if __name__ == "__main__":
    main()
