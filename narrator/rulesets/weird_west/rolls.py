"""Weird West dice: exploding dice, keep-highest trait and aptitude rolls, bust and raises,
and summed damage dice (errata W1, W2; 004 l.64).

Every die is rolled through the project's dice module (``narrator.dice``), asked for by *who*
and *purpose*, so seeds, scripted dice and play-by-post replays work as in the other rulesets.
A die that shows its top face "aces": it is rolled again (same who and purpose) and added,
as often as it aces.

Purposes rolled here (``PURPOSES``): ``quickness`` (W3), ``shootin`` (004 l.63-64, fanning
too), ``fightin`` (l.97-98), ``vamoose`` (l.188-199, dodge or fightin'), ``stun`` (Vigor, W10),
``quick_draw`` (W17), ``damage`` (W8), ``wind`` (W8), ``location`` (W7), ``side`` (l.113),
``deflect`` (l.123-125), ``cards`` (the deck, ``narrator.rulesets.weird_west.cards``).

May import: narrator.dice, narrator.events (Modifier), narrator.rulesets.weird_west.tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.dice import Dice
from narrator.events import Modifier
from narrator.rulesets.weird_west.tables import DIE_TYPES, rules

PURPOSES = ("cards", "quickness", "shootin", "fightin", "vamoose", "stun", "quick_draw",
            "damage", "wind", "location", "side", "deflect")


@dataclass(frozen=True)
class Die:
    """One die as rolled: ``faces`` every face it showed; all but the last are its top face
    (aces), so a die that aced twice on a d6 is ``(6, 6, 3)``.

    Attributes:
        sides: the die type (4, 6, 8, 10, 12 or 20).
        faces: the faces shown, in order; never empty.
    """

    sides: int
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        """The sum of the faces (W2: ace, roll again and add)."""
        return sum(self.faces)

    @property
    def aces(self) -> int:
        """How many times it aced."""
        return len(self.faces) - 1

    @property
    def natural_one(self) -> bool:
        """It showed 1 on its first face (W2: what a bust counts)."""
        return self.faces[0] == 1


def roll_die(dice: Dice, who: str, purpose: str, sides: int, explode: bool = True) -> Die:
    """Roll one die of ``sides`` faces for ``who`` and ``purpose``; with ``explode`` it aces
    (W2): while it shows ``sides`` it is rolled again and added.

    Raises:
        DiceError: from the dice module (scripted dice exhausted or out of range).
    """
    faces = [dice.roll(who, purpose, sides)]
    while explode and faces[-1] == sides:
        faces.append(dice.roll(who, purpose, sides))
    return Die(sides, tuple(faces))


@dataclass(frozen=True)
class TraitRoll:
    """A trait or aptitude roll (W2): every die rolled, the best single die kept.

    Attributes:
        purpose: the dice purpose it was rolled under.
        dice: the dice, in the order rolled (at least one).
        modifiers: named terms added to the kept die (wound penalty, range...).
        tn: the target number it is rolled against.
        strict: it must beat the TN, not meet it (W12 option ``melee_must_exceed``).
    """

    purpose: str
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...]
    tn: int
    strict: bool = False

    @property
    def kept_index(self) -> int:
        """Index of the kept die: the highest total, the first of equals."""
        best = max(d.total for d in self.dice)
        return next(i for i, d in enumerate(self.dice) if d.total == best)

    @property
    def kept(self) -> Die:
        return self.dice[self.kept_index]

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def total(self) -> int:
        """The kept die plus every modifier (W2)."""
        return self.kept.total + self.modifier_total

    @property
    def ones(self) -> int:
        return sum(1 for d in self.dice if d.natural_one)

    @property
    def bust(self) -> bool:
        """More than half the dice show a natural 1 (W2; one die showing 1 busts)."""
        return 2 * self.ones > len(self.dice)

    @property
    def success(self) -> bool:
        """Meets (or, ``strict``, beats) the TN and is no bust (004 l.64; W2)."""
        if self.bust:
            return False
        return self.total > self.tn if self.strict else self.total >= self.tn

    @property
    def raises(self) -> int:
        """Each full 5 over the TN (W2); 0 on a failure."""
        return raises(self.total, self.tn) if self.success else 0

    def beats(self, total: int) -> bool:
        """This roll beats another roll's total: strictly more and no bust (004 l.194-195)."""
        return not self.bust and self.total > total


def raises(total: int, tn: int) -> int:
    """Full 5s over the TN (W2): ``(total - tn) // 5`` when ``total >= tn``, else 0."""
    return (total - tn) // rules()["roll"]["raise_step"] if total >= tn else 0


def roll_trait(dice: Dice, who: str, purpose: str, die: int, count: int,
               modifiers: list[Modifier] | tuple[Modifier, ...] = (), tn: int = 5,
               strict: bool = False) -> TraitRoll:
    """Roll ``count`` dice of type ``die`` (W1, W2), all acing, keep the best.

    Args:
        die: the die type, one of 4, 6, 8, 10, 12.
        count: how many dice, at least 1.
        modifiers: terms added to the kept die.
        tn: the target number.
        strict: success needs more than the TN.

    Raises:
        ValueError: a die type or count the rules do not have.
        DiceError: from the dice module.
    """
    if die not in DIE_TYPES:
        raise ValueError(f"no d{die} in the Weird West (d4, d6, d8, d10, d12)")
    if count < 1:
        raise ValueError("a roll needs at least one die")
    rolled = tuple(roll_die(dice, who, purpose, die) for _ in range(count))
    return TraitRoll(purpose, rolled, tuple(modifiers), tn, strict)


def aptitude_dice(level: int, trait_level: int) -> tuple[int, list[Modifier]]:
    """How many dice an aptitude rolls and its unskilled term (W1): ``level`` dice of the
    trait's die type; level 0 rolls the trait's own ``trait_level`` dice at -4."""
    if level > 0:
        return level, []
    return trait_level, [Modifier("unskilled", rules()["aptitudes"]["unskilled"])]


def roll_damage(dice: Dice, who: str, count: int, die: int | None,
                purpose: str = "damage") -> tuple[Die, ...]:
    """Roll ``count`` damage dice of type ``die``; they ace and are summed (W2, W8).
    ``die`` None (lowered below d4 by Armor, W9) rolls nothing."""
    if die is None or count <= 0:
        return ()
    return tuple(roll_die(dice, who, purpose, die) for _ in range(count))


def dice_total(rolled: tuple[Die, ...]) -> int:
    """The sum of summed dice (damage)."""
    return sum(d.total for d in rolled)
