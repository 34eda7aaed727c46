"""ports/kotlin: the Kotlin port, built with kotlinc and run with `java -jar`, on the bundled corpus.

The toolchain really runs: kotlinc (Debian's `kotlin` package) and java must be
on the machine; the test fails, it does not skip, when they are not.  build.sh
recompiles only when a source is newer than the jar.

Three ways the Kotlin code meets the corpus, each checked here:

* live: `parity verify ports/kotlin` over protocol 2 (exit 0; exact totals per
  status, no fault of any kind; each divergence matches exactly the cases that
  differ and none that passes; every error is the library's refusal,
  IllegalArgumentException; the skip reasons with their counts), with the
  inputs in the forms port.yaml declares: scores argmaxed by the library, one-hot
  targets (docs/protocol.md, "Input forms"); the adapter reads nothing of a run
  message beyond metric, inputs, params and form;
* the Kotlin corpus reader: `--check-corpus DIR` loads every file of the bundled
  corpus and reports the same counts as conformance.corpus, and refuses the
  broken corpora conformance.corpus refuses;
* offline: `--replay DIR OUT` runs the corpus in-process and writes a results
  file (header: protocol 2) that `parity verify --results` judges exactly as the
  live run, on every case the forms can express.

The jar is built by `sh ports/kotlin/build.sh` (.ci/install runs it); the test
fails, naming that command, when the jar is missing or older than a source.
Nothing is built or installed here.
"""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from conformance.corpus import load_corpus
from conformance.encoding import decode_numeric, decode_param, loads
from conformance.harness.judging import MISBEHAVIOUR
from conformance.harness.record import read_record
from fake_ports import kit

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "kotlin"
JAR = PORT / "build" / "parity-kotlin.jar"

MAPPED = {"accuracy_score", "confusion_matrix", "precision_score", "recall_score", "f1_score", "fbeta_score",
          "precision_recall_fscore_support"}
# The whole run, per status (corpus 1.1.0): live (forms), and the offline replay (labels).
TOTALS = {"cases": 4168, "passed": 215, "convention": 0, "failed": 0, "declared": 14, "skipped": 3939}
OFFLINE_TOTALS = {"cases": 4168, "passed": 215, "convention": 0, "failed": 0, "declared": 21, "skipped": 3932}
# Per divergence: (matched, declared, passed, skipped).  Live, negative labels never reach the library:
# one-hot targets cannot express them, so the harness skips those cases; the offline replay (labels)
# shows the declared refusal.  No divergence matches a case that passes.
# Live, class ids from 2^24 on are skipped by the one-hot form; the replay meets the library's crash on them.
DIVERGENCES = {"empty-batch-is-zero": (6, 6, 0, 0), "class-indices-are-non-negative": (14, 0, 0, 14),
               "class-ids-past-46340-overflow-the-matrix": (1, 0, 0, 1), "binary-means-classes-0-and-1": (8, 8, 0, 0)}
OFFLINE_DIVERGENCES = {"empty-batch-is-zero": (6, 6, 0, 0), "class-indices-are-non-negative": (14, 6, 0, 8),
                       "class-ids-past-46340-overflow-the-matrix": (1, 1, 0, 0),
                       "binary-means-classes-0-and-1": (8, 8, 0, 0)}
PER_METRIC = {
    "accuracy_score": {"passed": 12, "declared": 1, "skipped": 51},
    "confusion_matrix": {"passed": 12, "declared": 1, "skipped": 120},
    "f1_score": {"passed": 49, "declared": 3, "skipped": 235},
    "fbeta_score": {"skipped": 337},  # the corpus has no fbeta_score case with beta=1
    "precision_recall_fscore_support": {"passed": 46, "declared": 3, "skipped": 268},
    "precision_score": {"passed": 48, "declared": 3, "skipped": 230},
    "recall_score": {"passed": 48, "declared": 3, "skipped": 230},
}
# Every skip reason of the live run, with its count: the harness's (a form cannot express the case)
# and the adapter's, each naming something the library has no way to be asked for.
SKIPS = {
    "no such metric in this library": 2387,
    "form one-hot cannot express this case: 16778216 classes, more than 1024 columns": 3,
    "no labels parameter: the classes are the observed ones (targets ∪ predictions)": 304,
    "form one-hot cannot express this case: y_true is not a vector of class labels": 280,
    "the library has no sample weights": 240,
    "F1Score only: the library has no F-beta (beta=2)": 222,
    "every zero division is 0.0 in this library; it cannot be asked for zero_division=1": 96,
    "every zero division is 0.0 in this library; it cannot be asked for zero_division=NaN": 92,
    "no per-class output (average=None): the library averages MACRO, MICRO or BINARY": 74,
    "every zero division is 0.0 in this library; it cannot be asked for zero_division=1.0": 40,
    "ConfusionMatrix is over the observed classes; it has no labels parameter": 37,
    'no average="weighted": the library averages MACRO, MICRO or BINARY': 34,
    "F1Score only: the library has no F-beta (beta=0.5)": 20,
    "form one-hot cannot express this case: y_true holds -1, not a class index": 18,
    "F1Score only: the library has no F-beta (beta=0)": 18,
    "F1Score only: the library has no F-beta (beta=Infinity)": 18,
    "F1Score only: the library has no F-beta (beta=1000000.0)": 14,
    "Averaging.BINARY scores class 1; there is no pos_label=0": 12,
    "Accuracy gives the fraction only, no count of correct samples (normalize=False)": 5,
    "Averaging.BINARY scores class 1; there is no pos_label=2": 4,
    "every zero division is 0.0 in this library; it cannot be asked for zero_division=0.5": 4,
    "F1Score only: the library has no F-beta (beta=0.0)": 4,
    "ConfusionMatrix holds counts; it has no normalisation (normalize=true)": 3,
    "ConfusionMatrix holds counts; it has no normalisation (normalize=pred)": 3,
    "ConfusionMatrix holds counts; it has no normalisation (normalize=all)": 3,
    "F1Score only: the library has no F-beta (beta=-1)": 2,
    "F1Score only: the library has no F-beta (beta=-0.5)": 2,
}
SMALLEST = {
    "accuracy_score/errors/empty": {"value": 0.0},
    "recall_score/single-class/only-class-2-binary": {"error": "IllegalArgumentException"},
}
FORM_SKIP = "form one-hot cannot express this case"


def parity(*args):
    return subprocess.run([sys.executable, "-m", "conformance.cli", *args, "--no-progress"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)


def java(*args, timeout=120):
    return subprocess.run(["java", "-jar", str(JAR), *args], cwd=PORT, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def corpus():
    """The bundled corpus, decoded with conformance.encoding (load_corpus's schema pass is slow, and
    test_live_verify already shows the harness loaded it)."""
    manifest = json.loads((REPO / "oracle" / "MANIFEST.json").read_text())
    cases = []
    for name in sorted(manifest["files"]):
        for raw in loads((REPO / "oracle" / name).read_text(encoding="utf-8"))["cases"]:
            exp = raw["expected"]
            cases.append(SimpleNamespace(
                file=name, metric=raw["metric"], is_error="error" in exp,
                inputs={k: decode_numeric(v) for k, v in raw["inputs"].items()},
                params={k: decode_param(v) for k, v in raw["params"].items()},
                value=None if "error" in exp else decode_numeric(exp["value"])))
    return SimpleNamespace(manifest=manifest, cases=cases)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    assert shutil.which("kotlinc"), "kotlinc is not on PATH: ports/kotlin needs `apt-get install -y kotlin`"
    assert shutil.which("java"), "java is not on PATH: ports/kotlin runs with `java -jar`"
    record = tmp_path_factory.mktemp("kotlin") / "run.json"
    jar = PORT / "build" / "parity-kotlin.jar"
    stale = [p for p in (PORT / "src").rglob("*.kt") if not jar.exists() or p.stat().st_mtime > jar.stat().st_mtime]
    assert jar.exists() and not stale, "ports/kotlin/build/parity-kotlin.jar is missing or older than its sources: " \
                                       "run `sh ports/kotlin/build.sh` (.ci/install does); the tests build nothing"
    proc = parity("verify", str(PORT), "--json", str(record))
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def _assert_totals(rec, expected):
    totals = rec["end"]["totals"]
    assert {k: totals[k] for k in expected} == expected
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0


def _assert_divergences(rec, expected):
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    assert {k: (d["matched"], d["declared"], d["passed"], d["skipped"]) for k, d in by_id.items()} == expected
    for d in by_id.values():  # none matches a passing case, none is stale or unmatched
        assert d["passed"] == 0 and not d["wider"] and not d["stale"] and not d["unmatched"], d
    assert Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared") == {
        k: v[1] for k, v in expected.items() if v[1]}


def test_live_verify_exits_0_with_exact_totals(live, corpus):
    proc, rec = live
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert rec["end"]["totals"]["cases"] == len(corpus.cases) == rec["start"]["corpus"]["cases"]
    _assert_totals(rec, TOTALS)
    assert rec["start"]["implementation"]["language"] == "kotlin"
    assert rec["start"]["harness"]["protocol"] == 2


def test_declarations_are_what_was_found(live):
    _, rec = live
    _assert_divergences(rec, DIVERGENCES)
    cases = {c["id"]: c for c in rec["cases"]}
    for case_id, answer in SMALLEST.items():
        c = cases[case_id]
        assert c["status"] == "declared", case_id
        if "error" in answer:
            assert c["actual"]["error"]["type"] == answer["error"], case_id
        else:
            assert c["actual"]["value"] == answer["value"], case_id


SHOWS = {
    "empty-batch-is-zero": "expected an error (ValueError: Found empty input array",
    "class-indices-are-non-negative": "got an error (IllegalArgumentException: class indices must be non-negative",
    "binary-means-classes-0-and-1": "got an error (IllegalArgumentException: Averaging.BINARY needs class indices 0 and 1 only",
}


def test_every_declared_case_shows_the_declared_behaviour(live):
    _, rec = live
    for c in rec["cases"]:
        if c["status"] == "declared":
            assert SHOWS[c["divergence"]] in c["detail"], (c["id"], c["detail"])


def test_outcomes_per_metric(live):
    _, rec = live
    statuses = {m: Counter() for m in PER_METRIC}
    for c in rec["cases"]:
        if c["metric"] in MAPPED:
            statuses[c["metric"]][c["status"]] += 1
        else:
            assert c["status"] == "skipped", c["id"]
            assert c["actual"]["skipped"] == "no such metric in this library" or c["actual"]["skipped"].startswith(
                FORM_SKIP), c["id"]
    assert {m: dict(s) for m, s in statuses.items()} == PER_METRIC


def test_skip_reasons_name_what_the_library_lacks(live):
    _, rec = live
    assert Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped") == SKIPS


def test_every_error_is_the_library_refusal(live):
    """port.yaml declares IllegalArgumentException (the library's require checks) as its one refusal;
    every error the port answers has that type, none is marked uncaught."""
    _, rec = live
    assert rec["start"]["refusals"] == ["IllegalArgumentException"]
    errors = [c for c in rec["cases"] if "error" in c["actual"]]
    assert not [c["id"] for c in errors if c["actual"]["error"].get("uncaught")]
    assert Counter((c["actual"]["error"]["type"], c["status"], c["divergence"]) for c in errors) == {
        ("IllegalArgumentException", "passed", None): 17,  # length mismatch (6), BINARY on multiclass (11)
        ("IllegalArgumentException", "declared", "binary-means-classes-0-and-1"): 8,
    }


def test_the_port_speaks_protocol_2_and_reads_only_the_call(live):
    """start is answered with protocol 2; a run message is answered from its top-level metric, inputs
    and params (and form) alone: other fields (a protocol-1 case object, an id, tags) change nothing."""
    call = {"metric": "f1_score", "inputs": {"y_true": [2, 1, 1, 0], "y_pred": [2, 0, 1, 2]}, "params": {"average": "macro"}}
    noise = {"id": "x", "tags": ["macro"], "description": "d", "splits": [1],
             "case": {"metric": "accuracy_score", "inputs": {"y_true": [1], "y_pred": [1]}, "params": {}}}
    messages = [{"cmd": "start", "protocol": 2},
                {"cmd": "run", "seq": 0, **call},
                {"cmd": "run", "seq": 1, **call, **noise},
                {"cmd": "run", "seq": 2, "metric": "f1_score", "inputs": {"y_true": [0, 1], "y_pred": [0, "x"]}, "params": {}},
                {"cmd": "stop"}]
    proc = subprocess.run(["java", "-jar", str(JAR)], cwd=PORT, input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    reply, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert reply["protocol"] == 2 and reply["implementation"]["language"] == "kotlin"
    assert answers[0] == {"seq": 0, "value": pytest.approx(4 / 9, abs=1e-15)}
    assert answers[1] == answers[0] | {"seq": 1}
    # what the adapter's own decoding refuses is its failure, not the library's refusal
    assert answers[2]["error"]["type"] == "EncodingException" and answers[2]["error"]["uncaught"] is True


def test_macro_over_observed_classes_and_zero_division_zero_agree_with_sklearn(live):
    """The library's two headline conventions coincide with scikit-learn's defaults:
    no macro case and no zero-division case it answers is declared."""
    _, rec = live
    for c in rec["cases"]:
        if c["params"].get("average") == "macro" and c["metric"] in MAPPED and c["status"] != "skipped":
            assert c["status"] == "passed" or c["divergence"] in ("empty-batch-is-zero", "class-indices-are-non-negative"), c["id"]
        if "zero-division" in c["tags"] and c["metric"] in MAPPED and c["status"] == "declared":
            assert c["divergence"] == "binary-means-classes-0-and-1", c["id"]


def test_the_library_self_test(live):
    r = java("--self-test")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().splitlines()[-1] == "self-test: 22 passed, 0 failed"


# ------------------------------------------------------------------ the Kotlin corpus reader


def _nonfinite(value) -> int:
    if isinstance(value, float):
        return int(math.isnan(value) or math.isinf(value))
    if isinstance(value, dict):
        return sum(_nonfinite(v) for v in value.values())
    if isinstance(value, list):
        return sum(_nonfinite(v) for v in value)
    return 0


def test_check_corpus_loads_every_file_like_the_python_loader(live, corpus):
    r = java("--check-corpus", str(REPO / "oracle"))
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    cases = corpus.cases
    assert report["cases"] == len(cases)
    assert report["files"] == len(corpus.manifest["files"]) == len({c.file for c in cases})
    assert report["corpus_version"] == corpus.manifest["corpus_version"] and report["oracle"] == corpus.manifest["oracle"]
    assert report["metrics"] == dict(sorted(Counter(c.metric for c in cases).items()))
    assert report["expected_errors"] == sum(c.is_error for c in cases)
    assert report["nonfinite"] == {
        "inputs": sum(_nonfinite(c.inputs) for c in cases),
        "params": sum(_nonfinite(c.params) for c in cases),
        "expected": sum(_nonfinite(c.value) for c in cases),
    }
    assert min(report["nonfinite"].values()) > 0  # the three strings really occur in every kind of slot


def _small(tmp_path) -> Path:
    return kit.write_corpus(tmp_path / "corpus", kit.small_cases())


def _rewrite(root: Path, name: str, old: str, new: str, fix_sha: bool = True):
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if fix_sha:  # keep the manifest consistent so that only the planted problem is reported
        manifest = json.loads((root / "MANIFEST.json").read_text())
        manifest["files"][name]["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
        (root / "MANIFEST.json").write_text(json.dumps(manifest, indent=2) + "\n")


def test_check_corpus_accepts_a_small_corpus(live, tmp_path):
    r = java("--check-corpus", str(_small(tmp_path)))
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["cases"] == len(kit.small_cases()) and report["nonfinite"]["params"] == 1  # zero_division: "NaN"


@pytest.mark.parametrize("name, old, new, fix_sha, message", [
    ("confusion_matrix.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, "nan", 1, 0]', True,
     'confusion_matrix.json: case confusion_matrix/basic: inputs.y_true[1]: string "nan" where a number is expected'),
    ("confusion_matrix.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, NaN, 1, 0]', True, "bare NaN token"),
    ("confusion_matrix.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, true, 1, 0]', True,
     "inputs.y_true[1]: boolean true where a number is expected"),
    ("accuracy_score.json", '"tags"', '"tagz"', True, "case accuracy_score/basic: tags: required field is missing"),
    ("accuracy_score.json", '"id": "accuracy_score/normalize-false"', '"id": "accuracy_score/basic"', True,
     "case accuracy_score/basic: duplicate id"),
    ("accuracy_score.json", '"y_true": [0, 1, 1, 0]', '"y_true": [0, 1, 1, 1]', False,
     "accuracy_score.json: sha256"),
])
def test_check_corpus_refuses_what_the_format_forbids(live, tmp_path, name, old, new, fix_sha, message):
    root = _small(tmp_path)
    _rewrite(root, name, old, new, fix_sha)
    r = java("--check-corpus", str(root))
    assert r.returncode == 1 and r.stdout == "", r.stdout
    assert message in r.stderr, r.stderr
    with pytest.raises(Exception):  # the Python loader refuses the same corpus
        load_corpus(root)


def test_nonfinite_strings_in_params_and_expected_are_decoded(live, tmp_path):
    root = _small(tmp_path)
    r = java("--replay", str(root), str(tmp_path / "results.jsonl"))
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
    assert lines[0]["protocol"] == 2 and lines[0]["implementation"]["name"] == "metricparity-kotlin"
    answers = {line["id"]: line for line in lines[1:]}
    # f1_score/zd-nan asks for zero_division=NaN: decoded to a double, so the adapter can say what it lacks.
    assert answers["f1_score/zd-nan"] == {
        "id": "f1_score/zd-nan",
        "skipped": "every zero division is 0.0 in this library; it cannot be asked for zero_division=NaN"}
    assert answers["f1_score/macro"]["value"] == pytest.approx(4 / 9, abs=1e-15)


# ------------------------------------------------------------------ offline: results file


def test_replay_results_are_judged_like_the_live_run(live, tmp_path):
    _, live_rec = live
    results = tmp_path / "results.jsonl"
    r = java("--replay", str(REPO / "oracle"), str(results))
    assert r.returncode == 0, r.stderr
    record = tmp_path / "offline.json"
    proc = parity("verify", str(PORT), "--results", str(results), "--json", str(record))
    assert proc.returncode == 0, proc.stdout[-3000:]
    offline = read_record(record)
    assert offline["start"]["mode"] == "results"
    _assert_totals(offline, OFFLINE_TOTALS)
    _assert_divergences(offline, OFFLINE_DIVERGENCES)
    # The library answers scores and one-hot targets (live) exactly as it answers the labels (replay),
    # on every case the forms can express.
    live_status = {c["id"]: (c["status"], c["actual"]) for c in live_rec["cases"]}
    form_skipped = {i for i, c in live_status.items() if c[0] == "skipped" and c[1]["skipped"].startswith(FORM_SKIP)}
    assert len(form_skipped) >= 200
    offline_status = {c["id"]: (c["status"], c["actual"]) for c in offline["cases"]}
    assert {i: s for i, s in offline_status.items() if i not in form_skipped} == {
        i: s for i, s in live_status.items() if i not in form_skipped}
    negative = offline_status["confusion_matrix/class-set/negative-labels"]
    assert negative[0] == "declared" and negative[1]["error"]["type"] == "IllegalArgumentException"
    assert "confusion_matrix/class-set/negative-labels" in form_skipped


def test_inputs_are_sent_as_scores_and_one_hot_targets(live):
    _, rec = live
    assert rec["start"]["forms"] == {"y_true": "one-hot", "y_pred": "scores"}
    assert rec["start"]["conventions"] == {"*": ["classes=observed", "zero-division=0"]}
    sent = [c for c in rec["cases"] if "form" in c]
    assert len(sent) >= 300 and all(c["form"]["rules"] == {"argmax-ties": "lowest"} for c in sent)


def test_breaking_ties_the_other_way_than_declared_fails_exactly_tie_cases(live, tmp_path):
    """The same jar, with port.yaml claiming argmax-ties: highest: the library takes the first maximum,
    so the cases whose score rows hold a tie placed for the 'highest' rule fail, and only those."""
    from conformance.forms import Declared, Unexpressible, transform

    port = tmp_path / "kotlin-highest"
    port.mkdir()
    text = (PORT / "port.yaml").read_text().replace("argmax-ties: lowest", "argmax-ties: highest")
    text = text.replace("build/parity-kotlin.jar", str(JAR))
    (port / "port.yaml").write_text(text)
    record = tmp_path / "run.json"
    proc = parity("verify", str(port), "--json", str(record), "--only", "f1_score", "--only", "accuracy_score")
    assert proc.returncode == 1
    cases = read_record(record)["cases"]
    failed = {c["id"] for c in cases if c["status"] == "failed"}
    highest = Declared("one-hot", "scores", argmax_ties="highest")
    corpus_cases = {c.id: c for c in load_corpus().cases if c.metric in ("f1_score", "accuracy_score")}
    ties = set()
    for case_id in failed | {c["id"] for c in cases if c["status"] == "passed"}:
        c = corpus_cases[case_id]
        try:
            if transform(c.id, c.metric, c.raw["inputs"], c.raw["params"], highest).ties:
                ties.add(case_id)
        except Unexpressible:
            pass
    assert len(failed) >= 20 and failed <= ties


@pytest.mark.parametrize("rule", ["strict", "inclusive"])
def test_a_single_sigmoid_column_with_the_tie_going_to_class_0(live, tmp_path, rule):
    """The same jar fed one positive-class probability per sample (forms: y_pred: probability): the
    library thresholds a single column with > 0.5, so an exact 0.5 is class 0.  Declared as strict,
    every binary case passes; declared inclusive, exactly cases with a 0.5 placed for that rule fail."""
    from conformance.forms import Declared, Unexpressible, transform

    port = tmp_path / f"kotlin-{rule}"
    port.mkdir()
    text = (PORT / "port.yaml").read_text().replace("forms: {y_true: one-hot, y_pred: scores}",
                                                   "forms: {y_pred: probability}")
    text = text.replace("threshold: strict", f"threshold: {rule}").replace("build/parity-kotlin.jar", str(JAR))
    (port / "port.yaml").write_text(text)
    record = tmp_path / "run.json"
    proc = parity("verify", str(port), "--json", str(record), "--only", "precision_score", "--only", "recall_score")
    cases = read_record(record)["cases"]
    answered = [c for c in cases if c["status"] != "skipped"]
    assert len(answered) >= 30 and all(c["form"]["y_pred"] == "probability" for c in answered)
    failed = {c["id"] for c in cases if c["status"] == "failed"}
    if rule == "strict":
        assert proc.returncode == 0 and not failed, proc.stdout[-2000:]
        return
    declared = Declared(y_pred="probability", threshold=rule)
    by_id = {c.id: c for c in load_corpus().cases}
    ties = set()
    for c in answered:
        raw = by_id[c["id"]].raw
        try:
            if transform(c["id"], raw["metric"], raw["inputs"], raw["params"], declared).ties:
                ties.add(c["id"])
        except Unexpressible:
            pass
    assert proc.returncode == 1 and len(failed) >= 10 and failed <= ties
