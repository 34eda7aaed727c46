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
from conformance.encoding import decode_numeric, to_json
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
    # Inputs exactly as the generator passed them to scikit-learn: np.asarray of the decoded JSON.
    inputs = {k: (None if v is None else np.asarray(v)) for k, v in case.inputs.items()}
    return fn(**inputs, **case.params)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(case):
    if case.expected.is_error:
        bases = tuple(getattr(builtins, name) for name in case.expected.error.get("bases", []))
        assert bases, f"{case.id}: error case without built-in bases: {case.expected.error}"
        with pytest.raises(bases):
            _call(case)
        return
    actual = decode_numeric(to_json(_call(case)))
    result = compare(case.expected.value, actual, **CORPUS.tolerance)
    assert result, f"{case.id}: {result.reason}"
