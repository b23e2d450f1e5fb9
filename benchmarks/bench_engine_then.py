"""The engine of an earlier revision against today's engine and lean path, on the same
scenario files (issue 17's "today's engine" is the engine of the day it was filed, 09d1f47).
Prints figures; not a test.

Each revision runs in its own process from a temporary git worktree (``git worktree add``,
removed after), fighting the same scenarios written once by today's code: the benchmarks'
generated duel, the five-yard duel (about 7.5 turns, the issue's duel), Luke Short fought on,
four on four and sixteen on sixteen. For each: turns and dice per fight, the engine with its
records (``summarize(run_fight(...))``) and, for today's code, the lean path
(``run_odds(path="engine")``), as fights per CPU second; then the lean path as a multiple
of each engine (and per turn fought: the tactics of an earlier revision may fight the same
scenario over more or fewer turns).

    python benchmarks/bench_engine_then.py [--rev 09d1f47] [--scale 1.0]

Needs git and the repository's history (a clone, not an export).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import DUEL, EXAMPLES, FOUR_ON_FOUR, ROOT, row  # noqa: E402

# What each revision runs: only the calls an old revision already had (load_scenario,
# odds_scenario, run_fight, summarize; run_odds(path=...) for today's lean path).
CHILD = r"""
import json, statistics, sys, time
from narrator import batch
from narrator.engine import run_fight
from narrator.scenario import load_scenario

def cpu(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return max(best, 1e-9)

spec = json.loads(sys.argv[1])
out = {}
for name, path, n, kw in spec["cases"]:
    ld = batch.odds_scenario(load_scenario(path), **kw)
    logs = [run_fight(ld, 1 + i, dice_fallback="seeded") for i in range(min(n, 200))]
    turns = statistics.mean(getattr(l.events[-1], "turns", 0) for l in logs)
    dice = statistics.mean(len(l.rolls) for l in logs)
    eng = n / cpu(lambda: [batch.summarize(run_fight(ld, 1 + i, dice_fallback="seeded"))
                           for i in range(n)], spec["repeat"])
    lean = None
    if spec["lean"]:
        lean = n / cpu(lambda: batch.run_odds(ld, n, 1, path="engine"), spec["repeat"])
    out[name] = [turns, dice, eng, lean]
print(json.dumps(out))
"""


def run(code_root: Path, cases: list, repeat: int, lean: bool) -> dict:
    """Figures of the narrator at ``code_root`` (its own process): name -> [turns, dice,
    engine fights/s, lean fights/s or None]."""
    env = dict(os.environ, PYTHONPATH=str(code_root))
    spec = json.dumps({"cases": cases, "repeat": repeat, "lean": lean})
    done = subprocess.run([sys.executable, "-c", CHILD, spec], env=env, cwd=code_root,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", default="09d1f47", help="the earlier revision (a git commit)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every fight count")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()

    from narrator.rulesets.boothill.generate import generate, to_yaml
    from bench_kernel import many

    def s(n: int) -> int:
        return max(2, int(n * args.scale))

    with tempfile.TemporaryDirectory() as tmp:
        files = {"generated duel (street, seed 7)": to_yaml(generate(
                     [("posse", 1), ("rustlers", 1)], "street", 7)),
                 "duel at 5 yards": DUEL, "four on four": FOUR_ON_FOUR,
                 "sixteen on sixteen": many(16)}
        cases = []
        for (name, text), n in zip(files.items(), (1000, 1000, 150, 20), strict=True):
            path = Path(tmp) / f"{len(cases)}.yaml"
            path.write_text(text, encoding="utf-8")
            cases.append([name, str(path), s(n), {}])
        cases.insert(2, ["Luke Short fought on", str(EXAMPLES / "luke-short.yaml"), s(1000),
                         {"tactics": "aggressive", "max_turns": 20}])
        old_root = Path(tmp) / "then"
        subprocess.run(["git", "worktree", "add", "--detach", str(old_root), args.rev],
                       cwd=ROOT, check=True, capture_output=True)
        try:
            then = run(old_root, cases, args.repeat, False)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_root)], cwd=ROOT,
                           check=False, capture_output=True)
        now = run(ROOT, cases, args.repeat, True)

    print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} CPUs; CPU seconds of each process; engine of {args.rev} and "
          f"of today")
    for name, *_ in cases:
        t0, d0, e0, _ = then[name]
        t1, d1, e1, lean = now[name]
        print(f"\n{name}")
        row(f"engine of {args.rev}", f"{e0:,.0f} fights/s/core",
            f"{t0:.1f} turns, {d0:.0f} dice a fight")
        row("engine of today", f"{e1:,.0f} fights/s/core", f"{t1:.1f} turns, {d1:.0f} dice")
        row("lean path of today", f"{lean:,.0f} fights/s/core",
            f"{lean / e0:.2f} x the engine of {args.rev} ({lean * t1 / (e0 * t0):.2f} x "
            f"per turn fought); {lean / e1:.2f} x today's")


if __name__ == "__main__":
    main()
