"""Write-ups of Gaslight fights: every Gaslight event kind rendered in every format and mode,
the ruleset's templates (``narrator/rulesets/gaslight/templates/``) not orphaned, its
phrases read over the common ones, teaching arithmetic, the status block, the same numbers in
every format, variety in the late-Victorian story voice.

The goldens of the two bundled Gaslight scenarios are checked by ``test_writeups.py``, which
covers every bundled scenario."""

from __future__ import annotations

import json
import re

import pytest

from narrator.engine import run_fight
from narrator.events import REGISTRY
from narrator.render import Options, render, render_posts, template_dirs
from narrator.render.core import _phrase_table, make_env
from narrator.rulesets.gaslight import events as gl_events
from narrator.ruleset import get as get_ruleset
from narrator.scenario import load_scenario, load_scenario_text

from conftest import EXAMPLES, fight, sizes
from test_writeups import _numbers

GASLIGHT = ("fog-alley.yaml", "railway-platform.yaml")
FORMATS = ("markdown", "bbcode", "html", "text")
KINDS = {cls.kind for cls in vars(gl_events).values()
         if isinstance(cls, type) and getattr(cls, "kind", "") and cls.kind in REGISTRY}

TWO_GUNS = {
    "title": "two guns", "ruleset": "gaslight", "seed": 3, "dice_fallback": "seeded",
    "sides": {"a": [{"name": "Ann", "dex": 14, "bab": 2, "skills": {"off_hand_shooting": True},
                     "weapons": [{"type": "webley_revolver", "carried": "ready"},
                                 {"type": "derringer", "hand": "off", "carried": "ready"}],
                     "at": [0, 0]}],
              "b": [{"name": "Bob", "hp": 40, "con": 18, "at": [4, 0],
                     "weapons": [{"type": "revolver", "carried": "ready"}]}]},
    "turns": [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 2,
                                   "off_hand": {"shoot": "Bob", "mode": "snap"}},
                           "Bob": {"reload": True}}}],
    "dice": {"Ann": {"off_hand": [15]}},
}

BOTH_BARRELS = {  # 002 l.40: both barrels at once (a hit, then a miss), one barrel loaded
    "title": "both barrels", "ruleset": "gaslight", "seed": 3, "dice_fallback": "seeded",
    "sides": {"a": [{"name": "Gus", "dex": 12, "bab": 2, "at": [0, 0],
                     "weapons": [{"type": "coach_gun", "carried": "ready"}]},
                    {"name": "Hal", "at": [0, 2],
                     "weapons": [{"type": "coach_gun", "carried": "ready", "loaded": 1}]}],
              "b": [{"name": "Bob", "hp": 60, "con": 18, "ac": 15, "at": [5, 0],
                     "weapons": [{"type": "derringer", "carried": "ready"}]}]},
    "turns": [{"intents": {"Gus": {"shoot": "Bob", "mode": "aimed", "both_barrels": True},
                           "Hal": {"shoot": "Bob", "mode": "aimed", "both_barrels": True},
                           "Bob": {"shoot": "Gus", "mode": "aimed", "shots": 2}}},
              {"intents": {"Gus": {"reload": True}}},
              {"intents": {"Gus": {"shoot": "Bob", "mode": "aimed", "both_barrels": True}}}],
    "dice": {"Gus": {"initiative": [9, 9, 9], "to_hit": [10, 2], "location": [5],
                     "damage": [5, 6]},
             "Hal": {"initiative": [5, 5, 5], "to_hit": [2]},
             "Bob": {"initiative": [1, 1, 1], "to_hit": [2, 2]}},
}

GROUP_COVER = {  # 002 l.62, GN21: one man covers a small group
    "title": "a covered pair", "ruleset": "gaslight", "seed": 4, "dice_fallback": "seeded",
    "sides": {"police": [{"name": "Ann Hale", "short": "Ann", "pronoun": "she", "at": [0, 0],
                          "weapons": [{"type": "webley_revolver", "carried": "ready"}]}],
              "gang": [{"name": "Jem Rudd", "short": "Rudd", "at": [8, 0], "hp": 40,
                        "con": 18},
                       {"name": "Kitty Doyle", "short": "Kitty", "pronoun": "she",
                        "at": [8, 2], "hp": 40, "con": 18}]},
    "turns": [{"intents": {"Ann": {"covers": {"target": ["Rudd", "Kitty"],
                                              "when": "appears"}},
                           "Kitty": {"appears": True}}}],
    "dice": {"Ann": {"initiative": [1], "to_hit": [2, 2, 2]},
             "Rudd": {"initiative": [5]}, "Kitty": {"initiative": [9]}},
}


def test_covering_a_group_reads_plainly():
    log = run_fight(load_scenario_text(json.dumps(GROUP_COVER)))
    teaching = render(log, "text", "teaching", options=Options(cite=True))
    assert ("Ann Hale covers Jem Rudd and Kitty Doyle: if any of them comes into view, she "
            "fires on that one (002 l.61-64).") in teaching
    assert "Kitty appears, and Ann's covering shot goes off at once, before anyone rolls " \
           "initiative (002 l.65)." in teaching
    story = render(log, "text", "story")
    assert "Rudd and Kitty" in story and "Ann covers Rudd and Kitty: a shot the moment one of them appears." in story

ABOARD = {  # 002 l.41, l.45, GN22: shots from and at a moving carriage
    "title": "the carriage", "ruleset": "gaslight", "seed": 5, "dice_fallback": "seeded",
    "sides": {"a": [{"name": "Ann", "pronoun": "she", "dex": 12, "bab": 2, "at": [0, 0],
                     "aboard": {"on": "carriage"},
                     "weapons": [{"type": "webley_revolver", "carried": "ready"}]}],
              "b": [{"name": "Bob", "hp": 60, "con": 18, "at": [5, 0],
                     "weapons": [{"type": "revolver", "carried": "ready"}]}]},
    "turns": [{"intents": {"Ann": {"shoot": "Bob", "mode": "aimed"},
                           "Bob": {"shoot": "Ann", "mode": "snap", "shots": 1}}}],
    "dice": {"Ann": {"initiative": [9], "to_hit": [10]},
             "Bob": {"initiative": [1], "to_hit": [10]}},
}


def test_shots_from_and_at_a_conveyance_read_plainly():
    log = run_fight(load_scenario_text(json.dumps(ABOARD)))
    text = render(log, "text", "teaching", options=Options(cite=True))
    for line in (
        "aboard a moving carriage (a target running) (002 l.41, l.45)",
        "d20 10 + 2 (base attack) + 1 (Dexterity) + 0 (aimed, but aboard a moving carriage: "
        "no +4) + 1 (target standing) = 14",
        "d20 10 − 4 (target running) = 6",
    ):
        assert line in text, line
    story = render(log, "text", "story")
    assert "aimed, but aboard a moving carriage: no +4" not in story.split("Rolls")[0]

BLADE = {  # 002 l.363, GN23: a revolver in one hand, a knife in the other
    "title": "the knife", "ruleset": "gaslight", "seed": 6, "dice_fallback": "seeded",
    "sides": {"a": [{"name": "Ann", "pronoun": "she", "str": 14, "dex": 12, "bab": 2,
                     "at": [0, 0], "blade": {"type": "knife"},
                     "weapons": [{"type": "webley_revolver", "carried": "ready"}]}],
              "b": [{"name": "Bob", "hp": 30, "con": 18, "at": [1, 0]},
                    {"name": "Cy", "hp": 30, "con": 18, "at": [9, 0],
                     "blade": {"type": "sabre", "hand": "primary"}}]},
    "turns": [{"intents": {"Ann": {"shoot": "Bob", "mode": "snap", "shots": 1,
                                   "strike": "Bob"}, "Cy": {"strike": "Ann"}}},
              {"intents": {"Ann": {"strike": "Bob"}}}],
    "dice": {"Ann": {"initiative": [9, 9], "to_hit": [10, 15, 15], "location": [5],
                     "damage": [3]},
             "Bob": {"initiative": [1, 1]}, "Cy": {"initiative": [2, 2]}},
}


def test_a_gun_and_a_blade_read_plainly():
    log = run_fight(load_scenario_text(json.dumps(BLADE)))
    text = render(log, "text", "teaching", options=Options(cite=True))
    for line in (
        "Ann strikes at Bob with her knife (002 l.363): d20 15 + 2 (base attack) + 2 "
        "(Strength) − 10 (a gun and a blade) = 9 against Armor Class 10: a miss.",
        "− 6 (a gun and a blade) = 8 against Armor Class 10",
        "Damage 1d4 + STR: (3 + 2) × 1.5 (impaling), rounded down = 7",
        "Cy cannot reach Ann with a blade at 27 ft: a blow reaches 5 feet.",
        "Webley revolver (revolver, .45, 1d10, 6/6, in hand), a knife in the off hand",
    ):
        assert line in text, line
    story = render(log, "text", "story")
    assert "knife" in story.split("Rolls")[1] and "Ann strikes at Bob (knife, 3 ft)" in story


def _all_kinds_logs():
    logs = [fight(name) for name in GASLIGHT]
    logs.append(run_fight(load_scenario_text(json.dumps(TWO_GUNS))))
    logs.append(run_fight(load_scenario_text(json.dumps(BOTH_BARRELS))))
    logs.append(run_fight(load_scenario_text(json.dumps(GROUP_COVER))))
    logs.append(run_fight(load_scenario_text(json.dumps(ABOARD))))
    logs.append(run_fight(load_scenario_text(json.dumps(BLADE))))
    return logs


def test_both_barrels_teaching_shows_the_arithmetic():
    """002 l.40, G18 d: one roll, the damage doubled (and with impaling, x2.5)."""
    log = run_fight(load_scenario_text(json.dumps(BOTH_BARRELS)))
    text = render(log, "text", "teaching", options=Options(cite=True))
    for line in (
        "Gus fires both barrels at once (002 l.40), one attack, at Bob with his coach gun, "
        "aimed fire, at his initiative:",
        "Both barrels, 15 feet: d20 10 + 2 (base attack) + 1 (Dexterity) + 4 (aimed fire) + 1 "
        "(target standing) = 18 against Armor Class 15: a hit.",
        "Damage 2d8: (5 + 6) × 2.5 (impaling ×1.5 and both barrels ×2, together (002 l.40)), "
        "rounded down = 27",
        "Bob fires a shot at Gus with his derringer, snap shooting, at the end of the round",
        "Hal's coach gun has only one barrel loaded: he fires it alone, an aimed shot "
        "(002 l.40).",
    ):
        assert line in text, line
    story = render(log, "text", "story")
    assert "Hal: no shot with both barrels (one barrel loaded: coach gun)." in story
    assert sum(story.count(w) for w in ("both barrels", "Both barrels")) >= 2


def test_the_gaslight_kinds_are_registered():
    assert len(KINDS) == 16
    assert {"gl_shot", "gl_fast_draw", "gl_covering", "gl_recoil", "gl_malfunction"} <= KINDS


def test_the_bundled_scenarios_and_a_two_gun_duel_show_every_kind():
    seen = {e.kind for log in _all_kinds_logs() for e in log.events}
    assert KINDS <= seen, KINDS - seen


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("mode", ("teaching", "story"))
def test_every_kind_renders_in_every_format_and_mode(fmt, mode):
    for log in _all_kinds_logs():
        posts = render_posts(log, fmt, mode, per_turn=True)
        text = "".join(posts)
        assert "{" not in re.sub(r"<style>.*?</style>", "", text, flags=re.S)
        assert "\\u" not in text and "None" not in text
        for word in ("wound points", "shootout", "combat turn", "Injur"):
            assert word not in text, word


def test_ruleset_templates_are_its_kinds_or_shadow_shared_ones():
    """Each template of the ruleset's folder belongs to a registered kind: one of Gaslight's
    (all three of events/, story/, rolls/) or a shared one it words its own way."""
    root = get_ruleset("gaslight").templates()
    files = [p for p in root.rglob("*.j2") if p.parent != root]
    for p in files:
        sub, kind = p.parent.name, p.stem
        assert sub in ("events", "story", "rolls") and kind in REGISTRY, p
        assert (kind in KINDS) != (template_dirs() / "common" / sub / p.name).exists(), p
    for kind in KINDS:
        for sub in ("events", "story", "rolls"):
            assert (root / sub / f"{kind}.j2").exists(), (sub, kind)
    env = make_env("markdown", None, "gaslight")
    assert "Round 3" in env.get_template("events/turn_started.j2").render(
        ev=type("E", (), {"turn": 3}))


def test_the_ruleset_phrases_are_read_over_the_common_ones():
    """Its own groups (gl_...) are added and the shared endings stay."""
    table = _phrase_table(make_env("markdown", None, "gaslight"), "gaslight")
    assert "gl_hit" in table and "end_field" in table
    assert "gl_hit" not in _phrase_table(make_env("markdown", None, "boothill"), "boothill")


@pytest.mark.parametrize("mode", ("teaching", "story"))
def test_every_format_carries_the_same_numbers(mode):
    log = fight("fog-alley.yaml")
    seqs = {fmt: _numbers(render(log, fmt, mode), fmt) for fmt in FORMATS}
    assert len(seqs["text"]) > 200
    for fmt in FORMATS:
        assert seqs[fmt] == seqs["text"], fmt


def test_teaching_mode_shows_each_roll_with_its_arithmetic():
    text = render(fight("railway-platform.yaml"), "text", "teaching",
                  options=Options(cite=True))
    for line in (
        "Captain Jack Lassiter's Adjusted Fast Draw: DEX 18 + 3 (quick-draw points) + 2 "
        "(Bull Dog) = 23.",
        "Above 20, both come down by 4, the higher to 19: 19 and 14.",
        "Lassiter rolls d20 12, under 19 by 7; Crowe rolls d20 13, under 14 by 1. Both make it; "
        "Lassiter beats his score by more and fires first.",
        "Shot 1, 18 feet: d20 6 + 2 (base attack) + 2 (Dexterity) − 6 (fanning at this range)",
        "Shot 4, 18 feet: d20 3 + 2 (base attack) + 2 (Dexterity) − 3 (fanning, shot 4) − 6 "
        "(fanning at this range)",
        "Damage 1d10: (4 + 1 (smokeless)) × 1.5 (impaling), rounded down = 7",
    ):
        assert line in text, line
    fog = render(fight("fog-alley.yaml"), "text", "teaching", options=Options(cite=True))
    for line in (
        "Rudd appears, and Halloran's covering shot goes off at once, before anyone rolls "
        "initiative (002 l.65).",
        "Kitty checks STR against 10: d20 3 −1 = 2: failed by 5 or more: off her feet",
        "an old gun loaded with smokeless, cannot take the charge and bursts (002 l.5): 1d6 5 "
        "to Pike.",
    ):
        assert line in fog, line


def test_story_mode_rolls_block_and_status():
    text = render(fight("railway-platform.yaml"), "bbcode", "story")
    assert "[spoiler=Rolls, " in text
    assert "Fast draw: Lassiter 23→19, d20 12 (by 7); Crowe 18→14, d20 13 (by 1): Lassiter " \
           "first (margin)." in text
    assert "[b]Status after round 1[/b]" in text
    assert "Lassiter (Lassiters): on his feet; hit points 4/16, Health 14/14" in text
    assert "gaslight (as ruled)" in text


def _seeded(name: str, seed: int):
    from narrator import batch
    loaded = load_scenario(EXAMPLES / name)
    loaded.script = {}
    return run_fight(batch.odds_scenario(loaded, tactics="aggressive", max_turns=6), seed)


@pytest.mark.parametrize("n", sizes(20, 100))
def test_variety_over_many_fights(n):
    """No sentence of the story follows itself; many distinct phrasings."""
    distinct: set[str] = set()
    for i in range(n):
        text = render(_seeded(GASLIGHT[i % 2], i), "text", "story")
        prose = [p for p in text.split("\n\n") if not p.startswith(("Rolls", "Status", "- "))]
        sentences = [s for p in prose for s in re.split(r"(?<=\.) ", p)]
        for a, b in zip(sentences, sentences[1:]):
            if len(a) > 30:
                assert a != b, a
        distinct.update(re.sub(r"[A-Z][\w\"']*( [A-Z][\w\"']*)*", "NAME", s) for s in sentences)
    assert len(distinct) >= 40
