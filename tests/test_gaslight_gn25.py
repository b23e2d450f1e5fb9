"""GN25: in a Gaslight fast-draw contest a man's Quick Draw points count only where Quick Draw
helps draw his gun from where it is carried (002 l.29, l.31, l.32 govern l.103's formula):
the engine, the odds kernel, `narrator check`, the teaching and rolls text agree. Each test
failed on the code before the ruling (which added the points whatever the gun)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.rulesets.gaslight import kernel
from narrator.rulesets.gaslight import rules as R
from narrator.scenario import load_scenario_text

from conftest import of_kind

ROOT = Path(__file__).resolve().parent.parent


def man(name: str, dex: int, points: int, weapon: dict, at=(0, 0)) -> dict:
    return {"name": name, "at": list(at), "str": 12, "dex": dex, "con": 12, "bab": 2,
            "hp": 10, "skills": {"quick_draw": points}, "weapons": [weapon]}


def contest(a: dict, b: dict, dice: dict | None = None) -> str:
    """A two-man scenario (JSON is YAML) whose first round opens with A and B's fast draw."""
    sc = {"title": "GN25", "ruleset": "gaslight", "seed": 1, "dice_fallback": "seeded",
          "max_turns": 1, "sides": {"posse": [a], "gang": [b]},
          "turns": [{"fast_draw": [a["name"], b["name"]],
                     "intents": {a["name"]: {"shoot": b["name"]},
                                 b["name"]: {"shoot": a["name"]}}}]}
    if dice:
        sc["dice"] = dice
    return json.dumps(sc, indent=1)


#: Hart's holstered Bull Dog (DEX 16, Quick Draw 2, +2) against Gault's slung coach gun
#: (DEX 13, Quick Draw 3, -2); Hart rolls a natural 20, Gault 12.
SLUNG = contest(man("Hart", 16, 2, {"type": "bulldog_revolver", "name": "Bull Dog",
                                    "carried": "holster"}),
                man("Gault", 13, 3, {"type": "coach_gun"}, at=(8, 0)),
                {"Hart": {"fast_draw": [20]}, "Gault": {"fast_draw": [12]}})


def fast_draw_of(text: str):
    log = run_fight(load_scenario_text(text, "<gn25>"), None)
    return log, of_kind(log, "gl_fast_draw")[0]


@pytest.mark.parametrize("carry,form,points", [
    ("holster", "pistol", 3), ("hidden_holster", "pistol", 3),
    ("hand_on_pistol", "derringer", 3), ("oversized_holster", "scattergun", 3),
    ("scattergun_lanyard", "sawed_off", 3), ("ready", "pistol", 3),
    ("ready", "scattergun", 3),
    ("pocket", "pistol", 0), ("sling", "coach_gun", 0), ("sheath", "rifle", 0),
    ("lanyard", "carbine", 0), ("case", "pistol", 0), ("case", "shotgun", 0),
    ("ready", "rifle", 0), ("ready", "coach_gun", 0)])
def test_the_points_that_count_by_where_the_gun_is_carried(carry, form, points):
    """002 l.25-28, l.35 (Quick Draw helps: the points count); l.26, l.29, l.31, l.32 (it
    does not: none count)."""
    assert R.contest_quick_draw(3, carry, form) == points


def test_a_slung_coach_gun_gets_dex_less_two_and_a_holstered_pistol_its_points():
    """Gault: DEX 13 - 2 (coach gun) = 11, not 13 + 3 - 2 = 14; his 12 now fails, and with
    Hart's natural 20 neither makes it (old: Gault alone made it and fired first). Hart: DEX
    16 + 2 + 2 = 20, his points counted."""
    _, fd = fast_draw_of(SLUNG)
    assert fd.adjusted == (20, 11)
    assert [(m.name, m.value) for m in fd.terms[1]] == [("dex", 13), ("quick_draw", 0),
                                                         ("weapon", -2)]
    assert [(m.name, m.value) for m in fd.terms[0]] == [("dex", 16), ("quick_draw", 2),
                                                         ("weapon", 2)]
    assert fd.quick_draw == (2, 0) and fd.uncounted == (0, 3)
    assert fd.succeeded == (False, False) and fd.order == () and fd.decided_by == "both_failed"


def test_the_tie_break_compares_the_points_that_count():
    """l.109 after GN25: two slung carbines (DEX 14 and 14, Quick Draw 3 and 1: both 12),
    d20s 5 and 5 (margins 7 and 7): neither's points count, 0 and 0, so the d10s decide (6
    and 3: Bly first, both shots go off); old: Ames won on his 3 points. Two holstered
    pistols (DEX 14 + 3 and DEX 16 + 1, both 6-inch: 17 and 17) with the same rolls are
    still decided by the points, Ames's 3 to 1."""
    carbine = {"type": "lever_action_carbine", "carried": "sling"}
    dice = {"Ames": {"fast_draw": [5], "tenth": [6]}, "Bly": {"fast_draw": [5], "tenth": [3]}}
    _, fd = fast_draw_of(contest(man("Ames", 14, 3, carbine),
                                 man("Bly", 14, 1, carbine, at=(5, 0)), dice))
    assert fd.adjusted == (12, 12) and fd.margins == (7, 7) and fd.quick_draw == (0, 0)
    assert fd.decided_by == "tenth" and fd.tenths == (6, 3) and fd.order == ("Bly", "Ames")
    pistol = {"type": "single_action_revolver", "carried": "holster"}
    _, fd = fast_draw_of(contest(man("Ames", 14, 3, pistol),
                                 man("Bly", 16, 1, pistol, at=(5, 0)), dice))
    assert fd.adjusted == (17, 17) and fd.quick_draw == (3, 1) and fd.uncounted == (0, 0)
    assert fd.decided_by == "quick_draw" and fd.order == ("Ames", "Bly")


def test_the_odds_kernel_scores_the_contest_as_the_engine_does():
    """The kernel's contest table for the same two men: Gault's 11 (old: 14). Hart's natural
    20 and Gault's 12: neither (-1; old: Gault); Hart's natural 20 and Gault's 11: Gault
    alone (1); Hart 19 (by 1) and Gault 11 (by 0): Hart (0)."""
    ctx = kernel.KernelContext(load_scenario_text(SLUNG, "<gn25>").scenario)
    k = kernel._Kernel(ctx, 1, np.random.default_rng(0))
    order, need, _ = k.contest_table(0, 1, 0, 0)
    assert order[20, 12] == -1 and order[20, 11] == 1 and order[19, 11] == 0
    assert order[13, 12] == 0 and not need.any()


def test_check_warns_that_the_points_do_not_count(run_cli, tmp_path):
    """`narrator check` gives the contest's figure at the contestant's name in fast_draw:
    (file:line:col); a holstered pistol's points draw no warning."""
    r = run_cli(SLUNG, "check")
    assert r.exit_code == 0, r.stderr
    assert SLUNG.splitlines()[58] == '    "Gault"'   # line 59, the second of fast_draw:
    assert (f"{tmp_path / 'fight.yaml'}:59:5: warning: Gault's 3 Quick Draw "
            f"points do not count in turn 1's fast-draw contest: Quick Draw does not help "
            f"drawing his coach gun from a sling on the back, so his Adjusted Fast Draw is 11, "
            f"not 14 (GN25)") in r.stderr.splitlines()
    assert r.stderr.count("warning") == 1
    rifle = SLUNG.replace('"type": "coach_gun"', '"type": "rifle", "carried": "ready"')
    r = run_cli(rifle, "check", name="rifle.yaml")
    assert ("Quick Draw does not help with a long arm, even one already in his hands, so "
            "his Adjusted Fast Draw is 10, not 13 (GN25)") in r.stderr


def test_the_teaching_and_rolls_text_show_the_points_not_counted():
    """Where the write-up does the fast-draw arithmetic: the points not counted, and why."""
    log, _ = fast_draw_of(SLUNG)
    text = render(log, "text", "teaching", options=Options())
    assert ("Gault's Adjusted Fast Draw: DEX 13 + 0 (his 3 quick-draw points do not count: "
            "Quick Draw is no help drawing a coach gun off his shoulder) − 2 (coach gun) = "
            "11.") in text
    assert "Hart's Adjusted Fast Draw: DEX 16 + 2 (quick-draw points) + 2 (Bull Dog) = 20." in text
    story = render(log, "text", "story", options=Options())
    assert ("Fast draw: Hart 20, d20 20 (failed); Gault 11 (Quick Draw 3 not counted), d20 12 "
            "(failed): neither: initiative.") in story
    cited = render(log, "text", "teaching", options=Options(cite=True))
    assert "off his shoulder (GN25)) − 2 (coach gun) = 11." in cited


def test_the_ruling_is_written_down_and_cited():
    """GN25 in rulings.toml (id, title, text, settles), cited by the fast draw's source in
    rules.toml, and listed in docs/gaslight.md."""
    data = ROOT / "narrator/rulesets/gaslight/data"
    rulings = {r["id"]: r for r in tomllib.loads((data / "rulings.toml").read_text())["ruling"]}
    assert "13 - 2 = 11, not 14" in rulings["GN25"]["text"]
    assert "l.109" in rulings["GN25"]["text"] and "has 0 there" in rulings["GN25"]["text"]
    rules = tomllib.loads((data / "rules.toml").read_text())
    assert "ruled: narrator GN25" in rules["fast_draw"]["source"]
    assert "**GN25.** Quick Draw points in a fast-draw contest." in (
        ROOT / "docs/gaslight.md").read_text()
