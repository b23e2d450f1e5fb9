"""The Violence ruleset (source 003, ruled in errata.md "Violence"): rules, data, engine."""
