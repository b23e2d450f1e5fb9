"""A vectorised Monte Carlo kernel for Gaslight odds: thousands of fights advance together.

``narrator odds`` asks many fights of one scenario how they end; the engine
(``fight.GaslightFight``) fights them one by one and records every event. This kernel fights
them all at once, combat round by combat round, and keeps only what the odds need
(``narrator.batch.Tally``).

How it stays the same rules as the engine:

* Everything decided rather than rolled is decided by the engine's own code. At the start of
  each round, for each man without a declared intent, the fights still going are grouped by
  the state that his tactics profile reads (his position, whether he is hurt, shot at or
  blinded, his guns' state and rounds loaded, where his foes still up stand, whether anyone
  has fired); for each group one representative ``GaslightFight`` is set to that state and
  its ``tactics.decide`` asked for his intent (what ``complete_intents`` asks), kept per
  state. What an intent names (the gun of ``arm_for``, a landmark's spot) is resolved by the
  engine's own helpers.
* Everything rolled is rolled here, with NumPy, for every fight at once, through lookup
  arrays built by calling ``rules``' functions on every die face and total (``hits``,
  ``location``, ``blinded``, ``damage_amount``, ``condition``, ``malfunction``,
  ``recoil_result``, ``recoil_penalty``, ``unfamiliar_modifier``, ``status_modifier``,
  ``cover_modifier``, ``range_modifier``, ``in_range``, ``fanning_modifiers``,
  ``mode_modifier``, ``max_shots``, ``split_shots``, ``must_fire_all``,
  ``covering_follow_ups``, ``draw_action``, ``quick_draw_succeeds``, ``fast_draw_outcome``,
  ``needs_recoil_check``, ``may_take_10``) and the die sizes of ``data/rules.toml``: a change
  to a data file reaches the engine and the kernel alike. ``apply_damage`` (hit points
  first, the rest to Health, G10) is its arithmetic done on arrays, which
  ``tests/test_gaslight_kernel.py`` checks against it. The order of a round follows the
  engine's (002 l.12, l.61-70, l.99-110, G3, G5, G8): covering men set their watch, a watch
  set off by a move or an appearance opens the fight before anything else, a declared
  fast-draw contest and its two snap shots, initiative (d10 + DEX modifier, +1 for a man
  covering), each man's first half in initiative order (draw, clear a fault, reload, move,
  the first half of his shots), then everyone's second half; a shot is a "shoots" trigger
  at once, a move a "moves" trigger; an attacked watcher stops covering.

Initiative (G3: d10 + modifier, highest first, then the higher DEX score, men still tied
rolling again until they differ) is a d10 per man with a uniform tie-break among equal totals
and DEX scores: the engine's rerolls give each order of the tied the same chance, and so does
this.

The kernel's fights are not the engine's fights seed for seed (its dice are NumPy streams);
they agree in distribution, which ``tests/test_gaslight_kernel.py`` checks with the
statistical test of ``tests/test_kernel.py``.

What it does not cover (two guns, a blade, a conveyance, a man with no gun) raises
``Uncovered`` before any fight, from ``not_covered``; ``odds`` then fights the scenario with
the engine and its ``path:`` line says why.

May import: numpy, narrator.rulesets.gaslight.*, narrator.ruleset (Uncovered),
narrator.kernel_base.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from narrator import kernel_base
from narrator.ruleset import Uncovered
from narrator.rulesets.gaslight import rules as R
from narrator.rulesets.gaslight import tactics
from narrator.rulesets.gaslight.fight import GaslightFight, move_feet, moving_status
from narrator.rulesets.gaslight.scenario import Intent, Scenario
from narrator.rulesets.gaslight.tables import CLASSES, MODES, STATUSES
from narrator.rulesets.gaslight.tables import rules as numbers

UP, UNCONSCIOUS, DEAD = 0, 1, 2
CONDITIONS = ("up", "unconscious", "dead")            # fight.Man.condition, as codes
ARM_STATES = ("ready", "misfire", "jam", "broken", "burst", "dropped")  # fight.Arm.state
READY, MISFIRE, JAM, BROKEN, BURST, DROPPED = range(len(ARM_STATES))
AIMED, SNAP, RAPID, PANIC, COVERING, FANNING, POINT_BLANK = (MODES.index(m) for m in (
    "aimed", "snap", "rapid", "panic", "covering", "fanning", "point_blank"))
WHEN = ("moves", "shoots", "appears")                 # R.covering_triggers
MAX_LOADED = 64     # the lookup arrays of shots a round cover this many rounds in a gun
CACHE_ENTRIES = 500_000  # decisions kept for one scenario at most (about 150 MB; then anew)


class _NoDice:
    """The representative fights decide; they never roll."""

    rolls: list = []

    def roll(self, who: str, purpose: str, sides: int) -> int:
        raise Uncovered(f"a {purpose.replace('_', ' ')} roll outside the kernel")


# ---------------------------------------------------------------------- what is covered
def not_covered(scenario: Scenario, tables_only: bool = False) -> list[str]:
    """The reasons the kernel cannot fight ``scenario`` at all (empty: it can try): another
    ruleset; two guns at once (002 l.348-405); a blade
    (002 l.363); a conveyance (GN22); a man with no gun. The tactics profiles use none of
    them, so only a scenario's own characters and declared intents can."""
    if scenario.ruleset != "gaslight":
        return [f"the {scenario.ruleset} ruleset"]
    out: list[str] = []

    def add(reason: str) -> None:
        if reason not in out:
            out.append(reason)

    for _, c in scenario.characters():
        if not c.weapons:
            add("a man with no gun")
        if c.aboard is not None:
            add("a conveyance")
    for turn in scenario.turns:
        for it in turn.intents.values():
            for reason in _intent_reasons(it):
                add(reason)
    return out


def _intent_reasons(it: Intent) -> list[str]:
    """What in one intent the kernel does not cover."""
    out = []
    if it.off_hand is not None:
        out.append("two guns")
    if it.strike is not None:
        out.append("a blade")
    if it.aboard:
        out.append("a conveyance")
    return out


# ---------------------------------------------------------------------- lookup arrays
@dataclass
class _Tables:
    """Every die face and total the kernel reads, from ``rules``' own functions (each names
    its source lines of 002 and the rulings it follows; the numbers are ``data/rules.toml``'s,
    each section with its ``source``)."""

    to_hit_die: int           # [to_hit] die: d20 (G2)
    hit: np.ndarray           # natural roll x (total - AC + OFF) -> hit (G2: 20 hits, 1 misses)
    hit_off: int
    fumble: np.ndarray        # natural roll -> fumble (G2, G11, 002 l.122: a natural 1)
    loc_die: int              # [location] die: d20 (002 l.470-489)
    loc_mult_excess: np.ndarray  # d20 -> the part's multiplier is not 1 (x1.5 impaling)
    loc_critical: np.ndarray  # d20 -> critical (the head, l.489): straight to Health
    loc_blinding: np.ndarray  # d20 -> may blind (the face, l.488)
    blind_die: int            # [blinding] die: d6 (G10)
    blinded: np.ndarray       # d6 -> blinded (G10: 1-2)
    mal_die: int              # [malfunction] die: d6 (G11)
    malfunction: np.ndarray   # (old and smokeless) x d6 -> ARM_STATES code (G11, G18 g)
    recoil_die: int           # [recoil] die: d20 (002 l.135, G12)
    take_10: int              # [recoil] take_10: 10 (002 l.136)
    recoil: np.ndarray        # (total + ROFF) x prone -> 0 held, 1 disrupted, 2 knocked down
    recoil_off: int
    recoil_pen: np.ndarray    # failures before -> penalty (002 l.135, G18 f: -4 once)
    unfamiliar: np.ndarray    # shots before -> penalty (002 l.127-133, G15: -3, -2, -1)
    status: np.ndarray        # STATUSES code -> modifier (002 l.74-81)
    cover: np.ndarray         # percent -> modifier (002 l.89-92: 25/50/75/90 -2/-4/-7/-10)
    concealment: np.ndarray   # percent -> modifier (002 l.93-96: -1/-2/-3/-4)
    init_die: int             # [round] initiative_die: d10 (G3)
    covering_reaction: int    # [round] covering_reaction: +1 (002 l.69)
    burst_shooter: tuple      # [malfunction] burst_shooter: 1d6 (G11, GN9)
    burst_nearby: tuple       # [malfunction] burst_nearby: 1d2 (G11, GN9)
    burst_feet: float         # [malfunction] burst_nearby_feet: 3 (GN9)
    reload_cartridges: int    # [reloading] cartridges: 2 (G16, 002 l.345)
    muzzle_rounds: int        # [reloading] muzzle_loader_rounds: 5 (G16, 002 l.46)
    seconds: int              # [round] combat_round_seconds: 6 (G3)

    @classmethod
    def build(cls) -> _Tables:
        r = numbers()
        die = r["to_hit"]["die"]
        off = 200
        hit = np.array([[R.hits(roll, 10 + d - off, 10) for d in range(2 * off + 1)]
                        for roll in range(die + 1)], dtype=bool)
        fumble = np.array([roll > 0 and R.fumbles(roll) for roll in range(die + 1)])
        ld = r["location"]["die"]
        locs = [None] + [R.location(v) for v in range(1, ld + 1)]
        excess = np.array([loc is not None and loc.multiplier != 1 for loc in locs])
        critical = np.array([loc is not None and loc.critical for loc in locs])
        blinding = np.array([loc is not None and loc.blinding for loc in locs])
        bd = r["blinding"]["die"]
        blinded = np.array([v > 0 and R.blinded(v) for v in range(bd + 1)])
        md = r["malfunction"]["die"]
        mal = np.array([[READY] + [ARM_STATES.index(R.malfunction(v, bool(os), bool(os)).result)
                                   for v in range(1, md + 1)] for os in (0, 1)], dtype=np.int64)
        rec = r["recoil"]
        roff = 40
        codes = {"held": 0, "disrupted": 1, "knocked_down": 2}
        recoil = np.array([[codes[R.recoil_result(v - roff, bool(p))] for p in (0, 1)]
                           for v in range(2 * roff + 1)], dtype=np.int64)
        recoil_pen = np.array([R.recoil_penalty(k) for k in range(2)], dtype=np.int64)
        unf = np.array([R.unfamiliar_modifier(k) for k in range(8)], dtype=np.int64)
        status = np.array([R.status_modifier(s) for s in STATUSES], dtype=np.int64)
        cover = np.zeros(91, dtype=np.int64)
        conc = np.zeros(91, dtype=np.int64)
        for p in (0, 25, 50, 75, 90):       # scenario.Percent
            cover[p], conc[p] = R.cover_modifier(p), R.cover_modifier(p, "concealment")
        m = r["malfunction"]
        return cls(die, hit, off, fumble, ld, excess, critical, blinding, bd, blinded, md, mal,
                   rec["die"], rec["take_10"], recoil, roff, recoil_pen, unf, status, cover,
                   conc, r["round"]["initiative_die"], r["round"]["covering_reaction"],
                   R.parse_dice(m["burst_shooter"]), R.parse_dice(m["burst_nearby"]),
                   float(m["burst_nearby_feet"]), R.cartridges_per_reload(),
                   R.muzzle_loader_reload_rounds(), r["round"]["combat_round_seconds"])


@dataclass
class _Plan:
    """An intent as the kernel acts on it, resolved for its man by the engine's helpers:
    the gun (``arm_for``), the target (fighter index, -1: none), the mode (``MODES`` code),
    the shots asked for (0: what the mode allows), the called shot's part and modifier,
    whether he moves (the goal is the intent's own: ``KernelContext.it_gx``...), the gait
    (``STATUSES`` code or -1) and the feet it allows (GN17), the covering watch (targets,
    ``WHEN`` code), and the flags. Intents that differ only in where they move to share one
    plan, so that the fights of a round are fought in few groups."""

    j: int
    gun: int
    target: int
    mode: int
    shots: int
    called: str | None
    called_mod: int
    move: bool
    gait: int
    most: float
    covers: tuple[int, ...]
    when: int
    reload: bool
    take_10: bool
    appears: bool
    both: bool
    quick: bool
    most_tab: np.ndarray       # rounds loaded + shots before -> R.max_shots of the mode


# ---------------------------------------------------------------------- the context
class KernelContext:
    """What the kernel knows about one scenario, kept across runs (chunks) in a process: the
    representative fight, the fighters' fixed numbers, the lookup arrays, the registry of
    intents and the cache of decisions. Not thread-safe: one per thread."""

    def __init__(self, scenario: Scenario, tables_only: bool = False) -> None:
        self.scenario = self.sc = scenario
        self.tables_only = tables_only
        self.rep = GaslightFight(scenario, _NoDice(), 0)
        probe = self.probe = GaslightFight(scenario, _NoDice(), 0)   # the start; kept
        men = list(probe.men.values())
        self.men = men
        self.names = [m.name for m in men]
        self.index = {n: j for j, n in enumerate(self.names)}
        self.sides = list(scenario.sides)
        n = self.n = len(men)
        self.side_idx = np.array([self.sides.index(m.side) for m in men], dtype=np.int64)
        self.foes = [np.flatnonzero(self.side_idx != self.side_idx[j]) for j in range(n)]
        self.t = _Tables.build()
        self.dex = np.array([m.c.dex for m in men], dtype=np.int64)
        # G1: the d20 ability modifier; G3 initiative d10 + DEX modifier
        self.dexmod = np.array([R.ability_modifier(m.c.dex) for m in men], dtype=np.int64)
        self.strmod = np.array([R.ability_modifier(m.c.str_) for m in men], dtype=np.int64)
        # G2: d20 + BAB + DEX modifier
        self.base = np.array([m.c.bab + R.ability_modifier(m.c.dex) for m in men],
                             dtype=np.int64)
        self.ac = np.array([m.ac for m in men], dtype=np.int64)
        self.hp0 = np.array([m.hp for m in men], dtype=np.int64)
        self.health0 = np.array([m.health for m in men], dtype=np.int64)
        top = int(max(self.health0.max(), 0))
        # G10: Health 0 dead, at or below half the CON score unconscious
        self.cond_of = np.array([[CONDITIONS.index(R.condition(h, m.c.con)) if h <= m.health
                                  else UP for h in range(top + 1)] for m in men],
                                dtype=np.int64)
        self.own_status = np.array([STATUSES.index(m.c.status) for m in men], dtype=np.int64)
        self.sharp = [m.c.skills.sharp_shooter for m in men]
        nw = self.nw = max(1, max(len(m.arms) for m in men))
        self.klass = np.zeros((n, nw), dtype=np.int64)
        self.cap = np.zeros((n, nw), dtype=np.int64)
        self.barrels = np.ones((n, nw), dtype=np.int64)
        self.inc = np.ones((n, nw), dtype=np.int64)
        self.familiar = np.ones((n, nw), dtype=bool)
        self.old_smokeless = np.zeros((n, nw), dtype=np.int64)
        self.smokeless = np.zeros((n, nw), dtype=np.int64)
        self.recoil_check = np.zeros((n, nw), dtype=bool)
        self.loaded0 = np.zeros((n, nw), dtype=np.int64)
        self.drawn0 = np.zeros((n, nw), dtype=bool)
        self.dmg = [[None] * nw for _ in range(n)]
        self.gun_form = [[""] * nw for _ in range(n)]
        smoke = numbers()["smokeless"]["damage"]      # 002 l.7: +1 smokeless
        for j, m in enumerate(men):
            for g, a in enumerate(m.arms):
                gun = a.gun
                self.klass[j, g] = CLASSES.index(gun.klass)
                self.cap[j, g] = gun.capacity
                self.barrels[j, g] = gun.barrels
                self.inc[j, g] = gun.increment
                self.familiar[j, g] = a.spec.familiar
                sm = a.spec.powder == "smokeless"
                self.smokeless[j, g] = smoke if sm else 0
                self.old_smokeless[j, g] = int(a.spec.old and sm)    # G11: 6 bursts
                # G12: a check only under both the row's minimum STR and weight
                self.recoil_check[j, g] = R.needs_recoil_check(m.c.str_, m.c.weight, gun.recoil)
                self.loaded0[j, g] = a.loaded
                self.drawn0[j, g] = a.drawn
                self.dmg[j][g] = R.parse_dice(gun.damage)           # G9
                self.gun_form[j][g] = gun.form
        self.default_gun = np.array([m.arms.index(probe.arm_for(m, None)) for m in men],
                                    dtype=np.int64)
        self.pos0 = np.array([m.pos for m in men], dtype=np.float64).reshape(n, 2)
        self.cov0 = np.array([m.cover for m in men], dtype=np.int64)
        self.conc0 = np.array([m.concealment for m in men], dtype=np.int64)
        self.landmarks = list(scenario.map)
        self.lm0 = np.array([-1 if m.landmark is None else self.landmarks.index(m.landmark)
                             for m in men], dtype=np.int64)
        self.lm_cov = np.array([lm.cover for lm in scenario.map.values()] + [0],
                               dtype=np.int64)
        self.lm_conc = np.array([lm.concealment for lm in scenario.map.values()] + [0],
                                dtype=np.int64)
        # the damage of a hit by the dice's total: R.damage_amount with each combination of
        # the multipliers (impaling x1.5, a natural 20 at point blank x2, both barrels x2)
        top = max(count * sides + bonus for row in self.dmg for d in row if d is not None
                  for count, sides, bonus in [d]) + smoke
        self.factors = []
        for k in range(8):
            f = []
            if k & 1:
                f.append(_impaling())
            if k & 2:
                f.append(Fraction(R.point_blank_damage_multiplier(20)))
            if k & 4:
                f.append(Fraction(R.both_barrels_damage()))
            self.factors.append(tuple(f))
        self.amount = np.array([[R.damage_amount((v,), 0, False, f) for v in range(top + 1)]
                                for f in self.factors], dtype=np.int64)
        # conditions by round: the modifiers in force (002 l.82-97, G7) and "impossible"
        self._cond: dict[int, tuple[int, bool]] = {}
        self._range: dict[tuple[float, int], tuple[bool, int]] = {}
        self._fan: dict[tuple[int, float, int], int] = {}
        self._gait: dict[float, int] = {}
        self._contest: dict[tuple[int, int], tuple] = {}
        # registry of intents (index 0: none), each for one man: its plan (shared by the
        # intents that differ only in the goal of their move) and its goal
        self.ireg: list[tuple[int, Intent | None]] = [(-1, None)]
        self.ireg_key: dict[tuple[int, str], int] = {}
        self.goals: list[tuple[float, float, int]] = [(0.0, 0.0, -1)]
        self.wguns: list[int] = [-1]          # arm_for(m, intent.weapon): covering, contest
        self.iid_sid: list[int] = [0]
        self.sig_key: dict[tuple[int, str], int] = {}
        self.sortkey: list[str] = [""]        # each plan's content (the order of its turns)
        self.plans: list[_Plan | None] = [None]
        self._arrays_for = 0
        self.cache: dict[tuple, np.ndarray] = {}

    # -------------------------------------------------------------- resolved by the engine
    def conditions(self, t: int) -> tuple[int, bool]:
        """Round ``t``'s light, weather and crowd modifiers (the engine's ``condition_mods``
        of the round's conditions): their sum, and whether no shot can be aimed (GN3)."""
        when = t if t <= len(self.sc.turns) and self.sc.turns[t - 1].conditions else 0
        got = self._cond.get(when)
        if got is None:
            rep = self.probe
            rep.conditions = (self.sc.turns[t - 1].conditions if when else self.sc.conditions)
            mods = rep.condition_mods()
            got = self._cond[when] = (sum(x.value for x in mods if x.why != "impossible"),
                                      any(x.why == "impossible" for x in mods))
        return got

    def range_of(self, feet: float, inc: int) -> tuple[bool, int]:
        """G2, GN1: (in range, the range modifier) at ``feet`` for an increment."""
        key = (feet, inc)
        got = self._range.get(key)
        if got is None:
            ok = R.in_range(feet, inc)
            got = self._range[key] = (ok, R.range_modifier(feet, inc) if ok else 0)
        return got

    def fanning(self, shot: int, feet: float, inc: int) -> int:
        """G14, GN12: the ``shot``-th fanned shot's modifiers at ``feet``, summed."""
        key = (shot, feet, inc)
        got = self._fan.get(key)
        if got is None:
            got = self._fan[key] = sum(x.value for x in R.fanning_modifiers(shot, feet, inc))
        return got

    def gait_of(self, feet: float) -> int:
        """GN17: the ``STATUSES`` code of a man who moved ``feet`` (``fight.moving_status``)."""
        got = self._gait.get(feet)
        if got is None:
            got = self._gait[feet] = STATUSES.index(moving_status(feet))
        return got

    def plan(self, sid: int) -> _Plan | None:
        """Plan ``sid`` (None for no intent)."""
        return self.plans[sid]

    def register(self, j: int, intent: Intent | None) -> int:
        """The registry id of fighter ``j``'s intent (equal intents share one).

        Raises:
            Uncovered: the intent uses something the kernel does not cover.
        """
        if intent is None:
            return 0
        key = (j, _ikey(intent))
        k = self.ireg_key.get(key)
        if k is None:
            reasons = _intent_reasons(intent)
            if reasons:
                raise Uncovered(reasons[0])
            k = self.ireg_key[key] = len(self.ireg)
            self.ireg.append((j, intent))
            sig = (j, repr(intent.model_copy(update={"move": None}))
                   + ("|move" if intent.move is not None else ""))
            sid = self.sig_key.get(sig)
            if sid is None:
                sid = self.sig_key[sig] = len(self.plans)
                self.sortkey.append(sig[1])
                self.plans.append(self._compile(j, intent))
            self.iid_sid.append(sid)
            m = self.men[j]
            self.wguns.append(m.arms.index(self.probe.arm_for(m, intent.weapon)))
            if isinstance(intent.move, str):
                lm = self.sc.map[intent.move]
                goal = (float(lm.at[0]), float(lm.at[1]), self.landmarks.index(intent.move))
            elif intent.move is not None:
                goal = (float(intent.move[0]), float(intent.move[1]), -1)
            else:
                goal = (0.0, 0.0, -1)
            self.goals.append(goal)
        return k

    def _compile(self, j: int, it: Intent) -> _Plan:
        m = self.men[j]
        rep = self.probe
        arm = rep.arm_for(m, it.weapon if isinstance(it.reload, bool) else it.reload)
        g = m.arms.index(arm)
        mode = MODES.index(it.mode or "snap")
        called, cmod = it.called, 0
        if called is not None:       # G17
            cmod = R.called_shot_modifier(called, m.c.skills.sharp_shooter, it.mode or "snap",
                                          arm.gun.form)
        covers, when = (), -1
        if it.covers is not None:
            covers = tuple(self.index[x] for x in it.covers.targets)
            when = WHEN.index(it.covers.when)
        # GN17: the feet his mode allows (a man not shooting: a double move, or a run)
        most = move_feet((it.mode or "snap") if it.shoot else None, it.gait)
        klass = arm.gun.klass
        try:
            most_tab = np.array([R.max_shots(it.mode or "snap", klass, v, arm.gun.barrels)
                                 for v in range(MAX_LOADED + 1)], dtype=np.int64)
        except R.NotAllowed as exc:
            raise Uncovered(str(exc)) from None
        return _Plan(j, g, -1 if it.shoot is None else self.index[it.shoot], mode,
                     it.shots or 0, called, cmod, it.move is not None,
                     -1 if it.gait is None else STATUSES.index(it.gait), most, covers, when,
                     bool(it.reload), it.take_10, it.appears, it.both_barrels,
                     it.draw == "quick" and m.c.skills.quick_draw > 0, most_tab)

    def arrays(self) -> None:
        """Lookup arrays over the intent registry (rebuilt when it has grown): its plan, a
        move and its goal, ``take_10``, ``appears``, a watch, the gun."""
        if self._arrays_for == len(self.ireg):
            return
        ps = [self.plans[s] for s in self.iid_sid]
        self.it_sid = np.array(self.iid_sid, dtype=np.int64)
        self.it_move = np.array([p is not None and p.move for p in ps])
        self.it_take10 = np.array([p is not None and p.take_10 for p in ps])
        self.it_appears = np.array([p is not None and p.appears for p in ps])
        self.it_covers = np.array([p is not None and bool(p.covers) for p in ps])
        self.it_wgun = np.array(self.wguns, dtype=np.int64)
        self.it_target = np.array([p.target if p is not None else -1 for p in ps],
                                  dtype=np.int64)
        goals = np.array(self.goals, dtype=np.float64)
        self.it_gx, self.it_gy = goals[:, 0], goals[:, 1]
        self.it_glm = goals[:, 2].astype(np.int64)
        self._arrays_for = len(self.ireg)


def _ikey(it: Intent) -> tuple:
    """A hashable key of an intent's content (cheaper than its ``repr``)."""
    return tuple(tuple(v) if isinstance(v, list) else repr(v) if hasattr(v, "model_dump")
                 else v for v in it.__dict__.values())


def _impaling() -> Fraction:
    """002 l.472-489: the impaling multiplier of the hit-location table (x1.5: groin,
    abdomen, chest, head).

    Raises:
        Uncovered: the table's parts multiply by more than one figure besides 1.
    """
    found = {loc.multiplier for loc in R.locations() if loc.multiplier != 1}
    if len(found) != 1:
        raise Uncovered("hit locations with different damage multipliers")
    return found.pop()


# ---------------------------------------------------------------------- the kernel
class _Kernel(kernel_base.RoundKernel):
    """The state of ``trials`` fights of one scenario, and the round loop over them."""

    def __init__(self, ctx: KernelContext, trials: int, rng: np.random.Generator) -> None:
        super().__init__(ctx, trials, rng)
        n, nw = ctx.n, ctx.nw
        T = trials

        def full(v, shape=(T, n), dtype=np.int64):
            return np.full(shape, v, dtype=dtype)

        self.cond = full(UP)
        self.hp = np.broadcast_to(ctx.hp0, (T, n)).copy()
        self.health = np.broadcast_to(ctx.health0, (T, n)).copy()
        self.pos = np.broadcast_to(ctx.pos0, (T, n, 2)).copy()
        self.cov = np.broadcast_to(ctx.cov0, (T, n)).copy()
        self.conc = np.broadcast_to(ctx.conc0, (T, n)).copy()
        self.lm = np.broadcast_to(ctx.lm0, (T, n)).copy()
        self.prone = full(False, dtype=bool)
        self.blinded = full(False, dtype=bool)
        self.shot_at = full(False, dtype=bool)
        self.wounded = full(False, dtype=bool)
        self.loaded = np.broadcast_to(ctx.loaded0, (T, n, nw)).copy()
        self.astate = full(READY, (T, n, nw))
        self.drawn = np.broadcast_to(ctx.drawn0, (T, n, nw)).copy()
        self.afired = full(0, (T, n, nw))
        self.loading = full(0, (T, n, nw))
        self.snapre = full(False, (T, n, nw), bool)
        self.rshots = full(0, (T, n, nw))
        # this round
        self.moved = full(0.0, dtype=np.float64)
        self.gait = full(-1)
        self.rfail = full(0)
        self.covering = full(False, dtype=bool)
        self.triggered = full(False, dtype=bool)
        self.cover_target = full(-1)
        self.cov_gun = full(0)
        self.lost_first = full(False, dtype=bool)
        self.lost_round = full(False, dtype=bool)
        self.nomove = full(False, dtype=bool)
        self.has_plan = full(False, dtype=bool)
        self.contest = full(False, dtype=bool)
        self.p_second = full(0)
        self.p_snap2 = full(False, dtype=bool)
        self.IID = full(0)
        self.fired_any = np.zeros(T, dtype=bool)
        self.t_now = 0

    def dice(self, spec: tuple[int, int, int], m: int) -> np.ndarray:
        """``m`` totals of ``spec`` (count, sides, flat bonus; ``rules.parse_dice``)."""
        count, sides, bonus = spec
        total = np.full(m, bonus, dtype=np.int64)
        for _ in range(count):
            total += self.d(sides, m)
        return total

    # -------------------------------------------------------------- the fight loop
    def plan_round(self, t: int, live: np.ndarray) -> None:
        """The decisions once per distinct state (cached); ``round`` then rolls the dice of
        all fights at once."""
        self.IID[live] = self.decisions(t, live)

    def in_fight(self, fi: np.ndarray) -> np.ndarray:
        """(fights, men): up (not dead, not unconscious)."""
        return self.cond[fi] == UP

    def over(self, idx: np.ndarray) -> np.ndarray:
        """The engine's ``over``: at most one side has a man up."""
        return self.sides_up(idx).sum(axis=1) <= 1

    # -------------------------------------------------------------- decisions
    def _key(self, idx: np.ndarray, j: int) -> np.ndarray:
        """One row per fight of everything fighter ``j``'s tactics read (``tactics.decide``):
        his position, whether he is hurt, shot at, blinded, each of his guns' state and
        rounds loaded; each foe's position, or that he is down; whether anyone has fired."""
        ctx = self.ctx
        foes = ctx.foes[j]
        up = self.cond[idx][:, foes] == UP
        fpos = np.where(up[:, :, None], self.pos[idx][:, foes], np.nan)
        hurt = (self.hp[idx, j] < ctx.hp0[j]) | (self.health[idx, j] < ctx.health0[j])
        return np.concatenate([
            self.pos[idx, j], hurt[:, None], self.shot_at[idx, j][:, None],
            self.blinded[idx, j][:, None], self.astate[idx, j], self.loaded[idx, j],
            fpos.reshape(len(idx), -1), self.fired_any[idx][:, None]],
            axis=1).astype(np.float64)

    def decisions(self, t: int, live: np.ndarray) -> np.ndarray:
        """Round ``t``'s intents (registry ids, fights x men) for the fights ``live``: each
        man's declared intent, else his tactics profile's decision (``complete_intents``),
        taken by the engine's ``tactics.decide`` once per distinct state of what it reads,
        cached."""
        ctx = self.ctx
        turns = ctx.sc.turns
        declared = turns[t - 1].intents if t <= len(turns) else {}
        when = t if t <= len(turns) else 0
        out = np.zeros((len(live), ctx.n), dtype=np.int64)
        if len(ctx.cache) > CACHE_ENTRIES:
            ctx.cache.clear()
        for j, name in enumerate(ctx.names):
            if name in declared:
                out[:, j] = ctx.register(j, declared[name])
                continue
            if not ctx.men[j].c.tactics:
                continue
            idx = np.flatnonzero(self.cond[live, j] == UP)
            if len(idx) == 0:
                continue
            keys = np.ascontiguousarray(self._key(live[idx], j))
            width = keys.shape[1] * keys.itemsize
            voids = keys.view(np.dtype((np.void, width))).reshape(-1)
            uniq, first, inv = np.unique(voids, return_index=True, return_inverse=True)
            got = []
            for u, i in zip(uniq.tolist(), first.tolist(), strict=True):
                ck = (when, j, u)
                iid = ctx.cache.get(ck)
                if iid is None:
                    iid = ctx.cache[ck] = self.decide(t, int(live[idx[i]]), j)
                got.append(iid)
            out[idx, j] = np.array(got, dtype=np.int64)[inv.reshape(-1)]
        return out

    def decide(self, t: int, i: int, j: int) -> int:
        """The representative fight set to fight ``i``'s state, asked for fighter ``j``'s
        intent in round ``t`` by his tactics profile: its registry id."""
        ctx = self.ctx
        rep = ctx.rep
        cond, pos = self.cond[i].tolist(), self.pos[i].tolist()
        hp, health = self.hp[i].tolist(), self.health[i].tolist()
        shot_at, blinded = self.shot_at[i].tolist(), self.blinded[i].tolist()
        astate, loaded = self.astate[i].tolist(), self.loaded[i].tolist()
        for k, m in enumerate(rep.men.values()):
            m.condition = CONDITIONS[cond[k]]
            m.pos = (pos[k][0], pos[k][1])
            m.hp, m.health = hp[k], health[k]
            m.shot_at, m.blinded = shot_at[k], blinded[k]
            for g, a in enumerate(m.arms):
                a.state = ARM_STATES[astate[k][g]]
                a.loaded = loaded[k][g]
        rep.fired_any = bool(self.fired_any[i])
        return ctx.register(j, tactics.decide(rep, t, rep.men[ctx.names[j]]))

    # -------------------------------------------------------------- a round
    def groups(self, fi: np.ndarray, who: np.ndarray):
        """(man, plan id, fights) of ``fi`` by the man acting (``who``) and his plan, in
        fighter order and then the plans' content: never by registry id, which depends on
        what this process met before (a chunk's dice must depend on its seed alone)."""
        ctx = self.ctx
        width = len(ctx.plans)
        keys, inv = np.unique(who * width + ctx.it_sid[self.IID[fi, who]],
                              return_inverse=True)
        inv = inv.reshape(-1)
        for u in sorted(range(len(keys)), key=lambda u: (
                int(keys[u]) // width, ctx.sortkey[int(keys[u]) % width])):
            yield int(keys[u]) // width, int(keys[u]) % width, fi[inv == u]

    def round(self, t: int, live: np.ndarray) -> None:
        """A combat round (G3, G5): the watches set, an opening trigger, initiative, the
        first half in initiative order, then the end of the round in the same order."""
        ctx = self.ctx
        ctx.arrays()
        self.t_now = t
        self.cond_mod, self.impossible = ctx.conditions(t)
        L = live
        self.moved[L] = 0.0
        self.gait[L] = -1
        self.rfail[L] = 0
        self.covering[L] = False
        self.triggered[L] = False
        self.cover_target[L] = -1
        self.lost_first[L] = False
        self.lost_round[L] = False
        self.nomove[L] = False
        self.has_plan[L] = False
        self.rshots[L] = 0
        self.snapre[L] = False
        up = self.cond[L] == UP
        iid = self.IID[L]
        self.covering[L] = up & ctx.it_covers[iid]
        self.cov_gun[L] = ctx.it_wgun[iid]
        # 1. a trigger that opens the fight: the covering shot before anything else (l.65)
        opening = L[~self.fired_any[L]]
        for c in range(ctx.n):
            sel = opening[self.covering[opening, c] & (self.cond[opening, c] == UP)]
            if len(sel) == 0:
                continue
            # the first covered man (in the watch's order) whose intent sets it off (G5)
            sids = ctx.it_sid[self.IID[sel, c]]
            who = np.full(len(sel), -1)
            for cid in np.unique(sids).tolist():
                p = ctx.plan(cid)
                if p.when == WHEN.index("shoots"):   # a shot sets it off when it is fired
                    continue
                mine = sids == cid
                flag = ctx.it_move if p.when == WHEN.index("moves") else ctx.it_appears
                for k in p.covers:
                    hit = mine & (who < 0) & flag[self.IID[sel, k]] & (self.cond[sel, k] == UP)
                    who[hit] = k
            ok = who >= 0
            if ok.any():
                self.covering_shot(sel[ok], c, who[ok])
        # 2. a fast-draw contest
        self.contest[L] = False
        turn = ctx.sc.turns[t - 1] if t <= len(ctx.sc.turns) else None
        if turn is not None and turn.fast_draw is not None:
            fd = L[~self.over(L)]
            if len(fd):
                self.fast_draw(fd, tuple(ctx.index[x] for x in turn.fast_draw))
        L = L[~self.over(L)]
        if len(L) == 0:
            return
        # 3. initiative
        order = self.initiative(L)
        # 4. the first half, at initiative; 5. the end of the round
        going = np.ones(len(L), dtype=bool)
        for first_half in (True, False):
            for k in range(ctx.n):
                idx = np.flatnonzero(going)
                if len(idx) == 0:
                    return
                stop = self.over(L[idx])
                going[idx[stop]] = False
                idx = idx[~stop]
                who = order[idx, k]
                has = who >= 0
                idx, who = idx[has], who[has]
                if len(idx) == 0:
                    continue
                for j, sid, fi in self.groups(L[idx], who):
                    self.act(fi, j, sid, first_half)

    def fast_draw(self, fi: np.ndarray, pair: tuple[int, int]) -> None:
        """002 l.99-119, G8, G18 b: each man's Adjusted Fast Draw with the gun he means to
        fire (``rules.fast_draw_outcome`` of every pair of d20s, and of d10s for a tie);
        then the two snap shots in its order, both going off on a tie of tenths (a man the
        first shot downs fires even so); each who fires has had his first half (l.102)."""
        ctx, T = self.ctx, self.ctx.t
        a, b = pair
        fi = fi[(self.cond[fi, a] == UP) & (self.cond[fi, b] == UP)]
        if len(fi) == 0:
            return
        guns = []
        for x in pair:
            iid = self.IID[fi, x]
            guns.append(np.where(iid > 0, ctx.it_wgun[iid], ctx.default_gun[x]))
        first = np.full(len(fi), -1)          # 0: a fires first, 1: b; -1 both failed
        both = np.zeros(len(fi), dtype=bool)
        r = numbers()["fast_draw"]
        for ga in np.unique(guns[0]).tolist():
            for gb in np.unique(guns[1][guns[0] == ga]).tolist():
                sel = np.flatnonzero((guns[0] == ga) & (guns[1] == gb))
                order, tenths, tie = self.contest_table(a, b, ga, gb)
                ra, rb = self.d(r["die"], len(sel)), self.d(r["die"], len(sel))
                first[sel] = order[ra, rb]
                need = np.flatnonzero(tenths[ra, rb])
                if len(need):
                    ta = self.d(r["tenth_die"], len(need))
                    tb = self.d(r["tenth_die"], len(need))
                    first[sel[need]] = tie[ra[need], rb[need], ta, tb]
                    both[sel[need]] = True
        go = first >= 0
        fi, first, both = fi[go], first[go], both[go]
        guns = [g[go] for g in guns]
        for x, g in zip(pair, guns, strict=True):
            self.drawn[fi, x, g] = True
        for step in (0, 1):
            who = np.where(first == 0, a, b) if step == 0 else np.where(first == 0, b, a)
            for x in pair:
                sel = (who == x) & (both | (self.cond[fi, x] == UP))
                other = b if x == a else a
                iid = self.IID[fi, x]
                tgt = np.where(ctx.it_target[iid] >= 0, ctx.it_target[iid], other)
                g_x = guns[0] if x == a else guns[1]
                for g in np.unique(g_x[sel]).tolist():
                    for k in np.unique(tgt[sel & (g_x == g)]).tolist():
                        fs = fi[sel & (g_x == g) & (tgt == k)]
                        fs = fs[self.ready(fs, x, g, k, SNAP)]
                        if len(fs) == 0:
                            continue
                        self.contest[fs, x] = True
                        self.fire_shot(fs, x, g, np.full(len(fs), k), SNAP, None, 0,
                                       np.ones(len(fs), dtype=np.int64))

    def contest_table(self, a: int, b: int, ga: int, gb: int) -> tuple:
        """The contest of ``a`` with gun ``ga`` and ``b`` with ``gb``, from
        ``rules.fast_draw_outcome``: who fires first by the two d20s (-1: both failed),
        whether the d10s are needed, and who fires first by the d20s and the d10s (002
        l.103-110, G8, G18 b: both shots go off; GN25: Quick Draw points only where Quick
        Draw helps draw the gun from where it is carried)."""
        key = (a, b, ga, gb)
        got = self.ctx._contest.get(key)
        if got is not None:
            return got
        ctx = self.ctx
        scores, qd = [], []
        for x, g in ((a, ga), (b, gb)):
            m = ctx.men[x]
            arm = m.arms[g]
            pens = R.fast_draw_penalties(not arm.spec.familiar, arm.spec.hand == "off",
                                         m.c.skills.off_hand_shooting)
            # GN25: the points count only where Quick Draw helps draw this gun from there
            points = R.contest_quick_draw(m.c.skills.quick_draw, arm.spec.carried,
                                          arm.gun.form)
            scores.append(m.c.dex + points + arm.gun.fast_draw + sum(p.value for p in pens))
            qd.append(points)
        r = numbers()["fast_draw"]
        die, tenth = r["die"], r["tenth_die"]
        order = np.full((die + 1, die + 1), -1, dtype=np.int64)
        need = np.zeros((die + 1, die + 1), dtype=bool)
        for ra in range(1, die + 1):
            for rb in range(1, die + 1):
                rolls = (ra, rb)
                if R.needs_tenths(tuple(scores), rolls, tuple(qd)):
                    need[ra, rb] = True
                    continue
                out = R.fast_draw_outcome(tuple(scores), rolls, tuple(qd))
                order[ra, rb] = out.order[0] if out.order else -1
        tie = np.zeros((die + 1, die + 1, tenth + 1, tenth + 1), dtype=np.int64)
        for ra, rb in zip(*np.nonzero(need), strict=True):
            for ta in range(1, tenth + 1):
                for tb in range(1, tenth + 1):
                    out = R.fast_draw_outcome(tuple(scores), (int(ra), int(rb)), tuple(qd),
                                              (ta, tb))
                    tie[ra, rb, ta, tb] = out.order[0]
        got = ctx._contest[key] = (order, need, tie)
        return got

    def initiative(self, live: np.ndarray) -> np.ndarray:
        """G3: (fights, men) fighter indices in the order they act, -1 past the last: a d10
        + DEX modifier (+1 for a man covering, 002 l.69) for every man up, highest first,
        then the higher DEX score, the still tied in a random order (the engine's rerolls
        among them give every order the same chance)."""
        ctx, T = self.ctx, self.ctx.t
        m, n = len(live), ctx.n
        up = self.cond[live] == UP
        total = self.d(T.init_die, m * n).reshape(m, n) + ctx.dexmod[None, :] \
            + np.where(self.covering[live], T.covering_reaction, 0)
        key = (total * 64 + ctx.dex[None, :]).astype(np.float64) + self.rng.random((m, n))
        key = np.where(up, key, -np.inf)
        order = np.argsort(-key, axis=1, kind="stable")
        return np.where(np.take_along_axis(up, order, axis=1), order, -1)

    def act(self, fi: np.ndarray, j: int, sid: int, first_half: bool) -> None:
        """Fighter ``j``'s part of one half of the round in fights ``fi`` (his plan ``sid``
        in all of them): a watcher's follow-ups, or his first half, or his end-of-round
        shots."""
        fi = fi[self.cond[fi, j] == UP]
        if len(fi) == 0:
            return
        cov = self.covering[fi, j]
        if cov.any():
            self.covering_follow_up(fi[cov], j, first_half)
            fi = fi[~cov]
        p = self.ctx.plan(sid)
        if p is None or len(fi) == 0:
            return
        if first_half:
            self.first_half(fi, j, p)
            return
        fi = fi[self.has_plan[fi, j] & ~self.lost_round[fi, j]]
        if len(fi) == 0:
            return
        snap2 = self.p_snap2[fi, j]
        for sm, sel in ((True, snap2), (False, ~snap2)):
            if sel.any():
                f2 = fi[sel]
                # 002 l.40: an aimed double's second barrel is a snap shot (no called shot)
                self.fire_many(f2, j, p.gun, p.target, SNAP if sm else p.mode,
                               self.p_second[f2, j], None if sm else p.called,
                               p.called_mod if not sm else 0, 1)

    def first_half(self, fi: np.ndarray, j: int, p: _Plan) -> None:
        """The engine's ``first_half``: he appears, picks up a dropped gun, draws, clears a
        fault, reloads or moves, and fires the first half of his shots."""
        ctx = self.ctx
        if p.appears:  # 002 l.63, l.69: he shows himself before he does anything else
            self.after_action(fi, j, WHEN.index("appears"))
            fi = fi[self.cond[fi, j] == UP]
        g = p.gun
        # 002 l.135: standing and picking up the gun are each a move action: the round
        pick = self.prone[fi, j] & (self.astate[fi, j] == DROPPED).any(axis=1)
        if pick.any():
            pf = fi[pick]
            st = self.astate[pf, j]
            self.astate[pf, j] = np.where(st == DROPPED, READY, st)
            self.prone[pf, j] = False
            self.lost_round[pf, j] = True
            fi = fi[~pick]
        acts = p.target >= 0 or p.reload
        if acts:
            # the gun in hand (002 l.23-35)
            draw = ~self.drawn[fi, j, g] & ~self.contest[fi, j]
            if draw.any():
                df = fi[draw]
                self.draw(df, j, g, p)
                fi = fi[~self.lost_round[fi, j]]
            # clear a fault (G11): a misfire costs the move, a jam the round
            st = self.astate[fi, j, g]
            mis = st == MISFIRE
            self.astate[fi[mis], j, g] = READY
            self.nomove[fi[mis], j] = True
            jam = st == JAM
            jf = fi[jam]
            self.astate[jf, j, g] = READY
            self.lost_round[jf, j] = True
            fi = fi[~jam]
        if len(fi) == 0:
            return
        if p.reload:
            self.reload(fi, j, g)
            if p.move:
                # G3, G16: no move beside a reload; Rapid Reload makes it a move action
                if ctx.men[j].c.skills.rapid_reload and ctx.klass[j, g] != CLASSES.index(
                        "muzzle_loader"):
                    mv = fi[~self.nomove[fi, j]]
                    self.move(mv, j, p, None, numbers()["movement"]["move"])
            return
        if p.move:
            mv = fi[~self.nomove[fi, j]]
            self.move(mv, j, p, p.mode if p.target >= 0 else None, None)
            fi = fi[self.cond[fi, j] == UP]
        if p.target >= 0 and len(fi):
            self.plan_and_fire(fi, j, p)

    def draw(self, fi: np.ndarray, j: int, g: int, p: _Plan) -> None:
        """002 l.23-35, GN17-18: the action drawing takes, and its cost: a move action his
        move; a standard action his first half's shots; a full-round action the round
        (a Quick Draw roll first when he tries one and it can help)."""
        ctx = self.ctx
        m = ctx.men[j]
        arm = m.arms[g]
        carried = arm.spec.carried
        made = np.zeros(len(fi), dtype=bool)
        if p.quick and numbers()["drawing"][carried]["quick_draw"]:
            score = R.adjusted_fast_draw(m.c.dex, m.c.skills.quick_draw, arm.gun.fast_draw)
            ok = np.array([False] + [R.quick_draw_succeeds(v, score) for v in range(1, 21)])
            made = ok[self.d(20, len(fi))]
        self.drawn[fi, j, g] = True
        for flag in (False, True):
            sel = fi[made == flag]
            if len(sel) == 0:
                continue
            action = R.draw_action(carried, flag)
            if action == "move":
                self.nomove[sel, j] = True
            elif action == "standard":
                self.lost_first[sel, j] = True
            elif action == "full_round":
                self.lost_round[sel, j] = True

    def reload(self, fi: np.ndarray, j: int, g: int) -> None:
        """G16: two cartridges a round; a muzzle loader a Standard round of five combat
        rounds."""
        ctx, T = self.ctx, self.ctx.t
        if ctx.klass[j, g] == CLASSES.index("muzzle_loader"):
            ld = self.loading[fi, j, g]
            ld = np.where(ld == 0, T.muzzle_rounds, ld) - 1
            self.loading[fi, j, g] = ld
            done = fi[ld == 0]
            self.loaded[done, j, g] = ctx.cap[j, g]
            return
        n = np.minimum(T.reload_cartridges, ctx.cap[j, g] - self.loaded[fi, j, g])
        self.loaded[fi, j, g] += n

    def move(self, fi: np.ndarray, j: int, p: _Plan, mode: int | None,
             most: float | None) -> None:
        """GN17: toward the goal, at most the feet his mode allows (``most`` when given);
        on a landmark's spot he takes its cover, anywhere else he is in the open; a move is
        a "moves" trigger (002 l.69)."""
        if len(fi) == 0:
            return
        ctx = self.ctx
        most = p.most if most is None else most
        iid = self.IID[fi, j]
        gx, gy, lm = ctx.it_gx[iid], ctx.it_gy[iid], ctx.it_glm[iid]
        start = self.pos[fi, j]
        want = np.hypot(gx - start[:, 0], gy - start[:, 1]) * 3
        sel = (want != 0) & (most != 0)
        fi, start, want, gx, gy, lm = fi[sel], start[sel], want[sel], gx[sel], gy[sel], lm[sel]
        if len(fi) == 0:
            return
        reach = want <= most
        f = np.where(reach, 1.0, most / np.where(want == 0, 1, want))
        nx = np.where(reach, gx, np.round(start[:, 0] + (gx - start[:, 0]) * f, 2))
        ny = np.where(reach, gy, np.round(start[:, 1] + (gy - start[:, 1]) * f, 2))
        feet = np.where(reach, want, most)
        self.pos[fi, j, 0] = nx
        self.pos[fi, j, 1] = ny
        reached = (nx == gx) & (ny == gy)
        at = reached & (lm >= 0)       # a landmark reached: its cover and concealment
        self.cov[fi[at], j] = ctx.lm_cov[lm[at]]
        self.conc[fi[at], j] = ctx.lm_conc[lm[at]]
        self.lm[fi[at], j] = lm[at]
        away = fi[~at & (feet > 0)]
        self.cov[away, j] = 0
        self.conc[away, j] = 0
        self.lm[away, j] = -1
        self.moved[fi, j] = feet
        if p.gait >= 0:
            gait = np.full(len(fi), p.gait)
        else:
            u, inv = np.unique(feet, return_inverse=True)
            gait = np.array([ctx.gait_of(v) for v in u.tolist()], dtype=np.int64)[
                inv.reshape(-1)]
        if mode == PANIC:
            fast = (gait == STATUSES.index("running")) | (gait == STATUSES.index("sprinting"))
            gait = np.where(fast, gait, STATUSES.index("running"))
        self.gait[fi, j] = gait
        self.after_action(fi[feet > 0], j, WHEN.index("moves"))

    def after_action(self, fi: np.ndarray, j: int, when: int) -> None:
        """002 l.69: anyone watching ``j`` for ``when`` (a move, an appearance) fires at
        once, in scenario order."""
        ctx = self.ctx
        if len(fi) == 0 or not self.covering[fi].any():
            return
        for c in range(ctx.n):
            sel = self.covering[fi, c] & ~self.triggered[fi, c] & (self.cond[fi, c] == UP)
            if not sel.any():
                continue
            fs = fi[sel]
            watch = np.zeros(len(fs), dtype=bool)
            sids = ctx.it_sid[self.IID[fs, c]]
            for cid in np.unique(sids).tolist():
                p = ctx.plan(cid)
                if p is not None and p.when == when and j in p.covers:
                    watch |= sids == cid
            if watch.any():
                self.covering_shot(fs[watch], c, np.full(int(watch.sum()), j))

    def plan_and_fire(self, fi: np.ndarray, j: int, p: _Plan) -> None:
        """The engine's ``plan_and_fire``: the round's shots from what the mode allows the
        gun with the load he began the round with (002 l.38-72, G4-G6, G14), split between
        initiative and the end of the round (002 l.12, G18 a), and the first half fired."""
        ctx = self.ctx
        g = p.gun
        st = self.astate[fi, j, g]
        fi = fi[(st != BROKEN) & (st != BURST) & (st != DROPPED)]
        if len(fi) == 0:
            return
        before = self.rshots[fi, j, g]
        loaded = self.loaded[fi, j, g]
        if (loaded + before).max() > MAX_LOADED:
            raise Uncovered(f"a gun with more than {MAX_LOADED} rounds")
        most = p.most_tab[loaded + before]
        mode = MODES[p.mode]
        if R.must_fire_all(mode, CLASSES[ctx.klass[j, g]]):
            n = most
        elif p.shots:
            n = np.minimum(p.shots, most)
        else:
            # one for aimed and point-blank fire (l.39, GN2), what the mode allows otherwise
            n = most if p.mode not in (AIMED, POINT_BLANK) else np.ones_like(most)
        n = np.maximum(0, n - before)
        barrels = np.ones(len(fi), dtype=np.int64)
        snap2 = np.zeros(len(fi), dtype=bool)
        if p.both:
            barrels = np.where(loaded >= 2, 2, 1)     # 002 l.40; GN20: one loaded, one shot
        elif p.mode == AIMED:
            snap2 = n == 2        # 002 l.40: the second barrel is a snap shot
        ok = n > 0
        fi, n, barrels, snap2 = fi[ok], n[ok], barrels[ok], snap2[ok]
        if len(fi) == 0:
            return
        split = np.array([R.split_shots(v, mode) for v in range(int(n.max()) + 1)],
                         dtype=np.int64)
        first, second = split[n, 0], split[n, 1]
        first = np.where(self.lost_first[fi, j], 0, first)
        con = self.contest[fi, j]           # the contest's shot took his first half
        first, second = np.where(con, 0, first), np.where(con, n, second)
        self.has_plan[fi, j] = True
        self.p_second[fi, j] = second
        self.p_snap2[fi, j] = snap2
        for b in np.unique(barrels).tolist():
            sel = barrels == b
            self.fire_many(fi[sel], j, g, p.target, p.mode, first[sel], p.called, p.called_mod,
                           b)

    # -------------------------------------------------------------- covering fire
    def covering_shot(self, fi: np.ndarray, c: int, tgt: np.ndarray) -> None:
        """G5: ``tgt`` set the watch off: one shot at him at once (no mode modifier, G18 h);
        he is the target of the follow-ups (002 l.67-68, GN21)."""
        if len(fi) == 0:
            return
        self.triggered[fi, c] = True
        self.cover_target[fi, c] = tgt
        gun = self.cov_gun[fi, c]
        self.drawn[fi, c, gun] = True      # a covering man has his gun in hand (002 l.62)
        for g in np.unique(gun).tolist():
            for k in np.unique(tgt[gun == g]).tolist():
                sel = (gun == g) & (tgt == k)
                fs = fi[sel]
                fs = fs[self.ready(fs, c, g, k, COVERING)]
                self.fire_shot(fs, c, g, np.full(len(fs), k), COVERING, None, 0,
                               np.ones(len(fs), dtype=np.int64))

    def covering_follow_up(self, fi: np.ndarray, j: int, first_half: bool) -> None:
        """002 l.66-68: after the first covering shot, a repeater once more at the end of the
        round, a revolver at his initiative and at the end; the same target."""
        ctx = self.ctx
        fi = fi[self.triggered[fi, j]]
        for g in np.unique(self.cov_gun[fi, j]).tolist():
            fs = fi[self.cov_gun[fi, j] == g]
            follow = R.covering_follow_ups(CLASSES[ctx.klass[j, g]])
            if ("initiative" if first_half else "end") not in follow:
                continue
            tg = self.cover_target[fs, j]
            for k in np.unique(tg).tolist():
                f2 = fs[tg == k]
                f2 = f2[self.ready(f2, j, g, k, COVERING)]
                self.fire_shot(f2, j, g, np.full(len(f2), k), COVERING, None, 0,
                               np.ones(len(f2), dtype=np.int64))

    # -------------------------------------------------------------- shooting
    def ready(self, fi: np.ndarray, j: int, g: int, k: int, mode: int) -> np.ndarray:
        """The engine's ``ready``: the target up, he not blinded, the gun ready and loaded
        (a breech loader in snap fire loads between its shots, 002 l.47-48)."""
        ctx = self.ctx
        ok = (self.cond[fi, k] == UP) & ~self.blinded[fi, j] & (self.astate[fi, j, g] == READY)
        snapload = (mode == SNAP and ctx.klass[j, g] == CLASSES.index("breech_loader"))
        has = self.loaded[fi, j, g] > 0
        if snapload:
            has |= ~self.snapre[fi, j, g]
        return ok & has

    def fire_many(self, fi: np.ndarray, j: int, g: int, k: int, mode: int, n: np.ndarray,
                  called: str | None, called_mod: int, barrels: int) -> None:
        """``n`` shots (per fight) at ``k``: the engine's ``fire_many`` (``barrels`` 2: one
        attack with both barrels, 002 l.40)."""
        sel = (n > 0) & (self.cond[fi, j] == UP)
        fi, n = fi[sel], n[sel]
        if len(fi) == 0:
            return
        ok = self.ready(fi, j, g, k, mode)
        fi, n = fi[ok], n[ok]
        for s in range(int(n.max()) if len(n) else 0):
            go = (n > s) & (self.cond[fi, j] == UP) & (self.cond[fi, k] == UP)
            fi, n = fi[go], n[go]
            if len(fi) == 0:
                return
            on = self.fire_shot(fi, j, g, np.full(len(fi), k), mode, called, called_mod,
                                np.full(len(fi), barrels))
            fi, n = fi[on], n[on]

    def feet(self, fi: np.ndarray, a: int, b: np.ndarray) -> np.ndarray:
        """The feet between ``a`` and ``b`` in each fight, to a hundredth (``fight.feet``)."""
        d = self.pos[fi, a] - self.pos[fi, b]
        return np.round(np.hypot(d[:, 0], d[:, 1]) * 3, 2)

    def fire_shot(self, fi: np.ndarray, j: int, g: int, tgt: np.ndarray, mode: int,
                  called: str | None, called_mod: int, barrels: np.ndarray) -> np.ndarray:
        """One shot in each fight of ``fi`` (the engine's ``fire``): whether he can fire on
        with this gun this round, per fight."""
        ctx, T = self.ctx, self.ctx.t
        go = np.zeros(len(fi), dtype=bool)
        if len(fi) == 0:
            return go
        pos = np.arange(len(fi))
        ok = ~self.blinded[fi, j] & (self.astate[fi, j, g] == READY)
        empty = self.loaded[fi, j, g] == 0
        if mode == SNAP and ctx.klass[j, g] == CLASSES.index("breech_loader"):
            # 002 l.47-48: a breech loader in snap fire loads between its shots
            load = ok & empty & ~self.snapre[fi, j, g]
            lf = fi[load]
            self.loaded[lf, j, g] = min(ctx.barrels[j, g], ctx.cap[j, g])
            self.snapre[lf, j, g] = True
            empty = self.loaded[fi, j, g] == 0
        ok &= ~empty
        feet = self.feet(fi, j, tgt)
        if mode == POINT_BLANK:       # 002 l.72, G6: one foot or less
            ok &= np.array([R.is_point_blank(v) for v in feet.tolist()], dtype=bool)
        # G2, G4-G7, G12-G15, G17: every term added to the d20
        mods = ctx.base[j] + self.cond_mod + called_mod
        moved = self.moved[fi, j] > 0
        if mode == AIMED:
            mods = mods + np.where(moved, R.mode_modifier("aimed", True),
                                   R.mode_modifier("aimed"))
        else:
            mods = mods + R.mode_modifier(MODES[mode])
        inc = int(ctx.inc[j, g])
        if mode == FANNING:
            shot = self.rshots[fi, j, g] + 1
            mods = mods + np.array([ctx.fanning(s, v, inc) for s, v in
                                    zip(shot.tolist(), feet.tolist(), strict=True)],
                                   dtype=np.int64)
        elif mode != POINT_BLANK:
            u, inv = np.unique(feet, return_inverse=True)
            got = [ctx.range_of(v, inc) for v in u.tolist()]
            inr = np.array([x[0] for x in got], dtype=bool)[inv.reshape(-1)]
            rmod = np.array([x[1] for x in got], dtype=np.int64)[inv.reshape(-1)]
            ok &= inr
            mods = mods + rmod
        own = np.where(self.prone[fi, tgt], STATUSES.index("stationary_mobile"),
                       ctx.own_status[tgt])
        status = np.where((self.moved[fi, tgt] > 0) & (self.gait[fi, tgt] >= 0),
                          self.gait[fi, tgt], own)
        mods = mods + T.status[status]
        # cover and concealment, none against a shooter at the same landmark or within
        # ``R.bare_feet()`` (ruled: GN26; ``GaslightFight.bare``)
        lmj, lmt = self.lm[fi, j], self.lm[fi, tgt]
        bare = ((lmj >= 0) & (lmj == lmt)) | (feet <= R.bare_feet() + 1e-9)
        mods = mods + np.where(bare, 0, T.cover[self.cov[fi, tgt]] +
                               T.concealment[self.conc[fi, tgt]])
        if not ctx.familiar[j, g]:
            mods = mods + T.unfamiliar[np.minimum(self.afired[fi, j, g],
                                                  len(T.unfamiliar) - 1)]
        mods = mods + T.recoil_pen[np.minimum(self.rfail[fi, j], 1)]
        if self.impossible:
            ok[:] = False
        fi, tgt, barrels, mods, sub = fi[ok], tgt[ok], barrels[ok], mods[ok], pos[ok]
        m = len(fi)
        if m == 0:
            return go
        roll = self.d(T.to_hit_die, m)
        total = roll + mods
        hit = T.hit[roll, np.clip(total - ctx.ac[tgt] + T.hit_off, 0, 2 * T.hit_off)]
        fumble = T.fumble[roll]
        self.loaded[fi, j, g] -= barrels
        self.afired[fi, j, g] += 1
        self.fired_any[fi] = True
        self.rshots[fi, j, g] += 1
        self.shot_at[fi, tgt] = True
        self.shots[fi, j] += 1
        self.hits[fi, j] += hit
        # 002 l.69-70: a shot is a "shoots" trigger the moment it is fired; when the covered
        # man shoots his watcher, her shot is owed first and the attack then breaks her watch
        owed = self.owed(fi, j)
        broke = self.covering[fi, tgt] & (self.cond[fi, tgt] == UP)
        if hit.any():
            self.damage(fi[hit], j, g, tgt[hit], mode, roll[hit], called, barrels[hit])
        on = ~fumble
        if fumble.any():
            self.malfunction(fi[fumble], j, g)
        # G12: a recoil check with the gun still ready, when he is under both minimums
        if ctx.recoil_check[j, g]:
            rc = self.astate[fi, j, g] == READY
            if rc.any():
                rf = fi[rc]
                # 002 l.136: take 10 in aimed or rapid fire when nobody shoots at him
                may = np.array([R.may_take_10(MODES[mode], False),
                                R.may_take_10(MODES[mode], True)])
                take_10 = ctx.it_take10[self.IID[rf, j]] & may[self.shot_at[rf, j].astype(int)]
                roll10 = np.where(take_10, T.take_10, self.d(T.recoil_die, len(rf)))
                tot = roll10 + ctx.strmod[j]
                res = T.recoil[np.clip(tot + T.recoil_off, 0, 2 * T.recoil_off),
                               self.prone[rf, j].astype(np.int64)]
                self.rfail[rf[res > 0], j] += 1
                kd = rf[res == 2]
                self.prone[kd, j] = True
                self.astate[kd, j, g] = DROPPED
                on[np.flatnonzero(rc)[res == 2]] = False
        for c, mask in owed:   # at once (l.69), before anything else happens
            sel = mask & (self.cond[fi, c] == UP) & self.covering[fi, c] & ~self.triggered[fi, c]
            if sel.any():
                self.covering_shot(fi[sel], c, np.full(int(sel.sum()), j))
        stop = broke & self.covering[fi, tgt]    # 002 l.70: attacked, he stops covering
        self.covering[fi[stop], tgt[stop]] = False
        go[sub] = on & (self.cond[fi, j] == UP)
        return go

    def owed(self, fi: np.ndarray, j: int) -> list[tuple[int, np.ndarray]]:
        """The watchers whose "shoots" watch on ``j`` his shot sets off, in scenario order:
        (watcher, per fight)."""
        ctx = self.ctx
        out = []
        watching = self.covering[fi] & ~self.triggered[fi]
        if not watching.any():          # (no watch is set in most rounds)
            return out
        for c in range(ctx.n):
            if c == j:
                continue
            sel = watching[:, c]
            if not sel.any():
                continue
            mask = np.zeros(len(fi), dtype=bool)
            sids = ctx.it_sid[self.IID[fi, c]]
            for cid in np.unique(sids[sel]).tolist():
                p = ctx.plan(cid)
                if p is not None and p.when == WHEN.index("shoots") and j in p.covers:
                    mask |= sel & (sids == cid)
            if mask.any():
                out.append((c, mask))
        return out

    def damage(self, fi: np.ndarray, j: int, g: int, tgt: np.ndarray, mode: int,
               roll: np.ndarray, called: str | None, barrels: np.ndarray) -> None:
        """G9, G10, G18 d-e: location, dice, multipliers, hit points then Health; both
        barrels at once roll the damage once and double it (002 l.40, G18 d)."""
        ctx, T = self.ctx, self.ctx.t
        m = len(fi)
        if called is not None:        # G17: a called shot hits the part named
            loc = next(v for v in range(1, T.loc_die + 1) if R.location(v).part == called)
            loc = np.full(m, loc)
        else:
            loc = self.d(T.loc_die, m)
        base = self.dice(ctx.dmg[j][g], m) + ctx.smokeless[j, g]
        combo = (T.loc_mult_excess[loc].astype(np.int64)
                 + 2 * ((mode == POINT_BLANK) & (roll == 20))
                 + 4 * (barrels == 2))
        amount = ctx.amount[combo, base]
        to_health = T.loc_critical[loc] | (mode == POINT_BLANK)
        self.hurt(fi, tgt, amount, to_health)
        bl = T.loc_blinding[loc]
        if bl.any():
            bf, bt = fi[bl], tgt[bl]
            self.blinded[bf, bt] |= T.blinded[self.d(T.blind_die, len(bf))]

    def hurt(self, fi: np.ndarray, tgt: np.ndarray, amount: np.ndarray,
             to_health: np.ndarray) -> None:
        """G10 (``rules.apply_damage``, ``rules.condition``): hit points first, the rest to
        Health, straight to Health when ``to_health``; a man who goes down stops covering."""
        ctx = self.ctx
        hp, health = self.hp[fi, tgt], self.health[fi, tgt]
        taken = np.where(to_health, 0, np.minimum(np.maximum(hp, 0), amount))
        self.hp[fi, tgt] = hp - taken
        health = np.maximum(0, health - (amount - taken))
        self.health[fi, tgt] = health
        before = self.cond[fi, tgt]
        now = ctx.cond_of[tgt, np.minimum(health, ctx.cond_of.shape[1] - 1)]
        now = np.maximum(now, before)
        self.cond[fi, tgt] = now
        self.wounded[fi, tgt] = True
        fell = now != before
        self.covering[fi[fell], tgt[fell]] = False

    def malfunction(self, fi: np.ndarray, j: int, g: int) -> None:
        """G11: a fumble's d6; a burst hurts him and every man within a yard (GN9)."""
        ctx, T = self.ctx, self.ctx.t
        state = T.malfunction[ctx.old_smokeless[j, g], self.d(T.mal_die, len(fi))]
        self.astate[fi, j, g] = state
        bf = fi[state == BURST]
        if len(bf) == 0:
            return
        near = []
        for x in range(ctx.n):
            if x == j:
                continue
            d = self.pos[bf, x] - self.pos[bf, j]
            close = (self.cond[bf, x] != DEAD) & \
                (np.hypot(d[:, 0], d[:, 1]) * 3 <= T.burst_feet)
            near.append((x, close))
        self.hurt(bf, np.full(len(bf), j), self.dice(T.burst_shooter, len(bf)),
                  np.zeros(len(bf), dtype=bool))
        for x, close in near:
            xf = bf[close]
            if len(xf):
                self.hurt(xf, np.full(len(xf), x), self.dice(T.burst_nearby, len(xf)),
                          np.zeros(len(xf), dtype=bool))

    # -------------------------------------------------------------- results
    def tally(self, tally_cls):
        """The odds' integer counts (``narrator.batch.Tally``): wins by side, "undecided"
        (more than one side up), "nobody"; rounds and seconds (6 a round, G3); each man's
        outcome (dead, passed out, else wounded with a wound, else unhurt); shots fired and
        those that hit, as ``Gaslight.shots`` counts them."""
        ctx = self.ctx
        return tally_cls.from_arrays(
            sides=ctx.sides, side_of=ctx.side_idx, cond=self.cond, active=UP,
            # no round fought: no status, no outcomes (as the engine's log)
            names=ctx.names if self.fought else [],
            labels={DEAD: "dead", UNCONSCIOUS: "passed_out"},
            wounded=self.wounded, turns=self.turns, shots=self.shots, hits=self.hits,
            seconds=self.turns * ctx.t.seconds)


def run_kernel(ctx: KernelContext, trials: int, seed: int, stream: int = 0, tally_cls=None):
    """Fight ``trials`` fights of the context's scenario at once and return their tally
    (``narrator.kernel_base.run_kernel``, which see): a ``Tally`` (trials, wins, rounds,
    seconds, outcomes, shots, hits).

    Raises:
        Uncovered: the scenario uses something the kernel does not cover.
    """
    return kernel_base.run_kernel(_Kernel, not_covered, ctx, trials, seed, stream, tally_cls)
