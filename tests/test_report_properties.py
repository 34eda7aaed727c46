"""Properties of `parity diff` and the report renderer on generated run records (tests/strategies.py):
records no bundled port happens to write, from empty runs to partial ones, every status mixed."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.harness.record import RunRecord
from conformance.report import build, load_run
from conformance.report.diff import diff, text
from strategies import case_ids, records

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STATUS_SECTIONS = ("newly_failing", "newly_passing", "newly_declared", "declaration_removed", "status_changes")


def _written(events, name="run.json") -> Path:
    path = Path(tempfile.mkdtemp(prefix="parity-prop-")) / name
    with RunRecord(path) as record:
        for e in events:
            record.write(e)
    return path


@FAST
@given(records())
def test_a_run_diffed_with_itself_changes_nothing(events):
    run = load_run(_written(events))
    d = diff(run, run)
    assert d["common"] == len(run.cases)
    assert all(d[k] == [] for k in (*STATUS_SECTIONS, "values_moved", "values_moved_within_tolerance",
                                     "only_in_a", "only_in_b", "expected_changed"))
    assert text(d)[0].startswith("same corpus")


@FAST
@given(case_ids.flatmap(lambda ids: st.tuples(records(port="p", ids=ids), records(port="p", ids=ids))))
def test_every_status_change_is_in_exactly_one_section(pair):
    a, b = (load_run(_written(events)) for events in pair)
    d = diff(a, b)
    changed = sorted(c["id"] for c, o in zip(a.cases, b.cases) if c["status"] != o["status"])
    listed = sorted(e["id"] for k in STATUS_SECTIONS for e in d[k])
    assert listed == changed
    for e in d["newly_declared"]:
        assert e["b"] == "declared" and e["a"] != "declared"
    for e in d["declaration_removed"]:
        assert e["a"] == "declared" and e["b"] != "declared"


@FAST
@given(st.lists(case_ids, min_size=1, max_size=3).flatmap(
    lambda id_lists: st.tuples(*[records(port=f"port{i}", ids=ids) for i, ids in enumerate(id_lists)])))
def test_the_renderer_writes_every_page_and_is_byte_deterministic(runs):
    paths = [_written(events, f"run{i}.json") for i, events in enumerate(runs)]
    out1, out2 = (Path(tempfile.mkdtemp(prefix="parity-prop-out-")) for _ in range(2))
    written1, _ = build(paths, out1, date="2026-12-01")
    written2, _ = build(list(reversed(paths)), out2, date="2026-12-01")
    assert sorted(p.relative_to(out1) for p in written1) == sorted(p.relative_to(out2) for p in written2)
    for p in written1:
        assert p.read_bytes() == (out2 / p.relative_to(out1)).read_bytes(), p
    for i in range(len(runs)):
        assert (out1 / f"port{i}" / "report.html").is_file() and (out1 / f"port{i}" / "equivalence.md").is_file()
