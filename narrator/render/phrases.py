"""Story-mode phrase choice: a seeded stream separate from the dice, tense and agreement.

Phrases live in ``templates/common/phrases.toml`` (user templates may override the file).

May import: the standard library.
"""

from __future__ import annotations

import random
import re
import tomllib

_TOKEN = re.compile(r"\{(\w+)\}|\[([^\[\]|]*)\|([^\[\]]*)\]")


class Phrases:
    """Picks phrases for groups, never the same one twice in a row for a group.

    Args:
        table: group name -> list of phrases (see phrases.toml for the markers).
        seed: the fight's seed; the stream is ``random.Random("<seed>:prose")``.
        tense: "present" or "past".
    """

    def __init__(self, table: dict[str, list[str]], seed: int, tense: str = "present") -> None:
        self.table = table
        self.rng = random.Random(f"{seed}:prose")
        self.tense = tense
        self.last: dict[str, int] = {}
        self.used: dict[str, set[int]] = {}

    @classmethod
    def from_toml(cls, text: str, seed: int, tense: str = "present") -> Phrases:
        """Load a phrase table from TOML text."""
        return cls(tomllib.loads(text), seed, tense)

    def pick(self, group: str) -> str:
        """A phrase of ``group``, avoiding the one used last for it.

        Raises:
            KeyError: an unknown group (a broken template or phrase file).
        """
        options = self.table[group]
        i = int(self.rng.random() * len(options))
        if len(options) > 1 and self.last.get(group) == i:
            i = (i + 1 + int(self.rng.random() * (len(options) - 1))) % len(options)
        self.last[group] = i
        self.used.setdefault(group, set()).add(i)
        return options[i]

    def fill(self, phrase: str, fields: dict[str, str], plural: set[str]) -> str:
        """Apply tense markers and fields. A ``[sing/plur|past]`` marker takes the plural form
        when the nearest field before it is a pronoun field named in ``plural``."""
        out = []
        last_field = None
        pos = 0
        for m in _TOKEN.finditer(phrase):
            out.append(phrase[pos:m.start()])
            pos = m.end()
            if m.group(1) is not None:
                last_field = m.group(1)
                out.append(fields[last_field])
                continue
            present, past = m.group(2), m.group(3)
            if self.tense == "past":
                out.append(past)
            else:
                sing, _, plur = present.partition("/")
                out.append(plur if (plur and last_field in plural) else sing)
        out.append(phrase[pos:])
        return "".join(out)
