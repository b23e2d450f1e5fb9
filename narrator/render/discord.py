"""Discord: split a Markdown post into messages of at most 2,000 characters.

Every message is valid on its own: a cut inside a spoiler (``||``) or a code fence closes it
at the end of one message and opens it again (with the fence's language tag) at the start of
the next; a cut never falls inside a backslash escape, an emphasis span (``*``, ``**``) or
inline code unless a single span is longer than a message. Cuts are chosen, best first:

1. a blank line outside any spoiler or fence, then a line end outside them;
2. a blank line, then a line end, inside a spoiler or fence;
3. the space after a sentence;
4. any other space;
5. a space inside an emphasis span (the span is closed and reopened);
6. between two characters (a run of text with no space, longer than a message).

Within a kind the latest cut that fits wins. A cut never leaves a heading-like line (a ``#``
heading, a line that is all bold such as ``**Lawmen**``, or a line ending in a colon that
introduces a list) as a message's last line. The whitespace at a cut is dropped, nothing
else: the messages' bodies, in order, are the text.

The scanner is ours, not a Markdown library's: Discord's spoiler syntax is not CommonMark,
and a cut needs character positions, which markdown-it-py's inline tokens do not carry.

May import: the standard library, narrator.frozen.
"""

from __future__ import annotations

import re

from narrator.frozen import record

LIMIT = 2000

# Cut kinds, best first (see the module docstring).
_OUT_PARA, _OUT_LINE, _IN_PARA, _IN_LINE, _SENTENCE, _SPACE, _IN_SPAN, _CHAR = range(8)
_BLOCK = ("spoiler", "fence")  # constructs a good cut may fall inside
_SENTENCE_END = re.compile(r"[.!?][\"')\]”’]*$")
_HEADING = re.compile(r"(?:\|\||> ?)*(?:#{1,6}\s.*|\*\*[^*]+\*\*:?|.*:)\s*$")  # match()


@record
class Open:
    """One construct open at a position: ``kind`` is spoiler, fence, strong, em or code;
    ``opener`` the text that opens it again (a fence's opener keeps its language tag)."""

    kind: str
    opener: str

    @property
    def closer(self) -> str:
        """The text that closes it at the end of a message."""
        return "\n```" if self.kind == "fence" else {"spoiler": "||", "strong": "**",
                                                       "em": "*", "code": "`"}[self.kind]


@record
class Message:
    """One Discord message: ``opening`` (constructs reopened from the previous message),
    ``body`` (a slice of the text), ``closing`` (constructs left open, closed here)."""

    opening: str
    body: str
    closing: str

    def __str__(self) -> str:
        return self.opening + self.body + self.closing


@record
class _Cut:
    begin: int  # the body before the cut ends here
    end: int  # the next body starts here (text[begin:end] is the dropped whitespace)
    kind: int
    stack: tuple[Open, ...]  # constructs open at the cut


def _opening(stack: tuple[Open, ...]) -> str:
    return "".join(o.opener for o in stack)


def _closing(stack: tuple[Open, ...]) -> str:
    return "".join(o.closer for o in reversed(stack))


_PLAIN = re.compile(r"[^\s\\`|*]+")  # a run of characters that open or close nothing
_WORD = re.compile(r"\S+")


def _scan(text: str, i: int = 0, stack: tuple[Open, ...] = (), stop: int | None = None,
          chars: bool = False) -> list[_Cut]:
    """The cuts of ``text`` from ``i`` (where ``stack`` is open), with the constructs open at
    each: every whitespace cut with its kind, or with ``chars`` every character cut (between
    atoms) up to ``stop``. An atom is a character, an escape (backslash + character) or a fence
    line; no cut falls inside one."""
    cuts: list[_Cut] = []
    open_: list[Open] = list(stack)
    n = len(text) if stop is None else min(len(text), stop + 1)
    line_begin = text.rfind("\n", 0, i) + 1  # where the current line starts
    line_start = text[line_begin:i].strip() == ""
    while i < n:
        if text[i].isspace():
            j = i
            while j < len(text) and text[j].isspace():
                j += 1
            run = text[i:j]
            inline_open = any(o.kind not in _BLOCK for o in open_)
            in_fence = any(o.kind == "fence" for o in open_)
            in_block = any(o.kind in _BLOCK for o in open_)
            if chars:
                if in_fence and "\n" not in run:  # spaces inside a line of code
                    cuts.append(_Cut(i, i, _CHAR, tuple(open_)))
            elif "\n" in run and not inline_open:
                blank = run.count("\n") >= 2 and not in_fence  # in code, just a line
                kind = ((_IN_PARA if blank else _IN_LINE) if in_block
                        else (_OUT_PARA if blank else _OUT_LINE))
                if in_fence or not _HEADING.match(text, line_begin, i):  # not after a heading
                    cuts.append(_Cut(i, j, kind, tuple(open_)))
            elif not in_fence and i > 0:
                if inline_open:
                    kind = _IN_SPAN
                elif _SENTENCE_END.search(text, max(line_begin, i - 8), i):
                    kind = _SENTENCE
                else:
                    kind = _SPACE
                cuts.append(_Cut(i, j, kind, tuple(open_)))
            line_start = "\n" in run
            if line_start:
                line_begin = i + run.rindex("\n") + 1
            i = j
            continue
        in_fence = bool(open_) and open_[-1].kind == "fence"
        if chars:
            cuts.append(_Cut(i, i, _CHAR, tuple(open_)))
        if line_start and text.startswith("```", i):
            end = text.find("\n", i)
            end = len(text) if end == -1 else end
            line = text[i:end]
            if in_fence and line.strip("`").strip() == "":
                open_.pop()
            elif not in_fence:
                open_.append(Open("fence", line + "\n"))
            i = end
            line_start = False
            continue
        line_start = False
        top = open_[-1].kind if open_ else None
        plain = (_WORD if in_fence else _PLAIN).match(text, i)
        if plain:  # nothing opens or closes here: skip to the next special character
            if chars:
                state = tuple(open_)
                cuts.extend(_Cut(k, k, _CHAR, state) for k in range(i + 1, plain.end()))
            i = plain.end()
            continue
        c = text[i]
        if c == "\\" and i + 1 < len(text) and top != "code":
            i += 2
            continue
        if c == "`":
            if top == "code":
                open_.pop()
            elif not any(o.kind == "code" for o in open_):
                open_.append(Open("code", "`"))
            i += 1
            continue
        if top == "code":
            i += 1
            continue
        for mark, kind in (("||", "spoiler"), ("**", "strong"), ("*", "em")):
            if text.startswith(mark, i):
                _toggle(open_, kind, mark)
                i += len(mark)
                break
        else:
            i += 1
    return cuts


def _toggle(stack: list[Open], kind: str, mark: str) -> None:
    """Close the innermost open ``kind`` (and anything opened inside it) or open one."""
    for k in range(len(stack) - 1, -1, -1):
        if stack[k].kind == kind:
            del stack[k:]
            return
    stack.append(Open(kind, mark))


def _fill_block(cuts: list[_Cut], best: int, fitting: set[int], limit: int,
                end_of_text: int) -> int | None:
    """When the spoiler or fence after cut ``best`` cannot be whole in one message anyway,
    the latest cut inside it that fits (the indices in ``fitting`` fit): no message is left
    short only to start the block in the next one. None when the block can be whole."""
    k = best + 1
    inside: int | None = None
    while k < len(cuts) and cuts[k].kind not in (_OUT_PARA, _OUT_LINE):
        if k in fitting and cuts[k].kind in (_IN_PARA, _IN_LINE) and (
                inside is None or cuts[k].kind <= cuts[inside].kind):
            inside = k
        k += 1
    block_end = cuts[k].begin if k < len(cuts) else end_of_text
    if inside is None or block_end - cuts[best].end <= limit:
        return None
    return inside


def _empty_fence(text: str, start: int, cut: _Cut) -> bool:
    """The message from ``start`` to ``cut`` would end with a fence's opening line and no
    code after it: an empty code block, and the fence opened again in the next message."""
    if not cut.stack or cut.stack[-1].kind != "fence":
        return False
    line = cut.stack[-1].opener[:-1]  # the opening line, without its break
    return cut.begin - len(line) >= start and text.startswith(line, cut.begin - len(line))


def split_messages(text: str, limit: int = LIMIT) -> list[Message]:
    """The messages of ``text``, each at most ``limit`` characters when written out.

    Shapes: ``text`` a Markdown post; returns a list of :class:`Message` whose bodies are
    consecutive slices of ``text`` separated only by whitespace (the whitespace at each cut
    and at both ends is dropped). Empty or all-whitespace text gives no message.

    Raises:
        ValueError: ``limit`` is too small to carry the constructs open at some cut plus one
            character (under about 20 for ordinary posts).
    """
    cuts = _scan(text)
    start = len(text) - len(text.lstrip())
    end_of_text = len(text.rstrip())
    messages: list[Message] = []
    stack: tuple[Open, ...] = ()
    ci = 0  # first whitespace cut not yet behind us
    while start < end_of_text:
        opening = _opening(stack)
        if len(opening) + end_of_text - start <= limit:
            messages.append(Message(opening, text[start:end_of_text], ""))
            break
        while ci < len(cuts) and cuts[ci].begin <= start:
            ci += 1
        best: _Cut | None = None
        at: int | None = None
        fitting: set[int] = set()
        k = ci
        while k < len(cuts) and len(opening) + cuts[k].begin - start <= limit:
            cut = cuts[k]
            if len(opening) + cut.begin - start + len(_closing(cut.stack)) <= limit and (
                    not _empty_fence(text, start, cut)):
                fitting.add(k)
                if best is None or cut.kind <= best.kind:
                    best, at = cut, k
            k += 1
        if best is not None and best.kind in (_OUT_PARA, _OUT_LINE):
            inside = _fill_block(cuts, at, fitting, limit, end_of_text)
            if inside is not None:
                best = cuts[inside]
        if best is None:  # no space will do: between two characters (scanned only now)
            chars = _scan(text, start, stack, start + limit, chars=True)
            k = 0
            while k < len(chars) and chars[k].begin <= start:
                k += 1
            while k < len(chars) and len(opening) + chars[k].begin - start <= limit:
                cut = chars[k]
                if len(opening) + cut.begin - start + len(_closing(cut.stack)) <= limit:
                    best = cut
                k += 1
        if best is None:
            raise ValueError(f"a Discord message limit of {limit} characters is too small")
        messages.append(Message(opening, text[start:best.begin], _closing(best.stack)))
        start, stack = best.end, best.stack
    return messages


def split_discord(text: str, limit: int = LIMIT) -> list[str]:
    """Messages of at most ``limit`` characters (Discord's limit is 2,000), each with its
    spoilers, fences and emphasis balanced; see the module docstring for where it cuts.

    Raises:
        ValueError: ``limit`` too small (see :func:`split_messages`).
    """
    return [str(m) for m in split_messages(text, limit)]
