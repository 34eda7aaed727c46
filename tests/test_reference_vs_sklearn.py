"""conformance.reference == scikit-learn, over the whole keyword grid (Hypothesis).

Each test draws labels, weights and keywords, calls both implementations and
requires the same outcome: values equal under the corpus comparator and
tolerance, or both raising, the reference with an exception of a built-in class
scikit-learn's exception also has (docs/decisions/0004).

Float weights are either positive (no cancellation, so every 0-denominator test
is exact in both) or multiples of 1/4 (so every sum is exact whatever its
order): with arbitrary mixed-sign floats, whether a sum is exactly 0 depends on
summation order, and neither answer is wrong.
"""

from __future__ import annotations

import builtins
import math
import warnings

import numpy as np
import pytest
import sklearn.metrics
from hypothesis import given
from hypothesis import strategies as st

import conformance.reference as ref
from conformance.compare import compare
from conformance.encoding import decode_numeric, to_json

RTOL, ATOL = 1e-9, 1e-12

# --- outcome comparison ---------------------------------------------------------------


def _outcome(fn, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return True, fn(*args, **kwargs)
        except Exception as exc:  # the refusal is the outcome being compared
            return False, exc


def _builtin_bases(exc: BaseException) -> tuple[type, ...]:
    return tuple(
        cls for cls in type(exc).__mro__
        if getattr(builtins, cls.__name__, None) is cls and cls not in (BaseException, Exception, object)
    )


def _plain(value):
    return decode_numeric(to_json(value))


def assert_same(metric: str, *args, **kwargs) -> None:
    ok_sk, expected = _outcome(getattr(sklearn.metrics, metric), args, kwargs)
    ok_ref, actual = _outcome(getattr(ref, metric), args, kwargs)
    call = f"{metric}({args!r}, **{kwargs!r})"
    if ok_sk and ok_ref:
        result = compare(_plain(expected), _plain(actual), rtol=RTOL, atol=ATOL)
        assert result, f"{call}: {result.reason}\n  scikit-learn: {expected!r}\n  reference:    {actual!r}"
    elif not ok_sk and not ok_ref:
        assert isinstance(actual, _builtin_bases(expected)), (
            f"{call}: scikit-learn raised {type(expected).__name__} ({expected}), "
            f"reference raised {type(actual).__name__} ({actual})"
        )
    elif ok_sk:
        raise AssertionError(f"{call}: scikit-learn returned {expected!r}, reference raised {actual!r}")
    else:
        raise AssertionError(f"{call}: scikit-learn raised {expected!r}, reference returned {actual!r}")


# --- strategies -------------------------------------------------------------------------

POOLS = {
    "small": [0, 1, 2, 3, 4],
    "binary01": [0, 1],
    "negative": [-3, -1, 0, 2],
    "wide": [-1000, 7, 10**6],  # too wide for the bincount fast path
    "strings": ["ant", "bird", "cat"],
}
ABSENT = {"small": 9, "binary01": 2, "negative": -7, "wide": 5, "strings": "dog"}


@st.composite
def problems(draw, min_size=1, max_size=25):
    """(y_true, y_pred, sample_weight, pool_values, absent_label)."""
    kind = draw(st.sampled_from(sorted(POOLS)))
    pool = POOLS[kind]
    values = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=len(pool), unique=True))
    n = draw(st.integers(min_size, max_size))
    yt = draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    yp = draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    if kind == "strings":
        yt, yp = np.array(yt), np.array(yp)
    else:
        # ints of several widths, or ints stored as floats (one side or both)
        dtypes = [np.int64, np.float64, np.int32]
        if kind != "wide":
            dtypes += [np.int8, np.float32]
        if kind in ("small", "binary01"):
            dtypes += [np.uint8]
        if kind == "binary01":
            dtypes += [np.bool_]
        yt = np.array(yt, dtype=draw(st.sampled_from(dtypes)))
        yp = np.array(yp, dtype=draw(st.sampled_from(dtypes)))
    weights = draw(st.sampled_from(["none", "int", "int-signed", "float-positive", "float-quarters"]))
    if weights == "none":
        w = None
    elif weights == "int":
        w = np.array(draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)), dtype=np.int64)
    elif weights == "int-signed":
        w = np.array(draw(st.lists(st.integers(-3, 5), min_size=n, max_size=n)), dtype=np.int64)
    elif weights == "float-positive":
        w = np.array(draw(st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n)))
    else:
        w = np.array(draw(st.lists(st.integers(-8, 16), min_size=n, max_size=n))) / 4.0
    return yt, yp, w, pool, ABSENT[kind]


@st.composite
def label_lists(draw, pool, absent):
    """None, or some labels of the pool (and perhaps an absent one) in random order,
    occasionally with a repeat."""
    if draw(st.booleans()):
        return None
    chosen = draw(st.lists(st.sampled_from(pool + [absent]), min_size=0, max_size=len(pool) + 1, unique=True))
    chosen = draw(st.permutations(chosen))
    if chosen and draw(st.integers(0, 9)) == 0:
        chosen = chosen + [chosen[0]]
    return chosen


ZERO_DIVISION = st.sampled_from(["warn", 0, 1, 0.0, 1.0, np.nan])
AVERAGES = st.sampled_from([None, "binary", "micro", "macro", "weighted", "samples"])
BETAS = st.sampled_from([0, 0.0, 0.5, 1, 1.0, 2, 3.7, 1e6, 1e150, 1e200, math.inf])


def _pos_label(draw, pool, absent):
    return draw(st.sampled_from(pool + [absent, 1]))


# --- tests ---------------------------------------------------------------------------


@given(data=st.data(), problem=problems())
def test_confusion_matrix(data, problem):
    yt, yp, w, pool, absent = problem
    labels = data.draw(label_lists(pool, absent))
    normalize = data.draw(st.sampled_from([None, "true", "pred", "all"]))
    assert_same("confusion_matrix", yt, yp, labels=labels, sample_weight=w, normalize=normalize)


@given(problem=problems(), normalize=st.booleans())
def test_accuracy_score(problem, normalize):
    yt, yp, w, _, _ = problem
    assert_same("accuracy_score", yt, yp, normalize=normalize, sample_weight=w)


@given(data=st.data(), problem=problems(), metric=st.sampled_from(["precision_score", "recall_score", "f1_score"]))
def test_precision_recall_f1(data, problem, metric):
    yt, yp, w, pool, absent = problem
    kwargs = dict(
        labels=data.draw(label_lists(pool, absent)),
        pos_label=_pos_label(data.draw, pool, absent),
        average=data.draw(AVERAGES),
        sample_weight=w,
        zero_division=data.draw(ZERO_DIVISION),
    )
    assert_same(metric, yt, yp, **kwargs)


@given(data=st.data(), problem=problems(), metric=st.sampled_from(["fbeta_score", "precision_recall_fscore_support"]))
def test_fbeta_and_prfs(data, problem, metric):
    yt, yp, w, pool, absent = problem
    kwargs = dict(
        beta=data.draw(BETAS),
        labels=data.draw(label_lists(pool, absent)),
        pos_label=_pos_label(data.draw, pool, absent),
        average=data.draw(AVERAGES if metric == "fbeta_score" else st.sampled_from([None, "binary", "micro", "macro", "weighted"])),
        sample_weight=w,
        zero_division=data.draw(ZERO_DIVISION),
    )
    assert_same(metric, yt, yp, **kwargs)


METRICS = ["confusion_matrix", "accuracy_score", "precision_score", "recall_score", "f1_score",
           "fbeta_score", "precision_recall_fscore_support"]


def _beta_if_needed(metric):
    return {"beta": 1.0} if metric == "fbeta_score" else {}


BAD_LABEL_ARRAYS = st.sampled_from([
    ([], []),                                # empty
    ([0, 1, 1], [0, 1]),                     # length mismatch
    ([0.5, 1.0], [0, 1]),                    # continuous
    ([np.nan, 1.0], [0, 1]),                 # NaN
    ([0, 1], [np.inf, 1.0]),                 # infinity
    ([1e20, 1.0], [1, 1]),                   # integral but beyond int64: "continuous" too
    (["a", "b"], [0, 1]),                    # strings mixed with numbers
    (np.zeros((2, 2, 2)), np.zeros((2, 2, 2))),  # 3-D
    (np.array([[0, 2], [1, 3]]), np.array([[0, 2], [1, 3]])),  # multiclass-multioutput
    (np.array(1), np.array(1)),              # 0-d
    ([b"a", b"b"], [b"a", b"b"]),            # bytes
])


@given(bad=BAD_LABEL_ARRAYS, metric=st.sampled_from(METRICS), weighted=st.booleans())
def test_bad_labels_are_refused_alike(bad, metric, weighted):
    yt, yp = bad
    kwargs = _beta_if_needed(metric)
    if metric not in ("confusion_matrix", "accuracy_score"):
        kwargs["average"] = "macro"
    if weighted:
        kwargs["sample_weight"] = np.ones(np.shape(yt)[0] if np.ndim(yt) else 1)
    assert_same(metric, yt, yp, **kwargs)


BAD_WEIGHTS = st.sampled_from([
    [0, 0, 0, 0], [1, 2, 3], [1.0, np.nan, 1.0, 1.0], [1.0, np.inf, 1.0, 1.0], [[1, 2, 3, 4]],
    np.ones((4, 1)), 2, [], [1, -1, 0, 0],  # the last: accuracy's weights sum to 0
])


@given(w=BAD_WEIGHTS, metric=st.sampled_from(METRICS))
def test_bad_weights_are_refused_alike(w, metric):
    kwargs = _beta_if_needed(metric)
    if metric not in ("confusion_matrix", "accuracy_score"):
        kwargs["average"] = "macro"
    assert_same(metric, [0, 1, 2, 1], [0, 2, 2, 1], sample_weight=w, **kwargs)


BAD_KEYWORDS = {
    "confusion_matrix": [{"normalize": "rows"}, {"normalize": True}, {"labels": 3}, {"labels": []}, {"labels": [7]}],
    "accuracy_score": [{"normalize": 1}, {"normalize": "true"}, {"normalize": None}],
    "f1_score": [{"average": "foo"}, {"average": "Macro"}, {"zero_division": 0.5}, {"zero_division": "nan"},
                 {"zero_division": None}, {"pos_label": [1]}, {"labels": 3}, {"sample_weight": 2}],
    "fbeta_score": [{"beta": -1}, {"beta": math.nan}, {"beta": "2"}, {"beta": None}],
    "precision_recall_fscore_support": [{"warn_for": "precision"}, {"beta": -0.5}],
}


@given(data=st.data(), metric=st.sampled_from(sorted(BAD_KEYWORDS)), y=st.sampled_from([([0, 1, 2], [0, 2, 2]), ([0, 1], [1, 1])]))
def test_bad_keywords_are_refused_alike(data, metric, y):
    kwargs = dict(data.draw(st.sampled_from(BAD_KEYWORDS[metric])))
    if metric == "fbeta_score":
        kwargs.setdefault("beta", 1.0)
    if metric != "confusion_matrix" and metric != "accuracy_score":
        kwargs.setdefault("average", "macro")
    assert_same(metric, *y, **kwargs)


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("average", [None, "samples"])
def test_multilabel_indicator_input_is_read_as_scikit_learn_reads_it(metric, average):
    # confusion_matrix refuses it; accuracy is subset accuracy; P/R/F score each column
    # (their default average="binary" refuses it).  The thorough multilabel comparison is
    # tests/test_reference_agreement_vs_sklearn.py.
    yt, yp = np.array([[0, 1], [1, 1]]), np.array([[0, 1], [1, 0]])
    kwargs = _beta_if_needed(metric)
    if metric not in ("confusion_matrix", "accuracy_score") and average is not None:
        kwargs["average"] = average
    assert_same(metric, yt, yp, **kwargs)


def test_assert_same_catches_a_wrong_port(monkeypatch):
    # The harness itself: a wrong value, a refusal where scikit-learn returns, a value
    # where it refuses, and a refusal of the wrong class are all caught.
    y = ([0, 1, 1], [0, 1, 0])
    monkeypatch.setattr(ref, "f1_score", lambda *a, **k: 0.5)
    with pytest.raises(AssertionError, match="error"):
        assert_same("f1_score", *y)
    with pytest.raises(AssertionError, match="scikit-learn raised"):
        assert_same("f1_score", [], [])
    monkeypatch.setattr(ref, "f1_score", lambda *a, **k: 1 / 0)
    with pytest.raises(AssertionError, match="reference raised"):
        assert_same("f1_score", *y)
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        assert_same("f1_score", [], [])


@pytest.mark.parametrize("metric", METRICS)
def test_signature_is_scikit_learns(metric):
    import inspect

    assert inspect.signature(getattr(ref, metric)) == inspect.signature(getattr(sklearn.metrics, metric))
