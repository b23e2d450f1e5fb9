"""Batch write-ups and Monte Carlo odds (issue 5): the odds agree with a probability worked
out by hand, results do not depend on the number of workers, nothing is overwritten."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.rulesets.boothill import tables
from narrator.scenario import load_scenario, load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"
runner = CliRunner()

DUEL = """
title: Two careful shots
seed: 100
house_rules: {light_wound_penalty: 0}
sides:
  A:
    - name: Amos
      attributes: {str: 1, coo: 10, obs: 10, sta: 5, luck: 1}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
  B:
    - name: Bart
      attributes: {str: 1, coo: 5, obs: 10, sta: 5, luck: 1}
      weapons: [{type: single_action_revolver}]
      at: [10, 0]
turns:
  - kind: combat
    intents:
      Amos: {shoot: Bart}
      Bart: {shoot: Amos}
"""


def test_wilson_interval():
    p, lo, hi = batch.wilson(50, 100)
    assert p == 0.5
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert batch.wilson(0, 10)[1] == 0.0 and batch.wilson(10, 10)[2] == 1.0


def test_tally_from_a_kernels_arrays():
    """``Tally.from_arrays`` counts four fights of three men (A: Al, Bo; B: Cy) by hand:
    codes 0 active, 1 dead, 2 down (left out of ``labels``: not counted)."""
    import numpy as np

    cond = np.array([[0, 1, 1], [1, 1, 0], [0, 0, 0], [1, 2, 1]])
    wounded = np.array([[True, False, False], [False, False, True],
                        [False, False, False], [False, False, False]])
    shots = np.array([[2, 1, 0], [1, 0, 3], [0, 0, 0], [1, 0, 0]])
    hits = np.array([[1, 0, 0], [0, 0, 2], [0, 0, 0], [1, 0, 0]])
    args = dict(sides=["A", "B"], side_of=np.array([0, 0, 1]), cond=cond, active=0,
                labels={1: "dead"}, wounded=wounded, turns=np.array([1, 2, 3, 4]),
                shots=shots, hits=hits)
    t = batch.Tally.from_arrays(names=["Al", "Bo", "Cy"], seconds=np.array([5, 0, 0, 1]),
                                **args)
    assert (t.trials, t.wins) == (4, {"A": 1, "B": 1, "undecided": 1, "nobody": 1})
    assert (t.turns, t.turns_sq, t.seconds, t.seconds_sq) == (10, 30, 6, 26)
    assert t.outcomes == {"Al": {"dead": 2, "wounded": 1, "unhurt": 1},
                          "Bo": {"dead": 2, "unhurt": 1},
                          "Cy": {"dead": 2, "wounded": 1, "unhurt": 1}}
    assert (t.shots, t.hits) == ({"Al": 4, "Bo": 1, "Cy": 3}, {"Al": 2, "Bo": 0, "Cy": 2})
    assert t.handed == {}
    bare = batch.Tally.from_arrays(names=[], **args)   # no names: wins and turns only
    assert (bare.wins, bare.turns, bare.seconds) == (t.wins, 10, 0)
    assert (bare.outcomes, bare.shots, bare.hits) == ({}, {}, {})


def drop_chance() -> Fraction:
    """P(a hit takes a man with STR 1 and Luck 1 out of the fight), by hand from the tables.

    Table 11 (d20): legs and arms 1-8 (Table 12: -1), shoulders and abdomen 9-14 (0), chest and
    head 15-20 (+1). Severity d6 + that (B7): 0-2 light, 3-5 serious, 6+ mortal; wound points =
    the total, and more than STR 1 passes him out (B8); a mortal wound drops him unless the Luck
    check (1 in 20) turns it into a light wound of 1 point.
      -1 (8/20): totals 0..5, down on 2..5                   4/6
       0 (6/20): totals 1..6, down on 2..5, 6 mortal          (4 + 19/20)/6
      +1 (6/20): totals 2..7, down on 2..5, 6 and 7 mortal    (4 + 2 x 19/20)/6
    d = 8/20 x 4/6 + 6/20 x 4.95/6 + 6/20 x 5.9/6 = 0.8091666...
    """
    d = (Fraction(8, 20) * Fraction(4, 6) + Fraction(6, 20) * (4 + Fraction(19, 20)) / 6
         + Fraction(6, 20) * (4 + 2 * Fraction(19, 20)) / 6)
    # the same from the packaged tables, to make sure the hand and the data agree
    check = Fraction(0)
    for d20 in range(1, 21):
        loc = tables.location(d20)
        for d6 in range(1, 7):
            total = d6 + tables.severity_location_modifier(loc)
            sev = tables.severity(total)
            if sev == "mortal":
                check += Fraction(1, 120) * Fraction(19, 20)
            elif total > 1:
                check += Fraction(1, 120)
    assert check == d
    return d


def test_odds_agree_with_the_hand_computed_probability():
    """One combat turn, one careful shot each at 10 yards (short range, no modifier): Amos hits
    on 10 or less (1/2), Bart on 5 or less (1/4); light wounds cost nothing (house rule), so a
    hit that does not drop a man does not change the odds. Initiative is a fair coin (d6 each,
    ties rerolled, B11) and the side with it fires first (000 l.39-40):
      P(Amos wins) = pA d (1 - pB d / 2),  P(Bart wins) = pB d (1 - pA d / 2).
    Each must lie inside the 95% Wilson interval the odds report."""
    d = drop_chance()
    pa, pb = Fraction(1, 2), Fraction(1, 4)
    want = {"A": float(pa * d * (1 - pb * d / 2)), "B": float(pb * d * (1 - pa * d / 2))}
    assert want["A"] == pytest.approx(0.363662, abs=1e-6)
    ld = batch.odds_scenario(load_scenario_text(DUEL))
    odds = batch.run_odds(ld, 20_000, 100, workers=2)
    got = {s.side: s for s in odds.sides}
    for side, p in want.items():
        assert got[side].low <= p <= got[side].high, (side, p, got[side])
    assert "nobody" not in got  # only one of them can go down: the other never fires
    assert odds.turns == (1.0, 0.0) and odds.seconds == (6.0, 0.0)
    amos = next(c for c in odds.characters if c.name == "Amos")
    assert amos.shots_per_hit == pytest.approx(2.0, rel=0.05)


def test_odds_do_not_depend_on_the_workers_and_ignore_scripted_dice():
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "luke-short.yaml"),
                             tactics="aggressive", max_turns=10)
    assert ld.script == {} and ld.scenario.max_turns == 10
    assert all(c.tactics == "aggressive" for _, c in ld.scenario.characters())
    one = batch.run_odds(ld, 600, 5, workers=1)
    two = batch.run_odds(ld, 600, 5, workers=2)
    assert one == two
    assert sum(s.wins for s in one.sides) == 600
    other = batch.run_odds(ld, 600, 6, workers=1)
    assert other.tally != one.tally


def test_chart_is_well_formed_svg(tmp_path):
    ld = batch.odds_scenario(load_scenario_text(DUEL))
    svg = batch.chart_svg(batch.run_odds(ld, 200, 1))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Amos" in svg and "Two careful shots" in svg


def test_cli_odds_table_and_chart(tmp_path):
    scen = tmp_path / "duel.yaml"
    scen.write_text(DUEL)
    chart = tmp_path / "odds.svg"
    r = runner.invoke(app, ["odds", str(scen), "--trials", "300", "--workers", "1",
                            "--chart", str(chart)])
    assert r.exit_code == 0, r.output
    assert "A win" in r.output and "95% interval" in r.output and "shots per hit" in r.output
    assert chart.read_text().startswith("<svg")
    r = runner.invoke(app, ["odds", str(scen), "--trials", "10", "--chart", str(chart)])
    assert r.exit_code == 2 and "exists" in r.output
    png = str(tmp_path / "o.png")
    r = runner.invoke(app, ["odds", str(scen), "--trials", "10", "--chart", png])
    assert r.exit_code == 2 and "svg" in r.output


def test_cli_batch_same_files_for_one_and_two_workers(tmp_path):
    scen = EXAMPLES / "shotgun-gang.yaml"
    gen = tmp_path / "raid.yaml"
    assert runner.invoke(app, ["generate", "--sides", "posse:2", "gang:2", "--seed", "4",
                               "--out", str(gen)]).exit_code == 0
    outs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}"
        r = runner.invoke(app, ["batch", str(gen), str(scen), "--runs", "3", "--out", str(out),
                                "--workers", workers, "--format", "text", "--profile", "tables",
                                "--dice-fallback", "seeded"])
        assert r.exit_code == 0, r.output
        outs.append({p.name: p.read_text() for p in sorted(out.iterdir())})
    assert outs[0] == outs[1]
    assert sorted(outs[0]) == ["raid-4.txt", "raid-5.txt", "raid-6.txt", "shotgun-gang-1877.txt",
                               "shotgun-gang-1878.txt", "shotgun-gang-1879.txt"]
    assert len(set(outs[0].values())) == 6


def test_cli_batch_file_is_what_run_writes_and_nothing_is_overwritten(tmp_path):
    gen = tmp_path / "raid.yaml"
    runner.invoke(app, ["generate", "--sides", "posse:2", "gang:2", "--seed", "4", "--out",
                        str(gen)])
    out = tmp_path / "fights"
    r = runner.invoke(app, ["batch", str(gen), "--runs", "2", "--out", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "raid-5.md" in r.output and "winner" in r.output
    single = runner.invoke(app, ["run", str(gen), "--seed", "5"])
    assert (out / "raid-5.md").read_text() == single.stdout
    (out / "raid-4.md").write_text("the GM's notes\n")
    r = runner.invoke(app, ["batch", str(gen), "--runs", "2", "--out", str(out)])
    assert r.exit_code == 2 and "exists" in r.output
    assert (out / "raid-4.md").read_text() == "the GM's notes\n"
    r = runner.invoke(app, ["batch", str(gen), "--runs", "2", "--out", str(out), "--force",
                            "--workers", "1"])
    assert r.exit_code == 0 and (out / "raid-4.md").read_text() != "the GM's notes\n"


def test_cli_batch_story_mode_is_what_run_story_writes(tmp_path):
    """``batch --mode story`` writes each fight as ``run --mode story`` does (a story: its rolls
    in a spoiler block, no teaching arithmetic); ``--mode`` with JSON is refused as by run."""
    gen = tmp_path / "raid.yaml"
    runner.invoke(app, ["generate", "--sides", "posse:2", "gang:2", "--seed", "4", "--out",
                        str(gen)])
    out = tmp_path / "fights"
    r = runner.invoke(app, ["batch", str(gen), "--runs", "1", "--out", str(out), "--workers", "1",
                            "--mode", "story", "--format", "bbcode"])
    assert r.exit_code == 0, r.output
    story = runner.invoke(app, ["run", str(gen), "--seed", "4", "--mode", "story", "--format",
                                "bbcode"])
    teaching = runner.invoke(app, ["run", str(gen), "--seed", "4", "--format", "bbcode"])
    text = (out / "raid-4.bbcode").read_text()
    assert text == story.stdout and text != teaching.stdout
    assert "[spoiler" in text
    r = runner.invoke(app, ["batch", str(gen), "--runs", "1", "--out", str(out), "--mode",
                            "story", "--format", "json"])
    assert r.exit_code == 2 and "--mode does nothing with --format json" in r.output


def test_summary_reads_the_end_of_a_fight():
    ld = load_scenario(EXAMPLES / "shotgun-gang.yaml")
    from narrator.engine import run_fight
    s = batch.summarize(run_fight(ld))
    assert s.turns == 5 and s.seconds == 30
    conditions = dict(s.conditions)
    assert conditions["Martin Stanshaw"] == "dead"
    assert sum(n for _, n in s.shots) == sum(1 for e in run_fight(ld).events
                                             if e.kind == "shot_fired")


def test_the_fast_dice_hash_is_the_canonical_one():
    """``dice_log_hash`` spells the canonical JSON out by hand (it runs once per simulated
    fight); it must hash exactly ``json.dumps([asdict(roll)...], sort_keys=True)``."""
    import hashlib

    from narrator.dice import Roll, canonical_rolls_json, dice_log_hash

    rolls = [Roll('Jake "Two-Gun" Harlan', "to_hit", 20, 5, True, 1),
             Roll("Zoë Ñandú \\ back\\slash", "location", 20, 20, False, 0),
             Roll("Posse", "initiative", 6, 3, False, 12)]
    for some in ([], rolls[:1], rolls):
        want = hashlib.sha256(canonical_rolls_json(some).encode()).hexdigest()
        assert dice_log_hash(some) == want
    from narrator.dice import setup_digest
    from narrator.engine import run_fight
    loaded = load_scenario(EXAMPLES / "abilene-saloon.yaml")
    log = run_fight(loaded)
    dice = hashlib.sha256(canonical_rolls_json(list(log.rolls)).encode()).hexdigest()
    assert log.events[-1].dice_hash == hashlib.sha256(
        f"{setup_digest(loaded.scenario)}\n{log.events[0].profile}\n{{}}\n{dice}".encode()
    ).hexdigest()
