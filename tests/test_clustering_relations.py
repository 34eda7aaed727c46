"""Each clustering relation (conformance/fuzz/clustering_relations.py) holds for scikit-learn itself,
on the corpus's clustering cases and on random labelings (Hypothesis); and a port that breaks one
is caught."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import sklearn.metrics.cluster as skc
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.compare import compare
from conformance.encoding import decode_numeric, decode_param, input_argument, to_json
from conformance.fuzz import clustering_relations as CR
from conformance.harness.judging import case_rtol
from fake_ports import kit

CORPUS = [c for c in kit.bundled_corpus().cases if c.metric in CR.PAIR_METRICS | CR.POINT_METRICS]


def _call(metric, inputs, params):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        args = {k: input_argument(v, k) for k, v in inputs.items()}  # string labels stay strings (decision 0033)
        try:
            return True, decode_numeric(to_json(getattr(skc, metric)(**args, **{k: decode_param(v)
                                                                                for k, v in params.items()})))
        except Exception as exc:  # noqa: BLE001 -- the outcome under test
            return False, exc


def assert_holds(relation, metric, inputs, params, seed, call=_call, rtol=1e-9):
    """``rtol``: 1e-9, or twice a case's conditioning tolerance (decision 0046: each of the two calls
    may stand off the exact value by it)."""
    for variant in CR.RELATIONS[relation](metric, inputs, params, np.random.default_rng(seed)):
        ok, value = call(metric, inputs, params)
        target = CR.SWAPPED_METRIC.get(metric, metric) if relation == CR.SWAP else metric
        ok_v, got = call(target, variant.inputs, variant.params)
        assert ok == ok_v, (relation, metric, inputs, value, got)
        if ok:
            result = compare(variant.expected_from(value), got, rtol, 1e-12)
            assert result, (relation, metric, inputs, variant.detail, result.reason)


@pytest.mark.parametrize("relation", sorted(CR.RELATIONS))
def test_each_relation_holds_on_the_corpus_cases(relation):
    applied = 0
    for i, case in enumerate(CORPUS):
        if case.raw["inputs"].get("labels_true") and len(case.raw["inputs"]["labels_true"]) > 1000:
            continue  # the long cases: seconds each under scikit-learn, nothing new for a relation
        before = applied
        applied += len(CR.RELATIONS[relation](case.metric, case.raw["inputs"], case.raw["params"],
                                              np.random.default_rng(i)))
        if applied > before:
            assert_holds(relation, case.metric, case.raw["inputs"], case.raw["params"], i,
                         rtol=max(1e-9, 2 * case_rtol(case)))
    assert applied > 40


@st.composite
def labelings(draw):
    n = draw(st.integers(2, 30))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    a = rng.integers(0, draw(st.integers(1, 6)), n)
    b = np.where(rng.random(n) < 0.5, a, rng.integers(0, draw(st.integers(1, 6)), n))
    return {"labels_true": a.tolist(), "labels_pred": b.tolist()}


@pytest.mark.parametrize("metric", sorted(CR.PAIR_METRICS))
@settings(max_examples=25, deadline=None)
@given(inputs=labelings(), seed=st.integers(0, 2**32 - 1))
def test_labeling_relations_hold_for_sklearn(metric, inputs, seed):
    for relation in CR.RELATIONS:
        assert_holds(relation, metric, inputs, {}, seed)


@pytest.mark.parametrize("metric", sorted(CR.POINT_METRICS))
@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 20), seed=st.integers(0, 2**32 - 1))
def test_permute_holds_for_the_point_scores(metric, n, seed):
    rng = np.random.default_rng(seed)
    inputs = {"X": rng.normal(size=(n, 2)).round(3).tolist(), "labels": rng.integers(0, 3, n).tolist()}
    assert_holds(CR.PERMUTE, metric, inputs, {}, seed)


def test_a_port_that_reads_the_labelings_in_one_order_breaks_swap():
    """homogeneity_score answered where completeness_score is asked for: the swap relation catches it."""
    def lopsided(metric, inputs, params):
        return _call("homogeneity_score" if metric == "completeness_score" else metric, inputs, params)
    with pytest.raises(AssertionError):
        assert_holds(CR.SWAP, "homogeneity_score", {"labels_true": [0, 0, 1, 2], "labels_pred": [0, 0, 1, 1]}, {},
                     0, call=lopsided)


def test_a_port_that_depends_on_sample_order_breaks_permute():
    def ordered(metric, inputs, params):
        ok, value = _call(metric, inputs, params)
        return ok, (value + inputs["labels_true"][0] if ok else value)
    with pytest.raises(AssertionError):
        assert_holds(CR.PERMUTE, "adjusted_rand_score", {"labels_true": [0, 0, 1, 2, 5], "labels_pred": [0, 0, 1, 1, 1]},
                     {}, 3, call=ordered)
