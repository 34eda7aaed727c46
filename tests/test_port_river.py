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

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from library_ports import (assert_confirmed, assert_declarations, assert_fails_stripped, outcomes_per_metric,
                           skip_reasons, talk)
from conformance.encoding import decode_input
from port_runs import assert_totals, verify_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "river"

# The whole run per status and per metric, its skip reasons and each divergence's counts are golden
# figures (tests/__snapshots__/), measured: they follow from the corpus.

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
    "mixed-label-types-accepted": "accuracy_score/strings/mixed/across",
    "float-labels-are-classes": "accuracy_score/regimes/y_true/non-integer-floats",
    "bad-input-gets-a-value": "accuracy_score/validation/empty",
    "non-number-crash": "mean_absolute_error/validation/y_true/string",
}
CRASHES = {"zero-weight-sum-crash": "ZeroDivisionError", "square-overflow-crash": "OverflowError",
           "log-domain-crash": "ValueError", "non-number-crash": "TypeError"}

REFUSALS = set()


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return verify_run(PORT, tmp_path_factory.mktemp("river"))


@pytest.mark.corpus_run
def test_verify_exits_0_with_exact_totals(run, golden):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert_totals(rec, golden)
    totals = rec["end"]["totals"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == ("river", "0.26.1", "python")
    assert totals["passed"] + totals["by-convention"] + totals["declared"] >= 300  # issue 29: at least 300 cases judged


@pytest.mark.corpus_run
def test_outcomes_per_metric_and_skip_reasons(run, golden):
    _, rec = run
    golden({m: dict(sorted(s.items())) for m, s in sorted(outcomes_per_metric(rec).items())}, "per metric")
    reasons = skip_reasons(rec)
    golden(len(reasons), "skip reasons")
    assert sum(reasons.values()) == rec["end"]["totals"]["skipped"]


@pytest.mark.corpus_run
def test_declarations_are_what_was_found(run, golden):
    """Each divergence covers exactly the cases that differ, none that passes; only the declared crashes are uncaught."""
    _, rec = run
    assert_declarations(rec, PORT, golden, CRASHES, SMALLEST, REFUSALS)


@pytest.mark.corpus_run
def test_label_metrics_are_fed_in_the_harness_batches(run, golden):
    """streaming: true: label-metric cases of two samples or more carry their cut points, and pass or are declared."""
    _, rec = run
    batched = [c for c in rec["cases"] if c.get("batches")]
    golden(len(batched), "batched")
    assert {c["status"] for c in batched} <= {"passed", "declared", "skipped"}
    assert Counter(c["status"] for c in batched)["passed"] > 0


@pytest.mark.corpus_run
def test_each_divergence_is_river_itself(run):
    """confirm.py: the direct River call on each smallest case returns what the port answered there."""
    _, rec = run
    assert_confirmed(rec, PORT, SMALLEST, first_of_lists=True)


def _confirm_module():
    spec = importlib.util.spec_from_file_location("river_confirm", PORT / "confirm.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Corpus 2.0.0's regimes and unweighted sweep brought new cases under divergences declared before; one of each
# cause, called on River directly (its inputs read from the corpus, no adapter code) the way confirm.py calls it.
def _direct_calls(confirm):
    metrics, fed = confirm.metrics, confirm.fed

    def rolling_auc(i):  # binary y_true as booleans, scikit-learn's positive class the greater label, 1
        return fed(metrics.RollingROCAUC(window_size=len(i["y_true"])), [t == 1 for t in i["y_true"]], i["y_score"])

    return {
        "cohen_kappa_score/regimes/one-sample": ("kappa-undefined-is-0",
                                                 lambda i: fed(metrics.CohenKappa(), i["y1"], i["y2"], i["sample_weight"])),
        "r2_score/regimes/one-sample": ("r2-undefined-is-0",
                                        lambda i: fed(metrics.R2(), i["y_true"], i["y_pred"], i["sample_weight"])),
        "mean_absolute_percentage_error/regimes/one-sample": (
            "mape-is-a-percentage", lambda i: fed(metrics.MAPE(), i["y_true"], i["y_pred"], i["sample_weight"])),
        # average='binary' over three classes: F1(pos_val=1) answers where scikit-learn refuses
        "f1_score/regimes/y_pred/more-classes": (
            "value-where-sklearn-refuses", lambda i: fed(metrics.F1(), i["y_true"], i["y_pred"], i["sample_weight"])),
        # one class in y_true: LogLoss answers (the one label seen is the positive one, as the adapter reads it)
        "log_loss/regimes/y_true/single-class": (
            "value-where-sklearn-refuses",
            lambda i: fed(metrics.LogLoss(), [t == max(i["y_true"]) for t in i["y_true"]], i["y_proba"],
                          i["sample_weight"])),
        "root_mean_squared_log_error/validation/unweighted/y_true/nan-first": (
            "value-where-sklearn-refuses", lambda i: fed(metrics.RMSLE(), i["y_true"], i["y_pred"])),
        "root_mean_squared_log_error/validation/unweighted/y_true/minus-inf-last": (
            "log-domain-crash", lambda i: fed(metrics.RMSLE(), i["y_true"], i["y_pred"])),
        "roc_auc_score/validation/unweighted/y_score/nan-first": ("bad-input-gets-a-value", rolling_auc),
        "roc_auc_score/validation/unweighted/empty": ("bad-input-gets-a-value", rolling_auc),
        # a word among the scores: RollingROCAUC's compiled update_many raises TypeError reading it as a float
        "roc_auc_score/validation/unweighted/y_score/string": ("non-number-crash", rolling_auc),
    }


@pytest.mark.corpus_run
def test_new_cases_of_earlier_divergences_are_river_itself(run, corpus):
    _, rec = run
    confirm = _confirm_module()
    cases = {c["id"]: c for c in rec["cases"]}
    stored = {c.id: c for c in corpus}
    for case_id, (divergence, call) in _direct_calls(confirm).items():
        case = cases[case_id]
        assert (case["status"], case["divergence"]) == ("declared", divergence), case_id
        inputs = {k: decode_input(v) for k, v in stored[case_id].raw["inputs"].items()}
        answer = case["actual"]
        port_answer = {"exception": answer["error"]["type"]} if "error" in answer else answer["value"]
        assert confirm.attempt(lambda: call(inputs)) == port_answer, case_id


@pytest.mark.corpus_run
def test_stripped_of_its_divergences_it_fails(run, tmp_path):
    _, rec = run
    assert_fails_stripped(PORT, tmp_path, rec, CRASHES)


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
