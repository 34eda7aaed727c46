"""The metrics, each a function of :class:`Counts` plus its keywords.

Every public function does three things: check its keywords, count once
(:func:`counts`), and hand the counts to a ``*_from_counts`` function.  The
``*_from_counts`` functions are where the conventions live; each convention
that is scikit-learn's choice rather than arithmetic is commented at the line
that makes it.
"""

from __future__ import annotations

import math

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference._counts import Counts, count_checked
from conformance.reference._sums import LabelSums, indicator_sums, sums_from_counts

_ALL_WARN_FOR = ("precision", "recall", "f-score")


def _count_call(y_true, y_pred, sample_weight, *, summed: bool = False) -> Counts:
    """Counts for one metric call: all of scikit-learn's input rules, then one pass (``summed``:
    chk.check_sample_weight)."""
    return count_checked(*chk.check_targets(y_true, y_pred, sample_weight, whole_call=True, summed=summed))


def _check_common(y_true, y_pred, sample_weight, labels=None) -> None:
    chk.check_array_like("y_true", y_true)
    chk.check_array_like("y_pred", y_pred)
    chk.check_array_like("labels", labels, optional=True)
    chk.check_array_like("sample_weight", sample_weight, optional=True)


# --- confusion_matrix -----------------------------------------------------------------

def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    _check_common(y_true, y_pred, sample_weight, labels)
    chk.check_str_options("normalize", normalize, {"true", "pred", "all"})
    if sample_weight is None and np.ndim(y_true) == 0:
        # scikit-learn quirk: without weights it reads y_true.shape[0] before any check,
        # so a 0-d y_true raises IndexError here (TypeError everywhere else).
        raise IndexError("tuple index out of range (y_true is a 0-d array)")
    return confusion_matrix_from_counts(_count_call(y_true, y_pred, sample_weight), labels=labels, normalize=normalize)


def confusion_matrix_from_counts(c: Counts, *, labels=None, normalize=None) -> np.ndarray:
    if labels is None:
        cm = c.matrix.copy()  # sorted union of y_true and y_pred
    else:
        labels = np.asarray(labels)
        if labels.size == 0:
            raise ValueError("'labels' should contain at least one label.")
        index = c.index()
        found = [index.get(v) for v in labels.tolist()]
        if not any(i is not None and c.in_true[i] for i in found):
            raise ValueError("At least one label specified must be in y_true")
        # Row/column j holds requested label j.  A sample whose true or predicted label
        # is not requested is dropped.  With a label requested twice, the *last*
        # occurrence gets the counts and the earlier one stays zero (scikit-learn
        # builds a dict label -> position).
        position = {i: j for j, i in enumerate(found) if i is not None}
        src, dst = list(position), list(position.values())
        cm = np.zeros((labels.size, labels.size), dtype=c.matrix.dtype)
        cm[np.ix_(dst, dst)] = c.matrix[np.ix_(src, src)]
    # Normalisation divides the finished (possibly label-restricted) matrix.  0/0 -> 0;
    # with negative weights x/0 -> +-inf, which scikit-learn turns into +-max float.
    with np.errstate(all="ignore"):
        if normalize == "true":
            cm = cm / cm.sum(axis=1, keepdims=True)
        elif normalize == "pred":
            cm = cm / cm.sum(axis=0, keepdims=True)
        elif normalize == "all":
            cm = cm / cm.sum()
    return np.nan_to_num(cm)


# --- accuracy_score ---------------------------------------------------------------------

def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    _check_common(y_true, y_pred, sample_weight)
    chk.check_bool("normalize", normalize)
    if chk.is_indicator_call(y_true, y_pred):
        return subset_accuracy(*chk.check_indicator_targets(y_true, y_pred, sample_weight), normalize=normalize)
    return accuracy_from_counts(_count_call(y_true, y_pred, sample_weight, summed=True), normalize=normalize)


def subset_accuracy(y_true: np.ndarray, y_pred: np.ndarray, sample_weight=None, *, normalize=True) -> float:
    """Multilabel accuracy: a sample is right only when its whole row matches.  Cells
    compare by value (scikit-learn counts the non-zeros of y_true - y_pred), so a row
    [1, 2] does not match [2, 1] although both are "all positive" to precision/recall."""
    right = np.all(y_true == y_pred, axis=1)
    if sample_weight is None:
        return float(right.mean() if normalize else right.sum())
    if not normalize:
        return float(np.dot(right, sample_weight))
    if sample_weight.sum() == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(np.dot(right, sample_weight) / sample_weight.sum())


def accuracy_from_counts(c: Counts, *, normalize=True) -> float:
    correct = np.trace(c.matrix)  # labels compared by value: 1 == 1.0
    if not normalize:
        return float(correct)
    total = c.matrix.sum()
    if total == 0:
        # Only reachable with negative weights; scikit-learn's np.average raises this.
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(correct / total)


# --- precision / recall / F -------------------------------------------------------------

def _prf_divide(numerator: np.ndarray, denominator: np.ndarray, zero_division) -> np.ndarray:
    """numerator / denominator, with zero_division's value where the denominator is 0."""
    mask = denominator == 0
    result = numerator.astype(np.float64) / np.where(mask, 1.0, denominator.astype(np.float64))
    result[mask] = chk.zero_division_value(zero_division)
    return result


def _nanaverage(a: np.ndarray, weights: np.ndarray | None = None) -> float:
    """scikit-learn's average over classes: NaN entries (zero_division=nan) are left out;
    nothing left -> NaN; weights summing to 0 are dropped (plain mean) instead of raising."""
    mask = np.isnan(a)
    if a.shape[0] == 0 or mask.all():
        return math.nan
    a = a[~mask]
    if weights is not None:
        weights = weights[~mask].astype(np.float64)
        scale = weights.sum()
        if scale != 0:
            return float(np.multiply(a, weights).sum() / scale)
    return float(a.mean())


def set_wise_labels(c: Counts, labels, pos_label, average):
    """The labels an ``average`` scores: ``[pos_label]`` for "binary" (after its checks),
    else ``labels`` (None: every class of the counts).  Shared with jaccard_score."""
    if c.n_classes == 0:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample is required.")
    if average == "binary":
        # 'binary' is allowed when y_true and y_pred together hold at most two labels.
        if c.n_classes > 2:
            raise ValueError("Target is multiclass but average='binary'. Please choose another average "
                             "setting, one of [None, 'micro', 'macro', 'weighted'].")
        if pos_label not in c.index():
            # pos_label must be one of the two labels; but with a single label in the data
            # scikit-learn accepts any pos_label and scores it as a class with no samples
            # (all counts 0, so P = R = F = zero_division) -- except None, which fails
            # when scikit-learn sorts it with the data's label (a TypeError).
            if c.n_classes == 2:
                raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {c.labels}")
            if pos_label is None:
                raise TypeError("'<' not supported between pos_label=None and the labels")
        return [pos_label]  # the labels keyword is ignored in binary mode
    if average == "samples":
        raise ValueError("Samplewise metrics are not available outside of multilabel classification.")
    return labels


def prfs_from_counts(c: Counts, *, beta=1.0, labels=None, pos_label=1, average=None, zero_division="warn"):
    """(precision, recall, F-beta, support) from counts; see precision_recall_fscore_support."""
    labels = set_wise_labels(c, labels, pos_label, average)
    # Per-class sums over ALL samples: a sample whose predicted label is not in `labels`
    # still counts in its true label's support, and vice versa (see sums_from_counts).
    return prfs_from_sums(sums_from_counts(c, labels), beta=beta, average=average, zero_division=zero_division)


def prfs_from_indicators(y_true, y_pred, sample_weight=None, *, beta=1.0, labels=None, average=None,
                         zero_division="warn"):
    """(precision, recall, F-beta, support) of multilabel indicator matrices.

    Each column is a label, scored one-vs-rest; ``labels`` are column indices.
    ``average="samples"`` scores each *row* instead (its true and predicted label sets)
    and takes the sample_weight-weighted mean of those per-sample values.
    """
    if average == "binary":
        raise ValueError("Target is multilabel-indicator but average='binary'. Please choose another "
                         "average setting, one of [None, 'micro', 'macro', 'weighted', 'samples'].")
    sums = indicator_sums(y_true, y_pred, sample_weight, labels, samplewise=average == "samples")
    return prfs_from_sums(sums, beta=beta, average=average, zero_division=zero_division, sample_weight=sample_weight)


def prfs_from_sums(sums: LabelSums, *, beta=1.0, average=None, zero_division="warn", sample_weight=None):
    """Divide and average: P, R, F-beta of each label (or sample), then the ``average``."""
    tp, true_sum, pred_sum = sums.tp, sums.true, sums.pred
    if average == "micro":
        # Sum over the selected labels only, so micro over a subset is not accuracy.
        tp, true_sum, pred_sum = (a.sum(keepdims=True) for a in (tp, true_sum, pred_sum))

    precision = _prf_divide(tp, pred_sum, zero_division)
    recall = _prf_divide(tp, true_sum, zero_division)
    # beta**2 in Python arithmetic, before anything else, as scikit-learn does: a float
    # beta above ~1.3e154 raises OverflowError here.
    beta2 = beta**2
    if np.isposinf(beta):
        f = recall
    elif beta == 0:
        f = precision
    else:
        # F from counts, not from P and R: (1+b^2) tp / ((1+b^2) tp + b^2 fn + fp).  Its
        # zero division is when tp + fn + fp == 0 alone, so P = R = 0 with tp = 0 gives F = 0,
        # not zero_division.  For huge beta, b^2 * 0 = nan propagates as in scikit-learn.
        denominator = beta2 * true_sum.astype(np.float64) + pred_sum.astype(np.float64)
        f = _prf_divide((1 + beta2) * tp.astype(np.float64), denominator, zero_division)

    if average is None:
        return precision, recall, f, true_sum
    # 'weighted' weighs each class by its support (total weight in y_true); 'samples'
    # weighs each sample by its sample_weight.
    weights = {"weighted": true_sum, "samples": sample_weight}.get(average)
    return _nanaverage(precision, weights), _nanaverage(recall, weights), _nanaverage(f, weights), None


def _check_prf(y_true, y_pred, labels, pos_label, average, sample_weight, zero_division) -> None:
    _check_common(y_true, y_pred, sample_weight, labels)
    chk.check_pos_label(pos_label)
    chk.check_average(average)
    chk.check_zero_division(zero_division)


def _prfs(y_true, y_pred, sample_weight, *, pos_label=1, **keywords):
    if chk.is_indicator_call(y_true, y_pred):
        # Multilabel: pos_label plays no part (average="binary" is refused).
        return prfs_from_indicators(*chk.check_indicator_targets(y_true, y_pred, sample_weight), **keywords)
    return prfs_from_counts(_count_call(y_true, y_pred, sample_weight, summed=True), pos_label=pos_label, **keywords)


def precision_recall_fscore_support(
    y_true,
    y_pred,
    *,
    beta=1.0,
    labels=None,
    pos_label=1,
    average=None,
    warn_for=_ALL_WARN_FOR,
    sample_weight=None,
    zero_division="warn",
):
    """Precision, recall, F-beta and support per class, or averaged (support None then).

    ``warn_for`` only selects warnings in scikit-learn; it is checked and ignored here.
    """
    _check_prf(y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)
    chk.check_beta(beta)
    if not isinstance(warn_for, (list, tuple, set)):
        raise chk.InvalidParameterError(f"The 'warn_for' parameter must be a list, tuple or set. Got {warn_for!r}.")
    return _prfs(y_true, y_pred, sample_weight, beta=beta, labels=labels, pos_label=pos_label,
                 average=average, zero_division=zero_division)


def fbeta_score(
    y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
):
    _check_prf(y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)
    chk.check_beta(beta)
    return _prfs(y_true, y_pred, sample_weight, beta=beta, labels=labels, pos_label=pos_label,
                 average=average, zero_division=zero_division)[2]


def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    _check_prf(y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)
    return _prfs(y_true, y_pred, sample_weight, beta=1, labels=labels, pos_label=pos_label,
                 average=average, zero_division=zero_division)[2]


def precision_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
):
    _check_prf(y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)
    return _prfs(y_true, y_pred, sample_weight, labels=labels, pos_label=pos_label,
                 average=average, zero_division=zero_division)[0]


def recall_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
):
    _check_prf(y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)
    return _prfs(y_true, y_pred, sample_weight, labels=labels, pos_label=pos_label,
                 average=average, zero_division=zero_division)[1]
