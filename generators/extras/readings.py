"""The classification extras' wrong readings.

This module generates nothing.  The faithful model is the reference
(conformance/reference/_extras.py); each reading is the reference with one rule misread:

* multiclass hinge loss read one-vs-rest (each column a binary hinge against ±1) instead of
  Crammer-Singer's margin, the true score minus the largest other;
* binary hinge loss with the labels used as they are (0 stays 0) instead of mapped to -1/+1;
* the likelihood ratios with sensitivity and specificity exchanged;
* auc as a step (left Riemann) sum instead of trapezoids, or with a decreasing x giving a
  negative area;
* det_curve reporting the true positive rate where it reports the false negative rate.

``python -m generators.extras.readings`` checks that each reading is caught by a case tagged
``wrong-reading-<name>`` (generators/readings.py).
"""

from __future__ import annotations

import sys

import numpy as np

from conformance.reference._extras import metric_function
from generators.extras import cases as generated_cases
from generators.extras._common import METRICS
from generators.readings import SAME, Family, Registry, main, refusing

readings = Registry()


def reference(metric: str, inputs: dict, params: dict):
    fn = metric_function(metric)  # the registry's reference function of that name
    return refusing(fn)(**{k: np.asarray(v) for k, v in inputs.items()}, **params)


@readings.reading("hinge-one-vs-rest", "multiclass hinge loss as the mean of one binary hinge per column "
                  "(true column against +1, the others against -1), not the true score minus the largest other",
                  ["hinge_loss"])
def _one_vs_rest(metric, inputs, params):
    value = reference(metric, inputs, params)
    d = np.asarray(inputs["pred_decision"], dtype=float)
    y = np.asarray(inputs["y_true"]).reshape(-1)
    classes = np.unique(params["labels"] if params.get("labels") is not None else y)
    if d.ndim != 2 or classes.size <= 2:
        return SAME
    signs = np.where(y[:, None] == classes[None, :], 1.0, -1.0)
    losses = np.clip(1 - signs * d, 0, None).mean(axis=1)
    w = inputs.get("sample_weight")
    return float(np.average(losses, weights=None if w is None else np.asarray(w, dtype=float))) if value else value


@readings.reading("hinge-labels-as-given", "binary hinge loss with y_true's values used as they are, not "
                  "mapped to -1 and +1", ["hinge_loss"])
def _as_given(metric, inputs, params):
    reference(metric, inputs, params)
    y = np.asarray(inputs["y_true"]).reshape(-1)
    d = np.asarray(inputs["pred_decision"])
    if d.ndim == 2 and d.shape[1] > 1 or y.dtype.kind not in "iuf":
        return SAME
    losses = np.clip(1 - y * d.reshape(-1), 0, None)
    w = inputs.get("sample_weight")
    return float(np.average(losses, weights=None if w is None else np.asarray(w, dtype=float)))


@readings.reading("likelihood-rates-swapped", "the likelihood ratios with sensitivity and specificity "
                  "exchanged (the negative class read as the positive one)", ["class_likelihood_ratios"])
def _swapped(metric, inputs, params):
    reference(metric, inputs, params)
    labels = params.get("labels")
    if labels is None:
        labels = np.unique(np.r_[np.asarray(inputs["y_true"]).reshape(-1), np.asarray(inputs["y_pred"]).reshape(-1)])
    return reference(metric, inputs, {**params, "labels": list(np.asarray(labels)[::-1])})


@readings.reading("auc-step", "auc as a step sum (each width times the height at its left end), not trapezoids",
                  ["auc"])
def _step(metric, inputs, params):
    reference(metric, inputs, params)
    x, y = np.asarray(inputs["x"], dtype=float), np.asarray(inputs["y"], dtype=float)
    return float(abs(np.sum(np.diff(x) * y[:-1])) if np.all(np.diff(x) <= 0) else np.sum(np.diff(x) * y[:-1]))


@readings.reading("auc-signed", "auc over a decreasing x returned negative (no direction flip)", ["auc"])
def _signed(metric, inputs, params):
    value = reference(metric, inputs, params)
    return -value if np.any(np.diff(np.asarray(inputs["x"], dtype=float)) < 0) else value


@readings.reading("det-true-positive-rate", "det_curve reporting the true positive rate (1 - fnr) instead of "
                  "the false negative rate", ["det_curve"])
def _tpr(metric, inputs, params):
    fpr, fnr, thresholds = reference(metric, inputs, params)
    return fpr, 1 - fnr, thresholds


FAMILY = Family(
    name="extras",
    readings=tuple(readings.readings),
    model=readings.model(reference),
    owns=lambda case: case["metric"] in METRICS and "string-labels" not in case["tags"],
    cases=generated_cases,
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
