"""``narrator status`` of a Weird West fight shows what the post's status lines show (fresh23
item 12): a jammed gun "(jammed)" (it said "Colt Army 4" of a gun the post had "4/6
(jammed)"), and no Wind for the walking dead ("-", never "Wind 0" of Cain, who has none,
W19)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from narrator.cli import app

from gm_scenes import DRY_GULCH

RUNNER = CliRunner()

SCENARIO = DRY_GULCH + """turns:
  - intents:
      Abel: [{shoot: Hattie}]
max_turns: 3
dice:
  Abel: {shootin: [1, 1, 1]}
dice_fallback: seeded
"""


def test_status_shows_the_jam_and_no_wind_for_the_walking_dead(tmp_path):
    path = tmp_path / "chapel.yaml"
    path.write_text(SCENARIO)
    r = RUNNER.invoke(app, ["next", str(path)])
    assert r.exit_code == 0, r.output
    assert "Colt Army 6/6 (jammed)" in r.stdout            # the post's status line
    r = RUNNER.invoke(app, ["status", str(path)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    abel = next(x for x in r.stdout.splitlines() if x.strip().startswith("Abel Kincaid"))
    assert re.search(r"\b16\s+Colt Army 6 \(jammed\)", abel), abel
    cain = next(x for x in r.stdout.splitlines() if x.strip().startswith("Cain Kincaid"))
    assert re.search(r"light\s+-\s+Winchester '73 15", cain), cain
