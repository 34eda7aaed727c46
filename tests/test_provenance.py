"""oracle/provenance.jsonl and judging against a release (docs/provenance.md, decision 0016).

No old scikit-learn is installed here: the table is what `nox -s provenance` wrote, and these
tests check that it is fresh, that a stale one is caught, and that `parity verify --oracle`
judges a port written against an older release as that release would.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

from conformance import provenance
from conformance.changes import render
from conformance.compare import same_outcome
from conformance.cli import main
from conformance.harness.record import read_record
from conformance.report.runs import _schema_error  # the run-record schema, one event at a time

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from planted_ports import make_release_port  # noqa: E402

# The releases `nox -s provenance` covered (noxfile.PROVENANCE_RELEASES), oldest first.
RELEASES = ["1.3.2", "1.4.2", "1.5.2", "1.6.1", "1.7.2", "1.8.0", "1.9.1"]
# The release the planted port follows: the oldest, where most changed.
OLD = RELEASES[0]


@pytest.fixture(scope="module")
def table():
    return provenance.read()


def test_the_table_covers_every_release_and_every_case(table, corpus):
    import importlib.util

    loader = importlib.util.spec_from_file_location("noxfile", REPO / "noxfile.py")
    noxfile = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(noxfile)
    assert list(table["releases"]) == RELEASES == list(noxfile.PROVENANCE_RELEASES)  # every session has run
    assert table["pinned"] == corpus.oracle["version"] == RELEASES[-1]
    assert set(table["cases"]) == {c.id for c in corpus.cases}
    assert provenance.stale(table, corpus) == []
    spec = {c.id for c in corpus.cases if c.source == "spec-derived"}
    assert spec and {i for i, e in table["cases"].items() if e.get("source") == "spec-derived"} == spec


def test_the_check_passes_and_the_page_is_the_tables(capsys, table, corpus):
    assert main(["provenance", "--check"]) == 0
    assert "fresh" in capsys.readouterr().out
    assert (REPO / "docs" / "changes.md").read_text(encoding="utf-8") == render(table, corpus)


def test_the_table_is_written_back_byte_for_byte(table):
    assert provenance.dumps_table(table) == provenance.table_path().read_text(encoding="utf-8")


def test_a_stale_table_is_caught(table, corpus, golden):
    def problems(change):
        t = copy.deepcopy(table)
        change(t)
        return provenance.stale(t, corpus)

    some = next(i for i, e in sorted(table["cases"].items()) if e.get("differs"))
    assert problems(lambda t: t["corpus"].update(calls="0" * 64))[0].startswith("made from calls 000000")
    assert problems(lambda t: t["cases"].pop(some)) == [f"1 case(s) missing, first {some}"]
    assert problems(lambda t: t["cases"].update({"f1_score/no-such-case": {"agrees": RELEASES}})) == [
        "1 case(s) not in the corpus, first f1_score/no-such-case"]
    pinned = RELEASES[-1]

    def disagree(t):
        t["cases"][some]["agrees"].remove(pinned)
        t["cases"][some].setdefault("differs", {})[pinned] = {"expected": {"value": 0.5}}

    assert problems(disagree) == [f"case {some}: the pinned release {pinned} disagrees with the corpus"]
    found = problems(lambda t: t.update(pinned="1.8.0"))  # and each case where 1.8.0 differs disagrees
    assert found[0] == "pinned release 1.8.0, the corpus's is 1.9.1"
    golden(len(found) - 1, "cases where 1.8.0 disagrees")


def test_the_check_fails_on_a_stale_page(tmp_path, capsys):
    page = tmp_path / "changes.md"
    page.write_text("# Changes\n", encoding="utf-8")
    assert main(["provenance", "--check", "--changes", str(page)]) == 1
    assert capsys.readouterr().out.strip() == f"{page}: not what provenance.jsonl makes (run `parity provenance`)"


def test_an_unknown_release_is_a_one_line_usage_error(capsys):
    assert main(["verify", str(REPO / "ports" / "reference"), "--oracle", "0.24.2"]) == 2
    err = capsys.readouterr().err
    assert err == (f"parity verify: --oracle 0.24.2: oracle/provenance.jsonl covers scikit-learn "
                   f"{', '.join(RELEASES)}, not 0.24.2\n")


def _changed(table, release: str) -> tuple[set[str], set[str]]:
    """(the cases whose expected outcome differs under ``release``, those it cannot run)."""
    found = {i: e.get("differs", {}).get(release, {}) for i, e in table["cases"].items()}
    return ({i for i, o in found.items() if "expected" in o},
            {i for i, o in found.items() if provenance.NOT_AVAILABLE in o})


def _error_types(table, release: str) -> set[str]:
    return {o["expected"]["error"]["type"] for e in table["cases"].values()
            for r, o in e.get("differs", {}).items() if r == release and "error" in o.get("expected", {})}


@pytest.fixture(scope="module")
def old_port(tmp_path_factory, table):
    return make_release_port(tmp_path_factory.mktemp("release"), OLD, _error_types(table, OLD))


def _verify(port, record, *extra) -> int:
    return main(["verify", str(port), "--no-progress", "--json", str(record), *extra])


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_a_port_written_against_an_old_release_passes_against_it(old_port, table, corpus, tmp_path, capsys, golden):
    changed, unavailable = _changed(table, OLD)
    assert changed and unavailable
    golden({"changed": len(changed), "unavailable": len(unavailable)})  # how much scikit-learn moved since OLD
    record = tmp_path / "old.json"
    assert _verify(old_port, record, "--oracle", OLD) == 0
    out = capsys.readouterr().out
    assert f"(scikit-learn 1.9.1; judged against scikit-learn {OLD})" in out
    rec = read_record(record)
    assert rec["start"]["oracle"] == {"library": "scikit-learn", "version": OLD, "pinned": "1.9.1"}
    status = {e["id"]: e["status"] for e in rec["cases"]}
    assert {i for i, s in status.items() if s == "skipped"} == unavailable
    assert {i for i, s in status.items() if s != "skipped"} == {c.id for c in corpus.cases} - unavailable
    assert set(status.values()) == {"passed", "skipped"}
    skipped = next(e for e in rec["cases"] if e["status"] == "skipped")
    assert skipped["detail"].startswith(f"not judged against scikit-learn {OLD}: ") and skipped["actual"] is None
    judged = {e["id"]: e for e in rec["cases"]}
    some = sorted(changed)[0]
    assert judged[some]["expected"] == table["cases"][some]["differs"][OLD]["expected"]
    validate(rec)


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_the_same_port_fails_the_pinned_release_on_exactly_the_changed_cases(old_port, table, tmp_path, capsys):
    changed, _ = _changed(table, OLD)
    record = tmp_path / "pinned.json"
    assert _verify(old_port, record) == 1
    capsys.readouterr()
    rec = read_record(record)
    assert rec["start"]["oracle"] == {"library": "scikit-learn", "version": "1.9.1"}
    failed = {e["id"]: e for e in rec["cases"] if e["status"] != "passed"}
    assert set(failed) == changed
    assert {e["status"] for e in failed.values()} == {"failed"}
    for case_id, event in failed.items():  # the newest older release whose outcome OLD's equals, and the next one
        differs, pinned = table["cases"][case_id]["differs"], event["expected"]
        same = [r for r in RELEASES[:-1] if provenance.NOT_AVAILABLE not in differs.get(r, {}) and same_outcome(
            differs.get(r, {}).get("expected", pinned), differs[OLD]["expected"], 1e-9, 1e-12)]
        newest = same[-1]
        assert event["history"] == f"matches scikit-learn {newest}: changed in {RELEASES[RELEASES.index(newest) + 1]}"
    assert all("history" not in e for e in rec["cases"] if e["status"] == "passed")
    validate(rec)


def test_results_mode_judges_against_the_release(table, corpus, tmp_path, capsys, golden):
    """--results with --oracle: the answers a port wrote as OLD's are judged by OLD's outcomes."""
    changed, _ = _changed(table, OLD)
    metric = "mean_squared_log_error"
    ids = sorted(c.id for c in corpus.cases if c.metric == metric)
    lines = [{"protocol": 2, "implementation": {"name": "old-msle", "version": "1", "language": "python"}}]
    for case in corpus.cases:
        if case.metric == metric:
            found = table["cases"][case.id].get("differs", {}).get(OLD, {}).get("expected", case.raw["expected"])
            lines.append({"id": case.id, "value": found["value"]} if "value" in found else
                         {"id": case.id, "error": {"type": found["error"]["type"], "message": found["error"]["message"]}})
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    port = REPO / "ports" / "reference"
    record = tmp_path / "results.json"
    assert _verify(port, record, "--results", str(results), "--only", metric, "--oracle", OLD) == 0
    assert _verify(port, record, "--results", str(results), "--only", metric) == 1
    capsys.readouterr()
    rec = read_record(record)
    failed = {e["id"] for e in rec["cases"] if e["status"] == "failed"}
    assert failed == changed & set(ids)
    golden(len(failed), "cases of the metric that changed since the release")
    assert all(e["history"].startswith("matches scikit-learn ") for e in rec["cases"] if e["status"] == "failed")


def test_history_names_the_newest_matching_release_and_the_change():
    cases = {"m/x": {"agrees": ["1.8.0", "1.9.1"], "differs": {"1.3.2": {"expected": {"value": 1.0}},
                                                               "1.5.2": {"expected": {"value": 1.0}},
                                                               "1.7.2": {"expected": {"value": 2.0}}}}}
    rel = provenance.Release("1.9.1", "1.9.1", ("1.3.2", "1.5.2", "1.7.2", "1.8.0", "1.9.1"), cases)

    class Case:
        id, raw = "m/x", {"expected": {"value": 0.0}}

    def matches(value):
        return provenance.matcher({"value": value}, 0.0, 0.0)

    assert rel.history(Case, None, matches(1.0)) == "matches scikit-learn 1.5.2: changed in 1.7.2"
    assert rel.history(Case, None, matches(2.0)) == "matches scikit-learn 1.7.2: changed in 1.8.0"
    assert rel.history(Case, None, matches(3.0)) is None


def validate(rec: dict) -> None:
    """Every event of the record against its branch of the run-record schema."""
    assert [(e["event"], _schema_error(e)) for e in rec["events"] if _schema_error(e)] == []
