"""precision_recall_f1: the "Precision, Recall & F1" exercise (reference system 002,
docs/reference-systems.md), solved.

A stand-in for a student solution that follows the exercise's rules to the
letter, in plain Python and numpy:

* ``predictions`` and ``labels`` are class IDs of matching shape (N,), whole
  numbers in [0, C-1], possibly stored as floats;
* ``num_classes`` is a positive integer C, and results cover all C classes;
* a zero denominator gives 0 for that metric (so a class absent from both
  arrays has P = R = F1 = 0);
* macro values are the unweighted mean over all C classes, absent ones
  included; macro-F1 is the mean of per-class F1, not F1 of the macro means;
* empty inputs give a result that is zero everywhere;
* the result is a float array of shape (3, C + 1): rows precision, recall,
  F1; the first C columns per class in class-ID order, the last the macro mean.

Inputs outside those rules (the exercise says nothing about them) are refused
with ValueError rather than given a made-up meaning.
"""

from __future__ import annotations

import numbers

import numpy as np


def _class_ids(values, name: str, num_classes: int) -> np.ndarray:
    a = np.asarray(values, dtype=float)
    if a.ndim != 1:
        raise ValueError(f"{name} must have shape (N,), got {a.shape}")
    if not np.all(np.isfinite(a)) or not np.all(a == np.floor(a)):
        raise ValueError(f"{name} must hold whole-number class IDs")
    if a.size and (a.min() < 0 or a.max() > num_classes - 1):
        raise ValueError(f"{name} has class IDs outside [0, {num_classes - 1}]")
    return a.astype(np.int64)


def _rate(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, and 0 where the denominator is 0 (the exercise's rule)."""
    out = np.zeros(len(numerator), dtype=float)
    np.divide(numerator, denominator, out=out, where=denominator != 0)
    return out


def precision_recall_f1(predictions, labels, num_classes) -> np.ndarray:
    if isinstance(num_classes, bool) or not isinstance(num_classes, numbers.Integral) or num_classes < 1:
        raise ValueError(f"num_classes must be a positive integer, got {num_classes!r}")
    c = int(num_classes)
    pred = _class_ids(predictions, "predictions", c)
    true = _class_ids(labels, "labels", c)
    if pred.shape != true.shape:
        raise ValueError(f"predictions and labels must have matching shape, got {pred.shape} and {true.shape}")

    # Confusion matrix, true labels in rows and predictions in columns.
    confusion = np.zeros((c, c), dtype=np.int64)
    np.add.at(confusion, (true, pred), 1)
    tp = np.diag(confusion).astype(float)
    predicted = confusion.sum(axis=0).astype(float)  # TP + FP: column sums
    actual = confusion.sum(axis=1).astype(float)  # TP + FN: row sums

    precision = _rate(tp, predicted)
    recall = _rate(tp, actual)
    f1 = _rate(2 * precision * recall, precision + recall)

    result = np.zeros((3, c + 1), dtype=float)
    for row, per_class in enumerate((precision, recall, f1)):
        result[row, :c] = per_class
        result[row, c] = per_class.mean()  # unweighted, over all C classes
    return result
