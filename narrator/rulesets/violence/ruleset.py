"""The Violence ruleset as the core sees it (``narrator.ruleset.Ruleset``), registered as the
entry point ``violence`` (group ``narrator.rulesets``).

Light on purpose: the engine, models and tables are imported inside the methods, when a
scenario or a log names the ruleset.

May import: narrator.ruleset, narrator.rulesets.violence.*, the core (lazily).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.ruleset import Kernel, ModuleKernel, Ruleset

HERE = Path(__file__).resolve().parent


class Violence(Ruleset):
    """Violence (source 003, ruled in errata.md "Violence"): d20 rolls, rounds, Injuries."""

    name = "violence"
    title = "Violence"
    package = "narrator.rulesets.violence"
    time_unit = {"": "round"}
    # "down": Down in a fight cut off at its last round, no after-fight roll made (VN1)
    outcomes = ("dead", "critically_injured", "down", "subdued", "surrendered", "fled",
                "wounded", "unhurt")
    editable = ("condition", "at", "injuries", "loaded")
    derived = ("cover",)
    # each opens a story beat; injury_rolled attaches to its shot
    story_primary = frozenset({"round_initiative", "gun_fired", "melee_fought",
                               "suppression_laid", "suppression_tested", "weapon_reloaded",
                               "relocated", "action_blocked", "morale_checked",
                               "after_fight_rolled", "healing_noted"})
    initiative_kinds = frozenset({"round_initiative"})
    story_actors = {"gun_fired": "shooter"}
    story_quiet = frozenset({"gun_fired", "suppression_laid", "relocated", "weapon_reloaded",
                             "round_initiative", "action_blocked"})
    story_shots = frozenset({"gun_fired", "suppression_laid"})
    story_moves = frozenset({"relocated"})
    story_chores = frozenset({"weapon_reloaded"})

    def story_news(self, event: Any) -> bool:
        return event.kind == "gun_fired" and event.result == "hit"  # a man hit
    sources = {"003": "the Violence rules: a minimal d20 gunfight ruleset"}
    citations = ((r"errata Violence", "narrator's Violence rulings"),)
    field_help = {
        ("Scenario", "map"): "Landmarks by key: destinations (an intent's move: KEY) that may "
                             "give cover. Positions are [x, y] in yards.",
        ("Intent", "move"): "Where he moves before his action: a landmark key or name, or "
                            "[x, y] in yards; he counts as moving all round.",
        ("Intent", "shots"): "Rounds fired in the shoot or suppress action.",
        ("Landmark", "cover"): "true: whoever stands there is in cover.",
        ("Character", "obscured"): "Hard to see (smoke, dark).",
    }

    @property
    def conditions(self) -> tuple[str, ...]:  # type: ignore[override]
        from narrator.rulesets.violence.fight import CONDITIONS
        return CONDITIONS

    def fight(self, loaded: Any, dice: Any, seed: int, tables_only: bool) -> Any:
        from narrator.rulesets.violence.fight import ViolenceFight, profile_of
        return ViolenceFight(loaded.scenario, dice, profile_of(loaded.scenario, tables_only),
                             seed)

    def kernel(self) -> Kernel:
        return ModuleKernel("narrator.rulesets.violence.kernel")

    def load_events(self) -> None:
        from narrator.rulesets.violence import events  # noqa: F401  (registers on import)

    def templates(self) -> Path:
        return HERE / "templates"

    def state_entry(self, status: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {"condition": status.condition, "at": None,
                                 "injuries": status.wound_points,
                                 "loaded": {w.name: w.loaded for w in status.weapons}}
        if status.cover:
            entry["cover"] = status.cover
        return entry

    def check_edit(self, key: str, value: Any) -> str | None:
        return self.whole(value) if key == "injuries" else None

    def status_columns(self, loaded: Any) -> list:
        return [("injuries", lambda name, c: str(c["injuries"]), False)]

    def shots(self, event: Any) -> tuple[str, int, bool] | tuple[tuple[str, int, bool], ...] | None:
        """Rounds fired and hits, as the write-up's closing tally counts them (fresh user 19:
        odds gave a driver who laid covering fire all fight "shots 0"): a shooting action's
        rounds and its hit; covering fire's rounds (003 l.50), and a hit for each suppressor
        the dice pick to hit a man who showed himself (003 l.52-54)."""
        if event.kind == "gun_fired":  # one action, one roll, ``shots`` rounds
            return event.shooter, event.shots, event.result == "hit"
        if event.kind == "suppression_laid":
            return event.suppressor, event.shots, False
        if event.kind == "suppression_tested" and event.hitters:
            return tuple((h, 0, True) for h in event.hitters)
        return None

    def generate(self, sides: list[tuple[str, int]], setting: str, seed: int,
                 max_turns: int, command: str) -> str:
        from narrator.rulesets.violence.generate import text
        return text(sides, setting, seed, max_turns, command)

    def reference(self) -> Any:
        from narrator.rulesets.violence.reference import reference
        return reference()

    def schema(self, schema: dict) -> None:
        pass
