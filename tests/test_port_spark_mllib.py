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

# The whole run per status and per metric, its skip reasons and each divergence's counts are golden
# figures (tests/__snapshots__/), measured: they follow from the corpus.

# Each divergence's smallest case, as its note in port.yaml names it.
SMALLEST = {
    "label-absent-from-y_true-crash": "f1_score/fuzzed/mljs/b94ffb3e73",
    "zero-weight-class-is-nan": "f1_score/grid/average=weighted/weights=zeros/1",
    "beta-infinity-is-nan": "fbeta_score/grid/beta=inf/average=None/1",
    "beta-must-be-positive": "fbeta_score/grid/beta=0/average=binary/0",
    "metric-label-must-be-non-negative": "f1_score/binary/pos-label=-1",
    "area-under-pr-is-not-average-precision": "average_precision_score/interpolation/none",
    "log-loss-clipped-at-1e-15": "log_loss/clipping/multiclass-zero-column",
    "roc-auc-single-class-is-1": "roc_auc_score/single-class/nan",
    "roc-auc-no-positive-is-0": "roc_auc_score/regimes/one-sample",
    "fractional-labels-are-classes": "accuracy_score/regimes/y_true/non-integer-floats",
    "weighted-r2-total-sum-of-squares": "r2_score/weighted-target-mean",
    "r2-no-variance-not-special-cased": "r2_score/single-sample/off",
    "r2-squares-out-of-range": "r2_score/numerics/tiny/squares-underflow",
    "value-where-sklearn-refuses": "accuracy_score/errors/empty",
    "empty-input-crash": "average_precision_score/errors/empty",
    "negative-weight-refused": "accuracy_score/validation/sample_weight/negative",
    "non-finite-values-accepted": "accuracy_score/validation/y_true/nan-first",
    "all-zero-weights-accepted": "accuracy_score/validation/sample_weight/all-zero",
}
CRASHES = {"label-absent-from-y_true-crash": "NoSuchElementException",
           "empty-input-crash": "UnsupportedOperationException"}
REFUSALS = {"IllegalArgumentException", "SparkRuntimeException", "NumberFormatException"}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    # The record's end event has the run's seconds; no test times it (benchmarks measure, tests do not).
    return verify_run(PORT, tmp_path_factory.mktemp("spark-mllib"))


@pytest.mark.corpus_run
def test_verify_exits_0_with_exact_totals(run, golden):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert_totals(rec, golden)
    totals = rec["end"]["totals"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "spark-mllib", "4.3.0", "scala")
    assert totals["passed"] + totals["by-convention"] + totals["declared"] >= 300  # issue 29: 300 cases judged


@pytest.mark.corpus_run
def test_outcomes_per_metric_and_skip_reasons(run, golden):
    _, rec = run
    golden({m: dict(sorted(s.items())) for m, s in sorted(outcomes_per_metric(rec).items())}, "per metric")
    reasons = skip_reasons(rec)
    golden(len(reasons), "skip reasons")
    assert sum(reasons.values()) == rec["end"]["totals"]["skipped"]


@pytest.mark.corpus_run
def test_declarations_are_what_was_found(run, golden):
    """Each divergence covers exactly the cases that differ, none that passes; every error is one of Spark's
    refusals or a declared crash, and the crashes alone are uncaught."""
    _, rec = run
    assert_declarations(rec, PORT, golden, CRASHES, SMALLEST, REFUSALS)


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
    assert_fails_stripped(PORT, tmp_path, full, CRASHES, *(a for i in declared for a in ("--only", i)))


# --------------------------------------------------------------------------- the adapter alone (cheap)


@pytest.mark.corpus_run  # not a corpus run, but it starts a JVM and a SparkSession (a minute on a loaded machine)
def test_the_adapter_reads_only_the_call_and_names_java_exceptions():
    """A run is answered from metric, inputs and params alone; per class comes from one MulticlassMetrics;
    Spark's param check is a refusal, a Java NoSuchElementException is named and marked uncaught; a 2-D
    sample_weight is skipped with the reason."""
    call = {"metric": "recall_score", "inputs": {"y_true": [0, 1, 2, 0], "y_pred": [0, 1, 1, 2],
                                                 "sample_weight": [1, 2, 1, 1]}, "params": {"average": None}}
    reply, *answers = talk(PORT, [{"cmd": "start", "protocol": 2},
                             {"cmd": "run", "seq": 0, **call},
                             {"cmd": "run", "seq": 1, **call, "id": "x", "tags": ["t"]},
                             {"cmd": "run", "seq": 2, "metric": "f1_score",
                              "inputs": {"y_true": [0, 1], "y_pred": [0, 1]}, "params": {"pos_label": -1}},
                             {"cmd": "run", "seq": 3, "metric": "precision_score",
                              "inputs": {"y_true": [0, 0], "y_pred": [0, 0]}, "params": {}},
                             {"cmd": "run", "seq": 4, "metric": "mean_squared_error",
                              "inputs": {"y_true": [1.0, 2.0], "y_pred": [1.0, 3.0], "sample_weight": [[1.0], [1.0]]},
                              "params": {}},
                             {"cmd": "run", "seq": 5, "metric": "accuracy_score",
                              "inputs": {"y_true": [0, 1], "y_pred": [0, 1], "sample_weight": [1.0, "abc"]},
                              "params": {}},
                             {"cmd": "run", "seq": 6, "metric": "accuracy_score",
                              "inputs": {"y_true": ["a", "b"], "y_pred": ["a", "a"]}, "params": {}},
                             {"cmd": "stop"}], timeout=600)
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == "4.3.0"
    assert answers[0] == {"seq": 0, "value": [0.5, 1.0, 0.0]} and answers[1] == {**answers[0], "seq": 1}
    assert answers[2]["error"]["type"] == "IllegalArgumentException" and "uncaught" not in answers[2]["error"]
    assert answers[3]["error"]["type"] == "NoSuchElementException" and answers[3]["error"]["uncaught"] is True
    assert answers[4]["skipped"].startswith("2-D sample_weight")  # weightCol is one double per row: no crash
    # A word in the weights makes a string column: ANSI mode's cast refuses it (a refusal, not a crash).
    assert answers[5]["error"]["type"] == "NumberFormatException" and "uncaught" not in answers[5]["error"]
    assert answers[6]["skipped"].startswith("y_true holds strings")  # string classes: decision 0040
