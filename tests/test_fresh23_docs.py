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


# ------------------------------------------------------- 11. generate's comments
def _generated(run_cli, tmp_path, name, *args) -> str:
    out = tmp_path / name
    r = run_cli(None, "generate", *args, "--out", str(out))
    assert r.exit_code == 0, r.output
    return out.read_text()


def test_weird_west_generate_comments_say_weird_west_tactics(run_cli, tmp_path):
    """fresh23's ww.yaml: a Weird West coward "runs at the first wound" (Boot Hill's) in its
    comment, while she gives up at a heavy wound or half her Wind (WN24); bounty hunters
    commented "# outlaws"."""
    text = _generated(run_cli, tmp_path, "ww.yaml", "--sides", "hunters:2", "walkers:3",
                      "--setting", "canyon", "--seed", "233", "--ruleset", "weird-west")
    assert "first wound" not in text and "outlaws" not in text
    assert "\n  hunters:\n" in text and "\n  walkers:\n" in text
    lines = text.splitlines()
    josephine = lines.index("    - name: 'Josephine \"Arkansas\" Lang'")
    assert lines[josephine + 8] == ("      tactics: coward             # yellow: cover first; "
                                    "gives up at a heavy wound or half her Wind gone")
    assert "      tactics: cautious           # careful: cover first, aims below 55%; gives " \
           "up at a serious wound" in lines
    assert "      tactics: aggressive         # a hothead: closes in and shoots; gives up at a " \
           "critical wound or a quarter of his Wind" in lines


def test_gaslight_generate_comment_takes_the_womans_pronoun(run_cli, tmp_path):
    text = _generated(run_cli, tmp_path, "gl.yaml", "--sides", "constables:3",
                      "anarchists:3", "--setting", "street", "--seed", "234", "--ruleset",
                      "gaslight")
    blocks = text.split("    - name: ")[1:]
    aggressive = [b for b in blocks if "tactics: aggressive" in b]
    assert len(aggressive) == 2
    for b in aggressive:
        tactics = next(line for line in b.splitlines() if "tactics:" in line)
        assert "pronoun: she" in b and tactics.endswith("fans when she can"), b


def test_every_rulesets_generate_comments_fit_its_tactics(run_cli, tmp_path):
    """Each profile's comment, for each ruleset, against what ``narrator rules RULESET
    tactics`` says of it: the words a comment uses that the rules would contradict."""
    from narrator import npcs
    from narrator.rulesets.gaslight import generate as gl
    from narrator.rulesets.violence import generate as vi
    from narrator.rulesets.weird_west import generate as ww

    assert npcs.role_note(npcs.ROLE_NOTES, "coward", "he") == (
        "yellow: hides, and runs at the first wound or when outnumbered")
    assert npcs.role_note(npcs.ROLE_NOTES, "aggressive", "she") == (
        "a hothead: closes in, fans her gun up close")
    assert npcs.role_note(vi.RULES.role_notes, "aggressive", "they") == (
        "a hothead: three shots at the nearest, hand to hand up close with their gun empty")
    assert set(ww.ROLE_NOTES) == {"aggressive", "cautious", "coward", "gunslinger", "undead"}
    assert "never gives up" in ww.ROLE_NOTES["undead"]
    assert "fans when {he} can" in gl.ROLE_NOTES["aggressive"]
    for ruleset, notes in (("boothill", npcs.ROLE_NOTES), ("violence", vi.RULES.role_notes),
                           ("weird-west", ww.ROLE_NOTES), ("gaslight", gl.ROLE_NOTES)):
        r = run_cli(None, "rules", ruleset, "tactics")
        assert r.exit_code == 0
        for profile in notes:
            assert f"\n{profile} " in r.stdout, (ruleset, profile)
    text = _generated(run_cli, tmp_path, "bh.yaml", "--sides", "posse:3", "rustlers:3",
                      "--seed", "232")
    assert "outlaws" not in text and "\n  posse:                  # the law\n" in text
