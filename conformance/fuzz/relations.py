"""Metamorphic relations: transformed calls whose answer follows from the original answer.

A relation turns one call (a metric, its JSON-level inputs and keyword arguments,
exactly as a corpus case stores them) into *variants*: other calls whose answer a
correct implementation must give, derived from the original call's answer by
:meth:`Variant.expected_from`.  Each relation below holds **by definition** of the
metrics it is applied to, under every convention a port may declare
(docs/conventions.md: ``classes=observed|declared|supported``,
``zero-division=0|1|nan``), so a port that breaks one is wrong whatever it
follows.  Where a relation does not hold (for scikit-learn, or under one of the
conventions) it is not applied; the reason is written next to the exclusion, with
the scikit-learn counterexample where there is one.  tests/test_fuzz_relations.py
checks every relation on scikit-learn itself, under every applicable convention
(conformance.conventions.rewrite), and that a deliberately broken function breaks it.

The relations
-------------

``permute-samples``
    The same permutation applied to every per-sample input (``y_true``, ``y_pred``,
    ``y_score``/``y_proba``/``y_prob`` rows, ``y1``/``y2``, ``sample_weight``) leaves
    the answer unchanged: every metric of the corpus is a function of the multiset of
    (sample, weight) pairs.  That includes the curves (thresholds are the distinct
    scores, counted cumulatively), ``calibration_curve`` (bins by value, quantile
    edges by percentile), ``top_k_accuracy_score`` (ties are broken by column, within a
    row) and the weighted median of ``median_absolute_error`` with non-negative weights.
    The one per-sample output, ``multilabel_confusion_matrix(samplewise=True)``, is
    permuted alike.  Not applied: ``median_absolute_error`` with a negative weight
    (scikit-learn's weighted median walks the cumulative weights in value order, and
    with a negative weight the order of tied values decides:
    median_absolute_error([0,0,0], [1,0,1], sample_weight=[-1,1,1]) is 1.0, the same
    samples in the order 2, 3, 1 give 0.0).
    The ranking metrics (``dcg_score``, ``ndcg_score``, the label-ranking metrics) are
    weighted means over rows, each row a query that reads no other: permuting the rows of
    ``y_true``, ``y_score`` and ``sample_weight`` together changes nothing, and so do
    duplicate-is-weight-2 and scale-weights (LRAP divides by the sum of the weights itself,
    which scales alike).  rename-classes and swap-symmetric are not applied: they have no
    class ids, and relevances and scores are not interchangeable.
    (No relation is applied to ``classification_report`` without ``output_dict=True``:
    its answer is text, which :func:`conformance.compare.compare` does not judge.)

``rename-classes``
    A bijection of the class ids onto other integer ids (not order-preserving) applied
    to ``y_true``/``y_pred`` (``y1``/``y2``), ``labels`` and ``pos_label``: the label
    metrics only look at which samples share a class, so scalar answers and averages
    are unchanged; per-class answers without ``labels`` (``average=None``, the rows and
    columns of ``confusion_matrix``, the matrices of ``multilabel_confusion_matrix``)
    follow the classes to their new sorted position; with ``labels`` they keep the
    order of ``labels``, which is renamed in place.  ``classification_report`` rows are
    keyed by label: the keys are renamed (``target_names``, when given without
    ``labels``, are permuted so that each name stays with its class).  The binary
    average gets its ``pos_label`` explicitly (the renamed default 1).
    Only for 1-D integer label vectors (|id| < 2**53), and for the metrics of
    :data:`RENAME_METRICS`.  Not applied: ``cohen_kappa_score`` with ``weights`` and no
    ``labels`` (linear/quadratic weights are by position in the sorted labels:
    cohen_kappa_score([0,1,2], [0,2,2], weights="linear") is 0.6666666666666667, with
    1 and 2 renamed to each other 0.5714285714285714), and ``classification_report`` with
    repeated ``target_names`` and no ``labels`` (rows with one name overwrite each other
    in class order: target_names=["a","a"] on [0,1,1]/[0,1,0] reports class 1 as "a",
    precision 1.0; renamed 0<->1, the "a" row is the old class 0, precision 0.5).
    Conventions: where ``classes=declared`` may apply (non-negative ids), the ids are
    renamed by a permutation of 0..C-1 that keeps the largest id present, so the
    declared class set 0..C-1 is the same before and after (an arbitrary renaming
    would change it: f1_score([0,2], [0,2], average="macro") under classes=declared is
    macro over {0,1,2}, 0.6666666666666666; with 2 renamed 5, over {0..5}, 0.3333333333333333);
    where ids are negative the new ids are too (declared stays inapplicable).  A per-class answer is then
    permuted by the class set its length reveals (observed, declared or supported:
    equal lengths are equal sets, since supported ⊆ observed ⊆ 0..C-1).

``duplicate-is-weight-2``
    Appending a copy of sample i and giving both copies half its weight (w_i/2, or 0.5
    without weights) leaves the answer unchanged: it is the weighted distribution that
    every metric reads, and a sample of weight 2w counts as two of weight w.  Halving
    keeps every total, so count outputs are unchanged too (``normalize=False``,
    ``confusion_matrix``, supports).  For metrics that take ``sample_weight``.
    Not applied: ``median_absolute_error``, ``d2_pinball_score`` and ``d2_absolute_error_score``
    with a negative weight (as for permute-samples); ``r2_score`` and the D² scores below two samples (scikit-learn's rule "not well-defined
    with less than two samples" counts rows, not weight: r2_score([1.], [2.]) is NaN,
    r2_score([1., 1.], [2., 2.], sample_weight=[.5, .5]) is 0.0);
    ``multilabel_confusion_matrix(samplewise=True)`` (one matrix per sample: a copy adds
    a row); ``roc_auc_score(multi_class="ovo")`` without weights (scikit-learn refuses
    any ``sample_weight`` with one-vs-one: "sample_weight is not supported for
    multiclass one-vs-one ROC AUC").

``scale-weights``
    Multiplying every sample weight by a factor c > 0 (weights c when there were none)
    leaves normalised answers unchanged and multiplies counts by c: ``normalize=False``
    of ``accuracy_score``, ``zero_one_loss``, ``log_loss``, ``top_k_accuracy_score``;
    an unnormalised ``confusion_matrix``; ``multilabel_confusion_matrix`` (every cell,
    true negatives included, ``samplewise`` too); the ``support`` of
    ``precision_recall_fscore_support(average=None)`` and of every row of
    ``classification_report``.  c is a power of two, so that every weight and every sum
    of weights scales exactly (with a factor like 3 a sum rounds differently, and a
    decision taken on an exact value, a 0/0 or a curve's collinear points, could move),
    or 3 on integer weights.
    Not applied: ``roc_auc_score(multi_class="ovo")`` without weights (as above).

``swap-symmetric``
    Exchanging ``y_true`` and ``y_pred`` (``y1`` and ``y2``) for metrics symmetric by
    definition: ``accuracy_score``, ``zero_one_loss``, ``hamming_loss``,
    ``matthews_corrcoef``, ``cohen_kappa_score`` (any weights: the weight matrix is
    symmetric), the absolute and squared errors ``mean_absolute_error``,
    ``mean_squared_error``, ``root_mean_squared_error``, ``max_error``,
    ``median_absolute_error``, and the log ones ``mean_squared_log_error``,
    ``root_mean_squared_log_error`` (|log1p a - log1p b|); ``f1_score``,
    ``fbeta_score`` with beta = 1 and ``jaccard_score`` per class
    (2TP/(2TP+FP+FN) and TP/(TP+FP+FN): FP and FN trade places), hence also averaged
    over the classes, except ``average="weighted"`` (weighted by true support:
    f1_score([1,2,2], [0,0,2], average="weighted") is 0.4444444444444444, swapped
    0.2222222222222222);
    ``confusion_matrix`` -> transposed (``normalize="true"`` becomes ``"pred"``);
    ``multilabel_confusion_matrix`` -> each [[TN, FP], [FN, TP]] transposed.
    Not applied: ``confusion_matrix`` and ``cohen_kappa_score`` with ``labels``
    (scikit-learn requires a listed label in y_true / y1 only:
    confusion_matrix([0,0,1], [2,2,1], labels=[2]) raises "At least one label specified
    must be in y_true", the swapped call gives [[0]]; kappa likewise raises / gives NaN);
    F1/Fβ where ``classes=supported`` may apply (the class set is y_true's:
    y_true=[0,0], y_pred=[0,1] give micro F1 2/3 over {0}, swapped 1/2 over {0, 1});
    ``mean_absolute_percentage_error``, ``r2_score``, ``explained_variance_score``,
    ``balanced_accuracy_score`` (0.25 on [1,2,2]/[0,0,2], swapped 0.5), Fβ with β ≠ 1,
    precision, recall, ``precision_recall_fscore_support`` (P and R trade places, the
    support changes), ``classification_report`` (not symmetric by definition).

``batch-split``
    For a streaming port (``streaming=True``) and a label metric of
    :data:`conformance.forms.LABEL_METRICS` (the harness sends ``batches`` for exactly
    those): the same call cut at other indices; counts add, so the answer is the same.
    Two variants with different cut lists (one when there are only two samples), so at
    least one differs from the cuts the original call was sent with.

:func:`variants` returns what applies to one call (possibly nothing): a metric it does
not know gets no variant.  Everything works on plain JSON values (corpus encoding:
non-finite numbers are the strings "NaN", "Infinity", "-Infinity").
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from conformance import conventions as conv
from conformance.forms import LABEL_METRICS

from conformance import registry
from conformance.registry import BATCH, DUPLICATE, PERMUTE, RELATIONS, RENAME, SCALE, SWAP  # noqa: F401

#: The inputs that hold one entry (or row) per sample: every registered input name.
PER_SAMPLE = tuple(registry.input_names())

# Which metric each relation applies to is said once, in its registry entry (conformance/registry.py).
LABEL_VECTOR_METRICS = frozenset(n for n, m in registry.METRICS.items() if m.strategy == "label-calls")
SCORE_METRICS = frozenset(n for n, m in registry.METRICS.items() if m.strategy == "score-calls")
REGRESSION_METRICS = frozenset(n for n, m in registry.METRICS.items() if m.strategy == "regression-calls")
#: Every metric of the corpus: the metrics a relation may be applied to.
METRICS = frozenset(registry.METRICS)
#: The metrics with a ``sample_weight`` input.
WEIGHTED = frozenset(n for n, m in registry.METRICS.items() if m.weighted)
UNWEIGHTED = METRICS - WEIGHTED

#: rename-classes: the metrics of 1-D class labels.
RENAME_METRICS = registry.with_relation(RENAME)
#: swap-symmetric: the metrics symmetric in their two label / value inputs (with the
#: conditions of :func:`_swap`).
SWAP_METRICS = registry.with_relation(SWAP)
PERMUTE_METRICS = registry.with_relation(PERMUTE)
#: duplicate-is-weight-2 and scale-weights: the metrics whose sample_weight they act on.
DUPLICATE_METRICS = registry.with_relation(DUPLICATE)
SCALE_METRICS = registry.with_relation(SCALE)

# The precision/recall/F/Jaccard functions that default to average="binary", and those with pos_label.
_BINARY_DEFAULT = frozenset({"precision_score", "recall_score", "f1_score", "fbeta_score", "jaccard_score"})
_POS_LABEL = _BINARY_DEFAULT | {"precision_recall_fscore_support"}
# Answers that are counts (scale with the weights) when unnormalised.
_NORMALIZE_FALSE_COUNTS = frozenset({"accuracy_score", "zero_one_loss", "log_loss", "top_k_accuracy_score"})
_SAFE_ID = 2 ** 53  # class ids beyond this are not exact as floats; rename leaves such calls alone
_NONFINITE = ("NaN", "Infinity", "-Infinity")


@dataclass(frozen=True)
class Variant:
    """One transformed call and how its answer follows from the original's.

    ``inputs`` and ``params`` are JSON-level, in the corpus encoding; ``batches`` (only
    for batch-split) are the cut indices a streaming port is sent.  Where the original
    call raises, the variant must raise too; where it gives a value, the variant must
    give :meth:`expected_from` of it.
    """

    relation: str
    inputs: dict
    params: dict
    batches: list[int] | None = None
    detail: str = ""  # what was done, in words (for reports)
    transform: Callable[[Any], Any] | None = field(default=None, repr=False, compare=False)

    def expected_from(self, original_value: Any) -> Any:
        """The answer the variant must give, from the original call's *decoded* answer.

        Raises ValueError when the original answer does not have the shape the relation
        transforms (a per-class list of another length, say): the relation then has no
        expectation for that answer.
        """
        value = copy.deepcopy(original_value)
        return value if self.transform is None else self.transform(value)


def variants(metric: str, inputs: dict, params: dict, rng: np.random.Generator, *,
             streaming: bool = False) -> list[Variant]:
    """The relation variants that apply to this call (possibly none).

    ``inputs`` and ``params`` are a call as a corpus case stores it (JSON-level);
    ``rng`` draws the permutation, the bijection, the duplicated samples, the factor and
    the cuts; ``streaming``: the port streams (adds batch-split for label metrics).
    """
    if metric not in METRICS or not isinstance(inputs, dict) or not isinstance(params, dict):
        return []
    if metric == "classification_report" and params.get("output_dict") is not True:
        return []  # the answer is text, which conformance.compare does not judge
    out: list[Variant] = []
    for make in (_permute, _rename, _duplicate, _scale, _swap):
        out.extend(make(metric, inputs, params, rng))
    if streaming:
        out.extend(_batch_split(metric, inputs, params, rng))
    return out


# ------------------------------------------------------------------ helpers


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)) or v in _NONFINITE


def _n_samples(inputs: dict) -> int | None:
    """The common length of the per-sample inputs present, or None (none present, a scalar, or
    lengths that differ: an error call, which no relation transforms)."""
    lengths = {len(v) if isinstance(v, list) else -1 for k, v in inputs.items() if k in PER_SAMPLE}
    if len(lengths) != 1 or -1 in lengths:
        return None
    return lengths.pop()


_CONTAINERS = frozenset({list, dict})


def _copy(value: Any) -> Any:
    """A deep copy of JSON-level data (lists and dicts of scalars), as copy.deepcopy makes, faster."""
    if isinstance(value, list):
        if not _CONTAINERS & set(map(type, value)):  # scalars only (most inputs): a flat copy, at C speed
            return value.copy()
        return [_copy(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def _take(inputs: dict, order) -> dict:
    """The inputs with every per-sample input re-indexed by ``order`` (a list of indices)."""
    return {k: ([_copy(v[i]) for i in order] if k in PER_SAMPLE else _copy(v))
            for k, v in inputs.items()}


def _average(metric: str, params: dict) -> Any:
    return params.get("average", "binary" if metric in _BINARY_DEFAULT else None)


def _roc_auc_ovo_unweighted(metric: str, inputs: dict, params: dict) -> bool:
    # scikit-learn refuses every sample_weight with multi_class="ovo" (on multiclass targets):
    # introducing weights into an unweighted call would turn a value into an error.
    return metric == "roc_auc_score" and params.get("multi_class") == "ovo" and "sample_weight" not in inputs


def _times(w: Any, c: float) -> Any:
    """w * c for a JSON number (non-finite strings keep their sign); None when inexact."""
    if w in _NONFINITE:
        return w if w == "NaN" or c > 0 else None
    if not _is_number(w):
        return None
    if _is_int(w) and float(c).is_integer():
        out = w * int(c)
        return out if abs(out) < _SAFE_ID else None
    x = float(w) * c
    if not math.isfinite(x) or (w != 0 and x == 0) or x / c != w:
        return None  # overflow, underflow or rounding: the variant would be another call
    return x


def _scale_numbers(value: Any, c: float) -> Any:
    if value is None:
        return None
    if isinstance(value, list):
        return [_scale_numbers(v, c) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value * c
    raise ValueError(f"not a count: {value!r}")


def _sq(value: Any) -> list:
    """A square matrix (list of equal-length lists)."""
    if not isinstance(value, list) or not all(isinstance(r, list) and len(r) == len(value) for r in value):
        raise ValueError("not a square matrix")
    return value


# ------------------------------------------------------------------ permute-samples


def _negative_weight(inputs: dict) -> bool:
    return any(w == "-Infinity" or (_is_number(w) and not isinstance(w, str) and w < 0)
               for w in inputs.get("sample_weight", ()) if not isinstance(w, list))


def _median_of_negative_weights(metric: str, inputs: dict) -> bool:
    # scikit-learn's weighted median (a cumulative sum of the weights in value order) is no function
    # of the weighted sample once a weight is negative: the order of tied values decides.
    return metric in _WEIGHTED_QUANTILE and _negative_weight(inputs)


# deviances: the D² of the pinball loss read the same weighted quantile as median_absolute_error, and every
# D² is NaN below two rows, like r2_score (so duplicate-is-weight-2 does not apply there).
_WEIGHTED_QUANTILE = ("median_absolute_error", "d2_pinball_score", "d2_absolute_error_score")
_NAN_BELOW_TWO_ROWS = ("r2_score", "d2_tweedie_score", "d2_pinball_score", "d2_absolute_error_score",
                       "d2_brier_score", "d2_log_loss_score")


def _permute(metric, inputs, params, rng) -> list[Variant]:
    n = _n_samples(inputs)
    if metric not in PERMUTE_METRICS or n is None or n < 2 or _median_of_negative_weights(metric, inputs):
        return []
    order = [int(i) for i in rng.permutation(n)]
    if order == list(range(n)):
        order = order[1:] + order[:1]
    transform = None
    if metric == "multilabel_confusion_matrix" and params.get("samplewise") is True:
        def transform(value, order=order):  # one matrix per sample: permuted alike
            if not isinstance(value, list) or len(value) != len(order):
                raise ValueError("samplewise answer of another length")
            return [value[i] for i in order]
    return [Variant(PERMUTE, _take(inputs, order), _copy(params), detail=f"order {order}",
                    transform=transform)]


# ------------------------------------------------------------------ rename-classes


def _non_monotone(mapping: dict, domain: list) -> bool:
    new = [mapping[d] for d in domain]  # domain sorted
    return len(domain) < 2 or any(b < a for a, b in zip(new, new[1:]))


def _bijection(union: list, domain: list, rng, regime: str) -> dict | None:
    """A renaming of ``domain`` (sorted ids: the observed classes ``union`` and the ids of
    ``labels`` and ``pos_label``), not order-preserving where possible.

    regime "declared": a permutation of 0..C-1 (C = max(union) + 1) that maps some observed
    class to C-1, so that the declared class set is 0..C-1 before and after; ids outside
    0..C-1 stay.  regime "negative": new ids with a negative one among the observed classes
    (so that declared stays inapplicable).  regime "free":
    any distinct integers (non-negative if the old ones are), at times far apart (2**40).
    """
    k = len(domain)
    best = None
    for _ in range(20):
        if regime == "declared":
            c = max(union) + 1
            top = union[int(rng.integers(len(union)))]
            rest = [i for i in range(c) if i != top]
            perm = dict(zip(rest, (int(x) for x in rng.permutation(c - 1))))
            perm[top] = c - 1
            mapping = {d: perm.get(d, d) for d in domain} | perm  # all of 0..C-1: the declared classes
        else:
            # Non-negative ids stay non-negative in the free regime (ports that take class indices,
            # one-hot or score columns, can still be sent the variant), and are far apart only now
            # and then; negative ids may go anywhere.
            nonneg = regime == "free" and min(domain) >= 0
            pool = list(range(0 if nonneg else -3 * k - 3, 3 * k + 4))
            if regime == "free" and rng.random() < 0.25:
                pool += [1000, 65_537, 2 ** 31, 2 ** 40] + ([] if nonneg else [-(2 ** 33)])
            new = [int(x) for x in rng.choice(pool, size=k, replace=False)]
            mapping = dict(zip(domain, new))
            if regime == "negative" and min(mapping[u] for u in union) >= 0:
                # declared applies when y_true and y_pred hold no negative id: keep one there
                u = union[int(rng.integers(len(union)))]
                mapping[u] = -1 - int(rng.integers(3 * k + 3))
                if len(set(mapping.values())) < k:
                    continue
        best = mapping
        if _non_monotone(mapping, domain):
            return mapping
    return best


def _class_order(old: list, mapping: dict) -> list[int]:
    """Where each entry of the renamed, re-sorted class list ``sorted(mapping[c] for c in old)``
    was in the original sorted list ``old``."""
    where = {mapping[c]: i for i, c in enumerate(old)}
    return [where[new] for new in sorted(where)]


def _rename(metric, inputs, params, rng) -> list[Variant]:
    if metric not in RENAME_METRICS:
        return []
    a, b = registry.METRICS[metric].input_names()[:2]
    ya, yb = inputs.get(a), inputs.get(b)
    if not (isinstance(ya, list) and isinstance(yb, list) and ya and yb):
        return []
    labels = params.get("labels")
    ids = ya + yb + (labels if isinstance(labels, list) else [])
    if labels is not None and not isinstance(labels, list):
        return []
    if not all(_is_int(v) and abs(v) < _SAFE_ID for v in ids):
        return []  # 1-D integer label vectors only
    if metric == "cohen_kappa_score" and params.get("weights") is not None and labels is None:
        return []  # linear/quadratic weights are by position in the sorted labels
    binary = metric in _POS_LABEL and _average(metric, params) == "binary"
    pos_label = params.get("pos_label", 1 if binary else None)
    if "pos_label" in params or binary:
        if not (_is_int(pos_label) and abs(pos_label) < _SAFE_ID):
            return []
        ids = ids + [pos_label]
    target_names = params.get("target_names")
    union = sorted(set(ya) | set(yb))
    if metric == "classification_report" and target_names is not None and labels is None:
        if not isinstance(target_names, list):
            return []
        if len(set(map(repr, target_names))) != len(target_names):
            return []  # repeated names: rows overwrite each other in class order
    domain = sorted(set(ids))

    axis = {v: conv.applies("classes", v, metric, inputs, params) for v in ("declared", "supported")}
    # Could classes=declared apply, were the ids class indices?  (It depends on the keywords and
    # on the ids being non-negative; supported applies only where declared could.)
    could_declare = conv.applies("classes", "declared", metric, {"y_true": [0], "y_pred": [0]}, params)
    if could_declare:
        # keep the declared class set 0..C-1 (or keep declared inapplicable: a negative id stays)
        regime = "declared" if min(union) >= 0 else "negative"
    else:
        regime = "free"
    mapping = _bijection(union, domain, rng, regime)
    if mapping is None or all(mapping[d] == d for d in domain):
        return []

    new_inputs = _copy(inputs)
    new_inputs[a] = [mapping[v] for v in ya]
    new_inputs[b] = [mapping[v] for v in yb]
    new_params = _copy(params)
    if labels is not None:
        new_params["labels"] = [mapping[v] for v in labels]
    if "pos_label" in params or binary:
        new_params["pos_label"] = mapping[pos_label]
    if metric == "classification_report" and isinstance(target_names, list) and labels is None \
            and len(target_names) == len(union):
        new_params["target_names"] = [target_names[i] for i in _class_order(union, mapping)]

    # Per-class answers without `labels`: the class sets a port may follow, old sorted order.
    sets = [union]
    if labels is None and axis["declared"]:
        sets.append(list(range(max(union) + 1)))
    if labels is None and axis["supported"]:
        sets.append(sorted(set(inputs["y_true"])))
    orders = {len(s): _class_order(s, mapping) for s in sets}
    detail = "classes " + ", ".join(f"{d}->{mapping[d]}" for d in domain)
    transform = _rename_transform(metric, params, labels is not None, orders, mapping,
                                  keys_follow=not (metric == "classification_report" and target_names is not None))
    return [Variant(RENAME, new_inputs, new_params, detail=detail, transform=transform)]


def _reorder(value: Any, orders: dict) -> list:
    if not isinstance(value, list) or len(value) not in orders:
        raise ValueError("per-class answer of a length no class set has")
    return [value[i] for i in orders[len(value)]]


def _rename_transform(metric, params, labels_given, orders, mapping, keys_follow):
    if metric == "classification_report":
        if not keys_follow:
            return None  # rows are keyed by target_names, which follow their classes
        keys = {str(old): str(new) for old, new in mapping.items()}

        def report(value):
            if not isinstance(value, dict):
                raise ValueError("not a report")
            return {keys.get(k, k): v for k, v in value.items()}
        return report
    if labels_given:
        return None  # per-class answers follow `labels`, renamed in place
    if metric == "confusion_matrix":
        def matrix(value):
            rows = _reorder(_sq(value), orders)
            return [_reorder(r, orders) for r in rows]
        return matrix
    if metric == "multilabel_confusion_matrix":
        if params.get("samplewise") is True:
            return None  # an error on label vectors
        return lambda value: _reorder(value, orders)
    if metric in _POS_LABEL and _average(metric, params) is None:
        if metric == "precision_recall_fscore_support":
            def prfs(value):
                if not isinstance(value, list) or len(value) != 4:
                    raise ValueError("not a 4-tuple")
                return [_reorder(v, orders) for v in value]
            return prfs
        return lambda value: _reorder(value, orders)
    return None


# ------------------------------------------------------------------ duplicate-is-weight-2


def _duplicate(metric, inputs, params, rng) -> list[Variant]:
    if metric not in DUPLICATE_METRICS or _roc_auc_ovo_unweighted(metric, inputs, params):
        return []
    n = _n_samples(inputs)
    if n is None or n < 1 or _median_of_negative_weights(metric, inputs):
        return []
    if metric in _NAN_BELOW_TWO_ROWS and n < 2:
        return []  # NaN below two rows, whatever the weights
    if metric == "multilabel_confusion_matrix" and params.get("samplewise"):
        return []  # one matrix per sample: a copy adds one
    weights = inputs.get("sample_weight", [1] * n)
    k = int(rng.integers(1, min(3, n) + 1))
    picked = [int(i) for i in rng.choice(n, size=k, replace=False)]
    new_weights = list(_copy(weights))
    for i in picked:
        half = _times(weights[i], 0.5)
        if half is None:
            return []
        new_weights[i] = half
    new_inputs = _take(inputs, list(range(n)) + picked)
    new_inputs["sample_weight"] = new_weights + [new_weights[i] for i in picked]
    return [Variant(DUPLICATE, new_inputs, _copy(params),
                    detail=f"samples {picked} appended again, each copy with half the weight")]


# ------------------------------------------------------------------ scale-weights


def _scale(metric, inputs, params, rng) -> list[Variant]:
    if metric not in SCALE_METRICS or _roc_auc_ovo_unweighted(metric, inputs, params):
        return []
    n = _n_samples(inputs)
    if n is None or n < 1:
        return []
    weights = inputs.get("sample_weight", [1] * n)
    factors = [0.25, 0.5, 2.0, 4.0]
    if all(_is_int(w) for w in weights):
        factors.append(3.0)
    c = float(rng.choice(factors))
    scaled = [_times(w, c) for w in weights]
    if any(w is None for w in scaled):
        return []
    new_inputs = _copy(inputs)
    new_inputs["sample_weight"] = scaled
    return [Variant(SCALE, new_inputs, _copy(params), detail=f"weights times {c:g}",
                    transform=_count_scaler(metric, params, c))]


def _count_scaler(metric, params, c):
    """How an answer's counts scale with the weights (None: nothing is a count)."""
    if metric in _NORMALIZE_FALSE_COUNTS and params.get("normalize", True) is False:
        return lambda value: _scale_numbers(value, c)
    if metric == "confusion_matrix" and params.get("normalize") is None:
        return lambda value: _scale_numbers(value, c)
    if metric == "multilabel_confusion_matrix":
        return lambda value: _scale_numbers(value, c)
    if metric == "precision_recall_fscore_support":
        def prfs(value):
            if not isinstance(value, list) or len(value) != 4:
                raise ValueError("not a 4-tuple")
            return value[:3] + [_scale_numbers(value[3], c)]
        return prfs
    if metric == "classification_report":
        def report(value):
            if not isinstance(value, dict):
                raise ValueError("not a report")
            return {k: ({**v, "support": _scale_numbers(v["support"], c)} if isinstance(v, dict) and "support" in v
                        else v) for k, v in value.items()}
        return report
    return None


# ------------------------------------------------------------------ swap-symmetric


def _swap(metric, inputs, params, rng) -> list[Variant]:
    if metric not in SWAP_METRICS:
        return []
    a, b = registry.METRICS[metric].input_names()[:2]
    if a not in inputs or b not in inputs:
        return []
    new_params = _copy(params)
    transform = None
    if metric in ("f1_score", "fbeta_score", "jaccard_score"):
        if _average(metric, params) == "weighted":
            return []  # weighted by the support of y_true
        if metric == "fbeta_score":
            beta = params.get("beta")
            if not (isinstance(beta, (int, float)) and not isinstance(beta, bool) and beta == 1):
                return []  # Fβ weighs FN by β² and FP by 1
        if conv.applies("classes", "supported", metric, inputs, params):
            return []  # the supported classes are y_true's
    if metric in ("confusion_matrix", "cohen_kappa_score") and params.get("labels") is not None:
        return []  # a listed label must occur in y_true / y1, not in y_pred / y2
    if metric == "confusion_matrix":
        normalize = params.get("normalize")
        if normalize in ("true", "pred"):
            new_params["normalize"] = "pred" if normalize == "true" else "true"
        transform = _transpose
    if metric == "multilabel_confusion_matrix":
        def transform(value):
            if not isinstance(value, list):
                raise ValueError("not a list of matrices")
            return [_transpose(m) for m in value]
    new_inputs = _copy(inputs)
    new_inputs[a], new_inputs[b] = new_inputs[b], new_inputs[a]
    return [Variant(SWAP, new_inputs, new_params, detail=f"{a} and {b} exchanged", transform=transform)]


def _transpose(value):
    m = _sq(value)
    return [[m[j][i] for j in range(len(m))] for i in range(len(m))]


# ------------------------------------------------------------------ batch-split


def _batch_split(metric, inputs, params, rng) -> list[Variant]:
    if metric not in LABEL_METRICS:
        return []
    y_true = inputs.get("y_true")
    n = len(y_true) if isinstance(y_true, list) else 0
    if n < 2:
        return []
    seen: list[list[int]] = []
    for _ in range(20):
        k = int(rng.integers(1, min(3, n - 1) + 1))
        cuts = sorted(int(c) for c in rng.choice(np.arange(1, n), size=k, replace=False))
        if cuts not in seen:
            seen.append(cuts)
        if len(seen) == 2:
            break
    return [Variant(BATCH, _copy(inputs), _copy(params), batches=cuts,
                    detail=f"cut at {cuts}") for cuts in seen]
