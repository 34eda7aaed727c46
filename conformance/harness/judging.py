"""From a port's answer to a case's status.

Statuses fall in two groups that reports keep apart:

* honest outcomes of the implementation: passed, convention (matches the
  outcome the corpus stores for the conventions the port declares,
  docs/conventions.md), failed, declared (failed, but covered by a divergence
  the port declares), skipped;
* misbehaviour, when the harness could not judge the implementation:
  errored-uncaught (the adapter reported an exception it did not expect),
  crashed, timed-out, protocol-error, not-run (after the restart limit, or
  missing from a results file).
"""

from __future__ import annotations

from dataclasses import dataclass

from conformance.compare import compare
from conformance.corpus import Expected
from conformance.encoding import decode_numeric
from conformance.harness.protocol import Answer

PASSED = "passed"
CONVENTION = "convention"
FAILED = "failed"
DECLARED = "declared"
SKIPPED = "skipped"
ERRORED = "errored-uncaught"
CRASHED = "crashed"
TIMED_OUT = "timed-out"
PROTOCOL = "protocol-error"
NOT_RUN = "not-run"

HONEST = (PASSED, CONVENTION, FAILED, DECLARED, SKIPPED)
CONFORMANT = (PASSED, CONVENTION)  # what the exit status and the conformance figure count as agreement
MISBEHAVIOUR = (ERRORED, CRASHED, TIMED_OUT, PROTOCOL, NOT_RUN)
STATUSES = HONEST + MISBEHAVIOUR


@dataclass
class Outcome:
    status: str
    actual: dict | None = None  # the port's answer, as sent: {"value"|"error"|"skipped": ...}
    max_error: float | None = None
    detail: str | None = None
    divergence: str | None = None
    convention: str | None = None  # the conventions key the case was judged by


def convention_outcome(case, key: str | None):
    """(key, the corpus's expected outcome under it, decoded) when the case stores one for ``key``."""
    if key is None:
        return None
    stored = case.raw.get("conventions", {}).get(key)
    if stored is None:
        return None  # the conventions do not change this case: expected judges it
    if "error" in stored:
        return key, Expected(error=dict(stored["error"]))
    return key, Expected(value=decode_numeric(stored["value"], f"conventions.{key}.value"))


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def judge(case, answer: Answer, rtol: float, atol: float, convention: str | None = None) -> Outcome:
    """The status of ``case`` given a well-formed answer.  ``convention`` is the key of the
    conventions the port declares that apply to the case (conformance.conventions.case_key):
    when the case stores an outcome under it, the answer is judged against that outcome and
    a match is ``convention``."""
    actual = answer.as_outcome()
    if answer.kind == "skipped":
        return Outcome(SKIPPED, actual, detail=_short(answer.raw))
    alternative = convention_outcome(case, convention)
    if alternative is not None:
        outcome = _judge(alternative[1], answer, actual, rtol, atol)
        outcome.convention = alternative[0]
        if outcome.status == PASSED:
            outcome.status = CONVENTION
        elif outcome.detail:
            outcome.detail = _short(f"under {alternative[0]}: {outcome.detail}")
        return outcome
    return _judge(case.expected, answer, actual, rtol, atol)


def _judge(expected, answer: Answer, actual: dict, rtol: float, atol: float) -> Outcome:
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
        # a case that passes under a declared convention counts as passed: a divergence it
        # was declared for is stale once the convention explains it
        key = "passed" if status == CONVENTION else status if status in ("passed", "failed", "skipped") else "other"
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
