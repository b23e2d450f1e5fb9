"""Last session's reviewers' file and output-format finds (play-by-post files, event logs,
--out, the posts' markup, the terminal tables): each test asserts the real output and failed
on the code before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "scenarios" / "examples"
FRESH13 = Path(__file__).resolve().parent / "fresh13"


def _log(run_cli, tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "livery.json"
    r = run_cli(FRESH13 / "bh-livery.yaml", "run", "--format", "json", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    return out, out.read_text(encoding="utf-8")


# ------------------------------------------------------------------ a BOM, a cut log
def test_render_takes_a_log_saved_with_a_bom(run_cli, tmp_path):
    """Old: "livery.json:1:1: not JSON (Unexpected UTF-8 BOM (decode using utf-8-sig))".
    A BOM is what Windows editors put in front of UTF-8 text they save; it is no part of the
    log (the seal covers the events, not the bytes), and scenarios with one were already
    taken by run, check, status and next: the log is written up as it was."""
    out, text = _log(run_cli, tmp_path)
    plain = run_cli(out, "render")
    out.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    r = run_cli(out, "render")
    assert r.exit_code == 0 and r.stderr == "" and r.stdout == plain.stdout


def test_a_bom_scenario_runs_and_plays_by_post(run_cli, tmp_path):
    """The sibling readers of a file a GM saves: run, check, status and next (which keeps the
    BOM when it writes the file back)."""
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / "abilene-saloon.yaml").read_bytes())
    assert run_cli(path, "check").stdout == (f"{path}: ok: 'Arrest at the Abilene saloon', "
                                             f"2 sides, 4 characters, 2 turns\n")
    assert run_cli(path, "run").exit_code == 0
    r = run_cli(path, "next")
    assert r.exit_code == 0, r.stderr
    assert path.read_bytes().startswith(b"\xef\xbb\xbf# ")
    assert "after turn 1" in run_cli(path, "status").stdout


@pytest.mark.parametrize("cut", ["in-a-string", "between-values", "after-a-comma"])
def test_render_says_a_cut_log_is_cut(run_cli, tmp_path, cut):
    """Old: "livery.json:214:7: not JSON (Unterminated string starting at)" (the decoder's
    words, at the start of the string, not where the log ends), "not JSON (Expecting ','
    delimiter)", "not JSON (Expecting property name enclosed in double quotes)". Now one line
    at the end of what is left, saying the log was cut short; exit 2, nothing written."""
    out, text = _log(run_cli, tmp_path)
    at = text.index('"kind": "fight_ended"')
    keep = {"in-a-string": text[:at + len('"kind": "fig')],
            "between-values": text[:at + len('"kind": "fight_ended"')],
            "after-a-comma": text[:at + len('"kind": "fight_ended",')]}[cut]
    out.write_text(keep, encoding="utf-8")
    line = keep.count("\n") + 1
    column = len(keep) - keep.rfind("\n")
    written = tmp_path / "post.md"
    r = run_cli(out, "render", "--out", str(written))
    assert r.exit_code == 2 and r.stdout == "" and not written.exists()
    assert r.stderr == (f"{out}:{line}:{column}: the event log ends here, in the middle of its "
                        f"JSON: it was cut short (saved or copied in part); render takes the "
                        f"event log that 'narrator run --format json' writes\n")


def test_render_says_what_is_wrong_with_bad_json_in_plain_words(run_cli, tmp_path):
    """Old: "not JSON (Extra data)", "not JSON (Invalid \\escape: 'q')": the decoder's words."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "narrator-log/1"} and more\n')
    r = run_cli(bad, "render")
    assert r.exit_code == 2 and r.stderr == (
        f"{bad}:1:30: not JSON (there is more text after the end of the log); render takes "
        f"the event log that 'narrator run --format json' writes\n")
    bad.write_text('{"format": "narrator\\q"}\n')
    r = run_cli(bad, "render")
    assert r.exit_code == 2 and r.stderr == (
        f"{bad}:1:21: not JSON (a backslash that starts no escape); render takes the event "
        f"log that 'narrator run --format json' writes\n")


# ------------------------------------------------------------------ next --help
def test_next_help_lists_only_the_formats_next_writes(run_cli, tmp_path):
    """Old: ``-f, --format <markdown|bbcode|html|text|json>`` although next refuses json; a
    bad value was told "is not one of 'markdown', 'bbcode', 'html', 'text', 'json'". json is
    still refused with the command that writes the event log."""
    r = run_cli(None, "next", "--help", env={"COLUMNS": "100"})
    assert "-f, --format <markdown|bbcode|html|text>" in r.stdout and "json" not in r.stdout
    path = tmp_path / "fight.yaml"
    path.write_bytes((EXAMPLES / "abilene-saloon.yaml").read_bytes())
    r = run_cli(path, "next", "--format", "yaml")
    assert r.exit_code == 2 and r.stderr == (
        "narrator next: Invalid value for '--format' / '-f': 'yaml' is not one of 'markdown', "
        "'bbcode', 'html', 'text'.\n")
    r = run_cli(path, "next", "--format", "json")
    assert r.exit_code == 2 and r.stderr == (
        "next writes a post; use 'narrator run --format json' for the event log\n")
    for fmt in ("markdown", "bbcode", "html", "text"):  # each one it lists, it writes
        r = run_cli(path, "next", "--repost", "1", "--format", fmt) if fmt != "markdown" else \
            run_cli(path, "next", "--format", fmt)
        assert r.exit_code == 0 and r.stdout.strip(), (fmt, r.stderr)


@pytest.mark.parametrize("command", ["run", "render", "batch"])
def test_every_format_a_command_lists_it_writes(run_cli, tmp_path, command):
    """The siblings: run, render and batch list json and write it."""
    r = run_cli(None, command, "--help", env={"COLUMNS": "100"})
    assert "-f, --format <markdown|bbcode|html|text|json>" in r.stdout
    log = tmp_path / "log.json"
    assert run_cli(EXAMPLES / "abilene-saloon.yaml", "run", "-f", "json", "--out",
                   str(log)).exit_code == 0
    for fmt in ("markdown", "bbcode", "html", "text", "json"):
        target = {"run": EXAMPLES / "abilene-saloon.yaml", "render": log,
                  "batch": EXAMPLES / "abilene-saloon.yaml"}[command]
        extra = ("--runs", "1", "--out", str(tmp_path / fmt)) if command == "batch" else ()
        r = run_cli(target, command, "--format", fmt, *extra)
        assert r.exit_code == 0, (fmt, r.stderr)


# ------------------------------------------------------------------ --out x.yaml for a folder
@pytest.mark.parametrize("name", ["x.yaml", "x.yml", "posts.csv", "x.Out", "x.bak"])
@pytest.mark.parametrize("command", ["run", "render"])
def test_several_posts_refuse_any_new_folder_named_like_a_file(run_cli, tmp_path, command,
                                                              name):
    """Old: ``run bh-livery.yaml --per-turn --out x.yaml`` made the folder x.yaml/ with four
    posts and said nothing (.md, .json, .txt, .html were refused): any extension is now."""
    source, _ = _log(run_cli, tmp_path) if command == "render" else (
        FRESH13 / "bh-livery.yaml", None)
    out = tmp_path / name
    stem = name.rsplit(".", 1)[0]
    r = run_cli(source, command, "--per-turn", "--out", str(out))
    assert r.exit_code == 2 and r.stdout == "" and not out.exists()
    assert r.stderr == (f"{out}: names a file ({out.suffix}), but the 4 posts go into a folder; "
                        f"--out a folder (such as {tmp_path / stem}), or one post without "
                        f"--per-turn and --discord\n")
    r = run_cli(source, command, "--discord", "--mode", "story", "--out", str(out))
    assert r.exit_code == 2 and f"{out}: names a file ({out.suffix}), but the " in r.stderr
    assert not out.exists()


def test_a_dated_folder_is_no_file(run_cli, tmp_path):
    """A date or a version after a dot is no file extension: the folder is made."""
    out = tmp_path / "posts.2026-12-03"
    r = run_cli(FRESH13 / "bh-livery.yaml", "run", "--per-turn", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == [f"bh-livery-turn0{t}.md" for t in (1, 2, 3, 4)]


def test_batch_refuses_a_new_folder_named_like_a_file(run_cli, tmp_path):
    """The sibling: ``batch --out fights.md`` made the folder fights.md/ and said nothing."""
    out = tmp_path / "fights.md"
    r = run_cli(EXAMPLES / "abilene-saloon.yaml", "batch", "--runs", "1", "--out", str(out))
    assert r.exit_code == 2 and r.stdout == "" and not out.exists()
    assert r.stderr == (f"{out}: names a file (.md), but batch writes each fight in a folder; "
                        f"--out a folder (such as {tmp_path / 'fights'})\n")
    out.mkdir()  # one the GM made himself takes the fights
    assert run_cli(EXAMPLES / "abilene-saloon.yaml", "batch", "--runs", "1", "--out",
                   str(out)).exit_code == 0
    assert [p.suffix for p in out.iterdir()] == [".md"]


# ------------------------------------------------------------------ files end with a newline
WRITERS = [  # (command, its first argument: a scenario, a log or None, options)
    ("run", "scenario", ["--discord"]), ("run", "scenario", ["--discord", "--mode", "story"]),
    ("run", "scenario", ["--discord", "--per-turn"]), ("run", "scenario", ["--per-turn"]),
    ("render", "log", ["--discord"]), ("render", "log", ["--discord", "--mode", "story"]),
    ("next", "scenario", ["--discord"]), ("next", "scenario", []),
    ("batch", "scenario", ["--runs", "2"]), ("batch", "scenario", ["--runs", "1", "-f", "json"]),
    *[("run", "scenario", ["--format", f]) for f in ("markdown", "bbcode", "html", "text", "json")],
    *[("render", "log", ["--per-turn", "--format", f]) for f in ("bbcode", "html", "text")],
    ("run", "scenario", ["--map", "--per-turn"]),
]


@pytest.mark.parametrize("command, source, args", WRITERS,
                         ids=[" ".join([c, *a]) for c, _, a in WRITERS])
def test_every_file_written_ends_with_one_newline(run_cli, tmp_path, command, source, args):
    """Old: the Discord messages that ``--out`` wrote (run, render, next) ended without a
    newline (``bh-livery-01.md`` ended "Ada takes 4 wound points: 4 of 10.", the story's last
    message "fight hash eeb4a48c8cb1||" with the spoiler's end); every other file did.
    Every file a command writes now ends with one newline, and no blank line after it."""
    scenario = tmp_path / "fight.yaml"
    scenario.write_bytes((FRESH13 / "bh-livery.yaml").read_bytes())
    target = _log(run_cli, tmp_path)[0] if source == "log" else scenario
    out = tmp_path / "out"
    r = run_cli(target, command, *args, "--out", str(out))
    assert r.exit_code == 0, r.stderr
    files = sorted(out.iterdir()) if out.is_dir() else [out]
    assert len(files) >= (2 if "--discord" in args or "--per-turn" in args else 1)
    for path in files:
        data = path.read_bytes()
        assert data.endswith(b"\n") and not data.endswith(b"\n\n"), (path.name, data[-40:])


# ------------------------------------------------------------------ house rules in each format
HOUSE = {  # the house-rules block of shotgun-gang (teaching) in each format, and the footer's
    "markdown": ("- House rule `light_wound_penalty: −2`: each light wound costs −2 to hit (the "
                 "tables say −1).", r"(house rules: light\_wound\_penalty=−2, shotgun\_bonus"),
    "bbcode": ('[*]House rule "light_wound_penalty: −2": each light wound costs −2 to hit (the '
               "tables say −1).", "(house rules: light_wound_penalty=−2, shotgun_bonus"),
    "html": ("<li>House rule <code>light_wound_penalty: −2</code>: each light wound costs −2 to "
             "hit (the tables say −1).</li>", "(house rules: light_wound_penalty=−2, shotgun"),
    "text": ('- House rule "light_wound_penalty: −2": each light wound costs −2 to hit (the '
             "tables say −1).", "(house rules: light_wound_penalty=−2, shotgun_bonus"),
}


@pytest.mark.parametrize("fmt", list(HOUSE))
def test_house_rules_are_shown_in_each_formats_markup_with_the_minus_sign(run_cli, fmt):
    """Old: BBCode '[*]House rule `light_wound_penalty: -2`: ...' and HTML '<li>House rule
    `light_wound_penalty: -2`: ...' (Markdown's backticks, shown as such, and an ASCII
    hyphen beside the −2 of the same line); the footer's 'light_wound_penalty=-2' in every
    format. Now each format's own inline code and the typographic minus."""
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "run", "--format", fmt)
    assert r.exit_code == 0, r.stderr
    line, footer = HOUSE[fmt]
    assert line in r.stdout.splitlines() and footer in r.stdout
    assert "-2" not in r.stdout and "`" not in r.stdout.replace("`light_wound_penalty: −2`", "")\
        .replace("`shotgun_bonus: false`", "")


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "html", "text"])
def test_weird_west_house_rules_too(fmt):
    """The sibling: Weird West's block ('House rule `shootin.half_hidden: -3` (the book:
    -2)', the book's value a hyphen too) in every format."""
    from narrator.render import render
    from narrator.engine import run_fight
    from tests.test_weird_west_house_rules import duel, load

    sc = duel([{"shoot": "Bob"}], {"shootin": {"half_hidden": -3}},
              dice={"Ann": {"shootin": [2]}}, dice_fallback="seeded")
    text = render(run_fight(load(sc)), fmt, "teaching")
    want = {"markdown": "- House rule `shootin.half_hidden: −3` (the book: −2).",
            "bbcode": '[*]House rule "shootin.half_hidden: −3" (the book: −2).',
            "html": "<li>House rule <code>shootin.half_hidden: −3</code> (the book: −2).</li>",
            "text": '- House rule "shootin.half_hidden: −3" (the book: −2).'}[fmt]
    assert want in text.splitlines()
    assert "half_hidden=−3" in text.replace("\\_", "_") and "-3" not in text
    assert "-2" not in text


def test_every_format_has_its_inline_code():
    """The minus-sign test's sibling for the house-rules block: ``value_minus`` and each
    format's ``code`` (escaped in its own way)."""
    from narrator.render.core import value_minus
    from narrator.render.markup import MARKUP

    assert value_minus("-2") == "−2" and value_minus("[-1, 2]") == "[−1, 2]"
    assert value_minus("3d6-1") == "3d6−1" and value_minus("a-1 x-y") == "a-1 x-y"
    assert value_minus("light_wound_penalty=-2, b=false") == "light_wound_penalty=−2, b=false"
    got = {f: m.code("a<b> [i]`x`") for f, m in MARKUP.items()}
    assert got == {"markdown": "`` a<b> [i]`x` ``", "bbcode": '"a<b> [\u200bi]`x`"',
                   "html": "<code>a&lt;b&gt; [i]`x`</code>", "text": '"a<b> [i]`x`"'}


# ------------------------------------------------------------------ tables at 80 columns
def _plain_words(text: str) -> set[str]:
    return set(text.split())


def test_odds_vary_heading_is_never_cut_and_its_intervals_have_an_en_dash(run_cli):
    """Old (shotgun-gang, 80 columns): the heading 'house_rules.light_wound_…' (rich cut the
    widest column to fit, though the path breaks at its dots) and '51.5 (44.6-58.3)'. Now
    'house_rules.' / 'light_wound_penalty' and '51.5 (44.6–58.3)'."""
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "odds", "-n", "200", "-j", "1", "--vary",
                "house_rules.light_wound_penalty=-2..0", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and "\u2026" not in r.stdout
    assert "┃ house_rules.        ┃" in r.stdout and "┃ light_wound_penalty ┃" in r.stdout
    assert "│ -2                  │       0.0 (0.0–1.9) │   51.5 (44.6–58.3) │   4.2 │" in lines
    assert "-1.9" not in r.stdout and "-58.3" not in r.stdout


def test_odds_intervals_and_seeds_are_ranges_with_an_en_dash(run_cli):
    """The sibling: plain odds said '0.7% - 3.8%' and 'seeds 1871-2170'; an en dash now,
    spaced between two percentages (the column as wide as before)."""
    r = run_cli(EXAMPLES / "abilene-saloon.yaml", "odds", "-n", "300", "-j", "1",
                env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    assert "300 fights (seeds 1871–2170;" in r.stdout
    assert "│ Lawmen win                │      5 │   1.7% │   0.7% – 3.8% │" in r.stdout
    assert "% - " not in r.stdout


def test_cuts_a_word_sees_rich_cutting_a_heading():
    from rich.console import Console
    from rich.table import Table

    from narrator.odds_cli import cuts_a_word

    console = Console(width=30, color_system=None)
    table = Table()
    table.add_column("house_rules.light_wound_penalty")
    table.add_column("Texas Rangers win %")
    table.add_row("-2", "51.5 (44.6–58.3)")
    assert cuts_a_word(console, table)
    console = Console(width=80, color_system=None)
    assert not cuts_a_word(console, table)


def test_weird_west_status_at_80_columns_breaks_no_word(run_cli, tmp_path):
    """Old (graveyard after round 3, 80 columns): 'double-barre' / 'l shotgun 0' and
    'headston' / 'e' (the longest words and the sides' labels did not all fit, and rich cut
    them). Now a side's label wraps at its spaces ('the' / 'living:') and no word is cut."""
    path = tmp_path / "graveyard.yaml"
    path.write_bytes((EXAMPLES / "graveyard.yaml").read_bytes())
    for _ in range(3):
        assert run_cli(path, "next").exit_code == 0
    r = run_cli(path, "status", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    words = _plain_words(r.stdout)
    for word in ("double-barrel", "headstone", "left-hand", "Peacemaker", "critical",
                 "Haskell", "living:", "Clanton"):
        assert word in words, word
    assert not words & {"double-barre", "headston", "e", "l"}
    # since fresh user 16 a name is never wrapped ("Reverend" / "Josiah Crane"): at 80
    # columns the table that keeps it whole does not fit, and each man is a block
    assert "  Reverend Josiah Crane: active; Wind 18; at 0, 0" in lines
    assert "    also: in cover: the Haskell headstone" in lines
    wide = run_cli(path, "status", env={"COLUMNS": "100"}).stdout.splitlines()
    assert " Reverend Josiah Crane   active      -               18     double-barrel   0, 0" \
        "       in cover:    " in wide


def test_status_breaks_a_hyphenated_word_after_its_hyphen_before_cutting_it():
    from narrator.cli import _hyphen_lines, _status_widths

    rows = [["Reverend Josiah Crane", "double-barrel shotgun 0"]]
    # the longest words (9 + 13) do not fit in 24 columns (19 for the text): 'double-' /
    # 'barrel' do
    assert _status_widths(["character", "loaded"], [False, False], rows, 24) == [9, 10]
    assert _hyphen_lines("double-barrel shotgun 0\nleft-hand Colt -4", 8) == \
        "double-\nbarrel shotgun 0\nleft-\nhand Colt -4"
    assert _hyphen_lines("a-b-c-d-e-f", 3) == "a-\nb-\nc-\nd-\ne-f"
    assert _hyphen_lines("-4, 3 x-", 1) == "-4, 3 x-"  # a sign is no hyphen


# ------------------------------------------------------------------ unused imports
def test_no_module_imports_a_name_it_never_uses():
    """Old: narrator/rulesets/violence/kernel.py imported math and never used it; so did
    weird_west/fight.py dice_total and parse_trait, weird_west/scenario.py ValidationError.
    A name kept on purpose (re-exported, imported to register) says so: ``# noqa: F401``."""
    import ast

    root = Path(__file__).resolve().parent.parent / "narrator"
    unused = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "__init__.py":  # a package's names are its exports
            continue
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        lines = src.splitlines()
        imported: dict[str, int] = {}
        for node in ast.walk(tree):
            if "noqa: F401" in lines[getattr(node, "lineno", 1) - 1]:
                continue
            if isinstance(node, ast.Import):
                for a in node.names:
                    imported[(a.asname or a.name).split(".")[0]] = node.lineno
            elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
                for a in node.names:
                    imported[a.asname or a.name] = node.lineno
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        said = " ".join(n.value for n in ast.walk(tree)  # string annotations, __all__
                        if isinstance(n, ast.Constant) and isinstance(n.value, str))
        for name, line in imported.items():
            if name not in used and name not in said.replace(".", " ").split():
                unused.append(f"{path.relative_to(root.parent)}:{line}: {name}")
    assert unused == []


# ------------------------------------------------------------------ odds --vary of a yes-or-no
def test_odds_varies_a_yes_or_no_field(run_cli):
    """Old: '--vary house_rules.failed_fast_draw_ready=true,false' said "--vary:1:36: with
    house_rules.failed_fast_draw_ready=true: house_rules.failed_fast_draw_ready: expected true
    or false (got 'true')": the list's words stayed text, which the loader refuses for a
    yes-or-no field. They are true and false now, shown as typed."""
    r = run_cli(EXAMPLES / "abilene-saloon.yaml", "odds", "-n", "50", "-j", "1", "--vary",
                "house_rules.failed_fast_draw_ready=true,false", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    rows = [line.split("│")[1].strip() for line in r.stdout.splitlines()
            if line.startswith("│")]
    assert rows == ["true", "false"]
    from narrator.sweep import parse_vary, shown

    assert parse_vary("house_rules.shotgun_bonus=true,False,3,x").values == (True, False, 3, "x")
    assert [shown(v) for v in (True, False, 3, 0.5, "x")] == ["true", "false", "3", "0.5", "x"]
