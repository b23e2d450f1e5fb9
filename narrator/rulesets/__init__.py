"""Rulesets: each a plug-in with its own rules modules and data tables.

May import: narrator.events, narrator.dice, narrator.errors.
"""

RULESETS = ("boothill",)
