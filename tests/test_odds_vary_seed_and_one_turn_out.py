"""helper-80's leftovers, each test failing on the code before: ``odds --vary seed=1..3``
printed three identical rows; plain ``odds`` said "+/-" where the rest of its output uses
typographic signs; ``run --per-turn --out x.yaml`` of a one-turn fight wrote the post to the
file x.yaml (a fight of several turns was refused)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIVERY = ROOT / "tests" / "fresh13" / "bh-livery.yaml"
EXAMPLES = ROOT / "scenarios" / "examples"


@pytest.mark.parametrize("spec,path", [("seed=1..3", "seed"), ("dice.Reese.to_hit=1..3", "dice")])
def test_odds_refuses_to_vary_the_seed_or_the_scripted_dice(run_cli, tmp_path, spec, path):
    """One line naming the option (--vary:N:COLUMN, as every bad --vary), exit 2, no table and
    no chart."""
    chart = tmp_path / "sweep.svg"
    r = run_cli(LIVERY, "odds", "--trials", "5", "--vary", "sides.law.count=1..2",
                "--vary", spec, "--chart", str(chart))
    assert r.exit_code == 2 and r.stdout == "" and not chart.exists()
    assert r.stderr == (f"--vary:2:1: {path} cannot be varied: odds fight every variant on the "
                        f"same seeds (--seed, else the scenario's seed) and ignore scripted "
                        f"dice, so every row would be the same; run odds once for each --seed "
                        f"instead (in {spec!r})\n")


def test_plain_odds_gives_the_interval_with_a_plus_minus_sign(run_cli):
    """The expected length's 95% interval as "±" (the outcome table already uses an en dash
    and the sweep's table the typographic minus)."""
    r = run_cli(EXAMPLES / "abilene-saloon.yaml", "odds", "--trials", "20", "--workers", "1")
    assert r.exit_code == 0, r.stderr
    assert "+/-" not in r.stdout
    assert re.search(r"Expected length: \d+\.\d\d turns \(± \d+\.\d\d\), \d+\.\d seconds "
                     r"\(± \d+\.\d\), 95% intervals\.", r.stdout), r.stdout


#: the livery showdown, its first (declared) turn only
ONE_TURN = LIVERY.read_text().split("  - intents:\n")[0].replace("max_turns: 8", "max_turns: 1")


@pytest.mark.parametrize("name", ["x.yaml", "x.md"])
def test_per_turn_refuses_a_file_named_out_even_for_a_one_turn_fight(run_cli, tmp_path, name):
    """--per-turn's output is a folder whatever the fight's length: x.yaml is refused for one
    turn as for four (80aa576), nothing written; a plain name is made a folder holding the
    turn's post under its turn's name."""
    out = tmp_path / name
    r = run_cli(ONE_TURN, "run", "--per-turn", "--out", str(out), name="one.yaml")
    assert r.exit_code == 2 and r.stdout == "" and not out.exists()
    assert r.stderr == (f"{out}: names a file ({out.suffix}), but --per-turn's post (one turn "
                        f"here) goes into a folder; --out a folder (such as {tmp_path / 'x'}), "
                        f"or one post without --per-turn and --discord\n")
    out.write_text("kept\n")
    r = run_cli(ONE_TURN, "run", "--per-turn", "--out", str(out), "--force", name="one.yaml")
    assert r.exit_code == 2 and out.read_text() == "kept\n"
    assert r.stderr == (f"{out}: exists and is not a folder; --per-turn's post (one turn here) "
                        f"goes into a folder (--out a folder, or one post without --per-turn "
                        f"and --discord)\n")
    folder = tmp_path / "posts"
    r = run_cli(ONE_TURN, "run", "--per-turn", "--out", str(folder), name="one.yaml")
    assert r.exit_code == 0, r.stderr
    assert [p.name for p in folder.iterdir()] == ["one-turn01.md"]
    assert (folder / "one-turn01.md").read_text().startswith("#")
    # without --per-turn the one post still goes to the file named
    single = tmp_path / "fight.md"
    r = run_cli(ONE_TURN, "run", "--out", str(single), name="one.yaml")
    assert r.exit_code == 0 and single.is_file()
