"""conformance.reference == scikit-learn for the classification extras (Hypothesis).

hinge_loss, class_likelihood_ratios, det_curve, auc, confusion_matrix_at_thresholds and
metric_at_thresholds (conformance/reference/_extras.py): each test draws labels (strings and
booleans included, which the corpus does not hold), scores with ties, weights and keywords,
calls both implementations and requires the same outcome: equal values under the corpus
comparator, or both raising, the reference with an exception of a built-in class scikit-learn's
also has (docs/decisions/0004).
"""

from __future__ import annotations

import builtins
import warnings

import numpy as np
import sklearn.metrics
from hypothesis import given
from hypothesis import strategies as st

from conformance.compare import compare
from conformance.encoding import decode_numeric, to_json
from conformance.reference import _extras as ext

RTOL, ATOL = 1e-9, 1e-12
POOLS = [[0, 1], [-1, 1], [1, 2], [0, 2], [False, True], ["no", "yes"], [0, 1, 2], [0]]
GRID = [0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0]
DECISIONS = [-2.5, -1.0, -0.5, 0.0, 0.25, 1.0, 3.0]


def _outcome(fn, args, kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return True, fn(*args, **kwargs)
        except Exception as exc:  # the refusal is the outcome being compared
            return False, exc


def _bases(exc):
    return tuple(c for c in type(exc).__mro__
                 if getattr(builtins, c.__name__, None) is c and c not in (BaseException, Exception, object))


def assert_same(metric, *args, **kwargs):
    sk_kwargs = dict(kwargs)
    if isinstance(sk_kwargs.get("metric_func"), str):  # by name (docs/decisions/0030)
        sk_kwargs["metric_func"] = getattr(sklearn.metrics, sk_kwargs["metric_func"])
    ok_sk, expected = _outcome(getattr(sklearn.metrics, metric), args, sk_kwargs)
    ok_ref, actual = _outcome(getattr(ext, metric), args, kwargs)
    call = f"{metric}({args!r}, **{kwargs!r})"
    if ok_sk and ok_ref:
        result = compare(decode_numeric(to_json(expected)), decode_numeric(to_json(actual)), rtol=RTOL, atol=ATOL)
        assert result, f"{call}: {result.reason}\n  oracle:    {expected!r}\n  reference: {actual!r}"
    elif not ok_sk and not ok_ref:
        assert isinstance(actual, _bases(expected)), (
            f"{call}: oracle raised {type(expected).__name__} ({expected}), "
            f"reference raised {type(actual).__name__} ({actual})")
    else:
        raise AssertionError(f"{call}: oracle {'returned' if ok_sk else 'raised'} {expected!r}, reference "
                             f"{'returned' if ok_ref else 'raised'} {actual!r}")


@st.composite
def weights(draw, n):
    kind = draw(st.sampled_from(["none", "int", "positive", "quarters"]))
    if kind == "none":
        return None
    if kind == "int":
        return np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)))
    if kind == "positive":
        return np.array(draw(st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n)))
    return np.array([v / 4 for v in draw(st.lists(st.integers(0, 12), min_size=n, max_size=n))])


def _labels(draw, pool, n):
    return np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))


@given(st.data())
def test_hinge_loss(data):
    draw = data.draw
    n = draw(st.integers(1, 9))
    pool = draw(st.sampled_from(POOLS + [[0, 1, 2, 3], ["a", "b", "c"]]))
    y = _labels(draw, pool, n)
    kwargs = {}
    if draw(st.booleans()):
        kwargs["labels"] = draw(st.sampled_from([pool, [0, 1, 2], [0, 1]]))
    k = len(set(kwargs.get("labels", y.tolist())))
    width = k if k > 2 and draw(st.integers(0, 4)) else draw(st.sampled_from([None, 1, 2, 3, 4]))
    if width is None:
        d = np.array(draw(st.lists(st.sampled_from(DECISIONS), min_size=n, max_size=n)))
    else:
        d = np.array([draw(st.lists(st.sampled_from(DECISIONS), min_size=width, max_size=width)) for _ in range(n)])
    assert_same("hinge_loss", y, d, sample_weight=draw(weights(n)), **kwargs)


@given(st.data())
def test_class_likelihood_ratios(data):
    draw = data.draw
    n = draw(st.integers(1, 9))
    pool = draw(st.sampled_from(POOLS))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["replace_undefined_by"] = draw(st.sampled_from(
            [np.nan, 1.0, 0.0, {"LR+": 2.0, "LR-": 0.5}, {"LR+": np.inf, "LR-": 1.0}, {"LR+": 0.5, "LR-": 0.5},
             {"LR+": 2.0}]))
    if draw(st.integers(0, 3)) == 0:
        kwargs["labels"] = draw(st.sampled_from([pool[::-1], pool]))
    assert_same("class_likelihood_ratios", _labels(draw, pool, n), _labels(draw, pool, n),
                sample_weight=draw(weights(n)), **kwargs)


@given(st.data())
def test_threshold_functions(data):
    draw = data.draw
    metric = draw(st.sampled_from(["det_curve", "confusion_matrix_at_thresholds"]))
    n = draw(st.integers(1, 10))
    pool = draw(st.sampled_from(POOLS))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["pos_label"] = draw(st.sampled_from(pool))
    if metric == "det_curve" and draw(st.booleans()):
        kwargs["drop_intermediate"] = draw(st.booleans())
    scores = np.array(draw(st.lists(st.sampled_from(draw(st.sampled_from([GRID, DECISIONS]))), min_size=n,
                                    max_size=n)))
    assert_same(metric, _labels(draw, pool, n), scores, sample_weight=draw(weights(n)), **kwargs)


@given(st.data())
def test_metric_at_thresholds(data):
    draw = data.draw
    n = draw(st.integers(1, 10))
    y = _labels(draw, draw(st.sampled_from([[0, 1], [1, 2], [0, 1, 2]])), n)
    name = draw(st.sampled_from(["accuracy_score", "f1_score", "precision_score", "recall_score",
                                 "balanced_accuracy_score", "matthews_corrcoef", "confusion_matrix",
                                 "hamming_loss", "zero_one_loss", "jaccard_score"]))
    kwargs = {}
    if name in ("f1_score", "precision_score", "recall_score", "jaccard_score") and draw(st.booleans()):
        kwargs["metric_params"] = {"average": draw(st.sampled_from(["macro", "micro", "weighted"]))}
    scores = np.array(draw(st.lists(st.sampled_from(GRID), min_size=n, max_size=n)))
    assert_same("metric_at_thresholds", y, scores, metric_func=name, sample_weight=draw(weights(n)), **kwargs)


@given(st.data())
def test_auc(data):
    draw = data.draw
    n = draw(st.integers(0, 8))
    x = draw(st.lists(st.sampled_from(GRID + [-3.0, 7.5]), min_size=n, max_size=n))
    order = draw(st.sampled_from(["up", "down", "any"]))
    x = sorted(x) if order == "up" else sorted(x, reverse=True) if order == "down" else x
    y = draw(st.lists(st.sampled_from(DECISIONS), min_size=n, max_size=n + draw(st.integers(0, 1))))
    assert_same("auc", np.array(x), np.array(y))
