"""Named conventions: the axes on which real ports depart from scikit-learn on purpose.

docs/conventions.md is the prose; docs/decisions/0009 says why a convention is an
*alternative oracle call* rather than a divergence.  This module is the single
definition both sides use:

* the generator (generators/conventions.py) asks :func:`combinations` which
  conventions apply to a case, has :func:`rewrite` turn each combination into the
  keyword arguments of a real scikit-learn call, and stores the outcome under
  :func:`key` in the case's ``conventions`` field when it differs from ``expected``;
* the harness asks :func:`case_key` which stored outcome a port that declared
  some conventions is judged against, and (conformance.forms, through
  :func:`class_axis`) how many columns a class axis gets for such a port.

An axis has scikit-learn's behaviour as its default value.  A convention APPLIES
to a case only when the case leaves the keyword its axis controls at
scikit-learn's default: ``classes`` when ``labels`` is not given and the average
is not binary, ``zero-division`` when ``zero_division`` is absent or "warn", ``average-method`` when
``average_method`` is absent.
Everything here works on cases as stored (plain JSON, corpus encoding).
"""

from __future__ import annotations

import math
from typing import Any

#: Every axis, its values, default first.
AXES: dict[str, tuple[str, ...]] = {
    "classes": ("observed", "declared", "supported"),
    "zero-division": ("0", "1", "nan"),
    "average-method": ("arithmetic", "geometric", "max"),
}
DEFAULTS = {axis: values[0] for axis, values in AXES.items()}
#: Every declarable "axis=value" text, in the order of AXES.
CHOICES = tuple(f"{axis}={value}" for axis, values in AXES.items() for value in values)

# The precision/recall/F functions: they take `labels`, `average` and `zero_division`.
PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")
# The mutual-information scores normalised by a mean of two entropies (they take `average_method`).
NMI_AMI = ("normalized_mutual_info_score", "adjusted_mutual_info_score")
#: Which metrics each non-default value is defined for (docs/conventions.md, "Where each applies").
DEFINED_FOR: dict[tuple[str, str], frozenset[str]] = {
    ("classes", "declared"): frozenset(PRF + ("confusion_matrix",)),
    ("classes", "supported"): frozenset(PRF),
    ("zero-division", "1"): frozenset(PRF),
    ("zero-division", "nan"): frozenset(PRF),
    # NMI's default was the geometric mean and AMI's the max before scikit-learn 0.22; ports keep either.
    ("average-method", "geometric"): frozenset(NMI_AMI),
    ("average-method", "max"): frozenset(NMI_AMI),
}
#: The metrics that can carry conventions at all.
METRICS = frozenset().union(*DEFINED_FOR.values())
# scikit-learn's default `average` for the PRF functions.
_DEFAULT_AVERAGE = "binary"


class ConventionError(ValueError):
    """An "axis=value" text that names no convention."""


def parse(text: str) -> tuple[str, str]:
    """("classes", "declared") for "classes=declared"; ConventionError, one line, otherwise."""
    axis, sep, value = str(text).partition("=")
    axis, value = axis.strip(), value.strip()
    if not sep or axis not in AXES:
        raise ConventionError(f"{text!r}: unknown axis {axis!r} (axes: {', '.join(AXES)}; write axis=value)")
    if value not in AXES[axis]:
        raise ConventionError(f"{text!r}: unknown value {value!r} for {axis} (one of {', '.join(AXES[axis])})")
    return axis, value


def key(conventions: dict[str, str]) -> str:
    """The key of a combination in a case's ``conventions``: axes sorted, joined with "+"."""
    return "+".join(f"{axis}={conventions[axis]}" for axis in sorted(conventions))


# ------------------------------------------------------------------ applicability


def _labels_1d(values: Any) -> bool:
    return isinstance(values, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _class_ids(inputs: dict) -> list | None:
    """y_true + y_pred when both are non-empty 1-D vectors of non-negative integer-valued
    numbers (class indices, possibly stored as floats); None otherwise."""
    y_true, y_pred = inputs.get("y_true"), inputs.get("y_pred")
    if not (_labels_1d(y_true) and _labels_1d(y_pred)) or not y_true:
        return None
    values = y_true + y_pred
    if all(math.isfinite(v) and v >= 0 and float(v).is_integer() for v in values):
        return values
    return None


def applies(axis: str, value: str, metric: str, inputs: dict, params: dict) -> bool:
    """Does ``axis=value`` apply to this case (stored inputs and params)?"""
    if value == DEFAULTS[axis]:
        return True  # the default is what the case already says
    if metric not in DEFINED_FOR[(axis, value)]:
        return False
    if axis == "zero-division":
        return params.get("zero_division", "warn") == "warn"
    if axis == "average-method":
        return "average_method" not in params
    # classes
    if "labels" in params:
        return False
    if metric in PRF and params.get("average", _DEFAULT_AVERAGE) == "binary":
        return False
    if value == "declared":
        return _class_ids(inputs) is not None
    # supported: needs 1-D labels with at least one sample in y_true
    y_true = inputs.get("y_true")
    return _labels_1d(y_true) and bool(y_true) and _labels_1d(inputs.get("y_pred"))


def combinations(metric: str, inputs: dict, params: dict) -> list[dict[str, str]]:
    """Every non-empty combination of non-default conventions that apply, one value per axis."""
    out: list[dict[str, str]] = [{}]
    for axis, values in AXES.items():
        choices = [v for v in values[1:] if applies(axis, v, metric, inputs, params)]
        out = out + [{**c, axis: v} for c in out for v in choices]
    return [c for c in out if c]


# ------------------------------------------------------------------ the class set of classes=declared


def declared_class_count(inputs: dict) -> int | None:
    """C of classes=declared: 1 + the largest class index over y_true and y_pred (the classes are
    0 ... C-1); None when the inputs are not two non-empty vectors of class indices."""
    ids = _class_ids(inputs)
    return None if ids is None else int(max(ids)) + 1


def class_axis(declared: dict[str, str] | None, metric: str, inputs: dict, params: dict) -> int | None:
    """How many columns a class axis (a score matrix, one-hot targets) must have for a port that
    follows ``declared`` (axis -> value) on this case: C of classes=declared when the port declares
    it and it applies, since such a port reads its classes off the class axis; None when no
    declared convention fixes the count.  conformance.forms makes the forms with it (decision 0014)."""
    if (declared or {}).get("classes") != "declared" or not applies("classes", "declared", metric, inputs, params):
        return None
    return declared_class_count(inputs)


# ------------------------------------------------------------------ the rewritten call


def rewrite(conventions: dict[str, str], metric: str, inputs: dict, params: dict) -> dict:
    """The keyword arguments (stored form) of the scikit-learn call that realises ``conventions``:

    * classes=declared  -> ``labels=range(C)``, C = max class index over y_true and y_pred + 1
      (floats ``0.0, 1.0, ...`` when the inputs store class ids as floats);
    * classes=supported -> ``labels=sorted(set(y_true))``: the classes with non-zero support;
    * zero-division=1 / nan -> ``zero_division=1.0`` / ``np.nan`` (stored "NaN");
    * average-method=geometric / max -> ``average_method="geometric"`` / ``"max"``;
    * a default value changes nothing.
    """
    out = dict(params)
    for axis, value in conventions.items():
        if value == DEFAULTS[axis]:
            continue
        if not applies(axis, value, metric, inputs, params):
            raise ConventionError(f"{axis}={value} does not apply to this {metric} case")
        if axis == "zero-division":
            out["zero_division"] = 1.0 if value == "1" else "NaN"
        elif axis == "average-method":
            out["average_method"] = value
        elif value == "declared":
            as_float = any(isinstance(v, float) for v in _class_ids(inputs))
            out["labels"] = [float(i) if as_float else i for i in range(declared_class_count(inputs))]
        else:  # supported
            out["labels"] = sorted(set(inputs["y_true"]))
    return out


# ------------------------------------------------------------------ what a port declared


def declared_for(declarations: dict[str, list[str]] | None, metric: str) -> dict[str, str]:
    """A port's conventions for ``metric`` (axis -> value): its "*" entry, overridden axis by
    axis by the metric's own entry.  ``declarations`` is port.yaml's ``conventions``."""
    out: dict[str, str] = {}
    for name in ("*", metric):
        for text in (declarations or {}).get(name, ()):
            axis, value = parse(text)
            out[axis] = value
    return out


def case_key(declared: dict[str, str], metric: str, inputs: dict, params: dict) -> str | None:
    """The key a port that follows ``declared`` is judged by on this case (stored form), or
    None when no non-default declared convention applies."""
    chosen = {axis: value for axis, value in declared.items()
              if value != DEFAULTS[axis] and applies(axis, value, metric, inputs, params)}
    return key(chosen) if chosen else None


def check_declarations(declarations: dict) -> list[tuple[str, str]]:
    """(field, message) for each problem in port.yaml's ``conventions`` mapping."""
    problems = []
    for name, items in (declarations or {}).items():
        seen: dict[str, str] = {}
        for i, text in enumerate(items or ()):
            try:
                axis, value = parse(text)
            except ConventionError as exc:
                problems.append((f"conventions.{name}[{i}]", str(exc)))
                continue
            if axis in seen:
                problems.append((f"conventions.{name}[{i}]",
                                 f"{text!r}: {axis} is already declared as {seen[axis]!r} for {name}"))
            seen[axis] = text
    return problems
