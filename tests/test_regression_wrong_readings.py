"""The regression corpus tells apart every plausible wrong reading of its spec.

generators/regression/readings.py models the regression metrics in plain
Python and ~40 named misreadings (RMSE of two outputs as the root of the mean
MSE, MAPE without its epsilon floor, R² of one sample computed, the lower
middle as the median, ...).  A reading no case catches is a hole in the corpus.
The plain model also has to agree with every case under three summation
orders, which is the corpus's evidence that no expected value depends on
numpy's pairwise summation (docs/decisions/0005-regression-tolerance.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.encoding import loads
from generators.regression import readings

ORACLE = Path(__file__).resolve().parents[1] / "oracle"
# The files are read as plain JSON here: test_reference_corpus.py and
# test_regression_corpus.py already put them through the validating loader, which
# costs seconds per load on the whole corpus.
TOLERANCE = loads((ORACLE / "MANIFEST.json").read_text(encoding="utf-8"))["tolerance"]


@pytest.fixture(scope="module")
def cases():
    # Cases tagged ``numerics`` belong to the numerics family, whose readings
    # tests/test_numerics_readings.py checks (this model's three summation orders included).
    return [c for m in readings.METRICS for c in loads((ORACLE / f"{m}.json").read_text(encoding="utf-8"))["cases"]
            if "numerics" not in c["tags"]]


@pytest.fixture(scope="module")
def checked(cases):
    assert {c["metric"] for c in cases} == set(readings.METRICS), "a regression metric has no cases"
    return readings.check(cases, TOLERANCE)


def test_the_model_is_faithful_in_any_summation_order_and_every_reading_is_caught(checked):
    problems, _ = checked
    assert problems == []


@pytest.mark.parametrize("reading", sorted(readings.READINGS))
def test_reading_is_caught(checked, reading):
    _, caught = checked
    assert caught.get(reading), f"no corpus case catches the wrong reading {reading!r}"


def test_a_reading_without_a_catching_case_is_reported(cases):
    # The check itself: RMSE's one-weight-for-one-output quirk is caught by a single case;
    # without it, the check must say so.
    rmse = [c for c in cases if c["metric"] == "root_mean_squared_error"]
    without = [c for c in rmse if c["id"] != "root_mean_squared_error/quirk/output-weights-for-one-output"]
    assert len(without) == len(rmse) - 1
    problems, _ = readings.check(without, TOLERANCE)
    assert "reading one-output-weights-refused: no case catches it" in problems


def test_a_wrong_expected_value_is_reported(cases):
    case = next(c for c in cases if c["id"] == "mean_absolute_percentage_error/zero-target")
    problems, _ = readings.check([dict(case, expected={"value": 0.5})], TOLERANCE)
    assert any("disagrees with scikit-learn" in p for p in problems)
