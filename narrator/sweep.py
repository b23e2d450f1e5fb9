"""Sweeps: the odds of a scenario across variants (``narrator odds SCENARIO --vary PATH=VALUES``).

A ``--vary`` names one number (or word) of the scenario and the values to try:

* ``sides.rustlers.count=2..8``: how many men a side has: more copies the side's last man,
  numbered on from the count ("Name 2", "Name 3"... for a side of one), each two yards
  further along y; fewer keeps the side's first
  COUNT men as listed and drops the rest, from the end of the list (a dropped man whom the
  turns, dice or rulings name makes that variant an error that says so);
* ``Dutch.skills.rifle=0..6`` or ``"Dutch Henry.attributes.coo=10,13,16"``: a field of a
  character, by full or short name;
* ``sides.posse.0.attributes.str=8..14``: a character by side and position;
* ``max_turns=5..10``, ``house_rules.light_wound_penalty=-2..0``: a field of the scenario.

Values: ``A..B`` (whole numbers, both ends included), ``A..B/STEP`` (every STEP from A to B:
``2..8/2`` is 2, 4, 6, 8; decimals for a decimal field, ``0.5..2/0.5``), or a comma list
(``1,3,5``, ``cautious,aggressive``). Several ``--vary`` make a grid (every combination).

Every variant is the scenario's own data with the values set, validated again by the loader;
variants and trials are spread over local processes (or a Dask cluster) together, each
variant's trials seeded as ``narrator odds`` seeds them, so a variant's row is what
``narrator odds`` gives for that variant alone.

On a play-by-post file (``loaded.played``: turns ``next`` resolved) every variant fights
on from where the file stands, as ``narrator odds`` does, by the engine; a variant that
changes what the records were rolled with (a character, the map, the rules: anything but
``max_turns``, ``side_names``, the title) is refused, saying so.

May import: narrator.batch, narrator.fast_odds, narrator.scenario, narrator.errors,
narrator.ruleset (the scenario's model: which fields a path may name), narrator.playbypost
(lazily, for a play-by-post file's records); drawsvg and narrator.render.maps (lazily, for
the chart).
"""

from __future__ import annotations

import copy
import itertools
import json
from dataclasses import dataclass
from typing import Any

from narrator.batch import CHUNK, Odds, Tally, odds_of, odds_scenario, played_reason
from narrator.errors import NarratorError, ScenarioError
from narrator.fast_odds import (kernel_chunk_size, kernel_chunks, kernel_job, kernel_reasons,
                                map_jobs)
from narrator.scenario.loader import LoadedScenario, load_scenario_text

MAX_VALUES = 50          # values of one --vary
MAX_VARIANTS = 200       # variants of a grid
MAX_COUNT = 64           # men on one side


class VaryError(NarratorError):
    """A bad ``--vary``: one line ``--vary:N:COLUMN: message (SPEC)``."""

    def __init__(self, number: int, column: int, message: str, spec: str) -> None:
        super().__init__(message)
        self.number, self.column, self.message, self.spec = number, column, message, spec

    def one_line(self) -> str:
        return f"--vary:{self.number}:{self.column}: {self.message} (in {self.spec!r})"

    def __str__(self) -> str:  # pragma: no cover - delegated
        return self.one_line()


@dataclass(frozen=True)
class Vary:
    """One ``--vary``: its text, its number (1-based), the dotted path and the values."""

    spec: str
    number: int
    path: tuple[str, ...]
    values: tuple[Any, ...]

    @property
    def name(self) -> str:
        return ".".join(self.path)


def shown(value: Any) -> str:
    """A variant's value as the GM types it: ``true``/``false`` for a yes-or-no field, else
    the value as it is (``3``, ``0.5``, ``aggressive``)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _scalar(text: str) -> Any:
    """One value of a comma list: a number, ``true``/``false`` (a yes-or-no field, as YAML
    spells it: the scenario's loader takes no text for one), else the text."""
    number = _number(text)
    if number is not None:
        return number
    return {"true": True, "false": False}.get(text.lower(), text)


def _number(text: str) -> int | float | None:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return None


def _decimal(text: str) -> Any:
    """``text`` as an exact decimal (``Decimal``), or None when it is not a finite number of
    at most a trillion, nor a non-zero one under a trillionth (no scenario field needs them;
    the range's arithmetic stays exact)."""
    from decimal import Decimal, InvalidOperation

    try:
        d = Decimal(text.strip())
    except InvalidOperation:
        return None
    if not d.is_finite() or not text.strip() or "_" in text:
        return None
    return d if d == 0 or -12 <= d.adjusted() <= 12 else None


def _range(text: str, number: int, col: int, spec: str) -> tuple[Any, ...]:
    """``A..B`` (whole numbers, both ends) or ``A..B/STEP`` (``2..8/2``: 2, 4, 6, 8;
    ``0.5..2/0.5``: 0.5, 1.0, 1.5, 2.0) as its values: whole numbers when A, B and STEP are,
    else decimals (floats, each A + k x STEP worked out exactly, no rounding drift).

    Raises:
        VaryError: not numbers, decimals without a step, a step of 0 or less, an end below
            the start, an end the steps do not reach.
    """
    span, slash, step_text = text.partition("/")
    lo_text, _, hi_text = span.partition("..")
    lo, hi = _decimal(lo_text), _decimal(hi_text)
    step = _decimal(step_text) if slash else None
    if lo is None or hi is None or (slash and step is None):
        raise VaryError(number, col, f"a range is A..B (whole numbers) or A..B/STEP "
                        f"(2..8/2, 0.5..2/0.5); got {text!r}", spec)
    whole = all(d == d.to_integral_value() and "." not in t and "e" not in t.lower()
                for d, t in ((lo, lo_text), (hi, hi_text), *(((step, step_text),) if slash
                                                            else ())))
    if not slash and not whole:
        raise VaryError(number, col, f"a range of decimals needs a step, A..B/STEP (like "
                        f"{lo_text.strip()}..{hi_text.strip()}/0.5); got {text!r}", spec)
    step = step if slash else 1
    if step <= 0:
        raise VaryError(number, col, f"the step of {text!r} is {step_text.strip()}; a step "
                        f"is a number more than 0", spec)
    if hi < lo:
        raise VaryError(number, col, f"the range {lo_text.strip()}..{hi_text.strip()} is "
                        f"empty (its end is below its start)", spec)
    count = (hi - lo) / step
    if count + 1 > MAX_VALUES:
        many = f"{int(count) + 1}" if count < 10**6 else "more than a million"
        raise VaryError(number, col, f"{many} values; at most {MAX_VALUES}", spec)
    if count != count.to_integral_value():
        below = lo + int(count) * step
        raise VaryError(number, col, f"{hi_text.strip()} is not reached from "
                        f"{lo_text.strip()} in steps of {step_text.strip()} (the last would "
                        f"be {below.normalize():f}; end at it, or at "
                        f"{(below + step).normalize():f})", spec)
    points = [lo + k * step for k in range(int(count) + 1)]
    return tuple(int(d) if whole else float(d) for d in points)


def parse_vary(spec: str, number: int = 1) -> Vary:
    """``PATH=VALUES`` into a ``Vary``: VALUES ``A..B`` (whole numbers, both ends included),
    ``A..B/STEP`` (every STEP from A to B: ``2..8/2``; decimals for a decimal field,
    ``0.5..2/0.5``) or a comma list (``1,3,5``, ``cautious,aggressive``).

    Raises:
        VaryError: no ``=``, an empty path or value, the path ``seed`` or ``dice...``
            (odds use --seed's seeds and no scripted dice), a range that is not numbers, a
            range of decimals without a step, a step of 0 or less, a range whose end is
            below its start or that its steps do not reach, more than ``MAX_VALUES`` values.
    """
    if "=" not in spec:
        raise VaryError(number, len(spec) + 1, "expected PATH=VALUES, e.g. "
                        "sides.rustlers.count=2..8", spec)
    path_text, _, values_text = spec.partition("=")
    col = len(path_text) + 2
    path = tuple(p.strip() for p in path_text.strip().split("."))
    if not path_text.strip() or any(not p for p in path):
        raise VaryError(number, 1, "empty name in the path", spec)
    if path[0] in ("seed", "dice"):
        # odds fight every variant on the seeds of --seed (else the scenario's, read once)
        # and ignore scripted dice: the rows would all be the same
        raise VaryError(number, 1, f"{path[0]} cannot be varied: odds fight every variant on "
                        f"the same seeds (--seed, else the scenario's seed) and ignore "
                        f"scripted dice, so every row would be the same; run odds once for "
                        f"each --seed instead", spec)
    values_text = values_text.strip()
    if not values_text:
        raise VaryError(number, col, "no values after '='", spec)
    if ".." in values_text:
        values: tuple[Any, ...] = _range(values_text, number, col, spec)
    else:
        parts = [v.strip() for v in values_text.split(",")]
        if any(not v for v in parts):
            raise VaryError(number, col, "an empty value in the list", spec)
        values = tuple(_scalar(v) for v in parts)
    if len(values) > MAX_VALUES:
        raise VaryError(number, col, f"{len(values)} values; at most {MAX_VALUES}", spec)
    return Vary(spec, number, path, values)


def _hint(word: str, choices: list[str]) -> str:
    """``"; did you mean 'x'?"``: the one choice having ``word`` as a whole word of it, any case
    ('Courtright' for '"Long Haired" Jim Courtright'), else the nearest spelling (any case);
    "" when neither finds one."""
    from narrator.scenario.loader import nearest

    wanted = word.casefold()
    holding = [c for c in choices
               if wanted in (w.strip("\"'()").casefold() for w in c.split())]
    near = holding[0] if len(holding) == 1 else nearest(word, choices)
    return f"; did you mean {near!r}?" if near else ""


def _fields(model: type) -> list[str]:
    return [f.alias or k for k, f in model.model_fields.items()]


def _sub_model(model: Any, key: str) -> Any:
    """The model of field ``key`` of ``model`` when it holds named fields itself (a model, or
    an optional one: ``attributes``, ``skills``), else None (lists, maps, values)."""
    import types
    import typing

    from pydantic import BaseModel

    f = model.model_fields.get(key) or next(
        (v for v in model.model_fields.values() if v.alias == key), None)
    if f is None:
        return None
    ann = f.annotation
    if typing.get_origin(ann) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(ann) if a is not type(None)]
        ann = inner[0] if len(inner) == 1 else None
    return ann if isinstance(ann, type) and issubclass(ann, BaseModel) else None


def _holds_many(model: Any, key: str) -> bool:
    """Whether field ``key`` of ``model`` holds a list or a map (weapons, tags, traits' map)
    in every form it takes (``at``: a landmark's name or [x, y], is one value)."""
    import types
    import typing

    f = model.model_fields.get(key) or next(
        (v for v in model.model_fields.values() if v.alias == key), None)
    if f is None:
        return False
    ann = f.annotation
    forms = ([a for a in typing.get_args(ann) if a is not type(None)]
             if typing.get_origin(ann) in (typing.Union, types.UnionType) else [ann])
    kinds = [typing.get_origin(a) or a for a in forms]
    return all(kind in (list, tuple, dict, set) for kind in kinds)


def _settable(model: Any) -> list[str]:
    """The fields of ``model`` a ``--vary`` can set, as its paths write them: a field of one
    value (``tactics``, ``at``), a model's as ``attributes.FIELD``; not the lists and maps
    (weapons, tags), nor the names and notes."""
    out = []
    for key in _fields(model):
        if key in ("name", "short", "notes") or _holds_many(model, key):
            continue
        out.append(f"{key}.FIELD" if _sub_model(model, key) is not None else key)
    return out


def _character_model(scenario: Any) -> Any:
    """The model of one character: what ``sides:`` lists."""
    from narrator.scenario.loader import _inner_model

    return _inner_model(scenario.model_fields["sides"].annotation)


class _Applier:
    """Sets one vary's value in the scenario's data (a JSON-like dict), the paths checked
    against the models of the scenario's ruleset."""

    def __init__(self, data: dict, vary: Vary) -> None:
        from narrator import ruleset as registry

        self.data, self.vary = data, vary
        self.dropped: list[str] = []   # men a count below the side's list dropped
        self.scenario_model = registry.get(data.get("ruleset", registry.DEFAULT)).scenario_model()
        self.character_model = _character_model(self.scenario_model)

    def fail(self, k: int, message: str) -> VaryError:
        column = 1 + sum(len(p) + 1 for p in self.vary.path[:k])
        return VaryError(self.vary.number, column, message, self.vary.spec)

    def characters(self) -> list[tuple[str, int, dict]]:
        return [(side, i, c) for side, chars in self.data["sides"].items()
                for i, c in enumerate(chars)]

    def apply(self, value: Any) -> None:
        path = self.vary.path
        head = path[0]
        if head == "sides":
            return self.side(value)
        names = {}
        for _, _, c in self.characters():
            names[c["name"]] = c
            if c.get("short"):
                names.setdefault(c["short"], c)
        if head in names:
            return self.character(names[head], 1, value)
        top = _fields(self.scenario_model)
        if head not in top:
            raise self.fail(0, f"{head!r} is neither a character nor a field of the scenario"
                            f"{_hint(head, list(names) + top)}")
        if head in ("sides", "turns", "map", "dice", "rulings"):
            raise self.fail(0, f"{head!r} cannot be varied as a whole")
        self.set_path(self.data, path, 0, value, self.scenario_model)
        return None

    def side(self, value: Any) -> None:
        path = self.vary.path
        sides = list(self.data["sides"])
        if len(path) < 3:
            raise self.fail(0, "expected sides.SIDE.count or sides.SIDE.N.FIELD")
        side = path[1]
        if side not in self.data["sides"]:
            raise self.fail(1, f"no side {side!r}{_hint(side, sides)} (sides: "
                            f"{', '.join(sides)})")
        chars = self.data["sides"][side]
        if path[2] == "count":
            if len(path) > 3:
                raise self.fail(3, "nothing follows 'count'")
            if not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
                raise self.fail(2, f"a side's count is a whole number from 1 to {MAX_COUNT}; "
                                f"got {value!r}")
            self.resize(side, chars, value)
            return
        if not path[2].isdigit() or int(path[2]) >= len(chars):
            raise self.fail(2, f"expected 'count' or a position 0-{len(chars) - 1} on side "
                            f"{side!r}")
        self.character(chars[int(path[2])], 3, value)

    def resize(self, side: str, chars: list[dict], count: int) -> None:
        """``count`` men on ``side``: the first ``count`` as listed (the rest dropped, their
        names kept in ``self.dropped``), or the last one copied up to ``count``."""
        if count <= len(chars):
            self.dropped = [c["name"] for c in chars[count:]]
            del chars[count:]
            return
        last = chars[-1]
        taken = {c["name"] for _, _, c in self.characters()} | {
            c.get("short") for _, _, c in self.characters() if c.get("short")}
        for k in range(len(chars) + 1, count + 1):
            new = copy.deepcopy(last)
            n = k
            while f"{last['name']} {n}" in taken:
                n += 1
            new["name"] = f"{last['name']} {n}"
            taken.add(new["name"])
            if last.get("short"):
                new["short"] = f"{last['short']} {n}"
                taken.add(new["short"])
            if isinstance(new.get("at"), list):
                new["at"] = [new["at"][0], round(new["at"][1] + 2 * (k - len(chars)), 2)]
            chars.append(new)

    def character(self, c: dict, k: int, value: Any) -> None:
        path = self.vary.path
        if len(path) <= k:
            raise self.fail(k - 1, "name a field of the character, e.g. skills.rifle")
        fields = _fields(self.character_model)
        if path[k] not in fields:
            raise self.fail(k, f"a character has no field {path[k]!r}{_hint(path[k], fields)}")
        self.set_path(c, path, k, value, self.character_model)

    def set_path(self, d: dict, path: tuple[str, ...], k: int, value: Any, model: type) -> None:
        for i in range(k, len(path) - 1):
            key = path[i]
            sub = _sub_model(model, key) if model is self.character_model else None
            nxt = d.get(key)
            if model is self.character_model and sub is None:
                nxt = [] if _holds_many(model, key) else 0   # what it holds, set or not
            if nxt is None:
                nxt = d[key] = {}
            if isinstance(nxt, list):
                # a fresh user (session 22) tried Pete.tags.0.applies_to and was told only
                # "'tags' holds no named fields": say what --vary can set
                can = (f"; a character's: {', '.join(_settable(self.character_model))}"
                       if model is self.character_model else "")
                raise self.fail(i + 1, f"{key!r} is a list, and --vary sets one value (a "
                                f"number, true or false, a word) of a named field, not the "
                                f"items of a list (only a side's men are numbered: "
                                f"sides.SIDE.N.FIELD){can}")
            if not isinstance(nxt, dict):
                raise self.fail(i + 1, f"{key!r} holds one value, no named fields: vary "
                                f"{'.'.join(path[:i + 1])} itself")
            if sub is not None and path[i + 1] not in _fields(sub):
                raise self.fail(i + 1, f"{key} has no field {path[i + 1]!r}"
                                f"{_hint(path[i + 1], _fields(sub))}")
            d = nxt
            model = sub or dict
        d[path[-1]] = value


@dataclass(frozen=True)
class Variant:
    """One combination of values and the scenario it makes (ready for odds)."""

    values: tuple[Any, ...]
    loaded: LoadedScenario


def variants(loaded: LoadedScenario, varies: list[Vary], *, tactics: str | None = None,
             max_turns: int | None = None) -> list[Variant]:
    """Every combination of the values, as scenarios validated by the loader.

    Raises:
        VaryError: a path names nothing, a value makes the scenario invalid, the grid has
            more than ``MAX_VARIANTS`` variants.
    """
    base = loaded.scenario.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    size = 1
    for v in varies:
        size *= len(v.values)
    if size > MAX_VARIANTS:
        v = varies[-1]
        raise VaryError(v.number, 1, f"{size} variants in the grid; at most {MAX_VARIANTS}",
                        v.spec)
    out = []
    for combo in itertools.product(*(v.values for v in varies)):
        data = copy.deepcopy(base)
        dropped: list[str] = []
        for v, value in zip(varies, combo, strict=True):
            applier = _Applier(data, v)
            applier.apply(value)
            dropped += applier.dropped
        try:
            ld = load_scenario_text(json.dumps(data), loaded.path)
            if loaded.played is not None:
                ld.played = _played(ld, loaded)
            ld = odds_scenario(ld, tactics=tactics, max_turns=max_turns)
        except ScenarioError as exc:
            v = varies[-1]
            said = ", ".join(f"{x.name}={shown(value)}"
                             for x, value in zip(varies, combo, strict=True))
            why = ""
            if any(repr(name) in exc.message for name in dropped):
                why = (f" (a count below the side's list keeps its first men and drops the "
                       f"last: here {', '.join(dropped)}; the scenario still names one)")
            raise VaryError(v.number, len(v.spec.partition("=")[0]) + 2,
                            f"with {said}: {exc.message}{why}", v.spec) from None
        out.append(Variant(combo, ld))
    return out


def _played(ld: LoadedScenario, original: LoadedScenario) -> Any:
    """A play-by-post variant's records (``narrator.playbypost.Played``), checked against the
    variant: a variant that changes what they were rolled with cannot fight on from them.

    Raises:
        ScenarioError: the variant changes the characters, the map or the rules the records
            were rolled with.
    """
    from narrator.playbypost import played

    try:
        out = played(ld)
    except ScenarioError as exc:
        if "was changed after it was resolved" not in exc.message:
            raise
        done = original.played.done
        said = "turn 1" if done == 1 else f"turns 1-{done}"
        raise ScenarioError(f"the records of {said} (play-by-post) were rolled with the "
                            f"scenario as it is, which this variant changes, so it cannot "
                            f"fight on from them; vary what they leave alone (max_turns), or "
                            f"vary a copy without the resolved: records and state:") from None
    return out


# ---------------------------------------------------------------------- running a sweep
_STATE: dict[str, Any] = {}


def _init(lds: list[LoadedScenario], base: int, tables_only: bool) -> None:
    _STATE.update(lds=lds, base=base, tables_only=tables_only)


def _job(job: tuple[int, str, int, int]) -> Tally | str:
    """Trials ``start`` to ``start + n`` of one variant (the engine: one chunk; the kernel: a
    run of chunks, ``_kernel_runs``): a Tally, or (kernel) the reason it is not covered."""
    from narrator.batch import _odds_init, _odds_job
    from narrator.ruleset import Uncovered

    v, path, start, n = job
    ld = _STATE["lds"][v]
    if path == "kernel":  # (a run of consecutive chunks, in this process: one cache warmed)
        tally = Tally()
        try:
            for chunk in kernel_chunks(n, kernel_chunk_size(ld)):
                tally.merge(kernel_job(ld, _STATE["base"], _STATE["tables_only"],
                                       (start + chunk[0], chunk[1])))
        except Uncovered as exc:
            return exc.reason
        return tally
    _odds_init(ld, _STATE["base"], {"tables_only": _STATE["tables_only"]})
    return _odds_job((start, n))


def _kernel_runs(trials: int, variants: int, workers: int,
                 size: int | None = None) -> list[tuple[int, int]]:
    """``(first trial, trials)`` of each kernel job of one variant: runs of whole
    ``kernel_chunks`` chunks of ``size`` fights (the chunks, and so the results, are the same
    whatever the runs), as few as keep every worker busy. A variant's chunks fought in one
    process share its kernel's caches of decisions, so fewer runs cost less: each process
    that fights a variant first pays for the decisions of states it has not met."""
    chunks = kernel_chunks(trials, size)
    runs = max(1, min(len(chunks), -(-max(workers, 1) // max(variants, 1))))
    per = -(-len(chunks) // runs)
    out = []
    for k in range(0, len(chunks), per):
        part = chunks[k:k + per]
        out.append((part[0][0], sum(n for _, n in part)))
    return out


def run_sweep(vs: list[Variant], trials: int, base: int, workers: int = 1,
              on_progress=None, *, tables_only: bool = False, path: str = "auto",
              scheduler: str | None = None) -> list[Odds]:
    """The odds of every variant (``trials`` fights each), in the variants' order.

    Variants the kernel covers are fought by it, the others (or those where a fight meets
    something it does not cover) by the engine; each ``Odds.path`` says which.

    Raises:
        NarratorError: a variant cannot be fought; ``path="kernel"`` and a variant is not
            covered; the scheduler cannot be used.
    """
    lds = [v.loaded for v in vs]
    why: dict[int, str] = {}
    kernel: list[int] = []
    for i, ld in enumerate(lds):
        if ld.played is not None:  # the kernel fights from the first turn: it cannot replay
            why[i] = played_reason(ld.played)
            continue
        if path == "engine":
            continue
        reasons = kernel_reasons(ld, tables_only)
        if reasons:
            why[i] = ", ".join(reasons)
        else:
            kernel.append(i)
    tallies = {i: Tally() for i in range(len(lds))}
    done: dict[int, int] = {i: 0 for i in range(len(lds))}

    def report(i: int, n: int) -> None:
        done[i] += n
        if on_progress:
            on_progress(n)

    jobs = [(i, "kernel", s, n) for i in kernel
            for s, n in _kernel_runs(trials, len(kernel), workers, kernel_chunk_size(lds[i]))]
    results = list(map_jobs(_init, (lds, base, tables_only), _job, jobs, workers, None,
                            scheduler=scheduler))
    for job, res in zip(jobs, results, strict=True):
        i = job[0]
        if isinstance(res, str):
            why.setdefault(i, res)
    for job, res in zip(jobs, results, strict=True):
        i = job[0]
        if i not in why:
            tallies[i].merge(res)
            report(i, job[3])
    if path == "kernel" and why:
        i = min(why)
        said = ", ".join(shown(x) for x in vs[i].values)
        if lds[i].played is not None:
            raise NarratorError(f"--path kernel: the kernel fights from the first turn and "
                                f"cannot replay this file's play-by-post records; --path "
                                f"auto or engine fights on from them")
        raise NarratorError(f"the kernel does not cover the variant {said}: {why[i]}")
    engine = [i for i in range(len(lds)) if i not in kernel or i in why]
    jobs = [(i, "engine", s, min(CHUNK, trials - s)) for i in engine
            for s in range(0, trials, CHUNK)]
    for job, res in zip(jobs, map_jobs(_init, (lds, base, tables_only), _job, jobs, workers,
                                       None, scheduler=scheduler), strict=True):
        tallies[job[0]].merge(res)
        report(job[0], job[3])
    out = []
    for i, ld in enumerate(lds):
        p = "kernel" if i in kernel and i not in why else (
            f"engine ({why[i]})" if ld.played is not None else
            f"engine (kernel does not cover: {why[i]})" if i in why else "engine")
        out.append(odds_of(ld, tallies[i], base, p))
    return out


# ---------------------------------------------------------------------- the chart
SIDE_COLOURS = ("#6b4226", "#2f5d7c", "#7a8b3a", "#8e3b46", "#4b4e8c", "#a0692e")
#: The dash of each line of a grid past the first (solid): one per combination of the other
#: ``--vary`` options' values, repeating past the sixth.
GRID_DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 4", "1 5")


def sweep_chart_svg(title: str, varies: list[Vary], vs: list[Variant],
                    results: list[Odds], side_names: dict[str, str] | None = None) -> str:
    """A standalone SVG, drawn with drawsvg like the other pictures: each side's chance of
    winning across the values of the first ``--vary`` (a line, its 95% interval as a band and
    whiskers, a point per variant with its figures as a tooltip), one column per value, the
    value under it (turned when it does not fit its column), a legend of the sides below.
    A grid (two ``--vary`` or more) draws one line per side for each combination of the
    other options' values, told apart by its dash and named in the legend ("max_turns 3"),
    never one line zigzagging through every combination. Text widths are those of a
    monospace font (``maps.CHAR_W``), so no two texts overlap.

    Args:
        title: the scenario's title; varies: the ``--vary`` options; vs, results: the
            variants and their odds, in the same order (as ``variants`` makes them: the
            first option's values outermost).
        side_names: side key -> the name the write-up and the odds table give it ("Varga
            gang"), for the legend and the tooltips; a side not in it is shown by its key.
    """
    import drawsvg as draw

    from narrator.render.maps import CHAR_W, FONT

    size = 12
    sides = [s.side for s in results[0].sides if s.side not in ("nobody", "undecided")]
    named = side_names or {}
    trials = results[0].trials
    xs = list(dict.fromkeys(v.values[0] for v in vs))      # the first option's values
    groups = list(dict.fromkeys(v.values[1:] for v in vs))  # the others' combinations
    grid = len(groups) > 1

    def group_label(g: tuple[Any, ...]) -> str:
        return ", ".join(f"{vary.name} {shown(x_)}" for vary, x_ in zip(varies[1:], g))

    subtitle = (f"chance of winning by {varies[0].name}"
                + (f", a line for each {' x '.join(v.name for v in varies[1:])}" if grid else
                   f"{''.join(' x ' + v.name for v in varies[1:])}")
                + f"; {trials:,} fights a variant; bands and whiskers: 95% intervals")
    labels = [shown(x_) for x_ in xs]
    legend_rows = [f"{named.get(s, s)} win" for s in sides] + \
        ([group_label(g) for g in groups] if grid else [])
    left, top, plot_h = 70, 70, 260
    plot_w = max(560, 56 * len(xs))
    width = max(left + plot_w + 40, int(32 + len(subtitle) * 11 * CHAR_W),
                int(32 + len(title) * 16 * CHAR_W),
                *(int(left + 48 + len(row) * size * CHAR_W) for row in legend_rows))
    step = plot_w / max(1, len(xs))
    widest = max(len(lb) for lb in labels) * size * CHAR_W
    turned = widest > step - 6              # labels at 45 degrees when they do not fit
    label_h = int(widest * 0.71) + 12 if turned else 18
    legend_y = top + plot_h + label_h + 26
    height = legend_y + 18 * len(legend_rows) + 10

    def x(i: int) -> float:
        return round(left + step * (i + 0.5), 1)

    def y(p: float) -> float:
        return round(top + plot_h * (1 - p), 1)

    d = draw.Drawing(width, height, font_family=FONT, font_size=size)
    d.append(draw.Rectangle(0, 0, width, height, fill="#fbf6ea"))
    d.append(draw.Text(title, 16, 16, 24, font_weight="bold"))
    d.append(draw.Text(subtitle, 11, 16, 44, fill="#555"))
    for k in range(0, 11, 2):
        p = k / 10
        d.append(draw.Line(left, y(p), left + plot_w, y(p), stroke="#ddd"))
        d.append(draw.Text(f"{p:.0%}", size, left - 6, y(p) + 4, text_anchor="end"))
    for i, label in enumerate(labels):
        ly = top + plot_h + 18
        if turned:
            d.append(draw.Text(label, size, x(i), ly, text_anchor="end",
                               transform=f"rotate(-45 {x(i):.1f} {ly})"))
        else:
            d.append(draw.Text(label, size, x(i), ly, text_anchor="middle"))
    for k, side in enumerate(sides):
        colour = SIDE_COLOURS[k % len(SIDE_COLOURS)]
        for gi, g in enumerate(groups):
            dash = {"stroke_dasharray": GRID_DASHES[gi % len(GRID_DASHES)]} if gi else {}
            pts = []
            for v, r in zip(vs, results):
                if v.values[1:] != g:
                    continue
                s = next(s for s in r.sides if s.side == side)
                pts.append((x(xs.index(v.values[0])), s.p, s.low, s.high))
            band = [v for px, _, _, hi in pts for v in (px, y(hi))] + \
                   [v for px, _, lo, _ in reversed(pts) for v in (px, y(lo))]
            d.append(draw.Lines(*band, close=True, fill=colour,
                                fill_opacity=0.15 / len(groups) ** 0.5, stroke="none"))
            d.append(draw.Lines(*[v for px, p, _, _ in pts for v in (px, y(p))], close=False,
                                fill="none", stroke=colour, stroke_width=2, **dash))
            for px, p, lo, hi in pts:
                d.append(draw.Line(px, y(lo), px, y(hi), stroke=colour))
                dot = draw.Circle(px, y(p), 3, fill=colour)
                where = f", {group_label(g)}" if grid else ""
                dot.append_title(f"{named.get(side, side)}{where} {p:.1%} ({lo:.1%} - {hi:.1%})")
                d.append(dot)
        ly = legend_y + 18 * k
        d.append(draw.Rectangle(left, ly - 10, 12, 12, fill=colour))
        d.append(draw.Text(f"{named.get(side, side)} win", size, left + 18, ly))
    if grid:
        for gi, g in enumerate(groups):
            ly = legend_y + 18 * (len(sides) + gi)
            dash = {"stroke_dasharray": GRID_DASHES[gi % len(GRID_DASHES)]} if gi else {}
            d.append(draw.Line(left - 8, ly - 4, left + 24, ly - 4, stroke="#333",
                               stroke_width=2, **dash))
            d.append(draw.Text(group_label(g), size, left + 32, ly))
    return d.as_svg().split("\n", 1)[1] + "\n"  # the <svg> element, no XML declaration
