"""`parity verify`: one run of (a selection of) the corpus through a port.

:func:`verify` ties the pieces together: it starts the port (or reads a
results file), streams every case's outcome to the run record, counts
totals, and returns a :class:`VerifyResult`.  It keeps no per-case state
beyond the counts and a few failure samples for the summary, so memory does
not grow with the number of cases judged.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Iterable

from conformance import conventions as conv
from conformance import forms as input_forms
from conformance.harness.judging import CaseResult, Declarations
from conformance.harness.live import LiveRunner, Options, PortDown, start_port
from conformance.harness.offline import judge_results, load_results
from conformance.harness.process import StderrLog
from conformance.harness.protocol import PROTOCOL_VERSION, SentCase
from conformance.harness.record import RECORD_FORMAT, RunRecord
from conformance.harness.status import STATUSES, Status
from conformance.harness.summary import SAMPLES, Progress, exit_status, inputs_line, summary_lines, verdict
from conformance.harness.tolerance import Tolerances
from conformance.provenance import matcher


def harness_version() -> str:
    try:
        return version("metric-parity")
    except PackageNotFoundError:
        return "unknown"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class VerifyResult:
    exit_status: int
    totals: dict
    divergences: list[dict]
    implementation: dict | None
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    verdict: str = ""
    summary: list[str] = field(default_factory=list)
    interrupted: bool = False


class _Run:
    """Per-case bookkeeping: declarations, counts, samples, the record, the progress bar."""

    def __init__(self, record: RunRecord, declarations: Declarations, progress: Progress, history=None):
        self.record = record
        self.history = history  # (case, outcome) -> "matches scikit-learn …: changed in …" or None
        self.declarations = declarations
        self.progress = progress
        self.counts = {s: 0 for s in STATUSES}
        self.samples: list[str] = []
        self.more = 0
        self.follows: dict[str, dict[str, int]] = {Status.FAILED: {}, Status.DECLARED: {}}  # status -> conventions key -> cases
        self.by_divergence: dict[str, dict[str, int]] = {}  # divergence -> conventions key -> declared cases following it
        self.skip_reasons: Counter = Counter()  # why cases were skipped, for a run that judged nothing
        self.skipped_by_metric: dict[str, list] = {}  # metric -> [cases, first reason]: what a complete port lacks
        self.refusals_passed = 0  # error cases passed: the port raised where scikit-learn raises (summary.verdict)

    def finish(self, n, case, outcome: CaseResult, seconds, stderr) -> None:
        outcome = self.declarations.apply(case, outcome)
        status = outcome.status
        self.counts[status] += 1
        if status == Status.PASSED and isinstance(outcome.actual, dict) and "error" in outcome.actual:
            self.refusals_passed += 1
        if status == Status.SKIPPED:
            reason = outcome.detail or "no reason given"
            if len(self.skip_reasons) < SKIP_REASONS or reason in self.skip_reasons:
                self.skip_reasons[reason] += 1
            if outcome.actual is not None:  # the port's (or its form's) skip, not an older release's
                self.skipped_by_metric.setdefault(case.metric, [0, reason])[0] += 1
        raw = case.raw
        sent = case.inputs if isinstance(case, SentCase) and case.inputs != raw["inputs"] else None
        if status not in (Status.PASSED, Status.BY_CONVENTION, Status.SKIPPED, Status.DECLARED, Status.NOT_RUN):  # not-run: one note says why
            if len(self.samples) < SAMPLES:
                self.samples.append(f"{case.id}: {status}: {outcome.detail}\n"
                                    f"      {inputs_line(sent or raw['inputs'], raw['params'])}")
            else:
                self.more += 1
        for key in outcome.follows:
            if status in self.follows:
                self.follows[status][key] = self.follows[status].get(key, 0) + 1
            if status == Status.DECLARED:
                per = self.by_divergence.setdefault(outcome.divergence, {})
                per[key] = per.get(key, 0) + 1
        event = {
            "event": "case", "n": n, "id": case.id, "metric": case.metric,
            "tags": raw.get("tags", list(case.tags)), "params": raw.get("params", {}),
            "input_names": list(raw.get("inputs", case.inputs)),
            "status": status, "expected": raw["expected"], "actual": outcome.actual,
            "max_error": outcome.max_error, "detail": outcome.detail, "divergence": outcome.divergence,
        }
        if outcome.shadowed:  # other divergences that cover it too: the first in port.yaml claimed it
            event["shadowed"] = list(outcome.shadowed)
        if outcome.convention is not None:  # judged against the outcome of these conventions
            event["convention"] = outcome.convention
            event["expected"] = raw["conventions"][outcome.convention]
        if outcome.follows:
            event["follows"] = list(outcome.follows)
        if status in (Status.FAILED, Status.DECLARED) and self.history is not None:
            history = self.history(case, outcome)
            if history is not None:
                event["history"] = history
        if isinstance(case, SentCase):
            if case.form is not None:
                event["form"] = case.form
            if case.batches is not None:
                event["batches"] = case.batches
        if sent is not None:
            size = len(case.inputs_json)
            if size <= SENT_LIMIT:
                event["sent"] = sent
            else:  # a 1000-class case as score matrices: tens of megabytes, made again from the case id
                event["sent_omitted"] = size
        if seconds is not None:
            event["seconds"] = round(seconds, 6)
        if stderr:
            event["stderr"] = stderr
        self.record.write(event)
        self.progress.update(status)

    def totals(self, restarts: int, extra: dict | None = None) -> dict:
        out = {"cases": sum(self.counts.values()), **self.counts, "restarts": restarts}
        out.update(extra or {})
        return out


SKIP_REASONS = 1000  # distinct skip reasons counted (a port may put the call in every reason)
SENT_LIMIT = 1 << 20  # bytes of JSON: larger inputs as sent are left out of the record (sent_omitted)


def _kill(runner, port) -> None:
    if runner is not None:
        runner.kill()
    elif port is not None:
        port.kill()


def _oracle(corpus, oracle) -> dict:
    """The start event's ``oracle``: the release judged against, and the pinned one when that differs."""
    if oracle is None or oracle.version == corpus.oracle["version"]:
        return dict(corpus.oracle)
    return {"library": corpus.oracle["library"], "version": oracle.version, "pinned": corpus.oracle["version"]}


def _under(oracle, numbered, skip):
    """The cases as release ``oracle`` makes them; one it cannot run is not sent: ``skip`` records it."""
    for n, case in numbered:
        reason = oracle.unavailable(case.id)
        if reason is not None:
            skip(n, case, f"not judged against scikit-learn {oracle.version}: {reason}")
            continue
        yield n, oracle.case(case)


def _history(oracle, tolerances):
    """(case, outcome) -> the history string of a failing answer (provenance.Release.history)."""
    if oracle is None:
        return None

    def history(case, outcome):
        rtol, atol = tolerances.for_metric(case.metric)
        return oracle.history(case, outcome.convention, matcher(outcome.actual, rtol, atol))

    return history


def _start_event(manifest, corpus, case_count, implementation, tolerances, only, options, results,
                 oracle=None) -> dict:
    port = {"name": manifest.name, "language": manifest.language, "dir": str(manifest.dir),
            "command": list(manifest.command)}
    if results is not None:
        port["results"] = str(results)
    return {
        "event": "start", "record_format": RECORD_FORMAT, "mode": "results" if results is not None else "live",
        "self_reported": results is not None,
        "started": _now(),
        "harness": {"name": "metric-parity", "version": harness_version(), "protocol": PROTOCOL_VERSION},
        "port": port,
        "implementation": implementation,
        "corpus": {"version": corpus.version, "sha256": corpus.sha256, "path": str(corpus.root),
                   "cases": len(corpus), "selected": case_count},
        "oracle": _oracle(corpus, oracle),
        "tolerance": tolerances.record(),
        "refusals": sorted(manifest.refusals),
        "selection": {"only": list(only)},
        "options": {"timeout": options.timeout, "window": options.window, "max_restarts": options.max_restarts,
                    **({"start_timeout": options.start_timeout,
                        "max_consecutive_timeouts": options.max_consecutive_timeouts} if results is None else {})},
        "divergences": [d.raw for d in manifest.divergences],
        "names": dict(manifest.names),
        "extensions": list(manifest.extensions),
        "conventions": {k: list(v) for k, v in manifest.conventions.items()},
        **({"forms": dict(manifest.raw.get("forms", {})), "rules": dict(manifest.raw.get("rules", {}))}
           if not manifest.forms.plain else {}),
        "streaming": manifest.streaming,
    }


def convention_key(manifest):
    """case -> the key of the port's declared conventions that apply to it (None: judge by expected)."""
    if not manifest.conventions:
        return None
    declared: dict[str, dict] = {}

    def key(case):
        if case.metric not in declared:
            declared[case.metric] = manifest.conventions_for(case.metric)
        raw = case.raw
        return conv.case_key(declared[case.metric], case.metric, raw["inputs"], raw["params"])

    return key


def prepared(manifest, numbered, skip):
    """The cases as this port gets them: in its declared input forms, with batches when it
    streams.  A case its form cannot express is not sent: ``skip(n, case, reason)`` records it.
    The forms meet the port's conventions here: under classes=declared a class axis has exactly
    the convention's classes (conformance.conventions.class_axis), or the case is skipped."""
    if manifest.forms.plain and not manifest.streaming:
        yield from numbered
        return
    declared: dict[str, dict] = {}  # metric -> the port's conventions for it
    for n, case in numbered:
        raw = case.raw
        if case.metric not in declared:
            declared[case.metric] = manifest.conventions_for(case.metric) if manifest.conventions else {}
        try:
            expected = getattr(case, "expected", None)  # a drawn call (parity fuzz) has none yet
            sent = input_forms.transform(case.id, case.metric, raw["inputs"], raw["params"], manifest.forms,
                                         declared[case.metric], None if expected is None else expected.is_error)
        except input_forms.Unexpressible as exc:
            skip(n, case, str(exc))
            continue
        batches = None
        if manifest.streaming and case.metric in input_forms.LABEL_METRICS:
            size = input_forms.sample_count(raw["inputs"])
            batches = input_forms.batch_cuts(case.id, size, raw.get("splits")) if size is not None else None
        if sent.form is None and batches is None:
            yield n, case
        else:
            yield n, SentCase(case, sent.inputs, sent.form, batches, sent.params)


def _header(manifest, corpus, implementation, tolerances, self_reported, oracle=None) -> str:
    impl = implementation or {}
    judged = _oracle(corpus, oracle)
    against = (f"{judged['library']} {judged['pinned']}; judged against {judged['library']} {judged['version']}"
               if "pinned" in judged else f"{judged['library']} {judged['version']}")
    return (f"{impl.get('name', manifest.name)} {impl.get('version', '?')} ({impl.get('language', manifest.language)})"
            f" via port {manifest.name}: corpus {corpus.version} ({against}), {tolerances.describe()}"
            + ("\n  self-reported: judged from a results file the port wrote with the corpus, expected outcomes "
               "included, in view; a live run (no --results) is judged blind" if self_reported else ""))


def incomplete(skipped_by_metric: dict[str, list], notes: list[str]) -> str:
    """The verdict of a port that declares ``complete`` (port.yaml) and skipped cases: one note per
    metric it skipped, naming the metric and the first reason, appended to ``notes``."""
    for metric, (count, reason) in sorted(skipped_by_metric.items()):
        notes.append(f"skipped {count} case(s) of {metric}: {reason}")
    total = sum(count for count, _ in skipped_by_metric.values())
    return (f"incomplete: the port declares complete (port.yaml) but skipped {total} case(s) of "
            f"{len(skipped_by_metric)} metric(s): {', '.join(sorted(skipped_by_metric))}")


def verify(manifest, corpus, cases: Iterable | None = None, *, case_count: int | None = None,
           only: list[str] = (), options: Options | None = None, record_path: str | Path | None = None,
           results: str | Path | None = None, progress: bool | None = None, out=None, err=None,
           oracle=None) -> VerifyResult:
    """Judge ``cases`` (default: the whole corpus) through the port described by ``manifest``,
    or, with ``results``, judge that results file instead of running the port.

    ``cases`` may be any iterable of corpus cases (give ``case_count`` when
    it has no len()).  Prints the summary to ``out``.  Raises CommandNotFound
    when the port's command cannot be executed at all (a configuration
    error); everything else a port does wrong is an outcome.

    ``oracle`` (conformance.provenance.Release) judges against that scikit-learn release: each
    case's outcome is the release's where it differs from the pinned one, a case the release
    cannot run is skipped with the reason, and a failing answer that equals an older release's
    outcome gets a ``history`` (docs/provenance.md).
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    options = (options or Options()).for_port(manifest)
    cases = corpus.cases if cases is None else cases
    if results is not None:
        cases = list(cases)
    case_count = len(cases) if case_count is None else case_count
    tolerances = Tolerances(manifest, corpus)
    declarations = Declarations(manifest.divergences)
    stderr_log = StderrLog(options.stderr_per_case, options.stderr_per_run)
    started_at = time.monotonic()
    notes: list[str] = []
    problems: list[str] = []
    implementation = port = runner = down = loaded = None

    record = RunRecord(record_path)
    try:
        if results is not None:
            loaded = load_results(Path(results), {c.id for c in cases}, {c.id for c in corpus.cases},
                                  options.max_line)
            implementation = loaded.implementation or {
                "name": manifest.name, "version": "unknown", "language": manifest.language, "from": "port.yaml"}
            problems = [f"line {line}: {message}" if line else message for line, _, message in loaded.problems]
        else:
            try:
                port, implementation = start_port(manifest, options, stderr_log)
            except PortDown as exc:
                down = exc
    except BaseException:
        record.close()
        if record.path is not None:
            record.path.unlink(missing_ok=True)
        raise

    record.write(_start_event(manifest, corpus, case_count, implementation, tolerances, only, options, results,
                              oracle))
    run = _Run(record, declarations, Progress(case_count, manifest.name, progress), _history(oracle, tolerances))
    numbered = enumerate(cases)
    if oracle is not None:
        numbered = _under(oracle, numbered, lambda n, case, reason: run.finish(
            n, case, CaseResult(Status.SKIPPED, None, detail=reason), None, ""))
    interrupted = False
    try:
        if loaded is not None:
            for line, case_id, message in loaded.problems:
                record.write({"event": "results-problem", "line": line, "id": case_id, "message": message})
            judge_results(loaded, numbered, tolerances, manifest.refusals, run.finish, convention_key(manifest))
        elif down is not None:
            detail = f"the port did not start: {down.reason}"
            record.write({"event": "port", "what": "down", "detail": detail, "case": None, "restarts": 0,
                          "stderr": down.stderr})
            for n, case in numbered:
                run.finish(n, case, CaseResult(Status.NOT_RUN, detail=f"not run: {detail}"), None, "")
            last_words = down.stderr.strip().splitlines()
            notes.append(f"{detail}; {case_count} case(s) not run"
                         + (f"; its stderr ends with: {last_words[-1]}" if last_words else ""))
        else:
            runner = LiveRunner(manifest, port, stderr_log, tolerances, options, run.finish, record.write,
                                convention_key(manifest))
            runner.run(prepared(manifest, numbered, lambda n, case, reason: run.finish(
                n, case, CaseResult(Status.SKIPPED, {"skipped": reason}, detail=reason), None, "")))
            notes += runner.notes
            if runner.down:
                notes.append(f"the port went down: {runner.down}; "
                             f"the remaining {run.counts[Status.NOT_RUN]} case(s) were not run")
            if runner.gave_up:
                print(f"parity verify: port {manifest.name} ({manifest.dir}): {runner.gave_up} cases in a row timed "
                      f"out; gave up on it, the remaining {run.counts[Status.NOT_RUN]} case(s) are not-run (port.yaml "
                      f"max_consecutive_timeouts)", file=err)
    except KeyboardInterrupt:
        interrupted = True
        notes.append("interrupted: the record holds the cases finished so far")
        _kill(runner, port)
    except BaseException:  # a harness bug, a full disk: never leave the port running
        _kill(runner, port)
        record.close()
        raise
    finally:
        run.progress.close()

    restarts = runner.restarts if runner is not None else 0
    totals = run.totals(restarts, {"results-problems": len(problems)} if results is not None else None)
    if totals[Status.SKIPPED] and totals[Status.SKIPPED] == totals["cases"]:  # judged nothing: say why
        common = ", ".join(f"{reason!r} ({count})" for reason, count in run.skip_reasons.most_common(3))
        notes.append(f"every case was skipped, so nothing was judged; the most common reasons: {common}")
    divergence_report = declarations.report()
    status = exit_status(totals, len(problems))
    line = verdict(totals, len(problems), run.refusals_passed)
    if manifest.complete and run.skipped_by_metric:
        status, line = 1, incomplete(run.skipped_by_metric, notes)
    record.write({
        "event": "end", "finished": _now(), "seconds": round(time.monotonic() - started_at, 3),
        "interrupted": interrupted, "totals": totals, "divergences": divergence_report,
        "exit_status": status, "verdict": line,
        "stderr": {"bytes": stderr_log.total, "kept": stderr_log.kept}, "notes": notes,
    })
    record.close()

    lines = summary_lines(header=_header(manifest, corpus, implementation, tolerances, results is not None, oracle),
                          totals=totals, samples=run.samples, more=run.more, divergences=divergence_report,
                          follows=run.follows, by_divergence=run.by_divergence, notes=notes,
                          problems=problems, extra_faults=len(problems),
                          record=str(record_path) if record_path else None, line=line)
    if down is not None:
        print(f"parity verify: {manifest.dir}: the port did not start: {down.reason}", file=err)
        for tail in down.stderr.strip().splitlines()[-10:]:
            print(f"  stderr: {tail}", file=err)
    print("\n".join(lines), file=out)
    return VerifyResult(exit_status=130 if interrupted else status, totals=totals, divergences=divergence_report,
                        implementation=implementation, notes=notes, problems=problems, verdict=line,
                        summary=lines, interrupted=interrupted)


__all__ = ["verify", "VerifyResult", "Options"]
