"""Writing play-by-post records back into a scenario file: only the record's lines change.

``record_turn`` splices the ``resolved:`` block of a turn and the ``state:`` block into the text
as the file has it. Positions come from the same YAML parser events the loader reads (so every
file ``narrator check`` accepts is read the same way here); lines are split where the YAML
reader counts lines (``\\r\\n``, ``\\r``, ``\\n``, U+0085, U+2028, U+2029), and new lines take
the file's own line ending. Every byte outside the record's lines stays as it was: a layout that
does not allow that (a turn written in flow style, ``turns: [...]``) is refused with a located
message, never reformatted. The result is parsed again and compared with what was meant.

The file itself is written by ``narrator.files.replace_checked`` (compare-and-swap, ``.bak``).

May import: ruamel.yaml, narrator.errors, narrator.files.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.events import (AliasEvent, CollectionEndEvent, DocumentEndEvent,
                                MappingStartEvent, NodeEvent, ScalarEvent, SequenceStartEvent)

from narrator.errors import ScenarioError

#: Where the YAML reader starts a new line (YAML 1.1 breaks, as ruamel and libyaml count them).
LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")


def split_lines(text: str) -> list[str]:
    """``text`` cut into lines as the YAML parser numbers them, each with its own terminator
    (the last may have none). ``"".join(split_lines(t)) == t``."""
    out, start = [], 0
    for m in LINE_BREAK.finditer(text):
        out.append(text[start:m.end()])
        start = m.end()
    if start < len(text):
        out.append(text[start:])
    return out


def newline_of(text: str) -> str:
    """The file's line ending: that of its first line (``\\n`` for a one-line file)."""
    m = re.search(r"\r\n|\r|\n", text)
    return m.group(0) if m else "\n"


# ---------------------------------------------------------------------- a positioned tree
@dataclass
class _Node:
    """A YAML node with its position (0-based lines and columns of the parser's marks)."""

    kind: str                      # "map", "seq", "scalar", "alias"
    flow: bool
    line: int
    col: int
    end_line: int
    end_col: int
    value: Any = None              # a scalar's text
    items: list = field(default_factory=list)  # seq: [_Node]; map: [(key _Node, value _Node)]

    def last_line(self) -> int:
        """The last line holding a character of this node."""
        if self.kind in ("map", "seq") and not self.flow:
            if not self.items:
                return self.line
            last = self.items[-1]
            return (last[1] if self.kind == "map" else last).last_line()
        if self.end_col == 0 and self.end_line > self.line:
            return self.end_line - 1
        return self.end_line

    def get(self, key: str) -> tuple[_Node, _Node] | None:
        for k, v in self.items:
            if k.kind == "scalar" and k.value == key:
                return k, v
        return None


@dataclass
class _Doc:
    root: _Node
    end_line: int | None           # the line of an explicit ``...``


def _tree(text: str) -> _Doc:
    """The first document of ``text`` as a positioned tree."""
    from narrator.scenario.loader import yaml_events
    stack: list[_Node] = []
    pending_key: list[Any] = []
    root = None
    end = None
    for ev in yaml_events(text):
        if isinstance(ev, DocumentEndEvent):
            if getattr(ev, "explicit", False):
                end = ev.start_mark.line
            break
        if isinstance(ev, CollectionEndEvent):
            node = stack.pop()
            node.end_line, node.end_col = ev.end_mark.line, ev.end_mark.column
            _attach(stack, pending_key, node)
            if not stack:
                root = node
            continue
        if not isinstance(ev, NodeEvent):
            continue
        s, e = ev.start_mark, ev.end_mark
        if isinstance(ev, (MappingStartEvent, SequenceStartEvent)):
            stack.append(_Node("map" if isinstance(ev, MappingStartEvent) else "seq",
                               bool(ev.flow_style), s.line, s.column, e.line, e.column))
            pending_key.append(None)
            continue
        node = _Node("alias" if isinstance(ev, AliasEvent) else "scalar", False, s.line,
                     s.column, e.line, e.column,
                     value=ev.value if isinstance(ev, ScalarEvent) else None)
        if not stack:
            root = node
        else:
            _attach(stack, pending_key, node)
    if root is None:
        raise ScenarioError("the scenario is empty")
    return _Doc(root, end)


def _attach(stack: list[_Node], pending_key: list[Any], node: _Node) -> None:
    if len(pending_key) > len(stack):      # the node just closed had its own slot
        pending_key.pop()
    if not stack:
        return
    parent = stack[-1]
    if parent.kind == "seq":
        parent.items.append(node)
    elif pending_key[-1] is None:
        pending_key[-1] = node
    else:
        parent.items.append((pending_key[-1], node))
        pending_key[-1] = None


# ---------------------------------------------------------------------- writing YAML lines
_PLAIN_OK = re.compile(r"[A-Za-z0-9_\u00c0-\uffff][^\x00-\x1f\x7f-\x9f\u2028\u2029#:,\[\]{}]*")


@functools.lru_cache(maxsize=4096)
def scalar(value: Any, in_flow: bool = True) -> str:
    """``value`` (text, whole number, finite number, true/false) as a YAML scalar that reads
    back as exactly ``value``: plain where that is safe, else double-quoted with escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a finite number: {value}")
        return repr(value)
    text = str(value)
    if (_PLAIN_OK.fullmatch(text) and text == text.strip() and "  " not in text
            and _reads_back(text)):
        return text
    return _quoted(text)


def _quoted(text: str) -> str:
    """Single-quoted when every character prints, else double-quoted with escapes."""
    if all(ch.isprintable() and ch != "\ufeff" for ch in text):
        return "'" + text.replace("'", "''") + "'"
    out = ['"']
    for ch in text:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or 0x7f <= o <= 0x9f or ch in "\u2028\u2029\ufeff" or 0xd800 <= o <= 0xdfff:
            out.append(f"\\u{o:04x}" if o <= 0xffff else f"\\U{o:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _reads_back(text: str) -> bool:
    """True when ``text`` as a plain key and as a plain flow item reads back as that text."""
    try:
        data = YAML(typ="safe", pure=True).load(f"{text}: [{text}]\n")
    except Exception:
        return False
    return data == {text: [text]}


def _flow(value: Any) -> str:
    """A mapping or list of scalars (one level of nesting) in flow style."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return scalar(value)


def record_lines(resolved: dict[str, Any], indent: int) -> list[str]:
    """The ``resolved:`` block: ``hash``, then ``rolls`` (each roller's dice in flow style),
    ``from_script`` and ``adjusted``, indented by ``indent`` spaces, without line endings."""
    lines = [f"{' ' * indent}resolved:"]
    for k, v in resolved.items():
        if isinstance(v, dict) and not v:  # a turn without a die (every roll given by rulings)
            lines.append(f"{' ' * (indent + 2)}{k}: {{}}")
        elif isinstance(v, dict):
            lines.append(f"{' ' * (indent + 2)}{k}:")
            for who, dice in v.items():
                lines.append(f"{' ' * (indent + 4)}{scalar(who)}: {_flow(dice)}")
        else:
            lines.append(f"{' ' * (indent + 2)}{k}: {scalar(v)}")
    return lines


def state_lines(state: dict[str, Any], indent: int) -> list[tuple[tuple, str]]:
    """The ``state:`` block, one field of a character per line, as ``(path, line)`` pairs."""
    pad = " " * indent
    out: list[tuple[tuple, str]] = [(("state",), f"{pad}state:")]
    for k, v in state.items():
        if k == "characters":
            out.append((("state", k), f"{pad}  characters:"))
            for name, fields in v.items():
                out.append((("state", k, name), f"{pad}    {scalar(name)}:"))
                for fk, fv in fields.items():
                    out.append((("state", k, name, fk), f"{pad}      {fk}: {_flow(fv)}"))
        else:
            out.append((("state", k), f"{pad}  {k}: {_flow(v)}"))
    return out


# ---------------------------------------------------------------------- comments
def comment_of(line: str) -> str | None:
    """The comment (from its ``#``) ending ``line``, or None: a ``#`` at the start or after a
    space or tab, outside quotes."""
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote == "'":
            if ch == "'":
                if line[i + 1:i + 2] == "'":
                    i += 1
                else:
                    quote = None
        elif quote == '"':
            if ch == "\\":
                i += 1
            elif ch == '"':
                quote = None
        elif ch in "'\"" and (i == 0 or line[i - 1] in " \t[{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[i:].rstrip("\r\n\x85\u2028\u2029")
        i += 1
    return None


def _key_paths(node: _Node, path: tuple, out: dict[int, tuple]) -> None:
    """Line -> the deepest key path that starts on it, for every key under ``node``."""
    if node.kind == "map":
        for k, v in node.items:
            p = path + (k.value,)
            out[k.line] = p
            _key_paths(v, p, out)


# ---------------------------------------------------------------------- splicing
class _Refuse(Exception):
    def __init__(self, message: str, line: int, col: int) -> None:
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


@dataclass
class _Edit:
    start: int                     # first line replaced
    end: int                       # first line kept after
    new: list[str]                 # new lines, without endings
    keep_prefix: int = 0           # characters of line ``start`` kept before the new text


def record_turn(text: str, index: int, resolved: dict[str, Any], state: dict[str, Any],
                drop_from: int | None = None, path: str | None = None,
                dropped: list[str] | None = None) -> str:
    """The scenario text with turn ``index`` (0-based) marked resolved and ``state:`` replaced.

    Only the lines of the ``resolved:`` records and of ``state:`` change (the GM's comments in
    ``state:`` follow their lines); every other byte of the file is kept, and new lines end the
    way the file's lines do. A turn past the end of ``turns:`` (a ``max_turns`` fight) is added
    as ``- intents: {}`` with its record, and ``turns:`` itself when the file has none.

    Args:
        text: the scenario as read (already accepted by the loader).
        index: the turn that was resolved.
        resolved: the record (``hash``, ``rolls``, ``from_script``, ``adjusted``).
        state: the state after the turn.
        drop_from: discard the ``resolved`` records of turns from this index on (``--redo``);
            then a GM's comment at the end of a ``state:`` line whose value the redo changes
            is dropped (it spoke of the value discarded: ``condition: active   # GM: Abel
            bled out``), and added to ``dropped``; a comment on a line the redo leaves as it
            was, or on a line of its own, stays.
        path: the file's name, for messages.
        dropped: gets each comment dropped, as ``"key: old value   # comment"``.

    Raises:
        ScenarioError: a layout where the record cannot be written without changing other lines
            (a turn in flow style, ``turns: [...]``), located at it; nothing is written.
    """
    try:
        out = _splice(text, index, resolved, state, drop_from, dropped)
    except _Refuse as exc:
        raise ScenarioError(exc.message, path, exc.line + 1, exc.col + 1) from None
    _verify(text, out, index, resolved, state, drop_from, path)
    return out


def _splice(text: str, index: int, resolved: dict[str, Any], state: dict[str, Any],
            drop_from: int | None, dropped: list[str] | None = None) -> str:
    nl = newline_of(text)
    lines = split_lines(text)
    doc = _tree(text)
    root = doc.root
    if root.kind != "map" or root.flow:
        raise _Refuse("narrator next needs the scenario written as a block mapping "
                      "(one key per line)", root.line, root.col)
    top_col = root.col
    edits: list[_Edit] = []
    turns_kv = root.get("turns")
    state_kv = root.get("state")
    # where new top-level blocks go: after the last line of the document's content
    doc_end = root.last_line() + 1
    if state_kv is not None:
        doc_end = state_kv[0].line  # a new turns: goes before state:
    if turns_kv is None or (turns_kv[1].kind == "scalar" and turns_kv[1].value == ""
                            and not turns_kv[1].flow):
        if turns_kv is not None:  # `turns:` with nothing after it
            at, dash, col = turns_kv[0].last_line() + 1, top_col + 2, top_col + 4
            head: list[str] = []
        else:
            at, dash, col = doc_end, top_col + 2, top_col + 4
            head = [" " * top_col + "turns:"]
        block = head + _new_turns(0, index, dash, col, resolved)
        edits.append(_Edit(at, at, block))
    else:
        turns = turns_kv[1]
        if turns.kind != "seq" or turns.flow:
            raise _Refuse("narrator next writes each turn's record under the turn: write "
                          "turns: as a block list (one '- ' per turn), not in flow style",
                          turns.line, turns.col)
        for i, entry in enumerate(turns.items):
            dropping = drop_from is not None and i >= drop_from and i != index
            if i != index and not dropping:
                continue
            if entry.kind != "map" or entry.flow:
                if dropping and not (entry.kind == "map" and entry.get("resolved")):
                    continue
                raise _Refuse(f"narrator next writes turn {i + 1}'s record under it: write the "
                              f"turn in block style ('- intents: ...', one key per line), not "
                              f"'{{...}}'", entry.line, entry.col)
            kv = entry.get("resolved")
            if kv is not None:
                k, v = kv
                if k.line == entry.line and k.col == entry.col and len(entry.items) > 1:
                    raise _Refuse(f"turn {i + 1}: narrator next rewrites 'resolved:', which "
                                  f"must not be the turn's first key; move it below intents:",
                                  k.line, k.col)
                if i == index:
                    new = record_lines(resolved, k.col)
                    edits.append(_Edit(k.line, v.last_line() + 1,
                                       [new[0][k.col:]] + new[1:], keep_prefix=k.col))
                elif len(entry.items) == 1:
                    edits.append(_Edit(k.line, v.last_line() + 1, ["intents: {}"],
                                       keep_prefix=k.col))
                else:
                    edits.append(_Edit(k.line, v.last_line() + 1, []))
            elif i == index:
                at = entry.last_line() + 1
                edits.append(_Edit(at, at, record_lines(resolved, entry.col)))
        if index >= len(turns.items):
            first = turns.items[0] if turns.items else None
            if first is None or first.kind != "map" or first.flow:
                dash, col = turns.col, turns.col + 2
            else:
                line = lines[first.line]
                before = line[:first.col].rstrip(" \t")
                dash = len(before) - 1 if before.endswith("-") else turns.col
                col = first.col
            at = turns.last_line() + 1
            edits.append(_Edit(at, at, _new_turns(len(turns.items), index, dash, col, resolved)))
    # state:
    if state_kv is not None:
        k, v = state_kv
        old_paths: dict[int, tuple] = {k.line: ("state",)}
        _key_paths(v, ("state",), old_paths)
        a, b = k.line, v.last_line() + 1
        if k.col != top_col or (a < len(lines) and lines[a][:k.col].strip()):
            raise _Refuse("state: must start its own line", k.line, k.col)
        stale = [] if drop_from is not None else None   # --redo: values it discards
        edits.append(_Edit(a, b, _with_comments(lines[a:b], a, old_paths,
                                                state_lines(state, top_col), stale)))
        if stale and dropped is not None:
            dropped.extend(stale)
    else:
        at = root.last_line() + 1
        edits.append(_Edit(at, at, [line for _, line in state_lines(state, top_col)]))
    return _apply(lines, edits, nl)


def _new_turns(first: int, index: int, dash: int, col: int, resolved: dict[str, Any]) -> list[str]:
    """Entries ``- intents: {}`` for turns ``first..index`` (0-based), the last with its record."""
    out = []
    for _ in range(first, index + 1):
        out.append(" " * dash + "-" + " " * (col - dash - 1) + "intents: {}")
    return out + record_lines(resolved, col)


def _with_comments(old: list[str], first: int, paths: dict[int, tuple],
                   new: list[tuple[tuple, str]], stale: list[str] | None = None) -> list[str]:
    """The new block's lines, with the comments the old block's lines had: a comment at the end
    of a line follows the key of that line, after the spaces the GM put before it (two on a
    line of its own making); a comment line goes before the key after it. ``stale`` (a list,
    for ``--redo``): a comment at the end of a line whose text the new block changes is
    dropped and listed there ("condition: dead   # GM: Abel bled out"), not carried onto a
    value it no longer describes."""
    written: dict[tuple, str] = {}      # the old line of each key, its comment cut off
    trailing: dict[tuple, str] = {}
    gaps: dict[tuple, str] = {}         # the GM's spaces before a trailing comment
    before: dict[tuple, list[str]] = {}
    loose: list[str] = []
    held: list[str] = []
    current: tuple = ("state",)
    for i, line in enumerate(old):
        n = first + i
        body = line.rstrip("\r\n\x85\u2028\u2029")
        c = comment_of(body)
        if n in paths:
            current = paths[n]
            if held:
                before.setdefault(current, []).extend(held)
                held = []
        if c is None:
            continue
        if not body[:len(body) - len(c)].strip():
            held.append(body)           # a whole-line comment: it goes with the next key
        elif n in paths:
            trailing[current] = c
            pre = body[:len(body) - len(c)]
            gaps[current] = pre[len(pre.rstrip()):]
            written[current] = pre.rstrip()
        else:
            trailing.setdefault(current, c)
    loose += held
    out = []
    used = set()
    for p, line in new:
        out.extend(before.get(p, []))
        used.add(p)
        if stale is not None and p in written and written[p].strip() != line.strip():
            stale.append(f"{written[p].strip()}{gaps.get(p, '  ')}{trailing.pop(p)}")
        out.append(line + (gaps.get(p, "  ") + trailing[p] if p in trailing else ""))
    for p, lst in before.items():
        if p not in used:
            loose += lst
    for p, c in trailing.items():
        if p not in used:
            loose.append(" " * 2 + c)
    return out + loose


def _apply(lines: list[str], edits: list[_Edit], nl: str) -> str:
    lines = list(lines)
    if lines and LINE_BREAK.search(lines[-1]) is None:
        lines[-1] += nl     # the last line gets an ending before anything follows it
    # from the bottom up; of two insertions at one line, the one made first ends up first
    order = sorted(range(len(edits)), key=lambda k: (edits[k].start, edits[k].end, k),
                   reverse=True)
    for e in (edits[k] for k in order):
        new = [line + nl for line in e.new]
        if e.keep_prefix and new:
            new[0] = lines[e.start][:e.keep_prefix] + new[0]
        lines[e.start:e.end] = new
    return "".join(lines)


def _verify(text: str, out: str, index: int, resolved: dict[str, Any], state: dict[str, Any],
            drop_from: int | None, path: str | None) -> None:
    """The new text reads back as the old data plus exactly the record and the state."""
    from narrator.scenario.loader import yaml_data
    try:
        before, after = yaml_data(text), yaml_data(out)
    except Exception as exc:
        raise ScenarioError(f"cannot record the turn in this file's layout ({exc}); nothing "
                            f"was written", path) from None
    want = json.loads(json.dumps(before))
    turns = want.get("turns") or []
    if not isinstance(turns, list):
        turns = []
    while len(turns) <= index:
        turns.append({"intents": {}})
    for i, t in enumerate(turns):
        if drop_from is not None and i >= drop_from and isinstance(t, dict):
            t.pop("resolved", None)
            if not t:
                t["intents"] = {}
    turns[index]["resolved"] = resolved
    want["turns"] = turns
    want["state"] = state
    if json.loads(json.dumps(after)) != json.loads(json.dumps(want)):
        raise ScenarioError("cannot record the turn in this file's layout without changing "
                            "other lines; nothing was written", path)


def anchor_at(text: str) -> tuple[int, int] | None:
    """Line and column (1-based) of the first YAML anchor or alias in ``text``, or None.

    ``narrator next`` writes records into the file in place; a turn shared through an alias
    would be resolved for every place that names it, so such files are refused.
    """
    from narrator.scenario.loader import yaml_events
    for ev in yaml_events(text):
        if isinstance(ev, AliasEvent) or (isinstance(ev, NodeEvent) and ev.anchor):
            return ev.start_mark.line + 1, ev.start_mark.column + 1
    return None


def atomic_replace(path: Path, new_text: str, expected: bytes, backup: bool = True) -> None:
    """Replace ``path`` with ``new_text`` (UTF-8) only if it still holds ``expected``, keeping
    the old file as ``<path>.bak`` (see ``narrator.files.replace_checked``).

    Raises:
        ScenarioError: the file changed on disk since it was read (nothing is written), or it
            cannot be written.
    """
    from narrator.files import Changed, replace_checked
    try:
        replace_checked(Path(path), new_text.encode("utf-8"), expected, backup)
    except Changed:
        raise ScenarioError("the scenario changed on disk since it was read; nothing was "
                            "written (run the command again)", str(path), 1, 1) from None
    except OSError as exc:
        raise ScenarioError(f"cannot write: {exc.strerror or exc}", str(path), 1, 1) from None
