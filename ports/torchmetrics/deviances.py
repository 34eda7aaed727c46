"""The deviances, mapped to torchmetrics.functional.tweedie_deviance_score (answers) and
torchmetrics.regression.TweedieDevianceScore (the class API, cross-checked): part of
ports/torchmetrics/adapter.py.

torchmetrics has the Tweedie deviance only: mean_tweedie_deviance passes ``power`` on,
mean_poisson_deviance is power 1 and mean_gamma_deviance power 2 (scikit-learn's own definitions).
It takes no ``sample_weight``: a weighted case is a skip.  It has no pinball loss and no D²
score (torchmetrics 1.9.0: nothing named pinball, quantile or d2 in torchmetrics.functional).
Targets go over as float64 tensors, as they are (2-D ones included, for the library to judge).
"""

from __future__ import annotations

import numpy as np
import torch
import torchmetrics.functional as F
import torchmetrics.regression as R

from conformance.encoding import decode_numeric, decode_param

POWER = {"mean_tweedie_deviance": None, "mean_poisson_deviance": 1.0, "mean_gamma_deviance": 2.0}
NO_SUCH = {
    "mean_pinball_loss": "torchmetrics has no pinball (quantile) loss",
    **{name: "torchmetrics has no D² score (only r2_score's R²)"
       for name in ("d2_tweedie_score", "d2_pinball_score", "d2_absolute_error_score", "d2_brier_score",
                    "d2_log_loss_score")},
}


def calls(case: dict, Call, Skip):
    """([Call], shape) for one Tweedie case, as the adapter's mappers return them."""
    metric, params = case["metric"], dict(case["params"])
    if case["inputs"].get("sample_weight") is not None:
        raise Skip("torchmetrics takes no sample_weight")
    unknown = set(params) - ({"power"} if metric == "mean_tweedie_deviance" else set())
    if unknown:
        raise Skip(f"torchmetrics's tweedie_deviance_score takes no {', '.join(sorted(unknown))}")
    power = POWER[metric] if POWER[metric] is not None else decode_param(params.get("power", 0.0))
    preds, targets = (torch.from_numpy(np.asarray(decode_numeric(case["inputs"][k]), dtype=np.float64))
                      for k in ("y_pred", "y_true"))
    return [Call(F.tweedie_deviance_score, R.TweedieDevianceScore, preds, targets, {"power": power})], \
        lambda values: values[0]
