"""The regression family's wrong readings, and its model of scikit-learn.

This module generates nothing.  It models the regression metrics in plain
Python -- lists and floats, no numpy -- once as scikit-learn computes them and
once under each *reading* (a plausible misreading of the spec, switched on by
name), for the check in :mod:`generators.readings`:

    python -m generators.regression.readings

The faithful model has three variants, summing left to right, right to left
and exactly rounded (``math.fsum``), and each must agree with every case at the
corpus tolerance.  numpy sums pairwise, so this is the evidence that no expected
value depends on summation order (docs/decisions/0005-regression-tolerance.md).
Cases tagged ``numerics`` belong to the numerics family, which runs the same
three variants on its regression cases.
"""

from __future__ import annotations

import math
import sys

from generators.readings import Family, Refused, listed, main
from generators.regression import cases as generated_cases

NAN, INF = math.nan, math.inf
EPS = 2.0**-52  # float64's machine epsilon, MAPE's floor

MEAN_LOSSES = ("mean_absolute_error", "mean_squared_error", "root_mean_squared_error",
               "mean_absolute_percentage_error", "mean_squared_log_error", "root_mean_squared_log_error")
SCORES = ("r2_score", "explained_variance_score")
METRICS = SCORES + MEAN_LOSSES + ("median_absolute_error", "max_error")
MODES = {m: {"raw_values", "uniform_average"} for m in METRICS}
MODES.update({m: {"raw_values", "uniform_average", "variance_weighted"} for m in SCORES})
R2, EVS = ("r2_score",), ("explained_variance_score",)
ROOTS = ("root_mean_squared_error", "root_mean_squared_log_error")
LOGS = ("mean_squared_log_error", "root_mean_squared_log_error")
MAPE, MEDIAN, MAX = ("mean_absolute_percentage_error",), ("median_absolute_error",), ("max_error",)


READINGS = {
    # shared
    "weights-ignored": "sample_weight is ignored",
    "weights-divide-by-n": "a weighted mean divides by the number of samples, not the total weight",
    "output-weights-not-normalised": "an array of output weights is used as is, not divided by its sum",
    "raw-values-scalar": "raw_values of a single output is a number, not a list of one",
    "multioutput-flattened": "several outputs are pooled into one before the metric is computed",
    "root-of-mean": "a root metric of several outputs is the root of the averaged mean square",
    "one-output-weights-accepted": "an array of output weights is accepted for a single output",
    "one-output-weights-refused": "root_mean_squared_error refuses output weights for a single output",
    "empty-accepted": "no samples gives NaN instead of an error",
    "lengths-truncated": "inputs of different lengths are cut to the shortest",
    "non-finite-accepted": "NaN and infinities in targets or weights are computed with, not refused",
    "all-zero-weights-accepted": "weights that are all 0 give NaN instead of an error",
    "zero-total-weight-accepted": "weights summing to 0 give NaN instead of an error",
    # R² and explained variance
    "force-finite-ignored": "a constant target gives NaN / -inf even with force_finite=True",
    "always-forced": "a constant target gives 1.0 / 0.0 even with force_finite=False",
    "constant-target-is-zero": "with force_finite, a constant target scores 0.0 even when predicted exactly",
    "single-sample-computed": "r2_score of one sample is computed (constant-target rule) instead of NaN",
    "zero-weight-rows-not-counted": "rows of weight 0 do not count towards r2_score's two samples",
    "squared-correlation": "R² is the squared Pearson correlation of y_true and y_pred",
    "unweighted-target-mean": "the target mean in the denominator ignores sample_weight",
    "variance-weighted-is-uniform": "variance_weighted averages the outputs uniformly",
    "variance-weighted-skips-constant-outputs": "variance_weighted leaves out outputs of zero variance",
    "variance-weighted-all-constant-undefined": "variance_weighted with every variance 0 is NaN",
    "evs-is-r2": "explained variance does not centre the residuals (it is R²)",
    "r2-is-evs": "R² centres the residuals (it is explained variance)",
    "evs-single-sample-nan": "explained_variance_score of one sample is NaN, like r2_score",
    # MAPE
    "mape-percent": "MAPE is a percentage (x100)",
    "mape-no-epsilon": "MAPE divides by |y_true| with no floor (0 gives inf or NaN)",
    "mape-relative-to-prediction": "MAPE divides by |y_pred|",
    "mape-skips-zero-targets": "samples with y_true = 0 are left out of MAPE",
    "mape-floor-without-abs": "MAPE divides by max(y_true, eps), forgetting the absolute value",
    # log losses
    "log-not-log1p": "the log losses use log(y), not log(1 + y)",
    "negative-targets-refused": "the log losses refuse any negative value",
    "log-domain-unchecked": "values of -1 or below are computed with (giving -inf or NaN), not refused",
    # median
    "median-lower-middle": "the median of an even count is the lower middle value",
    "median-upper-middle": "the median of an even count is the upper middle value",
    "median-of-signed-errors": "the median absolute error is |median(y_pred - y_true)|",
    "weighted-median-not-averaged": "the weighted median is the plain inverted CDF (no averaging on the half)",
    "weighted-median-zero-weight-neighbour": "the weighted median averages with the next value even if it weighs 0",
    # max_error
    "max-error-signed": "max_error is max(y_true - y_pred), without the absolute value",
    "max-error-multioutput": "max_error of several outputs is the maximum over all of them",
    "max-error-column-refused": "max_error refuses an (n, 1) column",
}

# The metrics a reading touches, where it does not touch them all.
TOUCHES = {
    ROOTS: ("root-of-mean",),
    ("root_mean_squared_error",): ("one-output-weights-refused",),
    SCORES: ("force-finite-ignored", "always-forced", "constant-target-is-zero", "unweighted-target-mean",
             "variance-weighted-is-uniform", "variance-weighted-skips-constant-outputs",
             "variance-weighted-all-constant-undefined"),
    R2: ("single-sample-computed", "zero-weight-rows-not-counted", "squared-correlation", "r2-is-evs"),
    EVS: ("evs-is-r2", "evs-single-sample-nan"),
    MAPE: ("mape-percent", "mape-no-epsilon", "mape-relative-to-prediction", "mape-skips-zero-targets",
           "mape-floor-without-abs"),
    LOGS: ("log-not-log1p", "negative-targets-refused", "log-domain-unchecked"),
    MEDIAN: ("median-lower-middle", "median-upper-middle", "median-of-signed-errors", "weighted-median-not-averaged",
             "weighted-median-zero-weight-neighbour"),
    MAX: ("max-error-signed", "max-error-multioutput", "max-error-column-refused"),
}


# --- summation orders ------------------------------------------------------------------


def _left_to_right(xs):
    total = 0.0
    for x in xs:
        total += x
    return total


def _exact_sum(xs):
    xs = list(xs)
    try:
        return math.fsum(xs)
    except OverflowError:  # the exact sum is beyond float64: it is +-inf
        return math.copysign(INF, _left_to_right(xs))
    except ValueError:  # inf + -inf
        return NAN


SUMS = {
    "left-to-right": _left_to_right,
    "right-to-left": lambda xs: _left_to_right(reversed(list(xs))),
    "exact": _exact_sum,
}


def _div(a, b):
    """a / b with IEEE semantics instead of Python's ZeroDivisionError."""
    if b != 0 or math.isnan(b):
        return a / b
    if a == 0 or math.isnan(a):
        return NAN
    return math.copysign(INF, a) * math.copysign(1.0, b)


class Model:
    def __init__(self, on=frozenset(), order="left-to-right"):
        self.on, self.sum = on, SUMS[order]

    # --- inputs ------------------------------------------------------------------------

    def columns(self, y):
        """(n, k, columns) of a 1-D or 2-D nested list."""
        if not isinstance(y, list):
            raise Refused("not an array")
        if y and all(isinstance(r, list) for r in y):
            k = len(y[0])
            if any(len(r) != k for r in y) or any(isinstance(v, list) for r in y for v in r):
                raise Refused("ragged or 3-D")
            if k == 0:
                raise Refused("no outputs")
            return len(y), k, [[float(r[j]) for r in y] for j in range(k)], 2
        if any(isinstance(v, list) for v in y):
            raise Refused("ragged")
        return len(y), 1, [[float(v) for v in y]], 1

    def finite(self, values):
        if "non-finite-accepted" not in self.on and not all(math.isfinite(v) for v in values):
            raise Refused("non-finite")

    def targets(self, metric, y_true, y_pred, w, multioutput):
        on = self.on
        lengths = {len(y_true), len(y_pred)} | ({len(w)} if w is not None else set())
        if len(lengths) > 1:
            if "lengths-truncated" not in on:
                raise Refused("lengths differ")
            n = min(lengths)
            y_true, y_pred, w = y_true[:n], y_pred[:n], None if w is None else w[:n]
        n, k, t, ndim = self.columns(y_true)
        n2, k2, p, _ = self.columns(y_pred)
        if n == 0:
            if "empty-accepted" not in on:
                raise Refused("empty")
            return None
        for col in t + p:
            self.finite(col)
        if w is not None:
            w = [float(v) for v in w]
            self.finite(w)
            if not any(w) and "all-zero-weights-accepted" not in on:
                raise Refused("all weights 0")
            if "weights-ignored" in on:
                w = None
        if k2 != k:
            raise Refused("outputs differ")
        if isinstance(multioutput, list):
            self.finite(multioutput)
            if not multioutput:
                raise Refused("empty output weights")
            if k == 1:
                accepted = metric == "root_mean_squared_error"
                accepted = (accepted and "one-output-weights-refused" not in on) or (
                    not accepted and "one-output-weights-accepted" in on)
                if not accepted:
                    raise Refused("custom weights for one output")
            if len(multioutput) != k:
                raise Refused("wrong number of output weights")
        return n, k, t, p, w, ndim

    # --- sums and means ----------------------------------------------------------------

    def mean(self, values, w):
        if w is None:
            return self.sum(values) / len(values)
        total = self.sum(w)
        numerator = self.sum(v * x for v, x in zip(values, w))
        if "weights-divide-by-n" in self.on:
            return numerator / len(values)
        if total == 0:
            if "zero-total-weight-accepted" in self.on or "all-zero-weights-accepted" in self.on:
                return _div(numerator, total)
            raise Refused("weights sum to 0")
        return numerator / total

    def combine(self, per_output, multioutput, k):
        if multioutput == "raw_values":
            return per_output[0] if k == 1 and "raw-values-scalar" in self.on else per_output
        if isinstance(multioutput, list):
            m = [float(x) for x in multioutput]
            numerator = self.sum(v * x for v, x in zip(per_output, m))
            if "output-weights-not-normalised" in self.on:
                return numerator
            total = self.sum(m)
            if total == 0:
                if "zero-total-weight-accepted" in self.on:
                    return _div(numerator, total)
                raise Refused("output weights sum to 0")
            return numerator / total
        return self.sum(per_output) / len(per_output)

    # --- metrics ---------------------------------------------------------------------------

    def evaluate(self, metric, inputs, params):
        on = self.on
        params = dict(params)
        multioutput = params.pop("multioutput", "uniform_average")
        force_finite = params.pop("force_finite", True)
        if params or not (multioutput is None and metric == "r2_score" or isinstance(multioutput, list)
                          or multioutput in MODES[metric]):
            raise Refused("keyword")
        if multioutput is None:
            multioutput = "uniform_average"
        got = self.targets(metric, inputs["y_true"], inputs["y_pred"], inputs.get("sample_weight"), multioutput)
        if got is None:
            return NAN
        n, k, t, p, w, ndim = got
        if metric == "max_error":
            return self.max_error(t, p, k, ndim)
        if metric in ("mean_squared_log_error", "root_mean_squared_log_error"):
            t, p = [self.logs(c) for c in t], [self.logs(c) for c in p]
        if "multioutput-flattened" in on and k > 1 and multioutput != "raw_values":
            t, p = [sum(t, [])], [sum(p, [])]
            w = None if w is None else w * k
            k, multioutput = 1, "uniform_average"
        if metric in SCORES:
            return self.score(metric, n, k, t, p, w, multioutput, force_finite)
        if metric in ("root_mean_squared_error", "root_mean_squared_log_error") and "root-of-mean" in on \
                and multioutput != "raw_values":
            return math.sqrt(self.combine([self.loss("mean_squared_error", a, b, w) for a, b in zip(t, p)],
                                          multioutput, k))
        return self.combine([self.loss(metric, a, b, w) for a, b in zip(t, p)], multioutput, k)

    def logs(self, column):
        on = self.on
        if any(v <= -1 for v in column) and "log-domain-unchecked" not in on:
            raise Refused("log1p domain")
        if any(v < 0 for v in column) and "negative-targets-refused" in on:
            raise Refused("negative")
        if "log-not-log1p" in on:
            return [math.log(v) if v > 0 else (-INF if v == 0 else NAN) for v in column]
        return [math.log1p(v) if v > -1 else (-INF if v == -1 else NAN) for v in column]

    def loss(self, metric, t, p, w):
        on = self.on
        if metric in ("mean_squared_error", "root_mean_squared_error", "mean_squared_log_error",
                      "root_mean_squared_log_error"):
            mse = self.mean([(a - b) * (a - b) for a, b in zip(t, p)], w)
            return mse if metric.startswith("mean") else math.sqrt(mse)
        if metric == "mean_absolute_error":
            return self.mean([abs(b - a) for a, b in zip(t, p)], w)
        if metric == "mean_absolute_percentage_error":
            if "mape-skips-zero-targets" in on:
                keep = [i for i, a in enumerate(t) if a != 0]
                t, p, w = [t[i] for i in keep], [p[i] for i in keep], None if w is None else [w[i] for i in keep]
            if "mape-no-epsilon" in on:
                ratios = [_div(abs(b - a), abs(a)) for a, b in zip(t, p)]
            elif "mape-relative-to-prediction" in on:
                ratios = [abs(b - a) / max(abs(b), EPS) for a, b in zip(t, p)]
            elif "mape-floor-without-abs" in on:
                ratios = [abs(b - a) / max(a, EPS) for a, b in zip(t, p)]
            else:
                ratios = [abs(b - a) / max(abs(a), EPS) for a, b in zip(t, p)]
            if "mape-percent" in on:
                ratios = [100 * r for r in ratios]
            return self.mean(ratios, w)
        if metric == "median_absolute_error":
            errors = [b - a for a, b in zip(t, p)]
            if "median-of-signed-errors" in on:
                return abs(self.median(errors, w))
            return self.median([abs(e) for e in errors], w)
        raise AssertionError(metric)

    def median(self, values, w):
        on = self.on
        order = sorted(range(len(values)), key=lambda i: values[i])
        v = [values[i] for i in order]
        if w is None:
            n, mid = len(v), len(v) // 2
            if n % 2:
                return v[mid]
            if "median-lower-middle" in on:
                return v[mid - 1]
            if "median-upper-middle" in on:
                return v[mid]
            return (v[mid - 1] + v[mid]) / 2
        ws = [w[i] for i in order]
        cdf, running = [], 0.0
        for x in ws:  # a cumulative sum is sequential in numpy too
            running += x
            cdf.append(running)
        half = 0.5 * cdf[-1]
        i = min(next((j for j, c in enumerate(cdf) if c >= half), len(v)), len(v) - 1)
        if cdf[i] - half > EPS or "weighted-median-not-averaged" in on:
            return v[i]
        j = min(i + 1, len(v) - 1)
        if ws[j] == 0 and "weighted-median-zero-weight-neighbour" not in on:
            j = next((m for m, c in enumerate(cdf) if c > cdf[i]), i)
        return (v[i] + v[j]) / 2

    def max_error(self, t, p, k, ndim):
        on = self.on
        if k > 1 and "max-error-multioutput" not in on:
            raise Refused("multioutput")
        if ndim == 2 and k == 1 and "max-error-column-refused" in on:
            raise Refused("column")
        if "max-error-signed" in on:
            return max(a - b for col_t, col_p in zip(t, p) for a, b in zip(col_t, col_p))
        return max(abs(a - b) for col_t, col_p in zip(t, p) for a, b in zip(col_t, col_p))

    def score(self, metric, n, k, t, p, w, multioutput, force_finite):
        on = self.on
        if metric == "r2_score" and "single-sample-computed" not in on:
            rows = n if w is None or "zero-weight-rows-not-counted" not in on else sum(1 for x in w if x != 0)
            if rows < 2:
                return NAN
        if metric == "explained_variance_score" and "evs-single-sample-nan" in on and n < 2:
            return NAN
        if "force-finite-ignored" in on:
            force_finite = False
        if "always-forced" in on:
            force_finite = True
        centred = (metric == "explained_variance_score" and "evs-is-r2" not in on) or (
            metric == "r2_score" and "r2-is-evs" in on)
        nums, dens, scores = [], [], []
        for a, b in zip(t, p):
            if metric == "r2_score" and "squared-correlation" in on:
                r = self.correlation(a, b)
                scores.append(r * r)
                nums.append(1.0)
                dens.append(1.0)
                continue
            mean_w = None if "unweighted-target-mean" in on else w
            residuals = [x - y for x, y in zip(a, b)]
            shift = self.mean(residuals, w) if centred else 0.0
            mean = self.mean(a, mean_w)
            num = self.mean([(r - shift) * (r - shift) for r in residuals], w)
            den = self.mean([(x - mean) * (x - mean) for x in a], w)
            nums.append(num)
            dens.append(den)
            if not force_finite:
                scores.append(1 - _div(num, den))
            elif den == 0 and "constant-target-is-zero" in on:
                scores.append(0.0)
            elif num == 0:
                scores.append(1.0)
            elif den == 0:
                scores.append(0.0)
            else:
                scores.append(1 - num / den)
        if multioutput == "variance_weighted" and "variance-weighted-is-uniform" not in on:
            pairs = list(zip(scores, dens))
            if "variance-weighted-skips-constant-outputs" in on and any(d != 0 for d in dens):
                pairs = [(s, d) for s, d in pairs if d != 0]
            if any(d != 0 for _, d in pairs):
                return self.sum(s * d for s, d in pairs) / self.sum(d for _, d in pairs)
            if "variance-weighted-all-constant-undefined" in on:
                return NAN
            multioutput = "uniform_average"
        if multioutput == "variance_weighted":
            multioutput = "uniform_average"
        return self.combine(scores, multioutput, k)

    def correlation(self, a, b):
        ma, mb = self.sum(a) / len(a), self.sum(b) / len(b)
        cov = self.sum((x - ma) * (y - mb) for x, y in zip(a, b))
        va, vb = self.sum((x - ma) * (x - ma) for x in a), self.sum((y - mb) * (y - mb) for y in b)
        return _div(cov, math.sqrt(va * vb))


def model(reading, metric, inputs, params):
    """The regression metrics under ``reading`` (or faithfully), summing left to right."""
    return Model(frozenset() if reading is None else frozenset([reading])).evaluate(metric, inputs, params)


# The faithful model in each summation order (the numerics family checks its cases with them too).
SUMMING = {f"the model summing {order}": Model(order=order).evaluate for order in SUMS}

FAMILY = Family(
    name="regression",
    readings=listed(READINGS, METRICS, TOUCHES),
    model=model,
    owns=lambda case: case["metric"] in METRICS and "numerics" not in case["tags"],
    cases=generated_cases,
    variants=SUMMING,
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
