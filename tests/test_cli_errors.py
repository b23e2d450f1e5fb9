"""Every error is one line, exit code 2 (issue 16, kind 8): typer's own usage errors, seed
bounds that agree between commands, paths to write checked before any work, file names that
cannot break the line, and play-by-post errors located in the file."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from narrator import batch as nb
from narrator.cli import SEED_MAX, app

from conftest import EXAMPLES

runner = CliRunner()
LUKE = str(EXAMPLES / "luke-short.yaml")


def one_line(args: list[str], *words: str) -> str:
    out = runner.invoke(app, args)
    assert out.exit_code == 2, (args, out.stdout, out.stderr)
    assert out.stdout == "", out.stdout
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("args, words", [
    (["run"], ["narrator run", "Missing argument"]),
    (["run", LUKE, "--format", "xml"], ["--format", "'xml' is not one of"]),
    (["batch", LUKE, "--out", "x", "--workers", "0"], ["--workers"]),
    (["odds", LUKE, "--trials", "0"], ["--trials"]),
    (["run", LUKE, "--bogus"], ["No such option: --bogus"]),
    (["next", LUKE, "--redo", "zero"], ["--redo"]),
    (["generate", "--sides", "a:1", "b:1", "--setting", "moon"], ["--setting"]),
    (["frobnicate"], ["No such command"]),
])
def test_usage_errors_are_one_line(args, words):
    one_line(args, *words)


@pytest.mark.parametrize("args", [
    ["run", LUKE, "--seed", str(SEED_MAX + 1)],
    ["generate", "--sides", "a:1", "b:1", "--seed", str(SEED_MAX + 1)],
    ["batch", LUKE, "--out", "OUT", "--seed", str(SEED_MAX + 1)],
    ["odds", LUKE, "--seed", str(SEED_MAX + 1)],
    ["run", LUKE, "--seed", "-1"],
])
def test_seed_bounds_agree(args, tmp_path):
    args = [str(tmp_path / "b") if a == "OUT" else a for a in args]
    one_line(args, "--seed")
    assert not (tmp_path / "b").exists()


def test_batch_and_odds_refuse_seeds_past_the_bound(tmp_path):
    one_line(["batch", LUKE, "--out", str(tmp_path / "b"), "--seed", str(SEED_MAX), "--runs",
              "2"], "above")
    assert not list((tmp_path / "b").glob("*.md")) if (tmp_path / "b").exists() else True
    one_line(["odds", LUKE, "--seed", str(SEED_MAX - 5), "--trials", "10"], "above")
    ok = runner.invoke(app, ["run", LUKE, "--seed", str(SEED_MAX)])
    assert ok.exit_code == 0, ok.stderr


@pytest.mark.parametrize("args, words", [
    (["run", LUKE, "--out", ""], ["--out: an empty file name"]),
    (["run", LUKE, "--out", "x" * 300 + ".md"], ["longer than 255 bytes"]),
    (["next", "SCEN", "--out", "  "], ["--out: an empty file name"]),
    (["generate", "--sides", "a:1", "b:1", "--out", ""], ["--out: an empty file name"]),
    (["odds", LUKE, "--chart", "y" * 300 + ".svg"], ["--chart", "longer than 255 bytes"]),
])
def test_paths_to_write_are_checked_first(args, words, tmp_path):
    scen = tmp_path / "s.yaml"
    shutil.copy(LUKE, scen)
    args = [str(scen) if a == "SCEN" else a for a in args]
    one_line(args, *words)
    assert scen.read_bytes() == (EXAMPLES / "luke-short.yaml").read_bytes()


def test_a_chart_in_a_missing_folder_fails_before_the_trials(monkeypatch, tmp_path):
    def never(*a, **k):
        raise AssertionError("the trials ran")
    monkeypatch.setattr(nb, "run_odds", never)
    one_line(["odds", LUKE, "--chart", str(tmp_path / "nodir" / "c.svg")], "does not exist")


def test_a_file_name_cannot_break_the_line(tmp_path):
    path = tmp_path / "evil\nname\u202e.yaml"
    path.write_text("title: [unclosed\n")
    line = one_line(["check", str(path)], "evil\\nname\\u202e.yaml")
    assert "\u202e" not in line


def test_next_on_a_non_utf8_file_gives_line_and_column(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_bytes(b"title: ok\nsides:\n  a: caf\xe9\n")
    for command in ("check", "next", "status"):
        one_line([command, str(path)], f"{path}:3:9: ", "not UTF-8")


@pytest.mark.parametrize("make", ["fifo", "dir", "large"])
def test_next_refuses_what_is_not_a_small_regular_file(tmp_path, make):
    import os
    path = tmp_path / "s.yaml"
    if make == "fifo":
        os.mkfifo(path)             # opened without blocking: never a hang
    elif make == "dir":
        path.mkdir()
    else:
        path.write_bytes(b"# " + b"x" * 3_000_000 + b"\n")
    for command in ("check", "next", "status", "run"):
        one_line([command, str(path)], str(path))


@pytest.mark.parametrize("make", ["fifo", "dev-zero", "large"])
def test_render_reads_only_small_regular_files(tmp_path, make):
    import os
    path = tmp_path / "log.json"
    if make == "fifo":
        os.mkfifo(path)
    elif make == "large":
        with open(path, "wb") as fh:
            fh.truncate(60_000_000)      # sparse: the size is refused before reading
    else:
        path = "/dev/zero"
    one_line(["render", str(path)], str(path))
