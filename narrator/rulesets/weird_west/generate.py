"""Generated Weird West skirmishes (``narrator generate --ruleset weird-west``).

The people, their places, the landmarks, the title and the description come from the shared
generator (``narrator.npcs.generate``: Faker names, a setting, cover between the sides); this
module turns them into Weird West characters and writes the commented YAML. Everything it
adds is drawn from its own ``random.Random(f"{seed}:weird-west")`` through ``random()`` only,
so the same seed gives the same scenario.

The conversion (ruled here, not by the rules: a generated character only needs to be
plausible): Coordination gives Deftness and Quickness, Strength Strength, Stature Vigor,
Observation Cognition; a Boot Hill score of 3-18 becomes a die type (d4 up to 6, d6 to 9, d8 to
12, d10 to 15, d12 above) and 1-4 dice. Pistol and Rifle skills (0-9) become shootin' levels
(half, rounded up, at most 5); Fast Draw, quick draw. Weapons: revolvers become Colt
Peacemakers (double-action ones Colt Lightnings, cap-and-ball Colt Armies), rifles and carbines
Winchesters, shotguns double barrels (scatterguns sawed-off), derringers stay. Cover: what the
landmark is made of, by setting (a saloon's wood, a canyon's stone), covering the Weird West
locations nearest the Boot Hill ones. Profiles: lawman and cautious play cautious, sniper
cautious, aggressive gunslinger or aggressive, coward coward.

May import: narrator.npcs, narrator.rulesets.weird_west.
"""

from __future__ import annotations

import json
import random

from narrator import npcs

WEAPONS = {
    "single_action_revolver": "colt_peacemaker", "fast_draw_revolver": "colt_peacemaker",
    "long_barrel_revolver": "colt_peacemaker", "double_action_revolver": "colt_lightning",
    "cap_and_ball_revolver": "colt_army", "derringer": "derringer",
    "lever_action_rifle": "winchester_73", "lever_action_carbine": "winchester_73",
    "breech_loading_rifle": "winchester_76", "buffalo_rifle": "sharps_big_50",
    "shotgun": "double_barrel_shotgun", "scattergun": "sawed_off_shotgun",
}
CONCENTRATION = {"colt_peacemaker": "pistol", "colt_lightning": "pistol", "colt_army": "pistol",
                 "derringer": "pistol", "winchester_73": "rifle", "winchester_76": "rifle",
                 "sharps_big_50": "rifle", "double_barrel_shotgun": "shotgun",
                 "sawed_off_shotgun": "shotgun"}
MATERIAL = {"street": "wood", "saloon": "wood", "corral": "plank", "canyon": "stone"}
LOCATIONS = {"legs": ["legs"], "left_leg": ["legs"], "right_leg": ["legs"],
             "abdomen": ["lower_guts", "gizzards"], "chest": ["upper_guts"],
             "arms": ["arms"], "left_arm": ["arms"], "right_arm": ["arms"],
             "shoulders": ["upper_guts"], "left_shoulder": ["upper_guts"],
             "right_shoulder": ["upper_guts"], "head": ["noggin"]}
ORDER = ["legs", "lower_guts", "gizzards", "arms", "upper_guts", "noggin"]


def _die(score: int) -> int:
    for limit, die in ((6, 4), (9, 6), (12, 8), (15, 10)):
        if score <= limit:
            return die
    return 12


class _Dice:
    def __init__(self, seed: int) -> None:
        self._random = random.Random(f"{seed}:weird-west").random

    def d(self, sides: int) -> int:
        return int(self._random() * sides) + 1


def _trait(score: int, dice: _Dice) -> str:
    return f"{min(4, 1 + dice.d(3) - (1 if score < 9 else 0))}d{_die(score)}"


def _character(npc: npcs.NPC, dice: _Dice) -> dict:
    a = npc.attributes
    traits = {"deftness": _trait(a["coo"], dice), "nimbleness": _trait(a["coo"], dice),
              "quickness": _trait(a["coo"], dice), "strength": _trait(a["str"], dice),
              "vigor": _trait(a["sta"] + 4, dice), "cognition": _trait(a["obs"], dice),
              "spirit": _trait(a.get("luck", 6) + 4, dice)}
    weapons = [WEAPONS.get(w, "colt_peacemaker") for w in npc.weapons]
    weapons = list(dict.fromkeys(weapons))
    shootin: dict[str, int] = {}
    for w in weapons:
        conc = CONCENTRATION[w]
        skill = npc.skills.get("pistol" if conc == "pistol" else "rifle", 0)
        shootin[conc] = max(shootin.get(conc, 0), min(5, max(1, (skill + 1) // 2)))
    apt: dict = {"shootin": shootin, "dodge": dice.d(3) - 1}
    if npc.skills.get("fast_draw", 0) >= 3:
        apt["quick_draw"] = min(5, npc.skills["fast_draw"] // 2)
    profile = {"lawman": "cautious", "sniper": "cautious", "coward": "coward",
               "cautious": "cautious"}.get(npc.tactics, "aggressive")
    if profile == "aggressive" and npc.skills.get("fast_draw", 0) >= 6:
        profile = "gunslinger"
    out = {"name": npc.name, "short": npc.short, "pronoun": npc.pronoun, "traits": traits,
           "aptitudes": apt, "weapons": [{"type": w} for w in weapons], "at": list(npc.at),
           "tactics": profile}
    if dice.d(3) == 1:
        out["chips"] = {"white": dice.d(3), "red": dice.d(2) - 1}
    return out


def generate(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
             command: str = "") -> str:
    """A ready-to-run Weird West scenario as commented YAML.

    Args:
        sides: ``[(side, count), ...]`` (``npcs.parse_sides``).
        setting: one of ``npcs.SETTINGS``.
        seed: seeds the people, the map and the scenario's own ``seed:``.
        max_turns: rounds at most (tactics decide every one).
        command: the command line that made it, for the header comment.

    Raises:
        ValueError: an unknown setting.
    """
    sk = npcs.generate(sides, setting, seed, max_turns, command)
    dice = _Dice(seed)
    lines = [f"# {command}" if command else "# narrator generate --ruleset weird-west",
             "# A generated Weird West skirmish: tactics play every card. Run it with",
             "#   narrator run THIS_FILE",
             "# and edit anything (traits, aptitudes, weapons, cover, tactics).",
             f"title: {npcs.yaml_str(sk.title)}", "ruleset: weird-west", f"seed: {seed}",
             f"description: {npcs.yaml_str(sk.description)}", "light: day", "map:"]
    for key, name, at, cover in sk.landmarks:
        covers = sorted({w for loc in cover.get("locations", []) for w in LOCATIONS.get(loc, [])},
                        key=ORDER.index)
        spec = {"material": MATERIAL[setting], "covers": covers}
        lines.append(f"  {key}: {{name: {npcs.yaml_str(name)}, at: [{at[0]:g}, {at[1]:g}], "
                     f"cover: {json.dumps(spec)}}}")
    lines.append("sides:")
    for side, members in sk.sides.items():
        lines.append(f"  {npcs.yaml_str(side)}:")
        for npc in members:
            c = _character(npc, dice)
            lines.append(f"    - name: {npcs.yaml_str(c['name'])}")
            for k in ("short", "pronoun", "traits", "aptitudes", "chips", "weapons", "at",
                      "tactics"):
                if k in c:
                    v = c[k]
                    text = npcs.yaml_str(v) if isinstance(v, str) else json.dumps(v)
                    lines.append(f"      {k}: {text}")
    lines += [f"max_turns: {max_turns}", "dice_fallback: seeded"]
    return "\n".join(lines) + "\n"
