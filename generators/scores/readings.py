"""The score family's wrong readings, each a small wrong implementation.

This module generates nothing.  Each reading is conformance.reference with one
rule changed (a tie rule, a clipping bound, a bin edge, the positive class,
...), written as a function of its own that calls the reference, or its pieces
with one piece swapped for a wrong one; the faithful model is the reference
itself, which tests/test_reference_corpus.py also checks against every case.
The check lives in :mod:`generators.readings`:

    python -m generators.scores.readings

The family is the cases of these metrics; cases tagged ``numerics`` belong to
the numerics family.
"""

from __future__ import annotations

import math
import sys

import numpy as np

from conformance.reference import _calibration, _scores
from generators.readings import Family, Refused, Registry, main, reference, refusing
from generators.scores import cases as generated_cases

METRICS = ("top_k_accuracy_score", "log_loss", "brier_score_loss", "roc_curve", "precision_recall_curve",
           "average_precision_score", "roc_auc_score", "calibration_curve", "expected_calibration_error")

REGISTRY = Registry()


def reading(name: str, rule: str, *metrics: str):
    return REGISTRY.reading(name, rule, metrics)


plain = reference  # the reference's value for a call (inputs as arrays); its refusals are Refused


def _is_multiclass_scores(s) -> bool:
    return np.ndim(s) == 2 and np.shape(s)[1] > 1


# --- shared ------------------------------------------------------------------------------

@reading("weights-ignored", "sample_weight is ignored", *METRICS[:7])
def _(metric, x, p):
    return plain(metric, {k: v for k, v in x.items() if k != "sample_weight"}, p)


@reading("normalize-ignored", "normalize=False still divides by the number of samples", "top_k_accuracy_score",
         "log_loss")
def _(metric, x, p):
    return plain(metric, x, {**p, "normalize": True})  # weights summing to 0: refused all the same


# --- top_k_accuracy_score ------------------------------------------------------------------

def _topk_hits(x, p, hit_rule):
    """Hits of the multiclass path under another ranking rule (after the reference's checks)."""
    plain("top_k_accuracy_score", x, p)
    s = np.asarray(x["y_score"], dtype=np.float64)
    if not _is_multiclass_scores(s):
        return None
    yt = np.asarray(x["y_true"])
    classes = np.unique(yt) if p.get("labels") is None else np.asarray(p["labels"])
    true_col = np.searchsorted(classes, yt)
    return np.array([hit_rule(row, t, p.get("k", 2)) for row, t in zip(s, true_col)])


def _topk_value(x, p, hits):
    w = x.get("sample_weight")
    if p.get("normalize", True):
        return float(np.average(hits, weights=w))
    return float(np.sum(hits) if w is None else np.dot(hits, w))


@reading("topk-ties-lower-index-first", "among tied scores the LOWER column index ranks first (arg-max, torch.topk)",
         "top_k_accuracy_score")
def _(metric, x, p):
    hits = _topk_hits(x, p, lambda row, t, k: t in np.argsort(-row, kind="stable")[:k])
    return plain(metric, x, p) if hits is None else _topk_value(x, p, hits)


@reading("topk-ties-optimistic", "a class is a hit when fewer than k classes score strictly higher",
         "top_k_accuracy_score")
def _(metric, x, p):
    hits = _topk_hits(x, p, lambda row, t, k: np.sum(row > row[t]) < k)
    return plain(metric, x, p) if hits is None else _topk_value(x, p, hits)


@reading("topk-k-ge-classes-error", "k >= the number of classes is an error", "top_k_accuracy_score")
def _(metric, x, p):
    value = plain(metric, x, p)
    s = np.asarray(x["y_score"])
    n_classes = len(p["labels"]) if p.get("labels") is not None else len(np.unique(x["y_true"]))
    if p.get("k", 2) >= max(n_classes, 2 if s.ndim == 1 else 0):
        raise Refused("k >= n_classes")
    return value


def _binary_topk(x, p, predict):
    value = plain("top_k_accuracy_score", x, p)
    s = np.asarray(x["y_score"], dtype=np.float64)
    if _is_multiclass_scores(s) or p.get("k", 2) != 1:
        return value
    yt = np.asarray(x["y_true"])
    classes = np.unique(yt) if p.get("labels") is None else np.asarray(p["labels"])
    hits = predict(s.reshape(-1)).astype(int) == np.searchsorted(classes, yt)
    return _topk_value(x, p, hits)


@reading("topk-binary-threshold-inclusive", "binary k=1: a score equal to the threshold predicts the greater class",
         "top_k_accuracy_score")
def _(metric, x, p):
    return _binary_topk(x, p, lambda s: s >= (0.5 if s.min() >= 0 and s.max() <= 1 else 0))


@reading("topk-binary-threshold-fixed", "binary k=1: the threshold is always 0.5, decision values included",
         "top_k_accuracy_score")
def _(metric, x, p):
    return _binary_topk(x, p, lambda s: s > 0.5)


@reading("topk-labels-order-kept", "unsorted labels are accepted and name the columns in their order",
         "top_k_accuracy_score")
def _(metric, x, p):
    labels = p.get("labels")
    if labels is None or list(labels) == sorted(labels) or len(set(labels)) != len(labels):
        return plain(metric, x, p)
    order = np.argsort(labels)  # relabel: column j holds labels[j]
    return plain(metric, {**x, "y_score": np.asarray(x["y_score"])[:, order]}, {**p, "labels": sorted(labels)})


@reading("topk-count-ignores-weights", "normalize=False counts hits without their weights", "top_k_accuracy_score")
def _(metric, x, p):
    if p.get("normalize", True):
        return plain(metric, x, p)
    return plain(metric, {k: v for k, v in x.items() if k != "sample_weight"}, p)


# --- log_loss ----------------------------------------------------------------------------------

def _log_loss(x, p, clip=None, transform=None):
    plain("log_loss", x, p)  # the reference's checks
    indicator, proba, w = _scores._multiclass_probabilities(x["y_true"], x["y_proba"], x.get("sample_weight"),
                                                           p.get("labels"))
    if transform is not None:
        proba = transform(proba)
    if clip is not None:
        proba = np.clip(proba, clip, 1 - clip)
    with np.errstate(divide="ignore"):
        loss = -np.sum(np.where(indicator == 1, np.log(proba), 0.0), axis=1)
    if p.get("normalize", True):
        return float(np.average(loss, weights=w))
    return float(loss.sum() if w is None else np.dot(loss, w))


@reading("logloss-no-clipping", "probabilities are not clipped (a 0 on the true class gives infinity)", "log_loss")
def _(metric, x, p):
    return _log_loss(x, p)


@reading("logloss-clip-1e-15", "probabilities are clipped to [1e-15, 1 - 1e-15] (the old eps default)", "log_loss")
def _(metric, x, p):
    return _log_loss(x, p, clip=1e-15)


@reading("logloss-renormalized-rows", "each row is divided by its sum first (older scikit-learn)", "log_loss")
def _(metric, x, p):
    return _log_loss(x, p, clip=np.finfo(np.float64).eps, transform=lambda q: q / q.sum(axis=1, keepdims=True))


@reading("logloss-1d-is-first-class", "a 1-D y_proba is the probability of the SMALLER label", "log_loss")
def _(metric, x, p):
    q = np.asarray(x["y_proba"])
    if _is_multiclass_scores(q):
        return plain(metric, x, p)
    return plain(metric, {**x, "y_proba": 1 - q}, p)


@reading("logloss-labels-order-kept", "columns follow the order of labels as given, not sorted", "log_loss")
def _(metric, x, p):
    labels = p.get("labels")
    q = np.asarray(x["y_proba"])
    if labels is None or list(labels) == sorted(labels) or not _is_multiclass_scores(q) or len(labels) != q.shape[1]:
        return plain(metric, x, p)
    return plain(metric, {**x, "y_proba": q[:, np.argsort(labels)]}, p)


@reading("logloss-log2", "the logarithm is base 2", "log_loss")
def _(metric, x, p):
    return plain(metric, x, p) / math.log(2)


@reading("logloss-softmax-applied", "y_proba are logits: a softmax is applied to each row first", "log_loss")
def _(metric, x, p):
    q = np.asarray(x["y_proba"], dtype=np.float64)
    if not _is_multiclass_scores(q):
        return plain(metric, x, p)
    e = np.exp(q - q.max(axis=1, keepdims=True))
    return plain(metric, {**x, "y_proba": e / e.sum(axis=1, keepdims=True)}, p)


# --- brier_score_loss -------------------------------------------------------------------------

def _n_classes_of_scores(x):
    q = np.asarray(x["y_proba"])
    return 2 if q.ndim == 1 or q.shape[1] == 1 else q.shape[1]


@reading("brier-binary-not-halved", "binary Brier is the sum over both classes (twice the mean of (y - p)^2)",
         "brier_score_loss")
def _(metric, x, p):
    value = plain(metric, x, p)
    return 2 * value if p.get("scale_by_half", "auto") == "auto" and _n_classes_of_scores(x) == 2 else value


@reading("brier-multiclass-halved", "multiclass Brier is halved too", "brier_score_loss")
def _(metric, x, p):
    value = plain(metric, x, p)
    return value / 2 if p.get("scale_by_half", "auto") == "auto" and _n_classes_of_scores(x) > 2 else value


def _binary_brier_pos_label(x, p, choose):
    if _n_classes_of_scores(x) != 2 or np.ndim(x["y_proba"]) == 2 and np.shape(x["y_proba"])[1] == 2 \
            or p.get("pos_label") is not None:
        return plain("brier_score_loss", x, p)
    return plain("brier_score_loss", x, {**p, "pos_label": choose(np.asarray(x["y_true"]))})


@reading("brier-pos-label-default-1", "without pos_label the positive class is 1, whatever y_true holds",
         "brier_score_loss")
def _(metric, x, p):
    return _binary_brier_pos_label(x, p, lambda y: 1)


@reading("brier-pos-label-strict", "without pos_label, y_true must be {0, 1} or {-1, 1} (as the curves require)",
         "brier_score_loss")
def _(metric, x, p):
    def strict(y):
        try:
            return _scores.positive_label(None, y)
        except ValueError as exc:
            raise Refused(str(exc)) from exc

    return _binary_brier_pos_label(x, p, strict)


# --- curves ------------------------------------------------------------------------------------

def _split_ties(positive, scores, weights):
    """_threshold_counts with every sample its own threshold."""
    if weights is not None:
        keep = weights != 0
        positive, scores, weights = positive[keep], scores[keep], weights[keep]
    order = np.argsort(scores, kind="stable")[::-1]
    w = 1.0 if weights is None else weights[order]
    tps = np.cumsum(positive[order] * w)
    fps = np.cumsum((1 - positive[order]) * w)
    return fps, tps, scores[order]


def _keep_zero_weights(positive, scores, weights):
    """_threshold_counts without removing the samples of weight 0."""
    if weights is None or scores.shape[0] == 0:
        return refusing(_scores._threshold_counts)(positive, scores, weights)
    order = np.argsort(scores, kind="stable")[::-1]
    positive, scores, w = positive[order], scores[order], weights[order]
    last = np.r_[np.flatnonzero(np.diff(scores)), scores.shape[0] - 1]
    return np.cumsum((1 - positive) * w)[last], np.cumsum(positive * w)[last], scores[last]


def _curve(metric, x, p, threshold_counts):
    """roc_curve or precision_recall_curve on ``threshold_counts`` instead of the reference's."""
    y_true, y_score, pos_label, w = x["y_true"], x["y_score"], p.get("pos_label"), x.get("sample_weight")
    drop = p.get("drop_intermediate", metric == "roc_curve")
    refusing(_scores._check_curve_keywords)(y_true, y_score, pos_label, w, drop)
    counts = threshold_counts(*refusing(_scores._curve_inputs)(y_true, y_score, pos_label, w))
    return (_scores._roc_points if metric == "roc_curve" else _scores._pr_points)(*counts, drop)


def _average_precision(x, p, threshold_counts):
    """average_precision_score on ``threshold_counts`` instead of the reference's."""
    plain("average_precision_score", x, p)  # the reference's checks

    def binary(positive, scores, weights, pos_label=1):
        counts = threshold_counts(*_scores._curve_inputs(positive, scores, pos_label, weights))
        precision, recall, _ = _scores._pr_points(*counts, False)
        return float(max(0.0, -np.sum(np.diff(recall) * precision[:-1])))

    yt, s, w = x["y_true"], x["y_score"], x.get("sample_weight")
    w = None if w is None else _scores.column(np.asarray(w), "sample_weight")
    if _scores.target_type(yt) == "binary":
        return binary(yt, s, w, p.get("pos_label", 1))
    yt = _scores.column(yt, "y_true")
    indicator = (yt[:, None] == np.unique(yt)[None, :]).astype(np.float64)
    return _scores._average_columns(binary, indicator, _scores.score_array(s, "y_score"), p.get("average", "macro"),
                                    w)


@reading("ties-split", "tied scores are not grouped: each sample is its own threshold", "roc_curve",
         "precision_recall_curve", "average_precision_score")
def _(metric, x, p):
    if metric == "average_precision_score":
        return _average_precision(x, p, _split_ties)
    plain(metric, x, p)  # the reference's refusals (no sample of non-zero weight, ...)
    return _curve(metric, x, p, _split_ties)


@reading("zero-weights-kept", "samples of weight 0 stay, so their scores are thresholds", "roc_curve",
         "precision_recall_curve")
def _(metric, x, p):
    return _curve(metric, x, p, _keep_zero_weights)


@reading("pos-label-greater", "without pos_label, the greater of two labels is positive (no error)", "roc_curve",
         "precision_recall_curve", "calibration_curve", "expected_calibration_error")
def _(metric, x, p):
    if p.get("pos_label") is None and p.get("confidence", "positive") == "positive":
        yt = np.asarray(x["y_true"])
        if yt.size and len(np.unique(yt)) <= 2:
            try:
                _scores.positive_label(None, yt)
            except ValueError:
                p = {**p, "pos_label": np.unique(yt)[-1].item()}
    return plain(metric, x, p)


@reading("roc-no-drop-intermediate", "roc_curve keeps every threshold (drop_intermediate ignored)", "roc_curve")
def _(metric, x, p):
    return plain(metric, x, {**p, "drop_intermediate": False})


@reading("roc-threshold-max-plus-one", "the first threshold is max(score) + 1 (older scikit-learn), not +inf",
         "roc_curve")
def _(metric, x, p):
    fpr, tpr, thresholds = plain(metric, x, p)
    return fpr, tpr, np.r_[thresholds[1] + 1, thresholds[1:]]


@reading("roc-undefined-rate-zero", "a rate with a 0 denominator (no positives / negatives) is 0, not NaN",
         "roc_curve")
def _(metric, x, p):
    return tuple(np.nan_to_num(a, nan=0.0) if i < 2 else a for i, a in enumerate(plain(metric, x, p)))


@reading("pr-no-final-point", "no (precision 1, recall 0) point is appended", "precision_recall_curve")
def _(metric, x, p):
    precision, recall, thresholds = plain(metric, x, p)
    return precision[:-1], recall[:-1], thresholds


@reading("pr-decreasing-thresholds", "the arrays run from the highest threshold down, as roc_curve's do",
         "precision_recall_curve")
def _(metric, x, p):
    return tuple(a[::-1] for a in plain(metric, x, p))


@reading("pr-drop-intermediate-ignored", "precision_recall_curve keeps every threshold", "precision_recall_curve")
def _(metric, x, p):
    return plain(metric, x, {**p, "drop_intermediate": False})


@reading("pr-no-positives-recall-zero", "with no positives, recall is 0 (not 1)", "precision_recall_curve")
def _(metric, x, p):
    precision, recall, thresholds = plain(metric, x, p)
    if np.all(recall[:-1] == 1) and np.all(precision[:-1] == 0):
        recall = np.zeros_like(recall)
    return precision, recall, thresholds


# --- average_precision_score -----------------------------------------------------------------

def _binary_ap(x, p, area):
    value = plain("average_precision_score", x, p)
    if _is_multiclass_scores(x["y_score"]):
        return value
    precision, recall, _ = plain("precision_recall_curve", x, {"pos_label": p.get("pos_label", 1)})
    return area(precision, recall)


@reading("ap-trapezoid", "AP is the trapezoidal area under the precision-recall curve", "average_precision_score")
def _(metric, x, p):
    return _binary_ap(x, p, lambda pr, rc: float(-np.sum(np.diff(rc) * (pr[1:] + pr[:-1]) / 2)))


@reading("ap-interpolated", "each precision is replaced by the best precision at a higher recall (VOC style)",
         "average_precision_score")
def _(metric, x, p):
    return _binary_ap(x, p, lambda pr, rc: float(-np.sum(np.diff(rc) * np.maximum.accumulate(pr)[:-1])))


@reading("ap-positive-is-greater", "without pos_label, the greater of two labels is positive",
         "average_precision_score")
def _(metric, x, p):
    yt = np.asarray(x["y_true"])
    if "pos_label" not in p and not _is_multiclass_scores(x["y_score"]) and len(np.unique(yt)) == 2:
        p = {**p, "pos_label": np.unique(yt)[-1].item()}
    return plain(metric, x, p)


@reading("ap-no-positives-nan", "AP with no positive sample is NaN", "average_precision_score")
def _(metric, x, p):
    value = plain(metric, x, p)
    yt = np.asarray(x["y_true"])
    if not _is_multiclass_scores(x["y_score"]) and not np.any(yt == p.get("pos_label", 1)):
        return math.nan
    return value


# --- roc_auc_score -----------------------------------------------------------------------------

def _binary_auc_by_pairs(x, p, tie):
    """Binary AUC as a weighted count of ordered (positive, negative) pairs, ties worth ``tie``."""
    value = plain("roc_auc_score", x, p)
    yt = np.asarray(x["y_true"]).reshape(-1)
    if _is_multiclass_scores(x["y_score"]) or len(np.unique(yt)) != 2 or p.get("max_fpr") not in (None, 1):
        return value
    s = np.asarray(x["y_score"], dtype=np.float64).reshape(-1)
    w = np.ones_like(s) if x.get("sample_weight") is None else np.asarray(x["sample_weight"], dtype=np.float64)
    pos = yt == np.unique(yt)[-1]
    diff = s[pos][:, None] - s[~pos][None, :]
    pair_w = w[pos][:, None] * w[~pos][None, :]
    return float(np.sum(pair_w * ((diff > 0) + tie * (diff == 0))) / np.sum(pair_w))


@reading("auc-ties-lose", "a tied (positive, negative) pair counts 0", "roc_auc_score")
def _(metric, x, p):
    return _binary_auc_by_pairs(x, p, 0.0)


@reading("auc-ties-win", "a tied (positive, negative) pair counts 1", "roc_auc_score")
def _(metric, x, p):
    return _binary_auc_by_pairs(x, p, 1.0)


@reading("auc-positive-is-1", "with binary labels, the label 1 is positive (not the greater label)", "roc_auc_score")
def _(metric, x, p):
    value = plain(metric, x, p)
    classes = np.unique(x["y_true"])
    if not _is_multiclass_scores(x["y_score"]) and len(classes) == 2 and 1 in classes and classes[-1] != 1:
        return 1 - value
    return value


def _single_class(x):
    return not _is_multiclass_scores(x["y_score"]) and len(np.unique(x["y_true"])) == 1


@reading("auc-single-class-error", "a single class in y_true is an error", "roc_auc_score")
def _(metric, x, p):
    if _single_class(x):
        raise Refused("one class")
    return plain(metric, x, p)


@reading("auc-single-class-half", "a single class in y_true gives 0.5", "roc_auc_score")
def _(metric, x, p):
    value = plain(metric, x, p)
    return 0.5 if _single_class(x) else value


@reading("auc-partial-not-standardized", "partial AUC is the raw area up to max_fpr (no McClish correction)",
         "roc_auc_score")
def _(metric, x, p):
    value = plain(metric, x, p)
    m = p.get("max_fpr")
    if m in (None, 1) or _is_multiclass_scores(x["y_score"]):
        return value
    return (m * m / 2) + (2 * value - 1) * (m - m * m / 2)  # McClish's formula solved for the raw area


@reading("auc-ovo-one-direction", "one-vs-one uses only AUC(a vs b, column a) for each pair", "roc_auc_score")
def _(metric, x, p):
    value = plain(metric, x, p)
    yt, s = _scores.column(x["y_true"], "y_true"), np.asarray(x["y_score"])
    if p.get("multi_class") != "ovo" or not (_scores.target_type(yt) == "multiclass" or s.ndim == 2 and s.shape[1] > 2):
        return value
    labels = p.get("labels")
    encoded = np.searchsorted(np.unique(yt) if labels is None else _scores.unique_labels_param(labels), yt)
    s = _scores.score_array(s, "y_score")
    present = np.unique(encoded)
    scores, prevalence = [], []
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            mask = (encoded == a) | (encoded == b)
            scores.append(_scores._binary_auc((encoded[mask] == a).astype(float), s[mask, a], None))
            prevalence.append(mask.mean())
    return float(np.average(scores, weights=prevalence if p.get("average", "macro") == "weighted" else None))


@reading("auc-ovr-absent-class-skipped", "one-vs-rest macro skips a class absent from y_true (NaN-mean)",
         "roc_auc_score")
def _(metric, x, p):
    if p.get("multi_class") != "ovr" or p.get("average", "macro") != "macro":
        return plain(metric, x, p)
    return float(np.nanmean(plain(metric, x, {**p, "average": None})))


@reading("auc-multiclass-default-ovr", "multiclass y_true without multi_class is one-vs-rest (no error)",
         "roc_auc_score")
def _(metric, x, p):
    if p.get("multi_class", "raise") == "raise" and _is_multiclass_scores(x["y_score"]):
        p = {**p, "multi_class": "ovr"}
    return plain(metric, x, p)


@reading("auc-unnormalized-rows-accepted", "multiclass scores need not sum to 1: each row is divided by its sum",
         "roc_auc_score")
def _(metric, x, p):
    s = np.asarray(x["y_score"], dtype=np.float64)
    if _is_multiclass_scores(s) and np.all(s.sum(axis=1) > 0):
        x = {**x, "y_score": s / s.sum(axis=1, keepdims=True)}
    return plain(metric, x, p)


# --- calibration -----------------------------------------------------------------------------------

def _left_closed(y_prob, n_bins, strategy):
    edges = np.linspace(0.0, 1.0, n_bins + 1) if strategy == "uniform" else \
        np.percentile(y_prob, np.linspace(0, 1, n_bins + 1) * 100)
    return np.minimum(np.searchsorted(edges[1:-1], y_prob, side="right"), n_bins - 1)


def _exact_fractions(y_prob, n_bins, strategy):
    if strategy != "uniform":
        return _calibration.bin_index(y_prob, n_bins, strategy)
    return np.searchsorted(np.arange(1, n_bins) / n_bins, y_prob)


def _textbook_quantiles(y_prob, n_bins, strategy):
    if strategy != "quantile":
        return _calibration.bin_index(y_prob, n_bins, strategy)
    v, n = np.sort(y_prob), y_prob.shape[0]
    h = np.arange(n_bins + 1) / n_bins * (n - 1)  # (n - 1) * i / B, not numpy's n*q + (1 - q) - 1
    j = np.minimum(np.floor(h).astype(int), n - 1)
    upper = v[np.minimum(j + 1, n - 1)]
    edges = v[j] + (h - j) * (upper - v[j])
    return np.searchsorted(edges[1:-1], y_prob)


def _outcome_and_confidence(metric, x, p):
    """The 0/1 outcome and the binned probability of calibration_curve or expected_calibration_error."""
    if metric == "calibration_curve" or p["confidence"] == "positive":
        outcome, confidence = _calibration._binary_outcome(x["y_true"], x["y_prob"], p.get("pos_label"))
    else:
        outcome, confidence = _calibration._top_label(x["y_true"], np.asarray(x["y_prob"]), p.get("labels"))
    return outcome, confidence.astype(np.float64)


def _binned(metric, x, p, bin_index):
    """calibration_curve or expected_calibration_error with ``bin_index`` instead of the reference's."""
    plain(metric, x, p)  # the reference's checks
    outcome, confidence = _outcome_and_confidence(metric, x, p)
    n_bins = p.get("n_bins", 5)
    index = bin_index(confidence, n_bins, p.get("strategy", "uniform"))
    count = np.bincount(index, minlength=n_bins)
    filled = count != 0
    mean_outcome = np.bincount(index, weights=outcome.astype(np.float64), minlength=n_bins)[filled] / count[filled]
    mean_confidence = np.bincount(index, weights=confidence, minlength=n_bins)[filled] / count[filled]
    if metric == "calibration_curve":
        return mean_outcome, mean_confidence
    return float(np.sum(count[filled] * np.abs(mean_outcome - mean_confidence)) / outcome.shape[0])


@reading("bins-left-closed", "bins are closed on the left ([e_i, e_i+1), numpy.histogram style)",
         "calibration_curve", "expected_calibration_error")
def _(metric, x, p):
    return _binned(metric, x, p, _left_closed)


@reading("edges-exact-fractions", "uniform edges are i / n_bins, not numpy.linspace's i * (1 / n_bins)",
         "calibration_curve", "expected_calibration_error")
def _(metric, x, p):
    return _binned(metric, x, p, _exact_fractions)


@reading("quantile-textbook-index", "quantile edges use the index (n - 1) * i / B exactly, not numpy's float64 "
         "n*q + (1 - q) - 1", "calibration_curve", "expected_calibration_error")
def _(metric, x, p):
    return _binned(metric, x, p, _textbook_quantiles)


@reading("cal-outputs-swapped", "calibration_curve returns (mean probability, fraction of positives)",
         "calibration_curve")
def _(metric, x, p):
    prob_true, prob_pred = plain(metric, x, p)
    return prob_pred, prob_true


@reading("cal-empty-bins-kept", "empty bins are reported (as NaN) instead of left out", "calibration_curve")
def _(metric, x, p):
    plain(metric, x, p)
    outcome, prob = _calibration._binary_outcome(x["y_true"], x["y_prob"], p.get("pos_label"))
    n_bins = p.get("n_bins", 5)
    index = _calibration.bin_index(prob, n_bins, p.get("strategy", "uniform"))
    count = np.bincount(index, minlength=n_bins)
    with np.errstate(invalid="ignore"):
        return (np.bincount(index, weights=outcome.astype(float), minlength=n_bins) / count,
                np.bincount(index, weights=prob, minlength=n_bins) / count)


@reading("cal-nan-refused", "NaN probabilities are refused", "calibration_curve")
def _(metric, x, p):
    if np.isnan(np.asarray(x["y_prob"], dtype=np.float64)).any():
        raise Refused("NaN")
    return plain(metric, x, p)


@reading("ece-unweighted-bins", "ECE is the plain mean of the non-empty bins' gaps", "expected_calibration_error")
def _(metric, x, p):
    plain(metric, x, p)
    outcome, conf = _outcome_and_confidence(metric, x, p)
    _, mean_outcome, mean_conf = _calibration._bins(outcome, conf, p.get("n_bins", 5), p.get("strategy", "uniform"))
    return float(np.mean(np.abs(mean_outcome - mean_conf)))


@reading("ece-argmax-last", "top-label ties go to the LAST maximal column (as top_k_accuracy_score's)",
         "expected_calibration_error")
def _(metric, x, p):
    q = np.asarray(x["y_prob"])
    if p.get("confidence") != "top-label" or q.ndim != 2:
        return plain(metric, x, p)
    labels = np.unique(x["y_true"]) if p.get("labels") is None else np.asarray(p["labels"])
    return plain(metric, {**x, "y_prob": q[:, ::-1]}, {**p, "labels": labels[::-1].tolist()})


@reading("ece-positive-as-top-label", "the positive-class reading bins max(p, 1 - p) against accuracy",
         "expected_calibration_error")
def _(metric, x, p):
    q = np.asarray(x["y_prob"], dtype=np.float64)
    if p.get("confidence") != "positive" or q.ndim != 1:
        return plain(metric, x, p)
    plain(metric, x, p)
    yt = np.asarray(x["y_true"])
    pos = _scores.positive_label(p.get("pos_label"), yt)
    others = [c for c in np.unique(yt).tolist() if c != pos]
    neg = others[0] if others else (0 if pos != 0 else 1)
    rest = {k: v for k, v in p.items() if k != "pos_label"}
    return plain(metric, {**x, "y_prob": np.stack([1 - q, q], axis=1)},
                 {**rest, "confidence": "top-label", "labels": [neg, pos]})


@reading("ece-top-label-as-positive", "with two columns, the top-label reading bins column 1 as a positive-class "
         "probability", "expected_calibration_error")
def _(metric, x, p):
    q = np.asarray(x["y_prob"])
    if p.get("confidence") != "top-label" or q.ndim != 2 or q.shape[1] != 2:
        return plain(metric, x, p)
    plain(metric, x, p)
    labels = np.unique(x["y_true"]) if p.get("labels") is None else np.asarray(p["labels"])
    rest = {k: v for k, v in p.items() if k != "labels"}
    return plain(metric, {**x, "y_prob": q[:, 1]}, {**rest, "confidence": "positive", "pos_label": labels[1].item()})


_run = REGISTRY.model(plain)


def model(reading, metric, inputs, params):
    return _run(reading, metric, {k: np.asarray(v) for k, v in inputs.items()}, params)


FAMILY = Family(
    name="scores",
    readings=tuple(REGISTRY.readings),
    model=model,
    owns=lambda case: case["metric"] in METRICS and not {"numerics", "string-labels"} & set(case["tags"]),
    cases=generated_cases,
    variants={"the reference": plain},
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
