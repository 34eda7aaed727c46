"""The one timer of the side-by-side benchmarks (bench_clustering, bench_ranking, bench_deviances)."""

from __future__ import annotations

import time


def best_of(fn, repeats: int) -> tuple[float, object]:
    """The fastest of ``repeats`` wall-clock runs of ``fn()``, in seconds, and the value it returned."""
    best, value = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value
