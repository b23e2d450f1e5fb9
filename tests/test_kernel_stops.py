"""The kernel's vectorised run to a point (``kernel.stops``) is the engine's arithmetic
(``BootHillFight.move``: ``math.dist``, ``round`` to 0.01 yard) bit for bit, on random runs
and on the edges where numpy and Python floats could part: arrivals on the edge of the
allowance and coordinates on a half hundredth."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.rulesets.boothill.kernel import stops


def engine_stop(start, target, allowance):
    """The engine's arithmetic (fight.py, ``BootHillFight.move``), one man."""
    full = math.dist(start, target)
    distance = min(full, allowance)
    pos = start
    if full <= allowance + 1e-9:
        pos = target
    elif full > 0:
        k = distance / full
        pos = (round(start[0] + (target[0] - start[0]) * k, 2),
               round(start[1] + (target[1] - start[1]) * k, 2))
    return pos, distance


def check(rows):
    start = np.array([r[0] for r in rows], dtype=float)
    target = np.array([r[1] for r in rows], dtype=float)
    allowance = np.array([r[2] for r in rows], dtype=float)
    pos, distance = stops(start, target, allowance)
    for q, (s, t, a) in enumerate(rows):
        want, dist = engine_stop(s, t, a)
        assert tuple(pos[q].tolist()) == want, (s, t, a, pos[q], want)
        # (the yards covered may differ in the last bit; the kernel reads whether he moved)
        assert (float(distance[q]) > 0) == (dist > 0) and abs(float(distance[q]) - dist) <= 1e-12 * max(1.0, dist)


def test_random_runs_stop_where_the_engine_stops():
    rng = np.random.default_rng(17)
    xy = np.round(rng.uniform(-60, 60, (20_000, 4)), 2)
    allowance = np.round(rng.choice([0.0, 1.0, 2.5, 5.0, 7.5, 10.0, 12.5, 20.0, 40.0], 20_000)
                         * rng.choice([0.25, 0.5, 1.0], 20_000), 2)
    check([((a, b), (c, d), e) for (a, b, c, d), e in zip(xy.tolist(), allowance.tolist())])


def test_the_edges_where_numpy_and_python_part():
    rows = [((0.0, 0.0), (3.0, 4.0), 5.0),            # arrives exactly on his allowance
            ((0.0, 0.0), (3.0, 4.0), 5.0 - 1e-9),     # within the slack
            ((0.0, 0.0), (3.0, 4.0), 5.0 - 2e-9),     # just past it
            ((0.0, 0.0), (0.0, 0.0), 0.0),            # nowhere to go
            ((1.0, 1.0), (9.0, 1.0), 0.0),            # no yards allowed
            ((0.0, 0.0), (1.0, 0.0), 0.125),          # 0.125 yards: a tie at 0.01
            ((0.0, 0.0), (10.0, 0.0), 2.675),         # 2.675 is just under the tie in doubles
            ((0.0, 0.0), (-10.0, 0.0), 1.005),
            ((0.1, 0.2), (0.7, 0.0), 0.3)]
    rows += [((0.0, 0.0), (100.0, 0.0), k / 1000) for k in range(1, 2000, 5)]   # every x.xx5
    check(rows)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.tuples(st.floats(-500, 500), st.floats(-500, 500)),
                          st.tuples(st.floats(-500, 500), st.floats(-500, 500)),
                          st.floats(0, 200)), min_size=1, max_size=20))
def test_any_run_stops_where_the_engine_stops(rows):
    check(rows)
