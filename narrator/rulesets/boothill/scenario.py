"""A Boot Hill scenario (``ruleset: boothill``, the default): its models (pydantic) and its
cross-checks (``validate``: names, weapons, landmarks, intents, rulings, dice), on the shared
base of ``narrator.scenario.models`` and the loader's shared checks.

Units: positions and distances in yards; ``at: [x, y]``.

May import: pydantic, narrator.scenario (the shared base, the loader's checks), narrator.dice,
narrator.rulesets.boothill.tables; never the engine or the tactics (they import this).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_serializer, model_validator

from narrator.dice import PURPOSES
from narrator.rulesets.boothill import tables
from narrator.scenario.models import (
    Invalid, Model, Point, Resolved, SideNames, WeaponName, same_weapon_name,
    pair, ScenarioBase, has_characters, landmark_position,
)

if TYPE_CHECKING:  # pragma: no cover
    from narrator.scenario.loader import LoadedScenario

Location = Literal["left_leg", "right_leg", "left_arm", "right_arm", "left_shoulder",
                   "right_shoulder", "abdomen", "chest", "head", "legs", "arms", "shoulders"]
Gait = Literal["crawling", "walking", "evading", "running", "trotting", "galloping"]
Band = Literal["point_blank", "short", "long", "extreme"]
ShotType = Literal["careful", "steady", "hip", "fanned"]

PROFILES = ("aggressive", "cautious", "coward", "sniper", "lawman")
weapon_table = tables.weapons  # the weapon table, for Ruleset.weapons (state: edits of loaded:)
"""The tactics profiles a character may name (``tactics:``); ``tactics.PROFILE_TABLE`` defines
each, in this order."""

GROUPS = {"legs": ("left_leg", "right_leg"), "arms": ("left_arm", "right_arm"),
          "shoulders": ("left_shoulder", "right_shoulder")}


def expand_locations(locs: list[str]) -> tuple[str, ...]:
    """Expand ``legs``/``arms``/``shoulders`` into Table 11 locations, keeping order."""
    out: list[str] = []
    for loc in locs:
        for one in GROUPS.get(loc, (loc,)):
            if one not in out:
                out.append(one)
    return tuple(out)


class Attributes(Model):
    """Boot Hill attributes (000 l.548-580): Strength, Coordination, Observation, Stature, Luck.

    Wound capacity = STR; speed = COO. Each 1..30.
    """

    str_: int = Field(alias="str", ge=1, le=30)
    coo: int = Field(ge=1, le=30)
    obs: int = Field(ge=1, le=30)
    sta: int = Field(ge=1, le=30)
    luck: int = Field(ge=1, le=30)


class Skills(Model):
    """Combat skills (errata "Attributes"; Brawling and Blades, errata B19); a missing skill
    counts 0. Each 0..30."""

    pistol: int = Field(0, ge=0, le=30)
    rifle: int = Field(0, ge=0, le=30)
    throwing: int = Field(0, ge=0, le=30)
    archery: int = Field(0, ge=0, le=30)
    fast_draw: int = Field(0, ge=0, le=30)
    tactics: int = Field(0, ge=0, le=30)
    gunsmithing: int = Field(0, ge=0, le=30)
    brawling: int = Field(0, ge=0, le=30)
    blades: int = Field(0, ge=0, le=30)


class WeaponSpec(Model):
    """A carried weapon: a Table 14 ``type``, an optional display ``name``, rounds loaded.

    ``loaded`` defaults to full; ``capacity`` overrides errata B16; ``spare`` is spare rounds
    (None: plenty).
    """

    type: str
    name: WeaponName | None = Field(None, max_length=60)
    loaded: int | None = Field(None, ge=0, le=1000)
    capacity: int | None = Field(None, ge=1, le=1000)
    spare: int | None = Field(None, ge=0, le=10000)


class CoverSpec(Model):
    """Cover a character is behind (errata B10).

    ``kind``: ``solid`` (a hit in a covered location strikes the cover), ``light`` (the bullet
    goes through, severity reduced by ``reduction`` 1-3), ``sporadic`` (a Luck check of the
    target decides whether the cover stopped it). ``alive``: the cover is a creature (a horse)
    whose wounds are recorded; ``bolts_when_hit``: it runs off when wounded (a GM ruling).
    """

    locations: list[Location] = Field(min_length=1)
    kind: Literal["solid", "light", "sporadic"] = "solid"
    reduction: int = Field(0, ge=0, le=3)
    by: str = Field("cover", max_length=60)
    alive: bool = False
    bolts_when_hit: bool = False

    @model_validator(mode="after")
    def _light_needs_reduction(self) -> CoverSpec:
        if self.kind == "light" and self.reduction == 0:
            raise Invalid("light cover needs a reduction of 1, 2 or 3", "kind")
        if self.kind != "light" and self.reduction:
            raise Invalid("only light cover has a reduction", "reduction")
        return self


class Landmark(Model):
    """A named place on the map: a destination, maybe with cover for whoever stands there.

    ``dark``: the place lies in complete darkness: whoever stands there and shoots leaves his
    targets completely surprised (000 l.541).
    """

    at: Point
    name: str | None = Field(None, max_length=60)
    cover: CoverSpec | None = None
    dark: bool = False


class Character(Model):
    """One character of a side. ``at``: ``[x, y]`` in yards, or a landmark of the map (its key
    or name), which the loader turns into the landmark's position; ``cover`` is a CoverSpec or
    a landmark name. A man placed on a landmark's spot (by its name or its ``[x, y]``) starts
    at it, behind its cover and in its darkness, unless ``cover`` gives him another (ruling
    BN3).

    ``in_darkness``: he starts in complete darkness (000 l.541: whoever he shoots at is
    completely surprised); he leaves it when he moves, unless he arrives at a ``dark``
    landmark.
    """

    name: str = Field(min_length=1, max_length=80)
    short: str | None = Field(None, min_length=1, max_length=60)
    pronoun: Literal["he", "she", "they"] = "he"
    attributes: Attributes
    skills: Skills = Skills()
    weapons: list[WeaponSpec] = Field(min_length=1)
    at: Point | str
    mounted: bool = False
    prone: bool = False
    handedness: Literal["right", "left"] = "right"
    size: Literal["very_large", "large", "normal", "small", "very_small"] = "normal"
    aim: Literal["vitals", "limbs", "none"] = "vitals"
    cover: CoverSpec | str | None = None
    lit: bool = False
    in_darkness: bool = False
    obscured: bool = False
    drawn: bool = False
    tactics: str | None = None
    notes: str | None = Field(None, max_length=500)


class MoveIntent(Model):
    """Declared movement (Table 3): a gait and a destination (landmark or ``[x, y]``).

    ``jump_down``: a horse-size drop, half the move (Table 3, 001 l.55). ``jump``: a significant
    jump of that many feet (1-100): a Coordination check, which halves the move or, failed,
    ends it; over 12 feet a Luck check too (001 l.56-60, errata B18(g)). ``terrible_footing``:
    the distance is halved (Table 3), and faster than a walk on foot a Coordination check keeps
    him on his feet, or he falls prone where he stands (001 l.61).
    """

    gait: Gait | None = None
    to: str | Point | None = None
    through: list[Literal["door", "window"]] = []
    stairs: int = Field(0, ge=0, le=100)
    mount: bool = False
    dismount: bool = False
    stand_up: bool = False
    drop_prone: bool = False
    jump_down: bool = False
    jump: int | None = Field(None, ge=1, le=100)
    terrible_footing: bool = False
    delay: bool = False

    @model_validator(mode="after")
    def _something_to_do(self) -> MoveIntent:
        if self.gait is None and not (self.mount or self.dismount or self.stand_up
                                      or self.drop_prone or self.jump):
            raise ValueError("a move needs a gait (or mount, dismount, stand_up, drop_prone, "
                             "jump)")
        if self.jump and self.jump_down:
            raise Invalid("declare jump (feet, a significant jump with a Coordination check) or "
                          "jump_down (a horse-size drop, half the move), not both", "jump")
        if self.to is not None and self.gait is None:
            raise Invalid("a move with a destination needs a gait", "to")
        return self


class Intent(Model):
    """What a character declares for a turn.

    ``shoot``: a target, or a list of targets (one careful shot each, at most two in a combat
    turn); ``shots`` fires that many careful shots at a single target (combat turn), or, in a
    shootout turn, is the list of shot types in order (``[hip, hip, hip]``; their counts add up
    to 6 at most, 001 l.16), the listed targets taking the shots in order (the last one what
    is left), each change of target costing a count (Table 5). A shooter whose target goes down
    turns on the next target listed, else the most dangerous enemy in reach. ``draw``: fast or
    normal (default fast with the Fast Draw skill, normal without it); in a shootout turn a man
    whose gun is not in hand draws before his first shot, and the write-up's declaration names
    that draw; ``redraw``: the draw after a failed fast draw (default fast). ``weapon``: type or name of a carried weapon (default: the first).
    ``reload``: true or a weapon. ``pick_up``: true or a thrown weapon: he picks up a thrown
    weapon lying where he stands after his move, his own or another man's (which becomes his;
    errata B18(i)); it is his action for the turn.
    ``other``: free text for the GM. ``friendly_fire``: the GM means this shot at a man of the
    shooter's own side (a betrayal); without it ``check`` warns.

    Hand to hand (errata B19; one of these, and no ``shoot``): ``strike``: a man within 2 yards,
    hit with ``weapon`` (a carried hand-to-hand weapon, a carried gun's butt, or ``fists``; by
    default his current weapon if it is a hand-to-hand weapon, else fists), ``blows`` times
    (default 2 in a combat turn, 1 in a shootout turn; a blow takes 2 counts); ``grapple``:
    take hold of a man within 2 yards (3 counts); ``break_free``: a held man's grapple against
    his holder; ``throw``: the holder throws the man he holds.
    """

    shoot: str | list[str] | None = None
    shots: int | list[ShotType] | None = None
    draw: Literal["fast", "normal"] | None = None
    redraw: Literal["fast", "normal"] | None = None
    cock: bool = False
    surprised: Literal["surprised", "completely"] | None = None
    weapon: str | None = None
    aim: Literal["vitals", "limbs", "none"] | None = None
    hand: Literal["right", "left"] | None = None
    two_guns: bool = False
    sniping: bool = False
    move: MoveIntent | None = None
    reload: bool | str = False
    clear_jam: bool = False
    pick_up: bool | str = False
    other: str | None = Field(None, max_length=300)
    friendly_fire: bool = False
    strike: str | None = None
    blows: int | None = Field(None, ge=1, le=3)
    grapple: str | None = None
    break_free: bool = False
    throw: bool = False

    @model_validator(mode="after")
    def _one_hand_to_hand(self) -> Intent:
        melee = [k for k in ("strike", "grapple", "break_free", "throw") if getattr(self, k)]
        if len(melee) > 1:
            raise Invalid(f"declare one of strike, grapple, break_free, throw (not "
                          f"{' and '.join(melee)})", melee[1])
        if melee and self.shoot is not None:
            raise Invalid(f"a man who brawls does not shoot that turn: declare {melee[0]} or "
                          f"shoot, not both (ruling B19)", melee[0])
        if self.blows is not None and self.strike is None:
            raise Invalid("blows: goes with strike:", "blows")
        return self

    @cached_property
    def melee(self) -> str | None:
        """The hand-to-hand action declared ("strike", "grapple", "break_free", "throw"), or
        None (computed once: the engine asks it of every intent every turn)."""
        if self.strike is not None:
            return "strike"
        if self.grapple is not None:
            return "grapple"
        if self.break_free:
            return "break_free"
        if self.throw:
            return "throw"
        return None


class Turn(Model):
    """One declared turn: its kind and each character's intent (keyed by name or short name).

    ``auto`` (the default): a shootout turn when someone declares a steady, hip or fanned shot,
    or a shot at an enemy within 20 feet (001 l.8); a combat turn otherwise.
    """

    kind: Literal["combat", "shootout", "auto"] = "auto"
    intents: dict[str, Intent] = {}
    resolved: Resolved | None = None


class HouseRules(Model):
    """Named house-rule options. Each default is narrator's default profile: the tables (a
    light wound -1, the shotgun bonus, the Table 4 hipshot...), and for ``tactics_retry``
    ruling B18(h), a retry at the start of every later turn; a scenario sets only the ones it
    changes (``narrator rules boothill house-rules``)."""

    light_wound_penalty: int = Field(-1, ge=-4, le=0)
    shotgun_bonus: bool = True
    hipshot_formula: Literal["table", "pooled"] = "table"
    weapon_speed_counts: bool = False
    failed_fast_draw_ready: bool = False
    shoulder_is_arm: bool = False
    misfire_on_20: Literal["table", "luck"] = "table"
    tactics_retry: Literal["every_turn", "never", "delayed"] = "every_turn"

    @model_serializer(mode="wrap")
    def _dump(self, handler: Any) -> dict[str, Any]:
        """The options, without those added after the first release while at their
        default (``tactics_retry``): a scenario's setup hash (the footer) and a play-by-post
        file's record seals, made from this dump, stay what they were before the option
        existed."""
        out = handler(self)
        if self.tactics_retry == "every_turn":
            out.pop("tactics_retry", None)
        return out

    def changed(self) -> list[tuple[str, object]]:
        """The options that differ from the default profile, in declaration order."""
        default = HouseRules()
        return [(k, getattr(self, k)) for k in type(self).model_fields
                if getattr(self, k) != getattr(default, k)]


class RangeBandRuling(Model):
    """GM ruling: the band between two characters (or sides) is fixed (errata B1)."""

    between: pair(str)
    band: Band


class FireOrderRuling(Model):
    """GM ruling: the order a side's characters fire in this turn (errata B12)."""

    side: str
    order: list[str] = Field(min_length=1)


class CancelModifierRuling(Model):
    """GM ruling: a named Table 2 modifier (or a hand-to-hand one) does not apply to a
    character's shots and blows; ``long_range`` and ``extreme_range`` name the range rows."""

    character: str = Field(description="Whose shots and blows go without the modifier.")
    modifier: str = Field(description=(
        "The modifier: a Table 2 row that is not 0 (long, extreme, shooter_walking, "
        "wrong_hand...) or a hand-to-hand one (held_strikes...); the full list is under GM "
        "rulings in `narrator rules boothill house-rules`."))


class Ruling(Model):
    """A visible GM ruling, for one turn or (``turn`` omitted) the whole fight.

    Exactly one of ``range_band``, ``fire_order``, ``cancel_modifier``, ``initiative``.
    """

    turn: int | None = Field(None, ge=1)
    why: str = Field("", max_length=300)
    range_band: RangeBandRuling | None = None
    fire_order: FireOrderRuling | None = None
    cancel_modifier: CancelModifierRuling | None = None
    initiative: dict[str, int] | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Ruling:
        kinds = [k for k in ("range_band", "fire_order", "cancel_modifier", "initiative")
                 if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise Invalid("a ruling needs exactly one of range_band, fire_order, "
                          "cancel_modifier, initiative", *kinds[1:2])
        if self.initiative is not None and self.turn is None:
            raise Invalid("an initiative ruling needs a turn", "initiative")
        return self

    @property
    def kind(self) -> str:
        """Which kind of ruling this is."""
        for k in ("range_band", "fire_order", "cancel_modifier", "initiative"):
            if getattr(self, k) is not None:
                return k
        raise AssertionError


class Scenario(ScenarioBase):
    """A whole scenario file. ``sides`` maps side name to its characters (at least two sides)."""

    title: str = Field(min_length=1, max_length=200)
    ruleset: Literal["boothill"] = "boothill"
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    description: str | None = Field(None, max_length=5000)
    house_rules: HouseRules = HouseRules()
    night: bool = False
    map: dict[str, Landmark] = {}
    sides: dict[str, Annotated[list[Character], AfterValidator(has_characters)]]
    side_names: SideNames = {}
    turns: list[Turn] = Field([], max_length=500)
    max_turns: int | None = Field(None, ge=1, le=500)
    dice: dict[str, dict[str, list[int]]] = {}
    dice_fallback: Literal["error", "seeded"] = "error"
    rulings: list[Ruling] = []
    state: dict[str, Any] | None = None


Turn.model_rebuild()


# ---------------------------------------------------------------------- validation
def _weapon_hint(word: str, choices: list[str], ruleset: str) -> str:
    from narrator.scenario.loader import weapon_hint

    return weapon_hint(word, choices, ruleset)


def _hint(word: str, choices: list[str]) -> str:
    from narrator.scenario.loader import nearest

    n = nearest(word, choices)
    return f"; did you mean {n!r}?" if n else ""


def validate(data: dict, loc8: Any) -> LoadedScenario:
    """Validate parsed scenario data whose ``ruleset`` is ``boothill`` (or left out): the
    model, then the cross-checks of names, weapons, landmarks, intents, rulings and dice.

    Raises:
        ScenarioError: one located line.
    """
    from narrator.scenario.loader import validate_model  # ruamel: only when a file is read

    return validate_model(Scenario, data, loc8, _check)


def _check(loaded: LoadedScenario, data: Any, loc8: Any) -> None:
    """Cross-check names and references; canonicalize them to full character names."""
    from narrator.scenario.loader import (check_dice, check_empty_targets, check_names,
                                          friendly_fire, pronoun_form)

    check_empty_targets(data, loc8)
    sc = loaded.scenario
    named = check_names(loaded, loc8)
    chars: dict[str, Character] = named.chars
    who = named.who

    weapon_keys = list(tables.weapons())
    for side, members in sc.sides.items():
        for i, c in enumerate(members):
            pos = landmark_position(c.at, sc.map)
            if pos is None:
                raise loc8.error(f"at: no landmark called {c.at!r}{_hint(str(c.at), list(sc.map))}"
                                 f" (give [x, y] in yards, or a landmark of map:)",
                                 ("sides", side, i, "at"))
            c.at = pos
            for j, w in enumerate(c.weapons):
                base = ("sides", side, i, "weapons", j)
                if w.type not in tables.weapons():
                    hint = _weapon_hint(w.type, weapon_keys, "boothill")
                    raise loc8.error(f"unknown weapon type {w.type!r}{hint}",
                                     base + ("type",))
                wt = tables.weapons()[w.type]
                if wt.type == "gun_butt":
                    raise loc8.error("a gun butt is not carried: a strike whose weapon: is a "
                                     "carried gun hits with its butt (ruling B19)", base + ("type",))
                cap = w.capacity or wt.capacity
                if w.loaded is not None and w.loaded > cap:
                    raise loc8.error(f"{w.loaded} rounds loaded but a {wt.name} holds {cap}",
                                     base + ("loaded",))
            if isinstance(c.cover, str):
                lm = sc.map.get(c.cover)
                if lm is None:
                    raise loc8.error(f"no landmark called {c.cover!r}{_hint(c.cover, list(sc.map))}",
                                     ("sides", side, i, "cover"))
                if lm.cover is None:
                    raise loc8.error(f"landmark {c.cover!r} gives no cover", ("sides", side, i, "cover"))
            if c.tactics is not None:
                if c.tactics not in PROFILES:
                    raise loc8.error(f"unknown tactics profile {c.tactics!r}"
                                     f"{_hint(c.tactics, list(PROFILES))} (profiles: "
                                     f"{', '.join(PROFILES)})", ("sides", side, i, "tactics"))

    keys: dict[tuple[int, str], str] = {}  # (turn index, full name) -> the intent's key
    for t, turn in enumerate(sc.turns):
        new: dict[str, Any] = {}
        for key, intent in turn.intents.items():
            base = ("turns", t, "intents", key)
            full = who(key, base, key=True)
            if full in new:
                raise loc8.error(f"two intents for {full} in turn {t + 1}", base, key=True)
            c = chars[full]
            if intent.shoot is not None:
                targets = [intent.shoot] if isinstance(intent.shoot, str) else list(intent.shoot)
                fixed = []
                for k, tgt in enumerate(targets):
                    tloc = base + ("shoot",) + ((k,) if isinstance(intent.shoot, list) else ())
                    full_t = who(tgt, tloc)
                    if full_t == full:
                        raise loc8.error(f"{full} cannot shoot at "
                                         f"{pronoun_form(c.pronoun, 'self')}", tloc)
                    friendly_fire(loaded, full, full_t, intent.friendly_fire, loc8, tloc)
                    fixed.append(full_t)
                intent.shoot = fixed[0] if isinstance(intent.shoot, str) else fixed
                n = len(fixed) * (intent.shots if isinstance(intent.shots, int) else 1)
                too_many = isinstance(intent.shots, int) and intent.shots > 2  # told at shots:
                if turn.kind != "shootout" and not isinstance(intent.shots, list) and n > 2 \
                        and not too_many:
                    raise loc8.error("a combat turn allows one or two careful shots (000 l.39)",
                                     base + ("shoot",))
                if not fixed:
                    raise loc8.error("shoot needs at least one target", base + ("shoot",))
            if intent.melee is not None:
                _check_melee(turn.kind, full, c, intent, who, loaded, loc8, base)
            for fld in ("weapon",):
                val = getattr(intent, fld)
                if val is not None and not (val == "fists" and intent.strike is not None):
                    i = _resolve_weapon(c, val, loc8, base + (fld,))
                    wt = tables.weapons()[c.weapons[i].type]
                    if intent.shoot is not None and wt.is_melee:
                        raise loc8.error(f"a {wt.name} is not shot: strike with it "
                                         f"(strike: NAME, weapon: {val})", base + (fld,))
            if isinstance(intent.reload, str):
                _resolve_weapon(c, intent.reload, loc8, base + ("reload",))
            if intent.pick_up:
                _check_pick_up(c, intent.pick_up, loc8, base + ("pick_up",),
                               [x for _, x in sc.characters()])
            if intent.two_guns:
                pistols = [w for w in c.weapons if tables.weapons()[w.type].kind == "pistol"]
                if len(pistols) < 2:
                    raise loc8.error(f"{full} has fewer than two pistols to fire at once",
                                     base + ("two_guns",))
            if intent.move and isinstance(intent.move.to, str) and intent.move.to not in sc.map:
                raise loc8.error(f"no landmark called {intent.move.to!r}"
                                 f"{_hint(intent.move.to, list(sc.map))}", base + ("move", "to"))
            mv = intent.move
            if mv and mv.gait in ("trotting", "galloping") and (
                    not (c.mounted or mv.mount) or mv.dismount):
                raise loc8.error(f"{full} is on foot and cannot be {mv.gait}",
                                 base + ("move", "gait"))
            # in the saddle as turn 1 starts (later, a horse may be shot from under him: the
            # engine refuses the move then; a played file's state: says where he is)
            if mv and mv.gait in ("crawling", "evading", "running") and c.mounted \
                    and not mv.dismount and t == 0 and sc.state is None:
                raise loc8.error(f"{full} is mounted and cannot be {mv.gait}: on horseback "
                                 f"a man walks, trots or gallops (Table 3); add dismount: true "
                                 f"to go on foot", base + ("move", "gait"))
            _check_shots(turn.kind, c, intent, loc8, base)
            new[full] = intent
            keys[(t, full)] = key
        turn.intents = new
    _busy_warnings(loaded, keys, loc8)
    _sniping_warnings(loaded, keys, loc8)
    if sc.turns and sc.state is None:
        _reach_warnings(loaded, keys, loc8)
        _full_reload_warnings(loaded, keys, loc8)
        _drawn_warnings(loaded, keys, loc8)

    side_names = list(sc.sides)
    for r, ruling in enumerate(sc.rulings):
        base = ("rulings", r)
        last = max(len(sc.turns), sc.max_turns or 0)
        if ruling.turn is not None and ruling.turn > last:
            raise loc8.error(f"ruling for turn {ruling.turn}, but the scenario has "
                             + (f"{last} turns" if last != 1 else "one turn"), base + ("turn",))
        if ruling.range_band:
            fixed = []
            for k, name in enumerate(ruling.range_band.between):
                if name in sc.sides:
                    fixed.append(name)
                else:
                    fixed.append(who(name, base + ("range_band", "between", k)))
            ruling.range_band.between = (fixed[0], fixed[1])
        if ruling.fire_order:
            fo = ruling.fire_order
            if fo.side not in sc.sides:
                raise loc8.error(f"no side called {fo.side!r}{_hint(fo.side, side_names)}",
                                 base + ("fire_order", "side"))
            fo.order = [who(n, base + ("fire_order", "order", k)) for k, n in enumerate(fo.order)]
            for k, n in enumerate(fo.order):
                if loaded.side_of[n] != fo.side:
                    raise loc8.error(f"{n} is not on side {fo.side!r}", base + ("fire_order", "order", k))
        if ruling.cancel_modifier:
            cm = ruling.cancel_modifier
            cm.character = who(cm.character, base + ("cancel_modifier", "character"))
            cm.modifier = _cancellable(cm.modifier, loc8, base + ("cancel_modifier", "modifier"))
        if ruling.initiative:
            for side in ruling.initiative:
                if side not in sc.sides:
                    raise loc8.error(f"no side called {side!r}{_hint(side, side_names)}",
                                     base + ("initiative", side), key=True)
            missing = [s for s in sc.sides if s not in ruling.initiative]
            if missing:
                raise loc8.error(f"initiative ruling lacks side(s) {', '.join(missing)}",
                                 base + ("initiative",))
            if len(set(ruling.initiative.values())) != len(ruling.initiative):
                raise loc8.error("initiative ruling has a tie", base + ("initiative",))

    check_dice(loaded, loc8, named, PURPOSES)


def _cancellable(name: str, loc8: Any, loc: tuple) -> str:
    """The modifier a ``cancel_modifier`` ruling names, as the chance to hit calls it
    (``tables.cancellable_modifiers``; ``long_range`` is ``long``, ``tables.CANCEL_ALIASES``).

    Raises:
        ScenarioError: a name no chance to hit holds (a 0 of Table 2 such as ``short``, or
            no modifier at all), with the names a ruling can cancel.
    """
    name = tables.CANCEL_ALIASES.get(name, name)
    names = list(tables.cancellable_modifiers())
    if name in names:
        return name
    valid = " (a ruling can cancel: " + ", ".join(names) + ")"
    if name in tables.combat()["hit_modifiers"] and name != "source":
        raise loc8.error(f"modifier {name!r} is 0 on Table 2: there is nothing to cancel"
                         + valid, loc)
    raise loc8.error(f"unknown modifier {name!r}"
                     f"{_hint(name, names + list(tables.CANCEL_ALIASES))}{valid}", loc)


def _resolve_weapon(c: Character, value: str, loc8: Any, loc: tuple) -> int:
    """Index of the carried weapon named or typed ``value``."""
    return resolve_weapon_index(c, value, lambda msg: loc8.error(msg, loc))


def resolve_weapon_index(c: Character, value: str, fail: Any) -> int:
    """Index in ``c.weapons`` of the weapon whose name, type or type alias is ``value``.

    Raises:
        whatever ``fail(message)`` returns, when no carried weapon matches.
    """
    for i, w in enumerate(c.weapons):
        wt = tables.weapons().get(w.type)
        if value == w.type or same_weapon_name(value, w.name) \
                or (wt and (value == wt.type or value in wt.aliases)):
            return i
    choices = [w.name or w.type for w in c.weapons]
    raise fail(f"{c.name} carries no {value!r} (carries {', '.join(choices)}){_hint(value, choices)}")


_BUSY = (("reload", "reloads", "000 l.497"), ("clear_jam", "clears a jam", "000 l.407"),
         ("pick_up", "picks up a thrown weapon", "ruling B18(i)"))


def _busy_warnings(loaded: LoadedScenario, keys: dict[tuple[int, str], str],
                   loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the intent) of an intent that both shoots and
    reloads, clears a jam or picks up a thrown weapon: that action takes the man's turn
    (000 l.497, l.407; errata B18(e), B18(i)), so the engine refuses every shot of it."""
    chars = {c.name: c for _, c in loaded.scenario.characters()}
    for t, turn in enumerate(loaded.scenario.turns):
        for full, intent in turn.intents.items():
            if intent.shoot is None:
                continue
            his = {"she": "her", "he": "his", "they": "their"}[chars[full].pronoun]
            for field_, verb, source in _BUSY:
                if getattr(intent, field_):
                    loaded.warnings.append(loc8.error(
                        f"warning: {full} shoots and {verb} in turn {t + 1}, but a turn "
                        f"cannot hold both: that takes {his} turn ({source}; ruling B18(e)) "
                        f"and {his} shots are refused; declare one of them",
                        ("turns", t, "intents", keys[(t, full)]), key=True))
                    break


def declared_shots(intent: Any) -> int:
    """How many shots an intent declares: a shot list's length, else one careful shot (or
    ``shots:`` of them) at each target listed, twice that with ``two_guns`` in a shootout turn's
    list (``shot.plan_volleys``); 0 without ``shoot``."""
    if intent.shoot is None:
        return 0
    if isinstance(intent.shots, list):
        return len(intent.shots) * (2 if intent.two_guns else 1)
    targets = 1 if isinstance(intent.shoot, str) else len(intent.shoot)
    return max(targets * (intent.shots or 1), 2 if intent.two_guns else 1)


def _sniping_warnings(loaded: LoadedScenario, keys: dict[tuple[int, str], str],
                      loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the intent's ``sniping:``) of sniping that cannot
    pay: the +2 is for the fight's first shot only (001 l.26; ruling B3, B18(e)), so an intent
    that snipes with more than one shot gets it on the first at most, and one in a turn after
    shots were declared (his own or anyone's) gets it on none.

    A sniping intent after the first turn with no shot declared before it is left in
    ``loaded.notes["sniping"]`` as ``(turn index, name, (line, column))``: a tactics profile
    may shoot before it, which only the tactics can tell (``Ruleset.lint``; Boot Hill's
    ``lint.sniping_after_tactics``)."""
    from narrator.scenario.loader import pronoun_of

    first: tuple[int, str] | None = None  # (turn index, name) of the first declared shot
    for t, turn in enumerate(loaded.scenario.turns):
        for full, intent in turn.intents.items():
            n = declared_shots(intent)
            if not intent.sniping or n == 0:
                continue
            loc = ("turns", t, "intents", keys[(t, full)], "sniping")
            if first is None and t > 0:
                loaded.notes.setdefault("sniping", []).append((t, full, loc8.where(loc)))
            if first is not None:
                who = f"{pronoun_of(loaded, full, 'poss')} own" if first[1] == full \
                    else f"{first[1]}'s"
                loaded.warnings.append(loc8.error(
                    f"warning: {full} snipes in turn {t + 1}, but shots are declared before "
                    f"it ({who}, in turn {first[0] + 1}): the sniping bonus (+2) is for the "
                    f"fight's first shot only (001 l.26; ruling B3), so it does not apply here; "
                    f"drop sniping:", loc))
            elif n > 1:
                loaded.warnings.append(loc8.error(
                    f"warning: {full} snipes with {n} shots in turn {t + 1}, but the sniping "
                    f"bonus (+2) is for the fight's first shot only (001 l.26; ruling B3): "
                    + ("the second takes none" if n == 2 else f"the other {n - 1} take none"),
                    loc))
        if first is None:
            first = next(((t, full) for full, intent in turn.intents.items()
                          if declared_shots(intent)), None)


def _full_reload_warnings(loaded: LoadedScenario, keys: dict[tuple[int, str], str],
                          loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the intent's ``reload:``) of a reload declared in
    the first turn for a gun that starts fully loaded (``loaded:`` left out or equal to its
    capacity, Table 14): no shot of his can empty it first (a man who reloads does not
    shoot, 000 l.497), so the engine can only refuse it. Later turns depend on the fight."""
    sc = loaded.scenario
    if sc.turns[0].resolved is not None:
        return
    chars = {c.name: c for _, c in sc.characters()}
    for full, intent in sc.turns[0].intents.items():
        if not intent.reload or full not in chars:
            continue
        c = chars[full]
        if not c.weapons:
            continue
        loc = ("turns", 0, "intents", keys[(0, full)], "reload")
        i = 0 if intent.reload is True else _resolve_weapon(c, intent.reload, loc8, loc)
        w = c.weapons[i]
        wt = tables.weapons()[w.type]
        cap = w.capacity or wt.capacity
        if wt.reload is None or (w.loaded is not None and w.loaded < cap):
            continue
        pronoun = {"she": "her", "he": "his", "they": "their"}[c.pronoun]
        loaded.warnings.append(loc8.error(
            f"warning: {full} cannot reload in turn 1: {pronoun} {w.name or wt.name} is "
            f"already fully loaded ({cap} of {cap}) and stays so, as a man who reloads does "
            f"not shoot (000 l.497); drop reload: or give the gun loaded: fewer rounds",
            loc))


def _drawn_warnings(loaded: LoadedScenario, keys: dict[tuple[int, str], str],
                   loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the intent's ``draw:``) of a draw declared in the
    first turn for a shot with the gun a character starts with in hand (``drawn: true``, his
    first weapon): he makes no draw (Table 5: a gun already in hand costs no counts, ruling
    B13), so none is rolled or written up. Later turns depend on the fight."""
    sc = loaded.scenario
    if sc.turns[0].resolved is not None:
        return
    chars = {c.name: c for _, c in sc.characters()}
    for full, intent in sc.turns[0].intents.items():
        c = chars.get(full)
        if not intent.draw or c is None or not c.drawn or not c.weapons \
                or intent.shoot is None or intent.melee is not None:
            continue
        loc = ("turns", 0, "intents", keys[(0, full)], "draw")
        if intent.weapon is not None and _resolve_weapon(c, intent.weapon, loc8, loc) != 0:
            continue
        w = c.weapons[0]
        loaded.warnings.append(loc8.error(
            f"warning: {full} declares a {intent.draw} draw in turn 1, but starts with the "
            f"{w.name or tables.weapons()[w.type].name} in hand (drawn: true): no draw is "
            f"made, and none is written up; drop draw:", loc))


def _reach_warnings(loaded: LoadedScenario, keys: dict[tuple[int, str], str],
                    loc8: Any) -> None:
    """Warn (``loaded.warnings``, located at the intent's ``strike:`` or ``grapple:``) of a
    blow or grapple declared in the first turn at a man out of reach where the setup settles
    it: neither man moves that turn, and they stand more than 2 yards apart (errata B19), so
    the engine can only refuse it. Later turns depend on the fight, and are not judged."""
    import math

    reach = float(tables.hand_to_hand()["reach"]["yards"])  # as melee.reach_yards (B19)
    sc = loaded.scenario
    if sc.turns[0].resolved is not None:
        return
    intents = sc.turns[0].intents
    where = {c.name: landmark_position(c.at, sc.map) for _, c in sc.characters()}
    for full, intent in intents.items():
        target = intent.strike or intent.grapple
        if target is None or intent.move is not None:
            continue
        theirs = intents.get(target)
        if theirs is not None and theirs.move is not None:
            continue
        a, b = where.get(full), where.get(target)
        if a is None or b is None:
            continue
        yards = math.dist(a, b)
        if yards <= reach + 1e-9:
            continue
        what = "strike" if intent.strike is not None else "grapple"
        loaded.warnings.append(loc8.error(
            f"warning: {full} cannot {what} {target}: {yards:.1f} yards apart at the start "
            f"and neither moves in turn 1, out of reach (a blow or grapple reaches "
            f"{reach:g} yards, ruling B19); give {full} a move: into reach first",
            ("turns", 0, "intents", keys[(0, full)], what)))


def _check_melee(kind: str, full: str, c: Character, intent: Any, who: Any,
                 loaded: LoadedScenario, loc8: Any, base: tuple) -> None:
    """Hand-to-hand intents (errata B19): the man struck or grappled exists and is not himself;
    a strike's weapon is fists, a carried hand-to-hand weapon or a carried gun (its butt), not
    a bow or a thrown weapon; two blows at most in a combat turn, six counts in a shootout
    turn; a man who brawls does not reload, clear a jam or pick up a weapon that turn.
    Canonicalizes the target to its full name.

    Raises:
        ScenarioError: located at the offending field.
    """
    # (the loader imports this module)
    from narrator.scenario.loader import friendly_fire, pronoun_of
    for fld in ("strike", "grapple"):
        val = getattr(intent, fld)
        if val is None:
            continue
        target = who(val, base + (fld,))
        if target == full:
            raise loc8.error(f"{full} cannot {fld} {pronoun_of(loaded, full, 'self')}",
                             base + (fld,))
        friendly_fire(loaded, full, target, intent.friendly_fire, loc8, base + (fld,))
        setattr(intent, fld, target)
    if intent.weapon is not None and intent.strike is None:
        raise loc8.error(f"weapon: goes with strike: or shoot:, not with "
                         f"{intent.melee.replace('_', ' ')} (bare hands)", base + ("weapon",))
    if intent.strike is not None and intent.weapon not in (None, "fists"):
        i = _resolve_weapon(c, intent.weapon, loc8, base + ("weapon",))
        wt = tables.weapons()[c.weapons[i].type]
        if wt.kind in ("thrown", "bow"):
            raise loc8.error(f"a {wt.name} is not a hand-to-hand weapon (strike with fists, a "
                             f"knife, a club... or a gun's butt)", base + ("weapon",))
    if intent.blows is not None:
        if kind != "shootout" and intent.blows > 2:
            raise loc8.error("blows: a combat turn allows one or two blows (ruling B19)",
                             base + ("blows",))
    for busy in ("reload", "clear_jam", "pick_up"):
        if getattr(intent, busy):
            raise loc8.error(f"a man who brawls does not {busy.replace('_', ' ')} that turn "
                             f"(declare {intent.melee.replace('_', ' ')} or {busy})",
                             base + (busy,))


def _check_pick_up(c: Character, value: bool | str, loc8: Any, loc: tuple,
                   everyone: list[Character]) -> None:
    """``pick_up:`` can name a thrown weapon somebody carries (errata B18(i): "a character who
    reaches it" picks it up, whoever threw it): ``true``, or a thrown weapon of his own (by
    type or name) or of another man (by name or type)."""
    def thrown_of(x: Character) -> list[str]:
        return [w.name or w.type for w in x.weapons if tables.weapons()[w.type].kind == "thrown"]

    anyone = [n for x in everyone for n in thrown_of(x)]
    if isinstance(value, str):
        mine = [w for w in c.weapons if value == w.type or same_weapon_name(value, w.name)]
        others = [w for x in everyone if x is not c for w in x.weapons
                  if (value == w.type or same_weapon_name(value, w.name))
                  and tables.weapons()[w.type].kind == "thrown"]
        if not mine and others:
            return
        i = _resolve_weapon(c, value, loc8, loc)
        wt = tables.weapons()[c.weapons[i].type]
        if wt.kind == "thrown":
            return
        raise loc8.error(f"only a thrown weapon can be picked up, not a {wt.name} "
                         f"(thrown: {', '.join(anyone) or 'none'})", loc)
    if not anyone:
        raise loc8.error(f"nobody carries a thrown weapon for {c.name} to pick up", loc)


def _check_shots(kind: str, c: Character, intent: Any, loc8: Any, base: tuple) -> None:
    """Shot lists: only careful shots in a combat turn; at most 6 counts of shots in a shootout
    turn (001 l.16: one careful, two steady, three hip or six fanned); fanning needs a revolver."""
    if intent.shots is None:
        return
    if isinstance(intent.shots, int):
        if not 1 <= intent.shots <= 2:
            raise loc8.error("shots: a combat turn allows one or two careful shots (000 l.39)",
                             base + ("shots",))
        return
    if not intent.shots:
        raise loc8.error("shots: the list is empty", base + ("shots",))
    if intent.shoot is None:
        raise loc8.error("shots are declared but no target (shoot:)", base + ("shots",))
    if kind == "combat" and any(s != "careful" for s in intent.shots):
        raise loc8.error("only careful shots can be fired in a combat turn (001 l.17); "
                         "make it kind: shootout", base + ("shots",))
    # 001 l.16, the [shots_per_shootout_turn] table: each shot takes its share of the turn
    share = sum(Fraction(1, tables.shots_per_shootout_turn(s)) for s in intent.shots)
    if share > 1:
        counts = sum(tables.shot_counts(s) for s in intent.shots)  # Table 5
        raise loc8.error(f"shots take {counts} counts; a shootout turn has 6 (one careful, two "
                         f"steady, three hip or six fanned shots, 001 l.16)", base + ("shots",))
    if "fanned" in intent.shots:
        idx = resolve_weapon_index(c, intent.weapon, lambda m: loc8.error(m, base)) \
            if intent.weapon else 0
        wt = tables.weapons()[c.weapons[idx].type]
        if not wt.is_revolver:
            raise loc8.error(f"only a revolver can be fanned, not a {wt.name} (000 l.27)",
                             base + ("shots",))
