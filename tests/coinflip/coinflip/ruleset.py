"""The coin-flip duel as narrator's core sees it: the whole of the ``Ruleset`` a ruleset needs
for run, next, status, odds, batch and every format (the entry point names ``CoinFlip``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.ruleset import Ruleset

HERE = Path(__file__).resolve().parent


class CoinFlip(Ruleset):
    """Heads, your opponent falls."""

    name = "coinflip"
    title = "Coin-flip duel"
    package = "coinflip"
    time_unit = {"": "flip"}
    conditions = ("active", "dead")
    outcomes = ("dead", "unhurt")
    editable = ("condition",)
    derived = ("at", "loaded")
    story_primary = frozenset({"coin_flipped"})

    def fight(self, loaded: Any, dice: Any, seed: int, tables_only: bool) -> Any:
        from coinflip.fight import CoinFlipFight
        return CoinFlipFight(loaded, dice, seed)

    def load_events(self) -> None:
        from coinflip import fight  # noqa: F401  (registers coin_flipped)

    def templates(self) -> Path:
        return HERE / "templates"

    def state_entry(self, status: Any) -> dict[str, Any]:
        return {"condition": status.condition, "at": None}

    def status_columns(self, loaded: Any) -> list:
        return [("coin", lambda name, c: "down" if c["condition"] == "dead" else "up", False)]

    def shots(self, event: Any) -> tuple[str, int, bool] | None:
        if event.kind == "coin_flipped":
            return event.character, 1, event.heads
        return None

    def outcome(self, status: Any) -> str:
        return "dead" if status.condition == "dead" else "unhurt"

    def generate(self, sides, setting, seed, max_turns, command) -> str:
        lines = [f"# A generated coin-flip duel ({command}).", "title: A generated duel",
                 "ruleset: coinflip", f"seed: {seed}", f"max_turns: {max_turns}", "sides:"]
        for s, (side, n) in enumerate(sides):
            lines.append(f"  {side}:")
            lines += [f"    - {{name: {side.title()} {i + 1}, at: [{s * 10}, {i}]}}"
                      for i in range(n)]
        return "\n".join(lines) + "\n"

    def reference(self) -> Any:
        from narrator.reference import Reference, Section
        return Reference(self.name, "A coin decides.", [Section(
            "coin", "The coin", ["d2", "result"], [["1", "tails: nothing"],
                                                   ["2", "heads: the opponent falls"]],
            "this test", group="tables")])
