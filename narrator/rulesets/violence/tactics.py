"""Tactics profiles for Violence: what a character with no declared intent does this round.

``ViolenceFight.complete_intents`` calls ``decide(fight, turn, fighter)`` for every character
still in the fight who has a ``tactics:`` profile and no declared intent; declared intents
always win. The profiles have the Boot Hill names (so ``narrator odds --tactics`` works for
both rulesets) and read the fight as it stands; nothing here rolls dice.

* ``aggressive``: fights hand to hand when a foe is within close range and he has no loaded
  gun, else empties up to three rounds at the nearest enemy (each extra shot is +1, 003 l.15).
  A foe locked in a melee with another man is no foe to start one with (a melee is one on
  one, 003 l.38, l.46): he goes for the nearest free one, and with nobody free walks at the
  nearest, or stands by at his elbow.
* ``cautious``: gets to the nearest cover first (a target in cover denies advantage, l.15),
  then two shots at the nearest enemy.
* ``coward``: gets to the nearest cover away from the enemy (no nearer them than he stands;
  with a loaded gun, else the nearest cover at all); once there, keeps heads down with one
  round of suppressing fire (l.50) rather than showing himself. Without a loaded gun he goes
  only to cover away from the enemy, else keeps his head down (or reloads); he fights hand to
  hand only when cornered (a foe within arm's length), and never walks up to one.
* ``sniper``: snipes the nearest enemy at long range (l.32), else one shot at the nearest.
* ``lawman``: calls on the other side to throw down their guns and surrender before anyone
  has fired (once for his side; he holds his fire that round); then one shot at a time at the
  nearest enemy; a foe at arm's length (2 yards) he takes on hand to hand, to subdue.

Everyone reloads (the round it takes, l.62) when his guns are empty, and fights with what he
has when he has no gun. A profile's melee is announced to kill (l.38; the loser of a fight
to kill is left Down, and the Down make the after-fight death roll), the lawman's and the
coward's to subdue; a ``fights_to`` written for the man holds instead. Nobody runs for cover an enemy holds (an enemy within arm's length of
it).

May import: narrator.rulesets.violence.scenario (Intent), narrator.rulesets.violence.state
(the fight as it reads it), narrator.rulesets.violence.rules; never the engine (``fight``).
"""

from __future__ import annotations

import math

from narrator.rulesets.violence import rules
from narrator.rulesets.violence.scenario import Intent
from narrator.rulesets.violence.state import Fighter, FightView

SHOTS = {"aggressive": 3, "cautious": 2, "coward": 1, "sniper": 1, "lawman": 1}
ARMS_LENGTH = 2.0  # yards: a foe this near is within reach of a blow (the tactics' choice)


def decide(fight: FightView, turn: int, f: Fighter) -> Intent | None:
    """The intent ``f``'s profile chooses for ``turn`` (targets by full name), or None."""
    if f.melee is not None:
        return None  # his turn belongs to the melee (003 l.46)
    profile = f.c.tactics or "aggressive"
    enemies = sorted(((math.dist(f.pos, o.pos), o.order, o) for o in fight.fighters.values()
                      if o.active and o.side != f.side), key=lambda x: (x[0], x[1]))
    if not enemies:
        return None
    yards, _, nearest = enemies[0]
    loaded = [w for w in f.guns() if w.loaded > 0]
    close = yards <= fight.bands.close
    to = melee_aim(f.c, profile)
    if profile == "lawman":
        call = _call(fight, f, enemies)
        if call is not None:
            return call
        if yards <= ARMS_LENGTH and close and nearest.melee is None:
            return Intent(melee=nearest.name, to=to)
    if profile == "coward" and not loaded:
        return _cornered(fight, f, enemies, yards, nearest, to)
    if not f.guns() or (not loaded and profile == "aggressive" and close):
        # a melee is one man on one (003 l.38, l.46): a foe locked in one with another man
        # cannot be joined, so he goes for the nearest foe who is free; with nobody free he
        # walks at the nearest foe, and stands by (idle, ``idle_reason``) when he is at his
        # elbow already (a fresh user's knife "moved to (6, 0)" from (6, 0), beside Ned
        # locked with Shorty: v-knives.yaml seed 10)
        free = next(((y, o) for y, _, o in enemies if o.melee is None), None)
        if free is not None and free[0] <= fight.bands.close:
            return Intent(melee=free[1].name, to=to)
        if not f.guns():
            spot = closing_point(f, free[1] if free is not None else nearest)
            return Intent(move=spot) if spot != f.pos else None
    if not loaded:
        spare = [w for w in f.guns() if w.spare != 0]
        return Intent(reload=spare[0].key) if spare else None
    gun = loaded[0].key
    cover = _nearest_cover(fight, f, [o for _, _, o in enemies], away=profile == "coward")
    if profile in ("cautious", "coward") and not f.cover and cover is not None:
        return Intent(move=cover)
    if profile == "coward":
        return Intent(suppress=nearest.name, shots=1, weapon=gun)
    if profile == "sniper":
        far = [o for y, _, o in enemies
               if rules.band(y, fight.bands.close, fight.bands.medium) == "long"]
        if far:
            return Intent(snipe=far[0].name, weapon=gun)
    return Intent(shoot=nearest.name, shots=min(SHOTS[profile], loaded[0].loaded), weapon=gun)


def melee_aim(c, profile: str) -> str:
    """What a profile's man announces in a melee (003 l.38): his ``fights_to`` when the
    scenario writes it (a fresh user's ``fights_to: subdue`` was fought "to kill" by an
    aggressive man, and a man died in the after-fight roll), else his profile's: the lawman
    and the coward subdue, the rest kill."""
    if "fights_to" in c.model_fields_set:
        return c.fights_to
    return "subdue" if profile in ("lawman", "coward") else "kill"


def closing_point(f: Fighter, foe: Fighter) -> tuple[float, float]:
    """Where ``f``, with no gun, walks this round to come to blows with ``foe`` ([x, y]
    yards, to 0.01). Moves are declared together and a move takes the round whatever its
    length (the source sets no pace), so walking onto ``foe``'s spot while he walks onto
    ``f``'s swaps their ends, round after round (a fresh user's all-knives fight: "for ten
    rounds nobody strikes at anyone"). When ``foe`` has no gun either and is no coward (he
    comes on too), ``f`` stops a yard short of the halfway point: two men walking at each
    other meet at arm's length, and a man walking at one who stands halves the distance each
    round. Else (a gunman stands and shoots) he walks up to arm's length of ``foe``."""
    dx, dy = foe.pos[0] - f.pos[0], foe.pos[1] - f.pos[1]
    d = math.hypot(dx, dy)
    if d <= ARMS_LENGTH:
        return f.pos
    comes_on = not foe.guns() and foe.melee is None and foe.c.tactics != "coward"
    walk = d / 2 - ARMS_LENGTH / 2 if comes_on else d - ARMS_LENGTH / 2
    walk = max(walk, 0.0)
    return (round(f.pos[0] + dx * walk / d, 2), round(f.pos[1] + dy * walk / d, 2))


def idle_reason(fight: FightView, turn: int, f: Fighter) -> tuple[str, str | None]:
    """Why ``decide`` left ``f`` with no intent (``events.IDLE_REASONS``), and the nearest
    enemy still up: asked after the profiles decided, for the write-up only (nothing rolled,
    nothing changed). A profile is idle only with no loaded gun and no rounds to load one
    (a coward not cornered, with no cover to reach, keeps his head down so too; with no gun
    he is "keeping away", never "nothing to fight with": he has his knife or his fists)."""
    enemies = sorted(((math.dist(f.pos, o.pos), o.order, o) for o in fight.fighters.values()
                      if o.active and o.side != f.side), key=lambda x: (x[0], x[1]))
    near = enemies[0][2].name if enemies else None
    if f.guns() and not any(w.loaded > 0 or w.spare != 0 for w in f.guns()):
        return "no_ammunition", near
    if enemies and all(o.melee is not None for _, _, o in enemies) \
            and enemies[0][0] <= ARMS_LENGTH and (f.c.tactics or "aggressive") != "coward":
        # at the elbow of a foe locked in a melee with another man (003 l.46), nobody free
        return "enemy_in_melee", near
    if not f.guns() and (f.c.tactics or "aggressive") == "coward":
        # a coward with a knife or his fists, nobody at arm's length: he keeps away (he has
        # something to fight with: "nothing to fight with" was said of a man with a knife)
        return "keeping_away", near
    return ("no_weapon" if not f.guns() else "out_of_reach"), near


def _call(fight: FightView, f: Fighter, enemies: list) -> Intent | None:
    """The lawman's call for surrender: before anyone has fired (``shots_fired``), once for
    his side (kept on the fight, as the Boot Hill profiles keep theirs); he holds his fire
    while he calls. None: no call to make."""
    called = fight.__dict__.setdefault("_tactics_called", set())
    if fight.shots_fired or f.side in called:
        return None
    called.add(f.side)
    sides = sorted({o.side for _, _, o in enemies}, key=list(fight.sc.sides).index)
    return Intent(other=f"calls on the {' and the '.join(sides)} to throw down their guns "
                        "and surrender")


def _cornered(fight: FightView, f: Fighter, enemies: list, yards: float, nearest: Fighter,
              to: str) -> Intent | None:
    """The coward with no loaded gun: a melee only when cornered (the nearest foe within arm's
    length and not already locked in a melee), else to a cover away from the enemy (never one
    that takes him towards them), else a reload if he has spare rounds, else nothing (he keeps
    his head down where he is)."""
    if yards <= ARMS_LENGTH and nearest.melee is None:
        return Intent(melee=nearest.name, to=to)
    if not f.cover:
        cover = _nearest_cover(fight, f, [o for _, _, o in enemies], away=True, strict=True)
        if cover is not None:
            return Intent(move=cover)
    spare = [w for w in f.guns() if w.spare != 0]
    return Intent(reload=spare[0].key) if spare else None


def _nearest_cover(fight: FightView, f: Fighter, enemies: list[Fighter],
                   away: bool = False, strict: bool = False) -> str | None:
    """The nearest landmark that gives cover, within 30 yards (farther is not worth the run),
    that no enemy holds (none stands within arm's length of it: his cover is no cover from
    him, and the two would trade shots from a yard apart). ``away`` (the coward): a cover
    away from the enemy (no nearer an enemy than he stands now, and nearer him than any
    enemy) comes first, and only when there is none the nearest cover at all; ``strict``:
    a cover away from the enemy or none."""
    best = None
    now = min((math.dist(f.pos, o.pos) for o in enemies), default=0.0)
    for key, lm in fight.sc.map.items():
        if not lm.cover:
            continue
        at = (float(lm.at[0]), float(lm.at[1]))
        if any(math.dist(at, o.pos) <= ARMS_LENGTH for o in enemies):
            continue
        d = math.dist(f.pos, at)
        foe = min((math.dist(at, o.pos) for o in enemies), default=math.inf)
        nearer = away and (foe < now or foe <= d)
        if nearer and strict:
            continue
        rank = (nearer, d)
        if d <= 30 and (best is None or rank < best[0]):
            best = (rank, key)
    return best[1] if best else None
