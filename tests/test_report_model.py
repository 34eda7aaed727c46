"""What reports compute: rows for any metric and keyword, statuses, the badge formula, escaping, record checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.report import model, render, values
from conformance.report.runs import RecordError, Run, load_run

DATA = Path(__file__).resolve().parent / "data" / "reports"
SHA = "0" * 64


def start(**extra) -> dict:
    event = {
        "event": "start", "record_format": 1, "mode": "live", "started": "2026-03-04T05:06:07Z",
        "harness": {"name": "metric-parity", "version": "0.1.0", "protocol": 1},
        "port": {"name": "p", "language": "go", "dir": "ports/p", "command": ["p"]},
        "implementation": {"name": "p", "version": "1", "language": "go"},
        "corpus": {"version": "9.9.9", "sha256": SHA, "path": "/nowhere", "cases": 0, "selected": 0},
        "oracle": {"library": "scikit-learn", "version": "1.9.1"},
        "tolerance": {"rtol": 1e-9, "atol": 1e-12, "source": "corpus"},
        "selection": {"only": []}, "divergences": [],
    }
    event.update(extra)
    return event


def case(cid, status="passed", params=None, inputs=("y_true", "y_pred"), divergence=None, actual=None, tags=()):
    metric = cid.split("/")[0]
    return {"event": "case", "n": 0, "id": cid, "metric": metric, "tags": list(tags), "params": params or {},
            "input_names": list(inputs), "status": status, "expected": {"value": 1.0},
            "actual": actual if actual is not None else {"value": 1.0}, "max_error": 0.0,
            "detail": None, "divergence": divergence}


def run_of(cases, **start_extra) -> Run:
    return Run(path=Path("r.jsonl"), start=start(**start_extra), cases=cases, end=None)


def rows(run):
    return [(r.metric, r.label, r.status_text, r.evidence) for r in model.table(run)]


# ------------------------------------------------------------------ rows


def test_rows_cover_any_metric_keyword_and_value_kind_in_a_fixed_order():
    cases = [
        case("zeta_score/a", params={"mode": "x", "w": [1, 2]}),
        case("zeta_score/b", params={"mode": "NaN", "w": [3]}, inputs=("y_true", "y_pred", "sample_weight")),
        case("zeta_score/c", params={"mode": "Infinity", "cfg": {"k": 1}}),
        case("zeta_score/d", params={"mode": None}),
        case("zeta_score/e", params={"mode": True}),
        case("zeta_score/f", params={"mode": 0}),
        case("zeta_score/g", params={"mode": 0.0}),
        case("zeta_score/h", params={"mode": "-Infinity"}),
        case("alpha_loss/a", params={}),
    ]
    got = [(m, label) for m, label, _, _ in rows(run_of(cases))]
    assert got == [
        ("alpha_loss", ""),
        ("zeta_score", ""),
        ("zeta_score", "cfg={…}"),
        ("zeta_score", "mode=None"),
        ("zeta_score", "mode=True"),
        ("zeta_score", "mode=-Infinity"),
        ("zeta_score", "mode=0"),
        ("zeta_score", "mode=0.0"),
        ("zeta_score", "mode=Infinity"),
        ("zeta_score", "mode=NaN"),
        ("zeta_score", 'mode="x"'),
        ("zeta_score", "sample_weight=[…]"),  # given by some cases only: a row of its own
        ("zeta_score", "w=[…]"),  # every array value in one row
    ]
    w = next(r for r in model.table(run_of(cases)) if r.label == "w=[…]")
    assert [n.text for n in w.notes] == ["2 distinct values"] and w.evidence == "2 passed"


def test_row_statuses():
    divergences = [
        {"id": "conv", "kind": "choice", "selector": {"params": {"mode": "c"}}, "note": "n1", "link": "https://x.invalid/1"},
        {"id": "bug", "kind": "bug", "selector": {"params": {"mode": "b"}}, "note": "n2", "link": "https://x.invalid/2"},
        {"id": "uns", "kind": "unsupported", "selector": {"params": {"mode": "u"}}, "note": "n3", "link": "javascript:x()"},
    ]
    cases = [
        case("m/same"),
        case("m/conv", "declared", {"mode": "c"}, divergence="conv"),
        case("m/bug", "declared", {"mode": "b"}, divergence="bug"),
        case("m/uns", "declared", {"mode": "u"}, divergence="uns"),
        case("m/skip", "skipped", {"mode": "u2"}, actual={"skipped": "no u2"}),
        case("m/fail", "failed", {"mode": "f"}),
        case("m/crash", "crashed", {"mode": "k"}, actual={"value": 0}),
        case("m/renamed", params={"level": 1}),
    ]
    run = run_of(cases, divergences=divergences, names={"m.level": "depth", "m": "M"})
    by_label = {r.label: r for r in model.table(run)}
    assert by_label["mode=\"c\""].status == "declared choice"  # a declared difference, not a convention
    assert by_label["mode=\"b\""].status == "divergence" and not by_label["mode=\"b\""].undeclared
    assert by_label["mode=\"u\""].status == "unsupported"
    assert by_label["mode=\"u2\""].status == "unsupported" and by_label["mode=\"u2\""].evidence == "1 skipped: no u2 (1)"
    assert by_label["mode=\"f\""].status_text == "divergence (undeclared)"
    assert by_label["mode=\"k\""].status == "not judged"
    assert by_label["level=1"].status == "renamed" and by_label["level=1"].port_name == "depth"
    function = by_label[""]
    assert function.status == "partly" and function.undeclared and function.port_name == "M"
    assert function.status_text == ("partly: 2 same, 2 divergence (undeclared), 2 unsupported, 1 declared choice, "
                                    "1 not judged")
    assert function.evidence == ("2 passed, 1 failed, 3 declared (1 bug, 1 choice, 1 unsupported), 1 skipped, "
                                 "1 crashed")
    uns = by_label["mode=\"u\""].notes[0]
    assert uns.link is None and uns.raw_link == "javascript:x()"  # never an href
    assert not any("uns" in n.text for n in by_label["mode=\"u2\""].notes)  # its selector does not cover u2


def test_a_row_whose_every_case_was_skipped_shows_its_skip_reasons_and_no_divergence_note():
    divergences = [{"id": "no-k", "kind": "unsupported", "selector": {"metrics": ["k"]}, "note": "no k here",
                    "link": "https://x.invalid/k"}]
    run = run_of([case("k/a", "skipped", actual={"skipped": "no k"}, params={"p": 1})], divergences=divergences)
    (row,) = model.table(run)  # a function the port does not implement: one row, none per keyword value
    assert row.status == "not implemented"
    assert row.notes == [] and row.names == []  # the divergence declared nothing here
    assert row.evidence == "1 skipped: no k (1)"  # every case skipped: the reasons are the evidence


def test_skip_reasons_of_a_partly_skipped_row_are_in_its_note():
    cases = [case("k/a"), case("k/b", "skipped", actual={"skipped": "no b"}), case("k/c", "skipped", actual={"skipped": "no c"}),
             case("k/d", "skipped", actual={"skipped": "no c"}), case("k/e", "skipped", actual={"skipped": "no e"})]
    (row,) = model.table(run_of(cases))
    assert row.status_text == "partly: 4 unsupported, 1 same" and row.evidence == "1 passed, 4 skipped"
    assert [n.text for n in row.notes] == ["skipped: no c (2); no b (1); and 1 other reason(s)"]


def test_a_renamed_function_that_fails_keeps_its_name_and_says_divergence():
    run = run_of([case("m/a", "failed")], names={"m": "Em"})
    (row,) = model.table(run)
    assert row.port_name == "Em" and row.status_text == "divergence (undeclared)"


def test_extension_rows_follow_their_function_or_close_the_table():
    run = run_of([case("m/a"), case("n/a")], extensions=[
        {"name": "M.extra", "function": "m", "note": "beyond"},
        {"name": "Merge", "note": "accumulates", "link": "https://x.invalid/merge"},
        {"name": "K.other", "function": "not_in_run", "note": "elsewhere"},
    ])
    got = [(r.metric, r.label, r.status) for r in model.table(run)]
    assert got == [("m", "", "same"), ("m", "M.extra", "extension"), ("n", "", "same"),
                   ("", "Merge", "extension"), ("", "K.other", "extension")]


# ------------------------------------------------------------------ the conformance figure


def tally(**counts) -> model.Tally:
    t = model.Tally()
    run = run_of([], divergences=[{"id": k, "kind": k, "selector": {}, "note": "", "link": ""}
                                  for k in ("choice", "bug", "unsupported")])
    i = 0
    for status, n in counts.items():
        for _ in range(n):
            i += 1
            if status.startswith("declared_"):
                t.add(case(f"m/{i}", "declared", divergence=status[9:]), run)
            else:
                t.add(case(f"m/{i}", status.replace("_", "-")), run)
    return t


@pytest.mark.parametrize("counts, message, color", [
    ({"passed": 10}, "100% agreement, conformant", "brightgreen"),
    ({"passed": 999, "failed": 1}, "99% agreement, not conformant", "green"),  # rounded down: 100 only when all agree
    ({"passed": 9, "declared_choice": 1}, "90% agreement, conformant; declared 1 choice", "yellowgreen"),
    ({"passed": 9, "declared_bug": 1}, "90% agreement, conformant; declared 1 bug", "yellowgreen"),
    ({"passed": 9, "declared_unsupported": 1}, "90% agreement, conformant; declared 1 unsupported; 10% unsupported",
     "yellowgreen"),
    ({"passed": 1, "declared_bug": 2, "declared_choice": 3, "declared_unsupported": 4},
     "10% agreement, conformant; declared 3 choice, 4 unsupported, 2 bug; 40% unsupported", "red"),
    ({"passed": 1, "skipped": 999}, "100% agreement, conformant; 100% unsupported", "brightgreen"),  # rounded up
    ({"passed": 999, "skipped": 1}, "100% agreement, conformant; 1% unsupported", "brightgreen"),
    ({"passed": 1, "by_convention": 1}, "100% agreement, conformant", "brightgreen"),  # a convention agrees
    ({"passed": 1, "crashed": 1}, "50% agreement, not conformant", "orange"),
    ({"passed": 1, "not_run": 3}, "25% agreement, not conformant", "red"),
    ({"skipped": 3}, "no case judged", "lightgrey"),
])
def test_badge_formula(counts, message, color):
    badge = model.badge(tally(**counts))
    assert badge == {"schemaVersion": 1, "label": "sklearn parity", "message": message, "color": color}


def test_pass_rate_is_rounded_down():
    assert tally(passed=1998, failed=1).pass_rate == "99.9%"
    assert tally(passed=2, failed=1).pass_rate == "66.6%"
    assert tally(passed=3).pass_rate == "100.0%"


def test_a_partial_run_says_so_on_its_badge():
    assert model.badge(tally(passed=3), partial=True)["message"] == "100% agreement, conformant (partial run)"


def test_a_port_that_declares_everything_a_choice_shows_its_low_agreement_next_to_conformant():
    """The tfjs example of decision 0023: declaring every difference a choice makes a port conformant
    (its CI gate passes), never agreeing."""
    badge = model.badge(tally(passed=157, declared_choice=126, skipped=4400))
    assert badge["message"] == "55% agreement, conformant; declared 126 choice; 94% unsupported"
    assert badge["color"] == "orange"


# ------------------------------------------------------------------ values and escaping


@pytest.mark.parametrize("value, text", [
    ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("nan", '"nan"'), ("macro", '"macro"'),
    (None, "None"), (True, "True"), (0, "0"), (0.0, "0.0"), (1e-300, "1e-300"), (0.1 + 0.2, "0.30000000000000004"),
    ([1, "NaN", [None]], "[1, NaN, [None]]"), ({"a": {"b": "-Infinity"}}, '{"a": {"b": -Infinity}}'),
    (float("nan"), "NaN"),
])
def test_values_are_shown_readably(value, text):
    assert values.show(value) == text


def test_long_arrays_are_cut_saying_how_much():
    assert values.show(list(range(5)), max_items=3) == "[0, 1, 2, … (2 more)]"


def test_markdown_escaping():
    assert render.md("<script>a|b</script> *x* [l](u) `c`\nnext") == \
        r"&lt;script&gt;a\|b&lt;/script&gt; \*x\* \[l\](u) \`c\` next"
    assert render.md("&lt;") == "&amp;lt;"
    assert [render.md_block(t) for t in ("# h", "- l", "1. n", "~~s~~", "a-b")] == [r"\# h", r"\- l", r"1\. n", r"\~\~s\~\~", "a-b"]
    assert render.md("2.1.0") == "2.1.0"  # inside a line, nothing to escape
    assert render.code("a|b") == r"`a\|b`"
    assert render.code("x `y` z") == "``x `y` z``"
    assert render.code("`start") == "`` `start ``"
    assert render.fence("a ```` b") == "`````"


@pytest.mark.parametrize("url, safe", [
    ("https://example.invalid/x", True), ("http://a.invalid", True), ("docs/x.md", True),
    ("javascript:alert(1)", False), ("JavaScript:alert(1)", False), ("data:text/html,<b>", False),
    ("https://a.invalid/\"onmouseover=\"x", False), ("vbscript:x", False), ("", False),
])
def test_only_http_and_relative_links_become_links(url, safe):
    assert (model.safe_link(url) == url) is safe


# ------------------------------------------------------------------ record checks


def write(tmp_path, events, name="r.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


@pytest.mark.parametrize("events, message", [
    ([], "no start event"),
    ([case("m/a")], "does not begin with a start event"),
    ([start(), start()], "a second start event"),
    ([{**start(), "corpus": {"version": "1"}}], "start event: at corpus"),
    ([start(port={"name": "../../etc", "language": "x", "dir": "d", "command": ["c"]})], "is not a valid port name"),
    ([start(), {**case("m/a"), "status": "great"}], "status 'great' is not one of"),
    ([start(), {**case("m/a"), "params": []}], "params must be an object"),
    ([start(), case("m/a"), case("m/a")], "case 'm/a' appears twice"),
    ([start(), {"event": "party"}], "unknown event 'party'"),
    ([start(), {"event": "end", "finished": "x"}], "end event: at (top level)"),
])
def test_unusable_records_are_refused_with_the_reason(tmp_path, events, message):
    with pytest.raises(RecordError, match=None) as caught:
        load_run(write(tmp_path, events))
    assert message in str(caught.value)


def test_a_torn_last_line_is_ignored(tmp_path):
    path = write(tmp_path, [start(), case("m/a")])
    with open(path, "a") as f:
        f.write('{"event": "case", "id": "m/b"')
    run = load_run(path)
    assert [c["id"] for c in run.cases] == ["m/a"] and run.partial


def test_older_records_without_names_extensions_or_input_names_still_render(tmp_path):
    events = [start(), {k: v for k, v in case("m/a").items() if k != "input_names"}]
    run = load_run(write(tmp_path, events))
    report = model.port_report(run, model.Corpora())
    assert [r.label for r in report.rows] == [""]
    assert "| `m` |  | same |  | 1 passed |" in render.equivalence_md(report)


def test_a_port_that_never_started(tmp_path):
    detail = "not run: the port did not start: exited (status 127) without answering start"
    cases = [{**case(f"m/{i}", "not-run", actual=None), "actual": None, "detail": detail} for i in range(3)]
    run = load_run(write(tmp_path, [start(implementation=None), *cases]))
    report = model.port_report(run, model.Corpora())
    assert report.badge["message"] == "0% agreement, not conformant (partial run)" and report.badge["color"] == "red"
    text = render.equivalence_md(report)
    assert "| Implementation | unknown: the port never started |" in text
    assert "| `m` |  | not judged | the harness could not judge 3 case(s)" in text
    assert "### not-run: 3 cases" in text and detail in text
    assert "| `p` | **0%** (0 of 3) | nothing | 0% | not conformant | did not start |" in render.index_md(model.index([report]))


def test_a_results_file_run_is_marked_self_reported_everywhere(tmp_path):
    events = [start(record_format=2, harness={"name": "metric-parity", "version": "0.1.0", "protocol": 2},
                    mode="results", self_reported=True, refusals=["ValueError"]), case("m/a")]
    report = model.port_report(load_run(write(tmp_path, events)), model.Corpora())
    assert report.badge["message"] == "100% agreement, conformant (partial run) (self-reported)"  # no end event here
    text = render.equivalence_md(report)
    assert "> **Self-reported**: judged from a results file" in text
    assert "| Refusals | `ValueError`: the error types the port declares" in text
    assert "(self-reported)" in render.index_md(model.index([report]))
    assert "| `p` (self-reported) |" in render.index_md(model.index([report]))
    assert 'self-reported</span>' in render.index_html(model.index([report]))
    assert "<strong>Self-reported</strong>: judged from a results file" in render.port_html(report)
    live = model.port_report(load_run(write(tmp_path, [start(), case("m/a")])), model.Corpora())
    assert "self-reported" not in live.badge["message"] and "Self-reported" not in render.equivalence_md(live)
    assert "self-reported" not in render.port_html(live).lower()
    assert "self-reported" not in render.index_html(model.index([live]))


def test_a_format_1_record_reads_errored_uncaught_as_faulted(tmp_path):
    events = [start(), {**case("m/a", "errored-uncaught"), "actual": {"error": {"type": "E", "message": ""}}}]
    run = load_run(write(tmp_path, events))
    assert run.cases[0]["status"] == "faulted" and run.totals()["faulted"] == 1
