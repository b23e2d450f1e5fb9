"""Violence, ruling VN3 (as Boot Hill's BN3): a man whose ``at:`` is a landmark of the map
(its key, its name, or the [x, y] of its spot) starts in its cover when it gives any, as a
man who moves there or whom a GM's edit of ``at`` puts there is; ``cover: false`` keeps him
in the open on the spot, and a man a yard off starts in the open. Before, ``at: crates``
alone started him in the open (a shot at him rolled with advantage) though a move to the
crates put him in cover."""

from __future__ import annotations

import pytest

from narrator.engine import run_fight
from narrator.scenario import load_scenario_text

SCENARIO = """\
title: Crates
ruleset: violence
seed: 1
map:
  crates: {{at: [20, 0], name: the stacked crates, cover: true}}
  well: {{at: [20, 5], name: the well}}
sides:
  law:
    - name: Sam Hale
      weapons: [{{type: revolver}}]
      at: [0, 0]
  gang:
    - name: Jed Cole
      weapons: [{{type: revolver}}]
      at: {at}
{cover}turns:
  - intents:
      Sam Hale: {{shoot: Jed Cole}}
max_turns: 1
dice:
  Sam Hale: {{to_hit: [3, 3], injury: [5]}}
dice_fallback: seeded
"""


def _first_shot(at: str, cover: str = ""):
    text = SCENARIO.format(at=at, cover=f"      cover: {cover}\n" if cover else "")
    log = run_fight(load_scenario_text(text, "crates.yaml"))
    intro = next(c for c in log.events[0].characters if c.name == "Jed Cole")
    shot = next(e for e in log.events if e.kind == "gun_fired" and e.shooter == "Sam Hale")
    return intro.cover, shot.advantage, shot.advantage_why


@pytest.mark.parametrize("at", ["crates", "the stacked crates", "[20, 0]"])
def test_placed_at_a_landmark_he_is_in_its_cover(at):
    assert _first_shot(at) == ("the stacked crates", False, "cover")


@pytest.mark.parametrize("at, cover", [("crates", "false"), ("[21, 0]", ""),
                                       ("well", ""), ("[20, 5]", "")])
def test_in_the_open(at, cover):
    assert _first_shot(at, cover) == (None, True, "open")


def test_cover_named_elsewhere_still_counts():
    assert _first_shot("[21, 0]", "crates") == ("the stacked crates", False, "cover")


def test_the_ruling_is_in_the_data_with_its_source():
    import tomllib
    from pathlib import Path

    from narrator.rulesets.violence import tables
    data = tomllib.loads((Path(tables.__file__).parent / "data" / "rulings.toml").read_text())
    vn3 = next(r for r in data["ruling"] if r["id"] == "VN3")
    assert vn3["title"] == "A man placed at a landmark"
    assert vn3["settles"].startswith("003 l.15, l.32")
