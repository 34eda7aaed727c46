"""Ranking metrics: scikit-learn 1.9.1's ``dcg_score``, ``ndcg_score``,
``label_ranking_average_precision_score``, ``label_ranking_loss`` and ``coverage_error``
in numpy alone, vectorised over rows (no Python loop per sample).

Inputs are two (n_samples, n_items) matrices: ``y_true`` (graded relevances for DCG/NDCG,
an indicator matrix for the three label-ranking metrics) and ``y_score``; each row is
one ranking, and every metric is a (weighted) mean over rows.

Conventions, each scikit-learn's (docs/spec/ranking.md says why they matter):

* the discount of rank r (1-based) is 1 / log_base(r + 1); ``k`` zeroes the discounts past
  rank k, after sorting by score;
* with ``ignore_ties=False`` (the default) a group of tied scores shares the mean gain of
  the group over the sum of its discounts (McSherry & Najork); with ``ignore_ties=True``
  the order is numpy's ``argsort`` of the scores, reversed -- among ties that order is
  numpy's choice, not a rule (docs/decisions/0026);
* NDCG divides by the DCG of the ideal order with the same ``k``; a row whose ideal DCG
  is 0 (no relevant item) scores 0; negative relevances are refused by NDCG only;
* an item is relevant for the label-ranking metrics when its y_true entry is non-zero;
  a row with no relevant label, or only relevant labels, scores 1 under LRAP and 0 under
  the ranking loss; its coverage is 0 when it has no relevant label;
* ranks count ties pessimistically: the rank of a label is the number of labels scored
  at least as high (LRAP, coverage), and a tied (relevant, irrelevant) pair is misordered
  (ranking loss);
* the mean over rows is ``np.average`` with the sample weights, which raises
  ZeroDivisionError when they sum to 0 -- except LRAP, which divides by the sum itself
  (NaN or infinity).
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np

from conformance.reference._inputs import InvalidParameterError, averaged_weights

# Rows per block of the label-ranking metrics' (rows, items, items) comparisons: ~16M cells.
_BLOCK_CELLS = 2**24


# --- inputs ----------------------------------------------------------------------------------


def _matrix(name: str, y, *, ensure_2d: bool) -> np.ndarray:
    """scikit-learn's check_array: numeric, finite, at least one sample and one column."""
    a = np.asarray(y, dtype=float)
    if a.ndim > 2 or (ensure_2d and a.ndim != 2):
        raise ValueError(f"{name}: expected a 2-D array, got {a.ndim}-D")
    if a.shape[0] == 0 or (a.ndim == 2 and a.shape[1] == 0):
        raise ValueError(f"{name}: found an array with 0 samples or 0 features")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name}: input contains NaN or infinity")
    return a


def _weights(sample_weight, n: int):
    if sample_weight is None:
        return None
    averaged_weights(np.asarray(sample_weight))  # np.average takes them unconverted
    w = np.asarray(sample_weight, dtype=float)
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError("inconsistent numbers of samples")
    return w


def _inputs(y_true, y_score, sample_weight, *, ensure_2d: bool = False):
    t = _matrix("y_true", y_true, ensure_2d=ensure_2d)
    s = _matrix("y_score", y_score, ensure_2d=ensure_2d)
    if t.shape[0] != s.shape[0]:
        raise ValueError("y_true and y_score have inconsistent numbers of samples")
    return t, s, _weights(sample_weight, t.shape[0])


def _indicator(t: np.ndarray, *, one_column: bool = False) -> None:
    """scikit-learn's type_of_target says "multilabel-indicator": 2-D, several columns, at most two
    distinct values, all integral (so [[0, 2]] and [[5, 5]] pass: relevant means non-zero).
    ``one_column``: LRAP also takes an (n, 1) column of at most two distinct values ("binary")."""
    values = np.unique(t)
    integral = np.all(values == np.round(values))
    if t.ndim == 2 and t.shape[1] == 1 and one_column and values.size <= 2:
        return
    if t.ndim != 2 or t.shape[1] < 2 or values.size > 2 or not integral:
        raise ValueError("y_true: only a multilabel indicator matrix is supported")


def _same_shape(t, s) -> None:
    if t.shape != s.shape:
        raise ValueError("y_true and y_score have different shape")


def _check_k(k) -> None:
    if k is not None and not (isinstance(k, Integral) and k >= 1):
        raise InvalidParameterError(f"The 'k' parameter must be an int in the range [1, inf) or None. Got {k!r}.")


def _check_ties(ignore_ties) -> None:
    if not isinstance(ignore_ties, (bool, np.bool_)):
        raise InvalidParameterError(f"The 'ignore_ties' parameter must be a bool. Got {ignore_ties!r}.")


# --- DCG ---------------------------------------------------------------------------------------


def _discount(n_items: int, k, log_base) -> np.ndarray:
    # 1 / log_base(r + 1) for ranks r = 1..n_items, 0 past rank k.  log_base = 1 divides by ln 1 = 0:
    # every discount is 1/inf = 0, as in scikit-learn.
    with np.errstate(divide="ignore"):
        discount = 1 / (np.log(np.arange(n_items) + 2) / np.log(log_base))
    if k is not None:
        discount[k:] = 0
    return discount


def _dcg_rows(t: np.ndarray, s: np.ndarray, k, log_base, ignore_ties) -> np.ndarray:
    """The DCG of each row."""
    n, m = t.shape
    discount = _discount(m, k, log_base)
    if s.shape[1] != m:  # scikit-learn does not compare the widths; it fails where the arrays meet
        if ignore_ties and s.shape[1] > m:
            raise IndexError("y_score has more columns than y_true")
        raise ValueError("y_true and y_score have different numbers of columns")
    if ignore_ties:
        # scikit-learn's order exactly: argsort (numpy's default kind), reversed.
        ranking = np.argsort(s)[:, ::-1]
        return np.take_along_axis(t, ranking, axis=1) @ discount
    # Ties averaged: sort each row by decreasing score; a group of equal scores gets the mean of its
    # gains times the sum of its discounts.  Groups are found on the flattened sorted rows.
    order = np.argsort(-s, axis=1, kind="stable")
    ss = np.take_along_axis(s, order, axis=1).ravel()
    gains = np.take_along_axis(t, order, axis=1).ravel()
    first = np.ones(n * m, dtype=bool)
    first[1:] = ss[1:] != ss[:-1]
    first[::m] = True  # a group never crosses rows
    starts = np.flatnonzero(first)
    counts = np.diff(np.append(starts, n * m))
    group_gain = np.add.reduceat(gains, starts) / counts
    cum = np.cumsum(discount)
    last = (starts + counts - 1) % m  # each group's last position in its row
    lo = starts % m
    group_discount = cum[last] - np.where(lo > 0, cum[np.maximum(lo - 1, 0)], 0.0)
    row_of_group = starts // m
    return np.bincount(row_of_group, weights=group_gain * group_discount, minlength=n)


def dcg_score(y_true, y_score, *, k=None, log_base=2, sample_weight=None, ignore_ties=False):
    _check_k(k)
    if not isinstance(log_base, Real) or not log_base > 0:  # True is a Real 1, as in scikit-learn
        raise InvalidParameterError(f"The 'log_base' parameter must be a float in (0, inf). Got {log_base!r}.")
    _check_ties(ignore_ties)
    t, s, w = _inputs(y_true, y_score, sample_weight)
    if t.ndim != 2 or t.shape[1] < 2:  # type_of_target: a vector or one column is no ranking
        raise ValueError("y_true: only multilabel-indicator, continuous- or multiclass-multioutput are supported")
    return float(np.average(_dcg_rows(t, s, k, log_base, ignore_ties), weights=w))


def _ndcg_rows(t, s, k, ignore_ties) -> np.ndarray:
    gain = _dcg_rows(t, s, k, 2, ignore_ties)
    # The ideal order sorts by y_true itself; tied relevances are equal gains, so their order is moot.
    ideal = np.sort(t, axis=1)[:, ::-1] @ _discount(t.shape[1], k, 2)
    relevant = ideal != 0
    return np.where(relevant, gain / np.where(relevant, ideal, 1.0), 0.0)


def ndcg_score(y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False):
    # NDCG takes no log_base: the base cancels in the ratio.
    _check_k(k)
    _check_ties(ignore_ties)
    t, s, w = _inputs(y_true, y_score, sample_weight)
    if t.min() < 0:
        raise ValueError("ndcg_score should not be used on negative y_true values.")
    if t.ndim != 2 or t.shape[1] < 2:
        raise ValueError("Computing NDCG needs more than 1 document per row (a 2-D y_true).")
    return float(np.average(_ndcg_rows(t, s, k, ignore_ties), weights=w))


# --- label ranking ---------------------------------------------------------------------------------


def _blocks(n: int, m: int):
    step = max(1, _BLOCK_CELLS // max(1, m * m))
    for lo in range(0, n, step):
        yield slice(lo, min(n, lo + step))


def _lrap_rows(relevant: np.ndarray, s: np.ndarray) -> np.ndarray:
    n, m = s.shape
    out = np.ones(n)  # no relevant label, or all: the ranking has no meaning, the score is 1
    n_rel = relevant.sum(axis=1)
    mixed = (n_rel > 0) & (n_rel < m)
    for b in _blocks(n, m):
        r, sc = relevant[b], s[b]
        at_least = sc[:, None, :] >= sc[:, :, None]  # [row, j, l]: label l scored at least as high as j
        rank = at_least.sum(axis=2)  # j's rank, ties counted pessimistically
        relevant_above = (at_least & r[:, None, :]).sum(axis=2)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(r, relevant_above / rank, 0.0).sum(axis=1) / n_rel[b]
        out[b] = np.where(mixed[b], ratio, 1.0)
    return out


def label_ranking_average_precision_score(y_true, y_score, *, sample_weight=None):
    t, s, w = _inputs(y_true, y_score, sample_weight)
    _same_shape(t, s)
    _indicator(t, one_column=True)
    rows = _lrap_rows(t != 0, s)
    if w is None:
        return float(rows.sum() / rows.shape[0])
    # scikit-learn divides by the sum of the weights itself: 0 gives NaN or an infinity, not an error.
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.sum(rows * w) / np.sum(w))


def _misordered(relevant: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Per row, the (relevant, irrelevant) pairs whose irrelevant label is scored at least as high."""
    n, m = s.shape
    out = np.zeros(n)
    for b in _blocks(n, m):
        r, sc = relevant[b], s[b]
        wrong = (sc[:, None, :] >= sc[:, :, None]) & r[:, :, None] & ~r[:, None, :]  # [row, rel j, irrel l]
        out[b] = wrong.sum(axis=(1, 2))
    return out


def label_ranking_loss(y_true, y_score, *, sample_weight=None):
    t, s, w = _inputs(y_true, y_score, sample_weight)
    _indicator(t)
    _same_shape(t, s)
    relevant = t != 0
    n_rel = relevant.sum(axis=1)
    pairs = n_rel * (t.shape[1] - n_rel)
    # No relevant label, or all: no pair, the loss is 0.
    loss = np.where(pairs > 0, _misordered(relevant, s) / np.maximum(pairs, 1), 0.0)
    return float(np.average(loss, weights=w))


def coverage_error(y_true, y_score, *, sample_weight=None):
    t, s, w = _inputs(y_true, y_score, sample_weight, ensure_2d=True)
    _indicator(t)
    _same_shape(t, s)
    relevant = t != 0
    lowest = np.where(relevant, s, np.inf).min(axis=1, keepdims=True)  # the lowest-scored relevant label
    # How many labels are scored at least as high as it (ties count); 0 for a row with no relevant label.
    coverage = np.where(relevant.any(axis=1), (s >= lowest).sum(axis=1), 0)
    return float(np.average(coverage, weights=w))
