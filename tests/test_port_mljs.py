"""ports/mljs: the npm package ml-confusion-matrix through its Node.js adapter, on the bundled corpus.

The port really runs: node must be on the machine and ports/mljs/node_modules must hold the pinned
library (`npm ci` in ports/mljs, which .ci/install runs).  The test fails, it does not skip or
install, when either is missing.

What is asserted, exactly rather than as floors: `parity verify` exits 0 with these totals per
status (no fault of any kind); each divergence matches exactly the cases that differ and no case
that passes; the convention zero-division=nan explains exactly the cases it was declared for; every
error answer is the library's refusal (Error) or the declared crash (TypeError), none marked
uncaught; the skip reasons, each a capability the library lacks, with their counts; each
divergence's smallest case shows the library's own answer quoted in port.yaml; and the adapter
speaks protocol 2 and reads nothing of a run message beyond metric, inputs and params.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import yaml

from conformance.encoding import loads
from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR
from port_runs import TOTALS, corpus_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "mljs"
PINNED = "2.0.0"

# The whole run per status, per metric, per divergence and per skip reason are golden figures
# (tests/__snapshots__/test_port_mljs.ambr): they follow from the corpus.
# The divergences port.yaml declares; per divergence (golden): (matched, declared, passed, skipped), and
# matched == declared: none is wider than the behaviour.
DIVERGENCE_IDS = {"binary-positive-label-must-be-observed", "binary-accepts-multiclass", "labels-need-not-be-in-y-true",
                  "mcc-undefined-is-nan", "no-class-crashes", "mixed-label-types-accepted",
                  "binary-accepts-multiclass-string-mix", "infinite-labels-are-classes", "nan-label-drops-its-samples"}
# Metrics the adapter maps onto the library (everything else: "no such metric").  The corpus has no
# fbeta_score case with beta=1, so every fbeta_score case is skipped.
MAPPED = {"accuracy_score", "confusion_matrix", "f1_score", "fbeta_score", "matthews_corrcoef",
          "multilabel_confusion_matrix", "precision_recall_fscore_support", "precision_score", "recall_score",
          "zero_one_loss"}
# Each divergence's smallest case: its status and the library's answer (as port.yaml and README.md quote it).
SMALLEST = {
    "precision_score/grid/average=binary/zero_division=warn/1": ("declared", {"error": {"type": "Error", "message": "The label does not exist"}}),
    "recall_score/errors/binary-average-with-multiclass-input": ("declared", {"value": 1}),
    "confusion_matrix/errors/labels-only-in-y_pred": ("declared", {"value": [[0]]}),
    "matthews_corrcoef/zero-denominator/one-sample": ("declared", {"value": "NaN"}),
    "accuracy_score/errors/empty": ("declared", {"error": {"type": "TypeError", "message": "Cannot read properties of undefined (reading 'length')"}}),
    "accuracy_score/strings/mixed/across": ("declared", {"value": 0}),
    "recall_score/strings/mixed/within": ("declared", {"value": 0.25}),
    "accuracy_score/validation/unweighted/y_true/inf-middle": ("declared", {"value": 0.5}),
    "accuracy_score/validation/unweighted/y_true/nan-first": ("declared", {"value": 0.6}),
    # the per-class getters asked for the class NaN: the library's own check refuses it, as scikit-learn refuses NaN
    "multilabel_confusion_matrix/validation/unweighted/y_true/nan-first": (
        "passed", {"error": {"type": "Error", "message": "The label does not exist"}}),
    # the convention's smallest case (it was the blanket zero-division-is-nan divergence's)
    "precision_score/single-class/one-sample-wrong": ("by-convention", {"value": "NaN"}),
}
# What every case a divergence declares shows, so that no selector absorbs another behaviour.
SHOWS = {
    "binary-positive-label-must-be-observed": "expected a value, got an error (Error: The label does not exist)",
    "binary-accepts-multiclass": "expected an error (ValueError: Target is multiclass but average='binary'",
    "labels-need-not-be-in-y-true": "expected an error (ValueError: At least one label specified must be in y_true)",
    "mcc-undefined-is-nan": "value: expected 0.0, got nan",
    "no-class-crashes": "TypeError: Cannot read properties of undefined (reading 'length')",
    "mixed-label-types-accepted": "got a value",
    "binary-accepts-multiclass-string-mix": "expected an error (ValueError: Target is multiclass but average='binary'",
    "infinite-labels-are-classes": "contains infinity or a value too large for dtype('float64').), got a value",
    "nan-label-drops-its-samples": "contains NaN.), got a value",
}


def _installed_version() -> str | None:
    try:
        return json.loads((PORT / "node_modules" / "ml-confusion-matrix" / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def _require_the_port():
    assert shutil.which("node"), "node is not on PATH: ports/mljs needs Node.js"
    assert _installed_version() == PINNED, (
        f"ports/mljs/node_modules does not hold ml-confusion-matrix {PINNED}: run `npm ci` in ports/mljs "
        "(.ci/install does); the tests do not install")


@pytest.fixture(scope="module")
@corpus_run
def run(tmp_path_factory):
    _require_the_port()
    record = tmp_path_factory.mktemp("mljs") / "run.json"
    argv = [sys.executable, "-m", "conformance.cli", "verify", str(PORT), "--json", str(record), "--no-progress"]
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def test_the_lockfile_pins_the_library():
    lock = json.loads((PORT / "package-lock.json").read_text())
    entry = lock["packages"]["node_modules/ml-confusion-matrix"]
    assert entry["version"] == PINNED and entry["integrity"].startswith("sha512-")
    assert json.loads((PORT / "package.json").read_text())["dependencies"] == {"ml-confusion-matrix": PINNED}
    assert yaml.safe_load((PORT / "port.yaml").read_text())["setup"][:2] == ["npm", "ci"]


def test_verify_exits_0_with_exact_totals(run, golden):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    totals = rec["end"]["totals"]
    # the whole bundled corpus was run (no --only)
    assert totals["cases"] == rec["start"]["corpus"]["cases"] == rec["start"]["corpus"]["selected"]
    assert rec["start"]["corpus"]["sha256"] == hashlib.sha256((REPO / "oracle" / "MANIFEST.json").read_bytes()).hexdigest()
    golden({k: totals[k] for k in TOTALS})
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0
    assert sum(totals[k] for k in TOTALS if k != "cases") == totals["cases"]
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["version"], implementation["language"]) == (
        "ml-confusion-matrix", PINNED, "javascript")
    assert rec["start"]["harness"]["protocol"] == 2


def test_each_divergence_matches_exactly_the_cases_that_differ(run, golden):
    _, rec = run
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    assert set(by_id) == DIVERGENCE_IDS
    golden({k: (d["matched"], d["declared"], d["passed"], d["skipped"]) for k, d in sorted(by_id.items())})
    for d in by_id.values():  # none matches a passing case, none is stale or unmatched
        assert d["passed"] == 0 and not d["wider"] and not d["stale"] and not d["unmatched"], d
    declared = Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared")
    assert declared == {k: d["declared"] for k, d in by_id.items()} and all(declared.values())
    # two defects are bugs: the crash, the only one that covers an error that is not a refusal, and NaN's lost samples
    manifest = yaml.safe_load((PORT / "port.yaml").read_text())
    assert {d["id"]: (d["kind"], d.get("error")) for d in manifest["divergences"] if d["kind"] == "bug"} == {
        "no-class-crashes": ("bug", "TypeError"), "nan-label-drops-its-samples": ("bug", None)}


def test_every_declared_case_shows_the_declared_behaviour(run):
    _, rec = run
    for c in rec["cases"]:
        if c["status"] == "declared":
            assert SHOWS[c["divergence"]] in c["detail"], (c["id"], c["detail"])


def test_the_smallest_case_of_each_divergence_shows_the_library_answer(run):
    _, rec = run
    cases = {c["id"]: c for c in rec["cases"]}
    assert {case_id: (cases[case_id]["status"], cases[case_id]["actual"]) for case_id in SMALLEST} == SMALLEST


def test_zero_division_nan_is_a_convention_that_explains_every_undefined_ratio(run, golden):
    """The blanket zero-division-is-nan divergence is gone: the cases it declared pass as the
    convention zero-division=nan (scikit-learn's zero_division=np.nan), none fails under it."""
    _, rec = run
    assert rec["start"]["conventions"] == {"*": ["classes=observed", "zero-division=nan"]}
    convention = [c for c in rec["cases"] if c["status"] == "by-convention"]
    assert Counter(c["convention"] for c in convention) == {"zero-division=nan": rec["end"]["totals"]["by-convention"]}
    golden(dict(sorted(Counter(c["metric"] for c in convention).items())))
    assert {c["metric"] for c in convention} == {"precision_score", "recall_score", "f1_score",
                                                 "precision_recall_fscore_support"}
    assert "zero-division-is-nan" not in {d["id"] for d in rec["end"]["divergences"]}


def test_errors_are_the_library_refusal_or_the_declared_crash(run, golden):
    _, rec = run
    assert yaml.safe_load((PORT / "port.yaml").read_text())["refusals"] == ["Error"]
    assert rec["start"]["refusals"] == ["Error"]
    errors = [c for c in rec["cases"] if "error" in c["actual"]]
    assert not [c["id"] for c in errors if c["actual"]["error"].get("uncaught")]
    by_type = Counter((c["actual"]["error"]["type"], c["status"], c["divergence"]) for c in errors)
    # passed: mismatched lengths and pos_label not present, both rejected; the declared refusal; the declared crash
    assert set(by_type) == {("Error", "passed", None), ("Error", "declared", "binary-positive-label-must-be-observed"),
                            ("TypeError", "declared", "no-class-crashes")}
    golden({" / ".join(map(str, k)): v for k, v in sorted(by_type.items(), key=str)})


def test_outcomes_per_metric(run, golden):
    _, rec = run
    statuses = defaultdict(Counter)
    for c in rec["cases"]:
        statuses[c["metric"]][c["status"]] += 1
        if c["metric"] not in MAPPED:
            assert c["status"] == "skipped" and c["actual"]["skipped"] == "no such metric in ml-confusion-matrix", c["id"]
    golden({m: dict(sorted(statuses[m].items())) for m in sorted(MAPPED)})


def test_skip_reasons_name_what_the_library_lacks(run, golden):
    """Every skip reason, with its count (golden): each names something the library has no way to express."""
    _, rec = run
    golden(dict(sorted(Counter(c["actual"]["skipped"] for c in rec["cases"] if c["status"] == "skipped").items())))


def test_the_adapter_speaks_protocol_2_and_reads_only_the_call():
    """start is answered with protocol 2; a run message is answered from its top-level metric, inputs
    and params alone: other fields (a protocol-1 case object, an id, tags) change nothing."""
    _require_the_port()
    call = {"metric": "recall_score", "inputs": {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0]}, "params": {}}
    noise = {"id": "x", "tags": ["zero-division"], "description": "d", "splits": [1],
             "case": {"metric": "accuracy_score", "inputs": {"y_true": [1], "y_pred": [1]}, "params": {}}}
    messages = [{"cmd": "start", "protocol": 2},
                {"cmd": "run", "seq": 0, **call},
                {"cmd": "run", "seq": 1, **call, **noise},
                {"cmd": "run", "seq": 2, **noise},
                {"cmd": "stop"}]
    proc = subprocess.run(["node", "adapter.js"], cwd=PORT, input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    reply, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert reply["protocol"] == 2 and reply["implementation"]["version"] == PINNED
    assert answers == [{"seq": 0, "value": 0.5}, {"seq": 1, "value": 0.5},
                       {"seq": 2, "skipped": "no such metric in ml-confusion-matrix"}]


def test_the_library_itself_mixes_label_types_and_has_no_class_order():
    """Direct library calls (no adapter): fromLabels takes strings and numbers in one class set (the smallest case
    of mixed-label-types-accepted, accuracy_score/strings/mixed/across, answers 0), and keeps first-seen order
    unless given a comparator, so the code-point order of string classes is the adapter's comparator's."""
    _require_the_port()
    script = r"""
const { ConfusionMatrix } = require("ml-confusion-matrix");
const across = ConfusionMatrix.fromLabels(
  ["cat", "cat", "cat", "cat", "cat", "dog", "dog", "dog", "dog", "fish", "fish", "fish"],
  [1, 1, 0, 0, 2, 2, 0, 0, 1, 1, 2, 1]);
const firstSeen = ConfusionMatrix.fromLabels(["\u{1F600}", "\uFF5E"], ["\u{1F600}", "\uFF5E"]);
console.log(JSON.stringify({accuracy: across.getAccuracy(), labels: across.getLabels(), firstSeen: firstSeen.getLabels()}));
"""
    proc = subprocess.run(["node", "-e", script], cwd=PORT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"accuracy": 0, "labels": ["cat", "dog", "fish", 1, 0, 2],
                                       "firstSeen": ["\U0001F600", "\uFF5E"]}
    # the adapter's order: code points, U+FF5E before U+1F600 (JavaScript's `<` compares UTF-16 units and puts it after)
    call = {"metric": "confusion_matrix", "inputs": {"y_true": ["\U0001F600", "\uFF5E"], "y_pred": ["\U0001F600", "\U0001F600"]},
            "params": {}}
    proc = subprocess.run(["node", "adapter.js"], cwd=PORT, capture_output=True, text=True, timeout=60,
                          input=json.dumps({"cmd": "run", "seq": 0, **call}) + "\n")
    assert json.loads(proc.stdout) == {"seq": 0, "value": [[0, 1], [0, 1]]}  # by UTF-16 units: [[1, 0], [1, 0]]



def test_the_library_itself_takes_non_finite_labels():
    """Direct library calls (no adapter) on the inputs of the smallest cases of infinite-labels-are-classes and
    nan-label-drops-its-samples, and on the empty call of no-class-crashes: fromLabels checks no label.  Infinity
    is a class like any number; NaN is put in the class list (a Set holds it) but no sample is placed there
    (indexOf compares with ===, and NaN !== NaN), so its samples leave every count, and a getter asked for the
    class NaN throws the library's own Error("The label does not exist"); empty input crashes in the constructor."""
    _require_the_port()
    stored = {c["id"]: c for c in loads((REPO / "oracle" / "accuracy_score.json").read_text(encoding="utf-8"))["cases"]}
    inf_id, nan_id = "accuracy_score/validation/unweighted/y_true/inf-middle", "accuracy_score/validation/unweighted/y_true/nan-first"
    calls = {name: stored[case_id]["inputs"] for name, case_id in [("inf", inf_id), ("nan", nan_id)]}
    assert all("error" in stored[case_id]["expected"] for case_id in (inf_id, nan_id))
    script = r"""
const { ConfusionMatrix } = require("ml-confusion-matrix");
const calls = JSON.parse(process.argv[1]);
const decode = (v) => v === "NaN" ? NaN : v === "Infinity" ? Infinity : v === "-Infinity" ? -Infinity : v;
const matrix = (c) => ConfusionMatrix.fromLabels(c.y_true.map(decode), c.y_pred.map(decode));
const thrown = (f) => { try { f(); return null; } catch (e) { return [e.name, e.message, e.stack.split("\n")[1].includes("ml-confusion-matrix")]; } };
const inf = matrix(calls.inf), nan = matrix(calls.nan);
console.log(JSON.stringify({
  infLabels: inf.getLabels().map(String), infAccuracy: inf.getAccuracy(),
  nanLabels: nan.getLabels().map(String), nanMatrix: nan.getMatrix(), nanTotal: nan.getTotalCount(), nanAccuracy: nan.getAccuracy(),
  nanGetter: thrown(() => nan.getTruePositiveCount(NaN)),
  empty: thrown(() => ConfusionMatrix.fromLabels([], [])),
}));
"""
    proc = subprocess.run(["node", "-e", script, json.dumps(calls)], cwd=PORT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out["infLabels"]) == {"0", "1", "Infinity"}  # Infinity is a class
    assert "NaN" in out["nanLabels"]  # NaN is a class ...
    nan_at = out["nanLabels"].index("NaN")  # ... with an empty row and column
    assert out["nanMatrix"][nan_at] == [0] * len(out["nanLabels"]) and all(row[nan_at] == 0 for row in out["nanMatrix"])
    assert out["nanTotal"] == len(calls["nan"]["y_true"]) - calls["nan"]["y_true"].count("NaN")  # its sample is left out
    # the answers port.yaml and SMALLEST quote for the two smallest cases
    assert (SMALLEST[inf_id][1], SMALLEST[nan_id][1]) == ({"value": out["infAccuracy"]}, {"value": out["nanAccuracy"]})
    assert out["nanGetter"] == ["Error", "The label does not exist", True]  # thrown by the library's getIndex
    assert out["empty"] == ["TypeError", "Cannot read properties of undefined (reading 'length')", True]
