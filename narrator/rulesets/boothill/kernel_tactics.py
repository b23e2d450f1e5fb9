"""The tactics profiles' common decisions for thousands of fights at once (the odds kernel).

The kernel (``kernel.py``) asks the engine's own code for every decision, once per distinct
state of a fight; in a long fight almost every turn's state is new (wound points, wounds,
rounds loaded, cursors and positions of every man), so the engine is asked nearly every turn
of every fight. This module takes the decisions most turns need, with NumPy over all the
fights of a turn: the same arithmetic, in the same order, as ``tactics.decide`` (and
``complete_intents``, ``kind_of`` and ``plan`` around it), for

* a man with a usable gun and an enemy in its reach: the target (``tactics._choose``: the
  threats within point blank range first, ``tactics._threats``; then the men still in the
  fight, ``tactics._fighting``; the profile's weights, the chance estimated as
  ``tactics._estimate`` does, none at the natural-1 floor, ``tactics.FLOOR``; fire spread
  over targets his friends already chose this turn) and the shots (a combat turn's one or
  two careful shots; a shootout turn's shot list and draw, ``tactics._shot_list``);
* a man whose gun is empty, with no enemy at arm's length: he reloads it;
* a man with a usable gun and no shot above the floor at anyone: he reloads a gun of his
  with no round in it, else closes in on the nearest enemy (``tactics._advance``, with
  ``tactics._toward`` itself once per distinct pair of positions), else reloads or waits;
* before the first shot of the fight: a lawman's call on the other sides to surrender (once
  per side, with whatever else he does) and a sniper's sniping from solid cover;
* a man's move before he shoots, and the shot on the move (his gait's Table 2 modifier in
  the choice and the shot list, a running shot below his profile's ``min_chance_moving``
  not worth it, ``tactics._worth_it``): to the cover his profile seeks
  (``tactics._cover_move``), a sniper's walk away from enemies too near, an aggressive
  man's closing in from extreme range (``tactics._close_in``); each worked out by tactics'
  own functions once per distinct set of positions;
* a man who flees (badly hurt, outnumbered): out of every enemy's reach (a careful shot or a
  blow, ``tactics._in_their_reach``) he reloads, else he
  runs to cover within his run or away from them (``tactics._nearest_cover`` and
  ``tactics._away`` themselves, once per distinct set of positions);

and the kind of turn (``tactics.turn_kind``, ``shootout.wants_shootout``). A fight in which
any man's decision is another branch of ``tactics.decide`` (he clears a jam, has nothing to
reload or no way to name it, fights hand to hand) or a turn
the profiles would plan again (planned as a shootout turn and nobody's intent makes one) is
left to the engine's decision, as before; so are declared turns of kind ``auto``. In a
declared turn of a declared kind the declared intents stand and the profiles decide for the
men left to tactics, for that kind of turn (``complete_intents``). The shootout plans are the
engine's (``BootHillFight.plan``), kept per intent and the gun in hand.

What a scenario must be for this (``VecTactics.reasons``): every character has a tactics
profile, firearms only and no shotgun (any number of them: the target and the gun are
chosen together, a gun not in hand worth less in a shootout turn), no range-band rulings,
not at night.
``tests/test_kernel_tactics.py`` checks every decision taken here against the engine's for
the same state.

May import: numpy, narrator.rulesets.boothill.*, narrator.rows.
"""

from __future__ import annotations

import math
from contextlib import contextmanager

import numpy as np

from narrator.rows import rows_any, rows_argmin, rows_min, rows_sum
from narrator.rulesets.boothill import tables, tactics
from narrator.rulesets.boothill.kernel_layout import (
    ACTIVE, C_COND, C_COVER, C_CUR_W, C_CURSOR, C_DRAWN, C_GUN_SER, C_LANDMARK, C_LIGHT,
    C_LL_L, C_LL_S, C_RL_L, C_RL_S, C_MOUNTED, C_OFF_SER, C_PLAN, C_PRONE, C_QI, C_SERIOUS, C_WP, F_CALLED, F_FIRED,
    F_LAST_KIND, KIND_COMBAT, KIND_SHOOTOUT, W_JAMMED, W_LOADED, W_USELESS)
from narrator.rulesets.boothill.shootout import TWENTY_FEET_YARDS

ST_HIP, ST_FANNED, ST_CAREFUL, ST_STEADY = range(4)
SHOT_NAMES = ("hip", "fanned", "careful", "steady")
TIE = 1e-12   # tactics' tolerance on equal scores
_UNSEEN = object()   # (k.cache: no decision stored yet; None and 0 are decisions)


def _bands(limits: tuple[float, float, float, float], yards: np.ndarray) -> np.ndarray:
    """``tables.band_within`` for each distance: 0 point blank, 1 short, 2 long, 3 extreme,
    -1 out of range (each band includes its own limit)."""
    pb, short, long_, extreme = limits
    if pb <= short <= long_ <= extreme:
        # (the limits it lies past, counted: an eighth of the nested wheres' time on 25,000
        # distances; a NaN distance is out of range, as there)
        past = (yards > pb).view(np.int8) + (yards > short).view(np.int8) \
            + (yards > long_).view(np.int8)
        return np.where(yards <= extreme, past, np.int64(-1))
    return np.where(yards <= pb, 0, np.where(yards <= short, 1, np.where(
        yards <= long_, 2, np.where(yards <= extreme, 3, -1))))


def round_tenths(a: np.ndarray) -> np.ndarray:
    """Each value of the float array ``a`` rounded to 0.1 as Python's ``round(v, 1)`` rounds
    it (the nearest double to the correctly rounded decimal), as a new float64 array.
    ``rint(v * 10) / 10`` is that wherever ``v * 10`` lies clear of a half (the product's
    rounding cannot move it across one; the division is correctly rounded); the values
    within a hair of a half are rounded by Python itself."""
    a = np.asarray(a, dtype=np.float64)
    tens = a * 10.0
    out = np.rint(tens) / 10.0
    doubt = np.abs(tens - np.floor(tens) - 0.5) < 1e-6
    doubt |= ~np.isfinite(a)
    if doubt.any():
        flat, src = out.reshape(-1), a.reshape(-1)
        for q in np.flatnonzero(doubt.reshape(-1)).tolist():
            flat[q] = round(float(src[q]), 1)
    return out


class VecTactics:
    """The vectorised decisions of one scenario's profiles (``decide``), built once per
    kernel context from the representative fight's fighters."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        sc, rep = ctx.scenario, ctx.rep
        self._keep = self._solid = np.zeros(0)   # (keep(), solid(): built as covers come)
        self.reasons = reasons = []
        if sc.night:
            reasons.append("night")
        if any(r.range_band for r in ctx.profile.rulings):
            reasons.append("range-band rulings")
        fighters = ctx.fighters
        self.profiles = []
        for f in fighters:
            if not f.c.tactics:
                reasons.append("a character without a tactics profile")
                break
            self.profiles.append(tactics.PROFILE_TABLE[f.c.tactics])
            for ws in f.weapons:
                wt = ws.wt
                if not wt.is_firearm or wt.is_shotgun or wt.is_melee:
                    reasons.append("a weapon that is not a firearm or is a shotgun")
        if reasons:
            reasons[:] = sorted(set(reasons), key=reasons.index)
            return
        n = len(fighters)
        house = ctx.house
        self.light_pen = house.light_wound_penalty
        self.covered_landmarks = any(lm.cover is not None for lm in sc.map.values())
        # (registry index, landmark) of each landmark with cover, in the map's order
        self.cover_landmarks = [(ctx.landmarks.index(key), lm) for key, lm in sc.map.items()
                                if lm.cover is not None]
        self.arms_length = tables.hand_to_hand()["reach"]["yards"]
        self.point_blank = tables.point_blank_yards()
        self.open_yards = tables.open_yards()   # ruled: BN7
        self.nw = [len(f.weapons) for f in fighters]
        # per fighter, per weapon: tactics._static per shot type, band limits per shot type,
        # the Table 2 modifier by band code, a long arm, a revolver, its reload rate (-1:
        # none), capacity, whether an intent can name it (tactics._addressable, when it is
        # not in hand) and how (_weapon_ref)
        self.static, self.limits, self.bandmod = [], [], []
        self.long_arm, self.revolver, self.rate, self.capacity = [], [], [], []
        self.named, self.ref, self.weapon_short = [], [], []
        self.luck_p = np.zeros(n)
        self.size_mod = np.zeros((n, 2), dtype=np.int64)   # not prone, prone
        self.cap = np.zeros(n, dtype=np.int64)
        self.draw = []
        self.draw_counts = np.zeros(n)
        for j, f in enumerate(fighters):
            self.static.append([[tactics._static(rep, f, ws.wt, st) for st in SHOT_NAMES]
                                for ws in f.weapons])
            self.limits.append([[tables.band_limits(ws.wt, st) for st in SHOT_NAMES]
                                for ws in f.weapons])
            self.bandmod.append([np.array((tactics.POINT_BLANK_MODIFIER.get(ws.wt.kind, 0),
                                           tactics.BAND_MODIFIER["short"],
                                           tactics.BAND_MODIFIER["long"],
                                           tactics.BAND_MODIFIER["extreme"]))
                                 for ws in f.weapons])
            self.long_arm.append([ws.wt.kind == "long_arm" for ws in f.weapons])
            self.revolver.append([ws.wt.is_revolver for ws in f.weapons])
            self.rate.append([float(ws.wt.reload) if ws.wt.reload is not None else -1.0
                              for ws in f.weapons])   # (Fractions of small denominators:
            #                                            as floats, in the same order)
            self.capacity.append([ws.capacity for ws in f.weapons])
            self.weapon_short.append([float(ws.wt.short) for ws in f.weapons])
            self.ref.append([ws.spec.name or ws.spec.type for ws in f.weapons])
            self.named.append([rep.weapon_index(f, ws.spec.name or ws.spec.type) == g
                               for g, ws in enumerate(f.weapons)])
            self.luck_p[j] = f.c.attributes.luck / 400
            for prone in (0, 1):
                size = f.c.size
                if prone and size == "normal":
                    size = "small"
                mod = tables.hit_modifier(f"size_{size}") if size != "normal" else 0
                if f.c.obscured:
                    mod -= 2
                self.size_mod[j, prone] = mod
            self.cap[j] = f.capacity
            draw, counts = tactics._draw_counts(rep, f, self.profiles[j].draw_tolerance)
            self.draw.append(draw)
            self.draw_counts[j] = counts
        self.side = ctx.side_idx
        self.other = self.side[:, None] != self.side[None, :]
        nw = ctx.nw   # (the kernel's weapon columns: men with fewer weapons are padded)
        self.real = np.zeros((n, nw), dtype=bool)
        self.capacities = np.zeros((n, nw), dtype=np.int64)
        self.reloads = np.zeros((n, nw), dtype=bool)
        for j in range(n):
            self.real[j, :self.nw[j]] = True
            self.capacities[j, :self.nw[j]] = self.capacity[j]
            self.reloads[j, :self.nw[j]] = [r >= 0 for r in self.rate[j]]
        self.per_turn = {st: tables.shots_per_shootout_turn(st) for st in SHOT_NAMES}
        self.counts = {st: tables.shot_counts(st) for st in SHOT_NAMES}

    def keep(self) -> np.ndarray:
        """Per cover id of the context's registry, the share of Table 11 locations it leaves
        open (``tactics.Facts.keep``; 1.0 for no cover: the same product). Built again only
        when the registry has grown (it is only ever appended to)."""
        covers = self.ctx.covers
        if len(self._keep) != len(covers):
            self._keep = np.array([1.0] + [1.0 - tactics.cover_share(c.locations)
                                           for c in covers[1:]])
        return self._keep

    def estimate(self, j: int, g: int, st: int, band: np.ndarray, wound: np.ndarray,
                 size: np.ndarray, keep: np.ndarray) -> np.ndarray:
        """``tactics._estimate`` of fighter ``j``'s shot of type ``st`` with his weapon ``g``
        (``wound``: his Table 2 wound modifier for its kind) at targets of these Table 2 size
        modifiers and cover shares (no gait), band codes >= 0."""
        return self.chance(j, self.modified(j, g, st, band, wound, size), keep)

    def chance(self, j: int, c: np.ndarray, keep: np.ndarray) -> np.ndarray:
        """``tactics._estimate`` of fighter ``j``'s shots from their ``modified`` chances to
        hit ``c`` at targets of these cover shares: a chance of 1 or more as it stands (19
        at most, in twentieths), below that his Luck's (B4)."""
        p = np.where(c < 1, self.luck_p[j], np.minimum(c, 19) / 20)
        return p * keep

    def modified(self, j: int, g: int, st: int, band: np.ndarray, wound: np.ndarray,
                 size: np.ndarray) -> np.ndarray:
        """``tactics._modified``: the chance to hit ``estimate`` works from (no gait); a shot
        is worth choosing when it is above ``tactics.FLOOR``."""
        return self.static[j][g][st] + self.bandmod[j][g][np.maximum(band, 0)] + wound + size

    def wound(self, st: _State, j: int, g: int) -> np.ndarray:
        """Fighter ``j``'s Table 2 wound modifier for his weapon ``g``'s kind."""
        return st.wound_long[:, j] if self.long_arm[j][g] else st.wound_other[:, j]

    def best_reload(self, st: _State, j: int) -> np.ndarray:
        """``tactics._reloadable``: the weapon best worth reloading (the fastest rate, the
        first on a tie), -1 for none."""
        r = np.full(len(st.live), -1)
        rate = np.full(len(st.live), -1.0)
        for g in range(self.nw[j]):
            better = st.reloadable[:, j, g] & ((r < 0) | (self.rate[j][g] > rate))
            r = np.where(better, g, r)
            rate = np.where(better, self.rate[j][g], rate)
        return r

    def reload_ref(self, st: _State, j: int, r: np.ndarray) -> np.ndarray:
        """``tactics._reload_ref`` as a code: 0 the weapon in hand (True), g + 1 weapon ``g``
        by name or type, -1 none (nothing to reload, or a weapon no intent can name)."""
        cur = st.S[:, j, C_CUR_W]
        named = np.array(self.named[j] + [False])[r]     # (r = -1: the padding False)
        return np.where(r < 0, -1, np.where(r == cur, 0, np.where(named, r + 1, -1)))

    def reload_intent(self, k, j: int, code: int, **kw) -> int:
        """The intent id of a reload of ``reload_ref`` code ``code``."""
        ref = True if code == 0 else self.ref[j][code - 1]
        return k._intent_id(tactics._intent(reload=ref, **kw))

    def decide(self, k, t: int, live: np.ndarray, declared: dict[int, int] | None = None,
               kind: str = "auto") -> tuple[np.ndarray, np.ndarray]:
        """The decisions of turn ``t`` for the fights ``live`` of kernel ``k``, as
        ``_Kernel.decide``'s rows; and which fights they are taken for (the others are left
        to the engine). ``declared``: the turn's declared intents (man -> intent id) and
        ``kind`` its declared kind, for a declared turn.

        As ``complete_intents``: declared intents always win; the profiles decide for the
        others (``tactics.decide``), for the declared kind of turn when one is declared, else
        for the kind ``tactics.turn_kind`` expects; a turn planned as a shootout turn in which
        nobody's intent makes one (``wants_shootout``) is planned again as a combat turn, and
        that plan kept when it makes none either (else the shootout plan stands); ``kind_of``
        then fights it as planned (the declared kind, when one is declared).

        Returns:
            (rows: int array (fights, 2 + 5 * men), taken: bool per fight).
        """
        n, m = k.n, len(live)
        st = _State(k, live)
        out = np.full((m, 2 + 5 * n), -1, dtype=np.int64)
        declared = declared or {}
        if kind != "auto":   # (declared: the profiles plan for it, it is fought as it)
            st.shoot = np.full(m, kind == "shootout")
            iid, taken, wants, called = self._pass(k, st, st.shoot, declared)
            kind_shoot = st.shoot
        else:
            iid, taken, wants, called = self._pass(k, st, st.shoot, declared)
            taken &= ~(~st.shoot & wants)   # (planned as combat, fought as a shootout)
            again = st.shoot & ~wants & taken
            if again.any():   # (planned again: only those fights)
                rows = np.flatnonzero(again)
                iid2, taken2, wants2, called2 = self._pass(
                    k, st.take(rows), np.zeros(len(rows), dtype=bool), declared)
                combat = np.zeros(m, dtype=bool)
                combat[rows[~wants2]] = True   # (else the shootout plan stands)
                iid[combat] = iid2[~wants2]
                called[combat] = called2[~wants2]
                taken[rows[~taken2]] = False
                kind_shoot = st.shoot & ~combat
            else:
                kind_shoot = st.shoot
        out[:, 0] = np.where(kind_shoot, KIND_SHOOTOUT, KIND_COMBAT)
        out[:, 1] = called
        out[:, 2:2 + n] = iid
        if kind_shoot.any():
            rows_all = np.arange(m)
            for j in range(n):
                has = kind_shoot & (iid[:, j] > 0) & st.up[:, j] & taken
                if not has.any():
                    continue
                key = np.stack([iid[:, j], st.S[:, j, C_CUR_W], st.S[:, j, C_DRAWN]], axis=1)
                uniq, _, inv = k._distinct(key[has])
                got = np.array([self.plan(k, t, j, x, w, dr) for x, w, dr in uniq.tolist()],
                               dtype=np.int64)
                out[rows_all[has], 2 + n + 4 * j:2 + n + 4 * j + 4] = got[inv]
        return out, taken

    def _pass(self, k, st: _State, shoot: np.ndarray, declared: dict[int, int]
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every man's intent (``tactics.decide``, in the fighters' order, fire spread over
        the targets chosen before him; ``declared``: the declared intents, man -> intent id,
        which always win) when the turn is planned as a shootout turn where ``shoot`` (else a
        combat turn): (intent ids, taken, whether the intents make a shootout turn:
        ``wants_shootout``, used for a turn of kind ``auto`` only; the sides whose lawmen have
        called for surrender after it, a bit per side).

        Before the first shot of the fight a lawman calls on the enemy sides to surrender,
        once per side (``tactics.decide``'s second step: the call is the ``other`` action of
        whatever he does, his intent when he does nothing else), and a sniper behind solid
        cover who shoots without moving declares sniping."""
        n, m = k.n, len(st.live)
        S, Y, up, wp, loaded = st.S, st.Y, st.up, st.wp, st.loaded
        usable, size, keep, enemy = st.usable, st.size, st.keep, st.enemy
        armed = st.armed
        other = self.other
        rows_all = np.arange(m)
        taken = np.ones(m, dtype=bool)
        targeted = np.zeros((m, int(self.side.max()) + 1, n))
        iid = np.zeros((m, n), dtype=np.int64)
        wants = np.zeros(m, dtype=bool)                          # shootout.wants_shootout
        for j, x in declared.items():
            iid[:, j] = x
        n_en_all = rows_sum(enemy, 2)                             # (fight, man)
        sides = int(self.side.max()) + 1
        up_by_side = np.stack([rows_sum(up[:, self.side == q], 1) for q in range(sides)],
                              axis=1)
        called = k.F[st.live, F_CALLED].copy()
        marks: list[tuple[int, str, np.ndarray]] = []   # (man, intent field, fights)
        moves = _Moves()   # the moves of this pass (code 0: none)
        running = np.zeros((m, n), dtype=bool)   # tactics._fleeing, every man (_running)
        for j, prof in enumerate(self.profiles):
            n_en = n_en_all[:, j]
            n_fr = up_by_side[:, self.side[j]]
            hurt = wp[:, j] * 2 > self.cap[j]
            odds = (n_en >= prof.flee_odds * n_fr) if prof.flee_odds > 0 \
                else np.zeros(m, dtype=bool)
            # tactics._fleeing: any wound; else badly hurt (and outnumbered, for some);
            # else outnumbered
            hurt_rule = hurt if prof.flee_hurt else np.zeros(m, dtype=bool)
            flee = (wp[:, j] > 0) if prof.flee_any_wound else np.zeros(m, dtype=bool)
            flee = flee | (hurt_rule & odds if prof.flee_hurt_needs_odds else hurt_rule)
            if not prof.flee_hurt_needs_odds:
                flee = flee | (~hurt_rule & odds)
            running[:, j] = flee
        flight = self._flight(k, st, running, shoot, declared)
        for j, prof in enumerate(self.profiles):
            if j in declared:
                continue
            en = enemy[:, j, :]
            n_en = n_en_all[:, j]
            has = up[:, j] & (n_en > 0)
            if not has.any():
                continue
            flee = running[:, j] & has
            if flee.any():
                self._flee(k, st, j, flee, shoot, iid, taken)
            go = has & ~flee
            calls = None
            if prof.calls_surrender:   # (once per side, before the first shot)
                bit = 1 << int(self.side[j])
                calls = go & st.unfired & ((called & bit) == 0)
                called[calls] |= bit
            if calls is not None and calls.any():
                marks.append((j, "other", calls))
            # his move, before any shot (tactics._cover_move; a sniper's walk away from an
            # enemy too near, tactics.decide step 4): a code into moves (0: none)
            mv = np.zeros(m, dtype=np.int64)
            if prof.seeks_cover and self.covered_landmarks:
                rows = go & (S[:, j, C_COVER] == 0) & (S[:, j, C_PRONE] == 0)
                if rows.any():
                    mv = self._moves(k, st, j, prof, rows, shoot, "cover", moves, mv)
            # nothing to shoot with: reload (a jam, nothing to reload, an enemy at arm's
            # length: the engine's), moving to cover if he goes there
            empty = go & ~armed[:, j]
            if empty.any():
                ref = self.reload_ref(st, j, self.best_reload(st, j))
                taken &= ~(empty & ((ref < 0) | st.at_arms[:, j]))
                ok = empty & (ref >= 0)
                if ok.any():
                    uniq, _, inv = k._distinct(np.stack([ref, mv], axis=1)[ok])
                    ids = np.array([self.reload_intent(k, j, code, move=moves[x], other=None)
                                    for code, x in uniq.tolist()], dtype=np.int64)
                    iid[ok, j] = ids[inv]
            # a target (tactics._choose); an enemy within point blank range with a gun that
            # can fire comes first (tactics._threats: the engine's)
            sh = go & armed[:, j]
            if not sh.any():
                continue
            # (tactics._threats: enemies within point blank range with a gun that can fire,
            # not running away, chosen among first)
            threats = en & (Y[:, j, :] <= self.point_blank) & armed & ~running
            if prof.keeps_distance:
                rows = sh & (mv == 0) & (S[:, j, C_COVER] == 0)
                nearest = rows_min(np.where(en, Y[:, j, :], np.inf), 1)
                rows &= (nearest > TWENTY_FEET_YARDS) & (nearest < prof.keeps_distance)
                if rows.any():
                    mv = self._moves(k, st, j, prof, rows, shoot, "away", moves, mv)
            cur = S[:, j, C_CUR_W]
            mine = [usable[:, j, g] & ((cur == g) | self.named[j][g])
                    for g in range(self.nw[j])]            # tactics._addressable
            # the men still in the fight first (tactics._fighting: not running away, armed
            # or within reach), then, where none of them can be hit, every enemy
            fighting = ~running & (armed | (Y[:, j, :] <= self.arms_length + 1e-9))
            gmod, fast, crawl = self._gaits(moves, mv)
            best, best_w, best_yards, best_p, best_band = self._choose(
                st, j, prof, sh, gmod, fast, crawl, shoot, targeted, mine, fighting, threats,
                flight)
            nobody = sh & (best < 0) & (mv == 0)   # no shot worth choosing, no move: he
            if nobody.any():                       # closes in, or reloads
                self._no_shot(k, st, j, prof, nobody, shoot, iid)
            if prof.closes_in and prof.advance:
                # a shot at extreme range that his run would bring within long range: he
                # closes in (tactics._close_in) and chooses again on the move
                ext = sh & (mv == 0) & (best_band == 3) & (S[:, j, C_PRONE] == 0)
                if ext.any():
                    before = mv
                    mv = self._close_in(k, st, j, prof, ext, shoot, best, best_w, moves, mv)
                    again = ext & (mv != before)
                    if again.any():
                        gmod, fast, crawl = self._gaits(moves, mv)
                        got = self._choose(st, j, prof, again, gmod, fast, crawl, shoot,
                                           targeted, mine, fighting, threats, flight)
                        for old, new_ in zip((best, best_w, best_yards, best_p, best_band),
                                             got, strict=True):
                            old[again] = new_[again]
            walk = sh & (best < 0) & (mv > 0)   # on the move with no shot: the move alone
            if walk.any():
                uniq, _, inv = k._distinct(mv[walk, None])
                ids = np.array([k._intent_id(tactics._intent(move=moves[x], other=None))
                                for (x,) in uniq.tolist()], dtype=np.int64)
                iid[walk, j] = ids[inv]
            sh &= best >= 0
            if prof.snipes:   # (tactics.decide: standing behind solid cover, no shot yet)
                snipe = sh & (mv == 0) & st.unfired & self.solid()[S[:, j, C_COVER]]
                if snipe.any():
                    marks.append((j, "sniping", snipe))
            targeted[rows_all[sh], self.side[j], best[sh]] += 1
            wref = np.where(best_w == cur, -1, best_w)     # tactics._weapon_ref (-1: None)
            bw = np.maximum(best_w, 0)
            bloaded = loaded[rows_all, j, bw]
            # the shots: a combat turn's careful shots
            comb = sh & ~shoot
            wants |= comb & (best_yards <= TWENTY_FEET_YARDS)
            if comb.any():
                combo = np.stack([best, np.minimum(2, bloaded), wref, mv], axis=1)[comb]
                uniq, _, inv = k._distinct(combo)
                ids = np.array([k._intent_id(tactics._intent(
                    shoot=k.names[o], shots=q, weapon=None if w < 0 else self.ref[j][w],
                    aim=prof.aim, move=moves[x], sniping=False, other=None))
                    for o, q, w, x in uniq.tolist()], dtype=np.int64)
                iid[comb, j] = ids[inv]
            # a shootout turn's shot list (tactics._shot_list, first_count)
            so = sh & shoot
            if not so.any():
                continue
            ti = np.maximum(best, 0)
            draw = (S[:, j, C_DRAWN] == 0) | (best_w != cur)
            start = np.where(draw, self.draw_counts[j], 0.0) + st.cursor[:, j]
            close = best_yards <= TWENTY_FEET_YARDS
            b_val = np.full(m, -1.0)
            b_st = np.where(close, ST_HIP, ST_CAREFUL)
            b_n = np.ones(m, dtype=np.int64)
            tsize = size[rows_all, ti]
            tkeep = keep[rows_all, j, ti]
            for g in range(self.nw[j]):
                gun = so & (best_w == g)
                if not gun.any():
                    continue
                # (and his gait's Table 2 modifier, and the target's flight's)
                wound = self.wound(st, j, g) + gmod + flight[rows_all, ti]
                quick = np.zeros(m, dtype=bool)   # a hipshot or fanned shot above the floor
                for kind in (ST_HIP, ST_FANNED, ST_CAREFUL, ST_STEADY):
                    if kind == ST_FANNED and not self.revolver[j][g]:
                        continue
                    # within 20 feet quick shots; careful or steady ones when none of those
                    # is above the floor (tactics._shots)
                    rows = gun & close if kind in (ST_HIP, ST_FANNED) else gun & ~(close & quick)
                    name = SHOT_NAMES[kind]
                    band = _bands(self.limits[j][g][kind], best_yards)
                    rows &= (band >= 0) & (self.modified(j, g, kind, band, wound, tsize)
                                           > tactics.FLOOR)
                    if kind in (ST_HIP, ST_FANNED):
                        quick |= rows
                    if not rows.any():
                        continue
                    p = self.estimate(j, g, kind, band, wound, tsize, tkeep)
                    count = np.minimum(self.per_turn[name], bloaded)
                    value = np.zeros(m)
                    for q in range(1, self.per_turn[name] + 1):
                        end = start + q * self.counts[name]
                        step = value + (p * np.maximum(0.1, 1.0 - prof.haste * end)
                                        - prof.ammo_care)
                        at = np.flatnonzero(q <= count)   # (in place, by integer indices)
                        value[at] = step.take(at)
                    better = np.flatnonzero(rows & (value > b_val + TIE))
                    b_val[better] = value.take(better)
                    b_st[better] = kind
                    b_n[better] = count.take(better)
            wants |= so & ((b_st != ST_CAREFUL) | close)
            combo = np.stack([best, b_st, b_n, draw, wref, mv], axis=1)[so]
            uniq, _, inv = k._distinct(combo)
            ids = np.array([k._intent_id(tactics._intent(
                shoot=k.names[o], shots=[SHOT_NAMES[kind]] * q,
                draw=self.draw[j] if dr else None, weapon=None if w < 0 else self.ref[j][w],
                aim=prof.aim, move=moves[x], sniping=False, other=None))
                for o, kind, q, dr, w, x in uniq.tolist()], dtype=np.int64)
            iid[so, j] = ids[inv]
        for j, field, rows in marks:
            self._mark(k, st, j, field, rows, iid)
        # a man with actions carried over and no intent makes it a shootout turn too
        wants |= st.last_shoot & rows_any(st.queued & (iid == 0), 1)
        return iid, taken, wants, called

    def _choose(self, st: _State, j: int, prof, pick0: np.ndarray, gmod: np.ndarray,
                fast: np.ndarray, crawl: np.ndarray, shoot: np.ndarray, targeted: np.ndarray,
                mine: list[np.ndarray], fighting: np.ndarray, threats: np.ndarray,
                flight: np.ndarray) -> tuple[np.ndarray, ...]:
        """``tactics._choose`` (then ``_worth_it``) for man ``j`` in the fights ``pick0``,
        with his gait's Table 2 modifier ``gmod`` (``fast``: running or galloping, where a
        shot below the profile's ``min_chance_moving`` is not worth it; ``crawl``: crawling,
        no shot in a combat turn, B18(a); ``flight``: each target's Table 2 movement modifier
        when his profile runs him off, ``_flight``): the threats first
        (``threats``: ``tactics._threats``; when they are all his enemies, the choice among
        them stands, even none), then the men still in the fight (``fighting``), then every
        enemy, each where none of those before can be hit; per fight (target, -1: none;
        weapon; yards; estimated chance; careful band code)."""
        m = len(st.live)
        Y, wp, size, keep, en = st.Y, st.wp, st.size, st.keep, st.enemy[:, j, :]
        cur = st.S[:, j, C_CUR_W]
        best = np.full(m, -1)
        best_w = np.full(m, -1)
        best_score = np.zeros(m)
        best_yards = np.zeros(m)
        best_p = np.zeros(m)
        best_band = np.full(m, -1)
        n_threats = rows_sum(threats, 1)
        settled = n_threats == rows_sum(en, 1)   # (the threats are all of them: that tier's
        #                                          choice stands)
        tiers = [threats, fighting, None] if n_threats.any() else [fighting, None]
        # (what a target and a gun give does not depend on the tier: worked out at the first
        # tier that needs it, then kept: per (target, gun) the band, whether the shot is
        # one to choose, and its chance and score; per target his value)
        per: dict[tuple[int, int], list] = {}
        values: dict[int, np.ndarray] = {}
        for level, tier in enumerate(tiers):
            pick = pick0
            if level:
                pick = pick0 & ~((best >= 0) & (best_p > 0))
                if tier is not threats and n_threats.any():
                    pick &= ~((n_threats > 0) & settled)
                if not pick.any():
                    break
                best[pick], best_w[pick], best_score[pick] = -1, -1, 0.0
                best_yards[pick], best_p[pick], best_band[pick] = 0.0, 0.0, -1
            for o in range(len(self.profiles)):
                if not self.other[j, o]:
                    continue
                y = Y[:, j, o]
                for g in range(self.nw[j]):
                    got = per.get((o, g))
                    if got is None:
                        band = _bands(self.limits[j][g][ST_CAREFUL], y)
                        wound = self.wound(st, j, g) + gmod + flight[:, o]
                        c = self.modified(j, g, ST_CAREFUL, band, wound, size[:, o])
                        able = en[:, o] & mine[g] & (band >= 0) & (
                            c > tactics.FLOOR)   # (tactics._options: above the floor)
                        got = per[(o, g)] = [band, c, able, None, None]
                    band, c, able, p, score = got
                    valid = pick & able
                    if tier is not None:
                        valid &= tier[:, o]
                    if not valid.any():
                        continue
                    if p is None:
                        value = values.get(o)
                        if value is None:   # (the same whatever gun shoots him)
                            value = (1.0 + prof.near * 10 / (10 + y)
                                     + prof.danger * st.reach(self, o, j)
                                     + prof.wounded * wp[:, o] / self.cap[o])
                            value = values[o] = value / (
                                1.0 + 0.35 * targeted[:, self.side[j], o])
                        p = got[3] = self.chance(j, c, keep[:, j, o])
                        worth = np.where(shoot & (cur != g), value * 0.85, value)
                        score = got[4] = p * np.maximum(worth, 0.05)
                    tie = (np.abs(score - best_score) <= TIE) & (
                        (g < best_w) | ((g == best_w) & (o < best)))
                    better = valid & ((best < 0) | (score > best_score + TIE) | tie)
                    # (in place, by integer indices: np.where on a mask of mixed values
                    # costs several times more)
                    q = np.flatnonzero(better)
                    best[q] = o
                    best_w[q] = g
                    best_score[q] = score.take(q)
                    best_yards[q] = y.take(q)
                    best_p[q] = p.take(q)
                    best_band[q] = band.take(q)
        best = np.where((fast & (best_p < prof.min_chance_moving)) | (crawl & ~shoot), -1,
                        best)   # _worth_it
        return best, best_w, best_yards, best_p, best_band

    def _flight(self, k, st: _State, running: np.ndarray, shoot: np.ndarray,
                declared: dict[int, int]) -> np.ndarray:
        """``tactics.flight_modifier`` of every man in every fight, (fight, man): the Table 2
        target-movement modifier of his flight when his profile runs him off (``running``,
        no intent declared for him) and some enemy can reach him (else he reloads where he
        stands); at the gait ``tactics._gait`` gives him for a run, once per distinct mount,
        kind of turn and the wounds a move reads (``move_wounds``)."""
        m, n = len(st.live), k.n
        out = np.zeros((m, n), dtype=np.int64)
        if not running.any():
            return out
        hunted = rows_any(st.enemy, 2)   # (fight, man): some enemy of his is up
        for o in range(n):
            if o in declared:
                continue
            en = st.enemy[:, o, :]
            fl = running[:, o] & st.up[:, o] & hunted[:, o]
            if not fl.any():
                continue
            seen = st.at_arms[:, o].copy()   # (tactics._in_their_reach: a blow reaches him)
            for x in range(n):
                if self.other[o, x]:
                    seen |= en[:, x] & (st.reach(self, x, o) != 0.0)
            q = np.flatnonzero(fl & seen)
            if not len(q):
                continue
            mounted = st.S[q, o, C_MOUNTED] != 0
            legs = self.move_wounds(st, o, q)
            key = np.concatenate([mounted[:, None], shoot[q, None], legs], axis=1)

            def decide(i: int, o: int = o, q: np.ndarray = q, legs: np.ndarray = legs) -> int:
                r = int(q[i])
                kind = "shootout" if shoot[r] else "combat"
                with self._placed(k, st, o, r, legs[i]) as (f, _):
                    return tactics.TARGET_GAIT_MODIFIER.get(tactics._gait(f, "run", kind), 0)

            got, inv = self._per_distinct(k, ("flight", o), key, decide)
            out[q, o] = np.array(got, dtype=np.int64)[inv]
        return out

    @staticmethod
    def _gaits(moves: _Moves, mv: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per fight, the Table 2 modifier of the gait of his move ``mv`` (0 for none),
        whether it is running or galloping and whether crawling (``tactics._worth_it``)."""
        gaits = [None if x is None else x.gait for x in moves.items]
        mods = np.array([tactics.GAIT_MODIFIER.get(g, 0) for g in gaits])
        fast = np.array([g in ("running", "galloping") for g in gaits])
        crawl = np.array([g == "crawling" for g in gaits])
        return mods[mv], fast[mv], crawl[mv]

    def _moves(self, k, st: _State, j: int, prof, rows: np.ndarray, shoot: np.ndarray,
               what: str, moves: _Moves, mv: np.ndarray) -> np.ndarray:
        """``mv`` with man ``j``'s move in the fights ``rows`` (he is behind no cover, not
        prone): ``what`` "cover", ``tactics._cover_move`` (the landmark with cover his
        profile seeks, within his walk, or within his run but in a shootout turn one
        second's run); "away", a sniper's walk away from enemies too near
        (``tactics._away``). Worked out by tactics' own functions once per distinct set of
        positions, enemies' landmarks, kind of turn, mount and the wounds a move reads
        (``move_wounds``)."""
        en = st.enemy[:, j, :]
        q = np.flatnonzero(rows)
        mounted = st.S[q, j, C_MOUNTED] != 0
        legs = self.move_wounds(st, j, q)
        key = np.concatenate([st.P[q, j], np.where(en[q, :, None], st.P[q], np.nan)
                              .reshape(len(q), -1), np.where(en[q], st.S[q, :, C_LANDMARK], -1),
                              shoot[q, None], mounted[:, None], legs], axis=1)

        def decide(i: int):
            r = int(q[i])
            kind = "shootout" if shoot[r] else "combat"
            with self._placed(k, st, j, r, legs[i], enemies=True) as (f, enemies):
                f.cover, f.prone = None, False
                if what == "cover":
                    return tactics._cover_move(k.rep, f, prof, enemies, kind)
                return tactics._keep_away(k.rep, f, enemies, kind)

        got, inv = self._per_distinct(k, ("move", what, j), key, decide)
        out = mv.copy()
        out[q] = np.array([moves.code(g) for g in got], dtype=np.int64)[inv]
        return out

    def _close_in(self, k, st: _State, j: int, prof, rows: np.ndarray, shoot: np.ndarray,
                  best: np.ndarray, best_w: np.ndarray, moves: _Moves,
                  mv: np.ndarray) -> np.ndarray:
        """``mv`` with ``tactics._close_in``'s move in the fights ``rows`` (his chosen shot,
        standing, at extreme range; not prone): towards the target at his profile's gait,
        stopping at 0.8 of the gun's short range (2 yards at least), when that brings the
        target within long range or nearer (Table 14 careful bands: no range-band ruling is
        in force here, ``reasons``). Once per distinct pair of positions, gun, kind of turn,
        mount and the wounds a move reads (``move_wounds``)."""
        q = np.flatnonzero(rows)
        tgt = best[q]
        mounted = st.S[q, j, C_MOUNTED] != 0
        legs = self.move_wounds(st, j, q)
        key = np.concatenate([st.P[q, j], st.P[q, tgt], tgt[:, None], best_w[q, None],
                              shoot[q, None], mounted[:, None], legs], axis=1)

        def decide(i: int):
            r, t = int(q[i]), int(tgt[i])
            kind = "shootout" if shoot[r] else "combat"
            with self._placed(k, st, j, r, legs[i]) as (f, _):
                o = k.fighters_of(k.rep)[t]
                o.pos = tuple(st.P[r, t].tolist())
                ws = f.weapons[int(best_w[r])]
                gait = tactics._gait(f, prof.advance, kind)
                to = None if gait == "crawling" else tactics._toward(
                    f, o, max(2.0, ws.wt.short * 0.8), tactics._allowance(f, gait, kind))
                if to is not None:
                    band = tables.range_band(ws.wt, math.dist(to, o.pos), "careful")
                    if band is not None and band != "extreme":
                        return tactics._move(gait=gait, to=to)
                return None

        got, inv = self._per_distinct(k, ("close in", j), key, decide)
        out = mv.copy()
        out[q] = np.array([moves.code(g) for g in got], dtype=np.int64)[inv]
        return out

    def solid(self) -> np.ndarray:
        """Per cover id of the context's registry, whether it is solid cover (a sniper's);
        built again only when the registry has grown."""
        covers = self.ctx.covers
        if len(self._solid) != len(covers):
            self._solid = np.array([False] + [c.kind == "solid" for c in covers[1:]])
        return self._solid

    def _mark(self, k, st: _State, j: int, field: str, rows: np.ndarray,
              iid: np.ndarray) -> None:
        """Man ``j``'s intents in the fights ``rows`` with ``field`` set as
        ``tactics.decide`` sets it: ``sniping`` True; ``other`` the lawman's call on the
        enemy sides with men up, in the scenario's order of sides (his intent when he has
        none besides). Each marked intent made once per intent and value."""
        q = np.flatnonzero(rows)
        code = np.zeros(len(q), dtype=np.int64)
        if field == "other":   # (which enemy sides have men up: a bit per side)
            for o in range(k.n):
                if self.other[j, o]:
                    code |= np.where(st.enemy[q, j, o], 1 << int(self.side[o]), 0)
        uniq, _, inv = k._distinct(np.stack([iid[q, j], code], axis=1))
        ids = np.zeros(len(uniq), dtype=np.int64)
        for u, (x, c) in enumerate(uniq.tolist()):
            if field == "other":
                value: object = tactics.surrender_call(
                    [s for b, s in enumerate(self.ctx.sides) if c >> b & 1])
            else:
                value = True
            ck = ("marked", x, field, value)
            got = k.cache.get(ck)
            if got is None:
                intent = tactics._intent(**{field: value}) if x == 0 \
                    else k.ireg[x].model_copy(update={field: value})
                got = k.cache[ck] = k._intent_id(intent)
            ids[u] = got
        iid[q, j] = ids[inv]

    def _no_shot(self, k, st: _State, j: int, prof, rows: np.ndarray, shoot: np.ndarray,
                 iid: np.ndarray) -> None:
        """``tactics.decide`` for the fights ``rows``, where man ``j`` has a usable gun but no
        shot above the natural-1 floor at anyone (``_choose`` gives none; standing or on the
        move, as a gait only lowers a chance): a gun of his with no round loaded is reloaded
        first when no enemy can reach him (he waits when no intent can name it); else he
        closes in on the nearest enemy
        (``tactics._advance``: at his profile's gait, stopping at 0.8 of the short range of
        his best weapon not useless, 2 yards at least; ``tactics._toward`` itself, once per
        distinct pair of positions); a profile that never advances, or a man already as near
        as that, reloads the gun best worth it, or waits."""
        m = len(st.live)
        ok = st.reloadable[:, j, :]
        empty = np.full(m, -1)
        rate = np.full(m, -1.0)
        for g in range(self.nw[j]):   # (tactics._reloadable(empty=True))
            better = ok[:, g] & (st.loaded[:, j, g] == 0) & (
                (empty < 0) | (self.rate[j][g] > rate))
            empty = np.where(better, g, empty)
            rate = np.where(better, self.rate[j][g], rate)
        # an empty gun first when one turn fills it (a combat turn at a rate that covers its
        # capacity: tactics._fills_now) or out of every enemy's reach (tactics.decide: under
        # fire he closes in with the gun he has loaded)
        en = st.enemy[:, j, :]
        safe = np.ones(m, dtype=bool)
        for o in range(k.n):
            if self.other[j, o]:
                safe &= ~en[:, o] | (st.reach(self, o, j) == 0.0)
        fills = np.zeros(m, dtype=bool)
        for g in range(self.nw[j]):
            if self.rate[j][g] >= self.capacity[j][g]:     # (an empty gun lacks its capacity)
                fills |= (empty == g) & ~shoot
        first = (empty >= 0) & (safe | fills)
        reload = np.where(rows & first, empty, -1)
        go = rows & ~first
        # what a man who does not close in reloads: the empty gun, else the one best worth it
        fallback = np.where(empty >= 0, empty, self.best_reload(st, j))
        if prof.advance and go.any():
            en = st.enemy[:, j, :]
            q = np.flatnonzero(go)
            nearest = rows_argmin(np.where(en[q], st.Y[q, j, :], np.inf), 1)  # (first on a tie)
            useless = st.W[q, j, :, W_USELESS] != 0
            short = np.full(len(q), -np.inf)
            for g in range(self.nw[j]):
                short = np.where(useless[:, g], short,
                                 np.maximum(short, self.weapon_short[j][g]))
            short = np.where(np.isinf(short), 2.0, short)
            gaits, gait_code, step = self._gait_and_step(k, st, j, q, shoot, prof.advance)
            # tactics._toward: at most his step on, no nearer than 0.8 of that short range
            me, them = st.P[q, j], st.P[q, nearest]
            d = st.Y[q, j, nearest]        # (_placed's math.dist; np.hypot, the same to an ulp)
            go_on = np.minimum(step, d - np.maximum(2.0, short * 0.8))
            moving = go_on > 0.5
            part = np.divide(go_on, d, out=np.zeros(len(q)), where=moving)
            ids = self._move_ids(k, gaits, gait_code, moving, me + (them - me) * part[:, None],
                                 other=None)
            iid[q, j] = ids
            stay = np.zeros(m, dtype=bool)
            stay[q] = ids == 0
            reload = np.where(stay, fallback, reload)
        elif go.any():
            reload = np.where(go, fallback, reload)
        ref = self.reload_ref(st, j, reload)
        for code in np.unique(ref[rows & (ref >= 0)]).tolist():
            iid[rows & (ref == code), j] = self.reload_intent(k, j, code, other=None)

    def _flee(self, k, st: _State, j: int, flee: np.ndarray, shoot: np.ndarray,
              iid: np.ndarray, taken: np.ndarray) -> None:
        """``tactics.decide``'s first branch for the fights ``flee``: out of every enemy's
        reach he reloads (``_reload_intent``); else he runs: to the landmark with cover
        ``tactics._nearest_cover`` finds (the one keeping most distance, not towards any
        enemy) when he is behind none and it lies within his run, else away from them
        (``tactics._away``); worked out by tactics' own functions once per distinct set of
        positions, enemies' landmarks and cover."""
        n = k.n
        en = st.enemy[:, j, :]
        safe = flee & ~st.at_arms[:, j]   # (tactics._in_their_reach: a blow reaches him)
        for o in range(n):
            if self.other[j, o]:
                safe &= ~en[:, o] | (st.reach(self, o, j) == 0.0)
        if safe.any():   # (_reload_intent: none to reload, no intent)
            ref = self.reload_ref(st, j, self.best_reload(st, j))
            for code in np.unique(ref[safe & (ref >= 0)]).tolist():
                iid[safe & (ref == code), j] = self.reload_intent(k, j, code, other=None)
        run = flee & ~safe
        if not run.any():
            return
        rows = np.flatnonzero(run)
        m = len(rows)
        gaits, gait_code, step = self._gait_and_step(k, st, j, rows, shoot, "run")
        en = st.enemy[rows, j, :]                                   # (fight, man)
        P = st.P[rows]
        me = P[:, j, :]
        yards = st.Y[rows, j, :]       # (_placed's math.dist; np.hypot, the same to an ulp)
        near = rows_min(np.where(en, yards, np.inf), 1)
        to_cover = np.full(m, -1)     # landmark index in the registry, -1 none
        if self.covered_landmarks:
            to_cover, cover_d = self._flee_cover(st, rows, j, en, P, me, yards, near)
            to_cover = np.where((to_cover >= 0) & (cover_d <= step), to_cover, -1)
        # tactics._away: a point ``step`` yards away from the enemies, weighted to the nearest
        dx = np.zeros(m)
        dy = np.zeros(m)
        for o in range(k.n):
            if not self.other[j, o]:
                continue
            w = 1.0 / np.maximum(yards[:, o], 0.5) ** 2
            e = en[:, o]
            dx = np.where(e, dx + (me[:, 0] - P[:, o, 0]) * w, dx)
            dy = np.where(e, dy + (me[:, 1] - P[:, o, 1]) * w, dy)
        norm = np.hypot(dx, dy)
        still = norm < 1e-9
        dx = np.where(still, -1.0, dx)
        dy = np.where(still, 0.0, dy)
        norm = np.where(still, 1.0, norm)
        to = me + np.stack([dx, dy], axis=1) / norm[:, None] * step[:, None]
        iid[rows, j] = self._move_ids(k, gaits, gait_code, np.ones(m, dtype=bool), to,
                                      landmark=to_cover)

    def _flee_cover(self, st: _State, rows: np.ndarray, j: int, en: np.ndarray,
                    P: np.ndarray, me: np.ndarray, yards: np.ndarray, near: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """``tactics._nearest_cover(far=True, away=True)`` for man ``j`` fleeing in the
        fights ``rows`` where he is behind no cover (``en``: his enemies up, (fight, man);
        ``P`` everyone's positions, (fight, man, 2); ``me`` his; ``yards`` his distance to
        each, ``near`` to the nearest enemy, in yards): the landmarks with cover in the
        map's order, with the same comparisons and tolerances as tactics' own.

        Returns:
            (per fight the landmark's index in the kernel's registry, -1 for none; its
            distance from him in yards)."""
        m = len(rows)
        best = np.full(m, -1)
        best_score = np.full(m, np.inf)
        best_d = np.zeros(m)
        free = st.S[rows, j, C_COVER] == 0
        lm_of = st.S[rows, :, C_LANDMARK]
        limit = np.minimum(near, TWENTY_FEET_YARDS) - 1e-9
        for code, lm in self.cover_landmarks:
            ax, ay = float(lm.at[0]), float(lm.at[1])
            d = np.hypot(me[:, 0] - ax, me[:, 1] - ay)
            ok = free & (d <= tactics.COVER_REACH) & (d >= 1e-9)
            ok &= ~rows_any(en & (lm_of == code), 1)        # the enemy's own cover
            to_en = np.where(en, np.hypot(ax - P[:, :, 0], ay - P[:, :, 1]), np.inf)
            closest = rows_min(to_en, 1)
            ok &= ~(closest < limit)                             # into the enemy
            ok &= ~rows_any(en & (to_en < yards - 1e-9), 1)  # towards an enemy
            score = d - closest * 0.5
            better = ok & (score < best_score - 1e-12)
            best = np.where(better, code, best)
            best_score = np.where(better, score, best_score)
            best_d = np.where(better, d, best_d)
        return best, best_d

    def _gait_and_step(self, k, st: _State, j: int, rows: np.ndarray, shoot: np.ndarray,
                       how: str) -> tuple[list[str], np.ndarray, np.ndarray]:
        """The gait man ``j`` declares for a move ``how`` ("walk" or "run") in the fights
        ``rows`` (``tactics._gait``) and the yards it takes him (``tactics._allowance``):
        tactics' own functions, once per mount, kind of turn and the wounds a move reads
        (few: kept for the kernel's life).

        Returns:
            (the gaits met, sorted; each fight's gait as an index into them; its yards).
        """
        mounted = st.S[rows, j, C_MOUNTED] != 0
        legs = self.move_wounds(st, j, rows)

        def gait_of(i: int) -> tuple[str, float]:
            r = int(rows[i])
            kind = "shootout" if shoot[r] else "combat"
            with self._placed(k, st, j, r, legs[i]) as (f, _):
                gait = tactics._gait(f, how, kind)
                return gait, tactics._allowance(f, gait, kind)

        got, inv = self._per_distinct(k, ("gait", how, j), np.concatenate(
            [shoot[rows, None], mounted[:, None], legs], axis=1), gait_of)
        gaits = sorted({g for g, _ in got})
        code = np.array([gaits.index(g) for g, _ in got], dtype=np.int64)[inv]
        return gaits, code, np.array([y for _, y in got], dtype=np.float64)[inv]

    @staticmethod
    def _move_ids(k, gaits: list[str], gait_code: np.ndarray, moving: np.ndarray,
                  to: np.ndarray, landmark: np.ndarray | None = None, **kw) -> np.ndarray:
        """Per fight the intent id of a move at ``gaits[gait_code]`` (0 where not
        ``moving``): to the landmark of registry index ``landmark`` where it is >= 0, else
        to the point ``to`` (yards, rounded to 0.1 with Python's ``round``, as tactics'
        ``_away`` and ``_toward`` round: exact, where NumPy's rounding may differ); ``kw``:
        the intent's other fields (``other=None``). Each distinct intent made once."""
        m = len(gait_code)
        xy = round_tenths(to.reshape(m, 2))
        mark = np.full(m, -1) if landmark is None else landmark
        key = np.stack([gait_code, mark, np.where(mark >= 0, 0.0, xy[:, 0]),
                        np.where(mark >= 0, 0.0, xy[:, 1]), moving], axis=1)
        uniq, _, inv = k._distinct(key)
        ids = np.zeros(len(uniq), dtype=np.int64)
        for u, (g, c, x, y, go) in enumerate(uniq.tolist()):
            if go:
                move = tactics._move(gait=gaits[int(g)],
                                     to=k.landmarks[int(c)] if c >= 0 else (x, y))
                ids[u] = k._intent_id(tactics._intent(move=move, **kw))
        return ids[inv]

    @staticmethod
    def _per_distinct(k, tag: tuple, key: np.ndarray, decide) -> tuple[list, np.ndarray]:
        """``decide(i)`` once per distinct row of ``key`` (float64, a row per fight
        considered; ``i`` the index of the row's first occurrence), and never again for the
        same ``tag`` and row in the kernel's life (``k.cache``).

        Returns:
            (the decisions, one per distinct row; for each row of ``key``, its distinct
            row's index).
        """
        uniq, first, inv = k._distinct(key)
        raw, width = uniq.tobytes(), uniq.shape[1] * uniq.itemsize
        got = []
        for u in range(len(uniq)):
            ck = tag + (raw[u * width:(u + 1) * width],)
            value = k.cache.get(ck, _UNSEEN)
            if value is _UNSEEN:
                value = k.cache[ck] = decide(int(first[u]))
            got.append(value)
        return got, inv

    @contextmanager
    def _placed(self, k, st: _State, j: int, r: int, legs: np.ndarray, enemies: bool = False):
        """The representative fight's man ``j`` as he stands in fight ``r`` for a decision of
        tactics' own functions: his position, mount and the wounds a move reads
        (``move_wounds`` row ``legs``, given back after); with ``enemies``, each enemy of his
        placed too (position and landmark).

        Yields:
            (his Fighter; [(enemy Fighter, yards from him)] when ``enemies``, else []).
        """
        fs = k.fighters_of(k.rep)
        f = fs[j]
        f.pos = tuple(st.P[r, j].tolist())
        f.mounted = bool(st.S[r, j, C_MOUNTED] != 0)
        near = []
        if enemies:
            for o in range(k.n):
                if st.enemy[r, j, o]:
                    fs[o].pos = tuple(st.P[r, o].tolist())
                    fs[o].landmark = k.landmarks[int(st.S[r, o, C_LANDMARK])]
                    near.append((fs[o], math.dist(f.pos, fs[o].pos)))
        was, f.wounds = f.wounds, self.wounds_for(k, j, f, legs)
        try:
            yield f, near
        finally:
            f.wounds = was

    @staticmethod
    def move_wounds(st: _State, j: int, q: np.ndarray) -> np.ndarray:
        """What a move of man ``j`` reads of his wounds in the fights ``q``
        (``Fighter.wounded_gait``), as integer columns: each leg's light and serious wounds,
        and his serious wounds elsewhere. Worked out for every man and fight of ``st`` at the
        first call and kept in it (several decisions of a pass read them)."""
        legs = st.__dict__.get("legs")
        if legs is None:
            S = st.S
            legs = st.legs = np.empty(S.shape[:2] + (5,), dtype=np.int64)
            legs[:, :, :4] = S[:, :, [C_LL_L, C_LL_S, C_RL_L, C_RL_S]]
            legs[:, :, 4] = S[:, :, C_SERIOUS] - S[:, :, C_LL_S] - S[:, :, C_RL_S]
        return legs[q, j]

    @staticmethod
    def wounds_for(k, j: int, f, legs: np.ndarray) -> list:
        """Wounds of man ``j`` (the representative fighter ``f``) with these ``move_wounds``
        counts: what ``tactics._allowance`` reads of them."""
        ll_l, ll_s, rl_l, rl_s, elsewhere = (int(v) for v in legs)
        if not (ll_l or ll_s or rl_l or rl_s or elsewhere):
            return []
        return k._wounds(j, f, (ll_l + rl_l, ll_s + rl_s + elsewhere, 0, 0,
                                ll_l, ll_s, rl_l, rl_s))

    def retarget(self, k, ii: np.ndarray, j: int, shot_type: str
                 ) -> tuple[np.ndarray, np.ndarray]:
        """``BootHillFight.retarget`` for fighter ``j`` in the fights ``ii``, whose target is
        down and who listed no other (``planned.listed`` is his old target alone, or none)
        and fires from his gun hand: the most dangerous enemy he can reach with a
        ``shot_type`` shot (``tactics.most_dangerous``: the highest ``reach`` at him, then
        the nearer, then the first in the scenario) at a chance to hit above the natural-1
        floor (``tactics.FLOOR``; the chance the kernel's ``prepare_many`` gives the shot,
        with the turn's intents, in turn ``k._t``), -1 for nobody. A distance within 0.01
        yards of a band's limit (where ``can_reach`` rounds it to 2 places), and a shot the
        engine's prepare would refuse (an empty or jammed gun: no chance to read), are left
        to the engine.

        Returns:
            (the new target per fight, -1 for nobody; whether it was worked out here).
        """
        st = _State(k, ii, turn=False)
        m = len(ii)
        gun = st.S[:, j, C_CUR_W]
        lims = np.array([self.limits[j][g][SHOT_NAMES.index(shot_type)]
                         for g in range(self.nw[j])])[gun]       # (fight, 4)
        y = st.Y[:, j, :]
        en = st.enemy[:, j, :]
        ok = ~rows_any(en & rows_any(np.abs(y[:, :, None] - lims[:, None, :]) < 0.01, 2), 1)
        # every enemy he might turn to, in every fight, prepared in one call (a call per
        # enemy cost most of a sixteen-on-sixteen's retargets)
        cands, rows, whom = {}, [], []
        for o in range(k.n):
            if not self.other[j, o]:
                continue
            yo = y[:, o]
            band_ok = (yo <= lims[:, 0]) | (yo <= lims[:, 1]) | (yo <= lims[:, 2]) | (
                yo <= lims[:, 3])
            q = np.flatnonzero(en[:, o] & band_ok)
            if len(q):
                cands[o] = (len(rows), q)
                rows.append(q)
                whom.append(np.full(len(q), o))
        best = np.full(m, -1)
        best_r = np.zeros(m)
        best_y = np.zeros(m)
        if not rows:
            return best, ok
        q_all = np.concatenate(rows)
        starts = np.cumsum([0] + [len(q) for q in rows])
        fired, prep = k.prepare_many(k._t, ii[q_all], np.full(len(q_all), j),
                                     np.concatenate(whom),
                                     np.full(len(q_all), tables.SHOT_TYPES.index(shot_type)), 1)
        ok[q_all[~fired]] = False
        for o, (at, q) in cands.items():
            got = slice(starts[at], starts[at + 1])
            cand = np.zeros(m, dtype=bool)
            cand[q] = fired[got] & (prep[got, 0] > tactics.FLOOR)
            if not cand.any():
                continue
            r = st.reach(self, o, j)
            better = cand & ((best < 0) | (r > best_r) | ((r == best_r) & (y[:, o] < best_y)))
            best = np.where(better, o, best)
            best_r = np.where(better, r, best_r)
            best_y = np.where(better, y[:, o], best_y)
        return best, ok

    def plan(self, k, t: int, j: int, x: int, gun: int, drawn: int) -> tuple[int, ...]:
        """The engine's shootout plan (``plan``) for fighter ``j`` with intent id ``x``, gun
        ``gun`` in hand (``drawn``), as ``_Kernel.decide`` gives it: (plan id, target,
        weapon, drawn). Kept per the four: the plan reads nothing else of the state for
        these intents (a shot list at one target with no move, or a reload)."""
        ck = ("vplan", j, x, gun, drawn)
        got = k.cache.get(ck)
        if got is None:
            intent = k.ireg[x]
            f = k.fighters_of(k.rep)[j]
            f.current_weapon, f.drawn, f.holding = gun, bool(drawn), None
            actions = k.rep.plan(t, f, intent)
            k.rep.events.clear()
            shot = next((a for a in actions if a.kind == "shot"), None)
            got = k.cache[ck] = (k._plan_id(actions), k.index[shot.target] if shot else 0,
                                 f.current_weapon, int(f.drawn))
        return got


class _Moves:
    """The distinct moves (``MoveIntent``) of one planning pass, by code (0: none)."""

    def __init__(self) -> None:
        self.items: list = [None]
        self._codes: dict[int, int] = {id(None): 0}

    def code(self, move) -> int:
        """The code of ``move`` (a MoveIntent or None), given one the first time."""
        got = self._codes.get(id(move))
        if got is None:
            got = self._codes[id(move)] = len(self.items)
            self.items.append(move)
        return got

    def __getitem__(self, code: int):
        return self.items[code]


class _State:
    """What the decisions of one turn (or a retarget) read of the fights ``live`` of kernel
    ``k``, as arrays over (fight, man), (fight, man, man) or (fight, man, weapon)."""

    def __init__(self, k, live: np.ndarray, turn: bool = True) -> None:
        """``turn``: also what only a turn's decisions read (queues, the kind of turn)."""
        self.live = live
        self.S = S = k.S.take(live, axis=0)
        self.W = W = k.W.take(live, axis=0)
        self.P = P = k.P.take(live, axis=0)
        self.up = up = S[:, :, C_COND] == ACTIVE
        x, y = P[:, :, 0], P[:, :, 1]
        self.Y = np.hypot(x[:, :, None] - x[:, None, :], y[:, :, None] - y[:, None, :])
        vec = k.vec
        self.enemy = up[:, :, None] & up[:, None, :] & vec.other[None]
        self.last_shoot = k.F[live, F_LAST_KIND] == KIND_SHOOTOUT
        if turn:
            self.queued = (S[:, :, C_QI] < k.plen_of(S[:, :, C_PLAN])) & up
            self.shoot = (self.last_shoot & rows_any(self.queued, 1)) | (
                self.enemy & (self.Y <= TWENTY_FEET_YARDS)).any(axis=(1, 2))   # turn_kind
        light, serious = S[:, :, C_LIGHT], S[:, :, C_SERIOUS]
        gun, off = S[:, :, C_GUN_SER] > 0, S[:, :, C_OFF_SER] > 0
        base = vec.light_pen * light - 4 * serious   # tactics._facts
        self.wound_long = np.where(gun != off, base - 2, base)
        self.wound_other = np.where(gun & ~off, base - 2, base)
        self.loaded = loaded = W[:, :, :, W_LOADED]
        ok = (W[:, :, :, W_JAMMED] == 0) & (W[:, :, :, W_USELESS] == 0)
        self.usable = (loaded > 0) & ok & vec.real[None]
        self.size = np.where(S[:, :, C_PRONE] != 0, vec.size_mod[:, 1], vec.size_mod[:, 0])
        # (fight, shooter, target): the share of the target's locations his cover leaves
        # open to the shooter's shot (``tactics.against``): all of them (1.0) where it covers
        # nothing against him, ruled: BN7 (``BootHillFight.bare``): the same landmark, or
        # within the [cover] ``open_yards``
        lm = S[:, :, C_LANDMARK]
        bare = ((lm[:, :, None] != 0) & (lm[:, :, None] == lm[:, None, :])) | (
            self.Y <= vec.open_yards + 1e-9)
        self.keep = np.where(bare, 1.0, vec.keep()[S[:, :, C_COVER]][:, None, :])
        self._reach: dict[tuple[int, int], np.ndarray] = {}
        if not turn:   # (a retarget reads no more)
            return
        self.armed = rows_any(self.usable, 2)
        self.reloadable = vec.reloads[None] & ok & (loaded < vec.capacities[None])
        self.wp = S[:, :, C_WP]
        # an enemy at arm's length (hand to hand)
        self.at_arms = rows_any(self.enemy & (self.Y <= vec.arms_length + 1e-9), 2)
        self.cursor = np.where(self.last_shoot[:, None], np.maximum(S[:, :, C_CURSOR] - 6, 0),
                               0)   # shootout.start_cursor, not before count 0
        self.unfired = k.F[live, F_FIRED] == 0

    def take(self, rows: np.ndarray) -> _State:
        """The same for the fights ``rows`` (positions in ``live``) only."""
        out = _State.__new__(_State)
        for name, v in self.__dict__.items():
            if isinstance(v, np.ndarray):
                v = v[rows]
            elif name == "_reach":
                v = {key: a[rows] for key, a in v.items()}
            setattr(out, name, v)
        return out

    def reach(self, vec: VecTactics, o: int, j: int) -> np.ndarray:
        """``tactics.reach`` of ``o`` at ``j`` in each fight: the best estimated chance of a
        careful shot from his usable guns in range, else 0.0."""
        got = self._reach.get((o, j))
        if got is None:
            got = np.zeros(len(self.live))
            for g in range(vec.nw[o]):
                band = _bands(vec.limits[o][g][ST_CAREFUL], self.Y[:, o, j])
                p = vec.estimate(o, g, ST_CAREFUL, band, vec.wound(self, o, g), self.size[:, j],
                                 self.keep[:, o, j])
                got = np.where(self.usable[:, o, g] & (band >= 0) & (p > got), p, got)
            self._reach[(o, j)] = got
        return got
