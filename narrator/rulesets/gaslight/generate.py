"""``narrator generate --ruleset gaslight``: a commented, ready-to-run Gaslight scenario.

Names from period lists (no Faker: the same seed, the same people on every machine), abilities
3d6-ish in the d20 range, a gun of the period each (a constable's Webley, a rough's Bull Dog,
a gentleman's pocket revolver, a keeper's shotgun), cover at a landmark or two.

May import: narrator.rulesets.gaslight.*, narrator.npcs (its YAML helpers only).
"""

from __future__ import annotations

import random
import textwrap

FIRST = ("Albert", "Arthur", "Edwin", "Frederick", "George", "Harold", "Henry", "Herbert",
         "Jem", "John", "Joseph", "Michael", "Nobby", "Percy", "Reginald", "Samuel", "Silas",
         "Thomas", "Walter", "William")
FIRST_SHE = ("Ada", "Florence", "Kitty", "Maud", "Nell")
LAST = ("Ashby", "Blackwood", "Clegg", "Crane", "Doyle", "Fenwick", "Gault", "Halloran",
        "Hobbs", "Jessop", "Marsh", "Moriarty", "Pike", "Quill", "Rudd", "Skelton", "Thorne",
        "Tolliver", "Vane", "Whitlock")
GUNS = ("webley_revolver", "bulldog_revolver", "revolver", "single_action_revolver",
        "derringer", "repeater", "shotgun", "sawed_off")
PROFILES = ("aggressive", "cautious", "coward", "sniper", "lawman")
#: The towns and public houses a generated fight's description names (drawn from a stream of
#: their own: the same seed keeps its people and map).
TOWNS = ("Bradford", "Bristol", "Carlisle", "Leeds", "Liverpool", "Manchester", "Newcastle",
         "Sheffield", "Southwark", "Whitechapel")
INNS = ("the Black Bull", "the Crown and Anchor", "the King's Head", "the Red Lion",
        "the Saracen's Head")
#: Where each setting's fight is, as the description says it: the words the story's scene
#: reads (indoors or out; a paved street or open ground: vocabulary.toml [place]).
WHERE = {
    "street": "in a gaslit street in {town}",
    "saloon": "in the saloon bar of {inn}, {town}",
    "corral": "in the stable yard behind {inn}, {town}",
    "canyon": "in a worked-out quarry outside {town}",
}
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve")


def _description(sides: list[tuple[str, int]], setting: str, seed: int, dist: int) -> str:
    """The scene's opening line: who faces whom, where (``WHERE``), how far apart (yards)."""
    rnd = random.Random(f"{seed}:gaslight:scene")
    town, inn = rnd.choice(TOWNS), rnd.choice(INNS)
    from narrator.render.inflection import key_name

    # each side by the name its key shows as in the write-up ("bar_t": "the Bar T")
    named = {s: (lambda k: k if k.lower().startswith("the ") else "the " + k)(key_name(s))
             for s, _ in sides}
    who = [f"{NUMBERS[n] if n < len(NUMBERS) else n} of {named[s]}" if n != 1
           else f"one of {named[s]}" for s, n in sides]
    said = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
    where = WHERE.get(setting, WHERE["street"]).format(town=town, inn=inn)
    return f"{said[:1].upper()}{said[1:]} face each other {where}, about {dist} yards apart."
PLACES = {
    "street": [("lamp_post", "the lamp post", 0, 25), ("hansom", "the hansom cab", 50, 0)],
    "saloon": [("bar", "the bar", 75, 0), ("card_table", "the card table", 25, 0)],
    "corral": [("wagon", "the coal wagon", 50, 0), ("trough", "the horse trough", 25, 0)],
    "canyon": [("wall", "the quarry wall", 75, 0), ("shed", "the tool shed", 50, 0)],
}


def generate(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int,
             command: str) -> str:
    """A Gaslight scenario as YAML text: ``sides`` ``[(name, how many)]``, ``setting`` one of
    street, saloon, corral, canyon (the landmarks), the same ``seed`` giving the same text."""
    from narrator.npcs import yaml_str

    rnd = random.Random(f"{seed}:gaslight")
    taken: set[str] = set()
    dist = rnd.randint(8, 20)
    lines = [f"# A generated Gaslight fight{f' ({command})' if command else ''}.",
             "# Positions in yards; every character fights by his tactics profile.",
             f"title: {yaml_str(f'A {setting} affray')}", "ruleset: gaslight", f"seed: {seed}",
             "description: >-",
             *("  " + line for line in textwrap.wrap(_description(sides, setting, seed, dist),
                                                     88)),
             "conditions: {light: " + rnd.choice(["good", "poor"]) + ", weather: "
             + rnd.choice(["clear", "light_fog", "fog"]) + "}", "map:"]
    places = PLACES.get(setting, PLACES["street"])
    for k, (key, name, cover, conc) in enumerate(places):
        lines.append(f"  {key}: {{at: [{round(dist / 2)}, {4 * (1 if k else -1)}], "
                     f"name: {yaml_str(name)}, cover: {cover}, concealment: {conc}}}")
    lines.append("sides:")
    for s, (side, count) in enumerate(sides):
        lines.append(f"  {yaml_str(side)}:")
        for i in range(count):
            for _ in range(100):
                she = rnd.random() < 0.1
                first = rnd.choice(FIRST_SHE if she else FIRST)
                last = rnd.choice(LAST)
                full = f"{first} {last}"
                if full not in taken and first not in taken:
                    break
            taken.update((full, first))
            gun = rnd.choice(GUNS)
            carried = "ready" if gun in ("repeater", "shotgun") else rnd.choice(
                ["holster", "pocket", "ready"])
            powder = rnd.choice(["black", "black", "smokeless"])
            x = 0 if s == 0 else dist
            lines.append(f"    - name: {yaml_str(full)}")
            lines.append(f"      short: {yaml_str(first)}")
            if she:
                lines.append("      pronoun: she")
            lines.append(f"      str: {rnd.randint(8, 16)}")
            lines.append(f"      dex: {rnd.randint(9, 17)}")
            lines.append(f"      con: {rnd.randint(9, 16)}")
            lines.append(f"      bab: {rnd.randint(0, 4)}")
            lines.append(f"      hp: {rnd.randint(4, 14)}")
            lines.append(f"      weight: {rnd.randint(105, 220)}")
            lines.append(f"      skills: {{quick_draw: {rnd.randint(0, 3)}}}")
            lines.append(f"      weapons: [{{type: {gun}, carried: {carried}, powder: {powder}"
                         f"{', old: true' if rnd.random() < 0.2 else ''}}}]")
            lines.append(f"      at: [{x}, {2 * i - count + 1}]")
            lines.append(f"      tactics: {rnd.choice(PROFILES)}")
    lines.append(f"max_turns: {max_turns}")
    return "\n".join(lines) + "\n"
