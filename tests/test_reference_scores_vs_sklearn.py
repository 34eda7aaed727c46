"""conformance.reference == scikit-learn for the score-based metrics (Hypothesis).

Each test draws labels, scores (with ties, 0 and 1, decision values),
weights and keywords, calls both implementations and requires the same
outcome: equal values under the corpus comparator, or both raising, the
reference with an exception of a built-in class scikit-learn's also has
(docs/decisions/0004).  expected_calibration_error, which scikit-learn lacks,
is compared with its spec-derived oracle (generators/scores/ece_oracle.py),
built on sklearn.calibration.calibration_curve.

Float weights are positive or multiples of 1/4, as in test_reference_vs_sklearn:
with arbitrary mixed-sign floats, whether a sum is exactly 0 depends on
summation order.
"""

from __future__ import annotations

import builtins
import inspect
import warnings

import numpy as np
import pytest
import sklearn.calibration
import sklearn.metrics
from hypothesis import given
from hypothesis import strategies as st

import conformance.reference as ref
from conformance.compare import compare
from conformance.encoding import decode_numeric, to_json
from generators.scores.ece_oracle import expected_calibration_error as ece_oracle

RTOL, ATOL = 1e-9, 1e-12

ORACLE = {
    "calibration_curve": sklearn.calibration.calibration_curve,
    "expected_calibration_error": ece_oracle,
}


def _oracle(metric):
    return ORACLE.get(metric) or getattr(sklearn.metrics, metric)


def _outcome(fn, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return True, fn(*args, **kwargs)
        except Exception as exc:  # the refusal is the outcome being compared
            return False, exc


def _builtin_bases(exc):
    return tuple(c for c in type(exc).__mro__
                 if getattr(builtins, c.__name__, None) is c and c not in (BaseException, Exception, object))


def assert_same(metric, *args, **kwargs):
    ok_sk, expected = _outcome(_oracle(metric), args, kwargs)
    ok_ref, actual = _outcome(getattr(ref, metric), args, kwargs)
    call = f"{metric}({args!r}, **{kwargs!r})"
    if ok_sk and ok_ref:
        result = compare(decode_numeric(to_json(expected)), decode_numeric(to_json(actual)), rtol=RTOL, atol=ATOL)
        assert result, f"{call}: {result.reason}\n  oracle:    {expected!r}\n  reference: {actual!r}"
    elif not ok_sk and not ok_ref:
        assert isinstance(actual, _builtin_bases(expected)), (
            f"{call}: oracle raised {type(expected).__name__} ({expected}), "
            f"reference raised {type(actual).__name__} ({actual})")
    elif ok_sk:
        raise AssertionError(f"{call}: oracle returned {expected!r}, reference raised {actual!r}")
    else:
        raise AssertionError(f"{call}: oracle raised {expected!r}, reference returned {actual!r}")


# --- strategies ----------------------------------------------------------------------------

BINARY_POOLS = {
    "01": [0, 1], "-11": [-1, 1], "12": [1, 2], "02": [0, 2], "bool": [False, True], "strings": ["no", "yes"],
}
# Scores on a coarse grid tie often; the edge values sit on bin edges and clipping bounds.
GRID = [0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0]
EDGES = [0.30000000000000004, 0.6000000000000001, 2.220446049250313e-16, 1e-300, 0.9999999999999998, 1 - 1e-16]


def _score_values(draw, kind):
    if kind == "grid":
        return st.sampled_from(GRID)
    if kind == "edges":
        return st.sampled_from(GRID + EDGES)
    if kind == "unit":
        return st.floats(0, 1)
    return st.sampled_from([-2.5, -1.0, 0.0, 0.5, 1.0, 3.0])  # decision values


@st.composite
def weights(draw, n, allow_zero_sum=True):
    kind = draw(st.sampled_from(["none", "int", "positive", "quarters"]))
    if kind == "none":
        return None
    if kind == "int":
        w = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    elif kind == "positive":
        w = draw(st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n))
    else:
        w = [v / 4 for v in draw(st.lists(st.integers(-4, 12), min_size=n, max_size=n))]
    return np.array(w)


@st.composite
def binary_problems(draw, score_kinds=("grid", "edges", "unit", "decision")):
    """(y_true, y_score, pool): 1 to 20 samples over one or two labels of a pool."""
    pool_name = draw(st.sampled_from(sorted(BINARY_POOLS)))
    pool = BINARY_POOLS[pool_name]
    values = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True))
    n = draw(st.integers(1, 20))
    yt = draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    if pool_name in ("01", "-11", "12", "02"):
        yt = np.array(yt, dtype=draw(st.sampled_from([np.int64, np.float64, np.int32])))
    else:
        yt = np.array(yt)
    kind = draw(st.sampled_from(score_kinds))
    scores = np.array(draw(st.lists(_score_values(draw, kind), min_size=n, max_size=n)), dtype=np.float64)
    return _maybe_column(draw, yt), scores, pool


def _maybe_column(draw, y):
    """Now and then an (n, 1) column instead of a 1-D array, which scikit-learn mostly accepts."""
    return y.reshape(-1, 1) if draw(st.integers(0, 9)) == 0 else y


@st.composite
def probability_rows(draw, n, k):
    """(n, k) rows of small integers divided by their sum: probabilities with frequent ties."""
    rows = []
    for _ in range(n):
        counts = draw(st.lists(st.integers(0, 4), min_size=k, max_size=k).filter(any))
        rows.append(np.array(counts, dtype=np.float64) / sum(counts))
    return np.array(rows)


@st.composite
def multiclass_problems(draw, min_k=3):
    """(y_true, (n, K) probabilities, K): y_true over some of the classes 0..K-1."""
    k = draw(st.integers(min_k, 5))
    n = draw(st.integers(1, 20))
    present = draw(st.lists(st.integers(0, k - 1), min_size=1, max_size=k, unique=True))
    yt = np.array(draw(st.lists(st.sampled_from(present), min_size=n, max_size=n)))
    if draw(st.booleans()):
        yt = yt.astype(np.float64)
    return _maybe_column(draw, yt), draw(probability_rows(n, k)), k


# --- curves and areas ----------------------------------------------------------------------


@given(data=st.data(), problem=binary_problems(), metric=st.sampled_from(["roc_curve", "precision_recall_curve"]))
def test_curves(data, problem, metric):
    yt, ys, pool = problem
    kwargs = dict(
        pos_label=data.draw(st.sampled_from([None, None, pool[1], pool[0], 7])),
        sample_weight=data.draw(weights(len(yt))),
        drop_intermediate=data.draw(st.booleans()),
    )
    assert_same(metric, yt, ys, **kwargs)


@given(data=st.data(), problem=binary_problems())
def test_average_precision_binary(data, problem):
    yt, ys, pool = problem
    kwargs = dict(
        pos_label=data.draw(st.sampled_from([1, pool[1], pool[0], 7])),
        sample_weight=data.draw(weights(len(yt))),
        average=data.draw(st.sampled_from(["macro", "micro", "weighted", "samples", None])),
    )
    assert_same("average_precision_score", yt, ys, **kwargs)


@given(data=st.data(), problem=multiclass_problems())
def test_average_precision_multiclass(data, problem):
    yt, ys, k = problem
    present = np.unique(yt).shape[0]
    ys = ys[:, :present] if data.draw(st.integers(0, 3)) else ys  # usually the right number of columns
    kwargs = dict(
        sample_weight=data.draw(weights(len(yt))),
        average=data.draw(st.sampled_from(["macro", "micro", "weighted", "samples", None])),
    )
    if data.draw(st.integers(0, 9)) == 0:
        kwargs["pos_label"] = 2
    assert_same("average_precision_score", yt, ys, **kwargs)


@given(data=st.data(), problem=binary_problems())
def test_roc_auc_binary(data, problem):
    yt, ys, _ = problem
    kwargs = dict(
        sample_weight=data.draw(weights(len(yt))),
        max_fpr=data.draw(st.sampled_from([None, None, 1, 1.0, 0.5, 0.25, 0.1])),
        average=data.draw(st.sampled_from(["macro", "micro", "weighted", None])),
    )
    assert_same("roc_auc_score", yt, ys, **kwargs)


@given(data=st.data(), problem=multiclass_problems())
def test_roc_auc_multiclass(data, problem):
    yt, ys, k = problem
    labels = data.draw(st.sampled_from([None, "all", "unsorted", "short"]))
    if labels == "all":
        labels = list(range(k))
    elif labels == "unsorted":
        labels = list(range(k))[::-1]
    elif labels == "short":
        labels = list(range(k - 1))
    if data.draw(st.integers(0, 5)) == 0:
        ys = ys + 0.1  # rows that are not probabilities
    kwargs = dict(
        multi_class=data.draw(st.sampled_from(["ovr", "ovo", "raise"])),
        average=data.draw(st.sampled_from(["macro", "weighted", "micro", None])),
        labels=labels,
    )
    if data.draw(st.booleans()):
        kwargs["sample_weight"] = data.draw(weights(len(yt)))
    if data.draw(st.integers(0, 9)) == 0:
        kwargs["max_fpr"] = 0.5
    assert_same("roc_auc_score", yt, ys, **kwargs)


def test_roc_auc_ovo_with_a_column_y_true_of_one_class_is_nan_as_in_scikit_learn():
    """Found by test_roc_auc_multiclass: an (n, 1) y_true makes scikit-learn's one-vs-one index
    y_score with a 2-D mask, but only for a pair of classes; one class present has no pair."""
    scores = np.array([[0.0, 0.0, 1.0]])
    assert_same("roc_auc_score", np.array([[0]]), scores, multi_class="ovo", labels=[0, 1, 2])
    assert_same("roc_auc_score", np.array([[0], [1]]), np.repeat(scores, 2, axis=0), multi_class="ovo",
                labels=[0, 1, 2])


# --- top-k accuracy ------------------------------------------------------------------------


@given(data=st.data(), problem=multiclass_problems())
def test_top_k_multiclass(data, problem):
    yt, ys, k = problem
    labels = data.draw(st.sampled_from([None, "all", "unsorted", "extra"]))
    labels = {None: None, "all": list(range(k)), "unsorted": list(range(k))[::-1],
              "extra": list(range(k + 1))}[labels]
    kwargs = dict(
        k=data.draw(st.integers(1, k + 1)),
        normalize=data.draw(st.booleans()),
        sample_weight=data.draw(weights(len(yt))),
        labels=labels,
    )
    assert_same("top_k_accuracy_score", yt, ys, **kwargs)


@given(data=st.data(), problem=binary_problems())
def test_top_k_binary(data, problem):
    yt, ys, pool = problem
    labels = data.draw(st.sampled_from([None, pool, pool[::-1], pool + ["x" if isinstance(pool[0], str) else 9]]))
    kwargs = dict(
        k=data.draw(st.sampled_from([1, 1, 2, 3])),
        normalize=data.draw(st.booleans()),
        sample_weight=data.draw(weights(len(yt))),
        labels=labels,
    )
    assert_same("top_k_accuracy_score", yt, ys, **kwargs)


# --- probabilities: log_loss and brier_score_loss --------------------------------------------


@given(data=st.data(), problem=binary_problems(score_kinds=("grid", "edges", "unit")))
def test_probabilities_binary(data, problem):
    yt, p, pool = problem
    metric = data.draw(st.sampled_from(["log_loss", "brier_score_loss"]))
    labels = data.draw(st.sampled_from([None, pool, pool[::-1]]))
    kwargs = dict(sample_weight=data.draw(weights(len(yt))), labels=labels)
    if metric == "log_loss":
        kwargs["normalize"] = data.draw(st.booleans())
    else:
        kwargs["pos_label"] = data.draw(st.sampled_from([None, None, pool[1], pool[0]]))
        kwargs["scale_by_half"] = data.draw(st.sampled_from(["auto", True, False]))
    if data.draw(st.integers(0, 9)) == 0:
        p = p * 1.5 - 0.25  # out of [0, 1]
    assert_same(metric, yt, p, **kwargs)


@given(data=st.data(), problem=multiclass_problems())
def test_probabilities_multiclass(data, problem):
    yt, p, k = problem
    metric = data.draw(st.sampled_from(["log_loss", "brier_score_loss"]))
    labels = data.draw(st.sampled_from([None, "all", "unsorted", "extra"]))
    labels = {None: None, "all": list(range(k)), "unsorted": list(range(k))[::-1],
              "extra": list(range(k + 1))}[labels]
    if data.draw(st.integers(0, 4)) == 0:
        p = p * 0.9  # rows that do not sum to 1: used as they are
    kwargs = dict(sample_weight=data.draw(weights(len(yt))), labels=labels)
    if metric == "log_loss":
        kwargs["normalize"] = data.draw(st.booleans())
    else:
        kwargs["scale_by_half"] = data.draw(st.sampled_from(["auto", True, False]))
    assert_same(metric, yt, p, **kwargs)


# --- calibration ---------------------------------------------------------------------------


@given(data=st.data(), problem=binary_problems(score_kinds=("grid", "edges", "unit")))
def test_calibration_curve(data, problem):
    yt, p, pool = problem
    kwargs = dict(
        pos_label=data.draw(st.sampled_from([None, None, pool[1], pool[0]])),
        n_bins=data.draw(st.integers(1, 12)),
        strategy=data.draw(st.sampled_from(["uniform", "quantile"])),
    )
    assert_same("calibration_curve", yt, p, **kwargs)


@given(data=st.data(), problem=binary_problems(score_kinds=("grid", "edges", "unit")))
def test_ece_positive(data, problem):
    yt, p, pool = problem
    kwargs = dict(
        confidence="positive",
        pos_label=data.draw(st.sampled_from([None, None, pool[1], pool[0]])),
        n_bins=data.draw(st.integers(1, 12)),
        strategy=data.draw(st.sampled_from(["uniform", "quantile"])),
    )
    assert_same("expected_calibration_error", yt, p, **kwargs)


@given(data=st.data(), problem=multiclass_problems(min_k=2))
def test_ece_top_label(data, problem):
    yt, p, k = problem
    labels = data.draw(st.sampled_from([None, "all", "unsorted", "extra"]))
    labels = {None: None, "all": list(range(k)), "unsorted": list(range(k))[::-1],
              "extra": list(range(k + 1))}[labels]
    kwargs = dict(confidence="top-label", labels=labels, n_bins=data.draw(st.integers(1, 12)),
                  strategy=data.draw(st.sampled_from(["uniform", "quantile"])))
    assert_same("expected_calibration_error", yt, p, **kwargs)


# --- refusals ------------------------------------------------------------------------------

METRICS = ["top_k_accuracy_score", "log_loss", "brier_score_loss", "roc_curve", "precision_recall_curve",
           "average_precision_score", "roc_auc_score", "calibration_curve"]
SCORE_NAME = {"log_loss": "y_proba", "brier_score_loss": "y_proba", "calibration_curve": "y_prob"}

BAD_INPUTS = [
    ([], []),                                   # empty
    ([0, 1, 1], [0.2, 0.4]),                    # lengths differ
    ([0, 1, 1], [0.2, np.nan, 0.4]),            # NaN score
    ([0, 1, 1], [0.2, np.inf, 0.4]),            # infinite score
    ([0, 1, 1], [0.2, 1.5, 0.4]),               # beyond [0, 1]
    ([0, 1, 1], [0.2, -0.5, 0.4]),
    ([0.5, 1, 1], [0.2, 0.3, 0.4]),             # continuous y_true
    ([np.nan, 1, 1], [0.2, 0.3, 0.4]),          # NaN label
    ([0, 1, 1], np.zeros((3, 2, 2))),           # 3-D scores
    ([0, 1, 1], np.zeros((3, 0))),              # no columns
    ([2, 2, 2], [0.2, 0.3, 0.4]),               # one class, not 0/1
    ([0, 0, 0], [0.2, 0.3, 0.4]),               # one class
    ([0, 1, 2], [0.2, 0.3, 0.4]),               # three classes, 1-D scores
    ([[0, 1], [1, 0]], [0.2, 0.3]),             # 2-D y_true: multilabel (out of scope) or an error
]


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("bad", range(len(BAD_INPUTS)))
def test_bad_inputs_are_refused_alike(metric, bad):
    yt, ys = BAD_INPUTS[bad]
    yt, ys = np.asarray(yt), np.asarray(ys)
    if yt.ndim == 2 and metric != "log_loss":
        # scikit-learn accepts multilabel indicators in several of these; the reference
        # refuses them as out of scope.  Only check that it refuses.  (log_loss reads an
        # indicator y_true as LabelBinarizer does, a case of the validation sweep: compared.)
        with pytest.raises(ValueError):
            getattr(ref, metric)(yt, ys)
        return
    assert_same(metric, yt, ys)


BAD_KEYWORDS = {
    "top_k_accuracy_score": [{"k": 0}, {"k": 1.0}, {"k": "2"}, {"normalize": 1}, {"labels": 3},
                             {"labels": [0, 0, 1]}, {"labels": [1, 0]}, {"sample_weight": [1, 1]},
                             {"sample_weight": [0, 0, 0]}],
    "log_loss": [{"normalize": "yes"}, {"labels": [0]}, {"labels": [0, 0, 1]}, {"labels": [0, 2]},
                 {"sample_weight": [0, 0, 0]}, {"sample_weight": [1, -1, 0]}, {"eps": 1e-15}],
    "brier_score_loss": [{"scale_by_half": "yes"}, {"pos_label": [1]}, {"sample_weight": [1, np.nan, 1]},
                         {"sample_weight": [[1, 1, 1]]}],
    "roc_curve": [{"drop_intermediate": 1}, {"pos_label": [1]}, {"sample_weight": [0, 0, 0]},
                  {"sample_weight": [1, 1]}],
    "precision_recall_curve": [{"drop_intermediate": "no"}, {"sample_weight": [1, np.inf, 1]}],
    "average_precision_score": [{"average": "binary"}, {"pos_label": None}, {"pos_label": 2}],
    "roc_auc_score": [{"max_fpr": 0}, {"max_fpr": 1.5}, {"max_fpr": True}, {"multi_class": "ovx"},
                      {"average": "binary"}],
    "calibration_curve": [{"n_bins": 0}, {"n_bins": 2.0}, {"strategy": "kmeans"}, {"pos_label": [1]},
                          {"n_bins": True}],
}


@pytest.mark.parametrize("metric, kwargs", [(m, k) for m, ks in BAD_KEYWORDS.items() for k in ks],
                         ids=lambda v: str(v))
def test_bad_keywords_are_refused_alike(metric, kwargs):
    assert_same(metric, np.array([0, 1, 1]), np.array([0.2, 0.7, 0.4]), **kwargs)


ECE_BAD = [
    ([0, 1, 1], [0.2, 0.7, 0.4], {"confidence": "binary"}),
    ([0, 1, 1], [0.2, 0.7, 0.4], {"confidence": "positive", "labels": [0, 1]}),
    ([0, 1, 1], [0.2, np.nan, 0.4], {"confidence": "positive"}),
    ([0, 1, 1], [0.2, 1.5, 0.4], {"confidence": "positive"}),
    ([0, 1, 1], [0.2, 0.7, 0.4], {"confidence": "top-label"}),
    ([0, 2, 2], [0.2, 0.7, 0.4], {"confidence": "positive"}),
    ([0, 1, 2], [0.2, 0.7, 0.4], {"confidence": "positive", "pos_label": 1}),
    ([], [], {"confidence": "positive"}),
    ([0, 1], [[0.5, 0.5], [0.2, 0.8]], {"confidence": "top-label", "pos_label": 1}),
    ([0, 1], [[0.5, 0.5], [0.2, 0.8]], {"confidence": "top-label", "labels": [0, 0]}),
    ([0, 2], [[0.5, 0.5], [0.2, 0.8]], {"confidence": "top-label", "labels": [0, 1]}),
    ([0, 1], [[0.5, 0.5], [0.2, 0.8]], {"confidence": "top-label", "labels": [0, 1, 2]}),
    ([0, 0], [[0.5, 0.5], [0.2, 0.8]], {"confidence": "top-label"}),
    ([0, 1], [[0.5, 0.5, 0.0], [0.2, 0.8, 0.0]], {"confidence": "top-label"}),
    ([0.5, 1], [[0.5, 0.5], [0.2, 0.8]], {"confidence": "top-label"}),
    ([0, 1], [[0.5], [0.2]], {"confidence": "top-label"}),
    ([0, 1, 1], [0.2, 0.7, 0.4], {"confidence": "positive", "n_bins": 0}),
    ([0, 1, 1], [0.2, 0.7, 0.4], {"confidence": "positive", "strategy": "kmeans"}),
]


@pytest.mark.parametrize("bad", range(len(ECE_BAD)))
def test_ece_refusals_match_the_oracle(bad):
    yt, p, kwargs = ECE_BAD[bad]
    assert_same("expected_calibration_error", np.asarray(yt), np.asarray(p), **kwargs)


@pytest.mark.parametrize("metric", METRICS)
def test_signature_is_scikit_learns(metric):
    assert inspect.signature(getattr(ref, metric)) == inspect.signature(_oracle(metric))


def test_ece_signature_is_the_oracles():
    assert inspect.signature(ref.expected_calibration_error) == inspect.signature(ece_oracle)


def test_assert_same_catches_a_wrong_value(monkeypatch):
    monkeypatch.setattr(ref, "roc_auc_score", lambda *a, **k: 0.75)
    with pytest.raises(AssertionError):
        assert_same("roc_auc_score", np.array([0, 1, 1, 0]), np.array([0.1, 0.4, 0.35, 0.8]))
