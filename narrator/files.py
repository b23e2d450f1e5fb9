"""Writing files whole or not at all.

May import: the standard library only.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path | str, data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, flushed to disk,
    then renamed over ``path``: a crash leaves the old file or the new one, never a mix, and
    no temporary file behind. Text is written as UTF-8 with ``\\n`` line ends.

    Raises:
        OSError: the folder is missing or not writable, the disk is full, ...
    """
    path = Path(os.path.realpath(path))  # through a symbolic link: update the file it names
    if path.exists() and not path.is_file():
        raise IsADirectoryError(21, "not a regular file", str(path))
    if path.exists() and not os.access(path, os.W_OK):
        raise PermissionError(13, "the file is read-only", str(path))
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = path.stat().st_mode & 0o7777   # an existing file keeps its permissions
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask                 # a new one gets what open() would give it
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
