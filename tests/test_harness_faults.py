"""A port must never break the judge: each fault of tests/fake_ports/ becomes a recorded outcome.

These run real subprocesses through :func:`conformance.harness.verify` with
short timeouts; each test takes well under a second or two.
"""

from __future__ import annotations

import io
import json
import time
from dataclasses import replace

import pytest

from conformance.corpus import load_corpus
from conformance.harness import Options, load_manifest, verify
from conformance.harness.protocol import conforms, schema_errors
from conformance.harness.record import read_record
from conformance.harness.selection import select
from fake_ports import kit

# 2 s a case: long enough for a restarted fake port on a loaded machine, short for the hang tests.
FAST = Options(timeout=2, start_timeout=10, stop_grace=0.3)
CORPUS = load_corpus(kit.small_corpus())
IDS = [c.id for c in CORPUS]
LAST = IDS[-1]


def run(tmp_path, script, *args, only=(), options=FAST, corpus=CORPUS, extra="", cases=None):
    port = kit.make_port(tmp_path, script, *args, extra=extra, corpus=corpus.root)
    if cases is None:
        cases, _ = select(corpus.cases, list(only))
    record = tmp_path / "run.json"
    out, err = io.StringIO(), io.StringIO()
    result = verify(load_manifest(port), corpus, cases, options=options, record_path=record, progress=False,
                    out=out, err=err)
    rec = read_record(record)
    for event in rec["events"]:
        assert conforms("run-record", event), schema_errors("run-record", event)
    assert rec["end"] is not None
    assert [c["n"] for c in rec["cases"]] == list(range(len(cases)))
    result.out, result.err = out.getvalue(), err.getvalue()
    return result, rec, {c["id"]: c for c in rec["cases"]}


def statuses(entries):
    return {cid: e["status"] for cid, e in entries.items()}


def only_faulty(entries, faulty: dict):
    """Every case passed except those in ``faulty`` (id -> status)."""
    assert statuses(entries) == {cid: faulty.get(cid, "passed") for cid in IDS}


def test_honest_port_passes_everything(tmp_path):
    result, rec, entries = run(tmp_path, "honest.py")
    assert result.exit_status == 0
    only_faulty(entries, {})
    assert rec["start"]["implementation"] == {"name": "fake", "version": "0", "language": "python"}
    assert rec["end"]["totals"]["passed"] == len(IDS) == rec["end"]["totals"]["cases"]


def test_wrong_values_for_one_metric_fail_exactly_those_cases(tmp_path):
    result, rec, entries = run(tmp_path, "wrong_metric.py")
    want = {c.id for c in CORPUS if c.metric == "f1_score" and not c.expected.is_error
            and c.expected.value == c.expected.value}  # not NaN
    assert want == {"f1_score/macro", "f1_score/binary", "f1_score/zd-macro"}
    only_faulty(entries, {cid: "failed" for cid in want})
    assert result.exit_status == 1 and result.totals["failed"] == 3
    e = entries["f1_score/binary"]
    assert e["expected"] == {"value": 0.5} and e["actual"] == {"value": 0.51}
    assert e["max_error"] == pytest.approx(0.01) and "expected 0.5, got 0.51" in e["detail"]
    assert "non-conformant: 3 case(s)" in result.out


def test_crash_is_restarted_and_the_run_goes_on(tmp_path):
    result, rec, entries = run(tmp_path, "crash.py", "f1_score/binary")
    only_faulty(entries, {"f1_score/binary": "crashed"})
    crashed = entries["f1_score/binary"]
    assert "status 3" in crashed["detail"]
    assert "dying on f1_score/binary" in crashed["stderr"]
    restarts = [e for e in rec["events"] if e["event"] == "port" and e["what"] == "restart"]
    assert len(restarts) == 1 and restarts[0]["case"] == "f1_score/binary"
    assert result.totals["restarts"] == 1 and result.exit_status == 1


@pytest.mark.parametrize("window", [1, 4, 32])
def test_cases_in_flight_after_a_crash_are_resent(tmp_path, window):
    options = replace(FAST, window=window)
    result, rec, entries = run(tmp_path, "crash.py", "accuracy_score/basic", options=options)
    only_faulty(entries, {"accuracy_score/basic": "crashed"})


def test_restart_limit_leaves_the_rest_not_run(tmp_path):
    options = replace(FAST, max_restarts=2)
    result, rec, entries = run(tmp_path, "crash.py", "/", options=options)  # every id has a "/"
    assert [entries[i]["status"] for i in IDS] == ["crashed"] * 3 + ["not-run"] * (len(IDS) - 3)
    down = [e for e in rec["events"] if e["event"] == "port" and e["what"] == "down"]
    assert len(down) == 1 and "restart limit (2)" in down[0]["detail"]
    assert "restart limit (2) reached" in entries[IDS[-1]]["detail"]
    assert result.totals["restarts"] == 2 and down[0]["restarts"] == 2
    assert "probably broken" in result.verdict


def test_hang_times_out(tmp_path):
    t0 = time.monotonic()
    result, rec, entries = run(tmp_path, "hang.py", "f1_score/binary")
    assert time.monotonic() - t0 < 10
    only_faulty(entries, {"f1_score/binary": "timed-out"})
    assert entries["f1_score/binary"]["detail"] == "no answer within 2s"
    assert result.totals["restarts"] == 1


def test_a_port_that_hangs_after_start_is_given_up_on_after_three_timeouts_in_a_row(tmp_path):
    options = replace(FAST, timeout=0.3)
    t0 = time.monotonic()
    result, rec, entries = run(tmp_path, "mute.py", options=options)
    assert time.monotonic() - t0 < 10  # not 11 timeouts and 11 restarts
    assert [entries[i]["status"] for i in IDS] == ["timed-out"] * 3 + ["not-run"] * (len(IDS) - 3)
    assert result.exit_status == 1 and result.totals["restarts"] == 2
    (down,) = [e for e in rec["events"] if e["event"] == "port" and e["what"] == "down"]
    assert down["detail"] == "3 cases in a row timed out (max_consecutive_timeouts 3): given up on"
    assert down["case"] == IDS[2] and rec["start"]["options"]["max_consecutive_timeouts"] == 3
    assert entries[LAST]["detail"] == f"not run: {down['detail']}"
    (line,) = result.err.strip().splitlines()
    assert line == (f"parity verify: port fake ({tmp_path / 'fake'}): 3 cases in a row timed out; gave up on it, "
                    f"the remaining {len(IDS) - 3} case(s) are not-run (port.yaml max_consecutive_timeouts)")


def test_timeouts_with_answers_between_them_are_not_in_a_row(tmp_path):
    options = replace(FAST, timeout=1)  # a restarted fake's first answer takes a few tenths (its imports)
    slow = [i for i in IDS if "/b" in i]  # hang.py hangs on each of these; none follows another
    assert sorted(slow) == ["accuracy_score/basic", "confusion_matrix/basic", "f1_score/binary"]
    assert all(IDS.index(b) - IDS.index(a) > 1 for a, b in zip(slow, slow[1:]))
    result, rec, entries = run(tmp_path, "hang.py", "/b", options=options, extra="max_consecutive_timeouts: 2\n")
    only_faulty(entries, dict.fromkeys(slow, "timed-out"))
    assert result.totals["restarts"] == 3 and result.err == ""


def test_the_limit_of_timeouts_in_a_row_is_the_option_else_port_yaml_else_3(tmp_path):
    from conformance.harness.live import Options as RunOptions

    one = replace(FAST, timeout=0.3, max_consecutive_timeouts=1)
    result, rec, entries = run(tmp_path, "mute.py", options=one, extra="max_consecutive_timeouts: 5\n")
    assert [entries[i]["status"] for i in IDS] == ["timed-out"] + ["not-run"] * (len(IDS) - 1)
    manifest = load_manifest(kit.make_port(tmp_path, "honest.py", name="five", extra="max_consecutive_timeouts: 5\n"))
    assert RunOptions().for_port(manifest).max_consecutive_timeouts == 5
    assert RunOptions().max_consecutive_timeouts is None  # a LiveRunner on its own (parity fuzz) never gives up


def test_a_port_that_stops_reading_cannot_block_the_harness(tmp_path):
    # Run lines far larger than a pipe buffer (~600 kB each), to a port that never reads them.
    base = next(c for c in CORPUS if c.id == "accuracy_score/basic")
    big = [replace(base, id=f"accuracy_score/big-{i}",
                   raw={**base.raw, "inputs": {"y_true": [0, 1] * 100_000, "y_pred": [1, 0] * 100_000}})
           for i in range(3)]
    t0 = time.monotonic()
    options = Options(timeout=0.3, start_timeout=5, stop_grace=0.3, max_restarts=5)
    result, rec, entries = run(tmp_path, "deaf.py", options=options, cases=big)
    assert time.monotonic() - t0 < 10
    assert set(statuses(entries).values()) == {"timed-out"} and len(entries) == 3


def test_not_json_is_a_protocol_error_and_restarts(tmp_path):
    result, rec, entries = run(tmp_path, "not_json.py", "f1_score/binary")
    only_faulty(entries, {"f1_score/binary": "protocol-error"})
    assert entries["f1_score/binary"]["detail"].startswith("not JSON")
    assert "'result: 0.5'" in entries["f1_score/binary"]["detail"]
    assert result.totals["restarts"] == 1


def test_wrong_seq_is_a_protocol_error_and_restarts(tmp_path):
    result, rec, entries = run(tmp_path, "wrong_seq.py", "f1_score/binary")
    only_faulty(entries, {"f1_score/binary": "protocol-error"})
    n = entries["f1_score/binary"]["n"]
    assert entries["f1_score/binary"]["detail"] == f"answer for seq {n + 1000} while waiting for seq {n}"
    assert result.totals["restarts"] == 1


@pytest.mark.parametrize("target", ["f1_score/binary", LAST])
@pytest.mark.parametrize("window", [1, 32])
def test_a_second_answer_is_that_cases_protocol_error(tmp_path, target, window):
    options = replace(FAST, window=window)
    result, rec, entries = run(tmp_path, "double_answer.py", target, options=options)
    only_faulty(entries, {target: "protocol-error"})
    assert entries[target]["detail"].startswith(f"second answer for seq {entries[target]['n']}")
    assert "(first answer judged passed)" in entries[target]["detail"]
    assert result.totals["restarts"] == 0


def test_bare_nan_token_is_a_protocol_error_without_restart(tmp_path):
    result, rec, entries = run(tmp_path, "bare_nan.py")
    only_faulty(entries, {"f1_score/zd-nan": "protocol-error"})
    assert "bare NaN token" in entries["f1_score/zd-nan"]["detail"]
    assert result.totals["restarts"] == 0


def test_huge_answer_is_a_protocol_error(tmp_path):
    options = Options(timeout=2, start_timeout=5, stop_grace=0.3, max_line=1 << 20)
    result, rec, entries = run(tmp_path, "huge.py", "f1_score/binary", str(3 << 20), options=options)
    only_faulty(entries, {"f1_score/binary": "protocol-error"})
    assert entries["f1_score/binary"]["detail"] == f"answer longer than {1 << 20} bytes"
    assert len(json.dumps(entries["f1_score/binary"])) < 2000  # nothing of it in the record


def test_stderr_flood_is_drained_and_bounded(tmp_path):
    options = Options(timeout=2, start_timeout=5, stop_grace=0.3, stderr_per_case=1000, stderr_per_run=5000)
    result, rec, entries = run(tmp_path, "stderr_flood.py", "f1_score/binary", "5000000", options=options)
    only_faulty(entries, {})
    # stdout and stderr race, so the flood may start in the previous case's entry
    flooded = [e["stderr"] for e in entries.values() if "stderr" in e]
    assert any("flood flood" in text and "more bytes of stderr dropped]" in text for text in flooded)
    assert all(len(text) < 1100 for text in flooded)
    assert rec["end"]["stderr"]["bytes"] >= 5_000_000 and rec["end"]["stderr"]["kept"] <= 5000


def test_uncaught_error_is_kept_apart_from_failures(tmp_path):
    result, rec, entries = run(tmp_path, "uncaught.py", "f1_score/binary")
    only_faulty(entries, {"f1_score/binary": "faulted"})
    assert entries["f1_score/binary"]["actual"]["error"]["uncaught"] is True
    assert result.totals["failed"] == 0 and result.exit_status == 1


def test_an_uncaught_error_where_the_oracle_errors_is_a_fault_never_a_pass(tmp_path):
    result, rec, entries = run(tmp_path, "uncaught.py", "accuracy_score/empty")
    only_faulty(entries, {"accuracy_score/empty": "faulted"})
    assert entries["accuracy_score/empty"]["expected"]["error"]["type"] == "ValueError"
    assert entries["accuracy_score/empty"]["actual"]["error"]["type"] == "KeyError"
    assert result.exit_status == 1
    assert "accuracy_score/empty: faulted: KeyError: 'y_pred' (marked uncaught by the adapter)" in result.out


def test_an_error_of_a_type_the_port_does_not_declare_as_a_refusal_is_a_fault(tmp_path):
    # the honest fake answers the expected errors with scikit-learn's type, ValueError; declare another
    result, rec, entries = run(tmp_path, "honest.py", extra="refusals: [TypeError]\n")
    errors = {cid: e["actual"]["error"]["type"] for cid, e in entries.items() if "error" in (e["actual"] or {})}
    assert errors == {"accuracy_score/empty": "ValueError", "f1_score/mismatch": "ValueError"}
    only_faulty(entries, dict.fromkeys(errors, "faulted"))
    assert "not a refusal the port declares (port.yaml refusals)" in entries["f1_score/mismatch"]["detail"]
    assert rec["start"]["refusals"] == ["TypeError"]
    assert result.exit_status == 1 and "faults: 2 error answer(s)" in result.out


@pytest.mark.parametrize("mode,fragment", [
    ("banner", "answered start with a line that is not JSON"),
    ("protocol1", "port speaks protocol 1; this harness speaks protocol 2: run messages no longer carry a case"),
    ("incomplete", "start-reply.schema.json"),
    ("exit", "exited (status 7) without answering start"),
    ("silent", "no answer to start within 0.5s"),
])
def test_a_port_that_does_not_start(tmp_path, mode, fragment):
    options = Options(timeout=0.5, start_timeout=0.5, stop_grace=0.3)
    result, rec, entries = run(tmp_path, "bad_start.py", mode, options=options)
    assert set(statuses(entries).values()) == {"not-run"}
    assert result.exit_status == 1 and rec["start"]["implementation"] is None
    (down,) = [e for e in rec["events"] if e["event"] == "port"]
    assert down["what"] == "down" and fragment in down["detail"]
    assert fragment in result.err and "probably broken" in result.verdict
    if mode == "exit":
        assert "cannot find libmetrics.so" in down["stderr"] and "cannot find libmetrics.so" in result.err


def test_nearly_all_wrong_says_the_port_is_probably_broken(tmp_path):
    result, rec, entries = run(tmp_path, "always_wrong.py")
    assert result.totals["failed"] == len(IDS)  # the error cases too: a value where the oracle errors
    assert "probably broken" in result.verdict and "mapping" in result.verdict


def test_skipping_everything_judges_nothing_and_exits_1(tmp_path):
    result, rec, entries = run(tmp_path, "skip_all.py")
    assert result.exit_status == 1 and result.totals["skipped"] == len(IDS)
    assert "nothing was judged" in result.verdict


def test_a_run_of_no_case_judges_nothing_and_exits_1(tmp_path):
    result, rec, entries = run(tmp_path, "honest.py", cases=[])
    assert result.exit_status == 1 and result.totals["cases"] == 0 and rec["end"]["exit_status"] == 1
    assert result.verdict == "nothing was judged: no case was run"


def test_what_a_port_receives_is_the_call_and_a_seq(tmp_path):
    log = tmp_path / "messages.jsonl"
    result, rec, entries = run(tmp_path, "spy.py", str(log))
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert [sorted(m) for m in messages] == [["cmd", "inputs", "metric", "params", "seq"]] * len(IDS)
    by_id = {c.id: c.raw for c in CORPUS}
    for m, case_id in zip(messages, IDS):
        assert conforms("run", m), schema_errors("run", m)
        assert {k: m[k] for k in ("metric", "inputs", "params")} == {k: by_id[case_id][k] for k in ("metric", "inputs", "params")}
    assert [m["seq"] for m in messages] == list(range(len(IDS)))


def test_a_tolerance_for_some_metrics_leaves_the_others_at_the_corpus_tolerance(tmp_path):
    # wrong_metric.py adds 0.01 to f1_score values
    entry = "tolerances: [{metrics: [f1_*], atol: 0.02, note: float32}]\n"
    result, rec, entries = run(tmp_path, "wrong_metric.py", extra=entry)
    assert result.exit_status == 0, result.out
    assert rec["start"]["tolerance"]["per_metric"] == [{"metrics": ["f1_*"], "atol": 0.02, "note": "float32"}]
    assert "f1_*: rtol=1e-09 atol=0.02" in result.out
    other = "tolerances: [{metrics: [precision_score], atol: 0.02, note: float32}]\n"
    result, rec, entries = run(tmp_path / "other", "wrong_metric.py", extra=other)
    assert result.exit_status == 1 and entries["f1_score/macro"]["status"] == "failed"


def test_tolerance_from_the_port_manifest(tmp_path):
    result, rec, entries = run(tmp_path, "wrong_metric.py", extra="tolerance: {atol: 0.02}\n")
    assert result.exit_status == 0
    assert rec["start"]["tolerance"] == {"rtol": 1e-9, "atol": 0.02, "source": "port"}


DECLARED = """\
divergences:
  - id: f1-off-by-a-bit
    kind: bug
    selector: {metrics: [f1_score]}
    note: adds 0.01
    link: https://example.invalid/1
  - id: cm-transposed
    kind: choice
    selector: {metrics: [confusion_matrix]}
    note: rows are predictions
    link: https://example.invalid/2
  - id: roc
    kind: unsupported
    selector: {metrics: [roc_auc_score]}
    note: not there
    link: https://example.invalid/3
"""


def test_declared_divergences_stale_and_unmatched(tmp_path):
    result, rec, entries = run(tmp_path, "wrong_metric.py", extra=DECLARED)
    assert result.exit_status == 0
    assert result.totals["declared"] == 3 and result.totals["failed"] == 0
    assert entries["f1_score/binary"]["status"] == "declared"
    assert entries["f1_score/binary"]["divergence"] == "f1-off-by-a-bit"
    assert entries["f1_score/zd-nan"]["status"] == "passed" and entries["f1_score/zd-nan"]["divergence"] is None
    report = {d["id"]: d for d in rec["end"]["divergences"]}
    assert report["cm-transposed"]["stale"] and report["roc"]["unmatched"]
    assert not report["f1-off-by-a-bit"]["stale"]
    assert "divergence cm-transposed: matched 1, differ 0, passed 1, skipped 0  (stale: remove it" in result.out
    assert "divergence roc: matched 0, differ 0, passed 0, skipped 0  (unmatched" in result.out
    assert "divergence f1-off-by-a-bit: matched 5, differ 3, passed 2, skipped 0  (wider than the behaviour" in result.out
    assert report["f1-off-by-a-bit"]["wider"] and not report["cm-transposed"]["wider"]
    assert [d["id"] for d in rec["start"]["divergences"]] == ["f1-off-by-a-bit", "cm-transposed", "roc"]
