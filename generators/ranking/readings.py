"""The ranking family's wrong readings.

This module generates nothing.  The faithful model is the reference
(conformance/reference/_ranking.py); each reading is the reference with one rule misread,
the porting traps of these metrics:

* the discount's logarithm: natural instead of base 2, or ``log_base`` ignored;
* ties under ``ignore_ties=False`` broken by input position instead of averaged;
* ``k`` applied before sorting (the first k items in input order), and NDCG's ideal DCG
  taken without the k cut;
* LRAP scoring a row with no relevant label 0 instead of 1;
* the ranking loss as a count of misordered pairs, not divided by the number of pairs;
* the coverage of Tsoumakas et al., one less than scikit-learn's.

``python -m generators.ranking.readings`` checks that each reading is caught by a case
tagged ``wrong-reading-<name>`` (generators/readings.py).
"""

from __future__ import annotations

import math
import sys

import numpy as np

from conformance.reference import _ranking as rk
from generators.ranking import cases as generated_cases
from generators.ranking._common import GAIN_METRICS, METRICS
from generators.readings import SAME, Family, Refused, Registry, main, reference

readings = Registry()


def _arrays(inputs):
    try:
        return rk._inputs(inputs["y_true"], inputs["y_score"], inputs.get("sample_weight"))
    except ValueError as exc:
        raise Refused(str(exc)) from exc


@readings.reading("natural-log-discount", "DCG's discount 1 / ln(r + 1) (natural log) instead of 1 / log2(r + 1)",
                  ["dcg_score"])
def _natural(metric, inputs, params):
    if "log_base" in params:
        return SAME
    return reference(metric, inputs, {**params, "log_base": math.e})


@readings.reading("log-base-ignored", "DCG's discount always in base 2, whatever log_base says", ["dcg_score"])
def _ignored(metric, inputs, params):
    return reference(metric, inputs, {k: v for k, v in params.items() if k != "log_base"})


@readings.reading("ties-by-position", "tied scores ranked in input order (a stable sort) instead of sharing "
                  "their mean gain (ignore_ties=False)", GAIN_METRICS)
def _by_position(metric, inputs, params):
    if params.get("ignore_ties", False):
        return SAME
    reference(metric, inputs, params)  # its refusals first
    t, s, w = _arrays(inputs)
    order = np.argsort(-s, axis=1, kind="stable")
    k = params.get("k")
    base = params.get("log_base", 2)
    discount = rk._discount(t.shape[1], k, base)
    gains = np.take_along_axis(t, order, axis=1) @ discount
    if metric == "ndcg_score":
        ideal = np.sort(t, axis=1)[:, ::-1] @ discount
        gains = np.where(ideal != 0, gains / np.where(ideal != 0, ideal, 1), 0.0)
    return float(np.average(gains, weights=w))


@readings.reading("k-before-sorting", "k keeps the first k items in input order, then ranks them",
                  GAIN_METRICS)
def _k_first(metric, inputs, params):
    k = params.get("k")
    if k is None or k < 2:
        return SAME  # a cut to one column is a call scikit-learn refuses, not a reading of k
    reference(metric, inputs, params)
    cut = {**inputs, "y_true": np.asarray(inputs["y_true"])[:, :k], "y_score": np.asarray(inputs["y_score"])[:, :k]}
    return reference(metric, cut, {n: v for n, v in params.items() if n != "k"})


@readings.reading("ideal-without-k", "NDCG divides DCG@k by the ideal DCG of the whole row, not the ideal DCG@k",
                  ["ndcg_score"])
def _ideal_full(metric, inputs, params):
    k = params.get("k")
    if k is None:
        return SAME
    reference(metric, inputs, params)
    t, s, w = _arrays(inputs)
    gain = rk._dcg_rows(t, s, k, 2, params.get("ignore_ties", False))
    ideal = np.sort(t, axis=1)[:, ::-1] @ rk._discount(t.shape[1], None, 2)
    return float(np.average(np.where(ideal != 0, gain / np.where(ideal != 0, ideal, 1), 0.0), weights=w))


@readings.reading("lrap-empty-row-zero", "LRAP scores a row with no relevant label 0 instead of 1",
                  ["label_ranking_average_precision_score"])
def _lrap_zero(metric, inputs, params):
    value = reference(metric, inputs, params)
    t, s, w = _arrays(inputs)
    empty = (t != 0).sum(axis=1) == 0
    if not empty.any():
        return SAME
    rows = np.where(empty, 0.0, rk._lrap_rows(t != 0, s))
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(rows.mean()) if w is None else float(np.sum(rows * w) / np.sum(w))


@readings.reading("ranking-loss-unnormalised", "the ranking loss counts misordered (relevant, irrelevant) pairs "
                  "without dividing by the number of pairs", ["label_ranking_loss"])
def _unnormalised(metric, inputs, params):
    reference(metric, inputs, params)
    t, s, w = _arrays(inputs)
    return float(np.average(rk._misordered(t != 0, s), weights=w))


@readings.reading("coverage-minus-one", "coverage counted as Tsoumakas et al. do, one less than scikit-learn's "
                  "for every row with a relevant label", ["coverage_error"])
def _minus_one(metric, inputs, params):
    reference(metric, inputs, params)
    t, s, w = _arrays(inputs)
    relevant = t != 0
    lowest = np.where(relevant, s, np.inf).min(axis=1, keepdims=True)
    coverage = np.where(relevant.any(axis=1), (s >= lowest).sum(axis=1) - 1, 0)
    return float(np.average(coverage, weights=w))


def _faithful(metric, inputs, params):
    return reference(metric, inputs, params)


FAMILY = Family(
    name="ranking",
    readings=tuple(readings.readings),
    model=readings.model(_faithful),
    owns=lambda case: case["metric"] in METRICS,
    cases=generated_cases,
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
