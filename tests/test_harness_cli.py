"""`parity verify`: options, exit statuses, the run record, offline results, interruption."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from conformance.cli import main
from conformance.corpus import load_corpus
from conformance.harness.protocol import conforms, schema_errors
from conformance.harness.record import iter_record, read_record
from fake_ports import kit

CORPUS_DIR = kit.small_corpus()
CORPUS = load_corpus(CORPUS_DIR)
IDS = [c.id for c in CORPUS]


def verify(capsys, *args):
    code = main(["verify", *map(str, args), "--corpus", str(CORPUS_DIR), "--timeout", "1", "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# ------------------------------------------------------------------ exit statuses


def test_exit_0_when_everything_passes(tmp_path, capsys):
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"))
    assert code == 0 and f"{len(IDS)} cases: passed {len(IDS)}" in out and err == ""


def test_exit_1_on_an_undeclared_failure(tmp_path, capsys):
    code, out, err = verify(capsys, kit.make_port(tmp_path, "wrong_metric.py"))
    assert code == 1 and "failed 3" in out
    assert "f1_score/binary: failed: value: expected 0.5, got 0.51" in out


def test_exit_1_when_the_port_misbehaves(tmp_path, capsys):
    code, out, err = verify(capsys, kit.make_port(tmp_path, "crash.py", "f1_score/binary"))
    assert code == 1 and "crashed 1" in out


def test_exit_0_with_declared_divergences(tmp_path, capsys):
    extra = ("divergences:\n  - {id: off-by-0.01, kind: bug, selector: {metrics: [f1_score]}, note: adds 0.01, "
             "link: https://example.invalid}\n")
    code, out, err = verify(capsys, kit.make_port(tmp_path, "wrong_metric.py", extra=extra))
    assert code == 0 and "declared 3" in out


@pytest.mark.parametrize("args,fragment", [
    (["nowhere"], "nowhere: not a directory"),
    (["{port}", "--corpus", "nowhere"], "parity verify: --corpus nowhere: not a directory"),
    (["{port}", "--only", "roc_*"], "parity verify: --only 'roc_*' matches no case id, metric or tag"),
    (["{port}", "--json", "no/such/dir/run.json"], "parity verify: --json no/such/dir/run.json: folder"),
    (["{port}", "--results", "missing.jsonl"], "parity verify: --results missing.jsonl: not a file"),
    (["{port}", "--timeout", "0"], "parity verify: error: argument --timeout: '0': must be a positive number"),
    (["{port}", "--window", "0"], "parity verify: error: argument --window: '0': must be at least 1"),
])
def test_usage_errors_through_the_real_command(tmp_path, args, fragment):
    port = kit.make_port(tmp_path, "honest.py")
    argv = [a.replace("{port}", str(port)) for a in args]
    if "--corpus" not in argv:
        argv += ["--corpus", str(CORPUS_DIR)]
    r = kit.parity("verify", *argv, cwd=tmp_path)
    assert r.returncode == 2
    assert fragment in one_line_error(r.stderr)
    assert r.stdout == ""


def test_bad_corpus_is_exit_2(tmp_path, capsys):
    bad = tmp_path / "corpus"
    bad.mkdir()
    (bad / "MANIFEST.json").write_text("{}")
    code = main(["verify", str(kit.make_port(tmp_path, "honest.py")), "--corpus", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "the corpus has" in err.splitlines()[-1] and "Traceback" not in err


def test_manifest_problems_are_one_line_each_exit_2(tmp_path, capsys):
    (tmp_path / "port.yaml").write_text("name: p\ncommand: node\ndivergences: [{id: x}]\n")
    code = main(["verify", str(tmp_path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert all(line.startswith(f"{tmp_path / 'port.yaml'}: ") for line in err)
    assert any(": language: required field is missing" in line for line in err)
    assert any(": command: must be array" in line for line in err)
    assert any(": divergences[0].kind: required field is missing" in line for line in err)


def test_command_not_found_is_exit_2(tmp_path, capsys):
    (tmp_path / "port.yaml").write_text("name: p\nlanguage: x\ncommand: [no-such-program-here, run]\n")
    record = tmp_path / "run.json"
    code = main(["verify", str(tmp_path), "--json", str(record), "--corpus", str(CORPUS_DIR)])
    err = capsys.readouterr().err
    assert code == 2
    assert one_line_error(err).startswith(f"{tmp_path / 'port.yaml'}: command: cannot run 'no-such-program-here'")
    assert not record.exists()


# ------------------------------------------------------------------ --only


@pytest.mark.parametrize("only,want", [
    (["f1_score"], [i for i in IDS if i.startswith("f1_score/")]),
    (["*/zd-*"], ["f1_score/zd-macro", "f1_score/zd-nan"]),
    (["zero-division", "multiclass"], ["confusion_matrix/basic", "f1_score/zd-macro", "f1_score/zd-nan"]),
    (["accuracy_score/basic"], ["accuracy_score/basic"]),
])
def test_only_globs_ids_metrics_and_tags(tmp_path, capsys, only, want):
    record = tmp_path / "run.json"
    args = [a for pattern in only for a in ("--only", pattern)]
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"), *args, "--json", record)
    rec = read_record(record)
    assert code == 0
    assert sorted(c["id"] for c in rec["cases"]) == sorted(want)
    assert rec["start"]["selection"]["only"] == only
    assert rec["start"]["corpus"]["selected"] == len(want) and rec["start"]["corpus"]["cases"] == len(IDS)


# ------------------------------------------------------------------ the record


def test_the_record_follows_its_schema_and_holds_what_reports_need(tmp_path, capsys):
    record = tmp_path / "run.json"
    code, out, err = verify(capsys, kit.make_port(tmp_path, "wrong_metric.py"), "--json", record)
    events = list(iter_record(record))
    for event in events:
        assert conforms("run-record", event), schema_errors("run-record", event)
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    start, end = events[0], events[-1]
    assert start["corpus"]["sha256"] == CORPUS.sha256 and start["corpus"]["version"] == CORPUS.version
    assert start["oracle"] == {"library": "scikit-learn", "version": "1.9.1"}
    assert start["implementation"]["name"] == "fake" and start["mode"] == "live"
    cases = [e for e in events if e["event"] == "case"]
    assert [c["id"] for c in cases] == IDS
    by_id = {c["id"]: c for c in cases}
    assert by_id["f1_score/zd-macro"]["params"] == {"average": "macro", "zero_division": 0}
    assert by_id["f1_score/zd-macro"]["tags"] == ["macro", "zero-division"]
    assert by_id["f1_score/zd-nan"]["expected"] == {"value": "NaN"} == by_id["f1_score/zd-nan"]["actual"]
    assert by_id["accuracy_score/empty"]["expected"]["error"]["type"] == "ValueError"
    assert end["totals"]["cases"] == len(IDS) and end["totals"]["failed"] == 3 and end["exit_status"] == 1
    assert sum(end["totals"][s] for s in ("passed", "failed", "declared", "skipped", "faulted",
                                          "crashed", "timed-out", "protocol-error", "not-run")) == len(IDS)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_the_record_is_streamed_and_an_interrupted_run_leaves_a_readable_part(tmp_path, sig):
    record = tmp_path / "run.json"
    port = kit.make_port(tmp_path, "slow.py", "0.3")
    proc = subprocess.Popen([sys.executable, "-m", "conformance.cli", "verify", str(port), "--corpus",
                             str(CORPUS_DIR), "--json", str(record), "--window", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=kit.REPO)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if record.exists() and record.read_text().count('"event":"case"') >= 2:
                break
            time.sleep(0.05)
        partial = read_record(record)  # mid-run: readable, no end yet
        assert partial["start"] is not None and partial["end"] is None and len(partial["cases"]) >= 2
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err.decode()
    final = read_record(record)
    assert final["end"]["interrupted"] is True
    assert 2 <= len(final["cases"]) < len(IDS)
    assert final["end"]["totals"]["cases"] == len(final["cases"])
    assert b"interrupted" in out


def test_a_killed_run_leaves_a_readable_partial_record(tmp_path):
    record = tmp_path / "run.json"
    port = kit.make_port(tmp_path, "slow.py", "0.3")
    proc = subprocess.Popen([sys.executable, "-m", "conformance.cli", "verify", str(port), "--corpus",
                             str(CORPUS_DIR), "--json", str(record), "--window", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=kit.REPO)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (record.exists() and '"event":"case"' in record.read_text()):
            time.sleep(0.05)
    finally:
        proc.kill()
        proc.wait()
    partial = read_record(record)
    assert partial["start"] is not None and partial["end"] is None and partial["cases"]


# ------------------------------------------------------------------ --results


def answers_file(tmp_path, lines):
    path = tmp_path / "results.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def honest_answers():
    out = []
    for case in CORPUS:
        if case.expected.is_error:
            out.append({"id": case.id, "error": {"type": "ValueError", "message": "no"}})
        else:
            out.append({"id": case.id, "value": case.raw["expected"]["value"]})
    return out


def test_results_file_judged_like_a_live_run(tmp_path, capsys):
    header = {"protocol": 2, "implementation": {"name": "kt", "version": "2.1", "language": "kotlin"}}
    results = answers_file(tmp_path, [header, *reversed(honest_answers())])
    record = tmp_path / "run.json"
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"), "--results", results, "--json", record)
    assert code == 0, out
    rec = read_record(record)
    assert rec["start"]["mode"] == "results" and rec["start"]["implementation"]["name"] == "kt"
    assert rec["start"]["self_reported"] is True and "self-reported: judged from a results file" in out
    assert rec["start"]["port"]["results"] == str(results)
    assert {c["status"] for c in rec["cases"]} == {"passed"} and len(rec["cases"]) == len(IDS)
    for event in rec["events"]:
        assert conforms("run-record", event), schema_errors("run-record", event)


def test_results_file_with_wrong_values_fails_the_same_cases(tmp_path, capsys):
    answers = honest_answers()
    for a in answers:
        if a["id"] == "f1_score/binary":
            a["value"] = 0.51
    results = answers_file(tmp_path, answers)
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"), "--results", results)
    assert code == 1 and "f1_score/binary: failed: value: expected 0.5, got 0.51" in out


def test_results_file_problems(tmp_path, capsys):
    answers = [a for a in honest_answers() if a["id"] != "recall_score/weighted"]  # missing
    answers.append({"id": "f1_score/macro", "value": 0.1})  # duplicate
    answers.append({"id": "roc_auc_score/x", "value": 0.5})  # not in the corpus
    answers.append("this is not json")
    answers.append({"value": 1})  # no id
    answers = [a if not (isinstance(a, dict) and a.get("id") == "f1_score/zd-nan") else
               '{"id": "f1_score/zd-nan", "value": NaN}' for a in answers]  # bare NaN
    results = answers_file(tmp_path, answers)
    record = tmp_path / "run.json"
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"), "--results", results, "--json", record)
    assert code == 1
    rec = read_record(record)
    by_id = {c["id"]: c for c in rec["cases"]}
    assert by_id["recall_score/weighted"]["status"] == "not-run"
    assert by_id["recall_score/weighted"]["detail"] == "no answer in the results file"
    assert by_id["f1_score/macro"]["status"] == "protocol-error"
    assert "answered 2 times (lines" in by_id["f1_score/macro"]["detail"]
    assert by_id["f1_score/zd-nan"]["status"] == "protocol-error"
    assert "bare NaN token" in by_id["f1_score/zd-nan"]["detail"]
    problems = [e for e in rec["events"] if e["event"] == "results-problem"]
    messages = [p["message"] for p in problems]
    assert any("'roc_auc_score/x' is not in the corpus" in m for m in messages)
    assert any(m.startswith("not JSON") for m in messages)
    assert any(m.startswith("answer without a string id") for m in messages)
    assert all(isinstance(p["line"], int) for p in problems)
    assert rec["end"]["totals"]["results-problems"] == 3
    assert "results file:" in out and "is not in the corpus" in out


def test_results_file_respects_only(tmp_path, capsys):
    results = answers_file(tmp_path, honest_answers())
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"), "--results", results, "--only", "f1_score")
    assert code == 0 and "6 cases: passed 6" not in out and "cases: passed" in out


# ------------------------------------------------------------------ terminal, setup


def test_progress_bar_only_on_a_terminal(tmp_path):
    import pty
    import select

    port = kit.make_port(tmp_path, "honest.py")
    r = kit.parity("verify", str(port), "--corpus", str(CORPUS_DIR))
    assert r.returncode == 0 and r.stderr == ""  # not a terminal: no bar
    primary, secondary = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "conformance.cli", "verify", str(port), "--corpus",
                             str(CORPUS_DIR)], stdout=subprocess.PIPE, stderr=secondary, cwd=kit.REPO)
    os.close(secondary)
    seen = b""
    try:
        while select.select([primary], [], [], 30)[0]:
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # the terminal closed: the command is done
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(primary)
        proc.wait(timeout=30)
    assert proc.returncode == 0
    assert b"0/11 [" in seen and b"case/s]" in seen  # tqdm's bar, on the terminal
    assert b"0/11" not in proc.stdout.read()


def test_setup_runs_in_the_port_folder(tmp_path, capsys):
    extra = "setup: ['{python}', '-c', 'open(\"installed\", \"w\").close()']\n"
    port = kit.make_port(tmp_path, "honest.py", extra=extra)
    code, out, err = verify(capsys, port, "--setup")
    assert code == 0 and (port / "installed").exists()
    failing = kit.make_port(tmp_path, "honest.py", name="failing",
                            extra="setup: ['{python}', '-c', 'raise SystemExit(4)']\n")
    code, out, err = verify(capsys, failing, "--setup")
    assert code == 1 and "setup exited with status 4" in err


def test_a_torn_last_line_is_skipped(tmp_path, capsys):
    record = tmp_path / "run.json"
    code, out, err = verify(capsys, kit.make_port(tmp_path, "honest.py"), "--json", record)
    text = record.read_text()
    cut = text[: text.rindex('{"event":"end"') + 20]  # killed in the middle of writing the end event
    record.write_text(cut)
    partial = read_record(record)
    assert partial["end"] is None and len(partial["cases"]) == len(IDS)


# ------------------------------------------------------------------ issue 13: CLI polish


DATA = kit.REPO / "tests" / "data" / "reports"


def _closed_stdout(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run `parity ARGS` with a stdout whose reader has already gone away (`parity … | head` once
    head has exited): every write to it fails with EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "conformance.cli", *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=timeout, cwd=kit.REPO)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("command", ["verify", "lint", "report", "diff", "fuzz"])
def test_a_closed_stdout_ends_the_command_quietly_with_141(tmp_path, command):
    args = {
        "verify": ["verify", str(kit.make_port(tmp_path, "honest.py")), "--corpus", str(CORPUS_DIR), "--no-progress"],
        "lint": ["lint", str(CORPUS_DIR)],
        "report": ["report", str(DATA / "alpha.jsonl"), "--out", str(tmp_path / "out")],
        "diff": ["diff", str(DATA / "alpha.jsonl"), str(DATA / "beta.jsonl")],
        "fuzz": ["fuzz", str(kit.REPO / "ports" / "reference"), "--corpus", str(CORPUS_DIR), "--examples", "2",
                 "--metric", "accuracy_score", "--no-shrink", "--no-relations"],
    }[command]
    r = _closed_stdout(*args)
    assert r.returncode == 141, r.stderr
    assert "Traceback" not in r.stderr and "BrokenPipeError" not in r.stderr and "Exception ignored" not in r.stderr
    assert r.stderr == "", r.stderr


def test_help_is_plain_text(capsys):
    """No reStructuredText or Markdown from docstrings in any help text: ``parity``, `parity`, :func:."""
    from conformance.cli import build_parser

    commands = ["", *build_parser()._subparsers._group_actions[0].choices]
    assert set(commands) == {"", "lint", "generate", "verify", "report", "diff", "fuzz", "provenance"}
    for command in commands:
        with pytest.raises(SystemExit) as done:
            main([command, "--help"] if command else ["--help"])
        text = capsys.readouterr().out
        assert done.value.code == 0 and text.startswith("usage: parity"), command
        for markup in ("``", "`", ":func:", ":mod:", "**", ".. "):
            assert markup not in text, (command, markup, text)
    main_help = " ".join(build_parser().format_help().split())
    assert "as the oracle" in main_help and "Exit status" in main_help


def test_the_start_timeout_comes_from_port_yaml_and_the_option_overrides_it(tmp_path):
    port = kit.make_port(tmp_path, "slow_start.py", "1.5", extra="start_timeout: 0.3\n")
    record = tmp_path / "run.json"
    t0 = time.monotonic()
    r = kit.parity("verify", str(port), "--corpus", str(CORPUS_DIR), "--json", str(record))
    assert r.returncode == 1 and time.monotonic() - t0 < 30
    assert "the port did not start: no answer to start within 0.3s" in r.stderr.splitlines()[0]
    rec = read_record(record)
    assert {c["status"] for c in rec["cases"]} == {"not-run"} and rec["start"]["options"]["start_timeout"] == 0.3
    r = kit.parity("verify", str(port), "--corpus", str(CORPUS_DIR), "--json", str(record), "--start-timeout", "20")
    assert r.returncode == 0, r.stdout + r.stderr
    assert read_record(record)["start"]["options"]["start_timeout"] == 20


def test_the_default_start_timeout_is_30_seconds(tmp_path):
    from conformance.harness import load_manifest
    from conformance.harness.live import Options, start_timeout

    manifest = load_manifest(kit.make_port(tmp_path, "honest.py"))
    assert start_timeout(manifest, Options()) == 30
    assert Options().for_port(manifest).max_consecutive_timeouts == 3


@pytest.mark.parametrize("extra,field", [
    ("start_timeout: 0\n", "start_timeout"),
    ("start_timeout: soon\n", "start_timeout"),
    ("max_consecutive_timeouts: 0\n", "max_consecutive_timeouts"),
    ("max_consecutive_timeouts: 1.5\n", "max_consecutive_timeouts"),
])
def test_bad_start_timeout_or_timeout_limit_in_port_yaml_is_exit_2(tmp_path, capsys, extra, field):
    port = kit.make_port(tmp_path, "honest.py", extra=extra)
    code, out, err = verify(capsys, port)
    assert code == 2 and one_line_error(err).startswith(f"{port / 'port.yaml'}: {field}: ")


def test_start_timeout_option_must_be_positive(tmp_path):
    r = kit.parity("verify", str(kit.make_port(tmp_path, "honest.py")), "--start-timeout", "-1")
    assert r.returncode == 2
    assert "argument --start-timeout: '-1': must be a positive number" in one_line_error(r.stderr)


def test_a_port_that_hangs_after_start_is_given_up_on_in_seconds(tmp_path):
    port = kit.make_port(tmp_path, "mute.py", extra="max_consecutive_timeouts: 2\n")
    record = tmp_path / "run.json"
    t0 = time.monotonic()
    r = kit.parity("verify", str(port), "--corpus", str(CORPUS_DIR), "--timeout", "0.5", "--json", str(record))
    elapsed = time.monotonic() - t0
    assert r.returncode == 1 and elapsed < 15, (elapsed, r.stderr)
    line = one_line_error(r.stderr)
    assert line.startswith(f"parity verify: port fake ({port}): 2 cases in a row timed out; gave up on it")
    assert f"the remaining {len(IDS) - 2} case(s) are not-run" in line
    rec = read_record(record)
    assert [c["status"] for c in rec["cases"]] == ["timed-out"] * 2 + ["not-run"] * (len(IDS) - 2)
    assert rec["end"]["totals"]["restarts"] == 1 and rec["start"]["options"]["max_consecutive_timeouts"] == 2
    (down,) = [e for e in rec["events"] if e["event"] == "port" and e["what"] == "down"]
    assert "2 cases in a row timed out" in down["detail"]
    assert "not-run 9" in r.stdout and "the port went down: 2 cases in a row timed out" in r.stdout


RESULTS_ONLY = "name: kt\nlanguage: kotlin\n" + kit.REFUSALS


def test_a_port_without_a_command_is_judged_from_its_results_file(tmp_path, capsys):
    port = tmp_path / "kt"
    port.mkdir()
    (port / "port.yaml").write_text(RESULTS_ONLY)
    results = answers_file(tmp_path, honest_answers())
    record = tmp_path / "run.json"
    code, out, err = verify(capsys, port, "--results", results, "--json", record)
    assert code == 0 and err == "", out + err
    rec = read_record(record)
    assert rec["start"]["port"]["command"] == [] and {c["status"] for c in rec["cases"]} == {"passed"}
    for event in rec["events"]:
        assert conforms("run-record", event), schema_errors("run-record", event)


def test_a_port_without_a_command_cannot_run_live(tmp_path, capsys):
    port = tmp_path / "kt"
    port.mkdir()
    (port / "port.yaml").write_text(RESULTS_ONLY)
    code, out, err = verify(capsys, port)
    line = one_line_error(err)
    assert code == 2 and line.startswith(f"{port / 'port.yaml'}: command: required field is missing")
    assert "--results" in line


def test_a_run_that_judges_nothing_exits_1_and_says_why(tmp_path, capsys):
    code, out, err = verify(capsys, kit.make_port(tmp_path, "skip_all.py"))
    assert code == 1
    assert f"note: every case was skipped, so nothing was judged; the most common reasons: 'no such metric' ({len(IDS)})" in out
    assert out.strip().splitlines()[-1].startswith("nothing was judged")
