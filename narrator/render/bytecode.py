"""Jinja's compiled templates kept between runs: a bytecode cache in the user's cache folder.

Compiling our templates is most of the cost of a short ``narrator run`` (about 20 templates,
a few hundred milliseconds); Jinja's ``FileSystemBytecodeCache`` stores each template's
compiled code so that the next process loads it instead. The folder is
``jinja-<key>`` in narrator's cache folder (``narrator.cache.cache_root``:
``~/.cache/narrator`` on Linux, or ``$NARRATOR_CACHE_DIR``; ``NARRATOR_CACHE_DIR=`` (empty)
turns the cache off).

What keeps a cached template right:

* Jinja rejects a cached entry whose source checksum differs from the template file now, or
  that another Jinja or Python version wrote (its magic header), and compiles afresh.
* The compiled code also depends on the environment's options (``trim_blocks``...) and its
  class (the sandbox), which Jinja's check does not see: ``<key>`` hashes them, with
  narrator's version and the environment's format and ruleset, so two environments never
  share entries. Our environments compile with ``optimized=False``: Jinja's optimizer folds
  a filter applied to a constant into the compiled code (``{{ "x" | strong }}`` becomes
  ``**x**``), which would tie the code to one format's filters and to this version of them.
* Only our own templates are cached; a user's ``--templates`` folder is always compiled.
* A cache that cannot be read or written (a read-only home, a full disk) is skipped
  silently: the templates are compiled as if there were no cache.

The compiled code is the same whether it came from the cache or not, so the write-ups are
byte-identical either way.

May import: jinja2 (lazily where it matters), narrator.cache, the standard library.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from jinja2.bccache import Bucket, FileSystemBytecodeCache

from narrator.cache import ENV_VAR, cache_root  # noqa: F401 - ENV_VAR: the switch, named here too


class SafeBytecodeCache(FileSystemBytecodeCache):
    """``FileSystemBytecodeCache`` that never fails a render: I/O errors mean no cache."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError):
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def bytecode_cache(kind: type, options: dict[str, Any],
                   which: tuple = ()) -> SafeBytecodeCache | None:
    """The bytecode cache for our templates compiled by an environment of class ``kind``
    with ``options``, for ``which`` (the format and ruleset); None when there is no usable
    cache folder."""
    import jinja2

    from narrator import __version__

    root = cache_root()
    if root is None:
        return None
    # a class's ``bytecode_key`` names what else its compiled code depends on (the trusted
    # environment's sync filters are called without the eval context Jinja's wrappers take)
    key = repr((__version__, jinja2.__version__, f"{kind.__module__}.{kind.__qualname__}",
                getattr(kind, "bytecode_key", ""),
                sorted((k, f"{v.__module__}.{v.__qualname__}" if callable(v) else repr(v))
                       for k, v in options.items()), which))
    folder = root / f"jinja-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK | os.R_OK | os.X_OK):
        return None
    return SafeBytecodeCache(str(folder), "%s.cache")
