"""Each divergence port.yaml declares, reproduced by a direct River call on its smallest case.

    python ports/river/confirm.py

prints one JSON object: divergence id -> what River itself returns on the smallest case the
divergence's note names (a value, "NaN"/"Infinity" for non-finite ones, or {"exception": type}).
No adapter code is involved: each call below is written as a River user would write it.
tests/test_port_river.py checks that these are the answers the port gave on those cases.
"""

from __future__ import annotations

import json
import math

from river import metrics


def fed(metric, y_true, y_pred, w=None):
    """update() with each sample in order (with its weight when given), then get()."""
    for i, (t, p) in enumerate(zip(y_true, y_pred)):
        if w is None:
            metric.update(t, p)
        else:
            metric.update(t, p, w=w[i])
    return metric.get()


def attempt(thunk):
    try:
        value = thunk()
    except Exception as exc:  # noqa: BLE001 - the exception is the confirmed behaviour
        return {"exception": type(exc).__name__}
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


CONFIRM = {
    # f1_score/grid/average=None/zero_division=0/1: y_true=[0], y_pred=[0]; class 0's F1 is 1.0
    "pos-val-other-than-true": lambda: fed(metrics.F1(pos_val=0), [0], [0]),
    # f1_score/sample-weight/zero-weight-keeps-class/average=macro
    "zero-weight-class-dropped": lambda: fed(metrics.MacroF1(), [0, 0, 1, 2], [0, 1, 1, 2], [1, 1, 1, 0]),
    # fbeta_score/grid/beta=inf/average=None/1: the one class, 3
    "beta-infinity-is-nan": lambda: fed(metrics.FBeta(beta=math.inf, pos_val=3), [3], [3]),
    # cohen_kappa_score/grid/weights=None/labels=subset/sample_weight=none/1
    "kappa-undefined-is-0": lambda: fed(metrics.CohenKappa(), [0], [0]),
    # r2_score/single-sample/off
    "r2-undefined-is-0": lambda: fed(metrics.R2(), [1.5], [4.0]),
    # mean_absolute_percentage_error/single-sample
    "mape-is-a-percentage": lambda: fed(metrics.MAPE(), [1.5], [4.0]),
    # mean_absolute_percentage_error/overflow
    "mape-zero-target-is-0": lambda: fed(metrics.MAPE(), [0.0, 1.0], [1e300, 1.0]),
    # mean_absolute_error/overflow
    "running-mean": lambda: fed(metrics.MAE(), [1.5e308, 0.0], [-1.5e308, 0.0]),
    # log_loss/clipping/subnormal: y_proba is the probability of the positive class, 1
    "log-loss-clipped-at-1e-15": lambda: fed(metrics.LogLoss(), [True, False], [5e-324, 0.5]),
    # roc_auc_score/grid/binary/scores=ties/weights=none/0
    "roc-auc-ties": lambda: fed(metrics.RollingROCAUC(window_size=4), [True, False, False, False],
                                [0.2, 0.6, 0.2, 0.8]),
    # roc_auc_score/single-class/nan
    "roc-auc-single-class": lambda: fed(metrics.RollingROCAUC(window_size=3), [True, True, True], [0.2, 0.5, 0.3]),
    # cohen_kappa_score/errors/empty: nothing fed
    "value-where-sklearn-refuses": lambda: metrics.CohenKappa().get(),
    # mean_absolute_error/error/sample_weight/all-zero
    "zero-weight-sum-crash": lambda: fed(metrics.MAE(), [1.0, 2.0, 4.0], [1.5, 2.0, 3.0], [0.0, 0.0, 0.0]),
    # mean_squared_error/overflow
    "square-overflow-crash": lambda: fed(metrics.MSE(), [1e200, 0.0], [-1e200, 0.0]),
    # root_mean_squared_log_error/error/y_pred-at-or-below-minus-one
    "log-domain-crash": lambda: fed(metrics.RMSLE(), [0.0, 0.5, 2.0], [0.0, -1.5, 2.0]),
    # accuracy_score/strings/mixed/across: string labels against integer ones
    "mixed-label-types-accepted": lambda: fed(metrics.Accuracy(), ["cat"] * 5 + ["dog"] * 4 + ["fish"] * 3,
                                              [1, 1, 0, 0, 2, 2, 0, 0, 1, 1, 2, 1]),
    # accuracy_score/regimes/y_true/non-integer-floats: -0.4 and 0.6 are classes of their own, none equal to a y_pred
    "float-labels-are-classes": lambda: fed(metrics.Accuracy(), [-0.4, 0.6, 0.6, -0.4, 0.6, -0.4], [0, 1, 0, 0, 1, 1],
                                            [1.0, 2.0, 0.5, 1.5, 1.0, 2.0]),
    # accuracy_score/validation/empty: nothing fed
    "bad-input-gets-a-value": lambda: metrics.Accuracy().get(),
    # mean_absolute_error/validation/y_true/string
    "non-number-crash": lambda: fed(metrics.MAE(), [0.5, 1.5, 2.0, "abc", 4.0, 5.5], [1.0, 1.5, 2.5, 3.0, 4.5, 5.0],
                                    [1.0, 2.0, 0.5, 1.5, 1.0, 2.0]),
}


def main() -> None:
    print(json.dumps({divergence: attempt(thunk) for divergence, thunk in CONFIRM.items()}, indent=1))


if __name__ == "__main__":
    main()
