"""fresh23's docs and generate items (REPORT.md items 9, 10, 11): what docs/scenario.md,
the loader's errors, ``narrator generate``'s comments and the Weird West write-up tell a
GM. The scenarios in tests/fresh23tools/ are the GM's own files."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
HERE = Path(__file__).parent / "fresh23tools"


# ------------------------------------------------------------ 10. map: and move: KEY
def _map_rows() -> dict[str, str]:
    """docs/scenario.md's `map` row of each ruleset, by the ruleset's heading."""
    rows, heading = {}, None
    for line in (ROOT / "docs" / "scenario.md").read_text().splitlines():
        if line.startswith("## "):
            heading = line
        elif line.startswith("| `map` |"):
            rows[heading] = line
    return rows


def test_scenario_docs_map_row_gives_each_rulesets_move_form():
    rows = _map_rows()
    assert len(rows) == 4
    for heading, row in rows.items():
        if "boothill" in heading:
            assert "move: {to: KEY}" in row, row
        else:   # Violence, Gaslight, Weird West refuse move: {to: KEY}
            assert "{to: KEY}" not in row and "move: KEY" in row, (heading, row)
    gaslight = next(r for h, r in rows.items() if "gaslight" in h)
    assert "gait:" in gaslight


def test_move_to_mapping_in_gaslight_says_the_form_it_takes(run_cli, tmp_path):
    text = (HERE / "gl-called.yaml").read_text().replace(
        "Thorne: {shoot: Nat, mode: aimed, called: head}",
        "Thorne: {shoot: Nat, mode: aimed, move: {to: crates}, gait: walking_briskly}")
    path = tmp_path / "gl.yaml"
    path.write_text(text)
    r = run_cli(path, "check")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        f"{path}:57:47: turns[0].intents.Thorne.move: expected text or a list [x, y] (got "
        f"{{to: crates}}); here move: is the destination itself: write move: crates (a "
        f"landmark key or [x, y])"]


def test_move_to_mapping_with_its_gait_inside_keeps_the_gait(run_cli, tmp_path):
    text = (HERE / "gl-called.yaml").read_text().replace(
        "Thorne: {shoot: Nat, mode: aimed, called: head}",
        "Thorne: {shoot: Nat, move: {to: crates, gait: running}}")
    path = tmp_path / "gl.yaml"
    path.write_text(text)
    r = run_cli(path, "run")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip().endswith("write move: crates, gait: running (a landmark key or "
                                     "[x, y])")


def test_move_to_mapping_in_weird_west(run_cli, tmp_path):
    r = run_cli(None, "new", "--ruleset", "weird-west", "--out", str(tmp_path / "ww.yaml"))
    assert r.exit_code == 0
    ww = (tmp_path / "ww.yaml").read_text()
    m = re.search(r"move: ([a-z_]+)", ww)
    assert m, "narrator new's Weird West file has a move to a landmark"
    (tmp_path / "ww.yaml").write_text(ww.replace(m.group(0), f"move: {{to: {m.group(1)}}}", 1))
    r = run_cli(tmp_path / "ww.yaml", "check")
    assert r.exit_code == 2
    assert f"; here move: is the destination itself: write move: {m.group(1)} (a landmark " \
           f"key or [x, y])" in r.stderr and len(r.stderr.strip().splitlines()) == 1
