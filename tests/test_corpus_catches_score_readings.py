"""The corpus tells apart every plausible wrong reading of the score-family specs.

generators/scores/readings.py holds one small wrong implementation per
reading (ties split, no clipping, bins closed on the left, the greater label
taken as positive, ...), each the reference with one rule changed.  A reading
no case catches is a hole in the corpus; a case tagged
wrong-reading-<name> that does not catch <name> is a false claim.
"""

from __future__ import annotations

import numpy as np
import pytest

from conformance.corpus import load_corpus
from generators.scores import readings


@pytest.fixture(scope="module")
def checked():
    corpus = load_corpus()
    # Cases tagged ``numerics`` belong to the numerics family (tests/test_numerics_readings.py).
    raw = [c.raw for c in corpus if c.metric in readings.METRICS and "numerics" not in c.tags]
    assert raw, "no score-family cases in the bundled corpus"
    return readings.check(raw, corpus.tolerance)


def test_every_reading_is_caught_and_every_tag_is_true(checked):
    problems, _ = checked
    assert problems == []


@pytest.mark.parametrize("name", sorted(readings.READINGS))
def test_reading_is_caught(checked, name):
    _, caught = checked
    assert caught.get(name), f"no corpus case catches the wrong reading {name!r}"


def test_the_check_notices_a_false_tag_and_an_uncaught_reading():
    # A case that no reading changes, falsely tagged with one.
    case = {"id": "roc_auc_score/x", "metric": "roc_auc_score", "inputs": {"y_true": [0, 1], "y_score": [0.2, 0.8]},
            "params": {}, "expected": {"value": 1.0}, "tags": ["wrong-reading-auc-ties-lose"]}
    problems, _ = readings.check([case], {"rtol": 1e-9, "atol": 1e-12})
    assert any("tagged wrong-reading-auc-ties-lose but does not catch it" in p for p in problems)
    assert any(p.startswith("reading ap-trapezoid: no case catches it") for p in problems)


def test_a_reading_differs_from_the_reference_where_it_says():
    # Sanity of one wrong implementation: ties counted as losses on a tied pair.
    value = readings.READINGS["auc-ties-lose"].run("roc_auc_score", {"y_true": np.array([0, 1]),
                                                                      "y_score": np.array([0.5, 0.5])}, {})
    assert value == 0.0
