"""The one counting pass every metric here is derived from.

``counts(y_true, y_pred, sample_weight)`` returns a :class:`Counts`: the sorted
labels seen in either array and a weighted confusion matrix over them, from one
pass over the samples: ``np.bincount`` of the combined index
``true_index * K + pred_index``.  Integer labels in a small range are their own
index (minus the smallest); any other labels are indexed by ``np.unique``.

Counts of batches add (``a + b``), aligning their label sets, so the counts of a
split input merged equal the counts of the whole (exactly, unless float weights
are summed in another order), and every metric is a function of the merged
value alone.  The matrix is dense, K x K: fine for thousands of classes, not for
millions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from conformance.reference._inputs import check_targets

# Fast path: integer labels whose range R = max - min + 1 is small enough that an
# R*R histogram costs no more than the samples themselves (or is at most 2**20 bins, 8 MB).
_FAST_PATH_MIN_BINS = 1 << 20
_INT_LIMIT = 1 << 62
# Samples per chunk of the combined index (at least; see _pair_histogram).
_CHUNK = 1 << 16


@dataclass(frozen=True, eq=False)
class Counts:
    """Sufficient statistics of one or more batches of (y_true, y_pred, sample_weight).

    ``labels``  : (K,) the distinct label values seen in y_true or y_pred, sorted.  A
                  label is "seen" whatever its weight (a label whose samples all weigh
                  0 is still a class, as in scikit-learn).
    ``matrix``  : (K, K) summed sample weight of each (true, predicted) pair, rows =
                  true label.  int64 when unweighted or the weights are integers
                  (summed in float64, exact up to 2**53), else float64.
    ``in_true`` : (K,) whether the label occurs in y_true (again whatever its weight);
                  confusion_matrix needs it to refuse ``labels`` with none in y_true.
    """

    labels: np.ndarray
    matrix: np.ndarray
    in_true: np.ndarray

    @classmethod
    def empty(cls) -> Counts:
        """The identity of ``+``: no samples."""
        return cls(np.array([], dtype=np.int64), np.zeros((0, 0), dtype=np.int64), np.zeros(0, dtype=bool))

    @property
    def n_classes(self) -> int:
        return self.labels.shape[0]

    def index(self) -> dict:
        """label value -> row/column.  Python equality, so 1, 1.0 and True are one label."""
        return {v: i for i, v in enumerate(self.labels.tolist())}

    def merge(self, other: Counts) -> Counts:
        """The counts of both batches together, over the union of their labels."""
        if other.n_classes == 0:
            return self
        if self.n_classes == 0:
            return other
        if (self.labels.dtype.kind in "UO") != (other.labels.dtype.kind in "UO"):
            raise ValueError("Mix of label input types (string and number)")
        labels = np.union1d(self.labels, other.labels)
        dtype = np.result_type(self.matrix.dtype, other.matrix.dtype)
        matrix = np.zeros((labels.shape[0],) * 2, dtype=dtype)
        in_true = np.zeros(labels.shape[0], dtype=bool)
        for part in (self, other):
            at = np.searchsorted(labels, part.labels)
            matrix[np.ix_(at, at)] += part.matrix
            in_true[at] |= part.in_true
        return Counts(labels, matrix, in_true)

    __add__ = merge


def _int_view(y: np.ndarray) -> np.ndarray | None:
    """``y`` itself if its labels are integers (bool, int), as int64 if they are
    integer-valued floats (check_targets has established that), else None (strings)."""
    if y.dtype.kind in "biu":
        return y
    if y.dtype.kind == "f":
        return y.astype(np.int64)
    return None


def _add(total, part):
    if total is None:
        return part
    total += part
    return total


def _pair_histogram(ti, pi, r: int, lo: int, w) -> tuple[np.ndarray, np.ndarray]:
    """(occurrences, weighted sums) of the pairs (t, p), as r x r arrays indexed
    [t - lo, p - lo]; the same array twice when unweighted.

    The combined index (t - lo) * r + (p - lo) is built chunk by chunk in one reused
    buffer and the chunks' histograms are added (counts add, as Counts do): the same
    arithmetic as one np.bincount over an n-long index, without allocating that index.
    """
    n, bins = ti.shape[0], r * r
    chunk = min(n, max(_CHUNK, 4 * bins))  # a chunk's histogram must cost little to add
    buffer = np.empty(chunk, dtype=np.intp)
    occurrences = summed = None
    for start in range(0, n, chunk):
        t, p = ti[start:start + chunk], pi[start:start + chunk]
        index = buffer[: t.shape[0]]
        np.multiply(t, np.intp(r), out=index, casting="unsafe")
        np.add(index, p, out=index, casting="unsafe")
        if lo:
            index -= lo * (r + 1)
        occurrences = _add(occurrences, np.bincount(index, minlength=bins))
        if w is not None:
            summed = _add(summed, np.bincount(index, weights=w[start:start + chunk], minlength=bins))
    if w is None:
        summed = occurrences
    elif w.dtype.kind in "biu":  # integer weights give an integer matrix, as in scikit-learn
        summed = summed.astype(np.int64)
    return occurrences.reshape(r, r), summed.reshape(r, r)


def _nonnegative_max(y: np.ndarray) -> int | None:
    """max(y) if y has no negative value, else None, in one pass: viewed as unsigned, a
    negative b-bit integer is >= 2**(b-1) and a non-negative one is below it."""
    if y.dtype.kind == "i":
        top = int(y.view(f"u{y.dtype.itemsize}").max())
        return top if top < 1 << (8 * y.dtype.itemsize - 1) else None
    return int(y.max())  # bool, unsigned


def _fits(lo: int, hi: int, n: int) -> bool:
    r = hi - lo + 1
    return -_INT_LIMIT < lo and hi < _INT_LIMIT and r * r <= max(4 * n, _FAST_PATH_MIN_BINS)


def _fast_counts(ti, pi, w, dtype) -> Counts | None:
    """Counts of integer labels through one r x r histogram, r = hi - lo + 1; None when
    that range is too wide to pay."""
    # The common case, labels 0..K-1, costs one max pass per array; otherwise min and max.
    ht, hp = _nonnegative_max(ti), _nonnegative_max(pi)
    lo, hi = (0, max(ht, hp)) if ht is not None and hp is not None else (None, None)
    if lo is None or not _fits(lo, hi, ti.shape[0]):
        lo, hi = min(int(ti.min()), int(pi.min())), max(int(ti.max()), int(pi.max()))
        if not _fits(lo, hi, ti.shape[0]):
            return None
    ti, pi = (y.astype(np.int64) if y.dtype == np.uint64 else y for y in (ti, pi))  # < 2**62 here
    r = hi - lo + 1
    occurrences, summed = _pair_histogram(ti, pi, r, lo, w)
    in_true_all = occurrences.any(axis=1)
    seen = in_true_all | occurrences.any(axis=0)
    if seen.all():  # the usual case: every value in [lo, hi] occurs
        return Counts(np.arange(lo, hi + 1).astype(dtype), summed, in_true_all)
    keep = np.flatnonzero(seen)
    return Counts((keep + lo).astype(dtype), summed[np.ix_(keep, keep)], in_true_all[keep])


def _general_counts(yt, yp, w) -> Counts:
    """Counts of any sortable labels: index them by np.unique over both arrays."""
    n = yt.shape[0]
    labels, inverse = np.unique(np.concatenate([yt, yp]), return_inverse=True)
    occurrences, summed = _pair_histogram(inverse[:n], inverse[n:], labels.shape[0], 0, w)
    return Counts(labels, summed, occurrences.any(axis=1))


def count_checked(yt: np.ndarray, yp: np.ndarray, w: np.ndarray | None) -> Counts:
    """Counts of already-checked 1-D arrays (see check_targets)."""
    if yt.shape[0] == 0:
        return Counts.empty()
    ti, pi = _int_view(yt), _int_view(yp)
    if ti is not None and pi is not None:
        fast = _fast_counts(ti, pi, w, np.result_type(yt.dtype, yp.dtype))
        if fast is not None:
            return fast
    return _general_counts(yt, yp, w)


def counts(y_true, y_pred, sample_weight=None) -> Counts:
    """The counts of one batch.

    Inputs are checked as the metric functions check them, except that an empty batch
    (giving ``Counts.empty()``) and a batch whose weights are all 0 are allowed: those
    two rules apply to a metric call as a whole, so a stream may be cut anywhere.
    """
    return count_checked(*check_targets(y_true, y_pred, sample_weight, whole_call=False))
