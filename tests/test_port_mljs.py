"""ports/mljs: the npm package ml-confusion-matrix through its Node.js adapter, on the bundled corpus.

The port really runs: node and npm must be on the machine (the test fails, it
does not skip, when they are not).  `npm ci` runs only when node_modules does
not already hold the pinned version, so a second run costs one verify.

What is asserted: `parity verify` exits 0 with no misbehaviour and no stale or
unmatched declaration; each declared divergence covers exactly the cases found
when the port was written, and each one's smallest case shows the library's
own answer quoted in port.yaml; every metric the adapter does not map is
skipped as "no such metric", so a new corpus family cannot slip through.
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

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "mljs"
PINNED = "2.0.0"

# Metrics the adapter maps onto the library (everything else: "no such metric").
MAPPED = {
    "accuracy_score", "confusion_matrix", "precision_score", "recall_score", "f1_score", "fbeta_score",
    "precision_recall_fscore_support", "matthews_corrcoef", "multilabel_confusion_matrix", "zero_one_loss",
}
# Count-family metrics: their cases are settled, so their outcomes are pinned exactly.
COUNTS_FAMILY_PASSED = {
    "accuracy_score": 19, "confusion_matrix": 28, "f1_score": 59, "fbeta_score": 0,
    "precision_recall_fscore_support": 48, "precision_score": 54, "recall_score": 49,
}
DECLARED = {
    "binary-positive-label-must-be-observed": 15,
    "binary-accepts-multiclass": 11,
    "zero-division-is-nan": 46,
    "labels-need-not-be-in-y-true": 2,
    "mcc-undefined-is-nan": 7,
}
# Each divergence's smallest case and the library's answer to it (as port.yaml and README.md quote it).
SMALLEST = {
    "precision_score/grid/average=binary/zero_division=warn/1": {"error": "The label does not exist"},
    "recall_score/errors/binary-average-with-multiclass-input": {"value": 1.0},
    "precision_score/single-class/one-sample-wrong": {"value": "NaN"},
    "confusion_matrix/errors/labels-only-in-y_pred": {"value": [[0]]},
    "matthews_corrcoef/zero-denominator/one-sample": {"value": "NaN"},
}


def _installed_version() -> str | None:
    try:
        return json.loads((PORT / "node_modules" / "ml-confusion-matrix" / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    assert shutil.which("node"), "node is not on PATH: ports/mljs needs Node.js (CI installs it)"
    assert shutil.which("npm"), "npm is not on PATH: ports/mljs needs npm for `npm ci`"
    record = tmp_path_factory.mktemp("mljs") / "run.json"
    argv = [sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--json", str(record), "--no-progress"]
    if _installed_version() != PINNED:
        argv.append("--setup")
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def test_the_lockfile_pins_the_library():
    lock = json.loads((PORT / "package-lock.json").read_text())
    entry = lock["packages"]["node_modules/ml-confusion-matrix"]
    assert entry["version"] == PINNED and entry["integrity"].startswith("sha512-")
    assert json.loads((PORT / "package.json").read_text())["dependencies"] == {"ml-confusion-matrix": PINNED}
    assert yaml.safe_load((PORT / "port.yaml").read_text())["setup"][:2] == ["npm", "ci"]


def test_verify_exits_0_with_every_failure_declared(run):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    totals = rec["end"]["totals"]
    # the whole bundled corpus was run (no --only)
    assert totals["cases"] == rec["start"]["corpus"]["cases"] == rec["start"]["corpus"]["selected"]
    assert rec["start"]["corpus"]["sha256"] == hashlib.sha256((REPO / "oracle" / "MANIFEST.json").read_bytes()).hexdigest()
    assert totals["failed"] == 0
    for status in ("errored-uncaught", "crashed", "timed-out", "protocol-error", "not-run"):
        assert totals[status] == 0, status
    assert totals["restarts"] == 0
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "ml-confusion-matrix", PINNED, "javascript")


def test_each_divergence_covers_what_was_found_and_none_is_stale(run):
    _, rec = run
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    assert {k: by_id[k]["declared"] for k in DECLARED} == DECLARED
    assert set(by_id) == set(DECLARED)
    assert not [d["id"] for d in rec["end"]["divergences"] if d["stale"] or d["unmatched"]]
    assert rec["end"]["totals"]["declared"] == sum(DECLARED.values())


def test_the_smallest_case_of_each_divergence_shows_the_library_answer(run):
    _, rec = run
    cases = {c["id"]: c for c in rec["cases"]}
    for case_id, answer in SMALLEST.items():
        c = cases[case_id]
        assert c["status"] == "declared", case_id
        if "error" in answer:
            assert c["actual"]["error"]["message"] == answer["error"], case_id
        else:
            assert c["actual"]["value"] == answer["value"], case_id


# What every case a divergence covers must show, so a broad selector cannot absorb another behaviour.
SHOWS = {
    "binary-positive-label-must-be-observed": "expected a value, got an error (Error: The label does not exist)",
    "binary-accepts-multiclass": "expected an error (ValueError: Target is multiclass but average='binary'",
    "zero-division-is-nan": "expected 0.0, got nan",
    "labels-need-not-be-in-y-true": "expected an error (ValueError: At least one label specified must be in y_true)",
    "mcc-undefined-is-nan": "value: expected 0.0, got nan",
}


def test_every_declared_case_shows_the_declared_behaviour(run):
    _, rec = run
    for c in rec["cases"]:
        if c["status"] == "declared":
            assert SHOWS[c["divergence"]] in c["detail"], (c["id"], c["detail"])


def test_outcomes_per_metric(run):
    _, rec = run
    statuses = defaultdict(Counter)
    for c in rec["cases"]:
        statuses[c["metric"]][c["status"]] += 1
        if c["metric"] not in MAPPED:
            assert c["status"] == "skipped" and c["actual"]["skipped"] == "no such metric in ml-confusion-matrix", c["id"]
    assert {m: statuses[m]["passed"] for m in COUNTS_FAMILY_PASSED} == COUNTS_FAMILY_PASSED
    for metric in MAPPED - {"fbeta_score"}:  # the corpus has no fbeta_score case with beta=1
        assert statuses[metric]["passed"] > 0, metric


def test_skip_reasons_name_what_the_library_lacks(run):
    _, rec = run
    reasons = {c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped"}
    for expected in ("the library has no sample weights",
                     'the library has per-label statistics only, no average="macro"',
                     "the library's MCC is per label (one-vs-rest); it has no multiclass MCC"):
        assert expected in reasons
