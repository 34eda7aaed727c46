"""conformance.reference == scikit-learn for the ranking metrics (Hypothesis).

Each test draws a relevance or indicator matrix, scores and keywords, calls both
implementations and requires the same outcome: values equal under the corpus comparator,
or both raising with a compatible built-in exception class.  The draws cover what the
corpus does not: random matrices up to 12 × 8, scores on a coarse grid (ties in most rows)
or continuous, relevances graded, fractional, negative or 0/1/2, weights of either sign,
now and then a mismatched width, row count or weight vector.  ``ignore_ties=True`` is drawn
on rows of distinct scores only: on ties the order is numpy's argsort's (docs/decisions/0026).
"""

from __future__ import annotations

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

from test_reference_clustering_vs_sklearn import _outcome
from test_reference_vs_sklearn import RTOL, ATOL, _builtin_bases, _plain
import conformance.reference as ref
from conformance.compare import compare

GAINS = ["dcg_score", "ndcg_score"]
LABELS = ["label_ranking_average_precision_score", "label_ranking_loss", "coverage_error"]


def assert_same(function, *args, **kwargs):
    ok_sk, expected = _outcome(getattr(skm, function), args, kwargs)
    ok_ref, actual = _outcome(getattr(ref, function), args, kwargs)
    call = f"{function}({args!r}, **{kwargs!r})"
    if ok_sk and ok_ref:
        result = compare(_plain(expected), _plain(actual), rtol=RTOL, atol=ATOL)
        assert result, f"{call}: {result.reason}\n  scikit-learn: {expected!r}\n  reference:    {actual!r}"
    elif not ok_sk and not ok_ref:
        assert isinstance(actual, _builtin_bases(expected)), f"{call}: {expected!r} vs {actual!r}"
    else:
        raise AssertionError(f"{call}: scikit-learn {'returned' if ok_sk else 'raised'} {expected!r}, "
                             f"the reference {'returned' if ok_ref else 'raised'} {actual!r}")


@st.composite
def matrices(draw, gains: bool):
    n, m = draw(st.integers(1, 12)), draw(st.integers(1, 8))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["graded", "binary", "fractional", "negative", "zero-two"] if gains else
                                ["binary", "binary", "zero-two", "one-two", "graded"]))
    t = {"graded": lambda: rng.integers(0, 4, (n, m)).astype(float),
         "binary": lambda: rng.integers(0, 2, (n, m)).astype(float),
         "fractional": lambda: rng.integers(0, 8, (n, m)) / 4,
         "negative": lambda: rng.integers(-2, 3, (n, m)).astype(float),
         "zero-two": lambda: 2.0 * rng.integers(0, 2, (n, m)),
         "one-two": lambda: 1.0 + rng.integers(0, 2, (n, m))}[kind]()
    distinct = draw(st.booleans())
    if distinct:
        s = np.argsort(rng.random((n, m)), axis=1) * draw(st.sampled_from([0.5, 1e300, 1e-300])) + \
            draw(st.sampled_from([0.0, 1e12]))
        s = s if np.all([np.unique(r).size == m for r in s]) else np.argsort(rng.random((n, m)), axis=1) / 2
    else:
        s = rng.integers(-3, 4, (n, m)) / 2
    w = None
    if draw(st.booleans()):
        w = rng.integers(-1, 4, n) / 2
    odd = draw(st.integers(0, 11))
    if odd == 0:
        s = s[:, : max(1, m - 1)]
    elif odd == 1:
        s = np.hstack([s, s[:, :1] + 0.25])
    elif odd == 2 and n > 1:
        s = s[:-1]
    elif odd == 3 and w is not None:
        w = np.append(w, 1.0)
    return t, s, w, distinct


@pytest.mark.parametrize("metric", GAINS)
@settings(max_examples=150, deadline=None)
@given(call=matrices(gains=True), k=st.sampled_from([None, 1, 2, 3, 9]), base=st.sampled_from([2, 10, 0.5, 1]),
       ignore_ties=st.booleans())
def test_gains(metric, call, k, base, ignore_ties):
    t, s, w, distinct = call
    kwargs = {"k": k, "sample_weight": w, "ignore_ties": ignore_ties and distinct}
    if metric == "dcg_score":
        kwargs["log_base"] = base
    assert_same(metric, t, s, **kwargs)


@pytest.mark.parametrize("metric", LABELS)
@settings(max_examples=150, deadline=None)
@given(call=matrices(gains=False))
def test_labels(metric, call):
    t, s, w, _ = call
    assert_same(metric, t, s, sample_weight=w)


@pytest.mark.parametrize("metric", GAINS + LABELS)
@settings(max_examples=30, deadline=None)
@given(v=st.lists(st.integers(0, 1), min_size=1, max_size=6))
def test_vectors_are_refused_alike(metric, v):
    assert_same(metric, np.array(v, dtype=float), np.arange(len(v), dtype=float))
