"""A coin-flip duel: the smallest ruleset there is, plugged into narrator through the
``narrator.rulesets`` entry point only (``tests/test_ruleset_plugin.py``; docs/rulesets.md).

Each flip (a turn), every man still standing tosses a coin at his opponent (the first man
standing of another side): heads, the opponent falls. The fight ends when at most one side is
standing, or after ``max_turns`` flips.
"""
