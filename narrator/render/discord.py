"""Discord: split a Markdown post into messages under the 2,000-character limit, never inside
a spoiler (``||``) or a code fence.

May import: the standard library.
"""

from __future__ import annotations

LIMIT = 2000


def _units(text: str) -> list[str]:
    """Blocks separated by blank lines, with spoilers and fences kept whole."""
    units: list[str] = []
    current: list[str] = []
    open_spoiler = open_fence = False
    for line in text.split("\n"):
        current.append(line)
        if line.startswith("```"):
            open_fence = not open_fence
        if not open_fence:
            open_spoiler ^= line.count("||") % 2 == 1
        if line == "" and not open_spoiler and not open_fence:
            block = "\n".join(current).strip("\n")
            if block:
                units.append(block)
            current = []
    block = "\n".join(current).strip("\n")
    if block:
        units.append(block)
    return units


def _shrink(unit: str, limit: int) -> list[str]:
    """Split one over-long block at line ends, closing and reopening a spoiler or fence."""
    lines = unit.split("\n")
    spoiler = unit.startswith("||") and unit.endswith("||")
    fence = unit.startswith("```")
    if spoiler:
        lines[0], lines[-1] = lines[0][2:], lines[-1][:-2]
    if fence:
        opener, lines = lines[0], lines[1:-1]
    wrap_len = 4 if spoiler else (len(opener) + 5 if fence else 0)
    pieces: list[str] = []
    chunk: list[str] = []
    size = 0
    for line in lines:
        while len(line) + wrap_len > limit:  # a single giant line: hard split
            head, line = line[: limit - wrap_len - 1], line[limit - wrap_len - 1:]
            if chunk:
                pieces.append("\n".join(chunk))
                chunk, size = [], 0
            pieces.append(head)
        if chunk and size + len(line) + 1 + wrap_len > limit:
            pieces.append("\n".join(chunk))
            chunk, size = [], 0
        chunk.append(line)
        size += len(line) + 1
    if chunk:
        pieces.append("\n".join(chunk))
    if spoiler:
        return [f"||{p}||" for p in pieces]
    if fence:
        return [f"{opener}\n{p}\n```" for p in pieces]
    return pieces


def split_discord(text: str, limit: int = LIMIT) -> list[str]:
    """Messages of at most ``limit`` characters, split between blocks where possible.

    Every message has balanced ``||`` spoilers and ``````` fences.
    """
    messages: list[str] = []
    current = ""
    for unit in _units(text):
        parts = [unit] if len(unit) <= limit else _shrink(unit, limit)
        for part in parts:
            candidate = f"{current}\n\n{part}" if current else part
            if len(candidate) <= limit:
                current = candidate
            else:
                messages.append(current)
                current = part
    if current:
        messages.append(current)
    return messages
