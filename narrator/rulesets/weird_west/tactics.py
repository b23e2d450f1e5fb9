"""Weird West tactics: what a character with a ``tactics:`` profile does with a card he has
no declared action for. Profiles (``scenario.PROFILES``):

* ``aggressive``: draws, clears a jam, reloads an empty gun, closes on the nearest enemy
  when out of reach (a man with no gun to shoot walks at most his Pace at him, to a hair
  inside fightin' reach, never onto his spot or past him, and strikes on the card whose walk
  brings him within reach, ruled: WN16), aims when the chance to hit is poor
  (below 35%) and he holds another card, else shoots at the nearest enemy with the gun he
  is best with (reloading it when it is empty); fans a single-action revolver at a crowd
  (two or more enemies within 2 yards of each other) or at anyone within 10 yards, when the
  fanning roll has a 40% chance or better;
  fires two pistols at once when the two shots' expected hits beat one gun's, and draws the
  second when that gain over three cards pays for the card; picks up a gun shot from his
  hand. A prone man stays down and shoots from the ground, and gets up
  only to close in. Gives up (flees, or surrenders) at a critical wound or a quarter of his
  Wind left.
* ``cautious``: as aggressive, but first runs for a landmark with cover within his 2 x Pace
  when he has none (never one an enemy holds: behind it, within 2 yards, WN19; it is no
  cover from him, WN27), and aims below a 55% chance; gives up at a serious wound.
* ``gunslinger``: as aggressive, with quick draws, and fans whenever he can.
* ``coward``: runs for cover first, as cautious, and aims below a 55% chance; gives up at a
  heavy wound or half his Wind gone.
* ``undead``: the walking dead (W19): walks at the nearest living enemy and fights him; never takes cover,
  never gives up.

Against the walking dead (W19), whom only a maimed noggin stops, a shooter calls his shot at
the noggin (-6) when that still has a 30% chance, else draws a bead first while he can.

Two pistols (004 l.164-173): a shooter with a second loaded pistol fires both on one card
(-2, the off hand -6) when the two shots' expected hits beat one gun's; he draws the second
pistol (an action) when that gain, over three later cards, pays for the card spent drawing. A
gun shot out of his hand (WN23) he picks up again.

Everyone but the dead gives up when badly hurt (W18, ruled: WN24; the numbers are ``give_up``
in the rules): the coward at a heavy wound (-2) or half his Wind gone, the cautious at a
serious wound (-3), the aggressive and the gunslinger at a critical one (-4), or any of them
with a quarter of his Wind left: he flees (his whole move away from the nearest enemy, and he
is gone), or surrenders when an enemy is within a yard or he cannot run.

Everyone vamooses against hits while he holds a card (``vamoose: false`` turns it off; the
walking dead never do), and fate chips are spent by W16's rule (``rules.chip_to_spend``).

May import: narrator.rulesets.weird_west.*.
"""

from __future__ import annotations

import math
from functools import lru_cache

from narrator.rulesets.weird_west import rules as R
from narrator.rulesets.weird_west.scenario import Action
from narrator.rulesets.weird_west.tables import rules


def melee_yards() -> float:
    """How near a fightin' attack must be (ruled: WN16)."""
    return float(rules()["fightin"]["reach"])

AIM_BELOW = {"aggressive": 0.35, "gunslinger": 0.3, "cautious": 0.55, "coward": 0.55}
FAN_YARDS = 10.0
FAN_AT_LEAST = 0.4
HEADSHOT_AT_LEAST = 0.3
GRID = 0.01          # yards: positions on the map are kept to this grid
DRAW_PAYS_IN = 3      # later cards over which drawing a second pistol must pay for itself


@lru_cache(maxsize=4096)
def at_least(die: int, value: int) -> float:
    """P(an acing die of ``die`` faces totals at least ``value``) (W2)."""
    if value <= 1:
        return 1.0
    if value <= die:
        return (die - value + 1) / die
    return at_least(die, value - die) / die


@lru_cache(maxsize=4096)
def chance(count: int, die: int, modifier: int, tn: int) -> float:
    """P(a roll of ``count`` acing dice, best kept, + ``modifier`` meets ``tn`` and does not
    bust) (W2), exactly."""
    need = tn - modifier
    p_one = 1 / die
    p_reach = at_least(die, max(need, 2))      # reaches need without a natural 1
    one_reaches = need <= 1
    # dp[(ones, reached)] = probability
    dp = {(0, False): 1.0}
    for _ in range(count):
        nxt: dict[tuple[int, bool], float] = {}
        for (ones, reached), p in dp.items():
            for (o, r), q in (((ones + 1, reached or one_reaches), p_one),
                              ((ones, True), p_reach),
                              ((ones, reached), 1 - p_one - p_reach)):
                if q > 0:
                    nxt[(o, r)] = nxt.get((o, r), 0.0) + p * q
        dp = nxt
    return sum(p for (ones, reached), p in dp.items() if reached and 2 * ones <= count)


def shot_chance(fight, f, target, arms, aim: int = 0, called: str | None = None,
                hand: str | None = None) -> float:
    """The chance of a shot from here, with ``aim`` actions of aiming (and a called shot;
    ``hand`` "main" or "off" for two guns)."""
    yards = fight.dist(f, target)
    tn, inc = R.shootin_tn(yards, arms.wt.range)
    if arms.wt.is_shotgun and R.shotgun_dice(inc) is None:
        return 0.0
    mods = fight.shoot_mods(f, target, arms, aim=aim, called=called, hand=hand)
    level = f.c.aptitudes.shootin.get(arms.wt.concentration, 0)
    die, n, unskilled = fight.aptitude(f, "deftness", level)
    return chance(n, die, sum(m.value for m in mods + unskilled), tn)


def fan_chance(fight, f, target, arms) -> float:
    """The chance a fanning roll hits at all (004 l.155: one roll at -2, no aiming)."""
    tn, _ = R.shootin_tn(fight.dist(f, target), arms.wt.range)
    mods = fight.shoot_mods(f, target, arms, fanning=True)
    level = f.c.aptitudes.shootin.get(arms.wt.concentration, 0)
    die, n, unskilled = fight.aptitude(f, "deftness", level)
    return chance(n, die, sum(m.value for m in mods + unskilled), tn)


def badly_hurt(fight, f) -> str | None:
    """Why his profile gives up now (ruled: WN24, ``rules.toml`` ``give_up``): "wounds" (his
    wound penalty at the profile's number or worse), "wind" (his Wind at its share of the
    most or less), or None; never for the walking dead or a man without a profile."""
    g = rules()["give_up"]
    profile = f.c.tactics
    if f.undead or profile not in g:
        return None
    if f.body.penalty <= g[profile]:
        return "wounds"
    num, den = g["coward_wind" if profile == "coward" else "wind"]
    if f.body.wind * den <= f.body.wind_max * num:
        return "wind"
    return None


def expected_hits(fight, f, target, arms, aim: int = 0, hand: str | None = None) -> float:
    """Expected hits of one shoot action with ``arms``: its rate of fire (as many as are
    loaded), the aim on the first shot only (WN17), ``hand`` "main"/"off" for two guns."""
    shots = min(arms.wt.rof, arms.loaded)
    if shots <= 0:
        return 0.0
    first = shot_chance(fight, f, target, arms, aim, hand=hand)
    return first + (shots - 1) * (shot_chance(fight, f, target, arms, 0, hand=hand)
                                  if aim else first)


def second_pistol(f, gun):
    """A second one-handed pistol he could fire with ``gun`` (004 l.164-173), loaded and
    clear, or None."""
    if gun.two_handed or gun.wt.concentration != "pistol":
        return None
    return next((w for w in f.weapons if w is not gun and w.is_gun and not w.two_handed
                 and w.wt.concentration == "pistol" and w.loaded > 0 and not w.jammed), None)


def nearest(fight, f, pool):
    return min(pool, key=lambda g: (fight.dist(f, g), g.order), default=None)


def cover_spot(fight, f, foes=()):
    """The nearest landmark with cover he can reach this round that no enemy in ``foes``
    holds, or None. An enemy behind it (within ``cover.landmark_yards`` of it, ruled: WN19)
    holds it: it is no cover from him (ruled: WN27), and the two would trade shots from a yard
    apart (ww-mine seed 104: Wu ran for the tailings pile Sam crouched behind and fired at
    him from 0.1 yd, check136 N9)."""
    budget = R.max_move(fight.pace_of(f)) - f.moved
    held = float(rules()["cover"]["landmark_yards"])
    best = None
    for key, lm in fight.sc.map.items():
        if lm.cover is None:
            continue
        if any(math.dist(g.pos, lm.at) <= held + 1e-9 for g in foes):
            continue
        d = math.dist(f.pos, lm.at)
        if d <= budget + 1e-9 and (best is None or d < best[0]):
            best = (d, key)
    return best[1] if best else None


def toward(f, g, yards: float) -> tuple[float, float]:
    """The point ``yards`` along the line from ``f`` to ``g`` (``g``'s own spot when nearer),
    on the map's 0.01-yard grid, never more than ``yards`` from where ``f`` stands: of the
    grid points around the exact one, the nearest to ``g`` within ``yards``. A man who means
    to walk his Pace moves at most his Pace, never a hair over it, which would be running
    (004 l.38; W5)."""
    d = math.dist(f.pos, g.pos)
    if d <= yards:
        return (g.pos[0], g.pos[1])
    k = yards / d
    x = f.pos[0] + (g.pos[0] - f.pos[0]) * k
    y = f.pos[1] + (g.pos[1] - f.pos[1]) * k
    best = (f.pos[0], f.pos[1])
    for cx in (math.floor(x * 100) / 100, math.ceil(x * 100) / 100):
        for cy in (math.floor(y * 100) / 100, math.ceil(y * 100) / 100):
            p = (round(cx, 2), round(cy, 2))
            if math.dist(f.pos, p) <= yards + R.EPS and \
                    math.dist(p, g.pos) < math.dist(best, g.pos):
                best = p
    return best


def close_in(fight, f, target, yards: float) -> tuple[float, float] | None:
    """Where he walks, at most ``yards``, to come at ``target``: a hair inside fightin' reach
    of him (ruled: WN16; a hair, so that the 0.01-yard map grid cannot leave him a fraction
    outside it), never onto his spot or past him; None when he is within reach already or
    has no step left to take. (A fresh user's knife-fighter 1.25 yards off walked onto his
    man's own spot: ``toward`` goes all the way when the way is short.)"""
    reach = melee_yards()
    d = fight.dist(f, target)
    if d <= reach + 1e-9:
        return None
    step = min(yards, d - reach + 2 * GRID)
    dest = toward(f, target, step) if step >= GRID else f.pos
    return None if math.dist(dest, f.pos) <= R.EPS else dest


def _go_for(fight, f, target, yards: float) -> Action:
    """Fight ``target`` (ruled: WN16): at once when he is within reach; else walk at most
    ``yards`` at him (``close_in``), with the blow on the same card when the walk ends within
    reach (004 l.32: the move is split across his actions as he likes); hold when he has no
    step left this round."""
    dest = close_in(fight, f, target, yards)
    if dest is None:
        if fight.dist(f, target) <= melee_yards() + 1e-9:
            return Action(fight=target.name)
        return Action(hold=True)
    if math.dist(dest, target.pos) <= melee_yards() + 1e-9:
        return Action(move=list(dest), fight=target.name)
    return Action(move=list(dest))


def _reload(gun) -> Action:
    """Reload ``gun``, drawn first when it is not in his hand: a holstered gun is drawn, then
    loaded (a fresh user: "Deadeye Elmer gets two rounds home in the Colt and snaps it shut.
    He pulls his Colt.", the holstered Colt loaded on one card and drawn on the next)."""
    return Action(reload=gun.key) if gun.in_hand else Action(draw=gun.key)


def decide(fight, t: int, f) -> Action:
    """The action for ``f``'s card under his profile (see the module docstring)."""
    profile = f.c.tactics
    foes = [g for g in fight.enemies(f)]
    if not foes:
        return Action(hold=True)
    target = nearest(fight, f, foes)
    if badly_hurt(fight, f):                     # ruled: WN24
        close = any(fight.dist(f, g) <= melee_yards() + 1e-9 for g in foes)
        if close or f.body.maimed_legs() >= 2:
            return Action(surrender=True)
        return Action(flee=True)
    pace = fight.pace_of(f)
    budget = R.max_move(pace) - f.moved
    if profile == "undead" or (f.undead and not any(w.is_gun for w in f.weapons)):
        # they walk (W19): at most their Pace
        return _go_for(fight, f, target, min(budget, pace))
    jam = next((w for w in f.weapons if w.jammed), None)
    if jam is not None:
        return Action(clear=True)
    guns = sorted((w for w in f.weapons if w.is_gun),
                  key=lambda w: -f.c.aptitudes.shootin.get(w.wt.concentration, 0))
    skilled = [w for w in guns if f.c.aptitudes.shootin.get(w.wt.concentration, 0) > 0]
    gun = next((w for w in skilled if w.in_hand and w.loaded > 0), None) or \
        next((w for w in skilled if w.loaded > 0), None)
    if gun is None and skilled:
        return _reload(skilled[0])
    gun = gun or next((w for w in guns if w.in_hand and w.loaded > 0), None) or \
        next((w for w in guns if w.loaded > 0), None)
    if gun is None:
        if any(w.loaded < w.wt.shots for w in guns):
            g = next(w for w in guns if w.loaded < w.wt.shots)
            return _reload(g)
        return _go_for(fight, f, target, min(budget, pace))
    quick = profile == "gunslinger" or f.c.aptitudes.quick_draw > 0
    if profile in ("cautious", "coward") and f.cover is None:
        spot = cover_spot(fight, f, foes)
        if spot is not None:
            return Action(move=spot)
    if not gun.in_hand and not quick:
        return Action(draw=gun.key)
    p = shot_chance(fight, f, target, gun,
                    f.aim_actions if f.aim_target == target.name else 0)
    if p <= 0.0:
        if f.prone:
            return Action(stand=True)
        dest = close_in(fight, f, target, min(budget, pace))
        return Action(move=list(dest)) if dest is not None else Action(hold=True)
    crowd = [g for g in foes if g is not target
             and fight.dist(g, target) <= rules()["fanning"]["follow_yards"] + 1e-9]
    # 004 l.150: a free hand to fan with, as the fight checks it once the gun is drawn: a
    # holstered gun drawn while the other hand holds a weapon leaves none
    free = not any(w is not gun for w in f.in_hand()) and not f.body.maimed("left_arm")
    level = f.c.aptitudes.shootin.get("pistol", 0)
    if (R.can_fan(gun.wt, free, level) and gun.loaded >= 2
            and (crowd or fight.dist(f, target) <= FAN_YARDS or profile == "gunslinger")
            and fan_chance(fight, f, target, gun) >= FAN_AT_LEAST):
        return Action(fan=[target.name] + [g.name for g in crowd], weapon=gun.key,
                      quick_draw=quick and not gun.in_hand)
    aimed = f.aim_actions if f.aim_target == target.name else 0
    if (p < AIM_BELOW.get(profile, 0.35) and aimed < 3 and f.hand
            and gun.in_hand):
        return Action(aim=target.name)
    called = None
    if target.undead and not gun.wt.is_shotgun:   # only the noggin puts them down (W19)
        head = shot_chance(fight, f, target, gun, aimed, called="noggin")
        if head >= HEADSHOT_AT_LEAST:
            called = "noggin"
        elif aimed < 3 and f.hand and gun.in_hand and p >= AIM_BELOW.get(profile, 0.35):
            return Action(aim=target.name)
    off = second_pistol(f, gun) if called is None and gun.in_hand else None
    if off is not None:
        one = expected_hits(fight, f, target, gun, aimed)
        two = expected_hits(fight, f, target, gun, aimed, "main") + \
            expected_hits(fight, f, target, off, 0, "off")
        if off.in_hand and two > one:
            return Action(shoot=target.name, weapon=gun.key, shots=gun.wt.rof, two_guns=True)
        if not off.in_hand and DRAW_PAYS_IN * (two - one) > one:
            return Action(draw=off.key)
    return Action(shoot=target.name, weapon=gun.key, shots=gun.wt.rof, called=called,
                  quick_draw=quick and not gun.in_hand)
