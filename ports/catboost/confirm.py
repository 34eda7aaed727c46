"""Each divergence port.yaml declares, reproduced by a direct ``catboost.utils.eval_metric`` call on its smallest case.

    python ports/catboost/confirm.py

prints one JSON object: divergence id -> what eval_metric itself returns on the smallest case the
divergence's note names (its value or list of values, "NaN"/"Infinity" for non-finite ones, or
{"exception": type}).  The labels and approxes are written out as a CatBoost user would pass them:
class indices, and raw approxes (+1/-1 for a predicted positive/negative, a 1 in the predicted class's
column, logit(p) or log(p) for probabilities).  tests/test_port_catboost.py checks that these are the
answers the port gave on those cases.
"""

from __future__ import annotations

import json
import math

import numpy as np
from catboost.utils import eval_metric
from forked import forked


def encoded(value):
    if isinstance(value, list):
        return [encoded(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


def attempt(label, approx, metric, weight=None):
    try:
        with np.errstate(all="ignore"):
            result = eval_metric(label, approx, metric, weight=weight, thread_count=1)
    except Exception as exc:  # noqa: BLE001 - the exception is the confirmed behaviour
        return {"exception": type(exc).__name__}
    return encoded(result[0] if len(result) == 1 else list(result))


def in_child(label, approx, metric, weight=None):
    """attempt() in a forked child: a call that kills its process is confirmed as the signal it died of."""
    finished, answer = forked(attempt, label, approx, metric, weight)
    return answer if finished else {"exception": answer}


WEIGHTS = [1.0, 2.0, 0.5, 1.5, 1.0, 2.0]  # the validation family's base weights


def rows(predicted, k):
    """Raw multiclass approxes: 1 in the predicted class's column."""
    return np.eye(k)[predicted].tolist()


CONFIRM = {
    # mean_squared_log_error/single-sample
    "targets-are-float32": lambda: attempt([1.5], [4.0], "MSLE"),
    # mean_absolute_error/single-sample
    "mae-is-a-smoothed-quantile": lambda: attempt([1.5], [4.0], "MAE"),
    # mean_absolute_percentage_error/overflow
    "mape-denominator-at-least-1": lambda: attempt([0.0, 1.0], [1e300, 1.0], "MAPE"),
    # r2_score/single-sample/off
    "r2-undefined-is-1": lambda: attempt([1.5], [4.0], "R2"),
    # log_loss/clipping/one-probability-on-true-class: p = [0, 1] as logits
    "log-loss-not-clipped": lambda: attempt([0.0, 1.0], [-math.inf, math.inf], "Logloss"),
    # log_loss/unnormalized-rows/used-as-given: log(p) per class
    "multiclass-rows-renormalized": lambda: attempt(
        [0, 1, 2], np.log([[0.2, 0.2, 0.2], [0.1, 0.5, 0.1], [0.3, 0.3, 0.3]]).tolist(), "MultiClass"),
    # cohen_kappa_score/grid/weights=None/labels=subset/sample_weight=none/1: one class (index 0), predicted
    "kappa-undefined-is-minus-1": lambda: attempt([0], [-1.0], "Kappa"),
    # accuracy_score/regimes/y_true/non-integer-floats: the fractional labels as they are, against +1/-1 approxes
    "non-integer-labels-read-as-given": lambda: attempt([-0.4, 0.6, 0.6, -0.4, 0.6, -0.4],
                                                        [-1.0, 1.0, -1.0, -1.0, 1.0, 1.0],
                                                        "Accuracy:use_weights=true", weight=WEIGHTS),
    # balanced_accuracy_score/class-only-in-y_pred/adjusted=False: classes 0, 1, 2
    "balanced-accuracy-binary-only": lambda: attempt([0, 0, 1, 1], rows([0, 2, 1, 1], 3), "BalancedAccuracy"),
    # balanced_accuracy_score/single-class/y_pred-adds-a-class
    "balanced-accuracy-averages-absent-class": lambda: attempt([0, 0, 0, 0], [-1.0, -1.0, 1.0, 1.0],
                                                               "BalancedAccuracy"),
    # f1_score/single-class/all-correct/average=macro: label 1 is the one class, index 0
    "binary-total-f1-averages-both-classes": lambda: attempt([0, 0, 0], [-1.0, -1.0, -1.0], "TotalF1:average=Macro"),
    # f1_score/sample-weight/zero-weight-keeps-class/average=macro
    "total-f1-undefined-class-is-0": lambda: attempt([0, 0, 1, 2], rows([0, 1, 1, 2], 3),
                                                     "TotalF1:average=Macro;use_weights=true", weight=[1, 1, 1, 0]),
    # fbeta_score/beta=inf/tends-to-recall/average=None
    "beta-infinity-refused": lambda: attempt([0, 0, 1, 1, 2, 2, 2], rows([0, 1, 1, 1, 2, 0, 2], 3), "F:beta=inf"),
    # fbeta_score/grid/beta=0/average=None/1: classes 0, 1, 2, 3
    "beta-zero-undefined-is-nan": lambda: attempt([1, 3, 3, 1, 3, 1], rows([1, 0, 0, 1, 2, 1], 4), "F:beta=0"),
    # roc_auc_score/single-class/nan
    "roc-auc-single-class-is-0": lambda: attempt([1.0, 1.0, 1.0], [0.2, 0.5, 0.3], "AUC"),
    # roc_auc_score/single-class/nan-before-length-check
    "sizes-checked-first": lambda: attempt([0.0, 0.0, 0.0], [0.2, 0.5], "AUC"),
    # fbeta_score/errors/negative-beta=-0.5 (binary: +1 predicted positive)
    "value-where-sklearn-refuses": lambda: attempt([0.0, 1.0, 1.0], [-1.0, 1.0, -1.0], "F:beta=-0.5"),
    # cohen_kappa_score/errors/empty
    "empty-input-crash": lambda: attempt(np.array([]), np.array([]), "Kappa"),
    # hamming_loss/validation/y_true/nan-first: a NaN label, one approx row per sample (classes 0, 1)
    "non-finite-label-segfault": lambda: in_child([math.nan, 1, 1, 0, 1, 0], rows([0, 1, 0, 0, 1, 1], 2),
                                                  "HammingLoss:use_weights=true", weight=WEIGHTS),
    # accuracy_score/validation/y_true/nan-first
    "non-finite-values-accepted": lambda: attempt([math.nan, 1, 1, 0, 1, 0], [-1.0, 1.0, -1.0, -1.0, 1.0, 1.0],
                                                  "Accuracy:use_weights=true", weight=WEIGHTS),
    # roc_auc_score/validation/y_score/nan-first
    "auc-non-finite-scores-accepted": lambda: attempt([0, 1, 1, 0, 1, 0], [math.nan, 0.8, 0.6, 0.3, 0.9, 0.2],
                                                      "AUC:use_weights=true", weight=WEIGHTS),
    # accuracy_score/validation/sample_weight/all-zero
    "bad-weights-accepted": lambda: attempt([0, 1, 1, 0, 1, 0], [-1.0, 1.0, -1.0, -1.0, 1.0, 1.0],
                                            "Accuracy:use_weights=true", weight=[0.0] * 6),
}


def main() -> None:
    print(json.dumps({divergence: confirm() for divergence, confirm in CONFIRM.items()}, indent=1))


if __name__ == "__main__":
    main()
