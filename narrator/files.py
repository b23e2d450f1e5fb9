"""Writing files whole or not at all; replacing a file only if it is still what was read.

* ``write_atomic``: a temporary file in the same folder, flushed, renamed over the target,
  the folder flushed too. ``write_all``: several files, all staged first, so a failure leaves
  none of them written.
* ``replace_checked``: compare-and-swap for ``narrator next``: the new file is swapped in with
  one atomic exchange of names (``renameat2(RENAME_EXCHANGE)`` on Linux), then the file that
  was swapped out is compared with what was read; if it differs (an editor saved meanwhile)
  the exchange is undone, so no one's edit is lost. The old file becomes ``.bak``.
* ``scenario_lock``: one ``narrator next`` per scenario at a time (``filelock``: a well-kept
  library that holds an ``flock`` on a lock file, released by the kernel when the process
  dies, so a killed run never leaves a stale lock behind). filelock keeps a Unix lock file
  after release on purpose (deleting it lets two processes lock two different files of one
  name), so the lock files live in the user's cache folder (``platformdirs``), not beside the
  scenario.
* ``deferred_signals``: Ctrl-C and SIGTERM wait until a post and its record are both out.

May import: the standard library, filelock and platformdirs only.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path


class Changed(Exception):
    """The file is no longer what was read: someone else wrote it meanwhile."""


def _mode_for_new_file() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def check_writable(path: Path | str) -> None:
    """Refuse, before anything is printed, a file that cannot be replaced later: ``path``
    (through a symbolic link: the file it names) must exist, be a regular file and be
    writable (a write permission bit, even for root).

    Raises:
        OSError: missing, read-only or not a regular file.
    """
    real = Path(os.path.realpath(path))
    if _check_writable(real) is None:
        raise FileNotFoundError(2, "No such file or directory", str(path))


def check_can_write(path: Path | str) -> None:
    """Refuse, before any work is done or anything printed, an output that could not be
    written at the end: an existing ``path`` must be a writable regular file (as
    ``check_writable``), and its folder must take a new file: an empty temporary file is made
    there (the way ``write_atomic`` will) and removed at once, so a read-only folder or file
    system is found even by root, whom permission bits do not stop.

    Raises:
        OSError: named for ``path`` (never the temporary file); a folder that cannot be
            written says "(the folder cannot be written)".
    """
    real = Path(os.path.realpath(path))
    try:
        _check_writable(real)
        Path(_write_temp(real.parent, real.name, b"", 0o600)).unlink()
    except OSError as exc:
        exc.filename = str(path)
        raise


def check_folder_can_write(folder: Path | str) -> None:
    """Refuse, before any work is done or anything printed, a folder that could not take the
    files a command will write there: an empty temporary file is made in it (the way
    ``write_atomic`` will) and removed at once, so a read-only folder or file system is found
    even by root, whom permission bits do not stop. The folder must exist.

    Raises:
        OSError: named for ``folder`` as given (never the temporary file); a folder that
            cannot be written says "(the folder cannot be written)".
    """
    try:
        Path(_write_temp(Path(os.path.realpath(folder)), ".narrator-probe", b"",
                         0o600)).unlink()
    except OSError as exc:
        exc.filename = str(folder)
        raise


def _check_writable(path: Path) -> os.stat_result | None:
    """The file's status, or None when it does not exist yet.

    Raises:
        IsADirectoryError: not a regular file.
        PermissionError: read-only (no write permission bit: refused even for root).
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise IsADirectoryError(21, "not a regular file", str(path))
    if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise PermissionError(13, "the file is read-only", str(path))
    return info


def fsync_dir(folder: Path | str) -> None:
    """Flush a folder's entries (a rename in it) to disk; a no-op where folders cannot be
    opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(folder: Path, name: str, blob: bytes, mode: int,
                owner: tuple[int, int] | None = None) -> str:
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    except OSError as exc:  # named for the file asked for, not the temporary one
        exc.filename = str(folder / name)
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            exc.strerror = f"{exc.strerror} (the folder cannot be written)"
        raise
    try:
        os.fchmod(fd, mode)
        if owner is not None:
            with contextlib.suppress(OSError):
                os.fchown(fd, *owner)
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def write_atomic(path: Path | str, data: str | bytes, follow: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, flushed to disk,
    then renamed over ``path`` (and the folder flushed): a crash leaves the old file or the new
    one, never a mix, and no temporary file behind. Text is written as UTF-8 as given.

    ``follow``: through a symbolic link, update the file it names (a post, a chart); when
    False, a link at ``path`` is itself replaced (a backup must never write through a link).
    An existing file keeps its permissions.

    Raises:
        OSError: the folder is missing or not writable, the target is read-only or not a
            regular file, the disk is full, ...
    """
    path = Path(os.path.realpath(path)) if follow else Path(os.path.abspath(path))
    info = _check_writable(path) if follow or not path.is_symlink() else None
    blob = data.encode("utf-8") if isinstance(data, str) else data
    mode = stat.S_IMODE(info.st_mode) if info else _mode_for_new_file()
    tmp = _write_temp(path.parent, path.name, blob, mode)
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def write_all(files: list[tuple[Path | str, str | bytes]]) -> None:
    """Write several files all or none: every one first goes to a temporary file in its
    folder (flushed to disk), and only when all are written are they renamed over their
    targets, one after the other (each rename atomic, as in ``write_atomic``). A failure while
    writing the temporary files (a missing or read-only folder, a full disk, a target that is
    read-only or not a regular file) leaves every target as it was. Links are followed, as in
    ``write_atomic``; existing files keep their permissions.

    Raises:
        OSError: the first file that cannot be written (its ``filename`` the path as given:
            relative stays relative, a link is named, not the file it leads to).
    """
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files:
            path = Path(os.path.realpath(target))
            try:
                info = _check_writable(path)
                blob = data.encode("utf-8") if isinstance(data, str) else data
                mode = stat.S_IMODE(info.st_mode) if info else _mode_for_new_file()
                staged.append((_write_temp(path.parent, path.name, blob, mode), path))
            except OSError as exc:  # named as given, not by its real path
                exc.filename = str(target)
                raise
        for tmp, path in staged:
            os.replace(tmp, path)
        for folder in {path.parent for _, path in staged}:
            fsync_dir(folder)
    finally:
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                Path(tmp).unlink()


def same_file(a: Path | str, b: Path | str) -> bool:
    """Whether two paths name one file: the same path however written (relative, through
    ``..`` or a symbolic link) or the same file under two names (a hard link). A path that does
    not exist yet is the same as another only when both resolve to one place."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


# ---------------------------------------------------------------------- compare-and-swap
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


@contextlib.contextmanager
def _no_interrupt() -> Iterator[None]:
    with deferred_signals():
        yield


def _exchange(a: str, b: str) -> bool:
    """Atomically swap the names ``a`` and ``b`` (Linux ``renameat2``). False where the system
    or the file system cannot.

    Raises:
        OSError: any other failure.
    """
    import ctypes
    try:  # the C library already loaded in this process (no search for it on disk)
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError, TypeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    import errno
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(err, os.strerror(err), a)


def _read(path: str | Path) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def replace_checked(path: Path | str, data: bytes, expected: bytes, backup: bool = True) -> None:
    """Replace the file at ``path`` (through a symbolic link: the file it names) with ``data``,
    only if it still holds ``expected``; keep the old file as ``<path>.bak``.

    The new file is written beside it and flushed, then swapped in by one atomic exchange of
    names; the file swapped out is compared with ``expected`` and, if it differs, swapped back
    (nothing lost, ``Changed`` raised). Where the exchange is not available the check comes
    just before an ordinary rename. The scenario always exists, old or new (kill -9 at any
    point); the new file gets the old one's permissions and owner; the ``.bak`` is the old file
    itself (so it keeps them too), and a link named ``.bak`` is replaced, never followed.
    Interrupts (Ctrl-C, SIGTERM) wait until the swap is over.

    Raises:
        Changed: the file is not what was read (nothing is written).
        OSError: missing, read-only, not a regular file, the disk is full, ...
    """
    real = Path(os.path.realpath(path))
    info = _check_writable(real)
    if info is None:
        raise FileNotFoundError(2, "No such file or directory", str(path))
    if _read(real) != expected:
        raise Changed(str(path))
    bak = Path(os.path.abspath(path))
    bak = bak.with_name(bak.name + ".bak")
    tmp = _write_temp(real.parent, real.name, data, stat.S_IMODE(info.st_mode),
                      (info.st_uid, info.st_gid))
    with _no_interrupt():
        try:
            swapped = _exchange(tmp, str(real))
            if swapped:
                if _read(tmp) != expected:       # an editor saved just now: give it back
                    _exchange(tmp, str(real))
                    raise Changed(str(path))
                old = tmp                        # the old file, under the temporary name
            else:
                if _read(real) != expected:
                    raise Changed(str(path))
                old = None
                if backup:
                    write_atomic(bak, expected, follow=False)
                os.replace(tmp, real)
            if old is not None:
                if backup:
                    os.replace(old, bak)         # the name .bak itself, never a link's target
                else:
                    os.unlink(old)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        fsync_dir(real.parent)
        if backup and bak.parent != real.parent:
            fsync_dir(bak.parent)


# ---------------------------------------------------------------------- lock, signals
class Locked(Exception):
    """Another process holds the scenario's lock."""


def lock_path(path: Path | str) -> Path:
    """Where the lock of the scenario at ``path`` lives: ``<user cache>/narrator/locks/
    <name>-<16 hex digits>.lock``, the digits a SHA-256 of the scenario's real path (so two
    scenarios of one name in different folders have different locks, and a link and its target
    one). The user cache folder is ``platformdirs.user_cache_dir`` (``$XDG_CACHE_HOME`` or
    ``~/.cache`` on Linux). Nothing is created here."""
    import hashlib

    from platformdirs import user_cache_dir

    real = os.path.realpath(path)
    digest = hashlib.sha256(os.fsencode(real)).hexdigest()[:16]
    name = Path(real).name[:100]
    return Path(user_cache_dir("narrator", appauthor=False)) / "locks" / f"{name}-{digest}.lock"


@contextlib.contextmanager
def scenario_lock(path: Path | str, timeout: float = 10.0) -> Iterator[None]:
    """Hold the lock of the scenario at ``path`` (``lock_path``: in the user's cache folder,
    never beside the scenario) for the block: a second ``narrator next`` on the same file waits
    up to ``timeout`` seconds, then gives up. The kernel releases the lock if the process dies.

    Raises:
        Locked: still held by another process after ``timeout`` seconds.
        OSError: the lock file cannot be created (an unwritable cache folder).
    """
    from filelock import FileLock, Timeout

    where = lock_path(path)
    where.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(where), timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise Locked(str(path)) from None
    try:
        yield
    finally:
        lock.release()


@contextlib.contextmanager
def deferred_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM until the block is over, then act on them (the default action:
    Ctrl-C raises KeyboardInterrupt). Outside the main thread, a no-op."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    old = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            old[sig] = signal.signal(sig, lambda s, f: caught.append(s))
        except (ValueError, OSError):  # pragma: no cover - not the main interpreter
            pass
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        for sig in caught[:1]:
            os.kill(os.getpid(), sig)


def remove_stale_temps(path: Path | str) -> None:
    """Remove temporary files a killed ``replace_checked`` of this file left (call it holding
    the scenario's lock: then no other run is writing them)."""
    real = Path(os.path.realpath(path))
    for tmp in real.parent.glob(f".{glob_escape(real.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


def glob_escape(name: str) -> str:
    """``name`` with glob's special characters taken literally."""
    import glob
    return glob.escape(name)
