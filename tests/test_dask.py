"""The count metrics of a Dask-partitioned array, with the accumulator as the reduction.

Runs the code of docs/examples/dask_counts.py (imported from there, so the example
cannot rot) at 10**6 samples: one CountAccumulator per block, merged in a tree,
must equal one pass over the materialised arrays -- exactly (dtype and bits) for
unweighted and integer-weighted data, within the corpus tolerance for float weights.

dask is a test dependency (pyproject.toml, extra "test"): without it this file fails
to import, it is not skipped.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import dask
import numpy as np
import pytest

import conformance.reference as ref
from conformance.reference.streaming import METRICS, CountAccumulator

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "dask_counts.py"
_spec = importlib.util.spec_from_file_location("dask_counts", EXAMPLE)
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)

N, CHUNKS = 10**6, 16


def identical(a, b) -> bool:
    """Same type, dtype, shape and bits (NaN equal to NaN)."""
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return (isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
                and np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))
    return type(a) is type(b) and (a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b)))


def materialised(y_true, y_pred, w):
    return dask.compute(y_true, y_pred) + ((None,) if w is None else dask.compute(w))


def test_the_example_covers_every_streaming_metric():
    assert {metric for metric, _ in example.METRICS} == set(METRICS)


@pytest.mark.parametrize("weights", ["none", "int"])
def test_dask_reduction_equals_one_pass_exactly(weights):
    data = example.make_data(N, CHUNKS, n_classes=5, weights=weights, seed=1)
    assert data[0].numblocks == (CHUNKS,)
    acc = example.streamed(*data)
    arrays = materialised(*data)
    whole = CountAccumulator.of(*arrays)
    assert acc.n_samples == whole.n_samples == N
    assert acc.counts.labels.tolist() == whole.counts.labels.tolist() == [0, 1, 2, 3, 4]
    assert acc.counts.matrix.dtype == whole.counts.matrix.dtype == np.int64
    assert np.array_equal(acc.counts.matrix, whole.counts.matrix)
    for metric, params in example.METRICS:
        streamed, one_pass = acc.compute(metric, **params), example.one_pass(*arrays, metric, params)
        assert identical(streamed, one_pass), f"{metric}({params}): {streamed!r} != {one_pass!r}"


def test_dask_reduction_with_float_weights_is_within_the_tolerance():
    data = example.make_data(N, CHUNKS, n_classes=7, weights="float", seed=2)
    acc = example.streamed(*data)
    arrays = materialised(*data)
    whole = CountAccumulator.of(*arrays)
    # The block sums are added in another order than the one pass's: equal up to rounding.
    assert acc.counts.matrix.dtype == np.float64
    assert np.allclose(acc.counts.matrix, whole.counts.matrix, rtol=1e-12, atol=0)
    for metric, params in example.METRICS:
        ok, diff = example.agree(acc.compute(metric, **params), example.one_pass(*arrays, metric, params), exact=False)
        assert ok, f"{metric}({params}): differs by {diff}"


@pytest.mark.parametrize("split_every", [2, 3, 16])
def test_uneven_chunks_and_any_tree_fan_in(split_every):
    # Chunks of very different sizes (one of a single sample), merged with fan-in 2, 3 or all at once.
    sizes = (1, 250_000, 3, 499_996, 100_000, 150_000)
    data = example.make_data(sum(sizes), sizes, n_classes=4, weights="int", seed=3)
    assert data[0].chunks == (sizes,)
    acc = example.streamed(*data, split_every=split_every)
    arrays = materialised(*data)
    for metric, params in example.METRICS:
        assert identical(acc.compute(metric, **params), example.one_pass(*arrays, metric, params)), metric


def test_dask_reduction_reproduces_the_one_pass_errors():
    data = example.make_data(10_000, 4, n_classes=3, seed=4)
    acc = example.streamed(*data)
    arrays = materialised(*data)
    for metric, params in [("f1_score", {}), ("precision_score", {"average": "binary"}),
                           ("confusion_matrix", {"labels": [7]}), ("fbeta_score", {"beta": -1})]:
        with pytest.raises(ValueError) as streamed:
            acc.compute(metric, **params)
        with pytest.raises(ValueError) as one_pass:
            getattr(ref, metric)(*arrays[:2], **params)
        assert streamed.type is one_pass.type, metric


def test_the_example_script_runs(capsys):
    assert example.main(["--n", "200000", "--chunks", "8", "--weights", "int"]) == 0
    out = capsys.readouterr().out
    assert "all equal" in out and "200,000 samples" in out
