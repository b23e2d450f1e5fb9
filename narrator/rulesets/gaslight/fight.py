"""The Gaslight fight loop (source 002): combat rounds of 6 seconds split in two halves.

Pure: a validated Gaslight scenario and dice in, a FightLog out. No prose, no files. The
numbers live in ``rules.py`` and ``data/``; this module keeps the state and rolls the dice
(``rolls.py``). A round (G3, G5, G8):

1. covering men name their targets; a trigger that opens the fight (nobody has fired yet)
   fires its covering shot at once, before anything else (002 l.65);
2. a declared fast-draw contest is drawn and its two snap shots fired in the order it gives
   (002 l.99-110);
3. initiative: d10 + DEX modifier for everyone up;
4. each man in initiative order: draws if he must (002 l.23-35), clears a misfire, reloads,
   moves, and fires the first half of his shots (002 l.12; all of them when fanning); what he
   does may trigger a covering shot at him at once (002 l.69);
5. at the end of the round, in the same order, the second half of everyone's shots.

May import: narrator.events, narrator.dice, narrator.turns, narrator.rulesets.gaslight.*.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from narrator.dice import Dice, fight_hash
from narrator.events import (
    shown_value,
    CharacterIntro, CharacterStatus, Event, FightEnded, FightLog, FightStarted, Modifier,
    OtherAction, PlaceNote, StateAdjusted, StoodIdle, TurnEnded, TurnStarted, WeaponNote,
    WoundNote,
)
from narrator.rulesets.gaslight import rolls
from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight.events import (
    FighterNote, GlBlocked, GlBlow, GlCovering, GlDamage, GlDown, GlDraw, GlFastDraw, GlInitiative,
    GlMalfunction, GlMoved, GlOffHand, GlRecoil, GlReloaded, GlRoster, GlShot, GlVolley,
    GunNote, InitiativeNote,
)
from narrator.rulesets.gaslight.scenario import Character, Intent, Scenario, Turn, weapon_index
from narrator.rulesets.gaslight.tables import rules as numbers
from narrator.rulesets.gaslight.weapons import Gun, make_gun
from narrator.scenario.models import declared_ever, idle_characters
from narrator.turns import TurnLoop

FEET_PER_YARD = 3


def move_feet(mode: str | None, gait: str | None) -> float:
    """GN17: the feet a man may move this round by his firing mode (None: not firing)."""
    mv = numbers()["movement"]
    if mode is None:
        return mv["running"] if gait in ("running", "sprinting") else mv["not_shooting"]
    return mv[mode]


def moving_status(feet: float) -> str:
    """GN17: the target status of a man who moved ``feet`` this round (002 l.76-80)."""
    rows = numbers()["moving_status"]
    return next(k for k, top in rows.items() if k != "source" and feet <= top)


def shown_feet(feet: float) -> str:
    """A distance in feet as the write-up shows it (the templates' ``gaslight.j2`` ``ft``
    says the same): whole, "30"; else to a tenth, "17.3"; to a hundredth where a tenth
    would look whole, "30.04", so a figure just past a limit the rules compare it with (a
    30 ft range increment, a blade's 5 ft reach, 002 l.363) never reads as the limit. The
    rules' limits are all whole multiples of 5 feet (range increments, reach, gaits); near
    any other whole figure the tenth rounds to it: "3", never "2.99 feet" (a reader: "Shot 1,
    2.99 feet" in a railway-carriage brawl)."""
    if feet == int(feet):
        return f"{int(feet)}"
    one = f"{feet:.1f}"
    if not one.endswith(".0"):
        return one
    return f"{feet:.2f}" if round(feet) % 5 == 0 else f"{round(feet)}"


@dataclass
class Arm:
    """A gun during the fight: rounds loaded, its state ("ready", "misfire", "jam",
    "broken", "burst", "dropped"), whether it is in hand, shots fired with it (unfamiliar
    guns, G15), and rounds left before a muzzle loader is loaded (G16)."""

    spec: object
    gun: Gun
    loaded: int
    state: str = "ready"
    drawn: bool = False
    fired: int = 0
    loading: int = 0
    snap_reloaded: bool = False

    @property
    def name(self) -> str:
        return self.gun.name


@dataclass
class Man:
    """One character in the fight; positions in yards."""

    c: Character
    side: str
    order: int
    pos: tuple[float, float]
    arms: list[Arm]
    hp: int
    health: int
    ac: int
    cover: int
    concealment: int
    landmark: str | None
    condition: str = "up"
    prone: bool = False
    blinded: bool = False
    shot_at: bool = False
    wounds: list[tuple[str, int]] = field(default_factory=list)
    # this round
    moved_feet: float = 0.0
    gait: str | None = None
    recoil_failed: int = 0
    covering: tuple[tuple[str, ...], str] | None = None  # (the covered men, the trigger)
    cover_target: str | None = None  # who set the trigger off (the follow-ups' target)
    aboard: object | None = None  # the conveyance he rides this round (GN22)
    blade_penalty: int = 0  # the shot's penalty in a round he also strikes (002 l.363)
    triggered: bool = False
    lost_first_half: bool = False
    lost_round: bool = False
    shots_this_round: dict[int, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.c.name

    @property
    def up(self) -> bool:
        return self.condition == "up"


@dataclass
class Plan:
    """What a man fires this round: the gun, target, mode, shots for each half, and the off
    hand's likewise (with the two-gun numbers). ``barrels`` 2: both barrels of a double at
    once, one aimed attack (002 l.40); ``second_mode``: the mode of the end-of-round shots
    when it differs (an aimed double's second barrel is a snap shot, l.40)."""

    arm: Arm
    target: str
    mode: str
    first: int
    second: int
    called: str | None
    two: R.TwoGuns | None = None
    off_arm: Arm | None = None
    off_target: str | None = None
    off_mode: str | None = None
    off_first: int = 0
    off_second: int = 0
    barrels: int = 1
    second_mode: str | None = None


class GaslightFight:
    """One Gaslight fight. Call ``run()`` once.

    Args:
        scenario: a validated Gaslight scenario whose names are canonical.
        dice: the dice to roll (``start_turn(t)`` is called at each round when it exists).
        seed: the seed reported in the write-up.
    """

    def __init__(self, scenario: Scenario, dice: Dice, seed: int) -> None:
        self.sc = scenario
        self.dice = dice
        self.seed = seed
        self.events: list[Event] = []
        self.sides = list(scenario.sides)
        self.men: dict[str, Man] = {}
        for order, (side, c) in enumerate(scenario.characters()):
            cover, conc, landmark = self._place_cover(c)
            arms = []
            for w in c.weapons:
                gun = make_gun(w)
                arms.append(Arm(w, gun, gun.capacity if w.loaded is None else w.loaded,
                                drawn=w.carried == "ready"))
            ac = c.ac if c.ac is not None else R.armour_class(c.dex, c.armour)
            self.men[c.name] = Man(c, side, order, (float(c.at[0]), float(c.at[1])), arms,
                                   c.hp, c.con, ac, cover, conc, landmark)
        self.fired_any = False
        self.intents: dict[str, Intent] = {}
        self.plans: dict[str, Plan] = {}
        self._blocked: set[tuple] = set()  # blocks said (``block``): each once a round
        self.tactic_made: set[tuple[int, str]] = set()
        self.conditions = scenario.conditions

    def _place_cover(self, c: Character) -> tuple[int, int, str | None]:
        if isinstance(c.cover, str):
            lm = self.sc.map[c.cover]
            return lm.cover, max(lm.concealment, c.concealment), c.cover
        for key, lm in self.sc.map.items():
            if tuple(lm.at) == tuple(c.at):
                return max(lm.cover, c.cover), max(lm.concealment, c.concealment), key
        return c.cover, c.concealment, None

    # ------------------------------------------------------------------ helpers
    def emit(self, e: Event) -> None:
        self.events.append(e)

    def standing_sides(self) -> list[str]:
        return [s for s in self.sides if any(m.up for m in self.men.values() if m.side == s)]

    def feet(self, a: Man, b: Man) -> float:
        return round(math.dist(a.pos, b.pos) * FEET_PER_YARD, 2)

    def bare(self, m: Man, tm: Man, feet: float) -> str:
        """Why ``tm``'s cover and concealment do not hide him from ``m`` (ruled: GN26):
        ``"landmark"`` when both are at the same landmark, ``"close"`` when ``m`` is within
        ``R.bare_feet()`` (``feet`` apart); ``""`` when they count (or he has none)."""
        if not tm.cover and not tm.concealment:
            return ""
        if m.landmark is not None and m.landmark == tm.landmark:
            return "landmark"
        return "close" if feet <= R.bare_feet() + 1e-9 else ""

    def block(self, t: int, m: Man, action: str, reason: str, target: str | None = None,
              detail: str = "") -> None:
        """Say that ``m`` cannot do ``action`` now, and why (``GlBlocked``); a man's target
        down is said once a round: his end-of-round shots at a man his first ones put down
        say nothing new ("Thick holds fire: Mary is unconscious." came twice). Other blocks
        are each an action refused (a covering shot and its follow-up, 002 l.68)."""
        key = (t, m.name, action, reason, target, detail)
        if reason == "target_out" and key in self._blocked:
            return
        self._blocked.add(key)
        self.emit(GlBlocked(t, m.name, action, reason, target, detail))

    # ------------------------------------------------------------------ the fight
    def run(self, stop_after: int | None = None,
            adjustments: dict[int, dict[str, dict]] | None = None) -> FightLog:
        """Fight every declared round (or ``max_turns``) until at most one side has a man up.

        Args:
            stop_after: stop after this round (reason "paused" if the fight would go on).
            adjustments: ``{turn: {name: {field: value}}}``: GM edits applied at its start.
        """
        self.emit(self.started())
        self.emit(self.roster())
        total = max(len(self.sc.turns), self.sc.max_turns or 0)
        seconds = numbers()["round"]["combat_round_seconds"]
        loop = TurnLoop(total, self.dice, stop_after)
        for t in loop:
            turn = self.sc.turns[t - 1] if t <= len(self.sc.turns) else Turn()
            self.emit(TurnStarted(t, "round", seconds, seconds * (t - 1)))
            if adjustments and adjustments.get(t):
                self.adjust(t, adjustments[t])
            self.round(t, turn)
            self.emit(TurnEnded(t, tuple(self.status(m) for m in self.men.values())))
            if loop.done(t, len(self.standing_sides()) <= 1):
                break
        fought, reason = loop.turns, loop.reason
        rolls_ = list(self.dice.rolls)
        self.emit(FightEnded(fought, fought * seconds, reason, tuple(self.standing_sides()),
                             len(rolls_), sum(1 for r in rolls_ if r.scripted),
                             fight_hash(self.sc, self.events[0].profile, adjustments, rolls_),
                             idle_characters(self.sc)))
        return FightLog(tuple(self.events), tuple(rolls_))

    def started(self) -> FightStarted:
        intros = tuple(CharacterIntro(
            m.name, m.c.short or m.name, m.side, m.c.pronoun, 0, 0, 0, 0, 0,
            tuple(self.skill_list(m.c)), tuple(a.name for a in m.arms), False, m.pos,
            self.cover_name(m), (("str", m.c.str_), ("dex", m.c.dex), ("con", m.c.con)))
            for m in self.men.values())
        # no night in Gaslight: the light is the scenario's conditions.light (002 l.82-85)
        return FightStarted(self.sc.title, self.sc.description, "gaslight", "as ruled",
                            self.seed, False,
                            tuple(self.sides), intros, (),
                            tuple((k, lm.name or k.replace("_", " ")) for k, lm in self.sc.map.items()),
                            tuple(PlaceNote(k, lm.name or k.replace("_", " "), tuple(lm.at),
                                            self.cover_words(lm.cover, lm.concealment))
                                  for k, lm in self.sc.map.items()),
                            side_names=tuple(self.sc.side_names.items()),
                            light=self.conditions.light)

    @staticmethod
    def skill_list(c: Character) -> list[tuple[str, int]]:
        s = c.skills
        out = [("quick_draw", s.quick_draw)] if s.quick_draw else []
        out += [(k, 1) for k in ("fanning", "off_hand_shooting", "rapid_reload", "sharp_shooter")
                if getattr(s, k)]
        return out

    @staticmethod
    def cover_words(cover: int, concealment: int) -> str:
        parts = [f"{cover}% cover"] if cover else []
        parts += [f"{concealment}% concealment"] if concealment else []
        return ", ".join(parts)

    def cover_name(self, m: Man) -> str | None:
        if m.landmark is not None and (m.cover or m.concealment):
            lm = self.sc.map[m.landmark]
            return lm.name or m.landmark.replace("_", " ")
        if m.cover or m.concealment:
            return self.cover_words(m.cover, m.concealment)
        return None

    def condition_mods(self) -> tuple[Modifier, ...]:
        """The light, weather and crowd modifiers in force (002 l.82-97, G7)."""
        c = self.conditions
        out = []
        light = R.ranged_modifier("light", c.light, c.light_modifier)
        if light:
            out.append(Modifier(f"light_{c.light}", light))
        weather = R.ranged_modifier("weather", c.weather, c.weather_modifier)
        if weather is None:
            out.append(Modifier(f"weather_{c.weather}", -99, "table", "impossible"))
        elif weather:
            out.append(Modifier(f"weather_{c.weather}", weather))
        if c.crowd:
            out.append(Modifier("crowd", c.crowd))
        return tuple(out)

    def roster(self) -> GlRoster:
        fighters = tuple(FighterNote(
            m.name, m.side, m.c.str_, m.c.dex, m.c.con, m.c.bab, m.hp, m.health, m.ac,
            m.c.weight, tuple(self.skill_list(m.c)),
            tuple(GunNote(a.name, a.gun.klass, a.gun.form, a.gun.calibre, a.gun.damage,
                          a.loaded, a.gun.capacity, a.spec.powder, a.spec.old, a.spec.familiar,
                          a.spec.carried, a.spec.hand, a.gun.single_action) for a in m.arms),
            m.cover, m.concealment, m.c.tactics, *self.ride_note(m.c.aboard),
            (m.c.blade.name or m.c.blade.type.replace("_", " ")) if m.c.blade else "",
            m.c.blade.hand if m.c.blade else "")
            for m in self.men.values())
        return GlRoster(fighters, self.condition_mods())

    @staticmethod
    def ride_note(ride: object | None) -> tuple[str, bool, str]:
        """(conveyance, moving, the status he shows at) for the roster (GN22)."""
        if ride is None:
            return "", False, ""
        return ride.on, ride.moving, R.aboard_status(ride, "") if ride.moving else ""

    def adjust(self, t: int, changes: dict[str, dict]) -> None:
        """A GM's hand edits of the state (``narrator next``): ``at``, ``condition``, ``hp``,
        ``health``, ``loaded`` per gun name, ``prone``; each a ``state_adjusted`` event.

        The rules then apply to the edited state as they do after damage (G10, the
        ``[health]`` table of ``data/rules.toml``: Health at or below half the CON score
        unconscious, at 0 dead; ``rules.condition``): a man still up whose edited Health puts
        him there goes down, as a ``gl_down`` event after his edits, as Boot Hill's edited
        wound points pass a man out. An edit of Health never brings a man back up, and one
        of ``condition`` to active does not keep up a man whose Health is that low (a GM who
        means him to stay up gives him more Health)."""
        for name, fields in changes.items():
            m = self.men[name]
            for key, value in fields.items():
                if key == "at":
                    self.place(m, value)
                elif key == "condition":  # the state's words (``status``) for his condition
                    m.condition = {"active": "up", "passed_out": "unconscious"}.get(value, value)
                elif key in ("hp", "health"):
                    setattr(m, key, int(value))
                elif key == "prone":
                    m.prone = bool(value)
                elif key == "loaded":
                    for a in m.arms:
                        if a.name in value:
                            a.loaded = int(value[a.name])
                else:
                    continue
                self.emit(StateAdjusted(t, name, key, shown_value(value)))
            if m.condition == "up":
                m.condition = R.condition(m.health, m.c.con)
                if m.condition != "up":
                    self.emit(GlDown(t, m.name, m.condition, m.health, m.c.con))
                    m.covering = None

    # ------------------------------------------------------------------ a round
    def complete_intents(self, t: int, declared: dict[str, Intent]) -> dict[str, Intent]:
        """Declared intents, plus what each silent man's tactics profile decides."""
        from narrator.rulesets.gaslight import tactics
        out = dict(declared)
        for m in self.men.values():
            if m.name in out or not m.up or not m.c.tactics:
                continue
            intent = tactics.decide(self, t, m)
            if intent is not None:
                out[m.name] = intent
                self.tactic_made.add((t, m.name))
        return out

    def round(self, t: int, turn: Turn) -> None:
        self.conditions = turn.conditions or self.sc.conditions
        self.intents = self.complete_intents(t, turn.intents)
        self.plans = {}
        for m in self.men.values():
            m.moved_feet, m.gait, m.recoil_failed = 0.0, None, 0
            m.covering, m.triggered, m.cover_target = None, False, None
            m.blade_penalty = 0
            it = self.intents.get(m.name)
            m.aboard = m.c.aboard if it is None or it.aboard is None else (it.aboard or None)
            m.lost_first_half = m.lost_round = False
            m.shots_this_round = {}
            for a in m.arms:
                a.snap_reloaded = False
            if m.name in self.intents and not m.up:
                self.block(t, m, self.intents[m.name].action or "act", "out", None, m.condition)
        for m in self.men.values():
            it = self.intents.get(m.name)
            if m.up and it is not None and it.covers is not None:
                group = it.covers.targets
                m.covering = (group, it.covers.when)
                arm = self.arm_for(m, it.weapon)
                self.emit(GlCovering(t, m.name, group[0], it.covers.when, "set", False,
                                     arm.name, group if len(group) > 1 else ()))
        # 1. a trigger that opens the fight: the covering shot before anything else (l.65)
        if not self.fired_any:
            for m in self.men.values():
                who = self.declared_trigger(m.covering) if m.covering and m.up else None
                if who is not None:
                    self.covering_shot(t, m, who, opening=True)
        # 2. a fast-draw contest
        contest: set[str] = set()
        if turn.fast_draw is not None and not self.over():
            contest = self.fast_draw(t, turn.fast_draw)
        if self.over():
            return
        # 3. initiative
        order = self.initiative(t)
        # 4. the first half, at initiative; 5. the end of the round
        for first_half in (True, False):
            for m in order:
                if self.over():
                    return
                self.act(t, m, first_half=first_half, contest=m.name in contest)

    def over(self) -> bool:
        """At most one side has a man up: the round stops there."""
        return len(self.standing_sides()) <= 1

    def declared_trigger(self, covering: tuple[tuple[str, ...], str]) -> str | None:
        """The first covered man (in the order the covering names them, GN21) whose own
        intent this round sets off the trigger (G5), or None."""
        group, when = covering
        for target in group:
            it = self.intents.get(target)
            if it is None or not self.men[target].up:
                continue
            # a shot is a trigger when it is fired (002 l.69); stepping out or moving can
            # open the fight (l.65: "someone looks in the window")
            if (when == "moves" and it.move is not None) or (when == "appears" and it.appears):
                return target
        return None

    def initiative(self, t: int) -> list[Man]:
        """G3: d10 + DEX modifier for everyone up (+1 for a man covering, 002 l.69)."""
        up = [m for m in self.men.values() if m.up]
        entrants = [(m.name, m.c.dex, R.ability_modifier(m.c.dex)
                     + (numbers()["round"]["covering_reaction"] if m.covering else 0))
                    for m in up]
        got = rolls.roll_initiative(self.dice, entrants)
        self.emit(GlInitiative(t, tuple(InitiativeNote(g.name, g.rolls, g.modifier, g.total)
                                        for g in got), tuple(g.name for g in got)))
        return [self.men[g.name] for g in got]

    # ------------------------------------------------------------------ fast draw
    def fast_draw(self, t: int, names: tuple[str, str]) -> set[str]:
        """002 l.99-119: each man's Adjusted Fast Draw with the gun he means to fire (his Quick
        Draw points only where Quick Draw helps draw that gun from where it is carried,
        GN25); the contest; then the two snap shots in its order (both go off on a tie of
        tenths)."""
        a, b = (self.men[n] for n in names)
        if not (a.up and b.up):
            for m in (a, b):
                if not m.up:
                    self.block(t, m, "fast_draw", "out", None, m.condition)
            return set()
        terms, scores, arms, qd, uncounted = [], [], [], [], []
        for m in (a, b):
            it = self.intents.get(m.name)
            arm = self.arm_for(m, it.weapon if it else None)
            arms.append(arm)
            pens = R.fast_draw_penalties(not arm.spec.familiar, arm.spec.hand == "off",
                                         m.c.skills.off_hand_shooting)
            # GN25: the points count only where Quick Draw helps draw this gun from there
            points = m.c.skills.quick_draw
            counted = R.contest_quick_draw(points, arm.spec.carried, arm.gun.form)
            qmod = (Modifier("quick_draw", counted) if counted == points
                    else Modifier("quick_draw", 0, "ruling", "GN25"))
            tm = (Modifier("dex", m.c.dex), qmod,
                  Modifier("weapon", arm.gun.fast_draw, "table", arm.name), *pens)
            terms.append(tm)
            scores.append(sum(x.value for x in tm))
            qd.append(counted)
            uncounted.append(points - counted)
        out = rolls.fast_draw_contest(self.dice, names, (scores[0], scores[1]), (qd[0], qd[1]))
        order = tuple(names[i] for i in out.order)
        self.emit(GlFastDraw(t, names, (terms[0], terms[1]), (scores[0], scores[1]), out.drop,
                             out.scores, out.rolls, out.succeeded, out.margins, (qd[0], qd[1]),
                             out.tenths, out.decided_by, order, out.both_fire,
                             (uncounted[0], uncounted[1])))
        if not order:
            return set()
        for m, arm in zip((a, b), arms):
            arm.drawn = True
        fired = set()
        for name in order:
            m = self.men[name]
            if not m.up and not out.both_fire:
                continue
            other = b if m is a else a
            it = self.intents.get(name)
            target = it.shoot if it and it.shoot else other.name
            arm = arms[0] if m is a else arms[1]
            if not self.ready(t, m, arm, target, "snap"):
                continue
            self.emit(GlVolley(t, name, target, arm.name, arm.spec.hand, "snap", "contest", 1))
            self.fire(t, m, arm, self.men[target], "snap", "contest", hand=arm.spec.hand,
                      forced=out.both_fire)
            fired.add(name)
        return fired

    # ------------------------------------------------------------------ acting
    def arm_for(self, m: Man, name: str | None) -> Arm:
        if name is not None:
            i = weapon_index(m.c, name)
            if i is not None:
                return m.arms[i]
        return next((a for a in m.arms if a.spec.hand == "primary"), m.arms[0])

    def act(self, t: int, m: Man, first_half: bool, contest: bool) -> None:
        """A man's part of one half of the round."""
        if not m.up:
            return
        it = self.intents.get(m.name)
        if m.covering is not None:
            return self.covering_follow_up(t, m, first_half)
        if it is None:
            if first_half and m.c.tactics:  # his profile left him idle: why (no die)
                from narrator.rulesets.gaslight import tactics
                self.emit(StoodIdle(t, m.name, *tactics.idle_reason(self, t, m)))
            elif first_half and m.name in declared_ever(self.sc):
                # no profile, his declared rounds leave this one out: he holds still
                self.emit(StoodIdle(t, m.name, "undeclared"))
            return
        if first_half:
            self.first_half(t, m, it, contest)
        else:
            plan = self.plans.get(m.name)
            if plan is not None and not m.lost_round:
                self.fire_many(t, m, plan.arm, plan.target, plan.second_mode or plan.mode,
                               "end", plan.second, None if plan.second_mode else plan.called,
                               plan.two, hand=plan.arm.spec.hand, off=False)
                if plan.off_arm is not None and plan.off_second:
                    self.fire_many(t, m, plan.off_arm, plan.off_target, plan.off_mode, "end",
                                   plan.off_second, None, plan.two, hand="off", off=True)

    def first_half(self, t: int, m: Man, it: Intent, contest: bool) -> None:
        mode = it.mode or "snap"
        if it.appears:  # 002 l.63, l.69: he shows himself before he does anything else
            self.after_action(t, m, "appears")
            if not m.up:
                return
        if it.other:
            # the GM's own action is his at his initiative, before his shots (a fresh user:
            # Lyle's call, initiative 4, came after Nobby's 3 and Pryce's 2 when it was told
            # at the end of the round, against the order line "Dinny, Mick, Fanny, Lyle...")
            self.emit(OtherAction(t, m.name, it.other))
        if not m.arms:  # no gun: he moves and strikes (shooting, covering, reloading refused)
            if it.move is not None:
                self.move(t, m, it.move, None, it.gait)
            return self.blow(t, m, it)
        arm = self.arm_for(m, it.weapon if isinstance(it.reload, bool) else it.reload)
        if m.prone and any(a.state == "dropped" for a in m.arms):
            # 002 l.135: standing and picking up the gun are each a move action: the round
            for a in m.arms:
                if a.state == "dropped":
                    a.state = "ready"
            m.prone = False
            self.block(t, m, it.action or "act", "knocked_down", None, "picks_up")
            m.lost_round = True
            return
        # the gun in hand (002 l.23-35)
        if (it.shoot or it.reload) and not arm.drawn and not contest:
            self.draw(t, m, arm, it)
            if m.lost_round:
                return
            it = self.intents[m.name]  # GN18: a draw that is a move action spent his move
        # clear a fault (G11)
        if arm.state == "misfire" and (it.shoot or it.reload):
            arm.state = "ready"
            self.emit(GlReloaded(t, m.name, arm.name, 0, arm.loaded, arm.gun.capacity, "move",
                                 "misfire"))
            it = it.model_copy(update={"move": None})  # the move action is spent
        elif arm.state == "jam" and (it.shoot or it.reload):
            arm.state = "ready"
            self.emit(GlReloaded(t, m.name, arm.name, 0, arm.loaded, arm.gun.capacity,
                                 "full_round", "jam"))
            m.lost_round = True
            return
        if it.reload:
            self.reload(t, m, arm)
            if it.move is not None:
                # G3, G16: a reload is a full-round action, and a round holds one full-round
                # action or a move and a standard one: no move with it; Rapid Reload makes it
                # a move action, leaving one move (30 ft, the standard action taken as a move)
                if m.c.skills.rapid_reload and arm.gun.klass != "muzzle_loader":
                    self.move(t, m, it.move, None, it.gait,
                              most=numbers()["movement"]["move"])
                else:
                    self.block(t, m, "move", "reloading", None, "full_round")
            return
        if it.move is not None:
            self.move(t, m, it.move, mode if it.shoot else None, it.gait)
        if it.shoot is not None:
            if it.strike is not None:  # 002 l.363: a gun in one hand, a blade in the other
                m.blade_penalty = R.gun_and_blade(m.c.blade.hand)[0]
            self.plan_and_fire(t, m, it, arm, mode, contest)
        self.blow(t, m, it)

    def blow(self, t: int, m: Man, it: Intent) -> None:
        """002 l.363, GN23: a blow with his blade at his initiative: d20 + BAB + STR modifier
        (-10 or -6 by hand when he shoots too) against AC, within 5 feet; a hit rolls the
        blade's dice + STR modifier (at least 1) and a location as a bullet does."""
        if it.strike is None or not m.up:
            return
        tm = self.men[it.strike]
        blade = m.c.blade
        name = blade.name or blade.type.replace("_", " ")
        if not tm.up:
            return self.block(t, m, "strike", "target_out", tm.name, tm.condition)
        feet = self.feet(m, tm)
        if not R.in_reach(feet):
            return self.block(t, m, "strike", "out_of_reach", tm.name, f"{shown_feet(feet)} ft")
        mods = [Modifier("bab", m.c.bab)] if m.c.bab else []
        s = R.ability_modifier(m.c.str_)
        if s:
            mods.append(Modifier("str", s))
        if it.shoot is not None:
            mods.append(Modifier("gun_and_blade", R.gun_and_blade(blade.hand)[1]))
        roll = rolls.roll_to_hit(self.dice, m.name)
        total = roll + sum(x.value for x in mods)
        hit = R.hits(roll, total, tm.ac)
        natural = "20" if roll == 20 else "1" if roll == 1 else ""
        self.emit(GlBlow(t, m.name, tm.name, name, blade.hand, feet, roll, tuple(mods), total,
                         tm.ac, "hit" if hit else "miss", natural))
        broke = tm.covering is not None
        if hit:
            lroll, loc = rolls.roll_location(self.dice, m.name)
            expr = R.blade_damage(blade.type)
            dice, _ = rolls.roll_dice(self.dice, m.name, "damage", expr)
            base = R.melee_damage(dice, m.c.str_)
            mults = ([Modifier("impaling", 0, "table", str(loc.multiplier))]
                     if loc.multiplier != 1 else [])
            amount = R.damage_amount((base,), 0, False, tuple(Fraction(x.why) for x in mults))
            before = tm.condition
            tm.hp, tm.health = R.apply_damage(tm.hp, tm.health, amount, loc.critical)
            tm.condition = R.condition(tm.health, tm.c.con)
            tm.wounds.append((loc.part, amount))
            broll, blinded = None, False
            if loc.blinding:
                broll, blinded = rolls.roll_blinding(self.dice, m.name)
                tm.blinded = tm.blinded or blinded
            bonus = base - sum(dice)
            self.emit(GlDamage(t, m.name, tm.name, lroll, loc.part, dice,
                               f"{expr} + STR" if bonus else expr, bonus, False,
                               tuple(mults), amount, loc.critical,
                               "critical" if loc.critical else "", tm.hp, tm.health, tm.c.con,
                               tm.condition, broll, blinded))
            if tm.condition != before:
                self.emit(GlDown(t, tm.name, tm.condition, tm.health, tm.c.con))
        if broke and tm.covering is not None:  # 002 l.70: attacked, he stops covering
            tm.covering = None
            if tm.up:
                self.emit(GlCovering(t, tm.name, m.name, "attacked", "broken", False))

    def plan_and_fire(self, t: int, m: Man, it: Intent, arm: Arm, mode: str,
                      contest: bool) -> None:
        if arm.state in ("broken", "burst", "dropped"):
            return self.block(t, m, "shoot", "no_gun" if arm.state != "broken" else "broken",
                              it.shoot, arm.name)
        # the round's allowance counts from the load he began it with: a fast-draw contest's
        # shot was his first of the round (002 l.50: a revolver's six include it)
        before = m.shots_this_round.get(id(arm), 0)
        most = R.max_shots(mode, arm.gun.klass, arm.loaded + before, arm.gun.barrels)
        if R.must_fire_all(mode, arm.gun.klass):
            n = most
        else:
            n = min(it.shots, most) if it.shots else (
                1 if mode in ("aimed", "point_blank") else most)
        n = max(0, n - before)
        barrels, second_mode = 1, None
        if it.both_barrels:
            if arm.loaded >= 2:
                barrels = 2  # 002 l.40: both barrels at once, one aimed attack
            elif arm.loaded == 1:  # GN20: he fires the one, an ordinary aimed shot
                self.block(t, m, "both_barrels", "one_barrel", it.shoot, arm.name)
        elif mode == "aimed" and n == 2:
            second_mode = R.second_barrel_mode()  # 002 l.40: the second barrel is a snap shot
        if n == 0 and not contest:
            return self.block(t, m, "shoot", "empty", it.shoot, arm.name)
        first, second = R.split_shots(n, mode)
        if m.lost_first_half:
            first, second = 0, second
        if contest:
            first, second = 0, n  # the contest's shot took his first half
        plan = Plan(arm, it.shoot, mode, first, second, it.called, barrels=barrels,
                    second_mode=second_mode)
        if it.off_hand is not None:
            oh = it.off_hand
            off_arm = self.arm_for(m, oh.weapon) if oh.weapon else next(
                (a for a in m.arms if a.spec.hand == "off"), None)
            if off_arm is not None and off_arm.state == "ready":
                made = False
                if m.c.skills.off_hand_shooting:
                    roll, total, made = rolls.off_hand_roll(self.dice, m.name, m.c.dex)
                    self.emit(GlOffHand(t, m.name, roll, total, made))
                two = R.two_guns(mode, oh.mode, made)
                if not off_arm.drawn:
                    off_arm.drawn = True  # drawn with the other (002 l.25: a holster each)
                om = R.max_shots(oh.mode, off_arm.gun.klass, off_arm.loaded, off_arm.gun.barrels)
                on = 1 if two.off_one_shot else (min(oh.shots, om) if oh.shots else om)
                on = min(on, om)
                of, os_ = R.split_shots(on, oh.mode)
                if m.lost_first_half:
                    of, os_ = 0, os_
                plan = Plan(arm, it.shoot, mode, first, second, it.called, two, off_arm,
                            oh.shoot, oh.mode, of, os_, barrels, second_mode)
        self.plans[m.name] = plan
        self.fire_many(t, m, arm, plan.target, mode, "initiative", plan.first, plan.called,
                       plan.two, hand=arm.spec.hand, off=False, barrels=plan.barrels)
        if plan.off_arm is not None and plan.off_first:
            self.fire_many(t, m, plan.off_arm, plan.off_target, plan.off_mode, "initiative",
                           plan.off_first, None, plan.two, hand="off", off=True)
        # a "shoots" trigger is his shot, not his turn (002 l.62): ``fire`` sets it off

    def after_action(self, t: int, m: Man, when: str) -> None:
        """Anyone covering ``m`` with the trigger ``when`` ("moves": he moved; "appears": he
        steps into view, before he does anything else) fires at once (002 l.69). A "shoots"
        trigger goes off in ``fire``, on the shot itself."""
        for c in self.men.values():
            if (c.covering is not None and not c.triggered and c.up
                    and m.name in c.covering[0] and c.covering[1] == when):
                self.covering_shot(t, c, m.name, opening=False)

    def draw(self, t: int, m: Man, arm: Arm, it: Intent) -> None:
        """002 l.23-35: the action drawing takes, and what it costs him this round (GN17): a
        free action nothing; a move action his move; a standard action his first half's
        shots; a full-round action the round."""
        carried = arm.spec.carried
        quick = it.draw == "quick" and m.c.skills.quick_draw > 0
        roll = score = made = None
        if quick and numbers()["drawing"][carried]["quick_draw"]:
            score = R.adjusted_fast_draw(m.c.dex, m.c.skills.quick_draw, arm.gun.fast_draw)
            roll, made = rolls.quick_draw_roll(self.dice, m.name, score)
        action = R.draw_action(carried, bool(made))
        cost = {"free": "nothing", "move": "his move", "standard": "his first shots",
                "full_round": "the round"}[action]
        arm.drawn = True
        # the gun of his declared off-hand shots comes out with this one, in the other hand
        # (002 l.25: a holster each), as ``plan_and_fire`` has always drawn it: said here (a
        # fresh user: Pryce's second Bulldog was fired with no word of its draw)
        second = ""
        if it.off_hand is not None and action != "full_round":
            off = self.arm_for(m, it.off_hand.weapon) if it.off_hand.weapon else next(
                (a for a in m.arms if a.spec.hand == "off"), None)
            if off is not None and off is not arm and off.state == "ready" and not off.drawn:
                off.drawn = True
                second = off.name
        self.emit(GlDraw(t, m.name, arm.name, carried, action, roll, score, made, cost,
                         it.draw == "quick" and m.c.skills.quick_draw <= 0,
                         action == "move" and it.move is not None, second))
        if action == "move":
            self.intents[m.name] = it.model_copy(update={"move": None})
        elif action == "standard":
            m.lost_first_half = True
        elif action == "full_round":
            m.lost_round = True

    def place(self, m: Man, point: tuple[float, float] | list[float]) -> None:
        """Put ``m`` at ``point`` ([x, y] yards; a GM's edit of ``at``) as a move puts him: on
        a landmark's own spot he is at it, with its cover and concealment (GN17), anywhere
        else in the open. What his old spot gave him goes with it."""
        m.pos = (float(point[0]), float(point[1]))
        m.cover, m.concealment, m.landmark = 0, 0, None
        for key, lm in self.sc.map.items():
            if (float(lm.at[0]), float(lm.at[1])) == m.pos:
                m.cover, m.concealment, m.landmark = lm.cover, lm.concealment, key
                return

    def move(self, t: int, m: Man, dest: str | tuple[float, float], mode: str | None,
             gait: str | None, most: float | None = None) -> None:
        """GN17: toward a landmark or a point, at most the feet his mode allows (a man not
        shooting: a double move, or a run), or ``most`` feet when given (a move action
        beside a Rapid Reload)."""
        if isinstance(dest, str):
            goal = tuple(float(v) for v in self.sc.map[dest].at)
        else:
            goal = (float(dest[0]), float(dest[1]))
        ride = m.aboard if m.aboard is not None and m.aboard.moving else None
        if ride is not None:
            most = R.aboard_feet(ride)
        elif most is None:
            most = move_feet(mode, gait)
        if ride is not None:  # GN22: the conveyance carries him, at its speed
            gait = R.aboard_speed(ride)
        start = m.pos
        want = math.dist(start, goal) * FEET_PER_YARD
        if want == 0 or most == 0:
            return
        if want <= most:
            m.pos, feet = goal, want
        else:
            f = most / want
            m.pos = (round(start[0] + (goal[0] - start[0]) * f, 2),
                     round(start[1] + (goal[1] - start[1]) * f, 2))
            feet = most
        reached = m.pos == goal
        if reached and isinstance(dest, str):
            lm = self.sc.map[dest]
            m.cover, m.concealment, m.landmark = lm.cover, lm.concealment, dest
        elif feet > 0:
            m.cover, m.concealment, m.landmark = 0, 0, None
        m.moved_feet = feet
        m.gait = gait or (moving_status(feet) if feet else None)
        if mode == "panic" and m.gait not in ("running", "sprinting") and ride is None:
            m.gait = "running"
        self.emit(GlMoved(t, m.name, start, m.pos, m.gait or "still", round(feet, 2),
                          dest if isinstance(dest, str) and reached else None, m.cover,
                          m.concealment))
        if feet > 0:
            self.after_action(t, m, "moves")

    def reload(self, t: int, m: Man, arm: Arm) -> None:
        """G16: two cartridges a full-round action (a move action with Rapid Reload); a muzzle
        loader a Standard round of five combat rounds."""
        if arm.gun.klass == "muzzle_loader":
            arm.loading = arm.loading or R.muzzle_loader_reload_rounds()
            arm.loading -= 1
            done = arm.loading == 0
            if done:
                arm.loaded = arm.gun.capacity
            self.emit(GlReloaded(t, m.name, arm.name, arm.gun.capacity if done else 0,
                                 arm.loaded, arm.gun.capacity, "standard_round", ""))
            return
        n = min(R.cartridges_per_reload(), arm.gun.capacity - arm.loaded)
        arm.loaded += n
        self.emit(GlReloaded(t, m.name, arm.name, n, arm.loaded, arm.gun.capacity,
                             R.reload_action(m.c.skills.rapid_reload), ""))

    # ------------------------------------------------------------------ covering fire
    def covering_shot(self, t: int, m: Man, target: str, opening: bool) -> None:
        """G5: ``target`` set the trigger off: one shot at him at once (no mode modifier,
        G18 h); he is the original target of the follow-ups (002 l.67-68, GN21)."""
        when = m.covering[1]
        m.triggered, m.cover_target = True, target
        self.emit(GlCovering(t, m.name, target, when, "triggered", opening))
        arm = self.arm_for(m, (self.intents.get(m.name) or Intent()).weapon)
        if not arm.drawn:
            arm.drawn = True  # a covering man has his gun in his hand (002 l.62)
        if not self.ready(t, m, arm, target, "covering"):
            return
        self.emit(GlVolley(t, m.name, target, arm.name, arm.spec.hand, "covering", "covering", 1))
        self.fire(t, m, arm, self.men[target], "covering", "covering", hand=arm.spec.hand)

    def covering_follow_up(self, t: int, m: Man, first_half: bool) -> None:
        """002 l.66-68: after the first covering shot, a repeater once more at the end of the
        round, a revolver at his initiative and at the end; the same target."""
        if not m.triggered:
            return
        arm = self.arm_for(m, (self.intents.get(m.name) or Intent()).weapon)
        follow = R.covering_follow_ups(arm.gun.klass)
        when = "initiative" if first_half else "end"
        if when in follow:
            target = self.men[m.cover_target]
            if target.up and self.ready(t, m, arm, target.name, "covering"):
                self.emit(GlVolley(t, m.name, target.name, arm.name, arm.spec.hand, "covering",
                                   when, 1))
                self.fire(t, m, arm, target, "covering", when, hand=arm.spec.hand)

    # ------------------------------------------------------------------ shooting
    def fire_many(self, t: int, m: Man, arm: Arm, target: str, mode: str, when: str, n: int,
                  called: str | None, two: R.TwoGuns | None, hand: str, off: bool,
                  barrels: int = 1) -> None:
        """``n`` shots (``barrels`` 2: one attack with both barrels, 002 l.40) at ``target``."""
        if n <= 0 or not m.up or not self.ready(t, m, arm, target, mode):
            return
        self.emit(GlVolley(t, m.name, target, arm.name, hand, mode, when, n, barrels))
        for i in range(n):
            if not m.up:
                return
            tm = self.men[target]
            if not tm.up:
                return self.block(t, m, "shoot", "target_out", target, tm.condition)
            if not self.fire(t, m, arm, tm, mode, when, called=called, two=two, hand=hand,
                             off=off, of=n, barrels=barrels, nth=i + 1):
                if i < n - 1 and m.up and arm.state != "ready" and \
                        self.events[-1].kind != "gl_blocked":
                    # the shots declared after a misfire, a jam, a burst or a dropped gun
                    # never come: said, not left out ("fires two shots", then only shot 1)
                    self.block(t, m, "shoot", {"misfire": "misfire", "jam": "jammed",
                                               "broken": "broken", "dropped": "knocked_down"}
                               .get(arm.state, "no_gun"), target, arm.name)
                return

    def ready(self, t: int, m: Man, arm: Arm, target: str, mode: str) -> bool:
        """Can ``m`` fire ``arm`` now at all? If not, say why (a blocked action) and return
        False, before any volley is announced."""
        tm = self.men[target]
        if not tm.up:
            self.block(t, m, "shoot", "target_out", target, tm.condition)
            return False
        if m.blinded:
            self.block(t, m, "shoot", "blinded", target)
            return False
        if arm.state != "ready":
            reason = {"misfire": "misfire", "jam": "jammed", "broken": "broken",
                      "dropped": "knocked_down"}.get(arm.state, "no_gun")
            self.block(t, m, "shoot", reason, target, arm.name)
            return False
        if arm.loaded == 0 and not (mode == "snap" and arm.gun.klass == "breech_loader"
                                    and not arm.snap_reloaded):
            self.block(t, m, "shoot", "empty", target, arm.name)
            return False
        return True

    def fire(self, t: int, m: Man, arm: Arm, tm: Man, mode: str, when: str,
             called: str | None = None, two: R.TwoGuns | None = None, hand: str = "primary",
             off: bool = False, forced: bool = False, of: int = 1, barrels: int = 1,
             nth: int = 1) -> bool:
        """One shot (``barrels`` 2: both barrels of a double at once, one attack that spends
        two rounds and doubles the damage of a hit, 002 l.40, G18 d, GN20); returns False
        when he can fire no more with this gun this round."""
        if not m.up and not forced:
            return False
        if m.blinded:
            self.block(t, m, "shoot", "blinded", tm.name)
            return False
        if arm.state != "ready":
            reason = {"misfire": "misfire", "jam": "jammed", "broken": "broken",
                      "dropped": "knocked_down"}.get(arm.state, "no_gun")
            self.block(t, m, "shoot", reason, tm.name, arm.name)
            return False
        if arm.loaded == 0:
            if mode == "snap" and arm.gun.klass == "breech_loader" and not arm.snap_reloaded:
                # 002 l.47-48: a breech loader in snap fire loads between its shots
                n = min(arm.gun.barrels, arm.gun.capacity)
                arm.loaded = n
                arm.snap_reloaded = True
                self.emit(GlReloaded(t, m.name, arm.name, n, n, arm.gun.capacity, "snap", ""))
            else:
                self.block(t, m, "shoot", "empty", tm.name, arm.name)
                return False
        feet = self.feet(m, tm)
        if mode == "point_blank" and not R.is_point_blank(feet):
            self.block(t, m, "shoot", "not_point_blank", tm.name, f"{shown_feet(feet)} ft")
            return False
        mods = self.modifiers(m, arm, tm, mode, feet, called, two, off)
        if mods is None:
            self.block(t, m, "shoot", "out_of_range", tm.name, f"{shown_feet(feet)} ft")
            return False
        if any(x.why == "impossible" for x in mods):
            self.block(t, m, "shoot", "impossible", tm.name, self.conditions.weather)
            return False
        roll = rolls.roll_to_hit(self.dice, m.name)
        total = roll + sum(x.value for x in mods)
        hit = R.hits(roll, total, tm.ac)
        fumble = R.fumbles(roll)
        arm.loaded -= barrels
        arm.fired += 1
        self.fired_any = True
        count = m.shots_this_round.get(id(arm), 0) + 1
        m.shots_this_round[id(arm)] = count
        tm.shot_at = True
        natural = "20" if roll == 20 else "1" if roll == 1 else ""
        result = "fumble" if fumble else "hit" if hit else "miss"
        bare = self.bare(m, tm, feet)
        self.emit(GlShot(t, m.name, tm.name, arm.name, hand, mode, when, count, of, feet,
                         called, roll, mods, total, tm.ac, result, natural, arm.loaded,
                         barrels, nth, bare, (self.cover_name(tm) or "") if bare else ""))
        # 002 l.69-70: a shot is a "shoots" trigger the moment it is fired; when the covered
        # man shoots his coverer, the trigger comes first (her one shot is owed), and the
        # attack then breaks her covering (no follow-ups)
        owed = [c for c in self.men.values() if c.covering is not None and not c.triggered
                and m.name in c.covering[0] and c.covering[1] == "shoots"]
        broke = tm.covering is not None and tm.up
        if hit:
            self.damage(t, m, arm, tm, mode, roll, called, barrels)
        go_on = True
        if fumble:
            go_on = self.malfunction(t, m, arm)
        if arm.state == "ready" and R.needs_recoil_check(m.c.str_, m.c.weight, arm.gun.recoil):
            it = self.intents.get(m.name)
            take_10 = bool(it and it.take_10) and R.may_take_10(mode, m.shot_at)
            chk = rolls.recoil_check(self.dice, m.name, m.c.str_, take_10, m.prone)
            lo, lw = R.recoil_minimums(arm.gun.recoil)
            self.emit(GlRecoil(t, m.name, arm.name, arm.gun.recoil, lo, lw, chk.roll,
                               chk.modifier, chk.total, chk.result))
            if chk.result != "held":
                m.recoil_failed += 1
            if chk.result == "knocked_down":
                m.prone = True
                arm.state = "dropped"
                go_on = False
        for c in owed:  # at once (l.69), before anything else happens
            if c.up and c.covering is not None and not c.triggered:
                self.covering_shot(t, c, m.name, opening=False)
        if broke and tm.covering is not None:  # 002 l.70: attacked, he stops covering
            tm.covering = None
            if tm.up:
                self.emit(GlCovering(t, tm.name, m.name, "attacked", "broken", False))
        return go_on and m.up

    def modifiers(self, m: Man, arm: Arm, tm: Man, mode: str, feet: float, called: str | None,
                  two: R.TwoGuns | None, off: bool) -> tuple[Modifier, ...] | None:
        """G2, G4-G7, G12-G15, G17: every term added to the d20; None when out of range."""
        mods = []
        if m.c.bab:
            mods.append(Modifier("bab", m.c.bab))
        dex = R.ability_modifier(m.c.dex)
        if dex:
            mods.append(Modifier("dex", dex))
        if two is not None and off and two.off_includes_mode:
            mods.append(Modifier("off_hand_table", two.off, "table", mode))
        else:
            moved = m.moved_feet > 0 or R.moved_aboard(m.aboard)
            mm = R.mode_modifier(mode, moved)
            if mode == "aimed" and moved and m.moved_feet == 0:  # 002 l.41: being moved
                mods.append(Modifier("aimed_aboard", 0, "table", m.aboard.on))
            elif mode == "aimed" and moved:
                mods.append(Modifier("aimed_moving", 0, "table", "the +4 lost"))
            elif mm:
                mods.append(Modifier(mode, mm))
            if two is not None:
                v = two.off if off else two.primary
                if v:
                    mods.append(Modifier("off_hand" if off else "two_guns", v))
        if mode == "fanning":
            n = m.shots_this_round.get(id(arm), 0) + 1
            mods += R.fanning_modifiers(n, feet, arm.gun.increment)
        elif mode != "point_blank":
            if not R.in_range(feet, arm.gun.increment):
                return None
            rm = R.range_modifier(feet, arm.gun.increment)
            if rm:
                mods.append(Modifier("range", rm, "table", "",
                                     R.full_increments(feet, arm.gun.increment)))
        own = "stationary_mobile" if tm.prone else tm.c.status
        if tm.aboard is not None and tm.aboard.moving:  # GN22: he shows at its speed
            status = R.aboard_status(tm.aboard, own)
        else:
            status = tm.gait if tm.moved_feet > 0 and tm.gait else own
        sv = R.status_modifier(status)
        # a man lying on the ground is a still target that can move: the table's "stationary
        # but mobile" (002 l.76, its example a seated target), told as lying, never standing
        mods.append(Modifier("target_lying" if tm.prone and status == "stationary_mobile"
                             else f"target_{status}", sv))
        bare = self.bare(m, tm, feet)   # ruled: GN26: nothing between them
        if tm.cover and not bare:
            mods.append(Modifier("cover", R.cover_modifier(tm.cover), "table", "", tm.cover))
        if tm.concealment and not bare:
            mods.append(Modifier("concealment", R.cover_modifier(tm.concealment, "concealment"),
                                 "table", "", tm.concealment))
        mods += list(self.condition_mods())
        if not arm.spec.familiar:
            u = R.unfamiliar_modifier(arm.fired)
            if u:
                mods.append(Modifier("unfamiliar", u, "table", "", arm.fired + 1))
        if m.blade_penalty and not off:  # 002 l.363: the blade strikes this round too
            mods.append(Modifier("gun_and_blade", m.blade_penalty))
        rp = R.recoil_penalty(m.recoil_failed)
        if rp:
            mods.append(Modifier("recoil", rp))
        if called is not None:
            mods.append(Modifier("called_shot", R.called_shot_modifier(
                called, m.c.skills.sharp_shooter, mode, arm.gun.form), "table", called))
        return tuple(mods)

    def damage(self, t: int, m: Man, arm: Arm, tm: Man, mode: str, roll: int,
               called: str | None, barrels: int = 1) -> None:
        """G9, G10, G18 d-e: location, dice, multipliers, hit points then Health; both
        barrels at once roll the damage once and double it (002 l.40, G18 d)."""
        if called is not None:
            loc, lroll = R.location_named(called), None
        else:
            lroll, loc = rolls.roll_location(self.dice, m.name)
        dice, bonus = rolls.roll_dice(self.dice, m.name, "damage", arm.gun.damage)
        smokeless = arm.spec.powder == "smokeless"
        mults = []
        if loc.multiplier != 1:
            mults.append(Modifier("impaling", 0, "table", str(loc.multiplier)))
        if mode == "point_blank" and roll == 20:
            mults.append(Modifier("point_blank_20", 0, "table", "2"))
        if barrels == 2:
            mults.append(Modifier("both_barrels", 0, "table", str(R.both_barrels_damage())))
        factors = tuple(Fraction(x.why) for x in mults)
        amount = R.damage_amount(dice, bonus, smokeless, factors)
        to_health = loc.critical or mode == "point_blank"
        why = "critical" if loc.critical else "point_blank" if mode == "point_blank" else ""
        before = tm.condition
        tm.hp, tm.health = R.apply_damage(tm.hp, tm.health, amount, to_health)
        tm.condition = R.condition(tm.health, tm.c.con)
        tm.wounds.append((loc.part, amount))
        broll, blinded = None, False
        if loc.blinding:
            broll, blinded = rolls.roll_blinding(self.dice, m.name)
            tm.blinded = tm.blinded or blinded
        self.emit(GlDamage(t, m.name, tm.name, lroll, loc.part, dice, arm.gun.damage, bonus,
                           smokeless, tuple(mults), amount, to_health, why, tm.hp, tm.health,
                           tm.c.con, tm.condition, broll, blinded))
        if tm.condition != before:
            self.emit(GlDown(t, tm.name, tm.condition, tm.health, tm.c.con))
            if tm.covering is not None:
                tm.covering = None

    def malfunction(self, t: int, m: Man, arm: Arm) -> bool:
        """G11: a fumble's d6; a burst hurts him and every man within a yard (GN9)."""
        roll, mal = rolls.roll_malfunction(self.dice, m.name, arm.spec.old,
                                           arm.spec.powder == "smokeless")
        arm.state = mal.result
        burst: tuple = ()
        if mal.result == "burst":
            near = [x.name for x in self.men.values() if x is not m and x.condition != "dead"
                    and math.dist(x.pos, m.pos) * FEET_PER_YARD
                    <= numbers()["malfunction"]["burst_nearby_feet"]]
            got = rolls.roll_burst(self.dice, m.name, near)
            burst = tuple(got.items())
            self.emit(GlMalfunction(t, m.name, arm.name, roll, mal.result, mal.clear, burst))
            for name, dice in burst:
                x = self.men[name]
                before = x.condition
                x.hp, x.health = R.apply_damage(x.hp, x.health, sum(dice), False)
                x.condition = R.condition(x.health, x.c.con)
                x.wounds.append(("burst", sum(dice)))
                if x.condition != before:
                    self.emit(GlDown(t, x.name, x.condition, x.health, x.c.con))
        else:
            self.emit(GlMalfunction(t, m.name, arm.name, roll, mal.result, mal.clear, burst))
        return False

    # ------------------------------------------------------------------ status
    def status(self, m: Man) -> CharacterStatus:
        """The shared status record: ``condition`` active, passed_out (unconscious) or dead;
        wounds by part with their damage; ``wound_points`` hit points, ``capacity`` Health."""
        cond = {"up": "active", "unconscious": "passed_out", "dead": "dead"}[m.condition]
        wounds = tuple(WoundNote(part, "blinded" if part == "face" and m.blinded else "hit", d)
                       for part, d in m.wounds)
        guns = tuple(WeaponNote(a.name, a.loaded, a.gun.capacity,
                                a.state if a.state != "ready" else ("ready" if a.loaded
                                                                     else "empty"))
                     for a in m.arms)
        return CharacterStatus(m.name, m.side, cond, wounds, m.hp, m.health, guns, m.pos,
                               self.cover_name(m), False, m.prone)
