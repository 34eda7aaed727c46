"""Input regimes: the shapes of valid-looking data where ports go wrong (issue 36, docs/decisions/0045).

The bad-input matrix (docs/decisions/0034) asks what a metric does with NaN, no samples or a
wrong shape.  A *regime* is subtler: inputs a metric may well accept, but whose shape an
implementation tested only on tidy data gets wrong -- more clusters than classes, cluster ids
past the class count, labels spelt as non-integer floats, scores that happen to be integers,
two clusters with the same centre, one sample.  Each regime is a predicate on one input of one
call, read off the stored inputs (never off tags), and a transform that makes a call show it.

The regimes an input has follow from its kinds in the registry (conformance/registry.py):

* a **label** input (Kind.LABELS): ids non-contiguous, negative, past the class count (an id at
  least the number of classes of the metric's first labelling, y_true or labels_true); a
  single class; integer-valued floats; non-integer floats (scikit-learn's continuous target).
  The *second* label input of a metric with two (y_pred, labels_pred, y2) also has fewer,
  equal and more classes than the first;
* a **score** input (Kind.SCORES or Kind.PROBABILITIES, never labels): integer-valued,
  constant, all tied (each value of a vector twice or more, each row of a matrix one value);
* a **point** input (Kind.FEATURES): duplicate points, identical cluster centres (when the
  metric takes labels beside the points), a constant feature, a large offset;
* **every metric** (on its first input): one sample, and many samples (:data:`LARGE_N`).

This module is numpy only (the judge side and the fuzzer read it without scikit-learn).  Inputs
are the decoded JSON values of a case (lists of numbers, strings for string labels and the
non-finite tokens).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np

from conformance import registry
from conformance.registry import Kind

# Many samples: past 2**16, where the n(n-1)/2 pairs of the pair-counting metrics no longer fit an
# int32 and n**2 no longer fits a uint32 -- the accumulators a port picks by default.
LARGE_N = 2**16 + 1
LARGE_OFFSET = 1e6  # points this many spreads from 0 (where the distance expansion cancels)

# regime name -> the input kinds that have it.  "pair" regimes are the second label input's only.
LABEL_REGIMES = ("non-contiguous ids", "negative ids", "ids past the class count", "single class",
                 "integer-valued floats", "non-integer floats")
PAIR_REGIMES = ("fewer classes", "equal classes", "more classes")
SCORE_REGIMES = ("integer-valued scores", "constant scores", "all tied")
POINT_REGIMES = ("duplicate points", "identical centres", "constant feature", "large offset")
SIZE_REGIMES = ("one sample", "large n")
REGIMES = (*PAIR_REGIMES, *LABEL_REGIMES, *SCORE_REGIMES, *POINT_REGIMES, *SIZE_REGIMES)


def _flat(value) -> list:
    if isinstance(value, list):
        return [x for item in value for x in _flat(item)]
    return [value]


def _numbers(value) -> list:
    return [x for x in _flat(value) if isinstance(x, (int, float)) and not isinstance(x, bool)]


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _integral(x) -> bool:
    return _is_int(x) or (isinstance(x, float) and math.isfinite(x) and x.is_integer())


def is_label(inp: registry.Input) -> bool:
    return Kind.LABELS in inp.kinds


def is_score(inp: registry.Input) -> bool:
    return not is_label(inp) and bool({Kind.SCORES, Kind.PROBABILITIES} & set(inp.kinds))


def is_points(inp: registry.Input) -> bool:
    return Kind.FEATURES in inp.kinds


def label_inputs(metric: registry.Metric) -> list[str]:
    return [i.name for i in metric.inputs if is_label(i)]


def regimes_of(metric: registry.Metric, inp: registry.Input) -> tuple[str, ...]:
    """The regimes ``inp`` of ``metric`` has a cell for, from its kinds."""
    out: list[str] = []
    labels = label_inputs(metric)
    if is_label(inp):
        out += PAIR_REGIMES if len(labels) > 1 and inp.name == labels[1] else ()
        out += LABEL_REGIMES
    if is_score(inp):
        out += SCORE_REGIMES
    if is_points(inp):
        out += [r for r in POINT_REGIMES if r != "identical centres" or labels]
    if inp is metric.inputs[0]:
        out += SIZE_REGIMES
    return tuple(out)


def cells(metrics: Mapping[str, registry.Metric] | None = None) -> list[tuple[str, str, str]]:
    """Every (metric, input, regime) cell, in registry order."""
    return [(m.name, i.name, r) for m in (metrics or registry.METRICS).values() for i in m.inputs
            for r in regimes_of(m, i)]


# --- reading a regime off a call's inputs ---------------------------------------------------------------

def _classes(value) -> set:
    return {x for x in _flat(value) if _is_int(x) or isinstance(x, (float, str))}


def _label_regimes(value: list, other: list | None, class_count: int) -> set[str]:
    out: set[str] = set()
    flat = _flat(value)
    if not flat or any(isinstance(x, list) for x in value):
        return out  # a label regime is one of a vector of labels
    numbers = _numbers(flat)
    if len(set(flat)) == 1:
        out.add("single class")
    if any(isinstance(x, float) and math.isfinite(x) and not x.is_integer() for x in numbers):
        out.add("non-integer floats")
    floats = [x for x in numbers if isinstance(x, float)]
    if floats and all(_integral(x) for x in floats):
        out.add("integer-valued floats")
    ids = sorted({int(x) for x in numbers if _integral(x)})
    if ids and len(ids) == len(set(flat)):  # every label an integral number
        if ids[0] < 0:
            out.add("negative ids")
        if ids != list(range(ids[0], ids[0] + len(ids))):
            out.add("non-contiguous ids")
        if ids[-1] >= class_count:
            out.add("ids past the class count")
    if other is not None and _flat(other) and not any(isinstance(x, list) for x in other):
        mine, theirs = len(set(flat)), len(set(_flat(other)))
        out.add("fewer classes" if mine < theirs else "more classes" if mine > theirs else "equal classes")
    return out


def _depth(value) -> int:
    return 1 + max((_depth(v) for v in value), default=0) if isinstance(value, list) else 0


def _score_regimes(value: list) -> set[str]:
    flat = _flat(value)
    numbers = _numbers(flat)
    if not flat or len(numbers) != len(flat) or not all(math.isfinite(x) for x in numbers) or _depth(value) > 2:
        return set()
    out = {"integer-valued scores"} if all(_integral(x) for x in numbers) else set()
    if len(set(numbers)) == 1:
        return out | {"constant scores"}
    if value and isinstance(value[0], list):
        tied = all(isinstance(r, list) and len(set(r)) == 1 for r in value)
    else:
        counts = {}
        for x in numbers:
            counts[x] = counts.get(x, 0) + 1
        tied = min(counts.values()) >= 2
    return out | ({"all tied"} if tied else set())


def _point_regimes(value: list, labels: list | None) -> set[str]:
    try:
        x = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return set()
    if x.ndim != 2 or not x.size or not np.isfinite(x).all():
        return set()
    out: set[str] = set()
    if len({tuple(r) for r in x.tolist()}) < len(x):
        out.add("duplicate points")
    if len(x) > 1 and bool(np.any(np.ptp(x, axis=0) == 0)):
        out.add("constant feature")
    spread = float(np.ptp(x, axis=0).max()) if len(x) > 1 else 0.0
    if spread > 0 and float(np.abs(x.mean(axis=0)).max()) >= LARGE_OFFSET * spread:
        out.add("large offset")  # far from 0 against the points' own spread: the expansion cancels
    if labels is not None and len(labels) == len(x) and not any(isinstance(v, list) for v in labels):
        groups: dict = {}
        for row, label in zip(x.tolist(), labels):
            groups.setdefault(label if not isinstance(label, float) or math.isfinite(label) else str(label),
                              []).append(row)
        centres = [tuple(np.mean(rows, axis=0).tolist()) for rows in groups.values()]
        if len(set(centres)) < len(centres):
            out.add("identical centres")
    return out


def _length(value) -> int:
    return len(value) if isinstance(value, list) else -1


def shown(metric: registry.Metric, inputs: Mapping[str, object]) -> set[tuple[str, str]]:
    """The (input, regime) pairs one call of ``metric`` shows (only its cells' regimes)."""
    out: set[tuple[str, str]] = set()
    labels = [n for n in label_inputs(metric) if isinstance(inputs.get(n), list)]
    class_count = len(_classes(inputs[labels[0]])) if labels else 0  # the first labelling's classes
    for inp in metric.inputs:
        value = inputs.get(inp.name)
        if not isinstance(value, list):
            continue
        found: set[str] = set()
        if is_label(inp):
            other = inputs[labels[0]] if len(labels) > 1 and inp.name == labels[1] else None
            found |= _label_regimes(value, other, class_count)
        if is_score(inp):
            found |= _score_regimes(value)
        if is_points(inp):
            found |= _point_regimes(value, inputs.get(labels[0]) if labels else None)
        if inp is metric.inputs[0]:
            lengths = {_length(v) for v in inputs.values() if isinstance(v, list)}
            if lengths == {1}:
                found.add("one sample")
            if lengths and min(lengths) >= LARGE_N:
                found.add("large n")
        want = set(regimes_of(metric, inp))
        out |= {(inp.name, r) for r in found & want}
    return out


# --- making a call show a regime ---------------------------------------------------------------------------
#
# A transform takes the metric, a valid call's inputs (JSON values) and a numpy generator, and returns the
# inputs changed so that the call shows the regime on the named input, or None where it cannot (a label
# input given as an indicator matrix, a score matrix for a pair regime).  The generator (generators/regimes/)
# applies each to its base call; the fuzzer (conformance/fuzz/space.py) to a drawn call.

Transform = Callable[[registry.Metric, dict, str, np.random.Generator], "dict | None"]


def _vector(value) -> bool:
    return isinstance(value, list) and bool(value) and not any(isinstance(x, list) for x in value)


def _relabel(values: list, mapping: Callable) -> list:
    classes = sorted({v for v in values if not isinstance(v, str)}, key=float)
    to = {c: mapping(i, c) for i, c in enumerate(classes)}
    return [to.get(v, v) if not isinstance(v, str) else v for v in values]


def _labels_of(inputs: dict, name: str) -> list | None:
    value = inputs.get(name)
    if not _vector(value) or not all(_integral(v) for v in value):
        return None
    return [int(v) for v in value]


def _label_transform(regime: str) -> Transform:
    def run(metric, inputs, name, rng):
        labels = _labels_of(inputs, name)
        if labels is None:
            return None
        n = len(labels)
        if regime == "non-contiguous ids":  # class i -> 3i: gaps of two between the ids
            new = _relabel(labels, lambda i, c: 3 * i)
        elif regime == "negative ids":  # class i -> -(i + 1)
            new = _relabel(labels, lambda i, c: -(i + 1))
        elif regime == "ids past the class count":  # class i -> i + the first labelling's class count
            k = len({str(v) for v in inputs[label_inputs(metric)[0]]})
            new = _relabel(labels, lambda i, c: i + k)
        elif regime == "single class":
            new = [labels[0]] * n
        elif regime == "integer-valued floats":
            new = [float(v) for v in labels]
        else:  # non-integer floats: each label 0.4 off its class, either way (a continuous target)
            new = [v + float(rng.choice([-0.4, 0.4])) for v in labels]
        return {**inputs, name: new}
    return run


def _pair_transform(regime: str) -> Transform:
    """The second labelling over fewer, as many or more classes than the first (the first one kept)."""
    def run(metric, inputs, name, rng):
        first_name = label_inputs(metric)[0]
        first, second = _labels_of(inputs, first_name), _labels_of(inputs, name)
        if first is None or second is None or len(first) < 3:
            return None
        n, k = len(first), len(set(first))
        if regime == "fewer classes":
            if k < 2:
                return None
            classes = sorted(set(first))[: k - 1]
            new = [classes[i % len(classes)] if v not in classes else v for i, v in enumerate(second)]
        elif regime == "equal classes":
            classes = sorted(set(first))
            new = [classes[(classes.index(v) + 1) % k] if v in classes else classes[0] for v in first]
            new[: k] = classes  # every class appears
        else:  # more classes: every sample its own cluster id beyond the first's, some impure clusters
            new = [int(v) for v in second]
            extra = max(first) + 1
            for i in range(0, n, 2):
                new[i] = extra + (i // 2) % max(2, k)
        return {**inputs, name: new}
    return run


def _score_transform(regime: str) -> Transform:
    def run(metric, inputs, name, rng):
        value = inputs.get(name)
        if not isinstance(value, list) or not value:
            return None
        x = np.asarray(value, dtype=float)
        if not np.isfinite(x).all():
            return None
        probabilities = Kind.SCORES not in next(i for i in metric.inputs if i.name == name).kinds
        if regime == "integer-valued scores":
            if np.any(np.abs(x) > 2.0**50):
                return None  # already beyond the integers a float holds exactly
            new = (np.round(x) if probabilities else np.round(x * 10)).astype(np.int64)
        elif regime == "constant scores":
            new = np.full(x.shape, 0.5)
        elif x.ndim == 2:  # all tied: each row one value (the row's first)
            new = np.repeat(x[:, :1], x.shape[1], axis=1)
        else:  # all tied: the samples in pairs sharing a value
            if len(x) < 2:
                return None
            new = x[(np.arange(len(x)) // 2) * 2]
            if len(x) % 2:
                new[-1] = new[-2]
        return {**inputs, name: new.tolist()}
    return run


def _point_transform(regime: str) -> Transform:
    def run(metric, inputs, name, rng):
        value = inputs.get(name)
        try:
            x = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            return None
        if x.ndim != 2 or len(x) < 2 or not np.isfinite(x).all():
            return None
        x = x.copy()
        if regime == "duplicate points":
            x[1] = x[0]
        elif regime == "constant feature":
            x[:, -1] = 1.0
        elif regime == "large offset":
            # on a grid of quarters every product and sum of the distance expansion stays exact at
            # this offset, so scikit-learn's answer is the exact one, not its rounding (decision 0046)
            x = np.round(x * 4) / 4 + 4 * LARGE_OFFSET
        else:  # identical centres: every cluster's points summing to 0, so every centre is the origin, exactly
            labels = inputs.get(label_inputs(metric)[0])
            if not _vector(labels) or len(labels) != len(x) or len(set(map(str, labels))) < 2:
                return None
            x = np.round(x * 4) / 4  # quarters: their sums are exact
            for label in set(map(str, labels)):
                rows = [i for i, v in enumerate(labels) if str(v) == label]
                x[rows[-1]] = -x[rows[:-1]].sum(axis=0)
        return {**inputs, name: x.tolist()}
    return run


def _size_transform(regime: str) -> Transform:
    def run(metric, inputs, name, rng):
        lengths = {len(v) for v in inputs.values() if isinstance(v, list)}
        if len(lengths) != 1 or not min(lengths):
            return None
        if regime == "one sample":
            return {k: v[:1] if isinstance(v, list) else v for k, v in inputs.items()}
        return None  # many samples: a case of its own (generators/regimes/large.py), not a transform
    return run


TRANSFORMS: dict[str, Transform] = {
    **{r: _label_transform(r) for r in LABEL_REGIMES},
    **{r: _pair_transform(r) for r in PAIR_REGIMES},
    **{r: _score_transform(r) for r in SCORE_REGIMES},
    **{r: _point_transform(r) for r in POINT_REGIMES},
    **{r: _size_transform(r) for r in SIZE_REGIMES},
}


def apply(regime: str, metric: registry.Metric, inputs: dict, name: str, rng) -> dict | None:
    """``inputs`` changed to show ``regime`` on ``name``, or None when the transform cannot (or did not)."""
    out = TRANSFORMS[regime](metric, inputs, name, rng)
    return out if out is not None and (name, regime) in shown(metric, out) else None
