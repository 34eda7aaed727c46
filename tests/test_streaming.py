"""Streaming (conformance.reference.streaming): batches, merges and resets give the whole.

What a streaming port is held to, shown on the reference:

* fed batch by batch (any cut points, empty batches included), ``compute`` returns
  what the metric function returns on the concatenated data -- or raises the same
  exception class -- for every count metric and a grid of keywords;
* accumulators of batches merged in any tree shape are the accumulator of the whole,
  and merging leaves its operands unchanged;
* ``reset`` is the empty state: compute raises the empty-input error, and
  reset + update equals fresh + update;
* the bundled corpus, replayed with its samples cut at every point, passes.

Unweighted, integer-weighted and dyadic-float-weighted (k/4) data are compared
exactly (type, dtype, bits): their sums are exact in any order.  Other float
weights are compared within the corpus tolerance, as docs/streaming.md promises.
"""

from __future__ import annotations

import builtins
import inspect
import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import conformance.reference as ref
from conformance.compare import compare
from conformance.corpus import CorpusError
from conformance.encoding import call_argument, decode_numeric, is_mix, to_json
from conformance.reference import streaming
from conformance.reference.streaming import METRICS, CountAccumulator
from fake_ports import kit

RTOL, ATOL = 1e-9, 1e-12
SEEDS = st.integers(0, 2**32 - 1)
# Negative weights make matthews_corrcoef take the square root of a negative number
# (NaN), streamed and in one pass alike; numpy warns.
NEGATIVE_WEIGHTS_WARN = pytest.mark.filterwarnings("ignore:invalid value encountered in sqrt:RuntimeWarning")

# Label pools: negative, non-contiguous and wide labels take the general counting path.
POOLS = {
    "small": [0, 1, 2],
    "binary": [0, 1],
    "negative": [-3, -1, 0, 2],
    "sparse": [-7, 5, 40, 2**40],
    "strings": ["ant", "bee", "cat"],
}
ABSENT = {"strings": "zzz"}  # a label no sample has; 99 for the numeric pools


# --- data ----------------------------------------------------------------------------


@st.composite
def problems(draw, weights=("none", "int", "dyadic", "real")):
    """(pool name, y_true, y_pred, sample_weight, weight kind)."""
    name = draw(st.sampled_from(sorted(POOLS)))
    pool = POOLS[name]
    n = draw(st.integers(0, 24))
    yt = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    yp = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    if name == "strings":
        dtype = None
    elif max(abs(v) for v in pool) > 2**31:
        dtype = draw(st.sampled_from([np.int64, np.float64]))
    else:
        dtype = draw(st.sampled_from([np.int64, np.int32, np.float64]))  # float64: float-stored labels
    yt, yp = np.array(yt, dtype=dtype), np.array(yp, dtype=dtype)
    if name == "strings":
        yt, yp = yt.astype("<U3"), yp.astype("<U3")
    kind = draw(st.sampled_from(weights))
    if kind == "none":
        w = None
    elif kind == "int":  # negative and all-zero weights included: exact in any order
        w = np.array(draw(st.lists(st.integers(-3, 5), min_size=n, max_size=n)), dtype=np.int64)
    elif kind == "dyadic":  # floats whose sums are exact in any order
        w = np.array(draw(st.lists(st.integers(-8, 20), min_size=n, max_size=n)), dtype=np.float64) / 4
    else:  # general floats, non-negative (mixed signs could cancel to 0 only up to rounding)
        w = np.array(draw(st.lists(st.one_of(st.just(0.0), st.floats(0.05, 20.0)), min_size=n, max_size=n)))
    return name, yt, yp, w, kind


@st.composite
def batches_of(draw, problem):
    """The samples cut at random points (empty batches included); numeric batches may
    arrive as float-stored labels while others stay integers."""
    name, yt, yp, w, _ = problem
    n = len(yt)
    cuts = sorted(draw(st.lists(st.integers(0, n), max_size=5)))
    bounds = [0, *cuts, n]
    batches = []
    for a, b in zip(bounds, bounds[1:]):
        bt, bp = yt[a:b], yp[a:b]
        if name != "strings" and draw(st.booleans()) and draw(st.booleans()):
            bt, bp = bt.astype(np.float64), bp.astype(np.float64)
        batches.append((bt, bp, None if w is None else w[a:b]))
    return batches


def concatenated(batches):
    """The whole data the batches stand for."""
    yt = np.concatenate([b[0] for b in batches])
    yp = np.concatenate([b[1] for b in batches])
    w = None if batches[0][2] is None else np.concatenate([b[2] for b in batches])
    return yt, yp, w


# --- keyword grids --------------------------------------------------------------------


# Keywords are drawn with a seeded random.Random (one draw per example), not one
# Hypothesis draw each: 14 metrics x 5 keywords per example would make generation slow.


def _labels(rng, name):
    pool = POOLS[name] + [ABSENT.get(name, 99)]
    return None if rng.random() < 0.4 else [rng.choice(pool) for _ in range(rng.randint(1, 4))]


def _pos_label(rng, name):
    return rng.choice(POOLS[name] + [1, ABSENT.get(name, 99)])


AVERAGES = [None, "binary", "micro", "macro", "weighted", "samples", "bogus"]
ZERO_DIVISION = ["warn", 0, 1, 0.0, 1.0, np.nan]
BETAS = [0, 0.5, 1, 2.0, np.inf, -1]


def random_params(rng: random.Random, metric: str, name: str) -> dict:
    """Keywords for ``metric`` from a grid that includes refused values."""
    c = rng.choice
    set_wise = {"labels": _labels(rng, name), "pos_label": _pos_label(rng, name), "average": c(AVERAGES)}
    grids = {
        "confusion_matrix": lambda: {"labels": _labels(rng, name), "normalize": c([None, "true", "pred", "all", "row"])},
        "accuracy_score": lambda: {"normalize": c([True, False])},
        "zero_one_loss": lambda: {"normalize": c([True, False])},
        "precision_recall_fscore_support": lambda: {**set_wise, "beta": c(BETAS), "zero_division": c(ZERO_DIVISION)},
        "fbeta_score": lambda: {**set_wise, "beta": c(BETAS), "zero_division": c(ZERO_DIVISION)},
        "precision_score": lambda: {**set_wise, "zero_division": c(ZERO_DIVISION)},
        "recall_score": lambda: {**set_wise, "zero_division": c(ZERO_DIVISION)},
        "f1_score": lambda: {**set_wise, "zero_division": c(ZERO_DIVISION)},
        "jaccard_score": lambda: {**set_wise, "zero_division": c(["warn", 0, 1, np.nan])},
        "balanced_accuracy_score": lambda: {"adjusted": c([True, False])},
        "matthews_corrcoef": lambda: {},
        "hamming_loss": lambda: {},
        "cohen_kappa_score": lambda: {"labels": _labels(rng, name), "weights": c([None, "linear", "quadratic"]),
                                      "replace_undefined_by": c([np.nan, 0.0, -1.0, 1])},
        "multilabel_confusion_matrix": lambda: {"labels": _labels(rng, name), "samplewise": c([False, False, True])},
    }
    params = grids[metric]()
    # Leave some keywords at their defaults (fbeta_score's beta is required).
    return {k: v for k, v in params.items() if (metric == "fbeta_score" and k == "beta") or rng.random() < 0.7}


# --- outcomes -------------------------------------------------------------------------


def outcome(fn):
    """("value", result) or ("error", exception class)."""
    try:
        return "value", fn()
    except Exception as exc:  # noqa: BLE001 - the class is what is compared
        return "error", type(exc)


def assert_identical(a, b, where="value") -> None:
    """Equal in type, dtype, shape and bits (NaN equal to NaN)."""
    if isinstance(a, (tuple, list)):
        assert type(a) is type(b) and len(a) == len(b), f"{where}: {a!r} != {b!r}"
        for i, (x, y) in enumerate(zip(a, b)):
            assert_identical(x, y, f"{where}[{i}]")
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray), f"{where}: {a!r} != {b!r}"
        assert a.dtype == b.dtype and a.shape == b.shape, f"{where}: {a.dtype}{a.shape} != {b.dtype}{b.shape}"
        assert np.array_equal(a, b, equal_nan=a.dtype.kind == "f"), f"{where}: {a!r} != {b!r}"
    else:
        assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
        both_nan = isinstance(a, float) and math.isnan(a) and math.isnan(b)
        assert both_nan or a == b, f"{where}: {a!r} != {b!r}"


def assert_close(a, b) -> None:
    result = compare(decode_numeric(to_json(b)), decode_numeric(to_json(a)), rtol=RTOL, atol=ATOL)
    assert result, result.reason


def assert_same_outcome(streamed, whole, exact: bool, what: str) -> None:
    assert streamed[0] == whole[0], f"{what}: streamed {streamed}, one pass {whole}"
    if whole[0] == "error":
        assert streamed[1] is whole[1], f"{what}: streamed raised {streamed[1]}, one pass {whole[1]}"
    elif exact:
        assert_identical(streamed[1], whole[1], what)
    else:
        assert_close(streamed[1], whole[1])


def check_every_metric(acc: CountAccumulator, whole, problem_name: str, exact: bool, seed: int) -> None:
    yt, yp, w = whole
    rng = random.Random(seed)
    for metric in METRICS:
        params = random_params(rng, metric, problem_name)
        streamed = outcome(lambda: acc.compute(metric, **params))
        one_pass = outcome(lambda: getattr(ref, metric)(yt, yp, sample_weight=w, **params))
        assert_same_outcome(streamed, one_pass, exact, f"{metric}({params})")


def assert_same_state(a: CountAccumulator, b: CountAccumulator, exact: bool = True) -> None:
    assert a.n_samples == b.n_samples and a.weighted == b.weighted
    assert a.counts.labels.tolist() == b.counts.labels.tolist()
    assert a.counts.in_true.tolist() == b.counts.in_true.tolist()
    if exact:
        assert a.counts.matrix.dtype.kind == b.counts.matrix.dtype.kind
        assert np.array_equal(a.counts.matrix, b.counts.matrix)
    else:
        assert_close(a.counts.matrix, b.counts.matrix)


# --- batches, merges, reset -------------------------------------------------------------


@NEGATIVE_WEIGHTS_WARN
@given(problem=problems(), data=st.data())
def test_update_per_batch_equals_one_pass(problem, data):
    batches = data.draw(batches_of(problem))
    acc = CountAccumulator()
    for b in batches:
        assert acc.update(*b) is acc
    whole = concatenated(batches)
    assert_same_state(acc, CountAccumulator.of(*whole), exact=problem[4] != "real")
    check_every_metric(acc, whole, problem[0], exact=problem[4] != "real", seed=data.draw(SEEDS))


def _snapshot(acc):
    return acc.n_samples, acc.weighted, acc.counts.labels.tolist(), acc.counts.matrix.copy()


def merge_in_a_random_tree(accumulators, data):
    """Merge by repeatedly adding two randomly chosen partial results (any binary tree),
    checking that a merge leaves its operands as they were."""
    parts = list(accumulators)
    while len(parts) > 1:
        a = parts.pop(data.draw(st.integers(0, len(parts) - 1)))
        b = parts.pop(data.draw(st.integers(0, len(parts) - 1)))
        before = _snapshot(a), _snapshot(b)
        parts.append(a.merge(b) if data.draw(st.booleans()) else a + b)
        for old, new in zip(before, (_snapshot(a), _snapshot(b))):
            assert old[:3] == new[:3] and np.array_equal(old[3], new[3]), "merge changed an operand"
    return parts[0]


@NEGATIVE_WEIGHTS_WARN
@given(problem=problems(), data=st.data())
def test_any_merge_tree_equals_one_pass(problem, data):
    batches = data.draw(batches_of(problem))
    # Consecutive batches share an accumulator at random; the accumulators come in any order.
    groups, acc = [], CountAccumulator()
    for b in batches:
        acc.update(*b)
        if data.draw(st.booleans()):
            groups.append(acc)
            acc = CountAccumulator()
    groups.append(acc)
    merged = merge_in_a_random_tree(data.draw(st.permutations(groups)), data)
    whole = concatenated(batches)
    exact = problem[4] != "real"
    assert_same_state(merged, CountAccumulator.of(*whole), exact=exact)
    check_every_metric(merged, whole, problem[0], exact=exact, seed=data.draw(SEEDS))


def _defaults(metric):
    return {"beta": 1.0} if metric == "fbeta_score" else {}


@NEGATIVE_WEIGHTS_WARN
@given(problem=problems(), data=st.data())
def test_reset_restores_the_empty_state(problem, data):
    _, yt, yp, w, kind = problem
    acc = CountAccumulator().update(yt, yp, w)
    assert acc.reset() is acc
    assert_same_state(acc, CountAccumulator())
    assert acc.counts.n_classes == 0 and acc.weighted is None
    for metric in METRICS:  # the error of no data at all, as the one pass raises it
        streamed = outcome(lambda: acc.compute(metric, **_defaults(metric)))
        one_pass = outcome(lambda: getattr(ref, metric)(yt[:0], yp[:0], **_defaults(metric)))
        assert streamed == one_pass == ("error", ValueError), metric
    # reset + update == fresh + update, whatever the stream held before (weighted or not)
    other = data.draw(problems())
    batch = other[1:4]
    assert_same_state(acc.update(*batch), CountAccumulator.of(*batch))
    check_every_metric(acc, batch, other[0], exact=other[4] != "real", seed=data.draw(SEEDS))


def test_a_stream_is_weighted_or_not():
    weighted = CountAccumulator.of([0, 1], [0, 0], [1, 2])
    with pytest.raises(ValueError):
        weighted.update([1], [1])
    with pytest.raises(ValueError):
        weighted + CountAccumulator.of([1], [1])
    # empty batches have no say, with or without weights; and reset forgets the mode
    weighted.update([], []).update(np.array([], dtype=int), [], None)
    assert weighted.reset().update([1], [1]).weighted is False


def test_whole_call_rules_wait_for_compute():
    # A batch may be empty, or weigh 0; only the stream as a whole may not.
    acc = CountAccumulator.of([0, 1], [1, 1], [0, 0])
    with pytest.raises(ValueError, match="non-zero"):
        acc.compute("accuracy_score")
    acc.update([1], [1], [2])
    assert acc.compute("accuracy_score") == ref.accuracy_score([0, 1, 1], [1, 1, 1], sample_weight=[0, 0, 2]) == 1.0
    # keyword checks come first, as in a call
    with pytest.raises(ref.InvalidParameterError):
        CountAccumulator().compute("f1_score", average="bogus")
    with pytest.raises(ValueError, match="not a streaming count metric"):
        acc.compute("r2_score")


def test_batch_errors_raise_at_update():
    acc = CountAccumulator.of([0, 1], [0, 1])
    for bad in ([[0.5], [1]], [[np.nan], [1]], [[0, 1], [1]], [["a"], [1]], [[[0, 1]], [[1, 0]]]):
        with pytest.raises(ValueError):
            acc.update(*bad)
    with pytest.raises(ValueError):  # strings meeting numbers across batches
        acc.update(["a"], ["b"])
    assert acc.n_samples == 2 and acc.compute("accuracy_score") == 1.0  # a refused batch adds nothing


def test_compute_takes_the_metric_functions_keywords():
    for metric in METRICS:
        public = inspect.signature(getattr(ref, metric)).parameters.values()
        expected = [(p.name, p.default) for p in public if p.kind is p.KEYWORD_ONLY and p.name != "sample_weight"]
        mine = [(p.name, p.default) for p in inspect.signature(streaming._METRICS[metric]).parameters.values()
                if p.kind is p.KEYWORD_ONLY]
        assert [n for n, _ in mine] == [n for n, _ in expected], metric
        for (name, a), (_, b) in zip(mine, expected):
            assert a is b or a == b, f"{metric}: default of {name} is {a!r}, the metric's is {b!r}"


# Count metrics of the reference that compute() does not offer, and why.
NOT_STREAMED = {
    "classification_report": "row names depend on each side's labels and dtype, which the counts do not keep",
}


def test_every_count_metric_of_the_reference_streams():
    count_modules = {"_metrics", "_agreement", "_multilabel"}
    count_metrics = {
        name for name in ref.__all__
        if callable(getattr(ref, name)) and not name.endswith("_from_counts") and name != "counts"
        and getattr(ref, name).__module__.rsplit(".", 1)[-1] in count_modules
    }
    assert count_metrics == set(METRICS) | set(NOT_STREAMED)


# --- the bundled corpus, cut at every point ----------------------------------------------

try:  # a refused corpus fails one test below instead of the collection of this file
    CORPUS, LOAD_ERROR = kit.bundled_corpus(), None
except CorpusError as exc:
    CORPUS, LOAD_ERROR = None, exc


def _pair(inputs: dict):
    """(y_true, y_pred); cohen_kappa_score names them y1 and y2 and counts them the same way."""
    return (inputs["y_true"], inputs["y_pred"]) if "y_true" in inputs else (inputs["y1"], inputs["y2"])


def _label_vectors(case) -> bool:
    """Cuttable label vectors: y_true and y_pred 1-D or one column.  Multilabel indicator
    input (more than one column) is not a count stream."""
    ys = [np.shape(y) for y in _pair(case.inputs)]
    return all(len(s) == 1 or (len(s) == 2 and s[1] <= 1) for s in ys)


COUNT_CASES = [c for c in (CORPUS.cases if CORPUS else ()) if c.metric in METRICS]
STREAM_CASES = [c for c in COUNT_CASES if _label_vectors(c)]


def test_the_corpus_replay_covers_every_label_vector_count_case():
    assert LOAD_ERROR is None, f"the bundled corpus was refused:\n{LOAD_ERROR}"
    count_cases = COUNT_CASES
    assert len(STREAM_CASES) > 1000
    # only multilabel cases are left out, and they are a minority
    assert all(max(np.ndim(y) for y in _pair(c.inputs)) == 2
               for c in count_cases if not _label_vectors(c))
    assert len(count_cases) - len(STREAM_CASES) < 0.25 * len(count_cases)


def _two_ways(case, cut):
    """The stream of the case cut at ``cut``: updated in turn, and merged."""
    # Each batch as a port reads it (call_argument of its own part).  A mix of strings and numbers is cut
    # from the strings numpy makes of the whole list (decision 0043): the call the stream stands for reads
    # its numbers as strings, which a batch of numbers alone would not.
    (yt, yp), w = _pair(case.inputs), case.inputs.get("sample_weight")
    part = lambda v, s: (None if v is None else np.asarray(v)[s] if is_mix(v)  # noqa: E731
                         else call_argument(list(v[s])))
    first = (part(yt, slice(None, cut)), part(yp, slice(None, cut)), part(w, slice(None, cut)))
    rest = (part(yt, slice(cut, None)), part(yp, slice(cut, None)), part(w, slice(cut, None)))
    yield lambda: CountAccumulator().update(*first).update(*rest).compute(case.metric, **case.params)
    yield lambda: (CountAccumulator.of(*first) + CountAccumulator.of(*rest)).compute(case.metric, **case.params)


def _cuts(n: int):
    """Every cut point; a case of fewer than two samples streams after an empty batch.  A long
    case (the numerics family's 10^5 or 2000 samples) is cut at 16 points spread over it,
    both ends included: every point would replay it n times."""
    if n < 2:
        return [0]
    if n <= 200:
        return range(1, n)
    return sorted({1, n - 1, *np.linspace(1, n - 1, 16).astype(int).tolist()})


def _replay(case) -> str | None:
    """Why the case fails when streamed, or None."""
    n = min(np.shape(v)[0] for v in case.inputs.values() if np.ndim(v) >= 1)
    for cut in _cuts(n):
        for way, stream in zip(("updates", "merge"), _two_ways(case, cut)):
            if case.expected.is_error:
                bases = tuple(getattr(builtins, b) for b in case.expected.error["bases"])
                try:
                    value = stream()
                except bases:
                    continue
                return f"cut at {cut} ({way}): returned {value!r}, expected {case.expected.error['type']}"
            result = compare(case.expected.value, decode_numeric(to_json(stream())), **CORPUS.tolerance)
            if not result:
                return f"cut at {cut} ({way}): {result.reason}"
    return None


# One test per metric (not per case: 1,600 parametrized items cost more than the replay).
@pytest.mark.parametrize("metric", sorted({c.metric for c in STREAM_CASES}))
def test_corpus_cases_streamed_at_every_cut(metric):
    failures = [f"{c.id}: {why}" for c in STREAM_CASES if c.metric == metric and (why := _replay(c))]
    assert not failures, f"{len(failures)} case(s) fail when streamed:\n" + "\n".join(failures[:20])
