"""Many classes: 1000 classes over a few thousand samples.

* ids 0..999, 2000 samples (every class twice in y_true, 60% predicted right): the
  macro averages run over 1000 per-class values, the kappa weights reach 998001, and a
  port that builds per-class structures in quadratic time or memory shows it here.
  No 1000 x 1000 confusion matrix is stored (a million entries, 2 MB of JSON).
* ids 2^24 .. 2^24 + 999 (16777216 ..): exact as integers and as float64, but float32
  holds only the even ones there, so a port that stores class ids as float32 merges
  each odd class with an even neighbour.  Only metrics without ``labels``-rewriting
  conventions are used (docs/conventions.md: classes=declared would list 2^24 classes).
"""

from __future__ import annotations

import numpy as np

from generators.numerics._common import case, ints, rng_for, wrong

K, N = 1000, 2000
BASE = 2**24  # float32's integers end here: 2^24 + 1 is not a float32


def _draw(rng, base=0):
    y_true = np.repeat(np.arange(K), N // K)
    rng.shuffle(y_true)
    y_pred = np.where(rng.random(N) < 0.6, y_true, rng.integers(0, K, N))
    return ints(base + y_true), ints(base + y_pred)


MANY = (
    ("f1_score", {"average": "macro"}),
    ("precision_score", {"average": "macro"}),
    ("recall_score", {"average": "macro"}),
    ("balanced_accuracy_score", {}),
    ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {}),
    ("cohen_kappa_score", {"weights": "quadratic"}),
)


def many_classes():
    for metric, params in MANY:
        slug = f"many-classes/k={K}" + "".join(f"/{k}={v}" for k, v in params.items())
        y_true, y_pred = _draw(rng_for(f"{metric}/numerics/{slug}"))
        mcc = metric == "matthews_corrcoef"
        yield case(metric, slug, y_true, y_pred, params,
                   tags=["many-classes", *wrong(*(["int32-count-products"] if mcc else []))],
                   description=f"{K} classes (ids 0..{K - 1}), {N} samples: every class twice in the truth, 60% "
                   "predicted right, the rest predicted at random. A scale case: the value is an ordinary "
                   f"average over {K} classes" + (", with quadratic weights up to 998001" if params.get("weights")
                                                  else "") + "."
                   + (" MCC's product of the two covariances (n^2 - sum of squared marginals, ~4e6 each) is "
                      "~1.6e13: on 32-bit integer counts it wraps and is caught." if mcc else ""))


def large_ids():
    for metric in ("accuracy_score", "balanced_accuracy_score", "matthews_corrcoef", "cohen_kappa_score"):
        slug = f"many-classes/k={K}/ids-from={BASE}"
        y_true, y_pred = _draw(rng_for(f"{metric}/numerics/{slug}"), base=BASE)
        mcc = metric == "matthews_corrcoef"
        readings = ["labels-as-float32", *(["int32-count-products"] if mcc else [])]
        yield case(metric, slug, y_true, y_pred, tags=["many-classes", "large-ids", *wrong(*readings)],
                   description=f"{K} classes with ids {BASE}..{BASE + K - 1} (2^24 and up), {N} samples. Exact "
                   "as integers and as float64; float32 spacing is 2 there, so storing ids as float32 merges each "
                   "odd id with an even neighbour (some wrong predictions become right) and is caught."
                   + (" So are 32-bit integer counts (the covariance product, ~1.6e13, wraps)." if mcc else ""))


def cases():
    yield from many_classes()
    yield from large_ids()
