"""Which lines of the mutated modules each metric's cases execute: recorded once, by tracing the replay.

A mutant is judged by the cases of the metrics whose replay ran one of its lines (or, for a default in a
signature, entered its function): the map comes from the code that runs, not from a table kept by hand.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict

import warnings

import numpy as np

from generators.mutation.judge import failure, first_failure


def record(judgements_by_metric: dict, files: dict[str, str], resolve, tolerance: dict) -> dict:
    """{metric: {"lines": {module: [line, ...]}, "entered": {module: [def line, ...]}, "seconds": s,
    "failing": [index of a judgement the unmutated code fails, ...]}} for the modules whose source files are ``files`` ({path: module})."""
    out = {}
    for metric, judgements in judgements_by_metric.items():
        lines, entered = defaultdict(set), defaultdict(set)

        def local(frame, event, arg, _module=None):
            if event == "line":
                lines[files[frame.f_code.co_filename]].add(frame.f_lineno)
            return local

        def tracer(frame, event, arg):
            module = files.get(frame.f_code.co_filename)
            if module is None:
                return None
            entered[module].add(frame.f_code.co_firstlineno)
            return local

        start = time.perf_counter()
        sys.settrace(tracer)
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                failing = [i for i, j in enumerate(judgements) if failure(j, resolve, tolerance) is not None]
        finally:
            sys.settrace(None)
        # The replay without the tracer is what a mutant's judging costs: timed again, untraced.
        start = time.perf_counter()
        first_failure(judgements, resolve, tolerance)
        out[metric] = {"lines": {m: sorted(v) for m, v in sorted(lines.items())},
                       "entered": {m: sorted(v) for m, v in sorted(entered.items())},
                       "seconds": round(time.perf_counter() - start, 3),
                       "failing": failing}
    return out
