"""Protocol 2 adapter for CatBoost's metric code, ``catboost.utils.eval_metric`` (README.md here).

One JSON message per stdin line, one answer per stdout line.  A run message carries the metric, its
inputs and its params; the adapter reads nothing else of it.  For each one it

1. maps scikit-learn's metric and keywords to one CatBoost metric description, the string
   ``eval_metric`` takes (``f1_score(average="weighted")`` -> ``"TotalF1:average=Weighted"``,
   ``fbeta_score(beta=2)`` -> ``"F:beta=2"``; ``sample_weight`` -> ``weight`` with
   ``use_weights=true``), answering ``skipped`` when CatBoost has no way to say it;
2. turns the inputs into what ``eval_metric`` takes: ``label`` (the targets; class labels as class
   indices 0..K-1 of scikit-learn's sorted class set) and ``approx``, CatBoost's *raw* model output:
   for predicted labels, a binary case gets +1 (above the default border, predicted positive) or -1
   per sample, a multiclass case one row per sample with 1 in the predicted class's column (CatBoost
   takes the argmax); for probabilities, the logit (binary) or the log (one column per class), which
   CatBoost's sigmoid or softmax turns back into them; scores and regression predictions as they are;
3. answers what ``eval_metric`` returned (a list of one value, or one per class), or CatBoost's
   exception as an ``error`` with its real class name.  ``CatBoostError`` is what CatBoost's
   ``CB_ENSURE`` checks raise (port.yaml ``refusals``); any other exception is marked ``uncaught``.

It never computes a metric itself: every number in an answer is one that eval_metric returned.
"""

from __future__ import annotations

import json
import math
import platform
import sys
import traceback
import warnings

import catboost
import numpy as np
from catboost.utils import eval_metric

from conformance.encoding import NONFINITE, decode_param, loads, to_json
from forked import forked

_dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


class Skip(Exception):
    """CatBoost cannot express this case; the message is the reason."""


# --------------------------------------------------------------------------- inputs


def values(value):
    """A corpus array as Python values (the three non-finite strings as floats; other strings kept)."""
    if isinstance(value, list):
        return [values(v) for v in value]
    if isinstance(value, str) and value in NONFINITE:
        return NONFINITE[value]
    return value


def numbers(case: dict, name: str) -> np.ndarray:
    try:
        return np.asarray(values(case["inputs"][name]), dtype=float)
    except (TypeError, ValueError):
        raise Skip(f"{name} is not numeric: CatBoost's eval_metric takes numbers") from None


def as_given(case: dict, name: str):
    """A numeric input as floats, or, when it holds a word where a number belongs, the list as the case
    gives it: eval_metric's own conversion to float then answers (a ValueError)."""
    v = values(case["inputs"][name])
    try:
        return np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        return v


def non_finite(v) -> bool:
    return isinstance(v, float) and not math.isfinite(v)


def not_a_class(v) -> bool:
    """A label scikit-learn has no class for: NaN, an infinity, or a float with a fractional part (a continuous
    target, which scikit-learn refuses).  It reaches CatBoost as the float it is, unnumbered: CatBoost's labels
    are floats, and its own reading of them (a binary target above the border 0.5 is positive, a multiclass
    one is cast to a class index) is what the port reports."""
    return isinstance(v, float) and (not math.isfinite(v) or not v.is_integer())


def check_keys(case: dict, inputs: set[str], mapped: set[str], defaults: dict | None = None) -> None:
    """Skip an input or keyword this mapping does not carry over; a keyword at scikit-learn's default
    (``defaults``) asks for nothing else and runs."""
    extra = sorted(k for k, v in case["inputs"].items() if k not in inputs and v is not None)
    if extra:
        raise Skip(f"no CatBoost equivalent for {', '.join(extra)}")
    for key, value in case["params"].items():
        if key in mapped:
            continue
        v = decode_param(value)
        if defaults is not None and key in defaults and v == defaults[key]:
            continue
        said = f"{key} given as a list" if isinstance(v, list) else f"{key}={v!r}"
        raise Skip(f"{said}: CatBoost's {case['metric']} has no such choice")


def weight_of(case: dict):
    return None if case["inputs"].get("sample_weight") is None else as_given(case, "sample_weight")


def described(name: str, weighted: bool, **params) -> str:
    """CatBoost's metric description: ``Name:key=value;key=value``."""
    if weighted:
        params["use_weights"] = "true"
    if not params:
        return name
    return name + ":" + ";".join(f"{k}={v}" for k, v in params.items())


def class_indices(y_true, y_pred, labels) -> tuple[np.ndarray, np.ndarray, list]:
    """scikit-learn's class set (the sorted union, or ``labels`` when it is exactly that) as 0..K-1; string
    classes numbered alike, in code-point order (decision 0040).  A true label with no class (non-finite, or a
    float with a fractional part) stays the float it is: CatBoost's labels are floats, and it gets the label the
    case gives."""
    observed = sorted_classes([v for v in y_true + y_pred if not not_a_class(v)])
    if labels is not None and values(labels) != observed:
        raise Skip("labels other than the observed classes in sorted order: CatBoost's classes are the "
                   "class indices of the data; it has no class list")
    index = {v: i for i, v in enumerate(observed)}
    return (np.array([v if not_a_class(v) else index[v] for v in y_true], dtype=float),
            np.array([index[v] for v in y_pred], dtype=float), observed)


def sorted_classes(labels: list) -> list:
    """The distinct labels in scikit-learn's order (numbers by value, strings by code point)."""
    if len({isinstance(v, str) for v in labels}) > 1:
        raise Skip("labels of mixed types (strings and numbers): no class order, so no class index to give them")
    return sorted(set(labels))


def label_vectors(case: dict, a: str = "y_true", b: str = "y_pred"):
    y_true, y_pred = values(case["inputs"][a]), values(case["inputs"][b])
    if any(isinstance(v, list) for v in (y_true + y_pred if isinstance(y_true, list) else [])):
        raise Skip("2-D label arrays (multilabel or multioutput): eval_metric's labels are one class per sample "
                   "(its multilabel metrics take MultiLogloss raw scores, not predicted indicator rows)")
    if any(not_a_class(v) for v in y_pred):
        raise Skip("a non-finite or non-integer predicted label: the raw approx that predicts a class is built "
                   "from its class index, and such a label has none")
    return y_true, y_pred


def one_hot(pred: np.ndarray, k: int) -> np.ndarray:
    """Raw multiclass approxes whose argmax is the predicted class: 1 in its column, 0 elsewhere."""
    approx = np.zeros((len(pred), max(k, 2)))
    approx[np.arange(len(pred)), pred.astype(int)] = 1.0
    return approx


def signs(pred: np.ndarray, positive: float) -> np.ndarray:
    """Raw binary approxes: +1 (sigmoid 0.73, above the border 0.5) where the positive class is predicted."""
    return np.where(pred == positive, 1.0, -1.0)


# --------------------------------------------------------------------------- label metrics

PRF_NAME = {"precision_score": "Precision", "recall_score": "Recall", "f1_score": "F1", "fbeta_score": "F"}
#: What CatBoost's metric is on a zero division (metric.cpp: Precision warns and sets 0; Recall and F are 1
#: when nothing is positive); port.yaml declares these as conventions.
ZERO_DIVISION = {"precision_score": 0, "recall_score": 1, "f1_score": 1, "fbeta_score": 1}
SIMPLE = {"accuracy_score": "Accuracy", "zero_one_loss": "ZeroOneLoss", "hamming_loss": "HammingLoss",
          "matthews_corrcoef": "MCC", "balanced_accuracy_score": "BalancedAccuracy"}


def label_call(case: dict):
    metric, p = case["metric"], case["params"]
    a, b = ("y1", "y2") if metric == "cohen_kappa_score" else ("y_true", "y_pred")
    y_true, y_pred = label_vectors(case, a, b)
    w = weight_of(case)
    labels = decode_param(p.get("labels"))
    t, q, classes = class_indices(y_true, y_pred, labels)
    k = len(classes)
    if metric in SIMPLE or metric == "cohen_kappa_score":
        defaults = {"normalize": True, "adjusted": False, "weights": None, "replace_undefined_by": 0.0}
        check_keys(case, {a, b, "sample_weight"}, {"labels"}, defaults)
        name = SIMPLE.get(metric, "Kappa")
        if k <= 2 and metric != "hamming_loss":
            return [(t, signs(q, 1.0), described(name, w is not None), w)], first
        return [(t, one_hot(q, k), described(name, w is not None), w)], first
    if metric == "precision_recall_fscore_support":
        raise Skip("precision_recall_fscore_support: CatBoost has no support (per-class count) metric, so the "
                   "tuple cannot be answered whole")
    if metric in PRF_NAME:
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, {"labels", "average", "pos_label", "beta"})
        zd = decode_param(p.get("zero_division", "warn"))
        if zd != "warn" and zd != ZERO_DIVISION[metric]:
            raise Skip(f"zero_division={zd!r}: CatBoost's {PRF_NAME[metric]} is {ZERO_DIVISION[metric]} on a zero "
                       "division, with no parameter to change it")
        average = decode_param(p.get("average", "binary"))
        beta = decode_param(p.get("beta", 1.0))
        # F takes beta as a parameter; a beta CatBoost cannot parse (inf) is refused by CatBoost itself.
        name, extra = ("F", {"beta": beta}) if metric == "fbeta_score" else (PRF_NAME[metric], {})
        weighted = w is not None
        if average == "binary":
            pos = decode_param(p.get("pos_label", 1))
            if pos not in classes:
                raise Skip(f"pos_label={pos!r} is not a class of the data: there is no class index to make positive")
            if k > 2:
                raise Skip("average='binary' with more than two classes: a binary CatBoost metric reads one raw "
                           "value per sample, which cannot say which of three classes is predicted")
            tb = np.array([v if not_a_class(v) else float(v == pos) for v in y_true])
            qb = np.asarray([v == pos for v in y_pred])
            calls = [(tb, np.where(qb, 1.0, -1.0), described(name, weighted, **extra), w)]
        elif average is None:
            if k < 2:
                raise Skip("average=None with one class: CatBoost's per-class metrics need two or more classes")
            calls = [(t, one_hot(q, k), described(name, weighted, **extra), w)]
        elif metric == "f1_score" or (metric == "fbeta_score" and beta == 1):
            if average not in ("macro", "micro", "weighted"):
                raise Skip(f"average={average!r}: CatBoost's TotalF1 has Weighted, Macro and Micro")
            approx = one_hot(q, k) if k > 2 else signs(q, 1.0)
            calls = [(t, approx, described("TotalF1", weighted, average=average.capitalize()), w)]
        else:
            raise Skip(f"average={average!r}: CatBoost averages only F1 (TotalF1); its Precision, Recall and F "
                       "are binary or per class")
        return calls, first
    raise Skip(f"no such metric in this port: CatBoost has no {metric}")


def first(results):
    """One eval_metric result: a list of one value (the value) or of one per class (the list)."""
    (r,) = results
    return r[0] if len(r) == 1 else r


# --------------------------------------------------------------------------- probabilities and scores


def true_labels(case: dict) -> list:
    """y_true as the case gives it: numbers (the non-finite ones as floats) or string class labels."""
    y_true = values(case["inputs"]["y_true"])
    if any(isinstance(v, list) for v in y_true):
        raise Skip("2-D y_true: CatBoost's AUC, Logloss and BrierScore read one 0/1 target per sample")
    return y_true


def positive_target(y_true: list, pos=None) -> np.ndarray:
    """Binary targets as CatBoost's 0/1: scikit-learn's positive class is ``pos`` when given, else 1 when the
    labels are {0, 1} or {-1, 1} (or part of them), otherwise the greater label (strings by code point).  A
    label with no class (``not_a_class``) stays the float it is."""
    classes = sorted_classes([v for v in y_true if not not_a_class(v)])
    if pos is None:
        if len(classes) > 2:
            raise Skip("more than two classes with one score per sample")
        pos = 1 if set(classes) <= {0, 1} or set(classes) <= {-1, 1} else classes[-1]
    return np.array([v if not_a_class(v) else float(v == pos) for v in y_true], dtype=float)


def logit(p: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(p) - np.log1p(-p)


def score_call(case: dict):
    metric, p = case["metric"], case["params"]
    w = weight_of(case)
    weighted = w is not None
    if metric == "roc_auc_score":
        check_keys(case, {"y_true", "y_score", "sample_weight"}, set(),
                   {"average": "macro", "max_fpr": None, "multi_class": "raise"})
        scores = as_given(case, "y_score")
        y_true = true_labels(case)
        if np.ndim(scores) != 1:
            raise Skip("2-D y_score: CatBoost's multiclass AUC (type=OneVsAll) is not scikit-learn's one-vs-rest "
                       "macro mean, and the corpus's multiclass cases give multi_class, which CatBoost has not")
        target = positive_target(y_true)
        # AUC reads only the order of the approxes: the scores go in as they are.
        return [(target, scores, described("AUC", weighted), w)], first
    if metric in ("log_loss", "brier_score_loss"):
        proba = numbers(case, "y_proba")
        y_true = true_labels(case)
        if metric == "log_loss":
            check_keys(case, {"y_true", "y_proba", "sample_weight"}, set(), {"normalize": True, "labels": None})
        else:
            check_keys(case, {"y_true", "y_proba", "sample_weight"}, {"pos_label"},
                       {"labels": None, "scale_by_half": "auto"})
        if proba.ndim == 2 and proba.shape[1] == 1:
            proba = proba[:, 0]
        if proba.ndim == 1:
            pos = decode_param(p.get("pos_label"))
            if metric == "brier_score_loss" and pos is None and any(isinstance(v, str) for v in y_true):
                raise Skip("string classes without pos_label: CatBoost's BrierScore reads 0/1 targets, and which "
                           "class is 1 is the caller's choice")
            target = positive_target(y_true, pos)
            name = "Logloss" if metric == "log_loss" else "BrierScore"
            # CatBoost's approx is the logit; its sigmoid gives the probability back.
            return [(target, logit(proba), described(name, weighted), w)], first
        if metric == "brier_score_loss":
            raise Skip("2-D y_proba: CatBoost's BrierScore is binary only")
        classes = sorted_classes(y_true)
        if len(classes) != proba.shape[1]:
            raise Skip("y_proba columns that are not the classes of y_true one to one: CatBoost's MultiClass "
                       "takes one column per class index")
        index = {v: i for i, v in enumerate(classes)}
        target = np.array([v if not_a_class(v) else index[v] for v in y_true], dtype=float)
        with np.errstate(divide="ignore"):
            approx = np.log(proba)  # CatBoost's softmax of log(p) is p again (rows summing to 1)
        return [(target, approx, described("MultiClass", weighted), w)], first
    raise Skip(f"no such metric in this port: CatBoost has no {metric}")


# --------------------------------------------------------------------------- regression

REGRESSION = {"root_mean_squared_error": "RMSE", "mean_absolute_error": "MAE",
              "mean_absolute_percentage_error": "MAPE", "r2_score": "R2", "mean_squared_log_error": "MSLE",
              "median_absolute_error": "MedianAbsoluteError"}


def regression_call(case: dict):
    metric = case["metric"]
    defaults = {"multioutput": "uniform_average"}
    if metric == "r2_score":
        defaults["force_finite"] = True
    check_keys(case, {"y_true", "y_pred", "sample_weight"}, set(), defaults)
    y_true, y_pred = as_given(case, "y_true"), as_given(case, "y_pred")
    if np.ndim(y_true) != 1 or np.ndim(y_pred) != 1:
        raise Skip("2-D targets (several outputs): CatBoost's regression metrics take one target per sample "
                   "(MultiRMSE is a different quantity)")
    w = weight_of(case)
    if metric == "median_absolute_error" and w is not None:
        raise Skip("sample_weight: CatBoost's MedianAbsoluteError takes no weights")
    return [(y_true, y_pred, described(REGRESSION[metric], w is not None), w)], first


# --------------------------------------------------------------------------- dispatch

LABEL_METRICS = {*SIMPLE, "cohen_kappa_score", *PRF_NAME, "precision_recall_fscore_support"}
SCORE_METRICS = {"roc_auc_score", "log_loss", "brier_score_loss"}
NO_SUCH = {
    "mean_squared_error": "CatBoost has no MSE metric (eval_metric: 'MSE loss is not supported'); it has RMSE",
    "root_mean_squared_log_error": "CatBoost has no RMSLE metric (eval_metric: 'RMSLE loss is not supported')",
    "max_error": "CatBoost has no max_error",
    "explained_variance_score": "CatBoost has no explained variance",
    "confusion_matrix": "eval_metric has no confusion matrix (catboost.utils.get_confusion_matrix needs a trained model)",
    "multilabel_confusion_matrix": "eval_metric has no confusion matrix",
    "jaccard_score": "CatBoost has no Jaccard index",
    "classification_report": "CatBoost has no classification report",
    "calibration_curve": "CatBoost has no calibration_curve",
    "expected_calibration_error": "CatBoost has no calibration error",
    "precision_recall_curve": "eval_metric returns numbers, not curves",
    "roc_curve": "eval_metric returns numbers, not curves (catboost.utils.get_roc_curve needs a trained model)",
    "top_k_accuracy_score": "CatBoost has no top-k accuracy",
    "average_precision_score": "CatBoost has no average precision (its PRAUC is the area under the "
                               "interpolated precision-recall curve, another quantity)",
}


def call(case: dict):
    metric = case["metric"]
    if metric in NO_SUCH:
        raise Skip(NO_SUCH[metric])
    if metric in LABEL_METRICS:
        return label_call(case)
    if metric in SCORE_METRICS:
        return score_call(case)
    if metric in REGRESSION:
        return regression_call(case)
    raise Skip(f"no such metric in this port: CatBoost has no {metric}")


def library_error(exc: BaseException) -> dict:
    """CatBoost's exception: a CatBoostError is one of its checks, a ValueError its conversion of an input to
    floats refusing a word; anything else is a crash."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    error = {"type": type(exc).__name__, "message": message}
    if not isinstance(exc, (catboost.CatBoostError, ValueError)):
        error["uncaught"] = True
    return error


def evaluate(label, approx, name, w):
    return eval_metric(label, approx, name, weight=w, thread_count=1)


def outcome(label, approx, name, w):
    try:
        return "value", evaluate(label, approx, name, w)
    except Exception as exc:  # noqa: BLE001 - CatBoost's answer is this error
        return "error", library_error(exc)


def in_child(label, approx, name, w):
    """eval_metric in a forked child process, for labels holding NaN or infinity: CatBoost's C++ code may crash
    the process on them (a segmentation fault), which must end that case only.  A child killed by a signal is
    answered as that signal (an uncaught error)."""
    finished, answer = forked(outcome, label, approx, name, w)
    if not finished:
        raise ChildKilled({"type": answer, "message": f"the process running eval_metric died of {answer}",
                           "uncaught": True})
    kind, result = answer
    if kind == "error":
        raise ChildKilled(result)
    return result


class ChildKilled(Exception):
    """The error answer of an evaluation run in a child process."""


def run(case: dict, tag: str) -> dict:
    try:
        calls, shape = call(case)
    except Skip as skip:
        return {"skipped": str(skip)}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            results = [(in_child if any(not_a_class(v) for v in np.ravel(label).tolist()) else evaluate)(
                label, approx, name, w) for label, approx, name, w in calls]
        except ChildKilled as killed:
            return {"error": killed.args[0]}
        except Exception as exc:  # noqa: BLE001 - CatBoost's answer is this error
            return {"error": library_error(exc)}
    for w in caught:
        print(f"{tag}: {w.category.__name__}: {w.message}", file=sys.stderr)
    answer = {"value": to_json(shape(results))}
    answer["x-catboost"] = [name for _, _, name, _ in calls]
    return answer


def implementation() -> dict:
    return {"name": "catboost", "version": catboost.__version__, "language": "python",
            "language_version": platform.python_version(), "api": "catboost.utils.eval_metric (the C++ metric code)",
            "homepage": "https://catboost.ai/", "source": "https://github.com/catboost/catboost",
            "issues": "https://github.com/catboost/catboost/issues"}


def main() -> int:
    out = sys.stdout
    for line in sys.stdin:
        message = loads(line)
        cmd = message.get("cmd")
        if cmd == "run":
            try:
                case = {"metric": message["metric"], "inputs": message["inputs"], "params": message["params"]}
                answer = run(case, f"seq {message['seq']} ({message['metric']})")
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter, not CatBoost's answer
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True,
                                    "traceback": traceback.format_exc()}}
            answer["seq"] = message["seq"]
        elif cmd == "start":
            answer = {"protocol": 2, "implementation": implementation()}
        elif cmd == "stop":
            return 0
        else:
            print(f"catboost adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
