"""The ``narrator`` command line: thin wiring around load -> engine -> render.

The only module that imports typer. Exit codes: 0 ok, 2 bad input (one located line),
1 internal error (a short message asking for a report).

May import: everything in narrator.
"""

from __future__ import annotations

import os
import sys
import tempfile
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Turn a YAML scenario of a Western gunfight into a forum-ready write-up.")


class Format(str, Enum):
    markdown = "markdown"
    bbcode = "bbcode"
    html = "html"
    text = "text"
    json = "json"


class Mode(str, Enum):
    teaching = "teaching"
    story = "story"


class Tense(str, Enum):
    present = "present"
    past = "past"


class Block(str, Enum):
    spoiler = "spoiler"
    ooc = "ooc"


class ProfileChoice(str, Enum):
    scenario = "scenario"
    tables = "tables"


class Fallback(str, Enum):
    error = "error"
    seeded = "seeded"


EXT = {"markdown": "md", "bbcode": "bbcode", "html": "html", "text": "txt", "json": "json"}


def fail(message: str, code: int = 2) -> None:
    """Print one line to stderr and exit."""
    typer.echo(message, err=True)
    raise typer.Exit(code)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (never half-written).

    Raises:
        OSError: the directory is missing or not writable.
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def emit_posts(posts: list[str], out: Optional[Path], stem: str, fmt: str, force: bool) -> None:
    """Print posts to stdout (separated by a marker line), or write them: one file for a single
    post, else numbered files in the folder ``out``. Everything is rendered before anything is
    written; existing files are kept unless ``force``."""
    if out is None:
        if len(posts) == 1:
            sys.stdout.write(posts[0])
            return
        for i, post in enumerate(posts, 1):
            if i > 1:
                sys.stdout.write(f"\n\u2702 \u2500\u2500 post {i} of {len(posts)} \u2500\u2500\n\n")
            sys.stdout.write(post)
        return
    if len(posts) == 1 and not out.is_dir():
        targets = [(out, posts[0])]
    else:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"{out}: cannot create the folder: {exc.strerror or exc}")
        targets = [(out / f"{stem}-{i:02d}.{EXT[fmt]}", p) for i, p in enumerate(posts, 1)]
    if not force:
        existing = [str(p) for p, _ in targets if p.exists()]
        if existing:
            fail(f"{existing[0]}: exists; use --force to overwrite")
    for path, text in targets:
        try:
            write_atomic(path, text)
        except OSError as exc:
            fail(f"{path}: cannot write: {exc.strerror or exc}")


def render_or_fail(log, fmt: Format, mode: Mode, templates: Optional[Path], per_turn: bool,
                   discord: bool, tense: Tense, block: Block, spoiler_tag: str,
                   ooc_tag: str) -> list[str]:
    """Render a log to posts, turning a broken user template into a one-line error."""
    from narrator.render import Options, render_posts, split_discord

    if templates is not None and not templates.is_dir():
        fail(f"{templates}: --templates must be a folder")
    if discord and fmt is not Format.markdown:
        fail("--discord needs --format markdown")
    for tag in (spoiler_tag, ooc_tag):
        if not tag.isalnum():
            fail(f"tag name {tag!r}: letters and digits only")
    opts = Options(block=block.value, spoiler_tag=spoiler_tag, ooc_tag=ooc_tag, tense=tense.value)
    try:
        posts = render_posts(log, fmt.value, mode.value, templates, per_turn, opts)
    except Exception as exc:  # a user template may fail in many ways
        if templates is None:
            raise
        fail(f"{templates}: template error: {type(exc).__name__}: {exc}")
    if discord:
        posts = [m for post in posts for m in split_discord(post)]
    return posts


FMT_OPT = typer.Option(Format.markdown, "--format", "-f", help="Output format.")
MODE_OPT = typer.Option(Mode.teaching, "--mode", "-m", help="teaching: every roll in the prose; story: prose, with the rolls in a spoiler or OOC block.")
OUT_OPT = typer.Option(None, "--out", "-o", help="Write here instead of standard output (a folder when there are several posts).")
PER_TURN_OPT = typer.Option(False, "--per-turn", help="One post per turn, as a GM posts them.")
DISCORD_OPT = typer.Option(False, "--discord", help="Split Markdown into Discord messages under 2,000 characters.")
TENSE_OPT = typer.Option(Tense.present, "--tense", help="Tense of the story prose.")
BLOCK_OPT = typer.Option(Block.spoiler, "--block", help="Story mode: put the rolls in a spoiler or an OOC block.")
SPOILER_OPT = typer.Option("spoiler", "--spoiler-tag", help="BBCode tag name for spoilers.")
OOC_OPT = typer.Option("ooc", "--ooc-tag", help="BBCode tag name for out-of-character blocks.")
TEMPLATES_OPT = typer.Option(None, "--templates", help="A folder of templates overriding ours file by file.")
FORCE_OPT = typer.Option(False, "--force", help="Overwrite existing output files.")


@app.command()
def run(
    scenario: Path = typer.Argument(..., help="The scenario YAML file."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, help="Seed for unscripted dice (overrides the scenario's)."),
    fmt: Format = FMT_OPT,
    mode: Mode = MODE_OPT,
    out: Optional[Path] = OUT_OPT,
    per_turn: bool = PER_TURN_OPT,
    discord: bool = DISCORD_OPT,
    tense: Tense = TENSE_OPT,
    block: Block = BLOCK_OPT,
    spoiler_tag: str = SPOILER_OPT,
    ooc_tag: str = OOC_OPT,
    profile: ProfileChoice = typer.Option(ProfileChoice.scenario, "--profile", help="'tables' ignores the scenario's house rules and GM rulings."),
    dice_fallback: Optional[Fallback] = typer.Option(None, "--dice-fallback", help="When scripted dice run out: 'error' stops, 'seeded' rolls on."),
    templates: Optional[Path] = TEMPLATES_OPT,
    force: bool = FORCE_OPT,
) -> None:
    """Fight a scenario to its end and write it up (every roll shown)."""
    from narrator.engine import run_fight
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario

    try:
        loaded = load_scenario(scenario)
        log = run_fight(loaded, seed, tables_only=profile is ProfileChoice.tables,
                        dice_fallback=dice_fallback.value if dice_fallback else None)
    except NarratorError as exc:
        fail(exc.one_line())
    posts = render_or_fail(log, fmt, mode, templates, per_turn, discord, tense, block,
                           spoiler_tag, ooc_tag)
    emit_posts(posts, out, scenario.stem, fmt.value, force)


@app.command()
def render(
    events: Path = typer.Argument(..., help="An event log written by 'narrator run --format json'."),
    fmt: Format = FMT_OPT,
    mode: Mode = MODE_OPT,
    out: Optional[Path] = OUT_OPT,
    per_turn: bool = PER_TURN_OPT,
    discord: bool = DISCORD_OPT,
    tense: Tense = TENSE_OPT,
    block: Block = BLOCK_OPT,
    spoiler_tag: str = SPOILER_OPT,
    ooc_tag: str = OOC_OPT,
    templates: Optional[Path] = TEMPLATES_OPT,
    force: bool = FORCE_OPT,
) -> None:
    """Write up a saved fight again, in another format or mode, without rolling a die."""
    import json

    from narrator.events import FightLog

    try:
        text = events.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{events}: cannot read: {getattr(exc, 'strerror', None) or exc}")
    try:
        log = FightLog.from_json(text)
    except json.JSONDecodeError as exc:
        fail(f"{events}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}")
    except (ValueError, KeyError, TypeError) as exc:
        fail(f"{events}: not a narrator event log: {exc}")
    posts = render_or_fail(log, fmt, mode, templates, per_turn, discord, tense, block,
                           spoiler_tag, ooc_tag)
    emit_posts(posts, out, events.stem, fmt.value, force)


@app.command()
def check(scenario: Path = typer.Argument(..., help="The scenario YAML file.")) -> None:
    """Validate a scenario without fighting: prints 'ok' or one located error (exit 2)."""
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario

    try:
        loaded = load_scenario(scenario)
    except NarratorError as exc:
        fail(exc.one_line())
    sc = loaded.scenario
    people = sum(len(v) for v in sc.sides.values())
    typer.echo(f"{scenario}: ok: {sc.title!r}, {len(sc.sides)} sides, {people} characters, "
               f"{len(sc.turns)} turns")


def main() -> None:
    """Console-script entry point: run the app; turn an unexpected crash into exit code 1."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # pragma: no cover - reported, not expected
        typer.echo(f"narrator: internal error: {type(exc).__name__}: {exc}\n"
                   "This is a bug; please report it with the scenario that caused it.", err=True)
        sys.exit(1)
