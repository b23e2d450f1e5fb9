"""Instructions a fight, counted by callgrind (valgrind): a figure the machine's load does not
move, for comparing the lean path before and after a change, or against the engine of an
earlier revision (issue 17's "today's engine", 09d1f47). Prints figures; not a test.

Each figure is the difference of two callgrind runs of one child process under
``PYTHONHASHSEED=0``: both load the scenario and fight the warm-up seeds 1..W (the lean
path keeps a scenario's decisions across its fights, so the first fights cost more); one
then fights K fresh seeds 100000..100000+K-1. (instructions(K) - instructions(0)) / K is
the cost of a fight once warm. The same seeds on both sides of a comparison.

The scenarios are written once, by this checkout's code (``bench_engine_then``'s five: the
generated duel, the five-yard duel, Luke Short fought on, four on four, sixteen on sixteen),
and the code measured is the narrator at ``--root`` (default: this checkout):

    python benchmarks/callgrind_fights.py [--root DIR] [--mode lean|engine] [--only duel5,luke]
        [--scale 0.5]

``--mode engine`` fights ``summarize(run_fight(...))`` (the engine with its records, what
bench_engine_then times); ``lean`` fights ``batch.fight_summary`` (the lean path; a
revision without one falls back to the engine there). Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import DUEL, EXAMPLES, FOUR_ON_FOUR, ROOT  # noqa: E402

# name -> (warm-up fights, measured fights); the big fights cost more, so fewer of them.
SIZES = {"gen": (60, 200), "duel5": (60, 200), "luke": (60, 200), "4v4": (30, 40),
         "16v16": (6, 8)}

CHILD = r"""
import sys
from narrator import batch
from narrator.engine import run_fight
from narrator.scenario import load_scenario
path, mode, warm, k, kw = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), {}
if sys.argv[5]:
    kw = {"tactics": sys.argv[5], "max_turns": int(sys.argv[6])}
ld = batch.odds_scenario(load_scenario(path), **kw)
if mode == "lean":
    fight = lambda s: batch.fight_summary(ld, s)
else:
    fight = lambda s: batch.summarize(run_fight(ld, s, dice_fallback="seeded"))
for s in range(1, warm + 1):
    fight(s)
for s in range(100000, 100000 + k):
    fight(s)
"""


def cases(tmp: Path) -> dict[str, tuple[str, str, str]]:
    """name -> (scenario file, tactics, max turns) for the five benchmark fights."""
    from bench_kernel import many

    from narrator.rulesets.boothill.generate import generate, to_yaml

    texts = {"gen": to_yaml(generate([("posse", 1), ("rustlers", 1)], "street", 7)),
             "duel5": DUEL, "4v4": FOUR_ON_FOUR, "16v16": many(16)}
    out = {}
    for name, text in texts.items():
        p = tmp / f"{name}.yaml"
        p.write_text(text, encoding="utf-8")
        out[name] = (str(p), "", "")
    out["luke"] = (str(EXAMPLES / "luke-short.yaml"), "aggressive", "20")
    return out


def instructions(root: Path, case: tuple[str, str, str], mode: str, warm: int, k: int,
                 tmp: Path) -> int:
    """Total instructions callgrind counts for one child run."""
    out = tmp / f"cg.{os.getpid()}.{k}"
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, "-c", CHILD, case[0], mode, str(warm), str(k), case[1],
                    case[2]], env=env, cwd=root, check=True, capture_output=True)
    text = out.read_text(errors="replace")
    out.unlink()
    m = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
    assert m, "no totals in callgrind's output"
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the narrator checkout measured")
    ap.add_argument("--mode", choices=("lean", "engine"), default="lean")
    ap.add_argument("--only", default="", help="comma-separated: " + ",".join(SIZES))
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply the measured fights (not the warm-up)")
    args = ap.parse_args()
    names = args.only.split(",") if args.only else list(SIZES)
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        all_cases = cases(tmp)
        for name in names:
            warm, k = SIZES[name]
            k = max(2, int(k * args.scale))
            base = instructions(args.root, all_cases[name], args.mode, warm, 0, tmp)
            full = instructions(args.root, all_cases[name], args.mode, warm, k, tmp)
            print(f"{name:6} {args.mode:6} {(full - base) / k / 1e6:8.3f}M instructions a "
                  f"fight ({k} fights after {warm} warm-up)", flush=True)


if __name__ == "__main__":
    main()
