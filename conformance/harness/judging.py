"""From a port's answer to a case's result: its status (conformance.harness.status) and evidence.

An error answer passes a case that expects an error only when its type is one of the port's
declared ``refusals``: otherwise a port whose adapter throws on everything would pass every
expected-error case.  Results are immutable: a step that changes one (a declaration covering a
failure) makes a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from conformance.compare import compare
from conformance.corpus import Expected
from conformance.encoding import decode_numeric
from conformance.harness.protocol import Answer
from conformance.harness.status import Status


@dataclass(frozen=True)
class CaseResult:
    """What the harness made of one case."""

    status: Status
    actual: dict | None = None  # the port's answer, as sent: {"value"|"error"|"skipped": ...}
    max_error: float | None = None
    detail: str | None = None
    divergence: str | None = None  # the declared divergence covering it (status declared)
    convention: str | None = None  # the conventions key the case was judged by
    follows: tuple[str, ...] = ()  # for a case not passed: the conventions keys whose stored outcome it matches
    difference: str | None = None  # a fuzz campaign's kind of difference, noted before a declaration covers it
    shadowed: tuple[str, ...] = ()  # status declared: the later divergences that would have declared it too


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


def case_rtol(case) -> float:
    """The rtol a case's conditioning calls for (its ``tolerance`` field, decision 0046), 0.0 if none:
    it widens the port's rtol, never narrows it."""
    return float((case.raw.get("tolerance") or {}).get("rtol", 0.0))


def judge(case, answer: Answer, rtol: float, atol: float, convention: str | None = None,
          refusals: frozenset[str] = frozenset()) -> CaseResult:
    """The status of ``case`` given a well-formed answer.  ``convention`` is the key of the
    conventions the port declares that apply to the case (conformance.conventions.case_key):
    when the case stores an outcome under it, the answer is judged against that outcome and
    a match is ``convention``.  ``refusals`` are the error types the port declares as its
    library's deliberate rejections of input; any other error is a fault."""
    actual = answer.as_outcome()
    rtol = max(rtol, case_rtol(case))
    if answer.kind == "skipped":
        return CaseResult(Status.SKIPPED, actual, detail=_short(answer.raw))
    if answer.kind == "error" and (answer.uncaught or answer.raw["type"] not in refusals):
        err = answer.raw
        why = ("marked uncaught by the adapter" if answer.uncaught
               else "not a refusal the port declares (port.yaml refusals)")
        return CaseResult(Status.FAULTED, actual, detail=_short(f"{err['type']}: {err['message']} ({why})"))
    alternative = convention_outcome(case, convention)
    if alternative is not None:
        result = _judge(alternative[1], answer, actual, rtol, atol)
        if result.status == Status.PASSED:
            result = replace(result, status=Status.BY_CONVENTION)
        elif result.detail:
            result = replace(result, detail=_short(f"under {alternative[0]}: {result.detail}"))
        result = replace(result, convention=alternative[0])
    else:
        result = _judge(case.expected, answer, actual, rtol, atol)
    if result.status == Status.FAILED:
        result = replace(result, follows=following(case, answer, rtol, atol))
    return result


def following(case, answer: Answer, rtol: float, atol: float) -> tuple[str, ...]:
    """The conventions keys whose outcome, as the case stores it, ``answer`` matches: what the
    summary suggests declaring (decision 0009: a convention is an alternative oracle call)."""
    stored = case.raw.get("conventions") or {}
    return tuple(key for key in sorted(stored) if _judge(convention_outcome(case, key)[1], answer,
                                                         answer.as_outcome(), rtol, atol).status == Status.PASSED)


def _judge(expected, answer: Answer, actual: dict, rtol: float, atol: float) -> CaseResult:
    """Judge a value or a refusal (faults are settled by the caller)."""
    if expected.is_error:
        if answer.kind == "error":  # a declared refusal matches any expected error; both types are recorded
            return CaseResult(Status.PASSED, actual)
        return CaseResult(Status.FAILED, actual, detail=_short(
            f"expected an error ({expected.error['type']}: {expected.error['message']}), got a value"))
    if answer.kind == "error":
        err = answer.raw
        return CaseResult(Status.FAILED, actual, detail=_short(f"expected a value, got an error ({err['type']}: {err['message']})"))
    result = compare(expected.value, answer.value, rtol, atol)
    if result.ok:
        return CaseResult(Status.PASSED, actual, max_error=result.max_error)
    return CaseResult(Status.FAILED, actual, max_error=result.max_error, detail=_short(result.reason))


class Declarations:
    """A port's declared divergences: which failures they cover, how narrow they are, and which
    ones another shadows (a case two divergences cover is declared by the first in port.yaml order).

    A divergence turns a ``failed`` case it selects into ``declared``.  A ``bug`` divergence
    that names an ``error`` type also covers a ``faulted`` case whose error has exactly that
    type: the one way to declare a known crash of the library (decision 0013).  Per divergence
    the counts say how many cases its selector matched and what became of them, so that a
    selector wider than the behaviour (it matches cases that pass) shows, as a stale one does.
    """

    def __init__(self, divergences):
        self.divergences = tuple(divergences)
        self.counts = {d.id: {"matched": 0, "declared": 0, "passed": 0, "failed": 0, "skipped": 0, "other": 0,
                              "shadowed": 0} for d in self.divergences}
        self.shadowed_by: dict[str, set[str]] = {d.id: set() for d in self.divergences}  # id -> who claimed first

    def apply(self, case, outcome: CaseResult) -> CaseResult:
        """Count ``case`` against every divergence covering it; a failure (or a fault of the
        declared error type) covered by one becomes declared (the first in port.yaml order names it)."""
        if not self.divergences:
            return outcome
        status = outcome.status
        # a case that passes under a declared convention counts as passed: a divergence it
        # was declared for is stale once the convention explains it
        key = "passed" if status == Status.BY_CONVENTION else str(status) if status in ("passed", "failed", "skipped") else "other"
        chosen, shadowed = None, []
        for d in self.divergences:
            if d.covers(case):
                c = self.counts[d.id]
                c["matched"] += 1
                c[key] += 1
                if _declarable(d, outcome):
                    if chosen is None:
                        chosen = d
                    else:  # the first in port.yaml order claimed it: this one is shadowed here
                        shadowed.append(d.id)
                        c["shadowed"] += 1
                        self.shadowed_by[d.id].add(chosen.id)
        if chosen is not None:
            self.counts[chosen.id]["declared"] += 1
            return replace(outcome, status=Status.DECLARED, divergence=chosen.id, shadowed=tuple(shadowed))
        return outcome

    def report(self) -> list[dict]:
        """Per divergence: its counts; ``differ`` (the cases it declared), ``stale`` (it matches
        cases, every one passed or was skipped, at least one passed), ``wider`` (it matches cases that
        differ and cases that pass: narrow its selector), ``unmatched``, ``shadowed`` (the cases it
        would have declared that an earlier divergence claimed), ``shadowed_by`` (those divergences)
        and ``only_shadowed`` (it declared nothing: every case it would declare was claimed first)."""
        out = []
        for d in self.divergences:
            c = self.counts[d.id]
            stale = c["passed"] > 0 and c["failed"] == 0 and c["other"] == 0
            out.append({"id": d.id, "kind": d.kind, "matched": c["matched"], "declared": c["declared"],
                        "differ": c["declared"], "passed": c["passed"], "skipped": c["skipped"], "stale": stale,
                        "wider": c["passed"] > 0 and not stale, "unmatched": c["matched"] == 0,
                        "shadowed": c["shadowed"], "shadowed_by": sorted(self.shadowed_by[d.id]),
                        "only_shadowed": c["shadowed"] > 0 and c["declared"] == 0})
        return out


def _declarable(divergence, outcome: CaseResult) -> bool:
    if outcome.status == Status.FAILED:
        return True
    if outcome.status == Status.FAULTED and divergence.kind == "bug" and divergence.error is not None:
        return (outcome.actual or {}).get("error", {}).get("type") == divergence.error
    return False
