"""Tests that kill surviving mutants of the Gaslight modules (fight, tactics, weapons, rolls, tables, events) and Violence state, tables, tactics, events.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""
