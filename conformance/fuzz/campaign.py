"""`parity fuzz`: a live port against live scikit-learn, between the corpus's points (docs/fuzzing.md).

A campaign draws calls from the corpus's own space (:mod:`.space`), weighted
towards the metrics and templates the port answers (:class:`.space.Weights`),
and sends each to the port through the harness's own runner and judge
(:mod:`.session`): the port's conventions, input forms, refusals, tolerances
and declared divergences all apply as in `parity verify`.  The reference
answers first and scikit-learn judges every disagreement and a sample of the
agreements (:mod:`.oracle`).  Beside the oracle it checks metamorphic relations
(:mod:`.relations`) on the port's own answers.

Every difference that no declaration explains is a *finding*, grouped by
cause: where a wrong reading of the corpus (generators.readings) reproduces
the port's answer, under that reading's name; else by (metric, kind of
difference).  Each finding is appended to the findings file when it is met
(:mod:`.journal`), and shrunk (:mod:`.shrink`) within the time budget.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import asdict, dataclass, field, replace
from fnmatch import fnmatchcase

from conformance.fuzz import journal
from conformance.fuzz import oracle as fast
from conformance.fuzz.session import (FINDING_STATUSES, Session, _categorical, declared_kinds, difference,
                                      signature)
from conformance.fuzz.space import Call, Space, Weights
from conformance.harness.status import Status

FIRST_BATCH, BATCH = 8, 64  # calls drawn and judged at a time: small at first, while the weights learn
PROGRESS_SECONDS = 5.0  # a job's progress line is written at most this often
SHRINK_SHARE = 0.25  # with --time: the share of it kept for shrinking (the rest draws)
SHRINK_SECONDS = 120.0  # with --examples: the shrinking budget of a job, in total
SHRINK_EACH = 30.0  # seconds for one finding's shrink, at most
# Relations are checked on every call judged under a convention, and on this share of the calls that
# passed outright: there the oracle has judged already, and a variant is mostly another oracle call.
RELATION_SAMPLE = 0.1

__all__ = ["Budget", "Finding", "Tally", "campaign", "run_job", "FINDING_STATUSES", "difference", "signature"]


@dataclass
class Budget:
    examples: int | None = None  # calls drawn (over all jobs), or
    seconds: float | None = None  # wall time per job, shrinking included
    seed: int = 0
    jobs: int = 1
    metrics: tuple[str, ...] = ()
    relations: bool = True
    shrink: bool = True
    timeout: float = 10.0  # per case, as --timeout of parity verify (port.yaml's timeout)
    oracle_sample: float = fast.DEFAULT_SAMPLE  # the share of agreeing calls scikit-learn judges all the same
    relation_sample: float = RELATION_SAMPLE  # the share of passed calls whose relations are checked
    adapt: bool = True  # weight the draws towards what the port answers
    prior: dict = field(default_factory=dict)  # metric -> answered share, from the port's last run record
    shrink_seconds: float | None = None  # a job's total shrinking budget (None: from seconds, or SHRINK_SECONDS)
    shrink_each: float = SHRINK_EACH
    journal: str | None = None  # the findings file lines are appended to (None: kept in memory only)
    # (metric, kind of difference, categorical keywords, divergence id) of every corpus case a declared
    # divergence covers: filled by :func:`campaign` from a pass over the corpus (see declared_kinds)
    explained: tuple = ()
    resume: dict = field(default_factory=dict)  # journal.state() of the campaign continued (empty: a new one)

    def drawing_seconds(self) -> float | None:
        return None if self.seconds is None else self.seconds * (1 - SHRINK_SHARE if self.shrink else 1)

    def shrinking_seconds(self) -> float:
        if self.shrink_seconds is not None:
            return self.shrink_seconds
        return self.seconds * SHRINK_SHARE if self.seconds is not None else SHRINK_SECONDS


@dataclass
class Finding:
    key: tuple  # what it is grouped by: ("reading", name), ("oracle", metric, difference), ("relation", ...)
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
    shrunk: dict | None = None  # {"reproduced", "inputs", "params", "expected", "got", "samples", "steps"}
    relation: str | None = None
    readings: list = field(default_factory=list)  # the wrong readings that reproduce the port's answer
    signature: tuple = ()  # (kind, metric, keywords, difference) of the first example: what a shrink keeps
    metrics: dict = field(default_factory=dict)  # metric -> examples (a cause met on several metrics)
    signatures: dict = field(default_factory=dict)  # signature (as JSON) -> examples
    folded: list = field(default_factory=list)  # [key, examples] of the coincidences folded into it (merge)
    job: int = 0

    def as_json(self) -> dict:
        out = dict(self.__dict__)
        out["key"], out["signature"] = list(self.key), list(self.signature)
        return out

    @classmethod
    def from_json(cls, document: dict) -> "Finding":
        fields = {k: v for k, v in document.items() if k in cls.__dataclass_fields__}
        fields["key"] = _tuple(fields["key"])
        fields["signature"] = _tuple(fields.get("signature", ()))
        return cls(**fields)


def _tuple(value):
    return tuple(_tuple(v) for v in value) if isinstance(value, list) else value


@dataclass
class Tally:
    examples: int = 0
    statuses: dict = field(default_factory=dict)
    declared: dict = field(default_factory=dict)  # divergence id -> cases
    relations_checked: int = 0
    seconds: float = 0.0
    oracle_seconds: float = 0.0  # the reference and scikit-learn, making cases
    port_seconds: float = 0.0
    shrink_seconds: float = 0.0
    sklearn_calls: int = 0  # drawn calls scikit-learn judged: disagreements, untrusted, and the sample
    sampled: int = 0  # of them, agreements judged only because the sample chose them
    agreed: int = 0  # drawn calls the port answered as the reference, scikit-learn not asked
    down: str | None = None  # why the port went down, when it did

    @property
    def judged(self) -> int:
        return self.examples - self.statuses.get(Status.SKIPPED, 0) - self.statuses.get(Status.NOT_RUN, 0)

    def add(self, other: "Tally") -> None:
        for name in ("examples", "relations_checked", "oracle_seconds", "port_seconds", "shrink_seconds",
                     "sklearn_calls", "sampled", "agreed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mine, theirs in ((self.statuses, other.statuses), (self.declared, other.declared)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.seconds = max(self.seconds, other.seconds)
        self.down = self.down or other.down

    def as_json(self) -> dict:
        return {**asdict(self), "statuses": {str(k): v for k, v in self.statuses.items()}}

    @classmethod
    def from_json(cls, document: dict) -> "Tally":
        return cls(**{k: v for k, v in document.items() if k in cls.__dataclass_fields__})


# ------------------------------------------------------------------ causes


def noise(case, outcome) -> bool:
    """Did the port answer a value that differs from scikit-learn's on a call whose value is not
    determined (conformance.conditioning: past UNDETERMINED)?  Such a call is judged only as a value
    against a refusal: two values are rounding noise of one another."""
    return (outcome.status == Status.FAILED and fast.undetermined(case) and "value" in case.raw["expected"]
            and "value" in (outcome.actual or {}))


def readings_of(case, outcome, tolerance: dict) -> list[str]:
    """The names of the wrong readings (generators.readings.reproducing, every family) that give the
    port's answer on this call: the named causes of the difference, the broadest first (the reading
    touching the most metrics: one bug met on many metrics is one cause)."""
    from generators.readings import REFUSAL, reproducing

    actual = outcome.actual or {}
    if "value" in actual:
        from conformance.encoding import decode_numeric

        answer = decode_numeric(actual["value"])
    elif "error" in actual:
        answer = REFUSAL
    else:
        return []
    try:
        found = reproducing(case.metric, case.inputs, case.params, answer, tolerance)
    except Exception:  # noqa: BLE001 - a model that cannot run this call names nothing
        return []
    reach: dict[str, set] = {}
    for reading in found:
        reach.setdefault(reading.name, set()).update(reading.metrics)
    return sorted(reach, key=lambda name: (-len(reach[name]), list(reach).index(name)))


def cause(kind: str, case, what: str) -> tuple:
    """The key an example is grouped by while drawing: a value where scikit-learn raises, by
    scikit-learn's message (the check the port lacks, whatever the metric); else the kind of
    difference and the family of the metric (one bug met on several metrics that share a
    computation, f1_score and fbeta_score, is one finding).  A function of the example alone, so
    the grouping is the same however the draws are split into jobs.  Once shrunk, a finding is
    named by the wrong reading that reproduces its shrunk call (:meth:`Job.name`), and findings
    named alike are one (:func:`merge`)."""
    if what == "a value where scikit-learn raises":
        error = case.raw["expected"].get("error") or {}
        message = re.sub(r"\[[^\]]*\]|\d+(\.\d+)?|'[^']*'", "…", error.get("message", ""))
        return ("unchecked", message[:120])
    return (kind, what, _family(case.metric))


def _family(metric: str) -> str:
    """The family of wrong readings whose metrics hold this one (generators.readings.FAMILIES: metrics
    that share a computation), else the metric itself."""
    from generators.readings import FAMILIES, family

    for name in FAMILIES[:-1]:  # numerics spans the others
        if any(metric in reading.metrics for reading in family(name).readings):
            return name
    return metric


# ------------------------------------------------------------------ one job


class Job:
    """One job of a campaign: its port session, its draws, its findings, its findings-file lines."""

    def __init__(self, port_dir: str, corpus_root: str, budget: Budget, job: int):
        from conformance.harness.manifest import load_manifest

        self.budget, self.job = budget, job
        self.manifest = load_manifest(port_dir)
        corpus = _corpus(corpus_root)
        self.space = Space(corpus, budget.metrics)
        self.by_id = {c.id: c.raw for c in corpus}
        self.session = Session(self.manifest, corpus, budget.timeout)
        self.session.explained = budget.explained
        self.tally = Tally()
        self.findings: dict[tuple, Finding] = {}  # key -> finding (this job's, and on resume every job's)
        self.weights = Weights(budget.prior)
        self.index = job
        self._conventions: dict[str, dict] = {}
        self._sklearn: dict[str, object] = {}  # call id -> scikit-learn's case (a relation's confirmation)
        previous = budget.resume
        if previous:
            for document in previous["findings"].values():
                finding = Finding.from_json(document)
                self.findings[finding.key] = finding
            mine = previous["progress"].get(job)
            if mine is not None:
                self.index = mine["next"]
                self.tally = Tally.from_json(mine["tally"])
                self.weights = Weights(budget.prior, mine.get("weights"))
                for key, count in mine.get("counts", []):
                    if _tuple(key) in self.findings:
                        self.findings[_tuple(key)].count = count

    def declared_for(self, metric: str) -> dict:
        if metric not in self._conventions:
            self._conventions[metric] = self.manifest.conventions_for(metric) if self.manifest.conventions else {}
        return self._conventions[metric]

    # -------------------------------------------------------------- the fast oracle

    def sklearn_case(self, case):
        found = self._sklearn.get(case.id)
        if found is None:
            found = fast.make(case.id, case.metric, case.raw["inputs"], case.raw["params"],
                              self.declared_for(case.metric))
            if len(self._sklearn) > 4096:
                self._sklearn.clear()
            self._sklearn[case.id] = found
        return found

    def judged(self, specs: list, templates: list, batches: list | None = None, drawn: bool = False):
        """(cases, outcomes) of calls ``specs`` ((metric, inputs, params)): judged on the reference's
        outcome, then on scikit-learn's wherever the port and the reference disagree, where the
        reference cannot be trusted, and on the sample.  The cases returned are scikit-learn's
        wherever it was asked."""
        rate = self.budget.oracle_sample
        t0 = time.monotonic()
        cases = [fast.case_of(m, i, p, self.declared_for(m), reference=rate < 1.0) for m, i, p in specs]
        t1 = time.monotonic()
        outcomes = self.session.judge(cases, templates, batches)
        t2 = time.monotonic()
        if rate >= 1.0 and drawn:
            self.tally.sklearn_calls += sum(o.status not in (Status.SKIPPED, Status.NOT_RUN) for o in outcomes)
        if rate < 1.0:
            for n, (case, outcome) in enumerate(zip(cases, outcomes)):
                if outcome.status in (Status.SKIPPED, Status.NOT_RUN):
                    continue
                agreed = outcome.status in (Status.PASSED, Status.BY_CONVENTION) and fast.trusted(case)
                short = drawn and self.tally.sampled < rate * (self.tally.agreed + self.tally.sampled + 1)
                if agreed and not short and not fast.sampled(case.id, rate):
                    if drawn:
                        self.tally.agreed += 1
                    continue
                theirs = self.sklearn_case(case)
                if drawn:
                    self.tally.sklearn_calls += 1
                    self.tally.sampled += int(agreed)
                if not fast.same(case, theirs):
                    self.reference_finding(case, theirs)
                cases[n] = theirs
                outcomes[n] = self.session.rejudge(theirs, outcome, templates[n])
        self.tally.oracle_seconds += t1 - t0 + time.monotonic() - t2
        self.tally.port_seconds += t2 - t1
        return cases, outcomes

    def reference_finding(self, ours, theirs) -> None:
        """The reference and scikit-learn disagree on a call: a finding against the reference."""
        journal.append(self.budget.journal, "reference", {
            "job": self.job, "metric": ours.metric, "inputs": ours.raw["inputs"], "params": ours.raw["params"],
            "reference": ours.raw["expected"], "scikit-learn": theirs.raw["expected"]})
        self.tally.statuses["reference-differs"] = self.tally.statuses.get("reference-differs", 0) + 1

    # -------------------------------------------------------------- findings

    def note(self, kind: str, call: Call, case, outcome, what: str, relation: str | None = None) -> None:
        sig = signature(case, outcome) if kind == "oracle" else ("relation", call.metric, relation,
                                                                 _categorical(call.params))
        key = cause(kind, case, what) if kind == "oracle" else ("relation", call.metric, relation)
        found = self.findings.get(key)
        sig_text = json.dumps(sig)
        if found is not None:
            found.count += 1
            found.metrics[call.metric] = found.metrics.get(call.metric, 0) + 1
            found.signatures[sig_text] = found.signatures.get(sig_text, 0) + 1
            return
        finding = Finding(key, kind, call.metric, what, 1, call.seed, call.index, call.template,
                          {"inputs": case.raw["inputs"], "params": case.raw["params"]},
                          case.raw["expected"] if kind == "oracle" else None, outcome.actual, outcome.detail,
                          relation=relation, signature=sig, metrics={call.metric: 1},
                          signatures={sig_text: 1}, job=self.job)
        self.findings[key] = finding
        journal.append(self.budget.journal, "finding", finding.as_json())

    def progress(self, phase: str = "drawing") -> None:
        counts = [[list(f.key), f.count] for f in self.findings.values() if f.job == self.job]
        skipped = {k: v for k, v in self.weights.counts.items() if v[1] < v[0]}  # the rest weigh about 1
        journal.append(self.budget.journal, "progress", {"job": self.job, "phase": phase, "next": self.index,
                                                          "tally": self.tally.as_json(), "weights": skipped,
                                                          "counts": counts})

    # -------------------------------------------------------------- the loop

    def draw(self, deadline: float | None) -> None:
        from conformance.fuzz import metamorphic

        budget, limit = self.budget, self.budget.examples
        size, last = FIRST_BATCH, time.monotonic()
        while not self.session.down:
            if (limit is not None and self.index >= limit) or (deadline is not None and time.monotonic() >= deadline):
                break
            calls = []
            while len(calls) < size and (limit is None or self.index < limit):
                calls.append(self.space.draw(budget.seed, self.index, self.weights if budget.adapt else None))
                self.index += budget.jobs
            size = min(BATCH, size * 2)
            templates = [self.by_id[c.template] for c in calls]
            cases, outcomes = self.judged([(c.metric, c.inputs, c.params) for c in calls], templates, drawn=True)
            for call, case, outcome in zip(calls, cases, outcomes):
                if outcome.status == Status.NOT_RUN:
                    continue
                self.tally.examples += 1
                if noise(case, outcome):  # rounding noise, not a finding: counted apart (decision 0046)
                    self.tally.statuses["ill-conditioned"] = self.tally.statuses.get("ill-conditioned", 0) + 1
                    self.weights.note(call, True)
                    continue
                self.tally.statuses[outcome.status] = self.tally.statuses.get(outcome.status, 0) + 1
                self.weights.note(call, outcome.status != Status.SKIPPED)
                if outcome.status == Status.DECLARED:
                    self.tally.declared[outcome.divergence] = self.tally.declared.get(outcome.divergence, 0) + 1
                elif outcome.status in FINDING_STATUSES:
                    self.note("oracle", call, case, outcome, difference(case, outcome))
            if budget.relations and not self.session.down:
                broken = metamorphic.check(self, calls, cases, outcomes, templates)
                self.tally.relations_checked += broken.checked
                for call, case, outcome, relation, what in broken.items:
                    self.note(relation and "relation" or "oracle", call, case, outcome, what, relation=relation)
            if time.monotonic() - last >= PROGRESS_SECONDS:
                self.progress()
                last = time.monotonic()
        self.tally.down = self.session.down
        self.progress("drawn")

    def shrink_all(self, deadline: float | None) -> None:
        """Shrink this job's unshrunk findings, each within its own budget and all within the job's."""
        from conformance.fuzz.shrink import shrink

        started = time.monotonic()
        total = self.budget.shrinking_seconds()
        # Timed-out findings last: each call that reproduces one is a timeout, so its shrink soon meets
        # max_consecutive_timeouts and the port is given up on; shrunk first, it would leave every
        # finding after it unshrunk (a torchmetrics campaign lost its other shrinks this way).
        for finding in sorted(self.findings.values(), key=lambda f: f.what == Status.TIMED_OUT):
            if finding.job != self.job or finding.shrunk is not None:
                continue
            now = time.monotonic()
            left = min(total - (now - started), self.budget.shrink_each)
            if deadline is not None:
                left = min(left, deadline - now)
            if self.session.down or left <= 0:
                why = ("the port went down" if self.session.down else "the campaign's shrinking budget was spent")
                finding.shrunk = {"reproduced": None, "steps": [f"not shrunk: {why}"]}
            else:
                finding.shrunk = shrink(self, finding, now + left)
                if self.session.down and not self.tally.down:  # the drawing was over: say where it went down
                    self.tally.down = f"{self.session.down}, while shrinking the {finding.metric} {finding.what} finding"
            journal.append(self.budget.journal, "shrunk", {"key": list(finding.key), "job": self.job,
                                                            "shrunk": finding.shrunk})
        self.tally.shrink_seconds += time.monotonic() - started

    def name(self) -> None:
        """Name each of this job's oracle findings by the wrong readings that reproduce the port's
        answer on its shrunk call (on its first example where it was not shrunk): the cause."""
        from types import SimpleNamespace

        for finding in self.findings.values():
            if finding.job != self.job or finding.kind != "oracle" or finding.readings:
                continue
            shrunk = finding.shrunk or {}
            call, got = (shrunk, shrunk.get("got")) if shrunk.get("reproduced") else (finding.example, finding.got)
            metric, inputs, params = finding.metric, call["inputs"], call["params"]
            case = fast.make(fast.call_id(metric, inputs, params), metric, inputs, params, self.declared_for(metric))
            finding.readings = readings_of(case, SimpleNamespace(actual=got), self.session.tolerances.corpus)
            if finding.readings:
                journal.append(self.budget.journal, "named", {"key": list(finding.key), "job": self.job,
                                                             "readings": finding.readings})


def run_job(port_dir: str, corpus_root: str, budget: Budget, job: int) -> dict:
    """Draw the calls of job ``job`` (indices job, job + jobs, ...), judge them, check relations,
    shrink the first example of each new finding.  Returns plain data (it crosses processes)."""
    started = time.monotonic()
    worker = Job(port_dir, corpus_root, budget, job)
    base = worker.tally.seconds  # on resume, the time the campaign had already spent
    try:
        drawing = budget.drawing_seconds()
        worker.draw(started + drawing if drawing is not None else None)
        if budget.shrink:
            worker.shrink_all(started + budget.seconds if budget.seconds is not None else None)
        worker.name()
    finally:
        worker.session.close()
    worker.tally.seconds = base + time.monotonic() - started
    return {"tally": worker.tally, "findings": [f for f in worker.findings.values() if f.job == job]}


def _shrunk(finding) -> bool:
    return bool((finding.shrunk or {}).get("reproduced"))


def merge(results: list[dict]) -> tuple[Tally, list[Finding]]:
    """The jobs' tallies added up and their findings merged by key: counts summed, the first example
    the lowest draw index, whatever the jobs (one that was shrunk before one that was not)."""
    tally = Tally()
    merged: dict[tuple, Finding] = {}
    for result in results:
        tally.add(result["tally"])
        for f in result["findings"]:
            kept = merged.get(f.key)
            if kept is None:
                merged[f.key] = replace(f, metrics=dict(f.metrics))
                continue
            metrics, signatures = _added(kept.metrics, f.metrics), _added(kept.signatures, f.signatures)
            if (_shrunk(f), -f.index, -f.seed) > (_shrunk(kept), -kept.index, -kept.seed):
                merged[f.key] = replace(f)
            merged[f.key].count, merged[f.key].metrics, merged[f.key].signatures = kept.count + f.count, metrics, \
                signatures
    findings = sorted(fold(named(list(merged.values()))), key=lambda f: (f.metric, f.index))
    return tally, findings


def named(findings: list) -> list:
    """Findings named by the same wrong reading made one, under ``("reading", name)``: counts, metrics
    and signatures added, the first example the lowest draw index (a shrunk one first)."""
    out: dict[tuple, Finding] = {}
    for f in sorted(findings, key=lambda f: (not _shrunk(f), f.index, f.seed)):
        key = ("reading", f.readings[0]) if f.readings else f.key
        kept = out.get(key)
        if kept is None:
            out[key] = replace(f, key=key, metrics=dict(f.metrics), signatures=dict(f.signatures))
            continue
        kept.count += f.count
        kept.metrics, kept.signatures = _added(kept.metrics, f.metrics), _added(kept.signatures, f.signatures)
    return list(out.values())


def _added(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, n in b.items():
        out[k] = out.get(k, 0) + n
    return out


COINCIDENCE = 0.1  # a finding this small beside another of a signature they share is folded into it


def fold(findings: list) -> list:
    """Fold coincidences into the named finding they sit beside: a finding of a handful of examples
    (at most a tenth as many) sharing a signature with a larger one named by a reading is taken for
    a coincidence (float32 noise, or a cancellation, that happens to match another wrong reading on
    a few calls), and listed under the larger finding's ``folded``, not as a cause of its own.  A
    named finding is never folded into an unnamed one: a reading that explains a few examples
    is worth more than a group that explains none."""
    order = sorted(findings, key=lambda f: -f.count)
    kept: list = []
    for f in order:
        host = next((k for k in kept if k.key[0] == "reading" and f.count <= COINCIDENCE * k.count
                     and set(f.signatures) & set(k.signatures)), None)
        if host is None:
            kept.append(f)
        else:
            host.folded.append([list(f.key), f.count])
    return kept


def _manifest_divergences(port_dir: str):
    from conformance.harness.manifest import load_manifest

    return load_manifest(port_dir).divergences


def begin(budget: Budget, port: str) -> None:
    """The findings file's first line (a new campaign), or nothing (a resumed one appends)."""
    if budget.journal is None or budget.resume:
        return
    with open(budget.journal, "w", encoding="utf-8"):
        pass
    journal.append(budget.journal, "campaign", {
        "format": journal.FORMAT, "port": port, "seed": budget.seed, "jobs": budget.jobs,
        "metrics": list(budget.metrics), "relations": budget.relations, "shrink": budget.shrink,
        "oracle_sample": budget.oracle_sample, "relation_sample": budget.relation_sample, "adapt": budget.adapt,
        "timeout": budget.timeout})


_CORPORA: dict = {}


def _corpus(root: str):
    """The corpus at ``root``, loaded once per process (the jobs forked from a campaign share it)."""
    from conformance.corpus import load_corpus

    if root not in _CORPORA:
        _CORPORA[root] = load_corpus(root)
    return _CORPORA[root]


def campaign(port_dir: str, corpus_root: str, budget: Budget, dask_address: str | None = None):
    """Run ``budget.jobs`` jobs (processes on this machine, or tasks on a Dask cluster) and merge
    their findings; returns (tally, findings)."""
    import generators.oracle  # noqa: F401  (scikit-learn, imported once before the jobs fork)

    jobs = max(1, budget.jobs)
    _corpus(corpus_root)
    if any(d for d in _manifest_divergences(port_dir)):
        from conformance.harness.manifest import load_manifest

        corpus = _corpus(corpus_root)
        chosen = [c for c in corpus if not budget.metrics or any(fnmatchcase(c.metric, p) for p in budget.metrics)]
        session = Session(load_manifest(port_dir), corpus, budget.timeout)
        try:
            budget = replace(budget, explained=declared_kinds(session, chosen))
        finally:
            session.close()
    if dask_address:
        from dask.distributed import Client

        remote = replace(budget, journal=None)  # the workers cannot append to this machine's file
        with Client(dask_address) as client:
            futures = [client.submit(run_job, port_dir, corpus_root, remote, j, pure=False) for j in range(jobs)]
            results = client.gather(futures)
        for result in results:
            for f in result["findings"]:
                journal.append(budget.journal, "finding", f.as_json())
                journal.append(budget.journal, "shrunk", {"key": list(f.key), "job": f.job, "shrunk": f.shrunk})
    elif jobs == 1:
        results = [run_job(port_dir, corpus_root, budget, 0)]
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            results = list(pool.map(run_job, [port_dir] * jobs, [corpus_root] * jobs, [budget] * jobs, range(jobs)))
    return merge(results)


def findings_key(key) -> str:
    return json.dumps(list(key))
