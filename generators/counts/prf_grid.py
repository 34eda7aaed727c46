"""Seeded random cases for the five precision/recall/F functions.

The grid is a union of slices, each crossing ``average`` with one other axis
(the full product would be tens of thousands of cases):

* zero_division: every average x every zero_division value;
* labels: the non-binary averages x labels mode x zero_division in {warn, nan};
* weights: every average x weights mode;
* beta (fbeta_score and precision_recall_fscore_support): beta x average.

A case's id spells its slice's parameter values plus an index, and its inputs
are drawn from ``rng_for(id)``: adding or removing other cases never changes it.
"""

from __future__ import annotations

from generators.counts._common import (
    FBETA_DEFAULT,
    INF,
    LABEL_MODE_TAGS,
    NAN,
    PRF,
    WEIGHT_MODE_TAGS,
    draw_label_list,
    draw_targets,
    draw_weights,
    fmt,
    prf_case,
)
from generators.oracle import rng_for

AVERAGES = (None, "binary", "micro", "macro", "weighted")
ZERO_DIVISIONS = ("warn", 0, 1, 0.0, 1.0, NAN)
PER_COMBINATION = 2


def _one(metric, slug, params, *, labels_mode="none", weights_mode="none", tags=()):
    """One grid case: draws its inputs from its own id, then lets scikit-learn answer."""
    if metric == "fbeta_score":
        params = {"beta": FBETA_DEFAULT, **params}
    beta = params.get("beta")
    beta_part = f"beta={fmt(beta)}/" if beta is not None else ""
    slug = f"grid/{beta_part}{slug}"
    rng = rng_for(f"{metric}/{slug}")
    binary = params.get("average") == "binary"
    n_classes = 2 if binary else int(rng.integers(2, 6))
    yt, yp = draw_targets(rng, n_classes)
    labels = draw_label_list(rng, labels_mode, n_classes, yt, yp)
    if labels is not None:
        params = {**params, "labels": labels}
    weights = draw_weights(rng, weights_mode, len(yt))
    tags = ["grid", *tags, *LABEL_MODE_TAGS[labels_mode], *WEIGHT_MODE_TAGS[weights_mode]]
    return prf_case(metric, slug, yt, yp, params, sample_weight=weights, tags=tags)


def zero_division_slice(metric):
    for average in AVERAGES:
        for zd in ZERO_DIVISIONS:
            for i in range(PER_COMBINATION):
                yield _one(metric, f"average={fmt(average)}/zero_division={fmt(zd)}/{i}",
                           {"average": average, "zero_division": zd}, tags=["zero-division"])
    for zd in ("warn", 1, NAN):
        for i in range(PER_COMBINATION):
            yield _one(metric, f"average=binary/pos_label=0/zero_division={fmt(zd)}/{i}",
                       {"average": "binary", "pos_label": 0, "zero_division": zd}, tags=["zero-division", "pos-label"])


def labels_slice(metric):
    combos = [(a, m) for a in (None, "micro", "macro", "weighted") for m in ("subset", "absent", "range")]
    combos.append((None, "reordered"))  # order only shows in per-class output
    for average, mode in combos:
        for zd in ("warn", NAN):
            for i in range(PER_COMBINATION):
                yield _one(metric, f"average={fmt(average)}/labels={mode}/zero_division={fmt(zd)}/{i}",
                           {"average": average, "zero_division": zd}, labels_mode=mode, tags=["zero-division"])


def weights_slice(metric):
    for average in AVERAGES:
        for mode in ("float", "zeros"):  # integer weights: see the named sample-weight cases
            for i in range(PER_COMBINATION):
                yield _one(metric, f"average={fmt(average)}/weights={mode}/{i}", {"average": average},
                           weights_mode=mode)


BETAS = {
    "fbeta_score": (0, 0.5, 1e6, INF),  # beta=2 runs through every other slice
    "precision_recall_fscore_support": (0, 0.5, 2, INF),
}


def beta_slice(metric):
    for beta in BETAS.get(metric, ()):
        averages = AVERAGES if metric == "fbeta_score" else (None, "macro")
        for average in averages:
            for i in range(PER_COMBINATION):
                yield _one(metric, f"average={fmt(average)}/{i}", {"beta": beta, "average": average}, tags=["beta"])


def cases():
    for metric in PRF:
        for part in (zero_division_slice, labels_slice, weights_slice, beta_slice):
            yield from part(metric)
