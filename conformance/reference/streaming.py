"""Streaming: the count metrics of data that arrives in batches.

A :class:`CountAccumulator` is fed batch by batch and answers, at any time, what the
metric function would answer on all the batches concatenated::

    acc = CountAccumulator()
    for y_true, y_pred, w in batches:
        acc.update(y_true, y_pred, sample_weight=w)
    acc.compute("f1_score", average="macro")
    # == conformance.reference.f1_score(all y_true, all y_pred, sample_weight=all w, average="macro")

It holds the sufficient statistics of the batches seen: their :class:`Counts` (labels,
weighted confusion matrix, which labels occur in y_true), the number of samples, and
whether any weight was non-zero.  Everything else is computed by ``compute`` from
those, through the same ``*_from_counts`` functions the metric functions use.

The four operations:

* ``update(y_true, y_pred, sample_weight=None)`` -- one counting pass over the batch,
  added IN PLACE; returns the accumulator.  A batch is checked as a whole call checks
  its inputs (NaN labels, lengths, strings mixed with numbers, ...) and raises there;
* ``merge(other)`` (also ``a + b``) -- a NEW accumulator holding both; neither operand
  changes, so merges can run in any tree shape, in parallel (Dask, below);
* ``reset()`` -- back to the empty state, IN PLACE; returns the accumulator;
* ``compute(metric, **params)`` -- the metric, with the keyword arguments of
  ``conformance.reference.<metric>`` (``sample_weight`` excepted: it came with the
  batches).  It raises where the whole call raises: a keyword check, then the two
  rules that apply to a call as a whole and so wait for ``compute`` -- no sample at
  all, and weights that are all 0 -- then the metric's own errors (binary average on
  multiclass counts, ``labels`` with none in y_true, ...).

Exactness.  Counts add, so any split of the samples and any merge tree give the
counts of the whole.  Unweighted and integer-weighted counts are integers: merging is
exact and every metric equals the one-pass value bit for bit.  Float weights are
summed per batch and the batch sums then added, an order of summation other than the
one pass's: results agree within rounding (the corpus tolerance, rtol 1e-9), not to
the bit -- and, as in the one pass, a per-class sum of mixed-sign float weights that
is 0 only up to rounding may land on either side of 0 (docs/decisions/0010).

A stream is weighted or not: a batch with ``sample_weight`` and a batch without
cannot be mixed (ValueError), because the whole call they would stand for does not
exist.  Empty batches are allowed anywhere and change nothing.

Scope: label vectors (binary and multiclass).  Multilabel indicator matrices are
refused by ``update`` (their metrics need per-row statistics, not a confusion matrix),
and ``classification_report`` is not offered: its row names depend on which of y_true
and y_pred holds a label and in what dtype, which the counts do not keep.
"""

from __future__ import annotations

import numpy as np

from conformance.reference import _inputs as chk
from conformance.reference._agreement import (
    _check_replace_undefined_by,
    balanced_accuracy_from_counts,
    kappa_from_matrix,
    matthews_from_counts,
)
from conformance.reference._counts import Counts, count_checked
from conformance.reference._metrics import (
    _ALL_WARN_FOR,
    accuracy_from_counts,
    confusion_matrix_from_counts,
    prfs_from_counts,
    set_wise_labels,
)
from conformance.reference._multilabel import _check_jaccard_zero_division, jaccard_from_sums, mcm_from_sums
from conformance.reference._sums import sums_from_counts


class CountAccumulator:
    """The sufficient statistics of a stream of (y_true, y_pred, sample_weight) batches."""

    def __init__(self) -> None:
        self.reset()

    @classmethod
    def of(cls, y_true, y_pred, sample_weight=None) -> CountAccumulator:
        """A fresh accumulator that has seen one batch (the map step of a reduction)."""
        return cls().update(y_true, y_pred, sample_weight=sample_weight)

    # --- state -----------------------------------------------------------------------

    def reset(self) -> CountAccumulator:
        """Forget every batch: the state of a new accumulator."""
        self._counts = Counts.empty()
        self._n_samples = 0
        self._weighted = None  # None: no sample yet; then True / False for the whole stream
        self._any_nonzero_weight = False
        self._string_weight = False  # a batch's weights held a string: refused by compute (update says why)
        return self

    @property
    def counts(self) -> Counts:
        """The counts of every sample seen (the identity, ``Counts.empty()``, if none)."""
        return self._counts

    @property
    def n_samples(self) -> int:
        return self._n_samples

    @property
    def weighted(self) -> bool | None:
        """True / False once a sample has been seen with / without sample_weight."""
        return self._weighted

    def __repr__(self) -> str:
        return (f"CountAccumulator(n_samples={self._n_samples}, classes={self._counts.n_classes}, "
                f"weighted={self._weighted})")

    # --- update, merge ---------------------------------------------------------------

    def _set_weighted(self, weighted: bool | None) -> None:
        if weighted is None:
            return
        if self._weighted is not None and self._weighted != weighted:
            raise ValueError("A stream is weighted or not: a batch with sample_weight cannot be combined with "
                             "a batch without (there is no single call they would stand for).")
        self._weighted = weighted

    def update(self, y_true, y_pred, sample_weight=None) -> CountAccumulator:
        """Add one batch (in place).  Its inputs are checked as a metric call checks them,
        except for the two whole-call rules (at least one sample, a non-zero weight)."""
        if sample_weight is not None and chk.holds_string(np.asarray(sample_weight)):
            # scikit-learn refuses a string among the weights with a TypeError where it sums them
            # unconverted (accuracy, P/R/F, ...) and a ValueError where it converts them first (the
            # confusion matrix): which, depends on the metric, so the refusal waits for compute.
            chk.check_targets(y_true, y_pred, None, whole_call=False)
            self._string_weight = True
            return self
        if sample_weight is not None and np.asarray(sample_weight).dtype == object:
            sample_weight = np.asarray(sample_weight, dtype=np.float64)  # the numbers of a batch cut from a mix
        yt, yp, w = chk.check_targets(y_true, y_pred, sample_weight, whole_call=False)
        if yt.shape[0] == 0:
            return self  # nothing to add, and no say in whether the stream is weighted
        counts = count_checked(yt, yp, w)  # the one counting pass
        self._set_weighted(w is not None)
        self._counts = self._counts + counts  # raises if strings meet numbers
        self._n_samples += yt.shape[0]
        self._any_nonzero_weight |= w is None or bool(np.any(w != 0))
        return self

    def merge(self, other: CountAccumulator) -> CountAccumulator:
        """A new accumulator holding the samples of both; ``self`` and ``other`` are unchanged."""
        merged = CountAccumulator()
        merged._set_weighted(self._weighted)
        merged._set_weighted(other._weighted)
        merged._counts = self._counts + other._counts
        merged._n_samples = self._n_samples + other._n_samples
        merged._any_nonzero_weight = self._any_nonzero_weight or other._any_nonzero_weight
        merged._string_weight = self._string_weight or other._string_weight
        return merged

    __add__ = merge

    # --- compute ---------------------------------------------------------------------

    def whole_counts(self) -> Counts:
        """The counts, after the two checks a metric call makes on its inputs as a whole."""
        if self._n_samples == 0:
            raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample "
                             "is required.")
        if not self._any_nonzero_weight:
            raise ValueError("Sample weights must contain at least one non-zero number.")
        return self._counts

    def compute(self, metric: str, **params):
        """What ``conformance.reference.<metric>(<all batches>, **params)`` returns, or raises."""
        try:
            from_stream = _METRICS[metric]
        except KeyError:
            raise ValueError(f"{metric!r} is not a streaming count metric; these are: {', '.join(METRICS)}") from None
        if self._string_weight:
            if metric in SUMMED_WEIGHTS:
                chk.averaged_weights(np.array(["a"], dtype=object))  # scikit-learn's TypeError
            raise ValueError("could not convert string to float: sample_weight holds a string")
        return from_stream(self, **params)


# --- one function per metric ----------------------------------------------------------
# Each has the keyword-only parameters of the metric function (sample_weight excepted),
# makes its keyword checks, then reads the counts.  Keyword checks come first, as in a
# call: a bad keyword on an empty stream is an InvalidParameterError, not "empty input".


def _check_set_wise(labels, pos_label, average, zero_division=None) -> None:
    chk.check_array_like("labels", labels, optional=True)
    chk.check_pos_label(pos_label)
    chk.check_average(average)
    if zero_division is not None:
        chk.check_zero_division(zero_division)


def _confusion_matrix(acc, *, labels=None, normalize=None):
    chk.check_array_like("labels", labels, optional=True)
    chk.check_str_options("normalize", normalize, {"true", "pred", "all"})
    return confusion_matrix_from_counts(acc.whole_counts(), labels=labels, normalize=normalize)


def _accuracy_score(acc, *, normalize=True):
    chk.check_bool("normalize", normalize)
    return accuracy_from_counts(acc.whole_counts(), normalize=normalize)


def _precision_recall_fscore_support(acc, *, beta=1.0, labels=None, pos_label=1, average=None,
                                     warn_for=_ALL_WARN_FOR, zero_division="warn"):
    _check_set_wise(labels, pos_label, average, zero_division)
    chk.check_beta(beta)
    if not isinstance(warn_for, (list, tuple, set)):
        raise chk.InvalidParameterError(f"The 'warn_for' parameter must be a list, tuple or set. Got {warn_for!r}.")
    return prfs_from_counts(acc.whole_counts(), beta=beta, labels=labels, pos_label=pos_label, average=average,
                            zero_division=zero_division)


def _prf(acc, which: int, *, beta=1.0, labels=None, pos_label=1, average="binary", zero_division="warn"):
    _check_set_wise(labels, pos_label, average, zero_division)
    return prfs_from_counts(acc.whole_counts(), beta=beta, labels=labels, pos_label=pos_label, average=average,
                            zero_division=zero_division)[which]


def _precision_score(acc, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    return _prf(acc, 0, labels=labels, pos_label=pos_label, average=average, zero_division=zero_division)


def _recall_score(acc, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    return _prf(acc, 1, labels=labels, pos_label=pos_label, average=average, zero_division=zero_division)


def _f1_score(acc, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    return _prf(acc, 2, beta=1, labels=labels, pos_label=pos_label, average=average, zero_division=zero_division)


def _fbeta_score(acc, *, beta, labels=None, pos_label=1, average="binary", zero_division="warn"):
    chk.check_beta(beta)
    return _prf(acc, 2, beta=beta, labels=labels, pos_label=pos_label, average=average, zero_division=zero_division)


def _balanced_accuracy_score(acc, *, adjusted=False):
    chk.check_bool("adjusted", adjusted)
    return balanced_accuracy_from_counts(acc.whole_counts(), adjusted=adjusted)


def _matthews_corrcoef(acc):
    return matthews_from_counts(acc.whole_counts())


def _cohen_kappa_score(acc, *, labels=None, weights=None, replace_undefined_by=np.nan):
    chk.check_str_options("weights", weights, {"linear", "quadratic"})
    _check_replace_undefined_by(replace_undefined_by)
    chk.check_array_like("labels", labels, optional=True)
    # The matrix over `labels`, as cohen_kappa_score takes it from confusion_matrix (whose
    # "a label must be in y_true" error it rewords; the class stays ValueError).
    cm = confusion_matrix_from_counts(acc.whole_counts(), labels=labels)
    return kappa_from_matrix(cm, weights=weights, replace_undefined_by=replace_undefined_by)


def _jaccard_score(acc, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    _check_set_wise(labels, pos_label, average)
    _check_jaccard_zero_division(zero_division)
    c = acc.whole_counts()
    # average="samples" is refused by set_wise_labels (label vectors), so no per-sample weights are needed.
    return jaccard_from_sums(sums_from_counts(c, set_wise_labels(c, labels, pos_label, average)), average=average,
                             zero_division=zero_division)


def _hamming_loss(acc):
    # Label vectors: the weighted fraction of wrong samples (the same expression as hamming_loss).
    c = acc.whole_counts()
    total = c.matrix.sum()
    if total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float((total - np.trace(c.matrix)) / total)


def _zero_one_loss(acc, *, normalize=True):
    score = _accuracy_score(acc, normalize=normalize)
    if normalize:
        return 1 - score
    # The number of samples, or the sum of the weights: the matrix sum either way.
    return float(acc.counts.matrix.sum() - score)


def _multilabel_confusion_matrix(acc, *, labels=None, samplewise=False):
    chk.check_array_like("labels", labels, optional=True)
    chk.check_bool("samplewise", samplewise)
    if samplewise:
        raise ValueError("Samplewise metrics are not available outside of multilabel classification.")
    return mcm_from_sums(sums_from_counts(acc.whole_counts(), labels))


_METRICS = {
    "accuracy_score": _accuracy_score,
    "balanced_accuracy_score": _balanced_accuracy_score,
    "cohen_kappa_score": _cohen_kappa_score,
    "confusion_matrix": _confusion_matrix,
    "f1_score": _f1_score,
    "fbeta_score": _fbeta_score,
    "hamming_loss": _hamming_loss,
    "jaccard_score": _jaccard_score,
    "matthews_corrcoef": _matthews_corrcoef,
    "multilabel_confusion_matrix": _multilabel_confusion_matrix,
    "precision_recall_fscore_support": _precision_recall_fscore_support,
    "precision_score": _precision_score,
    "recall_score": _recall_score,
    "zero_one_loss": _zero_one_loss,
}

# The metrics whose scikit-learn sums the weights unconverted (chk.check_sample_weight's ``summed``).
SUMMED_WEIGHTS = frozenset({"accuracy_score", "f1_score", "fbeta_score", "hamming_loss", "jaccard_score",
                            "multilabel_confusion_matrix", "precision_recall_fscore_support", "precision_score",
                            "recall_score", "zero_one_loss"})

#: The metrics ``compute`` offers: every count metric of the reference that is a
#: function of the confusion matrix.
METRICS = tuple(_METRICS)
