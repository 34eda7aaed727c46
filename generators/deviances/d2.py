"""The D² scores: 1 - D(y_true, y_pred) / D(y_true, null), where the null model is the constant
fitted to y_true that the deviance D favours: the weighted mean (Tweedie), the weighted
alpha-quantile (pinball; the median for the absolute error), the weighted class frequencies
(Brier, log loss).  Each is NaN below two samples, and each has its own answer when the null
deviance is 0 (a constant y_true)."""

from __future__ import annotations

from generators.deviances._common import dev_case, each, wrong

T, P, A, B, L = ("d2_tweedie_score", "d2_pinball_score", "d2_absolute_error_score", "d2_brier_score",
                 "d2_log_loss_score")
POSITIVE = ([0.5, 1.0, 2.5, 7.0], [1.0, 1.0, 5.0, 3.5])  # d2_tweedie_score's docstring data
ONE = ([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0])
TWO = ([[0.5, 1.0], [-1.0, 1.0], [7.0, -6.0]], [[0.0, 2.0], [-1.0, 2.0], [8.0, -5.0]])
ZERO_NULL = wrong("d2-zero-null-model")
MEAN_NULL = wrong("d2-mean-null-model")
UNIFORM_NULL = wrong("d2-uniform-null-model")
UNDEFINED = wrong("d2-constant-target-undefined")
SIDES = wrong("pinball-sides-swapped")


def tweedie():
    for params, extra in (({}, ZERO_NULL), ({"power": 1}, wrong("deviance-without-y-terms")),
                          ({"power": 2}, wrong("deviance-without-y-terms"))):
        name = "default-power" if not params else f"power={params['power']}"
        yield dev_case(T, f"worked-example/{name}", *POSITIVE, params,
                       tags=["worked-example", "null-model", *extra],
                       description="scikit-learn's docstring example at " + (
                           "power 0 (r2_score): " if not params else f"power {params['power']}: ")
                       + "the model's mean deviance against that of predicting mean(y_true) = 2.75 everywhere.")
    yield dev_case(T, "worked-example/perfect/power=2", POSITIVE[0], POSITIVE[0], {"power": 2},
                   tags=["worked-example"], description="A perfect prediction scores 1.0.")
    yield dev_case(T, "power=1.5/zero-targets", [0.0, 1.0, 0.0, 4.0], [0.5, 1.0, 0.5, 2.0], {"power": 1.5},
                   tags=["null-model", *wrong("deviance-without-y-terms", "poisson-zero-target-refused")],
                   description="Compound Poisson with zero targets; the null model predicts their mean, 1.25.")
    yield dev_case(T, "power=0/offset-predictions", [1.0, 2.0, 3.0, 6.0], [2.0, 3.0, 4.0, 7.0],
                   tags=["null-model", *ZERO_NULL],
                   description="Every prediction 1 too high: mean deviance 1 against the mean model's 3.5. A zero "
                   "null model would compare with mean(y^2) = 12.5.")
    yield dev_case(T, "weighted", *POSITIVE, {"power": 1}, sample_weight=[1.0, 0.0, 2.0, 0.5],
                   tags=["null-model", "zero-weight", "fractional-weight", *wrong("weights-ignored")],
                   description="The null model is the weighted mean of y_true (sample 2 weighs 0 and is left out).")
    for slug, yt, yp, text in (("constant-target/perfect", [2.0, 2.0, 2.0], [2.0, 2.0, 2.0], "predicted exactly"),
                               ("constant-target/imperfect", [2.0, 2.0, 2.0], [1.0, 2.0, 2.0], "mispredicted")):
        yield dev_case(T, f"error/{slug}", yt, yp, tags=["error", "zero-null-deviance", "quirk", *UNDEFINED],
                       description=f"A constant y_true, {text}: the null deviance is 0.0 and scikit-learn divides "
                       "two Python floats, so it raises ZeroDivisionError (not NaN, -inf, 1.0 or 0.0).")
    yield dev_case(T, "error/constant-target/power=1", [2.0, 2.0, 2.0], [1.0, 2.0, 2.0], {"power": 1},
                   tags=["error", "zero-null-deviance", "quirk", *UNDEFINED],
                   description="The same at power 1: ZeroDivisionError.")
    yield dev_case(T, "single-sample", [2.0], [3.0], tags=["single-sample"],
                   description="D² needs two samples: one gives NaN.")
    yield dev_case(T, "single-sample/outside-the-domain", [2.0], [-3.0], {"power": 1},
                   tags=["single-sample", "deviance-domain", "quirk"],
                   description="The one-sample rule comes before the domain check: a negative y_pred with power "
                   "1 still gives NaN, not an error.")
    yield dev_case(T, "error/zero-prediction/power=1", [1.0, 2.0], [0.0, 2.0], {"power": 1},
                   tags=["error", "deviance-domain"], description="Two samples: the domain is checked.")
    yield dev_case(T, "error/two-outputs", [[1.0, 2.0], [2.0, 3.0]], [[1.0, 2.5], [2.0, 3.0]],
                   tags=["error", "shape"], description="d2_tweedie_score takes one output only.")


def pinball():
    yt, yp = [1.0, 2.0, 3.0], [1.0, 3.0, 3.0]
    yield dev_case(P, "worked-example/default-alpha", yt, yp, tags=["worked-example", "defaults"],
                   description="scikit-learn's docstring example: alpha 0.5, the null model the median 2.")
    for alpha in (0.9, 0.1):
        yield dev_case(P, f"worked-example/alpha={alpha}", yt, yp, {"alpha": alpha},
                       tags=["worked-example", "null-model", *SIDES],
                       description="scikit-learn's docstring example: the null model is y_true's "
                       f"{alpha}-quantile.")
    yield dev_case(P, "worked-example/perfect", yt, yt, {"alpha": 0.1}, tags=["worked-example"],
                   description="A perfect prediction scores 1.0.")
    skewed = ([1.0, 2.0, 3.0, 4.0, 20.0], [1.5, 2.0, 2.5, 6.0, 12.0])
    for alpha in (0.25, 0.5, 0.75):
        yield dev_case(P, f"null-model/alpha={alpha}", *skewed, {"alpha": alpha},
                       tags=["null-model", *MEAN_NULL, *ZERO_NULL, *(SIDES if alpha != 0.5 else [])],
                       description="A skewed y_true: its alpha-quantile (the null model) is far from its mean "
                       "(6) and from 0.")
    for alpha, text in ((0, "minimum"), (1, "maximum")):
        yield dev_case(P, f"alpha={alpha}", *skewed, {"alpha": alpha}, tags=["null-model", "zero-null-deviance"],
                       description=f"alpha = {alpha}: the null model is y_true's {text}, whose pinball loss is "
                       "always 0, so the score is 1.0 for a perfect model and 0.0 otherwise.")
    for slug, pred, text in (("perfect", [2.0, 2.0, 2.0], "1.0"), ("imperfect", [1.0, 2.0, 2.0], "0.0")):
        yield from each((P, A), f"constant-target/{slug}", [2.0, 2.0, 2.0], pred,
                        tags=["zero-null-deviance", *UNDEFINED],
                        description=f"A constant y_true: the null loss is 0, and the score is {text} (as r2_score's "
                        "force_finite): 1.0 when the model is perfect too, else 0.0 -- not NaN or -inf.")
    yield from each((P, A), "constant-output/multioutput=raw_values", [[1.0, 2.0], [1.0, 3.0], [1.0, 5.0]],
                    [[1.0, 2.5], [2.0, 3.0], [1.0, 4.0]], {"multioutput": "raw_values"},
                    tags=["zero-null-deviance", *UNDEFINED],
                    description="The first output is constant and mispredicted: 0.0; the second is scored.")
    for mode in ("raw_values", "uniform_average"):
        yield from each((P, A), f"worked-example/two-outputs/multioutput={mode}", *TWO, {"multioutput": mode},
                        tags=["worked-example", *MEAN_NULL],
                        description="scikit-learn's docstring example with two outputs: one D² per output, or "
                        "their plain mean.")
    yield from each((P, A), "two-outputs/multioutput=1,3", *TWO, {"multioutput": [1, 3]},
                    description="Output weights [1, 3], normalised by their sum.")
    yield dev_case(P, "weighted", *skewed, {"alpha": 0.25}, sample_weight=[1.0, 3.0, 0.0, 1.0, 2.0],
                   tags=["null-model", "zero-weight", *SIDES, *wrong("weights-ignored")],
                   description="The null model is the weighted quantile (sample 3 weighs 0 and is skipped).")
    yield from each((P, A), "single-sample", [2.0], [3.0], tags=["single-sample"],
                    description="D² needs two samples: one gives NaN.")
    yield from each((P, A), "error/sample_weight/all-zero", yt, yp, sample_weight=[0.0, 0.0, 0.0],
                    tags=["error", "zero-weight"], description="Weights that are all 0 are refused.")
    yield dev_case(P, "error/alpha=1.5", yt, yp, {"alpha": 1.5}, tags=["error", "keyword"],
                   description="alpha must lie in [0, 1].")
    yield from each((P, A), "error/multioutput=variance_weighted", *TWO, {"multioutput": "variance_weighted"},
                    tags=["error", "keyword"], description="variance_weighted is not an option here.")


def absolute():
    yield dev_case(A, "worked-example/one-output", *ONE, tags=["worked-example", *ZERO_NULL],
                   description="scikit-learn's docstring example: the null model is the median, 2.5.")
    for slug, pred, text in (("perfect", [1.0, 2.0, 3.0], "1.0"), ("median", [2.0, 2.0, 2.0], "0.0"),
                             ("reversed", [3.0, 2.0, 1.0], "-1.0")):
        yield dev_case(A, f"worked-example/{slug}", [1.0, 2.0, 3.0], pred, tags=["worked-example"],
                       description=f"scikit-learn's docstring example: {text}.")
    yield dev_case(A, "even-count", [1.0, 2.0, 4.0, 10.0], [1.0, 3.0, 3.0, 8.0],
                   tags=["null-model", *MEAN_NULL, *ZERO_NULL],
                   description="An even count: the median is the mean of the two middle values, 3.")
    yield dev_case(A, "weighted", [1.0, 2.0, 4.0, 10.0], [1.0, 3.0, 3.0, 8.0], sample_weight=[1.0, 1.0, 0.0, 2.0],
                   tags=["null-model", "zero-weight", *wrong("weights-ignored")],
                   description="The weighted median: the sample of weight 0 is skipped.")


def probabilities():
    binary = ([0, 1, 1, 1, 0], [0.1, 0.9, 0.6, 0.8, 0.4])
    multi = ([0, 1, 2, 2], [[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.1, 0.8], [0.3, 0.3, 0.4]])
    for m in (B, L):
        yield dev_case(m, "binary", *binary, tags=["null-model", *UNIFORM_NULL],
                       description="Binary probabilities of the positive class; the null model predicts the "
                       "class frequencies (0.4, 0.6), not (0.5, 0.5).")
        yield dev_case(m, "binary/two-columns", binary[0], [[1 - p, p] for p in binary[1]],
                       tags=["null-model", *UNIFORM_NULL], description="The same as two columns.")
        yield dev_case(m, "multiclass", *multi, tags=["multiclass", "null-model", *UNIFORM_NULL],
                       description="Three classes of frequencies (1/4, 1/4, 1/2).")
        yield dev_case(m, "multiclass/labels-absent-class", [0, 1, 1, 0], [[0.6, 0.3, 0.1], [0.2, 0.7, 0.1],
                                                                           [0.1, 0.8, 0.1], [0.5, 0.4, 0.1]],
                       {"labels": [0, 1, 2]}, tags=["labels-declared", "absent-class", "null-model"],
                       description="labels declares class 2, absent from y_true: the null model gives it 0.")
        yield dev_case(m, "weighted", *binary, sample_weight=[1.0, 0.5, 0.0, 2.0, 1.0],
                       tags=["null-model", "zero-weight", "fractional-weight", *wrong("weights-ignored")],
                       description="The null model is the weighted class frequencies.")
        yield dev_case(m, "single-sample", [1], [0.25], tags=["single-sample"],
                       description="D² needs two samples: one gives NaN.")
        yield dev_case(m, "single-sample/probability-above-one", [1], [5.0],
                       tags=["single-sample", "probability-bounds", "quirk"],
                       description="The one-sample rule comes before the probabilities are checked: NaN, no "
                       "error.")
        yield dev_case(m, "error/probability-above-one", [0, 1], [0.5, 1.5], tags=["error", "probability-bounds"],
                       description="A probability above 1 is refused.")
        yield dev_case(m, "error/mismatched-lengths", [0, 1, 1], [0.5, 0.5], tags=["error", "mismatched-lengths"],
                       description="Three labels, two probabilities.")
    yield dev_case(B, "pos_label=1/labels-1-2", [1, 2, 2, 2], [0.2, 0.9, 0.7, 0.6],
                   {"pos_label": 1}, tags=["pos-label", "null-model", *UNIFORM_NULL],
                   description="Labels 1 and 2 with pos_label=1: the probabilities are those of class 1, the "
                   "smaller label, whose frequency is 1/4.")
    yield dev_case(B, "labels-1-2/default-pos_label", [1, 2, 2, 2], [0.2, 0.9, 0.7, 0.6],
                   tags=["pos-label", "defaults"],
                   description="Labels 1 and 2 without pos_label: the greater label, 2, is the positive class.")
    for slug, proba, text in (("perfect", [1.0, 1.0, 1.0], "NaN (0/0)"), ("imperfect", [0.5, 0.6, 0.7], "-inf")):
        yield dev_case(B, f"single-class/{slug}", [1, 1, 1], proba, {"labels": [0, 1]},
                       tags=["single-class", "zero-null-deviance", "nan-result"] if slug == "perfect" else
                       ["single-class", "zero-null-deviance"],
                       description=f"One class in y_true: the null model is perfect (Brier 0), and scikit-learn "
                       f"divides numpy floats: {text}.")
        yield dev_case(L, f"single-class/{slug}", [1, 1, 1], proba, {"labels": [0, 1]},
                       tags=["single-class", "zero-null-deviance", "clipping", *UNDEFINED],
                       description="One class in y_true: the null model predicts it with probability 1, clipped "
                       "to 1 - eps, so its log loss is tiny but not 0; " + (
                           "the perfect model is clipped alike: 0.0." if slug == "perfect" else
                           "a mispredicting model scores a huge negative number, not -inf."))
    yield dev_case(L, "error/single-class-without-labels", [1, 1, 1], [0.5, 0.6, 0.7],
                   tags=["error", "single-class"],
                   description="Without labels, one class in y_true is refused (the classes cannot be known).")
    yield dev_case(B, "error/multiclass-target-one-column", [0, 1, 2], [0.2, 0.5, 0.3], tags=["error", "shape"],
                   description="1-D probabilities need a binary y_true.")


def cases():
    for part in (tweedie, pinball, absolute, probabilities):
        yield from part()
