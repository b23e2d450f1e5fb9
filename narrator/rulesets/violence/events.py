"""Event kinds of the Violence ruleset (source 003): what happened, as numbers and names.

Registered in ``narrator.events.REGISTRY`` through ``narrator.events.event`` when
``narrator.events`` is imported (it imports this module at its very bottom). The shared kinds
(``fight_started``, ``turn_started``, ``turn_ended``, ``fight_ended``, ``state_adjusted``,
``other_action``) are used as they are; these are the kinds only Violence has. Each kind has a
template of the same name in ``templates/common/{events,story,rolls}/``.

May import: narrator.events, narrator.frozen.
"""

from __future__ import annotations

from typing import ClassVar

from narrator.events import Event, Modifier, event, sparse
from narrator.frozen import record


@record
class TagNote:
    """A tag (errata Violence): its name and the rolls it adds +2 to."""

    name: str
    applies_to: tuple[str, ...]


@record
class ArmsNote:
    """A carried weapon as the roster shows it. ``capacity`` 0 for melee weapons."""

    name: str
    type_name: str
    kind: str
    loaded: int
    capacity: int
    calibre: str
    melee: int
    quick_reload: bool
    tags: tuple[TagNote, ...]


@record
class FighterNote:
    """One character as the roster shows it."""

    name: str
    side: str
    group: str | None
    tags: tuple[TagNote, ...]
    weapons: tuple[ArmsNote, ...]
    cover: str | None
    hidden: bool
    obscured: bool
    fights_to: str
    tactics: str | None


@record
class GroupNote:
    """A group (003 l.5, 11, 74): who is in it, whether it rolls initiative as one, its morale
    rating (None: no morale checks, e.g. player characters), leader, and how it routs."""

    name: str
    label: str
    side: str
    members: tuple[str, ...]
    together: bool
    morale: int | None
    leader: str | None
    rout: str


@event
class RosterListed(Event):
    """Who fights under the Violence rules: groups, tags, weapons, cover; the band limits."""

    kind: ClassVar[str] = "roster_listed"
    groups: tuple[GroupNote, ...]
    fighters: tuple[FighterNote, ...]
    close: float
    medium: float


@record
class UnitRoll:
    """One initiative unit's d20s: the first roll, then any rerolls of a tie (errata).
    ``unit``: a character's name or a group's key; ``label``: the group's name (None for a
    character)."""

    unit: str
    label: str | None
    members: tuple[str, ...]
    rolls: tuple[int, ...]


@event
class RoundInitiative(Event):
    """A round's initiative (003 l.5-9): a d20 per character or group, highest first, ties
    rerolled; a side that caught the others by surprise acts first, in scenario order.

    ``order``: every character who may act this round, in acting order.
    """

    kind: ClassVar[str] = "round_initiative"
    turn: int
    surprise: str | None
    surprisers: tuple[str, ...]
    units: tuple[UnitRoll, ...]
    order: tuple[str, ...]


@record
class SnipeNote:
    """The three conditions of a snipe (003 l.32) and what they allowed.

    ``method``: "automatic", "twelve" or "regular" (see ``rules.SnipeConditions``).
    """

    at_distance: bool
    unaware: bool
    still: bool
    first_target: bool
    met: int
    method: str


@event
class GunFired(Event):
    """A shooting action (003 l.15) or a snipe (l.32): one d20 (two with advantage, the
    higher kept) plus +1 per extra shot and +2 per relevant tag, against 16 (a snipe: 12, or
    no roll at all for an automatic hit).

    ``candidates`` and ``target_roll``: the targets the shooter named and the die that picked
    one at random (l.15: "we roll randomly"). ``declared``: shots the intent asked for;
    ``shots``: rounds fired in this action. ``volley``: 2 for the action after a quick reload.
    ``advantage_why``: "open" (neither in cover nor moving), "cover", "moving", "cover_moving".
    """

    kind: ClassVar[str] = "gun_fired"
    turn: int
    shooter: str
    target: str
    candidates: tuple[str, ...]
    target_roll: int | None
    weapon: str
    calibre: str
    declared: int
    shots: int
    volley: int
    distance: float
    band: str
    band_ruling: str | None
    snipe: SnipeNote | None
    advantage: bool
    advantage_why: str
    rolls: tuple[int, ...]
    kept: int | None
    modifiers: tuple[Modifier, ...]
    total: int | None
    need: int | None
    result: str
    rounds_left: int
    # ruled: VN2: the target's cover does not cover him against this shooter: "landmark"
    # (both at the same landmark) or "close" (within 2 yards); ``bare_cover`` names it
    bare: str = sparse("")
    bare_cover: str = sparse("")


@event
class InjuryRolled(Event):
    """The injury roll of a hit (003 l.17-24): d20 + 2 per Injury already taken + the calibre's
    bonus at the band; 10 or more, Down; otherwise one more Injury.

    ``cause``: "shot", "snipe" or "suppression"; ``shooter`` rolled the die.
    """

    kind: ClassVar[str] = "injury_rolled"
    turn: int
    character: str
    shooter: str
    cause: str
    weapon: str
    band: str
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    need: int
    result: str
    injuries: int


@record
class MeleeSide:
    """One combatant's half of a melee exchange: the d12, the named modifiers, the total, the
    weapon, and what he announced ("subdue" or "kill")."""

    character: str
    intent: str
    weapon: str
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int


@event
class MeleeFought(Event):
    """One exchange of a melee (003 l.38-46). ``outcome``: "both_injured" (difference 0-1, the
    fight continues), "both_injured_low_down" (2-3) or "low_down" (4+). ``high``/``low``:
    the higher and lower scorer (None on equal totals). ``down``: who went Down (Down by a
    subdue announcement leaves him ``subdued``). ``exchange``: 1 when the melee starts, then
    one per round while both combatants' turns are consumed.
    """

    kind: ClassVar[str] = "melee_fought"
    turn: int
    exchange: int
    attacker: MeleeSide
    defender: MeleeSide
    difference: int
    outcome: str
    high: str | None
    low: str | None
    injured: tuple[str, ...]
    down: str | None
    subdued: bool
    continues: bool


@event
class SuppressionLaid(Event):
    """Firing to suppress (003 l.50): no roll; the rounds are spent and the targets are
    suppressed until the suppressor's next turn."""

    kind: ClassVar[str] = "suppression_laid"
    turn: int
    suppressor: str
    targets: tuple[str, ...]
    weapon: str
    declared: int
    shots: int
    rounds_left: int


@event
class SuppressionTested(Event):
    """A suppressed target exposes himself (003 l.52-54): d6 against the number of people
    suppressing him (halved, rounded down, when he is hidden or obscured); the number rolled
    is how many of them hit, picked at random (``picks``: the dice that picked them)."""

    kind: ClassVar[str] = "suppression_tested"
    turn: int
    target: str
    action: str
    suppressors: tuple[str, ...]
    hidden: bool
    effective: int
    roll: int
    shot: bool
    picks: tuple[int, ...]
    hitters: tuple[str, ...]


@event
class WeaponReloaded(Event):
    """Reloading (003 l.62): a round spent reloading, or the quick reload tag's free reload
    after firing (``quick``)."""

    kind: ClassVar[str] = "weapon_reloaded"
    turn: int
    character: str
    weapon: str
    quick: bool
    rounds: int
    loaded: int
    capacity: int
    spare: int | None


@event
class Relocated(Event):
    """A character moves this round (and counts as moving for shots at him, 003 l.15).

    ``destination``: the landmark's key, or None for a point; ``cover``: he is in cover there.
    """

    kind: ClassVar[str] = "relocated"
    turn: int
    character: str
    start: tuple[float, float]
    end: tuple[float, float]
    destination: str | None
    cover: bool


@event
class ActionBlocked(Event):
    """A declared action the rules do not allow now, and why (``reason`` is a stable code:
    "out" (the character is out of the fight), "target_out", "empty", "full", "no_spare",
    "no_gun", "in_melee" (his turn is consumed by a melee, l.46), "target_in_melee",
    "out_of_reach")."""

    kind: ClassVar[str] = "action_blocked"
    turn: int
    character: str
    action: str
    reason: str
    target: str | None
    detail: str


@event
class MoraleChecked(Event):
    """Enemy morale (003 l.74-81): 2d6 when the group's leader is shot or its numbers are
    halved; a total greater than the rating routs it (``result``: "flee" or "surrender", and
    ``members`` who do). ``trigger``: "leader_shot" or "halved"."""

    kind: ClassVar[str] = "morale_checked"
    turn: int
    group: str
    label: str
    trigger: str
    leader: str | None
    standing: int
    strength: int
    dice: tuple[int, int]
    total: int
    rating: int
    routed: bool
    result: str | None
    members: tuple[str, ...]


@event
class AfterFightRolled(Event):
    """After the violence (003 l.28): d20 + 2 per Injury for a character who is Down; 10 or
    more, dead; otherwise critically injured, dying without medical attention."""

    kind: ClassVar[str] = "after_fight_rolled"
    turn: int
    character: str
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    need: int
    result: str


@event
class HealingNoted(Event):
    """Healing time of a survivor (003 l.68-70): a week of rest in a safe place per Injury;
    after 3 days he may move around, debilitated. ``critical``: critically injured, he dies
    without medical attention first."""

    kind: ClassVar[str] = "healing_noted"
    turn: int
    character: str
    injuries: int
    weeks: int
    days: int
    critical: bool
