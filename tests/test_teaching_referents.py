"""Teaching posts: who rolls is never left to a pronoun that reads as the target.

Old (bank-robbery seed 12, Violence teaching): "**Haskell** fires two shots at **"Dutch" Henry
Vogel** ... Dutch is neither in cover nor moving, so he rolls with advantage ...", where "he"
reads as Dutch, who is shot at, not Haskell, who rolls; and "Pete is in cover, so no
advantage: d20 **13**; he needs 16 or more", where "he" reads as Pete. "(nine shots were
called for, ...)" opened a sentence in lower case."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "scenarios/examples"
SHOT = re.compile(r"(?:^|\. |Then )\*\*([^*]+)\*\* fires (?:[^.]|\.\d)*?\*\*([^*]+)\*\*.*?"
                  r"(?:so ([^ ]+) rolls with advantage|so no advantage: d20 \*\*\d+\*\*"
                  r"[^;]*; ([^ ]+) needs)")


@lru_cache(maxsize=8)
def _teaching(name: str, seed: int) -> str:
    return render(run_fight(load_scenario(EXAMPLES / name), seed), "markdown", "teaching")


def test_a_violence_shot_names_who_rolls_when_the_target_was_named_last():
    post = _teaching("bank-robbery.yaml", 12)
    assert ("Dutch is neither in cover nor moving, so Haskell rolls with advantage: two d20s, "
            "7 and 15, keeping the **15** + 1 (one extra shot) = 16; he needs 16 or more: "
            "a hit.") in post
    assert ("Pete is in cover, so no advantage: d20 **13**; Wes needs 16 or more: a miss."
            in post)
    assert "(Nine shots were called for, and six were loaded.)" in post


def test_every_violence_shot_in_the_examples_names_its_shooter_as_who_rolls():
    checked = 0
    for name, seeds in (("bank-robbery.yaml", range(1, 9)), ("barroom-brawl.yaml", range(1, 9))):
        for seed in seeds:
            for para in _teaching(name, seed).split("\n\n"):
                m = SHOT.search(para)
                if not m:
                    continue
                shooter, target = (x.replace('"', "").split() for x in m.group(1, 2))
                who = m.group(3) or m.group(4)   # (his short name, or "he" after his own name)
                assert who in shooter and who not in target, (name, seed, para)
                checked += 1
    assert checked > 40
