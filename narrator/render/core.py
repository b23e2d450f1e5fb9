"""The Jinja environment, per-format markup, and the ``render`` entry point.

May import: jinja2, narrator.events, narrator.render.labels.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from narrator.events import Event, FightLog
from narrator.render import labels

FORMATS = ("markdown", "text", "json")
MODES = ("teaching",)


def template_dirs() -> Path:
    """Our templates: inside the installed package, else the source tree's ``templates/``."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "templates"
    if packaged.is_dir():
        return packaged
    return here.parent / "templates"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|>~<#])")


def md_escape(text: str) -> str:
    """Escape the Markdown (CommonMark and Discord) specials that can change inline text:
    backslash, backtick, emphasis, links, spoilers, quotes, headings and HTML."""
    return _MD_SPECIAL.sub(r"\\\1", str(text))


@dataclass(frozen=True)
class Markup:
    """How a format spells emphasis and escapes user text."""

    escape: Callable[[str], str]
    strong: Callable[[str], str]
    em: Callable[[str], str]
    h1: Callable[[str], str]
    h2: Callable[[str], str]


def _underline(char: str) -> Callable[[str], str]:
    return lambda s: f"{s}\n{char * len(s)}"


MARKUP = {
    "markdown": Markup(md_escape, lambda s: f"**{s}**", lambda s: f"*{s}*",
                       lambda s: f"# {s}", lambda s: f"## {s}"),
    "text": Markup(str, str, str, _underline("="), _underline("-")),
}


@dataclass
class Narration:
    """Names and pronouns for prose: a character's full name on first mention, then short."""

    chars: dict[str, Any]
    markup: Markup
    seen: set[str] = field(default_factory=set)

    def name(self, who: str, strong: bool = True) -> str:
        c = self.chars.get(who)
        if c is None:
            text = self.markup.escape(who)
        elif who in self.seen:
            text = self.markup.escape(c.short)
        else:
            self.seen.add(who)
            text = self.markup.escape(c.name)
        return self.markup.strong(text) if strong else text

    def first(self, key: str) -> bool:
        """True the first time ``key`` is asked about (to explain a ruling only once)."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def short(self, who: str) -> str:
        c = self.chars.get(who)
        return self.markup.escape(c.short if c else who)

    def pronoun(self, who: str, case: str = "subj") -> str:
        p = self.chars[who].pronoun if who in self.chars else "he"
        table = {"he": ("he", "him", "his"), "she": ("she", "her", "her"),
                 "they": ("they", "them", "their")}[p]
        return table[("subj", "obj", "poss").index(case)]

    def verb(self, who: str, singular: str, plural: str) -> str:
        p = self.chars[who].pronoun if who in self.chars else "he"
        return plural if p == "they" else singular


def signed(v: int) -> str:
    """``+2``, ``−2`` (typographic minus), ``0``."""
    if v > 0:
        return f"+{v}"
    if v < 0:
        return f"\u2212{-v}"
    return "0"


def yards(v: float) -> str:
    """Yards to one decimal place, without a trailing ``.0``."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def ucfirst(text: str) -> str:
    """Capitalise the first letter only ("Texas Jack's horse")."""
    return text[:1].upper() + text[1:]


def mod_label(m: Any) -> str:
    """A modifier's name for prose, with its count ("two light wounds")."""
    base = labels.MODIFIER.get(m.name, m.name.replace("_", " "))
    if getattr(m, "times", 1) > 1:
        n = labels.NUMBER.get(m.times, str(m.times))
        if m.name in ("light_wound", "serious_wound"):
            return f"{n} {base}s"
        return f"{base} ({n} times)"
    return base


def shot_list(types: tuple[str, ...] | list[str]) -> str:
    """``(fanned, fanned, hip)`` -> "two fanned shots, then a hipshot"."""
    runs: list[list] = []
    for t in types:
        if runs and runs[-1][0] == t:
            runs[-1][1] += 1
        else:
            runs.append([t, 1])
    words = []
    for t, k in runs:
        name = labels.SHOT.get(t, t)
        words.append(f"a {name}" if k == 1 else f"{labels.NUMBER.get(k, k)} {name}s")
    return ", then ".join(words)


def _group(log: FightLog) -> dict[str, Any]:
    started = None
    ended = None
    turns: list[dict[str, Any]] = []
    pre: list[Event] = []
    for e in log.events:
        if e.kind == "fight_started":
            started = e
        elif e.kind == "fight_ended":
            ended = e
        elif e.kind == "turn_started":
            turns.append({"start": e, "events": [], "status": None})
        elif e.kind == "turn_ended":
            turns[-1]["status"] = e
        elif turns:
            turns[-1]["events"].append(e)
        else:
            pre.append(e)
    return {"started": started, "ended": ended, "turns": turns, "pre": pre}


def make_env(fmt: str, user_dir: Path | None = None) -> SandboxedEnvironment:
    """The sandboxed, strict Jinja environment for a format (user templates first)."""
    ours = template_dirs()
    search: list[FileSystemLoader] = []
    if user_dir is not None:
        search += [FileSystemLoader(str(user_dir / fmt)), FileSystemLoader(str(user_dir / "common"))]
    search += [FileSystemLoader(str(ours / fmt)), FileSystemLoader(str(ours / "common"))]
    env = SandboxedEnvironment(loader=ChoiceLoader(search), undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                               autoescape=False)
    mk = MARKUP[fmt]
    env.filters.update(esc=mk.escape, strong=mk.strong, em=mk.em, h1=mk.h1, h2=mk.h2, signed=signed, yards=yards, ucfirst=ucfirst,
                       loc=lambda x: labels.LOCATION.get(x, x), band=lambda x: labels.BAND.get(x, x),
                       sev=lambda x: labels.SEVERITY.get(x, x), mod=mod_label,
                       shot_list=shot_list)
    env.globals.update(labels=labels, number=lambda n: labels.NUMBER.get(n, str(n)))
    return env


def render(log: FightLog, fmt: str = "markdown", mode: str = "teaching",
           user_templates: Path | None = None) -> str:
    """Render a fight to text.

    Args:
        log: the fight's events and dice.
        fmt: "markdown", "text" or "json" (the event log itself).
        mode: "teaching": every roll in the prose.
        user_templates: a directory whose ``<fmt>/`` and ``common/`` override ours.

    Raises:
        ValueError: unknown format or mode.
        jinja2.TemplateError: a broken user template (strict undefined, sandbox).
    """
    if fmt == "json":
        return log.to_json()
    if fmt not in MARKUP:
        raise ValueError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; choose from {', '.join(MODES)}")
    env = make_env(fmt, user_templates)
    fight = _group(log)
    chars = {c.name: c for c in fight["started"].characters}
    places = dict(fight["started"].landmarks)
    narr = Narration(chars, MARKUP[fmt])
    text = env.get_template("post.j2").render(fight=fight, n=narr, mode=mode, fmt=fmt,
                                               place=lambda k: places.get(k, k.replace("_", " ")))
    text = re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"
    return text
