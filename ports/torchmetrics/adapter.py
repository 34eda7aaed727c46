"""Protocol 2 adapter for torchmetrics (docs/protocol.md, ports/torchmetrics/README.md).

One JSON message per stdin line, one answer per stdout line.  A run message
carries the metric, its inputs and its params, and the adapter reads nothing
else of it.  For each one the adapter

1. maps scikit-learn's metric to torchmetrics's functional API, and its
   keywords to torchmetrics's (``average=None`` -> ``"none"``, ``labels`` ->
   ``num_classes``, ``zero_division="warn"`` -> 0, ...), answering
   ``skipped`` when torchmetrics has no way to say it;
2. turns the label arrays into what torchmetrics takes: class *indices*
   0..K-1 in a long tensor, K being ``num_classes`` (see ``Classes``);
   regression targets into float64 tensors.  A call with a string in its
   inputs (string labels, or a word where a number belongs) is skipped:
   tensors hold numbers only;
3. calls the functional API, and the class API on the same inputs (one
   Metric object, fed in two ``update()`` batches, then ``compute()``);
4. answers the functional result in scikit-learn's shape, or the library's
   exception as an ``error`` with its real class name.  An exception raised
   by a ``raise`` statement in torchmetrics or torch is the library refusing
   the input (port.yaml ``refusals``); one raised anywhere else (inside a
   torch operation, or in this adapter's own code) is a crash and is marked
   ``uncaught``.

It never computes a metric itself: every number in an answer is one that a
torchmetrics call returned (at most picked out of its result: the support
column of stat scores, the rows of the classes scikit-learn reports).  Where the two APIs disagree the answer says so
(``x-class-api``) and a line goes to stderr, the answer staying the
functional one.
"""

from __future__ import annotations

import json
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

import clustering  # ports/torchmetrics/clustering.py, beside this file
import deviances  # ports/torchmetrics/deviances.py, beside this file
import extras  # ports/torchmetrics/extras.py: the classification extras (hinge_loss)
import ranking  # ports/torchmetrics/ranking.py, beside this file
from conformance.compare import compare
from conformance.encoding import decode_numeric, decode_param, loads, to_json
from conformance.properties import strings

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
    FC.multilabel_precision: C.MultilabelPrecision,
    FC.multilabel_recall: C.MultilabelRecall,
    FC.multilabel_f1_score: C.MultilabelF1Score,
    FC.multilabel_fbeta_score: C.MultilabelFBetaScore,
    FC.multilabel_stat_scores: C.MultilabelStatScores,
    FC.multilabel_exact_match: C.MultilabelExactMatch,
    FC.multiclass_exact_match: C.MulticlassExactMatch,
    FC.multilabel_matthews_corrcoef: C.MultilabelMatthewsCorrCoef,
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
    ``keep`` is how many leading classes scikit-learn reports: fewer than
    num_classes when ``labels`` leaves out observed classes (they take the
    last indices) or when there is one class (index 1 is a class absent from
    the data: torchmetrics's smallest num_classes is 2).
    """

    preds: torch.Tensor
    target: torch.Tensor
    num_classes: int
    keep: int = 0
    subset: bool = False  # labels left out observed classes: only per-class counts are unchanged


def classes(y_true: np.ndarray, y_pred: np.ndarray, labels=None, per_class: bool = False) -> Classes:
    """``per_class``: the answer has one entry per class (average=None, a confusion matrix), so the
    classes scikit-learn reports can be picked from torchmetrics's result (``keep``).

    Label arrays of any matching shape are mapped element by element (2-D arrays are
    torchmetrics's "multidim" multiclass input, scikit-learn's multiclass-multioutput).
    """
    if not (is_labels(y_true) and is_labels(y_pred)):
        # NaN, infinities, 2.5: not class labels, so there is no index to map
        # them to.  Hand torchmetrics the float tensor as it is, with as many
        # classes as distinct values, and let its own validation answer.
        k = max(len(set(y_true.ravel().tolist()) | set(y_pred.ravel().tolist())), 2)
        return Classes(torch.from_numpy(y_pred), torch.from_numpy(y_true), k, k)
    observed = sorted(set(y_true.ravel().tolist()) | set(y_pred.ravel().tolist()))
    subset = False
    if labels is None:
        order = observed
    else:
        order = [float(v) for v in np.asarray(decode_numeric(labels, "labels"), dtype=float).ravel()]
        if len(set(order)) != len(order):
            raise Skip("labels with repeated values: torchmetrics has no labels parameter, and its class "
                       "indices are distinct")
        if not order:
            raise Skip("labels=[]: torchmetrics has no labels parameter, and no empty class set")
        left_out = sorted(set(observed) - set(order))
        if left_out:
            if not per_class:
                raise Skip("labels that leave out an observed class, with an averaged result: torchmetrics has "
                           "no labels parameter, and its averages and counts run over all num_classes classes")
            subset = True
    keep = len(order)
    if subset:
        order = order + left_out  # the left-out classes take the last indices; their rows are not reported
    if not observed:
        # Empty input has no class set; declare the smallest num_classes torchmetrics accepts.
        return Classes(torch.zeros(y_pred.shape, dtype=torch.long), torch.zeros(y_true.shape, dtype=torch.long),
                       2, 2)
    # One class: torchmetrics's smallest num_classes is 2, index 1 being a class absent from the
    # data, which adds nothing to accuracy or a micro average, which its macro and weighted
    # averages leave out, and whose row a per-class result does not report.
    index = {v: i for i, v in enumerate(order)}
    as_index = lambda a: torch.tensor([index[v] for v in a.ravel().tolist()], dtype=torch.long).reshape(a.shape)  # noqa: E731
    return Classes(as_index(y_pred), as_index(y_true), max(len(order), 2), keep, subset)


def multilabel_or_multioutput(case: dict):
    """2-D label arrays: indicator matrices (0/1) as multilabel input (a tuple, see multilabel()),
    or multiclass-multioutput arrays (whole numbers, not all 0/1, same shape) as torchmetrics's
    multidim multiclass input (Classes); None for label vectors."""
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    if (y_true.ndim == 2 and y_pred.ndim == 2 and y_true.shape == y_pred.shape and y_true.size
            and is_labels(y_true) and is_labels(y_pred)
            and not (np.isin(y_true, (0, 1)).all() and np.isin(y_pred, (0, 1)).all())):
        return classes(y_true, y_pred)
    return multilabel(case)


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
    """zero_division: "warn" is 0 with a warning in scikit-learn; every other value is passed on.

    torchmetrics documents 0 or 1; NaN (and any other value) goes to torchmetrics as
    the float it is, for its own functions to use or refuse: the functional precision
    and recall use it as given, F-beta, F1 and the class API refuse anything but 0 and 1.
    """
    z = decode_param(params.get("zero_division", "warn"))
    return 0.0 if z == "warn" else z


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
PRF_FN = {  # (multiclass, binary, multilabel) per score
    "precision": (FC.multiclass_precision, FC.binary_precision, FC.multilabel_precision),
    "recall": (FC.multiclass_recall, FC.binary_recall, FC.multilabel_recall),
    "f1": (FC.multiclass_f1_score, FC.binary_f1_score, FC.multilabel_f1_score),
    "fbeta": (FC.multiclass_fbeta_score, FC.binary_fbeta_score, FC.multilabel_fbeta_score),
}
NO_SAMPLES_AVERAGE = ("average='samples' with indicator matrices: torchmetrics has no mean over samples "
                      "(multidim_average='samplewise' of its binary metrics gives one score per sample, "
                      "not their mean)")


def average_of(value):
    """scikit-learn's average as torchmetrics's: None -> "none"; any other value is passed on as it is,
    for torchmetrics to take or refuse ("binary" and "samples" are not its multiclass/multilabel choices)."""
    return AVERAGE.get(value, value) if isinstance(value, (str, type(None))) else value


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
    ml, k = multilabel(case), None
    if ml is not None:
        # Indicator matrices: torchmetrics's multilabel functions, one label per column.
        if average == "samples":
            raise Skip(NO_SAMPLES_AVERAGE)
        preds, target, n = ml
        for name in wanted:
            kw = f_kw if name in ("fbeta", "f1") else {}
            calls.append(call(PRF_FN[name][2], preds, target, num_labels=n, average=average_of(average),
                              zero_division=zd, **kw))
        if prfs and average is None:  # support: the sup column of stat_scores, per label
            calls.append(call(FC.multilabel_stat_scores, preds, target, num_labels=n, average="none"))
    elif average == "binary":
        k = None
        preds, target = binary_classes(y_true, y_pred, p.get("pos_label", 1))
        for name in wanted:
            kw = f_kw if name in ("fbeta", "f1") else {}
            calls.append(call(PRF_FN[name][1], preds, target, zero_division=zd, **kw))
        if prfs:
            calls.append(call(FC.binary_stat_scores, preds, target))
    else:
        k = classes(y_true, y_pred, p.get("labels"), per_class=average is None)
        for name in wanted:
            kw = f_kw if name in ("fbeta", "f1") else {}
            calls.append(call(PRF_FN[name][0], k.preds, k.target, num_classes=k.num_classes,
                              average=average_of(average), zero_division=zd, **kw))
        if prfs and average is None:  # support: the sup column of stat_scores, per class
            calls.append(call(FC.multiclass_stat_scores, k.preds, k.target, num_classes=k.num_classes,
                              average="none"))

    # Per class (average=None, label vectors): the classes scikit-learn reports are the first k.keep.
    # A class's precision, recall and F depend on its own counts only.
    keep = k.keep if (ml is None and average is None) else None

    def shape(results):
        results = [r[:keep] if keep is not None else r for r in results]
        if not prfs:
            return results[0]
        p_, r_, f_ = results[:3]
        # stat_scores columns: tp, fp, tn, fn, sup; scikit-learn's averaged tuple has support None
        support = results[3][:, 4] if average is None else None
        return [p_, r_, f_, support]

    return calls, shape


def normalize_of(case: dict) -> bool:
    normalize = decode_param(case["params"].get("normalize", True))
    if normalize not in (True, False) or isinstance(normalize, (int, float)) and not isinstance(normalize, bool):
        raise Skip(f"normalize={normalize!r}: neither a fraction nor a count")
    return normalize


def count_calls(case: dict, column: int, what: str):
    """normalize=False, label vectors: a count of samples, from torchmetrics's micro stat scores
    (tp: the samples predicted right, fn: those predicted wrong)."""
    ml = multilabel_or_multioutput(case)
    if ml is not None:
        raise Skip(f"normalize=False with 2-D label arrays: torchmetrics counts no {what} samples "
                   "(its exact match is a fraction)")
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_stat_scores, k.preds, k.target, num_classes=k.num_classes, average="micro")], \
        lambda r: r[0][column]


def accuracy_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"normalize"})
    if not normalize_of(case):
        return count_calls(case, 0, "rightly predicted")
    ml = multilabel_or_multioutput(case)
    # 2-D label arrays: scikit-learn's accuracy is the subset accuracy, torchmetrics's exact match.
    if isinstance(ml, tuple):
        preds, target, n = ml
        return [call(FC.multilabel_exact_match, preds, target, num_labels=n)], lambda r: r[0]
    if ml is not None:
        return [call(FC.multiclass_exact_match, ml.preds, ml.target, num_classes=ml.num_classes)], lambda r: r[0]
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    # scikit-learn's accuracy is the fraction of samples predicted right: torchmetrics's micro accuracy.
    return [call(FC.multiclass_accuracy, k.preds, k.target, num_classes=k.num_classes, average="micro")], \
        lambda r: r[0]


def zero_one_calls(case: dict):
    """zero_one_loss of label vectors: the fraction of samples predicted wrong, which is torchmetrics's
    micro hamming distance on multiclass input (scikit-learn: "In multiclass classification, the Hamming
    loss corresponds to the Hamming distance between y_true and y_pred which is equivalent to the subset
    zero_one_loss function")."""
    check_keys(case, {"y_true", "y_pred"}, {"normalize"})
    if not normalize_of(case):
        return count_calls(case, 3, "wrongly predicted")
    if multilabel_or_multioutput(case) is not None:
        raise Skip("zero_one_loss of 2-D label arrays: 1 - subset accuracy, and torchmetrics has only the "
                   "subset accuracy (exact match)")
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_hamming_distance, k.preds, k.target, num_classes=k.num_classes,
                 average="micro")], lambda r: r[0]


def balanced_accuracy_calls(case: dict):
    """balanced_accuracy_score: the mean of the per-class recalls, torchmetrics's macro recall."""
    check_keys(case, {"y_true", "y_pred"}, {"adjusted"})
    if decode_param(case["params"].get("adjusted", False)) is not False:
        raise Skip("adjusted=True: torchmetrics has no chance-adjusted balanced accuracy")
    if multilabel_or_multioutput(case) is not None:
        raise Skip("2-D label arrays: torchmetrics's multilabel recall is per label, not scikit-learn's "
                   "balanced accuracy (which refuses them)")
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_recall, k.preds, k.target, num_classes=k.num_classes, average="macro")], \
        lambda r: r[0]


NORMALIZE = {None: None, "true": "true", "pred": "pred", "all": "all"}


def confusion_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"labels", "normalize"})
    normalize = decode_param(case["params"].get("normalize"))
    if normalize not in NORMALIZE:
        raise Skip(f"no normalize={normalize!r} in torchmetrics")
    k = classes(array(case, "y_true"), array(case, "y_pred"), case["params"].get("labels"), per_class=True)
    if k.subset:
        raise Skip("labels that leave out an observed class: torchmetrics has no labels parameter, and its "
                   "confusion matrix covers every class in the data (and is normalized over all of them)")
    # Rows are true classes, columns predicted ones, in both libraries; with one class, scikit-learn's
    # 1x1 matrix is the first row and column (the second class is absent from the data).
    return [call(FC.multiclass_confusion_matrix, k.preds, k.target, num_classes=k.num_classes,
                 normalize=NORMALIZE[normalize])], lambda r: r[0][: k.keep, : k.keep]


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


def label_tensor(a: np.ndarray) -> torch.Tensor:
    """Labels as a long tensor when they are whole numbers, else the float tensor they are."""
    return torch.from_numpy(a.astype(np.int64) if is_labels(a) else a)


def multilabel(case: dict) -> tuple[torch.Tensor, torch.Tensor, int] | None:
    """2-D label arrays (multilabel indicator matrices) as torchmetrics's multilabel input, or None.

    Either array 2-D is enough: both go to torchmetrics as they are (whole numbers as a long
    tensor), with num_labels the number of columns, and torchmetrics validates them (values
    other than 0/1, mismatched shapes).  ``labels`` picks and orders the columns scikit-learn
    scores: each label is scored from its own column alone, so torchmetrics gets those columns.
    """
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    if y_true.ndim != 2 and y_pred.ndim != 2:
        return None
    n = (y_true if y_true.ndim == 2 else y_pred).shape[1]
    labels = case["params"].get("labels")
    if labels is not None:
        if y_true.ndim != 2 or y_pred.ndim != 2 or y_true.shape[1] != y_pred.shape[1]:
            raise Skip("labels with label arrays of different shapes: torchmetrics has no labels parameter, "
                       "so there are no columns to pick")
        cols = np.asarray(decode_numeric(labels, "labels"), dtype=float).ravel()
        if not (is_labels(cols) and np.all(cols >= 0) and np.all(cols < n)):
            raise Skip("labels outside the indicator matrix's columns 0..n-1: torchmetrics has no labels "
                       "parameter, so there is no column to pick")
        pick = cols.astype(np.int64)
        y_true, y_pred, n = y_true[:, pick], y_pred[:, pick], len(pick)
    return label_tensor(y_pred), label_tensor(y_true), n


def mcc_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, set())
    ml = multilabel(case)
    if ml is not None:  # indicator matrices: torchmetrics's multilabel MCC (scikit-learn refuses them)
        preds, target, n = ml
        return [call(FC.multilabel_matthews_corrcoef, preds, target, num_labels=n)], lambda r: r[0]
    k = classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_matthews_corrcoef, k.preds, k.target, num_classes=k.num_classes)], lambda r: r[0]


def kappa_calls(case: dict):
    """cohen_kappa_score(y1, y2): y1 as target, y2 as preds (the statistic is symmetric)."""
    check_keys(case, {"y1", "y2"}, {"labels", "weights"})
    weights = decode_param(case["params"].get("weights"))
    y1, y2 = array(case, "y1"), array(case, "y2")
    if y1.ndim != 1 or y2.ndim != 1:
        raise Skip("2-D label arrays: torchmetrics has no multilabel Cohen's kappa")
    k = classes(y1, y2, case["params"].get("labels"))
    return [call(FC.multiclass_cohen_kappa, k.preds, k.target, num_classes=k.num_classes, weights=weights)], \
        lambda r: r[0]


def hamming_calls(case: dict):
    """hamming_loss: the fraction of wrong labels, torchmetrics's micro hamming distance."""
    check_keys(case, {"y_true", "y_pred"}, set())
    ml = multilabel_or_multioutput(case)
    if isinstance(ml, tuple):
        preds, target, n = ml
        return [call(FC.multilabel_hamming_distance, preds, target, num_labels=n, average="micro")], lambda r: r[0]
    k = ml if ml is not None else classes(array(case, "y_true"), array(case, "y_pred"))
    return [call(FC.multiclass_hamming_distance, k.preds, k.target, num_classes=k.num_classes,
                 average="micro")], lambda r: r[0]


def jaccard_calls(case: dict):
    check_keys(case, {"y_true", "y_pred"}, {"average", "labels", "zero_division", "pos_label"})
    p = case["params"]
    average = decode_param(p.get("average", "binary"))
    zd = zero_division(p)
    ml = multilabel(case)
    if ml is not None:
        if average == "samples":
            raise Skip(NO_SAMPLES_AVERAGE)
        preds, target, n = ml
        return [call(FC.multilabel_jaccard_index, preds, target, num_labels=n, average=average_of(average),
                     zero_division=zd)], lambda r: r[0]
    y_true, y_pred = array(case, "y_true"), array(case, "y_pred")
    if average == "binary":
        preds, target = binary_classes(y_true, y_pred, p.get("pos_label", 1))
        return [call(FC.binary_jaccard_index, preds, target, zero_division=zd)], lambda r: r[0]
    k = classes(y_true, y_pred, p.get("labels"), per_class=average is None)
    return [call(FC.multiclass_jaccard_index, k.preds, k.target, num_classes=k.num_classes,
                 average=average_of(average), zero_division=zd)], \
        (lambda r: r[0][: k.keep]) if average is None else (lambda r: r[0])


def multilabel_confusion_calls(case: dict):
    """multilabel_confusion_matrix: [[tn, fp], [fn, tp]] per label (or per class, or per sample)."""
    check_keys(case, {"y_true", "y_pred"}, {"samplewise", "labels"})
    samplewise = decode_param(case["params"].get("samplewise", False))
    ml = multilabel(case)
    if ml is None:
        # Label vectors: one-vs-rest per class, torchmetrics's per-class stat scores
        # (columns tp, fp, tn, fn, support) in scikit-learn's [[tn, fp], [fn, tp]] layout.
        # samplewise=True is passed on as multidim_average="samplewise" (for torchmetrics to judge).
        k = classes(array(case, "y_true"), array(case, "y_pred"), case["params"].get("labels"), per_class=True)
        kw = {"multidim_average": "samplewise"} if samplewise is True else {}
        # A class's one-vs-rest counts do not depend on the other classes: the first rows are scikit-learn's.
        return [call(FC.multiclass_stat_scores, k.preds, k.target, num_classes=k.num_classes, average="none",
                     **kw)], lambda r: stat_scores_as_mcm(r[0])[: k.keep]
    preds, target, n = ml
    if samplewise is True:
        # Per sample over its labels: torchmetrics's binary stat scores with one value per
        # (sample, label), multidim_average="samplewise" (one row of counts per sample).
        return [call(FC.binary_stat_scores, preds, target, multidim_average="samplewise")], \
            lambda r: stat_scores_as_mcm(r[0])
    # [[tn, fp], [fn, tp]] per label in both libraries.
    return [call(FC.multilabel_confusion_matrix, preds, target, num_labels=n)], lambda r: r[0]


def stat_scores_as_mcm(stats: torch.Tensor) -> torch.Tensor:
    """Rows of stat_scores (tp, fp, tn, fn, support) as 2x2 matrices [[tn, fp], [fn, tp]]."""
    return stats[:, [2, 1, 3, 0]].reshape(-1, 2, 2)


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
        # Not a vector of class labels (2.5, NaN, a matrix): no column to map it to; torchmetrics judges it.
        return torch.from_numpy(y_true)
    labels = case["params"].get("labels")
    order = sorted(set(y_true.tolist())) if labels is None else \
        [float(v) for v in decode_numeric(labels, "labels")]
    if order != sorted(order):
        raise Skip("labels not in sorted order: torchmetrics's columns are classes 0..C-1 in order")
    if len(order) != scores.shape[1] or not set(y_true.tolist()) <= set(order) or len(set(order)) != len(order):
        raise Skip("classes that do not match y_score's columns one to one: torchmetrics needs one column per class")
    index = {v: i for i, v in enumerate(order)}
    return torch.tensor([index[v] for v in y_true.tolist()], dtype=torch.long)


def one_hot(target: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    """Class indices as an indicator matrix with one column per score column (a target that is not
    class indices goes to torchmetrics as it is, to be judged there)."""
    if target.dtype != torch.long:
        return target
    return torch.nn.functional.one_hot(target, num_classes=scores.shape[1])


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
    target = multiclass_target(case, scores)
    if average == "micro":
        # scikit-learn's micro one-vs-rest AUC binarizes y_true (one column per class) and pools every
        # (sample, class) pair: torchmetrics's micro multilabel AUROC of the one-hot target.
        return [call(FC.multilabel_auroc, scores, one_hot(target, scores), num_labels=scores.shape[1],
                     average="micro")], lambda r: r[0]
    if average not in ("macro", "weighted", None):
        raise Skip(f"average={average!r}: torchmetrics's multiclass_auroc has macro, weighted and none, "
                   "its multilabel_auroc micro too, and neither a mean over samples")
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
    target = multiclass_target(case, scores)
    if average == "micro":
        # As roc_auc_score's micro: the one-hot target, every (sample, class) pair pooled.
        return [call(FC.multilabel_average_precision, scores, one_hot(target, scores), num_labels=scores.shape[1],
                     average="micro")], lambda r: r[0]
    if average not in ("macro", "weighted", None):
        raise Skip(f"average={average!r}: torchmetrics's average precision has no mean over samples")
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
    normalize = normalize_of(case)
    scores = score_tensor(case, "y_score")
    if scores.ndim != 2:
        raise Skip("a 1-D y_score (binary): torchmetrics's top_k needs one score column per class")
    target = multiclass_target(case, scores)
    k = decode_param(p.get("k", 2))
    if not normalize:
        # A count: the samples whose class is among the top k, torchmetrics's micro tp with top_k.
        return [call(FC.multiclass_stat_scores, scores, target, num_classes=scores.shape[1], top_k=k,
                     average="micro")], lambda r: r[0][0]
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
        if "pos_label" in p:
            raise Skip("pos_label with confidence='top-label': torchmetrics's multiclass calibration error has "
                       "no positive class")
        if probs.ndim != 2:
            raise Skip("a 1-D y_prob with confidence='top-label': no class columns to map y_true onto "
                       "(torchmetrics's multiclass calibration error takes one column per class)")
        target = multiclass_target(case, probs)
        return [call(FC.multiclass_calibration_error, probs, target, num_classes=probs.shape[1], n_bins=n_bins,
                     norm="l1")], lambda r: r[0]
    raise Skip(f"confidence={confidence!r}: torchmetrics's calibration error is binary (the positive class) "
               "or multiclass (the top label), and the adapter needs one of the two")


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
    "zero_one_loss": zero_one_calls,
    "balanced_accuracy_score": balanced_accuracy_calls,
    "expected_calibration_error": calibration_calls,
}

# What torchmetrics lacks, with the reason given in the answer.
NO_SUCH = {
    "max_error": "torchmetrics has no max_error",
    "median_absolute_error": "torchmetrics has no median_absolute_error",
    "root_mean_squared_log_error": "torchmetrics has no root_mean_squared_log_error",
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


LIBRARY_DIRS = tuple(os.path.dirname(m.__file__) + os.sep for m in (torchmetrics, torch))


def library_error(exc: BaseException) -> dict:
    """An exception from a torchmetrics call, as the answer: its real class name and first line.

    It is the library refusing the input when a ``raise`` statement in torchmetrics's (or
    torch's) Python code threw it: the innermost frame of the traceback is in their source and
    its line is a ``raise``.  Anything else (an error thrown inside a torch operation, a
    reshape or an index that went wrong) is a crash of the library and is marked uncaught.
    """
    error = {"type": type(exc).__name__, "message": str(exc).strip().splitlines()[0] if str(exc).strip() else ""}
    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    deliberate = (last is not None and os.path.abspath(last.filename).startswith(LIBRARY_DIRS)
                  and (last.line or "").lstrip().startswith("raise"))
    if not deliberate:
        error["uncaught"] = True
        error["where"] = f"{last.filename}:{last.lineno}: {last.line}" if last is not None else "?"
    return error


#: The reason a call with a string in its inputs is skipped (the input property ``strings``, docs/ports.md):
#: a string label (docs/decisions/0033) or a word where a number belongs.
STRINGS = ("a string in the inputs: torchmetrics takes tensors, which hold numbers only (its classes and "
           "clusters are integer indices, so string labels have no tensor to go in)")


def run(case: dict, tag: str) -> dict:
    """One run message's metric, inputs and params (``case``); ``tag`` names it on stderr."""
    metric = case["metric"]
    if metric in NO_SUCH:
        return {"skipped": NO_SUCH[metric]}
    if metric in clustering.NO_SUCH:
        return {"skipped": clustering.NO_SUCH[metric]}
    mapper = MAPPERS.get(metric)
    if metric in clustering.PAIRS or metric in clustering.POINTS:
        mapper = lambda case: clustering.calls(case, Call, Skip)  # noqa: E731
    if metric in deviances.NO_SUCH:
        return {"skipped": deviances.NO_SUCH[metric]}
    if metric in deviances.POWER:
        mapper = lambda case: deviances.calls(case, Call, Skip)  # noqa: E731
    if metric in extras.NO_SUCH:
        return {"skipped": extras.NO_SUCH[metric]}
    if metric == extras.HINGE:
        mapper = lambda case: extras.calls(case, Call, Skip)  # noqa: E731
    if metric in ranking.NO_SUCH:
        return {"skipped": ranking.NO_SUCH[metric]}
    if metric in ranking.METRICS:
        mapper = lambda case: ranking.calls(case, Call, Skip)  # noqa: E731
    if mapper is None:
        return {"skipped": f"no such metric in this port: torchmetrics has no {metric}"}
    if strings(case["inputs"]):
        return {"skipped": STRINGS}
    try:
        calls, shape = mapper(case)
    except Skip as skip:
        return {"skipped": str(skip)}
    # Everything below is the library's: its values, or its exception.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            functional = [c.functional() for c in calls]
        except Exception as exc:  # noqa: BLE001 - the library's answer is this error (or its crash)
            answer = {"error": library_error(exc)}
            try:
                [c.with_class() for c in calls]
                answer["x-class-api"] = "no error"
                print(f"{tag}: functional raised {type(exc).__name__}, class API did not", file=sys.stderr)
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
        print(f"{tag}: {w.category.__name__}: {w.message}", file=sys.stderr)
    # shape() is this adapter's code: an exception here propagates and is answered as uncaught.
    answer = {"value": to_json(plain(shape(functional)))}
    if class_note is not None:
        answer["x-class-api"] = class_note
        print(f"{tag}: class API disagrees: {class_note}", file=sys.stderr)
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
                # Protocol 2: the metric, its inputs and its params; nothing else of the message is read.
                case = {"metric": message["metric"], "inputs": message["inputs"], "params": message["params"]}
                answer = run(case, f"seq {message['seq']} ({message['metric']})")
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter, not the library's answer
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True,
                                    "traceback": traceback.format_exc()}}
            answer["seq"] = message["seq"]
        elif cmd == "start":
            answer = {"protocol": 2, "implementation": implementation()}
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
