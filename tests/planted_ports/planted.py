"""A protocol-2 port that is conformance.reference with ONE realistic bug planted.

    python planted.py BUG

Every run message is answered exactly as ports/reference/adapter.py answers it
(the same decoding, skipping, error reporting and encoding: this script imports
that adapter), except that the metric function is replaced by the planted one
where BUG applies.  Each planted function first calls the reference with the
same arguments, so input checks and errors stay the reference's; only the value
of a call the reference accepts changes.  The bugs (README.md):

    f1-of-means            F of macro precision and macro recall (f1_score, fbeta_score)
    float32-accumulation   regression metrics on float32 copies of the inputs, float32 sums
    macro-over-y-true      macro P/R/F over the classes of y_true only
    ignored-sample-weight  sample_weight dropped, by every metric
    one-pass-r2            r2_score / explained_variance_score with var = mean(y^2) - mean(y)^2
    order-dependent        per-class outputs in order of first appearance, not sorted
    case-insensitive-classes  string classes sorted case-insensitively, not by code point
    drops-non-finite       samples with a non-finite score or prediction dropped (scores, regression)

Used by tests/test_planted_ports.py and, through ``make_planted_port``
(tests/planted_ports/__init__.py), by the fuzzer's tests.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    # The reference of the repository this file is in, not whichever metric-parity is installed.
    sys.path.insert(0, str(REPO))

import conformance.reference as reference  # noqa: E402
from conformance import registry  # noqa: E402
from conformance.reference import _inputs as chk  # noqa: E402
from conformance.reference import _regression as reg  # noqa: E402

_ADAPTER = REPO / "ports" / "reference" / "adapter.py"


def _load_adapter():
    spec = importlib.util.spec_from_file_location("planted_reference_adapter", _ADAPTER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


adapter = _load_adapter()


# --- the bugs: each maps (metric, the reference's function) to a replacement, or None ------------------

def _planted(fn):
    """Keep the reference function's name and signature (the adapter's keyword check reads it)."""
    return functools.wraps(fn)


def f1_of_means(metric, ref):
    """F = (1 + b^2) P R / (b^2 P + R) of the macro-averaged P and R, instead of the macro mean of
    the per-class F values."""
    if metric not in ("f1_score", "fbeta_score"):
        return None

    @_planted(ref)
    def planted(y_true, y_pred, **kw):
        value = ref(y_true, y_pred, **kw)  # the reference's checks and errors
        if kw.get("average", "binary") != "macro":
            return value
        beta = kw.pop("beta", 1.0)
        p, r, _, _ = reference.precision_recall_fscore_support(y_true, y_pred, **kw)
        if np.isposinf(beta):
            return r
        b2 = beta**2
        denominator = b2 * p + r
        if denominator == 0:  # 0/0: the zero_division value, as for a class
            return chk.zero_division_value(kw.get("zero_division", "warn"))
        return (1 + b2) * p * r / denominator

    return planted


REGRESSION_FLOAT32 = ("mean_squared_error", "mean_absolute_error", "r2_score", "explained_variance_score",
                      "root_mean_squared_error")


def float32_accumulation(metric, ref):
    """The inputs cast to float32, so every product and sum is float32 (the reference, as
    scikit-learn, computes in the inputs' float dtype)."""
    if metric not in REGRESSION_FLOAT32:
        return None

    @_planted(ref)
    def planted(y_true, y_pred, **kw):
        ref(y_true, y_pred, **kw)  # the reference's checks and errors
        weight = kw.pop("sample_weight", None)
        y_true, y_pred = np.asarray(y_true).astype(np.float32), np.asarray(y_pred).astype(np.float32)
        weight = None if weight is None else np.asarray(weight).astype(np.float32)
        return ref(y_true, y_pred, sample_weight=weight, **kw)

    return planted


MACRO_PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")


def macro_over_y_true(metric, ref):
    """average="macro" (no labels given, label vectors) over the classes present in y_true only:
    a class only ever predicted is left out of the mean."""
    if metric not in MACRO_PRF:
        return None

    @_planted(ref)
    def planted(y_true, y_pred, **kw):
        value = ref(y_true, y_pred, **kw)
        if kw.get("average", "binary" if metric != "precision_recall_fscore_support" else None) != "macro" \
                or kw.get("labels") is not None or chk.is_indicator_call(y_true, y_pred):
            return value
        return ref(y_true, y_pred, **{**kw, "labels": np.unique(np.asarray(y_true))})

    return planted


def ignored_sample_weight(metric, ref):
    """sample_weight accepted and dropped: not checked, not used."""

    @_planted(ref)
    def planted(**kw):  # every metric: its inputs are not always y_true, y_pred (y1, y_score, ...)
        kw.pop("sample_weight", None)
        return ref(**kw)

    return planted


def _one_pass_variance(y, w):
    """The weighted variance of each column as E[y^2] - E[y]^2: one pass, cancelling badly."""
    mean = np.average(y, axis=0, weights=w)
    return np.average(y * y, axis=0, weights=w) - mean * mean


def one_pass_r2(metric, ref):
    """r2_score's total sum of squares as W * (mean(y^2) - mean(y)^2); explained_variance_score's
    two variances (of y_true and of the residuals) the same way."""
    if metric not in ("r2_score", "explained_variance_score"):
        return None

    @_planted(ref)
    def planted(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", force_finite=True):
        value = ref(y_true, y_pred, sample_weight=sample_weight, multioutput=multioutput, force_finite=force_finite)
        yt, yp, w, mo = reg._targets(y_true, y_pred, sample_weight, multioutput)
        if metric == "r2_score":
            if yp.shape[0] < 2:
                return value  # NaN below two samples
            weight = 1.0 if w is None else w[:, None]
            numerator = np.sum(weight * (yt - yp) ** 2, axis=0)
            total = yt.shape[0] if w is None else np.sum(w)
            denominator = total * _one_pass_variance(yt, w)
        else:
            numerator = _one_pass_variance(yt - yp, w)
            denominator = _one_pass_variance(yt, w)
        return reg._fraction_explained(numerator, denominator, mo, force_finite)

    return planted


def _first_appearance(y_true, y_pred) -> np.ndarray:
    """Positions, in the reference's sorted class order, of the classes in order of first
    appearance in y_true then y_pred."""
    index = reference.counts(y_true, y_pred).index()
    order = {}
    for v in [*np.asarray(y_true).ravel().tolist(), *np.asarray(y_pred).ravel().tolist()]:
        order.setdefault(index[v], None)
    return np.array(list(order), dtype=np.intp)


PER_CLASS = ("confusion_matrix", "multilabel_confusion_matrix", "precision_score", "recall_score", "f1_score",
             "fbeta_score", "precision_recall_fscore_support")


def _per_class_permuted(metric, value, kw, at):
    """A per-class answer of the reference with its classes put in the order ``at`` (indices into the
    sorted classes): matrix rows and columns, or the average=None arrays; other answers unchanged."""
    if metric in ("confusion_matrix", "multilabel_confusion_matrix"):
        return value[np.ix_(at, at)] if metric == "confusion_matrix" else value[at]
    if kw.get("average", "binary" if metric != "precision_recall_fscore_support" else None) is not None:
        return value
    if metric == "precision_recall_fscore_support":
        return tuple(part[at] for part in value)
    return value[at]


def order_dependent(metric, ref):
    """Classes indexed in order of first appearance (an insertion-ordered map), not sorted:
    per-class rows, columns and arrays come out permuted.  Only with labels=None on label
    vectors (given labels fix the order; indicator columns are their own order)."""
    if metric not in PER_CLASS:
        return None

    @_planted(ref)
    def planted(y_true, y_pred, **kw):
        value = ref(y_true, y_pred, **kw)
        if kw.get("labels") is not None or chk.is_indicator_call(y_true, y_pred):
            return value
        return _per_class_permuted(metric, value, kw, _first_appearance(y_true, y_pred))

    return planted


def _casefold_order(*arrays) -> np.ndarray | None:
    """The classes of string label arrays sorted case-insensitively (str.casefold, as a locale-aware
    port does), as indices into their code-point order (np.unique's); None for labels that are not
    strings."""
    values = np.concatenate([np.asarray(a).reshape(-1) for a in arrays])
    if values.dtype.kind != "U":
        return None
    classes = np.unique(values).tolist()
    return np.array(sorted(range(len(classes)), key=lambda i: (classes[i].casefold(), classes[i])), dtype=int)


def case_insensitive_classes(metric, ref):
    """String classes sorted case-insensitively ("a" < "B"), not by code point ("B" < "a"): the
    per-class rows, columns and arrays of PER_CLASS and contingency_matrix's rows and columns come
    out permuted where the two orders differ (labels=None only: a given list fixes the order)."""
    if metric == "contingency_matrix":
        @_planted(ref)
        def contingency(labels_true, labels_pred, **kw):
            value = ref(labels_true, labels_pred, **kw)
            rows, columns = _casefold_order(labels_true), _casefold_order(labels_pred)
            if rows is not None:
                value = value[rows]
            return value[:, columns] if columns is not None else value

        return contingency
    if metric not in PER_CLASS:
        return None

    @_planted(ref)
    def planted(y_true, y_pred, **kw):
        value = ref(y_true, y_pred, **kw)
        at = _casefold_order(y_true, y_pred)
        if kw.get("labels") is not None or at is None:
            return value
        return _per_class_permuted(metric, value, kw, at)

    return planted


# The metrics whose scores or predictions a filtering library cleans first: the scores and regression
# families of the registry, and in each the inputs that hold scores, probabilities or regression values.
FILTERED = {registry.Kind.SCORES, registry.Kind.PROBABILITIES, registry.Kind.REGRESSION}
DROPS_NON_FINITE = tuple(name for name, m in registry.METRICS.items() if m.family in ("scores", "regression"))


def _finite_rows(value) -> np.ndarray | None:
    """Per sample (row), whether every number of it is finite; None when the input is no number array."""
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    if arr.ndim == 0:
        return None
    return np.isfinite(arr.reshape(arr.shape[0], -1)).all(axis=1)


def drops_non_finite(metric, ref):
    """The samples whose score or prediction is NaN or infinite are dropped before computing, as a
    library that filters NaN does: where scikit-learn refuses, it answers (1.0, an RMSE of 0, ...).
    Unlike the other bugs it does not call the reference first on the original inputs: its point is
    to answer where the reference refuses.  Calls without a non-finite value are the reference's."""
    if metric not in DROPS_NON_FINITE:
        return None
    numeric = [i.name for i in registry.METRICS[metric].inputs if FILTERED & set(i.kinds)]

    @_planted(ref)
    def planted(**kw):
        masks = [_finite_rows(kw[name]) for name in numeric if kw.get(name) is not None]
        if not masks or any(m is None for m in masks) or len({m.shape[0] for m in masks}) != 1 or \
                all(m.all() for m in masks):
            return ref(**kw)
        keep = np.logical_and.reduce(masks)
        # Every input of the same length loses the same samples (y_true and sample_weight too).
        sliced = {k: (np.asarray(v)[keep] if isinstance(v, np.ndarray) and v.ndim and v.shape[0] == keep.shape[0]
                      else v) for k, v in kw.items()}
        return ref(**sliced)

    return planted


BUGS = {
    "f1-of-means": f1_of_means,
    "float32-accumulation": float32_accumulation,
    "macro-over-y-true": macro_over_y_true,
    "ignored-sample-weight": ignored_sample_weight,
    "one-pass-r2": one_pass_r2,
    "order-dependent": order_dependent,
    "case-insensitive-classes": case_insensitive_classes,
    "drops-non-finite": drops_non_finite,
}


@functools.cache
def planted_function(bug: str, metric: str):
    """(function, accepted keyword names or None) as adapter.metric_function gives, with the bug
    planted where it applies; None when the reference has no such metric."""
    found = adapter.metric_function(metric)
    if found is None:
        return None
    fn, accepted = found
    return BUGS[bug](metric, fn) or fn, accepted


def affected_metrics(bug: str) -> tuple[str, ...]:
    """The reference's metrics whose function the bug replaces; every other metric is answered by
    the reference's own function object."""
    return tuple(name for name in reference.__all__
                 if adapter.metric_function(name) is not None and planted_function(bug, name)[0] is not
                 adapter.metric_function(name)[0])


def run(message: dict, bug: str) -> dict:
    """adapter.run with the planted function in place of the reference's."""
    return adapter.run(message, lambda metric: planted_function(bug, metric))


def main(bug: str) -> int:
    """adapter.main, answering with the planted functions."""
    return adapter.main(lambda metric: planted_function(bug, metric), name=f"planted {bug}")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in BUGS:
        print(f"usage: planted.py BUG, BUG one of {', '.join(BUGS)}", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
