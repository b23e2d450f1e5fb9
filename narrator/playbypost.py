"""Play-by-post: resolve one turn at a time; the scenario file keeps the record.

``next`` replays the resolved turns from their recorded rolls (so they come out exactly as
before), resolves the next turn with fresh dice, records that turn's rolls under
``turns[i].resolved`` and the state after it under ``state:``, and returns the turn's post.
A GM may hand-edit ``state:`` between turns; the edits (position, condition, wound points,
rounds loaded, mounted, prone) are applied at the start of the next turn and shown in its post.

May import: narrator.engine, narrator.scenario, narrator.events, narrator.errors,
narrator.rulesets.violence.fight (its conditions).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.events import FightLog
from narrator.rulesets.violence.fight import CONDITIONS as VIOLENCE_CONDITIONS
from narrator.scenario.loader import LoadedScenario, load_scenario_text
from narrator.scenario.models import Turn
from narrator.scenario.saver import anchor_at, atomic_replace, record_turn

CONDITIONS = ("active", "passed_out", "dying", "dead")


def intents_hash(turn: Turn, scenario: Any = None) -> str:
    """12 hex digits identifying a turn's kind and intents (after names are made canonical)
    and the scenario's setup (sides, map, rules, rulings, dice, seed): an edit of either after
    the turn was resolved would rewrite history, and is refused."""
    setup = None
    if scenario is not None:
        setup = scenario.model_dump(mode="json", exclude={"turns", "state", "description",
                                                           "title", "max_turns"})
    blob = json.dumps({"kind": turn.kind,
                       "intents": {k: v.model_dump(mode="json", exclude_defaults=True)
                                   for k, v in turn.intents.items()},
                       "setup": setup},
                      sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def state_of(log: FightLog) -> dict[str, Any]:
    """The state after the log's last turn, as the scenario file records it."""
    ends = [e for e in log.events if e.kind == "turn_ended"]
    if not ends:
        return {"turn": 0, "characters": {}}
    last = ends[-1]
    chars: dict[str, Any] = {}
    if log.events[0].ruleset == "violence":  # Injuries, no wound points, no horses
        for c in last.status:
            chars[c.name] = {"condition": c.condition, "at": [_num(c.at[0]), _num(c.at[1])],
                             "injuries": c.wound_points,
                             "loaded": {w.name: w.loaded for w in c.weapons}}
            if c.cover:
                chars[c.name]["cover"] = c.cover
        return {"turn": last.turn, "characters": chars}
    for c in last.status:
        entry: dict[str, Any] = {
            "condition": c.condition,
            "at": [_num(c.at[0]), _num(c.at[1])],
            "wound_points": c.wound_points,
        }
        if c.wounds:
            entry["wounds"] = [f"{w.severity} {w.location.replace('_', ' ')} ({w.wound_points})"
                               for w in c.wounds]
        entry["loaded"] = {w.name: w.loaded for w in c.weapons}
        if c.cover:
            entry["cover"] = c.cover
        entry["mounted"] = c.mounted
        entry["prone"] = c.prone
        chars[c.name] = entry
    return {"turn": last.turn, "characters": chars}


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(float(v), 2)


@dataclass
class NextTurn:
    """What ``resolve_next`` did: the turn resolved, its post(s), the new file text."""

    turn: int
    log: FightLog
    text: str
    finished: bool
    raw: bytes = b""


def _recorded(loaded: LoadedScenario, upto: int) -> dict[int, tuple[dict, dict]]:
    out = {}
    for i, turn in enumerate(loaded.scenario.turns[:upto]):
        r = turn.resolved
        out[i + 1] = (r.rolls, r.from_script)
    return out


def _adjusted(loaded: LoadedScenario, upto: int) -> dict[int, dict[str, dict]]:
    return {i + 1: t.resolved.adjusted for i, t in enumerate(loaded.scenario.turns[:upto])
            if t.resolved and t.resolved.adjusted}


def _edits(loaded: LoadedScenario, computed: dict[str, Any]) -> dict[str, dict]:
    """The GM's hand edits: fields of ``state:`` that differ from the replayed state."""
    written = loaded.scenario.state or {}
    if written.get("turn") != computed["turn"]:
        return {}
    out: dict[str, dict] = {}
    chars = written.get("characters") or {}
    if not isinstance(chars, dict):
        raise ScenarioError("state.characters: expected a mapping", loaded.path)
    for name, fields in chars.items():
        if name not in computed["characters"]:
            raise ScenarioError(f"state: no character called {name!r}", loaded.path)
        if not isinstance(fields, dict):
            raise ScenarioError(f"state.characters.{name}: expected a mapping", loaded.path)
        now = computed["characters"][name]
        for key in ("condition", "at", "wound_points", "injuries", "mounted", "prone", "loaded"):
            if key not in fields or fields[key] == now.get(key):
                continue
            value = fields[key]
            _check_edit(loaded, name, key, value, now)
            out.setdefault(name, {})[key] = value
    return out


def _check_edit(loaded: LoadedScenario, name: str, key: str, value: Any, now: dict) -> None:
    bad = None
    conditions = VIOLENCE_CONDITIONS if loaded.scenario.ruleset == "violence" else CONDITIONS
    if key == "condition" and value not in conditions:
        bad = f"must be one of {', '.join(conditions)}"
    elif key == "at" and not (isinstance(value, list) and len(value) == 2
                              and all(isinstance(v, (int, float)) and abs(v) < 1e6 for v in value)):
        bad = "must be [x, y] in yards"
    elif key in ("wound_points", "injuries") and not (isinstance(value, int) and 0 <= value <= 1000):
        bad = "must be a whole number 0-1000"
    elif key in ("mounted", "prone") and not isinstance(value, bool):
        bad = "must be true or false"
    elif key == "loaded":
        if not isinstance(value, dict) or set(value) - set(now["loaded"]) or not all(
                isinstance(v, int) and 0 <= v <= 1000 for v in value.values()):
            bad = f"must map weapon names ({', '.join(now['loaded'])}) to rounds"
    if bad:
        raise ScenarioError(f"state.characters.{name}.{key}: {bad}", loaded.path)


def _blank_turn(loaded: LoadedScenario) -> Any:
    """An undeclared turn of the scenario's ruleset (its tactics decide)."""
    if loaded.scenario.ruleset == "violence":
        from narrator.scenario.violence import Turn as Round
        return Round()
    return Turn()


def resolved_turns(loaded: LoadedScenario) -> int:
    """How many turns are resolved (a prefix of the turns), each unchanged since.

    Raises:
        ScenarioError: a gap (an unresolved turn before a resolved one), or a resolved turn
            whose intents were edited afterwards (the message names ``--redo``).
    """
    done = _resolved_prefix(loaded)
    _check_unchanged(loaded, done)
    return done


def _resolved_prefix(loaded: LoadedScenario) -> int:
    """The number of leading resolved turns; a resolved turn after a gap is an error."""
    sc = loaded.scenario
    done = 0
    for turn in sc.turns:
        if turn.resolved is None:
            break
        done += 1
    if any(t.resolved is not None for t in sc.turns[done:]):
        raise ScenarioError(f"turn {done + 1} is not resolved but a later turn is; use "
                            f"--redo {done + 1}", loaded.path)
    return done


def _check_unchanged(loaded: LoadedScenario, upto: int) -> None:
    """Turns 1..upto (and the setup) are as they were when resolved."""
    sc = loaded.scenario
    for i, turn in enumerate(sc.turns[:upto]):
        if intents_hash(turn, sc) != turn.resolved.intents:
            raise ScenarioError(f"turn {i + 1} (or the setup: sides, map, rulings, dice) was "
                                f"changed after it was resolved; run narrator "
                                f"next --redo {i + 1} to resolve it again (later turns are "
                                f"discarded; the old file is kept as .bak)", loaded.path)


def commit_next(path: Path, done: NextTurn) -> None:
    """Write what ``resolve_next(..., write=False)`` prepared (atomically, with a backup).

    Raises:
        ScenarioError: the file changed on disk meanwhile, or it cannot be written.
    """
    atomic_replace(Path(path), done.text, done.raw)


def resolve_next(path: Path, redo: int | None = None, write: bool = True) -> NextTurn:
    """Resolve the next unresolved turn of the scenario at ``path`` and write the record back.

    Raises:
        ScenarioError: bad scenario; an already-resolved turn was edited (use ``redo``);
            nothing left to resolve; the file changed on disk meanwhile; it cannot be written.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read the scenario: {exc.strerror or exc}", str(path)) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"the scenario is not UTF-8 text (byte {exc.start})", str(path)) from None
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
            raise ScenarioError(f"--redo {redo}: turns 1-{done + 1} can be redone", str(path))
        done = redo - 1
        drop_from = done
    _check_unchanged(loaded, done)
    total = max(len(sc.turns), sc.max_turns or 0)
    if done >= total:
        raise ScenarioError(f"all {total} turn(s) are resolved; add a turn with intents (or "
                            f"raise max_turns) to go on", str(path))
    recorded = _recorded(loaded, done)
    adjustments = _adjusted(loaded, done)
    if done:
        before = run_fight(loaded, stop_after=done, recorded=recorded, adjustments=adjustments)
        if before.events[-1].reason == "side_down":
            raise ScenarioError("the fight is over: one side is all down", str(path))
        edits = _edits(loaded, state_of(before)) if redo is None else {}
        if edits:
            adjustments[done + 1] = edits
    log = run_fight(loaded, stop_after=done + 1, recorded=recorded, adjustments=adjustments)
    t = done + 1
    rolls: dict[str, dict[str, list[int]]] = {}
    from_script: dict[str, dict[str, int]] = {}
    for r in log.rolls:
        if r.turn != t:
            continue
        rolls.setdefault(r.who, {}).setdefault(r.purpose, []).append(r.value)
        if r.scripted:
            by = from_script.setdefault(r.who, {})
            by[r.purpose] = by.get(r.purpose, 0) + 1
    turn_model = sc.turns[t - 1] if t - 1 < len(sc.turns) else _blank_turn(loaded)
    record: dict[str, Any] = {"intents": intents_hash(turn_model, sc), "rolls": rolls}
    if from_script:
        record["from_script"] = from_script
    if adjustments.get(t):
        record["adjusted"] = adjustments[t]
    new_text = record_turn(text, t - 1, record, state_of(log), drop_from)
    load_scenario_text(new_text, str(path))  # never write a file narrator cannot read back
    finished = log.events[-1].reason != "paused"
    done = NextTurn(t, log, new_text, finished, raw)
    if write:
        commit_next(path, done)
    return done
