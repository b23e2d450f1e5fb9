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
    text = "text"
    json = "json"


class ProfileChoice(str, Enum):
    scenario = "scenario"
    tables = "tables"


class Fallback(str, Enum):
    error = "error"
    seeded = "seeded"


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


@app.command()
def run(
    scenario: Path = typer.Argument(..., help="The scenario YAML file."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, help="Seed for unscripted dice (overrides the scenario's)."),
    fmt: Format = typer.Option(Format.markdown, "--format", "-f", help="Output format."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write here instead of standard output."),
    profile: ProfileChoice = typer.Option(ProfileChoice.scenario, "--profile", help="'tables' ignores the scenario's house rules and GM rulings."),
    dice_fallback: Optional[Fallback] = typer.Option(None, "--dice-fallback", help="When scripted dice run out: 'error' stops, 'seeded' rolls on."),
    templates: Optional[Path] = typer.Option(None, "--templates", help="A folder of templates overriding ours file by file."),
) -> None:
    """Fight a scenario to its end and write the teaching write-up (every roll explained)."""
    from narrator.engine import run_fight
    from narrator.errors import NarratorError
    from narrator.render import render
    from narrator.scenario import load_scenario

    try:
        loaded = load_scenario(scenario)
        log = run_fight(loaded, seed, tables_only=profile is ProfileChoice.tables,
                        dice_fallback=dice_fallback.value if dice_fallback else None)
    except NarratorError as exc:
        fail(exc.one_line())
    if templates is not None and not templates.is_dir():
        fail(f"{templates}: --templates must be a folder")
    try:
        text = render(log, fmt.value, user_templates=templates)
    except Exception as exc:  # a user template may fail in many ways
        if templates is None:
            raise
        fail(f"{templates}: template error: {type(exc).__name__}: {exc}")
    if out is None:
        sys.stdout.write(text)
        return
    try:
        write_atomic(out, text)
    except OSError as exc:
        fail(f"{out}: cannot write: {exc.strerror or exc}")


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
