"""ports/catboost: CatBoost 1.2.10's catboost.utils.eval_metric run through `parity verify`, on the bundled corpus.

The port really runs: catboost==1.2.10 must be installed in the interpreter running the tests (.ci/install
installs it); the test fails, it does not skip or install, when it is missing.  The full run is built once
per module (marked corpus_run: `nox -s corpus_runs`); the adapter's own tests below it are cheap.

Asserted exactly: the totals per status and per metric, each divergence's counts (none matches a case that
passes), the number of skip reasons, the cases judged under the declared conventions, that
`confirm.py`'s direct eval_metric calls return what the port answered on each divergence's smallest case, and that
the port stripped of its divergences fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from library_ports import (assert_confirmed, assert_declarations, assert_fails_stripped, outcomes_per_metric,
                           skip_reasons, talk)
from port_runs import assert_totals, verify_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "catboost"

# The whole run per status and per metric, its skip reasons and each divergence's counts are golden
# figures (tests/__snapshots__/), measured: they follow from the corpus.

# Each divergence's smallest case, as its note in port.yaml names it.
SMALLEST = {
    "targets-are-float32": "mean_squared_log_error/single-sample",
    "mae-is-a-smoothed-quantile": "mean_absolute_error/single-sample",
    "mape-denominator-at-least-1": "mean_absolute_percentage_error/overflow",
    "r2-undefined-is-1": "r2_score/single-sample/off",
    "log-loss-not-clipped": "log_loss/clipping/one-probability-on-true-class",
    "multiclass-rows-renormalized": "log_loss/unnormalized-rows/used-as-given",
    "kappa-undefined-is-minus-1": "cohen_kappa_score/grid/weights=None/labels=subset/sample_weight=none/1",
    "non-integer-labels-read-as-given": "accuracy_score/regimes/y_true/non-integer-floats",
    "balanced-accuracy-binary-only": "balanced_accuracy_score/class-only-in-y_pred/adjusted=False",
    "balanced-accuracy-averages-absent-class": "balanced_accuracy_score/single-class/y_pred-adds-a-class",
    "binary-total-f1-averages-both-classes": "f1_score/single-class/all-correct/average=macro",
    "total-f1-undefined-class-is-0": "f1_score/sample-weight/zero-weight-keeps-class/average=macro",
    "beta-infinity-refused": "fbeta_score/beta=inf/tends-to-recall/average=None",
    "beta-zero-undefined-is-nan": "fbeta_score/grid/beta=0/average=None/1",
    "roc-auc-single-class-is-0": "roc_auc_score/single-class/nan",
    "sizes-checked-first": "roc_auc_score/single-class/nan-before-length-check",
    "value-where-sklearn-refuses": "fbeta_score/errors/negative-beta=-0.5",
    "empty-input-crash": "cohen_kappa_score/errors/empty",
    "non-finite-label-segfault": "hamming_loss/validation/y_true/nan-first",
    "non-finite-values-accepted": "accuracy_score/validation/y_true/nan-first",
    "auc-non-finite-scores-accepted": "roc_auc_score/validation/y_score/nan-first",
    "bad-weights-accepted": "accuracy_score/validation/sample_weight/all-zero",
}
CRASHES = {"empty-input-crash": "IndexError", "non-finite-label-segfault": "SIGSEGV"}

REFUSALS = {"CatBoostError", "ValueError"}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return verify_run(PORT, tmp_path_factory.mktemp("catboost"))


@pytest.mark.corpus_run
def test_verify_exits_0_with_exact_totals(run, golden):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert_totals(rec, golden)
    totals = rec["end"]["totals"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "catboost", "1.2.10", "python")
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
    """Each divergence covers exactly the cases that differ, none that passes; every error is a CatBoostError
    (a refusal) or the declared crash, which alone is uncaught."""
    _, rec = run
    assert_declarations(rec, PORT, golden, CRASHES, SMALLEST, REFUSALS)


@pytest.mark.corpus_run
def test_each_divergence_is_catboost_itself(run):
    """confirm.py: the direct eval_metric call on each smallest case returns what the port answered there."""
    _, rec = run
    assert_confirmed(rec, PORT, SMALLEST)


@pytest.mark.corpus_run
def test_conventions_are_catboosts_zero_division(run):
    """The cases judged under a declared convention are per-class or binary recall and F whose class has no
    positive: CatBoost gives 1 there (and Precision 0)."""
    _, rec = run
    by_convention = [c for c in rec["cases"] if c["status"] == "by-convention"]
    assert len(by_convention) == rec["end"]["totals"]["by-convention"]
    assert {c["metric"] for c in by_convention} <= {"recall_score", "f1_score", "fbeta_score"}


@pytest.mark.corpus_run
def test_stripped_of_its_divergences_it_fails(run, tmp_path):
    _, rec = run
    assert_fails_stripped(PORT, tmp_path, rec, CRASHES)


# --------------------------------------------------------------------------- the adapter alone (cheap)


def test_the_adapter_names_the_catboost_metric_and_reads_only_the_call():
    """A run is answered from metric, inputs and params alone, with the metric description it evaluated;
    a CatBoostError is a refusal, an IndexError from inside eval_metric is marked uncaught."""
    call = {"metric": "f1_score", "inputs": {"y_true": [0, 1, 2, 0], "y_pred": [0, 1, 1, 2],
                                             "sample_weight": [1, 2, 1, 1]}, "params": {"average": "weighted"}}
    reply, *answers = talk(PORT, [{"cmd": "start", "protocol": 2},
                             {"cmd": "run", "seq": 0, **call},
                             {"cmd": "run", "seq": 1, **call, "id": "x", "tags": ["t"]},
                             {"cmd": "run", "seq": 2, "metric": "balanced_accuracy_score",
                              "inputs": {"y_true": [0, 1, 2], "y_pred": [0, 1, 2]}, "params": {}},
                             {"cmd": "run", "seq": 3, "metric": "accuracy_score", "inputs": {"y_true": [], "y_pred": []},
                              "params": {}},
                             {"cmd": "run", "seq": 4, "metric": "hamming_loss",
                              "inputs": {"y_true": ["NaN", 1, 0], "y_pred": [0, 1, 0]}, "params": {}},
                             {"cmd": "run", "seq": 5, "metric": "accuracy_score",
                              "inputs": {"y_true": ["b", "a", "B"], "y_pred": ["b", "a", "a"]}, "params": {}},
                             {"cmd": "run", "seq": 6, "metric": "accuracy_score",
                              "inputs": {"y_true": ["b", "a", "B"], "y_pred": ["b", "a", "a"],
                                         "sample_weight": [1, "abc", 1]}, "params": {}},
                             {"cmd": "run", "seq": 7, "metric": "accuracy_score",
                              "inputs": {"y_true": ["b", 1, "a"], "y_pred": ["b", "a", 1]}, "params": {}},
                             {"cmd": "run", "seq": 8, "metric": "accuracy_score",
                              "inputs": {"y_true": [0.6, -0.4, 1.0], "y_pred": [1, 0, 0]}, "params": {}},
                             {"cmd": "run", "seq": 9, "metric": "accuracy_score",
                              "inputs": {"y_true": [1, 0, 1], "y_pred": [0.6, 0, 1]}, "params": {}},
                             {"cmd": "stop"}])
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == "1.2.10"
    assert answers[0]["x-catboost"] == ["TotalF1:average=Weighted;use_weights=true"]
    assert answers[1] == {**answers[0], "seq": 1}
    assert answers[2]["error"]["type"] == "CatBoostError" and "uncaught" not in answers[2]["error"]
    assert answers[3]["error"]["type"] == "IndexError" and answers[3]["error"]["uncaught"] is True
    # A NaN label with approx rows kills the process running eval_metric (a forked child): that case alone ends.
    assert answers[4]["error"] == {"type": "SIGSEGV", "message": "the process running eval_metric died of SIGSEGV",
                                   "uncaught": True}
    # String classes are numbered (decision 0040) and reach CatBoost; a word in the weights is its ValueError;
    # strings mixed with numbers have no class order.
    assert answers[5]["x-catboost"] == ["Accuracy"] and "value" in answers[5]
    assert answers[6]["error"]["type"] == "ValueError" and "uncaught" not in answers[6]["error"]
    assert answers[7]["skipped"].startswith("labels of mixed types")
    # A fractional true label is no class: it reaches CatBoost unnumbered, which reads it against its border 0.5
    # (the same answer as for the labels [1, 0, 1]); a fractional predicted label has no approx to predict it.
    assert answers[8]["x-catboost"] == ["Accuracy"] and "value" in answers[8]
    assert answers[8]["value"] == talk(PORT, [{"cmd": "start", "protocol": 2},
                                              {"cmd": "run", "seq": 0, "metric": "accuracy_score",
                                               "inputs": {"y_true": [1, 0, 1], "y_pred": [1, 0, 0]}, "params": {}},
                                              {"cmd": "stop"}])[1]["value"]
    assert answers[9]["skipped"].startswith("a non-finite or non-integer predicted label")
