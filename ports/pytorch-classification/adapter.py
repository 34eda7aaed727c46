"""Protocol 2 adapter for the PyTorch classification family in metrics.py (docs/protocol.md; README.md here).

One JSON message per stdin line, one answer per stdout line.  A run message carries the metric, its
inputs and its params (and, for label metrics, the input ``form`` and the streaming ``batches`` this
port declares in port.yaml); the adapter reads nothing else of it.  For each one it

1. maps scikit-learn's metric and keywords to one metric of the family and its config
   (``recall_score(average="macro")`` -> ``macro_recall``, ``k`` -> ``TopKConfig.k``, ...), and
   answers ``skipped`` for a metric, keyword or keyword value the family does not have;
2. builds the tensors the family reads: one head whose columns are the scores (label metrics: the
   score matrix the harness sent; score metrics: ``y_score``/``y_proba``/``y_prob`` as stored), and a
   target block of one column holding the class index of each sample.  For score metrics the class of
   each column is scikit-learn's (``labels``, or the sorted classes of ``y_true``) and ``y_true`` is
   turned into column indices when it names the columns one to one; otherwise it is passed as it is,
   for the family to read as class indices or refuse.  ``cohen_kappa_score``'s second rater becomes a
   one-hot score matrix (an arg-max metric reads it back exactly);
3. updates the metric batch by batch (label metrics arrive cut into batches), computes, and
   cross-checks ``merge``: one accumulator per batch, merged, must hold exactly the same state;
4. answers the computed value in scikit-learn's shape, or the family's exception as an ``error`` with
   its real class name.  A ValueError raised by a ``raise`` statement in metrics.py is the family
   refusing the input (port.yaml ``refusals``); any other exception is a crash, marked ``uncaught``.

It never computes a metric itself: every number in an answer is one that the family returned.
"""

from __future__ import annotations

import functools
import json
import math
import os
import platform
import sys
import traceback

import numpy as np
import torch

import metrics as family
from conformance.encoding import NONFINITE, decode_numeric, decode_param, loads, to_json

_dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode
LIBRARY = os.path.abspath(family.__file__)


class Skip(Exception):
    """The family cannot express this call; the message is the reason."""


class MergeMismatch(Exception):
    """Merged per-batch accumulators disagree with the batch-by-batch updates: a fault of the family."""


# --------------------------------------------------------------------------- keywords

NAN = float("nan")
#: scikit-learn's default value of each keyword the family has no equivalent for: a call that passes
#: exactly the default asks for nothing else, any other value is skipped.
DEFAULTS = {
    "sample_weight": None, "normalize": True, "zero_division": "warn", "pos_label": 1, "weights": None,
    "replace_undefined_by": NAN, "strategy": "uniform", "labels": None,
}


def same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


def check_keywords(metric: str, inputs: dict, params: dict, takes: set[str], reasons: dict[str, str] | None = None):
    """Skip a call that gives a keyword (or an input) the family cannot carry, unless at scikit-learn's default."""
    reasons = reasons or {}
    given = {k: decode_param(v) for k, v in params.items()}
    given.update({k: v for k, v in inputs.items() if k == "sample_weight"})
    for key, value in given.items():
        if key in takes:
            continue
        if key in DEFAULTS and same(value, DEFAULTS[key]):
            continue
        if key == "sample_weight":
            raise Skip("sample_weight: the family takes no sample weights (its accumulators count samples)")
        raise Skip(reasons.get(key) or f"{key}={value!r}: {metric} has no equivalent for it in the family")


# --------------------------------------------------------------------------- inputs


def is_number(v) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)) or (isinstance(v, str) and v in NONFINITE)


def label_vector(values, name: str) -> list:
    if not isinstance(values, list) or any(isinstance(v, list) for v in values):
        raise Skip(f"{name} is not a vector of labels: the family's heads are multiclass, one class index per sample")
    return values


def target_block(values: list, name: str) -> torch.Tensor:
    """A label vector as the target block [B, 1] (float64: whole numbers are class indices)."""
    if not all(is_number(v) for v in values):
        bad = next(v for v in values if not is_number(v))
        raise Skip(f"{name} holds {bad!r}: the family's target column holds class indices (numbers)")
    return torch.tensor(decode_numeric(values, name), dtype=torch.float64).reshape(-1, 1)


def score_matrix(values, name: str) -> torch.Tensor:
    """A (n, K) score matrix, K >= 2; a vector or a single column is not the family's layout."""
    try:
        array = np.asarray(decode_numeric(values, name), dtype=float)
    except ValueError as exc:
        raise Skip(f"{name} is not a rectangular matrix of numbers ({exc})") from None
    if array.ndim != 2 or array.shape[1] < 2:
        raise Skip(f"{name} is not a matrix of two or more columns: one score per sample (a binary positive-class "
                   "score) is not the family's layout, whose heads have one column per class")
    return torch.from_numpy(array)


def columns(y_true: list, k: int, classes: list | None) -> torch.Tensor:
    """y_true as the target block of a head of k columns.  ``classes``: the class of each column as
    scikit-learn defines it (None: the sorted classes of y_true).  When they name the k columns one to
    one and every y_true value is one of them, each value becomes its column's index; otherwise (or
    when y_true holds numbers that are not whole, which are not class labels) the values go to the
    family as they are: class indices, or something it refuses."""
    finite = [v for v in y_true if not (isinstance(v, str) and v in NONFINITE)]
    if not all(isinstance(v, str) or float(v).is_integer() for v in finite):
        return target_block(y_true, "y_true")  # not class labels (2.5): for the family to read or refuse
    try:
        order = sorted(set(finite)) if classes is None else list(classes)
    except TypeError:
        raise Skip("y_true mixes strings and numbers: no column order") from None
    if len(order) == k and len(set(order)) == k and len(finite) == len(y_true) and set(finite) <= set(order):
        index = {v: i for i, v in enumerate(order)}
        return torch.tensor([index[v] for v in y_true], dtype=torch.float64).reshape(-1, 1)
    return target_block(y_true, "y_true")


def distinct(labels) -> list:
    labels = list(labels)
    if len(set(labels)) != len(labels):
        raise Skip("labels with repeated values: they name no column order, and the family has no labels keyword")
    return labels


# --------------------------------------------------------------------------- the family's calls


def feed(make, out: torch.Tensor, target: torch.Tensor, batches: list[int] | None):
    """The metric after updating it batch by batch (cuts ``batches``), cross-checked against merging
    one accumulator per batch."""
    if len(target) != len(out) or not batches:  # lengths that differ have no common cuts: one update
        pieces = [(out, target)]
    else:
        cuts = [0, *batches, out.shape[0]]
        pieces = [(out[a:b], target[a:b]) for a, b in zip(cuts, cuts[1:])]
    metric = make()
    for o, t in pieces:
        metric.update(o, t)
    if len(pieces) > 1:
        merged = functools.reduce(lambda a, b: a.merge(b), [make().update(o, t) for o, t in pieces])
        for s, m in zip(metric.state, merged.state):
            if not torch.equal(s, m):
                raise MergeMismatch(f"merged per-batch state {m.tolist()} differs from batch-by-batch {s.tolist()}")
    return metric


def value_of(metric) -> float | list:
    result = metric.compute()[0]
    return result.item() if result.numel() == 1 and metric.name != "per_class_recall" else result.tolist()


# --------------------------------------------------------------------------- label metrics (scores form)


def label_call(metric: str, inputs: dict, params: dict, form: dict | None, batches):
    """The harness sends y_pred as an (n, C) score matrix (port.yaml forms) and y_true as labels."""
    if not form or form.get("y_pred") != "scores":
        raise Skip("y_pred sent as labels: the family reads score columns (port.yaml declares forms: scores)")
    k = int(form["classes"])
    rows = decode_numeric(inputs["y_pred"], "y_pred")
    out = torch.tensor(rows, dtype=torch.float64).reshape(-1, k)
    target = target_block(label_vector(inputs["y_true"], "y_true"), "y_true")
    p = {key: decode_param(v) for key, v in params.items()}
    no_labels = "labels: the family has no labels keyword (a head's classes are its columns)"
    if metric == "accuracy_score":
        check_keywords(metric, inputs, params, set(), {
            "normalize": "normalize=False: the family's accuracy (top-k with k=1) is a fraction, not a count"})
        make = lambda: family.MetricFactory.create("top_k_acc", [k], k=1)  # noqa: E731
    elif metric == "balanced_accuracy_score":
        check_keywords(metric, inputs, params, {"adjusted"})
        make = lambda: family.MetricFactory.create("balanced_acc", [k], adjusted=p.get("adjusted", False))  # noqa: E731
    elif metric == "confusion_matrix":
        check_keywords(metric, inputs, params, {"normalize"}, {"labels": no_labels})
        if p.get("normalize") is not None:
            raise Skip("normalize: the family's confusion matrix is counts")
        metric_ = lambda: family.ConfusionMetric([k])  # noqa: E731 - the accumulator itself
        return [feed(metric_, out, target, batches).confusion[0].tolist()]
    elif metric in ("f1_score", "recall_score"):
        average = p.get("average", "binary")
        if same(p.get("zero_division"), NAN):
            # scikit-learn's NaN rule (an undefined score is NaN, left out of the mean) is the family's own
            # rule: the family's call is the same, with nothing to pass.
            params = {key: v for key, v in params.items() if key != "zero_division"}
        check_keywords(metric, inputs, params, {"average", "pos_label"}, {
            "labels": no_labels,
            "zero_division": "zero_division=0 or 1: the family has no such keyword (a class with no support is "
                             "NaN, left out of the macro mean)"})
        names = {("f1_score", "macro"): "macro_f1", ("recall_score", "macro"): "macro_recall",
                 ("recall_score", None): "per_class_recall"}
        name = names.get((metric, average))
        if name is None:
            have = "macro" if metric == "f1_score" else "macro and per class"
            raise Skip(f"average={average!r}: the family's {metric.split('_')[0]} is {have} only")
        make = lambda: family.MetricFactory.create(name, [k])  # noqa: E731
    else:
        raise Skip(f"the family has no {metric}")
    return [value_of(feed(make, out, target, batches))]


def kappa_call(inputs: dict, params: dict):
    check_keywords("cohen_kappa_score", inputs, params, set(), {
        "labels": "labels: the family has no labels keyword (a head's classes are its columns)",
        "weights": "weights: the family's Cohen's kappa is unweighted",
        "replace_undefined_by": "replace_undefined_by: the family has no such keyword (an undefined kappa is NaN)"})
    y1, y2 = label_vector(inputs["y1"], "y1"), label_vector(inputs["y2"], "y2")
    if not all(is_number(v) and v not in NONFINITE for v in y2) and not all(isinstance(v, str) for v in y2):
        raise Skip("y2 holds values that are not labels: no one-hot score row to build")
    # A non-finite y1 value (stored as "NaN", "Infinity", "-Infinity") is a number, not a class: it names no
    # column of y2's one-hot rows, and columns() hands y1 to the family as it is, to read or refuse.
    classes_of_y1 = {v for v in y1 if not (isinstance(v, str) and v in NONFINITE)}
    try:
        classes = sorted(classes_of_y1 | set(y2))
    except TypeError:
        raise Skip("y1 and y2 mix strings and numbers: no column order") from None
    index = {v: i for i, v in enumerate(classes)}
    k = max(len(classes), 1)
    out = torch.zeros(len(y2), k, dtype=torch.float64)
    if y2:
        out[torch.arange(len(y2)), torch.tensor([index[v] for v in y2])] = 1.0
    target = columns(y1, k, classes if classes else None)
    return [value_of(feed(lambda: family.MetricFactory.create("cohen_kappa", [k]), out, target, None))]


# --------------------------------------------------------------------------- score metrics


def score_call(metric: str, inputs: dict, params: dict):
    p = {key: decode_param(v) for key, v in params.items()}
    if metric == "top_k_accuracy_score":
        check_keywords(metric, inputs, params, {"k", "labels"}, {
            "normalize": "normalize=False: the family's top-k accuracy is a fraction, not a count"})
        out = score_matrix(inputs["y_score"], "y_score")
        labels = p.get("labels")
        if labels is not None and list(labels) != sorted(labels):
            raise Skip("labels not in sorted order: they name no column order (the family has no labels keyword)")
        classes = None if labels is None else distinct(labels)
        target = columns(label_vector(inputs["y_true"], "y_true"), out.shape[1], classes)
        make = lambda: family.MetricFactory.create("top_k_acc", [out.shape[1]], k=p.get("k", 2))  # noqa: E731
    elif metric == "log_loss":
        check_keywords(metric, inputs, params, {"labels"}, {
            "normalize": "normalize=False: the family's cross-entropy is a mean, not a sum"})
        out = score_matrix(inputs["y_proba"], "y_proba")
        labels = p.get("labels")
        classes = None if labels is None else sorted(distinct(labels))
        target = columns(label_vector(inputs["y_true"], "y_true"), out.shape[1], classes)
        # y_proba holds probabilities: the family's from_logits=False reads them as they are.
        make = lambda: family.MetricFactory.create("cross_entropy", [out.shape[1]], from_logits=False)  # noqa: E731
    elif metric == "expected_calibration_error":
        confidence = p.get("confidence")
        if confidence != "top-label":
            raise Skip(f"confidence={confidence!r}: the family's ECE is the top-label confidence's only")
        check_keywords(metric, inputs, params, {"confidence", "n_bins", "labels"}, {
            "strategy": "strategy='quantile': the family's ECE bins are equal-width only",
            "pos_label": "pos_label: the family's ECE is the top-label confidence's only"})
        out = score_matrix(inputs["y_prob"], "y_prob")
        labels = p.get("labels")
        classes = None if labels is None else distinct(labels)
        target = columns(label_vector(inputs["y_true"], "y_true"), out.shape[1], classes)
        n_bins = p.get("n_bins", 5)  # the spec's default; the family's own is 15
        make = lambda: family.MetricFactory.create("ece", [out.shape[1]], from_logits=False, n_bins=n_bins)  # noqa: E731
    elif metric == "average_precision_score":
        check_keywords(metric, inputs, params, {"average"}, {
            "pos_label": "pos_label: the family's AUPRC is macro over the columns (no positive class)"})
        if p.get("average", "macro") != "macro":
            raise Skip(f"average={p['average']!r}: the family's AUPRC is macro only")
        out = score_matrix(inputs["y_score"], "y_score")
        y_true = inputs["y_true"]
        if isinstance(y_true, list) and any(isinstance(v, list) for v in y_true):
            raise Skip("y_true is an indicator matrix: the family's heads are multiclass, one class index per sample")
        target = columns(label_vector(y_true, "y_true"), out.shape[1], None)
        make = lambda: family.MetricFactory.create("auprc", [out.shape[1]], from_logits=False)  # noqa: E731
    else:
        raise Skip(f"the family has no {metric}")
    return [value_of(feed(make, out, target, None))]


LABEL_METRICS = {"accuracy_score", "balanced_accuracy_score", "confusion_matrix", "f1_score", "recall_score"}
SCORE_METRICS = {"top_k_accuracy_score", "log_loss", "expected_calibration_error", "average_precision_score"}
#: What the family has no metric for, with the reason.
NOT_IN_FAMILY = {
    "precision_score": "the family has no precision metric (only F1 and recall read precision's counts)",
    "fbeta_score": "the family has no F-beta (its F1 is macro only)",
    "precision_recall_fscore_support": "the family has no precision/recall/F tuple",
    "zero_one_loss": "the family has no zero-one loss",
    "hamming_loss": "the family has no Hamming loss",
    "jaccard_score": "the family has no Jaccard index",
    "matthews_corrcoef": "the family has no Matthews correlation",
    "multilabel_confusion_matrix": "the family's heads are multiclass: no per-label matrices",
    "classification_report": "the family has no classification report",
    "roc_auc_score": "the family has no ROC AUC",
    "roc_curve": "the family has no ROC curve",
    "precision_recall_curve": "the family has no precision-recall curve (only its binned area, AUPRC)",
    "brier_score_loss": "the family has no Brier score",
    "calibration_curve": "the family has no calibration curve (only the calibration error)",
}


def call(metric: str, inputs: dict, params: dict, form: dict | None, batches) -> list:
    """[value] from the family, or Skip; the family's exceptions propagate."""
    if metric in LABEL_METRICS:
        return label_call(metric, inputs, params, form, batches)
    if metric == "cohen_kappa_score":
        return kappa_call(inputs, params)
    if metric in SCORE_METRICS:
        return score_call(metric, inputs, params)
    if metric in NOT_IN_FAMILY:
        raise Skip(NOT_IN_FAMILY[metric])
    raise Skip(f"the family has no {metric}: it is a classification family")


def family_error(exc: BaseException) -> dict:
    """The family's exception as the answer.  A refusal when a ``raise`` statement in metrics.py threw
    it; anything else (an error inside a torch operation, this adapter's own bug) is marked uncaught."""
    text = str(exc).strip()
    error = {"type": type(exc).__name__, "message": text.splitlines()[0] if text else ""}
    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    deliberate = (last is not None and os.path.abspath(last.filename) == LIBRARY
                  and (last.line or "").lstrip().startswith("raise"))
    if not deliberate:
        error["uncaught"] = True
        error["where"] = f"{last.filename}:{last.lineno}: {last.line}" if last is not None else "?"
    return error


def run(message: dict) -> dict:
    """The answer to one run message: its metric, inputs, params, form and batches are read."""
    try:
        result = call(message["metric"], message["inputs"], message["params"], message.get("form"),
                      message.get("batches"))
    except Skip as skip:
        return {"skipped": str(skip)}
    except Exception as exc:  # noqa: BLE001 - the family's answer is this error (or its crash)
        return {"error": family_error(exc)}
    return {"value": to_json(result[0])}


def implementation() -> dict:
    return {
        "name": "pytorch-classification",
        "version": family.__version__,
        "language": "python",
        "language_version": platform.python_version(),
        "torch": torch.__version__,
        "source": "ports/pytorch-classification/metrics.py",
    }


def main() -> int:
    torch.set_num_threads(1)
    out = sys.stdout
    for line in sys.stdin:
        message = loads(line)
        cmd = message.get("cmd")
        if cmd == "run":
            try:
                answer = run({k: message[k] for k in ("metric", "inputs", "params", "form", "batches") if k in message})
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter, not the family's answer
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True,
                                    "traceback": traceback.format_exc()}}
            answer["seq"] = message["seq"]
        elif cmd == "start":
            answer = {"protocol": 2, "implementation": implementation()}
        elif cmd == "stop":
            out.flush()
            os._exit(0)
        else:
            print(f"pytorch-classification adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
