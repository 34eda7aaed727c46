"""Many samples: the pair-counting metrics at conformance.regimes.LARGE_N samples (issue 36).

n(n-1)/2 pairs, and n**2, outgrow 32-bit integers past 2**16 samples.  torchmetrics 1.x's
adjusted_rand_score agrees with scikit-learn at 65,536 samples in two clusters and is off at
65,537 (docs/decisions/0045 has the measurement): so the case is the smallest size that shows it,
in two clusters (the cheapest JSON: one digit per label), drawn from a generator seeded by the id.
"""

from __future__ import annotations

import numpy as np

from conformance import registry, regimes
from conformance.forms import rng_for

PAIR_COUNTING = ("adjusted_rand_score", "rand_score", "pair_confusion_matrix", "fowlkes_mallows_score")
CLUSTERS = 2


def cases():
    from generators.regimes import case_id, made

    n = regimes.LARGE_N
    for name in PAIR_COUNTING:
        metric = registry.METRICS[name]
        cid = case_id(name, "", "large n")
        rng = rng_for(cid)
        truth = rng.integers(0, CLUSTERS, n)
        pred = np.where(rng.random(n) < 0.5, truth, rng.integers(0, CLUSTERS, n))
        inputs = {"labels_true": truth.tolist(), "labels_pred": pred.tolist()}
        assert ("labels_true", "large n") in regimes.shown(metric, inputs)
        yield made(metric, inputs, {}, cid, "large n",
                   f"{n:,} samples in {CLUSTERS} clusters, the smallest n whose n**2 exceeds 2**32: pair counts "
                   "held in 32-bit integers wrap around.")
