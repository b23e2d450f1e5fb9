"""Mutable fight state of Boot Hill characters and weapons (the engine's working memory), a
shot prepared and not yet rolled, and ``FightView``: what the tactics and the shootout turn
read of the fight. The engine (``fight``), its shootout turn and its tactics all import this
module; the tactics and the shootout turn never import the engine.

May import: narrator.events (Modifier), narrator.rulesets.boothill.tables,
narrator.rulesets.boothill.scenario (shapes only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from narrator.events import Modifier

from narrator.rulesets.boothill.tables import WeaponType, weapons
from narrator.rulesets.boothill.scenario import Character, CoverSpec, WeaponSpec, expand_locations

JAM_SECONDS = 18  # clearing a jam: three combat turns, 18 seconds (000 Table 10 notes, l.407)
GUNSMITH_SECONDS = 6  # a Gunsmithing check made: two combat turns, one turn (6 s) less (l.407)


@dataclass
class WeaponState:
    """A carried weapon during the fight: rounds loaded, spare rounds, jam and reload progress.

    ``jammed_seconds``: seconds of work left to clear a jam (18, errata B18(e): combat turns
    count 6, shootout turns 1).
    """

    spec: WeaponSpec
    wt: WeaponType
    loaded: int
    capacity: int
    spare: int | None
    jammed_seconds: int = 0
    gunsmith_tried: bool = False
    useless: bool = False
    reload_progress: Fraction = Fraction(0)
    lying_at: tuple[float, float] | None = None  # a thrown weapon where it fell (B18(i))
    gone: bool = False  # thrown, and picked up by another man: no longer his (B18(i))

    @property
    def name(self) -> str:
        """Display name: the scenario's name, else the Table 14 name."""
        return self.spec.name or self.wt.name

    @property
    def state(self) -> str:
        """"ready", "empty", "jammed" or "useless" (a hand-to-hand weapon is always ready)."""
        if self.wt.is_melee:
            return "ready"
        if self.useless:
            return "useless"
        if self.jammed_seconds:
            return "jammed"
        return "ready" if self.loaded else "empty"


@dataclass(slots=True)
class Action:
    """A declared shootout action waiting its turn (errata B13).

    ``kind``: "draw" (``draw`` fast/normal, ``redraw`` after a failed fast draw), "shot"
    (``volley``: the PlannedShot or, with two guns, the two fired at once) or "cock"; hand to
    hand (errata B19): "blow", "grapple", "break_free" or "throw" (``melee_target``: the man
    struck or grappled).
    ``extra``: counts added on the way (switching targets); ``switch_from``: the target of the
    shot before, when this one turns on the next listed target.
    """

    kind: str
    shot_type: str | None = None
    draw: str | None = None
    redraw: str | None = None
    extra: int = 0
    volley: list = field(default_factory=list)
    switch_from: str | None = None
    melee_target: str | None = None
    weapon_ref: str | None = None   # a blow's weapon ("fists", a type or name), errata B19

    @property
    def target(self) -> str | None:
        """The full name of the man this shot (or blow) is aimed at (None for a draw or a
        cock)."""
        return self.volley[0].target if self.volley else self.melee_target


@dataclass
class Wound:
    """A wound that counts: location, severity (light/serious/mortal) and wound points."""

    location: str
    severity: str
    wound_points: int


@dataclass
class Cover:
    """Cover in force for a character (errata B10); ``locations`` are Table 11 names."""

    name: str
    kind: str
    locations: tuple[str, ...]
    reduction: int
    alive: bool
    bolts_when_hit: bool

    @classmethod
    def of(cls, spec: CoverSpec, name: str | None = None) -> Cover:
        """Cover from a scenario CoverSpec; ``name`` overrides the spec's ``by``."""
        return cls(name or spec.by, spec.kind, expand_locations(list(spec.locations)),
                   spec.reduction, spec.alive, spec.bolts_when_hit)


#: The legs (Table 11): a wound in one slows a man on foot (``Fighter.wounded_gait``).
LEGS = ("left_leg", "right_leg")


@dataclass
class Fighter:
    """One character in the fight. Positions in yards; ``condition`` is active, passed_out,
    dying or dead.

    Hand to hand (errata B19): ``bruise_points`` count with ``wound_points`` towards passing
    out but are not wounds; ``held_by`` names the man holding him, ``holding`` the man he
    holds (None: no hold).
    """

    c: Character
    side: str
    order: int
    pos: tuple[float, float]
    weapons: list[WeaponState]
    mounted: bool
    prone: bool
    cover: Cover | None
    landmark: str | None = None
    wounds: list[Wound] = field(default_factory=list)
    wound_points: int = 0
    condition: str = "active"
    dies_after_turn: int | None = None
    current_weapon: int = 0
    drawn: bool = False
    cursor: int = 0
    queue: list[Action] = field(default_factory=list)
    fd_speed: int | None = None
    fresh_draw: bool = False
    cocked: bool = False
    reload_streak: int = 0
    shots_this_turn: int = 0
    in_darkness: bool = False
    bruise_points: int = 0
    held_by: str | None = None
    holding: str | None = None

    def __post_init__(self) -> None:
        self.name: str = self.c.name  # a plain attribute: read hundreds of times a fight
        side = self.c.handedness
        other = "left" if side == "right" else "right"
        # the gun hand's arm and shoulder locations, and the other hand's (from handedness;
        # plain attributes for the same reason)
        self.gun_arm: tuple[str, str] = (f"{side}_arm", f"{side}_shoulder")
        self.off_arm: tuple[str, str] = (f"{other}_arm", f"{other}_shoulder")
        # wound capacity = STR (errata "Attributes"); a plain attribute (a man's character
        # never changes in a fight, and the tactics read it at every planning)
        self.capacity: int = self.c.attributes.str_
        # his tactics profile and Coordination, plain attributes for the same reason (a
        # Character is a pydantic model: reading its fields costs several times a plain
        # attribute's, and the profiles and the count loop read these of every man)
        self.tactics: str | None = self.c.tactics
        self.coo: int = self.c.attributes.coo
        # ``wound_summary``'s answer and ``wounded_gait``'s by gait, each kept with the wound
        # list it was made from and its length (wounds are only ever added to a list, or the
        # list replaced): (list, length, answer) and (list, length, {gait: answer})
        self._summary: tuple | None = None
        self._gaits: tuple | None = None

    @property
    def hurt_points(self) -> int:
        """Wound points plus bruise points: what passing out is judged on (errata B19, B8)."""
        return self.wound_points + self.bruise_points

    @property
    def down(self) -> bool:
        """True when passed out, dying or dead: takes no further part."""
        return self.condition != "active"

    def count(self, severity: str) -> int:
        """Number of wounds of a severity ("light" includes Luck-saved mortal wounds)."""
        if not self.wounds:
            return 0
        return len([w for w in self.wounds if w.severity == severity])

    def wound_summary(self) -> tuple[int, int, bool, bool]:
        """(light wounds, serious wounds, a serious wound in the gun arm, one in the off arm),
        in one pass: ``count("light")``, ``count("serious")``,
        ``wounds_at(gun_arm, "serious") > 0`` and ``wounds_at(off_arm, "serious") > 0``.
        Kept until a wound is added or the list replaced (asked for every shot aimed and
        every planning: the aim's and the estimates' memo keys read it)."""
        wounds = self.wounds
        kept = self._summary
        if kept is not None and kept[0] is wounds and kept[1] == len(wounds):
            return kept[2]
        light = serious = 0
        gun = off = False
        gun_arm, off_arm = self.gun_arm, self.off_arm
        for w in wounds:
            severity = w.severity
            if severity == "light":
                light += 1
            elif severity == "serious":
                serious += 1
                location = w.location
                if location in gun_arm:
                    gun = True
                elif location in off_arm:
                    off = True
        out = light, serious, gun, off
        self._summary = (wounds, len(wounds), out)
        return out

    def wounds_at(self, locations: tuple[str, ...], severity: str) -> int:
        """Number of wounds of ``severity`` in any of ``locations``."""
        if not self.wounds:
            return 0
        return len([w for w in self.wounds if w.severity == severity and w.location in locations])

    def wounded_gait(self, gait: str) -> tuple[str, str | None, tuple[tuple[str, int], ...]]:
        """What his wounds do to a move on foot at ``gait`` (000 Table 3's movement
        modifiers; errata B12): ``(gait, why, halvings)``. Serious wounds in both legs leave
        him crawling ("serious_wound_both_legs"), one a walk at most for a man who would
        evade or run ("serious_leg_walk_only"); each wound in a leg halves the move
        ("wounded_left_leg", "wounded_right_leg", with how many times), and each serious
        wound elsewhere halves any gait but a walk ("other_serious_wound"). A crawl keeps its
        allowance. ``BootHillFight.move`` moves by it, and the tactics plan by it
        (``tactics._allowance``), so a wounded man's run is the same for both. Kept by gait
        until a wound is added or the list replaced (the tactics ask it of every man at
        every planning)."""
        wounds = self.wounds
        if gait == "crawling" or not wounds:
            return gait, None, ()
        kept = self._gaits
        if kept is None or kept[0] is not wounds or kept[1] != len(wounds):
            kept = self._gaits = (wounds, len(wounds), {})
        got = kept[2].get(gait)
        if got is None:
            got = kept[2][gait] = self._wounded_gait(gait)
        return got

    def _wounded_gait(self, gait: str) -> tuple[str, str | None, tuple[tuple[str, int], ...]]:
        """``wounded_gait`` worked out, for a man with wounds and a gait other than a
        crawl."""
        why = None
        # in one pass: per leg its light and serious wounds and whether one is serious; the
        # serious wounds elsewhere (a mortal wound, not saved, counts in none of them)
        left = right = other = 0
        left_serious = right_serious = False
        for w in self.wounds:
            severity = w.severity
            if severity != "light" and severity != "serious":
                continue
            location = w.location
            if location == "left_leg":
                left += 1
                left_serious = left_serious or severity == "serious"
            elif location == "right_leg":
                right += 1
                right_serious = right_serious or severity == "serious"
            elif severity == "serious":
                other += 1
        serious_legs = left_serious + right_serious
        if serious_legs == 2:
            return "crawling", "serious_wound_both_legs", ()
        if serious_legs and gait in ("evading", "running"):
            gait, why = "walking", "serious_leg_walk_only"
        halvings = []
        if left:
            halvings.append(("wounded_left_leg", left))
        if right:
            halvings.append(("wounded_right_leg", right))
        if other and gait != "walking":
            halvings.append(("other_serious_wound", other))
        return gait, why, tuple(halvings)



def make_weapon(spec: WeaponSpec) -> WeaponState:
    """WeaponState from a scenario WeaponSpec (loaded defaults to full capacity)."""
    wt = weapons()[spec.type]
    cap = spec.capacity or wt.capacity
    return WeaponState(spec, wt, cap if spec.loaded is None else spec.loaded, cap, spec.spare)


@dataclass
class PreparedShot:
    """A shot whose chance is fixed but whose die is not yet rolled (simultaneous fire, B14)."""

    turn: int
    shooter: Fighter
    target: Fighter
    weapon: WeaponState
    shot_type: str
    number: int
    yards: float
    band: str
    band_why: str | None
    parts: tuple[Modifier, ...]
    base: int
    mods: tuple[Modifier, ...]
    chance: int
    count: int | None
    aim: str


class FightView(Protocol):
    """What the tactics profiles and the shootout turn read of the fight (``BootHillFight`` is
    one): the scenario, the fighters by name, the sides in order, the house rules and the
    profile in force, the last turn's kind, the landmarks gone, the shots fired so far, the
    (turn, name) of the intents the profiles made."""

    sc: Any
    fighters: dict[str, Fighter]
    sides: list[str]
    house: Any
    profile: Any
    last_kind: str | None
    gone_landmarks: set[str]
    shots_fired: int
    tactic_made: set[tuple[int, str]]

    def weapon_index(self, f: Fighter, ref: str) -> int | None: ...

    def bare(self, f: Fighter, target: Fighter) -> str: ...

    def band_for(self, t: int, f: Fighter, o: Fighter, ws: WeaponState, shot_type: str,
                 yards: float) -> tuple: ...
