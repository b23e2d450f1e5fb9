"""The seam between the core and a ruleset: the ``Ruleset`` interface and its registry.

A ruleset is one package (``narrator/rulesets/<name>/``, or a third party's own package)
holding everything that is its own: the scenario model and its validation, its data tables,
its engine, its event kinds, its tactics, its templates and phrase vocabulary, its
play-by-post state fields, its outcome names, its ``status`` columns, its generator, its rules
reference and its schema. The core (loader, dice, event log, renderer, play-by-post saver,
CLI, batch, odds) knows a ruleset only through the ``Ruleset`` class below, found by name in
the registry, and never names one.

Rulesets are found through Python entry points, group ``narrator.rulesets``: each entry point
is ``NAME = "module:attribute"``, the attribute a ``Ruleset`` subclass (or instance). The
built-in ones are registered the same way in ``pyproject.toml``; ``BUILT_IN`` repeats them for
a source tree run without installing (an entry point of the same name wins). Nothing is read
or imported until a scenario, a log or a command names a ruleset, so ``narrator --help``
loads no ruleset at all (``benchmarks/startup.py`` measures it).

How to write one: ``docs/rulesets.md``.

May import: the standard library only (everything else lazily, inside functions).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # pragma: no cover
    from narrator.dice import ScriptedDice
    from narrator.errors import ScenarioError
    from narrator.events import CharacterStatus, Event, FightLog
    from narrator.reference import Reference
    from narrator.scenario.loader import LoadedScenario

GROUP = "narrator.rulesets"
"""The entry-point group rulesets register in."""

DEFAULT = "boothill"
"""The ruleset of a scenario that names none (``ruleset:`` left out)."""

BUILT_IN = {
    "boothill": "narrator.rulesets.boothill.ruleset:BootHill",
    "violence": "narrator.rulesets.violence.ruleset:Violence",
    "gaslight": "narrator.rulesets.gaslight.ruleset:Gaslight",
    "weird-west": "narrator.rulesets.weird_west.ruleset:WeirdWest",
}
"""The rulesets shipped with narrator (also entry points in ``pyproject.toml``)."""

CONDITIONS = ("active", "passed_out", "dying", "dead")
"""The conditions a character may be in, unless a ruleset names its own."""

OUTCOMES = ("dead", "dying", "passed_out", "wounded", "unhurt")
"""How a character may end a fight (the columns of ``odds``), unless a ruleset names its own."""


class Uncovered(Exception):
    """A ruleset's fast odds kernel does not cover something this scenario (or one of its
    fights) uses; the odds are fought by the engine instead.

    ``reason``: a few words for ``odds`` to print ("two guns", "a window to climb through").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownRuleset(KeyError):
    """No ruleset of that name is registered. ``message``: one line naming the nearest name
    and the choices; ``name``: the name asked for."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(name)
        self.name = name
        self.message = message

    def __str__(self) -> str:
        return self.message


class Fight:
    """What ``Ruleset.fight`` returns: an engine ready to fight one scenario with one set of
    dice (the shape only; a ruleset's engine need not inherit from it)."""

    def run(self, stop_after: int | None = None,
            adjustments: dict[int, dict[str, dict]] | None = None) -> FightLog:
        """Fight to the end (or to the end of turn ``stop_after``) and return the event log.

        ``adjustments``: the GM's edits of ``state:`` by turn number, applied at its start.
        """
        raise NotImplementedError


class Kernel:
    """A ruleset's fast odds path (optional): thousands of fights without an event log.

    The core asks ``not_covered`` first and falls back to the engine when it returns reasons
    or when ``run`` raises ``Uncovered``; results must depend on the seed and the trial numbers
    only (never on the number of processes).
    """

    def not_covered(self, scenario: Any, tables_only: bool) -> list[str]:
        """Why the kernel cannot fight ``scenario`` at all (empty: it can try)."""
        raise NotImplementedError

    def context(self, loaded: LoadedScenario, tables_only: bool) -> Any:
        """What the kernel prepares once per scenario and process (caches); must have a
        ``scenario`` attribute, the scenario it was made for."""
        raise NotImplementedError

    def run(self, ctx: Any, trials: int, seed: int, start: int, tally_cls: type) -> Any:
        """``trials`` fights from stream ``[seed, start]``, summed into a ``tally_cls()``.

        Raises:
            Uncovered: a fight meets something the kernel does not cover.
        """
        raise NotImplementedError


class ModuleKernel(Kernel):
    """A kernel in one module of a ruleset (``module``, a dotted path), imported only when the
    core first asks: the module defines ``not_covered(scenario, tables_only)``,
    ``KernelContext(scenario, tables_only)`` and ``run_kernel(ctx, trials, seed, start,
    tally_cls)``, which these methods call. A ruleset whose context wants more overrides
    ``context``.

    Raises:
        ModuleNotFoundError: (on first use) ``module`` does not exist.
    """

    def __init__(self, module: str) -> None:
        self.module = module

    def _module(self) -> Any:
        return importlib.import_module(self.module)

    def not_covered(self, scenario: Any, tables_only: bool) -> list[str]:
        return self._module().not_covered(scenario, tables_only)

    def context(self, loaded: LoadedScenario, tables_only: bool) -> Any:
        return self._module().KernelContext(loaded.scenario, tables_only)

    def run(self, ctx: Any, trials: int, seed: int, start: int, tally_cls: type) -> Any:
        return self._module().run_kernel(ctx, trials, seed, start, tally_cls)


class Ruleset:
    """One rule system, as the core sees it. Subclass it, set the class attributes, implement
    the methods that raise ``NotImplementedError``, and register the class as an entry point
    (``docs/rulesets.md``). Keep the module that defines it light: import the engine, models
    and tables inside the methods, so that naming a ruleset costs nothing until it is used.

    Class attributes:
        name: the name scenarios give (``ruleset: NAME``), lower case, ``[a-z0-9-]``.
        title: the name in prose ("Boot Hill").
        package: the Python package holding its data (``data/``), templates and schema.
        time_unit: what one turn is called in the core's messages and headers, by the
            ``turn_kind`` of its ``turn_started`` events ("" for any kind): e.g.
            ``{"": "turn", "combat": "combat turn"}`` or ``{"": "round"}``.
        feet: whether its write-ups give every distance in feet ("about 10 feet away",
            "now 45 feet from Gault": Gaslight, whose rules measure in feet); False (the
            default): in yards, as its docs give every distance ("about 3 yards away":
            Boot Hill, Violence, Weird West), one unit in a post. The templates'
            ``gm_distance``.
        conditions: the conditions of its characters (``state:``'s ``condition``).
        condition_words: other words a GM may write for one of ``conditions`` in ``state:``
            (the shared word ``passed_out`` for Weird West's ``winded``), taken as it.
        outcomes: how a character may end a fight, the columns of ``odds`` and ``batch``.
        editable: the fields of ``state:`` a GM may edit between turns.
        derived: fields of ``state:`` narrator works out (shown, never edited).
        story_primary: its event kinds that open a beat of their own in story mode (the
            others attach to the last beat: pellets, locations, wounds follow their shot).
        initiative_kinds: its event kinds that tell who acts first (story mode tells them
            before a call to surrender).
        calls_first: whether a GM's call for surrender (an ``other:`` with "surrender" in
            it) is told before the turn's shooting, as its rules make it (Boot Hill: 000
            l.587, the call comes before the first shot; its engine resolves the call with
            the turn's other actions); False (the default): where the engine put it, which
            is the caller's place in the initiative order (Gaslight, Weird West, Violence: a
            call told first contradicted the order line).
        story_moves_first: its move kinds a story tells before the same man's first shot
            of the turn (he fires on the move: "Quentin broke and ran for the end of the
            bar", then his shots, never the run after the shots he fired running).
        story_actors: kind -> the field naming the man whose action an event is
            ("shooter"; ``character`` when not given): his consecutive beats share a
            paragraph.
        story_silent: kinds with nothing to tell a reader (in the rolls block only).
        story_quiet: kinds a quiet turn may hold (misses, moves, reloads, bookkeeping): a
            run of quiet turns is told as a lull, in one paragraph (see ``story_news``).
        story_shots: its shot kinds. story_moves: its move kinds. story_chores: kinds of a
            man busy without shooting (reloading, running).
        story_together: kinds whose beats by several men in a row share a paragraph.
        sources: the rule texts its reference cites, by number ("003": "the ... rules").
        citations: ``(regex, replacement)`` pairs rewriting its data files' ``source``
            strings for readers (``errata Violence`` -> "narrator's Violence rulings").
        field_help: ``{(model, field): text}`` descriptions added to its JSON Schema.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    package: ClassVar[str] = ""
    time_unit: ClassVar[Mapping[str, str]] = {"": "turn"}
    feet: ClassVar[bool] = False
    conditions: ClassVar[tuple[str, ...]] = CONDITIONS
    condition_words: ClassVar[Mapping[str, str]] = {}
    outcomes: ClassVar[tuple[str, ...]] = OUTCOMES
    editable: ClassVar[tuple[str, ...]] = ("condition", "at", "loaded")
    derived: ClassVar[tuple[str, ...]] = ("cover",)
    story_primary: ClassVar[frozenset[str]] = frozenset()
    initiative_kinds: ClassVar[frozenset[str]] = frozenset()
    calls_first: ClassVar[bool] = False
    story_moves_first: ClassVar[frozenset[str]] = frozenset()
    story_actors: ClassVar[Mapping[str, str]] = {}
    story_silent: ClassVar[frozenset[str]] = frozenset()
    story_quiet: ClassVar[frozenset[str]] = frozenset()
    story_shots: ClassVar[frozenset[str]] = frozenset()
    story_moves: ClassVar[frozenset[str]] = frozenset()
    story_chores: ClassVar[frozenset[str]] = frozenset()
    story_together: ClassVar[frozenset[str]] = frozenset()
    sources: ClassVar[Mapping[str, str]] = {}
    citations: ClassVar[tuple[tuple[str, str], ...]] = ()
    field_help: ClassVar[Mapping[tuple[str, str], str]] = {}

    # ------------------------------------------------------------------ the scenario
    def scenario_module(self) -> Any:
        """Its scenario module, ``f"{package}.scenario"`` by convention, imported on first use
        (naming a ruleset imports nothing). It holds ``validate(data, loc8)``, the pydantic
        models ``Scenario`` and ``Turn``, and, if the ruleset has them, ``PROFILES`` (tactics
        profile names), ``PURPOSES`` (the dice purposes a scenario may script) and
        ``weapon_table()`` (its weapon table). The methods below read it; a ruleset laid out
        otherwise overrides them."""
        return importlib.import_module(f"{self.package}.scenario")

    def validate(self, data: dict, loc8: Any) -> LoadedScenario:
        """Validate parsed scenario data naming this ruleset; every character reference made
        canonical (full names): the scenario module's ``validate``.

        Args:
            data: the parsed YAML mapping (names already NFC and checked).
            loc8: the loader's locator (``loc8.error(message, loc, key=False)`` makes a
                located ``ScenarioError``); ``narrator.scenario.loader.validate_model`` does
                the pydantic part.

        Raises:
            ScenarioError: one located message.
        """
        return self.scenario_module().validate(data, loc8)

    def scenario_model(self) -> type:
        """Its scenario's pydantic model, the scenario module's ``Scenario`` (the JSON Schema
        is made from it)."""
        return self.scenario_module().Scenario

    def blank_turn(self) -> Any:
        """A turn with nothing declared (its characters' tactics decide): the scenario
        module's ``Turn()``, the model of one entry of ``turns:``."""
        return self.scenario_module().Turn()

    def profiles(self) -> tuple[str, ...]:
        """Its tactics profiles (``tactics:``, ``odds --tactics``): the scenario module's
        ``PROFILES``, else none."""
        return tuple(getattr(self.scenario_module(), "PROFILES", ()))

    def dice_purposes(self) -> tuple[str, ...]:
        """The purposes a scenario may script dice for (``dice: {who: {purpose: [...]}}``): the
        scenario module's ``PURPOSES``, else none."""
        return tuple(getattr(self.scenario_module(), "PURPOSES", ()))

    def weapons(self) -> Mapping[str, Any]:
        """Its weapon table: type -> a row with ``name``, ``type`` and ``aliases`` (the
        names a ``state:`` edit of ``loaded:`` may use): the scenario module's
        ``weapon_table()``, else empty."""
        table = getattr(self.scenario_module(), "weapon_table", None)
        return table() if table is not None else {}

    # ------------------------------------------------------------------ the engine
    def fight(self, loaded: LoadedScenario, dice: ScriptedDice, seed: int,
              tables_only: bool) -> Fight:
        """An engine for this scenario and these dice. ``tables_only``: ignore the scenario's
        house rules and GM rulings (the rules as printed). Its events must include
        ``fight_started`` (first, naming this ruleset), ``turn_started``/``turn_ended`` (with
        every character's ``CharacterStatus``) for each turn, and ``fight_ended`` (last)."""
        raise NotImplementedError

    def load_events(self) -> None:
        """Import the module(s) that register its own event kinds (``narrator.events.event``),
        so that a saved log naming this ruleset can be read back."""

    def kernel(self) -> Kernel | None:
        """Its fast odds kernel, or None (odds are then fought by the engine)."""
        return None

    def lint(self, loaded: LoadedScenario) -> list[ScenarioError]:
        """Warnings (located ``ScenarioError``s whose message starts "warning: ") that need
        the engine or the tactics, which the scenario's validation may not import: what
        ``check`` and ``run`` print beside ``LoadedScenario.warnings``. None by default."""
        return []

    # ------------------------------------------------------------------ the write-up
    def story_news(self, event: Any) -> bool:
        """Whether an event of a ``story_quiet`` kind is news all the same (a shot that hit,
        a horse hit as cover): its turn is then told beat by beat."""
        return False

    def story_beat(self, event: Any, beats: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The story beat, of ``beats`` (its turn's so far), that ``event`` belongs to when
        not the usual one (a beat of its own for a ``story_primary`` kind, else the beat the
        event before went to): a shot of a volley another event broke into, a load between
        snap shots; or a new beat (not in ``beats``), which is added after them (the rest of a
        volley another man's shot broke into, told after that shot). None: the usual."""
        return None

    def labels(self) -> Any:
        """Its words for its rules' terms, as a module of dicts (``LOCATION``, ``BAND``,
        ``SEVERITY``, ``CONDITION``, ``GAIT``, ``MODIFIER``, ``SHOT``, ``SKILL``, ...): the
        ``labels`` its templates read and the source of the renderer's ``loc``, ``band``,
        ``sev``, ``mod``, ``shot_list`` and ``wounds`` filters. None: the shared
        ``narrator.render.labels`` (numbers in words only)."""
        return None

    def templates(self) -> Path | None:
        """A folder of templates searched before ``common/`` (its own event kinds'
        ``events/``, ``story/``, ``rolls/`` templates, its versions of shared ones, and its
        own ``phrases.toml``/``vocabulary.toml`` if it words things differently)."""
        return None

    def unit(self, turn_kind: str = "") -> str:
        """What a turn of ``turn_kind`` is called ("combat turn", "round")."""
        return self.time_unit.get(turn_kind) or self.time_unit.get("", "turn")

    # ------------------------------------------------------------------ play-by-post
    def state_entry(self, status: CharacterStatus) -> dict[str, Any]:
        """One character's entry of ``state:`` after a turn, from his ``turn_ended`` status
        (keys in the order written; ``at`` is filled in by the core)."""
        entry: dict[str, Any] = {"condition": status.condition, "at": None,
                                 "loaded": {w.name: w.loaded for w in status.weapons}}
        if status.cover:
            entry["cover"] = status.cover
        return entry

    def check_edit(self, key: str, value: Any) -> str | None:
        """What is wrong with a GM's edit of ``state:``'s field ``key`` (one of ``editable``
        other than ``condition``, ``at`` and ``loaded``, which the core checks), as the end of
        a message ("must be a whole number 0-1000"), or None when it is fine."""
        return None

    @staticmethod
    def whole(value: Any, top: int = 1000) -> str | None:
        """``check_edit``'s check of a count: a whole number 0-``top`` (not ``true``)."""
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top
        return None if ok else f"must be a whole number 0-{top}"

    def status_columns(self, loaded: LoadedScenario) -> list[tuple[str, Callable[[str, dict], str],
                                                                    bool]]:
        """The columns ``narrator status`` shows between ``condition`` and ``loaded``:
        ``(heading, cell(name, state entry) -> text, no_wrap)``, e.g. Boot Hill's wounds and
        wound points."""
        return []

    def edited_out(self, loaded: LoadedScenario, name: str, entry: dict
                   ) -> tuple[str, str] | None:
        """For ``narrator status``: a man still active in the state whose numbers (a GM's
        edit of ``state:``) put him out as the next turn starts, as the ruleset's ``adjust``
        does then: ``(the condition he will be in, why and how to keep him up)``; None when
        his numbers keep him up, or the ruleset has no such limit (Violence: a man goes down
        only from a hit's roll)."""
        return None

    def placed_cover(self, loaded: LoadedScenario, at: Any,
                     gone: frozenset[str] | set[str] = frozenset()) -> str | None:
        """For ``narrator status``: the cover a GM's edit of ``at`` gives a man as the next
        turn starts, as the ruleset's ``adjust`` places him there: here the cover of the
        landmark whose own spot ``at`` is (its name, else its key in words) when it gives
        any (Violence's and Gaslight's ``place``); None in the open. The old spot's cover
        goes with the edit. ``gone``: the keys of landmarks no longer there
        (``gone_landmarks``: Boot Hill's living cover that bolted), passed over as the
        engine's ``landmark_at`` passes over them."""
        pos = (float(at[0]), float(at[1]))
        for key, lm in loaded.scenario.map.items():
            if key in gone:
                continue
            if (float(lm.at[0]), float(lm.at[1])) == pos:
                if self._gives_cover(lm):
                    return getattr(lm, "name", None) or key.replace("_", " ")
                return None
        return None

    def gone_landmarks(self, loaded: LoadedScenario, log: Any) -> set[str]:
        """For ``narrator status``: the keys of the map's landmarks gone by the end of
        ``log`` (a FightLog), which a man a GM's edit puts on their spot no longer stands
        at; none here (Boot Hill: living cover that bolted)."""
        return set()

    def settle_edits(self, loaded: LoadedScenario, state: dict[str, Any]) -> None:
        """For ``narrator status``: what else the GM's edits laid over ``state`` (the state
        file's form, ``state_with_edits``) change as the ruleset's ``adjust`` applies them
        when the next turn starts, changed in ``state`` in place (Boot Hill: a hold whose two
        men an edit of ``at`` puts beyond reach is let go); nothing here."""

    @staticmethod
    def _gives_cover(lm: Any) -> bool:
        """Whether landmark ``lm`` puts whoever stands on its spot in cover (or, Gaslight,
        concealment, which its status names the same way)."""
        return bool(getattr(lm, "cover", None)) or bool(getattr(lm, "concealment", None))

    # ------------------------------------------------------------------ batch and odds
    def shots(self, event: Event) -> tuple[str, int, bool] | tuple[tuple[str, int, bool], ...] | None:
        """``(shooter, rounds fired, hit)`` when ``event`` is a shot, for the shots-per-hit
        figure, or a tuple of them (one event that is several men's hits: Violence's covering
        fire hitting a man who showed himself); None for any other event."""
        return None

    def lean_ending(self, loaded: LoadedScenario, seed: int,
                    tables_only: bool) -> tuple | None:
        """The lean path of odds (optional): fight ``seed`` exactly as
        ``narrator.engine.run_fight(loaded, seed, dice_fallback="seeded", tables_only=...)``
        fights it (the same dice: ``narrator.dice.SeededDice``), with no event records, no
        roll log and no hash, and say how it ended: ``(turns, seconds, standing sides, reason,
        ((name, outcome), ...), ((shooter, shots), ...), ((shooter, hits), ...))``, what
        ``narrator.batch.summarize`` reads off the full log (no conditions when no turn was
        fought). None: no lean path (the core fights with the records)."""
        return None

    def outcome(self, status: CharacterStatus) -> str:
        """How a character ended the fight, one of ``outcomes``, from his last status."""
        if status.condition != "active":
            return status.condition
        return "wounded" if status.wounds else "unhurt"

    # ------------------------------------------------------------------ generate, new
    def generate(self, sides: list[tuple[str, int]], setting: str, seed: int,
                 max_turns: int, command: str) -> str:
        """A commented, ready-to-run scenario (YAML text, without the schema modeline) for
        ``narrator generate``: ``sides`` ``[(name, characters)]``, ``setting`` one of
        ``narrator.npcs.SETTINGS`` (street, saloon, corral, canyon), the same ``seed`` giving
        the same text; ``command`` is the command line to quote in its first comment.

        Raises:
            NotImplementedError: the ruleset has no generator.
        """
        raise NotImplementedError

    def skeleton(self) -> str:
        """The commented starting scenario ``narrator new`` writes (``skeleton.yaml`` in its
        package)."""
        from importlib import resources

        return resources.files(self.package).joinpath("skeleton.yaml").read_text("utf-8")

    # ------------------------------------------------------------------ reference, schema
    def reference(self) -> Reference:
        """Its rules reference (``narrator rules NAME``, ``docs/NAME.md``)."""
        raise NotImplementedError

    def schema(self, schema: dict) -> None:
        """Finish pydantic's JSON Schema of ``scenario_model()`` in place (enums of weapon
        types, profiles, dice purposes; house-rule texts)."""

    def schema_path(self) -> Path:
        """Where the installed package keeps its JSON Schema (a real file)."""
        from importlib import resources

        return Path(str(resources.files(self.package).joinpath(
            "schemas", f"{self.name}.schema.json")))


# ---------------------------------------------------------------------- the registry
@functools.cache
def _registered() -> dict[str, str]:
    """name -> ``module:attribute``: the built-in ones, then the entry points (which win)."""
    from importlib.metadata import entry_points

    found = dict(BUILT_IN)
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        found[ep.name] = ep.value
    return found


def names() -> list[str]:
    """Every registered ruleset's name: the built-in ones first, then the others by name."""
    return list(_registered())


@functools.cache
def get(name: str) -> Ruleset:
    """The ruleset called ``name`` (loaded on first use, then kept).

    Raises:
        UnknownRuleset: no ruleset of that name (the message names the nearest and the choices).
        TypeError: the entry point does not give a ``Ruleset``.
    """
    target = _registered().get(name) if isinstance(name, str) else None
    if target is None:
        raise UnknownRuleset(str(name), f"{name!r} is not one of {choices()}{hint(name)}")
    module, _, attr = target.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    if isinstance(obj, type):
        obj = obj()
    if not isinstance(obj, Ruleset):
        raise TypeError(f"ruleset {name!r}: {target} is not a narrator.ruleset.Ruleset")
    return obj


def choices() -> str:
    """The registered names as a message lists them: ``'a', 'b' or 'c'``."""
    quoted = [repr(n) for n in names()]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def hint(word: object) -> str:
    """``"; did you mean 'x'?"`` for the nearest registered name, else ""."""
    import difflib

    if not isinstance(word, str):
        return ""
    lowered = {n.lower(): n for n in names()}
    near = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f"; did you mean {lowered[near[0]]!r}?" if near else ""


def weapon_elsewhere(word: str, own: str) -> str | None:
    """The title ("Gaslight") of the first other registered ruleset whose weapon table has
    the type ``word`` (exactly, case-insensitive), for the message about a weapon type
    unknown to the ruleset ``own`` (its name, "boothill"); None when no other has it."""
    if not isinstance(word, str):
        return None
    for name in names():
        if name == own:
            continue
        try:
            rs = get(name)
            table = rs.weapons()
        except Exception:  # noqa: BLE001 - a broken plugin never spoils another's message
            continue
        if word.lower() in {str(k).lower() for k in table}:
            return rs.title or name
    return None


def of_log(log: FightLog) -> Ruleset:
    """The ruleset a fight's log was fought under (its ``fight_started`` event names it)."""
    return get(log.events[0].ruleset)
