"""Generated skirmishes, the part every ruleset shares: Western names, sides placed in a
setting with landmarks and cover, a role (tactics profile) for each character, and the
commented YAML around them. A ruleset's generator (``Ruleset.generate``, e.g.
``narrator/rulesets/<name>/generate.py``) adds each character's rule fields (attributes,
skills, weapons...) through ``skirmish(..., character=...)`` and writes the file with
``to_yaml(..., rules=...)``.

Names come from Faker with its own generator seeded per instance
(``Faker().seed_instance(seed)``), never the global one; everything else from a private
``random.Random`` drawn only through ``random()`` (stable across Python versions). The same
seed (with the same Faker release) gives the same people, the same map and the same text.

The only module that imports faker (lazily, inside ``generate``: it is slow to import).

May import: faker (lazily), narrator.render.inflection (lazily: side names, alike names).
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SETTINGS = ("street", "saloon", "corral", "canyon")
MAX_SIDES = 6
MAX_PER_SIDE = 12

# Period first names (US census lists of the 1870s-1880s) and nicknames; Faker gives the
# surnames and picks among these with its seeded generator.
FIRST_MALE = (
    "John", "William", "James", "George", "Charles", "Frank", "Joseph", "Henry", "Robert",
    "Thomas", "Edward", "Harry", "Walter", "Arthur", "Fred", "Albert", "Samuel", "Louis",
    "David", "Joe", "Charlie", "Richard", "Ernest", "Andrew", "Jesse", "Oscar", "Daniel",
    "Benjamin", "Alfred", "Peter", "Elmer", "Lewis", "Herman", "Martin", "Jacob", "Michael",
    "Jim", "Ben", "Eugene", "Francis", "Harvey", "Clyde", "Edwin", "Ed", "Bert", "Jack",
    "Otto", "Luther", "Ira", "Hugh", "Isaac", "Oliver", "Patrick", "Homer", "Amos", "Silas",
    "Ezra", "Levi", "Caleb", "Josiah", "Hiram", "Jedediah", "Virgil", "Wyatt", "Morgan",
    "Cole", "Clay", "Zeke", "Eli", "Abner", "Rufus", "Cyrus", "Ned", "Seth", "Wade",
)
FIRST_FEMALE = (
    "Mary", "Anna", "Emma", "Elizabeth", "Minnie", "Margaret", "Ida", "Alice", "Bertha",
    "Sarah", "Annie", "Clara", "Ella", "Cora", "Martha", "Laura", "Nellie", "Belle", "Kate",
    "Mattie", "Hattie", "Josephine", "Lottie", "Pearl", "Etta",
)
NICKNAMES = (
    "Two-Gun", "Dutch", "Slim", "Doc", "Kid", "Shotgun", "Curly", "Lefty", "Deadeye",
    "Rattlesnake", "Tex", "Arkansas", "Missouri", "Whiskey", "Black Jack", "Longhair",
    "One-Eye", "Dusty", "Red", "Shorty", "Lucky", "Pecos", "Preacher", "Gentleman", "Mad Dog",
    "Snake-Eye", "Cimarron", "Brazos", "Dakota", "Cactus", "Coyote", "Buckshot", "Smiley",
    "Dirty", "Cold", "Quick", "Big", "Little", "Hangtree", "Wildcat",
)
#: Nicknames that read as a thing, not a man, when the prose calls him by them alone
#: ("Clyde's bullet takes Shotgun square", "strikes Whiskey in the thigh": a fresh user,
#: session 20): a man of one of these goes by his first name (the nickname stays in his full
#: name, and "Big Otto" style names keep it before the first name).
NICKNAMES_NOT_ALONE = frozenset({
    "Shotgun", "Whiskey", "Buckshot", "Cactus", "Coyote", "Rattlesnake", "Hangtree",
    "Gentleman", "Dirty", "Cold", "Quick", "Big", "Little", "Black Jack", "Wildcat",
    "Arkansas", "Missouri", "Dakota", "Brazos", "Cimarron", "Pecos", "Mad Dog", "Longhair",
})
TOWNS = (
    "Tascosa", "Dodge City", "Abilene", "Ellsworth", "Deadwood", "Tombstone", "Lincoln",
    "Cheyenne", "Hays", "Caldwell", "Fort Griffin", "Mobeetie", "Silver City", "Virginia City",
    "Ogallala", "Las Vegas", "Bodie", "Leadville", "Newton", "Delano",
)
LAW_WORDS = ("posse", "law", "marshal", "sheriff", "deput", "ranger", "pinkerton", "cavalry",
             "army", "vigilant", "regulator", "agent", "detective", "town")

# Tactics profiles by kind of side, as (profile, weight).
LAW_PROFILES = (("lawman", 5), ("cautious", 2), ("sniper", 2), ("aggressive", 1))
OUTLAW_PROFILES = (("aggressive", 7), ("cautious", 5), ("sniper", 3), ("coward", 3))

#: The comment after a generated ``tactics:``, by the primary ruleset's profile (``narrator
#: rules`` RULESET ``tactics``); ``{he}``, ``{his}`` are the character's pronoun (``role_note``).
ROLE_NOTES = {
    "aggressive": "a hothead: closes in, fans {his} gun up close",
    "cautious": "careful: takes cover first, shoots the most dangerous man",
    "coward": "yellow: hides, and runs at the first wound or when outnumbered",
    "sniper": "a rifleman: keeps {his} distance behind solid cover",
    "lawman": "a lawman: calls for surrender, shoots to wound",
}


def role_note(notes: dict[str, str], profile: str, pronoun: str) -> str:
    """The comment of ``profile`` in ``notes`` for a character of ``pronoun``: "fans her
    gun up close" for a woman, "fans their gun" for they."""
    his = {"she": "her", "they": "their"}.get(pronoun, "his")
    he = {"she": "she", "they": "they"}.get(pronoun, "he")
    return notes[profile].format(he=he, his=his)


def side_line(side: str, law: bool) -> str:
    """A generated side's line: "  posse:   # the law" for a side whose name sounds like it
    (``is_law``: its profiles are drawn from the lawman's), else the name alone (no word
    that may not fit it: bounty hunters are no "outlaws")."""
    return f"  {yaml_str(side)}:                  # the law" if law else f"  {yaml_str(side)}:"

# Settings: distance between the sides (yards), landmarks with cover, the weapons carried.
# Cover, 000 l.479-490 and errata B10: standing behind a bar covers legs and abdomen,
# crouching adds chest and arms; a rail fence is sporadic; wood that slows a bullet is light.
SETTING_DATA: dict[str, dict] = {
    "street": {
        "distance": (18, 35), "spread": 3.0, "width": 10,
        "what": "on the main street of {town}",
        "landmarks": [
            ("water_trough", "the water trough", 0.3, 1.0, {"locations": ["legs", "abdomen"]}),
            ("rain_barrels", "the rain barrels", 0.5, -1.0,
             {"locations": ["legs", "abdomen", "chest"], "kind": "light", "reduction": 2}),
            ("buckboard", "the buckboard wagon", 0.7, 1.0,
             {"locations": ["legs", "abdomen", "chest", "arms"]}),
            ("hitching_rail", "the hitching rail", 0.5, 1.2,
             {"locations": ["legs", "abdomen", "chest", "arms"], "kind": "sporadic"}),
            ("store_porch", "the porch of the general store", 0.15, -1.2,
             {"locations": ["legs"]}),
            ("bank_corner", "the corner of the bank", 0.85, -1.2,
             {"locations": ["left_leg", "left_arm", "left_shoulder", "abdomen", "chest"]}),
        ],
        "pistol": 1.0, "long_arm": 0.35,
    },
    "saloon": {
        "distance": (4, 10), "spread": 1.5, "width": 8,
        "what": "in the {saloon} saloon in {town}",
        "landmarks": [
            ("bar", "the bar", 0.5, 1.0, {"locations": ["legs", "abdomen", "chest", "arms"]}),
            ("card_table", "an overturned card table", 0.3, -0.6,
             {"locations": ["legs", "abdomen", "chest"], "kind": "light", "reduction": 2}),
            ("piano", "the piano", 0.75, -0.8, {"locations": ["legs", "abdomen", "chest"]}),
            ("stairs", "the stair banister", 0.9, 0.8,
             {"locations": ["legs", "abdomen", "chest", "arms"], "kind": "sporadic"}),
            ("swinging_doors", "the swinging doors", 0.0, 0.0,
             {"locations": ["abdomen", "chest"], "kind": "light", "reduction": 1}),
        ],
        "pistol": 1.0, "long_arm": 0.15,
    },
    "corral": {
        "distance": (14, 28), "spread": 3.0, "width": 14,
        "what": "at the corral outside {town}",
        "landmarks": [
            ("corral_fence", "the corral fence", 0.5, 0.0,
             {"locations": ["legs", "abdomen", "chest", "arms"], "kind": "sporadic"}),
            ("water_trough", "the water trough", 0.3, -0.8, {"locations": ["legs", "abdomen"]}),
            ("hay_wagon", "the hay wagon", 0.7, 0.9,
             {"locations": ["legs", "abdomen", "chest"], "kind": "light", "reduction": 3}),
            ("barn_corner", "the corner of the livery barn", 0.15, 1.0,
             {"locations": ["legs", "abdomen", "chest", "arms", "shoulders"]}),
            ("feed_shed", "the feed shed", 0.85, -1.0,
             {"locations": ["legs", "abdomen", "chest", "arms"]}),
        ],
        "pistol": 1.0, "long_arm": 0.5,
    },
    "canyon": {
        "distance": (35, 70), "spread": 5.0, "width": 30,
        "what": "in a box canyon in the hills above {town}",
        "landmarks": [
            ("big_boulder", "a big boulder", 0.2, 0.6,
             {"locations": ["legs", "abdomen", "chest", "arms", "shoulders"]}),
            ("rock_ledge", "the rock ledge", 0.8, -0.6,
             {"locations": ["legs", "abdomen", "chest", "arms", "shoulders"]}),
            ("dead_cottonwood", "a dead cottonwood", 0.5, 0.9,
             {"locations": ["abdomen", "chest"]}),
            ("dry_wash", "the dry wash", 0.45, -0.9, {"locations": ["legs", "abdomen"]}),
            ("scrub_oaks", "the scrub oaks", 0.6, 0.2,
             {"locations": ["legs", "abdomen", "chest"], "kind": "sporadic"}),
            ("fallen_rocks", "the fallen rocks", 0.1, -0.7,
             {"locations": ["legs", "abdomen", "chest", "arms"]}),
            ("cave_mouth", "the cave mouth", 0.9, 0.7,
             {"locations": ["legs", "abdomen", "chest", "arms", "shoulders"]}),
        ],
        "pistol": 0.7, "long_arm": 1.0,
    },
}
#: Side names that sound like men on the wrong side of the law (a motive of their own).
OUTLAW_WORDS = ("rustler", "gang", "outlaw", "robber", "bandit", "thie", "raider", "desperado",
                "comanchero", "renegade", "killer", "horse", "road", "badm", "gunm", "crook")
#: Why each side is there, one sentence a side after the standoff ("Three of the posse ...
#: face each other ..."): by the kind of side (``motive_kind``), drawn by the seeded Faker
#: (the same seed, the same words); a tuple of settings first limits a motive to those
#: settings. Fields: {side} (the side's name), {other} (the sides it is against), {town}.
#: Told as what came before (past, past perfect), so the same words read right in a
#: present-tense write-up and ``inflection.past_text`` leaves them as they are in a past one;
#: no word of place (vocabulary.toml's [place]: a motive must not make a canyon indoors).
MOTIVES: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "law": (
        ((), "The {side} had come out from {town} with a warrant for every one of {other}."),
        ((), "The {side} had sworn to take {other} back to {town} in irons."),
        ((), "The {side} had ridden two days on a paid informer's word to find {other}."),
        (("canyon", "corral"), "The {side} had followed the tracks of stolen stock to {other}."),
        (("saloon",), "The {side} had heard that {other} were drinking up a stolen payroll."),
    ),
    "outlaw": (
        ((), "The {side} were wanted men, and knew what waited for them in {town}."),
        ((), "The {side} had run as far as they meant to run."),
        ((), "The {side} had no mind to hang, and {other} knew it."),
        (("canyon", "corral"), "The {side} had a stolen herd to think of and would not give it "
                               "up."),
        (("saloon",), "The {side} had come to {town} to spend stolen money, and wanted no "
                      "trouble they could not shoot their way out of."),
        (("street",), "The {side} had ridden into {town} to settle with whoever stood in their "
                      "way."),
    ),
    "other": (
        ((), "The {side} had a score of their own to settle with {other}."),
        ((), "The {side} wanted the price on the heads of {other}."),
        ((), "The {side} had been hired to see {other} dead, and meant to earn their pay."),
        (("saloon",), "The {side} had only come in for a drink."),
        (("canyon", "corral"), "The {side} claimed the stock that {other} held, brand and all."),
    ),
}

SALOONS = ("Long Branch", "Alamo", "Oriental", "Lady Gay", "Crystal Palace", "Bull's Head",
           "Lone Star", "Silver Dollar", "Gem", "Occidental")

@dataclass
class NPC:
    """One generated character: the fields every ruleset's character has, and ``rules``, the
    ruleset's own (attributes, skills, weapons...), as its generator made them."""

    name: str
    short: str
    pronoun: str
    at: tuple[float, float]
    tactics: str
    rules: dict[str, Any] = field(default_factory=dict)


@dataclass
class Skirmish:
    """A generated scenario before it is written out."""

    title: str
    description: str
    seed: int
    setting: str
    sides: dict[str, list[NPC]]
    landmarks: list[tuple[str, str, tuple[float, float], dict]]
    max_turns: int
    command: str = ""
    notes: list[str] = field(default_factory=list)


def parse_sides(specs: list[str]) -> list[tuple[str, int]]:
    """``["posse:3", "rustlers:5"]`` -> ``[("posse", 3), ("rustlers", 5)]``.

    Raises:
        ValueError: a malformed spec, a bad count, a repeated side, fewer than two sides.
    """
    out: list[tuple[str, int]] = []
    for spec in specs:
        for part in spec.replace(",", " ").split():
            name, sep, count = part.rpartition(":")
            if not sep or not name.strip() or not count.isdigit():
                raise ValueError(f"side {part!r}: write NAME:COUNT, e.g. posse:3")
            n = int(count)
            if not 1 <= n <= MAX_PER_SIDE:
                raise ValueError(f"side {name!r}: between 1 and {MAX_PER_SIDE} characters")
            if not re.fullmatch(r"[^\W\d_][\w '-]{0,39}", name):  # letters of any script
                raise ValueError(f"side {name!r}: a letter first, then letters, digits, "
                                 f"spaces, - _ ' only")
            if any(name == other for other, _ in out):
                raise ValueError(f"side {name!r} is given twice")
            if any(name.casefold() == other.casefold() for other, _ in out):
                raise ValueError(f"side {name!r} differs from another only in capitals; the "
                                 f"write-up would call both by one name")
            out.append((name, n))
    if len(out) < 2:
        raise ValueError("a fight needs at least two sides, e.g. --sides posse:3 rustlers:5")
    if len(out) > MAX_SIDES:
        raise ValueError(f"at most {MAX_SIDES} sides")
    return out


class Dice:
    """The generator's own dice: a private Random drawn through ``random()`` only."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(f"{seed}:npcs").random

    def d(self, sides: int, n: int = 1) -> int:
        return sum(int(self._random() * sides) + 1 for _ in range(n))

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self._random()

    def chance(self, p: float) -> bool:
        return self._random() < p

    def weighted(self, choices: tuple[tuple[str, int], ...]) -> str:
        total = sum(w for _, w in choices)
        x = self._random() * total
        for value, w in choices:
            x -= w
            if x < 0:
                return value
        return choices[-1][0]


def motive_kind(side: str) -> str:
    """The kind of motive a side's name calls for (``MOTIVES``): "law" (``is_law``), "outlaw"
    (``OUTLAW_WORDS``: rustlers, a gang, road agents...) or "other" (drifters, townsmen)."""
    words = re.findall(r"[a-z]+", side.lower())
    if any(word.startswith(w) for word in words for w in OUTLAW_WORDS):
        return "outlaw"
    return "law" if is_law(side) else "other"


def motives(sides: list[str], setting: str, town: str, fake: Any,
            named: dict[str, str] | None = None) -> list[str]:
    """One sentence a side saying why it is there (``MOTIVES``), drawn with the seeded Faker
    ``fake`` in the order of ``sides``, no sentence twice. A side's {other} is the sides of the law against an
    outlaw side, the outlaw sides against the law, else every other side. ``named``: the
    name each side key is told by (default: the key)."""
    named = named or {}
    kinds = {s: motive_kind(s) for s in sides}
    out = []
    used: set[str] = set()
    for side in sides:
        mine = kinds[side]
        want = {"law": ("outlaw",), "outlaw": ("law",), "other": ("outlaw",)}[mine]
        against = [s for s in sides if s != side and kinds[s] in want] \
            or [s for s in sides if s != side]
        options = [text for where, text in MOTIVES[mine] if not where or setting in where]
        # two sides of one kind never give the same reason word for word ("The a had been
        # hired to see the b dead... The b had been hired to see the a dead...")
        options = [t for t in options if t not in used] or options
        text = fake.random_element(options)
        used.add(text)
        out.append(text.format(side=named.get(side, side),
                               other=_join([f"the {named.get(s, s)}" for s in against]),
                               town=town))
    return out


def is_law(side: str) -> bool:
    """A side whose name sounds like the law (posse, marshals, rangers...)."""
    words = re.findall(r"[a-z]+", side.lower())
    return any(word.startswith(w) for word in words for w in LAW_WORDS)


#: Faker's en_US surnames lose their apostrophe and inner capital ("Oconnell", "Mcdonald");
#: these are put back: O' before the Irish names Faker lists, Mc/Mac/Le/De capitals.
_IRISH_O = frozenset({"Obrien", "Oconnor", "Oconnell", "Odonnell", "Oneill", "Oneal", "Ohara",
                      "Okeefe", "Oleary", "Orourke", "Osullivan", "Odowd"})
_INNER_CAP = re.compile(r"^(Mc|Mac(?=[dk][a-z])|Le(?=bl)|De(?=leon))([a-z])")


def surname(last: str) -> str:
    """A Faker surname as it is written: ``"Oconnell"`` -> ``"O'Connell"``, ``"Mcdonald"``
    -> ``"McDonald"``, ``"Macdonald"`` -> ``"MacDonald"``, ``"Leblanc"`` -> ``"LeBlanc"``, ``"Deleon"`` -> ``"DeLeon"``;
    any other name unchanged (``"Odom"``, ``"Mack"``, ``"Macias"``)."""
    if last in _IRISH_O:
        return f"O'{last[1].upper()}{last[2:]}"
    return _INNER_CAP.sub(lambda m: m.group(1) + m.group(2).upper(), last)


def _name(fake, dice: Dice, taken: set[str]) -> tuple[str, str, str]:
    """(full name, short name, pronoun): a period first name, a Faker surname, sometimes a
    nickname, quoted between the two ("Jake "Two-Gun" Harlan"), the man called by it or by
    his first name. ``taken`` holds the scenario's names so far and is updated: no nickname
    twice in a scenario, nor a full or short name, and (while other names can be found) no
    first name or surname twice, nor a short name alike another's (``inflection.alike_names``:
    "Caleb" beside "Cole", whom the write-ups would tell by his surname instead, so that his
    short name as written went unused)."""
    from narrator.render.inflection import alike_names

    shorts = [x[6:] for x in taken if x.startswith("short:")]
    for tries in range(200):
        she = dice.chance(0.08)
        first = fake.random_element(FIRST_FEMALE if she else FIRST_MALE)
        last = surname(fake.last_name())
        style = dice.d(10)
        nick = None
        if style <= 5:
            full, short = f"{first} {last}", first
        elif style <= 8:
            nick = fake.random_element(NICKNAMES)
            by_nick = dice.chance(0.5)
            full = f'{first} "{nick}" {last}'
            short = nick if by_nick and nick not in NICKNAMES_NOT_ALONE else first
        else:
            # the nickname between the given name and the surname, as in 6-8, and he goes by
            # it when it reads as a man alone (no die drawn for it). Once the nickname and
            # the given name glued, '"Curly Thomas" Nicholson', short 'Curly Thomas': a given
            # name read as part of the nickname (a fresh user, session 22). A one-word short
            # name is alike another's more often than the glued pair was ('Curly' beside
            # 'Clyde'), and the tries above then draw another man: 126 of 1,800 generated
            # fights (3v4, 5v6, three sides; seeds 1-200) have other men after the rename
            nick = fake.random_element(NICKNAMES)
            full = f'{first} "{nick}" {last}'
            short = nick if nick not in NICKNAMES_NOT_ALONE else first
        if full in taken or short in taken or full == short:
            short = f"{first} {last}" if full != f"{first} {last}" else last
        if full in taken or short in taken:
            continue
        if nick is not None and f"nick:{nick}" in taken:
            continue  # one "Slim" a fight: two men of one nickname read as one man
        if f"last:{last}" in taken and tries < 150:
            continue  # nor two Browns
        if f"first:{first}" in taken and tries < 150:
            continue  # no two men called by the same first name in the prose
        if (f"last:{first}" in taken or f"first:{last}" in taken) and tries < 150:
            continue  # nor one man's first name another's surname (Morgan Keller, Ned Morgan)
        if any(alike_names(short, o) for o in shorts) and tries < 150:
            continue  # nor two short names a reader mixes up (Caleb and Cole)
        taken.update((full, short, f"first:{first}", f"last:{last}", f"short:{short}"))
        if nick is not None:
            taken.add(f"nick:{nick}")
        return full, short, "she" if she else "he"
    raise RuntimeError("could not find an unused name")  # pragma: no cover


def _placement(setting: str, n_sides: int, dice: Dice) -> tuple[list[tuple[float, float]], float]:
    """Centre of each side's line, and the distance between the sides (yards)."""
    lo, hi = SETTING_DATA[setting]["distance"]
    dist = round(dice.uniform(lo, hi))
    if n_sides == 2:
        return [(0.0, 0.0), (float(dist), 0.0)], dist
    centres = []
    radius = dist / (2 * math.sin(math.pi / n_sides))
    for k in range(n_sides):
        a = 2 * math.pi * k / n_sides + math.pi
        centres.append((round(radius + radius * math.cos(a), 1), round(radius * math.sin(a), 1)))
    return centres, dist


Character = Callable[["Dice", str, bool, str], dict[str, Any]]
"""A ruleset's part of a generated character: ``(dice, profile, leader, setting)`` -> its rule
fields (in the order the YAML shows them), drawn from ``dice`` only."""


def skirmish(sides: list[tuple[str, int]], setting: str, seed: int, max_turns: int = 20,
             command: str = "", *, character: Character) -> Skirmish:
    """A generated skirmish.

    Args:
        sides: ``[(side name, number of characters), ...]`` (see ``parse_sides``).
        setting: one of ``SETTINGS``.
        seed: seeds the names (Faker), the numbers, and the scenario's own ``seed:``.
        max_turns: turns to fight at most (tactics decide every one).
        command: the command line that made it, quoted in the header comment.
        character: the ruleset's fields of each character (``Character``), called after his
            name and place are drawn.

    Raises:
        ValueError: an unknown setting.
    """
    if setting not in SETTING_DATA:
        raise ValueError(f"unknown setting {setting!r} (settings: {', '.join(SETTINGS)})")
    from faker import Faker  # slow to import: only here

    fake = Faker("en_US")
    fake.seed_instance(seed)
    dice = Dice(seed)
    data = SETTING_DATA[setting]
    centres, dist = _placement(setting, len(sides), dice)
    taken = {name for name, _ in sides}
    mx = sum(c[0] for c in centres) / len(centres)
    my = sum(c[1] for c in centres) / len(centres)
    out: dict[str, list[NPC]] = {}
    for (side, n), centre in zip(sides, centres, strict=True):
        profiles = LAW_PROFILES if is_law(side) else OUTLAW_PROFILES
        members = []
        for k in range(n):
            prof = "lawman" if (k == 0 and is_law(side)) else dice.weighted(profiles)
            full, short, pronoun = _name(fake, dice, taken)
            offset = (k - (n - 1) / 2) * data["spread"]
            # line up across the line between the sides, a little ragged
            ang = math.atan2(my - centre[1], mx - centre[0])
            px = centre[0] - math.sin(ang) * offset + dice.uniform(-1, 1)
            py = centre[1] + math.cos(ang) * offset + dice.uniform(-1, 1)
            members.append(NPC(name=full, short=short, pronoun=pronoun,
                               at=(round(px, 1), round(py, 1)), tactics=prof,
                               rules=character(dice, prof, k == 0, setting)))
        out[side] = members
    # Landmarks between the sides: ``along`` is the share of the way from the first side's
    # line to the second's, ``across`` a multiple of half the setting's width.
    (ax, ay), (bx, by) = centres[0], centres[1]
    length = math.dist((ax, ay), (bx, by)) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    landmarks = []
    for key, name, along, across, cover in data["landmarks"]:
        jitter = dice.uniform(-0.05, 0.05)
        lateral = across * data["width"] / 2 + dice.uniform(-1, 1)
        x = ax + ux * length * (along + jitter) - uy * lateral
        y = ay + uy * length * (along + jitter) + ux * lateral
        landmarks.append((key, name, (round(x, 1), round(y, 1)), dict(cover, by=name)))
    town = fake.random_element(TOWNS)
    place = data["what"].format(town=town, saloon=fake.random_element(SALOONS))
    named = {s: _side_name(s, [m.name for m in out[s]]) for s, _ in sides}
    title = _join([_title(named[s]) for s, _ in sides]) + f" at {town}"
    who = _join([f"{_number(n)} of the {named[s]}" if n > 1 else f"one of the {named[s]}"
                 for s, n in sides])
    # the scenario's own words, read as the scene's opening: no engine terms (who declares
    # what is told by the write-up's rolls block, not here)
    description = f"{who[:1].upper()}{who[1:]} face each other {place}, about {dist} yards apart."
    # why each side is there (drawn last: every name, number and place above is as before)
    description = " ".join([description] + motives([s for s, _ in sides], setting, town, fake,
                                                   named))

    return Skirmish(title, description, seed, setting, out, landmarks, max_turns, command)


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve")


def _number(n: int) -> str:
    """A count in words up to twelve ("three"), in figures past it ("16")."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _title(side: str) -> str:
    return side[:1].upper() + side[1:]


def _side_name(key: str, members: list[str]) -> str:
    """The name side ``key`` is told by in the generated title and description, as the
    write-up tells it (``inflection.key_name``: "bar_t" is "Bar T", "lassiters" with a Jim
    Lassiter "Lassiters"), without "the"."""
    from narrator.render.inflection import key_name  # (inflect: only when generating)

    name = key_name(key, members)
    return name[4:] if name.lower().startswith("the ") and len(name) > 4 else name  # the_bar_t


# ---------------------------------------------------------------------- YAML
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _.'-]*")
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


def yaml_str(s: str) -> str:
    """A YAML scalar for ``s``: plain when safe, else single- or double-quoted."""
    if _PLAIN.fullmatch(s) and s.lower() not in _YAML_WORDS and not s.endswith(" ") \
            and ": " not in s and " #" not in s:
        return s
    if "\n" not in s and "\\" not in s:
        return "'" + s.replace("'", "''") + "'"
    return json.dumps(s, ensure_ascii=False)


def _num(v: float) -> str:
    return f"{v:g}"


def flow(d: dict) -> str:
    parts = []
    for k, v in d.items():
        if isinstance(v, list):
            v = "[" + ", ".join(yaml_str(str(x)) for x in v) + "]"
        elif isinstance(v, str):
            v = yaml_str(v)
        parts.append(f"{k}: {v}")
    return "{" + ", ".join(parts) + "}"


@dataclass
class RulesYaml:
    """What a ruleset puts into a generated scenario's YAML around the shared lines.

    Attributes:
        ruleset: its name (``ruleset:``).
        top: lines after ``description:`` (house rules...).
        map_note: comment lines above ``map:`` (what a landmark's cover does).
        cover: a landmark's ``cover`` spec (from ``SETTING_DATA``) as its YAML value.
        sides_note: comment lines above ``sides:`` (the fields of a character).
        before_at: a character's rule lines before ``at:`` (attributes, skills, weapons).
        after_at: a character's rule lines after ``at:`` (handedness...).
        turns_note: comment lines before the example of a declared turn.
        example: the example intent of the first character, at ``target`` (the first of the
            second side): ``{shoot: Jake, shots: 2}``.
        role_notes: the comment after each ``tactics:`` by profile, when the ruleset's
            profiles play otherwise than Boot Hill's (``ROLE_NOTES``); None: those.
    """

    ruleset: str
    top: list[str]
    map_note: list[str]
    cover: Callable[[dict], str]
    sides_note: list[str]
    before_at: Callable[[NPC], list[str]]
    after_at: Callable[[NPC], list[str]]
    turns_note: list[str]
    example: Callable[[NPC], str]
    role_notes: dict[str, str] | None = None


def to_yaml(sk: Skirmish, rules: RulesYaml) -> str:
    """The skirmish as a commented scenario file (accepted by ``narrator check``)."""
    law = [s for s in sk.sides if is_law(s)]
    lines = [
        f"# A generated skirmish{f' ({sk.command})' if sk.command else ''}.",
        "# Edit anything you like: names, numbers, weapons, positions, tactics, the map.",
        "#   narrator run THIS_FILE                 the fight, written up (same seed, same fight)",
        "#   narrator batch THIS_FILE --runs 10 --out DIR    ten fights, one file each",
        "#   narrator odds THIS_FILE --trials 10000         who is likely to win",
        f"title: {yaml_str(sk.title)}",
        f"ruleset: {rules.ruleset}",
        f"seed: {sk.seed}                    # the dice; another seed is another fight",
        "description: >-",
        *("  " + line for line in _wrap(sk.description, 88)),
        *rules.top,
        "",
        *rules.map_note,
        "map:",
    ]
    for key, name, at, cover in sk.landmarks:
        lines.append(f"  {key}:")
        lines.append(f"    at: [{_num(at[0])}, {_num(at[1])}]")
        lines.append(f"    name: {yaml_str(name)}")
        lines.append(f"    cover: {rules.cover(cover)}")
    lines += ["", *rules.sides_note, "sides:"]
    for side, members in sk.sides.items():
        lines.append(side_line(side, side in law))
        for c in members:
            lines.append(f"    - name: {yaml_str(c.name)}")
            if c.short != c.name:
                lines.append(f"      short: {yaml_str(c.short)}")
            if c.pronoun != "he":
                lines.append(f"      pronoun: {c.pronoun}")
            lines += rules.before_at(c)
            lines.append(f"      at: [{_num(c.at[0])}, {_num(c.at[1])}]")
            lines += rules.after_at(c)
            note = role_note(rules.role_notes or ROLE_NOTES, c.tactics, c.pronoun)
            lines.append(f"      tactics: {c.tactics:<12}       # {note}")
    first = next(iter(sk.sides.values()))[0]
    target = list(sk.sides.values())[1][0]
    lines += [
        "",
        *rules.turns_note,
        "# turns:",
        "#   - intents:",
        f"#       {yaml_str(first.short)}: {rules.example(target)}",
        f"max_turns: {sk.max_turns}",
        "",
    ]
    return "\n".join(lines)


def _wrap(text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return out
