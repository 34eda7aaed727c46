"""The agreement-family corpus tells apart every plausible wrong reading of its spec.

Each reading below is a small wrong implementation: conformance.reference with one
twist (NaN for MCC's zero denominator, kappa weights by label value, Jaccard from the
macro F1, ...).  For every reading, each case tagged ``wrong-reading-<name>`` must be
told apart from it (another value, a value where scikit-learn raises, or the other way
round), and at least one case must carry the tag.  A reading returns ``SAME`` for a
call it does not change.

The cases are the corpus's agreement-family cases (the new metrics, and the count
metrics' cases tagged ``multilabel``), plus cohen_kappa_score's, generated in memory
while the case schema cannot hold them (generators/agreement/__init__.py).
"""

from __future__ import annotations

import builtins
import math
import warnings
from collections import defaultdict

import numpy as np
import pytest

import conformance.reference as ref
from conformance.compare import compare
from conformance.corpus import MANIFEST, bundled_oracle
from conformance.encoding import decode_numeric, decode_param, loads, to_json
from conformance.reference._metrics import prfs_from_sums, set_wise_labels
from conformance.reference._multilabel import jaccard_from_sums
from conformance.reference._sums import indicator_sums, sums_from_counts
from generators import agreement

NEW_METRICS = {"balanced_accuracy_score", "matthews_corrcoef", "cohen_kappa_score", "classification_report",
               "jaccard_score", "hamming_loss", "zero_one_loss", "multilabel_confusion_matrix"}
SAME = object()  # the reading does not change this call


def _family(raw: dict) -> bool:
    # Cases tagged ``numerics`` belong to the numerics family (tests/test_numerics_readings.py).
    return (raw["metric"] in NEW_METRICS or "multilabel" in raw["tags"]) and "numerics" not in raw["tags"]


COUNT_METRICS = {"accuracy_score", "precision_score", "recall_score", "f1_score", "fbeta_score",
                 "precision_recall_fscore_support"}
ORACLE = bundled_oracle()


@pytest.fixture(scope="module")
def manifest():
    return loads((ORACLE / MANIFEST).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tolerance(manifest):
    return manifest["tolerance"]


@pytest.fixture(scope="module")
def cases(manifest):
    """The family's stored cases, read as plain JSON (tests/test_reference_corpus.py and
    test_corpus_loader.py validate the files; loading them all takes long)."""
    raw = []
    for name in sorted(manifest["files"]):
        if name.removesuffix(".json") in NEW_METRICS | COUNT_METRICS:
            raw += [c for c in loads((ORACLE / name).read_text(encoding="utf-8"))["cases"] if _family(c)]
    return raw


# --- helpers -------------------------------------------------------------------------------


def _args(inputs):
    return {k: np.asarray(v) for k, v in inputs.items()}


def _call(metric, inputs, params):
    return getattr(ref, metric)(**_args(inputs), **params)


def _multilabel(inputs) -> bool:
    return np.ndim(inputs.get("y_true", inputs.get("y1"))) == 2


def _without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


def _recalls(inputs):
    """Per-class recall of the classes with true weight (balanced accuracy's terms)."""
    c = ref.counts(inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"))
    rows = c.matrix.sum(axis=1)
    return np.diagonal(c.matrix)[rows != 0] / rows[rows != 0], c


def _adjust(score, n):
    with np.errstate(all="ignore"):
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


def balanced_is_accuracy(metric, inputs, params):
    if metric != "balanced_accuracy_score":
        return SAME
    return ref.accuracy_score(**_args(inputs))


def balanced_is_macro_recall(metric, inputs, params):
    if metric != "balanced_accuracy_score":
        return SAME
    score = ref.recall_score(**_args(inputs), average="macro", zero_division=0)
    n = len(set(np.asarray(inputs["y_true"]).tolist()) | set(np.asarray(inputs["y_pred"]).tolist()))
    return _adjust(score, n) if params.get("adjusted") else score


def balanced_zero_weight_class_kept(metric, inputs, params):
    if metric != "balanced_accuracy_score":
        return SAME
    c = ref.counts(inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"))
    rows = c.matrix.sum(axis=1)
    recall = np.where(rows != 0, np.diagonal(c.matrix) / np.where(rows != 0, rows, 1), 0.0)[c.in_true]
    return _adjust(recall.mean(), recall.size) if params.get("adjusted") else float(recall.mean())


def adjusted_chance_over_all_classes(metric, inputs, params):
    if metric != "balanced_accuracy_score" or not params.get("adjusted"):
        return SAME
    recall, c = _recalls(inputs)
    return _adjust(recall.mean(), c.n_classes)


def adjusted_not_rescaled(metric, inputs, params):
    if metric != "balanced_accuracy_score" or not params.get("adjusted"):
        return SAME
    recall, _ = _recalls(inputs)
    return float(recall.mean() - 1 / recall.size)


def adjusted_undefined_is_zero(metric, inputs, params):
    if metric != "balanced_accuracy_score" or not params.get("adjusted") or _recalls(inputs)[0].size != 1:
        return SAME
    return 0.0


# --- Matthews ----------------------------------------------------------------------------------


def _mcc_undefined(inputs):
    """(zero denominator?, all right?, all wrong?) by weight."""
    c = ref.counts(inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"))
    t, p = c.matrix.sum(axis=1), c.matrix.sum(axis=0)
    single = np.count_nonzero(t) <= 1 or np.count_nonzero(p) <= 1
    return single, np.trace(c.matrix) == c.matrix.sum(), np.trace(c.matrix) == 0


def mcc_undefined_is_nan(metric, inputs, params):
    if metric != "matthews_corrcoef" or not _mcc_undefined(inputs)[0]:
        return SAME
    return math.nan


def mcc_undefined_by_agreement(metric, inputs, params):
    if metric != "matthews_corrcoef":
        return SAME
    single, right, wrong = _mcc_undefined(inputs)
    return SAME if not single else 1.0 if right else -1.0 if wrong else 0.0


def mcc_mean_of_one_vs_rest(metric, inputs, params):
    if metric != "matthews_corrcoef":
        return SAME
    yt, yp = np.asarray(inputs["y_true"]), np.asarray(inputs["y_pred"])
    classes = sorted(set(yt.tolist()) | set(yp.tolist()))
    if len(classes) <= 2:
        return SAME
    w = inputs.get("sample_weight")
    return float(np.mean([ref.matthews_corrcoef(yt == k, yp == k, sample_weight=w) for k in classes]))


# --- Cohen's kappa -------------------------------------------------------------------------------


def _kappa_params(params, **changes):
    return {**params, **changes}


def kappa_weights_by_label_value(metric, inputs, params):
    if metric != "cohen_kappa_score" or params.get("weights") is None:
        return SAME
    a = _args(inputs)
    labels = params.get("labels")
    values = np.asarray(labels if labels is not None else sorted(set(a["y1"].tolist()) | set(a["y2"].tolist())))
    cm = ref.confusion_matrix(a["y1"], a["y2"], labels=labels, sample_weight=a.get("sample_weight"))
    return _kappa(cm, _kappa_weights(values.astype(np.float64), params["weights"]),
                  params.get("replace_undefined_by", math.nan))


def kappa_labels_sorted(metric, inputs, params):
    if metric != "cohen_kappa_score" or params.get("labels") is None:
        return SAME
    return _call(metric, inputs, _kappa_params(params, labels=sorted(params["labels"])))


def kappa_labels_ignored(metric, inputs, params):
    if metric != "cohen_kappa_score" or params.get("labels") is None:
        return SAME
    return _call(metric, inputs, _without(params, "labels"))


def kappa_counts_dropped_samples(metric, inputs, params):
    """The matrix over labels, but marginals and total from ALL samples (as P/R count)."""
    if metric != "cohen_kappa_score" or params.get("labels") is None:
        return SAME
    a = _args(inputs)
    labels = params["labels"]
    cm = ref.confusion_matrix(a["y1"], a["y2"], labels=labels, sample_weight=a.get("sample_weight"))
    sums = sums_from_counts(ref.counts(a["y1"], a["y2"], a.get("sample_weight")), labels)
    total = float(sums.total)
    observed = cm / total
    expected = np.outer(sums.true, sums.pred) / total**2
    wmat = _kappa_weights(np.arange(len(labels)), params.get("weights"))
    return float(1 - np.sum(wmat * observed) / np.sum(wmat * expected))


def kappa_absent_labels_dropped(metric, inputs, params):
    if metric != "cohen_kappa_score" or params.get("labels") is None:
        return SAME
    seen = set(np.asarray(inputs["y1"]).tolist()) | set(np.asarray(inputs["y2"]).tolist())
    return _call(metric, inputs, _kappa_params(params, labels=[v for v in params["labels"] if v in seen]))


def kappa_quadratic_is_linear(metric, inputs, params):
    if metric != "cohen_kappa_score" or params.get("weights") != "quadratic":
        return SAME
    return _call(metric, inputs, _kappa_params(params, weights="linear"))


def kappa_weights_ignored(metric, inputs, params):
    if metric != "cohen_kappa_score" or params.get("weights") is None:
        return SAME
    return _call(metric, inputs, _without(params, "weights"))


def kappa_undefined_is_zero(metric, inputs, params):
    if metric != "cohen_kappa_score":
        return SAME
    return _call(metric, inputs, _kappa_params(params, replace_undefined_by=0.0))


def kappa_replace_undefined_ignored(metric, inputs, params):
    if metric != "cohen_kappa_score":
        return SAME
    return _call(metric, inputs, _kappa_params(params, replace_undefined_by=math.nan))


def kappa_labels_checked_in_either(metric, inputs, params):
    if metric != "cohen_kappa_score":
        return SAME
    try:
        return _call(metric, inputs, params)
    except ValueError:  # labels not in y1: try them against y2 (kappa is otherwise symmetric)
        return _call(metric, {**inputs, "y1": inputs["y2"], "y2": inputs["y1"]}, params)


# --- classification_report -------------------------------------------------------------------------


def _report(inputs, params):
    return _call("classification_report", inputs, params)


def report_accuracy_key_always(metric, inputs, params):
    if metric != "classification_report":
        return SAME
    value = _report(inputs, params)
    if "micro avg" not in value:
        return SAME
    value["accuracy"] = value.pop("micro avg")["f1-score"]
    return value


def report_micro_avg_when_labels_given(metric, inputs, params):
    if metric != "classification_report" or params.get("labels") is None:
        return SAME
    value = _report(inputs, params)
    if "accuracy" not in value:
        return SAME
    a = value.pop("accuracy")
    value["micro avg"] = {"precision": a, "recall": a, "f1-score": a, "support": value["macro avg"]["support"]}
    return value


def report_accuracy_as_row(metric, inputs, params):
    if metric != "classification_report":
        return SAME
    value = _report(inputs, params)
    if "accuracy" not in value:
        return SAME
    a = value["accuracy"]
    value["accuracy"] = {"precision": a, "recall": a, "f1-score": a, "support": value["macro avg"]["support"]}
    return value


def report_target_names_mismatch_raises(metric, inputs, params):
    if metric != "classification_report" or params.get("target_names") is None or params.get("labels") is None:
        return SAME
    if len(params["target_names"]) != len(params["labels"]):
        raise ValueError("target_names and labels differ in length")
    return SAME


def report_dict_rounded_to_digits(metric, inputs, params):
    if metric != "classification_report":
        return SAME
    digits = params.get("digits", 2)

    def rounded(v):
        return {k: rounded(x) for k, x in v.items()} if isinstance(v, dict) else round(v, digits)

    return rounded(_report(inputs, params))


def report_support_ignores_weights(metric, inputs, params):
    if metric != "classification_report" or "sample_weight" not in inputs:
        return SAME
    value, unweighted = _report(inputs, params), _report(_without(inputs, "sample_weight"), params)
    for key, row in value.items():
        if isinstance(row, dict):
            row["support"] = unweighted[key]["support"]
    return value


def report_samples_avg_missing(metric, inputs, params):
    if metric != "classification_report":
        return SAME
    value = _report(inputs, params)
    return SAME if value.pop("samples avg", None) is None else value


# --- Jaccard, averages over samples, indicator matrices ----------------------------------------------


def jaccard_from_macro_f1(metric, inputs, params):
    if metric != "jaccard_score" or params.get("average") not in ("macro", "weighted"):
        return SAME
    f = _call("f1_score", inputs, params)
    return f / (2 - f)


def jaccard_micro_is_accuracy(metric, inputs, params):
    if metric != "jaccard_score" or params.get("average") != "micro":
        return SAME
    return ref.accuracy_score(**_args(inputs))


def jaccard_empty_is_one(metric, inputs, params):
    if metric != "jaccard_score":
        return SAME
    return _call(metric, inputs, {**params, "zero_division": 1})


def jaccard_zero_division_ignored(metric, inputs, params):
    if metric != "jaccard_score":
        return SAME
    return _call(metric, inputs, {**params, "zero_division": 0})


def jaccard_accepts_nan(metric, inputs, params):
    zd = params.get("zero_division")
    if metric != "jaccard_score" or not (isinstance(zd, float) and math.isnan(zd)):
        return SAME
    a, average = _args(inputs), params.get("average", "binary")
    c = ref.counts(a["y_true"], a["y_pred"], a.get("sample_weight"))
    sums = sums_from_counts(c, set_wise_labels(c, params.get("labels"), params.get("pos_label", 1), average))
    return jaccard_from_sums(sums, average=average, zero_division=zd)


def samples_is_micro(metric, inputs, params):
    if params.get("average") != "samples":
        return SAME
    return _call(metric, inputs, {**params, "average": "micro"})


def samples_empty_row_skipped(metric, inputs, params):
    if params.get("average") != "samples":
        return SAME
    a = _args(inputs)
    keep = (a["y_true"] != 0).any(axis=1) | (a["y_pred"] != 0).any(axis=1)
    return _call(metric, {k: v[keep] for k, v in a.items()}, params)


def samples_nan_propagates_into_mean(metric, inputs, params):
    """With zero_division=nan, a sample whose value is 0/0 makes the samples mean NaN."""
    zd = params.get("zero_division")
    if params.get("average") != "samples" or not (isinstance(zd, float) and math.isnan(zd)):
        return SAME
    a = _args(inputs)
    sums = indicator_sums(a["y_true"], a["y_pred"], a.get("sample_weight"), params.get("labels"), samplewise=True)
    per_sample = prfs_from_sums(sums, beta=params.get("beta", 1.0), zero_division=zd)[:3]
    value = _call(metric, inputs, params)
    if metric == "precision_recall_fscore_support":
        return [math.nan if np.isnan(v).any() else x for v, x in zip(per_sample, value[:3])] + [None]
    v = per_sample[{"precision_score": 0, "recall_score": 1}.get(metric, 2)]
    return math.nan if np.isnan(v).any() else value


def samples_ignore_sample_weight(metric, inputs, params):
    if params.get("average") != "samples" or "sample_weight" not in inputs:
        return SAME
    return _call(metric, _without(inputs, "sample_weight"), params)


def multilabel_labels_sorted(metric, inputs, params):
    if not _multilabel(inputs) or params.get("labels") is None:
        return SAME
    return _call(metric, inputs, {**params, "labels": sorted(params["labels"])})


def _recoded(inputs, fn):
    return {k: (fn(np.asarray(v)) if k in ("y_true", "y_pred") else v) for k, v in inputs.items()}


def indicator_positive_means_one(metric, inputs, params):
    if not _multilabel(inputs) or metric in ("hamming_loss", "zero_one_loss", "accuracy_score"):
        return SAME
    return _call(metric, _recoded(inputs, lambda y: (y == 1).astype(int)), params)


def indicator_binarized(metric, inputs, params):
    if not _multilabel(inputs) or metric not in ("hamming_loss", "zero_one_loss", "accuracy_score"):
        return SAME
    return _call(metric, _recoded(inputs, lambda y: (y != 0).astype(int)), params)


# --- the losses and subset accuracy -------------------------------------------------------------------


def _cells_wrong(inputs):
    """(fraction of wrong cells per sample, weights or None)."""
    a = _args(inputs)
    return (a["y_true"] != a["y_pred"]).mean(axis=1), a.get("sample_weight")


def hamming_is_subset_loss(metric, inputs, params):
    if metric != "hamming_loss" or not _multilabel(inputs):
        return SAME
    return ref.zero_one_loss(**_args(inputs))


def hamming_divides_by_count(metric, inputs, params):
    if metric != "hamming_loss" or not _multilabel(inputs) or "sample_weight" not in inputs:
        return SAME
    wrong, w = _cells_wrong(inputs)
    return float(np.dot(wrong, w) / len(wrong))


def zero_one_is_hamming(metric, inputs, params):
    if metric != "zero_one_loss" or not _multilabel(inputs):
        return SAME
    wrong, w = _cells_wrong(inputs)
    w = np.ones(len(wrong)) if w is None else w
    return float(np.dot(wrong, w) / (w.sum() if params.get("normalize", True) else 1))


def zero_one_count_ignores_weights(metric, inputs, params):
    if metric != "zero_one_loss" or params.get("normalize", True) or "sample_weight" not in inputs:
        return SAME
    return _call(metric, _without(inputs, "sample_weight"), params)


def multilabel_accuracy_is_label_accuracy(metric, inputs, params):
    if metric != "accuracy_score" or not _multilabel(inputs):
        return SAME
    wrong, w = _cells_wrong(inputs)
    w = np.ones(len(wrong)) if w is None else w
    return float(np.dot(1 - wrong, w) / (w.sum() if params.get("normalize", True) else 1))


# --- multilabel_confusion_matrix ---------------------------------------------------------------------


def _mcm(inputs, params):
    return np.asarray(_call("multilabel_confusion_matrix", inputs, params))


def mcm_tp_first(metric, inputs, params):
    if metric != "multilabel_confusion_matrix":
        return SAME
    return _mcm(inputs, params)[:, ::-1, ::-1]  # [[TP, FN], [FP, TN]]


def mcm_transposed(metric, inputs, params):
    if metric != "multilabel_confusion_matrix":
        return SAME
    return np.transpose(_mcm(inputs, params), (0, 2, 1))  # [[TN, FN], [FP, TP]]


def mcm_drops_samples_outside_labels(metric, inputs, params):
    if metric != "multilabel_confusion_matrix" or _multilabel(inputs) or params.get("labels") is None:
        return SAME
    a = _args(inputs)
    keep = np.isin(a["y_true"], params["labels"]) & np.isin(a["y_pred"], params["labels"])
    return _mcm({k: v[keep] for k, v in a.items()}, params)


def mcm_absent_labels_dropped(metric, inputs, params):
    if metric != "multilabel_confusion_matrix" or _multilabel(inputs) or params.get("labels") is None:
        return SAME
    seen = set(np.asarray(inputs["y_true"]).tolist()) | set(np.asarray(inputs["y_pred"]).tolist())
    return _mcm(inputs, {**params, "labels": [v for v in params["labels"] if v in seen]})


def mcm_samplewise_ignored(metric, inputs, params):
    if metric != "multilabel_confusion_matrix" or not params.get("samplewise"):
        return SAME
    return _mcm(inputs, {**params, "samplewise": False})


# --- every metric --------------------------------------------------------------------------------------


def weights_ignored(metric, inputs, params):
    if "sample_weight" not in inputs:
        return SAME
    return _call(metric, _without(inputs, "sample_weight"), params)


READINGS = {
    "balanced-is-accuracy": balanced_is_accuracy,
    "balanced-is-macro-recall": balanced_is_macro_recall,
    "balanced-zero-weight-class-kept": balanced_zero_weight_class_kept,
    "adjusted-chance-over-all-classes": adjusted_chance_over_all_classes,
    "adjusted-not-rescaled": adjusted_not_rescaled,
    "adjusted-undefined-is-zero": adjusted_undefined_is_zero,
    "mcc-undefined-is-nan": mcc_undefined_is_nan,
    "mcc-undefined-by-agreement": mcc_undefined_by_agreement,
    "mcc-mean-of-one-vs-rest": mcc_mean_of_one_vs_rest,
    "kappa-weights-by-label-value": kappa_weights_by_label_value,
    "kappa-labels-sorted": kappa_labels_sorted,
    "kappa-labels-ignored": kappa_labels_ignored,
    "kappa-counts-dropped-samples": kappa_counts_dropped_samples,
    "kappa-absent-labels-dropped": kappa_absent_labels_dropped,
    "kappa-quadratic-is-linear": kappa_quadratic_is_linear,
    "kappa-weights-ignored": kappa_weights_ignored,
    "kappa-undefined-is-zero": kappa_undefined_is_zero,
    "kappa-replace-undefined-ignored": kappa_replace_undefined_ignored,
    "kappa-labels-checked-in-either": kappa_labels_checked_in_either,
    "report-accuracy-key-always": report_accuracy_key_always,
    "report-micro-avg-when-labels-given": report_micro_avg_when_labels_given,
    "report-accuracy-as-row": report_accuracy_as_row,
    "report-target-names-mismatch-raises": report_target_names_mismatch_raises,
    "report-dict-rounded-to-digits": report_dict_rounded_to_digits,
    "report-support-ignores-weights": report_support_ignores_weights,
    "report-samples-avg-missing": report_samples_avg_missing,
    "jaccard-from-macro-f1": jaccard_from_macro_f1,
    "jaccard-micro-is-accuracy": jaccard_micro_is_accuracy,
    "jaccard-empty-is-one": jaccard_empty_is_one,
    "jaccard-zero-division-ignored": jaccard_zero_division_ignored,
    "jaccard-accepts-nan": jaccard_accepts_nan,
    "samples-is-micro": samples_is_micro,
    "samples-empty-row-skipped": samples_empty_row_skipped,
    "samples-nan-propagates-into-mean": samples_nan_propagates_into_mean,
    "samples-ignore-sample-weight": samples_ignore_sample_weight,
    "multilabel-labels-sorted": multilabel_labels_sorted,
    "indicator-positive-means-one": indicator_positive_means_one,
    "indicator-binarized": indicator_binarized,
    "hamming-is-subset-loss": hamming_is_subset_loss,
    "hamming-divides-by-count": hamming_divides_by_count,
    "zero-one-is-hamming": zero_one_is_hamming,
    "zero-one-count-ignores-weights": zero_one_count_ignores_weights,
    "multilabel-accuracy-is-label-accuracy": multilabel_accuracy_is_label_accuracy,
    "mcm-tp-first": mcm_tp_first,
    "mcm-transposed": mcm_transposed,
    "mcm-drops-samples-outside-labels": mcm_drops_samples_outside_labels,
    "mcm-absent-labels-dropped": mcm_absent_labels_dropped,
    "mcm-samplewise-ignored": mcm_samplewise_ignored,
    "weights-ignored": weights_ignored,
}


# --- the check -------------------------------------------------------------------------------------------


def caught(reading, case, tolerance) -> bool:
    """Does ``case`` tell ``reading`` apart from scikit-learn?"""
    inputs = {k: decode_numeric(v) for k, v in case["inputs"].items()}
    params = {k: decode_param(v) for k, v in case["params"].items()}
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = READINGS[reading](case["metric"], inputs, params)
    except Exception:  # a refusal, whatever its class (docs/decisions/0004)
        return "error" not in case["expected"]
    if value is SAME:
        return False
    if "error" in case["expected"]:
        return True
    return not compare(decode_numeric(case["expected"]["value"]), decode_numeric(to_json(value)), **tolerance)


def _tagged(cases):
    out = defaultdict(list)
    for case in cases:
        for tag in case["tags"]:
            if tag.startswith("wrong-reading-"):
                out[tag[len("wrong-reading-"):]].append(case)
    return out


def test_every_tag_names_a_reading(cases):
    unknown = sorted(set(_tagged(cases)) - set(READINGS))
    assert unknown == []


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_reading_is_caught_by_every_case_tagged_with_it(tolerance, cases, reading):
    tagged = _tagged(cases).get(reading, [])
    assert tagged, f"no case is tagged wrong-reading-{reading}"
    missed = [c["id"] for c in tagged if not caught(reading, c, tolerance)]
    assert missed == [], f"tagged wrong-reading-{reading} but indistinguishable from it"


def test_the_check_can_fail(tolerance, cases):
    # The reference itself is no wrong reading: no case tells it apart from scikit-learn.
    READINGS["the-reference"] = lambda metric, inputs, params: _call(metric, inputs, params)
    try:
        assert not any(caught("the-reference", c, tolerance) for c in cases)
    finally:
        del READINGS["the-reference"]
