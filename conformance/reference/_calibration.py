"""Calibration: scikit-learn 1.9.1's calibration_curve, and expected_calibration_error.

scikit-learn has no ECE function; docs/spec/expected_calibration_error.md
defines it on top of calibration_curve's binning, and this is that definition.

Binning (both functions): ``n_bins`` bins whose edges are

* ``uniform``: ``e_i = i * (1 / n_bins)`` for i < n_bins, and ``e_n = 1`` (numpy's
  linspace; note ``3 * (1/10) = 0.30000000000000004``, not 0.3);
* ``quantile``: the ``i / n_bins`` quantiles of the probabilities, numpy's default
  (linear) percentile;

and a probability ``p`` falls in bin ``b`` = the number of INNER edges
``e_1 .. e_{n-1}`` that are strictly below ``p``.  So bins are closed on the right:
``[e_0, e_1], (e_1, e_2], ..., (e_{n-1}, e_n]``; a probability exactly on an
inner edge belongs to the lower bin.
"""

from __future__ import annotations

from numbers import Integral

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference._inputs import InvalidParameterError
from conformance.reference._scores import _array, column, positive_label, same_length, target_type


def _check_binning(n_bins, strategy) -> None:
    if not isinstance(n_bins, Integral) or n_bins < 1:
        raise InvalidParameterError(f"The 'n_bins' parameter must be an int in the range [1, inf). Got {n_bins!r}.")
    if not (isinstance(strategy, str) and strategy in ("uniform", "quantile")):
        raise InvalidParameterError(f"The 'strategy' parameter must be a str among {{'quantile', 'uniform'}}. "
                                    f"Got {strategy!r} instead.")


def bin_index(y_prob: np.ndarray, n_bins: int, strategy: str) -> np.ndarray:
    """The bin of each probability (see the module docstring)."""
    if strategy == "quantile":
        edges = np.percentile(y_prob, np.linspace(0, 1, n_bins + 1) * 100)
    else:
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    # side="left": the number of inner edges < p, i.e. bins closed on the right.
    # (A NaN probability sorts after every edge and lands in the last bin.)
    return np.searchsorted(edges[1:-1], y_prob)


def _bins(outcome: np.ndarray, confidence: np.ndarray, n_bins: int, strategy: str):
    """(count, mean outcome, mean confidence) of each NON-EMPTY bin, in bin order."""
    if isinstance(n_bins, (bool, np.bool_)):
        raise TypeError("an integer is required")  # scikit-learn lets True through to np.bincount
    index = bin_index(confidence, n_bins, strategy)
    count = np.bincount(index, minlength=n_bins)
    outcome_sum = np.bincount(index, weights=outcome.astype(np.float64), minlength=n_bins)
    confidence_sum = np.bincount(index, weights=confidence, minlength=n_bins)
    filled = count != 0  # empty bins are left out, not reported as 0 or NaN
    return count[filled], outcome_sum[filled] / count[filled], confidence_sum[filled] / count[filled]


def _binary_outcome(y_true, y_prob, pos_label):
    """(outcome 0/1, probability) for a binary target, validated as calibration_curve does."""
    yt = column(_array(y_true, "y_true"), "y_true")
    p = column(_array(y_prob, "y_prob"), "y_prob")
    if p.dtype.kind in "US":
        raise TypeError("string probabilities")  # scikit-learn: a numpy ufunc TypeError
    same_length(yt, p)
    pos_label = positive_label(pos_label, yt)
    if p.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation minimum which has no identity")
    # NaN passes this test (NaN < 0 and NaN > 1 are both false): calibration_curve accepts it.
    if p.min() < 0 or p.max() > 1:
        raise ValueError("y_prob has values outside [0, 1].")
    if np.unique(yt).shape[0] > 2:
        raise ValueError(f"Only binary classification is supported. Provided labels {np.unique(yt)}.")
    return yt == pos_label, p


def calibration_curve(y_true, y_prob, *, pos_label=None, n_bins=5, strategy="uniform"):
    chk.check_array_like("y_true", y_true)
    chk.check_array_like("y_prob", y_prob)
    chk.check_pos_label(pos_label)
    _check_binning(n_bins, strategy)
    outcome, p = _binary_outcome(y_true, y_prob, pos_label)
    _, prob_true, prob_pred = _bins(outcome, p, n_bins, strategy)
    return prob_true, prob_pred  # (fraction of positives, mean probability) per non-empty bin


CONFIDENCES = ("positive", "top-label")


def expected_calibration_error(y_true, y_prob, *, confidence, pos_label=None, labels=None, n_bins=5,
                               strategy="uniform"):
    """ECE = sum over non-empty bins b of (n_b / N) * |mean outcome_b - mean confidence_b|.

    ``confidence="positive"``: y_prob is the (n,) probability of the positive class, the
    outcome is ``y_true == pos_label`` (binary only; pos_label as calibration_curve).
    ``confidence="top-label"``: y_prob is (n, K), column j the probability of class
    ``labels[j]`` (labels default to the sorted classes of y_true, and must then be all K);
    the confidence is the row's maximum, the outcome whether the FIRST column holding that
    maximum is y_true's class.
    """
    chk.check_array_like("y_true", y_true)
    chk.check_array_like("y_prob", y_prob)
    if not (isinstance(confidence, str) and confidence in CONFIDENCES):
        raise InvalidParameterError(f"The 'confidence' parameter must be one of {CONFIDENCES}. Got {confidence!r}.")
    chk.check_pos_label(pos_label)
    chk.check_array_like("labels", labels, optional=True)
    _check_binning(n_bins, strategy)
    p = _array(y_prob, "y_prob")
    if p.dtype.kind not in "biuf":
        raise ValueError("y_prob must hold numbers")
    # Unlike calibration_curve, NaN (and anything outside [0, 1]) is refused.
    if p.size == 0 or not np.all((p >= 0) & (p <= 1)):
        raise ValueError("y_prob must hold at least one sample and only values in [0, 1].")
    if confidence == "positive":
        if labels is not None:
            raise ValueError("labels applies to confidence='top-label' only; use pos_label.")
        outcome, conf = _binary_outcome(y_true, p, pos_label)
    else:
        if pos_label is not None:
            raise ValueError("pos_label applies to confidence='positive' only; use labels.")
        outcome, conf = _top_label(y_true, p, labels)
    count, mean_outcome, mean_confidence = _bins(outcome, conf.astype(np.float64), n_bins, strategy)
    # Weighted by the bins' sample counts; N = all samples (so empty bins weigh nothing).
    return float(np.sum(count * np.abs(mean_outcome - mean_confidence)) / outcome.shape[0])


def _top_label(y_true, p, labels):
    if p.ndim != 2 or p.shape[1] < 2:
        raise ValueError(f"confidence='top-label' needs y_prob of shape (n_samples, n_classes >= 2); got {p.shape}.")
    yt = column(_array(y_true, "y_true"), "y_true")
    if target_type(yt) not in ("binary", "multiclass"):
        raise ValueError("y_true must hold class labels")
    same_length(yt, p)
    if labels is None:
        classes = np.unique(yt)
    else:
        classes = column(_array(labels, "labels"), "labels")
        if np.unique(classes).shape[0] != classes.shape[0]:
            raise ValueError("labels must be unique")
        if not np.isin(yt, classes).all():
            raise ValueError("y_true contains labels not in labels")
    if classes.shape[0] != p.shape[1]:
        raise ValueError(f"{classes.shape[0]} classes but y_prob has {p.shape[1]} columns")
    predicted = classes[np.argmax(p, axis=1)]  # ties: the first (lowest) column wins
    return predicted == yt, p.max(axis=1)
