"""The validation family: a bad-input sweep over every metric of the registry (docs/decisions/0034).

Real libraries differ from scikit-learn where the input is bad: a NaN or an infinity in the scores,
no samples, inputs of different lengths, a matrix where a vector is taken, a weight below zero.  A
port that silently drops non-finite samples and answers 1.0 where scikit-learn refuses is the bug
this family exists to catch.  The sweep is generated from the registry (conformance/registry.py):
each metric gets one small valid **base call** built from its inputs' kinds (:data:`BASE`), and
each case changes exactly one thing in it:

* per input, the non-finite values: NaN at the first position, +Infinity at the middle one,
  -Infinity at the last one, and all three at once (+Infinity first, -Infinity middle, NaN last);
  a 2-D input's position is its row-major flat index;
* per metric, every input empty;
* per input after the first, that input one sample short (so every pair of inputs is mismatched
  in some case);
* per input, one dimension too many: a vector given as an (n, 2) matrix, a matrix as (n, m, 1);
* per weighted metric, a negative weight and all-zero weights (NaN weights are sample_weight's
  non-finite cases);
* per input that holds numbers and never labels, the string "abc" at the middle position.

Where a metric's weights are optional (the registry's ``required=False``), every case of an input
other than the weights exists a second time on the base call *without* the weights (ids
``<metric>/validation/unweighted/<slug>``, docs/decisions/0044): a port whose library takes no weights
runs those, and the bad-input matrix counts a cell of another input only by such a case.

Whatever scikit-learn answers -- an error, a value, NaN -- is the case; the base call itself must
be a value (checked here, with and without the weights), so a case's outcome is the outcome of its
one change.  Ids are ``<metric>/validation/<slug>``; every case carries the family tag ``validation``.
"""

from __future__ import annotations

import math

import numpy as np

from conformance import registry
from conformance.registry import Kind
from generators.oracle import call_oracle, make_case

FAMILY_TAG = "validation"
UNWEIGHTED = "unweighted"  # the id segment of a case repeated without the optional weights (decision 0044)
N = 6  # samples (rows for the ranking metrics) of a base call

LABELS = [0, 1, 1, 0, 1, 0]
VECTORS = {
    Kind.LABELS: LABELS,
    Kind.SCORES: [0.1, 0.8, 0.6, 0.3, 0.9, 0.2],
    Kind.PROBABILITIES: [0.1, 0.8, 0.6, 0.3, 0.9, 0.2],
    Kind.REGRESSION: [0.5, 1.5, 2.0, 3.5, 4.0, 5.5],
    Kind.WEIGHTS: [1.0, 2.0, 0.5, 1.5, 1.0, 2.0],
}
# The second input of a pair of the same kind differs from the first (a prediction is not the truth).
SECOND = {Kind.REGRESSION: [1.0, 1.5, 2.5, 3.0, 4.5, 5.0], Kind.LABELS: [0, 1, 0, 0, 1, 1]}
MATRICES = {  # the 2-D kinds: N rows of 3 columns
    Kind.RELEVANCE: [[3, 2, 0], [0, 1, 2], [1, 0, 0], [2, 2, 1], [0, 0, 3], [1, 2, 0]],
    Kind.INDICATOR: [[1, 0, 0], [0, 1, 1], [1, 0, 1], [0, 0, 1], [1, 1, 0], [0, 1, 0]],
    Kind.SCORES: [[0.9, 0.1, 0.4], [0.2, 0.7, 0.5], [0.6, 0.3, 0.8], [0.1, 0.2, 0.9], [0.8, 0.6, 0.3],
                  [0.3, 0.9, 0.2]],
    Kind.FEATURES: [[0.0, 0.1], [1.0, 1.2], [0.9, 0.8], [0.2, 0.0], [1.1, 0.9], [0.1, 0.3]],
}

# Per metric: the keywords a base call needs (a required one, or one that makes it a value), and
# inputs that replace the kind's default (auc takes increasing x).
PARAMS = {
    "fbeta_score": {"beta": 2},
    "metric_at_thresholds": {"metric_func": "accuracy_score"},
    "classification_report": {"output_dict": True},
    "top_k_accuracy_score": {"k": 1},
    "expected_calibration_error": {"confidence": "positive"},
}
INPUTS = {
    "auc": {"x": [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], "y": [0.0, 0.3, 0.5, 0.6, 0.9, 1.0]},
}

NAN, INF = math.nan, math.inf
TOKENS = {"NaN": NAN, "Infinity": INF, "-Infinity": -INF}  # the corpus spelling of each value


def is_matrix(metric: registry.Metric, inp: registry.Input) -> bool:
    """Whether the base call gives ``inp`` as a matrix: a 2-D kind, or scores of a metric whose truth is one."""
    first = inp.kinds[0]
    if first in (Kind.RELEVANCE, Kind.FEATURES) or inp.kinds == (Kind.INDICATOR,):
        return True
    truth = metric.inputs[0].kinds[0]
    return first == Kind.SCORES and truth in (Kind.RELEVANCE, Kind.INDICATOR)


def base_inputs(metric: registry.Metric) -> dict:
    """The base call's inputs: each input's first kind, as a vector or a matrix (:func:`is_matrix`)."""
    out = {}
    for i, inp in enumerate(metric.inputs):
        kind = inp.kinds[0]
        if is_matrix(metric, inp):
            out[inp.name] = MATRICES[kind]
        else:
            seen = [metric.inputs[j].kinds[0] for j in range(i)]
            out[inp.name] = SECOND.get(kind, VECTORS[kind]) if kind in seen else VECTORS[kind]
    out.update(INPUTS.get(metric.name, {}))
    return {k: np.array(v).tolist() for k, v in out.items()}


def optional_weights(metric: registry.Metric) -> tuple[str, ...]:
    """The names of the metric's weight inputs a call may leave out (every one is sample_weight today)."""
    return tuple(i.name for i in metric.inputs if i.kinds == (Kind.WEIGHTS,) and not i.required)


def holds_labels(inp: registry.Input) -> bool:
    """A label input legitimately takes strings (the strings family covers those)."""
    return Kind.LABELS in inp.kinds


def _set_flat(value: list, index: int, item) -> list:
    """A copy of ``value`` (a vector or a matrix) with the item at row-major flat ``index`` replaced."""
    arr = np.array(value, dtype=object)
    flat = arr.reshape(-1)
    flat[index] = item
    return flat.reshape(arr.shape).tolist()


def _size(value: list) -> int:
    return int(np.array(value).size)


def non_finite(metric, base):
    """Per input: NaN first, +Infinity middle, -Infinity last alone, and the three at once."""
    for name, value in base.items():
        size = _size(value)
        first, middle, last = 0, size // 2, size - 1
        one = (("NaN", first, "first"), ("Infinity", middle, "middle"), ("-Infinity", last, "last"))
        for token, index, where in one:
            slug = f"{name}/{token.lower().replace('-', 'minus-').replace('infinity', 'inf')}-{where}"
            tags = ["non-finite-input"]  # no tag names the value (tests/test_regression_corpus.py)
            yield slug, {name: _set_flat(value, index, TOKENS[token])}, tags, (
                f"{name} holds {token} at its {where} position (flat index {index}), every other value valid.")
        together = _set_flat(_set_flat(_set_flat(value, first, INF), middle, -INF), last, NAN)
        yield f"{name}/all-non-finite", {name: together}, ["non-finite-input"], (
            f"{name} holds +Infinity first, -Infinity in the middle and NaN last, every other value valid.")


def empty(metric, base):
    yield "empty", {name: [] for name in base}, ["empty", "degenerate"], "Every input is empty: no samples."


def mismatched(metric, base):
    """Each input after the first one sample (row) short: every pair of inputs is mismatched in some case."""
    names = list(base)
    for name in names[1:]:
        yield f"{name}/one-short", {name: base[name][:-1]}, ["mismatched-lengths"], (
            f"{name} is one sample shorter ({N - 1}) than the other inputs ({N}).")


def wrong_dimension(metric, base):
    """Per input, one dimension too many: a vector as (n, 2) (each value twice), a matrix as (n, m, 1)."""
    for name, value in base.items():
        arr = np.array(value)
        if arr.ndim == 1:
            grown, shape = np.stack([arr, arr], axis=1), f"({N}, 2)"
        else:
            grown, shape = arr[..., None], f"{arr.shape + (1,)}".replace(" ", "")
        yield f"{name}/ndim-{arr.ndim + 1}", {name: grown.tolist()}, ["shape"], (
            f"{name} has one dimension too many: shape {shape} where the base call gives {arr.shape}.")


def weights(metric, base):
    """A negative weight, and all-zero weights (NaN weights are sample_weight's non-finite cases)."""
    if "sample_weight" not in base:
        return
    w = base["sample_weight"]
    yield "sample_weight/negative", {"sample_weight": _set_flat(w, N // 2, -1.0)}, ["negative-weight"], (
        f"One weight is -1.0 (position {N // 2}), the others positive.")
    yield "sample_weight/all-zero", {"sample_weight": [0.0] * N}, ["zero-weight", "all-zero-weights"], (
        "Every weight is 0: the weighted sums have nothing to divide by.")


def strings(metric, base):
    """The string "abc" in an input that holds numbers (never labels)."""
    for inp in metric.inputs:
        if inp.name in base and not holds_labels(inp):
            value = base[inp.name]
            yield f"{inp.name}/string", {inp.name: _set_flat(value, _size(value) // 2, "abc")}, \
                ["string-in-number"], f"{inp.name} holds the string \"abc\" at its middle position."


PARTS = (non_finite, empty, mismatched, wrong_dimension, weights, strings)


class InvalidBase(AssertionError):
    """A base call scikit-learn refuses: the sweep's cases would not change exactly one thing."""


def checked_base(metric: registry.Metric, base: dict | None = None) -> tuple[dict, dict]:
    """The base call (``base``, or the registry's :func:`base_inputs`) and its keywords, refused unless a value."""
    base, params = base_inputs(metric) if base is None else base, dict(PARAMS.get(metric.name, {}))
    expected, _ = call_oracle(metric.name, {k: np.array(v) for k, v in base.items()}, params)
    if "error" in expected:
        without = f" without {', '.join(optional_weights(metric))}" if set(base) != set(base_inputs(metric)) else ""
        raise InvalidBase(f"{metric.name}: the validation base call{without} is refused: "
                          f"{expected['error']['message']}")
    return base, params


def bases(metric: registry.Metric):
    """(id prefix, base call, keywords, description suffix): the base call, and where the metric's weights
    are optional the same call without them, whose cases a port without weights can run (decision 0044).
    The parts see no weights in the second, so they write no case of the weights' own cells there."""
    base, params = checked_base(metric)
    yield "", base, params, ""
    dropped = optional_weights(metric)
    if dropped:
        base, params = checked_base(metric, {k: v for k, v in base.items() if k not in dropped})
        yield f"{UNWEIGHTED}/", base, params, f" The call passes no {', '.join(dropped)}."


def cases():
    for metric in registry.METRICS.values():
        for prefix, base, params, suffix in bases(metric):
            for part in PARTS:
                for slug, change, tags, description in part(metric, base):
                    inputs = {**base, **change}
                    made = make_case(f"{metric.name}/validation/{prefix}{slug}", metric.name, inputs, params, [],
                                     description + suffix)
                    made["tags"] = sorted({FAMILY_TAG, *tags}
                                          | ({"sample-weight"} if "sample_weight" in inputs else set())
                                          | ({"error"} if "error" in made["expected"] else set())
                                          | ({"spec-derived"} if metric.spec_derived else set()))
                    yield made
