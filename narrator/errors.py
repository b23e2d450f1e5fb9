"""Errors a user can cause, each able to print itself as one located line.

May import: nothing from narrator.
"""

from __future__ import annotations


class NarratorError(Exception):
    """Base of every error narrator reports to a user (exit code 2)."""

    def one_line(self) -> str:
        """Return the error as the single line the CLI prints."""
        return str(self)


class ScenarioError(NarratorError):
    """Bad input in a scenario file, located by file, line and column.

    Args:
        message: what is wrong, phrased for a GM ("unknown weapon 'shotgn'; did you mean 'shotgun'?").
        path: the scenario file as the user named it, or None.
        line: 1-based line, or None when the position is unknown.
        column: 1-based column, or None.
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    def one_line(self) -> str:
        """``file:line:column: message`` (parts that are unknown are left out)."""
        where = [printable(p) for p in (self.path, self.line, self.column) if p is not None]
        text = " ".join(self.message.split())
        return f"{':'.join(where)}: {text}" if where else text

    def __str__(self) -> str:  # pragma: no cover - delegated
        return self.one_line()


class DiceError(ScenarioError):
    """Scripted dice that cannot be used: exhausted, or a value the die cannot show."""


def printable(value: object) -> str:
    """``value`` as text on one line: control characters, line and paragraph separators and
    bidirectional controls in a file name are shown escaped (``\\n``, ``\\u202e``)."""
    text = str(value)
    if text.isprintable() and not any(c in BIDI for c in text):
        return text
    return "".join(c if c.isprintable() and c not in BIDI else repr(c)[1:-1]
                   if repr(c)[1:-1] != c else f"\\u{ord(c):04x}" for c in text)


#: Bidirectional controls (embeddings, overrides, isolates, marks): they reorder what is shown.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
