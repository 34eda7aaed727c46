"""The threshold functions: det_curve, confusion_matrix_at_thresholds and metric_at_thresholds.

All three read the threshold pass of the score family (one threshold per distinct score,
highest first, zero weights removed).  metric_at_thresholds takes its ``metric_func`` by the
name of a corpus metric (docs/decisions/0030).
"""

from __future__ import annotations

import numpy as np

from generators.extras._common import case, rng_for, wrong

DET, CMT, MAT = "det_curve", "confusion_matrix_at_thresholds", "metric_at_thresholds"
Y = [0, 0, 1, 1, 0, 1, 1, 0]
S = [0.1, 0.4, 0.35, 0.8, 0.4, 0.9, 0.35, 0.05]  # ties at 0.4 and 0.35


def _scores(metric, slug, y_true, y_score, params=None, *, sample_weight=None, tags=(), description=None):
    return case(metric, slug, {"y_true": y_true, "y_score": y_score, "sample_weight": sample_weight}, params,
                tags=tags, description=description)


def det():
    fnr = wrong("det-true-positive-rate")
    yield _scores(DET, "basic", [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], tags=["worked-example", *fnr],
                  description="scikit-learn's docstring example: fpr 0.5, 0.5, 0; fnr 0, 0.5, 0.5 at increasing "
                  "thresholds 0.35, 0.4, 0.8.")
    for drop in (False, True):
        yield _scores(DET, f"ties/drop_intermediate={drop}", Y, S, {"drop_intermediate": drop},
                      tags=["ties", "drop-intermediate", *fnr],
                      description="Tied scores make one threshold each; the curve is cut at the last point "
                      "with no false positive and the first with no false negative.")
    runs_y = [1, 0, 0, 0, 1, 1, 0, 0, 0, 1]
    runs_s = [0.95, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.3]
    for drop in (False, True):
        yield _scores(DET, f"runs/drop_intermediate={drop}", runs_y, runs_s, {"drop_intermediate": drop},
                      tags=["drop-intermediate", *fnr],
                      description="Runs of negatives between positives: drop_intermediate keeps only the ends of "
                      "each run of equal true positives.")
    yield _scores(DET, "pos-label", [3, 4, 4, 3, 4], [0.2, 0.7, 0.6, 0.65, 0.1], {"pos_label": 3},
                  tags=["pos-label", "non-contiguous-labels", *fnr], description="Labels 3 and 4 with "
                  "pos_label=3: the lower label is positive.")
    yield _scores(DET, "sample-weight", Y, S, sample_weight=[1, 2, 0.5, 1, 0, 3, 1, 1.5],
                  tags=["zero-weight", "fractional-weight", "ties", *fnr],
                  description="Weighted rates; the weight-0 sample's score is no threshold.")
    yield _scores(DET, "decision-values", [0, 1, 0, 1, 1], [-3.0, 2.5, 0.0, -0.5, 7.0],
                  tags=["decision-values", *fnr], description="Decision values of both signs as scores.")
    yield _scores(DET, "perfect", [0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], tags=["worked-example"],
                  description="Separable scores: the curve is cut to one point, fpr 0 and fnr 0 at the lowest "
                  "positive score, 0.8.")
    yield _scores(DET, "error/single-class", [1, 1, 1], [0.1, 0.5, 0.9], tags=["error", "single-class"],
                  description="One class in y_true: the DET curve is not defined, refused.")
    yield _scores(DET, "error/multiclass-with-pos-label", [0, 1, 2, 1], [0.1, 0.5, 0.9, 0.3], {"pos_label": 1},
                  tags=["error", "multiclass", "pos-label", "quirk"],
                  description="Three classes with pos_label=1: the counts are made, then refused because y_true "
                  "does not hold exactly two values (the message says one class).")
    yield _scores(DET, "error/nan-score", [0, 1], [0.1, "NaN"], tags=["error", "non-finite-input", "nan-input"],
                  description="A NaN score is refused.")
    rng = rng_for(f"{DET}/long")
    n = 100_000
    yield _scores(DET, "long", [int(v) for v in rng.integers(0, 2, n)],
                  [float(v) for v in np.round(rng.random(n), 3)], {"drop_intermediate": True},
                  tags=["long-input", "ties", "drop-intermediate"],
                  description=f"{n} samples scored to three decimals: about 1000 thresholds, many ties each.")


def confusion():
    yield _scores(CMT, "basic", [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], tags=["worked-example"],
                  description="scikit-learn's docstring example: tns 2, 1, 1, 0; fps 0, 1, 1, 2; fns 1, 1, 0, 0; "
                  "tps 1, 1, 2, 2 at thresholds 0.8, 0.4, 0.35, 0.1.")
    yield _scores(CMT, "ties", Y, S, tags=["ties"],
                  description="Tied scores: one threshold per distinct score, the counts jump by the whole group.")
    yield _scores(CMT, "sample-weight", Y, S, sample_weight=[1, 2, 0.5, 1, 0, 3, 1, 1.5],
                  tags=["ties", "zero-weight", "fractional-weight"],
                  description="Weighted counts; the weight-0 sample's score is no threshold.")
    yield _scores(CMT, "pos-label", [2, 5, 5, 2, 5], [0.3, 0.2, 0.9, 0.1, 0.5], {"pos_label": 2},
                  tags=["pos-label", "non-contiguous-labels"], description="pos_label=2 on labels 2 and 5.")
    yield _scores(CMT, "multiclass-with-pos-label", [0, 1, 2, 1, 0], [0.1, 0.5, 0.9, 0.3, 0.6], {"pos_label": 1},
                  tags=["multiclass", "pos-label"],
                  description="Three classes with pos_label=1: the others are negatives (unlike det_curve, "
                  "accepted).")
    yield _scores(CMT, "single-class", [1, 1, 1], [0.1, 0.5, 0.5], tags=["single-class", "ties"],
                  description="Only positives: the negative counts are 0 throughout.")
    yield _scores(CMT, "decision-values", [0, 1, 0, 1], [-1e300, 1e300, 0.0, -5.0],
                  tags=["decision-values", "huge-values"], description="Decision values up to 1e300.")
    yield _scores(CMT, "error/multiclass", [0, 1, 2], [0.1, 0.5, 0.9], tags=["error", "multiclass"],
                  description="Three classes without pos_label: refused.")
    yield _scores(CMT, "error/mismatched-lengths", [0, 1, 1], [0.1, 0.5], tags=["error", "mismatched-lengths"],
                  description="Three labels, two scores.")


# The corpus metrics metric_func names in these cases, each called as metric_func(y_true, y_pred, ...).
NAMED = ("accuracy_score", "f1_score", "precision_score", "recall_score", "balanced_accuracy_score",
         "matthews_corrcoef", "jaccard_score", "zero_one_loss", "hamming_loss", "cohen_kappa_score",
         "confusion_matrix", "class_likelihood_ratios")


def metric():
    for name in NAMED:
        yield _scores(MAT, f"metric_func={name}", Y, S, {"metric_func": name},
                      tags=["ties"] + (["zero-division"] if name in ("precision_score", "f1_score",
                                                                     "class_likelihood_ratios") else []),
                      description="The metric named by metric_func at each distinct score, highest first, "
                      "predicting 1 for the scores at or above it.")
    yield _scores(MAT, "docstring", [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], {"metric_func": "accuracy_score"},
                  tags=["worked-example"], description="scikit-learn's docstring example: accuracy 0.75, 0.5, "
                  "0.75, 0.5 at thresholds 0.8, 0.4, 0.35, 0.1.")
    yield _scores(MAT, "metric-params", Y, S, {"metric_func": "fbeta_score", "metric_params": {"beta": 2.0}},
                  tags=["ties", "beta"], description="metric_params are passed to the metric: F2 per threshold.")
    yield _scores(MAT, "metric-params-normalize", Y, S,
                  {"metric_func": "accuracy_score", "metric_params": {"normalize": False}},
                  tags=["ties"], description="accuracy_score with normalize=False: the weighted count of "
                  "correct predictions per threshold.")
    yield _scores(MAT, "sample-weight", Y, S, {"metric_func": "accuracy_score"},
                  sample_weight=[1, 2, 0.5, 1, 0, 3, 1, 1.5], tags=["ties", "zero-weight", "fractional-weight"],
                  description="The weights go to the metric; the weight-0 sample is removed first, so its score "
                  "is no threshold.")
    yield _scores(MAT, "labels-1-2", [1, 2, 2, 1], [0.1, 0.4, 0.35, 0.8], {"metric_func": "accuracy_score"},
                  tags=["quirk", "non-contiguous-labels"],
                  description="y_true is passed as it is while y_pred is 0/1: with labels 1 and 2 only the samples "
                  "of class 1 scoring at or above the threshold match.")
    yield _scores(MAT, "error/metric-refuses", Y, S, {"metric_func": "fbeta_score"}, tags=["error", "beta"],
                  description="fbeta_score needs beta and metric_params gives none: the named metric's refusal "
                  "is the call's.")
    yield _scores(MAT, "error/nan-score", [0, 1], [0.1, "NaN"], {"metric_func": "accuracy_score"},
                  tags=["error", "non-finite-input", "nan-input"], description="A NaN score is refused.")


def cases():
    yield from det()
    yield from confusion()
    yield from metric()
