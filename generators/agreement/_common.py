"""Helpers shared by the agreement-family generators.

:func:`case` is the count family's helper (it checks that a case written as an
error is one in scikit-learn, and the other way round) plus one tag that follows
from the inputs: ``multilabel`` when ``y_true`` is a 2-D indicator matrix.
:func:`kappa_case` does the same for cohen_kappa_score, whose arrays are called
``y1`` and ``y2``.  Tags ``wrong-reading-<name>`` name the misreadings a case
catches; generators/agreement/readings.py implements each, and the check in
generators/readings.py holds the case to its claim.
"""

from __future__ import annotations

import numpy as np

from generators.counts._common import NAN, case as counts_case, fmt, wrong
from generators.oracle import make_case

__all__ = ["NAN", "case", "draw_indicators", "fmt", "kappa_case", "wrong", "KOTLIN", "EXERCISE_BINARY"]

# Worked examples from the reference systems 000/001 (Kotlin) and 002 (the exercise),
# docs/reference-systems.md, as in generators/counts/prf_named.py.
KOTLIN = ([2, 1, 1, 0], [2, 0, 1, 2])
EXERCISE_BINARY = ([1] * 6 + [0] * 2 + [1] * 4 + [0] * 3, [1] * 6 + [1] * 2 + [0] * 4 + [0] * 3)


def _is_matrix(y) -> bool:
    return isinstance(y, list) and bool(y) and isinstance(y[0], list)


def case(metric, slug, y_true, y_pred, params=None, *, sample_weight=None, tags=(), description=None):
    """One corpus case ``<metric>/<slug>``; scikit-learn supplies ``expected``."""
    tags = set(tags) | ({"multilabel"} if _is_matrix(y_true) or _is_matrix(y_pred) else set())
    return counts_case(metric, slug, y_true, y_pred, params, sample_weight=sample_weight, tags=sorted(tags),
                       description=description)


def kappa_case(slug, y1, y2, params=None, *, sample_weight=None, tags=(), description=None):
    """A cohen_kappa_score case: inputs by scikit-learn's names, y1 and y2."""
    inputs = {"y1": y1, "y2": y2}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    tags = set(tags) | ({"sample-weight"} if sample_weight is not None else set())
    made = make_case(f"cohen_kappa_score/{slug}", "cohen_kappa_score", inputs, params, sorted(tags), description)
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but "
                             f"scikit-learn gave {made['expected']}")
    return made


def draw_indicators(rng: np.random.Generator, n_labels: int | None = None) -> tuple[list, list]:
    """Two 0/1 indicator matrices: 1 to 8 samples, 2 to 5 labels.

    Each label has its own frequency (some near 0), and y_pred copies a cell of y_true
    with a random accuracy, so small draws often have an empty row (a sample with no
    label), an empty column (a label nobody has) or both -- the zero-division paths.
    """
    n = int(rng.integers(1, 9))
    k = int(rng.integers(2, 6)) if n_labels is None else n_labels
    freq = rng.beta(0.6, 0.9, k)
    y_true = (rng.random((n, k)) < freq).astype(int)
    noise = (rng.random((n, k)) < rng.beta(0.6, 0.9, k)).astype(int)
    y_pred = np.where(rng.random((n, k)) < rng.uniform(0.3, 0.9), y_true, noise)
    return y_true.tolist(), y_pred.tolist()
