"""The classification extras: hinge_loss, class_likelihood_ratios, det_curve, auc,
confusion_matrix_at_thresholds and metric_at_thresholds, in numpy alone.

Each has scikit-learn's name, signature and defaults (docs/spec/<name>.md).  The threshold
functions share the score family's threshold pass (``_scores._threshold_counts``: zero
weights removed, scores sorted high to low, one threshold per distinct score).
"""

from __future__ import annotations

import math
from importlib import import_module
from numbers import Real

import numpy as np

from conformance import registry
from conformance.reference import _inputs as chk
from conformance.reference._metrics import confusion_matrix
from conformance.reference._scores import (_array, _average, _check_keywords, _curve_inputs, _is_label,
                                           _threshold_counts, _trapezoid_area, column, sample_weights,
                                           same_length, score_array)

# --- hinge_loss ---------------------------------------------------------------------------------


def hinge_loss(y_true, pred_decision, *, labels=None, sample_weight=None):
    """Mean of max(0, 1 - margin).  The class set is ``labels`` when given, else y_true's classes.

    * More than two classes (Crammer-Singer): margin = the true class's column minus the
      largest OTHER column; pred_decision has one column per class, in sorted class order.
    * Two classes or fewer: one decision value per sample, y_true mapped to -1 / +1 by
      scikit-learn's LabelBinarizer fitted on y_true alone (labels is ignored): the greater
      class is +1; a single class is -1 throughout (so its margin is -decision).
    """
    _check_keywords(labels=(labels, lambda v: v is None or chk.is_array_like(v), "an array-like or None"))
    y = _array(y_true, "y_true")
    d = _array(pred_decision, "pred_decision")
    w = None if sample_weight is None else _array(sample_weight, "sample_weight")
    same_length(y, d, w)
    chk.averaged_weights(w)  # np.average's, unchecked before
    d = score_array(d, "pred_decision")
    y = column(y, "y_true")
    classes = np.unique(np.asarray(labels) if labels is not None else y)
    if classes.size > 2:
        if d.ndim <= 1:
            raise ValueError("The shape of pred_decision cannot be 1d array with a multiclass target.")
        if classes.size != d.shape[1]:
            raise ValueError("pred_decision needs one column per class (include all labels in y_true, or "
                             "pass labels)")
        codes = np.searchsorted(classes, y)
        if np.any(codes >= classes.size) or np.any(classes[np.minimum(codes, classes.size - 1)] != y):
            raise ValueError("y contains previously unseen labels")
        rows = np.arange(y.shape[0])
        others = d.astype(np.float64).copy()
        others[rows, codes] = -np.inf
        margin = d[rows, codes] - others.max(axis=1)
    else:
        d = column(d, "pred_decision")
        seen = np.unique(y)
        if seen.size == 1:
            sign = -np.ones(y.shape[0])
        elif seen.size == 2:
            sign = np.where(y == seen[1], 1.0, -1.0)
        else:  # labels names <= 2 classes but y_true has more: LabelBinarizer's first column
            sign = np.where(y == seen[0], 1.0, -1.0)
        margin = sign * d
    losses = np.clip(1 - margin, 0, None)
    # np.average: weights are not checked, and weights summing to 0 raise ZeroDivisionError.
    return _average(losses, None if w is None else column(w, "sample_weight").astype(np.float64))


# --- class_likelihood_ratios --------------------------------------------------------------------


def _undefined_values(replace_undefined_by):
    """(LR+ replacement, LR- replacement); NaN, 1.0 (both 1.0) or {"LR+": a >= 1, "LR-": b in [0, 1]}."""
    if isinstance(replace_undefined_by, dict):
        pos, neg = replace_undefined_by.get("LR+"), replace_undefined_by.get("LR-")
        ok = ("LR+" in replace_undefined_by and "LR-" in replace_undefined_by
              and isinstance(pos, Real) and isinstance(neg, Real)
              and not pos < 1.0 and not neg < 0.0 and not neg > 1.0)  # NaN passes, as in check_scalar
        if not ok:
            raise ValueError("replace_undefined_by must be {'LR+': value >= 1, 'LR-': value in [0, 1]}")
        return float(pos), float(neg)
    if isinstance(replace_undefined_by, Real) and not isinstance(replace_undefined_by, bool):
        if math.isnan(replace_undefined_by):
            return math.nan, math.nan
        if replace_undefined_by == 1.0:
            return 1.0, 1.0
    raise chk._invalid("replace_undefined_by", "a float among {nan, 1.0} or a dict", replace_undefined_by)


def class_likelihood_ratios(y_true, y_pred, *, labels=None, sample_weight=None, replace_undefined_by=np.nan):
    """(LR+, LR-) = (sensitivity / (1 - specificity), (1 - sensitivity) / specificity), computed as
    tp·N / (fp·P) and fn·N / (tn·P) from confusion_matrix (the second of two labels is positive).

    * fp = 0 (LR+ divides by 0) or tn = 0 (LR-): that ratio is the replacement of
      ``replace_undefined_by`` (NaN by default).
    * No positive sample in y_true (P = 0): 0/0, NaN, wherever the replacement does not apply.
    """
    yt, yp, _ = chk.check_targets(y_true, y_pred, sample_weight)
    if np.unique(np.concatenate([yt, yp]) if yt.dtype == yp.dtype else list(yt) + list(yp)).size > 2:
        raise ValueError("class_likelihood_ratios only supports binary classification problems")
    lr_pos_undefined, lr_neg_undefined = _undefined_values(replace_undefined_by)
    cm = confusion_matrix(y_true, y_pred, sample_weight=sample_weight, labels=labels)
    tn, fp, fn, tp = (np.float64(v) for v in cm.ravel())
    support_pos, support_neg = tp + fn, tn + fp
    with np.errstate(divide="ignore", invalid="ignore"):
        lr_pos = lr_pos_undefined if fp == 0 else float(tp * support_neg / (fp * support_pos))
        lr_neg = lr_neg_undefined if tn == 0 else float(fn * support_neg / (tn * support_pos))
    return lr_pos, lr_neg


# --- the threshold functions --------------------------------------------------------------------


def _check_threshold_keywords(pos_label, sample_weight):
    _check_keywords(
        pos_label=(pos_label, lambda v: v is None or _is_label(v), "a number, a str, a bool or None"),
        sample_weight=(sample_weight, lambda v: v is None or chk.is_array_like(v), "an array-like or None"),
    )


def confusion_matrix_at_thresholds(y_true, y_score, *, pos_label=None, sample_weight=None):
    """(tns, fps, fns, tps, thresholds), one entry per distinct score, highest score first:
    the weighted counts when every sample scoring >= the threshold is predicted positive."""
    _check_threshold_keywords(pos_label, sample_weight)
    fps, tps, thresholds = _threshold_counts(*_curve_inputs(y_true, y_score, pos_label, sample_weight))
    return fps[-1] - fps, fps, tps[-1] - tps, tps, thresholds


def det_curve(y_true, y_score, pos_label=None, sample_weight=None, drop_intermediate=False):
    """(fpr, fnr, thresholds) with INCREASING thresholds: the false negative rate, not the true
    positive rate, against the false positive rate.

    The threshold +inf (nothing predicted positive) is prepended, then (drop_intermediate) the
    points inside a run of equal tps are dropped; the curve is cut to start at the last point
    with no false positive and to end at the first with no false negative, and reversed.
    """
    _check_threshold_keywords(pos_label, sample_weight)
    _check_keywords(drop_intermediate=(drop_intermediate, lambda v: isinstance(v, (bool, np.bool_)),
                                       "an instance of 'bool'"))
    fps, tps, thresholds = _threshold_counts(*_curve_inputs(y_true, y_score, pos_label, sample_weight))
    fps, tps = np.r_[0.0, fps], np.r_[0.0, tps]
    thresholds = np.r_[np.inf, thresholds.astype(np.float64)]
    if drop_intermediate and fps.shape[0] > 2:
        keep = np.flatnonzero(np.r_[True, np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:])), True])
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    # Checked on y_true's raw values, after the counts: a multiclass y_true with pos_label is refused too.
    if np.unique(np.asarray(y_true)).shape[0] != 2:
        raise ValueError("Only one class is present in y_true. Detection error tradeoff curve is not defined "
                         "in that case.")
    fns = tps[-1] - tps
    first = np.searchsorted(fps, fps[0], side="right") - 1
    last = np.searchsorted(tps, tps[-1]) + 1
    with np.errstate(divide="ignore", invalid="ignore"):
        return fps[first:last][::-1] / fps[-1], fns[first:last][::-1] / tps[-1], thresholds[first:last][::-1]


def auc(x, y):
    """The trapezoidal area under y(x); x must be increasing or decreasing (ties allowed), a
    decreasing x giving the same positive area; fewer than 2 points are refused."""
    _check_keywords(x=(x, chk.is_array_like, "an array-like"), y=(y, chk.is_array_like, "an array-like"))
    xa, ya = _array(x, "x"), _array(y, "y")
    same_length(xa, ya)
    xa, ya = column(xa, "x"), column(ya, "y")
    _no_arithmetic_on_strings(x=xa, y=ya)
    return _trapezoid_area(xa, ya)


def _no_arithmetic_on_strings(**arrays) -> None:
    """scikit-learn subtracts and multiplies these inputs as they are: a string among the numbers (a string
    array, as numpy reads the mixed list) meets numpy's TypeError (UFuncTypeError) there."""
    for name, a in arrays.items():
        if chk.holds_string(a):
            raise TypeError(f"{name} holds a string: numpy's arithmetic has no loop for strings")


def metric_function(name):
    """``metric_func`` by name (docs/decisions/0030): the reference function of the corpus metric so
    named, or the callable itself."""
    if callable(name):
        return name
    entry = registry.METRICS.get(name) if isinstance(name, str) else None
    if entry is None:
        raise ValueError(f"metric_func must be the name of a corpus metric, got {name!r}")
    return getattr(import_module(entry.reference), name)


def metric_at_thresholds(y_true, y_score, metric_func, *, sample_weight=None, metric_params=None):
    """(metric values, thresholds): ``metric_func(y_true, y_pred, **metric_params)`` at each
    distinct score, highest first, where y_pred = (y_score >= threshold) as 0/1 integers.

    y_true is passed as it is (no positive label: the metric's own pos_label decides); zero-weight
    samples are removed first, and the weights are passed on as sample_weight.
    """
    fn = metric_function(metric_func)
    _check_keywords(metric_params=(metric_params, lambda v: v is None or isinstance(v, dict), "a dict or None"))
    yt, s = _array(y_true, "y_true"), _array(y_score, "y_score")
    w = None if sample_weight is None else _array(sample_weight, "sample_weight")
    same_length(yt, s, w)
    yt, s = column(yt, "y_true"), column(s, "y_score")
    for a, name in ((yt, "y_true"), (s, "y_score")):
        if a.dtype.kind == "f" and not np.isfinite(a).all():
            raise ValueError(f"Input {name} contains {'NaN' if np.isnan(a).any() else 'infinity'}.")
    _no_arithmetic_on_strings(y_score=s)
    if w is not None:
        w = sample_weights(column(w, "sample_weight"), yt.shape[0])
        keep = w != 0
        yt, s, w = yt[keep], s[keep], w[keep]
    order = np.argsort(s, kind="stable")[::-1]
    yt, s = yt[order], s[order]
    params = dict(metric_params or {})
    if w is not None:
        params["sample_weight"] = w[order]
    thresholds = s[np.r_[np.flatnonzero(np.diff(s)), s.shape[0] - 1]]
    values = [fn(yt, (s >= t).astype(np.int32), **params) for t in thresholds]
    return np.asarray(values), thresholds
