"""The coin-flip scenario: its pydantic model and cross-checks (through the core's helpers)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from narrator.dice import ScriptedValue
from narrator.scenario import loader
from narrator.scenario.models import (Model, Point, Resolved, at_least_two_sides, check_turns)

PURPOSES = ("flip",)
PROFILES = ("flipper",)


class Fighter(Model):
    """One duellist: his name, short name, pronoun and where he stands (yards)."""

    name: str = Field(min_length=1, max_length=80)
    short: str | None = Field(None, min_length=1, max_length=40)
    pronoun: Literal["he", "she", "they"] = "he"
    at: Point = (0.0, 0.0)
    tactics: Literal["flipper"] | None = None


class Intent(Model):
    """What a man calls before his toss (shown in the write-up; the coin does not care)."""

    call: Literal["heads", "tails"] = "heads"


class Turn(Model):
    """One flip: each man's call, and narrator next's record."""

    intents: dict[str, Intent] = {}
    resolved: Resolved | None = None

    @property
    def kind(self) -> str:
        return "flip"


class Scenario(Model):
    """A coin-flip duel."""

    title: str = Field(min_length=1, max_length=200)
    ruleset: Literal["coinflip"]
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    description: str | None = None
    sides: dict[str, list[Fighter]]
    turns: list[Turn] = []
    max_turns: int | None = Field(None, ge=1, le=100)
    dice: dict[str, dict[str, list[int]]] = {}
    dice_fallback: Literal["error", "seeded"] = "seeded"
    state: Any = None

    @field_validator("sides")
    @classmethod
    def _two_sides(cls, sides: dict) -> dict:
        return at_least_two_sides(sides)

    @model_validator(mode="after")
    def _turns(self) -> Scenario:
        check_turns(len(self.turns), self.max_turns)
        return self

    def characters(self) -> list[tuple[str, Fighter]]:
        """All ``(side, character)`` pairs in scenario order."""
        return [(side, c) for side, chars in self.sides.items() for c in chars]


def check(loaded: loader.LoadedScenario, data: dict, loc8: Any) -> None:
    """Names unique, intents and dice keyed by known names (made canonical)."""
    sc = loaded.scenario
    names: dict[str, str] = {}
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.name in names:
                raise loc8.error(f"character name {c.name!r} is used twice",
                                 ("sides", side, i, "name"))
            names[c.name] = c.name
            loaded.side_of[c.name] = side
            if c.short:
                names[c.short] = c.name

    def who(value: str, loc: tuple) -> str:
        if value in names:
            return names[value]
        near = loader.nearest(value, list(names))
        raise loc8.error(f"no character called {value!r}"
                         f"{f'; did you mean {near!r}?' if near else ''}", loc, key=True)

    for t, turn in enumerate(sc.turns):
        turn.intents = {who(k, ("turns", t, "intents", k)): v for k, v in turn.intents.items()}
    for key, purposes in sc.dice.items():
        full = key if key in sc.sides else who(key, ("dice", key))
        loaded.script[full] = {}
        for purpose, values in purposes.items():
            if purpose not in PURPOSES:
                raise loc8.error(f"unknown dice purpose {purpose!r} (purposes: flip)",
                                 ("dice", key, purpose), key=True)
            out = []
            for k, v in enumerate(values):
                line, col = loc8.where(("dice", key, purpose, k))
                if v not in (1, 2):
                    raise loc8.error(f"scripted coin {v} is not 1 (tails) or 2 (heads)",
                                     ("dice", key, purpose, k))
                out.append(ScriptedValue(v, line, col))
            loaded.script[full][purpose] = out
    sc.dice = {}


def validate(data: dict, loc8: Any) -> loader.LoadedScenario:
    """The core's pydantic step, then ``check``."""
    return loader.validate_model(Scenario, data, loc8, check)
