"""Wall-clock time of ``narrator odds`` over the Abilene example, as the issues ask: 100,000
trials on 2 worker processes (issue 17's target: fought on by tactics, under 10 s), and of a
7-value sweep of 20,000 trials each (``--vary "Luke.skills.fast_draw=2..8"`` on the Luke Short
example fought on by tactics; target: under 30 s). Prints figures; not a test.

"The odds of the Abilene example" = the scenario as written, with its scripted ``dice:``
dropped (``odds`` always drops them, or every trial would be the same fight) and every die
seeded: the two declared shootout turns, the house rules and the GM's rulings. Most of those
fights end undecided after two seconds, as the example's own fight would without its dice, so
the script also times the fight fought on by tactics (``--tactics aggressive --max-turns 20``).

    python benchmarks/bench_odds.py [--trials 100000] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import EXAMPLES, row  # noqa: E402

NARRATOR = Path(sys.executable).with_name("narrator")


def timed(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its workers)."""
    before = os.times()
    t = time.perf_counter()
    subprocess.run([str(NARRATOR), *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system
                                                          - before.children_system)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sweep-trials", type=int, default=20_000)
    args = ap.parse_args()
    scenario = str(EXAMPLES / "abilene-saloon.yaml")
    load = os.getloadavg()[0]
    print(f"narrator odds, {args.trials:,} trials, {args.workers} workers "
          f"(load average before: {load:.2f} on {os.cpu_count()} CPUs)")
    for label, extra, target in (("Abilene as declared (2 shootout turns)", [], 60),
                                 ("Abilene fought on by tactics (max 20 turns)",
                                  ["--tactics", "aggressive", "--max-turns", "20"], 10)):
        load = os.getloadavg()[0]
        wall, cpu = timed(["odds", scenario, "--trials", str(args.trials), "--workers",
                           str(args.workers), *extra])
        row(label, f"{wall:,.1f} s wall", f"{cpu:,.1f} s CPU; {args.trials / cpu:,.0f} "
            f"trials/s/core; target < {target} s wall; load average {load:.2f}")
    load = os.getloadavg()[0]
    n = args.sweep_trials
    wall, cpu = timed(["odds", str(EXAMPLES / "luke-short.yaml"), "--tactics", "aggressive",
                       "--max-turns", "20", "-n", str(n), "--vary",
                       "Luke.skills.fast_draw=2..8", "--workers", str(args.workers)])
    row(f"sweep: Luke Short, 7 values x {n:,} trials", f"{wall:,.1f} s wall",
        f"{cpu:,.1f} s CPU; {7 * n / cpu:,.0f} trials/s/core; target < 30 s wall; "
        f"load average {load:.2f}")


if __name__ == "__main__":
    main()
