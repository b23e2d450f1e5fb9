"""Parsed TOML tables kept between runs (narrator/cache.py): the same tables as tomllib gives,
cold or warm, for every data file we ship; nothing breaks when the cache cannot be used; what
JSON cannot hold exactly is never stored. (The write-ups with and without the cache:
tests/test_bytecode_cache.py, which turns both caches on and off.)"""

from __future__ import annotations

import datetime
import json
import tomllib
from pathlib import Path

import pytest

from narrator import cache
from narrator.cache import TOML_FOLDER, cache_root, toml_loads

ROOT = Path(__file__).resolve().parent.parent
OUR_TOML = sorted([*ROOT.glob("narrator/**/*.toml"), *ROOT.glob("templates/**/*.toml")])


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    return tmp_path


def _entries(root: Path) -> list[Path]:
    return sorted((root / TOML_FOLDER).glob("*.json"))


def test_every_data_file_reads_back_the_same_cold_and_warm(root: Path) -> None:
    assert len(OUR_TOML) >= 15
    for path in OUR_TOML:
        text = path.read_text("utf-8")
        expected = tomllib.loads(text)
        cold = toml_loads(text)
        warm = toml_loads(text)
        assert cold == warm == expected, path
        # the same types (an integer stays an integer, 2.0 a float) and the same key order
        assert repr(warm) == repr(expected), path
    assert len(_entries(root)) == len({p.read_bytes() for p in OUR_TOML})


def test_the_entry_is_what_is_read(root: Path) -> None:
    toml_loads('a = 1\nb = [2.5, "x"]\n')
    (entry,) = _entries(root)
    assert json.loads(entry.read_text("utf-8")) == {"a": 1, "b": [2.5, "x"]}
    entry.write_text('{"a": 7}', "utf-8")   # the cache is believed (its name is the text's hash)
    assert toml_loads('a = 1\nb = [2.5, "x"]\n') == {"a": 7}
    assert toml_loads('a = 2\n') == {"a": 2}  # another text, another entry
    assert len(_entries(root)) == 2


@pytest.mark.parametrize("garbage", [b"", b"{not json", b"[1, 2]", b"\xff\xfe"])
def test_a_broken_entry_is_parsed_again_and_rewritten(root: Path, garbage: bytes) -> None:
    text = 'name = "Dutch"\n'
    toml_loads(text)
    (entry,) = _entries(root)
    entry.write_bytes(garbage)
    assert toml_loads(text) == {"name": "Dutch"}
    assert json.loads(entry.read_bytes()) == {"name": "Dutch"}


def test_no_cache_when_turned_off_or_unusable(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.ENV_VAR, "")
    assert cache_root() is None
    assert toml_loads("x = 1\n") == {"x": 1}
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV_VAR, str(blocker))
    assert toml_loads("x = 1\n") == {"x": 1}
    assert blocker.read_text() == "not a folder"
    assert list(tmp_path.iterdir()) == [blocker]


def test_what_json_cannot_hold_is_not_stored(root: Path) -> None:
    assert toml_loads("when = 1881-10-26\n") == {"when": datetime.date(1881, 10, 26)}
    assert _entries(root) == []
    assert repr(toml_loads("x = [inf, -inf, nan]\n")) == repr(toml_loads("x = [inf, -inf, nan]\n"))
    assert repr(toml_loads("x = [inf, -inf, nan]\n")) == "{'x': [inf, -inf, nan]}"
    assert len(_entries(root)) == 1
    assert not list((root / TOML_FOLDER).glob(".tmp-*"))


def test_bad_toml_raises_as_tomllib_does_and_stores_nothing(root: Path) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_loads("x = \n")
    assert _entries(root) == []
