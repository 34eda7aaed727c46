"""The conditioning rule (conformance/conditioning.py, docs/decisions/0046).

* An exact computation (fractions for Calinski-Harabasz, mpmath at 50 digits for Davies-Bouldin),
  answered as a port would, passes every corpus case the rule widens; an error of 1e-4 relative fails
  each; and without its tolerance the exact answer fails Calinski-Harabasz at 1e7 (scikit-learn's
  rounding is past rtol 1e-9 there).
* The rule's bound holds scikit-learn's own error, on seeded draws at offsets 1 to 1e8.
* In the fuzzer: a Davies-Bouldin draw at a 10⁶ offset and a Calinski-Harabasz draw on a constant X
  where the reference and scikit-learn disagree are no longer findings against the reference; a
  port off by 0.125 on an ill-conditioned but determined call is still a finding.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest

from conformance import conditioning
from conformance.corpus import load_corpus
from conformance.fuzz import oracle as fast
from conformance.fuzz.campaign import noise
from conformance.harness.judging import judge
from conformance.harness.protocol import Answer
from conformance.harness.status import Status
from generators import TOLERANCE
from generators.conventions import differs

CORPUS = load_corpus()
RTOL, ATOL = TOLERANCE["rtol"], TOLERANCE["atol"]


def exact_calinski_harabasz(X, labels) -> float:
    x = [[Fraction(v) for v in row] for row in X]
    n, width, clusters = len(x), len(x[0]), sorted(set(labels))
    mean = [sum(row[d] for row in x) / n for d in range(width)]
    between = within = Fraction(0)
    for c in clusters:
        rows = [x[i] for i in range(n) if labels[i] == c]
        centre = [sum(row[d] for row in rows) / len(rows) for d in range(width)]
        between += len(rows) * sum((centre[d] - mean[d]) ** 2 for d in range(width))
        within += sum((row[d] - centre[d]) ** 2 for row in rows for d in range(width))
    if within == 0:
        return 1.0
    return float(between * (n - len(clusters)) / (within * (len(clusters) - 1)))


def exact_davies_bouldin(X, labels) -> float:
    with mpmath.workdps(50):
        x = [[mpmath.mpf(v) for v in row] for row in X]
        n, width, clusters = len(x), len(x[0]), sorted(set(labels))
        centres, spreads = [], []
        for c in clusters:
            rows = [x[i] for i in range(n) if labels[i] == c]
            centre = [sum(row[d] for row in rows) / len(rows) for d in range(width)]
            centres.append(centre)
            spreads.append(sum(mpmath.sqrt(sum((row[d] - centre[d]) ** 2 for d in range(width))) for row in rows)
                           / len(rows))
        total = mpmath.mpf(0)
        for i in range(len(clusters)):
            total += max((spreads[i] + spreads[j]) / mpmath.sqrt(sum((centres[i][d] - centres[j][d]) ** 2
                                                                     for d in range(width)))
                         for j in range(len(clusters)) if j != i)
        return float(total / len(clusters))


EXACT = {"calinski_harabasz_score": exact_calinski_harabasz, "davies_bouldin_score": exact_davies_bouldin}
WIDENED = [c for c in CORPUS.cases if c.metric in EXACT and "tolerance" in c.raw]


def _answer(value: float) -> Answer:
    return Answer("value", value, value)


def test_the_corpus_holds_the_large_offset_cases_with_their_tolerance():
    ids = {c.id for c in WIDENED}
    assert {"calinski_harabasz_score/large-offset/offset=1e7", "davies_bouldin_score/large-offset/offset=1e4"} <= ids
    for case in CORPUS.cases:  # written by the rule, never by hand: the stored rtol is the bound rounded up
        if "tolerance" in case.raw:
            bound = conditioning.relative_error(case.metric, case.inputs)
            assert bound <= case.raw["tolerance"]["rtol"] <= bound * 1.1, case.id


@pytest.mark.parametrize("case", WIDENED, ids=lambda c: c.id)
def test_an_exact_library_passes_every_widened_case_and_a_real_error_fails(case):
    exact = EXACT[case.metric](case.inputs["X"], case.inputs["labels"])
    assert judge(case, _answer(exact), RTOL, ATOL).status == Status.PASSED
    assert judge(case, _answer(exact * (1 + 1e-4)), RTOL, ATOL).status == Status.FAILED


def test_without_its_tolerance_the_exact_answer_fails_calinski_harabasz_at_1e7():
    case = next(c for c in CORPUS.cases if c.id == "calinski_harabasz_score/large-offset/offset=1e7")
    exact = exact_calinski_harabasz(case.inputs["X"], case.inputs["labels"])
    assert abs(exact - case.expected.value) > RTOL * abs(exact)  # scikit-learn's rounding, past rtol 1e-9
    bare = type(case)(**{**case.__dict__, "raw": {k: v for k, v in case.raw.items() if k != "tolerance"}})
    assert judge(bare, _answer(exact), RTOL, ATOL).status == Status.FAILED


def test_the_bound_holds_scikit_learns_own_error():
    from sklearn.metrics import calinski_harabasz_score, davies_bouldin_score

    sklearn = {"calinski_harabasz_score": calinski_harabasz_score, "davies_bouldin_score": davies_bouldin_score}
    rng = np.random.default_rng(46)
    for offset in (1.0, 1e2, 1e4, 1e6, 1e8):
        for metric, fn in sklearn.items():
            labels = [0] * 5 + [1] * 4 + [2] * 3
            X = offset + rng.normal(0.0, 0.1, (12, 2)) + np.repeat([[0.0], [0.5], [1.0]], [5, 4, 3], axis=0)
            got, exact = fn(X, labels), EXACT[metric](X.tolist(), labels)
            bound = conditioning.relative_error(metric, {"X": X.tolist(), "labels": labels})
            assert abs(got - exact) <= max(bound, RTOL) * abs(exact), (metric, offset)


def _disagreeing(metric: str, draw):
    """The first seeded draw on which the reference and scikit-learn disagree past the corpus tolerance."""
    for seed in range(200):
        inputs = draw(np.random.default_rng(seed))
        ours = fast.case_of(metric, inputs, {}, {}, reference=True)
        theirs = fast.case_of(metric, inputs, {}, {})
        if differs(ours.raw["expected"], theirs.raw["expected"], TOLERANCE):
            return ours, theirs
    pytest.fail(f"no draw of {metric} where the reference and scikit-learn disagree")


def _db_at_1e6(rng):
    n = int(rng.integers(6, 20))
    labels = [int(v) for v in rng.integers(0, 3, n)]
    labels[:3] = [0, 1, 2]
    return {"X": [[1e6 + float(v)] for v in rng.normal(0.0, 1.0, n)], "labels": labels}


def _ch_constant(rng):
    n = int(rng.integers(20, 60))  # clusters past 8 points: numpy's pairwise sums against add.at's
    value = float(rng.choice([0.1, 0.3, 0.7, 1e-3 * 3]))
    labels = [int(v) for v in rng.integers(0, 3, n)]
    labels[:3] = [0, 1, 2]
    return {"X": [[value]] * n, "labels": labels}


@pytest.mark.parametrize("metric, draw", [("davies_bouldin_score", _db_at_1e6),
                                          ("calinski_harabasz_score", _ch_constant)])
def test_rounding_noise_is_no_finding_against_the_reference(metric, draw):
    ours, theirs = _disagreeing(metric, draw)
    assert fast.undetermined(ours) and fast.same(ours, theirs)  # not a reference finding
    # a port's other value there is counted apart (ill-conditioned), not a finding
    answer = _answer(ours.expected.value)
    outcome = judge(theirs, answer, RTOL, ATOL)
    assert outcome.status == Status.FAILED and noise(theirs, outcome)
    # a refusal where scikit-learn answers is still judged
    refusal = judge(theirs, Answer("error", {"type": "ValueError", "message": "no"}), RTOL, ATOL,
                    refusals=frozenset({"ValueError"}))
    assert refusal.status == Status.FAILED and not noise(theirs, refusal)


def test_a_real_bug_on_an_ill_conditioned_call_is_still_a_finding():
    case = next(c for c in CORPUS.cases if c.id == "calinski_harabasz_score/large-offset/offset=1e7")
    drawn = fast.case_of(case.metric, case.raw["inputs"], {}, {})
    assert drawn.raw["tolerance"] == case.raw["tolerance"] and not fast.undetermined(drawn)
    outcome = judge(drawn, _answer(case.expected.value + 0.125), RTOL, ATOL)  # a port off by 0.125
    assert outcome.status == Status.FAILED and not noise(drawn, outcome)
    ours = fast.case_of(case.metric, case.raw["inputs"], {}, {}, reference=True)
    wrong = type(ours)(**{**ours.__dict__, "raw": {**ours.raw, "expected": {"value": case.expected.value * 1.001}}})
    assert not fast.same(wrong, drawn)  # a reference off by 1e-3 is still a finding against it


def test_the_campaign_summary_reports_the_ill_conditioned_calls_apart():
    from conformance.fuzz.campaign import Budget, Tally
    from conformance.fuzz.report import summary_lines

    tally = Tally(examples=5, statuses={Status.PASSED: 3, "ill-conditioned": 2}, seconds=1.0)
    text = "\n".join(summary_lines("a-port", Budget(examples=5), tally, []))
    assert "2 call(s) ill-conditioned past the conditioning rule" in text and "not findings" in text
    quiet = "\n".join(summary_lines("a-port", Budget(examples=5), Tally(examples=3, statuses={Status.PASSED: 3},
                                                                        seconds=1.0), []))
    assert "ill-conditioned" not in quiet
