"""Teaching-mode wording: distances as a GM says them, source citations only on request.

May import: the standard library.
"""

from __future__ import annotations

import math
import re

#: A source line citation as the scenarios and rulings write it: "(l.768)", "(003 l.46)",
#: "(l.597, 609, 635, 691)", "(003 l.76-78)".
_CITATION = re.compile(r"\s*\((?:\d{3}\s+)?l\.\s?\d+(?:\s*[-\u2013,]\s*\d+)*\)")


def uncite(text: str, keep: bool = False) -> str:
    """``text`` without its source line citations, unless ``keep`` (the ``--cite`` option).

    >>> uncite("the example gives these numbers (l.768)")
    'the example gives these numbers'
    """
    return str(text) if keep else _CITATION.sub("", str(text))


def source(ref: str, keep: bool) -> str:
    """`` (ref)`` when citations are asked for (``--cite``), else nothing."""
    return f" ({ref})" if keep else ""


def gm_distance(yards: float, edges: tuple = (), feet: bool = True, others: tuple = (),
                feet_only: bool = False) -> str:
    """A distance the way a GM says it in prose, from an exact one in yards.

    Under 10 yards in feet, to the foot ("about 10 feet" for 3.3 yards); 10 to 20 yards to
    the yard; 20 to 50 to the nearest 5 ("about 40 yards" for 40.5); beyond, to the nearest
    10. Halves go up. "about" is left out
    when the rounding changes nothing ("40 yards" for 40). The exact figure belongs in the
    rolls block; the range band, which is what the rules use, is named beside it.

    ``edges``: the (lower, upper) limits in yards of the shot's range band (lower < yards <=
    upper; a shot event's ``edges``). A distance the rounding would put on or across a limit
    is said against it instead, so the prose never contradicts the band named beside it: "just
    over 20 yards" for 20.4 (or 22) in a band above 20, "just under 60 yards" for 58 in a band
    that ends at 60, "60 yards" at 60; the limit said as the table gives it ("just under 24
    yards" for 23.5 in a band that ends at 24, never "just under about 25 yards").

    >>> gm_distance(40.5), gm_distance(3.3), gm_distance(40), gm_distance(72.1)
    ('about 40 yards', 'about 10 feet', '40 yards', 'about 70 yards')
    >>> gm_distance(20.4, (20, 50)), gm_distance(58, (20, 60)), gm_distance(60, (20, 60))
    ('just over 20 yards', 'just under 60 yards', '60 yards')
    >>> gm_distance(23.5, (2, 24)), gm_distance(22.4, (22, 75))
    ('just under 24 yards', 'just over 22 yards')

    ``feet``: False for a ruleset whose write-up tells every distance in yards (Boot Hill,
    Violence, Weird West: their ranges, moves and reach are yards; the templates' filter
    passes the ruleset's ``Ruleset.feet``, True for Gaslight only): under 10 yards to the
    yard instead.

    >>> gm_distance(8.06, feet=False), gm_distance(1, feet=False)
    ('about 8 yards', '1 yard')

    Under a yard (under a foot in feet): "less than a yard", never "about 0 yards" (nor
    "about 1 yard" of 0.6, which reads as a full yard); within a twentieth of it, "1 yard" as
    before.

    >>> gm_distance(0.2, feet=False), gm_distance(0.6, feet=False), gm_distance(0.2)
    ('less than a yard', 'less than a yard', 'less than a foot')
    >>> gm_distance(0.1, feet_only=True), gm_distance(0.5, feet_only=True)
    ('less than a foot', 'about 2 feet')

    ``feet_only``: every distance in feet, as a ruleset whose rules measure in feet tells
    them (Gaslight: its shots, moves and ranges are feet, so a GM's move is too, never "15
    yards" in a post of feet): under 10 yards to the foot, then to the nearest 5 feet below
    60 feet, 10 below 150, else 50.

    >>> gm_distance(15, feet_only=True), gm_distance(3.3, feet_only=True)
    ('45 feet', 'about 10 feet')
    >>> gm_distance(40.5, feet_only=True), gm_distance(72.1, feet_only=True)
    ('about 120 feet', 'about 200 feet')
    >>> gm_distance(20.4, (20, 50), feet_only=True)
    'just over 60 feet'

    ``others``: the bands' edges of other shots between the same two men at the same distance
    (a return shot in the same count): when one of them says the distance against its limit,
    this one says it so too, one wording for one distance ("just under 30 yards" both ways,
    never "about 30 yards" one way). Said against a limit of another band, the words never
    contradict this shot's band (its own limits are further off, or it would have said so).

    >>> gm_distance(29.3, (25, 50)), gm_distance(29.3, (25, 50), others=((10, 30),))
    ('about 30 yards', 'just under 30 yards')
    """
    for band in (edges, *others):
        if band:
            lower, upper = band
            said = _said(yards, feet, feet_only)
            if lower and said[0] <= lower < yards:
                return "just over " + _limit(lower, feet, feet_only)
            if said[0] >= upper > yards:
                return "just under " + _limit(upper, feet, feet_only)
    return _said(yards, feet, feet_only)[1]


def _limit(yards: float, feet: bool = True, feet_only: bool = False) -> str:
    """A band's limit in words, as exact as the table gives it (never "about": "just under
    about 25 yards" hedges twice, and a limit of 24 yards is not about 25): "24 yards", "6
    feet" under 10 yards (the unit ``_said`` uses there; ``feet_only``: always feet)."""
    if feet_only or (yards < 10 and feet):
        n = round(yards * 3, 1)
        return f"{n:g} {'foot' if n == 1 else 'feet'}"
    n = round(yards, 1)
    return f"{n:g} {'yard' if n == 1 else 'yards'}"


def _said(yards: float, feet: bool = True, feet_only: bool = False) -> tuple[float, str]:
    """(the rounded distance in yards, its words) for ``gm_distance`` (``feet``: under 10
    yards in feet, else to the yard; ``feet_only``: in feet at any distance)."""
    if feet_only and yards >= 10:
        feet = yards * 3
        step = 5 if feet < 60 else (10 if feet < 150 else 50)
        said = step * math.floor(feet / step + 0.5)
        exact = abs(feet - said) < 0.05
        return said / 3, (f"{said} feet" if exact else f"about {said} feet")
    if yards < 0.95 and not feet:  # never "about 0 yards" (a fresh user, session 21: a shot
        return 0, "less than a yard"  # at 0.2 yd), nor "about 1 yard" of 0.6 (0.96: "1 yard")
    if yards * 3 < 0.95 and feet:
        return 0, "less than a foot"
    if yards < 10 and not feet:
        said = math.floor(yards + 0.5)
        unit = "yard" if said == 1 else "yards"
        exact = abs(yards - said) < 0.05
        at = said
    elif yards < 10:
        feet = yards * 3
        said = math.floor(feet + 0.5)
        unit = "foot" if said == 1 else "feet"
        exact = abs(feet - said) < 0.05
        at = said / 3
    else:
        step = 1 if yards < 20 else (5 if yards < 50 else 10)
        said, unit = step * math.floor(yards / step + 0.5), "yards"
        exact = abs(yards - said) < 0.05
        at = said
    return at, (f"{said} {unit}" if exact else f"about {said} {unit}")


def shown_modifiers(mods, keep: bool = False) -> list:
    """The modifiers worth naming in prose: without ``--cite`` (``keep`` False), a modifier
    that a house rule or GM ruling brings to 0 is left out (the list of rulings in force at
    the head of the write-up says why); the total is the same either way.

    Shapes: ``mods`` a sequence of ``narrator.events.Modifier``; returns a list of them.
    """
    return [m for m in mods
            if keep or not (m.value == 0 and m.source in ("ruling", "house rule"))]


_COUNT = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight", 9: "nine", 10: "ten"}
_TIMES = {2: "twice", 3: "three times"}


def wound_groups(wounds, location_label=lambda x: x) -> list[str]:
    """A status line's wounds, grouped by severity in the order first taken: "three light
    wounds (abdomen twice, left leg)", "a serious wound (chest)".

    Shapes: ``wounds`` a sequence with ``.severity`` (scratch, light, serious, mortal) and
    ``.location`` (a Table 11 location key); ``location_label`` turns a key into words.
    Returns one phrase per severity.
    """
    by_severity: dict[str, dict[str, int]] = {}
    for w in wounds:
        places = by_severity.setdefault(w.severity, {})
        places[w.location] = places.get(w.location, 0) + 1
    phrases = []
    for severity, places in by_severity.items():
        k = sum(places.values())
        noun = ("scratch" if severity == "scratch" else f"{severity} wound") + (
            ("es" if severity == "scratch" else "s") if k > 1 else "")
        where = ", ".join(location_label(p) + (f" {_TIMES.get(m, f'{m} times')}" if m > 1 else "")
                          for p, m in places.items())
        phrases.append(f"{_COUNT.get(k, str(k))} {noun} ({where})")
    return phrases
