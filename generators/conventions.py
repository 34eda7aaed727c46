"""The post-processing step that gives count-family cases their ``conventions``.

For each case of a metric that can carry conventions (conformance.conventions.METRICS),
every non-empty combination of non-default conventions that apply to the case is
turned into a rewritten scikit-learn call (the case's own inputs and keyword
arguments, with ``labels`` / ``zero_division`` added) and made through the same
oracle machinery as ``expected`` (generators.oracle.call_oracle, with the inputs
and keywords round-tripped through the corpus encoding first).  The outcome is
stored under the combination's key ONLY when it differs from ``expected`` (beyond
the corpus tolerance, or in kind: a value against an error), so an absent key means
"this convention does not change this case".  Decision record:
docs/decisions/0009-conventions-are-alternative-oracle-calls.md.
"""

from __future__ import annotations

from functools import lru_cache

from conformance import conventions as conv
from conformance.compare import same_outcome
from conformance.encoding import decode_input, decode_numeric, decode_param, dumps, loads, to_json
from generators.oracle import call_oracle

# The order of a case's fields in the corpus: `conventions` goes right after the
# outcome it is an alternative to.
_ORDER = ("id", "metric", "description", "source", "inputs", "params", "expected", "warnings", "conventions",
          "splits", "tags")


def differs(a: dict, b: dict, tolerance: dict) -> bool:
    """Are two expected outcomes different for a port?  (conformance.compare.same_outcome)"""
    return not same_outcome(a, b, tolerance["rtol"], tolerance["atol"])


def conventions_for(case: dict, tolerance: dict) -> dict[str, dict]:
    """key -> expected outcome, for each combination of conventions that changes ``case``."""
    if case["metric"] not in conv.METRICS:
        return {}
    # The outcome is a pure function of these texts; remembering it makes a second
    # build in the same process (parity generate --check, the tests) cost nothing.
    found = _conventions(dumps([case["metric"], case["inputs"], case["params"], case["expected"],
                                tolerance["rtol"], tolerance["atol"]]))
    return loads(found)


@lru_cache(maxsize=None)
def _conventions(text: str) -> str:
    metric, inputs, params, expected, rtol, atol = loads(text)
    tolerance = {"rtol": rtol, "atol": atol}
    call_inputs = {k: decode_input(v, f"inputs.{k}") for k, v in inputs.items()}
    out = {}
    for combo in conv.combinations(metric, inputs, params):
        stored = loads(dumps(to_json(conv.rewrite(combo, metric, inputs, params))))
        outcome, _ = call_oracle(metric, call_inputs, {k: decode_param(v) for k, v in stored.items()})
        if differs(outcome, expected, tolerance):
            out[conv.key(combo)] = outcome
    return dumps(out)


def with_conventions(case: dict, tolerance: dict) -> dict:
    """``case`` with its ``conventions`` field filled in (a new dict; unchanged when none differs)."""
    found = conventions_for(case, tolerance)
    if not found:
        return case
    merged = {**case, "conventions": found}
    ordered = {k: merged[k] for k in _ORDER if k in merged}
    ordered.update((k, v) for k, v in merged.items() if k not in ordered)  # x- fields, last
    return ordered
