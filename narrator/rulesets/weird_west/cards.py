"""Action cards (errata W3; 004 l.15, l.21-24): a 54-card deck, Quickness card counts, the
order the Marshal calls them in, sleeves, jokers and reshuffles.

The deck is drawn through the dice module, one draw a die: an unscripted draw rolls
``cards`` with as many sides as cards left in the draw pile (kept in the Marshal's order)
and takes that card, which deals a uniformly shuffled deck from the seed, turn stream by turn
stream, so ``narrator next`` deals exactly what a whole run deals. A character whose dice
script has ``cards`` (``[AS, 10H, joker_black]``) draws those cards in order: each is a
``cards`` die of 54 sides whose value is the card's place in ``CARDS`` (the scenario loader
writes it), and the card must still be in the draw pile.

May import: narrator.dice, narrator.errors, narrator.rulesets.weird_west.tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from narrator.dice import Dice, ScriptedValue
from narrator.errors import DiceError
from narrator.rulesets.weird_west.tables import rules

RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
              "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four",
              "3": "three", "2": "deuce"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True, order=True)
class Card:
    """One action card. Ordered as the Marshal calls them (W3; WN1): the black joker, the red
    joker, then Ace down to Deuce, equal ranks spades, hearts, diamonds, clubs; so ``a < b``
    means ``a`` acts first.

    Attributes:
        place: 0..53, the card's place in that order (``CARDS[place]``).
        code: "joker_black", "joker_red", or rank and suit: "AS", "10H", "2C".
    """

    place: int
    code: str

    @property
    def joker(self) -> bool:
        return self.code.startswith("joker")

    @property
    def black_joker(self) -> bool:
        """W3: a black joker reshuffles the whole deck at the end of its round."""
        return self.code == "joker_black"

    @property
    def rank(self) -> str:
        return "" if self.joker else self.code[:-1]

    @property
    def suit(self) -> str:
        return "" if self.joker else self.code[-1]

    @property
    def name(self) -> str:
        """How a write-up names it: "ace of spades", "black joker"."""
        if self.joker:
            return self.code.split("_")[1] + " joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


@cache
def _cards() -> tuple[Card, ...]:
    r = rules()["cards"]
    codes = list(r["jokers"]) + [rank + suit for rank in r["ranks"] for suit in r["suits"]]
    return tuple(Card(i, c) for i, c in enumerate(codes))


def all_cards() -> tuple[Card, ...]:
    """The 54 cards in the order they are called (W3)."""
    return _cards()


def card(code: str) -> Card:
    """The card with this code ("AS", "10h", "joker_black"; case-insensitive for rank and suit).

    Raises:
        KeyError: no such card (the message lists the form).
    """
    norm = code.strip()
    norm = norm.lower() if norm.lower().startswith("joker") else norm.upper()
    for c in _cards():
        if c.code == norm:
            return c
    raise KeyError(f"no card {code!r}: write rank and suit (AS, 10H, 2C) or joker_black, "
                   f"joker_red")


def card_codes() -> list[str]:
    return [c.code for c in _cards()]


def cards_for_quickness(bust: bool, success: bool, raises: int) -> int:
    """Cards dealt for a Quickness roll (004 l.21-22; W3): a bust 0; a failure 1 (ruled:
    everyone but a bust acts at least once); a success 1 + 1 a raise, at most 5."""
    q = rules()["quickness"]
    if bust:
        return q["bust"]
    if not success:
        return q["failure"]
    return min(q["max_cards"], q["success"] + q["per_raise"] * raises)


def call_order(hands: dict[str, list[Card]]) -> list[tuple[Card, str]]:
    """Every card in play with its holder, in the order the Marshal calls them (W3, WN1).

    The order is total: no two holders can hold one card, and cards are totally ordered."""
    return sorted((c, who) for who, cs in hands.items() for c in cs)


class Deck:
    """The fight's deck (W3): a draw pile, the discards, and what the characters hold.

    Args:
        dice: the fight's dice (draws roll purpose ``cards``).
        scripted: ``{who: [ScriptedValue(place + 1, line, column), ...]}``, the scenario's
            scripted cards (the same values as its dice script's ``cards``).
        fallback: the dice's fallback ("error" or "seeded"): what happens when a character's
            scripted cards run out.
        path: the scenario file, for located errors.

    Attributes:
        pile: the cards left to draw, in ``CARDS`` order.
        discards: the cards played or discarded since the last reshuffle.
        reshuffles: how many times the deck has been reshuffled.
    """

    def __init__(self, dice: Dice, scripted: dict[str, list[ScriptedValue]] | None = None,
                 fallback: str = "error", path: str | None = None) -> None:
        self.dice = dice
        self.scripted = scripted or {}
        self.fallback = fallback
        self.path = path
        self.pile: list[Card] = list(_cards())
        self.discards: list[Card] = []
        self.reshuffles = 0
        self._drawn: dict[str, int] = {}

    def draw(self, who: str) -> Card:
        """Deal ``who`` one card (reshuffling the discards first when the pile is empty, W3).

        Raises:
            DiceError: a scripted card already out of the pile (located at the script), a
                script run out (fallback "error"), or no card left anywhere.
        """
        if not self.pile:
            self.reshuffle_discards()
        if not self.pile:
            raise DiceError(f"no card left to deal {who}: every card is held", self.path)
        n = self._drawn.get(who, 0)
        self._drawn[who] = n + 1
        script = self.scripted.get(who)
        if script is not None and (n < len(script) or self.fallback != "seeded"):
            value = self.dice.roll(who, "cards", len(_cards()))
            c = _cards()[value - 1]
            if c not in self.pile:
                at = script[min(n, len(script) - 1)]
                raise DiceError(f"scripted card {c.code} for {who} is not in the deck: it was "
                                f"dealt since the last shuffle", self.path, at.line, at.column)
            self.pile.remove(c)
            return c
        i = self.dice.roll(who, "cards", len(self.pile))
        return self.pile.pop(i - 1)

    def discard(self, cards: list[Card] | tuple[Card, ...]) -> None:
        """Put played or dropped cards on the discards."""
        self.discards.extend(cards)

    def reshuffle_discards(self) -> None:
        """An empty pile takes the discards back (W3)."""
        self.pile = sorted(self.pile + self.discards)
        self.discards = []
        self.reshuffles += 1

    def reshuffle_all(self, held: list[Card] | tuple[Card, ...] = ()) -> None:
        """A black joker's end of round (W3): every card not ``held`` (up a sleeve, WN11)
        goes back into the pile."""
        keep = set(held)
        self.pile = [c for c in _cards() if c not in keep]
        self.discards = []
        self.reshuffles += 1


def highest(cards: list[Card] | tuple[Card, ...]) -> Card | None:
    """The highest card held (the one called first): what a vamoose spends (004 l.188,
    "your highest remaining Action Card"). ``min``, not ``max``: ``Card`` is ordered as the
    Marshal calls the cards, highest first (the jokers, then Ace down to Deuce: W3, WN1)."""
    return min(cards, default=None)
