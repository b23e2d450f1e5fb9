"""What a Violence profile announces in a melee is in the user's docs: a fresh user (session
21) read `fights_to`'s default `subdue` in docs/scenario.md and saw an aggressive man with no
`fights_to` announce "kill" (the profile's own, 297217f), with nothing in `narrator rules
violence tactics` or the field's description saying so."""
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli import app

ROOT = Path(__file__).resolve().parents[1]


def test_rules_violence_tactics_says_a_profile_fights_to_kill():
    r = CliRunner().invoke(app, ["rules", "violence", "tactics"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "A profile's melee is announced to kill (003 l.38;" in text
    assert "the lawman's and the coward's to subdue; a fights_to written for the man holds " \
           "instead." in text


def test_the_fights_to_field_says_a_profile_decides_when_it_is_left_out():
    row = next(line for line in (ROOT / "docs" / "scenario.md").read_text().splitlines()
               if line.startswith("| `fights_to` |"))
    assert "Left out: subdue, but a tactics profile's melee is its own (the lawman and the " \
           "coward subdue, the rest kill)." in row
