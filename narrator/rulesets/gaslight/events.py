"""Event kinds of the Gaslight ruleset (source 002): what happened, as numbers and names.

Registered in ``narrator.events.REGISTRY`` through ``narrator.events.event`` when this module
is imported. The shared kinds (``fight_started``, ``turn_started``, ``turn_ended``,
``fight_ended``, ``state_adjusted``, ``other_action``) are used as they are; these are the
kinds only Gaslight has, each named ``gl_...`` so no other ruleset's kind is shadowed. Feet
for distances (the rules' unit), yards for positions (the map's).

May import: narrator.events, narrator.frozen.
"""

from __future__ import annotations

from typing import ClassVar

from narrator.events import Event, Modifier, event, sparse
from narrator.frozen import record


@record
class GunNote:
    """A carried gun as the roster shows it."""

    name: str
    klass: str
    form: str
    calibre: str
    damage: str
    loaded: int
    capacity: int
    powder: str
    old: bool
    familiar: bool
    carried: str
    hand: str
    single_action: bool


@record
class FighterNote:
    """One character as the roster shows it (G1); ``aboard`` the conveyance he rides ("" on
    foot), whether it moves and the speed he shows at as a target (GN22)."""

    name: str
    side: str
    strength: int
    dex: int
    con: int
    bab: int
    hp: int
    health: int
    ac: int
    weight: float
    skills: tuple[tuple[str, int], ...]
    guns: tuple[GunNote, ...]
    cover: int
    concealment: int
    tactics: str | None
    aboard: str = ""
    aboard_moving: bool = False
    aboard_speed: str = ""
    blade: str = ""
    blade_hand: str = ""


@event
class GlRoster(Event):
    """Who fights under the Gaslight rules, and the light and weather (002 l.82-88)."""

    kind: ClassVar[str] = "gl_roster"
    fighters: tuple[FighterNote, ...]
    conditions: tuple[Modifier, ...]


@record
class InitiativeNote:
    """One man's initiative: his d10s (the first, then tie rerolls), modifier and total."""

    name: str
    rolls: tuple[int, ...]
    modifier: int
    total: int


@event
class GlInitiative(Event):
    """A round's initiative (G3): d10 + DEX modifier, highest first, ties by DEX score, then
    rerolls; ``order`` every man who acts this round."""

    kind: ClassVar[str] = "gl_initiative"
    turn: int
    rolls: tuple[InitiativeNote, ...]
    order: tuple[str, ...]


@event
class GlFastDraw(Event):
    """A fast-draw contest (002 l.99-119, G8): each man's Adjusted Fast Draw and its terms,
    the scaling, the d20s, the d10s of a full tie, and who fires first (``order``; empty when
    both failed: ordinary initiative). ``quick_draw``: each man's Quick Draw points that
    count (in his score and the tie-break, l.109); ``uncounted``: those he has that do not,
    Quick Draw being no help drawing his gun from where it is carried (GN25)."""

    kind: ClassVar[str] = "gl_fast_draw"
    turn: int
    names: tuple[str, str]
    terms: tuple[tuple[Modifier, ...], tuple[Modifier, ...]]
    adjusted: tuple[int, int]
    drop: int
    scores: tuple[int, int]
    rolls: tuple[int, int]
    succeeded: tuple[bool, bool]
    margins: tuple[int | None, int | None]
    quick_draw: tuple[int, int]
    tenths: tuple[int, int] | None
    decided_by: str
    order: tuple[str, ...]
    both_fire: bool
    uncounted: tuple[int, int] = sparse((0, 0))


@event
class GlDraw(Event):
    """Drawing a gun (002 l.23-35): where it was carried, the action it took, and the Quick
    Draw roll if he tried one (GN6). ``cost``: what it cost him this round ("nothing", "his
    move", "his first shots", "the round"). ``unskilled``: he declared a quick draw without
    the Quick Draw skill, which only a man who knows it may try (002 l.34): a normal draw.
    ``move_lost``: the draw took the move action of a round in which he declared a move: the
    move is not made (GN18). ``second``: the gun he draws with the other hand at the same time,
    for the off-hand shots he declared ("" when none)."""

    kind: ClassVar[str] = "gl_draw"
    turn: int
    character: str
    weapon: str
    carried: str
    action: str
    quick_roll: int | None
    quick_score: int | None
    quick_made: bool | None
    cost: str
    unskilled: bool = False   # draw: quick declared without the Quick Draw skill: a normal draw
    # the move he declared this round, spent on the draw (a move action: GN18): not made
    move_lost: bool = sparse(False)
    # the gun of his off-hand shots, drawn with this one in his other hand (002 l.25)
    second: str = sparse("")


@event
class GlMoved(Event):
    """A move this round (GN17): from, to (yards), the gait and the feet covered (to a
    hundredth, as the gait by distance was read from them: 15.04 ft is walking briskly);
    ``destination`` a landmark key or None."""

    kind: ClassVar[str] = "gl_moved"
    turn: int
    character: str
    start: tuple[float, float]
    end: tuple[float, float]
    gait: str
    feet: float
    destination: str | None
    cover: int
    concealment: int


@event
class GlCovering(Event):
    """Covering fire (G5): ``what`` "set" (he covers the target, waiting for the trigger),
    "triggered" (the trigger happened: his shot follows; ``opening`` when it opens the fight,
    before initiative) or "broken" (he was attacked and stops). ``target``: the covered man
    (for "triggered", the one who set it off; for "broken", the one who attacked him); ``group``: every man of a covered group (002
    l.62, GN21; empty when he covers one man)."""

    kind: ClassVar[str] = "gl_covering"
    turn: int
    character: str
    target: str
    trigger: str
    what: str
    opening: bool
    weapon: str = ""
    group: tuple[str, ...] = ()


@event
class GlVolley(Event):
    """A run of shots one man fires at one target at one moment of the round (``when`` as in
    ``GlShot``): ``shots`` declared for it (fewer may go off); the shots follow as
    ``gl_shot`` events. Story mode tells the run as one beat. ``barrels`` 2: both barrels of
    a double at once, one aimed attack (002 l.40)."""

    kind: ClassVar[str] = "gl_volley"
    turn: int
    shooter: str
    target: str
    weapon: str
    hand: str
    mode: str
    when: str
    shots: int
    barrels: int = 1


@event
class GlShot(Event):
    """One shot (G2): the d20 + BAB + DEX modifier + the named modifiers against the target's
    Armor Class. ``when``: "contest" (a fast draw's shot), "covering", "initiative" or "end"
    (the halves of the round, 002 l.12). ``result``: "hit", "miss" or "fumble" (a natural 1);
    ``natural``: "20", "1" or "". ``number``: this gun's shot this round (1-based); ``of``:
    the shots of the volley it belongs to; ``nth``: its place in that volley (1-based; 0 in
    a log written before it was kept), the teaching post's "Shot 2" under "fires three
    shots" (``number`` may be higher: shots fired earlier in the round count there).
    ``barrels`` 2: both barrels of a double fired at once, one attack that spent two rounds
    and doubles the damage of a hit (002 l.40)."""

    kind: ClassVar[str] = "gl_shot"
    turn: int
    shooter: str
    target: str
    weapon: str
    hand: str
    mode: str
    when: str
    number: int
    of: int
    feet: float
    called: str | None
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    ac: int
    result: str
    natural: str
    loaded: int
    barrels: int = 1
    nth: int = 0
    # ruled: GN26: the target's cover and concealment do not hide him from this shooter:
    # "landmark" (both at the same landmark) or "close" (within 6 feet); ``bare_cover`` names
    # what would have hidden him
    bare: str = sparse("")
    bare_cover: str = sparse("")


@event
class GlDamage(Event):
    """A hit's damage (G9, G10, G18 d): the location d20 (None for a called shot), the part,
    the damage dice and bonuses, the multipliers, the amount, where it went (hit points, then
    Health; or straight to Health: a critical hit or point blank), and what he is now."""

    kind: ClassVar[str] = "gl_damage"
    turn: int
    shooter: str
    target: str
    location_roll: int | None
    part: str
    dice: tuple[int, ...]
    expr: str
    bonus: int
    smokeless: bool
    multipliers: tuple[Modifier, ...]
    amount: int
    to_health: bool
    why_health: str
    hp: int
    health: int
    con: int
    condition: str
    blind_roll: int | None
    blinded: bool


@event
class GlBlow(Event):
    """A blow with a blade (002 l.363, GN23): d20 + BAB + STR modifier + the named modifiers
    (the two-hand penalty) against the target's Armor Class; ``result`` "hit" or "miss";
    ``natural`` "20", "1" or "". A hit's damage follows as ``gl_damage``."""

    kind: ClassVar[str] = "gl_blow"
    turn: int
    striker: str
    target: str
    weapon: str
    hand: str
    feet: float
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    ac: int
    result: str
    natural: str


@event
class GlRecoil(Event):
    """A recoil check (002 l.134-136, G12): d20 (None: he took 10) + STR modifier against
    DC 10; ``result`` "held", "disrupted" (-4 to his later shots this round) or
    "knocked_down" (off his feet, the gun dropped)."""

    kind: ClassVar[str] = "gl_recoil"
    turn: int
    character: str
    weapon: str
    row: str
    min_str: int
    min_weight: int
    roll: int | None
    modifier: int
    total: int
    result: str


@event
class GlMalfunction(Event):
    """A fumble's malfunction (G11): the d6 and what happened; a burst's dice by man."""

    kind: ClassVar[str] = "gl_malfunction"
    turn: int
    character: str
    weapon: str
    roll: int
    result: str
    clear: str
    burst: tuple[tuple[str, tuple[int, ...]], ...]


@event
class GlOffHand(Event):
    """The Off Hand Shooting roll (G13): d20 + DEX modifier against 15, and what it means."""

    kind: ClassVar[str] = "gl_off_hand"
    turn: int
    character: str
    roll: int
    total: int
    made: bool


@event
class GlReloaded(Event):
    """Reloading (G16): cartridges put in, what is loaded now, the action it took; a jam or
    misfire cleared (``cleared``)."""

    kind: ClassVar[str] = "gl_reloaded"
    turn: int
    character: str
    weapon: str
    rounds: int
    loaded: int
    capacity: int
    action: str
    cleared: str


@event
class GlBlocked(Event):
    """A declared action the rules do not allow now. ``reason`` is a stable code: "out"
    (unconscious or dead), "target_out", "empty", "misfire" (a dud round in
    the gun: a move action clears it, G11), "jammed", "broken", "no_gun" (dropped or
    burst), "blinded", "out_of_range", "impossible" (pea soup), "not_point_blank",
    "knocked_down", "drawing", "out_of_reach" (a blow beyond 5 ft), "one_barrel" (both
    barrels declared, one loaded: he fires
    the one, GN20)."""

    kind: ClassVar[str] = "gl_blocked"
    turn: int
    character: str
    action: str
    reason: str
    target: str | None
    detail: str


@event
class GlDown(Event):
    """A man goes down: ``condition`` "unconscious" or "dead" (G10), with his Health."""

    kind: ClassVar[str] = "gl_down"
    turn: int
    character: str
    condition: str
    health: int
    con: int
