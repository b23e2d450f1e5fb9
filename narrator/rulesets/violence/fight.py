"""The Violence fight loop (source 003): rounds of d20 initiative, shooting, sniping, melee,
suppression, reloading, morale, and the after-fight roll for whoever is Down.

Pure: a validated Violence scenario and dice in, a FightLog out. No prose, no files, no
printing. The numbers live in ``rules.py`` and ``data/``; this module keeps the state and rolls
the dice. A round (003 l.7): the side that caught the others by surprise acts first (l.9),
then every other character or group in initiative order (d20, highest first, ties rerolled);
each character takes one turn: a move (he counts as moving all round), then one action.

May import: narrator.events, narrator.dice, narrator.turns, narrator.rulesets.violence.* (its
events, scenario shapes, state, rules, tactics).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from narrator.dice import Dice, fight_hash
from narrator.render.inflection import key_name
from narrator.events import (
    shown_value,
    CharacterIntro, CharacterStatus, Event, FightEnded, FightLog, FightStarted, OtherAction,
    PlaceNote, RulingNote, StateAdjusted, StoodIdle, TurnEnded, TurnStarted, WeaponNote,
    WoundNote,
)
from narrator.rulesets.violence.events import (
    ActionBlocked, AfterFightRolled, ArmsNote, FighterNote, GroupNote, GunFired, HealingNoted,
    InjuryRolled, MeleeFought, MeleeSide, MoraleChecked, Relocated, RosterListed,
    RoundInitiative, SnipeNote, SuppressionLaid, SuppressionTested, TagNote, UnitRoll,
    WeaponReloaded,
)
from narrator.rulesets.violence import rules
from narrator.rulesets.violence.tables import rules as numbers
from narrator.scenario.models import declared_ever, idle_characters
from narrator.rulesets.violence.scenario import (
    Bands, Intent, Ruling, Scenario, Tag, Turn, weapon_index,
)
from narrator.rulesets.violence import tactics
from narrator.rulesets.violence.state import CONDITIONS, OUT, Arms, Fighter, Melee, make_arms
from narrator.turns import TurnLoop

__all__ = ["CONDITIONS", "OUT", "Arms", "Fighter", "Melee", "make_arms", "ViolenceFight",
           "profile_of"]

MAX_INITIATIVE_ROLLS = 50
@dataclass(frozen=True)
class Profile:
    """What departs from the plain rules: the GM rulings and the band limits in force."""

    rulings: tuple[Ruling, ...]
    bands: Bands

    @property
    def name(self) -> str:
        """"as ruled" (errata.md), plus the scenario's band limits and rulings if any."""
        text = "as ruled"
        if (self.bands.close, self.bands.medium) != (Bands().close, Bands().medium):
            text += f"; bands {self.bands.close:g}/{self.bands.medium:g} yd"
        if self.rulings:
            text += f"; {len(self.rulings)} GM ruling{'s' if len(self.rulings) != 1 else ''}"
        return text


def profile_of(scenario: Scenario, tables_only: bool = False) -> Profile:
    """The scenario's rulings and bands, or (``tables_only``) the plain rules."""
    if tables_only:
        return Profile((), Bands())
    return Profile(tuple(scenario.rulings), scenario.bands)


class ViolenceFight:
    """One Violence fight. Call ``run()`` once.

    Args:
        scenario: a validated Violence scenario whose names are canonical.
        dice: the dice to roll (``start_turn(t)`` is called at each round when it exists).
        profile: rulings and band limits in force.
        seed: the seed reported in the write-up.
    """

    def __init__(self, scenario: Scenario, dice: Dice, profile: Profile, seed: int) -> None:
        self.sc = scenario
        self.dice = dice
        self.profile = profile
        self.bands = profile.bands
        self.seed = seed
        self.events: list[Event] = []
        self.sides = list(scenario.sides)
        self.fighters: dict[str, Fighter] = {}
        for order, (side, c) in enumerate(scenario.characters()):
            landmark = c.cover if isinstance(c.cover, str) else None
            pos = (float(c.at[0]), float(c.at[1]))
            cover = bool(c.cover)
            if "cover" not in c.model_fields_set:  # none written: placed on a landmark's
                # spot, he is at it, in its cover if it gives any, as a move or a GM's edit
                # puts him (ruled: VN3; ``cover: false`` written keeps him in the open)
                landmark = self.landmark_at(pos)
                cover = landmark is not None and scenario.map[landmark].cover
            self.fighters[c.name] = Fighter(
                c, side, order, pos, [make_arms(w) for w in c.weapons], cover, landmark,
                c.hidden, c.obscured)
        self.members: dict[str, list[Fighter]] = {g: [] for g in scenario.groups}
        for f in self.fighters.values():
            if f.c.group is not None:
                self.members[f.c.group].append(f)
        self.strength = {g: len(m) for g, m in self.members.items()}
        self.halved: set[str] = set()
        self.routed: set[str] = set()
        self.morale_queue: list[tuple[str, str]] = []
        self.suppressing: dict[str, tuple[tuple[str, ...], Arms]] = {}
        self.intents: dict[str, Intent] = {}
        self.moving: set[str] = set()
        self.used: set[str] = set()
        self.surprise: str | None = None
        self.tactic_made: set[tuple[int, str]] = set()
        # why a profile left a man idle, as the fight stood when it decided (``idle_reason``):
        # by his turn a melee beside him may be over (Shorty down), and the reason with it
        self.idle_why: dict[tuple[int, str], tuple[str, str | None]] = {}
        self.shots_fired = 0  # rounds spent so far (``spend``; the lawman's call reads it)

    # ------------------------------------------------------------------ helpers
    def emit(self, e: Event) -> None:
        self.events.append(e)

    def roll(self, who: str, purpose: str, sides: int) -> int:
        return self.dice.roll(who, purpose, sides)

    def active_sides(self) -> list[str]:
        return [s for s in self.sides if any(f.active for f in self.fighters.values()
                                             if f.side == s)]

    def block(self, t: int, f: Fighter, action: str, reason: str, target: str | None = None,
              detail: str = "") -> None:
        self.emit(ActionBlocked(t, f.name, action, reason, target, detail))

    def tags(self, f: Fighter, arms: Arms | None, kind: str) -> list[str]:
        """Names of the character's and the weapon's tags that apply to ``kind`` of roll."""
        found = [tg.name for tg in f.c.tags if kind in tg.applies_to]
        if arms is not None:
            found += [tg.name for tg in arms.tags if kind in tg.applies_to]
        return found

    def band_between(self, t: int, a: Fighter, b: Fighter) -> tuple[float, str, str | None]:
        """(yards, band, the GM's reason when a ruling fixed the band)."""
        yards = round(math.dist(a.pos, b.pos), 2)
        mine, theirs = {a.name, a.side}, {b.name, b.side}
        for r in self.profile.rulings:
            if r.turn is not None and r.turn != t:
                continue
            x, y = r.range_band.between
            if (x in mine and y in theirs) or (y in mine and x in theirs):
                return yards, r.range_band.band, r.why or "GM ruling"
        return yards, rules.band(yards, self.bands.close, self.bands.medium), None

    def gun(self, f: Fighter, name: str | None) -> Arms | None:
        """The gun an intent names, else the first gun carried (None: no gun)."""
        if name is not None:
            i = weapon_index(f.c, name)
            return f.weapons[i] if i is not None else None
        return next(iter(f.guns()), None)

    def expand(self, names: str | list[str]) -> list[Fighter]:
        """Targets an intent names: characters, or every member of a side or group, active
        ones only, in scenario order, each once."""
        out: list[Fighter] = []
        for n in [names] if isinstance(names, str) else names:
            if n in self.fighters:
                group = [self.fighters[n]]
            elif n in self.members:
                group = self.members[n]
            else:
                group = [f for f in self.fighters.values() if f.side == n]
            out += [f for f in group if f.active and f not in out]
        return out

    # ------------------------------------------------------------------ the fight
    def run(self, stop_after: int | None = None,
            adjustments: dict[int, dict[str, dict]] | None = None) -> FightLog:
        """Fight every declared round (or ``max_turns``), until at most one side has anyone
        still in the fight; then the after-fight rolls and healing times. A fight cut off by
        its last round with two sides still in it is not concluded (003 l.28 "After the
        violence is concluded"; ruling VN1): no after-fight rolls, no healing times.

        Args:
            stop_after: stop after this round (reason "paused" if the fight would go on).
            adjustments: ``{turn: {name: {field: value}}}``: GM edits applied at its start.
        """
        self.emit(self.started())
        self.emit(self.roster())
        total = max(len(self.sc.turns), self.sc.max_turns or 0)
        loop = TurnLoop(total, self.dice, stop_after)
        for t in loop:
            turn = self.sc.turns[t - 1] if t <= len(self.sc.turns) else Turn()
            self.emit(TurnStarted(t, "round", 0, 0))
            if adjustments and adjustments.get(t):
                self.adjust(t, adjustments[t])
            self.round(t, turn)
            over = len(self.active_sides()) <= 1
            if over:
                self.after_fight(t)
            self.emit(TurnEnded(t, tuple(self.status(f) for f in self.fighters.values())))
            if loop.done(t, over):
                break
        rolls = list(self.dice.rolls)
        self.emit(FightEnded(loop.turns, 0, loop.reason, tuple(self.active_sides()), len(rolls),
                             sum(1 for r in rolls if r.scripted),
                             fight_hash(self.sc, self.events[0].profile, adjustments, rolls),
                             idle_characters(self.sc)))
        return FightLog(tuple(self.events), tuple(rolls))

    def started(self) -> FightStarted:
        intros = []
        for f in self.fighters.values():
            c = f.c
            intros.append(CharacterIntro(
                c.name, c.short or c.name, f.side, c.pronoun, 0, 0, 0, 0, 0, (),
                tuple(w.name for w in f.weapons), False, f.pos, self.cover_name(f)))
        notes = [RulingNote(r.turn, "range_band", tuple(r.range_band.between),
                            r.range_band.band, r.why) for r in self.profile.rulings]
        return FightStarted(self.sc.title, self.sc.description, "violence", self.profile.name,
                            self.seed, False, tuple(self.sides), tuple(intros), tuple(notes),
                            tuple((k, lm.name or k.replace("_", " "))
                                  for k, lm in self.sc.map.items()),
                            tuple(PlaceNote(k, lm.name or k.replace("_", " "), tuple(lm.at),
                                            "cover" if lm.cover else "")
                                  for k, lm in self.sc.map.items()),
                            side_names=tuple(self.sc.side_names.items()))

    def roster(self) -> RosterListed:
        def tag_notes(tags: list[Tag]) -> tuple[TagNote, ...]:
            return tuple(TagNote(tg.name, tuple(tg.applies_to)) for tg in tags)

        groups = tuple(GroupNote(g, self.label(g), self.members[g][0].side,
                                 tuple(f.name for f in self.members[g]),
                                 spec.initiative == "together", spec.morale, spec.leader, spec.rout)
                       for g, spec in self.sc.groups.items())
        fighters = tuple(FighterNote(
            f.name, f.side, f.c.group, tag_notes(f.c.tags),
            tuple(ArmsNote(w.name, w.wt.name, w.wt.kind, w.loaded, w.capacity, w.calibre,
                           w.wt.melee, w.quick_reload, tag_notes(w.tags)) for w in f.weapons),
            self.cover_name(f), f.hidden, f.obscured, f.c.fights_to, f.c.tactics)
            for f in self.fighters.values())
        return RosterListed(groups, fighters, self.bands.close, self.bands.medium)

    def label(self, g: str) -> str:
        """A group's name in the write-up: its ``name``, else its key as ``key_name`` shows
        it, the one naming of side and group keys ("bar_t": "Bar T"; "soto_gang" with a Miguel
        Soto: "Soto gang"); prose puts "the" before it."""
        return self.sc.groups[g].name or key_name(g, [f.name for f in self.members[g]])

    def bare(self, f: Fighter, target: Fighter) -> str:
        """Why ``target``'s cover does not cover him against ``f``'s shot (ruled: VN2):
        ``"landmark"`` when both are at the same landmark, ``"close"`` when ``f`` is within
        ``rules.bare_yards()`` of him; ``""`` when it counts (or he has none)."""
        if not target.cover:
            return ""
        if f.landmark is not None and f.landmark == target.landmark:
            return "landmark"
        return "close" if math.dist(f.pos, target.pos) <= rules.bare_yards() + 1e-9 else ""

    def cover_name(self, f: Fighter) -> str | None:
        if not f.cover:
            return None
        if f.landmark is not None:
            lm = self.sc.map[f.landmark]
            return lm.name or f.landmark.replace("_", " ")
        return "cover"

    def complete_intents(self, t: int, declared: dict[str, Intent]) -> dict[str, Intent]:
        """Declared intents, plus what each silent character's tactics profile decides."""
        out = dict(declared)
        for f in self.fighters.values():
            if f.name in out or not f.active or not f.c.tactics:
                continue
            intent = tactics.decide(self, t, f)
            if intent is not None:
                out[f.name] = intent
                self.tactic_made.add((t, f.name))
            else:
                self.idle_why[(t, f.name)] = tactics.idle_reason(self, t, f)
        return out

    def adjust(self, t: int, changes: dict[str, dict]) -> None:
        """A GM's hand edits of the state (``narrator next``): ``at``, ``condition``,
        ``injuries`` (how many) and ``loaded`` per gun name."""
        for name, fields in changes.items():
            f = self.fighters[name]
            for key, value in fields.items():
                if key == "at":
                    self.place(f, value)
                elif key == "condition":
                    f.condition = value
                elif key == "injuries":
                    n = int(value)
                    f.injuries = (f.injuries + ["gm"] * n)[:n]
                elif key == "loaded":
                    for w in f.weapons:
                        if w.name in value:
                            w.loaded = int(value[w.name])
                else:
                    continue
                self.emit(StateAdjusted(t, name, key, shown_value(value)))

    # ------------------------------------------------------------------ a round
    def round(self, t: int, turn: Turn) -> None:
        self.intents = self.complete_intents(t, turn.intents)
        self.moving = {n for n, it in self.intents.items()
                       if it.move is not None and self.fighters[n].active}
        self.used = set()
        self.surprise = turn.surprise
        for f in self.fighters.values():
            if not f.active and f.name in self.intents:
                self.block(t, f, self.intents[f.name].action or "act", "out", None, f.condition)
        for f in self.initiative(t, turn.surprise):
            self.take_turn(t, f)
            self.settle_morale(t)

    def initiative(self, t: int, surprise: str | None) -> list[Fighter]:
        """003 l.5-9: the surprising side first (scenario order), then a d20 for every other
        character or group (``initiative: together``), highest first; ties rerolled among the
        tied. Returns everyone who may act, in order."""
        active = [f for f in self.fighters.values() if f.active]
        first = [f for f in active if f.side == surprise]
        units: dict[str, list[Fighter]] = {}
        for f in active:
            if f in first:
                continue
            g = f.c.group
            key = g if g is not None and self.sc.groups[g].initiative == "together" else f.name
            units.setdefault(key, []).append(f)
        dice = {u: [self.roll(u, "initiative", 20)] for u in units}
        for _ in range(MAX_INITIATIVE_ROLLS):
            same: dict[tuple[int, ...], list[str]] = {}
            for u in units:
                same.setdefault(tuple(dice[u]), []).append(u)
            tied = [us for us in same.values() if len(us) > 1]
            if not tied:
                break
            for us in tied:
                for u in us:
                    dice[u].append(self.roll(u, "initiative", 20))
        ranked = sorted(units, key=lambda u: tuple(-d for d in dice[u]))
        order = first + [f for u in ranked for f in units[u]]
        self.emit(RoundInitiative(
            t, surprise, tuple(f.name for f in first),
            tuple(UnitRoll(u, self.label(u) if u in self.sc.groups else None,
                           tuple(f.name for f in units[u]), tuple(dice[u])) for u in ranked),
            tuple(f.name for f in order)))
        return order

    def take_turn(self, t: int, f: Fighter) -> None:
        """One character's turn: a melee that holds him, or his move and his action."""
        intent = self.intents.get(f.name)
        if not f.active:
            if intent is not None:
                self.block(t, f, intent.action or "act", "out", None, f.condition)
            return
        self.suppressing.pop(f.name, None)  # suppression lasts until the suppressor's next turn
        if f.melee is not None:
            return self.melee_turn(t, f, intent)
        if f.name in self.used:
            if intent is not None:
                self.block(t, f, intent.action or "act", "in_melee", None, "")
            return None
        if intent is None:
            if f.c.tactics and f.name not in self.intents:  # (his profile left him idle)
                why = self.idle_why.get((t, f.name)) or tactics.idle_reason(self, t, f)
                self.emit(StoodIdle(t, f.name, *why))
            elif not f.c.tactics and f.name not in self.intents \
                    and f.name in declared_ever(self.sc):
                # no profile, his declared rounds leave this one out: he holds still
                self.emit(StoodIdle(t, f.name, "undeclared"))
            return None
        action = intent.action
        if action in ("shoot", "snipe", "suppress", "melee") or intent.move is not None:
            self.suppression_test(t, f, action or "move")
            if not f.active:
                return None
        if intent.move is not None:
            self.move(t, f, intent.move)
        if action == "shoot":
            self.shoot(t, f, intent)
        elif action == "snipe":
            self.snipe(t, f, intent)
        elif action == "suppress":
            self.suppress(t, f, intent)
        elif action == "melee":
            self.start_melee(t, f, intent)
        elif action == "reload":
            self.reload(t, f, intent)
        if intent.other and f.active:
            self.emit(OtherAction(t, f.name, intent.other))
        return None

    # ------------------------------------------------------------------ moving
    def place(self, f: Fighter, point: tuple[float, float] | list[float]) -> None:
        """Put ``f`` at ``point`` ([x, y] yards; a GM's edit of ``at``) as a move puts him: on
        a landmark's own spot he is at it (in cover if it gives cover), anywhere else in the
        open. What his old spot gave him goes with it."""
        f.pos = (float(point[0]), float(point[1]))
        f.landmark = self.landmark_at(f.pos)
        f.cover = f.landmark is not None and self.sc.map[f.landmark].cover

    def landmark_at(self, pos: tuple[float, float]) -> str | None:
        """The key of the landmark whose own spot ``pos`` is ([x, y] yards, exactly), the
        first of the map's on a tie; None when there is none."""
        for key, lm in self.sc.map.items():
            if (float(lm.at[0]), float(lm.at[1])) == pos:
                return key
        return None

    def move(self, t: int, f: Fighter, dest: str | tuple[float, float]) -> None:
        """He reaches a landmark (in cover there if it gives cover) or a point (in the open);
        the source sets no pace, so a move takes the round."""
        start = f.pos
        if isinstance(dest, str):
            lm = self.sc.map[dest]
            f.pos, f.cover, f.landmark = (float(lm.at[0]), float(lm.at[1])), lm.cover, dest
        else:
            f.pos, f.cover, f.landmark = (float(dest[0]), float(dest[1])), False, None
        self.emit(Relocated(t, f.name, start, f.pos, dest if isinstance(dest, str) else None,
                            f.cover))

    # ------------------------------------------------------------------ shooting
    def shoot(self, t: int, f: Fighter, intent: Intent) -> None:
        """003 l.15, 62: one shooting action with the rounds declared (as many as are loaded);
        with the quick reload tag, the free reload, then the rest as a second action."""
        arms = self.gun(f, intent.weapon)
        assert arms is not None and intent.shoot is not None  # the loader checked both
        declared = intent.shots or 1
        picked = self.pick(t, f, intent.shoot)
        if picked is None:
            return
        target, candidates, die = picked
        if arms.loaded == 0:
            return self.block(t, f, "shoot", "empty", target.name, arms.name)
        n = min(declared, arms.loaded)
        self.fire(t, f, arms, target, candidates, die, declared, n, 1, None)
        self.quick_reload(t, f, arms)
        rest = declared - n
        if rest > 0 and arms.quick_reload and arms.loaded > 0 and f.active:
            again = self.pick(t, f, intent.shoot, prefer=target)
            if again is not None:
                target, candidates, die = again
                self.fire(t, f, arms, target, candidates, die, rest, min(rest, arms.loaded), 2,
                          None)
        return None

    def pick(self, t: int, f: Fighter, named: str | list[str],
             prefer: Fighter | None = None) -> tuple[Fighter, tuple[str, ...], int | None] | None:
        """The target: the one named, or one of several picked at random with a die (003 l.15:
        "we roll randomly"). ``prefer``: keep him if he is still up."""
        if prefer is not None and prefer.active:
            return prefer, (), None
        pool = self.expand(named)
        if not pool:
            first = named if isinstance(named, str) else named[0]
            self.block(t, f, "shoot", "target_out", first, self.condition_of(first))
            return None
        if len(pool) == 1 and (isinstance(named, str) and named in self.fighters):
            return pool[0], (), None
        if len(pool) == 1:
            return pool[0], (pool[0].name,), None
        die = self.roll(f.name, "target", len(pool))
        return pool[die - 1], tuple(p.name for p in pool), die

    def condition_of(self, name: str) -> str:
        f = self.fighters.get(name)
        return f.condition if f else "out"

    def fire(self, t: int, f: Fighter, arms: Arms, target: Fighter, candidates: tuple[str, ...],
             die: int | None, declared: int, n: int, volley: int, snipe: SnipeNote | None) -> None:
        """One shooting action (or a snipe that falls back to the regular rules)."""
        yards, band, why = self.band_between(t, f, target)
        moving = target.name in self.moving
        bare = self.bare(f, target)
        cover = target.cover and not bare      # ruled: VN2
        adv = rules.advantage(cover, moving)
        why_adv = ("open" if adv else "cover_moving" if cover and moving
                   else "cover" if cover else "moving")
        dice = (self.roll(f.name, "to_hit", 20),)
        if adv:
            dice += (self.roll(f.name, "to_hit", 20),)
        kept = rules.kept(dice)
        mods = tuple(rules.shooting_modifiers(n, self.tags(f, arms, "shooting")))
        total = kept + sum(m.value for m in mods)
        hit = rules.shot_hits(total)
        self.spend(f, arms, n)
        self.emit(GunFired(t, f.name, target.name, candidates, die, arms.name, arms.calibre,
                           declared, n, volley, yards, band, why, snipe, adv, why_adv, dice, kept,
                           mods, total, numbers()["shooting"]["need"], "hit" if hit else "miss",
                           arms.loaded, bare, (self.cover_name(target) or "") if bare else ""))
        if hit:
            self.injure(t, target, f, arms, band, "snipe" if snipe else "shot")

    def spend(self, f: Fighter, arms: Arms, n: int) -> None:
        """Every shot is accounted for (003 l.58); a man who fires is no longer hidden."""
        arms.loaded -= n
        self.shots_fired += n
        f.hidden = False

    def snipe(self, t: int, f: Fighter, intent: Intent) -> None:
        """003 l.32-34: at a distance (the long band), the target unaware of the sniper (he is
        hidden, or his side has surprise this round), the target not in cover or not moving.
        The first target is hit automatically with all three; a succeeding target, or two of
        three, on 12+ (d20 + sniping tags); otherwise the regular shooting rules."""
        arms = self.gun(f, intent.weapon)
        target = self.fighters[intent.snipe]
        assert arms is not None
        if not target.active:
            return self.block(t, f, "snipe", "target_out", target.name, target.condition)
        if arms.loaded == 0:
            return self.block(t, f, "snipe", "empty", target.name, arms.name)
        yards, band, why = self.band_between(t, f, target)
        moving = target.name in self.moving
        cond = rules.SnipeConditions(band == numbers()["sniping"]["distance_band"],
                                     f.hidden or self.surprise == f.side,
                                     rules.still_enough(target.cover and not self.bare(
                                         f, target), moving), not f.sniped)
        note = SnipeNote(cond.at_distance, cond.unaware, cond.still, cond.first_target, cond.met,
                         cond.method)
        f.sniped = True
        if cond.method == "regular":
            self.fire(t, f, arms, target, (), None, 1, 1, 1, note)
        else:
            dice: tuple[int, ...] = ()
            kept = total = need = None
            mods: tuple = ()
            hit = True
            if cond.method == "twelve":
                dice = (self.roll(f.name, "to_hit", 20),)
                kept = dice[0]
                mods = tuple(rules.tag_modifiers(self.tags(f, arms, "sniping"),
                                                 numbers()["shooting"]["tag"]))
                total = kept + sum(m.value for m in mods)
                need = numbers()["sniping"]["need"]
                hit = rules.snipe_hits(total)
            self.spend(f, arms, 1)
            self.emit(GunFired(t, f.name, target.name, (), None, arms.name, arms.calibre, 1, 1,
                               1, yards, band, why, note, False, "sniping", dice, kept, mods,
                               total, need, "hit" if hit else "miss", arms.loaded))
            if hit:
                self.injure(t, target, f, arms, band, "snipe")
        self.quick_reload(t, f, arms)
        return None

    def injure(self, t: int, target: Fighter, shooter: Fighter, arms: Arms, band: str,
               cause: str) -> None:
        """003 l.17-24: the injury roll of a hit, rolled by the shooter."""
        r = self.roll(shooter.name, "injury", 20)
        mods = tuple(rules.injury_modifiers(len(target.injuries), arms.calibre, band))
        total = r + sum(m.value for m in mods)
        result = rules.injury_result(total)
        if result == "injured":
            target.injuries.append("shot")
        else:
            target.condition = "down"
        self.emit(InjuryRolled(t, target.name, shooter.name, cause, arms.name, band, r, mods,
                               total, numbers()["injury"]["need"], result, len(target.injuries)))
        g = target.c.group
        if g is not None and self.sc.groups[g].leader == target.name:
            self.morale_queue.append((g, "leader_shot"))
        if result == "down":
            self.gone_out(target)

    # ------------------------------------------------------------------ suppression
    def suppress(self, t: int, f: Fighter, intent: Intent) -> None:
        """003 l.50: no roll; the rounds are spent, the targets suppressed until his next turn."""
        arms = self.gun(f, intent.weapon)
        assert arms is not None and intent.suppress is not None
        targets = self.expand(intent.suppress)
        if not targets:
            first = intent.suppress if isinstance(intent.suppress, str) else intent.suppress[0]
            return self.block(t, f, "suppress", "target_out", first, self.condition_of(first))
        if arms.loaded == 0:
            return self.block(t, f, "suppress", "empty", None, arms.name)
        declared = intent.shots or 1
        n = min(declared, arms.loaded)
        self.spend(f, arms, n)
        names = tuple(x.name for x in targets)
        self.suppressing[f.name] = (names, arms)
        self.emit(SuppressionLaid(t, f.name, names, arms.name, declared, n, arms.loaded))
        self.quick_reload(t, f, arms)
        return None

    def suppression_test(self, t: int, f: Fighter, action: str) -> None:
        """003 l.52-54: a suppressed man who exposes himself (shoots, snipes, suppresses,
        starts a melee or moves): d6 <= the suppressors (half, rounded down, when he is hidden
        or obscured) shoots him, and the number rolled is how many of them hit, each picked at
        random and each rolling an injury."""
        sups = [s for s, (targets, _) in self.suppressing.items()
                if f.name in targets and self.fighters[s].active]
        if not sups:
            return
        hidden = f.hidden or f.obscured
        eff = rules.suppression_effect(len(sups), hidden)
        r = self.roll(f.name, "suppression", numbers()["suppression"]["die"])
        hits = rules.suppression_hits(r, eff)
        pool = list(sups)
        picks: list[int] = []
        hitters: list[str] = []
        for _ in range(hits):
            if len(pool) == 1:
                hitters.append(pool.pop())
                continue
            p = self.roll(f.name, "suppressor", len(pool))
            picks.append(p)
            hitters.append(pool.pop(p - 1))
        self.emit(SuppressionTested(t, f.name, action, tuple(sups), hidden, eff, r, hits > 0,
                                    tuple(picks), tuple(hitters)))
        for h in hitters:
            if not f.active:
                break
            shooter = self.fighters[h]
            _, band, _ = self.band_between(t, shooter, f)
            self.injure(t, f, shooter, self.suppressing[h][1], band, "suppression")

    # ------------------------------------------------------------------ reloading
    def reload(self, t: int, f: Fighter, intent: Intent) -> None:
        """003 l.62: reloading takes the round and fills the gun (from spare rounds, if
        counted)."""
        if isinstance(intent.reload, str):
            arms = self.gun(f, intent.reload)
        else:
            guns = f.guns()
            arms = next((w for w in guns if w.loaded < w.capacity), guns[0] if guns else None)
        assert arms is not None
        if arms.loaded >= arms.capacity:
            return self.block(t, f, "reload", "full", None, arms.name)
        if arms.spare is not None and arms.spare <= 0:
            return self.block(t, f, "reload", "no_spare", None, arms.name)
        self.fill(t, f, arms, quick=False)
        return None

    def quick_reload(self, t: int, f: Fighter, arms: Arms) -> None:
        """003 l.62: the quick reload tag reloads freely once per round after firing."""
        if (arms.quick_reload and arms.quick_round != t and arms.loaded < arms.capacity
                and arms.spare != 0 and f.active):
            arms.quick_round = t
            self.fill(t, f, arms, quick=True)

    def fill(self, t: int, f: Fighter, arms: Arms, quick: bool) -> None:
        n = arms.capacity - arms.loaded
        if arms.spare is not None:
            n = min(n, arms.spare)
            arms.spare -= n
        arms.loaded += n
        self.emit(WeaponReloaded(t, f.name, arms.name, quick, n, arms.loaded, arms.capacity,
                                 arms.spare))

    # ------------------------------------------------------------------ melee
    def melee_arms(self, f: Fighter, name: str | None) -> Arms | None:
        """The melee weapon: the one named, else the first melee weapon carried (None: fists)."""
        if name is not None:
            i = weapon_index(f.c, name)
            if i is not None and not f.weapons[i].is_gun:
                return f.weapons[i]
        return next((w for w in f.weapons if w.wt.kind == "melee"), None)

    def start_melee(self, t: int, f: Fighter, intent: Intent) -> None:
        """003 l.38, 46: a melee starts against a foe within close range; both combatants'
        turns are consumed until one goes Down."""
        target = self.fighters[intent.melee]
        if not target.active:
            return self.block(t, f, "melee", "target_out", target.name, target.condition)
        if target.melee is not None:
            return self.block(t, f, "melee", "target_in_melee", target.name,
                              target.melee.other(target).name)
        yards = round(math.dist(f.pos, target.pos), 2)
        if yards > self.bands.close:
            return self.block(t, f, "melee", "out_of_reach", target.name, f"{yards:g}")
        m = Melee(f, target)
        f.melee = target.melee = m
        self.exchange(t, m)
        return None

    def melee_turn(self, t: int, f: Fighter, intent: Intent | None) -> None:
        """A locked combatant's turn: the round's exchange if it has not been fought yet."""
        m = f.melee
        assert m is not None
        partner = m.other(f)
        if m.last_round != t:
            self.exchange(t, m)
        if intent is not None and intent.melee != partner.name:
            self.block(t, f, intent.action or "act", "in_melee", partner.name, "")

    def exchange(self, t: int, m: Melee) -> None:
        """003 l.38-44: d12 each + reach (+3) or shorter weapon (+2) + melee tags (+2 each);
        the difference decides (``rules.melee_outcome``). Down by a foe who announced
        "subdue" leaves a man subdued."""
        m.exchanges += 1
        m.last_round = t
        self.used |= {m.a.name, m.d.name}
        halves = []
        for me, foe in ((m.a, m.d), (m.d, m.a)):
            it = self.intents.get(me.name)
            mine = it is not None and it.melee == foe.name
            was_to, was_weapon = m.announced.get(me.name, (me.c.fights_to, None))
            to = (it.to if mine and it.to else None) or was_to
            weapon = (it.weapon if mine and it.weapon else None) or was_weapon
            m.announced[me.name] = (to, weapon)
            arms = self.melee_arms(me, weapon)
            bonus, wname = (arms.wt.melee, arms.name) if arms else (0, "fists")
            r = self.roll(me.name, "melee", numbers()["melee"]["die"])
            mods = tuple(rules.melee_weapon_modifiers(bonus, wname, self.tags(me, arms, "melee")))
            halves.append(MeleeSide(me.name, to, wname, r, mods, r + sum(x.value for x in mods)))
        a, d = halves
        diff = a.total - d.total
        outcome = rules.melee_outcome(diff)
        high, low = (m.a, m.d) if diff > 0 else (m.d, m.a) if diff < 0 else (None, None)
        if outcome == "both_injured":
            injured, down = [m.a, m.d], None
        elif outcome == "both_injured_low_down":
            injured, down = [high, low], low
        else:
            injured, down = [low], low
        for x in injured:
            x.injuries.append("melee")
        subdued = False
        if down is not None:
            subdued = (a if high is m.a else d).intent == "subdue"
            down.condition = "subdued" if subdued else "down"
        self.emit(MeleeFought(t, m.exchanges, a, d, abs(diff), outcome,
                              high.name if high else None, low.name if low else None,
                              tuple(x.name for x in injured), down.name if down else None,
                              subdued, down is None))
        if down is not None:
            self.gone_out(down)

    # ------------------------------------------------------------------ out of the fight
    def gone_out(self, f: Fighter) -> None:
        """He is Down, subdued, fled or surrendered: his suppression and melee end, and his
        group checks morale the first time its numbers are halved (003 l.79)."""
        self.suppressing.pop(f.name, None)
        if f.melee is not None:
            partner = f.melee.other(f)
            partner.melee = None
            f.melee = None
        g = f.c.group
        if g is None or self.sc.groups[g].morale is None or g in self.halved:
            return
        standing = sum(1 for x in self.members[g] if x.active)
        if standing and standing * 2 <= self.strength[g]:
            self.halved.add(g)
            self.morale_queue.append((g, "halved"))

    def settle_morale(self, t: int) -> None:
        """003 l.74-81: each pending check, 2d6 against the rating; a total greater than it
        routs the group: everyone in it still fighting flees or surrenders."""
        while self.morale_queue:
            g, trigger = self.morale_queue.pop(0)
            spec = self.sc.groups[g]
            standing = [x for x in self.members[g] if x.active]
            if g in self.routed or not standing or spec.morale is None:
                continue
            dice = (self.roll(g, "morale", 6), self.roll(g, "morale", 6))
            total = sum(dice)
            routed = rules.morale_routs(total, spec.morale)
            if routed:
                self.routed.add(g)
                for x in standing:
                    x.condition = "fled" if spec.rout == "flee" else "surrendered"
            self.emit(MoraleChecked(t, g, self.label(g), trigger, spec.leader, len(standing), self.strength[g],
                                    (dice[0], dice[1]), total, spec.morale, routed,
                                    spec.rout if routed else None,
                                    tuple(x.name for x in standing) if routed else ()))
            if routed:
                for x in standing:
                    self.gone_out(x)

    # ------------------------------------------------------------------ after the fight
    def after_fight(self, t: int) -> None:
        """003 l.28: a d20 + 2 per Injury for each character Down (not for a subdued man, whom
        his foe meant to take alive); then each survivor's healing time (l.68-70)."""
        for f in self.fighters.values():
            if f.condition != "down":
                continue
            r = self.roll(f.name, "after_fight", 20)
            mods = tuple(rules.after_fight_modifiers(len(f.injuries)))
            total = r + sum(m.value for m in mods)
            f.condition = rules.after_fight_result(total)
            self.emit(AfterFightRolled(t, f.name, r, mods, total,
                                       numbers()["after_fight"]["need"], f.condition))
        for f in self.fighters.values():
            critical = f.condition == "critically_injured"
            if f.condition == "dead" or not (f.injuries or critical):
                continue
            weeks, days = rules.healing(len(f.injuries))
            self.emit(HealingNoted(t, f.name, len(f.injuries), weeks, days, critical))

    def status(self, f: Fighter) -> CharacterStatus:
        """The shared status record: each Injury as a wound note, ``wound_points`` = the number
        of Injuries, ``capacity`` 0 (Violence has none); guns with their rounds."""
        wounds = tuple(WoundNote("by_gunfire" if c == "shot" else "in_melee" if c == "melee"
                                 else "by_gm", "injured", 1) for c in f.injuries)
        guns = tuple(WeaponNote(w.name, w.loaded, w.capacity, "ready" if w.loaded else "empty")
                     for w in f.guns())
        return CharacterStatus(f.name, f.side, f.condition, wounds, len(f.injuries), 0, guns,
                               f.pos, self.cover_name(f), False, False)
