"""Reductions along a short axis of NumPy arrays (fights x men, men x men), slice by slice.

NumPy reduces along a short axis slowly: ``a.any(axis=1)`` on 20,000 rows of two takes some
700 us where or-ing the two columns takes 30 (NumPy 2.4, this machine; ``a.any()`` over the
same 40,000 values takes 1). The odds kernels reduce over a fight's men, two to a few dozen,
many times a turn: these give NumPy's results (values, dtypes, ties) by combining the slices
along ``axis`` one by one, and hand an axis longer than ``SHORT`` to NumPy itself.

Arrays hold no NaN (the kernels mark "none" with inf or -1). Each function takes an array
``a`` of any shape and an ``axis`` (default the last) and returns an array of ``a``'s shape
without that axis (``rows_cumsum``: of ``a``'s shape). An axis of length 0, or a 1-D array,
goes to NumPy, which raises what it raises.

May import: numpy.
"""

from __future__ import annotations

import numpy as np

SHORT = 64   # longer axes: NumPy's own reduction (no longer slow there)


def _slices(a: np.ndarray, axis: int) -> list[np.ndarray] | None:
    """The slices of ``a`` along ``axis`` (views), or None when NumPy should reduce it."""
    n = a.shape[axis]
    if a.ndim < 2 or n == 0 or n > SHORT:   # (one row: NumPy's reduction is not slow)
        return None
    head = (slice(None),) * (axis % a.ndim)
    return [a[head + (c,)] for c in range(n)]


def rows_any(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.any(axis=axis)`` (bool)."""
    s = _slices(a, axis)
    if s is None:
        return a.any(axis=axis)
    out = s[0].astype(bool, copy=True)
    for x in s[1:]:
        np.logical_or(out, x, out=out)
    return out


def rows_all(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.all(axis=axis)`` (bool)."""
    s = _slices(a, axis)
    if s is None:
        return a.all(axis=axis)
    out = s[0].astype(bool, copy=True)
    for x in s[1:]:
        np.logical_and(out, x, out=out)
    return out


def rows_sum(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.sum(axis=axis)``: bool and int64 arrays as int64 (NumPy's sum of bools on this
    platform). Floats go to NumPy (its pairwise summation may add in another order)."""
    s = _slices(a, axis) if a.dtype.kind in "bi" else None
    if s is None:
        return a.sum(axis=axis)
    out = s[0].astype(np.int64, copy=True)
    for x in s[1:]:
        out += x
    return out


def rows_cumsum(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``np.cumsum(a, axis=axis)``: bool and int64 arrays as int64, of ``a``'s shape. Floats
    go to NumPy."""
    s = _slices(a, axis) if a.dtype.kind in "bi" else None
    if s is None:
        return np.cumsum(a, axis=axis)
    out = np.empty(a.shape, dtype=np.int64)
    head = (slice(None),) * (axis % a.ndim)
    run = s[0].astype(np.int64, copy=True)
    out[head + (0,)] = run
    for c, x in enumerate(s[1:], 1):
        run += x
        out[head + (c,)] = run
    return out


def _fold(a: np.ndarray, axis: int, ufunc: np.ufunc) -> np.ndarray:
    """``ufunc.reduce(a, axis=axis)`` for ``np.minimum``/``np.maximum`` (what ``a.min``/``a.max``
    run): the slices folded together with ``ufunc``, in ``a``'s dtype."""
    s = _slices(a, axis)
    if s is None:
        return ufunc.reduce(a, axis=axis)
    out = s[0].copy()
    for x in s[1:]:
        ufunc(out, x, out=out)
    return out


def _arg(a: np.ndarray, axis: int, compare: np.ufunc) -> np.ndarray:
    """The index (int64) along ``axis`` of the first slice value that no later one beats by
    ``compare`` (``np.less``: ``a.argmin``; ``np.greater``: ``a.argmax``)."""
    s = _slices(a, axis)
    if s is None:
        return a.argmin(axis=axis) if compare is np.less else a.argmax(axis=axis)
    best = s[0].copy()
    out = np.zeros(best.shape, dtype=np.int64)
    for c, x in enumerate(s[1:], 1):
        better = compare(x, best)
        best[better] = x[better]
        out[better] = c
    return out


def rows_min(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.min(axis=axis)``."""
    return _fold(a, axis, np.minimum)


def rows_max(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.max(axis=axis)``."""
    return _fold(a, axis, np.maximum)


def rows_argmin(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.argmin(axis=axis)`` (int64): the first of equal least values."""
    return _arg(a, axis, np.less)


def rows_argmax(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """``a.argmax(axis=axis)`` (int64): the first of equal greatest values (of a bool
    array, the first True, or 0 when none is)."""
    return _arg(a, axis, np.greater)
