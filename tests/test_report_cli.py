"""`parity report`, `parity verify --report-dir` and `parity diff` from the command line, on real runs."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.corpus import bundled_oracle, load_corpus
from conformance.harness import Options, load_manifest, verify
from conformance.harness.protocol import conforms, schema_errors
from conformance.harness.record import read_record
from conformance.report import render
from fake_ports import kit

DATA = Path(__file__).resolve().parent / "data" / "reports"
REFERENCE = kit.REPO / "ports" / "reference"
SMALL = kit.small_corpus()


def parity(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def table_functions(markdown: str) -> set[str]:
    """The functions of an equivalence table's function rows."""
    return set(re.findall(r"^\| `([a-z0-9_]+)` \| ", markdown, flags=re.M))


# ------------------------------------------------------------------ parity verify --report-dir


def test_verify_report_dir_covers_every_function_of_the_bundled_corpus(tmp_path, capsys):
    """`parity verify ports/reference --report-dir DIR` on every function of the bundled corpus.

    Two cases of each function (the first and the last of its file), in a corpus folder of their own:
    loading and running the whole bundled corpus takes long, and the reference port's run of all of it
    is tests/test_harness_reference.py's job.
    """
    bundled = bundled_oracle()
    manifest = json.loads((bundled / "MANIFEST.json").read_text())
    picked = []
    for name in sorted(manifest["files"]):
        cases = json.loads((bundled / name).read_text())["cases"]
        picked += [cases[0], cases[-1]] if len(cases) > 1 else cases
    functions = {c["metric"] for c in picked}
    corpus = kit.write_corpus(tmp_path / "corpus", picked)
    code, out, err = parity(capsys, "verify", REFERENCE, "--corpus", corpus, "--no-progress",
                            "--report-dir", tmp_path / "out")
    assert code == 0, out + err
    assert "parity verify --report-dir: wrote 5 files" in out
    text = (tmp_path / "out" / "reference" / "equivalence.md").read_text()
    assert table_functions(text) == functions and len(functions) >= 7
    spec_derived = sum("spec-derived" in c["tags"] for c in picked)  # expected_calibration_error's (decision 0007)
    assert spec_derived == 2
    assert f"| Cases | {len(picked)}: {len(picked)} passed; {spec_derived} spec-derived (decision 0007) |" in text
    assert json.loads((tmp_path / "out" / "reference" / "badge.json").read_text())["message"] == \
        "100% agreement, conformant; incl. 2 spec-derived"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["index.html", "index.md", "reference"]
    index = (tmp_path / "out" / "index.md").read_text()
    assert all(f"| `{f}`{' †' if f == 'expected_calibration_error' else ''} | 100% |" in index for f in functions)


def test_verify_report_dir_with_only_says_what_was_selected(tmp_path, capsys):
    code, out, err = parity(capsys, "verify", REFERENCE, "--corpus", SMALL, "--only", "f1_score", "--no-progress",
                            "--report-dir", tmp_path / "out")
    assert code == 0, out + err
    text = (tmp_path / "out" / "reference" / "equivalence.md").read_text()
    assert "; 5 of its 11 cases selected (`f1_score`) |" in text and table_functions(text) == {"f1_score"}


def test_verify_report_dir_keeps_the_record_when_asked(tmp_path, capsys):
    code, out, err = parity(capsys, "verify", REFERENCE, "--corpus", SMALL, "--no-progress",
                            "--json", tmp_path / "run.json", "--report-dir", tmp_path / "out")
    assert code == 0, out + err
    assert read_record(tmp_path / "run.json")["end"]["exit_status"] == 0
    assert (tmp_path / "out" / "reference" / "equivalence.md").is_file()


def test_report_on_two_ports_shows_both_in_the_index(tmp_path, capsys):
    wrong = kit.make_port(tmp_path, "wrong_metric.py", name="wrongish")
    assert parity(capsys, "verify", REFERENCE, "--corpus", SMALL, "--no-progress", "--json", tmp_path / "a.json")[0] == 0
    assert parity(capsys, "verify", wrong, "--corpus", SMALL, "--no-progress", "--json", tmp_path / "b.json")[0] == 1
    code, out, err = parity(capsys, "report", tmp_path / "a.json", tmp_path / "b.json", "--out", tmp_path / "out")
    assert code == 0 and err == "", err
    index = (tmp_path / "out" / "index.md").read_text()
    assert "| metric | `reference` | `wrongish` |" in index
    # 2 of 5 are error or NaN cases, which it gets right
    assert "| `f1_score` | 100% | 40% · partly: 3 divergence (undeclared), 2 same |" in index
    assert "[equivalence.md](reference/equivalence.md)" in index and "[equivalence.md](wrongish/equivalence.md)" in index
    html = (tmp_path / "out" / "index.html").read_text()
    assert "<th><code>reference</code></th><th><code>wrongish</code></th>" in html
    assert '<a href="reference/report.html">' in html and '<a href="wrongish/report.html">' in html
    assert "equivalence.md" not in html  # the HTML index links the HTML pages
    wrong_md = (tmp_path / "out" / "wrongish" / "equivalence.md").read_text()
    assert "### f1_score: 3 undeclared failures" in wrong_md
    # the smallest counterexample (3 samples against 4), its inputs read from the corpus the record names
    assert "Smallest counterexample, `f1_score/zd-macro` (3 samples):" in wrong_md
    assert ('f1_score(y_true=[0, 0, 1], y_pred=[1, 1, 1], average="macro", zero_division=0)\n'
            "expected  0.25\nactual    0.26\n") in wrong_md


# ------------------------------------------------------------------ the record carries names and extensions


def test_the_start_event_carries_names_and_extensions_and_cases_their_input_names(tmp_path):
    corpus = load_corpus(DATA / "corpus")
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps({"id": c.id, "skipped": "no"}) + "\n" for c in corpus.cases))
    manifest = load_manifest(DATA / "ports" / "alpha")
    verify(manifest, corpus, options=Options(), record_path=tmp_path / "run.json", results=results, progress=False,
           out=open(tmp_path / "summary.txt", "w"))
    rec = read_record(tmp_path / "run.json")
    for event in rec["events"]:
        assert conforms("run-record", event), schema_errors("run-record", event)
    assert rec["start"]["names"] == {"f1_score": "F1Score.compute", "f1_score.average": "averaging",
                                     "accuracy_score": "accuracy_score", "cohen_kappa_score": "CohenKappa.score"}
    assert [e["name"] for e in rec["start"]["extensions"]] == ["F1Score(threshold = 0.5f)", "Metric.merge"]
    weighted = next(c for c in rec["cases"] if c["id"] == "accuracy_score/weighted")
    assert weighted["input_names"] == ["y_true", "y_pred", "sample_weight"]


@pytest.mark.parametrize("yaml_text, message", [
    ("names: {'f1 score': F1}\n", "names: 'f1 score' does not match"),
    ("names: {f1_score.average.x: a}\n", "does not match"),
    ("names: {f1_score: ''}\n", "names.f1_score: must not be an empty string"),
    ("extensions: [{name: X}]\n", "extensions[0].note: required field is missing"),
    ("extensions: [{name: X, note: y, colour: red}]\n", "extensions[0].colour: unknown field"),
])
def test_bad_names_and_extensions_are_refused(tmp_path, capsys, yaml_text, message):
    (tmp_path / "port.yaml").write_text("name: p\nlanguage: x\ncommand: [x]\n" + yaml_text)
    code, out, err = parity(capsys, "verify", tmp_path)
    assert code == 2 and message in err, err


# ------------------------------------------------------------------ parity report: usage errors


def test_report_usage_errors_are_one_line_and_exit_2(tmp_path, capsys):
    not_json = tmp_path / "x.json"
    not_json.write_text("hello\n")
    cases = [
        (["report", tmp_path / "missing.json", "--out", tmp_path / "o"], "missing.json: not a file"),
        (["report", not_json, "--out", tmp_path / "o"], "line 1: not JSON"),
        (["report", DATA / "beta.jsonl", DATA / "beta.jsonl", "--out", tmp_path / "o"], "port 'beta' already has a record"),
        (["report", DATA / "beta.jsonl", "--out", tmp_path / "o", "--date", "yesterday"], "expected YYYY-MM-DD"),
        (["report", DATA / "beta.jsonl", "--out", not_json], "not a directory"),
        (["report", DATA / "beta.jsonl", "--out", tmp_path / "o", "--corpus", tmp_path / "nope"], "not a directory"),
    ]
    for args, message in cases:
        code, out, err = parity(capsys, *args)
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1 and message in lines[0], (args, err)
        assert "Traceback" not in err


def test_report_warns_on_stderr_when_the_corpus_differs(tmp_path, capsys):
    code, out, err = parity(capsys, "report", DATA / "alpha.jsonl", "--out", tmp_path / "o", "--corpus", SMALL)
    assert code == 0
    assert "parity report: warning:" in err and "counterexamples without inputs" in err


def test_the_wheel_ships_the_templates():
    """pyproject force-includes reports/templates where render.templates_dir looks inside an installed package."""
    config = tomllib.loads((kit.REPO / "pyproject.toml").read_text())
    include = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["reports/templates"] == "conformance/_report_templates"
    assert render.templates_dir() == kit.REPO / "reports" / "templates"  # a source checkout
    names = {p.name for p in render.templates_dir().iterdir()}
    assert {"equivalence.md.j2", "index.md.j2", "index.html.j2", "port.html.j2", "_page.html.j2"} <= names


# ------------------------------------------------------------------ parity diff


def test_diff_between_two_ports(capsys):
    code, out, err = parity(capsys, "diff", DATA / "alpha.jsonl", DATA / "beta.jsonl")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("same corpus: 0.0.1 (sha256 5c24a028")
    assert lines[1].startswith("A: port alpha: alpha-metrics 2.1.0 (kotlin)") and lines[2].startswith("B: port beta")
    sections = _sections(out)
    assert sections["newly failing"] == []
    assert sections["newly passing"] == [
        "classification_report/dict: skipped -> passed",
        "f1_score/labels: faulted -> passed",
        "f1_score/macro: failed -> passed",
        "precision_recall_fscore_support/macro: crashed -> passed",
        "r2_score/constant-both: failed -> passed",
    ]
    assert sections["values that moved beyond tolerance"] == [
        "confusion_matrix/basic: [[0, 1, 0], [0, 1, 0], [1, 0, 1]] -> [[0, 0, 1], [1, 1, 0], [0, 0, 1]] (by 1.0)",
        "f1_score/macro: 0.5 -> 0.4444444444444444 (by 0.05555555555555558)",
        "f1_score/macro-long: 0.6 -> 0.6555555555555556 (by 0.05555555555555558)",
        "r2_score/constant-both: 0.0 -> NaN",
    ]
    assert sections["declaration removed"] == ["confusion_matrix/basic: declared -> passed [was cm-transposed]"]
    assert sections["newly declared"] == []
    assert sections["other status changes"] == ["roc_auc_score/basic: timed-out -> skipped: no roc_auc_score"]
    assert sections["only in A"] == [] and sections["only in B"] == []
    assert "expected values that changed" not in sections  # same corpus: no such section


def test_diff_the_other_way_lists_regressions(capsys):
    code, out, err = parity(capsys, "diff", DATA / "beta.jsonl", DATA / "alpha.jsonl")
    failing = _sections(out)["newly failing"]
    assert [line.split(":")[0] for line in failing] == [
        "f1_score/labels", "f1_score/macro", "precision_recall_fscore_support/macro",
        "r2_score/constant-both", "roc_auc_score/basic"]
    # passed -> declared is not a regression the port hides: it is listed as newly declared
    assert _sections(out)["newly declared"] == [
        "confusion_matrix/basic: passed -> declared [cm-transposed]: [0][1]: expected 0, got 1 (error 1)"]
    assert _sections(out)["other status changes"] == ["classification_report/dict: passed -> skipped: no classification_report | <b>yet</b>"]


def test_diff_only_in_one_and_different_corpora_first(tmp_path, capsys):
    events = [json.loads(line) for line in (DATA / "beta.jsonl").read_text().splitlines()]
    events[0]["corpus"]["sha256"] = "f" * 64
    events[0]["corpus"]["version"] = "0.0.2"
    dropped = events.pop(1)["id"]
    changed = next(e for e in events if e.get("id") == "f1_score/binary")
    changed["expected"] = {"value": 0.25}
    b = tmp_path / "b.jsonl"
    b.write_text("".join(json.dumps(e) + "\n" for e in events))
    code, out, err = parity(capsys, "diff", DATA / "beta.jsonl", b)
    assert out.splitlines()[0].startswith("DIFFERENT CORPORA: A judged 0.0.1 (sha256 5c24a028")
    sections = _sections(out)
    assert sections["only in A"] == [dropped] and sections["only in B"] == []
    assert sections["expected values that changed"] == ["f1_score/binary: 0.5 -> 0.25"]


def test_diff_json(capsys):
    code, out, err = parity(capsys, "diff", DATA / "alpha.jsonl", DATA / "gamma.jsonl", "--json")
    d = json.loads(out)
    assert code == 0 and d["same_corpus"] is True and d["common"] == 3
    assert len(d["only_in_a"]) == 13 and d["only_in_b"] == [] and d["b"]["partial"] is True
    assert d["a"]["implementation"] == {"name": "alpha-metrics", "version": "2.1.0", "language": "kotlin"}


def test_diff_lists_values_that_moved_within_tolerance_apart(tmp_path, capsys):
    events = [json.loads(line) for line in (DATA / "beta.jsonl").read_text().splitlines()]
    moved = next(e for e in events if e.get("id") == "f1_score/binary")
    moved["actual"] = {"value": moved["actual"]["value"] * (1 + 1e-12)}  # within rtol 1e-9, not the same float
    b = write_events(tmp_path / "b.jsonl", events)
    code, out, err = parity(capsys, "diff", DATA / "beta.jsonl", b)
    sections = _sections(out)
    assert [line.split(" -> ")[0] for line in sections["values that moved within tolerance"]] == ["f1_score/binary: 0.5"]
    assert sections["values that moved beyond tolerance"] == [] and sections["other status changes"] == []
    assert json.loads(parity(capsys, "diff", DATA / "beta.jsonl", b, "--json")[1])["values_moved_within_tolerance"][0][
        "id"] == "f1_score/binary"


def write_events(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def test_diff_of_an_unreadable_record_exits_2(tmp_path, capsys):
    code, out, err = parity(capsys, "diff", DATA / "alpha.jsonl", tmp_path / "nope.json")
    assert code == 2 and "nope.json: cannot read" in err


def _sections(out: str) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for line in out.splitlines()[4:]:
        if not line:
            continue
        if line.startswith("  "):
            sections[current].append(line[2:])
        else:
            current = re.sub(r" \(\d+\):?$", "", line)
            sections[current] = []
    return sections


# ------------------------------------------------------------------ a file that is not a run record


def _not_records(tmp_path) -> dict[str, tuple[Path, str]]:
    """name -> (a file that is not a run record, what the one line must say about it)."""
    one_line = tmp_path / "object.json"
    one_line.write_text('{"format": 1, "cases": []}\n')
    array = tmp_path / "array.json"
    array.write_text("[1, 2, 3]")
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "format": 1,\n  "cases": [1, 2,,]\n}\n')
    empty = tmp_path / "empty.json"
    empty.write_text("")
    return {
        "corpus file": (SMALL / "f1_score.json", "not a run record: it holds a JSON object with keys format, oracle, cases"),
        "manifest": (SMALL / "MANIFEST.json", "not a run record: it holds a JSON object with keys format, corpus_version"),
        "one line": (one_line, "not a run record: its first line is a JSON object with keys format, cases"),
        "array": (array, "not a run record: its first line is a JSON array"),
        "empty": (empty, "not a run record"),
        "broken": (broken, "line 3: not JSON: Expecting value (column 18)"),
    }


@pytest.mark.parametrize("which", ["corpus file", "manifest", "one line", "array", "empty", "broken"])
@pytest.mark.parametrize("command", ["report", "diff"])
def test_a_file_that_is_not_a_run_record_is_named_with_what_a_record_is(tmp_path, capsys, which, command):
    path, fragment = _not_records(tmp_path)[which]
    args = ["report", path, "--out", tmp_path / "o"] if command == "report" else ["diff", DATA / "alpha.jsonl", path]
    code, out, err = parity(capsys, *args)
    (line,) = err.strip().splitlines()
    assert code == 2 and out == "" and "Traceback" not in err
    assert line.startswith(f"parity {command}: {path}: ") and fragment in line, line
    if which != "broken":
        assert "a run record is the JSON lines parity verify --json writes" in line
        assert line.endswith("see docs/run-record.md)")
    else:
        assert "run record" not in line  # a file that is not JSON is named as such, with where
