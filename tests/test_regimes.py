"""Input regimes as a coverage axis (issue 36, docs/decisions/0045): the matrix of docs/coverage.md has
a case or a reason in every cell, a planted uncovered cell fails naming it, regimes are read off the
inputs, the regimes family's cases show the regime their id names, and the fuzzer draws every regime."""

from __future__ import annotations

import functools

import pytest

from conformance import registry, regimes
from conformance.fuzz.space import Space
from fake_ports import kit
from generators import regime_matrix
from generators.coverage import corpus_cases
from generators.regimes import case_id


@pytest.fixture(scope="module")
def cases():
    return corpus_cases()


@pytest.fixture(scope="module")
def cells(cases):
    return regime_matrix.matrix(cases)


def test_every_regime_cell_has_a_case_or_a_reason(cells):
    assert regime_matrix.problems(cells) == []
    # The cells follow from the registry's kinds: every metric has the size cells on its first input.
    assert {(m, r) for m, _, r in cells if r in regimes.SIZE_REGIMES} == {
        (m, r) for m in registry.METRICS for r in regimes.SIZE_REGIMES}


def test_a_planted_uncovered_cell_fails_naming_it(cases):
    cell = ("homogeneity_score", "labels_pred", "more classes")
    metric = registry.METRICS[cell[0]]
    planted = [c for c in cases if not (c["metric"] == cell[0]
                                        and ("labels_pred", "more classes") in regimes.shown(metric, c["inputs"]))]
    assert len(planted) < len(cases)
    found = regime_matrix.problems(regime_matrix.matrix(planted))
    line = ("homogeneity_score labels_pred more classes: no case shows this regime, and no reason in "
            "generators/regime_matrix.py NO_CASE_BECAUSE")
    assert line in found
    # The dropped cases may have been the only ones to show another regime of the same input too.
    assert all(p.startswith("homogeneity_score labels_pred ") for p in found), found
    others = {tuple(p.split(":")[0].split(" ", 2)) for p in found} - {cell}
    reasons = {**regime_matrix.NO_CASE_BECAUSE, **{c: "a reason" for c in others}}
    assert regime_matrix.problems(regime_matrix.matrix(planted), reasons) == [line]
    assert regime_matrix.problems(regime_matrix.matrix(planted), {**reasons, cell: "a reason"}) == []


def test_a_reason_for_a_covered_cell_fails(cells):
    cell = ("davies_bouldin_score", "X", "identical centres")
    assert regime_matrix.problems(cells, {**regime_matrix.NO_CASE_BECAUSE, cell: "stale"}) == [
        f"davies_bouldin_score X identical centres: in NO_CASE_BECAUSE but {cells[cell]} case(s) show it"]


def test_regimes_are_read_off_the_inputs():
    hcv = registry.METRICS["homogeneity_score"]
    assert regimes.shown(hcv, {"labels_true": [0, 0, 1, 1], "labels_pred": [0, 3, 3, 5]}) == {
        ("labels_pred", "more classes"), ("labels_pred", "non-contiguous ids"),
        ("labels_pred", "ids past the class count")}
    f1 = registry.METRICS["f1_score"]
    assert regimes.shown(f1, {"y_true": [0.4, 1.6, 1.0], "y_pred": [1.0, 0.0, 1.0]}) == {
        ("y_true", "non-integer floats"), ("y_pred", "integer-valued floats"), ("y_pred", "fewer classes")}
    auc = registry.METRICS["roc_auc_score"]
    assert regimes.shown(auc, {"y_true": [0], "y_score": [3]}) == {
        ("y_true", "one sample"), ("y_true", "single class"), ("y_score", "integer-valued scores"),
        ("y_score", "constant scores")}
    db = registry.METRICS["davies_bouldin_score"]
    x = [[0.0, 0.0], [2.0, 2.0], [1.0, 3.0], [1.0, -1.0]]
    assert ("X", "identical centres") in regimes.shown(db, {"X": x, "labels": [0, 0, 1, 1]})
    assert ("X", "identical centres") not in regimes.shown(db, {"X": x, "labels": [0, 1, 0, 1]})


def test_the_regimes_family_cases_show_the_regime_their_id_names(cases):
    family = [c for c in cases if "regimes" in c["tags"]]
    assert family
    by_id = {(m, i, r): case_id(m, i, r) for m, i, r in regimes.cells()}
    for case in family:
        metric = registry.METRICS[case["metric"]]
        named = [(i, r) for (m, i, r), cid in by_id.items() if m == metric.name and cid == case["id"]]
        assert len(named) == 1, case["id"]
        assert named[0] in regimes.shown(metric, case["inputs"]), case["id"]


@functools.cache
def _drawn() -> tuple:
    return tuple(Space(kit.bundled_corpus()).draw(1, i) for i in range(3000))


def test_the_fuzzer_draws_every_regime():
    """Each regime (the sizes aside, which the drawn lengths give) is shown by some draw the regime stream moved."""
    shown = set()
    for call in _drawn():
        if "regimes" in call.sweep:
            shown |= {r for _, r in regimes.shown(registry.METRICS[call.metric], call.inputs)}
    assert set(regimes.REGIMES) - set(regimes.SIZE_REGIMES) <= shown, \
        set(regimes.REGIMES) - set(regimes.SIZE_REGIMES) - shown
    assert any(call.n == 1 for call in _drawn())
