"""Properties of conformance.reference that hold whatever scikit-learn says.

They pin down what the counting design promises: the metrics depend on the
counts alone, counts add across batches, and the averages are what their
definitions say.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import conformance.reference as ref
from conformance.compare import compare
from conformance.encoding import decode_numeric, to_json
from conformance.reference._counts import _fast_counts, _general_counts

RTOL, ATOL = 1e-9, 1e-12
ZERO_DIVISION = st.sampled_from(["warn", 0, 1, np.nan])


def close(a, b) -> None:
    result = compare(decode_numeric(to_json(a)), decode_numeric(to_json(b)), rtol=RTOL, atol=ATOL)
    assert result, result.reason


def same_counts(a: ref.Counts, b: ref.Counts) -> None:
    assert a.labels.tolist() == b.labels.tolist()
    assert a.in_true.tolist() == b.in_true.tolist()
    assert a.matrix.dtype.kind == b.matrix.dtype.kind
    assert np.array_equal(a.matrix, b.matrix)


@st.composite
def labelled(draw, min_size=1, max_size=30, k_max=6, weights=("none", "int", "float")):
    """(y_true, y_pred, sample_weight) over classes 0..k-1; weights None, ints >= 0 with
    one non-zero, or positive floats."""
    k = draw(st.integers(1, k_max))
    n = draw(st.integers(min_size, max_size))
    yt = np.array(draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)), dtype=np.int64)
    yp = np.array(draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)), dtype=np.int64)
    kind = draw(st.sampled_from(weights))
    if kind == "none":
        w = None
    elif kind == "int":
        w = np.array(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)), dtype=np.int64)
        if n:
            w[draw(st.integers(0, n - 1))] = draw(st.integers(1, 4))
    else:
        w = np.array(draw(st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n)))
    return yt, yp, w


# --- relabelling ------------------------------------------------------------------


@given(problem=labelled(), data=st.data(), zero_division=ZERO_DIVISION)
def test_relabelling_permutes_per_class_results_and_keeps_averages(problem, data, zero_division):
    yt, yp, w = problem
    k = int(max(yt.max(), yp.max())) + 1
    # A bijection from 0..k-1 onto k distinct new values (negative ones too), in any order.
    new_values = data.draw(st.lists(st.integers(-50, 50), min_size=k, max_size=k, unique=True))
    mapping = np.array(new_values)
    nt, np_ = mapping[yt], mapping[yp]

    old_labels = np.union1d(yt, yp)  # the classes in output order, before and after
    new_labels = np.union1d(nt, np_)
    # where old class old_labels[i] lands in the new output order
    order = np.searchsorted(new_labels, mapping[old_labels])

    old = ref.precision_recall_fscore_support(yt, yp, sample_weight=w, zero_division=zero_division)
    new = ref.precision_recall_fscore_support(nt, np_, sample_weight=w, zero_division=zero_division)
    for o, n in zip(old, new):  # (float weights: row sums now add in another order)
        close(n[order], o)

    cm_old = ref.confusion_matrix(yt, yp, sample_weight=w)
    cm_new = ref.confusion_matrix(nt, np_, sample_weight=w)
    assert np.array_equal(cm_new[np.ix_(order, order)], cm_old)

    for average in ("macro", "micro", "weighted"):
        close(ref.f1_score(nt, np_, sample_weight=w, average=average, zero_division=zero_division),
              ref.f1_score(yt, yp, sample_weight=w, average=average, zero_division=zero_division))
        close(ref.precision_score(nt, np_, sample_weight=w, average=average, zero_division=zero_division),
              ref.precision_score(yt, yp, sample_weight=w, average=average, zero_division=zero_division))


# --- weights --------------------------------------------------------------------


@given(problem=labelled(weights=("none",)), data=st.data(), zero_division=ZERO_DIVISION)
def test_weight_two_equals_a_duplicated_sample(problem, data, zero_division):
    yt, yp, _ = problem
    i = data.draw(st.integers(0, len(yt) - 1))
    w = np.ones(len(yt), dtype=np.int64)
    w[i] = 2
    dt, dp = np.append(yt, yt[i]), np.append(yp, yp[i])

    same_counts(ref.counts(yt, yp, w), ref.counts(dt, dp))
    assert np.array_equal(ref.confusion_matrix(yt, yp, sample_weight=w), ref.confusion_matrix(dt, dp))
    close(ref.accuracy_score(yt, yp, sample_weight=w), ref.accuracy_score(dt, dp))
    for average in (None, "micro", "macro", "weighted"):
        close(ref.precision_recall_fscore_support(yt, yp, sample_weight=w, average=average, zero_division=zero_division),
              ref.precision_recall_fscore_support(dt, dp, average=average, zero_division=zero_division))


# --- merging ------------------------------------------------------------------------


@st.composite
def split_batches(draw, problem):
    """The samples cut at any points (empty batches included), in a random order."""
    yt, yp, w = problem
    n = len(yt)
    cuts = sorted(draw(st.lists(st.integers(0, n), max_size=5)))
    bounds = [0, *cuts, n]
    batches = [(yt[a:b], yp[a:b], None if w is None else w[a:b]) for a, b in zip(bounds, bounds[1:])]
    return draw(st.permutations(batches))


def _merge_in_some_order(parts, data):
    """Merge by repeatedly adding two randomly chosen partial results (any tree shape)."""
    parts = list(parts)
    while len(parts) > 1:
        i = data.draw(st.integers(0, len(parts) - 1))
        a = parts.pop(i)
        j = data.draw(st.integers(0, len(parts) - 1))
        b = parts.pop(j)
        parts.append(a + b)
    return parts[0]


@given(problem=labelled(weights=("none", "int")), data=st.data())
def test_counts_of_batches_merged_equal_counts_of_the_whole(problem, data):
    batches = data.draw(split_batches(problem))
    merged = _merge_in_some_order([ref.counts(*b) for b in batches], data)
    same_counts(merged, ref.counts(*problem))


@given(problem=labelled(weights=("float",)), data=st.data())
def test_float_weighted_counts_merge_up_to_rounding(problem, data):
    batches = data.draw(split_batches(problem))
    merged = _merge_in_some_order([ref.counts(*b) for b in batches], data)
    whole = ref.counts(*problem)
    assert merged.labels.tolist() == whole.labels.tolist()
    close(merged.matrix, whole.matrix)


@given(data=st.data())
def test_string_and_wide_labels_merge_too(data):
    # The general (np.unique) counting path, for labels the fast path does not take.
    pool = data.draw(st.sampled_from([["ant", "bird", "cat"], [-10**9, 3, 10**9]]))
    n = data.draw(st.integers(1, 20))
    yt = np.array(data.draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    yp = np.array(data.draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    batches = data.draw(split_batches((yt, yp, None)))
    same_counts(_merge_in_some_order([ref.counts(*b) for b in batches], data), ref.counts(yt, yp))


def test_merge_refuses_strings_with_numbers():
    with pytest.raises(ValueError):
        ref.counts(["a"], ["b"]) + ref.counts([1], [2])


def test_empty_counts_are_the_identity():
    c = ref.counts([2, 0, 1], [2, 2, 1])
    same_counts(c + ref.Counts.empty(), c)
    same_counts(ref.Counts.empty() + c, c)
    same_counts(ref.counts([], []), ref.Counts.empty())


@given(problem=labelled(weights=("none", "int", "float")),
       shift=st.sampled_from([0, 3, -5, 10**6, -(10**9), 2**40]),
       dtype=st.sampled_from([np.int64, np.int32, np.float64]))
def test_fast_path_equals_general_path(problem, shift, dtype):
    yt, yp, w = problem
    if dtype is np.int32 and abs(shift) > 2**31 - 10:
        dtype = np.int64
    yt, yp = (yt + shift).astype(dtype), (yp + shift).astype(dtype)
    fast = ref.counts(yt, yp, w)
    assert fast.labels.dtype == dtype
    # small ranges take the fast path, however far from 0 they are
    ints = yt.astype(np.int64), yp.astype(np.int64)
    assert _fast_counts(*ints, w, dtype) is not None
    same_counts(fast, _general_counts(yt, yp, w))


# --- averages -----------------------------------------------------------------------


@given(problem=labelled(), beta=st.sampled_from([1, 0.5, 2.0]))
def test_micro_f_equals_accuracy_over_all_labels(problem, beta):
    yt, yp, w = problem
    accuracy = ref.accuracy_score(yt, yp, sample_weight=w)
    close(ref.f1_score(yt, yp, sample_weight=w, average="micro"), accuracy)
    close(ref.fbeta_score(yt, yp, beta=beta, sample_weight=w, average="micro"), accuracy)
    close(ref.precision_score(yt, yp, sample_weight=w, average="micro"), accuracy)
    close(ref.recall_score(yt, yp, sample_weight=w, average="micro"), accuracy)


@given(problem=labelled(), zero_division=ZERO_DIVISION)
def test_macro_f1_is_the_mean_of_per_class_f1(problem, zero_division):
    yt, yp, w = problem
    per_class = ref.f1_score(yt, yp, sample_weight=w, average=None, zero_division=zero_division)
    macro = ref.f1_score(yt, yp, sample_weight=w, average="macro", zero_division=zero_division)
    # zero_division=nan leaves undefined classes out of the mean (NaN if all are undefined)
    defined = per_class[~np.isnan(per_class)]
    close(macro, float(defined.mean()) if defined.size else math.nan)


def test_macro_f1_is_not_the_f1_of_macro_p_and_r():
    # Kotlin fixture (000, docs/reference-systems.md): per-class F1 [0, 2/3, 2/3], macro 4/9, and
    # not 2PR/(P+R) = 0.5 of the macro P and R.
    yt, yp = [2, 1, 1, 0], [2, 0, 1, 2]
    close(ref.f1_score(yt, yp, average=None), [0.0, 2 / 3, 2 / 3])
    close(ref.f1_score(yt, yp, average="macro"), 4 / 9)
    p, r = ref.precision_score(yt, yp, average="macro"), ref.recall_score(yt, yp, average="macro")
    assert abs(2 * p * r / (p + r) - 4 / 9) > 0.05


def test_the_reference_does_not_import_scikit_learn():
    import subprocess
    import sys

    code = ("import sys, numpy as np, conformance.reference as r; r.f1_score([0, 1], [0, 1]); "
            "assert not [m for m in sys.modules if m.split('.')[0] in ('sklearn', 'scipy')], 'imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
