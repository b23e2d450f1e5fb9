"""What the nineteenth fresh user found in play-by-post fights (tests/fresh19: his files as he
wrote them, before any turn was resolved).

1. ``narrator status`` after a GM's edit of a man's ``at:`` showed the cover of his old spot
   ("at 45, 15 ... in cover: the water trough" for Rosa moved onto the church steps, a
   landmark with no cover), though the engine places him in the open (the next turn's shots
   at her get no cover). Status shows the state the next turn starts from: the cover his new
   spot gives (``Ruleset.placed_cover``), in every ruleset.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app

FRESH = Path(__file__).resolve().parent / "fresh19"
runner = CliRunner()


def _next(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(FRESH / name, path)
    out = runner.invoke(app, ["next", str(path)])
    assert out.exit_code == 0, out.output
    return path


def _move(path: Path, man: str, at: str) -> None:
    """Set ``man``'s ``at:`` in ``state:`` to ``at`` (as a GM edits it by hand)."""
    head, state = path.read_text().split("\nstate:\n")
    new, n = re.subn(rf"(\n    {re.escape(man)}:\n(?:      .*\n)*?      at: ).*\n",
                     lambda m: m.group(1) + at + "\n", state, count=1)
    assert n == 1, state
    path.write_text(head + "\nstate:\n" + new)


def _status_of(path: Path, man: str) -> str:
    """``man``'s block of ``narrator status`` (printed as blocks at 60 columns)."""
    out = runner.invoke(app, ["status", str(path)], env={"COLUMNS": "60"})
    assert out.exit_code == 0, out.output
    block = re.search(rf"^  {re.escape(man)}: .*\n(?:    .*\n)*", out.output, re.M)
    assert block, out.output
    return block.group()


# (file, man, his cover after turn 1, an edit to a spot with no cover, an edit into cover)
CASES = [
    ("bh-bank.yaml", "Rosa Pike", "the water trough", "the church steps", "the livery door"),
    ("vi-stage.yaml", "Cole Vance", "the big boulders", "the mesquite thicket", "the ridge"),
    ("ww-night.yaml", "Judge Orrin Haskett", "the buckboard", "[30, 30]", "[17, -3]"),
    ("gl-street.yaml", "Nell Quill", "the stacked crates", "[40, 40]", "the hansom cab"),
]


@pytest.mark.parametrize("name, man, before, bare, covered", CASES,
                         ids=[c[0] for c in CASES])
def test_status_cover_follows_an_edit_of_at(tmp_path, name, man, before, bare, covered):
    path = _next(tmp_path, name)
    assert f"in cover: {before}" in _status_of(path, man)
    _move(path, man, bare)
    shown = _status_of(path, man)
    assert "in cover" not in shown, shown
    _move(path, man, covered)
    shown = _status_of(path, man)
    want = {"[17, -3]": "the graveyard wall"}.get(covered, covered)
    assert f"in cover: {want}" in shown, shown


def test_status_cover_is_the_engines(tmp_path):
    """Moved onto each landmark's spot in turn, she is in its cover when it gives any (its
    name) and in the open when it gives none, as Boot Hill's ``place`` puts her."""
    from narrator.playbypost import replay, state_with_edits
    from narrator.scenario import load_scenario

    path = _next(tmp_path, "bh-bank.yaml")
    for key, lm in load_scenario(path).scenario.map.items():
        _move(path, "Rosa Pike", str(list(lm.at)))
        loaded = load_scenario(path)
        _, log, edits = replay(loaded)
        shown = state_with_edits(log, edits, loaded)["characters"]["Rosa Pike"].get("cover")
        want = (lm.name or key) if lm.cover is not None else None
        assert shown == want, (key, shown)


# ------------------------------------------- 2. a declared move after a GM's edit of at:
def test_declared_move_after_an_edit_of_at_agrees_with_the_move():
    """pbp-bh.yaml: the GM moved Rosa to 45, 15 before turn 2; her tactics walk her 6 yards
    towards Crane from there. The declaration was read from where she stood before the edit
    (15, 8), so it said "walks towards the open ground near the church steps" while the move
    said "walks towards Crane": both read her start as the edited one now."""
    out = runner.invoke(app, ["run", str(FRESH / "pbp-bh.yaml")])
    assert out.exit_code == 0, out.output
    turn2 = out.output.split("## Turn 2")[1].split("## Turn 3")[0]
    assert "- **Rosa**: walks towards Crane (tactics)." in turn2, turn2
    assert "**Rosa** walks towards Crane: 6 yards of 6." in turn2, turn2
    assert "church steps" not in turn2


# ------------------------------------------- 4. a title is no family's name
@pytest.mark.parametrize("key, members, shown", [
    ("marshals", ["Marshal Abel Crane", "Deputy Hank Moss"], "marshals"),
    ("sheriffs", ["Sheriff Tom Hale"], "sheriffs"),
    ("deputies", ["Deputy Hank Moss", "Deputy Jo Stiles"], "deputies"),
    ("deputys", ["Deputy Hank Moss"], "deputys"),
    ("captains", ["Captain John Reese"], "captains"),
    ("docs", ["Doc Holliday"], "docs"),
    ("judges", ["Judge Orrin Haskett"], "judges"),
    ("colonels", ["Colonel Ames Bell"], "colonels"),
    ("reverends", ["Reverend Amos Pike"], "reverends"),
    ("posse", ["Deputy Marshal Bill Tilghman"], "posse"),
    # his family's name all the same: after the title, or a last word
    ("cranes", ["Marshal Abel Crane"], "Cranes"),
    ("crane_gang", ["Marshal Abel Crane"], "Crane gang"),
    ("marshals", ["Jim Marshal"], "Marshals"),
    ("judge_boys", ["Roy Judge"], "Judge boys"),
])
def test_a_title_in_a_name_is_no_surname_of_the_side(key, members, shown):
    from narrator.render.inflection import key_name
    assert key_name(key, members) == shown


def test_the_marshals_of_bh_bank_are_written_in_lower_case():
    """bh-bank.yaml: "Marshal Abel Crane" made the side ``marshals`` "the Marshals" in every
    line (with the name "Abel Crane" it was "the marshals")."""
    out = runner.invoke(app, ["run", str(FRESH / "bh-bank.yaml")])
    assert out.exit_code == 0, out.output
    body = out.output.split("\n", 12)[-1]  # after the cast's heading "**Marshals**"
    assert "The marshals have the initiative" in body
    assert "Crane (marshals)" in body
    assert not re.search(r"(?<!\*\*)Marshals", body), body


# ------------------------------------------- 3. no internal word in a write-up
SNAKE = re.compile(r"\b[a-z]+(?:\\?_[a-z]+)+\b")  # "passed_out", "passed\_out"


def _snake_words(path: Path, seeds, modes=("teaching", "story"), fmts=("markdown", "bbcode")):
    """Every snake_case word outside code blocks in the write-ups of ``path``'s fights."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    loaded = load_scenario(path)
    found = []
    for seed in seeds:
        log = run_fight(loaded, seed=seed)
        for mode in modes:
            for fmt in fmts:
                text = render(log, fmt, mode)
                # (code blocks and inline code: a house rule's key, `shotgun_bonus: false`)
                text = re.sub(r"```.*?```|\[code\].*?\[/code\]|`[^`\n]*`", "", text,
                              flags=re.S)
                found += [(seed, mode, fmt, line.strip()) for line in text.splitlines()
                          if SNAKE.search(line)]
    return found


def test_a_refusal_of_a_blow_at_a_man_down_says_his_condition_in_words():
    """bh-bank.yaml seed 1, turn 5, story mode's rolls block: "Hank cannot strike: target
    down (passed\\_out)" (text, BBCode: "(passed_out)"): now "(passed out)"."""
    assert _snake_words(FRESH / "bh-bank.yaml", [1], ("story",)) == []
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario
    story = render(run_fight(load_scenario(FRESH / "bh-bank.yaml"), seed=1), "markdown", "story")
    assert "Count 2: Hank cannot strike: target down (passed out)." in story


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bh-bank.yaml", "gen-bh.yaml", "vi-stage.yaml",
                                  "gen-vi.yaml", "ww-night.yaml", "gen-ww.yaml",
                                  "gl-street.yaml", "gen-gl.yaml", "new-gl.yaml"])
def test_no_snake_case_word_in_the_write_ups(name):
    """Teaching and story mode (its rolls blocks), Markdown and BBCode, seeds 1-6 of each
    ruleset's fixtures: no internal word ("passed_out", "target_down") outside code."""
    assert _snake_words(FRESH / name, range(1, 7)) == []


def test_the_map_starts_a_man_the_gm_moved_where_the_gm_put_him():
    """pbp-bh.yaml turn 2: the turn's picture drew Rosa setting off from the water trough
    (15, 8), where turn 1 left her, though the GM had put her at 45, 15 and her move starts
    there: a man's start is where an edit of ``at`` puts him."""
    from narrator.playbypost import replay
    from narrator.render import maps
    from narrator.scenario import load_scenario

    _, log, _ = replay(load_scenario(FRESH / "pbp-bh.yaml"))
    turn2 = next(f for f in maps.frames(log) if f.turn == 2)
    rosa = next(p for p in turn2.people if p.name == "Rosa Pike")
    assert rosa.start == (45.0, 15.0)
    assert rosa.end == (40.5, 11.1)
    assert [m for m in turn2.moves if m[0] == "Rosa"] == [("Rosa", (45.0, 15.0), (40.5, 11.1))]
