"""A vectorised Monte Carlo kernel for Violence odds: thousands of fights advance together.

``narrator odds`` asks many fights of one scenario how they end; the engine
(``fight.ViolenceFight``) fights them one by one and records every event. This kernel fights
them all at once, round by round, and keeps only what the odds need (``narrator.batch.Tally``).

How it stays the same rules as the engine:

* Everything decided rather than rolled is decided by the engine's own code. At the start of
  each round the fights still going are grouped by the state that the decisions read (who is
  still in the fight, positions, cover, rounds loaded and spare, who is locked in a melee,
  whether anyone has fired, which sides a lawman has called on); for each group one
  representative ``ViolenceFight`` is set to that state and asked for the round's intents
  (``complete_intents``: the declared intents and the tactics profiles), kept per state. What
  an intent names (its gun, its targets expanded from a side or group, the melee weapon) is
  resolved by the engine's ``gun``, ``expand`` and ``melee_arms``; the band a GM ruling fixes
  by its ``band_between``.
* Everything rolled is rolled here, with NumPy, for every fight at once, through lookup
  arrays built by calling ``rules``' functions on every die face and total (``shot_hits``,
  ``shooting_modifiers``, ``injury_modifiers``, ``injury_result``, ``snipe_hits``,
  ``SnipeConditions``, ``melee_weapon_modifiers``, ``melee_outcome``, ``suppression_effect``,
  ``suppression_hits``, ``morale_routs``, ``after_fight_modifiers``, ``after_fight_result``,
  ``advantage``, ``still_enough``, ``band``) and the die sizes of ``data/rules.toml``: a change
  to a data file reaches the engine and the kernel alike. The order of a round follows the
  engine's (003 l.5-9): the surprising side first, then initiative; each man's turn is his
  melee, or the suppression test, his move and his action; morale is settled after each turn;
  the after-fight rolls when one side is left or the rounds run out.

Initiative (003 l.5-9; a d20 per character or group, highest first, ties rolled again) is a
d20 per unit with a uniform tie-break: the engine's rerolls among the tied give each order of
the units the same chance, and so does this. Which of several suppressors hits (the engine's
dice pick them one by one) is a uniformly random order of them here, as there.

The kernel's fights are not the engine's fights seed for seed (its dice are NumPy streams); they
agree in distribution, which ``tests/test_violence_kernel.py`` checks with the statistical test
of ``tests/test_kernel.py``.

What it does not cover raises ``Uncovered`` (before any fight, from ``not_covered``; or when a
fight meets it), and ``odds`` then fights the scenario with the engine and says why.

May import: numpy, narrator.rulesets.violence.*, narrator.ruleset (Uncovered), narrator.rows,
narrator.kernel_base.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from narrator import kernel_base
from narrator.ruleset import Uncovered
from narrator.rows import rows_any, rows_argmax, rows_cumsum, rows_sum
from narrator.rulesets.violence import rules
from narrator.rulesets.violence.fight import ViolenceFight, profile_of
from narrator.rulesets.violence.scenario import ACTIONS, Intent, Scenario
from narrator.rulesets.violence.state import CONDITIONS, Melee
from narrator.rulesets.violence.tables import BANDS, CALIBRES
from narrator.rulesets.violence.tables import rules as numbers

ACTIVE, DOWN, SUBDUED, FLED, SURRENDERED, DEAD, CRITICAL = (
    CONDITIONS.index(c) for c in ("active", "down", "subdued", "fled", "surrendered", "dead",
                                  "critically_injured"))
NONE, SHOOT, SNIPE, SUPPRESS, MELEE, RELOAD = (0,) + tuple(ACTIONS.index(a) + 1 for a in (
    "shoot", "snipe", "suppress", "melee", "reload"))
TO = ("kill", "subdue")          # what a man announces in a melee (003 l.38), as codes 0, 1
OUTCOMES = ("both_injured", "both_injured_low_down", "low_down")   # rules.melee_outcome
METHODS = ("regular", "twelve", "automatic")                       # rules.SnipeConditions
MAX_MEN = 62        # suppression targets are kept as bits of one int64 per suppressor
MAX_INJURIES = 60   # the injury and after-fight tables' first rows (more: they grow)
CACHE_BYTES = 200_000_000  # about how much the decision cache of one scenario may hold


class _NoDice:
    """The representative fights decide; they never roll."""

    rolls: list = []

    def roll(self, who: str, purpose: str, sides: int) -> int:
        raise Uncovered(f"a {purpose.replace('_', ' ')} roll outside the kernel")


# ---------------------------------------------------------------------- what is covered
def not_covered(scenario: Scenario, tables_only: bool = False) -> list[str]:
    """The reasons the kernel cannot fight ``scenario`` at all (empty: it can try): another
    ruleset, more than ``MAX_MEN`` characters. (A man with more Injuries than the tables'
    rows, ``MAX_INJURIES`` at first, makes them grow: ``_Tables.grow``.)
    """
    if scenario.ruleset != "violence":
        return [f"the {scenario.ruleset} ruleset"]
    men = sum(len(chars) for chars in scenario.sides.values())
    if men > MAX_MEN:
        return [f"more than {MAX_MEN} characters"]
    return []


# ---------------------------------------------------------------------- lookup arrays
def _faces(fn, lo: int, hi: int) -> np.ndarray:
    """``fn(v)`` for every whole ``v`` from ``lo`` to ``hi`` (index ``v - lo``)."""
    return np.array([fn(v) for v in range(lo, hi + 1)])


@dataclass
class _Tables:
    """Every die face and total the kernel reads, from ``rules``' own functions (each
    function names its source lines of 003 and the errata it follows; the numbers are
    ``data/rules.toml``'s, each section with its ``source``)."""

    shot_hit: np.ndarray      # d20 + modifiers (>= 0) -> hit (003 l.15: 16+)
    snipe_hit: np.ndarray     # d20 + sniping tags -> hit (003 l.32: 12+)
    inj_mod: np.ndarray       # Injuries x calibre x band -> modifier (003 l.19-22)
    inj_down: np.ndarray      # d20 + modifier -> Down (003 l.24: 10+), else Injured
    af_mod: np.ndarray        # Injuries -> after-fight modifier (003 l.28: +2 each)
    af_dead: np.ndarray       # d20 + modifier -> dead, else critically injured (003 l.28)
    melee: np.ndarray         # difference + melee_off -> OUTCOMES code (003 l.40-42)
    melee_off: int
    sup_eff: np.ndarray       # suppressors x hidden -> effect (003 l.52-54)
    sup_hits: np.ndarray      # d6 x effect -> suppressors who hit (003 l.52)
    snipe: np.ndarray         # at distance x unaware x still x first -> METHODS code (l.32)
    advantage: np.ndarray     # cover x moving -> advantage (003 l.15)
    still: np.ndarray         # cover x moving -> "not in cover or not moving" (003 l.32)
    dice: dict                # die sizes, data/rules.toml

    @classmethod
    def build(cls, n: int, max_mod: int, max_melee_mod: int) -> _Tables:
        r = numbers()
        dice = {"initiative": r["initiative"]["die"], "shooting": r["shooting"]["die"],
                "injury": r["injury"]["die"], "after_fight": r["after_fight"]["die"],
                "melee": r["melee"]["die"], "suppression": r["suppression"]["die"],
                "morale": r["morale"]["die"], "morale_dice": r["morale"]["dice"]}
        top = dice["shooting"] + max_mod
        shot_hit = _faces(rules.shot_hits, 0, top).astype(bool)
        snipe_hit = _faces(rules.snipe_hits, 0, top).astype(bool)
        inj_mod, inj_down, af_mod, af_dead = cls.injury_tables(MAX_INJURIES, dice)
        off = dice["melee"] + max_melee_mod
        melee = _faces(lambda d: OUTCOMES.index(rules.melee_outcome(d)), -off, off)
        sup_eff = np.array([[rules.suppression_effect(k, bool(h)) for h in (0, 1)]
                            for k in range(n + 1)], dtype=np.int64)
        sup_hits = np.array([[rules.suppression_hits(d, e) if d else 0 for e in range(n + 1)]
                             for d in range(dice["suppression"] + 1)], dtype=np.int64)
        snipe = np.zeros((2, 2, 2, 2), dtype=np.int64)
        for a in (0, 1):
            for u in (0, 1):
                for s in (0, 1):
                    for f in (0, 1):
                        snipe[a, u, s, f] = METHODS.index(rules.SnipeConditions(
                            bool(a), bool(u), bool(s), bool(f)).method)
        advantage = np.array([[rules.advantage(bool(c), bool(m)) for m in (0, 1)]
                              for c in (0, 1)])
        still = np.array([[rules.still_enough(bool(c), bool(m)) for m in (0, 1)]
                          for c in (0, 1)])
        return cls(shot_hit, snipe_hit, inj_mod, inj_down, af_mod, af_dead, melee, off,
                   sup_eff, sup_hits, snipe, advantage, still, dice)

    @staticmethod
    def injury_tables(most: int, dice: dict) -> tuple[np.ndarray, ...]:
        """(inj_mod, inj_down, af_mod, af_dead) for a man with 0 to ``most`` Injuries
        (``rules.injury_modifiers``, ``injury_result``, ``after_fight_modifiers``,
        ``after_fight_result``; 003 l.19-28)."""
        inj_mod = np.array([[[sum(m.value for m in rules.injury_modifiers(k, cal, b))
                              for b in BANDS] for cal in CALIBRES]
                            for k in range(most + 1)], dtype=np.int64)
        inj_down = _faces(lambda v: rules.injury_result(v) == "down", 0,
                          dice["injury"] + int(inj_mod.max())).astype(bool)
        af_mod = np.array([sum(m.value for m in rules.after_fight_modifiers(k))
                           for k in range(most + 1)], dtype=np.int64)
        af_dead = _faces(lambda v: rules.after_fight_result(v) == "dead", 0,
                         dice["after_fight"] + int(af_mod.max())).astype(bool)
        return inj_mod, inj_down, af_mod, af_dead

    def grow(self, injuries: int) -> None:
        """Rows for a man with ``injuries`` Injuries, when the injury and after-fight
        tables end before (twice as many rows at least): a rule's table has no last row
        (003 l.19-28: +2 an Injury), and the engine fights on with any number."""
        rows = len(self.af_mod)
        if injuries < rows:
            return
        self.inj_mod, self.inj_down, self.af_mod, self.af_dead = self.injury_tables(
            max(injuries, 2 * rows), self.dice)


@dataclass
class _Plan:
    """An intent as the kernel acts on it, resolved for its man by the engine's own helpers:
    the action code, the move (x, y, cover, landmark index; None: no move), the gun index,
    the rounds declared, the candidate targets (fighter indices, ``expand``'s order), the
    snipe or melee target, what he announces (``TO`` code, -1: not said), the melee weapon
    he names (weapon index, -1 fists, -2 none named), the gun named to reload (None: the
    first not full)."""

    action: int
    move: tuple | None
    gun: int
    shots: int
    cand: np.ndarray
    target: int
    to: int
    mweapon: int
    reload_gun: int | None


# ---------------------------------------------------------------------- the context
class KernelContext:
    """What the kernel knows about one scenario, kept across runs (chunks) in a process: the
    representative fights, the fighters' fixed numbers, the lookup arrays, the registry of
    intents and the cache of decisions. Not thread-safe: one per thread."""

    def __init__(self, scenario: Scenario, tables_only: bool = False) -> None:
        self.scenario = self.sc = scenario
        self.tables_only = tables_only
        self.profile = profile_of(scenario, tables_only)
        self.bands = self.profile.bands
        self.rep = ViolenceFight(scenario, _NoDice(), self.profile, 0)
        self.probe = ViolenceFight(scenario, _NoDice(), self.profile, 0)  # the start; kept
        fighters = list(self.probe.fighters.values())
        self.fighters = fighters
        self.names = [f.name for f in fighters]
        self.index = {n: j for j, n in enumerate(self.names)}
        self.sides = list(scenario.sides)
        n = self.n = len(fighters)
        self.side_idx = np.array([self.sides.index(f.side) for f in fighters])
        nw = self.nw = max(1, max(len(f.weapons) for f in fighters))
        self.is_gun = np.zeros((n, nw), dtype=bool)
        self.cap = np.zeros((n, nw), dtype=np.int64)
        self.cal = np.zeros((n, nw), dtype=np.int64)
        self.quick = np.zeros((n, nw), dtype=bool)
        self.loaded0 = np.zeros((n, nw), dtype=np.int64)
        self.spare0 = np.full((n, nw), -1, dtype=np.int64)     # -1: not counted (plenty)
        for j, f in enumerate(fighters):
            for g, w in enumerate(f.weapons):
                self.is_gun[j, g] = w.is_gun
                self.cap[j, g] = w.capacity
                self.cal[j, g] = CALIBRES.index(w.calibre)
                self.quick[j, g] = w.quick_reload
                self.loaded0[j, g] = w.loaded
                self.spare0[j, g] = -1 if w.spare is None else w.spare
        self.guns = [[g for g, w in enumerate(f.weapons) if w.is_gun] for f in fighters]
        self.pos0 = np.array([f.pos for f in fighters], dtype=np.float64).reshape(n, 2)
        self.cover0 = np.array([f.cover for f in fighters], dtype=bool)
        self.landmarks = list(scenario.map)
        self.lm0 = np.array([-1 if f.landmark is None else self.landmarks.index(f.landmark)
                             for f in fighters], dtype=np.int64)
        self.hidden0 = np.array([f.hidden for f in fighters], dtype=bool)
        self.obscured = np.array([f.obscured for f in fighters], dtype=bool)
        self.fights_to = np.array([TO.index(f.c.fights_to) for f in fighters], dtype=np.int64)
        # groups (003 l.5, 74-83): membership, strength, morale rating (-1: none), leaders
        self.groups = list(scenario.groups)
        G = len(self.groups)
        self.grp = np.array([-1 if f.c.group is None else self.groups.index(f.c.group)
                             for f in fighters], dtype=np.int64)
        self.member = np.zeros((max(G, 1), n), dtype=bool)
        for j in range(n):
            if self.grp[j] >= 0:
                self.member[self.grp[j], j] = True
        self.strength = rows_sum(self.member, 1)
        self.morale = np.array([-1 if scenario.groups[g].morale is None
                                else scenario.groups[g].morale for g in self.groups]
                               + [-1] * (G == 0), dtype=np.int64)
        self.rout = [FLED if scenario.groups[g].rout == "flee" else SURRENDERED
                     for g in self.groups]
        self.lead = np.array([g if g >= 0 and scenario.groups[self.groups[g]].leader == f.name
                              else -1 for f, g in zip(fighters, self.grp.tolist(), strict=True)],
                             dtype=np.int64)
        # initiative units: a group that rolls together is one, any other man his own
        together = [g >= 0 and scenario.groups[self.groups[g]].initiative == "together"
                    for g in self.grp.tolist()]
        self.unit = np.array([g if tog else G + j for j, (g, tog) in
                              enumerate(zip(self.grp.tolist(), together, strict=True))])
        self.units = G + n
        # the routs of each group's morale check by 2d6 total (003 l.81; errata Violence)
        faces = numbers()["morale"]["dice"] * numbers()["morale"]["die"]
        self.routs = [_faces(lambda v, m=m: bool(m >= 0 and rules.morale_routs(v, int(m))),
                             0, faces).astype(bool) for m in self.morale.tolist()]
        # modifiers of shooting, sniping and melee, by the engine's tags and rules' functions
        self._shot_mod: dict[tuple[int, int], np.ndarray] = {}
        self.snipe_mod = np.zeros((n, nw), dtype=np.int64)
        self.mel_mod = np.zeros((n, nw + 1), dtype=np.int64)   # weapon index + 1 (0: fists)
        tag = numbers()["shooting"]["tag"]
        max_tags = 0
        for j, f in enumerate(fighters):
            for g, w in enumerate(f.weapons):
                found = self.probe.tags(f, w, "sniping")
                self.snipe_mod[j, g] = sum(m.value for m in rules.tag_modifiers(found, tag))
                max_tags = max(max_tags, len(self.probe.tags(f, w, "shooting")), len(found))
            for g, w in [(-1, None)] + list(enumerate(f.weapons)):
                bonus, wname = (w.wt.melee, w.name) if w is not None else (0, "fists")
                self.mel_mod[j, g + 1] = sum(m.value for m in rules.melee_weapon_modifiers(
                    bonus, wname, self.probe.tags(f, w, "melee")))
        self.default_arm = np.array([self._arm(j, None) for j in range(n)], dtype=np.int64)
        self.max_shots = 100 + int(self.cap.max())   # Intent.shots is at most 100
        max_mod = (self.max_shots - 1) * numbers()["shooting"]["extra_shot"] + tag * max_tags
        self.t = _Tables.build(n, max(max_mod, 0),
                               int(np.abs(self.mel_mod).max()))
        # registry of intents (index 0: none), each for one man; their plans
        self.ireg: list[tuple[int, Intent | None]] = [(-1, None)]
        self.sortkey: list[str] = [""]    # each intent's content (the order of its turns)
        self.ireg_key: dict[tuple[int, str], int] = {}
        self.plans: list[_Plan | None] = [None]
        self._arrays_for = 0
        self.cache: dict[tuple, np.ndarray] = {}
        self._ruled: dict[int, np.ndarray] = {}
        self._band_of: dict[float, int] = {}
        self.ruled_turns = frozenset(r.turn for r in self.profile.rulings if r.turn is not None)

    # -------------------------------------------------------------- resolved by the engine
    def _arm(self, j: int, name: str | None) -> int:
        """The melee weapon ``melee_arms`` gives fighter ``j`` for ``name``: its index, -1
        for fists."""
        f = self.fighters[j]
        arms = self.probe.melee_arms(f, name)
        return -1 if arms is None else next(g for g, w in enumerate(f.weapons) if w is arms)

    def _gun(self, j: int, name: str | None) -> int:
        """The gun ``gun`` gives fighter ``j`` for ``name`` (its index).

        Raises:
            Uncovered: no gun (the engine would stop on it).
        """
        f = self.fighters[j]
        arms = self.probe.gun(f, name)
        if arms is None or not arms.is_gun:
            raise Uncovered("an intent naming no gun to fire")
        return next(g for g, w in enumerate(f.weapons) if w is arms)

    def shot_mod(self, j: int, g: int) -> np.ndarray:
        """Fighter ``j``'s shooting modifiers with gun ``g`` by shots in the action
        (``rules.shooting_modifiers``: +1 per shot beyond the first, +2 per tag, 003 l.15)."""
        got = self._shot_mod.get((j, g))
        if got is None:
            f = self.fighters[j]
            found = self.probe.tags(f, f.weapons[g], "shooting")
            got = self._shot_mod[(j, g)] = np.array(
                [0] + [sum(m.value for m in rules.shooting_modifiers(k, found))
                       for k in range(1, self.max_shots + 1)], dtype=np.int64)
        return got

    def plan(self, iid: int) -> _Plan | None:
        """The plan of registered intent ``iid`` (None for no intent)."""
        return self.plans[iid]

    def register(self, j: int, intent: Intent | None) -> int:
        """The registry id of fighter ``j``'s intent (equal intents share one)."""
        if intent is None:
            return 0
        key = (j, repr(intent))
        k = self.ireg_key.get(key)
        if k is None:
            k = self.ireg_key[key] = len(self.ireg)
            self.ireg.append((j, intent))
            self.sortkey.append(key[1])
            self.plans.append(self._compile(j, intent))
        return k

    def _compile(self, j: int, it: Intent) -> _Plan:
        f = self.fighters[j]
        action = 0 if it.action is None else ACTIONS.index(it.action) + 1
        move = None
        if isinstance(it.move, str):
            lm = self.sc.map[it.move]
            move = (float(lm.at[0]), float(lm.at[1]), bool(lm.cover),
                    self.landmarks.index(it.move))
        elif it.move is not None:
            move = (float(it.move[0]), float(it.move[1]), False, -1)
        gun, cand, target = -1, np.zeros(0, dtype=np.int64), -1
        if action in (SHOOT, SNIPE, SUPPRESS):
            gun = self._gun(j, it.weapon)
        named = it.shoot if action == SHOOT else it.suppress if action == SUPPRESS else None
        if named is not None:
            cand = np.array([self.index[o.name] for o in self.probe.expand(named)],
                            dtype=np.int64)
        if action == SNIPE:
            target = self.index[it.snipe]
        elif action == MELEE:
            target = self.index[it.melee]
        reload_gun = None
        if action == RELOAD and isinstance(it.reload, str):
            reload_gun = self._gun(j, it.reload)
        return _Plan(action, move, gun, it.shots or 1, cand, target,
                     -1 if it.to is None else TO.index(it.to),
                     self._arm(j, it.weapon) if it.weapon else -2, reload_gun)

    def arrays(self) -> None:
        """Lookup arrays over the intent registry: moves, melee target, announced ``to``,
        melee weapon named (rebuilt when the registry has grown)."""
        if self._arrays_for == len(self.plans):
            return
        ps = self.plans
        self.it_move = np.array([p is not None and p.move is not None for p in ps])
        self.it_melee = np.array([p.target if p is not None and p.action == MELEE else -1
                                  for p in ps], dtype=np.int64)
        self.it_to = np.array([p.to if p is not None else -1 for p in ps], dtype=np.int64)
        self.it_mweapon = np.array([p.mweapon if p is not None else -2 for p in ps],
                                   dtype=np.int64)
        self._arrays_for = len(ps)

    def ruled(self, t: int) -> np.ndarray:
        """(n, n) band codes that a GM ruling fixes between two men in round ``t`` (-1: none),
        as the engine's ``band_between`` finds them."""
        key = t if t in self.ruled_turns else 0
        got = self._ruled.get(key)
        if got is None:
            got = np.full((self.n, self.n), -1, dtype=np.int64)
            if self.profile.rulings:
                probe = self.probe
                tt = t if t in self.ruled_turns else -1
                for a, fa in enumerate(self.fighters):
                    for b, fb in enumerate(self.fighters):
                        _, band, why = probe.band_between(tt, fa, fb)
                        if why is not None:
                            got[a, b] = BANDS.index(band)
            self._ruled[key] = got
        return got

    def band_codes(self, yards: np.ndarray) -> np.ndarray:
        """``rules.band`` of each distance (rounded to hundredths, as the engine rounds it)."""
        u, inv = np.unique(yards, return_inverse=True)
        known = self._band_of
        codes = []
        for v in u.tolist():
            c = known.get(v)
            if c is None:
                c = known[v] = BANDS.index(rules.band(round(v, 2), self.bands.close,
                                                      self.bands.medium))
            codes.append(c)
        return np.array(codes, dtype=np.int64)[inv.reshape(-1)]


# ---------------------------------------------------------------------- the kernel
class _Kernel(kernel_base.RoundKernel):
    """The state of ``trials`` fights of one scenario, and the round loop over them."""

    def __init__(self, ctx: KernelContext, trials: int, rng: np.random.Generator) -> None:
        super().__init__(ctx, trials, rng)
        n, nw = ctx.n, ctx.nw
        self.cond = np.zeros((trials, n), dtype=np.int64)
        self.inj = np.zeros((trials, n), dtype=np.int64)
        self.pos = np.broadcast_to(ctx.pos0, (trials, n, 2)).copy()
        self.cover = np.broadcast_to(ctx.cover0, (trials, n)).copy()
        self.lm = np.broadcast_to(ctx.lm0, (trials, n)).copy()
        self.hidden = np.broadcast_to(ctx.hidden0, (trials, n)).copy()
        self.sniped = np.zeros((trials, n), dtype=bool)
        self.loaded = np.broadcast_to(ctx.loaded0, (trials, n, nw)).copy()
        self.spare = np.broadcast_to(ctx.spare0, (trials, n, nw)).copy()
        self.partner = np.full((trials, n), -1, dtype=np.int64)
        self.mel_last = np.zeros((trials, n), dtype=np.int64)
        self.mel_to = np.zeros((trials, n), dtype=np.int64)
        self.mel_arm = np.full((trials, n), -1, dtype=np.int64)
        self.sup_mask = np.zeros((trials, n), dtype=np.int64)
        self.sup_gun = np.zeros((trials, n), dtype=np.int64)
        self.IID = np.zeros((trials, n), dtype=np.int64)
        self.moving = np.zeros((trials, n), dtype=bool)
        self.used = np.zeros((trials, n), dtype=bool)
        self.fired = np.zeros(trials, dtype=np.int64)      # rounds spent (shots_fired)
        self.called = np.zeros(trials, dtype=np.int64)     # sides a lawman called on (bits)
        self.halved = np.zeros(trials, dtype=np.int64)     # groups halved (bits)
        self.routed = np.zeros(trials, dtype=np.int64)     # groups routed (bits)
        self.queue = np.zeros((trials, max(len(ctx.groups), 1)), dtype=np.int64)
        self.surprise = -1

    # -------------------------------------------------------------- the fight loop
    def plan_round(self, t: int, live: np.ndarray) -> None:
        """The decisions once per distinct state (cached): each man's intent and the sides
        a lawman calls on; ``round`` then rolls the dice of all fights at once."""
        n = self.ctx.n
        rows = self.decisions(t, live)
        self.IID[live] = rows[:, :n]
        self.called[live] = rows[:, n]

    def in_fight(self, fi: np.ndarray) -> np.ndarray:
        """(fights, men): still in the fight (active)."""
        return self.cond[fi] == ACTIVE

    def round_over(self, fi: np.ndarray) -> None:
        """The fights ``fi`` are over: ``after_fight``."""
        self.after_fight(fi)

    # -------------------------------------------------------------- decisions
    def _key(self, idx: np.ndarray) -> np.ndarray:
        """One row per fight of everything the decisions read (``tactics.decide``): who is in
        the fight, and for each man in it his position, cover, landmark, rounds loaded and
        spare, melee partner; whether anyone has fired; the sides called on."""
        ctx = self.ctx
        m = len(idx)
        up = self.cond[idx] == ACTIVE
        per = np.concatenate([
            self.pos[idx], self.cover[idx][:, :, None], self.lm[idx][:, :, None],
            self.loaded[idx], self.spare[idx], self.partner[idx][:, :, None]],
            axis=2).astype(np.float64)
        per = np.where(up[:, :, None], per, 0.0)
        return np.concatenate([up.astype(np.float64), per.reshape(m, -1),
                               (self.fired[idx] > 0)[:, None].astype(np.float64),
                               self.called[idx][:, None].astype(np.float64)], axis=1)

    def decisions(self, t: int, live: np.ndarray) -> np.ndarray:
        """Round ``t``'s intents (registry ids) and sides called on, for the fights ``live``:
        the engine's ``complete_intents`` once per distinct state, cached."""
        ctx = self.ctx
        keys = np.ascontiguousarray(self._key(live))
        if len(ctx.cache) * keys.shape[1] * 8 > CACHE_BYTES:
            ctx.cache.clear()
        width = keys.shape[1] * keys.itemsize
        voids = keys.view(np.dtype((np.void, width))).reshape(-1)
        uniq, first, inv = np.unique(voids, return_index=True, return_inverse=True)
        when = t if t <= len(ctx.sc.turns) else 0
        out = []
        for u, i in zip(uniq.tolist(), first.tolist(), strict=True):
            ck = (when, u)
            row = ctx.cache.get(ck)
            if row is None:
                row = ctx.cache[ck] = self.decide(t, int(live[i]))
            out.append(row)
        return np.stack(out)[inv.reshape(-1)]

    def decide(self, t: int, i: int) -> np.ndarray:
        """The representative fight set to fight ``i``'s state, asked for round ``t``'s
        intents: one row, each fighter's intent id, then the sides called on (bits)."""
        ctx = self.ctx
        rep = ctx.rep
        fs = list(rep.fighters.values())
        cond, pos, cover, lm = (self.cond[i].tolist(), self.pos[i].tolist(),
                                self.cover[i].tolist(), self.lm[i].tolist())
        loaded, spare, partner = (self.loaded[i].tolist(), self.spare[i].tolist(),
                                  self.partner[i].tolist())
        for j, f in enumerate(fs):
            f.condition = CONDITIONS[cond[j]]
            f.pos = (pos[j][0], pos[j][1])
            f.cover = bool(cover[j])
            f.landmark = None if lm[j] < 0 else ctx.landmarks[lm[j]]
            for g, w in enumerate(f.weapons):
                w.loaded = loaded[j][g]
                w.spare = None if spare[j][g] < 0 else spare[j][g]
            f.melee = None
        for j, f in enumerate(fs):
            p = partner[j]
            if p > j:
                f.melee = fs[p].melee = Melee(f, fs[p])
        rep.shots_fired = int(self.fired[i])
        called = int(self.called[i])
        rep.__dict__["_tactics_called"] = {s for k, s in enumerate(ctx.sides) if called >> k & 1}
        rep.tactic_made.clear()
        declared = ctx.sc.turns[t - 1].intents if t <= len(ctx.sc.turns) else {}
        intents = rep.complete_intents(t, declared)
        now = rep.__dict__.get("_tactics_called", set())
        row = [ctx.register(j, intents.get(n)) for j, n in enumerate(ctx.names)]
        row.append(sum(1 << k for k, s in enumerate(ctx.sides) if s in now))
        return np.array(row, dtype=np.int64)

    # -------------------------------------------------------------- a round
    def round(self, t: int, live: np.ndarray) -> None:
        """003 l.7: everyone's intents; then each man's turn in initiative order, morale
        settled after each."""
        ctx = self.ctx
        ctx.arrays()
        sc = ctx.sc
        turn = sc.turns[t - 1] if t <= len(sc.turns) else None
        self.surprise = (ctx.sides.index(turn.surprise) if turn is not None
                         and turn.surprise in ctx.sides else -1)
        up = self.cond[live] == ACTIVE
        self.moving[live] = ctx.it_move[self.IID[live]] & up
        self.used[live] = False
        order = self.initiative(live)
        for k in range(ctx.n):
            who = order[:, k]
            has = who >= 0
            if not has.any():
                break
            fi, w = live[has], who[has]
            pairs, inv = np.unique(np.stack([w, self.IID[fi, w]], axis=1), axis=0,
                                   return_inverse=True)
            inv = inv.reshape(-1)
            # the men's turns in fighter order, then in the order of the intents' content:
            # never by registry id, which depends on what this process met before (a chunk's
            # dice must depend on its seed alone)
            for u in sorted(range(len(pairs)), key=lambda u: (
                    int(pairs[u, 0]), ctx.sortkey[int(pairs[u, 1])])):
                j, iid = int(pairs[u, 0]), int(pairs[u, 1])
                self.take_turn(t, fi[inv == u], j, iid)
            self.settle_morale(live[has])

    def initiative(self, live: np.ndarray) -> np.ndarray:
        """003 l.5-9: (fights, men) fighter indices in the order they act, -1 past the last:
        the surprising side first in scenario order, then the units (a group that rolls
        together, or a man) by a d20 each, highest first, ties broken at random (the engine
        rolls again among the tied: every order of the tied is as likely), each unit's men in
        scenario order. Only men still in the fight act."""
        ctx = self.ctx
        m, n = len(live), ctx.n
        up = self.cond[live] == ACTIVE
        first = up & (ctx.side_idx == self.surprise)[None, :]
        roll = self.d(ctx.t.dice["initiative"], m * ctx.units).reshape(m, ctx.units) \
            + self.rng.random((m, ctx.units))
        rank = np.argsort(np.argsort(-roll, axis=1), axis=1)      # 0: the unit first
        cls = np.where(up, np.where(first, 0, 1), 2)
        unit_rank = np.where(first, 0, rank[:, ctx.unit])
        jj = np.broadcast_to(np.arange(n), (m, n))
        order = np.lexsort((jj, unit_rank, cls), axis=-1)
        return np.where(np.take_along_axis(cls, order, axis=1) == 2, -1, order)

    def take_turn(self, t: int, fi: np.ndarray, j: int, iid: int) -> None:
        """Fighter ``j``'s turn in fights ``fi`` (his intent ``iid`` in all of them): a
        melee that holds him, or the suppression test, his move and his action."""
        ctx = self.ctx
        fi = fi[self.cond[fi, j] == ACTIVE]
        if len(fi) == 0:
            return
        self.sup_mask[fi, j] = 0      # suppression lasts until the suppressor's next turn
        inm = self.partner[fi, j] >= 0
        if inm.any():
            mf = fi[inm]
            mf = mf[self.mel_last[mf, j] != t]
            if len(mf):
                self.exchange(t, mf, np.full(len(mf), j), self.partner[mf, j])
            fi = fi[~inm]
        fi = fi[~self.used[fi, j]]
        p = ctx.plan(iid)
        if p is None or len(fi) == 0:
            return
        if p.action in (SHOOT, SNIPE, SUPPRESS, MELEE) or p.move is not None:
            self.suppression_test(t, fi, j)
            fi = fi[self.cond[fi, j] == ACTIVE]
            if len(fi) == 0:
                return
        if p.move is not None:
            x, y, cover, lm = p.move
            self.pos[fi, j] = (x, y)
            self.cover[fi, j] = cover
            self.lm[fi, j] = lm
        if p.action == SHOOT:
            self.shoot(t, fi, j, p)
        elif p.action == SNIPE:
            self.snipe(t, fi, j, p)
        elif p.action == SUPPRESS:
            self.suppress(fi, j, p)
        elif p.action == MELEE:
            self.start_melee(t, fi, j, p)
        elif p.action == RELOAD:
            self.reload(fi, j, p)

    # -------------------------------------------------------------- shooting
    def bands(self, t: int, fi: np.ndarray, a, b) -> np.ndarray:
        """The band between ``a`` and ``b`` (fighter indices, per fight or one) in each
        fight: a GM ruling's, else by the yards between them (``rules.band``)."""
        ctx = self.ctx
        a = np.broadcast_to(a, fi.shape)
        b = np.broadcast_to(b, fi.shape)
        delta = self.pos[fi, a] - self.pos[fi, b]
        code = ctx.band_codes(np.hypot(delta[:, 0], delta[:, 1]))
        ruled = ctx.ruled(t)[a, b]
        return np.where(ruled >= 0, ruled, code)

    def pick(self, fi: np.ndarray, cand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(fights, target) of the fights where one of ``cand`` is still up: the one, or one
        picked at random by a die (003 l.15: "we roll randomly")."""
        up = self.cond[fi][:, cand] == ACTIVE
        count = rows_sum(up, 1)
        ok = count > 0
        fi, up, count = fi[ok], up[ok], count[ok]
        die = self.rng.integers(1, count + 1) if len(fi) else count
        k = rows_argmax(rows_cumsum(up, 1) >= die[:, None], 1)
        return fi, cand[k]

    def shoot(self, t: int, fi: np.ndarray, j: int, p: _Plan) -> None:
        """003 l.15, 62: one shooting action with the rounds declared (as many as loaded);
        with the quick reload tag, the free reload, then the rest as a second action."""
        g = p.gun
        fi, tgt = self.pick(fi, p.cand)
        ok = self.loaded[fi, j, g] > 0
        fi, tgt = fi[ok], tgt[ok]
        if len(fi) == 0:
            return
        n = np.minimum(p.shots, self.loaded[fi, j, g])
        self.fire(t, fi, j, g, tgt, n)
        self.quick_reload(fi, j, g)
        rest = p.shots - n
        again = (rest > 0) & self.ctx.quick[j, g] & (self.loaded[fi, j, g] > 0) & \
            (self.cond[fi, j] == ACTIVE)
        if not again.any():
            return
        fi, tgt, rest = fi[again], tgt[again], rest[again]
        keep = self.cond[fi, tgt] == ACTIVE
        nf, nt = self.pick(fi[~keep], p.cand)
        back = np.isin(fi[~keep], nf)
        rest = np.concatenate([rest[keep], rest[~keep][back]])
        fi, tgt = np.concatenate([fi[keep], nf]), np.concatenate([tgt[keep], nt])
        self.fire(t, fi, j, g, tgt, np.minimum(rest, self.loaded[fi, j, g]))

    def fire(self, t: int, fi: np.ndarray, j: int, g: int, tgt: np.ndarray,
             n: np.ndarray) -> None:
        """One shooting action of ``n`` rounds at ``tgt`` in each fight (003 l.15): a d20,
        two with advantage (the target neither in cover nor moving), the higher kept, +1 per
        extra shot, +2 per tag; 16 or more hits and rolls the injury."""
        ctx, T = self.ctx, self.ctx.t
        m = len(fi)
        if m == 0:
            return
        band = self.bands(t, fi, j, tgt)
        adv = T.advantage[self.covered(fi, j, tgt).astype(np.int64),
                          self.moving[fi, tgt].astype(np.int64)]
        die = T.dice["shooting"]
        first, second = self.d(die, m), self.d(die, m)
        kept = np.where(adv, np.maximum(first, second), first)
        hit = T.shot_hit[kept + ctx.shot_mod(j, g)[n]]
        self.spend(fi, j, g, n)
        self.shots[fi, j] += n
        self.hits[fi, j] += hit
        self.injure(fi[hit], tgt[hit], ctx.cal[j, g], band[hit])

    def covered(self, fi: np.ndarray, j: int, tgt: np.ndarray) -> np.ndarray:
        """Whether ``tgt`` is in cover against ``j``'s shot in each fight: not against a
        shooter at the same landmark or within ``rules.bare_yards()`` of him (ruled: VN2;
        ``ViolenceFight.bare``)."""
        lmj, lmt = self.lm[fi, j], self.lm[fi, tgt]
        d = self.pos[fi, j] - self.pos[fi, tgt]
        bare = ((lmj >= 0) & (lmj == lmt)) | (np.hypot(d[:, 0], d[:, 1])
                                             <= rules.bare_yards() + 1e-9)
        return self.cover[fi, tgt] & ~bare

    def spend(self, fi: np.ndarray, j: int, g: int, n) -> None:
        """Every shot is accounted for (003 l.58); a man who fires is no longer hidden."""
        self.loaded[fi, j, g] -= n
        self.fired[fi] += n
        self.hidden[fi, j] = False

    def snipe(self, t: int, fi: np.ndarray, j: int, p: _Plan) -> None:
        """003 l.32-34: at a distance, unaware, not in cover or not moving: the first target
        hit automatically with all three, a succeeding one or two of three on 12+ (d20 +
        sniping tags), otherwise the regular shooting rules."""
        ctx, T = self.ctx, self.ctx.t
        g, k = p.gun, p.target
        fi = fi[(self.cond[fi, k] == ACTIVE) & (self.loaded[fi, j, g] > 0)]
        if len(fi) == 0:
            return
        band = self.bands(t, fi, j, k)
        cover = self.covered(fi, j, np.full(len(fi), k)).astype(np.int64)
        moving = self.moving[fi, k].astype(np.int64)
        at = band == BANDS.index(numbers()["sniping"]["distance_band"])
        unaware = self.hidden[fi, j] | (ctx.side_idx[j] == self.surprise)
        still = T.still[cover, moving]
        method = T.snipe[at.astype(np.int64), unaware.astype(np.int64),
                         still.astype(np.int64), (~self.sniped[fi, j]).astype(np.int64)]
        self.sniped[fi, j] = True
        regular = method == METHODS.index("regular")
        if regular.any():
            r = fi[regular]
            self.fire(t, r, j, g, np.full(len(r), k), np.ones(len(r), dtype=np.int64))
        other = ~regular
        if other.any():
            of, ob, om = fi[other], band[other], method[other]
            roll = self.d(T.dice["shooting"], len(of))
            hit = np.where(om == METHODS.index("twelve"),
                           T.snipe_hit[roll + ctx.snipe_mod[j, g]], True)
            self.spend(of, j, g, 1)
            self.shots[of, j] += 1
            self.hits[of, j] += hit
            self.injure(of[hit], np.full(int(hit.sum()), k), ctx.cal[j, g], ob[hit])
        self.quick_reload(fi, j, g)

    def injure(self, fi: np.ndarray, tgt: np.ndarray, cal, band: np.ndarray) -> None:
        """003 l.17-24: the injury roll of a hit, d20 + 2 per Injury + the calibre's bonus at
        the band; 10 or more Down, else one more Injury. A group's leader hit calls for a
        morale check (003 l.79)."""
        if len(fi) == 0:
            return
        T = self.ctx.t
        inj = self.inj[fi, tgt]
        T.grow(int(inj.max()))
        total = self.d(T.dice["injury"], len(fi)) + T.inj_mod[inj, cal, band]
        down = T.inj_down[total]
        self.inj[fi[~down], tgt[~down]] += 1
        self.cond[fi[down], tgt[down]] = DOWN
        lead = self.ctx.lead[tgt]
        led = lead >= 0
        self.queue[fi[led], lead[led]] += 1
        self.gone_out(fi[down], tgt[down])

    # -------------------------------------------------------------- suppression
    def suppress(self, fi: np.ndarray, j: int, p: _Plan) -> None:
        """003 l.50: no roll; the rounds are spent, the targets still up suppressed until his
        next turn."""
        g = p.gun
        up = self.cond[fi][:, p.cand] == ACTIVE
        ok = rows_any(up, 1) & (self.loaded[fi, j, g] > 0)
        fi, up = fi[ok], up[ok]
        if len(fi) == 0:
            return
        n = np.minimum(p.shots, self.loaded[fi, j, g])
        self.spend(fi, j, g, n)
        self.shots[fi, j] += n  # covering fire's rounds count as shots (``Violence.shots``)
        self.sup_mask[fi, j] = rows_sum(up.astype(np.int64) << p.cand[None, :], 1)
        self.sup_gun[fi, j] = g
        self.quick_reload(fi, j, g)

    def suppression_test(self, t: int, fi: np.ndarray, j: int) -> None:
        """003 l.52-54: a suppressed man who exposes himself: d6 <= the suppressors (half,
        rounded down, when he is hidden or obscured) shoots him, the number rolled how many
        of them hit, in a random order, each rolling an injury."""
        ctx, T = self.ctx, self.ctx.t
        sups = (((self.sup_mask[fi] >> j) & 1) > 0) & (self.cond[fi] == ACTIVE)
        count = rows_sum(sups, 1)
        ok = count > 0
        if not ok.any():
            return
        fi, sups, count = fi[ok], sups[ok], count[ok]
        hidden = (self.hidden[fi, j] | ctx.obscured[j]).astype(np.int64)
        eff = T.sup_eff[count, hidden]
        hits = T.sup_hits[self.d(T.dice["suppression"], len(fi)), eff]
        ok = hits > 0
        if not ok.any():
            return
        fi, sups, hits = fi[ok], sups[ok], hits[ok]
        order = np.argsort(np.where(sups, self.rng.random(sups.shape), 2.0), axis=1)
        for step in range(int(hits.max())):
            # every suppressor picked counts a hit (the engine's ``hitters``), though the
            # first may have put the man down already
            got = hits > step
            self.hits[fi[got], order[got, step]] += 1
            now = got & (self.cond[fi, j] == ACTIVE)
            f2, shooter = fi[now], order[now, step]
            band = self.bands(t, f2, shooter, j)
            self.injure(f2, np.full(len(f2), j), ctx.cal[shooter, self.sup_gun[f2, shooter]],
                        band)

    # -------------------------------------------------------------- reloading
    def reload(self, fi: np.ndarray, j: int, p: _Plan) -> None:
        """003 l.62: reloading takes the round and fills the gun (from spare rounds, if
        counted): the gun named, else the first not full, else the first."""
        ctx = self.ctx
        if p.reload_gun is not None:
            g = np.full(len(fi), p.reload_gun)
        else:
            guns = ctx.guns[j]
            if not guns:
                raise Uncovered("a reload with no gun")
            gs = np.array(guns)
            notfull = self.loaded[fi][:, j, gs] < ctx.cap[j, gs]
            g = np.where(rows_any(notfull, 1), gs[rows_argmax(notfull, 1)], gs[0])
        ok = (self.loaded[fi, j, g] < ctx.cap[j, g]) & (self.spare[fi, j, g] != 0)
        self.fill(fi[ok], j, g[ok])

    def quick_reload(self, fi: np.ndarray, j: int, g: int) -> None:
        """003 l.62: the quick reload tag reloads freely once per round after firing (a man
        fires in one turn a round, so once is each time)."""
        if not self.ctx.quick[j, g]:
            return
        ok = (self.loaded[fi, j, g] < self.ctx.cap[j, g]) & (self.spare[fi, j, g] != 0) & \
            (self.cond[fi, j] == ACTIVE)
        self.fill(fi[ok], j, np.full(int(ok.sum()), g))

    def fill(self, fi: np.ndarray, j: int, g: np.ndarray) -> None:
        """Fill fighter ``j``'s gun ``g`` (per fight) to capacity, from his spare rounds when
        they are counted (003 l.58-62)."""
        n = self.ctx.cap[j, g] - self.loaded[fi, j, g]
        spare = self.spare[fi, j, g]
        counted = spare >= 0
        n = np.where(counted, np.minimum(n, spare), n)
        self.spare[fi, j, g] = np.where(counted, spare - n, spare)
        self.loaded[fi, j, g] += n

    # -------------------------------------------------------------- melee
    def start_melee(self, t: int, fi: np.ndarray, j: int, p: _Plan) -> None:
        """003 l.38, 46: a melee against a foe still up, not in a melee, within close range."""
        ctx = self.ctx
        k = p.target
        fi = fi[(self.cond[fi, k] == ACTIVE) & (self.partner[fi, k] < 0)]
        if len(fi) == 0:
            return
        delta = self.pos[fi, j] - self.pos[fi, k]
        yards = np.hypot(delta[:, 0], delta[:, 1])
        u, inv = np.unique(yards, return_inverse=True)
        near = np.array([round(v, 2) <= ctx.bands.close for v in u.tolist()])[inv.reshape(-1)]
        fi = fi[near]
        if len(fi) == 0:
            return
        self.partner[fi, j], self.partner[fi, k] = k, j
        for x in (j, k):
            self.mel_to[fi, x] = ctx.fights_to[x]
            self.mel_arm[fi, x] = ctx.default_arm[x]
        self.exchange(t, fi, np.full(len(fi), j), np.full(len(fi), k))

    def exchange(self, t: int, fi: np.ndarray, a: np.ndarray, d: np.ndarray) -> None:
        """003 l.38-44: d12 each + the weapon's bonus + melee tags; the difference decides
        (``rules.melee_outcome``); Down by a foe who announced "subdue" leaves a man
        subdued. What each announces (``to``, weapon) holds until he says otherwise."""
        ctx, T = self.ctx, self.ctx.t
        ctx.arrays()
        self.mel_last[fi, a] = self.mel_last[fi, d] = t
        self.used[fi, a] = self.used[fi, d] = True
        totals = []
        for me, foe in ((a, d), (d, a)):
            iid = self.IID[fi, me]
            mine = ctx.it_melee[iid] == foe
            to, wpn = ctx.it_to[iid], ctx.it_mweapon[iid]
            self.mel_to[fi, me] = np.where(mine & (to >= 0), to, self.mel_to[fi, me])
            self.mel_arm[fi, me] = np.where(mine & (wpn != -2), wpn, self.mel_arm[fi, me])
            totals.append(self.d(T.dice["melee"], len(fi))
                          + ctx.mel_mod[me, self.mel_arm[fi, me] + 1])
        diff = totals[0] - totals[1]
        out = T.melee[diff + T.melee_off]
        high, low = np.where(diff > 0, a, d), np.where(diff > 0, d, a)
        both = out == OUTCOMES.index("both_injured")
        self.inj[fi[both], a[both]] += 1
        self.inj[fi[both], d[both]] += 1
        mid = out == OUTCOMES.index("both_injured_low_down")
        self.inj[fi[mid], high[mid]] += 1
        down = ~both
        fd, ld = fi[down], low[down]
        self.inj[fd, ld] += 1
        subdued = self.mel_to[fd, high[down]] == TO.index("subdue")
        self.cond[fd, ld] = np.where(subdued, SUBDUED, DOWN)
        self.gone_out(fd, ld)

    # -------------------------------------------------------------- out of the fight
    def gone_out(self, fi: np.ndarray, k: np.ndarray) -> None:
        """Down, subdued, fled or surrendered: his suppression and melee end, and his group
        checks morale the first time its numbers are halved (003 l.79)."""
        if len(fi) == 0:
            return
        ctx = self.ctx
        self.sup_mask[fi, k] = 0
        p = self.partner[fi, k]
        has = p >= 0
        self.partner[fi[has], p[has]] = -1
        self.partner[fi, k] = -1
        g = ctx.grp[k]
        gg = np.maximum(g, 0)
        ok = (g >= 0) & (ctx.morale[gg] >= 0) & ((self.halved[fi] >> gg) & 1 == 0)
        standing = rows_sum((self.cond[fi] == ACTIVE) & ctx.member[gg], 1)
        half = ok & (standing > 0) & (standing * 2 <= ctx.strength[gg])
        self.halved[fi[half]] |= 1 << gg[half]
        self.queue[fi[half], gg[half]] += 1

    def settle_morale(self, fi: np.ndarray) -> None:
        """003 l.74-81: each pending check, 2d6 against the rating; a total greater than it
        routs the group: everyone in it still fighting flees or surrenders."""
        ctx, T = self.ctx, self.ctx.t
        for g in range(len(ctx.groups)):
            q = self.queue[fi, g]
            if ctx.morale[g] < 0 or not q.any():
                continue
            members = np.flatnonzero(ctx.member[g])
            for p in range(int(q.max())):
                standing = rows_any(self.cond[fi][:, members] == ACTIVE, 1)
                sel = (q > p) & ((self.routed[fi] >> g) & 1 == 0) & standing
                ff = fi[sel]
                if len(ff) == 0:
                    continue
                total = sum(self.d(T.dice["morale"], len(ff))
                            for _ in range(T.dice["morale_dice"]))
                rr = ff[ctx.routs[g][total]]
                if len(rr) == 0:
                    continue
                self.routed[rr] |= 1 << g
                up = self.cond[rr][:, members] == ACTIVE
                for c, x in enumerate(members.tolist()):
                    self.cond[rr[up[:, c]], x] = ctx.rout[g]
                for c, x in enumerate(members.tolist()):
                    gone = rr[up[:, c]]
                    self.gone_out(gone, np.full(len(gone), x))
        self.queue[fi] = 0

    # -------------------------------------------------------------- after the fight
    def after_fight(self, fi: np.ndarray) -> None:
        """003 l.28: a d20 + 2 per Injury for each man Down: 10 or more dead, else critically
        injured (a subdued man makes no roll)."""
        T = self.ctx.t
        for j in range(self.ctx.n):
            down = fi[self.cond[fi, j] == DOWN]
            if len(down) == 0:
                continue
            inj = self.inj[down, j]
            T.grow(int(inj.max()))
            total = self.d(T.dice["after_fight"], len(down)) + T.af_mod[inj]
            self.cond[down, j] = np.where(T.af_dead[total], DEAD, CRITICAL)

    # -------------------------------------------------------------- results
    def tally(self, tally_cls):
        """The odds' integer counts (``narrator.batch.Tally``): wins by side, "undecided" (more
        than one side up), "nobody"; rounds (seconds are 0: Violence keeps no clock); each
        man's outcome (his condition, else wounded with an Injury, else unhurt); rounds fired
        in shooting actions, snipes and covering fire, and those that hit (covering fire:
        each suppressor picked to hit), as ``Violence.shots`` counts them."""
        ctx = self.ctx
        return tally_cls.from_arrays(
            sides=ctx.sides, side_of=ctx.side_idx, cond=self.cond, active=ACTIVE,
            # no round fought: no status, no outcomes (as the engine's log)
            names=ctx.names if self.fought else [],
            labels={code: label for code, label in enumerate(CONDITIONS) if code != ACTIVE},
            wounded=self.inj > 0, turns=self.turns, shots=self.shots, hits=self.hits)


def run_kernel(ctx: KernelContext, trials: int, seed: int, stream: int = 0, tally_cls=None):
    """Fight ``trials`` fights of the context's scenario at once and return their tally
    (``narrator.kernel_base.run_kernel``, which see): a ``Tally`` (trials, wins, rounds,
    outcomes, shots, hits; seconds 0).

    Raises:
        Uncovered: the scenario uses something the kernel does not cover.
    """
    return kernel_base.run_kernel(_Kernel, not_covered, ctx, trials, seed, stream, tally_cls)
