"""Helpers shared by the deviances-family generators.

:func:`dev_case` builds the id ``<metric>/<slug>``, calls scikit-learn through
:func:`generators.oracle.make_case`, adds the tags the call's shape implies (``sample-weight``,
``multioutput``/``column-target``, ``raw-values``, ``uniform-average``, ``output-weights``,
``tweedie-power``, ``pinball-alpha``) and checks that a case tagged ``error`` is one in
scikit-learn and the other way round, as every family does.
"""

from __future__ import annotations

import numpy as np

from generators.counts._common import wrong  # noqa: F401  (re-exported)
from generators.oracle import make_case

TWEEDIE = ("mean_tweedie_deviance", "mean_poisson_deviance", "mean_gamma_deviance")
D2_REGRESSION = ("d2_tweedie_score", "d2_pinball_score", "d2_absolute_error_score")
D2_PROBABILITY = ("d2_brier_score", "d2_log_loss_score")
PINBALL = ("mean_pinball_loss", "d2_pinball_score", "d2_absolute_error_score")
METRICS = TWEEDIE + ("mean_pinball_loss",) + D2_REGRESSION + D2_PROBABILITY
# The ones that take several outputs and the multioutput keyword.
MULTIOUTPUT = PINBALL
# Poisson and Gamma are Tweedie at a fixed power.
POWER_OF = {"mean_poisson_deviance": 1, "mean_gamma_deviance": 2}

_MODE_TAGS = {"raw_values": "raw-values", "uniform_average": "uniform-average"}


def _shape_tags(metric, y_true, params) -> set[str]:
    tags = set()
    if metric not in D2_PROBABILITY and np.ndim(y_true) == 2:
        tags.add("multioutput" if np.shape(y_true)[1] > 1 else "column-target")
    mode = params.get("multioutput")
    if isinstance(mode, str) and mode in _MODE_TAGS:
        tags.add(_MODE_TAGS[mode])
    elif isinstance(mode, list):
        tags.add("output-weights")
    if "power" in params:
        tags.add("tweedie-power")
    if "alpha" in params:
        tags.add("pinball-alpha")
    return tags


def dev_case(metric, slug, y_true, second, params=None, *, sample_weight=None, tags=(), description=None):
    """One corpus case ``<metric>/<slug>``; ``second`` is y_pred, or y_proba for the probability D²s."""
    params = dict(params or {})
    inputs = {"y_true": y_true, ("y_proba" if metric in D2_PROBABILITY else "y_pred"): second}
    tags = set(tags) | _shape_tags(metric, y_true, params)
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
        tags.add("sample-weight")
    made = make_case(f"{metric}/{slug}", metric, inputs, params, sorted(tags), description)
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but "
                             f"scikit-learn gave {made['expected']}")
    return made


def each(metrics, slug, y_true, second, params=None, *, only=(), tags=(), **kw):
    """The same described case for each of ``metrics``; ``only``: ``(metrics, tags)`` pairs for some."""
    for metric in metrics:
        extra = [t for some, ts in only if metric in some for t in ts]
        yield dev_case(metric, slug, y_true, second, params, tags=[*tags, *extra], **kw)
