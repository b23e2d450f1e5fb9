"""Write-ups of Violence fights: every Violence event kind rendered in every format and mode,
the ruleset's templates (``narrator/rulesets/violence/templates/``) not orphaned,
no Boot Hill words, the same content in every format, variety, escaping.

The goldens of the two bundled Violence scenarios are checked by ``test_writeups.py``, which
covers every bundled scenario of both rulesets."""

from __future__ import annotations

import re

import pytest

from narrator.rulesets.violence import events as events_violence
from narrator.events import REGISTRY
from narrator.render import Options, render, render_posts, template_dirs
from narrator.render.core import make_env
from narrator.ruleset import get as get_ruleset
from narrator.scenario import load_scenario, load_scenario_text

from conftest import EXAMPLES, fight, sizes
from test_writeups import _numbers

VIOLENCE = ("bank-robbery.yaml", "barroom-brawl.yaml")
FORMATS = ("markdown", "bbcode", "html", "text")
KINDS = {cls.kind for cls in vars(events_violence).values()
         if isinstance(cls, type) and getattr(cls, "kind", "") and cls.kind in REGISTRY}


def test_the_violence_kinds_are_registered():
    assert len(KINDS) == 13
    assert {"gun_fired", "melee_fought", "suppression_tested", "morale_checked",
            "after_fight_rolled"} <= KINDS


def test_the_bundled_scenarios_show_every_violence_kind():
    seen = {e.kind for name in VIOLENCE for e in fight(name).events}
    assert KINDS <= seen


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("mode", ("teaching", "story"))
@pytest.mark.parametrize("name", VIOLENCE)
def test_every_kind_renders_in_every_format_and_mode(name, fmt, mode):
    posts = render_posts(fight(name), fmt, mode, per_turn=True)
    assert len(posts) == 2
    text = "".join(posts)
    assert "{" not in re.sub(r"<style>.*?</style>", "", text, flags=re.S)  # no field left unfilled
    for word in ("STR ", " WP", "combat turn", "shootout", "seconds", "wound points"):
        assert word not in text, word


def test_ruleset_templates_are_its_kinds_or_shadow_shared_ones():
    """The ruleset's own templates (``Ruleset.templates()``) hold the templates of the Violence
    kinds and the Violence wording of shared kinds (cast, round heading, status, ending); each
    file belongs to a registered kind, and a shared kind's file shadows one in ``common/``."""
    root = get_ruleset("violence").templates()
    files = [p for p in root.rglob("*.j2") if p.parent != root]
    assert len(files) == 3 * len(KINDS) + 4
    for p in files:
        sub, kind = p.parent.name, p.stem
        assert sub in ("events", "story", "rolls") and kind in REGISTRY
        assert (kind in KINDS) != (template_dirs() / "common" / sub / p.name).exists()
    for kind in KINDS:
        for sub in ("events", "story", "rolls"):
            assert (root / sub / f"{kind}.j2").exists(), (sub, kind)
    env = make_env("markdown", None, "violence")
    assert "Round" in env.get_template("events/turn_started.j2").render(ev=type("E", (), {"turn": 3}))


@pytest.mark.parametrize("mode", ("teaching", "story"))
def test_every_format_carries_the_same_numbers(mode):
    log = fight("bank-robbery.yaml")
    seqs = {fmt: _numbers(render(log, fmt, mode), fmt) for fmt in FORMATS}
    assert len(seqs["text"]) > 200
    for fmt in FORMATS:
        assert seqs[fmt] == seqs["text"], fmt


def test_teaching_mode_shows_each_roll_with_its_arithmetic():
    cite = Options(cite=True)  # the line citations come with --cite
    text = render(fight("bank-robbery.yaml"), "text", "teaching", options=cite)
    for line in (
        "two d20s, 7 and 15, keeping the 15 + 1 (one extra shot) = 16; he needs 16 or more: a hit.",
        "d20 9 + 5 (five extra shots) = 14; Dutch needs 16 or more: a miss.",
        "Two of three: Ezra hits on 12 or more. d20 10 + 2 (tag: Sharpshooter) = 12: a hit.",
        "d20 6 + 2 (buckshot at medium range) = 8, under 10: Sam is Injured (one Injury now).",
        "d20 6 + 2 (one Injury) + 2 (revolver calibre) = 10, 10 or more: Jack goes Down.",
        "so the fire has half effect: 2 halved is 1 (003 l.54). d6 3: over 1, so he is not hit.",
        "d6 1: 2 or under, so he is shot, by one of them, picked at random (d2: 2): Pete.",
        "2d6: 6 + 5 = 11, more than their morale of 7: they break and flee: Dutch and Pete",
        "Jack: d20 9 + 2 (one Injury) = 11, 10 or more: he is dead.",
        "Haskell: two Injuries, two weeks of rest",
        "Haskell 9 (tied; then 14)",
    ):
        assert line in text, line
    brawl = render(fight("barroom-brawl.yaml"), "text", "teaching", options=cite)
    for line in ("Ned (Bowie knife): d12 5 + 2 (Bowie knife, a shorter weapon) = 7.",
                 "Ned is Injured and goes Down (003 l.41), subdued, since Carver meant to subdue.",
                 "A difference of 0: both are Injured, and the fight continues (003 l.40).",
                 "they break and surrender: Curly gives up (003 l.81)."):
        assert line in brawl, line


def test_story_mode_rolls_block_and_status():
    text = render(fight("barroom-brawl.yaml"), "bbcode", "story")
    assert "[spoiler=Rolls, round 1]" in text  # under "Round 1", never "turn 1"
    assert "Rolls, turn" not in text
    assert "Melee: Carver (subdue) 9 = 9 vs Ned (kill) 5 +2 (Bowie knife, a shorter weapon) = 7" in text
    assert "[b]Status after round 2[/b]" in text
    assert "violence (as ruled)" in text


def _seeded(name: str, seed: int):
    loaded = load_scenario(EXAMPLES / name)
    loaded.script = {}
    from narrator import batch
    from narrator.engine import run_fight
    return run_fight(batch.odds_scenario(loaded, tactics="aggressive", max_turns=6), seed)


@pytest.mark.parametrize("n", sizes(40, 100))
def test_variety_over_many_fights(n):
    """No sentence of shooting or melee prose follows itself; many distinct phrasings."""
    distinct: set[str] = set()
    for i in range(n):
        text = render(_seeded(VIOLENCE[i % 2], i), "text", "story")
        prose = [p for p in text.split("\n\n") if not p.startswith(("Rolls", "Status", "- "))]
        sentences = [s for p in prose for s in re.split(r"(?<=\.) ", p)]
        for a, b in zip(sentences, sentences[1:]):
            if len(a) > 30:
                assert a != b, a
        distinct.update(re.sub(r"[A-Z][\w\"']*( [A-Z][\w\"']*)*", "NAME", s) for s in sentences)
    assert len(distinct) >= 60


def test_no_action_by_a_man_out_of_the_fight():
    """A character out of the fight (Down, subdued, fled, surrendered) never shoots, fights,
    suppresses, reloads or moves again."""
    for i in range(60):
        log = _seeded(VIOLENCE[i % 2], i)
        out: set[str] = set()
        for e in log.events:
            actor = {"gun_fired": "shooter", "suppression_laid": "suppressor",
                     "weapon_reloaded": "character", "relocated": "character"}.get(e.kind)
            if actor:
                assert getattr(e, actor) not in out, (i, e)
            if e.kind == "melee_fought":
                assert e.attacker.character not in out and e.defender.character not in out
                if e.down:
                    out.add(e.down)
            if e.kind == "injury_rolled" and e.result == "down":
                out.add(e.character)
            if e.kind == "morale_checked" and e.routed:
                out.update(e.members)


def test_markdown_escapes_a_hostile_name():
    hostile = '**Doc** [b]\\ <script>alert(1)</script> ||x|| `y`'
    text = (EXAMPLES / "barroom-brawl.yaml").read_text().replace(
        "name: Deputy Will Carver", "name: '" + hostile.replace("'", "''") + "'")
    out = render(fight_text(text), "markdown", "teaching")
    assert "\\*\\*Doc\\*\\* \\[b\\]\\\\ \\<script\\>" in out
    assert "<script>" not in out and "||x||" not in out


def fight_text(text: str):
    from narrator.engine import run_fight
    return run_fight(load_scenario_text(text))


def test_html_parses():
    html5lib = pytest.importorskip("html5lib")
    for name in VIOLENCE:
        for mode in ("teaching", "story"):
            html5lib.HTMLParser(strict=True).parse(render(fight(name), "html", mode))
