"""The Weird West generator (``narrator generate --ruleset weird-west``): each character's
traits, aptitudes, weapons and fate chips by role; the shared parts (names, sides placed in
the setting, landmarks, roles, the YAML around them) are ``narrator.npcs``'. The same seed
gives the same people.

These numbers are the generator's choice, not rules: a GM edits the file as he likes. Roles:
the shared generator's aggressive, cautious and coward play those profiles; its sniper and
lawman play cautious. A landmark's cover is wood (plank at a corral, stone in a canyon)
over the Weird West locations nearest the ones the shared setting gives.

May import: narrator.npcs, narrator.rulesets.weird_west.
"""

from __future__ import annotations

import json
from typing import Any

from narrator import npcs
from narrator.npcs import NPC, Dice, Skirmish, yaml_str

PROFILE = {"aggressive": "aggressive", "cautious": "cautious", "coward": "coward",
           "sniper": "cautious", "lawman": "cautious"}
#: The comment after a generated ``tactics:``: what Weird West's profiles do (tactics.py;
#: narrator rules weird-west tactics), not Boot Hill's (a Boot Hill coward runs at the
#: first wound, a Weird West one gives up at a heavy wound or half his Wind gone, ruled:
#: WN24); {he}, {his}: the character's pronoun (``npcs.role_note``).
ROLE_NOTES = {
    "aggressive": "a hothead: closes in and shoots; gives up at a critical wound or a "
                  "quarter of {his} Wind",
    "cautious": "careful: cover first, aims below 55%; gives up at a serious wound",
    "coward": "yellow: cover first; gives up at a heavy wound or half {his} Wind gone",
    "gunslinger": "as aggressive, with quick draws, and fans whenever {he} can",
    "undead": "the walking dead: walks at the nearest living enemy; never gives up",
}
PISTOLS = (("colt_peacemaker", 5), ("colt_lightning", 2), ("colt_army", 2))
LONG_ARMS = {
    "aggressive": (("double_barrel_shotgun", 3), ("winchester_73", 3), ("sawed_off_shotgun", 1)),
    "cautious": (("winchester_73", 4), ("double_barrel_shotgun", 2), ("winchester_76", 1)),
    "coward": (("double_barrel_shotgun", 2), ("winchester_73", 2)),
    "sniper": (("winchester_73", 3), ("sharps_big_50", 2), ("winchester_76", 2)),
    "lawman": (("winchester_73", 3), ("double_barrel_shotgun", 3)),
}
CONCENTRATION = {"colt_peacemaker": "pistol", "colt_lightning": "pistol", "colt_army": "pistol",
                 "winchester_73": "rifle", "winchester_76": "rifle", "sharps_big_50": "rifle",
                 "double_barrel_shotgun": "shotgun", "sawed_off_shotgun": "shotgun"}
MATERIAL = {"street": "wood", "saloon": "wood", "corral": "plank", "canyon": "stone"}
STONE = ("rock", "boulder", "ledge", "cave", "stone", "adobe", "wash")
WOOD = ("cottonwood", "oak", "tree", "wagon", "fence", "trough", "shed", "barn", "bar", "table",
        "piano", "stair", "door")


def material(setting: str, name: str) -> str:
    """What a landmark is made of: by its name when it says (a boulder is stone, a wagon
    wood), else by the setting."""
    low = name.lower()
    if any(w in low for w in STONE):
        return "stone"
    if any(w in low for w in WOOD):
        return "wood"
    return MATERIAL[setting]
LOCATIONS = {"legs": ["legs"], "left_leg": ["legs"], "right_leg": ["legs"],
             "abdomen": ["lower_guts", "gizzards"], "chest": ["upper_guts"],
             "arms": ["arms"], "left_arm": ["arms"], "right_arm": ["arms"],
             "shoulders": ["upper_guts"], "left_shoulder": ["upper_guts"],
             "right_shoulder": ["upper_guts"], "head": ["noggin"]}
ORDER = ("legs", "lower_guts", "gizzards", "arms", "upper_guts", "noggin")
DIES = (4, 6, 6, 8, 8, 10, 12)
GOOD = {"aggressive": ("deftness", "quickness"), "cautious": ("deftness", "nimbleness"),
        "coward": ("nimbleness", "quickness"), "sniper": ("deftness", "cognition"),
        "lawman": ("deftness", "spirit")}
TRAITS = ("deftness", "nimbleness", "quickness", "strength", "vigor", "cognition", "spirit")


def _trait(dice: Dice, good: bool) -> str:
    die = DIES[min(len(DIES) - 1, dice.d(5) + (2 if good else 0) - 1)]
    return f"{dice.d(3) + (1 if good else 0)}d{die}"


def character(dice: Dice, profile: str, leader: bool, setting: str) -> dict[str, Any]:
    """One character's Weird West fields, drawn in this order: traits, weapons, aptitudes,
    chips."""
    traits = {t: _trait(dice, t in GOOD[profile]) for t in TRAITS}
    data = npcs.SETTING_DATA[setting]
    weapons = [dice.weighted(PISTOLS)]
    if profile == "sniper" or dice.chance(data["long_arm"]):
        long_arm = dice.weighted(LONG_ARMS[profile])
        if profile == "sniper" or setting == "canyon":
            weapons.insert(0, long_arm)  # the weapon in hand comes first
        else:
            weapons.append(long_arm)
    shootin: dict[str, int] = {}
    for w in weapons:
        conc = CONCENTRATION[w]
        shootin.setdefault(conc, min(5, dice.d(3) + (1 if profile in ("aggressive", "lawman",
                                                                        "sniper") else 0)))
    apt: dict[str, Any] = {"shootin": shootin}
    dodge = dice.d(3) - 1
    if dodge:
        apt["dodge"] = dodge
    if profile in ("aggressive", "lawman") and dice.chance(0.5):
        apt["quick_draw"] = dice.d(3)
    out: dict[str, Any] = {"traits": traits, "aptitudes": apt, "weapons": weapons}
    if leader or dice.chance(0.3):
        out["chips"] = {"white": dice.d(3), **({"red": 1} if dice.chance(0.4) else {})}
    return out


def _cover(spec: dict) -> str:
    covers = sorted({w for loc in spec.get("locations", []) for w in LOCATIONS.get(loc, [])},
                    key=ORDER.index)
    return npcs.flow({"material": spec.get("material", "wood"), "covers": covers})


def _before_at(c: NPC) -> list[str]:
    r = c.rules
    weapons = ", ".join("{type: " + w + "}" for w in r["weapons"])
    apt = json.dumps(r["aptitudes"]).replace('"', "")
    lines = [f"      traits: {npcs.flow(r['traits'])}", f"      aptitudes: {apt}"]
    if "chips" in r:
        lines.append(f"      chips: {npcs.flow(r['chips'])}")
    return lines + [f"      weapons: [{weapons}]"]


def generate(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
             command: str = "") -> str:
    """A ready-to-run Weird West scenario as commented YAML (``Ruleset.generate``).

    Raises:
        ValueError: an unknown setting.
    """
    sk: Skirmish = npcs.skirmish(sides, setting, seed, max_turns, command, character=character)
    for members in sk.sides.values():
        for c in members:
            c.tactics = PROFILE[c.tactics]
    landmarks = []
    for key, name, at, cover in sk.landmarks:
        landmarks.append((key, name, at, dict(cover, material=material(setting, name))))
    sk.landmarks = landmarks
    rules = npcs.RulesYaml(
        ruleset="weird-west",
        top=["light: day                  # dim, dark, near_dark, pitch_dark: -2 to -10 to shoot"],
        map_note=[f"# The {setting}, in yards (x, y). A landmark is somewhere to go (move: KEY);",
                  "# its cover protects the locations it lists for anyone within 2 yards."],
        cover=_cover,
        sides_note=[
            "# The sides. Traits are dice and a die type (2d8); aptitudes levels (shootin' by",
            "# concentration); weapons are Weird West types (narrator rules weird-west weapons),",
            "# the one in hand first; chips: fate chips (white 1 wound, red 2, blue 3). tactics:",
            "# how the character plays his cards when nobody declares for him: aggressive,",
            "# cautious, coward, gunslinger or undead.",
        ],
        before_at=_before_at,
        after_at=lambda c: [],
        turns_note=[
            "# No rounds are declared: tactics play every card, for at most max_turns rounds.",
            "# To play a round yourself, declare one action a card; declared actions win.",
            "# For example:",
        ],
        example=lambda target: f"[{{shoot: {yaml_str(target.short)}}}, {{aim: "
                               f"{yaml_str(target.short)}}}]",
        role_notes=ROLE_NOTES,
    )
    return npcs.to_yaml(sk, rules)
