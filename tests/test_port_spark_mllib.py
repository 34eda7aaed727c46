"""ports/spark-mllib: Spark 4.3.0 MLlib's evaluators on a local engine, run through `parity verify`, on the bundled corpus.

The port really runs: pyspark==4.3.0 and a Java runtime must be installed in the interpreter running the tests (.ci/install
installs both); the test fails, it does not skip or install, when they are missing.  The full run is built once
per module; every test here starts a JVM and a SparkSession, so all are marked corpus_run (`nox -s corpus_runs`).

Asserted exactly: the totals per status and per metric, each divergence's counts (none matches a case that
passes), the number of skip reasons, that `confirm.py`'s direct PySpark calls return what the port answered on
each divergence's smallest case, and that the port stripped of its divergences fails on the cases they declared.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from library_ports import (assert_confirmed, assert_declarations, assert_fails_stripped, outcomes_per_metric,
                           skip_reasons, talk)
from port_runs import assert_totals, verify_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "spark-mllib"

# The whole run (corpus 1.3.0), per status and per metric; per divergence (matched, declared, passed, skipped).
TOTALS = {'cases': 4168, 'passed': 338, 'by-convention': 0, 'failed': 0, 'declared': 162, 'skipped': 3668}
PER_METRIC = {
    'accuracy_score': {'declared': 2, 'passed': 26, 'skipped': 36},
    'average_precision_score': {'declared': 23, 'passed': 3, 'skipped': 53},
    'balanced_accuracy_score': {'skipped': 49},
    'brier_score_loss': {'skipped': 132},
    'calibration_curve': {'skipped': 49},
    'classification_report': {'skipped': 50},
    'cohen_kappa_score': {'skipped': 98},
    'confusion_matrix': {'skipped': 133},
    'expected_calibration_error': {'skipped': 86},
    'explained_variance_score': {'skipped': 198},
    'f1_score': {'declared': 14, 'passed': 34, 'skipped': 239},
    'fbeta_score': {'declared': 31, 'passed': 47, 'skipped': 259},
    'hamming_loss': {'declared': 1, 'passed': 8, 'skipped': 12},
    'jaccard_score': {'skipped': 82},
    'log_loss': {'declared': 19, 'passed': 15, 'skipped': 76},
    'matthews_corrcoef': {'skipped': 47},
    'max_error': {'skipped': 34},
    'mean_absolute_error': {'declared': 3, 'passed': 30, 'skipped': 78},
    'mean_absolute_percentage_error': {'skipped': 114},
    'mean_squared_error': {'declared': 3, 'passed': 29, 'skipped': 79},
    'mean_squared_log_error': {'skipped': 109},
    'median_absolute_error': {'skipped': 115},
    'multilabel_confusion_matrix': {'skipped': 38},
    'precision_recall_curve': {'skipped': 60},
    'precision_recall_fscore_support': {'skipped': 317},
    'precision_score': {'declared': 13, 'passed': 34, 'skipped': 234},
    'r2_score': {'declared': 34, 'passed': 23, 'skipped': 144},
    'recall_score': {'declared': 14, 'passed': 33, 'skipped': 234},
    'roc_auc_score': {'declared': 2, 'passed': 27, 'skipped': 111},
    'roc_curve': {'skipped': 61},
    'root_mean_squared_error': {'declared': 3, 'passed': 29, 'skipped': 78},
    'root_mean_squared_log_error': {'skipped': 109},
    'top_k_accuracy_score': {'skipped': 121},
    'zero_one_loss': {'skipped': 33},
}
DIVERGENCES = {
    'label-absent-from-y_true-crash': (45, 45, 0, 0),
    'zero-weight-class-is-nan': (2, 2, 0, 0),
    'beta-infinity-is-nan': (5, 5, 0, 0),
    'beta-must-be-positive': (4, 4, 0, 0),
    'metric-label-must-be-non-negative': (4, 4, 0, 0),
    'area-under-pr-is-not-average-precision': (22, 22, 0, 0),
    'log-loss-clipped-at-1e-15': (16, 16, 0, 0),
    'roc-auc-single-class-is-1': (1, 1, 0, 0),
    'weighted-r2-total-sum-of-squares': (15, 15, 0, 0),
    'r2-no-variance-not-special-cased': (13, 13, 0, 0),
    'r2-squares-out-of-range': (3, 3, 0, 0),
    'value-where-sklearn-refuses': (30, 30, 0, 0),
    'empty-input-crash': (2, 2, 0, 0),
}
SKIP_REASONS = 89

# Each divergence's smallest case, as its note in port.yaml names it.
SMALLEST = {
    "label-absent-from-y_true-crash": "f1_score/zero-division/binary-no-positive-anywhere",
    "zero-weight-class-is-nan": "f1_score/grid/average=weighted/weights=zeros/1",
    "beta-infinity-is-nan": "fbeta_score/grid/beta=inf/average=None/1",
    "beta-must-be-positive": "fbeta_score/grid/beta=0/average=binary/0",
    "metric-label-must-be-non-negative": "f1_score/binary/pos-label=-1",
    "area-under-pr-is-not-average-precision": "average_precision_score/interpolation/none",
    "log-loss-clipped-at-1e-15": "log_loss/clipping/multiclass-zero-column",
    "roc-auc-single-class-is-1": "roc_auc_score/single-class/nan",
    "weighted-r2-total-sum-of-squares": "r2_score/weighted-target-mean",
    "r2-no-variance-not-special-cased": "r2_score/single-sample/off",
    "r2-squares-out-of-range": "r2_score/numerics/tiny/squares-underflow",
    "value-where-sklearn-refuses": "accuracy_score/errors/empty",
    "empty-input-crash": "average_precision_score/errors/empty",
}
CRASHES = {"label-absent-from-y_true-crash": "NoSuchElementException",
           "empty-input-crash": "UnsupportedOperationException"}
REFUSALS = {"IllegalArgumentException", "SparkRuntimeException"}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    # The record's end event has the run's seconds; no test times it (benchmarks measure, tests do not).
    return verify_run(PORT, tmp_path_factory.mktemp("spark-mllib"))


@pytest.mark.corpus_run
def test_verify_exits_0_with_exact_totals(run):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert_totals(rec, TOTALS)
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "spark-mllib", "4.3.0", "scala")
    assert TOTALS["passed"] + TOTALS["by-convention"] + TOTALS["declared"] >= 300  # issue 29: 300 cases judged


@pytest.mark.corpus_run
def test_outcomes_per_metric_and_skip_reasons(run):
    _, rec = run
    assert outcomes_per_metric(rec) == PER_METRIC
    reasons = skip_reasons(rec)
    assert len(reasons) == SKIP_REASONS and sum(reasons.values()) == TOTALS["skipped"]


@pytest.mark.corpus_run
def test_declarations_are_what_was_found(run):
    """Each divergence covers exactly the cases that differ, none that passes; every error is one of Spark's
    refusals or a declared crash, and the crashes alone are uncaught."""
    _, rec = run
    assert_declarations(rec, PORT, DIVERGENCES, CRASHES, SMALLEST, REFUSALS)


@pytest.mark.corpus_run
def test_each_divergence_is_spark_itself(run):
    """confirm.py: the direct PySpark call on each smallest case returns what the port answered there."""
    _, rec = run
    assert_confirmed(rec, PORT, SMALLEST, timeout=600)


@pytest.mark.corpus_run
def test_stripped_of_its_divergences_it_fails(run, tmp_path):
    """Run again without the divergences, on the cases the full run declared (every other case's answer
    does not depend on the declarations, and a second full Spark run would double the test's time)."""
    _, full = run
    declared = [c["id"] for c in full["cases"] if c["status"] == "declared"]
    assert not [i for i in declared if set(i) & set("*?[]")]  # ids are literal globs
    assert_fails_stripped(PORT, tmp_path, TOTALS, DIVERGENCES, CRASHES, *(a for i in declared for a in ("--only", i)))


# --------------------------------------------------------------------------- the adapter alone (cheap)


@pytest.mark.corpus_run  # not a corpus run, but it starts a JVM and a SparkSession (a minute on a loaded machine)
def test_the_adapter_reads_only_the_call_and_names_java_exceptions():
    """A run is answered from metric, inputs and params alone; per class comes from one MulticlassMetrics;
    Spark's param check is a refusal, a Java NoSuchElementException is named and marked uncaught."""
    call = {"metric": "recall_score", "inputs": {"y_true": [0, 1, 2, 0], "y_pred": [0, 1, 1, 2],
                                                 "sample_weight": [1, 2, 1, 1]}, "params": {"average": None}}
    reply, *answers = talk(PORT, [{"cmd": "start", "protocol": 2},
                             {"cmd": "run", "seq": 0, **call},
                             {"cmd": "run", "seq": 1, **call, "id": "x", "tags": ["t"]},
                             {"cmd": "run", "seq": 2, "metric": "f1_score",
                              "inputs": {"y_true": [0, 1], "y_pred": [0, 1]}, "params": {"pos_label": -1}},
                             {"cmd": "run", "seq": 3, "metric": "precision_score",
                              "inputs": {"y_true": [0, 0], "y_pred": [0, 0]}, "params": {}},
                             {"cmd": "stop"}], timeout=600)
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == "4.3.0"
    assert answers[0] == {"seq": 0, "value": [0.5, 1.0, 0.0]} and answers[1] == {**answers[0], "seq": 1}
    assert answers[2]["error"]["type"] == "IllegalArgumentException" and "uncaught" not in answers[2]["error"]
    assert answers[3]["error"]["type"] == "NoSuchElementException" and answers[3]["error"]["uncaught"] is True
