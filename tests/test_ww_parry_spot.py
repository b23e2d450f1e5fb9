"""Weird West: a parry backs the man a yard off (ruled: WN15; 004 l.197) with no move event,
and the story followed the men's spots through the moves alone (``narrate.motions``): the
spot he backed off from stayed his, so a man closing on him afterwards was measured against
a spot nobody stood on. A fresh user's knife-fighter walking at the gambler who had parried
him was told "Crowe backs away from Sutter" (ww-twoguns.yaml); in a fresh user's graveyard
(ww-graveyard.yaml seed 24) "Amos shambles towards Vega. Amos's teeth snap shut an inch from
Hank.": Hank had parried Amos back a yard. ``WWVamoosed.backed_to`` now says where the parry
left him, and ``motions`` follows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.render.narrate import motions
from narrator.scenario import loader

HERE = Path(__file__).parent
GRAVEYARD = HERE / "fresh20" / "ww-graveyard.yaml"


def test_the_parry_says_where_it_left_him():
    """Every parry carries the spot it left him on (nobody in these fights has both legs
    maimed, who could not back off); a dodge or a dive behind cover has none."""
    seen = 0
    for seed in range(1, 13):
        log = run_fight(loader.load_scenario(GRAVEYARD), seed)
        for e in log.events:
            if e.kind != "ww_vamoosed":
                continue
            if e.how != "parry":
                assert e.backed_to is None
                continue
            assert e.backed_to is not None
            seen += 1
    assert seen >= 10


@pytest.mark.parametrize("path", [GRAVEYARD, HERE / "fresh21" / "ww-twoguns.yaml"])
def test_a_walk_with_a_blow_on_its_card_goes_at_the_man_struck(path):
    """Every move followed on its own card by a blow (the walking dead's walk, a knife
    closing in: ruled WN16) is "towards", and the man it brings nearest by the most is the
    man struck; 72 of 691 such moves over these and the bundled graveyard's 40 seeds were
    not, every one after a parry."""
    for seed in range(1, 41):
        ev = list(run_fight(loader.load_scenario(path), seed).events)
        m = motions(ev, ev[0])
        for i, e in enumerate(ev):
            if e.kind != "ww_moved":
                continue
            blow = next((x for x in ev[i + 1:i + 3] if x.kind == "ww_fought"
                         and x.character == e.character and x.card == e.card), None)
            if blow is not None:
                got = m.get(id(e), {})
                assert (got.get("way"), got.get("closer")) == ("towards", blow.target), \
                    (seed, e.turn, e.character)


def test_the_graveyard_story_sends_amos_at_the_man_he_bites():
    """Seed 24: Hank parried Amos back a yard; Amos's next walk goes at Hank, and the story
    names Hank, not Vega, as the man he comes at."""
    log = run_fight(loader.load_scenario(GRAVEYARD), 24)
    assert any(e.kind == "ww_vamoosed" and e.how == "parry" and e.character == "Hank Dobbs"
               for e in log.events)
    text = render(log, "text", "story")
    assert "Amos shambles towards Hank. Amos's teeth snap shut an inch from Hank." in text
