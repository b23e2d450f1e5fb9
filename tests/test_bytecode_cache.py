"""The compiled-template cache (narrator/render/bytecode.py): same write-ups with or without
it, nothing breaks when it cannot be used, and it is skipped for a user's templates."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.render import bytecode
from narrator.render.bytecode import bytecode_cache, cache_root
from narrator.render.core import _build_env, _our_env, render
from tests.conftest import EXAMPLES, fight


def _run(cache: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NARRATOR_CACHE_DIR=cache)
    return subprocess.run([sys.executable, "-m", "narrator", "run",
                           str(EXAMPLES / "luke-short.yaml"), *args],
                          capture_output=True, text=True, env=env, check=False)


def test_write_up_is_the_same_cold_warm_and_without_cache(tmp_path: Path) -> None:
    cold = _run(str(tmp_path))
    files = sorted(p.name for p in tmp_path.rglob("*.cache"))
    warm = _run(str(tmp_path))
    off = _run("")
    assert cold.returncode == warm.returncode == off.returncode == 0
    assert len(files) >= 10                      # one per template the write-up used
    assert cold.stdout == warm.stdout == off.stdout
    assert "Luke Short" in cold.stdout


def test_empty_variable_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bytecode.ENV_VAR, "")
    assert cache_root() is None
    assert bytecode_cache(object, {}) is None


def test_options_and_class_give_separate_folders(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bytecode.ENV_VAR, str(tmp_path))
    a = bytecode_cache(int, {"trim_blocks": True})
    b = bytecode_cache(int, {"trim_blocks": False})
    c = bytecode_cache(str, {"trim_blocks": True})
    e = bytecode_cache(int, {"trim_blocks": True}, ("text", None))
    assert a is not None and b is not None and c is not None and e is not None
    assert len({a.directory, b.directory, c.directory, e.directory}) == 4
    assert Path(a.directory).parent == tmp_path


def test_unusable_cache_folder_is_skipped(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(bytecode.ENV_VAR, str(blocker))
    assert bytecode_cache(int, {}) is None
    env = _build_env("markdown", None, None)     # builds, and renders, without a cache
    assert env.bytecode_cache is None
    assert "Luke Short" in render(fight("luke-short.yaml"), "markdown")


def test_corrupt_and_unwritable_entries_fall_back_to_compiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bytecode.ENV_VAR, str(tmp_path))
    log = fight("luke-short.yaml")
    try:
        _our_env.cache_clear()
        expected = render(log, "markdown")          # compiles and fills the cache
        entries = list(tmp_path.rglob("*.cache"))
        assert entries
        for p in entries:
            p.write_bytes(b"garbage, not marshalled code")
        _our_env.cache_clear()
        assert render(log, "markdown") == expected  # rejected, compiled again, rewritten
        assert all(p.read_bytes() != b"garbage, not marshalled code" for p in entries)
        for p in entries:
            p.unlink()

        def refuse(self, bucket):  # a read-only or full disk (root ignores chmod here)
            raise PermissionError(13, "Permission denied")
        monkeypatch.setattr(bytecode.FileSystemBytecodeCache, "dump_bytecode", refuse)
        _our_env.cache_clear()
        assert render(log, "markdown") == expected
        assert not list(tmp_path.rglob("*.cache"))
    finally:
        _our_env.cache_clear()


def test_formats_sharing_templates_keep_their_own_filters(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The common templates are compiled for Markdown and for plain text (a constant passed
    through a format's ``strong`` filter must not leak from one into the other's cache)."""
    monkeypatch.setenv(bytecode.ENV_VAR, str(tmp_path))
    log = fight("abilene-saloon.yaml")
    try:
        _our_env.cache_clear()
        md, text = render(log, "markdown", "story"), render(log, "text", "story")
        _our_env.cache_clear()
        assert render(log, "text", "story") == text      # text first, from a warm cache
        assert render(log, "markdown", "story") == md
        assert "**House rules and GM rulings in force**" in md
        assert "**" not in text
    finally:
        _our_env.cache_clear()


def test_user_templates_are_never_cached(tmp_path: Path) -> None:
    user = tmp_path / "mine"
    (user / "markdown").mkdir(parents=True)
    env = _build_env("markdown", user, None)
    assert env.bytecode_cache is None
