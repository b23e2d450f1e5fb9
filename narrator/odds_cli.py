"""The ``narrator odds --vary`` report: a table (80 columns) and an SVG chart of a sweep.

Called by ``narrator.cli.odds`` with its helpers (progress bar, console, ``fail``), so that
typer stays in cli.py.

May import: narrator.sweep, narrator.batch, narrator.files, narrator.errors, rich.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from narrator.errors import NarratorError
from narrator.files import write_atomic


HEADING_WIDTH = 14
"""The widest line of a ``--vary`` table heading (a path is wrapped at its dots to fit)."""


def cuts_a_word(console: Any, table: Any) -> bool:
    """Whether ``console`` prints ``table`` with a word cut: rich's ellipsis, or a cell's or
    heading's text not found whole in the printout (a word folded over two lines)."""
    with console.capture() as captured:
        console.print(table)
    text = captured.get()
    if "\u2026" in text:
        return True
    words = set()
    for column in table.columns:
        for cell in (column.header, *column.cells):
            words.update(str(cell).split())
    return any(word not in text for word in words)


def dotted_heading(path: str, width: int = HEADING_WIDTH) -> str:
    """A dotted path (``Luke.skills.fast_draw``) as a table heading of lines at most ``width``
    characters, broken after a dot (``Luke.skills.`` / ``fast_draw``), never inside a name;
    a name longer than ``width`` keeps its own line whole (``"Dutch Henry.attributes.coo"``:
    a name with spaces breaks at them too)."""
    words: list[str] = []
    for part in path.replace(" ", " \0").split("\0"):
        pieces = part.split(".")
        words.extend(p + "." for p in pieces[:-1])
        words.append(pieces[-1])
    lines = [""]
    for w in (w for w in words if w):
        if lines[-1] and len(lines[-1]) + len(w.rstrip()) > width:
            lines[-1] = lines[-1].rstrip()
            lines.append("")
        lines[-1] += w
    return "\n".join(line.rstrip() for line in lines)


def sweep(loaded, specs: list[str], trials: int, base: int, workers: int, chart: Path | None,
          tables_only: bool, path: str, scheduler: str | None, tactics: str | None,
          max_turns: int | None, progress: Callable, console: Callable,
          fail: Callable[[str], None]) -> None:
    """Parse the ``--vary`` options, fight every variant, print the table, write the chart.

    Bad ``--vary`` options, invalid variants, or a path the kernel cannot take end in
    ``fail`` with one line (exit 2), before anything is written.
    """
    from rich.table import Table

    from narrator import sweep as sw

    try:
        varies = [sw.parse_vary(spec, k + 1) for k, spec in enumerate(specs)]
        names = [v.name for v in varies]
        for k, name in enumerate(names):
            if name in names[:k]:
                raise sw.VaryError(k + 1, 1, f"{name} is varied twice", specs[k])
        vs = sw.variants(loaded, varies, tactics=tactics, max_turns=max_turns)
    except NarratorError as exc:
        fail(exc.one_line())
        return
    total = trials * len(vs)
    try:
        with progress(total, "fighting") as bar:
            task = bar.add_task("odds", total=total)
            results = sw.run_sweep(vs, trials, base, workers,
                                   lambda k: bar.update(task, advance=k, refresh=True),
                                   tables_only=tables_only, path=path, scheduler=scheduler)
    except NarratorError as exc:
        fail(exc.one_line())
        return
    out = console()
    out.width = min(out.width, 80)
    sides = [s.side for s in results[0].sides if s.side not in ("nobody", "undecided")]
    from narrator.cli import _side_labels
    from narrator.ruleset import get as get_ruleset

    named = _side_labels(loaded)
    unit = get_ruleset(loaded.scenario.ruleset).unit() + "s"
    rows = []
    for v, r in zip(vs, results, strict=True):
        cells = [sw.shown(x) for x in v.values]
        for side in sides:
            s = next(s for s in r.sides if s.side == side)
            cells.append(f"{100 * s.p:.1f} ({100 * s.low:.1f}\u2013{100 * s.high:.1f})")
        cells.append(f"{r.turns[0]:.1f}")
        rows.append(cells)

    def build(wrap: int | None) -> Table:
        """The table; ``wrap``: the paths' headings broken at their dots into lines of at most
        that many characters (None: one line each)."""
        table = Table(title=f"{loaded.scenario.title}: {trials:,} "
                            f"{'fight' if trials == 1 else 'fights'} a variant "
                            f"(seeds from {base}); chance of winning, 95% interval")
        for v in varies:
            table.add_column(v.name if wrap is None else dotted_heading(v.name, wrap))
        for side in sides:
            table.add_column(f"{named.get(side, side)} win %", justify="right")
        table.add_column(unit, justify="right")
        for cells in rows:
            table.add_row(*cells)
        return table

    # rich wraps a heading only at spaces and line breaks, and cuts a word ("house_rules.
    # light_wound_…") when it shrinks the widest column to fit, even where a layout with no
    # cut exists: the paths stay on one line each when the table is printed whole, else are
    # broken at their dots into lines as wide as it takes for nothing to be cut
    for wrap in (None, HEADING_WIDTH, 12, 10, 8, 1):
        table = build(wrap)
        if not cuts_a_word(out, table):
            break
    out.print(table)
    paths = sorted({r.path for r in results}, key=[r.path for r in results].index)
    for p in paths:
        which = [", ".join(sw.shown(x) for x in v.values) for v, r in zip(vs, results, strict=True)
                 if r.path == p]
        scope = "" if len(paths) == 1 else f" ({'; '.join(which)})"
        out.print(f"path: {p}{scope}")
    if chart is not None:
        try:
            write_atomic(chart, sw.sweep_chart_svg(loaded.scenario.title, varies, vs, results,
                                                      named))
        except OSError as exc:
            fail(f"{chart}: cannot write: {exc.strerror or exc}")
            return
        out.print(f"chart: {chart}")
