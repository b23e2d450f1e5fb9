"""Tactics profiles for Gaslight characters who declare no intent for a round.

A profile chooses the target (the nearest enemy up), the firing mode and the shots, reloading,
covering fire, and flight. Modes are chosen as 002 describes their use: aimed fire when the
shooter is unhurried and nobody has fired at him (002 l.38-41), snap fire as the ordinary
shot (l.43-45), rapid fire at close quarters (l.51-52), fanning for a man with the skill and a
single-action revolver within 20 feet (l.406-410), panic fire while running away (l.56-57),
covering fire on a door or a man while the fight has not started (l.61-63).

* ``aggressive``: closes in; snap, rapid within 30 ft, fanning within 20 ft when he can.
* ``cautious``: aimed while unhurried (both barrels at once with a loaded double, 002
  l.40), then two snap shots; stays where he is.
* ``coward``: as cautious until hurt; then runs from the nearest enemy, firing in panic.
* ``sniper``: aimed shots only (a called shot at the chest with Sharp Shooter; both barrels
  of a loaded double at once).
* ``lawman``: covers the nearest enemy (trigger: he shoots) while nobody has fired; then
  aimed shots while unhurried, snap shots once shot at.

Whatever the profile, a man in the round's fast-draw contest fires snap shots at the other
man (002 l.102).

May import: narrator.rulesets.gaslight.* (the fight's state, read only).
"""

from __future__ import annotations

import math
from typing import Any

from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight.scenario import Covers, Intent

FEET_PER_YARD = 3


def _nearest(fight: Any, m: Any) -> Any | None:
    foes = [x for x in fight.men.values() if x.up and x.side != m.side]
    if not foes:
        return None
    return min(foes, key=lambda x: (math.dist(x.pos, m.pos), x.order))


def _away(m: Any, foe: Any, yards: float) -> list[float]:
    dx, dy = m.pos[0] - foe.pos[0], m.pos[1] - foe.pos[1]
    d = math.hypot(dx, dy) or 1.0
    return [round(m.pos[0] + dx / d * yards, 2), round(m.pos[1] + dy / d * yards, 2)]


def _toward(m: Any, foe: Any, yards: float) -> list[float] | None:
    """A point up to ``yards`` toward ``foe``, stopping a yard short; None when there."""
    dx, dy = foe.pos[0] - m.pos[0], foe.pos[1] - m.pos[1]
    d = math.hypot(dx, dy) or 1.0
    step = min(yards, max(0.0, d - 1))
    if step < 0.5:
        return None
    return [round(m.pos[0] + dx / d * step, 2), round(m.pos[1] + dy / d * step, 2)]


def idle_reason(fight: Any, t: int, m: Any) -> tuple[str, str | None]:
    """Why ``decide`` left ``m`` with no intent (``events.IDLE_REASONS``), and the nearest
    enemy still up: asked after the profiles decided, for the write-up only (nothing rolled,
    nothing changed). Blinded: "blinded"; his gun broken or burst and no other loaded and
    ready: "no_weapon"; else out of his gun's range with the enemy a yard off already (no
    step nearer): "no_clear_shot"."""
    foe = _nearest(fight, m)
    near = foe.name if foe is not None else None
    if m.blinded:
        return "blinded", near
    arm = fight.arm_for(m, None)
    if arm.state in ("broken", "burst") and not any(
            a.state == "ready" and a.loaded for a in m.arms):
        return "no_weapon", near
    return ("no_clear_shot" if foe is not None else "out_of_reach"), near


def decide(fight: Any, t: int, m: Any) -> Intent | None:
    """The intent of ``m`` (a ``fight.Man``) for round ``t`` under his ``tactics`` profile;
    None when there is nobody to fight or nothing he can do."""
    profile = m.c.tactics
    foe = _nearest(fight, m)
    if foe is None or m.blinded:
        return None
    arm = fight.arm_for(m, None)
    if arm.state in ("broken", "burst"):
        others = [a for a in m.arms if a.state == "ready" and a.loaded]
        if not others:
            return Intent(move=_away(m, foe, 40), gait="running") if profile == "coward" else None
        arm = others[0]
    weapon = arm.spec.name or arm.spec.type
    turn = fight.sc.turns[t - 1] if t <= len(fight.sc.turns) else None
    if turn is not None and turn.fast_draw is not None and m.name in turn.fast_draw:
        # 002 l.102: a fast-draw contest's shots are snap shots, at the other man
        other = next(n for n in turn.fast_draw if n != m.name)
        return Intent(shoot=other, mode="snap", weapon=weapon)
    if arm.state == "ready" and arm.loaded == 0:
        return Intent(reload=weapon)
    feet = math.dist(m.pos, foe.pos) * FEET_PER_YARD
    hurt = m.hp < m.c.hp or m.health < m.c.con
    if profile == "coward" and hurt:
        if arm.gun.klass in ("revolver", "repeater"):
            return Intent(shoot=foe.name, mode="panic", weapon=weapon,
                          move=_away(m, foe, 40), gait="running")
        return Intent(move=_away(m, foe, 40), gait="running")
    if not R.in_range(feet, arm.gun.increment):
        return Intent(move=_toward(m, foe, 10), gait="running") if _toward(m, foe, 10) else None
    if profile == "lawman" and not fight.fired_any:
        return Intent(covers=Covers(target=foe.name, when="shoots"), weapon=weapon)
    unhurried = not m.shot_at
    if profile == "sniper" or (profile in ("cautious", "coward", "lawman") and unhurried):
        called = "chest" if profile == "sniper" and m.c.skills.sharp_shooter \
            and not arm.gun.is_shotgun else None
        # 002 l.40: a loaded double fires both barrels at once: one attack at +4 for double
        # damage, as good a chance as the aimed barrel alone and twice the harm
        both = arm.gun.barrels == 2 and arm.loaded >= 2
        return Intent(shoot=foe.name, mode="aimed", weapon=weapon, called=called,
                      take_10=True, both_barrels=both)
    if profile in ("cautious", "coward", "lawman"):
        return Intent(shoot=foe.name, mode="snap", shots=2, weapon=weapon)
    # aggressive
    if (m.c.skills.fanning and arm.gun.single_action and arm.gun.klass == "revolver"
            and feet <= 20):
        return Intent(shoot=foe.name, mode="fanning", weapon=weapon)
    if feet <= 30 and arm.gun.klass in ("revolver", "repeater"):
        return Intent(shoot=foe.name, mode="rapid", weapon=weapon, move=_toward(m, foe, 10))
    return Intent(shoot=foe.name, mode="snap", weapon=weapon, move=_toward(m, foe, 5))
