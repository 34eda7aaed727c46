"""Cases every regression metric gets: scikit-learn's docstring examples under
each multioutput mode and with weights, and the inputs each metric refuses.

The docstring fixtures (https://scikit-learn.org, sklearn.metrics.*) are short
decimals a reader can check by hand; the grid (grid.py) supplies the
full-precision floats.
"""

from __future__ import annotations

from generators.regression._common import (
    LOG_LOSSES,
    LOSSES,
    MEAN_LOSSES,
    METRICS,
    SCORES,
    WEIGHTED,
    each,
    reg_case,
    wrong,
)

# scikit-learn's docstring fixtures: one output, and three samples of two outputs.
ONE = ([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0])
TWO = ([[0.5, 1.0], [-1.0, 1.0], [7.0, -6.0]], [[0.0, 2.0], [-1.0, 2.0], [8.0, -5.0]])
# The log losses need targets above -1: their own docstring fixtures.
ONE_LOG = ([3.0, 5.0, 2.5, 7.0], [2.5, 5.0, 4.0, 8.0])
TWO_LOG = ([[0.5, 1.0], [1.0, 2.0], [7.0, 6.0]], [[0.5, 2.0], [1.0, 2.5], [8.0, 8.0]])
WEIGHTS = [1.0, 0.5, 2.0, 0.25]

ROOTS = ("root_mean_squared_error", "root_mean_squared_log_error")
MEDIAN = ("median_absolute_error",)


def _fixtures(metric):
    return (ONE_LOG, TWO_LOG) if metric in LOG_LOSSES else (ONE, TWO)


def worked_examples():
    for metric in METRICS:
        (yt, yp), (yt2, yp2) = _fixtures(metric)
        yield reg_case(metric, "worked-example/one-output", yt, yp, tags=["worked-example"],
                       description="scikit-learn's docstring example, one output.")
        if metric == "max_error":
            continue
        yield reg_case(
            metric, "worked-example/one-output/multioutput=raw_values", yt, yp, {"multioutput": "raw_values"},
            tags=["worked-example", *wrong("raw-values-scalar")],
            description="A 1-D target is one output: raw_values returns a list of one value, not a number.",
        )
        yield reg_case(
            metric, "worked-example/one-output/weighted", yt, yp, sample_weight=WEIGHTS,
            tags=["worked-example", "fractional-weight", *wrong("weights-ignored"),
                  *(wrong("weights-divide-by-n") if metric in MEAN_LOSSES else ())],
            description="The docstring example with sample weights [1, 0.5, 2, 0.25]: every mean over samples "
            "is weighted and divided by the total weight (3.75), not by the number of samples.",
        )
        modes = ["default", "raw_values"] + (["variance_weighted"] if metric in SCORES else [])
        for mode in modes:
            tags = ["worked-example"]
            if mode == "default":
                if metric in ROOTS:
                    tags += wrong("root-of-mean")
                if metric in MEDIAN + SCORES:
                    tags += wrong("multioutput-flattened")
            if mode == "variance_weighted":
                tags += wrong("variance-weighted-is-uniform")
            yield reg_case(
                metric, f"worked-example/two-outputs/multioutput={mode}", yt2, yp2,
                {} if mode == "default" else {"multioutput": mode}, tags=tags,
                description="scikit-learn's docstring example with two outputs. The default, 'uniform_average', "
                "is the plain mean of the per-output values (for a root metric: the mean of the per-output "
                "roots), not the metric of all values pooled.",
            )
        for weights in ([0.3, 0.7], [1, 3]):
            tags = ["worked-example"] + (wrong("output-weights-not-normalised") if weights == [1, 3] else [])
            yield reg_case(
                metric, f"worked-example/two-outputs/multioutput={weights[0]},{weights[1]}", yt2, yp2,
                {"multioutput": weights}, tags=tags,
                description="An array of output weights: the per-output values' weighted mean, divided by the "
                "sum of the weights (so [1, 3] means [0.25, 0.75]).",
            )


# --- refused inputs ------------------------------------------------------------------------

def errors():
    two_outputs = ([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]], [[1.5, 2.0], [3.0, 3.5], [5.0, 6.0]])
    common = [
        ("empty", [], [], ["empty", *wrong("empty-accepted")], "No samples: an error, not 0 or NaN."),
        ("mismatched-lengths", [1.0, 2.0, 3.0], [1.0, 2.0], ["mismatched-lengths", *wrong("lengths-truncated")],
         "Three targets, two predictions."),
        ("nan-in-y_true", [1.0, "NaN", 3.0], [1.0, 2.0, 3.0], ["non-finite-input", *wrong("non-finite-accepted")],
         "NaN in y_true is refused (scikit-learn validates finiteness), not propagated into a NaN result."),
        ("infinity-in-y_pred", [1.0, 2.0, 3.0], [1.0, "Infinity", 3.0],
         ["non-finite-input", *wrong("non-finite-accepted")], "+Infinity in y_pred is refused."),
        ("negative-infinity-in-y_true", ["-Infinity", 2.0, 3.0], [1.0, 2.0, 3.0],
         ["non-finite-input", *wrong("non-finite-accepted")], "-Infinity in y_true is refused."),
        ("different-numbers-of-outputs", [[1.0, 2.0], [3.0, 4.0]], [[1.0], [3.0]], ["shape"],
         "Two outputs in y_true, one in y_pred."),
        ("no-outputs", [[], []], [[], []], ["shape", "empty"], "Two samples of zero outputs."),
        ("three-dimensional", [[[1.0]], [[2.0]]], [[[1.0]], [[2.0]]], ["shape"], "3-D targets are refused."),
    ]
    for slug, yt, yp, tags, text in common:
        if slug == "negative-infinity-in-y_true":  # log1p's domain check refuses -inf anyway
            plain = [t for t in tags if not t.startswith("wrong-reading-")]
            yield from each(METRICS, f"error/{slug}", yt, yp, tags=["error", *plain], description=text,
                            only=[([m for m in METRICS if m not in LOG_LOSSES], wrong("non-finite-accepted"))])
            continue
        yield from each(METRICS, f"error/{slug}", yt, yp, tags=["error", *tags], description=text)
    yield reg_case(
        "max_error", "error/two-outputs", *two_outputs, tags=["error", "shape", *wrong("max-error-multioutput")],
        description="max_error takes one output only (an (n, 1) column is fine).",
    )
    yield from weight_errors()
    yield from multioutput_errors(two_outputs)
    for side, yt, yp in (("y_true", [-1.0, 0.0, 3.0], [0.0, 0.5, 2.0]), ("y_pred", [0.0, 0.5, 2.0], [0.0, -1.5, 2.0])):
        yield from each(
            LOG_LOSSES, f"error/{side}-at-or-below-minus-one", yt, yp,
            tags=["error", "log-domain", *wrong("log-domain-unchecked")],
            description=f"{side} holds a value at or below -1. log1p is defined above -1 only: such a value is refused (not turned into "
            "-inf or NaN). Values between -1 and 0 are accepted.",
        )


def weight_errors():
    yt, yp = [1.0, 2.0, 4.0], [1.5, 2.0, 3.0]
    cases = [
        ("wrong-length", [1.0, 2.0], WEIGHTED, ["mismatched-lengths", *wrong("lengths-truncated")],
         "Two weights for three samples."),
        ("all-zero", [0.0, 0.0, 0.0], WEIGHTED, ["zero-weight", *wrong("all-zero-weights-accepted")],
         "Weights that are all 0 are refused."),
        ("nan", [1.0, "NaN", 1.0], WEIGHTED, ["non-finite-input", *wrong("non-finite-accepted")],
         "A NaN weight is refused."),
        # median_absolute_error sums no weights to divide by: it accepts such weights.
        ("summing-to-zero", [1.0, -1.0, 0.0], SCORES + MEAN_LOSSES,
         ["negative-weight", *wrong("zero-total-weight-accepted")],
         "Weights [1, -1, 0] are not all 0 but sum to 0: every weighted mean divides by 0, and scikit-learn "
         "raises ZeroDivisionError (any rejection passes; a value does not)."),
    ]
    for slug, weights, metrics, tags, text in cases:
        yield from each(metrics, f"error/sample_weight/{slug}", yt, yp, sample_weight=weights,
                        tags=["error", *tags], description=text)


def multioutput_errors(two_outputs):
    yt, yp = two_outputs
    one_true, one_pred = [1.0, 2.0, 4.0], [1.5, 2.0, 3.0]
    yield from each(
        LOSSES, "error/multioutput=variance_weighted", yt, yp, {"multioutput": "variance_weighted"},
        tags=["error", "keyword"],
        description="variance_weighted exists for r2_score and explained_variance_score only.",
    )
    yield from each(
        SCORES, "error/multioutput=foo", yt, yp, {"multioutput": "foo"}, tags=["error", "keyword"],
        description="An unknown multioutput string.",
    )
    yield reg_case(
        "explained_variance_score", "error/multioutput=None", yt, yp, {"multioutput": None},
        tags=["error", "keyword"], description="Unlike r2_score, explained_variance_score refuses multioutput=None.",
    )
    refusing = [m for m in WEIGHTED if m != "root_mean_squared_error"]
    yield from each(
        refusing, "error/output-weights-for-one-output", one_true, one_pred, {"multioutput": [2.0]},
        tags=["error", *wrong("one-output-weights-accepted")],
        description="An array of output weights with a single output is refused ('Custom weights are useful "
        "only in multi-output cases'). root_mean_squared_error is the exception (see its own case).",
    )
    yield reg_case(
        "root_mean_squared_error", "quirk/output-weights-for-one-output", one_true, one_pred, {"multioutput": [2.0]},
        tags=["quirk", *wrong("one-output-weights-refused")],
        description="root_mean_squared_error does not check multioutput itself (it delegates the targets to "
        "mean_squared_error with 'raw_values'), so one weight for one output is accepted and the result is "
        "that output's RMSE. mean_squared_error and root_mean_squared_log_error refuse the same call.",
    )
    yield from each(
        WEIGHTED, "error/output-weights-wrong-count", yt, yp, {"multioutput": [1.0, 2.0, 3.0]},
        tags=["error", "shape"],
        description="Three output weights for two outputs (root_mean_squared_error: numpy's TypeError rather "
        "than scikit-learn's ValueError; any rejection passes).",
    )
    yield from each(
        WEIGHTED, "error/output-weights-summing-to-zero", yt, yp, {"multioutput": [1.0, -1.0]},
        tags=["error", *wrong("zero-total-weight-accepted")],
        description="Output weights summing to 0: the weighted mean divides by 0 (ZeroDivisionError).",
    )


def cases():
    yield from worked_examples()
    yield from errors()
