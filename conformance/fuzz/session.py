"""One job's live port, judged by the harness's own rules, and the words a finding is grouped by.

:class:`Session` runs drawn cases through the harness's runner and judge (the
port's conventions, input forms, refusals and tolerances, as `parity verify`
applies them), and :func:`declared` decides whether a judged difference is one
the port declares.  :func:`difference` names the kind of a difference.
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

from conformance import properties
from conformance.encoding import decode_numeric
from conformance.harness.judging import Declarations, judge as judge_answer
from conformance.harness.live import LiveRunner, Options as RunOptions, MAX_CONSECUTIVE_TIMEOUTS, start_port
from conformance.harness.process import StderrLog
from conformance.harness.protocol import Answer, SentCase
from conformance.harness.status import Status
from conformance.harness.tolerance import Tolerances
from conformance.harness.verify import convention_key, prepared

FINDING_STATUSES = (Status.FAILED, Status.FAULTED, Status.CRASHED, Status.TIMED_OUT, Status.PROTOCOL_ERROR)
# Statuses judged against an expected outcome (a re-judgement against scikit-learn's can change them).
JUDGED_ON_EXPECTED = (Status.PASSED, Status.BY_CONVENTION, Status.FAILED, Status.DECLARED)

def _categorical(params: dict) -> tuple:
    """The keywords that name a behaviour (strings, booleans, None), not the data."""
    return tuple(sorted((k, v) for k, v in params.items() if isinstance(v, (str, bool)) or v is None))


def difference(case, outcome) -> str:
    """The kind of difference, in words: what one bug has in common across its examples (for a
    declared case: the difference its divergence declared, as :meth:`Session.judge` noted it)."""
    noted = getattr(outcome, "difference", None)
    if noted is not None:
        return noted
    actual = outcome.actual or {}
    status = outcome.status
    if status == Status.FAULTED:
        return f"faulted: {actual.get('error', {}).get('type', '?')}"
    if status != Status.FAILED:
        return status
    expected_error = case.expected.is_error if outcome.convention is None else \
        "error" in case.raw["conventions"][outcome.convention]
    if expected_error and "value" in actual:
        return "a value where scikit-learn raises"
    if "error" in actual:
        return "a refusal where scikit-learn has a value"
    if outcome.detail and "shape" in outcome.detail:
        return "another shape"
    expected = case.expected.value if outcome.convention is None else decode_numeric(
        case.raw["conventions"][outcome.convention]["value"])
    if _finite(expected) != _finite(decode_numeric(actual.get("value"))):
        return "non-finite where scikit-learn is finite, or the reverse"
    return "another value"


def _finite(value) -> bool:
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    return not (isinstance(value, float) and not math.isfinite(value))


def signature(case, outcome) -> tuple:
    return ("oracle", case.metric, _categorical(case.raw["params"]), difference(case, outcome))


class Session:
    """One port process, judged by the harness's own rules, for one job of a campaign."""

    def __init__(self, manifest, corpus, timeout: float):
        self.manifest = manifest
        self.tolerances = Tolerances(manifest, corpus)
        self.declarations = Declarations(manifest.divergences)
        self.key = convention_key(manifest) or (lambda case: None)
        # a port that hangs is given up on as `parity verify` gives up (port.yaml's max_consecutive_timeouts)
        self.options = RunOptions(timeout=timeout, max_restarts=1000, max_consecutive_timeouts=(
            manifest.max_consecutive_timeouts or MAX_CONSECUTIVE_TIMEOUTS))
        self.stderr = StderrLog(self.options.stderr_per_case, self.options.stderr_per_run)
        port, _ = start_port(manifest, self.options, self.stderr)
        self.runner = LiveRunner(manifest, port, self.stderr, self.tolerances, self.options, self._finish,
                                 lambda event: None, self.key)
        self._results: dict[int, object] = {}
        self.down: str | None = None  # why the port went down (given up on after timeouts in a row, ...)
        self.explained: tuple = ()  # declared_kinds(): what the divergences declare, as kinds of difference

    def _finish(self, n, case, outcome, seconds, stderr) -> None:
        self._results[n] = outcome

    def judge(self, cases: list, templates: list | None = None, batches: list | None = None) -> list:
        """The outcome of each case, in order (declared where a divergence covers it: a divergence
        selects a drawn case by its metric and keywords, and by the id and tags of its template)."""
        self._results = {}
        skipped = {}
        stream = prepared(self.manifest, list(enumerate(cases)), lambda n, case, reason: skipped.__setitem__(n, reason))
        if batches is not None:  # relation variants with their own cuts (batch-split)
            stream = [(n, _with_batches(c, batches[n])) for n, c in stream]
        self.runner.run(stream, stop=False)
        self.down = self.runner.down  # the rest of the batch is not-run; the campaign stops and reports
        out = []
        for n, case in enumerate(cases):
            if n in skipped:
                out.append(SimpleNamespace(status=Status.SKIPPED, actual={"skipped": skipped[n]}, detail=skipped[n],
                                           convention=None, divergence=None, follows=()))
                continue
            outcome = self._results[n]
            if templates is not None:
                outcome = declared(self, case, templates[n], outcome)
            out.append(outcome)
        return out

    def rejudge(self, case, outcome, template):
        """The port's answer (``outcome``, judged on another case of the same call) judged on ``case``:
        the fast oracle's reference case replaced by scikit-learn's, without asking the port again."""
        if outcome.status not in JUDGED_ON_EXPECTED:
            return outcome  # a skip, or misbehaviour: the same whatever was expected
        actual = outcome.actual
        kind = next(iter(actual))
        answer = Answer(kind, actual[kind], decode_numeric(actual[kind]) if kind == "value" else None)
        rtol, atol = self.tolerances.for_metric(case.metric)
        return declared(self, case, template, judge_answer(case, answer, rtol, atol, self.key(case),
                                                            self.manifest.refusals))

    def close(self) -> None:
        try:
            self.runner.stop()
        except Exception:  # noqa: BLE001 - the port is going away either way
            self.runner.kill()


def _with_batches(case, cuts):
    if not cuts:
        return case
    if isinstance(case, SentCase):
        return SentCase(case.case, case.inputs, case.form, list(cuts))
    return SentCase(case, case.raw["inputs"], None, list(cuts))


def declared_kinds(session, cases) -> tuple:
    """What the port's declared divergences say, as kinds of difference: for each corpus case a
    divergence covers (judged live, now), its metric, kind of difference and categorical keywords.

    A drawn call that differs in the same way, on the same metric, with at least those keywords,
    is the declared behaviour met again between the corpus's points: declared, not a finding.
    (A divergence declared by exact case ids stays as narrow as the behaviour on the corpus, and
    still explains the same bug wherever the fuzzer meets it.)"""
    found = set()
    for start in range(0, len(cases), 512):
        chunk = cases[start:start + 512]
        for case, outcome in zip(chunk, session.judge(chunk, [c.raw for c in chunk])):
            if outcome.status == Status.DECLARED:
                found.add((case.metric, difference(case, outcome), frozenset(_categorical(case.raw["params"])),
                           outcome.divergence))
    return tuple(sorted(found, key=repr))


def declared(session, case, template: dict, outcome):
    """``outcome`` as declared where the port declares the difference, else unchanged: one place
    decides whether a fuzz finding is declared.  A divergence selects a drawn case by its metric and
    keywords and by the id and tags of the template it was drawn from; beyond those, a difference of
    the kind a divergence covers on the corpus (:func:`declared_kinds`) is declared too."""
    if outcome.status not in (Status.FAILED, Status.FAULTED):
        return outcome
    outcome = replace(outcome, difference=difference(case, outcome))
    view = SimpleNamespace(id=template["id"], tags=tuple(template.get("tags", ())), metric=case.metric, raw=case.raw)
    outcome = session.declarations.apply(view, outcome)
    divergence = _explained(session.explained, case, outcome, session.declarations.divergences)
    if divergence is not None:
        outcome = replace(outcome, status=Status.DECLARED, divergence=divergence)
    return outcome


def _explained(explained, case, outcome, divergences=()) -> str | None:
    """The divergence that declares this drawn call's difference between the corpus's points, or None.
    A divergence that selects by input properties (selector.inputs) declares only calls whose
    inputs have them: the behaviour depends on the data, not on the kind of difference alone."""
    if not explained or outcome.status not in (Status.FAILED, Status.FAULTED):
        return None
    kind = difference(case, outcome)
    keywords = set(_categorical(case.raw["params"]))
    by_input = {d.id: d.selector.inputs for d in divergences if d.selector.inputs is not None}
    for metric, what, needed, divergence in explained:
        if metric == case.metric and what == kind and needed <= keywords:
            if divergence in by_input and not properties.matches(by_input[divergence], case.raw["inputs"]):
                continue
            return divergence
    return None


