"""Every case of the bundled corpus, replayed through conformance.reference.

A value case passes when the comparator accepts the reference's result under
the corpus tolerance; an error case passes when the reference raises an
exception whose class is among the case's built-in ``bases``
(docs/decisions/0004).
"""

from __future__ import annotations

import builtins

import numpy as np
import pytest

import conformance.reference as ref
from conformance.compare import compare
from conformance.corpus import CorpusError
from conformance.encoding import call_argument, decode_numeric, to_json
from fake_ports import kit

# A corpus the loader refuses fails test_corpus_loads (naming every problem) instead of
# stopping collection of the whole test run.
try:
    CORPUS, LOAD_ERROR = kit.bundled_corpus(), None
except CorpusError as exc:
    CORPUS, LOAD_ERROR = None, exc
CASES = CORPUS.cases if CORPUS is not None else ()


def test_corpus_loads():
    assert LOAD_ERROR is None, f"the bundled corpus was refused:\n{LOAD_ERROR}"


def test_corpus_is_not_empty():
    assert len(CASES) > 0


def _call(case):
    fn = getattr(ref, case.metric, None)
    assert fn is not None, f"the reference has no {case.metric}"
    # Inputs exactly as the generator passed them to scikit-learn: call_argument of the decoded JSON (a mix of
    # strings and numbers stays the Python list, decision 0043).
    inputs = {k: (None if v is None else call_argument(v)) for k, v in case.inputs.items()}
    return fn(**inputs, **case.params)


def _replay(case) -> str | None:
    """Why the reference fails ``case``, or None: a value within the corpus tolerance, or an
    exception among the case's built-in bases."""
    if case.expected.is_error:
        bases = tuple(getattr(builtins, name) for name in case.expected.error.get("bases", []))
        if not bases:
            return f"error case without built-in bases: {case.expected.error}"
        try:
            value = _call(case)
        except bases:
            return None
        except Exception as exc:  # noqa: BLE001 -- the wrong error is the finding
            return f"raised {type(exc).__name__}: {exc}, expected {case.expected.error['type']}"
        return f"returned {value!r}, expected {case.expected.error['type']}"
    try:
        actual = decode_numeric(to_json(_call(case)))
    except Exception as exc:  # noqa: BLE001
        return f"raised {type(exc).__name__}: {exc}, expected a value"
    result = compare(case.expected.value, actual, **CORPUS.tolerance)
    return None if result else result.reason


# One test per metric, naming every failing case (thousands of parametrized items cost more than the replay:
# pytest's and xdist's own work per item).  `parity verify ports/reference` replays them one by one too.
@pytest.mark.parametrize("metric", sorted({c.metric for c in CASES}))
def test_every_case_of(metric):
    failures = [f"{c.id}: {why}" for c in CASES if c.metric == metric and (why := _replay(c)) is not None]
    assert not failures, f"{len(failures)} case(s) of {metric} fail:\n" + "\n".join(failures[:30])
