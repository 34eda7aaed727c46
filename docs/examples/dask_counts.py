"""Count metrics over a large partitioned array, with Dask doing the reduction.

    python docs/examples/dask_counts.py                      # 10**7 labels in 20 chunks
    python docs/examples/dask_counts.py --n 1000000 --chunks 16 --weights float
    python docs/examples/dask_counts.py --write-doc          # both documented runs, into docs/streaming.md

The labels are generated lazily, chunk by chunk (dask.array.random), and never
held whole by the streamed computation: each block becomes a
:class:`~conformance.reference.streaming.CountAccumulator` (the map step, one
counting pass over the block), and the accumulators are merged pairwise in a tree
(the reduce step).  Merges are exact for integer counts, so the metrics equal
those of one pass over the materialised arrays bit for bit; with float weights
they agree within the corpus tolerance (docs/streaming.md).

tests/test_dask.py imports this file and runs the same code at a smaller size.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import operator
import os
import platform
import sys
import time
from pathlib import Path

import dask
import dask.array as da
import numpy as np

import conformance.reference as ref
from conformance.compare import compare
from conformance.encoding import decode_numeric, to_json
from conformance.reference.streaming import CountAccumulator

# The metrics (and keywords) the example computes both ways.
METRICS = [
    ("confusion_matrix", {}),
    ("accuracy_score", {}),
    ("precision_recall_fscore_support", {"average": None}),
    ("precision_score", {"average": "macro", "zero_division": 0}),
    ("f1_score", {"average": "macro"}),
    ("fbeta_score", {"beta": 0.5, "average": "weighted"}),
    ("recall_score", {"average": "micro", "labels": [0, 2]}),
    ("balanced_accuracy_score", {"adjusted": True}),
    ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {"weights": "quadratic"}),
    ("jaccard_score", {"average": "weighted"}),
    ("hamming_loss", {}),
    ("zero_one_loss", {"normalize": False}),
    ("multilabel_confusion_matrix", {}),
]
RTOL, ATOL = 1e-9, 1e-12  # the corpus tolerance (docs/decisions/0003)


def make_data(n: int, chunks, n_classes: int = 5, weights: str = "none", seed: int = 0):
    """(y_true, y_pred, sample_weight or None): lazy Dask arrays with the same chunks.

    y_pred equals y_true 70% of the time and is uniform otherwise.  ``chunks`` is a
    number of chunks, or a tuple of chunk sizes (uneven ones allowed)."""
    sizes = chunks if isinstance(chunks, tuple) else _even(n, chunks)
    rng = da.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, size=n, chunks=sizes)
    noise = rng.integers(0, n_classes, size=n, chunks=sizes)
    y_pred = da.where(rng.random(n, chunks=sizes) < 0.7, y_true, noise)
    if weights == "none":
        w = None
    elif weights == "int":
        w = rng.integers(0, 4, size=n, chunks=sizes)
    elif weights == "float":
        w = rng.random(n, chunks=sizes) * 3
    else:
        raise ValueError(f"weights must be none, int or float, not {weights!r}")
    return y_true, y_pred, w


def _even(n: int, k: int) -> tuple[int, ...]:
    return tuple(n // k + (i < n % k) for i in range(k))


def _merge_all(*accumulators: CountAccumulator) -> CountAccumulator:
    return functools.reduce(operator.add, accumulators)  # each + is a new accumulator


def streamed(y_true, y_pred, sample_weight=None, split_every: int = 2) -> CountAccumulator:
    """The accumulator of the whole arrays: one per block, merged in a tree of fan-in
    ``split_every``, all in one Dask graph."""
    arrays = [y_true, y_pred] + ([] if sample_weight is None else [sample_weight])
    arrays = da.core.unify_chunks(*[x for a in arrays for x in (a, "i")])[1]  # blocks must line up
    blocks = zip(*(a.to_delayed().ravel() for a in arrays))
    parts = [dask.delayed(CountAccumulator.of)(*block) for block in blocks]  # map
    while len(parts) > 1:  # reduce, level by level
        parts = [dask.delayed(_merge_all)(*parts[i:i + split_every]) for i in range(0, len(parts), split_every)]
    return parts[0].compute()


def one_pass(y_true, y_pred, sample_weight, metric: str, params: dict):
    """The metric function on the whole (materialised) arrays."""
    return getattr(ref, metric)(y_true, y_pred, sample_weight=sample_weight, **params)


def agree(streamed_value, whole_value, exact: bool) -> tuple[bool, float]:
    """(equal, largest absolute difference): bit for bit when ``exact``, else within the tolerance."""
    a, b = decode_numeric(to_json(streamed_value)), decode_numeric(to_json(whole_value))
    result = compare(b, a, rtol=0.0 if exact else RTOL, atol=0.0 if exact else ATOL)
    return result.ok, result.max_error or 0.0


def _short(value) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_short(v) for v in value) + ")"
    if isinstance(value, np.ndarray):
        shape = "x".join(map(str, value.shape))
        return f"{value.dtype}[{shape}] sum {value.sum():.10g}"
    if isinstance(value, float):
        return f"{value:.12g}"
    return repr(value)


DOC = Path(__file__).resolve().parents[1] / "streaming.md"
START, END = "<!-- dask_counts:start -->", "<!-- dask_counts:end -->"


def write_doc() -> int:
    """Run the two documented configurations (default size, no weights and float weights) and
    rewrite the section between the dask_counts markers of docs/streaming.md with their output."""
    load = os.getloadavg()[0]
    outputs = []
    for weights in ("none", "float"):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            status = main(["--weights", weights])
        print(buffer.getvalue(), end="")
        if status:
            return status
        outputs.append(buffer.getvalue().rstrip("\n"))
    text = "\n".join([
        START,
        "Output of `python docs/examples/dask_counts.py`, written here by `python docs/examples/dask_counts.py "
        f"--write-doc` (Python {platform.python_version()}, numpy {np.__version__}, dask {dask.__version__}, "
        f"{os.cpu_count()} CPUs, load average {load:.2f} at the start; other jobs may share the CPUs, so the "
        "timings are indicative only):",
        "",
        "```",
        outputs[0],
        "```",
        "",
        "With float weights (`--weights float`, uniform in [0, 3)), the same values within the tolerance:",
        "",
        "```",
        outputs[1],
        "```",
        END,
    ])
    old = DOC.read_text(encoding="utf-8")
    head, rest = old.split(START, 1)
    DOC.write_text(head + text + rest.split(END, 1)[1], encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10**7, help="number of samples (default 10**7)")
    parser.add_argument("--chunks", type=int, default=20, help="number of chunks (default 20)")
    parser.add_argument("--classes", type=int, default=5)
    parser.add_argument("--weights", choices=["none", "int", "float"], default="none")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write-doc", action="store_true",
                        help="run the two documented configurations and rewrite their section of docs/streaming.md")
    args = parser.parse_args(argv)
    if args.write_doc:
        return write_doc()
    exact = args.weights != "float"

    y_true, y_pred, w = make_data(args.n, args.chunks, args.classes, args.weights, args.seed)
    print(f"{args.n:,} samples, {args.classes} classes, {y_true.numblocks[0]} chunks of "
          f"{max(y_true.chunks[0]):,}, weights: {args.weights}, dask {dask.__version__}")

    start = time.perf_counter()
    acc = streamed(y_true, y_pred, w)
    t_stream = time.perf_counter() - start
    print(f"streamed: {acc!r}  ({t_stream:.2f} s: generate each block, count it, merge the counts in a tree)")

    start = time.perf_counter()
    arrays = dask.compute(y_true, y_pred) + ((None,) if w is None else dask.compute(w))
    t_materialise = time.perf_counter() - start
    whole = CountAccumulator.of(*arrays)
    print(f"one pass: {whole!r}  ({t_materialise:.2f} s to materialise the arrays, "
          f"{sum(a.nbytes for a in arrays if a is not None) / 2**20:.0f} MiB)")
    same_counts = np.array_equal(acc.counts.labels, whole.counts.labels) and (
        np.array_equal(acc.counts.matrix, whole.counts.matrix) if exact
        else np.allclose(acc.counts.matrix, whole.counts.matrix, rtol=RTOL, atol=ATOL))
    print(f"counts equal: {same_counts}\n")

    print(f"{'metric':<52} {'streamed value':>60}  {'equal':<5}  {'max |diff|':>10}")
    failures = 0
    t_metrics = 0.0
    for metric, params in METRICS:
        value = acc.compute(metric, **params)
        start = time.perf_counter()
        expected = one_pass(*arrays, metric, params)
        t_metrics += time.perf_counter() - start
        ok, diff = agree(value, expected, exact)
        failures += not ok
        label = metric + (f"({', '.join(f'{k}={v!r}' for k, v in params.items())})" if params else "")
        print(f"{label:<52} {_short(value):>60}  {str(ok):<5}  {diff:>10.3g}")
    print(f"\none-pass metric calls: {t_metrics:.2f} s in all ({len(METRICS)} calls, each counting the whole arrays)")
    print("equality: " + ("exact, rtol = atol = 0 (integer counts)" if exact else f"within rtol {RTOL:g}, atol {ATOL:g}"))
    if failures or not same_counts:
        print(f"FAILED: {failures} metric(s) differ", file=sys.stderr)
        return 1
    print("all equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
