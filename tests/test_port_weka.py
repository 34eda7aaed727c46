"""ports/weka: Weka 3.6's evaluation code (Debian's `weka` package) driven by a Kotlin adapter, on the bundled corpus.

The toolchain and the library really run: kotlinc, java and /usr/share/java/weka.jar must be on the
machine; the test fails, it does not skip, when they are not.  Three ways Weka meets the corpus:

* live: `parity verify ports/weka` over protocol 2, once for the module (exit 0; exact totals per
  status and per metric, no fault of any kind; each divergence matches exactly the cases that
  differ and none that passes; the skip reasons with their counts);
* results file: the port's Kotlin test runner (`--results FILE --corpus oracle`) walks the corpus
  through Weka in-process, and `parity verify --results` gives every case the live status and answer;
* `--confirm`: each declared divergence reproduced by a direct call of Weka's Evaluation on its
  smallest case, without the adapter or the protocol.

Stripped of its divergences the port fails (exit 1).  The jar is built by `sh ports/weka/build.sh`
(.ci/install runs it); the test fails, naming that command, when the jar is missing or older than a
source (its own or the shared Kotlin library's).  Nothing is built or installed here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
import yaml

from port_runs import TOTALS, assert_totals, corpus_run, require_build, verify_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "weka"
JAR = PORT / "build" / "parity-weka.jar"
WEKA = Path("/usr/share/java/weka.jar")
SHARED = REPO / "ports" / "kotlin-common" / "src"

# The metrics the adapter maps to Weka's Evaluation.  fbeta_score is mapped to fMeasure, but the corpus has
# no fbeta_score case with beta=1; Weka reports mean_squared_error's root only, and the adapter squares nothing.
# The whole run per metric and status, the totals, the divergences' counts and the skip reasons' counts
# are golden figures (tests/__snapshots__/test_port_weka.ambr): they follow from the corpus.
MAPPED = {"accuracy_score", "cohen_kappa_score", "confusion_matrix", "f1_score", "fbeta_score", "mean_absolute_error",
          "mean_squared_error", "precision_recall_fscore_support", "precision_score", "recall_score",
          "roc_auc_score", "root_mean_squared_error", "zero_one_loss"}
NO_MEASURE = "Weka's Evaluation has no such measure"
# Each divergence's smallest case (as README.md and port.yaml cite it), what the port answers there,
# and what the direct Weka call of `--confirm` returns on it.
SMALLEST = {
    "kappa-undefined-is-1": ("cohen_kappa_score/undefined/one-label-in-common", {"value": 1.0}, 1.0),
    "no-sample-is-nan": ("accuracy_score/errors/empty", {"value": "NaN"}, "NaN"),
    "no-sample-scores-zero": ("f1_score/validation/empty", {"value": 0.0}, 0.0),
    "weights-not-checked": ("accuracy_score/errors/all-zero-weights", {"value": "NaN"}, "NaN"),
    "nan-target-is-missing": ("mean_absolute_error/error/nan-in-y_true", {"value": 0.0}, 0.0),
    "non-finite-numbers-not-checked": ("mean_absolute_error/error/infinity-in-y_pred", {"value": "Infinity"}, "Infinity"),
    "labels-outside-the-data-not-checked": ("confusion_matrix/errors/labels-only-in-y_pred", {"value": [[0.0]]}, [[0.0]]),
    "no-class-value-overruns": ("confusion_matrix/errors/labels-empty-list", {"error": "ArrayIndexOutOfBoundsException"},
                                {"exception": "java.lang.ArrayIndexOutOfBoundsException"}),
    "roc-skips-negative-weights": ("roc_auc_score/validation/sample_weight/negative", {"value": 1.0}, 1.0),
    "mixed-labels-are-names": ("accuracy_score/strings/mixed/across", {"value": 0.0}, 0.0),
    "float-labels-are-names": ("accuracy_score/regimes/y_true/non-integer-floats", {"value": 0.0}, 0.0),
}


def weka_port(*args, timeout=300):
    return subprocess.run(["java", "-cp", f"{JAR}:{WEKA}", "metricparity.weka.MainKt", *args], cwd=PORT,
                          capture_output=True, text=True, timeout=timeout)


def _require_the_port():
    assert shutil.which("java"), "java is not on PATH: ports/weka needs `apt-get install -y kotlin weka`"
    assert WEKA.exists(), f"{WEKA} is missing: ports/weka needs `apt-get install -y weka`"
    require_build(JAR, [*(PORT / "src").rglob("*.kt"), *SHARED.rglob("*.kt"), PORT / "build.sh"], "sh ports/weka/build.sh")


@pytest.fixture(scope="module")
@corpus_run
def live(tmp_path_factory):
    _require_the_port()
    return verify_run(PORT, tmp_path_factory.mktemp("weka-live"))


def test_live_verify_exits_0_with_exact_totals(live, golden):
    proc, rec = live
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert_totals(rec, golden)
    assert rec["start"]["harness"]["protocol"] == 2 and rec["start"]["mode"] != "results"
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == ("weka", "3.6.14", "kotlin")


def test_outcomes_per_metric(live, golden):
    _, rec = live
    statuses: dict[str, Counter] = {}
    for c in rec["cases"]:
        if c["metric"] in MAPPED:
            statuses.setdefault(c["metric"], Counter())[c["status"]] += 1
        else:
            assert (c["status"], c["actual"].get("skipped")) == ("skipped", NO_MEASURE), c["id"]
    assert set(statuses) == MAPPED
    golden({m: dict(sorted(s.items())) for m, s in sorted(statuses.items())})


def test_skip_reasons_name_what_weka_lacks(live, golden):
    _, rec = live
    reasons = Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped")
    assert sum(reasons.values()) == rec["end"]["totals"]["skipped"]
    golden(dict(sorted(reasons.items())))


def test_declarations_are_what_was_found(live, golden):
    """Each divergence covers exactly the cases that differ, none that passes; each smallest case shows
    the declared behaviour; no error is marked uncaught (none is the adapter's own)."""
    _, rec = live
    found = {d["id"]: (d["kind"], d["matched"], d["declared"], d["passed"], d["skipped"]) for d in rec["end"]["divergences"]}
    assert set(found) == set(SMALLEST)
    golden(dict(sorted(found.items())))  # per divergence: kind, matched, declared, passed, skipped
    assert not [d["id"] for d in rec["end"]["divergences"] if d["wider"] or d["stale"] or d["unmatched"]]
    cases = {c["id"]: c for c in rec["cases"]}
    for divergence, (case_id, answer, _) in SMALLEST.items():
        case = cases[case_id]
        assert (case["status"], case["divergence"]) == ("declared", divergence), case_id
        actual = {"error": case["actual"]["error"]["type"]} if "error" in case["actual"] else case["actual"]
        assert actual == answer, case_id
    assert not [c["id"] for c in rec["cases"] if c["actual"].get("error", {}).get("uncaught")]


def test_each_divergence_is_weka_itself(live):
    """`--confirm`: the direct Weka call on each smallest case returns what the port answered there."""
    r = weka_port("--confirm", timeout=60)
    assert r.returncode == 0, r.stderr[-2000:]
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    assert [d["id"] for d in manifest["divergences"]] == list(SMALLEST)
    assert json.loads(r.stdout) == {d: weka for d, (_, _, weka) in SMALLEST.items()}
    # roc-skips-negative-weights: ThresholdCurve says that it leaves the prediction out (the area is 1.0 either way)
    assert "Skipping prediction with negative weight" in r.stderr


def test_weka_agrees_with_sklearn_where_it_has_the_number(live):
    """Every mapped metric passes somewhere, and kappa, the ROC area and the confusion matrix pass with
    sample weights (Instance weights) too."""
    _, rec = live
    cases = {c["id"]: c for c in rec["cases"]}
    passed = [c for c in cases.values() if c["status"] == "passed"]
    assert {c["metric"] for c in passed} == MAPPED - {"fbeta_score", "mean_squared_error"}
    for metric in ("cohen_kappa_score", "roc_auc_score", "confusion_matrix"):
        assert [c for c in passed if c["metric"] == metric and "sample_weight" in c["input_names"]], metric


def test_string_labels_are_nominal_values(live, golden):
    """A nominal value is a name, so string labels reach Weka as they are (the class attribute's values in
    code-point order, as scikit-learn sorts them): every string-label case of a mapped metric that Weka
    answers passes, non-BMP and code-point-order ones included, and a mix within one array (scikit-learn reads
    1 as "1" too, decision 0043), except strings in one array against numbers in the other
    (mixed-labels-are-names)."""
    _, rec = live
    answered = [c for c in rec["cases"] if "string-labels" in c["tags"] and c["status"] != "skipped"]
    across = [c for c in answered if "/strings/mixed/across" in c["id"]]
    assert across and {c["divergence"] for c in across} == {"mixed-labels-are-names"}
    assert {c["status"] for c in answered if c not in across} == {"passed"}
    passed = [c for c in answered if c["status"] == "passed"]
    assert [c for c in passed if "non-bmp" in c["tags"]] and [c for c in passed if "code-point-order" in c["tags"]]
    golden(dict(sorted(Counter(c["metric"] for c in passed).items())))


def test_stripped_of_its_divergences_it_fails(live, tmp_path):
    port = tmp_path / "weka-stripped"
    port.mkdir()
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    del manifest["divergences"]
    manifest["command"] = ["java", "-cp", f"{JAR}:{WEKA}", "metricparity.weka.MainKt"]
    (port / "port.yaml").write_text(yaml.safe_dump(manifest))
    proc, rec = verify_run(port, tmp_path)
    assert proc.returncode == 1, proc.stdout[-2000:]
    totals = rec["end"]["totals"]
    _, live_rec = live
    declared = Counter(c["divergence"] for c in live_rec["cases"] if c["status"] == "declared")
    # every declared case fails; the library crash no-class-value-overruns covered is a fault again
    assert (totals["failed"], totals["faulted"], totals["declared"]) == (
        sum(declared.values()) - declared["no-class-value-overruns"], declared["no-class-value-overruns"], 0)


def test_results_file_gives_the_live_verdicts(live, tmp_path):
    """The Kotlin test runner walks oracle/*.json through Weka in-process; judged from its results file,
    every case gets the live run's status and answer."""
    _, live_rec = live
    results = tmp_path / "results.jsonl"
    runner = weka_port("--results", str(results), "--corpus", str(REPO / "oracle"))
    assert runner.returncode == 0, runner.stderr[-3000:]
    proc, rec = verify_run(PORT, tmp_path, "--results", str(results))
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert rec["start"]["mode"] == "results" and rec["start"]["self_reported"] is True
    assert {k: rec["end"]["totals"][k] for k in TOTALS} == {k: live_rec["end"]["totals"][k] for k in TOTALS}
    header = json.loads(results.read_text(encoding="utf-8").splitlines()[0])
    assert header["protocol"] == 2 and header["implementation"]["name"] == "weka"
    live_cases = {c["id"]: (c["status"], c["actual"]) for c in live_rec["cases"]}
    assert {c["id"]: (c["status"], c["actual"]) for c in rec["cases"]} == live_cases


def test_the_shared_kotlin_library_reads_the_corpus(live, corpus):
    """`--check-corpus`, from ports/kotlin-common, in the Weka jar: the same counts as the Python loader."""
    r = weka_port("--check-corpus", str(REPO / "oracle"), timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout)
    assert summary["cases"] == len(corpus)
