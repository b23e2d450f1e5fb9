"""The play-by-post write: nothing lost, nothing reformatted (issue 16, kind 4).

* every layout the loader accepts, in every line ending, through several ``next`` runs: the
  old bytes are all still there, in order, and only record lines are added;
* layouts that cannot be spliced are refused with a located line, the file untouched;
* two real processes on one file (one slowed inside its write): both turns recorded, none lost;
  an editor saving during ``next``: its edit kept, the turn not recorded;
* ``kill -9`` at points inside ``next``: the scenario is the old file or the new one, and the
  next run cleans up;
* the post goes out before the record; a post that cannot go out records nothing;
  ``--repost N`` prints a recorded turn's post again;
* ``.bak`` never follows a link and keeps the scenario's permissions; read-only is refused.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from narrator.errors import ScenarioError
from narrator.playbypost import resolve_next
from narrator.scenario import load_scenario
from narrator.scenario.saver import LINE_BREAK, split_lines

from conftest import EXAMPLES, ROOT

DUEL = """\
title: Duel at the Lazy K   # a comment
seed: 7
sides:
  posse:
    - name: Jake Harlan
      short: Jake
      attributes: {str: 14, coo: 16, obs: 12, sta: 9, luck: 8}
      skills: {pistol: 5}
      weapons: [{type: single_action_revolver}]   # {type: x} stays as written
      at: [0, 0]
  rustlers:
    - name: Dutch
      attributes: {str: 12, coo: 13, obs: 11, sta: 6, luck: 7}
      weapons: [{type: lever_action_rifle}]
      at: [30, 5]
max_turns: 4
"""

ONE_TURN_AT_END = DUEL + """\
turns:
  - intents:
      Jake: {move: {gait: walking, to: [2, 0]}}
"""

FOUR_SPACES = DUEL + """\
turns:
    -   intents:
            Jake: {move: {gait: walking, to: [2, 0]}}

    -   kind: combat
        intents:
            Dutch: {move: {gait: walking, to: [28, 5]}}   # comment after a turn
# a comment closing the turns
"""

MARKERS = "%YAML 1.2\n---\n" + ONE_TURN_AT_END + "...\n"

FLOW_COMMENTS = DUEL + """\
turns:
  - intents: {Jake: {move: {gait: walking, to: [2, 0]}},  # he means it
              Dutch: {move: {gait: walking}}}
  - intents:
      Jake: {
        move: {gait: walking},   # again
      }
"""

TABS = DUEL.replace("seed: 7\n", "seed: 7\t# tab before the comment\n") + """\
description: "a line\u2028separator and a next-line\x85character, quoted"
turns:
  - intents: {}
"""

NO_FINAL_NEWLINE = ONE_TURN_AT_END.rstrip("\n")

BOM = "\ufeff" + ONE_TURN_AT_END

LAYOUTS = {"no-turns": DUEL, "one-turn-at-end": ONE_TURN_AT_END, "four-spaces": FOUR_SPACES,
           "markers": MARKERS, "flow-maps-with-comments": FLOW_COMMENTS, "tabs-and-breaks": TABS,
           "no-final-newline": NO_FINAL_NEWLINE, "bom": BOM}
ENDINGS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


def with_ending(text: str, nl: str) -> str:
    return re.sub(r"\n", nl, text)


def endings(text: str) -> set[str]:
    return {m.group(0) for m in re.finditer(r"\r\n|\r|\n", text)}


def added_lines(before: str, after: str) -> list[str]:
    """The lines of ``after`` that are not ``before``'s lines (which must all be there, in
    order, byte for byte; the last may have gained a line ending)."""
    old, new = split_lines(before), split_lines(after)
    added, j = [], 0
    for i, line in enumerate(new):
        if j < len(old) and (line == old[j] or (j == len(old) - 1
                                                and LINE_BREAK.search(old[j]) is None
                                                and line.startswith(old[j]))):
            j += 1
        else:
            added.append(line)
    assert j == len(old), f"old line {j + 1} is gone or changed: {old[j]!r}"
    return added


RECORD_LINE = re.compile(r"^\s*(- +intents: \{\}|turns:|resolved:|hash: [0-9a-f]{12}|rolls:|"
                         r"from_script:|adjusted:|state:|turn: \d+|characters:|"
                         r"[^:]+: [\[{].*|\S.*:|condition: \w+|[a-z_]+: -?\d+|held_by: .+|"
                         r"mounted: (true|false)|prone: (true|false)|cover: .+)$")


@pytest.mark.parametrize("nl", ENDINGS.values(), ids=ENDINGS.keys())
@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_layouts_and_line_endings_through_several_turns(run_cli, tmp_path, layout, nl):
    path = tmp_path / "duel.yaml"
    original = with_ending(layout, nl)
    path.write_bytes(original.encode("utf-8"))
    texts = [original]
    for turn in (1, 2, 3):
        out = run_cli(path, "next")
        assert out.exit_code == 0, out.stderr
        assert f"turn {turn} resolved" in out.stderr
        texts.append(path.read_bytes().decode("utf-8"))
        assert (tmp_path / "duel.yaml.bak").read_bytes().decode("utf-8") == texts[-2]
    final = texts[-1]
    assert endings(final) == endings(original) or not endings(original)
    assert endings(final) <= {nl}
    for line in added_lines(original, final):
        assert line.endswith(nl), repr(line)
        assert RECORD_LINE.match(line.rstrip("\r\n")), repr(line)
    # between two runs, only the record lines and state: changed
    for a, b in zip(texts[1:], texts[2:]):
        gone = [x for x in split_lines(a) if x not in split_lines(b)]
        assert all(RECORD_LINE.match(x.rstrip("\r\n")) for x in gone), gone
    sc = load_scenario(path).scenario
    assert [t.resolved is not None for t in sc.turns][:3] == [True, True, True]
    assert sc.state["turn"] == 3
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_bundled_examples_keep_every_byte(tmp_path):
    for example in sorted(EXAMPLES.glob("*.yaml")):
        path = tmp_path / example.name
        shutil.copy(example, path)
        before = path.read_text()
        for _ in range(min(2, len(load_scenario(path).scenario.turns))):
            resolve_next(path)
        for line in added_lines(before, path.read_text()):
            assert RECORD_LINE.match(line.rstrip("\n")), (example.name, line)


@pytest.mark.parametrize("text, line, col, words", [
    (DUEL + "turns: [{intents: {Jake: {move: {gait: walking, to: [2, 0]}}}}]\n", 17, 8, "block list"),
    (DUEL + "turns:\n  - {intents: {Jake: {move: {gait: walking, to: [2, 0]}}}}\n", 18, 5, "block style"),
    (DUEL + "turns: []\n", 17, 8, "block list"),
], ids=["flow-list", "flow-turn", "empty-flow-list"])
def test_layouts_that_cannot_be_spliced_are_refused_where_they_are(run_cli, tmp_path, text, line,
                                                                   col, words):
    path = tmp_path / "duel.yaml"
    out = run_cli(text, "next", name="duel.yaml")
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:{line}:{col}: ") and words in out.stderr, out.stderr
    assert out.stderr.count("\n") == 1 and out.stdout == ""
    assert path.read_text() == text
    assert not (tmp_path / "duel.yaml.bak").exists()


def test_whatever_check_accepts_next_accepts(run_cli, tmp_path):
    """One YAML reading (kind 3): a tab before a comment, a tab after a colon."""
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL.replace("seed: 7\n", "seed: 7\t# c\n").replace(
        "title: Duel", "title:\tDuel"))
    assert run_cli(path, "check").exit_code == 0
    out = run_cli(path, "next")
    assert out.exit_code == 0, out.stderr


# ---------------------------------------------------------------------- two processes

def narrator_with(patch: str, *args: str, env: dict | None = None) -> subprocess.Popen:
    """``narrator ARGS`` in a new process, after running the Python ``patch`` in it."""
    code = ("import os, sys, time, signal\n" + patch +
            "\nfrom narrator.cli import main\nsys.argv = ['narrator', *sys.argv[1:]]\nmain()\n")
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=full, cwd=ROOT)


SLOW_FSYNC = """
import narrator.files as F
_fsync = os.fsync
def slow(fd):
    # inside the write, holding the lock: say so, and wait for the test's go-ahead
    open(os.environ["READY"], "w").close()
    for _ in range(400):
        if os.path.exists(os.environ["GO"]):
            break
        time.sleep(0.05)
    return _fsync(fd)
F.os.fsync = slow
"""


def wait_for(path: Path) -> None:
    for _ in range(600):
        if path.exists():
            return
        time.sleep(0.05)
    raise AssertionError(f"{path} never appeared")


def test_two_next_at_once_record_both_turns(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    sync = {"READY": str(tmp_path / "ready"), "GO": str(tmp_path / "go")}
    first = narrator_with(SLOW_FSYNC, "next", str(path), env=sync)
    wait_for(tmp_path / "ready")         # the first holds the lock, inside its write
    second = narrator_with("", "next", str(path))
    time.sleep(1.0)
    (tmp_path / "go").touch()
    out1, err1 = first.communicate(timeout=60)
    out2, err2 = second.communicate(timeout=60)
    assert first.returncode == 0 and second.returncode == 0, (err1, err2)
    assert {err1.split(": ", 1)[1].strip(), err2.split(": ", 1)[1].strip()} == {
        "turn 1 resolved and recorded", "turn 2 resolved and recorded"}
    sc = load_scenario(path).scenario
    assert sc.turns[0].resolved and sc.turns[1].resolved and sc.state["turn"] == 2
    assert "Turn 1" in out1 and "Turn 2" in out2


@pytest.mark.parametrize("how", ["in-place", "rename"])
def test_an_editor_saving_during_next_keeps_its_edit(tmp_path, how):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    proc = narrator_with(SLOW_FSYNC, "next", str(path),
                         env={"READY": str(tmp_path / "ready"), "GO": str(tmp_path / "go")})
    wait_for(tmp_path / "ready")         # read, resolved, posted; inside its write now
    edited = ONE_TURN_AT_END.replace("max_turns: 4", "max_turns: 5  # the GM's edit")
    if how == "in-place":
        path.write_text(edited)
    else:
        (tmp_path / "editor.swp").write_text(edited)
        os.replace(tmp_path / "editor.swp", path)
    (tmp_path / "go").touch()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "changed on disk" in err and "turn 1 was not recorded" in err
    assert err.count("\n") == 1
    assert path.read_text() == edited


# ---------------------------------------------------------------------- kill -9 inside next

KILL_AT = """
import narrator.files as F
point = os.environ["KILL_AT"]
def die():
    os.kill(os.getpid(), signal.SIGKILL)
if point == "temp-written":
    _w = F._write_temp
    def w(*a, **k):
        tmp = _w(*a, **k)
        die()
    F._write_temp = w
elif point == "swapped":
    _x = F._exchange
    def x(a, b):
        ok = _x(a, b)
        die()
    F._exchange = x
elif point == "backup-renamed":
    _r = F.os.replace
    def r(a, b):
        _r(a, b)
        if str(b).endswith(".bak"):
            die()
    F.os.replace = r
elif point == "after-post":
    import narrator.cli as C
    _c = C.flush_stdout
    def c():
        _c()
        die()
    C.flush_stdout = c
"""


@pytest.mark.parametrize("point", ["after-post", "temp-written", "swapped", "backup-renamed"])
def test_kill_9_inside_next_leaves_the_old_or_the_new_file(run_cli, tmp_path, point):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    twin = tmp_path / "twin" / "duel.yaml"
    twin.parent.mkdir()
    twin.write_text(ONE_TURN_AT_END)
    resolve_next(twin)
    old, new = ONE_TURN_AT_END.encode(), twin.read_bytes()
    proc = narrator_with(KILL_AT, "next", str(path), env={"KILL_AT": point})
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    now = path.read_bytes()
    assert now in (old, new)
    assert now == (old if point in ("after-post", "temp-written") else new)
    again = run_cli(path, "next")
    assert again.exit_code == 0, again.stderr
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert load_scenario(path).scenario.state["turn"] == (1 if now == old else 2)


# ---------------------------------------------------------------------- post before record

def test_a_post_that_cannot_go_out_records_nothing(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "narrator", "next", str(path)], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 2
    assert "turn 1 was not recorded" in proc.stderr
    assert path.read_text() == ONE_TURN_AT_END
    assert not (tmp_path / "duel.yaml.bak").exists()


def test_an_existing_out_with_discord_records_nothing(run_cli, tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    target = tmp_path / "posts"
    target.mkdir()
    out = run_cli(path, "next", "--discord", "--out", str(target))
    assert out.exit_code == 0, out.stderr
    again = run_cli(path, "next", "--redo", "1", "--discord", "--out", str(target))
    assert again.exit_code == 2 and "exists; use --force" in again.stderr
    assert load_scenario(path).scenario.state["turn"] == 1


def test_a_record_that_cannot_be_written_takes_its_post_file_back(run_cli, tmp_path, monkeypatch):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    from narrator import files

    def full(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files, "replace_checked", full)
    post = tmp_path / "turn1.md"
    out = run_cli(path, "next", "--out", str(post))
    assert out.exit_code == 2
    assert out.stderr.count("\n") == 1
    assert "No space left on device" in out.stderr and "turn 1 was not recorded" in out.stderr
    assert not post.exists()
    assert path.read_text() == ONE_TURN_AT_END


def test_repost_prints_a_recorded_turn_again(run_cli, tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    posts = [run_cli(path, "next", "--mode", "story").stdout for _ in (1, 2)]
    before = path.read_bytes()
    for n in (1, 2):
        again = run_cli(path, "next", "--repost", str(n), "--mode", "story")
        assert again.exit_code == 0, again.stderr
        assert again.stdout == posts[n - 1]
    assert path.read_bytes() == before
    bad = run_cli(path, "next", "--repost", "3")
    assert bad.exit_code == 2 and "--repost 3: turns 1-2 are resolved" in bad.stderr


# ---------------------------------------------------------------------- .bak, permissions

def test_bak_is_not_written_through_a_link_and_keeps_the_permissions(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    os.chmod(path, 0o600)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / "duel.yaml.bak").symlink_to(victim)
    resolve_next(path)
    assert victim.read_text() == "keep me\n"
    bak = tmp_path / "duel.yaml.bak"
    assert not bak.is_symlink() and bak.read_text() == ONE_TURN_AT_END
    assert stat.S_IMODE(bak.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_read_only_scenario_is_refused_even_for_root(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(ONE_TURN_AT_END)
    os.chmod(path, 0o444)
    with pytest.raises(ScenarioError, match="read-only"):
        resolve_next(path)
    assert path.read_text() == ONE_TURN_AT_END


def test_through_a_symlinked_scenario_the_file_it_names_is_updated(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text(ONE_TURN_AT_END)
    link = tmp_path / "duel.yaml"
    link.symlink_to(real)
    resolve_next(link)
    assert link.is_symlink()
    assert load_scenario(real).scenario.state["turn"] == 1


def test_next_leaves_no_lock_file_beside_the_scenario(run_cli, tmp_path):
    from narrator.files import Locked, lock_path, scenario_lock
    path = tmp_path / "duel.yaml"
    r = run_cli(ONE_TURN_AT_END, "next", name="duel.yaml")
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.yaml", "duel.yaml.bak"]
    where = lock_path(path)
    assert where.parent == Path(os.environ["XDG_CACHE_HOME"]) / "narrator" / "locks"
    assert where.name.startswith("duel.yaml-") and where.exists()
    # one lock for the file and a link to it; another folder's duel.yaml has its own
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    assert lock_path(link) == where
    (tmp_path / "other").mkdir()
    assert lock_path(tmp_path / "other" / "duel.yaml") != where
    with scenario_lock(path):
        with pytest.raises(Locked):
            with scenario_lock(link, timeout=0.05):
                pass
