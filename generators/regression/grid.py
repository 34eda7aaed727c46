"""Seeded random cases over the regression keyword grid.

Every metric is run over the product of

* shape and ``multioutput``: a 1-D target (default, 'raw_values') and 2 or 3
  outputs (default, 'raw_values', an array of output weights, and for the
  scores 'variance_weighted');
* ``sample_weight``: none, integers 1..4, full-precision floats, integers 0..3
  with zeros;
* values: ``normal`` (full-precision floats from rng.normal around a random
  centre and spread), ``integers``, ``huge`` (~1e150) and ``tiny`` (~1e-100);

and the scores additionally over constant-target cells with ``force_finite``
both ways.  A cell's inputs come from a generator seeded with the case id
(docs/decisions/0002).

Inputs are chosen to be insensitive to summation order (docs/decisions/0005):
no accidental constant targets under fractional weights (whose weighted mean
would round to a value a hair off the constant and leave a tiny non-zero
variance), constants that are powers of two, weighted by multiples of 1/4, where a
target is meant to be constant, and magnitudes whose sums of squares stay below float64's maximum.
"""

from __future__ import annotations

import numpy as np

from generators.oracle import rng_for
from generators.regression._common import LOG_LOSSES, LOSSES, SCORES, floats, reg_case

WEIGHT_MODES = ("none", "int", "float", "zeros")
VALUE_MODES = ("normal", "integers", "huge", "tiny")
WEIGHT_TAGS = {"none": [], "int": [], "float": ["fractional-weight"], "zeros": ["zero-weight"],
               "quarters": ["fractional-weight"]}
VALUE_TAGS = {"normal": [], "integers": ["integer-values"], "huge": ["huge-values"], "tiny": ["tiny-values"]}
# Constant targets are powers of two (or 0) and their weights multiples of 1/4: every
# product c * w and every sum is exact, in any order, so the weighted mean of a constant
# column is exactly c and its variance exactly 0.  (With full-precision float weights it
# is not: numpy itself sums sum(c * w) and sum(w) in different orders, the mean comes out
# an ulp off c, and the "constant" target has a variance of ~1e-25.)
CONSTANTS = (0.0, 2.0, -4.0, 0.5, 1024.0)


def _cells(metric):
    """(shape, multioutput) pairs for a metric."""
    cells = [("1d", "default"), ("1d", "raw_values"), ("2d", "default"), ("2d", "raw_values"), ("2d", "weights")]
    if metric in SCORES:
        cells.append(("2d", "variance_weighted"))
    return cells


def _shape(rng, shape):
    if shape == "1d":
        return (int(rng.integers(2, 21)),)
    return (int(rng.integers(2, 11)), int(rng.integers(2, 4)))


def draw_targets(rng, metric, shape, values):
    """(y_true, y_pred) as numpy arrays of the given shape, for the metric's domain."""
    if metric in LOG_LOSSES:
        # log1p(y) is normal: y > -1 always.  Predictions are off by a log-normal factor.
        if values == "integers":
            yt = rng.integers(0, 31, shape).astype(float)
            return yt, np.maximum(yt + rng.integers(-3, 4, shape), 0)
        log_true = rng.normal(rng.uniform(-0.5, 3.0), rng.uniform(0.1, 1.5), shape)
        log_pred = log_true + rng.normal(0, rng.uniform(0.01, 1.0), shape)
        scale = {"normal": 1.0, "huge": 1e150, "tiny": 1e-100}[values]
        if values == "normal":
            return np.expm1(log_true), np.expm1(log_pred)
        return np.exp(log_true) * scale, np.exp(log_pred) * scale
    if values == "integers":
        yt = rng.integers(-20, 21, shape)
        return yt, yt + rng.integers(-4, 5, shape)
    centre, spread = rng.normal(0, 10), rng.uniform(0.1, 10)
    scale = {"normal": 1.0, "huge": 1e150, "tiny": 1e-100}[values]
    yt = rng.normal(centre, spread, shape)
    yp = yt + rng.normal(0, spread * rng.uniform(0.01, 1.0), shape)
    return yt * scale, yp * scale


def draw_grid_weights(rng, mode, n):
    """sample_weight for the regression grid: none, int (1..4), float (uniform in [0.05, 5)), quarters
    (multiples of 1/4 up to 4) or zeros (0..3, not all 0).  Not generators.oracle.draw_weights: every
    mode but "none" draws other values, and changing them would change the regression cases."""
    if mode == "none":
        return None
    if mode == "int":
        return rng.integers(1, 5, n).tolist()
    if mode == "float":
        return rng.uniform(0.05, 5.0, n).tolist()
    if mode == "quarters":
        return (rng.integers(1, 17, n) / 4).tolist()
    w = rng.integers(0, 4, n)
    if not w.any():
        w[int(rng.integers(0, n))] = 1
    return w.tolist()


def _vary(yt, rng):
    """Make every output of y_true non-constant (an accidental constant target is a
    degenerate case of its own, covered by named cases and the constant cells)."""
    yt = yt.reshape(yt.shape[0], -1).copy()
    for j in range(yt.shape[1]):
        if np.all(yt[:, j] == yt[0, j]):
            yt[0, j] = yt[0, j] + 1
    return yt


def _as_json(a, values):
    return a.tolist() if values == "integers" and a.dtype.kind == "i" else floats(a)


def random_cases(metric):
    for shape, mode in _cells(metric):
        for weights in WEIGHT_MODES:
            for values in VALUE_MODES:
                cid = f"grid/shape={shape}/multioutput={mode}/weights={weights}/values={values}/0"
                rng = rng_for(f"{metric}/{cid}")
                size = _shape(rng, shape)
                yt, yp = draw_targets(rng, metric, size, values)
                yt = _vary(yt, rng).reshape(size)
                params = {}
                if mode == "weights":
                    params["multioutput"] = rng.uniform(0.1, 3.0, size[1]).tolist()
                elif mode != "default":
                    params["multioutput"] = mode
                yield reg_case(
                    metric, cid, _as_json(yt, values), _as_json(yp, values), params,
                    sample_weight=draw_grid_weights(rng, weights, size[0]),
                    tags=["grid", *WEIGHT_TAGS[weights], *VALUE_TAGS[values]],
                )


def constant_target_cases(metric):
    """Scores only: one output (of one or two) with a constant target, predicted exactly
    or not, under force_finite both ways."""
    for shape in ("1d", "2d"):
        for mode in ("default", "raw_values", "variance_weighted") if shape == "2d" else ("default",):
            for force_finite in (True, False):
                for weights in ("none", "quarters"):
                    for prediction in ("noisy", "exact"):
                        ff = "" if force_finite else "/force_finite=False"
                        cid = (f"grid/constant-target/shape={shape}/multioutput={mode}{ff}/weights={weights}/"
                               f"prediction={prediction}/0")
                        rng = rng_for(f"{metric}/{cid}")
                        size = _shape(rng, shape)
                        yt, yp = draw_targets(rng, metric, size, "normal")
                        yt, yp = yt.reshape(size[0], -1), yp.reshape(size[0], -1)
                        c = float(rng.choice(CONSTANTS))
                        yt[:, 0] = c
                        yp[:, 0] = c if prediction == "exact" else c + rng.normal(0, 1, size[0])
                        params = {} if mode == "default" else {"multioutput": mode}
                        if not force_finite:
                            params["force_finite"] = False
                        yield reg_case(
                            metric, cid, floats(yt.reshape(size)), floats(yp.reshape(size)), params,
                            sample_weight=draw_grid_weights(rng, weights, size[0]),
                            tags=["grid", "constant-target", "force-finite", *WEIGHT_TAGS[weights]],
                        )


def max_error_cases():
    for shape in ("1d", "column"):
        for values in VALUE_MODES:
            for i in range(2):
                cid = f"grid/shape={shape}/values={values}/{i}"
                rng = rng_for(f"max_error/{cid}")
                yt, yp = draw_targets(rng, "max_error", _shape(rng, "1d"), values)
                if shape == "column":
                    yt, yp = yt.reshape(-1, 1), yp.reshape(-1, 1)
                yield reg_case("max_error", cid, _as_json(yt, values), _as_json(yp, values),
                               tags=["grid", *VALUE_TAGS[values]])


def cases():
    for metric in SCORES + LOSSES:
        yield from random_cases(metric)
        if metric in SCORES:
            yield from constant_target_cases(metric)
    yield from max_error_cases()
