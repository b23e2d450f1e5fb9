"""Boot Hill shootout turns: one second, six counts (000 l.177-221, Tables 4-8; 001 l.16-27;
errata B13-B15).

Each character has a cursor, the absolute count at which his last action finished; declared
actions follow one another from it, each finishing after its Table 5 counts. Counts past 6
carry into the next shootout turn. On each count the actors go by speed (Table 6); equal
speeds fire at the same moment, against the state before either shot lands.

May import: narrator.events, narrator.rulesets.boothill.*.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from narrator.events import Modifier, OtherAction

from narrator.rulesets.boothill.events import (

    ActionsLost, ActionsUnfinished, CountResolved, CountsPlanned, DrawMade, PlannedAction,

    SpeedNote, TargetSwitched,

)
from narrator.rulesets.boothill import melee, tables
from narrator.rulesets.boothill.shot import SHOOTOUT
from narrator.rulesets.boothill.state import Action, Fighter, FightView, PreparedShot
from narrator.rulesets.boothill.scenario import Intent


SPEED_GAIT = {"walking": "walking", "trotting": "trotting", "running": "running",
              "galloping": "galloping"}
WEAPON_SPEED_COUNTS = {"vfast": 0, "fast": 1, "average": 2, "slow": 3, "vslow": 4}
TWENTY_FEET_YARDS = 20 / 3

# Memos of pure functions of a few names and numbers (the Table 5 counts of an action, the
# Table 6 speed modifiers): a shootout turn asks them on every count. Bounded; emptied by the
# tests (conftest) like the other memos.
_COUNTS: dict[tuple, int] = {}
_SPEED_MODS: dict[tuple, tuple[tuple[Modifier, ...], int]] = {}  # (modifiers, their sum)
_MEMO_MAX = 20_000
_PLANS_MAX = 50_000  # (``plan``'s shared actions: as ``fight._DECISIONS_MAX``)


def wants_shootout(fight: FightView, intents: dict[str, Intent]) -> bool:
    """Default kind of turn (001 l.8-12): shootout when anyone declares a steady, hip or fanned
    shot, or a shot at an enemy within 20 feet, or when a man who declares nothing new has
    shootout actions carried over from the last turn (errata B13: they come in it); otherwise
    a combat turn."""
    # (loops, not any() of generators: asked at every planning and turn)
    fighters = fight.fighters
    if fight.last_kind == "shootout":
        for f in fighters.values():
            if f.queue and f.condition == "active" and f.name not in intents:  # (up)
                return True
    for name, intent in intents.items():
        f = fighters[name]
        if intent.shoot is None or f.condition != "active":  # (down)
            continue
        shots = intent.shots
        if isinstance(shots, list):
            for s in shots:
                if s != "careful":
                    return True
        targets = [intent.shoot] if isinstance(intent.shoot, str) else intent.shoot
        for tgt in targets:
            if math.dist(f.pos, fight.fighters[tgt].pos) <= TWENTY_FEET_YARDS:
                return True
    return False


def start_cursor(fight: FightView, f: Fighter) -> int:
    """The count from which ``f``'s actions follow one another in the shootout turn about to
    begin, relative to its count 0 (what ``shootout_turn`` sets): 0 after a combat turn or at
    the start of the fight; else his cursor carried from the last shootout turn, six counts
    back, and not before count 0 when nothing of his is queued (an idle man's new action
    starts with the turn; errata B13). Tactics plan their shot lists from it."""
    if fight.last_kind != "shootout":
        return 0
    cursor = f.cursor - 6
    return cursor if f.queue else max(cursor, 0)


class ShootoutTurns:
    """Mixin for BootHillFight: the shootout turn (``self`` is the fight; this module never
    imports it)."""

    def shootout_turn(self: Any, t: int, intents: dict[str, Intent]) -> None:
        """One one-second shootout turn of six counts."""
        if not self.record and self.fast_loop and not self.melee_planned:
            for i in intents.values():  # (a loop, not any(): asked every shootout turn)
                if i.melee:
                    break
            else:  # guns only: the lean path's own loop (the same rules, the same dice)
                return self.lean_shootout_turn(t, intents)
        fresh = self.last_kind != "shootout"
        self.count_base = 0 if fresh else self.count_base + 6
        for f in self.fighters.values():  # (``start_cursor``: kept relative to count 0)
            if fresh:
                f.cursor = 0
                f.queue = []
            else:
                cursor = f.cursor - 6
                f.cursor = cursor if f.queue or cursor > 0 else 0
        ranked, winner = self.begin_turn(t, "shootout", 1, intents)
        brawl = False
        for i in intents.values():  # (a loop, not any(): asked every shootout turn)
            if i.melee:
                brawl = True
                break
        for side in (ranked if brawl else ()):  # a brawler moves into reach first (B19)
            for f in self.side_order(side, t):
                intent = intents.get(f.name)
                if intent is not None and intent.melee and intent.move is not None \
                        and not f.down:
                    self.move(t, f, intent.move, "shootout")
        for f in self.fighters.values():
            f.shots_this_turn = 0
            intent = intents.get(f.name)
            if intent is None or f.condition != "active":  # (down)
                continue
            if not self.record:  # (what follows only tells what was given up)
                f.queue = self.plan(t, f, intent)
                continue
            carried = self.unfinished(t, f, "redeclared") if f.queue else None
            first = next((a for a in f.queue if a.kind != "draw"), None)
            f.queue = self.plan(t, f, intent)
            again = next((a for a in f.queue if a.kind != "draw"), None)
            if carried is not None and not (
                    first is not None and again is not None and first.kind == again.kind
                    and first.shot_type == again.shot_type
                    and (first.target == again.target or self.fighters[first.target].down)):
                self.emit(carried)  # declaring anew gives up what was carried (B13, l.197)
        due = self.start_draws(t, 0)
        if self._dark:
            self.dark_shots_due(t, intents)
        if self.record:
            self.emit_schedule(t)
        # only the counts on which something is due are resolved: on any other count
        # ``run_count`` and ``start_draws`` would do nothing (and nothing queued: nothing
        # more this turn; only a queue adds to itself)
        c = max(due, 1)
        while c <= 6:
            self.run_count(t, c, intents)
            c = max(self.start_draws(t, c), c + 1)
        for f in self.fighters.values() if self.record else ():  # (records only)
            if f.queue and not f.down:  # what the six counts did not reach
                self.emit(self.unfinished(t, f, "last_turn" if t == self.total_turns
                                          else "carried"))
        in_order = self.in_fire_order(ranked, t)
        for _, f in in_order:
            if f.condition == "active":  # (up)
                intent = intents.get(f.name)
                if intent is None or not (intent.reload or intent.clear_jam or intent.other):
                    f.reload_streak = 0  # (``shootout_other_actions``: nothing to do)
                    continue
                self.shootout_other_actions(t, f, intent)
        for _, f in in_order:
            intent = intents.get(f.name)
            if intent is not None and intent.move is not None \
                    and f.condition == "active" and not intent.melee:  # (up)
                self.move(t, f, intent.move, "shootout")
        self.pick_ups(t, ranked, intents)
        self.elapsed += 1
        self.end_turn(t)

    # ------------------------------------------------------------------ the lean loop
    def lean_shootout_turn(self: Any, t: int, intents: dict[str, Intent]) -> None:
        """``shootout_turn`` on the lean path (no records) when nobody comes to blows this
        turn and no hand-to-hand action was ever queued (``melee_planned``): the same turn,
        the same dice in the same order, the counts fought by ``lean_counts`` in one loop.
        ``tests/test_lean_loop.py`` fights every turn both ways and compares them."""
        fighters = self.fighters
        men = fighters.values()
        if self.last_kind != "shootout":
            self.count_base = 0
            for f in men:
                f.cursor = 0
                f.queue = []
        else:
            self.count_base += 6
            for f in men:  # (``start_cursor``: kept relative to count 0)
                cursor = f.cursor - 6
                f.cursor = cursor if f.queue or cursor > 0 else 0
        ranked, winner = self.begin_turn(t, "shootout", 1, intents)
        plan = self.plan
        get = intents.get
        for f in men:
            f.shots_this_turn = 0
            intent = get(f.name)
            if intent is None or f.condition != "active":  # (down)
                continue
            f.queue = plan(t, f, intent)
        if self._dark:  # (``start_draws(t, 0)``: the lean count loop's first, made here)
            for f in men:
                if f.queue and f.queue[0].kind == "draw" and f.cursor <= 0 \
                        and f.condition == "active":
                    self.draws(t, f, 0)
            self.dark_shots_due(t, intents)
        if self._aimed is not None:  # (no blow this turn: nobody moves while they shoot)
            self._aim_now = {}
        self.lean_counts(t, intents)
        self._aim_now = None
        in_order = self.in_fire_order(ranked, t)
        moving = False
        for _, f in in_order:
            intent = get(f.name)
            if intent is None:
                if f.condition == "active":
                    f.reload_streak = 0
                continue
            if intent.move is not None:
                moving = True
            if f.condition == "active":  # (up)
                if not (intent.reload or intent.clear_jam or intent.other):
                    f.reload_streak = 0  # (``shootout_other_actions``: nothing to do)
                    continue
                self.shootout_other_actions(t, f, intent)
        if moving:
            for _, f in in_order:
                intent = get(f.name)
                if intent is not None and intent.move is not None \
                        and f.condition == "active":  # (up; nobody comes to blows)
                    self.move(t, f, intent.move, "shootout")
        self.pick_ups(t, ranked, intents)
        self.elapsed += 1
        self.end_turn(t)

    def lean_counts(self: Any, t: int, intents: dict[str, Intent]) -> None:
        """The six counts of a lean shootout turn (``lean_shootout_turn``): ``start_draws``
        and ``run_count`` on the counts something is due, in one loop, without records and
        without hand-to-hand actions (none queued: the caller's condition)."""
        fighters = self.fighters
        men = fighters.values()
        counts = self.action_counts
        kept = _COUNTS
        by_speed = self.house.weapon_speed_counts  # (the memo's key then has the gun's speed)
        prepare = self.prepare
        lean_shot = self.lean_shot
        fire_ready = self.fire_ready
        speeds: dict[int, tuple[int, int]] = {}  # his order -> (wounds, speed modifiers)
        c = 0
        while True:
            # ``start_draws(t, c)``
            due = 7
            heads = []
            for f in men:
                queue = f.queue
                if not queue or f.condition != "active":  # (down)
                    continue
                first = queue[0]
                if first.kind == "draw":
                    if f.cursor <= c:
                        self.draws(t, f, c)
                        if not queue:
                            continue
                        first = queue[0]
                    if first.kind == "draw":
                        at = f.cursor
                        if at < due:
                            due = at
                        continue
                known = None if by_speed else kept.get(  # (``action_counts``' memo)
                    (first.kind, first.shot_type, first.extra, f.fresh_draw, f.cocked, None))
                at = f.cursor + (counts(f, first) if known is None else known)
                heads.append((f, first, at))
                if at < due:
                    due = at
            c = due if due > c + 1 else c + 1
            if c > 6:
                return
            # ``run_count(t, c, intents)``
            acting = []
            for f, action, at in heads:
                if at > c:
                    continue
                if action.kind == "shot" and \
                        fighters[action.volley[0].target].condition != "active":  # (down)
                    self.switch(t, c, f, action, intents)  # the switch pushes the shot a count on
                    continue
                acting.append((f, action))
            if not acting:
                continue
            if len(acting) == 1:  # (one man acts: no speeds to compare)
                groups = (acting,)
            else:  # sorted and grouped by (-speed, order): a man's order is his own
                keyed = []
                for fa in acting:
                    # (``speed_parts``: his base, and the modifiers kept for the turn by his
                    # wounds, the only thing they read that changes meanwhile)
                    f = fa[0]
                    if f.fresh_draw and f.fd_speed is not None and fa[1].kind == "shot":
                        base = f.fd_speed
                    else:
                        base = f.coo
                    n = len(f.wounds)
                    got = speeds.get(f.order)
                    if got is None or got[0] != n:
                        _, was, _, speed = self.speed_parts(f, fa[1], intents)
                        got = speeds[f.order] = (n, speed - was)
                    keyed.append((-(base + got[1]), f.order, fa))
                keyed.sort()
                groups = []
                last = None
                for s, _, fa in keyed:
                    if groups and s == last:
                        groups[-1].append(fa)
                    else:
                        groups.append([fa])
                        last = s
            fired = False  # (a shot resolved this count: someone may have gone down)
            for group in groups:
                ready = []
                for f, action in group:
                    if f.condition != "active":  # (down)
                        continue
                    prepared = []
                    if action.kind == "shot":
                        if fighters[action.volley[0].target].condition != "active":  # (down)
                            self.switch(t, c, f, action, intents)  # struck down by a faster
                            continue                               # shot this count
                        n = f.shots_this_turn + 1  # (``next_shot_number``)
                        for k, planned in enumerate(action.volley):
                            p = prepare(t, f, planned, n + k, intents, c, True)
                            if p is not None:
                                prepared.append(p)
                    ready.append((f, action, prepared))
                if fire_ready(t, c, ready, lean_shot):
                    fired = True
            # anyone struck down this count loses what he had left (once the count is over:
            # meanwhile nothing reads the queue of a man who is down, and only a shot puts a
            # man down here)
            if fired:
                for f in men:
                    if f.queue and f.condition != "active":  # (down)
                        f.queue = []

    def unfinished(self: Any, t: int, f: Fighter, why: str) -> ActionsUnfinished:
        """``f``'s queued actions as an ``ActionsUnfinished`` event (``why`` as there), the
        first due on the count its Table 5 counts end (at least 1), counted from turn ``t``'s
        count 1."""
        first = f.queue[0]
        due = f.cursor + (self.action_counts(f, first) if first.kind != "draw" else 0)
        return ActionsUnfinished(t, f.name, tuple(a.shot_type or a.kind for a in f.queue),
                                 max(1, due), why)

    def plan(self: Any, t: int, f: Fighter, intent: Intent) -> list[Action]:
        """The declared actions in order: a draw if the gun is not in hand, a cock, the shots
        (``BootHillFight.plan_volleys``, the same plan as a combat turn's), each change of
        target on the way costing its Table 5 count. Nothing when the shooter holds his fire
        (``holds_fire``: evading, dropping prone, reloading...)."""
        if intent.melee is not None:
            return self.plan_melee(t, f, intent)  # hand to hand (errata B19)
        if intent.weapon is not None:
            idx = self.weapon_index(f, intent.weapon)
            if idx != f.current_weapon:
                f.current_weapon = idx
                f.drawn = False
        if intent.shoot is None:
            return []
        if (intent.move is not None or intent.reload or intent.clear_jam or intent.pick_up) \
                and self.holds_fire(t, f, intent, SHOOTOUT):  # (only these make him hold it)
            return []
        plans = self._plans
        if plans is None:
            return self.plan_shots(t, f, intent)
        # The lean path: the actions planned before from the same intent (the same object:
        # the engine never changes one), the same gun in hand, drawn or not, the same
        # weapons (a picked-up weapon comes at the end) are the same actions, shared; a
        # switch of target copies them before it changes them (``switch``). Kept with the
        # scenario's decisions (``_decisions``); the intent kept with them, so its id is
        # not another's.
        key = ("plan", id(intent), f.order, f.current_weapon, f.drawn, len(f.weapons))
        got = plans.get(key)
        if got is not None and got[0] is intent:
            if f.holding is not None:
                self.lets_go(t, f)  # a holder who shoots lets go (errata B19, ruled)
            return list(got[1])
        actions = self.plan_shots(t, f, intent)
        if len(plans) >= _PLANS_MAX:
            plans.clear()  # (the decisions kept too: made again as met)
        plans[key] = (intent, tuple(actions))
        return actions

    def plan_shots(self: Any, t: int, f: Fighter, intent: Intent) -> list[Action]:
        """``plan``'s actions for a man who shoots (not holding his fire), his gun in hand."""
        actions: list[Action] = []
        volleys = self.plan_volleys(t, f, intent, SHOOTOUT)
        if f.holding is not None:
            self.lets_go(t, f)  # a holder who shoots lets go (errata B19, ruled)
        if not f.drawn:
            kind = intent.draw or ("fast" if f.c.skills.fast_draw > 0 else "normal")
            if kind == "fast" and f.c.skills.fast_draw <= 0:
                kind = "normal"
            actions.append(Action("draw", draw=kind, redraw=intent.redraw))
        if intent.cock:
            actions.append(Action("cock"))
        last = None
        for volley in volleys:
            action = Action("shot", shot_type=volley[0].shot_type, volley=volley)
            if last is not None and volley[0].target != last:
                action.extra = SHOOTOUT.switch_counts
                action.switch_from = last
            last = volley[0].target
            actions.append(action)
        return actions

    def start_draws(self: Any, t: int, c: int) -> int:
        """Draws begin when a character's cursor reaches them; a fast draw's roll is made then.

        Returns the first count on which anything of a man up is due after that: a draw
        starts when his cursor reaches it; any other action on the count its Table 5 counts
        end (``run_count``), or 7 when nothing is queued (the count may be ``c`` or before:
        due on the next count)."""
        due = 7
        heads = self._heads = []  # (``run_count`` on the next count: nothing changes before)
        for f in self.fighters.values():
            queue = f.queue
            if not queue or f.condition != "active":  # (down)
                continue
            if queue[0].kind == "draw" and f.cursor <= c:
                self.draws(t, f, c)
            if queue:
                first = queue[0]
                if first.kind == "draw":
                    at = f.cursor
                else:
                    at = f.cursor + self.action_counts(f, first)
                    heads.append((f, first, at))
                if at < due:
                    due = at
        return due

    def draws(self: Any, t: int, f: Fighter, c: int) -> None:
        """The draws at the head of ``f``'s queue that his cursor has reached by count ``c``
        (``start_draws``; the lean count loop's too): a fast draw's roll is made then, and a
        failed one is drawn again as declared (B18(f))."""
        queue = f.queue
        while queue and queue[0].kind == "draw" and f.cursor <= c:
            action = f.queue.pop(0)
            ws = f.weapons[f.current_weapon]
            start = f.cursor
            skill = f.c.skills.fast_draw
            if action.draw == "fast":
                roll = self.roll(f.name, "fast_draw", 20)
                luck_roll = None
                ok = roll <= skill
                if roll == 20 and skill >= 20:
                    luck_roll = self.roll(f.name, "luck", 20)
                    ok = luck_roll <= f.c.attributes.luck
                elif roll == 20:
                    ok = False
                counts = tables.combat()["shootout_actions"][
                    "fast_draw_success" if ok else "fast_draw_failed"]
                f.cursor = start + counts
                if ok:
                    f.drawn = True
                    f.fresh_draw = True
                    f.fd_speed = roll + max(0, skill - 20)
                elif self.house.failed_fast_draw_ready:
                    f.drawn = True
                    f.fresh_draw = True
                    f.fd_speed = None
                else:  # he draws again as declared, fast by default (B18(f), 000 l.215)
                    again = action.redraw or "fast"
                    if again == "fast" and skill <= 0:
                        again = "normal"
                    f.queue.insert(0, Action("draw", draw=again, redraw=action.redraw))
                if self.record:
                    self.emit(DrawMade(t, f.name, "fast", ws.name, skill, roll, luck_roll, ok,
                                       counts, start, f.cursor, ws.wt.arm))
            else:
                counts = tables.combat()["shootout_actions"]["normal_draw"]
                f.cursor = start + counts
                f.drawn = True
                f.fresh_draw = True
                f.fd_speed = None
                if self.record:
                    self.emit(DrawMade(t, f.name, "normal", ws.name, skill, None, None, True,
                                       counts, start, f.cursor, ws.wt.arm))

    def action_counts(self: Any, f: Fighter, action: Action) -> int:
        """Table 5 counts of an action (errata B13; the weapon_speed_counts house rule): the
        sum of ``count_parts``, memoized on everything it reads."""
        # (the gun's speed counts only under the house rule: None without it)
        key = (action.kind, action.shot_type, action.extra, f.fresh_draw, f.cocked,
               f.weapons[f.current_weapon].wt.speed if self.house.weapon_speed_counts
               else None)
        n = _COUNTS.get(key)
        if n is None:
            if len(_COUNTS) >= _MEMO_MAX:
                _COUNTS.clear()
            n = _COUNTS[key] = sum(m.value for m in self.count_parts(f, action, f.fresh_draw,
                                                                      f.cocked))
        return n

    def count_parts(self: Any, f: Fighter, action: Action, fresh: bool,
                    cocked: bool) -> tuple[Modifier, ...]:
        """The Table 5 counts of an action, named (each a Modifier whose value is counts):
        the cock or the shot type, a change of target, a cocked gun's saving (not for a fanned
        shot), the weapon's speed for the first action after a draw (house rule). ``fresh``:
        the gun was just drawn; ``cocked``: it is cocked (the state before the action)."""
        sa = tables.combat()["shootout_actions"]
        if action.kind in melee.MELEE_KINDS:  # errata B19: a blow 2 counts, a grapple 3
            return (Modifier(action.kind, melee.action_counts(action.kind)),)
        if action.kind == "cock":
            parts = [Modifier("cock", sa["cock"])]
        else:
            parts = [Modifier(action.shot_type, tables.shot_counts(action.shot_type))]
        if action.extra:
            parts.append(Modifier("switch_target", action.extra))
        if action.kind != "cock" and cocked and action.shot_type != "fanned":
            parts.append(Modifier("cocked", -sa["cocked_saving"]))
        if action.kind != "cock" and fresh and self.house.weapon_speed_counts:
            speed = f.weapons[f.current_weapon].wt.speed
            parts.append(Modifier(f"weapon_{speed}", WEAPON_SPEED_COUNTS[speed], "house rule",
                                  "weapon_speed_counts"))
        return tuple(parts)

    def dark_shots_due(self: Any, t: int, intents: dict[str, Intent]) -> None:
        """Firing from complete darkness always causes complete surprise (000 l.541, B17) in
        a shootout turn: the targets of the shots of a man in darkness that come this turn,
        by the schedule once count 0's draws are made (``emit_schedule``'s: each queued
        action one after another from his cursor, due by count 6), carried over from the
        turn before or declared now, are completely surprised (-4 speed, Table 6). A shot
        due past count 6, or behind a draw still to come (a fumbled fast draw), never comes
        this turn: it surprises nobody (ruling BN8; a fresh user, session 22: Hiram was told
        surprised by Luis's careful shot, due on count 9)."""
        for f in self.fighters.values():
            if not f.in_darkness or f.condition != "active" or not f.queue:
                continue
            at, fresh, cocked = f.cursor, f.fresh_draw, f.cocked
            for a in f.queue:
                if a.kind == "draw":
                    break
                at = max(1, at + sum(m.value for m in self.count_parts(f, a, fresh, cocked)))
                if at > 6:
                    break
                if a.kind == "cock":
                    cocked = True
                    continue
                fresh = cocked = False
                if a.kind == "shot":
                    for p in a.volley:
                        self.surprise_in_dark(t, f, p.target, intents)

    def emit_schedule(self: Any, t: int) -> None:
        """The count schedule (``CountsPlanned``) once count 0's draws are made: each queued
        shot and cock, one after another from the shooter's cursor, as if nothing intervened.
        A draw still to come (a fumbled fast draw drawn again later) ends his schedule, listed
        as a "draw" due when it starts: its cost is known only when it is rolled."""
        plan: list[PlannedAction] = []
        for f in self.fighters.values():
            if f.down:
                continue
            at, fresh, cocked = f.cursor, f.fresh_draw, f.cocked
            for a in f.queue:
                if a.kind == "draw":  # drawn again later: what follows waits on that roll
                    plan.append(PlannedAction(f.name, "draw", None, None, at, at, ()))
                    break
                parts = self.count_parts(f, a, fresh, cocked)
                due = max(1, at + sum(m.value for m in parts))  # carried counts: count 1 at once
                plan.append(PlannedAction(f.name, a.kind, a.shot_type, a.target, at, due, parts))
                at = due
                if a.kind == "cock":
                    cocked = True
                else:  # any shot lets the hammer fall, a fanned one too (B13)
                    fresh = False
                    cocked = False
        if plan:
            if self.record:
                self.emit(CountsPlanned(t, tuple(plan)))

    def speed(self: Any, f: Fighter, action: Action,
              intents: dict[str, Intent]) -> SpeedNote:
        """Speed on a count (Table 6, errata B14): the base (COO, or a fresh fast draw's roll)
        and the modifiers of ``_speed_modifiers`` (memoized on what they read)."""
        base_name, base, mods, total = self.speed_parts(f, action, intents)
        return SpeedNote(f.name, action.shot_type or action.kind, action.target, base_name, base,
                         mods, total)

    def speed_parts(self: Any, f: Fighter, action: Action, intents: dict[str, Intent]
                    ) -> tuple[str, int, tuple[Modifier, ...], int]:
        """``speed``'s base name and value, modifiers and speed (no note made)."""
        if f.fresh_draw and f.fd_speed is not None and action.kind == "shot":
            base_name, base = "fast_draw_roll", f.fd_speed
        else:
            base_name, base = "coo", f.coo
        intent = intents.get(f.name)
        gait = intent.move.gait if intent and intent.move else None
        cls = f.weapons[f.current_weapon].wt.speed
        if action.kind in melee.MELEE_KINDS:  # the blow's weapon, not the gun (errata B19)
            cls = self.blow_weapon(f, action.weapon_ref)[0].speed
        if f.wounds:  # (``count("light")``, ``count("serious")``, in one pass)
            light, serious, _, _ = f.wound_summary()
        else:
            light = serious = 0
        key = (gait, light, serious, f.name in self.dark_surprised,
               intent.surprised if intent else None, bool(intent and intent.two_guns), cls)
        got = _SPEED_MODS.get(key)
        if got is None:
            if len(_SPEED_MODS) >= _MEMO_MAX:
                _SPEED_MODS.clear()
            mods = _speed_modifiers(*key)
            got = _SPEED_MODS[key] = (mods, sum(m.value for m in mods))
        return base_name, base, got[0], base + got[1]

    def switch(self: Any, t: int, c: int, f: Fighter, action: Action,
               intents: dict[str, Intent]) -> bool:
        """The shot's target is down: turn on another (``BootHillFight.retarget``, the same rule
        as a combat turn's; ``intents``: the turn's, for the gaits of the chance to hit), one
        count later (Table 5). Returns False when nobody is left: his shots are dropped."""
        if self._plans is not None:  # (the lean path: his actions are shared, ``plan``;
            queue = []               #  the shots changed below are his own copies)
            for a in f.queue:
                if a.kind == "shot":
                    own = dataclasses.replace(
                        a, volley=[dataclasses.replace(s) for s in a.volley])
                    if a is action:
                        action = own
                    a = own
                queue.append(a)
            f.queue = queue
        queued = [s for a in f.queue if a.kind == "shot" for s in a.volley]
        old = action.target
        if self.retarget(t, f, old, action.volley[0], SHOOTOUT, c, queued, intents) is None:
            f.queue = [a for a in f.queue if a.kind != "shot"]
            return False
        action.extra += SHOOTOUT.switch_counts
        action.switch_from = None  # this switch is the one told
        return True

    def run_count(self: Any, t: int, c: int, intents: dict[str, Intent]) -> None:
        """Resolve one count: who acts, in order of speed, equal speeds together. The men
        up with an action first in their queue that is not a draw, and the count it is due
        on, are ``start_draws``' (called just before, on the count before: nothing changed
        since)."""
        due: list[tuple[Fighter, Action]] = []
        fighters = self.fighters
        for f, action, at in self._heads:
            if at > c:
                continue
            kind = action.kind
            if kind == "shot":  # (``action.target``: a shot's volley is never empty)
                if fighters[action.volley[0].target].condition != "active":  # (down)
                    self.switch(t, c, f, action, intents)  # the switch pushes the shot a count on
                    continue
            elif kind in melee.MELEE_KINDS and action.melee_target is not None \
                    and self.fighters[action.melee_target].down:
                self.refuse(t, f, "strike" if action.kind == "blow" else action.kind,
                            "target_down", action.melee_target,
                            self.fighters[action.melee_target].condition, c)
                f.queue.pop(0)
                f.cursor = c
                continue
            if action.switch_from is not None and self.record:  # a declared change of
                # target (Table 5), told once (no records: nothing reads it; and the lean
                # path's actions are shared, ``plan``)
                self.emit(TargetSwitched(t, c, f.name, action.switch_from, action.target,
                                         SHOOTOUT.switch_counts, False))
                action.switch_from = None
            due.append((f, action))
        if not due:
            return
        groups: list[list[tuple[Fighter, Action]]] = []
        if self.record:
            notes = {f.name: self.speed(f, a, intents) for f, a in due}
            speeds = {name: note.speed for name, note in notes.items()}
            due.sort(key=lambda fa: (-speeds[fa[0].name], fa[0].order))
            for fa in due:
                if groups and speeds[groups[-1][0][0].name] == speeds[fa[0].name]:
                    groups[-1].append(fa)
                else:
                    groups.append([fa])
        elif len(due) == 1:  # (one man acts: no speeds to compare, and none to tell)
            groups.append(due)
        else:  # (no records: sorted and grouped as above, by (-speed, order): a man's
            #     order is his own, so the tuples never compare further)
            keyed = []
            for fa in due:
                keyed.append((-self.speed_parts(fa[0], fa[1], intents)[3], fa[0].order, fa))
            keyed.sort()
            last = None
            for s, _, fa in keyed:
                if groups and s == last:
                    groups[-1].append(fa)
                else:
                    groups.append([fa])
                    last = s
        if self.record:
            self.emit(CountResolved(t, c, tuple(notes[f.name] for f, _ in due),
                                    tuple(tuple(f.name for f, _ in g) for g in groups)))
        for group in groups:
            ready: list[tuple[Fighter, Action, list[PreparedShot]]] = []
            for f, action in group:
                if f.condition != "active":  # (down)
                    continue
                prepared: list = []
                kind = action.kind
                if kind == "shot":
                    if fighters[action.volley[0].target].condition != "active":  # (down)
                        self.switch(t, c, f, action, intents)  # struck down by a faster shot
                        continue                               # this count
                    n = f.shots_this_turn + 1  # (``next_shot_number``)
                    for k, planned in enumerate(action.volley):
                        p = self.prepare(t, f, planned, n + k, intents, count=c, lean=True)
                        if p is not None:
                            prepared.append(p)
                elif kind in ("blow", "grapple", "break_free"):
                    p = self.prepare_blow(t, f, action.kind, action.melee_target,
                                          action.weapon_ref, self.next_shot_number(f),
                                          intents, c)
                    if p is not None:
                        prepared.append(p)
                ready.append((f, action, prepared))
            self.fire_ready(t, c, ready, self.resolve_shot)
            for f, _, _ in ready:
                if f.queue and f.condition != "active":  # (down)
                    if self.record:
                        self.emit(ActionsLost(t, c, f.name, len(f.queue), f.condition))
                    f.queue = []
        # anyone struck down this count by a faster shooter loses what he had left
        for f in fighters.values():
            if f.queue and f.condition != "active":  # (down)
                if self.record:
                    self.emit(ActionsLost(t, c, f.name, len(f.queue), f.condition))
                f.queue = []

    def fire_ready(self: Any, t: int, c: int,
                   ready: list[tuple[Fighter, Action, list]], shot: Any) -> bool:
        """The actions of one group of men of equal speed on count ``c``, everything they
        fire aimed before any of it lands (``ready``: each man still up, his action and its
        prepared shots or blows; two guns: both aimed before either lands, 001 l.27): each
        action comes off its man's queue and his cursor moves to ``c``; a cock cocks the
        hammer, anything else lets it fall (fanned or not, B13) and ends a fresh draw; a
        throw is thrown, blows are struck, shots resolved (one prepared as a tuple, the lean
        path's, ``prepare``, by ``shot``: ``resolve_shot``, or ``lean_shot`` in the lean
        count loop, ``lean_counts``). The one step of ``run_count`` and ``lean_counts``.
        Returns whether a shot was resolved (someone may have gone down)."""
        fired = False
        for f, action, prepared in ready:
            f.queue.pop(0)
            f.cursor = c
            kind = action.kind
            if kind == "cock":
                f.cocked = True
                continue
            f.cocked = False  # the shot lets the hammer fall, fanned or not (B13)
            f.fresh_draw = False
            if kind == "throw":
                self.throw(t, f, c)
                continue
            if kind in melee.MELEE_KINDS:
                for p in prepared:
                    f.shots_this_turn += 1
                    self.resolve_blow(p)
                continue
            for p in prepared:  # two guns: both aimed before either lands (001 l.27)
                fired = True
                f.shots_this_turn += 1
                if type(p) is tuple:  # (the lean path's, ``prepare``)
                    shot(t, f, *p, c)
                else:
                    self.resolve(p)
        return fired

    def next_shot_number(self: Any, f: Fighter) -> int:
        return f.shots_this_turn + 1

    def shootout_other_actions(self: Any, t: int, f: Fighter,
                               intent: Intent | None) -> None:
        """Reloading, jams and free-text actions in a shootout turn. Reloading: six
        consecutive shootout turns of it give one combat turn's worth (000 l.497); a turn
        without it (or with a shot fired) starts the count again. A jam takes one second of
        its 18 (000 l.407; errata B18(e))."""
        if intent is not None and intent.reload and f.shots_this_turn == 0:
            f.reload_streak += 1
            if f.reload_streak >= 6:
                f.reload_streak = 0
                w = intent.reload if isinstance(intent.reload, str) else None
                self.reload(t, f, self.weapon_index(f, w))
        else:
            f.reload_streak = 0
        if intent is None:
            return
        if intent.clear_jam:
            self.work_jam(t, f, SHOOTOUT)
        if intent.other:
            if self.record:
                self.emit(OtherAction(t, f.name, intent.other))


def _speed_modifiers(gait: str | None, light: int, serious: int, dark_surprised: bool,
                     surprised: str | None, two_guns: bool, cls: str) -> tuple[Modifier, ...]:
    """The Table 6 speed modifiers (errata B14) besides the base: the shooter's gait, his
    light and serious wounds, surprise (from darkness, 000 l.541, or declared), two guns, the
    weapon's speed class."""
    sm = tables.combat()["speed_modifiers"]
    mods: list[Modifier] = []
    if gait in SPEED_GAIT:
        mods.append(Modifier(f"speed_{gait}", sm[gait]))
    if light:
        mods.append(Modifier("light_wound", sm["light_wound"] * light, "table", "", light))
    if serious:
        mods.append(Modifier("serious_wound", sm["serious_wound"] * serious, "table", "",
                             serious))
    if dark_surprised:  # shot at from darkness (000 l.541)
        mods.append(Modifier("completely_surprised", sm["completely_surprised"]))
    elif surprised:
        key = "surprised" if surprised == "surprised" else "completely_surprised"
        mods.append(Modifier(key, sm[key]))
    if two_guns:
        mods.append(Modifier("two_guns", sm["two_guns"]))
    if sm["weapon"][cls]:
        mods.append(Modifier(f"weapon_{cls}", sm["weapon"][cls]))
    return tuple(mods)
