"""What the seventeenth fresh user tripped on as a GM (tests/fresh17: his play-by-post files
pbp-bh/gas/vio.yaml as he left them, pbp-ww.yaml as it stood before his second turn (its
.bak: the fight is over after it); the other files as he wrote them).

1. A GM's ``state:`` edit of a man's loaded rounds was told as Python in Gaslight, Violence
   and Weird West ("GM adjustment: Hettie's loaded rounds are now {'Greener': 2}.") where
   Boot Hill said "single-action revolver 6": one wording (``narrator.events.shown_value``)
   for every ruleset; a position "5, 1" (it was "[5, 1]" outside Boot Hill).
2. ``@everyone`` / ``@here`` in a title, a description or an ``other:`` text passed ``check``
   and printed raw (only ``--discord`` neutralised them; a Markdown post pasted into Discord
   pinged the server). Every post of every format now has a zero-width space after the
   ``@`` (``narrator.render.markup.no_mass_ping``): the reader sees the GM's words, nobody is
   pinged. Names still refuse them at load (a name is said again and again).
3. A man brought back by a ``state:`` edit (Dodd, down senseless, edited ``condition:
   active, health: 10``) was told only in the rolls block; the story went straight to "Dodd
   reloads with shaking fingers." The story now says it as the round opens: "Dodd comes round
   and is back in the fight." (Luis, who had given up: "Luis is back in the fight.").
4. ``narrator rules weird-west weapons`` and ``rules gaslight weapons`` at 80 columns broke
   names and headings mid-word ("peacemake / r", "clas / s"): a column is never narrower
   than its longest word, and a table that cannot fit so is printed as a list (a row's name,
   then "heading: value; ..." wrapped at spaces).
5. An unclosed ``{`` said "... (found '<scalar>')", the parser's name for a word: it now
   names what is there ("found 'b'"), or says the bracket is never closed, at the bracket,
   when the file ends first. ``next --per-turn`` was offered "--spoiler-tag" (click's
   difflib cutoff 0.6): only an option this close (``cli.OPTION_CUTOFF``) is offered.
6. Weird West ``odds`` had no surrendered or fled column though its fights end so (the
   Tommyknocker gives up, a miner vamooses): a man who fled or gave up was counted by his
   wounds. Both columns now, as Violence has them, from the kernel and the engine alike.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

FRESH = Path(__file__).resolve().parent / "fresh17"


def _copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(FRESH / name, path)
    return path


def _edit_state(path: Path, before: str, after: str) -> None:
    head, state = path.read_text().split("\nstate:\n")
    assert before in state
    path.write_text(head + "\nstate:\n" + state.replace(before, after, 1))


# ---------------------------------------------------------------- 1. an edit of loaded rounds
@pytest.mark.parametrize("name, before, after, told", [
    ("pbp-ww.yaml", "loaded: {Greener: 2}", "loaded: {Greener: 1}",
     "GM adjustment: Hettie's loaded rounds are now Greener 1."),
    ("pbp-gas.yaml", "loaded: {Webley revolver: 4}", "loaded: {Webley revolver: 6}",
     "GM adjustment: Crane's loaded rounds are now Webley revolver 6."),
    ("pbp-vio.yaml", "loaded: {Parker: 0}", "loaded: {Parker: 2}",
     "GM adjustment: Maggie's loaded rounds are now Parker 2."),
    ("pbp-bh.yaml", "loaded: {Greener: 2, single-action revolver: 6}",
     "loaded: {Greener: 1, single-action revolver: 6}",
     "loaded rounds are now Greener 1, single-action revolver 6."),
])
@pytest.mark.parametrize("mode", ["teaching", "story"])
def test_an_edit_of_loaded_rounds_is_told_in_words_in_every_ruleset(
        run_cli, tmp_path, name, before, after, told, mode):
    path = _copy(tmp_path, name)
    _edit_state(path, before, after)
    r = run_cli(path, "next", "--format", "text", "--mode", mode)
    assert r.exit_code == 0, r.output
    assert told in r.stdout
    assert "{'" not in r.stdout and "now {" not in r.stdout and "now [" not in r.stdout


# ------------------------------------------------- 2. @everyone and @here outside the names
def _pinging(tmp_path: Path) -> Path:
    text = (FRESH / "bh-knives.yaml").read_text()
    text = text.replace("title: Knives at the Blue Dog", 'title: "@everyone fight"')
    text = text.replace("  Inside the Blue Dog cantina.", "  Inside the Blue Dog cantina, @here.")
    text = text.replace("      Kit: {strike:", '      Sam: {other: "yells @everyone get down"}\n'
                                            "      Kit: {strike:")
    path = tmp_path / "ping.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "text", "html"])
@pytest.mark.parametrize("mode", ["teaching", "story"])
def test_everyone_and_here_in_a_gms_text_ping_nobody_in_any_format(run_cli, tmp_path, fmt,
                                                                    mode):
    path = _pinging(tmp_path)
    assert run_cli(path, "check").exit_code == 0
    r = run_cli(path, "run", "--format", fmt, "--mode", mode)
    assert r.exit_code == 0, r.output
    assert "@everyone" not in r.stdout and "@here" not in r.stdout
    assert "@\u200beveryone fight" in r.stdout
    assert "cantina, @\u200bhere." in r.stdout
    if mode == "teaching":
        assert "yells @\u200beveryone get down" in r.stdout


def test_everyone_in_a_play_by_post_post_pings_nobody(run_cli, tmp_path):
    path = _copy(tmp_path, "pbp-vio.yaml")
    text = path.read_text()
    path.write_text(text.replace("title: ", 'title: "@here, trouble"  # ', 1))
    r = run_cli(path, "next", "--repost", "1")
    assert r.exit_code == 0, r.output
    assert "@here" not in r.stdout and "# @\u200bhere, trouble\n" in r.stdout


# ------------------------------------------------------ 3. a man brought back by a GM's edit
@pytest.mark.parametrize("name, told", [
    ("pbp-gas.yaml", "## Round 2\n\nDodd comes round and is back in the fight.\n\n"),
    ("pbp-vio.yaml", "Otto is out of the fight, gone from the field.\n\n"
                     "Luis is back in the fight.\n\n"),
])
def test_a_man_brought_back_by_an_edit_is_told_in_the_story(run_cli, tmp_path, name, told):
    path = _copy(tmp_path, name)
    r = run_cli(path, "next", "--repost", "2", "--mode", "story")
    assert r.exit_code == 0, r.output
    assert told in r.stdout
    past = run_cli(path, "next", "--repost", "2", "--mode", "story", "--tense", "past")
    assert told.replace("comes", "came").replace(" is ", " was ") in past.stdout


def test_an_edit_of_a_man_who_was_up_brings_nobody_back(run_cli, tmp_path):
    r = run_cli(_copy(tmp_path, "pbp-gas.yaml"), "next", "--repost", "1", "--mode", "story")
    assert r.exit_code == 0, r.output
    assert "back in the fight" not in r.stdout


# ------------------------------------------------- 4. narrator rules at an 80-column console
def _topics() -> list[tuple[str, str]]:
    from narrator.reference import reference
    return [(rs, t) for rs in ("boothill", "gaslight", "violence", "weird-west")
            for t in reference(rs).topics()]


@pytest.mark.parametrize("ruleset, topic", _topics())
def test_rules_at_80_columns_break_no_word_and_no_line_is_wider(run_cli, ruleset, topic):
    from narrator.reference import lookup

    r = run_cli(None, "rules", ruleset, topic, env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert max(len(line) for line in r.stdout.splitlines()) <= 80
    for s in lookup(ruleset, topic):
        for row in [s.columns[1:], *s.rows]:
            for cell in row:
                for word in str(cell).split():
                    assert word in r.stdout, (s.title, word)


def test_weird_west_weapons_at_80_columns_is_a_list_with_whole_names(run_cli):
    r = run_cli(None, "rules", "weird-west", "weapons", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert ("colt_peacemaker\n  rolled with: pistol; range: 10; rof: 1; shots: 6; damage: 3d6; "
            "defence: -;\n  also called: peacemaker, colt_45, single_action_revolver\n"
            in r.stdout)
    wide = run_cli(None, "rules", "weird-west", "weapons", env={"COLUMNS": "160"})
    assert "colt_peacemaker        pistol" in wide.stdout  # a table where it fits


# ------------------------------------------------------ 5. plain words for two messages
@pytest.mark.parametrize("text, message", [
    ("title: x\nsides:\n  a:\n    - {name: A, at: [0, 0]\n  b: []\n",
     "fight.yaml:5:3: YAML: the '{' opened at line 4, column 7 is not closed here: after each "
     "item comes ',' or the closing '}' (found 'b')"),
    ("title: x\nsides:\n  a:\n    - {name: A, at: [0, 0]\n",
     "fight.yaml:4:7: YAML: the '{' opened here is never closed: after each item comes ',' or "
     "the closing '}', and the file ends first"),
    ("title: x\nsides: {a: [1, 2}\n",
     "fight.yaml:2:17: YAML: the '[' opened at line 2, column 12 is not closed here: after "
     "each item comes ',' or the closing ']' (found '}')"),
])
def test_an_unclosed_bracket_says_what_is_there_in_plain_words(run_cli, text, message):
    r = run_cli(text, "check")
    assert r.exit_code == 2
    assert r.stderr.strip().endswith(message), r.stderr
    assert "<scalar>" not in r.stderr and "<stream end>" not in r.stderr


@pytest.mark.parametrize("args, message", [
    (["next", "--per-turn"],
     "narrator next: No such option: --per-turn (next always writes one post: the turn it "
     "resolves)"),
    (["run", "--spoilertag", "x"],
     "narrator run: No such option: --spoilertag; did you mean --spoiler-tag?"),
    (["run", "--per-tur"], "narrator run: No such option: --per-tur; did you mean --per-turn?"),
    (["run", "--bogus"], "narrator run: No such option: --bogus"),
    (["run", "--quiet"], "narrator run: No such option: --quiet"),
])
def test_an_unknown_option_is_offered_only_a_close_one(run_cli, tmp_path, args, message):
    path = _copy(tmp_path, "pbp-gas.yaml")
    r = run_cli(path, *args)
    assert r.exit_code == 2
    assert r.stderr.strip() == message


# ------------------------------------------------- 6. Weird West odds: surrendered and fled
STAGECOACH = Path(__file__).resolve().parent.parent / "scenarios" / "examples" / "stagecoach.yaml"


def _odds_rows(run_cli, scenario: Path, path: str) -> dict[str, list[float]]:
    r = run_cli(scenario, "odds", "--trials", "200", "--path", path, env={"COLUMNS": "160"})
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split()[:1] == ["character"])
    assert lines[head].split()[:9] == ["character", "side", "dead", "winded", "dered", "fled",
                                       "maimed", "wounded", "unhurt"]
    assert "surren-" in lines[head - 1]
    rows = {}
    for line in lines[head + 2:]:
        cells = re.findall(r"(\d+\.\d)%", line)
        if not cells:
            break
        assert len(cells) == 7, line
        assert abs(sum(float(c) for c in cells) - 100) < 0.6, line
        rows[line.split("%")[0].strip()] = [float(c) for c in cells]
    return rows


@pytest.mark.parametrize("path", ["kernel", "engine"])
def test_weird_west_odds_count_the_men_who_fled(run_cli, path):
    rows = _odds_rows(run_cli, STAGECOACH, path)
    assert len(rows) == 6
    assert sum(cells[3] for cells in rows.values()) > 0          # fled


def test_weird_west_odds_count_the_men_who_gave_up(run_cli):
    rows = _odds_rows(run_cli, FRESH / "ww-mine.yaml", "engine")  # the kernel has no claws
    assert len(rows) == 4
    for name in ("Hettie Brandt", "Two-Feathers", "Cornish Jack Penrose", "the Tommyknocker"):
        assert any(row.startswith(name + " ") for row in rows), name
    assert sum(cells[2] for cells in rows.values()) > 0          # surrendered
