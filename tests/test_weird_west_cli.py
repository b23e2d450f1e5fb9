"""The Weird West through every command: run in every format and mode (the goldens are in
test_writeups), render from a saved log, next and status, batch, odds (against a one-on-one
worked out by hand), generate, new, rules, schema."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.scenario import load_scenario, load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"
runner = CliRunner()

DUEL = """
title: One shooter, one target
ruleset: weird-west
seed: 100
sides:
  posse:
    - name: Ann
      traits: {deftness: 1d6, quickness: 1d6}
      aptitudes: {shootin: {pistol: 1}}
      weapons: [{type: colt_peacemaker}]
      at: [0, 0]
  gang:
    - name: Bob
      wind: 1
      vamoose: false
      at: [5, 0]
turns:
  - intents:
      Ann: [{shoot: Bob}, {shoot: Bob}, {shoot: Bob}, {shoot: Bob}, {shoot: Bob}]
"""


def quickness_cards() -> dict[int, Fraction]:
    """Cards dealt for Quickness 1d6 against TN 5 (W3), by hand: the die 1 busts (no card);
    2-5 one card; 6 aces and adds a second die Y: 7-9 (Y 1-3) one card, 10-11 (Y 4-5) two (a
    raise); 6+6+Z: 13-14 two, 15-17 three; 6+6+6+V: 19 three, 20-23 four; 6+6+6+6+...: 25 or
    more, five (the most)."""
    s = Fraction(1, 6)
    return {0: s, 1: 4 * s + s * 3 * s, 2: s * 2 * s + s * s * 2 * s,
            3: s * s * 3 * s + s * s * s * s, 4: s * s * s * 4 * s, 5: s * s * s * s}


def test_the_hand_computed_one_on_one():
    """Ann shoots Bob at 5 yards (TN 5, no increment) with shootin': pistol 1 on Deftness d6:
    a hit on 5 or 6 (1/3), a miss on 2-4 (1/2), a bust on 1 (1/6), which jams the gun and
    ends her shooting (W20). Bob has 1 Wind: any hit (3d6 is at least 3 damage, so at least a
    d6 of Wind) winds him. With n cards she wins with (1/3)(1 + 1/2 + ... + (1/2)^(n-1))
    = (2/3)(1 - 2^-n). Summed over the Quickness cards: 380.229/1296 = 0.29339."""
    cards = quickness_cards()
    assert sum(cards.values()) == 1
    assert [cards[k] * 1296 for k in range(6)] == [216, 972, 84, 19, 4, 1]
    win = sum(p * Fraction(2, 3) * (1 - Fraction(1, 2 ** n)) for n, p in cards.items())
    assert float(win) == pytest.approx(0.293387, abs=1e-6)
    ld = batch.odds_scenario(load_scenario_text(DUEL))
    odds = batch.run_odds(ld, 6000, 100, workers=1)
    got = {s.side: s for s in odds.sides}
    assert got["posse"].low <= float(win) <= got["posse"].high, got["posse"]
    assert "gang" not in got or got["gang"].wins == 0


@pytest.mark.parametrize("name,path", [("stagecoach.yaml", "path: kernel"),
                                       ("graveyard.yaml", "path: engine (kernel does not cover: "
                                                          "the walking dead")])
def test_odds_on_the_bundled_scenarios(name, path):
    """Odds of the stagecoach by the kernel, of the graveyard (the walking dead) by the
    engine."""
    r = runner.invoke(app, ["odds", str(EXAMPLES / name), "--trials", "40", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert path in r.output and "rounds" in r.output
    for word in ("dead", "winded", "maimed", "wounded", "unhurt", "shots per hit"):
        assert word in r.output


def test_a_saved_log_renders_as_the_run_wrote_it(tmp_path):
    saved = tmp_path / "coach.json"
    r = runner.invoke(app, ["run", str(EXAMPLES / "stagecoach.yaml"), "--format", "json"])
    assert r.exit_code == 0, r.output
    saved.write_text(r.stdout)
    again = runner.invoke(app, ["render", str(saved), "--mode", "story"])
    assert again.exit_code == 0, again.output
    run = runner.invoke(app, ["run", str(EXAMPLES / "stagecoach.yaml"), "--mode", "story"])
    assert again.stdout == run.stdout


def test_next_status_and_a_state_edit(tmp_path):
    text = (EXAMPLES / "stagecoach.yaml").read_text()
    fight = tmp_path / "coach.yaml"
    fight.write_text(text[:text.index("turns:")] + "max_turns: 4\n")
    first = runner.invoke(app, ["next", str(fight)])
    assert first.exit_code == 0, first.output
    assert "## Round 1" in first.stdout
    saved = fight.read_text()
    assert "resolved:" in saved and "wind: 14" in saved and "wounds:" in saved
    status = runner.invoke(app, ["status", str(fight)])
    assert status.exit_code == 0 and "after round 1" in status.stdout and "Wind" in status.stdout
    # the GM rules Dutch winded from a fall: Wind 14 -> 3
    s = fight.read_text()
    i = s.index("wind:", s.index("    Dutch Ketchum:", s.index("\nstate:")))
    fight.write_text(s[:i] + "wind: 3\n" + s[s.index("\n", i) + 1:])
    second = runner.invoke(app, ["next", str(fight)])
    assert second.exit_code == 0, second.output
    assert "## Round 2\n\nGM adjustment: **Dutch**'s Wind is now 3." in second.stdout
    s = fight.read_text()
    assert "wind: 3" in s[s.index("adjusted:"):] 


def test_a_bad_state_edit_is_one_located_line(tmp_path):
    text = (EXAMPLES / "stagecoach.yaml").read_text()
    fight = tmp_path / "coach.yaml"
    fight.write_text(text[:text.index("turns:")] + "max_turns: 4\n")
    assert runner.invoke(app, ["next", str(fight)]).exit_code == 0
    s = fight.read_text()
    i = s.index("wind:", s.index("    Dutch Ketchum:", s.index("\nstate:")))
    fight.write_text(s[:i] + "wind: lots\n" + s[s.index("\n", i) + 1:])
    r = runner.invoke(app, ["next", str(fight)])
    assert r.exit_code == 2
    assert "Dutch Ketchum.wind: must be a whole number" in r.output
    assert r.output.count("\n") == 1


def test_batch_writes_what_run_writes(tmp_path):
    out = tmp_path / "b"
    r = runner.invoke(app, ["batch", str(EXAMPLES / "graveyard.yaml"), "--runs", "2", "--out",
                            str(out), "--format", "text", "--workers", "1"])
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in out.iterdir())
    assert files == ["graveyard-14.txt", "graveyard-15.txt"]
    run = runner.invoke(app, ["run", str(EXAMPLES / "graveyard.yaml"), "--format", "text",
                              "--seed", "15", "--dice-fallback", "seeded"])
    assert (out / "graveyard-15.txt").read_text() == run.stdout


def test_generate_new_rules_schema(tmp_path):
    made = tmp_path / "made.yaml"
    r = runner.invoke(app, ["generate", "--ruleset", "weird-west", "--sides", "posse:2",
                            "gang:3", "--setting", "canyon", "--seed", "5", "--out", str(made)])
    assert r.exit_code == 0, r.output
    assert "ruleset: weird-west" in made.read_text()
    ran = runner.invoke(app, ["run", str(made), "--mode", "story"])
    assert ran.exit_code == 0, ran.output
    new = tmp_path / "new.yaml"
    assert runner.invoke(app, ["new", "--ruleset", "weird-west", "--out", str(new)]).exit_code == 0
    assert runner.invoke(app, ["run", str(new)]).exit_code == 0
    rules = runner.invoke(app, ["rules", "weird-west", "location"])
    assert rules.exit_code == 0 and "gizzards" in rules.stdout
    schema = json.loads(runner.invoke(app, ["schema", "--ruleset", "weird-west"]).stdout)
    assert schema["properties"]["ruleset"]["const"] == "weird-west"


def test_the_bundled_scenarios_replay_exactly_from_their_script():
    """Every card and die is scripted: the fight needs no seed to be what it is."""
    from narrator.engine import run_fight
    for name in ("stagecoach.yaml", "graveyard.yaml"):
        ld = load_scenario(EXAMPLES / name)
        a, b = run_fight(ld, seed=1), run_fight(load_scenario(EXAMPLES / name), seed=99)
        assert a.rolls and all(r.scripted for r in a.rolls)
        strip = [e.to_dict() for e in a.events[1:]]
        assert strip == [e.to_dict() for e in b.events[1:]]
