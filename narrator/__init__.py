"""narrator: Western gunfight scenarios in, play-by-post write-ups out.

The pipeline is ``scenario.yaml -> Scenario -> engine(ruleset, dice) -> events ->
render(templates) -> post``. See ``../shared/DESIGN.md``.
"""

__version__ = "0.1.0"
