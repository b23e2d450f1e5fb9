"""``python -m narrator``: the same as the ``narrator`` console script."""

from narrator.cli import main

main()
