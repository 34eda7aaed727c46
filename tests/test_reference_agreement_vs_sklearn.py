"""conformance.reference == scikit-learn for the agreement metrics, the report, Jaccard,
the losses, multilabel_confusion_matrix and multilabel-indicator input (Hypothesis).

Same rules as tests/test_reference_vs_sklearn.py, whose label/weight strategies and
``assert_same`` this file reuses: equal values under the corpus comparator, or both
raising with an exception of a built-in class scikit-learn's exception also has.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
import sklearn.metrics
from hypothesis import example, given
from hypothesis import strategies as st
from test_reference_vs_sklearn import ZERO_DIVISION, _outcome, assert_same, label_lists, problems

import conformance.reference as ref

NEW_METRICS = ["balanced_accuracy_score", "matthews_corrcoef", "cohen_kappa_score", "classification_report",
               "jaccard_score", "hamming_loss", "zero_one_loss", "multilabel_confusion_matrix"]
AVERAGES = st.sampled_from([None, "binary", "micro", "macro", "weighted", "samples"])
JACCARD_ZERO_DIVISION = st.sampled_from(["warn", 0, 1, 0.0, 1.0, True, np.nan])  # NaN: refused by jaccard


# --- label vectors ---------------------------------------------------------------------


@given(problem=problems(), adjusted=st.booleans())
def test_balanced_accuracy_score(problem, adjusted):
    yt, yp, w, _, _ = problem
    assert_same("balanced_accuracy_score", yt, yp, sample_weight=w, adjusted=adjusted)


@given(problem=problems())
def test_matthews_corrcoef(problem):
    yt, yp, w, _, _ = problem
    assert_same("matthews_corrcoef", yt, yp, sample_weight=w)


@given(data=st.data(), problem=problems())
def test_cohen_kappa_score(data, problem):
    yt, yp, w, pool, absent = problem
    assert_same(
        "cohen_kappa_score", yt, yp,
        labels=data.draw(label_lists(pool, absent)),
        weights=data.draw(st.sampled_from([None, "linear", "quadratic"])),
        sample_weight=w,
        replace_undefined_by=data.draw(st.sampled_from([np.nan, 0.0, -1, 1.0, 0.25])),
    )


def _target_names(draw, labels, n_observed):
    """None, or names for the report: the right number, or (with labels) any number."""
    if draw(st.booleans()):
        return None
    n = len(labels) if labels is not None else n_observed
    if labels is not None and draw(st.booleans()):
        n = draw(st.integers(0, n + 2))
    return [f"class {i}" for i in range(n)]


def _exact_sums(w):
    """Weights whose sums are exact in any order: the text report prints supports with
    repr(), so a summation-order ulp would show; dict values are compared with tolerance."""
    return w if w is None or w.dtype.kind != "f" else np.round(np.abs(w) * 4) / 4 + 0.25


def assert_same_report(*args, **kwargs):
    if kwargs.get("output_dict"):
        assert_same("classification_report", *args, **kwargs)
        return
    kwargs["sample_weight"] = _exact_sums(kwargs.get("sample_weight"))
    ok_sk, expected = _outcome(sklearn.metrics.classification_report, args, kwargs)
    ok_ref, actual = _outcome(ref.classification_report, args, kwargs)
    assert ok_sk == ok_ref, f"scikit-learn {expected!r}, reference {actual!r}"
    if ok_sk:
        assert actual == expected, f"text reports differ:\n{expected}\n---\n{actual}"


@given(data=st.data(), problem=problems())
def test_classification_report(data, problem):
    yt, yp, w, pool, absent = problem
    labels = data.draw(label_lists(pool, absent))
    n_observed = len(set(np.asarray(yt).tolist()) | set(np.asarray(yp).tolist()))
    assert_same_report(
        yt, yp, labels=labels, target_names=_target_names(data.draw, labels, n_observed), sample_weight=w,
        digits=data.draw(st.sampled_from([0, 2, 4])), output_dict=data.draw(st.booleans()),
        zero_division=data.draw(ZERO_DIVISION),
    )


@given(data=st.data(), problem=problems())
def test_jaccard_score(data, problem):
    yt, yp, w, pool, absent = problem
    assert_same(
        "jaccard_score", yt, yp, labels=data.draw(label_lists(pool, absent)),
        pos_label=data.draw(st.sampled_from(pool + [absent, 1])), average=data.draw(AVERAGES),
        sample_weight=w, zero_division=data.draw(JACCARD_ZERO_DIVISION),
    )


@example(problem=(np.array([2, 3, 0, 2]), np.array([2, 3, 0, 2]), np.array([54122685.6, 27689120.4, 16065200.9, 96992541.3]),
                  [0, 2, 3], 1),
         normalize=False)  # found by parity fuzz: the reference summed in another order, -3e-8 for 0.0
@given(problem=problems(), normalize=st.booleans())
def test_hamming_and_zero_one_loss(problem, normalize):
    yt, yp, w, _, _ = problem
    assert_same("hamming_loss", yt, yp, sample_weight=w)
    assert_same("zero_one_loss", yt, yp, normalize=normalize, sample_weight=w)


@given(data=st.data(), problem=problems())
def test_multilabel_confusion_matrix(data, problem):
    yt, yp, w, pool, absent = problem
    assert_same("multilabel_confusion_matrix", yt, yp, sample_weight=w, labels=data.draw(label_lists(pool, absent)),
                samplewise=data.draw(st.booleans()))


# --- multilabel indicator matrices ---------------------------------------------------------

# The value pairs type_of_target accepts as an indicator: 0/1 of course, but any two
# integers (a cell is "positive" when non-zero, and compared by value in the losses).
INDICATOR_VALUES = [(0, 1)] * 6 + [(0, 2), (1, 2), (-1, 1)]


@st.composite
def indicators(draw, min_samples=1, max_samples=10):
    """(Y_true, Y_pred, sample_weight, n_labels): two indicator matrices of one shape."""
    n = draw(st.integers(min_samples, max_samples))
    k = draw(st.integers(2, 5))
    values = draw(st.sampled_from(INDICATOR_VALUES))
    dtype = draw(st.sampled_from([np.int64, np.float64, np.int8] + ([np.bool_] if values == (0, 1) else [])))

    def matrix():
        rows = draw(st.lists(st.lists(st.sampled_from(values), min_size=k, max_size=k), min_size=n, max_size=n))
        return np.array(rows, dtype=dtype)

    yt, yp = matrix(), matrix()
    kind = draw(st.sampled_from(["none", "int", "float-positive", "float-quarters"]))
    if kind == "none":
        w = None
    elif kind == "int":
        w = np.array(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)), dtype=np.int64)
        w[draw(st.integers(0, n - 1))] = draw(st.integers(1, 4))
    elif kind == "float-positive":
        w = np.array(draw(st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n)))
    else:
        w = np.array(draw(st.lists(st.integers(-4, 12), min_size=n, max_size=n))) / 4.0
    return yt, yp, w, k


@st.composite
def column_labels(draw, k):
    """None, or column indices: a subset, a permutation, a repeat, or one out of range."""
    if draw(st.booleans()):
        return None
    chosen = draw(st.permutations(range(k)))[: draw(st.integers(0, k))]
    extra = draw(st.sampled_from([[], [], [], [chosen[0]] if chosen else [], [k], [-1]]))
    return list(chosen) + extra


@given(data=st.data(), problem=indicators(),
       metric=st.sampled_from(["precision_score", "recall_score", "f1_score", "fbeta_score",
                               "precision_recall_fscore_support"]))
def test_multilabel_precision_recall_f(data, problem, metric):
    yt, yp, w, k = problem
    kwargs = dict(labels=data.draw(column_labels(k)), average=data.draw(AVERAGES), sample_weight=w,
                  zero_division=data.draw(ZERO_DIVISION))
    if metric in ("fbeta_score", "precision_recall_fscore_support"):
        kwargs["beta"] = data.draw(st.sampled_from([0, 0.5, 1.0, 2, math.inf]))
    assert_same(metric, yt, yp, **kwargs)


@given(data=st.data(), problem=indicators())
def test_multilabel_jaccard_score(data, problem):
    yt, yp, w, k = problem
    assert_same("jaccard_score", yt, yp, labels=data.draw(column_labels(k)), average=data.draw(AVERAGES),
                sample_weight=w, zero_division=data.draw(JACCARD_ZERO_DIVISION))


@given(problem=indicators(), normalize=st.booleans())
def test_multilabel_accuracy_and_losses(problem, normalize):
    yt, yp, w, _ = problem
    assert_same("accuracy_score", yt, yp, normalize=normalize, sample_weight=w)
    assert_same("zero_one_loss", yt, yp, normalize=normalize, sample_weight=w)
    assert_same("hamming_loss", yt, yp, sample_weight=w)


@given(data=st.data(), problem=indicators())
def test_multilabel_confusion_matrix_of_indicators(data, problem):
    yt, yp, w, k = problem
    assert_same("multilabel_confusion_matrix", yt, yp, sample_weight=w, labels=data.draw(column_labels(k)),
                samplewise=data.draw(st.booleans()))


@given(data=st.data(), problem=indicators())
def test_multilabel_classification_report(data, problem):
    yt, yp, w, k = problem
    labels = data.draw(column_labels(k))
    assert_same_report(yt, yp, labels=labels, target_names=_target_names(data.draw, labels, k), sample_weight=w,
                       output_dict=data.draw(st.booleans()), zero_division=data.draw(ZERO_DIVISION))


# --- refusals --------------------------------------------------------------------------------

BAD_PAIRS = st.sampled_from([
    (np.array([[0, 1], [1, 0]]), np.array([0, 1])),               # indicator vs labels
    (np.array([0, 1]), np.array([[0, 1], [1, 0]])),               # labels vs indicator
    (np.array([[0, 1], [1, 0]]), np.array([[0, 1, 0], [1, 0, 0]])),  # different numbers of columns
    (np.array([[0, 2], [1, 3]]), np.array([[0, 2], [1, 3]])),     # multiclass-multioutput
    (np.array([[0, 1], [2, 1]]), np.array([[0, 1], [1, 1]])),     # three values: not an indicator
    (np.array([[0.5, 1], [1, 0]]), np.array([[0, 1], [1, 0]])),   # continuous-multioutput
    (np.array([[np.nan, 1], [1, 0]]), np.array([[0, 1], [1, 0]])),
    (np.zeros((0, 2)), np.zeros((0, 2))),                          # no samples
    (np.array([["a", "b"], ["b", "a"]]), np.array([["a", "b"], ["b", "a"]])),
    (np.array([[0, 1], [1, 0]]), np.array([[0, 1], [1, 0]])),     # fine, except where refused
])


def _keywords(metric, average):
    if metric == "fbeta_score":
        return {"beta": 1.0, "average": average}
    if metric in ("precision_score", "recall_score", "f1_score", "jaccard_score"):
        return {"average": average}
    return {}


@given(pair=BAD_PAIRS, average=st.sampled_from(["binary", "macro", "samples"]), weighted=st.booleans(),
       metric=st.sampled_from(NEW_METRICS + ["accuracy_score", "precision_score", "fbeta_score", "confusion_matrix"]))
def test_matrices_are_refused_alike(pair, average, weighted, metric):
    yt, yp = pair
    kwargs = _keywords(metric, average)
    if weighted:
        kwargs["sample_weight"] = np.ones(yt.shape[0])
    if metric == "classification_report":
        kwargs["output_dict"] = True
    assert_same(metric, yt, yp, **kwargs)


BAD_KEYWORDS = {
    "balanced_accuracy_score": [{"adjusted": 1}, {"adjusted": "yes"}, {"sample_weight": 2}],
    "cohen_kappa_score": [{"weights": "Linear"}, {"weights": "cubic"}, {"replace_undefined_by": 1.5},
                          {"replace_undefined_by": -2}, {"replace_undefined_by": "nan"},
                          {"replace_undefined_by": None}, {"labels": 3}, {"labels": []}],
    "classification_report": [{"digits": -1}, {"digits": 2.0}, {"output_dict": 1}, {"zero_division": 0.5},
                              {"target_names": "ab"}, {"labels": 3}],
    "jaccard_score": [{"average": "Macro"}, {"zero_division": np.nan}, {"zero_division": "nan"},
                      {"zero_division": 0.5}, {"pos_label": [1]}],
    "multilabel_confusion_matrix": [{"samplewise": 1}, {"samplewise": True}, {"labels": 3}],
    "zero_one_loss": [{"normalize": 1}, {"normalize": None}],
}


@given(data=st.data(), metric=st.sampled_from(sorted(BAD_KEYWORDS)),
       y=st.sampled_from([([0, 1, 2], [0, 2, 2]), ([0, 1], [1, 1])]))
def test_bad_keywords_are_refused_alike(data, metric, y):
    kwargs = dict(data.draw(st.sampled_from(BAD_KEYWORDS[metric])))
    if metric == "jaccard_score":
        kwargs.setdefault("average", "macro")
    if metric == "classification_report":
        kwargs.setdefault("output_dict", True)
    assert_same(metric, *y, **kwargs)


@pytest.mark.parametrize("metric", NEW_METRICS)
def test_signature_is_scikit_learns(metric):
    # As text: cohen_kappa_score's default replace_undefined_by=nan is not equal to itself.
    assert str(inspect.signature(getattr(ref, metric))) == str(inspect.signature(getattr(sklearn.metrics, metric)))


def test_assert_same_report_catches_a_different_text(monkeypatch):
    monkeypatch.setattr(ref, "classification_report", lambda *a, **k: "a report")
    with pytest.raises(AssertionError, match="text reports differ"):
        assert_same_report([0, 1], [0, 1])
