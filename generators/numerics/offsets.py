"""A large offset with a small spread: y_true = offset + [0, 1, ..., 7], y_pred = y_true + noise.

The values are well inside float64 (offsets 1e4, 1e6, 1e9; noise of standard deviation
0.1 drawn from the case id), and scikit-learn, which centres before it squares, gives
R^2 of about 0.999.  Arithmetic that cancels late gives garbage instead: the one-pass
variance E[y^2] - E[y]^2, the expanded square sum(t^2) - 2 sum(t p) + sum(p^2), and
float32 (whose spacing at 1e9 is 64, at 1e6 1/16, at 1e4 1/1024).

Every sum here is order-proof: y_true's are sums of integers, and the residuals
t - p are exact differences of nearby floats (docs/decisions/0005).
"""

from __future__ import annotations

import numpy as np

from generators.numerics._common import case, floats, rng_for, wrong

METRICS = ("r2_score", "explained_variance_score", "mean_squared_error", "root_mean_squared_error",
           "mean_absolute_error", "median_absolute_error", "max_error", "mean_absolute_percentage_error")
OFFSETS = {"1e4": 1e4, "1e6": 1e6, "1e9": 1e9}
SCORES = ("r2_score", "explained_variance_score")
SQUARES = ("r2_score", "mean_squared_error", "root_mean_squared_error")

# What each reading makes of these inputs, for the descriptions.
WHY = {
    "float32-arithmetic": "float32, even with numpy's pairwise sums, rounds the inputs to its spacing at the "
                          "offset and is off beyond a float32 port's rtol 1e-6",
    "float32-accumulation": "a float32 accumulator is off beyond rtol 1e-6",
    "one-pass-variance": "the one-pass variance mean(y^2) - mean(y)^2 cancels catastrophically",
    "expanded-square": "the expanded square sum(t^2) - 2 sum(t p) + sum(p^2) cancels catastrophically",
}


def _wrong_reading_tags(metric: str, offset: str) -> list[str]:
    """The numerics readings the case catches (generators/numerics/readings.py checks each)."""
    found = []
    if not (metric == "r2_score" and offset == "1e4"):  # R^2 ~ 0.999: float32's error stays below 1e-6
        found += ["float32-arithmetic", "float32-accumulation"]
    if offset == "1e9" and metric in SCORES:  # at 1e6, 8 integer targets square exactly: no loss
        found.append("one-pass-variance")
    if metric in SQUARES:
        found.append("expanded-square")
    return found


def _describe(offset, readings, weighted=False) -> str:
    head = (f"y_true = {offset} + [0, 1, ..., 7], y_pred = y_true + noise of standard deviation 0.1"
            + (", integer weights" if weighted else "") + ": a large offset with a small spread, which "
            "scikit-learn handles in float64 without loss (it centres before it squares).")
    return head + " Catches: " + "; ".join(WHY[r] for r in readings) + "."


def cases():
    for name, offset in OFFSETS.items():
        for metric in METRICS:
            slug = f"large-offset/offset={name}"
            rng = rng_for(f"{metric}/numerics/{slug}")
            y_true = offset + np.arange(8.0)
            y_pred = y_true + rng.normal(0.0, 0.1, 8)
            readings = _wrong_reading_tags(metric, name)
            yield case(metric, slug, floats(y_true), floats(y_pred), tags=["large-offset", *wrong(*readings)],
                       description=_describe(name, readings))
    for metric in SCORES:
        slug = "large-offset/offset=1e9/weighted"
        rng = rng_for(f"{metric}/numerics/{slug}")
        y_true = 1e9 + np.arange(8.0)
        y_pred = y_true + rng.normal(0.0, 0.1, 8)
        readings = _wrong_reading_tags(metric, "1e9")
        yield case(metric, slug, floats(y_true), floats(y_pred), sample_weight=[1, 2, 3, 1, 2, 3, 1, 2],
                   tags=["large-offset", *wrong(*readings)], description=_describe("1e9", readings, weighted=True))
