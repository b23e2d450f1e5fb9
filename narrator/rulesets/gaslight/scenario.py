"""A Gaslight scenario (``ruleset: gaslight``, source 002): its models and cross-checks.

The shared loader parses the YAML and records where every key and value is; a scenario whose
``ruleset`` is ``gaslight`` is handed to ``validate`` here. Errors are the loader's: one
located line, ``file:line:column: message``, with the nearest valid name for a misspelling.
After validation every character reference is a full name.

Units: positions in yards (as every narrator map; the rules' feet are yards x 3), weights in
pounds, barrels in inches.

Shape (see ``scenarios/examples/fog-alley.yaml``)::

    title, ruleset: gaslight, seed, description,
    conditions: {light, light_modifier, weather, weather_modifier, crowd},
    map: {key: {at: [x, y], name, cover: 0-90, concealment: 0-90}},
    sides: {side: [{name, short, pronoun, str, dex, con, bab, hp, ac, armour, weight, fighter,
                    skills: {quick_draw, fanning, off_hand_shooting, rapid_reload,
                             sharp_shooter},
                    weapons: [{type, name, class, form, calibre, cartridge, barrel, capacity,
                               loaded, barrels, single_action, powder, old, familiar, carried,
                               hand}],
                    at, cover, concealment, status, tactics, notes}]},
    turns: [{conditions, fast_draw: [A, B], intents: {who: {shoot, mode, shots, weapon,
             called, move, gait, draw, covers: {target, when}, off_hand: {shoot, mode, shots,
             weapon}, reload, take_10, appears, other}}}],
    max_turns, dice: {who: {purpose: [values]}}, dice_fallback, state

May import: pydantic, narrator.scenario.models (the shared base and the play-by-post record),
narrator.scenario.loader (the locator and its messages), narrator.dice, narrator.errors,
narrator.rulesets.gaslight.*, narrator.render.inflection (lazily, for a warning's words on a
gun: ``_his_gun``, ``_a_gun``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight import weapons as W
from narrator.rulesets.gaslight.tables import CARRIES, FORMS, PURPOSES, rules
from narrator.scenario import loader
from narrator.scenario.models import (
    Invalid, Model, Point, Resolved, SideNames, WeaponName, same_weapon_name,
    pair, ScenarioBase, has_characters, landmark_position,
)

PROFILES = ("aggressive", "cautious", "coward", "sniper", "lawman")
weapon_table = W.weapon_rows  # the weapon table, for Ruleset.weapons (state: edits of loaded:)
Mode = Literal["aimed", "snap", "rapid", "panic", "covering", "fanning", "point_blank"]
Gait = Literal["walking_slowly", "walking_briskly", "running", "sprinting", "evading"]
Percent = Literal[0, 25, 50, 75, 90]


class Conditions(Model):
    """The circumstantial modifiers of 002 l.82-97 that hold for everyone (G7): a light row
    and a weather row, each with an optional number within the row's range (default its
    mildest), and a crowd modifier (-2 to -8) when shots pass through one."""

    light: Literal["good", "blinding", "poor", "bad"] = "good"
    light_modifier: int | None = Field(None, ge=-8, le=0)
    weather: Literal["clear", "light_fog", "fog", "pea_soup"] = "clear"
    weather_modifier: int | Literal["impossible"] | None = None
    crowd: int | None = Field(None, ge=-8, le=-2)

    @model_validator(mode="after")
    def _in_range(self) -> Conditions:
        for table, row, value in (("light", self.light, self.light_modifier),
                                  ("weather", self.weather, self.weather_modifier)):
            try:
                R.ranged_modifier(table, row, value)
            except ValueError as exc:
                raise Invalid(str(exc), f"{table}_modifier") from None
        return self


class Landmark(Model):
    """A named place (yards): a destination; whoever stands there is ``cover`` percent hidden
    by cover (a solid object) and ``concealment`` percent by concealment (002 l.89-98)."""

    at: Point
    name: str | None = Field(None, max_length=60)
    cover: Percent = 0
    concealment: Percent = 0


class Conveyance(Model):
    """What a man rides (002 l.41, l.45): ``on`` a horse, carriage, train, boat or ship;
    ``moving`` (default true); ``speed``: how he presents as a target while it moves, a row
    of 002 l.76-81 (default running; on a ship his own status, the deck being stable, unless
    given: a pitching deck is ``evading``). GN22."""

    on: Literal["horse", "carriage", "train", "boat", "ship"]
    moving: bool = True
    speed: Gait | None = None


class Blade(Model):
    """A blade in the hand without the gun (002 l.363, GN23): ``type`` knife, sword_cane or
    sabre; ``name``; ``hand`` (off, the default: the blow takes -10 and the shot -6 in a
    round of both; primary: the other way about)."""

    type: Literal["knife", "sword_cane", "sabre"]
    name: WeaponName | None = Field(None, max_length=60)
    hand: Literal["off", "primary"] = "off"


class Skills(Model):
    """G1: quick-draw points (002 l.103), and the skills 002 names."""

    quick_draw: int = Field(0, ge=0, le=20)
    fanning: bool = False
    off_hand_shooting: bool = False
    rapid_reload: bool = False
    sharp_shooter: bool = False


class WeaponSpec(Model):
    """A carried gun: a ``type`` of ``data/weapons.toml`` (a period gun or a bare class such
    as ``revolver``), each field of which may be overridden: ``class`` (muzzle_loader,
    breech_loader, repeater, revolver), ``form`` (pistol, derringer, scattergun, sawed_off,
    coach_gun, carbine, rifle, shotgun), ``calibre`` (".45", "12" bore...), ``cartridge``
    (pistol, carbine, rifle), ``barrel`` (inches), ``capacity``, ``barrels`` (2: a double),
    ``single_action``; and the gun's state: ``loaded`` (default full), ``powder`` (black or
    smokeless, 002 l.4-8), ``old`` (old or cheap, l.5), ``familiar`` (false: 002 l.124-133),
    ``carried`` (where: 002 l.23-32; left out, where its form is usually carried, GN24: a
    holster for a pistol or derringer, an oversized holster for a scattergun or sawed-off, a
    sling for a long arm), ``hand`` (primary or off)."""

    type: str
    name: WeaponName | None = Field(None, max_length=60)
    class_: Literal["muzzle_loader", "breech_loader", "repeater", "revolver"] | None = Field(
        None, alias="class")
    form: Literal["derringer", "pistol", "scattergun", "sawed_off", "coach_gun", "carbine",
                  "rifle", "shotgun"] | None = None
    calibre: str | None = None
    cartridge: Literal["pistol", "carbine", "rifle"] | None = None
    barrel: float | None = Field(None, gt=0, le=60)
    capacity: int | None = Field(None, ge=1, le=30)
    barrels: int | None = Field(None, ge=1, le=2)
    single_action: bool | None = None
    loaded: int | None = Field(None, ge=0, le=30)
    powder: Literal["black", "smokeless"] = "black"
    old: bool = False
    familiar: bool = True
    carried: str | None = Field(None, description=(
        "Where the gun is carried (002 l.23-32): one of " + ", ".join(CARRIES) + "; "
        "omitted: a holster for a pistol or derringer, an oversized holster for a "
        "scattergun or sawed-off, a sling for a long arm (GN24)."))
    hand: Literal["primary", "off"] = "primary"

    @model_validator(mode="after")
    def _carried_by_form(self) -> WeaponSpec:
        """GN24: a gun whose ``carried`` is left out is carried where its form usually is
        (an unknown type keeps a holster: validation names the type)."""
        if self.carried is None:
            row = W.weapon_types().get(W.canonical(self.type) or self.type, {})
            form = self.form or row.get("form")
            self.carried = R.default_carry(form) if form in FORMS else "holster"
        return self


class Character(Model):
    """One character (G1): STR, DEX, CON 3-18, base attack bonus, hit points, Armor Class
    (``ac``; default 10 + DEX modifier + ``armour``), weight in pounds (recoil, G12),
    ``fighter`` (Sharp Shooter needs one, 002 l.121). ``cover``/``concealment``: percent, or
    the landmark he stands at; ``status``: how he presents as a target when he is not moving
    (002 l.74-81; default stationary but mobile); ``aboard``: the conveyance he rides for
    the whole fight (002 l.41, l.45; an intent's ``aboard`` changes it for a round)."""

    name: str = Field(min_length=1, max_length=80)
    short: str | None = Field(None, min_length=1, max_length=60)
    pronoun: Literal["he", "she", "they"] = "he"
    str_: int = Field(10, alias="str", ge=3, le=18)
    dex: int = Field(10, ge=3, le=18)
    con: int = Field(10, ge=3, le=18)
    bab: int = Field(0, ge=0, le=20)
    hp: int = Field(6, ge=1, le=200)
    ac: int | None = Field(None, ge=1, le=40)
    armour: int = Field(0, ge=0, le=10)
    weight: float = Field(160, gt=0, le=500)
    fighter: bool = False
    skills: Skills = Skills()
    weapons: list[WeaponSpec] = []
    at: Point | str
    cover: Percent | str = 0
    concealment: Percent = 0
    status: Literal["stationary_immobile", "stationary_mobile", "walking_slowly"] = \
        "stationary_mobile"
    aboard: Conveyance | None = None
    blade: Blade | None = None
    tactics: str | None = None
    notes: str | None = Field(None, max_length=500)

    @model_validator(mode="after")
    def _sharp_shooter(self) -> Character:
        if self.skills.sharp_shooter and not self.fighter:
            raise Invalid("Sharp Shooter is a Fighter's skill: add fighter: true", "skills",
                          "sharp_shooter")
        return self


class Covers(Model):
    """Covering fire (G5): the target, a character or a small group of them (002 l.62: at
    most four, GN21), and the trigger. Whichever of a group sets it off takes the covering
    shot and its follow-ups (l.67-68)."""

    target: str | list[str]
    when: Literal["moves", "shoots", "appears"] = "moves"

    @field_validator("target")
    @classmethod
    def _group(cls, v: str | list[str]) -> str | list[str]:
        if isinstance(v, list):
            most = R.covering_group_most()
            if not 1 <= len(v) <= most:
                raise ValueError(f"a covered group is a small one (002 l.62): 1 to {most} "
                                 f"men, not {len(v)}")
            if len(set(v)) != len(v):
                raise ValueError("a covered group names each man once")
        return v

    @property
    def targets(self) -> tuple[str, ...]:
        """The covered men, in the order given."""
        return (self.target,) if isinstance(self.target, str) else tuple(self.target)


class OffHand(Model):
    """The off hand's shot in a round with two pistols (002 l.348-405)."""

    shoot: str
    mode: Mode = "snap"
    shots: int | None = Field(None, ge=1, le=12)
    weapon: str | None = None


class Intent(Model):
    """What a character does this round.

    ``shoot`` a target with ``mode`` (default snap) and ``shots`` (default: what the mode
    allows his gun, one for aimed, covering and point blank); ``called`` a hit location
    (aimed only, G17); ``move`` to a landmark or ``[x, y]`` at a ``gait``; ``draw``:
    ``quick`` tries Quick Draw (002 l.33-35); ``covers`` a target waiting for a trigger (G5,
    the round's only action); ``off_hand`` the second pistol's shot; ``reload`` (true or a
    weapon; G16); ``take_10`` on recoil checks where allowed (002 l.136); ``appears``: he
    steps into view this round (a covering trigger); ``both_barrels``: a double fires both
    barrels at once, one aimed attack for double damage (002 l.40; with ``mode: aimed``; an
    aimed double given ``shots: 2`` fires one barrel aimed and the second as a snap shot at
    the end of the round instead); ``aboard``: the conveyance he rides this round (002 l.41,
    l.45), or ``false`` on foot, when it differs from his character's ``aboard``;
    ``strike``: a blow with his ``blade`` at a man within reach, at his initiative (with a
    shot the same round: -6 and -10 by hand, and no aimed fire, 002 l.363, GN23).
    """

    shoot: str | None = None
    mode: Mode | None = None
    shots: int | None = Field(None, ge=1, le=12)
    weapon: str | None = None
    called: str | None = None
    move: str | Point | None = None
    gait: Gait | None = None
    draw: Literal["normal", "quick"] = "normal"
    covers: Covers | None = None
    off_hand: OffHand | None = None
    reload: bool | str = False
    take_10: bool = False
    appears: bool = False
    both_barrels: bool = False
    aboard: Conveyance | Literal[False] | None = None
    strike: str | None = None
    other: str | None = Field(None, max_length=300)
    friendly_fire: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> Intent:
        if self.covers is not None and (self.shoot or self.mode not in (None, "covering")):
            raise Invalid("covering fire is the round's only action: covers or shoot, not both",
                          "covers")
        if self.mode == "covering" and self.covers is None:
            raise Invalid("mode: covering needs covers: {target: NAME, when: moves|shoots|"
                          "appears}", "mode")
        if self.shots is not None and self.shoot is None:
            raise Invalid("shots go with shoot", "shots")
        if self.called is not None and (self.mode or "snap") != "aimed":
            raise Invalid("only an aimed shot may be called (002 l.39): add mode: aimed",
                          "called")
        if self.both_barrels and (self.mode != "aimed" or self.shoot is None):
            raise Invalid("both barrels at once is one aimed attack (002 l.40): add shoot: "
                          "and mode: aimed", "both_barrels")
        if self.both_barrels and self.shots not in (None, 1):
            raise Invalid("both barrels at once are one attack (002 l.40): leave shots out",
                          "shots")
        if self.strike is not None and self.mode == "aimed" and self.shoot is not None:
            raise Invalid("the gun gets no Aimed Fire bonus while the blade strikes (002 "
                          "l.363): strike, or an aimed shot, not both", "strike")
        if self.strike is not None and (self.off_hand is not None or self.covers is not None
                                        or self.reload):
            raise Invalid("a blow takes the hand without the gun: no off-hand gun, covering "
                          "or reloading with it (002 l.363)", "strike")
        if self.reload and (self.shoot or self.covers):
            raise Invalid("reloading is a full-round action here; reload or shoot", "reload")
        if self.off_hand is not None and self.shoot is None:
            raise Invalid("off_hand goes with a primary-hand shoot (or give the off-hand gun "
                          "as weapon:)", "off_hand")
        return self

    @property
    def action(self) -> str | None:
        if self.covers is not None:
            return "cover"
        if self.shoot is not None:
            return "shoot"
        if self.strike is not None:
            return "strike"
        if self.reload:
            return "reload"
        return None


class Turn(Model):
    """One combat round (6 seconds, G3): intents by name, an optional fast-draw contest that
    opens it (two names, 002 l.99-110; the two men's shots that round are snap shots, l.102,
    so their intents may give no other mode, no called shot and no covering fire), and
    conditions that differ from the scenario's."""

    intents: dict[str, Intent] = {}
    fast_draw: pair(str) | None = Field(None, description=(
        "Two men, one of each side, who open the round with a fast-draw contest (002 "
        "l.99-110): DEX + Quick Draw points + the gun's adjustment. The points count only "
        "where Quick Draw helps draw that gun from where it is carried: none for a long arm "
        "slung, in a sheath or on a lanyard, or a gun in a case (GN25)."))
    conditions: Conditions | None = None
    resolved: Resolved | None = None

    @property
    def kind(self) -> str:
        """Every Gaslight turn is a combat round (the play-by-post record hashes this)."""
        return "round"


class Scenario(ScenarioBase):
    """A whole Gaslight scenario: title, seed, the light and weather, landmarks (yards, with
    cover and concealment percentages), the sides and their characters, the rounds' intents,
    scripted dice by character and purpose, and the play-by-post record."""

    title: str = Field(min_length=1, max_length=200)
    ruleset: Literal["gaslight"]
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    description: str | None = Field(None, max_length=5000)
    conditions: Conditions = Conditions()
    map: dict[str, Landmark] = {}
    sides: dict[str, Annotated[list[Character], AfterValidator(has_characters)]]
    side_names: SideNames = {}
    turns: list[Turn] = Field([], max_length=500)
    max_turns: int | None = Field(None, ge=1, le=500)
    dice: dict[str, dict[str, list[int]]] = {}
    dice_fallback: Literal["error", "seeded"] = "error"
    state: dict[str, Any] | None = None


# ---------------------------------------------------------------------- validation
def _hint(word: str, choices: list[str]) -> str:
    n = loader.nearest(word, choices)
    return f"; did you mean {n!r}?" if n else ""


def validate(data: dict, loc8: Any) -> loader.LoadedScenario:
    """Validate parsed scenario data whose ``ruleset`` is ``gaslight``.

    Args:
        data: the parsed YAML mapping.
        loc8: the loader's locator for the file (positions of keys and values).

    Returns:
        A LoadedScenario whose ``scenario`` is a Gaslight ``Scenario`` with canonical names.

    Raises:
        ScenarioError: one located line.
    """
    return loader.validate_model(Scenario, data, loc8, _check)


def weapon_index(c: Character, value: str) -> int | None:
    """Index in ``c.weapons`` of the gun whose name or type is ``value``."""
    for i, w in enumerate(c.weapons):
        if value == w.type or same_weapon_name(value, w.name) or (
                W.canonical(value) is not None and W.canonical(value) == W.canonical(w.type)):
            return i
    return None


def _check(loaded: loader.LoadedScenario, data: dict, loc8: Any) -> None:
    """Cross-check names, guns and references; make every character reference a full name."""
    sc = loaded.scenario
    names = loader.check_names(loaded, loc8)
    chars = names.chars

    def who(value: str, loc: tuple, key: bool = False) -> str:
        return names.who(value, loc, key)

    types = W.weapon_rows()
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            base = ("sides", side, i)
            pos = landmark_position(c.at, sc.map)
            if pos is None:
                raise loc8.error(f"at: no landmark called {c.at!r}{_hint(str(c.at), list(sc.map))}"
                                 f" (give [x, y] in yards, or a landmark of map:)", base + ("at",))
            c.at = pos
            if isinstance(c.cover, str):
                if c.cover not in sc.map:
                    raise loc8.error(f"no landmark called {c.cover!r}{_hint(c.cover, list(sc.map))}",
                                     base + ("cover",))
            hands = [w.hand for w in c.weapons]
            if hands.count("off") > 1:
                raise loc8.error("one gun in the off hand at most", base + ("weapons",))
            for j, w in enumerate(c.weapons):
                wloc = base + ("weapons", j)
                if w.type not in types:
                    hint = loader.weapon_hint(w.type, list(types), "gaslight")
                    raise loc8.error(f"unknown weapon type {w.type!r}{hint}",
                                     wloc + ("type",))
                try:
                    gun = W.make_gun(w)
                except ValueError as exc:
                    field = getattr(exc, "field", "type")
                    raise loc8.error(str(exc), wloc + (field,)) from None
                if w.loaded is not None and w.loaded > gun.capacity:
                    raise loc8.error(f"{w.loaded} rounds loaded but {_a_gun(gun)} holds "
                                     f"{gun.capacity}", wloc + ("loaded",))
                if w.carried not in CARRIES:
                    raise loc8.error(f"unknown carry {w.carried!r}{_hint(w.carried, list(CARRIES))}"
                                     f" (one of {', '.join(CARRIES)})", wloc + ("carried",))
                if w.carried in HOLSTERS and gun.form in LONG_ARMS:
                    his = loader.pronoun_form(c.pronoun, "poss")
                    _warn(loaded, loc8, wloc + ("carried",),
                          f"{_his_gun(c, gun, c.name)} is a {gun.form.replace('_', ' ')}, "
                          f"carried: {w.carried}; a holster is for a pistol (a scattergun or "
                          f"sawed-off in an oversized holster), and a long arm is slung on "
                          f"the back (carried: sling, the default), in a saddle sheath "
                          f"(sheath) or in {his} hands (ready); held as written, it is drawn "
                          f"as a holstered pistol is, and Quick Draw helps")
                if w.hand == "off" and not gun.one_handed:
                    raise loc8.error(f"{_a_gun(gun)} is a long arm: only pistols go in the off "
                                     f"hand (002 l.349-351)", wloc + ("hand",))
            if c.tactics is not None and c.tactics not in PROFILES:
                raise loc8.error(f"unknown tactics profile {c.tactics!r}"
                                 f"{_hint(c.tactics, list(PROFILES))} (profiles: "
                                 f"{', '.join(PROFILES)})", base + ("tactics",))

    parts = [loc.part for loc in R.locations()]
    drawn: dict[str, set[int]] = {}   # the guns each man's earlier declared turns drew
    for t, turn in enumerate(sc.turns):
        if turn.fast_draw is not None:
            fixed = tuple(who(n, ("turns", t, "fast_draw", k)) for k, n in enumerate(turn.fast_draw))
            if fixed[0] == fixed[1]:
                raise loc8.error("a fast-draw contest needs two men", ("turns", t, "fast_draw"))
            if loaded.side_of[fixed[0]] == loaded.side_of[fixed[1]]:
                raise loc8.error("a fast-draw contest is between two sides",
                                 ("turns", t, "fast_draw"))
            turn.fast_draw = fixed
        new: dict[str, Intent] = {}
        for key, intent in turn.intents.items():
            base = ("turns", t, "intents", key)
            full = who(key, base, key=True)
            if full in new:
                raise loc8.error(f"two intents for {full} in turn {t + 1}", base, key=True)
            c = chars[full]
            if turn.fast_draw is not None and full in turn.fast_draw:
                _contestant(full, intent, loc8, base, c.pronoun)
            if intent.shoot is not None:
                intent.shoot = who(intent.shoot, base + ("shoot",))
                _own(loaded, full, intent.shoot, intent.friendly_fire, loc8, base + ("shoot",))
            if intent.strike is not None:
                if c.blade is None:
                    raise loc8.error(f"{full} carries no blade (give the character blade: "
                                     f"{{type: knife}})", base + ("strike",))
                intent.strike = who(intent.strike, base + ("strike",))
                _own(loaded, full, intent.strike, intent.friendly_fire, loc8, base + ("strike",))
            if intent.covers is not None:
                cv = intent.covers
                if isinstance(cv.target, str):
                    cv.target = who(cv.target, base + ("covers", "target"))
                    _own(loaded, full, cv.target, intent.friendly_fire, loc8,
                         base + ("covers", "target"))
                else:
                    fixed = []
                    for k, name in enumerate(cv.target):
                        tloc = base + ("covers", "target", k)
                        fixed.append(who(name, tloc))
                        _own(loaded, full, fixed[-1], intent.friendly_fire, loc8, tloc)
                    if len(set(fixed)) != len(fixed):
                        raise loc8.error("a covered group names each man once",
                                         base + ("covers", "target"))
                    cv.target = fixed
            guns = [w.name or w.type for w in c.weapons]
            if intent.weapon is not None and weapon_index(c, intent.weapon) is None:
                raise loc8.error(f"{full} carries no {intent.weapon!r} (carries "
                                 f"{', '.join(guns) or 'nothing'}){_hint(intent.weapon, guns)}",
                                 base + ("weapon",))
            if (intent.shoot or intent.covers or intent.reload) and not c.weapons:
                raise loc8.error(f"{full} carries no gun", base + (intent.action or "shoot",))
            if intent.called is not None and intent.called not in parts:
                raise loc8.error(f"unknown hit location {intent.called!r}"
                                 f"{_hint(intent.called, parts)}", base + ("called",))
            mode = intent.mode or ("covering" if intent.covers else "snap")
            if intent.shoot is not None or intent.covers is not None:
                idx = weapon_index(c, intent.weapon) if intent.weapon else _primary(c)
                gun = W.make_gun(c.weapons[idx])
                if mode == "fanning":
                    if not gun.single_action or gun.klass != "revolver":
                        raise loc8.error(f"only a single-action revolver can be fanned (002 "
                                         f"l.408); {_his_gun(c, gun, full)} cannot",
                                         base + ("mode",))
                    if not c.skills.fanning:
                        raise loc8.error(f"{full} has not the Fanning skill (skills: {{fanning: "
                                         f"true}})", base + ("mode",))
                if intent.called is not None:
                    try:
                        R.called_shot_modifier(intent.called, True, mode, gun.form)
                    except R.NotAllowed as exc:
                        raise loc8.error(str(exc), base + ("called",)) from None
                if intent.both_barrels and gun.barrels != 2:
                    raise loc8.error(f"{_his_gun(c, gun, full)} has one barrel: both barrels at "
                                     f"once needs a double (002 l.40)", base + ("both_barrels",))
                ride = c.aboard if intent.aboard is None else (intent.aboard or None)
                if mode == "panic" and intent.move is None and not R.in_full_flight(ride):
                    raise loc8.error("panic fire is fired running (002 l.57): give move:, or "
                                     "ride a conveyance at a run (aboard: {on: horse, speed: "
                                     "running})", base + ("mode",))
            if intent.off_hand is not None:
                oh = intent.off_hand
                oloc = base + ("off_hand",)
                oh.shoot = who(oh.shoot, oloc + ("shoot",))
                _own(loaded, full, oh.shoot, intent.friendly_fire, loc8, oloc + ("shoot",))
                if oh.weapon is not None:
                    oi = weapon_index(c, oh.weapon)
                    if oi is None:
                        raise loc8.error(f"{full} carries no {oh.weapon!r}{_hint(oh.weapon, guns)}",
                                         oloc + ("weapon",))
                else:
                    oi = next((k for k, w in enumerate(c.weapons) if w.hand == "off"), None)
                    if oi is None:
                        raise loc8.error(f"{full} has no gun in the off hand (give a weapon "
                                         f"hand: off)", oloc, key=True)
                if not W.make_gun(c.weapons[oi]).one_handed:
                    raise loc8.error("only pistols go in the off hand (002 l.349-351)",
                                     oloc + ("weapon",))
                try:
                    R.two_guns(mode, oh.mode, skill_made=False)
                except R.NotAllowed as exc:
                    raise loc8.error(str(exc), oloc + ("mode",)) from None
            if isinstance(intent.reload, str) and weapon_index(c, intent.reload) is None:
                raise loc8.error(f"{full} carries no gun {intent.reload!r} to reload"
                                 f"{_hint(intent.reload, guns)}", base + ("reload",))
            if intent.draw == "quick" and not c.skills.quick_draw:
                _warn(loaded, loc8, base + ("draw",),
                      f"{full} declares draw: quick in turn {t + 1}, but has no Quick Draw "
                      f"skill (only one who knows it may try a quick draw), so the draw is a "
                      f"normal one; give {loader.pronoun_form(c.pronoun, 'obj')} skills: "
                      f"{{quick_draw: N}}, or leave draw: out")
            elif intent.draw == "quick" and c.weapons:
                w = c.weapons[weapon_index(c, intent.weapon) if intent.weapon else _primary(c)]
                if w.carried != "ready" and not rules()["drawing"][w.carried]["quick_draw"]:
                    gun = W.make_gun(w)
                    _warn(loaded, loc8, base + ("draw",),
                          f"{full} declares draw: quick in turn {t + 1}, but Quick Draw does "
                          f"not help drawing {_his_gun(c, gun)} {_CARRIED_FROM[w.carried]} "
                          f"(it helps only from a holster, an oversized holster, a "
                          f"scattergun's lanyard, or a pocket with the hand already on the "
                          f"gun), so the draw is a normal one, "
                          f"{_ACTION[R.draw_action(w.carried)]}; leave draw: out")
            if isinstance(intent.move, str) and intent.move not in sc.map:
                raise loc8.error(f"no landmark called {intent.move!r}"
                                 f"{_hint(intent.move, list(sc.map))}", base + ("move",))
            _draw_takes_move(loaded, loc8, base, t, c, intent, drawn.setdefault(full, set()),
                             turn.fast_draw is not None and full in turn.fast_draw)
            new[full] = intent
        turn.intents = new
        if turn.fast_draw is not None:
            for k, full in enumerate(turn.fast_draw):
                _uncounted(loaded, loc8, ("turns", t, "fast_draw", k), t, chars[full],
                           turn.intents.get(full))

    loader.check_dice(loaded, loc8, names, PURPOSES, dice="d2, d6, d10, d12 or d20",
                      note=f" (Gaslight purposes: {', '.join(PURPOSES)})")


#: The forms of long arm (GN24: slung on the back when ``carried:`` is left out).
LONG_ARMS = ("coach_gun", "carbine", "rifle", "shotgun")
#: Carries that are a holster (002 l.25, l.28, l.35): never a long arm's.
HOLSTERS = ("holster", "hidden_holster", "oversized_holster")
#: Where a gun is drawn from, by its carry, for a warning ("from a sling on his back").
_CARRIED_FROM = {"ready": "already in hand", "holster": "from a holster",
                 "hidden_holster": "from a shoulder holster", "pocket": "from a pocket",
                 "hand_on_pistol": "from a pocket", "oversized_holster": "from an oversized "
                 "holster", "scattergun_lanyard": "from a lanyard under the coat",
                 "sheath": "from a saddle sheath", "sling": "from a sling on the back",
                 "lanyard": "from a lanyard", "case": "from a gun case"}
#: An action's words for a warning.
_ACTION = {"free": "a free action", "move": "a move action", "standard": "a standard action",
           "full_round": "a full-round action"}


def _draw_takes_move(loaded: loader.LoadedScenario, loc8: Any, base: tuple, t: int,
                     c: Character, intent: Intent, drawn: set[int], contest: bool) -> None:
    """GN18 (002 l.23-35): warn, at the intent's ``move``, when turn ``t``'s (0-based) declared
    move goes to drawing the gun he shoots or reloads: a gun not yet in hand (not ``ready``,
    and no earlier declared turn of his shot or reloaded with it) whose draw is a move action
    (a holster, a pocket...), unless a declared quick draw can make it a free one. ``drawn``:
    the guns his earlier declared turns drew (kept across turns); ``contest``: he is in the
    turn's fast-draw contest, which draws for him (no move action)."""
    if not c.weapons or not (intent.shoot or intent.reload):
        return
    name = intent.weapon or (intent.reload if isinstance(intent.reload, str) else None)
    i = weapon_index(c, name) if name else _primary(c)
    if i is None:
        return
    w = c.weapons[i]
    first = i not in drawn and w.carried != "ready"
    drawn.add(i)
    if not first or contest or intent.move is None or R.draw_action(w.carried) != "move":
        return
    quick = intent.draw == "quick" and c.skills.quick_draw > 0 and R.draw_action(
        w.carried, True) != "move"
    gun = W.make_gun(w)
    him = loader.pronoun_form(c.pronoun, "obj")
    _warn(loaded, loc8, base + ("move",),
          f"{c.name} declares a move in turn {t + 1}, but drawing {_his_gun(c, gun)} "
          f"{_CARRIED_FROM[w.carried]} is a move action that costs {him} the move (GN18), "
          + ("unless the Quick Draw roll is made" if quick else
             "so the move is not made; carry it ready (carried: ready), or move in another "
             "turn"))


def _his_gun(c: Character, gun: Any, named: str | None = None) -> str:
    """A check message's words for ``c``'s gun, as the write-ups tell it
    (``inflection.whose``): "her Webley revolver", "their Purdey" by ``c``'s pronoun, or
    with ``named`` (his name) "Nell Quill's Purdey"; a name that says its owner already
    stays as it is, "Pa's revolver" (never "her Pa's revolver"), or takes his name in its
    owner's place ("Nell Quill's revolver"), and one opening with a pronoun takes his
    ("her left-hand Webley" of a man's is "his left-hand Webley")."""
    from narrator.render.inflection import whose
    if named is not None:
        return whose(f"{named}'s", gun.name, named=True)
    return whose(loader.pronoun_form(c.pronoun, "poss"), gun.name)


def _a_gun(gun: Any) -> str:
    """A check message's words for a gun as such: "a Purdey", "a Webley revolver"; a name
    that says its owner stays as it is ("Pa's revolver", never "a Pa's revolver")."""
    from narrator.render.inflection import the_weapon
    told = the_weapon(gun.name)
    return f"a {gun.name}" if told == f"the {gun.name}" else told


def _warn(loaded: loader.LoadedScenario, loc8: Any, loc: tuple, text: str) -> None:
    """Add the warning ``text`` ("warning: " is put before it) at the scenario path ``loc``
    (file:line:col): ``narrator check`` prints it, the exit code stays 0."""
    loaded.warnings.append(loc8.error(f"warning: {text}", loc))


def _uncounted(loaded: loader.LoadedScenario, loc8: Any, loc: tuple, t: int, c: Character,
               intent: Intent | None) -> None:
    """GN25: warn, at the contestant's name in turn ``t``'s ``fast_draw`` (0-based ``t``),
    when his Quick Draw points do not count in the contest because Quick Draw is no help
    drawing the gun he fires (his intent's ``weapon``, else his primary gun) from where it
    is carried; the warning gives the Adjusted Fast Draw the contest uses."""
    points = c.skills.quick_draw
    if not points or not c.weapons:
        return
    w = c.weapons[weapon_index(c, intent.weapon) if intent and intent.weapon else _primary(c)]
    gun = W.make_gun(w)
    if R.contest_quick_draw(points, w.carried, gun.form) == points:
        return
    his = loader.pronoun_form(c.pronoun, "poss")
    pens = R.fast_draw_penalties(not w.familiar, w.hand == "off", c.skills.off_hand_shooting)
    score = c.dex + gun.fast_draw + sum(p.value for p in pens)
    where = (f"with a long arm, even one already in {his} hands" if w.carried == "ready"
             else f"drawing {_his_gun(c, gun)} {_CARRIED_FROM[w.carried]}")
    plural = "s do" if points != 1 else " does"
    _warn(loaded, loc8, loc,
          f"{c.name}'s {points} Quick Draw point{plural} not count in turn {t + 1}'s fast-draw "
          f"contest: Quick Draw does not help {where}, so {his} Adjusted Fast Draw is "
          f"{score}, not {score + points} (GN25)")


def _contestant(full: str, intent: Intent, loc8: Any, base: tuple, pronoun: str = "he") -> None:
    """002 l.102: in a fast-draw contest "the shots are Snap Shots, draw and fire, no Aimed
    Shots": a contestant's declared mode, off-hand mode and covering fire must fit (a called
    shot needs aimed fire, l.39, so none is possible either).

    ``pronoun``: the contestant's (``pronoun:``), for the message.

    Raises:
        ScenarioError: located at the declaration that does not fit.
    """
    why = (f"{full} is in this round's fast-draw contest, whose shots are snap shots, draw "
           f"and fire, no aimed shots (002 l.102)")
    if intent.covers is not None:
        he = loader.pronoun_form(pronoun, "subj")
        raise loc8.error(f"{why}: {he} cannot cover this round", base + ("covers",))
    if intent.mode not in (None, "snap"):
        raise loc8.error(f"{why}: give mode: snap or leave mode out, not {intent.mode}",
                         base + ("mode",))
    if intent.off_hand is not None and intent.off_hand.mode != "snap":
        raise loc8.error(f"{why}: the off hand fires snap too, not {intent.off_hand.mode}",
                         base + ("off_hand", "mode"))


def _primary(c: Character) -> int:
    """The gun used when an intent names none: the first in the primary hand, else the first."""
    return next((i for i, w in enumerate(c.weapons) if w.hand == "primary"), 0)


def _own(loaded: loader.LoadedScenario, full: str, target: str, meant: bool, loc8: Any,
         loc: tuple) -> None:
    if target == full:
        raise loc8.error(f"{full} cannot shoot at {loader.pronoun_of(loaded, full, 'self')}",
                         loc)
    loader.friendly_fire(loaded, full, target, meant, loc8, loc)


