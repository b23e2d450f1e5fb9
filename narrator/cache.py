"""What narrator keeps between runs in the user's cache folder: the folder itself, and the
data tables it parses from TOML (the Jinja templates' compiled code is
``narrator.render.bytecode``'s, in the same folder; the verb forms looked up in lemminflect
are ``narrator.render.inflection``'s, by ``store_json``).

The folder is ``platformdirs.user_cache_dir("narrator")`` (``~/.cache/narrator`` on Linux), or
``$NARRATOR_CACHE_DIR``; ``NARRATOR_CACHE_DIR=`` (empty) turns every cache off. We use
platformdirs (rather than our own XDG code) because it knows every platform's convention.

``toml_loads`` is ``tomllib.loads`` for our own data files (rules tables, phrase tables):
tomllib is written in Python, and parsing the Boot Hill tables and the phrase table cost about
a twentieth of a short ``narrator run`` (``benchmarks/bench_startup.py``). The parsed table
is stored as JSON under the SHA-256 of the TOML text, so an edited file is a new entry and
parsed afresh; JSON gives back exactly what tomllib gave (strings, integers, floats with inf
and nan, booleans, lists and tables, in order); a table JSON cannot hold (a TOML date) is
never stored. An entry that cannot be read or parsed, or a folder that cannot be written (a
read-only home, a full disk), means parsing as if there were no cache: the result is the
same either way.

May import: the standard library, platformdirs (lazily).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

ENV_VAR = "NARRATOR_CACHE_DIR"

TOML_FOLDER = "toml-1"
"""The folder of parsed TOML tables under the cache root (its number changes if the way
entries are stored does)."""


def cache_root() -> Path | None:
    """The folder the caches go under: ``$NARRATOR_CACHE_DIR`` if set (empty: None, no
    cache), else the platform's user cache folder for narrator."""
    value = os.environ.get(ENV_VAR)
    if value is not None:
        return Path(value) if value.strip() else None
    import platformdirs  # only where there is a cache to find

    return Path(platformdirs.user_cache_dir("narrator", appauthor=False))


def toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, from the cache when this text was parsed before.

    Raises:
        tomllib.TOMLDecodeError: ``text`` is not TOML (never cached).
    """
    root = cache_root()
    entry = (root / TOML_FOLDER / f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}.json"
             if root is not None else None)
    if entry is not None:
        try:
            data = json.loads(entry.read_bytes())
        except (OSError, ValueError):
            pass
        else:
            if isinstance(data, dict):
                return data
    import tomllib  # only when there is something to parse

    data = tomllib.loads(text)
    if entry is not None:
        _store(entry, data)
    return data


def store_json(entry: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to the cache file ``entry`` whole, or not at all (``_store``):
    what other modules keep between runs (``narrator.render.inflection``'s verb forms)."""
    _store(entry, data)


def _store(entry: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``entry`` whole (a temporary file renamed over it), or not
    at all: nothing JSON cannot hold exactly, nothing if the folder cannot be written."""
    try:  # Python's JSON writes inf and nan (as Infinity and NaN) and reads them back
        blob = json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError):  # a date or a time
        return
    try:
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(blob)
            os.replace(tmp, entry)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass
