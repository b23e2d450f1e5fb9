"""A digest of every Boot Hill fight's dice and end state, to compare before and after a
change that must fight the same fights (issue 17: the lean path's speed work). Prints one
line per variant: its name and a SHA-256 (16 hex digits) over its seeds. Not a test.

For each bundled Boot Hill example (as declared; fought on by aggressive tactics to 20
turns; by cautious tactics to 12; by snipers to 10 on the tables alone), five generated
fights and the benchmarks' duel, four on four and sixteen on sixteen (a tenth of the
seeds): seeds 0..N-1 on the lean path (``record=False``: every die with its roller,
purpose and faces, the ending, the clock, shots and hits, and each man's condition,
place, rounds, reload progress and wounds), and every tenth seed on the engine with its
records too (the summary, the roll log and every event).

    python benchmarks/same_fights.py [--seeds 300] [--only NAME,NAME] > before.txt
    ... change ...
    python benchmarks/same_fights.py [--seeds 300] | diff before.txt -

Run it with ``PYTHONHASHSEED`` unset or set; the digests do not depend on it.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_kernel import many  # noqa: E402
from common import DUEL, EXAMPLES, FOUR_ON_FOUR  # noqa: E402

from narrator import batch  # noqa: E402
from narrator.dice import SeededDice  # noqa: E402
from narrator.engine import run_fight  # noqa: E402
from narrator.rulesets.boothill.fight import BootHillFight, profile_of  # noqa: E402
from narrator.rulesets.boothill.generate import generate, to_yaml  # noqa: E402
from narrator.scenario import load_scenario, load_scenario_text  # noqa: E402


class _Told(SeededDice):
    """Seeded dice that keep what they rolled: (roller, purpose, faces, value)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.told: list[tuple] = []

    def roll(self, who: str, purpose: str, sides: int) -> int:
        v = SeededDice.roll(self, who, purpose, sides)
        self.told.append((who, purpose, sides, v))
        return v


def variants() -> list[tuple[str, object, bool]]:
    """(name, odds scenario, tables only) of every variant fought."""
    out = []
    for p in sorted(EXAMPLES.glob("*.yaml")):
        ld = load_scenario(p)
        if ld.scenario.ruleset != "boothill":
            continue
        out += [(p.stem, batch.odds_scenario(ld), False),
                (p.stem + "/aggressive20",
                 batch.odds_scenario(ld, tactics="aggressive", max_turns=20), False),
                (p.stem + "/cautious12",
                 batch.odds_scenario(ld, tactics="cautious", max_turns=12), False),
                (p.stem + "/sniper10-tables",
                 batch.odds_scenario(ld, tactics="sniper", max_turns=10), True)]

    def gen(sides: list, setting: str, seed: int) -> object:
        return batch.odds_scenario(load_scenario_text(to_yaml(generate(sides, setting, seed))))

    out += [("generated duel", gen([("posse", 1), ("rustlers", 1)], "street", 7), False),
            ("generated 3v4", gen([("posse", 3), ("rustlers", 4)], "corral", 11), False),
            ("generated 2v2v2", gen([("law", 2), ("gang", 2), ("drifters", 2)], "saloon", 12),
             False),
            ("generated 4v4", gen([("a", 4), ("b", 4)], "canyon", 14), False),
            ("generated 2v2 saloon", gen([("a", 2), ("b", 2)], "saloon", 5), False),
            ("duel at 5 yards", batch.odds_scenario(load_scenario_text(DUEL)), False),
            ("four on four", batch.odds_scenario(load_scenario_text(FOUR_ON_FOUR)), False),
            ("sixteen on sixteen", batch.odds_scenario(load_scenario_text(many(16))), False)]
    return out


def digest(ld, tables_only: bool, seeds: int) -> str:
    h = hashlib.sha256()
    for s in range(seeds):
        dice = _Told(s)
        fight = BootHillFight(ld.scenario, ld.side_of, dice,
                              profile_of(ld.scenario, tables_only), s, record=False)
        fight.run()
        state: list = [dice.told, fight.ending, fight.elapsed, dice.count,
                       sorted(fight.shots_by.items()), sorted(fight.hits_by.items())]
        for f in fight.fighters.values():
            state.append((f.name, f.condition, f.pos,
                          [(w.loaded, str(w.reload_progress)) for w in f.weapons],
                          [repr(w) for w in f.wounds]))
        h.update(repr(state).encode())
        if s % 10 == 0:  # the engine with its records too
            log = run_fight(ld, s, dice_fallback="seeded", tables_only=tables_only)
            h.update(repr(batch.summarize(log)).encode())
            h.update(repr(log.rolls).encode())
            h.update(repr(log.events).encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=300)
    ap.add_argument("--only", default="", help="variant names, comma-separated")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    for name, ld, tables_only in variants():
        if only is not None and name not in only:
            continue
        n = args.seeds if name != "sixteen on sixteen" else max(args.seeds // 10, 5)
        print(name, digest(ld, tables_only, n), flush=True)


if __name__ == "__main__":
    main()
