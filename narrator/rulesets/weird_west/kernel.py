"""A vectorised Monte Carlo kernel for Weird West odds: thousands of fights advance together.

``narrator odds`` asks many fights of one scenario how they end; the engine
(``fight.WeirdWestFight``) fights them one by one and records every event. This kernel fights
them all at once, card by card, and keeps only what the odds need (``narrator.batch.Tally``).

How it stays the same rules as the engine:

* Everything decided rather than rolled is decided by the engine's own code. When a man plays
  a card, the fights in which he plays one are grouped by the state his action reads (for
  every man: his condition, position, Pace used, running, prone, cover, aim, wound penalty,
  maimed limbs, whether his profile gives up, each weapon's rounds, jam, hand and whether it
  lies at his feet; for the man acting: how many of the round's declared actions he has
  played and whether he holds another card). For each group one representative
  ``WeirdWestFight`` is set to that state and plays the card (``act``: the declared action or
  ``tactics.decide``), kept per state. An action that rolls nothing (a move, hold, aim,
  draw, reload, clear, prone, stand, flee, surrender, or a shot that cannot be fired) is the
  representative's, copied to every fight of the group; a shot or a fan, which roll, is
  resolved by the engine's helpers (``weapon``, ``take_in_hand``, ``shoot_mods``,
  ``aptitude``, ``shootin_tn``, ``can_fan``) once per group, and its dice rolled here.
* Everything rolled is rolled here, with NumPy, for every fight at once, as ``rolls.py`` rolls
  it (W1, W2: acing dice, the best kept, a bust when more than half show 1, a raise each full
  5), through lookup arrays built by calling ``rules``' functions on every roll and state
  (``cards_for_quickness``, ``shift_location``, ``location_of``, ``side_of``, ``track_of``,
  ``prone_protects``, ``deflected``, ``lowered_die``, ``damage_dice``, ``wounds_from``,
  ``chip_to_spend``, ``chip_negates``, ``level_after``, ``maimed_effect``, ``wind_dice``,
  ``bleeding``, ``winded``, ``stun_tn``, ``vamoose_modifiers``, ``fanning_hits``,
  ``tactics.badly_hurt``), with the numbers of ``data/rules.toml`` and ``weapons.toml`` (and a
  scenario's house rules, inside ``tables.house``): a change to a data file reaches the
  engine and the kernel alike.

The round follows the engine's (004 l.15-24, W3): everyone able rolls Quickness and is dealt
cards from the fight's deck (a draw takes a uniformly random card of the pile, as the
engine's ``cards`` die does; an empty pile takes the discards back; a black joker dealt
reshuffles everything but the sleeves at the round's end); the cards are called from the
highest, each one action; a hit is vamoosed with the highest card held, located (W7), may be
deflected by cover (004 l.119-128, W9), is damaged, eased by a fate chip (W16), costs Wind
(W8) and may stun (W10); at the round's end everyone bleeds (W8, WN6) and keeps his best card
up his sleeve. The deck is kept as counts of each card in the pile and the discards (0 or 1:
each of the 54 cards is in one place, the pile, the discards, a hand, held or up a sleeve; a
card held is his until he lets it go, WN11, as in the engine).

The kernel's fights are not the engine's fights seed for seed (its dice are NumPy streams);
they agree in distribution, which ``tests/test_weird_west_kernel.py`` checks with the
statistical test of ``tests/test_kernel.py``.

What it does not cover raises ``Uncovered`` (before any fight, from ``not_covered``: the
walking dead, a man with no gun on tactics, a declared fightin' attack or called shot at a
hand; or when a fight meets it: a fightin' attack its tactics choose), and ``odds`` then
fights the scenario with the engine and says why.

May import: numpy, narrator.rulesets.weird_west.*, narrator.ruleset (Uncovered),
narrator.kernel_base.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from narrator import kernel_base
from narrator.ruleset import Uncovered
from narrator.rulesets.weird_west import rules as R
from narrator.rulesets.weird_west import tables, tactics
from narrator.rulesets.weird_west.cards import Card, all_cards, cards_for_quickness
from narrator.rulesets.weird_west.fight import WeirdWestFight
from narrator.rulesets.weird_west.scenario import Scenario, house_of
from narrator.rulesets.weird_west.state import CONDITIONS
from narrator.rulesets.weird_west.tables import rules

ACTIVE, WINDED, DEAD, FLED, SURRENDERED = (CONDITIONS.index(c) for c in (
    "active", "winded", "dead", "fled", "surrendered"))
TRACKS = R.TRACKS                                  # W8: the wound tracks, in this order
LOCS = R.LOCATIONS                                 # W7: the hit locations, in this order
NOGGIN, GUTS, LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG = range(6)
LIMBS = (LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG)
NCARDS = 54                                        # W3: the deck (rules.toml [cards])
BITS = np.arange(NCARDS, dtype=np.int64)
MAX_RAISES = 20     # raises beyond reach every location a raise can move to (W7: 10 steps)
MAX_WOUNDS = 10     # wounds of one hit as the chip rule reads them (W16: 3 or more alike)
MAX_DAMAGE = 2_000  # the damage of one hit (acing dice) the tables hold (more: Uncovered)
CACHE_ENTRIES = 400_000   # decisions kept per scenario at most


class _Roll(Exception):
    """The representative fight came to a roll: the action is resolved by the kernel."""


class _NoDice:
    """The representative fights decide; a roll stops them (``_Roll``)."""

    rolls: list = []

    def roll(self, who: str, purpose: str, sides: int) -> int:
        raise _Roll(purpose)


# ---------------------------------------------------------------------- what is covered
def not_covered(scenario: Scenario, tables_only: bool = False) -> list[str]:
    """The reasons the kernel cannot fight ``scenario`` at all (empty: it can try): another
    ruleset; the walking dead (W19: claws, no Wind); a man with no gun and a tactics profile
    (his tactics fight hand to hand); a declared fightin' attack (004 l.86-101) or called
    shot at a hand (WN23). A fightin' attack that tactics choose in the middle of a fight
    raises ``Uncovered`` from ``run_kernel``."""
    if scenario.ruleset != "weird-west":
        return [f"the {scenario.ruleset} ruleset"]
    out: list[str] = []
    chars = [c for members in scenario.sides.values() for c in members]
    with tables.house(None if tables_only else house_of(scenario)):
        weapons = tables.weapons()
        if any(c.undead for c in chars):
            out.append("the walking dead")
        if any(c.tactics and not any(weapons[w.type].is_gun for w in c.weapons)
               for c in chars):
            out.append("a man with no gun")   # his tactics fight hand to hand
    acts = [a for turn in scenario.turns for plan in turn.intents.values() for a in plan]
    if any(a.fight for a in acts):
        out.append("a fightin' attack")
    if any(a.called in ("left_hand", "right_hand") for a in acts):
        out.append("a called shot at a hand")
    return out


# ---------------------------------------------------------------------- dice
def acing(rng: np.random.Generator, die: int, shape) -> tuple[np.ndarray, np.ndarray]:
    """Acing dice (W2): (totals, first faces) of ``shape`` dice of ``die`` faces; a die on
    its top face is rolled again and added, as often as it aces."""
    first = rng.integers(1, die + 1, size=shape)
    total = first.copy()
    flat = total.reshape(-1)
    idx = np.flatnonzero(first.reshape(-1) == die)
    while len(idx):
        f = rng.integers(1, die + 1, size=len(idx))
        flat[idx] += f
        idx = idx[f == die]
    return total, first


@dataclass
class Rolled:
    """A trait or aptitude roll of every fight (W2; ``rolls.TraitRoll``)."""

    total: np.ndarray
    bust: np.ndarray
    success: np.ndarray
    raises: np.ndarray


def trait_roll(rng: np.random.Generator, m: int, count: int, die: int, mod, tn,
               strict: bool = False) -> Rolled:
    """``m`` rolls of ``count`` acing dice of ``die`` faces, the best kept, plus ``mod``
    (per fight or one), against ``tn`` (per fight or one) (W2: a bust when more than half
    the dice show a natural 1; success meets the TN, or beats it when ``strict``; a raise
    each full ``roll.raise_step`` over it)."""
    totals, first = acing(rng, die, (m, count))
    ones = (first == 1).sum(axis=1)
    bust = 2 * ones > count
    total = totals.max(axis=1) + mod
    ok = (total > tn) if strict else (total >= tn)
    success = ~bust & ok
    step = rules()["roll"]["raise_step"]           # W2: 5
    raises = np.where(success, (total - tn) // step, 0)
    return Rolled(total, bust, success, raises)


def lowest(mask: np.ndarray) -> np.ndarray:
    """The lowest set bit's index of each mask (the card called first, W3); 64 for none."""
    low = mask & -mask
    out = np.full(mask.shape, 64, dtype=np.int64)
    has = low != 0
    out[has] = np.round(np.log2(low[has].astype(np.float64))).astype(np.int64)
    return out


def bit(card: np.ndarray) -> np.ndarray:
    return np.left_shift(np.int64(1), card.astype(np.int64))


# ---------------------------------------------------------------------- plans
def _at_dead(rep, a) -> bool:
    """Whether shoot or fan action ``a`` is at a man dead already, not fled or surrendered
    (``WeirdWestFight.gone`` refuses those first; ruled: WN29)."""
    target = rep.fighters[a.shoot if a.action == "shoot" else a.fan[0]]
    return not target.body.alive and target.body.condition not in ("fled", "surrendered")


@dataclass
class _Snap:
    """The acting man's state after the part of his card the representative played."""

    pos: tuple[float, float]
    moved: float
    running: bool
    prone: bool
    cov: int
    aim_t: int
    aim_n: int
    loaded: tuple       # rounds loaded: what the card added (a reload), not how many
    jammed: tuple
    inhand: tuple
    dropped: tuple
    cond: int
    held: bool


@dataclass(frozen=True)
class _Gun:
    """One gun of a shoot action (004 l.57-70): index, shots, TN, increments, the modifier
    total of its first and later shots, the aptitude dice (count, die), and whether the
    shotgun reaches (W14)."""

    g: int
    shots: int
    tn: int
    inc: int
    mod_first: int
    mod_rest: int
    count: int
    die: int
    reach: bool


GUN = ("g", "shots", "tn", "inc", "mod_first", "mod_rest", "count", "die", "reach")
ROW = ("kind", "target", "called", "quick", "qmod", "qtn", "fan_ok", "fan_shots", "yards",
       "ng") + tuple(f"{x}{k}" for k in (0, 1) for x in GUN)
COL = {name: c for c, name in enumerate(ROW)}
KINDS = ("det", "shoot", "fan")


@dataclass
class _Plan:
    """A card as the kernel plays it: ``kind`` "det" (the representative played it whole:
    ``snap`` is the result), "shoot" or "fan" (``snap`` is the state before the action's
    rolls, after his move); the declared actions it used; what the rolls need."""

    kind: str
    consumed: int
    snap: _Snap
    target: int = -1
    called: str | None = None
    quick: tuple | None = None         # quick draw roll: (count, die, modifier, TN)
    after_draw: tuple | None = None    # his weapons in hand once drawn
    guns: list = field(default_factory=list)
    yards: float = 0.0
    # fan (004 l.146-162)
    fan_ok: bool = False
    fan_shots: int = 0
    targets: tuple = ()
    _row: np.ndarray | None = None

    def row(self, n: int, nw: int) -> np.ndarray:
        """The plan as numbers (``ROW``, then his weapons in hand once drawn, then the fan's
        targets, -1 past the last), for every fight of a step at once."""
        if self._row is None:
            r = np.zeros(len(ROW) + nw + n)
            r[COL["kind"]] = KINDS.index(self.kind)
            r[COL["target"]] = self.target
            r[COL["called"]] = -1 if self.called is None else R.CALLED.index(self.called)
            if self.quick is not None:
                r[COL["quick"]] = 1
                r[COL["qmod"]], r[COL["qtn"]] = self.quick[2], self.quick[3]
            r[COL["fan_ok"]] = self.fan_ok
            r[COL["fan_shots"]] = self.fan_shots
            r[COL["yards"]] = self.yards
            r[COL["ng"]] = len(self.guns)
            for k, gun in enumerate(self.guns):
                for x in GUN:
                    r[COL[f"{x}{k}"]] = getattr(gun, x)
            if self.after_draw is not None:
                r[len(ROW):len(ROW) + len(self.after_draw)] = self.after_draw
            tg = list(self.targets) + [-1] * (n - len(self.targets))
            r[len(ROW) + nw:] = tg
            self._row = r
        return self._row


# ---------------------------------------------------------------------- the context
class KernelContext:
    """What the kernel knows about one scenario, kept across runs (chunks) in a process: the
    representative fight, the fighters' fixed numbers, the lookup arrays and the cache of
    decisions. Not thread-safe: one per thread."""

    def __init__(self, scenario: Scenario, tables_only: bool = False) -> None:
        self.scenario = self.sc = scenario
        self.tables_only = tables_only
        self.house = None if tables_only else house_of(scenario)
        with tables.house(self.house):
            self._setup()

    def _setup(self) -> None:
        sc = self.sc
        self.rep = WeirdWestFight(sc, _NoDice(), 0, None, "seeded", None,
                                  tables_only=self.tables_only)
        fs = self.fighters = list(self.rep.fighters.values())
        self.names = [f.name for f in fs]
        self.index = {nm: j for j, nm in enumerate(self.names)}
        self.sides = list(sc.sides)
        n = self.n = len(fs)
        self.side_idx = np.array([self.sides.index(f.side) for f in fs])
        nw = self.nw = max(1, max(len(f.weapons) for f in fs))
        self.loaded0 = np.zeros((n, nw), dtype=np.int64)
        self.inhand0 = np.zeros((n, nw), dtype=bool)
        self.two_handed = np.zeros((n, nw), dtype=bool)
        for j, f in enumerate(fs):
            for g, w in enumerate(f.weapons):
                self.loaded0[j, g] = w.loaded
                self.inhand0[j, g] = w.in_hand
                self.two_handed[j, g] = w.two_handed
        self.pos0 = np.array([f.pos for f in fs], dtype=np.float64).reshape(n, 2)
        # covers: landmarks in map order, then each man's own (W9, WN19)
        self.cover_objs = [lm.cover for lm in sc.map.values()] + \
            [f.c.cover if not isinstance(f.c.cover, str) else None for f in fs]
        self.cover_names = [lm.cover.name or lm.name or key.replace("_", " ")
                            if lm.cover is not None else None for key, lm in sc.map.items()] + \
            [None if f.c.cover is None or isinstance(f.c.cover, str)
             else f.c.cover.name or (f.c.cover.material or "cover") for f in fs]
        self.cov0 = np.array([self.cov_code(f) for f in fs], dtype=np.int64)
        nc = len(self.cover_objs)
        self.cov_locs = np.zeros((nc + 1, len(LOCS)), dtype=bool)   # row nc: no cover
        self.cov_armor = np.zeros(nc + 1, dtype=np.int64)
        for k, cv in enumerate(self.cover_objs):
            if cv is not None:
                self.cov_locs[k] = [loc in cv.covers for loc in LOCS]
                self.cov_armor[k] = cv.armor_value          # W9 (rules.toml [cover] armor)
        self.prone0 = np.array([f.prone for f in fs], dtype=bool)
        self.wind0 = np.array([f.body.wind for f in fs], dtype=np.int64)
        self.levels0 = np.array([[f.body.levels[t] for t in TRACKS] for f in fs],
                                dtype=np.int64)
        self.missing = np.array([[t in f.c.missing for t in TRACKS] for f in fs], dtype=bool)
        self.chips0 = np.array([[f.chips.get(c, 0) for c in R.CHIPS] for f in fs],
                               dtype=np.int64)
        self.size = np.array([f.body.size for f in fs], dtype=np.int64)   # W8: default 6
        self.vamooses = np.array([f.c.vamoose and not f.undead for f in fs], dtype=bool)
        self.traits = {t: [f.trait(t) for f in fs] for t in ("quickness", "vigor")}
        # the quick draw roll's dice (W17: quick draw on Deftness, W1)
        self.qd_dice = []
        for f in fs:
            die, cnt, _ = self.rep.aptitude(f, "deftness", f.c.aptitudes.quick_draw)
            self.qd_dice.append((cnt, die))
        self.wrange = [[w.wt.range for w in f.weapons] for f in fs]   # weapons.toml range
        self.shots_of = np.zeros((n, nw), dtype=np.int64)              # weapons.toml shots
        for j, f in enumerate(fs):
            for g, w in enumerate(f.weapons):
                self.shots_of[j, g] = w.wt.shots
        # the rounds loaded as a card reads them: more than a rate of fire or a fan's shots
        # (004 l.146-162: six at most) read alike; the room left, more than a reload's
        # rounds or shells (W4: two) alike
        r = rules()
        self.cap_loaded = max([r["fanning"]["max_shots"]] + [w.wt.rof for f in fs
                                                             for w in f.weapons]) + 1
        self.cap_room = max(r["reload"]["rounds"], r["reload"]["shells"]) + 1
        # dodging (004 l.192-199): dice and unskilled term, per man
        self.dodge = []
        for f in fs:
            die, cnt, unsk = self.rep.aptitude(f, "nimbleness", f.c.aptitudes.dodge)
            self.dodge.append((cnt, die, sum(m.value for m in unsk)))
        # tactics' give-up (ruled: WN24) by wound penalty and Wind: tactics.badly_hurt itself
        self.wind_max = np.array([f.body.wind_max for f in fs], dtype=np.int64)
        top = int(self.wind_max.max()) + 1
        self.badly = np.zeros((n, 6, top + 1), dtype=bool)   # man, -penalty, Wind (clipped)
        for j, f in enumerate(fs):
            saved = dict(f.body.levels), f.body.wind
            own = next(t for t in TRACKS if t not in f.c.missing)
            for p in range(6):
                f.body.levels = {t: (p if t == own else 0) for t in TRACKS}
                for w in range(top + 1):
                    f.body.wind = w
                    self.badly[j, p, w] = tactics.badly_hurt(self.rep, f) is not None
            f.body.levels, f.body.wind = saved
        self.tables()
        self.intents = [[list(turn.intents.get(nm, [])) for nm in self.names]
                        for turn in sc.turns]
        self.cache: dict[tuple, _Plan] = {}
        self.card = Card(NCARDS, "kernel")   # the card the representative plays
        self.dmg: dict[tuple, list] = {}

    def tables(self) -> None:
        """The lookup arrays, from ``rules``' functions (each names its source)."""
        r = rules()
        self.black = next(c.place for c in all_cards() if c.black_joker)   # W3
        self.sleeve_rule = bool(r["cards"]["sleeve"])                     # W3, WN11
        q = r["quickness"]
        self.q_tn = q["tn"]                                               # 004 l.21; W3
        # cards dealt by (bust, success, raises): cards_for_quickness (W3)
        self.q_cards = np.array([[cards_for_quickness(False, True, k) for k in range(40)],
                                 [cards_for_quickness(False, False, 0)] * 40])
        self.q_bust = cards_for_quickness(True, False, 0)
        loc_r = r["location"]
        self.loc_die, self.side_die = loc_r["die"], loc_r["side_die"]     # W7; WN4
        # location code by aim (R.AIMS) x raises x d20 roll (W7: raises move the roll)
        self.loc_of = np.zeros((len(R.AIMS), MAX_RAISES + 1, self.loc_die + 1), dtype=np.int64)
        for a, aim in enumerate(R.AIMS):
            for k in range(MAX_RAISES + 1):
                for roll in range(1, self.loc_die + 1):
                    self.loc_of[a, k, roll] = LOCS.index(
                        R.location_of(R.shift_location(roll, k, aim)))
        self.needs_side = np.array([R.needs_side(loc) for loc in LOCS])   # 004 l.113
        self.side_left = np.array([R.side_of(d) == "left" for d in range(self.side_die + 1)])
        # track by location x side (0 left, 1 right) (W8)
        self.track = np.array([[TRACKS.index(R.track_of(loc, s) if R.needs_side(loc)
                                             else R.track_of(loc)) for s in ("left", "right")]
                               for loc in LOCS])
        # 004 l.117: a prone man is missed at a location, from afar / within 5 yards
        self.prone_far = np.array([R.prone_protects(loc, 1e9) for loc in LOCS])
        self.prone_near = np.array([R.prone_protects(loc, 0.0) for loc in LOCS])
        self.prone_yards = loc_r["prone_close_yards"]
        self.cover_die = r["cover"]["die"]                                # 004 l.125; WN4
        self.deflect = np.array([R.deflected(d) for d in range(self.cover_die + 1)])
        # W16: chip spent by (white, red, blue held) x wounds x level before x deadly
        self.chip = np.full((2, 2, 2, MAX_WOUNDS + 1, 6, 2), -1, dtype=np.int64)
        for w_ in (0, 1):
            for r_ in (0, 1):
                for b_ in (0, 1):
                    held = dict(zip(R.CHIPS, (w_, r_, b_), strict=True))
                    for wd in range(MAX_WOUNDS + 1):
                        for lv in range(6):
                            for dl in (0, 1):
                                c = R.chip_to_spend(held, wd, lv, bool(dl))
                                self.chip[w_, r_, b_, wd, lv, dl] = \
                                    -1 if c is None else R.CHIPS.index(c)
        self.negates = np.array([R.chip_negates(c) for c in R.CHIPS])    # W16
        self.maimed = r["wounds"]["maimed"]                               # W8: 5
        self.effect = [R.maimed_effect(t, False) for t in TRACKS]         # W8
        self.wind_die = r["wind"]["die"]                                  # W8; WN5 (no ace)
        # W8, WN6: the Wind a track bleeds at each level (the worst track bleeds)
        self.bleed = np.array([[R.bleeding({t: lv}) for lv in range(6)] for t in TRACKS])
        # 004 l.138: where a called shot lands, location and side (0 left, 1 right)
        self.called_loc = np.array([LOCS.index(R.called_location(c)[0]) for c in R.CALLED])
        self.called_side = np.array([0 if R.called_location(c)[1] == "left" else 1
                                     for c in R.CALLED])
        # 004 l.197: -4 to a vamoose when he cannot move as it requires
        self.cannot_move = sum(x.value for x in R.vamoose_modifiers(False))
        # W8: wounds by damage (rounded down by Size: each man's row), W8, W20(b): the Wind
        # dice of a hit by its wounds left, for damage done / none
        self.wounds_of = {sz: np.array([R.wounds_from(d, sz) for d in range(MAX_DAMAGE + 1)])
                          for sz in set(self.size.tolist())}
        self.wind_n = np.array([[R.wind_dice(w, dmg) for dmg in (0, 1)]
                                for w in range(MAX_DAMAGE + 1)])
        self.stun_tn = np.array([R.stun_tn(w) for w in range(200)])       # W10
        self.follow = r["fanning"]["follow_yards"]                        # 004 l.158; W13
        self.open_yards = r["cover"]["open_yards"]                        # ruled: WN27
        # W8: winded at Wind -1 or less, 0, 1 or more (``rules.winded``: 0 or less)
        self.winded = np.array([R.winded(v) for v in (-1, 0, 1)])
        assert not R.winded(2) and self.winded[0]

    def cov_code(self, f) -> int:
        """A man's cover as a code: the landmark's index in the map, or ``len(map)`` + his
        index for a cover of his own, -1 for none."""
        if f.cover is None:
            return -1
        for k, cv in enumerate(self.cover_objs):
            if cv is f.cover:
                return k
        raise Uncovered("a cover the kernel cannot name")

    def damage_groups(self, j: int, g: int, loc: int, inc: int) -> list[tuple[int, int]]:
        """``rules.damage_dice`` of fighter ``j``'s weapon ``g`` at a location and range
        (W8, W14, 004 l.111), kept."""
        key = (j, g, loc, inc)
        out = self.dmg.get(key)
        if out is None:
            f = self.fighters[j]
            wt = f.weapons[g].wt
            out = self.dmg[key] = R.damage_dice(wt, LOCS[loc], inc,
                                                f.trait("strength") if wt.strength else None)
        return out


# ---------------------------------------------------------------------- the fights
class _Kernel(kernel_base.RoundKernel):
    """The fights of one run: NumPy arrays (fights, men, ...) of their state."""

    def __init__(self, ctx: KernelContext, trials: int, rng: np.random.Generator) -> None:
        super().__init__(ctx, trials, rng)
        n, nw, m = ctx.n, ctx.nw, trials
        self.cond = np.full((m, n), ACTIVE, dtype=np.int64)
        self.levels = np.broadcast_to(ctx.levels0, (m, n, 6)).copy()
        self.wind = np.broadcast_to(ctx.wind0, (m, n)).copy()
        self.chips = np.broadcast_to(ctx.chips0, (m, n, 3)).copy()
        self.pos = np.broadcast_to(ctx.pos0, (m, n, 2)).copy()
        self.moved = np.zeros((m, n))
        self.running = np.zeros((m, n), dtype=bool)
        self.prone = np.broadcast_to(ctx.prone0, (m, n)).copy()
        self.cov = np.broadcast_to(ctx.cov0, (m, n)).copy()
        self.aim_t = np.full((m, n), -1, dtype=np.int64)
        self.aim_n = np.zeros((m, n), dtype=np.int64)
        self.loaded = np.broadcast_to(ctx.loaded0, (m, n, nw)).copy()
        self.jammed = np.zeros((m, n, nw), dtype=bool)
        self.inhand = np.broadcast_to(ctx.inhand0, (m, n, nw)).copy()
        self.dropped = np.zeros((m, n, nw), dtype=bool)
        self.hand = np.zeros((m, n), dtype=np.int64)      # cards to play (bits)
        self.held = np.zeros((m, n), dtype=np.int64)      # cards held (bits)
        self.sleeve = np.full((m, n), -1, dtype=np.int64)
        self.plan_i = np.zeros((m, n), dtype=np.int64)
        self.pile = np.ones((m, NCARDS), dtype=np.int64)  # copies of each card in the pile
        self.disc = np.zeros((m, NCARDS), dtype=np.int64)
        self.crippled = (self.levels[:, :, list(LIMBS)] >= ctx.maimed).all(axis=2)

    # -------------------------------------------------------------- state read-outs
    def can_act(self, fi: np.ndarray) -> np.ndarray:
        """(fights, men): able to act (W18): active, and not maimed in both arms and legs
        (``crippled``, kept as the wounds are marked)."""
        return (self.cond[fi] == ACTIVE) & ~self.crippled[fi]

    def able(self, fi: np.ndarray, k: int) -> np.ndarray:
        """(fights,): man ``k`` able to act."""
        return (self.cond[fi, k] == ACTIVE) & ~self.crippled[fi, k]

    def penalty(self, fi: np.ndarray, j) -> np.ndarray:
        """W8: minus his highest wound level (a limb he lacks is none, WN25)."""
        lv = np.where(self.ctx.missing[j], 0, self.levels[fi, j])
        return -lv.max(axis=-1)

    def in_fight(self, fi: np.ndarray) -> np.ndarray:
        """(fights, men): counts for his side (``sides_up``) while able to act."""
        return self.can_act(fi)

    # -------------------------------------------------------------- the deck
    def discard(self, fi: np.ndarray, mask: np.ndarray) -> None:
        """The cards of ``mask`` (bits) onto each fight's discards."""
        if len(fi):
            self.disc[fi] += (mask[:, None] >> BITS) & 1

    def draw(self, fi: np.ndarray) -> np.ndarray:
        """One card for each fight (W3): a uniformly random one of the pile (each copy as
        likely, as the engine's ``cards`` die picks a place in its list); an empty pile takes
        the discards back first."""
        empty = self.pile[fi].sum(axis=1) == 0
        if empty.any():
            e = fi[empty]
            self.pile[e] += self.disc[e]
            self.disc[e] = 0
            if (self.pile[e].sum(axis=1) == 0).any():
                raise Uncovered("a deck with every card held")
        pile = self.pile[fi]
        cum = np.cumsum(pile, axis=1)
        pick = (self.rng.random(len(fi)) * cum[:, -1]).astype(np.int64)
        card = np.argmax(cum > pick[:, None], axis=1)
        self.pile[fi, card] -= 1
        return card

    # -------------------------------------------------------------- the fight loop
    def round(self, t: int, live: np.ndarray) -> None:
        """004 l.15-24, W3: Quickness and cards, the cards called from the highest, the
        round's end."""
        ctx = self.ctx
        self.moved[live] = 0.0
        self.running[live] = False
        self.hand[live] = 0
        self.held[live] = 0
        self.plan_i[live] = 0
        black = np.zeros(len(live), dtype=bool)
        able = self.can_act(live)
        for j in range(ctx.n):
            out = live[~able[:, j] & (self.sleeve[live, j] >= 0)]
            self.discard(out, bit(self.sleeve[out, j]))
            self.sleeve[out, j] = -1
            ai = np.flatnonzero(able[:, j])
            if len(ai) == 0:
                continue
            fi = live[ai]
            level, die = ctx.traits["quickness"][j]
            r = trait_roll(self.rng, len(fi), level, die, self.penalty(fi, j), ctx.q_tn)
            ncards = np.where(r.bust, ctx.q_bust,
                              ctx.q_cards[(~r.success).astype(np.int64),
                                          np.minimum(r.raises, 39)])
            for c in range(int(ncards.max(initial=0))):
                sel = ncards > c
                card = self.draw(fi[sel])
                self.hand[fi[sel], j] |= bit(card)
                black[ai[sel]] |= card == ctx.black
            sl = self.sleeve[fi, j]
            has = sl >= 0
            self.hand[fi[has], j] |= bit(sl[has])
            self.sleeve[fi, j] = -1
        while True:
            up = self.can_act(live)
            has = (self.hand[live] != 0) & up
            go = has.any(axis=1) & (self.sides_up(live, up).sum(axis=1) > 1)
            fi = live[go]
            if len(fi) == 0:
                break
            low = np.where(has[go], lowest(self.hand[fi]), 99)
            actor = np.argmin(low, axis=1)
            card = low[np.arange(len(fi)), actor]
            self.hand[fi, actor] &= ~bit(card)
            for j in np.unique(actor).tolist():
                sel = actor == j
                self.act(t, fi[sel], j, card[sel])
            played = ((self.held[fi, actor] >> card) & 1) == 0   # a held card stays his (WN11)
            self.disc[fi[played], card[played]] += 1
        self.end_round(live, black)

    def end_round(self, live: np.ndarray, black: np.ndarray) -> None:
        """W8, WN6: everyone able bleeds by his worst wound; W3: the best card left goes up
        his sleeve (if he can still act), the rest to the discards; a black joker dealt
        this round reshuffles everything but the sleeves."""
        ctx = self.ctx
        for j in range(ctx.n):
            can = self.able(live, j)
            lv = np.where(ctx.missing[j], 0, self.levels[live, j])
            lost = ctx.bleed[np.arange(6), lv].max(axis=1)
            b = can & (lost > 0)
            self.lose_wind(live[b], j, lost[b])
            left = self.hand[live, j] | self.held[live, j]
            keep = (left != 0) & self.able(live, j) & ctx.sleeve_rule
            card = lowest(left)
            self.sleeve[live[keep], j] = card[keep]
            left = np.where(keep, left & ~bit(np.minimum(card, 63)), left)
            self.discard(live, left)
            self.hand[live, j] = 0
            self.held[live, j] = 0
        fb = live[black]
        if len(fb):
            self.pile[fb] = 1
            self.disc[fb] = 0
            for j in range(ctx.n):
                s = self.sleeve[fb, j]
                has = s >= 0
                self.pile[fb[has], s[has]] = 0

    def lose_wind(self, fi: np.ndarray, j, lost: np.ndarray) -> None:
        """W8 (``Body.lose_wind``): an active man loses ``lost`` Wind; at 0 or less he is
        winded."""
        j = np.broadcast_to(j, fi.shape)
        ok = (self.cond[fi, j] == ACTIVE) & (lost > 0)
        fi, j, lost = fi[ok], j[ok], lost[ok]
        self.wind[fi, j] -= lost
        out = self.ctx.winded[np.clip(self.wind[fi, j], -1, 1) + 1]
        self.cond[fi[out], j[out]] = WINDED

    # -------------------------------------------------------------- decisions
    def key(self, fi: np.ndarray, j: int, t: int) -> np.ndarray:
        """One row per fight of everything the acting man's card reads. Of the man acting:
        his position, running, cover, Pace used, prone, aim, wound penalty, maimed limbs,
        whether his profile gives up, whether he holds another card, his weapons (jam, in
        hand, dropped, and the rounds loaded as the decisions read them: up to
        ``cap_loaded``, and the room left up to ``cap_room``, the reload adding to what is
        loaded), and the declared actions he has played. Of the others, when he plays a
        declared action: each man's condition, whether he can act, position, running and
        cover; when his tactics play the card (they read the enemies still up only: the
        nearest, the crowd, the shot's modifiers): those of the enemies able to act, blank
        for the rest."""
        ctx = self.ctx
        m = len(fi)
        lv = self.levels[fi, j]
        pen = -np.where(ctx.missing[j], 0, lv).max(axis=1)
        wind = np.clip(self.wind[fi, j], 0, ctx.badly.shape[2] - 1)
        badly = ctx.badly[j, -pen, wind]
        plan = self.plan_i[fi, j]
        declared = plan < (len(ctx.intents[t - 1][j]) if t <= len(ctx.intents) else 0)
        can = self.can_act(fi)
        full = [self.cond[fi], can, self.pos[fi, :, 0], self.pos[fi, :, 1],
                self.running[fi], self.cov[fi]]
        full = np.stack(full, axis=2).astype(np.float64)
        foe = (can & (ctx.side_idx != ctx.side_idx[j])[None, :]).astype(np.float64)
        cols = [np.where(declared[:, None, None], full, full * foe[:, :, None]).reshape(m, -1)]
        own = [self.pos[fi, j, 0], self.pos[fi, j, 1], self.running[fi, j], self.cov[fi, j],
               self.moved[fi, j], self.prone[fi, j], self.aim_t[fi, j], self.aim_n[fi, j],
               pen, badly, np.where(declared, plan, -1), self.hand[fi, j] != 0,
               np.where(declared, t, 0)]
        own += [lv[:, x] >= ctx.maimed for x in LIMBS]
        cols.append(np.stack(own, axis=1).astype(np.float64))
        nwj = len(ctx.fighters[j].weapons)
        loaded = self.loaded[fi, j, :nwj]
        cols.append(np.minimum(loaded, ctx.cap_loaded).astype(np.float64))
        cols.append(np.minimum(ctx.shots_of[j, :nwj] - loaded, ctx.cap_room).astype(np.float64))
        for a in (self.jammed, self.inhand, self.dropped):
            cols.append(a[fi, j, :nwj].astype(np.float64))
        return np.ascontiguousarray(np.concatenate(cols, axis=1))

    def set_rep(self, t: int, i: int, j: int) -> None:
        """The representative fight set to fight ``i``'s state, ``j`` about to act."""
        ctx = self.ctx
        rep = ctx.rep
        rep.events = []
        for k, f in enumerate(ctx.fighters):
            b = f.body
            b.condition = CONDITIONS[int(self.cond[i, k])]
            f.fled = b.condition == "fled"
            b.levels = {tr: int(self.levels[i, k, x]) for x, tr in enumerate(TRACKS)}
            b.wind = int(self.wind[i, k])
            f.chips = {c: int(self.chips[i, k, x]) for x, c in enumerate(R.CHIPS)}
            f.pos = (float(self.pos[i, k, 0]), float(self.pos[i, k, 1]))
            f.moved = float(self.moved[i, k])
            f.running = bool(self.running[i, k])
            f.prone = bool(self.prone[i, k])
            c = int(self.cov[i, k])
            f.cover = None if c < 0 else ctx.cover_objs[c]
            f.cover_name = None if c < 0 else ctx.cover_names[c]
            a = int(self.aim_t[i, k])
            f.aim_target = None if a < 0 else ctx.names[a]
            f.aim_actions = int(self.aim_n[i, k])
            for g, w in enumerate(f.weapons):
                w.loaded = int(self.loaded[i, k, g])
                w.jammed = bool(self.jammed[i, k, g])
                w.in_hand = bool(self.inhand[i, k, g])
                w.dropped = bool(self.dropped[i, k, g])
            f.hand = [ctx.card] if self.hand[i, k] else []
            f.held = []
            f.plan = []
        if t <= len(ctx.intents):
            ctx.fighters[j].plan = list(ctx.intents[t - 1][j][int(self.plan_i[i, j]):])
        self._pre_loaded = tuple(w.loaded for w in ctx.fighters[j].weapons)

    def snap(self, j: int) -> _Snap:
        ctx = self.ctx
        f = ctx.fighters[j]
        return _Snap(f.pos, f.moved, f.running, f.prone, ctx.cov_code(f),
                     -1 if f.aim_target is None else ctx.index[f.aim_target], f.aim_actions,
                     tuple(w.loaded - pre for w, pre in zip(f.weapons, self._pre_loaded,
                                                             strict=True)),
                     tuple(w.jammed for w in f.weapons),
                     tuple(w.in_hand for w in f.weapons), tuple(w.dropped for w in f.weapons),
                     CONDITIONS.index(f.body.condition), any(c is ctx.card for c in f.held))

    def decide(self, t: int, i: int, j: int) -> _Plan:
        """Fighter ``j``'s card in fight ``i``'s state, played by the representative."""
        ctx = self.ctx
        rep = ctx.rep
        f = ctx.fighters[j]
        self.set_rep(t, i, j)
        before = len(f.plan)
        try:
            rep.act(t, f, ctx.card)
            return _Plan("det", before - len(f.plan), self.snap(j))
        except _Roll:
            pass
        self.set_rep(t, i, j)
        a = rep.next_action(t, f, ctx.card)
        kind = rep.begin_action(f, a)
        if a.move is not None:
            rep.move(t, f, ctx.card, a.move)
        while kind in ("shoot", "fan") and f.plan and _at_dead(rep, a):
            # ruled: WN29 (``dead_target``): a declared shot at a dead man is not made and
            # the card goes to his next declared action, as the representative played it
            a = rep.next_action(t, f, ctx.card)
            kind = rep.begin_action(f, a)
            if a.move is not None:
                rep.move(t, f, ctx.card, a.move)
        consumed = before - len(f.plan)
        if kind == "shoot":
            return self.plan_shoot(j, a, consumed)
        if kind == "fan":
            return self.plan_fan(j, a, consumed)
        if kind == "fight":
            raise Uncovered("a fightin' attack")
        raise Uncovered(f"a {kind} that rolls")

    def ready(self, f, arms, quick: bool) -> tuple | None:
        """W17 (``WeirdWestFight.ready``) for a weapon out of hand that the quick draw roll
        readies: (count, die, modifier, TN) of the roll; he takes it in hand either way."""
        rep = self.ctx.rep
        if arms.in_hand:
            return None
        if arms.dropped or not (quick and f.c.aptitudes.quick_draw > 0):
            raise Uncovered("a draw that rolls")     # the representative played these whole
        die, n, mods = rep.aptitude(f, "deftness", f.c.aptitudes.quick_draw)
        q = (n, die, sum(x.value for x in mods + rep.penalty_mods(f)), R.quick_draw_tn())
        rep.take_in_hand(f, arms)
        return q

    @staticmethod
    def windex(f, arms) -> int:
        """The index of ``arms`` among his weapons (by identity: two Peacemakers are equal)."""
        return next(i for i, w in enumerate(f.weapons) if w is arms)

    def plan_shoot(self, j: int, a, consumed: int) -> _Plan:
        """004 l.57-70 (``do_shoot``, ``fire``): what the shots of a shoot action need."""
        ctx = self.ctx
        rep = ctx.rep
        f = ctx.fighters[j]
        snap = self.snap(j)
        target = rep.fighters[a.shoot]
        arms = rep.weapon(f, a.weapon, True)
        quick = self.ready(f, arms, a.quick_draw)
        after = tuple(w.in_hand for w in f.weapons)
        guns = [("main" if a.two_guns else None, arms)]
        if a.two_guns:
            off = next((w for w in f.weapons if w is not arms and w.is_gun
                        and not w.two_handed and w.in_hand), None)
            if off is None or arms.two_handed:
                guns = [(None, arms)]
            else:
                guns.append(("off", off))
        aim = f.aim_actions if f.aim_target == target.name else 0
        yards = rep.dist(f, target)
        out = []
        for hand, gun in guns:
            tn, inc = R.shootin_tn(yards, gun.wt.range)
            reach = not (gun.wt.is_shotgun and R.shotgun_dice(inc) is None)
            level = f.c.aptitudes.shootin.get(gun.wt.concentration, 0)
            die, n, unsk = rep.aptitude(f, "deftness", level)
            base = sum(x.value for x in unsk)
            mods = [base + sum(x.value for x in rep.shoot_mods(
                f, target, gun, aim=aim if k == 0 and hand != "off" else 0, hand=hand,
                called=a.called)) for k in (0, 1)]
            out.append(_Gun(self.windex(f, gun), min(a.shots or 1, gun.wt.rof), tn, inc,
                            mods[0], mods[1], n, die, reach))
        return _Plan("shoot", consumed, snap, ctx.index[target.name], a.called, quick, after,
                     out, yards)

    def plan_fan(self, j: int, a, consumed: int) -> _Plan:
        """004 l.146-162, W13, WN14 (``do_fan``): what a fan needs."""
        ctx = self.ctx
        rep = ctx.rep
        f = ctx.fighters[j]
        snap = self.snap(j)
        targets = [rep.fighters[nm] for nm in a.fan]
        targets = [targets[0]] + [g for g in targets[1:] if g.body.condition not in
                                  ("fled", "surrendered")]
        arms = rep.weapon(f, a.weapon, True)
        quick = self.ready(f, arms, a.quick_draw)
        after = tuple(w.in_hand for w in f.weapons)
        free = not any(w is not arms for w in f.in_hand()) and not f.body.maimed("left_arm")
        level = f.c.aptitudes.shootin.get("pistol", 0)
        ok = R.can_fan(arms.wt, free, level) and not arms.jammed and arms.loaded > 0
        first = targets[0]
        shots = min(a.shots or arms.loaded, arms.loaded, rules()["fanning"]["max_shots"])
        yards = rep.dist(f, first)
        tn, inc = R.shootin_tn(yards, arms.wt.range)
        lv = f.c.aptitudes.shootin.get(arms.wt.concentration, 0)
        die, n, unsk = rep.aptitude(f, "deftness", lv)
        mod = sum(x.value for x in unsk + rep.shoot_mods(f, first, arms, called=a.called,
                                                         fanning=True))
        g = self.windex(f, arms)
        return _Plan("fan", consumed, snap, ctx.index[first.name], a.called, quick, after,
                     [_Gun(g, shots, tn, inc, mod, mod, n, die, True)], yards, ok, shots,
                     tuple(ctx.index[x.name] for x in targets))

    # -------------------------------------------------------------- a card
    def act(self, t: int, fi: np.ndarray, j: int, card: np.ndarray) -> None:
        """Fighter ``j`` plays ``card`` in each fight ``fi``: grouped by state, each group's
        plan from the cache (or the representative); then the rolls of every fight at once,
        each with its plan's numbers."""
        ctx = self.ctx
        keys = self.key(fi, j, t)
        voids = keys.view(np.dtype((np.void, keys.shape[1] * 8))).reshape(-1)
        uniq, first, inv = np.unique(voids, return_index=True, return_inverse=True)
        inv = inv.reshape(-1)
        if len(ctx.cache) > CACHE_ENTRIES:
            ctx.cache.clear()
        plans = []
        for u in range(len(uniq)):
            ck = (j, uniq[u].tobytes())
            plan = ctx.cache.get(ck)
            if plan is None:
                plan = ctx.cache[ck] = self.decide(t, int(fi[first[u]]), j)
            plans.append(plan)
        self.apply(fi, j, plans, inv)
        rows = np.stack([p.row(ctx.n, ctx.nw) for p in plans])[inv]
        kind = rows[:, COL["kind"]].astype(np.int64)
        det = kind == 0
        held = np.array([p.snap.held for p in plans])[inv] & det
        self.held[fi[held], j] |= bit(card[held])
        if not det.all():
            self.rolled(fi[~det], j, rows[~det])

    def apply(self, fi: np.ndarray, j: int, plans: list[_Plan], inv: np.ndarray) -> None:
        """Each fight's plan's state of the man acting (``_Snap``) copied to it."""
        snaps = [p.snap for p in plans]
        self.plan_i[fi, j] += np.array([p.consumed for p in plans])[inv]
        self.pos[fi, j] = np.array([s.pos for s in snaps], dtype=np.float64)[inv]
        for name in ("moved", "running", "prone", "cov", "aim_t", "aim_n", "cond"):
            getattr(self, name)[fi, j] = np.array([getattr(s, name) for s in snaps])[inv]
        w = len(snaps[0].loaded)
        if w:
            self.loaded[fi, j, :w] += np.array([s.loaded for s in snaps])[inv]
            for name in ("jammed", "inhand", "dropped"):
                getattr(self, name)[fi, j, :w] = np.array([getattr(s, name)
                                                           for s in snaps])[inv]

    def rolled(self, fi: np.ndarray, j: int, rows: np.ndarray) -> None:
        """The rolls of shoots and fans (after the quick draw roll, W17)."""
        ctx = self.ctx
        nw = len(ctx.fighters[j].weapons)
        q = rows[:, COL["quick"]] > 0
        go = np.ones(len(fi), dtype=bool)
        if q.any():
            qi = np.flatnonzero(q)
            cnt, die = ctx.qd_dice[j]
            r = trait_roll(self.rng, len(qi), cnt, die, rows[qi, COL["qmod"]].astype(np.int64),
                           rows[qi, COL["qtn"]].astype(np.int64))
            go[qi] = r.success
            if nw:
                self.inhand[fi[qi], j, :nw] = rows[qi, len(ROW):len(ROW) + nw] > 0
        fi, rows = fi[go], rows[go]
        kind = rows[:, COL["kind"]].astype(np.int64)
        sh = kind == KINDS.index("shoot")
        if sh.any():
            self.aim_t[fi[sh], j], self.aim_n[fi[sh], j] = -1, 0
            self.shoot(fi[sh], j, rows[sh])
        fa = (kind == KINDS.index("fan")) & (rows[:, COL["fan_ok"]] > 0)
        if fa.any():
            self.aim_t[fi[fa], j], self.aim_n[fi[fa], j] = -1, 0
            self.fan(fi[fa], j, rows[fa])

    # -------------------------------------------------------------- shootin'
    def shoot(self, fi: np.ndarray, j: int, rows: np.ndarray) -> None:
        """004 l.57-70, W20(a): each gun's shots (the main gun's, then the off hand's), one
        roll each, until the target is dead or (ruled: WN26) put out of the fight by the
        action when he was in it as it began, the gun jams (a bust), is empty or out of a
        shotgun's reach."""
        I = lambda name, sel: rows[sel, COL[name]].astype(np.int64)   # noqa: E731
        target = rows[:, COL["target"]].astype(np.int64)
        able = (self.cond[fi, target] == ACTIVE) & ~self.crippled[fi, target]
        held = np.zeros(len(fi), dtype=bool)   # WN26: the rest of the action's shots held
        for slot in (0, 1):
            has = rows[:, COL["ng"]] > slot
            gs = rows[:, COL[f"g{slot}"]].astype(np.int64)
            for g in np.unique(gs[has]).tolist():
                sel = np.flatnonzero(has & (gs == g))
                f0 = fi[sel]
                k = I("target", sel)
                shots, tn = I(f"shots{slot}", sel), I(f"tn{slot}", sel)
                m1, m2 = I(f"mod_first{slot}", sel), I(f"mod_rest{slot}", sel)
                reach = I(f"reach{slot}", sel) > 0
                inc, called = I(f"inc{slot}", sel), I("called", sel)
                yards = rows[sel, COL["yards"]]
                cnt, die = int(rows[sel[0], COL[f"count{slot}"]]), int(rows[sel[0],
                                                                           COL[f"die{slot}"]])
                go = reach & ~held[sel]
                for s in range(int(shots.max(initial=0))):
                    go &= (shots > s) & (self.cond[f0, k] != DEAD)
                    out = able[sel] & ~((self.cond[f0, k] == ACTIVE) & ~self.crippled[f0, k])
                    held[sel[go & out]] = True
                    go &= ~out
                    go &= ~self.jammed[f0, j, g] & (self.loaded[f0, j, g] > 0)
                    w = np.flatnonzero(go)
                    if len(w) == 0:
                        break
                    f2 = f0[w]
                    r = trait_roll(self.rng, len(w), cnt, die, (m1 if s == 0 else m2)[w],
                                   tn[w])
                    self.jammed[f2[r.bust], j, g] = True
                    go[w[r.bust]] = False
                    ok = ~r.bust
                    w3 = w[ok]
                    f3 = f0[w3]
                    self.loaded[f3, j, g] -= 1
                    self.shots[f3, j] += 1
                    hit = r.success[ok]
                    wh = w3[hit]
                    self.hits[f0[wh], j] += 1
                    self.hit(f0[wh], j, np.full(len(wh), g), k[wh], r.total[ok][hit],
                             r.raises[ok][hit], called[wh], inc[wh], yards[wh])

    def distances(self, fi: np.ndarray) -> np.ndarray:
        """(fights, men, men): the yards between every two men (as ``math.dist``)."""
        p = self.pos[fi]
        d = p[:, :, None, :] - p[:, None, :, :]
        return np.hypot(d[..., 0], d[..., 1])

    def fan(self, fi: np.ndarray, j: int, rows: np.ndarray) -> None:
        """004 l.146-162, W13, WN14: one roll; a bust jams; a hit for the success and one a
        raise (no more than the shots), the later ones at the men within 2 yards of the
        last (each man in the list the first time, then taking turns), no raises moving
        them."""
        ctx = self.ctx
        n = ctx.n
        gs = rows[:, COL["g0"]].astype(np.int64)
        for g in np.unique(gs).tolist():
            sel = np.flatnonzero(gs == g)
            f0, rw = fi[sel], rows[sel]
            cnt, die = int(rw[0, COL["count0"]]), int(rw[0, COL["die0"]])
            r = trait_roll(self.rng, len(f0), cnt, die, rw[:, COL["mod_first0"]].astype(
                np.int64), rw[:, COL["tn0"]].astype(np.int64))
            self.jammed[f0[r.bust], j, g] = True
            ok = ~r.bust
            f0, rw = f0[ok], rw[ok]
            total, succ, raises = r.total[ok], r.success[ok], r.raises[ok]
            shots = rw[:, COL["fan_shots"]].astype(np.int64)
            self.loaded[f0, j, g] -= shots
            self.shots[f0, j] += shots
            nh = np.array([[R.fanning_hits(True, k, s) for s in range(7)]
                           for k in range(MAX_RAISES + 1)])
            hits = np.where(succ, nh[np.minimum(raises, MAX_RAISES), np.minimum(shots, 6)], 0)
            self.hits[f0[hits > 0], j] += 1
            go = hits > 0
            if not go.any():
                continue
            f0, rw, total, hits = f0[go], rw[go], total[go], hits[go]
            m = len(f0)
            rr = np.arange(m)
            D = self.distances(f0)
            targets = rw[:, len(ROW) + ctx.nw:len(ROW) + ctx.nw + n].astype(np.int64)
            valid_t = targets >= 0
            tclip = np.maximum(targets, 0)
            others = tclip[:, 1:].copy()
            ovalid = valid_t[:, 1:].copy()
            prev = tclip[:, 0].copy()
            called0 = rw[:, COL["called"]].astype(np.int64)
            rng_ = ctx.wrange[j][g]
            follow = ctx.follow
            go = np.ones(m, dtype=bool)
            for k in range(int(hits.max())):
                go &= hits > k
                if not go.any():
                    break
                tgt = prev.copy()
                if k > 0 and others.shape[1]:
                    near = ovalid & (self.cond[f0[:, None], others] != DEAD) & \
                        (D[rr[:, None], others, prev[:, None]] <= follow + 1e-9)
                    has = near.any(axis=1) & go
                    rows_ = np.flatnonzero(has)
                    if len(rows_):
                        pidx = np.argmax(near[rows_], axis=1)
                        tgt[rows_] = others[rows_, pidx]
                        L = others.shape[1]
                        cols = np.arange(L)[None, :]
                        src = np.minimum(np.where(cols >= pidx[:, None], cols + 1, cols), L - 1)
                        src[:, -1] = pidx
                        newo = np.take_along_axis(others[rows_], src, axis=1)
                        newv = np.take_along_axis(ovalid[rows_], src, axis=1)
                        newo[:, -1] = tgt[rows_]
                        newv[:, -1] = True
                        others[rows_], ovalid[rows_] = newo, newv
                dead = go & (self.cond[f0, tgt] == DEAD)
                if dead.any():
                    dr = np.flatnonzero(dead)
                    cand = valid_t[dr] & (self.cond[f0[dr][:, None], tclip[dr]] != DEAD) & \
                        (D[dr[:, None], tclip[dr], prev[dr][:, None]] <= follow)
                    some = cand.any(axis=1)
                    go[dr[~some]] = False
                    ds = dr[some]
                    tgt[ds] = tclip[ds, np.argmax(cand[some], axis=1)]
                w = np.flatnonzero(go)
                if len(w) == 0:
                    break
                tg = tgt[w]
                yards = D[w, j, tg]
                u, back = np.unique(yards, return_inverse=True)
                inc = np.array([R.range_increments(float(v), rng_) for v in u.tolist()],
                               dtype=np.int64)[back.reshape(-1)]
                called = called0[w] if k == 0 else np.full(len(w), -1)
                self.hit(f0[w], j, np.full(len(w), g), tg, total[w],
                         np.zeros(len(w), dtype=np.int64), called, inc, yards)
                prev[w] = tg

    # -------------------------------------------------------------- a hit
    def hit(self, fi: np.ndarray, j: int, g: np.ndarray, tgt: np.ndarray, total: np.ndarray,
            raises: np.ndarray, called: np.ndarray, inc: np.ndarray,
            yards: np.ndarray) -> None:
        """A ranged hit on ``tgt`` (per fight) by fighter ``j``'s gun ``g`` (per fight):
        vamoose (004 l.184-199, W11), location (W7; 004 l.105-117; ``called`` an index of
        ``rules.CALLED``, -1 none), prone (l.117), cover (l.119-128, W9), damage (W8, W14),
        chips (W16), wounds, Wind, stun (W10)."""
        if len(fi) == 0:
            return
        for k in np.unique(tgt).tolist():
            s = tgt == k
            self.hit_one(fi[s], j, g[s], k, total[s], raises[s], called[s], inc[s], yards[s])

    def hit_one(self, fi, j, g, k, total, raises, called, inc, yards) -> None:
        ctx = self.ctx
        # his cover as it stands against this shooter: none from a man behind the same
        # landmark or within ``open_yards`` of him (ruled: WN27; ``WeirdWestFight.bare``)
        cov = self.cov[fi, k]
        cov = np.where((cov >= 0) & ((self.cov[fi, j] == cov) |
                                     (yards <= ctx.open_yards + R.EPS)), -1, cov)
        # vamoose: the highest card he holds, a dodge roll that must beat the shot
        if ctx.vamooses[k]:
            left = self.hand[fi, k] | self.held[fi, k]
            v = (left != 0) & self.able(fi, k)
            if v.any():
                vi = np.flatnonzero(v)
                fv = fi[vi]
                card = lowest(left[vi])
                b = bit(card)
                inh = (self.hand[fv, k] & b) != 0
                self.hand[fv[inh], k] &= ~b[inh]
                self.held[fv[~inh], k] &= ~b[~inh]
                self.discard(fv, b)
                cnt, die, unsk = ctx.dodge[k]
                lv = self.levels[fv, k]
                legs = (lv[:, LEFT_LEG] >= ctx.maimed) & (lv[:, RIGHT_LEG] >= ctx.maimed)
                # pace_of is at least 1 (WN2): he can move unless both legs are maimed
                mod = unsk + np.where(legs, ctx.cannot_move, 0) + self.penalty(fv, k)
                r = trait_roll(self.rng, len(vi), cnt, die, mod, 0)
                beats = ~r.bust & (r.total > total[vi])       # 004 l.194-195
                dodge = ~legs & (cov[vi] < 0)      # ranged: "cover" or "dodge" (WN27)
                self.prone[fv[dodge], k] = True            # ruled: WN15
                keep = np.ones(len(fi), dtype=bool)
                keep[vi[beats]] = False
                fi, g, total, raises, called, inc, yards, cov = (
                    fi[keep], g[keep], total[keep], raises[keep], called[keep], inc[keep],
                    yards[keep], cov[keep])
                if len(fi) == 0:
                    return
        m = len(fi)
        # location (W7): a called shot where it was called, else a d20 moved by the raises
        aim = R.AIMS.index(ctx.fighters[j].c.aim)
        roll = self.d(ctx.loc_die, m)
        loc = ctx.loc_of[aim, np.minimum(raises, MAX_RAISES), roll]
        sd = self.d(ctx.side_die, m)
        side = np.where(ctx.side_left[sd], 0, 1)
        cl = called >= 0
        loc = np.where(cl, ctx.called_loc[np.maximum(called, 0)], loc)
        side = np.where(cl, ctx.called_side[np.maximum(called, 0)], side)
        track = ctx.track[loc, side]
        near = yards <= ctx.prone_yards + R.EPS
        protect = np.where(near, ctx.prone_near[loc], ctx.prone_far[loc])
        ok = ~(self.prone[fi, k] & protect) & ~ctx.missing[k, track]
        fi, g, loc, track, inc, cov = fi[ok], g[ok], loc[ok], track[ok], inc[ok], cov[ok]
        if len(fi) == 0:
            return
        # cover (004 l.119-128, W9): odd deflects, else the dice lowered by the Armor
        covered = (cov >= 0) & ctx.cov_locs[cov, loc]
        armor = np.where(covered, ctx.cov_armor[cov], 0)
        if covered.any():
            ci = np.flatnonzero(covered)
            d = self.d(ctx.cover_die, len(ci))
            keep = np.ones(len(fi), dtype=bool)
            keep[ci[ctx.deflect[d]]] = False
            fi, g, loc, track, inc, armor = fi[keep], g[keep], loc[keep], track[keep], \
                inc[keep], armor[keep]
            if len(fi) == 0:
                return
        dmg = np.zeros(len(fi), dtype=np.int64)
        spec = np.stack([g, loc, inc, armor], axis=1)
        uniq, inv = np.unique(spec, axis=0, return_inverse=True)
        inv = inv.reshape(-1)
        for u, (gg, lc, ic, ar) in enumerate(uniq.tolist()):
            s = np.flatnonzero(inv == u)
            for cnt, die in ctx.damage_groups(j, gg, lc, ic):
                if ar:
                    die = R.lowered_die(die, ar)
                if die is None or cnt <= 0:
                    continue
                dmg[s] += acing(self.rng, die, (len(s), cnt))[0].sum(axis=1)
        self.damage(fi, k, dmg, track)

    def damage(self, fi: np.ndarray, k: int, dmg: np.ndarray, track: np.ndarray) -> None:
        """W8, W16, W10 (``WeirdWestFight.damage`` for a gun's hit)."""
        ctx = self.ctx
        m = len(fi)
        if len(dmg) and dmg.max() > MAX_DAMAGE:
            raise Uncovered(f"a hit of more than {MAX_DAMAGE} damage")
        wounds = ctx.wounds_of[int(ctx.size[k])][dmg]
        level = self.levels[fi, k, track]
        deadly = ((track == GUTS) | (track == NOGGIN)) & (level + wounds >= ctx.maimed)
        has = self.chips[fi, k] > 0
        chip = ctx.chip[has[:, 0].astype(np.int64), has[:, 1].astype(np.int64),
                        has[:, 2].astype(np.int64), np.minimum(wounds, MAX_WOUNDS), level,
                        deadly.astype(np.int64)]
        spent = chip >= 0
        self.chips[fi[spent], k, chip[spent]] -= 1
        negated = np.where(spent, np.minimum(wounds, ctx.negates[np.maximum(chip, 0)]), 0)
        w = wounds - negated
        after = np.minimum(ctx.maimed, level + np.maximum(0, w))   # R.level_after (W8)
        self.levels[fi, k, track] = after
        self.crippled[fi, k] = (self.levels[fi, k][:, list(LIMBS)] >= ctx.maimed).all(axis=1)
        maimed_now = (after >= ctx.maimed) & (level < ctx.maimed)
        if maimed_now.any():
            for tr in np.unique(track[maimed_now]).tolist():
                s = maimed_now & (track == tr)
                effect = ctx.effect[tr]
                ff = fi[s]
                if effect == "dead":
                    self.cond[ff, k] = DEAD
                elif effect == "falls":
                    self.prone[ff, k] = True
                elif effect == "drops":     # ruled: WN22
                    ih = self.inhand[ff, k]
                    cnt = ih.sum(axis=1)
                    firsti = np.argmax(ih, axis=1)
                    second = np.argmax(ih & (np.cumsum(ih, axis=1) == 2), axis=1)
                    two = ctx.two_handed[k, firsti]
                    lose = np.where((cnt > 0) & (two | (tr == RIGHT_ARM)), firsti,
                                    np.where(cnt > 1, second, -1))
                    dr = lose >= 0
                    self.inhand[ff[dr], k, lose[dr]] = False
        alive = self.cond[fi, k] != DEAD
        # W8, W20(b): (wounds)d6 Wind, at least 1d6, for damage done
        nd = np.where(alive, ctx.wind_n[w, (dmg > 0).astype(np.int64)], 0)
        if nd.any():
            top = int(nd.max())
            faces = self.d(ctx.wind_die, len(fi) * top).reshape(len(fi), top)
            lost = (faces * (np.arange(top)[None, :] < nd[:, None])).sum(axis=1)
            s = nd > 0
            self.lose_wind(fi[s], k, lost[s])
        # W10: a stun check for a man still able who took wounds
        st = (w > 0) & self.able(fi, k)
        if st.any():
            fs = fi[st]
            level_, die = ctx.traits["vigor"][k]
            r = trait_roll(self.rng, len(fs), level_, die, self.penalty(fs, k),
                           ctx.stun_tn[np.minimum(w[st], len(ctx.stun_tn) - 1)])
            stunned = fs[~r.success]
            self.discard(stunned, self.hand[stunned, k] | self.held[stunned, k])
            self.hand[stunned, k] = 0
            self.held[stunned, k] = 0

    # -------------------------------------------------------------- results
    def tally(self, tally_cls):
        """The odds' counts (``narrator.batch.Tally``): wins by side, "undecided", "nobody";
        rounds; each man's outcome as ``WeirdWest.outcome`` reads his status (dead, winded,
        surrendered, fled, maimed, wounded, unhurt); shots fired and those that hit, as ``WeirdWest.shots``
        counts them (a fan is its rounds, and one hit if any hit). Not ``Tally.from_arrays``:
        a side is up while one of its men can act (an active man maimed in all four limbs
        cannot); a man who fled or surrendered ends so whatever his wounds."""
        ctx = self.ctx
        out = tally_cls()
        out.trials = self.trials
        every = np.arange(self.trials)
        up = self.sides_up(every)
        n_up = up.sum(axis=1)
        first_up = np.argmax(up, axis=1)
        for k, side in enumerate(ctx.sides):
            v = int(((n_up == 1) & (first_up == k)).sum())
            if v:
                out.wins[side] = v
        for key, v in (("undecided", int((n_up > 1).sum())), ("nobody", int((n_up == 0).sum()))):
            if v:
                out.wins[key] = v
        turns = self.turns
        out.turns, out.turns_sq = int(turns.sum()), int((turns * turns).sum())
        out.seconds = 5 * out.turns        # TurnStarted: a round is 5 seconds
        out.seconds_sq = 25 * out.turns_sq
        if not self.fought:
            return out
        for j, name in enumerate(ctx.names):
            cond = self.cond[:, j]
            lv = np.where(ctx.missing[j], 0, self.levels[:, j])
            maimed = (lv >= ctx.maimed).any(axis=1)
            hurt = (lv > 0).any(axis=1)
            other = (cond != DEAD) & (cond != WINDED) & (cond != SURRENDERED) & (cond != FLED)
            d = {}
            for label, v in (("dead", cond == DEAD), ("winded", cond == WINDED),
                             ("surrendered", cond == SURRENDERED), ("fled", cond == FLED),
                             ("maimed", other & maimed), ("wounded", other & ~maimed & hurt),
                             ("unhurt", other & ~hurt)):
                c = int(v.sum())
                if c:
                    d[label] = c
            out.outcomes[name] = d
            shots = int(self.shots[:, j].sum())
            if shots:
                out.shots[name] = shots
                out.hits[name] = int(self.hits[:, j].sum())
        return out


def run_kernel(ctx: KernelContext, trials: int, seed: int, stream: int = 0, tally_cls=None):
    """Fight ``trials`` fights of the context's scenario at once, under its house rules, and
    return their tally (``narrator.kernel_base.run_kernel``, which see): a ``Tally`` (trials,
    wins, rounds and seconds, outcomes, shots, hits).

    Raises:
        Uncovered: the scenario uses something the kernel does not cover.
    """
    return kernel_base.run_kernel(_Kernel, not_covered, ctx, trials, seed, stream, tally_cls,
                                  within=tables.house(ctx.house))
