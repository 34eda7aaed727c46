"""The numerics family's wrong readings: right on paper, wrong in arithmetic.

This module generates nothing.  It models, in numpy, the metrics the numerics family
uses -- once as scikit-learn computes them (float64, numpy's pairwise sums, centred
before squaring, int64 counts turned into float64 before any product) and once under
each *reading*: an implementation that is right on paper and wrong in arithmetic
(float32, a one-pass variance, a count product in 32-bit integers, ...).  The check
lives in :mod:`generators.readings`:

    python -m generators.numerics.readings

The faithful variants that must agree with every case are this plain model (on the
calls it models), the reference implementation, and on the regression cases the
regression family's plain-Python model summing left to right, right to left and
exactly (``math.fsum``): no expected value here depends on summation order
(docs/decisions/0005-regression-tolerance.md).

A float32 reading counts as caught only beyond rtol 1e-6, the widened tolerance a
float32 port declares in its port.yaml (docs/decisions/0003): every float64 value
"catches" float32 at the corpus tolerance; these cases catch it where float32 gives
garbage.  The family is the cases tagged ``numerics``.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import numpy as np

import conformance.reference as ref
from generators.numerics import cases as generated_cases
from generators.numerics._common import FAMILY_TAG
from generators.readings import SAME, Family, Registry, main, reference, refusing
from generators.regression import readings as regression_model

REGRESSION = ("r2_score", "explained_variance_score", "mean_squared_error", "root_mean_squared_error",
              "mean_absolute_error", "mean_absolute_percentage_error", "median_absolute_error", "max_error")
COUNT_PRODUCTS = ("matthews_corrcoef", "cohen_kappa_score")
LABELS = ("accuracy_score", "balanced_accuracy_score", "matthews_corrcoef", "cohen_kappa_score",
          "precision_score", "recall_score", "f1_score", "fbeta_score", "confusion_matrix")
ARITHMETIC = REGRESSION + ("log_loss",)  # the calls Arith models
FLOAT32_TOLERANCE = {"rtol": 1e-6, "atol": 1e-12}  # what a float32 port declares (ports/torchmetrics)

confusion_matrix = refusing(ref.confusion_matrix)


# --- arithmetic ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Arith:
    """How a port does its arithmetic.  The defaults are scikit-learn's (numpy float64)."""

    dtype: type = np.float64
    sequential: bool = False  # sums left to right in one accumulator, not numpy's pairwise
    one_pass: bool = False  # variance as E[x^2] - E[x]^2
    expanded: bool = False  # sum (t - p)^2 as sum t^2 - 2 sum t p + sum p^2
    scaled: bool = False  # sums of squares as s^2 sum (x / s)^2, s = max |x|
    ftz: bool = False  # subnormal inputs and results flushed to 0
    running_mean: bool = False  # means as m += w (x - m) / W

    def a(self, x):
        """x in the working dtype, subnormals flushed under ftz."""
        x = np.asarray(x, dtype=np.float64).astype(self.dtype)
        if self.ftz:
            x = np.where(np.abs(x) < np.finfo(self.dtype).tiny, np.zeros_like(x), x)
        return x

    def total(self, x):
        x = self.a(x)
        s = np.cumsum(x, dtype=self.dtype)[-1] if self.sequential else np.sum(x, dtype=self.dtype)
        return self.a(s)[()]

    def mean(self, x, w=None):
        x = self.a(x)
        if self.running_mean:  # float64 only: a Welford-style update never forms the sum
            m, seen = 0.0, 0.0
            for xi, wi in zip(x.tolist(), [1.0] * len(x) if w is None else self.a(w).tolist()):
                if wi:
                    seen += wi
                    m += wi * (xi - m) / seen
            return self.a(m)[()]
        if w is None:
            return self.a(self.total(x) / self.dtype(len(x)))[()]
        w = self.a(w)
        return self.a(self.total(self.a(x * w)) / self.total(w))[()]

    def weight_total(self, n, w):
        return self.dtype(n) if w is None else self.total(w)

    def sumsq(self, d, w=None):
        """sum w d^2 as (scale, core): the value is scale^2 * core (scale 1 unless scaled)."""
        d = self.a(d)
        w = self.a(np.ones(len(d)) if w is None else w)
        scale = self.dtype(1)
        if self.scaled:
            scale = np.max(np.abs(d)) if len(d) else self.dtype(0)
            if scale == 0:
                return self.dtype(1), self.dtype(0)
            d = self.a(d / scale)
        return scale, self.total(self.a(self.a(d * d) * w))

    def sq_err(self, t, p, w=None):
        """sum w (t - p)^2 as (scale, core)."""
        if self.expanded:
            w = self.a(np.ones(len(t)) if w is None else w)
            t, p = self.a(t), self.a(p)
            sq = lambda x: self.total(self.a(self.a(x) * w))  # noqa: E731
            return self.dtype(1), self.a(sq(t * t) - 2 * sq(t * p) + sq(p * p))[()]
        return self.sumsq(self.a(self.a(t) - self.a(p)), w)

    def spread(self, x, w=None, *, mean=False):
        """sum w (x - mean_w x)^2 as (scale, core), or divided by the total weight."""
        x = self.a(x)
        total_w = self.weight_total(len(x), w)
        if self.one_pass:
            ww = self.a(np.ones(len(x)) if w is None else w)
            s1, s2 = self.total(self.a(x * ww)), self.total(self.a(self.a(x * x) * ww))
            core = self.a(s2 - self.a(s1 * s1) / total_w)[()]
            return self.dtype(1), (self.a(core / total_w)[()] if mean else core)
        scale, core = self.sumsq(self.a(x - self.mean(x, w)), w)
        return scale, (self.a(core / total_w)[()] if mean else core)


def _fraction(num, den):
    """1 - num/den with scikit-learn's force_finite rules, from (scale, core) pairs."""
    (sn, cn), (sd, cd) = num, den
    if cn == 0:
        return 1.0
    if cd == 0:
        return 0.0
    return float(1 - (sn / sd) ** 2 * (cn / cd)) if (sn, sd) != (1, 1) else float(1 - cn / cd)


def regression(arith: Arith, metric, inputs, params):
    """One-output regression metrics with default keywords, as ``arith`` computes them."""
    if params or metric not in REGRESSION or np.ndim(inputs["y_true"]) != 1:
        return SAME
    a = arith
    t, p = a.a(inputs["y_true"]), a.a(inputs["y_pred"])
    w = inputs.get("sample_weight")
    total_w = a.weight_total(len(t), w)
    if metric == "r2_score":
        if len(t) < 2:
            return math.nan
        return _fraction(a.sq_err(t, p, w), a.spread(t, w))
    if metric == "explained_variance_score":
        r = a.a(t - p)
        return _fraction(a.spread(r, w, mean=True), a.spread(t, w, mean=True))
    if metric in ("mean_squared_error", "root_mean_squared_error"):
        if a.scaled or a.expanded:
            scale, core = a.sq_err(t, p, w)
            mean_core = a.a(core / total_w)[()]
            if metric == "root_mean_squared_error":
                return float(a.a(scale * np.sqrt(mean_core)))
            return float(a.a(scale * scale * mean_core))
        d = a.a(t - p)
        mse = a.mean(a.a(d * d), w)
        return float(np.sqrt(mse) if metric == "root_mean_squared_error" else mse)
    if metric == "mean_absolute_error":
        return float(a.mean(np.abs(a.a(p - t)), w))
    if metric == "mean_absolute_percentage_error":
        eps = a.a(np.finfo(np.float64).eps)
        return float(a.mean(a.a(np.abs(a.a(p - t)) / np.maximum(np.abs(t), eps)), w))
    if metric == "median_absolute_error":
        return SAME if w is not None else float(a.a(np.median(np.abs(a.a(p - t)))))
    return float(np.max(np.abs(a.a(t - p))))  # max_error


def log_loss(arith: Arith, metric, inputs, params):
    """log_loss of a probability matrix, clipped at the working dtype's machine epsilon."""
    if metric != "log_loss" or params or np.ndim(inputs["y_proba"]) != 2:
        return SAME
    a = arith
    classes = np.unique(inputs["y_true"])
    truth = np.asarray(inputs["y_true"])[:, None] == classes[None, :]
    proba = a.a(inputs["y_proba"])
    eps = np.finfo(a.dtype).eps
    proba = np.clip(proba, eps, 1 - eps)
    losses = a.a(-np.sum(np.where(truth, np.log(proba), 0), axis=1))
    return float(a.mean(losses, inputs.get("sample_weight")))


def count_products(dtype, metric, inputs, params):
    """MCC and kappa with the counts, marginals and their products in ``dtype`` (scikit-learn
    turns the int64 counts into float64 before any product)."""
    if metric not in COUNT_PRODUCTS or "sample_weight" in inputs or set(params) - {"weights"}:
        return SAME
    y1, y2 = (inputs["y_true"], inputs["y_pred"]) if metric == "matthews_corrcoef" else (inputs["y1"], inputs["y2"])
    c = np.asarray(confusion_matrix(np.asarray(y1), np.asarray(y2))).astype(dtype)
    if metric == "matthews_corrcoef":
        t_sum, p_sum = c.sum(axis=1, dtype=dtype), c.sum(axis=0, dtype=dtype)
        n_correct, n = np.trace(c, dtype=dtype), p_sum.sum(dtype=dtype)
        cov_ytyp = n_correct * n - np.dot(t_sum, p_sum)
        cov_ypyp = n * n - np.dot(p_sum, p_sum)
        cov_ytyt = n * n - np.dot(t_sum, t_sum)
        product = cov_ypyp * cov_ytyt
        return 0.0 if product == 0 else float(np.float64(cov_ytyp) / np.sqrt(np.float64(product)))
    k = c.shape[0]
    sum0, sum1 = c.sum(axis=0, dtype=dtype), c.sum(axis=1, dtype=dtype)
    expected = np.outer(sum0, sum1).astype(np.float64) / np.float64(sum0.sum(dtype=dtype))
    position = np.arange(k, dtype=dtype)
    weights = params.get("weights")
    if weights is None:
        w = (1 - np.eye(k)).astype(dtype)
    elif weights == "linear":
        w = np.abs(position[:, None] - position[None, :])
    else:
        w = (position[:, None] - position[None, :]) ** 2
    observed = np.sum(w * c, dtype=dtype)
    return float(1 - np.float64(observed) / np.sum(w.astype(np.float64) * expected))


def labels_as_float32(metric, inputs, params):
    """The label metrics with every class id stored as a float32 (and back)."""
    if metric not in LABELS:
        return SAME
    names = ("y1", "y2") if metric == "cohen_kappa_score" else ("y_true", "y_pred")
    changed = dict(inputs)
    for name in names:
        y = np.asarray(inputs[name])
        if y.dtype.kind not in "iuf" or y.ndim != 1:
            return SAME
        changed[name] = y.astype(np.float32).astype(np.float64)
        if np.array_equal(changed[name], y):
            changed[name] = y
    if all(changed[name] is inputs[name] for name in names):
        return SAME
    return reference(metric, changed, params)


def _arith(**knobs):
    def run(metric, inputs, params):
        arith = Arith(**knobs)
        value = regression(arith, metric, inputs, params)
        return log_loss(arith, metric, inputs, params) if value is SAME else value
    return run


def plain(metric, inputs, params):
    """scikit-learn's own arithmetic, for the metrics modelled here (SAME for the others)."""
    value = _arith()(metric, inputs, params)
    return count_products(np.float64, metric, inputs, params) if value is SAME else value


REGISTRY = Registry()
REGISTRY.add("float32-arithmetic", "everything in float32 with numpy's pairwise sums (the most accurate float32 "
             "port)", ARITHMETIC, _arith(dtype=np.float32), FLOAT32_TOLERANCE)
REGISTRY.add("float32-accumulation", "everything in float32, summed left to right in one float32 accumulator "
             "(a plain loop)", ARITHMETIC, _arith(dtype=np.float32, sequential=True), FLOAT32_TOLERANCE)
REGISTRY.add("one-pass-variance", "the variance of y_true (and of the residuals) as mean(y^2) - mean(y)^2, in one "
             "pass", ("r2_score", "explained_variance_score"), _arith(one_pass=True))
REGISTRY.add("expanded-square", "sum (t - p)^2 computed as sum t^2 - 2 sum t*p + sum p^2 (dot products)",
             ("r2_score", "mean_squared_error", "root_mean_squared_error"), _arith(expanded=True))
REGISTRY.add("scaled-sum-of-squares", "sums of squares as s^2 * sum (x/s)^2 with s = max |x| (BLAS nrm2, hypot): "
             "no overflow, no underflow",
             ("r2_score", "explained_variance_score", "mean_squared_error", "root_mean_squared_error"),
             _arith(scaled=True))
REGISTRY.add("flush-to-zero", "subnormal inputs and results are flushed to 0 (FTZ/DAZ: -ffast-math, GPUs)",
             ARITHMETIC, _arith(ftz=True))
REGISTRY.add("running-mean", "means as a running update m += w (x - m) / W (Welford), which never overflows where "
             "the sum does", REGRESSION, _arith(running_mean=True))
REGISTRY.add("int32-count-products", "counts, marginals and their products in 32-bit integers (Int, int), which "
             "wrap", COUNT_PRODUCTS, lambda metric, inputs, params: count_products(np.int32, metric, inputs, params))
REGISTRY.add("int64-count-products", "counts, marginals and their products in 64-bit integers (Long), which wrap "
             "beyond 9.2e18", COUNT_PRODUCTS,
             lambda metric, inputs, params: count_products(np.int64, metric, inputs, params))
REGISTRY.add("labels-as-float32", "class ids are stored as float32: ids above 2^24 that differ by less than its "
             "spacing merge", LABELS, labels_as_float32)
READINGS = tuple(REGISTRY.readings)


def _regression_only(call):
    return lambda metric, inputs, params: call(metric, inputs, params) if metric in regression_model.METRICS \
        else SAME


_run = REGISTRY.model(plain)


def model(reading, metric, inputs, params):
    return _run(reading, metric, {k: np.asarray(v) for k, v in inputs.items()}, params)


FAMILY = Family(
    name="numerics",
    readings=READINGS,
    model=model,
    owns=lambda case: FAMILY_TAG in case["tags"],
    cases=generated_cases,
    variants={
        "the reference": reference,
        "the plain numerics model": lambda metric, inputs, params: model(None, metric, inputs, params),
        **{f"the regression {label.removeprefix('the ')}": _regression_only(call)
           for label, call in regression_model.SUMMING.items()},
    },
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
