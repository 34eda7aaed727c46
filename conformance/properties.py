"""Properties of a call's inputs, which a divergence may select by (port.yaml ``selector.inputs``).

A behaviour that depends on the data (float32 overflow past 3.4e38, a single class, tied scores)
is declared as narrowly as it happens: ``inputs: {max_abs: {min: 3.5e38}}`` covers the calls whose
largest magnitude is past float32's range, whatever their case id, tags or keywords.  The same
selectors apply to calls ``parity fuzz`` draws, so a fuzz finding can be declared by its signature.

Each property is computed from the inputs as the corpus stores them (non-finite numbers as
"NaN", "Infinity", "-Infinity"), by one function here; docs/ports.md describes each.  A condition
is a value the property must equal (a count, a number, true or false) or, for a number, a range
``{min, max}`` (inclusive, either may be left out).  A property a call does not have (``samples``
of a call with no ``y_true`` list) matches no condition.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import numpy as np

from conformance.encoding import NONFINITE

SCORES = ("y_score", "y_prob", "y_proba")  # the inputs a ranking or calibration metric orders
LABELS = ("y_true", "y_pred")  # the inputs whose distinct values are the classes


def _leaves(value) -> Iterator:
    """Every scalar of a (nested) input, non-finite strings decoded."""
    if isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, str):
        yield NONFINITE.get(value, value)
    else:
        yield value


def _numbers(inputs: dict) -> Iterator[float]:
    for v in inputs.values():
        for x in _leaves(v):
            if isinstance(x, (int, float)) and not isinstance(x, bool):
                yield x


def samples(inputs: dict) -> int | None:
    """The number of samples: the length of ``y_true``."""
    y = inputs.get("y_true")
    return len(y) if isinstance(y, list) else None


def classes(inputs: dict) -> int | None:
    """The number of distinct values among ``y_true`` and ``y_pred`` (those the call has), flattened."""
    present = [inputs[k] for k in LABELS if isinstance(inputs.get(k), list)]
    if not present:
        return None
    seen = set()
    for v in present:
        seen.update("NaN" if isinstance(x, float) and math.isnan(x) else x for x in _leaves(v))
    return len(seen)


def max_abs(inputs: dict) -> float:
    """The largest magnitude of a finite number in any input (0 when there is none)."""
    return max((abs(x) for x in _numbers(inputs) if math.isfinite(x)), default=0.0)


def nonfinite(inputs: dict) -> bool:
    """Some input holds NaN, Infinity or -Infinity."""
    return any(not math.isfinite(x) for x in _numbers(inputs))


def strings(inputs: dict) -> bool:
    """Some input holds a string that is not a non-finite number: a string label (``["cat", "dog"]``),
    or a word where a number belongs (docs/decisions/0033)."""
    return any(isinstance(x, str) for v in inputs.values() for x in _leaves(v))


def ties(inputs: dict) -> bool:
    """Two scores are exactly equal: a value repeats in ``y_score``, ``y_prob`` or ``y_proba``
    (in one column, for a matrix of scores)."""
    for name in SCORES:
        v = inputs.get(name)
        if not isinstance(v, list) or not v:
            continue
        columns = list(zip(*v)) if isinstance(v[0], list) else [v]
        if any(len(set(_leaves(list(c)))) < len(c) for c in columns):
            return True
    return False


def float32_exact(inputs: dict) -> bool:
    """Every number of every input is exactly representable in float32 (non-finite ones are)."""
    with np.errstate(over="ignore"):
        return all(not math.isfinite(x) or float(np.float32(x)) == x for x in _numbers(inputs))


PROPERTIES: dict[str, Callable[[dict], object]] = {
    f.__name__: f for f in (samples, classes, max_abs, nonfinite, strings, ties, float32_exact)}
BOOLEAN = frozenset({"nonfinite", "strings", "ties", "float32_exact"})


def check(conditions: object) -> list[str]:
    """Problems of a selector's ``inputs`` (one line each, naming the property); none when valid."""
    if not isinstance(conditions, dict) or not conditions:
        return ["must be a mapping of input properties to conditions"]
    problems = []
    for name, want in conditions.items():
        if name not in PROPERTIES:
            problems.append(f"{name}: not an input property (one of {', '.join(PROPERTIES)})")
        elif name in BOOLEAN:
            if not isinstance(want, bool):
                problems.append(f"{name}: must be true or false, not {want!r}")
        elif isinstance(want, dict):
            bad = set(want) - {"min", "max"}
            if not want or bad or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in want.values()):
                problems.append(f"{name}: a range is {{min: NUMBER, max: NUMBER}} (either may be left out), "
                                f"not {want!r}")
        elif isinstance(want, bool) or not isinstance(want, (int, float)):
            problems.append(f"{name}: must be a number or a range {{min, max}}, not {want!r}")
    return problems


def _meets(value, want) -> bool:
    if value is None:
        return False
    if isinstance(want, dict):
        return want.get("min", -math.inf) <= value <= want.get("max", math.inf)
    return value == want if not isinstance(want, bool) else value is want


def matches(conditions: dict, inputs: dict) -> bool:
    """Do the inputs (as stored) meet every condition?"""
    return all(_meets(PROPERTIES[name](inputs), want) for name, want in conditions.items())
