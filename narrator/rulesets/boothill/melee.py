"""Boot Hill hand to hand: fists, grapples, clubs and blades (errata B19, ruled; 000 l.7 promises
these rules but the text ends before them).

Firearm combat at arm's length: a man within 2 yards strikes (a blow), grapples (a hold),
breaks free of a hold or throws the man he holds. Chance to hit = COO + Brawling or Blades with
the attacker's wounds and movement and the target's evading as on Table 2, +4 against a held
man; 1 and 20 as for shots (B4) with no misfire. Fists, clubs, gun butts and brass knuckles
deal bruise points (count towards passing out, not wounds, gone after the fight; a 6 knocks
the man down); blades wound through Tables 11-13 and 12. In a combat turn a man makes two
blows or grapples; in a shootout turn a blow takes 2 counts and a grapple 3, ordered by speed
as shots are. Every number comes from ``data/hand_to_hand.toml``.

May import: narrator.events, narrator.rulesets.boothill.*.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from narrator.events import Modifier

from narrator.rulesets.boothill.events import (

    ActionRefused, BlowStruck, BruiseTaken, HoldChanged, KnockedOut, LocationRolled,

)
from narrator.rulesets.boothill import hit, tables
from narrator.rulesets.boothill.state import Action, Fighter
from narrator.rulesets.boothill.scenario import Intent

if TYPE_CHECKING:  # pragma: no cover
    from narrator.rulesets.boothill.tables import WeaponType

#: The shootout action kinds of hand to hand (``Action.kind``).
MELEE_KINDS = ("blow", "grapple", "break_free", "throw")
#: Intent field -> the action kind it queues.
ACTION_OF = {"strike": "blow", "grapple": "grapple", "break_free": "break_free",
             "throw": "throw"}


def reach_yards() -> float:
    """How far a blow or grapple reaches: 2 yards (errata B19)."""
    return float(tables.hand_to_hand()["reach"]["yards"])


def action_counts(kind: str) -> int:
    """Shootout counts of a hand-to-hand action (errata B19): a blow 2, a grapple 3; breaking
    free and a throw are grapples (ruled, ``data/hand_to_hand.toml`` [timing])."""
    timing = tables.hand_to_hand()["timing"]
    return timing["blow_counts"] if kind == "blow" else timing["grapple_counts"]


def blows_declared(intent: Intent, turn_kind: str) -> int:
    """The blows a strike makes: ``blows:``, else 2 in a combat turn and 1 in a shootout
    turn (``data/hand_to_hand.toml`` [timing])."""
    if intent.blows is not None:
        return intent.blows
    timing = tables.hand_to_hand()["timing"]
    return timing["default_blows_combat" if turn_kind == "combat" else "default_blows_shootout"]


def bruise_terms(wt: WeaponType, strength: int) -> tuple[Modifier, ...]:
    """The modifiers of a bruise d6 (errata B19): the weapon's bonus (brass knuckles +1, club
    or gun butt +2) and +1 when the attacker's STR is 15 or more."""
    b = tables.hand_to_hand()["bruise"]
    out = []
    if wt.bruise_bonus:
        out.append(Modifier(wt.type, wt.bruise_bonus))
    if strength >= b["strength_from"]:
        out.append(Modifier("strength_15", b["strength_bonus"]))
    return tuple(out)


@dataclass
class PreparedBlow:
    """A hand-to-hand action whose chance is fixed but whose die is not rolled yet (equal speeds
    act together, errata B14).

    ``action``: "strike", "grapple" or "break_free"; ``weapon``: the weapon row (fists, a
    hand-to-hand weapon, or the gun butt); ``weapon_name``: as the write-up names it.
    """

    turn: int
    attacker: Fighter
    target: Fighter
    action: str
    weapon: WeaponType
    weapon_name: str
    number: int
    yards: float
    parts: tuple[Modifier, ...]
    base: int
    mods: tuple[Modifier, ...]
    chance: int
    count: int | None
    aim: str


class HandToHand:
    """Mixin for BootHillFight: hand to hand in both kinds of turn (errata B19). ``self`` is
    the fight (typed ``Any``, as the shootout turn's mixin: no import of the engine here)."""

    hold_taken = False  # set once any hold is taken: until then no hold can need ending
    # set once a shootout turn's hand-to-hand action is queued (``plan_melee``): until then
    # the lean path fights its shootout turns in its own loop (``lean_shootout_turn``)
    melee_planned = False

    # ------------------------------------------------------------------ weapons
    def melee_weapon(self: Any, f: Fighter, intent: Intent) -> tuple[WeaponType, int | None]:
        """The weapon an intent's strike uses (``blow_weapon`` of its ``weapon:``); grapples,
        breaking free and throws are bare-handed (fists)."""
        if intent.strike is None:
            return tables.fists(), None
        return self.blow_weapon(f, intent.weapon)

    def blow_weapon(self: Any, f: Fighter, ref: str | None) -> tuple[WeaponType, int | None]:
        """The weapon a blow uses, and its index in ``f.weapons`` (None: fists).

        ``ref`` "fists": fists. A named hand-to-hand weapon: that one. A named gun: its butt
        (a gun-butt blow with that gun). None: his current weapon (the first carried, else the
        last drawn) when it is a hand-to-hand weapon, else fists.
        """
        if ref == "fists":
            return tables.fists(), None
        if ref is not None:
            i = self.weapon_index(f, ref)
            wt = f.weapons[i].wt
            return (wt if wt.is_melee else tables.weapons()["gun_butt"]), i
        ws = f.weapons[f.current_weapon]
        if ws.wt.is_melee:
            return ws.wt, f.current_weapon
        return tables.fists(), None

    def weapon_name(self: Any, f: Fighter, wt: WeaponType, idx: int | None) -> str:
        """The write-up's name of a blow's weapon: "fists", the carried weapon's name, or
        "<gun> butt"."""
        if idx is None:
            return wt.name
        ws = f.weapons[idx]
        return f"{ws.name} butt" if wt.type == "gun_butt" and not ws.wt.is_melee else ws.name

    def needs_draw(self: Any, f: Fighter, wt: WeaponType, idx: int | None) -> bool:
        """A knife (or the gun whose butt strikes) not in hand must be drawn first (B19)."""
        if idx is None or not wt.must_draw:
            return False
        return idx != f.current_weapon or not f.drawn

    # ------------------------------------------------------------------ combat turn
    def melee_combat(self: Any, t: int, f: Fighter, intent: Intent,
                     intents: dict[str, Intent]) -> None:
        """A combat turn's hand-to-hand actions (errata B19): the close-in move first (he may
        move into reach in the same turn), then two blows or grapples (like two careful
        shots): ``blows`` blows, a grapple tried until it holds, breaking free likewise; a
        throw is one action. Drawing costs nothing in six seconds."""
        if intent.move is not None:
            self.move(t, f, intent.move)
        if f.down:
            return
        kind = ACTION_OF[intent.melee]
        wt, idx = self.melee_weapon(f, intent)
        if idx is not None and wt.must_draw:
            f.current_weapon, f.drawn = idx, True
        tries = tables.hand_to_hand()["timing"]["combat_turn_actions"]
        n = blows_declared(intent, "combat") if kind == "blow" else tries
        if kind == "throw":
            n = 1
        for k in range(1, n + 1):
            if f.down:
                return
            done = self.melee_action(t, f, intent, kind, k, intents, None)
            if done:
                return

    # ------------------------------------------------------------------ shootout turn
    def plan_melee(self: Any, t: int, f: Fighter, intent: Intent) -> list[Action]:
        """A shootout turn's hand-to-hand actions in order: a draw when the knife (or the gun
        whose butt strikes) is not in hand, then the blows (2 counts each) or the grapple,
        break-free or throw (3 counts), errata B19."""
        self.melee_planned = True
        kind = ACTION_OF[intent.melee]
        target = intent.strike or intent.grapple
        actions: list[Action] = []
        wt, idx = self.melee_weapon(f, intent)
        if self.needs_draw(f, wt, idx):
            f.current_weapon, f.drawn = idx, False
            draw = intent.draw or ("fast" if f.c.skills.fast_draw > 0 else "normal")
            if draw == "fast" and f.c.skills.fast_draw <= 0:
                draw = "normal"
            actions.append(Action("draw", draw=draw, redraw=intent.redraw))
        n = blows_declared(intent, "shootout") if kind == "blow" else 1
        ref = (intent.weapon if intent.weapon is not None else
               (f.weapons[idx].spec.type if idx is not None else "fists")) \
            if kind == "blow" else "fists"
        for _ in range(n):
            actions.append(Action(kind, melee_target=target, weapon_ref=ref))
        return actions

    # ------------------------------------------------------------------ one action
    def melee_action(self: Any, t: int, f: Fighter, intent: Intent, kind: str,
                     number: int, intents: dict[str, Intent], count: int | None) -> bool:
        """One hand-to-hand action, checked, rolled and resolved at once (a combat turn).

        Returns:
            True when the rest of the turn's tries are pointless (a grapple held, a man broke
            free, a throw made, or the action was refused).
        """
        if kind == "throw":
            return self.throw(t, f, count)
        p = self.prepare_blow(t, f, kind, intent.strike or intent.grapple,
                              intent.weapon if intent.strike is not None else "fists", number,
                              intents, count)
        if p is None:
            return True
        result = self.resolve_blow(p)
        return kind in ("grapple", "break_free") and result == "hit"

    def prepare_blow(self: Any, t: int, f: Fighter, kind: str, target_name: str | None,
                     weapon_ref: str | None, number: int, intents: dict[str, Intent],
                     count: int | None) -> PreparedBlow | None:
        """Everything about a blow, grapple or break-free that is fixed before the d20: the
        checks (a target up and within 2 yards, a hold to break, no second hold), COO + skill
        and the modifiers of errata B19. Emits a refusal and returns None when it cannot be
        made.

        Args:
            kind: "blow", "grapple" or "break_free".
            target_name: the man struck or grappled (None for breaking free: the holder).
            weapon_ref: a blow's weapon (``blow_weapon``); grapples are bare-handed.
        """
        action = {"blow": "strike", "grapple": "grapple", "break_free": "break_free"}[kind]
        if kind == "break_free":
            if f.held_by is None:
                self.refuse(t, f, "break_free", "not_held", None, "", count)
                return None
            target = self.fighters[f.held_by]
        else:
            target = self.fighters[target_name]
        if target.down:
            self.refuse(t, f, action, "target_down", target.name, target.condition, count)
            return None
        yards = round(math.dist(f.pos, target.pos), 2)
        reach = reach_yards()
        if kind != "break_free" and yards > reach + 1e-9:
            self.refuse(t, f, action, "out_of_reach", target.name,
                        f"{yards:.1f} yards", count)  # the reach: the reason's own words
            return None
        if kind == "grapple":
            if f.held_by is not None:
                self.refuse(t, f, "grapple", "held", target.name, f.held_by, count)
                return None
            if f.holding == target.name:
                self.refuse(t, f, "grapple", "already_holding", target.name, "", count)
                return None
            if f.holding is not None:
                self.refuse(t, f, "grapple", "holding", target.name, f.holding, count)
                return None
            if target.held_by is not None:
                self.refuse(t, f, "grapple", "already_held", target.name, target.held_by,
                            count)
                return None
        if kind == "blow":
            wt, idx = self.blow_weapon(f, weapon_ref)
            name = self.weapon_name(f, wt, idx)
        else:
            wt, name = tables.fists(), tables.fists().name
        skill = getattr(f.c.skills, wt.skill)
        parts = (Modifier("coo", f.c.attributes.coo), Modifier(wt.skill, skill))
        mods = self.blow_modifiers(t, f, target, kind, intents)
        base = sum(m.value for m in parts)
        chance = base + sum(m.value for m in mods)
        mine = intents.get(f.name)
        aim = (mine.aim if mine and mine.aim else None) or f.c.aim
        return PreparedBlow(t, f, target, action, wt, name, number, yards, parts, base, mods,
                            chance, count, aim)

    def blow_modifiers(self: Any, t: int, f: Fighter, target: Fighter, kind: str,
                       intents: dict[str, Intent]) -> tuple[Modifier, ...]:
        """The modifiers of a hand-to-hand chance (errata B19), in Table 2's order: the target
        evading (or dropping prone), the attacker's movement, his wounds; then a held attacker's
        -4 (striking) or -2 (breaking free), and +4 against a held man. A GM ruling may cancel
        any of them by name (``cancel_modifier``)."""
        m = tables.hit_modifier
        hh = tables.hand_to_hand()["chance"]
        cancelled = dict((r.cancel_modifier.modifier, r.why or "GM ruling")
                         for r in self.rulings(t, "cancel_modifier")
                         if r.cancel_modifier.character == f.name)
        out: list[Modifier] = []

        def add(name: str, value: int, source: str = "table", times: int = 1) -> None:
            if name in cancelled:
                out.append(Modifier(name, 0, "ruling", cancelled[name], times))
            else:
                out.append(Modifier(name, value, source, "", times))

        theirs = intents.get(target.name)
        if theirs is not None and theirs.move is not None and not target.down and \
                target.held_by is None and (  # a held man cannot evade
                    theirs.move.drop_prone or theirs.move.gait == "evading"):
            add("target_evading", m("target_evading"))
        mine = intents.get(f.name)
        gait = mine.move.gait if mine is not None and mine.move is not None else None
        if f.held_by is not None:
            gait = None  # a held man does not move (his move is refused), B19
        if gait in hit.SHOOTER_GAIT:  # Table 2's shooter movement, for the attacker
            add(f"attacker_{gait}", m(hit.SHOOTER_GAIT[gait]))
        light, serious = f.count("light"), f.count("serious")
        if light:
            pen = self.house.light_wound_penalty
            add("light_wound", pen * light,
                "table" if pen == m("light_wound") else "house rule", light)
        if serious:
            add("serious_wound", m("serious_wound") * serious, "table", serious)
        if f.held_by is not None and kind == "blow":
            add("held_strikes", hh["held_strikes"])
        if kind == "break_free":
            add("held_breaks_free", hh["held_breaks_free"])
        if kind != "break_free" and target.held_by is not None:
            add("against_held", hh["against_held"])
        return tuple(out)

    def resolve_blow(self: Any, p: PreparedBlow) -> str:
        """Roll the d20 of a prepared blow, grapple or break-free (1 and 20 as B4, no
        misfire), emit it, and resolve a hit: bruise points, a blade's wound, a hold taken or
        broken. Returns "hit" or "miss"."""
        t, f, target, chance = p.turn, p.attacker, p.target, p.chance
        roll = self.roll(f.name, "to_hit", 20)
        luck_roll = luck = None
        if roll == 20:
            result = "miss"
            if chance >= 20:
                luck = f.c.attributes.luck
                luck_roll = self.roll(f.name, "luck", 20)
                result = "hit" if luck_roll <= luck else "miss"
        elif roll == 1 and chance < 1:
            luck = f.c.attributes.luck
            luck_roll = self.roll(f.name, "luck", 20)
            result = "hit" if luck_roll <= luck else "miss"
        else:
            result = "hit" if roll <= chance else "miss"
        wt = p.weapon
        if self.record:
            self.emit(BlowStruck(t, p.count, f.name, target.name, p.action, p.weapon_name, wt.type,
                                 wt.damage, p.number, p.yards, p.parts, p.base, p.mods, chance,
                                 roll, luck_roll, luck, result))
        if result != "hit":
            return result
        if p.action == "grapple":
            if target.held_by is None and not target.down:
                target.held_by, f.holding = f.name, target.name
                self.hold_taken = True
                if self.record:
                    self.emit(HoldChanged(t, p.count, f.name, target.name, "taken"))
        elif p.action == "break_free":
            self.end_hold(t, target, "broken", p.count)
        elif wt.damage == "bruise":
            self.bruise(t, f, target, wt, p.weapon_name, "blow", p.count)
        else:
            self.blade_wound(t, f, target, wt, p.aim)
        self.holds_after(t, p.count)
        return result

    def bruise(self: Any, t: int, f: Fighter, target: Fighter, wt: WeaponType,
               weapon_name: str, cause: str, count: int | None) -> None:
        """Bruise points (errata B19): a blow's d6 + the weapon's bonus + 1 for STR 15 or more,
        a 6 knocking the man down; a throw's d6 - 2 (never below 0), leaving him prone. Above
        STR with his wound points, he is knocked cold. A man knocked down ends any hold he is
        in, as holder or held (ruling BN5: "hold_changed" with "knocked_down")."""
        b = tables.hand_to_hand()["bruise"]
        d6 = self.roll(f.name, "bruise", 6)
        if cause == "throw":
            mods: tuple[Modifier, ...] = (
                Modifier("throw", tables.hand_to_hand()["throw"]["bruise_modifier"]),)
        else:
            mods = bruise_terms(wt, f.c.attributes.str_)
        points = max(0, d6 + sum(m.value for m in mods))
        knocked = cause == "blow" and d6 == b["knockdown_roll"]
        target.bruise_points += points
        if knocked or cause == "throw":
            target.prone = True
            target.mounted = False
        if self.record:
            self.emit(BruiseTaken(t, count, target.name, f.name, weapon_name, cause, d6, mods,
                                  points, target.bruise_points, target.wound_points,
                                  target.capacity, knocked, target.prone))
        if knocked:  # knocked off his feet, he loses his hold or is torn from it (BN5)
            if target.holding is not None:
                self.end_hold(t, target, "knocked_down", count)
            if target.held_by is not None:
                self.end_hold(t, self.fighters[target.held_by], "knocked_down", count)
        if target.condition == "active" and target.hurt_points > target.capacity:
            target.condition = "passed_out"
            target.mounted = False
            if self.record:
                self.emit(KnockedOut(t, target.name, target.bruise_points, target.wound_points,
                                     target.capacity))

    def blade_wound(self: Any, t: int, f: Fighter, target: Fighter, wt: WeaponType,
                    aim: str) -> None:
        """A blade's hit (errata B19): location d20 shifted by up to the Blades skill (a
        careful shot at short range, Table 13), no cover at arm's length (ruled), severity d6 +
        the blade's wound modifier with the Table 12 location modifiers, mortal wounds as B8."""
        skill = f.c.skills.blades
        max_shift = tables.location_shift("careful", "short", skill)
        shift = {"vitals": max_shift, "limbs": -max_shift, "none": 0}[aim]
        roll = self.roll(f.name, "location", 20)
        total = max(1, min(20, roll + shift))
        loc = tables.location(total)
        num, den = tables.wounds()["location_modifiers"]["careful"]["short"]
        if self.record:
            self.emit(LocationRolled(t, f.name, target.name, roll, aim, shift, "blades", skill,
                                     f"{num}/{den}" if num else "0", total, loc, None, None))
        extra = [Modifier("weapon", wt.wound_modifier)] if wt.wound_modifier else []
        self.wound(t, target, f.name, "blade", loc, extra, f.name)

    def throw(self: Any, t: int, f: Fighter, count: int | None) -> bool:
        """The holder throws the man he holds (errata B19): no roll to hit (ruled), he lands
        prone with d6 - 2 bruise points, and the hold ends. Always True (one action)."""
        if f.holding is None:
            self.refuse(t, f, "throw", "not_holding", None, "", count)
            return True
        target = self.fighters[f.holding]
        self.end_hold(t, f, "thrown", count)
        self.bruise(t, f, target, tables.fists(), "a throw", "throw", count)
        self.holds_after(t, count)
        return True

    # ------------------------------------------------------------------ holds
    def end_hold(self: Any, t: int, holder: Fighter, change: str,
                 count: int | None) -> None:
        """End ``holder``'s hold, emitting ``hold_changed`` with ``change``."""
        if holder.holding is None:
            return
        held = self.fighters[holder.holding]
        holder.holding = None
        held.held_by = None
        if self.record:
            self.emit(HoldChanged(t, count, holder.name, held.name, change))

    def holds_after(self: Any, t: int, count: int | None) -> None:
        """A hold ends when either man goes down (errata B19, ruled)."""
        if not self.hold_taken:
            return
        for f in self.fighters.values():
            if f.holding is not None and (f.down or self.fighters[f.holding].down):
                self.end_hold(t, f, "ended", count)

    def lets_go(self: Any, t: int, f: Fighter, count: int | None = None) -> None:
        """A holder who moves or shoots lets go of the man he holds (ruled, B19)."""
        if f.holding is not None:
            self.end_hold(t, f, "released", count)

    def held_refusal(self: Any, t: int, f: Fighter, action: str,
                     count: int | None = None) -> bool:
        """A held man cannot move (errata B19): emit the refusal. Returns True if held."""
        if f.held_by is None:
            return False
        if self.record:
            self.emit(ActionRefused(t, count, f.name, action, "held", f.held_by, ""))
        return True
