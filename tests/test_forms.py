"""conformance.forms: every form gives back the case's labels under the declared rule,
and ties placed on purpose make the other rule give other labels."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import conventions as conv
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
    # String labels (docs/ports.md, "String labels"): numbered only in a call scikit-learn answers (refused=False).
    ("f1_score", {"y_true": ["a", "B"], "y_pred": ["B", "B"]}, {"pos_label": "B"}, Declared(y_true="one-hot"),
     "string labels"),
    ("confusion_matrix", {"y_true": ["a", "B"], "y_pred": ["B", "a"]}, {},
     Declared(y_pred="scores-class-first", argmax_ties="lowest"), "this one is not judged yet"),
    ("accuracy_score", {"y_true": [0, 1], "y_pred": ["B", 1]}, {}, Declared(y_pred="probability", threshold="strict"),
     "string labels"),
    ("accuracy_score", {"y_true": ["", "a"], "y_pred": ["a", "a"]}, {}, Declared(y_true="float-ids"),
     "string labels have no numeric class id"),
])
def test_a_form_that_cannot_express_a_case_says_so(metric, inputs, params, declared, why):
    with pytest.raises(Unexpressible, match=r"^form \S+ cannot express this case: .*" + why):
        transform("x/y", metric, inputs, params, declared)


def test_string_classes_are_numbered_in_code_point_order_with_their_keywords():
    """"B" (U+0042) before "a" (U+0061) before "c": the order of scikit-learn's per-class outputs."""
    sent = transform("f1_score/x", "f1_score", {"y_true": ["a", "B", "c"], "y_pred": ["B", "B", "a"]},
                     {"labels": ["c", "a"], "pos_label": "a", "average": None}, Declared(y_true="one-hot"),
                     refused=False)
    assert sent.inputs == {"y_true": [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], "y_pred": [0, 0, 1]}
    assert sent.params == {"labels": [2, 1], "pos_label": 1, "average": None}
    assert sent.form["string_classes"] == ["B", "a", "c"] and sent.form["classes"] == 3
    with pytest.raises(Unexpressible, match="it refuses this one"):
        transform("f1_score/x", "f1_score", {"y_true": ["a", "B"], "y_pred": ["B", "B"]}, {},
                  Declared(y_true="one-hot"), refused=True)
    with pytest.raises(Unexpressible, match="mixes string and numeric labels"):
        transform("accuracy_score/x", "accuracy_score", {"y_true": ["a", 1], "y_pred": ["a", "a"]}, {},
                  Declared(y_true="one-hot"), refused=False)


def test_labels_and_other_metrics_go_unchanged():
    inputs = {"y_true": [0, 1], "y_pred": [1, 1]}
    assert transform("f1_score/x", "f1_score", inputs, {}, Declared()) == forms.Sent(inputs, None)
    reg = {"y_true": [0.5, 1.5], "y_pred": [1.0, 2.0]}
    assert transform("mean_squared_error/x", "mean_squared_error", reg, {},
                     Declared("one-hot", "scores", "lowest")) == forms.Sent(reg, None)


def test_declared_rules_are_required_by_the_forms_that_need_them():
    assert forms.check_declared({"y_pred": "scores"}, {}) == [
        ("forms.y_pred", "'scores' needs rules.argmax-ties (lowest, highest or all): how the port breaks ties")]
    assert forms.check_declared({"y_pred": "probability"}, {}) == [
        ("forms.y_pred", "'probability' needs rules.threshold (strict or inclusive): how the port breaks ties")]
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


def test_the_generators_seed_from_the_one_helper_forms_use():
    import generators.oracle

    assert generators.oracle.rng_for is forms.rng_for
    assert forms.rng_for("f1_score/x").integers(0, 2**32, 4).tolist() == forms.rng_for("f1_score/x").integers(0, 2**32, 4).tolist()
    assert forms.rng_for("f1_score/x").integers(0, 2**32, 4).tolist() != forms.rng_for("f1_score/y").integers(0, 2**32, 4).tolist()


# ------------------------------------------------------------------ argmax-ties: all (decision 0014)


def test_the_draws_of_lowest_highest_and_probability_are_pinned():
    """What ports taking these forms have been sent since the forms exist (the bundled ports' pins rest
    on them): the same bytes, or the change is deliberate and their pins move."""
    inputs = {"y_true": [0, 1, 2, 2, 1, 0, 3, 1], "y_pred": [0, 2, 1, 2, 0, 0, 3, 3]}
    out = []
    for rule in ("lowest", "highest"):
        for y_pred in ("scores", "scores-class-first"):
            s = transform("f1_score/pinned", "f1_score", inputs, {"average": "macro"}, Declared("one-hot", y_pred, rule))
            out.append([s.inputs, s.form, s.ties])
    s = transform("precision_score/pinned", "precision_score", {"y_true": [0, 1, 1, 0, 1], "y_pred": [1, 1, 0, 0, 0]},
                  {}, Declared(y_pred="probability", threshold="strict"))
    out.append([s.inputs, s.form, s.ties])
    digest = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
    assert digest == "f1b0d134d77d4a0c932aa546e6d677c88d10455b2d647ac8740dc45f890d4728"


@given(label_cases(), st.sampled_from(["scores", "scores-class-first"]), st.sampled_from(["labels", "one-hot"]))
def test_under_all_no_tie_is_placed_and_every_rule_reads_back_the_labels(case, y_pred_form, y_true_form):
    case_id, inputs = case
    sent = transform(case_id, "f1_score", inputs, {}, Declared(y_true_form, y_pred_form, argmax_ties="all"))
    assert sent.ties == 0 and sent.form["rules"] == {"argmax-ties": "all"}
    scores = sent.inputs["y_pred"]
    rows = scores if y_pred_form == "scores" else [list(r) for r in zip(*scores)]
    assert all(forms.maxima(row) == [k] for row, k in zip(rows, inputs["y_pred"]))  # one maximum, the label's
    for rule in ("all", "lowest", "highest"):  # on what is sent, the three rules agree
        assert to_labels(scores, sent.form, "y_pred", {"argmax-ties": rule}) == inputs["y_pred"]
    # lowest's draws with the ties left out: the rows differ exactly where lowest placed a tie, and there
    # only in the tied column.
    lowest = transform(case_id, "f1_score", inputs, {}, Declared(y_true_form, y_pred_form, argmax_ties="lowest"))
    lowest_rows = lowest.inputs["y_pred"] if y_pred_form == "scores" else [list(r) for r in zip(*lowest.inputs["y_pred"])]
    assert sum(a != b for a, b in zip(rows, lowest_rows)) == lowest.ties
    for row, tied, k in zip(rows, lowest_rows, inputs["y_pred"]):
        if row != tied:
            assert len(forms.maxima(tied)) == 2 and forms.maxima(tied)[0] == k and row[k] > row[forms.maxima(tied)[1]]


def test_argmax_under_all_is_a_label_only_for_a_row_with_one_maximum():
    assert forms.maxima([0.2, 0.5, 0.3]) == [1] and forms.argmax([0.2, 0.5, 0.3], "all") == 1
    assert forms.maxima([0.4, 0.2, 0.4]) == [0, 2]
    assert forms.argmax([0.4, 0.2, 0.4], "lowest") == 0 and forms.argmax([0.4, 0.2, 0.4], "highest") == 2
    with pytest.raises(ValueError, match=r"argmax-ties all: the row ties columns \[0, 2\], several classes"):
        forms.argmax([0.4, 0.2, 0.4], "all")
    form = {"y_true": "labels", "y_pred": "scores", "rules": {"argmax-ties": "all"}}
    with pytest.raises(ValueError):
        to_labels([[0.5, 0.5]], form, "y_pred")


# ------------------------------------------------------------------ classes=declared x class axis (decision 0014)


@st.composite
def declared_cases(draw):
    """Label cases of a metric classes=declared is defined for, with an average it applies to or not."""
    C = draw(st.integers(1, 5))
    n = draw(st.integers(1, 12))
    inputs = {"y_true": draw(st.lists(st.integers(0, C - 1), min_size=n, max_size=n)),
              "y_pred": draw(st.lists(st.integers(0, C - 1), min_size=n, max_size=n))}
    metric = draw(st.sampled_from(["f1_score", "recall_score", "precision_recall_fscore_support", "confusion_matrix",
                                   "accuracy_score"]))
    params = {} if metric in ("confusion_matrix", "accuracy_score") else {
        "average": draw(st.sampled_from([None, "macro", "micro", "weighted", "binary"]))}
    if draw(st.booleans()) and metric != "accuracy_score":
        params["labels"] = sorted(set(inputs["y_true"]))
    return f"{metric}/" + draw(st.text("abc012", min_size=1, max_size=6)), metric, inputs, params


@given(declared_cases(), st.sampled_from([Declared("one-hot", "scores", "lowest"),
                                          Declared("labels", "scores-class-first", "highest"),
                                          Declared("one-hot", "labels"), Declared("float-ids", "scores", "all")]))
def test_under_classes_declared_a_class_axis_is_the_conventions_class_set(case, declared):
    case_id, metric, inputs, params = case
    plain = transform(case_id, metric, inputs, params, declared)  # as for a port without the convention
    C = conv.class_axis({"classes": "declared"}, metric, inputs, params)
    axis = "one-hot" in (declared.y_true, declared.y_pred) or declared.y_pred.startswith("scores")
    if C is None or not axis:  # the convention does not apply, or nothing has a class axis: as before
        assert transform(case_id, metric, inputs, params, declared, {"classes": "declared"}) == plain
        return
    assert C == len(conv.rewrite({"classes": "declared"}, metric, inputs, params)["labels"])  # the same class set
    if C == 1:
        with pytest.raises(Unexpressible, match=r"^form \S+ cannot express this case: under classes=declared its "
                                                r"class set is the one class 0, and a class axis of one column"):
            transform(case_id, metric, inputs, params, declared, {"classes": "declared"})
        assert plain.form["classes"] == 2  # what it would have been sent
        return
    sent = transform(case_id, metric, inputs, params, declared, {"classes": "declared"})
    assert sent == plain and sent.form["classes"] == C  # the same columns and draws as before


@pytest.mark.parametrize("declared", [Declared("one-hot", "labels"), Declared("labels", "scores", "lowest"),
                                      Declared("labels", "scores-class-first", "highest")])
def test_one_class_under_classes_declared_is_unexpressible_on_every_class_axis(declared):
    one = {"y_true": [0, 0], "y_pred": [0, 0]}
    form = declared.y_true if declared.y_true != "labels" else declared.y_pred
    with pytest.raises(Unexpressible, match=rf"^form {form} cannot express this case: under classes=declared"):
        transform("f1_score/one", "f1_score", one, {"average": "macro"}, declared, {"classes": "declared"})
    # Where the convention does not apply, or is not declared, two columns as before.
    for params, conventions in (({}, {"classes": "declared"}),  # average="binary"
                                ({"average": "macro", "labels": [0]}, {"classes": "declared"}),
                                ({"average": "macro"}, {"classes": "observed"}), ({"average": "macro"}, None)):
        assert transform("f1_score/one", "f1_score", one, params, declared, conventions).form["classes"] == 2
    # float-ids has no class axis: nothing to refuse.
    assert transform("f1_score/one", "f1_score", one, {"average": "macro"}, Declared("float-ids"),
                     {"classes": "declared"}).inputs["y_true"] == [0.0, 0.0]
