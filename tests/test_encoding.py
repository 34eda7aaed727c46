"""The one encoder of non-finite values: round trips and refusals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.encoding import EncodingError, decode_numeric, decode_param, dumps, loads, to_json


def test_nonfinite_floats_become_the_three_strings():
    assert to_json([math.nan, math.inf, -math.inf, 1.5]) == ["NaN", "Infinity", "-Infinity", 1.5]
    assert to_json(np.array([[np.nan, 1.0]])) == [["NaN", 1.0]]
    assert to_json((np.float64(0.25), np.int64(3), None)) == [0.25, 3, None]


def test_numpy_integers_stay_integers():
    out = to_json(np.array([[1, 2], [3, 4]], dtype=np.int64))
    assert out == [[1, 2], [3, 4]] and all(type(v) is int for row in out for v in row)


def test_unencoded_nonfinite_float_fails_writing():
    with pytest.raises(EncodingError, match="non-finite"):
        dumps({"value": math.nan})


def test_bare_tokens_are_refused_when_reading():
    for token in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(EncodingError, match="bare"):
            loads(f'{{"value": {token}}}')


@pytest.mark.parametrize("bad", ["nan", "inf", "0.5", "", True, {"a": "nan"}])
def test_numeric_slots_refuse_anything_but_numbers_and_the_three_strings(bad):
    with pytest.raises(EncodingError):
        decode_numeric([1, bad], "inputs.y_true")


def test_params_decode_only_the_three_exact_strings():
    out = decode_param({"zero_division": "NaN", "average": "macro", "labels": [1, "Infinity"]})
    assert math.isnan(out["zero_division"]) and out["average"] == "macro" and out["labels"] == [1, math.inf]


finite_or_not = st.floats(allow_nan=True, allow_infinity=True)


@given(st.recursive(st.one_of(st.none(), st.integers(-2**62, 2**62), finite_or_not),
                    lambda children: st.lists(children, max_size=4), max_leaves=20))
def test_every_float64_round_trips_exactly(value):
    back = decode_numeric(loads(dumps({"v": to_json(value)}))["v"])

    def same(a, b):
        if isinstance(a, list):
            return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if isinstance(a, float) and math.isnan(a):
            return isinstance(b, float) and math.isnan(b)
        return type(a) is type(b) and a == b

    assert same(value, back)


# ---------------------------------------------------------------- the fast paths (issue 28)

_JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                          st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=5))
_JSON = st.recursive(_JSON_SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
    st.text(max_size=3), inner, max_size=4), max_leaves=30)


@settings(max_examples=40, deadline=None)
@given(_JSON)
def test_compact_writes_the_document_the_standard_library_writes_and_loads_reads_it_back(value):
    import json

    from conformance.encoding import compact

    stdlib = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False).encode(value)
    assert json.loads(compact(value)) == json.loads(stdlib)
    assert loads(compact(value)) == json.loads(stdlib)
    assert loads(stdlib) == json.loads(stdlib)


def test_compact_refuses_a_non_finite_float_and_loads_keeps_an_int_beyond_64_bits():
    from conformance.encoding import compact

    with pytest.raises(ValueError):
        compact({"inputs": {"y": [1.0, math.nan]}, "params": {"labels": None}})
    assert loads("[123456789012345678901234567890, -9999999999999999999]") == [
        123456789012345678901234567890, -9999999999999999999]
    with pytest.raises(EncodingError):
        loads("[1.0, NaN]")


@given(st.lists(st.one_of(st.integers(-3, 3), st.sampled_from([0.5, 1e-300, 1e308, -1e308, math.nan, math.inf,
                                                                  -math.inf, 2.0, 1e-9])), min_size=17, max_size=40),
       st.data())
@settings(max_examples=40, deadline=None)
def test_comparing_lists_of_numbers_by_numpy_gives_the_element_walks_verdict_reason_and_error(expected, data):
    from conformance import compare

    actual = [x if data.draw(st.booleans()) else data.draw(st.sampled_from([0, 1.0, math.nan, math.inf, 1e-9]))
              for x in expected]
    errors: list = []
    fast = compare._walk(expected, actual, 1e-9, 1e-12, "", errors)
    slow_errors: list = []
    reasons = [compare._walk(e, a, 1e-9, 1e-12, f"[{i}]", slow_errors) for i, (e, a) in enumerate(zip(expected, actual))]
    assert fast == next((r for r in reasons if r), None)
    assert (max(errors) if errors else None) == (max(slow_errors) if slow_errors else None)
