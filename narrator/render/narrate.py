"""The narrative stage of story mode, between the event log and the templates: content
selection, aggregation into beats, referring expressions, lexical choice; realisation is done
by ``phrases`` (tense and agreement by ``inflection``). Ruleset-independent: a ruleset supplies
vocabulary (``vocabulary.toml``: projectiles by weapon, words for indoors and outdoors) and
its phrases; events are read through the fields every ruleset's events share (``character``,
``shooter``, ``target``, ``turn``) and a few kinds the narrator knows by name.

Templates realise beats with ``n.say(group, a=..., b=...)`` and never decide.

May import: the standard library, narrator.events, narrator.render.phrases,
narrator.render.inflection, narrator.render.markup.
"""

from __future__ import annotations

import functools
import math
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from narrator.events import Event
from narrator.render import inflection
from narrator.render.markup import Markup
from narrator.render.phrases import Phrases

_PRONOUNS = {"he": ("he", "him", "his", "himself"), "she": ("she", "her", "her", "herself"),
             "they": ("they", "them", "their", "themselves")}
#: Beats of these kinds are one character's action: consecutive ones by the same character
#: are told in one paragraph.
ACTION_KINDS = {"shot_fired": "shooter", "gun_fired": "shooter", "draw_made": "character",
                "blow_struck": "attacker", "hold_changed": "holder"}
#: Story beats with nothing to tell a reader (their facts are in the rolls block).
SILENT = {"actions_lost", "state_adjusted", "tactics_checked",
          "intent_declared", "count_resolved"}


@dataclass
class Scene:
    """What the words depend on besides the event: indoors or out, and each weapon's
    projectile (noun and phrase tag), from ``vocabulary.toml``."""

    indoors: bool | None = None
    projectile: dict[str, tuple[str, str]] = field(default_factory=dict)
    _contexts: dict[str | None, frozenset[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_toml(cls, text: str, started: Any) -> Scene:
        """The scene of a fight from its ``fight_started`` event (title, description,
        landmarks) and the vocabulary file's text."""
        data = _toml(text)
        proj = {k: (v[0], v[1]) for k, v in data.get("projectile", {}).items()}
        place = data.get("place", {})
        words = " ".join([started.title or "", getattr(started, "description", "") or ""]
                         + [f"{k.replace('_', ' ')} {v}" for k, v in started.landmarks]).lower()

        def score(key: str) -> int:
            return sum(len(re.findall(rf"\b{re.escape(w)}s?\b", words)) for w in place.get(key, ()))

        inside, outside = score("indoors"), score("outdoors")
        indoors = None if inside == outside else inside > outside
        return cls(indoors, proj)

    def context(self, weapon_type: str | None = None) -> frozenset[str]:
        """The phrase tags this scene (and weapon) satisfies."""
        if weapon_type in self._contexts:
            return self._contexts[weapon_type]
        tags = set()
        if self.indoors is not None:
            tags.add("in" if self.indoors else "out")
        tags.add(self.shot(weapon_type)[1])
        self._contexts[weapon_type] = frozenset(tags)
        return self._contexts[weapon_type]

    def shot(self, weapon_type: str | None) -> tuple[str, str]:
        """(noun, tag) of what the weapon throws: ("buckshot", "pellets"), ("ball", "ball")."""
        return self.projectile.get(weapon_type or "", self.projectile.get(
            "default", ("bullet", "bullet")))


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
                 bold: bool = True, scene: Scene | None = None) -> None:
        self.chars = chars
        self.markup = markup
        self.phrases = phrases
        self.bold = bold
        self.scene = scene or Scene()
        self.seen: set[str] = set()
        self.last_miss: dict[str, int] = {}
        self.topic: str | None = None
        self.since: list[str] = []  # characters mentioned after the topic's last mention
        self.weapon_type: str | None = None
        self.moves: dict[int, dict[str, Any]] = {}
        self.end: dict[str, Any] = {}
        self.events: list[Event] = []
        self.last_said: list[str] = []

    def story(self, events: list[Event], started: Any) -> str:
        """Read the whole fight first (story mode): how each move looks, how it ends."""
        self.events = events
        self.moves = motions(events, started)
        self.end = ending(events, started)
        return ""

    def motion(self, ev: Event) -> dict[str, Any]:
        """``{"way": "towards"|"away"|"across", "enemy": name}`` for a ``moved`` or
        ``relocated`` event; ``{}`` when nobody is left to move against."""
        return self.moves.get(id(ev), {})

    def focus(self, who: str, strict: bool = False) -> str:
        """Make ``who`` the one the next clause is about (a wound's victim), so it may open on
        a pronoun. ``strict``: a new sentence, where a pronoun is used only if nobody else of
        the same pronoun was named in the sentence before. Returns ""."""
        self.topic = who
        self.since = [w for w in self.last_said if w != who] if strict else []
        return ""

    def names(self, people: list[str] | tuple[str, ...]) -> tuple[str, bool]:
        """``(text, plural)``: "Sam", "Sam and Ben", "Sam, Ben and Dan" (first mention in
        full), for a phrase field a verb agrees with."""
        return inflection.join([self.name(w) for w in people]), len(people) > 1

    def does(self, who: str, text: str) -> str:
        """A character doing what the GM wrote ("calls for the doctor"): the name, then the
        text with its first word made a verb in the write-up's tense (lemminflect), escaped,
        with a full stop. Quoted speech in the text keeps its own tense."""
        from lemminflect import getLemma

        text = text.strip().rstrip(".")
        head, _, rest = text.partition(" ")
        word = head.lower()
        found = getLemma(word, "VERB") if word.isalpha() else ()
        name = self.name(who)
        self.topic, self.since = who, []
        if not found:
            return f"{name}: {self.markup.escape(text)}."
        v = inflection.verb(found[0], self.phrases.tense, False)
        return f"{name} {v}{' ' + self.markup.escape(rest) if rest else ''}."

    def wound_groups(self, sub: list[Event]) -> list[dict[str, Any]]:
        """A shot's follow-up events with the wounds one man took from it grouped (a
        shotgun's pellets): ``{"ev": event}`` for others, ``{"wounds": [...], "who": name,
        "worst": wound}`` for a group, ``worst`` the one whose consequences the words follow
        (a mortal wound first, else the most severe)."""
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
                g["worst"] = max(g["wounds"], key=lambda w: (
                    w.mortal is not None, rank.get(w.rolled_severity, 0)))
        return out

    def answered(self, caller: str, turn: int) -> bool:
        """Whether anyone on the other side fires in ``turn`` after ``caller``'s call."""
        side = self.chars[caller].side if caller in self.chars else None
        for e in self.events:
            if getattr(e, "turn", None) == turn and e.kind in ("shot_fired", "gun_fired") \
                    and self.chars.get(e.shooter) is not None \
                    and self.chars[e.shooter].side != side:
                return True
        return False

    # ------------------------------------------------------------------ names and pronouns
    def name(self, who: str, strong: bool = True) -> str:
        """The name to print: full at first mention, short after (bold in teaching mode)."""
        c = self.chars.get(who)
        if c is None:
            text = self.markup.escape(who)
        elif who in self.seen:
            text = self.markup.escape(c.short)
        else:
            self.seen.add(who)
            text = self.markup.escape(c.name)
        self._mention(who)
        return self.markup.strong(text) if strong and self.bold else text

    def _mention(self, who: str) -> None:
        if who == self.topic:
            self.since = []
        elif who in self.chars:
            self.since.append(who)

    def first(self, key: str) -> bool:
        """True the first time ``key`` is asked about (to explain a ruling only once)."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def missed_again(self, shooter: str, turn: int, missed: bool) -> bool:
        """True when ``shooter``'s previous shot this turn also missed (for "fires again")."""
        key = f"miss:{shooter}"
        before = self.last_miss.get(key) == turn
        if missed:
            self.last_miss[key] = turn
        else:
            self.last_miss.pop(key, None)
        return missed and before

    def short(self, who: str) -> str:
        """The short name, escaped, never bold."""
        c = self.chars.get(who)
        return self.markup.escape(c.short if c else who)

    def _pronouns(self, who: str | None) -> tuple[str, str, str, str]:
        p = self.chars[who].pronoun if who in self.chars else "he"
        return _PRONOUNS[p]

    def pronoun(self, who: str, case: str = "subj") -> str:
        """"he"/"him"/"his" (``case`` subj, obj, poss) for the character's pronoun."""
        return self._pronouns(who)[("subj", "obj", "poss").index(case)]

    def verb(self, who: str, singular: str, plural: str) -> str:
        """``singular`` or ``plural`` to agree with the character's pronoun (teaching mode)."""
        p = self.chars[who].pronoun if who in self.chars else "he"
        return plural if p == "they" else singular

    def changed(self, key: str, value: Any) -> bool:
        """Whether ``value`` differs from the one last given for ``key`` (the initiative is
        told when it changes hands, not every turn)."""
        before = self.last_miss.get("changed:" + key, None)
        self.last_miss["changed:" + key] = value
        return before != value

    def again(self, who: str, act: str) -> bool:
        """Whether ``act`` ("flee", "reload") is what ``who`` did the last time anything of
        his was told this way (a second flight is "keeps running", not the first told anew)."""
        key = "again:" + who
        before = self.last_miss.get(key)
        self.last_miss[key] = act
        return before == act

    def paragraph(self) -> str:
        """Start a new paragraph: the next phrase names its character again (and no weapon is
        in hand until a shot sets one). Returns ""."""
        self.topic = None
        self.weapon_type = None
        self.since = []
        return ""

    def _can_pronoun(self, who: str) -> bool:
        if who != self.topic or who not in self.chars:
            return False
        mine = self.chars[who].pronoun
        return not any(self.chars[o].pronoun == mine for o in self.since if o != who)

    # ------------------------------------------------------------------ phrases
    def weapon(self, weapon_type: str | None) -> str:
        """Set the weapon of the phrases that follow (for ``{shot}`` and phrase tags); ""."""
        self.weapon_type = weapon_type
        return ""

    def say(self, group: str, a: str | None = None, b: str | None = None,
            **extra: Any) -> str:
        """A phrase of ``group`` with the actor ``a`` and the other ``b`` filled in, in the
        write-up's tense. ``extra`` fields are text, or ``(text, plural)`` for a noun phrase
        or list of names a verb must agree with; a text field that is a side's or cover's name
        agrees by ``inflection.is_plural`` when given as ``(text, None)``.

        Raises:
            KeyError: an unknown phrase group or a field the phrase needs and was not given.
        """
        phrase = self.phrases.pick(group, self.scene.context(self.weapon_type))
        body = phrase.lstrip("; ,")
        lead = phrase[:len(phrase) - len(body)]
        fields: dict[str, str] = {}
        plural: set[str] = set()
        order = sorted((k for k, w in (("a", a), ("b", b)) if w is not None),
                       key=lambda k: _first_at(phrase, k))
        for key, who in (("a", a), ("b", b)):
            if who is None:
                continue
            he, him, his, self_ = self._pronouns(who)
            fields.update({f"{key}_he": he, f"{key}_him": him, f"{key}_his": his,
                           f"{key}_self": self_})
            if he == "they":
                plural.add(f"{key}_he")
        # referring expression for the character the phrase opens on
        opener = next((k for k, w in (("a", a), ("b", b))
                       if w is not None and body.startswith("{" + k + "}")), None)
        if opener is not None and self._can_pronoun(a if opener == "a" else b):
            if body.startswith("{" + opener + "}'s"):
                body = "{" + opener + "_his}" + body[len(opener) + 4:]
            else:
                body = "{" + opener + "_he}" + body[len(opener) + 2:]
            phrase = lead + body
        noun, _ = self.scene.shot(self.weapon_type)
        fields["shot"] = noun
        fields["shots"] = inflection.plural(noun)
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
        # names are filled lazily so "first mention in full" follows the sentence order
        for key in order:
            who = a if key == "a" else b
            if "{" + key + "}" in phrase:
                fields[key] = self.name(who)
            else:
                self._mention(who)
        text = self.phrases.fill(phrase, fields, plural)
        self.last_said = [a if k == "a" else b for k in order]
        if order:
            first = a if order[0] == "a" else b
            if self.topic != first:
                self.since = [w for w in (a, b) if w is not None and w != first]
            self.topic = first
        return text[:1].upper() + text[1:] if text[:1].islower() else text

    def realise(self, text: str, **fields: Any) -> str:
        """Realise literal template text with verb markers (``"When the smoke [clear]"``)."""
        plural = {k for k, v in fields.items() if isinstance(v, tuple) and v[1]}
        flat = {k: (v[0] if isinstance(v, tuple) else v) for k, v in fields.items()}
        return self.phrases.fill(text, flat, plural)


@functools.lru_cache(maxsize=8)
def _toml(text: str) -> dict[str, Any]:
    return tomllib.loads(text)


def _first_at(phrase: str, key: str) -> int:
    for probe in ("{" + key + "}", "{" + key + "_"):
        i = phrase.find(probe)
        if i >= 0:
            return i
    return len(phrase)


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


def _down_after(e: Event, down: set[str]) -> None:
    k = e.kind
    if k == "wound_taken" and e.mortal is not None and e.mortal.outcome in ("killed", "dying"):
        down.add(e.character)
    elif k in ("passed_out", "died"):
        down.add(e.character)
    elif k == "injury_rolled" and e.result == "down":
        down.add(e.character)
    elif k == "morale_checked" and e.routed:
        down.update(e.members)


def motions(events: list[Event], started: Any) -> dict[int, dict[str, Any]]:
    """How each move looks from the fight, keyed by ``id(event)`` of ``moved`` events:
    ``{"way": "towards"|"away"|"across", "enemy": name}`` relative to the nearest enemy on his
    feet (or, for a man who declared a blow or a grapple that turn, the man he means to hit),
    from positions followed through the log (start positions, then each move's end)."""
    pos = {c.name: tuple(c.at) for c in started.characters if getattr(c, "at", None)}
    sides = {c.name: c.side for c in started.characters}
    down: set[str] = set()
    out: dict[int, dict[str, Any]] = {}
    closing: dict[str, str] = {}  # this turn: a man who moves to strike or grapple, and whom
    for e in events:
        if e.kind == "turn_started":
            closing = {}
        elif e.kind == "intent_declared" and getattr(e, "melee_target", None) \
                and getattr(e, "melee", None) in ("strike", "grapple"):
            closing[e.character] = e.melee_target
        if e.kind == "moved":
            enemies = _active_enemies(pos, sides, down, e.character)
            target = closing.get(e.character)
            if target in pos and target not in down:  # he moves on the man he means to hit
                enemies = [(target, math.dist(tuple(e.start), pos[target]))]
            if enemies and e.start != e.end:
                name, before = enemies[0]
                after = math.dist(tuple(e.end), pos[name])
                step = math.dist(tuple(e.start), tuple(e.end))
                way = "across"
                if after < before - step / 3:
                    way = "towards"
                elif after > before + step / 3:
                    way = "away"
                out[id(e)] = {"way": way, "enemy": name}
            pos[e.character] = tuple(e.end)
        _down_after(e, down)
    return out


def ending(events: list[Event], started: Any) -> dict[str, Any]:
    """What the closing paragraph tells: lists of names (``dead``, ``dying``, ``out``
    (passed out), ``wounded`` (hurt, still on his feet), ``fled``, ``surrendered``,
    ``standing`` (on his feet at the end, fled and surrendered men left out)), and
    ``shots`` fired and ``hits`` (shots that wounded a man; cover that stopped one is no hit). Read from the last status block and the shots."""
    status = [e for e in events if e.kind == "turn_ended"]
    last = {s.name: s for s in status[-1].status} if status else {}
    out: dict[str, Any] = {k: [] for k in ("dead", "dying", "out", "wounded", "fled",
                                            "surrendered", "standing")}
    shots = hits = 0
    fled: set[str] = set()
    surrendered: set[str] = set()
    after: dict[str, str] = {}
    struck: set[int] = set()  # shots (by their number) that put a wound in a man
    for e in events:
        if e.kind == "shot_fired" and e.result != "dud":
            shots += 1
        elif e.kind == "wound_taken" and e.cause == "shot":
            struck.add(shots)
        elif e.kind == "gun_fired":
            shots += e.shots
            hits += e.result == "hit"
        elif e.kind == "morale_checked" and e.routed:
            (surrendered if e.result == "surrender" else fled).update(e.members)
        elif e.kind == "after_fight_rolled":
            after[e.character] = e.result
    for c in started.characters:
        s = last.get(c.name)
        cond = getattr(s, "condition", "active") if s is not None else "active"
        cond = after.get(c.name, cond)
        wp = getattr(s, "wound_points", 0) if s is not None else 0
        if cond == "dead":
            out["dead"].append(c.name)
        elif cond in ("dying", "critically_injured"):
            out["dying"].append(c.name)
        elif cond in ("passed_out", "down", "subdued"):
            out["out"].append(c.name)
        elif c.name in surrendered or cond == "surrendered":
            out["surrendered"].append(c.name)
        elif c.name in fled or cond in ("fled", "routed"):
            out["fled"].append(c.name)
        else:
            if wp:
                out["wounded"].append(c.name)
            out["standing"].append(c.name)
    out["shots"], out["hits"] = shots, hits + len(struck)
    sides = {c.name: c.side for c in started.characters}
    out["sides_standing"] = sorted({sides[n] for n in out["standing"]},
                                   key=list(started.sides).index)
    return out
