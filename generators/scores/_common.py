"""Helpers shared by the score-family generators.

Every case goes through :func:`case`, which names the score input the way
the function's own signature does (``y_score``, ``y_proba`` or ``y_prob``),
adds the tags that follow from the case's shape (``sample-weight``,
``spec-derived``) and checks that a case written as an error really is one,
and the other way round, so a surprise in the oracle stops generation.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from conformance import registry
from generators.counts._common import INF, NAN, NICE_WEIGHTS, fmt, wrong  # noqa: F401  (re-exported)
from generators.oracle import draw_weights as oracle_draw_weights, make_case, rng_for  # noqa: F401  (re-exported)
from generators.scores.ece_oracle import expected_calibration_error as ece_oracle

# The name of the score argument, as each function spells it in scikit-learn (its registry entry).
SCORE_INPUT = {name: metric.input_names()[1] for name, metric in registry.METRICS.items() if metric.family == "scores"}
SPEC_DERIVED = {"expected_calibration_error": ece_oracle}


def case(metric, slug, y_true, scores, params=None, *, sample_weight=None, tags=(), description=None):
    """One corpus case ``<metric>/<slug>``; scikit-learn (or the spec-derived oracle) supplies ``expected``."""
    inputs = {"y_true": y_true, SCORE_INPUT[metric]: scores}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    tags = set(tags)
    if sample_weight is not None:
        tags.add("sample-weight")
    oracle = SPEC_DERIVED.get(metric)
    if oracle is not None:
        tags.add("spec-derived")
    made = make_case(f"{metric}/{slug}", metric, inputs, params, sorted(tags), description, oracle=oracle)
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(
            f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but the oracle gave "
            f"{made['expected']}"
        )
    return made


# --- random inputs for the grids ----------------------------------------------------------

TENTHS = [i / 10 for i in range(11)]  # 0.0, 0.1, ..., 1.0: ties, and values on bin edges


def draw_n(rng: np.random.Generator, low: int = 4, high: int = 16) -> int:
    return int(rng.integers(low, high + 1))


def draw_binary_target(rng: np.random.Generator, n: int, labels=(0, 1)) -> list:
    """n labels from a pair, both present (the second at least once, the first at least once)."""
    y = rng.choice(2, n, p=[0.5, 0.5] if rng.random() < 0.5 else [0.7, 0.3])
    y[0], y[-1] = 0, 1
    rng.shuffle(y)
    return [labels[int(v)] for v in y]


def draw_scores(rng: np.random.Generator, n: int, mode: str) -> list:
    """Scores for ``mode``:

    * ties: multiples of 0.1 in [0, 1], so equal scores are common;
    * continuous: arbitrary doubles in [0, 1) (they round-trip through JSON exactly);
    * decision: decision-function values, two decimals, mostly outside [0, 1];
    * extremes: 0, 1, values at and around the float64 machine epsilon, and ties.
    """
    if mode == "ties":
        return [float(v) for v in rng.choice(TENTHS, n)]
    if mode == "continuous":
        return [float(v) for v in rng.random(n)]
    if mode == "decision":
        return [round(float(v), 2) for v in rng.normal(0.0, 2.0, n)]
    if mode == "extremes":
        pool = [0.0, 1.0, 1e-300, 1e-16, 2.220446049250313e-16, 1e-15, 0.5, 0.9999999999999998, 1 - 1e-16]
        return [float(v) for v in rng.choice(pool, n)]
    raise ValueError(mode)


def draw_probability_rows(rng: np.random.Generator, n: int, k: int, mode: str) -> list:
    """(n, k) probabilities: ``ties`` (small integers over their sum: ties within and across
    rows), ``continuous`` (Dirichlet draws) or ``extremes`` (one-hot rows, some rows with a 0
    where the true class may be, the rest Dirichlet)."""
    if mode == "ties":
        rows = []
        for _ in range(n):
            c = rng.integers(0, 4, k)
            if not c.any():
                c[int(rng.integers(0, k))] = 1
            rows.append([float(v) for v in c / c.sum()])
        return rows
    if mode == "continuous":
        return [[float(v) for v in row] for row in rng.dirichlet(np.ones(k), n)]
    if mode == "extremes":
        rows = [[float(v) for v in row] for row in rng.dirichlet(np.full(k, 0.5), n)]
        for i in range(n):
            if rng.random() < 0.4:
                rows[i] = [0.0] * k
                rows[i][int(rng.integers(0, k))] = 1.0
        return rows
    raise ValueError(mode)


def draw_multiclass_target(rng: np.random.Generator, n: int, k: int, *, all_present=True) -> list:
    """n labels over 0..k-1; with ``all_present`` every class occurs at least once (n >= k)."""
    y = list(rng.integers(0, k, n))
    if all_present:
        y[:k] = range(k)
        rng.shuffle(y)
    return [int(v) for v in y]


# The zero-weight tag promises a weight of 0: the score grids' "zeros" mode always has one.
draw_weights = partial(oracle_draw_weights, some_zero=True)


WEIGHT_TAGS = {"none": [], "int": [], "float": ["fractional-weight"], "zeros": ["zero-weight"]}
SCORE_TAGS = {"ties": ["ties"], "continuous": [], "decision": ["decision-values"], "extremes": ["probability-bounds"]}
