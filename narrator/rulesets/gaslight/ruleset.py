"""The Gaslight ruleset as the core sees it (``narrator.ruleset.Ruleset``), registered as the
entry point ``gaslight`` (group ``narrator.rulesets``).

Light on purpose: the engine, models and tables are imported inside the methods, when a
scenario or a log names the ruleset.

May import: narrator.ruleset, narrator.rulesets.gaslight.*, the core (lazily).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.ruleset import Kernel, ModuleKernel, Ruleset

HERE = Path(__file__).resolve().parent


class Gaslight(Ruleset):
    """Gaslight (source 002, a d20 firearms chapter of about 1890, ruled in errata.md
    "Gaslight" G1-G18): combat rounds in two halves, firing modes, Armor Class, hit points
    and Health."""

    name = "gaslight"
    title = "Gaslight"
    package = "narrator.rulesets.gaslight"
    time_unit = {"": "round"}
    feet = True  # its rules measure in feet: every distance in feet (gm_distance)
    conditions = ("active", "passed_out", "dead")
    outcomes = ("dead", "passed_out", "wounded", "unhurt")
    editable = ("condition", "at", "hp", "health", "loaded", "prone")
    derived = ("cover",)
    story_primary = frozenset({"gl_initiative", "gl_fast_draw", "gl_draw", "gl_moved",
                               "gl_covering", "gl_volley", "gl_blow", "gl_reloaded", "gl_blocked",
                               "gl_off_hand"})
    story_shots = frozenset({"gl_shot", "gl_volley", "gl_covering"})
    # a round of nothing but its initiative (every man holding still) is quiet: a run of
    # them is one section, as in Boot Hill (a fresh user: rounds 3-5 of a fight whose men
    # had no intents left were three empty sections, a heading and the initiative each)
    story_quiet = frozenset({"gl_initiative"})
    sources = {"002": "a d20 firearms chapter of about 1890 (the gaslight era)"}
    citations = ((r"ruled: narrator (GN\d+)", r"narrator's Gaslight reading \1"),
                 (r"ruled: (G\d+)", r"narrator's Gaslight ruling \1"))
    field_help = {
        ("Scenario", "map"): "Landmarks by key: destinations (an intent's move: KEY, with a "
                             "gait: walking_briskly) that may give cover. Positions are [x, y] "
                             "in yards.",
        ("Intent", "shoot"): "The target (a name): one a round for this gun (off_hand: gives a "
                            "second gun's).",
        ("Intent", "shots"): "How many shots this round (1-12), at most what the mode allows "
                             "his gun's class (narrator rules gaslight modes): aimed, covering "
                             "and point blank one; default: all the mode allows. Half (rounded "
                             "down) go at his initiative, the rest at the end of the round.",
        ("Intent", "draw"): "normal (default) or quick: a Quick Draw roll, for a man with the "
                            "Quick Draw skill (without it the draw is a normal one): made, a "
                            "gun in a holster comes out as a free action (narrator rules "
                            "gaslight quick-draw).",
    }

    def story_beat(self, event: Any, beats: list[dict[str, Any]]) -> dict[str, Any] | None:
        """A volley is told in one beat with everything the engine logged inside it: a shot
        goes to its shooter's volley (the watcher giving up his watch came between), and so
        does a breech loader's load between snap shots (002 l.47-48); a watcher who stops
        covering because he is attacked (002 l.70) goes to the attack's beat, or to his own
        covering shot's when that shot came after the attack began (told after it).

        Another man's shot inside a volley (a covering shot set off by its first shot, 002
        l.62) is told where it came: the shots after it go to a new beat of the volley
        (``resumed``: "Reginald fires again..."), never told with the shots before it (a fresh
        user, session 21: "one takes him in the left foot. ... Samuel's revolver speaks the
        moment Reginald stirs", the hit the third shot, after the covering one). None for the
        rest (the usual)."""
        kind = event.kind
        if kind == "gl_shot":
            who, kinds = event.shooter, ("gl_volley",)
        elif kind == "gl_reloaded" and event.action == "snap":
            who, kinds = event.character, ("gl_volley",)
        elif kind == "gl_covering" and event.what == "broken":
            last = beats[-1]["ev"] if beats else None
            if last is not None and last.kind == "gl_volley" and last.when == "covering" \
                    and last.shooter == event.character:
                return beats[-1]  # his covering shot, then he gives up the watch
            who, kinds = event.target, ("gl_volley", "gl_blow")
        else:
            return None
        for k in range(len(beats) - 1, -1, -1):
            b = beats[k]
            ev = b["ev"]
            if ev.kind in kinds and (ev.shooter if ev.kind == "gl_volley" else ev.striker) == who:
                if kind in ("gl_shot", "gl_reloaded") and any(x["ev"].kind in ("gl_volley", "gl_blow")
                                             for x in beats[k + 1:]):
                    b["broken"] = True  # its shots go on later: none "barks once"
                    return {"ev": ev, "sub": [], "resumed": True}
                return b
        return None

    def fight(self, loaded: Any, dice: Any, seed: int, tables_only: bool) -> Any:
        from narrator.rulesets.gaslight.fight import GaslightFight
        return GaslightFight(loaded.scenario, dice, seed)

    def kernel(self) -> Kernel:
        return ModuleKernel("narrator.rulesets.gaslight.kernel")

    def load_events(self) -> None:
        from narrator.rulesets.gaslight import events  # noqa: F401  (registers on import)

    def templates(self) -> Path:
        return HERE / "templates"

    def state_entry(self, status: Any) -> dict[str, Any]:
        """condition, at, hit points (``hp``) and Health left, rounds loaded, and ``prone``
        when he is off his feet (``CharacterStatus``: ``wound_points`` carries the hit points
        left, ``capacity`` the Health)."""
        entry: dict[str, Any] = {"condition": status.condition, "at": None,
                                 "hp": status.wound_points, "health": status.capacity,
                                 "loaded": {w.name: w.loaded for w in status.weapons}}
        if status.prone:
            entry["prone"] = True
        if status.cover:
            entry["cover"] = status.cover
        return entry

    def check_edit(self, key: str, value: Any) -> str | None:
        if key in ("hp", "health") and not (isinstance(value, int) and not isinstance(value, bool)
                                            and 0 <= value <= 200):
            return "must be a whole number 0-200"
        if key == "prone" and not isinstance(value, bool):
            return "must be true or false"
        return None

    def status_columns(self, loaded: Any) -> list:
        return [("hp", lambda name, c: str(c.get("hp", "")), True),
                ("Health", lambda name, c: str(c.get("health", "")), True)]

    def edited_out(self, loaded: Any, name: str, entry: dict) -> tuple[str, str] | None:
        """Health at or below half the CON score: unconscious; at 0: dead (G10,
        ``rules.condition``), as ``adjust`` puts him when the next round starts."""
        from narrator.rulesets.gaslight import rules as R
        from narrator.scenario.loader import pronoun_form

        c = next((c for _, c in loaded.scenario.characters() if c.name == name), None)
        health = entry.get("health")
        if entry.get("condition") != "active" or not isinstance(health, int) or c is None:
            return None
        now = R.condition(health, c.con)
        if now == "up":
            return None
        # his own pronoun (a fresh user: "with him ... keep him up" of Fanny, pronoun: she)
        him = pronoun_form(c.pronoun, "obj")
        why = ("at 0 Health a man is dead" if now == "dead" else
               f"at or below half the CON score ({c.con}) a man is unconscious")
        return (now, f"Health {health}: {why}, and narrator next starts the round with {him} "
                f"so; set health above {c.con // 2} in state: to keep {him} up")

    def lint(self, loaded: Any) -> list:
        """A declared shot of the next turn at a man unconscious or dead in ``state:``, by
        his condition or his edited Health (``edited_out``, G10; ``lint.declared_at_down``):
        the shooter holds fire (``GlBlocked`` "target_out")."""
        from narrator.lint import declared_at_down

        def down(name: str, entry: dict) -> str | None:
            cond = entry.get("condition")
            if cond not in (None, "active"):
                return {"passed_out": "unconscious"}.get(cond, cond)
            out = self.edited_out(loaded, name, entry)
            return f"{out[0]} (Health {entry.get('health')})" if out else None
        return declared_at_down(loaded, down, "the shooter holds fire, and the shot is not "
                                "made; declare another target")

    def shots(self, event: Any) -> tuple[str, int, bool] | None:
        if event.kind == "gl_shot":
            return event.shooter, 1, event.result == "hit"
        return None

    def outcome(self, status: Any) -> str:
        if status.condition != "active":
            return status.condition
        return "wounded" if status.wounds else "unhurt"

    def generate(self, sides: list[tuple[str, int]], setting: str, seed: int,
                 max_turns: int, command: str) -> str:
        from narrator.rulesets.gaslight.generate import generate
        return generate(sides, setting, seed, max_turns, command)

    def reference(self) -> Any:
        from narrator.rulesets.gaslight.reference import reference
        return reference()
