"""Findings of the fresh-user trial of session 17 (helper-101), fixed in session 17.

A shot said "about 30 yards away" beside the other man's "out of range (31.6 yards;
scattergun reaches 30)" in the same turn: the reach of the gun that could not answer is a
limit the shot's distance is said against ("just over 30 yards")."""

from __future__ import annotations

import re
from pathlib import Path

RIDER = Path(__file__).parent / "fresh17" / "bh-rider.yaml"
REFUSED = re.compile(r"^\*\*(.+?)\*\* cannot shoot at (.+?): .* is out of range "
                     r"\((\d+(?:\.\d+)?) yards; .* reaches (\d+(?:\.\d+)?)\)")
SHOT = re.compile(r"^\*\*(.+?)\*\* fires a .*? at \*\*(.+?)\*\* with .*?, "
                  r"((?:about |just over |just under )?\d+ yards) away\.")


def test_a_shot_beside_an_out_of_range_refusal_says_its_distance_against_the_reach(run_cli):
    """bh-rider, seeds 0-29: every turn where one man's gun cannot reach the other and the
    other shoots him at that distance. On the code before, seed 0 said "about 30 yards"
    beside "reaches 30" (31.6 yards)."""
    seen = []
    for seed in range(30):
        r = run_cli(RIDER, "run", "--seed", seed)
        assert r.exit_code == 0, r.output
        for turn in r.stdout.split("\n## ")[1:]:
            lines = turn.splitlines()
            for refusal in filter(None, map(REFUSED.match, lines)):
                who, whom, yards, reach = refusal.groups()
                if float(yards) <= float(reach) + 2.5:  # else no rounding reaches the limit
                    for shot in filter(None, map(SHOT.match, lines)):
                        if {shot[1], shot[2]} == {who, whom}:
                            seen.append((seed, shot[3], reach))
    assert seen, "no shot beside a refusal out of range: the scenario no longer tests it"
    assert all(said == f"just over {reach} yards" for _, said, reach in seen), seen
    assert (0, "just over 30 yards", "30") in seen


def test_a_stretch_of_the_fight_after_the_next_or_the_first_has_no_article():
    """"Nobody drew blood for the next a minute" (generated canyon 2v3 seed 11, both tenses):
    a span of "a minute" after "the next" or "the first" is "the next minute". Every phrase
    saying "the next" or "the first" before a span takes the span's field without its
    article, and the fight says it so."""
    import re
    import sys

    from narrator.render import render
    from narrator.render.core import Options

    sys.path.insert(0, str(Path(__file__).parent))
    from prose_lint import generated_fights

    table = (Path(__file__).parents[1] / "templates" / "common" / "phrases.toml").read_text(
        encoding="utf-8")
    assert not re.findall(r"the (?:next|first) \{(?:time|last)\}", table)
    assert table.count("the next {next_time}") == 2 and table.count("the first {first}") == 2
    (_, log), = generated_fights(1, start=11)
    for tense in ("present", "past"):
        story = render(log, "text", "story", options=Options(tense=tense))
        assert "for the next minute." in story and "the next a " not in story
