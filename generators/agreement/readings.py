"""The agreement family's wrong readings, each a small wrong implementation.

This module generates nothing.  Each reading is conformance.reference with one
twist (NaN for MCC's zero denominator, kappa weights by label value, Jaccard from
the macro F1, ...); it returns ``SAME`` for a call it does not change.  The
faithful model is the reference itself.  The check lives in
:mod:`generators.readings`:

    python -m generators.agreement.readings

The family is the cases of its new metrics (balanced accuracy, MCC, kappa, the
report, Jaccard, the losses, the multilabel confusion matrix) and the count
metrics' cases on indicator matrices (tagged ``multilabel``); cases tagged
``numerics`` belong to the numerics family.
"""

from __future__ import annotations

import math
import sys

import numpy as np

import conformance.reference as ref
from conformance.reference._metrics import prfs_from_sums, set_wise_labels
from conformance.reference._multilabel import jaccard_from_sums
from conformance.reference._sums import indicator_sums, sums_from_counts
from generators.agreement import cases as generated_cases
from generators.readings import SAME, Family, Refused, Registry, main, reference, refusing

BALANCED, MCC, KAPPA = ("balanced_accuracy_score",), ("matthews_corrcoef",), ("cohen_kappa_score",)
REPORT, JACCARD = ("classification_report",), ("jaccard_score",)
HAMMING, ZERO_ONE, MCM = ("hamming_loss",), ("zero_one_loss",), ("multilabel_confusion_matrix",)
ACCURACY = ("accuracy_score",)
PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")
NEW_METRICS = BALANCED + MCC + KAPPA + REPORT + JACCARD + HAMMING + ZERO_ONE + MCM
METRICS = NEW_METRICS + ACCURACY + PRF
LOSSES = HAMMING + ZERO_ONE + ACCURACY  # compare indicator cells by value
SAMPLE_AVERAGED = JACCARD + PRF  # take average="samples"

REGISTRY = Registry()
reading = REGISTRY.reading

# Pieces of the reference, their refusals raised as Refused.
counts = refusing(ref.counts)
confusion_matrix = refusing(ref.confusion_matrix)
matthews_corrcoef = refusing(ref.matthews_corrcoef)
set_wise_labels = refusing(set_wise_labels)
sums_from_counts = refusing(sums_from_counts)
indicator_sums = refusing(indicator_sums)


def _args(inputs):
    return {k: np.asarray(v) for k, v in inputs.items()}


def _multilabel(inputs) -> bool:
    return np.ndim(inputs.get("y_true", inputs.get("y1"))) == 2


def _without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


def _recalls(inputs):
    """Per-class recall of the classes with true weight (balanced accuracy's terms)."""
    c = counts(inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"))
    rows = c.matrix.sum(axis=1)
    return np.diagonal(c.matrix)[rows != 0] / rows[rows != 0], c


def _adjust(score, n):
    return float((np.float64(score) - 1 / n) / np.float64(1 - 1 / n))


def _kappa(cm, wmat, replace):
    cm = np.asarray(cm, dtype=np.float64)
    if cm.sum() == 0:
        return replace
    expected = np.outer(cm.sum(axis=0), cm.sum(axis=1)) / cm.sum()
    return replace if np.sum(wmat * expected) == 0 else float(1 - np.sum(wmat * cm) / np.sum(wmat * expected))


def _kappa_weights(positions, weights):
    d = np.abs(np.subtract.outer(positions, positions)).astype(np.float64)
    return {None: (d != 0).astype(np.float64), "linear": d, "quadratic": d**2}[weights]


# --- balanced accuracy -------------------------------------------------------------------------


@reading("balanced-is-accuracy", "balanced accuracy is the plain accuracy", BALANCED)
def _(metric, inputs, params):
    return reference("accuracy_score", inputs, {})


@reading("balanced-is-macro-recall", "balanced accuracy is the macro recall over the classes of y_true and y_pred",
         BALANCED)
def _(metric, inputs, params):
    reference(metric, inputs, params)  # the reference's checks
    score = reference("recall_score", inputs, {"average": "macro", "zero_division": 0})
    n = len(set(np.asarray(inputs["y_true"]).tolist()) | set(np.asarray(inputs["y_pred"]).tolist()))
    return _adjust(score, n) if params.get("adjusted") else score


@reading("balanced-zero-weight-class-kept", "a true class whose samples all weigh 0 stays in the mean, with recall 0",
         BALANCED)
def _(metric, inputs, params):
    c = counts(inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"))
    rows = c.matrix.sum(axis=1)
    recall = np.where(rows != 0, np.diagonal(c.matrix) / np.where(rows != 0, rows, 1), 0.0)[c.in_true]
    return _adjust(recall.mean(), recall.size) if params.get("adjusted") else float(recall.mean())


@reading("adjusted-chance-over-all-classes", "adjusted=True takes chance as 1/K over every class, predicted ones "
         "included", BALANCED)
def _(metric, inputs, params):
    if not params.get("adjusted"):
        return SAME
    recall, c = _recalls(inputs)
    return _adjust(recall.mean(), c.n_classes)


@reading("adjusted-not-rescaled", "adjusted=True subtracts chance (1/K) but does not divide by 1 - 1/K", BALANCED)
def _(metric, inputs, params):
    if not params.get("adjusted"):
        return SAME
    recall, _ = _recalls(inputs)
    return float(recall.mean() - 1 / recall.size)


@reading("adjusted-undefined-is-zero", "adjusted=True with one class in the mean is 0 (scikit-learn divides by "
         "1 - 1: NaN or an infinity)", BALANCED)
def _(metric, inputs, params):
    if not params.get("adjusted") or _recalls(inputs)[0].size != 1:
        return SAME
    return 0.0


# --- Matthews ----------------------------------------------------------------------------------


def _mcc_undefined(inputs):
    """(zero denominator?, all right?, all wrong?) by weight."""
    c = counts(inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"))
    t, p = c.matrix.sum(axis=1), c.matrix.sum(axis=0)
    single = np.count_nonzero(t) <= 1 or np.count_nonzero(p) <= 1
    return single, np.trace(c.matrix) == c.matrix.sum(), np.trace(c.matrix) == 0


@reading("mcc-undefined-is-nan", "MCC with a zero denominator (one class in y_true or y_pred) is NaN, not 0", MCC)
def _(metric, inputs, params):
    return math.nan if _mcc_undefined(inputs)[0] else SAME


@reading("mcc-undefined-by-agreement", "MCC with a zero denominator is 1 when all are right, -1 when all are wrong",
         MCC)
def _(metric, inputs, params):
    single, right, wrong = _mcc_undefined(inputs)
    return SAME if not single else 1.0 if right else -1.0 if wrong else 0.0


@reading("mcc-mean-of-one-vs-rest", "multiclass MCC is the mean of the one-vs-rest binary MCCs", MCC)
def _(metric, inputs, params):
    reference(metric, inputs, params)  # the reference's checks
    yt, yp = np.asarray(inputs["y_true"]), np.asarray(inputs["y_pred"])
    classes = sorted(set(yt.tolist()) | set(yp.tolist()))
    if len(classes) <= 2:
        return SAME
    w = inputs.get("sample_weight")
    return float(np.mean([matthews_corrcoef(yt == k, yp == k, sample_weight=w) for k in classes]))


# --- Cohen's kappa -------------------------------------------------------------------------------


@reading("kappa-weights-by-label-value", "linear/quadratic weights are distances between label values, not "
         "between positions in the label list", KAPPA)
def _(metric, inputs, params):
    if params.get("weights") is None:
        return SAME
    reference(metric, inputs, params)  # the reference's checks
    a = _args(inputs)
    labels = params.get("labels")
    values = np.asarray(labels if labels is not None else sorted(set(a["y1"].tolist()) | set(a["y2"].tolist())))
    cm = confusion_matrix(a["y1"], a["y2"], labels=labels, sample_weight=a.get("sample_weight"))
    return _kappa(cm, _kappa_weights(values.astype(np.float64), params["weights"]),
                  params.get("replace_undefined_by", math.nan))


@reading("kappa-labels-sorted", "labels are sorted before the weights are laid out", KAPPA)
def _(metric, inputs, params):
    if params.get("labels") is None:
        return SAME
    return reference(metric, inputs, {**params, "labels": sorted(params["labels"])})


@reading("kappa-labels-ignored", "the labels argument is ignored", KAPPA)
def _(metric, inputs, params):
    if params.get("labels") is None:
        return SAME
    return reference(metric, inputs, _without(params, "labels"))


@reading("kappa-counts-dropped-samples", "with labels, the marginals and the total still count the samples outside "
         "labels (as precision/recall do)", KAPPA)
def _(metric, inputs, params):
    if params.get("labels") is None:
        return SAME
    a = _args(inputs)
    labels = params["labels"]
    cm = confusion_matrix(a["y1"], a["y2"], labels=labels, sample_weight=a.get("sample_weight"))
    sums = sums_from_counts(counts(a["y1"], a["y2"], a.get("sample_weight")), labels)
    total = float(sums.total)
    observed = cm / total
    expected = np.outer(sums.true, sums.pred) / total**2
    wmat = _kappa_weights(np.arange(len(labels)), params.get("weights"))
    return float(1 - np.sum(wmat * observed) / np.sum(wmat * expected))


@reading("kappa-absent-labels-dropped", "labels that occur in neither y1 nor y2 are dropped", KAPPA)
def _(metric, inputs, params):
    if params.get("labels") is None:
        return SAME
    seen = set(np.asarray(inputs["y1"]).tolist()) | set(np.asarray(inputs["y2"]).tolist())
    return reference(metric, inputs, {**params, "labels": [v for v in params["labels"] if v in seen]})


@reading("kappa-quadratic-is-linear", "weights='quadratic' is taken as 'linear'", KAPPA)
def _(metric, inputs, params):
    if params.get("weights") != "quadratic":
        return SAME
    return reference(metric, inputs, {**params, "weights": "linear"})


@reading("kappa-weights-ignored", "the weights argument is ignored (unweighted kappa)", KAPPA)
def _(metric, inputs, params):
    if params.get("weights") is None:
        return SAME
    return reference(metric, inputs, _without(params, "weights"))


@reading("kappa-undefined-is-zero", "an undefined kappa (0/0) is 0, whatever replace_undefined_by says", KAPPA)
def _(metric, inputs, params):
    return reference(metric, inputs, {**params, "replace_undefined_by": 0.0})


@reading("kappa-replace-undefined-ignored", "an undefined kappa is NaN, whatever replace_undefined_by says", KAPPA)
def _(metric, inputs, params):
    return reference(metric, inputs, {**params, "replace_undefined_by": math.nan})


@reading("kappa-labels-checked-in-either", "labels none of which occurs in y1 are accepted when one occurs in y2",
         KAPPA)
def _(metric, inputs, params):
    try:
        return reference(metric, inputs, params)
    except Refused:  # labels not in y1: try them against y2 (kappa is otherwise symmetric)
        return reference(metric, {**inputs, "y1": inputs["y2"], "y2": inputs["y1"]}, params)


# --- classification_report -------------------------------------------------------------------------


def _report(inputs, params):
    return reference("classification_report", inputs, params)


@reading("report-accuracy-key-always", "the report always has an 'accuracy' entry, never 'micro avg'", REPORT)
def _(metric, inputs, params):
    value = _report(inputs, params)
    if "micro avg" not in value:
        return SAME
    value["accuracy"] = value.pop("micro avg")["f1-score"]
    return value


@reading("report-micro-avg-when-labels-given", "with labels given, the report has 'micro avg' instead of "
         "'accuracy'", REPORT)
def _(metric, inputs, params):
    if params.get("labels") is None:
        return SAME
    value = _report(inputs, params)
    if "accuracy" not in value:
        return SAME
    a = value.pop("accuracy")
    value["micro avg"] = {"precision": a, "recall": a, "f1-score": a, "support": value["macro avg"]["support"]}
    return value


@reading("report-accuracy-as-row", "'accuracy' is a row (precision, recall, f1-score, support), not a number",
         REPORT)
def _(metric, inputs, params):
    value = _report(inputs, params)
    if "accuracy" not in value:
        return SAME
    a = value["accuracy"]
    value["accuracy"] = {"precision": a, "recall": a, "f1-score": a, "support": value["macro avg"]["support"]}
    return value


@reading("report-target-names-mismatch-raises", "target_names of another length than labels is an error", REPORT)
def _(metric, inputs, params):
    if params.get("target_names") is None or params.get("labels") is None:
        return SAME
    if len(params["target_names"]) != len(params["labels"]):
        raise Refused("target_names and labels differ in length")
    return SAME


@reading("report-dict-rounded-to-digits", "the output_dict values are rounded to digits", REPORT)
def _(metric, inputs, params):
    digits = params.get("digits", 2)

    def rounded(v):
        return {k: rounded(x) for k, x in v.items()} if isinstance(v, dict) else round(v, digits)

    return rounded(_report(inputs, params))


@reading("report-support-ignores-weights", "support counts samples, ignoring sample_weight", REPORT)
def _(metric, inputs, params):
    if "sample_weight" not in inputs:
        return SAME
    value, unweighted = _report(inputs, params), _report(_without(inputs, "sample_weight"), params)
    for key, row in value.items():
        if isinstance(row, dict):
            row["support"] = unweighted[key]["support"]
    return value


@reading("report-samples-avg-missing", "a multilabel report has no 'samples avg' row", REPORT)
def _(metric, inputs, params):
    value = _report(inputs, params)
    return SAME if value.pop("samples avg", None) is None else value


# --- Jaccard, averages over samples, indicator matrices ----------------------------------------------


@reading("jaccard-from-macro-f1", "macro/weighted Jaccard is F1 / (2 - F1) of the averaged F1", JACCARD)
def _(metric, inputs, params):
    if params.get("average") not in ("macro", "weighted"):
        return SAME
    f = reference("f1_score", inputs, params)
    return f / (2 - f)


@reading("jaccard-micro-is-accuracy", "micro-averaged Jaccard is the accuracy", JACCARD)
def _(metric, inputs, params):
    if params.get("average") != "micro":
        return SAME
    return reference("accuracy_score", inputs, {})


@reading("jaccard-empty-is-one", "an empty union (0/0) gives 1, whatever zero_division says", JACCARD)
def _(metric, inputs, params):
    return reference(metric, inputs, {**params, "zero_division": 1})


@reading("jaccard-zero-division-ignored", "an empty union (0/0) gives 0, whatever zero_division says", JACCARD)
def _(metric, inputs, params):
    return reference(metric, inputs, {**params, "zero_division": 0})


@reading("jaccard-accepts-nan", "jaccard_score accepts zero_division=nan, as precision and recall do", JACCARD)
def _(metric, inputs, params):
    zd = params.get("zero_division")
    if not (isinstance(zd, float) and math.isnan(zd)):
        return SAME
    a, average = _args(inputs), params.get("average", "binary")
    c = counts(a["y_true"], a["y_pred"], a.get("sample_weight"))
    sums = sums_from_counts(c, set_wise_labels(c, params.get("labels"), params.get("pos_label", 1), average))
    return jaccard_from_sums(sums, average=average, zero_division=zd)


@reading("samples-is-micro", "average='samples' is computed as 'micro'", SAMPLE_AVERAGED)
def _(metric, inputs, params):
    if params.get("average") != "samples":
        return SAME
    return reference(metric, inputs, {**params, "average": "micro"})


@reading("samples-empty-row-skipped", "samples with no true and no predicted label are left out of the samples "
         "mean", SAMPLE_AVERAGED)
def _(metric, inputs, params):
    if params.get("average") != "samples":
        return SAME
    reference(metric, inputs, params)  # the reference's checks
    a = _args(inputs)
    keep = (a["y_true"] != 0).any(axis=1) | (a["y_pred"] != 0).any(axis=1)
    return reference(metric, {k: v[keep] for k, v in a.items()}, params)


@reading("samples-nan-propagates-into-mean", "with zero_division=nan, a sample whose value is 0/0 makes the samples "
         "mean NaN", SAMPLE_AVERAGED)
def _(metric, inputs, params):
    zd = params.get("zero_division")
    if params.get("average") != "samples" or not (isinstance(zd, float) and math.isnan(zd)):
        return SAME
    a = _args(inputs)
    sums = indicator_sums(a["y_true"], a["y_pred"], a.get("sample_weight"), params.get("labels"), samplewise=True)
    per_sample = prfs_from_sums(sums, beta=params.get("beta", 1.0), zero_division=zd)[:3]
    value = reference(metric, inputs, params)
    if metric == "precision_recall_fscore_support":
        return [math.nan if np.isnan(v).any() else x for v, x in zip(per_sample, value[:3])] + [None]
    v = per_sample[{"precision_score": 0, "recall_score": 1}.get(metric, 2)]
    return math.nan if np.isnan(v).any() else value


@reading("samples-ignore-sample-weight", "average='samples' ignores sample_weight", SAMPLE_AVERAGED)
def _(metric, inputs, params):
    if params.get("average") != "samples" or "sample_weight" not in inputs:
        return SAME
    return reference(metric, _without(inputs, "sample_weight"), params)


@reading("multilabel-labels-sorted", "on indicator matrices, labels are sorted (the order given is ignored)",
         METRICS)
def _(metric, inputs, params):
    if not _multilabel(inputs) or params.get("labels") is None:
        return SAME
    return reference(metric, inputs, {**params, "labels": sorted(params["labels"])})


def _recoded(inputs, fn):
    return {k: (fn(np.asarray(v)) if k in ("y_true", "y_pred") else v) for k, v in inputs.items()}


@reading("indicator-positive-means-one", "in an indicator matrix only 1 is positive (scikit-learn: any non-zero "
         "value)", tuple(m for m in METRICS if m not in LOSSES))
def _(metric, inputs, params):
    if not _multilabel(inputs):
        return SAME
    return reference(metric, _recoded(inputs, lambda y: (y == 1).astype(int)), params)


@reading("indicator-binarized", "the losses compare indicator cells as non-zero or zero, not by value", LOSSES)
def _(metric, inputs, params):
    if not _multilabel(inputs):
        return SAME
    return reference(metric, _recoded(inputs, lambda y: (y != 0).astype(int)), params)


# --- the losses and subset accuracy -------------------------------------------------------------------


def _cells_wrong(inputs):
    """(fraction of wrong cells per sample, weights or None)."""
    a = _args(inputs)
    return (a["y_true"] != a["y_pred"]).mean(axis=1), a.get("sample_weight")


@reading("hamming-is-subset-loss", "multilabel Hamming loss is the subset 0-1 loss", HAMMING)
def _(metric, inputs, params):
    if not _multilabel(inputs):
        return SAME
    return reference("zero_one_loss", inputs, {})


@reading("hamming-divides-by-count", "weighted Hamming loss divides by the number of samples, not the total weight",
         HAMMING)
def _(metric, inputs, params):
    if not _multilabel(inputs) or "sample_weight" not in inputs:
        return SAME
    wrong, w = _cells_wrong(inputs)
    return float(np.dot(wrong, w) / len(wrong))


@reading("zero-one-is-hamming", "multilabel zero_one_loss is the fraction of wrong cells (the Hamming loss)",
         ZERO_ONE)
def _(metric, inputs, params):
    if not _multilabel(inputs):
        return SAME
    wrong, w = _cells_wrong(inputs)
    w = np.ones(len(wrong)) if w is None else w
    return float(np.dot(wrong, w) / (w.sum() if params.get("normalize", True) else 1))


@reading("zero-one-count-ignores-weights", "zero_one_loss(normalize=False) counts wrong samples, ignoring weights",
         ZERO_ONE)
def _(metric, inputs, params):
    if params.get("normalize", True) or "sample_weight" not in inputs:
        return SAME
    return reference(metric, _without(inputs, "sample_weight"), params)


@reading("multilabel-accuracy-is-label-accuracy", "multilabel accuracy is the fraction of right cells, not of "
         "right rows", ACCURACY)
def _(metric, inputs, params):
    if not _multilabel(inputs):
        return SAME
    reference(metric, inputs, params)  # the reference's checks
    wrong, w = _cells_wrong(inputs)
    w = np.ones(len(wrong)) if w is None else w
    return float(np.dot(1 - wrong, w) / (w.sum() if params.get("normalize", True) else 1))


# --- multilabel_confusion_matrix ---------------------------------------------------------------------


def _mcm(inputs, params):
    return np.asarray(reference("multilabel_confusion_matrix", inputs, params))


@reading("mcm-tp-first", "each 2x2 matrix is [[TP, FN], [FP, TN]], not [[TN, FP], [FN, TP]]", MCM)
def _(metric, inputs, params):
    return _mcm(inputs, params)[:, ::-1, ::-1]


@reading("mcm-transposed", "each 2x2 matrix is transposed: [[TN, FN], [FP, TP]]", MCM)
def _(metric, inputs, params):
    return np.transpose(_mcm(inputs, params), (0, 2, 1))


@reading("mcm-drops-samples-outside-labels", "samples whose true or predicted class is outside labels are dropped "
         "first", MCM)
def _(metric, inputs, params):
    if _multilabel(inputs) or params.get("labels") is None:
        return SAME
    a = _args(inputs)
    keep = np.isin(a["y_true"], params["labels"]) & np.isin(a["y_pred"], params["labels"])
    return _mcm({k: v[keep] for k, v in a.items()}, params)


@reading("mcm-absent-labels-dropped", "requested labels that occur nowhere are dropped", MCM)
def _(metric, inputs, params):
    if _multilabel(inputs) or params.get("labels") is None:
        return SAME
    seen = set(np.asarray(inputs["y_true"]).tolist()) | set(np.asarray(inputs["y_pred"]).tolist())
    return _mcm(inputs, {**params, "labels": [v for v in params["labels"] if v in seen]})


@reading("mcm-samplewise-ignored", "samplewise=True is ignored", MCM)
def _(metric, inputs, params):
    if not params.get("samplewise"):
        return SAME
    return _mcm(inputs, {**params, "samplewise": False})


# --- every metric --------------------------------------------------------------------------------------


@reading("weights-ignored", "sample_weight is ignored", METRICS)
def _(metric, inputs, params):
    if "sample_weight" not in inputs:
        return SAME
    return reference(metric, _without(inputs, "sample_weight"), params)


FAMILY = Family(
    name="agreement",
    readings=tuple(REGISTRY.readings),
    model=REGISTRY.model(reference),
    owns=lambda case: (case["metric"] in NEW_METRICS or "multilabel" in case["tags"])
    and not {"numerics", "string-labels"} & set(case["tags"]),
    cases=generated_cases,
    variants={"the reference": reference},
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
