"""The Boot Hill fight loop: tactics, initiative, declarations, fire, movement (combat turns).

Pure: a LoadedScenario and dice in, a FightLog out. No prose, no files, no printing.
Sequence of a combat turn: 000 l.36-43 (errata B11-B12). Shots: errata B1-B10.

May import: narrator.events, narrator.dice, narrator.errors, narrator.frozen, narrator.rulesets.boothill.*
(its scenario's shapes, tables, rules), narrator.weapon_owner (whose a weapon's name says it is).
"""

from __future__ import annotations

import dataclasses
import math
import weakref
from fractions import Fraction
from typing import Any

from narrator.dice import Dice, fight_hash
from narrator.events import (
    shown_value,
    CharacterIntro, CharacterStatus, Event, FightEnded, FightLog, FightStarted, IntentDeclared,
    Modifier, OtherAction, PlaceNote, RulingNote, StateAdjusted, StoodIdle, TurnEnded,
    TurnStarted, WeaponNote, WoundNote,
)
from narrator.frozen import record
from narrator.scenario.models import declared_ever
from narrator.rulesets.boothill.events import (
    ActionRefused, BruisesHealed, CoverHit, Died, FootingChecked, InitiativeRolled, JamWorked,
    HoldChanged, Jumped, LocationRolled, MortalCheck, Moved, PassedOut, PelletsRolled, Reloaded,
    ScatterChecked, ShotFired, SideRoll, SurprisedFromDarkness, TacticsChecked, TargetSwitched,
    WeaponPickedUp, WoundTaken,
)
from narrator.rulesets.boothill import hit, tables
from narrator.rulesets.boothill.melee import MELEE_KINDS, HandToHand, reach_yards
from narrator.rulesets.boothill.shootout import ShootoutTurns, start_cursor, wants_shootout
from narrator.rulesets.boothill.shot import (
    COMBAT,
    PlannedShot,
    TurnKind,
    plan_volleys,
    shot_targets,
    too_many,
)
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.state import (
    LEGS,
    PreparedShot,
    GUNSMITH_SECONDS,
    JAM_SECONDS,
    Cover,
    Fighter,
    WeaponState,
    Wound,
    make_weapon,
)
from narrator.rulesets.boothill.scenario import (
    HouseRules,
    Intent,
    MoveIntent,
    Ruling,
    Scenario,
    Skills,
    Turn,
)
from narrator.scenario.models import idle_characters, same_weapon_name
from narrator.turns import TurnLoop
from narrator.weapon_owner import owned_weapon

NO_TURN = Turn()  # a turn past the declared ones (shared: the engine never changes a Turn)
SKILL_NAMES = tuple(Skills.model_fields)
NO_PROGRESS = Fraction(0)  # no round of a reload under way (Fractions never change)


MAX_INITIATIVE_ROUNDS = 50

# The lean path's decisions, by scenario object (``BootHillFight._decisions``): Monte Carlo
# odds fight one scenario thousands of times, and the profiles meet the same states again
# and again (every fight's first turn, for a start). Dropped when the scenario is collected.
_DECISIONS: dict[int, dict] = {}
_DECISIONS_MAX = 50_000
_PLANS_MAX = 50_000  # (``fire``'s shared volleys: as ``shootout._PLANS_MAX``)
# The lean path's fighters as each scenario places them at the start of a fight (by scenario
# object, ``BootHillFight._place_kept``); dropped when the scenario is collected.
_PLACED: dict[int, tuple] = {}
# weapon type -> its shots are ``lean_shot``'s (no pellets, no scatter, not thrown)
_PLAIN: dict[str, bool] = {}
_MEMO_TRIAL = 16  # a turn whose states were found in the memo less than one time in 8 over
                  # this many fights is planned without looking (the key costs time too)


class _Plain:
    """A plain copy of an Intent or a MoveIntent (``_plain_intents``): the same fields as
    plain attributes, which the turn reads several times faster than a pydantic model's."""


# id(Intent) -> (the Intent, its plain copy): the lean path's intents (``_plain_intents``);
# the Intent kept with its copy, so its id is not another's. Bounded like the other memos.
_PLAIN_INTENTS: dict[int, tuple] = {}
_PLAIN_MAX = 20_000
_MELEE = Intent.melee.func  # (what ``Intent.melee`` computes and keeps)


def _plain_of(i: Any) -> _Plain:
    """A plain copy of Intent ``i`` (its fields, its ``melee``, its move a plain copy too),
    made once per Intent object: the engine never changes an intent, nor a move."""
    got = _PLAIN_INTENTS.get(id(i))
    if got is not None and got[0] is i:
        return got[1]
    p = _Plain()
    d = p.__dict__
    d.update(i.__dict__)
    d["melee"] = _MELEE(i)  # (``Intent.melee`` worked out, without its cached_property)
    mv = i.move
    if mv is not None:
        m = _Plain()
        m.__dict__.update(mv.__dict__)
        d["move"] = m
    if len(_PLAIN_INTENTS) >= _PLAIN_MAX:
        _PLAIN_INTENTS.clear()
    _PLAIN_INTENTS[id(i)] = (i, p)
    return p


def _plain_intents(intents: dict[str, Any]) -> dict[str, Any]:
    """The lean path's turn intents as plain copies (``_plain_of``), by the same names in
    the same order: what the turn reads of them is the same, read faster."""
    out = {}
    get = _PLAIN_INTENTS.get
    for name, i in intents.items():
        got = get(id(i))
        out[name] = got[1] if got is not None and got[0] is i else _plain_of(i)
    return out


@record
class Profile:
    """Which departures from the tables are in force.

    Attributes:
        house: the house-rule options (all defaults = the tables).
        rulings: the GM rulings in force.
    """

    house: HouseRules
    rulings: tuple[Ruling, ...]

    @property
    def name(self) -> str:
        """"tables", or a short list of the house rules and the number of rulings."""
        parts = [f"{k}={_fmt(v)}" for k, v in self.house.changed()]
        text = "house rules: " + ", ".join(parts) if parts else "tables"
        if self.rulings:
            text += f"; {len(self.rulings)} GM ruling{'s' if len(self.rulings) != 1 else ''}"
        return text


def _fmt(v: object) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def profile_of(scenario: Scenario, tables_only: bool = False) -> Profile:
    """The scenario's profile, or the plain tables (no house rules, no rulings)."""
    if tables_only:
        return Profile(HouseRules(), ())
    return Profile(scenario.house_rules, tuple(scenario.rulings))


class BootHillFight(ShootoutTurns, HandToHand):
    """One Boot Hill fight. Call ``run()`` once.

    Args:
        scenario: a validated scenario whose names are canonical (see the loader).
        side_of: full name -> side.
        dice: the dice to roll (seeded or scripted).
        profile: house rules and rulings in force.
        seed: the seed reported in the write-up.
        record: keep the event records (the write-up's); False is the lean path of Monte
            Carlo odds (``narrator.engine.run_summary``): the same fight, the same dice in
            the same order, but no event objects, no roll log and no hash; ``run`` then
            returns an empty log and ``ending`` says how the fight ended.
    """

    # the lean path fights a guns-only shootout turn in its own loop
    # (``ShootoutTurns.lean_shootout_turn``); False: always the general one (the tests
    # compare the two)
    fast_loop = True

    def __init__(self, scenario: Scenario, side_of: dict[str, str], dice: Dice,
                 profile: Profile, seed: int, *, record: bool = True) -> None:
        self.sc = scenario
        self.record = record
        self.shots_by: dict[str, int] = {}  # shots fired and hits by shooter (the summary's
        self.hits_by: dict[str, int] = {}   # counts, kept with or without the records)
        self.ending: tuple[int, str] | None = None  # (turns fought, reason) once run
        self.dice = dice
        self.roll = dice.roll  # (``roll`` below, without a call of its own: every die rolled)
        self.profile = profile
        self.house = profile.house
        self.seed = seed
        self.events: list[Event] = []
        self.sides = list(scenario.sides)
        self.fighters: dict[str, Fighter] = {}
        self.tactics_bonus: dict[str, int] = {s: 0 for s in self.sides}
        # a man whose Tactics check failed, and the turn he tries again (0: every later turn,
        # B18(h); the house rule tactics_retry)
        self.tactics_failed: dict[str, int] = {}
        self.dark_surprised: set[str] = set()  # completely surprised this turn (000 l.541)
        self.shots_fired = 0
        self.elapsed = 0
        self.gone_landmarks: set[str] = set()
        self.last_kind: str | None = None
        self.tactic_made: set[tuple[int, str]] = set()
        self.wounds_declared: dict[str, int] = {}  # wounds when the turn was declared
        self.pending: dict[str, dict] | None = None
        self.edit_passed_out: list[str] = []  # passed out by a GM's edit (``adjust``)
        self.edit_released: list[tuple[str, str]] = []  # holds a GM's move ended (``adjust``)
        self.count_base = 0
        self.total_turns = 0  # the turns the fight may last (``run``)
        self.open_ended = False  # play-by-post with no max_turns: no last turn (``run``)
        # the lean path's shots aimed (``prepare``), by everything their aim reads that may
        # change in a fight: kept with the scenario's decisions (``_decisions``: across its
        # fights), or for this fight alone (``fight_on``); None: not kept (``run`` with
        # records, or the odds kernel's fights, whose state is set from outside)
        self._aimed: dict[tuple, tuple | bool] | None = None
        # the lean path's shots aimed while one turn's shots are fired (``lean_counts``, a
        # combat turn with no blow: nobody moves meanwhile, and nothing ``_aim`` reads
        # changes but the shooter's wounds, the target's condition and hold, the shooter's
        # hold and the first shot of the fight), by those and the shot; None: not kept
        self._aim_now: dict[tuple, tuple | bool] | None = None
        # the lean path's shootout actions planned (``ShootoutTurns.plan``), kept with the
        # scenario's decisions (``run``); None: planned afresh (records; ``fight_on``)
        self._plans: dict[tuple, tuple] | None = None
        # the intents ``_plan`` last asked ``wants_shootout`` of, and its answer (the same
        # dict comes to ``kind_of``: unchanged, the same answer)
        self._wanted: tuple[dict[str, Intent], bool] | None = None
        if not record:  # (the lean path: the same scenario fought again and again)
            self._place_kept(scenario)
        else:
            self._place(scenario)
        # Lookups the turn loop makes again and again, computed once (same results).
        self._weapon_at: dict[tuple[str, str, int], tuple[int, ...]] = {}  # weapon_index's
        #   matches, in order
        self._tacticians = [f for f in self.fighters.values() if f.tactics]
        self._rulings_by_kind: dict[str, list[Ruling]] = {}
        self._rulings_at: dict[tuple[str, int], tuple[Ruling, ...]] = {}  # (``rulings``)
        self._fire_orders: dict[tuple[str, ...], list[tuple[str, Fighter]]] = {}  # (by the
        #   sides' order: ``in_fire_order``)
        for r in profile.rulings:
            self._rulings_by_kind.setdefault(r.kind, []).append(r)
        # a man may be in complete darkness this fight (``surprise_from_darkness``): one
        # placed there, or a dark landmark he may reach (only those put a man in darkness:
        # ``_place``, ``place``, ``move``)
        self._dark = any(f.in_darkness for f in self.fighters.values()) or any(
            lm.dark for lm in scenario.map.values())
        # the two sides of a lean fight of two sides with no initiative ruling (``initiative``
        # rolls for them without looking further), else None
        self._two_sides = tuple(self.sides) if (
            not record and len(self.sides) == 2
            and "initiative" not in self._rulings_by_kind) else None
        # a ruling for given turns changes a shot's band or modifiers: the lean path's aim
        # memo (``prepare``) tells the turns apart
        self._aim_by_turn = any(r.turn is not None for kind in ("range_band", "cancel_modifier")
                                for r in self._rulings_by_kind.get(kind, ()))

    def _place(self, scenario: Scenario) -> None:
        """The fighters as the scenario places them, and each side's in fire order
        (``_members``)."""
        order = 0
        for side, c in scenario.characters():
            cover = None
            landmark = None
            if isinstance(c.cover, str):
                lm = scenario.map[c.cover]
                cover = Cover.of(lm.cover, lm.name or c.cover.replace("_", " "))
                landmark = c.cover
            elif c.cover is not None:
                cover = Cover.of(c.cover)
            dark = c.in_darkness or (isinstance(c.cover, str) and scenario.map[c.cover].dark)
            f = self.fighters[c.name] = Fighter(
                c=c, side=side, order=order, pos=(float(c.at[0]), float(c.at[1])),
                weapons=[make_weapon(w) for w in c.weapons], mounted=c.mounted, prone=c.prone,
                cover=cover, landmark=landmark, drawn=c.drawn, in_darkness=bool(dark))
            if c.cover is None:
                # placed at a landmark (``at:`` its key or name, or its spot): at it, in its
                # cover and its darkness, as arriving there puts him (ruling BN3)
                key = self.landmark_at(f.pos)
                if key is not None:
                    self.take_landmark(f, key)
                    f.in_darkness = f.in_darkness or bool(scenario.map[key].dark)
            order += 1
        self._members: dict[str, list[Fighter]] = {
            side: sorted((f for f in self.fighters.values() if f.side == side),
                         key=lambda f: (-f.c.attributes.coo, f.order))
            for side in self.sides}

    def _place_kept(self, scenario: Scenario) -> None:
        """``_place``, from what the first fight of this scenario placed (``_PLACED``): each
        man and each of his weapons as they stood then, copied field by field (their
        ``__dict__``; the cover objects shared: nothing changes a Cover), with lists of their
        own (weapons, wounds, queue); the fire order by the men's orders."""
        kept = _PLACED.get(id(scenario))
        if kept is None:
            self._place(scenario)
            men = []
            for f in self.fighters.values():
                fields = dict(f.__dict__)
                del fields["weapons"], fields["wounds"], fields["queue"]
                men.append((f.name, fields, tuple(dict(w.__dict__) for w in f.weapons)))
            members = {side: tuple(f.order for f in fs) for side, fs in self._members.items()}
            _PLACED[id(scenario)] = (tuple(men), members)
            weakref.finalize(scenario, _PLACED.pop, id(scenario), None)
            return
        men, members = kept
        fighters = self.fighters
        by_order = []
        new = object.__new__
        for name, fields, weapons in men:
            f = new(Fighter)
            d = f.__dict__
            d.update(fields)
            arms = []
            for w in weapons:
                ws = new(WeaponState)
                ws.__dict__.update(w)
                arms.append(ws)
            d["weapons"] = arms
            d["wounds"] = []
            d["queue"] = []
            fighters[name] = f
            by_order.append(f)
        self._members = {side: [by_order[k] for k in orders] for side, orders in members.items()}

    # ------------------------------------------------------------------ helpers
    def emit(self, e: Event) -> None:
        if self.record:
            self.events.append(e)

    def roll(self, who: str, purpose: str, sides: int) -> int:
        return self.dice.roll(who, purpose, sides)

    def rulings(self, t: int, kind: str) -> tuple[Ruling, ...]:
        """The rulings of ``kind`` in force in turn ``t`` (kept by kind and turn: a ruling
        of the fight's profile never changes)."""
        by_kind = self._rulings_by_kind.get(kind)
        if not by_kind:  # (most fights: no ruling of the kind in force)
            return ()
        key = (kind, t)
        got = self._rulings_at.get(key)
        if got is None:
            got = self._rulings_at[key] = tuple(r for r in by_kind
                                                if r.turn is None or r.turn == t)
        return got

    def side_order(self, side: str, t: int) -> list[Fighter]:
        """A side's characters in fire (and declaration) order: a fire_order ruling first,
        then highest COO first, scenario order breaking ties (errata B12)."""
        members = self._members[side]
        if "fire_order" not in self._rulings_by_kind:  # (most fights: no such ruling)
            return members
        for r in self.rulings(t, "fire_order"):
            if r.fire_order.side == side:
                ranked = [self.fighters[n] for n in r.fire_order.order]
                members = ranked + [f for f in members if f not in ranked]
        return members

    def in_fire_order(self, ranked: list[str], t: int) -> list[tuple[str, Fighter]]:
        """(side, man) for every man in fire order: the sides as ``ranked`` (by
        initiative), each side's men in ``side_order``. Kept by the sides' order when no
        fire_order ruling is in force (the same list, turn after turn)."""
        if "fire_order" in self._rulings_by_kind:
            return [(side, f) for side in ranked for f in self.side_order(side, t)]
        key = tuple(ranked)
        got = self._fire_orders.get(key)
        if got is None:
            members = self._members
            got = self._fire_orders[key] = [(side, f) for side in ranked for f in members[side]]
        return got

    def active_sides(self) -> list[str]:
        """The sides with a man still up, in the scenario's order."""
        up = set()
        for f in self.fighters.values():
            if f.condition == "active":  # (up)
                up.add(f.side)
        sides = self.sides
        if len(up) == len(sides):  # (every side up: the scenario's order, as it is)
            return list(sides)
        return [s for s in sides if s in up]

    def _one_side_up(self) -> bool:
        """``len(self.active_sides()) <= 1``, without the lists: no two sides have a man up
        (the end of a fight, asked after every turn)."""
        side = None
        for f in self.fighters.values():
            if f.condition == "active":  # (up)
                if side is None:
                    side = f.side
                elif f.side != side:
                    return False
        return True

    # ------------------------------------------------------------------ the fight
    def run(self, stop_after: int | None = None,
            adjustments: dict[int, dict[str, dict]] | None = None) -> FightLog:
        """Fight every declared turn (or ``max_turns``), or until one side is all down.

        Args:
            stop_after: stop after this turn (reason "paused" if the fight would go on).
            adjustments: ``{turn: {name: {field: value}}}``: GM edits of the state, applied at
                the start of that turn (see ``adjust``).

        Returns:
            The fight's log.
        """
        if self.record:
            self.emit(self.started())
        else:
            memo = self._aimed = self._plans = self._decisions()
            # the rulings in force by kind and turn, kept with the decisions: they are the
            # profile's (``rulings``), the same in every fight of it
            self._rulings_at = memo.setdefault(("rulings at",), self._rulings_at)
        total = self.total_turns = max(len(self.sc.turns), self.sc.max_turns or 0)
        # play-by-post without max_turns: the GM adds a turn after each one (no last turn)
        self.open_ended = stop_after is not None and self.sc.max_turns is None
        self.tactics()
        loop = TurnLoop(total, self.dice, stop_after)
        self._turns(loop, adjustments)
        if not self.record:
            return FightLog((), ())
        rolls = list(self.dice.rolls)
        if self.record:
            self.emit(FightEnded(loop.turns, self.elapsed, loop.reason, tuple(self.active_sides()),
                                 len(rolls), sum(1 for r in rolls if r.scripted),
                                 fight_hash(self.sc, self.events[0].profile, adjustments, rolls),
                                 idle_characters(self.sc)))
        return FightLog(tuple(self.events), tuple(rolls))

    def _turns(self, loop: TurnLoop, adjustments: dict[int, dict[str, dict]] | None = None,
               first: int = 1) -> None:
        """The turns of ``loop`` from turn ``first`` on (the GM's ``adjustments`` at the start
        of theirs), until one side is all down; then ``heal_bruises`` (only when a side is down: BN6) and
        ``ending``."""
        for t in loop:
            if t < first:
                continue
            i = t - 1
            self.pending = (adjustments or {}).get(t)
            if self.pending:  # the GM's edits first: tactics decide from the edited state
                self.adjust(t, self.pending, announce=False)
            turn = self.sc.turns[i] if i < len(self.sc.turns) else NO_TURN
            if self.tactic_made:  # (only this turn's are read: ``declare``, the planning's
                self.tactic_made = set()  # memo; else it grows, and is copied, every turn)
            intents = self.complete_intents(t, turn.intents, turn.kind)
            kind = self.kind_of(t, turn, intents)
            if not self.record:  # (the turn reads its intents' fields as plain attributes)
                intents = _plain_intents(intents)
            if kind == "shootout":
                self.shootout_turn(t, intents)
            else:
                self.combat_turn(t, intents)
            self.last_kind = kind
            if loop.done(t, self._one_side_up()):
                break
        if loop.reason == "side_down":  # cut off undecided or paused: not over (ruling BN6)
            self.heal_bruises()
        self.ending = (loop.turns, loop.reason)

    def fight_on(self, first: int) -> None:
        """Fight on from the start of turn ``first`` to the end, with no records, from a state
        set from outside: the fighters', the clock (``elapsed``), ``shots_fired``,
        ``last_kind``, the sides' Tactics bonus and the checks still to be tried again, the
        sides called on to surrender. The odds kernel hands a fight over so when, at the
        start of a turn, it meets what it does not cover (a man coming to blows). Tactics
        checks of the fight's start are not rolled again; ``ending`` says how it ended.

        Raises:
            ValueError: the fight keeps records (only a lean fight can be fought on so).
        """
        if self.record:
            raise ValueError("fight_on: only a fight with record=False")
        self._aimed = {}
        for f in self.fighters.values():  # (actions set from outside: a blow queued?)
            for a in f.queue:
                if a.kind in MELEE_KINDS:
                    self.melee_planned = True
        self.total_turns = max(len(self.sc.turns), self.sc.max_turns or 0)
        self.open_ended = False
        self._turns(TurnLoop(self.total_turns, self.dice), None, first)

    def heal_bruises(self) -> None:
        """After the fight the bruise points are gone (errata B19); a man they knocked cold
        (his wound points alone within his STR) comes to. Emits ``bruises_healed``."""
        bruised = [f for f in self.fighters.values() if f.bruise_points]
        if not bruised:
            return
        came_to = []
        for f in bruised:
            if f.condition == "passed_out" and f.wound_points <= f.capacity:
                came_to.append(f.name)
        if self.record:
            self.emit(BruisesHealed(tuple((f.name, f.bruise_points) for f in bruised),
                                    tuple(came_to)))
        for f in bruised:
            f.bruise_points = 0

    def adjust(self, t: int, changes: dict[str, dict], announce: bool = True) -> None:
        """Apply a GM's hand edits of the state (``narrator next`` after editing ``state:``):
        ``at``, ``condition``, ``wound_points``, ``mounted``, ``prone``, and ``loaded`` per
        weapon name. Each becomes a visible ``state_adjusted`` event (with ``announce``; the
        turn loop applies them before the tactics decide and shows them in ``begin_turn``).

        The rules then apply to the edited state: a man still up whose wound points now exceed
        his Strength passes out (000 l.433, errata B8), as a ``passed_out`` event after the
        edits (a GM who means him to stay up lowers his wound points instead). A hold
        (errata B19) whose two men an edit of ``at`` puts beyond reach (2 yards) is let go, as
        a ``hold_changed`` "released" event."""
        self.edit_passed_out = []
        self.edit_released = []
        for name, fields in changes.items():
            f = self.fighters[name]
            for key, value in fields.items():
                if key == "at":
                    self.place(f, value)
                elif key == "condition":
                    f.condition = value
                elif key == "wound_points":
                    f.wound_points = int(value)
                elif key in ("mounted", "prone"):
                    setattr(f, key, bool(value))
                elif key == "loaded":
                    for ws in f.weapons:
                        if ws.name in value:
                            ws.loaded = int(value[ws.name])
                if announce:
                    if self.record:
                        self.emit(StateAdjusted(t, name, key, shown_value(value)))
            if f.condition == "active" and f.wound_points > f.capacity:
                f.condition = "passed_out"
                f.mounted = False  # a rider who goes down falls from the saddle
                if announce:
                    if self.record:
                        self.emit(PassedOut(t, name, f.wound_points, f.capacity))
                else:
                    self.edit_passed_out.append(name)
        for f in self.fighters.values():
            held = self.fighters[f.holding] if f.holding is not None else None
            if held is not None and math.dist(f.pos, held.pos) > reach_yards() + 1e-9:
                if announce:
                    self.end_hold(t, f, "released", None)
                else:
                    f.holding = held.held_by = None
                    self.edit_released.append((f.name, held.name))

    def place(self, f: Fighter, point: tuple[float, float] | list[float]) -> None:
        """Put ``f`` at ``point`` ([x, y] yards; a GM's edit of ``at``) as arriving there puts
        him: on a standing landmark's own spot he is at it, in its cover and its darkness
        (``take_landmark``); anywhere else in the open and out of the dark. What his old spot
        gave him goes with it."""
        f.pos = (float(point[0]), float(point[1]))
        f.cover, f.landmark, f.in_darkness = None, None, False
        key = self.landmark_at(f.pos)
        if key is not None:
            self.take_landmark(f, key)
            f.in_darkness = bool(self.sc.map[key].dark)

    def bare(self, f: Fighter, target: Fighter) -> str:
        """Why ``target``'s cover covers nothing against ``f``'s shot (ruled: BN7):
        ``"landmark"`` when both are at the same landmark, ``"close"`` when ``f`` is within
        the [cover] ``open_yards`` of him; ``""`` when it counts (or he has none)."""
        if target.cover is None:
            return ""
        if f.landmark is not None and f.landmark == target.landmark:
            return "landmark"
        return "close" if math.dist(f.pos, target.pos) <= tables.open_yards() + 1e-9 else ""

    def landmark_at(self, pos: tuple[float, float]) -> str | None:
        """The key of the standing landmark (not gone) whose spot is ``pos`` ([x, y] yards,
        exactly), the first of the map's on a tie; None when there is none."""
        for key, lm in self.sc.map.items():
            if key not in self.gone_landmarks and (float(lm.at[0]), float(lm.at[1])) == pos:
                return key
        return None

    def take_landmark(self, f: Fighter, key: str) -> str | None:
        """``f`` is at landmark ``key`` (arrived, or placed there): in its cover if it gives
        any. Returns the cover's name, or None."""
        lm = self.sc.map[key]
        f.landmark = key
        if lm.cover is None:
            return None
        f.cover = Cover.of(lm.cover, lm.name or key.replace("_", " "))
        return f.cover.name

    def kind_of(self, t: int, turn: Turn, intents: dict[str, Intent]) -> str:
        """The kind turn ``t`` is fought as, its intents completed: the declared kind; for
        ``auto``, a shootout turn when the intents ask for one (``wants_shootout``, 001
        l.8-12) or when the tactics profiles planned this turn's intents for one and kept
        that plan (``tactics.planned_kind``; see ``complete_intents``), else a combat turn.
        So a turn is always fought as the profiles planned it."""
        if turn.kind != "auto":
            return turn.kind
        wanted = self._wanted
        if wanted is not None and wanted[0] is intents:  # (``_plan`` asked it of these)
            if wanted[1]:
                return "shootout"
        elif wants_shootout(self, intents):
            return "shootout"
        return "shootout" if tactics.planned_kind(self, t) == "shootout" else "combat"

    def complete_intents(self, t: int, declared: dict[str, Intent],
                         kind: str = "auto") -> dict[str, Intent]:
        """Declared intents, plus what each silent character's tactics profile decides
        (``narrator.rulesets.boothill.tactics``). Declared intents always win.

        The profiles plan for the kind of turn they expect (``tactics.turn_kind``); an
        ``auto`` turn they planned as a shootout turn (an enemy within 20 feet) in which
        nobody's intent makes it one (``wants_shootout``, 001 l.8-12) would be fought as a
        combat turn, so they plan it again as a combat turn, and that plan is kept when it
        makes no shootout turn either. Otherwise the shootout plan stands and the turn is
        fought as planned (``kind_of``)."""
        self._wanted = None  # (``kind_of`` takes only the answer of this planning)
        for f in self._tacticians:
            if f.name not in declared and f.condition == "active":  # (up)
                break
        else:  # (every man a profile decides for has his intent declared, or is down)
            return dict(declared)
        if self.record:  # why a profile's walk was no run is told from these (``move``)
            self.wounds_declared = {f.name: len(f.wounds) for f in self._tacticians}
        key = memo = None
        if not self.record and not self.pending and self._own_turn(t, declared, kind):
            memo = self._decisions()
            tries = memo.setdefault(t, [0, 0])  # (turn t planned, found in the memo)
            if tries[0] < _MEMO_TRIAL or tries[1] * 8 >= tries[0]:  # (else: rarely met)
                key = self._decision_key(t)
            if key is not None:
                tries[0] += 1
                hit = memo.get(key)
                if hit is not None:
                    tries[1] += 1
                    return self._decided(t, hit)
        out = self._plan(t, declared, kind)
        if key is not None:
            if len(memo) >= _DECISIONS_MAX:
                memo.clear()  # (the counts of tries too: they are tried again)
            mem = tactics.memory_of(self)
            memo[key] = (dict(out), tuple(n for k, n in self.tactic_made if k == t),
                         tuple(mem.called), mem.plan_kind, tuple(mem.targeted.items()))
        return out

    def _own_turn(self, t: int, declared: dict[str, Intent], kind: str) -> bool:
        """``declared`` and ``kind`` are the scenario's own for turn ``t`` (as ``run`` passes
        them), or a turn past the declared ones with nothing declared."""
        turns = self.sc.turns
        if t <= len(turns):
            return declared is turns[t - 1].intents and kind == turns[t - 1].kind
        return not declared and kind == "auto"

    def _decisions(self) -> dict:
        """The lean path's decisions already made for this scenario and profile."""
        memo = self.__dict__.get("_memo")
        if memo is not None:
            return memo
        by_scenario = _DECISIONS.get(id(self.sc))
        if by_scenario is None:
            by_scenario = _DECISIONS[id(self.sc)] = {}
            weakref.finalize(self.sc, _DECISIONS.pop, id(self.sc), None)
        profile = self.profile
        which = True if (profile.house is self.sc.house_rules
                         and profile.rulings == tuple(self.sc.rulings)) else repr(profile)
        memo = by_scenario.get(which)
        if memo is None:
            memo = by_scenario[which] = {}
        self.__dict__["_memo"] = memo
        return memo

    def _decision_key(self, t: int) -> tuple | None:
        """Everything the profiles' decisions for turn ``t`` (``_plan``) read of the state, or
        None when the memory of this turn's planning is already in use (planned before).

        The turn, where it matters (a declared turn, or rulings for given turns); the last
        kind of turn, whether a shot has been fired, the sides called on to surrender, the
        landmarks gone; per man down, where his thrown weapons lie; per man up: position,
        wound points, wounds (light and serious, serious in either arm: what the estimates
        read; in which leg: what a move allows, ``tactics._allowance``), cover and landmark, prone, mounted, holds, weapon in hand and drawn, after a
        shootout turn where his actions start (``start_cursor``) and whether any are queued,
        and each weapon's rounds, spare rounds, jam, use, where it lies."""
        mem = tactics.memory_of(self, create=False)
        if mem is not None and mem.plan_turn == t:
            return None
        if any(k == t for k, _ in self.tactic_made):
            return None
        sc = self.sc
        turn = t if t <= len(sc.turns) or any(r.turn is not None for r in sc.rulings) else 0
        parts: list = [turn, self.last_kind, self.shots_fired == 0,
                       tuple(sorted(mem.called)) if mem is not None else (),
                       tuple(sorted(self.gone_landmarks)) if self.gone_landmarks else ()]
        shootout = self.last_kind == "shootout"
        for f in self.fighters.values():
            if f.down:  # (the profiles read only the thrown weapons lying about of a man down)
                parts.append(tuple((ws.lying_at, ws.gone) for ws in f.weapons))
                continue
            cover = f.cover
            wounds = None
            if f.wounds:
                gun_arm, off_arm = f.gun_arm, f.off_arm
                wounds = tuple(sorted(
                    (w.severity, w.severity == "serious" and w.location in gun_arm,
                     w.severity == "serious" and w.location in off_arm,
                     w.location if w.location in LEGS else "") for w in f.wounds))
            parts.append((
                f.pos, f.wound_points, wounds,
                (cover.name, cover.kind, cover.locations) if cover is not None else None,
                f.landmark, f.prone, f.mounted, f.held_by, f.holding, f.current_weapon,
                f.drawn, f.in_darkness,
                # the cursor and queue count only after a shootout turn (start_cursor, the
                # carried actions of turn_kind and wants_shootout)
                (max(start_cursor(self, f), 0), bool(f.queue)) if shootout else None,
                tuple((ws.spec.name, ws.wt.type, ws.loaded, ws.jammed_seconds, ws.useless,
                       ws.spare, ws.lying_at, ws.gone) for ws in f.weapons)))
        return tuple(parts)

    def _decided(self, t: int, hit: tuple) -> dict[str, Intent]:
        """A decision of ``_decisions`` put back: the intents, the intents the profiles made,
        their memory after deciding (sides called on, the kind planned, targets chosen)."""
        out, made, called, plan_kind, targeted = hit
        mem = tactics.memory_of(self)
        mem.called = set(called)
        mem.plan_turn, mem.plan_kind = t, plan_kind
        mem.targeted = dict(targeted)
        for name in made:
            self.tactic_made.add((t, name))
        return dict(out)

    def _plan(self, t: int, declared: dict[str, Intent], kind: str) -> dict[str, Intent]:
        """``complete_intents``' planning, worked out."""
        tactics.begin_planning(self)  # (nothing changes the state until end_planning)
        try:
            before = tactics.snapshot(self)
            mem = tactics.memory_of(self)
            mem.kind_read = False
            out = self._decide(t, declared)
            if kind == "auto" and tactics.planned_kind(self, t) == "shootout":
                wanted = wants_shootout(self, out)
                self._wanted = (out, wanted)  # (what ``kind_of`` asks again of them)
                if not wanted:
                    after = tactics.snapshot(self)
                    tactics.restore(self, before, t, "combat")
                    if not mem.kind_read:
                        # no decision read the kind of turn (a man with no loaded gun
                        # reloading where he stands, most often): planned again as a
                        # combat turn, each is the same, and so is what the profiles
                        # remember after it (the sides called on, the intents made; nobody
                        # targeted by such a decision)
                        mem.called = after[0]
                        self.tactic_made = after[2]
                        self._wanted = (out, False)
                        return out
                    again = self._decide(t, declared)
                    if not wants_shootout(self, again):
                        self._wanted = (again, False)
                        return again
                    tactics.restore(self, after, t, "shootout")
            return out
        finally:
            tactics.end_planning(self)

    def _decide(self, t: int, declared: dict[str, Intent]) -> dict[str, Intent]:
        out = dict(declared)
        for f in self.fighters.values():
            if f.name in out or f.condition != "active" or not f.tactics:  # (down)
                continue
            intent = tactics.decide(self, t, f)
            if intent is not None:
                out[f.name] = intent
                self.tactic_made.add((t, f.name))
        return out

    def started(self) -> FightStarted:
        intros = []
        for f in self.fighters.values():
            c = f.c
            skills = tuple((k, v) for k in SKILL_NAMES if (v := getattr(c.skills, k)))
            intros.append(CharacterIntro(
                c.name, c.short or c.name, f.side, c.pronoun, c.attributes.str_, c.attributes.coo,
                c.attributes.obs, c.attributes.sta, c.attributes.luck, skills,
                tuple(w.name for w in f.weapons), f.mounted, f.pos,
                f.cover.name if f.cover else None, prone=f.prone))
        notes = [RulingNote(None, "house_rule", (k,), _fmt(v), "") for k, v in self.house.changed()]
        for r in self.profile.rulings:
            if r.range_band:
                notes.append(RulingNote(r.turn, "range_band", tuple(r.range_band.between),
                                        r.range_band.band, r.why))
            elif r.fire_order:
                notes.append(RulingNote(r.turn, "fire_order", tuple(r.fire_order.order),
                                        r.fire_order.side, r.why))
            elif r.cancel_modifier:
                notes.append(RulingNote(r.turn, "cancel_modifier", (r.cancel_modifier.character,),
                                        r.cancel_modifier.modifier, r.why))
            elif r.initiative:
                notes.append(RulingNote(r.turn, "initiative", tuple(r.initiative),
                                        " ".join(str(v) for v in r.initiative.values()), r.why))
        return FightStarted(self.sc.title, self.sc.description, "boothill", self.profile.name,
                            self.seed, self.sc.night, tuple(self.sides), tuple(intros), tuple(notes),
                            tuple((k, lm.name or k.replace("_", " ")) for k, lm in self.sc.map.items()),
                            tuple(PlaceNote(k, lm.name or k.replace("_", " "), tuple(lm.at),
                                            ", ".join(lm.cover.locations) if lm.cover else "")
                                  for k, lm in self.sc.map.items()),
                            side_names=tuple(self.sc.side_names.items()))

    def tactics(self) -> None:
        """Tactics checks at the start of the fight: any success gives the side +1 (B11)."""
        for f in self.fighters.values():
            skill = f.c.skills.tactics
            if skill <= 0:
                continue
            r = self.roll(f.name, "tactics", 20)
            ok = r <= skill
            if ok:
                self.tactics_bonus[f.side] = 1
            else:
                self._tactics_failed(f.name, 1, r, skill)
            if self.record:
                retry = self._retry_turn(f.name, 1, ok)
                self.emit(TacticsChecked(f.name, f.side, skill, r, ok, retry=retry,
                                         last_turn=self._past_the_last(retry)))

    def _tactics_failed(self, name: str, t: int, r: int, skill: int) -> None:
        """A failed Tactics check (roll ``r`` over ``skill``) at the start of turn ``t``:
        when he may try again, by the house rule ``tactics_retry`` (``every_turn``, errata
        B18(h): each later turn; ``never``, 001 l.37: that's it for the fight; ``delayed``, 001
        l.37's optional rule: his roll less his skill, that many turns later, a turn at least)."""
        how = self.house.tactics_retry
        if how == "never":
            self.tactics_failed.pop(name, None)
        else:
            self.tactics_failed[name] = 0 if how == "every_turn" else t + max(1, r - skill)

    def tactics_retry(self, t: int) -> None:
        """At the start of turn ``t`` a character whose Tactics check failed tries again when
        the house rule ``tactics_retry`` lets him (``_tactics_failed``: by default at the start
        of each later turn, errata B18(h)), until his side has its +1 (never more than one
        point, 001 l.36). A character who is down does not try; a delayed try he could not
        make waits for the next turn he can."""
        for name, due in list(self.tactics_failed.items()):
            f = self.fighters[name]
            if f.down or self.tactics_bonus[f.side] or t < due:
                continue
            skill = f.c.skills.tactics
            r = self.roll(f.name, "tactics", 20)
            ok = r <= skill
            if ok:
                self.tactics_bonus[f.side] = 1
                del self.tactics_failed[name]
            else:
                self._tactics_failed(name, t, r, skill)
            if self.record:
                retry = self._retry_turn(name, t, ok)
                self.emit(TacticsChecked(f.name, f.side, skill, r, ok, t, retry,
                                         self._past_the_last(retry)))

    def _retry_turn(self, name: str, t: int, ok: bool) -> int | None:
        """The turn a man whose Tactics check at the start of turn ``t`` failed may try
        again at the start of (``tactics_failed``; every turn: the next); None after a
        success or when he may not."""
        due = None if ok else self.tactics_failed.get(name)
        return None if due is None else (due or t + 1)

    def _past_the_last(self, retry: int | None) -> int | None:
        """The fight's last turn (``max_turns`` or the declared turns) when a Tactics retry
        due at the start of turn ``retry`` falls after it, else None (no retry, one in time,
        or a play-by-post fight without ``max_turns``, to which the GM adds turns)."""
        if retry is None or self.open_ended or retry <= self.total_turns:
            return None
        return self.total_turns

    def _two_sides_roll(self, a: str, b: str) -> list[str]:
        """Initiative between two sides up, no ruling, no records (the lean path): a d6 each
        plus its Tactics bonus, rerolled bare while tied, at most ``MAX_INITIATIVE_ROUNDS``
        rounds (B11); the same dice, in the same order, as the general roll below.

        Returns:
            ``[a, b]`` or ``[b, a]``: the sides by initiative, best first (a tie left after
            the last round goes to ``a``).
        """
        bonus = self.tactics_bonus
        roll = self.roll
        x = roll(a, "initiative", 6) + bonus[a]
        y = roll(b, "initiative", 6) + bonus[b]
        n = 1
        while x == y and n < MAX_INITIATIVE_ROUNDS:
            x = roll(a, "initiative", 6)
            y = roll(b, "initiative", 6)
            n += 1
        return [a, b] if x >= y else [b, a]

    def initiative(self, t: int) -> tuple[list[str], str]:
        """Roll (or take the ruling's) initiative among the sides with a man still up (errata
        B11; ruled: BN1): a side whose every man is down (passed out, dying or dead) rolls
        nothing and cannot have the initiative; a GM ruling's value for it is not used. With
        one side up it has the initiative without a roll (nobody to roll against: the event
        has no rounds); with none, nothing is rolled and no event is made.

        Returns:
            (the sides up by initiative, best first, then the sides with nobody up in the
            scenario's order; the winner: the first of them).
        """
        two = self._two_sides
        if two is not None and self.fast_loop:
            # (the lean path, two sides, no initiative ruling: as below, without the lists)
            a, b = two
            a_up = b_up = False
            for f in self.fighters.values():
                if f.condition == "active":  # (up)
                    if f.side == a:
                        a_up = True
                    else:
                        b_up = True
            if a_up and b_up:
                ranked = self._two_sides_roll(a, b)
                return ranked, ranked[0]
        up = self.active_sides()
        out = [s for s in self.sides if s not in up] if len(up) != len(self.sides) else []
        ruled = self.rulings(t, "initiative")
        if len(up) < 2:
            ranked = up + out
            if up and self.record:
                self.emit(InitiativeRolled(t, (), up[0], (up[0],), None))
            return ranked, ranked[0]
        if not ruled and not self.record and len(up) == 2:  # (as below, for two sides)
            ranked = self._two_sides_roll(*up)
            return ranked + out, ranked[0]
        if not ruled and not self.record:  # (the same dice, no records of them)
            sides = up
            bonus = self.tactics_bonus
            totals = [self.roll(s, "initiative", 6) + bonus[s] for s in sides]
            n = 1
            while len(set(totals)) != len(totals) and n < MAX_INITIATIVE_ROUNDS:
                totals = [self.roll(s, "initiative", 6) for s in sides]
                n += 1
            if len(sides) == 2:
                ranked = list(sides) if totals[0] >= totals[1] else [sides[1], sides[0]]
            else:
                order = sorted(range(len(sides)), key=lambda k: (totals[k], -k), reverse=True)
                ranked = [sides[k] for k in order]
            return ranked + out, ranked[0]
        if ruled:
            values = ruled[0].initiative
            rounds = [tuple(SideRoll(s, values[s], 0, values[s]) for s in up)]
            why = ruled[0].why
        else:
            rounds = []
            why = None
            while True:
                first = not rounds
                rolls = []
                for s in up:
                    r = self.roll(s, "initiative", 6)
                    bonus = self.tactics_bonus[s] if first else 0
                    rolls.append(SideRoll(s, r, bonus, r + bonus))
                rounds.append(tuple(rolls))
                totals = [x.total for x in rolls]
                if len(set(totals)) == len(totals) or len(rounds) >= MAX_INITIATIVE_ROUNDS:
                    break
        last = {x.side: (x.total, -self.sides.index(x.side)) for x in rounds[-1]}
        ranked = sorted(up, key=lambda s: last[s], reverse=True)
        declare = tuple(reversed(ranked))
        if self.record:
            self.emit(InitiativeRolled(t, tuple(rounds), ranked[0], declare, why))
        return ranked + out, ranked[0]

    # ------------------------------------------------------------------ combat turn
    def begin_turn(self, t: int, kind: str, seconds: int,
                   intents: dict[str, Intent]) -> tuple[list[str], str]:
        """The start of any turn: the GM's state edits, initiative, then the declarations, the
        side without initiative first (000 l.36-38). Returns (sides by initiative, winner)."""
        if self.record:
            self.emit(TurnStarted(t, kind, seconds, self.elapsed))
        if self.pending:  # applied before the tactics chose; shown now, after the turn's start
            for name, fields in self.pending.items():
                for key, value in fields.items():
                    if self.record:
                        self.emit(StateAdjusted(t, name, key, shown_value(value)))
            for name in self.edit_passed_out:  # the rules on the edited state (``adjust``)
                f = self.fighters[name]
                if self.record:
                    self.emit(PassedOut(t, name, f.wound_points, f.capacity))
            for holder, held in self.edit_released:
                if self.record:
                    self.emit(HoldChanged(t, None, holder, held, "released"))
        if t > 1 and self.tactics_failed:  # (a Tactics check failed, to be tried again)
            self.tactics_retry(t)
        ranked, winner = self.initiative(t)
        for side in reversed(ranked) if self.record else ():  # (records only)
            for f in self.side_order(side, t):
                if f.name not in intents:
                    if f.c.tactics and f.condition == "active" and not f.queue:
                        # his profile left him nothing to do: why, for the write-up (no die)
                        self.emit(StoodIdle(t, f.name, *tactics.idle_reason(self, t, f)))
                    elif f.condition == "active" and not f.queue and not f.c.tactics \
                            and f.name in declared_ever(self.sc):
                        # no profile, his declared turns leave this one out: he holds still
                        self.emit(StoodIdle(t, f.name, "undeclared"))
                    continue
                if f.down:  # a dead (dying, unconscious) man's intents: refused, visibly
                    self.refuse(t, f, "act", "down", None, f.condition)
                else:
                    self.declare(t, f, intents[f.name], kind)
        self.dark_surprised = set()  # (from darkness: ``dark_shots_due``, ``fire``)
        return ranked, winner

    def surprise_in_dark(self, t: int, f: Fighter, name: str,
                         intents: dict[str, Intent]) -> None:
        """Firing from complete darkness always causes complete surprise (000 l.541, B17):
        ``name``, shot at from darkness by ``f`` this turn, is completely surprised (-4 speed,
        Table 6), once, unless down or declared so by the GM already (ruling BN8: the shots
        that come, a shootout turn's by ``dark_shots_due``, a combat turn's as fired)."""
        theirs = intents.get(name)
        if name in self.dark_surprised or self.fighters[name].down or (
                theirs is not None and theirs.surprised == "completely"):
            return
        self.dark_surprised.add(name)
        if self.record:
            self.emit(SurprisedFromDarkness(t, name, f.name))

    def combat_turn(self, t: int, intents: dict[str, Intent]) -> None:
        """One six-second combat turn (000 l.36-43). Shootout actions carried over from the
        last turn never come: counts carry only into a shootout turn (errata B13)."""
        ranked, winner = self.begin_turn(t, "combat", 6, intents)
        if self.last_kind == "shootout":
            for f in self.fighters.values():
                if f.queue and not f.down:
                    f.cursor -= 6  # counted from this turn, as a shootout turn would
                    if self.record:
                        self.emit(self.unfinished(t, f, "combat_turn"))
                f.queue = []
        for f in self.fighters.values():
            f.reload_streak = 0  # six *consecutive* shootout turns make a reload (000 l.497)
        in_order = self.in_fire_order(ranked, t)
        if self._aimed is not None:  # (the lean path: with no blow, nobody moves while
            for i in intents.values():  # they shoot: ``_aim_now``)
                if i.melee is not None:
                    break
            else:
                self._aim_now = {}
        for side, f in in_order:
            intent = intents.get(f.name)
            if intent is None or f.condition != "active":  # (down)
                continue
            if intent.melee is not None:
                self.melee_combat(t, f, intent, intents)  # hand to hand (errata B19)
            elif intent.shoot is not None:
                self.fire(t, f, intent, intents)
        self._aim_now = None
        for side, f in in_order:
            intent = intents.get(f.name)
            if intent is not None and f.condition == "active":  # (up)
                self.other_actions(t, f, intent)
        delayed = []
        for side, f in in_order:
            intent = intents.get(f.name)
            if intent is None or intent.move is None or f.condition != "active" \
                    or intent.melee:  # (down; a brawler moved into reach before his blows)
                continue
            if intent.move.delay and side == winner:
                delayed.append(f)
                continue
            self.move(t, f, intent.move)
        for f in delayed:
            if not f.down:
                self.move(t, f, intents[f.name].move)
        self.pick_ups(t, ranked, intents)
        self.elapsed += 6
        self.end_turn(t)

    def declare(self, t: int, f: Fighter, intent: Intent, kind: str = "") -> None:
        """Record a character's declaration (``IntentDeclared``). In a shootout turn, a man who
        shoots with a gun not in hand draws first (000 l.211-221, Table 5, errata B13): the
        declaration names the draw he makes, the one declared or, when none is, the default
        (fast with the Fast Draw skill, normal without it: a man without the skill always
        draws normally, 000 l.221), so the write-up never hides the draw that costs counts;
        and it names no draw he does not make (a declared ``draw:`` with the gun already in
        his hand, or in a combat turn, where drawing costs nothing)."""
        targets: tuple[str, ...] = ()
        if intent.shoot is not None:
            targets = tuple(tgt for _, tgt in shot_targets(intent))
        weapon = None
        arm = "gun"
        if intent.melee is None and (intent.shoot is not None or intent.weapon is not None):
            ws = f.weapons[self.weapon_index(f, intent.weapon)]
            weapon = ws.name
            if intent.shoot is not None:
                arm = ws.wt.arm  # a thrown knife is thrown at him, never fired
        reload = None
        if intent.reload:
            w = intent.reload if isinstance(intent.reload, str) else None
            reload = f.weapons[self.weapon_index(f, w)].name
        mv = intent.move
        dest = None
        if mv is not None and mv.to is not None:
            dest = mv.to if isinstance(mv.to, str) else f"{mv.to[0]:g},{mv.to[1]:g}"
        melee = intent.melee
        melee_target = blows = None
        if melee is not None:
            melee_target = intent.strike or intent.grapple or (
                f.held_by if melee == "break_free" else f.holding)
            if melee == "strike":
                wt, idx = self.melee_weapon(f, intent)
                weapon = self.weapon_name(f, wt, idx)
                blows = intent.blows
            else:
                weapon = None
        # the draw he makes, as the plan makes it (ShootoutMixin.plan, plan_melee): only in
        # a shootout turn, for a gun (or a knife) not in hand; none in a combat turn, where
        # drawing costs nothing, nor for a gun already in his hand (a declared draw: none)
        draw = None
        if kind == "shootout":
            if melee is None:
                drawing = intent.shoot is not None and (
                    not f.drawn or self.weapon_index(f, intent.weapon) != f.current_weapon)
            else:
                drawing = self.needs_draw(f, *self.melee_weapon(f, intent))
            if drawing:
                draw = intent.draw or "fast"
                if f.c.skills.fast_draw <= 0:
                    draw = "normal"
        if self.record:
            self.emit(IntentDeclared(
                t, f.name, f.side, targets, weapon, mv.gait if mv else None, dest,
                bool(mv and mv.mount), bool(mv and mv.dismount), bool(mv and mv.stand_up),
                bool(mv and mv.drop_prone), reload, intent.clear_jam, intent.two_guns,
                intent.sniping, intent.other,
                "tactics" if (t, f.name) in self.tactic_made else "declared", draw,
                tuple(intent.shots) if isinstance(intent.shots, list) else (), melee,
                melee_target, blows or 0, arm, *self.pick_up_meant(f, intent)))

    def pick_up_meant(self, f: Fighter, intent: Intent) -> tuple[str | None, str | None]:
        """``(weapon, thrower)``: the thrown weapon a ``pick_up`` declaration means, as
        ``pick_ups`` will choose it where his move ends (his own within reach first, else
        the nearest of those it names), told in his declaration ("picks up Alf's thrown
        knife": a fresh user read "Hattie: waits (tactics)" and then saw her pick one up);
        ``thrower`` None for his own. ``("thrown weapon", None)`` when none lies there to
        be had (he will be refused); ``(None, None)`` without ``pick_up``."""
        if not intent.pick_up:
            return None, None
        named = intent.pick_up if isinstance(intent.pick_up, str) else None
        lying = [(o, w) for o in self.fighters.values() for w in o.weapons
                 if w.lying_at is not None and not w.gone
                 and (named is None or self._names(f, o, w, named))]
        if not lying:
            return "thrown weapon", None
        mv = intent.move
        spot = f.pos
        if mv is not None and isinstance(mv.to, str) and mv.to in self.sc.map:
            spot = tuple(float(v) for v in self.sc.map[mv.to].at)
        elif mv is not None and mv.to is not None:
            spot = (float(mv.to[0]), float(mv.to[1]))
        reach = tables.combat()["thrown_weapons"]["pick_up_reach"]
        near = [(x, w) for x, w in lying if math.dist(spot, w.lying_at) <= reach + 1e-9]
        o, ws = min(near or lying, key=lambda ow: (ow[0] is not f,
                                                   math.dist(spot, ow[1].lying_at)))
        return ws.name, (None if o is f else o.name)

    def weapon_index(self, f: Fighter, value: str | None, carried: bool = True) -> int:
        """Index of the weapon an intent names (None: the weapon in hand): the first of that
        name or type he still carries, passing over one he threw that lies where it fell or
        another man picked up (errata B18(i)), and the first of all when he carries none of
        them (``carried=False``: the first of all, a thrown weapon of his lying on the ground
        that ``pick_up`` names). Two thrown knives: "weapon: thrown_knife" is the second once
        the first is thrown (it was the first, thrown, so that no intent could name the
        second: a profile's man with the second knife in his belt stood and did nothing)."""
        if value is None:
            return f.current_weapon
        weapons = f.weapons
        key = (f.name, value, len(weapons))  # (weapons are only ever added, at the end)
        found = self._weapon_at.get(key)
        if found is None:
            found = self._weapon_at[key] = tuple(
                i for i, w in enumerate(weapons)
                if value in (w.spec.type, w.wt.type) or value in w.wt.aliases
                or same_weapon_name(value, w.spec.name))
            if not found:
                raise AssertionError(f"loader let through unknown weapon {value!r}")
        if carried and len(found) > 1:
            for i in found:
                w = weapons[i]
                if w.lying_at is None and not w.gone:
                    return i
        return found[0]

    def refuse(self, t: int, f: Fighter, action: str, reason: str, target: str | None = None,
               detail: str = "", count: int | None = None, yards: float | None = None,
               reach: float | None = None) -> None:
        """Emit ``f``'s ``action`` refused (``ActionRefused``; ``yards`` and ``reach``: a shot
        out of range's distance as told and the gun's reach)."""
        if self.record:
            self.emit(ActionRefused(t, count, f.name, action, reason, target, detail, yards,
                                    reach))

    def fire(self, t: int, f: Fighter, intent: Intent, intents: dict[str, Intent]) -> None:
        """A character's one or two careful shots in a combat turn, one after the other, wounds
        applying at once (errata B12); two guns fire together (001 l.27)."""
        if self.holds_fire(t, f, intent, COMBAT):
            return None
        self.lets_go(t, f)  # a holder who shoots lets go (errata B19, ruled)
        f.current_weapon = self.weapon_index(f, intent.weapon)
        f.drawn = True  # drawing costs nothing in a six-second combat turn
        plans = self._plans
        if plans is None:
            volleys = self.plan_volleys(t, f, intent, COMBAT)
            own = True
        else:
            # The lean path: the shots planned before from the same intent (the same object,
            # kept with it), the same gun in hand and the same weapons (a picked-up one comes
            # at the end; ``plan_volleys`` reads no more) are the same shots, shared; a
            # switch of target copies them before it changes them (below; ``retarget``
            # changes the shots it turns). Kept with the scenario's decisions (``plan``'s).
            key = ("volleys", id(intent), f.order, f.current_weapon, len(f.weapons))
            got = plans.get(key)
            if got is None or got[0] is not intent:
                if len(plans) >= _PLANS_MAX:
                    plans.clear()  # (the decisions kept too: made again as met)
                got = plans[key] = (intent, self.plan_volleys(t, f, intent, COMBAT))
            volleys = got[1]
            own = False
        fighters = self.fighters
        n = 0
        for k in range(len(volleys)):
            if f.down:
                return None
            volley = volleys[k]
            ready = []
            nobody_left = False
            for j in range(len(volley)):
                planned = volley[j]
                if fighters[planned.target].condition == "active":  # (up)
                    pass
                else:
                    if not own:  # (shared: his own copies to turn on another)
                        volleys = [[dataclasses.replace(s) for s in v] for v in volleys]
                        own = True
                        volley = volleys[k]
                        planned = volley[j]
                    if self.retarget(t, f, planned.target, planned, COMBAT, None,
                                     [s for v in volleys for s in v], intents) is None:
                        nobody_left = True  # he holds his fire: nobody he could hit (BN4)
                        break
                n += 1
                p = self.prepare(t, f, planned, n, intents, lean=True)
                if p is not None:
                    ready.append(p)
                    if f.in_darkness:  # fired from darkness (BN8; speed orders nothing in
                        self.surprise_in_dark(t, f, planned.target, intents)  # a combat turn)
            for p in ready:  # two guns: both shots were aimed before either lands
                if type(p) is tuple:  # (the lean path's, ``prepare``)
                    if self.fast_loop:
                        self.lean_shot(t, f, *p, None)
                    else:
                        self.resolve_shot(t, f, *p, None)
                else:
                    self.resolve(p)
            if nobody_left:
                return None
        return None

    def holds_fire(self, t: int, f: Fighter, intent: Intent, kind: TurnKind,
                   count: int | None = None) -> bool:
        """The refusals that concern the shooter's whole turn, the same in both kinds of turn
        (errata B18(e)): a man who evades or drops prone cannot shoot (001 l.23, l.55); one who
        crawls cannot in a combat turn (B18(a)); one who reloads, clears a jam or picks up a
        thrown weapon spends the turn on it (000 l.497, l.407; B18(i)). Emits the refusal.

        Returns:
            True when the declared shots are refused.
        """
        if intent.shoot is None:
            return False
        mv = intent.move
        gait = mv.gait if mv else None
        if gait == "evading" or (mv and mv.drop_prone):
            self.refuse(t, f, "shoot", "evading",
                        detail="drops prone" if mv and mv.drop_prone else "evading", count=count)
            return True
        if gait == "crawling" and not kind.crawler_shoots:
            self.refuse(t, f, "shoot", "crawling", count=count)
            return True
        busy = ("reloading" if intent.reload else "clearing a jam" if intent.clear_jam
                else "picking up a thrown weapon" if intent.pick_up else None)
        if busy:
            self.refuse(t, f, "shoot", "busy", detail=busy, count=count)
            return True
        return False

    def plan_volleys(self, t: int, f: Fighter, intent: Intent,
                     kind: TurnKind) -> list[list[PlannedShot]]:
        """The intent's shots as volleys (``shot.plan_volleys``) with the shooter's guns; in a
        combat turn a third careful shot is refused (000 l.39-40)."""
        main = f.current_weapon if intent.weapon is None else \
            self.weapon_index(f, intent.weapon)
        off = None
        if intent.two_guns:
            pistols = [i for i, w in enumerate(f.weapons) if w.wt.kind == "pistol"]
            main = main if main in pistols else pistols[0]
            off = next(i for i in pistols if i != main)
        if kind.max_shots is not None:  # (``too_many``: none in a shootout turn)
            excess = too_many(intent, kind)
            if excess is not None:
                self.refuse(t, f, "shoot", "too_many_shots", excess, "two careful shots")
        return plan_volleys(intent, main, off, f.c.handedness, kind)

    def retarget(self, t: int, f: Fighter, old: str, planned: PlannedShot, kind: TurnKind,
                 count: int | None, queued: list[PlannedShot],
                 intents: dict[str, Intent] | None = None) -> str | None:
        """The target ``old`` is down: turn on another, the same way in both kinds of turn
        (000 l.80 at will in a combat turn; one count in a shootout turn, Table 5, errata B15).

        The next target the shooter listed who is up, in reach and sight and hittable, else
        the most dangerous enemy in reach and sight and hittable (``tactics.most_dangerous``,
        the rule tactics pick targets by). Hittable: the shot's chance to hit at him, as it
        would be fired now (``_aim``: the band, every Table 2 modifier, the gaits of the
        turn's ``intents``), is above the natural-1 floor (``tactics.FLOOR``: 1 or less hits
        on a natural 1 only, errata B4); a man does not turn his shots on a target he could
        hit only so, as tactics never choose such a shot (ruling BN4). Every planned shot in
        ``queued`` at ``old`` is turned on him. Emits a ``target_switched`` event (``new``
        None: nobody is left he could hit; he holds his fire, the rest of his list too).

        Returns:
            The new target's full name, or None.
        """
        ws = f.weapons[planned.gun]
        listed = list(planned.listed)
        after = listed[listed.index(old) + 1:] + listed[:listed.index(old)] if old in listed \
            else listed
        intents = intents or {}
        floor = False   # (someone in reach and sight, at the natural-1 floor only)

        def hittable(o: Fighter) -> bool:
            nonlocal floor
            if o.condition != "active" or not self.can_reach(t, f, o, ws, planned.shot_type):
                return False
            got = (self._aim(t, f, o, ws, planned, intents, count) if self._aimed is None
                   else self._aim_kept(t, f, o, ws, planned, intents, count))
            if got is False or got[6] <= tactics.FLOOR:
                floor = True
                return False
            return True

        new = next((self.fighters[name] for name in after if hittable(self.fighters[name])),
                   None)
        if new is None:
            candidates = [o for o in self.fighters.values()
                          if o.side != f.side and hittable(o)]
            new = tactics.most_dangerous(self, t, f, candidates)
        if self.record:
            self.emit(TargetSwitched(t, count, f.name, old, new.name if new else None,
                                     kind.switch_counts, floor=floor and new is None))
        if new is None:
            return None
        for s in queued:
            if s.target == old:
                s.target = new.name
        planned.target = new.name
        return new.name

    def can_reach(self, t: int, f: Fighter, o: Fighter, ws: WeaponState, shot_type: str) -> bool:
        """``o`` is within the band of ``ws`` (or a range ruling's) and can be seen (B1, B17).
        On the lean path, while a turn's shots are fired with nobody moving (``_aim_now``),
        kept for the turn by the two men, the gun's type and the shot type (all it reads
        that may change in a fight: their places, the gun, the turn's rulings do not
        meanwhile)."""
        now = self._aim_now
        if now is not None:
            key = ("reach", f.order, o.order, ws.wt.type, shot_type)
            got = now.get(key)
            if got is None:
                got = now[key] = self._can_reach(t, f, o, ws, shot_type)
            return got
        return self._can_reach(t, f, o, ws, shot_type)

    def _can_reach(self, t: int, f: Fighter, o: Fighter, ws: WeaponState,
                   shot_type: str) -> bool:
        """``can_reach`` worked out."""
        yards = round(math.dist(f.pos, o.pos), 2)
        if self.band_for(t, f, o, ws, shot_type, yards)[0] is None:
            return False
        return not (self.sc.night and yards > f.c.attributes.obs and not o.c.lit)

    def band_for(self, t: int, shooter: Fighter, target: Fighter, ws, shot_type: str,
                 yards: float) -> tuple[str | None, str | None]:
        """The band of a shot: a GM ruling's, else Table 14's (None: out of range)."""
        if "range_band" not in self._rulings_by_kind:
            return tables.range_band(ws.wt, yards, shot_type), None
        mine = {shooter.name, shooter.side}
        theirs = {target.name, target.side}
        for r in self.rulings(t, "range_band"):
            a, b = r.range_band.between
            if (a in mine and b in theirs) or (b in mine and a in theirs):
                return r.range_band.band, r.why or "GM ruling"
        return tables.range_band(ws.wt, yards, shot_type), None

    def prepare(self, t: int, f: Fighter, planned: PlannedShot, number: int,
                intents: dict[str, Intent], count: int | None = None,
                lean: bool = False) -> PreparedShot | tuple | None:
        """Everything about a shot that is fixed before the die is rolled, the same in both
        kinds of turn: the checks on the gun and the target, the band, the Table 1/4 base
        chance and every Table 2 (= Table 8) modifier, from the state as it is now. Emits a
        refusal and returns None when the shot cannot be fired.

        Args:
            planned: the shot (type, target, gun, hand, two guns, sniping).
            number: the shot's number in the shooter's turn (1, 2, ...).
            intents: every intent of the turn (the shooter's and target's gaits).
            count: the count of a shootout turn, None in a combat turn.

        Nothing here depends on the kind of turn: what differs (the shots allowed, the cost
        of a switch, a crawler's shot) is decided before, by ``holds_fire``, ``plan_volleys``
        and ``retarget`` from the ``TurnKind``.

        ``lean``: on the lean path (no records, shots aimed from its memo) return what
        ``resolve_shot`` takes instead, ``(target, gun, shot type, band, chance, aim)``, and
        make no PreparedShot.
        """
        target = self.fighters[planned.target]
        ws = f.weapons[planned.gun]
        shot_type = planned.shot_type
        # (the callers have turned a shot at a man who is down on another, ``retarget``; the
        # loader allows only careful shots in a combat turn, ``kind.shot_types``)
        if shot_type == "fanned" and not ws.wt.is_revolver:
            self.refuse(t, f, "shoot", "not_a_revolver", target.name, ws.name, count)
            return None
        if planned.two_guns and planned.off_hand and (
                (f.wounds_at(f.gun_arm, "serious") > 0) != (f.wounds_at(f.off_arm, "serious") > 0)):
            # one arm seriously wounded: its hand cannot hold a pistol (001 l.23)
            self.refuse(t, f, "shoot", "one_good_arm", target.name, ws.name, count)
            return None
        if ws.wt.kind == "melee":  # a knife is struck with, not shot (errata B19)
            self.refuse(t, f, "shoot", "not_a_gun", target.name, ws.name, count)
            return None
        if f.held_by is not None and ws.wt.kind in ("long_arm", "bow"):
            # a held man cannot fire a long arm (errata B19; a bow, two-handed, ruled alike)
            self.refuse(t, f, "shoot", "held", target.name, ws.name, count)
            return None
        if ws.useless:
            self.refuse(t, f, "shoot", "weapon_useless", target.name, ws.name, count)
            return None
        if ws.jammed_seconds:
            self.refuse(t, f, "shoot", "jammed", target.name, ws.name, count)
            return None
        if ws.loaded <= 0:
            if ws.wt.kind == "thrown":
                # thrown already (it lies where it fell, or another man picked it up, B18(i)):
                # nothing is left in his hand to throw; never told as an empty gun (a GM's
                # "Belle's hammer falls on a spent case" of a toothpick, check136 N3)
                self.refuse(t, f, "throw", "thrown_already", target.name, ws.name, count)
            else:
                self.refuse(t, f, "shoot", "empty", target.name, ws.name, count)
            return None
        if self._aimed is not None:  # the lean path: a shot aimed as one before
            got = self._aim_kept(t, f, target, ws, planned, intents, count)
            if got is False:
                return None
            if lean:
                return target, ws, shot_type, got[1], got[6], got[7]
            yards, band, band_why, parts, base, mods, chance, aim = got
            return PreparedShot(t, f, target, ws, shot_type, number, yards, band, band_why,
                                parts, base, mods, chance, count, aim)
        got = self._aim(t, f, target, ws, planned, intents, count)
        if got is False:
            return None
        yards, band, band_why, parts, base, mods, chance, aim = got
        return PreparedShot(t, f, target, ws, shot_type, number, yards, band, band_why, parts,
                            base, mods, chance, count, aim)

    def _aim_kept(self, t: int, f: Fighter, target: Fighter, ws: WeaponState,
                  planned: PlannedShot, intents: dict[str, Intent],
                  count: int | None) -> tuple | bool:
        """``_aim`` on the lean path, kept in its memo (``_aimed``) by everything it reads
        that may change in a fight."""
        now = self._aim_now
        if now is not None:  # (the firing of a turn: only these may change meanwhile)
            quick = (f.order, target.order, planned.gun, planned.shot_type, planned.off_hand,
                     planned.two_guns, planned.sniping, len(f.wounds), target.condition,
                     f.held_by, target.held_by, self.shots_fired == 0)
            got = now.get(quick)
            if got is not None:
                return got
        memo = self._aimed
        # everything ``_aim`` reads that may change in a fight: the turn only where a
        # ruling for given turns changes a band or a modifier; the gun's type (a gun
        # picked up takes the next index); the two men's declared gaits, the target's
        # drop, the shooter's aim; his wounds as the modifiers read them (light, serious,
        # serious in the gun arm, in the other: ``hit.prepared_chance``)
        mine = intents.get(f.name)
        theirs = intents.get(target.name)
        move = mine.move if mine is not None else None
        their_move = theirs.move if theirs is not None else None
        key = ("aim", t if self._aim_by_turn else 0, f.order, target.order, planned.gun,
               ws.wt.type, planned.shot_type, planned.off_hand, planned.two_guns, planned.sniping,
               self.shots_fired == 0, f.wound_summary() if f.wounds else None,
               f.held_by, f.pos, target.pos,
               target.prone, target.condition != "active", target.held_by,
               move.gait if move is not None else None,
               mine.aim if mine is not None else None,
               (their_move.gait, their_move.drop_prone) if their_move is not None
               else None)  # (target.condition: ``target.down``)
        got = memo.get(key)
        if got is None:
            if len(memo) >= _DECISIONS_MAX:
                memo.clear()  # (the decisions kept too: made again as met)
            got = memo[key] = self._aim(t, f, target, ws, planned, intents, count)
        if now is not None:
            now[quick] = got
        return got

    def _aim(self, t: int, f: Fighter, target: Fighter, ws: WeaponState, planned: PlannedShot,
             intents: dict[str, Intent], count: int | None) -> tuple | bool:
        """``prepare`` past the checks on the gun: (yards, band, the ruling's reason, base
        parts, base chance, modifiers, chance, aim), or False when the shot is refused (out
        of range or out of sight at night; the refusal emitted)."""
        shot_type = planned.shot_type
        yards = round(math.dist(f.pos, target.pos), 2)
        band, band_why = self.band_for(t, f, target, ws, shot_type, yards)
        if band is None:
            told = f"{yards:.1f}"
            self.refuse(t, f, "shoot", "out_of_range", target.name,
                        f"{told} yards; {ws.wt.name} reaches {ws.wt.extreme}", count,
                        float(told), float(ws.wt.extreme))
            return False
        if self.sc.night and yards > f.c.attributes.obs and not target.c.lit:
            self.refuse(t, f, "shoot", "cannot_see", target.name,
                        f"{yards:.1f} yards at night, Observation {f.c.attributes.obs}", count)
            return False
        mine = intents.get(f.name)
        theirs = intents.get(target.name)
        cancelled = tuple((r.cancel_modifier.modifier, r.why or "GM ruling")
                          for r in self.rulings(t, "cancel_modifier")
                          if r.cancel_modifier.character == f.name) \
            if "cancel_modifier" in self._rulings_by_kind else ()
        house = self.house
        parts, base, mods, chance = hit.prepared_chance(
            f, target, ws, shot_type, band, band_why,
            mine.move.gait if mine and mine.move else None,
            theirs.move.gait if theirs and theirs.move and not target.down
            and target.held_by is None else None,  # a held man cannot move (B19)
            bool(theirs and theirs.move and theirs.move.drop_prone and target.held_by is None),
            planned.off_hand, planned.two_guns, planned.sniping and self.shots_fired == 0,
            self.sc.night, house.light_wound_penalty, house.shotgun_bonus,
            house.hipshot_formula == "pooled", cancelled)
        if planned.sniping and self.shots_fired:  # (declared, but not the fight's first
            mods = mods + (Modifier("sniping_lost", 0),)  # shot: B18(e), the write-up says so)
        if f.held_by is not None:  # a held man fires a pistol at -4 (errata B19)
            waived = dict(cancelled).get("held_fires")
            mods = mods + ((Modifier("held_fires", 0, "ruling", waived),) if waived is not None
                           else (Modifier("held_fires",
                                          tables.hand_to_hand()["chance"]["held_fires_pistol"]),))
            base, chance = hit.chance(parts, mods)
        aim = (mine.aim if mine and mine.aim else None) or f.c.aim
        return yards, band, band_why, parts, base, mods, chance, aim

    @staticmethod
    def edges(p: PreparedShot, ws: WeaponState) -> tuple[float, ...]:
        """The ``edges`` of a shot's event: (lower, upper) limits in yards of its Table 14 band
        (``tables.band_limits``; lower 0 for point blank) when its distance lies within 5 yards
        of either, else () (and () under a ruling's band)."""
        if p.band_why is not None:
            return ()
        bounds = (0.0,) + tuple(float(x) for x in tables.band_limits(ws.wt, p.shot_type))
        k = ("point_blank", "short", "long", "extreme").index(p.band)
        lower, upper = bounds[k], bounds[k + 1]
        if abs(p.yards - upper) <= 5 or (lower > 0 and abs(p.yards - lower) <= 5):
            return lower, upper
        return ()

    def resolve(self, p: PreparedShot) -> None:
        """Roll the d20 for a prepared shot: 1 and 20 (B4), misfires (B5), then the hit."""
        self.resolve_shot(p.turn, p.shooter, p.target, p.weapon, p.shot_type, p.band, p.chance,
                          p.aim, p.count, p)

    def lean_shot(self, t: int, f: Fighter, target: Fighter, ws: WeaponState, shot_type: str,
                  band: str, chance: int, aim: str, count: int | None) -> None:
        """``resolve_shot`` on the lean path (no records), written out for the shot most
        often fired: a gun that neither scatters, throws nor takes pellets, a roll of 2-19
        (or a 1 that hits), no hold in the fight, a hit on a man in the open: the to-hit
        roll, the location (``locate_and_wound``) and the wound (``wound``), the same dice
        in the same order. Anything else goes on in the general code from the roll made."""
        name = f.name
        roll = self.roll(name, "to_hit", 20)
        wt = ws.wt
        plain = _PLAIN.get(wt.type)
        if plain is None:
            plain = _PLAIN[wt.type] = not wt.is_shotgun and wt.kind != "thrown"
        if roll == 20 or (roll == 1 and chance < 1) or not plain or self.hold_taken:
            return self.resolve_shot(t, f, target, ws, shot_type, band, chance, aim, count,
                                     rolled=roll)
        ws.loaded -= 1
        self.shots_fired += 1
        by = self.shots_by
        by[name] = by.get(name, 0) + 1
        if roll > chance:
            return None
        by = self.hits_by
        by[name] = by.get(name, 0) + 1
        if target.condition == "dead":  # (``resolve_hit``: no ball lands on a dead man)
            return None
        if target.cover is not None:  # (cover may take it: the general code)
            return self.resolve_hit(t, f, target, ws, shot_type, band, aim)
        # ``locate_and_wound``
        max_shift = tables.location_shift(shot_type, band, getattr(f.c.skills, wt.skill))
        shift = max_shift if aim == "vitals" else -max_shift if aim == "limbs" else 0
        total = self.roll(name, "location", 20) + shift
        loc = tables.location(1 if total < 1 else 20 if total > 20 else total)
        # ``wound``: the shooter rolls the severity; the gun's wound modifier
        total = (self.roll(name, "severity", 6)
                 + tables.severity_location_modifier(loc, self.house.shoulder_is_arm)
                 + wt.wound_modifier)
        sev = tables.severity(total)
        wp = total if total > 0 else 0
        if sev == "mortal" and self.mortal(t, target).outcome == "saved":
            sev, wp = "light", 1
        if sev != "scratch":
            target.wounds.append(Wound(loc, sev, wp))
            target.wound_points += wp
        if target.condition == "active" and target.hurt_points > target.capacity:
            target.condition = "passed_out"  # bruise points count too (errata B19)
        if target.condition != "active":
            target.mounted = False  # a rider who goes down falls from the saddle
        return None

    def resolve_shot(self, t: int, f: Fighter, target: Fighter, ws: WeaponState,
                     shot_type: str, band: str, chance: int, aim: str, count: int | None,
                     p: PreparedShot | None = None, rolled: int | None = None) -> None:
        """``resolve`` from the parts of the shot it reads (the lean path's shots, ``prepare``
        with ``lean``); ``p``: the prepared shot, for the records (None: no records);
        ``rolled``: the to-hit roll, made already (``lean_shot``)."""
        roll = self.roll(f.name, "to_hit", 20) if rolled is None else rolled
        misfire_roll = misfire = luck_roll = luck = None
        result = "miss"
        fired = True
        held = ws.loaded
        if roll == 20:
            if ws.wt.is_firearm and self.house.misfire_on_20 == "luck":
                luck = f.c.attributes.luck
                luck_roll = self.roll(f.name, "luck", 20)
                if luck_roll > luck:
                    misfire_roll = self.roll(f.name, "misfire", 20)
                    misfire = tables.misfire(ws.wt.misfire, misfire_roll)
                else:
                    misfire = "none"
            elif ws.wt.is_firearm:
                misfire_roll = self.roll(f.name, "misfire", 20)
                misfire = tables.misfire(ws.wt.misfire, misfire_roll)
            if misfire == "explosion" and held == 1:
                misfire = "none"  # on the last round an explosion counts as no misfire
            if misfire == "dud":
                result, fired = "dud", False
            elif misfire == "explosion":
                result = "explosion"
            elif chance >= 20:
                luck = f.c.attributes.luck
                luck_roll = self.roll(f.name, "luck", 20)
                result = "hit" if luck_roll <= luck else "miss"
        elif roll == 1 and chance < 1:
            luck = f.c.attributes.luck
            luck_roll = self.roll(f.name, "luck", 20)
            result = "hit" if luck_roll <= luck else "miss"
        elif roll <= chance:
            result = "hit"
        ws.loaded -= 1
        if ws.wt.kind == "thrown":
            ws.lying_at = target.pos  # where it fell, to be picked up again (B18(i))
        if misfire == "explosion":
            ws.loaded = 0
        if misfire == "dud" and ws.wt.misfire == "muzzle_loader":
            ws.useless = True
        if misfire == "jam":
            ws.jammed_seconds = JAM_SECONDS
        self.shots_fired += 1
        self.shots_by[f.name] = self.shots_by.get(f.name, 0) + 1
        if result == "hit":
            self.hits_by[f.name] = self.hits_by.get(f.name, 0) + 1
        if self.record:
            self.emit(ShotFired(t, p.count, f.name, target.name, ws.name, ws.wt.type,
                                p.shot_type, p.number, p.yards, p.band, p.band_why, p.parts,
                                p.base, p.mods, chance, roll, misfire_roll, misfire, luck_roll,
                                luck, result, ws.loaded, self.edges(p, ws), ws.wt.arm))
        if misfire == "explosion":
            self.explosion(t, f, held)
        if result == "hit":
            self.resolve_hit(t, f, target, ws, shot_type, band, aim)
        if fired and ws.wt.type == "scattergun" and band in ("long", "extreme"):
            self.scatter(t, f, target, ws, shot_type, band, chance, aim)
        if self.hold_taken:
            self.holds_after(t, count)  # a hold ends when either man goes down (B19)

    def explosion(self, t: int, f: Fighter, held: int) -> None:
        """Table 10 explosion: a wound in the gun arm, severity d6 (+1 if the cylinder held
        4 or more rounds, 000 l.406), with the Table 12 arm modifier."""
        loc = f.gun_arm[0]
        extra = [Modifier("full_cylinder", 1)] if held >= 4 else []
        self.wound(t, f, None, "explosion", loc, extra, None)

    def resolve_hit(self, t: int, f: Fighter, target: Fighter, ws, shot_type: str,
                    band: str, aim: str) -> None:
        """Pellets (Table 9) for shotguns, then each ball's location, cover and wound."""
        n = 1
        if ws.wt.is_shotgun:
            r = self.roll(f.name, "pellets", 6)
            n = tables.pellets(band, r)
            if self.record:
                self.emit(PelletsRolled(t, f.name, target.name, band, r, n))
        bolted: Cover | None = None
        for _ in range(n):
            if target.condition in ("dead",):
                break
            cover_hit = self.locate_and_wound(t, f, target, ws, shot_type, band, aim)
            if cover_hit is not None:
                bolted = cover_hit
        if bolted is not None:
            self.cover_bolts(target, bolted)

    def locate_and_wound(self, t: int, f: Fighter, target: Fighter, ws, shot_type: str,
                         band: str, aim: str) -> Cover | None:
        """Location (B6), cover (B10) and wound for one ball or pellet. Returns the cover if
        living cover took the hit and bolts."""
        skill_name, skill = hit.skill_of(f, ws)
        max_shift = tables.location_shift(shot_type, band, skill)
        shift = max_shift if aim == "vitals" else -max_shift if aim == "limbs" else 0
        roll = self.roll(f.name, "location", 20)
        total = max(1, min(20, roll + shift))
        loc = tables.location(total)
        cover = target.cover
        covered = cover if cover is not None and loc in cover.locations else None
        bare = self.bare(f, target) if covered is not None else ""
        if bare:   # ruled: BN7: nothing stands between them
            covered = None
        if self.record:
            col = "short" if band == "point_blank" else band
            num, den = tables.wounds()["location_modifiers"][shot_type][col]
            self.emit(LocationRolled(t, f.name, target.name, roll, aim, shift, skill_name,
                                     skill, f"{num}/{den}" if num else "0", total, loc,
                                     covered.name if covered else None,
                                     covered.kind if covered else None, bare,
                                     cover.name if bare and cover is not None else ""))
        reduction = []
        if covered is not None:
            if covered.kind == "solid":
                return self.strike_cover(t, f, target, ws, covered, loc, None, None)
            if covered.kind == "sporadic":
                luck = target.c.attributes.luck
                lr = self.roll(target.name, "sporadic_cover", 20)
                if lr <= luck:
                    return self.strike_cover(t, f, target, ws, covered, loc, lr, luck)
                if self.record:
                    self.emit(CoverHit(t, f.name, target.name, covered.name, loc, lr, luck, False,
                                       False, None, None, None, False))
            if covered.kind == "light":
                reduction = [Modifier("light_cover", -covered.reduction, "table", covered.name)]
        extra = reduction
        if ws.wt.wound_modifier:
            extra = [Modifier("weapon", ws.wt.wound_modifier)] + extra
        self.wound(t, target, f.name, "shot", loc, extra, f.name)
        return None

    def strike_cover(self, t: int, f: Fighter, target: Fighter, ws, cover: Cover, loc: str,
                     luck_roll: int | None, luck: int | None) -> Cover | None:
        sev_roll = sev_total = sev = None
        if cover.alive:
            sev_roll = self.roll(f.name, "severity", 6)
            sev_total = (sev_roll + tables.severity_location_modifier(loc, self.house.shoulder_is_arm)
                         + ws.wt.wound_modifier)
            sev = tables.severity(sev_total)
        bolts = cover.alive and cover.bolts_when_hit and sev not in (None, "scratch")
        if self.record:
            self.emit(CoverHit(t, f.name, target.name, cover.name, loc, luck_roll, luck, True,
                               cover.alive, sev_roll, sev_total, sev, bolts))
        return cover if bolts else None

    def cover_bolts(self, target: Fighter, cover: Cover) -> None:
        """Living cover runs off: everyone behind it loses it."""
        landmark = target.landmark
        for other in self.fighters.values():
            if other.cover is cover or (landmark and other.landmark == landmark):
                other.cover = None
                other.landmark = None
        if landmark:
            self.gone_landmarks.add(landmark)

    def wound(self, t: int, target: Fighter, shooter: str | None, cause: str, loc: str,
              extra: list[Modifier], dice_owner: str | None) -> None:
        """Severity (B7), wound points and mortal wounds (B8), passing out (000 l.433)."""
        who = dice_owner or target.name
        purpose = "explosion" if cause == "explosion" else "severity"
        d6 = self.roll(who, purpose, 6)
        mods = []
        lm = tables.severity_location_modifier(loc, self.house.shoulder_is_arm)
        if not self.record:  # (the same total; the modifiers are for the write-up)
            total = d6 + lm
            for m in extra:
                total += m.value
        else:
            if lm:
                src = "house rule" if loc.endswith("_shoulder") else "table"
                mods.append(Modifier("chest_or_head" if lm > 0 else "arm_or_leg", lm, src))
            mods.extend(extra)
            total = d6 + sum(m.value for m in mods)
        rolled = tables.severity(total)
        sev = rolled
        wp = max(0, total)
        mortal = None
        if rolled == "mortal":
            mortal = self.mortal(t, target)
            if mortal.outcome == "saved":
                sev, wp = "light", 1
        if sev != "scratch":
            target.wounds.append(Wound(loc, sev, wp))
            target.wound_points += wp
        else:
            wp = 0
        if self.record:
            self.emit(WoundTaken(t, target.name, shooter, cause, loc, d6, tuple(mods), total,
                                 rolled, mortal, sev, wp, target.wound_points, target.capacity))
        if target.condition == "active" and target.hurt_points > target.capacity:
            target.condition = "passed_out"  # bruise points count too (errata B19)
            if self.record:
                self.emit(PassedOut(t, target.name, target.wound_points, target.capacity,
                                    target.bruise_points))
        if target.down:
            target.mounted = False  # a rider who goes down falls from the saddle

    def mortal(self, t: int, target: Fighter) -> MortalCheck:
        """Luck check, then Strength check and dying time (errata B8)."""
        luck = target.c.attributes.luck
        lr = self.roll(target.name, "luck", 20)
        strength = target.c.attributes.str_
        if lr <= luck:
            return MortalCheck(lr, luck, True, None, strength, "saved", None, None, None, None)
        sr = self.roll(target.name, "strength", 20)
        if sr > strength:
            target.condition = "dead"
            return MortalCheck(lr, luck, False, sr, strength, "killed", None, None, None, None)
        diff = strength - sr
        time = tables.dying_time(diff)
        dr = turns = None
        if time == "turns":
            dr = self.roll(target.name, "dying", 6)
            turns = 1 if dr <= 3 else 2
            target.dies_after_turn = t + turns
        target.condition = "dying"
        return MortalCheck(lr, luck, False, sr, strength, "dying", diff, time, dr, turns)

    def scatter(self, t: int, f: Fighter, target: Fighter, ws, shot_type: str, band: str,
                chance: int, aim: str) -> None:
        """Scattergun at long/extreme: bystanders near the target (Table 9, errata B9)."""
        radius = tables.scatter_radius(band)
        if radius is None:
            return
        for other in self.fighters.values():
            if other is f or other is target or other.down:
                continue
            d = round(math.dist(other.pos, target.pos), 2)
            if d > radius:
                continue
            need = chance // 2
            r = self.roll(f.name, "scatter", 20)
            ok = r <= need
            if self.record:
                self.emit(ScatterChecked(t, f.name, other.name, d, need, r, ok))
            if ok:
                self.resolve_hit(t, f, other, ws, shot_type, band, aim)

    # ------------------------------------------------------------------ other actions
    def other_actions(self, t: int, f: Fighter, intent: Intent) -> None:
        """Reloading (Table 14 rate), clearing a jam, and free-text actions."""
        if intent.reload:
            w = intent.reload if isinstance(intent.reload, str) else None
            self.reload(t, f, self.weapon_index(f, w))
        if intent.clear_jam:
            self.work_jam(t, f, COMBAT)
        if intent.other:
            if self.record:
                self.emit(OtherAction(t, f.name, intent.other))

    def work_jam(self, t: int, f: Fighter, kind: TurnKind) -> None:
        """A turn spent clearing a jam: 18 seconds of work in all, in turns of either kind
        (000 l.407; errata B18(e)); the first turn of work with the Gunsmithing skill rolls
        the check, which takes a combat turn (6 seconds) off."""
        ws = f.weapons[f.current_weapon]
        jammed = [w for w in f.weapons if w.jammed_seconds]
        if ws.jammed_seconds == 0 and jammed:
            ws = jammed[0]
        if ws.jammed_seconds == 0:
            return self.refuse(t, f, "clear_jam", "not_jammed", None, ws.name)
        gr = None
        if f.c.skills.gunsmithing and not ws.gunsmith_tried:
            ws.gunsmith_tried = True
            gr = self.roll(f.name, "gunsmithing", 20)
            if gr <= f.c.skills.gunsmithing:
                ws.jammed_seconds -= GUNSMITH_SECONDS
        ws.jammed_seconds = max(0, ws.jammed_seconds - kind.seconds)
        if self.record:
            self.emit(JamWorked(t, f.name, ws.name, gr, ws.jammed_seconds))
        return None

    def reload(self, t: int, f: Fighter, idx: int) -> None:
        ws = f.weapons[idx]
        rate = ws.wt.reload
        if rate is None:
            return self.refuse(t, f, "reload", "cannot_reload", None, ws.name)
        if ws.loaded >= ws.capacity:
            return self.refuse(t, f, "reload", "full", None, ws.name)
        if ws.spare is not None and ws.spare <= 0:
            return self.refuse(t, f, "reload", "no_spare_rounds", None, ws.name)
        progress = ws.reload_progress
        rn, rd = rate.as_integer_ratio()
        pn, pd = progress.as_integer_ratio()
        carried = rd != 1 or pn != 0  # (else: whole rounds, nothing left in progress)
        if not carried:
            rounds = rn
        else:  # progress + rate, its whole rounds taken out, in integers (Fraction is slow)
            num, den = pn * rd + rn * pd, pd * rd
            rounds = num // den
            ws.reload_progress = Fraction(num - rounds * den, den)
        rounds = min(rounds, ws.capacity - ws.loaded)
        if ws.spare is not None:
            rounds = min(rounds, ws.spare)
            ws.spare -= rounds
        ws.loaded += rounds
        if carried and ws.loaded >= ws.capacity:  # (not carried: it is still 0)
            ws.reload_progress = NO_PROGRESS
        if self.record:
            self.emit(Reloaded(t, f.name, ws.name, str(rate), rounds, ws.loaded, ws.capacity))
        return None

    # ------------------------------------------------------------------ movement
    def move(self, t: int, f: Fighter, mv: MoveIntent, turn_kind: str = "combat") -> None:
        """Movement after fire (Table 3, or Table 7 in a shootout turn, with the Table 3
        penalties; errata B12, B17)."""
        if self.held_refusal(t, f, "move"):
            return None  # a held man cannot move, nor drop prone, mount or stand (errata B19)
        if mv.gait is not None:
            self.lets_go(t, f)  # a holder who moves lets go (ruled)
        gait = mv.gait
        penalties: list[Modifier] = []
        on_foot_after = ((not f.mounted) or mv.dismount) and not mv.mount
        if on_foot_after and gait in ("trotting", "galloping"):
            return self.refuse(t, f, "move", "wrong_gait", None, f"{gait} on foot")
        if not on_foot_after and gait in ("crawling", "evading", "running"):
            return self.refuse(t, f, "move", "wrong_gait", None, f"{gait} on horseback")
        wound_halvings: tuple[tuple[str, int], ...] = ()
        if on_foot_after and gait is not None:
            gait, why, wound_halvings = f.wounded_gait(gait)
            if why is None and self.record and not f.mounted and (t, f.name) in self.tactic_made:
                # (for the write-up only: a penalty of 0 changes no allowance) the walk was
                # chosen with the wounds he had then, not those of this turn's fire (a run of
                # 24 yards is no reason "a run would go no farther")
                now = f.wounds
                f.wounds = now[:self.wounds_declared.get(f.name, len(now))]
                try:
                    why = tactics.slow_gait_why(f, gait, turn_kind, self.sc.night)
                finally:
                    f.wounds = now
            if why is not None:
                penalties.append(Modifier(why, 0))
        mounted_gait = (f.mounted and not mv.dismount) or mv.mount
        allowance = tables.movement_allowance(gait, mounted_gait, turn_kind) if gait else 0.0
        halvings: list[Modifier] = []
        if mv.dismount and f.mounted:
            halvings.append(Modifier("dismount", 0))
        if mv.mount and not f.mounted:
            halvings.append(Modifier("mount", 0))
        if (mv.stand_up or (f.prone and gait not in (None, "crawling"))) and f.prone:
            halvings.append(Modifier("stand_up", 0))
        if mv.jump_down:
            halvings.append(Modifier("jump_down", 0))
        stopped = fell = False
        if mv.jump:
            if self.jump(t, f, mv.jump):
                halvings.append(Modifier("jump", 0))   # 001 l.56: half the move
            else:
                stopped = True                         # 001 l.57: the move ends
        footing = tables.combat()["bad_footing"]["check_gaits"]
        if mv.terrible_footing and on_foot_after and gait in footing and not stopped:
            roll = self.roll(f.name, "coordination", 20)
            ok = roll <= f.c.attributes.coo
            if self.record:
                self.emit(FootingChecked(t, f.name, gait, f.c.attributes.coo, roll, ok))
            stopped = fell = not ok
        if mv.terrible_footing:
            halvings.append(Modifier("terrible_footing", 0))
        if self.sc.night and gait not in (None, "walking", "crawling"):
            halvings.append(Modifier("night", 0))
        for name, n in wound_halvings:
            halvings.append(Modifier(name, 0, "table", "", n))
        for h in halvings:
            allowance /= 2 ** h.times
        for obstacle in mv.through:
            cost = tables.combat()["movement_combat"][obstacle]
            penalties.append(Modifier(obstacle, -cost))
            allowance -= cost
            if obstacle == "window":
                # Table 3: "-6 yards + Coordination Check"; 001 l.53: a failed check ends the
                # move at the window (placed, as narrator reads it, at the start of the move)
                roll = self.roll(f.name, "coordination", 20)
                ok = roll <= f.c.attributes.coo
                penalties.append(Modifier("window_check_made" if ok else "window_check_failed",
                                          0, "table", str(roll)))
                stopped = stopped or not ok
        if mv.stairs:
            penalties.append(Modifier("stairs", -mv.stairs))   # Table 3: 1 stair per yard
            allowance -= mv.stairs
        allowance = max(0.0, round(allowance, 2))
        start = f.pos
        dest_name = None
        target_pt = None
        if isinstance(mv.to, str):
            dest_name = mv.to
            target_pt = tuple(float(v) for v in self.sc.map[mv.to].at)
        elif mv.to is not None:
            target_pt = (float(mv.to[0]), float(mv.to[1]))
        distance = 0.0
        arrived = False
        if target_pt is not None and gait is not None and not stopped:
            full = math.dist(start, target_pt)
            distance = min(full, allowance)
            if full <= allowance + 1e-9:
                f.pos = target_pt
                arrived = True
            elif full > 0:
                k = distance / full
                f.pos = (round(start[0] + (target_pt[0] - start[0]) * k, 2),
                         round(start[1] + (target_pt[1] - start[1]) * k, 2))
                # (within the 2 decimal places a position is kept to, he ends on the spot:
                # he is there, as a man placed on a landmark's spot is at it, ruling BN3)
                arrived = f.pos == target_pt
        took = None
        if distance > 0:
            f.cover = None
            f.landmark = None
            f.in_darkness = bool(arrived and dest_name and self.sc.map[dest_name].dark)
        if arrived and dest_name and dest_name not in self.gone_landmarks:
            took = self.take_landmark(f, dest_name)
        dismounted = bool(mv.dismount and f.mounted)
        if dismounted:
            f.mounted = False
        mounted = bool(mv.mount and not f.mounted)
        if mounted:
            f.mounted = True
        stood = False
        if f.prone and (mv.stand_up or gait not in (None, "crawling")):
            f.prone = False
            stood = True
        if mv.drop_prone or fell:
            f.prone = True
        if self.record:
            self.emit(Moved(t, f.name, gait, allowance, tuple(penalties + halvings),
                            round(distance, 2), start, f.pos, dest_name, arrived, took, mounted,
                            dismounted, f.prone, stood))

    def jump(self, t: int, f: Fighter, feet: int) -> bool:
        """A significant jump (001 l.56-60, errata B18(g)): a Coordination check; over 12 feet
        a Luck check too, with the outcomes of B18(g) (the [jumping] table). Emits ``jumped``.

        Returns:
            True when the Coordination check is made (the jump takes half the move).
        """
        data = tables.combat()["jumping"]
        coo = f.c.attributes.coo
        roll = self.roll(f.name, "coordination", 20)
        ok = roll <= coo
        luck = luck_roll = location = None
        points = 0
        outcome = "landed" if ok else "stumbled"
        if feet > data["luck_check_above_feet"]:
            luck = f.c.attributes.luck
            luck_roll = self.roll(f.name, "luck", 20)
            lucky = luck_roll <= luck
            if ok:
                outcome = "landed" if lucky else "shaken"
            elif lucky:
                outcome = "twisted_ankle"       # a scratch: no wound points
            else:
                outcome = "hurt"
                location = "left_leg" if roll % 2 else "right_leg"
                points = data["hurt_wound_points"]
                f.wounds.append(Wound(location, "light", points))
                f.wound_points += points
        if self.record:
            self.emit(Jumped(t, f.name, feet, coo, roll, luck, luck_roll, outcome, location,
                             points, f.wound_points, f.capacity))
        if f.condition == "active" and f.hurt_points > f.capacity:
            f.condition = "passed_out"
            if self.record:
                self.emit(PassedOut(t, f.name, f.wound_points, f.capacity, f.bruise_points))
        return ok

    def pick_ups(self, t: int, ranked: list[str], intents: dict[str, Intent]) -> None:
        """After the moves, each character who declared ``pick_up`` picks up a thrown weapon
        lying within the [thrown_weapons] reach of where he stands (errata B18(i): "a
        character who reaches it", whoever threw it): his own first, else the nearest. One
        another man threw becomes his (``WeaponPickedUp.owner``); the thrower has it no more.
        ``pick_up: NAME`` names the weapon (his own, by type or name, or anyone's by name)."""
        for i in intents.values():  # (a loop, not any(): asked every turn, most often of none)
            if i.pick_up:
                break
        else:
            return
        reach = tables.combat()["thrown_weapons"]["pick_up_reach"]
        for side in ranked:
            for f in self.side_order(side, t):
                intent = intents.get(f.name)
                if intent is None or not intent.pick_up or f.down:
                    continue
                named = intent.pick_up if isinstance(intent.pick_up, str) else None
                lying = [(o, w) for o in self.fighters.values() for w in o.weapons
                         if w.lying_at is not None and not w.gone
                         and (named is None or self._names(f, o, w, named))]
                if not lying:
                    self.refuse(t, f, "pick_up", "not_lying", None,
                                named or "no thrown weapon")
                    continue
                near = [(x, w) for x, w in lying if math.dist(f.pos, w.lying_at) <= reach + 1e-9]
                o, ws = min(near or lying, key=lambda ow: (ow[0] is not f,
                                                           math.dist(f.pos, ow[1].lying_at)))
                yards = math.dist(f.pos, ws.lying_at)
                if yards > reach + 1e-9:
                    self.refuse(t, f, "pick_up", "not_there", None,
                                f"{ws.name} lies {yards:.1f} yards away")
                    continue
                at = ws.lying_at
                ws.lying_at = None
                if o is f:
                    ws.loaded = ws.capacity
                    if self.record:
                        self.emit(WeaponPickedUp(t, f.name, ws.name, at))
                    continue
                ws.gone = True  # the thrower's no more
                taken = WeaponState(ws.spec, ws.wt, ws.capacity, ws.capacity, ws.spare)
                if any(w.name == ws.name and not w.gone for w in f.weapons):
                    # told apart from his own as the thrower's: "Alf's thrown knife"; a name
                    # that says an owner already takes the thrower's in its place, "Alf's
                    # knife" of "Pa's knife" (never "Alf's Pa's knife": weapon_owner's rule)
                    split = owned_weapon(ws.name)
                    bare = split[1] if split else ws.name
                    taken.spec = ws.spec.model_copy(
                        update={"name": f"{o.c.short or o.name}'s {bare}"})
                f.weapons.append(taken)
                if self.record:
                    self.emit(WeaponPickedUp(t, f.name, taken.name, at, o.name))

    def _names(self, f: Fighter, o: Fighter, ws: WeaponState, named: str) -> bool:
        """Whether ``pick_up: named`` of ``f`` names ``o``'s weapon ``ws``: his own by type or
        name (``weapon_index``), another man's by its name or type."""
        if o is f:
            return self.weapon_index(f, named, carried=False) == f.weapons.index(ws)
        return named == ws.spec.type or same_weapon_name(named, ws.name)

    # ------------------------------------------------------------------ end of turn
    def end_turn(self, t: int) -> None:
        for f in self.fighters.values():
            if f.condition == "dying" and f.dies_after_turn is not None and f.dies_after_turn <= t:
                f.condition = "dead"
                if self.record:
                    self.emit(Died(t, f.name))
        self.holds_after(t, None)
        if self.record:
            self.emit(TurnEnded(t, tuple(self.status(f) for f in self.fighters.values())))

    def status(self, f: Fighter) -> CharacterStatus:
        return CharacterStatus(
            f.name, f.side, f.condition,
            tuple(WoundNote(w.location, w.severity, w.wound_points) for w in f.wounds),
            f.wound_points, f.capacity,
            tuple(WeaponNote(w.name, w.loaded, w.capacity, w.state) for w in f.weapons
                  if not w.gone),
            f.pos, f.cover.name if f.cover else None, f.mounted, f.prone, f.bruise_points,
            f.held_by)


