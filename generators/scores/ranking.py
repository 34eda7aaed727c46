"""roc_curve, precision_recall_curve, average_precision_score and roc_auc_score.

Named cases first (worked examples, tie rules, the positive class, weights,
degenerate targets, the multiclass strategies), then seeded random cases.
"""

from __future__ import annotations

from generators.scores._common import (
    INF,
    NAN,
    SCORE_TAGS,
    WEIGHT_TAGS,
    case,
    draw_binary_target,
    draw_multiclass_target,
    draw_n,
    draw_probability_rows,
    draw_scores,
    draw_weights,
    fmt,
    rng_for,
    wrong,
)

ROC, PR, AP, AUC = "roc_curve", "precision_recall_curve", "average_precision_score", "roc_auc_score"
CURVES = (ROC, PR)

# scikit-learn's docstring examples.
DOC_TRUE, DOC_SCORE = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
DOC_MC_TRUE = [0, 0, 1, 1, 2, 2]
DOC_MC_SCORE = [[0.7, 0.2, 0.1], [0.4, 0.3, 0.3], [0.1, 0.8, 0.1], [0.2, 0.3, 0.5], [0.4, 0.4, 0.2], [0.1, 0.2, 0.7]]
# Tied scores across the classes: 0.5 is held by a positive and a negative.
TIES_TRUE, TIES_SCORE = [0, 1, 0, 1, 1, 0], [0.5, 0.5, 0.2, 0.8, 0.5, 0.5]
# Collinear points: a run of negatives, then of positives, scored in order.
RUNS_TRUE, RUNS_SCORE = [0, 0, 1, 1, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3]


def curves_named():
    yield case(ROC, "worked-example/docstring", [1, 1, 2, 2], DOC_SCORE, {"pos_label": 2},
               tags=["worked-example", "pos-label", *wrong("roc-threshold-max-plus-one")],
               description="scikit-learn's docstring example: fpr [0, 0, 0.5, 0.5, 1], tpr [0, 0.5, 0.5, 1, 1], "
               "thresholds [inf, 0.8, 0.4, 0.35, 0.1].  The first threshold is +infinity (\"Infinity\" in JSON), "
               "not max(score) + 1 as in older scikit-learn versions.")
    yield case(PR, "worked-example/docstring", DOC_TRUE, DOC_SCORE,
               tags=["worked-example", *wrong("pr-no-final-point", "pr-decreasing-thresholds")],
               description="scikit-learn's docstring example: precision [0.5, 2/3, 0.5, 1, 1], recall "
               "[1, 1, 0.5, 0.5, 0], thresholds [0.1, 0.35, 0.4, 0.8]: thresholds INCREASE, and the final "
               "point (precision 1, recall 0) has no threshold, so precision and recall are one longer.")
    for metric in CURVES:
        yield case(metric, "ties/grouped", TIES_TRUE, TIES_SCORE, tags=["ties", *wrong("ties-split")],
                   description="Four samples score 0.5, two positive and two negative: they form ONE threshold, "
                   "one point of the curve, whatever their order.")
        yield case(metric, "ties/all-equal", [0, 1, 1, 0], [0.3] * 4, tags=["ties", *wrong("ties-split")],
                   description="Every score equal: a single threshold.")
    for drop in (True, False):
        readings = wrong("roc-no-drop-intermediate") if drop else []
        yield case(ROC, f"drop-intermediate/collinear-runs/drop_intermediate={drop}", RUNS_TRUE, RUNS_SCORE,
                   {"drop_intermediate": drop}, tags=["drop-intermediate", *readings],
                   description="Points on straight runs of the curve are dropped when drop_intermediate is True "
                   "(roc_curve's default): only the corners remain.")
        readings = wrong("pr-drop-intermediate-ignored") if drop else []
        yield case(PR, f"drop-intermediate/collinear-runs/drop_intermediate={drop}", RUNS_TRUE, RUNS_SCORE,
                   {"drop_intermediate": drop}, tags=["drop-intermediate", *readings],
                   description="precision_recall_curve's default is drop_intermediate=False; when True, only the "
                   "first and last point of each run of equal recall remain.")
    yield case(ROC, "default-params/collinear-runs", RUNS_TRUE, RUNS_SCORE,
               tags=["drop-intermediate", "default-params", *wrong("roc-no-drop-intermediate")],
               description="Without the keyword, roc_curve drops intermediate points.")
    yield case(PR, "default-params/collinear-runs", RUNS_TRUE, RUNS_SCORE, tags=["default-params"],
               description="Without the keyword, precision_recall_curve keeps every threshold.")
    for metric in CURVES:
        yield case(metric, "sample-weight/zero-weights-are-removed", [0, 1, 1, 0, 1], [0.9, 0.8, 0.3, 0.5, 0.1],
                   sample_weight=[0, 1, 1, 1, 0], tags=["zero-weight", *wrong("zero-weights-kept")],
                   description="Samples of weight 0 are removed before the thresholds are found: 0.9 and 0.1 are "
                   "not thresholds.")
        yield case(metric, "sample-weight/fractional", [0, 1, 1, 0, 1], [0.9, 0.8, 0.3, 0.5, 0.1],
                   sample_weight=[0.5, 2.25, 1.0, 1.5, 3.0], tags=["fractional-weight", *wrong("weights-ignored")],
                   description="Weighted counts of positives and negatives at each threshold.")
        yield case(metric, "errors/pos-label-needed", [1, 2, 2, 1], DOC_SCORE,
                   tags=["error", "pos-label", *wrong("pos-label-greater")],
                   description="y_true in {1, 2} without pos_label: ValueError (only {0, 1} and {-1, 1} infer "
                   "the positive class 1); the greater label is NOT taken.")
        yield case(metric, "pos-label/minus1-1", [-1, -1, 1, 1], DOC_SCORE, tags=["pos-label", "negative-labels"],
                   description="{-1, 1}: the positive class is 1.")
        yield case(metric, "pos-label/zero-is-positive", DOC_TRUE, DOC_SCORE, {"pos_label": 0}, tags=["pos-label"],
                   description="pos_label=0 reverses the roles of the classes.")
        yield case(metric, "pos-label/multiclass-one-vs-rest", [0, 1, 2, 2, 1], [0.1, 0.4, 0.35, 0.8, 0.6],
                   {"pos_label": 2}, tags=["pos-label", "multiclass"],
                   description="Multiclass y_true with pos_label: class 2 against the rest.")
        yield case(metric, "errors/multiclass-without-pos-label", [0, 1, 2, 2, 1], [0.1, 0.4, 0.35, 0.8, 0.6],
                   tags=["error", "multiclass"], description="Multiclass y_true needs pos_label: ValueError.")
        yield case(metric, "decision-values/integer-scores", [0, 1, 1, 0, 1], [-3, 2, 5, 2, -1],
                   tags=["decision-values", "ties"], description="Scores need not be probabilities: integers, "
                   "negative values.")
        yield case(metric, "single-sample", [1], [0.7], tags=["degenerate", "single-class"],
                   description="One sample.")
        yield case(metric, "errors/nan-score", [0, 1, 1], [0.2, NAN, 0.3], tags=["error", "nan-input"],
                   description="NaN in y_score: ValueError.")
        yield case(metric, "errors/infinite-score", [0, 1, 1], [0.2, INF, 0.3], tags=["error"],
                   description="+infinity in y_score: ValueError (scores must be finite).")
        yield case(metric, "errors/mismatched-lengths", [0, 1, 1], [0.2, 0.3], tags=["error", "mismatched-lengths"],
                   description="y_true and y_score of different lengths: ValueError.")
        yield case(metric, "errors/all-zero-weights", [0, 1, 1], [0.2, 0.5, 0.3], sample_weight=[0, 0, 0],
                   tags=["error", "zero-weight"], description="Every sample weight 0: ValueError.")
    yield case(ROC, "no-positives/tpr-is-nan", [0, 0, 0], [0.2, 0.5, 0.3],
               tags=["single-class", "nan-result", *wrong("roc-undefined-rate-zero")],
               description="No positive sample: tpr is NaN at every threshold (0/0, with a warning), not 0.")
    yield case(ROC, "no-negatives/fpr-is-nan", [1, 1, 1], [0.2, 0.5, 0.3],
               tags=["single-class", "nan-result", *wrong("roc-undefined-rate-zero")],
               description="No negative sample: fpr is NaN at every threshold.")
    yield case(PR, "no-positives/recall-is-one", [0, 0, 0], [0.2, 0.5, 0.3],
               tags=["single-class", *wrong("pr-no-positives-recall-zero")],
               description="No positive sample: recall is set to 1 at every threshold (with a warning), not 0 "
               "or NaN; precision is 0.")
    yield case(PR, "all-positive", [1, 1, 1], [0.2, 0.5, 0.3], tags=["single-class"],
               description="Only positives: precision 1 everywhere.")
    yield case(ROC, "sample-weight/negative", [0, 1, 1, 0], [0.2, 0.3, 0.2, 0.1], sample_weight=[1, -1, 1, 1],
               tags=["negative-weight", "ties"],
               description="Negative weights are accepted; here the positives' weights cancel (total 0), so tpr "
               "is NaN, and fpr holds a -0.0.")


def ap_named():
    yield case(AP, "worked-example/docstring", DOC_TRUE, DOC_SCORE,
               tags=["worked-example", *wrong("ap-trapezoid")],
               description="scikit-learn's docstring example: the step sum of precision times the recall gained, "
               "0.8333333333333333 (the trapezoidal area under the same curve is 0.79...).")
    yield case(AP, "worked-example/docstring-multiclass", DOC_MC_TRUE, DOC_MC_SCORE,
               tags=["worked-example", "multiclass", "macro"],
               description="scikit-learn's multiclass docstring example: macro average of one-vs-rest AP.")
    yield case(AP, "interpolation/none", [0, 1, 1], [0.9, 0.8, 0.7], tags=[*wrong("ap-interpolated", "ap-trapezoid")],
               description="Precision rises from 1/2 to 2/3 along the curve; AP uses the precision at each "
               "threshold as it is, not the best precision at a higher recall (interpolated, Pascal VOC "
               "style): 0.5 * 0.5 + 0.5 * 2/3.")
    yield case(AP, "ties/grouped", TIES_TRUE, TIES_SCORE, tags=["ties", *wrong("ties-split")],
               description="Tied scores form one threshold: the precision of the whole group counts.")
    yield case(AP, "pos-label/default-1-not-greater", [1, 2, 2, 1], DOC_SCORE,
               tags=["pos-label", "non-contiguous-labels", *wrong("ap-positive-is-greater")],
               description="Labels {1, 2}: average_precision_score's pos_label defaults to 1, so class 1 is "
               "positive (roc_auc_score would take 2, the greater).")
    yield case(AP, "pos-label/explicit", [1, 2, 2, 1], DOC_SCORE, {"pos_label": 2}, tags=["pos-label"],
               description="pos_label=2.")
    yield case(AP, "errors/pos-label-not-present", DOC_TRUE, DOC_SCORE, {"pos_label": 2}, tags=["error", "pos-label"],
               description="pos_label not among two present classes: ValueError.")
    yield case(AP, "no-positives/is-zero", [0, 0, 0], [0.2, 0.5, 0.3],
               tags=["single-class", *wrong("ap-no-positives-nan")],
               description="No positive sample: 0.0 (with a warning), not NaN.")
    yield case(AP, "all-positive/is-one", [1, 1, 1], [0.2, 0.5, 0.3], tags=["single-class"], description="1.0.")
    yield case(AP, "single-class-2-pos-label-1", [2, 2, 2], [0.2, 0.5, 0.3], tags=["single-class", "pos-label"],
               description="One class, 2, and the default pos_label=1: no positives, 0.0.")
    yield case(AP, "binary-ignores-average", DOC_TRUE, DOC_SCORE, {"average": None},
               tags=["default-params"], description="average is ignored for a binary y_true: a float.")
    for average in ("macro", "weighted", "micro", "samples", None):
        yield case(AP, f"multiclass/average={fmt(average)}", DOC_MC_TRUE, DOC_MC_SCORE, {"average": average},
                   tags=["multiclass", *([average] if average else [])],
                   description="One-vs-rest AP per class, then averaged (samples: per row over classes).")
    yield case(AP, "multiclass/sample-weight", DOC_MC_TRUE, DOC_MC_SCORE, {"average": "weighted"},
               sample_weight=[0.5, 1.0, 2.25, 1.0, 3.0, 0.25], tags=["multiclass", "fractional-weight",
                                                                    *wrong("weights-ignored")],
               description="Weights enter each class's curve and the support used as averaging weight.")
    yield case(AP, "errors/multiclass/pos-label", DOC_MC_TRUE, DOC_MC_SCORE, {"pos_label": 2},
               tags=["error", "multiclass", "pos-label"],
               description="pos_label is fixed to 1 for multiclass y_true: ValueError.")
    yield case(AP, "errors/multiclass/absent-class-column", [0, 0, 1, 1, 0, 1], DOC_MC_SCORE,
               tags=["error", "absent-class"],
               description="A binary y_true with 3 score columns (class 2 absent): ValueError; there is no "
               "labels keyword to declare it.")
    yield case(AP, "errors/multiclass/1d-scores", DOC_MC_TRUE, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], tags=["error"],
               description="Multiclass y_true needs one column per class: ValueError.")
    yield case(AP, "errors/empty", [], [], tags=["error", "empty"],
               description="No samples: an IndexError in scikit-learn 1.9.1 (a refusal all the same).")


MC_TRUE = [0, 1, 2, 2, 1, 0]
MC_SCORE = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4], [0.5, 0.3, 0.2], [0.4, 0.4, 0.2]]


def auc_named():
    yield case(AUC, "worked-example/exercise-positives-outrank-negatives", [1, 1, 0, 0], [0.9, 0.5, 0.4, 0.1],
               tags=["worked-example"], description="Exercise 002: positive scores [0.9, 0.5], negative [0.4, 0.1]: "
               "every positive outranks every negative, AUC 1.0.")
    yield case(AUC, "worked-example/docstring-scores", DOC_TRUE, DOC_SCORE, tags=["worked-example"],
               description="The curve example's scores: 3 of 4 positive-negative pairs ordered right, 0.75.")
    yield case(AUC, "ties/half-credit", [0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8],
               tags=["ties", *wrong("auc-ties-lose", "auc-ties-win")],
               description="A positive and a negative tie at 0.4: that pair counts 1/2 (the trapezoid over a "
               "tied group): (1 + 1/2 + 1 + 1) / 4 = 0.875, not 0.75 or 1.0.")
    yield case(AUC, "ties/all-equal", [0, 1, 1, 0], [0.3] * 4, tags=["ties", *wrong("auc-ties-lose", "auc-ties-win")],
               description="Every score equal: 0.5.")
    yield case(AUC, "positive-class/greater-label", [1, 1, 2, 2], DOC_SCORE,
               tags=["non-contiguous-labels", *wrong("auc-positive-is-1")],
               description="Binary labels {1, 2}: the GREATER label is positive (estimator.classes_[1]): 0.75, "
               "not 0.25.")
    yield case(AUC, "positive-class/minus1-1", [-1, -1, 1, 1], DOC_SCORE, tags=["negative-labels"],
               description="{-1, 1}: 1 is positive.")
    yield case(AUC, "single-class/nan", [1, 1, 1], [0.2, 0.5, 0.3],
               tags=["single-class", "nan-result", *wrong("auc-single-class-error", "auc-single-class-half")],
               description="One class in y_true: NaN with an UndefinedMetricWarning, not an error and not 0.5.")
    yield case(AUC, "single-class/nan-before-length-check", [0, 0, 0], [0.2, 0.5],
               tags=["single-class", "nan-result", "mismatched-lengths"],
               description="scikit-learn returns NaN for a single class before it compares the lengths of "
               "y_true and y_score.")
    for max_fpr in (0.5, 0.25, 1.0):
        readings = wrong("auc-partial-not-standardized") if max_fpr != 1.0 else []
        yield case(AUC, f"max_fpr={fmt(max_fpr)}", [0, 0, 1, 0, 1, 1, 0, 1], [0.1, 0.3, 0.35, 0.4, 0.6, 0.7, 0.75, 0.9],
                   {"max_fpr": max_fpr}, tags=["partial-auc", *readings],
                   description="Partial AUC over fpr in [0, max_fpr], the curve cut at max_fpr by linear "
                   "interpolation, then McClish-standardised: 0.5 * (1 + (A - m^2/2) / (m - m^2/2)).  "
                   "max_fpr = 1 is the full AUC.")
    yield case(AUC, "errors/max_fpr=0", DOC_TRUE, DOC_SCORE, {"max_fpr": 0}, tags=["error", "partial-auc"],
               description="max_fpr must lie in (0, 1]: InvalidParameterError.")
    yield case(AUC, "sample-weight/fractional", [0, 1, 1, 0, 1], [0.9, 0.8, 0.3, 0.5, 0.1],
               sample_weight=[0.5, 2.25, 1.0, 1.5, 3.0], tags=["fractional-weight", *wrong("weights-ignored")],
               description="Weighted pairs.")
    yield case(AUC, "sample-weight/zero", [0, 1, 1, 0, 1], [0.9, 0.8, 0.3, 0.5, 0.1], sample_weight=[0, 1, 1, 1, 0],
               tags=["zero-weight", *wrong("weights-ignored")], description="Weight-0 samples do not count.")
    yield case(AUC, "binary-ignores-average", DOC_TRUE, DOC_SCORE, {"average": None}, tags=["default-params"],
               description="average is ignored for binary y_true: a float.")
    yield case(AUC, "errors/binary-two-columns", DOC_TRUE, [[0.9, 0.1], [0.6, 0.4], [0.65, 0.35], [0.2, 0.8]],
               tags=["error"], description="Binary y_true takes one score per sample: ValueError.")
    # Multiclass
    yield case(AUC, "errors/multiclass/multi_class-required", MC_TRUE, MC_SCORE,
               tags=["error", "multiclass", *wrong("auc-multiclass-default-ovr")],
               description="multi_class defaults to 'raise': multiclass y_true needs 'ovr' or 'ovo' explicitly.")
    for multi_class in ("ovr", "ovo"):
        for average in ("macro", "weighted", "micro", None):
            if multi_class == "ovo" and average in ("micro", None):
                continue
            readings = wrong("auc-ovo-one-direction") if multi_class == "ovo" else []
            yield case(AUC, f"multiclass/{multi_class}/average={fmt(average)}", MC_TRUE, MC_SCORE,
                       {"multi_class": multi_class, "average": average},
                       tags=["multiclass", multi_class, *([average] if average else []), *readings],
                       description="One-vs-rest: one AUC per class against all others." if multi_class == "ovr"
                       else "One-vs-one (Hand & Till): for each pair of classes, the mean of AUC(a vs b, "
                       "column a) and AUC(b vs a, column b) over the pair's samples; weighted by the pair's "
                       "share of samples.")
    yield case(AUC, "multiclass/ovr/absent-class-declared/macro", [0, 1, 0, 1, 1, 0], MC_SCORE,
               {"multi_class": "ovr", "labels": [0, 1, 2]},
               tags=["multiclass", "ovr", "macro", "absent-class", "labels-declared", "nan-result",
                     *wrong("auc-ovr-absent-class-skipped")],
               description="Class 2 is declared but absent from y_true: its one-vs-rest AUC is NaN, and the macro "
               "mean is NaN (not the mean of the other classes).")
    yield case(AUC, "multiclass/ovr/absent-class-declared/weighted", [0, 1, 0, 1, 1, 0], MC_SCORE,
               {"multi_class": "ovr", "labels": [0, 1, 2], "average": "weighted"},
               tags=["multiclass", "ovr", "weighted", "absent-class", "labels-declared"],
               description="Weighted: the absent class has weight 0 and its NaN is replaced by 0 first: a number.")
    yield case(AUC, "multiclass/ovr/absent-class-declared/average=None", [0, 1, 0, 1, 1, 0], MC_SCORE,
               {"multi_class": "ovr", "labels": [0, 1, 2], "average": None},
               tags=["multiclass", "ovr", "absent-class", "labels-declared", "nan-result"],
               description="Per class: the AUC of class 0, of class 1, and NaN for class 2.")
    yield case(AUC, "multiclass/ovo/absent-class-declared", [0, 1, 0, 1, 1, 0], MC_SCORE,
               {"multi_class": "ovo", "labels": [0, 1, 2]},
               tags=["multiclass", "ovo", "absent-class", "labels-declared"],
               description="One-vs-one pairs run over the classes PRESENT in y_true only: here the single pair "
               "(0, 1).")
    yield case(AUC, "multiclass/ovr/sample-weight", MC_TRUE, MC_SCORE, {"multi_class": "ovr"},
               sample_weight=[0.5, 1.0, 2.25, 1.0, 3.0, 0.25],
               tags=["multiclass", "ovr", "fractional-weight", *wrong("weights-ignored")], description="Weighted.")
    yield case(AUC, "errors/multiclass/rows-not-probabilities", MC_TRUE, [[v * 2 for v in r] for r in MC_SCORE],
               {"multi_class": "ovr"}, tags=["error", "multiclass", "unnormalized-rows",
                                             *wrong("auc-unnormalized-rows-accepted")],
               description="Multiclass scores must sum to 1 per row (within numpy's allclose): ValueError.")
    yield case(AUC, "errors/multiclass/ovo-sample-weight", MC_TRUE, MC_SCORE, {"multi_class": "ovo"},
               sample_weight=[1] * 6, tags=["error", "multiclass", "ovo"],
               description="One-vs-one takes no sample_weight: ValueError.")
    yield case(AUC, "errors/multiclass/ovo-average-None", MC_TRUE, MC_SCORE, {"multi_class": "ovo", "average": None},
               tags=["error", "multiclass", "ovo"],
               description="average=None with 'ovo' is NotImplementedError (a RuntimeError, not a ValueError).")
    yield case(AUC, "errors/multiclass/max_fpr", MC_TRUE, MC_SCORE, {"multi_class": "ovr", "max_fpr": 0.5},
               tags=["error", "multiclass", "partial-auc"], description="No partial AUC for multiclass.")
    yield case(AUC, "errors/multiclass/labels-unsorted", MC_TRUE, MC_SCORE, {"multi_class": "ovr", "labels": [2, 1, 0]},
               tags=["error", "multiclass", "labels-order"], description="labels must be sorted: ValueError.")
    yield case(AUC, "errors/multiclass/absent-class-undeclared", [0, 1, 0, 1, 1, 0], MC_SCORE,
               {"multi_class": "ovr"}, tags=["error", "absent-class"],
               description="Binary y_true with 3 columns and no labels: ValueError.")
    yield case(AUC, "errors/empty", [], [], tags=["error", "empty"], description="ValueError.")


# --- grids ----------------------------------------------------------------------------------

PER_COMBINATION = 2


def _binary(rng, score_mode):
    n = draw_n(rng)
    return draw_binary_target(rng, n), draw_scores(rng, n, score_mode), n


def grid():
    for metric in CURVES:
        for score_mode in ("ties", "continuous", "decision"):
            for weights_mode in ("none", "float", "zeros"):
                for drop in (True, False):
                    for i in range(PER_COMBINATION):
                        slug = f"grid/scores={score_mode}/weights={weights_mode}/drop_intermediate={drop}/{i}"
                        rng = rng_for(f"{metric}/{slug}")
                        yt, ys, n = _binary(rng, score_mode)
                        yield case(metric, slug, yt, ys, {"drop_intermediate": drop},
                                   sample_weight=draw_weights(rng, weights_mode, n),
                                   tags=["grid", *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[score_mode]])
        for i in range(3):
            slug = f"grid/pos_label=2/{i}"
            rng = rng_for(f"{metric}/{slug}")
            n = draw_n(rng)
            yield case(metric, slug, draw_binary_target(rng, n, (1, 2)), draw_scores(rng, n, "ties"),
                       {"pos_label": 2}, tags=["grid", "pos-label", "ties"])
    for metric in (AP, AUC):
        for score_mode in ("ties", "continuous", "decision"):
            for weights_mode in ("none", "float", "zeros"):
                for i in range(PER_COMBINATION):
                    slug = f"grid/binary/scores={score_mode}/weights={weights_mode}/{i}"
                    rng = rng_for(f"{metric}/{slug}")
                    yt, ys, n = _binary(rng, score_mode)
                    yield case(metric, slug, yt, ys, sample_weight=draw_weights(rng, weights_mode, n),
                               tags=["grid", *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[score_mode]])
    for max_fpr in (0.1, 0.5, 0.75):
        for i in range(PER_COMBINATION):
            slug = f"grid/binary/max_fpr={fmt(max_fpr)}/{i}"
            rng = rng_for(f"{AUC}/{slug}")
            yt, ys, n = _binary(rng, "continuous")
            yield case(AUC, slug, yt, ys, {"max_fpr": max_fpr}, tags=["grid", "partial-auc"])
    for average in ("macro", "weighted", "micro", "samples", None):
        for weights_mode in ("none", "float"):
            for score_mode in ("ties", "continuous"):
                for i in range(PER_COMBINATION):
                    slug = f"grid/multiclass/average={fmt(average)}/weights={weights_mode}/scores={score_mode}/{i}"
                    rng = rng_for(f"{AP}/{slug}")
                    k = int(rng.integers(3, 6))
                    n = draw_n(rng, k, 14)
                    yield case(AP, slug, draw_multiclass_target(rng, n, k), draw_probability_rows(rng, n, k, score_mode),
                               {"average": average}, sample_weight=draw_weights(rng, weights_mode, n),
                               tags=["grid", "multiclass", *([average] if average else []),
                                     *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[score_mode]])
    combos = [("ovr", a, w) for a in ("macro", "weighted", "micro", None) for w in ("none", "float")]
    combos += [("ovo", a, "none") for a in ("macro", "weighted")]
    for multi_class, average, weights_mode in combos:
        for labels_mode in ("none", "declared"):
            for score_mode in ("ties", "continuous"):
                for i in range(PER_COMBINATION):
                    slug = (f"grid/multiclass/{multi_class}/average={fmt(average)}/weights={weights_mode}/"
                            f"labels={labels_mode}/scores={score_mode}/{i}")
                    rng = rng_for(f"{AUC}/{slug}")
                    k = int(rng.integers(3, 6))
                    n = draw_n(rng, k, 14)
                    params = {"multi_class": multi_class, "average": average}
                    tags = ["grid", "multiclass", multi_class, *([average] if average else []),
                            *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[score_mode]]
                    if labels_mode == "declared":
                        # One class declared but absent; y_true keeps at least 3 classes or is binary.
                        yt = draw_multiclass_target(rng, n, k - 1)
                        params["labels"] = list(range(k))
                        tags += ["labels-declared", "absent-class"]
                    else:
                        yt = draw_multiclass_target(rng, n, k)
                    yield case(AUC, slug, yt, draw_probability_rows(rng, n, k, score_mode), params,
                               sample_weight=draw_weights(rng, weights_mode, n), tags=tags)


def cases():
    yield from curves_named()
    yield from ap_named()
    yield from auc_named()
    yield from grid()
