"""The narrative stage of story mode, between the event log and the templates: content
selection, aggregation into beats, referring expressions, lexical choice; realisation is done
by ``phrases`` (tense and agreement by ``inflection``). Ruleset-independent: a ruleset supplies
vocabulary (``vocabulary.toml``: projectiles by weapon, words for indoors and outdoors), its
phrases and its kinds' meanings (``Kinds``: whose action, shots, moves, what a quiet turn
holds); events are read through the fields every ruleset's events share (``character``,
``shooter``, ``target``, ``turn``). ``ending`` and ``motions`` still read a few kinds by name
(wounds, falls, flights, the after-fight).

Templates realise beats with ``n.say(group, a=..., b=...)`` and never decide.

May import: the standard library, narrator.events, narrator.render.phrases,
narrator.render.inflection, narrator.render.markup, narrator.ruleset (lazily: a ruleset's
kinds, ``Kinds.named``).
"""

from __future__ import annotations

import functools
import math
import re
import tomllib
import zlib
from dataclasses import dataclass, field
from typing import Any

from narrator.events import Event
from narrator.render import inflection
from narrator.render.markup import Markup
from narrator.render.phrases import Phrases

_PRONOUNS = {"he": ("he", "him", "his", "himself"), "she": ("she", "her", "her", "herself"),
             "they": ("they", "them", "their", "themselves")}
#: The noun for a character of each pronoun ("a dying {b_man}"), by the subject form.
_NOUNS = {"he": "man", "she": "woman", "they": "person"}
#: The shared kinds' meanings for the story (a ruleset adds its own: ``Kinds.of``). Story
#: beats with nothing to tell a reader (their facts are in the rolls block):
SILENT = frozenset({"state_adjusted", "intent_declared"})
#: Events a quiet turn may hold (see ``Kinds.quiet``):
QUIET_KINDS = frozenset({"intent_declared", "state_adjusted", "stood_idle"})


@dataclass(frozen=True)
class Kinds:
    """What the story needs to know of a ruleset's event kinds (its ``story_*`` attributes,
    over the shared kinds): ``actors`` (kind -> the field naming the man whose action it
    is: his consecutive beats share a paragraph), ``silent`` (beats with nothing to tell a
    reader), ``quiet`` (events a quiet turn may hold: misses, moves, reloads, bookkeeping; a
    run of quiet turns is a lull, told in one paragraph), ``shots``, ``moves``, ``chores``
    (a man busy without shooting: reloading, running), ``together`` (beats of several men in
    a row that share a paragraph), and ``news`` (an event of a quiet kind that is news: a
    shot that hit, a horse hit as cover)."""

    actors: dict[str, str] = field(default_factory=dict)
    silent: frozenset[str] = SILENT
    quiet: frozenset[str] = QUIET_KINDS
    shots: frozenset[str] = frozenset()
    moves: frozenset[str] = frozenset()
    chores: frozenset[str] = frozenset()
    together: frozenset[str] = frozenset()
    news: Any = None
    calls_first: bool = True  # ``Ruleset.calls_first`` (the shared kinds: told first)

    @classmethod
    def of(cls, ruleset: Any) -> Kinds:
        """The kinds of a registered ruleset (None: the shared ones only)."""
        if ruleset is None:
            return cls()
        return cls(dict(ruleset.story_actors), SILENT | ruleset.story_silent,
                   QUIET_KINDS | ruleset.story_quiet, frozenset(ruleset.story_shots),
                   frozenset(ruleset.story_moves), frozenset(ruleset.story_chores),
                   frozenset(ruleset.story_together), ruleset.story_news,
                   ruleset.calls_first)

    @classmethod
    def named(cls, name: str | None) -> Kinds:
        """The kinds of the registered ruleset of that name (the shared ones when none)."""
        from narrator import ruleset as registry

        try:
            return cls.of(registry.get(name)) if isinstance(name, str) else cls()
        except registry.UnknownRuleset:
            return cls()

    def is_shot(self, kind: str) -> bool:
        """Whether an event of ``kind`` is a shot."""
        return kind in self.shots

    def actor(self, e: Event) -> str | None:
        """The man whose action ``e`` is (``character`` unless ``actors`` names a field)."""
        return getattr(e, self.actors.get(e.kind, "character"), None)
#: Weapon types (or Violence calibres) fired from the shoulder, not held in one hand.
#: Pocket guns by name or type: a derringer, a pepperbox, a pocket pistol, a "Bull Dog".
_POCKET = re.compile(r"derringer|pepperbox|pocket|bull ?dog|\.22|\.32|\.41", re.I)
_LONGARM = re.compile(r"rifle|carbine|musket|shotgun|scattergun|coach|military|buffalo|sharps|"
                      r"winchester|henry|spencer", re.I)
#: Makers whose name alone names the gun ("his Colt" for a Colt Peacemaker).
_BRANDS = frozenset({"Colt", "Winchester", "Remington", "Sharps", "Henry", "Spencer", "Webley",
                     "Springfield", "Smith", "Marlin", "Merwin", "Starr", "Adams", "Enfield"})
#: Fewest turns a lull spans.
LULL_TURNS = 2
#: Most sentences and words of a paragraph that short ones are joined into (``Narration.flow``).
FLOW_SENTENCES = 5
FLOW_WORDS = 90
#: A phrase that tells a gun emptied: said once a paragraph for a man.
_EMPTIES = re.compile(r"\bempt|\[empty\]|\bdry\b|no rounds left|not a cartridge left|"
                      r"out of (?:cartridges|rounds)|the last (?:round|cartridge)")
#: The phrase fields of a character's pronouns, in ``_PRONOUNS`` order.
_PRONOUN_FIELDS = {k: (k + "_he", k + "_him", k + "_his", k + "_self") for k in ("a", "b")}
#: A capitalised word inside a sentence (a name, a gun's brand).
_MID_CAPITAL = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]+\b")
#: A map point written as a destination ("7,0", "8.4,-0.9"): a tactics move's target.
_POINT = re.compile(r"^\s*\[?\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\]?\s*$")
#: A shot's place among its shooter's shots of a turn (``Narration.nth_shot``).
_NTH = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
#: Words of a sentence that told a shot (a <follows> phrase, "The bullet went wide of Charlie",
#: never comes after one: "the bullet" would read as the one just told).
_SHOT_WORDS = re.compile(r"\b(?:fir(?:e|es|ed|ing)|shot|shots|shoots?|bullets?|balls?|buckshot|"
                         r"charge|barrels?|pellets?|hit|hits|miss(?:es|ed)?|lead|round|trigger|"
                         r"fann(?:ing|ed)|drill(?:s|ed)?|tag(?:s|ged)?|wing(?:s|ed)?|nick(?:s|ed)?|"
                         r"took|takes?|caught|catch(?:es)?|struck|strikes?|found|finds?|"
                         r"wounds?|wounded|hurt|blood|graze|scratch|roar(?:s|ed)?|crack(?:s|ed)?|"
                         r"bark(?:s|ed)?|boom(?:s|ed)?|buck(?:s|ed)?|kick(?:s|ed)?|wide|"
                         r"empt(?:y|ied|ies))\b", re.I)
#: A character as a clause's subject: his name or "he" straight before a verb marker
#: ("{b} [be] hit", "{b_he} [stagger]"), not a possessive nor an object ("{a} [hit] {b} in").
_SUBJECT_SLOT = re.compile(r"\{([ab])(_he)?\} \[")
#: Strides through ``luck_keepsake`` (the first prime to its number is taken).
_KEEPSAKE_STEP = (5, 3, 7)
#: How near a landmark (yards) a man the GM moved stands to be told "by" it (``gm_placed``).
GM_AT_LANDMARK = 3.0
#: Other phrases ``say`` tries for a whole sentence said before in the write-up.
REPEAT_TRIES = 6
#: Where a sentence of story prose ends (quoted speech kept inside it).
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"\u201d]?\s+(?=[A-Z\"\u201c*_\\\[])")


def is_call(text: str) -> bool:
    """Whether a GM's ``other:`` text is a call for surrender (README: any with "surrender"
    in it, in any case: 'shouts "Surrender, Holts!"' is one; a fresh user: told without
    its answer when it was capitalised)."""
    return "surrender" in text.lower()


def attacker(e: Event) -> str | None:
    """The man who attacks in an event of a shot or attack kind, whatever its ruleset names
    the field (``shooter``, ``suppressor``, ``striker``, ``attacker``: a name, or a Violence
    melee side's ``character``), else its ``character``."""
    for key in ("shooter", "suppressor", "striker", "attacker"):
        who = getattr(e, key, None)
        if who is not None:
            return who if isinstance(who, str) else getattr(who, "character", None)
    return getattr(e, "character", None)


def quiet(turn: dict[str, Any], kinds: Kinds | None = None) -> bool:
    """Whether nothing in a turn needs telling beat by beat: only quiet events
    (``Kinds.quiet``), none of them news (``Kinds.news``: a shot that hit a man, a living
    cover hit, a man mounting or dismounting)."""
    kinds = kinds or Kinds()
    for e in turn["events"]:
        if e.kind not in kinds.quiet:
            return False
        if kinds.news is not None and kinds.news(e):
            return False
    return True


def _NO_COMMA(phrase: str) -> bool:
    """``Phrases.pick``'s ``prefer`` for a lull's verb phrase told before another: no comma in
    it ("sent three shots at Shaw, all wasted" goes last)."""
    return "," not in phrase


def _chorus(turn: dict[str, Any], kinds: Kinds | None = None) -> bool:
    """A single quiet turn worth folding into a sentence: no shot fired, three men or more
    busy (``Kinds.chores``: reloading, running)."""
    kinds = kinds or Kinds()
    if any(e.kind in kinds.shots for e in turn["events"]):
        return False
    return len({getattr(e, "character", None) for e in turn["events"]
                if e.kind in kinds.chores}) >= 3


@dataclass
class Scene:
    """What the words depend on besides the event: indoors or out, and each weapon's
    projectile (noun and phrase tag), from ``vocabulary.toml``."""

    indoors: bool | None = None
    projectile: dict[str, tuple[str, str]] = field(default_factory=dict)
    gun_words: tuple[tuple[str, str], ...] = ()
    gun_names: dict[str, str] = field(default_factory=dict)
    cover_words: dict[str, str] = field(default_factory=dict)
    ground: str | None = None  # outdoors: "street" (paved, a town's) or "open"; None: unsaid
    wall_words: tuple[str, ...] = ()  # landmarks with walls (vocabulary.toml [place] walls)
    #: a fight where no firearm was fired (``Narration.story``): what its shots struck with
    #: (``blade``: thrown knives, spears; ``arrow``), the tags of a line told of no weapon
    #: ("When it was over", never "When the smoke cleared", "the shooting had started", "drop
    #: those guns": <gun>); None: a firearm was fired (or nothing was: a brawl, told so)
    unfired: frozenset[str] | None = None
    _contexts: dict[str | None, frozenset[str]] = field(default_factory=dict, repr=False)
    _said: dict[tuple[str, str], str] = field(default_factory=dict, repr=False,
                                              compare=False)  # at(), gun(): once per name

    @classmethod
    def from_toml(cls, text: str, started: Any) -> Scene:
        """The scene of a fight from its ``fight_started`` event (title, description,
        landmarks) and the vocabulary file's text (worked out once per text and scene)."""
        return cls(*_scene(text, started.title or "", getattr(started, "description", "") or "",
                           tuple(tuple(x) for x in started.landmarks),
                           getattr(started, "ruleset", "")))


    def at(self, place: str) -> str:
        """The preposition for being in cover at a landmark: "behind" (the rain barrels),
        "in" (the cave mouth), "by" (the swinging doors), from ``[cover]`` in
        vocabulary.toml; the last word of the name that has one decides (worked out once
        per name: the status lines ask every turn)."""
        said = self._said.get(("at", place))
        if said is None:
            said = "behind"
            for word in reversed(re.findall(r"[a-z]+", place.lower())):
                if word in self.cover_words:
                    said = self.cover_words[word]
                    break
            self._said[("at", place)] = said
        return said

    def gun(self, name: str) -> str:
        """What a man in the story calls a weapon (see ``[weapon]`` in vocabulary.toml): a
        catalogue name of the fight's ruleset takes its period word ("lever-action rifle" ->
        "Winchester"); a name like a catalogue key ("Colt .45 Peacemaker (cartridge)") the
        first brand in it ("Colt"), else itself without the parenthesis; a GM's own name
        ("stolen Webley") is left as it is, but for a possessive it opens with ("her left-hand
        Peacemaker": the phrase says whose it is). Worked out once per name."""
        said = self._said.get(("gun", name))
        if said is None:
            said = self._said[("gun", name)] = self._gun(name)
        return said

    def _gun(self, name: str) -> str:
        name = re.sub(r"^(his|her|their) (?=\S)", "", name)
        low = name.lower()
        if low in self.gun_names:
            return self.gun_names[low]
        if "(" not in name and not re.search(r"\.\d\d|\d\d-\d\d", name):
            return name
        for pattern, word in self.gun_words:
            if pattern in low:
                return word
        return re.sub(r"\s*\([^)]*\)", "", name).strip() or name

    def context(self, weapon_type: str | None = None) -> frozenset[str]:
        """The phrase tags this scene (and weapon) satisfies: no weapon's (None or
        "default") is a firearm's only in a fight where one was fired (``unfired``); a thrown
        weapon or a bow is neither held in the hand as a pistol nor at the shoulder."""
        if weapon_type in self._contexts:
            return self._contexts[weapon_type]
        tags = set()
        if self.indoors is not None:
            tags.add("in" if self.indoors else "out")
        if self.ground is not None and not self.indoors:
            tags.add(self.ground)
        strikes = self.shot(weapon_type)[1]
        if self.unfired is not None and weapon_type in (None, "default"):
            tags.update(self.unfired)
        else:
            tags.add(strikes)
        if weapon_type and weapon_type != "default" and strikes in FIREARM:
            # ("default": a ruleset does not say)
            tags.add("longarm" if _LONGARM.search(weapon_type) else "handgun")
        self._contexts[weapon_type] = frozenset(tags)
        return self._contexts[weapon_type]

    def shot(self, weapon_type: str | None) -> tuple[str, str]:
        """(noun, tag) of what the weapon throws: ("buckshot", "pellets"), ("ball", "ball")."""
        return self.projectile.get(weapon_type or "", self.projectile.get(
            "default", ("bullet", "bullet")))


#: The phrase tags of a firearm's shot (``<gun>`` stands for them): a thrown weapon strikes
#: with a ``blade``, a bow with an ``arrow``.
FIREARM = frozenset({"bullet", "ball", "pellets"})
#: Head nouns that name a part of a thing only with the thing: a landmark named so is told
#: by the thing (``Narration._landmark_ref``: "the cave mouth" is "the cave", never "the
#: mouth"; "the street corner" is "the corner").
_PART_NOUNS = frozenset({"mouth", "head", "rim", "lip", "face", "foot"})


@functools.lru_cache(maxsize=64)
def _scene(text: str, title: str, description: str, landmarks: tuple[tuple[str, str], ...],
       ruleset: str) -> tuple[bool | None, dict[str, tuple[str, str]],
                              tuple[tuple[str, str], ...], dict[str, str], dict[str, str],
                              str | None, tuple[str, ...]]:
    """``Scene.from_toml``'s fields (read, never changed, by its methods): the ground is
    "street" or "open" when the words of ``[place]`` ``street`` or ``open`` outscore the
    other's (as indoors and outdoors are scored), else None."""
    data = _toml(text)
    proj = {k: (v[0], v[1]) for k, v in data.get("projectile", {}).items()}
    place = data.get("place", {})
    scene = " ".join([title, description])
    # the title and description say where it is; a landmark's name counts once
    words = " ".join([scene, scene] + [f"{k.replace('_', ' ')} {v}"
                                       for k, v in landmarks]).lower()

    def score(key: str) -> int:
        return sum(len(_word_re(w).findall(words)) for w in place.get(key, ()))

    inside, outside = score("indoors"), score("outdoors")
    indoors = None if inside == outside else inside > outside
    paved, open_ground = score("street"), score("open")
    ground = None if paved == open_ground else "street" if paved > open_ground else "open"
    weapon = data.get("weapon", {})
    words = tuple((k.lower(), v) for k, v in weapon.get("brands", ()))
    names = {k.lower(): v for k, v in weapon.get(ruleset, {}).items()}
    cover = {w: prep for prep, ws in data.get("cover", {}).items() for w in ws}
    return indoors, proj, words, names, cover, ground, tuple(place.get("walls", ()))


class Narration:
    """Names, pronouns and phrases for prose.

    Referring expressions: a character's full name on first mention, the short name after, and
    a pronoun where a phrase opens on a character who was the subject of the sentence before,
    in the same paragraph, with no other character of the same pronoun mentioned since.

    Args:
        chars: name -> the fight's character intro (``name``, ``short``, ``pronoun``, ``side``).
        markup: the format's markup (escaping, bold).
        phrases: the seeded phrase table.
        bold: names in bold (teaching mode).
        scene: indoors/outdoors and projectiles (story mode).
    """

    def __init__(self, chars: dict[str, Any], markup: Markup, phrases: Phrases,
                 bold: bool = True, scene: Scene | None = None,
                 kinds: Kinds | None = None) -> None:
        self.chars = chars
        self.markup = markup
        self.phrases = phrases
        self.bold = bold
        self.scene = scene or Scene()
        self.kinds = kinds or Kinds()
        self.seen: set[str] = set()
        self._idles: tuple[int, dict[tuple[str, int], str]] = (0, {})  # (``_idle_before``)
        self.last_miss: dict[str, Any] = {}
        self._own_gun: str | None = None  # own_gun: the next notice is of his own gun
        self.topic: str | None = None
        self.falls: str | None = None  # the man the next sentence tells falling (see focus)
        self.subject: str | None = None  # the man the last clause with a man for its subject
        # was about, in this sentence or the one before ("Dutch hit Quaid; the wound was
        # serious": Dutch; "...; he reeled under it": Quaid; "Dutch's bullet ...": nobody)
        self.since: list[str] = []  # characters mentioned after the topic's last mention
        self.weapon_type: str | None = None
        self.weapon_name: str | None = None
        self.weapon_longarm: bool | None = None
        self._types: dict[tuple[str, str], str] = {}  # (man, weapon name) -> type (``story``)
        self.guns_said: dict[str, int] = {}  # weapon names told in this paragraph, how often
        self.guns_told: set[str] = set()  # weapon names told in full in the fight so far
        self.moves: dict[int, dict[str, Any]] = {}
        self.end: dict[str, Any] = {}
        self.events: list[Event] = []
        self._index: tuple[list[Event] | None, int, dict[Any, list[Event]]] = (None, 0, {})
        self._hits: tuple[list[Event] | None, int, Any] = (None, 0, ({}, {}))  # hits_before
        self.last_said: list[str] = []
        self._lulls: dict[int, dict[int, dict[str, Any]]] = {}
        self._opening: tuple[str | None, str] = (None, "")
        self._said: tuple[str, str | None, str | None] = ("", None, None)
        self.shorts = {n: c.short for n, c in chars.items()}
        self._short_said: dict[str, str] = {}  # short(): each name's escaped short name
        self._spoken: dict[str, list[str]] = {}  # _carry: each man's names as written
        if not bold:  # story mode: men whose short names sound alike go by other names
            self.shorts.update(distinct_shorts(chars))
        # "The Preacher" (short "Preacher") is "the Preacher" every time, never "the
        # Preacher" once and "Preacher" after (fresh user 19)
        self.shorts.update(article_shorts(chars, self.shorts))
        # names that begin with "The" ("The Abilene Kid"): "the" inside a sentence ("Sam's
        # knife opens the Abilene Kid up"), "The" only where the sentence opens on him
        self._the_names = _the_names(chars, self.shorts)
        self._things = self._things_before = False  # a plural thing told in this sentence,
        # in the one before ("the fallen rocks"): a they-character is named next, not "They"
        self.landmarks: list[tuple[str, str]] = []
        self.opened: str | None = None  # the character the last sentence opened on
        self._opened_thing: str | None = None  # ... when it opened on his thing ("Dutch's bullet";
        # "" for a sentence that opened on no man: "The shot from Jed ...")
        self._folded: set[int] = set()  # beats told in a sentence with others (``fold``)
        self._emptied: set[str] = set()  # men whose gun was told emptied in this paragraph
        self._gun_from = False  # the sentence before told a shot "from {a}'s {weapon}"
        self._starts: dict[Any, tuple[dict[str, tuple[float, float]], set[str]]] | None = None
        self._downs: tuple[list[Event], dict[int, frozenset[str]]] | None = None
        self._floors: tuple[list[Event], dict[int, frozenset[str]]] | None = None
        self._moves_at: tuple[list[Event], dict[int, dict]] | None = None  # ``_moved_at``
        self._saddles: tuple | None = None  # (events, seats, last): ``_seats``
        self._sides: dict[str, str] = {}
        self._names: frozenset[str] | None = None  # the words of the characters' names
        self.sentence: list[str] = []  # characters named or referred to in this sentence
        self.before: list[str] = []    # ... and in the sentence before it
        # men named ahead of the phrase that tells them (``names``, a field: "{who} all turn
        # on {b}"): of the sentence ``say`` opens next, not of the one before it
        self._named_ahead: list[str] = []
        self.saying_he: set[str] = set()  # characters this sentence calls "he", "him"
        self.said_he: set[str] = set()    # ... and the sentence before it
        self._told: set[str] = set()  # whole sentences said in the write-up (``say``)
        self._told_when: dict[str, int] = {}  # ... and when each was said last (``say``)
        self._told_clock = 0
        self._para_shooters: set[str] = set()  # shooters of the shots told in this paragraph
        self._para_his: dict[str, str] = {}  # "His {nth} shot" frames told in it, and whose
        self._para_afresh: set[str] = set()  # ...whose first told in it was a later shot
        self._told: set[int] = set()  # ids of the events whose beats have been told (telling)
        self._keepsakes = 0  # luck_keepsake things told so far (``keepsake``)
        self._lucky: dict[Any, tuple[str, str]] | None = None  # ``luck_choice``, worked out once
        self._last_text = ""  # the last whole sentence said
        self._fixed: dict[tuple[str, int], set[int]] = {}  # say_fixed: phrases said, by (group, k)
        self._landmarks_told: dict[str, int] = {}  # _landmark_ref: times each was told
        self._landmark_set: tuple[Any, frozenset[str]] | None = None
        self._para_word: str | None = None  # this paragraph's first word ("when"), once said
        self._last_para_word: str | None = None  # ... and the paragraph before's

    def story(self, events: list[Event], started: Any) -> str:
        """Read the whole fight first (story mode): how each move looks, how it ends."""
        self.events = events
        self.landmarks = list(started.landmarks)
        # each man's weapons by name, of the type his shots say (a reload, told by the
        # weapon's name, is a bow's or a gun's: ``arm``); and whether any firearm was fired
        types = self._types = {}
        for e in events:
            if not self.kinds.is_shot(e.kind):
                continue
            wt = getattr(e, "weapon_type", None)
            who = getattr(e, "shooter", None) or getattr(e, "character", None)
            if wt and who is not None and isinstance(getattr(e, "weapon", None), str):
                types.setdefault((who, e.weapon), wt)
        # (a fight with blows and no shot at all is a brawl, told as one even where every
        # man carries a holstered Colt: never "When the smoke cleared" nor "the guns quiet"
        # (fresh-user trial 18: a fist fight of armed men ended so); one where nobody
        # carries a gun at all a blade's; one with no blow either, armed men reloading or
        # holding fire, a gun's)
        strikes = frozenset(self.scene.shot(getattr(e, "weapon_type", None))[1]
                            for e in events if self.kinds.is_shot(e.kind))
        if not strikes:
            if not any(not _NO_GUN.search(w) for c in started.characters
                       for w in getattr(c, "weapons", ())):
                strikes = frozenset({"blade"})
            elif any(e.kind in ATTACK_KINDS for e in events):  # blows, no shot: a brawl
                strikes = frozenset({"fist"})
        unfired = strikes if strikes and not strikes & FIREARM else None
        if unfired != self.scene.unfired:
            self.scene.unfired = unfired
            self.scene._contexts.clear()
        self.moves = motions(events, started)
        self.end = ending(events, started, self.moves, self.kinds)
        return ""

    def lull(self, turn: dict[str, Any], turns: list[dict[str, Any]]) -> dict[str, Any]:
        """Whether ``turn`` is part of a lull among ``turns`` (the post's turns): ``{}`` when
        not; ``{"skip": True}`` for a lull's turns before its last (told with the last);
        for the last, ``{"first": n, "last": n, "turns": [turn dicts], "text": paragraph}``.
        A lull is ``LULL_TURNS`` or more turns in a row where ``quiet`` holds."""
        key = id(turns)
        if key not in self._lulls:
            found: dict[int, dict[str, Any]] = {}
            run: list[dict[str, Any]] = []
            for t in turns + [None]:
                if t is not None and quiet(t, self.kinds):
                    run.append(t)
                    continue
                if len(run) >= LULL_TURNS or (len(run) == 1 and _chorus(run[0], self.kinds)):
                    for r in run[:-1]:
                        found[id(r)] = {"skip": True}
                    found[id(run[-1])] = {"first": run[0]["start"].turn,
                                          "last": run[-1]["start"].turn, "turns": run}
                run = []
            self._lulls[key] = found
        out = self._lulls[key].get(id(turn), {})
        if out.get("turns") and "text" not in out:
            out["text"] = self._lull_text(out["turns"])
        return out

    def _lull_text(self, turns: list[dict[str, Any]]) -> str:
        """One paragraph for a lull: how long, and what each man did (his shots, reloads,
        moves), men who did the same thing (kept running) named together."""
        self.paragraph()
        seconds = sum(t["start"].seconds for t in turns)
        time = span(seconds) if seconds else inflection.count(len(turns), "round")
        acts: dict[str, dict[str, Any]] = {}
        seen = 0   # (events counted: when each man first did each thing, for the order told)
        for t in turns:
            # a shootout turn's reload under way (nothing loaded until the sixth, 000 l.497)
            # is what the man did: told as his reload, as the finished one is
            fired = {getattr(e, "shooter", None) for e in t["events"] if e.kind == "shot_fired"}
            shootout = getattr(t["start"], "turn_kind", None) == "shootout"
            for e in t["events"]:
                who = getattr(e, "shooter", None) or getattr(e, "suppressor", None) \
                    or getattr(e, "character", None)
                if who not in self.chars:
                    continue
                a = acts.setdefault(who, {"shots": 0, "targets": [], "reload": 0, "jam": 0,
                                          "fled": 0, "place": None, "cover": None,
                                          "towards": None, "first": {}, "loaded_in": 0})
                seen += 1
                if e.kind == "stood_idle":  # the first reason not told the turn before
                    if "idle" not in a and not self._idle_before(e):
                        a["idle"] = e
                    continue
                if e.kind in ("shot_fired", "gun_fired", "suppression_laid"):
                    if getattr(e, "result", "") == "dud":
                        continue
                    a.setdefault("types", set()).add(getattr(e, "weapon_type", None))
                    a["shots"] += getattr(e, "shots", 1)
                    a["first"].setdefault("shots", seen)
                    a["last_shot"] = seen
                    for tg in getattr(e, "targets", None) or (e.target,):
                        if tg not in a["targets"]:
                            a["targets"].append(tg)
                elif e.kind in ("reloaded", "weapon_reloaded") or (
                        e.kind == "intent_declared" and shootout and getattr(e, "reload", None)
                        and who not in fired):
                    a["reload"] += 1
                    a.setdefault("reloads", []).append(seen)
                    # rounds put in (a slow reload's turn, Table 14's 1/3, puts in none:
                    # "+0 (1/3/turn)", never told "reloaded"); a shootout turn's as before
                    a["loaded_in"] += getattr(e, "rounds", 1) if e.kind != "intent_declared" else 1
                elif e.kind == "jam_worked":
                    a["jam"] += 1
                    a["first"].setdefault("jam", seen)
                elif e.kind in ("moved", "relocated"):
                    a["first"].setdefault("move", seen)
                    m = self.motion(e)
                    dest = getattr(e, "destination", None)
                    if dest:
                        a["place"] = dest
                        a["cover"] = getattr(e, "cover", None) if getattr(
                            e, "arrived", False) else None
                    elif m.get("way") == "away":
                        a["fled"] += 1
                    elif m.get("way") == "towards":
                        a["towards"] = m.get("enemy")
        places = dict(self.landmarks)
        clauses: list[str] = []
        runners = [w for w, a in acts.items() if a["fled"] and not (
            a["shots"] or a["reload"] or a["jam"] or a["place"])]
        loaders = [w for w, a in acts.items() if a["reload"] and not (
            a["shots"] or a["fled"] or a["jam"] or a["place"] or a["towards"])]
        for who, a in acts.items():
            if who in runners or who in loaders and len(loaders) > 1:
                continue
            fields: dict[str, Any] = {}
            # his words by his weapon: "threw twice at Tom", "nocked another arrow"
            types = a.get("types") or {self._missile(who, None)}
            ctx = self.scene.context(types.pop() if len(types) == 1 else None)
            strikes = ctx & {"blade", "arrow"} if not ctx & FIREARM else set()
            shot_noun = "throw" if "blade" in strikes else "arrow" if strikes else "shot"
            # a reload between his first and last shot of the lull is told with the shots
            # ("fired six times at Samuel without a hit, reloading between"), one before
            # or after them in its place: "fired six times ..., then reloaded" of three
            # shots, a reload and three more put the reload last
            reloads = a.get("reloads", [])
            shot_span = (a["first"]["shots"], a["last_shot"]) if "shots" in a["first"] else (0, 0)
            outside = [r for r in reloads if not shot_span[0] < r < shot_span[1]]
            between = len(outside) < len(reloads)
            if outside:
                a["first"]["reload"] = outside[0]
            # what he did, in the order he first did each ("fired once and missed, then
            # reloaded": never the reload told before the shots it followed)
            doings = sorted((k for k in ("jam", "reload", "shots", "move") if k in a["first"]),
                            key=a["first"].__getitem__)
            if not (a["place"] or a["fled"] or a["towards"]):  # (a move with nothing to tell)
                doings = [k for k in doings if k != "move"]
            vps: list[str] = []
            for n_done, k in enumerate(doings, 1):
                if k == "jam":
                    vps.append(self.phrases.pick("lull_jam", ctx))
                elif k == "reload":
                    vps.append(self.phrases.pick("lull_reload" if a["loaded_in"] else "lull_reload_on",
                                                 ctx))
                elif k == "shots":
                    # a phrase with a comma ("sent three shots at Shaw, all wasted") only
                    # last, while another fits: "..., and neither found its mark, then
                    # reloaded" runs two clauses together
                    vps.append(self.phrases.pick(
                        "lull_shot" if a["shots"] == 1 else "lull_shots_reloading"
                        if between else "lull_shots_two"
                        if a["shots"] == 2 else "lull_shots", ctx,
                        prefer=None if n_done == len(doings) else _NO_COMMA))
                    fields["n"] = inflection.count(a["shots"], shot_noun)
                    fields["times"] = "once" if a["shots"] == 1 else "twice" \
                        if a["shots"] == 2 else inflection.count(a["shots"], "time")
                elif a["place"]:
                    vps.append(self.phrases.pick("lull_cover" if a["cover"] else "lull_move",
                                                 ctx))
                    fields["place"] = (inflection.the(self.markup.escape(
                        places.get(a["place"], a["place"].replace("_", " ")))), None)
                elif a["fled"]:  # "kept running" only for a man told running before
                    vps.append(self.phrases.pick(
                        "lull_run_on" if self.again(who, "flee") else "lull_flee_on", ctx))
                else:
                    vps.append(self.phrases.pick("lull_close", ctx))
                    fields["whom"] = self.name(a["towards"])
            if not vps:
                if a.get("idle") is not None:  # idle, and why ("Tom waits for a clear shot")
                    said = self.idle(a["idle"])
                    if said:
                        clauses.append(_inside(said))
                continue
            if a["shots"]:
                fields["many"] = inflection.join([self.name(x) for x in a["targets"]])
            # one after another, and the last with "then": "fired once at Shaw and missed,
            # then reached the corner and got down" (joined by "and", the "and"s ran on)
            said = vps[0] if len(vps) == 1 else ", ".join(vps[:-1]) + ", then " + vps[-1]
            clauses.append(self._realise("{a} " + said, who, None, fields))
            if a.get("idle") is not None:  # and then nothing, and why: "he waits for a clear
                said = self.idle(a["idle"])  # shot"
                if said:
                    clauses.append(_inside(said))
        if len(loaders) > 1:
            self.arm(loaders)
            clauses.append(self.say("lull_reloaders" if all(acts[w]["loaded_in"] for w in loaders)
                                    else "lull_reloaders_on", who=self.names(loaders)))
        on = [w for w in runners if self.again(w, "flee")]
        new = [w for w in runners if w not in on]
        if new:
            clauses.append(self.say("lull_flee", who=self.names(new)))
        if on:
            clauses.append(self.say("lull_run", who=self.names(on)))
        fired = any(a["shots"] for a in acts.values())
        opening = self.say("lull_open" if fired else "lull_open_still",
                           time=(time, not time.startswith("one ")),
                           # "for the next minute", never "the next a minute"
                           next_time=time.removeprefix("a "))
        if not clauses:
            return opening
        text = f"{opening} {'; '.join(c.rstrip('.') for c in clauses)}."
        # (each clause was told as a sentence: "; The Kid fired ..." is "; the Kid fired")
        return _the_inside(text, self._the_names, opens=True) if self._the_names else text

    def the_inside(self, text: str) -> str:
        """``text`` (escaped markup: a list of names) with "The" of a name that begins with it
        lower-cased inside it ("Deacon Mills and the Preacher", as the story tells him),
        kept where it opens ``text`` (the cast line's "The Preacher and Deacon Mills")."""
        return _the_inside(text, self._the_names, opens=True) if self._the_names else text

    def routed_later(self, ev: Event) -> bool:
        """Whether a group that held its nerve in ``ev`` breaks later in the same round (the
        hold is then not told: "they stayed" and "they fled" in one round contradict)."""
        after = False
        for e in self._turn(ev, getattr(ev, "turn", None)):
            if e is ev:
                after = True
            elif after and e.kind == "morale_checked" and e.group == ev.group \
                    and e.turn == ev.turn and e.routed:
                return True
        return False

    def tensed(self, text: str) -> str:
        """The GM's scene-setting text in the write-up's tense (``inflection.past_text`` for
        the past; as written for the present)."""
        return inflection.past_text(text) if self.phrases.tense == "past" else text

    def duration(self, turns: int) -> str:
        """How long the first ``turns`` turns took, as a GM says it: "18 seconds", "about a
        minute", "about two minutes"; "three rounds" where turns have no length (Violence)."""
        seconds = sum(e.seconds for e in self.events
                      if e.kind == "turn_started" and e.turn <= turns)
        if not seconds:
            return inflection.count(turns, "round")
        told = span(seconds)
        return told if told.endswith("seconds") or told == "one second" else f"about {told}"

    def quiet_tail(self) -> bool:
        """Whether the fight ended on a long stretch with no shot (``ending``'s
        ``last_shot``, the turn of its last shot): at least ``QUIET_TAIL_TURNS`` turns and
        half the fight. Its ending then says when the last shot was fired, never "after about
        50 minutes the shooting dies away" of a fight whose only shots came in its first
        turn."""
        turns, last = self.end.get("turns", 0), self.end.get("last_shot", 0)
        return turns - last >= QUIET_TAIL_TURNS and turns - last >= turns / 2

    def cast(self) -> list[Any]:
        """The characters, in the scenario's order."""
        return list(self.chars.values())

    def motion(self, ev: Event) -> dict[str, Any]:
        """``{"way": "towards"|"away"|"across", "enemy": name}`` for a ``moved`` or
        ``relocated`` event; ``{}`` when nobody is left to move against."""
        return self.moves.get(id(ev), {})

    def focus(self, who: str, strict: bool = False, falls: bool = False) -> str:
        """Make ``who`` the one the next clause is about (a wound's victim), so it may open on
        a pronoun. ``strict``: a new sentence, where a pronoun is used only if nobody else of
        the same pronoun was named in the sentence before. ``falls``: the next sentence tells
        him falling from the wound just told ("He fell and lay still"), which only the man
        hit can do: a pronoun even if the shooter was "he" too. Returns ""."""
        self.topic = who
        self.falls = who if falls else None
        self.since = [w for w in self.last_said if w != who] if strict else []
        return ""

    def own_gun(self, who: str) -> str:
        """Before a notice of ``who``'s own gun (emptied, spent): when he opened the sentence
        before (his own shot), the notice may open on "his" ("Clegg's charge spattered the
        wall beside Halloran. His shotgun was spent"), as only the shooter's gun was in it;
        never on "he" ("..., and Lassiter was struck. He was out of cartridges" is
        Lassiter). Not when another man of his pronoun was hit in the sentence before (the
        wound's man is the topic) or called "him" in it: "Rudd fired again and again at
        Halloran, and one shot took him in the abdomen. His revolver was empty now" reads as
        Halloran's revolver; the name stays. Returns ""."""
        mine = self.chars[who].pronoun if who in self.chars else None
        others = {o for o in self.saying_he | ({self.topic} if self.topic else set())
                  if o != who and o in self.chars and self.chars[o].pronoun == mine}
        # nor when such a man is named in it at all ("Dutch's bullet buries itself in the
        # coach a hand's breadth from Quaid. His Colt has nothing left in it" reads as
        # Quaid's Colt: stagecoach seed 1)
        last = self._last_text
        others |= {o for o, c in self.chars.items()
                   if o != who and c.pronoun == mine and last
                   and any(x and re.search(rf"\b{re.escape(self.markup.escape(x))}\b", last)
                           for x in (c.name, c.short, self.shorts.get(o, c.short)))}
        self._own_gun = who if self.opened == who and not others else None
        return ""

    def compared(self, people: list[str] | tuple[str, ...]) -> tuple[str, ...]:
        """The phrase tags of a comparison among ``people`` (character names; a winner and
        those he was quicker than): ``"alike"`` when they all go by "he" ("the
        readier man" of two men), else ``"unalike"`` and ``"pair"`` (two of them: "the
        readier of the two") or ``"many"`` ("readier than the rest"): "the readier woman"
        beside men read as if they were women too, and "Maggie is the readier woman" of two
        women read stiff (a fresh reader): ``"alike"`` is for men only."""
        kinds = {self.chars[w].pronoun if w in self.chars else "he" for w in people}
        if kinds <= {"he"}:
            return ("alike",)
        return ("unalike", "pair" if len(people) == 2 else "many")

    def names(self, people: list[str] | tuple[str, ...]) -> tuple[str, bool]:
        """``(text, plural)``: "Sam", "Sam and Ben", "Sam, Ben and Dan" (first mention in
        full), for a phrase field a verb agrees with."""
        text = inflection.join([self.name(w) for w in people])
        self._named_ahead = [w for w in people if w in self.chars]
        return text, len(people) > 1

    def does(self, who: str, text: str) -> str:
        """A character doing what the GM wrote ("calls for the doctor"): the name, then the
        text with its first word made a verb in the write-up's tense (lemminflect), escaped,
        with a full stop unless it ends with its own (a quoted call ending in "!"). Past tense:
        the first word and the verbs joined to it ("and yells", ", then runs") are made past,
        the rest is the GM's words as written (``inflection.past_action``: "loads shells into
        his shotgun" -> "loaded shells into his shotgun", never "loaded shelled"); quoted speech
        keeps its own tense."""
        from lemminflect import getLemma

        text = text.strip().rstrip(".")
        stop = inflection.full_stop(text)  # none after '"...boys!"'
        head, _, rest = text.partition(" ")
        word = head.lower()
        found = getLemma(word, "VERB") if word.isalpha() else ()
        name = self.name(who)
        self.topic, self.since = who, []
        if not found:
            return f"{name}: {self.markup.escape(text)}{stop}"
        v = inflection.verb(found[0], self.phrases.tense, False)
        if rest and self.phrases.tense == "past":  # "whoops and eggs him on": both verbs,
            rest = inflection.past_action(rest)   # the GM's nouns as he wrote them
        comma = "," if rest.startswith(('"', "\u201c")) else ""   # shouted, "Drop them!"
        return f"{name} {v}{comma}{' ' + self.markup.escape(rest) if rest else ''}{stop}"

    def wound_groups(self, sub: list[Event]) -> list[dict[str, Any]]:
        """A shot's follow-up events with the wounds one man took from it grouped (a
        shotgun's pellets): ``{"ev": event}`` for others, ``{"wounds": [...], "who": name,
        "worst": wound}`` for a group, ``worst`` the one whose consequences the words follow
        (a mortal wound that stands first, then one a Luck check saved, else the most
        severe), ``rest`` the worst severity of the others (None for a single wound),
        ``tone`` the severity tag (``wound_tags``) the wounds earn together as they stand:
        ``grave`` when most are serious or mortal, ``mixed`` when fewer are, else ``slight``
        ("the wounds are bad" only of grave ones)."""
        rank = {"scratch": 0, "light": 1, "serious": 2, "mortal": 3}
        out: list[dict[str, Any]] = []
        for s in sub:
            if s.kind == "wound_taken":
                last = out[-1] if out else None
                if last is not None and "wounds" in last and last["who"] == s.character \
                        and s.cause == last["wounds"][0].cause == "shot":
                    last["wounds"].append(s)
                else:
                    out.append({"wounds": [s], "who": s.character})
            elif s.kind == "location_rolled":
                continue
            else:
                out.append({"ev": s})
        for g in out:
            if "wounds" in g:
                # a mortal wound that stands before one a Luck check saved: its death is
                # the news (a saved pellet's luck never hides a killing one beside it)
                g["worst"] = max(g["wounds"], key=lambda w: (
                    w.mortal is not None and not getattr(w.mortal, "saved", False),
                    w.mortal is not None, rank.get(w.rolled_severity, 0)))
                # the worst of the others as they stand (a Luck save told among them must
                # not make the whole blast "only a light wound")
                g["rest"] = max((w.severity for w in g["wounds"] if w is not g["worst"]),
                                key=lambda v: rank.get(v, 0), default=None)
                # "the wounds are bad" when most of them are; one bad among light ones is
                # "mixed" (never "the wounds were bad" of two light and one serious)
                grave = sum(w.severity in ("serious", "mortal") for w in g["wounds"])
                g["tone"] = "grave" if grave * 2 > len(g["wounds"]) else "mixed" if grave \
                    else "slight"
        return out

    def _turn(self, ev: Event | None, turn: Any) -> list[Event]:
        """The events of ``turn`` in log order, for a scan that also looks for ``ev``: all
        the events when ``ev`` is of another turn (the scan then finds it where it is)."""
        if ev is not None and getattr(ev, "turn", None) != turn:
            return self.events
        return self._by_turn().get(turn, [])

    def _by_turn(self) -> dict[Any, list[Event]]:
        """``self.events`` by turn, in log order (built again when the list is replaced)."""
        events, size, index = self._index
        if events is not self.events or size != len(self.events):
            index = {}
            for e in self.events:
                index.setdefault(getattr(e, "turn", None), []).append(e)
            self._index = (self.events, len(self.events), index)
        return index

    def fold(self, ev: Event, events: list[Event]) -> list[Event]:
        """A run of like beats told in one sentence (aggregation): ``events`` are the beats of
        ``ev``'s kind that may be told together (the template says which: plain draws of a
        paragraph); returns them the first time one of them is asked about, ``[]`` after
        (they are told), ``[ev]`` when ``ev`` is not among them."""
        if id(ev) in self._folded:
            return []
        if ev not in events:
            return [ev]
        self._folded.update(id(e) for e in events)
        return list(events)

    def switch_run(self, ev: Event) -> list[Event]:
        """The ``target_switched`` events one straight after another in ``ev``'s turn's log,
        ``ev`` among them, that turn to ``ev``'s new man (several men switching to one man at
        one count): told in one sentence ("Crane, Jo and Tate all turned on Kid", never
        "Crane looked for Kid now. Jo went after Kid instead. Tate turned on Kid.", fresh
        user 19, bh-bank.yaml seed 1), through ``fold``. ``[ev]`` for a switch to nobody."""
        new = getattr(ev, "new", None)
        if not new:
            return [ev]
        turn = self._turn(ev, ev.turn)
        k = next((i for i, e in enumerate(turn) if e is ev), None)
        if k is None:
            return [ev]

        def same(e: Event) -> bool:
            return e.kind == ev.kind and getattr(e, "new", None) == new

        lo = k
        while lo > 0 and same(turn[lo - 1]):
            lo -= 1
        hi = k + 1
        while hi < len(turn) and same(turn[hi]):
            hi += 1
        return turn[lo:hi]

    def switched_alike(self, ev: Event) -> bool:
        """Whether another man switched to ``ev``'s new man earlier in ``ev``'s turn (told
        before it): ``ev``'s switch is said as his joining them ("Tate turned on Kid too"),
        never "went after Kid instead" as if the others had not."""
        new = getattr(ev, "new", None)
        for e in self._turn(ev, ev.turn):
            if e is ev:
                return False
            if e.kind == ev.kind and new and getattr(e, "new", None) == new \
                    and e.character != ev.character:
                return True
        return False

    def spent_turn(self, ev: Event) -> list[str]:
        """The characters who spent ``ev``'s turn doing only what ``ev`` did (its kind:
        reloading), in log order: nobody of them fired, struck, drew or moved that turn.
        Told in one sentence ("Robert, Lee and Joe reloaded.") the first time asked, ``[]``
        after; ``[ev.character]`` alone is told as before."""
        key = f"spent:{ev.turn}:{ev.kind}"
        if key in self.seen:
            return [] if ev.character in self.last_miss.get(key, ()) else [ev.character]
        busy = {self.kinds.actor(e) for e in self._by_turn().get(ev.turn, ())
                if e.kind in self.kinds.actors or e.kind in self.kinds.moves}
        who = []
        for e in self._by_turn().get(ev.turn, ()):
            if e.kind == ev.kind and e.character not in busy and e.character not in who:
                who.append(e.character)
        if ev.character not in who:
            return [ev.character]
        self.seen.add(key)
        self.last_miss[key] = tuple(who)
        return who

    def loading_groups(self, ev: Event) -> list[list[Event]]:
        """The men of ``ev``'s turn who are only loading (``loading_declarations``: a shootout
        turn's reload under way), told together the first time one of them is: a list per
        sentence, of the men at the same stage (the first turn of the reload, or a later one:
        ``reload_streak``, ``reloading_before``) with the same kind of weapon ("Slim, James and Edwin keep loading
        their revolvers. Fred's hands are busy with his rifle."), in log order; ``[]`` after.
        Six "X's hands are busy with his revolver" in one turn read as a list told one line at
        a time (a generated Boot Hill fight, seed 102, turn 14, check136 N6). A declaration not of them:
        ``[[ev]]``."""
        mine = loading_declarations(self._by_turn().get(ev.turn, ()))
        if not any(e is ev for e in mine):
            return [[ev]]
        key = f"loading:{ev.turn}"
        if key in self.seen:
            return []
        self.seen.add(key)
        groups: dict[tuple[Any, ...], list[Event]] = {}
        for e in mine:
            w = e.reload if isinstance(e.reload, str) else None
            k = (self.reload_streak(e) > 1 or self.reloading_before(e), self.gun_noun(w),
                 self._missile(e.character, w)) \
                if w is not None else ("alone", id(e))
            groups.setdefault(k, []).append(e)
        return list(groups.values())

    def gun_noun(self, weapon: str | None, many: bool = False) -> str:
        """The plain noun of a weapon's name as the story tells it ("single-action revolver" ->
        "revolver", "Colt Peacemaker" -> "Colt"), for a list of men loading theirs; ``many``:
        its plural ("revolvers")."""
        if weapon is None:
            return ""
        if many:
            return inflection.plural(self.gun_noun(weapon))
        words = [w for w in self.scene.gun(weapon).split()
                 if w.lower() not in ("his", "her", "their", "the", "a", "an", "its", "other")]
        if not words:
            return weapon
        tail = words[-1]
        if len(words) > 1 and tail[:1].islower() and tail.replace("-", "").isalpha():
            return tail
        if len(words) > 1 and (words[0] in _BRANDS or tail in _BRANDS):
            return words[0] if words[0] in _BRANDS else tail
        return " ".join(words)

    def sides(self, people: list[str]) -> int:
        """How many sides ``people`` are of."""
        return len({self.chars[w].side for w in people if w in self.chars})

    def unfinished(self, ev: Event) -> list[str]:
        """The characters whose declared actions of ``ev``'s turn end the same way as
        ``ev``'s (``actions_unfinished``, the same ``why``), to be told in one sentence: the
        list the first time it is asked for in that turn, ``[]`` after."""
        key = f"unfinished:{ev.turn}:{ev.why}"
        if key in self.seen:
            return []
        self.seen.add(key)
        return [e.character for e in self._by_turn().get(ev.turn, ())
                if e.kind == ev.kind and e.why == ev.why]

    def answered(self, caller: str, turn: int, call: Event | None = None) -> bool | str | None:
        """Whether anyone on the other side fires in ``turn`` after ``caller``'s call (the
        event ``call``; without it, anywhere in the turn): True; None when they fired in the
        turn only before the call was made (the dice resolve a call after the caller's shots:
        the lead was flying already, not an answer) and a shot of it has been told already
        (``telling``); "" when none has (the call is told before them); False when nobody
        fired."""
        side = self.chars[caller].side if caller in self.chars else None
        before = False
        after = call is None
        # every ruleset's shots and blows (Gaslight's gl_shot, Weird West's ww_shot and
        # ww_fought...; a fresh user: a Gaslight call was told with no answer at all)
        attacks = self.kinds.shots | ATTACK_KINDS | {"shot_fired", "gun_fired"}
        for e in self._by_turn().get(turn, ()):
            if e is call:
                after = True
            elif e.kind in attacks and self.chars.get(attacker(e)) is not None \
                    and self.chars[attacker(e)].side != side:
                if after:
                    return True
                before = True
        if before and call is not None and not any(id(e) in self._told for e in
                                                   self._by_turn().get(turn, ())
                                                   if e.kind in attacks):
            # fired before the call by the dice, but the story tells the call first: no shot
            # has been told yet, so neither "the shooting has started" (a reader: answered so
            # before any shot was fired) nor an answer it was not: "" (the call alone)
            return ""
        return None if before else False

    def idle(self, ev: Event) -> str:
        """A man left idle (``stood_idle``) told briefly: the phrase of his reason
        (``idle_<reason>``), or "" when his last turn ended idle for the same reason (said
        once, again only when the reason changes, or after he has done something)."""
        if self._idle_before(ev):
            return ""
        group = "idle_" + ev.reason
        if group not in self.phrases.table:
            return ""
        # a fixed choice (by the turn and the man), drawing nothing from the phrase stream:
        # every other phrase of the write-up is the one it was before idle men were told
        k = ev.turn + sum(map(ord, ev.character))
        return self.say_fixed(group, k, a=ev.character)

    def _idle_before(self, ev: Event) -> bool:
        """Whether ``ev``'s man stood idle for the same reason the turn before."""
        key = id(self.events)
        if self._idles[0] != key:
            self._idles = (key, {(e.character, e.turn): e.reason for e in self.events
                                 if e.kind == "stood_idle"})
        return self._idles[1].get((ev.character, ev.turn - 1)) == ev.reason

    def telling(self, ev: Event) -> str:
        """Note that the beat of ``ev`` is being told now (story order, which is not always
        the dice's: a call to surrender may open the turn's prose). Returns ""."""
        self._told.add(id(ev))
        return ""

    # ------------------------------------------------------------------ names and pronouns
    def name(self, who: str, strong: bool = True) -> str:
        """The name to print: full at first mention, short after (bold in teaching mode)."""
        c = self.chars.get(who)
        if c is None:
            text = self.markup.escape(who)
        elif who in self.seen:
            text = self.markup.escape(self.shorts.get(who, c.short))
        else:
            self.seen.add(who)
            text = self.markup.escape(inflection.told_name(c.name))
        self._mention(who)
        return self.markup.strong(text) if strong and self.bold else text

    def names_afresh(self) -> str:
        """Forget which characters were named (story mode, after the rulings block at the top
        of the post: its lines name the men in full, "Herman Harmon checks Tactics", and the
        prose after it gave them only their short names, never a full first mention).
        Returns "" (called from a template)."""
        self.seen.difference_update(self.chars)
        self.sentence, self.before, self.since, self.topic = [], [], [], None
        return ""

    def _mention(self, who: str) -> None:
        if who in self.chars:
            self.sentence.append(who)
        if who == self.topic:
            self.since = []
        elif who in self.chars:
            self.since.append(who)

    def fights_on(self, who: str, ev: Event) -> bool:
        """Whether ``who`` shoots or strikes at anyone after ``ev`` in the fight: then a run
        of his is told as a run for ground, never as leaving the fight ("bolted from the
        fight" for a man who fires both barrels the turn after)."""
        after = False
        for e in self.events:
            if e is ev:
                after = True
                continue
            if after and (self.kinds.is_shot(e.kind) or e.kind in ATTACK_KINDS):
                if self.kinds.actor(e) == who or getattr(e, "attacker", None) == who:
                    return True
        return False

    def hit_again(self, shooter: str, target: str, turn: Any) -> int:
        """How many times ``shooter`` has already hit ``target`` this turn (hits told
        before): a later hit is told as another ("hit him again"; "a second bullet" only
        for the second), never as the first told anew. Records this hit."""
        key = f"hit:{shooter}>{target}"
        told, k = self.last_miss.get(key, (None, 0))
        k = k if told == turn else 0
        self.last_miss[key] = (turn, k + 1)
        return k

    def hits_before(self, who: str, ev: Event) -> int:
        """How many shots or blows (anyone's) hit ``who`` earlier in the fight than ``ev``
        (a shot, a blow, or a hit of one): "finds Chan a second time" only of his second hit
        of the fight, never of his third when the first came in an earlier turn (bh-saloon
        seed 11). A hit is a Boot Hill wound, a Weird West or Gaslight hit that did damage
        or not; the wounds of one shot (pellets) are one hit."""
        events, size, index = self._hits
        if events is not self.events or size != len(self.events):
            index = ({}, {})
            where, hits = index
            group = -1
            for i, e in enumerate(self.events):
                where[id(e)] = i
                k = e.kind
                if self.kinds.is_shot(k) or k in ATTACK_KINDS:
                    group = i
                elif k == "wound_taken" or k in ("ww_damage", "gl_damage"):
                    man = getattr(e, "character" if k == "wound_taken" else "target", None)
                    at = hits.setdefault(man, {})
                    at.setdefault(group if group >= 0 else i, i)
            self._hits = (self.events, len(self.events), index)
        where, hits = index
        pos = where.get(id(ev), len(self.events))
        if ev.kind in ("wound_taken", "ww_damage", "gl_damage"):
            own = next((g for g, i in hits.get(who, {}).items() if i == pos), None)
        else:
            own = pos
        return sum(1 for g, i in hits.get(who, {}).items() if i < pos and g != own)

    def in_cover(self, who: str, ev: Event) -> bool:
        """Whether ``who`` is in cover as ``ev`` happens (Violence: the roster's cover, then
        each move's, ``relocated``): only then may the covering fire be told as keeping him
        "behind cover", or his showing himself as "breaking cover" (vi-stage seed 1 told
        it of a woman in the open)."""
        cover = False
        for e in self.events:
            if e is ev:
                break
            if e.kind == "roster_listed":
                cover = any(f.name == who and f.cover for f in getattr(e, "fighters", ()))
            elif e.kind == "relocated" and getattr(e, "character", None) == who:
                cover = bool(getattr(e, "cover", False))
        return cover

    def blow_again(self, attacker: str, target: str, turn: Any) -> int:
        """How many blows of ``attacker`` have already landed on ``target`` this turn (told
        before): a later one is told as another ("Gus hits Dutch again"), never as the first
        told anew ("He clubs Dutch with the hammer. He brings the hammer down on Dutch.").
        Records this blow."""
        return self.hit_again(f"blow:{attacker}", target, turn)

    def twin_edges(self, ev: Event) -> tuple[tuple[float, float], ...]:
        """The range bands' edges (``edges``) of the other shots of ``ev``'s turn and kind
        between the same two men, either way, at the same distance (a shot and the return
        shot of the same count): ``gm_distance`` says one distance in one wording."""
        pair = {getattr(ev, "shooter", None), getattr(ev, "target", None)}
        edges = []
        for e in self._by_turn().get(getattr(ev, "turn", None), ()):
            if e is not ev and e.kind == ev.kind and getattr(e, "edges", None) \
                    and {e.shooter, e.target} == pair and e.distance == ev.distance:
                edges.append(tuple(e.edges))
            elif e.kind == "action_refused" and getattr(e, "reason", None) == "out_of_range" \
                    and {e.character, e.target} == pair:
                # The other man's gun cannot reach him at this distance (31.6 yards, a
                # scattergun reaching 30: the refusal's ``yards`` and ``reach``): its reach
                # is a limit this shot's distance is said against too ("just over 30
                # yards", never "about 30 yards" beside it).
                yards, reach = getattr(e, "yards", None), getattr(e, "reach", None)
                if yards is not None and reach is not None \
                        and yards == round(getattr(ev, "distance", -1), 1):
                    edges.append((reach, math.inf))
        return tuple(edges)

    def in_turn(self, kind: str, turn: Any, **match: Any) -> Event | None:
        """The first event of ``kind`` in ``turn`` whose fields equal ``match`` (a man's move
        of the turn, to say a gait modifier was for the gait he declared), else None."""
        for e in self._by_turn().get(turn, ()):
            if e.kind == kind and all(getattr(e, k, None) == v for k, v in match.items()):
                return e
        return None

    def last_of(self, kind: str, before: Event, **match: Any) -> Event | None:
        """The last event of ``kind`` before ``before`` in the fight whose fields equal
        ``match`` (Gaslight's covering given up: the "set" it ends), else None."""
        found = None
        for e in self.events:
            if e is before:
                break
            if e.kind == kind and all(getattr(e, k, None) == v for k, v in match.items()):
                found = e
        return found

    def next_of(self, kind: str, after: Event, **match: Any) -> Event | None:
        """The first event of ``kind`` after ``after`` in the fight whose fields equal
        ``match`` (Gaslight: a shooter firing at the same man again later in the round, so a
        miss is never told "and Halloran was untouched" before his next shots hit), else
        None."""
        seen = False
        for e in self._by_turn().get(getattr(after, "turn", None), ()) \
                if "turn" in match else self.events:
            if seen and e.kind == kind and all(getattr(e, k, None) == v
                                               for k, v in match.items()):
                return e
            if e is after:
                seen = True
        return None

    def first(self, key: str) -> bool:
        """True the first time ``key`` is asked about (to explain a ruling only once)."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def missed_again(self, shooter: str, turn: int, missed: bool) -> bool:
        """True when ``shooter``'s previous shot this turn also missed and was the last thing
        told (for "fires again": never of his first shot, nor after another man's beat)."""
        key = f"miss:{shooter}"
        before = self.last_miss.get(key) == turn and self.topic == shooter
        if missed:
            self.last_miss[key] = turn
        else:
            self.last_miss.pop(key, None)
        return missed and before

    def nth_shot(self, ev: Event) -> str:
        """Which of its shooter's shots of the turn the shot ``ev`` is, as a word for a miss
        told as another ("His second shot went wide too"): "second", "third"... up to
        "sixth"; "next" when that cannot be counted (a fanned run before it, a seventh shot,
        the first). Duds are not shots."""
        return _NTH.get(self.shot_index(ev), "next")

    def shot_index(self, ev: Event) -> int:
        """Which of its shooter's shots of the turn the shot ``ev`` is: 1 for his first, 2
        for his second...; 0 when that cannot be counted (a fanned run or a volley of several
        shots before it or in it). Duds are not shots. A shotgun's second barrel (2) is told
        as the second barrel, never with the first one's boom again; a jam on a second shot
        as that shot going wild, never as one more shot."""
        who = self.kinds.actor(ev)
        k = 0
        for e in self._turn(ev, getattr(ev, "turn", None)):
            if self.kinds.is_shot(e.kind) and self.kinds.actor(e) == who \
                    and getattr(e, "turn", None) == ev.turn \
                    and getattr(e, "result", "") != "dud":
                if getattr(e, "fanned", 0) or getattr(e, "shots", 1) != 1:
                    return 0
                k += 1
            if e is ev:
                break
        return k

    def hurt_before(self, who: str, ev: Event) -> bool:
        """Whether ``who`` took a wound earlier in ``ev``'s turn (a Boot Hill wound, a Weird
        West hit that did damage, a Gaslight hit): a miss at him then is not told as his luck
        ("Herman is lucky" right after his head wound read wrong)."""
        for e in self._turn(ev, getattr(ev, "turn", None)):
            if e is ev:
                return False
            k = e.kind
            if (k == "wound_taken" and getattr(e, "character", None) == who) or \
                    (k in ("ww_damage", "gl_damage") and getattr(e, "target", None) == who
                     and getattr(e, "total", 1)):
                return True
        return False

    def missed_last(self, ev: Event) -> bool:
        """Whether the shot before ``ev`` of its shooter this turn was at the same man and
        did not wound him (a miss, a dud, a bullet his cover stopped): only then may a hit be
        told "this time" ("This time the bullet from Ruth's rifle finds Bob" after her shot
        that hit Ed read as if she had missed Bob)."""
        who = self.kinds.actor(ev)
        events = self._turn(ev, getattr(ev, "turn", None))
        last = None
        for i, e in enumerate(events):
            if e is ev:
                break
            if self.kinds.is_shot(e.kind) and self.kinds.actor(e) == who \
                    and getattr(e, "turn", None) == ev.turn:
                last = i
        if last is None:
            return False
        prev = events[last]
        if getattr(prev, "target", None) != getattr(ev, "target", None):
            return False
        for e in events[last + 1:]:
            if e is ev or (self.kinds.is_shot(e.kind) and self.kinds.actor(e) == who):
                break
            if e.kind == "wound_taken" and getattr(e, "character", None) == ev.target:
                return False
        return True

    def _landmark_ref(self, value: Any) -> Any:
        """A landmark of the map whose name has more words than its head noun ("the stair
        banister") is told by its name the first time, then by the head noun three times for
        each time by name ("the banister"): never the whole name a dozen times in a story (g-ww
        seed 3 named "the stair banister" 11 times, fresh-user trial 18). Any other place
        (one word, "the open ground near ...", a man's horse) as it is."""
        text, many = value if isinstance(value, tuple) else (value, None)
        if not isinstance(text, str):
            return value
        low = re.sub(r"^the ", "", text.lower())
        if low not in self._landmark_names() or "'s " in low:  # (a man's horse: his)
            return value
        parts = re.split(r" (?:of|on|in|at|by|near|under|behind) ", text)
        words = parts[0].split()
        if len(parts) == 1 and len(words) < (3 if words[0].lower() == "the" else 2):
            return value  # one word
        if len(parts) == 1 and words[-1] in _PART_NOUNS:  # "the cave mouth": "the cave"
            words = words[:-1]
            if len(words) < 2:
                return value
        if not re.fullmatch(r"[a-z]+", words[-1]):  # (a proper noun's last word)
            return value
        k = self._landmarks_told.get(low, 0)
        self._landmarks_told[low] = k + 1
        if k % 4 == 0:
            return value
        head = "the " + words[-1]
        return (head, many) if isinstance(value, tuple) else head

    def _landmark_names(self) -> frozenset[str]:
        if self._landmark_set is None or self._landmark_set[0] is not self.landmarks:
            self._landmark_set = (self.landmarks, frozenset(
                re.sub(r"^the ", "", str(name).lower()) for _, name in self.landmarks))
        return self._landmark_set[1]

    def short(self, who: str) -> str:
        """The short name, escaped, never bold (worked out once per name: the rolls lines
        ask for it hundreds of times a write-up)."""
        text = self._short_said.get(who)
        if text is None:
            c = self.chars.get(who)
            text = self._short_said[who] = self.markup.escape(
                self.shorts.get(who, c.short) if c else who)
        return text

    def _pronouns(self, who: str | None) -> tuple[str, str, str, str]:
        p = self.chars[who].pronoun if who in self.chars else "he"
        return _PRONOUNS[p]

    def places(self, places: list[str]) -> str:
        """Where one shot's wounds are, joined ("in the right leg, high in the chest and in
        the gut"); the two arms or legs through the same words are said once ("through both
        forearms", never "through the left forearm and through the right forearm")."""
        out = list(places)
        for i, p in enumerate(out):
            m = _SIDED.match(p)
            if not m:
                continue
            other = f"{m.group(1)}the {'right' if m.group(2) == 'left' else 'left'} {m.group(3)}"
            if other in out[i + 1:]:
                out[i] = f"{m.group(1)}both {inflection.plural(m.group(3))}"
                out.remove(other)
        return inflection.join(out)

    def upright(self, names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
        """``("upright",)`` when none of ``names`` lies prone in the last status of the fight
        (a phrase tagged ``<upright>`` says "still standing", "on their feet"), else
        ``("prone",)`` (``<prone>``: "still in the fight"):
        a man lying prone at the end (Deputy Crane, sniping from the ground) is still in the
        fight, never "still standing"."""
        for e in reversed(self.events):
            status = getattr(e, "status", None)
            if isinstance(status, (list, tuple)) and status and hasattr(status[0], "name"):
                prone = {c.name for c in status if getattr(c, "prone", False)}
                return ("prone",) if prone.intersection(names) else ("upright",)
        return ("upright",)

    def pronoun(self, who: str, case: str = "subj") -> str:
        """"he"/"him"/"his" (``case`` subj, obj, poss) for the character's pronoun."""
        return self._pronouns(who)[("subj", "obj", "poss").index(case)]

    def whose(self, who: str, weapon: str, by: str | None = None) -> str:
        """A weapon told as ``who``'s, escaped: "his Colt", "her shotgun"; a name that says
        its owner ("Pa's shotgun", the engine's "Alf's thrown knife" of a knife picked up
        from Alf) as it is, never "her Pa's shotgun" (``inflection.whose``). ``by``: a
        man's name (markup) told instead of the pronoun, "**Florence**'s revolver" (of
        "Pa's revolver" too: never "Florence's Pa's revolver"). Every template and phrase
        that puts the holder's pronoun or name before a weapon's name says it here."""
        if by is not None:
            return inflection.whose(by + "'s", self.markup.escape(weapon), named=True)
        return inflection.whose(self._pronouns(who)[2], self.markup.escape(weapon))

    def the_weapon(self, weapon: str) -> str:
        """A weapon told with "the", escaped: "the Colt"; a name that says its owner as it
        is ("Pa's shotgun", never "the Pa's shotgun": ``inflection.the_weapon``). At a
        sentence's start: ``n.the_weapon(w)|ucfirst``."""
        return inflection.the_weapon(self.markup.escape(weapon))

    def verb(self, who: str, singular: str, plural: str) -> str:
        """``singular`` or ``plural`` to agree with the character's pronoun as the subject
        (teaching mode): "they count", "she counts". Only after his pronoun: after his name
        the verb is singular whatever the pronoun ("Sam goes Down"), so a template writes it
        out there."""
        p = self.chars[who].pronoun if who in self.chars else "he"
        return plural if p == "they" else singular

    def initiative(self, ev: Event) -> list[str]:
        """The sides a turn's initiative winner may be told to have beaten: ``[]`` (tell
        nothing) unless the turn's first shot is fired by the winner's side and the
        initiative changed hands since it was last told; else the other sides that shoot or
        move this turn, in declaration order."""
        side_of = {n: c.side for n, c in self.chars.items()}
        acts: list[str] = []
        first = None
        for e in self._by_turn().get(ev.turn, ()):
            if e.kind == "shot_fired" and first is None:
                first = side_of.get(e.shooter)
            who = getattr(e, "shooter", None) if e.kind == "shot_fired" else (
                getattr(e, "character", None) if e.kind in ("moved", "reloaded") else None)
            if who in side_of and side_of[who] not in acts:
                acts.append(side_of[who])
        others = [x for x in ev.declare_order if x != ev.winner and x in acts]
        if first != ev.winner or not others or not self.changed("initiative", ev.winner):
            return []
        return others

    def changed(self, key: str, value: Any) -> bool:
        """Whether ``value`` differs from the one last given for ``key`` (the initiative is
        told when it changes hands, not every turn)."""
        before = self.last_miss.get("changed:" + key, None)
        self.last_miss["changed:" + key] = value
        return before != value

    def lately(self, who: str, act: str, turn: int, within: int = 3) -> bool:
        """Whether ``act`` ("flee", "reload") of ``who`` was told fewer than ``within``
        turns before ``turn`` (then a "keeps running" is left out: no chorus); records
        ``turn`` as told when it was not."""
        key = f"lately:{act}:{who}"
        before = self.last_miss.get(key)
        if before is not None and turn - before < within:
            return True
        self.last_miss[key] = turn
        return False

    def last_act(self, who: str, key: str) -> str | None:
        """What ``previously`` last recorded for ``who`` and ``key``, recording nothing."""
        return self.last_miss.get(f"prev:{key}:{who}")

    def previously(self, who: str, key: str, act: str) -> str | None:
        """What ``who`` did the last time a ``key`` beat of his was told ("fumble" before a
        draw that works: "at last he got it clear"); records ``act`` as the latest. Returns the
        act before, or None the first time."""
        slot = f"prev:{key}:{who}"
        before = self.last_miss.get(slot)
        self.last_miss[slot] = act
        return before

    def reload_streak(self, ev: Event) -> int:
        """Which shootout turn of reloading in a row the declaration ``ev`` (an
        ``intent_declared`` with a reload) is, 1 to 6: six in a row with no shot load one
        combat turn's worth (000 l.497; the engine's ``reload_streak``), so a reload declared
        five turns running shows nothing loaded until the sixth. 0: not a shootout turn (a
        combat turn's reload is told by its own line)."""
        kind, reloading, fired, done = self._reload_record(ev)
        turn = getattr(ev, "turn", None)
        if kind.get(turn) != "shootout":
            return 0
        n = 0
        t = turn
        while kind.get(t) == "shootout" and reloading.get(t) and t not in fired:
            n += 1
            t -= 1
            if t in done:  # the turn before loaded: this streak starts after it
                break
        return (n - 1) % 6 + 1 if n else 0

    def _reload_record(self, ev: Event) -> tuple[dict[int, str], dict[int, bool], set[int],
                                                  set[int]]:
        """For ``ev``'s man, up to ``ev``: each turn's kind, whether he declared a reload in it,
        the turns he fired in and those whose reload put rounds in (``reloaded``)."""
        who = getattr(ev, "character", None)
        kind: dict[int, str] = {}
        reloading: dict[int, bool] = {}
        fired: set[int] = set()
        done: set[int] = set()
        for e in self.events:
            k = e.kind
            if k == "turn_started":
                kind[e.turn] = e.turn_kind
            elif k == "intent_declared" and e.character == who:
                reloading[e.turn] = bool(e.reload)
            elif k == "shot_fired" and getattr(e, "shooter", None) == who:
                fired.add(e.turn)
            elif k == "reloaded" and e.character == who:
                done.add(e.turn)
            if e is ev:
                break
        return kind, reloading, fired, done

    def reloading_before(self, ev: Event) -> bool:
        """Whether ``ev``'s man (a reload's ``intent_declared`` or ``reloaded``) spent the turn
        before reloading too, without a shot: his loading goes on ("keeps loading"), never
        "starts" after six turns of it (fresh user 23, bh.yaml seed 232: "Lefty starts loading
        her revolver" in the tenth turn of it)."""
        kind, reloading, fired, _ = self._reload_record(ev)
        t = getattr(ev, "turn", 0) - 1
        return bool(reloading.get(t)) and t not in fired

    def reload_lost(self, ev: Event) -> int:
        """The shootout turns of reloading that a combat turn's reload (``ev``) throws away:
        those since his last round went in, fewer than the six in a row that load one combat
        turn's worth (000 l.497, "six consecutive turns to get any benefit"; the engine's
        ``reload_streak`` is reset by a combat turn). 0: none, or ``ev`` is no combat turn's."""
        kind, reloading, fired, done = self._reload_record(ev)
        turn = getattr(ev, "turn", 0)
        if kind.get(turn) != "combat":
            return 0
        n = 0
        t = turn - 1
        while kind.get(t) == "shootout" and reloading.get(t) and t not in fired:
            if t in done:  # his sixth in a row: what came before it loaded
                break
            n += 1
            t -= 1
        return n % 6

    def reload_lost_note(self, ev: Event) -> str:
        """For a combat turn's reload that throws shootout turns of loading away
        (``reload_lost``, ruling B16): `` (the N shootout turns of loading before it count for
        nothing: ...)`` of a declaration (``intent_declared``), `` The N shootout turns ...``
        of the rolls line (``reloaded``); else ""."""
        k = self.reload_lost(ev)
        if not k:
            return ""
        turns = "shootout turn" if k == 1 else f"{k} shootout turns"
        lost = (f"the {turns} of loading before it count{'s' if k == 1 else ''} for nothing: "
                f"only six in a row load, and a combat turn ends the count")
        if ev.kind == "reloaded":
            return f" {lost[0].upper()}{lost[1:]} (ruling B16)."
        return f" ({lost})"

    def _fails_before(self, ev: Event) -> int:
        """How many failed fast draws of ``ev``'s man (``ev``: a ``draw_made``) come in a row
        before it in the log, back to his last draw that worked (000 l.209-221: a failed fast
        draw is tried again); 0: none."""
        fails = 0
        who = getattr(ev, "character", None)
        for e in self.events:
            if e is ev:
                break
            if e.kind == "draw_made" and e.character == who:
                fails = 0 if e.success else fails + 1
        return fails

    def draw_try(self, ev: Event) -> tuple[str, ...]:
        """The phrase tags of a draw (``ev``, a ``draw_made``) made after failed fast draws of
        the same man (``_fails_before``): ``("once",)`` after one ("at the second try"),
        ``("often",)`` after two or more ("at the third try", "at last"), ``()`` after none."""
        fails = self._fails_before(ev)
        return () if fails == 0 else ("once",) if fails == 1 else ("often",)

    def draw_nth(self, ev: Event) -> str:
        """The ordinal word of the try ``ev`` (a ``draw_made``) is, counting the failed fast
        draws in a row before it (``_fails_before``): "first", "second", "third"... ("" past
        the tenth)."""
        fails = self._fails_before(ev)
        words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                 "ninth", "tenth")
        return words[fails] if fails < len(words) else ""

    def switched_from(self, ev: Event) -> str | None:
        """The gun ``ev``'s man (``ev``: a ``draw_made``) last had in hand, when it is another
        than the one he draws now: the weapon of his last shot or of his last draw that
        worked before ``ev`` in the log. None when he had none out, or had this one ("Nellie
        turns to her revolver now", never "pulls her revolver the ordinary way" for a
        revolver she fired two turns before the scattergun)."""
        who = getattr(ev, "character", None)
        last = None
        for e in self.events:
            if e is ev:
                break
            if e.kind == "shot_fired" and e.shooter == who or (
                    e.kind == "draw_made" and e.character == who and e.success):
                last = e.weapon
        return last if last is not None and last != getattr(ev, "weapon", None) else None

    def gives_up(self, who: str, turn: int, after: Event | None = None) -> bool:
        """Whether ``who`` surrenders, flees or goes down in ``turn`` (after the event
        ``after``, when given): a wound before that is not told as "he fought on", "he stayed
        up"."""
        seen = after is None
        for e in self._turn(after, turn):
            if e is after:
                seen = True
                continue
            if not seen or getattr(e, "turn", None) != turn:
                continue
            k = e.kind
            if getattr(e, "character", None) == who and (
                    k in ("passed_out", "died", "knocked_out", "gl_down")
                    or (k == "injury_rolled" and e.result == "down")
                    or (k == "wound_taken" and e.mortal is not None
                        and e.mortal.outcome in ("killed", "dying"))):
                return True
            if k == "morale_checked" and e.routed and who in e.members:
                return True
            if k == "moved" and e.character == who and self.motion(e).get("way") == "away" \
                    and getattr(e, "destination", None) is None:
                return True  # he runs from the enemy: not "he stayed in the fight"
        return False

    def heading(self, ev: Event) -> str | None:
        """The enemy a move (``moved``) or declared move (``intent_declared``) to a point of
        the map closes on: the enemy on his feet nearest the mover at the start of the turn,
        when the move brings the mover nearer him and the point is within 3 yards of him, or
        it brings him nearer by more than a third of its length (as ``motions`` reads a move
        "towards" him): never of a move that ends farther from him; but a
        man he declared that turn he shoots at whom the move brings nearer so first; else
        None (a landmark's name, or "open ground", says where). "Runs towards Dutch", never
        "runs towards open ground" for a man who rushes Dutch."""
        dest = getattr(ev, "destination", None)
        if dest and _POINT.match(dest):
            x, y = (float(v) for v in _POINT.match(dest).groups())
        elif not dest and ev.kind == "moved" and getattr(ev, "end", None) is not None:
            x, y = ev.end  # a tactics move recorded without its point: where it ended
        else:
            return None
        at, down, sides, start, best = self._nearest_foe(ev, (x, y))
        if best is None:
            return None
        declared = ev if ev.kind == "intent_declared" else self.in_turn(
            "intent_declared", getattr(ev, "turn", None), character=ev.character)
        aims = tuple(getattr(declared, "targets", ()) or ())
        if getattr(declared, "melee_target", None) and getattr(declared, "melee", None) in (
                "strike", "grapple"):  # (the man he means to hit, first: as ``motions``)
            aims = (declared.melee_target,) + aims
        aimed = _closes_on(aims, start, (x, y), at, down, sides, ev.character)
        if aimed is not None:  # the man he declared he shoots at, when he closes on him
            return aimed
        before, who, pos = best
        after = math.dist((x, y), pos)
        if after >= before:  # (he ends no nearer him: never "towards" him)
            return None
        return who if after <= 3 or after < before - math.dist(start, (x, y)) / 3 else None

    def leaving(self, ev: Event) -> str | None:
        """The enemy a move (``moved``) recorded without a point of the map, or a move
        declared to a point (``intent_declared``: the point is where it ends), leaves behind:
        the enemy on his feet nearest the mover at the start of the turn (as ``heading``
        reads him), when the move ends farther from him; else None. "Walks away from
        Hattie" for a man who eased back from her, never "walks towards Hattie". A move
        leaves the man its declaration left when it ends farther from him still (the two
        lines tell one move: "runs away from Hiram" declared, not "runs away from Jo" made
        because Jo ran in nearer first)."""
        end = getattr(ev, "end", None)
        if ev.kind == "intent_declared":
            point = _POINT.match(getattr(ev, "destination", None) or "")
            end = tuple(float(v) for v in point.groups()) if point else None
        elif ev.kind != "moved" or getattr(ev, "destination", None):
            return None
        if end is None:
            return None
        at, down, _, start, best = self._nearest_foe(ev, tuple(end))
        if ev.kind == "moved":   # the man its declaration leaves, when it leaves him still
            declared = self.in_turn("intent_declared", getattr(ev, "turn", None),
                                    character=ev.character)
            said = self.leaving(declared) if declared is not None else None
            if said in at and said not in down and (
                    math.dist(tuple(end), at[said]) > math.dist(start, at[said]) + 1e-9):
                return said
        if best is None:
            return None
        before, who, pos = best
        return who if math.dist(tuple(end), pos) > before + 1e-9 else None

    def declared_heading(self, ev: Event) -> str | None:
        """The enemy a move (``moved``) recorded without a point of the map was declared
        towards (``heading`` of its ``intent_declared``), when the move brings him nearer
        him as the men stand when he moves, else None: "runs towards Lem" declared is "runs
        towards Lem" made, not "towards the open ground near the corral fence"."""
        if ev.kind != "moved" or getattr(ev, "destination", None) or ev.end is None:
            return None
        declared = self.in_turn("intent_declared", getattr(ev, "turn", None),
                                character=ev.character)
        foe = self.heading(declared) if declared is not None else None
        if foe is None:
            return None
        at, down, _, start, _ = self._nearest_foe(ev, tuple(ev.end))
        if foe not in at or foe in down:
            return None
        return foe if math.dist(tuple(ev.end), at[foe]) < math.dist(start, at[foe]) else None

    def declared_point(self, ev: Event) -> str | None:
        """The point of the map (``"11.3,-7.6"``) a move (``moved``) recorded without one was
        declared to that turn (a tactics move to open ground), else None: the move's line
        says the place its declaration said ("runs towards the open ground near the freight
        wagon" then "runs away from Ezra, towards the open ground near the freight wagon",
        not "runs away from Ezra" alone: a fresh user, session 22)."""
        if ev.kind != "moved" or getattr(ev, "destination", None):
            return None
        declared = self.in_turn("intent_declared", getattr(ev, "turn", None),
                                character=ev.character)
        dest = getattr(declared, "destination", None) if getattr(declared, "gait", None) \
            else None
        return dest if dest and _POINT.match(dest) else None

    def _nearest_foe(self, ev: Event, fallback: tuple[float, float]) -> tuple[
            dict, frozenset, dict, tuple[float, float], tuple[float, str, Any] | None]:
        """Where the men stand as the mover of ``ev`` (a ``moved`` or ``intent_declared``)
        sets off, and the enemy on his feet nearest him: ``(at, down, sides, start, best)``,
        ``best`` being ``(yards, name, position)`` or None. For a ``moved``, the men down by
        then, earlier in the turn, are left out and those who moved before him stand where
        they ended; ``start`` is his own start (``fallback`` when it is not known)."""
        at, down, sides = self._turn_start(getattr(ev, "turn", None))
        if ev.kind == "moved":
            down = down | self._down_at().get(id(ev), frozenset())
            moved = self._moved_at().get(id(ev))
            if moved:
                at = {**at, **{k: v for k, v in moved.items() if k != ev.character}}
        start = tuple(getattr(ev, "start", None) or at.get(ev.character, fallback))
        mine = sides.get(ev.character)
        best = None
        for who, pos in at.items():
            if who in down or sides.get(who) == mine or who == ev.character:
                continue
            d = math.dist(start, pos)
            if best is None or d < best[0]:
                best = (d, who, pos)
        return at, down, sides, start, best

    def _turn_start(self, turn: Any) -> tuple[dict[str, tuple[float, float]], set[str],
                                              dict[str, str]]:
        """(positions, men down, sides) at the start of ``turn``, read from the log once (the
        characters' start, then each turn's status and the falls before it; a GM's edits of
        ``condition`` at the start of the turn, and a man they pass out, count as before it:
        a man edited dead is nobody's heading; an edit of ``at`` puts him where the turn's
        tactics found him, as the engine does)."""
        if self._starts is None:
            starts: dict[Any, tuple[dict[str, tuple[float, float]], set[str]]] = {}
            first = self.events[0] if self.events else None
            pos = {c.name: tuple(c.at) for c in getattr(first, "characters", ())
                   if getattr(c, "at", None)}
            down: set[str] = set()
            opening = None  # the turn whose GM's edits (and what they cause) come first
            for e in self.events:
                if e.kind == "turn_started":
                    starts[e.turn] = (dict(pos), set(down))
                    opening = e.turn
                elif e.kind == "turn_ended":
                    for st in getattr(e, "status", ()):
                        if getattr(st, "at", None):
                            pos[st.name] = tuple(st.at)
                elif e.kind == "state_adjusted" and e.field == "at" and opening is not None \
                        and _POINT.match(str(e.value)):  # the GM moved him: the turn's start
                    spot = tuple(float(v) for v in _POINT.match(str(e.value)).groups())
                    pos[e.character] = starts[opening][0][e.character] = spot
                elif e.kind not in ("state_adjusted", "passed_out", "gl_down", "ww_winded"):
                    opening = None
                _down_after(e, down)
                if opening is not None and e.kind != "turn_started":  # the edited start
                    starts[opening] = (starts[opening][0], set(down))
            self._starts = starts
            self._sides = {n: c.side for n, c in self.chars.items()}
        at, down = self._starts.get(turn, ({}, set()))
        return at, down, self._sides

    def gm_back(self, ev: Event) -> str:
        """The phrase group telling a GM's edit that brings a man back into the fight
        (``state_adjusted`` of ``condition`` to active, play-by-post) in the story: "gm_back_round"
        ("Dodd comes round and is back in the fight.") for a man who was down senseless,
        winded or knocked out as the last turn ended, "gm_back" ("Luis is back in the fight.")
        for one who had given up, fled or was dying; "" for any other edit, or a man who was
        up (his status at the last turn's end says so). Before, the story never said it:
        Dodd, down senseless, just "reloads with shaking fingers" the next round."""
        if ev.kind != "state_adjusted" or ev.field != "condition" or ev.value != "active":
            return ""
        before = None
        for e in self.events:
            if e is ev:
                break
            if e.kind == "turn_ended":
                for st in getattr(e, "status", ()):
                    if st.name == ev.character:
                        before = st.condition
        if before is None or before == "active":
            return ""
        return "gm_back_round" if before in _SENSELESS else "gm_back"

    def gm_placed(self, ev: Event) -> dict[str, Any]:
        """Where a GM's edit of a man's position (``state_adjusted`` of field ``at``, value
        "14, 2" or "[14, 2]", yards) puts him, as the story names places: ``{"landmark":
        name, "at": "by"|"behind"|"in"}`` for a landmark of the map within
        ``GM_AT_LANDMARK`` yards (the nearest), else ``{"enemy": name, "yards": float}``, the
        nearest man of another side on his feet as the turn opens, else ``{}``."""
        nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", str(ev.value))]
        if len(nums) != 2:
            return {}
        spot = (nums[0], nums[1])
        first = self.events[0] if self.events else None
        places = sorted(((math.dist(spot, tuple(p.at)), p.name)
                         for p in getattr(first, "places", ()) or ()), key=lambda t: t[0])
        if places and places[0][0] <= GM_AT_LANDMARK:
            name = places[0][1]
            at = self.scene.at(name)
            return {"landmark": name, "at": "by" if at == "behind" else at}
        pos, down, sides = self._turn_start(ev.turn)
        pos = dict(pos)
        pos[ev.character] = spot
        enemies = _active_enemies(pos, sides, down, ev.character)
        return {"enemy": enemies[0][0], "yards": enemies[0][1]} if enemies else {}

    def wall(self, who: str, turn: Any) -> tuple[str, ...]:
        """``("wall",)``, the phrase context of a man by a wall, when ``who`` falls where
        a wall is: anywhere indoors, or within ``WALL_YARDS`` of a landmark with walls (its key
        or name has a word of vocabulary.toml's ``[place] walls``: "the ferry house", "the
        smithy") as ``turn`` starts; else ``()`` ("slumps against the nearest wall" is never
        told on a ferry landing's open ground, 32 yards from the ferry house)."""
        if self.scene.indoors:
            return ("wall",)
        pos = self._turn_start(turn)[0].get(who)
        first = self.events[0] if self.events else None
        if pos is None or first is None:
            return ()
        for p in getattr(first, "places", ()):
            named = f"{p.key.replace('_', ' ')} {p.name}".lower()
            if getattr(p, "at", None) is not None and math.dist(pos, tuple(p.at)) <= WALL_YARDS \
                    and any(_word_re(w).search(named) for w in self.scene.wall_words):
                return ("wall",)
        return ()

    def goal(self, ev: Event, landmark: bool = False) -> str | None:
        """Where a move (``moved``) that closes on no enemy goes, told by the map when every
        enemy is down: the landmark he ends within 3 yards of ("the smithy"), else the open
        ground near the landmark nearest his end, within 10 yards, when the move brings him
        nearer it ("the open ground near the smithy"); else None (a move told with no
        place). Never a landmark he moves away from. ``landmark``: the landmark itself
        either way, for a move told towards it ("rides on towards the ferry house")."""
        start, end = getattr(ev, "start", None), getattr(ev, "end", None)
        first = self.events[0] if self.events else None
        places = [(p.name, tuple(p.at)) for p in getattr(first, "places", ())
                  if getattr(p, "at", None) is not None]
        if start is None or end is None or not places:
            return None
        d, name, at = min((math.dist(tuple(end), at), name, at) for name, at in places)
        if d > 10 or math.dist(tuple(start), at) <= d:
            return None
        return inflection.the(name) if d <= 3 or landmark else \
            "the open ground near " + inflection.the(name)

    def in_saddle(self, ev: Event) -> bool:
        """Whether the shooter of ``ev`` (a shot) moves on horseback in its turn: his gait
        is his horse's (000 Table 3), so his "shooting while walking" is told "from the
        saddle at a walk". His move of the turn decides (in the saddle as it starts and not
        getting down, or getting up: the gait of a move that mounts is the horse's);
        without one, whether he is in the saddle when he fires."""
        who = getattr(ev, "shooter", None) or getattr(ev, "character", None)
        mv = self.in_turn("moved", getattr(ev, "turn", None), character=who)
        if mv is None:
            return self.riding(ev, who)
        return bool((self.riding(mv) and not mv.dismounted) or mv.mounted)

    def riding(self, ev: Event, who: str | None = None) -> bool:
        """Whether the mover of ``ev`` (a ``moved`` event) is in the saddle as it starts: his
        ``mounted`` at the start, then each turn's status, a GM's edit of ``mounted`` and his
        own moves that mount or dismount, before ``ev`` (000 Table 3: a rider's gaits are his
        horse's, walking, trotting, galloping). ``who``: another man than the event's
        ``character`` (a shot's shooter: whether he is in the saddle as it is fired). An event
        not of the fight: as the fight ends."""
        who = who or ev.character
        seats, last = self._seats()
        return seats.get(id(ev), last).get(who, False)

    def _seats(self) -> tuple[dict[int, dict[str, bool]], dict[str, bool]]:
        """Who is in the saddle before each event of the fight (by ``id``), from one pass over
        the events, and after the last: ``riding``'s answers. The mapping of men is copied only
        where it changes (a start, a turn's status, an edit, a move)."""
        if self._saddles is None or self._saddles[0] is not self.events:
            on: dict[str, bool] = {}
            seats: dict[int, dict[str, bool]] = {}
            for e in self.events:
                seats[id(e)] = on
                k = e.kind
                if k == "fight_started":
                    on = {c.name: bool(getattr(c, "mounted", False)) for c in e.characters}
                elif k == "turn_ended":
                    on = {st.name: bool(getattr(st, "mounted", False)) for st in e.status}
                elif k == "state_adjusted" and e.field == "mounted":
                    on = {**on, e.character: e.value == "True"}
                elif k == "moved":
                    on = {**on, e.character: (on.get(e.character, False) or e.mounted)
                          and not e.dismounted}
            self._saddles = (self.events, seats, on)
        return self._saddles[1], self._saddles[2]

    def down_before(self, who: str, ev: Event) -> bool:
        """Whether ``who`` went down (passed out, knocked cold, dying or dead) earlier in
        ``ev``'s turn than ``ev``: a shot of the same count that still hits him is told as
        hitting a falling man, never as one who "stayed on his feet"."""
        return who in self._down_at().get(id(ev), ())

    def fell_firing(self, ev: Event) -> bool:
        """Whether the shooter of ``ev`` (a shot) went down earlier in its turn to a shot
        of the same count: the two were fired at the same moment (equal speeds, B14's
        ``groups``), so his shot is told as made in the same instant, never as a man told
        dying who fires after he falls ("He falls, with only seconds left to him. His bullet
        strikes Ada": bh-redrock seed 4417)."""
        who, count = getattr(ev, "shooter", None), getattr(ev, "count", None)
        if who is None or count is None or not self.down_before(who, ev):
            return False
        down: set[str] = set()
        at = None
        for e in self._turn(ev, ev.turn):
            if e is ev:
                break
            if e.kind in ("shot_fired", "blow_struck"):
                at = getattr(e, "count", None)
            elif who not in down:
                _down_after(e, down)
                if who in down:
                    return at == count
        return False

    def same_instant(self, text: str) -> str:
        """A shot's told sentence (``text``) opened by "In the same instant," for a shooter who
        fell to a shot of the same moment (``fell_firing``): "In the same instant, his bullet
        strikes Ada square in the chest." (its opening word made lower case unless it is a
        word of a man's name, "Gus's bullet": "Nothing comes of Cole's second shot" came out
        "In the same instant, Nothing comes of ...", Red Rock seed 4505)."""
        lead = self.say("same_instant")
        first = text.split(" ", 1)[0]
        mark = len(first) - len(first.lstrip("*_[]<>/"))  # markup before the word
        word = re.sub(r"[*_\[\]<>/]", "", first).strip(".,;:")  # "**Gus**'s": Gus's
        if word[:1].isupper() and (word in _LOWER_OPENERS
                                   or re.sub(r"['’]s?$", "", word) not in self._name_words()):
            text = text[:mark] + text[mark].lower() + text[mark + 1:]
        return f"{lead} {text}"

    def _down_at(self) -> dict[int, frozenset[str]]:
        """For each shot and move of the log (by ``id``; Gaslight's runs of shots too): the
        men who went down earlier in its turn, from one pass over the events
        (``down_before``, ``heading``)."""
        if self._downs is None or self._downs[0] is not self.events:
            at: dict[int, frozenset[str]] = {}
            down: set[str] = set()
            turn = None
            for e in self.events:
                if getattr(e, "turn", turn) != turn:
                    turn, down = e.turn, set()
                k = e.kind
                if k == "shot_fired" or k == "moved" or k == "gl_volley":
                    at[id(e)] = frozenset(down) if down else _NOBODY
                elif k in _DOWN_KINDS:
                    _down_after(e, down)
            self._downs = (self.events, at)
        return self._downs[1]

    def sought(self, who: str, whom: str, turn: int) -> bool:
        """Whether ``who`` tried for ``whom`` in ``turn`` (declared a shot or blow at him, or
        was refused one: out of sight in the dark), or ``whom`` is his only foe still on his
        feet as the turn starts: only then "Kate still sees nothing of Ezra in the dark" (of
        a woman whose shot that turn was at Sally Mae it implied an attempt she never made,
        bh-livery seed 103, check136 N9)."""
        for e in self._by_turn().get(turn, ()):
            if getattr(e, "character", None) != who and getattr(e, "shooter", None) != who:
                continue
            k = e.kind
            if k == "intent_declared" and (whom in (e.targets or ())
                                           or getattr(e, "melee_target", None) == whom):
                return True
            if k == "shot_fired" and e.target == whom:
                return True
            if k == "action_refused" and e.target == whom:
                return True
        if who not in self.chars:
            return False
        side = self.chars[who].side
        status = None
        for e in self.events:
            if e.kind == "turn_ended" and e.turn < turn:
                status = {c.name: c.condition for c in e.status}
            elif getattr(e, "turn", None) == turn:
                break
        foes = [o for o, c in self.chars.items() if c.side != side
                and (status is None or status.get(o, "active") == "active")]
        return foes == [whom]

    def saddle(self, group: str, who: str | None, ev: Event | None) -> str:
        """``group`` for a man going down (killed, dying, passed out, knocked cold), or its
        rider's variant (``group`` + "_riding": he falls from his horse, as the engine unseats
        a rider who goes down) when ``who`` is in the saddle just before ``ev`` (``riding``)
        and the phrases have one: teaching said "Ramon falls from his horse as he goes down",
        the story only "Ramon sinks down, bleeding out" (bh-night, fresh22 #15b)."""
        if who is None or ev is None or (group + "_riding") not in self.phrases.table:
            return group
        return group + "_riding" if self.riding(ev, who) else group

    def seated(self, ev: Event) -> bool:
        """Whether the man a ``wound_taken`` (or any event with a ``character``) is about is
        in the saddle as it happens (``riding``): a rider's leg wound does not buckle him, nor
        does he "stay on his feet" (a fresh user: "the leg buckled under him, but Boone stayed
        up" of a man in the saddle)."""
        return self.riding(ev, getattr(ev, "character", None))

    def _moved_at(self) -> dict[int, dict[str, tuple[float, float]]]:
        """For each move of the log (``moved``, by ``id``): where the men who moved earlier in
        its turn ended (``heading``, ``leaving``: the men where they stand when he moves,
        as ``motions`` follows them), from one pass over the events."""
        if self._moves_at is None or self._moves_at[0] is not self.events:
            at: dict[int, dict[str, tuple[float, float]]] = {}
            ends: dict[str, tuple[float, float]] = {}
            turn = None
            for e in self.events:
                if getattr(e, "turn", turn) != turn:
                    turn, ends = e.turn, {}
                if e.kind == "moved":
                    at[id(e)] = dict(ends)
                    if getattr(e, "end", None) is not None:
                        ends[e.character] = tuple(e.end)
            self._moves_at = (self.events, at)
        return self._moves_at[1]

    def floored(self, who: str | None, ev: Event | None) -> bool:
        """Whether ``who`` is lying on the ground, still in the fight, just before ``ev``:
        thrown or knocked off his feet (a throw or a 6 on a blow, errata B19; a failed footing
        check, 001 l.61; a recoil that knocks him down, 002 l.135; a Weird West dive or a
        maimed leg, WN15), or dropped prone, and not up again since (a move or a stand, the
        gun picked up). A man hit there "is struck where he lies", never "stays on his feet";
        one who goes out "lies still", never "goes down". False for nobody or no event."""
        if who is None or ev is None:
            return False
        return who in self._floored_at().get(id(ev), _NOBODY)

    def _floored_at(self) -> dict[int, frozenset[str]]:
        """For each event of the log (by ``id``): the men lying on the ground before it, from
        one pass over the events (``floored``); each turn's status notes set it afresh."""
        if self._floors is None or self._floors[0] is not self.events:
            at: dict[int, frozenset[str]] = {}
            lying: set[str] = set()
            for e in self.events:
                at[id(e)] = frozenset(lying) if lying else _NOBODY
                _floored_after(e, lying)
            self._floors = (self.events, at)
        return self._floors[1]

    def threat(self, who: str, nearest: str | None, ev: Event) -> str | None:
        """The enemy a flight of ``who`` (the move ``ev``) may be told as being from: a man who
        shot at him or struck at him before ``ev``, still on his feet; ``nearest`` (the
        nearest enemy, ``motion``'s) when he is one of them, else the last of them to do it;
        None when nobody did (then he runs "for it", from nobody named)."""
        foes: list[str] = []
        down: set[str] = set()
        for turn in sorted(t for t in self._by_turn() if isinstance(t, int)
                           and t <= getattr(ev, "turn", 0)):
            for e in self._by_turn()[turn]:
                if e is ev:
                    break
                by = getattr(e, "shooter", None) if e.kind == "shot_fired" else \
                    getattr(e, "attacker", None) if e.kind == "blow_struck" else None
                if by is not None and getattr(e, "target", None) == who:
                    if by in foes:
                        foes.remove(by)
                    foes.append(by)
                _down_after(e, down)
        foes = [f for f in foes if f not in down]
        if nearest in foes:
            return nearest
        return foes[-1] if foes else None

    def out_already(self, who: str, ev: Event) -> bool:
        """Whether ``who`` is knocked cold, passes out or is killed in ``ev``'s turn before
        ``ev`` is done: earlier in the log, or (an event with a ``ready`` count, a draw)
        on a count before it is ready. Such a draw is not told ("Red Mike drew his Colt"
        after he was out cold)."""
        turn = getattr(ev, "turn", None)
        ready = getattr(ev, "ready", None)
        after = False
        count = 0
        for e in self._turn(ev, turn):
            if e is ev:
                if ready is None:
                    return False
                after = True
                continue
            if getattr(e, "turn", None) != turn:
                continue
            if e.kind == "count_resolved":
                count = e.count
                if after and count >= ready:
                    return False
            if getattr(e, "character", None) == who and (
                    e.kind in ("passed_out", "died", "knocked_out")
                    or (e.kind == "wound_taken" and e.mortal is not None
                        and e.mortal.outcome in ("killed", "dying"))):
                return True
        return False

    def again(self, who: str, act: str) -> bool:
        """Whether ``act`` ("flee", "reload") is what ``who`` did the last time anything of
        his was told this way (a second flight is "keeps running", not the first told anew)."""
        key = "again:" + who
        before = self.last_miss.get(key)
        self.last_miss[key] = act
        return before == act

    def paragraph(self, alone: bool = False) -> str:
        """Start a new paragraph: the next phrase names its character again (and no weapon is
        in hand until a shot sets one), and does not open on the word the paragraph before
        opened on (``_opens_alike``). ``alone``: a paragraph ``flow`` never joins to the one
        before (a turn's first, the ending's), so a shot "from Slim's revolver" told at the
        end of the one before is no reason to tell this one's otherwise. Returns ""."""
        if alone:
            self._gun_from = False
        if self._para_word is not None:
            self._last_para_word = self._para_word
        self._para_word = None
        self.topic = self.opened = self._opened_thing = self.subject = None
        self._emptied = set()
        # (``_gun_from`` is kept: ``flow`` may join this paragraph to the one before)
        self.sentence, self.before = [], []
        self.weapon_type = None
        self.weapon_name = None
        self.weapon_longarm = None
        self.guns_said = {}
        self.since = []
        self._para_shooters: set[str] = set()
        self._para_afresh: set[str] = set()
        if alone:  # (kept through a turn: ``flow`` may join its paragraphs)
            self._para_his = {}
        return ""

    def shot_told_before(self, ev: Event) -> bool:
        """Whether a shot of ``ev``'s shooter was told earlier in this paragraph (so ``ev``,
        a later shot of his turn, may be told as his next: "His second bullet takes Ada",
        never at a paragraph's opening with his first out of sight); notes ``ev``'s."""
        who = self.kinds.actor(ev)
        told = who in self._para_shooters
        self._para_shooters.add(who)
        if not told and self.shot_index(ev) != 1:
            self._para_afresh.add(who)
        return told

    def _opens_alike(self, phrase: str) -> bool:
        """Whether ``phrase``, said as a paragraph's first sentence, would open on the word
        (not a name, nor "The", "A", "An") the paragraph before opened on: "When it was over,
        Red Mike came to." then "When the shooting stopped, the day was the saloon men's"."""
        if self._para_word is not None or self._last_para_word is None:
            return False
        word = _first_word(phrase)
        return word is not None and word == self._last_para_word

    def _mark_paragraph(self, phrase: str, text: str) -> None:
        """Keep the word the paragraph's first sentence opened on (``_opens_alike``)."""
        if self._para_word is None and text and not phrase.startswith(("; ", ",")):
            self._para_word = _first_word(phrase) or ""

    def _names_again(self, phrase: str, a: str | None, b: str | None) -> bool:
        """Whether ``phrase``, said now as a new sentence, would open on the name of the man
        the sentence before opened on (no pronoun can stand for him there: ``_realise``'s
        rule, worked out without changing anything)."""
        body, lead, _ = _shape(phrase)
        if lead or self.opened is None:
            return False
        opener = "a" if a is not None and body.startswith("{a}") else \
            "b" if b is not None and body.startswith("{b}") else None
        if opener is None:
            return False
        who, other = (a, b) if opener == "a" else (b, a)
        if who != self.opened or who not in self.chars:
            return False
        if self._his_ambiguous(body, opener, a, b):
            return True
        key = "b" if opener == "a" else "a"
        named = other if other is not None and "{" + key + "}" in body else None
        possessive = body.startswith("{" + opener + "}'s")
        if possessive and self._own_gun == who:
            return False
        if who == self.falls:
            return False
        if who != self.topic and named is None:
            return True
        mine = self.chars[who].pronoun
        if named is not None and named in self.saying_he and named in self.chars \
                and self.chars[named].pronoun == mine:
            return True
        if any(self.chars[o].pronoun == mine for o in self.since + self.sentence
               if o != who and o != named and o in self.chars):
            return True
        return not possessive and self._opened_thing is not None

    def _can_pronoun(self, who: str, named: str | None = None, clause: bool = False) -> bool:
        """A pronoun for ``who`` at the start of a sentence: he is the topic, and nobody else
        of his pronoun was mentioned since, nor in the sentence before (so "he" after "Ben
        shot Quentin; a light wound." is never Quentin's). ``named``: the other character of
        the phrase when it names him further on ("{a}'s bullet slammed into {b}") and ``who``
        opened the sentence before (the topic or not: "Ira's bullet tore into John; the
        wound was serious. He tried for John again"): he may have been mentioned, since
        "His bullet slammed into Arthur" cannot be Arthur's."""
        if who not in self.chars or (who != self.topic and named is None):
            return False
        if who == self.falls:  # "Hiram was hit ...; a mortal wound. He fell"
            self.falls = None
            if self.subject == who:
                return True
            # else as any other sentence: "Fred hit Herman square in the chest; it was a
            # wound to die of. He dropped" reads as Fred (a GM reader): the name, unless
            # nobody else of his pronoun was in the sentence before
        if named is not None and named != who \
                and self.chars[named].pronoun == self.chars[who].pronoun \
                and named in (self.subject, self.clause_opener(self._last_text)):
            return False  # the last clause before was the other man's (its subject, or
            # his thing): "Whiskey Jim hits James in the right leg; James sags, badly hurt,
            # but stays up. He flinches as James's bullet goes by" read as James (a fresh
            # user, session 21): the name
        if named is not None and named in self.said_he | self.saying_he \
                and self.chars[named].pronoun == self.chars[who].pronoun:
            return False  # "..., and he staggered. He fired at John": two men, one "he"
            # (saying_he: the sentence just told, when this one opens a new sentence: "...,
            # but he stayed up. His aim was true: Levi was hit" read as Levi's aim)
        mine = self.chars[who].pronoun
        if any(self.chars[o].pronoun == mine for o in self.since
               + ([] if clause and self.subject == who else self.before)
               if o != who and o != named):
            return False  # (a clause of this sentence about the man the clause before was
            # about: "Hale fires, and Charlie is hit in the chest; he doubles over" is
            # Charlie's whoever the sentence before named)
        if self._after_things(who):
            return False
        # a piece of this sentence ("; he staggered"): "he" is the last man told as a
        # subject, so not after "Dutch hit Quaid" while Quaid is meant (``_subject``)
        return self.subject == who or not self._rival(who, named)

    def clause_opener(self, text: str) -> str | None:
        """The man whose name (or his possessive: "Martin's bullet") opens the last clause of
        ``text`` (a sentence: after its last semicolon or colon), else None: the man a "he"
        of the next sentence is read as first ("...; James sags, but stays up. He flinches"
        is James)."""
        clause = re.split(r"[;:] +", text.strip())[-1]
        clause = re.sub(r"^(?:[*_\W]|\[/?\w+\]|</?\w+>)+", "", clause)
        best = None
        for who, c in self.chars.items():
            for x in (c.name, c.short, self.shorts.get(who, c.short)):
                name = self.markup.escape(inflection.told_name(x) if x == c.name else x)
                if name and clause.startswith((name + " ", name + "'s ", name + ",")) and (
                        best is None or len(name) > best[1]):
                    best = (who, len(name))
        return best[0] if best else None

    def _subjects(self, body: str, a: str | None, b: str | None,
                  lead: str) -> tuple[str, str | None]:
        """A phrase's body with each "he" that is a clause's subject ("{b_he} [stagger]") made
        the name where the last man told as a subject (``subject``, then the phrase's own
        subjects in order) is another man and one of his pronoun is in the sentence (the
        sentence so far, the phrase's men before it); and the last subject of the phrase
        (None when it has none: "{a}'s bullet [find] {b}")."""
        current = self.subject if lead else None
        last = None
        out = body
        changes: list[tuple[int, int, str]] = []
        for m in _SUBJECT_SLOT.finditer(body):
            key, he = m.group(1), m.group(2)
            who = a if key == "a" else b
            if who is None:
                continue
            if he and who in self.chars and current != who:
                mine = self.chars[who].pronoun
                before = {x for k, x in (("a", a), ("b", b))
                          if x is not None and x != who and "{" + k in body[:m.start()]}
                if any(o in self.chars and self.chars[o].pronoun == mine
                       for o in before | {o for o in self.sentence if o != who}):
                    changes.append((m.start(), m.start() + len(key) + len(he) + 2,
                                    "{" + key + "}"))
            current = last = who
        for start, end, text in reversed(changes):
            out = out[:start] + text + out[end:]
        return out, last

    def _rival(self, who: str, named: str | None = None) -> bool:
        """Whether another character of ``who``'s pronoun (not ``named``) is in the sentence
        being told."""
        mine = self.chars[who].pronoun
        return any(self.chars[o].pronoun == mine for o in self.sentence
                   if o != who and o != named and o in self.chars)

    # ------------------------------------------------------------------ phrases
    def weapon(self, weapon_type: str | None, name: str | None = None,
               longarm: bool | None = None) -> str:
        """Set the weapon of the phrases that follow (for ``{shot}`` and phrase tags): its
        type (or calibre), and its name when the type does not say whether it is fired from
        the shoulder (Violence's "Winchester carbine" of revolver calibre). ``longarm``: what
        the weapon's kind says (a ruleset's form of gun: True for a rifle, carbine or
        shotgun, False for a pistol), which decides ``<longarm>``/``<handgun>`` over any name
        (Gaslight's "Lee-Metford", a rifle, never "jumps in his fist"); None: the type and
        name decide. Returns ""."""
        self.weapon_type = weapon_type
        self.weapon_name = name
        self.weapon_longarm = longarm
        return ""

    def arm(self, who: str | list[str], weapon: str | None = None) -> str:
        """Set the weapon of the phrases that follow to a man's (a reload, a switch of target,
        held fire: told of no shot): ``weapon`` by its name, of the type his shots said
        (``story``); without one, the weapon of his shots when none was a gun's (a thrower,
        an archer). A list of men: theirs when all alike. Only a bow or a thrown weapon is
        set: a gun's phrases stay as the paragraph had them, but for a bow's or a blade's
        left by another man's shot (then no weapon's); and a shotgun (pellets), named, so
        its reload is told as a shotgun's. Returns ""."""
        men = [who] if isinstance(who, str) else list(who)
        shotgun = self._types.get((men[0], weapon)) if weapon is not None and len(men) == 1 \
            else None
        if shotgun and self.scene.shot(shotgun)[1] == "pellets":
            # a shotgun's reload is told as a shotgun's ("breaks open his Greener and pushes
            # in fresh shells"), never "one round at a time" as a revolver's (fresh user 20)
            return self.weapon(shotgun)
        kinds = {self._missile(man, weapon) for man in men}
        kind = kinds.pop() if len(kinds) == 1 else None
        if kind:
            return self.weapon(kind)
        if self.weapon_type and self.scene.shot(self.weapon_type)[1] not in FIREARM:
            return self.weapon(None)
        return ""

    def missile(self, who: str) -> str:
        """What a man's shots struck with when none was a gun's: "blade" (thrown), "arrow";
        else "" (``arm``)."""
        wt = self._missile(who, None)
        return self.scene.shot(wt)[1] if wt else ""

    def _missile(self, man: str, weapon: str | None) -> str | None:
        """``arm``'s type of a man's bow or thrown weapon (None: a gun, or not known)."""
        if weapon is not None:
            own = {self._types.get((man, weapon))} - {None}
        else:
            own = {wt for (m, _), wt in self._types.items() if m == man}
        if own and all(self.scene.shot(wt)[1] not in FIREARM for wt in own):
            return sorted(own)[0]
        return None

    def drawing(self, weapon: str) -> str:
        """Set the weapon of a draw's phrases by its name: a blade (<blade>: its sheath, its
        haft) or a gun (<bullet>: its holster, its grip), never the weapon of the shot told
        before ("Lewis's knife stuck fast again" was a gun's words for a knife). Returns ""."""
        return self.weapon("knife" if _BLADE.search(weapon or "") else "default")

    def wound_tags(self, w: Event) -> tuple[str, ...]:
        """The phrase tags of a wound: where it struck (``head``, ``torso``, ``arm``,
        ``leg``; a torso wound also ``chest`` or ``belly``, so a Luck save at the chest is a
        Bible in a breast pocket and one in the abdomen a gunbelt buckle) and how bad it is
        (``slight``: a scratch, a light wound or a mortal wound a Luck check saved;
        ``grave``: serious or mortal), and whether he is on foot or in the saddle as he takes
        it (``afoot``, ``riding``: ``seated``; a rider's leg does not buckle under him)."""
        loc = w.location
        mortal = w.mortal is not None and not getattr(w.mortal, "saved", False)
        grave = "grave" if mortal or w.severity in ("serious", "mortal") else "slight"
        seat = "riding" if self.seated(w) else "afoot"
        if loc in ("chest", "abdomen"):
            return "torso", "chest" if loc == "chest" else "belly", grave, seat
        return "head" if loc == "head" else "leg" if loc.endswith("leg") else "arm", grave, seat

    def say_fixed(self, group: str, k: int, a: str | None = None, b: str | None = None,
                  **extra: Any) -> str:
        """A phrase of ``group`` (of those fitting the scene) chosen by ``k``, a count the
        caller keeps (the turn of a reload under way), drawing nothing from the phrase
        stream: a beat that only some write-ups tell (a reload left out before) leaves every
        other phrase of the write-up as the stream gives it. Realised as ``say`` does.

        Raises:
            KeyError: an unknown phrase group or a field the phrase needs and was not given.
        """
        options, fitting = self.phrases._fitting(group, self.scene.context(self.weapon_type))
        # two men told by the same group with the same ``k`` (two reloads of one turn) get
        # different phrases while one is left: never "Ned felt for an arrow. Cole felt for
        # an arrow." (fresh-user trial 18)
        used = self._fixed.setdefault((group, k), set())
        at = next((j for j in range(k, k + len(fitting)) if fitting[j % len(fitting)] not in used),
                  k) % len(fitting)
        used.add(fitting[at])
        phrase = options[fitting[at]][1]
        text = self._realise(self._chose(phrase, a, b), a, b, extra)
        self._last_text = text
        self._mark_paragraph(phrase, text)
        return text

    def say(self, group: str, a: str | None = None, b: str | None = None,
            ctx: tuple[str, ...] | list[str] = (), only: str | None = None,
            **extra: Any) -> str:
        """A phrase of ``group`` with the actor ``a`` and the other ``b`` filled in, in the
        write-up's tense. ``extra`` fields are text, or ``(text, plural)`` for a noun phrase
        or list of names a verb must agree with; a text field that is a side's or cover's name
        agrees by ``inflection.is_plural`` when given as ``(text, None)``. ``only``: this
        phrase of the group (tags stripped), chosen by the caller (``luck_choice``), said as
        it is.

        Raises:
            KeyError: an unknown phrase group or a field the phrase needs and was not given.
        """
        context = self.scene.context(self.weapon_type)
        if not context & FIREARM and self.weapon_type not in (None, "default"):
            pass  # a thrown weapon or a bow: neither in the hand as a pistol nor shouldered
        elif self.weapon_longarm is not None:
            context = (context - {"handgun", "longarm"}) | {
                "longarm" if self.weapon_longarm else "handgun"}
        elif self.weapon_name and _is_longarm(self.weapon_name) and "handgun" in context:
            context = (context - {"handgun"}) | {"longarm"}
        # a derringer or pocket pistol cracks or pops, never roars (issue 10 reading)
        named = extra.get("weapon")
        named = named[0] if isinstance(named, tuple) else named
        context = context | {"pocket" if _is_pocket(
            f"{named or ''} {self.weapon_name or ''} {self.weapon_type or ''}") else "big"}
        if ctx:
            context = context | frozenset(ctx)
        if a is not None and a == self.opened and self._opened_thing is None \
                and not _SHOT_WORDS.search(self._last_text):
            # <follows>: the sentence before opened on him and told no shot ("Walter looked
            # for Charlie now."): "he" may open the shot's sentence ("He fired high")
            context = context | {"follows"}
        # no two sentences in a row open the same way ("Seth's bullet ..." twice), nor on the
        # name the sentence before opened on where no pronoun can stand for it ("Walter
        # looked for Charlie now. Walter's bullet spattered dirt over Charlie's boots.": a GM
        # reader): such phrases only when nothing else of the group fits
        # nor a paragraph on the word the paragraph before opened on ("When it was over,
        # Red Mike came to ..." then "When the shooting stopped, ...")
        def fresh_start(p: str) -> bool:
            return p.startswith(("; ", ",")) or (
                (a, _opening(p)) != self._opening and not self._names_again(p, a, b)
                and not self._opens_alike(p))

        if only is not None:
            # the stream draws for the group all the same, so the phrases after this one are
            # those it would have drawn without the caller's choice
            self.phrases.pick(group, context, fresh_start)
            text = self._realise(self._chose(only, a, b), a, b, extra)
            self._last_text = text
            self._mark_paragraph(only, text)
            return text
        phrase = self.phrases.pick(group, context, fresh_start)
        first = phrase
        for _ in range(8):  # (a name kept where "His" would be unclear opens alike more often)
            opening = (a, _opening(phrase))
            if phrase.startswith(("; ", ",")) or len(self.phrases.table.get(group, ())) < 2 \
                    or (opening != self._opening and not self._names_again(phrase, a, b)
                        and not self._opens_alike(phrase)):
                break
            phrase = self.phrases.pick(group, context)
        if (phrase, a, b) == self._said and first != phrase:
            phrase = first  # the tries came back to the very sentence said last
        if a is not None and _empties(phrase) and a in self._emptied:
            return ""  # "Louis emptied his Colt at John ... Louis's Colt was empty"
        if not _whole(phrase):
            text = self._realise(self._chose(phrase, a, b), a, b, extra)
            self._mark_paragraph(phrase, text)
            self._last_text = (self._last_text + " " + text) if phrase.startswith(
                ("; ", ",")) or (a is None and b is None) else text  # (a piece: "in the leg")
            return text
        # a whole sentence is never said twice in a write-up ("He dropped like a sack of
        # meal." of two men): another phrase of the group while one says something new
        prior, chosen = self._opening, phrase
        saved = self._state(a, b)
        text = self._realise(self._chose(phrase, a, b), a, b, dict(extra))
        tries = 0
        alike: list[str] = []  # new phrases that open as the sentence before did
        while self._was_told(text, a, b) and tries < REPEAT_TRIES \
                and len(self.phrases.table.get(group, ())) > 1:
            tries += 1
            other = self.phrases.pick(group, context)
            if other == phrase or other in alike or _empties(other) != _empties(phrase):
                continue
            if (a, _opening(other)) == prior and not phrase.startswith(("; ", ",")):
                alike.append(other)  # tried last: a sentence said again is worse
                continue
            self._restore(saved)
            text = self._realise(self._chose(other, a, b), a, b, dict(extra))
            phrase = other
        for other in alike:
            if not self._was_told(text, a, b):
                break
            self._restore(saved)
            text = self._realise(self._chose(other, a, b), a, b, dict(extra))
            phrase = other
        if self._was_told(text, a, b) \
                and len(self.phrases.table.get(group, ())) > 1:
            # the draws found nothing new: the first phrase of the group, in table order,
            # that says it in words not yet told ("Dutch works at the jammed rifle." was
            # told twice of a man jammed for three turns), one that does not empty a gun
            # as the first did not
            for other in self.phrases.fitting(group, context):
                if other == phrase or _empties(other) != _empties(chosen):
                    continue
                self._restore(saved)
                text = self._realise(self._chose(other, a, b), a, b, dict(extra))
                phrase = other
                if not self._was_told(text, a, b):
                    break
        if self._was_told(text, a, b) and len(self.phrases.table.get(group, ())) > 1:
            # nothing new: the phrase told longest ago, never the one said a moment ago
            # ("Spent shells fall at Arthur's feet as he reloads." twice in one paragraph,
            # every phrase of the group told before: fresh user 23, ww.yaml seed 234)
            best: tuple[int, str, str] | None = None
            for other in [chosen] + self.phrases.fitting(group, context):
                if _empties(other) != _empties(chosen):
                    continue
                self._restore(saved)
                said = self._realise(self._chose(other, a, b), a, b, dict(extra))
                age = max((self._told_when.get(k, 0) for k in self._told_keys(said, a, b)),
                          default=0)
                if best is None or age < best[0]:
                    best = (age, other, said)
            if best is not None and best[2] != text:
                self._restore(saved)
                phrase = best[1]
                text = self._realise(self._chose(phrase, a, b), a, b, dict(extra))
        elif self._was_told(text, a, b) and phrase is not chosen:  # nothing new: first
            self._restore(saved)
            text = self._realise(self._chose(chosen, a, b), a, b, dict(extra))
        self._told_clock += 1
        for k in self._told_keys(text, a, b):
            self._told_when[k] = self._told_clock
        self._told.update(self._told_keys(text, a, b))
        self._last_text = text
        self._mark_paragraph(phrase, text)
        return text

    def _told_keys(self, text: str, a: str | None, b: str | None = None) -> set[str]:
        """How ``say`` knows a sentence said before: its text, and the text with an opening
        that names ``a`` or ``b`` by a name or by a pronoun made one ("Amos grabs at Hank with
        dead hands and catches nothing but air. He grabs at Hank with dead hands and catches
        nothing but air.": the same sentence twice, fresh user 20, ww-graveyard seed 33;
        "Hank slips out of Amos's reach. He slips out of Amos's reach."). An opening "He" may
        be either man of that pronoun: a key for each."""
        return {text} | {self._told_opening(text, who) for who in (a, b)}

    def _was_told(self, text: str, a: str | None, b: str | None = None) -> bool:
        return not self._told_keys(text, a, b).isdisjoint(self._told)

    def _told_opening(self, text: str, a: str | None) -> str:
        """``text`` with an opening that names ``a`` (a name, his pronoun) made one."""
        c = self.chars.get(a) if a is not None else None
        if c is None:
            return text
        pron = {"he": ("He", "His"), "she": ("She", "Her"), "they": ("They", "Their"),
                "it": ("It", "Its")}.get(getattr(c, "pronoun", ""), ())
        forms = sorted({self.markup.escape(x) for x in (c.name, c.short, self.shorts.get(a))
                        if x}, key=len, reverse=True)
        for f in forms:
            if text.startswith(f + "'s "):
                return f"\0{a}\0's {text[len(f) + 3:]}"
            if text.startswith(f + " "):
                return f"\0{a}\0 {text[len(f) + 1:]}"
        if pron and text.startswith(pron[1] + " "):
            return f"\0{a}\0's {text[len(pron[1]) + 1:]}"
        if pron and text.startswith(pron[0] + " "):
            return f"\0{a}\0 {text[len(pron[0]) + 1:]}"
        return text

    def keepsake(self, k: int | None = None) -> str:
        """What a man had in his pocket that stopped a Luck save's bullet ("a silver
        dollar"), for ``{thing}`` of a phrase: the phrase group ``luck_keepsake`` taken in an
        order of the fight's own, from its seed (the phrase table's): the first at the seed
        modulo their number, so fights of consecutive seeds (a batch) each open on another
        one, then every ``_KEEPSAKE_STEP``-th, so one fight tells each once before any
        again. ``k``: the thing's place in that order (the fight's k-th keepsake, from 0);
        None: the next after those this method gave. Same seed, same things. Without the
        group, "a silver dollar"."""
        things = self.phrases.table.get("luck_keepsake") or ["a silver dollar"]
        seed = self.phrases.seed if isinstance(getattr(self.phrases, "seed", 0), int) else 0
        step = next((j for j in _KEEPSAKE_STEP if math.gcd(j, len(things)) == 1), 1)
        if k is None:
            k = self._keepsakes
            self._keepsakes += 1
        return things[(seed + k * step) % len(things)]

    def luck_choice(self, w: Event) -> tuple[str, str]:
        """``(phrase, thing)``: why the mortal wound ``w`` (a ``wound_taken`` whose Luck check
        saved it, 000 l.427, errata B8) is only a light one, the one choice the teaching and
        the story write-ups of the fight both tell: a phrase of ``luck_save`` (tags stripped)
        that fits where it struck (``wound_tags``), and for a phrase with ``{thing}`` the
        keepsake in his pocket (``keepsake``: the fight's k-th thing for its k-th save told
        with one). Chosen from the fight's seed, the man and the place (a checksum, not the
        phrase stream): a save's phrase is not used again in the fight while another fits.
        Both modes read the whole log (``events``) in its order, so they agree.

        Raises:
            KeyError: no ``luck_save`` group in the phrase table.
        """
        if self._lucky is None:
            self._lucky = {}
            used: set[str] = set()
            seed = self.phrases.seed if isinstance(getattr(self.phrases, "seed", 0), int) else 0
            things = 0
            # what struck each saved wound: the weapon of the shot or blow before it (a
            # knife is never "flattened" on a deck of cards, nor "soaks up the shot")
            struck: dict[int, str] = {}
            weapon = None
            for x in self.events:
                if getattr(x, "weapon_type", None) and x.kind != "wound_taken":
                    weapon = x.weapon_type
                elif x.kind == "wound_taken":
                    struck[id(x)] = self.scene.shot(weapon)[1]
            for k, e in enumerate(x for x in self.events if x.kind == "wound_taken"
                                  and getattr(x, "mortal", None) is not None
                                  and getattr(x.mortal, "saved", False)):
                options, fitting = self.phrases._fitting("luck_save", frozenset(
                    self.wound_tags(e)) | {struck.get(id(e), "bullet")})
                texts = [options[i][1] for i in fitting] or [
                    "{the_shot} [glance] off the bone"]
                fresh = [t for t in texts if t not in used] or texts
                phrase = fresh[zlib.crc32(f"{seed}|{e.character}|{e.location}|{k}".encode())
                               % len(fresh)]
                used.add(phrase)
                thing = ""
                if "{thing}" in phrase:
                    thing = self.keepsake(things)
                    things += 1
                self._lucky[id(e)] = (phrase, thing)
        return self._lucky.get(id(w), ("{the_shot} [glance] off the bone", ""))

    def luck_reason(self, w: Event) -> str:
        """Teaching mode's words for ``luck_choice`` (present tense, "his" for the wounded
        man, the cause's noun: "shot", "blade", "flying metal"): "a pocket watch in his vest
        takes the worst of it"."""
        phrase, thing = self.luck_choice(w)
        cause = getattr(w, "cause", "shot")
        shot = {"blade": "blade", "explosion": "flying metal"}.get(cause, "shot")
        he, him, his = (self.pronoun(w.character, c) for c in ("subj", "obj", "poss"))
        text = phrase.replace("{b}'s", "{b_his}")
        plain = Phrases(self.phrases.table, 0, "present")  # (not the story's stream)
        return plain.fill(text, {"shot": shot, "the_shot": f"the {shot}", "thing": thing, "b": self.short(w.character),
                                 "b_he": he, "b_him": him, "b_his": his}, set())

    def _chose(self, phrase: str, a: str | None, b: str | None) -> str:
        """Record ``phrase`` as the one said (the last said, how it opens, a gun told
        emptied); returns it."""
        self._said = (phrase, a, b)
        if not phrase.startswith(("; ", ",")) and (a is not None or b is not None):
            # (not a piece told first: "in the chest" before the hit's sentence)
            self._opening = (a, _opening(phrase))
        if a is not None and _empties(phrase):
            self._emptied.add(a)
        return phrase

    #: What ``_realise`` changes (``say`` tries a phrase and may take it back); of ``seen``
    #: it changes only whether the phrase's men were named (``name``).
    _STATE = ("before", "sentence", "_named_ahead", "said_he", "saying_he", "opened", "_opened_thing",
              "_own_gun", "falls", "subject", "since", "topic", "guns_said", "guns_told",
              "last_said", "_opening", "_said", "_emptied", "_gun_from", "_para_his")

    def _state(self, a: str | None, b: str | None) -> dict[str, Any]:
        """A copy of what ``_realise`` changes for a phrase of ``a`` and ``b`` (see
        ``_restore``)."""
        saved = {k: _copied(getattr(self, k)) for k in self._STATE}
        saved["seen"] = tuple(w for w in (a, b) if w is not None and w not in self.seen)
        return saved

    def _restore(self, saved: dict[str, Any]) -> None:
        """Put back the state ``_state`` copied (a phrase tried and not said)."""
        for k, v in saved.items():
            if k == "seen":
                self.seen.difference_update(v)  # named in full again at first mention
            else:
                setattr(self, k, _copied(v))

    def _realise(self, phrase: str, a: str | None, b: str | None,
                 extra: dict[str, Any]) -> str:
        """Fill a picked phrase (see ``say``)."""
        if not phrase.startswith(("; ", ",")) and (a is not None or b is not None):
            # a shot "from Slim's revolver" two sentences running ("A bullet from Slim's
            # revolver took Smiley ... A second bullet from Slim's revolver took Smiley"):
            # the second is told as the man's own ("Slim's second bullet took Smiley")
            if self._gun_from:
                phrase = _own_shot(phrase)
            self._gun_from = _GUN_FROM in phrase
        for key in ("weapon", "old"):  # a weapon named for its owner ("Pa's shotgun", the
            # engine's "Alf's thrown knife" of a knife picked up from Alf) told as a man's by
            # his name says his alone: "Hattie's shotgun", "Hattie's thrown knife", never
            # "Hattie's Alf's thrown knife" (street.yaml seed 6, fresh-user trial 18); the
            # determiners before its name are settled once it is resolved (``_owned_phrase``)
            v = extra.get(key)
            if isinstance(v, str) and "{" + key + "}" in phrase and \
                    inflection.owned_weapon(v) is not None:
                phrase = _named_owner(phrase, key)
        body, lead, a_first = _shape(phrase)
        # a sentence opening on a few words of time before the man ("At last {a} [get] ..."):
        # the man is its opener all the same, "he" where "he" is clear ("Jim tried twice
        # more to get his revolver out, and failed each time. At last he got his revolver
        # clear.", was "At last Jim got ...", luke-short past tense)
        intro = "" if lead else _lead_in(body)
        body = body[len(intro):]
        if not lead and (a is not None or b is not None or _whole(phrase)):  # a new sentence,
            # not a piece told first ("in the head", before "Ezra shoots Zeke in the head"):
            # the sentence before stays the one before ("Whiskey Jim hits Ezra in the right
            # shoulder; blood, but not much of it. He shoots Zeke in the head" read as Whiskey
            # Jim, a generated Boot Hill fight, seed 103, check136 N4: the piece had made it an empty one)
            self.before, self.sentence = self.sentence, list(self._named_ahead)
            # (men named for a field, "{who}", are of this sentence: "Kate and Jesse both look
            # for Ezra now. His bullet goes wide of Kate" read as Jesse's, bh-livery seed 1)
        self._named_ahead = []
        if not lead:
            if a is not None or b is not None:  # not a piece told first ("in the belly",
                # before "His aim was true: Levi was hit": the "he" of the sentence before)
                self.said_he, self.saying_he = self.saying_he, set()
                self._things_before, self._things = self._things, False
        fields: dict[str, str] = {}
        plural: set[str] = set()
        if a is not None and b is not None:  # in the order the phrase names them
            order = ["a", "b"] if a_first else ["b", "a"]
        else:
            order = ["a"] if a is not None else ["b"] if b is not None else []
        for key, who in (("a", a), ("b", b)):
            if who is None:
                continue
            forms = self._pronouns(who)
            fields.update(_pronoun_fields(key, forms))
            fields[key + "_man"] = _NOUNS[forms[0]]
            if forms[0] == "they":
                plural.add(key + "_he")
        # referring expression for the character the phrase opens on
        opener = "a" if a is not None and body.startswith("{a}") else \
            "b" if b is not None and body.startswith("{b}") else None
        other = (b if opener == "a" else a) if opener is not None else None
        named = other if other is not None and self.opened == (
            a if opener == "a" else b) and ("{" + ("b" if opener == "a" else "a") + "}") in body \
            else None
        # the sentence before opened on a man's thing ("Dutch's bullet ..."): the next
        # sentence opens on a name, never "He" (the lead's decision, issue 10), but for the
        # man hit falling from the wound just told
        thing = self._opened_thing
        if not lead and (a is not None or b is not None):  # not a piece ("in the chest")
            self.opened = (a if opener == "a" else b) if opener is not None else None
            # (a sentence opening on no man at all, "The shot from Jed ...", opened on a
            # thing too: "" for nobody's)
            self._opened_thing = "" if opener is None else self.opened if body.startswith(
                "{" + opener + "}'s") else None
        own, self._own_gun = self._own_gun, None
        falls = self.falls  # (``_can_pronoun`` spends it)
        mine = opener is not None and own == (a if opener == "a" else b) \
            and body.startswith("{" + opener + "}'s")  # his own gun, after his own shot
        # a they-character before an aside keeps the name: "They, already on the floor, were
        # out cold." reads as two men (bh-knives.yaml seed 3, past tense)
        aside = opener is not None and body.startswith("{" + opener + "},") and \
            opener + "_he" in plural
        if opener is not None and not aside and \
                (mine or self._can_pronoun(a if opener == "a" else b, named, bool(lead))) \
                and not self._his_ambiguous(body, opener, a, b) \
                and not self._after_things(a if opener == "a" else b):
            if body.startswith("{" + opener + "}'s"):
                self._para_his[_his_frame(body, opener)] = a if opener == "a" else b
                body = "{" + opener + "_his}" + body[len(opener) + 4:]
                phrase = lead + body
            elif lead or thing is None or falls == (a if opener == "a" else b):
                # after "Bert's bullet struck Smiley; a shallow wound." only Smiley's fall
                # is "He" ("He fell"): "He tagged Ned" read as Bert
                body = "{" + opener + "_he}" + body[len(opener) + 2:]
                phrase = lead + body
        if intro:
            body = intro + body
            phrase = lead + body
        self.falls = None  # only for the sentence right after the wound
        # "he" as a clause's subject is the last man told as one ("Isaac drilled Levi in
        # the head; he knew at once it was a killing wound" is Isaac's): else the name
        body, subject = self._subjects(body, a, b, lead)
        phrase = lead + body
        if subject is not None:
            self.subject = subject  # the man this clause is about, for the next one's "he"
        elif not lead and (a is not None or b is not None):
            self.subject = None  # "Dutch's bullet ...", "The shot from Jed ...": no man
        noun, strikes = self.scene.shot(self.weapon_type)
        if self.weapon_type is None and self.scene.unfired:  # no gun in the fight
            if "blade" in self.scene.unfired:
                noun, strikes = "blade", "blade"
            elif "arrow" in self.scene.unfired:
                noun, strikes = "arrow", "arrow"
        if strikes == "blade" and self.weapon_name:  # a thrown weapon is what it is called:
            # a tomahawk (Table 14's thrown knife/axe), never "the knife"
            noun = self.weapon_name.split()[-1].lower() if self.weapon_name.split() else noun
        extra.setdefault("barrel", "a barrel")  # a shotgun's phrases; callers may say which
        extra.setdefault("nth", "next")  # which of his shots this turn (``nth_shot``)
        if "{thing}" in phrase and "thing" not in extra:  # (only a phrase that tells one)
            extra["thing"] = self.keepsake()
        for key in ("place", "cover"):  # a bare map key ("livery") is "the livery"
            v = extra.get(key)
            if isinstance(v, tuple) and isinstance(v[0], str):
                extra[key] = (inflection.the(v[0]), v[1])
            elif isinstance(v, str) and key == "place":
                extra[key] = inflection.the(v)
            if "{" + key + "}" in phrase and extra.get(key) is not None:
                extra[key] = self._landmark_ref(extra[key])
        spot = extra.get("place", extra.get("cover"))
        if spot is not None:
            text = spot[0] if isinstance(spot, tuple) else spot
            at = self.scene.at(_plain(text))
            extra.setdefault("at", at)
            extra.setdefault("into", {"in": "into", "by": "for"}.get(at, at))
            phrase = self._own(phrase, extra, a, b)
            body = phrase.lstrip("; ,")
        if isinstance(extra.get("weapon"), str) and ("{weapon}" in phrase
                                                      or "{weapon_bare}" in phrase):
            # a gun told emptied, of a man who carries another: named, never "the gun"
            # ("Lem has no rounds left in the gun" of his coach gun, his revolver full);
            # and any gun of a man who carries two or more: "gun" would not say which
            # ("Martin trades his gun for his gun", "Slim lets the shotgun be and goes for
            # his gun": fresh user, session 21)
            owner = b if re.search(r"\{b\}'s \{weapon\}|\{b_his\} \{weapon\}", phrase) else a
            named = (_empties(phrase) and a in self.chars and len(self.chars[a].weapons) > 1
                     ) or self.guns_carried(owner) > 1
            extra["weapon"] = self._gun_ref(self.scene.gun(extra["weapon"]), named)
        elif isinstance(extra.get("weapon"), str):
            extra["weapon"] = self.scene.gun(extra["weapon"])
        if isinstance(extra.get("old"), str):  # the gun he had in hand (``draw_switch``):
            # named, as the one he turns to is (he carries two at least)
            extra["old"] = self._gun_ref(self.scene.gun(extra["old"]), True)
        for key in ("weapon", "old"):
            v = extra.get(key)
            if not isinstance(v, str):
                continue
            split = inflection.owned_weapon(v)  # the name as told here: in full, with its
            # owner ("Pa's shotgun"), or shortened by ``_gun_ref`` ("shotgun", "gun")
            if "{" + key + "_bare}" in phrase:
                extra[key + "_bare"] = split[1] if split else v
            if split and "{" + key + "}" in phrase:  # "reloads Pa's shotgun", never "his
                # Pa's shotgun" nor "the Pa's shotgun" (``Narration.whose``)
                phrase = _owned_phrase(phrase, key)
                extra[key + "_owner"], extra[key + "_bare"] = split
        fields["shot"] = noun
        fields["shots"] = inflection.plural(noun)
        if noun in inflection.MASS_SHOTS and "{shots}" in phrase:  # buckshot: by the load
            phrase = inflection.mass_shots(phrase)
            fields["shots_counted"] = inflection.plural("load") + " of " + noun
        for k, v in extra.items():
            if isinstance(v, tuple):
                text, many = v
                fields[k] = text
                if many is None:
                    many = inflection.is_plural(_plain(text))
                if many:
                    plural.add(k)
            else:
                fields[k] = v
        if any(k in plural for k in extra) or any(
                isinstance(extra.get(k), str) and inflection.is_plural(_plain(extra[k]))
                for k in ("place", "cover")):  # a plural thing told ("the rain barrels"): no
            self._things = True  # "They"/"Their" of a they-character next (``_after_things``)
        # "the bullet"; a pellet among several that hit is "one pellet" (never "the pellet")
        fields.setdefault("the_shot", "the " + fields["shot"])
        for key in plural:  # a plural name's possessive: "the deputies'", never "deputies's"
            if "{" + key + "}'s" in phrase and fields.get(key, "").endswith("s"):
                phrase = phrase.replace("{" + key + "}'s", "{" + key + "}'")
        for key in ("cover", "place"):  # "the fallen rocks ... behind them"
            if key in fields:
                fields[key + "_it"] = "them" if key in plural else "it"
        # names are filled lazily so "first mention in full" follows the sentence order
        for key in order:
            who = a if key == "a" else b
            if "{" + key + "}" in phrase:
                fields[key] = self.name(who)
            elif _refers(phrase, key):  # "his", "him": he is in the sentence, unnamed
                self._mention(who)
        for key, who in (("a", a), ("b", b)):
            if who is not None and _says_he(phrase, key):
                self.saying_he.add(who)
        text = self.phrases.fill(phrase, fields, plural)
        if self._the_names:
            text = _the_inside(text, self._the_names, opens=not lead)
        self.last_said = [a if k == "a" else b for k in order]
        if order:
            first = a if order[0] == "a" else b
            if self.topic != first:
                self.since = [w for w in (a, b) if w is not None and w != first
                              and w in self.sentence]  # named or "him": not an unsaid {b}
            self.topic = first
        if text[:1].isdigit():
            return inflection.words_first(text)  # never a sentence opening on a figure
        return text[:1].upper() + text[1:] if text[:1].islower() else text

    def _after_things(self, who: str | None) -> bool:
        """Whether "They"/"Their" for ``who``, a they-character, would follow a plural thing
        told in this sentence or the one before ("Cactus gets behind the fallen rocks. Their
        bullet kicks up dust": the rocks' bullet?): then the name."""
        c = self.chars.get(who) if who is not None else None
        return c is not None and c.pronoun == "they" and (self._things_before or self._things)

    def _his_ambiguous(self, body: str, opener: str, a: str | None, b: str | None) -> bool:
        """Whether a sentence opening on ``opener``'s possessive ("{a}'s bullet") would read
        wrong as "His": the other character, of the same pronoun, is named in it ("His bullet
        went wide of Charlie" reads as Charlie's bullet). Then the name stays."""
        if not body.startswith("{" + opener + "}'s"):
            return False
        who, other = (a, b) if opener == "a" else (b, a)
        key = "b" if opener == "a" else "a"
        # the same frame told of another man of his pronoun earlier in the paragraph ("James
        # ... His second shot goes wide of Mary. Big Ned fires ... His second shot goes high
        # over Mary": the second "His" reads as James's, fresh user 23, bh.yaml seed 234)
        told = self._para_his.get(_his_frame(body, opener))
        if told is not None and told != who and who in self.chars and told in self.chars \
                and self.chars[told].pronoun == self.chars[who].pronoun:
            return True
        return (other in self.chars and who in self.chars and "{" + key + "}" in body
                and self.chars[other].pronoun == self.chars[who].pronoun)

    def _own(self, phrase: str, extra: dict[str, Any], a: str | None,
             b: str | None) -> str:
        """A cover or place named for a character of the phrase ("Texas Jack's horse" with
        Texas Jack as ``a`` or ``b``): told "his horse" when his name comes first in the
        phrase ("Texas Jack backed into cover behind his horse"); when the cover comes first,
        his later mentions are pronouns ("Texas Jack's horse took the shot Eriksson meant
        for him"). Returns the phrase (changed in the second case); ``extra`` is updated."""
        for key in ("place", "cover"):
            v = extra.get(key)
            slot = phrase.find("{" + key + "}")
            if v is None or slot < 0:
                continue
            text, many = v if isinstance(v, tuple) else (v, False)
            for who, role in ((a, "a"), (b, "b")):
                c = self.chars.get(who) if who else None
                if c is None:
                    continue
                own = next((self.markup.escape(x) + "'s " for x in (c.name, c.short,
                                                                     self.shorts[who])
                            if text.startswith(self.markup.escape(x) + "'s ")), None)
                if own is None:
                    continue
                first = _first_at(phrase, role)
                if first < slot:
                    text = self._pronouns(who)[2] + " " + text[len(own):]
                    extra[key] = (text, many) if isinstance(v, tuple) else text
                else:
                    tail = phrase[slot:].replace("{" + role + "}'s", "{" + role + "_his}")
                    tail = tail.replace("{" + role + "}", "{" + role + "_him}")
                    phrase = phrase[:slot] + tail
                return phrase
        return phrase

    def guns_carried(self, who: str | None) -> int:
        """How many firearms ``who`` carries (his weapons not knives, fists, clubs or bows
        by name: ``_NO_GUN``); 0 for nobody or a man not in the fight."""
        c = self.chars.get(who) if who is not None else None
        return sum(1 for w in getattr(c, "weapons", ()) or ()
                   if isinstance(w, str) and not _NO_GUN.search(w))

    def _gun_ref(self, gun: str, named: bool = False) -> str:
        """A weapon's name as a referring expression: in full the first time in the fight
        ("the double-barrel shotgun", "Dutch's Colt Peacemaker"), then its head noun or
        brand ("shotgun", "Colt"), and from the third time in a paragraph a firearm is "gun"
        ("Schofield", "Schofield", then "gun"; "revolver" alike), so no name runs through
        every clause. ``named``: never plain "gun" (which of his guns?): the head noun or
        brand, or the name in full when that is "gun" ("coach gun")."""
        words = gun.split()
        lead = []
        while words and words[0].lower() in ("his", "her", "their", "the", "a", "an", "its",
                                             "other"):  # "his other Colt" (a twin)
            lead.append(words.pop(0))
        if not words:
            return gun
        tail = words[-1]
        if len(words) > 1 and tail[:1].islower() and tail.replace("-", "").isalpha():
            short = tail  # "double-barrel shotgun" -> "shotgun" ("six-gun" a head noun too)
        elif len(words) > 1 and (words[0] in _BRANDS or tail in _BRANDS):
            # "Colt Peacemaker", "long-barrelled Colt" -> "Colt" (never "Bull Dog" -> "Bull")
            short = words[0] if words[0] in _BRANDS else tail
        else:
            short = " ".join(words)
        said = self.guns_said.get(short, 0)  # "Colt" and "long-barrelled Colt" count together
        self.guns_said[short] = said + 1
        firearm = self.scene.shot(self.weapon_type)[1] in ("bullet", "ball", "pellets")
        if said == 0 and (" ".join(words) not in self.guns_told or len(words) == 1
                          or not firearm):  # a "bung starter" is never a "starter"
            self.guns_told.add(" ".join(words))
            return gun  # in full once a fight: "Winchester carbine", then "carbine"
        if said > 1 and firearm and not named:
            short = "gun"  # "Schofield", "Schofield", then "gun" ("revolver" alike)
        elif said == 1 and len(words) == 1:
            return gun
        if named and short == "gun":
            return gun
        return " ".join(lead + [short])

    def own(self, who: str, text: str) -> str:
        """A place or cover named for ``who`` told from his side: "Texas Jack's horse" is
        "his horse" in a line about Texas Jack. ``text`` is escaped markup; returns it."""
        c = self.chars.get(who)
        if c is None:
            return text
        for x in (c.name, c.short, self.shorts.get(who, c.short)):
            mine = self.markup.escape(x) + "'s "
            if text.startswith(mine):
                return self._pronouns(who)[2] + " " + text[len(mine):]
        return text

    def shooters_told(self) -> tuple[frozenset[str], frozenset[str]]:
        """The shooters whose shots were told in this paragraph so far, and those among them
        whose first shot told in it was a later shot of his turn, told afresh ("Ike's
        bullet", not "his second"): ``flow`` does not join such a paragraph to one that told
        his earlier shot."""
        return frozenset(self._para_shooters), frozenset(self._para_afresh)

    def flow(self, paragraphs: list[str], banners: list[bool] | None = None,
             shooters: list[tuple[frozenset[str], frozenset[str]]] | None = None
             ) -> list[str]:
        """A turn's story paragraphs with runs of short ones joined (aggregation): a
        paragraph joins the one before while together they are at most ``FLOW_SENTENCES``
        sentences and ``FLOW_WORDS`` words, and the joined sentences do not open alike
        (their first three words); a banner (one emphasised line: who had the jump) stays
        a line of its own (``banners``: which of ``paragraphs`` are banners). One man's
        single shot, a reload, a move, each a one-line paragraph, read as a run of engine
        lines; joined they read as a fight. A paragraph that told a shot of a man whose
        earlier shot of the turn the paragraph before told (``shooters``: the shooters of
        each paragraph) stays a paragraph of its own: each paragraph tells a man's first
        shot in it as "his bullet", so joined they read as one shot told twice ("Oakes flinches
        as Ike's bullet goes by. ... Ike's bullet passes close by Oakes's cheek.": bh-saloon
        seed 16). ``shooters``: ``shooters_told`` of each paragraph."""
        out: list[str] = []
        sizes: list[tuple[int, int]] = []
        banner: list[bool] = []
        shot: list[frozenset[str]] = []  # the shooters told in each paragraph of out
        told = ""  # the last sentence of out[-1] as written, before a name became "He"
        for i, (text, own) in enumerate(zip(paragraphs, banners or [False] * len(paragraphs))):
            text = text.strip()
            if not text:
                continue
            mine, afresh = shooters[i] if shooters and i < len(shooters) else ((), ())
            mine, afresh = frozenset(mine), frozenset(afresh)
            said = _SENTENCE_END.split(text)
            size = (len(said), len(text.split()))
            if out and not banner[-1] and not own:  # a banner stays a line of its own
                last = _SENTENCE_END.split(out[-1])[-1]
                n, w = sizes[-1]
                carried = self._carry(told, text)
                if n + size[0] <= FLOW_SENTENCES and w + size[1] <= FLOW_WORDS \
                        and not afresh & shot[-1] \
                        and last.split()[:3] != said[0].split()[:3] \
                        and not self._gun_heavy(f"{out[-1]} {text}") \
                        and not (carried == text and self._same_opener(told, text)):
                    # (not when it would open on the name the sentence before opened on,
                    # no pronoun standing for it: "Edward made a dash for the swinging
                    # doors. Edward's ball smacked into the wall behind Levi.")
                    out[-1] = f"{out[-1]} {carried}"
                    sizes[-1] = (n + size[0], w + size[1])
                    shot[-1] = shot[-1] | mine
                    told = said[-1]
                    continue
            told = said[-1]
            out.append(text)
            sizes.append(size)
            banner.append(own)
            shot.append(mine)
        if self._the_names:  # (a template's own words around a name: "the Abilene Kid")
            out = [_the_inside(x, self._the_names, opens=True) for x in out]
        return out

    def _same_opener(self, last: str, text: str) -> bool:
        """Whether ``text`` opens on the name (or its possessive) that the sentence ``last``
        opened on as its subject."""
        last = re.sub(r"^(?:[*_\W]|\[/?\w+\]|</?\w+>)+", "", last)
        for who, c in self.chars.items():
            for name in {self.markup.escape(self.shorts.get(who, c.short)),
                         self.markup.escape(c.name)}:
                if last.startswith(name + " ") and text.startswith((name + " ", name + "'s ")):
                    return True
        return False

    def _gun_heavy(self, text: str) -> bool:
        """Whether a paragraph names one gun (a capitalised word that is nobody's name,
        inside a sentence: "Colt") four times or more: joined from paragraphs that each
        named it afresh ("Louis's Colt barked ... Cimarron's Colt roared ... his Colt")."""
        names = self._name_words()
        seen: dict[str, int] = {}
        for w in _MID_CAPITAL.findall(text):
            if w not in names:
                seen[w] = seen.get(w, 0) + 1
                if seen[w] >= 4:
                    return True
        return False

    def _name_words(self) -> frozenset[str]:
        if self._names is None:
            self._names = frozenset(w for who, c in self.chars.items()
                                    for x in (c.name, c.short, self.shorts.get(who, c.short))
                                    for w in re.findall(r"[A-Za-z]+", x))
        return self._names

    def _carry(self, last: str, text: str) -> str:
        """``text``, a paragraph joined after the sentence ``last``, opening on a pronoun
        where it opens on the name ``last`` opened on ("Martha turned on Edwin. She ran for
        the fallen rocks"), by the rule of ``_can_pronoun``: every other character of his
        pronoun in ``last`` is named again in ``text``'s first sentence. "they" is left
        named (the verb after it was made to agree with a name)."""
        first = _SENTENCE_END.split(text)[0]

        def spoken(who: str) -> list[str]:
            said = self._spoken.get(who)  # once per man a write-up (rendering time)
            if said is None:
                c = self.chars[who]
                said = self._spoken[who] = sorted(
                    {self.markup.escape(self.shorts.get(who, c.short)),
                     self.markup.escape(c.name)}, key=len, reverse=True)
            return said

        def opener(sentence: str) -> tuple[str, str] | None:
            for who in self.chars:
                for name in spoken(who):
                    if sentence.startswith((name + " ", name + "'s ")):
                        return who, name
            return None

        last = re.sub(r"^(?:[*_\W]|\[/?\w+\]|</?\w+>)+", "", last)  # an emphasised line
        if last.startswith(("It was ", "It is ")):  # "It was Clegg who stirred first."
            last = last.split(" ", 2)[2]
        mine, theirs = opener(first), opener(last)
        if mine is None or theirs is None or mine[0] != theirs[0]:
            return text
        who, name = mine
        c = self.chars[who]
        if c.pronoun == "they":
            return text
        rest, before = first[len(name):], last[len(theirs[1]):]
        for other, o in self.chars.items():
            if other == who or o.pronoun != c.pronoun:
                continue
            said = [_name_re(x) for x in spoken(other)]
            if any(x.search(before) for x in said) and not any(x.search(rest) for x in said):
                return text
        # nor when the last clause of ``last`` opens on another of his pronoun (named again in
        # ``text``): "Slim is lucky: Martin's bullet goes astray. He fires at Martin, too
        # high" read as Martin (a fresh user, session 21)
        other = self.clause_opener(last)
        if other is not None and other != who and self.chars[other].pronoun == c.pronoun:
            return text
        he, _, his, _ = _PRONOUNS[c.pronoun]
        if rest.startswith("'s ") and any(
                _name_re(x).search(rest)
                for other, o in self.chars.items() if other != who and o.pronoun == c.pronoun
                for x in spoken(other)):
            return text  # "His bullet went wide of Charlie": Charlie's bullet?
        if rest.startswith("'s "):
            return his.capitalize() + text[len(name) + 2:]
        if before.startswith("'s "):
            return text  # after "Dutch's bullet ...", "Dutch fired at Quaid", never "He"
        return he.capitalize() + text[len(name):]

    def realise(self, text: str, **fields: Any) -> str:
        """Realise literal template text with verb markers (``"When the smoke [clear]"``)."""
        plural = {k for k, v in fields.items() if isinstance(v, tuple) and v[1]}
        flat = {k: (v[0] if isinstance(v, tuple) else v) for k, v in fields.items()}
        return self.phrases.fill(text, flat, plural)


def loading_declarations(events: list[Event] | tuple[Event, ...]) -> list[Event]:
    """The declarations among a turn's ``events`` of reloads that nothing else of the turn
    tells: a shootout turn's reload under way (six in a row load one combat turn's worth,
    000 l.497: nothing is loaded until the sixth), of a man who neither fired, finished the
    reload, was refused it nor went down that turn. A man's action is told in the story,
    even when it is only loading ("Cal starts loading his scattergun")."""
    declared = [e for e in events if e.kind == "intent_declared" and getattr(e, "reload", None)]
    if not declared:
        return []
    busy = set()
    for e in events:
        k = e.kind
        if k == "shot_fired":
            busy.add(e.shooter)
        elif k in ("reloaded", "action_refused", "passed_out", "died", "knocked_out",
                   "actions_lost", "moved", "blow_struck", "jam_worked"):
            busy.add(getattr(e, "character", None) or getattr(e, "attacker", None))
        elif k == "wound_taken" and e.mortal is not None and not e.mortal.saved:
            busy.add(e.character)
    return [e for e in declared if e.character not in busy and not e.targets]


@functools.lru_cache(maxsize=8)
def _inside(sentence: str) -> str:
    """A sentence told as a clause after a semicolon: a pronoun opening it in lower case
    ("; he waits for a clear shot", never "; He waits")."""
    first = sentence.split(" ", 1)[0]
    return first.lower() + sentence[len(first):] if first in ("He", "She", "They", "It") \
        else sentence


def _toml(text: str) -> dict[str, Any]:
    return tomllib.loads(text)


#: Whether two short names are easily confused in prose (``inflection.alike_names``).
_alike = inflection.alike_names


def article_shorts(chars: dict[str, Any], shorts: dict[str, str]) -> dict[str, str]:
    """Short names that keep the article of a name that begins with "The": a short name that
    is the name's last words after "The" (its head: "The Preacher" -> "Preacher", "The
    Nueces Kid" -> "Kid") is said with it ("The Preacher", "The Kid": "the Preacher" inside a
    sentence, ``_the_inside``), as the name first told was; one that is not ("Nueces") is a
    name of his own and stays as it is. Returns name -> short name for the men changed."""
    out: dict[str, str] = {}
    for who, c in chars.items():
        full = inflection.told_name(c.name)
        short = shorts.get(who, c.short) or ""
        if not full.startswith("The ") or short.lower().startswith("the ") or not short:
            continue
        if full[4:] == short or full.endswith(" " + short):
            out[who] = "The " + short
    return out


def distinct_shorts(chars: dict[str, Any]) -> dict[str, str]:
    """Other short names for men whose short names are alike (``_alike``): his nickname
    (the quoted part of his name: 'Louis "Dakota" Williamson' -> "Dakota") or, without one,
    his surname, for the second man of each such pair, when that is not alike too.
    Returns name -> short name for the men changed."""
    out: dict[str, str] = {}
    names = list(chars)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            sa = out.get(a, chars[a].short)
            sb = out.get(b, chars[b].short)
            if not _alike(sa, sb):
                continue
            for who in (b, a):
                full = chars[who].name
                nick = re.findall(r"[\"\u201c]([^\"\u201d]+)[\"\u201d]", full)
                other = nick[0] if nick and nick[0] != chars[who].short else full.split()[-1]
                mine, theirs = (sb, sa) if who == b else (sa, sb)
                if other != mine and not _alike(other, theirs) and all(
                        other != out.get(n, chars[n].short) for n in names if n != who):
                    out[who] = other
                    break
    return out


# The phrase helpers below are pure functions of a phrase's text, and a fight's phrases are a
# few hundred: each is worked out once (rendering time, benchmarks/bench_render.py).
@functools.lru_cache(maxsize=4096)
def _first_word(phrase: str) -> str | None:
    """A phrase's (tags stripped) first word, lower case, when it is a word of the phrase's
    own and not "the", "a", "an": ``"When it [be] over, ..."`` -> ``"when"``; None for one
    that opens on a field (a name) or an article."""
    word = phrase.split(" ", 1)[0].strip(",;:")
    if not word or word.startswith(("{", "[")) or word.lower() in ("the", "a", "an"):
        return None
    return word.lower()


def _opening(phrase: str) -> str:
    """A phrase's words before its first verb marker: how its sentence opens (``say``)."""
    return phrase.split("[", 1)[0].strip()


@functools.lru_cache(maxsize=4096)
def _his_frame(body: str, opener: str) -> str:
    """The words after a sentence's opening possessive ("{a}'s {nth} shot [go] wide" ->
    "{nth} shot"): two sentences of a paragraph opening "His" on the same frame are told of
    one man (``Narration._his_ambiguous``)."""
    return " ".join(body[len(opener) + 4:].split()[:2])


def _whole(phrase: str) -> bool:
    """Whether a phrase is a whole sentence (not a piece: "; a flesh wound.", "in the chest",
    a hit's opening "{a} [hit] {b}" that the place and the wound finish)."""
    return not phrase.startswith(("; ", ",")) and phrase.rstrip("\"\u201d'").endswith(
        (".", "!", "?"))


def _copied(v: Any) -> Any:
    """A shallow copy of a set, list or dict; anything else as it is."""
    return v.copy() if isinstance(v, (set, list, dict)) else v


#: a weapon's name that says it is a blade (a draw told by its sheath, never a holster)
#: A weapon named as no gun: a blade (``_BLADE``), a bow, fists, a club (``Narration.story``).
_NO_GUN = re.compile(r"\b(knife|knives|bowie|dagger|dirk|stiletto|machete|tomahawk|hatchet|axe|"
                     r"sabre|saber|sword|cutlass|bayonet|razor|spear|lance|bow|arrows|fists?|"
                     r"club|cudgel|knuckles|claws|pick handle|bung starter|whip)\b", re.I)
_BLADE = re.compile(r"\b(knife|knives|bowie|dagger|dirk|stiletto|machete|tomahawk|hatchet|axe|"
                    r"sabre|saber|sword|cutlass|bayonet|razor|spear|lance)\b", re.I)


@functools.lru_cache(maxsize=256)
def _is_pocket(weapon: str) -> bool:
    """Whether a weapon's name or type says it is a pocket gun (``_POCKET``): its report is a
    crack or a pop, not a roar."""
    return _POCKET.search(weapon) is not None


def _is_longarm(weapon: str) -> bool:
    """Whether a weapon's name says it is fired from the shoulder (``_LONGARM``)."""
    return _LONGARM.search(weapon) is not None


_GUN_FROM = "from {a}'s {weapon}"
_OWN_SHOT = (
    # "A second bullet from {a}'s {weapon} [take]" -> "{a}'s second bullet [take]"
    (re.compile(r"^(This time )?(?:A|The|the) ((?:second |next |\{nth\} |load of )?"
                r"(?:\{shot\}|shot|charge)) from \{a\}'s \{weapon\}"), r"\1{a}'s \2"),
    (re.compile(r"^Lead from \{a\}'s \{weapon\}"), "{a}'s lead"),
)


@functools.lru_cache(maxsize=1024)
def _own_shot(phrase: str) -> str:
    """A phrase telling a shot "from {a}'s {weapon}" told instead as the shooter's own
    ("{a}'s second {shot} [take] {b}"), for a sentence right after one that told a shot from
    a man's gun (``Narration._realise``); a phrase of another form as it is."""
    for pattern, repl in _OWN_SHOT:
        phrase, k = pattern.subn(repl, phrase, count=1)
        if k:
            break
    return phrase


@functools.lru_cache(maxsize=256)
def _named_owner(phrase: str, key: str) -> str:
    """A phrase telling ``{key}`` (a weapon whose name says its owner, "Pa's shotgun") as a
    man's by his name, "{a}'s {weapon}", told with the bare name: "{a}'s {weapon_bare}"
    ("Hattie's shotgun", never "Hattie's Pa's shotgun"); any other phrase as it is."""
    return re.sub(r"(\{[ab]\}'s )\{" + key + r"\}", r"\1{" + key + "_bare}", phrase)


@functools.lru_cache(maxsize=256)
def _owned_phrase(phrase: str, key: str) -> str:
    """A phrase telling ``{key}`` by a name that says its owner ("Pa's shotgun") without
    its own determiner before it: "{a_his} {weapon}" and "the {weapon}" are "{weapon}"
    ("reloads Pa's shotgun", "Pa's shotgun is empty"), "his own {weapon}" too, and
    "the jammed {weapon}" is "{weapon_owner} jammed {weapon_bare}" ("Pa's jammed
    shotgun")."""
    field = r"\{" + key + r"\}"
    phrase = re.sub(r"(?:\bthe|\{[ab]_his\}) jammed " + field,
                    "{" + key + "_owner} jammed {" + key + "_bare}", phrase, flags=re.I)
    return re.sub(r"(?:\bthe|\{[ab]_his\})(?: own)? " + field, "{" + key + "}", phrase,
                  flags=re.I)


@functools.lru_cache(maxsize=4096)
def _shape(phrase: str) -> tuple[str, str, bool]:
    """A phrase's body (without a leading "; " or ","), that lead, and whether it names
    ``{a}`` no later than ``{b}`` (``Narration._realise``)."""
    body = phrase.lstrip("; ,")
    return body, phrase[:len(phrase) - len(body)], _first_at(phrase, "a") <= _first_at(phrase, "b")


#: A few words of time a sentence may open on before the man it is about ("At last {a}",
#: "Still {a}'s {weapon}"): ``Narration._realise`` takes the man as its opener.
_LEAD_IN = re.compile(r"^(?:At last|This time|Still|Once more|Again|After that,|That done,|"
                      r"Twice) (?=\{[ab]\})")


@functools.lru_cache(maxsize=4096)
def _lead_in(body: str) -> str:
    """The words of time ``body`` opens on before its first man (``_LEAD_IN``), else ""."""
    m = _LEAD_IN.match(body)
    return m.group(0) if m else ""


@functools.lru_cache(maxsize=64)
def _pronoun_fields(key: str, forms: tuple[str, str, str, str]) -> dict[str, str]:
    """``{a_he: "he", a_him: "him", a_his: "his", a_self: "himself"}`` for ``key`` "a" and
    a character's pronoun forms (read, never changed, by ``_realise``)."""
    return dict(zip(_PRONOUN_FIELDS[key], forms))


@functools.lru_cache(maxsize=4096)
def _first_at(phrase: str, key: str) -> int:
    """Where the phrase first names the character ``key`` (``{a}`` or ``{a_he}``...), else its
    length."""
    for probe in ("{" + key + "}", "{" + key + "_"):
        i = phrase.find(probe)
        if i >= 0:
            return i
    return len(phrase)


@functools.lru_cache(maxsize=4096)
def _refers(phrase: str, key: str) -> bool:
    """Whether the phrase refers to the character ``key`` by a pronoun field."""
    return re.search(r"\{" + key + r"_(he|him|his|self)\}", phrase) is not None


@functools.lru_cache(maxsize=4096)
def _says_he(phrase: str, key: str) -> bool:
    """Whether the phrase calls the character ``key`` "he", "him" or "himself"."""
    return re.search(r"\{" + key + r"_(he|him|self)\}", phrase) is not None


@functools.lru_cache(maxsize=1024)
def _name_re(name: str) -> re.Pattern[str]:
    """A name as written, as a whole word (``Narration._carry``)."""
    return re.compile(rf"(?<![\w']){re.escape(name)}(?![\w])")


@functools.lru_cache(maxsize=1024)
def _word_re(word: str) -> re.Pattern[str]:
    """A vocabulary word, or its plural in "s", as a whole word (``Scene.from_toml``)."""
    return re.compile(rf"\b{re.escape(word)}s?\b")


@functools.lru_cache(maxsize=4096)
def _empties(phrase: str) -> bool:
    """Whether the phrase tells a gun emptied."""
    return _EMPTIES.search(phrase) is not None


#: a place on one side of the body ("through the left forearm"): its words, the side, the part
_SIDED = re.compile(r"^((?:[a-z]+ )+?)the (left|right) ([a-z]+)$")


def _the_names(chars: dict[str, Any], shorts: dict[str, str]) -> re.Pattern | None:
    """The names of ``chars`` (as told in full, short, or story mode's other short names)
    that begin with "The", as one pattern matching them (longest first), or None."""
    names = {x for n, c in chars.items()
             for x in (inflection.told_name(c.name), c.short, shorts.get(n, c.short))
             if x.startswith("The ") and len(x) > 4}
    if not names:
        return None
    return re.compile(r"(?<![\w'])The (?=(?:" + "|".join(
        re.escape(x[4:]) for x in sorted(names, key=len, reverse=True)) + r")(?![\w]))")


def _the_inside(text: str, names: re.Pattern, opens: bool) -> str:
    """``text`` with "The" of a name that begins with it (``_the_names``) lower-cased inside a
    sentence ("Sam shakes off the Abilene Kid's hands"); kept where a sentence opens on it
    (the start of ``text`` when ``opens``, or after a full stop)."""
    def lower(m: re.Match) -> str:
        before = text[:m.start()].rstrip(" *_")
        if (opens and not before) or before[-1:] in (".", "!", "?", "\"", "\u201c"):
            return m.group(0)
        return "the "
    return names.sub(lower, text)


@functools.lru_cache(maxsize=4096)
def _plain(text: str) -> str:
    return re.sub(r"[*_\[\]<>/\\]|\bb\]", "", text)


# ---------------------------------------------------------------------- motion and the end
def _active_enemies(pos: dict[str, tuple[float, float]], sides: dict[str, str],
                    down: set[str], who: str) -> list[tuple[str, float]]:
    me = pos.get(who)
    if me is None:
        return []
    return sorted(((o, math.dist(me, p)) for o, p in pos.items()
                   if sides.get(o) != sides.get(who) and o not in down),
                  key=lambda t: t[1])


#: The kinds ``_down_after`` reads (the others put nobody down).
_DOWN_KINDS = frozenset({"wound_taken", "passed_out", "died", "injury_rolled", "melee_fought",
                         "morale_checked",
                         "knocked_out", "gl_down", "ww_damage", "ww_gave_up", "ww_winded", "state_adjusted"})
_NOBODY: frozenset[str] = frozenset()


# a man's conditions at a turn's end (every ruleset's status words) that a GM's edit to active
# brings him round from (``Narration.gm_back``)
_SENSELESS = frozenset({"passed_out", "unconscious", "down", "winded", "knocked_out",
                        "subdued", "stunned"})


def _down_after(e: Event, down: set[str]) -> None:
    k = e.kind
    if k not in _DOWN_KINDS:
        return
    if k == "wound_taken" and e.mortal is not None and e.mortal.outcome in ("killed", "dying"):
        down.add(e.character)
    elif k in ("passed_out", "died", "ww_winded", "knocked_out"):  # knocked cold: B19
        down.add(e.character)
    elif k == "injury_rolled" and e.result == "down":
        down.add(e.character)
    elif k == "melee_fought" and e.down:   # Violence: beaten Down (or subdued) in a melee
        down.add(e.down)
    elif k == "morale_checked" and e.routed:
        down.update(e.members)
    elif k == "gl_down" or (k == "ww_damage" and (e.died or e.winded)):
        down.add(getattr(e, "character", None) or e.target)
    elif k == "ww_gave_up":
        down.add(e.character)
    elif k == "state_adjusted" and e.field == "condition":  # a GM's edit (play-by-post)
        if e.value == "active":
            down.discard(e.character)
        else:
            down.add(e.character)


def _floored_after(e: Event, lying: set[str]) -> None:
    """Update ``lying`` (men on the ground, still in the fight) for the event ``e``, of any
    ruleset (``Narration.floored``)."""
    k = e.kind
    status = getattr(e, "status", None)
    if isinstance(status, tuple) and status and hasattr(status[0], "prone"):
        for st in status:  # a turn's or round's end: everyone's state afresh
            if getattr(st, "prone", None) is not None and getattr(st, "name", None):
                (lying.add if st.prone else lying.discard)(st.name)
        return
    if k == "bruise_taken":
        if e.prone or e.knocked_down:
            lying.add(e.character)
    elif k == "moved":
        (lying.add if e.prone else lying.discard)(e.character)
    elif k == "footing_checked":
        if not getattr(e, "success", True):
            lying.add(e.character)
    elif k == "gl_recoil":
        if e.result == "knocked_down":
            lying.add(e.character)
    elif k == "gl_blocked":
        if e.reason == "knocked_down" and e.detail == "picks_up":  # 002 l.135: he gets up
            lying.discard(e.character)
    elif k == "ww_simple":
        if e.what == "prone" and not e.why:
            lying.add(e.character)
        elif e.what == "stand" and not e.why:
            lying.discard(e.character)
    elif k == "ww_moved":
        lying.discard(e.character)
    elif k == "ww_vamoosed":
        if e.how == "dodge":  # ruled: WN15 (diving: hitting the ground)
            lying.add(e.character)
    elif k == "ww_damage":
        if e.maimed in ("left_leg", "right_leg"):  # a leg maimed: he falls (W19)
            lying.add(e.target)
    elif k == "state_adjusted" and e.field == "prone":  # a GM's edit (play-by-post)
        (lying.add if e.value == "True" else lying.discard)(e.character)


def _closes_on(targets: tuple[str, ...], start: tuple[float, float], end: tuple[float, float],
               pos: dict[str, tuple[float, float]], down: Any, sides: dict[str, str],
               mover: str) -> str | None:
    """The first of ``targets`` (the men a mover declared he shoots at this turn) on his feet,
    of another side, whom a move from ``start`` to ``end`` brings nearer by more than a third
    of its length (a move "towards" him, as ``motions`` reads it), else None: "advanced on
    Sam" for a man who declared he was going after Sam, never on Ben, who stood nearer."""
    step = math.dist(start, end)
    for who in targets:
        if who in pos and who not in down and who != mover and sides.get(who) != sides.get(mover):
            if math.dist(end, pos[who]) < math.dist(start, pos[who]) - step / 3:
                return who
    return None


def _shot_after(events: list[Event], i: int) -> tuple[str, ...]:
    """The man shot at right after the move ``events[i]`` by the same man on the same action
    (card), as ``(name,)``, else ``()``: a ruleset whose moves and shots come with one action
    and no declared intents (Weird West) says whom the move was for by the shot after it
    ("Kid runs at Jeb", never at Maria, nearer, when the shot is at Jeb)."""
    e = events[i]
    card = getattr(e, "card", None)
    for later in events[i + 1:i + 4]:
        if getattr(later, "character", None) != e.character or getattr(later, "card", card) \
                != card:
            break
        target = getattr(later, "target", None)
        if (later.kind.endswith("_shot") or later.kind == "ww_fought") \
                and isinstance(target, str) and target:   # (or the blow after it)
            return (target,)
    return ()


def motions(events: list[Event], started: Any) -> dict[int, dict[str, Any]]:
    """How each move looks from the fight, keyed by ``id(event)`` of ``moved`` events:
    ``{"way": "towards"|"away"|"across", "enemy": name}`` relative to the nearest enemy on his
    feet (or, for a man who declared a blow or a grapple that turn, the man he means to hit;
    for one who declared shots, the first man he shoots at whom the move closes on; where
    no intents are declared, the man he shoots at or strikes on the move's own action),
    plus ``"closer"``: the enemy on his feet the move brings nearer by the most (by more
    than a third of its length), when there is one, and ``"further"``: the one it takes him
    away from by the most (by as much), when there is one; and so of a ruleset's own moves
    with a start and an end (``ww_moved``, ``gl_moved``, Violence's ``relocated``),
    from positions followed through the log (start positions, then each move's end, and a
    Weird West parry's ``backed_to``)."""
    pos = {c.name: tuple(c.at) for c in started.characters if getattr(c, "at", None)}
    sides = {c.name: c.side for c in started.characters}
    down: set[str] = set()
    out: dict[int, dict[str, Any]] = {}
    closing: dict[str, str] = {}  # this turn: a man who moves to strike or grapple, and whom
    aiming: dict[str, tuple[str, ...]] = {}  # this turn: the men a man declared he shoots at
    turn_pos = dict(pos)  # where each man stood as the turn began
    # this turn: the men down as each man fired his first shot (Boot Hill: where the story
    # tells a run he made firing, before that shot: ``render.core._paragraphs``), and the
    # leg wounds each man took after it (then his move is told in its place, after them)
    told_at: dict[str, frozenset[str]] = {}
    lamed: set[str] = set()
    for i, e in enumerate(events):
        if e.kind == "turn_started":
            closing, aiming = {}, {}
            turn_pos = dict(pos)
            told_at, lamed = {}, set()
        if e.kind == "shot_fired" and isinstance(getattr(e, "shooter", None), str):
            told_at.setdefault(e.shooter, frozenset(down))
        if e.kind == "wound_taken" and e.character in told_at \
                and "leg" in str(getattr(e, "location", "")):
            lamed.add(e.character)
        if e.kind.endswith("_moved") and hasattr(e, "start") and e.character not in aiming:
            after = _shot_after(events, i)   # a ruleset with no declared intents
            if after:
                aiming[e.character] = after
        elif e.kind == "intent_declared" and getattr(e, "melee_target", None) \
                and getattr(e, "melee", None) in ("strike", "grapple"):
            closing[e.character] = e.melee_target
        if e.kind == "intent_declared" and getattr(e, "targets", ()):
            aiming[e.character] = tuple(e.targets)
        if e.kind in ("moved", "relocated") or (e.kind.endswith("_moved")
                                                and hasattr(e, "start")):
            enemies = _active_enemies(pos, sides, down, e.character)
            target = closing.get(e.character)
            if target in pos and target not in down:  # he moves on the man he means to hit
                enemies = [(target, math.dist(tuple(e.start), pos[target]))]
            else:  # he closes on a man he declared he shoots at: that man, not the nearest
                aimed = _closes_on(aiming.get(e.character, ()), tuple(e.start), tuple(e.end),
                                   pos, down, sides, e.character)
                early = told_at.get(e.character) if e.kind == "moved" and not (
                    getattr(e, "penalties", ()) and e.character in lamed) else None
                if aimed is None and early is not None:
                    # a Boot Hill run made firing is told before his first shot: at the man
                    # he declared it at, if that man was up then, though his shots (or
                    # another's) put him down before the move's place in the log; at
                    # nobody if he was down already, never at the next man near it (a
                    # fresh user, session 21: "Zeke charges towards James" of a run at
                    # Albert, whom Zeke's first shot killed)
                    aimed = _closes_on(aiming.get(e.character, ()), tuple(e.start),
                                       tuple(e.end), pos, early, sides, e.character)
                    if aimed is None and _closes_on(aiming.get(e.character, ()),
                                                    tuple(e.start), tuple(e.end), pos,
                                                    frozenset(), sides, e.character):
                        enemies = []  # his man was down before he fired: told neutrally
                if aimed is not None:
                    enemies = [(aimed, math.dist(tuple(e.start), pos[aimed]))]
            if enemies and e.start != e.end:
                name, before = enemies[0]
                after = math.dist(tuple(e.end), pos[name])
                step = math.dist(tuple(e.start), tuple(e.end))
                way = "across"
                if after < before - step / 3:
                    way = "towards"
                elif after > before + step / 3:
                    way = "away"
                was = turn_pos.get(name)
                if way == "across" and e.kind == "moved" and was is not None \
                        and math.dist(tuple(e.end), was) < math.dist(tuple(e.start), was) - step / 3:
                    # Boot Hill's moves of a turn are made together: a run at the spot the
                    # man stood on as the turn began is a run at him, though he moved off
                    # (a fresh user: "Kit stepped aside, never taking their eyes off Lee" of
                    # a 3.6-yard run to Lee's spot, the rolls "runs towards Lee")
                    way = "towards"
                out[id(e)] = {"way": way, "enemy": name}
                # the enemy on his feet the move brings nearest by the most (more than a third
                # of its length), whoever "enemy" is: whom a walking dead man, who goes for
                # the living, comes at (ww-night seed 1: Hollis ran from Amos at Jo)
                gains = [(before_o - math.dist(tuple(e.end), pos[o]), o) for o, before_o
                         in _active_enemies(pos, sides, down, e.character)]
                ahead = [(g, o) for g, o in gains if g > step / 3]
                if ahead:
                    out[id(e)]["closer"] = max(ahead, key=lambda t: t[0])[1]
                # and the one it takes him furthest from (by more than a third of its
                # length): whom a man backing off or running backs off from, who may not be
                # the nearest (a Weird West man backing off from Jo past Hollis)
                off = [(-g, o) for g, o in gains if -g > step / 3]
                if off:
                    out[id(e)]["further"] = max(off, key=lambda t: t[0])[1]
            if e.start != e.end:
                # the enemy, on his feet or down, he ends at the elbow of (within BESIDE_YARDS)
                # and the move brings nearer by more than a third of its length: the man he
                # walked at, though that man went down before he got there (a Violence knife
                # walking at Ned, whom Shorty pinned first, was told "moves to the open ground
                # near the pot-bellied stove": v-knives seed 4, check136)
                step = math.dist(tuple(e.start), tuple(e.end))
                near = sorted((o in down, math.dist(tuple(e.end), p), o) for o, p in pos.items()
                              if sides.get(o) != sides.get(e.character)
                              and math.dist(tuple(e.end), p) <= BESIDE_YARDS
                              and math.dist(tuple(e.start), p) - math.dist(tuple(e.end), p)
                              > step / 3)
                if near:  # (one on his feet first)
                    out.setdefault(id(e), {})["beside"] = near[0][2]
                    if near[0][0]:
                        out[id(e)]["beside_down"] = True
            pos[e.character] = tuple(e.end)
        elif getattr(e, "backed_to", None) is not None:
            # a Weird West parry backs him a yard off (ruled: WN15): a move with no move
            # event (a fresh user's knife-fighter closing on the man who had backed off was
            # told "backs away from" him, measured from the spot he had left)
            pos[e.character] = tuple(e.backed_to)
        _down_after(e, down)
    return out


#: How near (yards) a move's end is to a man for the move to be told as one up to him
#: (``motions``' "beside"): arm's length, as the Violence tactics reckon it.
BESIDE_YARDS = 2.0

#: Words opening a sentence that take a lower-case letter after a lead ("In the same instant,
#: his bullet ...").
_LOWER_OPENERS = frozenset("His Her Their He She They The A An Another It With".split())

#: Turns with no shot at the end of a fight (and half the fight at least) whose ending says when
#: the last shot was fired (``Narration.quiet_tail``).
QUIET_TAIL_TURNS = 10


def span(seconds: int) -> str:
    """A stretch of the fight as a GM says it: "18 seconds" under 55 seconds, "a minute" up
    to 89, "a minute and a half" up to 119, then whole minutes ("two minutes", "50 minutes"
    for 2,994 seconds), never a count of seconds past a minute."""
    if seconds < 55:
        return inflection.count(seconds, "second")
    if seconds < 90:
        return "a minute"
    if seconds < 120:
        return "a minute and a half"
    return inflection.count(int(seconds / 60 + 0.5), "minute")  # half up: 150 s, three


#: How near (yards) a landmark with walls a man falls for a phrase to put him against a wall.
WALL_YARDS = 4

#: A move's gaits that are a flight when away from the enemy to no landmark (the moved story
#: template's "flee"; a walk away is backing off).
FLIGHT_GAITS = frozenset({"running", "galloping", "trotting", "evading"})
#: Attacks other than shots: a man who strikes after a run has not fled.
ATTACK_KINDS = frozenset({"blow_struck", "melee_fought", "gl_blow", "ww_fought"})


def ending(events: list[Event], started: Any, moves: dict[int, dict[str, Any]] | None = None,
           kinds: Kinds | None = None) -> dict[str, Any]:
    """What the closing paragraph tells: lists of names (``dead``, ``dying``, ``critical``
    (critically injured, alive: Violence), ``out`` (passed out, down), ``wounded`` (hurt,
    still on his feet, or come to after the fight), ``fled`` (routed, fled, or on his feet
    after a flight the story told, a run away from the enemy to no landmark, with no shot or
    blow of his after it), ``surrendered``, ``running`` (on his feet, his last move
    a flight from the enemy), ``standing`` (on his feet at the end, fled and surrendered men
    left out)); ``holders``: the sides whose men on their feet are not running (who holds the
    field); ``sides_standing``; ``shots`` fired (covering fire included), ``cover_fire`` (of
    those, shots of covering fire) and ``hits`` (shots that wounded a man; cover that
    stopped one is no hit); ``quiet``: nobody fired in the last turn; ``last_shot``: the
    turn of the last shot (0: none); ``turns``;
    ``came_to``: the men knocked cold who came to after the fight; ``stuck``: (a fight cut
    off undecided) the men still in it whose last fast draw failed, no gun out. Read from the
    last status block and the shots.

    A fight cut off undecided (its ``fight_ended`` reason "turns_ran_out": the turns ran out
    with two sides or more still up) is told as the engine left it: ``holders`` are then the
    sides the engine counts still in the fight (the event's ``standing``, as the teaching
    write-up and ``odds`` read it), never one side the story calls the winner, and a man the
    story saw run who is still on his feet and in it (no rout, no surrender) is
    ``withdrawn``, not ``fled`` ("Wade has given ground", never "Wade has run" beside "the
    Pruitts are still in it"); ``stopped`` says the fight was cut off so."""
    status = [e for e in events if e.kind == "turn_ended"]
    last = {s.name: s for s in status[-1].status} if status else {}
    out: dict[str, Any] = {k: [] for k in ("dead", "dying", "dying_soon", "dying_minutes",
                                            "critical", "out", "wounded", "hurt", "fled",
                                            "surrendered", "running", "standing")}
    dying_time: dict[str, str] = {}  # the latest mortal wound's time to die, by name
    heal: dict[str, int] = {}  # weeks of rest (Violence's healing_noted), by name
    shots = hits = cover_fire = throws = arrows = duds = 0
    fled: set[str] = set()
    surrendered: set[str] = set()
    after: dict[str, str] = {}
    came_to: set[str] = set()  # knocked cold, came to after the fight (told then)
    struck: set[int] = set()  # shots (by their number) that put a wound in a man
    last_turn = status[-1].turn if status else 0
    quiet = True
    kinds = kinds or Kinds.named(getattr(started, "ruleset", None))
    for e in events:
        if e.kind == "shot_fired" and e.result != "dud":
            shots += 1
            kind = getattr(e, "weapon_kind", "gun")
            throws += kind == "thrown"
            arrows += kind == "bow"
        elif e.kind == "shot_fired":  # a dud (Boot Hill's misfire): tried, never fired
            duds += 1
        elif e.kind == "wound_taken" and e.cause == "shot":
            struck.add(shots)
        elif e.kind == "gun_fired":
            shots += e.shots
            hits += e.result == "hit"
        elif e.kind == "suppression_laid":
            shots += e.shots
            cover_fire += e.shots
        elif e.kind == "suppression_tested" and e.shot:
            hits += len(e.hitters) or 1  # covering fire that hit the man who showed himself
        elif e.kind == "bruises_healed":
            came_to.update(e.came_to)
        elif e.kind == "morale_checked" and e.routed:
            (surrendered if e.result == "surrender" else fled).update(e.members)
        elif e.kind == "after_fight_rolled":
            after[e.character] = e.result
        elif e.kind == "healing_noted" and not getattr(e, "critical", False) and e.weeks:
            heal[e.character] = e.weeks
        if e.kind == "wound_taken" and e.mortal is not None and e.mortal.outcome == "dying":
            dying_time[e.character] = getattr(e.mortal, "dying_time", "")
        if kinds.is_shot(e.kind) and getattr(e, "turn", None) == last_turn:
            quiet = False
    last_shot = max((e.turn for e in events if kinds.is_shot(e.kind)
                     and getattr(e, "turn", None) is not None), default=0)
    if moves is None:  # ``motions`` of the same events, when the caller has them
        moves = motions(events, started)
    last_way: dict[str, str] = {}
    # a flight the story told (a run away from the nearest enemy to no landmark: "flee", the
    # moved story template) and each man's last attack: a man who ran and attacked nobody
    # after it has left the fight ("Homer has run"), though still on his feet
    flight: dict[str, int] = {}
    attack: dict[str, int] = {}
    for i, e in enumerate(events):
        if e.kind == "moved":
            m = moves.get(id(e), {})
            last_way[e.character] = m.get("way", "") if (
                e.turn == last_turn and e.destination is None) else ""
            if m.get("way") == "away" and e.destination is None and getattr(
                    e, "gait", None) in FLIGHT_GAITS and getattr(e, "distance", 0) > 0:
                flight[e.character] = i
        elif kinds.is_shot(e.kind) or e.kind in ATTACK_KINDS:
            who = kinds.actor(e) or getattr(e, "attacker", None)
            if who is not None:
                attack[who] = i
    for c in started.characters:
        s = last.get(c.name)
        cond = getattr(s, "condition", "active") if s is not None else "active"
        cond = after.get(c.name, cond)
        hurt = bool(getattr(s, "wound_points", 0) or getattr(s, "wounds", ())
                    or getattr(s, "injuries", 0)) if s is not None else False
        if hurt:
            out["hurt"].append(c.name)
        if cond == "dead":
            out["dead"].append(c.name)
        elif cond == "dying":
            key = {"turns": "dying_soon", "minutes": "dying_minutes"}.get(
                dying_time.get(c.name, ""), "dying")
            out[key].append(c.name)
        elif cond in ("critically_injured", "critical"):
            out["critical"].append(c.name)
        elif cond in ("passed_out", "down", "subdued"):
            if c.name not in came_to:
                out["out"].append(c.name)
            elif hurt:  # came to after the fight, wounded: the ending names every wounded man
                out["wounded"].append(c.name)
        elif c.name in surrendered or cond == "surrendered":
            out["surrendered"].append(c.name)
        elif c.name in fled or cond in ("fled", "routed") or (
                flight.get(c.name, -1) > attack.get(c.name, -1)
                and last_way.get(c.name) != "away"):  # (still running: ``running``)
            out["fled"].append(c.name)
        else:
            if hurt:
                out["wounded"].append(c.name)
            out["standing"].append(c.name)
            if last_way.get(c.name) == "away":
                out["running"].append(c.name)
    out["shots"], out["hits"] = shots, hits + len(struck)
    out["throws"], out["arrows"] = throws, arrows  # of the shots: counted apart
    out["duds"] = duds  # rounds that misfired: told after the tally, never among the shots
    out["cover_fire"] = cover_fire
    out["came_to"] = sorted(came_to)
    # rest for the wounded who stayed (a man who fled took his wounds out of the story)
    out["heal"] = [(n, w) for n, w in heal.items()
                   if n not in out["fled"] and n not in out["dead"]]
    out["quiet"] = quiet
    out["last_shot"] = last_shot
    out["turns"] = last_turn
    sides = {c.name: c.side for c in started.characters}
    order = list(started.sides).index
    out["sides_standing"] = sorted({sides[n] for n in out["standing"]}, key=order)
    out["holders"] = sorted({sides[n] for n in out["standing"] if n not in out["running"]},
                            key=order)
    end = next((e for e in reversed(events) if e.kind == "fight_ended"), None)
    out["stopped"] = end is not None and end.reason == "turns_ran_out"
    out["withdrawn"] = []
    # men still on their feet whose last fast draw failed, with no shot or blow after it:
    # their gun is not out (a fight cut off undecided says so, never "guns still out")
    drew: dict[str, tuple[int, bool]] = {}
    for i, e in enumerate(events):
        if e.kind == "draw_made":
            drew[e.character] = (i, bool(e.success) or e.draw != "fast")
    out["stuck"] = [n for n in out["standing"] if n in drew and not drew[n][1]
                    and attack.get(n, -1) < drew[n][0]] if out["stopped"] else []
    if out["stopped"]:
        out["holders"] = [s for s in started.sides if s in end.standing]
        for name in list(out["fled"]):
            s = last.get(name)
            cond = after.get(name, getattr(s, "condition", "active") if s is not None
                             else "active")
            if name not in fled and cond == "active":  # the story's flight, not a rout
                out["fled"].remove(name)
                out["withdrawn"].append(name)
    return out
