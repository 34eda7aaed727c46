"""ports/river: River 0.26.1's online metrics run through `parity verify`, on the bundled corpus.

The port really runs: river==0.26.1 must be installed in the interpreter running the tests (.ci/install
installs it); the test fails, it does not skip or install, when it is missing.  The full run is built once
per module (marked corpus_run: `nox -s corpus_runs`); the adapter's own tests below it are cheap.

Asserted exactly: the totals per status and per metric, each divergence's counts (none matches a case that
passes), the number of skip reasons, that label-metric cases were fed in the harness's batches, that
`confirm.py`'s direct River calls return what the port answered on each divergence's smallest case, and that
the port stripped of its divergences fails.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from library_ports import (assert_confirmed, assert_declarations, assert_fails_stripped, outcomes_per_metric,
                           skip_reasons, talk)
from port_runs import assert_totals, verify_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "river"

# The whole run (corpus 1.3.0), per status and per metric; per divergence (matched, declared, passed, skipped).
TOTALS = {'cases': 4168, 'passed': 777, 'by-convention': 0, 'failed': 0, 'declared': 318, 'skipped': 3073}
PER_METRIC = {
    'accuracy_score': {'declared': 2, 'passed': 26, 'skipped': 36},
    'average_precision_score': {'skipped': 79},
    'balanced_accuracy_score': {'declared': 2, 'passed': 23, 'skipped': 24},
    'brier_score_loss': {'skipped': 132},
    'calibration_curve': {'skipped': 49},
    'classification_report': {'skipped': 50},
    'cohen_kappa_score': {'declared': 3, 'passed': 18, 'skipped': 77},
    'confusion_matrix': {'declared': 2, 'passed': 23, 'skipped': 108},
    'expected_calibration_error': {'skipped': 86},
    'explained_variance_score': {'skipped': 198},
    'f1_score': {'declared': 33, 'passed': 83, 'skipped': 171},
    'fbeta_score': {'declared': 54, 'passed': 115, 'skipped': 168},
    'hamming_loss': {'skipped': 21},
    'jaccard_score': {'declared': 4, 'passed': 11, 'skipped': 67},
    'log_loss': {'declared': 36, 'passed': 24, 'skipped': 50},
    'matthews_corrcoef': {'declared': 2, 'passed': 23, 'skipped': 22},
    'max_error': {'skipped': 34},
    'mean_absolute_error': {'declared': 10, 'passed': 23, 'skipped': 78},
    'mean_absolute_percentage_error': {'declared': 35, 'passed': 1, 'skipped': 78},
    'mean_squared_error': {'declared': 11, 'passed': 21, 'skipped': 79},
    'mean_squared_log_error': {'skipped': 109},
    'median_absolute_error': {'skipped': 115},
    'multilabel_confusion_matrix': {'skipped': 38},
    'precision_recall_curve': {'skipped': 60},
    'precision_recall_fscore_support': {'declared': 17, 'passed': 126, 'skipped': 174},
    'precision_score': {'declared': 31, 'passed': 85, 'skipped': 165},
    'r2_score': {'declared': 19, 'passed': 38, 'skipped': 144},
    'recall_score': {'declared': 35, 'passed': 81, 'skipped': 165},
    'roc_auc_score': {'declared': 4, 'passed': 11, 'skipped': 125},
    'roc_curve': {'skipped': 61},
    'root_mean_squared_error': {'declared': 9, 'passed': 23, 'skipped': 78},
    'root_mean_squared_log_error': {'declared': 9, 'passed': 22, 'skipped': 78},
    'top_k_accuracy_score': {'skipped': 121},
    'zero_one_loss': {'skipped': 33},
}
DIVERGENCES = {
    'pos-val-other-than-true': (117, 117, 0, 0),
    'zero-weight-class-dropped': (6, 6, 0, 0),
    'beta-infinity-is-nan': (18, 18, 0, 0),
    'kappa-undefined-is-0': (2, 2, 0, 0),
    'r2-undefined-is-0': (11, 11, 0, 0),
    'mape-is-a-percentage': (19, 19, 0, 0),
    'mape-zero-target-is-0': (9, 9, 0, 0),
    'running-mean': (2, 2, 0, 0),
    'log-loss-clipped-at-1e-15': (26, 26, 0, 0),
    'roc-auc-ties': (2, 2, 0, 0),
    'roc-auc-single-class': (1, 1, 0, 0),
    'value-where-sklearn-refuses': (79, 79, 0, 0),
    'zero-weight-sum-crash': (20, 20, 0, 0),
    'square-overflow-crash': (3, 3, 0, 0),
    'log-domain-crash': (3, 3, 0, 0),
}
SKIP_REASONS = 71
BATCHED = 1856

# Each divergence's smallest case, as its note in port.yaml names it.
SMALLEST = {
    "pos-val-other-than-true": "f1_score/grid/average=None/zero_division=0/1",
    "zero-weight-class-dropped": "f1_score/sample-weight/zero-weight-keeps-class/average=macro",
    "beta-infinity-is-nan": "fbeta_score/grid/beta=inf/average=None/1",
    "kappa-undefined-is-0": "cohen_kappa_score/grid/weights=None/labels=subset/sample_weight=none/1",
    "r2-undefined-is-0": "r2_score/single-sample/off",
    "mape-is-a-percentage": "mean_absolute_percentage_error/single-sample",
    "mape-zero-target-is-0": "mean_absolute_percentage_error/overflow",
    "running-mean": "mean_absolute_error/overflow",
    "log-loss-clipped-at-1e-15": "log_loss/clipping/subnormal",
    "roc-auc-ties": "roc_auc_score/grid/binary/scores=ties/weights=none/0",
    "roc-auc-single-class": "roc_auc_score/single-class/nan",
    "value-where-sklearn-refuses": "cohen_kappa_score/errors/empty",
    "zero-weight-sum-crash": "mean_absolute_error/error/sample_weight/all-zero",
    "square-overflow-crash": "mean_squared_error/overflow",
    "log-domain-crash": "root_mean_squared_log_error/error/y_pred-at-or-below-minus-one",
}
CRASHES = {"zero-weight-sum-crash": "ZeroDivisionError", "square-overflow-crash": "OverflowError",
           "log-domain-crash": "ValueError"}

REFUSALS = set()


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return verify_run(PORT, tmp_path_factory.mktemp("river"))


@pytest.mark.corpus_run
def test_verify_exits_0_with_exact_totals(run):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert_totals(rec, TOTALS)
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == ("river", "0.26.1", "python")
    assert TOTALS["passed"] + TOTALS["declared"] >= 300  # issue 29: at least 300 cases judged


@pytest.mark.corpus_run
def test_outcomes_per_metric_and_skip_reasons(run):
    _, rec = run
    assert outcomes_per_metric(rec) == PER_METRIC
    reasons = skip_reasons(rec)
    assert len(reasons) == SKIP_REASONS and sum(reasons.values()) == TOTALS["skipped"]


@pytest.mark.corpus_run
def test_declarations_are_what_was_found(run):
    """Each divergence covers exactly the cases that differ, none that passes; only the declared crashes are uncaught."""
    _, rec = run
    assert_declarations(rec, PORT, DIVERGENCES, CRASHES, SMALLEST, REFUSALS)


@pytest.mark.corpus_run
def test_label_metrics_are_fed_in_the_harness_batches(run):
    """streaming: true: label-metric cases of two samples or more carry their cut points, and pass or are declared."""
    _, rec = run
    batched = [c for c in rec["cases"] if c.get("batches")]
    assert len(batched) == BATCHED
    assert {c["status"] for c in batched} <= {"passed", "declared", "skipped"}
    assert Counter(c["status"] for c in batched)["passed"] > 0


@pytest.mark.corpus_run
def test_each_divergence_is_river_itself(run):
    """confirm.py: the direct River call on each smallest case returns what the port answered there."""
    _, rec = run
    assert_confirmed(rec, PORT, SMALLEST, first_of_lists=True)


@pytest.mark.corpus_run
def test_stripped_of_its_divergences_it_fails(run, tmp_path):
    assert_fails_stripped(PORT, tmp_path, TOTALS, DIVERGENCES, CRASHES)


# --------------------------------------------------------------------------- the adapter alone (cheap)


def test_the_adapter_feeds_batches_in_order_and_reads_only_the_call():
    """A run is answered from metric, inputs, params and batches alone; cutting the samples changes nothing
    (River is fed one sample at a time), and a crash inside Python arithmetic is marked uncaught."""
    call = {"metric": "recall_score", "inputs": {"y_true": [0, 1, 1, 0, 1], "y_pred": [0, 1, 0, 0, 1]},
            "params": {"average": "macro"}}
    reply, *answers = talk(PORT, [{"cmd": "start", "protocol": 2},
                             {"cmd": "run", "seq": 0, **call},
                             {"cmd": "run", "seq": 1, **call, "batches": [1, 3], "id": "x", "tags": ["t"]},
                             {"cmd": "run", "seq": 2, "metric": "mean_absolute_error",
                              "inputs": {"y_true": [1.0], "y_pred": [2.0], "sample_weight": [0.0]}, "params": {}},
                             {"cmd": "stop"}])
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == "0.26.1"
    assert answers[0] == {"seq": 0, "value": 0.8333333333333333} and answers[1] == {**answers[0], "seq": 1}
    assert answers[2]["error"]["type"] == "ZeroDivisionError" and answers[2]["error"]["uncaught"] is True
