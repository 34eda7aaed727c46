"""Writes the report tests' data: a small corpus and three run records.

    python tests/data/reports/make_data.py

* corpus/ - 16 cases over 8 functions, every expected value from a real
  scikit-learn call (generators.oracle.make_case), each with its spec section
  (generators.spec_sections): scalars, arrays, a matrix,
  a tuple with None, a dict, NaN and -Infinity, an expected error, a
  sample_weight, a keyword holding an array.
* alpha.jsonl, beta.jsonl - records of the two made-up ports in ports/, made
  by the real harness judging hand-written answers (results mode), then
  edited where results mode cannot go: two cases become crashed and
  timed-out as a live run would record them, and the clock and paths are
  pinned so the files do not change from one run of this script to the next.
* gamma.jsonl - a partial record (an interrupted run: no end event).

The files are checked in; the tests only read them.  The records are kept in
the record format they were made in; when the corpus gained its spec fields
(decision 0019) only the corpus sha256 they name was updated.  Rerun this script only
to change the data, then rerun the golden tests with UPDATE_GOLDEN=1 and
review the diff.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO / "tests"))

from fake_ports.kit import write_corpus  # noqa: E402
from conformance.spec_sections import SPEC_DIR, sections_document  # noqa: E402
from generators.oracle import make_case  # noqa: E402
from generators.spec_sections import with_spec  # noqa: E402

STARTED = "2026-01-15T10:00:00Z"
FINISHED = "2026-01-15T10:00:01Z"


def cases() -> list[dict]:
    """The corpus's cases, each with the spec section the generators would name (docs/decisions/0019)."""
    sections = sections_document(REPO / SPEC_DIR)["pages"]
    return [with_spec(case, sections) for case in _cases()]


def _cases() -> list[dict]:
    yt, yp = [2, 1, 1, 0], [2, 0, 1, 2]
    return [
        make_case("accuracy_score/basic", "accuracy_score", {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0]}, tags=["basic"]),
        make_case("accuracy_score/weighted", "accuracy_score",
                  {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0], "sample_weight": [1.0, 2.0, 1.0, 0.5]}, tags=["weights"]),
        make_case("accuracy_score/normalize-false", "accuracy_score", {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0]},
                  {"normalize": False}, tags=["basic"]),
        make_case("accuracy_score/empty", "accuracy_score", {"y_true": [], "y_pred": []}, tags=["degenerate"]),
        make_case("f1_score/macro", "f1_score", {"y_true": yt, "y_pred": yp}, {"average": "macro"}, tags=["macro"]),
        make_case("f1_score/macro-long", "f1_score", {"y_true": [0, 1, 2, 2, 1, 0, 2, 1], "y_pred": [0, 2, 1, 2, 1, 0, 0, 1]},
                  {"average": "macro"}, tags=["macro"]),
        make_case("f1_score/binary", "f1_score", {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 1]}, tags=["binary"]),
        make_case("f1_score/zd-nan", "f1_score", {"y_true": [0, 0], "y_pred": [0, 0]}, {"zero_division": float("nan")},
                  tags=["zero-division"]),
        make_case("f1_score/per-class", "f1_score", {"y_true": yt, "y_pred": yp}, {"average": None}, tags=["per-class"]),
        make_case("f1_score/labels", "f1_score", {"y_true": yt, "y_pred": yp}, {"average": "macro", "labels": [0, 1]},
                  tags=["labels-subset", "macro"]),
        make_case("precision_recall_fscore_support/macro", "precision_recall_fscore_support",
                  {"y_true": yt, "y_pred": yp}, {"average": "macro"}, tags=["macro"]),
        make_case("confusion_matrix/basic", "confusion_matrix", {"y_true": yt, "y_pred": yp}, tags=["matrix"]),
        make_case("r2_score/constant-true", "r2_score", {"y_true": [1.0, 1.0, 1.0], "y_pred": [1.0, 2.0, 3.0]},
                  {"force_finite": False}, tags=["degenerate"]),
        make_case("r2_score/constant-both", "r2_score", {"y_true": [1.0, 1.0], "y_pred": [1.0, 1.0]},
                  {"force_finite": False}, tags=["degenerate"]),
        make_case("classification_report/dict", "classification_report", {"y_true": [0, 1, 1], "y_pred": [0, 1, 0]},
                  {"output_dict": True}, tags=["dict"]),
        make_case("roc_auc_score/basic", "roc_auc_score", {"y_true": [0, 0, 1, 1], "y_score": [0.1, 0.4, 0.35, 0.8]},
                  tags=["basic"]),
    ]


SCRIPT = '<script>alert("x")</script> | broke'

ALPHA = {  # id -> answer, as a results file line
    "accuracy_score/basic": {"value": 0.75},
    "accuracy_score/weighted": {"value": 0.7777777777777778},
    "accuracy_score/normalize-false": {"value": 3.0},
    "accuracy_score/empty": {"error": {"type": "IllegalArgumentException", "message": "empty input"}},
    "f1_score/macro": {"value": 0.5},
    "f1_score/macro-long": {"value": 0.6},
    "f1_score/binary": {"value": 0.5},
    "f1_score/zd-nan": {"value": 0.0},
    "f1_score/per-class": {"value": [0.0, 0.6666666666666666, 0.6666666666666666]},
    "f1_score/labels": {"error": {"type": "NullPointerException", "message": SCRIPT, "uncaught": True}},
    "precision_recall_fscore_support/macro": {"value": 0},  # replaced by a crash below
    "confusion_matrix/basic": {"value": [[0, 1, 0], [0, 1, 0], [1, 0, 1]]},  # transposed
    "r2_score/constant-true": {"value": "-Infinity"},
    "r2_score/constant-both": {"value": 0.0},
    "classification_report/dict": {"skipped": "no classification_report | <b>yet</b>"},
    "roc_auc_score/basic": {"value": 0},  # replaced by a timeout below
}
ALPHA_FAULTS = {
    "precision_recall_fscore_support/macro": {
        "status": "crashed", "detail": "the port exited (status 1) while running this case",
        "stderr": "Exception in thread \"main\" java.lang.IllegalStateException: <oops>\n"
                  "\tat alpha.Prf.macro(Prf.kt:41)\n\tat alpha.Port.run(Port.kt:12)\n"},
    "roc_auc_score/basic": {"status": "timed-out", "detail": "no answer within 5s"},
}

BETA = {
    "accuracy_score/basic": {"value": 0.75},
    "accuracy_score/weighted": {"value": 0.7777777777777777},
    "accuracy_score/normalize-false": {"value": 3},
    "accuracy_score/empty": {"error": {"type": "ValueError", "message": "Found empty input"}},
    "f1_score/macro": {"value": 0.4444444444444444},
    "f1_score/macro-long": {"value": 0.6555555555555556},
    "f1_score/binary": {"value": 0.5},
    "f1_score/zd-nan": {"error": {"type": "ValueError", "message": "zero_division must be 0 or 1"}},
    "f1_score/per-class": {"value": [0.0, 0.6666666666666666, 0.6666666666666666]},
    "f1_score/labels": {"value": 0.3333333333333333},
    "precision_recall_fscore_support/macro": {"value": [0.5, 0.5, 0.4444444444444444, None]},
    "confusion_matrix/basic": {"value": [[0, 0, 1], [1, 1, 0], [0, 0, 1]]},
    "r2_score/constant-true": {"value": "-Infinity"},
    "r2_score/constant-both": {"value": "NaN"},
    "classification_report/dict": {"value": {}},  # replaced by the expected dict below
    "roc_auc_score/basic": {"skipped": "no roc_auc_score"},
}


def judged(port: str, corpus: Path, answers: dict, faults: dict, out: Path) -> None:
    """Judge ``answers`` through the real harness, then pin the clock and paths and apply ``faults``."""
    from conformance.corpus import load_corpus
    from conformance.harness import Options, load_manifest, verify
    from conformance.harness.judging import MISBEHAVIOUR, STATUSES

    loaded = load_corpus(corpus)
    expected = {c.id: c.raw["expected"] for c in loaded.cases}
    if "classification_report/dict" in answers and answers["classification_report/dict"] == {"value": {}}:
        answers["classification_report/dict"] = {"value": expected["classification_report/dict"]["value"]}
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results.jsonl"
        results.write_text("".join(json.dumps({"id": i, **a}, allow_nan=False) + "\n" for i, a in answers.items()))
        record = Path(tmp) / "run.json"
        verify(load_manifest(HERE / "ports" / port), loaded, options=Options(), record_path=record, results=results,
               progress=False, out=open("/dev/null", "w"))
        events = [json.loads(line) for line in record.read_text().splitlines()]
    start, cases, end = events[0], events[1:-1], events[-1]
    start["started"] = STARTED
    start["harness"]["version"] = "0.1.0"
    start["mode"] = "live"
    start["port"] = {"name": port, "language": start["port"]["language"], "dir": f"ports/{port}",
                     "command": start["port"]["command"]}
    start["corpus"]["path"] = "tests/data/reports/corpus"
    start["implementation"] = {"name": f"{port}-metrics", "version": "2.1.0" if port == "alpha" else "0.9",
                               "language": start["port"]["language"]}
    if port == "alpha":
        start["implementation"]["homepage"] = "https://example.invalid/alpha"
    for n, case in enumerate(cases):
        case["seconds"] = 0.001
        fault = faults.get(case["id"])
        if fault:
            case.update(status=fault["status"], actual=None, max_error=None, detail=fault["detail"], divergence=None)
            if "stderr" in fault:
                case["stderr"] = fault["stderr"]
    counts = {s: 0 for s in STATUSES}
    for case in cases:
        counts[case["status"]] += 1
    end.update(finished=FINISHED, seconds=1.0, totals={"cases": len(cases), **counts, "restarts": len(faults)},
               exit_status=1 if counts["failed"] or any(counts[s] for s in MISBEHAVIOUR) else 0)
    end.pop("stderr", None)
    end["notes"] = []
    end["totals"].pop("results-problems", None)
    restarts = [{"event": "port", "what": "restart", "detail": f["detail"], "case": i, "restarts": k + 1}
                for k, (i, f) in enumerate(sorted(faults.items()))]
    with open(out, "w", encoding="utf-8") as f:
        for event in [start, *cases, *restarts, end]:
            f.write(json.dumps(event, allow_nan=False, ensure_ascii=False, separators=(",", ":")) + "\n")


def main() -> None:
    corpus = write_corpus(HERE / "corpus", cases())
    judged("alpha", corpus, ALPHA, ALPHA_FAULTS, HERE / "alpha.jsonl")
    judged("beta", corpus, BETA, {}, HERE / "beta.jsonl")
    # gamma: beta's first three cases under another name, and no end event (an interrupted run).
    lines = (HERE / "beta.jsonl").read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    start["port"]["name"] = "gamma"
    start["divergences"] = []
    start["implementation"] = {"name": "gamma", "version": "0.0.1", "language": "rust"}
    start["port"]["language"] = "rust"
    (HERE / "gamma.jsonl").write_text("\n".join([json.dumps(start, separators=(",", ":"))] + lines[1:4]) + "\n",
                                      encoding="utf-8")
    print(f"wrote {corpus}, alpha.jsonl, beta.jsonl, gamma.jsonl in {HERE}")


if __name__ == "__main__":
    main()
