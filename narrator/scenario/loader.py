"""Load a scenario file: YAML (ruamel, safe) -> validated model.

Positions come from the parser's events (``_scan``), which also refuse tags, deep nesting,
duplicate keys and alias bombs before anything is built.

Every error is a ScenarioError carrying file, line and column; misspelt names get the nearest
valid one. After loading, every character reference in the scenario uses the full name.

The scenario's ``ruleset:`` picks the ruleset (``narrator.ruleset``) whose ``validate`` checks
the rest, with the shared helpers here: ``validate_model`` (pydantic, errors located, the
nearest valid key), ``check_names``, ``check_dice``, ``check_empty_targets``,
``friendly_fire``.

May import: ruamel.yaml, pydantic, narrator.scenario.models, narrator.errors, narrator.dice,
narrator.ruleset (the registry).
"""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.constructor import ConstructorError, SafeConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (AliasEvent, CollectionEndEvent, CollectionStartEvent,
                                MappingStartEvent, NodeEvent, ScalarEvent)
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.tokens import ScalarToken

from narrator.dice import ScriptedValue
from narrator.errors import ScenarioError

MAX_BYTES = 2_000_000


@dataclass
class LoadedScenario:
    """A validated scenario and what the engine needs beside it.

    Attributes:
        scenario: the ruleset's scenario model (``Ruleset.scenario_model``), with every
            character reference canonical (full names); it has ``ruleset``, ``title``,
            ``seed``, ``sides``, ``turns`` (each with ``resolved``), ``max_turns``,
            ``dice_fallback``, ``state`` and ``characters()``.
        path: the file name as given (for messages), or "<string>".
        script: scripted dice ``{who: {purpose: [ScriptedValue]}}``, who = full name or side.
        side_of: full character name -> side name.
        locate: ``locate(("turns", 0, "resolved"))`` -> (line, column), 1-based, of that node
            in the file (the nearest enclosing node that is there); None when not from a file.
        warnings: things that load but look like mistakes (a shot at a man of one's own side),
            each a located ScenarioError whose message starts "warning: "; ``check`` and
            ``run`` print them, nothing stops.
        notes: what the ruleset's validation leaves for its checks that need its engine
            (``Ruleset.lint``), by name; empty for most scenarios.
        played: for ``odds`` and ``batch`` on a play-by-post file, the turns ``next``
            resolved (``narrator.playbypost.Played``: their recorded rolls and the GM's
            edits), which every fight replays before it fights on; None otherwise.
    """

    scenario: Any
    path: str
    script: dict[str, dict[str, list[ScriptedValue]]] = field(default_factory=dict)
    side_of: dict[str, str] = field(default_factory=dict)
    locate: Any = None
    warnings: list[ScenarioError] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)
    locator: Any = None
    played: Any = None

    def error(self, message: str, *loc: Any) -> ScenarioError:
        """A ScenarioError located at the node ``loc`` (keys and indices) of the file."""
        line, col = self.locate(loc, True) if self.locate is not None else (None, None)
        return ScenarioError(message, self.path, line, col)

    def shown(self, value: Any, *loc: Any) -> str:
        """``value``, read at the node ``loc`` of the file, as an error message quotes it: the
        GM's own text (``yes``, ``True``, ``{at: [1, 2]}`` in flow style), text typed plain
        in single quotes; YAML's words for it (``true``, ``null``) when the file does not
        hold it there as typed."""
        return _as_written(self.locator, tuple(loc), value)


def nearest(word: str, choices: list[str]) -> str | None:
    """The closest of ``choices`` to ``word`` (case-insensitive), or None when nothing is close."""
    lowered = {c.lower(): c for c in choices}
    hit = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[hit[0]] if hit else None


SYNONYMS = {
    "teams": "sides", "team": "sides", "factions": "sides", "gangs": "sides", "side": "sides",
    "target": "shoot", "targets": "shoot", "fire": "shoot", "attack": "melee",
    "weapon_type": "type", "position": "at", "pos": "at", "location": "at",
    "turn": "turns", "houserules": "house_rules", "rules": "house_rules", "stats": "attributes",
}
"""Keys a GM may write for another: the key narrator means (offered when nothing is close)."""

_SKILL_NOTES = {
    "shotgun": "shotguns and scatterguns use the Rifle skill (rifle:)",
    "shotguns": "shotguns and scatterguns use the Rifle skill (rifle:)",
    "scattergun": "shotguns and scatterguns use the Rifle skill (rifle:)",
    "revolver": "revolvers use the Pistol skill (pistol:)",
    "knife": "thrown knives use the Throwing skill (throwing:)",
    "bow": "bows use the Archery skill (archery:)",
}


def key_hint(bad: str, valid: list[str], loc: tuple = ()) -> str:
    """What to tell a GM about the unknown key ``bad`` among ``valid`` keys: the nearest valid
    key, else a known synonym's key, else (for a Boot Hill skill) which skill covers it, else
    the list of valid keys. Returns "" or "; ..." to append to the message."""
    if "skills" in loc[-2:-1] and bad.lower() in _SKILL_NOTES and "rifle" in valid:
        return f"; {_SKILL_NOTES[bad.lower()]}"
    if bad.lower() == "shot" and "shoot" in valid:   # "shot: Jeb": whom he shoots at
        return ("; did you mean 'shoot' (whom to shoot at)" +
                (" or 'shots' (how many)?" if "shots" in valid else "?"))
    near = nearest(bad, valid)
    if near is not None:
        return f"; did you mean {near!r}?"
    listed = f" (valid keys here: {', '.join(valid)})" if valid and len(valid) <= 24 else ""
    if SYNONYMS.get(bad.lower()) in valid:
        return f"; did you mean {SYNONYMS[bad.lower()]!r}?{listed}"
    return listed


#: Values a GM may write for another: the value narrator means, offered first when it is
#: one of the choices ("pronoun: her" means she, never "he", the nearest spelling).
VALUE_SYNONYMS = {
    "her": "she", "hers": "she", "herself": "she", "woman": "she", "female": "she",
    "him": "he", "his": "he", "himself": "he", "man": "he", "male": "he",
    "them": "they", "their": "they", "theirs": "they", "themselves": "they",
    # gaits (Boot Hill Table 3's words): what a GM may write for one, offered before a word
    # that is merely spelled alike ('strolling' is not 'trotting', a horse's gait)
    **dict.fromkeys(("walk", "stroll", "strolling", "amble", "ambling", "saunter",
                     "sauntering", "pacing", "stepping"), "walking"),
    **dict.fromkeys(("run", "jog", "jogging", "sprint", "sprinting", "dash", "dashing",
                     "rushing", "charging", "hurrying", "fleeing"), "running"),
    **dict.fromkeys(("crawl", "creep", "creeping", "slithering", "crouching"), "crawling"),
    **dict.fromkeys(("evade", "dodge", "dodging", "weaving", "zigzag", "zigzagging",
                     "ducking", "jinking"), "evading"),
    **dict.fromkeys(("trot", "canter", "cantering", "lope", "loping"), "trotting"),
    **dict.fromkeys(("gallop", "charge", "full_gallop"), "galloping"),
}


def _hint(word: str, choices: list[str]) -> str:
    meant = VALUE_SYNONYMS.get(word.lower()) if isinstance(word, str) else None
    if meant in choices:
        return f"; did you mean {meant!r}?"
    n = nearest(word, choices)
    return f"; did you mean {n!r}?" if n else ""


def weapon_hint(word: str, choices: list[str], ruleset: str) -> str:
    """What to add to "unknown weapon type 'x'": the ruleset that has it when another one
    does (": that is a <title> weapon, and this scenario is <title> ('narrator rules <name>
    weapons' lists its weapons)"), then the nearest of ``choices`` (this ruleset's types);
    "" when neither helps. ``ruleset``: the scenario's ruleset name, as registered."""
    from narrator import ruleset as registry

    near = _hint(word, choices) or _kind_hint(word, choices)
    other = registry.weapon_elsewhere(word, ruleset)
    if other is None:
        return near
    try:
        own = registry.get(ruleset).title or ruleset
    except Exception:  # noqa: BLE001 - the scenario's own ruleset is loaded by now
        own = ruleset
    return (f": that is a {other} weapon, and this scenario is {own} ('narrator rules "
            f"{ruleset} weapons' lists its weapons){near}")


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s_\-]+", name.lower()) if w]


def _kind_hint(word: str, choices: list[str]) -> str:
    """"; did you mean 'x'?" for a weapon type nothing is spelt near ("henry_rifle" among
    Weird West's types): of the choices whose last word is the word's last (its kind:
    "rifle"), the closest ("lever_action_rifle"); "" when none ends so."""
    mine = _words(word)
    if not mine:
        return ""
    kin = [c for c in choices if _words(c)[-1:] == mine[-1:] and c.lower() != word.lower()]
    if not kin:
        return ""
    best = max(kin, key=lambda c: (difflib.SequenceMatcher(None, word.lower(), c.lower()).ratio(),
                                   -len(c)))
    return f"; did you mean {best!r}?"


_MISSING = object()


class _Locator:
    """Maps a path of keys and indices (as pydantic reports it) to (line, column), 1-based.

    The positions come from the parser's events (see ``_scan``), so a value reached through an
    alias is located where the alias is written, and the root where the document starts.
    """

    def __init__(self, path: str, text: str | None = None) -> None:
        self.path = path
        self.text = text                                 # the file's text (for ``written``)
        self.values: dict[tuple, tuple[int, int]] = {}   # node path -> position of the node
        self.keys: dict[tuple, tuple[int, int]] = {}     # node path -> position of its key
        self._nodes: dict[tuple, tuple] | None = None    # node path -> its text (``written``)

    def step(self, prefix: tuple, part: Any) -> tuple | None:
        """``prefix + (part,)`` when that node is in the file (a key ``1:`` matches 1), else None."""
        for cand in (part,) if isinstance(part, str) else (part, str(part)):
            if prefix + (cand,) in self.values:
                return prefix + (cand,)
        return None

    def where(self, loc: tuple, key: bool = False) -> tuple[int | None, int | None]:
        prefix: tuple = ()
        line, col = self.values.get((), (None, None))
        for i, part in enumerate(loc):
            nxt = self.step(prefix, part)
            if nxt is None:
                continue  # pydantic's union tags, missing fields, inside an alias: stay
            prefix = nxt
            use_key = key and i == len(loc) - 1 and nxt in self.keys
            line, col = self.keys[nxt] if use_key else self.values[nxt]
        return line, col

    def error(self, message: str, loc: tuple, key: bool = False) -> ScenarioError:
        line, col = self.where(loc, key)
        return ScenarioError(message, self.path, line, col)

    def node(self, loc: tuple) -> tuple | None:
        """The path in the file of the node ``loc`` (pydantic's path: its union tags
        skipped), or None when a part of it is not in the file (a missing field, a default)."""
        prefix: tuple = ()
        for part in loc:
            nxt = self.step(prefix, part)
            if nxt is None:
                if isinstance(part, str) and ("[" in part or part in _UNION_TAGS
                                              or part.startswith("function-")
                                              or part[:1].isupper()):
                    continue
                return None
            prefix = nxt
        return prefix

    def written(self, loc: tuple, value: Any = _MISSING, limit: int = 60) -> str | None:
        """The node ``loc`` as the GM typed it: a scalar's own text (``yes``, ``True``, ``~``,
        ``0x1F``, ``"13"`` with its quotes), a mapping or a list in YAML flow style
        (``{a: 1, b: yes}``, ``[0, 0, 3]``) built from its items' texts, at most ``limit``
        characters (``...`` past them). None when the node is not in the file, or (``value``
        given) when what the file holds there is not ``value`` (a validator changed it).

        Reads the text again with the pure-Python parser, on this error path only."""
        if self.text is None:
            return None
        at = self.node(loc)
        if at is None:
            return None
        if self._nodes is None:
            try:
                self._nodes = _text_nodes(self.text)
            except YAMLError:
                self._nodes = {}
        if at not in self._nodes:
            return None
        if value is not _MISSING and not _holds(self._nodes, at, value):
            return None
        out = _flow(self._nodes, at, limit)
        return out if len(out) <= limit else out[:limit - 3] + "..."


def _dotted(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


_FRIENDLY = {
    "missing": "is required",
    "int_parsing": "expected a whole number",
    "int_type": "expected a whole number",
    "int_from_float": "expected a whole number",
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list",
    "dict_type": "expected a mapping",
    "model_type": "expected a mapping",
    "tuple_type": "expected a list [x, y]",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
    "finite_number": "expected a finite number",
}
_TYPE_ERRORS = set(_FRIENDLY) - {"missing", "finite_number"}


def model_fields_at(loc: tuple, root: Any) -> list[str]:
    """Field names valid at the parent of ``loc`` in the model ``root`` (a scenario model), by
    their names in the file (aliases): for unknown-key suggestions. [] when ``root`` is None or
    the parent is not a model."""
    from narrator.scenario import models as m
    guide: Any = root
    for part in loc[:-1]:
        if isinstance(part, int) or guide is None:
            continue
        if isinstance(guide, type) and issubclass(guide, m.Model):
            f = guide.model_fields.get(part) or next(
                (v for v in guide.model_fields.values() if v.alias == part), None)
            if f is None:
                continue
            guide = _inner_model(f.annotation)
        else:
            guide = None
    if isinstance(guide, type) and issubclass(guide, m.Model):
        return [f.alias or n for n, f in guide.model_fields.items()]
    return []


def other_ruleset_with(key: str, loc: tuple, own: str) -> Any:
    """The first registered ruleset other than ``own`` whose scenario model has the field
    ``key`` at ``loc`` (``house_rules`` is Boot Hill's), or None: for a message that says so.
    Loads the other rulesets' models (on this error path only)."""
    from narrator import ruleset as registry

    for name in registry.names():
        if name == own:
            continue
        try:
            model = registry.get(name).scenario_model()
        except Exception:  # noqa: BLE001 - a broken third-party ruleset offers no hint
            continue
        if key in model_fields_at(loc, model):
            return registry.get(name)
    return None


def _inner_model(annotation: Any) -> Any:
    from typing import get_args
    from narrator.scenario import models as m
    stack = [annotation]
    while stack:
        a = stack.pop()
        if isinstance(a, type) and issubclass(a, m.Model):
            return a
        stack.extend(get_args(a))
    return None


def _show(value: Any, depth: int = 0) -> str:
    """A user's value for a message, in YAML's words when the file's own text is not at hand
    (``true``, ``null``, ``{a: 1}``, text in quotes); short: never expands a large (or
    aliased) tree."""
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "...")
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, (list, tuple)):
        if depth >= 2 or len(value) > 6:
            return "[...]"
        return "[" + ", ".join(_show(v, depth + 1) for v in value) + "]"
    if isinstance(value, dict):
        if depth >= 2 or len(value) > 6:
            return "{...}"
        return "{" + ", ".join(f"{k if isinstance(k, str) else _show(k, depth + 1)}: "
                               f"{_show(v, depth + 1)}" for k, v in value.items()) + "}"
    return f"a {type(value).__name__}"


def _as_written(loc8: _Locator | None, loc: tuple, value: Any) -> str:
    """``value``, found at ``loc``, as the message shows it: text in single quotes, as the
    choices of a message are (``'yes' is not one of 'fast' or 'normal'``, however it was
    quoted); anything else as the GM typed it when the file holds it there
    (``_Locator.written``: ``true``, ``True``, ``~``, ``0x1F``, ``{a: 1}``); else
    ``_show(value)``, YAML's words for it."""
    if isinstance(value, str):
        return _show(value)
    text = loc8.written(loc, value) if loc8 is not None else None
    return _show(value) if text is None else text



def _text_nodes(text: str) -> dict[tuple, tuple]:
    """Every node of ``text`` by its path (as ``_scan`` makes them: keys in NFC, list
    indices, ``_KEY`` under a complex key): ``("s", text)`` a scalar as typed (quotes
    included, a multi-line one on one line), ``("a", "*name")`` an alias, ``("m", [(key text,
    path)...])`` a mapping, ``("q", [path...])`` a list."""
    nodes: dict[tuple, tuple] = {}
    stack: list[list] = []    # [path, is_map, want_key, key, key_text, index]

    def raw(ev: Any) -> str:
        piece = text[ev.start_mark.index:ev.end_mark.index]
        return " ".join(piece.split()) if "\n" in piece else piece

    for ev in YAML(typ="safe", pure=True).parse(text):
        if isinstance(ev, CollectionEndEvent):
            stack.pop()
            continue
        if not isinstance(ev, NodeEvent):
            continue
        if stack and stack[-1][1] and stack[-1][2]:
            top = stack[-1]
            top[2] = False
            top[3] = _nfc(ev.value) if isinstance(ev, ScalarEvent) else _KEY
            top[4] = raw(ev) if isinstance(ev, (ScalarEvent, AliasEvent)) else "?"
            if isinstance(ev, CollectionStartEvent):
                stack.append([top[0] + (_KEY,), isinstance(ev, MappingStartEvent), True,
                              None, None, 0])
            continue
        if not stack:
            where: tuple = ()
        elif stack[-1][1]:
            top = stack[-1]
            top[2] = True
            where = top[0] + (top[3],)
            if top[0] in nodes and nodes[top[0]][0] == "m":
                nodes[top[0]][1].append((top[4], where))
        else:
            top = stack[-1]
            where = top[0] + (top[5],)
            top[5] += 1
            if top[0] in nodes:
                nodes[top[0]][1].append(where)
        if isinstance(ev, AliasEvent):
            nodes.setdefault(where, ("a", f"*{ev.anchor}"))
        elif isinstance(ev, ScalarEvent):
            nodes.setdefault(where, ("s", raw(ev)))
        else:
            is_map = isinstance(ev, MappingStartEvent)
            nodes.setdefault(where, ("m" if is_map else "q", []))
            stack.append([where, is_map, True, None, None, 0])
    return nodes


def _flow(nodes: dict[tuple, tuple], at: tuple, limit: int) -> str:
    """The node ``at`` of ``_text_nodes`` in YAML flow style (stops early past ``limit``)."""
    kind, body = nodes[at]
    if kind in ("s", "a"):
        return body
    parts: list[str] = []
    size = 0
    for item in body:
        piece = (f"{item[0]}: {_flow(nodes, item[1], limit)}" if kind == "m"
                 else _flow(nodes, item, limit))
        parts.append(piece)
        size += len(piece) + 2
        if size > limit:
            break
    inner = ", ".join(parts)
    return "{" + inner + "}" if kind == "m" else "[" + inner + "]"


def _holds(nodes: dict[tuple, tuple], at: tuple, value: Any) -> bool:
    """Whether the node ``at`` of ``_text_nodes`` is ``value`` (a scalar read again by YAML
    and compared with its type; a mapping or a list by its kind and size)."""
    kind, body = nodes[at]
    if kind == "s":
        try:
            read = YAML(typ="safe", pure=True).load(body)
        except Exception:  # noqa: BLE001 - a text YAML cannot build alone is not the value
            return False
        if isinstance(read, str):
            read = _nfc(read)
        return type(read) is type(value) and read == value
    if kind == "m":
        return isinstance(value, dict) and len(value) == len(body)
    if kind == "q":
        return isinstance(value, (list, tuple)) and len(value) == len(body)
    return False


def _pick(errors: list[Any], loc8: _Locator | None = None) -> Any:
    """The error to report: the first, except that an unknown key beats a required key missing
    beside it (a misspelt key is then reported as itself, with a suggestion), and that a value
    of the right shape but out of bounds beats another union member's shape (``to: [0, 1e7]``
    is off the map, not "expected text")."""
    first = errors[0]
    if first["type"] == "missing":
        for e in errors:
            if e["type"] == "extra_forbidden" and tuple(e["loc"][:-1]) == tuple(first["loc"][:-1]):
                return e
    if first["type"] in _TYPE_ERRORS and loc8 is not None:
        at = _clean(tuple(first["loc"]), loc8)
        for e in errors[1:]:
            inner = _clean(tuple(e["loc"]), loc8)
            if e["type"] not in _TYPE_ERRORS and e["type"] != "extra_forbidden" \
                    and (e["type"] != "missing" or len(inner) > len(at)) \
                    and inner[:len(at)] == at:
                return e
    return first


def _pydantic_error(exc: ValidationError, loc8: _Locator, root: Any = None) -> ScenarioError:
    """The first of pydantic's errors as one located line (``root``: the model validated, for
    the nearest valid key)."""
    errors = exc.errors()
    err = _pick(errors, loc8)
    # a validator that names the field at fault (models.Invalid): point at that field
    loc = tuple(err["loc"]) + tuple(getattr(err.get("ctx", {}).get("error"), "loc", ()))
    kind = err["type"]
    if kind == "extra_forbidden":
        bad = str(loc[-1])
        return loc8.error(f"unknown key {bad!r}{key_hint(bad, model_fields_at(loc, root), loc)}",
                          loc, key=True)
    short_pair = False
    if kind == "missing" and loc and isinstance(loc[-1], int) \
            and _clean(loc[:-1], loc8)[-1:] in (("at",), ("to",)):
        loc = loc[:-1]  # [x] for [x, y]: the position is at fault, not its missing y
        short_pair = True
    where = _dotted(_clean(loc, loc8))
    if kind == "missing" and loc and loc[-1] in _UNION_TAGS and not where.endswith(loc[-1]):
        where = _dotted(_clean(loc[:-1], loc8) + (loc[-1],))  # a key named like a type: str
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        got = err.get("input")
        hint = ""
        if isinstance(got, str):
            choices = [c.strip().strip("'") for c in str(expected).replace(" or ", ",").split(",")]
            hint = _hint(got, [c for c in choices if c])
        return loc8.error(f"{where}: {_as_written(loc8, loc, got)} is not one of "
                          f"{expected}{hint}", loc)
    msg = _FRIENDLY.get(kind, err["msg"])
    if kind in _TYPE_ERRORS:
        # a union (``cover: CoverSpec | str``) fails once per member: name every shape allowed
        alts: list[str] = []
        for e in errors:
            if e["type"] in _TYPE_ERRORS and _clean(tuple(e["loc"]), loc8) == _clean(loc, loc8):
                alt = _FRIENDLY[e["type"]].removeprefix("expected ")
                if alt not in alts:
                    alts.append(alt)
        sep = ", or " if any(" or " in a for a in alts) else " or "
        msg = "expected " + sep.join(alts)
        if loc and loc[-1] == "at" or _clean(loc, loc8)[-1:] == ("at",):
            msg = "expected [x, y] in yards, or a landmark of map:"
        if "input" in err:  # what was typed instead, as typed (``true``, ``{a: 1}``)
            msg += f" (got {_as_written(loc8, loc, err['input'])}{_quoted_hint(err, alts)})"
            msg += _move_hint(loc, loc8, err["input"])
    elif kind == "value_error":
        msg = err["msg"].removeprefix("Value error, ")
    elif kind not in _FRIENDLY or short_pair:
        msg = plain_words(err, pair=_clean(loc, loc8)[-1:] in (("at",), ("to",)),
                          show=lambda value: _as_written(loc8, loc, value))
    return loc8.error(f"{where}: {msg}" if where else msg, loc)


def _move_hint(loc: tuple, loc8: Any, got: Any) -> str:
    """"; write move: crates" for a Boot Hill move (``move: {to: crates}``) written in a
    ruleset whose ``move`` is a landmark or ``[x, y]`` itself (Violence, Gaslight, Weird
    West): the form that ruleset takes, with the mapping's other keys (a Gaslight ``gait``)
    beside it. "" for anything else."""
    if _clean(loc, loc8)[-1:] != ("move",) or not isinstance(got, dict) or "to" not in got:
        return ""
    to = got["to"]
    shown = (f"[{', '.join(f'{v:g}' if isinstance(v, (int, float)) else str(v) for v in to)}]"
             if isinstance(to, (list, tuple)) else str(to))
    rest = "".join(f", {k}: {v}" for k, v in got.items() if k != "to")
    return (f"; here move: is the destination itself: write move: {shown}{rest} "
            f"(a landmark key or [x, y])")


def _quoted_hint(err: dict, alts: list[str]) -> str:
    """": the quotes make it text; write 16 without them" when a value typed in quotes
    (``dex: "16"``, ``drawn: 'true'``) would have been right unquoted: a number where a
    number is expected, true/false where true or false is. "" otherwise."""
    got = err.get("input")
    if not isinstance(got, str):
        return ""
    bare = got.strip()
    wants_number = any(a in ("a whole number", "a number") for a in alts)
    wants_bool = "true or false" in alts
    try:
        as_number = float(bare)
    except ValueError:
        as_number = None
    fits = ((wants_number and as_number is not None and math.isfinite(as_number)
             and ("a number" in alts or as_number == int(as_number)))
            or (wants_bool and bare.lower() in ("true", "false")))
    written = bare.lower() if wants_bool and as_number is None else bare
    return f": the quotes make it text; write {written} without them" if fits else ""


def plain_words(err: dict, pair: bool = False, show: Any = None) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in the words of a
    scenario's author, never pydantic's own ("tuple should have at most 2 items after
    validation", "Input should be greater than or equal to 1"): bounds as "at least 1",
    lengths as items or characters, the value given in brackets. ``pair``: the field is a
    position, ``[x, y]``. ``show``: how to show the value given (``value -> text``; default
    ``_show``, YAML's words for it)."""
    _show_it = show or _show
    kind, ctx, got = err["type"], err.get("ctx") or {}, err.get("input")
    shown = f" (got {_show_it(got)})" if got is not None else ""
    if kind in ("too_short", "too_long") and pair:
        return f"expected [x, y] in yards: two numbers{shown}"
    if kind == "missing" and pair:
        return f"expected [x, y] in yards: two numbers{shown}"
    bounds = {"greater_than_equal": ("ge", "at least {}"), "less_than_equal": ("le", "at most {}"),
              "greater_than": ("gt", "more than {}"), "less_than": ("lt", "less than {}")}
    if kind in bounds:
        key, words = bounds[kind]
        return f"should be {words.format(_number(ctx.get(key)))}{shown}"
    if kind in ("too_short", "too_long"):
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        items = "item" if n == 1 else "items"
        if kind == "too_short" and n == 1:
            return f"needs at least one item{shown}"
        return (f"should have {'at least' if kind == 'too_short' else 'at most'} {n} {items}, "
                f"not {ctx.get('actual_length', len(got) if hasattr(got, '__len__') else '?')}"
                + (f"{shown}" if kind == "too_short" else ""))
    if kind == "string_too_short":
        return ("should not be empty" if ctx.get("min_length") == 1
                else f"should be at least {ctx.get('min_length')} characters long")
    if kind == "string_too_long":
        length = f" (this one has {len(got)})" if isinstance(got, str) else ""
        return f"should be at most {ctx.get('max_length')} characters long{length}"
    if kind == "string_pattern_mismatch":
        return f"{_show_it(got)} is not in the form expected here"
    if kind == "enum":
        return f"{_show_it(got)} is not one of {ctx.get('expected', '')}"
    text = " ".join(str(err.get("msg", "")).split())
    text = text.replace(" after validation", "").replace("Input should", "should")
    return text[:1].lower() + text[1:] + shown if text else "is not valid"


def _number(value: Any) -> str:
    """A bound or a value as plain words print it: ``2,000``, ``0.5``, never ``1e+08``."""
    from narrator.scenario.models import plain_number
    return plain_number(value) if isinstance(value, (int, float)) else str(value)


_UNION_TAGS = ("str", "int", "bool", "float", "tuple", "list", "dict", "none")


def _clean(loc: tuple, loc8: _Locator) -> tuple:
    """Drop pydantic's union-member tags (``str``, ``list[str]``, ``function-after[...]``, a
    model's name) from ``loc``; a part that is a key in the file (``str:``) always stays."""
    out: list[Any] = []
    prefix: tuple = ()
    for p in loc:
        nxt = loc8.step(prefix, p)
        if nxt is not None:
            prefix = nxt
            out.append(p)
        elif isinstance(p, int) or not ("[" in p or p in _UNION_TAGS or p.startswith("function-")
                                        or p[:1].isupper()):
            out.append(p)
    return tuple(out)


MAX_DEPTH = 50             # nesting of mappings and lists; a scenario needs about 7
MAX_ALIAS_NODES = 100_000  # nodes that aliases may add; a "billion laughs" bomb adds 10**9
MAX_NODES = 50_000         # values in a scenario; a long scripted fight needs a few thousand
_PLAIN_TAGS = {None, "!"} | {f"tag:yaml.org,2002:{t}" for t in
                             ("str", "int", "float", "bool", "null", "map", "seq")}
_KEY = object()            # path part under a key that is itself a mapping or list


@dataclass
class _Frame:
    """An open mapping or list while scanning events."""

    path: tuple
    is_map: bool
    anchor: str | None
    size: int = 1
    index: int = 0
    key: Any = None
    want_key: bool = True
    seen: dict = field(default_factory=dict)


def _scan(text: str, loc8: _Locator, pure: bool = True) -> None:
    """One pass over the parser's events before anything is built.

    Records where every node and key is (into ``loc8``), and refuses what a scenario never
    needs and what could hurt: tags (``!!python/object``, ``!foo``), duplicate keys, nesting
    deeper than MAX_DEPTH, and aliases that expand to more than MAX_ALIAS_NODES nodes.

    Raises:
        ScenarioError: located at the offending tag, key, bracket or alias.
        YAMLError: malformed YAML (the caller locates it).
    """
    stack: list[_Frame] = []
    sizes: dict[str, int] = {}       # anchor -> nodes in its node, aliases expanded
    added = 0
    nodes = 0

    def fail(message: str, mark: Any) -> ScenarioError:
        error = ScenarioError(f"YAML: {message}", loc8.path, mark.line + 1, mark.column + 1)
        error.final = True  # our own refusal, worded here: no second reading for its wording
        return error

    for ev in YAML(typ="safe", pure=pure).parse(text):
        if isinstance(ev, CollectionEndEvent):
            done = stack.pop()
            if done.anchor is not None:
                sizes[done.anchor] = done.size
            if stack:
                stack[-1].size += done.size
            continue
        if not isinstance(ev, NodeEvent):
            continue
        mark = ev.start_mark
        nodes += 1
        if nodes > MAX_NODES:  # every command reads the file several times: keep that bounded
            raise fail(f"more than {MAX_NODES:,} values; a scenario needs far fewer (refused "
                       f"to keep every command quick)", mark)
        pos = (mark.line + 1, mark.column + 1)
        tag = getattr(ev, "tag", None)
        if tag not in _PLAIN_TAGS:
            shown = str(tag).replace("tag:yaml.org,2002:", "!!")
            raise fail(f"tag {shown} is not allowed; a scenario is plain YAML "
                       f"(mappings, lists, text, numbers, true/false)", mark)
        is_key = False
        if not stack:
            where: tuple = ()
        elif stack[-1].is_map and stack[-1].want_key:
            top, is_key = stack[-1], True
            top.want_key = False
            value = _nfc(ev.value) if isinstance(ev, ScalarEvent) else None
            top.key = value if isinstance(ev, ScalarEvent) else _KEY
            where = top.path + (_KEY,)
            if isinstance(ev, ScalarEvent) and value != "<<":
                first = top.seen.get((value, ev.style))
                if first:
                    same = "" if ev.value.isascii() else "; the same text, however it is typed"
                    raise fail(f"duplicate key {value!r} (first at line {first[0]}, "
                               f"column {first[1]}){same}", mark)
                top.seen[(value, ev.style)] = pos
                loc8.keys.setdefault(top.path + (value,), pos)
        elif stack[-1].is_map:
            stack[-1].want_key = True
            where = stack[-1].path + (stack[-1].key,)
            if isinstance(ev, ScalarEvent) and ev.value == "" and not ev.style:
                pos = loc8.keys.get(where, pos)  # `key:` with nothing: the parser marks the next token
        else:
            where = stack[-1].path + (stack[-1].index,)
            stack[-1].index += 1
        if not is_key:
            loc8.values.setdefault(where, pos)
        if isinstance(ev, AliasEvent):
            if any(f.anchor == ev.anchor for f in stack):
                raise fail(f"alias *{ev.anchor} is used inside the node it names", mark)
            if ev.anchor not in sizes:
                raise fail(f"alias *{ev.anchor} has no anchor &{ev.anchor} before it", mark)
            added += sizes[ev.anchor]
            if added > MAX_ALIAS_NODES:
                raise fail(f"aliases expand to more than {MAX_ALIAS_NODES} values; refused "
                           f"(an alias bomb?)", mark)
            if stack:
                stack[-1].size += sizes[ev.anchor]
        elif isinstance(ev, CollectionStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise fail(f"nested deeper than {MAX_DEPTH} levels", mark)
            stack.append(_Frame(where, isinstance(ev, MappingStartEvent), ev.anchor))
        else:
            if ev.anchor is not None:
                sizes[ev.anchor] = 1
            if stack:
                stack[-1].size += 1


class _Constructor(SafeConstructor):
    """ruamel's safe constructor, but a value Python cannot build (``2001-02-30``, an
    integer of 5000 digits) is a located YAML error instead of a crash."""

    def construct_non_recursive_object(self, node: Any, tag: str | None = None) -> Any:
        try:
            return super().construct_non_recursive_object(node, tag)
        except (ValueError, OverflowError) as exc:
            shown = _show(node.value) if isinstance(node.value, str) else "this value"
            reason = str(exc).split(";")[0]  # not Python's advice on how to raise a limit
            raise ConstructorError(None, None, f"cannot read {shown}: {reason}",
                                   node.start_mark) from None


def _line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index`` in ``text``."""
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


_YAML_HINTS = (("'\\t'", "indent with spaces, not tabs"),
               ("<block end>", "check the indentation"))


_FLOW_CLOSE = {"flow sequence": ("[", "]"), "flow mapping": ("{", "}")}


def _found(got: str, text: str, mark: Any) -> str:
    """What the parser found where it stopped, in a GM's words: the text there ("'b'") for the
    parser's token names ("'<scalar>'", "'<block mapping start>'"), "the end of the file"
    for '<stream end>', else the character as the parser quotes it ("'}'")."""
    if "<stream end>" in got or mark is None or not text[mark.index:].strip():
        return "the end of the file"
    if "<" not in got:
        return got
    rest = text[mark.index:].lstrip()
    word = re.match(r"[^\s,:\[\]{}#]+|\S", rest)
    return repr(word.group(0)) if word else "the end of the file"


def _plain_yaml(problem: str, context: str | None, cmark: Any, text: str = "",
                mark: Any = None) -> str | None:
    """The parser's words for the commonest mistakes put plainly (None for the others):
    a line indented off its block ("expected <block end>, but found '?'"), a bracket closed
    by the wrong one or never ("expected ',' or ']', but got '}'"; "... but got '<scalar>'",
    the parser's name for the next word: "found 'b'"). ``context``/``cmark``: what the
    parser was reading and where it started; ``text``/``mark``: the file and where the
    parser stopped."""
    where = f"line {cmark.line + 1}, column {cmark.column + 1}" if cmark is not None else ""
    if problem.startswith("expected <block end>") and cmark is not None:
        block = ("list" if "collection" in (context or "") or "sequence" in (context or "")
                 else "mapping")
        return (f"this line is not indented like the rest of the {block} that starts at "
                f"{where}: the keys of one mapping (and the '- ' of one list) start in one "
                f"column; a key that belongs to the line above goes further in, under it")
    for kind, (opening, closing) in _FLOW_CLOSE.items():
        if kind in (context or "") and (problem.startswith("expected ',' or") or
                                        problem.startswith("did not find expected ',' or")) \
                and cmark is not None:
            got = _found(problem.rsplit("but got ", 1)[-1] if "but got " in problem
                         else "'<token>'", text, mark)
            if got == "the end of the file":
                return (f"the {opening!r} opened here is never closed: after each item comes "
                        f"',' or the closing {closing!r}, and the file ends first")
            return (f"the {opening!r} opened at {where} is not closed here: after each item "
                    f"comes ',' or the closing {closing!r} (found {got})")
    return None


def _yaml_error(exc: MarkedYAMLError, text: str, path: str) -> ScenarioError:
    """One located line for a ruamel parse error.

    Located where the parser stopped, unless that is the end of the file (an unclosed quote or
    bracket): then where the unfinished thing starts.
    """
    problem = exc.problem or exc.context or "malformed YAML"
    context = exc.context if exc.problem else None
    if "duplicate key" in problem:
        problem = "duplicate key " + problem.split("duplicate key", 1)[1].split(" with value")[0].strip()
        context = None
    mark, cmark = exc.problem_mark or exc.context_mark, exc.context_mark
    if "mapping values are not allowed" in problem and mark is not None:
        start = _plain_value_start(text, mark)
        if start is not None:  # the parser names the ': ' a later line of a plain value has
            problem = (f"mapping values are not allowed here: the value that starts here runs "
                       f"on to line {mark.line + 1}, where ': ' (column {mark.column + 1}) would "
                       f"start a mapping; quote the value if the colon is part of it, or end "
                       f"the line after its key if a block follows")
            mark, context = start, None
    plain = _plain_yaml(problem, context, cmark, text, mark)
    if plain is not None:
        if "never closed" in plain:  # located at the bracket left open, not the file's end
            mark = cmark
        problem, context = plain, None
    for needle, hint in _YAML_HINTS:
        if needle in problem:
            problem += f"; {hint}"
    if mark is not None and "tabs" not in problem and _char_at(text, mark) == "\t":
        problem += "; indent with spaces, not tabs"
    if context and cmark is not None and (mark is None or not text[mark.index:].strip()):
        mark, message = cmark, f"{context}: {problem}"
    elif context and cmark is not None and cmark is not mark:
        where = f"line {cmark.line + 1}, column {cmark.column + 1}"
        message = (f"{context} ({where}), {problem}" if problem.startswith("but ")
                   else f"{problem} ({context} at {where})")
    else:
        message = problem
    line = mark.line + 1 if mark else None
    col = mark.column + 1 if mark else None
    return ScenarioError(f"YAML: {message}", path, line, col)


def _plain_value_start(text: str, colon: Any) -> Any:
    """The start mark of the unquoted value that runs over lines onto the ``colon`` mark of a
    "mapping values are not allowed" error, or None when that value starts on the colon's line.

    A plain value goes on over indented lines (``sides: two`` then ``  posse:``, or a
    description whose second line holds ``to them: go``); the parser stops at the ': ' of the
    later line, but what the GM wrote wrong is the value's first line.
    """
    last = None
    try:
        for token in YAML(typ="safe", pure=True).scan(text):
            if token.start_mark.index >= colon.index:
                break
            last = token
    except YAMLError:
        pass
    if (isinstance(last, ScalarToken) and last.style is None
            and last.end_mark.index <= colon.index and last.start_mark.line < colon.line):
        return last.start_mark
    return None


def _char_at(text: str, mark: Any) -> str:
    """The character at a parser mark (by line and column), or ""."""
    from narrator.scenario.saver import split_lines
    lines = split_lines(text)
    if 0 <= mark.line < len(lines):
        return lines[mark.line][mark.column:mark.column + 1]
    return ""


def _parse_yaml(text: str, loc8: _Locator, pure: bool = True) -> Any:
    path = loc8.path
    stray = text.find("\ufeff", 1)
    if stray > 0:  # a second byte-order mark (two editors' saves): invisible, and not text
        line, col = _line_col(text, stray)
        raise ScenarioError("an invisible byte-order mark (U+FEFF) inside the text; delete it",
                            path, line, col)
    # safe, not round-trip: positions come from _scan, and ruamel's round-trip parser crashes on
    # some comments (NotImplementedError "overlap in comment" for `title: # c` + value below)
    yaml = YAML(typ="safe", pure=pure)
    yaml.Constructor = _Constructor
    yaml.allow_duplicate_keys = False
    try:
        _scan(text, loc8, pure)
        data = yaml.load(text)
    except MarkedYAMLError as exc:
        raise _yaml_error(exc, text, path) from None
    except ReaderError as exc:
        line, col = _line_col(text, exc.position) if isinstance(exc.position, int) else (None, None)
        what = (f"U+{exc.character:04X}" if isinstance(exc.character, int)
                else repr(exc.character))
        raise ScenarioError(f"YAML: character {what} is not allowed ({exc.reason})",
                            path, line, col) from None
    except YAMLError as exc:
        raise ScenarioError(f"YAML: {exc}", path) from None
    if () not in loc8.values:
        raise ScenarioError("the scenario is empty", path, 1, 1)
    if not isinstance(data, dict):
        line, col = loc8.values[()]
        raise ScenarioError("a scenario must be a mapping (title:, sides:, turns:, ...)",
                            path, line, col)
    return data


def read_text(path: str | Path, what: str = "the scenario", limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file, read with a size limit checked before reading.

    Refuses what is not a regular file (a FIFO would hang, ``/dev/zero`` never ends) without
    blocking on it, and a file larger than ``limit`` bytes.

    Every error is one ``file:line:column: ...`` line like any other bad input: what is wrong
    with the file as a whole (missing, a folder, unreadable, too large) is located at its
    start, ``1:1``; text that is not UTF-8 at the first bad byte.

    Raises:
        ScenarioError: missing, unreadable, not a regular file, too large, or not UTF-8.
    """
    import os
    import stat as st

    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise ScenarioError(f"cannot read {what}: {_why(exc)}", name, 1, 1) from None
    try:
        info = os.fstat(fd)
        if not st.S_ISREG(info.st_mode):
            raise ScenarioError(f"cannot read {what}: "
                                f"{'it is a folder' if st.S_ISDIR(info.st_mode) else 'not a regular file'}",
                                name, 1, 1)
        if info.st_size > limit:
            raise ScenarioError(f"{what} is larger than {limit:,} bytes", name, 1, 1)
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while being read
                raise ScenarioError(f"{what} is larger than {limit:,} bytes", name, 1, 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read {what}: {_why(exc)}", name, 1, 1) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    wide = _wide_encoding(raw)
    if wide:
        raise ScenarioError(f"{what} is {wide} text, not UTF-8; save it as UTF-8 (in most "
                            f"editors: Save As, Encoding: UTF-8)", name, 1, 1)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        raise ScenarioError(f"{what} is not UTF-8 text (byte 0x{raw[exc.start]:02x}); "
                            f"save it as UTF-8", name, line, col) from None


def _wide_encoding(raw: bytes) -> str | None:
    """"UTF-16" or "UTF-32" when ``raw`` is text in one of them (a byte order mark, or
    without one, ASCII text with a NUL byte beside every character, as Windows editors save
    "Unicode"); None otherwise (UTF-8 text, or anything else, which decoding judges)."""
    import codecs

    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "UTF-32"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "UTF-16"
    head = raw[:400]
    if len(head) < 8 or head.count(0) * 3 < len(head):
        return None

    def zeros(*lanes: int, step: int) -> bool:   # nearly every byte of these lanes is NUL
        picked = b"".join(head[k::step] for k in lanes)
        return picked.count(0) >= 0.9 * len(picked)

    if zeros(1, 2, 3, step=4) or zeros(0, 1, 2, step=4):
        return "UTF-32"
    if zeros(1, step=2) or zeros(0, step=2):
        return "UTF-16"
    return None


def _why(exc: OSError) -> str:
    """An OS error's reason as the rest of a message ("no such file or directory")."""
    text = exc.strerror or str(exc)
    return text[:1].lower() + text[1:]


def load_scenario(path: str | Path) -> LoadedScenario:
    """Read and validate a scenario file.

    Raises:
        ScenarioError: unreadable file, bad YAML, wrong shapes, unknown names (one located line).
    """
    return load_scenario_text(read_text(path), str(path))


def _have_c_parser() -> bool:
    try:
        import _ruamel_yaml  # noqa: F401
    except ImportError:  # pragma: no cover - PyPy, or no ruamel.yaml.clib
        return False
    return True


#: The one YAML reading every command uses: ruamel's safe parser, the C one when installed.
PURE = not _have_c_parser()


def yaml_events(text: str) -> Any:
    """The parser events of ``text``, read by the same parser as ``load_scenario_text``."""
    return YAML(typ="safe", pure=PURE).parse(text)


def yaml_data(text: str) -> Any:
    """``text`` as plain data, read the way ``load_scenario_text`` reads it (no checks)."""
    yaml = YAML(typ="safe", pure=PURE)
    yaml.Constructor = _Constructor
    return yaml.load(text)


def load_scenario_text(text: str, path: str = "<string>") -> LoadedScenario:
    """Validate scenario YAML given as text; ``path`` names it in errors.

    The YAML is read once, by the parser ``yaml_events`` names; what it accepts, every command
    accepts. When it refuses the text, the pure-Python parser reads it again only for its
    wording, used when it stops on the same line (else the first parser's message stands).

    Raises:
        ScenarioError: as ``load_scenario``.
    """
    try:
        return _load(text, path, pure=PURE)
    except _Reparse as first:
        try:
            _parse_yaml(text, _Locator(path), True)
        except ScenarioError as again:
            if again.line == first.error.line:
                raise again from None
        raise first.error from None


class _Reparse(Exception):
    """The fast parser refused the YAML itself."""

    def __init__(self, error: ScenarioError) -> None:
        super().__init__(error.one_line())
        self.error = error


def _nfc(text: str) -> str:
    """Unicode NFC: ``José`` typed (one code point) and pasted (``e`` + accent) are one text."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def _normalized(value: Any) -> Any:
    """Every text in the data (keys and values) in NFC."""
    if isinstance(value, str):
        return _nfc(value)
    if isinstance(value, dict):
        return {_normalized(k): _normalized(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_normalized(v) for v in value]
    return value


#: Characters no name may hold: they are invisible, break lines, or reorder what is shown.
_NOT_IN_NAMES = ("control characters, line breaks or bidirectional controls (they break or "
                 "reorder the write-up)")


def _hidden(text: str) -> str | None:
    """The first invisible format character (Unicode category Cf: a zero-width space,
    joiner or non-joiner, a soft hyphen, a byte order mark) in ``text``, or None; a zero-width
    joiner between two symbols (an emoji sequence) is part of what is shown, and allowed."""
    for i, c in enumerate(text):
        if unicodedata.category(c) != "Cf":
            continue
        if c == "\u200d" and 0 < i < len(text) - 1 and all(
                unicodedata.category(x) in ("So", "Sk", "Mn") for x in (text[i - 1], text[i + 1])):
            continue
        return c
    return None


def name_key(text: str) -> str:
    """What a reader tells a name by: Unicode NFKC (fullwidth and compatibility letters as
    the plain ones) and casefold (capitals). Two names with one key read as one."""
    return unicodedata.normalize("NFKC", text).casefold()


def _bad_name(text: Any) -> str | None:
    """Why ``text`` cannot be a name (of a character, side, group, landmark or weapon), or
    None."""
    from narrator.errors import BIDI
    if not isinstance(text, str):
        return None
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in BIDI for c in text):
        return f"a name cannot hold {_NOT_IN_NAMES}"
    visible = "".join(c for c in text if not c.isspace() and unicodedata.category(c) != "Cf")
    if not visible:
        return "a name needs a visible character (this one is empty, blank or zero-width)"
    hidden = _hidden(text)
    if hidden:
        return (f"a name cannot hold an invisible format character (U+{ord(hidden):04X}, "
                f"{unicodedata.name(hidden, 'unnamed')}): readers could not tell it from "
                f"the name without it")
    if text != text.strip():
        return "a name cannot begin or end with a space"
    if "@everyone" in text or "@here" in text:
        return "a name cannot hold @everyone or @here (it would ping a whole Discord server)"
    return None


def _check_names(data: dict, loc8: _Locator) -> None:
    """Names as trustworthy text: sides, groups, landmarks, characters (name and short),
    weapons; the title on one line; a short name that is a side's name is refused (it would
    take the side's dice), and so is a side named as another but for capitals.

    Raises:
        ScenarioError: located at the name.
    """
    def check(value: Any, loc: tuple, key: bool = False) -> None:
        why = _bad_name(value)
        if why:
            raise loc8.error(f"{_dotted(loc)}: {why}", loc, key=key)

    title = data.get("title")
    if isinstance(title, str) and any(unicodedata.category(c) in ("Cc", "Zl", "Zp")
                                      for c in title):
        raise loc8.error(f"title: the title is one line, without {_NOT_IN_NAMES}", ("title",))
    for section in ("sides", "groups", "map"):
        if isinstance(data.get(section), dict):
            for k in data[section]:
                check(k, (section, k), key=True)
    for k, lm in (data.get("map") or {}).items() if isinstance(data.get("map"), dict) else ():
        if isinstance(lm, dict):
            check(lm.get("name"), ("map", k, "name"))
    sides = data.get("sides") if isinstance(data.get("sides"), dict) else {}
    seen: dict[str, str] = {}
    for side in sides:  # "law", "Law" and "Ｌａｗ" would all be told as "the Law"
        if isinstance(side, str):
            other = seen.setdefault(name_key(side), side)
            if other != side:
                raise loc8.error(f"sides.{side}: side {side!r} differs from side {other!r} "
                                 f"only in capitals or letter forms; the write-up would call "
                                 f"both by one name: give the sides different names",
                                 ("sides", side), key=True)
    groups = data.get("groups") if isinstance(data.get("groups"), dict) else {}
    shown: dict[str, tuple[str, str]] = {}  # name_key -> (group, the name it is told by)
    for key, group in groups.items():  # a group is told by its name, else by its key
        name = group.get("name") if isinstance(group, dict) else None
        name = name if isinstance(name, str) else key
        if not isinstance(name, str):
            continue
        other, told = shown.setdefault(
            name_key(name.removeprefix("the ").removeprefix("The ")), (key, name))
        if other != key:
            where = ("groups", key, "name") if name is not key else ("groups", key)
            raise loc8.error(f"{_dotted(where)}: {name!r} (group {key!r}) differs from "
                             f"{told!r} (group {other!r}) only in capitals or letter forms; "
                             f"readers could not tell the two groups apart: give them "
                             f"different names", where, key=name is key)
    keys: dict[str, tuple[str, int, str]] = {}  # name_key -> (text, character, field)
    k = 0
    for side, members in sides.items():
        for i, c in enumerate(members if isinstance(members, list) else []):
            if not isinstance(c, dict):
                continue
            for fld in ("name", "short"):
                check(c.get(fld), ("sides", side, i, fld))
            k += 1
            for fld in ("name", "short"):
                text = c.get(fld)
                if not isinstance(text, str):
                    continue
                other = keys.setdefault(name_key(text), (text, k, fld))
                if other[1] != k and other[0] != text:  # the very same text: refused later
                    raise loc8.error(
                        f"{_dotted(('sides', side, i, fld))}: {text!r} differs from "
                        f"{other[0]!r} (another character's {other[2]}) only in capitals or "
                        f"letter forms; readers could not tell the two apart: give them "
                        f"different names", ("sides", side, i, fld))
            if isinstance(c.get("short"), str) and c["short"] in sides and c["short"] != side:
                raise loc8.error(f"short name {c['short']!r} is the name of a side; a short "
                                 f"name must name the character alone", ("sides", side, i, "short"))
            if isinstance(c.get("short"), str) and c["short"] == side:
                raise loc8.error(f"short name {c['short']!r} is the name of "
                                 f"{pronoun_form(c.get('pronoun'), 'poss')} side; a short "
                                 f"name must name the character alone", ("sides", side, i, "short"))
            for j, w in enumerate(c.get("weapons") or [] if isinstance(c.get("weapons"), list)
                                  else []):
                if isinstance(w, dict):
                    check(w.get("name"), ("sides", side, i, "weapons", j, "name"))


def _load(text: str, path: str, pure: bool) -> LoadedScenario:
    loc8 = _Locator(path, text)
    try:
        data = _parse_yaml(text, loc8, pure)
    except ScenarioError as exc:
        if pure or getattr(exc, "final", False):
            raise
        raise _Reparse(exc) from None
    data = _normalized(data)
    _check_names(data, loc8)
    from narrator import ruleset as registry

    name = data.get("ruleset", registry.DEFAULT)
    try:
        rs = registry.get(name) if isinstance(name, str) else None
    except registry.UnknownRuleset:
        rs = None
    if rs is None:
        raise loc8.error(f"ruleset: {_as_written(loc8, ('ruleset',), name)} is not one of {registry.choices()}"
                         f"{registry.hint(name)}", ("ruleset",))
    loaded = rs.validate(data, loc8)
    loaded.locate = loc8.where
    loaded.locator = loc8
    return loaded


def validate_model(model: Any, data: dict, loc8: _Locator,
                   check: Any = None) -> LoadedScenario:
    """The common part of a ruleset's ``validate``: ``data`` through the pydantic ``model``
    (its errors as one located line, with the nearest valid key), ``side_names:`` against the
    sides, then ``check(loaded, data, loc8)``, the ruleset's cross-checks (names,
    references), if given.

    Raises:
        ScenarioError: located at the offending key or value.
    """
    try:
        scenario = model.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_error(exc, loc8, model) from None
    side_names(scenario, loc8)
    loaded = LoadedScenario(scenario, loc8.path)
    loaded.locate = loc8.where
    loaded.locator = loc8
    if check is not None:
        check(loaded, data, loc8)
    return loaded


def side_names(scenario: Any, loc8: _Locator) -> None:
    """Every key of a scenario's ``side_names:`` is one of its sides (every ruleset's
    ``validate`` calls this after the model).

    Raises:
        ScenarioError: located at the key that names no side.
    """
    from narrator.scenario.models import Invalid, check_side_names

    try:
        check_side_names(getattr(scenario, "side_names", None) or {}, scenario.sides)
    except Invalid as exc:
        raise loc8.error(str(exc), exc.loc, key=True) from None


TARGET_KEYS = ("shoot", "snipe", "suppress", "melee", "strike", "grapple")


def check_empty_targets(data: Any, loc8: _Locator) -> None:
    """``shoot:`` (or ``snipe:``, ``suppress:``, ``melee:``) written with no target would read
    as holding fire: refuse it, located at the key.

    Raises:
        ScenarioError: an intent's target key with nothing after it.
    """
    turns = data.get("turns") if isinstance(data, dict) else None
    for t, turn in enumerate(turns if isinstance(turns, list) else []):
        intents = turn.get("intents") if isinstance(turn, dict) else None
        for who, intent in (intents.items() if isinstance(intents, dict) else ()):
            for key in TARGET_KEYS:
                if isinstance(intent, dict) and key in intent and intent[key] is None:
                    raise loc8.error(f"{key}: needs a target (a name or a list of names); to "
                                     f"hold fire, leave {key}: out", ("turns", t, "intents",
                                                                      who, key), key=True)


#: A character's ``pronoun:`` in each case a message needs: subject, object, possessive,
#: reflexive ("Sam cannot shoot at themselves", "on their own side").
PRONOUN_FORMS = {"he": ("he", "him", "his", "himself"), "she": ("she", "her", "her", "herself"),
                 "they": ("they", "them", "their", "themselves")}


def pronoun_form(pronoun: Any, case: str) -> str:
    """A character's pronoun (``"he"``, ``"she"``, ``"they"``; anything else reads as "he",
    the scenario's default) in ``case``: "subj", "obj", "poss" or "self" ("themselves")."""
    forms = PRONOUN_FORMS.get(pronoun if isinstance(pronoun, str) else "he", PRONOUN_FORMS["he"])
    return forms[("subj", "obj", "poss", "self").index(case)]


def pronoun_of(loaded: LoadedScenario, full: str, case: str) -> str:
    """``pronoun_form`` of the character called ``full`` in the loaded scenario (his own
    ``pronoun:``; "he" for a name not found)."""
    for _, c in loaded.scenario.characters():
        if getattr(c, "name", None) == full:
            return pronoun_form(getattr(c, "pronoun", "he"), case)
    return pronoun_form("he", case)


def friendly_fire(loaded: LoadedScenario, shooter: str, target: str, meant: bool,
                  loc8: _Locator, loc: tuple) -> None:
    """Record a located warning when ``shooter`` aims at a man of his own side, unless the GM
    marked the intent ``friendly_fire: true`` (a betrayal)."""
    side = loaded.side_of.get(shooter)
    if meant or side is None or loaded.side_of.get(target) != side:
        return
    his = pronoun_of(loaded, shooter, "poss")
    w = loc8.error(f"warning: {shooter} shoots at {target}, who is on {his} own side ({side}); "
                   f"if that is meant (a betrayal), add friendly_fire: true to the intent", loc)
    loaded.warnings.append(w)


# ---------------------------------------------------------------------- shared cross-checks
@dataclass
class Names:
    """Every accepted spelling of a character's name (full or short) -> his full name, and
    the characters by full name; ``who`` resolves a reference or fails located."""

    full: dict[str, str]
    chars: dict[str, Any]
    loc8: Any

    def who(self, value: str, loc: tuple, key: bool = False) -> str:
        """The full name ``value`` stands for.

        Raises:
            ScenarioError: no character is called that (with the nearest name), at ``loc``.
        """
        if value in self.full:
            return self.full[value]
        raise self.loc8.error(f"no character called {value!r}{_hint(value, list(self.full))}",
                              loc, key=key)


def check_names(loaded: LoadedScenario, loc8: _Locator, reserved: tuple | list = (),
                twice: str = "a character can be on one side only, and not share a side's "
                             "name") -> Names:
    """The shared name checks of every ruleset: a character's name is his alone (not another
    character's, not a side's, nor any of ``reserved``); a short name is not another's name.
    Fills ``loaded.side_of``.

    Raises:
        ScenarioError: at the name or short name used twice (``twice`` says why not).
    """
    sc = loaded.scenario
    names: dict[str, str] = {}
    chars: dict[str, Any] = {}
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.name in names or c.name in sc.sides or c.name in reserved:
                raise loc8.error(f"character name {c.name!r} is used twice ({twice})",
                                 ("sides", side, i, "name"))
            names[c.name] = c.name
            chars[c.name] = c
            loaded.side_of[c.name] = side
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.short:
                if c.short in names and names[c.short] != c.name:
                    raise loc8.error(f"short name {c.short!r} is already a name of "
                                     f"{names[c.short]!r}", ("sides", side, i, "short"))
                names[c.short] = c.name
    return Names(names, chars, loc8)


def check_dice(loaded: LoadedScenario, loc8: _Locator, names: Names, purposes: tuple[str, ...],
               *, groups: list[str] | None = None, top: int = 20, dice: str = "d6 or d20",
               note: str = "") -> None:
    """The shared check of scripted ``dice:``: keyed by a character (any of his names, made
    full), a side or (``groups`` given) a group, once each; known purposes; values 1-``top``
    (``dice`` names the dice in the message, ``note`` follows the purposes' hint). Moves them
    into ``loaded.script`` with their positions and empties ``scenario.dice``.

    Raises:
        ScenarioError: located at the key, purpose or value at fault.
    """
    sc = loaded.scenario
    for key, by_purpose in sc.dice.items():
        base = ("dice", key)
        if key in sc.sides or (groups is not None and key in groups):
            full = key
        elif groups is None:
            full = names.who(key, base, key=True)
        elif key in names.full:
            full = names.full[key]
        else:
            choices = list(names.full) + list(groups) + list(sc.sides)
            raise loc8.error(f"no character, group or side called {key!r}{_hint(key, choices)}",
                             base, key=True)
        if full in loaded.script:
            raise loc8.error(f"dice for {full} are given twice", base, key=True)
        loaded.script[full] = {}
        for purpose, values in by_purpose.items():
            if purpose not in purposes:
                raise loc8.error(f"unknown dice purpose {purpose!r}"
                                 f"{_hint(purpose, list(purposes))}{note}", base + (purpose,),
                                 key=True)
            out = []
            for k, v in enumerate(values):
                line, col = loc8.where(base + (purpose, k))
                if not 1 <= v <= top:
                    raise ScenarioError(f"scripted die {v} is not a {dice} result", loc8.path,
                                        line, col)
                out.append(ScriptedValue(v, line, col))
            loaded.script[full][purpose] = out
    sc.dice = {}
