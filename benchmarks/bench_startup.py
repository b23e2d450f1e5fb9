"""Cold start of ``narrator --help`` (the issue's budget: under 0.3 s; issue 12: under 0.2 s,
no ruleset loaded): best and median of several runs in fresh processes, against a bare
``python -c pass`` (the interpreter's own start), and the heaviest imports it pays for.
Prints figures; not a test.

    python benchmarks/bench_startup.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import row  # noqa: E402

NARRATOR = Path(sys.executable).with_name("narrator")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    bare, bare_cpu = [], []
    for _ in range(args.runs):
        before = os.times()
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t)
        after = os.times()
        bare_cpu.append(after.children_user - before.children_user
                        + after.children_system - before.children_system)
    times, cpus = [], []
    for _ in range(args.runs):
        before = os.times()
        t = time.perf_counter()
        subprocess.run([str(NARRATOR), "--help"], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
        after = os.times()
        cpus.append(after.children_user - before.children_user
                    + after.children_system - before.children_system)
    print(f"narrator --help, {args.runs} cold starts (load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs)")
    row("wall clock, best", f"{min(times):.3f} s", "target < 0.3 s")
    row("wall clock, median", f"{statistics.median(times):.3f} s")
    row("python -c pass, best", f"{min(bare):.3f} s", "the interpreter alone")
    row("narrator's own share, best", f"{min(times) - min(bare):.3f} s",
        "target < 0.2 s in all")
    row("CPU time (user + system), best", f"{min(cpus):.3f} s",
        "what an idle machine would take, near enough")
    row("CPU time of python -c pass, best", f"{min(bare_cpu):.3f} s")
    row("narrator's own CPU time, best", f"{min(cpus) - min(bare_cpu):.3f} s")
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import narrator.cli"],
                          capture_output=True, text=True, check=True)
    heavy = []
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            heavy.append((int(parts[1]), parts[2].rstrip()))
    top = [(us, name) for us, name in heavy if not name.startswith("  ")]
    print("heaviest top-level imports of narrator.cli (cumulative):")
    for us, name in sorted(top, reverse=True)[:6]:
        row(name.strip(), f"{us / 1000:.1f} ms")
    for lazy in ("faker", "jinja2", "ruamel", "pydantic", "importlib.metadata"):
        loaded = any(name.strip() == lazy for _, name in heavy)
        row(f"{lazy} imported at start", "yes" if loaded else "no")
    rulesets = sorted({name.strip() for _, name in heavy
                       if name.strip().startswith("narrator.rulesets")})
    row("ruleset modules imported at start", ", ".join(rulesets) or "none",
        "rulesets load when a scenario names one")


if __name__ == "__main__":
    main()
