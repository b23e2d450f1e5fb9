"""The Weird West ruleset as the core sees it (``narrator.ruleset.Ruleset``), registered as the
entry point ``weird-west`` (group ``narrator.rulesets``).

Light on purpose: the engine, models and tables are imported inside the methods, when a
scenario or a log names the ruleset.

May import: narrator.ruleset, narrator.rulesets.weird_west.*, the core (lazily).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrator.ruleset import Kernel, ModuleKernel, Ruleset

HERE = Path(__file__).resolve().parent

SHOT_KINDS = ("ww_shot",)


class WeirdWest(Ruleset):
    """The Weird West (source 004, ruled in W1-W20 and narrator's WN1-WN28): action cards,
    exploding dice, raises, hit locations, Wind, vamoosing."""

    name = "weird-west"
    title = "Weird West"
    package = "narrator.rulesets.weird_west"
    time_unit = {"": "round"}
    conditions = ("active", "winded", "dead", "fled", "surrendered")
    # W8: out of Wind is "winded", out until the fight ends; the shared status word for a man
    # down and senseless (and what state: said for him before) is taken as it
    condition_words = {"passed_out": "winded"}
    # a man who vamoosed (W15) or gave up (WN: ww_gave_up) ends so, as in Violence; before,
    # odds counted him by his wounds and had no column for how the fight ended for him
    outcomes = ("dead", "winded", "surrendered", "fled", "maimed", "wounded", "unhurt")
    editable = ("condition", "at", "wind", "prone", "loaded")
    derived = ("wounds", "cover")
    story_primary = frozenset({"ww_cards_dealt", "ww_moved", "ww_shot", "ww_fought",
                               "ww_aimed", "ww_drew", "ww_reloaded", "ww_simple",
                               "ww_round_ended", "ww_status", "ww_gave_up",
                               "ww_disarmed"})
    story_shots = frozenset({"ww_shot"})
    # a round where the cards are dealt and every card is held (nobody acts: no intent left,
    # no profile) is quiet: a run of them is one section, as in Boot Hill (their sections
    # were empty but for the rolls); a held card, bleeding, the status are its only events
    story_quiet = frozenset({"ww_cards_dealt", "ww_simple", "ww_round_ended", "ww_status"})

    def story_news(self, event: Any) -> bool:
        # anything but a held card (going prone, a refusal told in the story), a man who
        # bleeds out of the fight (w_bleed_out)
        return (event.kind == "ww_simple" and event.what != "hold") or (
            event.kind == "ww_round_ended" and any(b.winded for b in event.bleeding))
    sources = {"004": "a Weird West combat chapter in the style of Deadlands Classic: action "
                      "cards, Quickness, Pace, TNs and range increments, hit locations, cover, "
                      "called shots, aiming, fanning, two guns, vamoosing"}
    citations = ((r"ruled: (WN?\d+)", r"ruling \1"),)
    field_help = {
        ("Scenario", "map"): "Landmarks by key: destinations (an action's move: KEY) that may "
                             "give cover. Positions are [x, y] in yards.",
        ("Scenario", "house_rules"): "Numbers of the rules and weapon rows changed for this "
                                     "fight, section by section: {aiming: {max: 4}, weapons: "
                                     "{colt_peacemaker: {range: 12}}}; a key left out keeps "
                                     "the book's value (narrator rules weird-west "
                                     "house-rules).",
        ("Character", "size"): "Size (W8): each full Size of damage is one wound; default "
                               "the rules' 6 (wounds.size).",
    }

    def fight(self, loaded: Any, dice: Any, seed: int, tables_only: bool) -> Any:
        from narrator.rulesets.weird_west.fight import WeirdWestFight
        from narrator.playbypost import OLD_DRAWS
        return WeirdWestFight(loaded.scenario, dice, seed, loaded.script,
                              getattr(dice, "fallback", "error"), loaded.path,
                              tables_only=tables_only,
                              old_draws=frozenset(loaded.notes.get(OLD_DRAWS, ())))

    def kernel(self) -> Kernel:
        return ModuleKernel("narrator.rulesets.weird_west.kernel")

    def load_events(self) -> None:
        from narrator.rulesets.weird_west import events  # noqa: F401  (registers on import)

    def templates(self) -> Path:
        return HERE / "templates"

    def state_entry(self, status: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {"condition": {"passed_out": "winded"}.get(status.condition,
                                                                          status.condition),
                                 "at": None,
                                 "wind": status.capacity,
                                 "wounds": {w.location: w.severity for w in status.wounds},
                                 "prone": status.prone,
                                 "loaded": {w.name: w.loaded for w in status.weapons}}
        if status.cover:
            entry["cover"] = status.cover
        return entry

    def check_edit(self, key: str, value: Any) -> str | None:
        if key == "wind" and (isinstance(value, bool) or not isinstance(value, int)
                              or not -1000 <= value <= 1000):
            return "must be a whole number from -1000 to 1000"
        return None

    def status_columns(self, loaded: Any) -> list:
        def wounds(name: str, c: dict) -> str:
            return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in c["wounds"].items()) or "-"
        undead = {c.name for _, c in loaded.scenario.characters() if c.undead}

        def wind(name: str, c: dict) -> str:
            # the walking dead have no Wind (W19): "-", never "0" (a fresh GM read Cain's
            # "Wind 0" as a man winded, still fighting)
            return "-" if name in undead else str(c["wind"])
        return [("wounds", wounds, False), ("Wind", wind, True)]

    def placed_cover(self, loaded: Any, at: Any, gone: Any = frozenset()) -> str | None:
        """The cover of the first landmark with cover within ``cover_yards`` of ``at``
        (ruled: WN19), as ``adjust`` places a man a GM's edit of ``at`` moves
        (``place_cover``); None in the open."""
        import math

        from narrator.rulesets.weird_west.fight import cover_yards

        for key, lm in loaded.scenario.map.items():
            if lm.cover is not None and math.dist(at, lm.at) <= cover_yards() + 1e-9:
                return lm.cover.name or lm.name or key.replace("_", " ")
        return None

    def edited_out(self, loaded: Any, name: str, entry: dict) -> tuple[str, str] | None:
        """Wind at 0 or less: he is winded, out until the fight ends (W8, ``rules.winded``),
        as ``adjust`` puts him when the next round starts; the walking dead have no Wind to
        lose (W19)."""
        from narrator.rulesets.weird_west import rules as R
        from narrator.scenario.loader import pronoun_form

        c = next((c for _, c in loaded.scenario.characters() if c.name == name), None)
        wind = entry.get("wind")
        if entry.get("condition") != "active" or not isinstance(wind, int) or c is None \
                or c.undead or not R.winded(wind):
            return None
        him = pronoun_form(c.pronoun, "obj")
        return ("winded", f"Wind {wind}: at 0 Wind or less a man is winded, out until the "
                f"fight ends, and narrator next starts the round with {him} out; set wind "
                f"above 0 in state: to keep {him} up")

    def lint(self, loaded: Any) -> list:
        """A declared shot or fan of the next turn at a man dead, fled or surrendered in
        ``state:`` (``lint.declared_at_down``): not made (ruled: WN29; W18, WN24). A winded
        man is shot as declared (WN26): no warning."""
        from narrator.lint import declared_at_down

        def down(name: str, entry: dict) -> str | None:
            cond = entry.get("condition")
            return cond if cond in ("dead", "fled", "surrendered") else None
        return declared_at_down(loaded, down, "the shot is not made, and the card goes to "
                                "the next declared action (WN29); declare another target") \
            + _shot_before_draw(loaded)

    def shots(self, event: Any) -> tuple[str, int, bool] | None:
        if event.kind in SHOT_KINDS and not event.jammed:
            rounds = event.fanned or 1
            return event.character, rounds, event.hits > 0 if event.fanned else event.hit
        return None

    def outcome(self, status: Any) -> str:
        if status.condition in ("dead", "winded", "surrendered", "fled"):
            return status.condition
        if status.condition == "passed_out":
            return "winded"
        if any(w.severity == "maimed" for w in status.wounds):
            return "maimed"
        return "wounded" if status.wounds else "unhurt"

    def generate(self, sides: list[tuple[str, int]], setting: str, seed: int,
                 max_turns: int, command: str) -> str:
        from narrator.rulesets.weird_west.generate import generate
        return generate(sides, setting, seed, max_turns, command)

    def reference(self) -> Any:
        from narrator.rulesets.weird_west.reference import reference
        return reference()


def _shot_before_draw(loaded: Any) -> list:
    """Round 1's declared shot or fan (unresolved) with a gun not in hand at the start
    (WN20: the first weapon unless holstered; the rest holstered or slung), no action of his
    before it readying it: the card draws it and the shot is not made (W17), unless a
    declared quick draw succeeds (the warning says so). One warning, at the action, as
    Gaslight's check warns of a draw that costs the move. Later rounds depend on the fight.
    (A fresh GM's "shoot: Abel, weapon: double_barrel_shotgun" with the shotgun slung,
    fresh23 item 5.)"""
    from narrator.lint import _intent_loc
    from narrator.rulesets.weird_west.fight import starts_in_hand
    from narrator.rulesets.weird_west.scenario import weapon_indexes
    from narrator.rulesets.weird_west.tables import weapons
    from narrator.scenario.loader import pronoun_form

    sc = loaded.scenario
    if not sc.turns or sc.turns[0].resolved is not None:
        return []
    out = []
    for name, actions in sc.turns[0].intents.items():
        c = next((c for _, c in sc.characters() if c.name == name), None)
        if c is None or not c.weapons:
            continue
        hands = starts_in_hand(c.weapons)
        for k, a in enumerate(actions):
            kind = a.action
            if kind in ("draw", "fight", "reload", "clear", "flee", "surrender") or a.two_guns:
                break
            if kind not in ("shoot", "fan"):
                continue
            if a.weapon is not None:
                picks = weapon_indexes(c, a.weapon)
                i = next((j for j in picks if hands[j]), picks[0] if picks else None)
            else:
                guns = [j for j, w in enumerate(c.weapons) if weapons()[w.type].is_gun]
                i = next((j for j in guns if hands[j]), guns[0] if guns else None)
            if i is None or hands[i]:
                break
            w = c.weapons[i]
            gun = w.name or weapons()[w.type].name
            his = pronoun_form(c.pronoun, "poss")
            target = a.shoot if kind == "shoot" else a.fan[0]
            quick = a.quick_draw and c.aptitudes.quick_draw > 0
            out.append(loaded.error(
                f"warning: {name} declares a {'shot' if kind == 'shoot' else 'fan'} at "
                f"{target} in round 1 with {his} {gun}, which is not in hand: "
                + ("unless the quick draw roll succeeds, " if quick else "")
                + "drawing it takes the card, and the shot is not made (W17); declare a "
                + "draw before it" + ("" if quick or c.aptitudes.quick_draw <= 0 else
                                      ", or quick_draw: true (a quick draw that succeeds "
                                      "draws it free)"),
                *_intent_loc(loaded, 0, name, k, kind)))
            break
    return out
