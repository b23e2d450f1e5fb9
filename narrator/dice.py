"""Dice: seeded streams and scripted results, every roll recorded with its purpose.

Only the engine rolls. A roll is asked for by *who* (a character or side name) and
*purpose* (``to_hit``, ``location``, ``severity``, ``pellets``, ``luck``, ``strength``,
``misfire``, ``initiative``, ``tactics``, ``dying``, ``scatter``, ``fast_draw``, ...), so a
scripted list for one purpose is consumed independently of every other.

May import: narrator.errors, narrator.frozen.
"""

from __future__ import annotations

import hashlib
import json
import random
import _random
import weakref
from dataclasses import asdict
from typing import Any, Protocol

from narrator.errors import DiceError
from narrator.frozen import record

# SHA-512 of a stream's seed (``SeededDice``) without OpenSSL's set-up for each digest: the
# same digest in half the time for a seed this short (the lean path hashes one every turn)
try:
    from _sha2 import sha512 as _sha512  # (Python 3.12 and later)
except ImportError:
    try:
        from _sha512 import sha512 as _sha512  # (Python 3.11)
    except ImportError:
        _sha512 = hashlib.sha512

PURPOSES = (
    "initiative", "tactics", "to_hit", "luck", "misfire", "location", "severity",
    "pellets", "strength", "dying", "scatter", "fast_draw", "sporadic_cover", "explosion",
    "gunsmithing", "coordination", "bruise",
)


@record
class Roll:
    """One die roll as it happened.

    Attributes:
        who: character or side name the roll belongs to.
        purpose: one of ``PURPOSES``.
        sides: faces of the die (6 or 20).
        value: the result, 1..sides.
        scripted: True when the value came from the scenario's ``dice:`` section.
        turn: the turn it was rolled in (0 before the first turn: Tactics checks).
    """

    who: str
    purpose: str
    sides: int
    value: int
    scripted: bool
    turn: int = 0


@record
class ScriptedValue:
    """A scripted die result and where the scenario wrote it (for located errors)."""

    value: int
    line: int | None = None
    column: int | None = None


class Dice(Protocol):
    """What the engine needs from dice: ``roll(who, purpose, sides) -> int`` and the log."""

    rolls: list[Roll]

    def roll(self, who: str, purpose: str, sides: int) -> int:
        """Roll one die with ``sides`` faces for ``who`` and ``purpose``; return 1..sides."""
        ...  # pragma: no cover


class ScriptedDice:
    """Scripted results keyed by (who, purpose), with seeded dice for everything unscripted.

    Seeded dice come from one stream per turn (``"<seed>:dice:<turn>"``; ``"<seed>:dice"``
    before the first turn), so resolving a fight turn by turn (``narrator next``) rolls
    exactly what a single run rolls. A seeded die is ``int(u * sides) + 1`` for ``u`` the
    stream's next ``random()`` (only ``random()`` is drawn: CPython keeps it stable across
    versions, so the same seed gives the same fight on every Python). Turns already
    resolved replay from their recorded rolls (``recorded``), exclusively; the rolls before
    the first turn (Boot Hill's Tactics checks) are recorded with turn 1's and replayed from
    there (a record without them, made before they were recorded, leaves them to the seed).

    Args:
        script: ``{who: {purpose: [ScriptedValue, ...]}}``.
        seed: seed of the fallback stream.
        fallback: ``"error"`` (default) stops with a located DiceError when a scripted list
            runs out; ``"seeded"`` goes on with seeded dice. A (who, purpose) that was never
            scripted always uses seeded dice.
        path: scenario file name for error messages.
        recorded: ``{turn: (rolls, from_script)}``: every roll of a resolved turn as
            ``{who: {purpose: [values]}}``, and how many of them came from ``script``.

    Raises:
        DiceError: from ``roll`` when a scripted list is exhausted (fallback ``"error"``) or a
            scripted value cannot be shown by the die asked for.
    """

    def __init__(self, script: dict[str, dict[str, list[ScriptedValue]]], seed: int,
                 fallback: str = "error", path: str | None = None,
                 recorded: dict[int, tuple[dict, dict]] | None = None) -> None:
        self._script = {who: {p: list(vs) for p, vs in purposes.items()}
                        for who, purposes in script.items()}
        self._pos: dict[tuple[str, str], int] = {}
        self.seed = seed
        self._random = random.Random(f"{seed}:dice").random
        self.fallback = fallback
        self.path = path
        self.rolls: list[Roll] = []
        self.turn = 0
        self.recorded = recorded or {}
        self._replay: dict[tuple[str, str], list[int]] | None = None
        self._replay_scripted: dict[tuple[str, str], int] = {}
        # the rolls before turn 1 (Boot Hill's Tactics checks) are recorded with turn 1's:
        # replayed from there when it holds them, else rolled as before (older records)
        self._before: tuple[dict[tuple[str, str], list[int]], dict[tuple[str, str], int]] | \
            None = None
        if 1 in self.recorded:
            rolls, from_script = self.recorded[1]
            self._before = ({(w, p): list(vs) for w, ps in rolls.items() for p, vs in ps.items()},
                            {(w, p): n for w, ps in from_script.items() for p, n in ps.items()})

    def start_turn(self, turn: int) -> None:
        """Switch to the seeded stream of ``turn``, or to its recorded rolls if it has any."""
        self.turn = turn
        self._random = random.Random(f"{self.seed}:dice:{turn}").random
        if turn in self.recorded:
            rolls, from_script = self.recorded[turn]
            if turn == 1 and self._before is not None:  # what the rolls before it left
                self._replay, self._replay_scripted = self._before
            else:
                self._replay = {(w, p): list(vs) for w, ps in rolls.items()
                                for p, vs in ps.items()}
                self._replay_scripted = {(w, p): n for w, ps in from_script.items()
                                         for p, n in ps.items()}
            for w, ps in from_script.items():  # (the script read on past every recorded die)
                for p, n in ps.items():
                    self._pos[(w, p)] = self._pos.get((w, p), 0) + n
        else:
            self._replay = None

    def roll(self, who: str, purpose: str, sides: int) -> int:
        if self._replay is None and self.turn == 0 and self._before is not None \
                and self._before[0].get((who, purpose)):
            values, scripted = self._before
            value = values[(who, purpose)].pop(0)
            left = scripted.get((who, purpose), 0)
            if left:
                scripted[(who, purpose)] = left - 1
            self.rolls.append(Roll(who, purpose, sides, value, bool(left), 0))
            return value
        if self._replay is not None:
            values = self._replay.get((who, purpose))
            if not values:
                raise DiceError(f"turn {self.turn} was resolved with other rolls than it now "
                                f"needs ({who}, {purpose}): the scenario changed after it was "
                                f"resolved; use narrator next --redo {self.turn}", self.path)
            value = values.pop(0)
            left = self._replay_scripted.get((who, purpose), 0)
            if left:
                self._replay_scripted[(who, purpose)] = left - 1
            self.rolls.append(Roll(who, purpose, sides, value, bool(left), self.turn))
            return value

        by_purpose = self._script.get(who)
        values = by_purpose.get(purpose) if by_purpose else None
        if values is not None:
            i = self._pos.get((who, purpose), 0)
            if i < len(values):
                self._pos[(who, purpose)] = i + 1
                sv = values[i]
                if not 1 <= sv.value <= sides:
                    raise DiceError(
                        f"scripted {purpose} die {sv.value} for {who} cannot come up on a d{sides}",
                        self.path, sv.line, sv.column)
                self.rolls.append(Roll(who, purpose, sides, sv.value, True, self.turn))
                return sv.value
            if self.fallback != "seeded":
                last = values[-1] if values else ScriptedValue(0)
                raise DiceError(
                    f"scripted {purpose} dice for {who} ran out after {len(values)} roll(s); "
                    f"add more, or run with --dice-fallback seeded",
                    self.path, last.line, last.column)
        value = int(self._random() * sides) + 1  # the one seeded die (see the class docstring)
        self.rolls.append(Roll(who, purpose, sides, value, False, self.turn))
        return value


class SeededDice:
    """Seeded dice that keep no log: the lean path's (``narrator.engine.lean_fight``).

    They roll exactly what ``ScriptedDice`` with no script and no recorded turns rolls: the
    same streams (``"<seed>:dice"``, then one per turn), the same ``int(u * sides) + 1``;
    ``count`` is the number of dice rolled. No ``Roll`` is kept, so there is nothing to hash.
    """

    rolls: tuple[Roll, ...] = ()

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.count = 0
        # One generator, seeded again for each stream (the streams are read one after the
        # other, never together); the first stream ("<seed>:dice", the rolls before turn 1)
        # is seeded only if a die is rolled before turn 1 (most fights roll none). The
        # generator is made with the first stream's seed (``_random.Random()`` with none
        # would seed itself from the system's entropy first: a tenth of a short fight).
        self._gen: _random.Random | None = None
        self._random = self._first

    def _first(self) -> float:
        self._random = self._stream(f"{self.seed}:dice")
        return self._random()

    def _stream(self, name: str):
        """``random.Random(name).random``, the same numbers: a str seed is the int of its
        UTF-8 bytes followed by their SHA-512 digest (``random.Random.seed``, version 2)."""
        data = name.encode()
        seed = int.from_bytes(data + _sha512(data).digest())
        gen = self._gen
        if gen is None:
            gen = self._gen = _random.Random(seed)
        else:
            gen.seed(seed)
        return gen.random

    def start_turn(self, turn: int) -> None:
        """Switch to the seeded stream of ``turn`` (``_stream``, written out: every turn)."""
        data = f"{self.seed}:dice:{turn}".encode()
        gen = self._gen
        if gen is None:
            gen = self._gen = _random.Random(int.from_bytes(data + _sha512(data).digest()))
        else:
            gen.seed(int.from_bytes(data + _sha512(data).digest()))
        self._random = gen.random

    def roll(self, who: str, purpose: str, sides: int) -> int:
        self.count += 1
        return int(self._random() * sides) + 1  # as ScriptedDice's seeded die


def dice_log_hash(rolls: list[Roll]) -> str:
    """SHA-256 (hex) of the canonical JSON of a roll log, for the write-up's trust footer.

    The canonical JSON is ``json.dumps([asdict(roll), ...], sort_keys=True,
    separators=(",", ":"))``; it is spelled out here because this runs once per fight, and
    Monte Carlo odds run hundreds of thousands of fights (``canonical_rolls_json`` is the
    reference the tests compare it with).
    """
    quoted: dict[str, str] = {}

    def q(s: str) -> str:
        v = quoted.get(s)
        if v is None:
            v = quoted[s] = json.dumps(s)
        return v

    blob = "[" + ",".join(
        f'{{"purpose":{q(r.purpose)},"scripted":{"true" if r.scripted else "false"},'
        f'"sides":{int(r.sides)},"turn":{int(r.turn)},"value":{int(r.value)},"who":{q(r.who)}}}'
        for r in rolls) + "]"
    return hashlib.sha256(blob.encode()).hexdigest()


_SETUPS: dict[int, str] = {}  # id(scenario) -> setup digest, dropped when it is collected


def setup_digest(scenario: Any) -> str:
    """SHA-256 (hex) of a scenario's content as a fight starts from it: its pydantic JSON
    (``model_dump_json``) without what is not setup: the scenario's own ``seed`` (the dice
    carry what the seed gave), ``state``, ``side_names`` (how the write-up names the sides)
    and each turn's ``resolved`` (play-by-post records of the dice and the outcome), nor the
    undeclared turns that ``narrator next`` writes out to hold its records (``- intents: {}``
    within ``max_turns``, at the end of ``turns:``; see ``_without_blank_tail``), so a fight
    played by post has the hash of the same fight run at once. Computed once per scenario object (the same object is fought
    many times by ``odds`` and ``batch``; nothing changes a scenario once it is fought)."""
    key = id(scenario)
    digest = _SETUPS.get(key)
    if digest is None:
        setup = _without_blank_tail(scenario)
        text = setup.model_dump_json(exclude={"seed": True, "state": True,
                                              "side_names": True,
                                              "turns": {"__all__": {"resolved"}}})
        digest = _SETUPS[key] = hashlib.sha256(text.encode()).hexdigest()
        weakref.finalize(scenario, _SETUPS.pop, key, None)
    return digest


def _without_blank_tail(scenario: Any) -> Any:
    """``scenario`` without the trailing turns that declare nothing and lie within its
    ``max_turns`` (a copy; the scenario itself when there are none). Such a turn is fought
    exactly as an undeclared one (every character by his tactics), so the two scenarios are
    the same fight; ``narrator next`` writes them out, one per turn it resolves past the
    declared ones, to hold the turn's record. With no ``max_turns`` the turns are the fight's
    length, and are kept (a scenario never declares more turns than its ``max_turns``)."""
    turns = list(getattr(scenario, "turns", None) or ())
    limit = getattr(scenario, "max_turns", None) or 0
    if not turns or limit == 0:
        return scenario
    from narrator.ruleset import get as ruleset
    blank = ruleset(scenario.ruleset).blank_turn().model_dump(exclude={"resolved"})
    keep = len(turns)
    while keep > 0 and keep <= limit and turns[keep - 1].model_dump(exclude={"resolved"}) == blank:
        keep -= 1
    if keep == len(turns):
        return scenario
    return scenario.model_copy(update={"turns": turns[:keep]})


def fight_hash(scenario: Any, profile: str, adjustments: Any, rolls: list[Roll]) -> str:
    """The hash in a write-up's footer (``FightEnded.dice_hash``): SHA-256 (hex) of the fight's
    identity, the lines ``setup_digest(scenario)``, the profile as the write-up names it
    (``FightStarted.profile``: the tables, or the house rules and rulings in force), the GM's edits of the state (``adjustments`` as sorted JSON) and
    ``dice_log_hash(rolls)``. Two write-ups with the same hash come from the same scenario
    (characters, map, intents, rulings, scripted dice), the same profile and edits, and the
    same dice, rolled in the same order for the same purposes; change any one and it changes
    (a bare hash of the dice could not tell two fights with the same dice apart)."""
    edits = json.dumps(adjustments or {}, sort_keys=True, default=str, separators=(",", ":"))
    text = f"{setup_digest(scenario)}\n{profile}\n{edits}\n{dice_log_hash(rolls)}"
    return hashlib.sha256(text.encode()).hexdigest()


def canonical_rolls_json(rolls: list[Roll]) -> str:
    """The reference canonical JSON of a roll log (what ``dice_log_hash`` hashes)."""
    return json.dumps([asdict(r) for r in rolls], sort_keys=True, separators=(",", ":"))
