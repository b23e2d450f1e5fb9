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
import shutil
import tempfile
from pathlib import Path

import pytest

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
def read_only(request, tmp_path: Path, monkeypatch):
    """A function making a folder refuse new files: by chmod 0o500 (the test skipped where
    that does not stop writes), or by ``tempfile.mkstemp`` refusing it. The current folder is
    ``tmp_path``, so a command can be given relative names as a user types them."""
    monkeypatch.chdir(tmp_path)
    made: list[Path] = []
    refused: list[Path] = []
    real = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        where = kwargs.get("dir") or (args[2] if len(args) > 2 else None)
        if where is not None and Path(where).resolve() in refused:
            raise PermissionError(errno.EACCES, "Permission denied", str(Path(where) / ".x.tmp"))
        return real(*args, **kwargs)

    if request.param == "simulated":
        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)

    def make(folder: Path) -> Path:
        if request.param == "chmod":
            os.chmod(folder, 0o500)
            made.append(folder)
            if not _chmod_stops_writes(folder):
                pytest.skip("chmod 0o500 does not stop this user writing (root)")
        else:
            refused.append(folder.resolve())
        return folder

    yield make
    for folder in made:
        os.chmod(folder, 0o700)


def _duel(folder: Path) -> Path:
    """A play-by-post scenario (the Luke Short duel) in ``folder``, made if missing."""
    folder.mkdir(exist_ok=True)
    path = folder / "duel.yaml"
    shutil.copy(EXAMPLES / "luke-short.yaml", path)
    return path


def test_batch_into_an_unwritable_folder_refuses_before_the_progress_bar(run_cli, read_only,
                                                                         tmp_path: Path) -> None:
    """`batch --out ro` drew its progress bar ("fighting and writing 0/2") before the
    refusal; now the refusal is the only line, naming the folder as typed, before any fight."""
    (tmp_path / "ro").mkdir()
    read_only(tmp_path / "ro")
    r = run_cli(EXAMPLES / "luke-short.yaml", "batch", "--runs", "2", "--workers", "1", "--out",
                "ro")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr == f"ro: {REFUSED}\n"
    assert os.listdir(tmp_path / "ro") == []


def test_next_in_an_unwritable_folder_posts_nothing(run_cli, read_only, tmp_path: Path) -> None:
    """`next ro/duel.yaml` printed turn 1's post, then found it could not write the record
    ("the post printed above does not count"); now it refuses first and prints nothing."""
    path = _duel(tmp_path / "ro")
    before = path.read_bytes()
    read_only(path.parent)
    r = run_cli(Path("ro/duel.yaml"), "next")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr == f"ro/duel.yaml:1:1: {REFUSED}; turn 1 was not recorded, and nothing " \
                       f"was posted\n"
    assert path.read_bytes() == before
    assert os.listdir(path.parent) == ["duel.yaml"]


def test_next_through_a_link_in_an_unwritable_folder_records_nothing(run_cli, read_only,
                                                                     tmp_path: Path) -> None:
    """A link ro/duel.yaml to a scenario in a writable folder: the record went in (the real
    file's folder takes it), then its .bak, beside the link, was refused; next said the turn
    was not recorded, though the scenario held it, and took the post back. Now the link's
    folder is checked first: nothing posted, nothing recorded."""
    real = _duel(tmp_path / "real")
    before = real.read_bytes()
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "duel.yaml").symlink_to(real)
    read_only(tmp_path / "ro")
    r = run_cli(Path("ro/duel.yaml"), "next", "--out", "post.md")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr == f"ro/duel.yaml:1:1: {REFUSED}; turn 1 was not recorded, and nothing " \
                       f"was posted\n"
    assert real.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["real", "ro"]
    assert os.listdir(tmp_path / "ro") == ["duel.yaml"]
    assert os.listdir(tmp_path / "real") == ["duel.yaml"]


def test_next_with_its_post_into_an_unwritable_folder(run_cli, read_only, tmp_path: Path) -> None:
    """`next duel.yaml --out ro/post.md`: refused before anything is written, the post named
    as typed (it was named by its absolute path, /tmp/.../ro/post.md)."""
    path = _duel(tmp_path)
    before = path.read_bytes()
    (tmp_path / "ro").mkdir()
    read_only(tmp_path / "ro")
    r = run_cli(Path("duel.yaml"), "next", "--out", "ro/post.md")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr == f"ro/post.md: {REFUSED}\n"
    assert path.read_bytes() == before
    assert os.listdir(tmp_path / "ro") == []


def test_a_failed_record_puts_back_the_post_force_replaced(run_cli, tmp_path: Path,
                                                           monkeypatch) -> None:
    """`next --out post.md --force` whose record then fails took the new post back by
    deleting post.md: the post it had replaced was lost. Now it is put back as it was."""
    from narrator import files

    path = _duel(tmp_path)
    before = path.read_bytes()
    post = tmp_path / "post.md"
    post.write_text("the post of last week\n")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "replace_checked", full)
    r = run_cli(path, "next", "--out", str(post), "--force")
    assert r.exit_code == 2, r.output
    assert r.stderr == f"{path}:1:1: cannot write: No space left on device; turn 1 was not " \
                       f"recorded\n"
    assert post.read_text() == "the post of last week\n"
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["duel.yaml", "post.md"]


@pytest.mark.parametrize("command", ["run", "render"])
@pytest.mark.parametrize("extra", [[], ["--per-turn"], ["--map"]])
def test_run_and_render_name_an_unwritable_output_as_typed(run_cli, read_only, tmp_path: Path,
                                                           command: str,
                                                           extra: list[str]) -> None:
    """`run duel.yaml --out ro/x.md` said "/tmp/.../ro/x.md: cannot write": the real path,
    not the one typed (posts, per-turn posts and maps alike); now the name as typed."""
    _duel(tmp_path)
    source = Path("duel.yaml")
    if command == "render":
        assert run_cli(source, "run", "--format", "json", "--out", "duel.json").exit_code == 0
        source = Path("duel.json")
    (tmp_path / "ro").mkdir()
    read_only(tmp_path / "ro")
    out = "ro" if extra == ["--per-turn"] else "ro/x.md"
    r = run_cli(source, command, "--out", out, *extra)
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    first = "ro/duel-turn01.md" if extra == ["--per-turn"] else out  # the first post
    assert r.stderr == f"{first}: {REFUSED}\n"
    assert os.listdir(tmp_path / "ro") == []
