"""Protocol v1 adapter for torchmetrics (docs/protocol.md, ports/torchmetrics/README.md).

One JSON message per stdin line, one answer per stdout line.  For each run
message the adapter

1. maps scikit-learn's metric to torchmetrics's functional API, and its
   keywords to torchmetrics's (``average=None`` -> ``"none"``, ``labels`` ->
   ``num_classes``, ``zero_division="warn"`` -> 0, ...), answering
   ``skipped`` when torchmetrics has no way to say it;
2. turns the label arrays into what torchmetrics takes: class *indices*
   0..K-1 in a long tensor, K being ``num_classes`` (see ``Classes``);
   regression targets into float64 tensors;
3. calls the functional API, and the class API on the same inputs (one
   Metric object, fed in two ``update()`` batches, then ``compute()``);
4. answers the functional result in scikit-learn's shape, or the library's
   exception as an ``error``.

It never computes a metric itself: every number in an answer is one that a
torchmetrics call returned.  Where the two APIs disagree the answer says so
(``x-class-api``) and a line goes to stderr, the answer staying the
functional one.
"""

from __future__ import annotations

import json
import math
import os
import platform
import sys
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import torch
import torchmetrics
import torchmetrics.classification as C
import torchmetrics.functional.classification as FC
import torchmetrics.functional.regression as FR
import torchmetrics.regression as R

from conformance.compare import compare
from conformance.encoding import decode_numeric, decode_param, loads, to_json

_dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


class Skip(Exception):
    """torchmetrics cannot express this case; the message is the reason."""


# --------------------------------------------------------------------------- calls


@dataclass
class Call:
    """One torchmetrics computation: the functional form and its class twin."""

    fn: Callable  # torchmetrics.functional...
    cls: type  # the matching torchmetrics Metric class
    preds: torch.Tensor
    target: torch.Tensor
    kwargs: dict = field(default_factory=dict)

    def functional(self):
        return self.fn(self.preds, self.target, **self.kwargs)

    def with_class(self):
        """The class API: two update() batches (when there are at least two samples), then compute()."""
        metric = self.cls(**self.kwargs)
        if self.preds.is_floating_point():
            # Metric states are float32 unless asked otherwise; float64 data asks for float64
            # states, as torchmetrics documents (Metric.set_dtype).
            metric.set_dtype(torch.float64)
        n = min(len(self.preds), len(self.target))
        if n >= 2 and len(self.preds) == len(self.target):
            cut = n // 2
            metric.update(self.preds[:cut], self.target[:cut])
            metric.update(self.preds[cut:], self.target[cut:])
        else:
            metric.update(self.preds, self.target)
        return metric.compute()


# The Metric class of each functional entry point used below.
CLASS_OF = {
    FC.multiclass_accuracy: C.MulticlassAccuracy,
    FC.multiclass_precision: C.MulticlassPrecision,
    FC.multiclass_recall: C.MulticlassRecall,
    FC.multiclass_f1_score: C.MulticlassF1Score,
    FC.multiclass_fbeta_score: C.MulticlassFBetaScore,
    FC.multiclass_stat_scores: C.MulticlassStatScores,
    FC.multiclass_confusion_matrix: C.MulticlassConfusionMatrix,
    FC.binary_precision: C.BinaryPrecision,
    FC.binary_recall: C.BinaryRecall,
    FC.binary_f1_score: C.BinaryF1Score,
    FC.binary_fbeta_score: C.BinaryFBetaScore,
    FC.binary_stat_scores: C.BinaryStatScores,
    FC.multiclass_matthews_corrcoef: C.MulticlassMatthewsCorrCoef,
    FC.multiclass_hamming_distance: C.MulticlassHammingDistance,
    FC.multiclass_cohen_kappa: C.MulticlassCohenKappa,
    FC.multilabel_hamming_distance: C.MultilabelHammingDistance,
    FC.multiclass_jaccard_index: C.MulticlassJaccardIndex,
    FC.binary_jaccard_index: C.BinaryJaccardIndex,
    FC.multilabel_jaccard_index: C.MultilabelJaccardIndex,
    FC.multilabel_confusion_matrix: C.MultilabelConfusionMatrix,
    FC.binary_auroc: C.BinaryAUROC,
    FC.multiclass_auroc: C.MulticlassAUROC,
    FC.multilabel_auroc: C.MultilabelAUROC,
    FC.binary_average_precision: C.BinaryAveragePrecision,
    FC.multiclass_average_precision: C.MulticlassAveragePrecision,
    FC.multilabel_average_precision: C.MultilabelAveragePrecision,
    FC.binary_roc: C.BinaryROC,
    FC.binary_precision_recall_curve: C.BinaryPrecisionRecallCurve,
    FC.binary_calibration_error: C.BinaryCalibrationError,
    FC.multiclass_calibration_error: C.MulticlassCalibrationError,
    FR.mean_squared_error: R.MeanSquaredError,
    FR.mean_absolute_error: R.MeanAbsoluteError,
    FR.mean_absolute_percentage_error: R.MeanAbsolutePercentageError,
    FR.mean_squared_log_error: R.MeanSquaredLogError,
    FR.r2_score: R.R2Score,
    FR.explained_variance: R.ExplainedVariance,
}


def call(fn, preds, target, **kwargs) -> Call:
    return Call(fn, CLASS_OF[fn], preds, target, kwargs)


# --------------------------------------------------------------------------- inputs


def array(case: dict, name: str) -> np.ndarray:
    return np.asarray(decode_numeric(case["inputs"][name], name), dtype=float)


def is_labels(a: np.ndarray) -> bool:
    """Whole finite numbers: values that can be class labels (2.0 is class 2)."""
    return bool(np.all(np.isfinite(a)) and np.all(a == np.round(a)))


@dataclass
class Classes:
    """scikit-learn's class set as torchmetrics's class indices.

    torchmetrics takes labels 0..num_classes-1.  scikit-learn's classes are
    values: the sorted union of y_true and y_pred, or ``labels`` in its order.
    The k-th class of that list becomes index k, so per-class outputs come
    back in scikit-learn's order and num_classes is the size of the class set.
    """

    preds: torch.Tensor
    target: torch.Tensor
    num_classes: int


def classes(y_true: np.ndarray, y_pred: np.ndarray, labels=None) -> Classes:
    if y_true.ndim != 1 or y_pred.ndim != 1:
        raise Skip("only 1-D label vectors are mapped (no multilabel indicator matrices)")
    if not (is_labels(y_true) and is_labels(y_pred)):
        # NaN, infinities, 2.5: not class labels, so there is no index to map
        # them to.  Hand torchmetrics the float tensor as it is, with as many
        # classes as distinct values, and let its own validation answer.
        k = len(set(y_true.tolist()) | set(y_pred.tolist()))
        return Classes(torch.from_numpy(y_pred), torch.from_numpy(y_true), max(k, 2))
    observed = sorted(set(y_true.tolist()) | set(y_pred.tolist()))
    if labels is None:
        order = observed
    else:
        order = [float(v) for v in np.asarray(decode_numeric(labels, "labels"), dtype=float).ravel()]
        if len(set(order)) != len(order):
            raise Skip("labels with repeated values: torchmetrics has no labels parameter")
        if not order or not set(observed) <= set(order):
            raise Skip("labels that leave out an observed class: torchmetrics has no labels parameter, "
                       "num_classes always covers every class in the data")
    if not observed:
        # Empty input has no class set; declare the smallest num_classes torchmetrics accepts.
        return Classes(torch.zeros(0, dtype=torch.long), torch.zeros(0, dtype=torch.long), 2)
    if len(order) < 2:
        raise Skip("one class: torchmetrics's multiclass metrics need num_classes >= 2")
    index = {v: i for i, v in enumerate(order)}
    as_index = lambda a: torch.tensor([index[v] for v in a.tolist()], dtype=torch.long)  # noqa: E731
    return Classes(as_index(y_pred), as_index(y_true), len(order))


def binary_classes(y_true: np.ndarray, y_pred: np.ndarray, pos_label) -> tuple[torch.Tensor, torch.Tensor]:
    """average="binary": pos_label becomes torchmetrics's positive index 1.

    The other classes take 0, then 2, 3, ... in sorted order, so data with
    more than two classes reaches torchmetrics's binary validation as it is.
    """
    if y_true.ndim != 1 or y_pred.ndim != 1:
        raise Skip("only 1-D label vectors are mapped (no multilabel indicator matrices)")
    if not (is_labels(y_true) and is_labels(y_pred)):
        return torch.from_numpy(y_pred), torch.from_numpy(y_true)
    pos = float(decode_param(pos_label))
    others = sorted((set(y_true.tolist()) | set(y_pred.tolist())) - {pos})
    index = {pos: 1, **{v: (0 if i == 0 else i + 1) for i, v in enumerate(others)}}
    as_index = lambda a: torch.tensor([index[v] for v in a.tolist()], dtype=torch.long)  # noqa: E731
    return as_index(y_pred), as_index(y_true)


def regression_tensors(case: dict) -> tuple[torch.Tensor, torch.Tensor]:
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    return torch.from_numpy(y_pred), torch.from_numpy(y_true)


# --------------------------------------------------------------------------- keyword maps

AVERAGE = {None: "none", "micro": "micro", "macro": "macro", "weighted": "weighted"}


def zero_division(params: dict):
    """zero_division: "warn" is 0 with a warning in scikit-learn, 0 and 1 map to themselves.

    torchmetrics takes 0 or 1 only, so scikit-learn's NaN is skipped; any other
    value (one scikit-learn refuses too) is passed on for torchmetrics to judge.
    """
    z = decode_param(params.get("zero_division", "warn"))
    if z == "warn":
        return 0.0
    if isinstance(z, float) and math.isnan(z):
        raise Skip("zero_division=NaN: torchmetrics's zero_division is 0 or 1")
    return z


def check_keys(case: dict, inputs: set[str], params: set[str]) -> None:
    """Skip a case that uses a keyword this mapping does not carry over."""
    extra_inputs = sorted(k for k, v in case["inputs"].items() if k not in inputs and v is not None)
    if "sample_weight" in extra_inputs:
        raise Skip("torchmetrics takes no sample_weight")
    if extra_inputs:
        raise Skip(f"no equivalent for {', '.join(extra_inputs)}")
    extra = sorted(set(case["params"]) - params)
    if extra:
        raise Skip(f"no torchmetrics equivalent for {case['metric']}'s {', '.join(extra)}")


# --------------------------------------------------------------------------- label metrics

PRF = {"precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support"}
PRF_FN = {  # (multiclass, binary) per score
    "precision": (FC.multiclass_precision, FC.binary_precision),
    "recall": (FC.multiclass_recall, FC.binary_recall),
    "f1": (FC.multiclass_f1_score, FC.binary_f1_score),
    "fbeta": (FC.multiclass_fbeta_score, FC.binary_fbeta_score),
}


def prf_calls(case: dict) -> tuple[list[Call], Callable]:
    """precision/recall/F (and their tuple): one torchmetrics call per score."""
    metric, p = case["metric"], case["params"]
    check_keys(case, {"y_true", "y_pred"}, {"average", "labels", "zero_division", "pos_label", "beta"})
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    prfs = metric == "precision_recall_fscore_support"
    average = decode_param(p.get("average", None if prfs else "binary"))
    zd = zero_division(p)
    if metric == "fbeta_score" or (prfs and "beta" in p):
        beta = float(decode_param(p["beta"]))
        f_name, f_kw = ("f1", {}) if (prfs and beta == 1.0) else ("fbeta", {"beta": beta})
    else:
        f_name, f_kw = "f1", {}
    wanted = {
        "precision_score": ["precision"],
        "recall_score": ["recall"],
        "f1_score": ["f1"],
        "fbeta_score": ["fbeta"],
        "precision_recall_fscore_support": ["precision", "recall", f_name],
    }[metric]
    calls = []
    if average == "binary":
        preds, target = binary_classes(y_true, y_pred, p.get("pos_label", 1))
        for name in wanted:
            kw = f_kw if name in ("fbeta", "f1") else {}
            calls.append(call(PRF_FN[name][1], preds, target, zero_division=zd, **kw))
        if prfs:
            calls.append(call(FC.binary_stat_scores, preds, target))
    else:
        if average not in AVERAGE:
            raise Skip(f"no average={average!r} for multiclass label vectors in torchmetrics")
        k = classes(y_true, y_pred, p.get("labels"))
        for name in wanted:
            kw = f_kw if name in ("fbeta", "f1") else {}
            calls.append(call(PRF_FN[name][0], k.preds, k.target, num_classes=k.num_classes,
                              average=AVERAGE[average], zero_division=zd, **kw))
        if prfs and average is None:  # support: the sup column of stat_scores, per class
            calls.append(call(FC.multiclass_stat_scores, k.preds, k.target, num_classes=k.num_classes,
                              average="none"))

    def shape(results):
        if not prfs:
            return results[0]
        p_, r_, f_ = results[:3]
        if average is None:
            support = results[3][:, 4]  # stat_scores columns: tp, fp, tn, fn, sup
        elif average == "binary":
            support = None  # scikit-learn's averaged tuple has support None
        else:
            support = None
        return [p_, r_, f_, support]

    return calls, shape


def accuracy_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"normalize"})
    if decode_param(case["params"].get("normalize", True)) is not True:
        raise Skip("normalize=False (a count): torchmetrics's accuracy is always a fraction")
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    # scikit-learn's accuracy is the fraction of samples predicted right: torchmetrics's micro accuracy.
    return [call(FC.multiclass_accuracy, k.preds, k.target, num_classes=k.num_classes, average="micro")], \
        lambda r: r[0]


NORMALIZE = {None: None, "true": "true", "pred": "pred", "all": "all"}


def confusion_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"labels", "normalize"})
    normalize = decode_param(case["params"].get("normalize"))
    if normalize not in NORMALIZE:
        raise Skip(f"no normalize={normalize!r} in torchmetrics")
    k = classes(array(case, "y_true"), array(case, "y_pred"), case["params"].get("labels"))
    # Rows are true classes, columns predicted ones, in both libraries.
    return [call(FC.multiclass_confusion_matrix, k.preds, k.target, num_classes=k.num_classes,
                 normalize=NORMALIZE[normalize])], lambda r: r[0]


# --------------------------------------------------------------------------- regression


SK_MULTIOUTPUT = ("raw_values", "uniform_average", "variance_weighted")


def multioutput(case: dict, allowed: tuple[str, ...], passed_on: bool = False) -> str:
    """scikit-learn's multioutput: a choice torchmetrics lacks is skipped.

    With ``passed_on`` (torchmetrics has a multioutput argument), a value that
    is none of scikit-learn's choices goes to torchmetrics to be judged.
    """
    m = decode_param(case["params"].get("multioutput", "uniform_average"))
    if not isinstance(m, str):
        raise Skip("multioutput given as output weights: torchmetrics has no such argument")
    if m not in allowed and not (passed_on and m not in SK_MULTIOUTPUT):
        raise Skip(f"multioutput={m!r}: torchmetrics's {case['metric']} has no such choice")
    return m


def outputs(y: torch.Tensor) -> int:
    return 1 if y.ndim < 2 else y.shape[1]


def as_raw(value, preds):
    """multioutput="raw_values" on one output: scikit-learn returns a list of one."""
    return value.reshape(1) if preds.ndim < 2 else value


def per_output_calls(case: dict):
    """MSE, RMSE, MAE: num_outputs=k gives per-output values; num_outputs=1 pools every element."""
    check_keys(case, {"y_true", "y_pred"}, {"multioutput"})
    m = multioutput(case, ("uniform_average", "raw_values"))
    preds, target = regression_tensors(case)
    kw = {"num_outputs": outputs(target) if m == "raw_values" else 1}
    fn = FR.mean_absolute_error if case["metric"] == "mean_absolute_error" else FR.mean_squared_error
    if fn is FR.mean_squared_error:
        kw["squared"] = case["metric"] == "mean_squared_error"
    return [call(fn, preds, target, **kw)], (lambda r: as_raw(r[0], target)) if m == "raw_values" else (lambda r: r[0])


def pooled_calls(case: dict):
    """MAPE, MSLE: torchmetrics has no per-output form; a 2-D input is pooled."""
    check_keys(case, {"y_true", "y_pred"}, {"multioutput"})
    multioutput(case, ("uniform_average",))
    preds, target = regression_tensors(case)
    fn = {"mean_absolute_percentage_error": FR.mean_absolute_percentage_error,
          "mean_squared_log_error": FR.mean_squared_log_error}[case["metric"]]
    return [call(fn, preds, target)], lambda r: r[0]


def variance_calls(case: dict):
    """r2_score and explained_variance_score: multioutput maps one to one."""
    check_keys(case, {"y_true", "y_pred"}, {"multioutput", "force_finite"})
    if decode_param(case["params"].get("force_finite", True)) is not True:
        raise Skip("force_finite=False: torchmetrics has no force_finite argument")
    m = multioutput(case, SK_MULTIOUTPUT, passed_on=True)
    preds, target = regression_tensors(case)
    fn = FR.r2_score if case["metric"] == "r2_score" else FR.explained_variance
    return [call(fn, preds, target, multioutput=m)], (lambda r: as_raw(r[0], target)) if m == "raw_values" \
        else (lambda r: r[0])



# --------------------------------------------------------------------------- agreement, multilabel


def indicator(case: dict) -> tuple[torch.Tensor, torch.Tensor, int] | None:
    """Multilabel indicator matrices (2-D 0/1 y_true and y_pred) as torchmetrics's multilabel input."""
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    if y_true.ndim != 2 or y_pred.ndim != 2:
        return None
    if not (np.isin(y_true, (0, 1)).all() and np.isin(y_pred, (0, 1)).all()):
        raise Skip("2-D label arrays that are not 0/1 indicator matrices (multiclass-multioutput)")
    return (torch.from_numpy(y_pred.astype(np.int64)), torch.from_numpy(y_true.astype(np.int64)),
            y_true.shape[1] if y_true.ndim == 2 else 0)


def mcc_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, set())
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_matthews_corrcoef, k.preds, k.target, num_classes=k.num_classes)], lambda r: r[0]


def kappa_calls(case: dict):
    """cohen_kappa_score(y1, y2): y1 as target, y2 as preds (the statistic is symmetric)."""
    check_keys(case, {"y1", "y2"}, {"labels", "weights"})
    weights = decode_param(case["params"].get("weights"))
    if weights not in (None, "linear", "quadratic"):
        raise Skip(f"weights={weights!r}: torchmetrics has none, linear and quadratic")
    k = classes(array(case, "y1"), array(case, "y2"), case["params"].get("labels"))
    return [call(FC.multiclass_cohen_kappa, k.preds, k.target, num_classes=k.num_classes, weights=weights)], \
        lambda r: r[0]


def hamming_calls(case: dict):
    """hamming_loss: the fraction of wrong labels, torchmetrics's micro hamming distance."""
    check_keys(case, {"y_true", "y_pred"}, set())
    ml = indicator(case)
    if ml is not None:
        preds, target, n = ml
        return [call(FC.multilabel_hamming_distance, preds, target, num_labels=n, average="micro")], lambda r: r[0]
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_hamming_distance, k.preds, k.target, num_classes=k.num_classes,
                 average="micro")], lambda r: r[0]


def jaccard_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"average", "labels", "zero_division", "pos_label"})
    p = case["params"]
    average = decode_param(p.get("average", "binary"))
    zd = zero_division(p)
    ml = indicator(case)
    if ml is not None:
        if "labels" in p:
            raise Skip("labels: torchmetrics's multilabel metrics score every column")
        if average not in AVERAGE:
            raise Skip(f"average={average!r}: torchmetrics's multilabel_jaccard_index has no such choice")
        preds, target, n = ml
        return [call(FC.multilabel_jaccard_index, preds, target, num_labels=n, average=AVERAGE[average],
                     zero_division=zd)], lambda r: r[0]
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    if average == "binary":
        preds, target = binary_classes(y_true, y_pred, p.get("pos_label", 1))
        return [call(FC.binary_jaccard_index, preds, target, zero_division=zd)], lambda r: r[0]
    if average not in AVERAGE:
        raise Skip(f"average={average!r}: no such choice for label vectors in torchmetrics")
    k = classes(y_true, y_pred, p.get("labels"))
    return [call(FC.multiclass_jaccard_index, k.preds, k.target, num_classes=k.num_classes,
                 average=AVERAGE[average], zero_division=zd)], lambda r: r[0]


def multilabel_confusion_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"samplewise"})
    if decode_param(case["params"].get("samplewise", False)) is not False:
        raise Skip("samplewise=True: torchmetrics's multilabel_confusion_matrix is per label only")
    ml = indicator(case)
    if ml is None:
        raise Skip("label vectors: torchmetrics's multilabel_confusion_matrix takes indicator matrices only")
    preds, target, n = ml
    # [[tn, fp], [fn, tp]] per label in both libraries.
    return [call(FC.multilabel_confusion_matrix, preds, target, num_labels=n)], lambda r: r[0]


# --------------------------------------------------------------------------- scores


def score_tensor(case: dict, name: str) -> torch.Tensor:
    return torch.from_numpy(array(case, name))


def binary_target(y_true: np.ndarray, pos_label, default: str) -> torch.Tensor:
    """The positive class as 1, every other as 0, by scikit-learn's rule for the metric.

    * pos_label given: that value is the positive class (one-vs-rest when there
      are more classes, as scikit-learn's curves do);
    * ``default="one"`` (average_precision_score's pos_label=1): 1 is positive
      (binary data only: multiclass labels with 1-D scores are scikit-learn's error);
    * ``default="larger"`` (roc_auc_score): of two classes, the larger is positive;
    * ``default="strict"`` (the curves, pos_label=None): only {0, 1} and {-1, 1}
      have a positive class (1).
    Label arrays that fit none of these go to torchmetrics unchanged (as integers when
    they are whole numbers), to be judged there.
    """
    if y_true.ndim != 1 or not is_labels(y_true):
        return torch.from_numpy(y_true)
    values = set(y_true.tolist())
    if pos_label is None and default == "one" and len(values) <= 2:
        pos_label = 1
    if pos_label is not None:
        return torch.from_numpy((y_true == float(decode_param(pos_label))).astype(np.int64))
    if values <= {0.0, 1.0} or values <= {-1.0, 1.0}:
        return torch.from_numpy((y_true == 1.0).astype(np.int64))
    if default == "larger" and len(values) == 2:
        return torch.from_numpy((y_true == max(values)).astype(np.int64))
    return torch.from_numpy(y_true.astype(np.int64))


def multiclass_target(case: dict, scores: torch.Tensor) -> torch.Tensor:
    """y_true's classes as column indices of y_score: the sorted classes, or labels when given."""
    y_true = array(case, "y_true")
    if not is_labels(y_true) or y_true.ndim != 1:
        raise Skip("y_true that is not a vector of class labels")
    labels = case["params"].get("labels")
    order = sorted(set(y_true.tolist())) if labels is None else \
        [float(v) for v in decode_numeric(labels, "labels")]
    if order != sorted(order):
        raise Skip("labels not in sorted order: torchmetrics's columns are classes 0..C-1 in order")
    if len(order) != scores.shape[1] or not set(y_true.tolist()) <= set(order) or len(set(order)) != len(order):
        raise Skip("classes that do not match y_score's columns one to one: torchmetrics needs one column per class")
    index = {v: i for i, v in enumerate(order)}
    return torch.tensor([index[v] for v in y_true.tolist()], dtype=torch.long)


def roc_auc_calls(case: dict):
    check_keys(case, {"y_true", "y_score"}, {"average", "multi_class", "max_fpr", "labels"})
    p = case["params"]
    scores = score_tensor(case, "y_score")
    y_true = array(case, "y_true")
    average = decode_param(p.get("average", "macro"))
    if y_true.ndim == 2:  # multilabel indicator
        if "labels" in p or "multi_class" in p or "max_fpr" in p:
            raise Skip("labels, multi_class or max_fpr with multilabel targets: not mapped")
        if average not in AVERAGE and average != "samples":
            raise Skip(f"average={average!r}: no such choice")
        if average == "samples":
            raise Skip("average='samples': torchmetrics's multilabel_auroc has no such choice")
        return [call(FC.multilabel_auroc, scores, torch.from_numpy(y_true.astype(np.int64)),
                     num_labels=y_true.shape[1], average=AVERAGE[average])], lambda r: r[0]
    if scores.ndim == 1:
        if "labels" in p:
            raise Skip("labels with a binary y_score: not mapped")
        kw = {}
        if "max_fpr" in p and decode_param(p["max_fpr"]) is not None:
            kw["max_fpr"] = decode_param(p["max_fpr"])
        return [call(FC.binary_auroc, scores, binary_target(y_true, None, "larger"), **kw)], lambda r: r[0]
    multi_class = decode_param(p.get("multi_class", "raise"))
    if multi_class != "ovr":
        raise Skip(f"multi_class={multi_class!r}: torchmetrics's multiclass_auroc is one-vs-rest only")
    if "max_fpr" in p:
        raise Skip("max_fpr with multiclass scores: torchmetrics's multiclass_auroc has no max_fpr")
    if average not in ("macro", "weighted", None):
        raise Skip(f"average={average!r}: torchmetrics's multiclass_auroc has macro, weighted and none only")
    target = multiclass_target(case, scores)
    return [call(FC.multiclass_auroc, scores, target, num_classes=scores.shape[1],
                 average=AVERAGE[average])], lambda r: r[0]


def average_precision_calls(case: dict):
    check_keys(case, {"y_true", "y_score"}, {"average", "pos_label"})
    p = case["params"]
    scores = score_tensor(case, "y_score")
    y_true = array(case, "y_true")
    average = decode_param(p.get("average", "macro"))
    if y_true.ndim == 2:
        if average == "samples" or average not in AVERAGE:
            raise Skip(f"average={average!r}: torchmetrics's multilabel_average_precision has no such choice")
        return [call(FC.multilabel_average_precision, scores, torch.from_numpy(y_true.astype(np.int64)),
                     num_labels=y_true.shape[1], average=AVERAGE[average])], lambda r: r[0]
    if scores.ndim == 1:
        return [call(FC.binary_average_precision, scores, binary_target(y_true, p.get("pos_label"), "one"))], \
            lambda r: r[0]
    if "pos_label" in p:
        raise Skip("pos_label with multiclass scores: torchmetrics's multiclass_average_precision has none")
    if average not in ("macro", "weighted", None):
        raise Skip(f"average={average!r}: torchmetrics's multiclass_average_precision has macro, weighted, none")
    target = multiclass_target(case, scores)
    return [call(FC.multiclass_average_precision, scores, target, num_classes=scores.shape[1],
                 average=AVERAGE[average])], lambda r: r[0]


def curve_calls(case: dict):
    """roc_curve, precision_recall_curve: the binary curves, every threshold kept."""
    check_keys(case, {"y_true", "y_score"}, {"pos_label", "drop_intermediate"})
    p = case["params"]
    metric = case["metric"]
    drop = decode_param(p.get("drop_intermediate", metric == "roc_curve"))
    if drop is not False:
        raise Skip("drop_intermediate=True: torchmetrics keeps every threshold")
    scores = score_tensor(case, "y_score")
    target = binary_target(array(case, "y_true"), p.get("pos_label"), "strict")
    fn = FC.binary_roc if metric == "roc_curve" else FC.binary_precision_recall_curve
    return [call(fn, scores, target)], lambda r: list(r[0])


def top_k_calls(case: dict):
    check_keys(case, {"y_true", "y_score"}, {"k", "normalize", "labels"})
    p = case["params"]
    if decode_param(p.get("normalize", True)) is not True:
        raise Skip("normalize=False (a count): torchmetrics's accuracy is always a fraction")
    scores = score_tensor(case, "y_score")
    if scores.ndim != 2:
        raise Skip("a 1-D y_score (binary): torchmetrics's top_k needs one score column per class")
    target = multiclass_target(case, scores)
    k = decode_param(p.get("k", 2))
    return [call(FC.multiclass_accuracy, scores, target, num_classes=scores.shape[1], top_k=k,
                 average="micro")], lambda r: r[0]


def calibration_calls(case: dict):
    """expected_calibration_error: torchmetrics's calibration_error, L1 norm, uniform bins."""
    check_keys(case, {"y_true", "y_prob"}, {"confidence", "n_bins", "strategy", "pos_label", "labels"})
    p = case["params"]
    if decode_param(p.get("strategy", "uniform")) != "uniform":
        raise Skip("strategy='quantile': torchmetrics's bins are uniform only")
    n_bins = decode_param(p.get("n_bins", 5))
    probs = torch.from_numpy(array(case, "y_prob"))
    confidence = decode_param(p.get("confidence"))
    if confidence == "positive":
        if "labels" in p:
            raise Skip("labels with confidence='positive': not mapped")
        target = binary_target(array(case, "y_true"), p.get("pos_label"), "strict")
        return [call(FC.binary_calibration_error, probs, target, n_bins=n_bins, norm="l1")], lambda r: r[0]
    if confidence == "top-label":
        if "pos_label" in p or probs.ndim != 2:
            raise Skip("pos_label or 1-D y_prob with confidence='top-label': not mapped")
        target = multiclass_target(case, probs)
        return [call(FC.multiclass_calibration_error, probs, target, num_classes=probs.shape[1], n_bins=n_bins,
                     norm="l1")], lambda r: r[0]
    raise Skip(f"confidence={confidence!r}: no such choice in torchmetrics")


# --------------------------------------------------------------------------- dispatch

MAPPERS = {
    "accuracy_score": accuracy_calls,
    "confusion_matrix": confusion_calls,
    **{m: prf_calls for m in PRF},
    "mean_squared_error": per_output_calls,
    "root_mean_squared_error": per_output_calls,
    "mean_absolute_error": per_output_calls,
    "mean_absolute_percentage_error": pooled_calls,
    "mean_squared_log_error": pooled_calls,
    "r2_score": variance_calls,
    "explained_variance_score": variance_calls,
    "matthews_corrcoef": mcc_calls,
    "hamming_loss": hamming_calls,
    "cohen_kappa_score": kappa_calls,
    "jaccard_score": jaccard_calls,
    "multilabel_confusion_matrix": multilabel_confusion_calls,
    "roc_auc_score": roc_auc_calls,
    "average_precision_score": average_precision_calls,
    "roc_curve": curve_calls,
    "precision_recall_curve": curve_calls,
    "top_k_accuracy_score": top_k_calls,
    "expected_calibration_error": calibration_calls,
}

# What torchmetrics lacks, with the reason given in the answer.
NO_SUCH = {
    "max_error": "torchmetrics has no max_error",
    "median_absolute_error": "torchmetrics has no median_absolute_error",
    "root_mean_squared_log_error": "torchmetrics has no root_mean_squared_log_error",
    "balanced_accuracy_score": "torchmetrics has no balanced accuracy (its macro recall leaves out other classes)",
    "zero_one_loss": "torchmetrics has no zero_one_loss",
    "classification_report": "torchmetrics has no classification_report",
    "log_loss": "torchmetrics has no log_loss",
    "brier_score_loss": "torchmetrics has no brier_score_loss",
    "calibration_curve": "torchmetrics has no calibration_curve (only the calibration error)",
}


def plain(value):
    """A torchmetrics result as plain numpy/Python, for to_json."""
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().numpy()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def library_error(exc: BaseException) -> dict:
    """torchmetrics (or torch under it) refused the input: its own exception, as the answer."""
    return {"type": type(exc).__name__, "message": str(exc).strip().splitlines()[0] if str(exc).strip() else ""}


def run(case: dict) -> dict:
    metric = case["metric"]
    if metric in NO_SUCH:
        return {"skipped": NO_SUCH[metric]}
    mapper = MAPPERS.get(metric)
    if mapper is None:
        return {"skipped": f"no such metric in this port: torchmetrics has no {metric}"}
    try:
        calls, shape = mapper(case)
    except Skip as skip:
        return {"skipped": str(skip)}
    # Everything below is the library's: its values, or its exception.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            functional = [c.functional() for c in calls]
        except Exception as exc:  # noqa: BLE001 - the library's answer is this error
            answer = {"error": library_error(exc)}
            try:
                [c.with_class() for c in calls]
                answer["x-class-api"] = "no error"
                print(f"{case['id']}: functional raised {type(exc).__name__}, class API did not", file=sys.stderr)
            except Exception:  # noqa: BLE001
                pass
            return answer
        try:
            via_class = to_json(plain(shape([c.with_class() for c in calls])))
            # float32 arithmetic in two batches may round differently: compare at float32 precision
            agree = compare(decode_numeric(to_json(plain(shape(functional)))), decode_numeric(via_class), 1e-6, 1e-7)
            class_note = None if agree else via_class
        except Exception as exc:  # noqa: BLE001
            class_note = f"{type(exc).__name__}: {exc}"
    for w in caught:
        print(f"{case['id']}: {w.category.__name__}: {w.message}", file=sys.stderr)
    answer = {"value": to_json(plain(shape(functional)))}
    if class_note is not None:
        answer["x-class-api"] = class_note
        print(f"{case['id']}: class API disagrees: {class_note}", file=sys.stderr)
    return answer


def implementation() -> dict:
    return {
        "name": "torchmetrics",
        "version": torchmetrics.__version__,
        "language": "python",
        "language_version": platform.python_version(),
        "torch": torch.__version__,
        "api": "functional (answers); class API cross-checked",
        "homepage": "https://lightning.ai/docs/torchmetrics/",
        "source": "https://github.com/Lightning-AI/torchmetrics",
        "issues": "https://github.com/Lightning-AI/torchmetrics/issues",
    }


def main() -> int:
    torch.set_num_threads(1)
    out = sys.stdout
    for line in sys.stdin:
        message = loads(line)
        cmd = message.get("cmd")
        if cmd == "run":
            try:
                answer = run(message["case"])
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter, not the library's answer
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True,
                                    "traceback": traceback.format_exc()}}
            answer["seq"] = message["seq"]
        elif cmd == "start":
            answer = {"protocol": 1, "implementation": implementation()}
        elif cmd == "stop":
            out.flush()
            os._exit(0)  # torch's interpreter shutdown can take seconds; nothing is left to write
        else:
            print(f"torchmetrics adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
