"""narrator.rows gives NumPy's own reductions (values, dtypes, first of ties) on any shape,
dtype and axis the kernels use, short axes and long."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from narrator import rows

PAIRS = [(rows.rows_any, "any"), (rows.rows_all, "all"), (rows.rows_sum, "sum"),
         (rows.rows_min, "min"), (rows.rows_max, "max"), (rows.rows_argmin, "argmin"),
         (rows.rows_argmax, "argmax")]
DTYPES = st.sampled_from([np.bool_, np.int64, np.float64])


@st.composite
def arrays_and_axis(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=7))
    dtype = draw(DTYPES)
    if dtype is np.float64:
        elements = st.sampled_from([0.0, 1.5, -2.0, 3.25, np.inf, 7.0])
    elif dtype is np.int64:
        elements = st.integers(-5, 5)
    else:
        elements = st.booleans()
    a = draw(hnp.arrays(dtype, shape, elements=elements))
    return a, draw(st.integers(-len(shape), len(shape) - 1))


@settings(max_examples=400, deadline=None)
@given(arrays_and_axis())
def test_the_reductions_are_numpys(case):
    a, axis = case
    for fn, name in PAIRS:
        got, want = fn(a, axis), getattr(a, name)(axis=axis)
        assert got.dtype == want.dtype, (name, a, axis)
        assert np.array_equal(got, want), (name, a, axis, got, want)
    got, want = rows.rows_cumsum(a, axis), np.cumsum(a, axis=axis)
    assert got.dtype == want.dtype and np.array_equal(got, want), (a, axis, got, want)


@pytest.mark.parametrize("width", [1, 2, 5, rows.SHORT, rows.SHORT + 1])
def test_short_and_long_axes_of_a_fights_array(width):
    rng = np.random.default_rng(width)
    a = rng.integers(0, 4, (3000, width))
    b = a == 0
    for fn, name in PAIRS:
        for x in (a, b):
            want = getattr(x, name)(axis=1)
            got = fn(x, 1)
            assert got.dtype == want.dtype and np.array_equal(got, want), (name, x.dtype)


def test_the_ties_go_to_the_first():
    a = np.array([[3, 1, 1, 0, 0], [2, 2, 2, 2, 2]])
    assert rows.rows_argmin(a).tolist() == [3, 0]
    assert rows.rows_argmax(a).tolist() == [0, 0]
    assert rows.rows_argmax(a == 7).tolist() == [0, 0]
