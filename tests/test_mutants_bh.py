"""Tests that kill surviving mutants of the Boot Hill state, events, labels, tactics and kernel.

Each test names the mutant it kills (mutmut name) and the rule it pins, with the source.
"""
