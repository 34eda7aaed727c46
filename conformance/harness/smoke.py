"""`parity verify --smoke`: a handful of plain cases first, to tell a broken adapter from a wrong
implementation before the full run.

The smoke set is, per metric of the selection, its plainest worked example: a case tagged
``worked-example`` (the textbook call of the spec pages; any case when a metric has none) that
scikit-learn answers with a value holding no NaN, with the fewest tags, then the fewest input values (ties
by id).  No edge is
probed there, so an implementation that is merely non-conformant passes most of it, while an
adapter that cannot start, breaks the protocol, crashes, throws on ordinary input, maps no metric,
or mangles every answer (labels misread, the answer encoded wrongly) fails it
as a whole.  :func:`diagnose` says which, in one line; the full run follows only when the adapter
looks sound.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from conformance.forms import value_count
from conformance.harness.status import CONFORMANT, MISBEHAVIOUR, Status

MOSTLY = 0.5  # this share of answered smoke cases failing points at the adapter, not at the implementation


def _no_nan(value) -> bool:
    """No NaN anywhere in a stored value (an infinite threshold of roc_curve is plain enough)."""
    if isinstance(value, list):
        return all(_no_nan(v) for v in value)
    if isinstance(value, dict):
        return all(_no_nan(v) for v in value.values())
    return value != "NaN" and not (isinstance(value, float) and math.isnan(value))


def smoke_cases(cases) -> list:
    """The plainest worked example of each metric among ``cases``, in metric order."""
    best: dict[str, tuple] = {}
    for case in cases:
        e = case.raw["expected"]
        if "value" not in e or not _no_nan(e["value"]) or not _no_nan(case.raw["inputs"]):
            continue
        rank = ("worked-example" not in case.tags, len(case.tags), value_count(case.raw["inputs"]), case.id)
        if case.metric not in best or rank < best[case.metric][0]:
            best[case.metric] = (rank, case)
    return [best[m][1] for m in sorted(best)]


@dataclass(frozen=True)
class Diagnosis:
    broken: bool  # the adapter, not the implementation, is what the smoke run shows to be wrong
    line: str  # what to tell the porter, one line


def diagnose(events: list[dict], port: str) -> Diagnosis:
    """The verdict of a smoke run from its record's case events."""
    cases = [e for e in events if e.get("event") == "case"]
    count = {s: sum(e["status"] == s for e in cases) for s in (*CONFORMANT, Status.FAILED, Status.DECLARED, Status.SKIPPED, *MISBEHAVIOUR)}
    n = len(cases)
    head = f"smoke ({n} worked example(s), one per metric)"
    if n == 0:
        return Diagnosis(True, f"{head}: no case to run: the selection has no case whose expected value holds no NaN")
    if count[Status.NOT_RUN] == n:
        return Diagnosis(True, f"{head}: the adapter of port {port} did not start or went down: {cases[0]['detail']}")
    for status in MISBEHAVIOUR:
        bad = [e for e in cases if e["status"] == status]
        if bad and status != Status.NOT_RUN:
            first = bad[0]
            hint = ("an error type the library raises on purpose belongs in port.yaml refusals; any other "
                    "exception on a plain case is the adapter's or the library's crash" if status == Status.FAULTED
                    else "the adapter breaks the protocol or dies (docs/protocol.md)")
            return Diagnosis(True, f"{head}: {len(bad)} {status}, first {first['id']}: {first['detail']}; {hint}")
    answered = n - count[Status.SKIPPED]
    if answered == 0:
        reason = cases[0]["detail"]
        return Diagnosis(True, f"{head}: every case was skipped (first reason: {reason}); does the adapter map "
                               "scikit-learn's metric names and keywords to the library's?")
    failed = [e for e in cases if e["status"] == Status.FAILED]
    if len(failed) >= 2 and len(failed) >= MOSTLY * answered:
        first = failed[0]
        return Diagnosis(True, f"{head}: {len(failed)} of {answered} answered plain cases differ, across metrics; "
                               f"more likely the adapter (argument order, label or score decoding, answer encoding) "
                               f"than the implementation; first {first['id']}: {first['detail']}")
    agreed = sum(count[s] for s in CONFORMANT) + count[Status.DECLARED]
    differ = f" (differ: {', '.join(e['metric'] for e in failed)})" if failed else ""
    return Diagnosis(False, f"{head}: {agreed} agree, {len(failed)} differ{differ}, {count[Status.SKIPPED]} skipped: the "
                            "adapter works; running the full selection")
