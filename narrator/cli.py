"""The ``narrator`` command line: thin wiring around load -> engine -> render.

The only module that imports typer. Exit codes: 0 ok, 2 bad input (one located line),
1 internal error (a short message asking for a report).

May import: everything in narrator.
"""

# No ``from __future__ import annotations`` here: typer reads the annotations of every command
# on every start, and strings would be evaluated each time (``typing.get_type_hints``: about
# 3 ms of CPU per run, --help included); written as objects, they are built once at import.

import dataclasses
import os
import re
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from narrator.files import write_atomic
from narrator.ruleset import DEFAULT as DEFAULT_RULESET

try:  # typer >= 0.17 carries its own copy of click
    from typer import _click as click
except ImportError:  # pragma: no cover - older typer
    import click
from typer.core import TyperGroup

_ABORT = getattr(click.exceptions, "Abort", None) or getattr(typer, "Abort", KeyboardInterrupt)


def _choice_hint(what: str) -> str:
    """A choice option's refusal (``'paste' is not one of 'present', 'past'.``) with the
    nearest choice offered, as the scenario's errors offer one ("; did you mean 'past'?");
    any other message as it is."""
    m = re.search(r"'([^']*)' is not one of ((?:'[^']*'(?:, | or )?)+)\.?$", what)
    if m is None:
        return what
    from narrator.scenario.loader import nearest

    near = nearest(m[1], re.findall(r"'([^']*)'", m[2]))
    return f"{what.rstrip('.')}; did you mean {near!r}?" if near else what


# an unknown option is told the command's options this close to it (difflib's ratio, the
# dashes left out): "--spoilertag" gets "--spoiler-tag" (0.95), "--per-turn" nothing (click's
# own 0.6 offered "--spoiler-tag", 0.61 with the dashes counted)
OPTION_CUTOFF = 0.75


def _no_such_option(exc: click.exceptions.NoSuchOption) -> str:
    """"No such option: --X", with "; did you mean --Y?" only for an option of the command
    close to it (``OPTION_CUTOFF``), and for ``next --per-turn`` why there is none."""
    import difflib

    name = exc.option_name
    what = f"No such option: {name}"
    command = getattr(getattr(exc, "ctx", None), "command", None)
    if command is not None and command.name == "next" and name == "--per-turn":
        return f"{what} (next always writes one post: the turn it resolves)"
    options = [o for p in getattr(command, "params", ()) for o in getattr(p, "opts", ())
               if o.startswith("--")]
    near = difflib.get_close_matches(name.lstrip("-"), [o.lstrip("-") for o in options], n=1,
                                     cutoff=OPTION_CUTOFF)
    return f"{what}; did you mean --{near[0]}?" if near else what


class OneLineErrors(TyperGroup):
    """The command group, with typer's usage errors (a bad option value, a missing argument,
    an unknown option) as one line ``narrator CMD: message`` and exit code 2, like every
    other bad input, instead of a multi-line box."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.ClickException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `narrator` alone: the help
                exc.show()
                sys.exit(exc.exit_code)
            path: list[str] = []   # the subcommands' names (not "-m narrator" of python -m)
            ctx = getattr(exc, "ctx", None)
            while ctx is not None and ctx.parent is not None:
                path.insert(0, ctx.info_name or "")
                ctx = ctx.parent
            where = " ".join(["narrator", *path])
            what = " ".join(exc.format_message().replace("Value error, ", "").split())
            if isinstance(exc, click.exceptions.NoSuchOption):
                what = _no_such_option(exc)
            # a bound in plain words, as the scenario's errors say it (not pydantic's "Input
            # should be greater than or equal to 1")
            what = re.sub(r"Input should be (greater|less) than or equal to (\S+)",
                          lambda m: f"should be {'at least' if m[1] == 'greater' else 'at most'} "
                                    f"{m[2]}", what)
            what = _choice_hint(what)
            typer.echo(f"{shown_path(where)}: {what}", err=True)
            sys.exit(2)
        except _ABORT:
            typer.echo("interrupted", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx):
        """Run the command; Ctrl-C is one line and exit 130, SIGTERM during batch or odds one
        line and exit 143 (the workers are already stopped)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            terminated = type(exc).__name__ == "Terminated"
            typer.echo("terminated" if terminated else "interrupted", err=True)
            raise typer.Exit(143 if terminated else 130) from None


SEED_MAX = 2**63 - 1  # every seed option and scenario seed: 0 to this (a 64-bit signed integer)
NAME_MAX = 255       # bytes in one file or folder name (most file systems)


def out_path(value: Optional[str], option: str = "--out") -> Optional[Path]:
    """A path to write, checked before anything runs: not empty, no NUL, no name longer than
    NAME_MAX bytes (each a one-line error, exit 2). Options that write take text and pass it
    here, since typer would read an empty ``--out ''`` as the current folder."""
    if value is None:
        return None
    text = str(value)
    if not text.strip():
        fail(f"{option}: an empty file name")
    if "\0" in text:
        fail(f"{option}: a file name with a NUL character")
    for part in Path(text).parts:
        if len(os.fsencode(part)) > NAME_MAX:
            fail(f"{option}: the name {shown_path(part[:30])}... is longer than {NAME_MAX} "
                 f"bytes")
    path = Path(text)
    if text.endswith(("/", os.sep)) and path != Path("/"):
        FOLDER_MEANT.add(path)  # "--out posts/": a folder, made if missing (``plan_posts``)
    else:
        FOLDER_MEANT.discard(path)
    return path


#: ``--out`` paths given with a trailing slash ("posts/"): a folder, whether it exists or
#: not (``Path`` drops the slash; "--out posts/" wrote a file named posts when the folder
#: was missing).
FOLDER_MEANT: set[Path] = set()


app = typer.Typer(cls=OneLineErrors, no_args_is_help=True, rich_markup_mode=None,
                  context_settings={"help_option_names": ["-h", "--help"]})
# Plain help (rich_markup_mode=None): flags without a "<bool>" type, and each paragraph
# rewrapped to the terminal, so no sentence or range is broken in mid-line.


def _version(value: bool) -> None:
    if value:
        from narrator import __version__

        typer.echo(f"narrator {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", "-V", callback=_version,
                                       is_eager=True, help="Print the version and exit.")) -> None:
    """Turn a YAML scenario of a Western gunfight into a forum-ready write-up.

    Start with 'narrator new --out fight.yaml', then 'narrator run fight.yaml'. The rules
    narrator applies: 'narrator rules'. Shell completion: 'narrator --install-completion'.
    """


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


def names_a_file(path: Path) -> bool:
    """Whether a new folder's name ends in a file extension (``posts.md``, ``x.yaml``: a
    letter, then at most nine letters or digits, after the last dot), which a GM typed for a
    file: ``--out`` for several posts, or batch's, refuses to make such a folder. A date or
    version after a dot (``posts.2026-12-03``, ``v1.2``) is no extension."""
    import re

    return re.fullmatch(r"\.[A-Za-z][A-Za-z0-9]{0,9}", path.suffix) is not None


def fail(message: str, code: int = 2) -> None:
    """Print one line to stderr (control characters in it escaped, so a file name cannot
    break it) and exit."""
    typer.echo(shown_path(message), err=True)
    raise typer.Exit(code)


def plan_posts(posts: list[str], out: Optional[Path], stem: str, fmt: str,
               force: bool, names: Optional[list[str]] = None,
               inputs: tuple[tuple[Path, str], ...] = (),
               folder: str = "") -> list[tuple[Path, str]]:
    """Where each post will go (nothing written yet): one file for a single post (``out``,
    or ``<stem>.<ext>`` in the folder ``out``: ``run mesa.yaml --out posts/`` writes
    ``posts/mesa.md``, ``next`` ``posts/mesa-turn03.md``), else ``<stem>-<name>.<ext>``
    files in the folder ``out``, ``names`` being each post's part of the name
    (``render_or_fail``'s: ``turn03``, ``turn03-02``...; default ``01``, ``02``...); a single
    post named by its turn (``--per-turn``) keeps the name: ``<stem>-turn03.<ext>``.
    An ``out`` given with a trailing slash (``FOLDER_MEANT``) is a folder too, made if missing.
    ``folder``: the option (``"--per-turn"``, ``"--discord"``) that makes ``out`` the posts'
    folder even for one post (a fight of one turn gives one post, a short post one Discord
    message, and a GM cannot tell beforehand), so a file there, or a new name with a file's
    extension (``x.yaml``), is refused as for several posts; "" for none.
    Fails (exit 2) when its folder is missing or a target cannot be written (see
    ``check_targets``)."""
    if out is None:
        return []
    if names is None:
        names = [f"{i:02d}" for i in range(1, len(posts) + 1)]
    slash = out in FOLDER_MEANT   # "--out posts/": a folder even when missing
    if len(posts) == 1 and not out.is_dir() and not folder and not slash:
        targets = [(out, posts[0])]
        if not out.parent.is_dir():
            fail(_no_folder(out))
    else:
        go = (f"the {len(posts)} posts go" if len(posts) > 1
              else "--per-turn's post (one turn here) goes" if folder == "--per-turn"
              else "--discord's message (one here) goes" if folder
              else "the post goes (--out ends with a slash)")
        other = ("a file without the slash" if slash and not folder and len(posts) == 1
                 else "one post without --per-turn and --discord")
        if out.exists() and not out.is_dir():  # a file where the posts' folder should be
            check_targets([(out, "")], True, inputs)
            fail(f"{out}: exists and is not a folder; {go} into a folder "
                 f"(--out a folder, or {other})")
        if not out.exists() and names_a_file(out):
            # "--per-turn --out x.md" (or x.yaml) made a folder x.md/ and said nothing; with
            # one turn it wrote the post to the file x.yaml
            fail(f"{out}: names a file ({out.suffix}), but {go} into a "
                 f"folder; --out a folder (such as {out.with_suffix('')}), or {other}")
        targets = [(out / f"{stem}-{name}.{EXT[fmt]}", p) for name, p in zip(names, posts)]
        if len(posts) == 1 and names[0] == "01":  # one post, not numbered: the stem's name
            targets = [(out / f"{stem}.{EXT[fmt]}", posts[0])]
    return check_targets(targets, force, inputs)


def plan_maps(log, out: Optional[Path], posts: list[tuple[Path, str]], stem: str,
              only_turn: Optional[int] = None) -> list[tuple[Path, str]]:
    """``--map``: each turn's picture as ``<stem>-turnNN.svg`` (nothing written yet) in the
    folder the posts go to (the folder of ``--out``, or ``--out`` itself when it is a folder),
    else in the current folder."""
    from narrator.render.maps import turn_svgs

    folder = posts[0][0].parent if posts else (out if out is not None else Path("."))
    return [(folder / f"{stem}-turn{t:02d}.svg", text) for t, text in turn_svgs(log)
            if only_turn is None or t == only_turn]


def check_targets(targets: list[tuple[Path, str]], force: bool,
                  inputs: tuple[tuple[Path, str], ...] = ()) -> list[tuple[Path, str]]:
    """Check every output of a command before any is written or printed; fails (one line,
    exit 2) when a target is one of the command's ``inputs`` (``(path, what)``: the scenario,
    the event log...; refused even with ``force``, whatever the path's spelling, link or hard
    link), when two targets are one file, when a target exists and is not a regular file, or
    when one exists and ``force`` is not given.

    Returns:
        ``targets``, unchanged."""
    from narrator.files import same_file

    seen: dict[str, Path] = {}
    for path, _ in targets:
        for source, what in inputs:
            if same_file(path, source):
                fail(f"{path}:1:1: this is the {what} being read ({source}); an output never "
                     f"replaces its input, even with --force: write it elsewhere")
        key = os.path.realpath(path)
        if key in seen:
            fail(f"{path}: two of the outputs (write-up, posts, maps) would be this one file")
        seen[key] = path
        if path.exists() and not path.is_file():
            fail(f"{path}: exists and is not a regular file")
    if not force:
        existing = [str(p) for p, _ in targets if p.exists()]
        if existing:
            more = f" (and {len(existing) - 1} more)" if len(existing) > 1 else ""
            fail(f"{existing[0]}: exists{more}; use --force to overwrite")
    return targets


def write_files(files: list[tuple[Path, str]]) -> None:
    """Write every ``(path, text)``, all or none (``files.write_all``), each text ending with
    a newline as a text file does (a Discord message has none of its own); a failure is one
    line naming the file, exit 2."""
    from narrator.files import write_all

    try:
        write_all([(path, text if not text or text.endswith("\n") else text + "\n")
                   for path, text in files])
    except OSError as exc:
        path = exc.filename or files[0][0]
        fail(f"{path}: cannot write: {why_not_written(exc, Path(path))}")


def why_not_written(exc: OSError, path: Path) -> str:
    """An ``OSError`` from writing ``path`` in plain words where the system's are wrong: a
    folder that exists but takes no new files (a system folder such as /proc, where the
    system says "No such file or directory" of the file being created); else the system's
    own words ("Permission denied", "No space left on device")."""
    import errno

    folder = path.parent
    if exc.errno == errno.ENOENT and folder.is_dir():
        return (f"the folder {folder} takes no new files (a system folder, such as /proc or "
                f"/sys); write it elsewhere")
    return str(exc.strerror or exc)


def emit_posts(posts: list[str], out: Optional[Path], targets: list[tuple[Path, str]],
               maps: Optional[list[tuple[Path, str]]] = None) -> None:
    """Write the posts' ``targets`` and the ``maps`` together (all or none), or, with no
    ``out``, write the maps and then print the posts to stdout (separated by a marker line).
    Every target was checked beforehand (``plan_posts``, ``check_targets``)."""
    maps = maps or []
    if out is not None and targets and targets[0][0].parent != out.parent:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"{out}: cannot create the folder: {exc.strerror or exc}")
    write_files(targets + maps)
    if out is not None:
        if maps:
            typer.echo(maps_written(maps, out), err=True)
        return
    for i, post in enumerate(posts, 1):
        if i > 1:
            sys.stdout.write(f"\n\u2702 \u2500\u2500 post {i} of {len(posts)} \u2500\u2500\n\n")
        sys.stdout.write(post)
    if posts and not posts[-1].endswith("\n"):  # a Discord message has none of its own
        sys.stdout.write("\n")
    if maps:  # after the write-up, where a GM reading the terminal sees it last
        sys.stdout.flush()
        typer.echo(maps_written(maps, out), err=True)


def maps_written(maps: list[tuple[Path, str]], out: Optional[Path]) -> str:
    """The one line on stderr that says where ``--map`` wrote its pictures: how many, the
    folder, the first and last file ("maps: 5 SVG files in posts: mesa-turn01.svg ...
    mesa-turn05.svg"); with no ``--out`` the folder is the current one, said so with its
    path, and how to put them with the write-up instead."""
    folder = maps[0][0].parent
    files = maps[0][0].name + (f" ... {maps[-1][0].name}" if len(maps) > 1 else "")
    many = f"{len(maps)} SVG file{'s' if len(maps) > 1 else ''}"
    where = (f"the current folder ({shown_path(Path.cwd())})" if folder == Path(".")
             else shown_path(folder))
    if out is None:
        return (f"maps: {many} in {where}: {files} (--out FOLDER writes them there, beside "
                f"the write-up)")
    return f"maps: {many} in {where}: {files}"


def _folder_option(per_turn: bool, discord: bool) -> str:
    """The option by which ``--out`` is a folder whatever the number of posts: ``--per-turn``
    (one post a turn) or ``--discord`` (one file a message); "" for neither."""
    return "--per-turn" if per_turn else "--discord" if discord else ""


def plan_and_emit(log, posts: list[str], out: Optional[Path], stem: str, fmt: str,
                  force: bool, names: Optional[list[str]], map_: bool,
                  inputs: tuple[tuple[Path, str], ...], folder: str = "") -> None:
    """``run`` and ``render``: plan the posts and (``--map``) the pictures, check them all,
    then write them all (or print the posts). ``folder``: the option (``--per-turn``,
    ``--discord``) by which ``--out`` is a folder however many posts there are
    (``plan_posts``' ``folder``)."""
    targets = plan_posts(posts, out, stem, fmt, force, names, inputs, folder=folder)
    maps = plan_maps(log, out, targets, stem) if map_ else []
    check_targets(targets + maps, force, inputs)
    emit_posts(posts, out, targets, maps)


def render_or_fail(log, fmt: Format, mode: Mode, templates: Optional[Path], per_turn: bool,
                   discord: bool, tense: Tense, block: Block, spoiler_tag: str,
                   ooc_tag: str, text_maps: bool = False,
                   cite: bool = False) -> tuple[list[str], list[str]]:
    """Render a log to posts, turning a broken user template into a one-line error.

    Returns:
        The posts and each one's part of a file name: ``turnNN`` for a turn's post
        (``per_turn``), ``turnNN-MM`` for its MMth Discord message, ``MM`` for the MMth message
        of a whole fight, ``01`` for the one post."""
    from narrator.render import Options, render_posts

    if templates is not None and not templates.exists():
        fail(f"{templates}: --templates: no such folder")
    if templates is not None and not templates.is_dir():
        fail(f"{templates}: --templates must be a folder")
    if discord and fmt is not Format.markdown:
        fail("--discord needs --format markdown")
    if tense is Tense.past and mode is Mode.teaching:
        fail("--tense past is for story mode (--mode story); teaching mode explains each roll "
             "in the present, as the rulebook's examples do")
    refuse_idle_options(fmt, mode, block)
    if templates is not None:
        for line in unknown_templates(templates):
            typer.echo(shown_path(line), err=True)
    for tag in (spoiler_tag, ooc_tag):
        if not tag.isalnum():
            fail(f"tag name {tag!r}: letters and digits only")
    opts = Options(block=block.value, spoiler_tag=spoiler_tag, ooc_tag=ooc_tag, tense=tense.value,
                   text_maps=text_maps, cite=cite)
    try:
        posts = render_posts(log, fmt.value, mode.value, templates, per_turn, opts)
        if cite and templates is None and posts == render_posts(
                log, fmt.value, mode.value, None, per_turn, dataclasses.replace(opts, cite=False)):
            typer.echo("note: --cite changes nothing here: this fight has no GM ruling, house "
                       "rule or rule the write-up cites by its source line", err=True)
    except (Exception, RecursionError) as exc:  # a user template may fail in many ways
        if templates is None:
            raise
        fail(template_error(exc, templates))
    turns = [e.turn for e in log.events if e.kind == "turn_started"]
    if per_turn and len(turns) == len(posts):
        heads = [f"turn{t:02d}" for t in turns]
    else:
        heads = [f"{i:02d}" for i in range(1, len(posts) + 1)]
    if not discord:
        return posts, heads
    messages: list[str] = []
    names: list[str] = []
    for head, post in zip(heads, posts):
        split = discord_messages(post)
        messages += split
        if per_turn and head.startswith("turn"):
            names += [f"{head}-{i:02d}" for i in range(1, len(split) + 1)]
    if len(names) != len(messages):
        names = [f"{i:02d}" for i in range(1, len(messages) + 1)]
    return messages, names


TEMPLATE_FOLDERS = ("markdown", "bbcode", "html", "text", "common")
MAX_TEMPLATE_FILES = 2000  # files of a --templates folder looked at for unknown names


def unknown_templates(folder: Path) -> list[str]:
    """Warnings (one line each) for the files of a ``--templates`` folder that override none of
    ours: a misspelt name (``markdown/postt.j2``) or a folder other than ``markdown``,
    ``bbcode``, ``html``, ``text`` and ``common``, each with the nearest valid name. Such a
    file is still found by a template of the user's that includes or imports it, so it is
    warned about, not refused. Hidden files (``.post.j2.swp``) and links to folders are
    skipped (never followed: they may lead outside the folder, which the loader refuses to
    read); at most ``MAX_TEMPLATE_FILES`` files are looked at."""
    from narrator import ruleset as registry
    from narrator.render.core import template_dirs
    from narrator.scenario.loader import nearest

    ours = template_dirs()
    roots = [ours / f for f in TEMPLATE_FOLDERS]
    for name in registry.names():
        try:
            own = registry.get(name).templates()
        except Exception:  # noqa: BLE001 - a broken third-party ruleset names nothing
            own = None
        if own is not None:
            roots.append(own)
    valid: set[str] = set()
    for root in roots:
        for base, _, files in os.walk(root):
            valid |= {(Path(base) / f).relative_to(root).as_posix() for f in files
                      if not f.startswith(".") and f != "__pycache__"}
    choices = sorted(valid)
    out: list[str] = []
    seen = 0
    for top in sorted(folder.iterdir()):
        if top.name.startswith(".") or top.is_symlink():  # a link is not followed (sandbox.py)
            continue
        if top.name not in TEMPLATE_FOLDERS or not top.is_dir():
            near = nearest(top.name, list(TEMPLATE_FOLDERS))
            hint = f"; did you mean {near!r}?" if near else ""
            out.append(f"{top}: --templates: overrides nothing (templates go in the folders "
                       f"{', '.join(TEMPLATE_FOLDERS)}){hint}")
            continue
        for base, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                seen += 1
                if seen > MAX_TEMPLATE_FILES:
                    return out
                rel = (Path(base) / f).relative_to(top).as_posix()
                if f.startswith(".") or rel in valid:
                    continue
                near = nearest(rel, choices)
                hint = f"; did you mean {top.name}/{near}?" if near else ""
                out.append(f"{Path(base) / f}: --templates: overrides none of narrator's "
                           f"templates{hint} (used only if one of yours includes it)")
    return out


def given(name: str) -> bool:
    """Whether the running command's option ``name`` (its parameter's name: ``block``,
    ``spoiler_tag``...) was given on the command line (or by environment), not left at its
    default."""
    try:  # typer's own copy of click (typer >= 0.17), else click
        from typer._click.core import ParameterSource
        from typer._click.globals import get_current_context
    except ImportError:  # pragma: no cover - older typer
        from click import get_current_context
        from click.core import ParameterSource

    ctx = get_current_context(silent=True)
    if ctx is None:
        return False
    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE,
                                              ParameterSource.ENVIRONMENT)


def refuse_idle_options(fmt: Format, mode: Mode, block: Block) -> None:
    """Refuse (one line, exit 2) a write-up option given where it does nothing: any option of
    the prose with ``--format json`` (the event log is the same whatever they say); ``--block``
    in teaching mode (no rolls block); ``--spoiler-tag`` and ``--ooc-tag`` but with BBCode in
    story mode, with the block they name."""
    if fmt is Format.json:
        for name, option in (("mode", "--mode"), ("tense", "--tense"), ("block", "--block"),
                             ("spoiler_tag", "--spoiler-tag"), ("ooc_tag", "--ooc-tag"),
                             ("cite", "--cite"), ("per_turn", "--per-turn"),
                             ("templates", "--templates")):
            if given(name):
                fail(f"{option} does nothing with --format json: the event log is the same "
                     f"whatever the write-up's options")
    if given("block") and mode is Mode.teaching:
        fail("--block is for story mode (--mode story); teaching mode puts the rolls in the "
             "prose, not in a block")
    for name, option, kind in (("spoiler_tag", "--spoiler-tag", "spoiler"),
                               ("ooc_tag", "--ooc-tag", "ooc")):
        if not given(name):
            continue
        if fmt is not Format.bbcode:
            fail(f"{option} names a BBCode tag: it needs --format bbcode (markdown, html and "
                 f"text have their own {kind} blocks)")
        if mode is not Mode.story:
            fail(f"{option} names the tag of story mode's rolls block: it needs --mode story")
        if block.value != kind:
            fail(f"{option} names the tag of the {kind} block: it needs --block {kind} (the "
                 f"rolls go in a{'n' if block.value == 'ooc' else ''} {block.value} block)")


def refuse_idle_force(*writes: tuple[str, bool]) -> None:
    """``--force`` given to a command that writes no file this time: refused (one line, exit
    2), naming the options that would write one (``writes``: each option and whether given)."""
    if given("force") and not any(on for _, on in writes):
        options = " or ".join(name for name, _ in writes)
        fail(f"--force overwrites output files; without {options} nothing is written to a file")


def template_error(exc: BaseException, templates: Path) -> str:
    """One line for an error raised while rendering user templates: ``FILE:LINE:COLUMN:
    message``, the file and line of the innermost template frame (a syntax error carries its
    own). Jinja gives a line but no column: the column is where the first name the message
    quotes ('endfo', 'nosuch') stands on that line as a word, else 1. A whole-file problem
    (not UTF-8) has no line: ``FILE: message``."""
    import os

    name, line = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    root = os.path.realpath(templates)
    cause: BaseException | None = exc
    while not name and cause is not None:  # the innermost template frame, here or in a cause
        tb = cause.__traceback__
        while tb is not None:
            file = tb.tb_frame.f_code.co_filename
            if file.endswith(".j2") or os.path.realpath(file).startswith(root + os.sep):
                name, line = file, tb.tb_lineno
            tb = tb.tb_next
        cause = cause.__cause__ or cause.__context__
    column = getattr(exc, "colno", None) or (template_column(exc, name, line) if line else 1)
    where = (f"{name}:{line}:{column}" if line else name) \
        if name else str(templates)
    what = " ".join(str(exc).split())[:300] or type(exc).__name__
    return f"{shown_path(where)}: template error: {type(exc).__name__}: {what}"


def template_column(exc: BaseException, name: str, line: int) -> int:
    """1-based column on ``line`` of template ``name`` of the first name quoted in ``exc``'s
    message that stands there as a word (``Encountered unknown tag 'endfo'``), else 1."""
    import re

    source = getattr(exc, "source", None)
    if source is None:
        try:
            source = Path(name).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return 1
    lines = source.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    for quoted in re.findall(r"'([A-Za-z_]\w*)'", str(exc)):
        m = re.search(rf"(?<![\w.]){quoted}\b", text)
        if m:
            return m.start() + 1
    return 1


def shown_path(path: object) -> str:
    """A file name as messages print it: on one line, control characters escaped."""
    from narrator.errors import printable
    return printable(path)


FMT_OPT = typer.Option(Format.markdown, "--format", "-f", help="Output format.")
POSTS = tuple(f.value for f in Format if f is not Format.json)  # the formats of a post


def post_format(value: object) -> Format:
    """``next``'s ``--format``: one of ``POSTS``; ``json`` passes, for ``next`` to refuse
    with the command that writes the event log. Raises typer.BadParameter otherwise."""
    if isinstance(value, Format):
        return value
    if value in POSTS or value == Format.json.value:
        return Format(value)
    raise typer.BadParameter(f"{value!r} is not one of {', '.join(map(repr, POSTS))}.")


POST_FMT_OPT = typer.Option(  # next: a post, never the event log
    "markdown", "--format", "-f", metavar=f"<{'|'.join(POSTS)}>", help="Output format.",
    parser=post_format,
    autocompletion=lambda incomplete: [f for f in POSTS if f.startswith(incomplete)])
MODE_OPT = typer.Option(Mode.teaching, "--mode", "-m", help="teaching: every roll in the prose; story: prose, with the rolls in a spoiler or OOC block.")
OUT_OPT = typer.Option(None, "--out", "-o", help="Write here instead of standard output: a file, or a folder (always with --per-turn or --discord, even for one post or message), which is made if missing; a new folder named like a file (posts.md) is refused.")
PER_TURN_OPT = typer.Option(False, "--per-turn", help="One post per turn, as a GM posts them.")
DISCORD_OPT = typer.Option(False, "--discord", help="Split Markdown into Discord messages under 2,000 characters.")
TENSE_OPT = typer.Option(Tense.present, "--tense", help="Tense of the story prose (story mode).")
BLOCK_OPT = typer.Option(Block.spoiler, "--block", help="Story mode: put the rolls in a spoiler or an OOC block.")
SPOILER_OPT = typer.Option("spoiler", "--spoiler-tag", help="BBCode tag name for spoilers.")
OOC_OPT = typer.Option("ooc", "--ooc-tag", help="BBCode tag name for out-of-character blocks.")
TEMPLATES_OPT = typer.Option(None, "--templates", help="A folder of templates overriding ours file by file.")
FORCE_OPT = typer.Option(False, "--force", help="Overwrite existing output files.")
MAP_OPT = typer.Option(False, "--map", help="Also write a picture of each turn as an SVG file (next to --out, else in the current folder; a line on stderr says where), and put a small character map after each turn's status in Markdown, BBCode and text. HTML always shows the pictures.")
CITE_OPT = typer.Option(False, "--cite", help="Cite the rules (source and line) and tag GM rulings and house rules in the prose.")


@app.command()
def run(
    scenario: Path = typer.Argument(..., help="The scenario YAML file."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=SEED_MAX, help="Seed for unscripted dice (overrides the scenario's)."),
    fmt: Format = FMT_OPT,
    mode: Mode = MODE_OPT,
    out: Optional[str] = OUT_OPT,
    per_turn: bool = PER_TURN_OPT,
    discord: bool = DISCORD_OPT,
    tense: Tense = TENSE_OPT,
    block: Block = BLOCK_OPT,
    spoiler_tag: str = SPOILER_OPT,
    ooc_tag: str = OOC_OPT,
    profile: ProfileChoice = typer.Option(ProfileChoice.scenario, "--profile", help="'tables' ignores the scenario's house rules and GM rulings."),
    dice_fallback: Optional[Fallback] = typer.Option(None, "--dice-fallback", help="When scripted dice run out: 'error' stops, 'seeded' rolls on."),
    templates: Optional[Path] = TEMPLATES_OPT,
    cite: bool = CITE_OPT,
    force: bool = FORCE_OPT,
    map_: bool = MAP_OPT,
) -> None:
    """Fight a scenario to its end and write it up (every roll shown)."""
    out = out_path(out)
    refuse_idle_force(("--out", out is not None), ("--map", map_))
    from narrator.engine import run_fight
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario

    from narrator.playbypost import run_recorded

    fallback = dice_fallback.value if dice_fallback else None
    done = 0
    try:
        loaded = load_scenario(scenario)
        resolved = [i for i, t in enumerate(loaded.scenario.turns) if t.resolved is not None]
        if resolved and profile is ProfileChoice.tables:
            _refuse_tables_on_records(loaded, resolved[0])
        if resolved or loaded.scenario.state is not None:
            log, done = run_recorded(loaded, seed, dice_fallback=fallback)
        else:
            log = run_fight(loaded, seed, tables_only=profile is ProfileChoice.tables,
                            dice_fallback=fallback)
    except NarratorError as exc:
        fail(exc.one_line())
    posts, names = render_or_fail(log, fmt, mode, templates, per_turn, discord, tense, block,
                                  spoiler_tag, ooc_tag, map_, cite)
    plan_and_emit(log, posts, out, scenario.stem, fmt.value, force, names, map_,
                  ((scenario, "scenario"),), _folder_option(per_turn, discord))
    if done:
        fought = log.events[-1].turns
        said = "turn 1" if done == 1 else f"turns 1-{done}"
        rest = ("" if fought <= done else
                f"; turn {fought} fought on" if fought == done + 1 else
                f"; turns {done + 1}-{fought} fought on")
        edited = any(e.kind == "state_adjusted" for e in log.events)
        typer.echo(f"{scenario}: {said} replayed from the records narrator next wrote"
                   + (", with the GM's edits of state:" if edited else "") + rest
                   + (" (not recorded: narrator next resolves and records them)" if rest
                      else ""), err=True)
    if seed is None and dice_fallback is None and profile is ProfileChoice.scenario:
        from narrator.lint import unresolved, warnings  # the fight as the scenario has it

        for w in unresolved(loaded, warnings(loaded, log)):  # (a resolved turn's: told by next)
            typer.echo(w.one_line(), err=True)


_JSON_WHY = {  # the JSON decoder's words (the start of its message), as a GM would read them
    "Expecting value": "a value was expected here",
    "Expecting ',' delimiter": "a ',' was expected here",
    "Expecting ':' delimiter": "a ':' was expected here",
    "Expecting property name enclosed in double quotes": "a name in double quotes was expected here",
    "Extra data": "there is more text after the end of the log",
    "Invalid control character": "a line break or tab inside a quoted text",
    "Invalid \\escape": "a backslash that starts no escape",
    "Invalid \\uXXXX escape": "a \\u escape without four hex digits",
}


def json_error(exc: ValueError, text: str) -> str:
    """``LINE:COLUMN: why`` for a ``json.JSONDecodeError`` of ``text``, in plain words: a log
    cut short (the decoder ran into its end, in a quoted text or between values) is located
    at its end and said to be cut; any other error where the decoder stopped."""
    msg, pos = getattr(exc, "msg", str(exc)), getattr(exc, "pos", 0)
    if msg.startswith("Unterminated string") or pos >= len(text.rstrip()):
        end = len(text.rstrip())
        line = text.count("\n", 0, end) + 1
        column = end - (text.rfind("\n", 0, end) + 1) + 1
        return (f"{line}:{column}: the event log ends here, in the middle of its JSON: it was "
                f"cut short (saved or copied in part)")
    why = next((said for words, said in _JSON_WHY.items() if msg.startswith(words)), msg)
    return f"{exc.lineno}:{exc.colno}: not JSON ({why})"  # type: ignore[attr-defined]


def refuse_a_broken_seal(events: Path, text: str) -> None:
    """``render``'s check of a saved log against its seal (``narrator.events.seal_breach``):
    a log edited after the fight would be written up under the footer hash of the fight it
    is not. Exits 2 with ``FILE:LINE:COLUMN: why`` at the first event that differs."""
    from narrator.events import seal_breach

    try:
        breach = seal_breach(text)
    except ValueError:
        return  # not JSON: from_json said so
    if breach is None:
        return
    offset, why = breach
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    fail(f"{events}:{line}:{column}: {why}; render takes the event log that "
         f"'narrator run --format json' writes, unedited")


@app.command()
def render(
    events: Path = typer.Argument(..., help="An event log written by 'narrator run --format json', unedited (it is sealed: an edited log is refused)."),
    fmt: Format = FMT_OPT,
    mode: Mode = MODE_OPT,
    out: Optional[str] = OUT_OPT,
    per_turn: bool = PER_TURN_OPT,
    discord: bool = DISCORD_OPT,
    tense: Tense = TENSE_OPT,
    block: Block = BLOCK_OPT,
    spoiler_tag: str = SPOILER_OPT,
    ooc_tag: str = OOC_OPT,
    templates: Optional[Path] = TEMPLATES_OPT,
    cite: bool = CITE_OPT,
    force: bool = FORCE_OPT,
    map_: bool = MAP_OPT,
) -> None:
    """Write up a saved fight again, in another format or mode, without rolling a die."""
    out = out_path(out)
    refuse_idle_force(("--out", out is not None), ("--map", map_))
    import json

    from narrator.events import FightLog

    from narrator.errors import NarratorError
    from narrator.scenario.loader import read_text

    try:  # a regular file of at most 50 MB, checked before reading (a FIFO never hangs)
        text = read_text(events, "the event log", limit=50_000_000)
    except NarratorError as exc:
        fail(exc.one_line())
    text = text.removeprefix("\ufeff")  # a BOM an editor saved in front: not the log's text
    if not text.strip():
        fail(f"{events}:1:1: the event log is empty; render takes the event log that "
             f"'narrator run --format json' writes")
    try:
        log = FightLog.from_json(text)
    except json.JSONDecodeError as exc:
        fail(f"{events}:{json_error(exc, text)}; render takes the event log that "
             f"'narrator run --format json' writes")
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        why = " ".join(str(exc).split())[:200]
        if not why.startswith("not a narrator event log"):
            refuse_a_broken_seal(events, text)
        if why.startswith("not a narrator event log"):
            why = "its \"format\" is not narrator-log/1"
        elif not isinstance(exc, ValueError) or not why:
            why = f"{type(exc).__name__}: {why}" if why else type(exc).__name__
        fail(f"{events}:1:1: not a narrator event log ({why}); render takes the event log that "
             f"'narrator run --format json' writes")
    refuse_a_broken_seal(events, text)
    try:
        posts, names = render_or_fail(log, fmt, mode, templates, per_turn, discord, tense,
                                      block, spoiler_tag, ooc_tag, map_, cite)
    except typer.Exit:
        raise
    except Exception as exc:  # a hand-edited log can break the templates' expectations
        fail(f"{events}:1:1: not a valid narrator event log (it cannot be written up: "
             f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]})")
    plan_and_emit(log, posts, out, events.stem, fmt.value, force, names, map_,
                  ((events, "event log"),), _folder_option(per_turn, discord))


@app.command(name="next")
def next_turn(
    scenario: Path = typer.Argument(..., help="The scenario YAML file; it is updated in place (a .bak copy is kept)."),
    redo: Optional[int] = typer.Option(None, "--redo", min=1, help="Resolve turn N again, discarding it and every later turn."),
    repost: Optional[int] = typer.Option(None, "--repost", min=1, help="Print the post of resolved turn N again, from its record (nothing is rolled or written)."),
    fmt: Format = POST_FMT_OPT,
    mode: Mode = MODE_OPT,
    out: Optional[str] = OUT_OPT,
    discord: bool = DISCORD_OPT,
    tense: Tense = TENSE_OPT,
    block: Block = BLOCK_OPT,
    spoiler_tag: str = SPOILER_OPT,
    ooc_tag: str = OOC_OPT,
    templates: Optional[Path] = TEMPLATES_OPT,
    cite: bool = CITE_OPT,
    force: bool = FORCE_OPT,
    map_: bool = MAP_OPT,
) -> None:
    """Resolve the next turn of a play-by-post fight, write its post, and record the rolls and the state in the scenario file (comments and layout kept)."""
    out = out_path(out)
    from narrator.errors import NarratorError
    from narrator.files import deferred_signals
    from narrator.playbypost import commit_next, lock_scenario, repost as replay_turn
    from narrator.playbypost import resolve_next

    if fmt is Format.json:
        fail("next writes a post; use 'narrator run --format json' for the event log")
    if redo is not None and repost is not None:
        fail("--redo and --repost: choose one")
    refuse_idle_force(("--out", out is not None),  # a repost's --map draws no SVG
                      *((("--map", map_),) if repost is None else ()))
    if repost is not None:
        try:
            log = replay_turn(scenario, repost)
        except NarratorError as exc:
            fail(exc.one_line())
        posts, _ = render_or_fail(log, fmt, mode, templates, True, False, tense, block,
                                  spoiler_tag, ooc_tag, map_, cite)
        post = [posts[repost - 1]]
        if discord:
            post = discord_messages(post[0])
        targets = plan_posts(post, out, f"{scenario.stem}-turn{repost:02d}", fmt.value, force,
                             inputs=_scenario_inputs(scenario),
                             folder=_folder_option(False, discord))
        emit_posts(post, out, targets)
        return
    try:
        with lock_scenario(scenario):
            done = resolve_next(scenario, redo, write=False)
            try:  # a scenario that cannot take the record: refused before the post is out
                check_record_can_write(scenario)
            except OSError as exc:
                fail(f"{scenario}:1:1: cannot write: {exc.strerror or exc}; turn {done.turn} "
                     f"was not recorded, and nothing was posted")
            posts, _ = render_or_fail(done.log, fmt, mode, templates, True, False, tense,
                                      block, spoiler_tag, ooc_tag, map_, cite)
            post = [posts[done.turn - 1]]
            if discord:
                post = discord_messages(post[0])
            stem = f"{scenario.stem}-turn{done.turn:02d}"
            inputs = _scenario_inputs(scenario)
            targets = plan_posts(post, out, stem, fmt.value, force, inputs=inputs,
                                 folder=_folder_option(False, discord))
            maps = (plan_maps(done.log, out, targets, scenario.stem, only_turn=done.turn)
                    if map_ else [])
            check_targets(targets + maps, force, inputs)
            check_folders(targets + maps)
            # the post (and its picture) go out first, the record last: a turn is never
            # recorded without its post; if the record cannot be written, the post is taken
            # back (a file: the one it replaced, with --force, put back) or declared void
            # (standard output), and the turn can simply be resolved again
            replaced = kept_for_take_back([path for path, _ in targets + maps])
            with deferred_signals():
                try:
                    emit_posts(post, out, targets, maps)
                    flush_stdout()
                    commit_next(scenario, done)
                except (NarratorError, OSError) as exc:
                    take_back([path for path, _ in targets + maps], replaced)
                    msg = exc.one_line() if isinstance(exc, NarratorError) else (
                        f"{scenario}: cannot write the post: {exc.strerror or exc}")
                    void = "" if targets else "; the post printed above does not count"
                    fail(f"{msg}; turn {done.turn} was not recorded{void}")
    except NarratorError as exc:
        fail(exc.one_line())
    end = done.log.events[-1]
    note = ""
    if end.reason == "side_down":
        from narrator.playbypost import over_why
        from narrator.scenario.loader import load_scenario_text

        try:
            why = over_why(load_scenario_text(done.text, str(scenario)), done.log)
        except NarratorError:
            why = "one side is all down"
        note = f"; the fight is over: {why}"
    elif done.finished:
        note = "; that was the last turn (add a turn, or raise max_turns, to go on)"
    typer.echo(f"{scenario}: turn {done.turn} resolved and recorded{note}", err=True)
    if done.discarded:   # --redo: what went, and where the file before it is
        typer.echo(f"{scenario}: --redo {done.turn} discarded {done.discarded}; the file as "
                   f"it was is {scenario}.bak (until the next narrator next replaces it)",
                   err=True)
    for w in done.warnings:   # the turn resolved: its own warnings, never an earlier turn's
        typer.echo(w.one_line(), err=True)
    _warn_dice_left(scenario, done)


def _warn_dice_left(scenario: Path, done) -> None:
    """After ``next`` recorded ``done``: a warning (one line on standard error, located in
    the file as now written) per list of scripted dice with values left: when one side is
    all down, never rolled (``lint.unused_dice``, as ``check`` and ``run`` warn); after the
    last declared turn (a GM adds a turn and the dice rolled for it), left over by it
    (``lint.leftover_dice``); nothing while later turns are declared (the dice are theirs)."""
    from narrator.errors import NarratorError
    from narrator.lint import leftover_dice, unused_dice
    from narrator.scenario.loader import load_scenario_text

    try:
        loaded = load_scenario_text(done.text, str(scenario))
    except NarratorError:
        return
    if not loaded.script:
        return
    if done.log.events[-1].reason == "side_down":  # (no later turn: never rolled)
        found = unused_dice(loaded, done.log)
    elif done.turn >= len(loaded.scenario.turns):  # (later turns declared: the dice are theirs)
        found = leftover_dice(loaded, done.log, done.turn)
    else:
        return
    for w in sorted(found, key=lambda w: (w.line or 0, w.column or 0)):
        typer.echo(w.one_line(), err=True)


def check_record_can_write(scenario: Path) -> None:
    """Refuse, before ``next`` posts anything, a scenario whose record could not be written:
    the file (through a link: the file it names) must be a writable regular file in a folder
    that takes a new file (the record's temporary file), and the folder of the name given
    must take the ``.bak`` too (the name of a link may stand in another folder).

    Raises:
        OSError: named for the scenario as given (see ``files.check_can_write``).
    """
    from narrator.files import check_can_write, check_folder_can_write, check_writable

    check_writable(scenario)  # exists (a missing scenario is not a file to create)
    check_can_write(scenario)
    folder = Path(os.path.abspath(scenario)).parent
    if os.path.realpath(folder) != os.path.dirname(os.path.realpath(scenario)):
        try:
            check_folder_can_write(folder)
        except OSError as exc:
            exc.filename = str(scenario)
            raise


def check_folders(targets: list[tuple[Path, str]]) -> None:
    """Refuse (one line naming the target as given, exit 2), before anything is written or
    printed, a target whose folder exists but cannot take a new file (``files.
    check_folder_can_write``, each folder once); a folder still to be made is made, or
    refused, when the files are written."""
    from narrator.files import check_folder_can_write

    seen: set[str] = set()
    for path, _ in targets:
        folder = path.parent
        key = os.path.realpath(folder)
        if key in seen or not folder.is_dir():
            continue
        seen.add(key)
        try:
            check_folder_can_write(folder)
        except OSError as exc:
            fail(f"{path}: cannot write: {why_not_written(exc, Path(path))}")


def kept_for_take_back(paths: list[Path]) -> dict[Path, bytes]:
    """The bytes of each of ``paths`` that exists (a post --force will replace), to put back
    if the turn's record then fails (``take_back``). Fails (one line, exit 2) on one that
    cannot be read: it could not be put back."""
    kept: dict[Path, bytes] = {}
    for path in paths:
        if path.is_file():
            try:
                kept[path] = path.read_bytes()
            except OSError as exc:
                fail(f"{path}: cannot read the file --force would replace: "
                     f"{exc.strerror or exc}")
    return kept


def take_back(paths: list[Path], replaced: dict[Path, bytes]) -> None:
    """Undo the writing of ``paths`` (a post whose record failed): a file that was there
    before (``replaced``: its old bytes, overwritten with --force) is put back as it was, a
    new one removed. Best effort: an error here is not raised over the one being reported."""
    import contextlib

    for path in paths:
        with contextlib.suppress(OSError):
            if path in replaced:
                write_atomic(path, replaced[path])
            else:
                path.unlink(missing_ok=True)


def _scenario_inputs(scenario: Path) -> tuple[tuple[Path, str], ...]:
    """What ``next`` reads and rewrites, which no output of it may land on: the scenario and
    its backup."""
    return ((scenario, "scenario"),
            (scenario.with_name(scenario.name + ".bak"), "scenario's backup"))


def flush_stdout() -> None:
    """Flush standard output now (a full disk or a closed pipe shows here, not at exit).

    Raises:
        OSError: the post could not be written.
    """
    sys.stdout.flush()


def discord_messages(post: str) -> list[str]:
    """A Markdown post as Discord messages (``split_discord``), with ``@everyone`` and
    ``@here`` neutralised (a zero-width space after the ``@``: ``render_posts`` did so
    already, and a post from elsewhere gets it too) so nothing in it can ping a server."""
    from narrator.render import split_discord
    from narrator.render.markup import no_mass_ping
    # neutralised before the split, so the added characters count towards the limit
    return split_discord(no_mass_ping(post))


@app.command()
def status(scenario: Path = typer.Argument(..., help="The scenario YAML file.")) -> None:
    """Show where a play-by-post fight stands: each character's condition, wounds, wound points, rounds loaded, position, and what else state: records (held by, bruise points, prone, mounted, cover) after the last resolved turn (with the GM's edits of state:)."""
    from rich.table import Table

    from narrator.errors import NarratorError
    from narrator.playbypost import replay, state_with_edits
    from narrator.scenario import load_scenario

    try:
        loaded = load_scenario(scenario)
        done, log, edits = replay(loaded)
    except NarratorError as exc:
        fail(exc.one_line())
    if log is None:
        typer.echo(f"{scenario}: no turn resolved yet; 'narrator next' resolves turn 1")
        return
    state = state_with_edits(log, edits, loaded)
    from rich import box
    from rich.text import Text

    from narrator.ruleset import get as ruleset

    own = ruleset(loaded.scenario.ruleset).status_columns(loaded)  # wounds, WP; Injuries...
    edited = f" (with the GM's edits of {', '.join(edits)})" if edits else ""
    unit = ruleset(loaded.scenario.ruleset).unit()  # "turn", "round"...
    title = f"{loaded.scenario.title}: after {unit} {state['turn']}{edited}"
    guns = any("loaded" in c for c in state["characters"].values())
    noted = any(_state_notes(c) for c in state["characters"].values())
    # a character's name is never wrapped ("Marshal" / "Bill" / "Tilghman" at 80 columns):
    # the first column is as wide as the longest name (and side's label)
    columns = [("character", True), ("condition", False)] + [(h, nw) for h, _, nw in own] + [
        ("loaded", False)] * guns + [("at", True)] + [("also", False)] * noted
    side = None
    labels = _side_labels(loaded)
    shorts = {c.name: c.short or c.name for _, c in loaded.scenario.characters()}
    rows: list[list] = []
    rs = ruleset(loaded.scenario.ruleset)
    # a gun jammed (or misfired) at the last turn's end says so, as the post's status lines
    # do ("Colt Army 4/6 (jammed)"; a fresh GM's status showed "Colt Army 4" alone)
    ends = [e for e in log.events if e.kind == "turn_ended"]
    jams = {(c.name, w.name) for c in (ends[-1].status if ends else ()) for w in c.weapons
            if w.state == "jammed"}
    hints: list[str] = []  # a man the edited numbers put out as the next turn starts
    for name, c in state["characters"].items():  # by side, under the side's name
        if loaded.side_of[name] != side:
            side = loaded.side_of[name]
            rows.append([Text(f"{labels.get(side, side)}:", style="bold italic")])
        hurt = tuple(cell(name, c) for _, cell, _ in own)
        rounds = [Text("\n".join(f"{k} {v}" + (" (jammed)" if (name, k) in jams else "")
                                  for k, v in c.get("loaded", {}).items()))] * guns
        also = [Text("\n".join(_state_notes(c, shorts)) or "-")] * noted
        out = rs.edited_out(loaded, name, c)
        condition = c["condition"].replace("_", " ")
        if out is not None:  # "active" no longer: what the rules make of his numbers
            condition = f"{out[0]}*"
            hints.append(f"* {name}, {out[0]}: {out[1]}")
        rows.append([Text(name), condition, *hurt, *rounds, _yards(c["at"]), *also])
    console = _console()
    heads, no_wraps = [h for h, _ in columns], [nw for _, nw in columns]
    if not _status_fits(heads, no_wraps, rows, console.width):
        # too narrow for a table that keeps every name whole and cuts no word: a block per
        # character, the name and the short facts on one line, the rest a line each
        typer.echo(_status_blocks(title, columns, rows, console.width))
        _echo_hints(hints, console.width)
        return
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    widths = _status_widths(heads, no_wraps, rows, console.width)
    for (col, no_wrap), width in zip(columns, widths):
        # every column's width is worked out here (_status_widths): never narrower than its
        # longest word (a header, a wound's place, a gun's name: never "characte/r",
        # "shoulde/r"), nor a name or a position ("30, 1" for "30, 10"), while the whole
        # fits; rich's own narrowing would cut them
        table.add_column(col, overflow="fold", width=width, no_wrap=no_wrap)
    for row in rows:
        if len(row) > 1:  # a word wider than its column is broken after a hyphen if it can
            row = [Text(_hyphen_lines(x.plain, w), style=x.style) if isinstance(x, Text)
                   else _hyphen_lines(x, w) for x, w in zip(row, widths)]
        table.add_row(*row)
    console.print(table)
    _echo_hints(hints, console.width)


def _echo_hints(hints: list[str], room: int) -> None:
    """``status``'s notes under the table: each man the GM's edited numbers put out when the
    next turn starts, why (the rule), and how to keep him up; wrapped at ``room``."""
    import textwrap

    for hint in hints:
        typer.echo("\n".join(textwrap.wrap(hint, max(room, 40), subsequent_indent="  ",
                                           break_long_words=False, break_on_hyphens=False)))


def _status_blocks(title: str, columns: list[tuple[str, bool]], rows: list[list],
                   room: int) -> str:
    """``status`` where its table does not fit ``room`` columns: the title (wrapped), then
    under each side's label a block per character: his name (never broken) and the short
    facts (the condition, then the other ``no_wrap`` columns: "active; WP 0/14; at 0, 6") on
    one line, then each other column that says something as "heading: text" on a line of
    its own, wrapped at ``room`` under its own indent::

        law:
          Marshal Bill Tilghman: active; WP 0/14; at 0, 6
            loaded: Colt 4
            also: in cover: the livery door
    """
    import textwrap

    def plain(cell) -> str:
        return str(getattr(cell, "plain", cell))

    def wrap(text: str, first: str, rest: str) -> list[str]:
        return textwrap.wrap(text, max(room, len(first) + 1), initial_indent=first,
                             subsequent_indent=rest, break_long_words=False,
                             break_on_hyphens=False) or [first.rstrip()]

    out = [*textwrap.wrap(title, max(room, 20), break_long_words=False,
                          break_on_hyphens=False), ""]
    for row in rows:
        if len(row) == 1:  # a side's label
            out.append(plain(row[0]))
            continue
        cells = [plain(x) for x in row]
        short = [cells[1]] + [f"{head} {text}" for (head, nw), text in
                              zip(columns[2:], cells[2:]) if nw]
        # the name and each short fact one word to textwrap: never broken ("WP" / "0/14")
        whole = [x.replace(" ", "\u00a0") for x in [f"{cells[0]}:", *short]]
        out += [line.replace("\u00a0", " ") for line in
                wrap(f"{whole[0]} {'; '.join(whole[1:])}", "  ", "      ")]
        for (head, nw), text in zip(columns[2:], cells[2:]):
            said = "; ".join(line for line in text.split("\n") if line)
            if not nw and said and said != "-":
                out += wrap(f"{head}: {said}", "    ", "      ")
    return "\n".join(out)


def _status_fits(heads: list[str], no_wrap: list[bool], rows: list[list], room: int) -> bool:
    """Whether ``status``'s table fits ``room`` columns with every ``no_wrap`` column (a
    character's name, a position) whole and no word broken, not even after a hyphen (a
    table narrower than that reads one word a line: "held" / "by" / "Jesse")."""
    return sum(_status_levels(heads, no_wrap, rows)[2]) <= room - 2 - 3 * (len(heads) - 1)


def _status_widths(heads: list[str], no_wrap: list[bool], rows: list[list], room: int
                   ) -> list[int]:
    """The width of each of ``status``'s columns (``heads``; ``rows``: the cells, str or
    rich ``Text``, a side's row with one cell) in a table of at most ``room`` columns: each
    column as wide as its widest line when they all fit, else at least as wide as its
    longest word (a ``no_wrap`` column: its widest line; the first column: a side's
    label, kept whole while it can be), the widest narrowed first, down to one level, as
    rich narrows a table. When the longest words do not fit, a side's label is wrapped at
    its spaces, then a hyphenated word may be broken after a hyphen ("double-" /
    "barrel", ``_hyphen_lines``); only when even that does not fit is a word cut.

    Returns:
        One width per column, in characters, padding and borders not included.
    """
    widest, least, spaced, hyphened = _status_levels(heads, no_wrap, rows)
    # box.SIMPLE_HEAD, pad_edge=False: an edge each side, one divider and two pads between
    # columns
    free = room - 2 - 3 * (len(heads) - 1)
    if sum(widest) <= free:
        return widest
    least = next((m for m in (least, spaced) if sum(m) <= free), hyphened)
    if sum(least) >= free:
        return least
    # as rich narrows a table, the widest columns first, down to one level (never below a
    # column's longest word): the highest level at which the whole fits
    def at(level: int) -> list[int]:
        return [min(w, max(m, level)) for w, m in zip(widest, least)]

    level = max(widest)
    while sum(at(level)) > free:
        level -= 1
    share = at(level)
    for i in sorted(range(len(heads)), key=lambda i: -widest[i]):  # the room left, one each
        if sum(share) < free and share[i] < widest[i]:
            share[i] += 1
    return share


def _status_levels(heads: list[str], no_wrap: list[bool], rows: list[list]
                   ) -> tuple[list[int], list[int], list[int], list[int]]:
    """The widths ``_status_widths`` chooses among, one per column: its widest line; its
    least (its longest word, a side's label whole in the first column); its longest word;
    its longest part of a word broken after a hyphen (a ``no_wrap`` column: its widest line
    in all four)."""
    def lines(cell) -> list[str]:
        return str(getattr(cell, "plain", cell)).split("\n")

    widest, least, spaced, hyphened = [], [], [], []
    for i, head in enumerate(heads):
        cells = [head] + [x for r in rows if len(r) > 1 or i == 0 for x in r[i:i + 1]]
        text = [line for x in cells for line in lines(x)]
        widest.append(max(len(line) for line in text))
        words = [w for line in text for w in line.split()] or ["-"]
        longest = max(len(w) for w in words)
        parts = max(len(p) for w in words for p in _HYPHEN.split(w))
        labels = [len(line) for r in rows if len(r) == 1 for line in lines(r[0])] * (i == 0)
        # a side's label, on a row of its own, is kept whole ("Varga gang:") while it can be
        least.append(widest[-1] if no_wrap[i] else max([longest, *labels]))
        spaced.append(widest[-1] if no_wrap[i] else longest)
        hyphened.append(widest[-1] if no_wrap[i] else parts)
    return widest, least, spaced, hyphened


_HYPHEN = re.compile(r"(?<=[A-Za-z]-)(?=[A-Za-z])")  # after a hyphen between letters


def _hyphen_lines(text: str, width: int) -> str:
    """``text`` with each word longer than ``width`` broken after its hyphens into lines of
    at most ``width`` where it can be ("double-barrel" at 8: "double-" / "barrel"); other
    words, and the spaces and line breaks between them, as they are."""
    def fit(word: str) -> str:
        if len(word) <= width:
            return word
        out, line = [], ""
        for part in _HYPHEN.split(word):
            if line and len(line) + len(part) > width:
                out.append(line)
                line = ""
            line += part
        return "\n".join([*out, line])

    return re.sub(r"\S+", lambda m: fit(m.group()), text)


def _state_notes(c: dict, shorts: dict[str, str] | None = None) -> list[str]:
    """What else a character's ``state:`` entry records, for ``narrator status``'s "also"
    column: "held by Jesse" (``held_by``, by the holder's short name from ``shorts``, full
    name -> short), "bruise points 9" (``bruise_points``), "prone", "mounted", "in cover:
    the stable door" (``cover``); ``[]`` when none is."""
    notes = []
    if c.get("held_by"):
        notes.append(f"held by {(shorts or {}).get(c['held_by'], c['held_by'])}")
    if c.get("bruise_points"):
        notes.append(f"bruise points {c['bruise_points']}")
    if c.get("prone") is True:
        notes.append("prone")
    if c.get("mounted") is True:
        notes.append("mounted")
    if c.get("cover"):
        notes.append(f"in cover: {str(c['cover']).replace('_', ' ')}")
    return notes


def _side_labels(loaded) -> dict[str, str]:
    """Each side's label as the write-up shows it (side key -> "Varga gang", "Kessler
    boys", the key itself when it needs no other name): for the status, odds and batch
    tables, which are read beside the write-up and must name the sides as it does."""
    from narrator.render.inflection import display_names_of, side_label

    sc = loaded.scenario
    names = display_names_of(sc.sides, loaded.side_of.items(), getattr(sc, "side_names", None))
    return {side: side_label(side, names) for side in sc.sides}


def _yards(at) -> str:
    """A position for a table: ``x, y`` in yards to a tenth ("2, 3.3")."""
    return f"{round(at[0], 1):g}, {round(at[1], 1):g}"


@app.command()
def check(scenario: Path = typer.Argument(..., help="The scenario YAML file.")) -> None:
    """Validate a scenario, without a write-up: prints 'ok' or one located error (exit 2).

    A scenario with scripted dice is fought to check them, so what run refuses, check refuses.
    """
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario

    from narrator.playbypost import resolved_turns

    try:
        loaded = load_scenario(scenario)
        done = resolved_turns(loaded)  # what next and status refuse, check refuses too
        log = None
        if loaded.script:  # scripted dice are checked by fighting: what run refuses, check
            from narrator.engine import run_fight  # refuses (a d6 die of 7, dice run out)

            log = run_fight(loaded)
    except NarratorError as exc:
        fail(exc.one_line())
    from narrator.lint import warnings

    for w in warnings(loaded, log):
        typer.echo(w.one_line(), err=True)
    sc = loaded.scenario
    people = sum(len(v) for v in sc.sides.values())
    from narrator.render.inflection import count

    declared = len(sc.turns)
    most = getattr(sc, "max_turns", None) or 0  # the fight may go on past the declared turns
    turns = (count(declared, "turn", False) if most <= declared else
             f"at most {count(most, 'turn', False)} ({declared or 'none'} declared)")
    typer.echo(f"{scenario}: ok: {sc.title!r}, {count(len(sc.sides), 'side', False)}, "
               f"{count(people, 'character', False)}, {turns}"
               + (f", {done} resolved" if done else ""))


def _known_ruleset(value: str) -> str:
    """``--ruleset``'s check: a registered ruleset (loaded only when the command runs)."""
    from narrator import ruleset as registry

    if value not in registry.names():
        raise typer.BadParameter(f"{value!r} is not one of {registry.choices()}"
                                 f"{registry.hint(value)}")
    return value


class Setting(str, Enum):
    street = "street"
    saloon = "saloon"
    corral = "corral"
    canyon = "canyon"


class PathChoice(str, Enum):
    auto = "auto"
    kernel = "kernel"
    engine = "engine"


def _no_folder(target: Path) -> str:
    """Why ``target``'s folder cannot take it: the nearest existing part of the path above it
    is a file (``afile/x.md`` with ``afile`` a regular file), or the folder does not exist."""
    for up in target.parents:
        if up.exists():
            if not up.is_dir():
                return f"{target}: {up} is a file, not a folder"
            break
    return f"{target}: the folder {target.parent} does not exist"


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(10**9)


def _console(width: int = 80):
    """A rich console on standard output: a terminal's own width (rich reads it, or the
    ``COLUMNS`` environment variable); when the output is piped, ``COLUMNS`` if it is set to a
    positive whole number, else ``width`` columns. Tables fold their cells to fit rather than
    cut them short."""
    import os

    from rich.console import Console

    console = Console()
    if console.is_terminal:
        return console
    given = os.environ.get("COLUMNS", "").strip()
    return Console(width=int(given) if given.isdigit() and int(given) > 0 else width)


def _progress(total: int, what: str):
    """A rich progress bar on standard error, redrawn as work is reported rather than by a
    background thread (the batch and odds commands fork worker processes)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(TextColumn(f"[bold]{what}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=False, auto_refresh=False)


@app.command()
def generate(
    sides: list[str] = typer.Option(..., "--sides", help="Sides and sizes, NAME:COUNT, e.g. --sides posse:3 rustlers:5."),
    more_sides: Optional[list[str]] = typer.Argument(None, metavar="[NAME:COUNT]...", help="More sides after --sides (--sides posse:3 rustlers:5).", show_default=False),
    setting: Setting = typer.Option(Setting.street, "--setting", help="Where they meet: landmarks, cover, distances and weapons."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=SEED_MAX, help="Same seed, same people, same map (and the scenario's dice seed). Default: a fresh one."),
    max_turns: int = typer.Option(20, "--max-turns", min=1, max=500, help="Turns to fight at most; tactics decide every one."),
    out: Optional[str] = typer.Option(None, "--out", "-o", help="The scenario file to write (default: standard output)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing --out file."),
    ruleset: str = typer.Option(DEFAULT_RULESET, "--ruleset", "-r", callback=_known_ruleset, help="The rules the characters are made for (narrator rules lists them)."),
) -> None:
    """Write a ready-to-run skirmish scenario with generated characters.

    Characters made for the ruleset (--ruleset: Boot Hill by default, Violence, Weird West or
    Gaslight), each with a period weapon of that ruleset and a tactics profile fitting his
    side (a side named like the law plays the law's: a posse, marshals; in Gaslight
    constables or police too), on a map with cover for the setting: Western names for the
    Western rulesets, Victorian ones for Gaslight. Commented YAML to edit and rerun.
    The same seed gives the same people. Example: narrator generate --sides posse:3 rustlers:5
    --setting corral --seed 7 --out raid.yaml; narrator generate --sides constables:3
    anarchists:3 --ruleset gaslight
    """
    out = out_path(out)
    refuse_idle_force(("--out", out is not None))
    from narrator import npcs
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario_text

    try:
        pairs = npcs.parse_sides(list(sides) + list(more_sides or []))
    except ValueError as exc:
        fail(f"--sides: {exc}")
    if out is not None and out.exists() and not force:
        fail(f"{out}: exists; use --force to overwrite")
    used = _fresh_seed() if seed is None else seed
    command = (f"narrator generate --sides {' '.join(f'{n}:{k}' for n, k in pairs)} "
               f"--setting {setting.value} --seed {used}"
               + (f" --ruleset {ruleset}" if ruleset != DEFAULT_RULESET else ""))
    from narrator.ruleset import get as get_ruleset
    from narrator.schema import modeline

    try:
        body = get_ruleset(ruleset).generate(pairs, setting.value, used, max_turns, command)
    except NotImplementedError:
        fail(f"--ruleset {ruleset}: this ruleset has no generator")
    text = modeline(ruleset) + body
    try:
        load_scenario_text(text, str(out or "<generated>"))
    except NarratorError as exc:  # pragma: no cover - the generator's own bug
        fail(f"internal error: the generated scenario does not load: {exc.one_line()}", 1)
    if out is None:
        sys.stdout.write(text)
        return
    try:
        write_atomic(out, text)
    except OSError as exc:
        fail(f"{out}: cannot write: {why_not_written(exc, Path(out))}")
    typer.echo(f"{out}: {sum(k for _, k in pairs)} characters, {setting.value}, seed {used}",
               err=True)


@app.command()
def batch(
    scenarios: list[Path] = typer.Argument(..., help="Scenario YAML files."),
    runs: int = typer.Option(10, "--runs", "-n", min=1, max=100000, help="Fights per scenario."),
    out: str = typer.Option("outputs", "--out", "-o", help="Folder for the write-ups (created if missing, in a folder that exists, but not one named like a file, such as fights.md; default: outputs in the current folder)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-j", min=1, max=64, help="Processes (default: all cores). The results do not depend on it."),
    fmt: Format = typer.Option(Format.markdown, "--format", "-f", help="Output format."),
    mode: Mode = MODE_OPT,
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=SEED_MAX, help="Seed of run 0 (default: the scenario's seed); run i uses seed + i."),
    profile: ProfileChoice = typer.Option(ProfileChoice.scenario, "--profile", help="'tables' ignores the scenario's house rules and GM rulings."),
    dice_fallback: Optional[Fallback] = typer.Option(None, "--dice-fallback", help="When scripted dice run out: 'error' stops, 'seeded' rolls on."),
    force: bool = typer.Option(False, "--force", help="Overwrite existing write-ups."),
) -> None:
    """Fight scenarios many times and write every fight up.

    One file per fight, named SCENARIO-SEED.EXT: the same text `narrator run SCENARIO --seed
    SEED --format FORMAT --mode MODE` writes. Run i uses the scenario's seed + i, so the files do not depend on the number
    of workers. Nothing is overwritten without --force. A summary table ends the run.
    """
    out = out_path(out)
    if fmt is Format.json and given("mode"):
        fail("--mode does nothing with --format json: the event log is the same whatever the "
             "write-up's options")
    from rich.table import Table

    from narrator import batch as nb
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario

    loaded, bases = [], []
    for path in scenarios:
        try:
            ld = load_scenario(path)
        except NarratorError as exc:
            fail(exc.one_line())
        _from_the_records(ld, path, profile, "run")
        loaded.append(ld)
        bases.append(seed if seed is not None else ld.scenario.seed)
    fresh = _fresh_seed() if any(b is None for b in bases) else None
    bases = [fresh if b is None else b for b in bases]
    if max(bases) + runs - 1 > SEED_MAX:  # run i uses seed + i: every one a valid seed
        fail(f"--seed {max(bases)}: with --runs {runs} the last seed would be "
             f"{max(bases) + runs - 1}, above {SEED_MAX}")
    if out.exists() and not out.is_dir():
        fail(f"{out}: is a file, not a folder (--out names the folder the fights go in)")
    if not out.exists() and not out.parent.is_dir():  # as run: the folder itself, no chain
        fail(_no_folder(out))
    if not out.exists() and names_a_file(out):  # "--out fights.md" made a folder fights.md/
        fail(f"{out}: names a file ({out.suffix}), but batch writes each fight in a folder; "
             f"--out a folder (such as {out.with_suffix('')})")
    made = [p for p in (out, *out.parents) if not p.exists()]  # the folder mkdir makes
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        fail(f"{out}: cannot create the folder: {exc.strerror or exc}")
    try:
        results = _batch_into(out, scenarios, loaded, runs, fmt, force, workers, profile,
                              dice_fallback, mode, fresh, bases)
    except BaseException:  # interrupted or refused: the folders it made go if left empty
        for folder in made:
            try:
                folder.rmdir()
            except OSError:
                break
        raise
    _batch_summary(out, scenarios, loaded, results)


def _batch_into(out, scenarios, loaded, runs, fmt, force, workers, profile, dice_fallback,
                mode, fresh, bases) -> list:
    """``batch``'s work once its folder ``out`` exists: the checks, the fights and the
    write-ups (``nb.run_batch``'s results). Fails (exit 2) as ``batch`` does."""
    from narrator import batch as nb
    from narrator.errors import NarratorError
    from narrator.files import check_folder_can_write

    try:  # a read-only folder: refused before any fight and the progress bar
        check_folder_can_write(out)
    except OSError as exc:
        fail(f"{out}: cannot write: {why_not_written(exc, Path(out) / '-')}")
    if fresh is not None:
        typer.echo(f"no seed in the scenario: using --seed {fresh}", err=True)
    try:
        jobs = nb.plan_batch(list(scenarios), loaded, bases, runs, out, fmt.value)
    except ValueError as exc:
        fail(str(exc))
    check_targets([(j.out, "") for j in jobs], True,
                  tuple((p, "scenario") for p in scenarios))
    existing = nb.existing_outputs(jobs)
    if existing and not force:
        more = f" (and {len(existing) - 1} more)" if len(existing) > 1 else ""
        fail(f"{existing[0]}: exists{more}; use --force to overwrite")
    n_workers = workers or nb.default_workers()
    try:
        with _progress(len(jobs), "fighting and writing") as bar:
            task = bar.add_task("batch", total=len(jobs))
            results = nb.run_batch(loaded, jobs, fmt.value, n_workers,
                                   lambda k: bar.update(task, advance=k, refresh=True),
                                   tables_only=profile is ProfileChoice.tables,
                                   dice_fallback=dice_fallback.value if dice_fallback else None,
                                   mode=mode.value)
    except NarratorError as exc:
        fail(exc.one_line())
    except OSError as exc:
        where = getattr(exc, "filename", None) or out
        fail(f"{where}: cannot write: {why_not_written(exc, Path(where))}")
    return results


def _batch_summary(out, scenarios, loaded, results) -> None:
    """``batch``'s summary table of ``results`` written into ``out``, and each scenario's
    tally of winners."""
    from rich import box
    from rich.table import Table

    from narrator import batch as nb

    table = Table(title=f"{len(results)} fight{'s' if len(results) != 1 else ''} written to "
                        f"{out}", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    # each ruleset's word for its turns; seconds only for fights whose turns have a length
    from narrator.ruleset import get as get_ruleset

    units = sorted({get_ruleset(ld.scenario.ruleset).unit() for ld in loaded})
    length = "/".join(f"{u}s" for u in units)
    timed = any(r.summary.seconds for r in results)
    console = _console()
    # file names whole when they leave room for the rest (half the width), else folded
    longest = max(len(r.job.out.name) for r in results)
    whole = longest <= console.width // 2
    for col, kw in (("file", {"no_wrap": whole, "min_width": longest if whole else None}),
                    ("seed", {"justify": "right", "no_wrap": True}),
                    (length, {"justify": "right", "no_wrap": True}),
                    *((("seconds", {"justify": "right", "no_wrap": True}),) if timed else ()),
                    ("winner", {}), ("down", {})):
        table.add_column(col, overflow="fold", **kw)  # folded, never cut short
    named = [_side_labels(ld) for ld in loaded]
    units_of = [get_ruleset(ld.scenario.ruleset).unit() for ld in loaded]
    for r in results:
        s = r.summary
        down = "\n".join(f"{name} ({o.replace('_', ' ')})" for name, o in s.conditions
                          if o not in ("wounded", "unhurt"))
        winner = nb.outcome_label(s.winner or ("undecided" if s.standing else "nobody"),
                                  units_of[r.job.scenario], named[r.job.scenario])
        seconds = (str(s.seconds) if s.seconds else "-",) if timed else ()
        table.add_row(r.job.out.name, str(r.job.seed), str(s.turns), *seconds, winner,
                      down or "-")
    console.print(table)
    for k, path in enumerate(scenarios):
        mine = [r.summary for r in results if r.job.scenario == k]
        counts: dict[str, int] = {}
        for s in mine:
            key = nb.outcome_label(s.winner or ("undecided" if s.standing else "nobody"),
                                   units_of[k], named[k])
            counts[key] = counts.get(key, 0) + 1
        console.print(f"{path.name}: " + ", ".join(f"{k2} {v}" for k2, v in
                                                  sorted(counts.items(), key=lambda kv: -kv[1])))


def _refuse_tables_on_records(loaded, first: int) -> None:
    """``--profile tables`` on a play-by-post file whose turns ``next`` resolved: refused
    (``first``: the index of the first resolved turn, where the error points) when the file
    departs from the plain tables (house rules, GM rulings: what counts is the ruleset's),
    for its records were rolled under them and replay only with them. A file with none
    fights the same either way, and its records replay as they are (a fresh user's plain
    file was told its turns "were fought with its house rules and GM rulings")."""
    from narrator.engine import run_fight

    def profile(tables_only: bool) -> str:  # the profile a fight starts under, as it says it
        return run_fight(loaded, 0, tables_only=tables_only, dice_fallback="seeded",
                         stop_after=0).events[0].profile

    own = profile(False)
    if own != profile(True):
        raise loaded.error(f"--profile tables: this file's turns resolved by narrator next "
                           f"were fought with its house rules and GM rulings ({own}), and "
                           f"their records replay only with them; run a copy without the "
                           f"resolved: records and state: to see the plain tables",
                           "turns", first, "resolved")


def _from_the_records(loaded, path: Path, profile: ProfileChoice, what: str,
                      kernel: bool = False) -> None:
    """``odds`` and ``batch`` on a play-by-post file fight on from where it stands: attach
    the turns ``next`` played (``loaded.played``) and say so on standard error; with
    ``--profile tables`` refused as ``run`` refuses it (the records were rolled under the
    file's house rules and rulings). Fails (exit 2) on a bad record or edit."""
    from narrator.errors import NarratorError
    from narrator.playbypost import played

    try:
        loaded.played = played(loaded)
        if loaded.played is not None and profile is ProfileChoice.tables:
            _refuse_tables_on_records(
                loaded, next(i for i, t in enumerate(loaded.scenario.turns) if t.resolved))
        if kernel and loaded.played is not None:  # odds --path kernel: the refusal alone
            from narrator.batch import refuse_kernel
            refuse_kernel(loaded)
    except NarratorError as exc:
        fail(exc.one_line())
    if loaded.played is not None:
        done = loaded.played.done
        said = "turn 1" if done == 1 else f"turns 1-{done}"
        edited = any(loaded.played.adjustments.values())
        typer.echo(f"{path}: {said} replayed from the records narrator next wrote"
                   + (", with the GM's edits of state:" if edited else "")
                   + f"; every {what} fights on from there", err=True)


@app.command()
def odds(
    scenario: Path = typer.Argument(..., help="The scenario YAML file."),
    trials: int = typer.Option(10000, "--trials", "-n", min=1, max=10_000_000, help="Fights to simulate."),
    workers: Optional[int] = typer.Option(None, "--workers", "-j", min=1, max=64, help="Processes (default: all cores). The results do not depend on it."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=SEED_MAX, help="Seed of the trials (default: the scenario's seed). The same seed and --trials give the same odds on either path. Engine path: trial i is the fight 'run --seed' SEED+i writes up. Kernel path: the dice come from NumPy streams seeded by SEED, so a trial is no 'run' seed and another --trials draws other dice; --path engine for trials that 'run' can write up."),
    chart: Optional[str] = typer.Option(None, "--chart", help="Also write a bar chart (.svg)."),
    profile: ProfileChoice = typer.Option(ProfileChoice.scenario, "--profile", help="'tables' ignores the scenario's house rules and GM rulings."),
    tactics: Optional[str] = typer.Option(None, "--tactics", help="A tactics profile of the scenario's ruleset (narrator rules RULESET tactics) for every character who has none (so the fight goes on after the declared turns)."),
    max_turns: Optional[int] = typer.Option(None, "--max-turns", min=1, max=500, help="Turns to fight at most (never fewer than the declared ones); tactics decide the undeclared ones."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing --chart file."),
    vary: Optional[List[str]] = typer.Option(None, "--vary", help="PATH=VALUES: the odds across variants, e.g. sides.rustlers.count=2..8 or 'Dutch.skills.rifle=0..6' (several: a grid). VALUES: A..B (whole numbers, both ends), A..B/STEP (2..8/2; decimals for a decimal field, 0.5..2/0.5) or a,b,c. A side's count above its listed men copies its last man; below, keeps the first COUNT as listed and drops the rest from the end of the list."),
    path: PathChoice = typer.Option(PathChoice.auto, "--path", help="'auto': the vectorised kernel when it covers the scenario, else the engine."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="A Dask scheduler address (tcp://host:8786) to spread the work over a cluster."),
) -> None:
    """Simulate many fights and show who is likely to win.

    Each side's chance of winning with a 95% (Wilson) interval, the expected length in turns
    and seconds, each character's chance to end dead, dying, passed out, wounded or unhurt
    (Violence: dead, critically injured, down (a fight cut off at its last round: VN1),
    subdued, surrendered, fled, wounded or unhurt; Weird West: dead, winded, surrendered,
    fled, maimed, wounded or unhurt), and shots fired (Violence: covering fire too, as the
    write-up's tally counts it) and shots per hit. No write-ups. The scenario's scripted dice are ignored (every die
    comes from --seed), so the odds are those of the declared intents and the tactics, not of
    one scripted fight. The same seed and --trials give the same odds. On the engine path
    trial i is the fight 'narrator run --seed' SEED+i writes up; on the kernel path (the
    path: line says which) the dice come from NumPy streams seeded by SEED, so no trial is a
    'run' seed and 2,000 trials are not the first 2,000 of 2,001 (--path engine for
    trials that 'run' can write up).
    """
    chart = out_path(chart, "--chart")
    refuse_idle_force(("--chart", chart is not None))
    if scheduler is not None and workers is not None:
        fail("--workers does nothing with --scheduler: the cluster's workers do the fighting")
    from narrator import batch as nb
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario

    if chart is not None:
        if chart.suffix.lower() == ".png":
            fail(f"{chart}: PNG charts need a plotting library, and none is installed; "
                 "write an .svg chart instead")
        if chart.suffix.lower() != ".svg":
            fail(f"{chart}: the chart must be an .svg file")
        check_targets([(chart, "")], force, ((scenario, "scenario"),))
        if not chart.parent.is_dir():  # before the trials, not after
            fail(_no_folder(chart))
        from narrator.files import check_can_write

        try:  # a read-only folder or chart: refused before the trials and the table
            check_can_write(chart)
        except OSError as exc:
            fail(f"{chart}: cannot write: {why_not_written(exc, Path(chart))}")
    try:
        ld = load_scenario(scenario)
    except NarratorError as exc:
        fail(exc.one_line())
    _from_the_records(ld, scenario, profile, "trial", kernel=path is PathChoice.kernel)
    if ld.played is not None and tactics is not None and any(
            not c.tactics for _, c in ld.scenario.characters()):
        first = next(i for i, t in enumerate(ld.scenario.turns) if t.resolved)
        fail(ld.error(f"--tactics {tactics}: this file's turns resolved by narrator next were "
                      f"fought with the characters' own profiles (some have none), and their "
                      f"records replay only with them; give the profiles in the file, or run "
                      f"odds on a copy without the resolved: records and state:",
                      "turns", first, "resolved").one_line())
    try:
        loaded = nb.odds_scenario(ld, tactics=tactics, max_turns=max_turns)
    except NarratorError as exc:
        fail(exc.one_line())
    base = seed if seed is not None else loaded.scenario.seed
    if base is None:
        base = _fresh_seed()
        typer.echo(f"no seed in the scenario: using --seed {base}", err=True)
    if base + trials - 1 > SEED_MAX:
        fail(f"--seed {base}: with --trials {trials} the last seed would be "
             f"{base + trials - 1}, above {SEED_MAX}")
    n_workers = workers or nb.default_workers()
    client = None
    if scheduler is not None:
        from narrator.fast_odds import connect
        try:
            client = connect(scheduler)
        except NarratorError as exc:
            fail(exc.one_line())
    try:
        _odds_report(loaded, trials, base, n_workers, chart, profile, path, client, tactics,
                     max_turns, vary)
    finally:
        if client is not None:
            client.close()


def _odds_report(loaded, trials, base, n_workers, chart, profile, path, scheduler, tactics,
                 max_turns, vary) -> None:
    """The rest of ``odds``: fight, print the tables, write the chart."""
    from rich.table import Table

    from narrator import batch as nb
    from narrator.errors import NarratorError

    if vary:
        from narrator.odds_cli import sweep
        sweep(loaded, vary, trials, base, n_workers, chart, profile is ProfileChoice.tables,
              path.value, scheduler, tactics, max_turns,
              _progress, _console, fail)
        return
    try:
        if path.value == "kernel":  # refused before the progress bar
            nb.refuse_kernel(loaded, profile is ProfileChoice.tables)
        with _progress(trials, "fighting") as bar:
            task = bar.add_task("odds", total=trials)
            result = nb.run_odds(loaded, trials, base, n_workers,
                                 lambda k: bar.update(task, advance=k, refresh=True),
                                 tables_only=profile is ProfileChoice.tables,
                                 path=path.value, scheduler=scheduler)
    except NarratorError as exc:
        fail(exc.one_line())
    from rich import box

    console = _console(100)  # one column per outcome: wider than 80 for some rulesets
    console.print(f"path: {result.path}")
    seeds = (f"seed {base}" if result.trials == 1
             else f"seeds {base}\u2013{base + result.trials - 1}")
    fights = "fight" if result.trials == 1 else "fights"
    sides = Table(title=f"{result.title}: {result.trials:,} {fights} ({seeds}; scripted dice "
                        f"ignored)")
    sides.add_column("outcome", overflow="fold")
    sides.add_column("fights", justify="right")
    sides.add_column("chance", justify="right")
    sides.add_column("95% interval", justify="right")
    named = _side_labels(loaded)
    for s in result.sides:
        label = nb.outcome_label(s.side, result.unit, named)
        sides.add_row(label if s.side in ("nobody", "undecided") else f"{label} win",
                      f"{s.wins:,}",
                      f"{s.p:.1%}",
                      f"{s.low:.1%} \u2013 {s.high:.1%}")
    console.print(sides)
    (mt, ht), (ms, hs) = result.turns, result.seconds
    from narrator.ruleset import get as get_ruleset

    unit = get_ruleset(loaded.scenario.ruleset).unit()  # "turn", "round"...
    if ms > 0:
        console.print(f"Expected length: {mt:.2f} {unit}s (\u00b1 {ht:.2f}), {ms:.1f} "
                      f"seconds (\u00b1 {hs:.1f}), 95% intervals.")
    else:  # a ruleset whose turns have no length in seconds (rounds)
        console.print(f"Expected length: {mt:.2f} {unit}s (\u00b1 {ht:.2f}), 95% interval.")
    # within 100 columns whatever the ruleset: the box's blank dividers the only space between
    # columns (no padding), long headers on two lines, names wrapped at their spaces
    chars = Table(title="How each character ends the fight", box=box.SIMPLE_HEAD,
                  pad_edge=False, padding=0)
    chars.add_column("character", overflow="fold")
    chars.add_column("side", overflow="fold", min_width=10)
    heads = {"critically_injured": "crit.\ninjured", "surrendered": "surren-\ndered",
             "passed_out": "passed\nout"}
    for o in result.outcome_names:
        chars.add_column(heads.get(o, o), justify="right", no_wrap=True, min_width=6)
    chars.add_column("shots", justify="right", no_wrap=True)
    chars.add_column("shots\nper hit", justify="right", no_wrap=True)
    for c in result.characters:
        sph = c.shots_per_hit
        chars.add_row(c.name, named.get(c.side, c.side), *(f"{share:.1%}" for _, share in c.outcomes),
                      f"{c.shots:,}", f"{sph:.2f}" if sph is not None else "-")
    console.print(chars)
    if chart is not None:
        try:
            write_atomic(chart, nb.chart_svg(result, named))
        except OSError as exc:
            fail(f"{chart}: cannot write: {why_not_written(exc, Path(chart))}")
        console.print(f"chart: {chart}")


@app.command()
def rules(
    ruleset: Optional[str] = typer.Argument(None, help="A ruleset's name (omitted: list them)."),
    topic: Optional[str] = typer.Argument(None, help="weapons, tables, house-rules, rulings, tactics, dice, or one table (omitted: list them)."),
) -> None:
    """Look up the rules narrator applies: weapons, tables, house rules, rulings, tactics
    profiles and dice purposes, each with its source.

    Example: narrator rules NAME weapons. The same reference, as Markdown, is in docs/.
    """
    from rich.console import Console

    from narrator import reference

    try:
        sections = reference.lookup(ruleset, topic)
    except ValueError as exc:
        fail(str(exc))
    reference.print_sections(sections, _console())


@app.command()
def new(
    ruleset: str = typer.Option(DEFAULT_RULESET, "--ruleset", "-r", callback=_known_ruleset, help="The rules the fight uses (narrator rules lists them)."),
    out: Optional[str] = typer.Option(None, "--out", "-o", help="The scenario file to write (default: standard output)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing --out file."),
) -> None:
    """Write a commented starting scenario that runs as it is: two sides of one character each,
    a landmark with cover, one declared turn. Edit it into your own fight."""
    out = out_path(out)
    refuse_idle_force(("--out", out is not None))
    from narrator.schema import skeleton

    text = skeleton(ruleset)
    if out is None:
        sys.stdout.write(text)
        return
    if out.exists() and not force:
        fail(f"{out}: exists; use --force to overwrite")
    try:
        write_atomic(out, text)
    except OSError as exc:
        fail(f"{out}: cannot write: {why_not_written(exc, Path(out))}")
    typer.echo(f"{out}: a new {ruleset} scenario; try: narrator run {out}", err=True)


@app.command()
def schema(
    ruleset: str = typer.Option(DEFAULT_RULESET, "--ruleset", "-r", callback=_known_ruleset, help="The ruleset whose scenario format to print (narrator rules lists them)."),
) -> None:
    """Print the JSON Schema of the scenario format, for an editor's YAML support (completion,
    hover help, checking as you type). See docs/editor.md."""
    from narrator.schema import schema_text

    sys.stdout.write(schema_text(ruleset))


def main() -> None:
    """Console-script entry point: run the app; turn an unexpected crash into exit code 1."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt as exc:
        terminated = type(exc).__name__ == "Terminated"
        typer.echo("terminated" if terminated else "interrupted", err=True)
        sys.exit(143 if terminated else 130)
    except Exception as exc:  # pragma: no cover - reported, not expected
        typer.echo(f"narrator: internal error: {type(exc).__name__}: {exc}\n"
                   "This is a bug; please report it with the scenario that caused it.", err=True)
        sys.exit(1)
