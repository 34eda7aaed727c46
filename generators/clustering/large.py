"""Large inputs: where the arithmetic, not the definition, decides.

* AMI and NMI at n = 10⁵ over hundreds of clusters: the expected mutual information
  sums ~10⁷ hypergeometric terms whose factorials are far beyond float64 (170! is the
  largest), so they must be taken in log space.
* Pair counts past 2³¹: at n = 60,000 there are 3.6·10⁹ ordered pairs, so 32-bit pair
  counts wrap.
* Feature values of 10¹⁰⁰ (squares 10²⁰⁰, still finite) and 10⁻¹⁰⁰ for the silhouette,
  Calinski-Harabasz and Davies-Bouldin.

The labelings are drawn from the case id (generators.oracle.rng_for); together they add
a few MB to the corpus.
"""

from __future__ import annotations

import numpy as np

from generators.clustering._common import POINT_METRICS, each_points, pair_case
from generators.oracle import rng_for

N_INFO, CLUSTERS = 100_000, 300
N_PAIRS = 60_000


def _ints(a) -> list[int]:
    return [int(v) for v in a]


def information():
    for metric in ("adjusted_mutual_info_score", "normalized_mutual_info_score"):
        slug = f"long/n={N_INFO}/clusters={CLUSTERS}"
        rng = rng_for(f"{metric}/{slug}")
        a = rng.integers(0, CLUSTERS, N_INFO)
        b = np.where(rng.random(N_INFO) < 0.3, a, rng.integers(0, CLUSTERS - 50, N_INFO))
        yield pair_case(metric, slug, _ints(a), _ints(b), tags=["long-input", "many-classes"],
                        description=f"{N_INFO} samples, {CLUSTERS} true clusters and {CLUSTERS - 50} predicted, "
                        "30% of the predictions copied from the truth. The expected mutual information of AMI "
                        "is a sum of ~10^7 hypergeometric terms whose factorials overflow float64 unless taken "
                        "as logarithms.")


def pair_counts():
    slug = f"long/n={N_PAIRS}"
    for metric in ("adjusted_rand_score", "rand_score", "pair_confusion_matrix", "fowlkes_mallows_score"):
        rng = rng_for(f"{metric}/{slug}")
        a = rng.integers(0, 10, N_PAIRS)
        b = np.where(rng.random(N_PAIRS) < 0.6, a, rng.integers(0, 10, N_PAIRS))
        yield pair_case(metric, slug, _ints(a), _ints(b), tags=["long-input"],
                        description=f"{N_PAIRS} samples in 10 clusters: {N_PAIRS}^2 = 3.6e9 ordered pairs, past "
                        "2^31, so pair counts held in 32-bit integers wrap around.")


def magnitudes():
    base = np.array([[0, 0], [1, 0], [0, 2], [6, 5], [7, 6], [6, 7], [0, 9], [1, 8], [2, 9]], dtype=float)
    labels = [0, 0, 0, 1, 1, 1, 2, 2, 2]
    for scale, tag in ((1e100, "huge-values"), (1e-100, "tiny-values")):
        yield from each_points(
            POINT_METRICS, f"three-blobs/scale={scale:g}", (base * scale).tolist(), labels, tags=[tag],
            description=f"The three blobs scaled by {scale:g}: the silhouette and Calinski-Harabasz do not "
            "change (ratios of distances); Davies-Bouldin does not either at 1e100, but at 1e-100 every "
            "within-cluster spread is below scikit-learn's isclose tolerance (1e-8), so it returns 0.0.")


# Davies-Bouldin stops at 1e4: at 1e5 its bound passes 1e-3 (rounding noise, left out).
OFFSETS = {"calinski_harabasz_score": {"1e4": 1e4, "1e6": 1e6, "1e7": 1e7},
           "davies_bouldin_score": {"1e4": 1e4}}


def offsets():
    """Two clusters on a line at a large offset with a small spread (noise of 0.1, drawn from the
    id).  scikit-learn's answer carries its rounding there (its mean subtraction, its euclidean
    distances by the dot-product expansion), beyond rtol 1e-9 for Calinski-Harabasz at 1e7 and for
    Davies-Bouldin from 1e4: each case stores the tolerance its conditioning allows
    (conformance/conditioning.py, docs/decisions/0046), so an exact library passes it.
    Davies-Bouldin from 1e5 is rounding noise (a bound past 1e-3) and is left out."""
    for metric, offsets_ in OFFSETS.items():
        for name, offset in offsets_.items():
            slug = f"large-offset/offset={name}"
            rng = rng_for(f"{metric}/{slug}")
            x = offset + np.concatenate([rng.normal(0.0, 0.1, 6), 1.0 + rng.normal(0.0, 0.1, 6)])
            yield from each_points(
                (metric,), slug, [[float(v)] for v in x], [0] * 6 + [1] * 6, tags=["large-offset"],
                description=f"Two clusters of six points on a line, at {name} + [0, 1] with noise of standard "
                "deviation 0.1: scikit-learn's rounding is part of its answer; the case's tolerance is the "
                "bound its conditioning allows (decision 0046).")


def cases():
    for part in (information, pair_counts, magnitudes, offsets):
        yield from part()
