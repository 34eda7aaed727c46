"""Deviances and D² scores of scikit-learn 1.9.1, in numpy alone.

Each function has scikit-learn's name, signature and defaults.  The regression ones
reuse the regression family's checks (``_regression._targets``: finite numbers, equal
lengths, 1-D weights, not all 0; an array ``multioutput`` needs several outputs); the
probability ones (d2_brier_score, d2_log_loss_score) reuse the score family's
(``_scores``: probabilities in [0, 1], the one-hot truth over the sorted classes).

Conventions a porter trips on, each scikit-learn's choice:

* every deviance carries its factor 2 (Poisson: 2 (y log(y/μ) - y + μ)); the Tweedie
  power must be finite and ≤ 0 or ≥ 1: a power in (0, 1) is refused, not computed;
* the domain is checked on the whole input before computing: power 1 ≤ p < 2 needs
  y ≥ 0 and μ > 0, p ≥ 2 needs y > 0 and μ > 0, p < 0 needs μ > 0 only;
* the Tweedie deviance takes one output only (an (n, 1) column is one output);
  pinball loss and its D² take several;
* every D² is 1 - D(model) / D(null), the null model a constant fitted to y_true:
  the (weighted) mean for Tweedie, the weighted alpha-quantile for pinball (the
  median for absolute error), the (weighted) class frequencies for Brier and log loss;
* a D² below two samples is NaN, checked before the domain (and, for the probability
  scores, before the probabilities are validated at all);
* a constant y_true (null deviance 0): d2_pinball_score gives 1.0 (perfect) or 0.0,
  as r2_score's force_finite; d2_tweedie_score divides Python floats and raises
  ZeroDivisionError; d2_brier_score divides numpy floats (NaN or -inf); d2_log_loss_score
  clips the null model's probability 1 to 1 - eps, so its null loss is tiny but not 0.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference import _regression as reg
from conformance.reference import _scores as sc


# --- keyword checks ---------------------------------------------------------------------


def _real(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, np.ndarray) and not math.isnan(value)


def _check_power(power) -> None:
    """scikit-learn's Interval(Real, None, 0, "right") | Interval(Real, 1, None, "left"):
    a finite real ≤ 0 or ≥ 1 (a bool is an int, so True is power 1)."""
    if not (_real(power) and math.isfinite(power) and (power <= 0 or power >= 1)):
        raise chk._invalid("power", "a float in the range (-inf, 0.0] or a float in the range [1.0, inf)", power)


def _check_alpha(alpha) -> None:
    if not (_real(alpha) and 0 <= alpha <= 1):
        raise chk._invalid("alpha", "a float in the range [0.0, 1.0]", alpha)


def _one_output(y_true, y_pred, sample_weight, name):
    """Checked targets as (n,) columns and weights: the Tweedie functions take one output."""
    reg._check_keywords(y_true, y_pred, sample_weight)
    y_true, y_pred, sample_weight, _ = reg._targets(y_true, y_pred, sample_weight, None)
    if y_true.shape[1] > 1:
        raise ValueError(f"Multioutput not supported in {name}")
    return y_true[:, 0], y_pred[:, 0], sample_weight


# --- Tweedie deviances --------------------------------------------------------------------


def _check_domain(y, mu, power) -> None:
    # min() instead of any(mu <= 0): the same answer without a temporary boolean array.
    message = f"Mean Tweedie deviance error with power={power} can only be used on "
    if power < 0 and mu.min() <= 0:
        raise ValueError(message + "strictly positive y_pred.")
    if 1 <= power < 2 and (y.min() < 0 or mu.min() <= 0):
        raise ValueError(message + "non-negative y and strictly positive y_pred.")
    if power >= 2 and (y.min() <= 0 or mu.min() <= 0):
        raise ValueError(message + "strictly positive y and y_pred.")


def _unit_deviance(y, mu, power) -> np.ndarray:
    """The Tweedie unit deviance d(y, μ), factor 2 included, elementwise.

    Powers 0, 1 and 2 have their closed forms (squared error; Poisson, with 0·log 0 = 0;
    Gamma).  Any other power is the general form, whose first term y^(2-p) / ((1-p)(2-p))
    depends on y alone -- it is what makes a perfect prediction score 0.  For p < 0,
    y ≤ 0 is allowed and that term takes max(y, 0).

    Speed (benchmarks/bench_deviances.py): one buffer (two for the general power), every
    step written into it in place (out=), so a call does not allocate one array per operation.
    The arithmetic itself is scikit-learn's, operation for operation (see the general power).
    """
    d = np.empty(np.broadcast_shapes(np.shape(y), np.shape(mu)), dtype=np.result_type(y, mu, 1.0))
    if power == 0:
        np.subtract(y, mu, out=d)
        return np.square(d, out=d)
    if power == 1:
        with np.errstate(divide="ignore", invalid="ignore"):
            np.divide(y, mu, out=d)
            np.log(d, out=d)
            np.multiply(d, y, out=d)
        d[y == 0] = 0.0  # scipy's xlogy: 0 · log 0 = 0
        np.subtract(d, y, out=d)
        np.add(d, mu, out=d)
    elif power == 2:
        np.divide(mu, y, out=d)                          # log(μ/y) + y/μ − 1, in scikit-learn's order
        np.log(d, out=d)
        d += y / mu
        d -= 1
    else:
        # scikit-learn's order of operations, term by term: ((A − B) + C).  The terms cancel for a
        # perfect prediction, so the last bits decide whether a constant y_true's null deviance is
        # exactly 0 (d2_tweedie_score's ZeroDivisionError) or rounding noise: the same pow calls and
        # the same order keep those bits scikit-learn's.
        base = np.maximum(y, 0.0) if power < 0 else y
        np.power(base, 2 - power, out=d)
        d /= (1 - power) * (2 - power)                   # A = y^(2-p) / ((1-p)(2-p))
        term = np.power(mu, 1 - power)
        term *= y
        term /= 1 - power                                # B = y μ^(1-p) / (1-p)
        d -= term
        np.power(mu, 2 - power, out=term)
        term /= 2 - power                                # C = μ^(2-p) / (2-p)
        d += term
    d *= 2
    return d


def _mean(values, sample_weight) -> float:
    # np.average: a weighted mean; weights summing to 0 raise ZeroDivisionError.
    return float(np.average(values, weights=sample_weight))


def mean_tweedie_deviance(y_true, y_pred, *, sample_weight=None, power=0):
    _check_power(power)
    y, mu, w = _one_output(y_true, y_pred, sample_weight, "mean_tweedie_deviance")
    _check_domain(y, mu, power)
    return _mean(_unit_deviance(y, mu, power), w)


def mean_poisson_deviance(y_true, y_pred, *, sample_weight=None):
    return mean_tweedie_deviance(y_true, y_pred, sample_weight=sample_weight, power=1)


def mean_gamma_deviance(y_true, y_pred, *, sample_weight=None):
    return mean_tweedie_deviance(y_true, y_pred, sample_weight=sample_weight, power=2)


def d2_tweedie_score(y_true, y_pred, *, sample_weight=None, power=0):
    _check_power(power)
    y, mu, w = _one_output(y_true, y_pred, sample_weight, "d2_tweedie_score")
    if y.shape[0] < 2:
        return math.nan  # checked before the domain: one sample of any value is NaN
    _check_domain(y, mu, power)
    numerator = _mean(_unit_deviance(y, mu, power), w)
    null = np.full_like(y, np.average(y, weights=w))  # the null model: the weighted mean of y_true
    denominator = _mean(_unit_deviance(y, null, power), w)
    # Python floats: a constant y_true (denominator 0.0) raises ZeroDivisionError, as in scikit-learn.
    return 1 - numerator / denominator


# --- pinball loss and its D² ------------------------------------------------------------------


def _pinball(y, q, alpha) -> np.ndarray:
    """alpha·(y - q) above the prediction, (1 - alpha)·(q - y) below it; per output column."""
    diff = y - q
    sign = (diff >= 0).astype(diff.dtype)
    return alpha * sign * diff - (1 - alpha) * (1 - sign) * diff


def mean_pinball_loss(y_true, y_pred, *, sample_weight=None, alpha=0.5, multioutput="uniform_average"):
    reg._check_keywords(y_true, y_pred, sample_weight, multioutput)
    _check_alpha(alpha)
    y, q, w, multioutput = reg._targets(y_true, y_pred, sample_weight, multioutput)
    return reg._combine_outputs(np.average(_pinball(y, q, alpha), weights=w, axis=0), multioutput)


def d2_pinball_score(y_true, y_pred, *, sample_weight=None, alpha=0.5, multioutput="uniform_average"):
    reg._check_keywords(y_true, y_pred, sample_weight, multioutput)
    _check_alpha(alpha)
    y, q, w, multioutput = reg._targets(y_true, y_pred, sample_weight, multioutput)
    if y.shape[0] < 2:
        return math.nan
    numerator = np.average(_pinball(y, q, alpha), weights=w, axis=0)
    ones = np.ones(y.shape[0]) if w is None else w
    # The null model: each output's weighted alpha-quantile of y_true.
    null = np.array([reg._weighted_percentile(y[:, j], ones, alpha * 100) for j in range(y.shape[1])])
    denominator = np.average(_pinball(y, np.tile(null, (y.shape[0], 1)), alpha), weights=w, axis=0)
    # A zero null loss (constant y_true): 1.0 if the model is perfect too, else 0.0 (force_finite).
    return reg._fraction_explained(numerator, denominator, multioutput, force_finite=True)


def d2_absolute_error_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    return d2_pinball_score(y_true, y_pred, sample_weight=sample_weight, alpha=0.5, multioutput=multioutput)


# --- D² of the probability losses ---------------------------------------------------------------


def _few_samples(y_true, y_proba, sample_weight) -> bool:
    """scikit-learn checks the lengths and then returns NaN below two samples, before it
    looks at the probabilities at all."""
    arrays = [np.asarray(a) for a in (y_true, y_proba, sample_weight) if a is not None]
    lengths = [reg._n_samples(a) for a in arrays]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths}")
    return lengths[1] < 2


def _null(indicator: np.ndarray, w) -> np.ndarray:
    """The null model: every row predicts the (weighted) class frequencies of y_true."""
    return np.tile(np.average(indicator, axis=0, weights=w), (indicator.shape[0], 1))


def d2_brier_score(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None):
    sc._check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_proba=(y_proba, chk.is_array_like, "an array-like"),
        sample_weight=(sample_weight, sc._array_like_or_none, "an array-like or None"),
        pos_label=(pos_label, lambda v: v is None or sc._is_label(v), "a number, a str, a bool or None"),
        labels=(labels, sc._array_like_or_none, "an array-like or None"),
    )
    if _few_samples(y_true, y_proba, sample_weight):
        return math.nan
    p = sc.score_array(y_proba, "y_proba", floats=True)
    if p.ndim == 1 or p.shape[1] == 1:
        indicator, p, w = sc._binary_probabilities(y_true, p, sample_weight, pos_label)
    else:
        indicator, p, w = sc._multiclass_probabilities(y_true, p, sample_weight, labels)
    # Unscaled squared distances summed over the columns (both columns in the binary case).
    model = np.average(np.sum((indicator - p) ** 2, axis=1), weights=w)
    null = np.average(np.sum((indicator - _null(indicator, w)) ** 2, axis=1), weights=w)
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(1 - model / null)  # numpy floats: one class in y_true gives NaN or -inf


def d2_log_loss_score(y_true, y_proba=None, *, sample_weight=None, labels=None, y_pred="deprecated"):
    sc._check_keywords(
        y_true=(y_true, chk.is_array_like, "an array-like"),
        y_proba=(y_proba, sc._array_like_or_none, "an array-like"),
        sample_weight=(sample_weight, sc._array_like_or_none, "an array-like or None"),
        labels=(labels, sc._array_like_or_none, "an array-like or None"),
        y_pred=(y_pred, lambda v: isinstance(v, str) or chk.is_array_like(v), "an array-like"),
    )
    if not (isinstance(y_pred, str) and y_pred == "deprecated"):
        if y_proba is not None:
            raise ValueError("Cannot use both `y_pred` and `y_proba`.")
        y_proba = y_pred
    if _few_samples(y_true, y_proba, sample_weight):
        return math.nan
    indicator, p, w = sc._multiclass_probabilities(y_true, y_proba, sample_weight, labels)

    def total_loss(q):
        # Clipped to [eps, 1 - eps], natural log, summed (not averaged) with the weights.
        q = np.clip(q, np.finfo(q.dtype).eps, 1 - np.finfo(q.dtype).eps)
        loss = -np.sum(np.where(indicator == 1, np.log(q), 0.0), axis=1)
        return float(loss.sum() if w is None else np.dot(loss, w))

    # A single class in y_true: the null model's 1 is clipped to 1 - eps, so its loss is
    # tiny but not 0, and the ratio is finite (0.0 for a perfect model).
    return float(1 - total_loss(p) / total_loss(_null(indicator, w)))
