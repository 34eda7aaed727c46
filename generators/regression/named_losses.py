"""Named cases of the losses: MAPE's epsilon, the log losses' domain, the
median's middle, max_error's sign, single samples, and overflow to +Infinity.
"""

from __future__ import annotations

from generators.regression._common import LOG_LOSSES, LOSSES, each, reg_case, wrong

MAPE = "mean_absolute_percentage_error"
MEDIAN = "median_absolute_error"


def mape():
    yield reg_case(
        MAPE, "zero-target", [1.0, 0.0, 2.4, 7.0], [1.2, 0.1, 2.4, 8.0],
        tags=["zero-target", *wrong("mape-no-epsilon", "mape-skips-zero-targets")],
        description="scikit-learn's docstring example: a zero target is divided by float64's machine epsilon "
        "(2**-52) instead of 0, so its error 0.1 becomes about 4.5e14 and the mean about 1.1e14 -- huge, but "
        "finite.",
    )
    yield reg_case(
        MAPE, "zero-target-predicted-exactly", [1.0, 0.0, 2.4, 7.0], [1.2, 0.0, 2.4, 8.0],
        tags=["zero-target", *wrong("mape-no-epsilon")],
        description="A zero target predicted as 0 contributes 0/eps = 0 (not 0/0 = NaN) and still counts in the "
        "mean.",
    )
    yield reg_case(
        MAPE, "target-below-epsilon", [1.0, 1e-20, 2.4, 7.0], [1.2, 0.1, 2.4, 8.0],
        tags=["zero-target", "tiny-values", *wrong("mape-no-epsilon")],
        description="The floor is max(|y_true|, eps): a target of 1e-20 is divided by eps, exactly like 0.",
    )
    yield reg_case(
        MAPE, "negative-targets", [-2.0, 4.0, -0.5], [-1.0, 3.0, 0.5],
        tags=[*wrong("mape-floor-without-abs", "mape-relative-to-prediction", "mape-percent")],
        description="The denominator is |y_true|: negative targets count by their size. The result is a "
        "fraction (0.5 means 50%), not a percentage.",
    )
    yield reg_case(
        MAPE, "overflow", [0.0, 1.0], [1e300, 1.0], tags=["overflow", "huge-values", "zero-target"],
        description="1e300 / 2**-52 overflows: +Infinity.",
    )


def log_losses():
    yield from each(
        LOG_LOSSES, "between-minus-one-and-zero", [-0.5, 0.0, 3.0], [0.0, 0.25, 2.0],
        tags=["log-domain", *wrong("negative-targets-refused", "log-not-log1p")],
        description="Targets in (-1, 0) are accepted (log1p is defined there); scikit-learn refuses only -1 and "
        "below.",
    )
    yield from each(
        LOG_LOSSES, "zeros", [0.0, 0.0, 3.0], [0.0, 1.0, 2.0], tags=["log-domain", *wrong("log-not-log1p")],
        description="log1p(0) = 0: zeros are ordinary values (log(0) would be -inf).",
    )
    yield from each(
        LOG_LOSSES, "huge-values", [1e300, 1.0, 5e200], [1e299, 2.0, 5e201], tags=["huge-values"],
        description="log1p keeps huge values finite: the squared log ratios are of order 5, no overflow.",
    )


def median():
    yield reg_case(
        MEDIAN, "even-count", [1.0, 2.0, 3.0, 4.0], [1.5, 4.0, 3.25, 5.0],
        tags=[*wrong("median-lower-middle", "median-upper-middle")],
        description="Four errors [0.5, 2, 0.25, 1]: the median of an even count is the mean of the two middle "
        "values (0.5 and 1), not either one.",
    )
    yield reg_case(
        MEDIAN, "odd-count", [1.0, 2.0, 3.0], [1.5, 4.0, 3.25], description="Three errors: the middle one.",
    )
    yield reg_case(
        MEDIAN, "signed-errors", [0.0, 0.0, 0.0], [-3.0, 1.0, 2.0], tags=[*wrong("median-of-signed-errors")],
        description="The median of the absolute errors [3, 1, 2] is 2; the absolute value of the median signed "
        "error would be 1.",
    )
    zeros = [0.0, 0.0, 0.0, 0.0]
    yield reg_case(
        MEDIAN, "weighted/cdf-lands-on-half", zeros, [1.0, 2.0, 3.0, 4.0], sample_weight=[1, 1, 1, 1],
        tags=[*wrong("weighted-median-not-averaged")],
        description="Weighted median ('averaged inverted CDF'): sorted errors [1, 2, 3, 4] with weights 1 have "
        "cumulative weights [1, 2, 3, 4]; half the total (2) is reached exactly at error 2, so the median is the "
        "mean of 2 and the next error, 2.5 -- what np.median gives for equal weights. A plain inverted CDF "
        "would give 2.",
    )
    yield reg_case(
        MEDIAN, "weighted/cdf-passes-half", zeros, [1.0, 2.0, 3.0, 4.0], sample_weight=[1, 3, 1, 1],
        tags=[*wrong("weights-ignored")],
        description="Cumulative weights [1, 4, 5, 6]: half the total (3) is passed strictly at error 2, which "
        "is the median.",
    )
    yield reg_case(
        MEDIAN, "weighted/zero-weight-neighbour", zeros, [1.0, 4.0, 3.0, 2.0], sample_weight=[1, 2, 0, 1],
        tags=["zero-weight", *wrong("weighted-median-zero-weight-neighbour")],
        description="Sorted errors [1, 2, 3, 4] weigh [1, 1, 0, 2]: the cumulative weight lands on half (2) at "
        "error 2; the next error, 3, weighs 0 and is skipped, so the median averages 2 with 4.",
    )
    yt, yp = [[0.5, 1.0], [-1.0, 1.0], [7.0, -6.0]], [[0.0, 2.0], [-1.0, 2.0], [8.0, -5.0]]
    yield reg_case(
        MEDIAN, "weighted/two-outputs", yt, yp, {"multioutput": "raw_values"}, sample_weight=[0.5, 2.0, 1.0],
        tags=["fractional-weight", *wrong("weights-ignored")],
        description="One weighted median per output, the same weights for each.",
    )


def max_error():
    yield reg_case(
        "max_error", "over-prediction", [1.0, 2.0, 3.0], [1.0, 5.0, 2.0], tags=[*wrong("max-error-signed")],
        description="The largest error is an over-prediction (5 for 2): max_error is the largest |y_true - "
        "y_pred|, 3, not the largest y_true - y_pred, 1.",
    )
    yield reg_case(
        "max_error", "column-target", [[1.0], [2.0], [3.0]], [[1.5], [2.0], [1.0]],
        tags=[*wrong("max-error-column-refused")],
        description="An (n, 1) column is one output, accepted like a 1-D target.",
    )


def single_sample_and_overflow():
    yield from each(
        LOSSES + ("max_error",), "single-sample", [1.5], [4.0], tags=["single-sample"],
        description="One sample is enough for every loss (only r2_score needs two).",
    )
    yield from each(
        ("mean_squared_error", "root_mean_squared_error"), "overflow", [1e200, 0.0], [-1e200, 0.0],
        tags=["overflow", "huge-values"],
        description="(2e200)**2 overflows to +Infinity; so does its mean and the root of it.",
    )
    yield reg_case(
        "mean_squared_error", "overflow/two-outputs", [[1e200, 1.0], [0.0, 2.0]], [[-1e200, 1.0], [0.0, 3.0]],
        {"multioutput": "raw_values"}, tags=["overflow", "huge-values"],
        description="Only the first output overflows: raw_values keeps the second one finite.",
    )
    yield from each(
        ("mean_absolute_error", MEDIAN, "max_error"), "overflow", [1.5e308, 0.0], [-1.5e308, 0.0],
        tags=["overflow", "huge-values"],
        description="|1.5e308 - (-1.5e308)| overflows to +Infinity.",
    )


def cases():
    for part in (mape, log_losses, median, max_error, single_sample_and_overflow):
        yield from part()
