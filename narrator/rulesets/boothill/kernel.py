"""A vectorised Monte Carlo kernel for Boot Hill odds: thousands of fights advance together.

``narrator odds`` asks many fights of one scenario how they end; the engine
(``fight.BootHillFight``) fights them one by one and records every event. This kernel fights
them all at once, turn by turn, and records only what the odds need.

How it stays the same rules as the engine:

* Everything that is decided rather than rolled is decided by the engine's own code. At the
  start of each turn the fights still going are grouped by the state that the engine's
  decisions read (conditions, wound counts by kind, wound points, positions, cover, weapons,
  draws and shootout queues, the last kind of turn); for each group one representative
  ``BootHillFight`` is set to that state and asked, with its own methods, for the intents
  (``complete_intents``: declared intents and the tactics profiles), the kind of turn
  (``kind_of``), the fire order (``side_order``), shootout plans (``plan``), the static
  part of a speed (``speed``), reloads and jams (``other_actions``), movement (``move``; for a
  plain run to a point, the yards allowed, and where he stops worked out as the engine does,
  ``move_to_point``); and,
  for each distinct situation of a shot (shooter's wounds, target, rounds left, first shot of
  the fight), the prepared shot with its band and Table 1/2 chance to hit (``prepare``).
* Everything rolled is rolled here, with NumPy, for the whole group at once, through lookup
  arrays built by calling the ruleset's table functions (``tables.location``,
  ``tables.severity``, ``tables.misfire``, ``tables.pellets``, ``tables.dying_time``,
  ``tables.location_shift``, ``tables.severity_location_modifier``) on every die face, and the
  counts of ``tables.combat()``: a change to a data file reaches the engine and the kernel
  alike. The order of the rolls follows the engine's sequence of a turn (000 l.36-43; errata
  B4-B15): initiative, fire in initiative and COO order (combat turns), or draws and shots
  count by count, fastest first, equal speeds at once (shootout turns); misfires, Luck checks,
  location, cover, severity, mortal wounds, passing out, dying.

The kernel's fights are not the engine's fights seed for seed (its dice are NumPy streams); they
agree in distribution, which ``tests/test_kernel.py`` checks with a statistical test.

What it does not cover raises ``Uncovered`` before any fight (``not_covered``), and ``odds``
then fights the scenario with the engine and says why. A fight whose state at the start of a
turn asks for what the kernel does not cover (the engine's decision for it raises: a man comes
to blows, declares two guns in turn 5...) is handed over to the engine, which fights it on
from that state to its end (``_Kernel.hand_over``, ``BootHillFight.fight_on``); the other
fights go on in the kernel, and the tally counts the handed-over ones by what they met.
Anything else met in the middle of a turn still raises ``Uncovered``, and the engine fights
the whole batch.

May import: numpy, narrator.rulesets.boothill.*, narrator.errors,
narrator.ruleset (Uncovered), narrator.rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from narrator.rows import rows_all, rows_any, rows_argmin, rows_sum
from narrator.rulesets.boothill import tables
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.shootout import WEAPON_SPEED_COUNTS
from narrator.rulesets.boothill.shot import COMBAT, SHOOTOUT, PlannedShot, shot_targets, targets_of
from narrator.rulesets.boothill.state import JAM_SECONDS, Action, Cover, Wound
from narrator.ruleset import Uncovered  # noqa: F401  (raised here; also imported from here)
from narrator.rulesets.boothill.scenario import Intent, Scenario, Turn

from narrator.rulesets.boothill.kernel_layout import (  # noqa: F401  (kernel.X still works)
    CONDITIONS, ACTIVE, PASSED_OUT, DYING, DEAD, MIS_NONE, MIS_DUD, MIS_EXPLOSION, MIS_JAM,
    MISFIRE_CODES, SEV_SCRATCH, SEV_LIGHT, SEV_SERIOUS, SEV_MORTAL, SEVERITY_CODES, BAND_CODES,
    SEV_OFFSET, PROGRESS_DENOMINATOR, C_COND, C_WP, C_LIGHT, C_SERIOUS, C_GUN_SER, C_OFF_SER,
    C_LL_L, C_LL_S, C_RL_L, C_RL_S, C_COVER, C_LANDMARK, C_PRONE, C_MOUNTED, C_CUR_W, C_DRAWN,
    C_CURSOR, C_PLAN, C_QI, C_QTARGET, C_QEXTRA, C_STREAK, N_KEYED, C_DIES_AFTER, C_FD_SPEED,
    C_FRESH, C_SHOTS, C_HITS, N_COLS, W_LOADED, W_JAMMED, W_USELESS, W_GS_TRIED, W_PROGRESS,
    F_FIRED, F_LAST_KIND, F_CALLED, F_DONE, F_TURNS, F_SECONDS, F_REASON, KIND_NONE,
    KIND_COMBAT, KIND_SHOOTOUT, FANNED, CAT_GUN, CAT_OFF, CAT_LL, CAT_RL, CAT_OTHER)


_ZERO = Fraction(0)
CACHE_BYTES = 300_000_000  # about how much the decision cache of one scenario may hold


_NO_TURN = Turn()   # a turn past the declared ones: nothing declared (never changed)


class _HandOver:
    """The decision of a state the kernel does not cover (``_Kernel.cached``): the fights in
    it are handed over to the engine at the start of that turn (``_Kernel.hand_over``)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


class _NoDice:
    """The representative fights decide; they never roll. A roll means a rule the kernel does
    not vectorise (a window's Coordination check, a gunsmith's roll)."""

    rolls: list = []

    def roll(self, who: str, purpose: str, sides: int) -> int:
        raise Uncovered(f"a {purpose.replace('_', ' ')} roll outside the kernel")


# ---------------------------------------------------------------------- what is covered
def not_covered(scenario: Scenario, tables_only: bool = False) -> list[str]:
    """The reasons the kernel cannot fight ``scenario`` at all (empty: it can try).

    Some things are only met in the middle of a fight (tactics deciding to climb through a
    window); those raise ``Uncovered`` from ``run_kernel``.
    """
    reasons: list[str] = []
    if scenario.ruleset != "boothill":
        return [f"the {scenario.ruleset} ruleset"]
    covers = [lm.cover for lm in scenario.map.values() if lm.cover is not None]
    covers += [c.cover for _, c in scenario.characters() if c.cover is not None
               and not isinstance(c.cover, str)]
    if any(cv.bolts_when_hit for cv in covers):
        reasons.append("living cover that bolts")
    if any(w.spare is not None for _, c in scenario.characters() for w in c.weapons):
        reasons.append("limited spare rounds")  # (the kernel keeps no count of them)
    for _, c in scenario.characters():
        if any(tables.weapons()[w.type].type == "scattergun" for w in c.weapons):
            reasons.append("scatterguns")
            break
    # hand to hand (errata B19) is the engine's: a hand-to-hand weapon carried or a blow
    # declared, or a man with Brawling or Blades (his tactics may come to blows, below); the
    # reason says which, never "hand to hand" of a fight of guns only
    if any(tables.weapons()[w.type].is_melee for _, c in scenario.characters()
           for w in c.weapons):
        reasons.append("hand to hand")
    if any(c.in_darkness for _, c in scenario.characters()) or any(
            lm.dark for lm in scenario.map.values()):
        reasons.append("complete darkness")
    for turn in scenario.turns:
        for intent in turn.intents.values():
            reasons.extend(_intent_reasons(intent))
    if "hand to hand" not in reasons and any(
            c.skills.brawling or c.skills.blades for _, c in scenario.characters()):
        reasons.append("Brawling or Blades skills, which may bring hand to hand")
    return sorted(set(reasons), key=reasons.index)


def _intent_reasons(intent: Intent) -> list[str]:
    out = []
    mv = intent.move
    if mv is not None and mv.jump:
        out.append("jumps")
    if mv is not None and mv.terrible_footing and mv.gait in (
            tables.combat()["bad_footing"]["check_gaits"]):
        out.append("bad footing")
    if intent.pick_up:
        out.append("picking up thrown weapons")
    if intent.melee is not None:  # fists, grapples, blades (errata B19): the engine fights
        out.append("hand to hand")
    if intent.two_guns:
        out.append("two guns")
    if intent.cock:
        out.append("cocking")
    if intent.shoot is not None and (intent.reload or intent.clear_jam):
        out.append("shooting while reloading")
    if intent.move is not None and "window" in intent.move.through:
        out.append("windows")
    return out


# ---------------------------------------------------------------------- lookup arrays
@dataclass
class _Tables:
    """Every die face of the tables the kernel reads, from the ruleset's own functions."""

    location: np.ndarray        # d20 total 1..20 -> location index (index 0 unused)
    sev_loc: np.ndarray         # location index -> Table 12 modifier
    severity: np.ndarray        # total + SEV_OFFSET -> severity code
    dying_turns: np.ndarray     # STR - roll (0..40) -> True when time is "turns"
    misfire: dict[str, np.ndarray]
    pellets: np.ndarray         # band code x d6 (index 0 unused) -> pellets

    @classmethod
    def build(cls, shoulder_is_arm: bool) -> _Tables:
        location = np.array([0] + [tables.LOCATIONS.index(tables.location(d))
                                   for d in range(1, 21)], dtype=np.int64)
        sev_loc = np.array([tables.severity_location_modifier(loc, shoulder_is_arm)
                            for loc in tables.LOCATIONS], dtype=np.int64)
        severity = np.array([SEVERITY_CODES[tables.severity(t - SEV_OFFSET)]
                             for t in range(2 * SEV_OFFSET + 1)], dtype=np.int64)
        dying = np.array([tables.dying_time(d) == "turns" for d in range(41)])
        rows = [r for r, v in tables.wounds()["misfires"].items() if isinstance(v, list)]
        misfire = {row: np.array([0] + [MISFIRE_CODES[tables.misfire(row, d)]
                                        for d in range(1, 21)], dtype=np.int64) for row in rows}
        pellets = np.array([[0] + [tables.pellets(b, d) for d in range(1, 7)]
                            for b in tables.BANDS], dtype=np.int64)
        return cls(location, sev_loc, severity, dying, misfire, pellets)


# ---------------------------------------------------------------------- the kernel
class KernelContext:
    """What the kernel knows about one scenario, kept across runs (chunks) in a process: the
    representative fights, the fighters' fixed numbers, the lookup arrays, and the
    registries and caches of decisions and prepared shots.

    Not thread-safe: one context per thread (``narrator.fast_odds`` keeps them so).
    """

    def __init__(self, scenario: Scenario, side_of: dict[str, str],
                 tables_only: bool = False) -> None:
        self.scenario = self.sc = scenario
        self.side_of = side_of
        self.tables_only = tables_only
        self.profile = profile_of(scenario, tables_only)
        self.house = self.profile.house
        self.rep = BootHillFight(scenario, side_of, _NoDice(), self.profile, 0,
                                 record=False)
        self.probe = BootHillFight(scenario, side_of, _NoDice(), self.profile, 0,
                                 record=False)
        start = BootHillFight(scenario, side_of, _NoDice(), self.profile, 0,
                                 record=False)
        self.t = _Tables.build(self.house.shoulder_is_arm)
        self.fighters = list(start.fighters.values())   # the start of the fight; never changed
        self.names = [f.name for f in self.fighters]
        self.index = {n: j for j, n in enumerate(self.names)}
        self.sides = list(scenario.sides)
        self.side_idx = np.array([self.sides.index(f.side) for f in self.fighters])
        n = len(self.fighters)
        self.n = n
        self.nw = max(len(f.weapons) for f in self.fighters)
        self.luck = np.array([f.c.attributes.luck for f in self.fighters])
        self.open_yards = tables.open_yards()      # ruled: BN7
        self.str_ = np.array([f.c.attributes.str_ for f in self.fighters])
        self.coo = np.array([f.c.attributes.coo for f in self.fighters])
        cat = np.full((n, len(tables.LOCATIONS)), CAT_OTHER, dtype=np.int64)
        for j, f in enumerate(self.fighters):
            for loc in f.gun_arm:
                cat[j, tables.LOCATIONS.index(loc)] = CAT_GUN
            for loc in f.off_arm:
                cat[j, tables.LOCATIONS.index(loc)] = CAT_OFF
            cat[j, tables.LOCATIONS.index("left_leg")] = CAT_LL
            cat[j, tables.LOCATIONS.index("right_leg")] = CAT_RL
        self.cat = cat
        self.gun_loc = np.array([tables.LOCATIONS.index(f.gun_arm[0]) for f in self.fighters])
        self.revolver = [np.array([ws.wt.is_revolver for ws in f.weapons]
                                  + [False] * (self.nw - len(f.weapons))) for f in self.fighters]
        self.revolvers = np.array(self.revolver, dtype=bool).reshape(n, self.nw)
        # the turns with a ruling of their own (``BootHillFight.rulings``: a ruling with a turn
        # is in force in that turn only): the other turns past the declared ones decide and
        # prepare alike, so their decisions and prepared shots are kept under turn 0
        self.ruled_turns = frozenset(r.turn for r in self.profile.rulings if r.turn is not None)
        self.range_rulings = any(r.range_band for r in self.profile.rulings)
        self.speed_counts = [np.array([WEAPON_SPEED_COUNTS[ws.wt.speed] for ws in f.weapons]
                                      + [0] * (self.nw - len(f.weapons))) for f in self.fighters]
        # (int32, as the state's columns it is added to: no cast to int64 in ``run_count``)
        self.speed_table = np.array(self.speed_counts, dtype=np.int32).reshape(n, self.nw)
        self.men = np.arange(n)
        # registries: cover objects, landmarks, shootout plans, intents (index 0: none)
        self.covers: list[Cover | None] = [None]
        self.cover_key: dict[tuple, int] = {}
        self.landmarks: list[str | None] = [None] + list(scenario.map)
        self.plans: list[tuple[Action, ...]] = [()]
        self.plan_key: dict[tuple, int] = {(): 0}
        self.plan_tables_for = 0
        self.ireg: list[Intent | None] = [None]
        self.ireg_key: dict[int, int] = {}
        self.cache: dict[tuple, object] = {}
        from narrator.rulesets.boothill.kernel_tactics import VecTactics

        self.vec = VecTactics(self)


def _grown(table: np.ndarray | None, size: int, fill, dtype, row: tuple[int, ...] = ()
           ) -> np.ndarray:
    """A lookup over the intent registry with room for ``size`` entries: ``table`` itself
    when it has room, else a new array (entries of shape ``row``, filled with ``fill``) of
    ``size`` or twice ``table``'s length, whichever is more, with ``table``'s entries copied
    in. The registry grows a few intents at a time; growing by doubling keeps the copies'
    total cost within twice the final size (``per_intent``, ``prep_table`` and
    ``_move_targets`` share it)."""
    if table is not None and len(table) >= size:
        return table
    cap = size if table is None else max(size, 2 * len(table))
    out = np.full((cap, *row), fill, dtype=dtype)
    if table is not None:
        out[:len(table)] = table
    return out


def _first_and_inverse(code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(code, return_index=True, return_inverse=True)[1:]`` of non-negative
    integer codes: (the index of each distinct code's first occurrence, in
    ascending order of the codes; which distinct code each element is). Codes of a range
    within a few times their number are marked in a table of the range instead of sorted
    (a sort costs some 100 ns an element; the table a few)."""
    m = len(code)
    top = int(code.max()) + 1 if m else 0
    if not m or top > 16 * m + 4096:
        _, first, inv = np.unique(code, return_index=True, return_inverse=True)
        return first, inv.reshape(-1)
    seen = np.zeros(top, dtype=bool)
    seen[code] = True
    values = np.flatnonzero(seen)
    rank = np.empty(top, dtype=np.intp)
    rank[values] = np.arange(len(values))
    inv = rank[code]
    first = np.full(len(values), m, dtype=np.intp)
    np.minimum.at(first, inv, np.arange(m))
    return first, inv


def stops(start: np.ndarray, target: np.ndarray,
          allowance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where men running from ``start`` towards ``target`` (both ``(n, 2)``, yards) stop,
    allowed ``allowance`` yards (``(n,)``), and the yards each covers (to a bit or so: the
    kernel reads only whether he moved): the engine's arithmetic (``BootHillFight.move``),
    the positions bit for bit, for n men at once. He arrives when the
    point is within his allowance (1e-9 yards of slack); else he stops that far along the
    straight line, each coordinate rounded to 0.01 yard (positions are kept to 2 decimals).

    The engine works in Python floats (``math.dist``, ``round``); ``np.hypot`` may differ from
    ``math.dist`` in the last bit, and ``np.round`` from ``round`` on a value within a hair
    of a half hundredth, so the rows where either could change the result (an arrival on
    the edge of the allowance, a coordinate near a tie) are worked out in Python floats."""
    d = target - start
    full = np.hypot(d[:, 0], d[:, 1])
    distance = np.minimum(full, allowance)
    arrive = full <= allowance + 1e-9
    k = np.divide(distance, full, out=np.zeros_like(full), where=full > 0)
    raw = start + d * k[:, None]   # (the engine's operations, one by one, in doubles)
    pos = np.where(arrive[:, None], target, np.round(raw, 2))
    hundredths = raw * 100.0
    doubt = (np.abs(full - (allowance + 1e-9)) <= 1e-9 * np.maximum(1.0, full)) | (
        ~arrive & rows_any(np.abs(hundredths - np.floor(hundredths) - 0.5) < 1e-6, 1))
    for q in np.flatnonzero(doubt).tolist():
        s0, t0 = tuple(start[q].tolist()), tuple(target[q].tolist())
        a0 = float(allowance[q])
        full0 = math.dist(s0, t0)
        dist0 = distance[q] = min(full0, a0)
        if full0 <= a0 + 1e-9:
            pos[q] = t0
        elif full0 > 0:
            k0 = dist0 / full0
            pos[q] = (round(s0[0] + (t0[0] - s0[0]) * k0, 2),
                      round(s0[1] + (t0[1] - s0[1]) * k0, 2))
    return pos, distance


class _Kernel:
    """The state of ``trials`` fights of one scenario, and the turn loop over them."""

    def __init__(self, ctx: KernelContext, trials: int, rng: np.random.Generator) -> None:
        self.__dict__.update(ctx.__dict__)  # shared registries and caches (same objects)
        self.rng = rng
        n = self.n
        self.IID = np.zeros((trials, n), dtype=np.int64)
        self.S = np.zeros((trials, n, N_COLS), dtype=np.int32)
        self.W = np.zeros((trials, n, self.nw, 5), dtype=np.int32)
        self.P = np.zeros((trials, n, 2), dtype=np.float64)
        self.F = np.zeros((trials, 7), dtype=np.int64)
        self.bonus = np.zeros((trials, len(self.sides)), dtype=np.int64)
        everyone = np.arange(trials)
        for j, f in enumerate(self.fighters):
            self._write_fighter(everyone, j, f)
        self.S[:, :, C_DIES_AFTER] = -1
        self.S[:, :, C_FD_SPEED] = -1
        # flat views (one index array gathers faster than two or three): row (i, j) of S and
        # P at i * n + j, element (i, j, c) of S at (i * n + j) * N_COLS + c, row (i, j, g)
        # of W at (i * n + j) * nw + g
        self.S2, self.Sf = self.S.reshape(-1, N_COLS), self.S.reshape(-1)
        self.W2, self.P2 = self.W.reshape(-1, 5), self.P.reshape(-1, 2)
        # fights met this turn in a state the kernel does not cover: (fight, why); and how
        # many were handed over to the engine, by why (``hand_over``)
        self.over: list[tuple[int, str]] = []
        self.handed: dict[str, int] = {}

    # -------------------------------------------------------------- registries
    def _cover_id(self, cover: Cover | None) -> int:
        if cover is None:
            return 0
        key = (cover.name, cover.kind, cover.locations, cover.reduction, cover.alive,
               cover.bolts_when_hit)
        k = self.cover_key.get(key)
        if k is None:
            k = self.cover_key[key] = len(self.covers)
            self.covers.append(cover)
        return k

    def _plan_id(self, actions: list[Action]) -> int:
        """The registry id of a shootout plan: (kind, shot type, target, draw) per action.

        Raises:
            Uncovered: two guns, cocking, a redraw, or a change of target planned.
        """
        key = tuple((a.kind, a.shot_type, a.target, a.draw,
                     a.volley[0].listed if a.volley else ()) for a in actions)
        k = self.plan_key.get(key)
        if k is None:
            targets = {a.target for a in actions if a.kind == "shot"}
            if len(targets) > 1:
                raise Uncovered("a declared change of target")
            if any(a.kind == "cock" or a.redraw or len(a.volley) > 1 for a in actions):
                raise Uncovered("two guns, cocking or a declared redraw")
            k = self.plan_key[key] = len(self.plans)
            self.plans.append(tuple(Action(a.kind, a.shot_type, draw=a.draw, volley=[
                PlannedShot(a.shot_type, a.target, 0, listed=a.volley[0].listed)] if a.volley
                else []) for a in actions))
        return k

    # -------------------------------------------------------------- state <-> fighters
    def _write_fighter(self, idx: np.ndarray, j: int, f) -> None:
        """Copy the representative's fighter ``f`` (state the engine decided) into fights
        ``idx``: everything decisions can change (position, cover, weapons, draw, plan)."""
        s = self.S
        s[idx, j, C_COND] = CONDITIONS.index(f.condition)
        s[idx, j, C_COVER] = self._cover_id(f.cover)
        s[idx, j, C_LANDMARK] = self.landmarks.index(f.landmark)
        s[idx, j, C_PRONE] = f.prone
        s[idx, j, C_MOUNTED] = f.mounted
        s[idx, j, C_CUR_W] = f.current_weapon
        s[idx, j, C_DRAWN] = f.drawn
        s[idx, j, C_STREAK] = f.reload_streak
        self.P[idx, j] = f.pos
        for w, ws in enumerate(f.weapons):
            self.W[idx, j, w] = (ws.loaded, ws.jammed_seconds, ws.useless, ws.gunsmith_tried,
                                 int(ws.reload_progress * PROGRESS_DENOMINATOR))

    def _wounds(self, j: int, f, counts: tuple[int, ...]) -> list[Wound]:
        """Wounds with these counts (light, serious, gun arm serious, off arm serious, left
        leg light and serious, right leg light and serious): what the engine's decisions and
        movement read of a man's wounds (locations elsewhere are given as the abdomen)."""
        key = ("wounds", j, counts)
        w = self.cache.get(key)
        if w is None:
            light, serious, gun, off, ll_l, ll_s, rl_l, rl_s = counts
            gun_arm, off_arm = f.gun_arm[0], f.off_arm[0]
            w = []
            for loc, sev, n in ((gun_arm, "serious", gun), (off_arm, "serious", off),
                                ("left_leg", "light", ll_l), ("left_leg", "serious", ll_s),
                                ("right_leg", "light", rl_l), ("right_leg", "serious", rl_s),
                                ("abdomen", "light", light - ll_l - rl_l),
                                ("abdomen", "serious", serious - gun - off - ll_s - rl_s)):
                w.extend(Wound(loc, sev, 0) for _ in range(n))
            w = self.cache[key] = tuple(w)
        return list(w)

    def _state_bytes(self, i: int) -> tuple[bytes, int]:
        """Each fighter's state in fight ``i`` (his keyed columns of ``S``, position and
        weapons) as bytes, all fighters in one string, and the length of one fighter's."""
        rows = np.concatenate([self.S[i, :, :N_KEYED], self.P[i].view(np.int64),
                               self.W[i].reshape(self.n, -1)], axis=1)
        return rows.tobytes(), rows.shape[1] * 8

    def _read_fighter(self, i: int, j: int, f, state: tuple[bytes, int] | None = None) -> None:
        """Set the representative's fighter ``f`` to fighter ``j``'s state in fight ``i``
        (``state``: ``_state_bytes(i)`` when the caller has it).

        What a state sets is worked out once per distinct state of the fighter (his row of
        ``S``, position and weapons) and kept: then one ``__dict__.update`` per object."""
        raw, width = state if state is not None else self._state_bytes(i)
        key = ("fighter", j, raw[j * width:(j + 1) * width])
        st = self.cache.get(key)
        if st is None:
            st = self.cache[key] = self._fighter_state(i, j, f)
        attrs, wounds, queue, weapons = st
        f.__dict__.update(attrs)
        f.wounds = list(wounds)
        f.queue = [Action(kind, shot_type, draw=draw, extra=extra, volley=[
            PlannedShot(shot_type, target, gun, listed=listed)] if target else [])
            for kind, shot_type, draw, extra, target, gun, listed in queue]
        for ws, wd in zip(f.weapons, weapons, strict=False):
            ws.__dict__.update(wd)

    def _fighter_state(self, i: int, j: int, f) -> tuple:
        """What ``_read_fighter`` sets: (plain attributes, wounds, queued actions as tuples,
        each weapon's attributes)."""
        row = self.S[i, j].tolist()
        attrs = dict(
            condition=CONDITIONS[row[C_COND]], wound_points=row[C_WP], dies_after_turn=None,
            pos=tuple(self.P[i, j].tolist()), cover=self.covers[row[C_COVER]],
            landmark=self.landmarks[row[C_LANDMARK]], prone=bool(row[C_PRONE]),
            mounted=bool(row[C_MOUNTED]), current_weapon=row[C_CUR_W], drawn=bool(row[C_DRAWN]),
            cursor=row[C_CURSOR], fresh_draw=False, fd_speed=None, cocked=False,
            reload_streak=row[C_STREAK])
        wounds = tuple(self._wounds(j, f, tuple(row[C_LIGHT:C_RL_S + 1]))) \
            if row[C_LIGHT] or row[C_SERIOUS] else ()
        queue = []
        if row[C_PLAN]:
            plan = self.plans[row[C_PLAN]]
            for k, a in enumerate(plan[row[C_QI]:]):
                target = self.names[row[C_QTARGET]] if a.kind == "shot" else None
                queue.append((a.kind, a.shot_type, a.draw, row[C_QEXTRA] if k == 0 else 0,
                              target, row[C_CUR_W], a.volley[0].listed if target else ()))
        weapons = [dict(loaded=loaded, jammed_seconds=jammed, useless=bool(useless),
                        gunsmith_tried=bool(tried),
                        reload_progress=Fraction(progress, PROGRESS_DENOMINATOR) if progress
                        else _ZERO)
                   for loaded, jammed, useless, tried, progress in self.W[i, j].tolist()]
        return attrs, wounds, tuple(queue), weapons

    def _set_rep(self, rep: BootHillFight, i: int) -> tuple[bytes, int]:
        """The representative fight set to fight ``i``'s state (all fighters); returns the
        fighters' states as bytes (``_state_bytes``)."""
        state = self._state_bytes(i)
        for j, f in enumerate(self.fighters_of(rep)):
            self._read_fighter(i, j, f, state)
        rep.shots_fired = int(self.F[i, F_FIRED])
        kind = self.F[i, F_LAST_KIND]
        rep.last_kind = (None, "combat", "shootout")[kind]
        rep.events.clear()
        rep.tactic_made.clear()
        rep.__dict__.pop("_tactics_memory", None)
        self._set_called(rep, i)
        return state

    def _set_called(self, fight: BootHillFight, i: int) -> None:
        """The sides called on to surrender in fight ``i`` (``F_CALLED``, a bit a side) put
        into ``fight``'s tactics memory (``tactics._memory(fight).called``)."""
        called = int(self.F[i, F_CALLED])
        if called:
            from narrator.rulesets.boothill import tactics
            tactics._memory(fight).called.update(
                s for k, s in enumerate(self.sides) if called >> k & 1)

    @staticmethod
    def fighters_of(rep: BootHillFight) -> list:
        return list(rep.fighters.values())

    DECISION_COLS = [C_WP, C_LIGHT, C_SERIOUS, C_GUN_SER, C_OFF_SER, C_COVER, C_LANDMARK,
                     C_PRONE, C_MOUNTED, C_CUR_W, C_DRAWN, C_CURSOR]

    def _key(self, idx: np.ndarray) -> np.ndarray:
        """One row per fight of everything the engine's decisions (tactics, the kind of turn,
        shootout plans) read: for a man who is down only that he is down; for the others
        their wounds, wound points, position, cover, weapon in hand and its draw, shootout
        cursor and whether actions are queued, and each weapon's rounds and jams; whether a
        shot has been fired, the last kind of turn, which sides have been called on."""
        m = len(idx)
        s = self.S[idx]
        up = (s[:, :, C_COND] == ACTIVE)
        queued = s[:, :, C_QI] < self.plen_of(s[:, :, C_PLAN])
        per = np.concatenate([s[:, :, self.DECISION_COLS], queued[:, :, None],
                              self.W[idx][:, :, :, :W_GS_TRIED].reshape(m, self.n, -1)],
                             axis=2).astype(np.float64)
        per = np.where(up[:, :, None], np.concatenate([per, self.P[idx] + 0.0], axis=2), 0.0)
        parts = [(~up).astype(np.float64), per.reshape(m, -1),
                 (self.F[idx, F_FIRED] > 0)[:, None].astype(np.float64),
                 self.F[idx, F_LAST_KIND:F_CALLED + 1].astype(np.float64)]
        return np.concatenate(parts, axis=1)

    def plen_of(self, plan: np.ndarray) -> np.ndarray:
        """Length of each plan id in ``plan``."""
        self._plan_tables()
        return self.plen[plan]

    # -------------------------------------------------------------- dice
    def d(self, sides: int, m: int) -> np.ndarray:
        return self.rng.integers(1, sides + 1, size=m)

    # -------------------------------------------------------------- the fight loop
    def run(self) -> None:
        """Every turn of every fight: the decisions once per distinct state (cached), then the
        dice of all fights at once, whatever each one decided."""
        sc = self.sc
        trials = self.S.shape[0]
        # Tactics checks at the start of the fight (B11); a failed one is tried again until
        # the side has its +1, at the start of each later turn (001 l.37, B18(h)), never, or
        # his roll less his skill turns later, by the house rule tactics_retry (the engine's
        # ``tactics_retry``; ``due``: the turn of his next try)
        how = self.house.tactics_retry
        failed = np.zeros((trials, self.n), dtype=bool)
        due = np.zeros((trials, self.n), dtype=np.int64)
        for j, f in enumerate(self.fighters):
            skill = f.c.skills.tactics
            if skill > 0:
                roll = self.d(20, trials)
                ok = roll <= skill
                self.bonus[ok, self.side_idx[j]] = 1
                failed[~ok, j] = how != "never"
                if how == "delayed":
                    due[:, j] = 1 + np.maximum(1, roll - skill)
        total = max(len(sc.turns), sc.max_turns or 0)
        for ti in range(total):
            t = ti + 1
            live = np.flatnonzero(self.F[:, F_DONE] == 0)
            if len(live) == 0:
                break
            # (the Tactics checks as they stand before this turn's tries: what a fight handed
            # over to the engine at this turn's start goes on from)
            before = (self.bonus.copy(), failed.copy(), due.copy()) if failed.any() \
                else (self.bonus, failed, due)
            if t > 1 and failed.any():
                for j, f in enumerate(self.fighters):
                    side = self.side_idx[j]
                    rows = live[failed[live, j] & (self.S[live, j, C_COND] == ACTIVE)
                                & (self.bonus[live, side] == 0) & (due[live, j] <= t)]
                    if len(rows):
                        skill = f.c.skills.tactics
                        roll = self.d(20, len(rows))
                        ok = roll <= skill
                        self.bonus[rows[ok], side] = 1
                        failed[rows[ok], j] = False
                        if how == "delayed":
                            due[rows[~ok], j] = t + np.maximum(1, roll[~ok] - skill)
            out = self.decisions(t, ti, live)  # per fight: kind, called, intent ids, plans
            if self.over:   # (fights in a state the kernel does not cover: the engine's)
                fights = np.array(sorted({i for i, _ in self.over}), dtype=np.int64)
                self.hand_over(t, self.over, *before)
                self.over = []
                keep = ~np.isin(live, fights)
                live, out = live[keep], out[keep]
                if not len(live):
                    continue
            n = self.n
            self.F[live, F_CALLED] = out[:, 1]
            self.IID[live] = out[:, 2:2 + n]
            kind = out[:, 0]
            shoot = kind == KIND_SHOOTOUT
            if shoot.any():
                self.shootout_turn(t, live[shoot], out[shoot, 2 + n:].reshape(-1, n, 4))
            if (~shoot).any():
                self.combat_turn(t, live[~shoot])
            self.end_turn(t, live, kind)

    def hand_over(self, t: int, over: list[tuple[int, str]], bonus: np.ndarray,
                  failed: np.ndarray, due: np.ndarray) -> None:
        """The fights ``over`` ((fight, why), in a state at the start of turn ``t`` that the
        kernel does not cover, e.g. a man coming to blows) fought on to their end by the
        engine (``BootHillFight.fight_on``, no records) from that state, with dice of their
        own seeded from the kernel's generator; their outcome written back (conditions,
        wounds, shots and hits, turns, seconds) and the fights marked done. ``bonus``,
        ``failed``, ``due``: the sides' Tactics bonus and the checks to be tried again, as
        they stood before this turn's tries. What they stood for is counted in
        ``handed``."""
        from narrator.dice import SeededDice

        why = dict(over)
        fights = sorted(why)
        seeds = self.rng.integers(0, 2 ** 62, size=len(fights)).tolist()
        for i, seed in zip(fights, seeds):
            fight = BootHillFight(self.sc, self.side_of, SeededDice(seed), self.profile, seed,
                                  record=False)
            self._set_fight(fight, i, bonus[i], failed[i], due[i])
            fight.fight_on(t)
            self._take_back(fight, i)
            self.handed[why[i]] = self.handed.get(why[i], 0) + 1

    def _set_fight(self, fight: BootHillFight, i: int, bonus: np.ndarray, failed: np.ndarray,
                   due: np.ndarray) -> None:
        """Engine fight ``fight`` set to fight ``i``'s whole state at the start of a turn
        (``_read_fighter``'s, and what only the rest of a turn reads: a dying man's last
        turn, a fresh draw and its Fast Draw speed), the clock, shots fired, the last kind of
        turn, the Tactics bonus and checks to try again (``bonus`` per side; ``failed``,
        ``due`` per man), the sides called on to surrender."""
        state = self._state_bytes(i)
        for j, f in enumerate(self.fighters_of(fight)):
            self._read_fighter(i, j, f, state)
            row = self.S[i, j].tolist()
            f.dies_after_turn = row[C_DIES_AFTER] if row[C_DIES_AFTER] >= 0 else None
            f.fresh_draw = bool(row[C_FRESH])
            f.fd_speed = row[C_FD_SPEED] if row[C_FD_SPEED] >= 0 else None
        fight.shots_fired = int(self.F[i, F_FIRED])
        fight.elapsed = int(self.F[i, F_SECONDS])
        fight.last_kind = (None, "combat", "shootout")[self.F[i, F_LAST_KIND]]
        fight.tactics_bonus = {side: int(bonus[k]) for k, side in enumerate(self.sides)}
        every = self.house.tactics_retry == "every_turn"
        fight.tactics_failed = {self.names[j]: 0 if every else int(due[j])
                                for j in np.flatnonzero(failed).tolist()}
        self._set_called(fight, i)

    def _take_back(self, fight: BootHillFight, i: int) -> None:
        """Engine fight ``fight``'s outcome written into fight ``i``: what the tally reads
        (each man's condition, wound points and wounds, shots and hits added), the turns
        fought and the seconds; the fight done."""
        s = self.S
        for j, f in enumerate(self.fighters_of(fight)):
            s[i, j, C_COND] = CONDITIONS.index(f.condition)
            s[i, j, C_WP] = f.wound_points
            light = sum(1 for w in f.wounds if w.severity == "light")
            s[i, j, C_LIGHT] = light
            s[i, j, C_SERIOUS] = len(f.wounds) - light
            s[i, j, C_SHOTS] += fight.shots_by.get(f.name, 0)
            s[i, j, C_HITS] += fight.hits_by.get(f.name, 0)
        self.F[i, F_TURNS] = fight.ending[0]
        self.F[i, F_SECONDS] = fight.elapsed
        self.F[i, F_DONE] = 1

    def decisions(self, t: int, ti: int, live: np.ndarray) -> np.ndarray:
        """The decisions of turn ``t`` for the fights ``live``, one ``decide`` row each: past
        the declared turns, where ``kernel_tactics.VecTactics`` can take them, taken together,
        vectorised, for every fight at once (cheaper than looking each state up: most are
        new); the rest by the engine (``cached``)."""
        got = self.vectorised(t, ti, live)
        if got is not None:
            out, taken = got
            if not taken.all():
                rest = np.flatnonzero(~taken)
                out[rest] = self.cached(t, ti, live[rest])
            return out
        return self.cached(t, ti, live)

    def vectorised(self, t: int, ti: int, live: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray] | None:
        """``VecTactics.decide`` for turn ``t`` (index ``ti``) in the fights ``live``: (rows,
        taken); None when the vectorised tactics take no fight of this turn (the scenario's
        ``VecTactics.reasons``, or a declared turn of kind ``auto``)."""
        vec = self.vec
        if vec is None or vec.reasons:
            return None
        if ti >= len(self.sc.turns):
            return vec.decide(self, t, live)
        turn = self.sc.turns[ti]
        if turn.kind == "auto":
            return None
        declared = {self.index[name]: self._intent_id(it) for name, it in turn.intents.items()}
        return vec.decide(self, t, live, declared, turn.kind)

    def cached(self, t: int, ti: int, live: np.ndarray) -> np.ndarray:
        """The engine's decisions (``decide``) of turn ``t`` for the fights ``live``, once per
        distinct state (``_key``) and cached: a state met before is looked up."""
        keys = self._key(live)
        if len(self.cache) * keys.shape[1] * 8 > CACHE_BYTES:
            self.cache.clear()   # (ids in the registries stay valid)
        uniq, first, inv = self._distinct(keys)
        when = self.when(t)
        raw, width = uniq.tobytes(), uniq.shape[1] * uniq.itemsize
        cache = self.cache
        cks = [(when, raw[u * width:(u + 1) * width]) for u in range(len(uniq))]
        hits = [cache.get(ck) for ck in cks]
        for u, hit in enumerate(hits):
            if hit is None:
                try:
                    hit = self.decide(t, ti, int(live[first[u]]))
                except Uncovered as exc:   # (at the start of the turn: the engine fights on)
                    hit = _HandOver(str(exc))
                hits[u] = cache[cks[u]] = hit
        over = [u for u, hit in enumerate(hits) if type(hit) is _HandOver]
        if over:
            blank = np.full(2 + 5 * self.n, -1, dtype=np.int64)
            for u in over:
                self.over.extend((int(i), hits[u].reason)
                                 for i in live[inv == u].tolist())
                hits[u] = blank
        return np.stack(hits)[inv]

    def decide(self, t: int, ti: int, i: int) -> np.ndarray:
        """The engine's decisions for fight ``i``'s state at the start of turn ``t``, as one
        row: the kind of turn, the sides whose lawmen have called for surrender (a bit per
        side), each fighter's intent (registry id, 0: none), then each fighter's new shootout
        plan (plan, target, weapon, drawn; -1: none).

        Raises:
            Uncovered: an intent uses something the kernel does not cover.
        """
        rep = self.rep
        raw, width = self._set_rep(rep, i)
        declared = self.sc.turns[ti] if ti < len(self.sc.turns) else _NO_TURN
        intents = rep.complete_intents(t, declared.intents, declared.kind)
        for intent in intents.values():
            reasons = _intent_reasons(intent)
            if reasons:
                raise Uncovered(reasons[0])
        mem = rep.__dict__.get("_tactics_memory")
        called = 0
        if mem is not None:
            called = sum(1 << k for k, s in enumerate(self.sides) if s in mem.called)
        kind = rep.kind_of(t, declared, intents)
        row = [KIND_SHOOTOUT if kind == "shootout" else KIND_COMBAT, called]
        row += [self._intent_id(intents.get(n)) for n in self.names]
        plans = [-1] * (4 * self.n)
        if kind == "shootout":
            when = self.when(t)
            for j, f in enumerate(self.fighters_of(rep)):
                intent = intents.get(f.name)
                if intent is None or f.down:
                    continue
                # the plan reads the intent and the planner's own state only: kept per both
                ck = ("plan", when, j, row[2 + j], raw[j * width:(j + 1) * width])
                got = self.cache.get(ck)
                if got is None:
                    actions = rep.plan(t, f, intent)
                    shot = next((a for a in actions if a.kind == "shot"), None)
                    got = self.cache[ck] = (self._plan_id(actions),
                                            self.index[shot.target] if shot else 0,
                                            f.current_weapon, int(f.drawn))
                plans[4 * j:4 * j + 4] = got
        return np.array(row + plans, dtype=np.int64)

    def when(self, t: int) -> int:
        """The turn under which turn ``t``'s decisions are kept: ``t`` for a declared turn or
        one with a ruling of its own, else 0 (the decisions read nothing else of the turn)."""
        return t if (t <= len(self.sc.turns) or t in self.ruled_turns) else 0

    def _intent_id(self, intent: Intent | None) -> int:
        """The registry id of an intent (the registry keeps it alive, so ids stay unique)."""
        if intent is None:
            return 0
        k = self.ireg_key.get(id(intent))
        if k is None:
            k = self.ireg_key[id(intent)] = len(self.ireg)
            self.ireg.append(intent)
        return k

    def per_intent(self, j: int, iids: np.ndarray, fn, name: str, none: int = 0, *,
                   size: int | None = None) -> np.ndarray:
        """``fn(j, intent)`` (a number; ``none`` for no intent) for each fight's intent id in
        ``iids``. ``name`` names the property ``fn`` computes (the same every call): its values
        are kept in a lookup array over the intent registry (an intent never changes), each
        computed the first time one of fighter ``j``'s fights has that intent.

        With ``size``, ``iids`` are codes into a table of that size (growing with the
        registry) and ``fn(j, code)`` is called with the code itself (none for code 0 is
        not assumed)."""
        key = ("per_intent", name, j)
        got = self.cache.get(key)
        coded = size is not None
        size = len(self.ireg) if size is None else size
        if got is None or len(got[0]) < size:
            fresh = got is None
            values, known = (None, None) if fresh else got
            values, known = _grown(values, size, 0, np.int64), _grown(known, size, False, bool)
            if fresh and not coded:
                values[0], known[0] = none, True
            got = self.cache[key] = (values, known)
        values, known = got
        if not known[iids].all():
            for x in np.unique(iids[~known[iids]]).tolist():
                values[x] = fn(j, x if coded else self.ireg[x])
                known[x] = True
        return values[iids]

    def end_turn(self, t: int, idx: np.ndarray, kind: np.ndarray) -> None:
        """Other actions, movement, the clock, the dying die, sides down (``end_turn``)."""
        # (idx is sorted: a man's fights up and their kinds of turn by one mask)
        alive = self.S[idx, :, C_COND] == ACTIVE
        for j in range(self.n):
            upm = alive[:, j]
            up = idx[upm]
            if not len(up):
                continue
            iids = self.IID[up, j]
            kd = kind[upm]
            busy = self.per_intent(j, iids, lambda j, it: bool(it.reload or it.clear_jam),
                                   "busy")
            reset = up[(busy == 0) & (kd == KIND_SHOOTOUT)]
            self.S[reset, j, C_STREAK] = 0
            for k in (KIND_COMBAT, KIND_SHOOTOUT):
                sel = (busy == 1) & (kd == k)
                if sel.any():
                    self.other_actions(t, up[sel], j, k)
        alive = self.S[idx, :, C_COND] == ACTIVE
        for j in range(self.n):
            upm = alive[:, j]
            up = idx[upm]
            if not len(up):
                continue
            moves = self.per_intent(j, self.IID[up, j], lambda j, it: it.move is not None,
                                    "moves")
            kd = kind[upm]
            for k in (KIND_COMBAT, KIND_SHOOTOUT):
                sel = (moves == 1) & (kd == k)
                if sel.any():
                    self.move(t, up[sel], j, k)
        self.F[idx, F_SECONDS] += np.where(kind == KIND_SHOOTOUT, 1, 6)
        self.F[idx, F_LAST_KIND] = kind
        s = self.S
        cond = s[idx, :, C_COND]
        dies = s[idx, :, C_DIES_AFTER]
        die = (cond == DYING) & (dies >= 0) & (dies <= t)
        if die.any():   # (only the men who die are written back)
            r, jj = np.nonzero(die)
            s[idx[r], jj, C_COND] = DEAD
            cond[die] = DEAD
        self.F[idx, F_TURNS] = t
        up = cond == ACTIVE
        sides_up = np.zeros((len(idx), len(self.sides)), dtype=bool)
        for k in range(len(self.sides)):
            sides_up[:, k] = rows_any(up[:, self.side_idx == k], 1)
        ended = rows_sum(sides_up, 1) <= 1
        self.F[idx[ended], F_DONE] = 1

    @classmethod
    def _rows_in_order(cls, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(distinct rows in lexicographic order, which one each row is): as
        ``np.unique(rows, axis=0, return_inverse=True)``, faster (``_distinct``)."""
        uniq, _, inv = cls._distinct(rows)
        order = np.lexsort(uniq.T[::-1])
        rank = np.empty(len(order), dtype=np.intp)
        rank[order] = np.arange(len(order))
        return uniq[order], rank[inv]

    @staticmethod
    def _distinct(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(distinct rows, index of each one's first fight, which distinct row each fight has).

        Rows of small integers are packed into one integer each and sorted as such; other rows
        are compared as bytes (each row viewed as one opaque value: a single sort comparing
        memory, much faster than ``np.unique(axis=0)``'s column by column sort). So the
        distinct rows come in the order of their packed values or bytes; nothing random
        depends on that order. A float column must hold no -0.0 (it would differ from 0.0)."""
        rows = np.ascontiguousarray(rows)
        if rows.shape[1] == 0 or not len(rows):
            return rows[:1], np.zeros(min(1, len(rows)), dtype=np.intp), \
                np.zeros(len(rows), dtype=np.intp)
        if rows.shape[1] > 1 and (rows.dtype.kind == "i" or rows.dtype.kind == "u"
                                  and rows.dtype.itemsize < 8):
            # small integers: each row packed into one integer (its columns' offsets from
            # their least values, side by side in bits), a faster sort than the bytes'. (The
            # columns as rows of their own first: NumPy reduces a long contiguous axis fast,
            # an (m, few) array's axis 0 some 40 times slower.)
            cols = np.ascontiguousarray(rows.T, dtype=np.int64)
            lo, hi = cols.min(axis=1).tolist(), cols.max(axis=1).tolist()
            bits = [(h - low).bit_length() for low, h in zip(lo, hi, strict=True)]
            if sum(bits) <= 62:
                code = cols[0] - lo[0] if lo[0] else cols[0].copy()
                at = bits[0]
                for c in range(1, len(bits)):
                    if bits[c]:
                        code += (cols[c] - lo[c]) << at
                    at += bits[c]
                first, inv = _first_and_inverse(code)
                return rows[first], first, inv
        if rows.dtype.kind == "u" and rows.shape[1] > 1:   # (64-bit unsigned: as before)
            lo = rows.min(axis=0)
            bits = [int(x).bit_length() for x in (rows.max(axis=0) - lo).tolist()]
            if sum(bits) <= 62:
                shift = np.concatenate([[0], np.cumsum(bits[:-1])]).astype(np.int64)
                code = (rows - lo) @ (np.int64(1) << shift)
                _, first, inv = np.unique(code, return_index=True, return_inverse=True)
                return rows[first], first, inv.reshape(-1)
        v = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).reshape(-1)
        _, first, inv = np.unique(v, return_index=True, return_inverse=True)
        return rows[first], first, inv.reshape(-1)

    def other_actions(self, t: int, up: np.ndarray, j: int, kind: int) -> None:
        """Reloading and clearing jams: the representative's ``other_actions`` (or
        ``shootout_other_actions``) once per distinct state, copied to the fights."""
        f = self.rep.fighters[self.names[j]]
        rows = np.concatenate([self.W[up, j].reshape(len(up), -1),
                               self.S[up, j][:, [C_STREAK, C_CUR_W]],
                               self.IID[up, j][:, None]], axis=1)
        uniq, first, inv = self._distinct(rows)
        for u in range(len(uniq)):
            ck = ("other", j, kind, uniq[u].tobytes())
            res = self.cache.get(ck)
            if res is None:
                intent = self.ireg[int(uniq[u, -1])]
                self._read_fighter(int(up[first[u]]), j, f)
                if kind == KIND_SHOOTOUT:
                    self.rep.shootout_other_actions(0, f, intent)
                else:
                    self.rep.other_actions(0, f, intent)
                self.rep.events.clear()
                res = self.cache[ck] = (
                    np.array([(ws.loaded, ws.jammed_seconds, ws.useless, ws.gunsmith_tried,
                               int(ws.reload_progress * PROGRESS_DENOMINATOR))
                              for ws in f.weapons], dtype=np.int64), f.reload_streak)
            who = up[inv == u]
            weapons, streak = res
            self.W[who, j, :len(weapons)] = weapons
            self.S[who, j, C_STREAK] = streak

    MOVE_COLS = [C_LIGHT, C_SERIOUS, C_GUN_SER, C_OFF_SER, C_LL_L, C_LL_S, C_RL_L, C_RL_S,
                 C_COVER, C_LANDMARK, C_PRONE, C_MOUNTED]

    def move(self, t: int, up: np.ndarray, j: int, kind: int) -> None:
        """The representative's ``move`` once per distinct state the mover ends the fire in
        (wounds, position, cover), copied to the fights; a plain run to a point
        (``move_to_point``) without it."""
        plain = self.per_intent(j, self.IID[up, j], self._plain_move, "plain move") == 1
        if plain.any():
            self.move_to_point(t, up[plain], j, kind)
            up = up[~plain]
            if not len(up):
                return
        f = self.rep.fighters[self.names[j]]
        rows = np.concatenate([self.S[up, j][:, self.MOVE_COLS].astype(np.float64),
                               self.P[up, j] + 0.0, self.IID[up, j][:, None]], axis=1)
        uniq, first, inv = self._distinct(rows)
        for u in range(len(uniq)):
            ck = ("move", j, kind, uniq[u].tobytes())
            res = self.cache.get(ck)
            if res is None:
                intent = self.ireg[int(uniq[u, -1])]
                self._read_fighter(int(up[first[u]]), j, f)
                self.rep.move(t, f, intent.move, "shootout" if kind == KIND_SHOOTOUT
                              else "combat")
                self.rep.events.clear()
                res = self.cache[ck] = (f.pos, self._cover_id(f.cover),
                                        self.landmarks.index(f.landmark), f.mounted, f.prone)
            who = up[inv == u]
            pos, cover, landmark, mounted, prone = res
            self.P[who, j] = pos
            self.S[who, j, C_COVER] = cover
            self.S[who, j, C_LANDMARK] = landmark
            self.S[who, j, C_MOUNTED] = mounted
            self.S[who, j, C_PRONE] = prone

    def _plain_move(self, j: int, it: Intent) -> bool:
        """A move to a point or a landmark with a gait and nothing else (no door, window,
        stairs, jump, bad footing, mounting or dismounting; not at night, not to a dark
        landmark): where it ends, and the landmark's cover when he arrives, are worked out by
        ``move_to_point``."""
        mv = it.move
        return bool(mv is not None and mv.gait is not None and mv.to is not None
                    and (not isinstance(mv.to, str) or not self.sc.map[mv.to].dark)
                    and not mv.through and not mv.stairs
                    and not mv.jump and not mv.jump_down and not mv.terrible_footing
                    and not mv.mount and not mv.dismount and not self.sc.night)

    def _move_landmark(self, j: int, it: Intent) -> int:
        """The landmark (index into ``landmarks``) a plain move runs to; 0 for a point."""
        to = it.move.to
        return self.landmarks.index(to) if isinstance(to, str) else 0

    def _landmark_cover(self, code: int) -> int:
        """The cover id a man arriving at landmark ``code`` takes (``take_landmark``): its
        cover, or 0 for a landmark that gives none."""
        key = self.landmarks[code]
        lm = self.sc.map[key]
        return 0 if lm.cover is None else self._cover_id(
            Cover.of(lm.cover, lm.name or key.replace("_", " ")))

    def _move_code(self, j: int, it: Intent) -> int:
        """What a plain move's allowance and the mover's prone afterwards read of the intent
        (gait, standing up, dropping prone), as a code."""
        reg = self.cache.setdefault("move codes", {})
        mv = it.move
        proj = (mv.gait, mv.stand_up, mv.drop_prone)
        c = reg.get(proj)
        if c is None:
            c = reg[proj] = len(reg)
        return c

    MOVER_COLS = [C_MOUNTED, C_PRONE, C_LL_L, C_LL_S, C_RL_L, C_RL_S]

    def move_to_point(self, t: int, up: np.ndarray, j: int, kind: int) -> None:
        """``BootHillFight.move`` for plain moves to a point or a landmark (``_plain_move``) in
        the fights ``up``: the yards allowed (Table 3 or 7, halvings for wounds and standing
        up) and whether he is prone afterwards are the engine's, once per distinct (gait,
        wounds, mounted, prone), from a move of the representative towards a point far off;
        where he stops is the engine's arithmetic for all the fights at once (``stops``), and
        a man who ends on a landmark's spot takes its cover (``take_landmark``). Living cover
        that bolts (the only way a landmark goes) and darkness are not the kernel's."""
        s = self.S
        iids = self.IID[up, j]
        code = self.per_intent(j, iids, self._move_code, "move code")
        sj = s[up, j]
        # (what the engine's move reads of his wounds: each leg's, light and serious, and
        # how many serious wounds elsewhere)
        elsewhere = sj[:, C_SERIOUS] - sj[:, C_LL_S] - sj[:, C_RL_S]
        key = np.concatenate([code[:, None], sj[:, self.MOVER_COLS], elsewhere[:, None]],
                             axis=1)
        uniq, first, inv = self._distinct(key)
        allow = np.zeros(len(uniq))
        prone = np.zeros(len(uniq), dtype=np.int64)
        kind_s = "shootout" if kind == KIND_SHOOTOUT else "combat"
        for u, row in enumerate(uniq.tolist()):
            ck = ("plain move", j, kind, tuple(row))
            res = self.cache.get(ck)
            if res is None:
                res = self.cache[ck] = self._allowance(t, j, kind_s, row[1:],
                                                       int(iids[first[u]]))
            allow[u], prone[u] = res
        target = self._move_targets(iids)
        pos, distance = stops(self.P[up, j], target, allow[inv])
        moved = distance > 0
        self.P[up, j] = pos
        gone = up[moved]
        s[gone, j, C_COVER] = 0      # (he leaves cover and landmark)
        s[gone, j, C_LANDMARK] = 0
        # (a man who ends on a landmark's spot, within the 2 places a position is kept to,
        # has arrived there and is in its cover: ``take_landmark``, ruling BN3)
        mark = self.per_intent(j, iids, self._move_landmark, "move landmark")
        there = (mark > 0) & (pos == target).all(axis=1)
        if there.any():
            lms = mark[there]
            covers = self.per_intent(j, lms, lambda j, code: self._landmark_cover(code),
                                     "landmark cover", size=len(self.landmarks))
            s[up[there], j, C_LANDMARK] = lms
            s[up[there], j, C_COVER] = covers
        s[up, j, C_PRONE] = prone[inv]

    def _move_targets(self, iids: np.ndarray) -> np.ndarray:
        """The point (x, y yards) each plain move of intent id ``iids`` runs to (a landmark's
        spot for a move to a landmark), shape
        ``(len(iids), 2)``, from a lookup over the intent registry (an intent never changes)."""
        table = self.cache.get("move targets")
        if table is None or len(table) < len(self.ireg):
            table = self.cache["move targets"] = _grown(table, len(self.ireg), np.nan,
                                                        np.float64, (2,))
        out = table[iids]
        unknown = np.isnan(out[:, 0])
        if unknown.any():
            for x in np.unique(iids[unknown]).tolist():
                to = self.ireg[x].move.to
                if isinstance(to, str):
                    to = self.sc.map[to].at   # (a landmark: its spot)
                table[x] = (float(to[0]), float(to[1]))
            out = table[iids]
        return out

    def _allowance(self, t: int, j: int, kind: str, row: list[int],
                   iid: int) -> tuple[float, int]:
        """(yards a plain move of intent ``iid`` takes him at most, prone afterwards) for a
        mover in the state ``row`` (``MOVER_COLS``, then his serious wounds not in a leg), by
        the engine's ``move`` towards a point a million yards off from (0, 0)."""
        f = self.rep.fighters[self.names[j]]
        mounted, prone, ll_l, ll_s, rl_l, rl_s, elsewhere = row
        light, serious = ll_l + rl_l, ll_s + rl_s + elsewhere
        f.wounds = self._wounds(j, f, (light, serious, 0, 0, ll_l, ll_s, rl_l, rl_s)) \
            if light or serious else []
        f.mounted, f.prone = bool(mounted), bool(prone)
        f.pos, f.cover, f.landmark = (0.0, 0.0), None, None
        mv = self.ireg[iid].move
        self.rep.move(t, f, mv.model_copy(update={"to": (1_000_000.0, 0.0)}), kind)
        self.rep.events.clear()
        return f.pos[0], int(f.prone)

    # -------------------------------------------------------------- initiative
    def ranking(self, t: int, idx: np.ndarray) -> list[tuple[list[str], np.ndarray]]:
        """Sides by initiative, best first, and the fights that have that order (the
        engine's ``initiative``). Only the sides with a man up in a fight roll there (ruled:
        BN1); a side with nobody up ranks after them (it fires nobody)."""
        rep = self.rep
        m, ns = len(idx), len(self.sides)
        up = self.S[idx, :, C_COND] == ACTIVE
        sides_up = np.zeros((m, ns), dtype=bool)
        for k in range(ns):
            sides_up[:, k] = rows_any(up[:, self.side_idx == k], 1)
        if rep.rulings(t, "initiative"):
            # the ruled values, among the sides up: the engine's ranking of each pattern
            pats, inv = self._rows_in_order(sides_up.astype(np.int64))
            out = []
            men = self.fighters_of(rep)
            was = [f.condition for f in men]
            for g, pat in enumerate(pats):
                for j, f in enumerate(men):
                    f.condition = "active" if pat[self.side_idx[j]] else "dead"
                ranked, _ = rep.initiative(t)
                out.append((ranked, idx[inv == g]))
            for f, c in zip(men, was, strict=True):
                f.condition = c
            return out
        # a side with nobody up: a distinct negative total, never tied and ranked last
        out_total = -1 - np.arange(ns)
        totals = self.rng.integers(1, 7, size=(m, ns)) + self.bonus[idx]
        totals = np.where(sides_up, totals, out_total)
        for _ in range(49):  # MAX_INITIATIVE_ROUNDS
            srt = np.sort(totals, axis=1)
            tied = rows_any(np.diff(srt, axis=1) == 0, 1)
            if not tied.any():
                break
            again = self.rng.integers(1, 7, size=(int(tied.sum()), ns))
            totals[tied] = np.where(sides_up[tied], again, out_total)
        # rank by (total, earlier side first on a tie), best first
        score = totals * (ns + 1) + (ns - np.arange(ns))
        orders = np.argsort(-score, axis=1)
        perms, inv = self._rows_in_order(orders.astype(np.int64))
        return [([self.sides[k] for k in perm], idx[inv == g]) for g, perm in enumerate(perms)]

    # -------------------------------------------------------------- combat turn
    def combat_turn(self, t: int, idx: np.ndarray) -> None:
        """``BootHillFight.combat_turn``'s fire: sides by initiative, each side's men in fire
        order (highest COO first, B12)."""
        self.S[idx, :, C_STREAK] = 0  # six *consecutive* shootout turns make a reload
        for ranked, sub in self.ranking(t, idx):
            for side in ranked:
                for f in self.rep.side_order(side, t):
                    self.combat_fire(t, sub, self.index[f.name])

    @staticmethod
    def _fires(j: int, it: Intent | None) -> bool:
        """``fire`` goes ahead (no evading, crawling, dropping prone, reloading, jams)."""
        if it is None or it.shoot is None:
            return False
        mv = it.move
        gait = mv.gait if mv else None
        return not (gait in ("evading", "crawling") or (mv and mv.drop_prone) or it.reload
                    or it.clear_jam)

    def _shot_target(self, n: int):
        """The target of careful shot ``n`` (1 or 2) of an intent, -1 for none (000 l.39-40)."""
        def fn(j: int, it: Intent) -> int:
            if it.shoot is None:
                return -1
            seq = shot_targets(it)
            return self.index[seq[n - 1][1]] if len(seq) >= n else -1
        return fn

    def combat_fire(self, t: int, idx: np.ndarray, j: int) -> None:
        """``BootHillFight.fire``: one or two careful shots (errata B12)."""
        idx = idx[self.S[idx, j, C_COND] == ACTIVE]
        if not len(idx):
            return
        iids = self.IID[idx, j]
        go = self.per_intent(j, iids, self._fires, "fires") == 1
        idx, iids = idx[go], iids[go]
        if not len(idx):
            return
        named = self.per_intent(j, iids, lambda j, it: -1 if it.weapon is None
                                or it.shoot is None
                                else self.rep.weapon_index(self.rep.fighters[self.names[j]],
                                                           it.weapon), "weapon", -1)
        self.S[idx[named >= 0], j, C_CUR_W] = named[named >= 0]
        self.S[idx, j, C_DRAWN] = 1
        off = self.per_intent(j, iids, lambda j, it: bool(it.hand and it.hand
                                                          != self.fighters[j].c.handedness),
                              "off hand")
        snipe = self.per_intent(j, iids, lambda j, it: bool(it.sniping), "sniping")
        k1 = self.per_intent(j, iids, self._shot_target(1), "target 1", -1)
        k2 = self.per_intent(j, iids, self._shot_target(2), "target 2", -1)
        for n, k in ((1, k1), (2, k2)):
            live = (k >= 0) & (self.S[idx, j, C_COND] == ACTIVE)
            gone = live & (self.S[idx, np.maximum(k, 0), C_COND] != ACTIVE)
            if gone.any():  # his target is down: he turns on another
                q = np.flatnonzero(gone)
                old = k[q].copy()
                listed = self.per_intent(j, iids[q], self._listed, "listed", -1)
                k[q] = self.retarget_rows(t, idx[q], j, old, listed == old, "careful",
                                          COMBAT, off_hand=off[q] == 1)
                if n == 1:
                    k2[q] = np.where(k2[q] == old, k[q], k2[q])
            live &= k >= 0
            ii, kk = idx[live], k[live]
            if not len(ii):
                continue
            ok, prep = self.prepare(t, ii, j, kk, "careful", n, off_hand=off[live],
                                    sniping=snipe[live] if n == 1 else None)
            self.resolve_rows(t, ii[ok], np.full(int(ok.sum()), j), kk[ok], prep[ok])

    # -------------------------------------------------------------- shots
    def prepare(self, t: int, idx: np.ndarray, j: int, k: np.ndarray, shot_type: str,
                number: int, *, off_hand: np.ndarray | None = None,
                sniping: np.ndarray | None = None, count: int | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
        """``BootHillFight.prepare`` once per distinct situation among the fights ``idx``
        (shooter's wounds, weapon in hand and its rounds, target and whether he is down or
        prone, the band of the yards between them, what the shot reads of both men's
        intents, first shot of the fight), cached: ``prepare_many`` for one shooter ``j``
        and one ``shot_type``.

        Returns (fired: bool per fight, an int array per fight of chance to hit, band code,
        location shift (Table 13 and aim), weapon).
        """
        m = len(idx)
        return self.prepare_many(t, idx, np.full(m, j), k,
                                 np.full(m, tables.SHOT_TYPES.index(shot_type)), number,
                                 off_hand=off_hand, sniping=sniping, count=count)

    def prepare_many(self, t: int, idx: np.ndarray, js: np.ndarray, k: np.ndarray,
                     types: np.ndarray, number: int, *, off_hand: np.ndarray | None = None,
                     sniping: np.ndarray | None = None, count: int | None = None,
                     sj: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """``prepare`` with a shooter ``js`` and a shot type (index into
        ``tables.SHOT_TYPES``) ``types`` per fight: the shots of several men prepared at
        once, one cache lookup per distinct situation (``sj``: the shooters' rows of ``S``,
        when the caller has them).

        A situation whose every part fits the context's radices (``SITU_BITS``; the band as a
        code, not an exact distance) is looked up by one integer; the others (a distance at a
        band's limit, many wounds, many intents) by their bytes."""
        m = len(idx)
        rj, rk = idx * self.n + js, idx * self.n + k
        if sj is None:
            sj = self.S2.take(rj, axis=0)
        sk = self.Sf.take(rk * N_COLS + C_COND), self.Sf.take(rk * N_COLS + C_PRONE)
        gun = sj[:, C_CUR_W]
        d = self.P2.take(rj, axis=0) - self.P2.take(rk, axis=0)
        dist = np.hypot(d[:, 0], d[:, 1])
        yards = self.yards_key(js, gun, types, dist)
        if len(self.ireg) > 1:
            iid = self.IID.reshape(-1)
            mine = self.prep_table(0).take(iid.take(rj))
            theirs = self.prep_table(1).take(iid.take(rk))
        else:
            mine = theirs = np.zeros(m, dtype=np.int64)
        zeros = np.zeros(m, dtype=np.int64)
        # (parts all 0 when not given: left out of the packing below, which adds nothing)
        absent = {16} if off_hand is None else set()
        off_hand = zeros if off_hand is None else off_hand
        if sniping is None:
            sniping = first = zeros
            absent |= {17, 18}
        else:
            first = (self.F[idx, F_FIRED] == 0) & (sniping == 1)
        wj = self.W2.take(rj * self.nw + gun, axis=0)
        parts = [js, types, k, gun, sj[:, C_LIGHT], sj[:, C_SERIOUS], sj[:, C_GUN_SER],
                 sj[:, C_OFF_SER], sk[0] != ACTIVE,
                 wj[:, W_LOADED] > 0, wj[:, W_JAMMED] > 0,
                 wj[:, W_USELESS], sk[1], yards,
                 mine, theirs, off_hand, sniping, first]

        def situ_of(rows: np.ndarray) -> np.ndarray:
            """The situations (one row of ``parts`` each) of the shots ``rows``."""
            return np.stack([a[rows] for a in parts], axis=1).astype(np.int64)

        out_ok = np.zeros(m, dtype=bool)
        out = np.zeros((m, 4), dtype=np.int64)
        head = ("shot", t if t in self.ruled_turns else 0)
        cache = self.cache
        radix, mult = self.situ_radix
        if mult is not None:   # (packed part by part: as the situations' rows @ mult)
            fits = np.ones(m, dtype=bool)
            packed = np.zeros(m, dtype=np.int64)
            for q, (a, bound, mul) in enumerate(zip(parts, radix, mult)):
                if q in absent:
                    continue
                if q >= 4 and a.dtype != bool:   # (shooter, shot type, target, gun and
                    fits &= a < bound            # yes-or-no parts fit by construction)
                packed += a * mul
        else:
            fits = np.zeros(m, dtype=bool)
        if fits.any():
            fast = np.flatnonzero(fits) if not fits.all() else None
            codes = packed if fast is None else packed[fast]
            tkey = ("shot table",) + head[1:]
            # (the situations met, sorted, each with its row in stores that only grow: a new
            # situation is inserted into the sorted codes, never a resorting of the stores,
            # which cost their size at every miss, most of a sixteen-on-sixteen's time)
            table = cache.get(tkey)
            if table is None:
                table = cache[tkey] = [np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.intp),
                                       np.zeros(64, dtype=bool),
                                       np.zeros((64, 4), dtype=np.int64), 0]
            known, row_of, t_ok, t_out, filled = table
            pos = np.searchsorted(known, codes)
            # (a code past every known one has pos == len(known): compared with the last,
            # which is less, so not a hit; no boolean indexing, slow on mixed masks)
            hit = known.take(np.minimum(pos, len(known) - 1)) == codes if len(known) \
                else np.zeros(len(codes), dtype=bool)
            if not hit.all():   # new situations: the engine's prepare, added to the table
                new, firsts = np.unique(codes[~hit], return_index=True)
                miss = np.flatnonzero(~hit)[firsts]
                if fast is not None:
                    miss = fast[miss]
                end = filled + len(new)
                if end > len(t_ok):
                    cap = max(end, 2 * len(t_ok))
                    t_ok = np.concatenate([t_ok, np.zeros(cap - len(t_ok), dtype=bool)])
                    t_out = np.concatenate([t_out, np.zeros((cap - len(t_out), 4),
                                                            dtype=np.int64)])
                for g, (q, row) in enumerate(zip(miss.tolist(), situ_of(miss))):
                    t_ok[filled + g], t_out[filled + g] = self._prepare_one(
                        t, int(idx[q]), row, number, count)
                at = np.searchsorted(known, new)
                known = np.insert(known, at, new)
                row_of = np.insert(row_of, at, np.arange(filled, end))
                table[:] = known, row_of, t_ok, t_out, end
                pos = np.searchsorted(known, codes)
            rows = row_of.take(pos)
            if fast is None:
                return t_ok[rows], t_out[rows]
            out_ok[fast], out[fast] = t_ok[rows], t_out[rows]
        slow = np.flatnonzero(~fits)
        if len(slow):
            combos, firsts, inv = self._distinct(situ_of(slow))
            ok_u = np.zeros(len(combos), dtype=bool)
            out_u = np.zeros((len(combos), 4), dtype=np.int64)
            raw, width = combos.tobytes(), combos.shape[1] * combos.itemsize
            for g in range(len(combos)):
                ck = head + (raw[g * width:(g + 1) * width],)
                res = cache.get(ck)
                if res is None:
                    res = cache[ck] = self._prepare_one(t, int(idx[slow[firsts[g]]]),
                                                        combos[g], number, count)
                ok_u[g], out_u[g] = res
            out_ok[slow], out[slow] = ok_u[inv], out_u[inv]
        return out_ok, out

    # the situation of a prepared shot (``prepare_many``), packed into one integer: the bits
    # of each part (shooter, shot type, target, gun: as many as the context needs)
    SITU_BITS = (None, 3, None, None, 5, 5, 4, 4, 1, 1, 1, 1, 1, 3, 8, 8, 1, 1, 1)

    @property
    def situ_radix(self) -> tuple[np.ndarray, np.ndarray | None]:
        """(the bound of each part of a situation, the multiplier packing it; None when the
        parts take more than 62 bits)."""
        got = self.cache.get("situ radix")
        if got is None:
            men, guns = max(1, (self.n - 1).bit_length()), max(1, (self.nw - 1).bit_length())
            bits = [b if b is not None else (guns if q == 3 else men)
                    for q, b in enumerate(self.SITU_BITS)]
            radix = np.array([1 << b for b in bits], dtype=np.int64)
            radix[13] = 5   # a band code 0-4 (an exact distance is 1,000,000 or more)
            shift = np.concatenate([[0], np.cumsum(bits[:-1])])
            mult = (np.int64(1) << shift.astype(np.int64)) if sum(bits) <= 62 else None
            got = self.cache["situ radix"] = (radix, mult)
        return got

    def _prepare_one(self, t: int, i: int, combo: np.ndarray, number: int,
                     count: int | None) -> tuple[bool, tuple[int, int, int, int]]:
        """The engine's ``prepare`` of one situation ``combo`` (a row of ``prepare_many``'s
        situations), met in fight ``i``: (fired, (chance, band code, shift, gun))."""
        probe = self.probe
        pf = self.fighters_of(probe)
        j, shot_type = int(combo[0]), tables.SHOT_TYPES[combo[1]]
        kk, gg = int(combo[2]), int(combo[3])
        state = self._state_bytes(i)
        self._read_fighter(i, j, pf[j], state)
        if kk != j:
            self._read_fighter(i, kk, pf[kk], state)
        probe.shots_fired = 0 if combo[18] else 1
        intents = {}
        for who, role, code in ((kk, 1, combo[15]), (j, 0, combo[14])):
            if code:
                intents[self.names[who]] = self.ireg[self.prep_reps(role)[int(code)]]
        planned = PlannedShot(shot_type, self.names[kk], gg, bool(combo[16]), False,
                              bool(combo[17]))
        p = probe.prepare(t, pf[j], planned, number, intents, count=count)
        probe.events.clear()
        if p is None:
            return (False, (0, 0, 0, gg))
        skill = getattr(pf[j].c.skills, p.weapon.wt.skill)
        max_shift = tables.location_shift(shot_type, p.band, skill)
        shift = {"vitals": max_shift, "limbs": -max_shift, "none": 0}[p.aim]
        return (True, (p.chance, BAND_CODES[p.band], shift, gg))

    def yards_key(self, js: np.ndarray, gun: np.ndarray, types: np.ndarray,
                  yards: np.ndarray) -> np.ndarray:
        """What a prepared shot reads of the distance: its Table 14 band for the gun and shot
        (``tables.band_limits``; the chance to hit reads only the band), as a code 0-4; the
        distance itself in hundredths (+ 1,000,000) within 0.01 yards of a band's limit
        (where ``prepare`` rounds it to 2 places), at night (Observation) and under a
        range-band ruling. ``js``, ``gun``, ``types``: shooter, weapon and shot type (index
        into ``tables.SHOT_TYPES``) per distance."""
        if self.sc.night or self.range_rulings:
            return np.round(yards * 100).astype(np.int64) + 1_000_000
        table, ascending = self.limits_table
        lims = table.take((js * self.nw + gun) * len(tables.SHOT_TYPES) + types, axis=0)
        y = yards[:, None]
        beyond = y > lims
        if ascending:   # (the limits passed are the first ones)
            band = rows_sum(beyond, 1)
        else:
            band = rows_argmin(beyond, 1)                  # the first limit not below
            band[rows_all(beyond, 1)] = 4
        near = rows_any(np.abs(y - lims) < 0.01, 1)
        if near.any():
            band[near] = np.round(yards[near] * 100).astype(np.int64) + 1_000_000
        return band

    @property
    def limits_table(self) -> tuple[np.ndarray, bool]:
        """``band_limits`` of every fighter's weapon for every shot type, row
        ``(man * nw + weapon) * shot types + shot type index`` of a (rows, 4) array (a
        padded weapon's limits are all 0: it never fires); and whether every row ascends."""
        got = self.cache.get("limits table")
        if got is None:
            table = np.zeros((self.n, self.nw, len(tables.SHOT_TYPES), 4))
            for j, f in enumerate(self.fighters):
                for g in range(len(f.weapons)):
                    for q, st in enumerate(tables.SHOT_TYPES):
                        table[j, g, q] = self.band_limits(j, g, st)
            table = table.reshape(-1, 4)
            got = self.cache["limits table"] = (table, bool((np.diff(table, axis=1) >= 0).all()))
        return got

    def band_limits(self, j: int, gun: int, shot_type: str) -> tuple[float, ...]:
        """``tables.band_limits`` of fighter ``j``'s weapon ``gun`` for ``shot_type``."""
        key = ("limits", j, gun, shot_type)
        got = self.cache.get(key)
        if got is None:
            got = self.cache[key] = tables.band_limits(self.fighters[j].weapons[gun].wt,
                                                       shot_type)
        return got

    def prep_table(self, role: int) -> np.ndarray:
        """What ``BootHillFight.prepare`` reads of each registered intent, as a code per
        intent id (0: no intent; the array may run past the registry, unfilled there): as
        the shooter's (``role`` 0) his gait and aim, as the target's (1) his gait and whether
        he drops prone. Intents that differ only in what a shot's preparation does not read
        (the shot list, the draw, the target) share a code, so the prepared shots are kept
        per code, not per intent. Worked out once per intent, for the intents registered
        since the last call, into an array of twice the size at least."""
        reg = self.cache.get(("prep codes", role))
        if reg is None:
            reg = self.cache[("prep codes", role)] = {None: 0}
            self.cache[("prep reps", role)] = [0]
        reps = self.cache[("prep reps", role)]
        size = len(self.ireg)
        table, done = self.cache.get(("prep table", role), (np.zeros(0, dtype=np.int64), 0))
        if done < size:
            table = _grown(table, size, 0, np.int64)
            for x in range(max(done, 1), size):   # (id 0: no intent, code 0)
                it = self.ireg[x]
                mv = it.move
                proj = (mv.gait if mv else None, it.aim) if role == 0 else \
                    (mv.gait if mv else None, bool(mv and mv.drop_prone))
                c = reg.get(proj)
                if c is None:
                    c = reg[proj] = len(reps)
                    reps.append(x)
                table[x] = c
            self.cache[("prep table", role)] = (table, size)
        return table

    def prep_reps(self, role: int) -> list[int]:
        """An intent id of each ``prep_table`` code (index 0: none)."""
        return self.cache[("prep reps", role)]

    def resolve_layers(self, t: int, idx: np.ndarray, js: np.ndarray, k: np.ndarray,
                       prep: np.ndarray) -> None:
        """``resolve_rows`` for shots fired at one moment, given in fight order (a fight's
        shooters in the order their shots land): in layers in which each fight has one shot,
        its first shot in the first layer, the next in the second, and so on."""
        m = len(idx)
        if not m:
            return
        new = np.empty(m, dtype=bool)
        new[0] = True
        np.not_equal(idx[1:], idx[:-1], out=new[1:])
        if new.all():
            self.resolve_rows(t, idx, js, k, prep)
            return
        at = np.arange(m)
        rank = at - np.maximum.accumulate(np.where(new, at, 0))
        for r in range(int(rank.max()) + 1):
            sel = np.flatnonzero(rank == r)
            self.resolve_rows(t, idx.take(sel), js.take(sel), k.take(sel),
                              prep.take(sel, axis=0))

    def resolve(self, t: int, idx: np.ndarray, j: int, k: np.ndarray, gun: int,
                shot_type: str, prep: np.ndarray) -> None:
        """``resolve_rows`` for shooter ``j``'s weapon ``gun`` in each fight ``idx``."""
        prep = prep.copy()
        prep[:, 3] = gun
        self.resolve_rows(t, idx, np.full(len(idx), j), k, prep)

    def resolve_rows(self, t: int, idx: np.ndarray, js: np.ndarray, k: np.ndarray,
                     prep: np.ndarray) -> None:
        """``BootHillFight.resolve`` for a shot in each fight ``idx`` (each fight once) by
        shooter ``js`` at ``k`` with the prepared shot ``prep`` (chance to hit, band code,
        location shift, weapon): the d20, 1 and 20 (B4), misfires (B5), Luck checks, then the
        hit."""
        m = len(idx)
        if not m:
            return
        wt_ = self.weapon_table
        guns = prep[:, 3]
        chance, band, shift = prep[:, 0], prep[:, 1], prep[:, 2]
        roll = self.d(20, m)
        wrow = (idx * self.n + js) * self.nw + guns
        held = self.W2[wrow, W_LOADED]
        misfire = np.zeros(m, dtype=np.int64)
        r20 = roll == 20
        if r20.any():
            checks = r20 & wt_["firearm"][js, guns]
            if checks.any():
                if self.house.misfire_on_20 == "luck":  # a Luck check first (house rule)
                    checks[checks] = self.d(20, int(checks.sum())) > self.luck[js[checks]]
                if checks.any():
                    misfire[checks] = wt_["misfire"][js[checks], guns[checks],
                                                     self.d(20, int(checks.sum()))]
            misfire[(misfire == MIS_EXPLOSION) & (held == 1)] = MIS_NONE
        # a 20 that neither duds nor explodes (no misfire, or a jam) still hits at a chance
        # of 20 or more when the Luck check is made (B4; the engine's ``resolve``)
        luck_20 = r20 & ((misfire == MIS_NONE) | (misfire == MIS_JAM)) & (chance >= 20)
        luck_1 = (roll == 1) & (chance < 1)
        luck = luck_20 | luck_1
        # (the plain rolls first, in one pass: no plain roll is a Luck check's, below)
        hit = (roll <= chance) & ~r20 & ~luck_1
        if luck.any():
            hit[luck] = self.d(20, int(luck.sum())) <= self.luck[js[luck]]
        loaded = held - 1
        loaded[misfire == MIS_EXPLOSION] = 0
        self.W2[wrow, W_LOADED] = loaded
        if r20.any():
            dud = (misfire == MIS_DUD) & wt_["muzzle"][js, guns]
            self.W[idx[dud], js[dud], guns[dud], W_USELESS] = 1
            jam = misfire == MIS_JAM
            self.W[idx[jam], js[jam], guns[jam], W_JAMMED] = JAM_SECONDS
        self.F[idx, F_FIRED] += 1
        at = (idx * self.n + js) * N_COLS
        self.Sf[at + C_SHOTS] += 1
        self.Sf[at[hit] + C_HITS] += 1
        boom = misfire == MIS_EXPLOSION
        if boom.any():
            b = idx[boom]
            extra = np.where(held[boom] >= 4, 1, 0)
            self.wound(t, b, js[boom], self.gun_loc[js[boom]], extra)
        if hit.any():   # (the hits' rows by one index: faster than a mask, six times)
            h = np.flatnonzero(hit)
            self.resolve_hit(t, idx.take(h), js.take(h), k.take(h), guns.take(h),
                             band.take(h), shift.take(h))

    @property
    def weapon_table(self) -> dict[str, np.ndarray]:
        """Per (man, weapon) what ``resolve_rows`` reads of the weapon type: a firearm, its
        Table 10 misfire row by d20 (0 unused), a muzzle loader, a shotgun, its wound
        modifier (Table 12)."""
        got = self.cache.get("weapon table")
        if got is None:
            n, nw = self.n, self.nw
            got = {"firearm": np.zeros((n, nw), dtype=bool),
                   "misfire": np.zeros((n, nw, 21), dtype=np.int64),
                   "muzzle": np.zeros((n, nw), dtype=bool),
                   "shotgun": np.zeros((n, nw), dtype=bool),
                   "wound_modifier": np.zeros((n, nw), dtype=np.int64)}
            for j, f in enumerate(self.fighters):
                for g, ws in enumerate(f.weapons):
                    wt = ws.wt
                    got["firearm"][j, g] = wt.is_firearm
                    if wt.is_firearm:
                        got["misfire"][j, g] = self.t.misfire[wt.misfire]
                    got["muzzle"][j, g] = wt.misfire == "muzzle_loader"
                    got["shotgun"][j, g] = wt.is_shotgun
                    got["wound_modifier"][j, g] = wt.wound_modifier
            self.cache["weapon table"] = got
        return got

    def resolve_hit(self, t: int, idx: np.ndarray, js: np.ndarray, k: np.ndarray,
                    guns: np.ndarray, band: np.ndarray, shift: np.ndarray) -> None:
        """Pellets (Table 9), then each ball's location (Table 11, B6), cover (B10), wound."""
        m = len(idx)
        wt_ = self.weapon_table
        balls = np.ones(m, dtype=np.int64)
        shotgun = wt_["shotgun"][js, guns]
        if shotgun.any():
            balls[shotgun] = self.t.pellets[band[shotgun], self.d(6, int(shotgun.sum()))]
        wmod = wt_["wound_modifier"][js, guns]
        for b in range(int(balls.max()) if m else 0):
            go = (balls > b) & (self.Sf.take((idx * self.n + k) * N_COLS + C_COND) != DEAD)
            if go.all():
                self.locate_and_wound(t, idx, js, k, wmod, shift)
                continue
            if not go.any():
                break
            q = np.flatnonzero(go)
            self.locate_and_wound(t, idx.take(q), js.take(q), k.take(q), wmod.take(q),
                                  shift.take(q))

    def locate_and_wound(self, t: int, idx: np.ndarray, js: np.ndarray, k: np.ndarray,
                         wmod: np.ndarray, shift: np.ndarray) -> None:
        """A ball's location (Table 11 with the shift), cover (B10; none against a shooter
        ``js`` at the same landmark or within ``open_yards``, ruled: BN7), then the wound with
        the weapon's wound modifier ``wmod`` (per fight)."""
        m = len(idx)
        total = np.clip(self.d(20, m) + shift, 1, 20)
        loc = self.t.location[total]
        cover_ids = self.Sf.take((idx * self.n + k) * N_COLS + C_COVER)
        extra = wmod.astype(np.int64)   # (a copy)
        if cover_ids.any():
            # ruled: BN7 (``BootHillFight.bare``): nothing between them
            rj, rk = (idx * self.n + js) * N_COLS, (idx * self.n + k) * N_COLS
            lj, lk = self.Sf.take(rj + C_LANDMARK), self.Sf.take(rk + C_LANDMARK)
            d = self.P2.take(idx * self.n + js, axis=0) - self.P2.take(idx * self.n + k, axis=0)
            bare = ((lj != 0) & (lj == lk)) | (np.hypot(d[:, 0], d[:, 1])
                                               <= self.open_yards + 1e-9)
            if bare.any():
                cover_ids = np.where(bare, 0, cover_ids)
        if cover_ids.any():
            stopped = np.zeros(m, dtype=bool)
            for cid in np.unique(cover_ids):
                cover = self.covers[cid]
                if cover is None:
                    continue
                at = cover_ids == cid
                covered = at & np.isin(loc, [tables.LOCATIONS.index(x)
                                             for x in cover.locations])
                if not covered.any():
                    continue
                if cover.kind == "solid":
                    stopped |= covered
                elif cover.kind == "sporadic":
                    lr = self.d(20, int(covered.sum()))
                    st = np.zeros(m, dtype=bool)
                    st[covered] = lr <= self.luck[k[covered]]
                    stopped |= st
                elif cover.kind == "light":
                    extra[covered] -= cover.reduction
            if stopped.any():
                go = ~stopped
                idx, k, loc, extra = idx[go], k[go], loc[go], extra[go]
        if len(idx):
            self.wound(t, idx, k, loc, extra)

    def wound(self, t: int, idx: np.ndarray, k: np.ndarray, loc: np.ndarray,
              extra: np.ndarray) -> None:
        """Severity (Table 12, B7), mortal wounds (B8), wound points, passing out."""
        m = len(idx)
        s = self.S
        total = self.d(6, m) + self.t.sev_loc[loc] + extra
        sev = self.t.severity[np.clip(total + SEV_OFFSET, 0, 2 * SEV_OFFSET)]
        wp = np.maximum(0, total)
        mortal = sev == SEV_MORTAL
        if mortal.any():
            mi = np.flatnonzero(mortal)
            kk = k[mi]
            saved = self.d(20, len(mi)) <= self.luck[kk]
            sev[mi[saved]] = SEV_LIGHT
            wp[mi[saved]] = 1
            rest = mi[~saved]
            if len(rest):
                kr = k[rest]
                sr = self.d(20, len(rest))
                killed = sr > self.str_[kr]
                s[idx[rest[killed]], kr[killed], C_COND] = DEAD
                dy = rest[~killed]
                if len(dy):
                    kd = k[dy]
                    diff = self.str_[kd] - sr[~killed]
                    s[idx[dy], kd, C_COND] = DYING
                    soon = self.t.dying_turns[diff]
                    if soon.any():
                        turns = np.where(self.d(6, int(soon.sum())) <= 3, 1, 2)
                        s[idx[dy[soon]], kd[soon], C_DIES_AFTER] = t + turns
        counts = sev != SEV_SCRATCH
        wp = np.where(counts, wp, 0)
        cat = self.cat[k, loc]
        light = counts & (sev == SEV_LIGHT)
        serious = counts & (sev == SEV_SERIOUS)
        sf = self.Sf
        at = (idx * self.n + k) * N_COLS
        sf[at + C_WP] += wp
        sf[at + C_LIGHT] += light
        sf[at + C_SERIOUS] += serious
        for col, sev_of, c in ((C_GUN_SER, serious, CAT_GUN), (C_OFF_SER, serious, CAT_OFF),
                               (C_LL_L, light, CAT_LL), (C_LL_S, serious, CAT_LL),
                               (C_RL_L, light, CAT_RL), (C_RL_S, serious, CAT_RL)):
            sel = sev_of & (cat == c)
            if sel.any():
                sf[at[sel] + col] += 1
        cond = sf[at + C_COND]
        out = (cond == ACTIVE) & (sf[at + C_WP] > self.str_[k])
        sf[at[out] + C_COND] = PASSED_OUT
        cond[out] = PASSED_OUT
        sf[at[cond != ACTIVE] + C_MOUNTED] = 0

    # -------------------------------------------------------------- shootout turn
    def _plan_tables(self) -> None:
        """Arrays over every registered plan: action kind (0 draw, 1 shot, -1 past the end),
        Table 5 counts, shot type, length, draw (1 fast, 2 normal, 0 none)."""
        if self.plan_tables_for == len(self.plans):
            return
        width = max(len(p) for p in self.plans) + 1
        n = len(self.plans)
        # (kinds, counts, lengths and last draws int32, as the state's columns they are
        # added to and compared with: NumPy casts neither side to int64 then)
        self.pk = np.full((n, width), -1, dtype=np.int32)
        self.pc = np.zeros((n, width), dtype=np.int32)
        self.pt = np.zeros((n, width), dtype=np.int64)
        self.plen = np.array([len(p) for p in self.plans], dtype=np.int32)
        self.pdraw = np.zeros(n, dtype=np.int64)
        self.plast_draw = np.array([max((a for a, act in enumerate(plan) if act.kind == "draw"),
                                        default=-1) for plan in self.plans], dtype=np.int32)
        for q, plan in enumerate(self.plans):
            for a, act in enumerate(plan):
                self.pk[q, a] = 0 if act.kind == "draw" else 1
                if act.kind == "shot":
                    self.pc[q, a] = tables.shot_counts(act.shot_type)
                    self.pt[q, a] = tables.SHOT_TYPES.index(act.shot_type)
            if plan and plan[0].kind == "draw":
                self.pdraw[q] = 1 if plan[0].draw == "fast" else 2
        # (flat, for ``plan * pwidth + place``: a gather 2-3x faster than pk[plan, place]; a
        # man's place in his queue never passes its end, len(plan) < width)
        self.pwidth, self.pkf, self.pcf = width, self.pk.reshape(-1), self.pc.reshape(-1)
        self.plan_tables_for = n

    def shootout_turn(self, t: int, idx: np.ndarray, plans: np.ndarray) -> None:
        """``ShootoutTurns.shootout_turn``: six counts; draws, then shots by speed (B13-B15)."""
        s = self.S
        self._t = t
        self._plan_tables()
        fresh = self.F[idx, F_LAST_KIND] != KIND_SHOOTOUT
        new = idx[fresh]
        s[new, :, C_CURSOR] = 0
        s[new, :, C_PLAN] = 0
        s[new, :, C_QI] = 0
        s[new, :, C_QEXTRA] = 0
        s[idx[~fresh], :, C_CURSOR] -= 6
        acts = tables.combat()["shootout_actions"]
        sm = tables.combat()["speed_modifiers"]
        for j in range(self.n):
            empty = s[idx, j, C_QI] >= self.plen[s[idx, j, C_PLAN]]
            s[idx[empty], j, C_CURSOR] = np.maximum(s[idx[empty], j, C_CURSOR], 0)
            given = plans[:, j, 0] >= 0
            if given.any():
                g = idx[given]
                s[g, j, C_PLAN] = plans[given, j, 0]
                s[g, j, C_QI] = 0
                s[g, j, C_QEXTRA] = 0
                s[g, j, C_QTARGET] = plans[given, j, 1]
                s[g, j, C_CUR_W] = plans[given, j, 2]
                s[g, j, C_DRAWN] = plans[given, j, 3]
        self._plan_tables()
        # the fights where a man up has a draw still queued: only they can start one later in
        # the turn (a queue only moves on within a turn; plans are set above)
        drawing = self.drawing(idx)
        self.start_draws(drawing, 0, acts)
        drawing = self.drawing(drawing)
        busy = idx   # (the fights where a man up has an action left: none come later)
        for c in range(1, 7):
            busy = self.run_count(t, c, busy, sm, acts)
            if len(drawing):
                mark = np.zeros(len(self.S), dtype=bool)
                mark[drawing] = True
                self.start_draws(busy[mark[busy]], c, acts)
                drawing = self.drawing(drawing)
        for j in range(self.n):
            down = idx[s[idx, j, C_COND] != ACTIVE]
            s[down, j, C_QI] = self.plen[s[down, j, C_PLAN]]
            s[down, j, C_QEXTRA] = 0

    def static_speed(self, j: int, gun: int, iid: int) -> int:
        """The part of a speed (Table 6) that is neither the base nor wounds: gait, surprise,
        the weapon's class; from the engine's ``speed``."""
        key = ("speed", j, gun, iid)
        v = self.cache.get(key)
        if v is None:
            f = self.rep.fighters[self.names[j]]
            f.wounds, f.fresh_draw, f.current_weapon = [], False, gun
            intents = {f.name: self.ireg[iid]} if iid else {}
            note = self.rep.speed(f, Action("shot", "hip"), intents)
            v = self.cache[key] = note.speed - f.c.attributes.coo
        return v

    def drawing(self, idx: np.ndarray) -> np.ndarray:
        """The fights of ``idx`` (in their order) where a man up has a draw at or after his
        queue's place: the only fights where ``start_draws`` can find a draw due."""
        s = self.S.take(idx, axis=0)
        pending = (s[:, :, C_COND] == ACTIVE) \
            & (s[:, :, C_QI] <= self.plast_draw[s[:, :, C_PLAN]])
        return idx[rows_any(pending, 1)]

    def start_draws(self, idx: np.ndarray, c: int, acts: dict) -> None:
        """``ShootoutTurns.start_draws``: a draw starts when the cursor reaches it (every man
        of the fights ``idx`` at once, in the fighters' order, until no draw is due)."""
        while len(idx):
            s = self.S.take(idx, axis=0)
            plan = s[:, :, C_PLAN]
            due = (s[:, :, C_COND] == ACTIVE) \
                & (self.pkf.take(plan * self.pwidth + s[:, :, C_QI]) == 0) \
                & (s[:, :, C_CURSOR] <= c)
            rows = rows_any(due, 1)
            if not rows.any():
                return
            idx, due, plan = idx[rows], due[rows], plan[rows]
            for j in np.flatnonzero(due.any(axis=0)).tolist():
                self._draws(idx, j, due[:, j], self.pdraw[plan[:, j]] == 1, acts)

    def _draws(self, idx: np.ndarray, j: int, m: np.ndarray, fast: np.ndarray,
               acts: dict) -> None:
        """Fighter ``j``'s draws starting in the fights ``idx[m]`` (``fast``: a fast draw,
        the Fast Draw roll: 000 l.211-221, Table 5, errata B13)."""
        s = self.S
        skill = self.fighters[j].c.skills.fast_draw
        fast = m & fast
        ii = idx[fast]
        if len(ii):
            roll = self.d(20, len(ii))
            ok = roll <= skill
            r20 = roll == 20
            if skill >= 20:
                ok[r20] = self.d(20, int(r20.sum())) <= self.luck[j]
            else:
                ok[r20] = False
            s[ii, j, C_CURSOR] += np.where(ok, acts["fast_draw_success"],
                                           acts["fast_draw_failed"])
            good = ii[ok]
            s[good, j, C_FD_SPEED] = roll[ok] + max(0, skill - 20)
            if self.house.failed_fast_draw_ready:
                s[ii[~ok], j, C_FD_SPEED] = -1
                good = ii
            s[good, j, C_DRAWN] = 1
            s[good, j, C_FRESH] = 1
            s[good, j, C_QI] += 1
        ii = idx[m & ~fast]
        if len(ii):
            s[ii, j, C_CURSOR] += acts["normal_draw"]
            s[ii, j, C_DRAWN] = 1
            s[ii, j, C_FRESH] = 1
            s[ii, j, C_FD_SPEED] = -1
            s[ii, j, C_QI] += 1

    def run_count(self, t: int, c: int, idx: np.ndarray, sm: dict, acts: dict) -> np.ndarray:
        """``ShootoutTurns.run_count``: who acts on count ``c``, fastest first, equal speeds
        together against the state before either shot lands (B14). Every man of every fight
        at once, as (fight, man) arrays; only the fights with a shot due on the count go on.

        Returns the fights of ``idx`` where a man up has an action (a draw or a shot) left at
        the start of the count: the others have none left this turn."""
        s = self.S.take(idx, axis=0)   # (the fights' rows at once: one gather)
        at = s[:, :, C_PLAN].astype(np.intp)   # (indices as NumPy takes them: one cast)
        at *= self.pwidth
        at += s[:, :, C_QI]
        kind = self.pkf.take(at)
        cond = s[:, :, C_COND]
        left = (cond == ACTIVE) & (kind >= 0)
        counts = self.pcf.take(at)   # (int32, as the columns added to it)
        counts += s[:, :, C_QEXTRA]
        if self.house.weapon_speed_counts:  # a fresh draw's weapon speed (house rule)
            fresh = s[:, :, C_FRESH]
            if fresh.any():   # (a flat gather: (man, gun in hand) at man * nw + gun)
                counts += fresh * self.speed_table.reshape(-1).take(
                    self.men * self.nw + s[:, :, C_CUR_W])
        due = left & (kind == 1) & (s[:, :, C_CURSOR] + counts <= c)
        busy = rows_any(left, 1)
        busy = idx if busy.all() else idx[busy]
        some = rows_any(due, 1)
        if not some.any():
            return busy
        qtarget = s[:, :, C_QTARGET]
        if not some.all():
            idx, due, cond, qtarget = idx[some], due[some], cond[some], qtarget[some]
        gone = due & (np.take_along_axis(cond, qtarget, axis=1) != ACTIVE)
        if gone.any():
            for j in np.flatnonzero(gone.any(axis=0)).tolist():
                self.retarget(idx[gone[:, j]], j, acts)
            due &= ~gone
        r, js = np.nonzero(due)
        if not len(r):
            return busy
        ii = idx[r]
        sij = self.S2.take(ii * self.n + js, axis=0)
        base = np.where((sij[:, C_FRESH] == 1) & (sij[:, C_FD_SPEED] >= 0), sij[:, C_FD_SPEED],
                        self.coo[js])
        code = self.IID[ii, js] * self.nw + sij[:, C_CUR_W]
        static = np.empty(len(r), dtype=np.int64)
        for j in np.unique(js).tolist():
            sel = js == j
            static[sel] = self.per_intent(j, code[sel], lambda j, c: self.static_speed(
                j, c % self.nw, c // self.nw), "static speed", size=len(self.ireg) * self.nw)
        speed = (base + static + sij[:, C_LIGHT] * sm["light_wound"]
                 + sij[:, C_SERIOUS] * sm["serious_wound"])
        # each shot's moment in its fight: 0 for the fastest speed there, 1 for the next...
        # by fight, fastest first, then fighters (as np.lexsort((js, -speed, r)): one key,
        # unique per shot, sorted once)
        slow = (speed.max() - speed).astype(np.int64)
        order = np.argsort((r * (int(slow.max()) + 1) + slow) * self.n + js)
        r_all, js_all, speed = r[order], js[order], speed[order]
        at = np.arange(len(r_all))
        step = np.empty(len(r_all), dtype=bool)
        step[0] = True
        np.not_equal(speed[1:], speed[:-1], out=step[1:])
        fight_start = np.empty(len(r_all), dtype=bool)
        fight_start[0] = True
        np.not_equal(r_all[1:], r_all[:-1], out=fight_start[1:])
        step |= fight_start
        levels = np.cumsum(step)
        moment = levels - levels[np.maximum.accumulate(np.where(fight_start, at, 0))]
        # (rows picked by integer indices throughout: a boolean mask of mixed values picks
        # several times slower)
        for level in range(int(moment.max()) + 1):
            sel = np.flatnonzero(moment == level)
            rr, jj = r_all.take(sel), js_all.take(sel)
            ii = idx.take(rr)
            up = self.Sf.take((ii * self.n + jj) * N_COLS + C_COND) == ACTIVE
            if not up.all():   # (a man downed by an earlier shot: no shot)
                q = np.flatnonzero(up)
                ii, js = ii.take(q), jj.take(q)
            else:
                js = jj
            if not len(ii):
                continue
            sij = self.S2.take(ii * self.n + js, axis=0)
            gone = self.Sf.take((ii * self.n + sij[:, C_QTARGET]) * N_COLS + C_COND) != ACTIVE
            if gone.any():
                for j in np.unique(js[gone]).tolist():
                    self.retarget(ii[gone & (js == j)], j, acts)
                q = np.flatnonzero(~gone)
                ii, js = ii.take(q), js.take(q)
                if not len(ii):
                    continue
                sij = self.S2.take(ii * self.n + js, axis=0)
            # every shot of this moment prepared at once (a retarget changes only the
            # shooter's own queue, which no preparation reads), then resolved in fight order
            types = self.pt[sij[:, C_PLAN], sij[:, C_QI]]
            k = sij[:, C_QTARGET]
            ok, p = self.prepare_many(t, ii, js, k, types, 1, count=c, sj=sij)
            ok &= (types != FANNED) | self.revolvers[js, p[:, 3]]  # (fanning: a revolver)
            at = (ii * self.n + js) * N_COLS
            sf = self.Sf
            sf[at + C_QI] += 1
            sf[at + C_QEXTRA] = 0
            sf[at + C_CURSOR] = c
            sf[at + C_FRESH] = 0
            q = np.flatnonzero(ok)
            self.resolve_layers(t, ii.take(q), js.take(q), k.take(q), p.take(q, axis=0))
        return busy

    def _listed(self, j: int, it: Intent) -> int:
        """The one target an intent lists (his index), -1 for none, -2 for several."""
        listed = targets_of(it)
        return -1 if not listed else self.index[listed[0]] if len(listed) == 1 else -2

    def retarget_rows(self, t: int, ii: np.ndarray, j: int, old: np.ndarray,
                      alone: np.ndarray, shot_type: str | np.ndarray, kind,
                      listed: list[tuple[str, ...]] | None = None,
                      off_hand: np.ndarray | None = None) -> np.ndarray:
        """``retarget_one`` in each fight ``ii`` (old targets ``old``): vectorised
        (``VecTactics.retarget``, once per shot type) where the shooter listed his old target
        alone (``alone``) and fires from his gun hand, else one by one (``listed``: each
        fight's listed targets, None: his intent's). ``shot_type``: one for all, or an index
        into ``tables.SHOT_TYPES`` per fight; ``off_hand``: per fight, the shot is fired from
        the off hand (None: from the gun hand in every fight)."""
        new = np.full(len(ii), -1)
        types = np.full(len(ii), tables.SHOT_TYPES.index(shot_type)) \
            if isinstance(shot_type, str) else shot_type
        # every other man down (the usual end of a fight): nobody, without asking anyone
        others = np.delete(self.S[ii, :, C_COND], j, axis=1)
        rest = ~rows_all(others != ACTIVE, 1) | ~alone
        alone = alone & rest
        if off_hand is not None:
            alone &= ~off_hand   # (the off hand's chance to hit: the engine's, one by one)
        self._t = t   # (the turn the vectorised retarget prepares its shots in)
        vec = self.vec
        if vec is not None and not vec.reasons and alone.any():
            for st in np.unique(types[alone]).tolist():
                sel = np.flatnonzero(alone & (types == st))
                got, ok = vec.retarget(self, ii[sel], j, tables.SHOT_TYPES[st])
                new[sel[ok]] = got[ok]
                rest[sel[ok]] = False
        gun = self.S[ii, j, C_CUR_W]
        for q in np.flatnonzero(rest).tolist():
            new[q] = self.retarget_one(t, int(ii[q]), j, int(old[q]),
                                       tables.SHOT_TYPES[types[q]], int(gun[q]), kind,
                                       None if listed is None else listed[q],
                                       off_hand is not None and bool(off_hand[q]))
        return new

    def retarget_one(self, t: int, i: int, j: int, old: int, shot_type: str, gun: int,
                     kind, listed: tuple[str, ...] | None = None,
                     off_hand: bool = False) -> int:
        """``BootHillFight.retarget`` in fight ``i``: the next target listed who is up, in
        reach and hittable (a chance to hit above the natural-1 floor, with the turn's
        intents and ``off_hand``), else the most dangerous such enemy (-1: nobody). When
        every other man is down (the usual end of a fight) that is nobody, without asking
        the engine."""
        if listed is None:
            it = self.ireg[int(self.IID[i, j])]
            listed = tuple(targets_of(it)) if it is not None else ()
        cond = self.S[i, :, C_COND].tolist()
        if all(c != ACTIVE for k, c in enumerate(cond) if k != j) \
                and self.names[j] not in listed:
            return -1
        probe = self.probe
        self._set_rep(probe, i)
        f = self.fighters_of(probe)[j]
        f.current_weapon = gun
        planned = PlannedShot(shot_type, self.names[old], gun, off_hand, listed=listed)
        intents = {}
        for x, iid in enumerate(self.IID[i].tolist()):
            it = self.ireg[iid]
            if it is not None:
                intents[self.names[x]] = it
        new = probe.retarget(t, f, self.names[old], planned, kind, None, [], intents)
        probe.events.clear()
        return -1 if new is None else self.index[new]

    def retarget(self, ii: np.ndarray, j: int, acts: dict) -> None:
        """``ShootoutTurns.switch``: the shot's target is down: he turns on another
        (``retarget_one``), one count later (Table 5); nobody left: his shots are dropped."""
        s = self.S
        new = np.full(len(ii), -1)
        old = s[ii, j, C_QTARGET]
        action = s[ii, j, C_PLAN] * 1000 + s[ii, j, C_QI]
        alone = np.zeros(len(ii), dtype=bool)
        types = np.zeros(len(ii), dtype=np.int64)
        listed_of: list = [()] * len(ii)
        off = np.zeros(len(ii), dtype=bool)
        for code in np.unique(action).tolist():
            rows = np.flatnonzero(action == code)
            a = self.plans[code // 1000][code % 1000]
            listed = a.volley[0].listed
            names = [self.index[x] for x in listed]
            alone[rows] = (not names) if len(names) != 1 else old[rows] == names[0]
            types[rows] = tables.SHOT_TYPES.index(a.shot_type)
            off[rows] = a.volley[0].off_hand
            for q in rows.tolist():
                listed_of[q] = listed
        new[:] = self.retarget_rows(self._t, ii, j, old, alone, types, SHOOTOUT, listed_of,
                                    off)
        none = new < 0
        s[ii[none], j, C_QI] = self.plen[s[ii[none], j, C_PLAN]]
        s[ii[none], j, C_QEXTRA] = 0
        some = ~none
        s[ii[some], j, C_QTARGET] = new[some]
        s[ii[some], j, C_QEXTRA] += SHOOTOUT.switch_counts

    # -------------------------------------------------------------- results
    def tally(self, tally_cls):
        """The odds' integer counts (``narrator.batch.Tally``) of every fight."""
        s, F = self.S, self.F
        out = tally_cls.from_arrays(
            sides=self.sides, side_of=self.side_idx, names=self.names, cond=s[:, :, C_COND],
            active=ACTIVE, labels={PASSED_OUT: "passed_out", DYING: "dying", DEAD: "dead"},
            wounded=(s[:, :, C_LIGHT] + s[:, :, C_SERIOUS]) > 0, turns=F[:, F_TURNS],
            seconds=F[:, F_SECONDS], shots=s[:, :, C_SHOTS], hits=s[:, :, C_HITS])
        out.handed = dict(self.handed)
        return out


def run_kernel(ctx: KernelContext, trials: int, seed: int, stream: int = 0, tally_cls=None):
    """Fight ``trials`` fights of the context's scenario at once and return their tally
    (``narrator.kernel_base.run_kernel``, which see): a ``Tally`` (trials, wins, turns,
    seconds, outcomes, shots, hits).

    Raises:
        Uncovered: the scenario uses something the kernel does not cover.
    """
    from narrator import kernel_base
    return kernel_base.run_kernel(_Kernel, not_covered, ctx, trials, seed, stream, tally_cls)
