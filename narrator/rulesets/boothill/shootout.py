"""Boot Hill shootout turns: one second, six counts (000 l.177-221, Tables 4-8; 001 l.16-27;
errata B13-B15).

Each character has a cursor, the absolute count at which his last action finished; declared
actions follow one another from it, each finishing after its Table 5 counts. Counts past 6
carry into the next shootout turn. On each count the actors go by speed (Table 6); equal
speeds fire at the same moment, against the state before either shot lands.

May import: narrator.events, narrator.rulesets.boothill.*, narrator.scenario.models.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from narrator.events import (
    ActionsLost, CountResolved, DrawMade, Modifier, SpeedNote, TargetSwitched,
)
from narrator.rulesets.boothill import tables
from narrator.rulesets.boothill.state import Action, Fighter
from narrator.scenario.models import Intent

if TYPE_CHECKING:  # pragma: no cover
    from narrator.rulesets.boothill.fight import BootHillFight, PreparedShot

SHOT_COUNTS = {"careful": 6, "steady": 3, "hip": 2, "fanned": 1}
SPEED_GAIT = {"walking": "walking", "trotting": "trotting", "running": "running",
              "galloping": "galloping"}
WEAPON_SPEED_COUNTS = {"vfast": 0, "fast": 1, "average": 2, "slow": 3, "vslow": 4}
TWENTY_FEET_YARDS = 20 / 3


def wants_shootout(fight: BootHillFight, intents: dict[str, Intent]) -> bool:
    """Default kind of turn (001 l.8-12): shootout when anyone declares a steady, hip or fanned
    shot, or a shot at an enemy within 20 feet; otherwise a combat turn."""
    for name, intent in intents.items():
        f = fight.fighters[name]
        if f.down or intent.shoot is None:
            continue
        if isinstance(intent.shots, list) and any(s != "careful" for s in intent.shots):
            return True
        targets = [intent.shoot] if isinstance(intent.shoot, str) else intent.shoot
        for tgt in targets:
            if math.dist(f.pos, fight.fighters[tgt].pos) <= TWENTY_FEET_YARDS:
                return True
    return False


class ShootoutTurns:
    """Mixin for BootHillFight: the shootout turn."""

    def shootout_turn(self: BootHillFight, t: int, intents: dict[str, Intent]) -> None:
        """One one-second shootout turn of six counts."""
        if self.last_kind != "shootout":
            self.count_base = 0
            for f in self.fighters.values():
                f.cursor = 0
                f.queue = []
        else:
            self.count_base += 6
            for f in self.fighters.values():
                f.cursor -= 6  # cursors are kept relative to this turn's count 0
        ranked, winner = self.begin_turn(t, "shootout", 1, intents)
        for f in self.fighters.values():
            if not f.queue:
                f.cursor = max(f.cursor, 0)  # idle: a new action starts with this turn
            f.shots_this_turn = 0
            intent = intents.get(f.name)
            if intent is None or f.down:
                continue
            f.queue = self.plan(f, intent)
        self.start_draws(t, 0)
        for c in range(1, 7):
            self.run_count(t, c, intents)
            self.start_draws(t, c)
        for side in ranked:
            for f in self.side_order(side, t):
                intent = intents.get(f.name)
                if intent is not None and not f.down:
                    self.shootout_other_actions(t, f, intent)
        for side in ranked:
            for f in self.side_order(side, t):
                intent = intents.get(f.name)
                if intent is not None and intent.move is not None and not f.down:
                    self.move(t, f, intent.move, "shootout")
        self.elapsed += 1
        self.end_turn(t)

    def plan(self: BootHillFight, f: Fighter, intent: Intent) -> list[Action]:
        """The declared actions in order: a draw if the gun is not in hand, a cock, the shots."""
        actions: list[Action] = []
        if intent.weapon is not None:
            idx = self.weapon_index(f, intent.weapon)
            if idx != f.current_weapon:
                f.current_weapon = idx
                f.drawn = False
        if intent.shoot is None:
            return actions
        targets = [intent.shoot] if isinstance(intent.shoot, str) else list(intent.shoot)
        if not f.drawn:
            kind = intent.draw or ("fast" if f.c.skills.fast_draw > 0 else "normal")
            if kind == "fast" and f.c.skills.fast_draw <= 0:
                kind = "normal"
            actions.append(Action("draw", draw=kind))
        if intent.cock:
            actions.append(Action("cock"))
        shots = intent.shots if isinstance(intent.shots, list) else (
            ["careful"] * (intent.shots or 1))
        for st in shots:
            actions.append(Action("shot", shot_type=st, target=targets[0]))
        return actions

    def start_draws(self: BootHillFight, t: int, c: int) -> None:
        """Draws begin when a character's cursor reaches them; a fast draw's roll is made then."""
        for f in self.fighters.values():
            while f.queue and f.queue[0].kind == "draw" and f.cursor <= c and not f.down:
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
                    else:
                        again = "fast" if skill > 0 else "normal"
                        f.queue.insert(0, Action("draw", draw=again))
                    self.emit(DrawMade(t, f.name, "fast", ws.name, skill, roll, luck_roll, ok,
                                       counts, start, f.cursor))
                else:
                    counts = tables.combat()["shootout_actions"]["normal_draw"]
                    f.cursor = start + counts
                    f.drawn = True
                    f.fresh_draw = True
                    f.fd_speed = None
                    self.emit(DrawMade(t, f.name, "normal", ws.name, skill, None, None, True,
                                       counts, start, f.cursor))

    def action_counts(self: BootHillFight, f: Fighter, action: Action) -> int:
        """Table 5 counts of an action (errata B13; the weapon_speed_counts house rule)."""
        if action.kind == "cock":
            return tables.combat()["shootout_actions"]["cock"] + action.extra
        n = SHOT_COUNTS[action.shot_type] + action.extra
        if f.cocked and action.shot_type != "fanned":
            n -= tables.combat()["shootout_actions"]["cocked_saving"]
        if f.fresh_draw and self.house.weapon_speed_counts:
            n += WEAPON_SPEED_COUNTS[f.weapons[f.current_weapon].wt.speed]
        return n

    def speed(self: BootHillFight, f: Fighter, action: Action,
              intents: dict[str, Intent]) -> SpeedNote:
        """Speed on a count (Table 6, errata B14)."""
        sm = tables.combat()["speed_modifiers"]
        if f.fresh_draw and f.fd_speed is not None and action.kind == "shot":
            base_name, base = "fast_draw_roll", f.fd_speed
        else:
            base_name, base = "coo", f.c.attributes.coo
        mods: list[Modifier] = []
        intent = intents.get(f.name)
        gait = intent.move.gait if intent and intent.move else None
        if gait in SPEED_GAIT:
            mods.append(Modifier(f"speed_{gait}", sm[gait]))
        light, serious = f.count("light"), f.count("serious")
        if light:
            mods.append(Modifier("light_wound", sm["light_wound"] * light, "table", "", light))
        if serious:
            mods.append(Modifier("serious_wound", sm["serious_wound"] * serious, "table", "",
                                 serious))
        if intent and intent.surprised:
            key = "surprised" if intent.surprised == "surprised" else "completely_surprised"
            mods.append(Modifier(key, sm[key]))
        if intent and intent.two_guns:
            mods.append(Modifier("two_guns", sm["two_guns"]))
        cls = f.weapons[f.current_weapon].wt.speed
        if sm["weapon"][cls]:
            mods.append(Modifier(f"weapon_{cls}", sm["weapon"][cls]))
        total = base + sum(m.value for m in mods)
        return SpeedNote(f.name, action.shot_type or action.kind, action.target, base_name, base,
                         tuple(mods), total)

    def retarget(self: BootHillFight, t: int, c: int, f: Fighter, action: Action,
                 intents: dict[str, Intent]) -> bool:
        """The target went down: turn on the next target listed, else the nearest enemy still
        up (one count, Table 5). Returns False when nobody is left to shoot at."""
        intent = intents.get(f.name)
        listed = []
        if intent and intent.shoot is not None:
            listed = [intent.shoot] if isinstance(intent.shoot, str) else list(intent.shoot)
        candidates = [self.fighters[n] for n in listed if not self.fighters[n].down]
        if not candidates:
            enemies = [o for o in self.fighters.values() if o.side != f.side and not o.down]
            enemies.sort(key=lambda o: (math.dist(f.pos, o.pos), o.order))
            candidates = enemies[:1]
        old = action.target
        if not candidates:
            self.emit(TargetSwitched(t, c, f.name, old, None))
            f.queue = [a for a in f.queue if a.kind != "shot"]
            return False
        new = candidates[0].name
        for a in f.queue:
            if a.kind == "shot" and a.target == old:
                a.target = new
        action.extra += tables.combat()["shootout_actions"]["switch_target"]
        self.emit(TargetSwitched(t, c, f.name, old, new))
        return True

    def run_count(self: BootHillFight, t: int, c: int, intents: dict[str, Intent]) -> None:
        """Resolve one count: who acts, in order of speed, equal speeds together."""
        due: list[tuple[Fighter, Action]] = []
        for f in self.fighters.values():
            if f.down or not f.queue or f.queue[0].kind == "draw":
                continue
            action = f.queue[0]
            if f.cursor + self.action_counts(f, action) > c:
                continue
            if action.kind == "shot" and self.fighters[action.target].down:
                if self.retarget(t, c, f, action, intents):
                    continue  # the switch pushes the shot one count later
                continue
            due.append((f, action))
        if not due:
            return
        notes = {f.name: self.speed(f, a, intents) for f, a in due}
        due.sort(key=lambda fa: (-notes[fa[0].name].speed, fa[0].order))
        groups: list[list[tuple[Fighter, Action]]] = []
        for fa in due:
            if groups and notes[groups[-1][0][0].name].speed == notes[fa[0].name].speed:
                groups[-1].append(fa)
            else:
                groups.append([fa])
        self.emit(CountResolved(t, c, tuple(notes[f.name] for f, _ in due),
                                tuple(tuple(f.name for f, _ in g) for g in groups)))
        for group in groups:
            ready: list[tuple[Fighter, Action, PreparedShot | None]] = []
            for f, action in group:
                if f.down:
                    continue
                p = None
                if action.kind == "shot":
                    if action.shot_type == "fanned" and not f.weapons[f.current_weapon].wt.is_revolver:
                        self.refuse(t, f, "shoot", "not_a_revolver", action.target,
                                    f.weapons[f.current_weapon].name, c)
                    else:
                        p = self.prepare(t, f, action.target, f.current_weapon,
                                         action.shot_type, self.next_shot_number(f), intents,
                                         count=c)
                ready.append((f, action, p))
            for f, action, p in ready:
                f.queue.pop(0)
                f.cursor = c
                if action.kind == "cock":
                    f.cocked = True
                    continue
                if f.cocked and action.shot_type != "fanned":
                    f.cocked = False
                f.fresh_draw = False
                if p is not None:
                    f.shots_this_turn += 1
                    self.resolve(p)
                    if p.weapon.loaded <= 0 and any(a.kind == "shot" for a in f.queue):
                        pass  # the next shot is refused as "empty" when it comes due
            for f, _, _ in ready:
                if f.down and f.queue:
                    self.emit(ActionsLost(t, c, f.name, len(f.queue), f.condition))
                    f.queue = []
        # anyone struck down this count by a faster shooter loses what he had left
        for f in self.fighters.values():
            if f.down and f.queue:
                self.emit(ActionsLost(t, c, f.name, len(f.queue), f.condition))
                f.queue = []

    def next_shot_number(self: BootHillFight, f: Fighter) -> int:
        return f.shots_this_turn + 1

    def shootout_other_actions(self: BootHillFight, t: int, f: Fighter, intent: Intent) -> None:
        """Reloading in shootout turns: six in a row give one combat turn's worth (000 l.497)."""
        if intent.reload:
            f.reload_streak += 1
            if f.reload_streak >= 6:
                f.reload_streak = 0
                w = intent.reload if isinstance(intent.reload, str) else None
                self.reload(t, f, self.weapon_index(f, w))
        else:
            f.reload_streak = 0
        if intent.other:
            from narrator.events import OtherAction
            self.emit(OtherAction(t, f.name, intent.other))
