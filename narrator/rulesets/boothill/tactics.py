"""Tactics profiles: what a character with no declared intent does this turn.

``BootHillFight.complete_intents`` calls ``decide(fight, turn, fighter)`` for every active
character who has a ``tactics:`` profile and no declared intent; declared intents always win.
``decide`` reads the fight as it stands (positions in yards, wounds and conditions, weapons and
rounds loaded, the map's landmarks and their cover) and returns an Intent that is valid for the
turn, or None: the character waits, or goes on with shootout actions carried over from the last
turn. Nothing here rolls dice: a profile is a pure function of the state, so a seed still gives
one fight.

Profiles (``PROFILES``):

* ``aggressive``: closes in, fast-draws, prefers volume of fire (hip and fanned shots up close),
  picks the nearest man and finishes the wounded; flees only when badly hurt *and* outnumbered.
  He leaves his cover to close in whenever his best shot is at extreme range (Table 2 -5) and
  his run brings him within long range or nearer of the man he shoots at (``_close_in``),
  firing on the run when the shot is still worth it.
* ``cautious``: gets behind cover first, shoots the most dangerous enemy with the most accurate
  shot that is still quick enough; flees when badly hurt or outnumbered two to one.
* ``coward``: hides (never behind cover that lies towards an enemy), shoots at whoever is
  nearest, and runs at the first wound or when his side is outnumbered.
* ``sniper``: keeps his distance behind solid cover, careful shots (with the sniping bonus for
  the first shot of the fight), the most dangerous target; fights from the hip only when
  someone comes within 20 feet.
* ``lawman``: calls on the other side to surrender before the first shot is fired, then shoots
  to wound (``aim: limbs``) at whoever is most dangerous, from cover; never runs, however hurt.

Every profile fights hand to hand (errata B19) when it has no loaded gun: an unarmed or
empty-handed man with an enemy within reach (2 yards) strikes the nearest, with his knife or
club or his fists; a man with a hand-to-hand weapon (or with no gun he could reload) and
nobody in reach closes in (unless his profile never advances); a held man without a pistol
tries to break free. A man his profile runs off runs when some enemy can get at him (a
careful shot, or within reach of a blow), breaking free first when held; out of all of it
he reloads where he stands (``_in_their_reach``).

Whatever a profile's weights, a man within point blank range (2 yards) who can fire at him and
is not running away is shot at first (``_threats``); then the men still in the fight come
before a man who runs away or has no gun to fire and stands beyond reach (``_fighting``); no
profile takes a shot whose chance to hit is at or below the natural-1 floor (1 or less: a
natural 1, below 1 with a Luck check too, B4) while it has a better one (a careful or steady
shot above it within 20 feet, where a hipshot or fanned shot has none): with none above it,
he holds his fire as when nobody is in range (he closes in, or reloads, or waits); a man
whose gun is empty, with nobody in
reach of the guns he has loaded, reloads it before he closes in; and a profile that seeks
cover (all but ``aggressive``) does not leave it at night to walk towards men it cannot see
(B17): it waits there, reloading what it can.

A move is declared at the gait his wounds allow (``_gait``, ``Fighter.wounded_gait``: a
serious leg wound a walk at most, both legs a crawl, with no shot while crawling in a combat
turn, B18(a)), and at a walk when his wounded run would take him no farther than his walk
(ruling BN2), as a GM declares for his men: what is declared is what he shoots and is shot at
as (Table 2, ruling B12). A man whose own profile runs him off is harder to hit (Table 2
target movement): the estimates count it in (``flight_modifier``), so a man does not empty
his gun at a runner he has only the natural-1 floor of a chance to hit.

"Badly hurt" is wound points above half of STR (wound capacity). The kind of turn a profile
wants follows the rules' own advice (001 l.8-12): a shootout turn when enemies stand within
20 feet of each other (or shootout actions carry over), a combat turn otherwise; when nobody's
intent planned for a shootout turn makes one (nobody shoots), the turn is planned again as the
combat turn the engine would fight (``BootHillFight.complete_intents``). In a combat turn a
profile fires one or two careful shots; in a shootout turn it picks the shot list (Table 5
counts adding up to at most 6) with the best expected hits, earlier shots weighted more,
counted from where the engine will start the shooter (``shootout.start_cursor``), and the draw
(fast or normal) that is expected to take fewer counts.

May import: narrator.rulesets.boothill.*, narrator.errors, narrator.frozen.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field
from typing import Any

from narrator.errors import ScenarioError
from narrator.frozen import record
from narrator.rulesets.boothill import tables
from narrator.rulesets.boothill.scenario import PROFILES as SCENARIO_PROFILES
from narrator.rulesets.boothill.scenario import Intent, MoveIntent
from narrator.rulesets.boothill.shootout import TWENTY_FEET_YARDS, wants_shootout
from narrator.rulesets.boothill.state import Fighter, FightView, WeaponState


@record
class Profile:
    """The knobs of one tactics profile.

    Attributes:
        name: the profile's name, as written in a scenario (``tactics: cautious``).
        flee_hurt: flees when badly hurt (wound points > half STR).
        flee_hurt_needs_odds: ...but only when also outnumbered (``flee_odds``).
        flee_any_wound: flees at the first wound that counts.
        flee_odds: flees when active enemies >= this many times the active friends (0: never).
        seeks_cover: moves to a landmark with cover when not behind any.
        advance: closes in when nobody is within reach ("run", "walk" or "" for never).
        haste: how much an earlier shot is preferred in a shootout turn (per count).
        ammo_care: value lost per round spent in a shootout turn (keeps a gun from running dry).
        min_chance_moving: the lowest chance to hit worth a shot while running.
        near, danger, wounded: target weights (nearest, most dangerous, already wounded).
        aim: the aim declared (None: the character's own).
        snipes: declares sniping from solid cover for the first shot of the fight.
        calls_surrender: calls on the other side to surrender before the first shot.
        keeps_distance: backs away from enemies coming within ``keeps_distance`` yards.
        closes_in: moves closer (``advance``'s gait) when his best shot is at extreme range
            and the move brings the target within long range or nearer (``_close_in``).
        draw_tolerance: counts a fast draw may be expected to cost beyond a normal draw's 3
            and still be tried (bravado).
    """

    name: str
    flee_hurt: bool = True
    flee_hurt_needs_odds: bool = False
    flee_any_wound: bool = False
    flee_odds: float = 2.0
    seeks_cover: bool = True
    advance: str = "walk"
    haste: float = 0.05
    ammo_care: float = 0.0
    min_chance_moving: float = 0.25
    near: float = 0.5
    danger: float = 1.0
    wounded: float = 0.5
    aim: str | None = None
    snipes: bool = False
    calls_surrender: bool = False
    keeps_distance: float = 0.0
    draw_tolerance: float = 0.0
    closes_in: bool = False


PROFILE_TABLE: dict[str, Profile] = {p.name: p for p in (
    Profile("aggressive", flee_hurt_needs_odds=True, flee_odds=2.0, seeks_cover=False,
            advance="run", haste=0.08, min_chance_moving=0.1, near=1.5, danger=0.5, wounded=1.0,
            draw_tolerance=1.5, closes_in=True),
    Profile("cautious", flee_odds=2.0, advance="walk", haste=0.03, ammo_care=0.03,
            min_chance_moving=0.3, near=0.3, danger=1.5, wounded=0.3),
    Profile("coward", flee_any_wound=True, flee_odds=1.5, advance="", haste=0.06,
            min_chance_moving=0.5, near=2.0, danger=1.0, wounded=0.0),
    Profile("sniper", flee_odds=2.5, advance="walk", haste=0.02, ammo_care=0.02,
            min_chance_moving=0.5, near=0.0, danger=1.0, wounded=0.5, snipes=True,
            keeps_distance=8.0),
    Profile("lawman", flee_hurt=False, flee_odds=0.0, advance="walk", haste=0.04,
            ammo_care=0.02, min_chance_moving=0.3, near=0.3, danger=1.5, wounded=-0.5,
            aim="limbs", calls_surrender=True),
)}

PROFILES: tuple[str, ...] = tuple(PROFILE_TABLE)
if PROFILES != SCENARIO_PROFILES:  # pragma: no cover - the scenario's list names these
    raise AssertionError(f"tactics profiles {PROFILES} differ from the scenario's")

EXPECTED_PELLETS = {"point_blank": 2.5, "short": 2.5, "long": 1.5, "extreme": 2 / 3}  # Table 9
COVER_REACH = 30.0          # yards: farther cover is not worth running for
FOOT_GAITS = {"walk": "walking", "run": "running"}
MOUNTED_GAITS = {"walk": "walking", "run": "galloping"}


@dataclass
class _Memory:
    """What the profiles remember across turns of one fight (kept on the fight object)."""

    called: set[str] = field(default_factory=set)
    plan_turn: int = 0
    plan_kind: str = "combat"
    targeted: dict[tuple[str, str], int] = field(default_factory=dict)
    # a decision of this planning read the kind of turn it planned for (``decide``): only
    # then may planning it again as the other kind change it (``BootHillFight._plan``)
    kind_read: bool = False


_INTENTS: dict[tuple, object] = {}
_CACHE_MAX = 4096


# Every field at its default (Intent has no mutable default), copied with the decision's
# fields: the same Intent as ``Intent.model_construct(**kw)`` (fields set: those given), in a
# fifth of the time.
_BLANK = Intent.model_construct()
_set = object.__setattr__


def _copy_of(blank: Any, kw: dict) -> Any:
    """``blank.model_copy(update=kw)`` (pydantic's ``__copy__`` and its update) written out
    for a blank model with no extra fields and no private attributes (an Intent, a
    MoveIntent; ``extra`` forbidden): the same object (its ``__dict__``, the fields set,
    no extra, no private), in half the time (made at every new decision of a move)."""
    cls = type(blank)
    m = cls.__new__(cls)
    d = blank.__dict__.copy()
    d.update(kw)
    _set(m, "__dict__", d)
    _set(m, "__pydantic_extra__", None)
    fields = set(blank.__pydantic_fields_set__)
    fields.update(kw)
    _set(m, "__pydantic_fields_set__", fields)
    _set(m, "__pydantic_private__", None)
    return m


def _intent(**kw: object) -> Intent:
    """An Intent built without validation (every value here is valid by construction), shared
    between identical decisions: the engine never changes an intent."""
    if kw.get("move") is None and type(kw.get("shots")) is not list:
        key: tuple = tuple(kw.items())  # (hashable as it is: the common case)
    else:  # a list, a move: by their values ("list and move" marks these keys apart)
        parts: list = ["list and move"]
        for k, v in kw.items():
            t = type(v)
            parts.append((k, tuple(v) if t is list else (v.gait, v.to) if t is MoveIntent
                          else v))
        key = tuple(parts)
    hit = _INTENTS.get(key)
    if hit is None:
        if len(_INTENTS) >= _CACHE_MAX:
            _INTENTS.clear()
        hit = _INTENTS[key] = _copy_of(_BLANK, kw)
    return hit  # type: ignore[return-value]


def _shootout_intent(shoot: str, shots: list[str], draw: str | None, weapon: str | None,
                     aim: str | None, move: MoveIntent | None, sniping: bool,
                     other: str | None) -> Intent:
    """``_intent(shoot=shoot, shots=shots, draw=draw, weapon=weapon, aim=aim, move=move,
    sniping=sniping, other=other)``, the same Intent (the same fields set, shared), found by
    a key made without going through the keywords: a shootout turn's shot, decided every
    turn."""
    key = ("shootout intent", shoot, tuple(shots), draw, weapon, aim,
           None if move is None else (move.gait, move.to), sniping, other)
    hit = _INTENTS.get(key)
    if hit is None:
        hit = _intent(shoot=shoot, shots=shots, draw=draw, weapon=weapon, aim=aim, move=move,
                      sniping=sniping, other=other)
        if len(_INTENTS) >= _CACHE_MAX:
            _INTENTS.clear()
        _INTENTS[key] = hit
    return hit


def _combat_intent(shoot: str, shots: int, weapon: str | None, aim: str | None,
                   move: MoveIntent | None, sniping: bool, other: str | None) -> Intent:
    """``_intent(shoot=shoot, shots=shots, weapon=weapon, aim=aim, move=move,
    sniping=sniping, other=other)``: the same Intent, found by the same key (``_intent``'s,
    so the memo fills and empties as it did), made without going through the keywords: a
    combat turn's shots, decided every turn."""
    if move is None:
        key: tuple = (("shoot", shoot), ("shots", shots), ("weapon", weapon), ("aim", aim),
                      ("move", None), ("sniping", sniping), ("other", other))
    else:
        key = ("list and move", ("shoot", shoot), ("shots", shots), ("weapon", weapon),
               ("aim", aim), ("move", (move.gait, move.to)), ("sniping", sniping),
               ("other", other))
    hit = _INTENTS.get(key)
    if hit is None:
        return _intent(shoot=shoot, shots=shots, weapon=weapon, aim=aim, move=move,
                       sniping=sniping, other=other)
    return hit  # type: ignore[return-value]


def _move_intent(move: MoveIntent) -> Intent:
    """``_intent(move=move)``: the same Intent, found by the same key (``_intent``'s), made
    without going through the keywords: a fleeing man's run, decided every turn he flees."""
    key = ("list and move", ("move", (move.gait, move.to)))
    hit = _INTENTS.get(key)
    if hit is None:
        return _intent(move=move)
    return hit  # type: ignore[return-value]


_BLANK_MOVE = MoveIntent.model_construct()
# (``_copy_of``'s conditions, checked once: no extra fields allowed, none set, no private)
for _m in (_BLANK, _BLANK_MOVE):
    assert type(_m).model_config.get("extra") != "allow" and _m.__pydantic_extra__ is None \
        and _m.__pydantic_private__ is None and "melee" not in _m.__dict__


def _move_to(gait: str, to: str | tuple[float, float]) -> MoveIntent:
    """``_move(gait=gait, to=to)``: the same MoveIntent, found by the same key (``_move``'s),
    made without going through the keywords."""
    hit = _INTENTS.get(("move", ("gait", gait), ("to", to)))
    if hit is None:
        return _move(gait=gait, to=to)
    return hit  # type: ignore[return-value]


def _move(**kw: object) -> MoveIntent:
    """A MoveIntent built without validation, shared between identical moves: the same as
    ``MoveIntent.model_construct(**kw)`` (fields set: those given), in a third of the time
    (a copy of a blank one; the engine never changes a move)."""
    key = ("move",) + tuple(kw.items())
    hit = _INTENTS.get(key)
    if hit is None:
        if len(_INTENTS) >= _CACHE_MAX:
            _INTENTS.clear()
        hit = _INTENTS[key] = _copy_of(_BLANK_MOVE, kw)
    return hit  # type: ignore[return-value]


def check_profiles(fight: FightView) -> None:
    """Raise ScenarioError for a ``tactics:`` value that is not a profile (with a suggestion)."""
    for f in fight.fighters.values():
        name = f.c.tactics
        if name and name not in PROFILE_TABLE:
            near = difflib.get_close_matches(name, PROFILES, n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise ScenarioError(f"{f.name}: unknown tactics profile {name!r}{hint} "
                                f"(profiles: {', '.join(PROFILES)})")


def _memory(fight: FightView) -> _Memory:
    mem = fight.__dict__.get("_tactics_memory")
    if mem is None:
        check_profiles(fight)
        mem = fight.__dict__["_tactics_memory"] = _Memory()
    return mem


def memory_of(fight: FightView, create: bool = True) -> _Memory | None:
    """The profiles' memory of ``fight`` (the sides called on to surrender, the turn planned
    and its kind, the targets chosen this turn); None when it has none yet and not
    ``create``."""
    if not create:
        return fight.__dict__.get("_tactics_memory")
    return _memory(fight)


def turn_kind(fight: FightView, t: int, mem: _Memory | None = None) -> str:
    """The kind of turn ``t`` will be, as far as tactics can tell: the declared kind; else a
    shootout when the declared intents ask for one, when shootout actions carry over, or when
    a character left to tactics has an enemy within 20 feet; else a combat turn. ``mem``:
    the profiles' memory of ``fight`` (``memory_of``), when the caller has it."""
    if mem is None:
        mem = _memory(fight)
    if mem.plan_turn == t:
        return mem.plan_kind
    sc = fight.sc
    kind = "combat"
    declared = sc.turns[t - 1] if t <= len(sc.turns) else None
    if declared is not None and declared.kind != "auto":
        kind = declared.kind
    else:
        intents = declared.intents if declared is not None else {}
        active = [f for f in fight.fighters.values() if f.condition == "active"]  # (up)
        if intents and wants_shootout(fight, intents):
            kind = "shootout"
        elif fight.last_kind == "shootout" and _any_queued(active):
            kind = "shootout"
        else:
            dist = math.dist
            for f in active:
                if not f.tactics or f.name in intents:
                    continue
                side, pos = f.side, f.pos
                for o in active:
                    if o.side != side and dist(pos, o.pos) <= TWENTY_FEET_YARDS:
                        kind = "shootout"
                        break
                if kind == "shootout":
                    break
    mem.plan_turn, mem.plan_kind = t, kind
    mem.targeted = {}
    return kind


def _any_queued(men: list[Fighter]) -> bool:
    """``any(f.queue for f in men)``, without a generator (asked at every planning)."""
    for f in men:
        if f.queue:
            return True
    return False


def planned_kind(fight: FightView, t: int) -> str | None:
    """The kind of turn the profiles planned turn ``t``'s intents for (``turn_kind``), or None
    when no profile decided anything this turn. The engine fights an ``auto`` turn as a
    shootout turn when they planned one (``BootHillFight.kind_of``), so a turn is fought as
    it was planned."""
    mem = fight.__dict__.get("_tactics_memory")
    return mem.plan_kind if mem is not None and mem.plan_turn == t else None


def snapshot(fight: FightView) -> tuple:
    """What deciding a turn changes in the profiles' memory (the sides called on to
    surrender, the targets chosen this turn, the intents made), to plan a turn again."""
    mem = _memory(fight)
    return set(mem.called), dict(mem.targeted), set(fight.tactic_made)


def restore(fight: FightView, saved: tuple, t: int, kind: str) -> None:
    """Put back a ``snapshot`` and plan turn ``t`` as ``kind`` (a snapshot from before the
    turn's decisions: nobody targeted yet)."""
    mem = _memory(fight)
    called, targeted, made = saved
    mem.called = set(called)
    for k, _ in made:  # (a loop, not any(): asked at every planning again)
        if k == t:
            mem.targeted = dict(targeted)
            break
    else:
        mem.targeted = {}
    mem.plan_turn, mem.plan_kind = t, kind
    fight.tactic_made = set(made)


# ---------------------------------------------------------------------- estimates
_COVER_SHARE: dict[tuple[str, ...], float] = {}


def cover_share(locations: tuple[str, ...]) -> float:
    """Share of Table 11 d20 results (unshifted) that fall in ``locations``."""
    share = _COVER_SHARE.get(locations)
    if share is None:
        faces = sum(1 for d in range(1, 21) if tables.location(d) in locations)
        share = _COVER_SHARE[locations] = faces / 20
    return share


def usable(ws: WeaponState) -> bool:
    """Loaded, not jammed, not useless."""
    return ws.loaded > 0 and not ws.jammed_seconds and not ws.useless


def _any_usable(weapons: list[WeaponState]) -> bool:
    """``any(usable(ws) for ws in weapons)``, without a call per weapon."""
    for ws in weapons:
        if ws.loaded > 0 and not ws.jammed_seconds and not ws.useless:
            return True
    return False


def table_bands(fight: FightView) -> bool:
    """No range-band ruling is in force: every band is Table 14's (``band_of``), so the
    estimates may be kept whoever shoots whom (other rulings change no band)."""
    got = fight.__dict__.get("_table_bands")
    if got is None:
        got = fight.__dict__["_table_bands"] = not any(
            r.range_band is not None for r in fight.profile.rulings)
    return got


def band_of(fight: FightView, t: int, f: Fighter, o: Fighter, ws: WeaponState,
            shot_type: str, yards: float) -> str | None:
    """The band the engine will use (a range-band ruling, else Table 14)."""
    if fight.profile.rulings:
        return fight.band_for(t, f, o, ws, shot_type, yards)[0]
    return tables.range_band(ws.wt, yards, shot_type)


def chance(fight: FightView, f: Fighter, ws: WeaponState, o: Fighter, shot_type: str,
           band: str, gait: str | None = None, flight: int = 0) -> float:
    """Estimated probability that one shot hits and is not stopped by the target's cover
    (none when it covers nothing against ``f``'s shot, ruled: BN7, ``against``).

    The Table 1/4 base chance with the Table 2 modifiers that tactics can foresee: range,
    the shooter's gait and wounds, a wrong hand, the target's size and prone, shotgun bonus,
    night, and ``flight``: the target's movement when his own profile runs him off
    (``flight_modifier``); any other movement of his is unknown when deciding and is left
    out.
    """
    me = facts(fight, f)
    return _estimate(_static(fight, f, ws.wt, shot_type), band, ws.wt.kind,
                     me.wound_long if ws.wt.kind == "long_arm" else me.wound_other,
                     GAIT_MODIFIER.get(gait, 0) + flight, me.luck_p,
                     against(fight, f, o, facts(fight, o)))


BAND_MODIFIER = {"short": 0, "long": -2, "extreme": -5}  # Table 2
POINT_BLANK_MODIFIER = {"pistol": 4, "long_arm": -2}      # Table 2 (others: 0)
GAIT_MODIFIER = {"walking": -2, "running": -4, "trotting": -4, "galloping": -4}  # Table 2
TARGET_GAIT_MODIFIER = {"running": -2, "trotting": -2, "evading": -4, "galloping": -4}  # Table 2
_STATIC: dict[tuple, int] = {}


def _static(fight: FightView, f: Fighter, wt: tables.WeaponType, shot_type: str) -> int:
    """``_static_chance`` for ``f`` firing a ``wt`` (memoised)."""
    house = fight.house
    key = (f.c.attributes.coo, getattr(f.c.skills, wt.skill), shot_type,
           house.hipshot_formula, house.shotgun_bonus, wt.type, fight.sc.night)
    c = _STATIC.get(key)
    if c is None:
        if len(_STATIC) >= 20_000:
            _STATIC.clear()
        c = _STATIC[key] = _static_chance(*key)
    return c


def _static_chance(coo: int, skill: int, shot_type: str, hipshot_formula: str,
                   shotgun_bonus: bool, weapon_type: str, night: bool) -> int:
    """The part of a chance to hit that depends on the shooter, gun and fight only: the
    Table 1/4 base chance, the shotgun or scattergun bonus, night."""
    c = tables.base_chance(shot_type, coo, skill, hipshot_formula == "pooled")
    if shotgun_bonus and weapon_type in ("shotgun", "scattergun"):
        c += tables.hit_modifier(weapon_type)
    if night:
        c += tables.hit_modifier("night")
    return c


def _estimate(static: int, band: str, kind: str, wound_mod: int, gait_mod: int,
              luck_p: float, target: Facts) -> float:
    """``chance`` from its parts: the static chance (``_static``), the band's and the gait's
    Table 2 modifiers, the shooter's wound modifier for the gun's kind (``Facts``), the
    shooter's Luck share (a chance below 1 hits on a 1 and a Luck check) and the target."""
    c = _modified(static, band, kind, wound_mod + gait_mod, target.size_mod)
    p = luck_p if c < 1 else min(c, 19) / 20
    if target.keep is not None:
        p *= target.keep
    return p


FLOOR = 1  # a chance to hit of 1 or less hits on a natural 1 only (and below 1 with a
#           Luck check too, errata B4): no shot worth choosing while a better option exists


def _modified(static: int, band: str, kind: str, mods: int, size_mod: int) -> int:
    """The chance to hit ``_estimate`` works from: the static chance with the band's Table 2
    modifier (point blank: by the gun's kind), the shooter's wound and gait modifiers
    (``mods``) and the target's size modifier."""
    return static + (POINT_BLANK_MODIFIER.get(kind, 0) if band == "point_blank"
                     else BAND_MODIFIER[band]) + mods + size_mod


def real_chance(fight: FightView, f: Fighter, ws: WeaponState, o: Fighter, shot_type: str,
                band: str, gait: str | None = None, flight: int = 0) -> bool:
    """The chance to hit of ``chance``'s shot is above the natural-1 floor (``FLOOR``)."""
    me = facts(fight, f)
    return _modified(_static(fight, f, ws.wt, shot_type), band, ws.wt.kind,
                     (me.wound_long if ws.wt.kind == "long_arm" else me.wound_other)
                     + GAIT_MODIFIER.get(gait, 0) + flight, facts(fight, o).size_mod) > FLOOR


@dataclass(slots=True)
class Gun:
    """A usable weapon as tactics weigh it: its index, state, careful-shot static chance
    (``_static``), the shooter's wound modifier for its kind, its point-blank modifier and
    its Table 14 band limits for a careful shot (``tables.band_limits``)."""

    i: int
    ws: WeaponState
    static: int
    wound_mod: int
    pb_mod: int
    limits: tuple[float, int, int, int]


@dataclass(slots=True)
class Facts:
    """What tactics read of one fighter, for the estimates (``chance``, ``reach``):
    as a shooter, his Table 2 wound modifiers (a long arm; any other gun), his Luck share
    (Luck/400: a 1 on the d20, then the Luck check) and his usable guns (``guns``, built on
    first use); as a target, the Table 2 size modifier (prone: small) with the obscured -2,
    and the share of Table 11 locations his cover leaves open (None: no cover). ``tid``,
    ``sid`` and ``mine`` name what the estimates read of him as a target, as a shooter and as
    the chooser of a target (``_choose_among``) by small ids, so that the estimates are kept
    from one planning to the next (``_REACH``, ``_OPTIONS``): the same signatures, the same
    estimates. As the target of a shooter his cover covers nothing against (ruled: BN7) he
    is read through ``against``."""

    wound_long: int
    wound_other: int
    luck_p: float
    size_mod: int
    keep: float | None
    guns: list[Gun] | None = None
    tid: int = -1               # his target signature's id (``_sig_id``: size, cover)
    sid: int = -1               # his guns' signature as a shooter (``_shooter_id``), -1 not yet
    mine: tuple | None = None   # (his addressable guns, their signature's id), built on use
    bare: Facts | None = None   # in cover: the same as a target with it covering nothing
    #                             (``against``); None: no cover


def _facts(fight: FightView, f: Fighter) -> Facts:
    wound_long = wound_other = 0
    if f.wounds:
        light, serious, gun, off = f.wound_summary()
        base = fight.house.light_wound_penalty * light - 4 * serious
        wound_long = base - 2 if gun != off else base
        wound_other = base - 2 if gun and not off else base
    size = f.c.size
    if f.prone and size == "normal":
        size = "small"
    size_mod = tables.hit_modifier(f"size_{size}") if size != "normal" else 0
    if f.c.obscured:
        size_mod -= 2
    luck_p = f.c.attributes.luck / 400
    if f.cover is None:
        return Facts(wound_long, wound_other, luck_p, size_mod, None, None,
                     _sig_id((size_mod, None)))
    keep = 1.0 - cover_share(f.cover.locations)
    bare = Facts(wound_long, wound_other, luck_p, size_mod, None, None,
                 _sig_id((size_mod, None)))   # (made with his own: ids of the same era)
    return Facts(wound_long, wound_other, luck_p, size_mod, keep, None,
                 _sig_id((size_mod, keep)), bare=bare)


def against(fight: FightView, f: Fighter, o: Fighter, them: Facts) -> Facts:
    """``o``'s ``Facts`` (``them``) as the target of ``f``'s shot: his own, or, when his
    cover covers nothing against ``f`` (ruled: BN7: the same landmark, or within the [cover]
    ``open_yards``; ``BootHillFight.bare``, the engine's own test, where the engine reads
    it), the same with no cover (``keep`` None, the target signature of a man in the open)."""
    if them.bare is None or not fight.bare(f, o):
        return them
    return them.bare


# The estimates of the profiles, kept across plannings and fights (no rulings in force: a
# range-band ruling makes the band depend on who shoots whom). Each is a pure function of
# the signatures it is keyed on, named by small ids (``_sig_id``); all are emptied together
# when the ids are.
_SIGS: dict[tuple, int] = {}
_REACH: dict[tuple[int, int, float], float] = {}  # (shooter sid, target tid, yards) -> reach
_OPTIONS: dict[tuple, tuple] = {}  # (chooser's mine id, gait modifier, target tid, yards)
_SIGS_MAX = 50_000                 # -> ((gun index, band, p, p with pellets), ...)


def _sig_id(sig: tuple) -> int:
    """A small id for a signature (the same signature, the same id, until the memos of the
    estimates are emptied together)."""
    global _SIG_ERA
    i = _SIGS.get(sig)
    if i is None:
        if len(_SIGS) >= _SIGS_MAX or len(_REACH) >= _SIGS_MAX or len(_OPTIONS) >= _SIGS_MAX:
            _SIGS.clear()
            _REACH.clear()
            _OPTIONS.clear()
            _SIG_ERA += 1
        i = _SIGS[sig] = len(_SIGS)
    return i


_SIG_ERA = 0  # how many times the ids were given anew (a ``Facts`` kept holds ids of its era)


def _shooter_id(fight: FightView, f: Fighter, me: Facts) -> int:
    """The id of what ``reach`` reads of ``f`` as a shooter: his Luck share and, per usable
    gun, its static chance, wound modifier, kind and careful band limits."""
    if me.sid < 0:
        me.sid = _sig_id(("shooter", me.luck_p) + tuple(
            (g.static, g.wound_mod, g.ws.wt.kind, g.limits) for g in guns(fight, f)))
    return me.sid


def _mine(fight: FightView, f: Fighter, me: Facts) -> tuple:
    """``f``'s guns an intent can name (``_addressable``) and the id of what
    ``_choose_among`` reads of them (index, static chance, wound modifier, kind, careful band
    limits, shotgun) with his Luck share."""
    if me.mine is None:
        mine = [g for g in guns(fight, f) if _addressable(fight, f, g.i)]
        me.mine = (mine, _sig_id(("mine", me.luck_p) + tuple(
            (g.i, g.static, g.wound_mod, g.ws.wt.kind, g.limits, g.ws.wt.is_shotgun)
            for g in mine)))
    return me.mine


def facts(fight: FightView, f: Fighter) -> Facts:
    """``f``'s ``Facts``: computed once per planning (``begin_planning``: the state does not
    change while the profiles decide), else afresh; a planning takes the ``Facts`` of an
    earlier one of the same fight when what they are made from is unchanged (``_stamp``)."""
    plan = fight.__dict__.get("_tactics_plan")
    if plan is None:
        return _facts(fight, f)
    got = plan.facts.get(f.order)
    if got is None:
        memo = fight.__dict__.get("_memo")  # (the lean path's memo of this scenario's decisions)
        if memo is not None:  # kept across its fights, by what they are made from (``_stamp``)
            cover = f.cover
            key = ("facts", f.order, _SIG_ERA, f.wound_summary() if f.wounds else None,
                   f.prone, cover.locations if cover is not None else None, f.current_weapon,
                   tuple([(ws.spec.name, ws.spec.type, ws.wt.type, ws.loaded > 0,
                           ws.jammed_seconds, ws.useless, ws.lying_at is not None, ws.gone)
                          for ws in f.weapons]))
            got = memo.get(key)
            if got is None:
                got = memo[key] = _facts(fight, f)
            plan.facts[f.order] = got
            return got
        kept = fight.__dict__.get("_tactics_facts")
        if kept is None:
            kept = fight.__dict__["_tactics_facts"] = {}
        stamp = _stamp(f)
        old = kept.get(f.order)
        if old is not None and old[0] == stamp:
            got = old[1]
        else:
            got = _facts(fight, f)
            kept[f.order] = (stamp, got)
        plan.facts[f.order] = got
    return got


def _stamp(f: Fighter) -> tuple:
    """What ``f``'s ``Facts`` (with his guns and the ones an intent can name) are made from
    and may change in a fight: his wounds, prone, cover, the weapon in hand and, per weapon
    (the same objects), loaded or not, jammed, useless (compared by value: a state set anew,
    as the odds kernel sets its representative fight, is the same state)."""
    return (tuple(f.wounds), f.prone, f.cover, f.current_weapon,
            tuple([(ws, ws.loaded > 0, ws.jammed_seconds, ws.useless) for ws in f.weapons]))


def guns(fight: FightView, f: Fighter) -> list[Gun]:
    """``f``'s usable weapons (``usable``), in his order, as ``Gun``s."""
    me = facts(fight, f)
    if me.guns is None:
        out = []
        for i, ws in enumerate(f.weapons):
            if ws.loaded > 0 and not ws.jammed_seconds and not ws.useless:
                wt = ws.wt
                out.append(Gun(i, ws, _static(fight, f, wt, "careful"),
                               me.wound_long if wt.kind == "long_arm" else me.wound_other,
                               POINT_BLANK_MODIFIER.get(wt.kind, 0),
                               tables.band_limits(wt, "careful")))
        me.guns = out
    return me.guns


class _Planning:
    """The profiles' working memory while one turn's intents are decided (the state is fixed
    meanwhile): each fighter's ``Facts``, by order, and each pair's ``reach`` at a distance
    (shooter's order, target's order, yards). (A plain class: one is made every planning,
    and a dataclass's ``__init__`` calls a factory per dict.)"""

    __slots__ = ("facts", "reach", "flight", "up", "running")

    def __init__(self) -> None:
        self.facts: dict[int, Facts] = {}
        self.reach: dict[tuple[int, int, float], float] = {}
        self.flight: dict[tuple[int, str], int] = {}
        self.up: list[Fighter] | None = None      # the men still up (``_up``)
        self.running: dict[int, bool] = {}        # ``_running``, by order


def begin_planning(fight: FightView) -> None:
    """The engine is about to ask the profiles for a turn's intents (``decide``) and will
    change nothing until ``end_planning``: estimates are kept for the whole planning."""
    fight.__dict__["_tactics_plan"] = _Planning()


def end_planning(fight: FightView) -> None:
    """The planning is over: the state may change; estimates are made afresh."""
    fight.__dict__.pop("_tactics_plan", None)


def _careful(fight: FightView, t: int, f: Fighter, o: Fighter, g: Gun, yards: float,
             rulings: bool) -> str | None:
    """``band_of`` for a careful shot with gun ``g``."""
    if rulings:
        return fight.band_for(t, f, o, g.ws, "careful", yards)[0]
    return tables.band_within(g.limits, yards)


def reach(fight: FightView, t: int, f: Fighter, o: Fighter, yards: float) -> float:
    """How likely ``f`` is to hit ``o`` with a careful shot from his best usable weapon
    (``o``'s cover as it stands against ``f``'s shot: ``against``)."""
    plan = fight.__dict__.get("_tactics_plan")
    if plan is not None:  # (the state is fixed while planning: a pure function of the three)
        key = (f.order, o.order, yards)
        got = plan.reach.get(key)
        if got is not None:
            return got
    rulings = bool(fight.profile.rulings)
    me = facts(fight, f)
    them = against(fight, f, o, facts(fight, o))
    if table_bands(fight):
        kept = (_shooter_id(fight, f, me), them.tid, yards)
        best = _REACH.get(kept)
        if best is None:
            best = _REACH[kept] = _reach(me, them, guns(fight, f), yards)
        if plan is not None:
            plan.reach[key] = best
        return best
    best = 0.0
    for g in guns(fight, f):
        band = tables.band_within(g.limits, yards) if not rulings \
            else _careful(fight, t, f, o, g, yards, rulings)
        if band is None:
            continue
        p = _estimate(g.static, band, g.ws.wt.kind, g.wound_mod, 0, me.luck_p, them)
        if p > best:
            best = p
    if plan is not None:
        plan.reach[key] = best
    return best


def _reach(me: Facts, them: Facts, mine: list[Gun], yards: float) -> float:
    """``reach`` with no rulings in force, from the shooter's facts and guns."""
    best = 0.0
    for g in mine:
        band = tables.band_within(g.limits, yards)
        if band is None:
            continue
        p = _estimate(g.static, band, g.ws.wt.kind, g.wound_mod, 0, me.luck_p, them)
        if p > best:
            best = p
    return best


def most_dangerous(fight: FightView, t: int, f: Fighter,
                   candidates: list[Fighter]) -> Fighter | None:
    """The most dangerous of ``candidates`` to ``f``: the one most likely to hit him with a
    careful shot (``reach``, the danger weight of every profile's target choice); the nearer,
    then the first in the scenario, on a tie. None when there are no candidates."""
    best = None
    best_key: tuple[float, float, int] | None = None
    own = "_tactics_plan" not in fight.__dict__
    if own and len(candidates) > 1:  # (nothing changes meanwhile: ``f``'s facts read once)
        begin_planning(fight)
    try:
        for o in candidates:
            yards = math.dist(f.pos, o.pos)
            key = (-reach(fight, t, o, f, yards), yards, o.order)
            if best_key is None or key < best_key:
                best, best_key = o, key
    finally:
        if own:
            end_planning(fight)
    return best


def visible(fight: FightView, f: Fighter, o: Fighter, yards: float) -> bool:
    """At night a target farther than the shooter's OBS in yards cannot be seen unless lit."""
    return not fight.sc.night or yards <= f.c.attributes.obs or o.c.lit


# ---------------------------------------------------------------------- decisions
@dataclass(slots=True)
class _Choice:
    target: Fighter
    weapon: int
    band: str
    p: float
    score: float
    yards: float


def _choose(fight: FightView, t: int, f: Fighter, prof: Profile,
            enemies: list[tuple[Fighter, float]], gait: str | None, kind: str,
            mem: _Memory) -> _Choice | None:
    """The best (target, weapon) pair for careful shots, by the profile's target weights; a
    target his friends already shoot at this turn is worth a little less (fire is spread).

    A threat comes first: when enemies stand within point blank range with a gun that can
    fire (``_threats``), the choice is among them, whatever the weights make of a man farther
    off (one running away, one in the open); the others only when none of them can be hit.
    Then the men still in the fight (``_fighting``: not running away, armed or within reach)
    come before a man who runs away or has no gun to fire; those only when none of the others
    can be hit."""
    plan = fight.__dict__.get("_tactics_plan")  # (his facts of the planning looked up here)
    me = (plan.facts.get(f.order) if plan is not None else None) or facts(fight, f)
    mine = me.mine[0] if me.mine is not None else _mine(fight, f, me)[0]
    if not mine:
        return None
    if len(enemies) > 1:  # (one enemy: any tier is all of them, the same choice as below)
        for tier in _threats(fight, enemies) + _fighting(fight, enemies):
            best = _choose_among(fight, t, f, prof, tier, gait, kind, mem, mine, me)
            if (best is not None and best.p > 0) or len(tier) == len(enemies):
                return best
    return _choose_among(fight, t, f, prof, enemies, gait, kind, mem, mine, me)


def _running(fight: FightView, o: Fighter, up: list[Fighter]) -> bool:
    """``o``'s own profile makes him flee this turn (``_fleeing``); False without one.
    ``up``: the men still up (``_up``); while planning, the answer is kept for the planning."""
    if not o.tactics:
        return False
    plan = fight.__dict__.get("_tactics_plan")
    if plan is not None:
        got = plan.running.get(o.order)
        if got is not None:
            return got
    friends = 0
    side = o.side
    for x in up:  # (a loop, not sum() of a generator: asked at every planning)
        if x.side == side:
            friends += 1
    got = _fleeing(o, PROFILE_TABLE[o.tactics], len(up) - friends, friends)
    if plan is not None:
        plan.running[o.order] = got
    return got


def _up(fight: FightView) -> list[Fighter]:
    """The men still up, in the scenario's order (kept for a planning: nobody goes down
    while the profiles decide)."""
    plan = fight.__dict__.get("_tactics_plan")
    if plan is None:
        return [x for x in fight.fighters.values() if x.condition == "active"]  # (up)
    if plan.up is None:
        plan.up = [x for x in fight.fighters.values() if x.condition == "active"]
    return plan.up


def flight_modifier(fight: FightView, t: int, o: Fighter, kind: str) -> int:
    """The Table 2 target-movement modifier a shot at ``o`` takes this turn when his own
    profile runs him off (``_fleeing``, ``decide``'s first step): at the gait his wounds let
    him run (``_gait``: running -2, galloping -4; a walk or a crawl, none); 0 when he has no
    profile or an intent declared for the turn, does not flee, stands to reload out of
    every enemy's reach (``_in_their_reach``), or is held (he tries to break free). Read in turn ``t`` planned as ``kind``."""
    if not o.tactics or o.condition != "active":  # (down)
        return 0
    plan = fight.__dict__.get("_tactics_plan")
    key = (o.order, kind)
    if plan is not None:
        got = plan.flight.get(key)
        if got is not None:
            return got
    got = 0
    turns = fight.sc.turns
    declared = turns[t - 1].intents if t <= len(turns) else {}
    if o.name not in declared:
        up = _up(fight)
        if _running(fight, o, up):
            enemies = [(x, math.dist(o.pos, x.pos)) for x in up if x.side != o.side]
            if enemies and o.held_by is None and _in_their_reach(fight, t, o, enemies):
                got = TARGET_GAIT_MODIFIER.get(_gait(o, "run", kind, fight.sc.night), 0)
    if plan is not None:
        plan.flight[key] = got
    return got


def _fighting(fight: FightView,
              enemies: list[tuple[Fighter, float]]) -> list[list[tuple[Fighter, float]]]:
    """The men among ``enemies`` still in the fight, as one tier (``_threats``' form): not
    running away (``_running``) and with a gun that can fire (``usable``) or within reach
    (2 yards, hand to hand). Empty when that is all of them or none."""
    arms = tables.hand_to_hand()["reach"]["yards"]
    up = _up(fight)
    tier = [(o, y) for o, y in enemies
            if (y <= arms + 1e-9 or _any_usable(o.weapons)) and not _running(fight, o, up)]
    return [tier] if tier and len(tier) < len(enemies) else []


def _threats(fight: FightView,
             enemies: list[tuple[Fighter, float]]) -> list[list[tuple[Fighter, float]]]:
    """The threats among ``enemies`` that come before any weighing, as one tier (a list of
    lists, for more tiers): the men within point blank range (2 yards, B1) with a gun that
    can fire (``usable``) who are not running away (a man whose own profile makes him flee,
    ``_fleeing``, fires nothing this turn). Empty: no threat."""
    pb = tables.point_blank_yards()
    close = [(o, y) for o, y in enemies if y <= pb and _any_usable(o.weapons)]
    if not close:
        return []
    up = _up(fight)
    threats = [(o, y) for o, y in close if not _running(fight, o, up)]
    return [threats] if threats else []


def _choose_among(fight: FightView, t: int, f: Fighter, prof: Profile,
                  enemies: list[tuple[Fighter, float]], gait: str | None, kind: str,
                  mem: _Memory, mine: list[Gun], me: Facts | None = None) -> _Choice | None:
    """``_choose`` over ``enemies`` with his guns ``mine`` (``me``: his ``facts``, when the
    caller has them).

    With no rulings in force, each target's options (per gun in range: its index, the band,
    the estimated chance and that chance times the expected pellets) are kept by what they
    are worked out from (``_OPTIONS``: his guns' signature, the gait's modifier, the target's
    signature, the distance), and each target's danger to him by ``reach``'s memo."""
    rulings = bool(fight.profile.rulings)
    if me is None:
        me = facts(fight, f)
    gait_mod = GAIT_MODIFIER.get(gait, 0)
    night = fight.sc.night
    obs = f.c.attributes.obs
    current = f.current_weapon
    shootout = kind == "shootout"
    plan = fight.__dict__.get("_tactics_plan")  # (its facts and reaches looked up here:
    known = plan.facts if plan is not None else {}  # the loop runs for every enemy)
    reaches = plan.reach if plan is not None else {}
    flights = plan.flight if plan is not None else {}
    kept = me.mine is not None and me.mine[0] is mine and table_bands(fight)
    mine_id = me.mine[1] if kept else -1
    targeted = mem.targeted
    side = f.side
    near, danger_w, wounded_w = prof.near, prof.danger, prof.wounded
    one = len(enemies) == 1
    # the best so far: (target, gun index, band, chance, score, yards), a _Choice at the end
    best_o: Fighter | None = None
    best_i = best_order = 0
    best_band = ""
    best_p = best_score = best_yards = 0.0
    for o, yards in enemies:
        if night and yards > obs and not o.c.lit:  # (``visible``)
            continue
        them = known.get(o.order) or facts(fight, o)
        target = them if them.bare is None else against(fight, f, o, them)  # (BN7)
        if o.tactics:  # (``flight_modifier``, its answer for the planning looked up here)
            flight = flights.get((o.order, kind))
            if flight is None:
                flight = flight_modifier(fight, t, o, kind)
            mods = gait_mod + flight
        else:
            mods = gait_mod
        if kept:
            okey = (mine_id, mods, target.tid, yards)
            options = _OPTIONS.get(okey)
            if options is None:
                options = _OPTIONS[okey] = _options(fight, t, f, o, me, target, mine, mods,
                                                    yards, False)
        else:
            options = _options(fight, t, f, o, me, target, mine, mods, yards, rulings)
        if not options:
            continue
        if one and len(options) == 1:
            # one man, one gun: the first pair is chosen whatever it is worth (below: the
            # first beats no choice), and a choice's score is read nowhere else
            i, band, p, _ = options[0]
            return _Choice(o, i, band, p, 0.0, yards)
        # what the target is worth, the same whatever gun shoots him
        if kept:  # (``reach``'s memo, looked up here)
            sid = them.sid if them.sid >= 0 else _shooter_id(fight, o, them)
            mark = me if me.bare is None else against(fight, o, f, me)  # (BN7)
            danger = _REACH.get((sid, mark.tid, yards))
            if danger is None:
                danger = reach(fight, t, o, f, yards)
        else:
            danger = reaches.get((o.order, f.order, yards))
            if danger is None:
                danger = reach(fight, t, o, f, yards)
        value = (1.0 + near * 10 / (10 + yards)
                 + danger_w * danger
                 + wounded_w * o.wound_points / o.capacity)
        value /= 1.0 + 0.35 * targeted.get((side, o.name), 0)
        order = o.order
        for i, band, p, p_eff in options:
            worth = value * 0.85 if (i != current and shootout) else value
            score = p_eff * max(worth, 0.05)  # (a new gun must be drawn first: 0.85)
            if best_o is None or score > best_score + 1e-12 or (
                    abs(score - best_score) <= 1e-12 and (i, order) < (best_i, best_order)):
                best_o, best_i, best_order, best_band, best_p = o, i, order, band, p
                best_score, best_yards = score, yards
    if best_o is None:
        return None
    return _Choice(best_o, best_i, best_band, best_p, best_score, best_yards)


def _options(fight: FightView, t: int, f: Fighter, o: Fighter, me: Facts, them: Facts,
             mine: list[Gun], gait_mod: int, yards: float,
             rulings: bool) -> tuple[tuple[int, str, float, float], ...]:
    """``f``'s careful shots at ``o`` with each of ``mine`` in range whose chance to hit is
    above the natural-1 floor (``FLOOR``), in order: (gun index, band, estimated chance, that
    chance times the expected pellets of a shotgun). ``gait_mod``: the Table 2 movement
    modifiers foreseen, his own gait's and the target's flight (``flight_modifier``)."""
    out = []
    for g in mine:
        band = tables.band_within(g.limits, yards) if not rulings \
            else _careful(fight, t, f, o, g, yards, rulings)
        if band is None or _modified(g.static, band, g.ws.wt.kind, g.wound_mod + gait_mod,
                                     them.size_mod) <= FLOOR:
            continue  # (out of range, or a natural 1 at best: no shot worth choosing)
        p = _estimate(g.static, band, g.ws.wt.kind, g.wound_mod + gait_mod, 0, me.luck_p,
                      them)
        out.append((g.i, band, p, p * EXPECTED_PELLETS[band] if g.ws.wt.is_shotgun else p))
    return tuple(out)


def _addressable(fight: FightView, f: Fighter, i: int) -> bool:
    """An intent can name weapon ``i`` (the one in hand, or the first of its type or name he
    still carries: ``BootHillFight.weapon_index``; a second thrown knife once the first is
    thrown)."""
    if i == f.current_weapon:
        return True
    ws = f.weapons[i]
    return fight.weapon_index(f, ws.spec.name or ws.spec.type) == i


def _weapon_ref(fight: FightView, f: Fighter, i: int) -> str | None:
    if i == f.current_weapon:
        return None
    ws = f.weapons[i]
    return ws.spec.name or ws.spec.type


def _draw_counts(fight: FightView, f: Fighter, tolerance: float = 0.0) -> tuple[str, float]:
    """The draw expected to take fewer counts: a fast draw succeeds on d20 <= Fast Draw and
    costs nothing, a failure costs 2 counts and a new draw (errata B13); a normal draw 3."""
    skill = f.c.skills.fast_draw
    if skill <= 0:
        return "normal", 3.0
    p = min(skill, 19) / 20
    if fight.house.failed_fast_draw_ready:
        fast = 2 * (1 - p)
    else:
        fast = 2 * (1 - p) / p
    return ("fast", fast) if fast <= 3.0 + tolerance else ("normal", 3.0)


def first_count(fight: FightView, f: Fighter, prof: Profile,
                weapon: int) -> tuple[str | None, float]:
    """The draw a shootout turn's plan needs (None: the gun is in hand) and the count his
    first shot can start from: where the engine will start his actions
    (``shootout.start_cursor``, the cursor carried from the last shootout turn moved six
    counts back), plus the draw's expected counts (``_draw_counts``)."""
    draw = None
    start = 0.0
    if not f.drawn or weapon != f.current_weapon:
        draw, start = _draw_counts(fight, f, prof.draw_tolerance)
    if fight.last_kind != "shootout":  # (``start_cursor``, written out: every shot list)
        return draw, start
    cursor = f.cursor - 6
    return draw, start + cursor if cursor > 0 else start


def _shot_list(fight: FightView, t: int, f: Fighter, prof: Profile, ch: _Choice,
               gait: str | None) -> tuple[list[str], str | None]:
    """The shootout shot list with the best weighted expected hits, and the draw.

    Within 20 feet the shooter wants speed: hipshots, or fanning with a revolver; farther
    off, accuracy: careful or steady shots (001 l.8-12)."""
    ws = f.weapons[ch.weapon]
    o = ch.target
    draw, start = first_count(fight, f, prof, ch.weapon)
    loaded = ws.loaded
    plan = fight.__dict__.get("_tactics_plan")  # (the planning's facts and flights looked up
    flight = 0                                  # here)
    if o.tactics:
        flight = plan.flight.get((o.order, "shootout")) if plan is not None else None
        if flight is None:
            flight = flight_modifier(fight, t, o, "shootout")
    memo = fight.__dict__.get("_memo")  # (the lean path's memo of this scenario's decisions)
    if memo is not None and table_bands(fight):
        # everything read below besides what the scenario and its profile fix: a pure
        # function of these (the man by his place in the scenario: his attributes and skills)
        known = plan.facts if plan is not None else {}
        me = known.get(f.order) or facts(fight, f)
        them = against(fight, f, o, known.get(o.order) or facts(fight, o))
        key = ("shot list", prof.name, f.order, ch.weapon, loaded, ch.yards, gait,
               me.wound_long, me.wound_other, them.size_mod, them.keep, draw, start, flight)
        got = memo.get(key)
        if got is None:
            got = memo[key] = _shots(fight, t, f, prof, ch, gait, ws, o, start, loaded,
                                     flight)
        return list(got), draw
    return _shots(fight, t, f, prof, ch, gait, ws, o, start, loaded, flight), draw


def _shots(fight: FightView, t: int, f: Fighter, prof: Profile, ch: _Choice, gait: str | None,
           ws: WeaponState, o: Fighter, start: float, loaded: int, flight: int = 0) -> list[str]:
    """``_shot_list``'s shots, from the count the first may start on: only shot types whose
    chance to hit is above the natural-1 floor (``FLOOR``); within 20 feet careful or steady
    shots when neither a hipshot nor a fanned shot has one. ``flight``: the target's
    movement modifier foreseen (``flight_modifier``)."""
    close = ch.yards <= TWENTY_FEET_YARDS
    best: tuple[float, list[str]] = (-1.0, ["hip"] if close else ["careful"])
    found = False
    for st in ("hip", "fanned", "careful", "steady") if close else ("careful", "steady"):
        if st == "careful" and found:
            break  # (within 20 feet: careful or steady shots only when no quick shot can hit)
        if st == "fanned" and not ws.wt.is_revolver:
            continue
        band = band_of(fight, t, f, o, ws, st, ch.yards)
        if band is None or not real_chance(fight, f, ws, o, st, band, gait, flight):
            continue
        found = True
        p = chance(fight, f, ws, o, st, band, gait, flight)
        if ws.wt.is_shotgun:
            p *= EXPECTED_PELLETS[band]
        n = min(tables.shots_per_shootout_turn(st), loaded)
        value = 0.0
        for k in range(1, n + 1):
            end = start + k * tables.shot_counts(st)
            value += p * max(0.1, 1.0 - prof.haste * end) - prof.ammo_care
        if value > best[0] + 1e-12:
            best = (value, [st] * n)
    return best[1]


def _nearest_cover(fight: FightView, f: Fighter, enemies: list[tuple[Fighter, float]],
                   far: bool, away: bool = False) -> tuple[str, float] | None:
    """The landmark with cover worth moving to: near, not an enemy's own (one he is at), not
    closer to the enemy than we are where that is within 20 feet of him (``away``: not
    closer to any enemy at all, for a man in flight or one who never advances), ``far``: the
    one that keeps the most distance. None when there is none in reach."""
    nearest_enemy = min(y for _, y in enemies)
    limit = min(nearest_enemy, TWENTY_FEET_YARDS) - 1e-9
    best = None
    best_score = math.inf
    dist = math.dist
    for key, lm in fight.sc.map.items():
        if lm.cover is None or key in fight.gone_landmarks:
            continue
        at = lm.at
        d = dist(f.pos, at)
        if d > COVER_REACH or d < 1e-9:
            continue
        # (one loop over the enemies, not three generators: the enemy's own cover, the
        # nearest enemy to it, an enemy it lies towards)
        closest = math.inf
        own = towards = False
        for o, y in enemies:
            if o.landmark == key:
                own = True
                break
            e = dist(at, o.pos)
            if e < closest:
                closest = e
            if away and e < y - 1e-9:
                towards = True
        if own:
            continue  # the enemy's own cover
        if closest < limit:
            continue  # would walk into the enemy
        if towards:
            continue  # towards an enemy
        score = d - (closest if far else 0.0) * 0.5
        if score < best_score - 1e-12:
            best, best_score = (key, d), score
    return best


def _gait(f: Fighter, how: str, kind: str = "combat", night: bool = False) -> str:
    """The gait he declares for a move ``how`` ("walk" or "run") in a turn of ``kind``: the
    one his wounds let him make (``Fighter.wounded_gait``: a serious leg wound a walk at most,
    serious wounds in both legs a crawl; mounted, Table 3's), and a walk for a run that would
    take him no farther than his walk (a serious wound elsewhere halves a run but not a walk,
    night halves it too: ruling BN2). What he declares is what he is shot at and shoots as
    (Table 2, ruling B12), so a man who can only walk declares a walk."""
    gait = (MOUNTED_GAITS if f.mounted else FOOT_GAITS)[how]
    if f.mounted or (not f.wounds and not night):
        return gait
    if f.wounds:
        gait = f.wounded_gait(gait)[0]
    if gait == "running" and _allowance(f, "running", kind, night) <= _allowance(
            f, "walking", kind, night):
        return "walking"
    return gait


def slow_gait_why(f: Fighter, gait: str, kind: str, night: bool = False) -> str | None:
    """Why a man on foot whose profile declared ``gait`` for him goes no faster, for the
    write-up (a Table 3 movement penalty's name, value 0): "serious_leg_walk_only" (a walk:
    a serious leg wound, Table 3), "serious_wound_both_legs" (a crawl: both legs), or
    "run_no_farther" (a walk: his wounds, or night, leave his run no longer than his walk,
    ruling BN2); None when he could go faster (a walk he chose)."""
    if gait == "crawling":
        return "serious_wound_both_legs" if f.wounds and f.wounded_gait(
            "walking")[0] == "crawling" else None
    if gait != "walking":
        return None
    if f.wounds and f.wounded_gait("running")[0] == "walking":
        return "serious_leg_walk_only"
    if _gait(f, "run", kind, night) == "walking":
        return "run_no_farther"
    return None


def _allowance(f: Fighter, gait: str, kind: str, night: bool = False) -> float:
    """The yards a move at ``gait`` takes him this turn (``kind``: "combat" or "shootout"):
    Table 3 or 7 (``tables.movement_allowance``) and, on foot, what his wounds do to it as
    the engine's move does (``Fighter.wounded_gait``: a serious leg wound makes a run a
    walk, each leg wound halves it...), halved again at ``night`` for any gait but a walk or
    a crawl (B17): his run to cover is the run he can make."""
    if f.mounted or not f.wounds:
        yards = tables.movement_allowance(gait, f.mounted, kind)
        return yards / 2 if night and gait not in ("walking", "crawling") else yards
    gait, _, halvings = f.wounded_gait(gait)
    yards = tables.movement_allowance(gait, False, kind)
    for _, n in halvings:
        yards /= 2 ** n
    if night and gait not in ("walking", "crawling"):
        yards /= 2
    return max(0.0, round(yards, 2))


def _away(f: Fighter, enemies: list[tuple[Fighter, float]], yards: float) -> tuple[float, float]:
    """A point ``yards`` away from the enemies (weighted to the nearest)."""
    dx = dy = 0.0
    for o, d in enemies:
        w = 1.0 / max(d, 0.5) ** 2
        dx += (f.pos[0] - o.pos[0]) * w
        dy += (f.pos[1] - o.pos[1]) * w
    norm = math.hypot(dx, dy)
    if norm < 1e-9:
        dx, dy, norm = -1.0, 0.0, 1.0
    return (round(f.pos[0] + dx / norm * yards, 1), round(f.pos[1] + dy / norm * yards, 1))


def _toward(f: Fighter, o: Fighter, stop: float, step: float) -> tuple[float, float] | None:
    """A point on the way to ``o``, at most ``step`` yards on, no nearer than ``stop``."""
    d = math.dist(f.pos, o.pos)
    go = min(step, d - stop)
    if go <= 0.5:
        return None
    k = go / d
    return (round(f.pos[0] + (o.pos[0] - f.pos[0]) * k, 1),
            round(f.pos[1] + (o.pos[1] - f.pos[1]) * k, 1))


def _reloadable(f: Fighter, empty: bool = False) -> int | None:
    """The weapon best worth reloading (fastest rate), or None; ``empty``: only an empty one
    (no round loaded)."""
    best = None
    for i, ws in enumerate(f.weapons):
        rate = ws.wt.reload
        if rate is None or ws.useless or ws.jammed_seconds or ws.loaded >= ws.capacity:
            continue
        if empty and ws.loaded > 0:
            continue
        if ws.spare is not None and ws.spare <= 0:
            continue
        if best is None or rate > f.weapons[best].wt.reload:
            best = i
    return best


def _fills_now(ws: WeaponState, kind: str) -> bool:
    """Whether one turn of reloading fills ``ws``: a combat turn whose Table 14 rate (rounds
    a combat turn) covers what it lacks (000 l.497: a shootout turn loads a sixth of that)."""
    need = ws.capacity - ws.loaded
    if ws.spare is not None:
        need = min(need, ws.spare)
    return kind == "combat" and ws.wt.reload is not None and ws.wt.reload >= need


def _reload_ref(fight: FightView, f: Fighter, i: int) -> bool | str | None:
    """The ``reload:`` value naming weapon ``i`` (True for the one in hand), or None."""
    if i == f.current_weapon:
        return True
    ws = f.weapons[i]
    ref = ws.spec.name or ws.spec.type
    return ref if fight.weapon_index(f, ref) == i else None


def _in_their_reach(fight: FightView, turn: int, f: Fighter,
                    enemies: list[tuple[Fighter, float]]) -> bool:
    """Whether some enemy can get at ``f`` where they stand: one within hand-to-hand reach
    (2 yards, errata B19: any man can strike there, with his fists at least), or one with a
    careful shot at him (``reach``). A man running off who is out of all of it stands and
    reloads (``decide``); one within it runs (a fresh user, session 22: a cautious man a yard
    from two brawlers stood "out of their reach" and was clubbed senseless)."""
    arms = tables.hand_to_hand()["reach"]["yards"]
    for o, y in enemies:  # (a loop, not any() of a generator)
        if y <= arms + 1e-9 or reach(fight, turn, o, f, y) != 0.0:
            return True
    return False


def _fleeing(f: Fighter, prof: Profile, n_enemies: int, n_friends: int) -> bool:
    hurt = f.wound_points * 2 > f.capacity
    odds = prof.flee_odds > 0 and n_enemies >= prof.flee_odds * n_friends
    if prof.flee_any_wound and f.wound_points > 0:
        return True
    if prof.flee_hurt and hurt:
        return odds if prof.flee_hurt_needs_odds else True
    return odds and not prof.flee_hurt_needs_odds


def surrender_call(sides: list[str]) -> str:
    """A lawman's call (``other:``) on the enemy ``sides`` (in the scenario's order) to
    surrender, before the first shot of the fight (the combat example, 000 l.591-617)."""
    return f"calls on the {' and the '.join(sides)} to throw down their guns and surrender"


def decide(fight: FightView, turn: int, f: Fighter) -> Intent | None:
    """The intent ``f``'s tactics profile chooses for ``turn``, or None to wait.

    Returns an Intent valid for the turn: in a combat turn one or two careful shots at one
    target; in a shootout turn a shot list of at most 6 counts (fanned only with a revolver);
    targets by full name; weapons by type or name.

    Raises:
        ScenarioError: a character's ``tactics:`` names no profile.
    """
    mem = fight.__dict__.get("_tactics_memory") or _memory(fight)  # (``_memory``)
    prof = PROFILE_TABLE[f.tactics]
    kind = turn_kind(fight, turn, mem)
    enemies = []
    n_friends = 0
    side = f.side
    for o in fight.fighters.values():
        if o.condition != "active":  # (down)
            continue
        if o.side == side:
            n_friends += 1
        else:
            enemies.append((o, math.dist(f.pos, o.pos)))
    if not enemies:
        return None

    # 1. Running away: badly hurt, or outnumbered.
    if _fleeing(f, prof, len(enemies), n_friends):
        mem.kind_read = True
        if not _in_their_reach(fight, turn, f, enemies):
            return _reload_intent(fight, f)  # out of their reach: he reloads
        if f.held_by is not None:
            return _intent(break_free=True)  # held, he cannot run: he tears loose first
        gait = _gait(f, "run", kind, fight.sc.night)
        step = _allowance(f, gait, kind, fight.sc.night)
        cover = _nearest_cover(fight, f, enemies, far=True, away=True) \
            if f.cover is None else None
        if cover is not None and cover[1] <= step:
            to: str | tuple[float, float] = cover[0]
        else:
            to = _away(f, enemies, step)
        return _move_intent(_move_to(gait, to))

    # 2. Lawman: the call to surrender, once per side, before any shot is fired; he covers
    #    them as he calls, as Montana Jim does in the combat example (000 l.591-617).
    call = None
    if prof.calls_surrender and fight.shots_fired == 0 and f.side not in mem.called:
        mem.called.add(f.side)
        call = surrender_call(sorted({o.side for o, _ in enemies}, key=fight.sides.index))

    # 3. Nothing to shoot with: hand to hand (errata B19) with a man in reach, or closing in
    #    with a blade; else reload, or clear a jam (from cover if he can get there).
    if not _any_usable(f.weapons) or (f.held_by is not None and not any(
            usable(ws) and ws.wt.kind == "pistol" for ws in f.weapons)):
        pick = _pick_up_intent(fight, f, kind, call, mem)
        if pick is not None and f.held_by is None \
                and min(d for _, d in enemies) > tables.hand_to_hand()["reach"]["yards"] \
                and not any(ws.wt.is_melee for ws in f.weapons):
            return pick  # nobody to strike at hand, no blade: a thrown weapon within his run
        brawl = _brawl(fight, f, prof, enemies, kind, call, mem)
        if brawl is not None:
            return brawl
        move = _cover_move(fight, f, prof, enemies, kind, mem)
        r = _reloadable(f)
        ref = _reload_ref(fight, f, r) if r is not None else None
        if ref is not None:
            return _intent(reload=ref, move=move, other=call)
        if any(ws.jammed_seconds and not ws.useless for ws in f.weapons):
            return _intent(clear_jam=True, move=move, other=call)
        if pick is not None:
            return pick
        return _intent(move=move, other=call) if move is not None or call else None

    # 4. Movement: to cover, away from a close enemy (a sniper), or closer.
    mem.kind_read = True
    move = _cover_move(fight, f, prof, enemies, kind)
    nearest = enemies[0][1]
    for _, y in enemies:  # (the nearest enemy's yards: a loop, not min() of a generator)
        if y < nearest:
            nearest = y
    if move is None and prof.keeps_distance and f.cover is None \
            and TWENTY_FEET_YARDS < nearest < prof.keeps_distance:
        move = _keep_away(fight, f, enemies, kind)
    choice = _worth_it(prof, move, _choose(fight, turn, f, prof, enemies, _gait_of(move), kind,
                                           mem), kind)
    if choice is None and move is None:
        # Nobody to shoot at from here. An empty gun is reloaded before he closes in (the
        # gun he would close in with) when the reload fills it this turn (a combat turn, at
        # its Table 14 rate) or no enemy can reach him; under fire he does not stand through
        # a longer one (six shootout turns for a scattergun) with a loaded gun: he closes in
        # with it. A man who keeps to cover does not leave it in the dark for men he cannot
        # see (B17): he waits there, reloading what he can.
        empty = _reloadable(f, empty=True)
        if empty is not None and not _fills_now(f.weapons[empty], kind) and any(
                reach(fight, turn, o, f, y) > 0.0 for o, y in enemies):
            empty_first = False
        else:
            empty_first = empty is not None
        if not empty_first \
                and not (fight.sc.night and f.cover is not None and prof.seeks_cover):
            move = _advance(fight, f, prof, enemies, kind)
        if move is None:
            intent = _reload_intent(fight, f, call, empty)
            return intent if intent is not None or not call else _intent(other=call)
        choice = _worth_it(prof, move, _choose(fight, turn, f, prof, enemies, move.gait, kind,
                                               mem), kind)
    if move is None and choice is not None:
        # An aggressive man does not trade shots at extreme range: he closes in.
        closer = _close_in(fight, turn, f, prof, choice, kind)
        if closer is not None:
            move = closer
            choice = _worth_it(prof, move, _choose(fight, turn, f, prof, enemies, move.gait,
                                                   kind, mem), kind)
    if choice is None:
        return _intent(move=move, other=call)

    # 5. The shots.
    key = (f.side, choice.target.name)
    mem.targeted[key] = mem.targeted.get(key, 0) + 1
    weapon = _weapon_ref(fight, f, choice.weapon)
    sniping = bool(prof.snipes and fight.shots_fired == 0 and f.cover is not None
                   and f.cover.kind == "solid" and move is None)
    if kind == "shootout":
        shots, draw = _shot_list(fight, turn, f, prof, choice, _gait_of(move))
        return _shootout_intent(choice.target.name, shots, draw, weapon, prof.aim, move,
                                sniping, call)
    n = min(2, f.weapons[choice.weapon].loaded)
    return _combat_intent(choice.target.name, n, weapon, prof.aim, move, sniping, call)


def idle_reason(fight: FightView, turn: int, f: Fighter) -> tuple[str, str | None]:
    """Why ``decide`` left ``f`` with no intent for ``turn`` (``events.IDLE_REASONS``), and
    the nearest enemy still up (None when there is none): asked after the profiles decided,
    for the write-up only, from the same state; it rolls nothing and changes nothing.

    Running off and out of their reach (``_fleeing``): "keeping_away"; no gun he can fire
    and none he can load: "no_ammunition" (a gun with no cartridges left) or "no_weapon"; in
    his cover at night, a profile that keeps to it (B17): "dark"; an enemy within reach of
    his guns but no shot worth it (the natural-1 floor, out of sight): "no_clear_shot";
    nobody within reach and a profile that never closes in: "holding"; else
    "out_of_reach"."""
    prof = PROFILE_TABLE[f.c.tactics]
    enemies = [(o, math.dist(f.pos, o.pos)) for o in fight.fighters.values()
               if o.condition == "active" and o.side != f.side]
    friends = sum(1 for o in fight.fighters.values()
                  if o.condition == "active" and o.side == f.side)
    if not enemies:
        return "out_of_reach", None
    near, _ = min(enemies, key=lambda e: (e[1], e[0].order))
    if _fleeing(f, prof, len(enemies), friends):
        return "keeping_away", near.name
    if not _any_usable(f.weapons) and not _blade_in_hand(f):
        guns = [ws for ws in f.weapons if ws.wt.reload is not None and not ws.useless]
        return ("no_ammunition" if guns else "no_weapon"), near.name
    if fight.sc.night and f.cover is not None and prof.seeks_cover:
        return "dark", near.name
    if any(reach(fight, turn, f, o, y) > 0.0 for o, y in enemies):
        return "no_clear_shot", near.name
    return ("holding" if not prof.advance else "out_of_reach"), near.name


def _blade_in_hand(f: Fighter) -> bool:
    """He still carries a hand-to-hand weapon (a knife, a club...: ``_brawl`` strikes with
    it, errata B19), not thrown away nor lost: something to fight with, even with no gun."""
    for ws in f.weapons:
        if ws.wt.is_melee and not ws.useless and ws.lying_at is None and not ws.gone:
            return True
    return False


def _brawl(fight: FightView, f: Fighter, prof: Profile,
           enemies: list[tuple[Fighter, float]], kind: str, call: str | None,
           mem: _Memory | None = None) -> Intent | None:
    """Hand to hand for a man with no loaded gun (errata B19): held, he tries to break free;
    with an enemy within reach (2 yards), he strikes the nearest, with the hand-to-hand weapon
    he carries (a knife, a club...) or his fists; with a hand-to-hand weapon and nobody in
    reach he closes in on the nearest (a profile that advances), striking when the move brings
    him within reach; so does a man with nothing to reload or clear, to use his fists. None:
    nothing to do hand to hand (he reloads or waits instead)."""
    if f.held_by is not None:
        return _intent(break_free=True, other=call)
    reach = tables.hand_to_hand()["reach"]["yards"]
    blade = None
    for i, ws in enumerate(f.weapons):
        if ws.wt.is_melee:
            blade = i
            break
    weapon = None if blade is None else (f.weapons[blade].spec.name or f.weapons[blade].spec.type)
    if blade is not None and fight.weapon_index(f, weapon) != blade:
        weapon = f.weapons[blade].spec.type
    o, d = enemies[0] if len(enemies) == 1 else min(enemies, key=lambda e: (e[1], e[0].order))
    if d <= reach + 1e-9:
        return _intent(strike=o.name, weapon=weapon or "fists", other=call)
    if blade is None:  # (with no blade, only an unarmed man closes in)
        if _reloadable(f) is not None:
            return None  # (a gun to reload or clear: he does that instead)
        for ws in f.weapons:
            if ws.jammed_seconds and not ws.useless:
                return None
    if not prof.advance or f.mounted:
        return None
    if mem is not None:
        mem.kind_read = True  # (his advance: a turn's allowance)
    gait = _gait(f, prof.advance, kind, fight.sc.night)
    to = _toward(f, o, reach * 0.75, _allowance(f, gait, kind, fight.sc.night))
    if to is None:
        return None
    move = _move_to(gait, to)
    if math.dist(to, o.pos) <= reach + 1e-9:
        return _intent(strike=o.name, weapon=weapon, move=move, other=call)
    return _intent(move=move, other=call)


def _keep_away(fight: FightView, f: Fighter, enemies: list[tuple[Fighter, float]],
               kind: str) -> MoveIntent | None:
    """A sniper's walk away from enemies too near (``_away``, his walk's allowance); None for
    a man who can only crawl (a crawl costs him his shots in a combat turn, B18(a), for 2
    yards)."""
    gait = _gait(f, "walk", kind, fight.sc.night)
    if gait == "crawling":
        return None
    return _move_to(gait, _away(f, enemies, _allowance(f, gait, kind, fight.sc.night)))


def _gait_of(move: MoveIntent | None) -> str | None:
    return move.gait if move is not None else None


def _worth_it(prof: Profile, move: MoveIntent | None, choice: _Choice | None,
              kind: str = "combat") -> _Choice | None:
    """Drop a shot on the run that has too little chance for the profile, and any shot of a
    man who crawls in a combat turn (he cannot shoot that turn, B18(a))."""
    if choice is not None and move is not None:
        if move.gait in ("running", "galloping") and choice.p < prof.min_chance_moving:
            return None
        if move.gait == "crawling" and kind != "shootout":
            return None
    return choice


def _pick_up_intent(fight: FightView, f: Fighter, kind: str,
                    call: str | None = None, mem: _Memory | None = None) -> Intent | None:
    """An unarmed man's way back into the fight (errata B18(i)): the nearest thrown weapon
    lying where he can reach it this turn, anyone's, picked up where he stands or at a run
    (``pick_up: true``, after his move). None when none lies within his run."""
    spots = [w.lying_at for o in fight.fighters.values() for w in o.weapons
             if w.lying_at is not None and not w.gone]
    if not spots:
        return None
    if mem is not None:
        mem.kind_read = True  # (his run: a turn's allowance)
    reach = tables.combat()["thrown_weapons"]["pick_up_reach"]
    at = min(spots, key=lambda p: (math.dist(f.pos, p), p))
    yards = math.dist(f.pos, at)
    if yards <= reach:
        return _intent(pick_up=True, other=call)
    gait = _gait(f, "run", kind, fight.sc.night)
    if yards > _allowance(f, gait, kind, fight.sc.night):
        return None
    return _intent(move=_move(gait=gait, to=(float(at[0]), float(at[1]))), pick_up=True,
                   other=call)


def _reload_intent(fight: FightView, f: Fighter, call: str | None = None,
                   weapon: int | None = None) -> Intent | None:
    """Reload ``weapon`` (an index), else the weapon best worth it, or None when none can be
    (or ``weapon`` cannot be named)."""
    r = _reloadable(f) if weapon is None else weapon
    ref = _reload_ref(fight, f, r) if r is not None else None
    return _intent(reload=ref, other=call) if ref is not None else None


def _cover_move(fight: FightView, f: Fighter, prof: Profile,
                enemies: list[tuple[Fighter, float]], kind: str,
                mem: _Memory | None = None) -> MoveIntent | None:
    """Move to cover, for profiles that seek it and are not behind any: at a walk when it
    lies within his walk, else at a run (the gaits his wounds allow, ``_gait``). In a
    shootout turn only cover within one second's run is worth it; a man who can only crawl
    goes to cover within his crawl only."""
    if not prof.seeks_cover or f.cover is not None or f.prone:
        return None
    cover = _nearest_cover(fight, f, enemies, far=prof.snipes, away=not prof.advance)
    if cover is None:
        return None
    if mem is not None:
        mem.kind_read = True  # (his walk or run: a turn's allowance)
    key, d = cover
    walk = _gait(f, "walk", kind, fight.sc.night)
    if d <= _allowance(f, walk, kind, fight.sc.night):
        return _move_to(walk, key)
    run = _gait(f, "run", kind, fight.sc.night)
    if run == "crawling" or (kind == "shootout" and d > _allowance(f, run, kind,
                                                                  fight.sc.night)):
        return None  # (a man who can only crawl: cover within his crawl, or none)
    return _move_to(run, key)


def _close_in(fight: FightView, t: int, f: Fighter, prof: Profile, choice: _Choice,
              kind: str) -> MoveIntent | None:
    """The move of a profile that ``closes_in``, when his chosen shot (``_choose``, standing)
    is at extreme range (Table 2: -5): towards its target at ``advance``'s gait, stopping at
    0.8 of the gun's short range (2 yards at least), when that brings the target within long
    range or nearer of the gun (``band_of``, careful shot); None otherwise (the profile does
    not close in, he is prone or held or can only crawl, the move would not change the
    band)."""
    if not prof.closes_in or not prof.advance or choice.band != "extreme" or f.prone \
            or f.held_by is not None:
        return None
    ws = f.weapons[choice.weapon]
    o = choice.target
    gait = _gait(f, prof.advance, kind, fight.sc.night)
    if gait == "crawling":
        return None  # (his shots would be lost for a 2-yard crawl, B18(a))
    to = _toward(f, o, max(2.0, ws.wt.short * 0.8), _allowance(f, gait, kind, fight.sc.night))
    if to is None:
        return None
    band = band_of(fight, t, f, o, ws, "careful", math.dist(to, o.pos))
    if band is None or band == "extreme":
        return None
    return _move_to(gait, to)


def _advance(fight: FightView, f: Fighter, prof: Profile,
             enemies: list[tuple[Fighter, float]], kind: str) -> MoveIntent | None:
    """Close in on the nearest enemy, stopping at the short range of the best weapon."""
    if not prof.advance:
        return None
    o, d = min(enemies, key=lambda e: (e[1], e[0].order))
    short = max((ws.wt.short for ws in f.weapons if not ws.useless), default=2)
    gait = _gait(f, prof.advance, kind, fight.sc.night)
    to = _toward(f, o, max(2.0, short * 0.8), _allowance(f, gait, kind, fight.sc.night))
    if to is None:
        return None
    return _move_to(gait, to)
