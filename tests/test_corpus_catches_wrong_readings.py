"""The corpus tells apart every plausible wrong reading of the count-family spec.

generators/counts/readings.py models scikit-learn's count metrics and 41 named
misreadings (F of means, macro over y_true's classes only, zero_division
ignored, ...). A reading no case catches is a hole in the corpus.
"""

from __future__ import annotations

import pytest

from conformance.corpus import load_corpus
from generators.counts import readings


@pytest.fixture(scope="module")
def checked():
    corpus = load_corpus()
    # Indicator-matrix cases of these metrics belong to the agreement family, whose wrong
    # readings tests/test_agreement_wrong_readings.py checks; this model is 1-D labels only.
    # Cases tagged ``numerics`` belong to the numerics family (tests/test_numerics_readings.py).
    raw = [c.raw for c in corpus if c.metric in readings.METRICS and "multilabel" not in c.tags
           and "numerics" not in c.tags]
    assert raw, "no count-family cases in the bundled corpus"
    return readings.check(raw, corpus.tolerance)


def test_the_model_of_scikit_learn_is_faithful_and_every_reading_is_caught(checked):
    problems, _ = checked
    assert problems == []


@pytest.mark.parametrize("reading", sorted(readings.READINGS))
def test_reading_is_caught(checked, reading):
    _, caught = checked
    assert caught.get(reading), f"no corpus case catches the wrong reading {reading!r}"


def test_the_bookkeeping_flags_false_tags_and_uncaught_readings():
    from generators._readings import coverage_problems, tag_problems

    case = {"id": "m/x", "tags": ["wrong-reading-a", "wrong-reading-nope"]}
    caught = {"a": [], "b": ["m/y"]}
    assert tag_problems(case, caught, {"a": "", "b": ""}) == [
        "m/x: tagged wrong-reading-a but does not catch it",
        "m/x: tag wrong-reading-nope names no known reading",
    ]
    assert coverage_problems([case], caught, {"a": "", "b": ""}) == [
        "reading a: no case catches it",
        "reading b: caught, but no case is tagged wrong-reading-b",
    ]
