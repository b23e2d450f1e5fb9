"""What the seventh fresh user tripped on: odds fought every trial and printed its table
before finding the chart's folder unwritable; batch named its hidden staging folder in the
same refusal; story and teaching prose that dropped an article or a verb's plural."""

from __future__ import annotations

import errno
import os
import re
import tempfile
from pathlib import Path

import pytest

from conftest import EXAMPLES, replace_once


def _new(run_cli, tmp_path: Path) -> Path:
    path = tmp_path / "fight.yaml"
    r = run_cli(None, "new", "--out", str(path))
    assert r.exit_code == 0, r.output
    return path


@pytest.fixture()
def read_only(tmp_path: Path, monkeypatch) -> Path:
    """A folder made read-only (chmod 0o500); root ignores that, so the refusal is also
    simulated where a file is made in it (``tempfile.mkstemp``), other folders untouched."""
    folder = tmp_path / "ro"
    folder.mkdir()
    real = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        if Path(kwargs.get("dir") or args[2]).resolve() == folder.resolve():
            raise PermissionError(errno.EACCES, "Permission denied",
                                  str(folder / ".c.svg.k2j4.tmp"))
        return real(*args, **kwargs)

    os.chmod(folder, 0o500)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    yield folder
    os.chmod(folder, 0o700)


@pytest.mark.parametrize("vary", [[], ["--vary", "Luke Short.skills.pistol=3,4"]])
def test_odds_refuses_an_unwritable_chart_before_fighting(run_cli, read_only: Path, monkeypatch,
                                                          vary: list[str]) -> None:
    """`odds --chart ro/c.svg` fought every trial, printed the whole table, then failed
    "cannot write"; now it fails first, with nothing printed and no trial fought."""
    from narrator import batch, sweep

    def never(*args, **kwargs):
        raise AssertionError("a trial was fought")

    monkeypatch.setattr(batch, "run_odds", never)
    monkeypatch.setattr(sweep, "run_sweep", never)
    chart = read_only / "c.svg"
    r = run_cli(EXAMPLES / "luke-short.yaml", "odds", "--trials", "20", "--workers", "1", "--chart",
                str(chart), *vary)
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr.strip() == f"{chart}: cannot write: Permission denied " \
                               f"(the folder cannot be written)"
    assert sorted(os.listdir(read_only)) == []


def test_odds_refuses_a_read_only_chart_with_force(run_cli, tmp_path: Path, monkeypatch) -> None:
    """An existing read-only chart (no write bit: refused even for root) with --force."""
    from narrator import batch

    monkeypatch.setattr(batch, "run_odds", lambda *a, **k: (_ for _ in ()).throw(
        AssertionError("a trial was fought")))
    chart = tmp_path / "c.svg"
    chart.write_text("<svg/>")
    os.chmod(chart, 0o444)
    r = run_cli(EXAMPLES / "luke-short.yaml", "odds", "--trials", "20", "--workers", "1", "--chart",
                str(chart), "--force")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr.strip() == f"{chart}: cannot write: the file is read-only"
    assert chart.read_text() == "<svg/>"


def test_odds_still_writes_a_chart_in_a_writable_folder(run_cli, tmp_path: Path) -> None:
    chart = tmp_path / "c.svg"
    r = run_cli(EXAMPLES / "luke-short.yaml", "odds", "--trials", "20", "--workers", "1", "--chart",
                str(chart))
    assert r.exit_code == 0, r.output
    assert r.stdout.rstrip().endswith(f"chart: {chart}")
    assert chart.read_text().startswith("<svg")
    assert sorted(os.listdir(tmp_path)) == ["c.svg"]  # the probe left nothing behind


def test_batch_into_an_unwritable_folder_names_that_folder(run_cli, tmp_path: Path,
                                                           monkeypatch) -> None:
    """`batch --out ro` said "ro/.narrator-batch-20406: cannot write: Permission denied": the
    hidden staging folder's name, with no hint. Root ignores chmod 0o500, so the refusal is
    simulated where the staging folder is made."""
    folder = tmp_path / "ro"
    folder.mkdir()
    real = Path.mkdir

    def mkdir(self, *args, **kwargs):
        if self.parent == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    os.chmod(folder, 0o500)
    monkeypatch.setattr(Path, "mkdir", mkdir)
    try:
        r = run_cli(EXAMPLES / "luke-short.yaml", "batch", "--runs", "2", "--workers", "1", "--out",
                    str(folder))
    finally:
        os.chmod(folder, 0o700)
    assert r.exit_code == 2, r.output
    assert r.stderr.strip().splitlines()[-1] == \
        f"{folder}: cannot write: Permission denied (the folder cannot be written)"
    assert sorted(os.listdir(folder)) == []


def test_boot_hill_teaching_names_cover_and_open_ground_with_the_article() -> None:
    """Boot Hill teaching said "the abdomen, behind rain barrel." and "runs towards open
    ground": every other line says "behind the water trough", "towards the open ground near
    the feed shed". A generated corral (seed 1) fought with seed 1 shows both."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.rulesets.boothill import generate as bh_generate
    from narrator.scenario import load_scenario_text

    text = bh_generate.to_yaml(bh_generate.generate([("posse", 3), ("rustlers", 3)], "corral",
                                                    seed=1))
    log = run_fight(load_scenario_text(text, "<corral seed 1>"), 1)
    teaching = render(log, "markdown", "teaching")
    assert "d20 **9** +2 = 11: the abdomen, behind the water trough.\n" in teaching
    assert "d20 **8** +6 = 14: the abdomen, behind the feed shed.\n" in teaching
    # (the man a move leaves said too since session 22, as the move's own line says it)
    # (Levi "Mad Dog" Kennedy and Louis "Kid" Carroll since session 22's names: the same fight)
    assert "- **Dutch**: runs away from Levi, towards the open ground (tactics).\n" \
        in teaching
    assert ("- **Arthur**: walks away from Kid, towards the open ground near the feed "
            "shed (tactics).\n") in teaching
    rolls = render(log, "markdown", "story")
    assert "Location: 9 +2 (Pistol 5 x 1/2) = 11, abdomen (behind the water trough).\n" in rolls
    for slip in ("behind water trough", "behind feed shed", "towards open ground"):
        assert slip not in teaching and slip not in rolls


def test_violence_ending_agrees_with_two_men_critically_hurt(run_cli, tmp_path: Path) -> None:
    """"Clyde and Thomas are alive, barely, and needs a doctor.": a verb straight after ", and"
    has no subject of its own and took the singular; it now shares the clause's subject."""
    path = tmp_path / "gv.yaml"
    r = run_cli(None, "generate", "--sides", "posse:3", "rustlers:3", "--setting", "corral",
                "--seed", "7", "--ruleset", "violence", "--out", str(path))
    assert r.exit_code == 0, r.output
    story = run_cli(path, "run", "--mode", "story").stdout
    # (which of the phrases: the lawman's call told in its initiative place since fresh22
    # draws another; both put the verb after "and" in the plural)
    assert re.search(r"Clyde and Thomas are (alive, barely, and need a doctor\.|critically "
                     r"hurt and need a doctor at once\.)", story), story[-600:]
    assert "and needs a doctor" not in story


def test_a_verb_after_a_conjunction_shares_the_subject_a_written_one_does_not() -> None:
    from narrator.render import phrases as P

    verbs = [op for op in P._compile("{who} [be] alive, barely, and [need] a doctor.")
             if op[0] in ("reset", "verb")]
    assert verbs == [("verb", "be", None), ("verb", "need", None)]
    # a subject of its own after the conjunction still ends the clause
    assert ("reset",) in P._compile("{a} [fire], and the guns [fall:pl] silent.")
    assert ("reset",) in P._compile("{a} [fire]; [miss].")


def test_weird_west_tally_counts_the_hits_of_shots_not_blows() -> None:
    """The graveyard's story ended "24 shots have been fired, for 19 hits": 20 shots (one
    fanned, five bullets: 24 fired) made 10 hits, and Widow Haskell's claws 9 of 18 blows;
    the tally put the blows' hits with the shots'. (Since WN28 the dead meet Amos, who holds
    his Winchester, at TN 5, not 8 for the spade at his belt: the fight ends a round sooner,
    9 hits of 16 blows.)"""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    log = run_fight(load_scenario(EXAMPLES / "graveyard.yaml"))
    shots = [e for e in log.events if e.kind == "ww_shot"]
    blows = [e for e in log.events if e.kind == "ww_fought"]
    assert (len(shots), sum(e.fanned or 1 for e in shots if not e.jammed)) == (20, 24)
    assert (len(blows), sum(e.hit for e in blows)) == (16, 9)
    story = render(log, "markdown", "story")
    # (the tally in whatever wording the story's phrase stream draws: 24 and 11, since WN27
    # gave Crane's second barrel at Ike beside him at the headstone a hit in round 5)
    from tests.test_fresh_user_12_endings import _tally
    end = [p for p in story.split("\n\n") if _tally(p)][-1]   # (the ending's paragraph)
    assert _tally(end) == (24, 11), end
    assert "19 hits" not in story


def test_odds_says_brawling_not_hand_to_hand_for_a_fight_of_guns(run_cli, tmp_path: Path) -> None:
    """A Boot Hill fight of guns only (a double-barrelled shotgun, no hand-to-hand weapon, no
    blow declared) whose man has Brawling said "path: engine (kernel does not cover: hand to
    hand)"; the reason now names what sent it to the engine. Without the skill, the kernel
    fights it."""
    path = _new(run_cli, tmp_path)
    replace_once(path, "weapons: [{type: single_action_revolver}, {type: lever_action_rifle}]",
          "weapons: [{type: double_barrelled_shotgun}]")
    plain = run_cli(path, "odds", "--trials", "50", "--workers", "1")
    assert plain.exit_code == 0, plain.output
    assert "path: kernel\n" in plain.stdout
    replace_once(path, "skills: {pistol: 4}", "skills: {pistol: 4, rifle: 3, brawling: 2}")
    r = run_cli(path, "odds", "--trials", "50", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert "path: engine (kernel does not cover: Brawling or Blades skills, which may bring " \
           "hand to hand)\n" in r.stdout
    assert "cover: hand to hand" not in r.stdout
