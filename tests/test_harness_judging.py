"""From answer to status, and declared divergences (no processes here)."""

from __future__ import annotations

import pytest

from conformance.corpus import load_corpus
from conformance.harness.judging import CaseResult, Declarations, judge
from conformance.harness.manifest import load_manifest
from conformance.harness.protocol import parse_answer
from conformance.harness.summary import exit_status, verdict
from fake_ports import kit

CASES = {c.id: c for c in load_corpus(kit.small_corpus())}
TOL = (1e-9, 1e-12)
REFUSALS = frozenset({"ValueError", "IllegalArgumentException"})


def status(case_id, line, refusals=REFUSALS):
    answer = parse_answer(line.encode(), 0)
    outcome = judge(CASES[case_id], answer, *TOL, refusals=refusals)
    return outcome


def test_value_within_tolerance_passes():
    expected = CASES["f1_score/macro"].expected.value
    out = status("f1_score/macro", f'{{"seq": 0, "value": {expected + 1e-12}}}')
    assert out.status == "passed" and out.max_error == pytest.approx(1e-12, rel=0.1)


def test_value_beyond_tolerance_fails_with_both_values_and_the_error():
    out = status("f1_score/macro", '{"seq": 0, "value": 0.5}')
    assert out.status == "failed"
    assert out.actual == {"value": 0.5}
    assert out.max_error == pytest.approx(0.5 - CASES["f1_score/macro"].expected.value)
    assert "expected 0.444" in out.detail and "got 0.5" in out.detail


def test_nan_equals_nan_and_ints_equal_floats():
    assert status("f1_score/zd-nan", '{"seq": 0, "value": "NaN"}').status == "passed"
    assert status("f1_score/zd-nan", '{"seq": 0, "value": 0}').status == "failed"
    assert status("accuracy_score/normalize-false", '{"seq": 0, "value": 3.0}').status == "passed"


def test_shape_must_match():
    out = status("confusion_matrix/basic", '{"seq": 0, "value": [0, 0, 1, 1, 1, 0, 0, 0, 1]}')
    assert out.status == "failed" and "shape differs" in out.detail


def test_a_declared_refusal_of_any_type_matches_an_oracle_error():
    out = status("accuracy_score/empty", '{"seq": 0, "error": {"type": "IllegalArgumentException", "message": "x"}}')
    assert out.status == "passed"
    assert out.actual["error"]["type"] == "IllegalArgumentException"
    assert CASES["accuracy_score/empty"].expected.error["type"] == "ValueError"


@pytest.mark.parametrize("error", [
    '{"type": "NullPointerException", "message": "x"}',  # not a declared refusal
    '{"type": "ValueError", "message": "x", "uncaught": true}',  # a refusal type, but the adapter says it crashed
])
def test_an_error_that_is_not_a_declared_refusal_is_a_fault_even_where_the_oracle_errors(error):
    for case_id in ("accuracy_score/empty", "f1_score/macro"):  # the oracle errors; the oracle has a value
        out = status(case_id, f'{{"seq": 0, "error": {error}}}')
        assert out.status == "faulted", case_id
    assert status("accuracy_score/empty", '{"seq": 0, "error": {"type": "ValueError", "message": "x"}}',
                  refusals=frozenset()).status == "faulted"


def test_value_where_the_oracle_errors_fails():
    out = status("accuracy_score/empty", '{"seq": 0, "value": "NaN"}')
    assert out.status == "failed" and "expected an error (ValueError" in out.detail


def test_a_refusal_where_the_oracle_has_a_value_fails():
    out = status("f1_score/macro", '{"seq": 0, "error": {"type": "ValueError", "message": "no macro"}}')
    assert out.status == "failed" and "got an error (ValueError: no macro)" in out.detail
    out = status("f1_score/macro", '{"seq": 0, "error": {"type": "KeyError", "message": "y", "uncaught": true}}')
    assert out.status == "faulted"


def test_skipped():
    out = status("f1_score/macro", '{"seq": 0, "skipped": "no average=macro"}')
    assert out.status == "skipped" and out.detail == "no average=macro"


DIVERGENCES = """\
name: p
language: js
command: [node]
divergences:
  - {id: zd, kind: choice, selector: {tags: [zero-division]}, note: n, link: l}
  - {id: macro, kind: bug, selector: {tags: [macro]}, note: n, link: l}
  - {id: cm, kind: bug, selector: {metrics: [confusion_matrix]}, note: n, link: l}
  - {id: nothing, kind: bug, selector: {metrics: [roc_auc_score]}, note: n, link: l}
"""


def test_declarations_cover_failures_and_find_stale_and_unmatched(tmp_path):
    (tmp_path / "port.yaml").write_text(DIVERGENCES)
    decl = Declarations(load_manifest(tmp_path).divergences)
    outcomes = {
        "f1_score/zd-macro": "failed",  # zd (first in order) and macro both cover it
        "f1_score/zd-nan": "passed",
        "f1_score/macro": "failed",
        "confusion_matrix/basic": "passed",
        "f1_score/binary": "failed",  # covered by nothing
    }
    final = {cid: decl.apply(CASES[cid], CaseResult(s)) for cid, s in outcomes.items()}
    assert (final["f1_score/zd-macro"].status, final["f1_score/zd-macro"].divergence) == ("declared", "zd")
    assert (final["f1_score/macro"].status, final["f1_score/macro"].divergence) == ("declared", "macro")
    assert final["f1_score/binary"].status == "failed" and final["f1_score/binary"].divergence is None
    assert final["f1_score/zd-nan"].status == "passed"
    report = {d["id"]: d for d in decl.report()}
    assert report["zd"]["matched"] == 2 and report["zd"]["declared"] == 1 and not report["zd"]["stale"]
    assert report["macro"]["matched"] == 2 and report["macro"]["declared"] == 1
    assert report["cm"]["stale"] and not report["cm"]["unmatched"]
    assert report["nothing"]["unmatched"] and not report["nothing"]["stale"]


def test_misbehaviour_is_never_declared(tmp_path):
    (tmp_path / "port.yaml").write_text(DIVERGENCES)
    decl = Declarations(load_manifest(tmp_path).divergences)
    out = decl.apply(CASES["confusion_matrix/basic"], CaseResult("crashed"))
    assert out.status == "crashed"
    assert not {d["id"]: d for d in decl.report()}["cm"]["stale"]


def totals(**counts):
    base = {s: 0 for s in ("passed", "failed", "declared", "skipped", "faulted", "crashed",
                           "timed-out", "protocol-error", "not-run")}
    base.update({k.replace("_", "-"): v for k, v in counts.items()})
    base["cases"] = sum(base.values())
    base["restarts"] = 0
    return base


@pytest.mark.parametrize("counts,code,fragment", [
    (dict(passed=10), 0, "conformant"),
    (dict(passed=5, declared=3, skipped=2), 0, "conformant"),
    (dict(skipped=10), 1, "nothing was judged"),
    (dict(passed=9, failed=1), 1, "non-conformant: 1 case"),
    (dict(passed=9, timed_out=1), 1, "misbehaved"),
    (dict(passed=1, failed=19), 1, "probably broken"),
    (dict(failed=2, crashed=8, skipped=40), 1, "probably broken (start-up, crashes, protocol)"),
    (dict(not_run=100), 1, "probably broken"),
])
def test_exit_status_and_verdict(counts, code, fragment):
    t = totals(**counts)
    assert exit_status(t) == code
    assert fragment in verdict(t)
