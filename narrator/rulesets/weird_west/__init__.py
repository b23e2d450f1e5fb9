"""The Weird West ruleset (``weird-west``, source 004): action cards, exploding dice, raises,
hit locations, Wind, vamoosing. The rules are pure functions (``rolls``, ``cards``,
``rules``) over the numbers in ``data/`` (``tables``)."""
