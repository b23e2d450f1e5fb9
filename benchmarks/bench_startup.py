"""Start-up: ``narrator --help`` and ``narrator run`` on the Luke Short example, against
``python -c pass``, in fresh processes, in one run (issue 17's budgets: ``--help`` under 0.2 s,
``run`` under 0.4 s; issue 12: ``--help`` loads no ruleset). ``run`` is timed with the template bytecode cache warm (the usual case:
every run after the first) and with it turned off (``NARRATOR_CACHE_DIR=``, what the first
run pays); then the heaviest imports. Prints figures; not a test.

Each figure is the best and the median of ``--runs`` processes, as wall-clock time and as CPU
time (user + system, of the child): on a shared machine the CPU time is nearer what an idle
machine would take. The load average is printed with them. A machine busy with other work
still inflates the CPU time (two processes share a core's caches); ``--instructions`` also
counts each case's instructions once under valgrind's callgrind (when valgrind is installed;
about half a minute each), a figure the load barely changes (runs differ by a few per cent).

    python benchmarks/bench_startup.py [--runs 10] [--instructions]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import EXAMPLES, row  # noqa: E402

NARRATOR = Path(sys.executable).with_name("narrator")


def timed(cmd: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of ``runs`` fresh runs of ``cmd``."""
    times, cpus = [], []
    for _ in range(runs):
        before = os.times()
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - t)
        after = os.times()
        cpus.append(after.children_user - before.children_user
                    + after.children_system - before.children_system)
    return times, cpus


def instructions(cmd: list[str], env: dict[str, str]) -> int | None:
    """Instructions one run of ``cmd`` executes, counted by valgrind's callgrind (None when
    valgrind is not installed or gives no count)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    proc = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                          check=False)
    found = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    return int(found.group(1)) if found else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--instructions", action="store_true",
                    help="also count each case's instructions once (valgrind callgrind)")
    args = ap.parse_args()
    luke = str(EXAMPLES / "luke-short.yaml")
    # Python's own bytecode cache (__pycache__) as an installed narrator has it: an environment
    # with PYTHONDONTWRITEBYTECODE set would otherwise compile every module from source in
    # every run (about 0.15 s of CPU here), which no user's install pays
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if "PYTHONDONTWRITEBYTECODE" in os.environ:
        print("(PYTHONDONTWRITEBYTECODE is set here; the children run without it, so they "
              "use compiled bytecode as an install does)")
    with tempfile.TemporaryDirectory() as cache:
        warm = dict(base_env, NARRATOR_CACHE_DIR=cache)
        cold = dict(base_env, NARRATOR_CACHE_DIR="")
        for cmd in ([str(NARRATOR), "run", luke], [str(NARRATOR), "--help"]):
            # fills the template cache and Python's bytecode cache
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=warm)
        cases = (("python -c pass", [sys.executable, "-c", "pass"], warm, ""),
                 ("narrator --help", [str(NARRATOR), "--help"], warm, "target < 0.2 s"),
                 ("narrator run luke-short.yaml (cache warm)", [str(NARRATOR), "run", luke],
                  warm, "target < 0.4 s"),
                 ("narrator run luke-short.yaml (no cache)", [str(NARRATOR), "run", luke],
                  cold, ""))
        print(f"{args.runs} fresh processes each; load average {os.getloadavg()[0]:.2f} on "
              f"{os.cpu_count()} CPUs (wall / CPU seconds, best and median)")
        base = None
        for label, cmd, env, note in cases:
            times, cpus = timed(cmd, args.runs, env)
            best = min(cpus)
            base = best if base is None else base
            row(label, f"{min(times):.3f} / {best:.3f} s",
                f"median {statistics.median(times):.3f} / {statistics.median(cpus):.3f} s; "
                f"CPU over python -c pass {best - base:+.3f} s  {note}")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        if args.instructions:
            print("instructions, one run each under valgrind callgrind (millions):")
            base_count = None
            for label, cmd, env, _ in cases:
                count = instructions(cmd, env)
                if count is None:
                    row(label, "no count (valgrind not installed?)")
                    continue
                base_count = count if base_count is None else base_count
                row(label, f"{count / 1e6:.0f} M",
                    f"over python -c pass {(count - base_count) / 1e6:+.0f} M")
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
    for lazy in ("faker", "jinja2", "ruamel", "pydantic", "numpy", "importlib.metadata"):
        loaded = any(name.strip() == lazy for _, name in heavy)
        row(f"{lazy} imported at start", "yes" if loaded else "no")
    rulesets = sorted({name.strip() for _, name in heavy
                       if name.strip().startswith("narrator.rulesets")})
    row("ruleset modules imported at start", ", ".join(rulesets) or "none",
        "rulesets load when a scenario names one")


if __name__ == "__main__":
    main()
