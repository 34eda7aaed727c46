"""calibration_curve (scikit-learn) and expected_calibration_error (spec-derived).

expected_calibration_error is not a scikit-learn function: its cases carry
``"source": "spec-derived"`` and their value comes from
generators/scores/ece_oracle.py, which builds the definition of
docs/spec/expected_calibration_error.md on calibration_curve.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from generators.scores._common import (
    NAN,
    case as _case,
    draw_binary_target,
    draw_multiclass_target,
    draw_n,
    draw_probability_rows,
    draw_scores,
    rng_for,
    wrong,
)

CC, ECE = "calibration_curve", "expected_calibration_error"


def _index_rounding_matters(prob, n_bins) -> bool:
    """Whether quantile bins depend on numpy's float arithmetic for the percentile index.

    numpy computes the index of the i/B quantile as n*q + (1 - q) - 1 in float64, e.g.
    2.999999999999999 for 3; the edge then falls a hair below a data value that the
    textbook (n - 1)*q = 3 puts exactly on it, and that value changes bins."""
    p = np.asarray(prob, dtype=np.float64)
    if p.ndim == 2:
        p = p.max(axis=1)
    if p.size == 0 or not np.isfinite(p).all():
        return False
    v, n = np.sort(p), p.size
    exact = []
    for i in range(n_bins + 1):
        h = Fraction(i, n_bins) * (n - 1)
        j = min(int(h), n - 1)
        exact.append(v[j] if j == n - 1 else v[j] + float(h - j) * (v[j + 1] - v[j]))
    numpy_edges = np.percentile(p, np.linspace(0, 1, n_bins + 1) * 100)
    return not np.array_equal(np.searchsorted(numpy_edges[1:-1], p), np.searchsorted(np.array(exact)[1:-1], p))


def case(metric, slug, y_true, y_prob, params=None, *, tags=(), **kw):
    """A case; quantile cases whose bins hang on numpy's percentile-index rounding say so."""
    params = params or {}
    if params.get("strategy") == "quantile" and _index_rounding_matters(y_prob, params.get("n_bins", 5)):
        tags = [*tags, "quantile-index-rounding"]
    return _case(metric, slug, y_true, y_prob, params, tags=tags, **kw)

# scikit-learn's calibration_curve docstring example.
DOC_TRUE = [0, 0, 0, 0, 1, 1, 1, 1, 1]
DOC_PROB = [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0]
# Exercise 002: probability 0.8 and a positive rate of 0.8 is calibrated (10 samples here, not 100).
CALIBRATED_TRUE, CALIBRATED_PROB = [1] * 8 + [0] * 2, [0.8] * 10
# Probabilities ON the inner edges of 5 uniform bins (0.2, 0.4) and next to the float edge 0.6000000000000001.
EDGE_TRUE = [0, 1, 1, 0, 1, 0, 0, 1]
EDGE_PROB = [0.2, 0.2, 0.4, 0.4, 0.6000000000000001, 0.6, 0.0, 1.0]
# 10 bins: linspace makes the 4th edge 0.30000000000000004, not 0.3.
FLOAT_EDGE_TRUE = [0, 1, 1, 0, 1, 0]
FLOAT_EDGE_PROB = [0.30000000000000004, 0.3, 0.1, 0.2, 0.9, 1.0]
# An empty middle bin.
GAP_TRUE, GAP_PROB = [0, 1, 0, 1, 1], [0.05, 0.1, 0.15, 0.85, 0.95]


def curve_named():
    yield case(CC, "worked-example/docstring", DOC_TRUE, DOC_PROB, {"n_bins": 3},
               tags=["worked-example", *wrong("cal-outputs-swapped")],
               description="scikit-learn's docstring example: prob_true [0, 0.5, 1], prob_pred [0.2, 0.525, 0.85] "
               "(fraction of positives first, mean probability second).")
    yield case(CC, "worked-example/exercise-calibrated-group", CALIBRATED_TRUE, CALIBRATED_PROB, tags=["worked-example"],
               description="Exercise 002: a group predicted at 0.8 with 80% positives is calibrated: one bin, "
               "prob_true [0.8], prob_pred [0.8] (about 0.8: the mean of ten 0.8s).")
    yield case(CC, "bin-edges/on-inner-edges", EDGE_TRUE, EDGE_PROB, {"n_bins": 5},
               tags=["bin-edge", "probability-bounds", *wrong("bins-left-closed", "edges-exact-fractions")],
               description="Bins are closed on the RIGHT: 0.2 and 0.4, on inner edges, belong to the lower bin "
               "([0, 0.2] and (0.2, 0.4]); and the third edge is 0.6000000000000001 (numpy's linspace, "
               "3 * (1/5)), so 0.6000000000000001 shares a bin with 0.6.  0 is in the first bin, 1 in the last.")
    yield case(CC, "bin-edges/float-edge-n_bins=10", FLOAT_EDGE_TRUE, FLOAT_EDGE_PROB, {"n_bins": 10},
               tags=["bin-edge", *wrong("edges-exact-fractions")],
               description="With 10 bins the 4th edge is 3 * 0.1 = 0.30000000000000004: that value is ON the "
               "edge and joins 0.3 in bin (0.2, 0.30000000000000004]; edges computed as i/10 would put it in "
               "the next bin.")
    yield case(CC, "empty-bins/omitted", GAP_TRUE, GAP_PROB, {"n_bins": 5},
               tags=["empty-bins", *wrong("cal-empty-bins-kept")],
               description="Bins without samples are left out of both arrays (here 3 of 5 are empty): the "
               "result has 2 entries, not 5 with NaN or 0.")
    yield case(CC, "n_bins=1", DOC_TRUE, DOC_PROB, {"n_bins": 1}, tags=["degenerate"],
               description="One bin: the overall positive rate and mean probability.")
    yield case(CC, "default-params", DOC_TRUE, DOC_PROB, tags=["default-params"], description="n_bins=5, uniform.")
    yield case(CC, "quantile/ties", [0, 1, 1, 0, 1, 0, 1, 1], [0.1, 0.1, 0.1, 0.5, 0.5, 0.9, 0.9, 0.9],
               {"n_bins": 4, "strategy": "quantile"}, tags=["quantile", "ties", "empty-bins"],
               description="Quantile edges are numpy's linear-interpolation percentiles of y_prob (here 0.1, "
               "0.1, 0.5, 0.9, 0.9): repeated edges leave bins empty, and they are omitted.")
    yield case(CC, "quantile/continuous", [0, 1, 1, 0, 1, 0, 1, 1, 0, 1],
               [0.05, 0.62, 0.71, 0.33, 0.9, 0.12, 0.58, 0.95, 0.41, 0.77], {"n_bins": 3, "strategy": "quantile"},
               tags=["quantile", *wrong("quantile-textbook-index")],
               description="Quantile bins of 10 values: the 1/3 quantile sits at index (10 - 1) / 3 = 3, the "
               "value 0.41, but numpy computes the index as 10*q + (1 - q) - 1 = 2.999999999999999 in float64, "
               "so the edge lies a hair below 0.41 and 0.41 falls in the MIDDLE bin.  A port must reproduce "
               "numpy's arithmetic (docs/spec/scores.md) or declare the tag quantile-index-rounding.")
    yield case(CC, "errors/pos-label-needed", [1, 2, 2, 1], [0.1, 0.8, 0.6, 0.3],
               tags=["error", "pos-label", *wrong("pos-label-greater")],
               description="y_true in {1, 2} without pos_label: ValueError.")
    yield case(CC, "pos-label/explicit", [1, 2, 2, 1], [0.1, 0.8, 0.6, 0.3], {"pos_label": 2}, tags=["pos-label"],
               description="pos_label=2.")
    yield case(CC, "pos-label/absent", [0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3], {"pos_label": 5}, tags=["pos-label"],
               description="A pos_label that never occurs: every fraction of positives is 0.")
    yield case(CC, "nan-probability/last-bin", [0, 1, 1, 0], [0.1, NAN, 0.7, 0.3],
               tags=["nan-input", "nan-result", *wrong("cal-nan-refused")],
               description="scikit-learn 1.9.1 does NOT refuse NaN in y_prob: NaN passes the [0, 1] test "
               "(every comparison with NaN is false), is placed in the last bin, and makes that bin's mean "
               "probability NaN.")
    yield case(CC, "errors/outside-unit-interval", [0, 1, 1, 0], [0.1, 1.2, 0.7, 0.3],
               tags=["error", "probability-bounds"], description="A probability above 1 (1.2): ValueError.")
    yield case(CC, "errors/three-classes", [0, 1, 2, 0], [0.1, 0.2, 0.7, 0.3], {"pos_label": 1},
               tags=["error", "multiclass"], description="Binary only: ValueError.")
    yield case(CC, "errors/empty", [], [], tags=["error", "empty"], description="No samples: ValueError.")
    yield case(CC, "errors/n_bins=0", DOC_TRUE, DOC_PROB, {"n_bins": 0}, tags=["error"],
               description="InvalidParameterError.")


# Top-label data: 3 classes; row 4 ties classes 0 and 1 (the first maximal column is predicted).
TOP_TRUE = [0, 1, 2, 1, 1, 0]
TOP_PROB = [[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.45, 0.45, 0.1], [0.6, 0.3, 0.1], [0.3, 0.3, 0.4]]
# Binary data where the two readings differ.
BIN_TRUE, BIN_PROB = [1, 1, 0, 0, 1, 0], [0.3, 0.7, 0.2, 0.6, 0.9, 0.45]


def ece_named():
    yield case(ECE, "worked-example/calibration-docstring/positive", DOC_TRUE, DOC_PROB,
               {"confidence": "positive", "n_bins": 3},
               tags=["worked-example", "positive-class", *wrong("ece-unweighted-bins")],
               description="calibration_curve's docstring example: 3 bins of 3, 2 and 4 samples with gaps 0.2, "
               "0.025, 0.15: ECE = (3 * 0.2 + 2 * 0.025 + 4 * 0.15) / 9 = 0.1388...")
    yield case(ECE, "worked-example/exercise-calibrated-group", CALIBRATED_TRUE, CALIBRATED_PROB,
               {"confidence": "positive"}, tags=["worked-example", "positive-class"],
               description="Exercise 002: a group at 0.8 with 80% positives: ECE about 0.")
    yield case(ECE, "readings/binary-data/positive", BIN_TRUE, BIN_PROB, {"confidence": "positive", "n_bins": 5},
               tags=["positive-class", *wrong("ece-positive-as-top-label")],
               description="Binary positive-class reading: bins of p (the probability of class 1) against the "
               "fraction of positives.")
    yield case(ECE, "readings/binary-data/top-label", BIN_TRUE, [[1 - p, p] for p in BIN_PROB],
               {"confidence": "top-label", "n_bins": 5},
               tags=["top-label", *wrong("ece-top-label-as-positive")],
               description="The same data in the top-label reading: bins of max(p, 1 - p) against the accuracy "
               "of the arg-max: a different number (exercise 002: these are different measurements).")
    yield case(ECE, "top-label/multiclass", TOP_TRUE, TOP_PROB, {"confidence": "top-label", "n_bins": 5},
               tags=["top-label", "ties", *wrong("ece-argmax-last")],
               description="Three classes; row 4 ties classes 0 and 1 at 0.45: the FIRST maximal column "
               "(class 0) is the prediction, so that sample is wrong (unlike top_k_accuracy_score, whose ties "
               "go to the higher index).")
    yield case(ECE, "top-label/labels", [10, 20, 30, 20, 20, 10], TOP_PROB,
               {"confidence": "top-label", "labels": [10, 20, 30]}, tags=["top-label", "labels-declared"],
               description="labels names the classes of the columns, in column order.")
    yield case(ECE, "top-label/labels-absent-class", [0, 1, 0, 1, 1, 0], TOP_PROB,
               {"confidence": "top-label", "labels": [0, 1, 2]},
               tags=["top-label", "labels-declared", "absent-class"],
               description="Class 2 has a column but no sample: declared through labels.")
    yield case(ECE, "bin-edges/on-inner-edges", EDGE_TRUE, EDGE_PROB, {"confidence": "positive", "n_bins": 5},
               tags=["bin-edge", "positive-class", *wrong("bins-left-closed", "edges-exact-fractions")],
               description="Bins closed on the right, edges from linspace (as calibration_curve).")
    yield case(ECE, "bin-edges/float-edge-n_bins=10", FLOAT_EDGE_TRUE, FLOAT_EDGE_PROB,
               {"confidence": "positive", "n_bins": 10},
               tags=["bin-edge", "positive-class", *wrong("edges-exact-fractions")],
               description="0.30000000000000004 is on the 4th of 10 edges and belongs to the lower bin.")
    yield case(ECE, "empty-bins/weigh-nothing", GAP_TRUE, GAP_PROB, {"confidence": "positive", "n_bins": 5},
               tags=["empty-bins", "positive-class", *wrong("ece-unweighted-bins")],
               description="Empty bins contribute nothing; the others are weighted by their share of samples.")
    yield case(ECE, "default-params", DOC_TRUE, DOC_PROB, {"confidence": "positive"},
               tags=["default-params", "positive-class"], description="n_bins=5 (calibration_curve's default), "
               "uniform.")
    yield case(ECE, "n_bins=15", DOC_TRUE, DOC_PROB, {"confidence": "positive", "n_bins": 15},
               tags=["positive-class"], description="15 bins, a common choice in the literature.")
    yield case(ECE, "quantile", [0, 1, 1, 0, 1, 0, 1, 1, 0, 1], [0.05, 0.62, 0.71, 0.33, 0.9, 0.12, 0.58, 0.95, 0.41, 0.77],
               {"confidence": "positive", "n_bins": 3, "strategy": "quantile"},
               tags=["quantile", "positive-class", *wrong("quantile-textbook-index")],
               description="Quantile bins, as calibration_curve (including numpy's float64 percentile index, "
               "which puts 0.41 in the middle bin: see calibration_curve/quantile/continuous).")
    yield case(ECE, "pos-label/explicit", [1, 2, 2, 1], [0.1, 0.8, 0.6, 0.3], {"confidence": "positive", "pos_label": 2},
               tags=["pos-label", "positive-class"], description="pos_label=2.")
    yield case(ECE, "errors/pos-label-needed", [1, 2, 2, 1], [0.1, 0.8, 0.6, 0.3], {"confidence": "positive"},
               tags=["error", "pos-label", "positive-class", *wrong("pos-label-greater")],
               description="{1, 2} without pos_label: ValueError, as calibration_curve.")
    yield case(ECE, "errors/confidence-required", DOC_TRUE, DOC_PROB, tags=["error"],
               description="confidence has no default: the caller chooses the reading.")
    yield case(ECE, "errors/nan-probability", [0, 1, 1, 0], [0.1, NAN, 0.7, 0.3], {"confidence": "positive"},
               tags=["error", "nan-input", "positive-class"],
               description="Unlike calibration_curve, NaN is refused: ValueError.")
    yield case(ECE, "errors/outside-unit-interval", [0, 1], [[0.5, 0.6], [1.2, -0.2]], {"confidence": "top-label"},
               tags=["error", "probability-bounds", "top-label"], description="Values outside [0, 1]: ValueError.")
    yield case(ECE, "errors/top-label-1d", BIN_TRUE, BIN_PROB, {"confidence": "top-label"},
               tags=["error", "top-label"], description="top-label needs one column per class: ValueError.")
    yield case(ECE, "errors/positive-2d", BIN_TRUE, [[1 - p, p] for p in BIN_PROB], {"confidence": "positive"},
               tags=["error", "positive-class"], description="positive needs one probability per sample: ValueError.")
    yield case(ECE, "errors/top-label-columns", [0, 1, 1, 0], [[0.5, 0.3, 0.2]] * 4, {"confidence": "top-label"},
               tags=["error", "top-label", "absent-class"],
               description="2 classes in y_true, 3 columns, no labels: ValueError.")
    yield case(ECE, "errors/empty", [], [], {"confidence": "positive"}, tags=["error", "empty"], description="No samples: ValueError.")


# --- grids ----------------------------------------------------------------------------------

PER_COMBINATION = 2


def grid():
    for n_bins in (1, 3, 5, 10):
        for strategy in ("uniform", "quantile"):
            for mode in ("ties", "continuous"):
                for i in range(PER_COMBINATION):
                    slug = f"grid/n_bins={n_bins}/strategy={strategy}/probs={mode}/{i}"
                    rng = rng_for(f"{CC}/{slug}")
                    n = draw_n(rng, 5, 20)
                    yt, p = draw_binary_target(rng, n), draw_scores(rng, n, mode)
                    tags = ["grid", *(["ties", "bin-edge"] if mode == "ties" else []),
                            *(["quantile"] if strategy == "quantile" else [])]
                    yield case(CC, slug, yt, p, {"n_bins": n_bins, "strategy": strategy}, tags=tags)
                    rng = rng_for(f"{ECE}/{slug}/positive")
                    yt, p = draw_binary_target(rng, n), draw_scores(rng, n, mode)
                    yield case(ECE, f"{slug}/positive", yt, p,
                               {"confidence": "positive", "n_bins": n_bins, "strategy": strategy},
                               tags=[*tags, "positive-class"])
                    rng = rng_for(f"{ECE}/{slug}/top-label")
                    k = int(rng.integers(2, 5))
                    n = max(n, k)
                    yield case(ECE, f"{slug}/top-label", draw_multiclass_target(rng, n, k),
                               draw_probability_rows(rng, n, k, mode),
                               {"confidence": "top-label", "n_bins": n_bins, "strategy": strategy},
                               tags=[*tags, "top-label"])


def cases():
    yield from curve_named()
    yield from ece_named()
    yield from grid()
