"""The metrics that accept both label vectors and multilabel indicator matrices, beyond
accuracy and precision/recall/F (which are in _metrics): multilabel_confusion_matrix,
jaccard_score, hamming_loss and zero_one_loss.

Label vectors go through the one counting pass (:func:`_count_call`); indicator matrices
through :func:`~conformance.reference._sums.indicator_sums`.  Both give per-label sums
(:class:`~conformance.reference._sums.LabelSums`), which is all these metrics read.
"""

from __future__ import annotations

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference._metrics import (
    _check_common,
    _count_call,
    _prf_divide,
    accuracy_score,
    set_wise_labels,
)
from conformance.reference._sums import LabelSums, indicator_sums, sums_from_counts

# --- multilabel_confusion_matrix ---------------------------------------------------------


def multilabel_confusion_matrix(y_true, y_pred, *, sample_weight=None, labels=None, samplewise=False):
    _check_common(y_true, y_pred, sample_weight, labels)
    chk.check_bool("samplewise", samplewise)
    if chk.is_indicator_call(y_true, y_pred):
        yt, yp, w = chk.check_indicator_targets(y_true, y_pred, sample_weight)
        return mcm_from_sums(indicator_sums(yt, yp, w, labels, samplewise=samplewise))
    if samplewise:
        raise ValueError("Samplewise metrics are not available outside of multilabel classification.")
    return mcm_from_sums(sums_from_counts(_count_call(y_true, y_pred, sample_weight, summed=True), labels))


def mcm_from_sums(s: LabelSums) -> np.ndarray:
    """One 2 x 2 matrix per label (or sample): [[TN, FP], [FN, TP]], the layout of
    confusion_matrix for the binary problem "this label or not" (rows = truth, the negative
    first).  TN is the weight of ALL the other samples: with ``labels`` a subset, the
    samples of unlisted labels still count (unlike confusion_matrix(labels=...))."""
    return np.stack([s.tn, s.fp, s.fn, s.tp], axis=-1).reshape(-1, 2, 2)


# --- jaccard_score ---------------------------------------------------------------------


def _check_jaccard_zero_division(zero_division) -> None:
    # Unlike precision/recall/F, jaccard_score does not accept NaN.
    chk.check_zero_division(zero_division)
    if not isinstance(zero_division, str) and zero_division != zero_division:
        raise chk.InvalidParameterError(
            f"The 'zero_division' parameter of jaccard_score must be a float among {{0, 1}} or a str among "
            f"{{'warn'}}. Got {zero_division!r} instead."
        )


def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                  zero_division="warn"):
    _check_common(y_true, y_pred, sample_weight, labels)
    chk.check_pos_label(pos_label)
    chk.check_average(average)
    _check_jaccard_zero_division(zero_division)
    if chk.is_indicator_call(y_true, y_pred):
        yt, yp, sample_weight = chk.check_indicator_targets(y_true, y_pred, sample_weight)
        if average == "binary":
            raise ValueError("Target is multilabel-indicator but average='binary'. Please choose another "
                             "average setting, one of [None, 'micro', 'macro', 'weighted', 'samples'].")
        sums = indicator_sums(yt, yp, sample_weight, labels, samplewise=average == "samples")
    else:
        c = _count_call(y_true, y_pred, sample_weight, summed=True)
        sums = sums_from_counts(c, set_wise_labels(c, labels, pos_label, average))
        sample_weight = None if sample_weight is None else np.asarray(sample_weight)
    return jaccard_from_sums(sums, average=average, zero_division=zero_division, sample_weight=sample_weight)


def jaccard_from_sums(s: LabelSums, *, average="binary", zero_division="warn", sample_weight=None):
    """|true ∩ pred| / |true ∪ pred| = TP / (TP + FP + FN) per label (or sample), then averaged."""
    numerator, denominator = s.tp, s.tp + s.fp + s.fn
    if average == "micro":
        numerator, denominator = numerator.sum(keepdims=True), denominator.sum(keepdims=True)
    # Empty union (label absent from both sides, or a sample with no true and no predicted
    # label): zero_division, 0 by default -- not 1, although two empty sets are equal.
    jaccard = _prf_divide(numerator, denominator, zero_division)
    if average is None:
        return jaccard
    weights = None
    if average == "weighted":
        weights = s.true
        if not np.any(weights):  # every label without support: the plain mean
            weights = None
    elif average == "samples":
        weights = sample_weight
    # np.average: the mean of nothing is NaN; weights summing to 0 raise (negative weights).
    if weights is None:
        return float(jaccard.mean()) if jaccard.size else float("nan")
    if np.sum(weights) == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(np.sum(jaccard * weights) / np.sum(weights))


# --- hamming_loss and zero_one_loss ------------------------------------------------------


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    _check_common(y_true, y_pred, sample_weight)
    if chk.is_indicator_call(y_true, y_pred):
        yt, yp, w = chk.check_indicator_targets(y_true, y_pred, sample_weight)
        # The fraction of CELLS that differ (by value), each sample's cells weighted by its
        # weight: sum_s w_s * #differing / (n_labels * sum_s w_s).
        differing = np.sum(yt != yp, axis=1)
        if w is None:
            return float(differing.sum() / differing.size / yt.shape[1])
        with np.errstate(all="ignore"):
            return float(np.dot(differing, w) / (yt.shape[0] * yt.shape[1] * np.mean(w)))
    # Label vectors: the weighted fraction of wrong samples, i.e. 1 - accuracy.
    c = _count_call(y_true, y_pred, sample_weight, summed=True)
    total = c.matrix.sum()
    if total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float((total - np.trace(c.matrix)) / total)


def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    # 1 - accuracy, or (total weight - weight right).  Multilabel: a sample counts as
    # wrong when ANY of its labels is wrong (subset loss), unlike hamming_loss.
    score = accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)
    if normalize:
        return 1 - score
    if sample_weight is None:
        return float(len(np.asarray(y_true)) - score)
    # Weighted and unnormalized: scikit-learn takes the dot product of "right" and the weights from
    # their sum.  The same sums in the same order: with large weights another order (the confusion
    # matrix's trace) leaves a rounding residue, e.g. -1.2e-7 where every prediction is right.
    y_true, y_pred, weight = np.asarray(y_true), np.asarray(y_pred), np.asarray(sample_weight)
    right = np.all(y_true == y_pred, axis=1) if y_true.ndim == 2 else y_true == y_pred
    return float(np.sum(weight) - np.dot(right, weight))
