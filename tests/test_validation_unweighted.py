"""The validation sweep without weights (docs/decisions/0044): where a metric's sample_weight is optional,
every bad-input case of another input exists a second time without sample_weight, with the same tags
(sample-weight aside), spec section and kind of outcome as its weighted twin."""

from __future__ import annotations

import pytest

import generators.coverage as coverage
from conformance import registry
from generators import validation

PREFIX = f"/validation/{validation.UNWEIGHTED}/"


@pytest.fixture(scope="module")
def sweep():
    return {c["id"]: c for c in coverage.corpus_cases() if validation.FAMILY_TAG in c["tags"]}


def _slugs(sweep, metric, unweighted):
    head = f"{metric}{PREFIX}" if unweighted else f"{metric}/validation/"
    return {i[len(head):] for i in sweep if i.startswith(head) and (unweighted or PREFIX not in i)}


@pytest.mark.parametrize("metric", [m for m in registry.METRICS.values() if validation.optional_weights(m)],
                         ids=lambda m: m.name)
def test_every_case_of_another_input_has_an_unweighted_twin(sweep, metric):
    weights = validation.optional_weights(metric)
    weighted = {s for s in _slugs(sweep, metric.name, False) if s.split("/")[0] not in weights}
    assert weighted, metric.name
    assert _slugs(sweep, metric.name, True) == weighted
    for slug in weighted:
        twin, alone = sweep[f"{metric.name}/validation/{slug}"], sweep[f"{metric.name}{PREFIX}{slug}"]
        assert not set(weights) & set(alone["inputs"]), alone["id"]
        assert set(alone["tags"]) == set(twin["tags"]) - {"sample-weight"}, alone["id"]
        assert alone["spec"] == twin["spec"], alone["id"]
        assert ("error" in alone["expected"]) == ("error" in twin["expected"]), alone["id"]


def test_a_metric_without_optional_weights_has_no_unweighted_case(sweep):
    plain = [m.name for m in registry.METRICS.values() if not validation.optional_weights(m)]
    assert plain
    assert [i for i in sweep if i.split("/")[0] in plain and PREFIX in i] == []


@pytest.mark.parametrize(("metric", "inp", "token"), [("roc_auc_score", "y_score", "NaN"),
                                                      ("average_precision_score", "y_score", "Infinity"),
                                                      ("average_precision_score", "y_score", "-Infinity"),
                                                      ("mean_squared_error", "y_pred", "NaN"),
                                                      ("root_mean_squared_error", "y_pred", "NaN")])
def test_the_silent_drops_of_issue_36_have_cases_without_weights(sweep, metric, inp, token):
    found = [c for i, c in sweep.items() if i.startswith(f"{metric}{PREFIX}")
             and token in coverage._flat(c["inputs"][inp]) and "sample_weight" not in c["inputs"]]
    assert found and all("error" in c["expected"] for c in found)  # scikit-learn refuses; a dropping port answers


def test_an_unweighted_base_call_scikit_learn_refuses_stops_generation():
    metric = registry.METRICS["accuracy_score"]
    with pytest.raises(validation.InvalidBase, match="accuracy_score: the validation base call without sample_weight"):
        validation.checked_base(metric, {"y_true": [0, 1, 1], "y_pred": [0, 1]})
