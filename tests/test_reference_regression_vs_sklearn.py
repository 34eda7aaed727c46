"""conformance.reference == scikit-learn for the regression metrics (Hypothesis).

Each test draws targets, weights and keywords, calls both implementations and
requires the same outcome (values equal under the corpus comparator, or both
raising with a compatible built-in exception class): ``assert_same`` of
test_reference_vs_sklearn.py.

The draws cover what the corpus does not: float32 and integer arrays, plain
lists, n up to 40 (numpy's pairwise summation kicks in at 8), mixed-sign and
zero-sum weights, ties under weighted medians, overflow to infinity, and the
malformed inputs each check refuses.  The reference computes with the same
numpy reductions as scikit-learn, so agreement is in fact bit for bit.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
import sklearn.metrics
from hypothesis import given
from hypothesis import strategies as st

import conformance.reference as ref
from test_reference_vs_sklearn import assert_same

LOSSES = ["mean_absolute_error", "mean_squared_error", "root_mean_squared_error",
          "mean_absolute_percentage_error", "median_absolute_error"]
LOG_LOSSES = ["mean_squared_log_error", "root_mean_squared_log_error"]
SCORES = ["r2_score", "explained_variance_score"]
METRICS = LOSSES + LOG_LOSSES + SCORES + ["max_error"]


# --- strategies -------------------------------------------------------------------------

@st.composite
def targets(draw, log_domain=False, max_outputs=3):
    """(y_true, y_pred) of n samples and 1-D or k columns, in a random container/dtype."""
    n = draw(st.integers(1, 40))
    k = draw(st.sampled_from([None, None, 1, 2, max_outputs]))
    shape = (n,) if k is None else (n, k)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["normal", "integers", "constant-column", "ties", "huge", "tiny", "overflow"]))
    if kind == "integers":
        yt = rng.integers(-5, 6, shape).astype(float)
    elif kind == "ties":
        yt = rng.choice([0.0, 0.5, 1.0, 2.0], shape)
    elif kind == "huge":
        yt = rng.normal(0, 1, shape) * 1e150
    elif kind == "tiny":
        yt = rng.normal(0, 1, shape) * 1e-100
    elif kind == "overflow":
        yt = rng.normal(0, 1, shape) * 1e200
    else:
        yt = rng.normal(rng.normal(0, 10), rng.uniform(0.1, 10), shape)
    if kind == "constant-column":
        if k is None:
            yt[:] = 2.5
        else:
            yt[:, 0] = 2.5
    quality = draw(st.sampled_from(["equal", "noisy", "offset", "independent"]))
    if quality == "equal":
        yp = yt.copy()
    elif quality == "offset":
        yp = yt + 1.0
    elif quality == "noisy":
        yp = yt + rng.normal(0, 1, shape) * (np.abs(yt).max() + 1) * rng.uniform(0.01, 1)
    else:
        yp = rng.permutation(yt.reshape(n, -1)).reshape(shape)
    if kind == "ties":
        yp = np.round(yp * 2) / 2
    if log_domain and draw(st.integers(0, 4)):
        # mostly inside log1p's domain (> -1); sometimes reaching -1 or below
        yt, yp = np.expm1(np.clip(yt, -30, 30) / 10), np.expm1(np.clip(yp, -30, 30) / 10)
    container = draw(st.sampled_from(["float64", "float64", "list", "float32", "int64"]))
    if container == "list":
        return yt.tolist(), yp.tolist()
    if container == "int64":
        return np.round(np.clip(yt, -1e6, 1e6)).astype(np.int64), np.round(np.clip(yp, -1e6, 1e6)).astype(np.int64)
    return yt.astype(container), yp.astype(container)


def n_of(y):
    return np.shape(y)[0]


def n_outputs(y):
    return 1 if np.ndim(y) == 1 else np.shape(y)[1]


@st.composite
def sample_weights(draw, n):
    kind = draw(st.sampled_from(["none", "none", "positive", "int", "quarters-signed", "zeros", "list"]))
    if kind == "none":
        return None
    if kind == "positive":
        return np.array(draw(st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n)))
    if kind == "int":
        return np.array(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)))
    if kind == "quarters-signed":
        return np.array(draw(st.lists(st.integers(-4, 8), min_size=n, max_size=n))) / 4.0
    if kind == "zeros":
        return np.zeros(n)
    return draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.25]), min_size=n, max_size=n))


@st.composite
def multioutputs(draw, k, modes):
    kind = draw(st.sampled_from(["mode", "mode", "weights", "bad"]))
    if kind == "mode":
        return draw(st.sampled_from(modes))
    if kind == "weights":
        size = draw(st.sampled_from([k, k, k + 1, 1]))
        return draw(st.lists(st.sampled_from([0.0, 0.3, 1.0, 2.0, -1.0, 0.7]), min_size=size, max_size=size))
    return draw(st.sampled_from(["variance_weighted", "foo", None, 3, [[1.0] * k], [float("nan")] * k, []]))


LOSS_MODES = ["uniform_average", "raw_values"]
SCORE_MODES = ["uniform_average", "raw_values", "variance_weighted"]


# --- tests -------------------------------------------------------------------------------

@given(data=st.data(), metric=st.sampled_from(LOSSES))
def test_losses(data, metric):
    yt, yp = data.draw(targets())
    kwargs = {"sample_weight": data.draw(sample_weights(n_of(yt)))}
    if data.draw(st.booleans()):
        kwargs["multioutput"] = data.draw(multioutputs(n_outputs(yt), LOSS_MODES))
    assert_same(metric, yt, yp, **kwargs)


@given(data=st.data(), metric=st.sampled_from(LOG_LOSSES))
def test_log_losses(data, metric):
    yt, yp = data.draw(targets(log_domain=True))
    kwargs = {"sample_weight": data.draw(sample_weights(n_of(yt)))}
    if data.draw(st.booleans()):
        kwargs["multioutput"] = data.draw(multioutputs(n_outputs(yt), LOSS_MODES))
    assert_same(metric, yt, yp, **kwargs)


@given(data=st.data(), metric=st.sampled_from(SCORES))
def test_scores(data, metric):
    yt, yp = data.draw(targets())
    kwargs = {"sample_weight": data.draw(sample_weights(n_of(yt)))}
    if data.draw(st.booleans()):
        kwargs["multioutput"] = data.draw(multioutputs(n_outputs(yt), SCORE_MODES))
    kwargs["force_finite"] = data.draw(st.sampled_from([True, False, True, False, np.bool_(False), 1]))
    assert_same(metric, yt, yp, **kwargs)


@given(data=st.data())
def test_max_error(data):
    yt, yp = data.draw(targets())
    assert_same("max_error", yt, yp)


BAD_TARGETS = st.sampled_from([
    ([], []),                                        # empty
    ([1.0, 2.0, 3.0], [1.0, 2.0]),                   # lengths differ
    ([1.0, np.nan], [1.0, 2.0]),                     # NaN
    ([1.0, 2.0], [np.inf, 2.0]),                     # infinity
    ([1.0, 2.0], [-np.inf, 2.0]),
    ([[1.0, 2.0], [3.0, 4.0]], [[1.0], [3.0]]),      # outputs differ
    (np.zeros((2, 0)), np.zeros((2, 0))),            # no outputs
    (np.zeros((2, 2, 2)), np.zeros((2, 2, 2))),      # 3-D
    (np.array(1.0), np.array(1.0)),                  # 0-d
    (3.0, 3.0),                                      # a scalar
    (np.array([1 + 1j, 2]), [1, 2]),                 # complex (a list of complex is another error)
    (["a", "b"], ["a", "b"]),                        # strings
    ([-1.0, 0.0], [0.0, 0.0]),                       # log1p domain
    ([0.0, 0.0], [0.0, -1.5]),
])


@given(bad=BAD_TARGETS, metric=st.sampled_from(METRICS), weighted=st.booleans())
def test_bad_targets_are_refused_alike(bad, metric, weighted):
    yt, yp = bad
    kwargs = {}
    if weighted and metric != "max_error" and np.ndim(yt):
        kwargs["sample_weight"] = np.ones(np.shape(yt)[0])
    assert_same(metric, yt, yp, **kwargs)


BAD_WEIGHTS = st.sampled_from([
    [0, 0, 0], [1, 2], [1.0, np.nan, 1.0], [1.0, np.inf, 1.0], [[1, 2, 3]], np.ones((3, 1)), 2.0,
    np.array(2.0), [1.0, -1.0, 0.0], [], np.array([1 + 1j, 1, 1]),
])


@given(w=BAD_WEIGHTS, metric=st.sampled_from([m for m in METRICS if m != "max_error"]))
def test_bad_weights_are_refused_alike(w, metric):
    assert_same(metric, [1.0, 2.0, 4.0], [1.5, 2.0, 3.0], sample_weight=w)


@given(metric=st.sampled_from(SCORES), mode=st.sampled_from(["raw_values", "uniform_average", "variance_weighted"]),
       force_finite=st.booleans(), two_d=st.booleans(), value=st.sampled_from([1.5, -2.0, 0.0]))
def test_single_sample(metric, mode, force_finite, two_d, value):
    yt, yp = ([[value, 1.0]], [[value, 2.0]]) if two_d else ([value], [value + 1.0])
    assert_same(metric, yt, yp, multioutput=mode, force_finite=force_finite)


@pytest.mark.parametrize("metric", METRICS)
def test_signature_is_scikit_learns(metric):
    assert inspect.signature(getattr(ref, metric)) == inspect.signature(getattr(sklearn.metrics, metric))


@pytest.mark.parametrize("metric", LOSSES + LOG_LOSSES + SCORES)
def test_raw_values_of_one_output_is_a_list(metric):
    # A 1-D target is one output; raw_values gives an array of one value, not a number.
    result = getattr(ref, metric)([1.0, 2.0, 4.0], [1.5, 2.0, 3.0], multioutput="raw_values")
    assert isinstance(result, np.ndarray) and result.shape == (1,)


def test_the_values_are_bit_identical_to_scikit_learns():
    # The claim of the module docstring, on inputs where summation order matters:
    # 37 samples (pairwise summation) of full-precision floats, weighted and not.
    rng = np.random.default_rng(7)
    yt = rng.normal(3, 2, (37, 2))
    yp = yt + rng.normal(0, 0.5, (37, 2))
    w = rng.uniform(0.1, 3, 37)
    for metric in LOSSES + SCORES:
        for weights in (None, w):
            expected = getattr(sklearn.metrics, metric)(yt, yp, sample_weight=weights, multioutput="raw_values")
            actual = getattr(ref, metric)(yt, yp, sample_weight=weights, multioutput="raw_values")
            assert np.array_equal(expected, actual), metric
