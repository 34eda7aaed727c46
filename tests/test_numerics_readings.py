"""The numerics cases tell apart every numerical misreading they are tagged with.

generators/numerics/readings.py models, in numpy, the metrics the numerics family uses:
as scikit-learn computes them, and under misreadings that are right on paper and wrong
in arithmetic (float32, a one-pass variance, an expanded square, a rescaled or flushed
sum of squares, a running mean, count products in 32- or 64-bit integers, class ids as
float32).  A reading no case catches is a hole in the corpus; a case tagged
wrong-reading-<name> that does not catch <name> is a false claim.  The plain model, the
reference and the regression family's plain-Python model in three summation orders must
agree with every case, so no expected value here depends on summation order
(docs/decisions/0005-regression-tolerance.md).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from conformance.corpus import load_corpus
from generators.numerics import readings

TOLERANCE = {"rtol": 1e-9, "atol": 1e-12}


@pytest.fixture(scope="module")
def checked():
    corpus = load_corpus()
    raw = [c.raw for c in corpus if "numerics" in c.tags]
    assert raw, "no numerics-family cases in the bundled corpus"
    return readings.check(raw, corpus.tolerance)


def test_every_reading_is_caught_and_every_tag_is_true(checked):
    problems, _ = checked
    assert problems == []


@pytest.mark.parametrize("name", sorted(readings.READINGS))
def test_reading_is_caught(checked, name):
    _, caught = checked
    assert caught.get(name), f"no corpus case catches the wrong reading {name!r}"


# R^2 of [1, 2, 3] against [1, 2, 4]: 1 - 1/2.  Small integers: every reading gets it right.
SMALL = {"id": "r2_score/x", "metric": "r2_score", "inputs": {"y_true": [1.0, 2.0, 3.0], "y_pred": [1.0, 2.0, 4.0]},
         "params": {}, "expected": {"value": 0.5}, "tags": ["numerics", "wrong-reading-one-pass-variance"]}


def test_the_check_notices_a_false_tag_and_an_uncaught_reading():
    problems, _ = readings.check([SMALL], TOLERANCE)
    assert "r2_score/x: tagged wrong-reading-one-pass-variance but does not catch it" in problems
    assert "reading int32-count-products: no case catches it" in problems


def test_a_wrong_expected_value_is_reported():
    problems, _ = readings.check([dict(SMALL, expected={"value": 0.25})], TOLERANCE)
    assert "r2_score/x: the reference disagrees with scikit-learn" in problems
    assert "r2_score/x: the plain numerics model disagrees with scikit-learn" in problems


def _run(name, metric, **inputs):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return readings.READINGS[name].run(metric, {k: np.asarray(v) for k, v in inputs.items()}, {})


def test_readings_differ_from_scikit_learn_where_they_say():
    # float32 cannot hold 1e9 + 0.5: the errors of 0.5 vanish.
    assert _run("float32-arithmetic", "mean_squared_error", y_true=[1e9, 1e9 + 1], y_pred=[1e9 + 0.5, 1e9 + 1.5]) == 0
    # A perfect prediction of 10^5 balanced labels: MCC 1, but n * n wraps in 32 and 64 bits.
    y = [0] * 50_000 + [1] * 50_000
    assert readings.plain("matthews_corrcoef", {"y_true": np.asarray(y), "y_pred": np.asarray(y)}, {}) == 1.0
    for name in ("int32-count-products", "int64-count-products"):
        assert _run(name, "matthews_corrcoef", y_true=y, y_pred=y) != 1.0
    # A running mean of two values near the top of float64 stays finite; their sum does not.
    assert _run("running-mean", "mean_absolute_error", y_true=[1.5e308, 1.7e308], y_pred=[0.0, 0.0]) == 1.6e308
