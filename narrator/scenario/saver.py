"""Writing play-by-post records back into a scenario file, keeping its comments, key order and
layout (ruamel.yaml round trip), atomically and with one backup.

May import: ruamel.yaml, narrator.errors.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from narrator.errors import ScenarioError
from narrator.files import write_atomic


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    return y


def _flow(value: Any) -> Any:
    """Plain data as ruamel nodes: short lists and the innermost mappings in flow style."""
    if isinstance(value, dict):
        m = CommentedMap()
        for k, v in value.items():
            m[k] = _flow(v)
        if all(not isinstance(v, (dict, list)) or _is_short_list(v) for v in value.values()):
            m.fa.set_flow_style()
        return m
    if isinstance(value, (list, tuple)):
        s = CommentedSeq(_flow(v) for v in value)
        if _is_short_list(value):
            s.fa.set_flow_style()
        return s
    return value


def _is_short_list(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(not isinstance(x, (dict, list)) for x in v)


def record_turn(text: str, index: int, resolved: dict[str, Any], state: dict[str, Any],
                drop_from: int | None = None) -> str:
    """The scenario text with turn ``index`` (0-based) marked resolved and ``state:`` replaced.

    Only the lines of the ``resolved:`` records and of ``state:`` change; every other byte of
    the file (comments, quoting, flow style, blank lines) is kept. Where the layout does not
    allow that (a turn written in flow style), the whole file goes through ruamel's round trip,
    which keeps comments and key order.

    Args:
        text: the scenario as read.
        index: the turn that was resolved; a missing entry is appended (``max_turns`` fights).
        resolved: the record (``intents``, ``rolls``, ``from_script``, ``adjusted``).
        state: the state after the turn.
        drop_from: discard the ``resolved`` records of turns from this index on (``--redo``).

    Raises:
        ScenarioError: the file's ``turns`` is not a list.
    """
    try:
        out = _splice(text, index, resolved, state, drop_from)
        check = _yaml().load(out)
        if check["turns"][index]["resolved"]["intents"] == resolved["intents"]:
            return out
    except _Layout:
        pass
    except Exception:  # ruamel's round-trip parser fails on a few comment layouts
        pass
    try:
        return _round_trip(text, index, resolved, state, drop_from)
    except ScenarioError:
        raise
    except Exception as exc:
        raise ScenarioError(f"cannot record the turn in this file's layout ({type(exc).__name__}: "
                            f"{exc}); nothing was written") from None


class _Layout(Exception):
    """The file's layout does not allow editing lines in place."""


def _dump_block(key: str, value: CommentedMap, indent: int) -> list[str]:
    y = _yaml()
    buf = io.StringIO()
    doc = CommentedMap([(key, value)])
    y.dump(doc, buf)
    pad = " " * indent
    return [pad + line if line.strip() else line for line in buf.getvalue().splitlines(True)]


def _next_top_key_line(data: CommentedMap, after: int, total: int) -> int:
    lines = [data.lc.key(k)[0] for k in data if data.lc.key(k)[0] > after]
    return min(lines) if lines else total


def _last_content_line(lines: list[str], start: int, end: int, deeper_than: int) -> int:
    """Index of the last line in [start, end) indented deeper than ``deeper_than`` (or start)."""
    last = start
    for i in range(start + 1, end):
        stripped = lines[i].strip()
        if stripped and (len(lines[i]) - len(lines[i].lstrip(" "))) > deeper_than:
            last = i
    return last


def _key_block(entry: CommentedMap, key: str, entry_end: int, lines: list[str]) -> tuple[int, int]:
    """Line range [start, end) of ``key``'s block inside a block-style mapping."""
    start, col = entry.lc.key(key)
    later = [entry.lc.key(k)[0] for k in entry if entry.lc.key(k)[0] > start]
    end = min(later) if later else _last_content_line(lines, start, entry_end, col) + 1
    return start, end


def _splice(text: str, index: int, resolved: dict[str, Any], state: dict[str, Any],
            drop_from: int | None) -> str:
    data = _yaml().load(text)
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    total = len(lines)
    turns = data.get("turns") if isinstance(data, CommentedMap) else None
    if not isinstance(turns, CommentedSeq) or turns.fa.flow_style() or not turns:
        raise _Layout
    turns_end = _next_top_key_line(data, data.lc.key("turns")[0], total)
    edits: list[tuple[int, int, list[str]]] = []

    def entry_range(i: int) -> tuple[int, int]:
        start = turns.lc.item(i)[0]
        nxt = turns.lc.item(i + 1)[0] if i + 1 < len(turns) else turns_end
        return start, nxt

    for i, entry in enumerate(turns):
        if not isinstance(entry, CommentedMap) or entry.fa.flow_style():
            if i == index or (drop_from is not None and i >= drop_from and entry):
                raise _Layout
            continue
        start, nxt = entry_range(i)
        col = turns.lc.item(i)[1]
        if drop_from is not None and i >= drop_from and "resolved" in entry and i != index:
            a, b = _key_block(entry, "resolved", nxt, lines)
            edits.append((a, b, []))
        if i == index:
            block = _dump_block("resolved", _flow_record(resolved), col)
            if "resolved" in entry:
                a, b = _key_block(entry, "resolved", nxt, lines)
                edits.append((a, b, block))
            else:
                at = _last_content_line(lines, start, nxt, col - 1) + 1
                if at == start + 1 and lines[start].rstrip().endswith(("{}", "[]")):
                    raise _Layout
                edits.append((at, at, block))
    if index >= len(turns):
        col = turns.lc.item(0)[1]
        dash = lines[turns.lc.item(0)[0]].index("-")
        at = _last_content_line(lines, turns.lc.item(len(turns) - 1)[0], turns_end, dash) + 1
        block = []
        for _ in range(len(turns), index):
            block.append(" " * dash + "-" + " " * (col - dash - 1) + "intents: {}\n")
        block.append(" " * dash + "-" + " " * (col - dash - 1) + "intents: {}\n")
        block += _dump_block("resolved", _flow_record(resolved), col)
        edits.append((at, at, block))
    state_block = _dump_block("state", _flow_state(state), 0)
    if "state" in data:
        a = data.lc.key("state")[0]
        b = _next_top_key_line(data, a, total)
        edits.append((a, b, state_block))
    else:
        edits.append((total, total, state_block))
    for a, b, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        lines[a:b] = new
    return "".join(lines)


def _round_trip(text: str, index: int, resolved: dict[str, Any], state: dict[str, Any],
                drop_from: int | None) -> str:
    y = _yaml()
    data = y.load(text)
    turns = data.get("turns")
    if turns is None:
        turns = CommentedSeq()
        data["turns"] = turns
    if not isinstance(turns, CommentedSeq):
        raise ScenarioError("turns: expected a list")
    if drop_from is not None:
        for entry in turns[drop_from:]:
            if isinstance(entry, CommentedMap) and "resolved" in entry:
                del entry["resolved"]
    while len(turns) <= index:
        turns.append(CommentedMap([("intents", CommentedMap())]))
    entry = turns[index]
    if entry is None:
        entry = CommentedMap()
        turns[index] = entry
    entry["resolved"] = _flow_record(resolved)
    data["state"] = _flow_state(state)
    out = io.StringIO()
    y.dump(data, out)
    return out.getvalue()


def _flow_record(resolved: dict[str, Any]) -> CommentedMap:
    m = CommentedMap()
    for k, v in resolved.items():
        m[k] = _flow(v)
    return m


def _flow_state(state: dict[str, Any]) -> CommentedMap:
    m = CommentedMap()
    for k, v in state.items():
        if k == "characters":
            chars = CommentedMap()
            for name, fields in v.items():
                chars[name] = _flow(fields)
            m[k] = chars
        else:
            m[k] = _flow(v)
    return m


def atomic_replace(path: Path, new_text: str, expected: bytes, backup: bool = True) -> None:
    """Replace ``path`` with ``new_text`` only if it still holds ``expected``.

    The old content goes to ``<path>.bak`` first; the new text is written to a temporary file
    in the same folder, flushed to disk, then renamed over the scenario. A crash at any point
    leaves either the old file or the new one, never a mix.

    Raises:
        ScenarioError: the file changed on disk since it was read (nothing is written), or it
            cannot be written.
    """
    path = Path(path)
    try:
        now = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(f"cannot read the scenario again: {exc.strerror or exc}",
                            str(path)) from None
    if now != expected:
        raise ScenarioError("the scenario changed on disk since it was read; nothing was "
                            "written (run the command again)", str(path))
    try:
        if backup:
            write_atomic(path.with_name(path.name + ".bak"), expected)
            if path.read_bytes() != expected:  # edited while the backup was being written
                raise ScenarioError("the scenario changed on disk while narrator was saving; "
                                    "nothing was written (run the command again)", str(path))
        write_atomic(path, new_text.encode("utf-8"))
    except OSError as exc:
        raise ScenarioError(f"cannot write: {exc.strerror or exc}", str(path)) from None


def anchor_at(text: str) -> tuple[int, int] | None:
    """Line and column (1-based) of the first YAML anchor or alias in ``text``, or None.

    ``narrator next`` writes records into the file in place; a turn shared through an alias
    would be resolved for every place that names it, so such files are refused.
    """
    from ruamel.yaml.events import AliasEvent, NodeEvent
    for ev in YAML(typ="safe", pure=True).parse(text):
        if isinstance(ev, AliasEvent) or (isinstance(ev, NodeEvent) and ev.anchor):
            return ev.start_mark.line + 1, ev.start_mark.column + 1
    return None
