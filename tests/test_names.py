"""Names are text a reader can trust (issue 16, kind 7): the refusals are in
``tests/bad_inputs/name_*.yaml`` and friends; here, what must still work."""

from __future__ import annotations

from typer.testing import CliRunner

from narrator.cli import app
from narrator.scenario import load_scenario_text

runner = CliRunner()

SCENARIO = """\
title: Names
description: "@everyone and @here: the fight starts"
sides:
  posse:
    - name: "Jos\\u00e9 Harlan"
      short: "Jos\\u00e9"
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
  rustlers:
    - name: "\\u0141ukasz O'Neil-\\u00c5berg"
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      weapons: [{type: lever_action_rifle}]
      at: [20, 5]
turns:
  - intents:
      "Jose\\u0301": {shoot: "\\u0141ukasz O'Neil-A\\u030aberg"}
"""


def test_a_name_typed_and_pasted_is_one_person():
    sc = load_scenario_text(SCENARIO).scenario
    intents = sc.turns[0].intents
    assert list(intents) == ["Jos\u00e9 Harlan"]
    assert intents["Jos\u00e9 Harlan"].shoot == "\u0141ukasz O'Neil-\u00c5berg"


def test_discord_output_cannot_ping_everyone(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO)
    out = runner.invoke(app, ["run", str(path), "--discord"])
    assert out.exit_code == 0, out.stderr
    assert "@everyone" not in out.stdout and "@here" not in out.stdout
    assert "@\u200beveryone" in out.stdout and "@\u200bhere" in out.stdout
