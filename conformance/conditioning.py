"""How exactly a call's answer is determined in float64: the conditioning rule (decision 0046).

Some inputs leave a metric's float64 answer determined only to well past the corpus tolerance
(rtol 1e-9), whatever order the arithmetic takes: points at a large offset with a small spread,
a constant X whose mean does not round exactly, an adjusted mutual information whose MI and EMI
nearly cancel.  scikit-learn's answer there carries its own rounding; an exact library (or one
that merely rounds in another order) gives another answer and is no less right.

:func:`relative_error` bounds, from the inputs alone, the relative error a faithful float64
computation of the metric may carry.  It is a bound, pessimistic by design (each rounding taken at
its worst), so that scikit-learn's own error and an exact answer both lie within it.  Three
outcomes (:func:`tolerance`):

* the bound is within the corpus's rtol: the ordinary comparison;
* it lies between the corpus's rtol and :data:`UNDETERMINED`: the call is compared with
  rtol = the bound (a corpus case stores it as its ``tolerance``, written by the generator);
* it reaches :data:`UNDETERMINED`: the value is not determined (rounding noise; a constant X's
  Calinski-Harabasz).  The corpus holds no such case; the fuzzer judges such a call only on
  whether it is a value or a refusal, and counts it apart.

The rules, one per metric (the others are well conditioned on every input the corpus holds):

* ``calinski_harabasz_score``: the means carry an error of up to eta = (8 + log2 n)·eps·M
  (M the largest |x|; numpy's pairwise sums), so the within-cluster dispersion W = sum (x - mu_k)^2
  moves by up to (2t + t^2)·W with t = eta·sqrt(n / W), and the between-cluster B likewise with
  2·eta.  W and B are measured on X shifted to its first row, where the offset has cancelled.
* ``davies_bouldin_score``: scikit-learn's euclidean distances expand ||a - b||^2 as
  ||a||^2 - 2a·b + ||b||^2, an absolute error of up to delta = 4(p + 2)·eps·M^2 (M the largest
  row norm, p the features) in each squared distance: a distance d moves by up to
  min(sqrt(delta), delta / 2d).  The bound is the largest relative error of a ratio (s_i + s_j) / d_ij.
* ``adjusted_mutual_info_score``: EMI sums terms exp(ln a! + ...) whose logarithms reach ln n!,
  each rounded (scipy's gammaln against C's lgamma differ in the last bit), so EMI moves by up to
  8·ln(n!)·eps·EMI, which (MI - EMI) / (H - EMI) amplifies by EMI / |MI - EMI|.
"""

from __future__ import annotations

import math

import numpy as np

EPS = float(np.finfo(np.float64).eps)
UNDETERMINED = 1e-3  # a bound this large: the value is rounding noise, not judged (decision 0046)


def relative_error(metric: str, inputs: dict) -> float:
    """A bound on the relative error of a float64 computation of this call (0.0: no rule, or an
    input the metric refuses).  ``inputs``: decoded, by the metric's parameter names."""
    rule = _RULES.get(metric)
    if rule is None:
        return 0.0
    try:
        with np.errstate(all="ignore"):
            bound = rule(inputs)
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, ZeroDivisionError):
        return 0.0  # a call the metric refuses: its refusal is judged, not its rounding
    return bound if bound == bound else math.inf  # NaN: nothing is determined


def tolerance(metric: str, inputs: dict, rtol: float) -> float | None:
    """The rtol this call is judged with: ``rtol``, or the conditioning bound where it is larger;
    None where the value is not determined (the bound reaches :data:`UNDETERMINED`)."""
    bound = relative_error(metric, inputs)
    if bound >= UNDETERMINED:
        return None
    return max(rtol, bound)


def _points(inputs: dict):
    x = np.asarray(inputs["X"], dtype=np.float64)
    labels = np.asarray(inputs["labels"])
    if x.ndim != 2 or labels.ndim != 1 or x.shape[0] != labels.shape[0] or not np.isfinite(x).all():
        raise ValueError("not a call the metric answers")
    _, codes = np.unique(labels, return_inverse=True)
    k = int(codes.max()) + 1 if codes.size else 0
    if not 1 < k < x.shape[0]:
        raise ValueError("not a call the metric answers")
    return x, codes.ravel(), k


def _centres(d: np.ndarray, codes: np.ndarray, k: int) -> np.ndarray:
    return np.stack([d[codes == c].mean(axis=0) for c in range(k)])


def _calinski_harabasz(inputs: dict) -> float:
    x, codes, k = _points(inputs)
    n = x.shape[0]
    eta = (8 + math.log2(n)) * EPS * float(np.abs(x).max())
    if eta == 0.0:
        return 0.0  # X all zeros: every sum is exact
    d = x - x[0]  # the offset cancels (exactly, for points within a factor 2 of the first)
    centres = _centres(d, codes, k)
    w = float(np.sum((d - centres[codes]) ** 2))
    sizes = np.bincount(codes, minlength=k)
    b = float(np.sum(sizes * np.sum((centres - d.mean(axis=0)) ** 2, axis=1)))
    if w == 0.0:
        # each cluster is one point repeated: 1.0 by scikit-learn's rule, reached only where
        # every cluster's mean rounds back to its point
        means = _centres(x, codes, k)
        return 0.0 if np.array_equal(means[codes], x) else math.inf
    if b == 0.0:
        # identical centres: B is exactly 0 (and so the score) when every sum is exact (values on a
        # binary grid) and the centres are one point; otherwise rounding decides B's sign and size
        exact = _exact_products(x) and np.all(_centres(x, codes, k) == x.mean(axis=0))
        return 0.0 if exact else math.inf
    tw, tb = eta * math.sqrt(n / w), 2 * eta * math.sqrt(n / b)
    return (2 * tw + tw * tw) + (2 * tb + tb * tb)


def _exact_products(*arrays: np.ndarray) -> bool:
    """Are all these values multiples of one 2^-q small enough that every product and sum of
    squares the expansion takes is exact in float64 (integer grids, halves, quarters)?"""
    top = max(float(np.abs(a).max()) for a in arrays)
    width = max(a.shape[-1] for a in arrays)
    for q in range(0, 27):
        scaled = [a * 2.0 ** q for a in arrays]
        if all(np.array_equal(s, np.round(s)) for s in scaled):
            return (top * 2.0 ** q) ** 2 * 4 * width < 2.0 ** 53
    return False


def _davies_bouldin(inputs: dict) -> float:
    x, codes, k = _points(inputs)
    norm = float(np.sqrt(np.einsum("ij,ij->i", x, x)).max())
    delta = 4 * (x.shape[1] + 2) * EPS * norm * norm
    mean_error = (8 + math.log2(x.shape[0])) * EPS * float(np.abs(x).max()) * math.sqrt(x.shape[1])
    means = _centres(x, codes, k)
    sizes = np.bincount(codes, minlength=k)
    sums = np.stack([x[codes == c].sum(axis=0) for c in range(k)])
    if _exact_products(x, means) and np.array_equal(means * sizes[:, None], sums):
        delta = mean_error = 0.0  # small dyadic values: the expansion and the means are exact
    if delta == 0.0:
        return 0.0
    d = x - x[0]
    centres = _centres(d, codes, k)
    to_centre = np.sqrt(np.sum((d - centres[codes]) ** 2, axis=1))
    between = np.sqrt(np.sum((centres[:, None, :] - centres[None, :, :]) ** 2, axis=2))

    def moved(dist):  # the error of a distance computed by the expansion, its centroid rounded
        with np.errstate(divide="ignore"):
            return np.minimum(math.sqrt(delta), delta / (2 * dist)) + mean_error

    spread = np.array([to_centre[codes == c].mean() for c in range(k)])
    spread_error = np.array([moved(to_centre[codes == c]).mean() for c in range(k)])
    if not spread.any():
        # every cluster is one point repeated: 0.0, reached only where the noise stays under
        # scikit-learn's isclose threshold (1e-8)
        return 0.0 if float(spread_error.max()) <= 1e-8 else math.inf
    worst = 0.0
    for i in range(k):
        for j in range(k):
            if i == j or between[i, j] == 0.0:
                continue
            total = spread[i] + spread[j]
            part = (spread_error[i] + spread_error[j]) / total if total > 0 else 0.0
            worst = max(worst, part + float(moved(between[i, j])) / between[i, j])
    return worst


def _adjusted_mutual_info(inputs: dict) -> float:
    from conformance.reference import _clustering as ref

    a, b = ref._labelings(inputs["labels_true"], inputs["labels_pred"])
    table = ref._table(a, b)
    n = a.shape[0]
    if min(table.shape) <= 1 or n < 2:
        return 0.0  # 1.0 or 0.0 by rule, no arithmetic
    emi = ref.expected_mutual_information(table, n)
    mi = ref._mutual_info(table)
    entropies = ref._entropy(table.sum(axis=1)), ref._entropy(table.sum(axis=0))
    moved = 8 * math.lgamma(n + 1.0) * EPS * emi + 8 * n * EPS * max(mi, *entropies)
    gap, room = abs(mi - emi), abs(min(entropies) - emi)  # the smallest normalizer any average gives
    if gap <= EPS or room <= EPS:
        return 0.0  # scikit-learn clamps both differences at eps: its rule decides, not the rounding
    return moved / gap + moved / room


_RULES: dict = {
    "calinski_harabasz_score": _calinski_harabasz,
    "davies_bouldin_score": _davies_bouldin,
    "adjusted_mutual_info_score": _adjusted_mutual_info,
}
METRICS = frozenset(_RULES)  # the metrics a rule covers
