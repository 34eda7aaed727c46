"""`parity fuzz`: a live port against live scikit-learn, between the corpus's points (docs/fuzzing.md).

A campaign draws calls from the corpus's own space (:mod:`.space`), asks the
pinned scikit-learn for their outcome exactly as the generators do
(generators.oracle.make_case, the port's conventions as in the corpus), and
sends each to the port through the harness's own runner and judge: the port's
conventions, input forms, refusals, tolerances and declared divergences all
apply as in `parity verify`.  Beside the oracle it checks metamorphic
relations (:mod:`.relations`) on the port's own answers.

Every difference that no declaration explains is a *finding*.  Findings are
grouped by signature (metric, the categorical keywords, the kind of
difference), so one bug is one finding with its count of examples, and the
first example of each is shrunk (:mod:`.shrink`) to a minimal call.
"""

from __future__ import annotations

import math
import os
import time
from fnmatch import fnmatchcase
from dataclasses import dataclass, field, replace
from types import SimpleNamespace

from conformance import conventions as conv
from conformance import properties
from conformance.compare import compare
from conformance.corpus import _decode_case
from conformance.encoding import decode_numeric
from conformance.fuzz.space import Call, Space
from conformance.harness.judging import Declarations
from conformance.harness.live import LiveRunner, Options as RunOptions, PortDown, start_port
from conformance.harness.process import StderrLog
from conformance.harness.protocol import SentCase
from conformance.harness.status import Status
from conformance.harness.tolerance import Tolerances
from conformance.harness.verify import convention_key, prepared

BATCH = 64  # calls drawn, judged by scikit-learn and sent to the port at a time
FINDING_STATUSES = (Status.FAILED, Status.FAULTED, Status.CRASHED, Status.TIMED_OUT, Status.PROTOCOL_ERROR)


@dataclass
class Budget:
    examples: int | None = None  # calls drawn (over all jobs), or
    seconds: float | None = None  # wall time per job
    seed: int = 0
    jobs: int = 1
    metrics: tuple[str, ...] = ()
    relations: bool = True
    shrink: bool = True
    timeout: float = 10.0  # per case, as --timeout of parity verify
    # (metric, kind of difference, categorical keywords, divergence id) of every corpus case a declared
    # divergence covers: filled by :func:`campaign` from a pass over the corpus (see declared_kinds)
    explained: tuple = ()


@dataclass
class Finding:
    signature: tuple
    kind: str  # "oracle" or "relation"
    metric: str
    what: str  # the kind of difference, in words
    count: int
    seed: int
    index: int  # the draw (seed, index) of the first example
    template: str
    example: dict  # {"inputs", "params"} of the first example
    expected: dict | None
    got: dict | None
    detail: str | None
    shrunk: dict | None = None  # {"inputs", "params", "expected", "got", "samples", "steps"}
    relation: str | None = None

    def as_json(self) -> dict:
        out = {k: v for k, v in self.__dict__.items() if k != "signature"}
        out["signature"] = list(self.signature)
        return out


@dataclass
class Tally:
    examples: int = 0
    statuses: dict = field(default_factory=dict)
    declared: dict = field(default_factory=dict)  # divergence id -> cases
    relations_checked: int = 0
    seconds: float = 0.0
    oracle_seconds: float = 0.0
    port_seconds: float = 0.0

    def add(self, other: "Tally") -> None:
        self.examples += other.examples
        self.relations_checked += other.relations_checked
        for mine, theirs in ((self.statuses, other.statuses), (self.declared, other.declared)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.seconds = max(self.seconds, other.seconds)
        self.oracle_seconds += other.oracle_seconds
        self.port_seconds += other.port_seconds


# ------------------------------------------------------------------ the oracle, as the corpus calls it


def oracle_case(call_id: str, metric: str, inputs: dict, params: dict, declared: dict):
    """The corpus case scikit-learn makes of this call, with the outcome under the port's declared
    conventions where they change it (as generators.conventions stores it)."""
    from generators import TOLERANCE
    from generators.conventions import differs
    from generators.oracle import make_case

    raw = make_case(call_id, metric, inputs, params, tags=("fuzzed",))  # a spec-derived oracle: its registry entry
    key = conv.case_key(declared, metric, raw["inputs"], raw["params"]) if declared else None
    if key is not None:
        combo = dict(part.split("=", 1) for part in key.split("+"))
        other = make_case(call_id, metric, raw["inputs"], conv.rewrite(combo, metric, raw["inputs"], raw["params"]))
        if differs(other["expected"], raw["expected"], TOLERANCE):
            raw["conventions"] = {key: other["expected"]}
    case, problems = _decode_case(raw, "fuzz")
    if problems:  # cannot happen for what make_case wrote; say so loudly if it does
        raise ValueError(f"{call_id}: {problems[0]}")
    return case


# ------------------------------------------------------------------ signatures


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


# ------------------------------------------------------------------ one job: a live port session


class Session:
    """One port process, judged by the harness's own rules, for one job of a campaign."""

    def __init__(self, manifest, corpus, timeout: float):
        self.manifest = manifest
        self.tolerances = Tolerances(manifest, corpus)
        self.declarations = Declarations(manifest.divergences)
        self.key = convention_key(manifest) or (lambda case: None)
        self.options = RunOptions(timeout=timeout, max_restarts=1000)
        self.stderr = StderrLog(self.options.stderr_per_case, self.options.stderr_per_run)
        port, _ = start_port(manifest, self.options, self.stderr)
        self.runner = LiveRunner(manifest, port, self.stderr, self.tolerances, self.options, self._finish,
                                 lambda event: None, self.key)
        self._results: dict[int, object] = {}
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
        if self.runner.down:
            raise PortDown(self.runner.down)
        out = []
        for n, case in enumerate(cases):
            if n in skipped:
                out.append(SimpleNamespace(status=Status.SKIPPED, actual={"skipped": skipped[n]}, detail=skipped[n],
                                           convention=None, divergence=None, follows=()))
                continue
            outcome = self._results[n]
            if templates is not None and outcome.status in (Status.FAILED, Status.FAULTED):
                outcome = replace(outcome, difference=difference(case, outcome))
                t = templates[n]
                view = SimpleNamespace(id=t["id"], tags=tuple(t.get("tags", ())), metric=case.metric, raw=case.raw)
                outcome = self.declarations.apply(view, outcome)
                divergence = _explained(self.explained, case, outcome, self.declarations.divergences)
                if divergence is not None:
                    outcome = replace(outcome, status=Status.DECLARED, divergence=divergence)
            out.append(outcome)
        return out

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


def run_job(port_dir: str, corpus_root: str, budget: Budget, job: int) -> dict:
    """Draw the calls of job ``job`` (indices job, job + jobs, ...), judge them, check relations,
    shrink the first example of each new signature.  Returns plain data (it crosses processes)."""
    from conformance.corpus import load_corpus
    from conformance.fuzz import metamorphic
    from conformance.fuzz.shrink import shrink
    from conformance.harness.manifest import load_manifest

    manifest = load_manifest(port_dir)
    corpus = load_corpus(corpus_root)
    space = Space(corpus, budget.metrics)
    by_id = {c.id: c.raw for c in corpus}
    session = Session(manifest, corpus, budget.timeout)
    session.explained = budget.explained
    tally = Tally()
    findings: dict[tuple, Finding] = {}
    started = time.monotonic()
    deadline = started + budget.seconds if budget.seconds else None
    limit = budget.examples
    index = job

    def declared_for(metric):
        return manifest.conventions_for(metric) if manifest.conventions else {}

    def note(sig, kind, call: Call, case, outcome, what, relation=None):
        if sig in findings:
            findings[sig].count += 1
            return
        findings[sig] = Finding(sig, kind, call.metric, what, 1, call.seed, call.index, call.template,
                                {"inputs": call.inputs, "params": call.params}, case.raw["expected"],
                                outcome.actual, outcome.detail, relation=relation)

    try:
        while True:
            if limit is not None and index >= limit:
                break
            if deadline is not None and time.monotonic() >= deadline:
                break
            calls = []
            while len(calls) < BATCH and (limit is None or index < limit):
                calls.append(space.draw(budget.seed, index))
                index += budget.jobs
            t0 = time.monotonic()
            cases = [oracle_case(f"{c.metric}/fuzz/{c.seed}/{c.index}", c.metric, c.inputs, c.params,
                                 declared_for(c.metric)) for c in calls]
            t1 = time.monotonic()
            outcomes = session.judge(cases, [by_id[c.template] for c in calls])
            tally.oracle_seconds += t1 - t0
            tally.port_seconds += time.monotonic() - t1
            for call, case, outcome in zip(calls, cases, outcomes):
                tally.examples += 1
                tally.statuses[outcome.status] = tally.statuses.get(outcome.status, 0) + 1
                if outcome.status == Status.DECLARED:
                    tally.declared[outcome.divergence] = tally.declared.get(outcome.divergence, 0) + 1
                elif outcome.status in FINDING_STATUSES:
                    note(signature(case, outcome), "oracle", call, case, outcome, difference(case, outcome))
            if budget.relations:
                broken = metamorphic.check(session, calls, cases, outcomes, declared_for,
                                           [by_id[c.template] for c in calls])
                tally.relations_checked += broken.checked
                for call, case, outcome, relation, what in broken.items:
                    sig = ("relation", call.metric, relation, _categorical(call.params))
                    note(sig, "relation", call, case, outcome, what, relation=relation)
        if budget.shrink:
            for finding in findings.values():
                finding.shrunk = shrink(session, finding, declared_for(finding.metric), by_id[finding.template])
    finally:
        session.close()
    tally.seconds = time.monotonic() - started
    return {"tally": tally, "findings": list(findings.values())}


def _merge(results: list[dict]) -> tuple[Tally, list[Finding]]:
    tally = Tally()
    merged: dict[tuple, Finding] = {}
    for result in results:
        tally.add(result["tally"])
        for f in result["findings"]:
            if f.signature not in merged:
                merged[f.signature] = f
                continue
            kept = merged[f.signature]
            total = kept.count + f.count
            if (f.index, f.seed) < (kept.index, kept.seed):  # the lowest draw index, whatever the jobs
                merged[f.signature] = f
            merged[f.signature].count = total
    findings = sorted(merged.values(), key=lambda f: (f.metric, f.index))
    return tally, findings


def _manifest_divergences(port_dir: str):
    from conformance.harness.manifest import load_manifest

    return load_manifest(port_dir).divergences


def campaign(port_dir: str, corpus_root: str, budget: Budget, dask_address: str | None = None):
    """Run ``budget.jobs`` jobs (processes on this machine, or tasks on a Dask cluster) and merge
    their findings; returns (tally, findings)."""
    jobs = max(1, budget.jobs)
    if any(d for d in _manifest_divergences(port_dir)):
        from dataclasses import replace

        from conformance.corpus import load_corpus
        from conformance.harness.manifest import load_manifest

        corpus = load_corpus(corpus_root)
        chosen = [c for c in corpus if not budget.metrics or any(fnmatchcase(c.metric, p) for p in budget.metrics)]
        session = Session(load_manifest(port_dir), corpus, budget.timeout)
        try:
            budget = replace(budget, explained=declared_kinds(session, chosen))
        finally:
            session.close()
    if dask_address:
        from dask.distributed import Client

        with Client(dask_address) as client:
            futures = [client.submit(run_job, port_dir, corpus_root, budget, j, pure=False) for j in range(jobs)]
            results = client.gather(futures)
    elif jobs == 1:
        results = [run_job(port_dir, corpus_root, budget, 0)]
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            results = list(pool.map(run_job, [port_dir] * jobs, [corpus_root] * jobs, [budget] * jobs, range(jobs)))
    return _merge(results)
