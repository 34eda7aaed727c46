"""The deviances family's wrong readings.

This module generates nothing.  The faithful model is the reference
(conformance/reference/_deviances.py); each reading is the reference with one rule misread,
the porting traps of these metrics:

* a deviance without its factor 2, or without the terms of y_true alone (the negative
  log-likelihood read as the deviance: a perfect prediction no longer scores 0);
* the Tweedie power domain: powers in (0, 1) computed instead of refused, zero targets refused
  for Poisson-like powers;
* the pinball loss with its sides swapped (alpha weighs over-prediction);
* D² against the wrong null model (0, the mean instead of the quantile, uniform probabilities
  instead of the class frequencies), and D² of a constant y_true taken as 0/0 = NaN or x/0 = -inf;
* weights ignored.

``python -m generators.deviances.readings`` checks that each reading is caught by a case
tagged ``wrong-reading-<name>`` (generators/readings.py).
"""

from __future__ import annotations

import math
import sys

import numpy as np

from conformance.reference import _deviances as dv
from generators.deviances import cases as generated_cases
from generators.deviances._common import D2_PROBABILITY, METRICS, POWER_OF, TWEEDIE
from generators.readings import SAME, Family, Refused, Registry, main, refusing

readings = Registry()
PINBALL_D2 = ("d2_pinball_score", "d2_absolute_error_score")


def reference(metric, inputs, params):
    """The reference's value for one call; its refusals are :class:`Refused`."""
    return refusing(getattr(dv, metric))(**{k: np.asarray(v) for k, v in inputs.items()}, **params)


def _power(metric, params):
    return POWER_OF.get(metric, params.get("power", 0))


def _targets(inputs):
    y, mu = (np.asarray(inputs[k], dtype=float) for k in ("y_true", "y_pred"))
    w = inputs.get("sample_weight")
    return y.reshape(-1), mu.reshape(-1), None if w is None else np.asarray(w, dtype=float)


@readings.reading("deviance-without-factor-2", "the deviance is the sum of the log-likelihood ratio terms, "
                  "without the factor 2", TWEEDIE)
def _no_factor(metric, inputs, params):
    if _power(metric, params) == 0:
        return SAME  # power 0 is the squared error: no factor to forget
    return reference(metric, inputs, params) / 2


def _negative_log_likelihood(y, mu, p):
    """The unit deviance without the terms of y alone: what a loss to minimise over mu keeps."""
    if p == 0:
        return (y - mu) ** 2
    if p == 1:
        return 2 * (mu - y * np.log(mu))
    if p == 2:
        return 2 * (np.log(mu) + y / mu)
    return 2 * (-y * np.power(mu, 1 - p) / (1 - p) + np.power(mu, 2 - p) / (2 - p))


@readings.reading("deviance-without-y-terms", "the deviance drops the terms of y_true alone (y log y - y for "
                  "Poisson, -log y - 1 for Gamma): a perfect prediction no longer scores 0",
                  TWEEDIE + ("d2_tweedie_score",))
def _no_y_terms(metric, inputs, params):
    value = reference(metric, inputs, params)  # the faithful refusals first
    p = _power(metric, params)
    if p == 0 or (isinstance(value, float) and math.isnan(value)):
        return SAME
    y, mu, w = _targets(inputs)
    model = float(np.average(_negative_log_likelihood(y, mu, p), weights=w))
    if metric in TWEEDIE:
        return model
    null = float(np.average(_negative_log_likelihood(y, np.full_like(y, np.average(y, weights=w)), p), weights=w))
    return 1 - model / null


@readings.reading("tweedie-power-between-0-and-1-computed", "a Tweedie power in (0, 1) is computed with the "
                  "general formula instead of refused", ("mean_tweedie_deviance", "d2_tweedie_score"))
def _power_0_1(metric, inputs, params):
    p = params.get("power", 0)
    if not (isinstance(p, float) and 0 < p < 1):
        return SAME
    y, mu, w = _targets(inputs)
    if np.any(mu <= 0) or np.any(y < 0):
        raise Refused("outside the domain")
    model = float(np.average(dv._unit_deviance(y, mu, p), weights=w))
    if metric == "mean_tweedie_deviance":
        return model
    null = float(np.average(dv._unit_deviance(y, np.full_like(y, np.average(y, weights=w)), p), weights=w))
    return 1 - model / null


@readings.reading("poisson-zero-target-refused", "Poisson-like powers (1 <= p < 2) refuse y_true = 0, as Gamma "
                  "does", ("mean_poisson_deviance", "mean_tweedie_deviance", "d2_tweedie_score"))
def _zero_refused(metric, inputs, params):
    p = _power(metric, params)
    if 1 <= p < 2 and np.any(np.asarray(inputs["y_true"], dtype=float) == 0):
        raise Refused("zero target")
    return reference(metric, inputs, params)


@readings.reading("pinball-sides-swapped", "the pinball loss weighs over-prediction (y_pred > y_true) by alpha "
                  "and under-prediction by 1 - alpha", ("mean_pinball_loss", "d2_pinball_score"))
def _swapped(metric, inputs, params):
    alpha = params.get("alpha", 0.5)
    if not isinstance(alpha, (int, float)) or isinstance(alpha, bool) or not 0 <= alpha <= 1:
        return SAME
    return reference(metric, inputs, {**params, "alpha": 1 - alpha})


def _d2_regression_with_null(inputs, params, metric, null_of):
    """A regression D² whose null model is ``null_of(y_true column, weights)``."""
    reference(metric, inputs, params)  # the faithful refusals (and NaN below two samples) first
    y = np.asarray(inputs["y_true"], dtype=float)
    mu = np.asarray(inputs["y_pred"], dtype=float)
    if y.shape[0] < 2:
        return SAME
    w = inputs.get("sample_weight")
    w = None if w is None else np.asarray(w, dtype=float)
    if metric == "d2_tweedie_score":
        p = params.get("power", 0)
        y, mu = y.reshape(-1), mu.reshape(-1)
        null = np.full_like(y, null_of(y, w))
        if p != 0 and np.any(null <= 0):
            raise Refused("a null model outside the domain")
        num = float(np.average(dv._unit_deviance(y, mu, p), weights=w))
        den = float(np.average(dv._unit_deviance(y, null, p), weights=w))
        return 1 - num / den if den != 0 else SAME
    alpha = 0.5 if metric == "d2_absolute_error_score" else params.get("alpha", 0.5)
    y2, mu2 = (a.reshape(len(a), -1) for a in (y, mu))
    null = np.array([null_of(y2[:, j], w) for j in range(y2.shape[1])])
    num = np.average(dv._pinball(y2, mu2, alpha), weights=w, axis=0)
    den = np.average(dv._pinball(y2, np.tile(null, (y2.shape[0], 1)), alpha), weights=w, axis=0)
    mode = params.get("multioutput", "uniform_average")
    return dv.reg._fraction_explained(num, den, mode if isinstance(mode, str) else np.asarray(mode, dtype=float),
                                      force_finite=True)


@readings.reading("d2-zero-null-model", "D² compares with predicting 0, not the constant fitted to y_true",
                  ("d2_tweedie_score",) + PINBALL_D2)
def _zero_null(metric, inputs, params):
    if metric == "d2_tweedie_score" and params.get("power", 0) != 0:
        return SAME  # 0 is outside the other powers' domain
    return _d2_regression_with_null(inputs, params, metric, lambda y, w: 0.0)


@readings.reading("d2-mean-null-model", "D² of the pinball loss (absolute error) compares with the mean of y_true, "
                  "not its alpha-quantile (median)", PINBALL_D2)
def _mean_null(metric, inputs, params):
    return _d2_regression_with_null(inputs, params, metric, lambda y, w: float(np.average(y, weights=w)))


@readings.reading("d2-uniform-null-model", "D² of Brier and log loss compares with uniform probabilities 1/K, "
                  "not the class frequencies of y_true", D2_PROBABILITY)
def _uniform_null(metric, inputs, params):
    if len(inputs["y_true"]) < 2:
        return SAME  # NaN below two samples, whatever the null model
    original = dv._null
    dv._null = lambda indicator, w: np.full(indicator.shape, 1 / indicator.shape[1])
    try:
        return reference(metric, inputs, params)
    finally:
        dv._null = original


@readings.reading("d2-constant-target-undefined", "D² of a constant y_true (null deviance 0) is 0/0 = NaN for a "
                  "perfect model and -inf otherwise, not scikit-learn's answer (1.0 / 0.0 for pinball, an error "
                  "for Tweedie, the clipped finite ratio for log loss)",
                  ("d2_tweedie_score", "d2_log_loss_score") + PINBALL_D2)
def _undefined(metric, inputs, params):
    y = np.asarray(inputs["y_true"])
    if y.shape[0] < 2:
        return SAME
    if metric == "d2_log_loss_score":
        if np.unique(y).shape[0] != 1:
            return SAME
        value = reference(metric, inputs, params)
        return math.nan if value == 0.0 else -math.inf
    if metric == "d2_tweedie_score":
        try:
            return reference(metric, inputs, params)
        except Refused:
            y, mu, w = _targets(inputs)
            if np.unique(y).shape[0] != 1:
                raise
            return math.nan if np.all(y == mu) else -math.inf
    value = reference(metric, inputs, {**params, "multioutput": "raw_values"})
    y2 = y.reshape(y.shape[0], -1).astype(float)
    mu2 = np.asarray(inputs["y_pred"], dtype=float).reshape(y2.shape)
    constant = np.all(y2 == y2[0], axis=0)
    if not constant.any():
        return SAME
    perfect = np.all(y2 == mu2, axis=0)
    scores = np.where(constant, np.where(perfect, math.nan, -math.inf), value)
    mode = params.get("multioutput", "uniform_average")
    if isinstance(mode, str) and mode == "raw_values":
        return scores.tolist()
    return float(np.average(scores, weights=None if isinstance(mode, str) else mode))


@readings.reading("weights-ignored", "sample_weight is ignored", METRICS)
def _ignored(metric, inputs, params):
    if "sample_weight" not in inputs:
        return SAME
    reference(metric, inputs, params)
    return reference(metric, {k: v for k, v in inputs.items() if k != "sample_weight"}, params)


def _faithful(metric, inputs, params):
    return reference(metric, inputs, params)


def _plain_model(model):
    """The model with numpy answers as plain floats and lists, as a port's decoded answer is."""
    def run(reading, metric, inputs, params):
        value = model(reading, metric, inputs, params)
        return value.tolist() if isinstance(value, np.ndarray) else value
    return run


FAMILY = Family(
    name="deviances",
    readings=tuple(readings.readings),
    model=_plain_model(readings.model(_faithful)),
    owns=lambda case: case["metric"] in METRICS and "string-labels" not in case["tags"],
    cases=generated_cases,
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
