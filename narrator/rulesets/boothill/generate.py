"""Boot Hill's generator (``narrator generate``, the default ruleset): each character's
attributes and skills in the ranges of the rulebook's characters, period weapons from
Table 14 by role and setting, the hand he favours; the shared parts (names, sides, map,
roles, YAML) are ``narrator.npcs``'. The same seed gives the same people.

May import: narrator.npcs, narrator.rulesets.boothill.tables.
"""

from __future__ import annotations

from typing import Any

from narrator import npcs
from narrator.npcs import NPC, Dice, Skirmish, flow, yaml_str
from narrator.rulesets.boothill import tables

# Weapons (Table 14 types) by kind of character, as (type, weight).
PISTOLS = {
    "aggressive": (("single_action_revolver", 4), ("fast_draw_revolver", 3),
                   ("double_action_revolver", 2), ("cap_and_ball_revolver", 1)),
    "cautious": (("single_action_revolver", 5), ("double_action_revolver", 3),
                 ("long_barrel_revolver", 1), ("cap_and_ball_revolver", 1)),
    "coward": (("single_action_revolver", 3), ("cap_and_ball_revolver", 2), ("derringer", 2),
               ("double_action_revolver", 2)),
    "sniper": (("single_action_revolver", 4), ("double_action_revolver", 2),
               ("cap_and_ball_revolver", 1)),
    "lawman": (("single_action_revolver", 5), ("long_barrel_revolver", 3),
               ("double_action_revolver", 2)),
}
LONG_ARMS = {
    "aggressive": (("shotgun", 3), ("lever_action_carbine", 3), ("scattergun", 1)),
    "cautious": (("lever_action_rifle", 3), ("lever_action_carbine", 3), ("shotgun", 2)),
    "coward": (("shotgun", 2), ("lever_action_carbine", 2), ("scattergun", 1)),
    "sniper": (("lever_action_rifle", 5), ("breech_loading_rifle", 2), ("buffalo_rifle", 1)),
    "lawman": (("lever_action_rifle", 3), ("shotgun", 3), ("lever_action_carbine", 2)),
}




def _attributes(dice: Dice, profile: str) -> dict[str, int]:
    """Attributes in the ranges of the rulebook's characters (000 l.548-580: STR 12-17,
    COO 13-16, OBS 12-15, STA 5-12, Luck 1-9), a little wider: STR 8-18, COO 9-18, OBS 8-16,
    STA 3-14, Luck 1-12."""
    coo_bonus = {"aggressive": 1, "sniper": 1, "lawman": 1}.get(profile, 0)
    return {
        "str": 6 + dice.d(6, 2),
        "coo": min(18, 7 + dice.d(5, 2) + coo_bonus),
        "obs": 6 + dice.d(5, 2) + (1 if profile == "sniper" else 0),
        "sta": 2 + dice.d(12),
        "luck": dice.d(12),
    }


def _skills(dice: Dice, profile: str, leader: bool, setting: str = "") -> dict[str, int]:
    """Skills 0-9, by kind of character (the examples run Pistol 2-8, Rifle 2-5, Fast Draw 2-8);
    in a saloon everyone has some Brawling (1-5) and one in five some Blades (1-4), for the
    fists and knives of a barroom fight (errata B19)."""
    pistol = dice.d(4) + {"aggressive": 3, "lawman": 2, "cautious": 1}.get(profile, 0)
    rifle = dice.d(4) + {"sniper": 4, "lawman": 1, "cautious": 1}.get(profile, 0) - 1
    fast = dice.d(4) + {"aggressive": 4, "lawman": 2, "cautious": 1}.get(profile, 0) - 1
    if profile == "coward":
        pistol, fast = max(1, pistol - 1), max(0, fast - 1)
    out = {"pistol": min(pistol, 9), "rifle": min(max(rifle, 0), 9),
           "fast_draw": min(max(fast, 0), 9)}
    if leader:
        out["tactics"] = dice.d(4) + 1
    if dice.chance(0.08):
        out["gunsmithing"] = dice.d(6)
    if setting == "saloon":  # extra draws only here: the other settings stay as they were
        out["brawling"] = dice.d(4) + (1 if profile == "aggressive" else 0)
        if dice.chance(0.2):
            out["blades"] = dice.d(4)
    return {k: v for k, v in out.items() if v}


#: What a man who checked his gun at a saloon's door fights with (hand-to-hand weapons).
BARROOM_HANDS = (("brass_knuckles", 3), ("club", 3), ("knife", 2), ("bowie_knife", 2))


def _weapons(dice: Dice, profile: str, setting: str) -> list[str]:
    data = npcs.SETTING_DATA[setting]
    out = [dice.weighted(PISTOLS[profile])]
    if profile == "sniper" or dice.chance(data["long_arm"]):
        long_arm = dice.weighted(LONG_ARMS[profile])
        if profile == "sniper" or (setting == "canyon" and long_arm != "scattergun"):
            out.insert(0, long_arm)  # the weapon in hand comes first
        else:
            out.append(long_arm)
    if setting == "saloon" and profile != "coward" and dice.chance(0.1):
        out.append("derringer")
    if setting == "saloon" and profile not in ("lawman", "sniper"):
        # a barroom fight (errata B19): some men checked their guns at the door and fight
        # with what is to hand (their tactics close in and brawl); some carry a knife besides
        if dice.chance(0.25):
            out = [dice.weighted(BARROOM_HANDS)]
        elif dice.chance(0.2):
            out.append("bowie_knife")
    for w in out:
        assert w in tables.weapons(), w
    return list(dict.fromkeys(out))  # no weapon twice


def character(dice: Dice, profile: str, leader: bool, setting: str) -> dict[str, Any]:
    """One character's Boot Hill fields (``npcs.Character``), drawn in this order."""
    return {"attributes": _attributes(dice, profile), "skills": _skills(dice, profile, leader, setting),
            "weapons": _weapons(dice, profile, setting),
            "handedness": "left" if dice.chance(0.1) else "right"}


def generate(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
             command: str = "") -> Skirmish:
    """A generated Boot Hill skirmish (see ``npcs.skirmish``).

    Raises:
        ValueError: an unknown setting.
    """
    return npcs.skirmish(sides, setting, seed, max_turns, command, character=character)


def _before_at(c: NPC) -> list[str]:
    weapons = ", ".join("{type: " + w + "}" for w in c.rules["weapons"])
    return [f"      attributes: {flow(c.rules['attributes'])}",
            f"      skills: {flow(c.rules['skills'])}",
            f"      weapons: [{weapons}]"]


def _after_at(c: NPC) -> list[str]:
    hand = c.rules.get("handedness", "right")
    return [f"      handedness: {hand}"] if hand != "right" else []


RULES = npcs.RulesYaml(
    ruleset="boothill",
    top=["house_rules: {}                # named options (narrator rules boothill house-rules)"],
    map_note=[
        "# The {setting}, in yards (x, y). A landmark is somewhere to go (move: {{to: KEY}});",
        "# one with cover protects the listed wound locations of whoever stands there:",
        "# solid cover stops the bullet, light cover takes `reduction` off the severity roll,",
        "# sporadic cover stops it when the target makes a Luck check.",
    ],
    cover=flow,
    sides_note=[
        "# The sides. Attributes (Boot Hill, about 1-20): str is also the wound capacity,",
        "# coo the speed and the base chance to hit, obs, sta (stature), luck (Luck checks).",
        "# Skills add to the chance to hit (pistol, rifle); fast_draw is the d20 target of a",
        "# fast draw; tactics may give the side +1 initiative. Weapons are Table 14 types, the",
        "# one in hand first. tactics: what the character does when nobody declares for him:",
        "# aggressive, cautious, coward, sniper or lawman.",
    ],
    before_at=_before_at,
    after_at=_after_at,
    turns_note=[
        "# No turns are declared: tactics decide every turn, for at most max_turns turns",
        "# (a combat turn is 6 seconds, a shootout turn 1). To play a turn yourself, declare",
        "# it; declared intents always win over tactics. For example:",
    ],
    example=lambda target: f"{{shoot: {yaml_str(target.short)}, shots: 2}}",
)


def to_yaml(sk: Skirmish) -> str:
    """The skirmish as a commented Boot Hill scenario file."""
    rules = npcs.RulesYaml(**{**vars(RULES), "map_note": [
        line.format(setting=sk.setting) for line in RULES.map_note]})
    return npcs.to_yaml(sk, rules)


def text(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
         command: str = "") -> str:
    """``Ruleset.generate``: the generated scenario as YAML text."""
    return to_yaml(generate(sides, setting, seed, max_turns, command))
