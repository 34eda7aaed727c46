"""The corpus tells apart every plausible wrong reading of its specs.

generators/readings.py defines a reading (a named misreading of a spec: F of the
mean P and R, ties split, MAPE without its floor, float32 arithmetic, ...) and the
check; each family's generators/<family>/readings.py lists its readings and supplies
its model of scikit-learn.  A reading no case catches is a hole in the corpus, a case
tagged wrong-reading-<name> that does not catch <name> is a false claim, and a
faithful model (in every variant: summation orders, the reference) that disagrees
with a case is no model of scikit-learn.  The corpus is read once per session and
each family checked once.
"""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import pytest

from generators import readings
from generators.readings import PREFIX, SAME, Family, Reading, Refused, check, reference

FAMILIES = {name: readings.family(name) for name in readings.FAMILIES}
# How many readings each family lists: dropping or adding one is a decision, not an accident.
READINGS = {"counts": 41, "regression": 42, "scores": 54, "agreement": 49, "clustering": 9, "numerics": 10,
            "deviances": 10, "extras": 6, "ranking": 8, "strings": 2, "regimes": 4}
TOLERANCE = {"rtol": 1e-9, "atol": 1e-12}


@pytest.fixture(scope="session")
def owned(corpus):
    """Each family's cases in the bundled corpus, by family name."""
    return {name: [c.raw for c in corpus if family.owns(c.raw)] for name, family in FAMILIES.items()}


@pytest.fixture(scope="session")
def checked(corpus, owned):
    """The check of a family over its cases, run once per session when first asked for."""
    done = {}

    def get(name):
        if name not in done:
            done[name] = check(FAMILIES[name], owned[name], corpus.tolerance)
        return done[name]

    return get


def test_the_families_list_the_pinned_numbers_of_readings():
    assert {name: len(family.readings) for name, family in FAMILIES.items()} == READINGS


def test_every_case_belongs_to_one_family_at_most_and_every_tagged_case_to_one(corpus):
    for case in corpus:
        families = [name for name, family in FAMILIES.items() if family.owns(case.raw)]
        assert len(families) <= 1, f"{case.id} belongs to {families}"
        if any(t.startswith(PREFIX) for t in case.tags):
            assert families, f"{case.id} carries a wrong-reading tag, but no family checks it"


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_model_is_faithful_every_reading_is_caught_and_every_tag_is_true(owned, checked, name):
    assert owned[name], f"no {name}-family case in the bundled corpus"
    assert checked(name).problems == []


@pytest.mark.parametrize("name,reading", [(n, r.name) for n, f in FAMILIES.items() for r in f.readings],
                         ids=lambda v: v)
def test_reading_is_caught_by_every_case_tagged_with_it(owned, checked, name, reading):
    caught = checked(name).caught.get(reading, [])
    assert caught, f"no corpus case catches the wrong reading {reading!r}"
    tagged = [c["id"] for c in owned[name] if PREFIX + reading in c["tags"]]
    assert tagged, f"no case is tagged {PREFIX}{reading}"
    assert [cid for cid in tagged if cid not in caught] == [], f"tagged {PREFIX}{reading} but not telling it apart"


# --- the check itself, on a small synthetic family --------------------------------------------------------


def _toy_model(reading, metric, inputs, params):
    """sum(x) of a non-empty x; an empty x is refused."""
    x = inputs["x"]
    if reading == "crashes":
        return x[5]  # an IndexError: a bug, not a refusal
    if reading == "unchanged":
        return SAME
    if not x:
        if reading == "empty-is-zero":
            return 0.0
        raise Refused("empty")
    if reading == "doubled":
        return 2.0 * sum(x)
    if reading == "plus-a-hair":
        return sum(x) + 1e-7
    return float(sum(x))


def _toy(*names, tolerance=None, variants=None):
    return Family("toy", tuple(Reading(n, f"the {n} rule", frozenset({"m"}), tolerance) for n in names), _toy_model,
                  owns=lambda case: True, cases=lambda: [], variants=variants)


def _case(cid, x, expected, *tags):
    return {"id": cid, "metric": "m", "inputs": {"x": x}, "params": {}, "expected": expected,
            "tags": [PREFIX + t for t in tags]}


SUM = _case("m/sum", [1, 2], {"value": 3.0}, "doubled")
EMPTY = _case("m/empty", [], {"error": {"type": "ValueError"}}, "empty-is-zero")
ZERO = _case("m/zero", [0], {"value": 0.0})


def test_a_family_whose_cases_catch_every_reading_they_name_has_no_problem():
    result = check(_toy("doubled", "empty-is-zero"), [SUM, EMPTY, ZERO], TOLERANCE)
    assert result.problems == []
    assert result.caught == {"doubled": ["m/sum"], "empty-is-zero": ["m/empty"]}


def test_the_check_notices_a_false_tag_an_unknown_tag_an_uncaught_and_an_untagged_reading():
    false = _case("m/zero", [0], {"value": 0.0}, "empty-is-zero", "nope")  # x is not empty: it catches nothing
    untagged = [_case("m/sum", [1, 2], {"value": 3.0}), _case("m/empty", [], {"error": {"type": "ValueError"}})]
    problems = check(_toy("doubled", "empty-is-zero", "unchanged"), [false, *untagged], TOLERANCE).problems
    assert problems == [
        "m/zero: tagged wrong-reading-empty-is-zero but does not catch it",
        "m/zero: tag wrong-reading-nope names no reading of the toy family",
        "reading doubled: caught, but no case is tagged wrong-reading-doubled",
        "reading unchanged: no case catches it",
    ]


def test_an_exception_other_than_refused_is_a_bug_reported_not_a_refusal():
    problems = check(_toy("doubled", "crashes"), [SUM, EMPTY], TOLERANCE).problems
    assert [p for p in problems if "crashes" in p] == [
        "m/sum: reading crashes raised IndexError('list index out of range') (a bug in the model: a refusal "
        "raises Refused)",
        "m/empty: reading crashes raised IndexError('list index out of range') (a bug in the model: a refusal "
        "raises Refused)",
        "reading crashes: no case catches it",
    ]


def test_every_faithful_variant_must_agree_and_a_case_it_fails_checks_no_reading():
    variants = {"the model": lambda m, i, p: _toy_model(None, m, i, p),
                "the model off by one": lambda m, i, p: _toy_model(None, m, i, p) + 1}
    problems = check(_toy("doubled", variants=variants), [SUM], TOLERANCE).problems
    assert problems == ["m/sum: the model off by one disagrees with the corpus", "reading doubled: no case catches it"]
    wrong = dict(SUM, expected={"value": 4.0})
    assert "m/sum: the model disagrees with the corpus" in check(_toy("doubled"), [wrong], TOLERANCE).problems


def test_a_reading_wrong_on_every_case_of_its_metrics_is_not_plausible():
    problems = check(_toy("doubled"), [SUM], TOLERANCE).problems
    assert problems == ["reading doubled: agrees with no case of its metrics (not a plausible reading)"]


def test_a_reading_is_judged_at_its_own_wider_tolerance():
    assert check(_toy("plus-a-hair"), [SUM], TOLERANCE).caught == {"plus-a-hair": ["m/sum"]}
    assert check(_toy("plus-a-hair", tolerance={"rtol": 1e-6, "atol": 0}), [SUM], TOLERANCE).caught == {}


# --- the check on real families, with cases made to fail ----------------------------------------------------


def test_a_reading_without_its_only_catching_case_is_reported(owned):
    # RMSE's one-weight-for-one-output quirk is caught by a single case; without it, the check must say so.
    rmse = [c for c in owned["regression"] if c["metric"] == "root_mean_squared_error"]
    without = [c for c in rmse if c["id"] != "root_mean_squared_error/quirk/output-weights-for-one-output"]
    assert len(without) == len(rmse) - 1
    problems = check(FAMILIES["regression"], without, TOLERANCE).problems
    assert "reading one-output-weights-refused: no case catches it" in problems


def test_a_wrong_expected_value_is_reported_in_every_summation_order(owned):
    case = next(c for c in owned["regression"] if c["id"] == "mean_absolute_percentage_error/zero-target")
    problems = check(FAMILIES["regression"], [dict(case, expected={"value": 0.5})], TOLERANCE).problems
    assert [p for p in problems if "disagrees" in p] == [
        f"{case['id']}: the model summing {order} disagrees with the corpus"
        for order in ("left-to-right", "right-to-left", "exact")]


def test_a_score_case_falsely_tagged_is_reported():
    # A case no reading changes, falsely tagged with one.
    case = {"id": "roc_auc_score/x", "metric": "roc_auc_score", "inputs": {"y_true": [0, 1], "y_score": [0.2, 0.8]},
            "params": {}, "expected": {"value": 1.0}, "tags": ["wrong-reading-auc-ties-lose"]}
    problems = check(FAMILIES["scores"], [case], TOLERANCE).problems
    assert "roc_auc_score/x: tagged wrong-reading-auc-ties-lose but does not catch it" in problems
    assert "reading ap-trapezoid: no case catches it" in problems


# R^2 of [1, 2, 3] against [1, 2, 4]: 1 - 1/2.  Small integers: every numerical reading gets it right.
SMALL = {"id": "r2_score/x", "metric": "r2_score", "inputs": {"y_true": [1.0, 2.0, 3.0], "y_pred": [1.0, 2.0, 4.0]},
         "params": {}, "expected": {"value": 0.5}, "tags": ["numerics", "wrong-reading-one-pass-variance"]}


def test_a_numerics_case_falsely_tagged_is_reported():
    problems = check(FAMILIES["numerics"], [SMALL], TOLERANCE).problems
    assert "r2_score/x: tagged wrong-reading-one-pass-variance but does not catch it" in problems
    assert "reading int32-count-products: no case catches it" in problems


def test_a_wrong_numerics_value_is_reported_by_each_faithful_variant():
    problems = check(FAMILIES["numerics"], [dict(SMALL, expected={"value": 0.25})], TOLERANCE).problems
    assert [p for p in problems if "disagrees" in p] == [
        f"r2_score/x: {variant} disagrees with the corpus"
        for variant in ("the reference", "the plain numerics model", "the regression model summing left-to-right",
                        "the regression model summing right-to-left", "the regression model summing exact")]


def test_the_reference_as_a_reading_is_caught_by_no_agreement_case(owned):
    family, cases = FAMILIES["agreement"], [dict(c, tags=[]) for c in owned["agreement"]]
    as_reading = dataclasses.replace(
        family, readings=(Reading("the-reference", "scikit-learn itself", frozenset(c["metric"] for c in cases)),),
        model=lambda reading, metric, inputs, params: reference(metric, inputs, params))
    assert check(as_reading, cases, TOLERANCE).problems == ["reading the-reference: no case catches it"]


# --- single readings, where they differ from scikit-learn --------------------------------------------------


def _run(family, name, metric, **inputs):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return FAMILIES[family].model(name, metric, inputs, {})


def test_ties_counted_as_losses_give_a_tied_pair_an_auc_of_0():
    assert _run("scores", "auc-ties-lose", "roc_auc_score", y_true=[0, 1], y_score=[0.5, 0.5]) == 0.0
    assert _run("scores", None, "roc_auc_score", y_true=[0, 1], y_score=[0.5, 0.5]) == 0.5


def test_numerical_readings_differ_from_scikit_learn_where_they_say():
    # float32 cannot hold 1e9 + 0.5: the errors of 0.5 vanish.
    assert _run("numerics", "float32-arithmetic", "mean_squared_error", y_true=[1e9, 1e9 + 1],
                y_pred=[1e9 + 0.5, 1e9 + 1.5]) == 0
    # A perfect prediction of 10^5 balanced labels: MCC 1, but n * n wraps in 32 and 64 bits.
    y = [0] * 50_000 + [1] * 50_000
    assert _run("numerics", None, "matthews_corrcoef", y_true=y, y_pred=y) == 1.0
    for name in ("int32-count-products", "int64-count-products"):
        assert _run("numerics", name, "matthews_corrcoef", y_true=y, y_pred=y) != 1.0
    # A running mean of two values near the top of float64 stays finite; their sum does not.
    assert _run("numerics", "running-mean", "mean_absolute_error", y_true=[1.5e308, 1.7e308],
                y_pred=[0.0, 0.0]) == 1.6e308


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_a_readings_answer_is_explained_by_that_reading_and_a_right_answer_by_none_that_catches(corpus, owned, name):
    """readings.reproducing names a reading as the cause of the answer it gives on a case that catches it
    (suggest and fuzz group failures by it), and never names it for the case's own expected outcome."""
    from conformance.encoding import decode_input, decode_numeric, decode_param

    family = FAMILIES[name]
    tried = 0
    for case in owned[name]:
        tagged = readings.named_in_tags(case)
        if not tagged or "error" in case["expected"]:
            continue
        inputs = {k: decode_input(v) for k, v in case["inputs"].items()}
        params = {k: decode_param(v) for k, v in case["params"].items()}
        reading = tagged[0]
        try:
            answer = family.model(reading, case["metric"], inputs, params)
        except Refused:
            answer = readings.REFUSAL
        named = {r.name for r in readings.reproducing(case["metric"], inputs, params, answer, corpus.tolerance)}
        assert reading in named, f"{case['id']}: {reading} gives this answer, but reproducing names {named}"
        expected = decode_numeric(case["expected"]["value"])
        right = {r.name for r in readings.reproducing(case["metric"], inputs, params, expected, corpus.tolerance)}
        assert reading not in right, f"{case['id']}: {reading} is named for scikit-learn's own answer"
        tried += 1
        if tried == 5:
            break
    assert tried == 5, f"the {name} family has fewer than 5 tagged value cases"
