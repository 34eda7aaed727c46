"""`parity fuzz` campaigns that are never lost, spend their budget where the port answers, group findings
by cause, and ask scikit-learn only where it matters (docs/fuzzing.md, docs/decisions/0024).

Small budgets against the planted ports of tests/planted_ports; each test takes seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.corpus import bundled_oracle
from conformance import registry
from conformance.fuzz import journal
from conformance.fuzz import oracle as fast
from conformance.fuzz.campaign import Budget, campaign
from conformance.fuzz.space import Space
from conformance.harness.manifest import load_manifest
from fake_ports import kit
from planted_ports import make_campaign_port, make_planted_port

REPO = Path(__file__).resolve().parent.parent
ORACLE = str(bundled_oracle())
CORPUS = kit.bundled_corpus()


def _lines(path: Path) -> list[dict]:
    return journal.read(path)


def test_a_campaign_killed_mid_shrink_leaves_its_findings_and_resume_continues_it(tmp_path):
    port = make_planted_port(tmp_path, "f1-of-means")
    record = tmp_path / "findings.jsonl"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PARITY_CACHE": str(tmp_path / "cache")}
    argv = [sys.executable, "-m", "conformance.cli", "fuzz", str(port), "--metric", "f1_score", "--metric",
            "fbeta_score", "--examples", "300", "--seed", "2", "--json", str(record)]
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # the drawing is over and a finding is on file: it is shrinking
            text = record.read_text() if record.exists() else ""
            if '"line":"finding"' in text.replace(" ", "") and '"phase":"drawn"' in text.replace(" ", ""):
                break
            assert proc.poll() is None, proc.stderr.read().decode()
            time.sleep(0.05)
        else:
            pytest.fail("no finding on file within 120 s")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
    lines = _lines(record)  # readable, though killed
    assert lines[0]["line"] == "campaign" and lines[0]["seed"] == 2
    assert lines[-1]["line"] != "summary"
    found = journal.state(lines)["findings"]
    assert found

    assert main(["fuzz", str(port), "--resume", str(record), "--examples", "300"]) == 1
    after = _lines(record)
    assert after[: len(lines)] == lines  # appended to, never rewritten
    assert after[-1]["line"] == "summary"
    summary = after[-1]
    assert summary["seed"] == 2 and summary["examples"] == 300  # it continued the same draws, not new ones
    assert sum(f["count"] for f in summary["findings"]) >= sum(f["count"] for f in found.values())
    assert all(f["shrunk"] and f["shrunk"]["reproduced"] for f in summary["findings"])
    assert ["reading", "f-of-means"] in [f["key"] for f in summary["findings"]]
    assert not (tmp_path / ".hypothesis").exists()  # Hypothesis's database went to the cache folder


def test_a_flaky_port_still_yields_its_finding_unshrunk_with_a_note(tmp_path):
    port = make_campaign_port(tmp_path, "flaky", "flaky")
    tally, findings = campaign(str(port), ORACLE, Budget(examples=60, seed=1, metrics=("f1_score",),
                                                         relations=False))
    assert findings, tally
    for f in findings:
        assert f.shrunk["reproduced"] is False and f.shrunk["flaky"] is True, f.shrunk
        assert any("kept unshrunk" in step for step in f.shrunk["steps"])
        assert f.example["inputs"]  # the unshrunk example is what the finding shows


def test_the_budget_goes_where_the_port_answers(tmp_path):
    """Issue 28: a port answering a tenth of the corpus's metrics gets at least 80% of the draws judged."""
    tenth = sorted(registry.METRICS)[::10]
    assert len(Space(CORPUS).metrics) == len(registry.METRICS) and len(tenth) * 10 >= len(registry.METRICS)
    port = make_campaign_port(tmp_path, "tenth", "answers", ",".join(tenth))
    tally, findings = campaign(str(port), ORACLE, Budget(examples=800, seed=2, shrink=False))
    assert findings == []
    assert tally.examples == 800 and tally.judged / tally.examples >= 0.8, tally.statuses
    # without the weights, about one draw in ten would have been judged
    plain, _ = campaign(str(port), ORACLE, Budget(examples=200, seed=2, shrink=False, relations=False,
                                                 adapt=False))
    assert plain.judged / plain.examples < 0.2


def test_a_port_that_hangs_is_given_up_on_and_the_campaign_still_reports(tmp_path, capsys):
    port = make_campaign_port(tmp_path, "hangs", "hangs", "accuracy_score", extra="max_consecutive_timeouts: 2\n")
    record = tmp_path / "f.jsonl"
    code = main(["fuzz", str(port), "--metric", "accuracy_score", "--metric", "r2_score", "--examples", "200",
                 "--timeout", "0.5", "--json", str(record), "--no-shrink"])
    out = capsys.readouterr().out
    assert code == 1
    assert "the port went down: 2 cases in a row timed out" in out
    summary = _lines(record)[-1]
    assert summary["line"] == "summary" and summary["down"].startswith("2 cases in a row timed out")
    assert [f["what"] for f in summary["findings"]] == ["timed-out"]


def test_a_timed_out_finding_is_shrunk_after_the_others(tmp_path):
    """Each call reproducing a timeout is a timeout, so its shrink gives up on the port; shrunk first, it
    left a torchmetrics campaign's other findings unshrunk.  Met first here, it is still shrunk last."""
    from conformance.fuzz.campaign import Job
    from conformance.fuzz.space import Call

    port = make_campaign_port(tmp_path, "hangs-off", "hangs-off", "accuracy_score,r2_score",
                              extra="max_consecutive_timeouts: 2\n")
    job = Job(str(port), ORACLE, Budget(examples=2, timeout=0.5, relations=False, shrink_seconds=60), 0)
    try:
        calls = [Call("accuracy_score", {"y_true": [0, 1, 1, 0, 1, 0], "y_pred": [0, 1, 0, 0, 1, 1]}, {},
                      "accuracy_score/worked-example/kotlin-fixture", 0, 0),
                 Call("r2_score", {"y_true": [3.0, -0.5, 2.0, 7.0, 1.5, 2.5], "y_pred": [2.5, 0.0, 2.0, 8.0, 1.0, 3.0]},
                      {}, "r2_score/worked-example/one-output", 0, 1)]
        cases, outcomes = job.judged([(c.metric, c.inputs, c.params) for c in calls],
                                     [job.by_id[c.template] for c in calls], drawn=True)
        assert [o.status for o in outcomes] == ["timed-out", "failed"]
        for call, case, outcome in zip(calls, cases, outcomes):
            job.note("oracle", call, case, outcome, outcome.status)
        assert [f.what for f in job.findings.values()] == ["timed-out", "failed"]  # met in this order
        job.shrink_all(None)
    finally:
        job.session.close()
    timed_out, failed = job.findings.values()
    assert failed.shrunk["reproduced"] is True and failed.shrunk["samples"] == 2, failed.shrunk  # r2 needs two
    assert job.session.down and "2 cases in a row timed out" in job.session.down  # the timed-out shrink, last
    assert job.tally.down.endswith("while shrinking the accuracy_score timed-out finding"), job.tally.down


def test_port_yaml_timeout_serves_verify_and_fuzz(tmp_path):
    from conformance.cli import _timeout
    from types import SimpleNamespace

    port = make_campaign_port(tmp_path, "slowish", "answers", "accuracy_score", extra="timeout: 2.5\n")
    manifest = load_manifest(port)
    assert manifest.timeout == 2.5
    assert _timeout(SimpleNamespace(timeout=None), manifest, 5.0) == 2.5
    assert _timeout(SimpleNamespace(timeout=1.0), manifest, 5.0) == 1.0
    assert _timeout(SimpleNamespace(timeout=None), load_manifest(REPO / "ports" / "reference"), 10.0) == 10.0


def test_a_call_id_and_its_input_form_are_a_function_of_the_call_alone():
    from conformance import forms

    space = Space(CORPUS)
    call = next(c for c in (space.draw(4, i) for i in range(500)) if c.metric == "f1_score" and c.n > 3
                and not c.sweep and not any(isinstance(v, str) for v in c.inputs["y_true"]))
    same = fast.call_id(call.metric, json.loads(json.dumps(call.inputs)), dict(call.params))
    assert fast.call_id(call.metric, call.inputs, call.params) == same
    assert fast.call_id(call.metric, {**call.inputs, "y_pred": call.inputs["y_true"]}, call.params) != same
    declared = forms.Declared.from_manifest({"y_pred": "scores"}, None)
    one = forms.transform(same, call.metric, call.inputs, call.params, declared)
    two = forms.transform(fast.call_id(call.metric, call.inputs, call.params), call.metric, call.inputs,
                          call.params, declared)
    assert one.inputs == two.inputs


def test_a_call_id_tells_ints_from_floats_and_a_drawn_case_is_the_case_make_case_makes():
    """The content id digests plain inputs as numpy reads them, with the Python types they hold; the
    campaign's cases (the reference's, scikit-learn's) are made without make_case's text round trip,
    and scikit-learn's is the very case make_case makes (outcome, warnings, source)."""
    from conformance.corpus import _decode_case
    from generators.oracle import make_case

    assert fast.call_id("accuracy_score", {"y_true": [0, 1], "y_pred": [0, 1]}, {}) != \
        fast.call_id("accuracy_score", {"y_true": [0.0, 1.0], "y_pred": [0, 1]}, {})
    assert fast.call_id("accuracy_score", {"y_true": [0, 1], "y_pred": [0, 1]}, {}) != \
        fast.call_id("accuracy_score", {"y_true": [0, 1], "y_pred": [1, 0]}, {})
    space = Space(CORPUS)
    drawn = [c for c in (space.draw(11, i) for i in range(15)) if c.n <= 100]
    for call in drawn:
        ours = fast.case_of(call.metric, call.inputs, call.params, {})
        theirs, _ = _decode_case(make_case(ours.id, call.metric, call.inputs, call.params, tags=("fuzzed",)), "fuzz")
        assert json.dumps(ours.raw, sort_keys=True) == json.dumps(theirs.raw, sort_keys=True), call.template
        assert (ours.warnings, ours.source) == (theirs.warnings, theirs.source)


# The bugs the readings name, the metrics a small campaign draws, and the readings that reproduce them
# (one-pass-r2's shrunk call at a large offset loses its digits as float32 arithmetic or an expanded
# square does: those readings reproduce it as well).
@pytest.mark.parametrize("bug,metrics,readings", [
    ("f1-of-means", ("f1_score", "fbeta_score"), {"f-of-means"}),
    ("macro-over-y-true", ("precision_score", "recall_score"), {"true-classes-only"}),
    ("ignored-sample-weight", ("accuracy_score", "mean_absolute_error", "zero_one_loss"), {"weights-ignored"}),
    ("one-pass-r2", ("r2_score",), {"one-pass-variance", "expanded-square", "float32-arithmetic"}),
])
def test_one_planted_bug_is_at_most_three_findings_named_by_its_reading(tmp_path, bug, metrics, readings):
    port = make_planted_port(tmp_path, bug)
    tally, findings = campaign(str(port), ORACLE, Budget(examples=300, seed=1, metrics=metrics))
    assert 1 <= len(findings) <= 3, [(f.key, f.count) for f in findings]
    named = [f for f in findings if f.key[0] == "reading"]
    assert named and any(readings & set(f.readings) for f in named), [(f.key, f.readings) for f in findings]
    assert all(f.key[1] == f.readings[0] for f in named)


def test_the_reference_answers_first_and_scikit_learn_judges_a_sample(tmp_path):
    reference = str(REPO / "ports" / "reference")
    record = tmp_path / "f.jsonl"
    assert main(["fuzz", reference, "--examples", "200", "--no-relations", "--json", str(record)]) == 0
    summary = _lines(record)[-1]
    assert summary["oracle_sample"] == 0.05
    assert summary["sampled"] >= 0.05 * summary["agreements"] and summary["sklearn_calls"] < summary["judged"] / 2
    assert main(["fuzz", reference, "--examples", "100", "--no-relations", "--oracle-sample", "1.0",
                 "--json", str(record)]) == 0
    summary = _lines(record)[-1]
    assert summary["sklearn_calls"] == summary["judged"] == 100


def test_a_reference_that_disagrees_with_scikit_learn_is_reported_apart(tmp_path, monkeypatch):
    import conformance.reference as ref

    wrong = lambda *a, **kw: ref.accuracy_score(*a, **kw) / 2 + 0.25  # noqa: E731
    monkeypatch.setattr(fast, "_reference_fn", lambda metric: wrong if metric == "accuracy_score"
                        else getattr(ref, metric))
    record = tmp_path / "f.jsonl"
    budget = Budget(examples=60, seed=3, metrics=("accuracy_score",), relations=False, shrink=False,
                    journal=str(record))
    from conformance.fuzz.campaign import begin

    begin(budget, "reference")
    tally, findings = campaign(str(REPO / "ports" / "reference"), ORACLE, budget)
    assert findings == []  # the port is judged on scikit-learn's outcome, never the reference's
    assert tally.statuses["reference-differs"] > 0
    lines = [line for line in _lines(record) if line["line"] == "reference"]
    assert len(lines) == tally.statuses["reference-differs"]


def test_the_last_run_record_seeds_the_weights(tmp_path, capsys):
    from conformance.cli import _answered_shares
    from conformance.fuzz.space import Weights

    record = REPO / "reports" / "published" / "runs" / "mljs.json"
    shares = _answered_shares(str(record))
    assert set(shares) == set(Space(CORPUS).metrics)
    never = [m for m, share in shares.items() if share == 0]
    assert never and any(share > 0 for share in shares.values())
    weights = Weights(shares)
    assert all(weights.metric(m) < 0.1 for m in never)  # skipped on the corpus: drawn rarely from the start
    assert main(["fuzz", str(REPO / "ports" / "reference"), "--examples", "20", "--no-relations",
                 "--from", str(record)]) == 0
    assert main(["fuzz", str(REPO / "ports" / "reference"), "--from", str(tmp_path / "missing.json")]) == 2
    assert "--from" in capsys.readouterr().err


def test_a_port_that_drops_non_finite_samples_is_found_by_the_sweeps_draws(tmp_path):
    """Issue 30: NaN and the infinities are drawn in inputs whose templates have none, so a port that
    silently drops those samples (where scikit-learn refuses the call) is a finding."""
    port = make_campaign_port(tmp_path, "drops", "drops-nonfinite")
    tally, findings = campaign(str(port), ORACLE, Budget(examples=240, seed=5, metrics=("r2_score", "roc_auc_score"),
                                                         relations=False, shrink=False))
    assert findings, tally.statuses
    assert {f.what for f in findings} == {"a value where scikit-learn raises"}
    for finding in findings:
        assert any(isinstance(x, str) for v in finding.example["inputs"].values() if isinstance(v, list)
                   for x in (v if not v or not isinstance(v[0], list) else [y for r in v for y in r]))


def test_a_port_that_skips_string_labels_does_not_eat_the_budget(tmp_path):
    """The sweep's string-label draws are weighed like templates: after the first skips of a metric's string
    calls they are drawn at SWEEP_FLOOR of their share."""
    port = make_campaign_port(tmp_path, "no-strings", "no-strings")
    metrics = ("accuracy_score", "adjusted_rand_score")
    plain, _ = campaign(str(port), ORACLE, Budget(examples=400, seed=6, metrics=metrics, relations=False,
                                                 shrink=False, adapt=False))
    tally, findings = campaign(str(port), ORACLE, Budget(examples=400, seed=6, metrics=metrics, relations=False,
                                                         shrink=False))
    assert findings == []
    skipped, unweighted = tally.statuses.get("skipped", 0), plain.statuses.get("skipped", 0)
    assert unweighted > 0 and skipped <= unweighted / 2, (tally.statuses, plain.statuses)


def test_a_reference_refusal_of_string_labels_is_judged_by_scikit_learn():
    """String labels are young in the reference (decision 0033): its refusal of them is never trusted unasked."""
    from types import SimpleNamespace

    def case(inputs, error="ValueError"):
        return SimpleNamespace(raw={"inputs": inputs, "expected": {"error": {"type": error}}})

    assert fast.trusted(case({"y_true": [0, 1], "y_pred": [0, "NaN"]}))
    assert not fast.trusted(case({"y_true": ["a", "B"], "y_pred": ["a", "a"]}))
    assert not fast.trusted(case({"y_true": [0, 1], "y_pred": [0, 1]}, error="KeyError"))
    assert fast.trusted(SimpleNamespace(raw={"inputs": {"y_true": ["a"]}, "expected": {"value": 1.0}}))
