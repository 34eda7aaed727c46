"""Conventions: the axes, where they apply, the rewritten scikit-learn calls, and the corpus's
``conventions`` field (docs/conventions.md, docs/decisions/0009)."""

from __future__ import annotations

import numpy as np
import pytest
import sklearn.metrics

from conformance import conventions as conv
from conformance.compare import compare
from conformance.encoding import decode_numeric, decode_param, to_json
from fake_ports import kit
from generators import TOLERANCE
from generators.conventions import conventions_for, with_conventions
from generators.oracle import make_case


def test_choices_and_keys():
    assert conv.CHOICES == ("classes=observed", "classes=declared", "classes=supported",
                            "zero-division=0", "zero-division=1", "zero-division=nan",
                            "average-method=arithmetic", "average-method=geometric", "average-method=max")
    assert conv.key({"zero-division": "1", "classes": "declared"}) == "classes=declared+zero-division=1"
    assert conv.parse(" classes = supported ") == ("classes", "supported")


@pytest.mark.parametrize("text, message", [
    ("average=macro", "unknown axis 'average' (axes: classes, zero-division, average-method; write axis=value)"),
    ("classes", "unknown axis 'classes' (axes: classes, zero-division, average-method; write axis=value)"),
    ("classes=all", "unknown value 'all' for classes (one of observed, declared, supported)"),
    ("zero-division=0.5", "unknown value '0.5' for zero-division (one of 0, 1, nan)"),
])
def test_unknown_axes_and_values_are_one_line_errors(text, message):
    with pytest.raises(conv.ConventionError) as err:
        conv.parse(text)
    assert str(err.value) == f"{text!r}: {message}" and "\n" not in str(err.value)


def test_check_declarations_names_the_field():
    assert conv.check_declarations({"*": ["zero-division=1"], "f1_score": ["classes=declared", "classes=observed"],
                                    "recall_score": ["zero-division=2"]}) == [
        ("conventions.f1_score[1]", "'classes=observed': classes is already declared as 'classes=declared' for f1_score"),
        ("conventions.recall_score[0]", "'zero-division=2': unknown value '2' for zero-division (one of 0, 1, nan)"),
    ]


MC = {"y_true": [0, 0, 3], "y_pred": [0, 3, 3]}


@pytest.mark.parametrize("metric, inputs, params, expected", [
    # the average decides: binary (scikit-learn's default) has no class set to choose
    ("f1_score", MC, {}, [{"zero-division": "1"}, {"zero-division": "nan"}]),
    ("f1_score", MC, {"average": "macro", "zero_division": 0}, [{"classes": "declared"}, {"classes": "supported"}]),
    ("f1_score", MC, {"average": "macro", "labels": [0, 3]}, [{"zero-division": "1"}, {"zero-division": "nan"}]),
    ("f1_score", MC, {"average": "macro", "labels": [0, 3], "zero_division": "warn"},
     [{"zero-division": "1"}, {"zero-division": "nan"}]),
    ("confusion_matrix", MC, {}, [{"classes": "declared"}]),
    ("accuracy_score", MC, {}, []),
    ("mean_squared_error", {"y_true": [1.0], "y_pred": [2.0]}, {}, []),
    # declared needs class indices; supported needs a sample
    ("recall_score", {"y_true": [-1, 0], "y_pred": [0, 0]}, {"average": None, "zero_division": 1},
     [{"classes": "supported"}]),
    ("recall_score", {"y_true": [0.0, 2.0], "y_pred": [0.0, 0.0]}, {"average": None, "zero_division": 1},
     [{"classes": "declared"}, {"classes": "supported"}]),
    ("recall_score", {"y_true": [], "y_pred": []}, {"average": "macro", "zero_division": 1}, []),
])
def test_where_conventions_apply(metric, inputs, params, expected):
    assert conv.combinations(metric, inputs, params) == expected


def test_every_combination_of_two_axes():
    combos = conv.combinations("f1_score", MC, {"average": "macro"})
    assert [conv.key(c) for c in combos] == [
        "classes=declared", "classes=supported", "zero-division=1", "zero-division=nan",
        "classes=declared+zero-division=1", "classes=declared+zero-division=nan",
        "classes=supported+zero-division=1", "classes=supported+zero-division=nan"]


def test_rewrite_is_the_documented_call():
    assert conv.rewrite({"classes": "declared"}, "f1_score", MC, {"average": "macro"}) == {
        "average": "macro", "labels": [0, 1, 2, 3]}
    assert conv.rewrite({"classes": "declared"}, "confusion_matrix", {"y_true": [0.0, 2.0], "y_pred": [0, 0]}, {}) == {
        "labels": [0.0, 1.0, 2.0]}
    assert conv.rewrite({"classes": "supported", "zero-division": "nan"}, "recall_score",
                        {"y_true": [3, 0, 3], "y_pred": [1, 1, 1]}, {"average": None}) == {
        "average": None, "labels": [0, 3], "zero_division": "NaN"}
    assert conv.rewrite({"zero-division": "1", "classes": "observed"}, "f1_score", MC, {}) == {"zero_division": 1.0}
    with pytest.raises(conv.ConventionError, match="does not apply"):
        conv.rewrite({"classes": "declared"}, "f1_score", MC, {})


def test_a_port_declaration_picks_the_key():
    declared = conv.declared_for({"*": ["zero-division=1", "classes=declared"], "f1_score": ["classes=observed"]},
                                 "f1_score")
    assert declared == {"zero-division": "1", "classes": "observed"}
    assert conv.case_key(declared, "f1_score", MC, {"average": "macro"}) == "zero-division=1"
    assert conv.case_key(declared, "f1_score", MC, {"average": "macro", "zero_division": 0}) is None
    both = conv.declared_for({"*": ["zero-division=1", "classes=declared"]}, "recall_score")
    assert conv.case_key(both, "recall_score", MC, {"average": "macro"}) == "classes=declared+zero-division=1"
    assert conv.case_key(both, "recall_score", MC, {"average": "binary"}) == "zero-division=1"
    assert conv.declared_for(None, "f1_score") == {}


def _sklearn(metric, inputs, params):
    fn = getattr(sklearn.metrics, metric)
    return fn(**{k: np.asarray(decode_numeric(v)) for k, v in inputs.items()},
              **{k: decode_param(v) for k, v in params.items()})


def test_the_generator_stores_only_the_conventions_that_change_the_case():
    case = make_case("f1_score/conv/absent-class/macro", "f1_score", {"y_true": [0, 0, 2], "y_pred": [0, 2, 2]},
                     {"average": "macro"})
    found = conventions_for(case, TOLERANCE)
    # classes=declared adds class 1 (absent: F1 0 under zero_division 0 or "warn", 1 under 1, NaN under nan)
    assert found["classes=declared"] == {"value": _sklearn("f1_score", case["inputs"],
                                                           {"average": "macro", "labels": [0, 1, 2]})}
    assert found["classes=declared"]["value"] != case["expected"]["value"]
    assert found["classes=declared+zero-division=1"] == {"value": 0.7777777777777777}
    # under zero_division=nan the absent class is NaN and left out of the mean: the observed value, so no key;
    # no zero division without the absent class, and every label has support: those keys are absent too
    assert set(found) == {"classes=declared", "classes=declared+zero-division=1"}
    out = with_conventions(case, TOLERANCE)
    assert list(out) == ["id", "metric", "inputs", "params", "expected", "conventions", "tags"]
    plain = make_case("accuracy_score/conv/x", "accuracy_score", {"y_true": [0, 2], "y_pred": [0, 0]})
    assert with_conventions(plain, TOLERANCE) is plain


def test_the_generator_compares_within_tolerance_and_errors_as_errors():
    err = make_case("f1_score/conv/mismatch", "f1_score", {"y_true": [0, 1], "y_pred": [0, 1, 1]},
                    {"average": "macro"})
    assert "error" in err["expected"] and conventions_for(err, TOLERANCE) == {}
    # supported classes only: a class predicted but never true leaves the macro mean
    case = make_case("recall_score/conv/supported", "recall_score", {"y_true": [0, 0, 1], "y_pred": [0, 2, 1]},
                     {"average": None})
    found = conventions_for(case, TOLERANCE)
    assert case["expected"]["value"] == [0.5, 1.0, 0.0]
    assert found["classes=supported"] == {"value": [0.5, 1.0]}
    assert found["zero-division=nan"] == {"value": [0.5, 1.0, "NaN"]}
    assert found["classes=declared+zero-division=nan"] == {"value": [0.5, 1.0, "NaN"]}


def test_every_corpus_convention_is_a_real_alternative_call():
    """Each stored key names conventions that apply to its case; replaying the rewritten call
    through scikit-learn gives the stored outcome, which differs from ``expected``."""
    corpus = kit.bundled_corpus()
    with_any = [c for c in corpus.cases if "conventions" in c.raw]
    assert len(with_any) > 300
    metrics = {c.metric for c in with_any}
    assert metrics == {"precision_score", "recall_score", "f1_score", "fbeta_score",
                       "precision_recall_fscore_support", "confusion_matrix",
                       "normalized_mutual_info_score", "adjusted_mutual_info_score"}
    keys = set()
    for i, case in enumerate(with_any):
        raw = case.raw
        valid = {conv.key(c): c for c in conv.combinations(case.metric, raw["inputs"], raw["params"])}
        for key, outcome in raw["conventions"].items():
            assert key in valid, (case.id, key)
            keys.add(key)
            assert ("error" in outcome) or ("error" in raw["expected"]) or not compare(
                decode_numeric(raw["expected"]["value"]), decode_numeric(outcome["value"]),
                TOLERANCE["rtol"], TOLERANCE["atol"]).ok
            if i % 25 == 0:  # replay a sample through scikit-learn itself
                params = conv.rewrite(valid[key], case.metric, raw["inputs"], raw["params"])
                value = _sklearn(case.metric, raw["inputs"], params)
                assert compare(decode_numeric(outcome["value"]), decode_numeric(to_json(value)), 0, 0).ok, (case.id, key)
    assert len(keys) == 10
