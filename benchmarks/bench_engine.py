"""Fights per second per core, engine alone and with rendering, and the engine's cost against
a bare loop drawing the same dice. Prints figures; not a test.

Scenarios: a one-on-one shootout (two gunmen 5 yards apart, fought to the end by their tactics
profiles: shootout turns), the Luke Short example's single shootout turn (scripted dice
dropped), and a four-on-four fight at 40 yards (combat turns, tactics to the end).

    python benchmarks/bench_engine.py [--fights N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import DUEL, EXAMPLES, FOUR_ON_FOUR, per_second, row  # noqa: E402

from narrator.engine import run_fight  # noqa: E402
from narrator.render import render  # noqa: E402
from narrator.scenario import load_scenario, load_scenario_text  # noqa: E402


def bare_dice(n_dice: int) -> float:
    """Seconds per fight of a loop drawing ``n_dice`` d20s as the dice do (``random()``)."""
    rng = random.Random("bare")
    r = rng.random

    def draw(_: int) -> None:
        for _ in range(n_dice):
            int(r() * 20) + 1

    return 1.0 / per_second(draw, 2000)


def bench(label: str, loaded, fights: int) -> None:
    print(f"\n{label}")
    logs = [run_fight(loaded, s, dice_fallback="seeded") for s in range(200)]
    dice = statistics.mean(len(log.rolls) for log in logs)
    turns = statistics.mean(log.events[-1].turns for log in logs)
    events = statistics.mean(len(log.events) for log in logs)
    engine = per_second(lambda i: run_fight(loaded, i, dice_fallback="seeded"), fights)
    rendered = per_second(lambda i: render(run_fight(loaded, i, dice_fallback="seeded"),
                                           "markdown"), max(50, fights // 20), repeat=2)
    bare = bare_dice(round(dice))
    row("average turns / dice rolled / events per fight",
        f"{turns:.1f} / {dice:.0f} / {events:.0f}")
    row("engine only", f"{engine:,.0f} fights/s/core")
    row("engine + markdown rendering", f"{rendered:,.0f} fights/s/core")
    row("bare loop drawing the same dice", f"{1 / bare:,.0f} loops/s")
    row("engine time per fight / bare dice time", f"{1 / engine / bare:,.0f} x",
        f"({1e6 / engine:,.0f} us vs {bare * 1e6:.1f} us)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fights", type=int, default=2000)
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}; CPU seconds of this process (best of 3)")
    bench("One-on-one shootout, fought to the end (tactics)", load_scenario_text(DUEL),
          args.fights)
    luke = load_scenario(EXAMPLES / "luke-short.yaml")
    luke.script = {}
    bench("Luke Short example: one shootout turn (scripted dice dropped)", luke, args.fights)
    bench("Four on four at 40 yards, combat turns to the end (tactics)",
          load_scenario_text(FOUR_ON_FOUR), max(200, args.fights // 4))


if __name__ == "__main__":
    main()
