"""The README's test command, and ``pytest -q`` (a habit), end with the pass/fail count.

pyproject's ``addopts`` once held ``-q``; a user's own ``-q`` then made ``-qq``, at which
pytest prints no summary line at all, so a run gave dots and nothing else."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT

ONE = "tests/test_dice.py::test_the_seeded_streams_are_fixed"


def test_pytest_q_prints_the_summary_line():
    """(``python -m pytest`` without ``-q`` prints it at any verbosity above -2.)"""
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", ONE],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"^=*\s*1 passed\b.* in [\d.]+s", r.stdout, re.M), r.stdout
