"""ports/torchmetrics: torchmetrics 1.9.0 run through `parity verify`.

No skip when torch or torchmetrics is missing: the port's setup installs them
(`parity verify ports/torchmetrics --setup`), and without them this fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "torchmetrics"
FAULTS = ("errored-uncaught", "crashed", "timed-out", "protocol-error", "not-run")


def test_the_pinned_versions_are_installed():
    import torch
    import torchmetrics

    assert torchmetrics.__version__ == "1.9.0"
    assert torch.__version__.split("+")[0] == "2.13.0"
    assert "torchmetrics==1.9.0" in (PORT / "port.yaml").read_text()


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("torchmetrics") / "run.json"
    # --setup: pip install torch==2.13.0 torchmetrics==1.9.0 (a no-op when present)
    run = subprocess.run([sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--setup", "--json", str(path),
                          "--no-progress"], cwd=REPO, capture_output=True, text=True, timeout=600)
    events = [json.loads(line) for line in path.read_text().splitlines()]
    return run, events


def test_the_port_verifies_with_exit_0(record):
    run, events = record
    assert run.returncode == 0, run.stdout + run.stderr
    totals = events[-1]["totals"]
    assert totals["failed"] == 0
    for fault in FAULTS:
        assert totals[fault] == 0, fault
    # A mapping that broke (a renamed function, an encoding slip) would turn passes into skips or failures.
    assert totals["passed"] >= 1100, totals
    assert totals["declared"] >= 150, totals
    assert totals["passed"] + totals["declared"] + totals["skipped"] == totals["cases"]


def test_every_declared_divergence_is_live_and_names_its_smallest_case(record):
    _, events = record
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    ids = [d["id"] for d in manifest["divergences"]]
    summary = {d["id"]: d for d in events[-1]["divergences"]}
    assert set(summary) == set(ids)
    for d in summary.values():
        assert d["declared"] >= 1 and not d["stale"] and not d["unmatched"], d
    declared = [e for e in events if e["event"] == "case" and e["status"] == "declared"]
    by_id = {}
    for e in declared:
        by_id.setdefault(e["divergence"], []).append(e["id"])
    for d in manifest["divergences"]:
        note = " ".join(d["note"].split())
        assert "case" in note.lower(), d["id"]
        named = [i for i in by_id[d["id"]] if i in note]
        assert named, f"{d['id']}: its note names none of the cases it covers"


def test_metrics_with_a_torchmetrics_equivalent_are_answered(record):
    _, events = record
    answered = {e["metric"] for e in events if e["event"] == "case" and e["status"] != "skipped"}
    present = {e["metric"] for e in events if e["event"] == "case"}
    mapped = {"accuracy_score", "precision_score", "recall_score", "f1_score", "fbeta_score",
              "precision_recall_fscore_support", "confusion_matrix", "mean_squared_error",
              "root_mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error",
              "mean_squared_log_error", "r2_score", "explained_variance_score", "matthews_corrcoef",
              "cohen_kappa_score", "hamming_loss", "jaccard_score", "multilabel_confusion_matrix", "roc_auc_score",
              "average_precision_score", "roc_curve", "precision_recall_curve", "top_k_accuracy_score",
              "expected_calibration_error"}
    assert mapped & present <= answered
    skipped_whole = present - answered
    for e in events:
        if e["event"] == "case" and e["metric"] in skipped_whole:
            assert e["actual"]["skipped"].startswith("torchmetrics has no"), e["id"]


def test_sample_weight_is_always_skipped(record):
    from conformance.corpus import load_corpus

    _, events = record
    weighted = {c.id for c in load_corpus() if c.raw["inputs"].get("sample_weight") is not None}
    status = {e["id"]: e["status"] for e in events if e["event"] == "case"}
    assert weighted & set(status)
    assert all(status[i] == "skipped" for i in weighted if i in status)
