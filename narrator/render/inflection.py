"""Tense, person and number for story prose, by two inflection libraries.

* ``lemminflect`` (verbs): the Penn tags VBZ (he draws), VBP (they draw), VBD (he drew) of a
  verb's lemma, from its bundled lexicon (offline, no model download). Chosen over ``pyinflect``
  (a thin wrapper of the same data, unmaintained since 2020) and ``mlconjug`` (a trained model
  that guesses irregular forms and pulls in scikit-learn); lemminflect 0.2.3 is old but its
  data is a fixed English lexicon that does not go stale.
* ``inflect`` (nouns): whether a side's or a cover's name is plural ("the fallen rocks take",
  "the posse takes"), articles, "1 second" / "17 shots", numbers in words.

``inflect`` 7 decorates its engine with typeguard's ``@typechecked``, which re-parses the
module's source on import (about 2 s); we import it with that decorator a no-op (the run-time
type checks are for inflect's own callers, not needed here). Importing typeguard itself costs
more than inflect (it loads ``unittest.mock`` and ``asyncio``: about 8% of a short ``narrator
run``), so unless something imported it already, inflect is imported against a stand-in
``typeguard`` module holding only that no-op ``typechecked``, removed from ``sys.modules``
right after (a later ``import typeguard`` gets the real one). Both libraries load lazily, on
the first write-up that needs them (a side's name in prose asks inflect whether it is plural).

lemminflect's forms that ``verb`` looked up are kept between runs in narrator's cache folder
(``_forms``): a story write-up whose verbs were all seen before does not load it.

May import: the standard library, inflect, lemminflect, narrator.cache,
narrator.weapon_owner.
"""

from __future__ import annotations

import contextvars
import functools
import re
from typing import Any

from narrator.weapon_owner import owned_weapon as _owned

#: Modal verbs: the same for every person; their past tense by hand (lemminflect has none).
MODALS = {"will": "would", "can": "could", "may": "might", "shall": "should",
          "must": "had to", "would": "would", "could": "could", "might": "might"}


def _unchecked(target: Any = None, **_: Any) -> Any:
    """typeguard's ``typechecked`` as a no-op, as decorator or decorator factory."""
    return target if target is not None else (lambda f: f)


@functools.lru_cache(maxsize=1)
def _engine() -> Any:
    import sys

    if "inflect" not in sys.modules:
        if "typeguard" in sys.modules:
            _import_inflect_unchecked(sys.modules["typeguard"])
        else:
            import types

            stand_in = types.ModuleType("typeguard")
            stand_in.typechecked = _unchecked  # type: ignore[attr-defined]
            sys.modules["typeguard"] = stand_in
            try:
                import inflect  # noqa: F401 - its engine decorated by the stand-in's no-op
            finally:
                if sys.modules.get("typeguard") is stand_in:
                    del sys.modules["typeguard"]
    import inflect

    return inflect.engine()


def _import_inflect_unchecked(typeguard: Any) -> None:
    """Import inflect with the real typeguard's ``typechecked`` a no-op meanwhile."""
    real = typeguard.typechecked
    typeguard.typechecked = _unchecked
    try:
        import inflect  # noqa: F401
    finally:
        typeguard.typechecked = real


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
    if tense == "past":
        form = _form(head, "VBD")
    elif plural:
        return head + tail
    else:
        form = _form(head, "VBZ")
    if form is None:
        raise ValueError(f"no inflection of the verb {head!r}")
    return form + tail


#: The folder, under narrator's cache folder, of lemminflect's forms looked up before.
VERB_FOLDER = "verbs-1"


def _form(word: str, tag: str) -> str | None:
    """lemminflect's first form of ``word`` for the Penn ``tag`` (VBZ, VBD), or None when
    it has none; kept between runs in the cache folder (``_forms``), so a story write-up
    whose verbs were all looked up before does not load lemminflect (it imports numpy and
    reads its lexicon: about a quarter of a second)."""
    forms, entry = _forms()
    key = f"{tag} {word}"
    if key in forms:
        return forms[key]
    from lemminflect import getInflection

    found = getInflection(word, tag)
    form = forms[key] = found[0] if found else None
    if entry is not None:
        from narrator.cache import store_json

        store_json(entry, forms)
    return form


@functools.lru_cache(maxsize=1)
def _forms() -> tuple[dict[str, str | None], Any]:
    """The forms kept (``"VBD draw"`` -> ``"drew"``, or None: no form) and their file:
    ``verbs-1/<stamp>.json`` in narrator's cache folder, the stamp from the installed
    lemminflect's files (their paths, sizes and times: another lemminflect is another
    file). No file when there is no cache folder (``NARRATOR_CACHE_DIR=``) or lemminflect's
    files cannot be found; an entry that cannot be read is as none: the forms are the same
    either way."""
    import hashlib
    import importlib.util
    import json
    from pathlib import Path

    from narrator.cache import cache_root

    root = cache_root()
    spec = importlib.util.find_spec("lemminflect")
    if root is None or spec is None or spec.origin is None:
        return {}, None
    home = Path(spec.origin).parent
    try:
        stamp = [(str(p), p.stat().st_size, p.stat().st_mtime_ns)
                 for p in (home / "__init__.py", home / "resources" / "infl_lu.csv.gz",
                           home / "resources" / "infl_overrides.csv")]
    except OSError:
        return {}, None
    entry = root / VERB_FOLDER / f"{hashlib.sha256(repr(stamp).encode()).hexdigest()[:16]}.json"
    try:
        data = json.loads(entry.read_bytes())
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in data.items()):
        data = {}
    return data, entry


@functools.lru_cache(maxsize=1024)
def is_plural(noun_phrase: str) -> bool:
    """Whether a noun phrase takes a plural verb: "the fallen rocks" yes, "the posse" and
    "Short" no, "rain barrels" yes, "the townsfolk" and "the cattlemen" yes, "the abdomen" and
    "the pelvis" no. Decided by its last word (inflect's singular_noun, but for the singulars
    it misreads: ``_SINGULAR_MEN``, ``_SINGULAR_AS``, a word in "-us" or "-is"; a word in
    "-folk" and a few plurals it does not know are plural)."""
    words = re.findall(r"[A-Za-z]+", noun_phrase)
    if not words:
        return False
    last = words[-1]
    if last[:1].isupper() and not noun_phrase.lower().startswith("the "):
        return False  # a proper name ("Short", "Lawmen" is called "the Lawmen")
    if last.lower() in ("men", "people", "folk", "police", "cattle", "brothers") or \
            last.lower().endswith("folk"):  # "the townsfolk are", "kinsfolk", "menfolk"
        return True
    if len(words) == 2 and words[0].lower() == "the" and last.lower() in (
            "living", "dead", "damned", "quick", "wicked", "faithful", "lost", "undead"):
        return True  # an adjective for a people: "the living hold the field"
    word = last.lower()
    if word in _SINGULAR_MEN or word in _SINGULAR_AS or word.endswith(("us", "is", "ss")):
        return False  # "the abdomen", "the pelvis": inflect reads "abdoman", "pelvi" plurals
    return bool(_engine().singular_noun(word))


#: Singular nouns in "-men" and "-as" that inflect reads as plurals ("abdomen" of
#: "abdoman", "canvas" of "canva"); a word in "-us" or "-is" is singular too ("the pelvis",
#: "the humerus", "the iris": inflect's "pelvi"). No lexicon is loaded for them: a write-up
#: whose verb forms are cached does not load lemminflect.
_SINGULAR_MEN = frozenset("abdomen specimen omen acumen regimen stamen hymen albumen bitumen "
                          "lumen rumen foramen dolmen".split())
_SINGULAR_AS = frozenset("canvas atlas gas bias alias chaos".split())


#: What a gun fires that is counted by the load, never by the piece: "buckshot" ("another load
#: of Ned's buckshot", never "another of Ned's buckshot").
MASS_SHOTS = frozenset({"buckshot", "shot", "lead"})


@functools.lru_cache(maxsize=256)
def plural(noun: str) -> str:
    """"bullets", "balls"; a mass noun stays ("buckshot")."""
    if noun in MASS_SHOTS:
        return noun
    return _engine().plural_noun(noun)


#: a phrase's count or part of a man's shots: "Another of {a}'s {shots}", "Both of ...",
#: "{which} of ...", "{n} of ..."; and a bare count of them ("two {shots}", "{n} more {shots}")
_SHOTS_OF = re.compile(r"\b(Another|another|One|one|\{which\})( of \{[ab]\}'s )\{shots\}")
_SHOTS_OF_MANY = re.compile(r"\b(Both|both|\{n\})( of \{[ab]\}'s )\{shots\}")


@functools.lru_cache(maxsize=2048)
def mass_shots(phrase: str) -> str:
    """A phrase of a gun whose shot is a mass noun (``MASS_SHOTS``: buckshot) with its shots
    counted by the load: "Another of {a}'s {shots}" -> "Another load of {a}'s {shot}",
    "Both of {a}'s {shots}" -> "Both loads of {a}'s {shot}", and any other {shots} (a count:
    "two {shots}", "{n} more {shots}") -> "{shots_counted}" ("loads of buckshot": the field
    ``Narration.say`` fills). Never "Another of One-Eye Ned's buckshot" (a fresh user,
    session 21)."""
    phrase = _SHOTS_OF.sub(lambda m: f"{m.group(1)} load{m.group(2)}{{shot}}", phrase)
    phrase = _SHOTS_OF_MANY.sub(lambda m: f"{m.group(1)} loads{m.group(2)}{{shot}}", phrase)
    return phrase.replace("{shots}", "{shots_counted}")


@functools.lru_cache(maxsize=1024)
def article(noun: str) -> str:
    """"a horse", "an outlaw"."""
    return _engine().a(noun)


@functools.lru_cache(maxsize=256)
def article_number(n: int) -> str:
    """A number in figures after its article as it is said: "an 11", "an 8", "a 3", "an 18"
    (inflect's a/an on the number in words: ``article`` on the figures says "a 11")."""
    eng = _engine()
    return f"{eng.a(eng.number_to_words(int(n))).split(' ', 1)[0]} {n}"


@functools.lru_cache(maxsize=4096)
def count(n: int, noun: str, words: bool = True) -> str:
    """"one second", "17 shots", "no hits": ``n`` in words up to ten, the noun agreeing
    (worked out once per number and noun: inflect's plural is slow, and a write-up counts
    the same few things again and again)."""
    eng = _engine()
    if n == 0:
        return "no " + eng.plural_noun(noun)
    num = eng.number_to_words(n) if words and n <= 10 else str(n)
    return f"{num} {noun if n == 1 else eng.plural_noun(noun)}"


def tally(shots: int, hits: int, cover: int = 0, throws: int = 0,
          arrows: int = 0) -> dict[str, str]:
    """The words of an ending's shot tally in the house style, each number on its own: in
    words up to ten, in figures above ("Of the 18 shots fired, seven have gone home"; "In
    all, nine shots are fired, for eight hits").

    Args:
        shots: shots fired (covering fire among them).
        hits: shots that struck a man.
        cover: shots of covering fire.
        throws: of ``shots``, thrown weapons (knives, tomahawks, spears): counted apart,
            never "shots fired" ("19 shots and four throws").
        arrows: of ``shots``, arrows, likewise ("two arrows and ten throws").

    Returns:
        ``{"fired": "18 shots", "hits": "seven hits", "nhits": "seven" (or "none"; "both"
        or "all" when every shot hit: never "Of the two shots fired, two have gone home"),
        "cover": "two shots"}``.
    """
    kinds = [count(k, noun) for k, noun in ((shots - throws - arrows, "shot"),
                                             (arrows, "arrow"), (throws, "throw")) if k]
    fired = join(kinds) if kinds else count(0, "shot")
    return {"fired": fired, "hits": count(hits, "hit"),
            "nhits": ("both" if hits == shots == 2 else "all" if hits == shots > 2
                      else number(hits) if hits else "none"),
            "cover": count(cover, "shot")}


def number(n: int) -> str:
    """A number in the house style: in words up to ten ("seven"), in figures above ("18")."""
    return _engine().number_to_words(n) if 0 <= n <= 10 else str(n)


def words_first(text: str) -> str:
    """A sentence never opens on a figure: a number it opens with is spelt out, capitalised
    ("12 shots from Ada" -> "Twelve shots from Ada"); other text is as it is."""
    m = re.match(r"(\d+)(?=\b)(?![.,]\d)", text)
    if not m:
        return text
    said = _engine().number_to_words(int(m.group(1)), andword="")
    return said[:1].upper() + said[1:] + text[m.end():]


#: The fight's sides' display names (side key -> name), for ``side_name`` and ``side_label``:
#: set for each write-up (``set_side_names``) from the scenario's ``side_names`` and the defaults
#: ``display_names`` works out.
_SIDE_NAMES: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar(
    "side_names", default={})


def display_names(sides: tuple[str, ...] | list[str], members: dict[str, list[str]],
                  given: dict[str, str] | None = None) -> dict[str, str]:
    """Each side's display name, by key: the scenario's own (``given``: its ``side_names``)
    as written; else the key as ``key_name`` shows it ("lassiters" with a Jim Lassiter:
    "Lassiters"; "bank_robbers": "bank robbers"; "circle_r": "Circle R"); a key that needs no
    change is left out (it is its own name).

    Args:
        sides: the side keys in scenario order.
        members: side key -> its characters' full names.
        given: the scenario's ``side_names`` (side key -> name).
    """
    given = given or {}
    out: dict[str, str] = {}
    for side in sides:
        if side in given:
            out[side] = given[side]
            continue
        shown = key_name(side, members.get(side, ()))
        if shown != side:
            out[side] = shown
    return out


#: Words a brand's name keeps in lower case ("Circle of R" is not one we expect, but "and").
_SMALL_WORDS = frozenset({"a", "an", "and", "of", "the", "on", "at", "in"})


def key_name(key: str, members: Any = ()) -> str:
    """The name a side or group key shows as when the scenario gives none (the one naming
    of keys for sides and groups in every ruleset): underscores as spaces ("bank_robbers":
    "bank robbers"); words that are a member's name or its plural in his own spelling
    ("lassiters" with a Jim Lassiter: "Lassiters"; "hollises" with an Elmer Hollis:
    "Hollises"; "soto_gang" with a Miguel Soto: "Soto gang"; "o_neills" with a Pat O'Neill:
    "O'Neills"; "mcgee_boys" with a Tom McGee: "McGee boys"); a word "mc..." is a surname
    ("mcgee_boys" with no McGee: "McGee boys"); a word no dictionary knows before "gang",
    "boys", "bunch"... is a surname too ("kessler_gang" with no Kessler: "Kessler gang",
    ``_OUTFITS``); a key with a one-letter word or an
    abbreviation (two to four letters, no vowel: "tx", "nm"; but "st", "mt", "ft" before
    a word are "St", "Mt", "Ft": "st_louis_boys" is "St Louis boys") is a brand or an outfit's name, every word of it capitalised ("bar_t":
    "Bar T", "lazy_y_riders": "Lazy Y Riders", "tx_rangers": "TX Rangers"); a leading
    "the" stays lower case, so prose never doubles the article ("the_bar_t": "the Bar T",
    told "of the Bar T"; ``side_label`` drops it: "Bar T"). Prose adds the article
    (``side_name``: "the Bar T").

    Args:
        key: a side's or group's key as the scenario spells it.
        members: the full names of its characters.

    Returns:
        The display name (a key needing no change comes back as it is).
    """
    words = key.replace("_", " ").split(" ")
    spelt = _member_spellings(tuple(members))
    # a member's own spelling first, over one to three words ("o neills": "O'Neills")
    i = 0
    out: list[str] = []
    brand = False
    while i < len(words):
        for span in (3, 2, 1):
            part = words[i:i + span]
            if len(part) < span or not all(part):
                continue
            flat = "".join(part).lower()
            if flat.isalpha() and flat in spelt and not any(w[:1].isupper() for w in part):
                out.append(spelt[flat])
                i += span
                break
        else:
            w = words[i]
            low = w.lower()
            if w[:1].isupper() or not low.isalpha():
                out.append(w)
            elif low in _TITLE_WORDS and i + 1 < len(words):  # "St Louis"
                out.append(_TITLE_WORDS[low])
                words[i + 1] = words[i + 1][:1].upper() + words[i + 1][1:]
            elif _is_abbreviation(low):
                out.append(low.upper())
                brand = True
            elif low.startswith("mc") and len(low) > 3:
                out.append("Mc" + low[2].upper() + low[3:])
            elif i == 0 and len(words) == 2 and words[1].lower() in _OUTFITS \
                    and _not_a_word(low):  # "kessler_gang": a family's name, no man of it
                out.append(w[:1].upper() + w[1:])
            else:
                if len(low) == 1 and low != "a" and len(words) > 1:
                    brand = True
                out.append(w)
            i += 1
    if brand:
        out = [w if w[:1].isupper() or (i and w.lower() in _SMALL_WORDS) or not w[:1].isalpha()
               else w[:1].upper() + w[1:] for i, w in enumerate(out)]
    if out and out[0].lower() == "the" and len(out) > 1:
        out[0] = "the"
    return " ".join(out)


#: A band of men named after a family ("kessler_gang", "davis_boys"): the word before one of
#: these, when no English word (``_not_a_word``), is a surname: "Kessler gang", as a
#: member's surname is ("soto_gang" with a Miguel Soto: "Soto gang").
_OUTFITS = frozenset({"gang", "boys", "bunch", "brothers", "clan", "outfit", "crew", "riders"})


@functools.lru_cache(maxsize=256)
def _not_a_word(word: str) -> bool:
    """Whether lemminflect's dictionary knows no lemma of ``word`` ("kessler": none;
    "town", "bank", "my", "shotgun": some): a name, not a word of the language. Only asked
    for a key shaped like ``_OUTFITS``' (lemminflect is loaded then only)."""
    from lemminflect import getAllLemmas

    return not getAllLemmas(word)


#: Short words of a key that are an abbreviation said in title case, not capitals.
_TITLE_WORDS = {"st": "St", "mt": "Mt", "ft": "Ft", "dr": "Dr", "mr": "Mr", "jr": "Jr"}


def _is_abbreviation(word: str) -> bool:
    """A key's word read as an abbreviation, in capitals: two to four letters and no vowel
    (y counts as one: "tx", "nm", "nwmp"; not "my", "by")."""
    return 2 <= len(word) <= 4 and word.isalpha() and not set(word) & set("aeiouy")


#: Words that lead a man's name as his title or calling, not his family's name ("Marshal
#: Abel Crane", "Deputy Hank Moss", "Doc Holliday", "Judge Orrin Haskett"): a side keyed
#: "marshals" or "deputies" is no family of theirs, it stays in lower case ("the marshals").
#: Lower case, without a full stop ("Dr." is "dr"). A last word is his name all the same
#: ("Jim Marshal": a side "marshals" is his family, "the Marshals").
NAME_TITLES = frozenset({
    "marshal", "marshall", "sheriff", "deputy", "undersheriff", "ranger", "constable",
    "inspector", "detective", "sergeant", "sgt", "captain", "capt", "cap", "lieutenant",
    "lt", "major", "maj", "colonel", "col", "general", "gen", "corporal", "cpl", "private",
    "pvt", "trooper", "commodore", "admiral", "doc", "doctor", "dr", "judge", "justice",
    "mayor", "governor", "senator", "agent", "chief", "reverend", "rev", "parson",
    "preacher", "deacon", "elder", "bishop", "father", "padre", "brother", "sister",
    "mother", "professor", "prof", "mr", "mrs", "miss", "ms", "mister", "madam", "madame",
    "sir", "lady", "lord", "dame", "don", "uncle", "aunt", "auntie", "granny", "grandpa",
    "ma", "pa", "old", "young", "big", "little", "the",
})


@functools.lru_cache(maxsize=256)
def _member_spellings(members: tuple[str, ...]) -> dict[str, str]:
    """The members' names as they spell them, by their letters in lower case: each word of
    each name and its plurals (``surname_plurals``): {"oneill": "O'Neill", "oneills":
    "O'Neills", "mcgee": "McGee", "mcgees": "McGees", "soto": "Soto", "sotos": "Sotos"}.
    Only words of letters (an apostrophe or a hyphen inside) are names: "A0" or "B6" (a GM's
    tag for a man), or an initial ("J." in "J. Smith"), is no family a side is called by, so
    a side keyed ``a`` with an A0 in it stays "a", never "A0"."""
    out: dict[str, str] = {}
    for name in members:
        words = re.findall(r"[A-Za-z][\w'\u2019-]*", str(name))
        while len(words) > 1 and words[0].lower().rstrip(".") in NAME_TITLES:
            words = words[1:]  # "Marshal Abel Crane": no Marshal family ("the marshals")
        for w in words:
            flat = re.sub(r"[^A-Za-z]", "", w).lower()
            if len(flat) < 2 or not re.sub(r"['\u2019-]", "", w).isalpha():
                continue
            proper = w if w[:1].isupper() else w[:1].upper() + w[1:]
            out.setdefault(flat, proper)
            for plural in surname_plurals(flat):
                # the plural's ending on the name as he spells it ("O'Neill" + "s")
                out.setdefault(plural, proper + plural[len(flat):] if plural.startswith(flat)
                               else plural[:1].upper() + plural[1:])
    return out


@functools.lru_cache(maxsize=1024)
def surname_plurals(name: str) -> frozenset[str]:
    """The plurals (lower-case) a family of that surname is called by: inflect's plural of
    the name as a proper noun ("Lassiter": "lassiters", "Jones": "joneses", "Kennedy":
    "kennedys"), and, for a name ending in a hiss (s, x, z, ch, sh), the name and "-es"
    ("Hollis": "hollises", "Fox": "foxes"), which inflect misses for some ("Hollis": it says
    "Holliss", as it would for "Davis" and "Curtis"); a name ending in "f" also as the
    noun's plural ("Wolf": "wolfs" and "wolves"). ``name``: one word of a man's name, any case."""
    low = name.lower()
    if not low.isalpha():
        return frozenset()
    eng = _engine()
    out = {eng.plural_noun(low[:1].upper() + low[1:]).lower(), low + "s"}
    if low.endswith(("s", "x", "z", "ch", "sh")):
        out.discard(low + "s")
        out.add(low + "es")
    if low.endswith("f"):
        out.add(eng.plural_noun(low).lower())
    return frozenset(out)


_NICKNAME = re.compile(r"[\"\u201c]([^\"\u201d]+)[\"\u201d]")


def told_name(name: str) -> str:
    """A character's full name as a reader is told it: a word of his name that his quoted
    nickname already says is not said again ('"Dirty Dan" Dan McGrew' -> '"Dirty Dan"
    McGrew', 'Dan "Dirty Dan" McGrew' too); the last word (the surname) always stays, and a
    name without a nickname is as written."""
    m = _NICKNAME.search(name)
    if m is None:
        return name
    said = set(m.group(1).split())
    before, after = name[:m.start()].split(), name[m.end():].split()
    kept = [w for w in before if w not in said] + [m.group(0)] + [
        w for i, w in enumerate(after) if w not in said or i == len(after) - 1]
    return " ".join(kept)


def display_names_of(sides: Any, people: Any, given: Any = None) -> dict[str, str]:
    """``display_names`` from ``people``, (full name, side key) pairs in scenario order
    (a fight's start, a loaded scenario), and the scenario's ``side_names`` (any mapping)."""
    members: dict[str, list[str]] = {}
    for name, side in people:
        members.setdefault(side, []).append(name)
    return display_names(list(sides), members, dict(given or {}))


def set_side_names(names: dict[str, str]) -> None:
    """The display names ``side_name`` and ``side_label`` use from now on in this context
    (one write-up: ``render_posts`` sets them from the fight's start)."""
    _SIDE_NAMES.set(dict(names))


def sided(text: str) -> str:
    """Free text of the log ("calls on the rustlers and the kesslers to throw down their
    guns") with each side that has a display name ("the kesslers", "The kesslers") named by it
    ("the Kessler boys", "The Kessler boys"): the log's messages and the GM's description. A
    key with an underscore, which no prose spells, is named wherever it stands: after "a",
    "an", "no", "one", "each" or "every" by its label ("a bar_t man": "a Bar T man"), else
    by its name in prose ("joined bar_t": "joined the Bar T")."""
    for key in _SIDE_NAMES.get():
        spaced = key.replace("_", " ")
        if "_" in key and spaced != key and spaced in text and spaced != side_label(key):
            # the key as prose spells it ("the kessler gang" of a description generated
            # before the key had its name): by the name ("the Kessler gang")
            text = re.sub(rf"\b([Tt])he {re.escape(spaced)}\b", lambda m, k=key: _opened(
                side_name(k), m.group(1) == "T"), text)
        if key in text:
            text = re.sub(rf"\b([Tt])he {re.escape(key)}\b", lambda m, k=key: _opened(
                side_name(k), m.group(1) == "T"), text)
            if "_" in key:  # a key no prose spells: "a bar_t man", "joined bar_t"
                text = re.sub(rf"(?<![\w-])(?:([AaNn]o?n?|[Oo]ne|[Ee]ach|[Ee]very) )?"
                              rf"{re.escape(key)}(?![\w-])", lambda m, k=key: (
                                  f"{m.group(1)} {side_label(k)}" if m.group(1)
                                  else side_name(k)), text)
    return text


#: A text that already ends a sentence: a stop, a ! or ? (or a colon), closing quotes or
#: brackets after it allowed ('calls out: "Throw down those guns, boys!"').
_ENDS_SENTENCE = re.compile(r"[.!?:][\"'\u201d\u2019)\]]*\s*$")


def full_stop(text: str) -> str:
    """The full stop a GM's free text (an ``other:`` action) needs to end its line: "" when
    it already ends with one, a ! or a ? (inside closing quotes too: no '"...boys!".'), or a
    colon; else "."."""
    return "" if _ENDS_SENTENCE.search(str(text)) else "."


def _opened(name: str, capital: bool) -> str:
    """A side's name with its first letter capitalised when it opens a sentence."""
    return name[:1].upper() + name[1:] if capital else name


def side_label(side: str, names: dict[str, str] | None = None) -> str:
    """A side as a label (the cast's heading, a status line's "(posse)", the initiative dice,
    a map's legend): its display name without a leading "the" ("Kessler boys" for "the
    Kessler boys"), else its key. ``names``: the display names (default: the write-up's,
    ``set_side_names``)."""
    name = (_SIDE_NAMES.get() if names is None else names).get(side)
    if name is None:
        return side
    return name[4:] if name.lower().startswith("the ") and len(name) > 4 else name


def group_label(name: str) -> str:
    """A group's name (a Violence group's ``name:`` or ``key_name`` of its key) as a label,
    like ``side_label``: without a leading "the" ("Bar T hands" for "the Bar T hands")."""
    return name[4:] if name.lower().startswith("the ") and len(name) > 4 else name


def side_name(side: str) -> str:
    """How a side is named in prose: "the rustlers", "the Lawmen", "the Shotgun Gang", a
    person's name alone ("Short"); by its display name (``side_label``: "the Lassiters" for
    the key "lassiters"). A lower-case, plural or several-word name takes "the"; a name that
    has its article already ("the living") or a possessive ("Crowe's riders") takes none.
    A key of one or two letters with no display name (``a``, ``b``: a GM's tag, no name) is
    "side B", as the headings show it in capitals ("**B**"), never "the b" (a fresh user:
    "the day belongs to the b", check136 N9)."""
    if side not in _SIDE_NAMES.get() and re.fullmatch(r"[A-Za-z]{1,2}", side):
        return "side " + side.upper()
    side = _SIDE_NAMES.get().get(side, side)
    if side.lower().startswith("the ") or "'s " in side:  # "Crowe's riders": no article
        return side
    if side[:1].islower() or " " in side.strip() or is_plural("the " + side):
        return "the " + side
    return side


_DETERMINERS = ("the ", "a ", "an ", "his ", "her ", "their ", "its ", "some ", "open ",
                "cover")


def the(place: str) -> str:
    """A landmark's or cover's name as prose names it: a bare lower-case name (a map key
    with no ``name:``, "livery") takes "the" ("the livery"); a name that has an article,
    a possessive or a capital ("Isham's hardware store", "the bar", "Main Street") is left
    as it is. Markup around the name is kept."""
    plain = place.lstrip("*_[]<>/\\")
    if not plain[:1].islower() or plain.lower().startswith(_DETERMINERS) or "'s " in plain:
        return place
    return place[:len(place) - len(plain)] + "the " + plain


#: Pronouns a GM's weapon name may still open with (a name written before the loaders
#: dropped them: ``models.bare_weapon_name``): "her left-hand Peacemaker" is hers.
_OWN_PRONOUNS = ("his", "her", "their", "its")


def owned_weapon(name: str) -> tuple[str, str] | None:
    """A weapon's name split at its owner's possessive, ``("Pa's", "shotgun")``, or None
    for a name that says no owner ("Colt", "Winchester '73", "Pa's" alone, a maker's
    "Colt's Navy"): ``narrator.weapon_owner``'s rule, the engines' too. The possessive is
    the name's first three words at most ("Uncle Jim's Sharps rifle"); "s'" only where no
    quote opens the name before it ("'Old Bess' rifle" is a nickname, not Bess's rifle)."""
    return _owned(name)


def whose(his: str, name: str, named: bool = False) -> str:
    """A weapon told as its holder's: ``his`` (his, her, their) before its name, "his
    Colt"; a name that says its owner already is told as it is ("Pa's shotgun", never "her
    Pa's shotgun"), and one opening with a pronoun takes the holder's ("her left-hand
    Peacemaker" of a man's is "his left-hand Peacemaker"). ``named``: ``his`` is the
    holder's name's possessive ("Florence's"), which says his alone: "Florence's revolver"
    of "Pa's revolver", never "Florence's Pa's revolver". ``name`` may be escaped markup
    (HTML's "Pa&#39;s shotgun")."""
    split = owned_weapon(name)
    if split is not None:
        return f"{his} {split[1]}" if named else name
    head, _, rest = name.partition(" ")
    if head.lower() in _OWN_PRONOUNS and rest:
        name = rest
    return f"{his} {name}"


def the_weapon(name: str) -> str:
    """A weapon told with "the" ("the Colt"), but for a name that says its owner already
    ("Pa's shotgun", "her left-hand Peacemaker"): that name as it is. Sentence-initial:
    ``ucfirst`` it ("The Colt is empty", "Pa's shotgun is empty")."""
    head, _, rest = name.partition(" ")
    if owned_weapon(name) is not None or (head.lower() in _OWN_PRONOUNS and rest):
        return name
    return f"the {name}"


def join(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


#: Words after which a word is a noun, not a verb ("their guns", "two rounds", "the bar").
_NOT_BEFORE_VERB = {
    "a", "an", "the", "his", "her", "their", "its", "our", "your", "my", "this", "that",
    "these", "those", "some", "many", "few", "no", "every", "each", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", "ten", "of", "for", "with", "in", "on", "at",
    "to", "from", "by", "into", "across", "towards", "toward", "round", "around", "behind",
    "will", "would", "can", "could", "may", "might", "must", "shall", "should", "do", "does",
    "did", "not", "and", "or", "but", "than", "as", "very", "more", "most", "own", "other"}
#: Words that are never verbs here though lemminflect knows a verb of that spelling.
_NEVER_VERBS = {"while", "since", "like", "round", "near", "past", "down", "up", "back", "still",
                "well", "even", "open", "close", "free", "clear", "right", "left", "last", "then",
                "once", "outside", "inside", "about", "apart", "away", "across", "along"}
#: Particles of phrasal verbs: a word before one is a verb ("calls out", "rides off").
_PARTICLES = {"out", "off", "up", "down", "back", "over", "away", "in", "on", "about", "around",
              "round", "forward"}
#: A noun after one of these and a preposition of place is the object of the preposition, and
#: the word after it ends a compound noun, never a verb ("across the wagon bed").
_NOUN_OPENERS = {"a", "an", "the", "his", "her", "their", "its", "our", "your", "my", "this",
                 "that", "these", "those"}
_PLACE_PREPOSITIONS = {"across", "behind", "under", "over", "on", "in", "at", "from", "to", "by",
                       "into", "onto", "near", "beside", "against", "through", "inside",
                       "outside", "along", "past", "towards", "toward", "round", "around",
                       "beyond", "below", "above", "upon", "off"}
_PLURAL_SUBJECTS = {"they", "we", "you", "i", "both", "all", "men", "people", "folk"}
_IRREGULAR = {"is": "was", "are": "were", "has": "had", "have": "had", "does": "did",
              "will": "would", "can": "could", "shall": "should", "may": "might"}
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|[^A-Za-z]+")
_QUOTED = re.compile(r"(\"[^\"]*\"|\u201c[^\u201d]*\u201d)")


def past_text(text: str) -> str:
    """A scene-setting text written in the present ("Sam and Ben walk into a saloon ... Sam
    says loudly: "You are under arrest!" Both outlaws go for their guns.") in the past tense,
    quoted speech left as written. A word is made past (``lemminflect``'s VBD) when it is a
    verb of lemminflect's lexicon in a finite present form: "-s" ("says") not after a
    determiner, number or preposition ("their guns"); the base form ("walk") straight after a
    plural subject (a plural noun, a name, "they") or after "and" following a verb made past
    in the same sentence ("ride ... and see"). Anything else is left alone.

    Args:
        text: the GM's description.

    Returns:
        The text with those verbs in the past; the same text when nothing matches.
    """
    from lemminflect import getAllLemmas, getInflection

    text = _MODAL_BE.sub(lambda m: f"{m.group(1)}{m.group(2) or ''} have been", text) \
        if "\"" not in text and "\u201c" not in text else _past_modals(text)
    out: list[str] = []
    prev = ""      # the word before, lower-case
    prev_raw = ""
    prev2 = ""     # the word before that
    prev3 = ""     # and the one before that ("across the wagon bed": "bed" is no verb)
    made = False   # a verb was made past in this sentence
    joined = False  # an "and" came before in this sentence
    for part in _QUOTED.split(text):
        if part[:1] in ("\"", "\u201c"):
            out.append(part)
            if re.search(r"\s|[.!?]", part[1:-1]):  # speech: a new start after it
                prev, prev_raw, made, joined = "", "", False, False
            else:  # a nickname: "Dutch" Henry Vogel
                prev, prev_raw = part[1:-1].lower(), part[1:-1]
            continue
        tokens = _WORD.findall(part)
        for at, tok in enumerate(tokens):
            if not tok[:1].isalpha():
                if re.search(r"[.!?]", tok):
                    made = joined = False
                    prev, prev_raw, prev2, prev3 = "", "", "", ""
                elif tok.strip(" ,") == "-" and prev_raw[:1].isupper():
                    pass  # a hyphenated name ("Double-R"): the name goes on
                elif tok.strip(" ,"):  # a number, a hyphen: what follows is no verb
                    prev, prev_raw = "the", "the"
                out.append(tok)
                continue
            after_raw = next((t for t in tokens[at + 1:] if t[:1].isalpha()), "")
            after = after_raw.lower()
            # a word followed by its object is a verb ("and eggs Red Mike on")
            # and so is one followed by its particle ("and calls out", "and rides off")
            takes_object = after_raw[:1].isupper() or after in (
                "him", "her", "them", "the", "a", "an", "his", "their", "it", "its") or (
                after in _PARTICLES)
            word = tok.lower()
            new = None
            if (tok[:1].isupper() and prev) or word in _NEVER_VERBS:
                pass  # a name or a capitalised noun mid-sentence ("the Cattlemen's Bank")
            elif word in _IRREGULAR and prev not in _NOT_BEFORE_VERB - {"and"}:
                if word != "have" or prev in _PLURAL_SUBJECTS or _subject_like(prev_raw, joined):
                    new = _IRREGULAR[word]
            elif prev not in _NOT_BEFORE_VERB or (prev == "and" and made):
                lemmas = getAllLemmas(word, "VERB").get("VERB", ())
                for lemma in lemmas:
                    vbz = getInflection(lemma, "VBZ")
                    if word.endswith("s") and word in vbz and after not in _AUX_AFTER and (
                            (prev not in ("and", "both", "all")
                             and (prev_raw[:1].isupper() or not _modifier(prev)))
                            or (prev == "and" and made
                                and (not _nounish(word) or takes_object))):
                        new = getInflection(lemma, "VBD")[0]
                    elif word == lemma and after not in _AUX_AFTER and not after.endswith("ing") \
                            and not (prev2 in _NOUN_OPENERS and prev3 in _PLACE_PREPOSITIONS) \
                            and (prev in _PLURAL_SUBJECTS
                                 or (_subject_like(prev_raw, joined) and not (
                                     prev_raw[:1].isupper() and prev2 in ("the", "a", "an")
                                     and not is_plural("the " + prev)))
                                 or (prev == "and" and made)):
                        new = getInflection(lemma, "VBD")[0]
                    if new:
                        break
            if new:
                made = True
                tok = new[:1].upper() + new[1:] if tok[:1].isupper() else new
            out.append(tok)
            prev3, prev2, prev, prev_raw = prev2, prev, word, tok
            joined = joined or word == "and"
    return "".join(out)


#: Words after which the word before them is a subject, not a verb ("the hands were paid").
_AUX_AFTER = {"were", "was", "are", "is", "had", "has", "have", "would", "will", "could"}
#: "should not be" in a present-tense description is "should not have been" in the past.
_MODAL_BE = re.compile(r"\b(should|must|ought to)( not)? be\b")


def _past_modals(text: str) -> str:
    """``_MODAL_BE`` outside quoted speech."""
    return "".join(part if part[:1] in ("\"", "\u201c") else _MODAL_BE.sub(
        lambda m: f"{m.group(1)}{m.group(2) or ''} have been", part) for part in _QUOTED.split(text))


@functools.lru_cache(maxsize=2048)
def _modifier(word: str) -> bool:
    """A word that modifies a noun after it, never a subject: an adjective or a verb's
    participle with no noun reading ("felled pines", "loaded guns"); pronouns and names
    are subjects."""
    if not word or word in _PLURAL_SUBJECTS or word in ("he", "she", "it", "who", "that",
                                                        "which", "one", "nobody", "everyone"):
        return False
    from lemminflect import getAllLemmas

    known = getAllLemmas(word)
    return bool(known) and "NOUN" not in known and "PROPN" not in known and (
        "ADJ" in known or ("VERB" in known and word.endswith(("ed", "en"))))


@functools.lru_cache(maxsize=2048)
def _nounish(word: str) -> bool:
    """Whether a word has a noun reading ("guns", "horses"; not "says")."""
    from lemminflect import getAllLemmas

    return "NOUN" in getAllLemmas(word)


def _subject_like(word: str, joined: bool) -> bool:
    """A word that may end a plural subject: a plural noun ("outlaws", "rustlers", "Rangers")
    or, after an "and" (``joined``), a name ("Sam and Ben Jackson")."""
    if not word:
        return False
    if word[:1].isupper() and joined:
        return True
    word = word.lower()
    if joined and _nounish(word) and not word.endswith("ing"):  # "... and three of the gang"
        return True
    from lemminflect import getAllLemmas

    if not word.endswith("s") or word.endswith("ss") or getAllLemmas(word, "AUX"):
        return False
    known = getAllLemmas(word)
    return ("NOUN" in known or not known) and is_plural(word)


#: A man's acts whose -s form after "and" or "then" is his verb even straight after a plural
#: noun, where a word that can be a noun is otherwise read as one more of them ("the boxes and
#: crates"): "checks the horses and waits" stayed "... and waits" in a past-tense write-up.
#: Words with a plural noun a GM may list ("fires", "ducks", "leaves", "mounts", "steps",
#: "rests", "points", "watches", "whistles") are left out.
_ACTS = frozenset("""waits stays keeps hides prays listens sighs hopes nods shrugs spits swears
curses grins smiles laughs shouts yells hollers calls mutters kneels crouches sits stands turns
runs walks rides looks waves aims shoots draws reloads retreats advances goes comes follows
backs moves""".split())
#: Words that join a verb to the action's first verb ("waves his hat and yells", "lights the
#: fuse, then runs"), or a man to his own verb ("the doctor, who comes running").
_COORDINATORS = {"and", "then", "or", "who"}
#: Words after a verb that show it is one (its object or particle): "and eggs Red Mike on".
_OBJECT_WORDS = {"him", "her", "them", "the", "a", "an", "his", "their", "it", "its", "my",
                 "your", "our", "this", "that", "those", "these"}


def past_action(rest: str) -> str:
    """The rest of a GM's ``other:`` action after its first verb, for a past-tense write-up:
    the GM's own words, except a verb joined to the first by "and", "then" or "or" (", then"),
    which is made past: "his hat and yells" -> "his hat and yelled", "the fuse, then runs" ->
    "the fuse, then ran", "and eggs Red Mike on" -> "and egged Red Mike on". Such a word is
    taken for a verb only when it cannot be read as a noun, or an object, a particle or a
    participle follows it, or it ends the clause or comes before a preposition ("and runs
    for cover") after a word that is no plural noun, or it is one of a man's acts
    (``_ACTS``: "the horses and waits" -> "the horses and waited"); "the boxes and crates",
    "shells into his shotgun", "the lamps over" and "the deputies forward" stay as written
    (``past_text`` read "shells" and "over" as verbs: "loaded shelled", "lamps overed").
    Quoted speech is left as written.

    Args:
        rest: the words after the action's first verb ("his hat and yells").

    Returns:
        The same words with the joined verbs in the past.
    """
    from lemminflect import getAllLemmas, getInflection

    out: list[str] = []
    for part in _QUOTED.split(rest):
        if part[:1] in ("\"", "\u201c"):
            out.append(part)
            continue
        tokens = _WORD.findall(part)
        for at, tok in enumerate(tokens):
            words_before = [t.lower() for t in tokens[:at] if t[:1].isalpha()]
            prev = words_before[-1] if words_before else ""
            before_and = words_before[-2] if len(words_before) > 1 else ""
            new = None
            if tok[:1].isalpha() and tok.islower() and prev in _COORDINATORS \
                    and tok.endswith("s"):
                gap = tokens[at + 1] if at + 1 < len(tokens) else ""
                after = next((t for t in tokens[at + 1:] if t[:1].isalpha()), "")
                ends = not gap or bool(re.search(r"[,;:.!?]", gap)) or not after
                takes_object = after.lower() in _OBJECT_WORDS or after.lower() in _PARTICLES \
                    or after[:1].isupper() or after.endswith("ing")
                plural_before = before_and.endswith("s") and is_plural(before_and)
                ends = ends or after.lower() in _PLACE_PREPOSITIONS | {"for"}
                for lemma in getAllLemmas(tok, "VERB").get("VERB", ()):
                    if tok not in getInflection(lemma, "VBZ"):
                        continue
                    if not _nounish(tok) or takes_object or tok in _ACTS or (
                            ends and (prev == "who" or not plural_before)):
                        new = getInflection(lemma, "VBD")[0]
                        break
            out.append(new or tok)
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def alike_names(x: str, y: str) -> bool:
    """Whether two short names are easily confused in prose ("Lewis" and "Louis", "Jim"
    and "Jem", "Sam" and "Sal"): one the start of the other, or the same first letter and
    difflib's similarity of 0.6 or more. Names that open differently are told apart at a
    glance ("Nate" and "Hattie" are 0.6 alike by difflib, and a reader never mixes them).
    The write-ups tell the second of two such men by another name (``narrate.
    distinct_shorts``); ``narrate generate`` never gives two of them (``npcs``)."""
    from difflib import SequenceMatcher

    x, y = x.lower(), y.lower()
    return x != y and (x.startswith(y) or y.startswith(x)
                       or (x[:1] == y[:1] and SequenceMatcher(None, x, y).ratio() >= 0.6))
