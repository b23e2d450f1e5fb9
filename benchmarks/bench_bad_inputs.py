"""How long ``narrator check`` takes to refuse each file of ``tests/bad_inputs/`` (an alias
bomb, a deep nest, a huge integer must be refused at once, not ground through): CPU seconds
per refusal, in-process, slowest first. Prints figures; not a test (the tests check what is
answered, not how fast).

    python benchmarks/bench_bad_inputs.py [--top 10]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, row  # noqa: E402

from typer.testing import CliRunner  # noqa: E402

from narrator.cli import app  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=10, help="how many of the slowest to print")
    args = ap.parse_args()
    runner = CliRunner()
    took = []
    for path in sorted((ROOT / "tests" / "bad_inputs").glob("*.yaml")):
        start = time.process_time()
        result = runner.invoke(app, ["check", str(path)])
        took.append((time.process_time() - start, path.name, result.exit_code))
    took.sort(reverse=True)
    print(f"narrator check on {len(took)} bad inputs, CPU seconds per file, slowest first")
    for seconds, name, code in took[:args.top]:
        row(name, f"{seconds:.3f} s", f"exit {code}")
    row("total", f"{sum(t for t, _, _ in took):.2f} s")


if __name__ == "__main__":
    main()
