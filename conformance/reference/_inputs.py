"""Input and keyword checks, mirroring scikit-learn 1.9.1.

Two layers, as in scikit-learn:

* keyword checks (scikit-learn's ``@validate_params``): a keyword of the wrong
  type or outside its allowed values raises :class:`InvalidParameterError`,
  which, like scikit-learn's class of that name, is both a ``ValueError`` and a
  ``TypeError``;
* label checks (scikit-learn's ``_check_targets`` / ``type_of_target`` /
  ``_check_sample_weight``): everything is a ``ValueError`` except the few
  ``TypeError`` cases noted below.

Only what changes the *outcome* (a value, or which built-in exception class is
raised) is mirrored; scikit-learn's exact wording is quoted where cheap, never
relied on (docs/decisions/0004).
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np


class InvalidParameterError(ValueError, TypeError):
    """A keyword argument of the wrong type or value (scikit-learn's InvalidParameterError)."""


def _invalid(name: str, allowed: str, value) -> InvalidParameterError:
    return InvalidParameterError(f"The {name!r} parameter must be {allowed}. Got {value!r} instead.")


# --- keyword checks ---------------------------------------------------------------

def is_array_like(x) -> bool:
    """scikit-learn's "array-like": has a length, a shape or __array__, and is not a scalar
    (so a list, tuple or ndarray -- even a 0-d one -- but not 3, "abc" or None)."""
    return (hasattr(x, "__len__") or hasattr(x, "shape") or hasattr(x, "__array__")) and not np.isscalar(x)


def check_array_like(name: str, value, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not is_array_like(value):
        raise _invalid(name, "an array-like" + (" or None" if optional else ""), value)


def check_average(average) -> None:
    # "samples" passes this check, as in scikit-learn, and is refused later unless the
    # input is multilabel.
    check_str_options("average", average, {"micro", "macro", "samples", "weighted", "binary"})


def _is_nan(x) -> bool:
    return not isinstance(x, Integral) and math.isnan(x)


def check_zero_division(zero_division) -> None:
    # Allowed: the string "warn", a number equal to 0 or 1 (so also True/False), or a
    # float NaN.  The *string* "nan" is refused.
    if isinstance(zero_division, str):
        ok = zero_division == "warn"
    else:
        ok = isinstance(zero_division, Real) and (zero_division in (0.0, 1.0) or _is_nan(zero_division))
    if not ok:
        raise _invalid("zero_division", "0.0, 1.0, numpy.nan or 'warn'", zero_division)


def zero_division_value(zero_division) -> float:
    """What a 0/0 becomes (scikit-learn's _check_zero_division, transcribed).

    "warn" behaves as 0.  Note the literal test: only a Python int/float (bool and
    np.float64 included) equal to 0 or 1 gives 0.0/1.0; anything else that passed the
    keyword check -- NaN, but also e.g. ``np.int64(1)`` -- gives NaN.
    """
    if isinstance(zero_division, str) and zero_division == "warn":
        return 0.0
    if isinstance(zero_division, (int, float)) and zero_division in [0, 1]:
        return float(zero_division)
    return math.nan


def check_beta(beta) -> None:
    # A number in [0, inf]; NaN and negatives refused.
    if not isinstance(beta, Real) or _is_nan(beta) or beta < 0:
        raise _invalid("beta", "a float in the range [0.0, inf]", beta)


def check_pos_label(pos_label) -> None:
    if not (pos_label is None or isinstance(pos_label, (Real, str, bool, np.bool_))):
        raise _invalid("pos_label", "a number, a str, a bool or None", pos_label)


def check_bool(name: str, value) -> None:
    # Only bool / np.bool_: normalize=1 is refused.
    if not isinstance(value, (bool, np.bool_)):
        raise _invalid(name, "an instance of 'bool'", value)


def check_str_options(name: str, value, options: set) -> None:
    if value is not None and not (isinstance(value, str) and value in options):
        raise _invalid(name, f"a str among {sorted(options)} or None", value)


# --- label checks -----------------------------------------------------------------

def _num_samples(a: np.ndarray, name: str) -> int:
    if a.ndim == 0:
        # scikit-learn: TypeError "Input should have at least 1 dimension ...".
        raise TypeError(f"{name} should have at least 1 dimension, got a scalar array {a!r}.")
    return a.shape[0]


def refuse_mixed_labels(y: np.ndarray) -> None:
    """Strings mixed with numbers in one *object* array cannot be sorted into a class set: scikit-learn's sort
    raises TypeError, and so does this, whichever element comes first.  Only a Python caller builds such an
    array; a list that mixes them (every corpus input) is a string array already (see _same_length_arrays)."""
    if y.dtype == object and y.size:
        kinds = {isinstance(v, str) for v in y.reshape(-1).tolist()}
        if len(kinds) == 2:
            raise TypeError("'<' not supported between instances of 'int' and 'str': string labels mixed with "
                            "numbers")


def refuse_listed_mix(y) -> None:
    """scikit-learn's unique_labels takes the set of a Python list's own elements (``set(y)``), not the
    strings numpy would make of them, so a list mixing strings and numbers is refused there: ValueError
    "Mix of label input types".  Where scikit-learn hands the caller's list to it before converting
    (LabelBinarizer.fit, in log_loss and d2_log_loss_score), the reference calls this first."""
    if isinstance(y, list) and len({isinstance(v, str) for v in y}) > 1:
        raise ValueError("Mix of label input types (string and number)")


def _as_label_vector(y: np.ndarray, name: str) -> np.ndarray:
    """One label array checked like scikit-learn's type_of_target for the 'binary' and
    'multiclass' types, returned 1-D (an (n, 1) column is accepted and flattened)."""
    if y.ndim > 2 or (y.ndim == 2 and y.shape[1] == 0):
        raise ValueError(f"{name}: unknown is not supported")
    if y.ndim == 2 and y.shape[1] > 1:
        # Metrics that accept multilabel-indicator input branch off before this (see
        # is_indicator_call); here a matrix is refused, as confusion_matrix refuses it.
        raise ValueError(
            f"{name} is 2-D with {y.shape[1]} columns: multilabel-indicator (or multioutput) input "
            "is not supported by this metric"
        )
    y = y.reshape(-1)
    if y.dtype.kind == "S" or (y.dtype == object and y.size and isinstance(y[0], bytes)):
        raise TypeError("Labels represented as bytes are not supported: use strings or integers.")
    refuse_mixed_labels(y)
    if y.dtype == object and y.size and not isinstance(y[0], str):
        raise ValueError(f"{name}: unknown is not supported (object labels that are not strings)")
    if y.dtype.kind == "c":
        raise ValueError("Complex data not supported")
    if y.dtype.kind == "f":
        # A float label must be integer-valued, tested as scikit-learn does: by a
        # round trip through int64.  So floats >= 2**63 count as "continuous" too.
        with np.errstate(invalid="ignore"):
            integral = y.astype(np.int64).astype(y.dtype)
        if np.any(y != integral):
            if np.isnan(y).any():
                raise ValueError(f"Input {name} contains NaN.")
            if not np.isfinite(y).all():
                raise ValueError(f"Input {name} contains infinity or a value too large for {y.dtype!r}.")
            raise ValueError(f"{name} holds non-integer floats: continuous targets are not supported")
    elif y.dtype.kind not in "biuUO":
        raise ValueError(f"{name}: unknown is not supported (dtype {y.dtype})")
    return y


def _same_length_arrays(y_true, y_pred, sample_weight):
    """The three arguments as numpy arrays (weights may be None), refused unless their
    lengths agree (scikit-learn's check_consistent_length, weights included).

    The spec of a list that mixes strings and numbers (docs/format.md, "How scikit-learn is called";
    docs/decisions/0043) is numpy's conversion, which scikit-learn applies to any list: np.asarray makes
    it a string array, each number written as Python's str() writes it (1 -> "1", 2.5 -> "2.5",
    1e-05 -> "1e-05", NaN -> "nan", infinity -> "inf"), so ["cat", 1] is the string labels "cat", "1"
    and a string among weights is a string array of weights."""
    yt, yp = np.asarray(y_true), np.asarray(y_pred)
    sw = None if sample_weight is None else np.asarray(sample_weight)
    lengths = [_num_samples(yt, "y_true"), _num_samples(yp, "y_pred")]
    if sw is not None:
        lengths.append(_num_samples(sw, "sample_weight"))
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths}")
    return yt, yp, sw


def check_targets(y_true, y_pred, sample_weight=None, *, whole_call: bool = True, summed: bool = False):
    """``(y_true, y_pred, sample_weight)`` as validated 1-D numpy arrays (weights may be None).

    ``whole_call=True`` adds the two rules scikit-learn applies to each call as a whole:
    at least one sample, and at least one non-zero weight.  :func:`counts` leaves them to
    the metric functions so that a stream of batches can be cut anywhere.
    """
    yt, yp, sw = _same_length_arrays(y_true, y_pred, sample_weight)
    yt, yp = _as_label_vector(yt, "y_true"), _as_label_vector(yp, "y_pred")
    if whole_call and yt.shape[0] == 0:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample is required.")
    if (yt.dtype.kind in "UO") != (yp.dtype.kind in "UO") and yt.size:
        raise ValueError("Mix of label input types (string and number)")
    check_sample_weight(sw, whole_call=whole_call, summed=summed)
    return yt, yp, sw


def holds_string(a: np.ndarray) -> bool:
    """A string among numbers: a string array (a list's mix, as numpy reads it) or an object array with a
    str in it (a Python caller's)."""
    return a.dtype.kind == "U" or (a.dtype == object and any(isinstance(x, str) for x in a.ravel()))


def averaged_weights(sw: np.ndarray | None) -> None:
    """What np.average says of weights scikit-learn hands it unconverted: a string among numbers (an
    string array) meets a float in the sum, and weights of another shape than the values need an axis."""
    if sw is None:
        return
    if holds_string(sw):
        raise TypeError("unsupported operand type(s) for +: 'float' and 'str'")
    if sw.ndim > 1:
        raise TypeError("Axis must be specified when shapes of a and weights differ.")


def check_sample_weight(sw: np.ndarray | None, *, whole_call: bool = True, summed: bool = False) -> None:
    """The checks of a sample_weight array whose length has been checked already.  ``summed``: the
    metric's scikit-learn sums the weights unconverted (accuracy, P/R/F, the multilabel metrics), so a
    string among numbers is a TypeError there; the confusion matrix converts them first (a ValueError)."""
    if sw is None:
        return
    if summed and holds_string(sw):
        averaged_weights(sw)  # a string among numbers: summed before it is ever converted
    if sw.ndim != 1:
        raise ValueError(f"Sample weights must be 1D array or scalar, got {sw.ndim}D array.")
    if sw.dtype.kind not in "biuf":
        raise ValueError(f"sample_weight must be numeric, got dtype {sw.dtype}")
    if sw.dtype.kind == "f" and not np.isfinite(sw).all():
        raise ValueError(f"Input sample_weight contains {'NaN' if np.isnan(sw).any() else 'infinity'}.")
    # Negative weights are accepted, as scikit-learn accepts them.
    if whole_call and not np.any(sw != 0):
        raise ValueError("Sample weights must contain at least one non-zero number.")


# --- multilabel indicator matrices -------------------------------------------------

def is_indicator_call(y_true, y_pred) -> bool:
    """Is either array 2-D with more than one column?  scikit-learn then reads the call
    as multilabel (or refuses it); a 1-D array or an (n, 1) column never is."""
    return any(np.ndim(y) == 2 and np.shape(y)[1] > 1 for y in (y_true, y_pred))


def _indicator_matrix(y: np.ndarray, name: str) -> np.ndarray:
    """y checked like type_of_target's 'multilabel-indicator': 2-D with more than one
    column and at least one row, bool/integer or integer-valued floats, and at most two
    distinct values.  Note what is *not* required: that the values be 0 and 1.  {0, 2},
    {1, 2} and {-1, 1} matrices pass too; the metrics then read a cell as positive when
    it is non-zero, and compare cells by value where they compare (see _sums)."""
    if y.ndim != 2 or y.shape[1] <= 1:
        raise ValueError(f"Classification metrics can't handle a mix of multilabel-indicator and {y.ndim}-D {name}")
    if y.shape[0] == 0:
        raise ValueError(f"{name}: unknown is not supported (an empty 2-D array)")
    integral = y.dtype.kind in "biu"
    if y.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            integral = bool(np.all(y.astype(np.int64).astype(y.dtype) == y))
    if not integral or np.unique(y).shape[0] > 2:
        raise ValueError(f"{name} is 2-D but not a multilabel indicator matrix (multioutput is not supported)")
    return y


def check_indicator_targets(y_true, y_pred, sample_weight=None):
    """``(Y_true, Y_pred, sample_weight)`` for a multilabel call (see is_indicator_call):
    both arrays indicator matrices with the same number of columns, weights as for labels."""
    yt, yp, sw = _same_length_arrays(y_true, y_pred, sample_weight)
    yt, yp = _indicator_matrix(yt, "y_true"), _indicator_matrix(yp, "y_pred")
    check_sample_weight(sw, summed=True)
    if yt.shape[1] != yp.shape[1]:
        raise ValueError("Multi-label binary indicator input with different numbers of labels")
    return yt, yp, sw
