"""The Gaslight ruleset (source 002, a d20 firearms chapter of about 1890, ruled in errata.md
"Gaslight" G1-G18): data files, rules as pure functions, and the dice they draw."""
