"""Per-label sums: the 2 x 2 (one-vs-rest) view that precision/recall/F, Jaccard and
multilabel_confusion_matrix read.

For each selected label ``c`` a :class:`LabelSums` holds three weighted counts,

    tp[c]   = weight of the samples with c true and c predicted
    pred[c] = weight of the samples with c predicted        (= TP + FP)
    true[c] = weight of the samples with c true             (= TP + FN, the support)

and the total weight, from which ``fn``, ``fp`` and ``tn`` follow.  Two sources:

* :func:`sums_from_counts` -- binary/multiclass labels, read off the K x K matrix of
  :class:`~conformance.reference._counts.Counts` (no second pass over the samples);
* :func:`indicator_sums` -- multilabel indicator matrices, one column per label, either
  per label (a column sum) or, for ``average="samples"``, per sample (a row sum).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from conformance.reference._counts import Counts


@dataclass(frozen=True)
class LabelSums:
    tp: np.ndarray
    pred: np.ndarray
    true: np.ndarray
    total: np.ndarray | float  # all samples' weight (per sample for samplewise sums)

    @property
    def fp(self) -> np.ndarray:
        return self.pred - self.tp

    @property
    def fn(self) -> np.ndarray:
        return self.true - self.tp

    @property
    def tn(self) -> np.ndarray:
        return self.total - self.tp - self.fp - self.fn


def sums_from_counts(c: Counts, labels=None) -> LabelSums:
    """One-vs-rest sums of every class of ``c`` (sorted), or of ``labels`` in their order.

    The sums run over ALL samples: a sample whose true or predicted label is not in
    ``labels`` still counts in the FP or FN of the requested label it touches, and in the
    total (so in TN).  A requested label the data never shows gets zeros; a label requested
    twice is repeated.
    """
    tp, true, pred = np.diagonal(c.matrix), c.matrix.sum(axis=1), c.matrix.sum(axis=0)
    if labels is not None:
        index = c.index()
        # Position -1 picks the 0 appended at the end.
        at = np.array([index.get(v, -1) for v in np.asarray(labels).tolist()], dtype=np.intp)
        tp, true, pred = (np.append(a, 0)[at] for a in (tp, true, pred))
    return LabelSums(tp, pred, true, c.matrix.sum())


def select_columns(n_columns: int, labels) -> np.ndarray | None:
    """The column indices that ``labels`` selects in an indicator matrix (None: all).

    For multilabel input ``labels`` are column indices.  scikit-learn checks their range
    only when they differ from ``0..n-1`` (after appending the missing columns), and then
    refuses an index above n-1 or below 0 -- it does not wrap negative indices.
    """
    if labels is None:
        return None
    labels = np.asarray(labels)
    if labels.size and (labels.max() > n_columns - 1 or labels.min() < 0):
        raise ValueError(f"All labels must be in [0, n labels) for multilabel targets. Got {labels.tolist()}")
    return labels.astype(np.intp)


def indicator_sums(y_true: np.ndarray, y_pred: np.ndarray, sample_weight=None, labels=None,
                   samplewise: bool = False) -> LabelSums:
    """Sums of indicator matrices (checked by check_indicator_targets), per label or per sample.

    A cell is positive when it is non-zero (scikit-learn stores the matrices sparse and
    counts stored entries), so a {1, 2} matrix is all positives.  Per sample, each count
    is the row's count times the sample's weight, so a weight-0 sample has 0/0 ratios
    (zero_division) that then weigh nothing in the weighted mean.
    """
    columns = select_columns(y_true.shape[1], labels)
    if columns is not None:
        y_true, y_pred = y_true[:, columns], y_pred[:, columns]
    t, p = y_true != 0, y_pred != 0
    n_samples, n_labels = t.shape
    w = np.ones(n_samples, dtype=np.int64) if sample_weight is None else sample_weight
    if samplewise:  # one 2 x 2 table per sample: sums along the row, times the weight
        return LabelSums(*((m.sum(axis=1) * w) for m in (t & p, p, t)), w * n_labels)
    # one 2 x 2 table per label: weighted sums down the column
    return LabelSums(*((m * w[:, None]).sum(axis=0) for m in (t & p, p, t)), w.sum())
