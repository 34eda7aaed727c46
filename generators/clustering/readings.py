"""The clustering family's wrong readings.

This module generates nothing.  The faithful model is the reference
(conformance/reference/_clustering.py); each reading is the reference with one rule
misread, the porting traps of these metrics:

* natural log read as log2, NMI/AMI's old geometric default, ARI read as the plain
  Rand index, the silhouette on squared distances, Calinski-Harabasz over n instead
  of n - k, Davies-Bouldin's max read as a mean;
* the arithmetic: pair counts in 32-bit integers, and the expected mutual information
  from plain factorials (which overflow past 170!), as a textbook formula reads;
* mutual_info_score recomputing the table from the labels when a contingency is given.

``python -m generators.clustering.readings`` checks that each reading is caught by a
case tagged ``wrong-reading-<name>`` (generators/readings.py).
"""

from __future__ import annotations

import math
import sys

import numpy as np

from conformance.reference import _clustering as cl
from generators.clustering import cases as generated_cases
from generators.clustering._common import AVERAGED, METRICS
from generators.readings import SAME, Family, Refused, Registry, main, reference, refusing

readings = Registry()
PAIR_COUNTED = ("pair_confusion_matrix", "rand_score", "adjusted_rand_score", "fowlkes_mallows_score")
SILHOUETTE = ("silhouette_score", "silhouette_samples")


def _arrays(inputs: dict) -> dict:
    return {k: np.asarray(v) for k, v in inputs.items()}


@readings.reading("log2-mutual-information", "mutual information in bits (log2) instead of nats (ln)",
                  ["mutual_info_score"])
def _log2(metric, inputs, params):
    return reference(metric, inputs, params) / math.log(2)


@readings.reading("geometric-normalisation", "NMI and AMI normalised by the geometric mean of the entropies "
                  "by default (scikit-learn < 0.22), not the arithmetic mean", AVERAGED)
def _geometric(metric, inputs, params):
    if "average_method" in params:
        return SAME
    return reference(metric, inputs, {**params, "average_method": "geometric"})


@readings.reading("unadjusted-rand", "adjusted_rand_score returns the plain Rand index", ["adjusted_rand_score"])
def _unadjusted(metric, inputs, params):
    return reference("rand_score", inputs, params)


@readings.reading("squared-euclidean-silhouette", "the silhouette on squared euclidean distances", SILHOUETTE)
def _squared(metric, inputs, params):
    if params.get("metric", "euclidean") not in ("euclidean", "l2"):
        return SAME
    return reference(metric, inputs, {**params, "metric": "sqeuclidean"})


@readings.reading("calinski-harabasz-over-n", "Calinski-Harabasz's within-cluster dispersion divided by n, "
                  "not n - k", ["calinski_harabasz_score"])
def _ch_n(metric, inputs, params):
    value = reference(metric, inputs, params)
    x, codes, k = refusing(cl._points)(inputs["X"], inputs["labels"])
    centroids, _ = cl._centroids(x, codes, k)
    if float(np.sum((x - centroids[codes]) ** 2)) == 0.0:
        return value
    return value * x.shape[0] / (x.shape[0] - k)


@readings.reading("davies-bouldin-mean", "Davies-Bouldin's worst (max) ratio over the other clusters read as "
                  "their mean", ["davies_bouldin_score"])
def _db_mean(metric, inputs, params):
    value = reference(metric, inputs, params)
    x, codes, k = refusing(cl._points)(inputs["X"], inputs["labels"])
    centroids, sizes = cl._centroids(x, codes, k)
    intra = np.bincount(codes, weights=np.sqrt(np.sum((x - centroids[codes]) ** 2, axis=1)), minlength=k) / sizes
    between = np.sqrt(np.sum((centroids[:, None] - centroids[None]) ** 2, axis=2))
    if value == 0.0:
        return value
    ratios = (intra[:, None] + intra[None, :]) / np.where(between == 0, np.inf, between)
    return float(np.mean(ratios.sum(axis=1) / (k - 1)))


def _int32_pairs(a, b) -> np.ndarray:
    """The pair confusion matrix counted in int32, wrapping around as C's int does."""
    table = cl._table(a, b).astype(np.int32)
    n = np.int32(a.shape[0])
    with np.errstate(over="ignore"):
        squares = (table * table).sum(dtype=np.int32)
        cols, rows = table.sum(axis=0, dtype=np.int32), table.sum(axis=1, dtype=np.int32)
        c11 = squares - n
        c01 = (cols * cols).sum(dtype=np.int32) - squares
        c10 = (rows * rows).sum(dtype=np.int32) - squares
        c00 = n * n - c01 - c10 - squares
    return np.array([[c00, c01], [c10, c11]], dtype=np.int32)


@readings.reading("int32-pair-counts", "pair counts (n² of them) and their products held in 32-bit integers",
                  PAIR_COUNTED)
def _int32(metric, inputs, params):
    try:
        a, b = cl._labelings(inputs["labels_true"], inputs["labels_pred"])
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    c = _int32_pairs(a, b)
    (tn, fp), (fn, tp) = c
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        if metric == "pair_confusion_matrix":
            return c.tolist()
        if metric == "rand_score":
            total = c.sum(dtype=np.int32)
            return 1.0 if tn + tp == total or total == 0 else float((tn + tp) / total)
        if metric == "adjusted_rand_score":
            if fn == 0 and fp == 0:
                return 1.0
            return float(np.int32(2) * (tp * tn - fn * fp)) / float((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))
        tk, pk, qk = tp, tp + fp, tp + fn  # Fowlkes-Mallows: TP / sqrt((TP + FP)(TP + FN)), ordered pairs
        return float(np.sqrt(tk / pk) * np.sqrt(tk / qk)) if tk != 0 else 0.0


def _naive_emi(table: np.ndarray, n: int) -> float:
    """The expected mutual information with its factorials as floats: inf / inf past 170!."""
    a, b = table.sum(axis=1), table.sum(axis=0)
    fact = np.array([float(math.factorial(k)) if k <= 170 else math.inf for k in range(n + 1)])
    emi = 0.0
    with np.errstate(all="ignore"):
        for ai in a:
            nij = np.arange(1, min(ai, b.max()) + 1)[None, :]
            bj = b[:, None]
            valid = (nij >= np.maximum(1, ai + bj - n)) & (nij <= np.minimum(ai, bj))
            m = np.where(valid, nij, 1)
            p = (fact[ai] * fact[bj] * fact[n - ai] * fact[n - bj]
                 / (fact[n] * fact[m] * fact[np.where(valid, ai - m, 0)] * fact[np.where(valid, bj - m, 0)]
                    * fact[np.where(valid, n - ai - bj + m, 0)]))
            emi += float(np.sum(np.where(valid, m / n * np.log(n * m / (ai * bj)) * p, 0.0)))
    return emi


@readings.reading("naive-expected-mutual-information", "AMI's expected mutual information from plain "
                  "factorials, which overflow float64 past 170!", ["adjusted_mutual_info_score"])
def _naive(metric, inputs, params):
    try:
        a, b = cl._labelings(inputs["labels_true"], inputs["labels_pred"])
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    table = cl._table(a, b)
    if min(table.shape) <= 1 or a.shape[0] <= 170:
        return SAME  # the degenerate rules, or factorials that still fit
    original = cl.expected_mutual_information
    cl.expected_mutual_information = _naive_emi
    try:
        return reference(metric, inputs, params)
    finally:
        cl.expected_mutual_information = original


@readings.reading("contingency-ignored", "mutual_info_score counts the labels even when a contingency table "
                  "is given", ["mutual_info_score"])
def _ignored(metric, inputs, params):
    if "contingency" not in params:
        return SAME
    return reference(metric, inputs, {k: v for k, v in params.items() if k != "contingency"})


def _faithful(metric, inputs, params):
    return reference(metric, inputs, params)


FAMILY = Family(
    name="clustering",
    readings=tuple(readings.readings),
    model=readings.model(_faithful),
    owns=lambda case: case["metric"] in METRICS and "string-labels" not in case["tags"],
    cases=generated_cases,
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
