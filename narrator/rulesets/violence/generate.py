"""Violence's generator (``narrator generate --ruleset violence``): each character's weapons
by role and setting (a revolver for everyone, a long arm for riflemen and some others, now
and then a knife), what he fights to in a melee; the shared parts (names, sides, map, roles,
YAML) are ``narrator.npcs``'. The same seed gives the same people.

These weights are the generator's choice, not rules: a GM edits the file as he likes.

May import: narrator.npcs, narrator.rulesets.violence.tables.
"""

from __future__ import annotations

from typing import Any

from narrator import npcs
from narrator.npcs import NPC, Dice, Skirmish, yaml_str
from narrator.rulesets.violence import tables

# Long arms by role, as (type, weight) (data/weapons.toml types).
LONG_ARMS = {
    "aggressive": (("coach_gun", 3), ("lever_action_carbine", 3)),
    "cautious": (("lever_action_rifle", 3), ("lever_action_carbine", 3), ("coach_gun", 2)),
    "coward": (("coach_gun", 2), ("lever_action_carbine", 2)),
    "sniper": (("lever_action_rifle", 5), ("single_shot_rifle", 2), ("bolt_action_rifle", 1)),
    "lawman": (("lever_action_rifle", 3), ("coach_gun", 3), ("lever_action_carbine", 2)),
}


def _weapons(dice: Dice, profile: str, setting: str) -> list[str]:
    data = npcs.SETTING_DATA[setting]
    out = ["revolver"]
    if profile == "sniper" or dice.chance(data["long_arm"]):
        long_arm = dice.weighted(LONG_ARMS[profile])
        if profile == "sniper" or (setting == "canyon" and long_arm != "coach_gun"):
            out.insert(0, long_arm)  # the weapon in hand comes first
        else:
            out.append(long_arm)
    if profile in ("aggressive", "coward") and dice.chance(0.2):
        out.append("knife")
    for w in out:
        assert w in tables.weapons(), w
    return out


def character(dice: Dice, profile: str, leader: bool, setting: str) -> dict[str, Any]:
    """One character's Violence fields (``npcs.Character``), drawn in this order."""
    weapons = _weapons(dice, profile, setting)
    kill = profile == "aggressive" and dice.chance(0.5)
    return {"weapons": weapons, "fights_to": "kill" if kill else "subdue"}


def generate(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
             command: str = "") -> Skirmish:
    """A generated Violence skirmish (see ``npcs.skirmish``).

    Raises:
        ValueError: an unknown setting.
    """
    return npcs.skirmish(sides, setting, seed, max_turns, command, character=character)


def _before_at(c: NPC) -> list[str]:
    weapons = ", ".join("{type: " + w + "}" for w in c.rules["weapons"])
    return [f"      weapons: [{weapons}]"]


def _after_at(c: NPC) -> list[str]:
    return ["      fights_to: kill"] if c.rules.get("fights_to") == "kill" else []


RULES = npcs.RulesYaml(
    ruleset="violence",
    top=["bands: {close: 10, medium: 50}  # yards: close up to 10, medium up to 50, then long"],
    map_note=[
        "# The {setting}, in yards (x, y). A landmark is somewhere to go (move: KEY); one with",
        "# cover: true gives cover to whoever stands there (cover: KEY on a character).",
    ],
    cover=lambda spec: "true",
    sides_note=[
        "# The sides. Weapons are Violence types (narrator rules violence weapons), the one in",
        "# hand first. fights_to: what he announces in a melee (subdue or kill). tactics: what",
        "# the character does when nobody declares for him: aggressive, cautious, coward,",
        "# sniper or lawman.",
    ],
    before_at=_before_at,
    after_at=_after_at,
    turns_note=[
        "# No rounds are declared: tactics decide every round, for at most max_turns rounds.",
        "# To play a round yourself, declare it; declared intents always win over tactics.",
        "# For example:",
    ],
    example=lambda target: f"{{shoot: {yaml_str(target.short)}}}",
    # what Violence's profiles do (``tactics``, narrator rules violence tactics), not Boot
    # Hill's (fanning, aim, fleeing); {his}: the character's pronoun (``npcs.role_note``)
    role_notes={
        "aggressive": "a hothead: three shots at the nearest, hand to hand up close with {his} "
                      "gun empty",
        "cautious": "careful: takes cover first, then two shots at the nearest",
        "coward": "yellow: hides in cover and keeps heads down with covering fire",
        "sniper": "a rifleman: snipes at long range",
        "lawman": "a lawman: calls for surrender, subdues a man within reach",
    },
)


def to_yaml(sk: Skirmish) -> str:
    """The skirmish as a commented Violence scenario file."""
    rules = npcs.RulesYaml(**{**vars(RULES), "map_note": [
        line.format(setting=sk.setting) for line in RULES.map_note]})
    return npcs.to_yaml(sk, rules)


def text(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
         command: str = "") -> str:
    """``Ruleset.generate``: the generated scenario as YAML text."""
    return to_yaml(generate(sides, setting, seed, max_turns, command))
