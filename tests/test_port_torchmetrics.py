"""ports/torchmetrics: torchmetrics 1.9.0 (CPU torch 2.13.0) run through `parity verify`, on the bundled corpus.

The port really runs: torch==2.13.0 and torchmetrics==1.9.0 must be installed in the interpreter running
the tests (.ci/install installs them).  The test fails, it does not skip or install, when they are missing:
the run record's implementation names the versions the adapter imported.

What is asserted, exactly rather than as floors: `parity verify` exits 0 with these totals per status (no
fault of any kind); each divergence matches exactly the cases that differ and no case that passes; every
error answer is one of the library's refusals (ValueError, RuntimeError) or a declared crash, and the
crashes are the only answers marked uncaught; the per-metric tolerance; the skip reasons with their
counts, none of them about zero_division=NaN, and a multilabel precision/recall/F case skipped only for
the sample average, a labels list outside the columns, or sample weights; exactly the calls with a string in
their inputs skipped for it (decision 0038); by direct calls, a non-finite cluster label scoring as a cluster of its
own, adjusted_rand_score flipping sign past 65,536 samples, a non-finite label counted by multiclass_accuracy and
crashing the confusion matrix in torch.bincount; and the adapter speaks protocol 2 and reads nothing of a run message beyond metric, inputs and
params.
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

from conformance import properties
from conformance.encoding import decode_numeric
from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR
from fake_ports import kit
from port_runs import TOTALS, corpus_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "torchmetrics"
STRINGS = "a string in the inputs: torchmetrics takes tensors"  # the skip reason's start (adapter.py)
PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")

# The whole run per status, per metric, per skip reason and per divergence ((matched, declared, passed, skipped),
# passed always 0: no divergence is wider than its behaviour) are golden figures
# (tests/__snapshots__/test_port_torchmetrics.ambr): they follow from the corpus.
DIVERGENCE_IDS = {
    "hinge-decisions-squashed",  # the classification extras (extras.py)
    "hinge-one-dimensional-multiclass-crash",
    "hinge-nan-accepted",
    # ranking (ports/torchmetrics/ranking.py)
    "retrieval-negative-relevance-accepted",
    "retrieval-flat-queries",
    "ranking-non-finite-scores-accepted",
    "retrieval-scores-float32",
    "retrieval-gains-float32",
    "multilabel-ranking-values-must-be-0-or-1",
    "lrap-one-column-refused",
    "multilabel-ranking-vector-crash",
    "ranking-loss-ties-broken-by-order",
    "multilabel-ranking-scores-squashed-by-sigmoid",
    "single-cluster-information-is-zero",
    "float-cluster-ids-refused",
    "adjusted-rand-int64-overflow",  # corpus 2.0.0's regimes family (large-n)
    "empty-labelings-score-zero",
    "empty-labelings-ami-crash",
    "v-measure-zero-over-zero-is-one",
    "v-measure-negative-beta-accepted",
    "cluster-points-lengths-crash",
    "cluster-points-nan-not-refused",
    "cluster-points-non-finite-labels-accepted",  # corpus 1.6.0's validation family
    "cluster-points-float32-range",
    "f-zero-division-nan-refused",
    "zero-division-nan-not-left-out",
    "macro-leaves-out-absent-classes",
    "zero-division-not-validated",
    "beta-zero-refused",
    "beta-infinity-is-nan",
    "multilabel-values-must-be-0-or-1",
    "multilabel-jaccard-average-not-validated",
    "multilabel-mcc-accepted",
    "balanced-accuracy-counts-predicted-only-classes",
    "mcc-zero-denominator-rules",
    "empty-input-accepted",
    "empty-label-vectors-crash",
    "non-finite-labels-accepted",  # corpus 2.0.0's validation sweep without weights
    "non-finite-labels-bincount-crash",
    "kappa-float32-cancellation",
    "non-finite-input-accepted",
    "any-shape-accepted",
    "msle-log-domain-unchecked",
    "mape-epsilon-1.17e-6",
    "rmse-pools-outputs",
    "r2-single-sample-refused",
    "r2-absolute-tolerance",
    "variance-cancels-at-large-offsets",
    "variance-weighted-all-constant-nan",
    "auroc-shape-checked-before-classes",
    "scores-cast-to-float32",
    "auroc-undefined-is-zero",
    "auroc-max-fpr-zero-accepted",
    "multiclass-scores-not-checked",
    "average-precision-absent-pos-label",
    "empty-scores-crash",
    "roc-thresholds-start-at-one",
    "curve-scores-squashed-by-sigmoid",
    "top-k-ties",
    "top-k-above-classes-refused",
    "top-k-two-columns-are-two-classes",
    "top-k-zero-not-validated",
    "top-k-lengths-not-checked",
    "target-values-not-checked",
    "calibration-bins-closed-on-the-left",
    # deviances (ports/torchmetrics/deviances.py)
    "tweedie-power-not-finite-accepted",
    "tweedie-outputs-pooled",
    "tweedie-empty-accepted",
    "tweedie-non-finite-accepted",
    "samplewise-one-sample-crash",  # found by parity fuzz (decision 0032)
    "clustering-float32-digits",
    "loss-float32-complement",
}

# The crashes of the library (errors thrown inside torch, not by a `raise` of torchmetrics): declared as bugs.
CRASHES = {"empty-label-vectors-crash": "RuntimeError", "empty-scores-crash": "IndexError",
           "top-k-zero-not-validated": "RuntimeError", "top-k-lengths-not-checked": "RuntimeError",
           "empty-labelings-ami-crash": "RuntimeError", "cluster-points-lengths-crash": "IndexError",
           "hinge-one-dimensional-multiclass-crash": "IndexError",
           "multilabel-ranking-vector-crash": "IndexError",
           "samplewise-one-sample-crash": "IndexError", "non-finite-labels-bincount-crash": "RuntimeError"}
# What every case a divergence declares shows (in the record's detail), where one text says it.
SHOWS = {
    "hinge-one-dimensional-multiclass-crash": "IndexError: Dimension out of range",
    "hinge-nan-accepted": "expected an error (ValueError: Input contains ",  # NaN, or infinity (validation sweep)
    "multilabel-ranking-values-must-be-0-or-1": "RuntimeError: Detected the following values in `target`",
    "multilabel-ranking-vector-crash": "IndexError: tuple index out of range",
    "lrap-one-column-refused": "ValueError: Expected argument `num_labels` to be an integer larger than 1",
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
    "cluster-points-non-finite-labels-accepted": "expected an error (ValueError: Input y contains",
    "non-finite-labels-bincount-crash": "RuntimeError: bincount only supports 1-d non-negative integral inputs",
    "non-finite-labels-accepted": "expected an error (ValueError: Input y_",
}


@pytest.fixture(scope="module")
@corpus_run
def run(tmp_path_factory):
    record = tmp_path_factory.mktemp("torchmetrics") / "run.json"
    # No --setup: nothing is installed here (.ci/install installs torch and torchmetrics).
    argv = [sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--json", str(record), "--no-progress"]
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def test_verify_exits_0_with_exact_totals(run, golden):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    totals = rec["end"]["totals"]
    assert totals["cases"] == rec["start"]["corpus"]["cases"] == rec["start"]["corpus"]["selected"]
    assert rec["start"]["corpus"]["sha256"] == hashlib.sha256((REPO / "oracle" / "MANIFEST.json").read_bytes()).hexdigest()
    golden({k: totals[k] for k in TOTALS})
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0
    assert sum(totals[k] for k in TOTALS if k != "cases") == totals["cases"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "torchmetrics", "1.9.0", "python")
    assert implementation["torch"].split("+")[0] == "2.13.0"
    assert rec["start"]["harness"]["protocol"] == 2


def test_each_divergence_matches_exactly_the_cases_that_differ(run, golden):
    _, rec = run
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    assert set(by_id) == DIVERGENCE_IDS
    golden({k: (d["matched"], d["declared"], d["passed"], d["skipped"]) for k, d in sorted(by_id.items())})
    for d in by_id.values():  # none matches a passing case, none is stale or unmatched
        assert d["passed"] == 0 and not d["wider"] and not d["stale"] and not d["unmatched"], d
    declared = Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared")
    assert declared == {k: d["declared"] for k, d in by_id.items()} and all(declared.values())
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
    declared = Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared")
    assert uncaught == {k: declared[k] for k in CRASHES}
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
        "fowlkes_mallows_score", "calinski_harabasz_score", "davies_bouldin_score",
        # the ranking scores are float32 too (retrieval NDCG's gains, the multilabel ranking sums)
        "ndcg_score", "label_ranking_average_precision_score", "label_ranking_loss", "coverage_error"}
    assert rec["start"]["tolerance"]["source"] == "corpus"
    assert not widened & {c["metric"] for c in rec["cases"] if c["metric"].startswith(("mean_", "r2", "root_", "explained"))}


def test_outcomes_per_metric(run, golden):
    _, rec = run
    statuses = defaultdict(Counter)
    for c in rec["cases"]:
        statuses[c["metric"]][c["status"]] += 1
    golden({m: dict(sorted(s.items())) for m, s in sorted(statuses.items())})
    for c in rec["cases"]:  # a metric answered by no case is one torchmetrics lacks
        if set(statuses[c["metric"]]) == {"skipped"}:
            assert c["actual"]["skipped"].startswith("torchmetrics has no"), c["id"]


def test_skip_reasons_name_what_torchmetrics_lacks(run, golden):
    _, rec = run
    golden(dict(sorted(Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped").items())))


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


def test_string_inputs_and_only_they_are_skipped_for_their_strings(run):
    """A call with a string in its inputs (the input property strings: string labels, or a word where a number
    belongs) is skipped, for its strings unless torchmetrics lacks the metric; no other call is skipped for
    strings."""
    _, rec = run
    with_strings = {c.id for c in kit.bundled_corpus() if properties.strings(c.raw["inputs"])}
    by_id = {c["id"]: c for c in rec["cases"]}
    assert with_strings and with_strings <= set(by_id)
    assert {by_id[i]["status"] for i in with_strings} == {"skipped"}
    reasons = {i: by_id[i]["actual"]["skipped"] for i in with_strings}
    assert all(r.startswith((STRINGS, "torchmetrics has no")) for r in reasons.values()), set(reasons.values())
    assert any(r.startswith(STRINGS) for r in reasons.values())
    assert not [c["id"] for c in rec["cases"] if c["status"] == "skipped" and c["id"] not in with_strings
                and c["actual"]["skipped"].startswith(STRINGS)]


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


def test_a_string_in_the_inputs_is_skipped_for_it():
    """String labels, and a word where a number belongs, are skipped with the strings reason (torchmetrics takes
    tensors of numbers); the same call with numbers is answered."""
    run = lambda seq, metric, inputs: {"cmd": "run", "seq": seq, "metric": metric,  # noqa: E731
                                       "inputs": inputs, "params": {}}
    _, labels, word, numbers = _talk([
        {"cmd": "start", "protocol": 2},
        run(0, "accuracy_score", {"y_true": ["cat", "dog", "dog"], "y_pred": ["cat", "cat", "dog"]}),
        run(1, "mean_absolute_error", {"y_true": [1.0, 2.0], "y_pred": [1.0, "abc"]}),
        run(2, "accuracy_score", {"y_true": [0, 1, 1], "y_pred": [0, 0, 1]}),
        {"cmd": "stop"}])
    assert labels["skipped"].startswith(STRINGS) and word["skipped"].startswith(STRINGS)
    assert numbers["value"] == pytest.approx(2 / 3, rel=1e-6)


@pytest.mark.parametrize("case_id", ["calinski_harabasz_score/validation/labels/nan-first",
                                     "calinski_harabasz_score/validation/labels/inf-middle",
                                     "davies_bouldin_score/validation/labels/nan-first",
                                     "davies_bouldin_score/validation/labels/inf-middle"])
def test_a_non_finite_cluster_label_is_a_cluster_of_its_own(case_id):
    """cluster-points-non-finite-labels-accepted, by a direct call of torchmetrics: the case's one non-finite label
    scores as one more cluster id (2), where scikit-learn raises ValueError."""
    import math

    import torch
    from torchmetrics.functional import clustering

    case = next(c for c in kit.bundled_corpus() if c.id == case_id)
    assert case.raw["expected"]["error"]["type"] == "ValueError"
    X = torch.tensor(decode_numeric(case.raw["inputs"]["X"]), dtype=torch.float64)
    labels = decode_numeric(case.raw["inputs"]["labels"])
    as_cluster_2 = [v if math.isfinite(v) else 2 for v in labels]
    assert as_cluster_2 != labels and set(as_cluster_2) == {0, 1, 2}
    score = getattr(clustering, case.raw["metric"])
    got = score(X, torch.tensor(labels, dtype=torch.float64)).item()
    assert math.isfinite(got) and got == score(X, torch.tensor(as_cluster_2, dtype=torch.int64)).item()


def _case(case_id: str):
    return next(c for c in kit.bundled_corpus() if c.id == case_id)


def test_adjusted_rand_overflows_past_65536_samples():
    """adjusted-rand-int64-overflow, by a direct call of torchmetrics on adjusted_rand_score/regimes/large-n: the
    whole case flips sign against scikit-learn's value, its first 65,536 samples agree with scikit-learn on them
    (computed here by scikit-learn), and the pair counts themselves are right: only their products overflow."""
    import torch
    from sklearn.metrics import adjusted_rand_score, pair_confusion_matrix
    from torchmetrics.functional.clustering import adjusted_rand_score as tm_ari
    from torchmetrics.functional.clustering.utils import calculate_pair_cluster_confusion_matrix

    case = _case("adjusted_rand_score/regimes/large-n")
    true, pred = (torch.tensor(decode_numeric(case.raw["inputs"][k]), dtype=torch.int64)
                  for k in ("labels_true", "labels_pred"))
    assert len(true) == 2**16 + 1
    expected = case.raw["expected"]["value"]
    got = tm_ari(pred, true).item()
    assert got < 0 < expected and got == pytest.approx(-expected, rel=1e-3)
    head = 2**16
    assert tm_ari(pred[:head], true[:head]).item() == pytest.approx(
        adjusted_rand_score(true[:head].numpy(), pred[:head].numpy()), rel=1e-6)
    # torchmetrics's matrix is scikit-learn's transposed (its off-diagonal counts are the other way round)
    assert calculate_pair_cluster_confusion_matrix(pred, true).tolist() == \
        pair_confusion_matrix(true.numpy(), pred.numpy()).T.tolist()


@pytest.mark.parametrize("case_id", ["confusion_matrix/validation/unweighted/y_pred/nan-first",
                                     "matthews_corrcoef/validation/unweighted/y_true/inf-middle",
                                     "cohen_kappa_score/validation/unweighted/y1/minus-inf-last"])
def test_a_non_finite_label_crashes_the_confusion_matrix_in_bincount(case_id):
    """non-finite-labels-bincount-crash, by a direct call of torchmetrics: the float label tensor the adapter hands
    over passes the tensor checks and torch.bincount raises, inside torchmetrics's _bincount (no `raise` of its own)."""
    import traceback

    import torch
    import torchmetrics.functional.classification as FC

    case = _case(case_id)
    assert case.raw["expected"]["error"]["type"] == "ValueError"
    a, b = (torch.tensor(decode_numeric(v), dtype=torch.float64) for v in list(case.raw["inputs"].values())[:2])
    fn = {"confusion_matrix": FC.multiclass_confusion_matrix, "matthews_corrcoef": FC.multiclass_matthews_corrcoef,
          "cohen_kappa_score": FC.multiclass_cohen_kappa}[case.raw["metric"]]
    with pytest.raises(RuntimeError, match="bincount only supports 1-d non-negative integral inputs") as info:
        fn(b, a, num_classes=len(set(a.tolist()) | set(b.tolist())))
    frame = traceback.extract_tb(info.value.__traceback__)[-1]
    assert frame.filename.endswith("torchmetrics/utilities/data.py") and "torch.bincount" in frame.line


def test_a_non_finite_label_is_counted_by_accuracy():
    """non-finite-labels-accepted, by a direct call of torchmetrics: multiclass_accuracy answers the case's float
    tensors with a NaN target, as the run did, where scikit-learn raises ValueError."""
    import math

    import torch
    import torchmetrics.functional.classification as FC

    case = _case("accuracy_score/validation/unweighted/y_true/nan-first")
    assert case.raw["expected"]["error"]["type"] == "ValueError"
    y_true, y_pred = (torch.tensor(decode_numeric(case.raw["inputs"][k]), dtype=torch.float64) for k in ("y_true", "y_pred"))
    assert math.isnan(y_true[0])
    got = FC.multiclass_accuracy(y_pred, y_true, num_classes=3, average="micro").item()
    # the NaN sample matches nothing; the other five are compared as labels
    assert got == pytest.approx(sum(int(t == p) for t, p in zip(y_true[1:].tolist(), y_pred[1:].tolist())) / 6, rel=1e-6)
