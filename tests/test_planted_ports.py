"""Ports with one planted bug each (tests/planted_ports): what the frozen corpus catches of each
bug through the real `parity verify`, and each bug shown on a small hand-built input.

Expected values are never typed here: the planted answer is compared with the reference's
answer to the same run message (ports/reference/adapter.py, as planted.py imports it).
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import numpy as np
import pytest

import conformance.reference as reference
from conformance.compare import compare
from conformance.corpus import MANIFEST
from conformance import registry
from conformance.encoding import decode_numeric, loads, to_json
from conformance.harness.record import read_record
from fake_ports import kit
from planted_ports import BUGS, SCRIPT, make_planted_port, planted, reference_refusals
from port_runs import corpus_run

# The bundled corpus's manifest (cheaper than loading every case): cases per metric, tolerance.
BUNDLED = json.loads((kit.REPO / "oracle" / MANIFEST).read_text(encoding="utf-8"))
CASES = {name.removesuffix(".json"): entry["cases"] for name, entry in BUNDLED["files"].items()}
ALL_METRICS = set(CASES)
TOLERANCE = BUNDLED["tolerance"]  # {"rtol", "atol"}: the corpus default every port here is judged with

# One case of the bundled corpus each bug makes fail.  How many fail is a golden figure
# (tests/__snapshots__/test_planted_ports.ambr), measured with `parity verify` over the bug's metrics; the
# comments say where the counts came from when they were measured by hand.
CAUGHT = {
    # 90 of corpus 1.1.0, and the numerics family's f1_score/numerics/many-classes/k=1000/average=macro.
    "f1-of-means": "f1_score/worked-example/kotlin-fixture/average=macro",
    # Only where the float32 rounding exceeds rtol 1e-9: inputs exactly representable in float32
    # (small integers, halves) give the same bits.  Includes the values=huge cases (float32
    # overflows: a ValueError where the oracle has a value) and values=tiny (underflow to 0).
    # 436 of corpus 1.1.0, and 29 of the numerics family: of the five metrics it replaces, every
    # large-offset case (offsets 1e4, 1e6, 1e9: 17) and every huge one (float32 overflows, a
    # ValueError: 9), tiny/squares-subnormal of r2_score and explained_variance_score (2), and
    # r2_score/numerics/long/n=100000 (1).
    "float32-accumulation": "explained_variance_score/worked-example/one-output",
    "macro-over-y-true": "f1_score/zero-division/recall-undefined/average=macro",
    # 1093 of corpus 1.1.0, and the numerics family's two weighted cases
    # (r2_score and explained_variance_score /numerics/large-offset/offset=1e9/weighted).
    "ignored-sample-weight": "accuracy_score/sample-weight/int/normalize=True",
    # Caught only by the numerics family (corpus 1.2.0; no case of 1.1.0 caught it, nor any fuzzed case): of r2_score and
    # explained_variance_score, large-offset/offset=1e9 (and its /weighted), where
    # mean(y^2) - mean(y)^2 cancels to 0 and the score is 0.0, and huge/offset=1e160, where the
    # squares overflow and the score is NaN.  Everywhere else the targets have small offsets
    # relative to their spread (offsets 1e4 and 1e6 answer the same bits), so the one-pass variance
    # stays within rtol 1e-9: 143 cases answer other bits (142 of corpus 1.1.0 and
    # r2_score/numerics/long/n=100000), the largest difference 4.1e-10 absolute, on an expected
    # -231.4.  Between those points it is what the fuzzer is for.
    "one-pass-r2": "r2_score/numerics/large-offset/offset=1e9",
    "order-dependent": "confusion_matrix/worked-example/kotlin-fixture",
    # Caught by the strings family only (11 of corpus 1.5.0 + strings, measured): the mixed-case cases ("a", "B",
    # "c": code points put "B" first) of the per-class metrics and contingency_matrix, contingency_matrix's
    # strings-and-integers (rows a, B, c), and precision_recall_fscore_support's two binary "a"/"B" cases
    # (its default average=None lists both classes).  Its other label sets sort alike either way.
    "case-insensitive-classes": "confusion_matrix/strings/mixed-case",
    # The validation family's non-finite cases of the score and regression metrics (issue 30), and the
    # families' own NaN/infinity error cases: where scikit-learn refuses, the filtering port answers
    # (measured on corpus 1.5.0 with the validation family: 150 cases, 114 of them the validation family's).
    "drops-non-finite": "roc_auc_score/validation/y_score/nan-first",
}

PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")


def _average(case: dict):
    default = None if case["metric"] == "precision_recall_fscore_support" else "binary"
    return case["params"].get("average", default)


# Which cases each bug may change: a failure outside its scope would be a bug of the planting.
IN_SCOPE = {
    "f1-of-means": lambda c: c["metric"] in ("f1_score", "fbeta_score") and _average(c) == "macro",
    "float32-accumulation": lambda c: c["metric"] in planted.REGRESSION_FLOAT32,
    "macro-over-y-true": lambda c: (c["metric"] in PRF and _average(c) == "macro"
                                    and c["params"].get("labels") is None),
    "ignored-sample-weight": lambda c: "sample_weight" in c["input_names"],
    "one-pass-r2": lambda c: c["metric"] in ("r2_score", "explained_variance_score"),
    "order-dependent": lambda c: (c["params"].get("labels") is None
                                  and (c["metric"] in ("confusion_matrix", "multilabel_confusion_matrix")
                                       or (c["metric"] in PRF and _average(c) is None))),
    "case-insensitive-classes": lambda c: ("string-labels" in c["tags"] and c["params"].get("labels") is None
                                           and (c["metric"] in ("confusion_matrix", "multilabel_confusion_matrix",
                                                                "contingency_matrix")
                                                or (c["metric"] in PRF and _average(c) is None))),
    "drops-non-finite": lambda c: c["id"] in non_finite_filtered(),
}


def _holds_non_finite(value) -> bool:
    if isinstance(value, list):
        return any(_holds_non_finite(v) for v in value)
    return value in ("NaN", "Infinity", "-Infinity")


@functools.cache
def non_finite_filtered() -> frozenset[str]:
    """The ids of the bundled cases where an input drops-non-finite filters (scores, probabilities,
    regression values) holds NaN or an infinity, read off the case files."""
    out = set()
    for metric in planted.DROPS_NON_FINITE:
        filtered = [i.name for i in registry.METRICS[metric].inputs if planted.FILTERED & set(i.kinds)]
        for case in loads((kit.REPO / "oracle" / f"{metric}.json").read_text(encoding="utf-8"))["cases"]:
            if any(_holds_non_finite(case["inputs"].get(name)) for name in filtered):
                out.add(case["id"])
    return frozenset(out)


def selection(bug: str) -> tuple[str, ...]:
    """The metrics a bug's run covers: those whose function the bug replaces (planted.py answers
    every other metric with the reference's own function object, so their cases pass by
    construction and would only cost time).  ignored-sample-weight replaces every metric: its
    run is the whole corpus."""
    return planted.affected_metrics(bug)


@pytest.fixture(scope="module")
@corpus_run
def runs(tmp_path_factory):
    """bug -> (exit status, stdout, stderr, run record) of `parity verify` of the planted port
    over the bundled corpus (the bug's metrics), the six runs started together."""
    root = tmp_path_factory.mktemp("planted")
    started = {}
    for bug in BUGS:
        port = make_planted_port(root, bug)
        record = root / f"{bug}.json"
        only = [] if set(selection(bug)) >= ALL_METRICS else [a for m in selection(bug) for a in ("--only", m)]
        argv = [sys.executable, "-m", "conformance.cli", "verify", str(port), "--no-progress", "--json", str(record),
                *only]
        started[bug] = (subprocess.Popen(argv, cwd=kit.REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         text=True), record)
    done = {}
    for bug, (process, record) in started.items():
        stdout, stderr = process.communicate(timeout=600)
        done[bug] = (process.returncode, stdout, stderr, read_record(record))
    return done


def test_every_bug_is_measured():
    assert set(CAUGHT) == set(IN_SCOPE) == set(BUGS) == set(planted.BUGS)
    # One run sees the whole corpus: the wrapper machinery is honest on every metric.
    assert set(selection("ignored-sample-weight")) >= ALL_METRICS


@pytest.mark.parametrize("bug", BUGS)
def test_metrics_outside_the_selection_are_the_references_own_functions(bug):
    for metric in sorted(ALL_METRICS - set(selection(bug))):
        assert planted.planted_function(bug, metric)[0] is planted.adapter.metric_function(metric)[0]


@pytest.mark.parametrize("bug", BUGS)
def test_the_corpus_catches_the_planted_bug_where_it_applies_and_nowhere_else(runs, bug, golden):
    returncode, stdout, stderr, rec = runs[bug]
    example = CAUGHT[bug]
    cases = rec["cases"]
    assert len(cases) == sum(CASES[metric] for metric in selection(bug) if metric in CASES), stderr
    # Honest elsewhere: every case answered and judged; nothing faulted, crashed or skipped.
    assert {c["status"] for c in cases} <= {"passed", "failed"}, stdout
    totals = rec["end"]["totals"]
    assert totals["restarts"] == 0
    for misbehaviour in ("skipped", "faulted", "crashed", "timed-out", "protocol-error", "not-run"):
        assert totals[misbehaviour] == 0, (misbehaviour, stdout)
    failed = [c for c in cases if c["status"] == "failed"]
    outside = [c["id"] for c in failed if not IN_SCOPE[bug](c)]
    assert not outside, outside[:10]
    golden(len(failed), "failed")
    if example is not None:
        assert example in {c["id"] for c in failed}
    # Exit status 1 iff the corpus catches the bug.
    assert returncode == rec["end"]["exit_status"] == (1 if failed else 0), stdout + stderr
    assert rec["start"]["implementation"]["name"] == f"planted {bug}"


# ------------------------------------------------------------------ each bug on a small input


def answers(bug: str, metric: str, inputs: dict, **params) -> tuple:
    """(planted answer, reference answer) to one run message, decoded."""
    message = {"cmd": "run", "seq": 0, "metric": metric, "inputs": to_json(inputs), "params": to_json(params)}
    ours, theirs = planted.run(message, bug), planted.adapter.run(message)
    return ({k: decode_numeric(v) if k == "value" else v for k, v in a.items()} for a in (ours, theirs))


def manifests(bug, metric, inputs, **params):
    """The planted value differs from the reference's beyond the corpus tolerance; returns both."""
    ours, theirs = answers(bug, metric, inputs, **params)
    assert "value" in ours and "value" in theirs, (ours, theirs)
    assert not compare(theirs["value"], ours["value"], **TOLERANCE), (ours, theirs)
    return ours["value"], theirs["value"]


def same(bug, metric, inputs, **params):
    """The planted answer is exactly the reference's."""
    ours, theirs = answers(bug, metric, inputs, **params)
    assert ours == theirs


YT, YP = [0, 1, 2, 2], [0, 2, 1, 2]  # a small multiclass case


def test_f1_of_means():
    yt, yp = [0, 0, 1, 2], [0, 1, 1, 1]
    for metric, extra in (("f1_score", {}), ("fbeta_score", {"beta": 2})):
        value, _ = manifests("f1-of-means", metric, {"y_true": yt, "y_pred": yp}, average="macro", **extra)
        p = reference.precision_score(np.array(yt), np.array(yp), average="macro")
        r = reference.recall_score(np.array(yt), np.array(yp), average="macro")
        b2 = extra.get("beta", 1) ** 2
        assert value == pytest.approx((1 + b2) * p * r / (b2 * p + r), rel=1e-12)
    same("f1-of-means", "f1_score", {"y_true": yt, "y_pred": yp}, average="weighted")
    # On YT, YP every class has P = R, so the F of the means IS the mean of the F values.
    same("f1-of-means", "f1_score", {"y_true": YT, "y_pred": YP}, average="macro")


def test_float32_accumulation():
    inputs = {"y_true": [0.1, 0.2, 0.3, 0.4], "y_pred": [0.15, 0.2, 0.35, 0.3]}
    for metric in planted.REGRESSION_FLOAT32:
        value, expected = manifests("float32-accumulation", metric, inputs)
        assert value == pytest.approx(expected, rel=1e-5)  # a rounding error, not another formula
    # Values exact in float32 give the same answer: why part of the corpus cannot see it.
    same("float32-accumulation", "mean_squared_error", {"y_true": [1, 2, 3, 4], "y_pred": [1, 3, 2, 4]})
    same("float32-accumulation", "accuracy_score", {"y_true": YT, "y_pred": YP})


def test_macro_over_y_true():
    yt, yp = [0, 1, 2, 2], [0, 2, 1, 3]  # class 3 is only predicted
    for metric in PRF:
        extra = {"beta": 0.5} if metric == "fbeta_score" else {}
        value, _ = manifests("macro-over-y-true", metric, {"y_true": yt, "y_pred": yp}, average="macro", **extra)
        over_y_true = getattr(reference, metric)(np.array(yt), np.array(yp), average="macro",
                                                 labels=np.unique(yt), **extra)
        assert compare(decode_numeric(to_json(over_y_true)), value, rtol=1e-12, atol=0), (metric, value)
    same("macro-over-y-true", "precision_score", {"y_true": yt, "y_pred": yp}, average="micro")
    same("macro-over-y-true", "precision_score", {"y_true": yt, "y_pred": yp}, average="macro", labels=[0, 1, 2, 3])


def test_ignored_sample_weight():
    w = [3, 1, 1, 2]
    calls = [
        ("accuracy_score", {"y_true": YT, "y_pred": YP}),
        ("f1_score", {"y_true": YT, "y_pred": YP}, {"average": "macro"}),
        ("roc_auc_score", {"y_true": [0, 0, 1, 1], "y_score": [0.1, 0.4, 0.35, 0.8]}),
        ("cohen_kappa_score", {"y1": YT, "y2": YP}),
        ("mean_squared_error", {"y_true": [0.5, 1.0, 2.0, 4.0], "y_pred": [1.0, 1.0, 1.0, 1.0]}),
    ]
    for metric, inputs, *params in calls:
        params = params[0] if params else {}
        value, _ = manifests("ignored-sample-weight", metric, {**inputs, "sample_weight": w}, **params)
        unweighted, _ = answers("ignored-sample-weight", metric, inputs, **params)
        assert value == unweighted["value"]
    # Not checked either: a weight vector of the wrong length is the reference's refusal, a value here.
    ours, theirs = answers("ignored-sample-weight", "accuracy_score", {"y_true": YT, "y_pred": YP,
                                                                       "sample_weight": [1, 2]})
    assert theirs["error"]["type"] == "ValueError" and "value" in ours


def test_one_pass_r2():
    offset = 1e8
    inputs = {"y_true": [offset + v for v in (0.1, 0.2, 0.3, 0.4)],
              "y_pred": [offset + v for v in (0.1, 0.25, 0.3, 0.35)]}
    for metric in ("r2_score", "explained_variance_score"):
        manifests("one-pass-r2", metric, inputs)
        manifests("one-pass-r2", metric, {**inputs, "sample_weight": [1.0, 2.0, 1.0, 3.0]})
        # Near 0 the one-pass variance stays inside the tolerance: the corpus's inputs are of this kind,
        # but for the numerics family's offsets of 1e9 and 1e160 (CAUGHT).
        near_zero = {"y_true": [0.1, 0.2, 0.3, 0.4], "y_pred": [0.1, 0.25, 0.3, 0.35]}
        ours, theirs = answers("one-pass-r2", metric, near_zero)
        assert compare(theirs["value"], ours["value"], **TOLERANCE)
    same("one-pass-r2", "mean_squared_error", inputs)


def test_drops_non_finite():
    yt, scores = [0, 0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8, 0.6]
    for token in ("NaN", "Infinity", "-Infinity"):
        # The reference refuses a non-finite score (as scikit-learn); the filtering port answers the
        # reference's value on the other samples.
        ours, theirs = answers("drops-non-finite", "roc_auc_score", {"y_true": yt, "y_score": [*scores[:4], token]})
        assert theirs["error"]["type"] == "ValueError", theirs
        kept, _ = answers("drops-non-finite", "roc_auc_score", {"y_true": yt[:4], "y_score": scores[:4]})
        assert ours == kept
    # A prediction of NaN and its weight dropped: an RMSE of 0 where scikit-learn refuses.
    ours, theirs = answers("drops-non-finite", "root_mean_squared_error",
                           {"y_true": [1.0, 2.0, 3.0], "y_pred": [1.0, "NaN", 3.0], "sample_weight": [1, 2, 3]})
    assert "error" in theirs and ours == {"value": 0.0}
    # Without a non-finite value, and on metrics it does not filter, it is the reference.
    same("drops-non-finite", "roc_auc_score", {"y_true": yt, "y_score": scores})
    same("drops-non-finite", "mean_squared_error", {"y_true": [0.5, 1.0], "y_pred": [1.0, 1.5]})
    same("drops-non-finite", "accuracy_score", {"y_true": [0, 1], "y_pred": [0, "NaN"]})


def first_appearance(yt, yp) -> list[int]:
    labels = sorted(set(yt) | set(yp))
    return [labels.index(v) for v in dict.fromkeys([*yt, *yp])]


def test_order_dependent():
    yt, yp = [2, 0, 1, 2], [2, 1, 0, 0]
    at = first_appearance(yt, yp)
    assert at != sorted(at)
    value, expected = manifests("order-dependent", "confusion_matrix", {"y_true": yt, "y_pred": yp})
    assert value == np.asarray(expected)[np.ix_(at, at)].tolist()
    value, expected = manifests("order-dependent", "multilabel_confusion_matrix", {"y_true": yt, "y_pred": yp})
    assert value == np.asarray(expected)[at].tolist()
    for metric in ("precision_score", "recall_score", "f1_score"):
        value, expected = manifests("order-dependent", metric, {"y_true": yt, "y_pred": yp}, average=None)
        assert value == np.asarray(expected)[at].tolist()
    value, expected = manifests("order-dependent", "precision_recall_fscore_support", {"y_true": yt, "y_pred": yp})
    assert value == [np.asarray(part)[at].tolist() for part in expected]
    same("order-dependent", "confusion_matrix", {"y_true": yt, "y_pred": yp}, labels=[0, 1, 2])
    same("order-dependent", "f1_score", {"y_true": yt, "y_pred": yp}, average="macro")
    # On YT, YP the classes first appear in sorted order: nothing to see.
    assert first_appearance(YT, YP) == [0, 1, 2]
    same("order-dependent", "confusion_matrix", {"y_true": YT, "y_pred": YP})


def test_case_insensitive_classes():
    yt, yp = ["a", "B", "c", "B"], ["B", "B", "a", "c"]  # code points: B, a, c; case-insensitive: a, B, c
    at = [1, 0, 2]
    value, expected = manifests("case-insensitive-classes", "confusion_matrix", {"y_true": yt, "y_pred": yp})
    assert value == np.asarray(expected)[np.ix_(at, at)].tolist()
    value, expected = manifests("case-insensitive-classes", "multilabel_confusion_matrix", {"y_true": yt, "y_pred": yp})
    assert value == np.asarray(expected)[at].tolist()
    value, expected = manifests("case-insensitive-classes", "recall_score", {"y_true": yt, "y_pred": yp}, average=None)
    assert value == np.asarray(expected)[at].tolist()
    value, expected = manifests("case-insensitive-classes", "contingency_matrix",
                                {"labels_true": yt, "labels_pred": [0, 1, 1, 0]})
    assert value == np.asarray(expected)[at].tolist()  # rows permuted; integer columns keep their order
    # A given labels list fixes the order; one case, no letters but case, or numbers: nothing to see.
    same("case-insensitive-classes", "confusion_matrix", {"y_true": yt, "y_pred": yp}, labels=["a", "B", "c"])
    same("case-insensitive-classes", "confusion_matrix", {"y_true": ["b", "a", "é"], "y_pred": ["a", "a", "é"]})
    same("case-insensitive-classes", "confusion_matrix", {"y_true": YT, "y_pred": YP})
    same("case-insensitive-classes", "f1_score", {"y_true": yt, "y_pred": yp}, average="macro")


# ------------------------------------------------------------------ the helper and the script


def test_make_planted_port_writes_the_reference_refusals(tmp_path):
    port = make_planted_port(tmp_path, "one-pass-r2")
    assert port == tmp_path / "planted-one-pass-r2"
    text = (port / "port.yaml").read_text(encoding="utf-8")
    assert "name: planted-one-pass-r2\n" in text and "language: python\n" in text
    assert f'command: ["{{python}}", "{SCRIPT}", "one-pass-r2"]\n' in text
    assert reference_refusals() + "\n" in text
    assert reference_refusals().startswith("refusals: [ValueError, ")
    with pytest.raises(ValueError, match="unknown bug"):
        make_planted_port(tmp_path, "no-such-bug")


def test_the_script_refuses_an_unknown_bug():
    r = subprocess.run([sys.executable, str(SCRIPT), "no-such-bug"], input="", capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "f1-of-means" in r.stderr
