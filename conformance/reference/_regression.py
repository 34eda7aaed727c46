"""Regression metrics of scikit-learn 1.9.1, in numpy alone.

Every function has scikit-learn's name, signature and defaults.  Each one
(1) checks its keywords, (2) validates and shapes the arrays with
:func:`_targets` -- the rules of scikit-learn's ``_check_reg_targets`` -- and
(3) computes one value per output column, then (4) combines the outputs as
``multioutput`` says (:func:`_combine_outputs`).

Summation order.  The values are computed with the same numpy reductions
scikit-learn uses (``np.average``, ``np.sum``, ``np.median``), on arrays of the
same shape and dtype, so the reference reproduces scikit-learn's bits rather
than merely coming close.  A port that sums in another order differs by a few
ulps; the corpus chooses inputs where that stays far inside the default
tolerance (docs/decisions/0005-regression-tolerance.md).

Conventions that are scikit-learn's choice, not arithmetic, are commented at
the line that makes them.  The ones a porter trips on:

* a 1-D target is one output: ``multioutput="raw_values"`` returns a list of
  one value, never a bare number (except r2_score below two samples);
* outputs are averaged *after* each output's value is final, so RMSE of two
  outputs is the mean of two roots, not the root of the mean MSE;
* r2_score and explained_variance_score replace the non-finite values of a
  constant target by 1.0 / 0.0 unless ``force_finite=False``; r2_score is NaN
  below two samples whatever ``force_finite`` says; explained_variance_score
  has no such rule.
"""

from __future__ import annotations

import math

import numpy as np

from conformance.reference import _inputs as chk

_LOSS_MODES = {"raw_values", "uniform_average"}
_SCORE_MODES = {"raw_values", "uniform_average", "variance_weighted"}


# --- keyword and array checks ------------------------------------------------------


def _check_keywords(y_true, y_pred, sample_weight=None, multioutput="uniform_average", modes=_LOSS_MODES,
                    none_ok=False):
    """scikit-learn's @validate_params for the regression metrics."""
    chk.check_array_like("y_true", y_true)
    chk.check_array_like("y_pred", y_pred)
    chk.check_array_like("sample_weight", sample_weight, optional=True)
    if multioutput is None and none_ok:  # only r2_score accepts None (= "uniform_average")
        return
    if isinstance(multioutput, str) and multioutput in modes:
        return
    if isinstance(multioutput, str) or not chk.is_array_like(multioutput):
        raise chk._invalid("multioutput", f"a str among {sorted(modes)} or an array-like", multioutput)


def _float_dtype(*arrays):
    """The dtype scikit-learn computes in: the widest float dtype among the inputs that
    have a dtype (lists have none), else float64.  The corpus is always float64."""
    floats = [a.dtype for a in arrays if hasattr(a, "dtype") and np.issubdtype(a.dtype, np.floating)]
    return np.result_type(*floats) if floats else np.dtype(np.float64)


def _n_samples(a) -> int:
    shape = np.shape(a)
    if len(shape) == 0:
        raise TypeError(f"Input should have at least 1 dimension, got scalar {a!r}.")
    return shape[0]


def _as_array(a, dtype, name="Input"):
    """scikit-learn's check_array(a, ensure_2d=False, dtype=dtype): numbers only, at most
    2-D, finite, at least one row and (when 2-D) one column.  ``dtype=None`` means
    "numeric": integers stay integers, object arrays become float64."""
    a = np.asarray(a)
    if a.dtype.kind == "c":
        raise ValueError("Complex data not supported")
    if dtype is None:
        if a.dtype.kind in "USV":
            raise ValueError("dtype='numeric' is not compatible with arrays of bytes/strings.")
        if a.dtype.kind == "O":
            a = a.astype(np.float64)
    else:
        a = a.astype(dtype, copy=False)  # no copy when it already is (a 10^6-row copy costs more than the metric)
    if a.ndim >= 3:
        raise ValueError(f"Found array with dim {a.ndim}, while dim <= 2 is required.")
    if a.dtype.kind == "f" and not np.isfinite(a).all():
        raise ValueError(f"{name} contains {'NaN' if np.isnan(a).any() else 'infinity'}.")
    if _n_samples(a) < 1:
        raise ValueError(f"Found array with 0 sample(s) (shape={a.shape}) while a minimum of 1 is required.")
    if a.ndim == 2 and a.shape[1] < 1:
        raise ValueError(f"Found array with 0 feature(s) (shape={a.shape}) while a minimum of 1 is required.")
    return a


def _targets(y_true, y_pred, sample_weight, multioutput, *, numeric=False):
    """(y_true, y_pred, sample_weight, multioutput) checked as scikit-learn's
    _check_reg_targets does, the targets as (n_samples, n_outputs) arrays.

    ``numeric=True`` keeps integer targets as integers (median_absolute_error and
    max_error); otherwise everything is converted to the float dtype of the inputs.
    """
    dtype = None if numeric else _float_dtype(y_true, y_pred, sample_weight)
    lengths = [_n_samples(a) for a in (y_true, y_pred, sample_weight) if a is not None]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths}")
    y_true, y_pred = _as_array(y_true, dtype), _as_array(y_pred, dtype)
    if sample_weight is not None:
        # Weights are always floats (float64 unless the targets are float32); negative
        # weights are accepted, all-zero weights are not.
        w_dtype = dtype if dtype in (np.float32, np.float64) else np.float64
        sample_weight = _as_array(sample_weight, w_dtype, "Input sample_weight")
        if sample_weight.ndim != 1:
            raise ValueError(f"Sample weights must be 1D array or scalar, got {sample_weight.ndim}D array.")
        if not np.any(sample_weight != 0):
            raise ValueError("Sample weights must contain at least one non-zero number.")
    # A 1-D target is a single output: one column.
    y_true, y_pred = (y.reshape(-1, 1) if y.ndim == 1 else y for y in (y_true, y_pred))
    n_outputs = y_true.shape[1]
    if y_pred.shape[1] != n_outputs:
        raise ValueError(f"y_true and y_pred have different number of output ({n_outputs}!={y_pred.shape[1]})")
    if multioutput is not None and not isinstance(multioutput, str):
        multioutput = _as_array(multioutput, None)
        if n_outputs == 1:
            raise ValueError("Custom weights are useful only in multi-output cases.")
        if multioutput.shape[0] != n_outputs:
            raise ValueError(
                f"There must be equally many custom weights ({multioutput.shape[0]}) as outputs ({n_outputs})."
            )
    return y_true, y_pred, sample_weight, multioutput


def _combine_outputs(per_output: np.ndarray, multioutput):
    """One value per output -> the result: the array itself ("raw_values", even for a
    single output), their mean ("uniform_average"), or their weighted mean for an array of
    output weights (normalised by their sum; a zero sum raises ZeroDivisionError)."""
    if isinstance(multioutput, str) and multioutput == "raw_values":
        return per_output
    weights = None if isinstance(multioutput, str) else multioutput
    return float(np.average(per_output, weights=weights))


# --- the mean losses -----------------------------------------------------------------


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput)
    per_output = np.average(np.abs(y_pred - y_true), weights=sample_weight, axis=0)
    return _combine_outputs(per_output, multioutput)


def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput)
    return _combine_outputs(_mse_per_output(y_true, y_pred, sample_weight), multioutput)


def _mse_per_output(y_true, y_pred, sample_weight):
    return np.average((y_true - y_pred) ** 2, axis=0, weights=sample_weight)


def root_mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    # scikit-learn validates the targets through mean_squared_error(..., "raw_values") and
    # never checks ``multioutput`` itself: an array of output weights goes straight to
    # np.average.  So one weight for a single output is accepted (mean_squared_error
    # refuses it), and a wrong number of weights is np.average's TypeError.
    y_true, y_pred, sample_weight, _ = _targets(y_true, y_pred, sample_weight, "raw_values")
    per_output = np.sqrt(_mse_per_output(y_true, y_pred, sample_weight))
    return _combine_outputs(per_output, multioutput)  # the mean of the roots


def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput)
    # A fraction, not a percentage.  |y_true| is floored at float64's machine epsilon
    # (2**-52, cast to the computing dtype), so a zero target gives |error| / 2**-52: a
    # huge finite number, not infinity, and 0 when the prediction is also 0.
    epsilon = np.asarray(np.finfo(np.float64).eps, dtype=y_true.dtype)
    ratio = np.abs(y_pred - y_true) / np.maximum(np.abs(y_true), epsilon)
    return _combine_outputs(np.average(ratio, weights=sample_weight, axis=0), multioutput)


def _log_targets(y_true, y_pred, sample_weight, multioutput, name):
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput)
    # log1p is defined above -1: values in (-1, 0) are accepted, -1 and below refused.
    if np.any(y_true <= -1) or np.any(y_pred <= -1):
        raise ValueError(f"{name} cannot be used when targets contain values less than or equal to -1.")
    return np.log1p(y_true), np.log1p(y_pred), sample_weight, multioutput


def mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    log_true, log_pred, sample_weight, multioutput = _log_targets(
        y_true, y_pred, sample_weight, multioutput, "Mean Squared Logarithmic Error")
    return _combine_outputs(_mse_per_output(log_true, log_pred, sample_weight), multioutput)


def root_mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    # Unlike root_mean_squared_error, this one checks multioutput like the others.
    log_true, log_pred, sample_weight, multioutput = _log_targets(
        y_true, y_pred, sample_weight, multioutput, "Root Mean Squared Logarithmic Error")
    return _combine_outputs(np.sqrt(_mse_per_output(log_true, log_pred, sample_weight)), multioutput)


# --- median and max ---------------------------------------------------------------------


def median_absolute_error(y_true, y_pred, *, multioutput="uniform_average", sample_weight=None):
    _check_keywords(y_true, y_pred, sample_weight, multioutput)
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput, numeric=True)
    errors = np.abs(y_pred - y_true)
    if sample_weight is None:
        per_output = np.median(errors, axis=0)  # an even count averages the two middle values
    else:
        per_output = np.array([_weighted_percentile(errors[:, j], sample_weight, 50)
                               for j in range(errors.shape[1])])
    return _combine_outputs(per_output, multioutput)


def _weighted_percentile(values: np.ndarray, weights: np.ndarray, percentile: float) -> float:
    """scikit-learn's _weighted_percentile(values, weights, percentile, average=True): the
    "averaged inverted CDF" percentile; at 50 the median, which equals np.median for equal
    weights (median_absolute_error), at 100·alpha the null model of d2_pinball_score.

    Sort the values, accumulate their weights into a CDF and find the first position
    i whose CDF reaches percentile/100 of the total.  If the CDF passes it strictly there, the
    answer is values[i]; if it lands on it (within one machine epsilon), the answer is
    the mean of values[i] and the next value that carries weight.  A target of 0 (percentile 0,
    or weights summing to 0) is nudged above 0, as scikit-learn does.  Weights of 0 are
    thereby skipped.  (Meant for non-negative weights: with negative ones the CDF is
    not monotone, and this reproduces scikit-learn's binary search, meaningful or not.)
    """
    values = values.astype(np.float64) if values.dtype.kind != "f" else values
    weights = weights.astype(values.dtype)
    order = np.argsort(values)  # the same (unstable) sort as scikit-learn: ties keep its order
    cdf = np.cumsum(weights[order])
    target = np.asarray(percentile, dtype=values.dtype) / 100 * cdf[-1]
    if target == 0:
        target = np.nextafter(target, target + 1)
    last = values.shape[0] - 1
    i = min(int(np.searchsorted(cdf, target)), last)
    if cdf[i] - target > np.finfo(values.dtype).eps:
        return values[order[i]]
    following = min(i + 1, last)
    if weights[order[following]] == 0:
        # The next value weighs nothing: use the first one whose CDF is higher, if any.
        following = int(np.searchsorted(cdf, cdf[i], side="right"))
        if following > last:
            following = i
    return (values[order[i]] + values[order[following]]) / 2


def max_error(y_true, y_pred):
    chk.check_array_like("y_true", y_true)
    chk.check_array_like("y_pred", y_pred)
    y_true, y_pred, _, _ = _targets(y_true, y_pred, None, None, numeric=True)
    if y_true.shape[1] > 1:  # an (n, 1) column is fine: it is one output
        raise ValueError("Multioutput not supported in max_error")
    return float(np.max(np.abs(y_true - y_pred)))


# --- R² and explained variance -------------------------------------------------------------


def r2_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", force_finite=True):
    _check_keywords(y_true, y_pred, sample_weight, multioutput, _SCORE_MODES, none_ok=True)
    chk.check_bool("force_finite", force_finite)
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput)
    if y_pred.shape[0] < 2:
        # Fewer than two samples: a bare NaN, whatever force_finite and multioutput say
        # (even "raw_values" gives a number, not a list).  Counted in rows, so zero-weight
        # rows count.
        return math.nan
    weight = 1.0 if sample_weight is None else sample_weight[:, None]
    # Sums (not means) of squares; the ratio is the same.  The mean of y_true is weighted.
    numerator = np.sum(weight * (y_true - y_pred) ** 2, axis=0)
    mean = np.average(y_true, axis=0, weights=sample_weight)
    denominator = np.sum(weight * (y_true - mean) ** 2, axis=0)
    return _fraction_explained(numerator, denominator, multioutput, force_finite)


def explained_variance_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average",
                             force_finite=True):
    _check_keywords(y_true, y_pred, sample_weight, multioutput, _SCORE_MODES)
    chk.check_bool("force_finite", force_finite)
    y_true, y_pred, sample_weight, multioutput = _targets(y_true, y_pred, sample_weight, multioutput)
    # Like R², but the residuals are centred first: a constant offset costs nothing.
    # No two-sample rule: one sample gives 0/0, i.e. 1.0 (force_finite) or NaN.
    residual_mean = np.average(y_true - y_pred, weights=sample_weight, axis=0)
    numerator = np.average((y_true - y_pred - residual_mean) ** 2, weights=sample_weight, axis=0)
    mean = np.average(y_true, weights=sample_weight, axis=0)
    denominator = np.average((y_true - mean) ** 2, weights=sample_weight, axis=0)
    return _fraction_explained(numerator, denominator, multioutput, force_finite)


def _fraction_explained(numerator, denominator, multioutput, force_finite):
    """1 - numerator/denominator per output, then combined (scikit-learn's
    _assemble_fraction_of_explained_deviance)."""
    if not force_finite:
        with np.errstate(divide="ignore", invalid="ignore"):
            # A constant target (denominator 0): 0/0 -> NaN, x/0 -> 1 - inf = -inf.
            scores = 1 - numerator / denominator
    else:
        # numerator 0 -> 1.0 (perfect, even when the denominator is 0 too);
        # numerator > 0 and denominator 0 -> 0.0; otherwise the formula.  Only the
        # exact zero counts: a constant target whose mean does not round exactly
        # leaves a tiny denominator, and the formula then gives a huge negative score.
        # Overflowed sums (inf/inf) still give NaN.
        scores = np.ones(numerator.shape[0], dtype=numerator.dtype)
        valid = (denominator != 0) & (numerator != 0)
        scores[valid] = 1 - numerator[valid] / denominator[valid]
        scores[(numerator != 0) & (denominator == 0)] = 0.0
    if isinstance(multioutput, str) and multioutput == "variance_weighted":
        # Output j weighs its denominator (its target's variance).  A constant output
        # weighs 0 -- but 0 * -inf is NaN, so with force_finite=False one constant output
        # makes the average NaN.  If every output is constant, the mean is unweighted.
        weights = denominator if np.any(denominator != 0) else None
        with np.errstate(invalid="ignore"):
            return float(np.average(scores, weights=weights))
    if multioutput is None:  # r2_score only: None means "uniform_average"
        multioutput = "uniform_average"
    return _combine_outputs(scores, multioutput)
