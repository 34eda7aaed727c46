"""Checking metamorphic relations (:mod:`.relations`) on a port's own answers.

A relation says how the answer to a transformed call follows from the answer
to the original one (permuted samples give the same answer; renamed classes
give per-class outputs renamed to match; ...).  It holds under every
convention a port may follow, so it judges a port where the oracle cannot:
under a declared convention, a declared divergence, or for a metric the
corpus does not cover.  A relation is checked on a call only where
scikit-learn itself satisfies it there (a tie or a non-finite value can make
an identity fail in floating point), so a broken relation is the port's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from conformance.compare import compare
from conformance.encoding import decode_numeric
from conformance.harness.status import Status

MAX_SAMPLES = 2000  # relations are checked on calls up to this size (each costs extra port calls)


@dataclass
class Broken:
    checked: int = 0
    items: list = field(default_factory=list)  # (call, case, outcome of the variant, relation, what)


def _holds(expected_from, original: dict, variant: dict, rtol: float, atol: float) -> bool | None:
    """Does (original -> variant) satisfy the relation?  None: nothing to compare (a skip)."""
    if "skipped" in original or "skipped" in variant:
        return None
    if ("error" in original) != ("error" in variant):
        return False
    if "error" in original:
        return True
    try:
        want = expected_from(decode_numeric(original["value"]))
    except (ValueError, TypeError, KeyError, IndexError):
        return None  # the relation has no expectation for an answer of this shape
    return compare(want, decode_numeric(variant["value"]), rtol, atol).ok


def _answer(outcome) -> dict | None:
    actual = outcome.actual
    if not actual or outcome.status == Status.FAULTED:
        return None
    return actual


def variants_of(calls, cases, outcomes, streaming: bool):
    """(index, variant) for every relation that applies to a judged call.  The variants of a call
    are a function of its (seed, draw index) and inputs, so shrinking re-makes the same ones."""
    import numpy as np

    from conformance.fuzz.relations import variants

    todo = []
    for i, (call, case, outcome) in enumerate(zip(calls, cases, outcomes)):
        if call.n > MAX_SAMPLES or _answer(outcome) is None or "skipped" in outcome.actual:
            continue
        rng = np.random.default_rng([call.seed, call.index, 7])  # the draw's: a shrink re-makes them
        for v in variants(call.metric, case.raw["inputs"], case.raw["params"], rng, streaming=streaming):
            todo.append((i, v))
    return todo


def check(job, calls, cases, outcomes, templates, every: bool = False) -> Broken:
    """Send every relation variant of the judged calls to the port (through ``job.judged``: the
    reference first, scikit-learn on disagreements); list the broken ones.

    Only calls the oracle passes are checked, and not where scikit-learn refuses the call: a call
    the port gets wrong is already a finding, and a relation says nothing about a refusal.  Every
    call judged under a convention is checked (there the oracle says least); of the calls that
    passed outright, the share ``relation_sample`` of the budget (chosen by the call's id).  A
    variant the port gets wrong is an oracle finding on the variant (relation None), not a
    relation finding.  A call or variant whose difference a declared divergence explains is not
    checked: the port says it differs there on purpose, and the relation cannot hold through it.
    A broken relation is confirmed with scikit-learn before it is reported: it must hold there."""
    from conformance.fuzz.session import FINDING_STATUSES, difference
    from conformance.fuzz.space import Call

    from conformance.fuzz.oracle import sampled, undetermined
    from conformance.harness.judging import case_rtol

    out = Broken()
    share = 1.0 if every else job.budget.relation_sample  # a shrink checks every call it makes
    chosen = [i for i, (case, outcome) in enumerate(zip(cases, outcomes)) if "error" not in case.raw["expected"] and (
        outcome.status == Status.BY_CONVENTION or (outcome.status == Status.PASSED and sampled(case.id, share,
                                                                                                "relations")))]
    if not chosen:
        return out
    todo = [(chosen[k], v) for k, v in variants_of([calls[i] for i in chosen], [cases[i] for i in chosen],
                                                    [outcomes[i] for i in chosen], job.session.manifest.streaming)]
    if not todo:
        return out
    vcases, voutcomes = job.judged([(calls[i].metric, v.inputs, v.params) for i, v in todo],
                                   [templates[i] for i, _ in todo], batches=[v.batches for _, v in todo])
    for (i, v), vcase, voutcome in zip(todo, vcases, voutcomes):
        call = calls[i]
        if voutcome.status in FINDING_STATUSES:
            variant = Call(call.metric, v.inputs, v.params, call.template, call.seed, call.index)
            out.items.append((variant, vcase, voutcome, None, difference(vcase, voutcome)))
            continue
        if voutcome.status == Status.DECLARED:
            continue
        rtol, atol = job.session.tolerances.for_metric(call.metric)
        if undetermined(cases[i]) or undetermined(vcase):
            continue  # rounding noise (decision 0046): no relation holds through it
        rtol = max(rtol, case_rtol(cases[i]), case_rtol(vcase))  # the conditioning's tolerance
        if not _holds(v.expected_from, cases[i].raw["expected"], vcase.raw["expected"], 1e-9, 1e-12):
            continue  # the oracle does not satisfy it here: not a relation at this call
        answer = _answer(voutcome)
        if answer is None:
            continue
        # each of the two answers may stand off the truth by the tolerance: together, by twice it
        held = _holds(v.expected_from, outcomes[i].actual, answer, 2 * rtol, 2 * atol)
        if held is None:
            continue
        out.checked += 1
        if held:
            continue
        ours, theirs = job.sklearn_case(cases[i]), job.sklearn_case(vcase)
        if "error" in ours.raw["expected"] or not _holds(v.expected_from, ours.raw["expected"],
                                                          theirs.raw["expected"], 1e-9, 1e-12):
            continue  # scikit-learn refuses the call, or does not satisfy the relation on it
        out.items.append((call, cases[i], voutcome, v.relation,
                          f"{v.relation} broken: {_short(outcomes[i].actual)} on the call, "
                          f"{_short(answer)} on the transformed call"))
    return out


def _short(answer: dict, limit: int = 80) -> str:
    text = str(answer)
    return text if len(text) <= limit else text[: limit - 1] + "…"
