"""Workers die with their parent (issue 16, kind 6): Ctrl-C and SIGTERM during ``odds`` and
``batch`` give one line and exit 130 or 143, with no worker left; ``kill -9`` of ``batch``
leaves no worker writing files; an interrupted batch leaves none of its files."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")

SCENARIO = str(EXAMPLES / "shotgun-gang.yaml")


_STARTED: list[subprocess.Popen] = []


def _as_at_a_terminal() -> None:
    """In the child, before narrator starts: Ctrl-C's default action, as a program started at
    a terminal has it. A suite started in the background by a non-interactive shell (``cmd &``
    in a script, as CI runners may do) inherits SIGINT ignored, and Python then installs no
    KeyboardInterrupt handler, so the Ctrl-C tests would wait out their patience and fail."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "narrator", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, start_new_session=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            preexec_fn=_as_at_a_terminal)
    _STARTED.append(proc)
    return proc


@pytest.fixture(autouse=True)
def _no_orphans():
    """Whatever a test asserts, kill what it started: a failing test must not leave a
    5,000,000-trial ``odds`` and its workers running (its own session, so the whole group)."""
    yield
    while _STARTED:
        proc = _STARTED.pop()
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.communicate(timeout=10)
        except (subprocess.TimeoutExpired, ValueError):
            pass


def children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out |= {int(x) for x in (task / "children").read_text().split()}
        except OSError:
            pass
    return out


# Liveness limits, not speed checks: generous, so a machine at load 15 does not fail them.
PATIENCE = 180.0


def wait_for_workers(proc: subprocess.Popen, n: int = 2) -> set[int]:
    for _ in range(int(PATIENCE / 0.05)):
        kids = children(proc.pid)
        if len(kids) >= n:
            time.sleep(0.3)       # the workers are computing
            return kids
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read())
        time.sleep(0.05)
    raise AssertionError("no workers started")


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def all_gone(pids: set[int], seconds: float = 60.0) -> bool:
    for _ in range(int(seconds / 0.05)):
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("sig, code, word", [(signal.SIGINT, 130, "interrupted"),
                                             (signal.SIGTERM, 143, "terminated")])
def test_odds_stops_its_workers_and_says_one_line(sig, code, word):
    proc = start("odds", SCENARIO, "--trials", "5000000", "--workers", "2")
    kids = wait_for_workers(proc)
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)          # Ctrl-C at a terminal: the whole process group
    else:
        os.kill(proc.pid, sig)            # `kill PID`: the main process only
    _, err = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == code, err
    lines = [x for x in err.splitlines() if x.strip() and "fighting" not in x]
    assert lines == [word], err
    assert all_gone(kids)


def test_an_interrupted_batch_leaves_none_of_its_files(tmp_path):
    out = tmp_path / "out"
    proc = start("batch", SCENARIO, "--runs", "3000", "--out", str(out), "--workers", "2")
    kids = wait_for_workers(proc)
    for _ in range(600):                  # some write-ups are written (staged) already
        if any(p.is_file() for p in out.rglob("*.md")):
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 130, err
    assert all_gone(kids)
    assert not out.exists()  # the folder batch made is removed too, being empty


def test_kill_9_of_batch_stops_its_workers(tmp_path):
    out = tmp_path / "out"
    proc = start("batch", SCENARIO, "--runs", "3000", "--out", str(out), "--workers", "2")
    kids = wait_for_workers(proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=PATIENCE)
    assert all_gone(kids, 30.0)
    visible = [p for p in out.iterdir() if not p.name.startswith(".")]
    assert visible == []
    # the next batch removes the dead one's staging folder
    again = subprocess.run([sys.executable, "-m", "narrator", "batch", SCENARIO, "--runs", "2",
                            "--out", str(out), "--workers", "1"], capture_output=True,
                           text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in out.iterdir()) == ["shotgun-gang-1877.md",
                                                     "shotgun-gang-1878.md"]
