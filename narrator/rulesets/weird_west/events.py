"""Event kinds of the Weird West ruleset (source 004): what happened, as numbers and names.

Registered in ``narrator.events.REGISTRY`` through ``narrator.events.event`` on import. The
shared kinds (``fight_started``, ``turn_started``, ``fight_ended``, ``other_action``) are used
as they are; these are the kinds only the Weird West has (prefixed ``ww_``). Each has a
template of the same name for every mode.

May import: narrator.events, narrator.frozen, narrator.rulesets.weird_west.rolls.
"""

from __future__ import annotations

from typing import ClassVar

from narrator.events import Event, Modifier, event, sparse
from narrator.frozen import record


@record
class RollNote:
    """A trait or aptitude roll as it happened (W2).

    Attributes:
        what: what was rolled ("shootin': pistol", "Quickness", "dodge").
        die: the die type.
        dice: each die's faces (an aced die has several: ``(6, 6, 3)``).
        kept: index of the kept die.
        modifiers: the terms added to it.
        tn: the target number.
        total: kept die + modifiers.
        bust: more than half the dice showed 1.
        success: met (or beat) the TN and no bust.
        raises: full 5s over the TN.
    """

    what: str
    die: int
    dice: tuple[tuple[int, ...], ...]
    kept: int
    modifiers: tuple[Modifier, ...]
    tn: int
    total: int
    bust: bool
    success: bool
    raises: int


@record
class DiceNote:
    """Summed dice (damage, Wind): ``count`` d``die``, each die's faces."""

    die: int
    faces: tuple[tuple[int, ...], ...]
    label: str = ""


@record
class GunNote:
    name: str
    type_name: str
    damage: str
    range: int
    rof: int
    shots: int
    loaded: int
    in_hand: bool
    defense: int = 0
    two_handed: bool = sparse(False)  # a rifle, shotgun or bow (WN20): slung, not holstered


@record
class FighterNote:
    """One character as the roster shows him (W1, W5, W8, W16, W19)."""

    name: str
    side: str
    traits: tuple[tuple[str, str], ...]
    aptitudes: tuple[tuple[str, int], ...]
    pace: int
    size: int
    wind: int
    chips: tuple[tuple[str, int], ...]
    weapons: tuple[GunNote, ...]
    undead: bool
    cover: str | None
    prone: bool
    tactics: str | None


@event
class WWRoster(Event):
    """Who fights, with what (after ``fight_started``)."""

    kind: ClassVar[str] = "ww_roster"
    fighters: tuple[FighterNote, ...]
    light: str


@record
class DealNote:
    """One character's Quickness roll and the cards it dealt him (W3)."""

    character: str
    roll: RollNote | None
    count: int
    cards: tuple[str, ...]
    sleeve: str | None


@event
class WWCardsDealt(Event):
    """The start of a round: Quickness rolls and the cards dealt (004 l.21-24, W3)."""

    kind: ClassVar[str] = "ww_cards_dealt"
    turn: int
    deals: tuple[DealNote, ...]
    order: tuple[tuple[str, str], ...]   # (card, who) as the Marshal calls them
    reshuffled: bool = False


@event
class WWMoved(Event):
    """A move with an action (004 l.32-42): yards, and whether it was running."""

    kind: ClassVar[str] = "ww_moved"
    turn: int
    character: str
    card: str
    start: tuple[float, float]
    end: tuple[float, float]
    yards: float
    running: bool
    place: str | None
    short: bool = False   # stopped short: the round's 2 x Pace ran out


@event
class WWShot(Event):
    """One shootin' roll (004 l.57-64): the TN, the roll, hit or miss; ``jammed`` on a bust
    (W20a); ``fanned`` shots and hits for fanning (l.146-162)."""

    kind: ClassVar[str] = "ww_shot"
    turn: int
    character: str
    target: str
    weapon: str
    card: str
    yards: float
    increments: int
    tn: int
    roll: RollNote
    hit: bool
    jammed: bool
    hand: str = "main"
    fanned: int = 0
    hits: int = 0
    called: str | None = None
    rounds_left: int = 0
    weapon_type: str = ""
    # ruled: WN27: the target's cover does not count against this shooter: "landmark" (he is
    # behind the same landmark) or "close" (within 2 yards); ``bare_cover`` names the cover
    bare: str = sparse("")
    bare_cover: str = sparse("")


@event
class WWFought(Event):
    """One fightin' roll (004 l.86-101): TN = 5 + the defender's level + defensive bonus."""

    kind: ClassVar[str] = "ww_fought"
    turn: int
    character: str
    target: str
    weapon: str
    card: str
    defender_level: int
    defender_concentration: str
    defense: int
    tn: int
    roll: RollNote
    hit: bool
    hand: str = "main"
    weapon_type: str = ""
    # ruled: WN28: the gun the defender holds, no fightin' weapon: he defends as unarmed
    defender_gun: str = sparse("")


@event
class WWVamoosed(Event):
    """A vamoose (004 l.184-199): the card spent out of turn, dodge or fightin' against the
    attack's roll; ``success``: the attack misses. ``backed_to``: where a parry's yard backing
    off (ruled: WN15) left him, hit or not (None: he did not move), so that a write-up
    following the men's spots through the log knows it."""

    kind: ClassVar[str] = "ww_vamoosed"
    turn: int
    character: str
    attacker: str
    card: str
    against: int
    roll: RollNote
    success: bool
    how: str   # "dodge" (dives, goes prone), "cover" (dives behind his cover), "parry"
    backed_to: tuple[float, float] | None = sparse(None)


@event
class WWHitLocated(Event):
    """Where a hit lands (W7; 004 l.105-117). ``result``: "hit", "prone_miss" (l.117),
    "missing_limb" (l.115)."""

    kind: ClassVar[str] = "ww_hit_located"
    turn: int
    character: str
    target: str
    roll: int | None
    raises: int
    moved_to: int | None
    side_die: int | None
    location: str
    side: str | None
    called: str | None
    result: str


@event
class WWCoverStruck(Event):
    """A hit on a covered location strikes the cover (004 l.123-128; W9): the die, odd
    deflected, even through with the damage dice lowered by the Armor."""

    kind: ClassVar[str] = "ww_cover_struck"
    turn: int
    target: str
    cover: str
    die: int
    deflected: bool
    armor: int
    lowered: tuple[tuple[int, int], ...]   # (from die, to die or 0 for none)


@event
class WWDamage(Event):
    """A hit's damage and what it did (W8, W16, W20b, W19, W12 fists)."""

    kind: ClassVar[str] = "ww_damage"
    turn: int
    attacker: str
    target: str
    weapon: str
    dice: tuple[DiceNote, ...]
    total: int
    size: int
    wounds: int
    chip: str | None
    negated: int
    track: str
    level_before: int
    level_after: int
    maimed: str | None
    wind_dice: tuple[int, ...]
    wind_lost: int
    wind_left: int
    winded: bool
    died: bool
    wind_only: bool = False
    dropped: str | None = None
    undead: bool = False


@event
class WWStun(Event):
    """W10: Vigor against TN 5 + the wounds just taken; a failure loses his cards this round."""

    kind: ClassVar[str] = "ww_stun"
    turn: int
    character: str
    roll: RollNote
    stunned: bool
    cards_lost: tuple[str, ...]


@event
class WWAimed(Event):
    """Drawing a bead (004 l.142): actions so far and the bonus for the next shot."""

    kind: ClassVar[str] = "ww_aimed"
    turn: int
    character: str
    target: str
    card: str
    actions: int
    bonus: int


@event
class WWDrew(Event):
    """A weapon drawn (W17): with an action, or free on a quick draw roll."""

    kind: ClassVar[str] = "ww_drew"
    turn: int
    character: str
    weapon: str
    card: str
    roll: RollNote | None
    free: bool


@event
class WWReloaded(Event):
    """W4: 2 rounds an action (a shotgun 2 shells)."""

    kind: ClassVar[str] = "ww_reloaded"
    turn: int
    character: str
    weapon: str
    card: str
    rounds: int
    loaded: int
    capacity: int
    weapon_type: str = ""


@event
class WWSimple(Event):
    """A plain action: ``what`` "prone", "stand", "hold", "clear" (a jam, W20a), or a refused
    action with ``why`` ("no_gun", "empty", "jammed", "too_far", "out_of_reach", "no_target",
    "cannot_fan_gun", "cannot_fan_hand", "cannot_fan_skill": which of 004 l.150's requirements
    for fanning failed, "no_hand"; a two-gun shot fired with one gun: "two_handed" (``weapon``
    takes both hands), "second_holstered" (``weapon``: his other pistol, not in hand),
    "no_second_gun" (he carries none); "target_out": the later shots of a shoot action held, its
    earlier shot having put the target out of the fight, ruled: WN26), "target_dead" (a
    declared shot or fan at a man dead already: not made, ruled: WN29), "drew_first" (a
    declared shot or fan whose card went to readying ``weapon``: not made), or "in_hand" (a draw of the gun he holds already: no draw
    is made, and the card goes to his next action), or "no_card" (a declared action left
    without a card at the round's end; ``card`` is empty)."""

    kind: ClassVar[str] = "ww_simple"
    turn: int
    character: str
    card: str
    what: str
    why: str = ""
    weapon: str = ""
    target: str = ""


@record
class BleedNote:
    character: str
    lost: int
    wind_left: int
    winded: bool


@event
class WWRoundEnded(Event):
    """The end of a round: bleeding (W8, WN6), sleeves (W3), a black joker's reshuffle;
    ``last``: no round follows (the fight ends with it), so no sleeve is told "for the next
    round"."""

    kind: ClassVar[str] = "ww_round_ended"
    turn: int
    bleeding: tuple[BleedNote, ...]
    sleeves: tuple[tuple[str, str], ...]
    reshuffle: bool
    last: bool = sparse(False)


@record
class WWStatusNote:
    """One character at the end of a round: condition, wound levels by track (0-5), Wind,
    chips, guns loaded."""

    name: str
    side: str
    condition: str
    levels: tuple[tuple[str, int], ...]
    wind: int
    wind_max: int
    chips: tuple[tuple[str, int], ...]
    weapons: tuple[tuple[str, int, int], ...]
    at: tuple[float, float]
    cover: str | None
    prone: bool
    undead: bool
    penalty: int


@event
class WWStatus(Event):
    """Everyone's state at the end of a round."""

    kind: ClassVar[str] = "ww_status"
    turn: int
    status: tuple[WWStatusNote, ...]


@event
class WWDisarmed(Event):
    """A called shot at a hand that hit what the hand holds (004 l.136; ruled: WN23): the
    weapon is knocked out of it and lies at his feet; no damage to him. ``character`` the
    shooter, ``target`` the man disarmed, ``hand`` "left" or "right"."""

    kind: ClassVar[str] = "ww_disarmed"
    turn: int
    character: str
    target: str
    weapon: str
    hand: str


@event
class WWGaveUp(Event):
    """A character leaves the fight on his card (W18; ruled: WN24): ``how`` "fled" (he runs,
    ``start`` to ``end``, and is gone) or "surrendered" (he throws down his weapons).
    ``why``: "declared" (his intent), "wounds" or "wind" (his tactics: badly hurt)."""

    kind: ClassVar[str] = "ww_gave_up"
    turn: int
    character: str
    card: str
    how: str
    why: str
    start: tuple[float, float]
    end: tuple[float, float]


@event
class WWWinded(Event):
    """A GM's edit of ``state:`` left a man at 0 Wind or less (W8: out, winded, until the
    fight ends): the rule applied to the edited Wind as a hit's or a bleed's loss applies it,
    after the edits at the start of the round. ``wind``: his Wind as edited."""

    kind: ClassVar[str] = "ww_winded"
    turn: int
    character: str
    wind: int
