"""From a port's answer to a case's status.

Statuses fall in two groups that reports keep apart:

* honest outcomes of the implementation: passed, failed, declared (failed,
  but covered by a divergence the port declares), skipped;
* misbehaviour, when the harness could not judge the implementation:
  errored-uncaught (the adapter reported an exception it did not expect),
  crashed, timed-out, protocol-error, not-run (after the restart limit, or
  missing from a results file).
"""

from __future__ import annotations

from dataclasses import dataclass

from conformance.compare import compare
from conformance.harness.protocol import Answer

PASSED = "passed"
FAILED = "failed"
DECLARED = "declared"
SKIPPED = "skipped"
ERRORED = "errored-uncaught"
CRASHED = "crashed"
TIMED_OUT = "timed-out"
PROTOCOL = "protocol-error"
NOT_RUN = "not-run"

HONEST = (PASSED, FAILED, DECLARED, SKIPPED)
MISBEHAVIOUR = (ERRORED, CRASHED, TIMED_OUT, PROTOCOL, NOT_RUN)
STATUSES = HONEST + MISBEHAVIOUR


@dataclass
class Outcome:
    status: str
    actual: dict | None = None  # the port's answer, as sent: {"value"|"error"|"skipped": ...}
    max_error: float | None = None
    detail: str | None = None
    divergence: str | None = None


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def judge(case, answer: Answer, rtol: float, atol: float) -> Outcome:
    """The status of ``case`` given a well-formed answer."""
    actual = answer.as_outcome()
    if answer.kind == "skipped":
        return Outcome(SKIPPED, actual, detail=_short(answer.raw))
    expected = case.expected
    if expected.is_error:
        if answer.kind == "error":  # any error matches an error; both types are in the record
            return Outcome(PASSED, actual)
        return Outcome(FAILED, actual, detail=_short(
            f"expected an error ({expected.error['type']}: {expected.error['message']}), got a value"))
    if answer.kind == "error":
        err = answer.raw
        status = ERRORED if answer.uncaught else FAILED
        what = "an uncaught error" if answer.uncaught else "an error"
        return Outcome(status, actual, detail=_short(f"expected a value, got {what} ({err['type']}: {err['message']})"))
    result = compare(expected.value, answer.value, rtol, atol)
    if result.ok:
        return Outcome(PASSED, actual, max_error=result.max_error)
    return Outcome(FAILED, actual, max_error=result.max_error, detail=_short(result.reason))


class Declarations:
    """A port's declared divergences: which failures they cover, and which are stale."""

    def __init__(self, divergences):
        self.divergences = tuple(divergences)
        self.counts = {d.id: {"matched": 0, "declared": 0, "passed": 0, "failed": 0, "skipped": 0, "other": 0}
                       for d in self.divergences}

    def apply(self, case, outcome: Outcome) -> Outcome:
        """Count ``case`` against every divergence covering it; a failure covered
        by one becomes declared (the first in port.yaml order names it)."""
        if not self.divergences:
            return outcome
        status = outcome.status
        key = status if status in ("passed", "failed", "skipped") else "other"
        chosen = None
        for d in self.divergences:
            if d.covers(case):
                c = self.counts[d.id]
                c["matched"] += 1
                c[key] += 1
                if chosen is None and status == FAILED:
                    chosen = d
        if chosen is not None:
            self.counts[chosen.id]["declared"] += 1
            outcome.status = DECLARED
            outcome.divergence = chosen.id
        return outcome

    def report(self) -> list[dict]:
        """Per divergence: its counts, whether it is stale (matches cases, and
        every one of them passed or was skipped, at least one passed) and
        whether it matches nothing at all."""
        out = []
        for d in self.divergences:
            c = self.counts[d.id]
            stale = c["matched"] > 0 and c["failed"] == 0 and c["other"] == 0 and c["passed"] > 0
            out.append({"id": d.id, "kind": d.kind, "matched": c["matched"], "declared": c["declared"],
                        "passed": c["passed"], "skipped": c["skipped"], "stale": stale,
                        "unmatched": c["matched"] == 0})
        return out
