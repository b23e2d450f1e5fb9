"""A file a command cannot read is one line like any other bad input: ``file:line:column:
what is wrong``, exit 2, nothing on standard output and nothing written. What is wrong with
the file as a whole (missing, a folder, unreadable, empty) is located at its start, ``1:1``;
text that is not UTF-8 at its first bad byte. Every command that reads a file, each way."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app

runner = CliRunner()

COMMANDS = {
    "run": [],
    "check": [],
    "next": [],
    "status": [],
    "render": [],
    "batch": ["--runs", "1"],
    "odds": ["--trials", "10"],
}
KINDS = {
    "missing": ("1:1", "cannot read the {what}: no such file or directory"),
    "folder": ("1:1", "cannot read the {what}: it is a folder"),
    "unreadable": ("1:1", "cannot read the {what}: permission denied"),
    "not_utf8": ("2:3", "the {what} is not UTF-8 text (byte 0xff); save it as UTF-8"),
    "empty": ("1:1", "the {what} is empty"),
}


def _make(tmp_path: Path, kind: str, suffix: str) -> Path:
    path = tmp_path / f"fight{suffix}"
    if kind == "folder":
        path.mkdir()
    elif kind == "not_utf8":
        path.write_bytes(b"{\n  \xff\n}\n" if suffix == ".json" else b"title: x\nab\xff\n")
    elif kind in ("empty", "unreadable"):
        path.write_bytes(b"" if kind == "empty" else b"title: x\n")
    return path


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_that_cannot_be_read_is_one_located_line(tmp_path, monkeypatch, command, kind):
    suffix = ".json" if command == "render" else ".yaml"
    what = "event log" if command == "render" else "scenario"
    path = _make(tmp_path, kind, suffix)
    if kind == "unreadable":  # (the tests may run as root, who reads anything)
        real_open = os.open

        def refuse(p, *a, **kw):
            if str(p) == str(path):
                raise PermissionError(13, "Permission denied", str(p))
            return real_open(p, *a, **kw)
        monkeypatch.setattr(os, "open", refuse)
    outdir = tmp_path / "out"
    extra = ["--out", str(outdir)] if command == "batch" else []
    before = sorted(p.name for p in tmp_path.iterdir())
    r = runner.invoke(app, [command, str(path), *COMMANDS[command], *extra])
    where, message = KINDS[kind]
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert re.fullmatch(r"[^\n]+\n", r.stderr), r.stderr
    assert r.stderr.startswith(f"{path}:{where}: {message.format(what=what)}"), r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before   # nothing written
