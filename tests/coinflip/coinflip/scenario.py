"""The coin-flip scenario: its pydantic model and cross-checks (through the core's helpers)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from narrator.scenario import loader
from narrator.scenario.models import (
    Model, Point, Resolved, ScenarioBase,
)

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


class Scenario(ScenarioBase):
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


def check(loaded: loader.LoadedScenario, data: dict, loc8: Any) -> None:
    """Names unique (the core's check), intents keyed by known names (made full), dice."""
    sc = loaded.scenario
    named = loader.check_names(loaded, loc8)
    for t, turn in enumerate(sc.turns):
        turn.intents = {named.who(k, ("turns", t, "intents", k), key=True): v
                        for k, v in turn.intents.items()}
    loader.check_dice(loaded, loc8, named, PURPOSES, top=2, dice="coin (1 tails, 2 heads)")


def validate(data: dict, loc8: Any) -> loader.LoadedScenario:
    """The core's pydantic step, then ``check``."""
    return loader.validate_model(Scenario, data, loc8, check)
