"""The Boot Hill ruleset as the core sees it (``narrator.ruleset.Ruleset``), registered as the
entry point ``boothill`` (group ``narrator.rulesets``).

Light on purpose: the engine, models, tables and kernel are imported inside the methods, when
a scenario or a log names the ruleset.

May import: narrator.ruleset, narrator.rulesets.boothill.*, the core (lazily).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.ruleset import Kernel, ModuleKernel, Ruleset


class BootHillKernel(ModuleKernel):
    """The vectorised odds kernel (``narrator.rulesets.boothill.kernel``); its context also
    takes the scenario's sides."""

    def __init__(self) -> None:
        super().__init__("narrator.rulesets.boothill.kernel")

    def context(self, loaded: Any, tables_only: bool) -> Any:
        from narrator.rulesets.boothill.kernel import KernelContext
        return KernelContext(loaded.scenario, loaded.side_of, tables_only)


class BootHill(Ruleset):
    """Boot Hill 3rd edition (sources 000 and 001, ruled in errata.md B1-B19): combat turns
    of 6 seconds, shootout turns of six counts, wound points."""

    name = "boothill"
    title = "Boot Hill"
    package = "narrator.rulesets.boothill"
    time_unit = {"": "turn", "combat": "combat turn", "shootout": "shootout turn"}
    editable = ("condition", "at", "wound_points", "loaded", "mounted", "prone")
    derived = ("wounds", "cover", "bruise_points", "held_by")
    sources = {
        "000": "the Boot Hill gunfight chapter (3rd edition): combat and shootout turns, "
               "Tables 1-14",
        "001": "fragments of the same Boot Hill chapter, which clarify and complete it",
    }
    citations = ((r"errata \"Attributes\"", "ruling on attributes"),)
    # hand to hand (errata B19): a blow or a hold opens a beat (bruises, a knockout attach)
    # each opens a story beat; pellets, locations, cover hits, wounds attach to their shot
    story_primary = frozenset({"shot_fired", "draw_made", "moved", "reloaded", "jam_worked",
                               "action_refused", "target_switched", "actions_lost",
                               "actions_unfinished", "died",
                               "tactics_checked", "count_resolved", "initiative_rolled",
                               "jumped", "footing_checked", "surprised_from_darkness",
                               "weapon_picked_up", "blow_struck", "hold_changed",
                               "bruises_healed"})
    initiative_kinds = frozenset({"initiative_rolled"})
    calls_first = True  # 000 l.587: Montana Jim's call comes before the first shot
    # Table 3: movement is resolved after fire, but a man who moves in a turn fires on the
    # move (Table 2's "shooting while walking/running"): the story tells the move first
    story_moves_first = frozenset({"moved"})
    story_actors = {"shot_fired": "shooter", "draw_made": "character",
                    "blow_struck": "attacker", "hold_changed": "holder"}
    story_silent = frozenset({"actions_lost", "tactics_checked", "count_resolved"})
    story_quiet = frozenset({"shot_fired", "moved", "reloaded", "jam_worked", "target_switched",
                             "initiative_rolled", "count_resolved", "counts_planned",
                             "actions_unfinished", "tactics_checked", "cover_hit",
                             "location_rolled", "pellets_rolled", "action_refused"})
    story_shots = frozenset({"shot_fired"})
    story_moves = frozenset({"moved"})
    story_chores = frozenset({"moved", "reloaded", "jam_worked"})
    story_together = frozenset({"draw_made", "actions_unfinished"})

    def story_news(self, event: Any) -> bool:
        # a horse hit as cover (B9), a man mounting or dismounting
        return (event.kind == "cover_hit" and event.alive) or (
            event.kind == "moved" and (event.mounted or event.dismounted))
    field_help = {
        ("Intent", "strike"): "Hand to hand: strike this character (within 2 yards).",
        ("Intent", "blows"): "Blows of a strike: 1 or 2 in a combat turn, up to 3 in a "
                             "shootout turn.",
        ("Intent", "grapple"): "Take hold of this character (within 2 yards).",
        ("Intent", "break_free"): "A held man tries to break free of the hold.",
        ("Intent", "throw"): "The holder throws the man he holds.",
        ("Character", "attributes"): "Strength, Coordination, Observation, Stature, Luck "
                                     "(1-30).",
        ("Character", "skills"): "Weapon and other skills (0-30); a missing skill counts 0.",
    }

    def fight(self, loaded: Any, dice: Any, seed: int, tables_only: bool) -> Any:
        from narrator.rulesets.boothill.fight import BootHillFight, profile_of
        return BootHillFight(loaded.scenario, loaded.side_of, dice,
                             profile_of(loaded.scenario, tables_only), seed)

    def load_events(self) -> None:
        from narrator.rulesets.boothill import events  # noqa: F401  (registers on import)

    def labels(self) -> Any:
        from narrator.rulesets.boothill import labels

        return labels

    def templates(self) -> Path:
        return Path(__file__).resolve().parent / "templates"

    def kernel(self) -> Kernel:
        return BootHillKernel()

    def lint(self, loaded: Any) -> list:
        """A sniping intent that a tactics profile's shot comes before
        (``lint.sniping_after_tactics``)."""
        from narrator.rulesets.boothill.lint import sniping_after_tactics
        return sniping_after_tactics(loaded)

    def lean_ending(self, loaded: Any, seed: int, tables_only: bool) -> tuple | None:
        """The engine with its records off (``BootHillFight(record=False)``, issue 17)."""
        from narrator.dice import SeededDice
        from narrator.rulesets.boothill.fight import BootHillFight, profile_of
        if loaded.script:
            return None
        fight = BootHillFight(loaded.scenario, loaded.side_of, SeededDice(seed),
                              profile_of(loaded.scenario, tables_only), seed, record=False)
        fight.run()
        turns, reason = fight.ending
        conditions = () if turns == 0 else tuple(  # (no turn: no status block to read)
            (f.name, f.condition if f.down else "wounded" if f.wounds else "unhurt")
            for f in fight.fighters.values())
        return (turns, fight.elapsed, tuple(fight.active_sides()), reason, conditions,
                tuple(fight.shots_by.items()), tuple(fight.hits_by.items()))

    def state_entry(self, status: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {"condition": status.condition, "at": None,
                                 "wound_points": status.wound_points}
        if status.wounds:
            entry["wounds"] = [f"{w.severity} {w.location.replace('_', ' ')} "
                               f"({w.wound_points})" for w in status.wounds]
        entry["loaded"] = {w.name: w.loaded for w in status.weapons if w.capacity}  # no knives
        if status.bruise_points:  # hand to hand (errata B19): shown, worked out by narrator
            entry["bruise_points"] = status.bruise_points
        if status.held_by:
            entry["held_by"] = status.held_by
        if status.cover:
            entry["cover"] = status.cover
        entry["mounted"] = status.mounted
        entry["prone"] = status.prone
        return entry

    def check_edit(self, key: str, value: Any) -> str | None:
        if key == "wound_points":
            return self.whole(value)
        if key in ("mounted", "prone") and not isinstance(value, bool):
            return "must be true or false"
        return None

    def status_columns(self, loaded: Any) -> list:
        strength = {c.name: c.attributes.str_ for _, c in loaded.scenario.characters()}
        return [("wounds", lambda name, c: ", ".join(c.get("wounds", [])) or "-", False),
                ("WP", lambda name, c: f"{c['wound_points']}/{strength[name]}", True)]

    def gone_landmarks(self, loaded: Any, log: Any) -> set[str]:
        """Living cover that bolted (a ``cover_hit`` with ``bolted``; the engine's
        ``cover_bolts``): the landmark whose cover it was (its cover is named by the
        landmark's name, else its key in words, ``take_landmark``) is gone, and a man a
        GM's edit puts on its spot stands in the open (``landmark_at`` passes it over)."""
        bolted = {e.cover for e in log.events if e.kind == "cover_hit" and e.bolted}
        return {key for key, lm in loaded.scenario.map.items()
                if lm.cover is not None and lm.cover.alive
                and (lm.name or key.replace("_", " ")) in bolted}

    def settle_edits(self, loaded: Any, state: dict[str, Any]) -> None:
        """A hold (errata B19) whose two men the edits put beyond reach (2 yards) is let go,
        as ``adjust`` lets it go when the next turn starts: the held man's ``held_by`` goes."""
        import math

        from narrator.rulesets.boothill.melee import reach_yards

        chars = state["characters"]
        for entry in chars.values():
            holder = chars.get(entry.get("held_by") or "")
            if holder is not None and math.dist(entry["at"], holder["at"]) > reach_yards() + 1e-9:
                del entry["held_by"]

    def edited_out(self, loaded: Any, name: str, entry: dict) -> tuple[str, str] | None:
        """Wound points above STR: he passes out (000 l.433, errata B8), as ``adjust`` puts
        him when the next turn starts."""
        strength = {c.name: c.attributes.str_ for _, c in loaded.scenario.characters()}
        wp, cap = entry.get("wound_points"), strength.get(name)
        if entry.get("condition") != "active" or not isinstance(wp, int) or cap is None \
                or wp <= cap:
            return None
        from narrator.scenario.loader import pronoun_of
        his, him = pronoun_of(loaded, name, "poss"), pronoun_of(loaded, name, "obj")
        return ("passed out", f"{wp} wound points, past {his} {cap} (STR): a man past his "
                f"wound points passes out, and narrator next starts the turn with {him} out; "
                f"set wound_points to {cap} or less in state: to keep {him} up")

    def shots(self, event: Any) -> tuple[str, int, bool] | None:
        if event.kind == "shot_fired":
            return event.shooter, 1, event.result == "hit"
        return None

    def generate(self, sides: list[tuple[str, int]], setting: str, seed: int,
                 max_turns: int, command: str) -> str:
        from narrator.rulesets.boothill.generate import text
        return text(sides, setting, seed, max_turns, command)

    def reference(self) -> Any:
        from narrator.rulesets.boothill.reference import reference
        return reference()

    def schema(self, schema: dict) -> None:
        from narrator.reference import _toml

        prop = schema["properties"]["ruleset"]  # the one name, as an enum an editor offers
        shown = {"default": self.name, "enum": [self.name], "type": "string"}
        if "description" in prop:
            shown["description"] = prop["description"]
        prop.clear()
        prop.update(shown)
        types = schema["$defs"]["WeaponSpec"]["properties"]["type"]["enum"]
        if "gun_butt" in types:  # not carried: a strike names a carried gun (errata B19)
            types.remove("gun_butt")
        rules = _toml(self.package, "rulings.toml")
        hr = schema["$defs"]["HouseRules"]["properties"]
        for h in rules["house_rule"]:
            hr[h["name"]]["description"] = " ".join(h["text"].split())
