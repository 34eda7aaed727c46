"""Helpers shared by the regression-family generators.

:func:`reg_case` is the count family's :func:`generators.counts._common.case`
(id, ``sample-weight`` and ``error`` tags, the error/value cross-check) plus the
tags a regression case's shape implies, so nobody has to remember them:

* ``multioutput`` (2-D targets with several columns), ``column-target`` (an
  (n, 1) column: one output);
* ``raw-values``, ``uniform-average``, ``variance-weighted``,
  ``output-weights`` (an array ``multioutput``), ``force-finite-false``.

No tag names the expected value (NaN, an infinity): tags travel to ports with the
case (docs/protocol.md), and such a tag would hand them the answer.
"""

from __future__ import annotations


import numpy as np

from generators.counts._common import case, wrong  # noqa: F401  (wrong is re-exported)

LOSSES = (
    "mean_absolute_error",
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_percentage_error",
    "mean_squared_log_error",
    "root_mean_squared_log_error",
    "median_absolute_error",
)
SCORES = ("r2_score", "explained_variance_score")
# max_error has neither sample_weight nor multioutput.
METRICS = SCORES + LOSSES + ("max_error",)
WEIGHTED = SCORES + LOSSES
LOG_LOSSES = ("mean_squared_log_error", "root_mean_squared_log_error")
# The losses that are a weighted mean of one number per sample.
MEAN_LOSSES = tuple(m for m in LOSSES if m != "median_absolute_error")

_MODE_TAGS = {"raw_values": "raw-values", "uniform_average": "uniform-average", "variance_weighted": "variance-weighted"}


def _shape_tags(y_true, params) -> set[str]:
    tags = set()
    if np.ndim(y_true) == 2:
        tags.add("multioutput" if np.shape(y_true)[1] > 1 else "column-target")
    mode = params.get("multioutput", None)
    if isinstance(mode, str) and mode in _MODE_TAGS:
        tags.add(_MODE_TAGS[mode])
    elif isinstance(mode, list):
        tags.add("output-weights")
    if params.get("force_finite") is False:
        tags.add("force-finite-false")
    return tags


def reg_case(metric, slug, y_true, y_pred, params=None, *, sample_weight=None, tags=(), description=None):
    """One corpus case ``<metric>/<slug>``; scikit-learn supplies ``expected``."""
    params = dict(params or {})
    return case(metric, slug, y_true, y_pred, params, sample_weight=sample_weight,
                tags=set(tags) | _shape_tags(y_true, params), description=description)


def each(metrics, slug, y_true, y_pred, params=None, *, only=(), tags=(), **kw):
    """The same described case for each of ``metrics``; ``only`` is a list of
    ``(metrics, tags)`` pairs for tags that apply to some of them."""
    for metric in metrics:
        extra = [t for some, ts in only if metric in some for t in ts]
        yield reg_case(metric, slug, y_true, y_pred, params, tags=[*tags, *extra], **kw)


def floats(a) -> list:
    """A numpy array as nested lists of Python floats (what JSON will carry exactly)."""
    return np.asarray(a, dtype=np.float64).tolist()
