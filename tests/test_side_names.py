"""Sides by their display names (issue 10, fifth GM reading): "the kesslers" and "the lassiters
held the field" were side keys printed raw. A scenario's ``side_names:`` names a side; a key
that is the plural of a member's surname is capitalised ("the Lassiters"); the name is used in
prose, status lines, the cast and the initiative lines of every ruleset."""

from __future__ import annotations

import re

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.render import inflection
from narrator.scenario import load_scenario, load_scenario_text

from conftest import EXAMPLES

BOOT_HILL = """\
title: Trouble on the Kessler range
seed: 5
max_turns: 4
side_names: {kesslers: the Kessler boys}
sides:
  lassiters:
    - name: Jim Lassiter
      short: Jim
      attributes: {str: 14, coo: 15, obs: 12, sta: 9, luck: 8}
      skills: {pistol: 5}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
      tactics: aggressive
  kesslers:
    - name: Jed Kessler
      short: Jed
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      skills: {pistol: 3}
      weapons: [{type: single_action_revolver}]
      at: [14, 4]
      tactics: aggressive
  bank_robbers:
    - name: Al Hatch
      short: Al
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      skills: {pistol: 3}
      weapons: [{type: single_action_revolver}]
      at: [14, 14]
      tactics: aggressive
"""


def test_display_names_defaults_and_given():
    members = {"lassiters": ["Jim Lassiter", "Bob Smith"], "kessler gang": ['Jed "Kid" Kessler'],
               "bank_robbers": ["Al Hatch"], "posse": ["Wade Brown"], "Short": ["Luke Short"],
               "crowes": ["Silas Crowe"], "riders": ["Ned Gault"]}
    names = inflection.display_names(list(members), members, {"riders": "Gault's riders"})
    assert names == {"lassiters": "Lassiters", "kessler gang": "Kessler gang",
                     "bank_robbers": "bank robbers", "crowes": "Crowes",
                     "riders": "Gault's riders"}
    inflection.set_side_names(names)
    try:
        assert [inflection.side_name(s) for s in members] == [
            "the Lassiters", "the Kessler gang", "the bank robbers", "the posse", "Short",
            "the Crowes", "Gault's riders"]
        assert inflection.side_label("lassiters") == "Lassiters"
        inflection.set_side_names({"kesslers": "the Kessler boys"})
        assert inflection.side_label("kesslers") == "Kessler boys"
        assert inflection.side_name("kesslers") == "the Kessler boys"
    finally:
        inflection.set_side_names({})


@pytest.mark.parametrize("fmt", ("markdown", "text", "bbcode", "html"))
@pytest.mark.parametrize("mode", ("story", "teaching"))
def test_boot_hill_write_ups_use_the_display_names(fmt, mode):
    text = render(run_fight(load_scenario_text(BOOT_HILL)), fmt, mode,
                  options=Options(tense="past"))
    assert not re.search(r"\blassiters\b|\bkesslers\b|bank.?_robbers", text), re.findall(r".{30}(?:lassiters|kesslers|bank.?_robbers).{30}",
                                           text)[:3]
    assert "Lassiters" in text and "Kessler boys" in text and "bank robbers" in text
    if mode == "story" and fmt == "markdown":
        assert "(Lassiters)" in text and "(Kessler boys)" in text   # status lines
        assert "**Lassiters**: Jim Lassiter." in text                # the cast
        assert re.search(r"Initiative: Lassiters \d", text)          # the rolls block
    if mode == "teaching" and fmt == "text":
        assert re.search(r"(The Lassiters|The Kessler boys|The bank robbers) (have|has) "
                         r"the initiative", text)


def test_a_gaslight_example_names_its_sides_by_the_surnames():
    """railway-platform's sides are "lassiters" (Captain Jack Lassiter) and "crowes" (Silas
    Crowe): the Lassiters and the Crowes, never the keys."""
    log = run_fight(load_scenario(EXAMPLES / "railway-platform.yaml"))
    for mode in ("story", "teaching"):
        text = render(log, "markdown", mode, options=Options(tense="past"))
        assert not re.search(r"\b(lassiters|crowes)\b", text), mode
        assert "Lassiters" in text and "Crowes" in text


def test_side_names_reach_the_log_only_when_given():
    log = run_fight(load_scenario_text(BOOT_HILL))
    assert log.events[0].side_names == (("kesslers", "the Kessler boys"),)
    assert '"side_names"' in log.to_json()
    plain = BOOT_HILL.replace("side_names: {kesslers: the Kessler boys}\n", "")
    assert '"side_names"' not in run_fight(load_scenario_text(plain)).to_json()



CALL = """\
title: Call
ruleset: boothill
seed: 4
sides:
  law:
    - {name: Eli Cobb, attributes: {str: 14, coo: 15, obs: 12, sta: 10, luck: 9},
       skills: {pistol: 5}, weapons: [{type: colt}], at: [0, 0], tactics: lawman}
  reese_gang:
    - {name: Jubal Reese, attributes: {str: 12, coo: 12, obs: 10, sta: 9, luck: 5},
       skills: {pistol: 3}, weapons: [{type: colt}], at: [20, 0], tactics: aggressive}
max_turns: 1
"""


def test_the_lawmans_call_in_a_declaration_names_the_side_by_its_display_name():
    """The declaration line (teaching mode and the story's rolls block) reads the call's free
    text through the side names, as the other lines do: never "the reese_gang"."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    log = run_fight(load_scenario_text(CALL))
    for mode in ("teaching", "story"):
        text = render(log, "markdown", mode)
        assert "reese" not in text.replace("Reese", "")
        assert ("Eli Cobb**: shoots at Jubal Reese twice with his single-action revolver; "
                "calls on the Reese gang to throw down their guns and surrender (tactics)."
                if mode == "teaching" else
                "Eli Cobb: shoots at Jubal Reese twice with his single-action revolver; calls "
                "on the Reese gang to throw down their guns and surrender (tactics).") in text


def test_status_odds_sweep_and_batch_name_the_sides_as_the_write_up_does(tmp_path):
    """A fresh user saw the key 'varga_gang' in status, odds and batch beside a write-up that
    says 'Varga gang'; a position in status is never cut ('30, 1' for '30, 10')."""
    from typer.testing import CliRunner

    from narrator.cli import app
    path = tmp_path / "raid.yaml"
    path.write_text(CALL.replace("reese_gang", "varga_gang").replace("Jubal Reese",
                                                                     "Jubal Varga"))
    runner = CliRunner()
    told = runner.invoke(app, ["run", str(path), "--mode", "story"]).output
    assert "Varga gang" in told and "varga_gang" not in told
    assert runner.invoke(app, ["next", str(path)]).exit_code == 0
    status = runner.invoke(app, ["status", str(path)]).output
    assert "Varga gang:" in status and "varga_gang" not in status
    assert re.search(r"\b20, 0\b", status) or "varga" not in status.lower()
    odds = runner.invoke(app, ["odds", str(path), "--trials", "50"]).output
    assert "Varga gang win" in odds and "varga_gang" not in odds
    sweep = runner.invoke(app, ["odds", str(path), "--trials", "20", "--vary",
                                "max_turns=1,2"]).output
    assert "Varga gang win %" in sweep and "varga_gang" not in sweep
    for chart, vary in (("odds.svg", []), ("sweep.svg", ["--vary", "max_turns=1,2"])):
        r = runner.invoke(app, ["odds", str(path), "--trials", "20", *vary, "--chart",
                                str(tmp_path / chart)])
        svg = (tmp_path / chart).read_text()
        assert r.exit_code == 0 and "Varga gang" in svg and "varga_gang" not in svg, chart
    out = tmp_path / "out"
    batch = runner.invoke(app, ["batch", str(path), "--runs", "2", "--out", str(out)]).output
    assert "varga_gang" not in batch
