"""Words the renderer needs whatever the ruleset: numbers in words. A ruleset's words for its
own terms (locations, modifiers, conditions...) are its own (``Ruleset.labels``: Boot Hill's
are in its package); templates see them as ``labels``, and the
renderer's ``loc``, ``band``, ``sev``, ``mod``, ``shot_list`` and ``wounds`` filters read them,
each falling back to the term itself.

May import: nothing from narrator.
"""

from __future__ import annotations

#: Numbers in words up to ten, as ``inflection.count`` and ``tally`` write them (one style in a
#: post: "fires eight shots", never "8 shots" beside "eight hits"); above ten, figures.
NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight", 9: "nine", 10: "ten"}
