"""Turn a described case into a corpus case by calling scikit-learn.

This is the only place that produces ``expected``: every value in the corpus
is what the pinned scikit-learn returned (or raised) for exactly the inputs
and keyword arguments that are written to the file.  To guarantee "exactly",
the case is encoded to JSON first and the call is made with what decodes back
from it, so a float that JSON would round differently, or a label that would
change type, can never make the file disagree with the call.
"""

from __future__ import annotations

import builtins
import importlib
import re
import warnings

import numpy as np

from conformance import registry
from conformance.encoding import call_argument, decode_input, decode_numeric, decode_param, loads, to_json, dumps
from conformance.forms import rng_for  # noqa: F401  (re-exported: a case's inputs are seeded by its id alone)


# Small weights that print exactly in decimal.
NICE_WEIGHTS = (0.25, 0.5, 1.0, 1.5, 2.25, 3.0)


def draw_weights(rng: np.random.Generator, mode: str, n: int, *, some_zero: bool = False):
    """sample_weight for ``mode``: none, int (1..3), float (NICE_WEIGHTS) or zeros (0..2, not all 0;
    with ``some_zero``, at least one 0 as well).  The label families' grids draw their weights here
    (the regression grid draws its own: generators/regression/grid.py)."""
    if mode == "none":
        return None
    if mode == "int":
        return rng.integers(1, 4, n).tolist()
    if mode == "float":
        return rng.choice(NICE_WEIGHTS, n).tolist()
    if mode == "zeros":
        w = rng.integers(0, 3, n)
        if some_zero:
            w[int(rng.integers(0, n))] = 0
        if not w.any():
            w[int(rng.integers(0, n))] = 1
        return w.tolist()
    raise ValueError(mode)


def _builtin_bases(exc: BaseException) -> list[str]:
    return [
        cls.__name__
        for cls in type(exc).__mro__
        if getattr(builtins, cls.__name__, None) is cls and cls not in (BaseException, Exception, object)
    ]


def _warning_list(caught) -> list[dict]:
    out: list[dict] = []
    for w in caught:
        item = {"type": w.category.__name__, "message": str(w.message)}
        if item not in out:
            out.append(item)
    return out


def oracle_path(metric: str) -> str:
    """The dotted name of the function that computes ``metric``'s expected values: its registry entry's
    ``oracle`` (sklearn.metrics.<metric> unless it says otherwise)."""
    entry = registry.METRICS.get(metric)
    return entry.oracle if entry is not None else f"sklearn.metrics.{metric}"


def oracle_for(metric: str):
    """The oracle function of ``metric`` (:func:`oracle_path`); AttributeError when the installed
    scikit-learn has no such function (an older release, generators/provenance.py)."""
    module, _, name = oracle_path(metric).rpartition(".")
    return getattr(importlib.import_module(module), name)


# scikit-learn's InvalidParameterError prints its allowed strings as a Python set
# ("must be a str among {'raw_values', 'uniform_average'}"), whose order changes with
# the interpreter's string hashing (PYTHONHASHSEED) from one run to the next.  The
# message is evidence for reports, never judged (docs/decisions/0004); its set is
# written sorted so that generation is reproducible byte for byte.
_SET_IN_MESSAGE = re.compile(r"among \{([^{}]*)\}")
# The same for a set of string labels ("y_true takes value in {'B', 'a'}"): string hashing orders it.
_LABEL_SET_IN_MESSAGE = re.compile(r"value in \{('[^{}]*)\}")


def _stable_message(exc: BaseException) -> str:
    text = _SET_IN_MESSAGE.sub(lambda m: "among {" + ", ".join(sorted(m.group(1).split(", "))) + "}", str(exc))
    return _LABEL_SET_IN_MESSAGE.sub(lambda m: "value in {" + ", ".join(sorted(m.group(1).split(", "))) + "}", text)


# A callable keyword crosses the protocol as the name of a corpus metric (docs/decisions/0030):
# metric_at_thresholds(metric_func="f1_score") is called with that metric's oracle function.
CALLABLE_KEYWORDS = frozenset({"metric_func"})


def by_name(params: dict) -> dict:
    """``params`` with each callable keyword's metric name replaced by that metric's oracle function."""
    return {k: oracle_for(v) if k in CALLABLE_KEYWORDS and isinstance(v, str) else v for k, v in params.items()}


def call_oracle(metric: str, inputs: dict, params: dict, fn=None) -> tuple[dict, list[dict]]:
    """``expected`` and the warnings for one call of ``fn``, by default the metric's oracle
    (:func:`oracle_for`)."""
    if fn is None:
        fn = oracle_for(metric)
    params = by_name(params)
    args = {k: (None if v is None else call_argument(v)) for k, v in inputs.items()}  # docs/format.md
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = fn(**args, **params)
        except Exception as exc:  # the oracle's refusal is itself the expected outcome
            error = {"type": type(exc).__name__, "bases": _builtin_bases(exc), "message": _stable_message(exc)}
            return {"error": error}, _warning_list(caught)
    return {"value": to_json(value)}, _warning_list(caught)


def make_case(
    case_id: str,
    metric: str,
    inputs: dict,
    params: dict | None = None,
    tags: tuple[str, ...] | list[str] = (),
    description: str | None = None,
    oracle=None,
) -> dict:
    """A complete corpus case: described inputs plus what scikit-learn made of them.

    ``oracle`` is for a metric scikit-learn lacks: a function that computes the value the
    page in docs/spec defines, from scikit-learn building blocks (never from the reference).
    It is called like a scikit-learn metric, and the case is marked ``"source": "spec-derived"``.
    A metric whose registry entry names a spec-derived oracle gets it without being told.
    """
    entry = registry.METRICS.get(metric)
    if oracle is None and entry is not None and entry.spec_derived:
        oracle = oracle_for(metric)
    if not case_id.startswith(metric + "/"):
        raise ValueError(f"case id {case_id!r} must start with '{metric}/'")
    stored_inputs = {k: to_json(v) for k, v in inputs.items() if v is not None}
    stored_params = to_json(dict(params or {}))
    # Round-trip through the corpus's own text form, then call with what came back.
    stored_inputs, stored_params = loads(dumps([stored_inputs, stored_params]))
    call_inputs = {k: decode_input(v, f"inputs.{k}") for k, v in stored_inputs.items()}
    call_params = {k: decode_param(v) for k, v in stored_params.items()}
    expected, caught = call_oracle(metric, call_inputs, call_params, oracle)
    case = {"id": case_id, "metric": metric}
    if description:
        case["description"] = description
    if oracle is not None:
        case["source"] = "spec-derived"
    case.update(inputs=stored_inputs, params=stored_params, expected=expected)
    if caught:
        case["warnings"] = caught
    conditioned(case, call_inputs)
    case["tags"] = sorted(set(tags) | ({"spec-derived"} if oracle is not None else set()))  # whoever wrote it
    return case


def conditioned(case: dict, call_inputs: dict) -> dict:
    """``case`` with the ``tolerance`` its conditioning calls for, where the bound of
    conformance.conditioning passes the corpus rtol (decision 0046); a case whose value is rounding
    noise (the bound reaches conditioning.UNDETERMINED) is marked ``x-conditioning: undetermined``:
    the fuzzer counts such a call apart, and generators.build() refuses it in the corpus."""
    from conformance import conditioning
    from generators import TOLERANCE

    if case["metric"] not in conditioning.METRICS or "value" not in case["expected"]:
        return case
    rtol = conditioning.tolerance(case["metric"], call_inputs, TOLERANCE["rtol"])
    if rtol is None:
        case["x-conditioning"] = "undetermined"
    elif rtol > TOLERANCE["rtol"]:
        stored = float(f"{rtol:.2g}")  # two digits, rounded up: the bound is never narrowed
        case["tolerance"] = {"rtol": stored if stored >= rtol else float(f"{rtol * 1.05:.2g}"), "rule": "conditioning"}
    return case
