"""The Weird West fight loop (source 004): rounds of Quickness and action cards, moves,
shootin', fanning, fightin', vamoosing, hit locations, damage, wounds, Wind, stun, bleeding.

Pure: a validated Weird West scenario and dice in, a FightLog out. No prose, no files. The
numbers live in ``rules.py`` and ``data/``; the dice in ``rolls.py`` and ``cards.py``; this
module keeps the state. A round (004 l.15-24, W3): everyone able rolls Quickness and is dealt
cards; the Marshal calls the cards from the highest; each card is one action (a move with it,
004 l.32); a vamoose spends a card out of turn (l.188); at the end everyone bleeds (W8), may
keep a card up his sleeve, and a black joker reshuffles the deck.

May import: narrator.events, narrator.dice, narrator.rulesets.weird_west.*.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from narrator.dice import Dice, fight_hash
from narrator.events import (
    shown_value,
    CharacterIntro, CharacterStatus, Event, FightEnded, FightLog, FightStarted, OtherAction,
    PlaceNote, RulingNote, StateAdjusted, TurnEnded, TurnStarted, WeaponNote, WoundNote,
)
from narrator.scenario.models import idle_characters
from narrator.rulesets.weird_west import rules as R
from narrator.rulesets.weird_west.cards import (Card, Deck, call_order, cards_for_quickness,
                                                highest)
from narrator.rulesets.weird_west.events import (
    BleedNote, DealNote, DiceNote, FighterNote, GunNote, RollNote, WWAimed, WWCardsDealt,
    WWCoverStruck, WWDamage, WWDrew, WWFought, WWHitLocated, WWMoved, WWReloaded, WWRoster,
    WWDisarmed, WWGaveUp, WWRoundEnded, WWShot, WWSimple, WWStatus, WWStatusNote, WWStun,
    WWVamoosed, WWWinded,
)
from narrator.rulesets.weird_west.rolls import (
    TraitRoll, aptitude_dice, roll_damage, roll_die, roll_trait,
)
from narrator.rulesets.weird_west.scenario import (
    Action, Character, CoverSpec, Scenario, Traits, Turn, WeaponSpec, weapon_index,
    weapon_indexes,
)
from narrator.rulesets.weird_west import tables
from narrator.rulesets.weird_west.scenario import house_of
from narrator.rulesets.weird_west.tables import FISTS, WeaponType, rules, weapons

TWO_HANDED = ("rifle", "shotgun", "bow")


def house_value(v: object) -> str:
    """A house rule's value as the write-up and the profile show it: ``true``, ``-1``,
    ``[2, 3]``, ``3d6``."""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return str(v)


def melee_yards() -> float:
    """How near a fightin' attack must be, yards (ruled: WN16)."""
    return float(rules()["fightin"]["reach"])


def cover_yards() -> float:
    """How near a landmark's cover a man stands to be behind it, yards (ruled: WN19)."""
    return float(rules()["cover"]["landmark_yards"])


def open_yards() -> float:
    """How near a shooter stands to a man in cover for it not to hide him, yards (ruled:
    WN27)."""
    return float(rules()["cover"]["open_yards"])


def note(roll: TraitRoll, what: str) -> RollNote:
    """The event record of a trait roll."""
    return RollNote(what, roll.dice[0].sides, tuple(d.faces for d in roll.dice),
                    roll.kept_index, roll.modifiers, roll.tn, roll.total, roll.bust,
                    roll.success, roll.raises)


@dataclass
class Arms:
    """A carried weapon during the fight (its row with the scenario's overrides)."""

    spec: WeaponSpec
    wt: WeaponType
    loaded: int
    in_hand: bool
    jammed: bool = False
    dropped: bool = False      # knocked from his hand or thrown down: picked up with an action

    @property
    def name(self) -> str:
        return self.spec.name or self.wt.name

    @property
    def key(self) -> str:
        return self.spec.name or self.spec.type

    @property
    def is_gun(self) -> bool:
        return self.wt.is_gun

    @property
    def two_handed(self) -> bool:
        return self.wt.concentration in TWO_HANDED

    @property
    def damage(self) -> str:
        base = f"{self.wt.dice}d{self.wt.die}" if self.wt.dice else ""
        if self.wt.is_shotgun:
            return "by range"
        return ("Str+" + base) if self.wt.strength and base else ("Str" if self.wt.strength
                                                                   else base)


def starts_in_hand(specs: list[WeaponSpec]) -> list[bool]:
    """Which of a man's weapons are in his hand at the start (ruled: WN20): the first unless
    ``holstered: true``; a later one with ``holstered: false`` written (a fresh user's second
    Colt, "holstered: false" silently left in its holster) when his hands can take it too: two
    one-handed weapons at most, a two-handed one alone."""
    out, hands = [], 0
    for i, spec in enumerate(specs):
        two = weapons()[spec.type].concentration in TWO_HANDED
        wanted = (not spec.holstered) if i == 0 else (
            "holstered" in spec.model_fields_set and not spec.holstered)
        fits = hands == 0 if two else hands < 2
        take = wanted and fits
        hands += (2 if two else 1) if take else 0
        out.append(take)
    return out


def make_arms(spec: WeaponSpec, in_hand: bool) -> Arms:
    """Arms from a scenario weapon (W15: any field overridden); loaded defaults to full; in
    hand when ``in_hand`` (``starts_in_hand``, ruled: WN20)."""
    wt = weapons()[spec.type]
    changes = {}
    if spec.damage:
        n, d = spec.damage.split("d")
        changes.update(dice=int(n), die=int(d))
    for fld in ("range", "rof", "shots", "defense", "action"):
        if getattr(spec, fld) is not None:
            changes[fld] = getattr(spec, fld)
    if changes:
        wt = dataclasses.replace(wt, **changes)
    loaded = wt.shots if spec.loaded is None else spec.loaded
    return Arms(spec, wt, loaded if wt.is_gun else 0, in_hand)


@dataclass
class Fighter:
    """One character in the fight."""

    c: Character
    side: str
    order: int
    pos: tuple[float, float]
    body: R_Body
    weapons: list[Arms]
    cover: CoverSpec | None
    cover_name: str | None
    prone: bool
    pace: int
    chips: dict[str, int]
    hand: list[Card] = field(default_factory=list)
    held: list[Card] = field(default_factory=list)
    sleeve: Card | None = None
    moved: float = 0.0
    running: bool = False
    aim_target: str | None = None
    aim_actions: int = 0
    plan: list[Action] = field(default_factory=list)
    fled: bool = False

    @property
    def name(self) -> str:
        return self.c.name

    @property
    def can_act(self) -> bool:
        return self.body.can_act and not self.fled

    @property
    def undead(self) -> bool:
        return self.c.undead

    def trait(self, name: str) -> tuple[int, int]:
        return self.c.traits.of(name)

    def cards_left(self) -> list[Card]:
        return self.hand + self.held

    def in_hand(self) -> list[Arms]:
        return [w for w in self.weapons if w.in_hand]

    def guns(self) -> list[Arms]:
        return [w for w in self.weapons if w.is_gun]


from narrator.rulesets.weird_west.state import Body as R_Body  # noqa: E402


def _ready(w: Arms) -> bool:
    """Loaded and clear: a gun that can fire now (once in hand)."""
    return w.loaded > 0 and not w.jammed


#: How ``WeirdWestFight.weapon`` picks one of two weapons of one name, by what the action
#: does with it: the first test a twin passes wins, else the first of them.
_TWIN_CHOICE = {
    "fire": (lambda w: w.in_hand and _ready(w), lambda w: _ready(w) and not w.dropped,
             lambda w: w.in_hand),
    "reload": (lambda w: w.in_hand and w.loaded < w.wt.shots,
               lambda w: not w.dropped and w.loaded < w.wt.shots),
    "draw": (lambda w: not w.in_hand and not w.dropped and _ready(w),
             lambda w: not w.in_hand),
}


class WeirdWestFight:
    """One fight, run round by round.

    Args:
        scenario: a validated Weird West scenario whose names are canonical.
        dice: the dice (``start_turn(t)`` is called at each round when it exists).
        seed: the seed reported in the write-up.
        script: the scripted dice, for the deck's scripted cards.
        fallback: the dice fallback ("error" or "seeded").
        path: the scenario file, for located errors.
        tables_only: fight by the data files as they are, the scenario's ``house_rules:``
            (and ``options:``) left out (``--profile tables``).
        old_draws: the turns (1-based) replayed from play-by-post records that narrator
            wrote when a draw of the gun already in hand was a draw that took the card
            (it is no draw now, the card going to his next action): in them it is so again,
            as the turn was posted (``narrator.playbypost.OLD_DRAWS``).
    """

    def __init__(self, scenario: Scenario, dice: Dice, seed: int,
                 script: dict | None = None, fallback: str = "error",
                 path: str | None = None, tables_only: bool = False,
                 old_draws: frozenset[int] = frozenset()) -> None:
        self.old_draws = old_draws
        self.house = None if tables_only else house_of(scenario)
        with tables.house(self.house):
            self._setup(scenario, dice, seed, script, fallback, path)

    def _setup(self, scenario: Scenario, dice: Dice, seed: int, script: dict | None,
               fallback: str, path: str | None) -> None:
        self.sc = scenario
        self.dice = dice
        self.seed = seed
        self.events: list[Event] = []
        self.sides = list(scenario.sides)
        self.deck = Deck(dice, {w: ps["cards"] for w, ps in (script or {}).items()
                                if "cards" in ps}, fallback, path)
        self.strict = bool(rules()["fightin"]["must_exceed"])   # W12 (or options:)
        self.fighters: dict[str, Fighter] = {}
        for order, (side, c) in enumerate(scenario.characters()):
            vig, spi = c.traits.of("vigor")[1], c.traits.of("spirit")[1]
            wind = 0 if c.undead else (c.wind or R.wind_max(vig, spi))
            body = R_Body(wind_max=wind, size=c.size or rules()["wounds"]["size"],
                          undead=c.undead, missing=tuple(c.missing))
            for limb in c.missing:      # as useless as maimed, but no wound (ruled: WN25)
                body.levels[limb] = 5
            pos = (float(c.at[0]), float(c.at[1]))
            f = Fighter(c, side, order, pos, body,
                        [make_arms(w, held) for w, held
                         in zip(c.weapons, starts_in_hand(c.weapons))],
                        None, None, c.prone, self.base_pace(c), dict(c.chips))
            self.place_cover(f, explicit=True)
            self.fighters[c.name] = f
        self.tactic_made: set[tuple[int, str]] = set()
        self.by_tactics = False     # the card being played was decided by tactics

    # ------------------------------------------------------------------ helpers
    def emit(self, e: Event) -> None:
        self.events.append(e)

    def base_pace(self, c: Character) -> int:
        """W5: Pace (default the Nimbleness die), under the load (004 l.48)."""
        pace = c.pace or R.default_pace(c.traits.of("nimbleness")[1])
        return R.loaded_pace(pace, c.traits.of("strength")[1], c.load)

    def pace_of(self, f: Fighter) -> int:
        return R.maimed_leg_pace(f.pace, sum(1 for t in ("left_leg", "right_leg")
                                             if f.body.levels[t] >= 5
                                             and t not in f.c.missing))

    def place_cover(self, f: Fighter, explicit: bool = False) -> None:
        """His cover: an explicit one at the start; else a landmark with cover within 2 yards
        (WN19)."""
        if explicit and f.c.cover is not None:
            if isinstance(f.c.cover, str):
                lm = self.sc.map[f.c.cover]
                f.cover, f.cover_name = lm.cover, lm.cover.name or lm.name or f.c.cover.replace("_", " ")
            else:
                f.cover, f.cover_name = f.c.cover, f.c.cover.name or (f.c.cover.material or "cover")
            return
        f.cover, f.cover_name = None, None
        for key, lm in self.sc.map.items():
            if lm.cover is not None and math.dist(f.pos, lm.at) <= cover_yards() + 1e-9:
                f.cover, f.cover_name = lm.cover, lm.cover.name or lm.name or key.replace("_", " ")
                return

    def active_sides(self) -> list[str]:
        return [s for s in self.sides if any(f.can_act for f in self.fighters.values()
                                             if f.side == s)]

    def enemies(self, f: Fighter) -> list[Fighter]:
        return [g for g in self.fighters.values() if g.side != f.side and g.can_act]

    def dist(self, a: Fighter, b: Fighter) -> float:
        return math.dist(a.pos, b.pos)

    def bare(self, f: Fighter, target: Fighter) -> str:
        """Why ``target``'s cover does not count against ``f``'s shot (ruled: WN27):
        ``"landmark"`` when ``f`` is behind the same landmark, ``"close"`` when he is within
        ``open_yards`` of him; ``""`` when it counts (or he has none)."""
        if target.cover is None:
            return ""
        if f.cover is target.cover:
            return "landmark"
        return "close" if self.dist(f, target) <= open_yards() + 1e-9 else ""

    def bare_note(self, f: Fighter, target: Fighter) -> tuple[str, str]:
        """``WWShot``'s ``bare`` and ``bare_cover``: why the target's cover does not count
        against this shot (WN27), and its name; empty when it counts."""
        why = self.bare(f, target)
        return (why, target.cover_name or "cover") if why else ("", "")

    def aptitude(self, f: Fighter, trait: str, level: int) -> tuple[int, int, list]:
        """(die, count, unskilled modifier) for an aptitude on a trait (W1)."""
        tlevel, die = f.trait(trait)
        n, mods = aptitude_dice(level, tlevel)
        return die, n, mods

    def simple(self, t: int, f: Fighter, card: Card, what: str, why: str = "",
               weapon: str = "", target: str = "") -> None:
        self.emit(WWSimple(t, f.name, card.code, what, why, weapon, target))

    # ------------------------------------------------------------------ the fight
    def run(self, stop_after: int | None = None,
            adjustments: dict[int, dict[str, dict]] | None = None) -> FightLog:
        """Fight every declared round (or ``max_turns``) until at most one side can act
        (W18).

        Args:
            stop_after: stop after this round (reason "paused" if the fight would go on).
            adjustments: ``{turn: {name: {field: value}}}``: GM edits applied at its start.
        """
        with tables.house(self.house):
            return self._run(stop_after, adjustments)

    def _run(self, stop_after: int | None,
             adjustments: dict[int, dict[str, dict]] | None) -> FightLog:
        from narrator.turns import TurnLoop

        self.emit(self.started())
        self.emit(self.roster())
        total = max(len(self.sc.turns), self.sc.max_turns or 0)
        self.total_rounds = total
        loop = TurnLoop(total, self.dice, stop_after)
        for t in loop:
            turn = self.sc.turns[t - 1] if t <= len(self.sc.turns) else Turn()
            self.emit(TurnStarted(t, "round", 5, 5 * (t - 1)))
            if adjustments and adjustments.get(t):
                self.adjust(t, adjustments[t])
            self.round(t, turn)
            self.emit(WWStatus(t, tuple(self.status_note(f) for f in self.fighters.values())))
            self.emit(TurnEnded(t, tuple(self.status(f) for f in self.fighters.values())))
            if loop.done(t, len(self.active_sides()) <= 1):
                break
        rolls = list(self.dice.rolls)
        self.emit(FightEnded(loop.turns, 5 * loop.turns, loop.reason, tuple(self.active_sides()),
                             len(rolls), sum(1 for r in rolls if r.scripted),
                             fight_hash(self.sc, self.events[0].profile, adjustments, rolls),
                             idle_characters(self.sc)))
        return FightLog(tuple(self.events), tuple(rolls))

    def started(self) -> FightStarted:
        traits = tuple(Traits.model_fields)   # W1, in the scenario's order
        intros = tuple(CharacterIntro(
            f.name, f.c.short or f.name, f.side, f.c.pronoun, 0, 0, 0, 0, 0, (),
            tuple(w.name for w in f.weapons), False, f.pos, f.cover_name,
            tuple((t, getattr(f.c.traits, t)) for t in traits))
            for f in self.fighters.values())
        places = tuple(PlaceNote(k, lm.name or k.replace("_", " "), tuple(lm.at),
                                 ", ".join(lm.cover.covers) if lm.cover else "")
                       for k, lm in self.sc.map.items())
        changes = self.house.changes if self.house else ()
        notes = tuple(RulingNote(None, "house_rule", (k,), house_value(v),
                                 house_value(tables.book_value(k))) for k, v in changes)
        profile = ("house rules: " + ", ".join(f"{k}={house_value(v)}" for k, v in changes)
                   if changes else "tables")
        return FightStarted(self.sc.title, self.sc.description, "weird-west", profile,
                            self.seed, self.sc.light in ("dark", "near_dark", "pitch_dark"),
                            tuple(self.sides), intros, notes,
                            tuple((k, lm.name or k.replace("_", " "))
                                  for k, lm in self.sc.map.items()), places,
                            side_names=tuple(self.sc.side_names.items()), light=self.sc.light)

    def roster(self) -> WWRoster:
        out = []
        for f in self.fighters.values():
            c = f.c
            apts = [(f"shootin_{k}", v) for k, v in c.aptitudes.shootin.items()]
            apts += [(f"fightin_{k}", v) for k, v in c.aptitudes.fightin.items()]
            apts += [(k, getattr(c.aptitudes, k)) for k in ("dodge", "quick_draw", "climbin")
                     if getattr(c.aptitudes, k)]
            traits = tuple((k, getattr(c.traits, k)) for k in
                           ("deftness", "nimbleness", "quickness", "strength", "vigor", "spirit"))
            guns = tuple(GunNote(w.name, w.wt.name, w.damage, w.wt.range, w.wt.rof, w.wt.shots,
                                 w.loaded, w.in_hand, w.wt.defense, w.two_handed)
                         for w in f.weapons)
            out.append(FighterNote(f.name, f.side, traits, tuple(apts), self.pace_of(f),
                                   f.body.size, f.body.wind_max,
                                   tuple((k, v) for k, v in f.chips.items() if v), guns,
                                   c.undead, f.cover_name, f.prone, c.tactics))
        return WWRoster(tuple(out), self.sc.light)

    def adjust(self, t: int, changes: dict[str, dict]) -> None:
        """A GM's hand edits of the state (``narrator next``): ``at``, ``condition``,
        ``wind``, ``prone``, ``loaded`` per gun name, ``wounds`` per track; each a
        ``state_adjusted`` event.

        The rules then apply to the edited state as they do after a hit or a bleed (W8, the
        ``[wind]`` table of ``data/rules.toml``: at 0 Wind or less a man is out, winded, until
        the fight ends; ``rules.winded``): a man still active whose edited Wind is 0 or less
        is winded, as a ``ww_winded`` event after his edits. The walking dead have no Wind to
        lose (W19) and are never winded so. An edit never brings a winded man back (his
        ``condition`` edited to active with Wind above 0 does)."""
        for name, fields in changes.items():
            f = self.fighters[name]
            for key, value in fields.items():
                if key == "at":
                    f.pos = (float(value[0]), float(value[1]))
                    self.place_cover(f)
                elif key == "condition":
                    f.body.condition = value
                elif key == "wind":
                    f.body.wind = int(value)
                elif key == "prone":
                    f.prone = bool(value)
                elif key == "loaded":
                    for w in f.weapons:
                        if w.name in value:
                            w.loaded = int(value[w.name])
                elif key == "wounds":
                    for tr, lv in value.items():
                        f.body.levels[tr] = int(lv)
                else:
                    continue
                self.emit(StateAdjusted(t, name, key, shown_value(value)))
            body = f.body
            if body.condition == "active" and not body.undead and R.winded(body.wind):
                body.condition = "winded"
                self.emit(WWWinded(t, name, body.wind))

    # ------------------------------------------------------------------ a round
    def round(self, t: int, turn: Turn) -> None:
        deals = []
        black = False
        for f in self.fighters.values():
            f.moved, f.running = 0.0, False
            f.hand, f.held = [], []
            f.plan = list(turn.intents.get(f.name, []))
            if not f.can_act:
                if f.sleeve is not None:
                    self.deck.discard([f.sleeve])
                    f.sleeve = None
                continue
            level, die = f.trait("quickness")
            q = roll_trait(self.dice, f.name, "quickness", die, level,
                           self.penalty_mods(f), rules()["quickness"]["tn"])
            n = cards_for_quickness(q.bust, q.success, q.raises)
            dealt = [self.deck.draw(f.name) for _ in range(n)]
            black = black or any(c.black_joker for c in dealt)
            sleeve = f.sleeve
            f.hand = sorted(dealt + ([sleeve] if sleeve else []))
            f.sleeve = None
            deals.append(DealNote(f.name, note(q, "quickness"), n,
                                  tuple(c.code for c in dealt), sleeve.code if sleeve else None))
        order = call_order({f.name: f.hand for f in self.fighters.values() if f.hand})
        self.emit(WWCardsDealt(t, tuple(deals), tuple((c.code, w) for c, w in order)))
        while True:
            live = [(min(f.hand), f) for f in self.fighters.values() if f.hand and f.can_act]
            if not live or len(self.active_sides()) <= 1:
                break
            card, f = min(live, key=lambda cf: cf[0])
            f.hand.remove(card)
            self.act(t, f, card)
            if not any(c is card for c in f.held):   # a held card stays his (WN11): it goes
                self.deck.discard([card])            # to the discards when he lets it go
        if len(self.active_sides()) > 1:
            self.undone(t)
        self.end_round(t, black)

    def undone(self, t: int) -> None:
        """Tell each declared action left without a card at the round's end (one action a
        card, 004 l.15): a ``WWSimple`` with ``why`` "no_card" and no card, once for each kind
        and target, for a man still able to act (a man out of the fight is told so already)."""
        for f in self.fighters.values():
            if not f.can_act:
                continue
            told = set()
            for a in f.plan:
                kind = a.action or ("move" if a.move is not None else None)
                if kind is None or kind == "hold":
                    continue
                aim = getattr(a, kind, None)
                target = aim if isinstance(aim, str) and aim in self.fighters else (
                    aim[0] if isinstance(aim, list) and aim else "")
                if (kind, target) not in told:   # two shots at one man: told once
                    told.add((kind, target))
                    self.emit(WWSimple(t, f.name, "", kind, "no_card", "", target))
            f.plan = []

    def end_round(self, t: int, black: bool) -> None:
        bleeds = []
        sleeves = []
        for f in self.fighters.values():
            if f.can_act and not f.undead:
                lost = f.body.bleeding
                if lost:
                    winded = f.body.lose_wind(lost)
                    bleeds.append(BleedNote(f.name, lost, f.body.wind, winded))
            left = sorted(f.cards_left())
            if left and f.can_act and rules()["cards"]["sleeve"]:
                f.sleeve = left[0]
                sleeves.append((f.name, left[0].code))
                left = left[1:]
            self.deck.discard(left)
            f.hand, f.held = [], []
        if black:
            self.deck.reshuffle_all([f.sleeve for f in self.fighters.values() if f.sleeve])
        # the last round: no next round follows (the last declared, or at most one side can
        # still act), so the write-up keeps no card up a sleeve "for the next round"
        last = t >= getattr(self, "total_rounds", t + 1) or len(self.active_sides()) <= 1
        self.emit(WWRoundEnded(t, tuple(bleeds), tuple(sleeves), black, last))

    def penalty_mods(self, f: Fighter) -> list:
        from narrator.events import Modifier
        p = f.body.penalty
        return [Modifier("wounds", p)] if p else []

    def next_action(self, t: int, f: Fighter, card: Card) -> Action:
        self.by_tactics = False
        if f.plan:
            return f.plan.pop(0)
        if f.c.tactics:
            from narrator.rulesets.weird_west import tactics
            self.tactic_made.add((t, f.name))
            self.by_tactics = True
            return tactics.decide(self, t, f)
        return Action(hold=True)

    @staticmethod
    def begin_action(f: Fighter, a: Action) -> str | None:
        """Fighter ``f`` starts action ``a``: he is not running (until a move of this action
        says so), and his aim is lost unless the action aims at, or shoots, the man he aims
        at without a move (ruled: WN17). Returns the action's kind (None: no action)."""
        f.running = False
        kind = a.action
        keeps = a.move is None and ((kind == "aim" and a.aim == f.aim_target)
                                    or (kind == "shoot" and a.shoot == f.aim_target))
        if not keeps:
            f.aim_target, f.aim_actions = None, 0     # ruled: WN17
        return kind

    def act(self, t: int, f: Fighter, card: Card) -> None:
        a = self.next_action(t, f, card)
        kind = self.begin_action(f, a)
        moved = self.move(t, f, card, a.move) if a.move is not None else False
        if kind is None:
            if not moved:                 # no move made (he stands there, or has no yards
                self.hold(t, f, card)     # left this round): the card is held, and told
            return
        getattr(self, "do_" + kind)(t, f, card, a)

    # ------------------------------------------------------------------ actions
    def move(self, t: int, f: Fighter, card: Card, dest) -> bool:
        """004 l.32-42: up to 2 x Pace a round across his actions; more than Pace on one
        action is running. A prone man stands first (ruled: WN21, free with the move).
        Returns whether he moved at all (not when he stands at ``dest`` already or has no
        yards left this round)."""
        if isinstance(dest, str):
            lm = self.sc.map.get(dest) or next(v for v in self.sc.map.values() if v.name == dest)
            target, place = (float(lm.at[0]), float(lm.at[1])), dest
        else:
            target, place = (float(dest[0]), float(dest[1])), None
        pace = self.pace_of(f)
        budget = R.max_move(pace) - f.moved
        want = math.dist(f.pos, target)
        if want <= 1e-9 or budget <= 1e-9:
            return False
        go = min(want, budget)
        start = f.pos
        frac = go / want
        f.pos = (round(start[0] + (target[0] - start[0]) * frac, 2),
                 round(start[1] + (target[1] - start[1]) * frac, 2))
        f.moved += go
        f.running = R.is_running(go, pace)
        f.prone = False
        self.place_cover(f)
        self.emit(WWMoved(t, f.name, card.code, start, f.pos, round(go, 2), f.running, place,
                          go < want - 1e-9))
        return True

    def hold(self, t: int, f: Fighter, card: Card) -> None:
        f.held.append(card)
        self.simple(t, f, card, "hold")

    def do_hold(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        self.hold(t, f, card)

    def do_other(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        self.emit(OtherAction(t, f.name, a.other))

    def do_prone(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        f.prone = True
        self.simple(t, f, card, "prone")

    def do_stand(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        f.prone = False
        self.simple(t, f, card, "stand")

    def do_clear(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        gun = next((w for w in f.weapons if w.jammed), None)
        if gun is None:
            self.simple(t, f, card, "clear", "not_jammed")
            return
        gun.jammed = False
        self.simple(t, f, card, "clear", "", gun.name)

    def weapon(self, f: Fighter, name: str | None, gun: bool,
               use: str = "fire") -> Arms | None:
        """The weapon of ``f`` an action names: ``name`` is its name, type or alias (None:
        the gun, or with ``gun`` False the weapon, in his hand, else his first of that kind);
        None when he has no such weapon. Two of one name (two Colts given no ``name:``) are
        told apart by what the action does with it (``use``): ``"fire"`` takes one in hand,
        loaded and clear, else one loaded and clear, else one in hand; ``"reload"`` one in
        hand not full, else one not full; ``"draw"`` one not in hand, loaded first (a fresh
        user's two-gun captain spent nine cards "finding the gun empty" on the first Colt
        while the second was full: every match was the first)."""
        if name is not None:
            same = [f.weapons[i] for i in weapon_indexes(f.c, name)]
            if len(same) > 1:
                for want in _TWIN_CHOICE[use]:
                    pick = next((w for w in same if want(w)), None)
                    if pick is not None:
                        return pick
            return same[0] if same else None
        pool = [w for w in f.weapons if w.is_gun == gun]
        return next((w for w in pool if w.in_hand), pool[0] if pool else None)

    def take_in_hand(self, f: Fighter, arms: Arms) -> None:
        """Put ``arms`` in hand; what no longer fits goes back in its holster or scabbard."""
        held = [w for w in f.in_hand() if w is not arms]
        if arms.two_handed:
            for w in held:
                w.in_hand = False
        elif len(held) >= 2 or any(w.two_handed for w in held):
            for w in held[:1] if not any(w.two_handed for w in held) else held:
                w.in_hand = False
        arms.in_hand = True

    def do_draw(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        arms = self.weapon(f, a.draw if isinstance(a.draw, str) else None, True, "draw") \
            or self.weapon(f, None, False)
        if arms is not None and arms.in_hand and not isinstance(a.draw, str):
            # "draw: true" with a gun in hand and its twin holstered (two Colts given no
            # name): the twin, as "draw: colt_peacemaker" takes it (a fresh user's "draw:
            # true" was told "has his Colt in hand already", the second never drawn)
            arms = self.weapon(f, arms.key, True, "draw") or arms
        if arms is None:
            self.simple(t, f, card, "draw", "no_gun")
            return
        if arms.in_hand and t not in self.old_draws:
            # already in hand: no draw, and the card goes to his next action
            self.simple(t, f, card, "draw", "in_hand", arms.name)
            if f.plan:
                self.act(t, f, card)
            else:
                self.hold(t, f, card)
            return
        if arms.dropped:
            self.pick_up(t, f, card, arms)
            return
        self.take_in_hand(f, arms)
        self.emit(WWDrew(t, f.name, arms.name, card.code, None, False))

    def ready(self, t: int, f: Fighter, card: Card, arms: Arms, quick: bool) -> bool:
        """A weapon out of hand: W17 quick draw (a success draws it free on this card), else
        this card draws it. True when he can use it on this card."""
        if arms.in_hand:
            return True
        if arms.dropped:     # ruled: WN23: picking it up takes the card, quick draw or not
            self.pick_up(t, f, card, arms)
            return False
        if quick and f.c.aptitudes.quick_draw > 0:
            die, n, mods = self.aptitude(f, "deftness", f.c.aptitudes.quick_draw)
            r = roll_trait(self.dice, f.name, "quick_draw", die, n, mods + self.penalty_mods(f),
                           R.quick_draw_tn())
            self.take_in_hand(f, arms)
            self.emit(WWDrew(t, f.name, arms.name, card.code, note(r, "quick_draw"), r.success))
            return r.success
        self.take_in_hand(f, arms)
        self.emit(WWDrew(t, f.name, arms.name, card.code, None, False))
        return False

    def drew_first(self, t: int, f: Fighter, card: Card, what: str, arms: Arms,
                   target: Fighter) -> None:
        """A declared shot or fan whose card went to readying the gun (a draw, a failed quick
        draw, a pick-up: ``ready``): the shot is not made, and said so, as a declared action
        left without a card is (a fresh GM's "draws her double-barrel shotgun: that is the
        action" and no word of her declared shot, fresh23 item 5). A tactics profile's draw
        is its choice: nothing more to say."""
        if not self.by_tactics:
            self.simple(t, f, card, what, "drew_first", arms.name, target.name)

    def pick_up(self, t: int, f: Fighter, card: Card, arms: Arms) -> None:
        """A weapon knocked from his hand (WN23) picked up from his feet: the card's action."""
        arms.dropped = False
        self.take_in_hand(f, arms)
        self.simple(t, f, card, "pick_up", weapon=arms.name)

    def why_give_up(self, f: Fighter) -> str:
        """"declared", or what made his tactics give up ("wounds", "wind"; ruled: WN24)."""
        if not self.by_tactics:
            return "declared"
        from narrator.rulesets.weird_west import tactics
        return tactics.badly_hurt(self, f) or "declared"

    def do_flee(self, t: int, f: Fighter, card: Card, a: Action, why: str = "") -> None:
        """W18; ruled: WN24: he runs the rest of his move this round straight away from the
        nearest enemy and is out of the fight; a man who cannot run (both legs maimed)
        surrenders instead."""
        why = why or self.why_give_up(f)
        if f.body.maimed_legs() >= 2:
            self.do_surrender(t, f, card, a, why)
            return
        start = f.pos
        foe = min(self.enemies(f), key=lambda g: (self.dist(f, g), g.order), default=None)
        budget = max(0.0, R.max_move(self.pace_of(f)) - f.moved)
        if foe is not None and budget > 0:
            d = self.dist(f, foe)
            dx, dy = ((f.pos[0] - foe.pos[0]) / d, (f.pos[1] - foe.pos[1]) / d) if d > 1e-9 \
                else (-1.0, 0.0)
            f.pos = (round(f.pos[0] + dx * budget, 2), round(f.pos[1] + dy * budget, 2))
            f.moved += budget
        f.prone = False
        f.body.condition = "fled"
        f.fled = True
        self.place_cover(f)
        self.emit(WWGaveUp(t, f.name, card.code, "fled", why, start, f.pos))

    def do_surrender(self, t: int, f: Fighter, card: Card, a: Action, why: str = "") -> None:
        """W18; ruled: WN24: he throws down his weapons and is out of the fight."""
        why = why or self.why_give_up(f)
        for w in f.in_hand():
            w.in_hand, w.dropped = False, True
        f.body.condition = "surrendered"
        self.emit(WWGaveUp(t, f.name, card.code, "surrendered", why, f.pos, f.pos))

    def do_reload(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        arms = self.weapon(f, a.reload if isinstance(a.reload, str) else None, True, "reload")
        if arms is None or not arms.is_gun:
            self.simple(t, f, card, "reload", "no_gun")
            return
        per = rules()["reload"]["shells" if arms.wt.is_shotgun else "rounds"]
        n = min(per, arms.wt.shots - arms.loaded)
        arms.loaded += n
        self.emit(WWReloaded(t, f.name, arms.name, card.code, n, arms.loaded, arms.wt.shots,
                             arms.wt.type))

    def do_aim(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        if f.aim_target != a.aim:
            f.aim_target, f.aim_actions = a.aim, 0
        f.aim_actions += 1
        self.emit(WWAimed(t, f.name, a.aim, card.code, f.aim_actions,
                          R.aim_bonus(f.aim_actions)))

    def shoot_mods(self, f: Fighter, target: Fighter, arms: Arms, *, aim: int = 0,
                   hand: str | None = None, called: str | None = None,
                   fanning: bool = False) -> list:
        return R.shootin_modifiers(
            shotgun=arms.wt.is_shotgun, running=f.running, target_running=target.running,
            light=self.sc.light, half_hidden=target.cover is not None and not self.bare(
                f, target), aim_actions=aim,
            two_guns=hand, called=called, fanning=fanning, wound_penalty=f.body.penalty)

    def shootin_roll(self, f: Fighter, arms: Arms, tn: int, mods: list) -> TraitRoll:
        level = f.c.aptitudes.shootin.get(arms.wt.concentration, 0)
        die, n, unskilled = self.aptitude(f, "deftness", level)
        return roll_trait(self.dice, f.name, "shootin", die, n, unskilled + mods, tn)

    def gone(self, t: int, f: Fighter, card: Card, what: str, target: Fighter) -> bool:
        """A declared attack at a man who fled or surrendered (W18, ruled: WN24) is refused:
        he is out of the fight. True when refused."""
        if target.body.condition in ("fled", "surrendered"):
            self.simple(t, f, card, what, "no_target", target=target.name)
            return True
        return False

    def dead_target(self, t: int, f: Fighter, card: Card, what: str, target: Fighter) -> bool:
        """Ruled: WN29: a declared shot (or fan) at a man already dead when the card comes up
        (dead in ``state:`` or earlier this round) is not made, and said so (it vanished without
        a word: fresh23 item 1); the card goes to his next declared action, as a draw of a
        gun in hand does, else he holds it (WN11). True when refused."""
        if target.body.alive:
            return False
        self.simple(t, f, card, what, "target_dead", target=target.name)
        if f.plan:
            self.act(t, f, card)
        else:
            f.held.append(card)
        return True

    def do_shoot(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        target = self.fighters[a.shoot]
        if self.gone(t, f, card, "shoot", target) or self.dead_target(t, f, card, "shoot",
                                                                          target):
            return
        arms = self.weapon(f, a.weapon, True)
        if arms is None or not arms.is_gun:
            self.simple(t, f, card, "shoot", "no_gun", target=target.name)
            return
        if not self.ready(t, f, card, arms, a.quick_draw):
            self.drew_first(t, f, card, "shoot", arms, target)
            return
        guns = [("main" if a.two_guns else None, arms)]
        if a.two_guns:
            off = next((w for w in f.weapons if w is not arms and w.is_gun
                        and not w.two_handed and w.in_hand), None)
            if off is None or arms.two_handed:
                # why he fires one gun, told as it is (a fresh user, session 21: "has no second
                # pistol in hand (Colt Peacemaker)" named the gun he held, of a man whose
                # twin was in its holster): his gun takes both hands; his other pistol is
                # holstered (its name); he has none
                worn = next((w for w in f.weapons if w is not arms and w.is_gun
                             and not w.two_handed and not w.in_hand), None)
                if arms.two_handed:
                    self.simple(t, f, card, "shoot", "two_handed", arms.name, target.name)
                elif worn is not None:
                    self.simple(t, f, card, "shoot", "second_holstered", worn.name, target.name)
                else:
                    self.simple(t, f, card, "shoot", "no_second_gun", arms.name, target.name)
                guns = [(None, arms)]
            else:
                guns.append(("off", off))
        aim = f.aim_actions if f.aim_target == target.name else 0
        f.aim_target, f.aim_actions = None, 0
        able = target.can_act   # in the fight when the action began
        for hand, gun in guns:
            shots = min(a.shots or 1, gun.wt.rof)
            for k in range(shots):
                if not target.body.alive:
                    break
                if able and not target.can_act:
                    # ruled: WN26: the action's earlier shot put him out of the fight; the
                    # rest of its shots are held, their rounds left in the gun
                    self.simple(t, f, card, "shoot", "target_out", gun.name, target.name)
                    return
                if k and gun.loaded <= 0:   # the shot before said the gun is empty
                    break
                if not self.fire(t, f, card, gun, target, hand, aim if k == 0 and hand != "off"
                                 else 0, a.called):
                    break

    def fire(self, t: int, f: Fighter, card: Card, arms: Arms, target: Fighter,
             hand: str | None, aim: int, called: str | None) -> bool:
        """One shot (004 l.57-70). False when the action stops (empty, jam, out of reach)."""
        if arms.jammed:
            self.simple(t, f, card, "shoot", "jammed", arms.name, target.name)
            return False
        if arms.loaded <= 0:
            self.simple(t, f, card, "shoot", "empty", arms.name, target.name)
            return False
        yards = self.dist(f, target)
        tn, inc = R.shootin_tn(yards, arms.wt.range)
        if arms.wt.is_shotgun and R.shotgun_dice(inc) is None:
            self.simple(t, f, card, "shoot", "out_of_reach", arms.name, target.name)
            return False
        mods = self.shoot_mods(f, target, arms, aim=aim, hand=hand, called=called)
        r = self.shootin_roll(f, arms, tn, mods)
        what = f"shootin_{arms.wt.concentration}"
        if r.bust:   # W20(a): jams before the round fires
            arms.jammed = True
            self.emit(WWShot(t, f.name, target.name, arms.name, card.code, round(yards, 2), inc,
                             tn, note(r, what), False, True, hand or "main", 0, 0, called,
                             arms.loaded, arms.wt.type, *self.bare_note(f, target)))
            return False
        arms.loaded -= 1
        self.emit(WWShot(t, f.name, target.name, arms.name, card.code, round(yards, 2), inc, tn,
                         note(r, what), r.success, False, hand or "main", 0, 0, called,
                         arms.loaded, arms.wt.type, *self.bare_note(f, target)))
        if r.success:
            self.hit(t, f, target, arms, r.total, r.raises, called, inc, yards, ranged=True)
        return True

    def do_fan(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        """004 l.146-162; W13, WN14."""
        targets = [self.fighters[n] for n in a.fan]
        if self.gone(t, f, card, "fan", targets[0]) or self.dead_target(t, f, card, "fan",
                                                                           targets[0]):
            return
        targets = [targets[0]] + [g for g in targets[1:] if g.body.condition not in
                                  ("fled", "surrendered")]
        arms = self.weapon(f, a.weapon, True)
        if arms is None or not arms.is_gun:
            self.simple(t, f, card, "fan", "no_gun", target=targets[0].name)
            return
        if not self.ready(t, f, card, arms, a.quick_draw):
            self.drew_first(t, f, card, "fan", arms, targets[0])
            return
        free = not any(w is not arms for w in f.in_hand()) and not f.body.maimed("left_arm")
        level = f.c.aptitudes.shootin.get("pistol", 0)
        if not R.can_fan(arms.wt, free, level):
            # which of 004 l.150's three requirements failed, for the write-up
            why = ("cannot_fan_gun" if not R.can_fan(arms.wt, True, 99) else
                   "cannot_fan_hand" if not free else "cannot_fan_skill")
            self.simple(t, f, card, "fan", why, arms.name, targets[0].name)
            return
        if arms.jammed or arms.loaded <= 0:
            self.simple(t, f, card, "fan", "jammed" if arms.jammed else "empty", arms.name,
                        targets[0].name)
            return
        first = targets[0]
        shots = min(a.shots or arms.loaded, arms.loaded, rules()["fanning"]["max_shots"])
        yards = self.dist(f, first)
        tn, inc = R.shootin_tn(yards, arms.wt.range)
        mods = self.shoot_mods(f, first, arms, called=a.called, fanning=True)
        f.aim_target, f.aim_actions = None, 0
        r = self.shootin_roll(f, arms, tn, mods)
        if r.bust:
            arms.jammed = True
            self.emit(WWShot(t, f.name, first.name, arms.name, card.code, round(yards, 2), inc,
                             tn, note(r, "shootin_pistol"), False, True, "main", shots, 0,
                             a.called, arms.loaded, arms.wt.type, *self.bare_note(f, first)))
            return
        arms.loaded -= shots
        hits = R.fanning_hits(r.success, r.raises, shots)
        self.emit(WWShot(t, f.name, first.name, arms.name, card.code, round(yards, 2), inc, tn,
                         note(r, "shootin_pistol"), r.success, False, "main", shots, hits,
                         a.called, arms.loaded, arms.wt.type, *self.bare_note(f, first)))
        prev = first
        follow = rules()["fanning"]["follow_yards"]
        others = [g for g in targets[1:]]
        for k in range(hits):
            tgt = prev
            if k > 0:
                near = [g for g in others if g.body.alive and self.dist(g, prev) <= follow + 1e-9]
                if near:
                    tgt = near[0]
                    others.remove(tgt)
                    others.append(tgt)
            if not tgt.body.alive:
                alive = [g for g in targets if g.body.alive and self.dist(g, prev) <= follow]
                if not alive:
                    break
                tgt = alive[0]
            self.hit(t, f, tgt, arms, r.total, 0, a.called if k == 0 else None,
                     R.range_increments(self.dist(f, tgt), arms.wt.range), self.dist(f, tgt),
                     ranged=True)
            prev = tgt

    def melee_weapon(self, f: Fighter, name: str | None) -> WeaponType:
        if f.undead and name is None:
            return next((w.wt for w in f.weapons if not w.is_gun), weapons()["claws"])
        if name is not None:
            i = weapon_index(f.c, name)
            if i is not None and not f.weapons[i].is_gun:
                return f.weapons[i].wt
        held = next((w.wt for w in f.in_hand() if not w.is_gun), None)
        return held or weapons()["fists"]

    def do_fight(self, t: int, f: Fighter, card: Card, a: Action) -> None:
        """004 l.86-101; W12, WN10, WN16."""
        target = self.fighters[a.fight]
        if self.gone(t, f, card, "fight", target):
            return
        if self.dist(f, target) > melee_yards() + 1e-9:
            self.simple(t, f, card, "fight", "too_far", target=target.name)
            return
        wt = self.melee_weapon(f, a.weapon)
        attacks = [(None, wt)]
        if a.two_fisted:   # 004 l.175-182: two attacks, -2 each, the off hand -4 more
            held = [w.wt for w in f.in_hand() if not w.is_gun]
            off = held[1] if len(held) > 1 else (held[0] if held and held[0] is not wt
                                                  else weapons()["fists"])
            attacks = [("main", wt), ("off", off)]
        for hand, weapon in attacks:
            if not target.body.alive or not f.can_act:
                break
            self.blow(t, f, card, target, weapon, hand)

    def blow(self, t: int, f: Fighter, card: Card, target: Fighter, wt: WeaponType,
             hand: str | None) -> None:
        """One fightin' attack (004 l.93-98)."""
        dwt = self.melee_weapon(target, None)
        tn, dlevel, dconc = R.fightin_tn(dict(target.c.aptitudes.fightin), dwt)
        # ruled: WN28: a gun in hand is no fightin' weapon: he meets the blow unarmed
        dgun = next((w.name for w in target.in_hand() if w.is_gun), "") \
            if dwt.type == FISTS else ""
        level = f.c.aptitudes.fightin.get(wt.concentration, 0)
        die, n, unskilled = self.aptitude(f, "nimbleness", level)
        mods = list(unskilled)
        if hand:
            mods += R.two_weapon_modifiers(hand)
        if f.running:
            mods.append(R.running_modifier())
        mods += self.penalty_mods(f)
        r = roll_trait(self.dice, f.name, "fightin", die, n, mods, tn, self.strict)
        self.emit(WWFought(t, f.name, target.name, wt.name, card.code, dlevel, dconc,
                           dwt.defense, tn, note(r, f"fightin_{wt.concentration}"), r.success,
                           hand or "main", wt.type, dgun))
        if r.success:
            self.hit(t, f, target, wt, r.total, r.raises, None, 0, self.dist(f, target),
                     ranged=False)

    # ------------------------------------------------------------------ a hit
    def vamoose(self, t: int, target: Fighter, attacker: Fighter, total: int,
                ranged: bool) -> bool:
        """004 l.184-199; W11. True when the attack misses."""
        if not target.can_act or target.undead or not target.c.vamoose:
            return False
        left = target.cards_left()
        if not left:
            return False
        # "your highest remaining Action Card (including cards up your sleeve)" (004 l.188,
        # W11): ``highest`` is the least card, ``min``, because cards are ordered as the
        # Marshal calls them, the highest first (``Card``: the jokers, then Ace down to
        # Deuce, W3, WN1): the 8 of spades before the 3 of diamonds, a joker before both
        card = highest(left)
        (target.hand if card in target.hand else target.held).remove(card)
        self.deck.discard([card])
        apt = R.vamoose_aptitude("ranged" if ranged else "melee")
        if apt == "dodge":
            level, trait = target.c.aptitudes.dodge, "nimbleness"
        else:
            level = R.fightin_level(dict(target.c.aptitudes.fightin),
                                    self.melee_weapon(target, None).concentration)[0]
            trait = "nimbleness"
        die, n, unskilled = self.aptitude(target, trait, level)
        can_move = self.pace_of(target) > 0 and not (target.body.maimed("left_leg")
                                                     and target.body.maimed("right_leg"))
        mods = unskilled + R.vamoose_modifiers(can_move, target.body.penalty)
        r = roll_trait(self.dice, target.name, "vamoose", die, n, mods, total)
        ok = r.beats(total)
        how = "parry" if not ranged else ("cover" if target.cover is not None and not self.bare(
            attacker, target) else "dodge")   # (no ducking behind it from a man at it: WN27)
        backed = None
        if can_move:
            if how == "dodge":
                target.prone = True      # ruled: WN15 (diving: hitting the ground)
            elif how == "parry":
                self.back_off(target, attacker)
                backed = target.pos
        self.emit(WWVamoosed(t, target.name, attacker.name, card.code, total,
                             note(r, apt), ok, how, backed))
        return ok

    def back_off(self, f: Fighter, away: Fighter) -> None:
        """004 l.197: parrying means backing up 1 yard."""
        d = self.dist(f, away)
        if d <= 1e-9:
            f.pos = (f.pos[0] + 1.0, f.pos[1])
        else:
            f.pos = (round(f.pos[0] + (f.pos[0] - away.pos[0]) / d, 2),
                     round(f.pos[1] + (f.pos[1] - away.pos[1]) / d, 2))
        self.place_cover(f)

    def hit(self, t: int, f: Fighter, target: Fighter, weapon: Arms | WeaponType, total: int,
            raises: int, called: str | None, increments: int, yards: float,
            ranged: bool) -> None:
        wt = weapon.wt if isinstance(weapon, Arms) else weapon
        if self.vamoose(t, target, f, total, ranged):
            return
        # location (W7; 004 l.105-117, l.138)
        roll = moved = side_die = None
        if called:
            loc, side = R.called_location(called)
        else:
            roll = roll_die(self.dice, f.name, "location", 20, explode=False).total
            moved = R.shift_location(roll, raises, f.c.aim)
            loc = R.location_of(moved)
            side = None
            if R.needs_side(loc):
                side_die = roll_die(self.dice, f.name, "side", rules()["location"]["side_die"],
                                    explode=False).total
                side = R.side_of(side_die)
            moved = moved if moved != roll else None
        result = "hit"
        track = R.track_of(loc, side)
        if target.prone and ranged and R.prone_protects(loc, yards):
            result = "prone_miss"
        elif track in target.c.missing:
            result = "missing_limb"
        self.emit(WWHitLocated(t, f.name, target.name, roll, raises if not called else 0, moved,
                               side_die, loc, side, called, result))
        if result != "hit":
            return
        if called in ("left_hand", "right_hand") and self.disarm(t, f, target, side):
            return
        strength = f.trait("strength") if wt.strength else None
        groups = R.damage_dice(wt, loc, increments, strength)
        # cover (004 l.119-128; W9)
        if ranged and target.cover is not None and loc in target.cover.covers and \
                not self.bare(f, target):
            d = roll_die(self.dice, f.name, "deflect", rules()["cover"]["die"], explode=False).total
            armor = target.cover.armor_value
            if R.deflected(d):
                self.emit(WWCoverStruck(t, target.name, target.cover_name or "cover", d, True,
                                        armor, ()))
                return
            lowered = [(n, R.lowered_die(die, armor)) for n, die in groups]
            self.emit(WWCoverStruck(t, target.name, target.cover_name or "cover", d, False, armor,
                                    tuple((die, low or 0) for (n, die), (_, low) in
                                          zip(groups, lowered))))
            groups = lowered
        rolled = []
        for n, die in groups:
            dice = roll_damage(self.dice, f.name, n, die)
            if dice:
                rolled.append(DiceNote(die, tuple(d.faces for d in dice)))
        total_dmg = sum(sum(sum(fs) for fs in g.faces) for g in rolled)
        self.damage(t, f, target, wt, rolled, total_dmg, track)

    def in_the_hand(self, f: Fighter, side: str) -> Arms | None:
        """What his ``side`` hand holds (ruled: WN22): the first weapon in hand is in the
        right hand, the second in the left; a two-handed weapon is in both."""
        held = f.in_hand()
        if held and held[0].two_handed:
            return held[0]
        if side == "right":
            return held[0] if held else None
        return held[1] if len(held) > 1 else None

    def disarm(self, t: int, f: Fighter, target: Fighter, side: str) -> bool:
        """004 l.136 ("shoot the gun out of someone's hand"); ruled: WN23: a called shot at a
        hand that hits strikes what the hand holds: it is knocked from his hand to his feet
        and he takes no damage. True when it did; a hand holding nothing takes the hit as
        its arm (the caller rolls the damage)."""
        arms = self.in_the_hand(target, side)
        if arms is None:
            return False
        arms.in_hand, arms.dropped = False, True
        self.emit(WWDisarmed(t, f.name, target.name, arms.name, side))
        return True

    def damage(self, t: int, f: Fighter, target: Fighter, wt: WeaponType,
               rolled: list[DiceNote], total: int, track: str) -> None:
        """W8, W12 (fists), W16, W20(b), W19, W10."""
        body = target.body
        size = body.size
        if wt.wind_only:
            lost = 0 if target.undead else total
            winded = body.lose_wind(lost) if lost else False
            self.emit(WWDamage(t, f.name, target.name, wt.name, tuple(rolled), total, size, 0,
                               None, 0, track, body.levels[track], body.levels[track], None, (),
                               lost, body.wind, winded, False, True, None, target.undead))
            return
        wounds = R.wounds_from(total, size)
        level = body.levels[track]
        deadly = track in ("guts", "noggin") and level + wounds >= 5 and not (
            target.undead and track == "guts")
        chip = None if target.undead else R.chip_to_spend(target.chips, wounds, level, deadly)
        negated = 0
        if chip:
            target.chips[chip] -= 1
            negated = min(wounds, R.chip_negates(chip))
        w = wounds - negated
        before, after, effect = body.take_wounds(track, w)
        dropped = None
        if effect == "drops":   # ruled: WN22 (the first weapon in hand is in the right hand)
            held = target.in_hand()
            lost_arms = None
            if held and (held[0].two_handed or track == "right_arm"):
                lost_arms = held[0]
            elif len(held) > 1:
                lost_arms = held[1]
            if lost_arms is not None:
                lost_arms.in_hand = False
                dropped = lost_arms.name
        elif effect == "falls":
            target.prone = True
        wind_faces: tuple[int, ...] = ()
        lost = 0
        winded = False
        if not target.undead and body.alive:
            n = R.wind_dice(w, total)
            wind_faces = tuple(roll_die(self.dice, target.name, "wind", rules()["wind"]["die"],
                                        explode=False).total for _ in range(n))
            lost = sum(wind_faces)
            winded = body.lose_wind(lost)
        self.emit(WWDamage(t, f.name, target.name, wt.name, tuple(rolled), total, size, wounds,
                           chip, negated, track, before, after, effect, wind_faces, lost,
                           body.wind, winded, not body.alive, False, dropped, target.undead))
        if w > 0 and target.can_act and not target.undead:
            level_, die = target.trait("vigor")
            r = roll_trait(self.dice, target.name, "stun", die, level_, self.penalty_mods(target),
                           R.stun_tn(w))
            stunned = not r.success
            lost_cards: tuple[str, ...] = ()
            if stunned:
                lost_cards = tuple(c.code for c in sorted(target.cards_left()))
                self.deck.discard(target.cards_left())
                target.hand, target.held = [], []
            self.emit(WWStun(t, target.name, note(r, "vigor"), stunned, lost_cards))

    # ------------------------------------------------------------------ status
    def status_note(self, f: Fighter) -> WWStatusNote:
        cond = "fled" if f.fled else f.body.condition
        return WWStatusNote(f.name, f.side, cond, tuple(f.body.levels.items()), f.body.wind,
                            f.body.wind_max, tuple((k, v) for k, v in f.chips.items()),
                            tuple((w.name, w.loaded, w.wt.shots) for w in f.guns()),
                            f.pos, f.cover_name, f.prone, f.undead, f.body.penalty)

    def status(self, f: Fighter) -> CharacterStatus:
        """The shared status record (maps, play-by-post state): each wounded track as a wound
        note (its level name), ``wound_points`` the wound levels summed, ``capacity`` the
        Wind left."""
        wounds = tuple(WoundNote(tr, R.level_name(lv), lv) for tr, lv in f.body.levels.items()
                       if lv and tr not in f.c.missing)
        guns = tuple(WeaponNote(w.name, w.loaded, w.wt.shots,
                                "jammed" if w.jammed else "ready" if w.loaded else "empty")
                     for w in f.guns())
        cond = "fled" if f.fled else {"winded": "passed_out"}.get(f.body.condition,
                                                                   f.body.condition)
        return CharacterStatus(f.name, f.side, cond, wounds, sum(w.wound_points for w in wounds),
                               f.body.wind, guns,
                               f.pos, f.cover_name, False, f.prone)
