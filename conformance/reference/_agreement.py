"""Agreement metrics read off the confusion matrix, and the classification report.

Each public function checks its keywords, counts once (:func:`_count_call`) and hands
the :class:`Counts` to a ``*_from_counts`` function; the comments there name each
convention that is scikit-learn's choice rather than arithmetic.  None of these
functions accepts a normalized matrix: ``confusion_matrix(normalize=...)`` is a view
for people, never an input to another metric (docs/decisions/0005).
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference._counts import Counts
from conformance.reference._metrics import _check_common, _count_call, _prfs, confusion_matrix
from conformance.reference._sums import select_columns

# --- balanced_accuracy_score -------------------------------------------------------------


def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    _check_common(y_true, y_pred, sample_weight)
    chk.check_bool("adjusted", adjusted)
    return balanced_accuracy_from_counts(_count_call(y_true, y_pred, sample_weight), adjusted=adjusted)


def balanced_accuracy_from_counts(c: Counts, *, adjusted=False) -> float:
    """Mean recall over the classes that have true samples, optionally rescaled for chance."""
    with np.errstate(all="ignore"):
        recall = np.diagonal(c.matrix) / c.matrix.sum(axis=1)
        # A class with no true weight (it occurs only in y_pred, or only in weight-0
        # samples) has recall 0/0: it is LEFT OUT of the mean, not counted as 0.  So this
        # is not macro recall, which keeps such a class (recall = zero_division).
        recall = recall[~np.isnan(recall)]
        score = np.float64(recall.mean()) if recall.size else np.float64(math.nan)
        if adjusted:
            # Chance is 1 / (number of classes left in the mean), not of all classes seen.
            # With one class, 1 - chance = 0 and scikit-learn divides anyway (float64):
            # -inf when that class's recall is below 1, NaN when it is 1.
            chance = 1 / recall.size
            score = (score - chance) / np.float64(1 - chance)
    return float(score)


# --- matthews_corrcoef -------------------------------------------------------------------


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    _check_common(y_true, y_pred, sample_weight)
    return matthews_from_counts(_count_call(y_true, y_pred, sample_weight))


def matthews_from_counts(c: Counts) -> float:
    """The K-class correlation (Gorodkin's R_K); for two classes the phi coefficient."""
    t_sum = c.matrix.sum(axis=1).astype(np.float64)
    p_sum = c.matrix.sum(axis=0).astype(np.float64)
    n_correct = np.float64(np.trace(c.matrix))
    n = p_sum.sum()
    cov_ytyp = n_correct * n - np.dot(t_sum, p_sum)
    cov_ypyp = n**2 - np.dot(p_sum, p_sum)
    cov_ytyt = n**2 - np.dot(t_sum, t_sum)
    # Zero denominator: exactly when y_true or y_pred holds a single class (by weight);
    # the numerator is then 0 too.  scikit-learn returns 0.0 -- not NaN, not 1.0 for a
    # perfect single-class prediction -- and (in 1.9.1) emits no warning of its own.
    if cov_ypyp * cov_ytyt == 0:
        return 0.0
    return float(cov_ytyp / np.sqrt(cov_ypyp * cov_ytyt))


# --- cohen_kappa_score -------------------------------------------------------------------


def _check_replace_undefined_by(value) -> None:
    # A real number in [-1, 1] (bools and numpy scalars included) or NaN.
    ok = isinstance(value, Real) and (math.isnan(value) or -1.0 <= value <= 1.0)
    if not ok:
        raise chk.InvalidParameterError(
            f"The 'replace_undefined_by' parameter must be a float in the range [-1.0, 1.0] or numpy.nan. "
            f"Got {value!r} instead."
        )


def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None, replace_undefined_by=np.nan):
    chk.check_str_options("weights", weights, {"linear", "quadratic"})
    _check_replace_undefined_by(replace_undefined_by)
    try:
        # The matrix over `labels` (in that order): samples with a label outside are dropped.
        cm = confusion_matrix(y1, y2, labels=labels, sample_weight=sample_weight)
    except ValueError as exc:
        if "must be in y_true" in str(exc):
            raise ValueError("At least one label in `labels` must be present in `y1` (even though "
                             "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`).") from exc
        raise
    return kappa_from_matrix(cm, weights=weights, replace_undefined_by=replace_undefined_by)


def kappa_from_matrix(cm: np.ndarray, *, weights=None, replace_undefined_by=np.nan):
    """Kappa of a (label-restricted) count matrix, rows = y1.  Not of a normalized one."""
    cm = cm.astype(np.float64)
    k = cm.shape[0]
    total = cm.sum()
    if total == 0:  # no sample has both labels among `labels`
        return replace_undefined_by  # returned as given (an int stays an int)
    expected = np.outer(cm.sum(axis=0), cm.sum(axis=1)) / total
    # Disagreement weights by label POSITION in the matrix (the order of `labels`),
    # never by label value: |i - j| or (i - j)^2 for the i-th and j-th label.  So a
    # full reversal of `labels` keeps a weighted kappa, other permutations change it.
    position = np.arange(k)
    if weights is None:
        w = 1.0 - np.eye(k)
    elif weights == "linear":
        w = np.abs(position[:, None] - position[None, :]).astype(np.float64)
    else:
        w = ((position[:, None] - position[None, :]) ** 2).astype(np.float64)
    denominator = np.sum(w * expected)
    if denominator == 0:  # chance disagreement is 0: a single label in common
        return replace_undefined_by
    return float(1 - np.sum(w * cm) / denominator)


# --- classification_report ---------------------------------------------------------------

_HEADERS = ("precision", "recall", "f1-score", "support")


def _check_report_keywords(digits, output_dict, target_names) -> None:
    chk.check_array_like("target_names", target_names, optional=True)
    if not isinstance(digits, Integral) or digits < 0:  # bools pass, as in scikit-learn
        raise chk.InvalidParameterError(f"The 'digits' parameter must be an int in the range [0, inf). Got {digits!r}.")
    chk.check_bool("output_dict", output_dict)


def _observed_labels(y_true, y_pred) -> np.ndarray:
    """scikit-learn's unique_labels: the union, y_true's value kept where 1 == 1.0, sorted.

    It matters only for the report's keys, which are the labels printed with "%s": with
    int y_true and float y_pred of the same values the keys are "0", "1"; a float label
    that only y_pred has turns every key into "0.0", "1.0", ...
    """
    seen = {}
    for v in [*np.unique(y_true).tolist(), *np.unique(y_pred).tolist()]:
        seen.setdefault(v, v)
    return np.asarray(sorted(seen.values()))


def classification_report(y_true, y_pred, *, labels=None, target_names=None, sample_weight=None, digits=2,
                          output_dict=False, zero_division="warn"):
    _check_common(y_true, y_pred, sample_weight, labels)
    _check_report_keywords(digits, output_dict, target_names)
    chk.check_zero_division(zero_division)
    multilabel = chk.is_indicator_call(y_true, y_pred)
    if multilabel:
        yt, yp, _ = chk.check_indicator_targets(y_true, y_pred, sample_weight)
        # scikit-learn hands its *sparse* copies of the matrices on to precision_recall_
        # fscore_support, which checks them again -- and a sparse matrix is an indicator
        # only if its non-zero cells hold a single value.  So a matrix holding both 1 and 2
        # (or -1 and 1), which every other metric accepts, is refused by the report.
        for name, y in (("y_true", yt), ("y_pred", yp)):
            if np.unique(y[y != 0]).size > 1:
                raise ValueError(f"classification_report: {name} has two non-zero values (multiclass-multioutput "
                                 "once made sparse)")
        observed = np.arange(yt.shape[1])
    else:
        yt, yp, _ = chk.check_targets(y_true, y_pred, sample_weight, summed=True)
        observed = _observed_labels(yt, yp)
    labels_given = labels is not None
    labels = np.asarray(labels) if labels_given else observed
    # The micro row is called "accuracy" (and holds one number) only when it IS the
    # accuracy: not multilabel, and `labels` covers every observed label.
    micro_is_accuracy = not multilabel and (not labels_given or set(labels.tolist()) >= set(observed.tolist()))
    if target_names is not None and len(labels) != len(target_names) and not labels_given:
        raise ValueError(f"Number of classes, {len(labels)}, does not match size of target_names, "
                         f"{len(target_names)}. Try specifying the labels parameter")
    # With labels given, a length mismatch is only a warning (not reproduced here) and the
    # rows are zipped: the extra names, or the last classes without a name, are left out.
    names = ["%s" % v for v in labels] if target_names is None else list(target_names)

    def prfs(average):
        return _prfs(y_true, y_pred, sample_weight, labels=labels, average=average, zero_division=zero_division)

    p, r, f, s = prfs(None)
    if _support_prints_as_float(yt, yp, sample_weight, multilabel, labels):
        s = s.astype(np.float64)
    class_rows = list(zip(names, p, r, f, s))
    average_rows = []
    for average in ("micro", "macro", "weighted", "samples") if multilabel else ("micro", "macro", "weighted"):
        heading = "accuracy" if average == "micro" and micro_is_accuracy else f"{average} avg"
        # The support of every average row is the total support of the report's labels.
        average_rows.append((heading, *prfs(average)[:3], np.sum(s)))
    if not output_dict:
        return _report_text(class_rows, average_rows, names, digits)
    report = {}  # a dict, as scikit-learn's: a repeated name keeps its first place and last values,
    for name, *values in class_rows + average_rows:  # and an average row overwrites a class of its name
        report[name] = dict(zip(_HEADERS, (float(v) for v in values)))
    if "accuracy" in report:
        report["accuracy"] = report["accuracy"]["precision"]  # one number, not a row
    return report


def _support_prints_as_float(yt, yp, sample_weight, multilabel, labels) -> bool:
    """Whether scikit-learn's support array is float, which shows only in the printed
    report ("3.0", not "3"): with weights -- for indicator matrices with integer weights
    only once a selected cell is non-zero -- and, for label vectors, when no sample is
    right at all (its true-positive sums then start as float zeros)."""
    if multilabel:
        w = None if sample_weight is None else np.asarray(sample_weight)
        columns = select_columns(yt.shape[1], labels)
        yt, yp = (yt, yp) if columns is None else (yt[:, columns], yp[:, columns])
        return w is not None and (w.dtype.kind == "f" or bool(np.any(yt) or np.any(yp)))
    return sample_weight is not None or not np.any(yt == yp)


def _report_text(class_rows, average_rows, names, digits) -> str:
    """The printed report, in scikit-learn's layout (right-aligned columns of width 9)."""
    width = max(max(len(n) for n in names), len("weighted avg"), digits)
    text = ("{:>{width}s} " + " {:>9}" * 4).format("", *_HEADERS, width=width) + "\n\n"
    row = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
    for values in class_rows:
        text += row.format(*values, width=width, digits=digits)
    text += "\n"
    for heading, *values in average_rows:
        if heading == "accuracy":  # only F (= accuracy) and the support are printed
            text += ("{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f} {:>9}\n").format(
                heading, "", "", *values[2:], width=width, digits=digits)
        else:
            text += row.format(heading, *values, width=width, digits=digits)
    return text
