"""Mutation runs one module at a time, whole or sampled, and their scores per module.

mutmut (pyproject ``[tool.mutmut]``) writes every mutant of the configured modules under
``mutants/``; a whole run of the big modules (fight.py alone has about 3,500 mutants) takes
hours on a shared machine, so a run can take a seeded sample of each module's mutants:

    .venv/bin/mutmut run "narrator.dice.*"                     # one module, whole
    .venv/bin/mutmut run $(.venv/bin/python benchmarks/mutation_sample.py \\
        narrator/rulesets/boothill/fight.py=70 narrator/render/discord.py=40)
    .venv/bin/python benchmarks/mutation_sample.py --scores narrator/rulesets/boothill/fight.py=70 ...

The first form prints the mutant names (``MODULE=N``: N mutants drawn with seed 19 from the
module's sorted names; ``MODULE`` alone: all of them); ``--scores`` prints, per module, the
mutants checked, killed (a test failed or timed out), survived, equivalent (a survivor whose
name is a key of ``[tool.mutmut.equivalent]``) and without tests, and the score
killed / (checked - equivalent), from the results ``mutmut run`` left in ``mutants/``.
``mutants/`` must exist (any ``mutmut run`` makes it).
"""

from __future__ import annotations

import json
import random
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED = {1, 3, 36, -24, 24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}


def names(module: str) -> list[str]:
    """Every mutant name of ``module`` (a path like ``narrator/dice.py``), sorted."""
    meta = ROOT / "mutants" / (module + ".meta")
    return sorted(json.loads(meta.read_text())["exit_code_by_key"])


def sample(spec: str) -> tuple[str, list[str]]:
    """``MODULE=N`` or ``MODULE``: the module and its (sampled) mutant names."""
    module, _, n = spec.partition("=")
    every = names(module)
    if not n or int(n) >= len(every):
        return module, every
    return module, sorted(random.Random(19).sample(every, int(n)))


def scores(specs: list[str]) -> None:
    equivalent = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"][
        "mutmut"].get("equivalent", {})
    print(f"{'module':44} {'mutants':>7} {'checked':>7} {'killed':>6} {'survived':>8} "
          f"{'equiv.':>6} {'no test':>7} {'score':>6}")
    for spec in specs:
        module, chosen = sample(spec)
        codes = json.loads((ROOT / "mutants" / (module + ".meta")).read_text())[
            "exit_code_by_key"]
        checked = [n for n in chosen if codes.get(n) is not None]
        killed = [n for n in checked if codes[n] in KILLED]
        eq = [n for n in checked if codes[n] in SURVIVED and n in equivalent]
        survived = [n for n in checked if codes[n] in SURVIVED and n not in equivalent]
        untested = [n for n in checked if codes[n] in NO_TESTS]
        scored = len(checked) - len(eq)
        score = f"{100 * len(killed) / scored:.1f}%" if scored else "-"
        print(f"{module:44} {len(names(module)):7} {len(checked):7} {len(killed):6} "
              f"{len(survived):8} {len(eq):6} {len(untested):7} {score:>6}")
        for n in survived + untested:
            print(f"    {'survived' if n in survived else 'no tests'}: {n}")


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--scores":
        scores(argv[1:])
    else:
        for spec in argv:
            print("\n".join(sample(spec)[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
