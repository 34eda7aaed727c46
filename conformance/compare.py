"""The one comparator between an expected value and an actual one.

Rules (docs/decisions/0003-tolerance.md):

* shapes must match exactly: a scalar is not a 1-element list, a (2, 2)
  matrix is not a flat list of four;
* objects (dict-valued results) must have the same keys, compared key by key;
* ``null`` matches only ``null`` (``support`` of an averaged
  precision_recall_fscore_support is ``None``);
* numbers are compared as numbers, integers and floats alike:
  ``|actual - expected| <= atol + rtol * |expected|``;
* NaN equals NaN and nothing else; an infinity equals only the same infinity.

Both sides are *decoded* values (see :mod:`conformance.encoding`): floats for
the three non-finite strings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from typing import Any

import numpy as np

from conformance.encoding import decode_numeric


@dataclass(frozen=True)
class Comparison:
    ok: bool
    reason: str = ""  # why not, in one line, with the path into the value
    max_error: float | None = None  # largest |actual - expected| over finite pairs

    def __bool__(self) -> bool:
        return self.ok


def _shape(value: Any) -> str:
    if isinstance(value, dict):
        return f"object with keys {sorted(value)}"
    if isinstance(value, list):
        return f"list of {len(value)}"
    if value is None:
        return "null"
    if isinstance(value, bool) or not isinstance(value, Real):
        return type(value).__name__
    return "number"


def compare(expected: Any, actual: Any, rtol: float, atol: float) -> Comparison:
    """Does ``actual`` match ``expected`` within the tolerance?"""
    errors: list[float] = []
    reason = _walk(expected, actual, rtol, atol, "", errors)
    max_error = max(errors) if errors else None
    return Comparison(ok=reason is None, reason=reason or "", max_error=max_error)


def _walk(expected, actual, rtol, atol, path, errors) -> str | None:
    where = path or "value"
    if isinstance(expected, dict) or isinstance(actual, dict):
        if not (isinstance(expected, dict) and isinstance(actual, dict)) or set(expected) != set(actual):
            return f"{where}: shape differs (expected {_shape(expected)}, got {_shape(actual)})"
        first = None
        for key in expected:
            r = _walk(expected[key], actual[key], rtol, atol, f"{path}.{key}" if path else key, errors)
            first = first or r
        return first
    if isinstance(expected, list) or isinstance(actual, list):
        if not (isinstance(expected, list) and isinstance(actual, list)) or len(expected) != len(actual):
            return f"{where}: shape differs (expected {_shape(expected)}, got {_shape(actual)})"
        if len(expected) > 16 and _numbers_only(expected) and _numbers_only(actual):
            return _walk_numbers(expected, actual, rtol, atol, path, errors)
        first = None
        for i, (e, a) in enumerate(zip(expected, actual)):
            r = _walk(e, a, rtol, atol, f"{path}[{i}]", errors)
            first = first or r
        return first
    if expected is None or actual is None:
        if expected is None and actual is None:
            return None
        return f"{where}: expected {_shape(expected)}, got {_shape(actual)}"
    for v in (expected, actual):
        if type(v) is not float and (isinstance(v, bool) or not isinstance(v, Real)):  # a float: at once
            return f"{where}: expected {_shape(expected)}, got {_shape(actual)}"
    e, a = float(expected), float(actual)
    if math.isnan(e) or math.isnan(a):
        return None if math.isnan(e) and math.isnan(a) else f"{where}: expected {e!r}, got {a!r}"
    if math.isinf(e) or math.isinf(a):
        return None if e == a else f"{where}: expected {e!r}, got {a!r}"
    err = abs(a - e)
    errors.append(err)
    if err <= atol + rtol * abs(e):
        return None
    return f"{where}: expected {expected!r}, got {actual!r} (error {err:.3g})"


def _numbers_only(values: list) -> bool:
    return set(map(type, values)) <= {float, int}


def _walk_numbers(expected: list, actual: list, rtol, atol, path, errors) -> str | None:
    """:func:`_walk` of two lists of Python numbers of one length, by numpy: the same verdict, the
    same first reason (the element's own, from :func:`_walk`), the same largest error."""
    e, a = np.asarray(expected), np.asarray(actual)
    if e.dtype.kind not in "iuf" or a.dtype.kind not in "iuf":  # an int beyond int64: as _walk does
        e = a = None
    else:
        e, a = e.astype(float), a.astype(float)
    if e is None:
        first = None
        for i, (x, y) in enumerate(zip(expected, actual)):
            r = _walk(x, y, rtol, atol, f"{path}[{i}]", errors)
            first = first or r
        return first
    with np.errstate(invalid="ignore", over="ignore"):
        nan = np.isnan(e) | np.isnan(a)
        inf = ~nan & (np.isinf(e) | np.isinf(a))
        finite = ~nan & ~inf
        err = np.abs(a - e)
        bad = (nan & ~(np.isnan(e) & np.isnan(a))) | (inf & (e != a)) | (finite & ~(err <= atol + rtol * np.abs(e)))
    if finite.any():
        errors.append(float(err[finite].max()))
    if not bad.any():
        return None
    i = int(np.argmax(bad))
    return _walk(expected[i], actual[i], rtol, atol, f"{path}[{i}]", [])


def same_outcome(a: dict, b: dict, rtol: float, atol: float) -> bool:
    """Are two stored outcomes ({"value"} or {"error"}, corpus encoding) the same for a port?  Two
    errors are (any rejection passes, decision 0004); values compare with :func:`compare`."""
    if ("error" in a) != ("error" in b):
        return False
    if "error" in a:
        return True
    return compare(decode_numeric(a["value"]), decode_numeric(b["value"]), rtol, atol).ok
