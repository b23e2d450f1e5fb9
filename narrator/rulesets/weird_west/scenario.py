"""A Weird West scenario (``ruleset: weird-west``, source 004): its models and cross-checks.

The shared loader parses the YAML and records where every key and value is; ``validate``
here checks a ``weird-west`` scenario. Errors are one located line, ``file:line:column:
message``, with the nearest valid name for a misspelling. After validation every character
reference is a full name and the scripted dice are in ``LoadedScenario.script`` (cards as
their place in the deck, ``cards.Card.place + 1``).

Shape (see ``scenarios/examples/stagecoach.yaml``)::

    title, ruleset: weird-west, seed, description, light: day|dim|dark|near_dark|pitch_dark,
    options: {melee_must_exceed: false},
    house_rules: {SECTION: {KEY: value}, weapons: {TYPE: {range, rof, shots, damage, defense,
                  action}}}   (the numbers of data/rules.toml and weapons.toml, changed),
    map: {key: {at: [x, y], name, cover: {material: wood | armor: 2, covers: [legs, ...]}}},
    sides: {side: [{name, short, pronoun, traits: {deftness: 3d8, ...},
                    aptitudes: {shootin: {pistol: 3}, fightin: {brawlin: 2}, dodge: 2,
                                quick_draw: 1},
                    pace, size, wind, chips: {white, red, blue}, weapons: [{type, name,
                    loaded, holstered, damage: 3d6, range, rof, shots, defense, action}],
                    undead, at, cover, prone, missing: [left_arm], load, tactics, vamoose,
                    aim}]},
    turns: [{intents: {who: [ {move, shoot|fan|aim|fight|draw|reload|clear|prone|stand|
                                hold|other, weapon, shots, called, two_guns, quick_draw},
                              ... one a card ... ]}}],
    max_turns, dice: {who: {purpose: [values], cards: [AS, 10H, joker_black]}},
    dice_fallback, state

May import: pydantic, narrator.scenario.models, narrator.scenario.loader, narrator.dice,
narrator.errors, narrator.rulesets.weird_west.*.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator, Field, create_model, field_validator, model_validator,
)

from narrator.dice import ScriptedValue
from narrator.errors import ScenarioError
from narrator.rulesets.weird_west import cards as C
from narrator.rulesets.weird_west import rules as R
from narrator.rulesets.weird_west import tables
from narrator.rulesets.weird_west.rolls import PURPOSES
from narrator.scenario import loader
from narrator.scenario.models import (
    Invalid, Model, Point, Resolved, SideNames, WeaponName, same_weapon_name,
    ScenarioBase, _has_characters, landmark_position,
)

RULESET = "weird-west"
PROFILES = ("aggressive", "cautious", "coward", "gunslinger", "undead")
weapon_table = tables.weapons  # the weapon table, for Ruleset.weapons (state: edits of loaded:)
TRAIT_RE = re.compile(r"^([1-5])d(4|6|8|10|12)$")
DICE_RE = re.compile(r"^([0-9]{1,2})d(4|6|8|10|12)$")
DEFAULT_TRAIT = "2d6"   # ruled: WN18 (a trait the scenario leaves out)
Light = Literal["day", "dim", "dark", "near_dark", "pitch_dark"]
Location = Literal["legs", "lower_guts", "gizzards", "arms", "upper_guts", "noggin"]
Track = Literal["noggin", "guts", "left_arm", "right_arm", "left_leg", "right_leg"]
Called = Literal["upper_guts", "lower_guts", "gizzards", "left_arm", "right_arm", "left_leg",
                 "right_leg", "left_hand", "right_hand", "noggin", "eye"]


def _trait(value: str) -> str:
    if not TRAIT_RE.match(value):
        raise ValueError(f"a trait is dice and a die type, 1d4 to 5d12 (like 2d8), not {value!r}")
    return value


def _dice(value: str) -> str:
    if not DICE_RE.match(value):
        raise ValueError(f"damage is dice and a die type (like 3d6), not {value!r}")
    return value


TraitDice = Annotated[str, AfterValidator(_trait)]
DamageDice = Annotated[str, AfterValidator(_dice)]
Level = Annotated[int, Field(ge=0, le=10)]


def parse_trait(value: str) -> tuple[int, int]:
    """"3d8" -> (3, 8): (level, die type) (W1)."""
    n, d = value.split("d")
    return int(n), int(d)


class Traits(Model):
    """W1: each trait is dice and a die type ("2d8"); one left out is 2d6 (WN18)."""

    deftness: TraitDice = DEFAULT_TRAIT
    nimbleness: TraitDice = DEFAULT_TRAIT
    quickness: TraitDice = DEFAULT_TRAIT
    strength: TraitDice = DEFAULT_TRAIT
    vigor: TraitDice = DEFAULT_TRAIT
    cognition: TraitDice = DEFAULT_TRAIT
    knowledge: TraitDice = DEFAULT_TRAIT
    mien: TraitDice = DEFAULT_TRAIT
    smarts: TraitDice = DEFAULT_TRAIT
    spirit: TraitDice = DEFAULT_TRAIT

    def of(self, name: str) -> tuple[int, int]:
        return parse_trait(getattr(self, name))


class Aptitudes(Model):
    """W1: levels. ``shootin`` and ``fightin`` by concentration."""

    shootin: dict[Literal["pistol", "rifle", "shotgun", "bow"], Level] = {}
    fightin: dict[Literal["brawlin", "knife", "sword", "club", "axe"], Level] = {}
    dodge: Level = 0
    quick_draw: Level = 0
    climbin: Level = 0


class CoverSpec(Model):
    """W9: what stands between a man and the shots: its ``material`` (plank, wood, timber,
    adobe, brick, stone, iron) or ``armor`` (0-5), and the hit locations it ``covers``
    (default the lower body: legs, lower guts, gizzards, as a bar or a wall does)."""

    material: Literal["plank", "wood", "timber", "adobe", "brick", "stone", "iron"] | None = None
    armor: int | None = Field(None, ge=0, le=5)
    covers: list[Location] = ["legs", "lower_guts", "gizzards"]
    name: str | None = Field(None, max_length=60)

    @model_validator(mode="after")
    def _one(self) -> CoverSpec:
        if self.material is None and self.armor is None:
            raise Invalid("cover needs a material (wood, adobe, stone, iron, ...) or an armor",
                          "material")
        return self

    @property
    def armor_value(self) -> int:
        return self.armor if self.armor is not None else R.armor_of(self.material)


class Landmark(Model):
    """A named place; ``cover`` protects whoever stands there (within 2 yards)."""

    at: Point
    name: str | None = Field(None, max_length=60)
    cover: CoverSpec | None = None


class WeaponSpec(Model):
    """A carried weapon: a ``type`` of ``data/weapons.toml`` (or an alias); any field may be
    overridden (W15). ``holstered``: not in hand at the start (drawing is an action, W17);
    the first weapon is in hand unless ``holstered: true``, a later one only with
    ``holstered: false`` written and a hand free for it (WN20)."""

    type: str
    name: WeaponName | None = Field(None, max_length=60)
    loaded: int | None = Field(None, ge=0, le=100)
    holstered: bool = False
    damage: DamageDice | None = None
    range: int | None = Field(None, ge=1, le=1000)
    rof: int | None = Field(None, ge=1, le=10)
    shots: int | None = Field(None, ge=1, le=100)
    defense: int | None = Field(None, ge=0, le=10)
    action: Literal["single", "double", "lever", "single_shot", "break", "none"] | None = None


class Character(Model):
    """One character (W1, W5, W8, W16, W19). ``cover``: a landmark key or a cover of his own;
    ``missing``: limbs he lacks (004 l.115); ``load``: pounds carried (004 l.48); ``vamoose``:
    whether he vamooses when hit and holding a card (W11); ``aim``: where raises move a hit
    (W7)."""

    name: str = Field(min_length=1, max_length=80)
    short: str | None = Field(None, min_length=1, max_length=60)
    pronoun: Literal["he", "she", "they"] = "he"
    traits: Traits = Traits()
    aptitudes: Aptitudes = Aptitudes()
    pace: int | None = Field(None, ge=1, le=30)
    size: int | None = Field(None, ge=1, le=20)   # None: the rules' Size (W8, 6)
    wind: int | None = Field(None, ge=1, le=60)
    chips: dict[Literal["white", "red", "blue"], Annotated[int, Field(ge=0, le=20)]] = {}
    weapons: list[WeaponSpec] = []
    undead: bool = False
    at: Point | str
    cover: str | CoverSpec | None = None
    prone: bool = False
    missing: list[Literal["left_arm", "right_arm", "left_leg", "right_leg"]] = []
    load: float = Field(0, ge=0, le=1000)
    tactics: str | None = None
    vamoose: bool = True
    aim: Literal["vitals", "limbs", "none"] = "vitals"
    notes: str | None = Field(None, max_length=500)


ACTIONS = ("shoot", "fan", "aim", "fight", "draw", "reload", "clear", "prone", "stand", "hold",
           "flee", "surrender", "other")


class Action(Model):
    """What a character does with one card (W4): an optional ``move`` (a landmark or
    ``[x, y]``; more than his Pace is running, 004 l.38), then one action: ``shoot`` (a target;
    ``shots`` up to the rate of fire; ``called``; ``two_guns``), ``fan`` (a target or a list,
    004 l.146), ``aim`` (a target, 004 l.142), ``fight`` (a target within 1 yard; ``two_fisted``: two attacks,
    004 l.175-182),
    ``draw`` (a weapon), ``reload`` (true or a weapon), ``clear`` (a jam, W20), ``prone``,
    ``stand``, ``hold`` (nothing; the card may go up his sleeve), ``flee`` (he runs from the
    nearest enemy and is out of the fight, W18, ruled: WN24), ``surrender`` (he throws down his
    weapons and is out), ``other`` (free text).
    ``quick_draw`` (with ``shoot`` or ``fan`` only): draw the weapon with the quick draw
    roll, and, made, fire it on the same card (W17)."""

    move: str | Point | None = None
    shoot: str | None = None
    fan: str | list[str] | None = None
    aim: str | None = None
    fight: str | None = None
    draw: str | bool | None = None
    reload: str | bool | None = None
    clear: bool = False
    prone: bool = False
    stand: bool = False
    hold: bool = False
    flee: bool = False
    surrender: bool = False
    other: str | None = Field(None, max_length=300)
    weapon: str | None = None
    shots: int | None = Field(None, ge=1, le=6)
    called: Called | None = None
    two_guns: bool = False
    two_fisted: bool = False
    quick_draw: bool = False
    friendly_fire: bool = False

    @model_validator(mode="after")
    def _one_action(self) -> Action:
        chosen = [a for a in ACTIONS if getattr(self, a) not in (None, False)]
        if len(chosen) > 1:
            raise Invalid(f"one action a card: {chosen[0]} or {chosen[1]}, not both", chosen[1])
        if self.shots is not None and not (self.shoot or self.fan):
            raise Invalid("shots go with shoot or fan", "shots")
        if self.called is not None and not (self.shoot or self.fan):
            raise Invalid("called goes with shoot or fan", "called")
        if self.two_guns and not self.shoot:
            raise Invalid("two_guns goes with shoot", "two_guns")
        if self.two_fisted and not self.fight:
            raise Invalid("two_fisted goes with fight", "two_fisted")
        if self.quick_draw and not (self.shoot or self.fan):
            # W17: the roll draws the gun free on the card that fires it; a draw alone takes
            # its card whatever is rolled, so the flag there did nothing
            raise Invalid("quick_draw goes with shoot or fan: a quick draw made draws the gun "
                          "free on the card that fires it (W17), so write {shoot: TARGET, "
                          "weapon: GUN, quick_draw: true} in place of the draw", "quick_draw")
        return self

    @property
    def action(self) -> str | None:
        return next((a for a in ACTIONS if getattr(self, a) not in (None, False)), None)


class Turn(Model):
    """One round (004 l.15): each character's actions, one a card, in the order he plays
    them (a single action may be written without the list)."""

    intents: dict[str, Annotated[list[Action], Field(max_length=10)] | Action] = {}
    resolved: Resolved | None = None

    @field_validator("intents", mode="after")
    @classmethod
    def _lists(cls, v: dict) -> dict:
        return {k: x if isinstance(x, list) else [x] for k, x in v.items()}

    @property
    def kind(self) -> str:
        return "round"


class Options(Model):
    """Choices the rulings leave open (W12: ``melee_must_exceed``)."""

    melee_must_exceed: bool = False


# ---------------------------------------------------------------------- house rules
# What a scenario's ``house_rules:`` may change: every number (and true/false) of
# ``data/rules.toml`` but those that give the rules their shape (the trait dice, the names of
# the TNs, the deck, the d20 location table, the die steps, the wound levels and tracks), and
# the fields of any weapon row of ``data/weapons.toml`` (``house_rules: {weapons: {TYPE:
# {...}}}``). Errata W (intro): "every ruled number lives in the ruleset's data files with its
# source, so a GM can override it in a scenario".
FIXED = {"traits": None, "tn": None, "cards": ("ranks", "suits", "jokers"),
         "location": ("die", "bands", "vitals", "prone_hit"), "cover": ("die_steps",),
         "wounds": ("levels", "maimed", "guts", "tracks")}
DIE_KEYS = {("shotgun", "die"): (4, 6, 8, 10, 12), ("wind", "die"): (4, 6, 8, 10, 12),
            ("cover", "die"): (4, 6, 8, 10, 12, 20),
            ("location", "side_die"): (4, 6, 8, 10, 12, 20)}
AT_LEAST_ONE = {("roll", "raise_step"), ("wounds", "size"), ("quickness", "max_cards")}
AT_MOST = {("cards", "sleeve"): 1}
SIGNED = {("shootin", "light")}        # a modifier the book leaves at 0 (daylight) may go either way     # narrator keeps at most one card up a sleeve (WN11)
Fraction2 = Annotated[tuple[Annotated[int, Field(ge=0, le=16)], Annotated[int, Field(ge=1, le=16)]],
                      Field(strict=False)]  # a YAML list, as a pair (Point)


def _number_type(section: str, key: str, value: object) -> Any:
    """The pydantic type of one overridable number: a die where a die is meant, a bound
    by the sign of the book's value (a penalty stays 0 or less, a count 0 or more)."""
    if (section, key) in DIE_KEYS:
        return Literal[DIE_KEYS[section, key]]   # type: ignore[valid-type]
    if isinstance(value, bool):
        return bool
    if isinstance(value, list):
        return Fraction2
    low = 1 if (section, key) in AT_LEAST_ONE else -20 if value < 0 or (
        section, key) in SIGNED else 0
    high = AT_MOST.get((section, key), 0 if value < 0 else 20)
    return Annotated[int, Field(ge=low, le=high)]


def overridable(book: dict | None = None) -> dict[str, dict[str, object]]:
    """The house-rule keys by section, with the book's value: ``{"aiming": {"per_action": 2,
    "max": 6}, "shootin": {"light": {"day": 0, ...}, ...}, ...}`` (``FIXED`` left out)."""
    out: dict[str, dict[str, object]] = {}
    for section, sec in (book or tables.book_rules()).items():
        fixed = FIXED.get(section, ())
        if fixed is None:
            continue
        keys = {k: v for k, v in sec.items() if k != "source" and k not in fixed and (
            isinstance(v, (bool, int)) or (isinstance(v, dict) and all(
                isinstance(x, int) for x in v.values()))
            or (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v)))}
        if keys:
            out[section] = keys
    return out


def _camel(name: str) -> str:
    return "".join(p.capitalize() for p in name.split("_"))


def _house_model() -> type[Model]:
    sections: dict[str, Any] = {}
    book = tables.book_rules()
    for section, keys in overridable(book).items():
        fields: dict[str, Any] = {}
        for key, value in keys.items():
            if isinstance(value, dict):
                sub = create_model(
                    f"House{_camel(section)}{_camel(key)}", __base__=Model,
                    **{k: (_number_type(section, key, x) | None, Field(None, description=(
                        f"{k.replace('_', ' ')}; the book: {x}"))) for k, x in value.items()})
                fields[key] = (sub | None, Field(None, description=f"the book: {value}"))
            else:
                fields[key] = (_number_type(section, key, value) | None,
                               Field(None, description=f"the book: {value}"))
        model = create_model(f"House{_camel(section)}", __base__=Model, **fields)
        model.__doc__ = book[section]["source"]
        sections[section] = (model | None, Field(None, description=book[section]["source"]))
    sections["weapons"] = (dict[str, WeaponRule], Field({}, description=(
        "Weapon rows changed for everyone who carries one: {type: {range, rof, shots, damage, "
        "defense, action}} (ruling W15).")))
    model = create_model("HouseRules", __base__=Model, **sections)
    model.__doc__ = ("House rules (W intro, W15): numbers of the rules and weapon rows changed "
                     "for this fight; a key left out keeps the book's value.")
    return model


class WeaponRule(Model):
    """A weapon row changed by a house rule (W15): any of these fields."""

    range: int | None = Field(None, ge=1, le=1000)
    rof: int | None = Field(None, ge=1, le=10)
    shots: int | None = Field(None, ge=1, le=100)
    damage: DamageDice | None = None
    defense: int | None = Field(None, ge=0, le=10)
    action: Literal["single", "double", "lever", "single_shot", "break", "none"] | None = None


HouseRules = _house_model()


def house_changes(h: Model) -> tuple[tuple[str, object], ...]:
    """The house rules a scenario gives, as ``((dotted key, value), ...)`` in the model's
    order (``tables.make_house`` takes them): ``(("aiming.max", 4),
    ("weapons.colt_peacemaker.range", 12))``; the canonical weapon type, ``damage`` as
    written."""
    out: list[tuple[str, object]] = []
    for section in type(h).model_fields:
        value = getattr(h, section)
        if section == "weapons":
            for wtype, row in value.items():
                for fld in tables.WEAPON_FIELDS:
                    if getattr(row, fld) is not None:
                        out.append((f"weapons.{wtype}.{fld}", getattr(row, fld)))
            continue
        if value is None:
            continue
        for key in type(value).model_fields:
            v = getattr(value, key)
            if isinstance(v, Model):
                out += [(f"{section}.{key}.{k}", x) for k in type(v).model_fields
                        if (x := getattr(v, k)) is not None]
            elif v is not None:
                out.append((f"{section}.{key}", v))
    return tuple(out)


class Scenario(ScenarioBase):
    """A whole Weird West scenario (see the module docstring)."""

    title: str = Field(min_length=1, max_length=200)
    ruleset: Literal["weird-west"]
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    description: str | None = Field(None, max_length=5000)
    light: Light = "day"
    options: Options = Options()
    house_rules: HouseRules = HouseRules()  # type: ignore[valid-type]
    map: dict[str, Landmark] = {}
    sides: dict[str, Annotated[list[Character], AfterValidator(_has_characters)]]
    side_names: SideNames = {}
    turns: list[Turn] = Field([], max_length=500)
    max_turns: int | None = Field(None, ge=1, le=500)
    dice: dict[str, dict[str, list[int | str]]] = {}
    dice_fallback: Literal["error", "seeded"] = "error"
    state: dict[str, Any] | None = None


# ---------------------------------------------------------------------- validation
def _hint(word: str, choices: list[str]) -> str:
    n = loader.nearest(word, choices)
    return f"; did you mean {n!r}?" if n else ""


def validate(data: dict, loc8: Any) -> loader.LoadedScenario:
    """Validate parsed scenario data whose ``ruleset`` is ``weird-west``.

    Args:
        data: the parsed YAML mapping.
        loc8: the loader's locator for the file.

    Returns:
        A LoadedScenario with a Weird West ``Scenario`` (canonical names) and the dice script.

    Raises:
        ScenarioError: one located line.
    """
    return loader.validate_model(Scenario, data, loc8, lambda ld, _data, l8: _check(ld, l8))


def _drawn_warning(loaded: loader.LoadedScenario, c: Character, actions: list[Action],
                  base: tuple, loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the ``draw:``) of a draw declared in the first
    round, before anything else changes his hands, of the gun he starts with in hand (his
    first weapon, not ``holstered``; ruled: WN20) when he carries no second of its kind: no
    draw is made, and the card goes to his next action (a declared action left without a card
    is told, not made). Later rounds depend on the fight."""
    if not c.weapons or c.weapons[0].holstered:
        return
    first = c.weapons[0]
    if not tables.weapons()[first.type].is_gun \
            or sum(w.type == first.type for w in c.weapons) > 1:
        return
    for k, a in enumerate(actions):
        kind = a.action
        if kind in ("fight", "reload", "clear", "flee", "surrender", "other") or a.two_guns:
            return
        if kind != "draw":
            continue
        picked = weapon_index(c, a.draw) if isinstance(a.draw, str) else 0
        if picked == 0:
            name = first.name or tables.weapons()[first.type].name
            loaded.warnings.append(loc8.error(
                f"warning: {c.name} declares a draw in round 1, but starts with the {name} "
                f"in hand (the first weapon, not holstered): no draw is made, and the card "
                f"goes to the next action; drop draw: (or give the gun holstered: true)",
                base + (k, "draw")))
        return


def _two_guns_warning(loaded: loader.LoadedScenario, c: Character, actions: list[Action],
                      base: tuple, loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the ``two_guns:``) of a two-gun shot declared in
    the first round, before anything else changes his hands, by a man who starts with one
    pistol in hand and his other holstered (``holstered: true``, or a later weapon without
    ``holstered: false``; ruled: WN20): he fires the one in hand, the other stays in its
    holster (check136, fresh21 #2a: ``check`` said plain ok). Later rounds depend on the
    fight."""
    from narrator.rulesets.weird_west.fight import TWO_HANDED, starts_in_hand
    one_handed = [tables.weapons()[w.type].is_gun
                  and tables.weapons()[w.type].concentration not in TWO_HANDED
                  for w in c.weapons]
    in_hand = starts_in_hand(c.weapons)
    for k, a in enumerate(actions):
        kind = a.action
        if kind != "shoot" or a.quick_draw:
            if kind in ("shoot", "fan", "aim", "prone", "stand", "hold") and not a.quick_draw:
                continue  # his hands as they were
            return
        if not a.two_guns:
            continue
        held = [i for i, w in enumerate(c.weapons) if in_hand[i] and one_handed[i]]
        worn = [i for i, w in enumerate(c.weapons) if not in_hand[i] and one_handed[i]]
        main = weapon_index(c, a.weapon) if a.weapon else (held[0] if held else None)
        if len(held) != 1 or main != held[0] or not worn:
            return
        gun = c.weapons[worn[0]]
        name = gun.name or "other " + tables.weapons()[gun.type].name
        he = loader.pronoun_form(c.pronoun, "subj")
        his = loader.pronoun_form(c.pronoun, "poss")
        loaded.warnings.append(loc8.error(
            f"warning: {c.name} declares a two-gun shot in round 1, but {he} starts with one "
            f"pistol in hand and {his} {name} holstered: {he} fires one; draw the other "
            f"first (a draw: action), or give it holstered: false to start it in hand",
            base + (k, "two_guns")))
        return


def _held_cover_warning(loaded: loader.LoadedScenario, sc: Any, c: Character,
                        actions: list[Action], base: tuple, loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the ``move:``) of a move declared in the first
    round to a landmark with cover that an enemy starts behind (within ``cover.
    landmark_yards`` of it, ruled: WN19): it is no cover from him (ruled: WN27), and the two
    trade shots from a yard apart (ww-mine.yaml: Wu ran for the tailings pile Sam crouched
    behind and they fired at each other from 0.1 yd, check136 N9); only of a man who shoots
    that round and fights nobody hand to hand. The tactics never choose
    such a cover (``tactics.cover_spot``); a GM may mean it, so it is a warning. Later rounds
    depend on the fight."""
    if any(a.fight for a in actions) or not any(a.shoot or a.fan for a in actions):
        return  # a man going there to fight hand to hand (a Tommyknocker at Hettie) means it
    mine = loaded.side_of.get(c.name)
    reach = float(tables.rules()["cover"]["landmark_yards"])
    for k, a in enumerate(actions):
        if not isinstance(a.move, str):
            continue
        lm = sc.map.get(a.move) or next((v for v in sc.map.values() if v.name == a.move), None)
        if lm is None or lm.cover is None:
            continue
        for side, members in sc.sides.items():
            if side == mine:
                continue
            for o in members:
                at = landmark_position(o.at, sc.map) if o.at is not None else None
                if at is None or math.dist(tuple(at), tuple(lm.at)) > reach + 1e-9:
                    continue
                place = lm.name or a.move
                him = loader.pronoun_form(o.pronoun, "obj")
                loaded.warnings.append(loc8.error(
                    f"warning: {c.name}'s declared move in round 1 is to {place}, which "
                    f"{o.name}, an enemy, starts behind: it is no cover from {him}, and the "
                    f"two are within {reach:g} yards of each other (WN19, WN27); move "
                    f"{loader.pronoun_form(c.pronoun, 'obj')} to other cover if that is not "
                    f"meant", base + (k, "move")))
                return


def _reach_warnings(loaded: loader.LoadedScenario, written: dict[tuple[int, str], str],
                    loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the ``fight:``) of a fightin' attack declared in
    the next round to be resolved at a man out of reach where the file settles it: neither
    man declares a move that round (the attacker none on or before that card), and they stand
    more than the reach apart (1 yard, ruled: WN16) where the round starts: the setup's
    positions for round 1, ``state:`` (as ``narrator next`` wrote it, with the GM's edits)
    after the last resolved round. The engine can only refuse the attack ("too far away to
    reach him"). As Boot Hill's check warns of a strike or grapple out of reach (B19); later
    rounds depend on the fight, and are not judged."""

    sc = loaded.scenario
    t = next((i for i, turn in enumerate(sc.turns) if turn.resolved is None), None)
    if t is None:
        return
    if t == 0:
        where = {c.name: landmark_position(c.at, sc.map) for _, c in sc.characters()}
    else:
        state = sc.state if isinstance(sc.state, dict) else None
        people = (state or {}).get("characters")
        if not isinstance(people, dict) or (state or {}).get("turn") != t:
            return
        where = {name: tuple(v["at"]) for name, v in people.items()
                 if isinstance(v, dict) and isinstance(v.get("at"), (list, tuple))}
    reach = float(tables.rules()["fightin"]["reach"])   # as fight.melee_yards (WN16)
    intents = sc.turns[t].intents
    for full, actions in intents.items():
        for k, a in enumerate(actions):
            if a.move is not None:
                break
            if a.fight is None:
                continue
            theirs = intents.get(a.fight) or []
            if any(b.move is not None for b in theirs):
                continue
            here, there = where.get(full), where.get(a.fight)
            if here is None or there is None:
                continue
            yards = math.dist(here, there)
            if yards <= reach + 1e-9:
                continue
            key = written.get((t, full), full)
            loaded.warnings.append(loc8.error(
                f"warning: {full} cannot fight {a.fight}: {yards:.1f} yards apart as round "
                f"{t + 1} starts and neither moves before the attack, out of reach (a "
                f"fightin' attack reaches {reach:g} yard, ruled: WN16); give {full} a move: "
                f"into reach first (on this card or an earlier one)",
                ("turns", t, "intents", key, k, "fight")))


def weapon_indexes(c: Character, value: str) -> list[int]:
    """Indexes in ``c.weapons`` of every weapon whose name, type or alias is ``value``, in
    order (two Colts given no ``name:`` are both ``colt_peacemaker``)."""
    out = []
    for i, w in enumerate(c.weapons):
        wt = tables.weapons().get(w.type)
        if value == w.type or same_weapon_name(value, w.name) \
                or (wt and (value == wt.type or value in wt.aliases)):
            out.append(i)
    return out


def weapon_index(c: Character, value: str) -> int | None:
    """Index in ``c.weapons`` of the first weapon whose name, type or alias is ``value``, or
    None."""
    found = weapon_indexes(c, value)
    return found[0] if found else None


def house_of(sc: Scenario) -> tables.House | None:
    """The scenario's house rules applied to the data files (``tables.make_house``), or None
    when it gives none. Weapon keys must be canonical (``validate`` makes them so)."""
    changes = house_changes(sc.house_rules)
    if sc.options.melee_must_exceed and not any(k == "fightin.must_exceed" for k, _ in changes):
        changes += (("fightin.must_exceed", True),)
    return _house(changes) if changes else None


@lru_cache(maxsize=64)
def _house(changes: tuple[tuple[str, object], ...]) -> tables.House:
    return tables.make_house(changes)


def _check_house(sc: Scenario, loc8: Any) -> None:
    """House-rule weapon keys: a weapon type or alias (the nearest named when not), one row
    once; made canonical."""
    rows = sc.house_rules.weapons
    keys = list(tables.weapons())
    fixed: dict[str, WeaponRule] = {}
    for key, row in rows.items():
        wt = tables.weapons().get(key)
        where = ("house_rules", "weapons", key)
        if wt is None:
            raise loc8.error(f"unknown weapon type {key!r}{_hint(key, keys)}", where, key=True)
        if wt.type in fixed:
            raise loc8.error(f"house rules for the {wt.name} are given twice", where, key=True)
        if not wt.is_gun:
            for fld in ("range", "rof", "shots"):
                if getattr(row, fld) is not None:
                    raise loc8.error(f"a {wt.name} is not a gun: it has no {fld}",
                                     where + (fld,))
        fixed[wt.type] = row
    sc.house_rules.weapons = fixed


def _check(loaded: loader.LoadedScenario, loc8: Any) -> None:
    _check_house(loaded.scenario, loc8)
    with tables.house(house_of(loaded.scenario)):
        _check_rest(loaded, loc8)


def _check_rest(loaded: loader.LoadedScenario, loc8: Any) -> None:
    sc = loaded.scenario
    names: dict[str, str] = {}
    chars: dict[str, Character] = {}
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.name in names or c.name in sc.sides:
                raise loc8.error(f"character name {c.name!r} is used twice (a name can be one "
                                 f"character's only, and not a side's)", ("sides", side, i, "name"))
            names[c.name] = c.name
            chars[c.name] = c
            loaded.side_of[c.name] = side
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            if c.short:
                if c.short in names and names[c.short] != c.name:
                    raise loc8.error(f"short name {c.short!r} is already a name of "
                                     f"{names[c.short]!r}", ("sides", side, i, "short"))
                names[c.short] = c.name
    all_names = list(names)

    def who(value: str, loc: tuple, key: bool = False) -> str:
        if value in names:
            return names[value]
        raise loc8.error(f"no character called {value!r}{_hint(value, all_names)}", loc, key=key)

    weapon_keys = list(tables.weapons())
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            base = ("sides", side, i)
            pos = landmark_position(c.at, sc.map)
            if pos is None:
                raise loc8.error(f"at: no landmark called {c.at!r}{_hint(str(c.at), list(sc.map))}"
                                 f" (give [x, y] in yards, or a landmark of map:)", base + ("at",))
            c.at = pos
            for j, w in enumerate(c.weapons):
                wt = tables.weapons().get(w.type)
                if wt is None:
                    hint = loader.weapon_hint(w.type, weapon_keys, "weird-west")
                    raise loc8.error(f"unknown weapon type {w.type!r}{hint}",
                                     base + ("weapons", j, "type"))
                if not wt.is_gun:
                    for fld in ("loaded", "range", "rof", "shots"):
                        if getattr(w, fld) is not None:
                            raise loc8.error(f"a {wt.name} is not a gun: it has no {fld}",
                                             base + ("weapons", j, fld))
                    continue
                cap = w.shots or wt.shots
                if w.loaded is not None and w.loaded > cap:
                    raise loc8.error(f"{w.loaded} rounds loaded but a {wt.name} holds {cap}",
                                     base + ("weapons", j, "loaded"))
            if isinstance(c.cover, str):
                lm = sc.map.get(c.cover)
                if lm is None:
                    raise loc8.error(f"no landmark called {c.cover!r}{_hint(c.cover, list(sc.map))}",
                                     base + ("cover",))
                if lm.cover is None:
                    raise loc8.error(f"landmark {c.cover!r} gives no cover (give it cover: "
                                     f"{{material: wood}})", base + ("cover",))
            if c.tactics is not None and c.tactics not in PROFILES:
                raise loc8.error(f"unknown tactics profile {c.tactics!r}"
                                 f"{_hint(c.tactics, list(PROFILES))} (profiles: "
                                 f"{', '.join(PROFILES)})", base + ("tactics",))
            if c.undead and c.chips:
                raise loc8.error("the walking dead carry no fate chips (W19)", base + ("chips",))

    written: dict[tuple[int, str], str] = {}   # (turn, full name) -> the intent's key
    for t, turn in enumerate(sc.turns):
        new: dict[str, list[Action]] = {}
        for key, actions in turn.intents.items():
            base = ("turns", t, "intents", key)
            full = who(key, base, key=True)
            written[(t, full)] = key
            if full in new:
                raise loc8.error(f"two intents for {full} in round {t + 1}", base, key=True)
            c = chars[full]
            for k, a in enumerate(actions):
                abase = base + (k,)
                for fld in ("shoot", "aim", "fight"):
                    value = getattr(a, fld)
                    if value is not None:
                        got = who(value, abase + (fld,))
                        if got == full:
                            raise loc8.error(
                                f"{full} cannot {fld} {loader.pronoun_form(c.pronoun, 'self')}",
                                abase + (fld,))
                        loader.friendly_fire(loaded, full, got, a.friendly_fire, loc8, abase + (fld,))
                        setattr(a, fld, got)
                if a.fan is not None:
                    many = isinstance(a.fan, list)
                    if many and not a.fan:
                        raise loc8.error("fan needs at least one target", abase + ("fan",))
                    fixed = []
                    for m, tgt in enumerate(a.fan if many else [a.fan]):
                        tloc = abase + ("fan",) + ((m,) if many else ())
                        got = who(tgt, tloc)
                        if got == full:
                            raise loc8.error(f"{full} cannot fan at "
                                             f"{loader.pronoun_form(c.pronoun, 'self')}", tloc)
                        fixed.append(got)
                    a.fan = fixed
                for fld in ("weapon", "draw", "reload"):
                    value = getattr(a, fld)
                    if isinstance(value, str) and weapon_index(c, value) is None:
                        carried = [w.name or w.type for w in c.weapons] or ["nothing"]
                        raise loc8.error(f"{full} carries no {value!r} (carries "
                                         f"{', '.join(carried)}){_hint(value, carried)}",
                                         abase + (fld,))
                if isinstance(a.move, str) and landmark_position(a.move, sc.map) is None:
                    raise loc8.error(f"no landmark called {a.move!r}{_hint(a.move, list(sc.map))}",
                                     abase + ("move",))
            new[full] = actions
            if t == 0 and turn.resolved is None:
                _drawn_warning(loaded, c, actions, base, loc8)
                if sc.state is None:
                    _two_guns_warning(loaded, c, actions, base, loc8)
                    _held_cover_warning(loaded, sc, c, actions, base, loc8)
        turn.intents = new
    _reach_warnings(loaded, written, loc8)

    for key, purposes in sc.dice.items():
        base = ("dice", key)
        full = who(key, base, key=True)
        if full in loaded.script:
            raise loc8.error(f"dice for {full} are given twice", base, key=True)
        loaded.script[full] = {}
        for purpose, values in purposes.items():
            if purpose not in PURPOSES:
                raise loc8.error(f"unknown dice purpose {purpose!r}"
                                 f"{_hint(purpose, list(PURPOSES))} (Weird West purposes: "
                                 f"{', '.join(PURPOSES)})", base + (purpose,), key=True)
            out = []
            for k, v in enumerate(values):
                line, col = loc8.where(base + (purpose, k))
                if purpose == "cards":
                    try:
                        out.append(ScriptedValue(C.card(str(v)).place + 1, line, col))
                    except KeyError as exc:
                        raise ScenarioError(exc.args[0] + _hint(str(v), C.card_codes()),
                                            loc8.path, line, col) from None
                    continue
                if isinstance(v, str) or not 1 <= v <= 20:
                    raise ScenarioError(f"scripted die {v!r} is not a die result (1-20)",
                                        loc8.path, line, col)
                out.append(ScriptedValue(v, line, col))
            loaded.script[full][purpose] = out
    sc.dice = {}
