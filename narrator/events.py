"""Event records: what happened in a fight, as numbers and names, never prose.

One frozen dataclass per event kind, with a ``kind`` tag equal to its template's file name.
A ``FightLog`` (events plus the dice log) round-trips through JSON exactly:
``FightLog.from_json(log.to_json()) == log``.

A ruleset registers its own kinds with ``event`` when its events module is imported; the kinds
here are the shared ones every ruleset uses (``fight_started``, ``turn_started``,
``intent_declared``, ``other_action``, ``state_adjusted``, ``stood_idle``, ``turn_ended``,
``fight_ended``) and
the notes they carry. ``FightLog.from_json`` has the log's ruleset load its kinds first.

May import: narrator.dice, narrator.frozen, narrator.ruleset (lazily).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from dataclasses import field
from typing import Any, ClassVar

from narrator.dice import Roll
from narrator.frozen import record

REGISTRY: dict[str, type[Event]] = {}

def sparse(default: Any) -> Any:
    """A field added after logs were first written (hand to hand, errata B19): left out of
    the JSON when it holds its default, so a log without it reads back equal and the logs of
    fights that never use it stay as they were."""
    return field(default=default, metadata={"sparse": True})


def boot_hill(field_: str) -> Any:
    """A Boot Hill attribute of ``CharacterIntro`` (``strength``, ``coo``, ``obs``, ``sta``,
    ``luck``): required, left out of the JSON at 0 (another ruleset's character, who has
    none: its own are in ``attributes``), and read back as 0 when left out."""
    return field(metadata={"sparse": True, "empty": 0, "doc": field_})


def event(cls: type) -> type:
    """Class decorator: make a frozen dataclass (``narrator.frozen.record``) and register it
    under its ``kind``."""
    cls = record(cls)
    REGISTRY[cls.kind] = cls
    return cls


@record
class Modifier:
    """A named term of a sum: ``name`` (a Table 2 key or "coo", "pistol", ...), its value, and
    ``source`` ("table", "house rule", or "ruling"), with the ruling's reason in ``why``."""

    name: str
    value: int
    source: str = "table"
    why: str = ""
    times: int = 1


@record
class CharacterIntro:
    """Who fights: full and short name, side, pronoun, attributes and skills, weapons.

    ``strength``, ``coo``, ``obs``, ``sta``, ``luck``: Boot Hill's attributes (0, and left
    out of the JSON, for another ruleset's character); ``attributes``: another ruleset's
    own, as ``(name, value)`` pairs in its terms: Weird West's traits (``("deftness",
    "3d8")``), Gaslight's abilities (``("str", 12)``, ``dex``, ``con``); none for Boot Hill
    and Violence."""

    name: str
    short: str
    side: str
    pronoun: str
    strength: int = boot_hill("strength")
    coo: int = boot_hill("coo")
    obs: int = boot_hill("obs")
    sta: int = boot_hill("sta")
    luck: int = boot_hill("luck")
    skills: tuple[tuple[str, int], ...]
    weapons: tuple[str, ...]
    mounted: bool
    at: tuple[float, float]
    cover: str | None
    attributes: tuple[tuple[str, str | int], ...] = sparse(())
    prone: bool = sparse(False)   # starts the fight lying down (a Boot Hill ``prone: true``)


@record
class PlaceNote:
    """A landmark of the map, for the picture of the fight: its key, display name, position
    ``at`` in yards, and ``cover``: what it covers ("legs, abdomen"; "cover" for a Violence
    landmark that gives cover; "" for none)."""

    key: str
    name: str
    at: tuple[float, float]
    cover: str


@record
class RulingNote:
    """A GM ruling or house rule in force, for the write-up's preamble.

    ``kind``: "house_rule", "range_band", "fire_order", "cancel_modifier", "initiative";
    ``subjects``: the names it concerns; ``value``: the option value, band, modifier, or rolls.
    """

    turn: int | None
    kind: str
    subjects: tuple[str, ...]
    value: str
    why: str


@record
class WoundNote:
    """A wound as the status block shows it."""

    location: str
    severity: str
    wound_points: int


@record
class WeaponNote:
    """A weapon as the status block shows it: rounds loaded of capacity, and its state."""

    name: str
    loaded: int
    capacity: int
    state: str


@record
class CharacterStatus:
    """One character at the end of a turn. ``condition``: active, passed_out, dying, dead."""

    name: str
    side: str
    condition: str
    wounds: tuple[WoundNote, ...]
    wound_points: int
    capacity: int
    weapons: tuple[WeaponNote, ...]
    at: tuple[float, float]
    cover: str | None
    mounted: bool
    prone: bool
    bruise_points: int = sparse(0)         # hand to hand (errata B19): count to pass out
    held_by: str | None = sparse(None)     # the man holding him (errata B19)


class Event:
    """Base of all event kinds; subclasses are frozen dataclasses with a class-level ``kind``."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the ``kind`` tag first (``sparse`` fields at their default
        left out)."""
        return {"kind": self.kind, **_sparse_plain(self)}


@event
class FightStarted(Event):
    """The fight's preamble: title, ruleset, profile, seed, characters, rulings in force.
    ``night``: Boot Hill's night (and Weird West's dark, near dark and pitch dark);
    ``light``: the light a Weird West or Gaslight scenario gives, in its own words."""

    kind: ClassVar[str] = "fight_started"
    title: str
    description: str | None
    ruleset: str
    profile: str
    seed: int
    night: bool
    sides: tuple[str, ...]
    characters: tuple[CharacterIntro, ...]
    rulings: tuple[RulingNote, ...]
    landmarks: tuple[tuple[str, str], ...]
    places: tuple[PlaceNote, ...] = ()   # landmarks with positions (logs before 0.2: none)
    side_names: tuple[tuple[str, str], ...] = sparse(())  # the scenario's side_names: (key, name)
    light: str = sparse("")   # the scenario's light as it gives it ("dim", "poor"); "" none


@event
class TurnStarted(Event):
    """A new turn: number, kind ("combat" 6 s, "shootout" 1 s), seconds elapsed before it."""

    kind: ClassVar[str] = "turn_started"
    turn: int
    turn_kind: str
    seconds: int
    elapsed: int


@event
class IntentDeclared(Event):
    """A character's declared intent for the turn, in declaration order."""

    kind: ClassVar[str] = "intent_declared"
    turn: int
    character: str
    side: str
    targets: tuple[str, ...]
    weapon: str | None
    gait: str | None
    destination: str | None
    mount: bool
    dismount: bool
    stand_up: bool
    drop_prone: bool
    reload: str | None
    clear_jam: bool
    two_guns: bool
    sniping: bool
    other: str | None
    source: str
    draw: str | None = None
    shot_types: tuple[str, ...] = ()
    melee: str | None = sparse(None)         # "strike", "grapple", "break_free", "throw" (B19)
    melee_target: str | None = sparse(None)  # the man struck or grappled (or held, thrown)
    blows: int = sparse(0)                   # blows declared with a strike
    weapon_kind: str = sparse("gun")         # a shot's weapon: "thrown", "bow" (Boot Hill)
    pick_up: str | None = sparse(None)       # the thrown weapon he means to pick up (B18(i))
    pick_up_from: str | None = sparse(None)  # ... the man who threw it, when not his own


@event
class OtherAction(Event):
    """A free-text action for the GM ("tips over a table")."""

    kind: ClassVar[str] = "other_action"
    turn: int
    character: str
    text: str


def shown_value(value: object) -> str:
    """A GM's edited ``state:`` value as ``StateAdjusted.value`` carries it, one wording in
    every ruleset: a mapping as "name count" pairs ("single-action revolver 6", "Greener 2",
    "right arm 2"), a position as "x, y" ("14, 2"), anything else as its text. Never Python's
    own repr ("{'Greener': 2}", "[14, 2]"), which the write-up would print as it is."""
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


@event
class StateAdjusted(Event):
    """A GM's hand edit of a character's state between turns (play-by-post)."""

    kind: ClassVar[str] = "state_adjusted"
    turn: int
    character: str
    field: str
    value: str


#: Why a man's tactics profile left him with nothing to do in a turn (``StoodIdle.reason``),
#: the one vocabulary of every ruleset: a fact the write-up tells, worked out from the state
#: as the profile left it (no die is rolled for it).
IDLE_REASONS = {
    "out_of_reach": "no enemy within reach of his weapons, and no way nearer this turn",
    "holding": "his profile keeps its ground: nobody within reach, and it never closes in",
    "no_clear_shot": "an enemy within reach, but no shot worth the try",
    "no_ammunition": "no loaded gun, and no cartridges to load one",
    "no_weapon": "nothing to fight with that he can use",
    "keeping_away": "he has run off, and keeps out of their reach",
    "enemy_in_melee": "the enemy at his elbow is locked in a melee with another man",
    "dark": "in his cover in the dark, where he cannot see them",
    "blinded": "blinded",
    # no profile: a man whose declared turns (some of them) leave this one without an intent
    # holds still (a fresh user: he got no line in teaching mode at all in those turns)
    "undeclared": "nothing declared for him this turn, and no tactics profile to act on",
}


@event
class StoodIdle(Event):
    """A man his tactics profile left with nothing to do this turn (no intent, no action),
    or a man with no profile and no intent this turn who has intents in other turns (reason
    "undeclared"), and why (``reason``, one of ``IDLE_REASONS``); ``enemy``: the nearest enemy still up,
    when the reason concerns one. Recorded with the fight's records only, after the
    profiles decided: no die is rolled for it, and a log without it (before it was
    recorded) reads and renders as ever."""

    kind: ClassVar[str] = "stood_idle"
    turn: int
    character: str
    reason: str
    enemy: str | None = None


@event
class TurnEnded(Event):
    """End of a turn: every character's status."""

    kind: ClassVar[str] = "turn_ended"
    turn: int
    status: tuple[CharacterStatus, ...]


@event
class FightEnded(Event):
    """The end: ``reason`` "side_down" or "turns_ran_out"; ``standing`` sides with anyone up;
    ``dice_hash``: the fight hash of the footer (``narrator.dice.fight_hash``: the scenario's
    content, the profile, the GM's edits and the dice; the name is the log format's);
    ``idle``: the characters who held still all fight (no intent declared for them in any turn
    and no ``tactics:`` profile; ``narrator check`` warns of them)."""

    kind: ClassVar[str] = "fight_ended"
    turns: int
    seconds: int
    reason: str
    standing: tuple[str, ...]
    rolls: int
    scripted_rolls: int
    dice_hash: str
    idle: tuple[str, ...] = ()  # held still all fight: no intent in any turn, no tactics


@record
class FightLog:
    """A fight: its events in order and every die rolled."""

    events: tuple[Event, ...]
    rolls: tuple[Roll, ...] = field(default=())

    def to_json(self) -> str:
        """Canonical JSON (sorted keys inside events, two-space indent), sealed: its ``seal``
        is ``seal_chain`` of its events and roll log (``seal_breach`` checks it)."""
        events = [e.to_dict() for e in self.events]
        rolls = [dataclasses.asdict(r) for r in self.rolls]
        return json.dumps({"format": "narrator-log/1", "events": events, "rolls": rolls,
                           "seal": seal_chain(events, rolls)},
                          indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> FightLog:
        """Inverse of ``to_json``.

        Raises:
            ValueError: not a narrator log, an unknown ruleset, or an unknown event kind.
        """
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != "narrator-log/1":
            raise ValueError("not a narrator event log (format narrator-log/1)")
        _load_kinds(data.get("events"))
        events = []
        for d in data["events"]:
            kind = d.get("kind")
            if kind not in REGISTRY:
                raise ValueError(f"unknown event kind {kind!r}")
            events.append(_build(REGISTRY[kind], {k: v for k, v in d.items() if k != "kind"}))
        rolls = tuple(Roll(**r) for r in data["rolls"])
        return cls(tuple(events), rolls)


SEAL_START = "narrator-log/1 chained seal"  # what the first event's seal entry chains from


def seal_of(value: Any, before: str = SEAL_START, index: int = 0) -> str:
    """One entry of a saved log's seal: the first 16 hex digits of the SHA-256 of ``before``
    (the entry before it, or ``SEAL_START`` for the first event), ``index`` (the event's place,
    0-based, or the number of events for the roll log) and ``value``'s canonical JSON
    (``sort_keys``, no spaces, UTF-8), one per line. Chaining each entry to the one before and
    to its place binds the events' content, order and count: an event moved, removed or
    duplicated together with its entry no longer matches."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{before}\n{index}\n{text}".encode()).hexdigest()[:16]


def seal_chain(events: list[Any], rolls: Any) -> dict[str, Any]:
    """The ``seal`` of a saved log of ``events`` (their dicts, in order) and ``rolls`` (the roll
    log's list): ``{"chain": "sha256", "events": [entry of each event], "rolls": entry}``, where
    event ``i``'s entry is ``seal_of(events[i], entry i - 1, i)`` and the roll log's
    ``seal_of(rolls, the last event's entry, len(events))``: the roll log's entry seals the
    whole log, so events cut from its end are told too."""
    entries, before = [], SEAL_START
    for i, value in enumerate(events):
        before = seal_of(value, before, i)
        entries.append(before)
    return {"chain": "sha256", "events": entries, "rolls": seal_of(rolls, before, len(events))}


def seal_breach(text: str) -> tuple[int, str] | None:
    """Where a saved log (``FightLog.to_json``'s text) differs from what narrator wrote:
    ``None`` when its ``seal`` is ``seal_chain`` of its events and roll log, else
    ``(offset, why)``: the character offset in ``text`` of the first event out of place
    (edited, moved, removed or duplicated: the first whose chained entry differs; of the end of
    ``"events"`` when events were cut from its end or the seal has more or fewer entries; of
    ``"rolls"`` when only the dice differ; 0 when the log has no seal, or an unchained one)
    and one clause saying so. The seal is not a signature: it tells a log edited by hand,
    not one forged and sealed again by a program.

    Raises:
        json.JSONDecodeError: ``text`` is not JSON.
    """
    data = json.loads(text)
    seal = data.get("seal") if isinstance(data, dict) else None
    if not (isinstance(seal, dict) and isinstance(seal.get("events"), list)):
        return 0, ("it has no seal: it was not written by 'narrator run --format json' "
                   "(or was written by a narrator before logs were sealed)")
    if seal.get("chain") != "sha256":
        return 0, ("its seal is not chained: it was written by a narrator before the seal "
                   "bound the events' order (run the scenario again)")
    events = data.get("events")
    events = events if isinstance(events, list) else []
    sealed, before = seal["events"], SEAL_START
    for i, value in enumerate(events):
        kind = value.get("kind") if isinstance(value, dict) else None
        what = f"events[{i}]" + (f" ({kind})" if isinstance(kind, str) else "")
        if i >= len(sealed):
            return _offset_of(text, "events", i), (
                f"{what} is one event more than narrator wrote ({len(sealed)}): the log was "
                f"edited after the fight")
        before = seal_of(value, before, i)
        if before != sealed[i]:
            return _offset_of(text, "events", i), (
                f"{what} is not the event narrator wrote: the log was edited after the fight "
                f"(an event changed, moved, removed or duplicated)")
    if len(events) < len(sealed):
        return _offset_of(text, "events", len(events)), (
            f"it has {len(events)} events where narrator wrote {len(sealed)}: the log was "
            f"edited after the fight")
    if seal_of(data.get("rolls"), before, len(events)) != seal.get("rolls"):
        last = events[-1].get("kind") if events and isinstance(events[-1], dict) else None
        if last != "fight_ended":
            return _offset_of(text, "events", len(events)), (
                f"it ends before the fight does (its last event is "
                f"{last if isinstance(last, str) else 'not fight_ended'}): events were cut "
                f"from its end after the fight")
        return _offset_of(text, "rolls", None), (
            "its dice (\"rolls\") are not the ones narrator wrote: the log was edited after "
            "the fight")
    return None


def _offset_of(text: str, key: str, index: int | None) -> int:
    """The character offset of ``data[key]`` (of its item ``index``) in the JSON ``text`` of
    a dict, found by decoding it piece by piece; 0 when it cannot be found."""
    decoder = json.JSONDecoder()
    ws = " \t\r\n"
    pos = 0
    try:
        pos = len(text) - len(text.lstrip(ws)) + 1  # past "{"
        while True:
            while text[pos] in ws + ",":
                pos += 1
            name, pos = decoder.raw_decode(text, pos)
            while text[pos] in ws + ":":
                pos += 1
            if name == key:
                break
            _, pos = decoder.raw_decode(text, pos)
        if index is None:
            return pos
        pos += 1  # past "["
        for _ in range(index):
            while text[pos] in ws:
                pos += 1
            _, pos = decoder.raw_decode(text, pos)
            while text[pos] in ws + ",":
                pos += 1
        while text[pos] in ws:
            pos += 1
        return pos
    except (ValueError, IndexError):
        return 0


def _load_kinds(events: Any) -> None:
    """Have the ruleset a saved log names (in its ``fight_started``) register its event kinds.

    Raises:
        ValueError: the ruleset is not registered.
    """
    from narrator import ruleset as registry

    first = next((d for d in events or () if isinstance(d, dict)
                  and d.get("kind") == "fight_started"), None)
    if first is None or first.get("ruleset") is None:
        return
    try:
        registry.get(first["ruleset"]).load_events()
    except (registry.UnknownRuleset, TypeError):
        raise ValueError(f"unknown ruleset {first['ruleset']!r}") from None


def _sparse_plain(value: Any) -> Any:
    """``dataclasses.asdict(value)`` with lists for tuples (JSON-ready), leaving out each
    ``sparse`` field at its default."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.metadata.get("sparse") and v == f.metadata.get("empty", f.default):
                continue
            out[f.name] = _sparse_plain(v)
        return out
    if isinstance(value, dict):
        return {k: _sparse_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_sparse_plain(v) for v in value]
    return value


def _build(tp: Any, value: Any) -> Any:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = typing.get_type_hints(tp)
        kwargs = {f.name: _build(hints[f.name], value[f.name]) if f.name in value
                  else f.metadata["empty"]
                  for f in dataclasses.fields(tp) if f.name in value or "empty" in f.metadata}
        return tp(**kwargs)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return _build(inner[0], value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in value)
        return tuple(_build(a, v) for a, v in zip(args, value))
    if tp is float and isinstance(value, int):
        return float(value)
    return value

