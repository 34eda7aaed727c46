"""ports/csharp: the C# port, compiled with Mono's mcs and run with `mono`, on the bundled corpus.

The toolchain really runs: mono must be on the machine and ports/csharp/build/CSharpPort.exe must be
built from the current sources (`sh ports/csharp/build.sh`, which .ci/install runs).  The test fails,
naming that command, when the exe is missing or older than a source; it builds and installs nothing.

Two ways the C# program meets the corpus, each run once for the module:

* live: `parity verify ports/csharp` over protocol 2 (exit 0; exact totals per status and per metric,
  no fault of any kind; every error one of the library's refusals; the skip reasons with their counts);
* results file: the program's own test runner (`--results FILE --corpus oracle`) walks the corpus with
  its OracleLoader and writes a results file that `parity verify --results` judges exactly as the live
  run, case by case.

port.yaml declares no divergence and only the default conventions, so there is nothing whose removal
could make the run fail; instead a copy claiming a convention the library does not follow
(zero-division=nan) must fail.  A few direct checks of the loader's non-finite decoding and refusals
go through the program's `--decode-numbers` and `--check-corpus` modes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conformance.harness.record import read_record
from port_runs import TOTALS, assert_totals, corpus_run, parity, require_build, verify_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "csharp"
EXE = PORT / "build" / "CSharpPort.exe"

MAPPED = {"accuracy_score", "confusion_matrix", "precision_score", "recall_score", "f1_score", "fbeta_score",
          "precision_recall_fscore_support", "classification_report", "balanced_accuracy_score",
          "matthews_corrcoef", "cohen_kappa_score"}
REFUSALS = ["ArgumentException", "ArgumentOutOfRangeException"]


def mono(*args, stdin: str | None = None, timeout=120):
    return subprocess.run(["mono", str(EXE), *args], cwd=PORT, input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def _require_the_port():
    assert shutil.which("mono"), "mono is not on PATH: ports/csharp needs `apt-get install -y mono-mcs mono-devel`"
    require_build(EXE, [*(PORT / "src").rglob("*.cs"), PORT / "build.sh"], "sh ports/csharp/build.sh")


@pytest.fixture(scope="module")
@corpus_run
def live(tmp_path_factory):
    _require_the_port()
    return verify_run(PORT, tmp_path_factory.mktemp("csharp-live"))


@pytest.fixture(scope="module")
@corpus_run
def offline(tmp_path_factory):
    """The program's own test runner over the bundled corpus, then the harness judging its results file."""
    _require_the_port()
    folder = tmp_path_factory.mktemp("csharp-results")
    results = folder / "results.jsonl"
    runner = mono("--results", str(results), "--corpus", str(REPO / "oracle"), timeout=300)
    assert runner.returncode == 0, runner.stderr[-3000:]
    return (*verify_run(PORT, folder, "--results", str(results)), results)


# ------------------------------------------------------------------ live


def test_live_verify_exits_0_with_exact_totals(live, corpus, golden):
    proc, rec = live
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert rec["start"]["corpus"]["cases"] == rec["start"]["corpus"]["selected"] == len(corpus)
    assert_totals(rec, golden)
    assert rec["start"]["harness"]["protocol"] == 2 and rec["start"]["mode"] != "results"
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["language"]) == ("metricparity-csharp", "csharp")
    assert implementation["language_version"].startswith("mono ")


def test_outcomes_per_metric(live, golden):
    """The whole run, per metric and status (golden): the same live and from the results file."""
    _, rec = live
    statuses = {m: Counter() for m in sorted(MAPPED)}
    for c in rec["cases"]:
        if c["metric"] in MAPPED:
            statuses[c["metric"]][c["status"]] += 1
        else:
            assert (c["status"], c["actual"].get("skipped")) == ("skipped", "no such metric in this library"), c["id"]
    golden({m: dict(sorted(s.items())) for m, s in statuses.items()})


def test_skip_reasons_name_what_the_library_lacks(live, golden):
    """Every skip reason, with its count (golden): each names something the library has no way to be asked for."""
    _, rec = live
    golden(dict(sorted(Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped").items())))


def test_string_inputs_are_skipped_for_the_int_labels(live, corpus, golden):
    """The library's labels are int and its weights double: every case of a mapped metric whose inputs hold
    a string (input property `strings`: a string label, or "abc" where a number belongs) is skipped, saying
    which input holds which string; none is answered, none faults (docs/ports.md, "String labels")."""
    import re

    from conformance.properties import strings

    _, rec = live
    by_id = {c["id"]: c for c in rec["cases"]}
    reasons = Counter()
    for case in corpus.cases:
        if case.metric in MAPPED and strings(case.inputs):
            answer = by_id[case.id]
            assert answer["status"] == "skipped", case.id
            reason = answer["actual"]["skipped"]
            assert re.fullmatch(r'(y_true|y_pred|y1|y2) holds ".*": the library\'s labels are int'
                                r'|sample_weight holds ".*": sampleWeight is a double array in this library', reason), reason
            reasons[reason.split(" holds ")[0]] += 1
    golden(dict(sorted(reasons.items())))


def test_every_error_is_a_library_refusal(live, golden):
    """Every error the port answers is one of the library's two declared refusal types, thrown by the
    library itself (none uncaught), and lands on a case where scikit-learn raises too."""
    _, rec = live
    assert rec["start"]["refusals"] == REFUSALS
    errors = [c for c in rec["cases"] if "error" in c["actual"]]
    assert not [c["id"] for c in errors if c["actual"]["error"].get("uncaught")]
    assert {c["status"] for c in errors} == {"passed"}
    # ArgumentOutOfRangeException: fbeta_score / precision_recall_fscore_support with beta < 0
    assert {c["actual"]["error"]["type"] for c in errors} == {"ArgumentException", "ArgumentOutOfRangeException"}
    golden(dict(sorted(Counter(c["actual"]["error"]["type"] for c in errors).items())), "errors by type")


def test_the_record_rules_hold_on_their_cases(live):
    """The design record's rules, on the cases that pin them: a label subset drops samples for kappa and
    keeps them for F; the normalized matrix is taken after the subset; Matthews's undefined case is 0.0
    and kappa's NaN (the per-metric ZeroDivision defaults); weighted kappa follows the label order."""
    _, rec = live
    cases = {c["id"]: c for c in rec["cases"]}
    for case_id, value in {
        "cohen_kappa_score/labels-subset/drops-samples/weights=None": pytest.approx(1 / 3),
        "f1_score/labels/subset-keeps-samples-outside-labels/average=macro": pytest.approx(0.5),
        "confusion_matrix/normalize=true/after-labels-drop-samples": [[1, 0], [0.5, 0.5]],
        "matthews_corrcoef/zero-denominator/one-sample": 0,
        "cohen_kappa_score/undefined/one-label-in-common": "NaN",
        "cohen_kappa_score/weights=linear/labels-reversed": pytest.approx(0.7037037037037037),
        "cohen_kappa_score/weights=linear/labels-permuted": pytest.approx(0.4666666666666667),
    }.items():
        assert (cases[case_id]["status"], cases[case_id]["actual"]["value"]) == ("passed", value), case_id


# ------------------------------------------------------------------ declarations


def test_nothing_to_strip_and_a_false_convention_fails(live, tmp_path, golden):
    """port.yaml declares no divergence and only the default conventions (which change no expected
    value): no case of the live run is `convention` or `declared`, so stripping the declarations leaves
    the run as it is.  The declarations are still judged: a copy claiming zero-division=nan, which the
    library does not follow (its default is Zero), fails exactly on cases judged under that convention."""
    _, rec = live
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    assert "divergences" not in manifest and "tolerance" not in manifest and "tolerances" not in manifest
    assert manifest["conventions"] == {"*": ["classes=observed", "zero-division=0"]}
    assert rec["end"]["divergences"] == []
    assert not [c["id"] for c in rec["cases"] if c["status"] in ("by-convention", "declared")]

    port = tmp_path / "csharp-claims-nan"
    port.mkdir()
    text = (PORT / "port.yaml").read_text()
    claimed = text.replace('"*": [classes=observed, zero-division=0]', '"*": [classes=observed, zero-division=nan]')
    assert claimed != text
    (port / "port.yaml").write_text(claimed.replace("build/CSharpPort.exe", str(EXE)))
    record = tmp_path / "run.json"
    proc = parity("verify", str(port), "--json", str(record), "--only", "precision_score")
    assert proc.returncode == 1, proc.stdout[-2000:]
    failed = [c for c in read_record(record)["cases"] if c["status"] == "failed"]
    golden(len(failed), "failed")
    assert failed and {c["convention"] for c in failed} == {"zero-division=nan"}


# ------------------------------------------------------------------ results file


def test_results_file_gives_the_live_verdicts(live, offline):
    _, live_rec = live
    proc, rec, results = offline
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert rec["start"]["mode"] == "results" and rec["start"]["self_reported"] is True
    assert {k: rec["end"]["totals"][k] for k in TOTALS} == {k: live_rec["end"]["totals"][k] for k in TOTALS}
    header = json.loads(results.read_text(encoding="utf-8").splitlines()[0])
    assert header["protocol"] == 2 and header["implementation"]["name"] == "metricparity-csharp"
    live_cases = {c["id"]: (c["status"], c["actual"]) for c in live_rec["cases"]}
    offline_cases = {c["id"]: (c["status"], c["actual"]) for c in rec["cases"]}
    assert len(offline_cases) == len(live_rec["cases"])
    assert offline_cases == live_cases


# ------------------------------------------------------------------ the program, directly


def test_the_port_speaks_protocol_2_and_reads_only_the_call():
    """start is answered with protocol 2; a run message is answered from its metric, inputs and params
    alone (other fields change nothing); non-finite numbers travel as strings both ways; a string label
    is skipped (the library's labels are int); what the adapter's decoding refuses (a misspelt
    non-finite number) is its own failure (uncaught), not the library's refusal."""
    _require_the_port()
    call = {"metric": "f1_score", "inputs": {"y_true": [2, 1, 1, 0], "y_pred": [2, 0, 1, 2]}, "params": {"average": "macro"}}
    noise = {"id": "x", "tags": ["macro"], "description": "d", "splits": [1],
             "case": {"metric": "accuracy_score", "inputs": {"y_true": [1], "y_pred": [1]}, "params": {}}}
    messages = [
        {"cmd": "start", "protocol": 2},
        {"cmd": "run", "seq": 0, **call},
        {"cmd": "run", "seq": 1, **call, **noise},
        {"cmd": "run", "seq": 2, "metric": "cohen_kappa_score", "inputs": {"y1": [1, 1, 1], "y2": [1, 1, 1]}, "params": {}},
        {"cmd": "run", "seq": 3, "metric": "precision_score", "inputs": {"y_true": [0, 1], "y_pred": [0, 0]},
         "params": {"zero_division": "NaN"}},
        {"cmd": "run", "seq": 4, "metric": "accuracy_score",
         "inputs": {"y_true": [0, 1], "y_pred": [0, 1], "sample_weight": ["Infinity", 1]}, "params": {}},
        {"cmd": "run", "seq": 5, "metric": "f1_score", "inputs": {"y_true": [0, 1], "y_pred": [0, "x"]}, "params": {}},
        {"cmd": "run", "seq": 6, "metric": "f1_score", "inputs": {"y_true": [0, 1], "y_pred": [0, "nan"]}, "params": {}},
        {"cmd": "stop"},
    ]
    proc = subprocess.run(["mono", str(EXE)], cwd=PORT, input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    reply, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert reply["protocol"] == 2 and reply["implementation"]["language"] == "csharp"
    assert answers[0] == {"seq": 0, "value": pytest.approx(4 / 9, abs=1e-15)}
    assert answers[1] == answers[0] | {"seq": 1}
    assert answers[2] == {"seq": 2, "value": "NaN"}  # kappa's default ZeroDivision.NaN, written as the string
    assert answers[3] == {"seq": 3, "value": "NaN"}  # zero_division "NaN" decoded to ZeroDivision.NaN
    assert answers[4]["error"] == {"type": "ArgumentException", "message": "sampleWeight must be finite"}
    # a string label reaches the adapter as a string (decision 0033); the library's labels are int
    assert answers[5] == {"seq": 5, "skipped": 'y_pred holds "x": the library\'s labels are int'}
    # a misspelt non-finite number is no label: the decoder refuses it, a fault of the port's own
    assert answers[6]["error"]["type"] == "EncodingException" and answers[6]["error"]["uncaught"] is True
    assert 'string "nan" looks like a misspelt NaN' in answers[6]["error"]["message"]


def test_the_loader_decodes_the_three_strings_and_refuses_any_other():
    _require_the_port()
    lines = ['["NaN", "Infinity", "-Infinity", 1.5, [0, "NaN"]]', '["nan"]', '[2, true]', '[NaN]']
    proc = mono("--decode-numbers", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[0] == ["NaN", "+Infinity", "-Infinity", "1.5", "0", "NaN"]
    assert out[1] == {"error": 'EncodingException: value[0]: string "nan" where a number is expected'}
    assert out[2] == {"error": "EncodingException: value[1]: bool true where a number is expected"}
    assert out[3]["error"].startswith("JsonException:") and "bare NaN token" in out[3]["error"]


ORACLE = {"library": "scikit-learn", "version": "1.9.1"}


def _tiny_corpus(root: Path, case_text: str) -> Path:
    """One case file (written as given, so that a planted problem survives) and its manifest."""
    root.mkdir()
    text = json.dumps({"format": 1, "oracle": ORACLE, "cases": ["CASE"]}).replace('"CASE"', case_text)
    (root / "cohen_kappa_score.json").write_text(text, encoding="utf-8")
    manifest = {"format": 1, "corpus_version": "0.0.1", "oracle": ORACLE, "tolerance": {"rtol": 1e-9, "atol": 1e-12},
                "files": {"cohen_kappa_score.json": {"sha256": hashlib.sha256(text.encode()).hexdigest(), "cases": 1}}}
    (root / "MANIFEST.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


CASE = ('{"id": "cohen_kappa_score/k", "metric": "cohen_kappa_score", "inputs": {"y1": [1, 1], "y2": [1, 1], '
        '"sample_weight": [1.0, "Infinity"]}, "params": {"replace_undefined_by": "NaN"}, '
        '"expected": {"value": "NaN"}, "tags": ["undefined"]}')


def test_check_corpus_decodes_every_kind_of_slot(tmp_path):
    """The loader itself: the three strings in inputs, params and expected values are decoded (the
    bundled corpus is loaded by the results-file run above)."""
    _require_the_port()
    proc = mono("--check-corpus", str(_tiny_corpus(tmp_path / "ok", CASE)))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert (report["files"], report["cases"], report["expected_errors"]) == (1, 1, 0)
    assert report["nonfinite"] == {"inputs": 1, "params": 1, "expected": 1}


@pytest.mark.parametrize("old, new, message", [
    ('"Infinity"]', '"inf"]', 'cohen_kappa_score.json: case cohen_kappa_score/k: inputs.sample_weight[1]: '
                              'string "inf" looks like a misspelt Infinity'),
    ('"Infinity"]', 'Infinity]', "bare Infinity token"),
    ('{"value": "NaN"}', '{"value": "nan"}', 'expected.value: string "nan" where a number is expected'),
    ('"tags"', '"tagz"', "case cohen_kappa_score/k: tags: required field is missing"),
])
def test_check_corpus_refuses_what_the_format_forbids(tmp_path, old, new, message):
    _require_the_port()
    assert old in CASE
    proc = mono("--check-corpus", str(_tiny_corpus(tmp_path / "bad", CASE.replace(old, new))))
    assert proc.returncode == 1 and proc.stdout == "", proc.stdout
    assert message in proc.stderr, proc.stderr


def test_check_corpus_refuses_a_file_the_manifest_does_not_vouch_for(tmp_path):
    _require_the_port()
    root = _tiny_corpus(tmp_path / "sha", CASE)
    path = root / "cohen_kappa_score.json"
    path.write_text(path.read_text().replace("[1, 1]", "[1, 2]", 1))
    proc = mono("--check-corpus", str(root))
    assert proc.returncode == 1 and "cohen_kappa_score.json: sha256 differs from MANIFEST.json" in proc.stderr
