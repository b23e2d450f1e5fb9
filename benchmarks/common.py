"""Shared helpers of the benchmark scripts: scenarios, timing, printing. Not a test module.

Timings are CPU time of this process (``time.process_time``), best of ``repeat`` rounds, so
other load on the machine disturbs them less than wall-clock time would; fights per second
per core = fights / CPU seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"

GUNMAN = """\
      attributes: {{str: {str}, coo: {coo}, obs: 12, sta: 10, luck: {luck}}}
      skills: {{pistol: {pistol}, rifle: {rifle}, fast_draw: {fd}}}
      weapons: [{weapons}]
      at: [{x}, {y}]
      tactics: {tactics}"""

# One on one, 5 yards apart in the street: shootout turns (within 20 feet), fought to the end
# by the tactics profiles.
DUEL = """\
title: Duel in the street
seed: 1
max_turns: 20
sides:
  Short:
    - name: Luke Short
""" + GUNMAN.format(str=13, coo=16, luck=10, pistol=4, rifle=1, fd=8, x=0, y=0,
                    weapons="{type: single_action_revolver}", tactics="aggressive") + """
  Courtright:
    - name: Jim Courtright
""" + GUNMAN.format(str=12, coo=15, luck=8, pistol=5, rifle=1, fd=3, x=5, y=0,
                    weapons="{type: single_action_revolver}", tactics="cautious") + "\n"


def _four_on_four() -> str:
    """Four riflemen a side, 40 yards apart behind scattered cover: combat turns."""
    lines = ["title: Four on four at the river crossing", "seed: 1", "max_turns: 20", "map:",
             "  wagon: {at: [4, 6], cover: {locations: [legs, abdomen, chest]}}",
             "  rocks: {at: [36, -6], cover: {locations: [legs, abdomen, chest, arms]}}",
             "sides:"]
    profiles = ("cautious", "sniper", "lawman", "aggressive")
    for side, x in (("Posse", 0), ("Gang", 40)):
        lines.append(f"  {side}:")
        for k in range(4):
            lines.append(f"    - name: {side} man {k + 1}")
            lines.append(GUNMAN.format(
                str=11 + k, coo=13 + k % 3, luck=5 + k, pistol=3 + k % 2, rifle=3 + k,
                fd=2 + k, x=x, y=-6 + 4 * k,
                weapons="{type: lever_action_rifle}, {type: single_action_revolver}",
                tactics=profiles[k] if side == "Posse" else profiles[(k + 1) % 4]))
    return "\n".join(lines) + "\n"


FOUR_ON_FOUR = _four_on_four()


def per_second(fn: Callable[[int], object], n: int, repeat: int = 3) -> float:
    """Calls of ``fn(i)`` (i = 0..n-1) per CPU second, best of ``repeat`` rounds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        for i in range(n):
            fn(i)
        best = min(best, time.process_time() - t)
    return n / best if best > 0 else float("inf")


def row(label: str, value: str, note: str = "") -> None:
    print(f"  {label:<48} {value:>14}  {note}")
