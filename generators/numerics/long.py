"""Long inputs: 10^5 samples, written short (one- and two-digit integers).

* r2_score: targets 10..99, predictions off by -30..30.  Every sum is a sum of integers,
  exact in float64 in any order, but past 2^24 (16.8 million) a float32 accumulator
  drops units: a left-to-right float32 loop is off by ~6e-4 (numpy's pairwise float32
  sums stay within 1e-8: only the plain loop is caught).
* matthews_corrcoef and cohen_kappa_score: two balanced classes.  scikit-learn turns
  the counts into float64 before multiplying; products of two marginals (~2.5e9) pass
  2^31, and MCC's product of the two covariances (~2.5e19) passes 2^63.

The vectors are drawn from the case id; the whole part adds about 2 MB to the corpus.
"""

from __future__ import annotations

import numpy as np

from generators.numerics._common import case, ints, rng_for, wrong

N = 100_000


def regression():
    slug = f"long/n={N}"
    rng = rng_for(f"r2_score/numerics/{slug}")
    y_true = rng.integers(10, 100, N)
    y_pred = y_true + rng.integers(-30, 31, N)
    yield case("r2_score", slug, ints(y_true), ints(y_pred),
               tags=["long-input", "integer-values", *wrong("float32-accumulation")],
               description=f"{N} integer targets in 10..99, predictions off by -30..30. Every sum is exact in "
               "float64 in any order; the sums of squares (3e7 and 7e7) pass float32's 2^24, so a left-to-right "
               "float32 accumulator is off by ~6e-4 relative and is caught even at a float32 port's rtol 1e-6 "
               "(numpy's pairwise float32 sums, off by ~7e-9, are not).")


def labels():
    slug = f"long/n={N}"
    rng = rng_for(f"matthews_corrcoef/numerics/{slug}")
    y_true = rng.integers(0, 2, N)
    y_pred = np.where(rng.random(N) < 0.8, y_true, 1 - y_true)
    yield case("matthews_corrcoef", slug, ints(y_true), ints(y_pred),
               tags=["long-input", *wrong("int32-count-products", "int64-count-products")],
               description=f"{N} binary labels, 80% agreement. scikit-learn's MCC multiplies float64 "
               "sums: n_correct * n (~8e9) passes 2^31 and cov(y_pred) * cov(y_true) (~2.5e19) passes 2^63, so "
               "the same formula on 32-bit or on 64-bit integer counts wraps and is caught.")
    rng = rng_for(f"cohen_kappa_score/numerics/{slug}")
    y1 = rng.integers(0, 2, N)
    y2 = np.where(rng.random(N) < 0.7, y1, 1 - y1)
    yield case("cohen_kappa_score", slug, ints(y1), ints(y2),
               tags=["long-input", *wrong("int32-count-products")],
               description=f"{N} binary labels, 70% agreement. The expected matrix is outer(column sums, row "
               "sums) / n: each product of two marginals (~2.5e9) passes 2^31, so 32-bit integer counts wrap "
               "and are caught (64-bit ones do not).")


def cases():
    yield from regression()
    yield from labels()
