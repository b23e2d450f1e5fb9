"""Load a scenario file: YAML (ruamel, round-trip so positions are known) -> validated model.

Every error is a ScenarioError carrying file, line and column; misspelt names get the nearest
valid one. After loading, every character reference in the scenario uses the full name.

May import: ruamel.yaml, pydantic, narrator.scenario.models, narrator.errors, narrator.dice,
narrator.rulesets.boothill.tables.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from narrator.dice import PURPOSES, ScriptedValue
from narrator.errors import ScenarioError
from narrator.rulesets.boothill import tables
from narrator.scenario.models import Character, Scenario

MAX_BYTES = 2_000_000


@dataclass
class LoadedScenario:
    """A validated scenario and what the engine needs beside it.

    Attributes:
        scenario: the model, with every character reference canonical (full names).
        path: the file name as given (for messages), or "<string>".
        script: scripted dice ``{who: {purpose: [ScriptedValue]}}``, who = full name or side.
        side_of: full character name -> side name.
    """

    scenario: Scenario
    path: str
    script: dict[str, dict[str, list[ScriptedValue]]] = field(default_factory=dict)
    side_of: dict[str, str] = field(default_factory=dict)


def nearest(word: str, choices: list[str]) -> str | None:
    """The closest of ``choices`` to ``word`` (case-insensitive), or None when nothing is close."""
    lowered = {c.lower(): c for c in choices}
    hit = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[hit[0]] if hit else None


def _hint(word: str, choices: list[str]) -> str:
    n = nearest(word, choices)
    return f"; did you mean {n!r}?" if n else ""


class _Locator:
    """Maps a path of keys and indices in the YAML tree to (line, column), 1-based."""

    def __init__(self, root: Any, path: str) -> None:
        self.root = root
        self.path = path

    def where(self, loc: tuple, key: bool = False) -> tuple[int | None, int | None]:
        node = self.root
        line = col = None
        if hasattr(node, "lc"):
            line, col = node.lc.line, node.lc.col
        for i, part in enumerate(loc):
            last = i == len(loc) - 1
            if isinstance(node, CommentedMap) and part in node:
                pos = node.lc.key(part) if (key and last) else node.lc.value(part)
                line, col = pos
                node = node[part]
            elif isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node):
                line, col = node.lc.item(part)
                node = node[part]
            else:
                continue  # pydantic's union tags and missing fields: stay at the parent
        return (line + 1 if line is not None else None, col + 1 if col is not None else None)

    def error(self, message: str, loc: tuple, key: bool = False) -> ScenarioError:
        line, col = self.where(loc, key)
        return ScenarioError(message, self.path, line, col)


def _dotted(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


_FRIENDLY = {
    "missing": "is required",
    "int_parsing": "expected a whole number",
    "int_type": "expected a whole number",
    "int_from_float": "expected a whole number",
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list",
    "dict_type": "expected a mapping",
    "model_type": "expected a mapping",
    "tuple_type": "expected a list [x, y]",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
}


def _model_fields_at(loc: tuple) -> list[str]:
    """Field names valid at the parent of ``loc`` (for unknown-key suggestions)."""
    from narrator.scenario import models as m
    guide: Any = Scenario
    for part in loc[:-1]:
        if isinstance(part, int) or guide is None:
            continue
        if isinstance(guide, type) and issubclass(guide, m.Model):
            f = guide.model_fields.get(part) or next(
                (v for v in guide.model_fields.values() if v.alias == part), None)
            if f is None:
                continue
            guide = _inner_model(f.annotation)
        else:
            guide = None
    if isinstance(guide, type) and issubclass(guide, m.Model):
        return [f.alias or n for n, f in guide.model_fields.items()]
    return []


def _inner_model(annotation: Any) -> Any:
    from typing import get_args
    from narrator.scenario import models as m
    stack = [annotation]
    while stack:
        a = stack.pop()
        if isinstance(a, type) and issubclass(a, m.Model):
            return a
        stack.extend(get_args(a))
    return None


def _pydantic_error(exc: ValidationError, loc8: _Locator) -> ScenarioError:
    err = exc.errors()[0]
    loc = tuple(err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden":
        bad = str(loc[-1])
        return loc8.error(f"unknown key {bad!r}{_hint(bad, _model_fields_at(loc))}", loc, key=True)
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        got = err.get("input")
        hint = ""
        if isinstance(got, str):
            choices = [c.strip().strip("'") for c in str(expected).replace(" or ", ",").split(",")]
            hint = _hint(got, [c for c in choices if c])
        return loc8.error(f"{_dotted(_clean(loc))}: {got!r} is not one of {expected}{hint}", loc)
    msg = _FRIENDLY.get(kind, err["msg"])
    if kind == "value_error":
        msg = err["msg"].removeprefix("Value error, ")
    elif kind in ("greater_than_equal", "less_than_equal", "too_short", "too_long",
                  "greater_than", "less_than"):
        msg = f"{err['msg'].lower()} (got {err.get('input')!r})"
    where = _dotted(_clean(loc))
    return loc8.error(f"{where}: {msg}" if where else msg, loc)


def _clean(loc: tuple) -> tuple:
    """Drop pydantic's union-member tags (``str``, ``list[str]``, ``function-after[...]``)."""
    return tuple(p for p in loc if isinstance(p, int) or not (
        "[" in p or p in ("str", "int", "bool", "float", "tuple", "list", "dict", "none")
        or p.startswith("function-")))


def _parse_yaml(text: str, path: str) -> Any:
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        data = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        if "duplicate key" in str(exc):
            problem = "duplicate key " + str(exc).split("duplicate key", 1)[1].split("\n")[0].strip()
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise ScenarioError(f"YAML: {problem}", path, line, col) from None
    except YAMLError as exc:
        raise ScenarioError(f"YAML: {exc}", path) from None
    if data is None:
        raise ScenarioError("the scenario is empty", path, 1, 1)
    if not isinstance(data, CommentedMap):
        raise ScenarioError("a scenario must be a mapping (title:, sides:, turns:, ...)", path, 1, 1)
    return data


def load_scenario(path: str | Path) -> LoadedScenario:
    """Read and validate a scenario file.

    Raises:
        ScenarioError: unreadable file, bad YAML, wrong shapes, unknown names (one located line).
    """
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ScenarioError(f"cannot read the scenario: {exc.strerror or exc}", str(path)) from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(f"the scenario is larger than {MAX_BYTES} bytes", str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"the scenario is not UTF-8 text (byte {exc.start})", str(path)) from None
    return load_scenario_text(text, str(path))


def load_scenario_text(text: str, path: str = "<string>") -> LoadedScenario:
    """Validate scenario YAML given as text; ``path`` names it in errors.

    Raises:
        ScenarioError: as ``load_scenario``.
    """
    data = _parse_yaml(text, path)
    loc8 = _Locator(data, path)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise _pydantic_error(exc, loc8) from None
    loaded = LoadedScenario(scenario, path)
    _check(loaded, data, loc8)
    return loaded


def _check(loaded: LoadedScenario, data: Any, loc8: _Locator) -> None:
    """Cross-check names and references; canonicalize them to full character names."""
    sc = loaded.scenario
    names: dict[str, str] = {}      # any accepted spelling -> full name
    chars: dict[str, Character] = {}
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.name in names or c.name in sc.sides:
                raise loc8.error(f"character name {c.name!r} is used twice (a character can be on "
                                 f"one side only, and not share a side's name)", ("sides", side, i, "name"))
            names[c.name] = c.name
            chars[c.name] = c
            loaded.side_of[c.name] = side
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.short:
                if c.short in names and names[c.short] != c.name:
                    raise loc8.error(f"short name {c.short!r} is already a name of "
                                     f"{names[c.short]!r}", ("sides", side, i, "short"))
                names[c.short] = c.name
    all_names = list(names)

    def who(value: str, loc: tuple) -> str:
        if value in names:
            return names[value]
        raise loc8.error(f"no character called {value!r}{_hint(value, all_names)}", loc)

    weapon_keys = list(tables.weapons())
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            for j, w in enumerate(c.weapons):
                base = ("sides", side, i, "weapons", j)
                if w.type not in tables.weapons():
                    raise loc8.error(f"unknown weapon type {w.type!r}{_hint(w.type, weapon_keys)}",
                                     base + ("type",))
                wt = tables.weapons()[w.type]
                cap = w.capacity or wt.capacity
                if w.loaded is not None and w.loaded > cap:
                    raise loc8.error(f"{w.loaded} rounds loaded but a {wt.name} holds {cap}",
                                     base + ("loaded",))
            if isinstance(c.cover, str):
                lm = sc.map.get(c.cover)
                if lm is None:
                    raise loc8.error(f"no landmark called {c.cover!r}{_hint(c.cover, list(sc.map))}",
                                     ("sides", side, i, "cover"))
                if lm.cover is None:
                    raise loc8.error(f"landmark {c.cover!r} gives no cover", ("sides", side, i, "cover"))

    for t, turn in enumerate(sc.turns):
        new: dict[str, Any] = {}
        for key, intent in turn.intents.items():
            base = ("turns", t, "intents", key)
            full = who(key, base)
            if full in new:
                raise loc8.error(f"two intents for {full} in turn {t + 1}", base, key=True)
            c = chars[full]
            if intent.shoot is not None:
                targets = [intent.shoot] if isinstance(intent.shoot, str) else list(intent.shoot)
                fixed = []
                for k, tgt in enumerate(targets):
                    tloc = base + ("shoot",) + ((k,) if isinstance(intent.shoot, list) else ())
                    full_t = who(tgt, tloc)
                    if full_t == full:
                        raise loc8.error(f"{full} cannot shoot at himself", tloc)
                    fixed.append(full_t)
                intent.shoot = fixed[0] if isinstance(intent.shoot, str) else fixed
                n = len(fixed) * (intent.shots if isinstance(intent.shots, int) else 1)
                if turn.kind == "combat" and n > 2:
                    raise loc8.error("a combat turn allows one or two careful shots (000 l.39)",
                                     base + ("shoot",))
                if not fixed:
                    raise loc8.error("shoot needs at least one target", base + ("shoot",))
            for fld in ("weapon",):
                val = getattr(intent, fld)
                if val is not None:
                    _resolve_weapon(c, val, loc8, base + (fld,))
            if isinstance(intent.reload, str):
                _resolve_weapon(c, intent.reload, loc8, base + ("reload",))
            if intent.two_guns:
                pistols = [w for w in c.weapons if tables.weapons()[w.type].kind == "pistol"]
                if len(pistols) < 2:
                    raise loc8.error(f"{full} has fewer than two pistols to fire at once",
                                     base + ("two_guns",))
            if intent.move and isinstance(intent.move.to, str) and intent.move.to not in sc.map:
                raise loc8.error(f"no landmark called {intent.move.to!r}"
                                 f"{_hint(intent.move.to, list(sc.map))}", base + ("move", "to"))
            if intent.move and intent.move.gait in ("trotting", "galloping") and not (
                    c.mounted or intent.move.mount):
                raise loc8.error(f"{full} is on foot and cannot be {intent.move.gait}",
                                 base + ("move", "gait"))
            _check_shots(turn.kind, c, intent, loc8, base)
            new[full] = intent
        turn.intents = new

    side_names = list(sc.sides)
    for r, ruling in enumerate(sc.rulings):
        base = ("rulings", r)
        last = max(len(sc.turns), sc.max_turns or 0)
        if ruling.turn is not None and ruling.turn > last:
            raise loc8.error(f"ruling for turn {ruling.turn}, but the scenario has "
                             f"{last} turn(s)", base + ("turn",))
        if ruling.range_band:
            fixed = []
            for k, name in enumerate(ruling.range_band.between):
                if name in sc.sides:
                    fixed.append(name)
                else:
                    fixed.append(who(name, base + ("range_band", "between", k)))
            ruling.range_band.between = (fixed[0], fixed[1])
        if ruling.fire_order:
            fo = ruling.fire_order
            if fo.side not in sc.sides:
                raise loc8.error(f"no side called {fo.side!r}{_hint(fo.side, side_names)}",
                                 base + ("fire_order", "side"))
            fo.order = [who(n, base + ("fire_order", "order", k)) for k, n in enumerate(fo.order)]
            for k, n in enumerate(fo.order):
                if loaded.side_of[n] != fo.side:
                    raise loc8.error(f"{n} is not on side {fo.side!r}", base + ("fire_order", "order", k))
        if ruling.cancel_modifier:
            cm = ruling.cancel_modifier
            cm.character = who(cm.character, base + ("cancel_modifier", "character"))
            mods = list(tables.combat()["hit_modifiers"]) + ["light_wound", "serious_wound"]
            if cm.modifier not in mods and cm.modifier not in ("source",):
                raise loc8.error(f"unknown modifier {cm.modifier!r}{_hint(cm.modifier, mods)}",
                                 base + ("cancel_modifier", "modifier"))
        if ruling.initiative:
            for side in ruling.initiative:
                if side not in sc.sides:
                    raise loc8.error(f"no side called {side!r}{_hint(side, side_names)}",
                                     base + ("initiative", side), key=True)
            missing = [s for s in sc.sides if s not in ruling.initiative]
            if missing:
                raise loc8.error(f"initiative ruling lacks side(s) {', '.join(missing)}",
                                 base + ("initiative",))
            if len(set(ruling.initiative.values())) != len(ruling.initiative):
                raise loc8.error("initiative ruling has a tie", base + ("initiative",))

    raw_dice = data.get("dice") or {}
    for key, purposes in sc.dice.items():
        base = ("dice", key)
        full = key if key in sc.sides else who(key, base)
        if full in loaded.script:
            raise loc8.error(f"dice for {full} are given twice", base, key=True)
        loaded.script[full] = {}
        for purpose, values in purposes.items():
            if purpose not in PURPOSES:
                raise loc8.error(f"unknown dice purpose {purpose!r}{_hint(purpose, list(PURPOSES))}",
                                 base + (purpose,), key=True)
            seq = raw_dice[key][purpose]
            out = []
            for k, v in enumerate(values):
                line, col = loc8.where(base + (purpose, k))
                if not 1 <= v <= 20:
                    raise ScenarioError(f"scripted die {v} is not a d6 or d20 result", loc8.path, line, col)
                out.append(ScriptedValue(v, line, col))
            del seq
            loaded.script[full][purpose] = out
    sc.dice = {}


def _resolve_weapon(c: Character, value: str, loc8: _Locator, loc: tuple) -> int:
    """Index of the carried weapon named or typed ``value``."""
    return resolve_weapon_index(c, value, lambda msg: loc8.error(msg, loc))


def resolve_weapon_index(c: Character, value: str, fail: Any) -> int:
    """Index in ``c.weapons`` of the weapon whose name, type or type alias is ``value``.

    Raises:
        whatever ``fail(message)`` returns, when no carried weapon matches.
    """
    for i, w in enumerate(c.weapons):
        wt = tables.weapons().get(w.type)
        if value in (w.name, w.type) or (wt and (value == wt.type or value in wt.aliases)):
            return i
    choices = [w.name or w.type for w in c.weapons]
    raise fail(f"{c.name} carries no {value!r} (carries {', '.join(choices)}){_hint(value, choices)}")


SHOT_COUNTS = {"careful": 6, "steady": 3, "hip": 2, "fanned": 1}  # Table 5


def _check_shots(kind: str, c: Character, intent: Any, loc8: _Locator, base: tuple) -> None:
    """Shot lists: only careful shots in a combat turn; at most 6 counts of shots in a shootout
    turn (001 l.16: one careful, two steady, three hip or six fanned); fanning needs a revolver."""
    if intent.shots is None:
        return
    if isinstance(intent.shots, int):
        if not 1 <= intent.shots <= 2:
            raise loc8.error("shots: a combat turn allows one or two careful shots (000 l.39)",
                             base + ("shots",))
        return
    if not intent.shots:
        raise loc8.error("shots: the list is empty", base + ("shots",))
    if intent.shoot is None:
        raise loc8.error("shots are declared but no target (shoot:)", base + ("shots",))
    if kind == "combat" and any(s != "careful" for s in intent.shots):
        raise loc8.error("only careful shots can be fired in a combat turn (001 l.17); "
                         "make it kind: shootout", base + ("shots",))
    counts = sum(SHOT_COUNTS[s] for s in intent.shots)
    if counts > 6:
        raise loc8.error(f"shots take {counts} counts; a shootout turn has 6 (one careful, two "
                         f"steady, three hip or six fanned shots, 001 l.16)", base + ("shots",))
    if "fanned" in intent.shots:
        idx = resolve_weapon_index(c, intent.weapon, lambda m: loc8.error(m, base)) \
            if intent.weapon else 0
        wt = tables.weapons()[c.weapons[idx].type]
        if not wt.is_revolver:
            raise loc8.error(f"only a revolver can be fanned, not a {wt.name} (000 l.27)",
                             base + ("shots",))
