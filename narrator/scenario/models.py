"""Validated scenario models. Shapes only; names are cross-checked by the loader.

Units: positions and distances in yards; ``at: [x, y]``.

May import: pydantic, narrator.rulesets.boothill.tables.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    field_validator,
    model_validator,
)

Location = Literal["left_leg", "right_leg", "left_arm", "right_arm", "left_shoulder",
                   "right_shoulder", "abdomen", "chest", "head", "legs", "arms", "shoulders"]
Gait = Literal["crawling", "walking", "evading", "running", "trotting", "galloping"]
Band = Literal["point_blank", "short", "long", "extreme"]
ShotType = Literal["careful", "steady", "hip", "fanned"]
Coordinate = Annotated[float, Field(allow_inf_nan=False)]
Point = tuple[Coordinate, Coordinate]

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


class Invalid(ValueError):
    """A validator's complaint about one field: ``Invalid(message, "kind")``.

    A model validator can otherwise only blame its whole model; the loader points at ``loc``
    (relative to the model) when that field is in the file.
    """

    def __init__(self, message: str, *loc: str | int) -> None:
        super().__init__(message)
        self.loc = loc


class Model(BaseModel):
    """Base: unknown keys are errors (the loader suggests the nearest valid key)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


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
    """Combat skills (errata "Attributes"); a missing skill counts 0. Each 0..30."""

    pistol: int = Field(0, ge=0, le=30)
    rifle: int = Field(0, ge=0, le=30)
    throwing: int = Field(0, ge=0, le=30)
    archery: int = Field(0, ge=0, le=30)
    fast_draw: int = Field(0, ge=0, le=30)
    tactics: int = Field(0, ge=0, le=30)
    gunsmithing: int = Field(0, ge=0, le=30)


class WeaponSpec(Model):
    """A carried weapon: a Table 14 ``type``, an optional display ``name``, rounds loaded.

    ``loaded`` defaults to full; ``capacity`` overrides errata B16; ``spare`` is spare rounds
    (None: plenty).
    """

    type: str
    name: str | None = Field(None, max_length=60)
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
    a landmark name.

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
    normal (default fast with the Fast Draw skill); ``redraw``: the draw after a failed fast
    draw (default fast). ``weapon``: type or name of a carried weapon (default: the first).
    ``reload``: true or a weapon. ``pick_up``: true or a thrown weapon: he picks up his thrown
    weapon where it lies, after his move (errata B18(i)); it is his action for the turn.
    ``other``: free text for the GM. ``friendly_fire``: the GM means this shot at a man of the
    shooter's own side (a betrayal); without it ``check`` warns.
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


class Turn(Model):
    """One declared turn: its kind and each character's intent (keyed by name or short name).

    ``auto`` (the default): a shootout turn when someone declares a steady, hip or fanned shot,
    or a shot at an enemy within 20 feet (001 l.8); a combat turn otherwise.
    """

    kind: Literal["combat", "shootout", "auto"] = "auto"
    intents: dict[str, Intent] = {}
    resolved: Resolved | None = None


class Resolved(Model):
    """What ``narrator next`` recorded when it resolved a turn (play-by-post).

    ``hash``: seals the turn's number, kind and intents, the setup and this record (see
    ``narrator.playbypost.record_hash``): an edit of any of them is detected;
    ``rolls``: every die of the turn, ``{who: {purpose: [values]}}``, so it replays exactly;
    ``from_script``: how many of them came from the scenario's ``dice:``; ``adjusted``: the GM's
    hand edits of ``state:`` applied at the start of the turn.
    """

    hash: str = Field(pattern=r"^[0-9a-f]{12}$")
    rolls: dict[str, dict[str, list[StrictInt]]] = {}
    from_script: dict[str, dict[str, StrictInt]] = {}
    adjusted: dict[str, dict[str, Any]] = {}


class HouseRules(Model):
    """Named house-rule options of errata.md (all off by default = the tables)."""

    light_wound_penalty: int = Field(-1, ge=-4, le=0)
    shotgun_bonus: bool = True
    hipshot_formula: Literal["table", "pooled"] = "table"
    weapon_speed_counts: bool = False
    failed_fast_draw_ready: bool = False
    shoulder_is_arm: bool = False
    misfire_on_20: Literal["table", "luck"] = "table"

    def changed(self) -> list[tuple[str, object]]:
        """The options that differ from the default profile, in declaration order."""
        default = HouseRules()
        return [(k, getattr(self, k)) for k in type(self).model_fields
                if getattr(self, k) != getattr(default, k)]


class RangeBandRuling(Model):
    """GM ruling: the band between two characters (or sides) is fixed (errata B1)."""

    between: tuple[str, str]
    band: Band


class FireOrderRuling(Model):
    """GM ruling: the order a side's characters fire in this turn (errata B12)."""

    side: str
    order: list[str] = Field(min_length=1)


class CancelModifierRuling(Model):
    """GM ruling: a named Table 2 modifier does not apply to a character's shots."""

    character: str
    modifier: str


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


def _has_characters(chars: list[Character]) -> list[Character]:
    """A side's list of characters must not be empty (checked per side, so errors point at it)."""
    if not chars:
        raise ValueError("a side needs at least one character")
    return chars


class Scenario(Model):
    """A whole scenario file. ``sides`` maps side name to its characters (at least two sides)."""

    title: str = Field(min_length=1, max_length=200)
    ruleset: Literal["boothill", "violence"] = "boothill"  # "violence": scenario/violence.py
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    description: str | None = Field(None, max_length=5000)
    house_rules: HouseRules = HouseRules()
    night: bool = False
    map: dict[str, Landmark] = {}
    sides: dict[str, Annotated[list[Character], AfterValidator(_has_characters)]]
    turns: list[Turn] = Field([], max_length=500)
    max_turns: int | None = Field(None, ge=1, le=500)
    dice: dict[str, dict[str, list[int]]] = {}
    dice_fallback: Literal["error", "seeded"] = "error"
    rulings: list[Ruling] = []
    state: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _turns(self) -> Scenario:
        check_turns(len(self.turns), self.max_turns)
        return self

    @field_validator("sides")
    @classmethod
    def _two_sides_at_least(cls, sides: dict[str, list[Character]]) -> dict[str, list[Character]]:
        return at_least_two_sides(sides)

    def characters(self) -> list[tuple[str, Character]]:
        """All ``(side, character)`` pairs in scenario order."""
        return [(side, c) for side, chars in self.sides.items() for c in chars]


def landmark_position(value: Point | str, landmarks: dict[str, Any]) -> Point | None:
    """``at:`` as a position: ``[x, y]`` as given, or the ``at`` of the landmark whose key (or
    display name) is ``value``; None when no landmark is called that. Shared by both rulesets."""
    if not isinstance(value, str):
        return value
    lm = landmarks.get(value) or next((v for v in landmarks.values()
                                       if getattr(v, "name", None) == value), None)
    return None if lm is None else tuple(lm.at)


def check_turns(declared: int, max_turns: int | None) -> None:
    """Shared by every ruleset's scenario: some turns declared, or ``max_turns``; never fewer
    ``max_turns`` than declared turns.

    Raises:
        Invalid: located at ``turns`` or ``max_turns``.
    """
    if not declared and max_turns is None:
        raise Invalid("declare some turns, or give max_turns and let tactics decide", "turns")
    if max_turns is not None and max_turns < declared:
        raise Invalid(f"max_turns {max_turns} is fewer than the {declared} declared turns",
                      "max_turns")


def at_least_two_sides(sides: dict) -> dict:
    """Shared by every ruleset's scenario: a fight needs at least two sides.

    Raises:
        ValueError: fewer than two sides.
    """
    if len(sides) < 2:
        raise ValueError("a fight needs at least two sides")
    return sides


Turn.model_rebuild()
