"""The Jinja environment, the fight grouped for templates, and the ``render`` entry points.

May import: jinja2, narrator.cache, narrator.events, narrator.render.*, narrator.ruleset (the
registry).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined

from narrator.cache import toml_loads
from narrator.events import Event, FightLog
from narrator.render import inflection, labels
from narrator.render.bytecode import bytecode_cache
from narrator.render.markup import (
    MARKUP, Options, bbcode_lists, code_block, html_blocks, no_mass_ping,
)
from narrator.render.narrate import Kinds, Narration, Scene, is_call, loading_declarations
from narrator.render.phrases import Phrases
from narrator.render.sandbox import (BoundedEnvironment, ConfinedLoader, bound, bounded_output,
                                     limits)
from narrator.render.teaching import (gm_distance, shown_modifiers, source, uncite,
                                      wound_groups)
from narrator.render.trusted import TrustedEnvironment

FORMATS = ("markdown", "bbcode", "html", "text", "json")
MODES = ("teaching", "story")

#: Events that start a paragraph of their own in story mode; the others attach to the last.
PRIMARY = frozenset({"other_action", "intent_declared", "stood_idle"})
"""The shared kinds; a ruleset adds its own (``Ruleset.story_primary``)."""

#: Events the engine emits once the fight is over, after the last turn's status (Boot Hill's
#: bruises fading, errata B19): told after that status, not before it.
AFTER_FIGHT = frozenset({"bruises_healed"})

INITIATIVE: frozenset[str] = frozenset()
"""Kinds told before a call to surrender in story mode; a ruleset adds its own
(``Ruleset.initiative_kinds``)."""


def _story_beat(rs: Any) -> Any:
    """A ruleset's own placing of events in story beats (``Ruleset.story_beat``), or None
    where it keeps the base class's (then no call is made for each event)."""
    from narrator.ruleset import Ruleset

    if rs is None or type(rs).story_beat is Ruleset.story_beat:
        return None
    return rs.story_beat


def _ruleset(name: str | None):
    """The registered ruleset of that name, or None (a log may name anything)."""
    from narrator import ruleset as registry

    try:
        return registry.get(name) if isinstance(name, str) else None
    except registry.UnknownRuleset:
        return None


class _Inflection:
    """What templates may call of ``narrator.render.inflection`` (the sandbox sees only these)."""

    count = staticmethod(inflection.count)
    tally = staticmethod(inflection.tally)
    side = staticmethod(inflection.side_name)
    side_label = staticmethod(inflection.side_label)
    plural = staticmethod(inflection.is_plural)
    join = staticmethod(inflection.join)
    the = staticmethod(inflection.the)
    article = staticmethod(inflection.article)
    article_number = staticmethod(inflection.article_number)
    told_name = staticmethod(inflection.told_name)


inflection_api = _Inflection()


def template_dirs() -> Path:
    """Our templates: inside the installed package, else the source tree's ``templates/``."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "templates"
    if packaged.is_dir():
        return packaged
    return here.parent / "templates"


def signed(v: int) -> str:
    """``+2``, ``−2`` (typographic minus), ``0``."""
    if v > 0:
        return f"+{v}"
    if v < 0:
        return f"\u2212{-v}"
    return "0"


def minus(v: int) -> str:
    """A number as a reader writes it: ``-2`` with a typographic minus (``−2``), ``3``."""
    return f"\u2212{-v}" if v < 0 else str(v)


def reader_minus(value: Any) -> Any:
    """Every template's ``finalize``: a negative number a template prints (``{{ ev.total }}``)
    gets the typographic minus the modifiers have (``−2``, as ``minus``), so a post never
    mixes ``−2`` and ``-2``; anything else is printed as it is (text included: a value the
    scenario spells, such as a house rule's, goes through ``value_minus``)."""
    kind = type(value)
    if (kind is int or kind is float) and value < 0:
        return f"\u2212{-value}"
    return value


def value_minus(text: Any) -> str:
    """A value as the scenario spells it (a house rule's ``-2`` or ``[-1, 2]``, a fight's
    profile ``light_wound_penalty=-2``) with the typographic minus a post prints every other
    negative number with: a hyphen before a digit and not after a letter (``−2``,
    ``[−1, 2]``, ``3d6−1``); a hyphen after a letter (``a-1``) stays."""
    return _VALUE_MINUS.sub("\u2212", str(text))


_VALUE_MINUS = re.compile(r"(?<![A-Za-z_])-(?=\d)")


def profile_words(profile: str) -> str:
    """A fight's profile (``FightStarted.profile``: "tables", "as ruled", "house rules:
    hipshot_formula=pooled, ...; 3 GM rulings") as a GM says it in a post's footer: "by the
    tables", "as ruled", "five house rules and three GM rulings" (the cast's block lists
    them in words); never an option's key."""
    head, _, tail = profile.partition("; ")
    parts = []
    if head.startswith("house rules: "):
        parts.append(inflection.count(len(head[len("house rules: "):].split(", ")), "house rule"))
    elif head == "tables":
        parts.append("by the tables")
    else:
        parts.append(head)
    m = re.match(r"(\d+) GM rulings?$", tail)
    if m:
        parts.append(inflection.count(int(m.group(1)), "GM ruling"))
    elif tail:
        parts.append(tail)
    if parts[0] == "by the tables" and len(parts) > 1:
        parts[0] = "the tables"
    return parts[0] if len(parts) == 1 else (
        f"{parts[0]}; {parts[1]}" if parts[0] == "as ruled" else f"{parts[0]} and {parts[1]}")


def yards(v: float, past: float | None = None, under: float | None = None) -> str:
    """Yards to one decimal place, without a trailing ``.0``.

    ``past``: a limit the distance is counted beyond (a Weird West move of more than his Pace
    is running, 004 l.38): a distance within a hair of it is never shown as the limit itself,
    5.04 past 5 is "5.04", not "5", and one past it by less than a hundredth (the log keeps
    hundredths) "just over 5".
    ``under``: a limit the distance falls short of (a Weird West range increment's end: 19.96
    yards is one full 10-yard increment, 20 is two): never shown as the limit, "19.96", or
    "just under 20" within a hundredth.

    >>> yards(10.04), yards(10.04, 10), yards(19.96, under=20), yards(19.5, under=20)
    ('10', '10.04', '19.96', '19.5')
    """
    text = f"{v:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    if past is not None and float(text) <= past <= v + 0.005:
        return f"{v:.2f}" if round(v, 2) > past else f"just over {yards(past)}"
    if under is not None and float(text) >= under > v:
        return f"{v:.2f}" if round(v, 2) < under else f"just under {yards(under)}"
    return text


def yards_n(v: float) -> str:
    """A distance with its unit, as ``yards`` shows the number: "1 yard" (0.96 rounds to it,
    never "1 yards"), "1.5 yards", "0.5 yards".

    >>> yards_n(0.96), yards_n(1.5), yards_n(12)
    ('1 yard', '1.5 yards', '12 yards')
    """
    text = yards(v)
    return f"{text} yard" if text == "1" else f"{text} yards"


def ucfirst(text: str) -> str:
    """Capitalise the first letter only ("Texas Jack's horse")."""
    return text[:1].upper() + text[1:]


#: The first words of the characters' names in the fight being rendered (``lcfirst`` leaves
#: them alone: "not fast enough: Dutch fired", never "dutch fired").
_NAME_WORDS: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar(
    "name_words", default=frozenset())


def lcfirst(text: str) -> str:
    """Lower-case the first letter only ("In the chest" -> "in the chest"), leaving a
    character's name (or any word of it), "I" and a word in capitals alone."""
    m = re.match(r"[\W_]*([\w'-]+)", text)
    word = m.group(1) if m else ""
    if word in _NAME_WORDS.get() or word == "I" or (len(word) > 1 and word.isupper()):
        return text
    word = word.split("'")[0]
    if word in _NAME_WORDS.get():
        return text
    return text[:1].lower() + text[1:]


def mk_escape_free(name: str) -> str:
    """A name as words, quotes dropped ('"Dutch" Henry Vogel' -> 'Dutch Henry Vogel')."""
    return re.sub(r"[\"\u201c\u201d]", " ", name)


def _terms(words: Any, name: str) -> dict[str, Any]:
    """A ruleset's labels dict ``name`` (``Ruleset.labels``), empty when it has none."""
    return getattr(words, name, None) or {}


def mod_label(m: Any, words: Any = None) -> str:
    """A modifier's name for prose, with its count ("two light wounds"), from the
    ruleset's ``MODIFIER`` labels (``words``; the shared labels by default)."""
    if words is None:
        words = labels
    base = _terms(words, "MODIFIER").get(m.name, m.name.replace("_", " "))
    if getattr(m, "times", 1) > 1:
        n = labels.NUMBER.get(m.times, str(m.times))
        many = _terms(words, "MODIFIER_MANY").get(m.name)
        if many is not None:
            times = "twice" if m.times == 2 else f"{n} times"
            return many.format(n=n, times=times)
        if m.name in ("light_wound", "serious_wound"):
            return f"{n} {base}s"
        return f"{base} ({n} times)"
    return base


def _mod_filter(words: Any) -> Any:
    """The ``mod`` filter of an environment: ``mod_label`` with the ruleset's ``words``,
    kept per modifier name and count (the rolls lines name the same few modifiers hundreds
    of times a write-up; the labels are constants)."""
    said: dict[tuple[str, int], str] = {}

    def mod(m: Any) -> str:
        key = (m.name, getattr(m, "times", 1))
        text = said.get(key)
        if text is None:
            text = said[key] = mod_label(m, words)
        return text
    return mod


def shot_list(types: tuple[str, ...] | list[str], words: Any = None) -> str:
    """``(fanned, fanned, hip)`` -> "two fanned shots, then a hipshot" (the shot types' names
    from the ruleset's ``SHOT`` labels, ``words``; the shared labels by default)."""
    if words is None:
        words = labels
    runs: list[list] = []
    for t in types:
        if runs and runs[-1][0] == t:
            runs[-1][1] += 1
        else:
            runs.append([t, 1])
    names = _terms(words, "SHOT")
    told = []
    for t, k in runs:
        name = names.get(t, t)
        told.append(f"a {name}" if k == 1 else f"{labels.NUMBER.get(k, k)} {name}s")
    return ", then ".join(told)


def group(log: FightLog) -> dict[str, Any]:
    """The log arranged for templates: ``started``, ``pre`` (events before turn 1),
    ``turns`` (each ``start``, ``events``, ``beats`` for story mode, ``status``), ``post``
    (events of ``AFTER_FIGHT`` kinds after the last turn's status: the bruises that fade when
    the fight is over), ``ended``.

    A beat is a primary event with the events that follow from it (pellets, locations,
    cover, wounds, passing out; where the ruleset says, ``Ruleset.story_beat``, the rest of
    a volley another event broke into): ``{"ev": event, "sub": [events]}``.
    """
    started = ended = None
    turns: list[dict[str, Any]] = []
    pre: list[Event] = []
    post: list[Event] = []
    rs = _ruleset(getattr(log.events[0], "ruleset", None)) if log.events else None
    primary = PRIMARY | rs.story_primary if rs is not None else PRIMARY
    first_kinds = INITIATIVE | rs.initiative_kinds if rs is not None else INITIATIVE
    moves_first = rs.story_moves_first if rs is not None else frozenset()
    kinds = Kinds.of(rs)
    place = _story_beat(rs)
    beat: dict[str, Any] | None = None  # the beat the last event went to
    for e in log.events:
        if e.kind == "fight_started":
            started = e
        elif e.kind == "fight_ended":
            ended = e
        elif e.kind == "turn_started":
            turns.append({"start": e, "events": [], "beats": [], "status": None, "map": None})
            beat = None
        elif e.kind == "turn_ended":
            turns[-1]["status"] = e
        elif turns and turns[-1]["status"] is not None and e.kind in AFTER_FIGHT:
            post.append(e)  # told after the last turn's status, which is from before it
        elif turns:
            turn = turns[-1]
            turn["events"].append(e)
            home = place(e, turn["beats"]) if place is not None and beat is not None else None
            if home is not None:
                if not any(b is home for b in turn["beats"]):  # a beat the ruleset began
                    turn["beats"].append(home)
                beat = home
                home["sub"].append(e)
            elif e.kind in primary or beat is None:
                beat = {"ev": e, "sub": []}
                turn["beats"].append(beat)
            else:
                beat["sub"].append(e)
        else:
            pre.append(e)
    if started is None or ended is None:
        raise ValueError("the event log has no fight_started or fight_ended event")
    for turn in turns:
        turn["paras"] = _paragraphs(turn["beats"], first_kinds, moves_first, kinds)
        # a paragraph of one beat that tells who acts first is the turn's banner line
        turn["banners"] = [len(p) == 1 and p[0]["ev"].kind in first_kinds for p in turn["paras"]]
        # living cover bolts once, after the last ball or pellet of the shot that hit it:
        # the earlier cover hits of that shot are not told as bolting
        turn["bolt_early"] = [c for b in turn["beats"] for c in
                              [s for s in b["sub"] if s.kind == "cover_hit" and s.bolted][:-1]]
    return {"started": started, "ended": ended, "turns": turns, "pre": pre, "post": post}




def _named(e: Any) -> set[str]:
    """The men an event names (its actor, its target or targets, a hold's two men)."""
    out = set()
    for key in ("character", "target", "attacker", "shooter", "holder", "held", "victim"):
        v = getattr(e, key, None)
        if isinstance(v, str):
            out.add(v)
    for v in getattr(e, "targets", None) or ():
        if isinstance(v, str):
            out.add(v)
    return out


def _is_call(b: dict[str, Any]) -> bool:
    return b["ev"].kind == "other_action" and is_call(b["ev"].text)


def _plain_miss(b: dict[str, Any]) -> bool:
    e = b["ev"]
    return e.kind == "shot_fired" and e.result == "miss" and not e.misfire and not b["sub"]


def _plain_cover(b: dict[str, Any]) -> str | None:
    """The cover that stopped a shot with nothing else happening, else None."""
    e = b["ev"]
    if e.kind != "shot_fired" or e.result != "hit" or e.misfire:
        return None
    covers = [s for s in b["sub"] if s.kind == "cover_hit"]
    if len(covers) != 1 or not covers[0].stopped or covers[0].alive:
        return None
    if any(s.kind not in ("location_rolled", "cover_hit") for s in b["sub"]):
        return None
    return covers[0].cover


def _loading(beats: list[dict[str, Any]]) -> list[Any]:
    """The declarations of a turn's reloads that nothing else of the turn tells
    (``narrate.loading_declarations``, of the turn's beats and what follows from them)."""
    return loading_declarations([e for b in beats for e in (b["ev"], *b.get("sub", ()))])


def _paragraphs(beats: list[dict[str, Any]], first_kinds: frozenset[str] = frozenset(),
                moves_first: frozenset[str] = frozenset(),
                kinds: Kinds | None = None) -> list[list[dict[str, Any]]]:
    """Story beats in paragraphs: the engine's bookkeeping left out (SILENT), a call to
    surrender told first (unless the dice resolved it after shots of the turn: then in its
    place, after them), a man's move of ``moves_first`` kinds told before his first shot
    of the turn (one that ends in cover after his last: he got there after firing), a run of plain misses (or of shots the same cover stopped) by one shooter
    at one target told as one beat (``beat["run"]`` shots), and one character's consecutive
    actions in one paragraph; several men's moves in a row (``Kinds.moves``), or beats of a
    ``Kinds.together`` kind (the draws), in one paragraph."""
    kinds = kinds or Kinds()
    _actor = kinds.actor
    _MOVES, _TOGETHER = kinds.moves, kinds.together
    loading = _loading(beats)
    kept = [dict(b, run=1) for b in beats if b["ev"].kind not in kinds.silent
            or b["ev"] in loading]
    # a man left idle (stood_idle) is told after what the others did, never between one
    # man's beats: his "Pike has nothing left to fight with" breaks no one's paragraph; but
    # one the others' beats then come to (struck, shot at, knocked cold) is told before
    # them, as he stood from the turn's start: never "Cyrus keeps well out of their reach"
    # after "Cyrus is out cold" (a fresh user, session 22: a man acting once he was down)
    idle = [b for b in kept if b["ev"].kind == "stood_idle"]
    if idle:
        named = set()
        for b in kept:
            if b["ev"].kind != "stood_idle":
                for e in (b["ev"], *b.get("sub", ())):
                    named.update(_named(e))
        early = [b for b in idle if b["ev"].character in named]
        kept = early + [b for b in kept if b["ev"].kind != "stood_idle"] + [
            b for b in idle if b not in early]
    # a call the dice resolved after shots of the turn stays after them (a reader: "It is
    # too late for that; the shooting has started" told before any shot; issue 10: told
    # first, it read as answered by shots fired before it)
    calls = [b for b in kept if kinds.calls_first and _is_call(b)
             and not any(kinds.is_shot(x["ev"].kind) for x in kept[:kept.index(b)])]
    if calls:
        first = [b for b in kept if b["ev"].kind in first_kinds]
        kept = first + calls + [b for b in kept if b not in calls and b not in first]
    for b in [b for b in kept if b["ev"].kind in moves_first]:
        who = _actor(b["ev"])
        shots = [i for i, x in enumerate(kept) if x is not b and _actor(x["ev"]) == who
                 and kinds.is_shot(x["ev"].kind)]
        if not shots or shots[0] > kept.index(b):
            continue
        if getattr(b["ev"], "penalties", ()) and any(
                e.kind == "wound_taken" and e.character == who and "leg" in e.location
                for x in kept[shots[0]:kept.index(b)] for e in (x["ev"], *x["sub"])):
            # a leg wound after his first shot, before the move, that the move's allowance
            # pays for: the move is the wounded man's, told in its place (a fresh user: "Billy
            # limps towards the rocks; the leg will not carry him at a run" was told before
            # "Reese's bullet catches Billy in the right leg"); a move no wound between
            # slowed is still told first (Quentin's run, hit in the gut as he fires)
            continue
        kept.remove(b)
        if getattr(b["ev"], "cover", None) and getattr(b["ev"], "arrived", False) \
                and getattr(b["ev"], "destination", None):
            # a move that ends in cover is told after the shots he fired on his way there,
            # from where he started (a fresh user: "Tilghman got by the livery door" told
            # before the shot he fired as he set off: the rolls show it after)
            last = max(i for i, x in enumerate(kept) if _actor(x["ev"]) == who
                       and kinds.is_shot(x["ev"].kind))
            kept.insert(last + 1, dict(b, after=True))
        else:
            kept.insert(shots[0], b)
    merged: list[dict[str, Any]] = []
    for b in kept:
        prev = merged[-1] if merged else None
        same = prev is not None and prev["ev"].kind == b["ev"].kind == "shot_fired" \
            and prev["ev"].shooter == b["ev"].shooter and prev["ev"].target == b["ev"].target
        if same and _plain_miss(b) and _plain_miss(prev):
            prev["run"] += 1
            continue
        if same and _plain_cover(b) is not None and _plain_cover(b) == _plain_cover(prev):
            prev["run"] += 1
            continue
        merged.append(b)
    paras: list[list[dict[str, Any]]] = []
    for b in merged:
        who = _actor(b["ev"])
        count = getattr(b["ev"], "count", None)
        same_count = count is not None and getattr(paras[-1][-1]["ev"], "count", None) == count \
            if paras else False
        last = paras[-1][-1]["ev"].kind if paras else None
        if paras and who is not None and b["ev"].kind in _MOVES and last in _MOVES \
                and len(paras[-1]) < 4:  # men taking cover, one after another: one paragraph
            paras[-1].append(b)
        elif paras and b.get("after") and _actor(paras[-1][-1]["ev"]) == who:
            paras[-1].append(b)  # (his move into cover after his shots: his paragraph)
        elif paras and who is not None and b["ev"].kind not in _MOVES and (
                _actor(paras[-1][-1]["ev"]) == who or same_count
                or b["ev"].kind == paras[-1][-1]["ev"].kind in _TOGETHER):
            paras[-1].append(b)
        else:
            paras.append([b])
    return paras


def make_env(fmt: str, user_dir: Path | None = None,
             ruleset: str | None = None) -> Environment:
    """The sandboxed, strict Jinja environment for a format (the user's templates first).

    ``ruleset``: the registered ruleset whose templates (``Ruleset.templates()``: its own event
    kinds, and its wording of shared ones such as ``fight_started``) are searched before
    ``common/``. Our own environments are built once per process and reused (Jinja keeps
    the compiled templates); one with a user's folder is built afresh each time.
    """
    if user_dir is None:
        return _our_env(fmt, ruleset)
    return _build_env(fmt, user_dir, ruleset)


@functools.lru_cache(maxsize=None)
def _our_env(fmt: str, ruleset: str | None) -> Environment:
    return _build_env(fmt, None, ruleset)


def _build_env(fmt: str, user_dir: Path | None, ruleset: str | None) -> Environment:
    ours = template_dirs()
    search: list[Any] = []
    if user_dir is not None:  # confined to the real path of the folder itself (sandbox.py)
        search += [ConfinedLoader(str(user_dir / fmt), str(user_dir)),
                   ConfinedLoader(str(user_dir / "common"), str(user_dir))]
    search += [FileSystemLoader(str(ours / fmt))]
    rs = _ruleset(ruleset)
    own = rs.templates() if rs is not None else None
    if own is not None and own.is_dir():
        search += [FileSystemLoader(str(own))]
    search += [FileSystemLoader(str(ours / "common"))]
    # our own templates are trusted and do not change while the process runs: Jinja's
    # environment with two of its paths shortened (trusted.py; the sandbox's attribute checks
    # were half the rendering time) that never re-reads a template's file; a user's
    # templates run sandboxed and bounded (sandbox.py)
    kind = TrustedEnvironment if user_dir is None else BoundedEnvironment
    # optimized=False: Jinja's optimizer would fold a filter of a constant into the compiled
    # code with this environment's filters, and a cached template would carry them into
    # another format's environment (the bytecode cache, narrator/render/bytecode.py).
    options: dict[str, Any] = dict(undefined=StrictUndefined, trim_blocks=True,
                                   lstrip_blocks=True, keep_trailing_newline=True,
                                   autoescape=False, auto_reload=user_dir is not None,
                                   optimized=False, finalize=reader_minus,
                                   # a plain dict for the loaded templates: ours are a fixed
                                   # few, and Jinja's LRU cache takes a lock on every include
                                   **({"cache_size": -1} if user_dir is None else {}))
    cache = bytecode_cache(kind, options, (fmt, ruleset)) if user_dir is None else None
    env = kind(loader=ChoiceLoader(search), bytecode_cache=cache, **options)
    mk = MARKUP[fmt]
    words = _labels(ruleset)
    location = _terms(words, "LOCATION")
    rs = _ruleset(ruleset)
    # a distance in the ruleset's unit: yards, or feet at every distance (Ruleset.feet)
    in_feet = bool(getattr(rs, "feet", False))
    env.filters.update(esc=mk.escape, strong=mk.strong, em=mk.em, h1=mk.h1, h2=mk.h2,
                       signed=signed, minus=minus, value_minus=value_minus, yards=yards, yards_n=yards_n,
                       code=mk.code, profile_words=profile_words, ucfirst=ucfirst, lcfirst=lcfirst,
                       the=inflection.the,
                       loc=lambda x: location.get(x, x),
                       band=lambda x: _terms(words, "BAND").get(x, x),
                       sev=lambda x: _terms(words, "SEVERITY").get(x, x),
                       mod=_mod_filter(words),
                       shot_list=lambda ts, names=None: shot_list(
                           ts, words if names is None else SimpleNamespace(SHOT=names)), side=inflection.side_name,
                       side_label=inflection.side_label, group_label=inflection.group_label,
                       sided=inflection.sided,
                       full_stop=inflection.full_stop,
                       and_join=inflection.join,
                       gm_distance=functools.partial(gm_distance, feet=in_feet, feet_only=in_feet),
                       uncite=uncite, shown=shown_modifiers,
                       wounds=lambda ws: wound_groups(ws, lambda x: location.get(x, x)))
    env.globals.update(labels=words, number=lambda n: labels.NUMBER.get(n, str(n)))
    env.tests["call"] = is_call  # `ev.text is call`: a GM's call for surrender (narrate.is_call)
    return env if user_dir is None else bound(env)


def _labels(ruleset: str | None) -> Any:
    """The ruleset's words for its terms (``Ruleset.labels``), else the shared labels."""
    rs = _ruleset(ruleset)
    words = rs.labels() if rs is not None else None
    return words if words is not None else labels


def _source(env: Environment, name: str) -> tuple[str, str | None]:
    """A file's text and file name as the environment's template search finds it: read
    once per environment for ours (``TrustedEnvironment.template_source``), every time
    for a user's."""
    kept = getattr(env, "template_source", None)
    if kept is not None:
        return kept(name)
    source, filename, _ = env.loader.get_source(env, name)
    return source, filename


def _phrase_text(env: Environment, name: str = "phrases.toml") -> str:
    return _source(env, name)[0]


def _phrase_table(env: SandboxedEnvironment, ruleset: str | None) -> dict[str, list[str]]:
    """The story phrases: ``phrases.toml`` as the template search finds it; when that is the
    ruleset's own file (``Ruleset.templates()``), read over ``common/phrases.toml``: its groups
    are added, or replace the common ones of the same name, and the rest stay (a ruleset words
    what it needs and keeps the shared endings). A user's file replaces the whole table.
    Worked out once per environment of ours (its files are read once, ``_source``)."""
    tables = getattr(env, "_phrase_tables", None)
    if tables is not None and ruleset in tables:
        return tables[ruleset]
    source, filename = _source(env, "phrases.toml")
    rs = _ruleset(ruleset)
    own = rs.templates() if rs is not None else None
    common = None
    if own is not None and filename and Path(filename).resolve() == (own / "phrases.toml").resolve():
        common = (template_dirs() / "common" / "phrases.toml").read_text("utf-8")
    with toml_located(filename, source):
        table = _merged_table(source, common)
    if getattr(env, "_sources", None) is not None:  # ours, never reloaded: kept with it
        if tables is None:
            tables = env._phrase_tables = {}  # type: ignore[attr-defined]
        tables[ruleset] = table
    return table


class TOMLError(ValueError):
    """A phrase or vocabulary table that is not TOML, located: ``filename``, ``lineno`` and
    ``colno`` (1-based), as a template's syntax error is (``narrator.cli.template_error``)."""

    def __init__(self, message: str, filename: str | None, lineno: int, colno: int) -> None:
        super().__init__(message)
        self.filename, self.lineno, self.colno = filename, lineno, colno


@contextlib.contextmanager
def toml_located(filename: str | None, source: str) -> Iterator[None]:
    """Turn a ``tomllib.TOMLDecodeError`` raised inside (parsing ``source``, the text of
    ``filename``) into a ``TOMLError`` naming the file and the line and column the parser
    gives ("(at line 1, column 7)"; "(at end of document)": the end of ``source``)."""
    try:
        yield
    except tomllib.TOMLDecodeError as exc:
        text = str(exc)
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", text)
        end = re.search(r"\s*\(at end of document\)\s*$", text)
        if m:
            line, col, text = int(m.group(1)), int(m.group(2)), text[:m.start()]
        elif end:
            line = source.count("\n") + 1
            col = len(source) - (source.rfind("\n") + 1) + 1
            text = text[:end.start()] + " (at the end of the file)"
        else:
            line, col = 1, 1
        raise TOMLError(text, filename, line, col) from None


@functools.lru_cache(maxsize=16)
def _merged_table(source: str, common: str | None) -> dict[str, list[str]]:
    """``source`` parsed, over ``common`` parsed when given (see ``_phrase_table``); parsed
    once per text (the phrase table is read, never changed, by ``Phrases``), and kept parsed
    between runs (``narrator.cache.toml_loads``)."""
    table = toml_loads(source)
    if common is not None:
        table = {**toml_loads(common), **table}
    return table


_BLANK_LINES = re.compile(r"\n\n\n+")


def _tidy(text: str, fmt: str) -> str:
    # trailing blanks of every line (the last line's go with strip()); then no more than
    # one blank line in a row (a list and a literal pattern: rendering time)
    text = "\n".join([line.rstrip(" \t") for line in text.split("\n")])
    text = _BLANK_LINES.sub("\n\n", text).strip() + "\n"
    if fmt == "html":
        return text
    return text


def render_posts(log: FightLog, fmt: str = "markdown", mode: str = "teaching",
                 user_templates: Path | None = None, per_turn: bool = False,
                 options: Options | None = None) -> list[str]:
    """Render a fight as posts: one per turn (``per_turn``) or a single one.

    The first post carries the title, cast and rulings; the last the ending and the trust
    footer. Names are introduced in full once across all posts.

    Raises:
        ValueError: unknown format or mode, a log without its start or end, or of a ruleset
            that is not installed.
        jinja2.TemplateError: a broken (user) template: strict undefined, sandbox violations.
    """
    if fmt == "json":
        return [log.to_json()]
    if fmt not in MARKUP:
        raise ValueError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; choose from {', '.join(MODES)}")
    opts = options or Options()
    fight = group(log)
    if _ruleset(fight["started"].ruleset) is None:  # never a path: only a registered name
        raise ValueError(f"the log's ruleset {fight['started'].ruleset!r} is not installed")
    env = make_env(fmt, user_templates, fight["started"].ruleset)
    chars = {c.name: c for c in fight["started"].characters}
    # (not "The" of "The Abilene Kid": inside a sentence his name is "the Abilene Kid")
    _NAME_WORDS.set(frozenset(w for c in chars.values() for x in (c.name, c.short)
                              for w in re.findall(r"[\w'-]+", mk_escape_free(x))) - {"The"})
    inflection.set_side_names(inflection.display_names_of(
        fight["started"].sides, ((c.name, c.side) for c in chars.values()),
        getattr(fight["started"], "side_names", None)))
    places = dict(fight["started"].landmarks)
    placed: dict[str, str] = {}  # each destination said once worked out (``_place``)
    phrases = Phrases(_phrase_table(env, fight["started"].ruleset), fight["started"].seed,
                      opts.tense)
    vocabulary, vocabulary_file = _source(env, "vocabulary.toml")
    with toml_located(vocabulary_file, vocabulary):
        scene = Scene.from_toml(vocabulary, fight["started"])
    narr = Narration(chars, MARKUP[fmt], phrases, bold=mode == "teaching", scene=scene,
                     kinds=Kinds.of(_ruleset(fight["started"].ruleset)))
    mk = MARKUP[fmt]
    by_purpose: dict[str, int] = {}
    for r in log.rolls:
        if r.scripted:
            by_purpose[r.purpose] = by_purpose.get(r.purpose, 0) + 1
    scripted = ", ".join(f"{p.replace('_', ' ')} {k}" for p, k in by_purpose.items())
    if mode == "story":
        narr.story(list(log.events), fight["started"])
    else:
        narr.events = list(log.events)  # read by the rolls' and teaching lines' look-ups
    context = dict(fight=fight, n=narr, mode=mode, fmt=fmt, opts=opts, rule=mk.rule,
                   inflect=inflection_api,
                   scripted=scripted, src=lambda ref: source(ref, opts.cite),
                   place=lambda k: placed[k] if k in placed else placed.setdefault(
                       k, _place(k, places, fight["started"])),
                   block=lambda title, lines: mk.block(title, [x for x in lines if x], opts))
    turns = fight["turns"]
    if fmt == "html" or opts.text_maps:
        _add_maps(log, fmt, turns)
    ended = fight["ended"].reason != "paused"  # a paused fight (play-by-post) has no ending yet
    if per_turn and turns:
        parts = [{"head": i == 0, "turns": [t], "tail": ended and i == len(turns) - 1,
                  "index": i + 1, "total": len(turns)} for i, t in enumerate(turns)]
    else:
        parts = [{"head": True, "turns": turns, "tail": ended, "index": 1, "total": 1}]
    posts = []
    # user templates: bounded CPU time, memory and output; ours are joined as Jinja's render
    # joins them (a write-up's length is bounded by its fight)
    output = bounded_output if user_templates is not None else "".join
    with limits(user_templates is not None):
        template = env.get_template("post.j2")
        for part in parts:
            body = output(template.generate(part=part, **context))
            if fmt == "html":
                body = output(env.get_template("page.j2").generate(
                    content=html_blocks(_tidy(body, fmt)), part=part, **context))
            elif fmt == "bbcode":
                body = bbcode_lists(body)
            posts.append(no_mass_ping(_tidy(body, fmt)))
    return posts


def _add_maps(log: FightLog, fmt: str, turns: list[dict[str, Any]]) -> None:
    """Put each turn's picture in ``turn["map"]``: an inline SVG (HTML) or a character map in a
    code block (the other formats); the templates show it after the status block."""
    from narrator.render import maps

    fs = maps.frames(log)
    bounds = maps.Bounds.of(fs)
    by_turn = {f.turn: f for f in fs}
    for turn in turns:
        f = by_turn.get(turn["start"].turn)
        if f is None:
            continue
        if fmt == "html":
            body = maps.svg(f, bounds).split("\n", 1)[1]  # without the XML declaration
            turn["map"] = f'<figure class="map">\n{body.strip()}\n</figure>'
        else:
            turn["map"] = code_block(fmt, maps.text_map(f, bounds))


_POINT = re.compile(r"^\s*\[?\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\]?\s*$")


def _place(key: str, places: dict[str, str], started: Any) -> str:
    """A destination as a player reads it: a landmark's name ("the livery" for a bare key),
    or, for a point of the map the tactics chose ("7,0"), where it is in words: "the open
    ground near the water trough" (the nearest landmark within 10 yards), else "the open
    ground" ("runs towards the open ground", never "towards open ground"). Never coordinates."""
    m = _POINT.match(key)
    if m is None:
        return inflection.the(places.get(key, key.replace("_", " ")))
    import math

    point = (float(m.group(1)), float(m.group(2)))
    near = sorted((math.dist(point, tuple(p.at)), p.name) for p in getattr(started, "places", ()))
    if near and near[0][0] <= 10:
        return "the open ground near " + inflection.the(near[0][1])
    return "the open ground"


def render(log: FightLog, fmt: str = "markdown", mode: str = "teaching",
           user_templates: Path | None = None, options: Options | None = None) -> str:
    """Render a whole fight as one document (see ``render_posts``)."""
    return render_posts(log, fmt, mode, user_templates, False, options)[0]
