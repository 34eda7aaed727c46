"""A protocol-2 port with the habits of a real library, for `parity verify --suggest` and `--smoke`.

    python habits_port.py HABIT [HABIT ...]

It answers as the reference port (ports/reference/adapter.py, whose loop it reuses) does, except
where a habit applies.  The habits:

    zero-division-one   precision/recall/F leave 0/0 at 1 when zero_division is not given: the
                        convention zero-division=1 (docs/conventions.md)
    empty-is-zero       accuracy_score answers 0.0 for empty inputs instead of raising
    mae-unweighted      mean_absolute_error drops sample_weight (still checking its length)
    float32-range       an input holding a value past float32's range (|x| > 3.4e38) is stored in
                        float32 first: those values overflow to infinity (every other input is kept)
    swapped             (a broken adapter) y_true and y_pred swapped in every call
    throws              (a broken adapter) every call raises AdapterError before reaching the library
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # this repository's conformance, not whichever is installed

from conformance import conventions as conv  # noqa: E402
from tests.planted_ports.planted import adapter  # noqa: E402  (ports/reference/adapter.py, loaded once)

HABITS = ("zero-division-one", "empty-is-zero", "mae-unweighted", "float32-range", "swapped", "throws")
FLOAT32_MAX = float(np.finfo(np.float32).max)


def _float32_storage(value):
    """``value`` stored in float32 when it holds a number past float32's range, else as it is."""
    array = np.asarray(value)
    if array.dtype.kind != "f" or not np.any(np.abs(array[np.isfinite(array)]) > FLOAT32_MAX):
        return value
    with np.errstate(over="ignore"):
        return array.astype(np.float32).astype(np.float64)


def with_habits(habits: set[str], metric: str, fn):
    """``fn`` (a reference metric) with the habits that apply to ``metric``."""
    def call(*args, **kw):
        if "throws" in habits:
            raise AdapterError("the adapter could not convert its inputs")
        if "swapped" in habits and "y_true" in kw and "y_pred" in kw:
            kw["y_true"], kw["y_pred"] = kw["y_pred"], kw["y_true"]
        if "zero-division-one" in habits and metric in conv.PRF and kw.get("zero_division", "warn") == "warn":
            kw["zero_division"] = 1.0
        if "empty-is-zero" in habits and metric == "accuracy_score" and np.size(kw.get("y_true")) == 0:
            return 0.0
        if "float32-range" in habits:
            kw = {k: _float32_storage(v) if isinstance(v, (list, np.ndarray)) else v for k, v in kw.items()}
        if "mae-unweighted" in habits and metric == "mean_absolute_error" and kw.get("sample_weight") is not None:
            fn(**kw)  # the reference's checks of the weights stay
            kw["sample_weight"] = None
        return fn(*args, **kw)
    return call


class AdapterError(Exception):
    pass


def main(habits: set[str]) -> int:
    def lookup(metric):
        found = adapter.metric_function(metric)
        return None if found is None else (with_habits(habits, metric, found[0]), found[1])
    return adapter.main(lookup, name=f"habits {' '.join(sorted(habits))}")


if __name__ == "__main__":
    chosen = set(sys.argv[1:])
    if not chosen or chosen - set(HABITS):
        print(f"usage: habits_port.py HABIT [HABIT ...], each one of {', '.join(HABITS)}", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(chosen))
