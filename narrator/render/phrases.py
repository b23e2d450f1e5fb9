"""Story-mode phrase choice and realisation: a seeded stream separate from the dice; verbs
put in tense and made to agree by ``narrator.render.inflection``.

Phrases live in ``templates/common/phrases.toml`` (user templates may override the file).
A phrase is text with fields ``{a}`` and verb markers ``[lemma]``:

* ``[draw]`` is the verb "draw" in the write-up's tense, agreeing with its subject: the
  nearest field before it, in the same clause, that is not an object (after a preposition or
  straight after a verb) nor a possessive (``{a}'s``; a verb straight after ", and",
  ", but", ", then"... shares the clause's subject: "{who} [be] hurt, and [need]"), unless
  a subject word of its own ("nobody", "everyone", "nothing"...) stands straight before the
  verb; without one, third person singular.
  ``[be:pl]`` / ``[be:sg]`` force the number ("{a} and {b} [be:pl] still at it").
* ``[draws/draw|drew]`` (present singular / plural | past), the older hand-made form, still
  works for user phrase files.
* A phrase may start with tags in angle brackets, ``<in>`` ``<out>`` (only indoors /
  outdoors), ``<street>`` ``<open>`` (outdoors, a town's paved street or open ground, as
  vocabulary.toml's ``[place]`` words say), ``<pellets>`` ``<ball>`` ``<bullet>`` (only for that
  projectile; ``<gun>``: any of the three, a firearm's: never said of a thrown knife, spear or
  tomahawk, ``<blade>``, nor of an arrow, ``<arrow>``; ``<fist>``: a punch's, and any line
  of a fight where nobody fired, a brawl: never "When the smoke cleared"), ``<onfoot>``
  ``<astride>`` (the man striking is on foot, or in the saddle: a rider never lunges),
  ``<slight>``
  ``<grave>`` (a wound's severity), ``<wall>`` (a man indoors or by a building of the map:
  ``Narration.wall``), ``<handgun>`` ``<longarm>`` (a pistol in the hand, a
  rifle or shotgun at the shoulder), ``<head>`` ``<torso>`` ``<arm>`` ``<leg>`` (where it
  struck; ``<chest>`` and ``<belly>``, the halves of the torso, fit only there), ``<fresh>``
  ``<again>`` (the shooter's first shot of the turn, or a later one: a shotgun booms once,
  its second barrel is "the second barrel"); ``<rare>``: a phrase a reader remembers ("Glass broke somewhere behind him"),
  used once a fight while other phrases of its group fit, and drawn less often than the
  others (``RARE_WEIGHT``: a line a reader remembers must not turn up in every write-up); see
  ``pick`` and ``TAG_KINDS``.

A write-up does not echo itself: the content word pairs of every phrase said are kept
(``signature``), and a phrase that would say one of them again ("smacked into the wall behind"
from two phrases of a group; "reeled, hurt badly" from two groups) is passed over while one
that does not fits.

May import: the standard library, narrator.render.inflection.
"""

from __future__ import annotations

import functools
import random
import re
import tomllib
from typing import Any

from narrator.render import inflection

_TOKEN = re.compile(r"\{(\w+)\}|\[([^\[\]|]*)\|([^\[\]]*)\]|\[([a-z][a-z ]*?)(?::(pl|sg))?\]")
_TAGS = re.compile(r"^((?:<\w+>\s*)+)")
#: Words after which a field is an object, not a subject.
_PREPOSITIONS = {"at", "to", "of", "on", "from", "for", "into", "with", "past", "behind", "by",
                 "near", "towards", "toward", "around", "than",
                 "under", "over", "through", "off", "about", "in", "like", "onto", "upon",
                 "across", "beside", "except", "without", "against"}
#: A subject word of its own straight before a verb: the verb is third person singular
#: ("For the next {time} nobody [hit] anything": "nobody hits", not "hit" after "96 seconds").
#: (Straight before the verb: "{a} [see] nothing and [hold] fire" keeps {a}.)
_OWN_SUBJECT = re.compile(r"\b(nobody|no one|no-one|everyone|everybody|someone|somebody|"
                          r"anyone|anybody|nothing|something|everything)\s+$", re.I)
#: Text that ends a clause: a verb after it needs a subject of its own.
_CLAUSE_END = re.compile(r"[;:.!?\u2014]|,\s*(and|but|then|so|yet|as)\b|\b(when|as|while|"
                         r"before|until|because|if|where)\s*$")
#: A conjunction straight before a verb marker: the verb has no subject of its own and shares
#: the clause's ("{who} [be] alive, barely, and [need] a doctor": "Clyde and Thomas ...
#: need"), so the clause does not end there.
_SHARED_SUBJECT = re.compile(r",\s*(and|but|then|so|yet)\s+$")


def tags_of(phrase: str) -> tuple[set[str], str]:
    """``"<in> The glass..."`` -> ``({"in"}, "The glass...")``."""
    m = _TAGS.match(phrase)
    if not m:
        return set(), phrase
    return set(re.findall(r"<(\w+)>", m.group(1))), phrase[m.end():]


#: Picks (of any group) before a used phrase may be taken again for ``pick``'s ``prefer``.
PREFER_AGAIN = 20
#: How likely a ``<rare>`` phrase is drawn beside one other phrase (1 for the others).
RARE_WEIGHT = 0.3
#: Words that carry no content: a pair of content words a phrase shares with one said before
#: (``signature``) is an echo; these never make one.
_STOP = frozenset("""a an the of at to in on and but or nor so then as when while that which who
whom it its his her hers their theirs him them he she they himself herself themselves one not
no be have do will can would could all both either neither each every this these those there
here what out up down off away with from into onto upon over under past by for about than
like through across near behind towards toward again once only still too very just more
most much well yet""".split())


#: Verbs too light to echo ("was", "went", "kept": every other sentence has one).
_LIGHT_VERBS = frozenset("be have do will can get come make keep stay let try seem".split())


#: Words a reader hears twice when two phrases in a row say them, though no pair of words
#: repeats ("Elmer's bullet took Dirty hard through the forearm; it was a hard hit"): taken
#: with the verbs (``verbs_of``). The head and the hand alike: a wound's place and the words
#: after it never name the same part twice ("Peter hits Elmer again, in the side of the head;
#: it draws no blood, but it leaves his head ringing", g-ww.yaml seed 6; "bursts in his hand
#: ... cuts his hand", fresh-user trial 18). The breath: one fact, told once ("Tom's fist caught
#: Haskett, and the breath went out of him. Haskett sagged down, all the breath gone out of him",
#: fresh user 19, ww-night.yaml seed 21).
_ECHO_WORDS = frozenset({"hard", "head", "hand", "skull", "breath"})
#: Verbs of a man's senses (``verbs_of``: one "<sense>" for any of them).
_SENSES = frozenset({"see", "hear", "feel"})
#: Phrases said after one with a word of ``_ECHO_WORDS`` before a phrase may say it again
#: (a hit told in three or four: lead, place, severity; the next hit's lead and place).
ECHO_SPAN = 5


@functools.lru_cache(maxsize=8192)
def verbs_of(phrase: str) -> frozenset[str]:
    """The verb markers' lemmas of a phrase, light verbs aside (``_LIGHT_VERBS``), and the
    words of ``_ECHO_WORDS`` it says: ``"{a} [fire]; {b} [reel], struck in the {part}"`` ->
    ``{"fire", "reel"}``, ``"{a}'s {shot} [take] {b} hard"`` -> ``{"take", "hard"}``. A
    phrase whose verb (or such a word) the sentence just said uses ("Kitty fired; Halloran
    reeled, struck in the arm. He reeled, badly hurt") is passed over while another fits."""
    words = set(re.findall(r"[a-z]+", re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", phrase.lower())))
    verbs = [v for v in re.findall(r"\[([a-z]+)(?::(?:pl|sg))?\]", phrase)
             if v not in _LIGHT_VERBS]
    # what a man sees, hears or feels of a shot is one kind of telling ("Isaac never sees
    # where Harry's bullet goes. He hears Harry's bullet smack into the rocks"): not twice
    # running
    sense = ["<sense>"] if _SENSES.intersection(verbs) else []
    return frozenset(verbs + sorted(words & _ECHO_WORDS) + sense)


@functools.lru_cache(maxsize=8192)
def signature(phrase: str) -> frozenset[str]:
    """The pairs of content words a phrase (tags stripped) says in a row, a verb marker
    read as its lemma and the words between them no content (``_STOP``), never across a field
    or a stop of punctuation: ``"{a}'s {shot} [smack] into the wall behind {b}."`` ->
    ``{"smack wall"}``; ``"; {b} [reel], hurt badly."`` -> ``{"hurt badly"}``. Two phrases
    sharing a pair echo each other."""
    text = re.sub(r"\[([^\[\]|:]*?)(?::(?:pl|sg))?\]", r" \1 ", phrase)  # [smack] -> smack
    text = re.sub(r"\[[^\[\]]*\|([^\[\]]*)\]", r" \1 ", text)  # the older [a/b|c] marker
    out: set[str] = set()
    for piece in re.split(r"\{\w+\}|[;:,.!?\u2014\"]", text):
        words = [w for w in re.findall(r"[a-z][a-z'-]*", piece.lower())
                 if w not in _STOP and len(w) > 2 and not w.endswith("'s")]
        out.update(f"{x} {y}" for x, y in zip(words, words[1:]))
    return frozenset(out)


class Phrases:
    """Picks phrases for groups: within a fight, a phrase is not used again while an unused
    one of its group remains (nor twice in a row when they are all used), nor one that echoes
    a phrase said before in the write-up (``signature``) while one that does not fits.

    Args:
        table: group name -> list of phrases (see the module docstring for the markers).
        seed: the fight's seed; the stream is ``random.Random("<seed>:prose")``.
        tense: "present" or "past".
    """

    def __init__(self, table: dict[str, list[str]], seed: int, tense: str = "present") -> None:
        self.table = table
        self.seed = seed  # the fight's seed (``Narration.keepsake``)
        self.rng = random.Random(f"{seed}:prose")
        self.tense = tense
        self.last: dict[str, int] = {}
        self.used: dict[str, set[int]] = {}
        self.rare: dict[str, set[int]] = {}  # <rare> phrases used, by group
        self._fits = _fits_of(table)
        self.when: dict[str, dict[int, int]] = {}  # when each phrase was last used, by group
        self.clock = 0
        self.said: set[str] = set()  # the content word pairs said in the write-up (``fill``)
        self.verbs: list[frozenset[str]] = []  # the verbs of the last two phrases said
        self.heard: list[frozenset[str]] = []  # the _ECHO_WORDS of the last ECHO_SPAN phrases

    @classmethod
    def from_toml(cls, text: str, seed: int, tense: str = "present") -> Phrases:
        """Load a phrase table from TOML text."""
        return cls(_toml(text), seed, tense)

    def has(self, group: str) -> bool:
        """Whether the table has phrases for ``group``."""
        return bool(self.table.get(group))

    def pick(self, group: str, context: set[str] | frozenset[str] = frozenset(),
             prefer: Any = None) -> str:
        """A phrase of ``group`` (tags stripped) that fits ``context`` (e.g. ``{"in",
        "bullet"}``): a phrase tagged ``<out>`` is skipped indoors, ``<pellets>`` unless the
        shot is a shotgun's. Within a fight an unused fitting phrase is taken first, at
        random among them; when all are used, any but the last one; either way from the
        less recently used half (a phrase of the turn before does not come back while an
        older one fits); one that echoes a phrase said before in the write-up (``signature``)
        only when every one does; one that says a word of ``_ECHO_WORDS`` one of the last
        ``ECHO_SPAN`` phrases said ("hard") only when no other fitting phrase, used or not, is
        free of it; a
        ``<rare>`` phrase only once while another fits, and drawn
        at ``RARE_WEIGHT`` of the others' chance. ``prefer``: a test of a phrase's text (tags
        stripped); phrases that pass it are taken while one fits (the caller's own rule: no
        sentence opening as the one before did).

        Raises:
            KeyError: an unknown group (a broken template or phrase file).
        """
        options, fitting = self._fitting(group, frozenset(context))
        used = self.used.setdefault(group, set())
        spent = self.rare.get(group, ())
        fresh = [i for i in fitting if i not in used and i not in spent] if spent else \
            [i for i in fitting if i not in used]
        if not fresh:
            used.difference_update(fitting)
            fresh = [i for i in fitting if i != self.last.get(group) and i not in spent] \
                or [i for i in fitting if i != self.last.get(group)] or fitting
        if prefer is not None:  # an unused phrase that passes; else a used one (not the
            # last); a <rare> one only when no other passes (a few phrases pass: the rare
            # one among them would be in most write-ups)
            new = [i for i in fresh if prefer(options[i][1])]
            told = self.when.get(group, {})
            old = [i for i in fitting if i != self.last.get(group) and i not in spent
                   and i not in new and self.clock - told.get(i, -PREFER_AGAIN) >= PREFER_AGAIN
                   and prefer(options[i][1])]  # (not one said a moment ago)
            fresh = [i for i in new if "rare" not in options[i][0]] or [
                i for i in old if "rare" not in options[i][0]] or new or old or fresh
        if self.said and len(fresh) > 1:  # no echo of a phrase said before in the write-up
            new = [i for i in fresh if not signature(options[i][1]) & self.said]
            fresh = new or fresh
        if self.verbs and len(fresh) > 1:  # nor a verb of the two phrases just said
            just = self.verbs[0] | self.verbs[-1]
            fresh = [i for i in fresh if not verbs_of(options[i][1]) & just] or fresh
        heard = frozenset().union(*self.heard)
        if heard:  # a word heard just now ("hard"): never again, a phrase used before if need be
            quiet = [i for i in fresh if not verbs_of(options[i][1]) & heard] or [
                i for i in fitting if i != self.last.get(group) and i not in spent
                and not verbs_of(options[i][1]) & heard]
            fresh = quiet or fresh
        when = self.when.setdefault(group, {})
        if len(fresh) > 2 and when:  # the older half: nothing said a moment ago comes back
            ages = [when.get(i, -1) for i in fresh]
            median = sorted(ages)[(len(ages) - 1) // 2]
            fresh = [i for i, age in zip(fresh, ages) if age <= median]
        weights = [RARE_WEIGHT if "rare" in options[i][0] else 1.0 for i in fresh]
        r = self.rng.random() * sum(weights)
        i = fresh[-1]
        for j, w in zip(fresh, weights):
            if r < w:
                i = j
                break
            r -= w
        self.last[group] = i
        self.clock += 1
        when[i] = self.clock
        used.add(i)
        if "rare" in options[i][0]:  # a phrase a reader remembers: once a fight
            self.rare.setdefault(group, set()).add(i)
        return options[i][1]

    def fitting(self, group: str, context: set[str] | frozenset[str] = frozenset()
                ) -> list[str]:
        """Every phrase of ``group`` (tags stripped) that fits ``context``, in table order,
        without drawing from the stream (a caller's last resort: one it has not said)."""
        options, fitting = self._fitting(group, frozenset(context))
        return [options[i][1] for i in fitting]

    def _fitting(self, group: str, context: frozenset[str]
                 ) -> tuple[tuple[tuple[frozenset[str], str], ...], tuple[int, ...]]:
        """The group's phrases as (tags, text) and the indices of those that fit ``context``
        (all of them when none does)."""
        key = (group, context)
        hit = self._fits.get(key)
        phrases = self.table[group]
        if hit is None or hit[0] is not phrases or hit[1] != len(phrases):
            # once per group and context of a table (rendering time); a group replaced
            # or grown since is worked out again
            hit = self._fits[key] = (phrases, len(phrases), _fitting(tuple(phrases), context))
        return hit[2]

    def fill(self, phrase: str, fields: dict[str, str], plural: set[str]) -> str:
        """Fill the fields and realise the verb markers (see the module docstring).

        Args:
            phrase: the phrase, tags stripped.
            fields: field name -> text.
            plural: the fields whose text is plural ("they", "the fallen rocks").

        Raises:
            KeyError: a field the phrase names and ``fields`` lacks.
        """
        self.said.update(signature(phrase))
        self.verbs = self.verbs[-1:] + [verbs_of(phrase)]
        self.heard = self.heard[-(ECHO_SPAN - 1):] + [verbs_of(phrase) & _ECHO_WORDS]
        out: list[str] = []
        append = out.append
        subject: str | None = None
        verb, tense = inflection.verb, self.tense
        for op in _compile(phrase):
            kind = op[0]
            if kind == "text":
                append(op[1])
            elif kind == "field":
                if op[2]:
                    subject = op[1]
                append(fields[op[1]])
            elif kind == "reset":
                subject = None
            elif kind == "verb":
                many = op[2] == "pl" or (op[2] is None and subject in plural)
                append(verb(op[1], tense, many))
            else:  # the older [present/plural|past] marker
                if self.tense == "past":
                    out.append(op[2])
                else:
                    sing, _, plur = op[1].partition("/")
                    out.append(plur if (plur and subject in plural) else sing)
        return "".join(out)


#: Each phrase table's fitting phrases by group and context (``Phrases._fitting``), kept with
#: the table (held here, so its id is not reused): a table is read, never changed, and our
#: tables are parsed once per process (``core._merged_table``), so every write-up of a
#: process shares the work.
_FITS: dict[int, tuple[dict[str, list[str]], dict[tuple[str, frozenset[str]], Any]]] = {}


def _fits_of(table: dict[str, list[str]]) -> dict[tuple[str, frozenset[str]], Any]:
    hit = _FITS.get(id(table))
    if hit is None or hit[0] is not table:
        if len(_FITS) >= 64:  # tables made on the fly (tests, a user's files): bounded
            _FITS.clear()
        hit = _FITS[id(table)] = (table, {})
    return hit[1]


@functools.lru_cache(maxsize=4096)
def _fitting(phrases: tuple[str, ...], context: frozenset[str]
             ) -> tuple[tuple[tuple[frozenset[str], str], ...], tuple[int, ...]]:
    """See ``Phrases._fitting``: worked out once per group's phrases and context."""
    options = tuple(_tagged(p) for p in phrases)
    fitting = tuple(i for i, (tags, _) in enumerate(options)
                    if not tags or _fits(tags - {"rare"}, context))
    return options, fitting or tuple(range(len(options)))


#: Tags that stand for several: ``<gun>`` is a firearm's shot (bullet, ball or buckshot), never
#: a thrown knife's, a spear's or an arrow's ("Jed fired, and the knife found Tom").
TAG_ALIASES = {"gun": frozenset({"bullet", "ball", "pellets"})}


@functools.lru_cache(maxsize=2048)
def _tagged(phrase: str) -> tuple[frozenset[str], str]:
    tags, text = tags_of(phrase)
    for alias, meant in TAG_ALIASES.items():
        if alias in tags:
            tags = (tags - {alias}) | meant
    return frozenset(tags), text


@functools.lru_cache(maxsize=4096)
def _compile(phrase: str) -> tuple[tuple, ...]:
    """A phrase as operations: ("text", s), ("reset",) (a clause ends), ("field", name,
    may_be_subject), ("verb", lemma, forced number), ("old", present, past)."""
    ops: list[tuple] = []
    prev_marker = False
    pos = 0
    for m in _TOKEN.finditer(phrase):
        between = phrase[pos:m.start()]
        if between:
            ops.append(("text", between))
        shared = m.group(1) is None and _SHARED_SUBJECT.search(between)
        if _CLAUSE_END.search(between[:shared.start()] if shared else between):
            ops.append(("reset",))
        pos = m.end()
        name = m.group(1)
        if name is not None:
            after = phrase[pos:pos + 2]
            words = between.lower().split()
            obj = (prev_marker and not between.strip()) or bool(
                words and words[-1] in _PREPOSITIONS) or name.endswith(("_him", "_his", "_self"))
            ops.append(("field", name, not after.startswith("'") and not obj))
            prev_marker = False
            continue
        prev_marker = True
        if _OWN_SUBJECT.search(between):
            ops.append(("reset",))
        if m.group(4) is not None:
            ops.append(("verb", m.group(4), m.group(5)))
        else:
            ops.append(("old", m.group(2), m.group(3)))
    if phrase[pos:]:
        ops.append(("text", phrase[pos:]))
    return tuple(ops)


@functools.lru_cache(maxsize=8)
def _toml(text: str) -> dict[str, list[str]]:
    return tomllib.loads(text)


#: Kinds of phrase tags: a phrase fits a context when, for each kind it has tags of, the
#: context has one of them (a tag of no kind listed here must be in the context itself).
TAG_KINDS = (frozenset({"in", "out"}),                                   # the place
             frozenset({"bullet", "ball", "pellets", "arrow", "blade", "fist", "blow", "claw"}),  # what strikes
             frozenset({"slight", "grave", "mixed"}),  # a wound's severity (mixed: several, one bad)
             frozenset({"handgun", "longarm"}),                           # held in a hand or to the shoulder
             frozenset({"head", "torso", "chest", "belly", "arm", "leg"}),  # where it struck
             frozenset({"fresh", "again"}),  # the shooter's first shot of the turn, or a later one
             frozenset({"pocket", "big"}),  # a pocket gun (a derringer cracks, pops), or bigger (roars)
             frozenset({"street", "open"}),  # outdoors: a town's paved street, or open ground
             frozenset({"wall"}),  # a man where a wall is (indoors, or by a building)
             frozenset({"afoot", "riding"}),  # a wounded man on foot, or in the saddle
             frozenset({"onfoot", "astride"}),  # the man striking: on foot, or in the saddle
             frozenset({"upright", "prone"}),  # the men named are on their feet, or one lies prone
             frozenset({"oneround", "rounds"}),  # one round fired, or several (covering fire)
             frozenset({"alone", "joined"}),  # the only man to turn on him this turn, or not
             frozenset({"kill", "subdue"}))  # what a man going hand to hand means to do


def _fits(tags: set[str] | frozenset[str], context: set[str] | frozenset[str]) -> bool:
    """Whether a phrase's tags fit a context, kind by kind (see ``TAG_KINDS``)."""
    rest = set(tags)
    for kind in TAG_KINDS:
        mine = tags & kind
        if mine and not mine & context:
            return False
        rest -= kind
    return rest <= context
