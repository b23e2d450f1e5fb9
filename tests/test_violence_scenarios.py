"""Acceptance for the Violence ruleset: the two bundled scenarios replay from their scripted
dice to the end states asserted here; run, next, status, odds and batch work on them; a
Violence scenario's fields are validated with located one-line errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.events import FightLog
from narrator.playbypost import resolve_next, state_of
from narrator.render import render, render_posts
from narrator.scenario import load_scenario, load_scenario_text

from conftest import EXAMPLES, fight, of_kind, per_module

runner = CliRunner()
JACK, LEM, DUTCH, PETE = "Jack Cutler", "Lem Cutler", '"Dutch" Henry Vogel', "Pete Ramsey"
EZRA, HASKELL, SAM, CARL, WES = ("Ezra Pruitt", "Marshal Tom Haskell", "Sam Isham", "Carl Lutz",
                                 "Wes Boyd")
CURLY, NED, HOB = '"Curly" Bill Tate', "Ned Shay", "Hob Mullins"
SWEDE, CARVER, FARO = 'Lars "Big Swede" Lindqvist', "Deputy Will Carver", '"Faro" Jim Bell'


@pytest.fixture(scope=per_module)
def robbery():
    return fight("bank-robbery.yaml")


@pytest.fixture(scope=per_module)
def brawl():
    return fight("barroom-brawl.yaml")


def end_state(log) -> dict[str, tuple[str, int]]:
    return {c.name: (c.condition, c.wound_points) for c in of_kind(log, "turn_ended")[-1].status}


# ---------------------------------------------------------------------- the bank robbery
def test_robbery_surprise_and_initiative(robbery):
    """Round 1: the town has surprise and acts first, in scenario order; the gang's one die is
    14. Round 2: Ezra 18, townsmen 15, Haskell and the gang tie at 9, reroll 14 and 3."""
    r1, r2 = of_kind(robbery, "round_initiative")
    assert r1.surprisers == (EZRA, HASKELL, SAM, CARL, WES)
    assert [(u.unit, u.rolls) for u in r1.units] == [("gang", (14,))]
    assert [(u.unit, u.rolls) for u in r2.units] == [
        (EZRA, (18,)), ("townsmen", (15,)), (HASKELL, (9, 14)), ("gang", (9, 3))]


def test_robbery_every_shot(robbery):
    """Each shooting action: shooter, target, advantage, dice, total, need, result."""
    got = [(e.turn, e.shooter, e.target, e.snipe.method if e.snipe else None, e.advantage,
            e.rolls, e.total, e.result) for e in of_kind(robbery, "gun_fired")]
    assert got == [
        (1, EZRA, JACK, "automatic", False, (), None, "hit"),   # all three conditions
        (1, HASKELL, DUTCH, None, True, (7, 15), 16, "hit"),    # 15 + 1 extra shot
        (1, SAM, LEM, None, True, (3, 9), 10, "miss"),
        (1, CARL, LEM, None, True, (2, 11), 11, "miss"),        # d2 picked Lem
        (1, WES, PETE, None, False, (13,), 13, "miss"),         # Pete in cover
        (1, LEM, SAM, None, False, (15,), 16, "hit"),
        (1, DUTCH, HASKELL, None, False, (9,), 14, "miss"),     # six shots: +5
        (1, DUTCH, HASKELL, None, False, (14,), 16, "hit"),     # after the quick reload: +2
        (2, EZRA, LEM, "twelve", False, (10,), 12, "hit"),      # + 2 Sharpshooter
        (2, CARL, PETE, None, False, (8,), 8, "miss"),
        (2, WES, JACK, None, False, (10,), 11, "miss"),
        (2, HASKELL, JACK, None, False, (17,), 17, "hit"),
    ]


def test_robbery_injuries(robbery):
    got = [(e.character, e.shooter, e.cause, e.roll, e.total, e.result)
           for e in of_kind(robbery, "injury_rolled")]
    assert got == [
        (JACK, EZRA, "snipe", 5, 9, "injured"),          # + 4 military
        (DUTCH, HASKELL, "shot", 4, 6, "injured"),       # + 2 revolver
        (SAM, LEM, "shot", 6, 8, "injured"),             # + 2 buckshot at medium range
        (HASKELL, DUTCH, "shot", 3, 5, "injured"),
        (LEM, EZRA, "snipe", 7, 11, "down"),
        (HASKELL, PETE, "suppression", 4, 8, "injured"),  # + 2 one Injury + 2 revolver calibre
        (JACK, HASKELL, "shot", 6, 10, "down"),
    ]


def test_robbery_suppression_and_morale(robbery):
    tests = [(e.target, e.suppressors, e.hidden, e.effective, e.roll, e.hitters)
             for e in of_kind(robbery, "suppression_tested")]
    assert tests == [(CARL, (JACK, PETE), True, 1, 3, ()),
                     (HASKELL, (JACK, PETE), False, 2, 1, (PETE,))]
    morale = [(e.group, e.trigger, e.total, e.rating, e.result)
              for e in of_kind(robbery, "morale_checked")]
    assert morale == [("gang", "leader_shot", 5, 7, None), ("townsmen", "leader_shot", 5, 5, None),
                      ("gang", "leader_shot", 6, 7, None), ("gang", "halved", 11, 7, "flee")]


def test_robbery_end_state(robbery):
    assert end_state(robbery) == {
        JACK: ("dead", 1), LEM: ("critically_injured", 0), DUTCH: ("fled", 1), PETE: ("fled", 0),
        EZRA: ("active", 0), HASKELL: ("active", 2), SAM: ("active", 1), CARL: ("active", 0),
        WES: ("active", 0)}
    assert [(e.character, e.total, e.result) for e in of_kind(robbery, "after_fight_rolled")] == [
        (JACK, 11, "dead"), (LEM, 5, "critically_injured")]
    assert [(e.character, e.weeks) for e in of_kind(robbery, "healing_noted")] == [
        (LEM, 0), (DUTCH, 1), (HASKELL, 2), (SAM, 1)]
    end = robbery.events[-1]
    assert (end.turns, end.reason, end.standing) == (2, "side_down", ("Sweetwater men",))
    assert end.rolls == end.scripted_rolls == 42


# ---------------------------------------------------------------------- the barroom brawl
def test_brawl_melee_exchanges(brawl):
    got = [(e.turn, e.exchange, e.attacker.character, e.attacker.total, e.defender.character,
            e.defender.total, e.outcome, e.down, e.subdued) for e in of_kind(brawl, "melee_fought")]
    assert got == [
        (1, 1, CARVER, 9, NED, 7, "both_injured_low_down", NED, True),   # knife +2; Carver subdues
        (1, 1, CURLY, 9, SWEDE, 10, "both_injured", None, False),        # tag +2; club +2, tag +2
        (2, 2, CURLY, 7, SWEDE, 7, "both_injured", None, False),
    ]


def test_brawl_turns_into_a_shooting_and_the_outfit_surrenders(brawl):
    shots = [(e.shooter, e.target, e.rolls, e.total, e.result) for e in of_kind(brawl, "gun_fired")]
    assert shots == [(HOB, SWEDE, (15,), 16, "hit"), (FARO, HOB, (6, 18), 18, "hit"),
                     (FARO, CURLY, (9, 16), 16, "hit")]
    morale = [(e.trigger, e.standing, e.total, e.result) for e in of_kind(brawl, "morale_checked")]
    assert morale == [("halved", 1, 5, None), ("leader_shot", 1, 10, "surrender")]
    blocked = [(e.character, e.reason, e.detail) for e in of_kind(brawl, "action_blocked")]
    assert blocked == [(NED, "out", "subdued"), (CARVER, "target_out", "surrendered")]


def test_brawl_end_state(brawl):
    assert end_state(brawl) == {
        CURLY: ("surrendered", 3), NED: ("subdued", 1), HOB: ("critically_injured", 0),
        SWEDE: ("active", 3), CARVER: ("active", 1), FARO: ("active", 0)}
    assert [(e.character, e.result) for e in of_kind(brawl, "after_fight_rolled")] == [
        (HOB, "critically_injured")]  # Ned, subdued, is not rolled for
    assert brawl.events[-1].rolls == brawl.events[-1].scripted_rolls == 29


# ---------------------------------------------------------------------- log, determinism
@pytest.mark.parametrize("name", ["bank-robbery.yaml", "barroom-brawl.yaml"])
def test_log_round_trips_and_seeded_fights_repeat(name):
    log = fight(name)
    assert FightLog.from_json(log.to_json()) == log
    a = fight(name, tables_only=True, dice_fallback="seeded", seed=11)
    loaded = load_scenario(EXAMPLES / name)
    loaded.script = {}
    b = run_fight(loaded, seed=11, tables_only=True)
    c = run_fight(loaded, seed=11, tables_only=True)
    assert b.to_json() == c.to_json()
    assert render(b, "markdown") == render(c, "markdown")
    assert a.events[0].ruleset == "violence"


# ---------------------------------------------------------------------- play by post
@pytest.mark.parametrize("name", ["bank-robbery.yaml", "barroom-brawl.yaml"])
def test_next_turn_by_turn_matches_a_single_run(tmp_path, name):
    path = tmp_path / name
    shutil.copy(EXAMPLES / name, path)
    posts = []
    for turn in (1, 2):
        r = runner.invoke(app, ["next", str(path), "--mode", "story"])
        assert r.exit_code == 0, r.output
        posts.append(r.stdout)
    log = run_fight(load_scenario(EXAMPLES / name))
    assert posts == render_posts(log, "markdown", "story", per_turn=True)
    assert load_scenario(path).scenario.state == state_of(log)
    r = runner.invoke(app, ["status", str(path)])
    assert r.exit_code == 0 and "injuries" in r.stdout
    # turn 2 put one side down: the fight is over (said before "all 2 turns are resolved")
    with pytest.raises(ScenarioError, match=r"the fight is over: the [\w -]+ (is|are) all down "
                                            r"\(turn 2 ended it\)"):
        resolve_next(path)


def test_next_with_a_gm_edit_of_injuries(tmp_path):
    """The GM gives Jack a second Injury by hand after round 1; round 2 shows the edit and
    Haskell's hit on him reads +4 for two Injuries (and Jack's after-fight roll too)."""
    path = tmp_path / "bank-robbery.yaml"
    shutil.copy(EXAMPLES / "bank-robbery.yaml", path)
    resolve_next(path)
    text = path.read_text()
    block = text[text.index("    Jack Cutler:"):]
    path.write_text(text.replace(block, block.replace("injuries: 1", "injuries: 2", 1)))
    done = resolve_next(path)
    edits = of_kind(done.log, "state_adjusted")
    assert [(e.character, e.field, e.value) for e in edits] == [(JACK, "injuries", "2")]
    hit = [e for e in of_kind(done.log, "injury_rolled") if e.character == JACK][-1]
    assert hit.modifiers[0].value == 4 and hit.total == 12


def test_state_records_violence_fields():
    state = state_of(fight("bank-robbery.yaml"))
    assert state["characters"][HASKELL] == {"condition": "active", "at": [25, 10], "injuries": 2,
                                            "loaded": {"revolver": 3},
                                            "cover": "the water trough"}


# ---------------------------------------------------------------------- odds and batch
def test_odds_for_a_violence_scenario():
    """Odds ignore scripted dice; the outcomes are the Violence ones; the result does not
    depend on the number of workers."""
    ld = batch.odds_scenario(load_scenario(EXAMPLES / "barroom-brawl.yaml"),
                             tactics="aggressive", max_turns=8)
    one = batch.run_odds(ld, 300, 3, workers=1)
    two = batch.run_odds(ld, 300, 3, workers=2)
    assert one == two
    assert one.outcome_names == ("dead", "critically_injured", "down", "subdued", "surrendered",
                                 "fled", "wounded", "unhurt")
    assert sum(s.wins for s in one.sides) == 300
    for c in one.characters:
        assert sum(share for _, share in c.outcomes) == pytest.approx(1.0)
    assert "critically injured" in batch.chart_svg(one)


def test_cli_odds_and_batch(tmp_path):
    scen = EXAMPLES / "bank-robbery.yaml"
    r = runner.invoke(app, ["odds", str(scen), "--trials", "200", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "Sweetwater men win" in r.output and "crit." in r.output and " down " in r.output
    out = tmp_path / "fights"
    r = runner.invoke(app, ["batch", str(scen), str(EXAMPLES / "barroom-brawl.yaml"), "--runs",
                            "2", "--out", str(out), "--workers", "1", "--format", "text"])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == [
        "bank-robbery-1892.txt", "bank-robbery-1893.txt", "barroom-brawl-1879.txt",
        "barroom-brawl-1880.txt"]
    single = runner.invoke(app, ["run", str(scen), "--seed", "1893", "--format", "text"])
    assert (out / "bank-robbery-1893.txt").read_text() == single.stdout
    assert "Lem Cutler (critically injured)" in " ".join(r.output.split())  # wrapped at 80


def test_tactics_fight_on_after_the_declared_rounds():
    """With max_turns and a profile for everyone, the undeclared rounds are decided by the
    tactics profiles (shoot, reload, melee up close, snipe at long range)."""
    loaded = batch.odds_scenario(load_scenario(EXAMPLES / "bank-robbery.yaml"),
                                 tactics="cautious", max_turns=12)
    for seed in range(20):
        log = run_fight(loaded, seed)
        assert log.events[-1].reason in ("side_down", "turns_ran_out")
        for e in of_kind(log, "gun_fired"):
            assert e.shots >= 1


# ---------------------------------------------------------------------- validation
GOOD = (EXAMPLES / "barroom-brawl.yaml").read_text()


def error(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(text, "s.yaml")
    return info.value.one_line()


def test_a_boot_hill_attribute_is_a_located_error():
    text = GOOD.replace("      short: Ned\n", "      short: Ned\n      attributes: {str: 9}\n")
    msg = error(text)
    line = text.splitlines().index("      attributes: {str: 9}") + 1
    assert msg.startswith(f"s.yaml:{line}:7: 'attributes' is Boot Hill, not Violence")


def test_a_boot_hill_turn_kind_and_house_rules_are_located_errors():
    text = GOOD.replace("  - intents:\n      Curly: {melee: Big Swede}  ",
                        "  - kind: combat\n    intents:\n      Curly: {melee: Big Swede}  ", 1)
    line = text.splitlines().index("  - kind: combat") + 1
    assert error(text).startswith(f"s.yaml:{line}:5: turn kinds (combat, shootout) are Boot Hill")
    assert "'house_rules' is Boot Hill" in error(GOOD.replace("seed: 1879\n",
                                                               "seed: 1879\nhouse_rules: {}\n"))


def test_a_missing_violence_field_is_a_located_error():
    text = GOOD.replace("      at: [8, 3]\n", "")
    msg = error(text)
    assert msg.startswith("s.yaml:") and "sides.Bar-T riders[2].at: is required" in msg


def test_misspellings_get_the_nearest_name():
    assert "did you mean 'coach_gun'?" in error(GOOD.replace("{type: coach_gun}", "{type: coach_gn}"))
    assert "did you mean 'melee'?" in error(GOOD.replace("melee: [9]}", "mele: [9]}"))
    assert "did you mean 'violence'?" in error(GOOD.replace("ruleset: violence", "ruleset: violense"))
    assert "did you mean 'fights_to'?" in error(GOOD.replace("fights_to: kill", "fight_to: kill", 1))


def test_cross_checks():
    assert "one action a round" in error(GOOD.replace("{shoot: Curly}", "{shoot: Curly, reload: true}"))
    assert "own side" in error(GOOD.replace("{shoot: Curly}", "{shoot: Silver Dollar men}"))
    assert "carries no gun" in error(GOOD.replace("{melee: Ned, to: subdue}",
                                                  "{shoot: Ned}").replace(
        "weapons: [{type: revolver}]\n      at: [3, 2]", "weapons: [{type: knife}]\n      at: [3, 2]"))
    assert "not in it" in error(GOOD.replace("leader: '\"Curly\" Bill Tate'", "leader: Carver"))
    assert "unknown dice purpose 'location'" in error(GOOD.replace("melee: [9]}", "location: [9]}"))


def test_docs_say_a_group_may_not_have_a_sides_name():
    """The loader refuses a Violence group keyed by a side's name ("group 'law' has the name
    of a side"); docs/scenario.md (generated from the schema) says so under ``groups``."""
    from conftest import ROOT

    text = (ROOT / "docs" / "scenario.md").read_text()
    row = next(line for line in text.splitlines() if line.startswith("| `groups` |"))
    assert "may not be a side's name" in row


def test_a_group_with_a_sides_name_is_refused():
    text = """title: T
ruleset: violence
max_turns: 2
groups:
  law: {morale: 6}
sides:
  outlaws:
    - {name: Nate Hollis, group: law, weapons: [{type: revolver}], at: [0, 0]}
  law:
    - {name: Wade Tully, weapons: [{type: revolver}], at: [20, 0]}
"""
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(text, "t.yaml")
    assert err.value.one_line() == ("t.yaml:5:3: group 'law' has the name of a side; give it "
                                    "another")
