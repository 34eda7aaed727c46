"""ports/torchmetrics: torchmetrics 1.9.0 (CPU torch 2.13.0) run through `parity verify`, on the bundled corpus.

The port really runs: torch==2.13.0 and torchmetrics==1.9.0 must be installed in the interpreter running
the tests (.ci/install installs them).  The test fails, it does not skip or install, when they are missing:
the run record's implementation names the versions the adapter imported.

What is asserted, exactly rather than as floors: `parity verify` exits 0 with these totals per status (no
fault of any kind); each divergence matches exactly the cases that differ and no case that passes; every
error answer is one of the library's refusals (ValueError, RuntimeError) or a declared crash, and the
crashes are the only answers marked uncaught; the per-metric tolerance; the skip reasons with their
counts, none of them about zero_division=NaN, and a multilabel precision/recall/F case skipped only for
the sample average, a labels list outside the columns, or sample weights; and the adapter speaks
protocol 2 and reads nothing of a run message beyond metric, inputs and params.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import yaml

from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR
from fake_ports import kit

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "torchmetrics"
PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")

# The whole run, per status (corpus 1.4.0); per metric; per skip reason; per divergence:
# (matched, declared, passed, skipped), passed always 0: no divergence is wider than its behaviour.
TOTALS = {'cases': 4571, 'passed': 1810, 'by-convention': 0, 'failed': 0, 'declared': 443, 'skipped': 2318}
PER_METRIC = {
    "adjusted_mutual_info_score": {'declared': 6, 'passed': 25, 'skipped': 1},
    "adjusted_rand_score": {'declared': 1, 'passed': 24},
    "calinski_harabasz_score": {'declared': 4, 'passed': 11},
    "completeness_score": {'declared': 1, 'passed': 23},
    "contingency_matrix": {'skipped': 25},
    "davies_bouldin_score": {'declared': 3, 'passed': 12},
    "fowlkes_mallows_score": {'declared': 1, 'passed': 24},
    "homogeneity_completeness_v_measure": {'skipped': 28},
    "homogeneity_score": {'declared': 2, 'passed': 22},
    "mutual_info_score": {'declared': 2, 'passed': 22, 'skipped': 4},
    "normalized_mutual_info_score": {'declared': 6, 'passed': 26},
    "pair_confusion_matrix": {'skipped': 25},
    "rand_score": {'declared': 1, 'passed': 24},
    "silhouette_samples": {'skipped': 26},
    "silhouette_score": {'skipped': 26},
    "v_measure_score": {'declared': 5, 'passed': 23},
    "accuracy_score": {'declared': 1, 'passed': 25, 'skipped': 38},
    "average_precision_score": {'declared': 2, 'passed': 37, 'skipped': 40},
    "balanced_accuracy_score": {'declared': 4, 'passed': 10, 'skipped': 35},
    "brier_score_loss": {'skipped': 132},
    "calibration_curve": {'skipped': 49},
    "classification_report": {'skipped': 50},
    "cohen_kappa_score": {'declared': 5, 'passed': 48, 'skipped': 45},
    "confusion_matrix": {'declared': 1, 'passed': 43, 'skipped': 89},
    "expected_calibration_error": {'declared': 13, 'passed': 37, 'skipped': 36},
    "explained_variance_score": {'declared': 9, 'passed': 64, 'skipped': 125},
    "f1_score": {'declared': 61, 'passed': 161, 'skipped': 65},
    "fbeta_score": {'declared': 84, 'passed': 191, 'skipped': 62},
    "hamming_loss": {'declared': 1, 'passed': 10, 'skipped': 10},
    "jaccard_score": {'declared': 6, 'passed': 54, 'skipped': 22},
    "log_loss": {'skipped': 110},
    "matthews_corrcoef": {'declared': 7, 'passed': 19, 'skipped': 21},
    "max_error": {'skipped': 34},
    "mean_absolute_error": {'declared': 6, 'passed': 30, 'skipped': 75},
    "mean_absolute_percentage_error": {'declared': 9, 'passed': 20, 'skipped': 85},
    "mean_squared_error": {'declared': 6, 'passed': 30, 'skipped': 75},
    "mean_squared_log_error": {'declared': 8, 'passed': 16, 'skipped': 85},
    "median_absolute_error": {'skipped': 115},
    "multilabel_confusion_matrix": {'declared': 1, 'passed': 20, 'skipped': 17},
    "precision_recall_curve": {'declared': 5, 'passed': 21, 'skipped': 34},
    "precision_recall_fscore_support": {'declared': 72, 'passed': 178, 'skipped': 67},
    "precision_score": {'declared': 23, 'passed': 195, 'skipped': 63},
    "r2_score": {'declared': 18, 'passed': 57, 'skipped': 126},
    "recall_score": {'declared': 22, 'passed': 196, 'skipped': 63},
    "roc_auc_score": {'declared': 16, 'passed': 51, 'skipped': 73},
    "roc_curve": {'declared': 7, 'skipped': 54},
    "root_mean_squared_error": {'declared': 10, 'passed': 25, 'skipped': 75},
    "root_mean_squared_log_error": {'skipped': 109},
    "top_k_accuracy_score": {'declared': 14, 'passed': 30, 'skipped': 77},
    "zero_one_loss": {'passed': 6, 'skipped': 27},
}
SKIPS = {
    "torchmetrics has no silhouette score": 52,
    "torchmetrics has no homogeneity_completeness_v_measure function (the name is a module holding the three scores, each answered on its own)": 28,
    "torchmetrics has no public contingency matrix (only a helper in functional.clustering.utils)": 25,
    "torchmetrics has no public pair confusion matrix (only a helper in functional.clustering.utils)": 25,
    "torchmetrics's mutual_info_score takes no contingency": 4,
    "more than 10000 samples: torchmetrics's adjusted_mutual_info_score had not answered after 10 minutes at 20,000 (its expected mutual information is a Python loop)": 1,
    "torchmetrics takes no sample_weight": 1131,
    "torchmetrics has no brier_score_loss": 132,
    "torchmetrics has no median_absolute_error": 115,
    "torchmetrics has no log_loss": 110,
    "torchmetrics has no root_mean_squared_log_error": 109,
    "labels that leave out an observed class, with an averaged result: torchmetrics has no labels parameter, and its averages and counts run over all num_classes classes": 101,
    "multioutput given as output weights: torchmetrics has no such argument": 65,
    "torchmetrics has no classification_report": 50,
    "torchmetrics has no calibration_curve (only the calibration error)": 49,
    "average='samples' with indicator matrices: torchmetrics has no mean over samples (multidim_average='samplewise' of its binary metrics gives one score per sample, not their mean)": 40,
    "force_finite=False: torchmetrics has no force_finite argument": 40,
    "torchmetrics has no max_error": 34,
    "drop_intermediate=True: torchmetrics keeps every threshold": 33,
    "strategy='quantile': torchmetrics's bins are uniform only": 33,
    "multi_class='ovo': torchmetrics's multiclass_auroc is one-vs-rest only": 20,
    "a 1-D y_score (binary): torchmetrics's top_k needs one score column per class": 15,
    "labels that leave out an observed class: torchmetrics has no labels parameter, and its confusion matrix covers every class in the data (and is normalized over all of them)": 15,
    "adjusted=True: torchmetrics has no chance-adjusted balanced accuracy": 11,
    "multioutput='raw_values': torchmetrics's mean_absolute_percentage_error has no such choice": 10,
    "multioutput='raw_values': torchmetrics's mean_squared_log_error has no such choice": 10,
    "labels=[]: torchmetrics has no labels parameter, and no empty class set": 9,
    "no torchmetrics equivalent for cohen_kappa_score's replace_undefined_by": 9,
    "labels outside the indicator matrix's columns 0..n-1: torchmetrics has no labels parameter, so there is no column to pick": 8,
    "classes that do not match y_score's columns one to one: torchmetrics needs one column per class": 6,
    "average='samples': torchmetrics's average precision has no mean over samples": 5,
    "zero_one_loss of 2-D label arrays: 1 - subset accuracy, and torchmetrics has only the subset accuracy (exact match)": 4,
    "labels not in sorted order: torchmetrics's columns are classes 0..C-1 in order": 2,
    "multi_class='raise': torchmetrics's multiclass_auroc is one-vs-rest only": 2,
    "normalize=False with 2-D label arrays: torchmetrics counts no rightly predicted samples (its exact match is a fraction)": 2,
    "normalize=False with 2-D label arrays: torchmetrics counts no wrongly predicted samples (its exact match is a fraction)": 2,
    "2-D label arrays: torchmetrics has no multilabel Cohen's kappa": 1,
    "2-D label arrays: torchmetrics's multilabel recall is per label, not scikit-learn's balanced accuracy (which refuses them)": 1,
    "a 1-D y_prob with confidence='top-label': no class columns to map y_true onto (torchmetrics's multiclass calibration error takes one column per class)": 1,
    "confidence=None: torchmetrics's calibration error is binary (the positive class) or multiclass (the top label), and the adapter needs one of the two": 1,
    "max_fpr with multiclass scores: torchmetrics's multiclass_auroc has no max_fpr": 1,
    "multioutput='variance_weighted': torchmetrics's mean_absolute_error has no such choice": 1,
    "multioutput='variance_weighted': torchmetrics's mean_absolute_percentage_error has no such choice": 1,
    "multioutput='variance_weighted': torchmetrics's mean_squared_error has no such choice": 1,
    "multioutput='variance_weighted': torchmetrics's mean_squared_log_error has no such choice": 1,
    "multioutput='variance_weighted': torchmetrics's root_mean_squared_error has no such choice": 1,
    "pos_label with multiclass scores: torchmetrics's multiclass_average_precision has none": 1,
}
DIVERGENCES = {
    "single-cluster-information-is-zero": (8, 8, 0, 0),
    "float-cluster-ids-refused": (9, 9, 0, 0),
    "empty-labelings-score-zero": (4, 4, 0, 0),
    "empty-labelings-ami-crash": (1, 1, 0, 0),
    "v-measure-zero-over-zero-is-one": (2, 2, 0, 0),
    "v-measure-negative-beta-accepted": (1, 1, 0, 0),
    "cluster-points-lengths-crash": (2, 2, 0, 0),
    "cluster-points-nan-not-refused": (2, 2, 0, 0),
    "cluster-points-float32-range": (3, 3, 0, 0),
    "f-zero-division-nan-refused": (177, 150, 0, 27),
    "zero-division-nan-not-left-out": (25, 25, 0, 0),
    "macro-leaves-out-absent-classes": (38, 38, 0, 0),
    "zero-division-not-validated": (3, 3, 0, 0),
    "beta-zero-refused": (22, 22, 0, 0),
    "beta-infinity-is-nan": (18, 18, 0, 0),
    "multilabel-values-must-be-0-or-1": (7, 7, 0, 0),
    "multilabel-jaccard-average-not-validated": (1, 1, 0, 0),
    "multilabel-mcc-accepted": (1, 1, 0, 0),
    "balanced-accuracy-counts-predicted-only-classes": (3, 3, 0, 0),
    "mcc-zero-denominator-rules": (5, 5, 0, 0),
    "empty-input-accepted": (17, 17, 0, 0),
    "empty-label-vectors-crash": (8, 8, 0, 0),
    "kappa-float32-cancellation": (4, 4, 0, 0),
    "non-finite-input-accepted": (26, 26, 0, 0),
    "any-shape-accepted": (6, 6, 0, 0),
    "msle-log-domain-unchecked": (2, 2, 0, 0),
    "mape-epsilon-1.17e-6": (3, 3, 0, 0),
    "rmse-pools-outputs": (4, 4, 0, 0),
    "r2-single-sample-refused": (7, 5, 0, 2),
    "r2-absolute-tolerance": (7, 6, 0, 1),
    "variance-cancels-at-large-offsets": (4, 4, 0, 0),
    "variance-weighted-all-constant-nan": (2, 2, 0, 0),
    "auroc-shape-checked-before-classes": (1, 1, 0, 0),
    "scores-cast-to-float32": (1, 1, 0, 0),
    "auroc-undefined-is-zero": (11, 11, 0, 0),
    "auroc-max-fpr-zero-accepted": (1, 1, 0, 0),
    "multiclass-scores-not-checked": (1, 1, 0, 0),
    "average-precision-absent-pos-label": (1, 1, 0, 0),
    "empty-scores-crash": (2, 2, 0, 0),
    "roc-thresholds-start-at-one": (19, 7, 0, 12),
    "curve-scores-squashed-by-sigmoid": (13, 3, 0, 10),
    "top-k-ties": (8, 8, 0, 0),
    "top-k-above-classes-refused": (1, 1, 0, 0),
    "top-k-two-columns-are-two-classes": (1, 1, 0, 0),
    "top-k-zero-not-validated": (1, 1, 0, 0),
    "top-k-lengths-not-checked": (1, 1, 0, 0),
    "target-values-not-checked": (1, 1, 0, 0),
    "calibration-bins-closed-on-the-left": (10, 10, 0, 0),
}

# The crashes of the library (errors thrown inside torch, not by a `raise` of torchmetrics): declared as bugs.
CRASHES = {"empty-label-vectors-crash": "RuntimeError", "empty-scores-crash": "IndexError",
           "top-k-zero-not-validated": "RuntimeError", "top-k-lengths-not-checked": "RuntimeError",
           "empty-labelings-ami-crash": "RuntimeError", "cluster-points-lengths-crash": "IndexError"}
# What every case a divergence declares shows (in the record's detail), where one text says it.
SHOWS = {
    "f-zero-division-nan-refused": "ValueError: Expected argument `zero_division` to be 0 or 1, but got nan.",
    "zero-division-nan-not-left-out": ", got nan",
    "beta-zero-refused": "ValueError: Expected argument `beta` to be a float larger than 0",
    "beta-infinity-is-nan": ", got nan",
    "multilabel-values-must-be-0-or-1": "RuntimeError: Detected the following values in `target`",
    "empty-label-vectors-crash": "RuntimeError: cannot reshape tensor of 0 elements",
    "empty-scores-crash": "IndexError: index is out of bounds for dimension with size 0",
    "r2-single-sample-refused": "ValueError: Needs at least two samples",
    "auroc-undefined-is-zero": "expected nan, got ",
    "variance-weighted-all-constant-nan": ", got nan",
    "float-cluster-ids-refused": "ValueError: Expected real, discrete values",
    "v-measure-zero-over-zero-is-one": "got 1.0",
}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    record = tmp_path_factory.mktemp("torchmetrics") / "run.json"
    # No --setup: nothing is installed here (.ci/install installs torch and torchmetrics).
    argv = [sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--json", str(record), "--no-progress"]
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def test_verify_exits_0_with_exact_totals(run):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    totals = rec["end"]["totals"]
    assert totals["cases"] == rec["start"]["corpus"]["cases"] == rec["start"]["corpus"]["selected"]
    assert rec["start"]["corpus"]["sha256"] == hashlib.sha256((REPO / "oracle" / "MANIFEST.json").read_bytes()).hexdigest()
    assert {k: totals[k] for k in TOTALS} == TOTALS
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0
    assert sum(totals[k] for k in TOTALS if k != "cases") == totals["cases"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "torchmetrics", "1.9.0", "python")
    assert implementation["torch"].split("+")[0] == "2.13.0"
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
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    assert {d["id"]: d.get("error") for d in manifest["divergences"] if "error" in d} == CRASHES
    assert all(manifest_d["kind"] == "bug" for manifest_d in manifest["divergences"] if manifest_d["id"] in CRASHES)
    # each note names one of the cases its divergence declares
    cases_of = defaultdict(set)
    for c in rec["cases"]:
        if c["status"] == "declared":
            cases_of[c["divergence"]].add(c["id"])
    for d in manifest["divergences"]:
        note = " ".join(d["note"].split())
        assert any(case_id in note for case_id in cases_of[d["id"]]), f"{d['id']}: its note names none of its cases"


def test_every_declared_case_shows_the_declared_behaviour(run):
    _, rec = run
    for c in rec["cases"]:
        if c["status"] == "declared" and c["divergence"] in SHOWS:
            assert SHOWS[c["divergence"]] in c["detail"], (c["id"], c["detail"])


def test_errors_are_refusals_or_declared_crashes(run):
    _, rec = run
    assert yaml.safe_load((PORT / "port.yaml").read_text())["refusals"] == ["ValueError", "RuntimeError"]
    assert sorted(rec["start"]["refusals"]) == ["RuntimeError", "ValueError"]
    errors = [c for c in rec["cases"] if "error" in c["actual"]]
    uncaught = Counter(c["divergence"] for c in errors if c["actual"]["error"].get("uncaught"))
    assert uncaught == {k: DIVERGENCES[k][1] for k in CRASHES}
    for c in errors:
        if c["actual"]["error"].get("uncaught"):
            assert c["actual"]["error"]["type"] == CRASHES[c["divergence"]], c["id"]
        else:
            assert c["actual"]["error"]["type"] in ("ValueError", "RuntimeError"), c["id"]


def test_float32_tolerance_only_where_float32_needs_it(run):
    _, rec = run
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    assert "tolerance" not in manifest  # no port-wide tolerance: regression metrics keep the corpus's
    widened = {m for entry in manifest["tolerances"] for m in entry["metrics"]}
    assert all(entry["rtol"] == 1.0e-6 and "atol" not in entry for entry in manifest["tolerances"])
    assert widened == {
        "accuracy_score", "balanced_accuracy_score", "zero_one_loss", "hamming_loss", "precision_score", "recall_score",
        "f1_score", "fbeta_score", "precision_recall_fscore_support", "jaccard_score", "confusion_matrix",
        "matthews_corrcoef", "cohen_kappa_score", "roc_auc_score", "average_precision_score",
        "precision_recall_curve", "top_k_accuracy_score", "expected_calibration_error",
        # the clustering scores are float32 tensors (ports/torchmetrics/port.yaml)
        "adjusted_rand_score", "rand_score", "mutual_info_score", "normalized_mutual_info_score",
        "adjusted_mutual_info_score", "homogeneity_score", "completeness_score", "v_measure_score",
        "fowlkes_mallows_score", "calinski_harabasz_score", "davies_bouldin_score"}
    assert rec["start"]["tolerance"]["source"] == "corpus"
    assert not widened & {c["metric"] for c in rec["cases"] if c["metric"].startswith(("mean_", "r2", "root_", "explained"))}


def test_outcomes_per_metric(run):
    _, rec = run
    statuses = defaultdict(Counter)
    for c in rec["cases"]:
        statuses[c["metric"]][c["status"]] += 1
    assert {m: dict(s) for m, s in statuses.items()} == PER_METRIC
    for c in rec["cases"]:  # a metric answered by no case is one torchmetrics lacks
        if set(PER_METRIC[c["metric"]]) == {"skipped"}:
            assert c["actual"]["skipped"].startswith("torchmetrics has no"), c["id"]


def test_skip_reasons_name_what_torchmetrics_lacks(run):
    _, rec = run
    assert Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped") == SKIPS


def test_zero_division_nan_and_multilabel_prf_cases_are_answered(run):
    """No precision/recall/F case is skipped for its zero_division=NaN; a multilabel one only for what
    torchmetrics cannot express: a mean over samples, labels outside the columns, sample weights."""
    _, rec = run
    prf = [c for c in rec["cases"] if c["metric"] in PRF]
    skipped_nan = Counter(c["actual"]["skipped"].split(":")[0] for c in prf
                          if c["status"] == "skipped" and c["params"].get("zero_division") == "NaN")
    assert not [reason for reason in skipped_nan if "zero_division" in reason]
    assert skipped_nan == {"labels that leave out an observed class, with an averaged result": 36,
                           "average='samples' with indicator matrices": 10}
    skipped_multilabel = Counter(c["actual"]["skipped"].split(":")[0] for c in prf
                                 if c["status"] == "skipped" and "multilabel" in c["tags"])
    assert skipped_multilabel == {"average='samples' with indicator matrices": 35,
                                  "labels outside the indicator matrix's columns 0..n-1": 5,
                                  "torchmetrics takes no sample_weight": 40}
    answered_nan = Counter(c["status"] for c in prf if c["params"].get("zero_division") == "NaN")
    assert answered_nan == {"passed": 74, "declared": 175, "skipped": 46}


def test_sample_weight_is_always_skipped(run):
    _, rec = run
    weighted = {c.id for c in kit.bundled_corpus() if c.raw["inputs"].get("sample_weight") is not None}
    status = {c["id"]: c["status"] for c in rec["cases"]}
    assert weighted and weighted <= set(status)
    assert {status[i] for i in weighted} == {"skipped"}


def _talk(messages: list[dict]) -> list[dict]:
    proc = subprocess.run([sys.executable, "adapter.py"], cwd=PORT, capture_output=True, text=True, timeout=120,
                          input="".join(json.dumps(m) + "\n" for m in messages))
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_the_adapter_speaks_protocol_2_and_reads_only_the_call():
    """start is answered with protocol 2; a run message is answered from its top-level metric, inputs
    and params alone: other fields (a protocol-1 case object, an id, tags) change nothing."""
    call = {"metric": "recall_score", "inputs": {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0]}, "params": {}}
    noise = {"id": "x", "tags": ["zero-division"], "description": "d", "splits": [1],
             "case": {"metric": "accuracy_score", "inputs": {"y_true": [1], "y_pred": [1]}, "params": {}}}
    reply, *answers = _talk([{"cmd": "start", "protocol": 2},
                             {"cmd": "run", "seq": 0, **call},
                             {"cmd": "run", "seq": 1, **call, **noise},
                             {"cmd": "stop"}])
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == "1.9.0"
    assert answers == [{"seq": 0, "value": 0.5}, {"seq": 1, "value": 0.5}]


def test_a_refusal_is_reported_as_such_and_a_crash_as_uncaught():
    """torchmetrics's own check (a `raise ValueError`) is a refusal; an error from inside a torch
    operation is marked uncaught, with its real class name; zero_division=NaN reaches torchmetrics."""
    run = lambda seq, metric, inputs, params: {"cmd": "run", "seq": seq, "metric": metric,  # noqa: E731
                                               "inputs": inputs, "params": params}
    _, refused, crashed, nan = _talk([
        {"cmd": "start", "protocol": 2},
        run(0, "fbeta_score", {"y_true": [0, 1], "y_pred": [0, 1]}, {"beta": 0}),
        run(1, "accuracy_score", {"y_true": [], "y_pred": []}, {}),
        run(2, "precision_score", {"y_true": [0, 1, 2], "y_pred": [0, 1, 1]}, {"average": "macro", "zero_division": "NaN"}),
        {"cmd": "stop"}])
    assert refused["error"]["type"] == "ValueError" and "uncaught" not in refused["error"]
    assert crashed["error"]["type"] == "RuntimeError" and crashed["error"]["uncaught"] is True
    assert nan["value"] == "NaN"  # scikit-learn: 0.75 (zero-division-nan-not-left-out)
