"""The row-status rules of decision 0015, the markings every report carries (spec-derived cases,
self-reported runs, the oracle release, a case's ``history``), links from port.yaml, and a port's
history over several records.

The row-status rules are pinned by a golden file, tests/golden/row-statuses.md: the equivalence
table of a hand-made record with one function per rule.  Rewrite it after an intended change with

    UPDATE_GOLDEN=1 python -m pytest tests/test_report_rows.py

and review its diff (the run then fails, so an update is never mistaken for a pass).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from conformance.report import build, model, render
from conformance.report.runs import load_run
from test_report_model import start as report_start

GOLDEN = Path(__file__).resolve().parent / "golden" / "row-statuses.md"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def start(**extra) -> dict:
    """test_report_model's start event, as a format-2 record writes it."""
    return report_start(**{"record_format": 2, "self_reported": False,
                           "harness": {"name": "metric-parity", "version": "0.1.0", "protocol": 2},
                           "implementation": {"name": "p", "version": "1.0", "language": "go"}, **extra})


def case(cid, status="passed", params=None, divergence=None, tags=(), convention=None, **extra):
    event = {"event": "case", "n": 0, "id": cid, "metric": cid.split("/")[0], "tags": list(tags),
             "params": params or {}, "input_names": ["y_true", "y_pred"], "status": status,
             "expected": {"value": 1.0},
             "actual": {"skipped": "not offered"} if status == "skipped" else {"value": 0.5 if status in
                                                                                ("failed", "declared") else 1.0},
             "max_error": 0.5 if status in ("failed", "declared") else 0.0, "detail": None, "divergence": divergence}
    if convention:
        event["convention"] = convention
    event.update(extra)
    return event


def write(path: Path, events: list[dict]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


DIVERGENCES = [
    {"id": "empty-is-zero", "kind": "choice", "selector": {"metrics": ["declared_convention"]},
     "note": "0 for no samples", "link": "../../docs/conventions.md"},
    {"id": "no-weights", "kind": "unsupported", "selector": {"metrics": ["one_declared_unsupported"]},
     "note": "no sample weights", "link": "https://example.invalid/w"},
    {"id": "off-by-one", "kind": "bug", "selector": {"metrics": ["declared_bug"]}, "note": "known",
     "link": "notes/bug.md"},
]


def rules_record(tmp_path: Path) -> Path:
    """One function per rule of decision 0015."""
    events = [start(divergences=DIVERGENCES, names={"renamed_fn": "Renamed"})]
    events += [case(f"all_same/{i}") for i in range(63)]
    events += [case(f"one_declared_unsupported/{i}") for i in range(62)]
    events += [case("one_declared_unsupported/w", "declared", {"sample_weight": [1, 2]}, divergence="no-weights")]
    events += [case("renamed_fn/a"), case("renamed_fn/b")]
    events += [case(f"follows/{i}", "convention", {"zero_division": "NaN"}, convention="zero-division=nan")
               for i in range(3)]
    events += [case("follows/plain")]
    events += [case("declared_convention/a", "declared", divergence="empty-is-zero"),
               case("declared_convention/b", "declared", divergence="empty-is-zero")]
    events += [case("declared_bug/a"), case("declared_bug/b", "declared", divergence="off-by-one")]
    events += [case("undeclared/a"), case("undeclared/b"),
               case("undeclared/c", "failed", history="matches scikit-learn 1.4.2: changed in 1.6.1")]
    events += [case("broken/a", "crashed")]
    events += [case("partly_skipped/a"), case("partly_skipped/b", "skipped", {"mode": "x"})]
    events += [case(f"absent_one/{i}", "skipped", {"k": i}) for i in range(4)]
    events += [case(f"absent_two/{i}", "skipped", tags=("spec-derived",)) for i in range(3)]
    events += [case("spec_metric/a", tags=("spec-derived",)), case("spec_metric/b", tags=("spec-derived",))]
    return write(tmp_path / "rules.jsonl", events)


@pytest.fixture
def rules(tmp_path) -> model.PortReport:
    return model.port_report(load_run(rules_record(tmp_path)), model.Corpora())


def test_row_statuses_match_the_golden_file(rules):
    text = render.equivalence_md(rules)
    table = text[text.index("## Equivalence table"):text.index("## Undeclared failures")]
    if UPDATE:
        GOLDEN.write_text(table, encoding="utf-8")
        pytest.fail(f"UPDATE_GOLDEN=1: rewrote {GOLDEN}; review the diff and run again without it")
    assert table == GOLDEN.read_text(encoding="utf-8")


def test_row_statuses(rules):
    status = {r.metric: r.status_text for r in rules.rows if r.kind == "function"}
    assert status == {
        "absent_one": "not implemented", "absent_two": "not implemented",
        "all_same": "same",
        "broken": "not judged",
        "declared_bug": "partly: 1 same, 1 divergence",
        "declared_convention": "declared choice",
        "follows": "partly: 3 other convention, 1 same",
        "one_declared_unsupported": "partly: 62 same, 1 unsupported",  # not "unsupported": one case among 63
        "partly_skipped": "partly: 1 same, 1 unsupported",
        "renamed_fn": "renamed",
        "spec_metric": "same",
        "undeclared": "partly: 2 same, 1 divergence (undeclared)",
    }
    assert rules.not_implemented == (["absent_one", "absent_two"], 7)
    assert [r.label for r in rules.rows if r.metric == "absent_one"] == [""]  # no row per keyword value
    nan = next(r for r in rules.rows if r.label == "zero_division=NaN")
    assert nan.status_text == "other convention" and nan.names == ["follows zero-division=nan"]  # the convention is named


def test_not_implemented_functions_collapse_to_one_line(rules):
    text = render.equivalence_md(rules)
    assert "Not implemented: 2 metrics, 7 cases (every case skipped or declared unsupported): `absent_one`, `absent_two`." in text
    assert "| `absent_one`" not in text[:text.index("## Undeclared failures")]
    page = render.port_html(rules)
    assert "Not implemented: 2 metrics, 7 cases: <code>absent_one</code>, <code>absent_two</code>." in page


def test_spec_derived_cases_are_marked_in_every_report(rules):
    row = next(r for r in rules.rows if r.metric == "spec_metric" and r.kind == "function")
    assert row.notes[0].text.startswith("2 spec-derived case(s): expected values follow the metric's spec")
    # 151 cases, 8 skipped: 143 ran; 4 declared, 1 failed, 1 crashed do not agree: 137/143 -> 95%;
    # unsupported: 8 skipped + 1 declared of 151 -> 6%
    assert rules.badge["message"] == ("95% agreement, not conformant; declared 2 choice, 1 unsupported, 1 bug; "
                                      "6% unsupported; incl. 2 spec-derived (partial run)")
    assert "| Cases | 151: " in render.equivalence_md(rules) and "; 5 spec-derived (decision 0007) |" in render.equivalence_md(rules)
    assert "5 spec-derived (decision 0007)" in render.port_html(rules)
    idx = model.index([rules])
    assert idx.spec_derived == ["absent_two", "spec_metric"]
    assert "| `spec_metric` † |" in render.index_md(idx)
    html = render.index_html(idx)
    assert "<code>spec_metric</code> <span class=\"mark\"" in html and "spec_metric †" in html  # table and heatmap


def test_the_oracle_release_and_a_cases_history_are_shown(tmp_path):
    """The contract with issue 16: the start event's oracle names the release judged against, and a
    failing case may carry "history" (which older release answered so); records without it render as before."""
    events = [start(oracle={"library": "scikit-learn", "version": "1.4.2"}),
              case("m/a"), case("m/b", "failed", history="matches scikit-learn 1.4.2: changed in 1.6.1"),
              case("m/c", "declared", divergence="d"), case("m/d", "failed")]
    events[0]["divergences"] = [{"id": "d", "kind": "bug", "selector": {"metrics": ["m"]}, "note": "n",
                                  "link": "https://example.invalid/d"}]
    events[3]["history"] = "matches scikit-learn 1.5.0"
    record = write(tmp_path / "h.jsonl", events)
    build([record], tmp_path / "out")
    md = (tmp_path / "out" / "p" / "equivalence.md").read_text()
    page = (tmp_path / "out" / "p" / "report.html").read_text()
    index_md, index_html = (tmp_path / "out" / "index.md").read_text(), (tmp_path / "out" / "index.html").read_text()
    assert "| Oracle | scikit-learn 1.4.2 |" in md and "<tr><th>Oracle</th><td>scikit-learn 1.4.2</td></tr>" in page
    assert "| scikit-learn 1.4.2 |" in index_md and "<td>scikit-learn 1.4.2</td>" in index_html
    assert "- History of `m/b`: matches scikit-learn 1.4.2: changed in 1.6.1" in md
    assert "history   matches scikit-learn 1.4.2: changed in 1.6.1" in md  # next to the counterexample
    assert "- History of `m/c`: matches scikit-learn 1.5.0" in md  # a declared failure too
    assert "History of <code>m/b</code>: matches scikit-learn 1.4.2: changed in 1.6.1" in page
    assert "history: matches scikit-learn 1.4.2: changed in 1.6.1" in index_html
    assert md.count("History of") == 2  # m/d has none: rendered as before


def test_relative_links_from_port_yaml_become_repository_paths_not_broken_links(rules, tmp_path):
    notes = {n.text.split(" ")[0]: n for r in rules.rows for n in r.notes if "(" in n.text and ":" in n.text}
    assert (notes["empty-is-zero"].link, notes["empty-is-zero"].raw_link) == (None, "docs/conventions.md")
    assert (notes["off-by-one"].link, notes["off-by-one"].raw_link) == (None, "ports/p/notes/bug.md")
    assert notes["no-weights"].link == "https://example.invalid/w"
    md, page = render.equivalence_md(rules), render.port_html(rules)
    assert "(docs/conventions.md)" not in md and "`docs/conventions.md`" in md
    assert re.findall(r'href="([^"]+)"', page) == ["../index.html", "equivalence.md", "badge.json",
                                                    "https://example.invalid/w", "https://example.invalid/w"]


def test_several_records_of_a_port_make_its_history(tmp_path):
    def record(name, day, version, failing):
        events = [start(started=f"2026-0{day}-01T10:00:00Z",
                        implementation={"name": "p", "version": version, "language": "go"})]
        events += [case(f"m/{i}", "failed" if i < failing else "passed") for i in range(4)]
        return write(tmp_path / name, events)

    records = [record("c.jsonl", 3, "1.2", 0), record("a.jsonl", 1, "1.0", 2), record("b.jsonl", 2, "1.1", 1)]
    build(records, tmp_path / "out")
    md = (tmp_path / "out" / "p" / "equivalence.md").read_text()
    assert "| Date | 2026-03-01 (live run) |" in md  # the report is the latest run
    assert ("| 2026-01-01 10:00 | 1.0 | 4 | 50.0% | 50% |\n| 2026-02-01 10:00 | 1.1 | 4 | 75.0% | 75% |\n"
            "| 2026-03-01 10:00 | 1.2 | 4 | 100.0% | 100% |") in md
    page = (tmp_path / "out" / "p" / "report.html").read_text()
    line = re.search(r'<polyline points="([^"]+)"', page).group(1)
    ys = [float(p.split(",")[1]) for p in line.split()]
    assert len(ys) == 3 and ys[0] > ys[1] > ys[2]  # agreement rises: the line goes up the page
    again = tmp_path / "again"
    build(list(reversed(records)), again)
    assert (again / "p" / "report.html").read_bytes() == page.encode()  # any order, same bytes
    one = tmp_path / "one"
    build(records[:1], one)
    assert "## History" not in (one / "p" / "equivalence.md").read_text()
    assert "<polyline" not in (one / "p" / "report.html").read_text()
