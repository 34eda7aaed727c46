"""Protocol 2 adapter for River's online metrics (docs/protocol.md, docs/streaming.md; README.md here).

One JSON message per stdin line, one answer per stdout line.  A run message carries the metric, its
inputs, its params and (port.yaml declares ``streaming: true``) the ``batches`` its label-metric
samples are cut into; the adapter reads nothing else of it.  For each one it

1. maps scikit-learn's metric and keywords to one River metric object (``recall_score(average=
   "macro")`` -> ``river.metrics.MacroRecall()``, ``pos_label`` -> ``pos_val``, ``beta`` -> ``beta``),
   answering ``skipped`` when River has no way to say it;
2. feeds the samples to a fresh object one at a time with ``update(y_true, y_pred, w=...)``, in
   order, batch after batch, reading ``get()`` at the end of every batch (a streaming reader looks
   at the value mid-stream; the reads must not disturb the state);
3. answers the last ``get()`` (for a per-class answer, one binary object per class; for a confusion
   matrix, the object's counts in scikit-learn's class order), or the library's exception as an
   ``error`` with its real class name.  An exception that a ``raise`` statement in River threw is
   the library refusing the input (port.yaml ``refusals``); any other (``math.log`` of a negative
   number, a division by zero inside a metric) is a crash and is marked ``uncaught``.

It never computes a metric itself: every number in an answer is one that a River object returned.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import traceback

import river
from river import metrics as M

from conformance.encoding import NONFINITE, decode_param, loads, to_json

_dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode
RIVER_DIR = os.path.dirname(river.__file__) + os.sep


class Skip(Exception):
    """River cannot express this case; the message is the reason."""


# --------------------------------------------------------------------------- inputs


def values(value):
    """A corpus array as Python values: numbers stay numbers (the three strings become floats), labels
    that are strings stay strings, nested lists stay nested."""
    if isinstance(value, list):
        return [values(v) for v in value]
    if isinstance(value, str) and value in NONFINITE:
        return NONFINITE[value]
    return value


def flat(a) -> bool:
    return isinstance(a, list) and not any(isinstance(v, list) for v in a)


def check_keys(case: dict, inputs: set[str], params: dict) -> None:
    """Skip a case that uses an input or keyword this mapping does not carry over.  ``params`` maps each
    keyword River has no equivalent for to scikit-learn's default: a case passing that value asks for
    nothing else and runs."""
    extra = sorted(k for k, v in case["inputs"].items() if k not in inputs and v is not None)
    if extra:
        raise Skip(f"no River equivalent for {', '.join(extra)}")
    for key, value in case["params"].items():
        if key in params:
            v = decode_param(value)
            if v != params[key]:
                said = f"{key} given as a list" if isinstance(v, list) else f"{key}={v!r}"
                raise Skip(f"{said}: River's {case['metric']} has no such choice")
        elif key not in case.get("_mapped", ()):
            raise Skip(f"no River equivalent for {case['metric']}'s {key}")


def stream(case: dict, true_name: str, pred_name: str, batches=None):
    """The (y_true, y_pred, w) samples in order, cut into batches (a list of lists of samples)."""
    inputs = case["inputs"]
    y_true, y_pred = values(inputs[true_name]), values(inputs[pred_name])
    w = values(inputs.get("sample_weight")) if inputs.get("sample_weight") is not None else None
    if not isinstance(y_true, list) or not isinstance(y_pred, list):
        raise Skip("a scalar input: River's metrics are fed samples")
    if len(y_true) != len(y_pred) or (w is not None and len(w) != len(y_true)):
        # River reads one sample at a time and has no whole array whose lengths it could compare:
        # zip() would drop the tail of the longer one, which is the adapter's doing, not River's.
        raise Skip("arrays of different lengths: River is fed one (y_true, y_pred) pair at a time, so there is "
                   "no pair to feed for the samples of the longer array")
    samples = list(zip(y_true, y_pred, w if w is not None else [1.0] * len(y_true)))
    cuts = [0, *(batches or []), len(samples)]
    return [samples[a:b] for a, b in zip(cuts, cuts[1:])], w is not None


# --------------------------------------------------------------------------- label metrics

#: River's class per (score, average) of scikit-learn's.
PRF_CLASSES = {
    "precision": {"binary": M.Precision, "macro": M.MacroPrecision, "micro": M.MicroPrecision,
                  "weighted": M.WeightedPrecision},
    "recall": {"binary": M.Recall, "macro": M.MacroRecall, "micro": M.MicroRecall, "weighted": M.WeightedRecall},
    "f1": {"binary": M.F1, "macro": M.MacroF1, "micro": M.MicroF1, "weighted": M.WeightedF1},
    "fbeta": {"binary": M.FBeta, "macro": M.MacroFBeta, "micro": M.MicroFBeta, "weighted": M.WeightedFBeta},
    "jaccard": {"binary": M.Jaccard, "macro": M.MacroJaccard, "micro": M.MicroJaccard,
                "weighted": M.WeightedJaccard},
}
ZERO_DIVISION = ("River's precision, recall, F and Jaccard scores are 0 on a zero division (a ZeroDivisionError "
                 "caught in get()); there is no zero_division={}")


def observed_classes(batches) -> list:
    seen = {v for batch in batches for t, p, _ in batch for v in (t, p)}
    try:
        return sorted(seen)
    except TypeError:
        raise Skip("labels of mixed types: no class order to report per-class results in") from None


def score_objects(score: str, average, params: dict, classes_of):
    """One River object (a single answer) or a list of them (average=None: one binary object per class)."""
    kw = {"beta": decode_param(params.get("beta", 1.0))} if score == "fbeta" else {}
    if average is None:
        return [PRF_CLASSES[score]["binary"](pos_val=c, **kw) for c in classes_of()]
    if average == "binary":
        return PRF_CLASSES[score]["binary"](pos_val=decode_param(params.get("pos_label", 1)), **kw)
    if average not in PRF_CLASSES[score]:
        raise Skip(f"average={average!r}: River has binary, macro, micro and weighted scores only")
    return PRF_CLASSES[score][average](**kw)


def label_call(case: dict, batches_cut):
    """(objects, shape): the River objects to feed with the samples, and how their values form the answer."""
    metric, p = case["metric"], case["params"]
    true_name, pred_name = ("y1", "y2") if metric == "cohen_kappa_score" else ("y_true", "y_pred")
    batches, weighted = stream(case, true_name, pred_name, batches_cut)
    if any(not flat(values(case["inputs"][n])) for n in (true_name, pred_name)):
        raise Skip("2-D label arrays (multilabel or multioutput): not mapped to river.metrics.multioutput")
    classes_of = lambda: observed_classes(batches)  # noqa: E731
    labels = decode_param(p.get("labels"))
    if labels is not None and values(labels) != classes_of():
        # River's classes are the labels it has seen; a labels list that is exactly those, in sorted order,
        # asks for nothing else, and runs.
        raise Skip("labels other than the observed classes in sorted order: River's metrics have no class list; "
                   "their classes are the labels seen")
    case["_mapped"] = {"labels"}  # labels=None, as scikit-learn's default
    if metric in ("precision_score", "recall_score", "f1_score", "fbeta_score", "jaccard_score",
                  "precision_recall_fscore_support"):
        prfs = metric == "precision_recall_fscore_support"
        case["_mapped"] |= {"average", "pos_label", "beta", "zero_division"}
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, {})
        zd = decode_param(p.get("zero_division", "warn"))
        if zd not in ("warn", 0, 0.0):
            raise Skip(ZERO_DIVISION.format(zd))
        average = decode_param(p.get("average", None if prfs else "binary"))
        if average == "samples":
            raise Skip("average='samples': River's label metrics have no mean over samples")
        if average == "binary" and "pos_label" in p and decode_param(p["pos_label"]) is None:
            raise Skip("pos_label=None: River's binary metrics need a positive value")
        if not prfs:
            score = {"precision_score": "precision", "recall_score": "recall", "f1_score": "f1",
                     "fbeta_score": "fbeta", "jaccard_score": "jaccard"}[metric]
            return batches, score_objects(score, average, p, classes_of)
        beta = decode_param(p.get("beta", 1.0))
        if average is None:
            # Per class: River's binary precision, recall and F-beta, and the support is the class's row
            # of River's confusion matrix (its sum_row), read from the same stream.
            cm = M.ConfusionMatrix()
            per_class = [[M.Precision(cm=cm, pos_val=c), M.Recall(cm=cm, pos_val=c), M.FBeta(beta, cm=cm, pos_val=c)]
                         for c in classes_of()]
            return batches, PRFS(cm, per_class, classes_of())
        objs = [score_objects(s, average, {**p, "beta": beta}, classes_of) for s in ("precision", "recall", "fbeta")]
        return batches, objs + [None]
    if metric == "accuracy_score":
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, {"normalize": True})
        return batches, M.Accuracy()
    if metric == "balanced_accuracy_score":
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, {"adjusted": False})
        return batches, M.BalancedAccuracy()
    if metric == "cohen_kappa_score":
        check_keys(case, {"y1", "y2", "sample_weight"}, {"weights": None, "replace_undefined_by": 0.0})
        return batches, M.CohenKappa()
    if metric == "matthews_corrcoef":
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, {})
        classes = classes_of()
        if len(classes) > 2:
            raise Skip("more than two classes: River's MCC is binary (one positive value)")
        # scikit-learn's binary MCC is symmetric in the two classes: the greater one is River's pos_val.
        return batches, M.MCC(pos_val=classes[-1] if classes else 1)
    if metric == "confusion_matrix":
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, {"normalize": None})
        return batches, Confusion(classes_of())
    raise Skip(f"no such metric in this port: River has no {metric}")


class PRFS:
    """precision_recall_fscore_support(average=None): per-class binary objects sharing one confusion matrix."""

    def __init__(self, cm, per_class, classes):
        self.cm, self.per_class, self.classes = cm, per_class, classes

    def update(self, t, p, w=1.0):
        self.cm.update(t, p, w=w)  # the per-class objects read this shared matrix

    def get(self):
        rows = [[o.get() for o in objs] for objs in self.per_class]
        return [[r[i] for r in rows] for i in range(3)] + [[self.cm.sum_row[c] for c in self.classes]]


class Confusion:
    """River's ConfusionMatrix, read back in scikit-learn's order (rows y_true, columns y_pred, sorted classes)."""

    def __init__(self, classes):
        self.cm, self.classes = M.ConfusionMatrix(), classes

    def update(self, t, p, w=1.0):
        self.cm.update(t, p, w=w)

    def get(self):
        return [[self.cm[t][p] for p in self.classes] for t in self.classes]


# --------------------------------------------------------------------------- regression

REGRESSION = {
    "mean_absolute_error": M.MAE, "mean_squared_error": M.MSE, "root_mean_squared_error": M.RMSE,
    "root_mean_squared_log_error": M.RMSLE, "r2_score": M.R2, "mean_absolute_percentage_error": M.MAPE,
}


def regression_call(case: dict):
    metric = case["metric"]
    defaults = {"multioutput": "uniform_average"}
    if metric == "r2_score":
        defaults["force_finite"] = True
    check_keys(case, {"y_true", "y_pred", "sample_weight"}, defaults)
    batches, _ = stream(case, "y_true", "y_pred")
    if any(isinstance(v, list) for batch in batches for s in batch for v in s[:2]):
        raise Skip("2-D targets (several outputs): River's regression metrics take one number per sample")
    return batches, REGRESSION[metric]()


# --------------------------------------------------------------------------- scores


def binary_scores(case: dict, score_name: str):
    """(batches, pos): y_true as River's booleans (True: the positive class) and 1-D scores."""
    batches, _ = stream(case, "y_true", score_name)
    if all(isinstance(s, list) and len(s) == 1 for b in batches for _, s, _ in b) and any(batches):
        # A column vector (n, 1) is one probability per sample, as scikit-learn reads it.
        batches = [[(t, s[0], w) for t, s, w in b] for b in batches]
    y_true = [t for b in batches for t, _, _ in b]
    if any(isinstance(t, list) for t in y_true):
        raise Skip("2-D y_true (an indicator matrix): River's LogLoss, CrossEntropy and ROC AUC take one label per sample")
    try:
        classes = sorted(set(y_true))
    except TypeError:
        raise Skip("labels of mixed types: no class order to pick the positive class or the columns of the "
                   "scores") from None
    if any(isinstance(s, list) for b in batches for _, s, _ in b):
        return batches, None
    if len(classes) > 2:
        raise Skip("more than two classes with 1-D scores")
    return batches, classes


def score_call(case: dict):
    metric, p = case["metric"], case["params"]
    if metric == "roc_auc_score":
        if case["inputs"].get("sample_weight") is not None:
            raise Skip("sample_weight: River's RollingROCAUC takes no weights (works_with_weights is False)")
        check_keys(case, {"y_true", "y_score"}, {"max_fpr": None, "average": "macro", "multi_class": "raise"})
        batches, classes = binary_scores(case, "y_score")
        if classes is None:
            raise Skip("2-D y_score (multiclass or multilabel): River's ROC AUC is binary")
        pos = classes[-1] if classes else 1  # scikit-learn's positive class: the greater label
        n = sum(len(b) for b in batches)
        # RollingROCAUC over a window that holds every sample is the exact AUC of the whole stream
        # (river.metrics.ROCAUC is an approximation over n_thresholds fixed thresholds).
        batches = [[(t == pos, s, w) for t, s, w in b] for b in batches]
        return batches, NoWeight(M.RollingROCAUC(window_size=max(n, 1), pos_val=True))
    if metric == "log_loss":
        check_keys(case, {"y_true", "y_proba", "sample_weight"}, {"normalize": True, "labels": None})
        batches, classes = binary_scores(case, "y_proba")
        if classes is None:
            # (n, C) probabilities: River's CrossEntropy takes a {class: probability} dict per sample, the
            # columns being the sorted classes of y_true, as scikit-learn reads them.
            y_true = sorted({t for b in batches for t, _, _ in b})
            batches = [[(t, dict(zip(y_true, s)), w) for t, s, w in b] for b in batches]
            return batches, M.CrossEntropy()
        pos = classes[-1] if classes else 1
        batches = [[(t == pos, s, w) for t, s, w in b] for b in batches]
        return batches, M.LogLoss()
    raise Skip(f"no such metric in this port: River has no {metric}")


class NoWeight:
    """A River object whose update takes no w (RollingROCAUC): fed only unweighted cases."""

    def __init__(self, obj):
        self.obj = obj

    def update(self, t, p, w=1.0):
        self.obj.update(t, p)

    def get(self):
        return self.obj.get()


# --------------------------------------------------------------------------- dispatch

LABEL_METRICS = {"accuracy_score", "balanced_accuracy_score", "cohen_kappa_score", "matthews_corrcoef",
                 "confusion_matrix", "precision_score", "recall_score", "f1_score", "fbeta_score",
                 "jaccard_score", "precision_recall_fscore_support"}
NO_SUCH = {
    "zero_one_loss": "River has no zero_one_loss (its Accuracy is the fraction right)",
    "hamming_loss": "River has no hamming_loss",
    "mean_squared_log_error": "River has no mean_squared_log_error (only its root, RMSLE)",
    "explained_variance_score": "River has no explained_variance_score",
    "max_error": "River has no max_error",
    "median_absolute_error": "River has no median_absolute_error",
    "classification_report": "River's ClassificationReport is a printed table, not scikit-learn's report",
    "multilabel_confusion_matrix": "not mapped: River's MultiLabelConfusionMatrix takes one {label: bool} dict per sample",
    "brier_score_loss": "River has no brier_score_loss",
    "calibration_curve": "River has no calibration_curve",
    "expected_calibration_error": "River has no calibration error",
    "average_precision_score": "River has no average precision (RollingPRAUC is the area under the interpolated "
                               "precision-recall curve, another quantity)",
    "precision_recall_curve": "River has no precision_recall_curve",
    "roc_curve": "River has no roc_curve (only the area)",
    "top_k_accuracy_score": "River has no top_k_accuracy_score",
}


def call(case: dict, batches):
    metric = case["metric"]
    if metric in NO_SUCH:
        raise Skip(NO_SUCH[metric])
    if metric in LABEL_METRICS:
        return label_call(case, batches)
    if metric in REGRESSION:
        return regression_call(case)
    return score_call(case)


def library_error(exc: BaseException) -> dict:
    """River's exception as the answer.  A refusal when a ``raise`` statement in River's source threw it;
    anything else (Python arithmetic inside a metric, math.log of a negative number) is a crash."""
    error = {"type": type(exc).__name__, "message": str(exc).strip().splitlines()[0] if str(exc).strip() else ""}
    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    if not (last and os.path.abspath(last.filename).startswith(RIVER_DIR)
            and (last.line or "").lstrip().startswith("raise")):
        error["uncaught"] = True
        error["where"] = f"{last.filename}:{last.lineno}: {last.line}" if last else "?"
    return error


def feed(objects, batches):
    """Update every object with every sample, in order, batch after batch; get() after each batch."""
    live = [o for o in (objects if isinstance(objects, list) else [objects]) if o is not None]
    for batch in batches:
        for t, p, w in batch:
            for o in live:
                o.update(t, p, w=w)
        for o in live:
            o.get()
    if isinstance(objects, list):
        return [None if o is None else o.get() for o in objects]
    return objects.get()


def run(case: dict, batches) -> dict:
    try:
        objects_batches = call(case, batches)
    except Skip as skip:
        return {"skipped": str(skip)}
    samples, objects = objects_batches
    try:
        value = feed(objects, samples)
    except Exception as exc:  # noqa: BLE001 - River's answer is this error (or its crash)
        return {"error": library_error(exc)}
    return {"value": to_json(value)}


def implementation() -> dict:
    return {"name": "river", "version": river.__version__, "language": "python",
            "language_version": platform.python_version(), "api": "river.metrics objects: update(y_true, y_pred, w), get()",
            "homepage": "https://riverml.xyz/", "source": "https://github.com/online-ml/river",
            "issues": "https://github.com/online-ml/river/issues"}


def main() -> int:
    out = sys.stdout
    for line in sys.stdin:
        message = loads(line)
        cmd = message.get("cmd")
        if cmd == "run":
            try:
                case = {"metric": message["metric"], "inputs": message["inputs"], "params": message["params"]}
                answer = run(case, message.get("batches"))
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter, not River's answer
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True,
                                    "traceback": traceback.format_exc()}}
            answer["seq"] = message["seq"]
        elif cmd == "start":
            answer = {"protocol": 2, "implementation": implementation()}
        elif cmd == "stop":
            return 0
        else:
            print(f"river adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
