"""``narrator generate --ruleset gaslight``: a commented, ready-to-run Gaslight scenario.

Names from period lists (no Faker: the same seed, the same people on every machine), abilities
3d6-ish in the d20 range, a gun of the period each (a constable's Webley, a rough's Bull Dog,
a gentleman's pocket revolver, a keeper's shotgun), cover at a landmark or two.

May import: narrator.rulesets.gaslight.*, narrator.npcs (its YAML and comment helpers only),
narrator.render.inflection (lazily: alike_names).
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
#: Side names of the law in a Gaslight town, beside the Western ones (``npcs.is_law``).
LAW_WORDS = ("constab", "police", "inspector", "sergeant", "yard", "peeler", "bobb", "watch",
             "guard", "officer", "detective", "polic")
#: Tactics profiles by kind of side, as (profile, weight): the law's first man its lawman
#: (he covers them and calls on them), the rest mostly lawmen and careful men, never a
#: coward; everyone else never a lawman.
LAW_PROFILES = (("lawman", 5), ("cautious", 3), ("sniper", 1), ("aggressive", 1))
OTHER_PROFILES = (("aggressive", 5), ("cautious", 4), ("sniper", 2), ("coward", 3))
#: What each profile does, as the comment after ``tactics:`` says it (tactics.py; narrator
#: rules gaslight tactics); {he}: the character's pronoun (``npcs.role_note``).
ROLE_NOTES = {
    "aggressive": "closes in; snap and rapid fire up close, fans when {he} can",
    "cautious": "aimed shots while unhurried, then snap shots; stays put",
    "coward": "as cautious until hurt, then runs, firing in panic",
    "sniper": "aimed shots only",
    "lawman": "covers the nearest enemy until someone fires, then aimed shots",
}
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


def is_law(side: str) -> bool:
    """A side whose name sounds like the law: a Western one (``npcs.is_law``: posse,
    marshals...) or a Victorian one (constables, police, the Yard...)."""
    import re

    from narrator.npcs import is_law as western

    words = re.findall(r"[a-z]+", side.lower())
    return western(side) or any(word.startswith(w) for word in words for w in LAW_WORDS)


def _profile(roles: random.Random, law: bool, first: bool) -> str:
    """A tactics profile for a man of a side of the law (``law``) or not: the law's first man
    its lawman; else weighted (``LAW_PROFILES``, ``OTHER_PROFILES``)."""
    if law and first:
        return "lawman"
    table = LAW_PROFILES if law else OTHER_PROFILES
    return roles.choices([p for p, _ in table], [w for _, w in table])[0]


def generate(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int,
             command: str) -> str:
    """A Gaslight scenario as commented YAML text: ``sides`` ``[(name, how many)]``,
    ``setting`` one of street, saloon, corral, canyon (the landmarks), the same ``seed``
    giving the same text. A side of the law (``is_law``: constables, police, a posse) plays
    the law's profiles, its first man a lawman; every other side never a lawman."""
    from narrator.npcs import role_note, yaml_str
    from narrator.render.inflection import alike_names

    rnd = random.Random(f"{seed}:gaslight")
    roles = random.Random(f"{seed}:gaslight:roles")   # (its own stream: the same people)
    taken: set[str] = set()
    dist = rnd.randint(8, 20)
    lines = [f"# A generated Gaslight fight{f' ({command})' if command else ''}.",
             "# Edit anything you like: names, numbers, guns, positions, tactics, the map.",
             "#   narrator run THIS_FILE                 the fight, written up (same seed, same "
             "fight)",
             "#   narrator batch THIS_FILE --runs 10 --out DIR    ten fights, one file each",
             "#   narrator odds THIS_FILE --trials 10000         who is likely to win",
             f"title: {yaml_str(f'A {setting} affray')}", "ruleset: gaslight",
             f"seed: {seed}                    # the dice; another seed is another fight",
             "description: >-",
             *("  " + line for line in textwrap.wrap(_description(sides, setting, seed, dist),
                                                     88)),
             "# light: good, blinding, poor or bad; weather: clear, light_fog, fog or pea_soup",
             "# (all but good and clear cost every shot something)",
             "conditions: {light: " + rnd.choice(["good", "poor"]) + ", weather: "
             + rnd.choice(["clear", "light_fog", "fog"]) + "}",
             "",
             f"# The {setting}, in yards (x, y). A landmark is somewhere to go (move: KEY);",
             "# cover and concealment: how much of a man there is hidden (0, 25, 50, 75 or 90",
             "# per cent: the more, the harder to hit).",
             "map:"]
    places = PLACES.get(setting, PLACES["street"])
    for k, (key, name, cover, conc) in enumerate(places):
        lines.append(f"  {key}: {{at: [{round(dist / 2)}, {4 * (1 if k else -1)}], "
                     f"name: {yaml_str(name)}, cover: {cover}, concealment: {conc}}}")
    lines += ["",
              "# The sides. str, dex and con are the ability scores (con is Health); bab the base",
              "# attack bonus; hp hit points, lost before Health; weight in lb; quick_draw: Quick",
              "# Draw points. weapons are Gaslight types (narrator rules gaslight weapons), the",
              "# first the one he uses; carried: where (ready: in hand; holster, pocket: a draw",
              "# first, a move or a standard action); powder: black or smokeless; old: an old gun",
              "# (smokeless may burst it). tactics: how he fights when nobody declares for him:",
              "# aggressive, cautious, coward, sniper or lawman.",
              "sides:"]
    leaders: list[str] = []   # each side's first man, for the example of a declared round
    shorts: list[str] = []    # the short names given so far
    for s, (side, count) in enumerate(sides):
        law = is_law(side)
        lines.append(f"  {yaml_str(side)}:{'                  # the law' if law else ''}")
        for i in range(count):
            for tries in range(100):
                she = rnd.random() < 0.1
                first = rnd.choice(FIRST_SHE if she else FIRST)
                last = rnd.choice(LAST)
                full = f"{first} {last}"
                # nor a short name a reader mixes up with another's (John and Joseph), which
                # the write-ups would change (``inflection.alike_names``), while others remain
                if full not in taken and first not in taken and (tries >= 70 or not any(
                        alike_names(first, o) for o in shorts)):
                    break
            taken.update((full, first))
            shorts.append(first)
            if i == 0:
                leaders.append(first)
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
            rnd.choice(PROFILES)   # (drawn as before the roles: the same seed, the same people)
            prof = _profile(roles, law, i == 0)
            note = role_note(ROLE_NOTES, prof, "she" if she else "he")
            lines.append(f"      tactics: {prof:<20} # {note}")
    lines += ["",
              "# No rounds are declared: tactics decide every round, for at most max_turns.",
              "# To play a round yourself, declare each man's intent; declared intents win.",
              "# For example (the first man of each side):",
              "# turns:",
              "#   - intents:",
              f"#       {leaders[0]}: {{shoot: {leaders[-1]}, mode: aimed}}",
              f"max_turns: {max_turns}"]
    return "\n".join(lines) + "\n"

