"""docs/coverage.md and README's coverage line are fresh, and a public name the ledger does not
account for fails the check (generators/coverage.py)."""

from __future__ import annotations

import generators.coverage as coverage


def test_ledger_and_readme_line_are_fresh():
    assert coverage.main(["--check"]) == 0, "run: python -m generators.coverage"


def test_every_public_name_is_accounted_for():
    names, counts = coverage.public_names(), coverage.case_counts()
    assert coverage.problems(names, counts) == []
    assert "adjusted_rand_score" in counts and "contingency_matrix" in names  # the clustering family is covered
    assert set(names) <= set(counts) | set(coverage.NOT_COVERED)


def test_a_planted_unaccounted_name_fails():
    names, counts = coverage.public_names(), coverage.case_counts()
    planted = {**names, "brand_new_score": ["sklearn.metrics"]}
    assert coverage.problems(planted, counts) == [
        "brand_new_score: public in sklearn.metrics but neither in the corpus nor in generators/coverage.py "
        "NOT_COVERED"]


def test_a_stale_not_covered_entry_fails():
    names, counts = coverage.public_names(), coverage.case_counts()
    stale = {**coverage.NOT_COVERED, "adjusted_rand_score": ("x", "y")}
    assert coverage.problems(names, counts, stale) == ["adjusted_rand_score: in NOT_COVERED but the corpus covers it"]


def test_the_ledger_lists_every_name_once():
    names, counts = coverage.public_names(), coverage.case_counts()
    text = coverage.ledger(names, counts)
    for name in names:
        assert text.count(f"`{name}`") == 1, name


# --- the bad-input matrix (docs/decisions/0034) ---------------------------------------------------

import pytest  # noqa: E402


@pytest.fixture(scope="module")
def cases():
    return coverage.corpus_cases()


@pytest.fixture(scope="module")
def matrix(cases):
    return coverage.bad_input_matrix(cases)


def test_every_bad_input_cell_has_a_case_or_a_reason(matrix):
    assert coverage.matrix_problems(matrix) == []
    non_finite = {cell: n for cell, n in matrix.items() if cell[2] in coverage.NON_FINITE}
    # Every input of every metric has its three non-finite cells.
    assert len(non_finite) == 3 * sum(len(m.inputs) for m in coverage_registry().METRICS.values())
    assert all(n or cell in coverage.NO_CASE_BECAUSE for cell, n in non_finite.items())


def coverage_registry():
    from conformance import registry
    return registry


def test_a_planted_uncovered_cell_fails_naming_it(cases):
    cell = ("roc_auc_score", "y_score", "+Infinity")
    # The corpus without every case that holds +Infinity in roc_auc_score's y_score.
    planted = [c for c in cases if not (c["metric"] == "roc_auc_score"
                                        and "Infinity" in coverage._flat(c["inputs"].get("y_score", [])))]
    assert len(planted) < len(cases)
    assert coverage.matrix_problems(coverage.bad_input_matrix(planted)) == [
        "roc_auc_score y_score +Infinity: no case, and no reason in generators/coverage.py NO_CASE_BECAUSE"]
    # A written reason accounts for it.
    assert coverage.matrix_problems(coverage.bad_input_matrix(planted), {cell: "a reason"}) == []


def test_a_cell_covered_only_beside_weights_fails_naming_it(cases):
    """A cell of another input than sample_weight counts only cases without weights (docs/decisions/0044)."""
    cell = ("roc_auc_score", "y_score", "NaN")

    def nan_scores(c):
        return c["metric"] == "roc_auc_score" and "NaN" in coverage._flat(c["inputs"].get("y_score", []))
    # The corpus without the cases that hold NaN in roc_auc_score's y_score and pass no weights.
    planted = [c for c in cases if not (nan_scores(c) and "sample_weight" not in c["inputs"])]
    assert len(planted) < len(cases)
    assert any(nan_scores(c) for c in planted)  # weighted cases still hold the NaN scores
    matrix = coverage.bad_input_matrix(planted)
    assert coverage.matrix_problems(matrix) == [
        "roc_auc_score y_score NaN: no case, and no reason in generators/coverage.py NO_CASE_BECAUSE"]
    # sample_weight's own cells are shown by weighted cases, as before.
    assert matrix["roc_auc_score", "sample_weight", "NaN"] == coverage.bad_input_matrix(cases)[
        "roc_auc_score", "sample_weight", "NaN"] > 0


def test_a_weighted_case_covers_only_the_weights_cells():
    weighted = {"metric": "mean_squared_error", "tags": [],
                "inputs": {"y_true": [1.0, 2.0], "y_pred": ["NaN", 2.0], "sample_weight": ["NaN", 1.0]}}
    unweighted = {"metric": "mean_squared_error", "tags": [], "inputs": {"y_true": [1.0, 2.0], "y_pred": ["NaN", 2.0]}}
    shown = {cell: n for cell, n in coverage.bad_input_matrix([weighted]).items() if n}
    assert shown == {("mean_squared_error", "sample_weight", "NaN"): 1}
    shown = {cell: n for cell, n in coverage.bad_input_matrix([weighted, unweighted]).items() if n}
    assert shown == {("mean_squared_error", "sample_weight", "NaN"): 1, ("mean_squared_error", "y_pred", "NaN"): 1}


def test_a_reason_for_a_covered_cell_fails(matrix):
    reasons = {("log_loss", "y_proba", "NaN"): "stale"}
    assert coverage.matrix_problems(matrix, reasons) == [
        f"log_loss y_proba NaN: in NO_CASE_BECAUSE but {matrix['log_loss', 'y_proba', 'NaN']} case(s) cover it"]


def test_cells_are_read_off_the_data():
    case = {"metric": "mean_squared_error", "tags": ["shape"],
            "inputs": {"y_true": [[1.0], ["NaN"]], "y_pred": [1.0, "-Infinity", 2.0], "sample_weight": [0, 0, "abc"]}}
    base = {"mean_squared_error": {"y_true": 1, "y_pred": 1, "sample_weight": 1}}
    assert coverage.kinds_in(case, base) == {
        ("y_true", "NaN"), ("y_true", "length mismatch"), ("y_true", "wrong dimension"),
        ("y_pred", "-Infinity"), ("y_pred", "length mismatch"),  # 3 samples beside 2: every input mismatched
        ("sample_weight", "string in number"), ("sample_weight", "length mismatch")}
    zero = {"metric": "mean_squared_error", "tags": [], "inputs": {"y_true": [1.0], "y_pred": [2.0],
                                                                    "sample_weight": [0.0]}}
    assert coverage.kinds_in(zero, base) == {("sample_weight", "all-zero weights")}
