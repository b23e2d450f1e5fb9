"""The rules reference: every table, weapon, house rule, ruling, tactics profile and dice purpose
of a ruleset, read from its data files, as plain sections that ``narrator rules`` prints as rich
tables and ``python -m narrator.reference --write docs`` writes as Markdown (``docs/``).

Nothing here is typed in twice: the numbers come from the rulesets' TOML data files
(``narrator/rulesets/*/data/``), the rulings and house-rule texts from their ``rulings.toml``,
the tactics profiles from the tactics modules' docstrings. Every section carries its source.

Each ruleset builds its own reference (``Ruleset.reference``) from the helpers here; this
module knows the rulesets only through the registry (``narrator.ruleset``).

May import: narrator.cache, narrator.ruleset (the registry); rich (lazily, for ``print_sections``).
"""

from __future__ import annotations

import re
import sys
import textwrap
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from narrator.cache import toml_loads

_RENAME = (
    (re.compile(r"(\d{3})_[0-9a-f]{16}\.txt"), r"\1"),
    (re.compile(r"errata ([A-Z]\d+)"), r"ruling \1"),
    (re.compile(r"\bruled: ([A-Z]+\d+)"), r"ruling \1"),
)
"""Generic rewrites of a ``source``: a rule text's file name to its number (``000 l.39`` =
line 39 of text 000), a ruling's id ("errata B5", "ruled: B19") to "ruling B5", as the
rules references and the write-ups name them."""


def cite(source: str, renames: tuple[tuple[str, str], ...] = ()) -> str:
    """A data file's ``source`` as a reader of narrator's docs can follow it: the rule texts by
    number (000, 001, 003), rulings by their id in this reference; ``renames``: a ruleset's own
    ``(regex, replacement)`` pairs (``Ruleset.citations``), applied first."""
    for pattern, repl in renames:
        source = re.sub(pattern, repl, source)
    for rx, repl in _RENAME:
        source = rx.sub(repl, source)
    return source


@dataclass
class Section:
    """One table of the reference.

    Attributes:
        key: the topic name it is looked up by (``weapons``, ``misfires``).
        title: its heading.
        columns: column headings.
        rows: one list of cell texts per row, as long as ``columns``.
        source: where its numbers come from (already ``cite``d).
        note: a paragraph shown before the table ("" for none).
        group: the topic it belongs to (``tables`` for every rules table).
    """

    key: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    source: str = ""
    note: str = ""
    group: str = ""


@dataclass
class Reference:
    """A ruleset's whole reference: a principle paragraph and its sections, in order."""

    ruleset: str
    principle: str
    sections: list[Section] = field(default_factory=list)

    def topics(self) -> dict[str, str]:
        """Topic name -> what it shows: the groups first, then every section by its own key."""
        out: dict[str, str] = {}
        for s in self.sections:
            if s.group and s.group not in out:
                out[s.group] = TOPIC_HELP.get(s.group, s.group)
        for s in self.sections:
            out.setdefault(s.key, s.title)
        return out

    def select(self, topic: str) -> list[Section]:
        """The sections of a topic (a group or one section's key); [] when there is none."""
        return [s for s in self.sections if topic in (s.group, s.key)]


TOPIC_HELP = {
    "weapons": "every weapon: ranges, reload, speed, skill, capacity",
    "tables": "every rules table, with its source",
    "house-rules": "the named house-rule options and the GM rulings a scenario may give",
    "rulings": "how narrator reads the rules where the texts disagree or are silent",
    "tactics": "the tactics profiles that decide undeclared intents",
    "dice": "the dice purposes a scenario may script, and who rolls them",
}


@cache
def _toml(package: str, name: str) -> dict:
    text = resources.files(package).joinpath("data").joinpath(name).read_text("utf-8")
    return toml_loads(text)


def _text(s: str) -> str:
    return " ".join(s.split())


#: A code name in a docstring, as a developer reads it: a private name (``_close_in``,
#: ``tactics._close_in``), with the parentheses it stands in. The rules reference a user reads
#: leaves it out ("... of the man he shoots at (_close_in), firing": a fresh user, session 22).
_CODE_NAME = re.compile(r" ?\(``(?:\w+\.)*_\w+``\)|``(?:\w+\.)*_\w+``")


def _profiles(doc: str | None) -> list[list[str]]:
    """``* ``name``: text`` bullets of a tactics module's docstring as [name, text] rows, the
    code names in them left out (``_CODE_NAME``); a YAML value (``aim: limbs``) is kept."""
    rows = []
    for m in re.finditer(r"^\* ``(\w+)``: (.*?)(?=^\*|^\S|\Z)", doc or "", re.M | re.S):
        rows.append([m.group(1), _text(_CODE_NAME.sub("", m.group(2))).replace("``", "")])
    return rows


def _num(v: object) -> str:
    if isinstance(v, float):
        return f"{v:g}" if v >= 1 else ("1 foot" if abs(v - 1 / 3) < 1e-9 else f"{v:g}")
    return str(v)


def _signed(v: int) -> str:
    """A modifier with its sign: +4, -2, 0."""
    return f"{v:+d}" if v else "0"


def _words(key: str) -> str:
    return key.replace("_", " ")


def _rulings(rulings: dict) -> list[Section]:
    out = [Section("rulings", "Rulings", ["id", "ruling"],
                   [[r["id"], f"{r['title']}. {_text(r['text'])} (Settles: {r['settles']}.)"]
                    for r in rulings["ruling"]], group="rulings")]
    return out


def _dice(rulings: dict, purposes: tuple[str, ...], example: str) -> Section:
    missing = set(purposes) ^ set(rulings["dice"])
    if missing:  # pragma: no cover - caught by the reference test
        raise AssertionError(f"dice purposes and rulings.toml [dice] differ: {sorted(missing)}")
    return Section("dice", "Dice purposes", ["purpose", "who rolls, and what for"],
                   [[p, rulings["dice"][p]] for p in purposes], group="dice",
                   note="Scripted dice are given under `dice:`, by character (or side) and "
                        f"purpose: `{example}`. Each value "
                        "is used once, in order, for the next roll of that purpose; the rest "
                        "are rolled from the seed.")


def reference(ruleset: str) -> Reference:
    """The reference of ``ruleset`` (a registered name, ``narrator.ruleset.names()``).

    Raises:
        UnknownRuleset: an unknown ruleset (a KeyError).
    """
    from narrator import ruleset as registry

    return registry.get(ruleset).reference()


def lookup(ruleset: str | None, topic: str | None) -> list[Section]:
    """The sections ``narrator rules [RULESET] [TOPIC]`` shows: with no ruleset, the rulesets
    and their topics; with no topic, the ruleset's topics; else the topic's tables.

    Raises:
        ValueError: an unknown ruleset or topic (the message names the nearest and the choices).
    """
    import difflib

    def unknown(what: str, word: str, choices: list[str]) -> ValueError:
        near = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=0.6)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        return ValueError(f"no {what} {word!r}{hint} (one of: {', '.join(choices)})")

    from narrator import ruleset as registry

    names = registry.names()
    if ruleset is None:
        return [Section("rulesets", "Rulesets", ["ruleset", "topics"],
                        [[rs, ", ".join(reference(rs).topics())] for rs in names],
                        note=f"narrator rules RULESET TOPIC, e.g. narrator rules {names[0]} "
                             f"weapons")]
    if ruleset not in names:
        raise unknown("ruleset", ruleset, names)
    ref = reference(ruleset)
    if topic is None:
        title = registry.get(ruleset).title
        return [Section("topics", f"{title}: topics", ["topic", "what it shows"],
                        [[k, v] for k, v in ref.topics().items()],
                        note=f"narrator rules {ruleset} TOPIC")]
    sections = ref.select(topic.replace("_", "-"))
    if not sections:
        raise unknown("topic", topic, list(ref.topics()))
    return sections


def _cell(s: str) -> str:
    return s.replace("|", "\\|")


def markdown(ref: Reference) -> str:
    """The reference as one Markdown page (``docs/<ruleset>.md``)."""
    from narrator import ruleset as registry

    rs = registry.get(ref.ruleset)
    title = rs.title
    out = [f"# {title}: rules reference", "",
           "<!-- Generated by `python -m narrator.reference --write docs` from the data files in "
           f"{rs.package.replace('.', '/')}/data/; do not edit by hand. -->", "",
           ref.principle, "",
           f"The same tables at the command line: `narrator rules {ref.ruleset} TOPIC`, where "
           "TOPIC is " + ", ".join(f"`{t}`" for t in ref.topics()) + ".", "",
           "Sources: " + "; ".join(f"{k}: {v}" for k, v in rs.sources.items()) +
           ". `l.N` is line N of the text.", ""]
    group = None
    for s in ref.sections:
        if s.group != group:
            group = s.group
            out += [f"## {group.replace('-', ' ').capitalize()}", ""]
        out += [f"### {s.title}", ""]
        if s.note:
            out += [s.note, ""]
        if s.key == "rulings":
            for rid, text in s.rows:
                out += [f"**{rid}.** {text}", ""]
            continue
        out.append("| " + " | ".join(s.columns) + " |")
        out.append("|" + "|".join("---" for _ in s.columns) + "|")
        out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in s.rows]
        out.append("")
        if s.source:
            out += [f"Source: {s.source}.", ""]
    return "\n".join(out).rstrip() + "\n"


def write_docs(folder: Path) -> list[Path]:
    """Write ``<ruleset>.md`` for every ruleset into ``folder``; returns the paths written."""
    from narrator import ruleset as registry

    paths = []
    for rs in registry.names():
        path = folder / f"{rs}.md"
        path.write_text(markdown(reference(rs)), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":  # python -m narrator.reference --write docs
    if len(sys.argv) != 3 or sys.argv[1] != "--write":
        sys.exit("usage: python -m narrator.reference --write FOLDER")
    for p in write_docs(Path(sys.argv[2])):
        print(p)


def print_sections(sections: list[Section], console) -> None:
    """Print sections as rich tables on ``console`` (a ``rich.console.Console``), the note above
    each and the source below; cells are plain text, never rich markup. No cell is cut short
    (no ellipsis) and no word is broken: a column is never narrower than its longest word
    (the first column, a name a scenario uses, than its widest name), and a table that cannot
    fit the console so (``rules weird-west weapons`` at 80 columns: "peacemake/r",
    "clas/s") is printed as a list instead, a row a paragraph: its name, then each other
    column as "heading: value", wrapped at spaces."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    for s in sections:
        if s.note:
            console.print(Text(s.note))
        widths = _word_widths(s)
        # SIMPLE_HEAD without its edges, padding collapsed: two spaces between two columns
        if sum(widths) + 2 * (len(widths) - 1) <= console.width:
            table = Table(title=s.title, title_justify="left", box=box.SIMPLE_HEAD,
                          show_lines=s.key in ("rulings", "house-rules"), pad_edge=False,
                          collapse_padding=True, show_edge=False)
            for i, col in enumerate(s.columns):
                table.add_column(col, overflow="fold", no_wrap=i == 0, min_width=widths[i])
            for row in s.rows:
                table.add_row(*(Text(c) for c in row))
            console.print(table)
        else:
            console.print(Text(s.title))
            console.print(Text("─" * min(console.width, len(s.title))))
            for row in s.rows:
                console.print(Text(row[0]))
                fields = "; ".join(f"{head.replace(chr(10), ' ')}: {cell}"
                                   for head, cell in zip(s.columns[1:], row[1:]))
                console.print(Text(textwrap.fill(
                    fields, width=max(console.width, 20), initial_indent="  ",
                    subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)))
        if s.source:
            console.print(Text(f"Source: {s.source}."))
        console.print()


def _word_widths(s: Section) -> list[int]:
    """Each column's narrowest width that breaks no word of its heading or cells (the first
    column: its widest cell, never broken at all)."""
    widths = []
    for i, col in enumerate(s.columns):
        cells = [row[i] for row in s.rows if i < len(row)]
        if i == 0:
            texts = [col, *cells]
            widths.append(max(len(line) for t in texts for line in str(t).splitlines() or [""]))
        else:
            words = [w for t in (col, *cells) for w in str(t).split()]
            widths.append(max((len(w) for w in words), default=1))
    return widths
