"""What the eighth fresh user tripped on at the command line: outputs that could not be
written were found only after the work was done and shown (batch's progress bar; the post
``next`` printed before its scenario's folder refused the record).

Each refusal is tested twice: with a folder made read-only by chmod (skipped where that does
not stop a write: root with the power to override permissions, detected by trying), and
with the refusal simulated where a file is made in that folder (``tempfile.mkstemp``, as
``files.write_atomic`` and the write checks make every file), which runs everywhere.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app

RUNNER = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "scenarios" / "examples"
REFUSED = "cannot write: Permission denied (the folder cannot be written)"


def _chmod_stops_writes(folder: Path) -> bool:
    """Whether a file can no longer be made in ``folder`` (chmod 0o500 done): root with
    CAP_DAC_OVERRIDE makes it all the same."""
    probe = folder / ".probe"
    try:
        probe.touch()
    except PermissionError:
        return True
    probe.unlink()
    return False


@pytest.fixture(params=["chmod", "simulated"])
def read_only(request, tmp_path: Path, monkeypatch) -> Path:
    """``tmp_path/ro``, a folder that refuses new files, the current folder being
    ``tmp_path`` (so a command can be given the relative name ``ro``): made read-only by chmod
    (the test skipped where that does not stop writes), or ``tempfile.mkstemp`` refusing it."""
    folder = tmp_path / "ro"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    if request.param == "chmod":
        os.chmod(folder, 0o500)
        if not _chmod_stops_writes(folder):
            os.chmod(folder, 0o700)
            pytest.skip("chmod 0o500 does not stop this user writing (root)")
    else:
        real = tempfile.mkstemp

        def mkstemp(*args, **kwargs):
            where = kwargs.get("dir") or (args[2] if len(args) > 2 else None)
            if where is not None and Path(where).resolve() == folder.resolve():
                raise PermissionError(errno.EACCES, "Permission denied",
                                      str(folder / ".x.tmp"))
            return real(*args, **kwargs)

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    yield folder
    os.chmod(folder, 0o700)


def test_batch_into_an_unwritable_folder_refuses_before_the_progress_bar(
        read_only: Path) -> None:
    """`batch --out ro` drew its progress bar ("fighting and writing 0/2") before the
    refusal; now the refusal is the only line, naming the folder as typed, before any fight."""
    r = RUNNER.invoke(app, ["batch", str(EXAMPLES / "luke-short.yaml"), "--runs", "2",
                            "--workers", "1", "--out", "ro"])
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr == f"ro: {REFUSED}\n"
    assert os.listdir(read_only) == []
