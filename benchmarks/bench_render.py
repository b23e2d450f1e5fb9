"""Rendering time of a write-up (the issue's budget: a Markdown write-up of a 4-on-4 fight in
under 20 ms on one core), teaching and story mode, both tenses, rendering alone (the fights are
run first). CPU time of this process: each write-up's best of several rounds, averaged over the
fights, after one warm-up render (the first pays for building the Jinja environments and loading
the inflection data). Prints figures; not a test. On a shared machine the figures still rise
with the load (another process on the same core slows this one's every round): read them with
the load average.

    python benchmarks/bench_render.py [--fights 40] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import FOUR_ON_FOUR, row  # noqa: E402

from narrator.engine import run_fight  # noqa: E402
from narrator.render import Options, render  # noqa: E402
from narrator.scenario import load_scenario_text  # noqa: E402


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
    turns = statistics.mean(log.events[-1].turns for log in logs)
    events = statistics.mean(len(log.events) for log in logs)
    print(f"Four on four at 40 yards, {args.fights} fights (average {turns:.1f} turns, "
          f"{events:.0f} events); CPU ms per write-up, each its best of {args.repeat}")
    row("first story write-up in the process", f"{first * 1000:.0f} ms",
        "(Jinja environment, phrase tables, inflection data)")
    for mode, tense in (("teaching", "present"), ("story", "present"), ("story", "past")):
        # each write-up's best of the rounds, then the mean over the fights: another
        # process's burst on a shared core lengthens one render, not all the rounds of it
        best = [float("inf")] * len(logs)
        for _ in range(args.repeat):
            for i, log in enumerate(logs):
                t = time.process_time()
                render(log, "markdown", mode, options=Options(tense=tense))
                best[i] = min(best[i], time.process_time() - t)
        row(f"markdown, {mode}, {tense} tense", f"{statistics.mean(best) * 1000:.1f} ms",
            f"mean (slowest write-up {max(best) * 1000:.1f} ms); budget < 20 ms")


if __name__ == "__main__":
    main()
