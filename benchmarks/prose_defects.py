"""Count what a GM would have to edit in story write-ups (issue 10): engine lines, present
tense in past-tense prose, coordinates, repeated sentences, names where a pronoun would do,
dead men missing from the ending. Generates fights with ``narrator.npcs`` and renders each in
story mode, Markdown, both tenses; then, past tense, over every ruleset's generated fights:
whole sentences (four words or more) said twice in one write-up, and a sentence opening on the
name the sentence before opened on. Prints figures; not a test.

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
    every_ruleset(args.fights, args.examples)


def every_ruleset(n: int, examples: int) -> None:
    """Past tense, ``n`` generated fights of each ruleset: sentences said twice in a write-up
    and pairs of sentences opening on the same name (two GM readers' complaints)."""
    from collections import Counter

    from prose_lint import opens_on_same_name, ruleset_fights, sentences, violence_fights

    twice: list[str] = []
    names_again: list[str] = []
    fights = generated_fights(n) + violence_fights(n) + ruleset_fights("weird-west", n) \
        + ruleset_fights("gaslight", n)
    for label, log in fights:
        prose = story_prose(render(log, "markdown", "story", options=Options(tense="past")),
                            "markdown")
        said = Counter(s for s in sentences(prose) if len(s.split()) >= 4)
        twice += [f"{label}: {k}x {s}" for s, k in said.items() if k > 1]
        names_again += [f"{label}: {p}" for p in opens_on_same_name(prose, log)]
    print(f"past tense, {len(fights)} generated fights of the four rulesets")
    for key, found in (("said_twice", twice), ("name_again", names_again)):
        print(f"  {key:18} {len(found):6}  ({len(found) / max(len(fights), 1):.2f} per fight)")
        for ex in found[:examples]:
            print(f"      e.g. {ex[:150]}")


if __name__ == "__main__":
    main()
