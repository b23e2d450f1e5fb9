"""Play-by-post: resolve one turn at a time; the scenario file keeps the record.

``next`` replays the resolved turns from their recorded rolls (so they come out exactly as
before), resolves the next turn with fresh dice, records that turn's rolls under
``turns[i].resolved`` and the state after it under ``state:``, and returns the turn's post.
A GM may hand-edit ``state:`` between turns; the edits (position, condition, wound points,
rounds loaded, mounted, prone) are applied at the start of the next turn and shown in its post.

What ``state:`` holds, which of its fields a GM may edit, the conditions a character may be
in and what a blank turn is are the scenario's ruleset's (``narrator.ruleset.Ruleset``).

May import: narrator.engine, narrator.scenario, narrator.events, narrator.errors,
narrator.ruleset (the registry), narrator.lint.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.events import FightLog
from narrator.ruleset import get as ruleset
from narrator.scenario.loader import LoadedScenario, load_scenario_text
from narrator.scenario.models import MAP_YARDS
from narrator.scenario.saver import anchor_at, atomic_replace, record_turn

def record_hash(turn: Any, scenario: Any, index: int, record: dict[str, Any],
                legacy: bool = False) -> str:
    """12 hex digits sealing a resolved turn: its number (1-based ``index``), kind and intents
    (names made canonical), the scenario's setup (sides, map, rules, rulings, dice, seed) and
    the record itself (``rolls``, ``from_script``, ``adjusted``). Any edit of these after the
    turn was resolved (a changed die, an impossible one, turns swapped or copied) no longer
    matches, and is refused with a pointer to ``--redo``.

    The setup is sealed as written: values left at their defaults are left out, as they are
    for intents, so a later narrator whose scenario models gain a field (with a default that
    keeps the old behaviour) still reads older records as unedited. ``legacy``: the seal of
    records written before that (the setup with every default in it), which
    ``_check_unchanged`` still accepts."""
    return hashlib.sha256(_sealed(turn, scenario, index, record, legacy)).hexdigest()[:12]


def _sealed(turn: Any, scenario: Any, index: int, record: dict[str, Any], legacy: bool,
            renamed: tuple[str, str] | None = None) -> bytes:
    """The bytes ``record_hash`` seals; ``renamed`` ``(new, old)``: with every name (a key or
    a value) ``new`` written ``old`` (the seal the turn had before ``old`` was renamed)."""
    setup = None
    if scenario is not None:
        setup = scenario.model_dump(mode="json", exclude={"turns", "state", "description",
                                                           "title", "max_turns", "side_names"},
                                    exclude_defaults=not legacy)
    blob = {"turn": index, "kind": turn.kind,
            "intents": {k: _dumped(v) for k, v in turn.intents.items()},
            "setup": setup,
            "record": {k: record.get(k) or {} for k in ("rolls", "from_script", "adjusted")}}
    if renamed is not None:
        blob = _with_name(blob, *renamed)
    return json.dumps(blob, sort_keys=True, separators=(",", ":"), default=str).encode()


def _with_name(value: Any, new: str, old: str) -> Any:
    """``value`` (JSON data) with every string ``new`` (dict keys too) replaced by ``old``."""
    if isinstance(value, dict):
        return {(old if k == new else k): _with_name(v, new, old) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_name(v, new, old) for v in value]
    return old if value == new else value


def _dumped(intent: Any) -> Any:
    """A character's declared intent for the hash: one model, or (a ruleset that declares one
    action a card or count) a list of them."""
    if isinstance(intent, (list, tuple)):
        return [_dumped(x) for x in intent]
    return intent.model_dump(mode="json", exclude_defaults=True)


def state_of(log: FightLog) -> dict[str, Any]:
    """The state after the log's last turn, as the scenario file records it."""
    ends = [e for e in log.events if e.kind == "turn_ended"]
    if not ends:
        return {"turn": 0, "characters": {}}
    last = ends[-1]
    chars: dict[str, Any] = {}
    rs = ruleset(log.events[0].ruleset)
    for c in last.status:
        entry = rs.state_entry(c)
        entry["at"] = [_num(c.at[0]), _num(c.at[1])]
        chars[c.name] = entry
    return {"turn": last.turn, "characters": chars}


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(float(v), 2)


@dataclass
class NextTurn:
    """What ``resolve_next`` did: the turn resolved, its log, the new file text, and the bytes
    the file held when it was read (the write goes ahead only if it still holds them)."""

    turn: int
    log: FightLog
    text: str
    finished: bool
    raw: bytes = b""
    warnings: tuple = ()   # the turn's own warnings (``lint.of_turn``), for next to print
    discarded: str = ""    # --redo: what it threw away (``_discarded``), for next to say


def _recorded(loaded: LoadedScenario, upto: int) -> dict[int, tuple[dict, dict]]:
    out = {}
    for i, turn in enumerate(loaded.scenario.turns[:upto]):
        r = turn.resolved
        out[i + 1] = (r.rolls, r.from_script)
    return out


def _adjusted(loaded: LoadedScenario, upto: int) -> dict[int, dict[str, dict]]:
    return {i + 1: t.resolved.adjusted for i, t in enumerate(loaded.scenario.turns[:upto])
            if t.resolved and t.resolved.adjusted}


def gm_edits(loaded: LoadedScenario, computed: dict[str, Any]) -> dict[str, dict]:
    """The GM's hand edits: fields of ``state:`` that differ from the replayed state
    ``computed`` (``state_of`` the resolved turns), each checked like the rest of the file.

    Raises:
        ScenarioError: located at the field: ``state:`` of another turn than the last resolved,
            an unknown character or field, a value of the wrong type or out of range (``true``
            is not a number; NaN and infinities are refused; a gun holds at most its
            capacity), or an edit of a field narrator works out itself (``wounds``, ``cover``).
    """
    written = loaded.scenario.state
    if written is None:
        return {}
    rs = ruleset(loaded.scenario.ruleset)
    if not isinstance(written, dict):
        raise loaded.error("state: expected a mapping (turn:, characters:)", "state")
    for key in written:
        if key not in ("turn", "characters"):
            raise loaded.error(f"state: unknown key {key!r}{_hint(str(key), ['turn', 'characters'])}",
                               "state", key)
    turn = written.get("turn")
    if not _is_int(turn) or turn != computed["turn"]:
        raise loaded.error(f"state.turn: is {loaded.shown(turn, 'state', 'turn')}, but the "
                           f"last resolved turn is "
                           f"{computed['turn']}; state: is what narrator next wrote after that "
                           f"turn (delete state: to start from the replayed state)",
                           "state", "turn")
    chars = written.get("characters") or {}
    if not isinstance(chars, dict):
        raise loaded.error("state.characters: expected a mapping of character names",
                           "state", "characters")
    out: dict[str, dict] = {}
    names = list(computed["characters"])
    for name, fields in chars.items():
        where = ("state", "characters", name)
        if name not in computed["characters"]:
            raise loaded.error(f"state: no character called {name!r}{_hint(str(name), names)}",
                               *where)
        if not isinstance(fields, dict):
            raise loaded.error(f"state.characters.{name}: expected a mapping", *where)
        now = computed["characters"][name]
        known = list(now) + [k for k in rs.editable + rs.derived if k not in now]
        for key, value in fields.items():
            if key == "loaded" and isinstance(value, dict):
                value = _gun_names(loaded, name, value)
            if key == "at" and isinstance(value, str):  # a landmark: its spot
                value = _landmark_spot(loaded, name, value)
            if key == "condition" and isinstance(value, str):
                value = rs.condition_words.get(value, value)  # Weird West passed_out: winded
            if key not in known:
                raise loaded.error(f"state.characters.{name}: unknown key {key!r}"
                                   f"{_hint(str(key), known)}", *where, key)
            if value == now.get(key) and type(value) is type(now.get(key)):
                continue
            if key in rs.derived or key not in rs.editable:
                raise loaded.error(f"state.characters.{name}.{key}: cannot be edited (narrator "
                                   f"works it out); edit {', '.join(rs.editable)} instead",
                                   *where, key)
            _check_edit(loaded, name, key, value, now, computed.get("capacity", {}).get(name, {}))
            if value != now.get(key):
                out.setdefault(name, {})[key] = value
    return out


def _gun_names(loaded: LoadedScenario, name: str, value: dict) -> dict:
    """``loaded:`` keyed as the GM wrote it, with a weapon's type id or alias (the names the
    rest of the file uses: ``fast_draw_revolver``, ``colt``) turned into the name ``state:``
    shows ("fast-draw revolver"); other keys are kept for the checks to report."""
    weapons = ruleset(loaded.scenario.ruleset).weapons()
    c = next((c for _, c in loaded.scenario.characters() if c.name == name), None)
    names: dict[str, str] = {}
    for w in (c.weapons if c is not None else []):
        row = weapons.get(w.type)
        shown = w.name or (row.name if row else w.type)
        for key in (w.type, *(row.aliases if row else ()), *((row.type,) if row else ())):
            names.setdefault(key, shown)
    return {names.get(k, k) if isinstance(k, str) else k: v for k, v in value.items()}


def _landmark_spot(loaded: LoadedScenario, name: str, value: str) -> list[float]:
    """``at:`` of a ``state:`` edit written as a landmark (its key or its name, as a man's
    ``at:`` in ``sides:`` may be): the landmark's own ``at`` ([x, y]), where the edit puts
    him at it, in its cover. A name that is no landmark's is refused at the field, with the
    nearest landmark offered.

    Raises:
        ScenarioError: located at the field.
    """
    from narrator.scenario.models import landmark_position

    landmarks = loaded.scenario.map
    spot = landmark_position(value, landmarks)
    if spot is None:
        called = [str(k) for k in landmarks] + [str(lm.name) for lm in landmarks.values()
                                               if getattr(lm, "name", None)]
        raise loaded.error(f"state.characters.{name}.at: no landmark called {value!r}"
                           f"{_hint(value, called)} (at: is a landmark's key or name, or "
                           f"[x, y] in yards)", "state", "characters", name, "at")
    return [int(v) if float(v).is_integer() else v for v in spot]  # [22, 8], as typed


def _hint(word: str, choices: list[str]) -> str:
    from narrator.scenario.loader import nearest
    n = nearest(word, [str(c) for c in choices])
    return f"; did you mean {n!r}?" if n else ""


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    import math
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _check_edit(loaded: LoadedScenario, name: str, key: str, value: Any, now: dict,
                capacity: dict[str, int]) -> None:
    bad = None
    where: tuple = ("state", "characters", name, key)
    rs = ruleset(loaded.scenario.ruleset)
    conditions = rs.conditions
    got = "\0got"  # " (got X)", X as the GM typed it: worked out only for an error
    if key == "condition" and (not isinstance(value, str) or value not in conditions):
        bad = (f"must be one of {', '.join(conditions)}{got}"
               f"{_hint(str(value), list(conditions)) if isinstance(value, str) else ''}")
    elif key == "at" and not (isinstance(value, list) and len(value) == 2
                              and all(_is_number(v) and abs(v) <= MAP_YARDS for v in value)):
        bad = (f"must be [x, y] in yards (two finite numbers, each within {MAP_YARDS:,} of 0: "
               f"the map){got}")
    elif key not in ("condition", "at", "loaded"):  # the ruleset's own fields
        bad = rs.check_edit(key, value)
        bad = bad and bad + got
    elif key == "loaded":
        if not isinstance(value, dict):
            bad = f"must map weapon names ({', '.join(now['loaded'])}) to rounds{got}"
        else:
            for gun, n in value.items():
                if gun not in now["loaded"]:
                    bad = (f"{name} carries no {gun!r} (carries {', '.join(now['loaded'])})"
                           f"{_hint(str(gun), list(now['loaded']))}")
                    where = where + (gun,)
                    break
                cap = capacity.get(gun)
                if not _is_int(n) or n < 0 or (cap is not None and n > cap):
                    bad = (f"{gun}: {loaded.shown(n, *where, gun)} rounds; a whole number "
                           f"from 0 to "
                           f"{cap if cap is not None else 1000}")
                    where = where + (gun,)
                    break
    if bad:
        if got in bad:
            bad = bad.replace(got, f" (got {loaded.shown(value, 'state', 'characters', name, key)})")
        raise loaded.error(f"state.characters.{name}.{key}: {bad}", *where)


def _capacities(log: FightLog) -> dict[str, dict[str, int]]:
    ends = [e for e in log.events if e.kind == "turn_ended"]
    if not ends:
        return {}
    return {c.name: {w.name: w.capacity for w in c.weapons} for c in ends[-1].status}


#: ``LoadedScenario.notes`` key: the Weird West turns whose records were made when a draw of
#: the gun already in hand took the card (before narrator made it no draw, the card going to
#: his next action); found by ``_fight``, read by the ruleset's fight.
OLD_DRAWS = "weird_west_old_draws"


def _fight(loaded: LoadedScenario, **kw: Any) -> FightLog:
    """``run_fight``, with a replay that runs short of recorded rolls located at the turn's
    ``resolved:`` record. A Weird West turn that runs short is first replayed again as
    narrator once resolved it, a draw of the gun already in hand taking the card (now no
    draw: the card goes to his next action); a file recorded then replays as it was posted
    (``OLD_DRAWS``). Only when that runs short too is it refused."""
    import re

    from narrator.errors import DiceError
    first: dict[int, str] = {}   # each turn's message as the current rules replayed it
    while True:
        try:
            return run_fight(loaded, **kw)
        except DiceError as exc:
            m = re.match(r"turn (\d+) was resolved with other rolls", exc.message)
            if m is None or exc.line is not None:
                raise
            turn = int(m.group(1))
            old = frozenset(loaded.notes.get(OLD_DRAWS, ()))
            if loaded.scenario.ruleset == "weird-west" and turn not in old:
                first[turn] = exc.message
                loaded.notes[OLD_DRAWS] = old | {turn}
                continue
            loaded.notes[OLD_DRAWS] = old - {turn}   # the old draws did not help it either
            raise loaded.error(first.get(turn, exc.message), "turns", turn - 1,
                               "resolved") from None


def _blank_turn(loaded: LoadedScenario) -> Any:
    """An undeclared turn of the scenario's ruleset (its tactics decide)."""
    return ruleset(loaded.scenario.ruleset).blank_turn()


def resolved_turns(loaded: LoadedScenario) -> int:
    """How many turns are resolved (a prefix of the turns), each unchanged since.

    Raises:
        ScenarioError: a gap (an unresolved turn before a resolved one), or a resolved turn
            whose intents or record were edited afterwards (located; the message names
            ``--redo``).
    """
    done = _resolved_prefix(loaded)
    _check_unchanged(loaded, done)
    return done


def over_why(loaded: LoadedScenario, log: FightLog) -> str:
    """Why the fight of ``log`` (ended with one side all down) is over, in the write-up's
    names of the sides: "the Kincaids are all down", "Short is down", "both sides are
    down"."""
    from narrator.render.inflection import display_names_of, is_plural, side_name
    from narrator.render.inflection import set_side_names
    import contextvars

    sc = loaded.scenario
    down = [s for s in sc.sides if s not in log.events[-1].standing]
    if not down:
        return "one side is all down"
    names = display_names_of(sc.sides, loaded.side_of.items(), getattr(sc, "side_names", None))

    def said(side: str) -> str:
        set_side_names(names)
        return side_name(side)

    if len(down) == len(sc.sides):
        return "every side is down"
    if len(down) > 1:   # (three sides or more: the fight ends with one left)
        up = contextvars.copy_context().run(said, log.events[-1].standing[0])
        return f"only {up} {'are' if is_plural(up) else 'is'} still up"
    who = contextvars.copy_context().run(said, down[0])
    are = "are" if is_plural(who) else "is"
    return f"{who} {are} down" if len(sc.sides[down[0]]) == 1 else f"{who} {are} all down"


def _resolved_prefix(loaded: LoadedScenario) -> int:
    """The number of leading resolved turns; a resolved turn after a gap is an error."""
    sc = loaded.scenario
    done = 0
    for turn in sc.turns:
        if turn.resolved is None:
            break
        done += 1
    later = [i for i, t in enumerate(sc.turns[done:], done) if t.resolved is not None]
    if later:
        raise loaded.error(f"turn {later[0] + 1} is resolved but turn {done + 1} is not; run "
                           f"narrator next --redo {done + 1} to resolve turn {done + 1} again "
                           f"(later records are discarded)", "turns", later[0], "resolved")
    return done


def _check_unchanged(loaded: LoadedScenario, upto: int) -> None:
    """Turns 1..upto, their records and the setup are as they were when resolved."""
    sc = loaded.scenario
    for i, turn in enumerate(sc.turns[:upto]):
        r = turn.resolved
        record = {"rolls": r.rolls, "from_script": r.from_script, "adjusted": r.adjusted}
        if r.hash not in (record_hash(turn, sc, i + 1, record),
                          record_hash(turn, sc, i + 1, record, legacy=True)):
            renamed = _renamed(loaded, i)
            if renamed is not None:
                raise renamed
            raise loaded.error(f"turn {i + 1} (its intents, its recorded rolls, or the setup: "
                               f"sides, map, rulings, dice) was changed after it was resolved; "
                               f"run narrator next --redo {i + 1} to resolve it again (later "
                               f"turns are discarded; the old file is kept as .bak)",
                               "turns", i, "resolved")


def _renamed(loaded: LoadedScenario, i: int) -> ScenarioError | None:
    """Why turn ``i + 1``'s seal no longer matches, when a name says it: a character or a
    side was renamed (or removed) after the turn was resolved. The old names are those the
    records of the resolved turns (their dice, the GM's edits) and ``state:`` give that the
    file no longer has: a man with no die in this turn's record is still named in a later
    one, or under ``state:``. A rename that alone breaks the seal (the turn, its names put
    back, seals as it was) is certain, and told at the new name (his ``name:``, the side's
    key), whoever it was; else a name this turn's record gives that the file lacks is told
    at the nearest name of its kind the record does not give, else at the record's own line
    for it; else an old name only a later record or ``state:`` gives, at the nearest name
    no record gives; None when none finds one (the seal says only that something changed)."""
    from narrator.scenario.loader import nearest

    sc = loaded.scenario
    turn = sc.turns[i]
    r = turn.resolved
    parts = {"rolls": r.rolls, "from_script": r.from_script, "adjusted": r.adjusted}
    named = {k for part in parts.values() for k in part}
    fix = (f"run narrator next --redo {i + 1} to resolve it again (later turns are "
           f"discarded; the old file is kept as .bak)")
    has = set(loaded.side_of) | set(sc.sides)
    gone: dict[str, None] = {}   # the old names, in the order the file gives them
    recorded: set[str] = set()   # every name a resolved turn's record gives
    for t in sc.turns:
        if t.resolved is None:
            break
        for part in (t.resolved.rolls, t.resolved.from_script, t.resolved.adjusted):
            recorded.update(part or {})
            gone.update((k, None) for k in part or {} if k not in has)
    state = sc.state if isinstance(sc.state, dict) else {}
    chars = state.get("characters")
    if isinstance(chars, dict):
        gone.update((k, None) for k in chars if isinstance(k, str) and k not in has)
    for old in gone:
        for new in [*sc.sides, *loaded.side_of]:
            if r.hash in (hashlib.sha256(_sealed(turn, sc, i + 1, parts, legacy,
                                                 (new, old))).hexdigest()[:12]
                          for legacy in (False, True)):
                return _renamed_error(loaded, i, old, new, fix, old in named)
    side_rolls = any(k in sc.sides for k in named)   # its sides roll (Boot Hill initiative)
    for part, rec in parts.items():
        for old in rec:
            if old in has:
                continue
            sides = [k for k in sc.sides if k not in named]
            men = [n for n in loaded.side_of if n not in named]
            if side_rolls and set(rec[old]) == {"initiative"}:   # a side's: a side took it
                new = nearest(old, sides) or (sides[0] if len(sides) == 1 else None)
            else:
                new = nearest(old, men)
            if new is not None:
                return _renamed_error(loaded, i, old, new, fix, True)
            return loaded.error(
                f"turn {i + 1}'s record names {old!r}, whom the file no longer has (renamed or "
                f"removed after the turn was resolved); put {old!r} back, or {fix}",
                "turns", i, "resolved", part, old)
    for old in gone:   # named by a later record or state: only (no die of his in this turn)
        new = nearest(old, [n for n in loaded.side_of if n not in recorded])
        if new is not None:
            return _renamed_error(loaded, i, old, new, fix, False)
    return None


def _renamed_error(loaded: LoadedScenario, i: int, old: str, new: str, fix: str,
                   in_record: bool) -> ScenarioError:
    """The side or character ``old`` renamed ``new`` after turn ``i + 1`` was resolved, told
    at the new name (``in_record``: the turn's own record names ``old``)."""
    sc = loaded.scenario
    if new in sc.sides:
        return loaded.error(
            f"sides.{new}: turn {i + 1}'s record names the side {old!r}, which the file no "
            f"longer has: renamed {new!r} after the turn was resolved, the side no longer "
            f"matches it; change the key back to {old!r}, or {fix}", "sides", new)
    side_key = loaded.side_of[new]
    at = next(j for j, c in enumerate(sc.sides[side_key]) if c.name == new)
    line, col = (loaded.locate(("sides", side_key, at, "name"), False) if loaded.locate
                 else (None, None))
    said = (f"turn {i + 1}'s record names {old!r}" if in_record
            else f"turn {i + 1} was resolved with {old!r}")
    return ScenarioError(
        f"sides.{side_key}[{at}].name: {said}, whom the file no longer has: renamed {new!r} "
        f"after the turn was resolved, the character no longer matches it; change the name "
        f"back to {old!r}, or {fix}", loaded.path, line, col)


def replay(loaded: LoadedScenario, upto: int | None = None) -> tuple[int, FightLog | None,
                                                                     dict[str, dict]]:
    """Replay the resolved turns (all, or the first ``upto``) from their records.

    Returns:
        ``(done, log, edits)``: the number of turns replayed, their log (None when no turn is
        resolved), and the GM's checked edits of ``state:`` (applied at the start of the next
        turn; empty when ``upto`` stops short of the last resolved turn).

    Raises:
        ScenarioError: as ``resolved_turns`` and ``gm_edits``.
    """
    done = _resolved_prefix(loaded)
    n = done if upto is None else min(upto, done)
    _check_unchanged(loaded, n)
    if n == 0:
        if loaded.scenario.state is not None and done == 0:
            raise loaded.error("state: no turn is resolved yet, so there is no state to edit "
                               "(delete state:)", "state")
        return 0, None, {}
    log = _fight(loaded, stop_after=n, recorded=_recorded(loaded, n),
                 adjustments=_adjusted(loaded, n))
    edits: dict[str, dict] = {}
    if n == done:
        computed = state_of(log)
        computed["capacity"] = _capacities(log)
        edits = gm_edits(loaded, computed)
    return n, log, edits


def run_recorded(loaded: LoadedScenario, seed: int | None = None, *,
                 dice_fallback: str | None = None) -> tuple[FightLog, int]:
    """The whole fight of a scenario, as ``narrator run`` writes it up: the turns ``next``
    resolved replayed from their records (every die as rolled then), each GM's edit of
    ``state:`` applied at the start of the turn it was made before (the last one at the
    start of the next turn), then the turns left fought on with the seed (``seed``, else the
    scenario's), as ``next`` would resolve them. A file with no resolved turn is fought from
    the start, as ever.

    Returns:
        ``(log, done)``: the fight's log and the number of turns replayed from records.

    Raises:
        ScenarioError: as ``replay`` (a gap, an edited record, a bad edit of ``state:``).
        DiceError: scripted dice ran out (fallback "error").
    """
    done, _, edits = replay(loaded)
    if done == 0:
        return run_fight(loaded, seed, dice_fallback=dice_fallback), 0
    adjustments = _adjusted(loaded, done)
    if edits:
        adjustments[done + 1] = edits
    return _fight(loaded, seed=seed, dice_fallback=dice_fallback,
                  recorded=_recorded(loaded, done), adjustments=adjustments), done


@dataclass(frozen=True)
class Played:
    """The turns of a play-by-post file already played, as every fight of ``odds`` and
    ``batch`` replays them before it fights on: ``done`` turns resolved by ``next``, their
    recorded rolls (``recorded``, by turn) and the GM's edits of ``state:`` (``adjustments``,
    by the turn they come before; the last at turn ``done + 1``)."""

    done: int
    recorded: dict[int, tuple[dict, dict]]
    adjustments: dict[int, dict[str, dict]]

    def fight(self, loaded: LoadedScenario, seed: int, **kw: Any) -> FightLog:
        """The fight from where the file stands: the played turns replayed from their
        records, the rest fought on with ``seed`` (``run_recorded``'s fight; ``kw`` as
        ``run_fight``'s)."""
        return _fight(loaded, seed=seed, recorded=self.recorded,
                      adjustments=self.adjustments, **kw)


def played(loaded: LoadedScenario) -> Played | None:
    """What ``next`` has played in ``loaded``'s file (the turns resolved, their records, the
    GM's edits, all checked as ``run`` checks them), or None when it has played nothing (no
    resolved turn, no ``state:``).

    Raises:
        ScenarioError: as ``replay`` (a gap, an edited record, a bad edit of ``state:``).
    """
    sc = loaded.scenario
    if not any(t.resolved is not None for t in sc.turns) and sc.state is None:
        return None
    done, _, edits = replay(loaded)
    if done == 0:
        return None
    adjustments = _adjusted(loaded, done)
    if edits:
        adjustments[done + 1] = edits
    return Played(done, _recorded(loaded, done), adjustments)


def state_with_edits(log: FightLog, edits: dict[str, dict],
                     loaded: LoadedScenario | None = None) -> dict[str, Any]:
    """``state_of(log)`` with the GM's edits laid over it (what the next turn starts from).
    With ``loaded``, a man whose ``at`` is edited has the cover his new spot gives him (the
    ruleset's ``placed_cover``, as its ``adjust`` places him: living cover that bolted is
    no cover), not his old spot's, and what else the edits change as ``adjust`` applies them
    (``settle_edits``: a hold let go when an edit puts its men beyond reach)."""
    state = state_of(log)
    rs = ruleset(loaded.scenario.ruleset) if loaded is not None else None
    gone = rs.gone_landmarks(loaded, log) if rs is not None else set()
    for name, fields in edits.items():
        entry = state["characters"][name]
        for key, value in fields.items():
            if key == "loaded":
                entry["loaded"].update(value)
            else:
                entry[key] = value
            if key == "at" and rs is not None:
                cover = rs.placed_cover(loaded, value, gone)
                if cover:
                    entry["cover"] = cover
                else:
                    entry.pop("cover", None)
    if rs is not None and edits:
        rs.settle_edits(loaded, state)
    return state


def read_scenario(path: Path) -> tuple[bytes, str]:
    """The scenario's bytes and text (size-limited, UTF-8 checked: see ``loader.read_text``)."""
    from narrator.scenario.loader import read_text
    text = read_text(path)
    return text.encode("utf-8"), text


def commit_next(path: Path, done: NextTurn) -> None:
    """Write what ``resolve_next(..., write=False)`` prepared (atomically, with a backup), if
    the file still holds what was read.

    Raises:
        ScenarioError: the file changed on disk meanwhile, or it cannot be written.
    """
    atomic_replace(Path(path), done.text, done.raw)


def resolve_next(path: Path, redo: int | None = None, write: bool = True) -> NextTurn:
    """Resolve the next unresolved turn of the scenario at ``path`` (or turn ``redo`` again,
    discarding it and the later ones) and, with ``write``, record it in the file under the
    scenario's lock (``write=False``: the caller holds the lock and commits).

    Raises:
        ScenarioError: bad scenario; an already-resolved turn or its record was edited (use
            ``redo``); a bad edit of ``state:``; nothing left to resolve; the file changed on
            disk meanwhile; it cannot be written; another ``narrator next`` holds the lock.
    """
    path = Path(path)
    if write:
        with lock_scenario(path):
            done = resolve_next(path, redo, write=False)
            commit_next(path, done)
            return done
    raw, text = read_scenario(path)
    loaded = load_scenario_text(text, str(path))
    where = anchor_at(text)
    if where is not None:
        raise ScenarioError("narrator next needs a file without YAML anchors and aliases "
                            "(&name, *name): it writes each turn's record in place; write the "
                            "shared parts out in full", str(path), *where)
    sc = loaded.scenario
    done = _resolved_prefix(loaded)
    drop_from = None
    if redo is not None:
        if not 1 <= redo <= done + 1:
            # only resolved turns are listed: each of them can be redone (the next one is
            # resolved by next without --redo, when the fight goes on)
            what = ("no turn is resolved yet, so none can be redone ('narrator next' resolves "
                    "turn 1)" if done == 0 else "only turn 1 is resolved and can be redone"
                    if done == 1 else f"turns 1-{done} are resolved and can be redone")
            raise ScenarioError(f"--redo {redo}: {what}", str(path))
        drop_from = redo - 1 if redo <= done else None
    upto = done if redo is None else redo - 1
    n, before, edits = replay(loaded, upto)   # the records are checked first
    if before is not None and before.events[-1].reason == "side_down":
        # over: said before "add a turn" (a turn added to a finished fight is never fought)
        raise loaded.error(f"the fight is over: {over_why(loaded, before)} (turn {n} ended "
                           f"it), so there is no turn to resolve; --redo N resolves turn N "
                           f"again", "turns", n - 1, "resolved")
    total = max(len(sc.turns), sc.max_turns or 0)
    if upto >= total:
        which = "the scenario's one turn is" if total == 1 else f"all {total} turns are"
        where = ("max_turns",) if (sc.max_turns or 0) >= len(sc.turns) else ("turns",)
        raise loaded.error(f"{which} resolved; add a turn with intents (or raise max_turns) "
                           f"to go on", *where)
    recorded = _recorded(loaded, n)
    adjustments = _adjusted(loaded, n)
    t = n + 1
    if redo is not None and redo <= done:
        kept = sc.turns[redo - 1].resolved.adjusted   # the GM's edits before the turn redone
        if kept:
            edits = kept
    if edits:
        adjustments[t] = edits
    log = _fight(loaded, stop_after=t, recorded=recorded, adjustments=adjustments)
    rolls: dict[str, dict[str, list[int]]] = {}
    from_script: dict[str, dict[str, int]] = {}
    for r in log.rolls:
        if r.turn != t and not (t == 1 and r.turn == 0):  # turn 1 keeps the rolls before it
            continue
        rolls.setdefault(r.who, {}).setdefault(r.purpose, []).append(r.value)
        if r.scripted:
            by = from_script.setdefault(r.who, {})
            by[r.purpose] = by.get(r.purpose, 0) + 1
    turn_model = sc.turns[t - 1] if t - 1 < len(sc.turns) else _blank_turn(loaded)
    body: dict[str, Any] = {"rolls": rolls}
    if from_script:
        body["from_script"] = from_script
    if adjustments.get(t):
        body["adjusted"] = adjustments[t]
    record = {"hash": record_hash(turn_model, sc, t, body), **body}
    dropped: list[str] = []
    new_text = record_turn(text, t - 1, record, state_of(log), drop_from, str(path), dropped)
    discarded = (_discarded(loaded, t, done, dropped) if redo is not None and redo <= done
                 else "")
    load_scenario_text(new_text, str(path))  # never write a file narrator cannot read back
    finished = log.events[-1].reason != "paused"
    from narrator.lint import of_turn
    return NextTurn(t, log, new_text, finished, raw, tuple(of_turn(loaded, t - 1)), discarded)


def _discarded(loaded: LoadedScenario, redone: int, done: int, dropped: list[str]) -> str:
    """What ``--redo`` of turn ``redone`` threw away of a file with ``done`` turns resolved,
    in words for the GM: the later turns' records, the edits of ``state:`` he made before
    each of them (``resolved.adjusted``) and after the last (``state:`` as he left it), and
    his comments on ``state:`` lines whose values changed (``dropped``). "" when nothing
    was."""
    parts = []
    if done > redone:
        parts.append(f"turn {done}" if done == redone + 1 else f"turns {redone + 1}-{done}")
    edits: dict[int, list[str]] = {}
    for i in range(redone, done):   # the edits made before turn i + 1
        for name, fields in (loaded.scenario.turns[i].resolved.adjusted or {}).items():
            edits.setdefault(i + 1, []).append(f"{name} ({', '.join(fields)})")
    try:
        _, _, pending = replay(loaded, done)   # made after the last resolved turn
    except ScenarioError:
        pending = {}
    for name, fields in pending.items():
        edits.setdefault(done + 1, []).append(f"{name} ({', '.join(fields)})")
    for turn, who in sorted(edits.items()):
        parts.append(f"your edits of state: before turn {turn}: {'; '.join(who)}")
    if dropped:
        parts.append("your comments on state: lines it changed: " + "; ".join(
            repr(c) for c in dropped))
    return "; ".join(parts)


def repost(path: Path, turn: int) -> FightLog:
    """The log of the resolved turns 1..``turn``, replayed from their records (nothing is
    rolled or written): the post of ``turn`` rendered from it is the one ``next`` printed.

    Raises:
        ScenarioError: bad scenario, an edited record, or ``turn`` is not resolved.
    """
    _, text = read_scenario(Path(path))
    loaded = load_scenario_text(text, str(path))
    done = resolved_turns(loaded)
    if not 1 <= turn <= done:
        which = f"turns 1-{done} are" if done > 1 else ("turn 1 is" if done else "no turn is")
        raise ScenarioError(f"--repost {turn}: {which} resolved", str(path))
    return _fight(loaded, stop_after=turn, recorded=_recorded(loaded, turn),
                  adjustments=_adjusted(loaded, turn))


@contextmanager
def lock_scenario(path: Path) -> Iterator[None]:
    """Hold the scenario's lock (see ``narrator.files.scenario_lock``), as a ScenarioError.

    Raises:
        ScenarioError: another narrator holds it; the lock file cannot be made.
    """
    from narrator.files import Locked, remove_stale_temps, scenario_lock
    held = scenario_lock(path)
    try:
        held.__enter__()
    except Locked:
        raise ScenarioError("another narrator next is updating this file; try again when it "
                            "has finished", str(path)) from None
    except OSError as exc:
        raise ScenarioError(f"cannot lock the scenario: {exc.strerror or exc}",
                            str(path)) from None
    try:
        remove_stale_temps(path)
        yield
    finally:
        held.__exit__(None, None, None)
