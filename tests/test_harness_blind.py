"""A conformance verdict a port cannot earn without computing (issue 11, decisions 0012 and 0013).

Each port here runs over the whole bundled corpus through the real harness.
"""

from __future__ import annotations

import io

import pytest

from conformance.harness import load_manifest, verify
from conformance.harness.record import read_record
from fake_ports import kit

CORPUS = kit.bundled_corpus()
ERROR_CASES = sum(c.expected.is_error for c in CORPUS)


def run(tmp_path, script, *args, extra=""):
    port = kit.make_port(tmp_path, script, *args, extra=extra, corpus=CORPUS.root)
    out = io.StringIO()
    result = verify(load_manifest(port), CORPUS, record_path=tmp_path / "run.json", progress=False, out=out,
                    err=io.StringIO())
    return result, out.getvalue(), read_record(tmp_path / "run.json")


def test_the_corpus_has_error_cases_to_guess(golden):
    assert 0 < ERROR_CASES < len(CORPUS)
    golden({"error cases": ERROR_CASES, "cases": len(CORPUS)})


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_a_port_that_reads_everything_but_the_call_passes_nothing(tmp_path):
    # it answers an error (a declared refusal type) whenever anything outside the call mentions one
    result, out, rec = run(tmp_path, "tells.py", "ValueError")
    assert result.totals["passed"] == 0 and result.totals["skipped"] == len(CORPUS)
    assert result.exit_status == 1 and "nothing was judged" in result.verdict


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_a_port_whose_every_answer_is_an_undeclared_error_passes_nothing_and_names_the_faults(tmp_path):
    result, out, rec = run(tmp_path, "errors_only.py", "KeyError")
    assert result.totals["passed"] == 0 and result.totals["faulted"] == len(CORPUS)
    assert result.exit_status == 1
    assert f"faults: {len(CORPUS)} error answer(s) are not refusals the port declares" in out
    first = rec["cases"][0]
    assert f"{first['id']}: faulted: KeyError: 'y_pred' (not a refusal the port declares" in out
    assert all(c["status"] == "faulted" for c in rec["cases"])


@pytest.mark.corpus_run  # the whole corpus through a port (nox -s corpus_runs)
def test_declaring_the_crash_as_a_refusal_only_moves_it_to_failures(tmp_path):
    # a port may say its KeyError is a refusal: then it passes the error cases, and every value case fails
    result, out, rec = run(tmp_path, "errors_only.py", "KeyError", extra="refusals: [KeyError]\n")
    assert result.totals["passed"] == ERROR_CASES and result.totals["failed"] == len(CORPUS) - ERROR_CASES
    assert result.exit_status == 1 and "probably broken" in result.verdict
