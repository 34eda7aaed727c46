"""Named cases of r2_score and explained_variance_score.

Most of what sets these two apart from the losses is at the edges: a constant
target (denominator 0), fewer than two samples, ``force_finite`` and
``variance_weighted``.  That is also where the corpus's NaN and -Infinity
expected values come from.  A case that tells scikit-learn apart from a
plausible wrong reading carries ``wrong-reading-<name>``;
generators/regression/readings.py checks every such claim.
"""

from __future__ import annotations

from generators.regression._common import SCORES, each, reg_case, wrong

R2 = ("r2_score",)
EVS = ("explained_variance_score",)

# Four samples of a constant target, and predictions that are perfect, scattered
# around it, or all off by the same amount.  2.5 is exact in binary, so the mean is
# exactly 2.5 in any summation order and the denominator is exactly 0.
CONSTANT = [2.5, 2.5, 2.5, 2.5]
CONSTANT_PREDICTIONS = {
    "perfect": [2.5, 2.5, 2.5, 2.5],
    "scattered": [2.0, 2.5, 3.0, 2.5],
    "offset": [3.5, 3.5, 3.5, 3.5],
}
FORCE_FINITE = {"default": {}, "True": {"force_finite": True}, "False": {"force_finite": False}}


def _ff_slug(choice):
    return "" if choice == "default" else f"/force_finite={choice}"


def constant_target():
    for kind, y_pred in CONSTANT_PREDICTIONS.items():
        for ff, params in FORCE_FINITE.items():
            forced = ff != "False"
            only = []
            if forced:
                only.append((SCORES, wrong("force-finite-ignored")))
                if kind == "perfect":
                    only.append((SCORES, wrong("constant-target-is-zero")))
            else:
                only.append((SCORES, wrong("always-forced")))
            if kind == "offset":
                # r2: residuals 1 over a zero denominator; evs: centred residuals are 0.
                only += [(EVS, wrong("evs-is-r2")), (R2, wrong("r2-is-evs"))]
            yield from each(
                SCORES, f"constant-target/{kind}{_ff_slug(ff)}", CONSTANT, y_pred, params,
                tags=["constant-target", "degenerate", "force-finite"], only=only,
                description=_CONSTANT_TEXT[kind] + (_FORCED if forced else _UNFORCED),
            )


_CONSTANT_TEXT = {
    "perfect": "y_true is constant (denominator 0) and predicted exactly (numerator 0): 0/0. ",
    "scattered": "y_true is constant (denominator 0) and the predictions scatter around it (numerator > 0). ",
    "offset": "y_true is constant and every prediction is off by +1: R² has a numerator > 0 over a zero "
    "denominator; explained variance centres the residuals first, so its numerator is 0 too (0/0). ",
}
_FORCED = ("With force_finite (the default), numerator 0 gives 1.0 and numerator > 0 over denominator 0 "
           "gives 0.0.")
_UNFORCED = "With force_finite=False the formula stands: 1 - 0/0 is NaN and 1 - x/0 is -Infinity."


def single_sample():
    for kind, y_pred in (("perfect", [1.5]), ("off", [4.0])):
        for ff, params in FORCE_FINITE.items():
            # (perfect, force_finite=False: the formula's 0/0 is NaN too, so that one catches nothing)
            catches = [] if (kind, ff) == ("perfect", "False") else wrong("single-sample-computed")
            yield reg_case(
                "r2_score", f"single-sample/{kind}{_ff_slug(ff)}", [1.5], y_pred, params,
                tags=["single-sample", "degenerate", *catches],
                description="Fewer than two samples: r2_score returns NaN (with an UndefinedMetricWarning) "
                "whatever force_finite says, even for a perfect prediction. A port that runs the formula gets "
                f"the constant-target values instead. Here y_pred={y_pred} for y_true=[1.5].",
            )
            only = [] if ff == "False" else [(EVS, wrong("evs-single-sample-nan"))]
            yield reg_case(
                "explained_variance_score", f"single-sample/{kind}{_ff_slug(ff)}", [1.5], y_pred, params,
                tags=["single-sample", "degenerate", *(t for _, ts in only for t in ts)],
                description="explained_variance_score has no two-sample rule: one sample is a constant target "
                "whose centred residual is 0, so 0/0 -- 1.0 with force_finite, NaN without. Only r2_score "
                f"returns NaN below two samples. Here y_pred={y_pred} for y_true=[1.5].",
            )
    yield reg_case(
        "r2_score", "single-sample/two-outputs/multioutput=raw_values", [[1.5, 2.0]], [[1.0, 2.0]],
        {"multioutput": "raw_values"}, tags=["single-sample", "degenerate", *wrong("single-sample-computed")],
        description="One row of two outputs with multioutput='raw_values': r2_score returns a single NaN, "
        "not a list of two.",
    )
    yield reg_case(
        "r2_score", "single-sample/two-rows-one-weighted", [1.0, 2.0], [1.0, 3.0], sample_weight=[1.0, 0.0],
        tags=["zero-weight", "degenerate", *wrong("zero-weight-rows-not-counted")],
        description="Two rows, the second of weight 0: the two-sample rule counts rows, not weight, so this is "
        "not NaN. The weighted target mean is 1.0, the weighted sums of squares are both 0, and numerator 0 "
        "gives 1.0.",
    )


def formula():
    yt = [1.0, 2.0, 4.0, 7.0]
    yield from each(
        SCORES, "offset-prediction", yt, [2.0, 3.0, 5.0, 8.0],
        only=[(EVS, wrong("evs-is-r2")), (R2, wrong("r2-is-evs", "squared-correlation"))],
        description="Every prediction is 1 too high. Explained variance ignores a constant offset (1.0); R² "
        "does not. The squared correlation is 1 too.",
    )
    yield from each(
        SCORES, "scaled-prediction", yt, [2.0, 4.0, 8.0, 14.0], only=[(R2, wrong("squared-correlation"))],
        description="Predictions twice the target: perfectly correlated but far off, so R² is negative, not the "
        "squared correlation (1).",
    )
    yield from each(
        SCORES, "worse-than-the-mean", [1.0, 2.0, 3.0], [3.0, 2.0, 1.0],
        description="scikit-learn's docstring example: predictions reversed, R² below 0 (no clipping at 0).",
    )
    yield from each(
        SCORES, "the-mean-predictor", [1.0, 2.0, 3.0], [2.0, 2.0, 2.0],
        description="Predicting the target mean scores 0.",
    )
    yield from each(
        SCORES, "two-samples", [1.0, 2.0], [1.0, 3.0], tags=["degenerate"],
        description="Two samples is enough for r2_score.",
    )
    yield from each(
        SCORES, "weighted-target-mean", [3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0],
        sample_weight=[1.0, 0.5, 2.0, 0.25], tags=["fractional-weight"],
        only=[(SCORES, wrong("weights-ignored", "unweighted-target-mean"))],
        description="Weighted: the denominator is centred on the weighted mean of y_true, and both sums are "
        "weighted.",
    )


def multioutput():
    yt = [[2.5, 1.0], [2.5, 2.0], [2.5, 4.0]]
    predictions = {
        "constant-output-scattered": [[2.5, 1.5], [3.5, 2.0], [2.5, 3.0]],
        "constant-output-perfect": [[2.5, 1.5], [2.5, 2.0], [2.5, 3.0]],
    }
    for kind, yp in predictions.items():
        for mode in ("raw_values", "uniform_average", "variance_weighted"):
            for ff in ("default", "False"):
                params = {"multioutput": mode, **FORCE_FINITE[ff]}
                only = []
                if mode == "variance_weighted":
                    # Output 0 is constant: weight 0.  With force_finite=False its score is NaN or
                    # -inf, and 0 * that is NaN, so the average is NaN (as a uniform mean with a NaN
                    # score is: only the -inf one tells the two apart).
                    if ff != "False" or kind == "constant-output-scattered":
                        only.append((SCORES, wrong("variance-weighted-is-uniform")))
                    if ff == "False":
                        only.append((SCORES, wrong("variance-weighted-skips-constant-outputs")))
                if ff == "default" and mode != "variance_weighted":
                    only.append((SCORES, wrong("force-finite-ignored")))
                if ff == "False":
                    only.append((SCORES, wrong("always-forced")))
                yield from each(
                    SCORES, f"multioutput/{kind}/multioutput={mode}{_ff_slug(ff)}", yt, yp, params,
                    tags=["constant-target", "force-finite"], only=only,
                    description=f"Output 0 has a constant target, output 1 does not; output 0 is predicted "
                    f"{'exactly' if kind == 'constant-output-perfect' else 'with an error'}. raw_values gives both scores; "
                    "uniform_average their mean; variance_weighted weighs each by its target variance, so output "
                    "0 weighs 0 -- yet with force_finite=False its non-finite score times 0 is NaN and the "
                    "average is NaN, not output 1's score.",
                )
    yt_all = [[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]]
    yp_all = [[1.0, 2.0], [1.0, 3.0], [1.0, 2.0]]
    for ff in ("default", "False"):
        only = [] if ff == "False" else [(SCORES, wrong("variance-weighted-all-constant-undefined"))]
        yield from each(
            SCORES, f"multioutput/every-output-constant/multioutput=variance_weighted{_ff_slug(ff)}",
            yt_all, yp_all, {"multioutput": "variance_weighted", **FORCE_FINITE[ff]},
            tags=["constant-target", "degenerate", "force-finite"], only=only,
            description="Every output has a constant target, so every variance weight is 0: variance_weighted "
            "falls back to the plain mean of the per-output scores instead of dividing by 0.",
        )
    yield reg_case(
        "r2_score", "multioutput/multioutput=None", [[0.5, 1.0], [-1.0, 1.0], [7.0, -6.0]],
        [[0.0, 2.0], [-1.0, 2.0], [8.0, -5.0]], {"multioutput": None},
        description="r2_score (only) accepts multioutput=None, a historical alias of 'uniform_average'.",
    )


def overflow():
    yield from each(
        SCORES, "overflow/sums-of-squares", [1e200, 0.0, 1.0], [-1e200, 3.0, 1.0], tags=["overflow", "huge-values"],
        description="Squares of 1e200 overflow to +inf in both sums, and inf/inf is NaN: the score is NaN even "
        "with force_finite, which only looks at exact zeros.",
    )


def cases():
    for part in (constant_target, single_sample, formula, multioutput, overflow):
        yield from part()
