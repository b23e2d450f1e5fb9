"""Tests that kill surviving mutants of the Weird West modules (fight, state, cards, tactics, rolls, tables, events) and narrator/turns.py.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""
