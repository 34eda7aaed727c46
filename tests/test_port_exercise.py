"""ports/exercise: the precision_recall_f1 exercise, run through `parity verify`, and the function itself."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conformance import properties
from fake_ports import kit
from port_runs import corpus_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "exercise"
PRF = {"precision_score", "recall_score", "f1_score", "precision_recall_fscore_support"}


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


exercise = _load("exercise_solution", PORT / "exercise.py")
adapter = _load("exercise_adapter", PORT / "adapter.py")


@pytest.fixture(scope="module")
def corpus():
    return kit.bundled_corpus()


@pytest.fixture(scope="module")
@corpus_run
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("exercise") / "run.json"
    run = subprocess.run([sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--json", str(path),
                          "--no-progress"], cwd=REPO, capture_output=True, text=True, timeout=300)
    events = [json.loads(line) for line in path.read_text().splitlines()]
    return run, events


def test_the_port_verifies_with_exit_0_and_the_expected_counts(record, corpus, golden):
    run, events = record
    assert run.returncode == 0, run.stdout + run.stderr
    cases = [e for e in events if e["event"] == "case"]
    totals = events[-1]["totals"]
    assert len(cases) == len(corpus) == totals["cases"]
    # What the adapter skips is decided before the function runs: count it from the corpus.  A case holding a
    # string is never sent (the float-ids form has no class id for a string label; the harness skips it).
    skipped = sum(1 for c in corpus if properties.strings(c.raw["inputs"]) or "skipped" in adapter.run(c.raw))
    # empty-input-is-zeros selects by the input property (no sample): every empty case of its metrics, of which
    # the ones the adapter answers differ (the exercise gives zeros) and the rest are skipped (sample_weight).
    empty_cases = [c for c in corpus if c.metric in PRF and properties.samples(c.raw["inputs"]) == 0]
    empties = [c.id for c in empty_cases if "skipped" not in adapter.run(c.raw)]
    assert empties and len(empties) < len(empty_cases)
    assert {c.id for c in empty_cases if "wrong-reading-empty-is-zero" in c.tags} <= set(empties)
    assert totals["skipped"] == skipped
    assert totals["declared"] == len(empties)
    assert totals["failed"] == 0
    for fault in ("faulted", "crashed", "timed-out", "protocol-error", "not-run"):
        assert totals[fault] == 0, fault
    assert totals["passed"] + totals["by-convention"] == len(corpus) - skipped - len(empties)
    # exact totals: a mapping that quietly skips more, or a convention that stops applying, shows here
    golden({s: totals[s] for s in ("passed", "by-convention", "declared", "skipped")})
    # classes absent from both inputs count (port.yaml: classes=declared), judged against labels=range(C)
    followed = {c["id"]: c["convention"] for c in cases if c["status"] == "by-convention"}
    assert set(followed.values()) == {"classes=declared"}
    declared = {c["id"]: c["divergence"] for c in cases if c["status"] == "declared"}
    assert declared == {i: "empty-input-is-zeros" for i in empties}
    empty, strings = events[-1]["divergences"]
    for divergence in (empty, strings):
        assert not divergence["stale"] and not divergence["unmatched"] and not divergence["wider"]
    assert (empty["id"], empty["matched"], empty["differ"], empty["passed"], empty["skipped"]) == (
        "empty-input-is-zeros", len(empty_cases), len(empties), 0, len(empty_cases) - len(empties))
    # class-ids-only: every case of its metrics holding a string is skipped, none sent or judged
    with_strings = [c.id for c in corpus if c.metric in PRF | {"fbeta_score"} and properties.strings(c.raw["inputs"])]
    assert with_strings
    assert (strings["id"], strings["matched"], strings["differ"], strings["skipped"]) == (
        "class-ids-only", len(with_strings), 0, len(with_strings))
    by_id = {c["id"]: c for c in cases}
    assert {by_id[i]["status"] for i in with_strings} == {"skipped"}


def test_answered_cases_are_the_documented_ones(record):
    _, events = record
    answered = [e for e in events if e["event"] == "case" and e["status"] != "skipped"]
    assert PRF <= {e["metric"] for e in answered} <= PRF | {"fbeta_score"}
    for e in answered:
        assert e["params"].get("zero_division", 0) in ("warn", 0), e["id"]
        assert e["params"].get("average", None if e["metric"] == "precision_recall_fscore_support" else "binary") \
            in (None, "macro", "binary"), e["id"]
        assert "sample_weight" not in e.get("input_names", ["y_true", "y_pred"]), e["id"]
    passed = {e["id"] for e in answered if e["status"] == "passed"}
    # The exercise's own fixture, scored over declared classes (macro over all C, absent ones included).
    assert {"f1_score/worked-example/exercise-declared-classes/average=macro",
            "precision_score/worked-example/exercise-declared-classes/average=macro"} <= passed


def test_skip_reasons_name_what_is_missing(corpus):
    reasons = {adapter.run(c.raw).get("skipped") for c in corpus if not properties.strings(c.raw["inputs"])} - {None}
    assert any(r.startswith("no such metric") for r in reasons)
    assert "beta other than 1: the exercise computes F1 only" in reasons
    assert "zero_division other than 0: the exercise always returns 0 for a zero denominator" in reasons


# -- the function, on the exercise's own statements ---------------------------------------------------


def test_worked_example_of_the_exercise():
    # "For labels [0, 0, 1, 1] and predictions [0, 1, 1, 1], class 0 has precision 1, recall 0.5, and F1 about
    # 0.666667. Class 1 has precision about 0.666667, recall 1, and F1 0.8. Their macro-F1 ... approximately 0.733333."
    r = exercise.precision_recall_f1([0, 1, 1, 1], [0, 0, 1, 1], 2)
    assert r.shape == (3, 3) and r.dtype == float
    np.testing.assert_allclose(r[:, 0], [1.0, 0.5, 2 / 3])
    np.testing.assert_allclose(r[:, 1], [2 / 3, 1.0, 0.8])
    np.testing.assert_allclose(r[2, 2], (2 / 3 + 0.8) / 2)
    assert abs(r[2, 2] - 0.733333) < 1e-6


def test_absent_classes_count_in_the_macro_mean_and_zero_division_is_zero():
    r = exercise.precision_recall_f1([0, 1, 1, 1], [0, 0, 1, 1], 3)
    assert list(r[:, 2]) == [0.0, 0.0, 0.0]  # class 2 absent from both: P = R = F1 = 0
    np.testing.assert_allclose(r[2, 3], (2 / 3 + 0.8 + 0.0) / 3)
    # Macro-F1 is the mean of per-class F1, not F1 of the macro means.
    p, rec = r[0, 3], r[1, 3]
    assert abs(r[2, 3] - 2 * p * rec / (p + rec)) > 1e-3


def test_empty_input_is_all_zeros_and_float_ids_are_accepted():
    for c in (1, 2, 4):  # macro (C = 1) and average="binary" (C = 2, the pos_label column) read these zeros
        assert exercise.precision_recall_f1([], [], c).tolist() == np.zeros((3, c + 1)).tolist()
    np.testing.assert_array_equal(exercise.precision_recall_f1([0.0, 1.0], [0.0, 1.0], 2),
                                  exercise.precision_recall_f1([0, 1], [0, 1], 2))


@pytest.mark.parametrize("preds, labels, c", [
    ([0, 1], [0], 2),  # shapes differ
    ([0, 2], [0, 1], 2),  # ID outside [0, C-1]
    ([0, 1.5], [0, 1], 2),  # not a whole number
    ([0, float("nan")], [0, 1], 2),
    ([0, 1], [0, 1], 0),  # C must be positive
    ([0, 1], [0, 1], 2.0),  # ... and an integer
    ([[0, 1]], [[0, 1]], 2),  # shape (N,) only
    (["B", "a"], ["a", "B"], 2),  # string labels are not class IDs (port.yaml: class-ids-only)
])
def test_inputs_outside_the_rules_are_refused(preds, labels, c):
    with pytest.raises(ValueError):
        exercise.precision_recall_f1(preds, labels, c)
