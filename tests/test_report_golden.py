"""Golden tests: the rendered Markdown of hand-made run records, byte for byte.

The records and their corpus are in tests/data/reports/ (written by
tests/data/reports/make_data.py, which says what each holds); the expected
renderings are tests/golden/*.md.  After an intended change to the reports,
rewrite the golden files and review their diff:

    UPDATE_GOLDEN=1 python -m pytest tests/test_report_golden.py

A test run with UPDATE_GOLDEN=1 rewrites the files and then fails, so an
update is never mistaken for a pass.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from conformance.report import build

DATA = Path(__file__).resolve().parent / "data" / "reports"
GOLDEN = Path(__file__).resolve().parent / "golden"
CORPUS = DATA / "corpus"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports")
    build([DATA / "alpha.jsonl", DATA / "beta.jsonl"], out / "two", corpus=CORPUS)
    build([DATA / "gamma.jsonl"], out / "partial", corpus=CORPUS)
    return out


CASES = {
    "alpha-equivalence.md": "two/alpha/equivalence.md",
    "beta-equivalence.md": "two/beta/equivalence.md",
    "index.md": "two/index.md",
    "gamma-partial-equivalence.md": "partial/gamma/equivalence.md",
}


@pytest.mark.parametrize("golden", sorted(CASES))
def test_rendered_markdown_matches_the_golden_file(rendered, golden):
    got = (rendered / CASES[golden]).read_bytes()
    path = GOLDEN / golden
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(got)
        pytest.fail(f"UPDATE_GOLDEN=1: rewrote {path}; review the diff and run again without it")
    assert path.is_file(), f"{path} is missing; create it with UPDATE_GOLDEN=1"
    assert got == path.read_bytes(), f"{CASES[golden]} differs from {path}; if intended, rerun with UPDATE_GOLDEN=1"


def test_the_same_records_render_byte_identical_reports(rendered, tmp_path):
    again = tmp_path / "again"
    build([DATA / "beta.jsonl", DATA / "alpha.jsonl"], again, corpus=CORPUS)  # another order, too
    for name in ("alpha/equivalence.md", "alpha/badge.json", "alpha/report.html", "beta/equivalence.md",
                 "beta/badge.json", "beta/report.html", "index.md", "index.html"):
        assert (again / name).read_bytes() == (rendered / "two" / name).read_bytes(), name


def test_clock_and_durations_do_not_reach_the_report(rendered, tmp_path):
    """A rerun of the same port on the same day differs in times of day and durations only: same report."""
    events = [json.loads(line) for line in (DATA / "alpha.jsonl").read_text().splitlines()]
    for e in events:
        if e["event"] == "start":
            e["started"] = e["started"][:10] + "T23:59:58Z"
            e["options"] = {"timeout": 9.0, "window": 1, "max_restarts": 3}
        elif e["event"] == "case":
            e["seconds"] = 1.234
        elif e["event"] == "end":
            e["finished"], e["seconds"] = e["finished"][:10] + "T23:59:59Z", 123.4
    record = tmp_path / "alpha.jsonl"
    record.write_text("".join(json.dumps(e) + "\n" for e in events))
    build([record, DATA / "beta.jsonl"], tmp_path / "out", corpus=CORPUS)
    for name in ("alpha/equivalence.md", "alpha/report.html", "index.md", "index.html", "alpha/badge.json"):
        assert (tmp_path / "out" / name).read_bytes() == (rendered / "two" / name).read_bytes(), name


def test_date_override(tmp_path):
    build([DATA / "beta.jsonl"], tmp_path, corpus=CORPUS, date="2030-02-03")
    text = (tmp_path / "beta" / "equivalence.md").read_text()
    assert "| Date | 2030-02-03 (live run) |" in text and "2026-01-15" not in text


def test_badges(rendered):
    alpha = json.loads((rendered / "two" / "alpha" / "badge.json").read_text())
    beta = json.loads((rendered / "two" / "beta" / "badge.json").read_text())
    # alpha: 16 cases, 1 skipped: 15 ran; 7 passed agree (a declared choice does not) -> 7/15 = 46.7%;
    # unsupported = 1 skipped of 16 -> 7%; 3 failed and 3 misbehaved: not conformant
    assert alpha == {"schemaVersion": 1, "label": "sklearn parity",
                     "message": "46% agreement, not conformant; declared 1 choice, 1 bug; 7% unsupported",
                     "color": "red"}
    # beta: 13 passed of the 15 it ran -> 86.7%; unsupported = 1 skipped + 1 declared unsupported of 16 -> 13%
    assert beta == {"schemaVersion": 1, "label": "sklearn parity",
                    "message": "86% agreement, not conformant; declared 1 unsupported; 13% unsupported",
                    "color": "yellow"}


def test_the_corpus_is_found_from_the_record_path_when_run_from_the_repository(tmp_path, monkeypatch):
    monkeypatch.chdir(DATA.parents[2])  # the records name tests/data/reports/corpus, relative to the repository
    build([DATA / "alpha.jsonl"], tmp_path)
    assert "f1_score(y_true=[2, 1, 1, 0], y_pred=[2, 0, 1, 2], average=\"macro\")" in \
        (tmp_path / "alpha" / "equivalence.md").read_text()


def test_a_corpus_that_is_not_the_one_the_run_judged_is_not_used_for_inputs(tmp_path):
    other = tmp_path / "other"
    shutil.copytree(CORPUS, other)
    manifest = json.loads((other / "MANIFEST.json").read_text())
    manifest["corpus_version"] = "0.0.2"
    (other / "MANIFEST.json").write_text(json.dumps(manifest))
    written, warnings = build([DATA / "alpha.jsonl"], tmp_path / "out", corpus=other)
    text = (tmp_path / "out" / "alpha" / "equivalence.md").read_text()
    assert "is not the one this run judged" in text and "inputs are not shown" in text.replace("\n", " ")
    assert "f1_score(…, average=\"macro\")" in text  # the call without inputs
    assert "y_true=" not in text
    assert len(warnings) == 1 and "counterexamples without inputs" in warnings[0]


def test_without_any_corpus_the_report_says_so(tmp_path):
    events = (DATA / "alpha.jsonl").read_text().splitlines()
    start = json.loads(events[0])
    start["corpus"]["path"] = str(tmp_path / "gone")
    record = tmp_path / "alpha.jsonl"
    record.write_text("\n".join([json.dumps(start), *events[1:]]) + "\n")
    build([record], tmp_path / "out")
    text = (tmp_path / "out" / "alpha" / "equivalence.md").read_text()
    assert "case inputs are not shown (give the corpus with --corpus DIR)" in text


def test_a_case_file_changed_behind_the_manifest_is_not_used_for_inputs(tmp_path):
    other = tmp_path / "corpus"
    shutil.copytree(CORPUS, other)
    path = other / "f1_score.json"
    path.write_text(path.read_text().replace("[2, 1, 1, 0]", "[2, 1, 1, 1]"))  # MANIFEST.json still names the old digest
    written, warnings = build([DATA / "alpha.jsonl"], tmp_path / "out", corpus=other)
    text = (tmp_path / "out" / "alpha" / "equivalence.md").read_text()
    assert "does not read back (f1_score.json: its sha256 disagrees with MANIFEST.json" in text
    assert "y_true=" not in text and any("counterexamples without inputs" in w for w in warnings)
