"""The cast line takes one full stop: a side whose list ends on a name that ends in a stop
("Wes Hardin Jr.") printed "**Drovers**: Wes Hardin Jr.." (a GM's check, session 21)."""
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

HERE = Path(__file__).parent / "fresh22"


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "html", "text"])
def test_a_name_ending_in_a_stop_ends_the_cast_line_once(fmt):
    path = HERE / "bh-toothpick.yaml"
    log = run_fight(load_scenario_text(path.read_text(), str(path)), 1)
    text = render(log, fmt, "story")
    assert "Wes Hardin Jr.." not in text
    assert "Wes Hardin Jr." in text
    line = next(line for line in text.splitlines() if "Drovers" in line and "Wes Hardin" in line)
    assert "Wes Hardin Jr.." not in line and "Wes Hardin Jr." in line, line


def test_other_cast_lines_still_end_with_a_stop():
    path = HERE / "bh-toothpick.yaml"
    text = render(run_fight(load_scenario_text(path.read_text(), str(path)), 1), "text", "story")
    assert "Red dog: Belle Starr.\nDrovers: Wes Hardin Jr.\n" in text
