"""The pinball loss: alpha weighs the samples whose target lies at or above the prediction
(under-prediction), 1 - alpha those below it; alpha = 0.5 is half the absolute error."""

from __future__ import annotations

from generators.deviances._common import dev_case, wrong

M = "mean_pinball_loss"
DOC = [1.0, 2.0, 3.0]
TWO = ([[0.5, 1.0], [-1.0, 1.0], [7.0, -6.0]], [[0.0, 2.0], [-1.0, 2.0], [8.0, -5.0]])
SIDES = wrong("pinball-sides-swapped")


def worked_examples():
    for alpha in (0.1, 0.9):
        for pred, side in (([0.0, 2.0, 3.0], "under"), ([1.0, 2.0, 4.0], "over")):
            yield dev_case(
                M, f"worked-example/alpha={alpha}/{side}-prediction", DOC, pred, {"alpha": alpha},
                tags=["worked-example", *SIDES],
                description=f"scikit-learn's docstring example: one sample {side}-predicted by 1. "
                + ("The target is above the prediction, so the loss is alpha * 1 / 3." if side == "under" else
                   "The target is below the prediction, so the loss is (1 - alpha) * 1 / 3."))
    yield dev_case(M, "worked-example/perfect", DOC, DOC, {"alpha": 0.1}, tags=["worked-example"],
                   description="A perfect prediction loses 0 whatever alpha.")
    yield dev_case(M, "worked-example/default-alpha", DOC, [0.0, 2.0, 4.5], tags=["worked-example", "defaults"],
                   description="The default alpha is 0.5: half the mean absolute error (0.5 * 2.5 / 3).")


def alphas():
    yt, yp = [1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 1.0, 4.5]
    for alpha in (0, 0.25, 0.5, 1):
        yield dev_case(
            M, f"alpha={alpha}", yt, yp, {"alpha": alpha}, tags=[*SIDES] if alpha != 0.5 else [],
            description={0: "alpha = 0: only over-predictions (target below the prediction) cost, by their size.",
                         1: "alpha = 1: only under-predictions (target at or above the prediction) cost.",
                         0.5: "alpha = 0.5: both sides weigh one half; the sides cannot be told apart.",
                         }.get(alpha, "An asymmetric alpha: the two sides weigh 0.25 and 0.75."))
    yield dev_case(
        M, "alpha=0.25/exact-at-the-prediction", [1.0, 2.0], [1.0, 3.0], {"alpha": 0.25}, tags=[*SIDES],
        description="A target equal to its prediction costs 0 on either side; the other is over-predicted.")
    for alpha, text in ((-0.1, "below 0"), (1.1, "above 1"), (float("nan"), "NaN")):
        yield dev_case(M, f"error/alpha={text.replace(' ', '-')}", yt, yp, {"alpha": alpha},
                       tags=["error", "keyword", "pinball-alpha"],
                       description=f"alpha {text} is refused: it must lie in [0, 1].")


def outputs_and_weights():
    for mode in ("raw_values", "uniform_average"):
        yield dev_case(M, f"two-outputs/multioutput={mode}", *TWO, {"multioutput": mode, "alpha": 0.25},
                       tags=[*SIDES], description="One loss per output, or their plain mean.")
    yield dev_case(M, "two-outputs/multioutput=1,3", *TWO, {"multioutput": [1, 3], "alpha": 0.25},
                   description="Output weights [1, 3], normalised by their sum.")
    yield dev_case(M, "one-output/multioutput=raw_values", DOC, [0.0, 2.0, 4.0], {"multioutput": "raw_values"},
                   description="A 1-D target is one output: raw_values is a list of one loss.")
    yield dev_case(M, "weighted", [1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 1.0, 4.5], {"alpha": 0.75},
                   sample_weight=[1.0, 0.5, 2.0, 0.0], tags=["fractional-weight", "zero-weight", *SIDES,
                                                             *wrong("weights-ignored")],
                   description="A weighted mean over samples; the last one weighs 0.")
    yield dev_case(M, "single-sample", [2.0], [3.0], {"alpha": 0.25}, tags=["single-sample", *SIDES],
                   description="One over-predicted sample: (1 - alpha) * 1.")
    for slug, yt, yp, params, w, tags, text in (
            ("error/output-weights-for-one-output", DOC, DOC, {"multioutput": [2.0]}, None, [],
             "Output weights with a single output are refused."),
            ("error/multioutput=variance_weighted", *TWO, {"multioutput": "variance_weighted"}, None, ["keyword"],
             "variance_weighted is not an option of the pinball loss."),
            ("error/sample_weight/all-zero", DOC, DOC, {}, [0.0, 0.0, 0.0], ["zero-weight"],
             "Weights that are all 0 are refused."),
            ("error/sample_weight/two-dimensional", DOC, DOC, {}, [[1.0], [1.0], [1.0]], ["shape"],
             "Weights must be 1-D."),
            ("error/empty", [], [], {}, None, ["empty"], "No samples."),
            ("error/nan-in-y_pred", DOC, [1.0, "NaN", 3.0], {}, None, ["non-finite-input"], "NaN is refused.")):
        yield dev_case(M, slug, yt, yp, params, sample_weight=w, tags=["error", *tags], description=text)


def cases():
    for part in (worked_examples, alphas, outputs_and_weights):
        yield from part()
