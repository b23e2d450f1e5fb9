"""What the third fresh user (no code seen) tripped on: `narrator check` refuses what `narrator
run` refuses and warns of a character left idle after his last intent while the fight goes on;
`next` on a read-only scenario prints no post it then declares void."""

from __future__ import annotations

from pathlib import Path

from conftest import replace_once


def _new(run_cli, tmp_path: Path) -> Path:
    path = tmp_path / "fight.yaml"
    r = run_cli(None, "new", "--out", str(path))
    assert r.exit_code == 0, r.output
    return path


def test_check_refuses_a_scripted_die_the_fight_cannot_roll(run_cli, tmp_path: Path) -> None:
    """A severity die is a d6 (Table 12): 7 passes the loader's 1-20 test and used to pass
    `check`, while `run` refused it at its line and column."""
    path = replace_once(_new(run_cli, tmp_path), "dice: {}", "dice: {Kane: {severity: [7]}}")
    line = next(i for i, x in enumerate(path.read_text().splitlines(), 1)
                if x.startswith("dice:"))
    checked = run_cli(path, "check")
    ran = run_cli(path, "run")
    assert checked.exit_code == ran.exit_code == 2
    message = f"{path}:{line}:26: scripted severity die 7 for Marshal Will Kane cannot come up " \
              f"on a d6"
    assert checked.stderr.strip() == message
    assert message in ran.stderr
    assert "ok:" not in checked.stdout


def test_check_summary_agrees_in_number(run_cli, tmp_path: Path) -> None:
    r = run_cli(_new(run_cli, tmp_path), "check")
    assert r.exit_code == 0
    assert r.stdout.strip().endswith(
        "ok: 'Showdown on Main Street', 2 sides, 2 characters, at most 6 turns (1 declared)")


def test_warns_of_a_man_idle_after_his_last_intent(run_cli, tmp_path: Path) -> None:
    path = replace_once(_new(run_cli, tmp_path), "      tactics: lawman", "")
    name_line = next(i for i, x in enumerate(path.read_text().splitlines(), 1)
                     if "name: Marshal Will Kane" in x)
    for command in ("check", "run"):
        r = run_cli(path, command)
        assert r.exit_code == 0
        assert f"{path}:{name_line}:7: warning: Marshal Will Kane's last intent is in turn 1 " \
               f"and he has no tactics: profile, so from turn 2 to the end (max_turns: 6) " \
               f"nothing makes him act: he holds still" in r.stderr, command
    # with his profile back, or with no turns past the declared one, no warning
    (tmp_path / "q").mkdir()
    quiet = _new(run_cli, tmp_path / "q")
    assert "warning" not in run_cli(quiet, "check").stderr
    replace_once(path, "max_turns: 6", "max_turns: 1")
    assert "warning" not in run_cli(path, "check").stderr


def test_next_on_a_read_only_scenario_prints_nothing(run_cli, tmp_path: Path) -> None:
    import os
    import shutil

    path = tmp_path / "duel.yaml"
    shutil.copy(Path(__file__).resolve().parent.parent / "scenarios" / "examples" /
                "luke-short.yaml", path)
    before = path.read_bytes()
    os.chmod(path, 0o444)
    r = run_cli(path, "next")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.strip() == f"{path}:1:1: cannot write: the file is read-only; turn 1 was " \
                               f"not recorded, and nothing was posted"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.yaml"]


def test_an_unwritable_folder_is_named_by_the_file_asked_for(run_cli, tmp_path: Path,
                                                             monkeypatch) -> None:
    """A read-only folder (root ignores chmod, so the refusal is simulated where the file is
    made): the error names out.md, never the temporary '.out.md.XXXX.tmp'."""
    import errno
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied",
                              str(tmp_path / ".out.md.k2j4.tmp"))

    scenario = _new(run_cli, tmp_path)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    r = run_cli(scenario, "run", "--out", str(tmp_path / "out.md"))
    assert r.exit_code == 2
    assert r.stderr.strip() == f"{tmp_path / 'out.md'}: cannot write: Permission denied " \
                               f"(the folder cannot be written)"


def test_teaching_tells_the_call_to_surrender_before_the_shots(run_cli, tmp_path: Path) -> None:
    """A lawman's call is shouted before the shooting (000 l.587, Montana Jim's call comes
    before the first shot); teaching mode printed it after the turn's shots."""
    path = tmp_path / "law.yaml"
    r = run_cli(None, "generate", "--sides", "law:2", "outlaws:2", "--seed", "3", "--out",
                str(path))
    assert r.exit_code == 0, r.output
    post = run_cli(path, "run").stdout
    turn1 = post.split("## Turn 1", 1)[1].split("## Turn 2", 1)[0]
    call = turn1.index("**Elmer**: calls on the outlaws to throw down their guns and surrender.")
    assert call < turn1.index("fires a careful shot")
    assert turn1.count("calls on the outlaws") == 2  # his declaration, then the call itself


def test_cite_says_when_it_changes_nothing(run_cli, tmp_path: Path) -> None:
    """--cite with nothing to cite (no ruling, house rule or cited count schedule) gave the
    same write-up without a word; it now says so (the write-up is still written, exit 0).
    (One on one, seed 2: no failed Tactics check, whose "may try again" cites 001 l.37.)"""
    path = tmp_path / "law.yaml"
    assert run_cli(None, "generate", "--sides", "law:1", "outlaws:1", "--seed", "2", "--out",
                   str(path)).exit_code == 0
    plain = run_cli(path, "run")
    cited = run_cli(path, "run", "--cite")
    assert cited.exit_code == 0 and cited.stdout == plain.stdout
    assert cited.stderr.strip() == "note: --cite changes nothing here: this fight has no GM " \
                                   "ruling, house rule or rule the write-up cites by its " \
                                   "source line"
    example = Path(__file__).resolve().parent.parent / "scenarios" / "examples" / \
        "abilene-saloon.yaml"
    r = run_cli(example, "run", "--cite")
    assert r.exit_code == 0 and "(l.768)" in r.stdout and r.stderr == ""


def test_every_rulesets_new_scenario_checks_without_a_warning(run_cli, tmp_path: Path) -> None:
    """The starting scenario of each ruleset runs as it is and draws no warning from check
    (Gaslight's inspector had an intent in round 1 and no tactics: profile for the rest)."""
    for ruleset in ("boothill", "violence", "weird-west", "gaslight"):
        path = tmp_path / f"{ruleset}.yaml"
        assert run_cli(None, "new", "--ruleset", ruleset, "--out", str(path)).exit_code == 0
        r = run_cli(path, "check")
        assert r.exit_code == 0 and r.stderr == "", (ruleset, r.stderr)
