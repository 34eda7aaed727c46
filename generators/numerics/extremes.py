"""Magnitudes near float64's ends: 1e160 to 1.7e308 at the top, 1e-160 to 5e-324 at the bottom.

At the top, squaring 1e160 overflows (1e320 > 1.8e308) while the deviations from the
mean (1e150) square finely: scikit-learn, which centres first, is finite where a
one-pass variance, an expanded square or float32 overflows.  Where scikit-learn itself
overflows -- squares of 1e200, a sum of four values near 1.5e308 -- its +Infinity or NaN
is the oracle, and a port that rescales or keeps a running mean (finite) is caught.

At the bottom, the squares of 1e-160 are subnormal (a few significant digits) and those
of 1e-300 underflow to 0: scikit-learn's R^2 is then whatever those squares give (0/0
is "perfect", 1.0), and a port that flushes subnormals to zero, or rescales, differs.
The losses' values there are below the corpus's absolute tolerance (1e-12): those cases
only show that subnormal inputs are accepted and give no NaN.

Every overflow here overflows in a single term or in any order of summation, and the
subnormal sums are exact (docs/decisions/0005).
"""

from __future__ import annotations

import numpy as np

from generators.numerics._common import case, floats, rng_for, wrong

R2, EVS = "r2_score", "explained_variance_score"
MSE, RMSE, MAE = "mean_squared_error", "root_mean_squared_error", "mean_absolute_error"
MAPE = "mean_absolute_percentage_error"
SMALLEST = 5e-324  # 2^-1074, the subnormal spacing


def huge():
    # 1e160 + 1e150 * [0..7]: y^2 overflows, (y - mean)^2 ~ 1e300 does not.
    for metric, readings in ((R2, ("float32-arithmetic", "float32-accumulation", "one-pass-variance",
                                   "expanded-square")),
                             (EVS, ("float32-arithmetic", "float32-accumulation", "one-pass-variance")),
                             (MSE, ("float32-arithmetic", "float32-accumulation", "expanded-square")),
                             (RMSE, ("float32-arithmetic", "float32-accumulation", "expanded-square")),
                             (MAE, ("float32-arithmetic", "float32-accumulation"))):
        slug = "huge/offset=1e160"
        rng = rng_for(f"{metric}/numerics/{slug}")
        y_true = 1e160 + 1e150 * np.arange(8.0)
        y_pred = y_true + 1e149 * rng.normal(0.0, 1.0, 8)
        yield case(metric, slug, floats(y_true), floats(y_pred), tags=["huge-values", *wrong(*readings)],
                   description="y_true = 1e160 + 1e150 * [0..7], y_pred off by ~1e149: squaring a value overflows "
                   "(1e320), squaring a deviation from the mean (~1e300) does not, and scikit-learn only squares "
                   "deviations and errors, so its value is finite. Catches float32 (1e160 is beyond its range)"
                   + (", the one-pass variance" if "one-pass-variance" in readings else "")
                   + (", the expanded square sum t^2 - 2 sum t p + sum p^2" if "expanded-square" in readings
                      else "") + ".")
    # Errors of 1e200: their squares overflow in scikit-learn itself.
    y_true, y_pred = [1e200, -2e200, 3e200, 0.0], [-1e200, 1e200, 2e200, 1e200]
    yield case(RMSE, "huge/squares-overflow", y_true, y_pred,
               tags=["huge-values", "overflow", *wrong("scaled-sum-of-squares", "float32-arithmetic",
                                                       "float32-accumulation", "expanded-square", "running-mean")],
               description="Errors of 1e200 to 3e200: scikit-learn squares them (+Infinity) and takes the root of "
               "the mean, +Infinity. A port that scales before squaring (hypot, BLAS nrm2) returns about 2e200 "
               "and is caught; scikit-learn's overflow is the oracle. So are the expanded square and a running "
               "mean, which meet inf - inf (NaN), and float32, whose inputs are already infinite.")
    for metric in (R2, EVS):
        yield case(metric, "huge/squares-overflow", y_true, y_pred,
                   tags=["huge-values", "overflow", *wrong("scaled-sum-of-squares")],
                   description="Deviations and errors of ~1e200: both sums of squares overflow, and 1 - inf/inf "
                   "is NaN in scikit-learn (force_finite tests exact zeros only). A port that scales before "
                   "squaring returns a finite score and is caught.")
    # Four values near 1.5e308: each is finite, their sum is not.
    big = [1.5e308, 1.7e308, 1.0e308, 1.6e308]
    yield case(MAE, "huge/sum-overflows", big, [0.0, 0.0, 0.0, 0.0],
               tags=["huge-values", "overflow", *wrong("running-mean")],
               description="Absolute errors of 1e308 to 1.7e308 are finite, their sum is not: scikit-learn's "
               "mean (the sum over n) is +Infinity. A running mean m += (x - m) / k stays finite (1.45e308) and "
               "is caught.")
    yield case(MAPE, "huge/sum-overflows", [1.0, 1.0, 1.0, 1.0], big,
               tags=["huge-values", "overflow", *wrong("running-mean")],
               description="Relative errors of ~1.5e308 (targets 1): their sum overflows, so scikit-learn's MAPE is "
               "+Infinity; a running mean stays finite and is caught.")


def tiny():
    # Targets k * 2^-534 (2e-161 .. 1.8e-160): their mean and deviations are exact, and the
    # deviations square exactly to multiples of the subnormal spacing 2^-1074.  Errors
    # j * 2^-538 square to j^2 / 4 of that spacing, which rounds -- the same way in any order.
    y_true = np.ldexp(np.arange(1.0, 9.0), -534)
    for metric in (R2, EVS):
        slug = "tiny/squares-subnormal"
        rng = rng_for(f"{metric}/numerics/{slug}")
        while True:
            y_pred = y_true - np.ldexp(rng.integers(-8, 9, 8).astype(float), -538)
            errors = y_true - y_pred
            if metric == EVS:
                errors = errors - errors.mean()
            spacings = np.sum(errors**2) / SMALLEST
            # A sum of 8k spacings divides by 8 exactly: the score is then the same from sums
            # (r2_score) or from means (explained_variance_score, and ports that divide first).
            if spacings > 0 and spacings % 8 == 0:
                break
        yield case(metric, slug, floats(y_true), floats(y_pred),
                   tags=["tiny-values", "subnormal", *wrong("flush-to-zero", "scaled-sum-of-squares",
                                                            "float32-arithmetic", "float32-accumulation")],
                   description="Targets k * 2^-534 (2e-161 to 1.8e-160), errors j * 2^-538 (~1e-162): every "
                   "square is subnormal, the targets' squares exact, the errors' squares rounded to the subnormal "
                   "spacing 2^-1074 -- deterministically, and every sum of them is exact (so is its division by "
                   "8). scikit-learn's score is what those rounded squares give. Flushing subnormals to zero "
                   "makes the error sum 0 (a perfect 1.0); scaling before squaring gives the unrounded score; "
                   "float32 turns the values into 0. All are caught.")
    # 1e-300 * ...: every square underflows to 0.
    y_true, y_pred = [1e-300, 2e-300, 3e-300, 4e-300], [4e-300, 1e-300, 3e-300, 2e-300]
    for metric in (R2, EVS):
        yield case(metric, "tiny/squares-underflow", y_true, y_pred,
                   tags=["tiny-values", "underflow", *wrong("scaled-sum-of-squares")],
                   description="Values ~1e-300, a poor prediction: every square underflows to 0, so both sums "
                   "are 0 and scikit-learn scores it as perfect (1.0, force_finite). A port that scales before "
                   "squaring computes the true (negative) score and is caught.")
    sub = [5e-324, 1e-323, 1e-310, 2.5e-310, 0.0]
    pred = [0.0, 1e-323, 2e-310, 2.5e-310, 5e-324]
    for metric in (R2, EVS):
        yield case(metric, "subnormal/values", sub, pred,
                   tags=["subnormal", "tiny-values", "underflow", *wrong("scaled-sum-of-squares")],
                   description="Subnormal targets and predictions (5e-324 is the smallest positive float64): "
                   "accepted as ordinary finite values; their squares underflow to 0, so scikit-learn scores "
                   "1.0. A port that scales first computes the true score and is caught.")
    for metric in (MAE, MSE, "max_error", "median_absolute_error", MAPE):
        yield case(metric, "subnormal/values", sub, pred, tags=["subnormal", "tiny-values"],
                   description="Subnormal targets and predictions are ordinary finite values: accepted, no NaN, "
                   "no error. (The value is below the corpus's absolute tolerance, so only that is judged.)")


def probabilities():
    y_true = [1, 0, 1, 0]
    rows = [[1.0, 5e-324], [1e-310, 1.0], [1.0, 1e-300], [0.5, 0.5]]
    yield case("log_loss", "tiny/true-class-probability", y_true, rows,
               tags=["tiny-values", "subnormal", *wrong("float32-arithmetic", "float32-accumulation")],
               description="The true class gets 5e-324, 1e-310 or 1e-300: scikit-learn clips every probability "
               "to [eps, 1 - eps] with eps = 2**-52 (float64's), so each of these costs -log(eps) = 36.04, the "
               "same as 0 would. A float32 port clips at float32's eps (1.2e-7, -log = 15.9) and is caught.")
    yield case("brier_score_loss", "subnormal/probabilities", [0, 1, 0, 1], [5e-324, 1.0, 1e-310, 0.75],
               tags=["subnormal", "tiny-values"],
               description="Subnormal probabilities are valid probabilities: accepted, and their squares "
               "underflow to 0: only the last sample costs anything, (1 - 0.75)^2 / 4 = 0.015625.")


def cases():
    for part in (huge, tiny, probabilities):
        yield from part()
