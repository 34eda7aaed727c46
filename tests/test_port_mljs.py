"""ports/mljs: the npm package ml-confusion-matrix through its Node.js adapter, on the bundled corpus.

The port really runs: node must be on the machine and ports/mljs/node_modules must hold the pinned
library (`npm ci` in ports/mljs, which .ci/install runs).  The test fails, it does not skip or
install, when either is missing.

What is asserted, exactly rather than as floors: `parity verify` exits 0 with these totals per
status (no fault of any kind); each divergence matches exactly the cases that differ and no case
that passes; the convention zero-division=nan explains exactly the cases it was declared for; every
error answer is the library's refusal (Error) or the declared crash (TypeError), none marked
uncaught; the skip reasons, each a capability the library lacks, with their counts; each
divergence's smallest case shows the library's own answer quoted in port.yaml; and the adapter
speaks protocol 2 and reads nothing of a run message beyond metric, inputs and params.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import yaml

from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "mljs"
PINNED = "2.0.0"

# The whole run, per status (corpus 1.4.0).
TOTALS = {"cases": 4571, "passed": 277, "by-convention": 46, "failed": 0, "declared": 39, "skipped": 4209}
# Per divergence: (matched, declared, passed, skipped).  matched == declared: none is wider than the behaviour.
DIVERGENCES = {
    "binary-positive-label-must-be-observed": (15, 15, 0, 0),
    "binary-accepts-multiclass": (11, 11, 0, 0),
    "labels-need-not-be-in-y-true": (2, 2, 0, 0),
    "mcc-undefined-is-nan": (7, 7, 0, 0),
    "no-class-crashes": (4, 4, 0, 0),
}
# Metrics the adapter maps onto the library (everything else: "no such metric"), and their statuses.
PER_METRIC = {
    "accuracy_score": {"passed": 19, "declared": 1, "skipped": 44},
    "confusion_matrix": {"passed": 26, "declared": 4, "skipped": 103},
    "f1_score": {"passed": 59, "by-convention": 6, "declared": 6, "skipped": 216},
    "fbeta_score": {"skipped": 337},  # the corpus has no fbeta_score case with beta=1
    "matthews_corrcoef": {"passed": 7, "declared": 8, "skipped": 32},
    "multilabel_confusion_matrix": {"passed": 12, "skipped": 26},
    "precision_recall_fscore_support": {"passed": 48, "by-convention": 17, "declared": 6, "skipped": 246},
    "precision_score": {"passed": 54, "by-convention": 9, "declared": 7, "skipped": 211},
    "recall_score": {"passed": 49, "by-convention": 14, "declared": 7, "skipped": 211},
    "zero_one_loss": {"passed": 3, "skipped": 30},
}
# Every skip reason, with its count: each names something the library has no way to express.
SKIPS = {
    "no such metric in ml-confusion-matrix": 2753,
    "the library has no sample weights": 346,
    "the library has F1 only (getF1Score), no F-beta with beta=2": 254,
    "the library has no zero_division parameter (its 0/0 is NaN); cannot express zero_division=1": 176,
    'the library has per-label statistics only, no average="macro"': 171,
    "y_true is 2-D (multilabel / indicator input): the library takes 1-D label arrays": 110,
    'the library has per-label statistics only, no average="micro"': 90,
    'the library has per-label statistics only, no average="weighted"': 88,
    "the library has no zero_division parameter (its 0/0 is NaN); cannot express zero_division=0": 88,
    "the library has F1 only (getF1Score), no F-beta with beta=0": 22,
    "the library has F1 only (getF1Score), no F-beta with beta=0.5": 20,
    'the library has F1 only (getF1Score), no F-beta with beta="Infinity"': 18,
    "the library has F1 only (getF1Score), no F-beta with beta=1000000": 14,
    'the library has no normalised confusion matrix (normalize="true")': 10,
    'the library has no normalised confusion matrix (normalize="pred")': 10,
    'the library has no normalised confusion matrix (normalize="all")': 10,
    "the library's MCC is per label (one-vs-rest); it has no multiclass MCC": 10,
    "the library counts misclassifications (getFalseCount) but has no misclassification rate": 7,
    "the library has no zero_division parameter (its 0/0 is NaN); cannot express zero_division=0.5": 4,
    "the library has one matrix over all samples, no per-sample confusion matrices (samplewise=True)": 4,
    "the library has F1 only (getF1Score), no F-beta with beta=-1": 2,
    "the library has F1 only (getF1Score), no F-beta with beta=-0.5": 2,
}
# Each divergence's smallest case: its status and the library's answer (as port.yaml and README.md quote it).
SMALLEST = {
    "precision_score/grid/average=binary/zero_division=warn/1": ("declared", {"error": {"type": "Error", "message": "The label does not exist"}}),
    "recall_score/errors/binary-average-with-multiclass-input": ("declared", {"value": 1}),
    "confusion_matrix/errors/labels-only-in-y_pred": ("declared", {"value": [[0]]}),
    "matthews_corrcoef/zero-denominator/one-sample": ("declared", {"value": "NaN"}),
    "accuracy_score/errors/empty": ("declared", {"error": {"type": "TypeError", "message": "Cannot read properties of undefined (reading 'length')"}}),
    # the convention's smallest case (it was the blanket zero-division-is-nan divergence's)
    "precision_score/single-class/one-sample-wrong": ("by-convention", {"value": "NaN"}),
}
# What every case a divergence declares shows, so that no selector absorbs another behaviour.
SHOWS = {
    "binary-positive-label-must-be-observed": "expected a value, got an error (Error: The label does not exist)",
    "binary-accepts-multiclass": "expected an error (ValueError: Target is multiclass but average='binary'",
    "labels-need-not-be-in-y-true": "expected an error (ValueError: At least one label specified must be in y_true)",
    "mcc-undefined-is-nan": "value: expected 0.0, got nan",
    "no-class-crashes": "TypeError: Cannot read properties of undefined (reading 'length')",
}


def _installed_version() -> str | None:
    try:
        return json.loads((PORT / "node_modules" / "ml-confusion-matrix" / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def _require_the_port():
    assert shutil.which("node"), "node is not on PATH: ports/mljs needs Node.js"
    assert _installed_version() == PINNED, (
        f"ports/mljs/node_modules does not hold ml-confusion-matrix {PINNED}: run `npm ci` in ports/mljs "
        "(.ci/install does); the tests do not install")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    _require_the_port()
    record = tmp_path_factory.mktemp("mljs") / "run.json"
    argv = [sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--json", str(record), "--no-progress"]
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def test_the_lockfile_pins_the_library():
    lock = json.loads((PORT / "package-lock.json").read_text())
    entry = lock["packages"]["node_modules/ml-confusion-matrix"]
    assert entry["version"] == PINNED and entry["integrity"].startswith("sha512-")
    assert json.loads((PORT / "package.json").read_text())["dependencies"] == {"ml-confusion-matrix": PINNED}
    assert yaml.safe_load((PORT / "port.yaml").read_text())["setup"][:2] == ["npm", "ci"]


def test_verify_exits_0_with_exact_totals(run):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    totals = rec["end"]["totals"]
    # the whole bundled corpus was run (no --only)
    assert totals["cases"] == rec["start"]["corpus"]["cases"] == rec["start"]["corpus"]["selected"]
    assert rec["start"]["corpus"]["sha256"] == hashlib.sha256((REPO / "oracle" / "MANIFEST.json").read_bytes()).hexdigest()
    assert {k: totals[k] for k in TOTALS} == TOTALS
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0
    assert sum(totals[k] for k in TOTALS if k != "cases") == totals["cases"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "ml-confusion-matrix", PINNED, "javascript")
    assert rec["start"]["harness"]["protocol"] == 2


def test_each_divergence_matches_exactly_the_cases_that_differ(run):
    _, rec = run
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    assert set(by_id) == set(DIVERGENCES)
    assert {k: (d["matched"], d["declared"], d["passed"], d["skipped"]) for k, d in by_id.items()} == DIVERGENCES
    for d in by_id.values():  # none matches a passing case, none is stale or unmatched
        assert d["passed"] == 0 and not d["wider"] and not d["stale"] and not d["unmatched"], d
    declared = Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared")
    assert declared == {k: v[1] for k, v in DIVERGENCES.items()}
    # only the crash is a bug, and only it covers an error that is not a refusal
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    assert {d["id"]: (d["kind"], d.get("error")) for d in manifest["divergences"] if d["kind"] == "bug"} == {
        "no-class-crashes": ("bug", "TypeError")}


def test_every_declared_case_shows_the_declared_behaviour(run):
    _, rec = run
    for c in rec["cases"]:
        if c["status"] == "declared":
            assert SHOWS[c["divergence"]] in c["detail"], (c["id"], c["detail"])


def test_the_smallest_case_of_each_divergence_shows_the_library_answer(run):
    _, rec = run
    cases = {c["id"]: c for c in rec["cases"]}
    assert {case_id: (cases[case_id]["status"], cases[case_id]["actual"]) for case_id in SMALLEST} == SMALLEST


def test_zero_division_nan_is_a_convention_that_explains_every_undefined_ratio(run):
    """The blanket zero-division-is-nan divergence is gone: the 46 cases it declared pass as the
    convention zero-division=nan (scikit-learn's zero_division=np.nan), none fails under it."""
    _, rec = run
    assert rec["start"]["conventions"] == {"*": ["classes=observed", "zero-division=nan"]}
    convention = [c for c in rec["cases"] if c["status"] == "by-convention"]
    assert Counter(c["convention"] for c in convention) == {"zero-division=nan": TOTALS["by-convention"]}
    assert Counter(c["metric"] for c in convention) == {
        "precision_score": 9, "recall_score": 14, "f1_score": 6, "precision_recall_fscore_support": 17}
    assert "zero-division-is-nan" not in {d["id"] for d in rec["end"]["divergences"]}


def test_errors_are_the_library_refusal_or_the_declared_crash(run):
    _, rec = run
    assert yaml.safe_load((PORT / "port.yaml").read_text())["refusals"] == ["Error"]
    assert rec["start"]["refusals"] == ["Error"]
    errors = [c for c in rec["cases"] if "error" in c["actual"]]
    assert not [c["id"] for c in errors if c["actual"]["error"].get("uncaught")]
    by_type = Counter((c["actual"]["error"]["type"], c["status"], c["divergence"]) for c in errors)
    assert by_type == {
        ("Error", "passed", None): 7,  # mismatched lengths (3), pos_label not present (4): both rejected
        ("Error", "declared", "binary-positive-label-must-be-observed"): 15,
        ("TypeError", "declared", "no-class-crashes"): 4,
    }


def test_outcomes_per_metric(run):
    _, rec = run
    statuses = defaultdict(Counter)
    for c in rec["cases"]:
        statuses[c["metric"]][c["status"]] += 1
        if c["metric"] not in PER_METRIC:
            assert c["status"] == "skipped" and c["actual"]["skipped"] == "no such metric in ml-confusion-matrix", c["id"]
    assert {m: dict(statuses[m]) for m in PER_METRIC} == PER_METRIC


def test_skip_reasons_name_what_the_library_lacks(run):
    _, rec = run
    assert Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped") == SKIPS


def test_the_adapter_speaks_protocol_2_and_reads_only_the_call():
    """start is answered with protocol 2; a run message is answered from its top-level metric, inputs
    and params alone: other fields (a protocol-1 case object, an id, tags) change nothing."""
    _require_the_port()
    call = {"metric": "recall_score", "inputs": {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0]}, "params": {}}
    noise = {"id": "x", "tags": ["zero-division"], "description": "d", "splits": [1],
             "case": {"metric": "accuracy_score", "inputs": {"y_true": [1], "y_pred": [1]}, "params": {}}}
    messages = [{"cmd": "start", "protocol": 2},
                {"cmd": "run", "seq": 0, **call},
                {"cmd": "run", "seq": 1, **call, **noise},
                {"cmd": "run", "seq": 2, **noise},
                {"cmd": "stop"}]
    proc = subprocess.run(["node", "adapter.js"], cwd=PORT, input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    reply, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == PINNED
    assert answers == [{"seq": 0, "value": 0.5}, {"seq": 1, "value": 0.5},
                       {"seq": 2, "skipped": "no such metric in ml-confusion-matrix"}]
