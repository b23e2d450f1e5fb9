"""Sweeps (``narrator odds --vary``) and odds on a Dask cluster (issue 17): variants are the
scenario with one value changed, bad paths and ranges are one located line, a variant's row is
the odds of that variant alone, and a Dask cluster gives the local results for the same seeds.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import accumulate
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator import batch, sweep
from narrator.cli import app
from narrator.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"
LUKE = EXAMPLES / "luke-short.yaml"
runner = CliRunner()


def test_parse_vary():
    v = sweep.parse_vary("sides.Short.count=2..4")
    assert v.path == ("sides", "Short", "count") and v.values == (2, 3, 4)
    assert sweep.parse_vary("Luke.skills.pistol=1,3,5").values == (1, 3, 5)
    assert sweep.parse_vary("Luke.tactics=cautious,aggressive").values == ("cautious",
                                                                           "aggressive")


@pytest.mark.parametrize("spec,message", [
    ("Luke.skills.pistol", "--vary:1:19: expected PATH=VALUES"),
    ("Luke.skills.pistol=5..1", "--vary:1:20: the range 5..1 is empty"),
    ("Luke.skills.pistol=a..b", "--vary:1:20: a range is A..B (whole numbers) or A..B/STEP "
                                "(2..8/2, 0.5..2/0.5); got 'a..b'"),
    ("Luke.skills.pistol=0..99", "--vary:1:20: 100 values; at most 50"),
    ("Lukas.skills.pistol=1..3", "--vary:1:1: 'Lukas' is neither a character nor a field of "
                                 "the scenario; did you mean 'Luke'?"),
    ("Luke.skils.pistol=1..3", "--vary:1:6: a character has no field 'skils'; did you mean "
                               "'skills'?"),
    ("Luke.skills.pistl=1..3", "--vary:1:13: skills has no field 'pistl'; did you mean "
                               "'pistol'?"),
    ("sides.Shorty.count=1..3", "--vary:1:7: no side 'Shorty'; did you mean 'Short'?"),
    ("sides.Short.count=0..2", "--vary:1:13: a side's count is a whole number from 1 to 64"),
    ("Luke.skills.pistol=28..31", "--vary:1:20: with Luke.skills.pistol=31:"),
])
def test_bad_vary_is_one_located_line(spec, message):
    r = runner.invoke(app, ["odds", str(LUKE), "-n", "10", "--vary", spec])
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), r.output
    assert "Traceback" not in r.output


def test_variants_change_one_value():
    ld = load_scenario(LUKE)
    vs = sweep.variants(ld, [sweep.parse_vary("Luke.skills.pistol=2..4"),
                             sweep.parse_vary("sides.Courtright.count=1..2")])
    assert [v.values for v in vs] == [(2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)]
    luke = [c for _, c in vs[2].loaded.scenario.characters() if c.short == "Luke"][0]
    assert luke.skills.pistol == 3
    names = [c.name for c in vs[1].loaded.scenario.sides["Courtright"]]
    assert names == ['"Long Haired" Jim Courtright', '"Long Haired" Jim Courtright 2']
    assert tuple(vs[1].loaded.scenario.sides["Courtright"][1].at) == (0, 7)
    assert vs[0].loaded.script == {}   # odds ignore scripted dice


def test_a_variants_row_is_its_own_odds():
    ld = load_scenario(LUKE)
    vs = sweep.variants(ld, [sweep.parse_vary("Luke.skills.fast_draw=2,12")])
    rows = sweep.run_sweep(vs, 400, 9, workers=1)
    for v, row in zip(vs, rows, strict=True):
        alone = batch.run_odds(v.loaded, 400, 9)
        assert row.tally == alone.tally and row.path == alone.path == "kernel"
    # a faster draw wins more often
    win = [next(s.p for s in r.sides if s.side == "Short") for r in rows]
    assert win[1] > win[0]
    engine = sweep.run_sweep(vs, 100, 9, workers=2, path="engine")
    assert [r.path for r in engine] == ["engine", "engine"]
    assert engine[0].tally == batch.run_odds(vs[0].loaded, 100, 9, path="engine").tally


def test_kernel_runs_are_whole_chunks_and_change_no_result(monkeypatch):
    # a variant's kernel chunks go in runs of whole chunks, as few as keep the workers busy
    # (its decisions' cache is warmed once per run); the results are those of run_odds
    from narrator import fast_odds

    monkeypatch.setattr(fast_odds, "KERNEL_CHUNK", 100)
    assert sweep._kernel_runs(450, 7, 2) == [(0, 450)]
    # (450 at 100 at most: five chunks made six of 75, so that two workers get three each)
    assert fast_odds.kernel_chunks(450) == [(s, 75) for s in range(0, 450, 75)]
    assert sweep._kernel_runs(450, 1, 2) == [(0, 225), (225, 225)]
    assert sweep._kernel_runs(450, 2, 4) == [(0, 225), (225, 225)]
    assert sweep._kernel_runs(50, 1, 8) == [(0, 50)]
    ld = load_scenario(LUKE)
    vs = sweep.variants(ld, [sweep.parse_vary("Luke.skills.fast_draw=2,12")])
    for workers in (1, 2):
        rows = sweep.run_sweep(vs, 450, 9, workers=workers)
        for v, row in zip(vs, rows, strict=True):
            assert row.tally == batch.run_odds(v.loaded, 450, 9).tally
            assert row.tally.trials == 450


def test_sweep_table_and_chart(tmp_path):
    chart = tmp_path / "sweep.svg"
    r = runner.invoke(app, ["odds", str(LUKE), "-n", "300", "-j", "1", "--vary",
                            "Luke.skills.fast_draw=2..4", "--chart", str(chart)])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Luke.skills.fast_draw" in out and "Short win %" in out
    assert "path: kernel" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    root = ET.fromstring(chart.read_text())
    circles = [e for e in root.iter() if e.tag.endswith("circle")]
    assert len(circles) == 3 * 2   # three variants, two sides
    titles = [e.text for e in root.iter() if e.tag.endswith("title")]
    assert any(t.startswith("Short ") for t in titles)


def test_a_grid_chart_draws_a_line_per_combination(tmp_path):
    """Two ``--vary`` (3 x 2 variants): the x axis holds the first option's three values
    only, each side has one line for each value of the second (solid, then dashed), each of
    three points, and the legend names them ("max_turns 3"). Before, one line per side
    zigzagged through all six combinations ("2, 3", "2, 6", "3, 3", ...; a fresh user's
    two-option sweep)."""
    chart = tmp_path / "grid.svg"
    r = runner.invoke(app, ["odds", str(LUKE), "-n", "200", "-j", "1", "--vary",
                            "Luke.skills.fast_draw=2..4", "--vary", "max_turns=3,6",
                            "--chart", str(chart)])
    assert r.exit_code == 0, r.output
    root = ET.fromstring(chart.read_text())
    texts = [e.text for e in root.iter() if e.tag.endswith("text")]
    assert texts[texts.index("100%") + 1:texts.index("100%") + 4] == ["2", "3", "4"]
    assert "max_turns 3" in texts and "max_turns 6" in texts
    lines = [e for e in root.iter() if e.tag.endswith("path") and e.get("stroke-width") == "2"
             and e.get("fill") == "none"]
    assert len(lines) == 2 * 2                     # two sides, two values of max_turns
    assert all(e.get("d").count("L") == 2 for e in lines)   # three points each
    assert [e.get("stroke-dasharray") for e in lines] == [None, "7 4", None, "7 4"]
    assert len([e for e in root.iter() if e.tag.endswith("circle")]) == 6 * 2
    titles = [e.text for e in root.iter() if e.tag.endswith("title")]
    assert any(t.startswith("Short, max_turns 6 ") for t in titles)


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as c, distributed.Client(c) as client:
        yield client


def test_odds_on_a_dask_cluster_equal_the_local_run(cluster):
    ld = batch.odds_scenario(load_scenario(LUKE))
    local = batch.run_odds(ld, 600, 4, workers=1)
    remote = batch.run_odds(ld, 600, 4, scheduler=cluster)
    assert remote.tally == local.tally and remote.path == "kernel"
    local = batch.run_odds(ld, 300, 4, workers=1, path="engine")
    remote = batch.run_odds(ld, 300, 4, scheduler=cluster, path="engine")
    assert remote.tally == local.tally


def test_a_sweep_on_a_dask_cluster_equals_the_local_run(cluster):
    vs = sweep.variants(load_scenario(LUKE), [sweep.parse_vary("Luke.skills.pistol=2,6")])
    local = sweep.run_sweep(vs, 300, 2, workers=1)
    remote = sweep.run_sweep(vs, 300, 2, scheduler=cluster)
    assert [r.tally for r in remote] == [r.tally for r in local]


def test_an_unreachable_scheduler_is_one_line():
    r = runner.invoke(app, ["odds", str(LUKE), "-n", "10", "--scheduler",
                            "tcp://127.0.0.1:9"])
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("--scheduler tcp://127.0.0.1:9: cannot "
                                                   "reach a Dask scheduler"), r.output


def test_kernel_chunks_come_in_even_numbers_of_equal_size():
    # odds on two workers: an odd number of chunks leaves one worker a chunk more to fight
    # (100,000 trials of the Abilene example's five men were five chunks of 20,000: three
    # for one worker, two for the other)
    from narrator import fast_odds

    assert fast_odds.kernel_chunks(100_000, 20_000) == [
        (0, 16_667), (16_667, 16_667), (33_334, 16_667), (50_001, 16_667), (66_668, 16_666),
        (83_334, 16_666)]
    assert fast_odds.kernel_chunks(100_000, 25_000) == [(s, 25_000) for s in
                                                        range(0, 100_000, 25_000)]
    assert fast_odds.kernel_chunks(101, 100) == [(0, 51), (51, 50)]
    assert fast_odds.kernel_chunks(3, 1) == [(0, 1), (1, 1), (2, 1)]
    assert fast_odds.kernel_chunks(50, 100) == [(0, 50)]
    assert fast_odds.kernel_chunks(0, 100) == []
    for trials in (1, 5, 7, 999, 25_001, 60_000, 100_000):
        for size in (1, 2, 100, 2_000, 25_000):
            chunks = fast_odds.kernel_chunks(trials, size)
            assert sum(n for _, n in chunks) == trials
            assert all(0 < n <= size for _, n in chunks)
            assert [s for s, _ in chunks] == [0, *accumulate(n for _, n in chunks[:-1])]
            assert len(chunks) in (1, trials) or len(chunks) % 2 == 0
            assert max(n for _, n in chunks) - min(n for _, n in chunks) <= 1
    ld = load_scenario(EXAMPLES / "abilene-saloon.yaml")
    assert fast_odds.kernel_chunk_size(ld) == 25_000   # (five men: 125,000 man-fights)
