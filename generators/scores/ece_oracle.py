"""The oracle of expected_calibration_error, which scikit-learn lacks.

docs/spec/expected_calibration_error.md defines ECE on top of scikit-learn's
``calibration_curve``; this function computes that definition from
scikit-learn itself, never from conformance.reference:

* the per-bin fraction of positives and mean confidence are what
  ``sklearn.calibration.calibration_curve`` returns for the (outcome,
  confidence) pairs;
* calibration_curve does not return bin sizes, so they are recounted with
  calibration_curve's own rule (numpy's linspace or percentile edges,
  ``searchsorted`` on the inner edges), and the recount is checked against
  calibration_curve's output: the same bins must be non-empty and give the
  same mean confidence, bit for bit, or generation stops.

Cases made with it carry ``"source": "spec-derived"``.
"""

from __future__ import annotations

import numpy as np
from sklearn.calibration import calibration_curve
from sklearn.utils.multiclass import type_of_target

CONFIDENCES = ("positive", "top-label")


def _outcomes(y_true, y_prob, confidence, pos_label, labels):
    """(labels for calibration_curve, confidences, pos_label for calibration_curve)."""
    if confidence == "positive":
        if labels is not None:
            raise ValueError("labels applies to confidence='top-label' only; use pos_label.")
        return y_true, y_prob, pos_label
    if pos_label is not None:
        raise ValueError("pos_label applies to confidence='positive' only; use labels.")
    if y_prob.ndim != 2 or y_prob.shape[1] < 2:
        raise ValueError(f"confidence='top-label' needs y_prob of shape (n_samples, n_classes >= 2); "
                         f"got {y_prob.shape}.")
    y_true = np.asarray(y_true)
    if y_true.ndim == 2 and y_true.shape[1] == 1:
        y_true = y_true.ravel()
    if y_true.ndim != 1 or type_of_target(y_true) not in ("binary", "multiclass"):
        raise ValueError("y_true must be a 1-D array of class labels")
    if y_true.shape[0] != y_prob.shape[0]:
        raise ValueError(f"inconsistent numbers of samples: {[y_true.shape[0], y_prob.shape[0]]}")
    if labels is None:
        classes = np.unique(y_true)
    else:
        classes = np.asarray(labels)
        if classes.ndim != 1 or np.unique(classes).shape[0] != classes.shape[0]:
            raise ValueError("labels must be a 1-D array of distinct labels")
        if not np.isin(y_true, classes).all():
            raise ValueError("y_true contains labels not in labels")
    if classes.shape[0] != y_prob.shape[1]:
        raise ValueError(f"{classes.shape[0]} classes but y_prob has {y_prob.shape[1]} columns")
    predicted = classes[np.argmax(y_prob, axis=1)]  # np.argmax: the first maximal column
    return (predicted == y_true).astype(np.int64), y_prob.max(axis=1), 1


def expected_calibration_error(y_true, y_prob, *, confidence, pos_label=None, labels=None, n_bins=5,
                               strategy="uniform"):
    if not (isinstance(confidence, str) and confidence in CONFIDENCES):
        raise ValueError(f"confidence must be one of {CONFIDENCES}, got {confidence!r}")
    y_prob = np.asarray(y_prob)
    if y_prob.dtype.kind not in "biuf":
        raise ValueError("y_prob must hold numbers")
    if y_prob.size == 0 or not np.all((y_prob >= 0) & (y_prob <= 1)):  # NaN fails too
        raise ValueError("y_prob must hold at least one sample and only values in [0, 1].")
    outcome, conf, cc_pos_label = _outcomes(y_true, y_prob, confidence, pos_label, labels)
    prob_true, prob_pred = calibration_curve(outcome, conf, pos_label=cc_pos_label, n_bins=n_bins,
                                             strategy=strategy)
    conf = np.asarray(conf, dtype=np.float64).reshape(-1)
    if strategy == "quantile":
        edges = np.percentile(conf, np.linspace(0, 1, n_bins + 1) * 100)
    else:
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    bins = np.searchsorted(edges[1:-1], conf)
    count = np.bincount(bins, minlength=n_bins)
    filled = count != 0
    mean_conf = np.bincount(bins, weights=conf, minlength=n_bins)[filled] / count[filled]
    if not np.array_equal(mean_conf, prob_pred):
        raise AssertionError("bin recount disagrees with calibration_curve: its binning rule has changed")
    return float(np.sum(count[filled] * np.abs(prob_true - prob_pred)) / conf.shape[0])
