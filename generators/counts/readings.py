"""The count family's wrong readings, and its model of scikit-learn.

This module generates nothing.  It re-implements the count-family metrics in
plain Python, once as scikit-learn computes them and once under each *reading*
(a plausible misreading of the spec, switched on by name), for the check in
:mod:`generators.readings`:

    python -m generators.counts.readings

The family is the 1-D label cases of these metrics: their indicator-matrix
cases belong to the agreement family, cases tagged ``numerics`` to the
numerics family.
"""

from __future__ import annotations

import math
import sys

from generators.counts import cases as generated_cases
from generators.readings import Family, Refused, listed, main

NAN = math.nan

METRICS = ("accuracy_score", "confusion_matrix", "precision_recall_fscore_support",
           "precision_score", "recall_score", "f1_score", "fbeta_score")
ACC, CM, PRF = METRICS[:1], METRICS[1:2], METRICS[2:]
P_SIDE, R_SIDE = ("precision_score",), ("recall_score",)
F_SIDE = ("precision_recall_fscore_support", "f1_score", "fbeta_score")  # F-beta is P at beta 0, R at beta inf


# Every reading, with the wrong rule it stands for.
READINGS = {
    # zero division
    "precision-zero-division-ignored": "a precision of 0/0 is always 0, whatever zero_division says",
    "recall-zero-division-ignored": "a recall of 0/0 is always 0, whatever zero_division says",
    "f-undefined-is-zero": "an F of 0/0 (no TP, FP or FN) is always 0, whatever zero_division says",
    "f-from-substituted-pr": "F is computed from P and R after zero_division was put in for them",
    "nan-propagates-into-mean": "with zero_division=nan the macro/weighted mean is NaN",
    "undefined-class-dropped-from-mean": "a class whose value is 0/0 is left out of the mean for any zero_division",
    "weighted-zero-total-support-is-zero-division": "weighted mean with all supports 0 is zero_division",
    # which classes
    "true-classes-only": "the classes are those of y_true only",
    "declared-range-classes": "the classes are 0..max(label), as if labels were indices",
    "exclude-zero-support-classes": "classes without true samples are left out of the mean (NaN-masked)",
    "labels-ignored": "the labels argument is ignored",
    "absent-labels-dropped": "requested labels that occur nowhere are dropped",
    "labels-sorted": "results are in sorted class order, not the order of labels",
    "restricted-to-labels": "samples whose true or predicted class is outside labels are dropped first",
    "micro-is-accuracy": "micro-averaged P, R and F are the accuracy",
    "zero-weight-drops-class": "samples of weight 0 are removed before the classes are found",
    "float-ids-distinct": "1.0 and 1 are different classes",
    # averaging
    "f-of-means": "macro/weighted F is the F of the macro/weighted P and R",
    "weighted-by-predicted": "weighted average uses predicted counts as weights",
    "support-ignores-weights": "support (and the weighted average's weights) counts samples, ignoring weights",
    # weights
    "weights-ignored": "sample_weight is ignored",
    "weights-truncated-to-int": "sample weights are truncated to integers",
    "all-zero-weights-accepted": "all-zero weights give a value instead of an error",
    # binary
    "pos-label-ignored": "the positive class is always 1",
    "binary-scores-present-class": "if pos_label is absent and one class occurs, that class is scored",
    "binary-accepts-multiclass": "average='binary' on multiclass data scores pos_label instead of raising",
    "pos-label-absent-accepted": "a pos_label that is not one of two present classes is accepted",
    # beta
    "beta-not-squared": "F-beta uses beta where the formula has beta^2",
    "beta-reciprocal": "F-beta weights precision, not recall, beta^2 times as much",
    "beta-zero-means-default": "beta=0 is taken as 'not given', i.e. beta=1",
    "negative-beta-accepted": "a negative beta is accepted (only beta^2 is used)",
    "infinite-beta-nan": "beta=inf is put through the formula, giving NaN",
    # errors
    "empty-is-zero": "empty input gives 0 instead of an error",
    "lengths-truncated": "inputs of different lengths are cut to the shortest",
    # accuracy
    "accuracy-count-ignores-weights": "accuracy(normalize=False) counts correct samples, ignoring weights",
    "accuracy-divides-by-n": "weighted accuracy divides by the number of samples, not the total weight",
    # confusion matrix
    "cm-transposed": "rows are predicted classes and columns true classes",
    "normalize-axis-swapped": "normalize='true' divides columns and 'pred' divides rows",
    "normalize-zero-row-nan": "normalizing a row/column of zeros gives NaN, not 0",
    "normalize-counts-dropped-samples": "normalize divides by totals that include samples outside labels",
    "labels-not-in-y-true-accepted": "labels none of which is in y_true give a matrix instead of an error",
}


# The metrics a reading touches, where it does not touch them all.
TOUCHES = {
    P_SIDE + F_SIDE: ("precision-zero-division-ignored",),
    R_SIDE + F_SIDE: ("recall-zero-division-ignored",),
    F_SIDE: ("f-undefined-is-zero", "f-from-substituted-pr", "f-of-means", "beta-not-squared", "beta-reciprocal",
             "beta-zero-means-default", "infinite-beta-nan"),
    PRF: ("nan-propagates-into-mean", "undefined-class-dropped-from-mean",
          "weighted-zero-total-support-is-zero-division", "true-classes-only", "exclude-zero-support-classes", "restricted-to-labels", "micro-is-accuracy",
          "weighted-by-predicted", "support-ignores-weights", "pos-label-ignored", "binary-scores-present-class",
          "binary-accepts-multiclass", "pos-label-absent-accepted", "negative-beta-accepted"),
    PRF + CM: ("declared-range-classes", "labels-ignored", "absent-labels-dropped", "labels-sorted",
               "zero-weight-drops-class"),
    ACC: ("accuracy-count-ignores-weights", "accuracy-divides-by-n"),
    CM: ("cm-transposed", "normalize-axis-swapped", "normalize-zero-row-nan", "normalize-counts-dropped-samples",
         "labels-not-in-y-true-accepted"),
}


# --- shared input handling -------------------------------------------------------------


def _key(value, on):
    """Class identity: by value (1.0 == 1), or by type too under float-ids-distinct."""
    return (type(value).__name__, value) if "float-ids-distinct" in on else value


def _samples(y_true, y_pred, sample_weight, on):
    """Validated (true, pred, weight) triples, as scikit-learn's _check_targets sees them."""
    n = len(y_true)
    lengths = {n, len(y_pred)} | ({len(sample_weight)} if sample_weight is not None else set())
    if len(lengths) > 1:
        if "lengths-truncated" not in on:
            raise Refused("inconsistent numbers of samples")
        n = min(lengths)
    if n == 0:
        if "empty-is-zero" not in on:
            raise Refused("empty input")
    if sample_weight is None or "weights-ignored" in on:
        weights = [1] * n
    elif "weights-truncated-to-int" in on:
        weights = [int(w) for w in sample_weight[:n]]
    else:
        weights = list(sample_weight[:n])
    if n and not any(weights) and "all-zero-weights-accepted" not in on:
        raise Refused("sample weights all zero")
    triples = [(_key(t, on), _key(p, on), w) for t, p, w in zip(y_true, y_pred, weights)]
    return triples


def _present(triples, on):
    if "zero-weight-drops-class" in on:
        triples = [s for s in triples if s[2] != 0]
    return sorted({t for t, _, _ in triples} | {p for _, p, _ in triples}, key=_order)


def _order(key):
    return (key[0], key[1]) if isinstance(key, tuple) else ("", key)


# --- precision / recall / F ------------------------------------------------------------


def _zero_division_value(zero_division):
    return 0.0 if zero_division == "warn" else float(zero_division)


def _divide(num, den, zdv):
    return [n / d if d != 0 else zdv for n, d in zip(num, den)]


def _mean(values, weights, on, zdv):
    """scikit-learn's _nanaverage, or what a reading makes of it."""
    if "nan-propagates-into-mean" in on:
        if not values:
            return NAN
        if weights is None:
            return sum(values) / len(values)
        return sum(v * w for v, w in zip(values, weights)) / sum(weights) if sum(weights) else NAN
    pairs = [(v, 1 if weights is None else w) for v, w in zip(values, weights or values) if not math.isnan(v)]
    if not pairs:
        return NAN
    total = sum(w for _, w in pairs)
    if weights is None:
        return sum(v for v, _ in pairs) / len(pairs)
    if total == 0:
        if "weighted-zero-total-support-is-zero-division" in on:
            return zdv
        return sum(v for v, _ in pairs) / len(pairs)
    return sum(v * w for v, w in pairs) / total


def _class_list(triples, labels, average, pos_label, on):
    present = _present(triples, on)
    if average == "binary":
        if len(present) > 2 and "binary-accepts-multiclass" not in on:
            raise Refused("multiclass with average='binary'")
        pos = 1 if "pos-label-ignored" in on else _key(pos_label, on)
        if pos not in present:
            if len(present) >= 2 and "pos-label-absent-accepted" not in on:
                raise Refused("pos_label not a valid label")
            if len(present) == 1 and "binary-scores-present-class" in on:
                pos = present[0]
        return [pos]
    if labels is None or "labels-ignored" in on:
        if "true-classes-only" in on:
            return sorted({t for t, _, _ in triples}, key=_order)
        if "declared-range-classes" in on and present:
            return list(range(int(max(present, key=_order)) + 1))
        return present
    labels = [_key(v, on) for v in labels]
    if "absent-labels-dropped" in on:
        labels = [v for v in labels if v in present]
    if "labels-sorted" in on:
        labels = sorted(labels, key=_order)
    return labels


def prfs(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1, average=None, zero_division="warn",
         sample_weight=None, on=frozenset()):
    """precision_recall_fscore_support as scikit-learn 1.9.1 computes it, or under the readings ``on``."""
    if (beta < 0 or math.isnan(beta)) and "negative-beta-accepted" not in on:
        raise Refused("beta < 0")
    if zero_division not in ("warn", 0, 1) and not (isinstance(zero_division, float) and math.isnan(zero_division)):
        raise Refused("zero_division")
    if average not in (None, "binary", "micro", "macro", "weighted"):
        raise Refused("average")
    triples = _samples(y_true, y_pred, sample_weight, on)
    classes = _class_list(triples, labels, average, pos_label, on)
    if "restricted-to-labels" in on and labels is not None and average != "binary":
        triples = [s for s in triples if s[0] in classes and s[1] in classes]
    tp, pred, true, raw_true = ({c: 0 for c in classes} for _ in range(4))
    for t, p, w in triples:
        if t == p and t in tp:
            tp[t] += w
        if p in pred:
            pred[p] += w
        if t in true:
            true[t] += w
            raw_true[t] += 1
    tp, pred, true, raw_true = ([d[c] for c in classes] for d in (tp, pred, true, raw_true))
    if "support-ignores-weights" in on:
        true_weights = raw_true
    else:
        true_weights = true
    if average == "micro":
        if "micro-is-accuracy" in on:
            acc = accuracy(y_true, y_pred, sample_weight=sample_weight, on=on)
            return acc, acc, acc, None
        tp, pred, true = [sum(tp)], [sum(pred)], [sum(true)]
    zdv = _zero_division_value(zero_division)
    precision = _divide(tp, pred, 0.0 if "precision-zero-division-ignored" in on else zdv)
    recall = _divide(tp, true, 0.0 if "recall-zero-division-ignored" in on else zdv)
    f = _f_scores(beta, tp, pred, true, precision, recall, zdv, on)
    if average is None:
        return precision, recall, f, true_weights
    weights = None
    if average == "weighted":
        weights = pred if "weighted-by-predicted" in on else true_weights
    drop = _dropped(on, tp, pred, true, zdv)
    means = []
    for values, undefined in zip((precision, recall, f), drop):
        kept = [(v, w) for i, (v, w) in enumerate(zip(values, weights or values)) if i not in undefined]
        means.append(_mean([v for v, _ in kept], None if weights is None else [w for _, w in kept], on, zdv))
    p, r, fm = means
    if "f-of-means" in on and average in ("macro", "weighted"):
        fm = _f_of(beta, p, r, zdv)
    return p, r, fm, None


def _f_of(beta, p, r, zdv):
    if math.isinf(beta):
        return r
    b2 = beta * beta
    den = b2 * p + r
    return (1 + b2) * p * r / den if den else zdv


def _f_scores(beta, tp, pred, true, precision, recall, zdv, on):
    if "beta-zero-means-default" in on and beta == 0:
        beta = 1.0
    if "beta-reciprocal" in on and beta not in (0,) and not math.isinf(beta):
        beta = 1 / beta
    if math.isinf(beta) and "infinite-beta-nan" not in on:
        return list(recall)
    if beta == 0:
        return list(precision)
    b2 = beta if "beta-not-squared" in on else beta * beta
    if "f-from-substituted-pr" in on:
        return [(1 + b2) * p * r / (b2 * p + r) if (b2 * p + r) else zdv for p, r in zip(precision, recall)]
    with_zero = 0.0 if "f-undefined-is-zero" in on else zdv
    out = []
    for t, p, tr in zip(tp, pred, true):
        num, den = (1 + b2) * t, b2 * tr + p
        out.append(num / den if den else with_zero)
    return out


def _dropped(on, tp, pred, true, zdv):
    """Indices left out of each mean (precision, recall, F) by a reading."""
    n = len(tp)
    if "exclude-zero-support-classes" in on:
        gone = {i for i in range(n) if true[i] == 0}
        return gone, gone, gone
    if "undefined-class-dropped-from-mean" in on:
        return ({i for i in range(n) if pred[i] == 0}, {i for i in range(n) if true[i] == 0},
                {i for i in range(n) if true[i] == 0 and pred[i] == 0})
    return set(), set(), set()


# --- accuracy and the confusion matrix ----------------------------------------------------


def accuracy(y_true, y_pred, *, normalize=True, sample_weight=None, on=frozenset()):
    triples = _samples(y_true, y_pred, sample_weight, on)
    if not triples:
        return 0.0
    correct = sum(w for t, p, w in triples if t == p)
    if not normalize:
        if "accuracy-count-ignores-weights" in on:
            return float(sum(1 for t, p, _ in triples if t == p))
        return float(correct)
    total = len(triples) if "accuracy-divides-by-n" in on else sum(w for _, _, w in triples)
    if total == 0:
        if "all-zero-weights-accepted" in on:
            return NAN
        raise Refused("weights sum to zero")
    return correct / total


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None, on=frozenset()):
    triples = _samples(y_true, y_pred, sample_weight, on)
    if not triples:
        return []
    present = _present(triples, on)
    if labels is None or "labels-ignored" in on:
        classes = present
        if "declared-range-classes" in on:
            classes = list(range(int(max(present, key=_order)) + 1))
    else:
        if not labels:
            raise Refused("labels empty")
        classes = [_key(v, on) for v in labels]
        if not set(classes) & {t for t, _, _ in triples} and "labels-not-in-y-true-accepted" not in on:
            raise Refused("no label in y_true")
        if "absent-labels-dropped" in on:
            classes = [c for c in classes if c in present]
        if "labels-sorted" in on:
            classes = sorted(classes, key=_order)
    index = {c: i for i, c in enumerate(classes)}
    k = len(classes)
    cm = [[0] * k for _ in range(k)]
    row_all, col_all = [0] * k, [0] * k
    for t, p, w in triples:
        if t in index:
            row_all[index[t]] += w
        if p in index:
            col_all[index[p]] += w
        if t in index and p in index:
            cm[index[t]][index[p]] += w
    if "cm-transposed" in on:
        cm = [list(col) for col in zip(*cm)]
        row_all, col_all = col_all, row_all
    if normalize is None:
        return cm
    if "normalize-axis-swapped" in on and normalize in ("true", "pred"):
        normalize = "pred" if normalize == "true" else "true"
    outside = "normalize-counts-dropped-samples" in on
    rows = row_all if outside else [sum(r) for r in cm]
    cols = col_all if outside else [sum(c) for c in zip(*cm)]
    total = sum(w for _, _, w in triples) if outside else sum(rows)
    empty = NAN if "normalize-zero-row-nan" in on else 0.0

    def div(v, d):
        return v / d if d else empty

    if normalize == "true":
        return [[div(v, rows[i]) for v in row] for i, row in enumerate(cm)]
    if normalize == "pred":
        return [[div(v, cols[j]) for j, v in enumerate(row)] for row in cm]
    return [[div(v, total) for v in row] for row in cm]


# --- dispatch ----------------------------------------------------------------------------------

def evaluate(metric: str, inputs: dict, params: dict, on=frozenset()):
    """The value of one case under the readings ``on``; raises Refused where scikit-learn raises."""
    yt, yp, w = inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight")
    params = dict(params)
    if metric == "accuracy_score":
        return accuracy(yt, yp, sample_weight=w, on=on, **params)
    if metric == "confusion_matrix":
        return confusion_matrix(yt, yp, sample_weight=w, on=on, **params)
    if metric == "precision_recall_fscore_support":
        return list(prfs(yt, yp, sample_weight=w, on=on, **params))
    params.setdefault("average", "binary")
    if metric == "fbeta_score" and "beta" not in params:
        raise Refused("beta is required")
    index = {"precision_score": 0, "recall_score": 1, "f1_score": 2, "fbeta_score": 2}[metric]
    return prfs(yt, yp, sample_weight=w, on=on, **params)[index]


def model(reading, metric, inputs, params):
    return evaluate(metric, inputs, params, frozenset() if reading is None else frozenset([reading]))


FAMILY = Family(
    name="counts",
    readings=listed(READINGS, METRICS, TOUCHES),
    model=model,
    owns=lambda case: (case["metric"] in METRICS
                       and not {"multilabel", "numerics", "string-labels"} & set(case["tags"])),
    cases=generated_cases,
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
