"""conformance.forms: every form gives back the case's labels under the declared rule,
and ties placed on purpose make the other rule give other labels."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import forms
from conformance.forms import Declared, Unexpressible, batch_cuts, to_labels, transform

OTHER = {"lowest": "highest", "highest": "lowest", "strict": "inclusive", "inclusive": "strict"}


@st.composite
def label_cases(draw, binary=False):
    C = 2 if binary else draw(st.integers(1, 6))
    n = draw(st.integers(1, 30))
    y_true = draw(st.lists(st.integers(0, C - 1), min_size=n, max_size=n))
    y_pred = draw(st.lists(st.integers(0, C - 1), min_size=n, max_size=n))
    case_id = "f1_score/" + draw(st.text("abcdefgh0123", min_size=1, max_size=8))
    return case_id, {"y_true": y_true, "y_pred": y_pred}


@given(label_cases(), st.sampled_from(["scores", "scores-class-first"]), st.sampled_from(["lowest", "highest"]),
       st.sampled_from(["labels", "one-hot", "float-ids"]))
def test_scores_argmax_back_to_the_labels_and_ties_catch_the_other_rule(case, y_pred_form, rule, y_true_form):
    case_id, inputs = case
    sent = transform(case_id, "f1_score", inputs, {}, Declared(y_true_form, y_pred_form, argmax_ties=rule))
    C = max(max(inputs["y_true"] + inputs["y_pred"]) + 1, 2)  # at least two columns
    assert sent.form["classes"] == C and sent.form["rules"] == {"argmax-ties": rule}
    scores = sent.inputs["y_pred"]
    n = len(inputs["y_pred"])
    if y_pred_form == "scores":
        assert len(scores) == n and all(len(r) == C for r in scores) and sent.form["class_axis"] == 1
        assert all(abs(sum(r) - 1) < 1e-12 and min(r) >= 0 for r in scores)
    else:
        assert len(scores) == C and all(len(r) == n for r in scores) and sent.form["class_axis"] == 0
    assert to_labels(scores, sent.form, "y_pred") == inputs["y_pred"]
    other = to_labels(scores, sent.form, "y_pred", {"argmax-ties": OTHER[rule]})
    wrong = sum(a != b for a, b in zip(other, inputs["y_pred"]))
    assert wrong == sent.ties  # exactly the rows with a tie placed on purpose
    # a tie is possible whenever some label has a column on the side the rule does not pick
    possible = any((k < C - 1) if rule == "lowest" else (k > 0) for k in inputs["y_pred"])
    assert (sent.ties > 0) == possible
    assert to_labels(sent.inputs["y_true"], sent.form, "y_true") == inputs["y_true"]
    if y_true_form == "one-hot":
        assert all(sorted(r) == [0.0] * (C - 1) + [1.0] for r in sent.inputs["y_true"])
    if y_true_form == "float-ids":
        assert all(isinstance(v, float) for v in sent.inputs["y_true"])


@given(label_cases(binary=True), st.sampled_from(["strict", "inclusive"]))
def test_probability_thresholds_back_to_the_labels_and_ties_catch_the_other_rule(case, rule):
    case_id, inputs = case
    sent = transform(case_id, "precision_score", inputs, {}, Declared(y_pred="probability", threshold=rule))
    p = sent.inputs["y_pred"]
    assert len(p) == len(inputs["y_pred"]) and all(0 < v < 1 for v in p)
    assert sent.form == {"y_true": "labels", "y_pred": "probability", "threshold": 0.5, "rules": {"threshold": rule}}
    assert to_labels(p, sent.form, "y_pred") == inputs["y_pred"]
    other = to_labels(p, sent.form, "y_pred", {"threshold": OTHER[rule]})
    assert sum(a != b for a, b in zip(other, inputs["y_pred"])) == sent.ties == p.count(0.5)
    tie_label = 0 if rule == "strict" else 1
    assert (sent.ties > 0) == (tie_label in inputs["y_pred"])


def test_transform_is_deterministic_and_depends_on_the_id():
    inputs = {"y_true": [0, 1, 2, 2, 1, 0] * 3, "y_pred": [0, 2, 1, 2, 0, 0] * 3}
    d = Declared("one-hot", "scores", argmax_ties="lowest")
    a = transform("f1_score/a", "f1_score", inputs, {}, d)
    assert json.dumps(a.inputs) == json.dumps(transform("f1_score/a", "f1_score", inputs, {}, d).inputs)
    assert a.inputs != transform("f1_score/b", "f1_score", inputs, {}, d).inputs


def test_the_class_count_includes_the_labels_keyword_and_empty_inputs_use_it():
    d = Declared("one-hot", "scores", argmax_ties="highest")
    sent = transform("f1_score/c", "f1_score", {"y_true": [0, 1], "y_pred": [1, 1]}, {"labels": [0, 1, 4]}, d)
    assert sent.form["classes"] == 5 and len(sent.inputs["y_pred"][0]) == 5
    empty = transform("f1_score/e", "f1_score", {"y_true": [], "y_pred": []}, {"labels": [0, 1, 2]}, d)
    assert empty.inputs == {"y_true": [], "y_pred": []} and empty.form["classes"] == 3
    one = transform("f1_score/o", "f1_score", {"y_true": [0, 0], "y_pred": [0, 0]}, {}, d)
    assert one.form["classes"] == 2 and all(r[0] > r[1] for r in one.inputs["y_pred"])  # never one column
    bare = transform("f1_score/e", "f1_score", {"y_true": [], "y_pred": []}, {}, d)
    assert bare.inputs == {"y_true": [], "y_pred": []} and bare.form["classes"] == 2  # no sample: (0, 2)
    first = transform("f1_score/e", "f1_score", {"y_true": [], "y_pred": []}, {"labels": [0, 1]},
                      Declared(y_pred="scores-class-first", argmax_ties="lowest"))
    assert first.inputs["y_pred"] == [[], []]


@pytest.mark.parametrize("metric, inputs, params, declared, why", [
    ("f1_score", {"y_true": [-1, 0], "y_pred": [0, 0]}, {}, Declared(y_true="one-hot"), "not a class index"),
    ("f1_score", {"y_true": [0, 1], "y_pred": [0.5, 1]}, {}, Declared(y_pred="scores", argmax_ties="lowest"),
     "not a class index"),
    ("f1_score", {"y_true": [0, 2], "y_pred": [0, 1]}, {}, Declared(y_pred="probability", threshold="strict"),
     "binary"),
    ("f1_score", {"y_true": [0.5], "y_pred": []}, {}, Declared(y_pred="scores", argmax_ties="lowest"),
     "class count"),
    ("f1_score", {"y_true": [0, 2 ** 40], "y_pred": [0, 0]}, {}, Declared(y_true="one-hot"), "columns"),
    ("f1_score", {"y_true": [[0, 1], [1, 1]], "y_pred": [[0, 1], [1, 0]]}, {},
     Declared(y_pred="scores", argmax_ties="lowest"), "not a vector"),
])
def test_a_form_that_cannot_express_a_case_says_so(metric, inputs, params, declared, why):
    with pytest.raises(Unexpressible, match=r"^form \S+ cannot express this case: .*" + why):
        transform("x/y", metric, inputs, params, declared)


def test_labels_and_other_metrics_go_unchanged():
    inputs = {"y_true": [0, 1], "y_pred": [1, 1]}
    assert transform("f1_score/x", "f1_score", inputs, {}, Declared()) == forms.Sent(inputs, None)
    reg = {"y_true": [0.5, 1.5], "y_pred": [1.0, 2.0]}
    assert transform("mean_squared_error/x", "mean_squared_error", reg, {},
                     Declared("one-hot", "scores", "lowest")) == forms.Sent(reg, None)


def test_declared_rules_are_required_by_the_forms_that_need_them():
    assert forms.check_declared({"y_pred": "scores"}, {}) == [
        ("forms.y_pred", "'scores' needs rules.argmax-ties (lowest or highest): how the port breaks ties")]
    assert forms.check_declared({"y_pred": "probability"}, {"threshold": "strict"}) == []
    assert forms.check_declared({"y_true": "one-hot"}, None) == []


@given(st.text(min_size=1, max_size=10), st.integers(0, 40))
def test_batch_cuts_are_inner_ascending_and_deterministic(case_id, n):
    cuts = batch_cuts(case_id, n)
    if n < 2:
        assert cuts is None
        return
    assert cuts == batch_cuts(case_id, n) and 1 <= len(cuts) <= 3
    assert cuts == sorted(set(cuts)) and all(0 < c < n for c in cuts)


def test_batch_cuts_prefer_the_cases_own_splits():
    assert batch_cuts("a/b", 6, [[2, 4], [1]]) == [2, 4]
    assert batch_cuts("a/b", 6, [[0, 6]]) is None  # no inner cut: one batch


def test_the_seed_helper_is_the_generators_one():
    from generators.oracle import rng_for

    assert forms.rng_for("f1_score/x").integers(0, 2**32, 4).tolist() == rng_for("f1_score/x").integers(0, 2**32, 4).tolist()
