"""Event kinds of the Boot Hill ruleset (sources 000, 001, errata B1-B19): what happened, as
numbers and names. Registered in ``narrator.events.REGISTRY`` (``narrator.events.event``) when
this module is imported: by the engine, or by ``BootHill.load_events`` when a saved log is
read. The shared kinds (``fight_started``, ``turn_started``, ``intent_declared``,
``other_action``, ``state_adjusted``, ``turn_ended``, ``fight_ended``) are
``narrator.events``'. Each kind has its templates in ``templates/`` here (``events/``,
``story/``, ``rolls/``).

May import: narrator.events, narrator.frozen.
"""

from __future__ import annotations

from typing import ClassVar

from narrator.events import Event, Modifier, event, sparse
from narrator.frozen import record


@record
class SideRoll:
    """One side's initiative die (d6) with the Tactics bonus (never on rerolls)."""

    side: str
    roll: int
    bonus: int
    total: int


@record
class MortalCheck:
    """A mortal wound's Luck check and, if it failed, the Strength check (errata B8).

    ``outcome``: "saved" (light wound, 1 wound point), "killed" or "dying". ``dying_time``:
    "turns", "minutes" or "hours" when dying; ``dying_turns`` 1 or 2 from a labelled d6.
    """

    luck_roll: int
    luck: int
    saved: bool
    strength_roll: int | None
    strength: int
    outcome: str
    difference: int | None
    dying_time: str | None
    dying_turns_roll: int | None
    dying_turns: int | None


@event
class TacticsChecked(Event):
    """A Tactics skill check (d20 <= skill; errata B11): at the start of the fight, or (``turn``
    set) a failed character's retry at the start of a later turn (001 l.37, errata B18(h))."""

    kind: ClassVar[str] = "tactics_checked"
    character: str
    side: str
    skill: int
    roll: int
    success: bool
    turn: int | None = None  # a retry at the start of a later turn (errata B18(h))
    retry: int | None = None  # failed: the turn he may try again at the start of (None:
    #                           not in this fight, the house rule tactics_retry: never)
    last_turn: int | None = sparse(None)  # the fight's last turn, when ``retry`` falls after it


@event
class InitiativeRolled(Event):
    """Initiative (errata B11): d6 rounds until no tie; or a GM ruling. Only the sides with
    a man still up roll (ruled: BN1): a side whose men are all down is in none of the fields.

    ``rounds``: each round's side rolls (empty: one side alone has a man up and has the
    initiative without a roll); ``winner``: side with initiative; ``declare_order``: the
    order the sides up declare in (the losers first).
    """

    kind: ClassVar[str] = "initiative_rolled"
    turn: int
    rounds: tuple[tuple[SideRoll, ...], ...]
    winner: str
    declare_order: tuple[str, ...]
    ruling: str | None


@event
class BlowStruck(Event):
    """One hand-to-hand action rolled (errata B19): a blow (``action`` "strike"), a grapple, or
    a held man's try to break free. The chance is COO + Brawling or Blades (``base``) plus the
    named modifiers (the attacker's wounds and movement, the target's evading, a held man's
    -4 or -2, +4 against a held man); 1 and 20 as for shots (B4), no misfire.

    ``weapon_type``: "fists", a hand-to-hand weapon's type, or "gun_butt"; ``damage``:
    "bruise" or "wound"; ``result``: "hit" or "miss". ``count``: the shootout count, None in a
    combat turn. ``distance`` in yards.
    """

    kind: ClassVar[str] = "blow_struck"
    turn: int
    count: int | None
    attacker: str
    target: str
    action: str
    weapon: str
    weapon_type: str
    damage: str
    blow_number: int
    distance: float
    base: tuple[Modifier, ...]
    base_chance: int
    modifiers: tuple[Modifier, ...]
    chance: int
    roll: int
    luck_roll: int | None
    luck: int | None
    result: str


@event
class BruiseTaken(Event):
    """Bruise points (errata B19): a fist, club, gun butt or brass knuckles hit (``cause``
    "blow": d6 + the weapon's bonus + 1 for STR 15 or more), or a throw (``cause`` "throw":
    d6 - 2, never below 0). They count with wound points towards passing out but are not
    wounds. ``knocked_down``: the d6 was a 6 (a blow) and the man goes down prone; a throw
    always leaves him prone (``prone``)."""

    kind: ClassVar[str] = "bruise_taken"
    turn: int
    count: int | None
    character: str
    attacker: str
    weapon: str
    cause: str
    roll: int
    modifiers: tuple[Modifier, ...]
    points: int
    bruise_points: int
    wound_points: int
    capacity: int
    knocked_down: bool
    prone: bool


@event
class KnockedOut(Event):
    """Bruise points and wound points together above STR after a blow or a throw: the man is
    knocked cold (errata B19 with B8) and takes no further part in the fight."""

    kind: ClassVar[str] = "knocked_out"
    turn: int
    character: str
    bruise_points: int
    wound_points: int
    capacity: int


@event
class HoldChanged(Event):
    """A hold begins or ends (errata B19). ``change``: "taken" (a grapple hit), "broken" (the
    held man broke free), "thrown" (the holder threw him), "released" (the holder let go to
    move or shoot), "knocked_down" (a blow knocked one of the two off his feet, ruling BN5),
    "ended" (one of the two went down: passed out, dying or dead)."""

    kind: ClassVar[str] = "hold_changed"
    turn: int
    count: int | None
    holder: str
    held: str
    change: str


@event
class BruisesHealed(Event):
    """After the fight the bruise points are gone (errata B19): ``healed`` is each man's
    (name, bruise points); a man knocked cold by them comes to (``came_to``)."""

    kind: ClassVar[str] = "bruises_healed"
    healed: tuple[tuple[str, int], ...]
    came_to: tuple[str, ...]


@event
class ShotFired(Event):
    """One shot (errata B2-B5): the chance to hit as base parts plus named modifiers, the d20,
    any Table 10 misfire check and Luck check, and the result.

    ``result``: "hit", "miss", "dud" (the round did not fire), "explosion".
    ``distance`` in yards; ``band`` is the Table 14 band used, ``band_ruling`` the GM's reason
    when a ruling fixed it. ``edges``: (lower, upper) limits of the band in yards (the band
    holds lower < distance <= upper; lower 0 for point blank) when the distance lies within 5
    yards of one, so a write-up that rounds the distance can say "just over 20 yards" rather
    than the band's edge (the rounding of ``narrator.render.teaching.gm_distance``); empty
    otherwise and under a ruling's band.
    """

    kind: ClassVar[str] = "shot_fired"
    turn: int
    count: int | None
    shooter: str
    target: str
    weapon: str
    weapon_type: str
    shot_type: str
    shot_number: int
    distance: float
    band: str
    band_ruling: str | None
    base: tuple[Modifier, ...]
    base_chance: int
    modifiers: tuple[Modifier, ...]
    chance: int
    roll: int
    misfire_roll: int | None
    misfire: str | None
    luck_roll: int | None
    luck: int | None
    result: str
    rounds_left: int
    edges: tuple[float, ...] = sparse(())
    weapon_kind: str = sparse("gun")  # "thrown" or "bow" (WeaponType.arm): thrown, not fired


@record
class SpeedNote:
    """One character's speed on a count (errata B14): the base (COO, or the fast-draw roll
    for the first shot after a fast draw) plus the named Table 6 modifiers."""

    character: str
    action: str
    target: str | None
    base_name: str
    base: int
    modifiers: tuple[Modifier, ...]
    speed: int


@event
class DrawMade(Event):
    """Drawing a weapon in a shootout turn (000 l.209-221, Table 5): a fast draw is a d20
    against Fast Draw (0 counts if it succeeds, 2 if it fails); a normal draw takes 3 counts.
    ``ready``: the count (of this turn, may pass 6) when it is done."""

    kind: ClassVar[str] = "draw_made"
    turn: int
    character: str
    draw: str
    weapon: str
    skill: int
    roll: int | None
    luck_roll: int | None
    success: bool
    counts: int
    start: int
    ready: int
    weapon_kind: str = sparse("gun")  # "thrown", "bow", "melee" (WeaponType.arm): no gun drawn


@event
class CountResolved(Event):
    """A count of a shootout turn on which someone acts: who, in order of speed; equal
    speeds act at the same moment (``groups`` lists them together)."""

    kind: ClassVar[str] = "count_resolved"
    turn: int
    count: int
    actors: tuple[SpeedNote, ...]
    groups: tuple[tuple[str, ...], ...]


@event
class TargetSwitched(Event):
    """A shooter turns on another target: his target ``old`` went down (errata B15; 000 l.80),
    or (``old_down`` False) his declared list names the next one. ``new`` None: nobody is
    left he could hit and he holds his fire; ``floor``: someone is left in reach and sight,
    but at a chance to hit of 1 or less only (the natural-1 floor, ruling BN4).
    ``counts``: what the switch costs (0 in a combat turn, 1 in a shootout turn, Table 5);
    ``count`` is None in a combat turn."""

    kind: ClassVar[str] = "target_switched"
    turn: int
    count: int | None
    character: str
    old: str
    new: str | None
    counts: int = 1
    old_down: bool = True
    floor: bool = sparse(False)


@event
class ActionsLost(Event):
    """A character goes down with declared actions still to come (errata B15)."""

    kind: ClassVar[str] = "actions_lost"
    turn: int
    count: int | None
    character: str
    actions: int
    condition: str


@record
class PlannedAction:
    """One declared action of a shootout turn's count schedule (Table 5, errata B13): what it
    costs and the count it comes on if nothing intervenes (a target down, the shooter down).

    ``action``: "shot", "cock", or "draw" for a draw still to come (a fumbled fast draw drawn
    again: it ends his schedule, ``due`` = ``start``, no counts, since its cost waits on the
    roll; draws already made are ``DrawMade``); ``start``: the count its counts run
    from (the end of his last action; negative when carried from the last shootout turn, -1
    being that turn's count 5); ``due``: start + the counts, at least 1 (past 6: not this
    turn);
    ``counts``: the Table 5 parts, each a Modifier in counts (the shot type, ``switch_target``,
    ``cocked`` (-1), ``cock``, ``weapon_<speed>`` for a gun just drawn under the
    weapon_speed_counts house rule)."""

    character: str
    action: str
    shot_type: str | None
    target: str | None
    start: int
    due: int
    counts: tuple[Modifier, ...]


@event
class CountsPlanned(Event):
    """A shootout turn's schedule once the draws of count 0 are made: every declared shot or
    cock with its counts and the count it is due on (000 l.776-783 tabulates one)."""

    kind: ClassVar[str] = "counts_planned"
    turn: int
    plan: tuple[PlannedAction, ...]


@event
class ActionsUnfinished(Event):
    """Declared shootout actions a character still up has not made (errata B13).

    ``actions``: the shot types (or "cock", "draw") in order; ``due``: the count the first
    would come on, counting from ``turn``'s count 1 (7 or more: past its sixth count).
    ``why``: ``carried`` (at the end of a shootout turn: they come in the next shootout turn
    unless he declares anew), ``last_turn`` (the same, but the fight's turns end there: they
    never come), ``redeclared`` (at the start of the next shootout turn: he declares anew and
    gives them up), ``combat_turn`` (a combat turn follows: counts carry only into a shootout
    turn)."""

    kind: ClassVar[str] = "actions_unfinished"
    turn: int
    character: str
    actions: tuple[str, ...]
    due: int
    why: str = "carried"


@event
class PelletsRolled(Event):
    """Table 9: the d6 for how many pellets of a shotgun hit strike, at the band."""

    kind: ClassVar[str] = "pellets_rolled"
    turn: int
    shooter: str
    target: str
    band: str
    roll: int
    pellets: int


@event
class ScatterChecked(Event):
    """Scattergun at long or extreme range: a bystander within the Table 9 radius is hit on a
    d20 <= half the original chance (errata B9)."""

    kind: ClassVar[str] = "scatter_checked"
    turn: int
    shooter: str
    target: str
    distance: float
    chance: int
    roll: int
    hit: bool


@event
class LocationRolled(Event):
    """Table 11 location: d20 + the Table 13 aim shift, clamped to 1..20 (errata B6).

    ``covered_by``: the cover the location lies behind, or None.
    """

    kind: ClassVar[str] = "location_rolled"
    turn: int
    shooter: str
    target: str
    roll: int
    aim: str
    shift: int
    skill_name: str
    skill: int
    fraction: str
    total: int
    location: str
    covered_by: str | None
    cover_kind: str | None
    # ruled: BN7: the location lies behind the target's cover, but it covers nothing against
    # this shooter: "landmark" (both at the same landmark) or "close" (within 2 yards);
    # ``bare_cover`` names the cover
    bare: str = sparse("")
    bare_cover: str = sparse("")


@event
class CoverHit(Event):
    """A hit stopped by cover (errata B10). Sporadic cover: the target's Luck check decided.
    Living cover: its wound is recorded; ``bolted`` when it runs off."""

    kind: ClassVar[str] = "cover_hit"
    turn: int
    shooter: str
    target: str
    cover: str
    location: str
    luck_roll: int | None
    luck: int | None
    stopped: bool
    alive: bool
    severity_roll: int | None
    severity_total: int | None
    severity: str | None
    bolted: bool


@event
class WoundTaken(Event):
    """A wound (errata B7-B8): the d6, its named modifiers, the severity, any mortal-wound
    checks, the wound points it adds and the total against STR."""

    kind: ClassVar[str] = "wound_taken"
    turn: int
    character: str
    shooter: str | None
    cause: str
    location: str
    severity_roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    rolled_severity: str
    mortal: MortalCheck | None
    severity: str
    wound_points: int
    total_wound_points: int
    capacity: int


@event
class PassedOut(Event):
    """Wound points above STR: the character passes out (000 l.433)."""

    kind: ClassVar[str] = "passed_out"
    turn: int
    character: str
    wound_points: int
    capacity: int
    bruise_points: int = sparse(0)   # hand to hand (errata B19): they count to pass out


@event
class Died(Event):
    """A dying character's time runs out during the fight."""

    kind: ClassVar[str] = "died"
    turn: int
    character: str


@event
class Moved(Event):
    """Movement after fire (Table 3): gait, allowance with its named penalties, distance moved.

    ``penalties``: each a Modifier in yards (``halved`` penalties carry value 0 and say so in
    ``name``). ``arrived``: the landmark reached, if any; ``cover``: cover taken there.
    """

    kind: ClassVar[str] = "moved"
    turn: int
    character: str
    gait: str | None
    allowance: float
    penalties: tuple[Modifier, ...]
    distance: float
    start: tuple[float, float]
    end: tuple[float, float]
    destination: str | None
    arrived: bool
    cover: str | None
    mounted: bool
    dismounted: bool
    prone: bool
    stood_up: bool


@event
class Jumped(Event):
    """A significant jump (001 l.56-60, errata B18(g)): a Coordination check, and over 12 feet a
    Luck check too.

    ``outcome``: "landed" (check made: the jump takes half the move and he goes on),
    "stumbled" (failed: the move ends), and over 12 feet "shaken" (Coordination only: unhurt,
    though something he carries may be damaged), "twisted_ankle" (Luck only: a scratch, the
    move ends), "hurt" (both failed: a light wound in ``location``, the move ends).
    """

    kind: ClassVar[str] = "jumped"
    turn: int
    character: str
    feet: int
    coo: int
    roll: int
    luck: int | None
    luck_roll: int | None
    outcome: str
    location: str | None
    wound_points: int
    total_wound_points: int
    capacity: int


@event
class FootingChecked(Event):
    """Really bad footing (001 l.61): moving faster than a walk, a Coordination check to stay
    on his feet; failed, he falls prone where he stands and goes no farther."""

    kind: ClassVar[str] = "footing_checked"
    turn: int
    character: str
    gait: str
    coo: int
    roll: int
    success: bool


@event
class SurprisedFromDarkness(Event):
    """Shot at from complete darkness, a target is completely surprised this turn without the
    GM declaring it (000 l.541): -4 speed in a shootout turn (Table 6)."""

    kind: ClassVar[str] = "surprised_from_darkness"
    turn: int
    character: str
    shooter: str


@event
class WeaponPickedUp(Event):
    """A thrown weapon picked up where it lay (errata B18(i)): it is ready to throw again.
    ``owner``: the man who threw it, when another picks it up (it is then his)."""

    kind: ClassVar[str] = "weapon_picked_up"
    turn: int
    character: str
    weapon: str
    at: tuple[float, float]
    owner: str | None = None


@event
class Reloaded(Event):
    """A combat turn spent reloading at the Table 14 rate (errata B16)."""

    kind: ClassVar[str] = "reloaded"
    turn: int
    character: str
    weapon: str
    rate: str
    rounds: int
    loaded: int
    capacity: int


@event
class JamWorked(Event):
    """A turn spent clearing a jam: 18 seconds of work (three combat turns; two with a
    Gunsmithing check), shootout turns counting one second each (000 l.407, errata B18(e)).
    ``seconds_left``: work still to do (0: clear)."""

    kind: ClassVar[str] = "jam_worked"
    turn: int
    character: str
    weapon: str
    gunsmithing_roll: int | None
    seconds_left: int


@event
class ActionRefused(Event):
    """A declared action the rules do not allow, and why (``reason`` is a stable code;
    ``detail`` tells it in words). A shot out of range (``reason`` "out_of_range", B1) also
    carries its parts as numbers: ``yards``, the distance as ``detail`` tells it (to 0.1),
    and ``reach``, the gun's extreme range (Table 14); None for any other refusal."""

    kind: ClassVar[str] = "action_refused"
    turn: int
    count: int | None
    character: str
    action: str
    reason: str
    target: str | None
    detail: str
    yards: float | None = sparse(None)
    reach: float | None = sparse(None)
