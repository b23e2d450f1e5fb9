"""Whose a weapon's name says it is: "Pa's shotgun" is Pa's, "Colt's Navy" is nobody's.

One rule for the write-ups (``narrator.render.inflection``: no "his" before "Pa's shotgun")
and the engines (Boot Hill names a thrown weapon another man picks up for its thrower,
"Alf's knife", never "Alf's Pa's knife"):

A name opening on a possessive (its first three words at most: "Pa's shotgun", "Uncle
Jim's Sharps rifle", "Doc’s Colt", HTML's "Pa&#39;s shotgun", "Jesus' rifle") says its
owner, unless the possessive's last word is a maker's or a pattern's name (``MAKERS``:
"Colt's Navy", "Sharps' rifle", "Sam Colt's revolver", "Bowie's knife"): a maker is no
owner. (Ruled here, the rules texts being silent on names: a GM writes an owner who may
be out of the fight, a dead brother's "Jim's rifle", so any other possessive counts as an
owner; the makers of the period's guns and knives are a closed list, an owner's name is
not. A kin word before a maker's name makes it an owner again: "Uncle Colt's shotgun".)

May import: the standard library.
"""

from __future__ import annotations

import functools
import re

#: Makers of the period's guns and knives and the patterns named for a man, as a GM may
#: write them in a weapon's name with a possessive ("Colt's Navy", "Remington's New Model
#: Army"): those the rulesets' weapon tables name (``data/weapons.toml``: Colt, Remington,
#: Winchester, Sharps, Webley, Enfield, Martini, Metford, Derringer, Bowie's knife), and
#: other gun and knife makers of 1850-1900 (Spencer, Tranter, Greener, Purdey, LeMat,
#: Springfield, Smith & Wesson, Hawken, Marlin, Maynard, Burnside, Gatling, Mauser...).
#: Names also common as men's names (Smith, Henry, Adams, Lee, Allen) are left out: a GM's
#: "Henry's rifle" is more likely a man's.
MAKERS = frozenset({
    "colt", "remington", "winchester", "sharps", "spencer", "webley", "enfield", "tranter",
    "greener", "purdey", "deringer", "derringer", "lemat", "springfield", "martini",
    "wesson", "hawken", "marlin", "maynard", "burnside", "gatling", "mauser", "lefaucheux",
    "beaumont", "hotchkiss", "peabody", "ballard", "merwin", "bowie", "volcanic", "starr",
    "whitney", "savage", "metford", "manton", "kerr",
})
#: Kin words: before a maker's name they make it a man's ("Uncle Colt's shotgun").
KIN = frozenset({"pa", "ma", "papa", "mama", "pappy", "mammy", "daddy", "dad", "mother",
                 "father", "grandpa", "grandma", "granny", "gramps", "grandad", "uncle",
                 "aunt", "auntie", "cousin", "brother", "sister", "son", "old"})

_OWNED = re.compile(r"^((?:[^\s']+ ){0,2}?[A-Za-z][\w.-]*?(?:'s|’s|&#39;s|&#x27;s|s'|s’))"
                    r" +(\S.*)$")
_POSSESSIVE_END = re.compile(r"(?:'s|’s|&#39;s|&#x27;s|'|’)$")


@functools.lru_cache(maxsize=512)
def owned_weapon(name: str) -> tuple[str, str] | None:
    """A weapon's name split at its owner's possessive, ``("Pa's", "shotgun")``, or None
    for a name that says no owner ("Colt", "Winchester '73", "Pa's" alone, a maker's
    "Colt's Navy"; see the module's rule)."""
    m = _OWNED.match(name)
    if m is None:
        return None
    words = m.group(1).split()
    last = _POSSESSIVE_END.sub("", words[-1]).lower()
    if last in MAKERS and not (len(words) > 1 and words[0].lower() in KIN):
        return None
    return m.group(1), m.group(2)
