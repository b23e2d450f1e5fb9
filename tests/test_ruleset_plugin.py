"""A third-party ruleset plugs in through the ``narrator.rulesets`` entry point alone (issue 12).

``tests/coinflip/`` is the smallest ruleset there is (a coin-flip duel: heads, your opponent
falls). It is installed the way pip would leave it: its package and a ``.dist-info`` folder
with ``entry_points.txt`` in a folder on ``PYTHONPATH``; narrator runs in a subprocess (so this
test process keeps only the built-in rulesets) and must run, next, status, check, odds,
batch, render, generate, new, rules and schema with it, in every format and mode, without a
line of the core naming it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PLUGIN = HERE / "coinflip"
DUEL = PLUGIN / "duel.yaml"
FORMATS = ("markdown", "bbcode", "html", "text", "json")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A folder holding the installed plug-in: the package and its distribution metadata."""
    root = tmp_path_factory.mktemp("site")
    shutil.copytree(PLUGIN / "coinflip", root / "coinflip")
    info = root / "coinflip-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: coinflip\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[narrator.rulesets]\ncoinflip = coinflip.ruleset:CoinFlip\n")
    return root


def narrator(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site)] + [p for p in [env.get("PYTHONPATH")] if p])
    env["COLUMNS"] = "100"
    return subprocess.run([sys.executable, "-m", "narrator", *map(str, args)], env=env,
                          capture_output=True, text=True, cwd=cwd, timeout=120)


def test_every_format_and_mode_writes_the_duel(site):
    texts = {}
    for fmt in FORMATS:
        for mode in ("teaching",) if fmt == "json" else ("teaching", "story"):
            # the event log has no mode: --mode with --format json is refused
            r = narrator(site, "run", DUEL, "--format", fmt,
                         *(("--mode", mode) if fmt != "json" else ()))
            assert r.returncode == 0, (fmt, mode, r.stderr)
            texts[fmt, mode] = r.stdout
    md = texts["markdown", "teaching"]
    assert md.startswith("# Heads or tails at noon\n")
    assert "## Flip 1" in md
    assert "**Abel Hart** calls heads and tosses at **Cyrus Vane**: tails; nothing happens." in md
    assert "**Cyrus** calls tails and tosses at **Abel**: heads, and **Abel** falls." in md
    assert "The duel is over after 1 flip: the south stand." in md
    assert "[b]Abel Hart[/b] calls heads" in texts["bbcode", "teaching"]
    assert "<strong>Abel Hart</strong> calls heads" in texts["html", "teaching"]
    assert "goes down" in texts["markdown", "story"]
    log = json.loads(texts["json", "teaching"])
    assert log["events"][0]["ruleset"] == "coinflip"
    flips = [e for e in log["events"] if e["kind"] == "coin_flipped"]
    assert [(e["character"], e["roll"], e["heads"]) for e in flips] == [
        ("Abel Hart", 1, False), ("Cyrus Vane", 2, True)]
    assert [(r["who"], r["purpose"], r["sides"]) for r in log["rolls"]] == [
        ("Abel Hart", "flip", 2), ("Cyrus Vane", "flip", 2)]


def test_same_seed_same_bytes_and_a_saved_log_renders_again(site, tmp_path):
    one = narrator(site, "run", DUEL, "--format", "html", "--seed", "11")
    two = narrator(site, "run", DUEL, "--format", "html", "--seed", "11")
    assert one.returncode == 0 and one.stdout == two.stdout
    saved = tmp_path / "duel.json"
    saved.write_text(narrator(site, "run", DUEL, "--format", "json").stdout)
    again = narrator(site, "render", saved, "--format", "markdown")
    assert again.returncode == 0, again.stderr
    assert again.stdout == narrator(site, "run", DUEL).stdout


def test_play_by_post_next_status_check(site, tmp_path):
    fight = tmp_path / "duel.yaml"
    text = DUEL.read_text().replace("seed: 4", "seed: 6")
    start = text.index("turns:")
    fight.write_text(text[:start] + text[text.index("max_turns:"):])
    first = narrator(site, "next", fight)
    assert first.returncode == 0, first.stderr
    assert "## Flip 1" in first.stdout
    saved = fight.read_text()
    assert "resolved:" in saved and "state:" in saved and "condition: active" in saved
    status = narrator(site, "status", fight)
    assert status.returncode == 0, status.stderr
    assert "after flip 1" in status.stdout and "coin" in status.stdout
    assert narrator(site, "check", fight).stdout.strip().endswith("1 resolved")
    second = narrator(site, "next", fight)
    assert second.returncode == 0, second.stderr
    assert "## Flip 2" in second.stdout and "The duel is over after 2 flips" in second.stdout
    assert "down" in narrator(site, "status", fight).stdout


def test_odds_and_batch(site, tmp_path):
    odds = narrator(site, "odds", DUEL, "--trials", "400")
    assert odds.returncode == 0, odds.stderr
    assert "path: engine (kernel does not cover: the coinflip ruleset)" in odds.stdout
    assert "flips (± " in odds.stdout
    assert "dead" in odds.stdout and "unhurt" in odds.stdout and "dying" not in odds.stdout
    out = tmp_path / "batch"
    batch = narrator(site, "batch", DUEL, "--runs", "3", "--out", out, "--format", "text")
    assert batch.returncode == 0, batch.stderr
    files = sorted(p.name for p in out.iterdir())
    assert files == ["duel-4.txt", "duel-5.txt", "duel-6.txt"]
    assert (out / "duel-6.txt").read_text() == narrator(
        site, "run", DUEL, "--format", "text", "--seed", "6").stdout


def test_generate_new_rules_schema(site, tmp_path):
    made = tmp_path / "made.yaml"
    gen = narrator(site, "generate", "--ruleset", "coinflip", "--sides", "a:1", "b:2",
                   "--seed", "3", "--out", made)
    assert gen.returncode == 0, gen.stderr
    assert "ruleset: coinflip" in made.read_text()
    assert narrator(site, "run", made).returncode == 0
    new = narrator(site, "new", "--ruleset", "coinflip")
    assert new.returncode == 0 and "ruleset: coinflip" in new.stdout
    rules = narrator(site, "rules", "coinflip", "coin")
    assert rules.returncode == 0 and "heads: the opponent falls" in rules.stdout
    listed = narrator(site, "rules")
    assert "coinflip" in listed.stdout and "boothill" in listed.stdout
    schema = json.loads(narrator(site, "schema", "--ruleset", "coinflip").stdout)
    assert schema["$id"] == "narrator-coinflip-scenario"
    assert schema["properties"]["ruleset"]["const"] == "coinflip"


def test_a_misspelt_ruleset_names_the_plugin(site, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(DUEL.read_text().replace("ruleset: coinflip", "ruleset: coinflop"))
    r = narrator(site, "check", bad)
    assert r.returncode == 2
    from narrator.ruleset import BUILT_IN
    listed = ", ".join(repr(n) for n in BUILT_IN)
    assert r.stderr.strip() == (f"{bad}:4:10: ruleset: 'coinflop' is not one of {listed} "
                                f"or 'coinflip'; did you mean 'coinflip'?")
