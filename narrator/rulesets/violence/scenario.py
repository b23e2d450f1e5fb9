"""A Violence scenario (``ruleset: violence``, source 003): its models and cross-checks.

The shared loader (``loader.load_scenario_text``) parses the YAML and records where every key
and value is; a scenario whose ``ruleset`` is ``violence`` is handed to ``validate`` here. The
errors are the loader's: one located line, ``file:line:column: message``, with the nearest
valid name for a misspelling. A Boot Hill field (``attributes:``, ``skills:``, ``house_rules:``,
a turn's ``kind:``, ...) is named as such. After validation every character reference uses the
full name, as in a Boot Hill scenario.

Shape (see ``scenarios/examples/bank-robbery.yaml``)::

    title, ruleset: violence, seed, description, bands: {close: 10, medium: 50},
    map: {key: {at: [x, y], name, cover: true}},
    groups: {name: {morale: 3-9, leader, rout: flee|surrender, initiative: together|each}},
    sides: {side: [{name, short, pronoun, group, tags, weapons, at, cover, hidden, obscured,
                    fights_to, tactics, notes}]},
    turns: [{surprise: side, intents: {who: {shoot, shots, snipe, suppress, melee, to,
                                             weapon, move, reload, other}}}],
    max_turns, dice: {who: {purpose: [values]}}, dice_fallback, rulings, state

May import: pydantic, narrator.scenario.models (the shared base and the play-by-post record),
narrator.scenario.loader (the locator and its messages), narrator.dice, narrator.errors,
narrator.rulesets.violence.tables.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, ValidationError, model_validator

from narrator.errors import ScenarioError
from narrator.rulesets.violence import tables
from narrator.scenario import loader
from narrator.scenario.models import (
    Invalid, Model, Point, Resolved, SideNames, WeaponName, same_weapon_name,
    pair, ScenarioBase, _has_characters, landmark_position,
)

PURPOSES = ("initiative", "to_hit", "target", "injury", "melee", "suppression", "suppressor",
            "morale", "after_fight")
"""Dice purposes of a Violence fight, and who rolls them: ``initiative`` (the character or
group), ``to_hit`` and ``target`` (the shooter), ``injury`` (whoever hit), ``melee`` (each
combatant), ``suppression`` and ``suppressor`` (the suppressed target: the d6, and the dice
that pick who hits), ``morale`` (the group), ``after_fight`` (the character who is Down)."""

PROFILES = ("aggressive", "cautious", "coward", "sniper", "lawman")
weapon_table = tables.weapons  # the weapon table, for Ruleset.weapons (state: edits of loaded:)
RollKind = Literal["shooting", "sniping", "melee"]
Calibre = Literal["none", "revolver", "hunting", "military", "slug", "buckshot"]
BandName = Literal["close", "medium", "long"]


class Bands(Model):
    """Upper bounds of the range bands in yards (errata Violence: 10 and 50)."""

    close: float = Field(10, gt=0, le=1000)
    medium: float = Field(50, gt=0, le=10000)

    @model_validator(mode="after")
    def _ordered(self) -> Bands:
        if self.medium <= self.close:
            raise Invalid("medium must reach farther than close", "medium")
        return self


class Landmark(Model):
    """A named place: a destination; ``cover: true`` puts whoever stands there in cover."""

    at: Point
    name: str | None = Field(None, max_length=60)
    cover: bool = False


class Group(Model):
    """A group (003 l.5, 11, 74-83). Its members name it in ``group:``; ``name`` is how the
    write-up calls it (default: the key, "bar_t" -> "the Bar T", "soto_gang" with a member
    named Soto -> "the Soto gang").

    ``initiative``: ``together`` (one d20 for the group, 003 l.5) or ``each``. ``morale``: the
    rating 3-9 (003 l.74); leave it out for a group that never checks morale (player
    characters: "players' prerogative", l.83). ``leader``: whose being shot calls for a check.
    ``rout``: what a routed group does, ``flee`` or ``surrender`` (l.81).
    """

    name: str | None = Field(None, max_length=60)
    morale: int | None = Field(None, ge=3, le=9)
    leader: str | None = None
    rout: Literal["flee", "surrender"] = "flee"
    initiative: Literal["together", "each"] = "together"


class Tag(Model):
    """A tag (errata Violence): a named trait, +2 to each kind of roll it lists."""

    name: str = Field(min_length=1, max_length=60)
    applies_to: list[RollKind] = Field(min_length=1)


class WeaponSpec(Model):
    """A carried weapon: a ``type`` of ``data/weapons.toml`` (or an alias), a display name,
    rounds loaded (default: full), capacity and calibre overrides, the quick reload tag
    (003 l.62), bonus tags, spare rounds (None: plenty)."""

    type: str
    name: WeaponName | None = Field(None, max_length=60)
    loaded: int | None = Field(None, ge=0, le=1000)
    capacity: int | None = Field(None, ge=1, le=1000)
    calibre: Calibre | None = None
    quick_reload: bool = False
    tags: list[Tag] = []
    spare: int | None = Field(None, ge=0, le=10000)


class Character(Model):
    """One character. ``cover``: ``true`` or the landmark he stands at (which must give cover);
    ``false`` written: in the open, even on a landmark's spot; left out: as his spot gives (on
    a landmark's own spot, in its cover when it gives any: ruled VN3);
    ``hidden``: his enemies do not know where he is (lost when he fires); ``obscured``: hard to
    see (smoke, dark); ``fights_to``: what he announces in a melee unless his intent says
    (left out, a ``tactics`` profile's melee is its own: the lawman and the coward subdue, the
    rest kill; written, it holds for the profile too).
    ``tactics``: a profile deciding his intents in rounds where he declares none."""

    name: str = Field(min_length=1, max_length=80)
    short: str | None = Field(None, min_length=1, max_length=60)
    pronoun: Literal["he", "she", "they"] = "he"
    group: str | None = None
    tags: list[Tag] = []
    weapons: list[WeaponSpec] = []
    at: Point | str  # a landmark key or name: the loader puts its position here
    cover: bool | str = False  # left out (not in model_fields_set): as his spot gives, VN3
    hidden: bool = False
    obscured: bool = False
    fights_to: Literal["subdue", "kill"] = "subdue"
    tactics: str | None = None
    notes: str | None = Field(None, max_length=500)


ACTIONS = ("shoot", "snipe", "suppress", "melee", "reload")


class Intent(Model):
    """What a character does this round.

    One action at most: ``shoot`` (a target, or a list, side or group to pick from at random;
    ``shots`` rounds in the action, 003 l.15; with the quick reload tag, shots beyond what is
    loaded are a second action after the free reload, l.62), ``snipe`` (one shot, l.32),
    ``suppress`` (targets; ``shots`` rounds spent, l.50), ``melee`` (a target, announcing
    ``to: subdue`` or ``to: kill``, l.38), ``reload`` (true or a weapon; takes the round, l.62).
    ``move``: a landmark or ``[x, y]``, reached before the action; he counts as moving all
    round. ``weapon``: the weapon used (default: the first gun, or the first melee weapon in a
    melee). ``other``: free text for the GM. ``friendly_fire``: the GM means an attack on a
    man of his own side (without it ``check`` warns).
    """

    shoot: str | list[str] | None = None
    shots: int | None = Field(None, ge=1, le=100)
    snipe: str | None = None
    suppress: str | list[str] | None = None
    melee: str | None = None
    to: Literal["subdue", "kill"] | None = None
    weapon: str | None = None
    move: str | Point | None = None
    reload: bool | str = False
    other: str | None = Field(None, max_length=300)
    friendly_fire: bool = False  # the GM means an attack on a man of his own side

    @model_validator(mode="after")
    def _one_action(self) -> Intent:
        chosen = [a for a in ACTIONS if getattr(self, a) not in (None, False)]
        if len(chosen) > 1:
            raise Invalid(f"one action a round: {chosen[0]} or {chosen[1]}, not both", chosen[1])
        if self.shots is not None and not (self.shoot or self.suppress):
            raise Invalid("shots go with shoot or suppress", "shots")
        if self.to is not None and self.melee is None:
            raise Invalid("to: (subdue or kill) goes with melee", "to")
        return self

    @property
    def action(self) -> str | None:
        """The action declared (one of ``ACTIONS``), or None."""
        return next((a for a in ACTIONS if getattr(self, a) not in (None, False)), None)


class Turn(Model):
    """One round (003 l.7): each character's intent (keyed by name or short name), and the side
    that caught the others by ``surprise`` (it acts first, before initiative; l.9)."""

    surprise: str | None = None
    intents: dict[str, Intent] = {}
    resolved: Resolved | None = None

    @property
    def kind(self) -> str:
        """Every Violence turn is a round (the play-by-post record hashes this)."""
        return "round"


class RangeBandRuling(Model):
    """GM ruling: the band between two characters (or sides) is fixed ("unless the scenario
    says otherwise", errata Violence)."""

    between: pair(str)
    band: BandName


class Ruling(Model):
    """A visible GM ruling for one round or (``turn`` omitted) the whole fight."""

    turn: int | None = Field(None, ge=1)
    why: str = Field("", max_length=300)
    range_band: RangeBandRuling

    @property
    def kind(self) -> str:
        return "range_band"


class Scenario(ScenarioBase):
    """A whole Violence scenario (see the module docstring)."""

    title: str = Field(min_length=1, max_length=200)
    ruleset: Literal["violence"]
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    description: str | None = Field(None, max_length=5000)
    bands: Bands = Bands()
    map: dict[str, Landmark] = {}
    groups: dict[str, Group] = {}
    sides: dict[str, Annotated[list[Character], AfterValidator(_has_characters)]]
    side_names: SideNames = {}
    turns: list[Turn] = Field([], max_length=500)
    max_turns: int | None = Field(None, ge=1, le=500)
    dice: dict[str, dict[str, list[int]]] = {}
    dice_fallback: Literal["error", "seeded"] = "error"
    rulings: list[Ruling] = []
    state: dict[str, Any] | None = None


# ---------------------------------------------------------------------- validation
def _unknown_key(exc: ValidationError, loc8: Any) -> ScenarioError | None:
    """An unknown key, named as a Boot Hill field when it is one, with the nearest Violence
    field; None when the error is of another kind (the loader words those)."""
    err = loader._pick(exc.errors())
    if err["type"] != "extra_forbidden":
        return None
    loc = tuple(err["loc"])
    bad = str(loc[-1])
    ours = loader.model_fields_at(loc, Scenario)
    other = loader.other_ruleset_with(bad, loc, "violence") if loc[:1] != ("groups",) else None
    hint = loader.key_hint(bad, ours, loc)
    if other is not None and bad not in ours:
        if bad == "kind":
            why = (f"turn kinds (combat, shootout) are {other.title}, not Violence: every turn "
                   f"is a round")
        else:
            why = (f"{bad!r} is {other.title}, not Violence: the Violence rules have no "
                   f"{bad.replace('_', ' ')} here")
        near = loader.nearest(bad, ours)
        return loc8.error(f"{why} (ruleset: violence)"
                          f"{f'; did you mean {near!r}?' if near else ''}", loc, key=True)
    return loc8.error(f"unknown key {bad!r}{hint}", loc, key=True)


def validate(data: dict, loc8: Any) -> loader.LoadedScenario:
    """Validate parsed scenario data whose ``ruleset`` is ``violence``.

    Args:
        data: the parsed YAML mapping.
        loc8: the loader's ``_Locator`` for the file (positions of keys and values).

    Returns:
        A LoadedScenario whose ``scenario`` is a Violence ``Scenario`` with canonical names.

    Raises:
        ScenarioError: one located line.
    """
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise (_unknown_key(exc, loc8) or loader._pydantic_error(exc, loc8, Scenario)) from None
    loader.side_names(scenario, loc8)
    loaded = loader.LoadedScenario(scenario, loc8.path)
    _check(loaded, data, loc8)
    return loaded


def _hint(word: str, choices: list[str]) -> str:
    n = loader.nearest(word, choices)
    return f"; did you mean {n!r}?" if n else ""


def weapon_type(value: str) -> tables.WeaponType | None:
    """The weapon row of a type or alias, or None."""
    return tables.weapons().get(value)


def weapon_index(c: Character, value: str) -> int | None:
    """Index in ``c.weapons`` of the weapon whose name, type or alias is ``value``."""
    for i, w in enumerate(c.weapons):
        wt = weapon_type(w.type)
        if value == w.type or same_weapon_name(value, w.name) \
                or (wt and (value == wt.type or value in wt.aliases)):
            return i
    return None


def _check(loaded: loader.LoadedScenario, data: dict, loc8: Any) -> None:
    """Cross-check names and references; make every character reference a full name."""
    loader.check_empty_targets(data, loc8)
    sc = loaded.scenario
    named = loader.check_names(loaded, loc8, reserved=list(sc.groups),
                               twice="a name can be one character's only, and not a side's or a "
                                     "group's")
    names, chars, who = named.full, named.chars, named.who
    all_names = list(names)

    for g in sc.groups:
        if g in sc.sides:
            raise loc8.error(f"group {g!r} has the name of a side; give it another",
                             ("groups", g), key=True)
    group_side: dict[str, str] = {}
    weapon_keys = list(tables.weapons())  # aliases too: bowie_knif -> bowie_knife
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            base = ("sides", side, i)
            pos = landmark_position(c.at, sc.map)
            if pos is None:
                raise loc8.error(f"at: no landmark called {c.at!r}"
                                 f"{_hint(str(c.at), list(sc.map))} (give [x, y] in yards, or a "
                                 f"landmark of map:)", base + ("at",))
            c.at = pos
            if c.group is not None:
                if c.group not in sc.groups:
                    raise loc8.error(f"no group called {c.group!r}{_hint(c.group, list(sc.groups))}"
                                     f" (groups are declared under groups:)", base + ("group",))
                if group_side.setdefault(c.group, side) != side:
                    raise loc8.error(f"group {c.group!r} already has members on side "
                                     f"{group_side[c.group]!r}; a group fights on one side",
                                     base + ("group",))
            for j, w in enumerate(c.weapons):
                wt = weapon_type(w.type)
                if wt is None:
                    hint = loader.weapon_hint(w.type, weapon_keys, "violence")
                    raise loc8.error(f"unknown weapon type {w.type!r}{hint}",
                                     base + ("weapons", j, "type"))
                if not wt.is_gun:
                    for fld in ("loaded", "capacity", "calibre", "spare"):
                        if getattr(w, fld) is not None:
                            raise loc8.error(f"a {wt.name} is not a gun: it has no {fld}",
                                             base + ("weapons", j, fld))
                    if w.quick_reload:
                        raise loc8.error(f"a {wt.name} is not a gun: it has no quick reload tag",
                                         base + ("weapons", j, "quick_reload"))
                    continue
                cap = w.capacity or wt.capacity
                if w.loaded is not None and w.loaded > cap:
                    raise loc8.error(f"{w.loaded} rounds loaded but a {wt.name} holds {cap}",
                                     base + ("weapons", j, "loaded"))
            if isinstance(c.cover, str):
                lm = sc.map.get(c.cover)
                if lm is None:
                    raise loc8.error(f"no landmark called {c.cover!r}{_hint(c.cover, list(sc.map))}",
                                     base + ("cover",))
                if not lm.cover:
                    raise loc8.error(f"landmark {c.cover!r} gives no cover (give it cover: true)",
                                     base + ("cover",))
            if c.tactics is not None and c.tactics not in PROFILES:
                raise loc8.error(f"unknown tactics profile {c.tactics!r}"
                                 f"{_hint(c.tactics, list(PROFILES))} (profiles: "
                                 f"{', '.join(PROFILES)})", base + ("tactics",))
    for g, spec in sc.groups.items():
        if g not in group_side:
            raise loc8.error(f"group {g!r} has no members (a member says group: {g})",
                             ("groups", g), key=True)
        if spec.leader is not None:
            spec.leader = who(spec.leader, ("groups", g, "leader"))
            if chars[spec.leader].group != g:
                raise loc8.error(f"{spec.leader} leads group {g!r} but is not in it",
                                 ("groups", g, "leader"))

    def pick_from(value: str, loc: tuple) -> str:
        """A target: a character's name (made full), or a side or group to pick from."""
        if value in sc.sides or value in sc.groups:
            return value
        if value in names:
            return names[value]
        choices = all_names + list(sc.sides) + list(sc.groups)
        raise loc8.error(f"no character, side or group called {value!r}{_hint(value, choices)}",
                         loc)

    def own(full: str, target: str, loc: tuple, what: str, meant: bool = False) -> None:
        side = loaded.side_of[full]
        if target == full:
            raise loc8.error(f"{full} cannot {what} {loader.pronoun_of(loaded, full, 'self')}",
                             loc)
        if target == side or (target in group_side and group_side[target] == side):
            raise loc8.error(f"{target!r} is {full}'s own side", loc)
        loader.friendly_fire(loaded, full, target, meant, loc8, loc)

    for t, turn in enumerate(sc.turns):
        if turn.surprise is not None and turn.surprise not in sc.sides:
            raise loc8.error(f"no side called {turn.surprise!r}"
                             f"{_hint(turn.surprise, list(sc.sides))}", ("turns", t, "surprise"))
        new: dict[str, Intent] = {}
        for key, intent in turn.intents.items():
            base = ("turns", t, "intents", key)
            full = who(key, base, key=True)
            if full in new:
                raise loc8.error(f"two intents for {full} in turn {t + 1}", base, key=True)
            c = chars[full]
            for fld, what in (("shoot", "shoot at"), ("suppress", "suppress")):
                value = getattr(intent, fld)
                if value is None:
                    continue
                many = isinstance(value, list)
                if many and not value:
                    raise loc8.error(f"{fld} needs at least one target", base + (fld,))
                fixed = []
                for k, tgt in enumerate(value if many else [value]):
                    tloc = base + (fld,) + ((k,) if many else ())
                    got = pick_from(tgt, tloc)
                    own(full, got, tloc, what, intent.friendly_fire)
                    fixed.append(got)
                setattr(intent, fld, fixed if many else fixed[0])
            for fld, what in (("snipe", "snipe at"), ("melee", "fight")):
                value = getattr(intent, fld)
                if value is not None:
                    got = who(value, base + (fld,))
                    own(full, got, base + (fld,), what, intent.friendly_fire)
                    setattr(intent, fld, got)
            gun_needed = intent.action in ("shoot", "snipe", "suppress")
            if intent.weapon is not None:
                idx = weapon_index(c, intent.weapon)
                if idx is None:
                    carried = [w.name or w.type for w in c.weapons] or ["nothing"]
                    raise loc8.error(f"{full} carries no {intent.weapon!r} (carries "
                                     f"{', '.join(carried)}){_hint(intent.weapon, carried)}",
                                     base + ("weapon",))
                wt = weapon_type(c.weapons[idx].type)
                if gun_needed and not wt.is_gun:
                    raise loc8.error(f"a {wt.name} does not shoot", base + ("weapon",))
                if intent.melee is not None and wt.is_gun:
                    raise loc8.error(f"a {wt.name} is not a melee weapon (fight with fists, a "
                                     f"knife, a club, ...)", base + ("weapon",))
            elif gun_needed and not any(weapon_type(w.type).is_gun for w in c.weapons):
                raise loc8.error(f"{full} carries no gun to {intent.action} with",
                                 base + (intent.action,))
            if isinstance(intent.reload, str):
                idx = weapon_index(c, intent.reload)
                if idx is None or not weapon_type(c.weapons[idx].type).is_gun:
                    guns = [w.name or w.type for w in c.weapons if weapon_type(w.type).is_gun]
                    raise loc8.error(f"{full} carries no gun {intent.reload!r} to reload"
                                     f"{_hint(intent.reload, guns)}", base + ("reload",))
            elif intent.reload and not any(weapon_type(w.type).is_gun for w in c.weapons):
                raise loc8.error(f"{full} carries no gun to reload", base + ("reload",))
            if isinstance(intent.move, str) and intent.move not in sc.map:
                raise loc8.error(f"no landmark called {intent.move!r}"
                                 f"{_hint(intent.move, list(sc.map))}", base + ("move",))
            new[full] = intent
        turn.intents = new

    last = max(len(sc.turns), sc.max_turns or 0)
    for r, ruling in enumerate(sc.rulings):
        base = ("rulings", r)
        if ruling.turn is not None and ruling.turn > last:
            raise loc8.error(f"ruling for turn {ruling.turn}, but the scenario has "
                             + (f"{last} turns" if last != 1 else "one turn"), base + ("turn",))
        fixed = []
        for k, name in enumerate(ruling.range_band.between):
            fixed.append(name if name in sc.sides else who(name, base + ("range_band", "between", k)))
        ruling.range_band.between = (fixed[0], fixed[1])

    loader.check_dice(loaded, loc8, named, PURPOSES, groups=list(sc.groups),
                      dice="d6, d12 or d20",
                      note=f" (Violence purposes: {', '.join(PURPOSES)})")
