"""Count what a GM would have to edit in story write-ups (issue 10): engine lines, present
tense in past-tense prose, coordinates, repeated sentences, names where a pronoun would do,
dead men missing from the ending. Generates fights with ``narrator.npcs`` and renders each in
story mode, Markdown, both tenses. Prints figures; not a test.

    python benchmarks/prose_defects.py [--fights 30] [--examples 3]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from prose_lint import Count, check, generated_fights, story_prose  # noqa: E402

from narrator.render import Options, render  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fights", type=int, default=30)
    ap.add_argument("--examples", type=int, default=2, help="examples of each defect to show")
    args = ap.parse_args()
    fights = generated_fights(args.fights)
    for tense in ("present", "past"):
        c = Count()
        worst = 0
        for _, log in fights:
            before = c.repeats
            text = render(log, "markdown", "story", options=Options(tense=tense))
            check(story_prose(text, "markdown"), tense, log, c)
            worst = max(worst, c.repeats - before)
        print(f"{tense} tense, {c.fights} generated fights, {c.sentences} sentences")
        for key in ("engine", "snake", "python", "coords", "cites", "present_in_past",
                    "they_agreement", "footing", "repeats", "same_name_twice", "dead_unnamed"):
            v = getattr(c, key)
            extra = ""
            if key == "repeats":
                extra = f"  ({v / c.fights:.2f} per fight, worst fight {worst})"
            if key == "same_name_twice":
                extra = f"  ({100 * v / max(c.sentences, 1):.1f}% of sentences)"
            print(f"  {key:18} {v:6}{extra}")
            for ex in c.examples.get(key, [])[:args.examples]:
                print(f"      e.g. {ex[:150]}")
        print()


if __name__ == "__main__":
    main()
