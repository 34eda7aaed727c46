"""The campaign's oracle: the reference answers first, scikit-learn judges (docs/decisions/0024).

scikit-learn costs milliseconds a call (its parameter validation runs every
time); the reference (conformance.reference, numpy only) answers the same call
in a fraction of that, and agrees with scikit-learn on the whole corpus and
under Hypothesis.  So a drawn call is first made into a case with the
reference's outcome, and the port is judged on it.  scikit-learn is then called

* on every call where the port and the reference disagree (the port is judged
  on scikit-learn's outcome, never the reference's: a finding is always
  scikit-learn's), and
* on a sample of the calls where they agree, ``rate`` of them (at least 5%
  by default; ``--oracle-sample 1.0`` sends every call to scikit-learn), chosen
  by the call's content so that a rerun samples the same calls.

Where scikit-learn and the reference disagree, that is a finding against the
reference, reported apart; the port is judged on scikit-learn's outcome.

A call's id is a function of its content (metric, inputs, keywords), never of
the draw that made it: input forms and batch cuts are seeded by the id
(conformance.forms.rng_for), so the same call always reaches the port as the
same matrix, and a shrink can repeat itself.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import warnings

import numpy as np

from conformance import conventions as conv, registry
from conformance.corpus import Case, Expected, _decode_case
from conformance.encoding import NONFINITE, decode_numeric, decode_param, plain_array, to_json

DEFAULT_SAMPLE = 0.05  # the share of agreeing calls scikit-learn still judges
# The reference's refusals (generators.readings.REFERENCE_REFUSALS, by name): any other exception
# from the reference is a bug of the reference, and scikit-learn is asked.
_REFUSALS = {"ValueError", "TypeError", "IndexError", "ZeroDivisionError", "NotImplementedError"}


def case_of(metric: str, inputs: dict, params: dict, declared: dict, *, reference: bool = False):
    """:func:`make` of a drawn call under its content id (:func:`call_id`), its inputs read by numpy
    once for both."""
    arrays = {k: plain_array(v) for k, v in inputs.items()}
    return make(call_id(metric, inputs, params, arrays=arrays), metric, inputs, params, declared,
                reference=reference, arrays=arrays)


def call_id(metric: str, inputs: dict, params: dict, suffix: str = "", *, arrays: dict | None = None) -> str:
    """``<metric>/fuzz/<digest of the content>``: the same call, the same id, whatever drew it.

    An input of plain numbers is digested as numpy reads it (its dtype, shape and bytes) with the
    Python types it holds: a tenth of the cost of writing its floats as JSON text, which was the
    largest part of a drawn call's cost.  Anything else (a non-finite token, a ragged or nested
    input, a scalar) is digested as JSON text.  ``arrays``: plain_array() of the inputs, when the
    caller has them."""
    digest = hashlib.sha256(json.dumps([metric, params], sort_keys=True, separators=(",", ":"),
                                       default=repr).encode())
    for name in sorted(inputs):
        value = inputs[name]
        array = arrays[name] if arrays is not None else plain_array(value)
        digest.update(b"\0" + name.encode() + b"\0" + _content(value, array))
    return f"{metric}/fuzz/{digest.hexdigest()[:16]}{suffix}"


def _content(value, array) -> bytes:
    """The bytes an input is digested by (:func:`call_id`); ``array`` is plain_array(value)."""
    if isinstance(value, list):
        if array is not None and array.ndim <= 2:
            rows = value if array.ndim == 1 else itertools.chain.from_iterable(value)
            types = ",".join(sorted(t.__name__ for t in set(map(type, rows))))
            return f"A{array.dtype.str}{array.shape}{types}:".encode() + array.tobytes()
    return b"J" + json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr).encode()


def sampled(case_id: str, rate: float, what: str = "oracle-sample") -> bool:
    """Is this call in the sample ``what`` (scikit-learn judging an agreement, relations checked on a
    passed call)?  A function of the id: reruns agree."""
    if rate >= 1.0:
        return True
    if rate <= 0.0:
        return False
    return int(hashlib.sha256(f"{case_id}/{what}".encode()).hexdigest()[:8], 16) < rate * 0x100000000


def _reference_fn(metric: str):
    import conformance.reference as reference

    return getattr(reference, metric)


def make(case_id: str, metric: str, inputs: dict, params: dict, declared: dict, *, reference: bool = False,
         arrays: dict | None = None):
    """The corpus case of this call: scikit-learn's outcome (the spec-derived oracle for a metric it
    lacks), or with ``reference`` the reference's, and the outcome under the port's declared
    conventions where they change it (as generators.conventions stores it), with the tolerance its
    conditioning calls for (:func:`conditioned`)."""
    case = _made(case_id, metric, inputs, params, declared, reference, arrays)
    return conditioned(case)


def conditioned(case):
    """``case`` with what its conditioning calls for, as generators.oracle.conditioned writes it for
    the corpus (decision 0046): a ``tolerance`` field, or ``x-conditioning: undetermined`` where the
    value is rounding noise (judged only as a value or a refusal, counted apart by the campaign)."""
    from generators.oracle import conditioned as write

    if "tolerance" not in case.raw and "x-conditioning" not in case.raw:
        write(case.raw, case.inputs)
    return case


def undetermined(case) -> bool:
    """Is this call's value rounding noise (decision 0046)?"""
    return case.raw.get("x-conditioning") == "undetermined"


def _made(case_id, metric, inputs, params, declared, reference, arrays):
    from generators import TOLERANCE
    from generators.conventions import differs
    from generators.oracle import make_case

    fn = _reference_fn(metric) if reference else None  # None: scikit-learn, or the registry's spec-derived oracle
    lean = _lean_case(case_id, metric, inputs, params, fn, arrays)
    if lean is not None:
        key = conv.case_key(declared, metric, lean.raw["inputs"], lean.raw["params"]) if declared else None
        if key is None:
            return lean
        combo = dict(part.split("=", 1) for part in key.split("+"))
        other = _lean_case(case_id, metric, inputs, conv.rewrite(combo, metric, lean.raw["inputs"], lean.raw["params"]),
                           fn, arrays)
        if other is not None:
            if differs(other.raw["expected"], lean.raw["expected"], TOLERANCE):
                lean.raw["conventions"] = {key: other.raw["expected"]}
            return lean
    raw = make_case(case_id, metric, inputs, params, tags=("fuzzed",), oracle=fn)
    if reference:
        raw.pop("source", None)
    key = conv.case_key(declared, metric, raw["inputs"], raw["params"]) if declared else None
    if key is not None:
        combo = dict(part.split("=", 1) for part in key.split("+"))
        other = make_case(case_id, metric, raw["inputs"], conv.rewrite(combo, metric, raw["inputs"], raw["params"]),
                          oracle=fn)
        if differs(other["expected"], raw["expected"], TOLERANCE):
            raw["conventions"] = {key: other["expected"]}
    case, problems = _decode_case(raw, "fuzz")
    if problems:  # cannot happen for what make_case wrote; say so loudly if it does
        raise ValueError(f"{case_id}: {problems[0]}")
    return case


def trusted(case) -> bool:
    """Can a judgement against this reference case stand without scikit-learn?  Not where the
    reference raised something that is not one of its refusals (a bug of the reference), nor where
    it refused a call with string labels: string labels are young in the reference (decision 0033),
    and a port refusing them as the reference does would otherwise pass unasked."""
    error = case.raw["expected"].get("error")
    if error is None:
        return True
    return error["type"] in _REFUSALS and not _has_labels(case.raw["inputs"])


def _has_labels(inputs: dict) -> bool:
    """Does any input hold a string that is not a non-finite number (a label, decision 0033)?"""
    stack = [v for v in inputs.values() if isinstance(v, list)]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item not in NONFINITE:
            return True
    return False


def same(a, b) -> bool:
    """Do two cases of one call expect the same outcome (and the same under conventions)?  Within the
    tolerance the call's conditioning allows (decision 0046): two values of an undetermined call are
    the same, two values of an ill-conditioned one are compared with its ``tolerance``."""
    from generators import TOLERANCE
    from generators.conventions import differs

    tolerance = dict(TOLERANCE)
    tolerance["rtol"] = max(tolerance["rtol"], float((a.raw.get("tolerance") or {}).get("rtol", 0.0)))
    if undetermined(a) and "value" in a.raw["expected"] and "value" in b.raw["expected"]:
        return True
    if differs(a.raw["expected"], b.raw["expected"], tolerance):
        return False
    ca, cb = a.raw.get("conventions", {}), b.raw.get("conventions", {})
    keys = set(ca) | set(cb)
    return all(differs(ca.get(k, a.raw["expected"]), cb.get(k, b.raw["expected"]), TOLERANCE) is False
               for k in keys)


def _lean_case(case_id: str, metric: str, inputs: dict, params: dict, fn, arrays: dict | None = None):
    """The case of a call, made without make_case's text round trip (the corpus's pretty-printed
    JSON, written and read back, then walked): the same case for inputs of plain numbers (what most
    draws are), None for the rest.  ``fn``: the reference's function (its refusals recorded, its
    warnings not), or None for the oracle make_case calls (scikit-learn, or the registry's
    spec-derived oracle), called as make_case calls it.  ``arrays``: plain_array() of the inputs."""
    from generators.oracle import _builtin_bases, _stable_message, call_oracle

    args = {}
    for name, value in inputs.items():
        if value is None:
            continue
        args[name] = arrays[name] if arrays is not None else plain_array(value)
        if args[name] is None:
            return None
    call_params = {k: decode_param(v) for k, v in params.items()}
    caught, extra = [], {}
    if fn is None:
        outcome, caught = call_oracle(metric, args, call_params)
        entry = registry.METRICS.get(metric)
        if entry is not None and entry.spec_derived:
            extra["source"] = "spec-derived"
    else:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                outcome = {"value": to_json(fn(**args, **call_params))}
            except Exception as exc:  # the reference's refusal is the expected outcome
                outcome = {"error": {"type": type(exc).__name__, "bases": _builtin_bases(exc),
                                     "message": _stable_message(exc)}}
    if "error" in outcome:
        expected = Expected(error=dict(outcome["error"]))
    else:
        expected = Expected(value=decode_numeric(outcome["value"]))
    stored = {k: v for k, v in inputs.items() if v is not None}
    raw = {"id": case_id, "metric": metric, **extra, "inputs": stored, "params": params, "expected": outcome}
    if caught:
        raw["warnings"] = caught
    raw["tags"] = ["fuzzed"]
    return Case(id=case_id, metric=metric, inputs=stored, params=call_params, expected=expected,
                tags=("fuzzed",), file="fuzz", raw=raw, warnings=tuple(caught),
                source=extra.get("source", "scikit-learn"))
