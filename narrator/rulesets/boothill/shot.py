"""One path for a shot, whatever the kind of turn (errata B18(e)).

A shot is planned from the intent (``plan_volleys``), checked against the shooter's own turn
(``BootHillFight.holds_fire``), turned on another enemy when its target is down
(``BootHillFight.retarget``), and prepared with its chance to hit (``BootHillFight.prepare``)
by the same functions in a combat turn and a shootout turn. What differs between the two
kinds of turn is data, in ``TurnKind``: the seconds a turn lasts, the shot types allowed, the
counts a switch of target costs, whether a crawling man may stop and shoot, the most shots.

May import: narrator.frozen, narrator.rulesets.boothill.tables, narrator.rulesets.boothill.scenario
(shapes).
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.frozen import record
from narrator.rulesets.boothill import tables
from narrator.rulesets.boothill.scenario import Intent


@record
class TurnKind:
    """What a kind of turn changes about a shot; everything else is the same in both.

    Attributes:
        name: "combat" or "shootout" (the ``kind:`` of a scenario turn).
        seconds: the turn's length: 6 (000 l.36) or 1 (000 l.179).
        shot_types: the shots it allows: careful only in a combat turn (001 l.17), any in a
            shootout turn (001 l.16).
        switch_counts: counts a change of target costs: none in a combat turn (000 l.80,
            "at will with no penalty"), 1 in a shootout turn (Table 5; errata B15).
        crawler_shoots: a man who crawls this turn may stop and shoot: not in a combat turn,
            yes in a shootout turn (errata B18(a)).
        max_shots: the most shots one intent fires: two careful shots in a combat turn
            (000 l.39-40); in a shootout turn the Table 5 counts limit them (checked by the
            loader against 001 l.16), so None.
    """

    name: str
    seconds: int
    shot_types: tuple[str, ...]
    switch_counts: int
    crawler_shoots: bool
    max_shots: int | None


COMBAT = TurnKind("combat", 6, ("careful",), 0, False, 2)
SHOOTOUT = TurnKind("shootout", 1, tables.SHOT_TYPES,
                    tables.combat()["shootout_actions"]["switch_target"], True, None)
KINDS = {k.name: k for k in (COMBAT, SHOOTOUT)}


@dataclass(slots=True)
class PlannedShot:
    """One bullet an intent declares, before it is checked or rolled.

    Attributes:
        shot_type: careful, steady, hip or fanned.
        target: full name of the man shot at (changes when the shooter turns on another).
        gun: index of the weapon in the shooter's list.
        off_hand: fired from the off hand (a declared ``hand:``, or the second of two guns).
        two_guns: one of two pistols fired at once (-6, 001 l.27).
        sniping: the declared sniping rest; the bonus applies only to the fight's first shot.
        listed: every target the intent names, in order (where a shooter turns first when his
            target goes down).
    """

    shot_type: str
    target: str
    gun: int
    off_hand: bool = False
    two_guns: bool = False
    sniping: bool = False
    listed: tuple[str, ...] = ()


def targets_of(intent: Intent) -> list[str]:
    """The targets an intent lists (``shoot: Bo`` or ``shoot: [Bo, Cy]``); [] when none."""
    if intent.shoot is None:
        return []
    return [intent.shoot] if isinstance(intent.shoot, str) else list(intent.shoot)


def shot_targets(intent: Intent) -> list[tuple[str, str]]:
    """``(shot type, target)`` for every shot an intent declares, in order.

    ``shots: N`` (or nothing, 1) fires N careful shots at each listed target in turn; a list
    of shot types (``shots: [hip, hip]``) takes the targets in order, one shot each, the last
    target taking what is left: ``shoot: [Bo, Cy], shots: [hip, hip, hip]`` is Bo, Cy, Cy.
    """
    targets = targets_of(intent)
    if not targets:
        return []
    if isinstance(intent.shots, list):
        return [(st, targets[min(k, len(targets) - 1)]) for k, st in enumerate(intent.shots)]
    n = intent.shots or 1
    return [("careful", tgt) for tgt in targets for _ in range(n)]


def plan_volleys(intent: Intent, main: int, off: int | None, handedness: str,
                 kind: TurnKind) -> list[list[PlannedShot]]:
    """The declared shots as volleys: each volley's shots are fired at the same moment.

    Args:
        intent: the shooter's intent (``shoot`` not None).
        main: index of the gun in hand; ``off``: the second pistol when ``two_guns``.
        handedness: the shooter's gun hand ("right" or "left").
        kind: the kind of turn.

    Returns:
        One volley per declared shot, of one shot; with two guns (001 l.27, "shoots two pistols
        at once") each declared shot of a shootout turn is a volley of two, one from each gun
        at the same target, and in a combat turn the two guns are the turn's two careful shots
        (000 l.39-40), at the first and second targets listed. Sniping is planned on the first
        shot only (001 l.26). In a combat turn shots past the second are left out (the caller
        refuses them).
    """
    off_hand = bool(intent.hand and intent.hand != handedness)
    shoot, shots = intent.shoot, intent.shots
    if type(shoot) is str and not isinstance(shots, list) and not intent.two_guns:
        # (one target, N careful shots: the common case, as below without the lists)
        n = shots or 1
        if kind.max_shots is not None and n > kind.max_shots:
            n = kind.max_shots
        listed = (shoot,)
        volleys = [[PlannedShot("careful", shoot, main, off_hand, False, False, listed)]
                   for _ in range(n)]
        if volleys and intent.sniping:
            volleys[0][0].sniping = True
        return volleys
    if type(shoot) is str and not intent.two_guns and kind.max_shots is None:
        # (one target, a list of shot types in a shootout turn: as below, one shot a volley)
        listed = (shoot,)
        volleys = [[PlannedShot(st, shoot, main, off_hand, False, False, listed)]
                   for st in shots]
        if volleys and intent.sniping:
            volleys[0][0].sniping = True
        return volleys
    listed = tuple(targets_of(intent))
    pairs = shot_targets(intent)
    volleys: list[list[PlannedShot]] = []
    if intent.two_guns and off is not None:
        if kind.max_shots is not None:
            second = listed[min(1, len(listed) - 1)]
            volleys.append([PlannedShot("careful", listed[0], main, False, True, False, listed),
                            PlannedShot("careful", second, off, True, True, False, listed)])
        else:
            for st, tgt in pairs:
                volleys.append([PlannedShot(st, tgt, main, False, True, False, listed),
                                PlannedShot(st, tgt, off, True, True, False, listed)])
    else:
        if kind.max_shots is not None:
            pairs = pairs[:kind.max_shots]
        volleys = [[PlannedShot(st, tgt, main, off_hand, False, False, listed)]
                   for st, tgt in pairs]
    if volleys and intent.sniping:
        volleys[0][0].sniping = True
    return volleys


def too_many(intent: Intent, kind: TurnKind) -> str | None:
    """The first target of a shot past the turn's most (a combat turn's third careful shot),
    or None."""
    if kind.max_shots is None or intent.two_guns:
        return None
    if isinstance(intent.shots, int) and intent.shots <= kind.max_shots \
            and isinstance(intent.shoot, str):
        return None  # (one target, few enough shots: the common case, no list made)
    pairs = shot_targets(intent)
    return pairs[kind.max_shots][1] if len(pairs) > kind.max_shots else None
