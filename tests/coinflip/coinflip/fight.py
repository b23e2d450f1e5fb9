"""The coin-flip engine and its one event kind, ``coin_flipped``."""

from __future__ import annotations

from typing import ClassVar

from narrator.dice import dice_log_hash
from narrator.events import (CharacterIntro, CharacterStatus, Event, FightEnded, FightLog,
                             FightStarted, TurnEnded, TurnStarted, WeaponNote, event)
from narrator.turns import TurnLoop


@event
class CoinFlipped(Event):
    """A man tossed his coin at his opponent: ``roll`` 2 is heads (the opponent falls)."""

    kind: ClassVar[str] = "coin_flipped"
    turn: int
    character: str
    target: str
    call: str
    roll: int
    heads: bool


class CoinFlipFight:
    """One duel with one set of dice (``narrator.ruleset.Fight``)."""

    def __init__(self, loaded, dice, seed: int) -> None:
        self.sc = loaded.scenario
        self.side_of = loaded.side_of
        self.dice = dice
        self.seed = seed
        self.down: set[str] = set()

    def _status(self) -> tuple[CharacterStatus, ...]:
        return tuple(CharacterStatus(c.name, side, "dead" if c.name in self.down else "active",
                                     (), 0, 1, (WeaponNote("coin", 1, 1, ""),),
                                     tuple(c.at), None, False, False)
                     for side, c in self.sc.characters())

    def _standing(self) -> tuple[str, ...]:
        return tuple(s for s in self.sc.sides
                     if any(c.name not in self.down for c in self.sc.sides[s]))

    def run(self, stop_after=None, adjustments=None) -> FightLog:
        sc = self.sc
        intros = tuple(CharacterIntro(c.name, c.short or c.name, side, c.pronoun, 1, 1, 1, 1, 1,
                                      (), ("coin",), False, tuple(c.at), None)
                       for side, c in sc.characters())
        events: list[Event] = [FightStarted(sc.title, sc.description, "coinflip", "tables",
                                            self.seed, False, tuple(sc.sides), intros, (), ())]
        loop = TurnLoop(max(len(sc.turns), sc.max_turns or 0), self.dice, stop_after)
        for turn in loop:
            events.append(TurnStarted(turn, "flip", 1, turn - 1))
            for name, fields in (adjustments or {}).get(turn, {}).items():
                if fields.get("condition") == "dead":
                    self.down.add(name)
                elif fields.get("condition") == "active":
                    self.down.discard(name)
            intents = sc.turns[turn - 1].intents if turn <= len(sc.turns) else {}
            falling = []
            for side, c in sc.characters():
                if c.name in self.down:
                    continue
                foe = next((o for s, o in sc.characters()
                            if s != side and o.name not in self.down), None)
                if foe is None:
                    continue
                roll = self.dice.roll(c.name, "flip", 2)
                call = intents[c.name].call if c.name in intents else "heads"
                events.append(CoinFlipped(turn, c.name, foe.name, call, roll, roll == 2))
                if roll == 2:
                    falling.append(foe.name)
            self.down.update(falling)
            events.append(TurnEnded(turn, self._status()))
            if loop.done(turn, len(self._standing()) <= 1):
                break
        rolls = tuple(self.dice.rolls)
        events.append(FightEnded(loop.turns, loop.turns, loop.reason, self._standing(), len(rolls),
                                 sum(1 for r in rolls if r.scripted), dice_log_hash(rolls)))
        return FightLog(tuple(events), rolls)
