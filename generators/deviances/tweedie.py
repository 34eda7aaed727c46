"""The Tweedie deviances: mean_tweedie_deviance and its two fixed-power forms,
mean_poisson_deviance (power 1) and mean_gamma_deviance (power 2).

Each power has its formula and its domain: power 0 is the squared error on any reals;
1 ≤ power < 2 needs y_true ≥ 0 and y_pred > 0; power ≥ 2 needs both > 0; a negative power
needs y_pred > 0 only; a power strictly between 0 and 1 is refused by the keyword check.
"""

from __future__ import annotations

from generators.deviances._common import TWEEDIE, dev_case, each, wrong

# scikit-learn's docstring example (the same for Poisson and Tweedie power 1), and Gamma's.
DOC = ([2.0, 0.0, 1.0, 4.0], [0.5, 0.5, 2.0, 2.0])
DOC_GAMMA = ([2.0, 0.5, 1.0, 4.0], [0.5, 0.5, 2.0, 2.0])
POSITIVE = ([0.5, 1.0, 2.5, 7.0], [1.0, 1.0, 5.0, 3.5])  # d2_tweedie_score's docstring data
FACTOR = wrong("deviance-without-factor-2")
Y_TERMS = wrong("deviance-without-y-terms")


def worked_examples():
    yield from each(
        ("mean_poisson_deviance",), "worked-example", *DOC, tags=["worked-example", *FACTOR, *Y_TERMS],
        description="scikit-learn's docstring example: 2 * mean(y log(y/y_pred) - y + y_pred), with 0 log 0 "
        "taken as 0 for the zero target.")
    yield dev_case(
        "mean_tweedie_deviance", "worked-example/power=1", *DOC, {"power": 1},
        tags=["worked-example", *FACTOR, *Y_TERMS, *wrong("poisson-zero-target-refused")],
        description="The same example with mean_tweedie_deviance(power=1): the Poisson deviance. A zero target "
        "is inside the domain (y_true >= 0).")
    yield dev_case(
        "mean_gamma_deviance", "worked-example", *DOC_GAMMA, tags=["worked-example", *FACTOR, *Y_TERMS],
        description="scikit-learn's docstring example: 2 * mean(log(y_pred/y) + y/y_pred - 1).")
    yield dev_case(
        "mean_tweedie_deviance", "worked-example/power=2", *DOC_GAMMA, {"power": 2},
        tags=["worked-example", *FACTOR, *Y_TERMS],
        description="Gamma's docstring example through mean_tweedie_deviance(power=2).")
    yield dev_case(
        "mean_tweedie_deviance", "worked-example/default-power", *POSITIVE, tags=["worked-example", "defaults"],
        description="The default power is 0: the mean squared error, with no factor 2.")


def powers():
    for power, extra in ((0, []), (1, [*FACTOR, *Y_TERMS]), (1.5, [*FACTOR, *Y_TERMS]),
                         (2, [*FACTOR, *Y_TERMS]), (3, [*FACTOR, *Y_TERMS]), (-1, [*FACTOR, *Y_TERMS]),
                         (-0.5, [*FACTOR]), (1000, [])):
        yield dev_case(
            "mean_tweedie_deviance", f"power={power}", *POSITIVE, {"power": power}, tags=extra,
            description=f"Power {power}: "
            + {0: "the squared error (no factor 2).", 1: "Poisson.", 2: "Gamma.", 3: "inverse Gaussian.",
               1000: "a huge power: 0.5^-998 is about 1e300, so the deviance is huge (about 1e294) but finite."}.get(
                power, "the general form 2 (y^(2-p)/((1-p)(2-p)) - y y_pred^(1-p)/(1-p) + y_pred^(2-p)/(2-p))."))
    yield dev_case(
        "mean_tweedie_deviance", "power=1.5/perfect", [0.0, 1.0, 2.5], [0.5, 1.0, 2.5], {"power": 1.5},
        tags=[*Y_TERMS, *wrong("poisson-zero-target-refused")],
        description="Compound Poisson (1 < p < 2) accepts a zero target; the term y^(2-p)/((1-p)(2-p)) of y "
        "alone is what makes the two exact predictions count 0. Without it the deviance is not 0 at y_pred = y.")
    yield dev_case(
        "mean_tweedie_deviance", "power=-1/non-positive-targets", [-1.0, 0.0, 2.0], [1.0, 1.0, 1.0],
        {"power": -1}, tags=["deviance-domain", *FACTOR],
        description="A negative power needs y_pred > 0 only: y_true may be 0 or negative, and the term of y "
        "alone uses max(y, 0).")
    for power in (0.5, 0.01, 0.99):
        yield from each(
            ("mean_tweedie_deviance", "d2_tweedie_score"), f"error/power={power}", *POSITIVE, {"power": power},
            tags=["error", "keyword", *wrong("tweedie-power-between-0-and-1-computed")],
            description="A power strictly between 0 and 1 is refused: no Tweedie distribution has it. (The "
            "general formula would still compute a number.)")
    for power, text in ((float("nan"), "NaN"), (float("inf"), "+infinity")):
        yield from each(
            ("mean_tweedie_deviance", "d2_tweedie_score"), f"error/power={text}", *POSITIVE, {"power": power},
            tags=["error", "keyword"], description=f"power={text} is refused: the keyword must be finite.")


def domains():
    yield dev_case(
        "mean_poisson_deviance", "zero-target", [0.0, 0.0, 3.0], [0.5, 1.0, 3.0],
        tags=["deviance-domain", *FACTOR, *wrong("poisson-zero-target-refused")],
        description="Zero targets are in Poisson's domain (0 log 0 = 0): each contributes 2 y_pred.")
    cases = [
        ("mean_poisson_deviance", {}, "negative-target", [-1.0, 1.0, 2.0], [1.0, 1.0, 2.0],
         "Poisson refuses a negative target."),
        ("mean_poisson_deviance", {}, "zero-prediction", [1.0, 1.0, 2.0], [0.0, 1.0, 2.0],
         "Poisson refuses y_pred = 0 (log of y/0)."),
        ("mean_poisson_deviance", {}, "negative-prediction", [1.0, 1.0, 2.0], [-0.5, 1.0, 2.0],
         "Poisson refuses a negative y_pred."),
        ("mean_gamma_deviance", {}, "zero-target", [0.0, 1.0, 2.0], [1.0, 1.0, 2.0],
         "Gamma refuses y_true = 0 (log of y_pred/0)."),
        ("mean_gamma_deviance", {}, "negative-target", [-1.0, 1.0, 2.0], [1.0, 1.0, 2.0],
         "Gamma refuses a negative target."),
        ("mean_gamma_deviance", {}, "zero-prediction", [1.0, 1.0, 2.0], [0.0, 1.0, 2.0],
         "Gamma refuses y_pred = 0."),
        ("mean_tweedie_deviance", {"power": 1.5}, "power=1.5/negative-target", [-1.0, 1.0, 2.0],
         [1.0, 1.0, 2.0], "Compound Poisson refuses a negative target."),
        ("mean_tweedie_deviance", {"power": 3}, "power=3/zero-target", [0.0, 1.0, 2.0], [1.0, 1.0, 2.0],
         "Power 3 (and any power >= 2) refuses y_true = 0."),
        ("mean_tweedie_deviance", {"power": -1}, "power=-1/zero-prediction", [1.0, 1.0, 2.0], [0.0, 1.0, 2.0],
         "A negative power refuses y_pred = 0."),
        ("mean_tweedie_deviance", {"power": 0}, "power=0/negative-values", [-1.0, 1.0, 2.0], [-2.0, 0.0, 2.0],
         None),
    ]
    for metric, params, slug, yt, yp, text in cases:
        if text is None:
            yield dev_case(metric, slug, yt, yp, params, tags=["deviance-domain"],
                           description="Power 0 is the squared error: any real values are accepted.")
            continue
        yield dev_case(metric, f"error/{slug}", yt, yp, params, tags=["error", "deviance-domain"],
                       description=text + " The whole input is checked before anything is computed.")


def weights_and_shapes():
    for metric in TWEEDIE:
        params = {"power": 1.5} if metric == "mean_tweedie_deviance" else {}
        yield dev_case(
            metric, "weighted", *POSITIVE, params, sample_weight=[1.0, 0.5, 2.0, 0.25],
            tags=["fractional-weight", *FACTOR, *wrong("weights-ignored")],
            description="The weighted mean of the unit deviances, divided by the total weight (3.75).")
        yield dev_case(
            metric, "zero-weight", *POSITIVE, params, sample_weight=[1.0, 0.0, 2.0, 0.0],
            tags=["zero-weight", *wrong("weights-ignored")],
            description="Samples of weight 0 do not count, even in the total weight.")
        yield dev_case(
            metric, "column-target", [[v] for v in POSITIVE[0]], [[v] for v in POSITIVE[1]], params,
            description="An (n, 1) column is one output, accepted.")
        yield dev_case(
            metric, "single-sample", [2.0], [3.0], params, tags=["single-sample"],
            description="One sample is enough for a mean deviance.")
        yield dev_case(
            metric, "perfect", *[POSITIVE[0]] * 2, params, tags=[*Y_TERMS],
            description="y_pred = y_true: every unit deviance is 0.")
        yield dev_case(
            metric, "error/two-outputs", [[1.0, 2.0], [2.0, 3.0]], [[1.0, 2.5], [2.0, 3.0]], params,
            tags=["error", "shape"], description="The Tweedie deviances take one output only.")
        for slug, w, tags, text in (
                ("all-zero", [0.0, 0.0, 0.0, 0.0], ["zero-weight"], "Weights that are all 0 are refused."),
                ("summing-to-zero", [1.0, -1.0, 0.0, 0.0], ["negative-weight"],
                 "Weights summing to 0: the weighted mean divides by 0 (ZeroDivisionError)."),
                ("two-dimensional", [[1.0], [1.0], [1.0], [1.0]], ["shape"], "Weights must be 1-D."),
                ("wrong-length", [1.0, 1.0], ["mismatched-lengths"], "Two weights for four samples.")):
            yield dev_case(metric, f"error/sample_weight/{slug}", *POSITIVE, params, sample_weight=w,
                           tags=["error", *tags], description=text)
        for slug, yt, yp, tags, text in (
                ("empty", [], [], ["empty"], "No samples: an error."),
                ("mismatched-lengths", [1.0, 2.0, 3.0], [1.0, 2.0], ["mismatched-lengths"],
                 "Three targets, two predictions."),
                ("nan-in-y_true", [1.0, "NaN", 3.0], [1.0, 2.0, 3.0], ["non-finite-input"], "NaN is refused."),
                ("infinity-in-y_pred", [1.0, 2.0, 3.0], [1.0, "Infinity", 3.0], ["non-finite-input"],
                 "+Infinity is refused.")):
            yield dev_case(metric, f"error/{slug}", yt, yp, params, tags=["error", *tags], description=text)


def cases():
    for part in (worked_examples, powers, domains, weights_and_shapes):
        yield from part()
