"""Score-based classification metrics: scikit-learn 1.9.1 in numpy alone.

top_k_accuracy_score, log_loss, brier_score_loss, roc_curve,
precision_recall_curve, roc_auc_score and average_precision_score.  The
calibration functions are in ``_calibration``.

Everything ranking-based is built on one function, :func:`_threshold_counts`
(scikit-learn's ``confusion_matrix_at_thresholds``): sort by score, group tied
scores, and accumulate weighted true and false positives at each distinct
score.  Every tie rule in this module follows from that grouping: a group of
tied scores is one point of a curve, never one point per sample.

Scope: ``y_true`` is a 1-D array of class labels (an (n, 1) column is
accepted where scikit-learn accepts it); multilabel indicator matrices are out
of scope and raise ValueError.  Not mirrored (the exception class may differ
from scikit-learn's, the outcome -- a refusal -- does not): 0-d arrays, string
scores, string sample weights.
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference._inputs import InvalidParameterError

# --- input checks (scikit-learn's check_array / column_or_1d / type_of_target) ----------


def _array(x, name: str) -> np.ndarray:
    a = np.asarray(x)
    if a.ndim == 0:
        raise TypeError(f"{name} should have at least 1 dimension, got a scalar array")
    return a


def score_array(x, name: str, *, floats: bool = False) -> np.ndarray:
    """A score or probability array as scikit-learn's check_array(ensure_2d=False) sees it:
    numeric, 1-D or 2-D, at least one row (and one column), every value finite.
    ``floats`` converts integers to float64 (a float32 array stays float32)."""
    a = _array(x, name)
    if a.dtype.kind in "US":
        raise ValueError(f"{name}: strings are not scores")
    if a.dtype.kind == "O":
        a = a.astype(np.float64)  # raises ValueError/TypeError on non-numbers
    if a.dtype.kind == "c":
        raise ValueError("Complex data not supported")
    if a.ndim > 2:
        raise ValueError(f"Found array with dim {a.ndim}, while dim <= 2 is required.")
    if a.shape[0] == 0:
        raise ValueError(f"Found array with 0 sample(s) (shape={a.shape}) while a minimum of 1 is required.")
    if a.ndim == 2 and a.shape[1] == 0:
        raise ValueError(f"Found array with 0 feature(s) (shape={a.shape}) while a minimum of 1 is required.")
    if floats and a.dtype not in (np.float32, np.float64):
        a = a.astype(np.float64)
    if a.dtype.kind == "f" and not np.isfinite(a).all():
        raise ValueError(f"Input {name} contains {'NaN' if np.isnan(a).any() else 'infinity'}.")
    return a


def column(a: np.ndarray, name: str) -> np.ndarray:
    """scikit-learn's column_or_1d: 1-D, or an (n, 1) column flattened."""
    if a.ndim == 1:
        return a
    if a.ndim == 2 and a.shape[1] == 1:
        return a.reshape(-1)
    raise ValueError(f"{name} should be a 1d array, got an array of shape {a.shape} instead.")


def target_type(y: np.ndarray) -> str:
    """scikit-learn's type_of_target, for the kinds of array in scope."""
    if y.ndim == 0 or y.ndim > 2 or (y.ndim == 2 and y.shape[1] == 0):
        return "unknown"
    if y.dtype == object and y.size and not isinstance(y.flat[0], str):
        return "unknown"
    if y.ndim == 2 and y.shape[1] > 1:
        return "multilabel-indicator" if y.dtype.kind in "biuf" and np.isin(y, (0, 1)).all() else "multiclass-multioutput"
    if y.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            integral = y.astype(np.int64).astype(y.dtype)
        if np.any(y != integral):
            if not np.isfinite(y).all():
                raise ValueError(f"Input y_true contains {'NaN' if np.isnan(y).any() else 'infinity'}.")
            return "continuous"
    return "multiclass" if np.unique(y).shape[0] > 2 else "binary"


def labels_1d(y_true, name: str = "y_true") -> tuple[np.ndarray, str]:
    """(y_true flattened, its type); only binary and multiclass targets are in scope."""
    y = _array(y_true, name)
    kind = target_type(y)
    if kind == "multilabel-indicator":
        raise ValueError("multilabel-indicator y_true is out of scope for this reference")
    if kind not in ("binary", "multiclass"):
        raise ValueError(f"{kind} format is not supported")
    return column(y, name), kind


def sample_weights(sample_weight, n: int, *, summed: bool = False) -> np.ndarray | None:
    """scikit-learn's _check_sample_weight: 1-D, n finite numbers, not all 0.  ``summed``: kept
    unconverted (force_float_dtype=False, the probabilistic losses), so a string meets a sum."""
    if sample_weight is None:
        return None
    w = _array(sample_weight, "sample_weight")
    if w.ndim != 1:
        raise ValueError(f"Sample weights must be 1D array or scalar, got {w.ndim}D array.")
    if w.shape[0] != n:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: [{n}, {w.shape[0]}]")
    if summed:
        chk.averaged_weights(w)
    w = w.astype(np.float64)
    if not np.isfinite(w).all():
        raise ValueError("Input sample_weight contains NaN or infinity.")
    if not np.any(w != 0):
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return w


def same_length(*arrays) -> None:
    lengths = [a.shape[0] for a in arrays if a is not None]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths}")


def unique_labels_param(labels, name: str = "labels") -> np.ndarray:
    """A ``labels`` keyword that must be unique and sorted (top_k_accuracy_score, roc_auc_score)."""
    labels = column(_array(labels, name), name)
    classes = np.unique(labels)
    if classes.shape[0] != labels.shape[0]:
        raise ValueError("Parameter 'labels' must be unique.")
    if not np.array_equal(classes, labels):
        raise ValueError("Parameter 'labels' must be ordered.")
    return classes


def positive_label(pos_label, y_true: np.ndarray):
    """scikit-learn's _check_pos_label_consistency: without pos_label, y_true's values must be
    {0, 1}, {-1, 1} or one of {0}, {-1}, {1}, and the positive class is 1."""
    if pos_label is not None:
        return pos_label
    classes = np.unique(y_true)
    if y_true.dtype.kind in "USO" or classes.shape[0] > 2 or not any(
        classes.shape == np.shape(ok) and np.array_equal(classes, ok) for ok in ([0, 1], [-1, 1], [0], [-1], [1])
    ):
        raise ValueError(
            f"y_true takes value in {set(classes.tolist())} and pos_label is not specified: either make y_true "
            "take value in {0, 1} or {-1, 1} or pass pos_label explicitly."
        )
    return 1


def _average(values: np.ndarray, weights: np.ndarray | None) -> float:
    """numpy's average, whose ZeroDivisionError for weights summing to 0 scikit-learn lets through."""
    if weights is None:
        return float(np.mean(values))
    total = weights.sum()
    if total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(np.dot(values, weights) / total)


def _check_keywords(**checks) -> None:
    for name, (value, ok, allowed) in checks.items():
        if not ok(value):
            raise InvalidParameterError(f"The {name!r} parameter must be {allowed}. Got {value!r} instead.")


def _is_int(v) -> bool:
    return isinstance(v, Integral)  # bool included, as scikit-learn's Interval(Integral) does


def _is_label(v) -> bool:
    return isinstance(v, (Real, str, bool, np.bool_))


def _array_like_or_none(v) -> bool:
    return v is None or chk.is_array_like(v)


# --- top_k_accuracy_score --------------------------------------------------------------


def top_k_accuracy_score(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
    _check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_score=(y_score, chk.is_array_like, "an array-like"),
        k=(k, lambda v: _is_int(v) and v >= 1, "an int in the range [1, inf)"),
        normalize=(normalize, lambda v: isinstance(v, (bool, np.bool_)), "an instance of 'bool'"),
        sample_weight=(sample_weight, _array_like_or_none, "an array-like or None"),
        labels=(labels, _array_like_or_none, "an array-like or None"),
    )
    yt = _array(y_true, "y_true")
    if yt.shape[0] == 0:
        raise ValueError("Found array with 0 sample(s) while a minimum of 1 is required.")
    yt, kind = labels_1d(yt)
    if kind == "binary" and labels is not None and len(labels) > 2:
        kind = "multiclass"  # labels declare more classes than y_true shows
    scores = score_array(y_score, "y_score")
    if kind == "binary":
        if scores.ndim == 2 and scores.shape[1] != 1:
            raise ValueError(f"`y_true` is binary while y_score is 2d with {scores.shape[1]} classes.")
        scores = column(scores, "y_score")
    elif scores.ndim != 2:
        raise ValueError("`y_score` needs to be of shape `(n_samples, n_classes)`.")
    w = None if sample_weight is None else _array(sample_weight, "sample_weight")
    same_length(yt, scores, w)
    chk.averaged_weights(w)  # handed to np.average unchecked
    n_columns = scores.shape[1] if scores.ndim == 2 else 2  # 1-D binary scores stand for 2 classes
    if labels is None:
        classes = np.unique(yt)
    else:
        classes = unique_labels_param(labels)
        if np.setdiff1d(yt, classes).size:
            raise ValueError("'y_true' contains labels not in parameter 'labels'.")
    if classes.shape[0] != n_columns:
        raise ValueError(f"Number of classes ({classes.shape[0]}) not equal to the number of classes in "
                         f"'y_score' ({n_columns}).")
    true_index = np.searchsorted(classes, yt)
    if kind == "binary":
        if k == 1:
            # One score per sample, for the greater class.  Probabilities (all within [0, 1])
            # are cut at 0.5, anything else (decision values) at 0; a score equal to the
            # threshold predicts the smaller class.
            threshold = 0.5 if scores.min() >= 0 and scores.max() <= 1 else 0
            hits = (scores > threshold).astype(np.int64) == true_index
        else:
            hits = np.ones(yt.shape[0], dtype=bool)  # k >= 2 of 2 classes: always a hit
    else:
        # Tie rule: columns are ranked by a stable ascending sort, then reversed, so among
        # equal scores the column with the HIGHER index ranks first.
        ranked = np.argsort(scores, axis=1, kind="stable")[:, ::-1]
        hits = (ranked[:, :k] == true_index[:, None]).any(axis=1)
    if normalize:
        return _average(hits.astype(np.float64), None if w is None else w.astype(np.float64))
    if w is None:
        return float(np.sum(hits))
    return float(np.dot(hits, w))


# --- log_loss and brier_score_loss: probabilities -----------------------------------------


def _one_hot(y_true, n_columns: int, labels) -> np.ndarray:
    """The (n, K) indicator of y_true over the classes of ``labels`` (or of y_true), as
    scikit-learn's LabelBinarizer builds it.

    The classes are always SORTED: ``labels=[2, 0, 1]`` means columns 0, 1, 2 (scikit-learn
    only warns that the given order is ignored).  At least two classes are needed.
    """
    yt = _array(y_true, "y_true")
    if labels is None and target_type(yt) == "multilabel-indicator":
        # LabelBinarizer keeps an indicator matrix as it is: column j is class j, and a row may
        # mark several classes (each one's probability then counts).
        if yt.shape[1] != n_columns:
            raise ValueError(f"y_true and y_prob contain different number of classes: {yt.shape[1]} vs "
                             f"{n_columns}.")
        return yt.astype(np.float64)
    if labels is None:
        yt, _ = labels_1d(yt)
        classes = np.unique(yt)
        if classes.shape[0] == 1:
            raise ValueError(f"y_true contains only one label ({classes[0]}). Please provide the list of all "
                             "expected class labels explicitly through the labels argument.")
    else:
        lab, _ = labels_1d(labels, "labels")
        classes = np.unique(lab)
        if classes.shape[0] != lab.shape[0]:
            raise ValueError("labels holds a duplicate")  # scikit-learn: a shape mismatch in a comparison
        yt = column(yt, "y_true")
        if not np.isin(yt, lab).all():
            raise ValueError("y_true contains values not belonging to the passed labels.")
        if classes.shape[0] == 1:
            raise ValueError(f"The labels array needs to contain at least two labels, got {classes}.")
        labels_1d(yt)  # y_true itself must still be a label array
    if classes.shape[0] != n_columns:
        raise ValueError(f"y_true and y_prob contain different number of classes: {classes.shape[0]} vs "
                         f"{n_columns}. Classes found: {classes}")
    return (yt[:, None] == classes[None, :]).astype(np.float64)


def _probabilities(y_proba, name: str = "y_proba") -> np.ndarray:
    p = score_array(y_proba, name, floats=True)
    if p.max() > 1:
        raise ValueError(f"y_prob contains values greater than 1: {p.max()}")
    if p.min() < 0:
        raise ValueError(f"y_prob contains values lower than 0: {p.min()}")
    return p


def _multiclass_probabilities(y_true, y_proba, sample_weight, labels):
    """(indicator, probabilities, weights), both (n, K); a 1-D (or one-column) y_proba is the
    probability of the GREATER of two classes and becomes [1 - p, p]."""
    p = _probabilities(y_proba)
    yt = _array(y_true, "y_true")
    same_length(p, yt)
    w = sample_weights(sample_weight, p.shape[0], summed=True)
    chk.refuse_listed_mix(y_true if labels is None else labels)  # what LabelBinarizer.fit is given, as given
    if p.ndim == 1:
        p = p[:, None]
    if p.shape[1] == 1:
        p = np.concatenate([1 - p, p], axis=1)
    # Rows need not sum to 1: scikit-learn warns and uses them as they are (no renormalising).
    return _one_hot(yt, p.shape[1], labels), p, w


def log_loss(y_true, y_proba=None, *, normalize=True, sample_weight=None, labels=None, y_pred="deprecated"):
    _check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_proba=(y_proba, _array_like_or_none, "an array-like"),
        normalize=(normalize, lambda v: isinstance(v, (bool, np.bool_)), "an instance of 'bool'"),
        sample_weight=(sample_weight, _array_like_or_none, "an array-like or None"),
        labels=(labels, _array_like_or_none, "an array-like or None"),
        y_pred=(y_pred, lambda v: isinstance(v, str) or chk.is_array_like(v), "an array-like"),
    )
    if not (isinstance(y_pred, str) and y_pred == "deprecated"):
        if y_proba is not None:
            raise ValueError("Cannot use both `y_pred` and `y_proba`.")
        y_proba = y_pred  # the 1.9 name change; y_pred still works, with a FutureWarning
    if y_proba is None:
        raise ValueError("Input contains NaN.")  # scikit-learn checks np.asarray(None): a NaN
    indicator, p, w = _multiclass_probabilities(y_true, y_proba, sample_weight, labels)
    # Clipping: to [eps, 1 - eps] with eps the machine epsilon of the probabilities' dtype
    # (2.220446049250313e-16 for float64).  scikit-learn 1.9.1 has no ``eps`` keyword.
    eps = np.finfo(p.dtype).eps
    p = np.clip(p, eps, 1 - eps)
    # Only the true class's column counts (x*log(y) with x = 0 is 0); natural log.
    loss = -np.sum(np.where(indicator == 1, np.log(p), 0.0), axis=1)
    if normalize:
        return _average(loss, w)
    return float(loss.sum() if w is None else np.dot(loss, w))


def brier_score_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None, scale_by_half="auto"):
    _check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_proba=(y_proba, chk.is_array_like, "an array-like"),
        sample_weight=(sample_weight, _array_like_or_none, "an array-like or None"),
        pos_label=(pos_label, lambda v: v is None or _is_label(v), "a number, a str, a bool or None"),
        labels=(labels, _array_like_or_none, "an array-like or None"),
        scale_by_half=(scale_by_half, lambda v: isinstance(v, (bool, np.bool_)) or v == "auto",
                       "a bool or 'auto'"),
    )
    p = score_array(y_proba, "y_proba", floats=True)
    if p.ndim == 1 or p.shape[1] == 1:
        indicator, p, w = _binary_probabilities(y_true, p, sample_weight, pos_label)
    else:
        indicator, p, w = _multiclass_probabilities(y_true, p, sample_weight, labels)
    # In the probabilities' own float type: float32 probabilities give a float32 score.
    score = _average(np.sum((indicator.astype(p.dtype) - p) ** 2, axis=1), w)
    if scale_by_half == "auto":
        scale_by_half = p.shape[1] < 3  # binary: halved, so it is the mean of (y - p)^2
    return float(score * 0.5 if scale_by_half else score)


def _binary_probabilities(y_true, p, sample_weight, pos_label):
    """brier_score_loss with one probability per sample: that of the positive class."""
    yt = column(_array(y_true, "y_true"), "y_true")
    p = column(p, "y_proba")
    if yt.dtype.kind == "f" and not np.isfinite(yt).all():
        raise ValueError("Input y_true contains NaN or infinity.")
    same_length(p, yt)
    w = sample_weights(sample_weight, p.shape[0], summed=True)
    if target_type(yt) != "binary":
        raise ValueError(f"The type of the target inferred from y_true is {target_type(yt)} but should be binary.")
    p = _probabilities(p)
    try:
        pos_label = positive_label(pos_label, yt)
    except ValueError:
        # Unlike the curves, numbers outside {0, 1}/{-1, 1} are accepted here: the positive
        # class is then the GREATER label.  Only string labels need an explicit pos_label.
        if yt.dtype.kind in "USO":
            raise
        pos_label = np.unique(yt)[-1]
    positive = (yt == pos_label).astype(np.float64)
    return np.stack([1 - positive, positive], axis=1), np.stack([1 - p, p], axis=1), w


# --- curves -------------------------------------------------------------------------------


def _curve_inputs(y_true, y_score, pos_label, sample_weight):
    """(y_true as 0/1 for pos_label, scores, weights) for a binary curve."""
    yt = _array(y_true, "y_true")
    kind = target_type(yt)
    if kind == "multilabel-indicator":
        raise ValueError("multilabel-indicator format is not supported")
    if not (kind == "binary" or (kind == "multiclass" and pos_label is not None)):
        raise ValueError(f"{kind} format is not supported")
    pos_label = positive_label(pos_label, yt)
    positive = (yt == pos_label).astype(np.float64)
    s = _array(y_score, "y_score")
    if s.dtype.kind in "US":
        raise TypeError("string scores cannot be ranked")  # scikit-learn: a numpy ufunc TypeError
    w = None if sample_weight is None else _array(sample_weight, "sample_weight")
    same_length(positive, s, w)
    positive = column(positive, "y_true")
    s = column(s, "y_score")
    if s.dtype.kind == "f" and not np.isfinite(s).all():
        raise ValueError(f"Input y_score contains {'NaN' if np.isnan(s).any() else 'infinity'}.")
    w = sample_weights(w, s.shape[0])
    return positive, s, w


def _threshold_counts(positive, scores, weights):
    """(fps, tps, thresholds) at each distinct score, highest first: the weighted number of
    negatives and positives scoring >= that threshold.

    * Samples of weight 0 are removed first, so their scores are never thresholds.
    * Tied scores form ONE threshold: the counts jump by the whole group at once.
    """
    if weights is not None:
        keep = weights != 0
        positive, scores, weights = positive[keep], scores[keep], weights[keep]
    if scores.shape[0] == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")  # scikit-learn's refusal
    order = np.argsort(scores, kind="stable")[::-1]
    positive, scores = positive[order], scores[order]
    w = 1.0 if weights is None else weights[order]
    last_of_group = np.r_[np.flatnonzero(np.diff(scores)), scores.shape[0] - 1]
    tps = np.cumsum(positive * w)[last_of_group]
    if weights is None:
        fps = 1 + last_of_group - tps
    else:
        fps = np.cumsum((1 - positive) * w)[last_of_group]
    return fps, tps, scores[last_of_group]


def _check_curve_keywords(y_true, y_score, pos_label, sample_weight, drop_intermediate):
    _check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_score=(y_score, chk.is_array_like, "an array-like"),
        pos_label=(pos_label, lambda v: v is None or _is_label(v), "a number, a str, a bool or None"),
        sample_weight=(sample_weight, _array_like_or_none, "an array-like or None"),
        drop_intermediate=(drop_intermediate, lambda v: isinstance(v, (bool, np.bool_)), "an instance of 'bool'"),
    )


def _roc_points(fps, tps, thresholds, drop_intermediate):
    """(fpr, tpr, thresholds) of roc_curve from the threshold counts."""
    if drop_intermediate and fps.shape[0] > 2:
        # Keep the ends and every point where the curve turns (a non-zero second difference
        # of fps or tps); collinear points in between are dropped.
        corner = np.logical_or(np.diff(fps, 2), np.diff(tps, 2))
        keep = np.flatnonzero(np.r_[True, corner, True])
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    # The curve starts at (0, 0) with threshold +inf (not max(score) + 1).
    fps, tps = np.r_[0.0, fps], np.r_[0.0, tps]
    thresholds = np.r_[np.inf, thresholds.astype(np.float64)]
    # No negatives (or positives) by weight: that rate is NaN throughout, not 0.
    fpr = np.full(fps.shape, np.nan) if fps[-1] <= 0 else fps / fps[-1]
    tpr = np.full(tps.shape, np.nan) if tps[-1] <= 0 else tps / tps[-1]
    return fpr, tpr, thresholds


def _pr_points(fps, tps, thresholds, drop_intermediate):
    """(precision, recall, thresholds) of precision_recall_curve from the threshold counts."""
    if drop_intermediate and fps.shape[0] > 2:
        # Keep only the first and last point of each run of equal tps (equal recall).
        keep = np.flatnonzero(np.r_[True, np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:])), True])
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    predicted = tps + fps
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(predicted != 0, tps / predicted, 0.0)
    # No positives at all: recall is 1 at every threshold (not 0, not NaN).
    recall = np.ones_like(tps) if tps[-1] == 0 else tps / tps[-1]
    # Reversed to increasing thresholds, then the point (recall 0, precision 1) appended,
    # which has no threshold: precision and recall are one longer than thresholds.
    return np.r_[precision[::-1], 1.0], np.r_[recall[::-1], 0.0], thresholds[::-1]


def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True):
    _check_curve_keywords(y_true, y_score, pos_label, sample_weight, drop_intermediate)
    counts = _threshold_counts(*_curve_inputs(y_true, y_score, pos_label, sample_weight))
    return _roc_points(*counts, drop_intermediate)


def precision_recall_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=False):
    _check_curve_keywords(y_true, y_score, pos_label, sample_weight, drop_intermediate)
    counts = _threshold_counts(*_curve_inputs(y_true, y_score, pos_label, sample_weight))
    return _pr_points(*counts, drop_intermediate)


# --- areas ----------------------------------------------------------------------------------


def _trapezoid_area(x, y) -> float:
    """scikit-learn's auc: the trapezoidal rule along x, which must be monotonic."""
    if x.shape[0] < 2:
        raise ValueError(f"At least 2 points are needed to compute area under curve, but x.shape = {x.shape[0]}")
    dx = np.diff(x)
    direction = 1
    if np.any(dx < 0):
        if not np.all(dx <= 0):
            raise ValueError(f"x is neither increasing nor decreasing : {x}.")
        direction = -1
    return float(direction * np.sum(dx * (y[1:] + y[:-1]) / 2.0))


def _binary_auc(positive, scores, weights, max_fpr=None) -> float:
    """ROC AUC of a 0/1 target; NaN when the target has a single class.

    The single-class test comes first, before scores and weights are checked against
    the target (so a single class gives NaN even with weights of the wrong length).
    """
    if np.unique(positive).shape[0] != 2:
        return math.nan  # scikit-learn warns (UndefinedMetricWarning) and returns NaN
    fpr, tpr, _ = _roc_points(*_threshold_counts(*_curve_inputs(positive, scores, None, weights)), True)
    if max_fpr is None or max_fpr == 1:
        return _trapezoid_area(fpr, tpr)
    # Partial AUC over [0, max_fpr]: cut the curve at max_fpr by linear interpolation,
    # then apply McClish's standardisation (0.5 = chance, 1 = perfect).
    stop = np.searchsorted(fpr, max_fpr, "right")
    tpr_cut = np.interp(max_fpr, [fpr[stop - 1], fpr[stop]], [tpr[stop - 1], tpr[stop]])
    partial = _trapezoid_area(np.r_[fpr[:stop], max_fpr], np.r_[tpr[:stop], tpr_cut])
    min_area, max_area = 0.5 * max_fpr**2, max_fpr
    return float(0.5 * (1 + (partial - min_area) / (max_area - min_area)))


def _binary_average_precision(positive, scores, weights, pos_label=1) -> float:
    """AP = sum over thresholds of (R_n - R_{n-1}) * P_n: a step function, no interpolation."""
    counts = _threshold_counts(*_curve_inputs(positive, scores, pos_label, weights))
    precision, recall, _ = _pr_points(*counts, False)
    return float(max(0.0, -np.sum(np.diff(recall) * precision[:-1])))  # -0.0 -> 0.0


def _average_columns(metric, indicator, scores, average, weights):
    """scikit-learn's _average_binary_score for an (n, K) 0/1 indicator and (n, K) scores."""
    column_weights = None
    if average == "micro":
        # One binary problem over all n*K (sample, class) cells, row by row.
        w = None if weights is None else np.repeat(weights, indicator.shape[1])
        return metric(indicator.ravel(), scores.ravel(), w)
    if average == "samples":
        per_row = np.array([metric(indicator[i], scores[i], None) for i in range(indicator.shape[0])])
        return _average(per_row, weights)
    if average == "weighted":
        column_weights = indicator.sum(axis=0) if weights is None else (indicator * weights[:, None]).sum(axis=0)
        if abs(column_weights.sum()) <= 1e-8:
            return 0  # total support (close to) 0: scikit-learn returns the integer 0
    per_column = np.array([metric(indicator[:, c], scores[:, c], weights) for c in range(indicator.shape[1])])
    if average is None:
        return per_column
    if column_weights is not None:
        per_column[column_weights == 0] = 0  # a weightless NaN must not poison the mean
    return _average(per_column, column_weights)


def _check_average(average, options):
    if average is not None and not (isinstance(average, str) and average in options):
        raise InvalidParameterError(f"The 'average' parameter must be a str among {sorted(options)} or None. "
                                    f"Got {average!r} instead.")


def average_precision_score(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None):
    _check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_score=(y_score, chk.is_array_like, "an array-like"),
        pos_label=(pos_label, _is_label, "a number, a str or a bool"),
        sample_weight=(sample_weight, _array_like_or_none, "an array-like or None"),
    )
    _check_average(average, {"micro", "samples", "weighted", "macro"})
    w = None if sample_weight is None else column(_array(sample_weight, "sample_weight"), "sample_weight")
    yt = _array(y_true, "y_true")
    kind = target_type(yt)
    present = np.unique(yt)
    s = _array(y_score, "y_score")
    if kind == "binary":
        # A binary y_true is one binary problem: ``average`` is ignored.
        if present.shape[0] == 2 and pos_label not in present.tolist():
            raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present}")
        return _binary_average_precision(yt, s, w, pos_label)
    if kind == "multilabel-indicator":
        raise ValueError("multilabel-indicator y_true is out of scope for this reference")
    if kind != "multiclass":
        raise ValueError(f"{kind} format is not supported")
    if pos_label != 1:
        raise ValueError("Parameter pos_label is fixed to 1 for multiclass y_true.")
    # Multiclass: one-vs-rest over the classes present in y_true (sorted); y_score's
    # columns must be exactly those classes.
    yt = column(yt, "y_true")
    if s.shape != (yt.shape[0], present.shape[0]):
        raise ValueError(f"`y_score` needs to be of shape `(n_samples, n_classes)`. Got `y_score.shape={s.shape}`.")
    s = score_array(s, "y_score")
    same_length(yt, s, w)
    indicator = (yt[:, None] == present[None, :]).astype(np.float64)
    return _average_columns(_binary_average_precision, indicator, s, average, w)


def roc_auc_score(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None, multi_class="raise",
                  labels=None):
    _check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_score=(y_score, chk.is_array_like, "an array-like"),
        sample_weight=(sample_weight, _array_like_or_none, "an array-like or None"),
        max_fpr=(max_fpr, lambda v: v is None or (isinstance(v, Real) and 0 < v <= 1),
                 "a float in the range (0.0, 1.0] or None"),
        multi_class=(multi_class, lambda v: isinstance(v, str) and v in ("raise", "ovr", "ovo"),
                     "a str among {'ovo', 'ovr', 'raise'}"),
        labels=(labels, _array_like_or_none, "an array-like or None"),
    )
    _check_average(average, {"micro", "macro", "samples", "weighted"})
    yt = _array(y_true, "y_true")
    kind = target_type(yt)
    if kind == "multilabel-indicator":
        raise ValueError("multilabel-indicator y_true is out of scope for this reference")
    if yt.shape[0] == 0:
        raise ValueError("Found array with 0 sample(s) while a minimum of 1 is required.")
    if kind not in ("binary", "multiclass"):
        raise ValueError(f"{kind} format is not supported")
    s = score_array(y_score, "y_score")
    w = None if sample_weight is None else column(_array(sample_weight, "sample_weight"), "sample_weight")
    if kind == "multiclass" or (s.ndim == 2 and s.shape[1] > 2):
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError("Partial AUC computation not available in multiclass setting.")
        if multi_class == "raise":
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        return _multiclass_roc_auc(column(yt, "y_true"), s, labels, multi_class, average, w, yt.ndim)
    # Binary: the GREATER of the two labels is the positive class.  A single class gives NaN.
    yt = column(yt, "y_true")
    classes = np.unique(yt)
    positive = (yt == classes[-1]).astype(np.float64) if classes.shape[0] == 2 else np.zeros(yt.shape[0])
    return _binary_auc(positive, s, w, max_fpr)


def _multiclass_roc_auc(yt, s, labels, multi_class, average, w, y_true_ndim=1):
    if s.ndim != 2:
        raise ValueError("`y_score` needs to be of shape `(n_samples, n_classes)`.")
    # Rows must be probabilities: sums within numpy's allclose of 1 (rtol 1e-5, atol 1e-8).
    if not np.all(np.abs(s.sum(axis=1) - 1) <= 1e-8 + 1e-5):
        raise ValueError("Target scores need to be probabilities for multiclass roc_auc, i.e. they should sum "
                         "up to 1.0 over classes")
    options = ("macro", "weighted", None) + (("micro",) if multi_class == "ovr" else ())
    if average not in options:
        raise ValueError(f"average must be one of {options} for multiclass problems")
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")
    if labels is not None:
        classes = unique_labels_param(labels)
        if classes.shape[0] != s.shape[1]:
            raise ValueError(f"Number of given labels, {classes.shape[0]}, not equal to the number of columns in "
                             f"'y_score', {s.shape[1]}")
        if np.setdiff1d(yt, classes).size:
            raise ValueError("'y_true' contains labels not in parameter 'labels'")
    else:
        classes = np.unique(yt)
        if classes.shape[0] != s.shape[1]:
            raise ValueError("Number of classes in y_true not equal to the number of columns in 'y_score'")
    same_length(yt, s, w)
    if multi_class == "ovo":
        if w is not None:
            raise ValueError("sample_weight is not supported for multiclass one-vs-one ROC AUC.")
        if y_true_ndim == 2 and np.unique(yt).size > 1:
            # scikit-learn indexes y_score with a 2-D mask built from an (n, 1) y_true, once per pair
            # of classes present: with one class present there is no pair, and the answer is NaN.
            raise IndexError("too many indices for array: an (n, 1) y_true with multi_class='ovo'")
        return _ovo_auc(np.searchsorted(classes, yt), s, average)
    # One-vs-rest: one binary AUC per column; a class absent from y_true gives NaN, which
    # poisons the macro mean (weighted gives it weight 0).
    indicator = (yt[:, None] == classes[None, :]).astype(np.float64)
    return _average_columns(_binary_auc, indicator, s, average, w)


def _ovo_auc(encoded, s, average):
    """Hand & Till: for each pair (a, b) of classes PRESENT in y_true, restricted to the
    samples of a or b, the mean of AUC(a vs b, column a) and AUC(b vs a, column b);
    macro = mean over pairs, weighted = weighted by the pair's share of all samples."""
    present = np.unique(encoded)
    scores, prevalence = [], []
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            mask = (encoded == a) | (encoded == b)
            is_a, is_b = (encoded[mask] == a).astype(np.float64), (encoded[mask] == b).astype(np.float64)
            scores.append((_binary_auc(is_a, s[mask, a], None) + _binary_auc(is_b, s[mask, b], None)) / 2)
            prevalence.append(mask.mean())
    scores = np.array(scores)
    if average == "weighted":
        return _average(scores, np.array(prevalence))
    return float(np.mean(scores)) if scores.size else math.nan  # one class present: no pair
