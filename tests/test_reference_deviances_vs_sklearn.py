"""conformance.reference == scikit-learn for the deviances and D² scores (Hypothesis).

Each test draws targets, weights and keywords, calls both implementations and requires the same
outcome (values equal under the corpus comparator, or both raising with a compatible built-in
exception class): ``assert_same`` of test_reference_vs_sklearn.py.

The draws cover what the corpus does not: float32 and integer arrays, n up to 40 (numpy's pairwise
summation starts at 8), every Tweedie power class and values on both sides of each domain,
mixed-sign and zero-sum weights, non-1-D weights, constant targets (the zero null deviance),
ties under weighted quantiles, and probability rows that do not sum to 1.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from test_reference_vs_sklearn import assert_same

TWEEDIE = ["mean_tweedie_deviance", "mean_poisson_deviance", "mean_gamma_deviance", "d2_tweedie_score"]
PINBALL = ["mean_pinball_loss", "d2_pinball_score", "d2_absolute_error_score"]
PROBA = ["d2_brier_score", "d2_log_loss_score"]
POWERS = [0, 1, 2, 3, 1.5, 1.2, -1, -0.5, 0.5, 0.0, 1.0, 2.0, 100]


@st.composite
def _values(draw, n, k, low):
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    shape = (n,) if k is None else (n, k)
    kind = draw(st.sampled_from(["uniform", "integers", "constant", "ties", "huge", "tiny"]))
    if kind == "integers":
        y = rng.integers(low, 6, shape).astype(float)
    elif kind == "constant":
        y = np.full(shape, 2.5)
    elif kind == "ties":
        y = rng.choice([low, 0.5, 1.0, 2.0], shape)
    elif kind == "huge":
        y = rng.uniform(max(low, 0.1), 5, shape) * 1e100
    elif kind == "tiny":
        y = rng.uniform(max(low, 0.1), 5, shape) * 1e-100
    else:
        y = rng.uniform(low, 5, shape)
    dtype = draw(st.sampled_from([np.float64, np.float64, np.float32]))
    return y.astype(dtype)


@st.composite
def weights(draw, n):
    kind = draw(st.sampled_from(["none", "none", "positive", "with-zeros", "mixed", "2-D"]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if kind == "none":
        return None
    if kind == "positive":
        return rng.uniform(0.1, 3, n)
    if kind == "with-zeros":
        return rng.integers(0, 3, n).astype(float)
    if kind == "mixed":
        return rng.integers(-2, 3, n) / 2
    return np.ones((n, 1))


@given(st.sampled_from(TWEEDIE), st.integers(1, 40), st.sampled_from([None, None, 1, 2]),
       st.sampled_from([-1.0, 0.0, 0.5]), st.sampled_from(POWERS), st.data())
def test_tweedie(metric, n, k, low, power, data):
    y_true = data.draw(_values(n, k, low))
    y_pred = data.draw(_values(n, k, data.draw(st.sampled_from([-1.0, 0.0, 0.1]))))
    kwargs = {"sample_weight": data.draw(weights(n))}
    if metric in ("mean_tweedie_deviance", "d2_tweedie_score"):
        kwargs["power"] = power
    assert_same(metric, y_true, y_pred, **kwargs)


@given(st.sampled_from(PINBALL), st.integers(1, 40), st.sampled_from([None, None, 1, 2, 3]),
       st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.9, 1.0, 1.5]), st.data())
def test_pinball(metric, n, k, alpha, data):
    y_true = data.draw(_values(n, k, -5.0))
    y_pred = data.draw(_values(n, k, -5.0))
    kwargs = {"sample_weight": data.draw(weights(n))}
    if metric != "d2_absolute_error_score":
        kwargs["alpha"] = alpha
    mode = data.draw(st.sampled_from(["uniform_average", "raw_values", "variance_weighted", [1.0, 3.0]]))
    assert_same(metric, y_true, y_pred, multioutput=mode, **kwargs)


@given(st.sampled_from(PROBA), st.integers(1, 30), st.sampled_from([2, 3]), st.data())
def test_probabilities(metric, n, k, data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    classes = data.draw(st.sampled_from(["all", "one"]))
    y_true = rng.integers(0, k, n) if classes == "all" else np.full(n, k - 1)
    p = rng.dirichlet(np.ones(k), n)
    if data.draw(st.booleans()):
        p = np.round(p, 1)  # rows that need not sum to 1, ties, exact 0 and 1
    kwargs = {"sample_weight": data.draw(weights(n))}
    if data.draw(st.booleans()):
        kwargs["labels"] = list(range(k))
    if k == 2 and data.draw(st.booleans()):
        p = p[:, 1]
        if metric == "d2_brier_score":
            kwargs.pop("labels", None)
    assert_same(metric, y_true, p, **kwargs)
