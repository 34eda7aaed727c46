"""ports/kotlin: the Kotlin port, built with kotlinc and run with `java -jar`, on the bundled corpus.

The toolchain really runs: kotlinc (Debian's `kotlin` package) and java must be
on the machine; the test fails, it does not skip, when they are not.  build.sh
recompiles only when a source is newer than the jar.

Three ways the Kotlin code meets the corpus, each checked here:

* live: `parity verify ports/kotlin` over protocol 2, once for the module (exit 0;
  exact totals per status, no fault of any kind; each divergence matches exactly the
  cases that differ and none that passes; every error is the library's refusal,
  IllegalArgumentException; the skip reasons with their counts), with the inputs in
  the forms port.yaml declares: scores argmaxed by the library along its class axis,
  one-hot (soft) targets (docs/protocol.md, "Input forms"), and, the port being
  `streaming: true`, cut into `batches` that the adapter feeds to update() one by one
  (docs/protocol.md, "Streaming"); the adapter reads nothing of a run message beyond
  metric, inputs, params, form and batches;
* the Kotlin corpus reader: `--check-corpus DIR` loads every file of the bundled
  corpus and reports the same counts as conformance.corpus, and refuses the
  broken corpora conformance.corpus refuses;
* offline: `--replay DIR OUT` runs the corpus in-process and writes a results
  file (header: protocol 2) that `parity verify --results` judges exactly as the
  live run, on every case the forms can express.

The behaviours of the reference pull requests (docs/reference-systems.md, 000 and 001)
each have a test that fails when the library or the adapter breaks them: threshold ties
to the negative class (the probability form, strict passes and inclusive fails exactly
the tie cases), the class axis `dim` (the scores-class-first form, read by the library
with dim 0), soft (one-hot) targets (the live run), BINARY validation (refusals and the
one declared divergence), and update/reset/compute across batches (the live run's
batches, and a conversation with the jar that reuses its metric instances).  The
variant runs are targeted (`--only`), so the module verifies the full corpus live once.

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
from conformance.encoding import decode_input, decode_numeric, decode_param, loads
from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR
from port_runs import TOTALS, corpus_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "kotlin"
JAR = PORT / "build" / "parity-kotlin.jar"

MAPPED = {"accuracy_score", "confusion_matrix", "precision_score", "recall_score", "f1_score", "fbeta_score",
          "precision_recall_fscore_support"}
# The whole run (live: forms, batches; offline replay: labels, one batch) per status, per metric, per
# divergence and per skip reason are golden figures (tests/__snapshots__/test_port_kotlin.ambr): they follow
# from the corpus.  Per divergence: (matched, declared, passed, skipped).  Live, negative labels never reach
# the library: one-hot targets cannot express them, so the harness skips those cases; the offline replay
# (labels) shows the declared refusal.  No divergence matches a case that passes.  Live, class ids from 2^24
# on are skipped by the one-hot form; the replay meets the library's crash on them.  The corpus has no
# fbeta_score case with beta=1, so every fbeta_score case is skipped.
KINDS = {"empty-batch-is-zero": "choice", "class-indices-are-non-negative": "unsupported",
         "class-ids-past-46340-overflow-the-matrix": "bug", "binary-means-classes-0-and-1": "unsupported"}
SMALLEST = {
    "accuracy_score/errors/empty": {"value": 0.0},
    "recall_score/single-class/only-class-2-binary": {"error": "IllegalArgumentException"},
}
FORM_SKIP = ("form one-hot cannot express this case", "form scores cannot express this case")
# Offline (labels), a string label reaches the library's Int class indices as it is; live, the forms number it.
STRING_SKIP = "is a string label: the library takes Int class indices"
# The six mapped metrics' cases, without their numerics/ cases (the 1000-class ones are the slow part of a
# run: megabytes of scores): what the targeted variant runs below verify.
LABEL_GLOBS = [arg for m in sorted(MAPPED - {"fbeta_score"}) for arg in ("--only", f"{m}/[!n]*")]
BINARY_REFUSAL = "Averaging.BINARY needs class indices 0 and 1 only"


def parity(*args):
    return subprocess.run([sys.executable, "-m", "conformance.cli", *args, "--no-progress"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)


def java(*args, timeout=120):
    return subprocess.run(["java", "-jar", str(JAR), *args], cwd=PORT, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def corpus():
    """The bundled corpus, decoded with conformance.encoding (load_corpus's schema pass is slow, and
    test_live_verify already shows the harness loaded it); ``raw`` keeps each case as stored."""
    manifest = json.loads((REPO / "oracle" / "MANIFEST.json").read_text())
    cases = []
    for name in sorted(manifest["files"]):
        for raw in loads((REPO / "oracle" / name).read_text(encoding="utf-8"))["cases"]:
            exp = raw["expected"]
            cases.append(SimpleNamespace(
                id=raw["id"], file=name, metric=raw["metric"], is_error="error" in exp, raw=raw,
                inputs={k: decode_input(v) for k, v in raw["inputs"].items()},
                params={k: decode_param(v) for k, v in raw["params"].items()},
                value=None if "error" in exp else decode_numeric(exp["value"])))
    return SimpleNamespace(manifest=manifest, cases=cases, by_id={c.id: c for c in cases})


@pytest.fixture(scope="module")
@corpus_run
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


def variant(tmp_path: Path, name: str, *replacements: tuple[str, str]) -> Path:
    """A copy of ports/kotlin/port.yaml (the same jar) with ``replacements`` made in it."""
    port = tmp_path / name
    port.mkdir()
    text = (PORT / "port.yaml").read_text().replace("build/parity-kotlin.jar", str(JAR))
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    (port / "port.yaml").write_text(text)
    return port


def tie_cases(ids, corpus, declared) -> set[str]:
    """The cases among ``ids`` whose inputs, sent in ``declared`` forms, carry a tie placed on purpose."""
    from conformance.forms import Unexpressible, transform

    ties = set()
    for case_id in ids:
        raw = corpus.by_id[case_id].raw
        try:
            # refused: as the harness sends it (string classes are numbered only where scikit-learn answers)
            if transform(case_id, raw["metric"], raw["inputs"], raw["params"], declared,
                         refused="error" in raw["expected"]).ties:
                ties.add(case_id)
        except Unexpressible:
            pass
    return ties


def outcome(case: dict):
    """What a case record says the port answered, without an error's message (the library words a
    refusal after the input it was given: label vectors offline, tensors live)."""
    actual = case["actual"]
    return case["status"], actual.get("error", {}).get("type"), actual.get("value"), actual.get("skipped")


def converse(*messages: dict) -> list[dict]:
    """The jar's answers to ``messages`` (start first, stop last), in one process."""
    lines = [{"cmd": "start", "protocol": 2}, *messages, {"cmd": "stop"}]
    proc = subprocess.run(["java", "-jar", str(JAR)], cwd=PORT, input="".join(json.dumps(m) + "\n" for m in lines),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    reply, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert reply["protocol"] == 2
    return answers


def _assert_totals(rec, golden, name=None):
    totals = rec["end"]["totals"]
    golden({k: totals[k] for k in TOTALS}, name)
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0


def _assert_divergences(rec, golden, name):
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    expected = {k: (d["matched"], d["declared"], d["passed"], d["skipped"]) for k, d in sorted(by_id.items())}
    golden(expected, name)
    assert set(expected) == set(KINDS)
    for d in by_id.values():  # none matches a passing case, none is stale or unmatched
        assert d["passed"] == 0 and not d["wider"] and not d["stale"] and not d["unmatched"], d
    assert Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared") == {
        k: v[1] for k, v in expected.items() if v[1]}


def test_live_verify_exits_0_with_exact_totals(live, corpus, golden):
    proc, rec = live
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert rec["end"]["totals"]["cases"] == len(corpus.cases) == rec["start"]["corpus"]["cases"]
    _assert_totals(rec, golden)
    assert rec["start"]["implementation"]["language"] == "kotlin"
    assert rec["start"]["harness"]["protocol"] == 2


def test_declarations_are_what_was_found(live, golden):
    _, rec = live
    _assert_divergences(rec, golden, "live divergences")
    assert {d["id"]: d["kind"] for d in rec["start"]["divergences"]} == KINDS
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


def test_outcomes_per_metric(live, golden):
    _, rec = live
    statuses = {m: Counter() for m in sorted(MAPPED)}
    for c in rec["cases"]:
        if c["metric"] in MAPPED:
            statuses[c["metric"]][c["status"]] += 1
        else:
            assert c["status"] == "skipped", c["id"]
            assert c["actual"]["skipped"] == "no such metric in this library" or c["actual"]["skipped"].startswith(
                FORM_SKIP), c["id"]
    golden({m: dict(sorted(s.items())) for m, s in statuses.items()})


def test_skip_reasons_name_what_the_library_lacks(live, golden):
    """Every skip reason of the live run, with its count (golden): the harness's (a form cannot express the
    case) and the adapter's, each naming something the library has no way to be asked for."""
    _, rec = live
    golden(dict(sorted(Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped").items())))


def test_every_error_is_the_library_refusal(live, golden):
    """port.yaml declares IllegalArgumentException (the library's require checks) as its one refusal;
    every error the port answers has that type, none is marked uncaught; the passed ones are the length
    checks and BINARY on multiclass, the declared ones binary-means-classes-0-and-1 (counts golden)."""
    _, rec = live
    assert rec["start"]["refusals"] == ["IllegalArgumentException"]
    errors = [c for c in rec["cases"] if "error" in c["actual"]]
    assert not [c["id"] for c in errors if c["actual"]["error"].get("uncaught")]
    assert {c["actual"]["error"]["type"] for c in errors} == {"IllegalArgumentException"}
    assert {(c["status"], c["divergence"]) for c in errors} == {("passed", None), ("declared", "binary-means-classes-0-and-1")}
    passed = Counter("length" if "do not match" in c["actual"]["error"].get("message", "") else
                     "binary" if "Averaging.BINARY" in c["actual"]["error"].get("message", "") else "other"
                     for c in errors if c["status"] == "passed")
    assert set(passed) == {"length", "binary"}
    golden({"passed": dict(sorted(passed.items())),
            "declared": sum(c["status"] == "declared" for c in errors)}, "errors")


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
                {"cmd": "run", "seq": 3, "metric": "f1_score", "inputs": {"y_true": [0, 1], "y_pred": [0, "nan"]}, "params": {}},
                {"cmd": "stop"}]
    proc = subprocess.run(["java", "-jar", str(JAR)], cwd=PORT, input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    reply, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert reply["protocol"] == 2 and reply["implementation"]["language"] == "kotlin"
    assert answers[0] == {"seq": 0, "value": pytest.approx(4 / 9, abs=1e-15)}
    assert answers[1] == answers[0] | {"seq": 1}
    # a string label reaches the adapter as a string (decision 0033); the library takes Int class indices
    assert answers[2] == {"seq": 2, "skipped": f'y_pred[1] = "x" {STRING_SKIP}'}
    # what the adapter's own decoding refuses (a misspelt NaN, never a label) is its failure, not the library's refusal
    assert answers[3]["error"]["type"] == "EncodingException" and answers[3]["error"]["uncaught"] is True
    assert 'string "nan" looks like a misspelt NaN' in answers[3]["error"]["message"]


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
    assert r.stdout.strip().splitlines()[-1] == "self-test: 38 passed, 0 failed"


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


# A small corpus of bundled cases (scikit-learn's answers, no scikit-learn needed to write it): three
# metrics, a value, a matrix, an error, a zero_division=NaN param.
SMALL = {
    "accuracy_score": ["accuracy_score/worked-example/kotlin-fixture",
                       "accuracy_score/worked-example/kotlin-fixture/normalize=False", "accuracy_score/errors/empty"],
    "confusion_matrix": ["confusion_matrix/worked-example/kotlin-fixture"],
    "f1_score": ["f1_score/worked-example/kotlin-fixture/average=macro",
                 "f1_score/zero-division/binary-no-positive-anywhere/zero_division=nan"],
}
FIXTURE = "f1_score/worked-example/kotlin-fixture/average=macro"
ZD_NAN = "f1_score/zero-division/binary-no-positive-anywhere/zero_division=nan"


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory, corpus) -> Path:
    """SMALL written as a corpus folder (files, then MANIFEST.json with their sha256 and counts)."""
    from conformance.corpus import FORMAT, MANIFEST
    from conformance.encoding import dumps

    root = tmp_path_factory.mktemp("small") / "corpus"
    root.mkdir()
    manifest = {k: corpus.manifest[k] for k in ("format", "corpus_version", "oracle", "generated_with", "tolerance")}
    manifest["files"] = {}
    for metric, ids in SMALL.items():
        text = dumps({"format": FORMAT, "oracle": corpus.manifest["oracle"], "cases": [corpus.by_id[i].raw for i in ids]})
        (root / f"{metric}.json").write_text(text, encoding="utf-8")
        manifest["files"][f"{metric}.json"] = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "cases": len(ids)}
    (root / MANIFEST).write_text(dumps(manifest), encoding="utf-8")
    load_corpus(root)  # the Python loader accepts it as it stands
    return root


def _small(small_corpus, tmp_path) -> Path:
    return Path(shutil.copytree(small_corpus, tmp_path / "corpus"))


def _rewrite(root: Path, name: str, old: str, new: str, fix_sha: bool = True):
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if fix_sha:  # keep the manifest consistent so that only the planted problem is reported
        manifest = json.loads((root / "MANIFEST.json").read_text())
        manifest["files"][name]["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
        (root / "MANIFEST.json").write_text(json.dumps(manifest, indent=2) + "\n")


def test_check_corpus_accepts_a_small_corpus(live, small_corpus, tmp_path):
    r = java("--check-corpus", str(_small(small_corpus, tmp_path)))
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["cases"] == sum(map(len, SMALL.values())) and report["expected_errors"] == 1
    assert report["nonfinite"]["params"] == 1  # zero_division: "NaN"


@pytest.mark.parametrize("name, old, new, fix_sha, message", [
    ("confusion_matrix.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, "nan", 1, 0]', True,
     'confusion_matrix.json: case confusion_matrix/worked-example/kotlin-fixture: inputs.y_true[1]: string "nan" '
     'looks like a misspelt NaN'),
    ("confusion_matrix.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, NaN, 1, 0]', True, "bare NaN token"),
    ("confusion_matrix.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, true, 1, 0]', True,
     "inputs.y_true[1]: boolean true where a number is expected"),
    ("accuracy_score.json", '"tags"', '"tagz"', True,
     "case accuracy_score/worked-example/kotlin-fixture: tags: required field is missing"),
    ("accuracy_score.json", '"id": "accuracy_score/worked-example/kotlin-fixture/normalize=False"',
     '"id": "accuracy_score/worked-example/kotlin-fixture"', True,
     "case accuracy_score/worked-example/kotlin-fixture: duplicate id"),
    ("accuracy_score.json", '"y_true": [2, 1, 1, 0]', '"y_true": [2, 1, 1, 1]', False,
     "accuracy_score.json: sha256"),
])
def test_check_corpus_refuses_what_the_format_forbids(live, small_corpus, tmp_path, name, old, new, fix_sha, message):
    root = _small(small_corpus, tmp_path)
    _rewrite(root, name, old, new, fix_sha)
    r = java("--check-corpus", str(root))
    assert r.returncode == 1 and r.stdout == "", r.stdout
    assert message in r.stderr, r.stderr
    with pytest.raises(Exception):  # the Python loader refuses the same corpus
        load_corpus(root)


def test_nonfinite_strings_in_params_and_expected_are_decoded(live, small_corpus, tmp_path):
    root = _small(small_corpus, tmp_path)
    r = java("--replay", str(root), str(tmp_path / "results.jsonl"))
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
    assert lines[0]["protocol"] == 2 and lines[0]["implementation"]["name"] == "metricparity-kotlin"
    answers = {line["id"]: line for line in lines[1:]}
    # ZD_NAN asks for zero_division=NaN: decoded to a double, so the adapter can say what it lacks.
    assert answers[ZD_NAN] == {
        "id": ZD_NAN, "skipped": "every zero division is 0.0 in this library; it cannot be asked for zero_division=NaN"}
    assert answers[FIXTURE]["value"] == pytest.approx(4 / 9, abs=1e-15)
    assert answers["accuracy_score/errors/empty"]["value"] == 0.0


# ------------------------------------------------------------------ offline: results file


def test_replay_results_are_judged_like_the_live_run(live, tmp_path, golden):
    _, live_rec = live
    results = tmp_path / "results.jsonl"
    r = java("--replay", str(REPO / "oracle"), str(results))
    assert r.returncode == 0, r.stderr
    record = tmp_path / "offline.json"
    proc = parity("verify", str(PORT), "--results", str(results), "--json", str(record))
    assert proc.returncode == 0, proc.stdout[-3000:]
    offline = read_record(record)
    assert offline["start"]["mode"] == "results"
    _assert_totals(offline, golden, "offline totals")
    _assert_divergences(offline, golden, "offline divergences")
    # The library answers scores and one-hot targets cut into batches (live) exactly as it answers the
    # labels in one batch (replay), on every case the forms can express: same status, value, error type.
    live_status = {c["id"]: outcome(c) for c in live_rec["cases"]}
    offline_answers = {c["id"]: c["actual"].get("skipped") or "" for c in offline["cases"]}
    form_skipped = {c["id"] for c in live_rec["cases"]
                    if c["status"] == "skipped" and c["actual"]["skipped"].startswith(FORM_SKIP)}
    golden(len(form_skipped), "skipped for their forms")
    # String classes: the forms number them (live), the labels carry them as they are (offline: skipped, for
    # the string label, or for a string pos_label where live the skip names its number).
    string_skipped = {c["id"] for c in offline["cases"] if c["status"] == "skipped" and "string-labels" in c["tags"]
                      and c["metric"] in MAPPED}
    golden(len(string_skipped), "skipped offline for their string labels")
    golden(len([i for i in string_skipped if STRING_SKIP in offline_answers[i]]), "offline: the string label itself")
    assert all(live_status[i][0] in ("passed", "skipped") for i in string_skipped)
    offline_status = {c["id"]: outcome(c) for c in offline["cases"]}
    assert {i: s for i, s in offline_status.items() if i not in form_skipped | string_skipped} == {
        i: s for i, s in live_status.items() if i not in form_skipped | string_skipped}
    assert offline_status["confusion_matrix/class-set/negative-labels"][:2] == ("declared", "IllegalArgumentException")
    assert "confusion_matrix/class-set/negative-labels" in form_skipped


def test_inputs_are_sent_as_scores_and_one_hot_targets(live, golden):
    _, rec = live
    assert rec["start"]["forms"] == {"y_true": "one-hot", "y_pred": "scores"}
    assert rec["start"]["conventions"] == {"*": ["classes=observed", "zero-division=0"]}
    sent = [c for c in rec["cases"] if "form" in c]
    golden(len(sent), "sent in forms")
    assert all(c["form"]["rules"] == {"argmax-ties": "lowest"} for c in sent)


def test_breaking_ties_the_other_way_than_declared_fails_exactly_tie_cases(live, corpus, tmp_path, golden):
    """The same jar, with port.yaml claiming argmax-ties: highest: the library takes the first maximum,
    so the cases whose score rows hold a tie placed for the 'highest' rule fail, and only those."""
    from conformance.forms import Declared

    port = variant(tmp_path, "kotlin-highest", ("argmax-ties: lowest", "argmax-ties: highest"))
    record = tmp_path / "run.json"
    proc = parity("verify", str(port), "--json", str(record), "--only", "f1_score/[!n]*", "--only", "accuracy_score/[!n]*")
    assert proc.returncode == 1
    cases = read_record(record)["cases"]
    failed = {c["id"] for c in cases if c["status"] == "failed"}
    answered = {c["id"] for c in cases if c["status"] in ("failed", "passed")}
    golden(len(failed), "failed")
    assert failed and failed <= tie_cases(answered, corpus, Declared("one-hot", "scores", argmax_ties="highest"))


@pytest.mark.parametrize("rule", ["strict", "inclusive"])
def test_a_single_sigmoid_column_with_the_tie_going_to_class_0(live, corpus, tmp_path, rule, golden):
    """The same jar fed one positive-class probability per sample (forms: y_pred: probability), which the
    adapter gives the library as its single sigmoid column (n, 1) with the form's threshold: the library
    makes a column class 1 when > 0.5, so an exact 0.5 is class 0.  Declared as strict, every binary case
    passes; declared inclusive, exactly cases with a 0.5 placed for that rule fail."""
    from conformance.forms import Declared

    port = variant(tmp_path, f"kotlin-{rule}", ("forms: {y_true: one-hot, y_pred: scores}", "forms: {y_pred: probability}"),
                   ("threshold: strict", f"threshold: {rule}"))
    record = tmp_path / "run.json"
    proc = parity("verify", str(port), "--json", str(record), "--only", "precision_score/[!n]*", "--only", "recall_score/[!n]*")
    cases = read_record(record)["cases"]
    answered = [c for c in cases if c["status"] != "skipped"]
    assert answered and all(c["form"]["y_pred"] == "probability" for c in answered)
    assert all(c["form"]["threshold"] == 0.5 for c in answered)
    golden({"answered": len(answered), "in batches": sum("batches" in c for c in answered)}, "answered")
    failed = {c["id"] for c in cases if c["status"] == "failed"}
    if rule == "strict":
        assert proc.returncode == 0 and not failed, proc.stdout[-2000:]
        return
    ties = tie_cases({c["id"] for c in answered}, corpus, Declared(y_pred="probability", threshold=rule))
    assert proc.returncode == 1 and failed and failed <= ties
    golden(len(failed), "failed")


def test_class_first_scores_are_read_along_dim_0(live, tmp_path, golden):
    """`dim`: the same jar with forms: {y_pred: scores-class-first} gets (C, n) score matrices (class_axis 0);
    the adapter hands them to the library untransposed with dim = 0, and index targets (y_true: labels).
    Every case answered gives what the main run (scores (n, C), dim 1, one-hot targets) gives; a library
    reading the last axis whatever dim says would see C samples of n classes and fail these cases."""
    _, main = live
    port = variant(tmp_path, "kotlin-class-first",
                   ("forms: {y_true: one-hot, y_pred: scores}", "forms: {y_pred: scores-class-first}"))
    record = tmp_path / "run.json"
    proc = parity("verify", str(port), "--json", str(record), *LABEL_GLOBS)
    assert proc.returncode == 0, proc.stdout[-3000:]
    rec = read_record(record)
    assert rec["start"]["forms"] == {"y_pred": "scores-class-first"} and rec["start"]["streaming"] is True
    answered = [c for c in rec["cases"] if c["status"] != "skipped"]
    golden(len(answered), "answered")
    assert all(c["form"]["class_axis"] == 0 and c["form"]["y_true"] == "labels" for c in answered)
    assert {c["status"] for c in answered} == {"passed", "declared"}
    # (C, n) with C != n: reading the wrong axis could not give back the labels by chance
    sent = [c["sent"]["y_pred"] for c in answered if c.get("sent", {}).get("y_pred")]
    golden(sum(len(y_pred) != len(y_pred[0]) for y_pred in sent), "C != n")
    by_id = {c["id"]: outcome(c) for c in main["cases"]}
    assert {c["id"]: outcome(c) for c in answered} == {c["id"]: by_id[c["id"]] for c in answered}


def test_soft_targets_are_the_library_one_hot_tensors(live, golden):
    """Soft targets: every label case of the main run is sent with y_true one-hot (the library's soft
    targets, a tensor of the predictions' shape read by argmax along the same axis) and scores; none is
    answered from label vectors, and none is skipped by the adapter for its forms."""
    _, rec = live
    answered = [c for c in rec["cases"] if c["metric"] in MAPPED and c["status"] != "skipped"]
    assert len(answered) == rec["end"]["totals"]["passed"] + rec["end"]["totals"]["declared"]
    assert all(c["form"]["y_true"] == "one-hot" and c["form"]["y_pred"] == "scores" and c["form"]["class_axis"] == 1
               for c in answered)
    # y_true really is one row per sample with one 1.0 in it
    sample = [c for c in answered if c.get("sent", {}).get("y_true")]
    golden(len(sample), "one-hot targets sent")
    assert sample and all(sorted(set(row)) == [0.0, 1.0] and sum(row) == 1.0
                                      for c in sample for row in c["sent"]["y_true"])


def test_binary_validation(live, golden):
    """Averaging.BINARY validates that every observed class is 0 or 1 (IllegalArgumentException otherwise):
    on three classes scikit-learn raises too and the refusal passes; on a single class 2 or on {1, 2}
    scikit-learn answers, and those cases are exactly the declared divergence; class 1 never observed
    is 0.0, as in scikit-learn."""
    _, rec = live
    cases = {c["id"]: c for c in rec["cases"]}
    refused = [c for c in rec["cases"] if "wrong-reading-binary-accepts-multiclass" in c["tags"]
               and c["metric"] in MAPPED and c["status"] != "skipped"]
    golden(len(refused), "refused")
    assert refused and all(
        c["status"] == "passed" and BINARY_REFUSAL in c["actual"]["error"]["message"] for c in refused)
    declared = {c["id"] for c in rec["cases"] if c["divergence"] == "binary-means-classes-0-and-1"}
    assert declared == {f"{m}/{case}" for m in ("f1_score", "precision_score", "recall_score", "precision_recall_fscore_support")
                        for case in ("single-class/only-class-2-binary", "binary/labels-1-and-2-default-pos-label")}
    assert all(BINARY_REFUSAL in cases[i]["actual"]["error"]["message"] for i in declared)
    for m in ("f1_score", "precision_score", "recall_score"):
        c = cases[f"{m}/zero-division/binary-no-positive-anywhere"]
        assert (c["status"], c["actual"]) == ("passed", {"value": 0.0})


def test_every_label_case_arrives_in_batches(live, corpus, golden):
    """streaming: true: every label-metric case of two samples or more that the port answered came with
    `batches` (the corpus's splits where it has them), and was judged on the value of the whole."""
    _, rec = live
    assert rec["start"]["streaming"] is True
    answered = [c for c in rec["cases"] if c["metric"] in MAPPED and c["status"] != "skipped"]
    batched = [c for c in answered if "batches" in c]
    golden(len(batched), "answered in batches")  # the label-metric cases of two samples or more
    assert all(c["batches"] for c in batched)
    assert all(len(corpus.by_id[c["id"]].raw["inputs"]["y_true"]) < 2 for c in answered if "batches" not in c)
    fixture = {c["id"]: c for c in batched}["f1_score/worked-example/kotlin-fixture/average=macro"]
    assert fixture["batches"] == [1, 2, 3] and fixture["status"] == "passed"


def test_update_reset_compute_across_batches_and_cases():
    """One jar process, its metric instances reused from call to call: each call resets them, updates them
    once per batch (the answer's x-updates counts the library's update() calls) and computes.  Were reset
    to keep counts or observed classes, the calls after the first would give other values."""
    from conformance.forms import Declared, transform

    declared = Declared("one-hot", "scores", argmax_ties="lowest")

    def run(metric, y_true, y_pred, params=None, batches=None):
        sent = transform(f"kotlin-test/{metric}/{len(y_true)}", metric, {"y_true": y_true, "y_pred": y_pred},
                         params or {}, declared)
        message = {"cmd": "run", "seq": 0, "metric": metric, "inputs": sent.inputs, "params": params or {},
                   "form": sent.form}
        return message | ({"batches": batches} if batches else {})

    five = ([0, 1, 2, 3, 4], [4, 3, 2, 1, 0])
    fixture = ([2, 1, 1, 0], [2, 0, 1, 2])
    macro = {"average": "macro"}
    messages = [
        run("f1_score", *five, macro, [2]),
        run("f1_score", *fixture, macro, [1, 3]),
        run("f1_score", *fixture, macro),
        run("precision_recall_fscore_support", *fixture, macro, [2]),
        run("confusion_matrix", [3, 4, 4], [4, 3, 4], batches=[1]),
        run("confusion_matrix", *fixture, batches=[3]),
        run("accuracy_score", [0, 1, 1], [0, 1, 1, 0], batches=[1]),  # the last batch is refused
        run("accuracy_score", *fixture, batches=[2]),
    ]
    for seq, m in enumerate(messages):
        m["seq"] = seq
    answers = converse(*messages)
    assert [a["seq"] for a in answers] == list(range(len(messages)))
    assert answers[0]["value"] == pytest.approx(0.2, abs=1e-15) and answers[0]["x-updates"] == 2
    assert answers[1]["value"] == pytest.approx(4 / 9, abs=1e-15) and answers[1]["x-updates"] == 3
    assert answers[2] == {"seq": 2, "value": answers[1]["value"]}  # one batch: no x-updates
    assert answers[3]["value"] == [0.5, 0.5, pytest.approx(4 / 9, abs=1e-15), None]
    assert answers[3]["x-updates"] == 6  # three metrics, two batches each
    assert answers[4]["value"] == [[0, 1], [1, 1]]
    assert answers[5]["value"] == [[0, 0, 1], [1, 1, 0], [0, 0, 1]] and answers[5]["x-updates"] == 2
    assert answers[6]["error"]["type"] == "IllegalArgumentException" and "uncaught" not in answers[6]["error"]
    assert answers[6]["x-updates"] == 2
    assert answers[7]["value"] == 0.5


def test_stripped_of_conventions_and_divergences_it_fails(live, tmp_path):
    """The same jar with port.yaml's conventions and divergences removed: every case a divergence declared
    is then a failure (or, for the matrix overflow, a fault), and verify exits 1.  (Its conventions are
    scikit-learn's defaults, so removing them changes no case.)"""
    import re

    import yaml

    _, rec = live
    covered = {c["id"] for c in rec["cases"] if c["status"] in ("by-convention", "declared")}
    assert covered
    manifest = yaml.safe_load((PORT / "port.yaml").read_text(encoding="utf-8"))
    del manifest["conventions"], manifest["divergences"]
    manifest["command"] = [str(JAR) if part == "build/parity-kotlin.jar" else part for part in manifest["command"]]
    port = tmp_path / "kotlin-stripped"
    port.mkdir()
    (port / "port.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False), encoding="utf-8")
    record = tmp_path / "stripped.json"
    only = [arg for case_id in sorted(covered) for arg in ("--only", re.sub(r"([*?\[])", r"[\1]", case_id))]
    proc = parity("verify", str(port), "--json", str(record), *only)
    assert proc.returncode == 1, proc.stdout[-3000:]
    statuses = {c["id"]: c["status"] for c in read_record(record)["cases"]}
    assert set(statuses) == covered
    assert {s for s in statuses.values()} <= {"failed", "faulted"}, Counter(statuses.values())
