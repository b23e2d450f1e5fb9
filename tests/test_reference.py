"""The rules reference: docs/ generated from the data files and current, `narrator rules` fitting
80 columns, and nothing in the project sending a user outside it."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from narrator import reference
from narrator.cli import app
from narrator.dice import PURPOSES
from narrator.rulesets.violence import scenario as vscen
from narrator.rulesets.boothill.scenario import HouseRules
from narrator.ruleset import names as ruleset_names

runner = CliRunner()


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_generated_docs_are_current(ruleset):
    on_disk = (ROOT / "docs" / f"{ruleset}.md").read_text(encoding="utf-8")
    assert on_disk == reference.markdown(reference.reference(ruleset)), (
        f"docs/{ruleset}.md is out of date: run python -m narrator.reference --write docs")


def test_docs_carry_the_tables_values():
    bh = (ROOT / "docs" / "boothill.md").read_text(encoding="utf-8")
    assert "| single_action_revolver | 10/20/60 | 3 | fast | 0 | pistol | 6 |" in bh
    assert ("| lever | 1-8 none, 9-12 dud, 13-20 jam | lever_action_carbine, "
            "lever_action_rifle |") in bh
    assert "| 15-18 | chest |" in bh
    assert "| extreme | -5 |" in bh
    assert "**B16.** Reloading and capacities." in bh
    vi = (ROOT / "docs" / "violence.md").read_text(encoding="utf-8")
    assert "| buckshot | +5 | +2 | 0 |" in vi
    assert "| coach_gun | gun | 2 | buckshot | 0 | shotgun, scattergun, double_barrel |" in vi


def test_every_house_rule_and_dice_purpose_is_documented():
    bh = reference.reference("boothill")
    names = [row[0] for row in bh.select("house-rules")[0].rows]
    assert names == list(HouseRules.model_fields)
    assert [r[0] for r in bh.select("dice")[0].rows] == list(PURPOSES)
    assert [r[0] for r in reference.reference("violence").select("dice")[0].rows] == list(vscen.PURPOSES)
    assert [r[0] for r in bh.select("tactics")[0].rows] == list(vscen.PROFILES)
    assert [r[0] for r in reference.reference("violence").select("tactics")[0].rows] == list(vscen.PROFILES)


def test_rulings_cover_b1_to_b19_and_name_what_they_settle():
    """The errata's B1-B19, then narrator's own readings BN1... (BN1: initiative among the
    sides still fighting; BN2: a wounded man's run no longer than his walk; BN3: a man placed
    at a landmark; BN4: no turning on a target he could hit only on a natural 1; BN5: a
    knockdown ends a hold; BN6: a fight cut off at its last turn is not over; BN7: no cover from
    a man at the same cover; BN8: surprise from darkness comes with the shot)."""
    rows = reference.reference("boothill").select("rulings")[0].rows
    ids = [r[0] for r in rows]
    assert [i for i in ids if i.startswith("B")] == [f"B{n}" for n in range(1, 20)] + [
        "BN1", "BN2", "BN3", "BN4", "BN5", "BN6", "BN7", "BN8"]
    assert all("(Settles: " in text for _, text in rows)


def test_no_source_file_names_or_outside_paths_in_docs():
    for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
                 *(ROOT / "scenarios").rglob("*.yaml")]:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text, path
        assert "errata.md" not in text, path
    for path in (ROOT / "docs").glob("*.md"):
        assert not re.search(r"\d{3}_[0-9a-f]{16}\.txt", path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("args", [[], ["boothill"], ["violence"], ["weird-west"],
                                  *(["boothill", t] for t in reference.reference("boothill").topics()),
                                  *(["violence", t] for t in reference.reference("violence").topics()),
                                  *(["weird-west", t]
                                    for t in reference.reference("weird-west").topics())])
def test_rules_command_fits_80_columns(args):
    r = runner.invoke(app, ["rules", *args])
    assert r.exit_code == 0, r.output
    widths = [len(line) for line in r.stdout.splitlines()]
    assert widths and max(widths) <= 80


def test_rules_weapons_lists_every_weapon():
    r = runner.invoke(app, ["rules", "boothill", "weapons"])
    assert re.search(r"single_action_revolver\s+10/20/60\s+3\s+fast\s+0\s+pistol\s+6", r.stdout)
    assert "gatling_gun" in r.stdout and "Source: 000 Table 14" in r.stdout


def test_rules_unknown_topic_is_one_line_with_the_nearest():
    r = runner.invoke(app, ["rules", "boothill", "wepons"])
    assert r.exit_code == 2
    assert r.stderr.startswith("no topic 'wepons'; did you mean 'weapons'?")
    assert len(r.stderr.strip().splitlines()) == 1
    r = runner.invoke(app, ["rules", "bothill"])
    assert r.exit_code == 2 and "did you mean 'boothill'?" in r.stderr


def test_write_ups_never_send_a_reader_outside_the_project():
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    for path in sorted((ROOT / "scenarios" / "examples").glob("*.yaml")):
        log = run_fight(load_scenario(path))
        for fmt in ("markdown", "bbcode", "html", "text"):
            for mode in ("teaching", "story"):
                text = render(log, fmt, mode)
                assert "errata" not in text and "../shared" not in text, (path.name, fmt, mode)


#: A code name: a private identifier ('_close_in', 'tactics._close_in') or a module path.
CODE_NAME = re.compile(r"(?<![\w.])(?:\w+\.)*_[A-Za-z]\w*|\bnarrator\.[a-z_]+\.")


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_rules_never_show_a_code_name(ruleset):
    """Every ``narrator rules RULESET TOPIC`` (and the docs made of them) is told in the
    user's words: a fresh user (session 22) read "of the man he shoots at (_close_in)" in
    the Boot Hill aggressive profile, the tactics docstring's pointer to its function."""
    topics = reference.reference(ruleset).topics()
    assert "tactics" in topics
    for topic in ["", *topics]:
        r = runner.invoke(app, ["rules", ruleset, *([topic] if topic else [])],
                          env={"COLUMNS": "400"})
        assert r.exit_code == 0, r.output
        assert not CODE_NAME.findall(r.stdout), (topic, CODE_NAME.findall(r.stdout))
    doc = (ROOT / "docs" / f"{ruleset}.md").read_text(encoding="utf-8")
    assert not re.findall(r"(?<![\w.])(?:\w+\.)*_[A-Za-z]\w*", doc)
    assert "(_close_in)" not in doc


def test_the_aggressive_profile_reads_without_its_function():
    rows = dict(reference.reference("boothill").select("tactics")[0].rows)
    assert ("his run brings him within long range or nearer of the man he shoots at, firing "
            "on the run when the shot is still worth it.") in rows["aggressive"]
    assert "(aim: limbs)" in rows["lawman"]
