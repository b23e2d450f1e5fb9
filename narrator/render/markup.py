"""Per-format markup: escaping of user text, emphasis, headings, the mechanics block, and the
final layout pass (HTML paragraphs). Templates never spell markup themselves.

May import: markupsafe (a jinja2 dependency), narrator.frozen, the standard library.
"""

from __future__ import annotations

import functools
import re
from typing import Callable

from markupsafe import escape as html_escape

from narrator.frozen import record

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|>~<#])")
ZWSP = "\u200b"


def md_escape(text: str) -> str:
    """Escape the Markdown (CommonMark and Discord) specials that can change inline text:
    backslash, backtick, emphasis, links, spoilers, quotes, headings and HTML."""
    if type(text) is str:
        return _md_escaped(text)
    return _MD_SPECIAL.sub(r"\\\1", str(text))


@functools.lru_cache(maxsize=4096)
def _md_escaped(text: str) -> str:
    """``md_escape`` of a string, once per string (names and weapons come back often)."""
    return _MD_SPECIAL.sub(r"\\\1", text)


_MASS_PING = re.compile(r"@(?=everyone|here)", re.IGNORECASE)


def no_mass_ping(text: str) -> str:
    """``@everyone`` and ``@here`` in a post (a GM's title, description or ``other:`` text;
    names refuse them at load) with a zero-width space after the ``@``: the reader sees
    "@everyone", and Discord pings nobody, whether the post is sent with ``--discord`` or a
    Markdown, BBCode or text post is pasted there."""
    return _MASS_PING.sub("@" + ZWSP, text)


def bbcode_escape(text: str) -> str:
    """Neutralise BBCode tags in user text: a zero-width space after every ``[`` stops the
    parser from reading ``[b]`` as a tag while the reader still sees ``[b]``."""
    return str(text).replace("[", "[" + ZWSP)


def html_text(text: str) -> str:
    """HTML-escape user text (&, <, >, quotes)."""
    return str(html_escape(str(text)))


@record
class Options:
    """Rendering options a GM may set.

    Attributes:
        block: "spoiler" or "ooc": how story mode wraps the mechanics of each turn.
        spoiler_tag: BBCode tag name of the spoiler block (phpBB: "spoiler").
        ooc_tag: BBCode tag name of the out-of-character block.
        tense: "present" or "past" (story prose).
        text_maps: a small character map in a code block after each turn's status (Markdown,
            BBCode, text; HTML always has its SVG map).
        cite: source line citations ("(003 l.46)", a ruling's "(l.768)") and the "(GM
            ruling)" and "(house rule)" tags in the prose (the ``--cite`` option).
    """

    block: str = "spoiler"
    spoiler_tag: str = "spoiler"
    ooc_tag: str = "ooc"
    tense: str = "present"
    text_maps: bool = False
    cite: bool = False


@record
class Markup:
    """How one format spells things. ``block(title, lines, opts)`` wraps the mechanics;
    ``code(text)`` is a key or value as the scenario spells it (``light_wound_penalty: −2``),
    in the format's inline code, escaped: Markdown's code span, HTML's ``<code>``, in
    double quotes in BBCode (which has no inline code) and text."""

    ext: str
    escape: Callable[[str], str]
    strong: Callable[[str], str]
    em: Callable[[str], str]
    h1: Callable[[str], str]
    h2: Callable[[str], str]
    block: Callable[[str, list[str], Options], str]
    rule: str
    code: Callable[[str], str] = lambda s: f'"{s}"'


def _md_code(text: str) -> str:
    """Markdown's code span, with as many backticks as the text needs."""
    text = str(text)
    ticks = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _span(left: str, right: str) -> Callable[[str], str]:
    """Bold or italics around text: the marks hug the words (a scenario's folded description
    ends in a line break, and Markdown shows "*text\n*" as two stars) and each paragraph gets
    its own pair (no format carries a span across a blank line)."""
    def wrap(text: str) -> str:
        paras = [p.strip() for p in _PARAGRAPH.split(text.strip())]
        return "\n\n".join(f"{left}{p}{right}" for p in paras if p)
    return wrap


_PARAGRAPH = re.compile(r"\n\s*\n")


def _underline(char: str) -> Callable[[str], str]:
    return lambda s: f"{s}\n{char * len(s)}"


def _md_block(title: str, lines: list[str], o: Options) -> str:
    if o.block == "ooc":
        return "\n".join([f"> **OOC: {title}**"] + [f"> {x}" for x in lines])
    return "||**" + title + "**\n" + "\n".join(lines) + "||"


def _bb_block(title: str, lines: list[str], o: Options) -> str:
    tag = o.ooc_tag if o.block == "ooc" else o.spoiler_tag
    return f"[{tag}={title}]\n" + "\n".join(lines) + f"\n[/{tag}]"


def _html_block(title: str, lines: list[str], o: Options) -> str:
    body = "<br>\n".join(lines)
    if o.block == "ooc":
        return f'<aside class="ooc"><p><strong>OOC: {title}</strong><br>\n{body}</p></aside>'
    return f"<details><summary>{title}</summary>\n<p>{body}</p>\n</details>"


def _text_block(title: str, lines: list[str], o: Options) -> str:
    head = f"(OOC) {title}:" if o.block == "ooc" else f"{title}:"
    return "\n".join([head] + [f"  {x}" for x in lines])


MARKUP: dict[str, Markup] = {
    "markdown": Markup("md", md_escape, _span("**", "**"), _span("*", "*"),
                       lambda s: f"# {s}", lambda s: f"## {s}", _md_block, "---", _md_code),
    # BBCode has no inline code (phpBB's [code] is a block): quoted, as text quotes it
    "bbcode": Markup("bbcode", bbcode_escape, _span("[b]", "[/b]"), _span("[i]", "[/i]"),
                     lambda s: f"[size=150][b]{s}[/b][/size]", lambda s: f"[b]{s}[/b]",
                     _bb_block, "[hr]", lambda s: f'"{bbcode_escape(s)}"'),
    "html": Markup("html", html_text, _span("<strong>", "</strong>"), _span("<em>", "</em>"),
                   lambda s: f"<h1>{s}</h1>", lambda s: f"<h2>{s}</h2>", _html_block, "<hr>",
                   lambda s: f"<code>{html_text(s)}</code>"),
    "text": Markup("txt", str, str, str, _underline("="), _underline("-"), _text_block,
                   "-" * 60, lambda s: f'"{s}"'),
}


def html_blocks(text: str) -> str:
    """Turn the blank-line-separated blocks of a rendered post into HTML: lists of ``- ``
    lines become ``<ul>``, other blocks ``<p>`` with ``<br>`` line breaks; blocks that are
    already HTML elements (headings, details, aside, hr) pass through."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        block = block.strip()
        if not block:
            continue
        if block.startswith(("<h1", "<h2", "<details", "<aside", "<hr", "<ul", "<footer",
                             "<figure")):
            out.append(block)
            continue
        lines = block.splitlines()
        lead = 0
        while lead < len(lines) and not lines[lead].startswith("- "):
            lead += 1
        if lead < len(lines) and all(line.startswith("- ") for line in lines[lead:]):
            if lead:
                out.append("<p>" + "<br>\n".join(lines[:lead]) + "</p>")
            items = "\n".join(f"<li>{line[2:]}</li>" for line in lines[lead:])
            out.append(f"<ul>\n{items}\n</ul>")
        else:
            out.append("<p>" + "<br>\n".join(lines) + "</p>")
    return "\n\n".join(out)


def bbcode_lists(text: str) -> str:
    """Turn each run of ``- `` lines of a rendered BBCode post into a phpBB list:
    ``[list]``, one ``[*]`` per item, ``[/list]`` (forums show "- " lines as plain text)."""
    out: list[str] = []
    items: list[str] = []
    for line in text.split("\n"):
        if line.startswith("- "):
            items.append(f"[*]{line[2:]}")
            continue
        if items:
            out += ["[list]", *items, "[/list]"]
            items = []
        out.append(line)
    if items:
        out += ["[list]", *items, "[/list]"]
    return "\n".join(out)


def code_block(fmt: str, text: str) -> str:
    """``text`` as a block shown in a fixed-width font: a Markdown fence, a BBCode ``[code]``
    block (tags in the text neutralised), or the lines as they are (plain text)."""
    if fmt == "markdown":
        return "```\n" + text.replace("```", "` ` `") + "\n```"
    if fmt == "bbcode":
        return "[code]\n" + bbcode_escape(text) + "\n[/code]"
    return text
