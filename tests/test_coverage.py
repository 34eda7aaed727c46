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
