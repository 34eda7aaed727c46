"""docs/format.md, "How scikit-learn is called", made call by call (docs/decisions/0043).

Each stored case is decoded by the corpus loader, and its inputs are handed to scikit-learn exactly
as docs/format.md states, written out here on its own (not the generator's
``encoding.call_argument``): a mix of strings and numbers as the Python list, numbers or strings as
``numpy.asarray`` of the list.  The outcome (the value within the corpus tolerance, or the error's
type) must be the stored one.  Every mixed case is called; of the others, a sample small enough to
keep this module fast, each also called with the Python list: the sampled cases where the list gets
another answer than the array are a golden (tests/__snapshots__/test_scikit_learn_call.ambr), since
docs/format.md says the array is what is passed because of them.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from conformance.compare import compare
from conformance.encoding import decode_numeric, to_json
from fake_ports import kit
from generators.oracle import by_name, oracle_for

CORPUS = kit.bundled_corpus()


def _leaf_kinds(value, kinds: set) -> set:
    if isinstance(value, list):
        for item in value:
            _leaf_kinds(item, kinds)
    elif value is not None:
        kinds.add("string" if isinstance(value, str) else "number")
    return kinds


def _mixes(case) -> bool:
    return any(_leaf_kinds(v, set()) == {"string", "number"} for v in case.inputs.values())


def _ragged(value) -> bool:
    try:
        np.asarray(value)
    except ValueError:
        return True
    return False


def _as_documented(value):
    """An input as docs/format.md says scikit-learn gets it."""
    if _leaf_kinds(value, set()) == {"string", "number"}:
        return value  # the Python list: scikit-learn converts it as numpy does
    return np.asarray(value)


def _outcome(case, materialise) -> tuple[str, object]:
    args = {k: materialise(v) for k, v in case.inputs.items() if v is not None}
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return "value", decode_numeric(to_json(oracle_for(case.metric)(**args, **by_name(case.params))))
        except Exception as exc:  # noqa: BLE001 -- the refusal is the outcome
            return "error", type(exc).__name__


def _differs(case, outcome) -> str | None:
    kind, got = outcome
    if case.expected.is_error:
        want = case.expected.error["type"]
        return None if (kind, got) == ("error", want) else f"expected {want}, got {kind} {got!r}"
    if kind == "error":
        return f"expected a value, got {got}"
    result = compare(case.expected.value, got, **CORPUS.tolerance)
    return None if result else result.reason


MIXED = [c for c in CORPUS if _mixes(c)]
# The others: every case whose inputs are small (the documented call and the list's, both made),
# one in every STRIDE of them; ragged inputs are not in the corpus (test below).
STRIDE = 20
SMALL = [c for c in CORPUS if not _mixes(c) and sum(np.size(v) for v in c.inputs.values()) <= 200]
SAMPLE = SMALL[::STRIDE]


def test_the_corpus_has_mixed_cases_of_both_families():
    assert {c.id.split("/")[1] for c in MIXED} == {"strings", "validation"}


@pytest.mark.parametrize("metric", sorted({c.metric for c in MIXED}))
def test_every_mixed_case_is_scikit_learns_answer_for_the_list(metric):
    failures = [f"{c.id}: {why}" for c in MIXED if c.metric == metric
                and (why := _differs(c, _outcome(c, _as_documented))) is not None]
    assert not failures, "\n".join(failures)


def test_no_stored_input_is_ragged():
    # docs/format.md states the object array of a ragged list; no case holds one, so no call makes it.
    assert not [c.id for c in CORPUS for v in c.inputs.values() if v is not None and _ragged(v)]


@pytest.mark.parametrize("metric", sorted({c.metric for c in SAMPLE}))
def test_sampled_cases_are_scikit_learns_answer_for_the_array(metric):
    failures = [f"{c.id}: {why}" for c in SAMPLE if c.metric == metric
                and (why := _differs(c, _outcome(c, _as_documented))) is not None]
    assert not failures, "\n".join(failures)


def test_the_sampled_cases_where_the_list_gets_another_answer(golden):
    """Numbers go as an array, not as the list: for most calls the two are alike, and these are not."""
    golden(sorted(f"{c.id}: {why}" for c in SAMPLE if (why := _differs(c, _outcome(c, lambda v: v))) is not None))
