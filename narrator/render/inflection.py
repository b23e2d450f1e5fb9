"""Tense, person and number for story prose, by two inflection libraries.

* ``lemminflect`` (verbs): the Penn tags VBZ (he draws), VBP (they draw), VBD (he drew) of a
  verb's lemma, from its bundled lexicon (offline, no model download). Chosen over ``pyinflect``
  (a thin wrapper of the same data, unmaintained since 2020) and ``mlconjug`` (a trained model
  that guesses irregular forms and pulls in scikit-learn); lemminflect 0.2.3 is old but its
  data is a fixed English lexicon that does not go stale.
* ``inflect`` (nouns): whether a side's or a cover's name is plural ("the fallen rocks take",
  "the posse takes"), articles, "1 second" / "17 shots", numbers in words.

``inflect`` 7 decorates its engine with typeguard's ``@typechecked``, which re-parses the
module's source on import (about 2 s); we import it with that decorator set to a no-op (the
run-time type checks are for inflect's own callers, not needed here), which keeps the import
under 0.1 s. Both libraries load lazily, on the first story-mode write-up.

May import: the standard library, inflect, lemminflect.
"""

from __future__ import annotations

import functools
import re
from typing import Any

#: Modal verbs: the same for every person; their past tense by hand (lemminflect has none).
MODALS = {"will": "would", "can": "could", "may": "might", "shall": "should",
          "must": "had to", "would": "would", "could": "could", "might": "might"}


@functools.lru_cache(maxsize=1)
def _engine() -> Any:
    import typeguard

    real = typeguard.typechecked
    typeguard.typechecked = lambda target=None, **_: target if target is not None else (
        lambda f: f)
    try:
        import inflect
    finally:
        typeguard.typechecked = real
    return inflect.engine()


@functools.lru_cache(maxsize=4096)
def verb(lemma: str, tense: str, plural: bool) -> str:
    """A verb in the present or past, third person singular or plural.

    Args:
        lemma: the verb's base form ("draw", "be", "have", "will"); several words keep their
            tail ("give way" -> "gives way").
        tense: "present" or "past".
        plural: agree with a plural subject ("they", "the fallen rocks").

    Returns:
        "draws" / "draw" / "drew"; "is" / "are" / "was" / "were"; "will" / "would".

    Raises:
        ValueError: a word lemminflect does not know as a verb.
    """
    head, _, tail = lemma.partition(" ")
    tail = " " + tail if tail else ""
    if head in MODALS:
        return (head if tense == "present" else MODALS[head]) + tail
    if head == "be":
        forms = {("present", False): "is", ("present", True): "are",
                 ("past", False): "was", ("past", True): "were"}
        return forms[(tense, plural)] + tail
    from lemminflect import getInflection

    if tense == "past":
        found = getInflection(head, "VBD")
    elif plural:
        return head + tail
    else:
        found = getInflection(head, "VBZ")
    if not found:
        raise ValueError(f"no inflection of the verb {head!r}")
    return found[0] + tail


@functools.lru_cache(maxsize=1024)
def is_plural(noun_phrase: str) -> bool:
    """Whether a noun phrase takes a plural verb: "the fallen rocks" yes, "the posse" and
    "Short" no, "rain barrels" yes. Decided by its last word (inflect's singular_noun)."""
    words = re.findall(r"[A-Za-z]+", noun_phrase)
    if not words:
        return False
    last = words[-1]
    if last[:1].isupper() and not noun_phrase.lower().startswith("the "):
        return False  # a proper name ("Short", "Lawmen" is called "the Lawmen")
    if last.lower() in ("men", "people", "folk", "police", "cattle", "brothers"):
        return True
    return bool(_engine().singular_noun(last.lower())) and not last.lower().endswith("ss")


@functools.lru_cache(maxsize=256)
def plural(noun: str) -> str:
    """"bullets", "balls"; a mass noun stays ("buckshot")."""
    if noun in ("buckshot", "shot", "lead"):
        return noun
    return _engine().plural_noun(noun)


def article(noun: str) -> str:
    """"a horse", "an outlaw"."""
    return _engine().a(noun)


def count(n: int, noun: str, words: bool = True) -> str:
    """"one second", "17 shots", "no hits": ``n`` in words up to ten, the noun agreeing."""
    eng = _engine()
    if n == 0:
        return "no " + eng.plural_noun(noun)
    num = eng.number_to_words(n) if words and n <= 10 else str(n)
    return f"{num} {noun if n == 1 else eng.plural_noun(noun)}"


def side_name(side: str) -> str:
    """How a side is named in prose: "the rustlers", "the Lawmen", "the Shotgun Gang", a
    person's name alone ("Short"). A lower-case, plural or several-word name takes "the"."""
    if side[:1].islower() or " " in side.strip() or is_plural("the " + side):
        return "the " + side
    return side


def join(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
