"""The parts of a scenario model every ruleset shares (pydantic): the strict base ``Model``,
positions, a validator's located complaint (``Invalid``), the play-by-post record
(``Resolved``) and the checks every scenario makes (two sides, some turns). A ruleset's own
model (``narrator/rulesets/<name>/scenario.py``) is built from these.

Units: positions and distances in yards; ``at: [x, y]``.

May import: pydantic.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictInt, field_validator,
                      model_validator)

MAP_YARDS = 2000
"""How far from ``[0, 0]`` a position may lie, each way, in yards: the map of a gunfight
(more than three times the longest range of any ruleset's weapon: a Boot Hill buffalo rifle's
extreme range is 600 yards). Positions, landmarks, moves and ``state:`` edits are held to it;
two men may share a spot (a doorway), friends or enemies: every ruleset fights at distance 0
(point blank, arm's length)."""


def on_the_map(v: float) -> float:
    """A coordinate within ``MAP_YARDS`` of 0 (the message names the limit)."""
    if not -MAP_YARDS <= v <= MAP_YARDS:
        raise ValueError(f"{plain_number(v)} yards is off the map: a position lies within "
                         f"{MAP_YARDS:,} yards of [0, 0] each way")
    return v


def plain_number(value: float) -> str:
    """A number as a person writes it: thousands separated, no exponent, at most two
    decimals (``100,000,000``, ``12.5``); a float from 10^15 up with an exponent (``1e308``,
    not its 309 digits; an int keeps every digit); not-a-number and infinities as Python
    names them."""
    if value != value or value in (float("inf"), float("-inf")):
        return str(value)
    if isinstance(value, float) and abs(value) >= 1e15:  # "1e308" as written, not 309 digits
        return f"{value:.4g}".replace("e+", "e")
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


Coordinate = Annotated[float, Field(allow_inf_nan=False), AfterValidator(on_the_map)]
Point = Annotated[tuple[Coordinate, Coordinate], Field(strict=False)]
"""``[x, y]``: a YAML list taken as a pair (the models are strict, and a strict tuple takes no
list); each coordinate still a number (an int is taken as a float, ``"12"`` and ``true`` are
refused)."""


WEAPON_NAME_DETERMINERS = ("the", "a", "an", "his", "her", "their", "its", "my", "our", "your")
"""Words a GM may start a weapon's name with that the write-up supplies itself: it says
"The Greener booms", "reloads her Greener", so "the Greener" would be told "The the Greener"."""


def bare_weapon_name(value: str) -> str:
    """A weapon's display name without a leading article or possessive pronoun
    (``WEAPON_NAME_DETERMINERS``, any case): "the Greener" and "her Greener" are "Greener";
    a name that is only such a word ("The") is left as it is."""
    head, _, rest = value.strip().partition(" ")
    rest = rest.strip()
    if head.lower() in WEAPON_NAME_DETERMINERS and rest:
        return rest
    return value


def same_weapon_name(value: str, name: str | None) -> bool:
    """Whether ``value`` (an intent's ``weapon:``) names the weapon called ``name``, as the
    GM wrote it or without its article ("the Greener" names the Greener)."""
    return name is not None and (value == name or bare_weapon_name(value) == name)


WeaponName = Annotated[str, AfterValidator(bare_weapon_name)]
"""A weapon's ``name:`` (every ruleset): kept without a leading article or possessive
pronoun (``bare_weapon_name``), which the write-up puts in itself."""


def pair(item: Any) -> Any:
    """``tuple[item, item]`` that takes a YAML list, its items as strict as the model."""
    return Annotated[tuple[item, item], Field(strict=False)]


class Invalid(ValueError):
    """A validator's complaint about one field: ``Invalid(message, "kind")``.

    A model validator can otherwise only blame its whole model; the loader points at ``loc``
    (relative to the model) when that field is in the file.
    """

    def __init__(self, message: str, *loc: str | int) -> None:
        super().__init__(message)
        self.loc = loc


class Model(BaseModel):
    """Base: unknown keys are errors (the loader suggests the nearest valid key); strict
    (pydantic's strict mode): a number is a number and a flag ``true``/``false``, never
    ``"13"`` for 13, ``true`` for 1, ``1`` for true or ``13.0`` for 13 (an integer is still
    taken where a decimal number goes: ``at: [12, 4]``). Pairs such as ``at`` are declared
    with ``pair``/``Point``, which take a YAML list."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)


class ScenarioBase(Model):
    """What every ruleset's ``Scenario`` shares; the ruleset's model (a subclass) declares the
    fields ``sides`` (side name -> its characters), ``turns`` and ``max_turns``.

    Checks: at least two sides (``at_least_two_sides``, at ``sides``); some turns declared, or
    ``max_turns``, and never fewer ``max_turns`` than declared turns (``check_turns``).
    """

    @field_validator("sides", check_fields=False)
    @classmethod
    def _two_sides(cls, sides: dict) -> dict:
        return at_least_two_sides(sides)

    @model_validator(mode="after")
    def _turns(self) -> Any:
        check_turns(len(self.turns), self.max_turns)  # type: ignore[attr-defined]
        return self

    def characters(self) -> list[tuple[str, Any]]:
        """All ``(side, character)`` pairs in scenario order."""
        return [(side, c) for side, chars in self.sides.items()  # type: ignore[attr-defined]
                for c in chars]


class Resolved(Model):
    """What ``narrator next`` recorded when it resolved a turn (play-by-post).

    ``hash``: seals the turn's number, kind and intents, the setup and this record (see
    ``narrator.playbypost.record_hash``): an edit of any of them is detected;
    ``rolls``: every die of the turn, ``{who: {purpose: [values]}}``, so it replays exactly;
    ``from_script``: how many of them came from the scenario's ``dice:``; ``adjusted``: the GM's
    hand edits of ``state:`` applied at the start of the turn.
    """

    hash: str = Field(pattern=r"^[0-9a-f]{12}$")
    rolls: dict[str, dict[str, list[StrictInt]]] = {}
    from_script: dict[str, dict[str, StrictInt]] = {}
    adjusted: dict[str, dict[str, Any]] = {}


def has_characters(chars: list) -> list:
    """A side's list of characters must not be empty (checked per side, so errors point at it)."""
    if not chars:
        raise ValueError("a side needs at least one character")
    return chars


def landmark_position(value: Point | str, landmarks: dict[str, Any]) -> Point | None:
    """``at:`` as a position: ``[x, y]`` as given, or the ``at`` of the landmark whose key (or
    display name) is ``value``; None when no landmark is called that. Shared by every ruleset."""
    if not isinstance(value, str):
        return value
    lm = landmarks.get(value) or next((v for v in landmarks.values()
                                       if getattr(v, "name", None) == value), None)
    return None if lm is None else tuple(lm.at)


def check_turns(declared: int, max_turns: int | None) -> None:
    """Shared by every ruleset's scenario: some turns declared, or ``max_turns``; never fewer
    ``max_turns`` than declared turns.

    Raises:
        Invalid: located at ``turns`` or ``max_turns``.
    """
    if not declared and max_turns is None:
        raise Invalid("declare some turns, or give max_turns and let tactics decide", "turns")
    if max_turns is not None and max_turns < declared:
        raise Invalid(f"max_turns {max_turns} is fewer than the {declared} declared turns",
                      "max_turns")


#: ``side_names:``, a scenario's optional top-level mapping of side key -> the name prose and
#: status lines give that side ("the Lassiter boys"); declared by each ruleset's ``Scenario``
#: after ``sides``, checked against them when a file is loaded (``check_side_names``, called by
#: ``loader.validate_model``, so the error points at the key).
SideNames = dict[str, Annotated[str, Field(min_length=1, max_length=100)]]


def check_side_names(names: dict[str, str], sides: dict) -> None:
    """Shared by every ruleset's scenario: each key of ``side_names`` is a side of ``sides``.

    Raises:
        Invalid: located at the unknown key of ``side_names``.
    """
    from narrator.scenario.loader import nearest

    for key in names:
        if key not in sides:
            near = nearest(key, list(sides))
            hint = f"; did you mean {near!r}?" if near else \
                f" (the sides are {', '.join(repr(s) for s in sides)})"
            raise Invalid(f"no side called {key!r}{hint}", "side_names", key)


def at_least_two_sides(sides: dict) -> dict:
    """Shared by every ruleset's scenario: a fight needs at least two sides.

    Raises:
        ValueError: fewer than two sides.
    """
    if len(sides) < 2:
        raise ValueError("a fight needs at least two sides")
    return sides


_has_characters = has_characters  # the name the rulesets' models used


def idle_characters(scenario: Any) -> tuple[str, ...]:
    """The characters of ``scenario`` (any ruleset's ``Scenario``: its ``sides`` and
    ``turns``) who hold still all fight: no intent for them in any declared turn and no
    ``tactics:`` profile, in scenario order. Such a man does nothing, ever: ``narrator check``
    warns of him and the write-up's ending says so."""
    declared = {name for turn in scenario.turns for name in turn.intents}
    return tuple(c.name for members in scenario.sides.values() for c in members
                 if not c.tactics and c.name not in declared)


def declared_ever(scenario: Any) -> frozenset[str]:
    """The characters of ``scenario`` with an intent in some declared turn (a man without a
    ``tactics:`` profile among them holds still in a turn that gives him none)."""
    return frozenset(name for turn in scenario.turns for name in turn.intents)


def idle_after(scenario: Any) -> tuple[tuple[str, int], ...]:
    """``(name, turn)`` for each character of ``scenario`` with an intent in some declared
    turn and no ``tactics:`` profile, when the fight may go on past the declared turns
    (``max_turns``) and past his last intent: from the turn after ``turn`` (his last declared
    intent) nothing makes him act, and he holds still to the end. In scenario order;
    ``narrator check`` and ``run`` warn of him."""
    last = max(len(scenario.turns), getattr(scenario, "max_turns", None) or 0)
    if last <= len(scenario.turns):
        return ()
    out = []
    for members in scenario.sides.values():
        for c in members:
            if c.tactics:
                continue
            mine = [i for i, turn in enumerate(scenario.turns, 1) if c.name in turn.intents]
            if mine:
                out.append((c.name, mine[-1]))
    return tuple(out)
